"""Speed and memory of the Siege of Paris engine (reported, never asserted).

Run ``python3 benchmarks/bench_paris.py`` (``--quick`` for a short run). Every figure is the
median of several runs; the machine's details are printed first so that figures from
different machines are not mixed up.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import siege_nb as sn  # noqa: E402
from siege_nb.games.paris import ParisEngine  # noqa: E402

GAME = "siege-of-paris"


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
    return (f"{cpu}, {os.cpu_count()} cores{mem}; Python {platform.python_version()} "
            f"({platform.python_implementation()}) on {platform.system()} {platform.release()}")


def median_rate(runs: int, work: Callable[[], int]) -> tuple[float, list[float]]:
    """Median of ``runs`` rates; ``work`` returns how many units it did."""
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - t0))
    return statistics.median(rates), rates


def random_game(preset: str, rng: random.Random) -> sn.Game:
    g = sn.new_game(GAME, preset=preset)
    while g.result is None:
        g.play(rng.choice(g.legal_moves()))
    return g


def midgame_states(n: int, seed: int = 7) -> list[tuple[ParisEngine, object]]:
    """``n`` positions from random games of random presets, 10 to 300 plies in."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        preset = rng.choice(sn.presets(GAME))
        g = sn.new_game(GAME, preset=preset)
        stop = rng.randint(10, 300)
        while g.result is None and g.ply < stop:
            g.play(rng.choice(g.legal_moves()))
        if g.result is None:
            out.append((ParisEngine(g.rules, cache=False), g._state))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    games_per_run = 4 if args.quick else 20

    print(f"machine: {machine()}")
    print(f"siege_nb {sn.__version__}; every figure is the median of {runs} runs\n")

    # Legal-move generation without the per-state cache, so each call does the whole work.
    for label, prep in (("start, garrison to move", []), ("start, White to move", ["C0-f5"])):
        g = sn.new_game(GAME)
        for m in prep:
            g.play(m)
        engine = ParisEngine(g.rules, cache=False)
        state = g._state
        n = 2000

        def gen(engine: ParisEngine = engine, state: object = state, n: int = n) -> int:
            for _ in range(n):
                engine.legal(state)
            return n

        rate, _ = median_rate(runs, gen)
        print(f"legal-move generation, {label}: {rate:,.0f} per second "
              f"({len(g.legal_moves())} moves)")

    states = midgame_states(200)

    def gen_mid() -> int:
        for engine, state in states:
            engine.legal(state)
        return len(states)

    rate, _ = median_rate(runs, gen_mid)
    print(f"legal-move generation, 200 random mid-game positions: {rate:,.0f} per second\n")

    print("random playouts from the start (public API: legal_moves + play), per preset:")
    for preset in sn.presets(GAME):
        lengths: list[int] = []
        seed = iter(range(10**6))

        def playouts(preset: str = preset) -> int:
            for _ in range(games_per_run):
                g = random_game(preset, random.Random(next(seed)))
                lengths.append(g.ply)
            return games_per_run

        rate, _ = median_rate(runs, playouts)
        mean_len = statistics.mean(lengths)
        print(f"  {preset:15} {rate:7.2f} games/s   {rate * mean_len:9,.0f} plies/s   "
              f"mean length {mean_len:.0f} plies")

    tracemalloc.start()
    g = random_game("default", random.Random(1))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"\npeak traced memory while playing one random game of {g.ply} plies with full undo "
          f"history: {peak / 2**20:.2f} MiB")
    print(f"process peak resident memory: "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
