"""Figure sizes from a board's drawn extent, so no table of sizes per game is needed, and where
a board and its key go inside the space a figure gives them.

A board is drawn with equal scales on both axes, so the figure that fits it snugly follows from
the drawing's extent (the view limits its drawer sets, see :func:`board_extent`), a margin
around it, some room above for the caption and, when the board has a key, the key's own size
beside or below it (:class:`KeySize`; :func:`siege_nb.render.legend.key_size` measures it).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from siege_nb.errors import ArgumentError, check_type
from siege_nb.render.checks import check_number, check_pair
from siege_nb.render.extent import Extent
from siege_nb.render.families import family_of

__all__ = [
    "DEFAULT_BOX",
    "KEY_GAP",
    "KeySize",
    "Rect",
    "board_extent",
    "board_height",
    "check_key_size",
    "figure_size",
    "place",
]

# Inches a figure may take by default, key included: at 100 dpi no taller than what a
# 1024 x 768 screen shows of a notebook's output, and not wider than its output area.
DEFAULT_BOX: tuple[float, float] = (9.6, 6.8)

# Inches between a board and its key.
KEY_GAP = 0.15


class KeySize(NamedTuple):
    """The room a board's key takes, in inches, and on which side of the board it sits
    (``"right"`` of a tall board, ``"below"`` a wide one)."""

    width: float
    height: float
    side: Literal["right", "below"]


class Rect(NamedTuple):
    """A rectangle ``(x, y, width, height)``, from its lower-left corner (inches or figure
    fractions, as the caller says)."""

    x: float
    y: float
    width: float
    height: float


def check_key_size(key: Any, argument: str = "key") -> KeySize:
    """``key`` if it is a :class:`KeySize` of finite sizes at least zero, on a known side."""
    check_type(key, KeySize, argument)
    check_number(key.width, f"{argument}.width", minimum=0)
    check_number(key.height, f"{argument}.height", minimum=0)
    if key.side not in ("right", "below"):
        raise ArgumentError(f"{argument}.side", key.side, "'right' or 'below'")
    return key  # type: ignore[no-any-return]


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
    key: KeySize | None = None,
) -> tuple[float, float]:
    """The figure size ``(width, height)`` in inches for drawing ``board``.

    With ``height`` the figure is that tall and as wide as the board's extent needs at equal
    scales; without it, the largest figure that fits in ``box`` (width, height). ``margin``
    is the room around the board on every side and ``top`` the extra room above it for the
    caption, both in inches (a figure whose title sits elsewhere passes other values).
    With ``key``, the key's room is added beside or below the board (and the figure is made
    at least as tall, or as wide, as the key). Sizes are rounded to hundredths of an inch.

    >>> from siege_nb.boards import paris, pyramid
    >>> figure_size(paris.board())
    (5.21, 6.8)
    >>> figure_size(pyramid.board(), 6.9)
    (7.46, 6.9)
    >>> w, h = figure_size(pyramid.board()); w > h  # a triangle is wider than it is tall
    True
    >>> figure_size(paris.board(), 9.4, key=KeySize(2.0, 5.0, "right"))
    (9.37, 9.4)
    >>> figure_size(paris.board(), key=KeySize(2.0, 5.0, "right"))  # the key shares the box
    (7.36, 6.8)

    Every argument is checked: sizes are finite numbers (``height`` and the box's sides
    above zero, the margins at least zero); a height or box that leaves the board no room
    is an :class:`~siege_nb.ArgumentError`.
    """
    aspect = board_extent(board).aspect
    if height is not None:
        height = check_number(height, "height", above=0)
    margin = check_number(margin, "margin", minimum=0)
    top = check_number(top, "top", minimum=0)
    box = check_pair(box, "box")
    if key is not None:
        check_key_size(key)
    key_w = key.width + KEY_GAP if key is not None and key.side == "right" else 0.0
    key_h = key.height + KEY_GAP if key is not None and key.side == "below" else 0.0
    room_w, room_h = 2 * margin + key_w, 2 * margin + top + key_h
    if height is None:
        width_max, height = box
        if room_w + aspect * (height - room_h) > width_max:
            height = room_h + (width_max - room_w) / aspect
    if height <= room_h:
        raise ArgumentError(
            "height",
            height,
            f"a height above {room_h:g} inches: a lower one leaves no room for the board "
            "(beside its margins, caption and key)",
        )
    width = room_w + aspect * (height - room_h)
    if key is not None and key.side == "right":
        height = max(height, 2 * margin + top + key.height)
    elif key is not None:
        width = max(width, 2 * margin + key.width)
    return round(width, 2), round(height, 2)


def board_height(
    board: Any,
    key: KeySize | None,
    *,
    margin: float = 0.3,
    top: float = 0.25,
    box: tuple[float, float] = DEFAULT_BOX,
) -> float:
    """How tall (inches) :func:`figure_size` draws ``board`` in ``box`` with ``key`` beside or
    below it: the measure by which a figure chooses its key's side.

    >>> from siege_nb.boards import pyramid
    >>> right, below = KeySize(2.4, 5.3, "right"), KeySize(6.8, 2.4, "below")
    >>> board_height(pyramid.board(), right) > board_height(pyramid.board(), below)
    True
    """
    width, height = figure_size(board, margin=margin, top=top, box=box, key=key)
    if key is not None and key.side == "right":
        # The figure may be taller than the board needs, to hold a tall key: go by its width.
        return (width - 2 * margin - key.width - KEY_GAP) / board_extent(board).aspect
    return height - 2 * margin - top - (key.height + KEY_GAP if key is not None else 0.0)


def place(space: Rect, aspect: float, key: KeySize | None = None) -> tuple[Rect, Rect | None]:
    """Where the board (and its key) go inside ``space`` (inches): the largest board of
    ``aspect`` (width over height) that leaves room for the key, the two centred together,
    the key's top level with the board's top (beside it) or its left edge centred under the
    board (below it). Returns the board's rectangle and the key's (``None`` without a key).

    >>> place(Rect(0.0, 0.0, 10.0, 10.0), 0.5)
    (Rect(x=2.5, y=0.0, width=5.0, height=10.0), None)
    >>> place(Rect(0.0, 0.0, 10.0, 10.0), 0.5, KeySize(1.85, 4.0, "right"))[1]
    Rect(x=6.65, y=6.0, width=1.85, height=4.0)
    """
    x, y, w, h = space
    if key is None:
        bh = max(min(h, w / aspect), 1e-3)
        bw = aspect * bh
        return Rect(x + (w - bw) / 2, y + (h - bh) / 2, bw, bh), None
    if key.side == "right":
        bh = max(min(h, (w - key.width - KEY_GAP) / aspect), 1e-3)
        bw = aspect * bh
        left = x + (w - bw - KEY_GAP - key.width) / 2
        bottom = y + (h - bh) / 2
        kh = min(key.height, h)
        # Top-aligned with the board, but never below the space given.
        ky = max(y, bottom + bh - kh)
        return Rect(left, bottom, bw, bh), Rect(left + bw + KEY_GAP, ky, key.width, kh)
    bh = max(min(h - key.height - KEY_GAP, w / aspect), 1e-3)
    bw = aspect * bh
    bottom = y + (h - bh - KEY_GAP - key.height) / 2
    left = x + (w - bw) / 2
    kw = min(key.width, w)
    kx = min(max(x, left + (bw - kw) / 2), x + w - kw)
    return Rect(left, bottom + key.height + KEY_GAP, bw, bh), Rect(kx, bottom, kw, key.height)
