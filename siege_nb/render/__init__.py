"""Drawings of the three boards with matplotlib (the engine itself never imports this).

Boards are drawn by family (:mod:`~siege_nb.render.squares` for the Siege of Paris board,
:mod:`~siege_nb.render.points` for the boards of points and lines), chosen by the board's
type; :func:`figure_size` sizes a figure from the drawn extent (and the key's room, from
:func:`key_size`). A key beside or below the board (:mod:`~siege_nb.render.legend`) names the
pieces and marks; the tags naming refusing rules are placed clear of pieces and of each other
(:mod:`~siege_nb.render.marks`).

>>> import siege_nb as sn
>>> from siege_nb.render import draw, export
>>> view = draw(sn.new_game("siege-of-paris"))
>>> view.pieces_drawn()
44
>>> view.legend_shown()
True
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg

from siege_nb.errors import ArgumentError, shorten
from siege_nb.games.base import Game, Move
from siege_nb.render.checks import check_dpi, check_point
from siege_nb.render.extent import Extent
from siege_nb.render.families import family_of
from siege_nb.render.files import check_path, write_atomically
from siege_nb.render.layout import KeySize, board_extent, figure_size
from siege_nb.render.legend import key_size
from siege_nb.render.style import PALETTE
from siege_nb.render.view import (
    BoardView,
    Highlights,
    check_highlights,
    check_last_move,
    explore_highlights,
)

__all__ = [
    "PALETTE",
    "BoardView",
    "Extent",
    "Highlights",
    "KeySize",
    "board_extent",
    "check_game",
    "draw",
    "explore_highlights",
    "export",
    "family_of",
    "figure_size",
    "key_size",
    "png_bytes",
]


def draw(
    game: Game,
    ax: Axes | None = None,
    *,
    highlights: Highlights | None = None,
    explore: str | None = None,
    coords: bool = True,
    names: bool | None = None,
    last_move: Move | bool | None = True,
    caption: str | None = None,
    legend: bool | str | None = None,
) -> BoardView:
    """Draw ``game``'s position on ``ax`` (a new figure if ``None``) and return the artists.

    ``highlights`` emphasises points (see :class:`Highlights`); ``explore`` highlights the
    moves of the piece on that node, legal and forbidden (see ``Game.explore``); ``coords``
    labels files and ranks; ``names`` writes every node's name (by default only on a board
    whose coordinates do not give them, Pyramid Siege's triangle); ``last_move`` shows the last
    move as an arrow along its path; ``caption`` replaces the default title (game, preset,
    side to move or result). ``legend`` adds the key (pieces, marks, the rules refusing the
    marked moves) beside or below the board: ``True``, ``False``, or ``"right"``/``"below"``
    to choose its side; by default a new figure has one (on the side that leaves the board
    larger, the figure no larger than without it) and a drawing on your own ``ax`` has none.

    >>> import siege_nb as sn
    >>> view = draw(sn.new_game("belagerung"), legend=False)
    >>> view.legend_shown(), view.key is None
    (False, True)

    Every argument is checked before anything is drawn: a point not on the board, in
    ``explore`` or in a field of ``highlights``, is an :class:`~siege_nb.ArgumentError`
    naming it; ``explore`` and ``highlights`` cannot both be given.

    >>> draw(sn.new_game("belagerung"), highlights=Highlights(selected="zz"))
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: highlights.selected: 'zz' is not accepted; a point of the \
board (such as a3)
    """
    check_game(game)
    points = game.board.index
    if highlights is not None:
        check_highlights(highlights, points)
    if explore is not None:
        check_point(points, explore, "explore")
        if highlights is not None:
            raise ArgumentError(
                "explore", explore, "either explore or highlights, not both (explore makes them)"
            )
    check_last_move(last_move, points)
    if explore is not None:
        highlights, _ = explore_highlights(game, explore)
    if legend is None:
        legend = ax is None
    view = BoardView(game, ax, coords=coords, names=names, caption=caption, legend=legend)
    if highlights is not None or last_move is not True:
        view.update(game, highlights=highlights, last_move=last_move)
    return view


def check_game(value: Any, argument: str = "game") -> Game:
    """``value`` if it is a :class:`~siege_nb.Game`, else a :class:`TypeError` naming
    ``argument``."""
    if not isinstance(value, Game):
        raise TypeError(
            f"{argument} must be a Game (from sn.new_game), not "
            f"{type(value).__name__} ({shorten(value)})"
        )
    return value


def png_bytes(game: Game, dpi: float = 100, **options: Any) -> bytes:
    """The drawing of ``game`` as PNG bytes (what a notebook shows for a Game); ``options``
    as for :func:`draw`."""
    check_game(game)
    dpi = check_dpi(dpi)
    view = draw(game, **options)
    FigureCanvasAgg(view.fig)
    buffer = io.BytesIO()
    view.fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def export(game: Game, path: str | os.PathLike[str], dpi: float = 150, **options: Any) -> Path:
    """Write the drawing of ``game`` to ``path`` (``.png`` or ``.svg``) for slides and handouts.

    Extra keywords go to :func:`draw` (``highlights``, ``names``, ``caption``, ``legend``...):
    the picture has the key beside or below the board unless ``legend=False``. ``dpi`` is
    from 10 to 600 dots per inch.

    Every argument is checked before anything is written, and the file is written whole or
    not at all (a temporary file beside it, renamed): a path of the wrong type is a
    ``TypeError``; another ending, a missing folder or a bad ``dpi`` an
    :class:`~siege_nb.ArgumentError` (a missing folder's is also a ``FileNotFoundError``).
    """
    check_game(game)
    target = check_path(path, "path", what="picture", suffixes=(".png", ".svg"))
    dpi = check_dpi(dpi)
    view = draw(game, **options)
    FigureCanvasAgg(view.fig)
    picture_format = target.suffix.lower()[1:]

    def write(temporary: Path) -> None:
        view.fig.savefig(temporary, dpi=dpi, format=picture_format)

    return write_atomically(target, write, what="picture", suffixes=(".png", ".svg"))
