"""Games per second of the balance lab, on one and two processes (reported, never asserted).

Run ``python3 benchmarks/bench_lab.py``. For each game, ``simulate`` plays random agents on
the default preset: serially in this process, then on a ProcessPoolExecutor with 1 and with 2
workers. Medians of 3 runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engines import machine

from siege_nb.ai import TEAMS, RandomAgent, simulate

GAMES = {"siege-of-paris": 24, "belagerung": 120, "pyramid-siege": 1200}


def rate(game: str, n: int, executor: object) -> float:
    """Games per second of one ``simulate`` call."""
    agents = {team: RandomAgent() for team in TEAMS[game]}
    t0 = time.perf_counter()
    simulate(game, ["default"], agents, n_games=n, seed=7, executor=executor, progress=False)
    return n / (time.perf_counter() - t0)


def main() -> None:
    """Print the figures."""
    print(f"machine: {machine()}\nmedians of 3 runs, random agents, default preset\n")
    for game, n in GAMES.items():
        serial = statistics.median(rate(game, n, "serial") for _ in range(3))
        row = [f"{game:15} serial {serial:8.1f} games/s"]
        for workers in (1, 2):
            with ProcessPoolExecutor(workers) as pool:
                rate(game, max(4, n // 8), pool)  # start the workers before timing
                value = statistics.median(rate(game, n, pool) for _ in range(3))
            row.append(f"{workers} process{'es' if workers > 1 else ''} {value:8.1f} games/s")
        print("   ".join(row))


if __name__ == "__main__":
    main()
