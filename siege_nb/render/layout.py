"""Figure sizes from a board's drawn extent, so no table of sizes per game is needed.

A board is drawn with equal scales on both axes, so the figure that fits it snugly follows from
the drawing's extent (the view limits its drawer sets, see :func:`board_extent`), a margin
around it and some room above for the caption.
"""

from __future__ import annotations

from typing import Any

from siege_nb.render.extent import Extent
from siege_nb.render.families import family_of

__all__ = ["DEFAULT_BOX", "board_extent", "figure_size"]

# Inches a figure may take by default: tall enough for the long Paris board on a projector,
# about a screen's height, and not wider than a notebook's output area.
DEFAULT_BOX: tuple[float, float] = (7.8, 9.4)


def board_extent(board: Any) -> Extent:
    """The view limits the board's drawer sets (board units); the one source of the extent."""
    return family_of(board).extent(board)


def figure_size(
    board: Any,
    height: float | None = None,
    *,
    margin: float = 0.3,
    top: float = 0.25,
    box: tuple[float, float] = DEFAULT_BOX,
) -> tuple[float, float]:
    """The figure size ``(width, height)`` in inches for drawing ``board``.

    With ``height`` the figure is that tall and as wide as the board's extent needs at equal
    scales; without it, the largest figure that fits in ``box`` (width, height). ``margin``
    is the room around the board on every side and ``top`` the extra room above it for the
    caption, both in inches (a figure whose title sits elsewhere passes other values).
    Sizes are rounded to hundredths of an inch.

    >>> from siege_nb.boards import paris, pyramid
    >>> figure_size(paris.board())
    (7.22, 9.4)
    >>> figure_size(pyramid.board(), 6.9)
    (7.46, 6.9)
    >>> w, h = figure_size(pyramid.board()); w > h  # a triangle is wider than it is tall
    True
    """
    aspect = board_extent(board).aspect
    room_w, room_h = 2 * margin, 2 * margin + top
    if height is None:
        width_max, height = box
        if room_w + aspect * (height - room_h) > width_max:
            height = room_h + (width_max - room_w) / aspect
    if height <= room_h:
        raise ValueError(f"a figure {height} inches high leaves no room for the board")
    width = room_w + aspect * (height - room_h)
    return round(width, 2), round(height, 2)
