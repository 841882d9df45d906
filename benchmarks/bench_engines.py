"""Speed and memory of the three rules engines (reported, never asserted).

    python3 benchmarks/bench_engines.py                      # this tree alone
    python3 benchmarks/bench_engines.py --baseline 71ab2c3   # ratios against 71ab2c3
    python3 benchmarks/bench_engines.py --memory             # peak memory, games and the lab

Alone (``--quick`` for a short run, ``--game NAME`` for one game), per game: legal-move
generations per second at the start and on 200 random mid-game positions (the engine's
legal-move cache off, so that every call does the whole work); random playouts from the start
per preset through the public API; the same through the engine alone; for the hunt games, a
random player deciding one jump at a time; and the peak memory of one random game. Every
figure is the median of several runs, after the machine's details.

With ``--baseline REV`` the commit ``REV`` is checked out into a temporary worktree and the
two trees play the same random games (the same seeds) in alternating processes, several
rounds, the first tree of each pair alternating too, so that both meet the same load on a
shared machine. Three paths are measured, in plies per second, from the start of each game
under its default preset:

* ``public``: ``g.play(rng.choice(g.legal_moves()))`` until the game ends (undo history,
  move checking, a ``MoveList`` per ply);
* ``engine``: ``engine.apply(state, rng.choice(engine.legal(state)))`` on frozen states, the
  path a search agent takes;
* ``decision`` (hunt games): the engine path where a defender that can jump decides its move
  one decision at a time, as a player at the board does and as a random player that treats
  each jump as a decision: a step or a first jump, uniformly, then another jump or stop,
  uniformly (``defender_steps``, ``chain_steps``, ``chain_move``).

Two more paths measure the balance lab, each chosen with ``--path`` (repeatable, as are the
three above):

* ``simulate``: four random games a seed played by ``siege_nb.ai.simulate`` with random
  agents, serially (the lab's own loop: agents, records, reseeding), in plies per second;
* ``mcts``: one decision of ``MCTSAgent(iterations=100)`` a seed, in a position 0 to 40
  random plies from the start, in playouts (iterations) per second; the "same games" check
  compares the sizes of the search trees.

    python3 benchmarks/bench_engines.py --baseline 71ab2c3 --path simulate --path mcts

Printed: each path's median over the rounds and its min-max for both trees, the ratio of the
medians (above 1: this tree is faster) with each round's ratio, whether both trees played
the very same games (the same plies per seed: a check that behaviour did not change), and the
load average before, between and after the rounds. Only such ratios are worth comparing
between days.

``--memory`` reports, for each game under its default preset: the peak traced memory of one
random game with its full undo history (median of several games), and of ``simulate`` runs of
1,000 and 10,000 random games (default preset) played serially in a fresh process, with that
process's peak resident memory: the second should be no larger than the first, but for the
records ``simulate`` returns. Two measures of those: the records' dicts alone (copied), and
everything still traced once the run is over (the Simulation returned, its records with the
values in them, and what the engine's bounded shared tables filled during the run); the peak
above the latter is the run's working memory, which should not grow with the games.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("siege-of-paris", "belagerung", "pyramid-siege")
PATHS = ("public", "engine", "decision")


def machine() -> str:
    """One line about the machine: CPU, cores, memory, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 2**20:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores{mem}; Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.system()} {platform.release()}"
    )


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _siege_nb() -> Any:
    """The package of the tree measured (imported on first use: see ``--probe``)."""
    import siege_nb

    return siege_nb


# -- the random games, the same code for every tree measured --------------------------------
def random_game(game: str, preset: str, rng: random.Random) -> Any:
    """Play one game with uniformly random legal moves until it ends (the public API)."""
    g = _siege_nb().new_game(game, preset=preset)
    while g.result is None:
        g.play(rng.choice(g.legal_moves()))
    return g


def public_playout(game: str, preset: str, rng: random.Random) -> int:
    """One random game through the public API; returns its plies."""
    return int(random_game(game, preset, rng).ply)


def engine_playout(game: str, preset: str, rng: random.Random) -> int:
    """One random game through the engine alone; returns its plies."""
    g = _siege_nb().new_game(game, preset=preset)
    engine, state = g._engine, g._state
    legal, apply, choice = engine.legal, engine.apply, rng.choice
    while state.result is None:
        state = apply(state, choice(legal(state)))
    return int(state.plies)


def one_jump_playout(game: str, preset: str, rng: random.Random) -> int:
    """One random hunt game through the engine in which each jump of a chain is a decision
    (never listing the chains); returns its plies (a whole chain is one ply)."""
    g = _siege_nb().new_game(game, preset=preset)
    engine, state = g._engine, g._state
    while state.result is None:
        cells = state.cells
        if state.to_move == 1 and engine._jumps_exist(cells):
            defenders = [p for p, c in enumerate(cells) if c == 2]
            steps = engine.defender_steps(state)
            firsts = [(p, land) for p in defenders for land in engine.chain_steps(state, [p])]
            k = rng.randrange(len(steps) + len(firsts))
            if k < len(steps):
                move = steps[k]
            else:
                nodes = list(firsts[k - len(steps)])
                while True:
                    nexts = engine.chain_steps(state, nodes)
                    k = rng.randrange(len(nexts) + 1)
                    if k == len(nexts):
                        break  # stop here
                    nodes.append(nexts[k])
                move = engine.chain_move(state, nodes)
        else:
            move = rng.choice(engine.legal(state))
        state = engine.apply(state, move)
    return int(state.plies)


def simulate_playout(game: str, preset: str, rng: random.Random) -> int:
    """Four random games played by the balance lab's ``simulate`` (random agents, serially,
    the games reseeded from ``rng``); returns their plies."""
    from siege_nb.ai import TEAMS, RandomAgent, simulate

    agents = {team: RandomAgent() for team in TEAMS[game]}
    sim = simulate(
        game, [preset], agents, n_games=4, seed=rng.randrange(2**31), executor="serial",
        progress=False,
    )  # fmt: skip
    return sum(int(r["plies"]) for r in sim.records)


MCTS_ITERATIONS = 100


def mcts_decision(game: str, preset: str, rng: random.Random) -> tuple[int, int]:
    """One decision of the search agent (``MCTSAgent``, :data:`MCTS_ITERATIONS` playouts)
    in a position reached by 0 to 40 random plies from the start; returns the playouts run
    and, as a check that both trees searched alike, the nodes of the search tree."""
    from siege_nb.ai import MCTSAgent

    g = _siege_nb().new_game(game, preset=preset)
    for _ in range(rng.randrange(41)):
        if g.result is not None:
            break
        g.play(rng.choice(g.legal_moves(limit=10_000)))
    if g.result is not None:
        return 0, 0
    agent = MCTSAgent(iterations=MCTS_ITERATIONS, seed=rng.randrange(2**31))
    agent.choose(g)
    return int(agent.last_iterations), int(agent.nodes)


PLAYOUTS: dict[str, Callable[[str, str, random.Random], int | tuple[int, int]]] = {
    "public": public_playout,
    "engine": engine_playout,
    "decision": one_jump_playout,
    "simulate": simulate_playout,
    "mcts": mcts_decision,
}
"""Each path's work for one seed: how many units it did (plies; playouts for ``mcts``), or
those units and a number that the same behaviour gives again (the check of "same games")."""

UNITS = {"mcts": "playouts/s"}


def paths_of(game: str, lab: bool = False) -> tuple[str, ...]:
    """The paths measured for ``game`` (no jump chains in the Siege of Paris); with ``lab``,
    the balance lab's two paths after them."""
    own = ("public", "engine") if game == "siege-of-paris" else PATHS
    return (*own, "simulate", "mcts") if lab else own


# -- one process of a --baseline run ---------------------------------------------------------
def probe(game: str, path: str, games: int, repeats: int, seconds: float) -> dict[str, Any]:
    """Run in a process of its own, in the tree measured. With ``games`` 0, count how many
    games (seeds 0, 1, ...) fit in ``seconds``; otherwise play seeds ``0..games-1``
    ``repeats`` times (after one game to warm up) and give each pass's plies per second and
    each seed's plies."""
    sn = _siege_nb()
    playout = PLAYOUTS[path]
    playout(game, "default", random.Random(-1))  # warm up: tables, caches, imports
    if games < 0:
        return {"package": sn.__file__}  # the warm-up alone: what --instructions subtracts
    if not games:
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            playout(game, "default", random.Random(games))
            games += 1
        return {"games": games}
    rates = []
    plies: list[int] = []
    units: list[int] = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        done = [playout(game, "default", random.Random(seed)) for seed in range(games)]
        elapsed = time.perf_counter() - t0
        units = [d if isinstance(d, int) else d[0] for d in done]
        plies = [d if isinstance(d, int) else d[1] for d in done]
        rates.append(sum(units) / elapsed)
    return {"rates": rates, "plies": plies, "units": sum(units), "package": sn.__file__}


def run_probe(tree: Path, args: list[str], instructions: bool = False) -> dict[str, Any]:
    """One probe in a fresh process whose ``siege_nb`` is ``tree``'s (this file's code); with
    ``instructions``, run under valgrind's callgrind, whose count of the instructions the
    process ran is added as ``"instructions"``."""
    # A fixed hash seed: the same sets and dicts in every run, so the same instructions.
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    command = [sys.executable, str(Path(__file__).resolve()), "--probe", *args]
    with tempfile.TemporaryDirectory(prefix="siege-nb-callgrind-") as tmp:
        if instructions:
            out_file = str(Path(tmp) / "callgrind.out")
            command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", *command]
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"probe failed in {tree}:\n{done.stderr}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if instructions:
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from callgrind in {tree}:\n{done.stderr}")
        out["instructions"] = int(found.group(1))
    package = out.get("package")
    if package is not None and not Path(package).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the probe in {tree} imported siege_nb from {package}")
    return out


def describe(tree: Path) -> str:
    """The commit of ``tree``, and whether its files differ from it."""
    head = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h %s"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return f"{head[:72]}{' (+ uncommitted changes)' if dirty else ''}"


Work = list[tuple[str, str]]
"""The (game, path) pairs of a --baseline run."""


def compare(
    baseline: str,
    rounds: int,
    repeats: int,
    seconds: float,
    games: list[str],
    paths: list[str] | None = None,
    instructions: bool = False,
) -> None:
    """Measure this tree against ``baseline`` in alternating processes (see the module);
    ``paths``: the paths to measure (each game's own engine paths if ``None``); with
    ``instructions``, count instructions under callgrind instead of timing."""
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory(prefix="siege-nb-baseline-") as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), baseline],
            check=True,
            capture_output=True,
        )
        try:
            print(f"baseline {baseline}: {describe(base)}")
            print(f"this tree: {describe(ROOT)}")
            work = [
                (g, p)
                for g in games
                for p in paths_of(g, lab=True)
                if (p in paths if paths else p in paths_of(g))
            ]
            counts = {}
            for g, p in work:
                # How many games the baseline plays in about `seconds`: both trees then play
                # exactly those seeds.
                counts[g, p] = run_probe(base, [g, p, "0", "1", str(seconds)])["games"]
            if instructions:
                count_instructions(base, work, counts)
            else:
                time_rounds(base, work, counts, rounds, repeats)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                check=False,
                capture_output=True,
            )


def time_rounds(
    base: Path, work: Work, counts: dict[tuple[str, str], int], rounds: int, repeats: int
) -> None:
    """The timed comparison: ``rounds`` rounds of alternating processes, then the table."""
    print(
        f"{rounds} rounds; in each, per game and path, one process per tree (first "
        f"tree alternating), {repeats} passes over the same seeds, median pass"
    )
    loads = [load()]
    results: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = {
        key: {"base": [], "this": []} for key in work
    }
    for i in range(rounds):
        for j, (g, p) in enumerate(work):
            order = [("base", base), ("this", ROOT)]
            if (i + j) % 2:
                order.reverse()
            for name, tree in order:
                args = [g, p, str(counts[g, p]), str(repeats), "0"]
                results[g, p][name].append(run_probe(tree, args))
        loads.append(load())
    print(f"load average (1, 5, 15 min) before, after each round: {' | '.join(loads)}\n")
    print(
        f"{'game':15} {'path':9} {'seeds':>6} {'baseline (min-max)':>29} "
        f"{'this tree (min-max)':>30} {'ratio':>6}  per round       same games   unit"
    )
    for (g, p), both in results.items():
        b = [statistics.median(r["rates"]) for r in both["base"]]
        t = [statistics.median(r["rates"]) for r in both["this"]]
        per = [y / x for x, y in zip(b, t, strict=True)]
        same = all(r["plies"] == both["base"][0]["plies"] for r in both["base"] + both["this"])
        print(
            f"{g:15} {p:9} {counts[g, p]:6} "
            f"{statistics.median(b):10,.0f} ({min(b):7,.0f}-{max(b):7,.0f})  "
            f"{statistics.median(t):10,.0f} ({min(t):7,.0f}-{max(t):7,.0f})  "
            f"{statistics.median(t) / statistics.median(b):5.2f}  "
            + " ".join(f"{r:.2f}" for r in per)
            + f"  {'yes' if same else 'NO':3}  {UNITS.get(p, 'plies/s')}"
        )


def count_instructions(base: Path, work: Work, counts: dict[tuple[str, str], int]) -> None:
    """The comparison in instructions: each tree's probe run under callgrind twice, once
    with its warm-up alone and once with the seeds too; the difference over the units
    played is the instructions per unit (per ply; per playout for ``mcts``), which the load
    does not change. The ratio is the baseline's over this tree's (above 1: fewer here)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    print(
        "instructions counted by valgrind's callgrind, per game and path, once per tree "
        "(the count does not depend on the load), the warm-up subtracted\n"
    )
    print(
        f"{'game':15} {'path':9} {'seeds':>6} {'baseline instr/unit':>20} "
        f"{'this tree instr/unit':>21} {'ratio':>6}  same games   unit"
    )
    for g, p in work:
        per_unit, plies = {}, {}
        for name, tree in (("base", base), ("this", ROOT)):
            alone = run_probe(tree, [g, p, "-1", "1", "0"], instructions=True)
            done = run_probe(tree, [g, p, str(counts[g, p]), "1", "0"], instructions=True)
            spent = done["instructions"] - alone["instructions"]
            per_unit[name] = spent / max(done["units"], 1)
            plies[name] = done["plies"]
        same = plies["base"] == plies["this"]
        print(
            f"{g:15} {p:9} {counts[g, p]:6} {per_unit['base']:20,.0f} "
            f"{per_unit['this']:21,.0f} {per_unit['base'] / per_unit['this']:6.2f}  "
            f"{'yes' if same else 'NO':3}          {UNITS.get(p, 'plies/s').removesuffix('/s')}"
        )


# -- memory -------------------------------------------------------------------------------------
def memory_probe(game: str, n_games: int) -> dict[str, Any]:
    """Run in a process of its own: the peak traced memory of a serial ``simulate`` run of
    ``n_games`` random games (``n_games`` 0: of single random games instead), and the
    process's peak resident memory."""
    from siege_nb.ai import TEAMS, RandomAgent, simulate

    if not n_games:
        peaks = []
        for seed in range(5):
            tracemalloc.start()
            random_game(game, "default", random.Random(seed))
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        return {"peak": statistics.median(peaks)}
    agents = {team: RandomAgent() for team in TEAMS[game]}
    simulate(game, ["default"], agents, n_games=20, executor="serial", progress=False)  # warm
    tracemalloc.start()
    sim = simulate(game, ["default"], agents, n_games=n_games, executor="serial", progress=False)
    # What is still held once the run is over is the Simulation it returns (its records and
    # every value in them); the peak above that is the run's working memory, which should
    # not grow with the games.
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    copy = [dict(r) for r in sim.records]  # what the records alone hold
    records = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copy
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"peak": peak, "records": records, "held": held, "rss": rss}


def memory(games: list[str], sizes: tuple[int, ...]) -> None:
    """Print the memory figures of ``--memory`` (each measured in a fresh process)."""
    print(f"machine: {machine()}\nload average: {load()}\nthis tree: {describe(ROOT)}\n")
    mib = 2**20
    for game in games:
        one = run_probe(ROOT, ["--memory", game, "0"])
        print(f"{game}: one random game with its undo history, peak {one['peak'] / mib:.2f} MiB")
        for n in sizes:
            t0 = time.perf_counter()
            out = run_probe(ROOT, ["--memory", game, str(n)])
            print(
                f"  simulate, {n:6,} random games, serial: peak traced "
                f"{out['peak'] / mib:6.2f} MiB (of which the records "
                f"{out['records'] / mib:5.2f} MiB, {out['records'] / n:4.0f} B a game), "
                f"without the records {(out['peak'] - out['records']) / mib:5.2f} MiB; "
                f"held after the run (the Simulation returned, its records with their values) "
                f"{out['held'] / mib:5.2f} MiB, the peak above it "
                f"{(out['peak'] - out['held']) / mib:5.2f} MiB; "
                f"peak resident {out['rss'] / mib:4.0f} MiB ({time.perf_counter() - t0:.0f} s)"
            )
    print(f"load average after: {load()}")


# -- this tree alone ----------------------------------------------------------------------------
def median_rate(runs: int, work: Callable[[], int]) -> float:
    """Median of ``runs`` rates; ``work`` returns how many units it did."""
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - t0))
    return statistics.median(rates)


def uncached(g: Any) -> tuple[Any, Any]:
    """The game's engine rebuilt without its legal-move cache, and its current state."""
    engine = g._engine.with_rules(g.rules, cache_size=0)
    return engine, g._state


def midgame_states(game: str, n: int, seed: int = 7) -> list[tuple[Any, Any]]:
    """``n`` live positions from random games of random presets, 10 to 300 plies in."""
    sn = _siege_nb()
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        g = sn.new_game(game, preset=rng.choice(sn.presets(game)))
        stop = rng.randint(10, 300)
        while g.result is None and g.ply < stop:
            g.play(rng.choice(g.legal_moves()))
        if g.result is None:
            out.append(uncached(g))
    return out


def bench_game(game: str, runs: int, games_per_run: int) -> None:
    """Print one game's figures."""
    sn = _siege_nb()
    print(f"== {game}")
    engine, state = uncached(sn.new_game(game))
    n_start = len(engine.legal(state))

    def gen_start(n: int = 2000) -> int:
        for _ in range(n):
            engine.legal(state)
        return n

    rate = median_rate(runs, gen_start)
    print(f"legal-move generation at the start: {rate:,.0f} per second ({n_start} moves)")
    states = midgame_states(game, 200)

    def gen_mid() -> int:
        for e, s in states:
            e.legal(s)
        return len(states)

    rate = median_rate(runs, gen_mid)
    print(f"legal-move generation, 200 random mid-game positions: {rate:,.0f} per second")
    print("random playouts from the start (public API), per preset:")
    for preset in sn.presets(game):
        lengths: list[int] = []
        seeds = iter(range(10**9))

        def playouts(preset: str = preset, lengths: list[int] = lengths, seeds: Any = seeds) -> int:
            for _ in range(games_per_run):
                lengths.append(random_game(game, preset, random.Random(next(seeds))).ply)
            return games_per_run

        rate = median_rate(runs, playouts)
        mean_len = statistics.mean(lengths)
        print(
            f"  {preset:22} {rate:8.1f} games/s {rate * mean_len:10,.0f} plies/s   "
            f"mean length {mean_len:.0f} plies"
        )
    labels = {"engine": "engine path, whole moves", "decision": "engine path, one jump at a time"}
    for path in paths_of(game)[1:]:
        plies: list[int] = []
        seeds = iter(range(10**9))

        def engine_runs(path: str = path, plies: list[int] = plies, seeds: Any = seeds) -> int:
            total = 0
            for _ in range(games_per_run):
                n = PLAYOUTS[path](game, "default", random.Random(next(seeds)))
                plies.append(n)
                total += n
            return total

        rate = median_rate(runs, engine_runs)
        print(
            f"random playouts, default preset, {labels[path]}: {rate:10,.0f} plies/s   "
            f"mean length {statistics.mean(plies):.0f} plies"
        )
    tracemalloc.start()
    g = random_game(game, "default", random.Random(1))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"peak traced memory of one random game ({g.ply} plies, full undo history): "
        f"{peak / 2**20:.2f} MiB\n"
    )


def main() -> None:
    """Parse the command line and print the figures."""
    if sys.argv[1:2] == ["--probe"]:
        # A process of a --baseline or --memory run: its siege_nb comes from PYTHONPATH.
        if sys.argv[2] == "--memory":
            out = memory_probe(sys.argv[3], int(sys.argv[4]))
        else:
            game, path, games, repeats, seconds = sys.argv[2:7]
            out = probe(game, path, int(games), int(repeats), float(seconds))
        print(json.dumps(out))
        return
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument(
        "--game", choices=GAMES, action="append", help="only this game (repeatable)"
    )
    parser.add_argument("--baseline", help="a commit to measure beside this tree, interleaved")
    parser.add_argument("--rounds", type=int, default=4, help="alternating rounds (4)")
    parser.add_argument("--repeats", type=int, default=3, help="passes per process (3)")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="about how long one pass takes (3 s)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="with --baseline: count instructions under valgrind instead of timing",
    )
    parser.add_argument(
        "--path",
        choices=list(PLAYOUTS),
        action="append",
        help="with --baseline: only this path (repeatable); simulate and mcts are the lab's",
    )
    parser.add_argument("--memory", action="store_true", help="memory per game and per lab run")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    if args.baseline:
        if args.quick:
            args.rounds, args.repeats, args.seconds = 2, 1, 1.0
        compare(
            args.baseline, args.rounds, args.repeats, args.seconds, games, args.path,
            args.instructions,
        )  # fmt: skip
        return
    if args.memory:
        memory(games, (1_000,) if args.quick else (1_000, 10_000))
        return
    sys.path.insert(0, str(ROOT))
    sn = _siege_nb()
    runs = 3 if args.quick else 5
    print(f"machine: {machine()}\nload average: {load()}")
    print(f"siege_nb {sn.__version__}; every figure is the median of {runs} runs\n")
    for game in games:
        per_run = {"siege-of-paris": 20, "belagerung": 60, "pyramid-siege": 400}[game]
        bench_game(game, runs, per_run // 5 if args.quick else per_run)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak resident memory: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
