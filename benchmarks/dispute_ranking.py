"""Which disputes matter? The full ranking of every option of a game (a recipe).

Run ``python3 benchmarks/dispute_ranking.py`` (``--game NAME``, ``--games N`` per choice,
``--iterations K`` playouts per decision, ``--workers W``, ``--seed S``, ``--max-plies P``, or
``--scheduler tcp://host:8786`` for a Dask cluster). For each game it calls
``siege_nb.disputes.dispute_frequencies`` with ``MCTSAgent(iterations=K)`` on both sides,
under the default preset and each choice of every option changed alone, and

* prints the ranking (Markdown, 95 % intervals) and the playout metrics of every reading,
  with the time taken and the machine's details;
* writes the records to ``siege_nb/disputes/data/<game>.json`` (what ``sn.dispute_ranking``
  reads) unless ``--no-store``;
* draws the ranking's bar chart and the metrics' chart to ``docs/figures/``.

``--stored`` plays nothing: it prints and draws the stored runs again. ``--extend`` adds games
to the stored run until it has ``--games`` per choice, ``--step`` games at a time, storing the
records after each step (game ``i`` has the same seeds in every run, so the extended run is
the run one call would have made, and a long run can be stopped and taken up again).

The Siege of Paris is played with ``move_limit_reset="attacker-entry"`` as the base (as
``lab_search.py`` does: under the default reading two search agents can keep a game going for
ever), and every game is stopped as a draw at ``--max-plies`` (3,000) plies, which only the
readings without a move limit, or with the other reset, can reach. The figures in
docs/dispute-ranking.md come from this script.
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

from bench_engines import machine

from siege_nb.ai import TEAMS, MCTSAgent
from siege_nb.disputes import dispute_frequencies, dispute_ranking
from siege_nb.disputes.stored import stored_path

BASE: dict[str, dict[str, Any]] = {
    "siege-of-paris": {"move_limit_reset": "attacker-entry"},
    "belagerung": {},
    "pyramid-siege": {},
}
FIGURES = Path(__file__).resolve().parent.parent / "docs" / "figures"


def show(game: str, found: Any, seconds: float | None, store: bool) -> None:
    """Print the ranking and the metrics, store the records, draw the figures."""
    ends = Counter(r["reason"] or "-" for r in found.records)
    took = f"{seconds:.0f} s, " if seconds is not None else ""
    print(f"\n## {game}: {took}{len(found.records)} games\n")
    print(found.report())
    print("\nhow the games ended:", ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print("\n### playout metrics per reading\n")
    print(found.metrics().report(transpose=len(found.metrics().summary) <= 6), flush=True)
    if store:
        stored_path(game).write_text(found.to_json() + "\n", encoding="utf-8")
    FIGURES.mkdir(exist_ok=True)
    ax = found.plot(top=None)
    ax.figure.savefig(FIGURES / f"dispute-ranking-{game}.png", dpi=80)
    found.metrics().plot().savefig(FIGURES / f"playout-metrics-{game}.png", dpi=80)


def play(
    game: str, args: argparse.Namespace, executor: Executor, n_games: int, first: int = 0
) -> Any:
    agents = {team: MCTSAgent(iterations=args.iterations) for team in TEAMS[game]}
    return dispute_frequencies(
        game,
        "default",
        agents,
        n_games=n_games,
        seed=args.seed,
        base=BASE[game],
        executor=executor,
        progress=False,
        max_plies=args.max_plies,
        first_game=first,
    )


def run(game: str, args: argparse.Namespace, executor: Executor) -> None:
    t0 = time.perf_counter()
    if not args.extend:
        found = play(game, args, executor, args.games)
        show(game, found, time.perf_counter() - t0, not args.no_store)
        return
    found = dispute_ranking(game)
    while found.n_games < args.games:
        step = min(args.step, args.games - found.n_games)
        t1 = time.perf_counter()
        found = found.merge(play(game, args, executor, step, first=found.n_games))
        print(
            f"{game}: games {found.n_games - step}–{found.n_games - 1} per choice played in "
            f"{time.perf_counter() - t1:.0f} s; {found.n_games} stored",
            flush=True,
        )
        if not args.no_store:
            stored_path(game).write_text(found.to_json() + "\n", encoding="utf-8")
    show(game, found, time.perf_counter() - t0, not args.no_store)


def main() -> None:
    """Play and print the rankings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", choices=list(BASE), action="append")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=3000)
    parser.add_argument("--scheduler", help="a Dask scheduler's address")
    parser.add_argument("--no-store", action="store_true", help="do not write the records")
    parser.add_argument(
        "--extend", action="store_true", help="add games to the stored run up to --games"
    )
    parser.add_argument("--step", type=int, default=5, help="games per choice a step (--extend)")
    parser.add_argument(
        "--stored", action="store_true", help="play nothing: print and draw the stored runs"
    )
    args = parser.parse_args()
    if args.stored:
        for game in args.game or list(BASE):
            show(game, dispute_ranking(game), None, False)
        return
    print(
        f"machine: {machine()}\n{args.games} games per choice, MCTSAgent(iterations="
        f"{args.iterations}) on both sides, seed {args.seed}, games stopped at "
        f"{args.max_plies} plies"
    )
    games = args.game or list(BASE)
    if args.scheduler:
        from distributed import Client

        with Client(args.scheduler) as client:
            for game in games:
                run(game, args, client.get_executor())
        return
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for game in games:
            run(game, args, pool)


if __name__ == "__main__":
    main()
