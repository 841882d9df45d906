"""RuleComparer: one position side by side under two to four readings of one option."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_list, check_type, shorten
from siege_nb.games.base import Game
from siege_nb.games.registry import new_game
from siege_nb.i18n import tr
from siege_nb.render import Highlights, figure_size
from siege_nb.render.checks import (
    check_flag,
    check_game_name,
    check_point,
    check_preset,
    find_option,
    option_value,
    rule_options,
)
from siege_nb.render.legend import key_png
from siege_nb.rules import Option, RuleSet
from siege_nb.rules import options as options_of
from siege_nb.widgets.access import HOST_CLASS, Access, board_label, keys_note
from siege_nb.widgets.canvas import (
    DEFAULT_SPACE,
    DPI,
    H_SLACK,
    MIN_BOARD,
    V_MARGIN,
    BoardCanvas,
    CanvasHost,
    Rect,
    Space,
    key_toggle,
)
from siege_nb.widgets.common import GREEN, VERMILLION, escape, explore_highlights, guarded
from siege_nb.widgets.selectors import RuleSelectors

__all__ = ["Grid", "RuleComparer", "check_option", "grid_columns", "grid_layout"]

COMPARER_KEYS = {"k": "key", "h": "contrast"}
"""The rule comparer's shortcut keys."""

# Inches around each board; inches per line of a board's caption (about 11 points: the
# board's view sizes the type to the wrapped lines, never below 9 points, 12.5 pixels), and
# the room kept above the caption.
CELL_MARGIN = 0.08
CAPTION_LINE = 0.21
CAPTION_PAD = 0.16
# The narrowest a board of a comparison may be (pixels) before the boards wrap onto more rows.
MIN_CELL = 280
# The smallest side of a board (pixels) in a grid that shows every board at once; where the
# page is too small for that, the boards scroll down instead.
MIN_GRID_BOARD = 180
# The title over all the boards and the boards' captions: font size, and about how many
# pixels a character takes at that size (to wrap them to the width they have).
TITLE_SIZE = 15
CHAR_PX = 12
# About how many pixels a character of a caption takes (captions are wrapped to this).
CAPTION_CHAR_PX = 9


def grid_columns(n: int, width: int) -> int:
    """How many of ``n`` boards go side by side in ``width`` pixels when height is no limit:
    all of them if each keeps :data:`MIN_CELL` pixels, else two (so four boards make a 2 x 2
    grid and three make 2 + 1), else one. :func:`grid_layout` also weighs the height.

    >>> grid_columns(4, 1500), grid_columns(4, 900), grid_columns(3, 900), grid_columns(2, 500)
    (4, 2, 3, 1)
    """
    for cols in (n, 2, 1):
        if cols <= n and width / cols >= MIN_CELL:
            return cols
    return 1


class Grid(NamedTuple):
    """Where the boards of a comparison go: the columns and rows, the figure size (inches),
    each board's axes (figure fractions, row by row), the title over them (wrapped, and its
    height as a fraction of the figure) and each board's caption, wrapped to its width."""

    cols: int
    rows: int
    size: tuple[float, float]
    rects: list[Rect]
    title: str
    title_y: float
    captions: list[str]


def _wrap(text: str, width_px: float, char_px: float = CHAR_PX) -> list[str]:
    """``text``'s lines wrapped to about ``width_px`` pixels of text whose characters take
    ``char_px`` pixels (15-point text by default)."""
    chars = max(12, int(width_px / char_px))
    return [
        part
        for line in text.splitlines()
        for part in textwrap.wrap(line, chars, break_on_hyphens=False) or [""]
    ]


def _grid(
    board: Any, width: float, height: float, title: str, captions: Sequence[str], cols: int
) -> Grid:
    """The grid of ``cols`` columns in ``width`` x ``height`` pixels."""
    n = len(captions)
    rows = math.ceil(n / cols)
    cell_w = width / cols
    # Twice: the cells may come out narrower than the row, and the texts then wrap again.
    for _ in range(2):
        lines = _wrap(title, cell_w * cols)
        wrapped = [_wrap(c, cell_w, CAPTION_CHAR_PX) for c in captions]
        title_h = 0.15 + 0.3 * len(lines)
        top = CAPTION_PAD + CAPTION_LINE * max(len(c) for c in wrapped)
        cell_h = max(MIN_BOARD / DPI / rows, (height / DPI - title_h) / rows)
        cw, ch = figure_size(board, box=(width / cols / DPI, cell_h), margin=CELL_MARGIN, top=top)
        cell_w = cw * DPI
    fig_w, fig_h = round(cw * cols, 2), round(title_h + rows * ch, 2)
    m = CELL_MARGIN
    rects: list[Rect] = []
    for i in range(n):
        r, c = divmod(i, cols)
        bottom = fig_h - title_h - (r + 1) * ch + m
        rects.append(
            (
                (c * cw + m) / fig_w,
                bottom / fig_h,
                (cw - 2 * m) / fig_w,
                (ch - 2 * m - top) / fig_h,
            )
        )
    return Grid(
        cols,
        rows,
        (fig_w, fig_h),
        rects,
        "\n".join(lines),
        1 - 0.08 / fig_h,
        ["\n".join(c) for c in wrapped],
    )


def grid_layout(board: Any, space: Space, title: str, captions: Sequence[str]) -> Grid:
    """Lay boards like ``board``, one per caption, out in a grid that fits the visible part
    of the page: as wide as the row and as tall as the visible height, so that every board
    shows at once, each as large as that allows (four boards make a 2 x 2 grid or a row of
    four, whichever gives larger boards). The title and the captions are wrapped to the
    width they have.

    >>> from siege_nb.boards import paris
    >>> grid = grid_layout(paris.board(), Space(900, 640), "Protected pieces", "abcd")
    >>> grid.cols, grid.rows, grid.size[0] * 100 <= 900 - 16, grid.size[1] * 100 <= 640 - 24
    (4, 1, True, True)
    >>> grid_layout(paris.board(), Space(1200, 1600), "Protected pieces", "abcd")[:2]
    (2, 2)
    """
    n = len(captions)
    width = max(MIN_CELL, space.width - H_SLACK)
    height = max(MIN_BOARD, space.height - V_MARGIN)

    def board_side(grid: Grid) -> float:
        """The smaller side of a board as drawn, in pixels."""
        _, _, w, h = grid.rects[0]
        return min(w * grid.size[0], h * grid.size[1]) * DPI

    grids = []
    for cols in range(1, n + 1):
        try:
            grids.append(_grid(board, width, height, title, captions, cols))
        except ValueError:
            continue  # too little height per row for a board with its caption
    grids = [g for g in grids if board_side(g) >= MIN_GRID_BOARD]
    if not grids:
        # The page is too small to show every board at once at a size that reads: as many
        # side by side as the width allows, each as tall as the visible height, scrolling
        # down but never sideways.
        cols = grid_columns(n, int(width))
        return _grid(board, width, height * math.ceil(n / cols), title, captions, cols)
    # The largest boards; among nearly equal ones (within 5 %), the fewest rows.
    best = max(board_side(g) for g in grids)
    return min((g for g in grids if board_side(g) >= 0.95 * best), key=lambda g: g.rows)


def check_option(game: str, key: Any, argument: str = "option") -> Option:
    """The option of ``game`` that ``key`` names (name, id, or id with ``_``)."""
    check_type(key, str, argument)
    opt = find_option(game, key)
    if opt is None:
        names = ", ".join(o.name for o in options_of(game))
        raise ArgumentError(argument, key, f"an option of {game}: {names}")
    return opt


def _check_values(opt: Option, values: Any) -> list[Any]:
    """Two to four values of ``opt`` (its choices if ``values`` is ``None``), canonical."""
    if values is None:
        return [c.value for c in opt.choices]
    check_list(values, "values", f"a list of values of {opt.name}", Sequence)
    if not 2 <= len(values) <= 4:
        raise ArgumentError("values", values, f"two to four values of {opt.name}")
    return [option_value(opt, v, f"values[{i}]") for i, v in enumerate(values)]


class RuleComparer(CanvasHost, w.VBox):
    """The same position under several choices of one option, with the moves of a chosen
    piece under each, so the difference jumps out. Click a piece on any board.

    The boards share one figure laid out as a grid that fits the width the page gives it
    (:func:`grid_layout`: four readings make a 2 x 2 grid unless all four fit in a row), and
    follow the window when it changes; :attr:`grid` says how they are laid out.

    >>> import siege_nb as sn
    >>> cmp = sn.RuleComparer({"k7": "garrison soldier", "j8": "black soldier",
    ...                        "j9": "white soldier"}, "protection", piece="k7")
    >>> [g.why("k7xj8").legal for g in cmp.games]
    [True, True, False, False]

    ``selectors=True`` adds the preset and option dropdowns (all but the compared option):
    every board then follows the reading chosen there. Each board's caption names its
    reading in words; where each comes from is listed below the boards, unless ``pupil=True``
    (then *Where does this come from?* shows it).

    ``position`` is a :class:`~siege_nb.Game` (its position, side to move and rules; ``game``
    must then be left out or agree, and ``preset``, ``to_move`` and ``options`` change what
    they name), a set-up position for :func:`siege_nb.new_game`, or ``None`` for the
    standard set-up. ``values`` are two to four values of ``option`` (all its choices by
    default). Every argument is checked before a board is drawn:

    >>> sn.RuleComparer(None, "protection", ["adjacent"])
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: values: ['adjacent'] is not accepted; two to four values of \
protection
    """

    def __init__(
        self,
        position: Game | Mapping[str, str] | None = None,
        option: str = "protection",
        values: Sequence[Any] | None = None,
        *,
        game: str | None = None,
        piece: str | None = None,
        preset: str | None = None,
        to_move: str | None = None,
        selectors: bool = False,
        pupil: bool = False,
        **options: Any,
    ) -> None:
        check_type(option, str, "option")
        check_type(piece, (str, type(None)), "piece")
        check_flag(selectors, "selectors")
        check_flag(pupil, "pupil")
        self._pupil = pupil
        if isinstance(position, Game):
            base = position
            if game is not None and check_game_name(game) != base.game:
                raise ArgumentError("game", game, f"the game of the position given: {base.game}")
            game = base.game
            preset = base.rules.preset if preset is None else check_preset(game, preset)
            options = {**base.rules.overrides, **rule_options(game, options)}
            setup: dict[str, Any] = base.position()
            if to_move is not None:
                setup["to_move"] = to_move
        elif position is None or isinstance(position, (Mapping, list, tuple)):
            game = "siege-of-paris" if game is None else check_game_name(game)
            preset = "default" if preset is None else check_preset(game, preset)
            options = rule_options(game, options)
            setup = {"position": position}
            if to_move is not None:
                setup["to_move"] = to_move
        else:
            raise TypeError(
                "position must be a Game, a position (a mapping from points to pieces) or "
                f"None, not {type(position).__name__} ({shorten(position)})"
            )
        opt = check_option(game, option)
        self.option = opt
        chosen = _check_values(opt, values)
        options.pop(opt.name, None)
        self.values = chosen
        self.games: list[Game] = [
            new_game(game, preset, **setup, **options, **{opt.name: v}) for v in chosen
        ]
        if piece is not None:
            check_point(self.games[0].board.index, piece, "piece")
        self.table = w.HTML(layout=w.Layout(width="auto"))
        # The option is named once, over all the boards (wrapped to the figure's width); each
        # board names its choice. The title's room is kept in inches so it never overlaps.
        self._title = tr(
            "{option}: {question}",
            option=opt.shown_title if pupil else opt.heading,
            question=tr(opt.question),
        )
        self.grid = self._layout(DEFAULT_SPACE)
        self.board_canvas = BoardCanvas(
            self.grid.size,
            panels=len(chosen),
            rects=self.grid.rects,
            on_click=self._on_click,
            message=self.table,
            on_space=self._on_space,
        )
        self._suptitle = self.fig.suptitle(
            self.grid.title, fontsize=TITLE_SIZE, y=self.grid.title_y, va="top"
        )
        self.selected: str | None = None
        self.selectors: RuleSelectors | None = None
        # One key for all the boards, below them, shown by the Key toggle.
        self.key_button = key_toggle("boards")
        self.key = w.Image(format="png", layout=w.Layout(display="none", max_width="100%"))
        self.key_button.observe(self._on_key_button, names="value")
        self.sources_button = w.ToggleButton(
            value=not pupil,
            description=tr("Where does this come from?"),
            icon="book",
            layout=w.Layout(width="auto"),
        )
        self.sources_button.observe(self._on_sources, names="value")
        self._make_contrast_toggle()
        # Keys, the live region and the boards' accessible name (siege_nb.widgets.access).
        self.access = Access(COMPARER_KEYS, self._on_access_key)
        toggles = [self.key_button, self.contrast_button, self.sources_button]
        self.keys_note = keys_note(COMPARER_KEYS)
        parts: list[Any] = [
            self.board_canvas.probe,
            self.canvas,
            w.HBox(toggles, layout=w.Layout(flex_flow="row wrap")),
            self.keys_note,
            self.key,
            self.table,
            self.access,
        ]
        if selectors:
            self.selectors = RuleSelectors(
                self.games[0].rules, self._on_rules, exclude=(opt.name,), pupil=pupil
            )
            parts.append(self.selectors)
        super().__init__(parts)
        self.add_class(HOST_CLASS)
        if piece is not None:
            self.select(piece)
        else:
            self._render(in_event=False)

    def set_key(self, shown: bool = True) -> None:
        """Show or hide the key below the boards (one for all of them: the shapes, the marks
        and the last-move arrow); the *Key* toggle does the same."""
        check_flag(shown, "shown")
        if shown and not self.key.value:
            self.key.value = key_png(self.games[0].game, "below")
        self.key.layout.display = None if shown else "none"
        self.key_button.value = bool(shown)  # no-op when the toggle asked for it

    @guarded
    def _on_key_button(self, change: dict[str, Any]) -> None:
        self.set_key(bool(change["new"]))

    @guarded
    def _on_access_key(self, action: str) -> None:
        if action == "key":
            self.set_key(not self.key_button.value)
        elif action == "contrast":
            self._toggle_theme()

    def _layout(self, space: Space) -> Grid:
        captions = [self._caption(g) for g in self.games]
        return grid_layout(self.games[0].board, space, self._title, captions)

    @property
    def pupil(self) -> bool:
        """True while where each reading comes from is left out."""
        return self._pupil

    def set_pupil(self, pupil: bool = True) -> None:
        """Leave out rule ids and where each reading comes from (``True``), or show them
        (``False``), as *Where does this come from?* does."""
        self._pupil = check_flag(pupil, "pupil")
        self.sources_button.value = not pupil  # no-op when the toggle asked for it
        opt = self.option
        self._title = tr(
            "{option}: {question}",
            option=opt.shown_title if pupil else opt.heading,
            question=tr(opt.question),
        )
        if self.selectors is not None:
            self.selectors.set_pupil(pupil)
        self._fit(self.board_canvas.space)

    @guarded
    def _on_sources(self, change: dict[str, Any]) -> None:
        if bool(change["new"]) == self._pupil:
            self.set_pupil(not change["new"])

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            list(self.games),
            self.selected,
            self.grid,
            self._title,
            self._pupil,
            self.board_canvas.layout_state(),
            self.table.value,
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        games, self.selected, self.grid, self._title, pupil, figure, text = snapshot
        self.games = games
        if pupil != self._pupil:
            self._pupil = pupil
            self.sources_button.value = not pupil
        if self.selectors is not None:
            self.selectors.show(games[0].rules)
        self._suptitle.set_text(self.grid.title)
        self._suptitle.set_y(self.grid.title_y)
        self.board_canvas.restore_layout(figure)
        self.board_canvas.forget_pictures()
        self._render(in_event=False)
        self.table.value = text

    @guarded
    def _on_space(self, space: Space) -> None:
        self._fit(space)

    def _fit(self, space: Space) -> None:
        """Lay the boards out again for the space the browser reported."""
        self.grid = self._layout(space)
        self._suptitle.set_text(self.grid.title)
        self._suptitle.set_y(self.grid.title_y)
        self.board_canvas.resize(self.grid.size, self.grid.rects)
        # The captions are wrapped anew for the new width.
        self._render(in_event=False)

    def _caption(self, g: Game) -> str:
        """A board's caption: its reading in words (where it comes from is listed below)."""
        return g.rules.choice(self.option.name).words

    def _sources_html(self) -> str:
        """Where each board's reading comes from, in order, for the list below the boards."""
        if self._pupil:
            return ""
        items = "".join(
            f"<li><b>{escape(g.rules.choice(self.option.name).words)}</b>: "
            f"{escape(g.rules.choice(self.option.name).attribution.words(brief=True))}</li>"
            for g in self.games
        )
        head = (
            tr("Where each reading comes from (left to right):")
            if self.grid.rows == 1
            else tr("Where each reading comes from (row by row, left to right):")
        )
        return (
            f"<div style='font-size:14px; line-height:1.4'>{head}"
            f"<ul style='margin:2px 0'>{items}</ul></div>"
        )

    def _shown_caption(self, panel: int) -> str:
        """Board ``panel``'s caption as drawn: wrapped to the board's width."""
        return self.grid.captions[panel]

    def select(self, node: str | None) -> None:
        """Show the moves of the piece on ``node`` under every reading (``None``, an empty
        point or a name that is no point of the board: no piece selected, as a click there).
        ``node`` of another type is a ``TypeError``."""
        check_type(node, (str, type(None)), "node")
        self.selected = node if node and node in self.games[0].pieces() else None
        self._render(in_event=False)

    @guarded
    def _on_click(self, node: str | None) -> None:
        self.selected = node if node and node in self.games[0].pieces() else None
        self._render(in_event=True)

    @guarded
    def _on_rules(self, chosen: RuleSet) -> None:
        name = self.option.name
        try:
            games = [
                g.with_rules(chosen.preset, **{**chosen.settings, name: v})
                for g, v in zip(self.games, self.values, strict=True)
            ]
        except ValueError as err:
            if self.selectors is not None:
                self.selectors.show(self.games[0].rules)
            self.table.value = (
                f"<span style='color:{VERMILLION}'>"
                + tr("This position is impossible under that reading: {error}", error=escape(err))
                + "</span>"
            )
            return
        self.games = games
        if self.selected not in games[0].pieces():
            self.selected = None
        self._render(in_event=True)

    def _render(self, in_event: bool) -> None:
        cells = []
        for panel, g in enumerate(self.games):
            if self.selected is None:
                self.board_canvas.update(
                    g, highlights=Highlights(), caption=self._shown_caption(panel), panel=panel
                )
                continue
            highlights, verdicts = explore_highlights(g, self.selected, pupil=self._pupil)
            self.board_canvas.update(
                g, highlights=highlights, caption=self._shown_caption(panel), panel=panel
            )
            legal = sorted(v.move for v in verdicts.values() if v.legal)
            refused = [v for v in verdicts.values() if not v.legal]
            none = "<li>" + escape(tr("no move")) + "</li>"
            items = "".join(
                f"<li><span style='color:{GREEN}'>✓</span> {escape(m)}</li>" for m in legal
            )
            items += "".join(
                f"<li><span style='color:{VERMILLION}'>✕ {escape(v.move)}</span>: "
                f"{escape(v.plain if self._pupil else v.reason)}</li>"
                for v in refused
            )
            cells.append(
                f"<td style='vertical-align:top; padding:6px; width:{100 // self.grid.cols}%'>"
                f"<b>{escape(self._caption(g))}</b>"
                f"<ul>{items or none}</ul>"
                "</td>"
            )
        self.board_canvas.redraw(in_event)  # the pictures first, then the table
        self.access.board_label = board_label(self.games[0], playable=False)
        if self.selected is None:
            self.table.value = (
                "<p style='font-size:15px'>"
                + tr("Click a piece on any board to compare its moves under each reading.")
                + "</p>"
                + self._sources_html()
            )
        else:
            piece = self.games[0].pieces()[self.selected]
            head = tr(
                "The {piece} on {point}", piece=escape(tr(piece)), point=escape(self.selected)
            )
            # The lists in the boards' own columns, each under its board; the text's own
            # line height (a widget's HTML would take a control's 28 pixels).
            cols = self.grid.cols
            rows = "".join(
                "<tr>" + "".join(cells[i : i + cols]) + "</tr>" for i in range(0, len(cells), cols)
            )
            self.table.value = (
                f"<div style='font-size:15px; line-height:1.4'><b>{head}</b>"
                f"<table style='width:100%'>{rows}</table></div>"
            ) + self._sources_html()
