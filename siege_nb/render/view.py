"""Drawing a position with matplotlib: a :class:`BoardView` builds every artist once and then
updates them in place, so a widget can redraw a click without rebuilding the figure.

Pieces of one kind share one scatter collection (their offsets change); highlights are
collections too; the last move is a line through its landing points and an arrow on its last
hop; the tags naming refusing rules are placed clear of pieces and of each other
(:mod:`siege_nb.render.marks`); a key names shapes and marks (:mod:`siege_nb.render.legend`).
Nothing here uses pyplot, so drawing never opens a window or adds a figure to a notebook by
itself.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from siege_nb.errors import ArgumentError, check_list, check_type, shorten
from siege_nb.games.base import Game, Move, pointing, result_words, side_words
from siege_nb.games.catalogue import game_info
from siege_nb.i18n import tr
from siege_nb.render.checks import check_flag, check_point
from siege_nb.render.extent import Extent
from siege_nb.render.families import Family, family_of
from siege_nb.render.layout import (
    DEFAULT_BOX,
    KEY_GAP,
    KeySize,
    Rect,
    board_height,
    figure_size,
    place,
)
from siege_nb.render.legend import Key, Side, fit_key, key_size, rule_words, text_width
from siege_nb.render.marks import boxes_around, group_marks, place_labels
from siege_nb.render.style import (
    HALO,
    MARKERS,
    PALETTE,
    PIECE_COLOURS,
    RANK_SIZE,
    RING_STYLES,
    Z_DEST,
    Z_LAST_MOVE,
    Z_MARKS,
    Z_PIECES,
    Z_POINTS,
    Z_RINGS,
    Z_TEXT,
    check_theme,
    marker_style,
    theme_in_force,
)
from siege_nb.rules import preset_name, rule_heading
from siege_nb.rules import title as game_title

__all__ = [
    "BoardView",
    "Highlights",
    "explore_highlights",
    "key_side",
    "piece_kinds",
]

CAPTION_SIZE = 15.0  # the caption's type size (points) where the figure is wide enough
# Never smaller: 9.7 pixels at the widgets' 100 dpi. A comparison wraps its captions so that
# they come out at about 10 points (the rule comparer); a single board's caption is one line.
MIN_CAPTION_SIZE = 7.0
MIN_COORD_SIZE = 7.0  # the least type size (points) of coordinates on a small board

# Below each point, where its name is written (board units).
NAME_GAP = 0.5
# The padding of a tag's box, as a fraction of its type size.
LABEL_PAD = 0.2


# The fields of Highlights that list points.
POINT_LISTS = ("destinations", "captures", "marked", "taken")


@dataclass
class Highlights:
    """What to emphasise on a board: the selected piece, where it may go, which captures are
    possible, which are forbidden (with a short label saying why: a rule id such as
    ``"SP-16"``), any marked points (e.g. defenders that may be huffed), and the pieces a
    jump chain being built has taken so far.

    The fields are checked when made: ``selected`` is a point name or ``None``, the lists
    are lists (or tuples, sets) of point names, ``forbidden`` maps point names to labels. That
    the points are on the board is checked when the highlights are drawn.

    >>> Highlights(destinations="a1")
    Traceback (most recent call last):
        ...
    TypeError: Highlights destinations must be a list of points, not str ('a1')
    """

    selected: str | None = None
    destinations: Sequence[str] = ()
    captures: Sequence[str] = ()
    forbidden: Mapping[str, str] = field(default_factory=dict)
    marked: Sequence[str] = ()
    taken: Sequence[str] = ()

    def __post_init__(self) -> None:
        check_highlight_types(self, "Highlights")


def check_highlight_types(h: Highlights, argument: str) -> None:
    """A :class:`TypeError` naming the field (``argument`` + its name) if a field of ``h``
    has the wrong type (the fields may have been set since ``h`` was made)."""
    check_type(h.selected, (str, type(None)), f"{argument} selected")
    for name in POINT_LISTS:
        values = getattr(h, name)
        check_list(values, f"{argument} {name}", "a list of points")
        for i, v in enumerate(values):
            check_type(v, str, f"{argument} {name}[{i}]")
    check_type(h.forbidden, Mapping, f"{argument} forbidden")
    for point, label in h.forbidden.items():
        check_type(point, str, f"{argument} forbidden key")
        check_type(label, str, f"{argument} forbidden[{shorten(point)}]")


def check_highlights(h: Any, points: Collection[str], argument: str = "highlights") -> Highlights:
    """``h`` if it is a :class:`Highlights` whose fields have the right types and name only
    ``points`` (a board's); else a :class:`TypeError` or an :class:`~siege_nb.ArgumentError`
    naming the field and the point."""
    check_type(h, Highlights, argument)
    check_highlight_types(h, argument)
    if h.selected is not None:
        check_point(points, h.selected, f"{argument}.selected")
    for name in POINT_LISTS:
        for i, v in enumerate(getattr(h, name)):
            if v not in points:
                check_point(points, v, f"{argument}.{name}[{i}]")
    for point in h.forbidden:
        if point not in points:
            check_point(points, point, f"{argument}.forbidden key")
    return h


def check_last_move(value: Any, points: Collection[str], argument: str = "last_move") -> Any:
    """``value`` if it is ``True`` (the game's last move), ``False``/``None`` (none) or a
    :class:`~siege_nb.Move` whose points are all on the board."""
    if value is None or isinstance(value, bool):
        return value
    if not isinstance(value, Move):
        raise TypeError(
            f"{argument} must be True, False, None or a Move, not "
            f"{type(value).__name__} ({shorten(value)})"
        )
    path = value.path if isinstance(value.path, (tuple, list)) else ()
    for point in (value.start, value.end, *path):
        if point is not None:
            check_point(points, point, f"{argument} point")
    return value


def explore_highlights(game: Game, node: str, *, pupil: bool = False) -> tuple[Any, dict[str, Any]]:
    """Highlights for the piece on ``node`` from :meth:`Game.explore`, and the verdict per
    marked point (legal destinations, ringed captures, forbidden moves labelled by rule: its
    id, or with ``pupil`` its title in words). ``node`` must be a point of the game's board
    (empty or not)."""
    check_type(game, Game, "game")
    check_point(game.board.index, node, "node")
    check_type(pupil, bool, "pupil")
    verdicts: dict[str, Any] = {}
    dest: list[str] = []
    capt: list[str] = []
    forb: dict[str, str] = {}
    for v in game.explore(node, whole_chains=False):
        move = v.judged
        if move is None:
            continue  # a verdict that names no move of the piece marks no point
        # Each move is marked where a reader clicks after the piece (Game.entry): its
        # destination, or a jump chain's first landing.
        points = pointing(move)
        if len(points) < 2:
            continue  # an action, entered by a button (a demand, a huff)
        end = points[1]
        by_replacement = move.kind == "capture"
        if v.legal:
            (capt if by_replacement else dest).append(end)
            verdicts[end] = v
        elif end not in verdicts:
            verdicts[end] = v
            forb[end] = (_rule_title(game, v.rule) if pupil else v.rule) or "✕"
    forb = {k: r for k, r in forb.items() if not verdicts[k].legal}
    highlights = Highlights(
        selected=node,
        destinations=sorted(set(dest)),
        captures=sorted(set(capt)),
        forbidden=forb,
        marked=list(game.status().huffable),
    )
    return highlights, verdicts


def _rule_title(game: Game, rule: str | None) -> str | None:
    """A rule's title without its id ("Protected pieces" for SP-16), for a pupil's board."""
    if rule is None:
        return None
    return rule_heading(game.game, rule).removesuffix(f" ({rule})")


def piece_kinds(game: str) -> list[str]:
    """The names of the pieces a game may show (one drawing layer each), from the game's
    catalogue record.

    >>> piece_kinds("pyramid-siege")
    ['attacker', 'defender']
    >>> kinds = piece_kinds("siege-of-paris"); len(kinds), kinds[0]
    (13, 'garrison general')
    """
    return list(game_info(game).pieces)


class _KeyLocator:
    """Puts the key beside (or below) the board as drawn, at the key's size in inches,
    whatever the layout does to the board's axes (a matplotlib axes locator)."""

    def __init__(self, view: BoardView, size: KeySize) -> None:
        self.view = view
        self.size = size

    def __call__(self, ax: Axes, renderer: Any) -> Bbox:
        view = self.view
        fig = view.fig
        fw, fh = fig.get_size_inches()
        e = view.extent
        # The board's own corners, wherever its axes ended up and whatever their limits.
        (x0, y0), (x1, y1) = view.ax.transData.transform([(e.x0, e.y0), (e.x1, e.y1)])
        x0, x1 = x0 / fig.bbox.width, x1 / fig.bbox.width
        y0, y1 = y0 / fig.bbox.height, y1 / fig.bbox.height
        kw, kh = self.size.width / fw, self.size.height / fh
        if self.size.side == "right":
            x, y = x1 + KEY_GAP / fw, y1 - kh
        else:
            x, y = (x0 + x1 - kw) / 2, y0 - KEY_GAP / fh - kh
        # Never off the figure: a key that does not fit slides back inside it.
        x = min(max(x, 0.0), max(1.0 - kw, 0.0))
        y = min(max(y, 0.0), max(1.0 - kh, 0.0))
        return Bbox.from_bounds(x, y, kw, kh)


# The space each axes gave its first view (figure fractions) and the board rectangle placed in
# it last, so that a view drawn afresh on the same axes (a widget's new board) fills the same
# space, while axes moved by their owner since then give their new place.
_SPACES: WeakKeyDictionary[Axes, tuple[Rect, Rect]] = WeakKeyDictionary()

# The room around a board in a figure the view makes itself (inches), as figure_size assumes.
_MARGIN, _TOP = 0.3, 0.25


def key_side(legend: bool | str | None, aspect: float) -> Side | None:
    """Where a key goes: ``None`` without one; ``"right"`` or ``"below"`` as asked; for
    ``True``, beside a tall board and below a wide one (a figure made for the key measures
    both sides instead and takes the one that leaves the board larger).

    >>> key_side(True, 0.77), key_side(True, 1.1), key_side(False, 0.77), key_side("below", 0.5)
    ('right', 'below', None, 'below')
    """
    check_type(legend, (bool, str, type(None)), "legend")
    if legend is False or legend is None:
        return None
    if legend == "right" or legend == "below":
        return legend  # type: ignore[return-value]
    if legend is not True:
        raise ArgumentError("legend", legend, "True, False, 'right' or 'below'")
    return "right" if aspect < 1.0 else "below"


def _corners(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """``points`` without those in the middle of a straight run, so that a slide is one
    straight arrow and a chain keeps each point where it turns.

    >>> _corners([(0, 0), (1, 1), (2, 2), (2, 4)])
    [(0, 0), (2, 2), (2, 4)]
    """
    out = list(points[:2])
    for p in points[2:]:
        (ax_, ay), (bx, by) = out[-2], out[-1]
        if abs((bx - ax_) * (p[1] - by) - (by - ay) * (p[0] - bx)) < 1e-9 and (
            (bx - ax_) * (p[0] - bx) + (by - ay) * (p[1] - by) > 0
        ):
            out[-1] = p  # straight on: the middle point is no corner
        else:
            out.append(p)
    return out


class BoardView:
    """The artists of one drawn board, and the means to update them in place.

    The static board is drawn by its family (``view.family``, chosen by the board's type),
    which also sets the view limits (``view.extent``); a new figure is sized from the same
    extent by :func:`~siege_nb.render.layout.figure_size`.

    With ``legend`` (``True``, or ``"right"``/``"below"`` to choose its side) a key beside or
    below the board names the pieces and marks (:class:`~siege_nb.render.legend.Key`); the
    board then shrinks inside the space its axes had to make room, and never lies under the
    key. :meth:`set_legend` shows or hides it later, without drawing the board again.

    >>> import siege_nb as sn
    >>> from siege_nb.render import draw
    >>> view = draw(sn.new_game("pyramid-siege"))
    >>> view.pieces_drawn(), view.node_at(*view.positions["r4c1"])
    (30, 'r4c1')
    >>> view.legend_shown(), sorted(view.key.kinds())
    (True, ['attacker', 'defender'])
    """

    def __init__(
        self,
        game: Game,
        ax: Axes | None = None,
        *,
        coords: bool = True,
        names: bool | None = None,
        caption: str | None = None,
        animated: bool = False,
        legend: bool | str | None = False,
        theme: str = "standard",
    ) -> None:
        self.theme = check_theme(theme)
        with theme_in_force(theme):
            self._init(game, ax, coords, names, caption, animated, legend)

    def _init(
        self,
        game: Game,
        ax: Axes | None,
        coords: bool,
        names: bool | None,
        caption: str | None,
        animated: bool,
        legend: bool | str | None,
    ) -> None:
        check_type(game, Game, "game")
        check_type(ax, (Axes, type(None)), "ax")
        check_flag(coords, "coords")
        check_type(names, (bool, type(None)), "names")
        check_flag(animated, "animated")
        check_type(caption, (str, type(None)), "caption")
        key_side(legend, 1.0)  # a clear error for a wrong value, before anything is drawn
        board = game.board
        self.family: Family = family_of(board)
        aspect = self.family.extent(board).aspect
        if ax is None:
            side = key_side(legend, aspect)
            if legend is True:
                # The key goes on the side that leaves the board larger in the same box.
                side = max(
                    ("right", "below"),
                    key=lambda s: board_height(board, key_size(game.game, s)),  # type: ignore[arg-type]
                )
            size = key_size(game.game, side) if side else None
            if side is not None:
                legend = side  # the figure is made for a key on that side
            fw, fh = figure_size(board, box=DEFAULT_BOX, key=size)
            fig = Figure(figsize=(fw, fh))
            space = Rect(
                _MARGIN / fw, _MARGIN / fh, 1 - 2 * _MARGIN / fw, 1 - (2 * _MARGIN + _TOP) / fh
            )
            ax = fig.add_axes(space)
            _SPACES[ax] = (space, space)
        self.ax: Axes = ax
        self.fig: Figure = ax.figure  # type: ignore[assignment]
        self.game_name = game.game
        self.positions: dict[str, tuple[float, float]] = {
            n: (float(x), float(y)) for n, (x, y) in zip(board.names, board.xy, strict=True)
        }
        self._xy = np.array([self.positions[n] for n in board.names])
        self._names = list(board.names)
        self._board_names = tuple(board.names)
        # A layout engine (constrained layout) places the axes itself; otherwise the view
        # places the board, and its key, inside the space the axes were given.
        self._managed = self.fig.get_layout_engine() is None
        self._space = self._space_of(ax)
        ax.set_aspect("equal")
        ax.set_axis_off()
        # Both families draw neighbouring points one unit apart.
        self.spacing = 1.0
        self.extent: Extent = self.family.draw(ax, board, coords)
        self._static_texts = list(ax.texts)
        # Coordinates and circle names are drawn at a size for a board of a normal size; a
        # small board (four readings side by side) draws them smaller so that they keep clear
        # of each other (see _layout).
        self._static_sizes = [float(t.get_fontsize()) for t in self._static_texts]
        if names is None:
            # Where the coordinates do not give a point's name (a triangle's rows), the
            # points are named on the board: the texts and the verdicts name them.
            names = coords and self.family.needs_names(board)
        if names:
            already = self.family.named(board)
            for n, (x, y) in self.positions.items():
                if n in already:
                    continue
                ax.text(
                    x,
                    y - NAME_GAP * self.spacing,
                    n,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=PALETTE["text"],
                    # Under the pieces and every mark: names are part of the static board,
                    # which a widget keeps as a picture and draws the marks over.
                    zorder=Z_POINTS + 0.5,
                    path_effects=HALO,
                )
        self._name_texts = [t for t in ax.texts if t not in self._static_texts]
        self._pieces: dict[str, PathCollection] = {}
        for kind in piece_kinds(game.game):
            side_name, _, rank = kind.rpartition(" ")
            face, edge = PIECE_COLOURS[side_name or kind]
            self._pieces[kind] = ax.scatter(
                [],
                [],
                marker=marker_style(MARKERS[rank]),
                facecolors=face,
                edgecolors=edge,
                zorder=Z_PIECES,
            )

        def ring(colour: str, style: str = "-") -> PathCollection:
            return ax.scatter(
                [],
                [],
                marker=marker_style("o"),
                facecolors="none",
                edgecolors=colour,
                linestyles=style,
                zorder=Z_RINGS,
            )

        self._selected = ring(PALETTE["selected"], RING_STYLES["selected"])
        self._capt = ring(PALETTE["capture"], RING_STYLES["capture"])
        self._marked = ring(PALETTE["marked"], RING_STYLES["marked"])
        self._forb = ring(PALETTE["forbidden"], RING_STYLES["forbidden"])
        self._dest = ax.scatter(
            [],
            [],
            marker=marker_style("o"),
            facecolors=PALETTE["destination"],
            edgecolors="white",
            linewidths=1.5,
            zorder=Z_DEST,
        )
        # A small cross beside each forbidden ring, so the piece itself stays visible.
        self._forb_x = ax.scatter(
            [],
            [],
            marker="X",
            facecolors=PALETTE["forbidden"],
            edgecolors="white",
            linewidths=1.0,
            zorder=Z_MARKS,
        )
        # A large cross over each piece a jump chain has taken so far.
        self._taken = ax.scatter(
            [],
            [],
            marker="X",
            facecolors=PALETTE["forbidden"],
            edgecolors="white",
            linewidths=1.2,
            zorder=Z_MARKS,
        )
        self._labels: list[Text] = []
        # The last move: a line through its landing points, then an arrow for the last hop.
        # Dots on the line mark where a chain landed before its last hop.
        (self._trail,) = ax.plot(
            [],
            [],
            marker="o",
            markevery=slice(1, None),  # not on the start, where the piece left from
            color=PALETTE["last_move"],
            alpha=0.9,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=Z_LAST_MOVE,
            visible=False,
        )
        self._arrow = FancyArrowPatch(
            (0, 0),
            (0, 0),
            arrowstyle="-|>",
            color=PALETTE["last_move"],
            alpha=0.9,
            shrinkA=0,
            zorder=Z_LAST_MOVE,
            visible=False,
        )
        ax.add_patch(self._arrow)
        self._caption = ax.set_title("", fontsize=CAPTION_SIZE, color=PALETTE["text"], loc="center")
        self._fixed_caption = caption
        self._animated = animated
        self._highlights = Highlights()
        self._occupied: dict[str, str] = {}
        self._last_points: list[tuple[float, float]] = []
        self._text_cache: tuple[float, list[tuple[np.ndarray, float]]] | None = None
        self._kept_captions: dict[tuple[Any, ...], Any] = {}
        self.key: Key | None = None
        self._key_ax: Axes | None = None
        self._key_locator: _KeyLocator
        self._legend = False
        self._legend_request: bool | str | None = False
        self._label_size = 10.0
        self.unit = 1.0
        self._set_key(legend)
        self._layout()
        for artist in self.dynamic_artists():
            artist.set_animated(animated)
        self.update(game)

    # -- layout -------------------------------------------------------------------------------
    def _space_of(self, ax: Axes) -> Rect:
        """The space (figure fractions) the view may fill: the axes' own place, or the space
        of the view drawn there before if the axes still stand where that view put them."""
        here = Rect(*ax.get_position(original=True).bounds)
        known = _SPACES.get(ax)
        if known is not None and np.allclose(known[1], here, atol=1e-6):
            return known[0]
        _SPACES[ax] = (here, here)
        return here

    def _set_key(self, legend: bool | str | None) -> None:
        with theme_in_force(self.theme):
            self._set_key_themed(legend)

    def _set_key_themed(self, legend: bool | str | None) -> None:
        """Record whether (and on which side) the key is asked for; :meth:`_layout` fits it."""
        key_side(legend, 1.0)  # a clear error for a wrong value
        self._legend_request = legend
        self._legend = legend not in (False, None)

    def _key_for(self, space: Rect) -> KeySize | None:
        """Fit the key (if shown) into ``space`` (inches): build it on first use, or again
        at another side or scale, on its own axes, a child of the board's so that clearing
        the board's axes clears it too. Returns its size."""
        if not self._legend:
            if self.key is not None:
                self.key.set_visible(False)
            return None
        asked = self._legend_request if self._legend_request in ("right", "below") else None
        side, scale = fit_key(self.game_name, space, self.extent.aspect, asked)  # type: ignore[arg-type]
        size = key_size(self.game_name, side, scale)
        if self._key_ax is None:
            self._key_ax = Axes(self.fig, (0.0, 0.0, 1.0, 1.0))
            self.ax.add_child_axes(self._key_ax)
            self._key_locator = _KeyLocator(self, size)
            self._key_ax.set_axes_locator(self._key_locator)  # type: ignore[arg-type]
        self._key_locator.size = size
        if self.key is None or (self.key.side, self.key.scale) != (side, scale):
            self._key_ax.clear()
            self.key = Key(self._key_ax, self.game_name, side, scale)
            for artist in self.key.dynamic_artists():
                artist.set_animated(self._animated)
        self.key.set_visible(True)
        return size

    def _layout(self) -> None:
        with theme_in_force(self.theme):
            self._layout_themed()

    def _layout_themed(self) -> None:
        """Place the board (and key) in the space and size every mark for that board."""
        fw, fh = self.fig.get_size_inches()
        e = self.extent
        sp = self._space if self._managed else Rect(*self.ax.get_position(original=True).bounds)
        space = Rect(sp.x * fw, sp.y * fh, sp.width * fw, sp.height * fh)
        if not self._managed:
            # Before the first draw a layout engine has not shrunk the axes yet.
            space = Rect(space.x, space.y, space.width * 0.92, space.height * 0.90)
        size = self._key_for(space)
        xlim, ylim = (e.x0, e.x1), (e.y0, e.y1)
        if self._managed:
            board, _ = place(space, e.aspect, size)
            rect = Rect(board.x / fw, board.y / fh, board.width / fw, board.height / fh)
            self.ax.set_position(rect)
            _SPACES[self.ax] = (sp, rect)
        elif size is not None:
            # The layout engine sizes the axes: the key's room becomes part of them, an empty
            # stretch of the board's own axes beside or below the board.
            if size.side == "right":
                room = (size.width + KEY_GAP) * 72
                per_unit = min((space.width * 72 - room) / e.width, space.height * 72 / e.height)
                xlim = (e.x0, e.x1 + room / max(per_unit, 1e-3))
            else:
                room = (size.height + KEY_GAP) * 72
                per_unit = min(space.width * 72 / e.width, (space.height * 72 - room) / e.height)
                ylim = (e.y0 - room / max(per_unit, 1e-3), e.y1)
        self.ax.set_xlim(*xlim)
        self.ax.set_ylim(*ylim)
        self.unit = unit = self._points_per_unit()
        for kind, coll in self._pieces.items():
            rank = kind.rpartition(" ")[2]
            coll.set_sizes([(RANK_SIZE[rank] * unit) ** 2])
            coll.set_linewidth([max(1.5, unit / 22)])
        ring_size = [(0.98 * unit) ** 2]
        for coll, width in (
            (self._selected, unit / 9),
            (self._capt, unit / 10),
            (self._marked, unit / 12),
            (self._forb, unit / 10),
        ):
            coll.set_sizes(ring_size)
            coll.set_linewidth([width])
        self._dest.set_sizes([(0.5 * unit) ** 2])
        self._forb_x.set_sizes([(0.36 * unit) ** 2])
        self._taken.set_sizes([(0.62 * unit) ** 2])
        self._trail.set_linewidth(unit / 10)
        self._trail.set_markersize(unit / 4)
        self._arrow.set_mutation_scale(unit / 2)
        self._arrow.set_linewidth(unit / 10)
        self._label_size = min(11.0, max(8.0, 0.3 * unit))
        for label in self._labels:
            label.set_fontsize(self._label_size)
        for text, drawn in zip(self._static_texts, self._static_sizes, strict=True):
            text.set_fontsize(min(drawn, max(MIN_COORD_SIZE, 0.55 * unit)))

    def relayout(self) -> None:
        """Fit the board (and key) to the figure again after its size or the axes' place
        changed, and size the pieces and marks for the new scale (no artist is rebuilt)."""
        self._space = self._space_of(self.ax)
        self._layout()
        self._show_highlights(self._highlights)

    def set_legend(self, legend: bool | str | None) -> None:
        """Show (``True``, or ``"right"``/``"below"``) or hide (``False``) the key. The board
        grows back into the key's room when it is hidden. A widget blitting its board must
        draw the whole figure afterwards: the key is part of the static background."""
        with theme_in_force(self.theme):
            self._set_key(legend)
            self._layout()
            self._show_highlights(self._highlights)

    def legend_shown(self) -> bool:
        """Whether the key is shown."""
        return self._legend

    def _points_per_unit(self) -> float:
        """Typographic points per data unit, so markers fit the board at this figure size."""
        fig, ax = self.fig, self.ax
        pos = ax.get_position(original=True)
        x0, x1 = ax.get_xlim()
        y0, y1 = ax.get_ylim()
        w_in = fig.get_figwidth() * pos.width
        h_in = fig.get_figheight() * pos.height
        if not self._managed:
            # Before the first draw a layout engine has not shrunk the axes yet.
            w_in *= 0.92
            h_in *= 0.90
        return min(w_in * 72 / (x1 - x0), h_in * 72 / (y1 - y0)) * self.spacing

    # -- updating -----------------------------------------------------------------------------
    def _offsets(self, nodes: Sequence[str]) -> np.ndarray:
        if not nodes:
            return np.empty((0, 2))
        return np.array([self.positions[n] for n in nodes], dtype=float)

    def update(
        self,
        game: Game | None = None,
        *,
        highlights: Highlights | None = None,
        last_move: Move | bool | None = True,
        caption: str | None = None,
    ) -> None:
        """Show ``game``'s pieces, the highlights and the last move; only artists change.

        ``last_move=True`` takes the game's last move, ``None``/``False`` hides the arrow.
        The caller redraws the canvas (``draw_idle()`` or ``draw()``). Everything is checked
        before any artist changes (a game of another board, a point not on this board).
        """
        if game is not None:
            check_type(game, Game, "game")
            if game.game != self.game_name or tuple(game.board.names) != self._board_names:
                raise ArgumentError(
                    "game", game, f"a game of {self.game_name} on the board this view draws"
                )
        if last_move is not True:
            check_last_move(last_move, self.positions)
        check_type(caption, (str, type(None)), "caption")
        if highlights is not None:
            check_highlights(highlights, self.positions)
        with theme_in_force(self.theme):
            self._update(game, highlights, last_move, caption)

    def _update(
        self,
        game: Game | None,
        highlights: Highlights | None,
        last_move: Move | bool | None,
        caption: str | None,
    ) -> None:
        if game is not None:
            self._occupied = dict(game.pieces())
            by_kind: dict[str, list[str]] = {k: [] for k in self._pieces}
            for node, piece in self._occupied.items():
                by_kind[piece].append(node)
            for kind, nodes in by_kind.items():
                self._pieces[kind].set_offsets(self._offsets(nodes))
            if last_move is True:
                last_move = game.last_move
            self._show_last_move(last_move if isinstance(last_move, Move) else None)
            text = caption or self._fixed_caption or self._default_caption(game)
            self._set_caption(text)
        elif caption is not None:
            self._set_caption(caption)
        self._show_highlights(highlights or Highlights())

    def _set_caption(self, text: str) -> None:
        """The caption, in type small enough to fit the figure's width (it is centred over
        the board, so the narrower side of the board's centre limits it)."""
        pos = self.ax.get_position()
        centre = pos.x0 + pos.width / 2
        # Over its own board: in a figure of several boards, the neighbours' captions take
        # the rest of the width.
        share = min(2 * min(centre, 1 - centre), pos.width * 1.02)
        room = share * self.fig.get_figwidth() * 72 * 0.94
        # DejaVu Sans letters are about 0.58 em wide on average; the longest line decides.
        longest = max((len(line) for line in text.splitlines()), default=1)
        size = min(CAPTION_SIZE, room / (0.58 * max(longest, 1)))
        self._caption.set_fontsize(max(size, MIN_CAPTION_SIZE))
        self._caption.set_text(text)

    def _default_caption(self, game: Game) -> str:
        rules = game.rules
        head = f"{game_title(game.game)} · {preset_name(rules.game, rules.preset)}"
        if game.result is not None:
            return f"{head} · {result_words(game.result.winner)}"
        return f"{head} · " + tr("{side} to move", side=side_words(game.to_move))

    def _show_last_move(self, move: Move | None) -> None:
        """The last move along its path: a jump chain bends at every landing point, so it
        is drawn as a line through them with the arrow on its last hop; a straight move is
        one arrow."""
        if move is None or move.end is None or move.start is None:
            self._arrow.set_visible(False)
            self._trail.set_visible(False)
            return
        path = move.path if len(move.path) >= 2 else (move.start, move.end)
        points = [self.positions[p] for p in path]
        if move.kind != "jump":
            points = _corners(points)  # a slide's squares in between make no corner
        self._last_points = points
        self._arrow.set_positions(points[-2], points[-1])
        self._arrow.set_visible(True)
        if len(points) > 2:
            xs, ys = zip(*points[:-1], strict=True)
            self._trail.set_data(xs, ys)
            self._trail.set_visible(True)
        else:
            self._trail.set_data([], [])
            self._trail.set_visible(False)

    def set_highlights(self, h: Highlights) -> None:
        """Replace the highlights (selected piece, destinations, captures, forbidden, marked,
        taken); each rule refusing moves is named once per group of neighbouring points, in a
        tag placed clear of the pieces and of the other tags, and listed in the key. Points
        not on this board are refused before anything changes."""
        check_highlights(h, self.positions)
        self._show_highlights(h)

    def _show_highlights(self, h: Highlights) -> None:
        with theme_in_force(self.theme):
            self._show_highlights_themed(h)

    def _show_highlights_themed(self, h: Highlights) -> None:
        """Set the highlights' artists (``h`` checked already)."""
        self._highlights = h
        self._selected.set_offsets(self._offsets([h.selected] if h.selected else []))
        self._dest.set_offsets(self._offsets(list(h.destinations)))
        self._capt.set_offsets(self._offsets(list(h.captures)))
        self._marked.set_offsets(self._offsets(list(h.marked)))
        self._forb.set_offsets(self._offsets(list(h.forbidden)))
        self._taken.set_offsets(self._offsets(list(h.taken)))
        corner = 0.36 * self.spacing
        self._forb_x.set_offsets(self._offsets(list(h.forbidden)) + np.array([corner, -corner]))
        groups = group_marks(h.forbidden, self.positions, reach=1.5 * self.spacing)
        while len(self._labels) < len(groups):
            label = self.ax.text(
                0,
                0,
                "",
                ha="center",
                va="center",
                fontsize=self._label_size,
                fontweight="bold",
                color="white",
                zorder=Z_TEXT,
                bbox={
                    "boxstyle": f"round,pad={LABEL_PAD}",
                    "facecolor": PALETTE["tag"],
                    "edgecolor": "none",
                },
            )
            label.set_animated(self._animated)
            self._labels.append(label)
        for label, (tag, _), (x, y) in zip(
            self._labels, groups, self._place_labels(groups, h), strict=False
        ):
            label.set_position((x, y))
            label.set_text(tag)
            label.set_visible(True)
        for label in self._labels[len(groups) :]:
            label.set_visible(False)
        if self.key is not None:
            tags = list(dict.fromkeys(h.forbidden.values()))
            self.key.set_rules([(t, rule_words(self.game_name, t)) for t in tags])

    def _place_labels(
        self, groups: list[tuple[str, list[str]]], h: Highlights
    ) -> list[tuple[float, float]]:
        """Where each group's tag goes (board units), clear of pieces and other tags."""
        if not groups:
            return []
        per_unit = self.unit / self.spacing
        fs = self._label_size
        # The tag's box: its text and the padding around it, with a little to spare.
        sizes = [
            (
                1.1 * (text_width(tag, fs, "bold") + 2 * LABEL_PAD * fs) / per_unit,
                1.1 * (1.2 * fs + 2 * LABEL_PAD * fs) / per_unit,
            )
            for tag, _ in groups
        ]
        anchors = [[self.positions[n] for n in nodes] for _, nodes in groups]
        pieces = boxes_around(
            [self.positions[n] for n in self._occupied],
            [
                RANK_SIZE[k.rpartition(" ")[2]] / 2 * self.spacing + 0.03
                for k in self._occupied.values()
            ],
        )
        s = self.spacing
        rings = [*h.forbidden, *h.captures, *h.marked, *([h.selected] if h.selected else [])]
        corner = 0.36 * s
        crosses = [(x + corner, y - corner) for x, y in (self.positions[n] for n in h.forbidden)]
        soft = [
            (boxes_around([self.positions[n] for n in rings], 0.49 * s), 6.0),
            (boxes_around([self.positions[n] for n in h.destinations], 0.21 * s), 20.0),
            (boxes_around(crosses, 0.18 * s), 20.0),
            *self._text_layers(per_unit),
        ]
        e = self.extent
        return place_labels(
            sizes,
            anchors,
            hard=pieces,
            soft=soft,
            bounds=(e.x0, e.y0, e.x1, e.y1),
            clearance=0.5 * s,
        )

    def _text_layers(self, per_unit: float) -> list[tuple[np.ndarray, float]]:
        """The board's own texts as boxes a tag should keep clear of: coordinates and circle
        names firmly, point names lightly (kept while the scale stays the same)."""
        if self._text_cache is None or self._text_cache[0] != per_unit:
            layers = [
                (self._text_boxes(self._static_texts, per_unit), 30.0),
                (self._text_boxes(self._name_texts, per_unit), 3.0),
            ]
            self._text_cache = (per_unit, layers)
        return self._text_cache[1]

    @staticmethod
    def _text_boxes(texts: Sequence[Text], per_unit: float) -> np.ndarray:
        """Boxes (board units) around centred texts of the board drawing."""
        boxes = []
        for t in texts:
            x, y = t.get_position()
            fs = float(t.get_fontsize())
            half_w = text_width(t.get_text(), fs) / per_unit / 2
            half_h = 0.6 * fs / per_unit
            boxes.append((x - half_w, y - half_h, x + half_w, y + half_h))
        return np.array(boxes, dtype=float).reshape(-1, 4)

    # -- blitting -----------------------------------------------------------------------------
    def position_artists(self) -> list[Any]:
        """The changing artists that show the position: pieces, the last move, the caption."""
        return [*self._pieces.values(), self._trail, self._arrow, self._caption]

    def choice_artists(self) -> list[Any]:
        """The changing artists that show the reader's current choice: destinations, rings,
        crosses, tags, and the key's list of refusing rules. All lie above the position's."""
        return [
            self._dest,
            self._selected,
            self._capt,
            self._marked,
            self._forb,
            self._forb_x,
            self._taken,
            *self._labels,
            *(self.key.dynamic_artists() if self.key is not None else []),
        ]

    def dynamic_artists(self) -> list[Any]:
        """The artists that change (the position's, then the choice's)."""
        return [*self.position_artists(), *self.choice_artists()]

    def position_state(self) -> tuple[Any, ...]:
        """What the position artists show, as a value: equal values, equal pictures (at one
        layout; a new layout means a full draw anyway). A widget keeps the board with its
        position as a picture while this stays the same."""
        return (
            tuple(sorted(self._occupied.items())),
            tuple((float(x), float(y)) for x, y in self._last_points)
            if self._arrow.get_visible()
            else (),
            self._caption.get_text(),
            self._caption.get_fontsize(),
        )

    def draw_position(self) -> None:
        """Draw the position's artists over a restored background (for blitting widgets).

        The caption is put back from a kept picture when it was drawn before at this layout
        (a few texts come back again and again: whose move it is); text is the slowest
        thing on the board to draw. It lies above the board, clear of every other artist,
        and below them in z-order, so it goes first."""
        self._draw_caption()
        self._draw_sorted([a for a in self.position_artists() if a is not self._caption])

    def _draw_caption(self) -> None:
        caption = self._caption
        if not caption.get_visible() or not caption.get_text():
            return
        canvas: Any = self.fig.canvas  # an Agg canvas (a widget's): it keeps pictures
        key = (caption.get_text(), caption.get_fontsize(), caption.get_position())
        kept = self._kept_captions.get(key)
        if kept is not None:
            canvas.restore_region(kept)
            return
        self.ax.draw_artist(caption)
        # A little room around the text's box for the antialiased edges of its letters.
        box = caption.get_window_extent(canvas.get_renderer()).padded(2)
        self._kept_captions[key] = canvas.copy_from_bbox(box)

    def forget_kept_pictures(self) -> None:
        """Forget the kept pictures of captions (the figure was drawn anew: a new layout)."""
        self._kept_captions.clear()

    def draw_choice(self) -> None:
        """Draw the choice's artists over the position (for blitting widgets)."""
        self._draw_sorted(self.choice_artists())

    def draw_dynamic(self) -> None:
        """Draw every changing artist over a restored background (for blitting widgets)."""
        self.draw_position()
        self.draw_choice()

    def _draw_sorted(self, artists: list[Any]) -> None:
        for artist in sorted(artists, key=lambda a: a.get_zorder()):
            if not artist.get_visible():
                continue
            if isinstance(artist, PathCollection) and not len(np.asarray(artist.get_offsets())):
                continue  # nothing to draw, and drawing nothing still costs
            self.ax.draw_artist(artist)

    def set_animated(self, animated: bool) -> None:
        """Exclude (True) or include (False) the changing artists in ordinary draws."""
        self._animated = animated
        for artist in self.dynamic_artists():
            artist.set_animated(animated)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The drawing as a picture whose alternative text is its caption and the pieces it
        shows, in words (see :mod:`siege_nb.render.picture`)."""
        from siege_nb.games.describe import describe_pieces
        from siege_nb.render.picture import picture_bundle

        words = [self._caption.get_text().replace("\n", " "), game_title(self.game_name) + "."]
        words += describe_pieces(self._occupied, self._names)
        alt = " ".join(w for w in words if w)
        return picture_bundle(self._repr_png_(), alt, "<siege_nb.render.view.BoardView>")

    def _repr_png_(self) -> bytes:
        """The drawing as a picture in a notebook (all artists, animated ones included)."""
        import io

        from matplotlib.backends.backend_agg import FigureCanvasAgg

        animated = self._animated
        self.set_animated(False)
        try:
            if not isinstance(self.fig.canvas, FigureCanvasAgg):
                FigureCanvasAgg(self.fig)
            buffer = io.BytesIO()
            self.fig.savefig(buffer, format="png", dpi=100)
            return buffer.getvalue()
        finally:
            self.set_animated(animated)

    # -- reading ------------------------------------------------------------------------------
    def node_at(self, x: float | None, y: float | None) -> str | None:
        """The node nearest to data point (x, y), if within half a spacing; else ``None``."""
        if x is None or y is None or not (math.isfinite(x) and math.isfinite(y)):
            return None
        d2 = ((self._xy - (x, y)) ** 2).sum(axis=1)
        i = int(d2.argmin())
        return self._names[i] if d2[i] <= (0.5 * self.spacing) ** 2 else None

    def fraction_of(self, node: str) -> tuple[float, float]:
        """Where ``node`` is drawn, as fractions of the figure's width and height from its
        top-left corner (to click it in a browser, whatever the figure's on-screen size)."""
        check_point(self.positions, node, "node")
        px, py = self.ax.transData.transform(self.positions[node])
        width, height = self.fig.bbox.width, self.fig.bbox.height
        return float(px / width), float(1 - py / height)

    def pieces_drawn(self) -> int:
        """How many pieces the drawing shows (for tests)."""
        return sum(len(np.asarray(c.get_offsets())) for c in self._pieces.values())

    def drawn_at(self, kind: str) -> set[str]:
        """Where pieces of ``kind`` are drawn (for tests); kinds are piece names."""
        check_type(kind, str, "kind")
        if kind not in self._pieces:
            raise ArgumentError(
                "kind", kind, f"a piece of {self.game_name}: {', '.join(self._pieces)}"
            )
        offsets = np.asarray(self._pieces[kind].get_offsets())
        return {self.node_at(float(x), float(y)) or "?" for x, y in offsets}

    def highlighted(self) -> dict[str, set[str]]:
        """The nodes each highlight layer marks (for tests)."""

        def nodes(c: PathCollection) -> set[str]:
            offsets = np.asarray(c.get_offsets())
            return {self.node_at(float(x), float(y)) or "?" for x, y in offsets}

        return {
            "selected": nodes(self._selected),
            "destinations": nodes(self._dest),
            "captures": nodes(self._capt),
            "forbidden": nodes(self._forb),
            "marked": nodes(self._marked),
            "taken": nodes(self._taken),
        }

    def tags(self) -> list[Text]:
        """The tags naming the rules that refuse the marked moves, as drawn now (for tests)."""
        return [t for t in self._labels if t.get_visible()]

    def last_move_drawn(self) -> list[tuple[float, float]]:
        """The points the last-move line passes through, in order, ending at the arrow's
        head (board units; empty when no move is shown)."""
        return list(self._last_points) if self._arrow.get_visible() else []
