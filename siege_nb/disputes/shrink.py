"""Shrinking a disagreement to a lesson: the fewest pieces, as close together as they go.

A disagreement is a set-up, a line of moves played from it (often none) and a
:data:`~siege_nb.disputes.judge.Kind`. :func:`shortest_line` first finds the latest position
of a game from which the difference still arises, so that the lesson starts as close to it as
it can; :func:`shrink` then takes pieces away (many at once where it can, then one at a time)
and moves pieces nearer the others, keeping only changes after which a difference of the same
kind still arises from a set-up legal under both rule sets. It stops when no single piece can
be taken away and no piece can stand on an empty point nearer the others (a smaller sum of
distances to them) without the difference vanishing: the lesson is minimal in that sense,
which :func:`is_minimal` checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from siege_nb.disputes.judge import Found, Judge, Kind

__all__ = ["Shrunk", "is_minimal", "line_points", "shortest_line", "shrink"]

Setup = dict[str, Any]


class Shrunk:
    """The outcome of :func:`shrink`: the set-up, the line, what differs (its witness move)
    and how many positions were tried."""

    def __init__(self, setup: Setup, line: tuple[str, ...], found: Found, tries: int) -> None:
        self.setup = setup
        self.line = line
        self.found = found
        self.tries = tries


def _with_position(setup: Mapping[str, Any], position: Mapping[str, str]) -> Setup:
    out = dict(setup)
    out["position"] = dict(position)
    return out


def line_points(line: Sequence[str]) -> set[str]:
    """The points a line of moves names (its moves' starts, landings and the pieces taken
    are named by the text): a piece there cannot move without changing the line."""
    out: set[str] = set()
    for text in line:
        for part in text.replace("huff ", "").replace("x", "-").split("-"):
            if part:
                out.add(part)
    return out


def shortest_line(
    judge: Judge,
    setups: Sequence[Setup],
    moves: Sequence[str],
    kind: Kind,
) -> tuple[Setup, tuple[str, ...], Found] | None:
    """The latest set-up of a game from which a difference of ``kind`` still arises, with the
    moves from there. ``setups[i]`` is the position before ``moves[i]`` (and
    ``setups[len(moves)]`` the position where the difference was seen); a line is needed only
    where the position alone does not carry what matters (a huff that may be made, the move
    limit's count). Tries 0, 1, 2, 3 moves back, then doubles, then halves the last gap."""
    k = len(moves)

    def attempt(j: int) -> tuple[Setup, tuple[str, ...], Found] | None:
        line = tuple(moves[k - j : k])
        found = judge.holds(setups[k - j], line, kind)
        return (setups[k - j], line, found) if found is not None else None

    for j in range(min(3, k) + 1):
        got = attempt(j)
        if got is not None:
            return got
    low, j = 3, 6
    while j < k:
        got = attempt(j)
        if got is not None:
            break
        low, j = j, j * 2
    else:
        j = k
        got = attempt(k) if k > 3 else None
        if got is None:
            return None
    # The difference holds j moves back and not `low` moves back: bisect between them.
    best = got
    high = j
    while high - low > 1:
        mid = (low + high) // 2
        tried = attempt(mid)
        if tried is not None:
            best, high = tried, mid
        else:
            low = mid
    return best


def shrink(
    judge: Judge,
    setup: Setup,
    line: tuple[str, ...],
    kind: Kind,
    *,
    deadline: float | None = None,
) -> Shrunk:
    """The smallest lesson reached from ``setup`` (where ``line`` and then a difference of
    ``kind`` arise): pieces taken away and moved nearer the others while the difference of
    that kind still arises. ``deadline`` (a ``time.monotonic()`` value) stops the work early;
    the lesson is then smaller but need not be minimal."""
    found = judge.holds(setup, line, kind)
    if found is None:
        raise ValueError("shrink: no difference of this kind arises from the set-up given")
    tries = 0
    position = dict(setup["position"])
    pinned = line_points(line)

    def holds(candidate: Mapping[str, str]) -> Found | None:
        nonlocal tries
        tries += 1
        return judge.holds(_with_position(setup, candidate), line, kind)

    def late() -> bool:
        return deadline is not None and time.monotonic() > deadline

    def focus(witness: Found) -> list[str]:
        move = witness.move
        if move is None:
            return []
        return [p for p in (move.start, move.end, *move.captures) if p]

    while True:
        changed = False
        # Take pieces away, the farthest from the move first, many at a time while that works.
        points = focus(found)
        order = sorted(
            position,
            key=lambda p: (-min((judge.distance(p, q) for q in points), default=0.0), p),
        )
        chunk = max(1, len(order) // 2)
        while chunk >= 1 and not late():
            i = 0
            while i < len(order) and not late():
                kept = order[:i] + order[i + chunk :]
                if not kept:
                    i += chunk
                    continue
                trial = {p: position[p] for p in kept}
                got = holds(trial)
                if got is not None:
                    order, position, found, changed = kept, trial, got, True
                else:
                    i += chunk
            chunk //= 2
        # Move each piece to the nearest empty point that keeps the difference, if any (a
        # piece that the line moves or takes would change the line: it stays).
        for point in sorted(position, key=lambda p: (-judge.spread(p, position), p)):
            if late() or point not in position or point in pinned:
                continue
            others = [q for q in position if q != point]
            if not others:
                continue
            now = judge.spread(point, others)
            nearer = sorted(
                (judge.spread(q, others), q)
                for q in judge.points
                if q not in position and judge.spread(q, others) < now - 1e-9
            )
            for _, target in nearer:
                trial = {q: v for q, v in position.items() if q != point}
                trial[target] = position[point]
                got = holds(trial)
                if got is not None:
                    position, found, changed = trial, got, True
                    break
                if late():
                    break
        if not changed or late():
            break
    return Shrunk(_with_position(setup, position), line, found, tries)


def is_minimal(
    judge: Judge,
    setup: Mapping[str, Any],
    line: Sequence[str],
    kind: Kind,
    holds: Callable[[Setup], bool] | None = None,
) -> list[str]:
    """What keeps a lesson from being minimal, in words (empty if it is): a piece that can be
    taken away, or moved to an empty point nearer the others, with a difference of ``kind``
    still arising. ``holds`` replaces the judge's own test (the tests pass one that asks the
    public API)."""
    test = holds or (lambda s: judge.holds(s, line, kind) is not None)
    position = dict(setup["position"])
    out = []
    for point, piece in sorted(position.items()):
        rest = {q: v for q, v in position.items() if q != point}
        if rest and test(_with_position(setup, rest)):
            out.append(f"the {piece} on {point} can be taken away")
        others = list(rest)
        if not others:
            continue
        now = judge.spread(point, others)
        for q in judge.points:
            if q in position or judge.spread(q, others) >= now - 1e-9:
                continue
            moved = dict(rest)
            moved[q] = piece
            if test(_with_position(setup, moved)):
                out.append(f"the {piece} on {point} can move nearer, to {q}")
                break
    return out
