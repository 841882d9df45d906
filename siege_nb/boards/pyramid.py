"""The Pyramid Siege board: a triangular lattice of 36 points and 84 lines.

The lattice is a reconstruction (see the fixed rule "board"): the text gives no picture.

Rows r = 0..7 from the apex, positions c = 0..r from the left; node names ``r{r}c{c}``.

>>> b = board()
>>> len(b.names), len(b.lines), [b.names[p] for p in b.fortress_points]
(36, 84, ['r4c1', 'r4c2', 'r4c3', 'r5c2', 'r5c3', 'r6c3'])
>>> len(b.attacker_start), [b.names[p] for p in b.defender_start]
(27, ['r4c1', 'r4c3', 'r6c3'])
"""

from __future__ import annotations

import math
from functools import cache

from siege_nb.boards.graph import PointBoard, build_point_board

__all__ = ["FORTRESS", "ROWS", "board"]

ROWS = 8
FORTRESS = ("r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3")
CORNERS = ("r0c0", "r7c0", "r7c7")
# (row step, position step): the three lattice directions and their opposites.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))


def _name(r: int, c: int) -> str:
    return f"r{r}c{c}"


@cache
def board() -> PointBoard:
    """The one Pyramid Siege board, built once."""
    coords = [(r, c) for r in range(ROWS) for c in range(r + 1)]
    names = [_name(r, c) for r, c in coords]
    present = set(coords)
    lines = [
        (_name(r, c), _name(r + dr, c + dc))
        for r, c in coords
        for dr, dc in ((0, 1), (1, 0), (1, 1))
        if (r + dr, c + dc) in present
    ]
    height = math.sqrt(3) / 2
    xy = [(c - r / 2, (ROWS - 1 - r) * height) for r, c in coords]
    attackers = [n for n in names if n not in FORTRESS and n not in CORNERS]
    return build_point_board(
        "pyramid-siege",
        "triangle-8",
        names,
        coords,
        xy,
        DIRECTIONS,
        lines,
        FORTRESS,
        attackers,
        ("r4c1", "r4c3", "r6c3"),
    )
