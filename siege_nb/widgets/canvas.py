"""BoardCanvas: the drawing part every widget shares.

One ipympl canvas holding one or several boards side by side. It builds its figure once, at a
size the widget chooses, hides the toolbar, header and footer, turns a mouse press into the name
of the point under it, updates the drawn artists in place, shows errors in an HTML area, and
draws a board afresh only when the board itself changes (an option that adds or moves points).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from siege_nb.games.base import Game
from siege_nb.render import BoardView, Highlights
from siege_nb.widgets.common import Blitter, BoardFigure, canvas_for, escape, png_of

__all__ = ["BoardCanvas", "CanvasHost", "board_key"]

# Axes of a one-board canvas, as fractions of the figure: a thin margin and room for the
# caption above. The layout is fixed because a layout engine would run again on every draw.
SINGLE_RECT = (0.01, 0.01, 0.98, 0.93)


def board_key(game: Game) -> tuple[Any, ...]:
    """What decides the drawn board: the game and its options that change the board
    (flagged ``changes_board`` in the rule data).

    Two games with the same key are drawn on the same board, so a view can be updated in
    place; a different key means new points or lines, so the board is drawn afresh.

    >>> import siege_nb as sn
    >>> paris = sn.new_game("siege-of-paris")
    >>> board_key(paris) == board_key(paris.with_rules(protection="adjacent"))
    True
    >>> board_key(paris) == board_key(paris.with_rules(citadel="ring-flank-gates"))
    False
    """
    rules = game.rules
    return (game.game, *((o.name, rules[o.name]) for o in rules.options if o.changes_board))


class BoardCanvas:
    """An ipympl canvas with ``panels`` boards side by side, drawn from games on demand.

    ``size`` is the figure size in inches (at 100 dpi); ``on_click`` receives the name of the
    point nearest a mouse press on any board, or ``None`` for a press off every point; errors
    are shown in ``message`` (a new HTML area if not given), prefixed by ``error_prefix``.
    The boards are drawn at the first :meth:`update`, so a caller may still adjust the
    layout of :attr:`axes` (a title above several boards) after building the canvas.

    >>> import siege_nb as sn
    >>> board = BoardCanvas((6.0, 7.6))
    >>> view = board.update(sn.new_game("siege-of-paris"))
    >>> view.pieces_drawn(), board.update(sn.new_game("siege-of-paris")) is view
    (44, True)
    """

    def __init__(
        self,
        size: tuple[float, float],
        *,
        panels: int = 1,
        on_click: Callable[[str | None], None] | None = None,
        message: w.HTML | None = None,
        error_prefix: str = "",
    ) -> None:
        if panels < 1:
            raise ValueError(f"a canvas shows at least one board, not {panels}")
        self.fig = BoardFigure(figsize=size, dpi=100)
        self.canvas = canvas_for(self.fig)
        self.axes: list[Axes] = (
            [self.fig.add_axes(SINGLE_RECT)]
            if panels == 1
            else list(self.fig.subplots(1, panels, squeeze=False)[0])
        )
        self.views: list[BoardView] = []
        self._keys: list[tuple[Any, ...]] = []
        self.blitter = Blitter(self.canvas, self.views)
        self.message = message if message is not None else w.HTML()
        self.error_prefix = error_prefix
        self.last_error: Exception | None = None
        self.on_click = on_click
        if on_click is not None:
            self.canvas.mpl_connect("button_press_event", self._on_press)

    @property
    def view(self) -> BoardView:
        """The view of the first (or only) board."""
        return self.views[0]

    @property
    def ax(self) -> Axes:
        """The axes of the first (or only) board."""
        return self.axes[0]

    def update(
        self,
        game: Game,
        *,
        highlights: Highlights | None = None,
        caption: str | None = None,
        panel: int = 0,
    ) -> BoardView:
        """Show ``game`` on board ``panel``: move the pieces and highlights in place, or draw
        the board afresh if its points changed. Call :meth:`redraw` afterwards."""
        key = board_key(game)
        if panel < len(self.views) and self._keys[panel] == key:
            view = self.views[panel]
        else:
            view = self._build(game, panel, key)
        view.update(game, highlights=highlights, caption=caption)
        return view

    def _build(self, game: Game, panel: int, key: tuple[Any, ...]) -> BoardView:
        if panel > len(self.views):
            raise IndexError(f"draw board {len(self.views)} before board {panel}")
        ax = self.axes[panel]
        if panel < len(self.views):
            ax.clear()
        view = BoardView(game, ax, animated=True)
        if panel < len(self.views):
            self.views[panel] = view
            self._keys[panel] = key
        else:
            self.views.append(view)
            self._keys.append(key)
        # The static background kept for blitting shows the old board.
        self.blitter.invalidate()
        return view

    def redraw(self, in_event: bool = False) -> None:
        """Send the changed drawing to the browser: only the changing artists inside a browser
        event once a full drawing exists, else a full draw (``draw_idle()`` outside events)."""
        self.blitter.refresh(in_event)

    def node_at(self, event: Any) -> str | None:
        """The point under a mouse event on any board, or ``None``."""
        for view in self.views:
            if event.inaxes is view.ax:
                return view.node_at(event.xdata, event.ydata)
        return None

    def _on_press(self, event: Any) -> None:
        if self.on_click is None:
            return
        try:
            self.on_click(self.node_at(event))
        except Exception as err:  # shown to the reader: errors in callbacks are invisible
            self.show_error(err)

    def show_error(self, err: Exception) -> None:
        """Keep ``err`` as :attr:`last_error` and show it in the message area."""
        self.last_error = err
        self.message.value = (
            f"<span style='color:#D55E00'>{escape(self.error_prefix)}"
            f"{escape(type(err).__name__)}: {escape(err)}</span>"
        )

    def to_png(self, dpi: int = 100) -> bytes:
        """The boards as shown now, as PNG bytes."""
        return png_of(self.fig, self.views, dpi)


class CanvasHost:
    """What a widget drawn on a :class:`BoardCanvas` offers through it: the figure, the ipympl
    canvas, the axes and views, the last error, and a PNG of what is shown.

    A widget sets ``self.board_canvas``; the guarded callbacks of
    :func:`~siege_nb.widgets.common.guarded` report errors through :meth:`_show_error`.
    """

    board_canvas: BoardCanvas

    @property
    def fig(self) -> Figure:
        """The matplotlib figure."""
        return self.board_canvas.fig

    @property
    def canvas(self) -> Any:
        """The ipympl canvas widget (tests send it synthetic mouse events)."""
        return self.board_canvas.canvas

    @property
    def ax(self) -> Axes:
        """The axes of the first (or only) board."""
        return self.board_canvas.ax

    @property
    def view(self) -> BoardView:
        """The first (or only) drawn board; a new one after the board itself changed."""
        return self.board_canvas.view

    @property
    def views(self) -> list[BoardView]:
        """Every drawn board, left to right."""
        return self.board_canvas.views

    @property
    def last_error(self) -> Exception | None:
        """The last unexpected error shown to the reader, if any."""
        return self.board_canvas.last_error

    def _show_error(self, err: Exception) -> None:
        self.board_canvas.show_error(err)

    def to_png(self, dpi: int = 100) -> bytes:
        """The board(s) as shown now, as PNG bytes (for slides and tests)."""
        return self.board_canvas.to_png(dpi)
