"""Which drawer draws a board: chosen by the board's type, never by the game's name.

Two families of boards are drawn: boards of squares (the Siege of Paris board, with its
citadel of circles; :mod:`siege_nb.render.squares`) and boards of points joined by lines
(Belagerung, Pyramid Siege; :mod:`siege_nb.render.points`). Each drawer also says which part of
the plane it shows, so figure sizes (:mod:`siege_nb.render.layout`) and the view limits agree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes

import siege_nb.render.points as points
import siege_nb.render.squares as squares
from siege_nb.boards.graph import PointBoard
from siege_nb.boards.paris import ParisBoard
from siege_nb.render.extent import Extent

__all__ = ["FAMILIES", "Family", "family_of"]


@dataclass(frozen=True)
class Family:
    """A family of boards and its drawer.

    ``extent(board)`` gives the view limits; ``draw(ax, board, coords)`` draws the static board
    (with coordinates if ``coords``), sets those limits and returns them; ``named(board)``
    lists the points whose names that drawing already writes (a view asked for every
    point's name writes only the others, so no name appears twice); ``needs_names(board)``
    says whether a reader needs every point's name written, because the coordinates around
    the board do not give it (a view then writes them unless told not to).
    """

    name: str
    board_type: type
    extent: Callable[[Any], Extent]
    draw: Callable[[Axes, Any, bool], Extent]
    named: Callable[[Any], frozenset[str]] = lambda board: frozenset()
    needs_names: Callable[[Any], bool] = lambda board: False


FAMILIES: tuple[Family, ...] = (
    Family("squares", ParisBoard, squares.extent, squares.draw_board, squares.named_points),
    Family("points", PointBoard, points.extent, points.draw_board, needs_names=points.needs_names),
)


def family_of(board: Any) -> Family:
    """The family that draws ``board``, by the board's type.

    >>> from siege_nb.boards import belagerung, paris
    >>> family_of(paris.board()).name, family_of(belagerung.board()).name
    ('squares', 'points')
    """
    for family in FAMILIES:
        if isinstance(board, family.board_type):
            return family
    raise TypeError(
        f"board must be a game's board (game.board), not {type(board).__name__}: "
        "no drawing for a board of that type"
    )
