"""Speed of the computer opponents (reported, never asserted).

Run ``python benchmarks/bench_ai.py`` (``--quick`` for a short run, ``--game NAME`` for one
game). The machine's details come first; every figure is the median of several runs.

Measured, per game:

* the search agent's (``MCTSAgent``) iterations (playouts) per second with its default rollout
  depth, at the start and in a mid-game position reached by seeded random moves, and how many
  iterations its default one-second budget gets there;
* greedy and random decisions per second over the positions of one seeded random game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_engines import machine

import siege_nb as sn
from siege_nb.ai.agents import GreedyAgent, MCTSAgent, RandomAgent
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.games.base import Game

# Random plies played to reach the "mid-game" position of each game.
MID_PLIES = {"siege-of-paris": 200, "belagerung": 40, "pyramid-siege": 12}


def mid_game(game: str, seed: int = 5) -> Game:
    """A position reached by seeded random moves (the game still going on)."""
    while True:
        g = sn.new_game(game)
        rng = random.Random(seed)
        for _ in range(MID_PLIES[game]):
            if g.result is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.result is None:
            return g
        seed += 1


def search_rate(g: Game, iterations: int, runs: int) -> float:
    """Median iterations per second of a fixed-iteration search from ``g``."""
    rates = []
    for run in range(runs):
        agent = MCTSAgent(iterations=iterations, seed=run)
        t0 = time.perf_counter()
        agent.choose(g)
        rates.append(agent.last_iterations / (time.perf_counter() - t0))
    return statistics.median(rates)


def default_budget(g: Game, runs: int) -> tuple[float, float]:
    """Median iterations and seconds of the default (one-second) search from ``g``."""
    counts, times = [], []
    for run in range(runs):
        agent = MCTSAgent(seed=run)
        t0 = time.perf_counter()
        agent.choose(g)
        times.append(time.perf_counter() - t0)
        counts.append(agent.last_iterations)
    return statistics.median(counts), statistics.median(times)


def positions(game: str, seed: int = 11, limit: int = 300) -> list[Game]:
    """Copies of the positions of one seeded random game (at most ``limit``)."""
    g = sn.new_game(game)
    rng = random.Random(seed)
    out = []
    while g.result is None and len(out) < limit:
        out.append(g.clone())
        g.play(rng.choice(own_moves(g)))
    return out


def decision_rate(agent: BaseAgent, games: list[Game], runs: int) -> float:
    """Median decisions per second of ``agent`` over ``games``."""
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for g in games:
            agent.choose(g)
        rates.append(len(games) / (time.perf_counter() - t0))
    return statistics.median(rates)


def bench(game: str, runs: int, iterations: int, default_runs: int) -> None:
    """Print the figures of one game."""
    print(f"== {game}")
    start, mid = sn.new_game(game), mid_game(game)
    for label, g in (("start", start), (f"mid-game (ply {mid.ply})", mid)):
        rate = search_rate(g, iterations, runs)
        print(f"MCTS {label}: {rate:,.0f} iterations per second ({iterations} per run)")
        if default_runs:
            count, seconds = default_budget(g, default_runs)
            print(f"  default MCTSAgent() there: {count:,.0f} iterations in {seconds:.2f} s")
    games = positions(game)
    for agent in (GreedyAgent(seed=1), RandomAgent(seed=1)):
        rate = decision_rate(agent, games, runs)
        print(f"{agent.name} decisions: {rate:,.0f} per second ({len(games)} positions)")
    print()


def main() -> None:
    """Parse the command line and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument("--game", choices=sn.GAMES, help="only this game")
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    iterations = 100 if args.quick else 300
    default_runs = 1 if args.quick else 3
    print(f"machine: {machine()}")
    print(f"siege_nb {sn.__version__}; every figure is the median of {runs} runs\n")
    for game in [args.game] if args.game else sn.GAMES:
        bench(game, runs, iterations, default_runs)


if __name__ == "__main__":
    main()
