"""Speed and memory of the three rules engines (reported, never asserted).

Run ``python3 benchmarks/bench_engines.py`` (``--quick`` for a short run, ``--game NAME`` for
one game). Every figure is the median of several runs; the machine's details come first, so
that figures from different machines are not mixed up.

Measured, per game:

* legal-move generations per second at the start and on 200 random mid-game positions (the
  engine's legal-move cache is off, so every call does the whole work);
* complete random playouts per second from the start, for each preset, through the public
  API (``legal_moves`` + ``play``, with undo history and move checking), and plies per second;
* the same random playouts through the engine alone (``engine.legal`` + ``engine.apply`` on
  frozen states: no Game, no undo history, no move checking), the path a search agent takes;
* for the hunt games, engine-path playouts in which the random player decides a jump chain
  one jump at a time, as a player at the board does (a step or a first jump, chosen
  uniformly; then another jump or stop, uniformly), using ``chain_steps`` and ``chain_move``;
  this is the like-for-like figure for systems that treat each jump as a decision;
* peak memory of one random game with its full undo history, and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import siege_nb as sn


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


def median_rate(runs: int, work: Callable[[], int]) -> float:
    """Median of ``runs`` rates; ``work`` returns how many units it did."""
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - t0))
    return statistics.median(rates)


def random_game(game: str, preset: str, rng: random.Random) -> sn.Game:
    """Play one game with uniformly random legal moves until it ends."""
    g = sn.new_game(game, preset=preset)
    while g.result is None:
        g.play(rng.choice(g.legal_moves()))
    return g


def engine_playout(game: str, preset: str, rng: random.Random) -> int:
    """One random game through the engine alone; returns its plies."""
    g = sn.new_game(game, preset=preset)
    engine, state = g._engine, g._state
    legal, apply, choice = engine.legal, engine.apply, rng.choice
    while state.result is None:
        state = apply(state, choice(legal(state)))
    return int(state.plies)


def one_jump_playout(game: str, preset: str, rng: random.Random) -> int:
    """One random hunt game through the engine in which each jump of a chain is a decision
    (never listing the chains); returns its plies (a whole chain is one ply)."""
    g = sn.new_game(game, preset=preset)
    engine, state = g._engine, g._state
    strict = g.rules["capture"] == "strict"
    all_steps = engine._all_steps
    while state.result is None:
        cells = state.cells
        if state.to_move == 1 and engine._jumps_exist(cells):
            defenders = [p for p, c in enumerate(cells) if c == 2]
            steps = (
                [] if strict else [m for p in defenders for q, m in all_steps[p] if cells[q] == 0]
            )
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


def uncached(g: sn.Game) -> tuple[Any, Any]:
    """The game's engine rebuilt without its legal-move cache, and its current state."""
    engine = g._engine.with_rules(g.rules, cache_size=0)
    return engine, g._state


def midgame_states(game: str, n: int, seed: int = 7) -> list[tuple[Any, Any]]:
    """``n`` live positions from random games of random presets, 10 to 300 plies in."""
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
    paths: list[tuple[str, Callable[[str, str, random.Random], int]]] = [
        ("engine path, whole moves", engine_playout)
    ]
    if game != "siege-of-paris":
        paths.append(("engine path, one jump at a time", one_jump_playout))
    for label, playout in paths:
        plies: list[int] = []
        seeds = iter(range(10**9))

        def engine_runs(
            playout: Any = playout, plies: list[int] = plies, seeds: Any = seeds
        ) -> int:
            total = 0
            for _ in range(games_per_run):
                n = playout(game, "default", random.Random(next(seeds)))
                plies.append(n)
                total += n
            return total

        rate = median_rate(runs, engine_runs)
        print(
            f"random playouts, default preset, {label}: {rate:10,.0f} plies/s   "
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument(
        "--game", choices=sn.GAMES, action="append", help="only this game (repeatable)"
    )
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    print(f"machine: {machine()}")
    print(f"siege_nb {sn.__version__}; every figure is the median of {runs} runs\n")
    for game in args.game or sn.GAMES:
        per_run = {"siege-of-paris": 20, "belagerung": 60, "pyramid-siege": 400}[game]
        bench_game(game, runs, per_run // 5 if args.quick else per_run)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak resident memory: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
