"""The slowest jump-chain positions found (reported, never asserted): time and move count.

Run ``python3 benchmarks/bench_chains.py`` (``--positions N`` per board, ``--cap SECONDS``).
For Belagerung under each diagonal layout and horn placement, and for Pyramid Siege, it builds
sparse positions (few attackers spread over the whole board, one or two defenders, the
defender to move, capture strict or optional), times ``legal_moves()`` on each with the
engine's cache off, and prints the worst few with their move count, longest chain and the
position itself, so that a slow position can be replayed. A call longer than ``--cap`` is
stopped and reported as "over the cap".

Issue 13 asks for every position to answer within 50 ms; this is the yardstick.
"""

from __future__ import annotations

import argparse
import itertools
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engines import machine

import siege_nb as sn


class OverCap(Exception):
    """A legal-move call ran longer than the cap."""


def _alarm(signum: int, frame: Any) -> None:
    raise OverCap


def boards() -> list[tuple[str, dict[str, str]]]:
    """(game, board options) for every board layout of the hunt games."""
    out: list[tuple[str, dict[str, str]]] = []
    for horns in ("top-row", "beside-middle-row"):
        for diagonals in ("alternating", "none", "all"):
            out.append(("belagerung", {"horns": horns, "diagonals": diagonals}))
    out.append(("pyramid-siege", {}))
    return out


def sparse_position(game: Any, rng: random.Random) -> dict[str, str]:
    """Attackers spread over the board with room to land between them, and one or two
    defenders. Half the positions scatter attackers at random; the other half keep a random
    share of one parity class of points (every other point along rows or columns, or along
    both), the layouts in which a defender can jump from attacker to attacker across the
    whole board, which is where chains multiply."""
    board = game.board
    names = list(board.names)
    if rng.random() < 0.5:
        rng.shuffle(names)
        attackers = names[: rng.randint(6, min(26, len(names) - 2))]
    else:
        xy = dict(zip(board.names, board.xy, strict=True))
        columns = sorted({round(float(x), 6) for x, _ in board.xy})
        unit = min(b - a for a, b in itertools.pairwise(columns))
        kind = rng.choice(["x", "y", "both", "sum"])
        phase = rng.randint(0, 1)

        def on(n: str) -> bool:
            i, j = (round(float(c) / unit) for c in xy[n])
            return {
                "x": i % 2 == phase,
                "y": j % 2 == phase,
                "both": i % 2 == phase and j % 2 == phase,
                "sum": (i + j) % 2 == phase,
            }[kind]

        share = rng.uniform(0.35, 1.0)
        attackers = [n for n in names if on(n) and rng.random() < share]
        rng.shuffle(attackers)
        attackers = attackers[:26]
    free = [n for n in names if n not in attackers]
    rng.shuffle(free)
    position = {n: "attacker" for n in attackers}
    position.update({n: "defender" for n in free[: rng.randint(1, 2)]})
    return position


def timed(game: sn.Game, cap: float) -> tuple[float, int, int]:
    """Seconds for ``legal_moves()`` (cache off), the move count and the longest chain; the
    time is ``inf`` if the call passed the cap."""
    engine = game._engine.with_rules(game.rules, cache_size=0)  # every call does the work
    state = game._state
    signal.setitimer(signal.ITIMER_REAL, cap)
    start = time.perf_counter()
    try:
        moves = engine.generate(state)
    except OverCap:
        return float("inf"), -1, -1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.perf_counter() - start
    longest = max((len(m.captures) for m in moves), default=0)
    return seconds, len(moves), longest


def main() -> None:
    """Print the worst positions per board."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=150, help="positions per board")
    parser.add_argument("--cap", type=float, default=10.0, help="seconds before a call stops")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    print(f"machine: {machine()}")
    print(f"{args.positions} sparse positions per board, seed {args.seed}, cap {args.cap} s\n")
    worst_overall = 0.0
    for game_name, options in boards():
        rng = random.Random(args.seed)
        probe = sn.new_game(game_name, **options)  # the board the positions are drawn on
        results = []
        for _ in range(args.positions):
            capture = rng.choice(
                ["strict", "optional"] if game_name == "belagerung" else ["strict"]
            )
            position = sparse_position(probe, rng)
            try:
                game = sn.new_game(
                    game_name, position=position, to_move="defender", capture=capture, **options
                )
            except ValueError:
                continue  # not a legal set-up (e.g. a game already over)
            if game.result is not None:
                continue
            seconds, count, longest = timed(game, args.cap)
            results.append((seconds, count, longest, capture, position))
        results.sort(key=lambda r: r[0], reverse=True)
        label = game_name + "".join(f" {k}={v}" for k, v in options.items())
        times = [r[0] for r in results]
        over = sum(t == float("inf") for t in times)
        print(f"== {label}: {len(results)} positions, {over} over the cap")
        for seconds, count, longest, capture, position in results[:3]:
            shown = "over the cap" if seconds == float("inf") else f"{1000 * seconds:9.1f} ms"
            attackers = sorted(n for n, p in position.items() if p == "attacker")
            defenders = sorted(n for n, p in position.items() if p == "defender")
            print(
                f"   {shown}  {count:>9} moves  longest chain {longest:>2}  capture={capture}"
                f"  defenders {' '.join(defenders)}  attackers {' '.join(attackers)}"
            )
        worst_overall = max(worst_overall, times[0] if times else 0.0)
        print()
    shown = "over the cap" if worst_overall == float("inf") else f"{1000 * worst_overall:.1f} ms"
    print(f"slowest legal_moves() found: {shown} (the aim: 50 ms)")


if __name__ == "__main__":
    main()
