"""Cost of game records: loading long records and writing them (reported, never asserted).

Run ``python3 benchmarks/bench_records.py`` (``--quick`` for fewer runs and shorter records).
The machine's details come first; every time is the median of several runs.

Two kinds of long, legal record, with the move limit off:

* **Siege of Paris**, captures optional: random moves that take nothing and do not end the
  game, so every piece stays on the board (the engine's slowest positions) for 10,000, 50,000
  and 211,000 plies;
* **Belagerung**, attackers free to move any way: one attacker and one defender stepping back
  and forth (``d6-d7 c7-c8 d7-d6 c8-c7``), the shortest moves there are, so that 211,000 plies
  make a record of about 1.8 MiB written with ``json.dumps``'s spaces, as in issue 14.

For each record: its size, the time :func:`siege_nb.load_game` takes (wall clock and this
process's processor time, the medians of several runs, after a first load that imports
``jsonschema``) and the processor time per 10,000 plies,
the peak memory traced while loading (``tracemalloc``, in a run of its own) and per 10,000
plies, how many states the loaded game keeps, and the time ``to_json`` takes to write it back.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_engines import machine

import siege_nb as sn
from siege_nb.games.base import CHECKPOINT_EVERY

SHUFFLE = ["d6-d7", "c7-c8", "d7-d6", "c8-c7"]


def paris_record(plies: int, seed: int = 1) -> str:
    """A legal Siege of Paris record of ``plies`` random quiet moves (no capture, no end)."""
    g = sn.new_game("siege-of-paris", capture="optional", move_limit=None)
    engine, state = g._engine, g._state
    rng = random.Random(seed)
    moves: list[str] = []
    while len(moves) < plies:
        legal = list(engine.legal(state))
        rng.shuffle(legal)
        for move in legal:
            if not move.captures:
                after = engine.apply(state, move)
                if after.result is None:
                    break
        else:
            raise RuntimeError(f"no quiet move after {len(moves)} plies")
        moves.append(move.text)
        state = after
    return with_moves(g, moves, compact=True)


def belagerung_record(plies: int) -> str:
    """A legal Belagerung record of ``plies`` moves: two pieces stepping back and forth."""
    g = sn.new_game("belagerung", attacker_direction="any", move_limit=None)
    moves = (SHUFFLE * (plies // len(SHUFFLE) + 1))[:plies]
    return with_moves(g, moves, compact=False)


def with_moves(g: sn.Game, moves: list[str], compact: bool) -> str:
    """The record of ``g`` (no move played yet) with ``moves`` as its moves, written by
    ``json.dumps`` compactly (as ``to_json`` writes moves) or with its default spaces (as
    another program might)."""
    record = json.loads(g.to_json())
    record["moves"] = moves
    return json.dumps(record, separators=(",", ":") if compact else None)


def median_time(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    """Median seconds of ``runs`` calls of ``work``: wall clock, and the processor time of
    this process (which other programs on a busy machine inflate less)."""
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall), statistics.median(cpu)


def peak_mib(work: Callable[[], object]) -> float:
    """Peak memory traced while ``work`` runs, in MiB (what it allocates, not what it reads)."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def report(label: str, text: str, runs: int) -> None:
    """Print the figures of one record."""
    game = sn.load_game(text)
    plies = len(game.moves)
    per = 10_000 / plies
    wall, cpu = median_time(runs, lambda: sn.load_game(text))
    peak = peak_mib(lambda: sn.load_game(text))
    kept = len(game._marks) + len(game._tail)
    write, _ = median_time(runs, game.to_json)
    print(
        f"  {label:10} {plies:8,} plies {len(text) / 2**20:5.2f} MiB | load {wall:5.2f} s wall, "
        f"{cpu:5.2f} s cpu ({cpu * per:5.3f} s per 10k) | peak {peak:5.1f} MiB "
        f"({peak * per:4.2f} per 10k) | {kept:5,} states kept | to_json {write:5.3f} s"
    )


def main() -> None:
    """Parse the command line and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, shorter records")
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    sizes = (10_000, 50_000) if args.quick else (10_000, 50_000, 211_000)
    print(f"machine: {machine()}")
    print(
        f"siege_nb {sn.__version__}; every time is the median of {runs} runs; a state is "
        f"kept every {CHECKPOINT_EVERY} plies"
    )
    first = belagerung_record(10)
    t0 = time.perf_counter()
    sn.load_game(first)  # imports jsonschema and builds the validator
    print(f"first load in a process (imports jsonschema): {time.perf_counter() - t0:.2f} s\n")
    print("Siege of Paris, random quiet moves:")
    for plies in sizes:
        report("Paris", paris_record(plies), runs)
    print("Belagerung, two pieces stepping back and forth:")
    for plies in sizes:
        report("Belagerung", belagerung_record(plies), runs)


if __name__ == "__main__":
    main()
