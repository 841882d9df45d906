"""Drawing a board of squares: the Siege of Paris checkerboard, the citadel area in its middle
with its circles and the lines between them, the gates, and files and ranks around the frame.

Every size comes from the board: the frame surrounds its squares, the citadel is the hole the
squares leave inside the frame, and the labels are read from the squares' names.
"""

from __future__ import annotations

import math

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

from siege_nb.boards.paris import ParisBoard
from siege_nb.render.extent import Extent
from siege_nb.render.style import HALO, PALETTE, Z_BOARD, Z_LINES, Z_POINTS, Z_TEXT

__all__ = ["citadel", "coordinate_labels", "draw_board", "extent", "frame", "named_points"]

# Square-centre units between the frame and the view limits: room for the coordinates, which
# sit at LABEL_GAP outside the frame.
BORDER = 0.85
LABEL_GAP = 0.45
# From a circle's centre to its name.
NAME_GAP = 0.74


def frame(board: ParisBoard) -> Extent:
    """The outer edge of the squares (each square is one unit wide around its centre).

    >>> from siege_nb.boards.paris import board
    >>> frame(board())
    Extent(x0=0.5, x1=12.5, y0=0.5, y1=16.5)
    """
    xs = [board.xy[i][0] for i in range(board.n_squares)]
    ys = [board.xy[i][1] for i in range(board.n_squares)]
    return Extent(min(xs) - 0.5, max(xs) + 0.5, min(ys) - 0.5, max(ys) + 0.5)


def citadel(board: ParisBoard) -> Extent | None:
    """The area inside the frame that has no squares (where the circles are), or ``None``.

    >>> from siege_nb.boards.paris import board
    >>> citadel(board())
    Extent(x0=3.5, x1=9.5, y0=5.5, y1=11.5)
    """
    present = {(board.file[i], board.rank[i]) for i in range(board.n_squares)}
    files = range(min(f for f, _ in present), max(f for f, _ in present) + 1)
    ranks = range(min(r for _, r in present), max(r for _, r in present) + 1)
    hole = [(f, r) for f in files for r in ranks if (f, r) not in present]
    if not hole:
        return None
    # File and rank numbers are the squares' drawing positions (square-centre units).
    return Extent(
        min(f for f, _ in hole) - 0.5,
        max(f for f, _ in hole) + 0.5,
        min(r for _, r in hole) - 0.5,
        max(r for _, r in hole) + 0.5,
    )


def extent(board: ParisBoard) -> Extent:
    """The view limits: the frame and a border for the coordinates."""
    edge = frame(board)
    return Extent(edge.x0 - BORDER, edge.x1 + BORDER, edge.y0 - BORDER, edge.y1 + BORDER)


def coordinate_labels(board: ParisBoard) -> tuple[dict[float, str], dict[float, str]]:
    """Where each file and rank is drawn and what it is called: ``({x: letter}, {y: rank})``,
    read from the squares' names (``"f5"`` is on file ``"f"`` and rank ``"5"``).

    >>> from siege_nb.boards.paris import board
    >>> files, ranks = coordinate_labels(board())
    >>> files[1.0], files[12.0], ranks[16.0], len(files), len(ranks)
    ('a', 'l', '16', 12, 16)
    """
    files: dict[float, str] = {}
    ranks: dict[float, str] = {}
    for i in range(board.n_squares):
        rank = str(board.rank[i])
        x, y = board.xy[i]
        files.setdefault(x, board.names[i].removesuffix(rank))
        ranks.setdefault(y, rank)
    return dict(sorted(files.items())), dict(sorted(ranks.items()))


def named_points(board: ParisBoard) -> frozenset[str]:
    """The points whose names the board drawing always writes: the circles, which have no
    file and rank to read them by.

    >>> from siege_nb.boards.paris import board
    >>> sorted(named_points(board()))[:2]
    ['C0', 'C1']
    """
    return frozenset(board.names[c] for c in board.circles)


def draw_board(ax: Axes, board: ParisBoard, coords: bool) -> Extent:
    """Draw the static board on ``ax`` and set (and return) the view limits."""
    xy = board.xy
    squares = [Rectangle((xy[i][0] - 0.5, xy[i][1] - 0.5), 1, 1) for i in range(board.n_squares)]
    colours = [
        PALETTE["dark"] if board.dark[i] else PALETTE["light"] for i in range(board.n_squares)
    ]
    ax.add_collection(
        PatchCollection(squares, facecolors=colours, edgecolors="none", zorder=Z_BOARD)
    )
    edge = frame(board)
    middle = citadel(board)
    if middle is not None:
        ax.add_patch(
            Rectangle(
                (middle.x0, middle.y0),
                middle.width,
                middle.height,
                facecolor=PALETTE["citadel"],
                edgecolor=PALETTE["frame"],
                linewidth=2.5,
                zorder=Z_BOARD,
            )
        )
    ax.add_patch(
        Rectangle(
            (edge.x0, edge.y0),
            edge.width,
            edge.height,
            facecolor="none",
            edgecolor=PALETTE["frame"],
            linewidth=3,
            zorder=Z_LINES,
        )
    )
    # Gates point away from the citadel's centre, out through the wall.
    centre = middle or edge
    cx, cy = (centre.x0 + centre.x1) / 2, (centre.y0 + centre.y1) / 2
    segments: list[list[tuple[float, float]]] = []
    for c in board.circles:
        segments.extend([xy[c], xy[d]] for d in board.circle_links[c] if d > c)
    for g in board.gates:
        segments.extend([xy[g], xy[s]] for s in board.gate_squares[g])
        gx, gy = xy[g]
        dx, dy = gx - cx, gy - cy
        norm = math.hypot(dx, dy)
        tip = (gx + 1.05 * dx / norm, gy + 1.05 * dy / norm)
        ax.add_patch(
            FancyArrowPatch(
                (gx, gy),
                tip,
                arrowstyle="-|>",
                mutation_scale=26,
                color=PALETTE["frame"],
                linewidth=3,
                shrinkA=0,
                shrinkB=0,
                zorder=Z_LINES,
            )
        )
    ax.add_collection(
        LineCollection(segments, colors=PALETTE["line"], linewidths=2.5, zorder=Z_LINES)
    )
    for c in board.circles:
        ax.add_patch(
            Circle(
                xy[c],
                0.47,
                facecolor=PALETTE["light"],
                edgecolor=PALETTE["line"],
                linewidth=2.5,
                zorder=Z_POINTS,
            )
        )
        # Each name inside the citadel, towards its middle: never under a gate's arrow, which
        # points outwards, and clear of the lines, which leave the circle sideways.
        x, y = xy[c]
        dx, dy = cx - x, cy - y
        norm = math.hypot(dx, dy) or 1.0
        ax.text(
            x + NAME_GAP * dx / norm,
            y + NAME_GAP * dy / norm,
            board.names[c],
            ha="center",
            va="center",
            fontsize=8,
            color=PALETTE["line"],
            zorder=Z_TEXT,
            path_effects=HALO,
        )
    if coords:
        text = PALETTE["text"]
        files, ranks = coordinate_labels(board)
        for x, letter in files.items():
            for y in (edge.y0 - LABEL_GAP, edge.y1 + LABEL_GAP):
                ax.text(x, y, letter, ha="center", va="center", fontsize=12, color=text)
        for y, number in ranks.items():
            for x in (edge.x0 - LABEL_GAP, edge.x1 + LABEL_GAP):
                ax.text(x, y, number, ha="center", va="center", fontsize=11, color=text)
    limits = extent(board)
    ax.set_xlim(limits.x0, limits.x1)
    ax.set_ylim(limits.y0, limits.y1)
    return limits
