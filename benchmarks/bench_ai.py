"""Speed of the computer opponents (reported, never asserted).

Run ``python benchmarks/bench_ai.py`` (``--quick`` for a short run, ``--game NAME`` for one
game). The machine's details come first; every figure is the median of several runs.

Measured, per game:

* the search agent's (``MCTSAgent``) iterations (playouts) per second with its default rollout
  depth, at the start and in a mid-game position reached by seeded random moves, and how many
  iterations its default budget (``MCTSAgent().seconds``) gets there;
* greedy and random decisions per second over the positions of one seeded random game.

``--matches`` plays matches instead: the search agent (at ``--seconds`` per move) on every side
of every game (default presets) against ``RandomAgent`` and ``GreedyAgent``, ``--games N``
games each (default 20), on two worker processes, and prints wins / draws / losses, the win
rate with its 95% Wilson interval, the seeds, mean plies and the search's seconds per move.
``--reference`` adds the yardsticks: random against random and greedy against greedy.
``--side NAME`` and ``--vs random|greedy`` keep some rows; ``--workers N`` sets the processes;
``--iterations N`` gives the search N playouts a move instead of ``--seconds``, so that a run
on a busy machine plays the same games as on a quiet one.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from concurrent.futures import ProcessPoolExecutor

from bench_engines import machine

import siege_nb as sn
from siege_nb.ai.agents import GreedyAgent, MCTSAgent, RandomAgent
from siege_nb.ai.base import BaseAgent, own_moves, play_turn
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
    """Median iterations and seconds of the default search (``MCTSAgent()``) from ``g``."""
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


# -- matches ---------------------------------------------------------------------------------------
# Per game: the team that attacks and the one that defends, and the winner's name of each.
TEAMS = {
    "siege-of-paris": (("attackers", "attackers"), ("garrison", "garrison")),
    "belagerung": (("attacker", "attackers"), ("defender", "defenders")),
    "pyramid-siege": (("attacker", "attackers"), ("defender", "defenders")),
}
OPPONENTS = {"random": RandomAgent, "greedy": GreedyAgent}


class Timed(BaseAgent):
    """Wraps an agent and adds up the seconds of its decisions."""

    def __init__(self, inner: BaseAgent) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, game: Game) -> sn.Move:
        t0 = time.perf_counter()
        try:
            return self.inner.choose(game)
        finally:
            self.seconds += time.perf_counter() - t0
            self.decisions += 1

    def wants_demand(self, game: Game) -> bool:
        t0 = time.perf_counter()
        try:
            return self.inner.wants_demand(game)
        finally:
            self.seconds += time.perf_counter() - t0


def make_agent(kind: str, seed: int, seconds: float, iterations: int | None = None) -> BaseAgent:
    """An agent by name: ``mcts`` (at ``seconds`` a move, or ``iterations`` playouts a move
    when given), ``random`` or ``greedy``."""
    if kind == "mcts":
        return MCTSAgent(seconds=seconds, iterations=iterations, seed=seed)
    return OPPONENTS[kind](seed=seed)


# A game still going after this many plies is stopped and counted as a draw. The Siege of Paris
# is played under its default reading, where a garrison piece going back into the citadel
# restarts the move limit, so two players could in principle go on for ever; the longest game
# of the match table in docs/balance-lab.md took 4,351 plies.
MAX_PLIES = 20_000


def one_game(
    task: tuple[str, int, str, str, int, float, int | None],
) -> tuple[str, int, float, int]:
    """Play one game: ``(game, side index, agent on that side, agent on the other, seed,
    seconds, iterations)``. Returns the outcome for that side (``"W"``, ``"D"``, ``"L"``), the
    plies, and the seconds and decisions of the agent on that side."""
    game, side, mine, theirs, seed, seconds, iterations = task
    (me, my_win), (other, _) = TEAMS[game][side], TEAMS[game][1 - side]
    g = sn.new_game(game)
    agent = Timed(make_agent(mine, seed, seconds, iterations))
    agents = {me: agent, other: make_agent(theirs, 10_000 + seed, seconds, iterations)}
    while g.result is None and g.ply < MAX_PLIES:
        play_turn(g, agents)
    winner = g.result.winner if g.result is not None else None
    outcome = "D" if winner is None else ("W" if winner == my_win else "L")
    stopped = "" if g.result is not None else f" (stopped unfinished at {MAX_PLIES} plies)"
    # Progress on stderr, game by game (a row is printed once all its games are done).
    print(f"  {game} {me} {mine} vs {theirs}, seed {seed}: {outcome} in {g.ply} plies{stopped}",
          file=sys.stderr, flush=True)  # fmt: skip
    return outcome, g.ply, agent.seconds, agent.decisions


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def matches(
    games: list[str],
    n: int,
    seconds: float,
    seed: int,
    reference: bool,
    side: str | None = None,
    *,
    opponent: str | None = None,
    iterations: int | None = None,
    workers: int = 2,
) -> None:
    """Play and print the match table on ``workers`` processes; ``side`` keeps only the rows of
    the side of that name (``"garrison"``, ``"attacker"``...), ``opponent`` only the rows
    against that agent (``"random"``, ``"greedy"``); ``iterations``, if given, fixes the
    search's playouts a move instead of its seconds (the same games on a busy machine)."""
    pairings = [("mcts", "random"), ("mcts", "greedy")]
    if opponent is not None:
        pairings = [p for p in pairings if p[1] == opponent]
    if reference:
        pairings = [("random", "random"), ("greedy", "greedy"), *pairings]
    rows = [
        (game, i, mine, theirs)
        for game in games
        for i in (0, 1)
        if side is None or TEAMS[game][i][0] == side
        for mine, theirs in pairings
    ]
    if not rows:
        raise SystemExit(f"no side named {side!r} in {', '.join(games)}")
    budget = f"{iterations} iterations" if iterations else f"{seconds} s"
    print(
        f"{n} games per row; seeds {seed}..{seed + n - 1} for the agent on the side named, "
        f"{10_000 + seed}..{10_000 + seed + n - 1} for its opponent; search {budget} a move"
    )
    print(
        f"{'game':15} {'side':10} {'agent':7} {'vs':7} {'W':>3} {'D':>3} {'L':>3} "
        f"{'win rate':>8} {'95% CI':>13} {'plies':>6} {'s/move':>7}"
    )
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            row: [
                pool.submit(
                    one_game, (row[0], row[1], row[2], row[3], seed + i, seconds, iterations)
                )
                for i in range(n)
            ]
            for row in rows
        }
        for row in rows:
            results = [f.result() for f in futures[row]]
            w = sum(r[0] == "W" for r in results)
            d = sum(r[0] == "D" for r in results)
            lo, hi = wilson(w, n)
            plies = statistics.mean(r[1] for r in results)
            decisions = sum(r[3] for r in results)
            per_move = sum(r[2] for r in results) / decisions if decisions else 0.0
            game, side, mine, theirs = row
            print(
                f"{game:15} {TEAMS[game][side][0]:10} {mine:7} {theirs:7} {w:3d} {d:3d} "
                f"{n - w - d:3d} {w / n:8.0%} {f'[{lo:.0%}, {hi:.0%}]':>13} {plies:6.0f} "
                f"{per_move:7.3f}",
                flush=True,
            )
    print(f"\n{time.perf_counter() - t0:.0f} s in all")


def main() -> None:
    """Parse the command line and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument("--game", choices=sn.GAMES, help="only this game")
    parser.add_argument("--matches", action="store_true", help="play the match table instead")
    parser.add_argument("--side", help="with --matches: only this side's rows (e.g. garrison)")
    parser.add_argument("--games", type=int, default=20, help="games per row of the table")
    parser.add_argument("--seconds", type=float, default=0.5, help="search seconds a move")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--reference", action="store_true", help="add random-random and greedy-greedy rows"
    )
    parser.add_argument("--vs", choices=("random", "greedy"), help="with --matches: one opponent")
    parser.add_argument(
        "--iterations", type=int, help="with --matches: playouts a move instead of --seconds"
    )
    parser.add_argument("--workers", type=int, default=2, help="with --matches: processes")
    args = parser.parse_args()
    if args.matches:
        print(f"machine: {machine()}")
        print(f"siege_nb {sn.__version__}; default presets\n")
        games = [args.game] if args.game else list(sn.GAMES)
        matches(
            games,
            args.games,
            args.seconds,
            args.seed,
            args.reference,
            args.side,
            opponent=args.vs,
            iterations=args.iterations,
            workers=args.workers,
        )
        return
    runs = 3 if args.quick else 5
    iterations = 100 if args.quick else 300
    default_runs = 1 if args.quick else 3
    print(f"machine: {machine()}")
    print(f"siege_nb {sn.__version__}; every figure is the median of {runs} runs\n")
    for game in [args.game] if args.game else sn.GAMES:
        bench(game, runs, iterations, default_runs)


if __name__ == "__main__":
    main()
