"""Drawing a board of points joined by lines: Belagerung's cross-shaped lattice and Pyramid
Siege's triangle, each with its fortress shaded and its coordinates written beside it.

Nothing here asks which game a board belongs to. The fortress is drawn as the points' own
cells when the points sit on a square grid, else as their outline grown outward; the
coordinate labels are read from the points' names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.patches import Polygon, Rectangle

from siege_nb.boards.graph import PointBoard
from siege_nb.render.extent import Extent
from siege_nb.render.style import PALETTE, Z_BOARD, Z_LINES, Z_POINTS

__all__ = ["convex_hull", "coordinate_labels", "draw_board", "extent", "fortress_outline"]

# Board units between the outermost points and the view limits; more on the left and at the
# bottom, where the coordinates are written.
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_BOTTOM, MARGIN_TOP = 1.0, 0.8, 0.9, 0.8
LABEL_GAP = 0.75  # from the outermost points to the coordinates
GROW = 1.6  # the fortress outline, scaled from its centre so its points sit well inside

Point = tuple[float, float]
_NAME = re.compile(r"(?:[a-z]+\d+)+")
_PART = re.compile(r"([a-z]+)(\d+)")


def extent(board: PointBoard) -> Extent:
    """The view limits: the points and a margin (wider where the coordinates are)."""
    xs = [p[0] for p in board.xy]
    ys = [p[1] for p in board.xy]
    return Extent(
        min(xs) - MARGIN_LEFT, max(xs) + MARGIN_RIGHT, min(ys) - MARGIN_BOTTOM, max(ys) + MARGIN_TOP
    )


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The corners of the smallest convex polygon around ``points``, counter-clockwise
    (points on an edge are not corners).

    >>> convex_hull([(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)])
    [(0, 0), (2, 0), (1, 2)]
    """
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def chain(seq: Sequence[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and cross(out[-2], out[-1], p) <= 1e-9:
                out.pop()
            out.append(p)
        return out[:-1]

    return chain(pts) + chain(pts[::-1])


def on_square_grid(board: PointBoard) -> bool:
    """Whether the points are drawn on a square grid of unit spacing (whole-number positions),
    so that each point owns the unit square around it."""
    return all(float(x).is_integer() and float(y).is_integer() for x, y in board.xy)


def fortress_outline(board: PointBoard, grow: float = GROW) -> list[Point]:
    """The fortress as one polygon: the outline of its points, scaled by ``grow`` from the
    outline's centre so that the points sit well inside it.

    >>> from siege_nb.boards import pyramid
    >>> b = pyramid.board()
    >>> corners = convex_hull([b.xy[i] for i in b.fortress_points])
    >>> sorted(b.names[b.xy.index(p)] for p in corners)
    ['r4c1', 'r4c3', 'r6c3']
    >>> len(fortress_outline(b))
    3
    """
    corners = convex_hull([board.xy[i] for i in board.fortress_points])
    cx = sum(x for x, _ in corners) / len(corners)
    cy = sum(y for _, y in corners) / len(corners)
    return [(cx + grow * (x - cx), cy + grow * (y - cy)) for x, y in corners]


def coordinate_labels(board: PointBoard) -> list[tuple[float, float, str]]:
    """Coordinates to write beside the board, ``(x, y, text)``, read from the points' names.

    Names of a letter and a number (``"d6"``) give files and ranks: each letter under its
    column, each number left of its row. Names of two such parts (``"r4c1"``: row, then
    position in the row) give one label per row (``"r4"``) left of the row's first point.
    Other names give no labels.

    >>> from siege_nb.boards import belagerung, pyramid
    >>> [t for _, _, t in coordinate_labels(belagerung.board())][:3]
    ['a', 'b', 'c']
    >>> coordinate_labels(pyramid.board())[0][2], len(coordinate_labels(pyramid.board()))
    ('r0', 8)
    """
    if not all(_NAME.fullmatch(n) for n in board.names):
        return []
    parts = [_PART.findall(n) for n in board.names]
    xs = [p[0] for p in board.xy]
    ys = [p[1] for p in board.xy]
    labels: list[tuple[float, float, str]] = []
    if all(len(p) == 1 for p in parts):
        files: dict[str, float] = {}
        ranks: dict[str, float] = {}
        for ((letters, number),), (x, y) in zip(parts, board.xy, strict=True):
            files.setdefault(letters, x)
            ranks.setdefault(number, y)
        below, left = min(ys) - LABEL_GAP, min(xs) - LABEL_GAP
        labels += [(x, below, f) for f, x in sorted(files.items(), key=lambda kv: kv[1])]
        labels += [(left, y, r) for r, y in sorted(ranks.items(), key=lambda kv: kv[1])]
    elif all(len(p) == 2 for p in parts):
        rows: dict[str, Point] = {}
        for p, (x, y) in zip(parts, board.xy, strict=True):
            row = "".join(p[0])
            if row not in rows or x < rows[row][0]:
                rows[row] = (x, y)
        labels += [(x - LABEL_GAP, y, row) for row, (x, y) in rows.items()]
    return labels


def needs_names(board: PointBoard) -> bool:
    """Whether the coordinates around ``board`` leave a point's name unread: a board of
    files and ranks is read from its edges, but a point named by row and place in its row
    (``r4c2``, a triangle's) is found only by counting along the row, so its name is written
    beside it.

    >>> from siege_nb.boards import belagerung, pyramid
    >>> needs_names(belagerung.board()), needs_names(pyramid.board())
    (False, True)
    """
    labels = coordinate_labels(board)
    parts = [_PART.findall(n) for n in board.names]
    return not labels or not all(len(p) == 1 for p in parts)


def draw_board(ax: Axes, board: PointBoard, coords: bool) -> Extent:
    """Draw the static board on ``ax`` and set (and return) the view limits."""
    xy = board.xy
    if on_square_grid(board):
        ax.add_collection(
            PatchCollection(
                [Rectangle((xy[i][0] - 0.5, xy[i][1] - 0.5), 1, 1) for i in board.fortress_points],
                facecolors=PALETTE["fortress"],
                edgecolors="none",
                zorder=Z_BOARD,
            )
        )
    else:
        ax.add_patch(
            Polygon(
                fortress_outline(board),
                closed=True,
                facecolor=PALETTE["fortress"],
                edgecolor="none",
                zorder=Z_BOARD,
            )
        )
    ax.add_collection(
        LineCollection(
            [[xy[a], xy[b]] for a, b in board.lines],
            colors=PALETTE["line"],
            linewidths=2.2,
            zorder=Z_LINES,
        )
    )
    ax.scatter(
        [p[0] for p in xy], [p[1] for p in xy], s=40, color=PALETTE["point"], zorder=Z_POINTS
    )
    if coords:
        for x, y, text in coordinate_labels(board):
            ax.text(x, y, text, ha="center", va="center", fontsize=12, color=PALETTE["text"])
    limits = extent(board)
    ax.set_xlim(limits.x0, limits.x1)
    ax.set_ylim(limits.y0, limits.y1)
    return limits
