"""Colours and shapes of the drawings: a colour-blind-safe palette (Okabe and Ito), and shapes
that carry a piece's rank on their own, so no reader depends on colour alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from matplotlib import patheffects
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path

__all__ = [
    "HALO",
    "MARKERS",
    "PALETTE",
    "PIECE_COLOURS",
    "RANK_SIZE",
    "RING_STYLES",
    "THEMES",
    "Z_BOARD",
    "Z_DEST",
    "Z_LAST_MOVE",
    "Z_LINES",
    "Z_MARKS",
    "Z_PIECES",
    "Z_POINTS",
    "Z_RINGS",
    "Z_TEXT",
    "check_theme",
    "marker_style",
    "theme_in_force",
]

# Drawing order, back to front: board, lines, points, pieces, the last move, rings,
# destinations, marks, text. Everything that shows the position (pieces, last move) lies below
# everything that shows the reader's current choice (the rings and marks above them): a
# widget keeps the board with its position as one picture and draws only the choice over it
# on a click (see BoardView.draw_choice). Destinations sit on empty points, clear of pieces,
# and above the rings: a gate circle lies between four squares, and the ring round a piece
# on one of them must not hide the dot that says the piece may step onto the circle.
Z_BOARD, Z_LINES, Z_POINTS, Z_PIECES, Z_LAST_MOVE, Z_RINGS, Z_DEST, Z_MARKS, Z_TEXT = (
    0,
    1,
    2,
    5,
    5.3,
    5.6,
    6,
    7,
    8,
)

PALETTE: dict[str, str] = {
    # board
    "light": "#F4ECDD",
    "dark": "#A9B8C4",
    "citadel": "#E3D9C6",
    "line": "#5A5048",
    "fortress": "#F2D7A6",
    "point": "#5A5048",
    "frame": "#3B3330",
    "text": "#222222",
    # highlights (Okabe-Ito)
    "selected": "#0072B2",
    "destination": "#009E73",
    "capture": "#009E73",
    "forbidden": "#D55E00",
    "marked": "#CC79A7",
    "last_move": "#56B4E9",
    # behind white words (the tags that name a refusing rule): the vermillion darkened
    # until white text on it reaches WCAG AA's 4.5:1
    "tag": "#B34700",
}

# The rings' line styles. Each mark differs from the others by shape or pattern as well as
# by colour, so that a reader who cannot tell the colours apart still tells the marks apart:
# the chosen piece has a solid ring, a piece that may be captured a dotted one, a marked
# piece a dashed one, and a forbidden move a solid ring with a cross beside it.
RING_STYLES: dict[str, str] = {
    "selected": "-",
    "capture": ":",
    "marked": "--",
    "forbidden": "-",
}

# A light outline around small text (point names), so lines crossing it do not hide it.
HALO = [patheffects.withStroke(linewidth=3.0, foreground="white", alpha=0.9)]

# face, edge per side
PIECE_COLOURS: dict[str, tuple[str, str]] = {
    "white": ("#FFFFFF", "#1A1A1A"),
    "black": ("#1A1A1A", "#FFFFFF"),
    "garrison": ("#E69F00", "#1A1A1A"),
    "attacker": ("#1A1A1A", "#FFFFFF"),
    "defender": ("#FFFFFF", "#1A1A1A"),
}

# The themes. "high-contrast" keeps the Okabe-Ito marks and the pieces, and draws the board
# in black on white and grey, its lines and text heavier in contrast: for a projector in a
# bright room, or a reader with low vision.
THEMES: dict[str, dict[str, str]] = {
    "standard": dict(PALETTE),
    "high-contrast": {
        **PALETTE,
        "light": "#FFFFFF",
        "dark": "#C8C8C8",
        "citadel": "#FFFFFF",
        "line": "#000000",
        "fortress": "#FFE08A",
        "point": "#000000",
        "frame": "#000000",
        "text": "#000000",
    },
}


def check_theme(theme: object, argument: str = "theme") -> str:
    """``theme`` if it names one of :data:`THEMES`, else an :class:`~siege_nb.ArgumentError`
    (a ``TypeError`` if it is no ``str``)."""
    from siege_nb.errors import ArgumentError, check_type

    check_type(theme, str, argument)
    if theme not in THEMES:
        raise ArgumentError(argument, theme, f"a theme: {', '.join(THEMES)}")
    return str(theme)


# The themes in force, innermost last (PALETTE holds the last one's colours).
_IN_FORCE: list[str] = ["standard"]


@contextmanager
def theme_in_force(theme: str) -> Iterator[None]:
    """Draw with ``theme``'s colours inside the ``with`` block (:data:`PALETTE` holds them
    there), and with the colours it had before after it.

    >>> with theme_in_force("high-contrast"):
    ...     PALETTE["line"]
    '#000000'
    >>> PALETTE["line"]
    '#5A5048'
    """
    check_theme(theme)
    if _IN_FORCE[-1] == theme:
        # Already drawing in it (a view's update calls its highlights, both themed).
        yield
        return
    before = dict(PALETTE)
    PALETTE.update(THEMES[theme])
    _IN_FORCE.append(theme)
    try:
        yield
    finally:
        _IN_FORCE.pop()
        PALETTE.clear()
        PALETTE.update(before)


# A circle as a polygon of many sides, drawn the same as matplotlib's "o" at every size a
# board uses: Agg flattens curves anyway, and a collection of curved markers costs a
# Python-level search of the curves' extremes on each draw, a noticeable part of a click.
_ANGLES = np.linspace(0, 2 * np.pi, 97)  # 96 sides, and the first corner again to close
_CIRCLE = MarkerStyle(Path(np.c_[np.cos(_ANGLES), np.sin(_ANGLES)], closed=True))


def marker_style(name: str) -> str | MarkerStyle:
    """The marker matplotlib draws for ``name`` (a marker letter): the many-sided circle for
    ``"o"``, the letter itself otherwise."""
    return _CIRCLE if name == "o" else name


# More sides for a higher rank, as in the boardandpieces reconstruction.
MARKERS: dict[str, str] = {
    "general": "h",
    "colonel": "p",
    "captain": "s",
    "lieutenant": "^",
    "soldier": "o",
    "attacker": "o",
    "defender": "o",
}

# Marker size as a fraction of the distance between neighbouring points.
RANK_SIZE: dict[str, float] = {
    "general": 0.86,
    "colonel": 0.84,
    "captain": 0.72,
    "lieutenant": 0.80,
    "soldier": 0.66,
    "attacker": 0.62,
    "defender": 0.74,
}
