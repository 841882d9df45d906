"""The Siege of Paris board: a 12 x 16 checkerboard with a citadel of eight circles.

Squares are numbered 0..155 and circles 156..163 so that the engine works on small
integers; every public function speaks node names (``"a1"``, ``"C0"``).

>>> b = board("ring")
>>> len(b.names), b.names[b.index["f5"]], b.gate_of[b.index["f5"]] == b.index["C0"]
(164, 'f5', True)
>>> b.is_dark(b.index["a1"]), b.is_dark(b.index["b1"])
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from siege_nb.errors import check_type, shorten
from siege_nb.i18n import tr
from siege_nb.rules.checks import ReadOnlyDict, ascii_number, unknown

__all__ = [
    "CITADEL_FILES",
    "CITADEL_RANKS",
    "DIRECTIONS",
    "FILES",
    "RANKS",
    "ParisBoard",
    "board",
    "square_name",
]

FILES = "abcdefghijkl"
RANKS = 16
CITADEL_FILES = range(4, 10)  # d..i, file index a = 1
CITADEL_RANKS = range(6, 12)  # 6..11

# (file step, rank step); the order is fixed because direction numbers are stored in tables.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)

# Circle layouts of the option 'citadel' (reconstructions): positions in square-centre units,
# ring lines, gate squares.
_RING_LINES = ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 0))
_LAYOUTS: dict[str, tuple[tuple[tuple[float, float], ...], dict[int, tuple[str, str]]]] = {
    "ring": (
        (
            (6.5, 5.5),
            (5.0, 7.0),
            (4.5, 8.5),
            (5.0, 10.0),
            (6.5, 11.5),
            (8.0, 10.0),
            (8.5, 8.5),
            (8.0, 7.0),
        ),
        {0: ("f5", "g5"), 4: ("f12", "g12")},
    ),
    "ring-flank-gates": (
        (
            (6.5, 6.5),
            (5.0, 7.0),
            (3.5, 8.5),
            (5.0, 10.0),
            (6.5, 10.5),
            (8.0, 10.0),
            (9.5, 8.5),
            (8.0, 7.0),
        ),
        {2: ("c8", "c9"), 6: ("j8", "j9")},
    ),
}


def square_name(file: int, rank: int) -> str:
    """``square_name(1, 1) == "a1"``; file index a = 1."""
    return f"{FILES[file - 1]}{rank}"


def _is_square(file: int, rank: int) -> bool:
    return (
        1 <= file <= len(FILES)
        and 1 <= rank <= RANKS
        and not (file in CITADEL_FILES and rank in CITADEL_RANKS)
    )


@dataclass(frozen=True, eq=False)
class ParisBoard:
    """One citadel layout's board graph, as flat tables indexed by node number."""

    layout: str
    names: tuple[str, ...]
    index: dict[str, int]
    n_squares: int
    file: tuple[int, ...]  # 0 for circles
    rank: tuple[int, ...]  # 0 for circles
    xy: tuple[tuple[float, float], ...]  # drawing position, square-centre units
    dark: tuple[bool, ...]  # False for circles
    # ray[d][node]: the neighbouring square in direction d, or -1 (off the board, citadel, circle)
    ray: tuple[tuple[int, ...], ...]
    circle_links: tuple[tuple[int, ...], ...]  # per node; empty for squares
    gate_of: tuple[int, ...]  # per node: the circle a gate square leads to, else -1
    gate_squares: tuple[tuple[int, ...], ...]  # per node: a gate circle's squares, else ()
    gates: tuple[int, ...]

    def is_circle(self, node: int) -> bool:
        """True for the citadel's circles."""
        return node >= self.n_squares

    def is_dark(self, node: int) -> bool:
        """Square colour: dark iff file index + rank is even (a1 dark), a reconstruction."""
        return self.dark[node]

    @property
    def circles(self) -> range:
        """Node numbers of the eight circles."""
        return range(self.n_squares, len(self.names))

    def node(self, name: str) -> int:
        """The node number of ``name``; raises a ``ValueError`` with a reason if there is
        none (a :class:`TypeError` if ``name`` is not text)."""
        check_type(name, str, "name")
        if name in self.index:
            return self.index[name]
        raise unknown("name", name, ("a1-l16", "C0-C7"), describe_missing_node(name))


def describe_missing_node(name: object) -> str:
    """Why ``name`` is not a node of the board, in words. Names are ASCII: ``a¹`` or ``c①``
    are no squares, however their digits look.

    >>> describe_missing_node("e7"), describe_missing_node("a17")
    ('e7 lies inside the citadel area (d6-i11), which has circles, not squares', \
'a17 is off the board (files a-l, ranks 1-16)')
    >>> describe_missing_node("a²")
    "'a²' is not a point of the Siege of Paris board (squares a1-l16, circles C0-C7)"
    """
    if isinstance(name, str) and len(name) >= 2 and name[0] in FILES:
        rank = ascii_number(name[1:], longest=3)
        if rank is not None:
            f = FILES.index(name[0]) + 1
            if f in CITADEL_FILES and rank in CITADEL_RANKS:
                return tr(
                    "{name} lies inside the citadel area (d6-i11), which has circles, not squares",
                    name=name,
                )
            return tr("{name} is off the board (files a-l, ranks 1-16)", name=name)
    return tr(
        "{name} is not a point of the Siege of Paris board (squares a1-l16, circles C0-C7)",
        name=shorten(name),
    )


def board(layout: str = "ring") -> ParisBoard:
    """The board for a citadel layout (``"ring"`` or ``"ring-flank-gates"``), built once."""
    check_type(layout, str, "layout")
    if layout not in _LAYOUTS:
        raise unknown(
            "layout",
            layout,
            _LAYOUTS,
            f"unknown citadel layout {shorten(layout)}; choose one of {', '.join(_LAYOUTS)}",
        )
    return _board(layout)


@cache
def _board(layout: str) -> ParisBoard:
    positions, gate_table = _LAYOUTS[layout]
    coords = [
        (f, r) for r in range(1, RANKS + 1) for f in range(1, len(FILES) + 1) if _is_square(f, r)
    ]
    names = [square_name(f, r) for f, r in coords] + [f"C{i}" for i in range(8)]
    index = {n: i for i, n in enumerate(names)}
    n_sq = len(coords)
    at = {fr: i for i, fr in enumerate(coords)}
    ray = tuple(
        tuple(at.get((f + df, r + dr), -1) for f, r in coords) + (-1,) * 8 for df, dr in DIRECTIONS
    )
    links: list[list[int]] = [[] for _ in names]
    for a, b in _RING_LINES:
        links[n_sq + a].append(n_sq + b)
        links[n_sq + b].append(n_sq + a)
    gate_of = [-1] * len(names)
    gate_squares: list[tuple[int, ...]] = [()] * len(names)
    for c, squares in gate_table.items():
        gate_squares[n_sq + c] = tuple(index[s] for s in squares)
        for s in squares:
            gate_of[index[s]] = n_sq + c
    return ParisBoard(
        layout=layout,
        names=tuple(names),
        index=ReadOnlyDict(index),  # shared by every game on this layout: never changed
        n_squares=n_sq,
        file=tuple(f for f, _ in coords) + (0,) * 8,
        rank=tuple(r for _, r in coords) + (0,) * 8,
        xy=tuple((float(f), float(r)) for f, r in coords) + positions,
        dark=tuple((f + r) % 2 == 0 for f, r in coords) + (False,) * 8,
        ray=ray,
        circle_links=tuple(tuple(sorted(x)) for x in links),
        gate_of=tuple(gate_of),
        gate_squares=tuple(gate_squares),
        gates=tuple(n_sq + c for c in sorted(gate_table)),
    )
