"""The Belagerung board: a 9 x 9 cross of 65 points plus two horns, 67 points.

The shape is a reconstruction (see the fixed rule "board" and the options horns/diagonals).

>>> b = board("top-row", "alternating")
>>> len(b.names), len(b.fortress_points), len(b.attacker_start)
(67, 17, 50)
>>> sorted(b.names[q] for q in b.neighbours(b.index["e5"]))
['d4', 'd5', 'd6', 'e4', 'e6', 'f4', 'f5', 'f6']
>>> sorted(b.names[q] for q in b.neighbours(b.index["d5"]))
['c5', 'd4', 'd6', 'e5']
"""

from __future__ import annotations

from functools import cache

from siege_nb.boards.graph import PointBoard, build_point_board
from siege_nb.errors import check_type, shorten
from siege_nb.rules.checks import unknown

__all__ = ["DIAGONALS", "HORNS", "board"]

FILES = "abcdefghi"
HORNS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    "top-row": (("b9", "h9"), (("b9", "c9"), ("b9", "c8"), ("h9", "g9"), ("h9", "g8"))),
    "beside-middle-row": (
        ("b8", "h8"),
        (("b8", "c8"), ("b8", "b7"), ("b8", "c7"), ("h8", "g8"), ("h8", "h7"), ("h8", "g7")),
    ),
}
DIAGONALS = ("alternating", "none", "all")
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _in_cross(f: int, r: int) -> bool:
    """The 9 x 9 lattice minus its four 2 x 2 corners."""
    if not (1 <= f <= 9 and 1 <= r <= 9):
        return False
    return not ((f <= 2 or f >= 8) and (r <= 2 or r >= 8))


def _name(f: int, r: int) -> str:
    return f"{FILES[f - 1]}{r}"


def board(horns: str = "top-row", diagonals: str = "alternating") -> PointBoard:
    """The board for one choice of the ``horns`` and ``diagonals`` options, built once."""
    for argument, value, choices in (("horns", horns, HORNS), ("diagonals", diagonals, DIAGONALS)):
        check_type(value, str, argument)
        if value not in choices:
            raise unknown(
                argument,
                value,
                choices,
                f"unknown {argument} {shorten(value)}; choose one of {', '.join(choices)}",
            )
    return _board(horns, diagonals)


@cache
def _board(horns: str, diagonals: str) -> PointBoard:
    cross = [(f, r) for r in range(1, 10) for f in range(1, 10) if _in_cross(f, r)]
    horn_points, horn_lines = HORNS[horns]
    coords = cross + [(FILES.index(h[0]) + 1, int(h[1:])) for h in horn_points]
    names = [_name(f, r) for f, r in coords]
    lines: list[tuple[str, str]] = []
    for f, r in cross:
        for df, dr in ((1, 0), (0, 1)):
            if _in_cross(f + df, r + dr):
                lines.append((_name(f, r), _name(f + df, r + dr)))
        # Diagonals of the unit square whose lower-left corner is (f, r).
        square = [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)]
        if diagonals == "none" or not all(_in_cross(*p) for p in square):
            continue
        for (a, b), (c, d) in (((f, r), (f + 1, r + 1)), ((f + 1, r), (f, r + 1))):
            if diagonals == "all" or (a + b) % 2 == 0:
                lines.append((_name(a, b), _name(c, d)))
    lines.extend(horn_lines)
    fortress = [_name(f, r) for r in (7, 8, 9) for f in range(3, 8)] + list(horn_points)
    attackers = [n for n in names if n not in fortress]
    return build_point_board(
        "belagerung",
        f"{horns}/{diagonals}",
        names,
        coords,
        [(float(f), float(r)) for f, r in coords],
        DIRECTIONS,
        lines,
        fortress,
        attackers,
        ("c7", "e7", "g7"),
    )
