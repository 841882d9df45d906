"""Point-and-line boards of the hunt games (Belagerung, Pyramid Siege) as flat tables.

A :class:`PointBoard` knows its points, the lines between them (per direction, so that jumps
can follow a straight line), its fortress and each point's distance to the fortress.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from siege_nb.rules.checks import ReadOnlyDict

__all__ = ["PointBoard", "build_point_board"]


@dataclass(frozen=True, eq=False)
class PointBoard:
    """A board of named points joined by lines.

    ``coords`` are lattice coordinates (used for directions: a line from p to q goes in
    direction ``q - p``); ``xy`` are drawing positions; ``step[d][p]`` is the point one line
    away from p in direction ``directions[d]``, or -1.
    """

    game: str
    variant: str
    names: tuple[str, ...]
    index: dict[str, int]
    coords: tuple[tuple[int, int], ...]
    xy: tuple[tuple[float, float], ...]
    directions: tuple[tuple[int, int], ...]
    step: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, int], ...]
    fortress: tuple[bool, ...]
    distance: tuple[int, ...]  # graph distance to the nearest fortress point, empty board
    attacker_start: tuple[int, ...]
    defender_start: tuple[int, ...]

    @property
    def fortress_points(self) -> tuple[int, ...]:
        """The fortress's point numbers."""
        return tuple(i for i, f in enumerate(self.fortress) if f)

    def neighbours(self, point: int) -> list[int]:
        """Points joined to ``point`` by a line."""
        return [s[point] for s in self.step if s[point] >= 0]


def build_point_board(
    game: str,
    variant: str,
    names: Sequence[str],
    coords: Sequence[tuple[int, int]],
    xy: Sequence[tuple[float, float]],
    directions: Sequence[tuple[int, int]],
    lines: Iterable[tuple[str, str]],
    fortress: Iterable[str],
    attacker_start: Iterable[str],
    defender_start: Iterable[str],
) -> PointBoard:
    """Build the tables of a :class:`PointBoard` from names, coordinates and lines."""
    index = {n: i for i, n in enumerate(names)}
    dir_index = {d: k for k, d in enumerate(directions)}
    step = [[-1] * len(names) for _ in directions]
    pairs = []
    for a, b in lines:
        i, j = index[a], index[b]
        (xa, ya), (xb, yb) = coords[i], coords[j]
        d = (xb - xa, yb - ya)
        back = (-d[0], -d[1])
        if d not in dir_index or back not in dir_index:
            raise ValueError(f"line {a}-{b} is not a unit step of the board's lattice")
        if step[dir_index[d]][i] >= 0:
            continue  # the same line listed twice
        step[dir_index[d]][i] = j
        step[dir_index[back]][j] = i
        pairs.append((min(i, j), max(i, j)))
    fort = [False] * len(names)
    for n in fortress:
        fort[index[n]] = True
    dist = [-1] * len(names)
    queue = deque(i for i, f in enumerate(fort) if f)
    for i in queue:
        dist[i] = 0
    while queue:
        p = queue.popleft()
        for s in step:
            q = s[p]
            if q >= 0 and dist[q] < 0:
                dist[q] = dist[p] + 1
                queue.append(q)
    return PointBoard(
        game=game,
        variant=variant,
        names=tuple(names),
        index=ReadOnlyDict(index),  # boards are shared by every game on them: never changed
        coords=tuple(coords),
        xy=tuple(xy),
        directions=tuple(directions),
        step=tuple(tuple(s) for s in step),
        lines=tuple(sorted(set(pairs))),
        fortress=tuple(fort),
        distance=tuple(dist),
        attacker_start=tuple(index[n] for n in attacker_start),
        defender_start=tuple(index[n] for n in defender_start),
    )
