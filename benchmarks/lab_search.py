"""The balance lab with the search agent on both sides: win rates per reading (a recipe).

Run ``python3 benchmarks/lab_search.py`` (``--game NAME``, ``--games N`` per reading,
``--iterations K`` per decision, ``--workers W``, ``--move-limit N`` to stop a game as a
draw after N plies, ``--variants`` for the French preset's readings changed one at a time,
``--only-variants`` for those without the tables before them, or
``--scheduler tcp://host:8786`` for a Dask cluster). For each game
it plays ``MCTSAgent(iterations=K)`` against itself under every reading of a small grid of
disputed options, in parallel, and prints the table of
``simulate(...).summary`` with 95 % Wilson intervals for each side's win rate, the seed, the
time taken and the machine's details. Fixed iterations (not seconds) keep the results the same
on any machine and however the games are spread over processes; the figures in
docs/balance-lab.md come from this script.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ai import wilson
from bench_engines import machine

from siege_nb.ai import TEAMS, MCTSAgent, simulate
from siege_nb.ai.lab import parse_readings, summarize

# The readings compared per game: options whose sources disagree (docs/rules-reference.md).
GRIDS: dict[str, Any] = {
    "pyramid-siege": {"capture": ["huff", "strict"], "towards": ["distance", "not-away"]},
    "belagerung": {"capture": ["optional", "huff", "strict"]},
    # Each preset whole. Under the rules' default move limit a garrison piece that steps out
    # of a gate and back in starts the count again, and two search agents can keep that up
    # for ever; counting only the attackers' entries (move_limit_reset) ends every game.
    "siege-of-paris": [
        {"preset": preset, "label": preset, "move_limit_reset": "attacker-entry"}
        for preset in ("default", "escale-a-jeux", "ludosofia", "boardandpieces")
    ],
}

# The French preset (whose games all end by the move limit) with one of its readings changed
# at a time: which of them keeps its garrison from winning (``--variants``).
_FRENCH = {"preset": "escale-a-jeux", "move_limit_reset": "attacker-entry"}
VARIANTS: dict[str, Any] = {
    "siege-of-paris": [
        {**_FRENCH, "label": f"escale-a-jeux, {name}={value}", name: value}
        for name, value in (
            ("protection", "reach-any-army"),
            ("garrison_general_range", 2),
            ("placement_win", 3),
        )
    ],
}


def run(
    game: str,
    games: int,
    iterations: int,
    seed: int,
    executor: Executor,
    move_limit: int | None = None,
    grid: Any = None,
) -> None:
    """Play and print one game's table, a row as soon as its reading is done; ``move_limit``
    stops a game after that many plies as a draw (the lab's own cap, on top of the rules'
    move limit); ``grid``: the readings (the game's :data:`GRIDS` entry by default)."""
    agents = {team: MCTSAgent(iterations=iterations) for team in TEAMS[game]}
    teams = TEAMS[game]
    capped = "" if move_limit is None else f", stopped as a draw at {move_limit} plies"
    print(
        f"== {game}: MCTSAgent(iterations={iterations}) on both sides, {games} games per "
        f"reading, seed {seed}{capped}",
        flush=True,
    )
    t0 = time.perf_counter()
    # One reading at a time, so that a long run shows its rows as they come. The games'
    # seeds depend on the seed and the game's number only, so the rows are the same as
    # from one call with every reading.
    for reading in parse_readings(game, GRIDS[game] if grid is None else grid):
        start = time.perf_counter()
        sim = simulate(
            game,
            [reading],
            agents,
            n_games=games,
            seed=seed,
            executor=executor,
            progress=False,
            move_limit=move_limit,
        )
        for row in summarize(sim.records):
            n = row["games"]
            cells = []
            for team in teams:
                wins = round(row[f"win_{team}"] * n)
                lo, hi = wilson(wins, n)
                cells.append(f"{team} {wins / n:5.0%} [{lo:4.0%}-{hi:4.0%}]")
            # How the games ended, by rule id (the lab's cap included): a draw by the rules
            # and a game the cap stopped read very differently.
            ends = Counter(r["reason"] or "?" for r in sim.records)
            longest = max(r["plies"] for r in sim.records)
            print(
                f"  {row['reading']:34} {'  '.join(cells)}  draws {row['draw']:4.0%}  "
                f"length {row['length']:5.0f} plies  balance {row['balance']:.2f}"
            )
            print(
                f"  {'':34} ends: "
                + ", ".join(f"{k} {v}" for k, v in ends.most_common())
                + f"; longest {longest} plies; {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    print(f"  ({time.perf_counter() - t0:.0f} s in all)\n", flush=True)


def main() -> None:
    """Parse the command line and print the tables."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=list(GRIDS), action="append")
    parser.add_argument("--games", type=int, default=40, help="games per reading")
    parser.add_argument("--iterations", type=int, default=100, help="per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--move-limit", type=int, help="stop a game as a draw after this many plies"
    )
    parser.add_argument("--scheduler", help="a Dask scheduler address, e.g. tcp://host:8786")
    parser.add_argument(
        "--variants",
        action="store_true",
        help="after the tables, the French preset of the Siege of Paris with one reading "
        "changed at a time",
    )
    parser.add_argument(
        "--only-variants",
        action="store_true",
        help="the variants' table alone, without the tables before it",
    )
    args = parser.parse_args()
    print(f"machine: {machine()}\n")
    if args.scheduler:
        from dask.distributed import Client

        executor: Any = Client(args.scheduler).get_executor()
    else:
        executor = ProcessPoolExecutor(max_workers=args.workers)
    with executor:
        # The variants replay none of the tables' games, so they can be run on their own.
        for game in [] if args.only_variants else args.game or list(GRIDS):
            run(game, args.games, args.iterations, args.seed, executor, args.move_limit)
        if args.variants or args.only_variants:
            for game, grid in VARIANTS.items():
                run(
                    game, args.games, args.iterations, args.seed, executor, args.move_limit,
                    grid,
                )  # fmt: skip


if __name__ == "__main__":
    main()
