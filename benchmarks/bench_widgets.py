"""Board widget costs in the kernel, against a baseline commit in the same run (reported,
never asserted).

    python3 benchmarks/bench_widgets.py                       # this tree alone
    python3 benchmarks/bench_widgets.py --baseline 71ab2c3    # and a ratio against 71ab2c3

Per game, medians of repeated runs, in milliseconds: building a ``BoardWidget`` (what every
notebook cell, scenario step and classroom page pays), a click that selects a piece, and a
click that plays a move (the kernel's work from the mouse event to the picture ipympl sends,
as ``bench_render.py`` measures it). With ``--baseline REV`` the commit is checked out into a
temporary worktree, and the two trees are measured in alternating processes, several rounds,
so that both see the same load on a shared machine; the ratios per round are printed (above
1: this tree is slower). Only such ratios are worth comparing between days.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a process of its own, inside the tree measured (its siege_nb first on the path).
PROBE = r"""
import json, statistics, sys, time
import matplotlib
matplotlib.use("Agg")
import siege_nb as sn
from siege_nb.widgets import BoardWidget
from siege_nb.widgets.common import mouse_click

CLICKS = {"siege-of-paris": ("C0", "g5"), "belagerung": ("d6", "d7"),
          "pyramid-siege": ("r4c1", "r4c2")}
RUNS = int(sys.argv[1])

def median_ms(work, runs=RUNS):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        work()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)

out = {}
for game, (piece, target) in CLICKS.items():
    BoardWidget(game)  # the first build loads what a build needs
    build = median_ms(lambda: BoardWidget(game))
    widget = BoardWidget(game)
    # As in a browser: once the page's view is there, ipympl stops encoding a whole picture
    # for a data URL at every frame.
    widget.canvas.syncing_data_url = False
    widget.canvas.draw()
    view = widget.view
    press = lambda node: mouse_click(widget.canvas, widget.ax, *view.positions[node])

    def select():
        press(piece)
        widget._on_click(None)  # clear, so that every run selects afresh

    def move():
        press(piece)
        t0 = time.perf_counter()
        press(target)
        elapsed = time.perf_counter() - t0
        widget.game.undo()
        widget._on_click(None)
        return elapsed

    times = [move() for _ in range(RUNS)]
    out[game] = {"build": build, "select": median_ms(select),
                 "move": 1000 * statistics.median(times)}
print(json.dumps(out))
"""


def measure(tree: Path, runs: int) -> dict[str, dict[str, float]]:
    """One process's medians, in the tree ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree), MPLBACKEND="Agg")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(runs)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a commit to measure beside this tree")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (4)")
    parser.add_argument("--runs", type=int, default=15, help="runs per median (15)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_engines import machine

    print(machine())
    if not args.baseline:
        for game, row in measure(ROOT, args.runs).items():
            print(f"{game:16} " + "  ".join(f"{k} {v:7.2f} ms" for k, v in row.items()))
        return
    with tempfile.TemporaryDirectory(prefix="siege-nb-baseline-") as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.baseline],
            check=True,
            capture_output=True,
        )
        try:
            rounds = []
            for i in range(args.rounds):
                # Alternate which tree goes first, so that neither always meets a warm machine.
                order = [("base", base), ("this", ROOT)]
                if i % 2:
                    order.reverse()
                rounds.append({name: measure(tree, args.runs) for name, tree in order})
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                check=False,
                capture_output=True,
            )
    print(f"baseline {args.baseline}; {args.rounds} rounds, medians of {args.runs} runs each")
    print(f"{'game':16} {'what':7} {'baseline ms':>12} {'this ms':>9} {'ratio':>6}  per round")
    for game in rounds[0]["this"]:
        for what in rounds[0]["this"][game]:
            b = [r["base"][game][what] for r in rounds]
            t = [r["this"][game][what] for r in rounds]
            per = [x / y for x, y in zip(t, b, strict=True)]
            print(
                f"{game:16} {what:7} {statistics.median(b):12.2f} {statistics.median(t):9.2f} "
                f"{statistics.median(per):6.2f}  " + " ".join(f"{r:.2f}" for r in per)
            )


if __name__ == "__main__":
    main()
