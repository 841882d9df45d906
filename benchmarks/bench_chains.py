"""The slowest jump-chain positions found (reported, never asserted): time and move count.

Run ``python3 benchmarks/bench_chains.py`` (``--positions N`` per board, ``--cap SECONDS``,
``--climb STEPS``). Three searches, for Belagerung under each diagonal layout and horn
placement, and for Pyramid Siege:

1. **Sparse positions**: few attackers spread over the whole board, one to three defenders,
   the defender to move, capture strict or optional. Two times are taken on each, with the
   engine's caches empty (its legal-move cache off and its table of jump Moves cleared, so
   every Move is made afresh):

   - the **answer** of ``legal_moves()`` (median of 3): what a caller waits for. Past
     ``MOVES_AT_ONCE`` moves the list it returns holds the first moves only;
   - the **full listing**, every move made (the engine's ``generate``): what ``len()`` or
     printing that list costs, once.

   The worst three by full listing are listed five more times and reported with the median
   and the slowest, their move count, longest chain and the position itself, so that a slow
   position can be replayed. A listing longer than ``--cap`` is stopped.
2. **Random play**: positions met at the defenders' turns of random games (a random player
   deciding chains one jump at a time, so that games last), timed the same way.
3. **Local search**: a hill climb over Belagerung positions (three defenders, attackers added,
   removed or moved) towards the most distinct chain outcomes, counted without making Moves
   and capped at ``--outcomes``. It shows how large the list of legal moves can get. The
   answer of ``legal_moves()`` is timed there, and what a player or an agent needs, one
   decision of a chain (``chain_steps``).

In the local search's positions, a plain ``explore(point)`` is timed too, for every
piece whose own moves stay under the list bound: a piece with a few steps must be explored at
once even beside a piece with millions of chains.

Every position shown is also timed with ``legal_moves(limit=10_000)`` (the bound the random
and greedy players use, ``siege_nb.ai.agents.MOVE_LIST_LIMIT``): the list, or
``TooManyMoves`` once the search passes the limit; the last line gives the slowest.

Issue 13 asks for every position to answer within 50 ms; this is the yardstick. The summary
gives the slowest answer found in every position timed, and the slowest full listing.
"""

from __future__ import annotations

import argparse
import itertools
import random
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engines import machine

import siege_nb as sn
from siege_nb.ai.agents import MOVE_LIST_LIMIT
from siege_nb.games.base import MOVES_AT_ONCE

BOUNDED: list[float] = []  # the bounded timings of every position shown, for the last line
EXPLORED: list[float] = []  # the slowest plain explore(point) of each local-search position
# The slowest answer of legal_moves() per section: (seconds, move count or "more than ...").
ANSWERED: dict[str, tuple[float, str]] = {}


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
    position.update({n: "defender" for n in free[: rng.randint(1, 3)]})
    return position


def fresh_engine(game: sn.Game) -> Any:
    """``game``'s engine rebuilt with its caches empty: no legal-move cache, so every call
    does the work, and the shared table of jump Moves cleared, so every Move is made afresh."""
    engine = game._engine.with_rules(game.rules, cache_size=0)
    engine._moves.clear()
    return engine


def timed(game: sn.Game, cap: float) -> tuple[float, int, int]:
    """Seconds for ``legal_moves()`` (cache off), the move count and the longest chain; the
    time is ``inf`` if the call passed the cap."""
    engine = fresh_engine(game)
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


def answered(game: sn.Game, section: str, runs: int = 3) -> float:
    """Median seconds of ``game.legal_moves()`` (caches empty, as in :func:`timed`), kept in
    :data:`ANSWERED` if it is the slowest of ``section`` so far."""
    times, listed = [], ""
    for _ in range(runs):
        probe = game.clone()
        probe._engine = fresh_engine(game)
        start = time.perf_counter()
        moves = probe.legal_moves()
        times.append(time.perf_counter() - start)
        held = list.__len__(moves)
        listed = f"{held:,} moves" if moves.complete else f"over {held - 1:,} moves"
    median = statistics.median(times)
    if median > ANSWERED.get(section, (-1.0, ""))[0]:
        ANSWERED[section] = (median, listed)
    return median


def bounded(game: sn.Game, runs: int = 5) -> tuple[float, str]:
    """Median seconds of ``legal_moves(limit=MOVE_LIST_LIMIT)`` on ``game`` (caches empty, as
    in :func:`timed`), and what it gave: a move count, or "refused" (``TooManyMoves``)."""
    times, answer = [], ""
    for _ in range(runs):
        engine = fresh_engine(game)
        start = time.perf_counter()
        moves = engine.legal_upto(game._state, MOVE_LIST_LIMIT)
        times.append(time.perf_counter() - start)
        answer = "refused" if moves is None else f"{len(moves)} moves"
    return statistics.median(times), answer


def retimed(game: sn.Game, cap: float, runs: int = 5) -> tuple[float, float]:
    """Median and slowest of ``runs`` more timings of ``legal_moves()`` on ``game``."""
    times = [timed(game, cap)[0] for _ in range(runs)]
    return statistics.median(times), max(times)


def report(
    label: str,
    results: list[tuple[float, int, int, str, dict[str, str]]],
    cap: float,
    options: dict[str, str],
    game_name: str,
) -> float:
    """Print the worst three of ``results`` (retimed); return the slowest median."""
    results.sort(key=lambda r: r[0], reverse=True)
    over = sum(r[0] == float("inf") for r in results)
    print(f"== {label}: {len(results)} positions, {over} over the cap")
    worst = 0.0
    for seconds, count, longest, capture, position in results[:3]:
        if seconds == float("inf"):
            shown, median = "over the cap", seconds
        else:
            game = sn.new_game(
                game_name, position=position, to_move="defender", capture=capture, **options
            )
            median, slowest = retimed(game, cap)
            shown = f"full listing {1000 * median:6.1f} ms (slowest {1000 * slowest:6.1f})"
        game = sn.new_game(
            game_name, position=position, to_move="defender", capture=capture, **options
        )
        limited, answer = bounded(game)  # also where the full list passed the cap
        BOUNDED.append(limited)
        shown += f"; limit={MOVE_LIST_LIMIT:,}: {1000 * limited:5.1f} ms, {answer}"
        worst = max(worst, median)
        attackers = sorted(n for n, p in position.items() if p == "attacker")
        defenders = sorted(n for n, p in position.items() if p == "defender")
        print(
            f"   {shown}  {count:>7} moves  longest chain {longest:>2}  capture={capture}"
            f"  defenders {' '.join(defenders)}  attackers {' '.join(attackers)}"
        )
    return worst


def sparse_search(game_name: str, options: dict[str, str], args: Any) -> list[Any]:
    """Section 1: timings of sparse positions."""
    rng = random.Random(args.seed)
    probe = sn.new_game(game_name, **options)  # the board the positions are drawn on
    results = []
    for _ in range(args.positions):
        capture = rng.choice(["strict", "optional"] if game_name == "belagerung" else ["strict"])
        position = sparse_position(probe, rng)
        try:
            game = sn.new_game(
                game_name, position=position, to_move="defender", capture=capture, **options
            )
        except ValueError:
            continue  # not a legal set-up (e.g. a game already over)
        if game.result is not None:
            continue
        answered(game, "sparse")
        seconds, count, longest = timed(game, args.cap)
        results.append((seconds, count, longest, capture, position))
    return results


def random_play(game_name: str, options: dict[str, str], args: Any) -> list[Any]:
    """Section 2: timings at the defenders' turns of random games."""
    rng = random.Random(args.seed)
    results = []
    for _ in range(args.games):
        capture = rng.choice(
            ["strict", "optional", "huff"] if game_name == "belagerung" else ["strict", "huff"]
        )
        g = sn.new_game(game_name, capture=capture, **options)
        while g.result is None and g.ply < 400:
            if g.to_move == "defender":
                answered(g, "play")
                seconds, count, longest = timed(g, args.cap)
                results.append((seconds, count, longest, capture, g.pieces()))
            g.play(one_decision_at_a_time(g, rng))
    return results


def one_decision_at_a_time(g: sn.Game, rng: random.Random) -> sn.Move:
    """A random move chosen as a player decides it: a jump chain one jump at a time."""
    if g.to_move != "defender":
        return rng.choice(g.legal_moves())
    defenders = [n for n, p in g.pieces().items() if p == "defender"]
    firsts = [f"{d}x{land}" for d in defenders for land in g.chain_steps(d)]
    if not firsts:
        return rng.choice(g.legal_moves())  # no jump: steps only, a short list
    steps = [
        found
        for d in defenders
        for n in g.board.neighbours(g.board.index[d])
        if (found := g.find(f"{d}-{g.board.names[n]}")) is not None
    ]
    pick = rng.choice(steps + firsts)
    if isinstance(pick, sn.Move):
        return pick
    while (nexts := g.chain_steps(pick)) and rng.random() < len(nexts) / (len(nexts) + 1):
        pick += "x" + rng.choice(nexts)
    move = g.find(pick)
    assert move is not None
    return move


def outcomes(game: sn.Game, cap: int) -> int:
    """How many distinct jump moves the defenders have (counted up to ``cap``), without
    making a Move: the engine's own search over (point, attackers taken) pairs."""
    engine = game._engine
    cells = game._state.cells
    jumps, bits = engine._jumps, engine._bits
    total = 0
    for start, piece in enumerate(cells):
        if piece != 2:
            continue
        base = list(cells)
        base[start] = 0
        seen: set[int] = set()
        stack = [(start, 0)]
        while stack:
            at, mask = stack.pop()
            for over, land in jumps[at]:
                if base[over] == 1 and not mask & bits[over] and base[land] == 0:
                    now = mask | bits[over]
                    if now | land not in seen:
                        seen.add(now | land)
                        stack.append((land, now))
            if total + len(seen) >= cap:
                return cap
        total += len(seen)
    return total


def climb(options: dict[str, str], args: Any) -> tuple[int, dict[str, str]]:
    """Section 3: a hill climb towards the Belagerung position with the most outcomes."""
    rng = random.Random(args.seed)
    names = list(sn.new_game("belagerung", **options).board.names)

    def score(position: dict[str, str]) -> int:
        try:
            g = sn.new_game("belagerung", position=position, to_move="defender", **options)
        except ValueError:
            return -1
        return -1 if g.result is not None else outcomes(g, args.outcomes)

    position = {n: "attacker" for n in names if rng.random() < 0.4}
    free = [n for n in names if n not in position]
    rng.shuffle(free)
    position.update(dict.fromkeys(free[:3], "defender"))
    best = (score(position), position)
    for _ in range(args.climb):
        if best[0] >= args.outcomes:
            break
        trial = dict(best[1])
        for _ in range(rng.randint(1, 3)):
            empty = [n for n in names if n not in trial]
            r = rng.random()
            attackers = [n for n, p in trial.items() if p == "attacker"]
            if r < 0.35 and empty:
                trial[rng.choice(empty)] = "attacker"
            elif r < 0.6 and attackers:
                del trial[rng.choice(attackers)]
            elif empty:
                piece = trial.pop(rng.choice(list(trial)))
                trial[rng.choice(empty)] = piece
        found = score(trial)
        if found >= best[0]:
            best = (found, trial)
    return best


def decision_time(options: dict[str, str], position: dict[str, str]) -> tuple[float, int]:
    """The slowest ``chain_steps`` call along random chains in ``position``, and how many
    calls were timed."""
    g = sn.new_game("belagerung", position=position, to_move="defender", **options)
    rng = random.Random(1)
    slowest, calls = 0.0, 0
    defenders = [n for n, p in position.items() if p == "defender"]
    for _ in range(50):
        path = rng.choice(defenders)
        while True:
            t0 = time.perf_counter()
            nexts = g.chain_steps(path)
            slowest = max(slowest, time.perf_counter() - t0)
            calls += 1
            if not nexts:
                break
            path += "x" + rng.choice(nexts)
    return slowest, calls


def explore_time(options: dict[str, str], position: dict[str, str]) -> tuple[float, int, int]:
    """The slowest plain ``explore(point)`` over the pieces of ``position`` whose own moves
    number at most the list bound (each on a fresh game, so nothing is cached), how many
    pieces were timed, and how many were left out because their own chains run past it."""
    slowest, timed_pieces, skipped = 0.0, 0, 0
    for node in position:
        probe = sn.new_game("belagerung", position=position, to_move="defender", **options)
        try:
            probe.explore(node, limit=MOVE_LIST_LIMIT)
        except sn.TooManyMoves:
            skipped += 1
            continue
        g = sn.new_game("belagerung", position=position, to_move="defender", **options)
        t0 = time.perf_counter()
        g.explore(node)
        slowest = max(slowest, time.perf_counter() - t0)
        timed_pieces += 1
    return slowest, timed_pieces, skipped


def main() -> None:
    """Print the worst positions per board."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=150, help="sparse positions per board")
    parser.add_argument("--games", type=int, default=10, help="random games per board")
    parser.add_argument("--climb", type=int, default=300, help="hill-climb steps per board")
    parser.add_argument("--outcomes", type=int, default=2_000_000, help="outcomes counted at most")
    parser.add_argument("--cap", type=float, default=10.0, help="seconds before a call stops")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    print(f"machine: {machine()}")
    print(
        f"{args.positions} sparse positions and {args.games} random games per board, seed "
        f"{args.seed}, cap {args.cap} s; times are the median of 5 runs, caches empty\n"
    )
    worst = {"sparse": 0.0, "play": 0.0}
    for game_name, options in boards():
        label = game_name + "".join(f" {k}={v}" for k, v in options.items())
        results = sparse_search(game_name, options, args)
        worst["sparse"] = max(
            worst["sparse"], report(f"{label}, sparse", results, args.cap, options, game_name)
        )
        results = random_play(game_name, options, args)
        worst["play"] = max(
            worst["play"], report(f"{label}, random play", results, args.cap, options, game_name)
        )
        print()
    for name, found in worst.items():
        shown = "over the cap" if found == float("inf") else f"{1000 * found:.1f} ms"
        seconds, listed = ANSWERED[name]
        print(
            f"slowest legal_moves() answer, {name}: {1000 * seconds:.1f} ms ({listed}; the aim: "
            f"50 ms); slowest full listing of every move: {shown}"
        )
    if not args.climb:
        return
    print(
        f"\nlocal search, {args.climb} steps per layout (outcomes counted up to {args.outcomes:,}):"
    )
    for game_name, options in boards():
        if game_name != "belagerung":
            continue
        count, position = climb(options, args)
        slowest, calls = decision_time(options, position)
        explored, pieces, skipped = explore_time(options, position)
        EXPLORED.append(explored)
        game = sn.new_game("belagerung", position=position, to_move="defender", **options)
        limited, answer = bounded(game)
        BOUNDED.append(limited)
        reply = answered(game, "local search")
        label = " ".join(f"{k}={v}" for k, v in options.items())
        more = "+" if count >= args.outcomes else ""
        attackers = sorted(n for n, p in position.items() if p == "attacker")
        defenders = sorted(n for n, p in position.items() if p == "defender")
        print(
            f"   {label:40} {count:>10,}{more} jump moves; chain_steps at most "
            f"{1000 * slowest:.2f} ms ({calls} calls); legal_moves() answered in "
            f"{1000 * reply:.1f} ms; limit={MOVE_LIST_LIMIT:,}: "
            f"{1000 * limited:.1f} ms, {answer}; explore(point) at most "
            f"{1000 * explored:.1f} ms ({pieces} pieces; {skipped} left out, their own chains "
            f"past {MOVE_LIST_LIMIT:,})  defenders {' '.join(defenders)}  "
            f"attackers {' '.join(attackers)}"
        )
    seconds, listed = ANSWERED["local search"]
    print(
        f"\nslowest legal_moves() answer in the local search's positions: {1000 * seconds:.1f} "
        f"ms ({listed}; past {MOVES_AT_ONCE:,} the list holds the first moves and lists the "
        "rest when asked)"
    )
    print(
        f"slowest legal_moves(limit={MOVE_LIST_LIMIT:,}) in every position shown: "
        f"{1000 * max(BOUNDED):.1f} ms (the aim: 50 ms)"
    )
    print(
        "slowest explore(point) of a piece with at most "
        f"{MOVE_LIST_LIMIT:,} moves of its own, in the local search's positions: "
        f"{1000 * max(EXPLORED):.1f} ms"
    )


if __name__ == "__main__":
    main()
