"""BoardCanvas: the drawing part every widget shares.

One ipympl canvas holding one or several boards. It builds its figure once, hides the toolbar,
header and footer, turns a mouse press into the name of the point under it, updates the drawn
artists in place, shows errors in an HTML area, and draws a board afresh only when the board
itself changes (an option that adds or moves points) or the figure changes size.

Sizing. ipympl draws a figure at a fixed size in pixels and has no way to follow the space it
is given, so every canvas comes with a :class:`SpaceProbe`: a small front-end widget placed at
the top of the host widget that reports, in CSS pixels, the width of the host's row, the
visible height of the page area it scrolls in (the notebook panel in JupyterLab, the window
elsewhere) and how far down that area the widget starts. The host chooses its figure size from
that :class:`Space` (:func:`fit_board`) and :meth:`BoardCanvas.resize` sets it: the figure is
resized through ipympl's own resize message, so the canvas element is always exactly as large
as the figure and a mouse press keeps landing on the point under it. Without a browser (tests,
nbval, a static export) nothing reports and the figure keeps the size chosen for
:data:`DEFAULT_SPACE`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import ipywidgets as w
import traitlets
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from siege_nb.errors import ArgumentError, check_int, check_list, check_type, shorten
from siege_nb.games.base import Game
from siege_nb.i18n import tr
from siege_nb.render import BoardView, Highlights, figure_size, key_size
from siege_nb.render.checks import check_dpi, check_flag, check_number, check_pair
from siege_nb.render.layout import KeySize, board_extent, board_height
from siege_nb.render.legend import MAX_SHARE, MIN_SCALE
from siege_nb.render.style import check_theme
from siege_nb.render.view import check_highlights, key_side
from siege_nb.widgets.access import Access, keys_note
from siege_nb.widgets.common import Blitter, BoardFigure, canvas_for, error_html, escape, guarded

__all__ = [
    "DEFAULT_SPACE",
    "SIZES",
    "BoardCanvas",
    "CanvasHost",
    "SizedBoard",
    "Space",
    "SpaceProbe",
    "board_key",
    "check_size",
    "fit_board",
    "fit_with_panel",
    "key_toggle",
]

# Axes of a one-board canvas, as fractions of the figure: a thin margin and room for the
# caption above. The layout is fixed because a layout engine would run again on every draw.
SINGLE_RECT = (0.01, 0.01, 0.98, 0.93)

Rect = tuple[float, float, float, float]

# Pixels per inch of every widget figure (CSS pixels: ipympl scales for HiDPI screens itself).
DPI = 100
# The sizes a widget offers: "normal" fits the board in the visible part of the page with its
# panel beside it where there is room; "large" (for a projector) gives the board the whole
# visible height and width and puts the panel below it.
SIZES = ("normal", "large")
# CSS pixels kept free: below the board (the page's own padding, a scroll bar), across it (the
# canvas's frame and the widgets' margins) and between the board and a panel beside it.
V_MARGIN = 24
H_SLACK = 16
GAP = 12
# A board smaller than this (either side, pixels; margins and key not counted) beside its
# panel puts the panel below, or asks for the narrow panel.
MIN_BESIDE = 340
# The narrow panel (pixels) and the least board beside it (either side, pixels).
NARROW_PANEL = 260
MIN_BESIDE_NARROW = 220
# Pixels of the visible height kept for the panel's first lines under a board.
BELOW_ROOM = 190
# Inches above and below a key beside the board: figure_size's margins and caption room.
KEY_MARGINS = 0.85
# No board is drawn smaller than this (pixels), whatever the space.
MIN_BOARD = 280


class Space(NamedTuple):
    """The room a widget has in the page, in CSS pixels, as its :class:`SpaceProbe` reports:
    the width of the widget's row, the visible height of the page area it scrolls in, and
    how far from the top of that area's content the widget starts."""

    width: int
    height: int
    top: int = 0


# The room assumed before a browser reports (and without one): a notebook on a 1024 x 768
# screen, once the browser's and JupyterLab's bars have taken their share.
DEFAULT_SPACE = Space(width=900, height=640, top=0)

# The probe's front-end: it measures its own element (as wide as the host's row, zero pixels
# high), the scroll area around it (JupyterLab's notebook panel, Voila's notebook, else the
# window), and sends the three numbers whenever they change, at most every 120 ms. Setting
# ``scroll_to`` to a new value scrolls the widget's top to the top of the visible area. The
# element shows what it sent and what the kernel has applied (``applied``, set after the
# figure was resized) as data attributes, so a browser test can wait for the final size.
PROBE_ESM = """
function scrollerOf(el) {
  return el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook') || null;
}
export default {
  render({ model, el }) {
    el.dataset.siegeProbe = '';
    const applied = () => { el.dataset.siegeApplied = JSON.stringify(model.get('applied')); };
    model.on('change:applied', applied);
    let timer = null;
    let last = '';
    let watched = null;
    const ro = new ResizeObserver(() => later());
    const measure = () => {
      timer = null;
      if (!el.isConnected) return;
      const rect = el.getBoundingClientRect();
      if (rect.width < 10) return;  // hidden, e.g. in a tab not shown
      const sc = scrollerOf(el);
      if (sc && sc !== watched) { ro.observe(sc); watched = sc; }
      const height = sc ? sc.clientHeight : window.innerHeight;
      const top = sc ? rect.top - sc.getBoundingClientRect().top + sc.scrollTop
                     : rect.top + window.scrollY;
      const space = {width: Math.floor(rect.width), height: Math.floor(height),
                     top: Math.max(0, Math.round(top))};
      const key = JSON.stringify(space);
      if (key === last) return;
      last = key;
      el.dataset.siegeSpace = key;  // read by the browser tests
      model.set('space', space);
      model.save_changes();
    };
    const later = () => { if (timer === null) timer = setTimeout(measure, 120); };
    ro.observe(el);
    window.addEventListener('resize', later);
    const scroll = () => el.scrollIntoView({block: 'start'});
    model.on('change:scroll_to', scroll);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', later);
      model.off('change:scroll_to', scroll);
      model.off('change:applied', applied);
      if (timer !== null) clearTimeout(timer);
    };
  }
};
"""

try:
    from anywidget import AnyWidget as _ProbeBase
except ImportError:  # pragma: no cover - anywidget is a dependency; without it, fixed sizes
    _ProbeBase = w.Box  # type: ignore[misc]


class SpaceProbe(_ProbeBase):  # type: ignore[misc,valid-type]
    """A zero-height widget that reports the room its row has in the page (see :class:`Space`).

    Put it first in a box whose children wrap (``flex_flow="row wrap"``) or in a column: it
    takes a whole line of the box, zero pixels high. ``space`` is a dict with ``width``,
    ``height`` and ``top`` (empty until a browser shows the widget); ``applied`` is the space
    the widget has been sized for; increment ``scroll_to`` to scroll the widget into view.
    """

    _esm = PROBE_ESM
    space = traitlets.Dict().tag(sync=True)
    applied = traitlets.Dict().tag(sync=True)
    scroll_to = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        layout = w.Layout(width="100%", height="0px", margin="0", overflow="hidden")
        super().__init__(layout=layout, **kwargs)


def check_size(value: Any, argument: str = "size") -> str:
    """``value`` if it is one of :data:`SIZES`."""
    check_type(value, str, argument)
    if value not in SIZES:
        raise ArgumentError(argument, value, f"one of: {', '.join(SIZES)}")
    return str(value)


def board_room(space: Space, *, size: str = "normal", page: bool = False) -> tuple[int, int]:
    """The pixels ``(width, height)`` a board may take in ``space``.

    A board fits the visible height, less a margin. ``page`` is for a widget that is the page
    (an app): in the normal size its board also fits below what stands above the widget, so
    the whole board shows without scrolling, unless that leaves too little room.
    """
    check_size(size)
    height = space.height - V_MARGIN
    if page and size == "normal" and space.height - space.top - V_MARGIN >= MIN_BOARD:
        height = space.height - space.top - V_MARGIN
    return max(MIN_BOARD, space.width - H_SLACK), max(MIN_BOARD, height)


def fit_board(
    board: Any,
    space: Space,
    *,
    beside: int = 0,
    size: str = "normal",
    page: bool = False,
    key: KeySize | None = None,
    min_beside: int = MIN_BESIDE,
) -> tuple[tuple[float, float], bool]:
    """The figure size (inches at 100 pixels each) for ``board`` in ``space``, and whether a
    panel ``beside`` pixels wide goes beside the board (else it goes below).

    The board is as large as the visible height and the row's width allow. A panel stays
    beside it if the board keeps at least :data:`MIN_BESIDE` pixels both ways there (or loses
    nothing; ``min_beside`` sets another least size); the ``"large"`` size always puts the
    panel below. With ``key``, the figure has
    room for the board's key too (:func:`~siege_nb.render.figure_size`), and the board itself,
    not the board with its key, must keep those pixels beside the panel. See
    :func:`board_room`.

    >>> from siege_nb.boards import paris
    >>> fit_board(paris.board(), Space(1500, 960), beside=400)
    ((7.19, 9.36), True)
    >>> fit_board(paris.board(), Space(580, 650), beside=400)  # too narrow: panel below
    ((4.79, 6.26), False)
    >>> key = KeySize(2.73, 6.06, "right")
    >>> fit_board(paris.board(), Space(900, 700), beside=400, key=key)  # the key takes the room
    ((7.99, 6.76), False)
    >>> fit_board(paris.board(), Space(592, 647), beside=400, key=key)  # a narrow row
    ((5.76, 6.22), False)
    """
    width, height = board_room(space, size=size, page=page)
    if key is not None:
        # A key taller than the room, or wider than its share of the row, is drawn smaller
        # (as the view will draw it), so that the figure stays within the visible height
        # and leaves the board room.
        fits = min(
            (height / DPI - KEY_MARGINS) / key.height, MAX_SHARE * width / DPI / key.width, 1.0
        )
        if fits < 1.0:
            f = max(fits, MIN_SCALE)
            key = KeySize(key.width * f, key.height * f, key.side)

    def box(room_w: int) -> tuple[float, float]:
        return max(room_w, MIN_BOARD) / DPI, height / DPI

    def sized(room_w: int) -> tuple[float, float] | None:
        """The figure in that width, or ``None`` if the key leaves the board no room."""
        try:
            return figure_size(board, box=box(room_w), key=key)
        except ValueError:
            return None

    # In a row too narrow for even the smallest key, the figure is sized for the board alone;
    # the view then draws the key as small as it must.
    alone = sized(width) or figure_size(board, box=box(width))
    if beside and size == "normal":
        next_to = sized(width - beside - GAP)
        if next_to is not None:
            board_h = board_height(board, key, box=box(width - beside - GAP))
            board_w = board_h * board_extent(board).aspect
            fits = next_to[0] * DPI + beside + GAP <= width + 0.5
            if fits and (next_to == alone or min(board_w, board_h) * DPI >= min_beside - 0.5):
                return next_to, True
    return alone, False


def fit_with_panel(
    board: Any,
    space: Space,
    panel: int,
    *,
    size: str = "normal",
    page: bool = False,
    key: KeySize | None = None,
) -> tuple[tuple[float, float], int]:
    """The figure size for ``board`` in ``space`` and the width of the panel beside it (0:
    the panel goes below). The panel stays beside the board wherever it can: at ``panel``
    pixels if the board keeps :data:`MIN_BESIDE` pixels both ways, else at
    :data:`NARROW_PANEL` pixels if the board keeps :data:`MIN_BESIDE_NARROW` (JupyterLab
    with its file panel open on a 1024-pixel screen). Below a board, the panel's first lines
    (whose turn it is, what a click did) keep :data:`BELOW_ROOM` pixels of the visible height
    where the board can spare them, so that board and text show together.

    >>> from siege_nb.boards import paris
    >>> fit_with_panel(paris.board(), Space(860, 640), 360)
    ((4.71, 6.16), 360)
    >>> fit_with_panel(paris.board(), Space(592, 647), 360)  # the file panel open
    ((3.04, 4.0), 260)
    >>> fit_with_panel(paris.board(), Space(420, 647), 360)  # a phone: the panel below
    ((3.29, 4.33), 0)
    """
    if size == "normal":
        for width, least in ((panel, MIN_BESIDE), (min(panel, NARROW_PANEL), MIN_BESIDE_NARROW)):
            fitted, beside = fit_board(
                board, space, beside=width, page=page, key=key, min_beside=least
            )
            if beside:
                return fitted, width
        # Below: keep room under the board for the panel's first lines, if the board keeps
        # a size that reads.
        short = Space(space.width, space.height - BELOW_ROOM, space.top)
        fitted, _ = fit_board(board, short, page=page, key=key)
        if min(fitted) * DPI >= MIN_BESIDE_NARROW:
            return fitted, 0
    fitted, _ = fit_board(board, space, size=size, page=page, key=key)
    return fitted, 0


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
    """An ipympl canvas with ``panels`` boards, drawn from games on demand.

    ``size`` is the figure size in inches (at 100 dpi); ``rects`` places the boards' axes, as
    fractions of the figure (by default one board filling the figure, or several side by
    side); ``on_click`` receives the name of the point nearest a mouse press on any board, or
    ``None`` for a press off every point; errors are shown in ``message`` (a new HTML area if
    not given), prefixed by ``error_prefix``. ``on_space`` is called with the new
    :class:`Space` whenever the browser reports another (the host then calls :meth:`resize`);
    the host shows :attr:`probe` at its top for that. ``legend`` draws each board with its key
    (see :class:`~siege_nb.render.BoardView`; :meth:`set_legend` switches it). The boards are
    drawn at the first :meth:`update`, so a caller may still adjust the figure (a title above
    several boards) after building the canvas.

    >>> import siege_nb as sn
    >>> board = BoardCanvas((6.0, 7.6))
    >>> view = board.update(sn.new_game("siege-of-paris"))
    >>> view.pieces_drawn(), board.update(sn.new_game("siege-of-paris")) is view
    (44, True)
    >>> board.resize((5.0, 6.3)), board.view is view, board.view.pieces_drawn()
    (True, False, 44)
    """

    def __init__(
        self,
        size: tuple[float, float],
        *,
        panels: int = 1,
        rects: Sequence[Rect] | None = None,
        on_click: Callable[[str | None], None] | None = None,
        message: w.HTML | None = None,
        error_prefix: str = "",
        on_space: Callable[[Space], None] | None = None,
        legend: bool | str = False,
    ) -> None:
        size = check_pair(size, "size")
        check_int(panels, "panels", minimum=1, maximum=16)
        places = _check_rects(rects, panels) if rects is not None else _row_rects(panels)
        for name, hook in (("on_click", on_click), ("on_space", on_space)):
            if hook is not None and not callable(hook):
                raise TypeError(f"{name} must be callable or None, not {type(hook).__name__}")
        check_type(message, (w.HTML, type(None)), "message")
        check_type(error_prefix, str, "error_prefix")
        key_side(legend, 1.0)
        self.fig = BoardFigure(figsize=size, dpi=DPI)
        self.canvas = canvas_for(self.fig)
        # The canvas keeps the figure's size in the row: it never stretches beside a panel.
        self.canvas.layout.flex = "0 0 auto"
        self._rects = places
        self.axes: list[Axes] = [self.fig.add_axes(r) for r in self._rects]
        self.views: list[BoardView] = []
        self._keys: list[tuple[Any, ...]] = []
        self.legend = legend
        self.theme = "standard"  # the colours the boards are drawn in (set_theme)
        # What each board shows, to draw it again at another size.
        self._shown: list[tuple[Game, Highlights | None, str | None]] = []
        self.blitter = Blitter(self.canvas, self.views)
        self.message = message if message is not None else w.HTML()
        self.error_prefix = error_prefix
        self.last_error: Exception | None = None
        self.on_click = on_click
        if on_click is not None:
            self.canvas.mpl_connect("button_press_event", self._on_press)
        # The reader may also drag the canvas's corner: draw the boards again for that size.
        self.canvas.mpl_connect("resize_event", self._on_resized)
        self.space = DEFAULT_SPACE
        self.on_space = on_space
        self.probe = SpaceProbe()
        self.probe.observe(self._on_probe, names="space")

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
        the board afresh if its points changed. Call :meth:`redraw` afterwards. The boards
        are drawn in order: ``panel`` is at most the number drawn so far."""
        check_type(game, Game, "game")
        check_int(panel, "panel", minimum=0, maximum=min(len(self.views), len(self.axes) - 1))
        if highlights is not None:
            check_highlights(highlights, game.board.index)
        check_type(caption, (str, type(None)), "caption")
        key = board_key(game)
        if panel < len(self.views) and self._keys[panel] == key:
            view = self.views[panel]
        else:
            view = self._build(game, panel, key)
        view.update(game, highlights=highlights, caption=caption)
        shown = (game, highlights, caption)
        if panel < len(self._shown):
            self._shown[panel] = shown
        else:
            self._shown.append(shown)
        return view

    def _build(self, game: Game, panel: int, key: tuple[Any, ...]) -> BoardView:
        if panel > len(self.views):
            raise IndexError(f"draw board {len(self.views)} before board {panel}")
        ax = self.axes[panel]
        if panel < len(self.views):
            ax.clear()
        view = BoardView(game, ax, animated=True, legend=self.legend, theme=self.theme)
        if panel < len(self.views):
            self.views[panel] = view
            self._keys[panel] = key
        else:
            self.views.append(view)
            self._keys.append(key)
        # The static background kept for blitting shows the old board.
        self.blitter.invalidate()
        return view

    # -- size -------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        """The figure's size in inches (100 pixels each)."""
        width, height = self.fig.get_size_inches()
        return round(float(width), 2), round(float(height), 2)

    def resize(self, size: tuple[float, float], rects: Sequence[Rect] | None = None) -> bool:
        """Give the figure ``size`` (inches) and the boards ``rects`` (figure fractions; by
        default they keep theirs), and draw every board again to fit: markers and lines are
        sized for the figure they are drawn in. Returns whether anything changed.

        ipympl passes the new size to the browser, which resizes the canvas element to match,
        so clicks keep landing where the boards are drawn."""
        width, height = check_pair(size, "size")
        size = (round(width, 2), round(height, 2))
        new_rects = _check_rects(rects, len(self.axes)) if rects is not None else self._rects
        if size == self.size and new_rects == self._rects:
            return False
        self.fig.set_size_inches(*size, forward=True)
        self._rects = new_rects
        self._redo_boards()
        return True

    def _redo_boards(self) -> None:
        """Draw every board again at the figure's size, showing what it showed."""
        for ax, rect in zip(self.axes, self._rects, strict=True):
            ax.set_position(rect)
        for panel, (game, highlights, caption) in enumerate(self._shown):
            view = self._build(game, panel, self._keys[panel])
            view.update(game, highlights=highlights, caption=caption)
        self.blitter.invalidate()
        # draw_idle, never draw(): this may run before the browser shows the canvas.
        self.canvas.draw_idle()

    def _on_resized(self, _: Any) -> None:
        try:
            self._redo_boards()
        except Exception as err:  # shown to the reader: errors in callbacks are invisible
            self.show_error(err)

    def set_theme(self, theme: str) -> None:
        """Draw every board in ``theme``'s colours (``"standard"`` or ``"high-contrast"``,
        :data:`~siege_nb.render.style.THEMES`), showing what each showed."""
        theme = check_theme(theme)
        if theme != self.theme:
            self.theme = theme
            self._redo_boards()

    def set_legend(self, legend: bool | str) -> None:
        """Show (``True``, ``"right"``, ``"below"``) or hide (``False``) every board's key.
        The key is part of the static drawing, so the whole figure is drawn again."""
        self.legend = legend
        for view in self.views:
            view.set_legend(legend)
        self.blitter.invalidate()
        self.canvas.draw_idle()

    def scroll_into_view(self) -> None:
        """Ask the browser to scroll the widget's top (where the probe is) into view."""
        self.probe.scroll_to += 1

    def _on_probe(self, change: dict[str, Any]) -> None:
        value = change["new"] or {}
        try:
            space = Space(int(value["width"]), int(value["height"]), int(value.get("top", 0)))
        except (KeyError, TypeError, ValueError):
            return  # nothing measured yet
        if space != self.space:
            self.space = space
            if self.on_space is not None:
                try:
                    self.on_space(space)
                except Exception as err:  # shown to the reader: errors in callbacks are invisible
                    self.show_error(err)
        # Sent after the figure's resize message, so the browser has resized the canvas when
        # this arrives.
        self.probe.applied = dict(value)

    # -- drawing and events ---------------------------------------------------------------------
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

    def show_error(self, err: Exception, failed: Exception | None = None) -> None:
        """Keep ``err`` as :attr:`last_error` and show it in the message area, in words, with
        the details folded away (:func:`~siege_nb.widgets.common.error_html`; ``failed`` is an
        error met while putting the widget back as it was). ``error_prefix`` comes first."""
        self.last_error = err
        prefix = f"<div>{escape(self.error_prefix)}</div>" if self.error_prefix else ""
        self.message.value = prefix + error_html(err, tr("the board"), failed)

    def forget_pictures(self) -> None:
        """Drop the pictures kept for fast redraws, so that the next redraw draws everything
        (after something failed half-way through a drawing)."""
        self.blitter.invalidate()

    def layout_state(self) -> tuple[tuple[float, float], list[Rect]]:
        """The figure's size and the boards' places, for :meth:`restore_layout`."""
        return self.size, list(self._rects)

    def restore_layout(self, state: tuple[tuple[float, float], list[Rect]]) -> None:
        """Put the figure's size and the boards' places back as :meth:`layout_state` gave
        them, every board drawn again."""
        size, rects = state
        if size != self.size or rects != self._rects:
            self.fig.set_size_inches(*size, forward=True)
            self._rects = list(rects)
        self._redo_boards()

    def to_png(self, dpi: float = 100) -> bytes:
        """The boards as shown now, as PNG bytes (``dpi`` from 10 to 600)."""
        return self.blitter.png(check_dpi(dpi))


def _check_rects(rects: Any, panels: int) -> list[Rect]:
    """``rects`` as a list, if it holds one ``(left, bottom, width, height)`` place (figure
    fractions) per board."""
    check_list(rects, "rects", "a list of places", Sequence)
    if len(rects) != panels:
        raise ArgumentError("rects", rects, f"one place per board: {panels}")
    out: list[Rect] = []
    for i, rect in enumerate(rects):
        if not isinstance(rect, (tuple, list)) or len(rect) != 4:
            raise TypeError(
                f"rects[{i}] must be (left, bottom, width, height), not {shorten(rect)}"
            )
        left, bottom, width, height = (
            check_number(v, f"rects[{i}][{j}]", minimum=0, maximum=1) for j, v in enumerate(rect)
        )
        out.append((left, bottom, width, height))
    return out


def _row_rects(panels: int) -> list[Rect]:
    """``panels`` boards side by side, filling the figure with a thin margin."""
    if panels == 1:
        return [SINGLE_RECT]
    width = 0.98 / panels
    return [(0.01 + i * width + 0.005, 0.01, width - 0.01, 0.88) for i in range(panels)]


class CanvasHost:
    """What a widget drawn on a :class:`BoardCanvas` offers through it: the figure, the ipympl
    canvas, the axes and views, the last error, a PNG of what is shown, and the boards'
    theme (standard or high contrast).

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

    def _show_error(self, err: Exception, failed: Exception | None = None) -> None:
        self.board_canvas.show_error(err, failed)

    def to_png(self, dpi: float = 100) -> bytes:
        """The board(s) as shown now, as PNG bytes (for slides and tests); ``dpi`` from 10
        to 600."""
        return self.board_canvas.to_png(dpi)

    # -- the high-contrast theme ------------------------------------------------------------
    contrast_button: w.ToggleButton

    def _make_contrast_toggle(self) -> None:
        """Make the *High contrast* toggle (a widget calls this once and places it)."""
        self.contrast_button = w.ToggleButton(
            value=False,
            description=tr("High contrast"),
            icon="adjust",
            tooltip=tr("Draw the board in black, white and grey, for a bright room or low vision"),
            layout=w.Layout(width="auto"),
        )
        self.contrast_button.observe(self._on_contrast_button, names="value")

    @property
    def theme(self) -> str:
        """The boards' colours: ``"standard"`` or ``"high-contrast"`` (see :meth:`set_theme`)."""
        return self.board_canvas.theme

    def set_theme(self, theme: str = "standard") -> None:
        """Draw the board(s) in ``theme``'s colours: ``"standard"``, or ``"high-contrast"``
        (the board in black, white and grey; the marks and pieces as before, so a reader
        who knows them finds them again); the *High contrast* toggle does the same.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("belagerung")
        >>> board.set_theme("high-contrast"); board.contrast_button.value
        True
        """
        theme = check_theme(theme)
        self.contrast_button.value = theme == "high-contrast"  # no-op when it asked
        self.board_canvas.set_theme(theme)
        self.board_canvas.redraw()

    def _toggle_theme(self) -> None:
        """The *H* key: the other theme."""
        self.set_theme("standard" if self.contrast_button.value else "high-contrast")

    @guarded
    def _on_contrast_button(self, change: dict[str, Any]) -> None:
        wanted = "high-contrast" if change["new"] else "standard"
        if wanted != self.theme:
            self.set_theme(wanted)


def key_toggle(what: str = "board") -> w.ToggleButton:
    """The *Key* toggle button every widget shows (``what``: "board" or "boards")."""
    tip = (
        tr("What the shapes, colours and marks on the boards mean")
        if what == "boards"
        else tr("What the shapes, colours and marks on the board mean")
    )
    return w.ToggleButton(
        value=False,
        description=tr("Key"),
        icon="list",
        tooltip=tip,
        layout=w.Layout(width="auto"),
    )


class SizedBoard(CanvasHost):
    """The *Large board*, *Key* and *High contrast* toggles of a widget with one board, and
    what they do.

    A widget calls :meth:`_make_toggles` once (after ``self.board_canvas`` exists), sets
    ``side`` (its panel) and :attr:`SIDE_PX`, and writes ``_sized_game()``, the game whose
    board (and key) the figure is sized for.
    """

    _size: str
    _page: bool
    _key: bool
    size_button: w.ToggleButton
    key_button: w.ToggleButton
    access: Any  # the widget's keys and live region (siege_nb.widgets.access.Access)
    side: w.Box  # the panel beside (or below) the board
    SIDE_PX: int = 400  # the panel's width when it stands beside the board

    def _make_toggles(self, below: str) -> None:
        """Make the toggles; ``below`` names what goes under a large board."""
        self._size, self._page, self._key = "normal", False, False
        self.size_button = w.ToggleButton(
            value=False,
            description=tr("Large board"),
            icon="expand",
            tooltip=tr(
                "The board as large as the screen, for a projector; {what} goes below", what=below
            ),
            layout=w.Layout(width="auto"),
        )
        self.size_button.observe(self._on_size_button, names="value")
        self.key_button = key_toggle("board")
        self.key_button.observe(self._on_key_button, names="value")
        self._make_contrast_toggle()

    def _sized_game(self) -> Game:
        """The game whose board the figure is sized for."""
        raise NotImplementedError

    def describe(self, point: str | None = None) -> str:
        """The shown position in words (each widget says what it shows)."""
        raise NotImplementedError

    def _make_access(self, keys: Mapping[str, str], describe_tip: str) -> None:
        """Make the widget's keys and live region, its *Describe* button and the line that
        lists its keys (a widget calls this once, adds :data:`HOST_CLASS` to itself and
        places ``access``, ``describe_button`` and ``keys_note``)."""
        self.access = Access(keys, self._on_access_key)
        self.describe_button = w.Button(
            description=tr("Describe"),
            icon="comment",
            tooltip=describe_tip,
            layout=w.Layout(width="auto"),
        )
        self.describe_button.on_click(self._on_describe)
        self.keys_note = keys_note(keys)

    def _on_access_key(self, action: str) -> None:
        raise NotImplementedError

    def press(self, key: str) -> None:
        """Act as if the reader pressed ``key`` with the keyboard's focus on the widget (its
        keys are listed under its panel: *D* describe, *K* key, *L* large board, *H* high
        contrast, and the widget's own). A key that does nothing is ignored; ``key`` must
        be a ``str``."""
        check_type(key, str, "key")
        self.access.press(key)

    def _shared_key(self, action: str) -> None:
        """What the keys every widget with one board shares do (the widget's own first)."""
        if action == "key":
            self.set_key(not self.key_button.value)
        elif action == "large":
            self.set_size("normal" if self.size_button.value else "large")
        elif action == "contrast":
            self._toggle_theme()
        elif action == "describe":
            self.describe()

    @guarded
    def _on_describe(self, _: Any = None) -> None:
        self.describe()

    def _fit(self, space: Space | None = None) -> None:
        """Size the board (and its key) for the space the browser reported (or the last
        one) and put the panel beside or below it."""
        game = self._sized_game()
        fitted, panel = fit_with_panel(
            game.board,
            space or self.board_canvas.space,
            self.SIDE_PX,
            size=self._size,
            page=self._page,
            key=key_size(game.game, "right") if self._key else None,
        )
        self._place_side(panel)
        self.board_canvas.resize(fitted)

    @guarded
    def _on_space(self, space: Space) -> None:
        self._fit(space)

    def _sized_snapshot(self) -> tuple[Any, ...]:
        """What sizing decides (the figure, the panel's place, the toggles), to put back with
        :meth:`_sized_restore` after a failure."""
        width = str(self.side.layout.width or "")
        return (
            self.board_canvas.layout_state(),
            int(width.removesuffix("px")) if width.endswith("px") else 0,
            self._size,
            self._page,
            self._key,
        )

    def _sized_restore(self, snapshot: tuple[Any, ...]) -> None:
        figure, panel, self._size, self._page, self._key = snapshot
        self._place_side(panel)
        self.size_button.value = self._size == "large"
        self.key_button.value = self._key
        if self.board_canvas.legend != ("right" if self._key else False):
            self.board_canvas.set_legend("right" if self._key else False)
        self.board_canvas.restore_layout(figure)

    def _place_side(self, panel: int | bool) -> None:
        """Put the panel beside the board, ``panel`` pixels wide (``True``: at
        :attr:`SIDE_PX`), or below it (``0`` or ``False``)."""
        width = self.SIDE_PX if panel is True else int(panel)
        layout = self.side.layout
        layout.width = f"{width}px" if width else "100%"
        layout.max_width = None if width else "760px"
        layout.padding = "0 0 0 12px" if width else "12px 0 0 0"

    def set_size(self, size: str = "normal", *, page: bool | None = None) -> None:
        """Size the board for a notebook (``"normal"``) or a projector (``"large"``); the
        *Large board* toggle does the same.

        Normal: the board fits the visible height of the page and the width of the output,
        with the panel beside it where there is room, else below. Large: the board takes the
        whole visible height and width, the panel goes below, and the page scrolls to the
        board. ``page=True`` is for a widget that is the whole page (the classroom app): the
        normal board also fits below whatever stands above it. The size follows the window
        whenever it changes.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("pyramid-siege")
        >>> board.set_size("large"); board.size_button.value
        True
        """
        check_size(size)
        check_type(page, (bool, type(None)), "page")
        if page is not None:
            self._page = page
        changed, self._size = size != self._size, size
        self.size_button.value = size == "large"  # no-op when the toggle asked for it
        self._fit()
        if changed:
            self.board_canvas.scroll_into_view()

    @property
    def size(self) -> str:
        """The board's size: ``"normal"`` or ``"large"`` (see :meth:`set_size`)."""
        return self._size

    def set_key(self, shown: bool = True) -> None:
        """Show or hide the key beside the board: the pieces' shapes by rank and army, what
        each mark means, the last-move arrow and the rules behind the marks; the *Key*
        toggle does the same. The board shrinks to make room for it.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("belagerung")
        >>> board.set_key(True); board.view.legend_shown(), board.key_button.value
        (True, True)
        """
        self._key = check_flag(shown, "shown")
        self.key_button.value = self._key  # no-op when the toggle asked for it
        self.board_canvas.set_legend("right" if self._key else False)
        self._fit()

    @guarded
    def _on_size_button(self, change: dict[str, Any]) -> None:
        wanted = "large" if change["new"] else "normal"
        if wanted != self._size:
            self.set_size(wanted)

    @guarded
    def _on_key_button(self, change: dict[str, Any]) -> None:
        if bool(change["new"]) != self._key:
            self.set_key(bool(change["new"]))
