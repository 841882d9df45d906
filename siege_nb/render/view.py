"""Drawing a position with matplotlib: a :class:`BoardView` builds every artist once and then
updates them in place, so a widget can redraw a click without rebuilding the figure.

Pieces of one kind share one scatter collection (their offsets change); highlights are
collections too; the last move is one arrow whose ends move. Nothing here uses pyplot, so
drawing never opens a window or adds a figure to a notebook by itself.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.text import Text

from siege_nb.games.base import Game, Move
from siege_nb.games.catalogue import CATALOGUE, game_info
from siege_nb.render.extent import Extent
from siege_nb.render.families import Family, family_of
from siege_nb.render.layout import figure_size
from siege_nb.render.style import (
    MARKERS,
    PALETTE,
    PIECE_COLOURS,
    RANK_SIZE,
    Z_DEST,
    Z_MARKS,
    Z_PIECES,
    Z_RINGS,
    Z_TEXT,
)

__all__ = ["GAME_TITLES", "BoardView", "Highlights", "explore_highlights", "piece_kinds"]


class _Titles(Mapping[str, str]):
    """Each game's title, read from the catalogue on every lookup (it keeps no table)."""

    def __getitem__(self, name: str) -> str:
        if name not in CATALOGUE:
            raise KeyError(name)
        return game_info(name).title

    def __iter__(self) -> Iterator[str]:
        return iter(CATALOGUE)

    def __len__(self) -> int:
        return len(CATALOGUE)


# Kept for callers that look titles up by game name; the titles live in the catalogue.
GAME_TITLES: Mapping[str, str] = _Titles()


@dataclass
class Highlights:
    """What to emphasise on a board: the selected piece, where it may go, which captures are
    possible, which are forbidden (with a short label saying why), and any marked points
    (e.g. defenders that may be huffed)."""

    selected: str | None = None
    destinations: Sequence[str] = ()
    captures: Sequence[str] = ()
    forbidden: Mapping[str, str] = field(default_factory=dict)
    marked: Sequence[str] = ()


def explore_highlights(game: Game, node: str) -> tuple[Any, dict[str, Any]]:
    """Highlights for the piece on ``node`` from :meth:`Game.explore`, and the verdict per
    marked point (legal destinations, ringed captures, forbidden moves labelled by rule)."""
    verdicts: dict[str, Any] = {}
    dest: list[str] = []
    capt: list[str] = []
    forb: dict[str, str] = {}
    for v in game.explore(node):
        move = v.judged
        if move is None:
            continue  # a verdict that names no move of the piece marks no point
        # A chain of jumps is marked at its first landing, where a click continues it.
        end = move.path[1] if move.kind == "jump" else move.end
        if end is None:
            continue  # an action without a destination (a demand, a huff)
        by_replacement = move.kind == "capture"
        if v.legal:
            (capt if by_replacement else dest).append(end)
            verdicts[end] = v
        elif end not in verdicts:
            verdicts[end] = v
            forb[end] = v.rule or "✕"
    forb = {k: r for k, r in forb.items() if not verdicts[k].legal}
    highlights = Highlights(
        selected=node,
        destinations=sorted(set(dest)),
        captures=sorted(set(capt)),
        forbidden=forb,
        marked=list(game.status().huffable),
    )
    return highlights, verdicts


def piece_kinds(game: str) -> list[str]:
    """The names of the pieces a game may show (one drawing layer each), from the game's
    catalogue record.

    >>> piece_kinds("pyramid-siege")
    ['attacker', 'defender']
    >>> kinds = piece_kinds("siege-of-paris"); len(kinds), kinds[0]
    (13, 'garrison general')
    """
    return list(game_info(game).pieces)


class BoardView:
    """The artists of one drawn board, and the means to update them in place.

    The static board is drawn by its family (``view.family``, chosen by the board's type),
    which also sets the view limits (``view.extent``); a new figure is sized from the same
    extent by :func:`~siege_nb.render.layout.figure_size`.

    >>> import siege_nb as sn
    >>> from siege_nb.render import draw
    >>> view = draw(sn.new_game("pyramid-siege"))
    >>> view.pieces_drawn(), view.node_at(*view.positions["r4c1"])
    (30, 'r4c1')
    """

    def __init__(
        self,
        game: Game,
        ax: Axes | None = None,
        *,
        coords: bool = True,
        names: bool = False,
        caption: str | None = None,
        animated: bool = False,
    ) -> None:
        if ax is None:
            fig = Figure(figsize=figure_size(game.board), layout="constrained")
            ax = fig.add_subplot()
        self.ax: Axes = ax
        self.fig: Figure = ax.figure  # type: ignore[assignment]
        self.game_name = game.game
        board = game.board
        self.positions: dict[str, tuple[float, float]] = {
            n: (float(x), float(y)) for n, (x, y) in zip(board.names, board.xy, strict=True)
        }
        self._xy = np.array([self.positions[n] for n in board.names])
        self._names = list(board.names)
        ax.set_aspect("equal")
        ax.set_axis_off()
        # Both families draw neighbouring points one unit apart.
        self.spacing = 1.0
        self.family: Family = family_of(board)
        self.extent: Extent = self.family.draw(ax, board, coords)
        if names:
            for n, (x, y) in self.positions.items():
                ax.text(
                    x,
                    y - 0.36 * self.spacing,
                    n,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=PALETTE["text"],
                    zorder=Z_TEXT,
                    alpha=0.8,
                )
        unit = self._points_per_unit()
        self._pieces: dict[str, PathCollection] = {}
        for kind in piece_kinds(game.game):
            side, _, rank = kind.rpartition(" ")
            side = side or kind
            face, edge = PIECE_COLOURS[side]
            size = (RANK_SIZE[rank] * unit) ** 2
            self._pieces[kind] = ax.scatter(
                [],
                [],
                s=size,
                marker=MARKERS[rank],
                facecolors=face,
                edgecolors=edge,
                linewidths=max(1.5, unit / 22),
                zorder=Z_PIECES,
            )
        ring_size = (0.98 * unit) ** 2

        def ring(colour: str, width: float, style: str = "-") -> PathCollection:
            return ax.scatter(
                [],
                [],
                s=ring_size,
                marker="o",
                facecolors="none",
                edgecolors=colour,
                linewidths=width,
                linestyles=style,
                zorder=Z_RINGS,
            )

        self._selected = ring(PALETTE["selected"], unit / 9)
        self._capt = ring(PALETTE["capture"], unit / 10)
        self._marked = ring(PALETTE["marked"], unit / 12, "--")
        self._forb = ring(PALETTE["forbidden"], unit / 10)
        self._dest = ax.scatter(
            [],
            [],
            s=(0.42 * unit) ** 2,
            marker="o",
            facecolors=PALETTE["destination"],
            edgecolors="white",
            linewidths=1.5,
            zorder=Z_DEST,
        )
        # A small cross beside each forbidden ring, so the piece itself stays visible.
        self._forb_x = ax.scatter(
            [],
            [],
            s=(0.36 * unit) ** 2,
            marker="X",
            facecolors=PALETTE["forbidden"],
            edgecolors="white",
            linewidths=1.0,
            zorder=Z_MARKS,
        )
        self._labels: list[Text] = []
        self._arrow = FancyArrowPatch(
            (0, 0),
            (0, 0),
            arrowstyle="-|>",
            mutation_scale=unit / 2,
            color=PALETTE["last_move"],
            linewidth=unit / 10,
            alpha=0.9,
            zorder=Z_RINGS,
            visible=False,
        )
        ax.add_patch(self._arrow)
        self._caption = ax.set_title("", fontsize=15, color=PALETTE["text"], loc="center")
        self._fixed_caption = caption
        self._animated = animated
        for artist in self.dynamic_artists():
            artist.set_animated(animated)
        self.update(game)

    def _points_per_unit(self) -> float:
        """Typographic points per data unit, so markers fit the board at this figure size."""
        fig, ax = self.fig, self.ax
        pos = ax.get_position()
        x0, x1 = ax.get_xlim()
        y0, y1 = ax.get_ylim()
        w_in = fig.get_figwidth() * pos.width
        h_in = fig.get_figheight() * pos.height
        if fig.get_layout_engine() is not None:
            # Before the first draw the constrained layout has not shrunk the axes yet.
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
        The caller redraws the canvas (``draw_idle()`` or ``draw()``).
        """
        if game is not None:
            by_kind: dict[str, list[str]] = {k: [] for k in self._pieces}
            for node, piece in game.pieces().items():
                by_kind[piece].append(node)
            for kind, nodes in by_kind.items():
                self._pieces[kind].set_offsets(self._offsets(nodes))
            if last_move is True:
                last_move = game.last_move
            self._show_last_move(last_move if isinstance(last_move, Move) else None)
            text = caption or self._fixed_caption or self._default_caption(game)
            self._caption.set_text(text)
        elif caption is not None:
            self._caption.set_text(caption)
        self.set_highlights(highlights or Highlights())

    def _default_caption(self, game: Game) -> str:
        head = f"{game_info(game.game).title} · {game.rules.preset}"
        if game.result is not None:
            who = "draw" if game.result.winner is None else f"{game.result.winner} win"
            return f"{head} · {who}"
        return f"{head} · {game.to_move} to move"

    def _show_last_move(self, move: Move | None) -> None:
        if move is None or move.end is None or move.start is None:
            self._arrow.set_visible(False)
            return
        self._arrow.set_positions(self.positions[move.start], self.positions[move.end])
        self._arrow.set_visible(True)

    def set_highlights(self, h: Highlights) -> None:
        """Replace the highlights (selected piece, destinations, captures, forbidden, marked)."""
        self._selected.set_offsets(self._offsets([h.selected] if h.selected else []))
        self._dest.set_offsets(self._offsets(list(h.destinations)))
        self._capt.set_offsets(self._offsets(list(h.captures)))
        self._marked.set_offsets(self._offsets(list(h.marked)))
        self._forb.set_offsets(self._offsets(list(h.forbidden)))
        corner = 0.36 * self.spacing
        self._forb_x.set_offsets(self._offsets(list(h.forbidden)) + np.array([corner, -corner]))
        while len(self._labels) < len(h.forbidden):
            label = self.ax.text(
                0,
                0,
                "",
                ha="center",
                va="center",
                fontsize=10,
                fontweight="bold",
                color="white",
                zorder=Z_TEXT,
                bbox={
                    "boxstyle": "round,pad=0.2",
                    "facecolor": PALETTE["forbidden"],
                    "edgecolor": "none",
                },
            )
            label.set_animated(self._animated)
            self._labels.append(label)
        for label, (node, text) in zip(self._labels, h.forbidden.items(), strict=False):
            x, y = self.positions[node]
            label.set_position((x, y + 0.52 * self.spacing))
            label.set_text(text)
            label.set_visible(True)
        for label in self._labels[len(h.forbidden) :]:
            label.set_visible(False)

    # -- blitting -----------------------------------------------------------------------------
    def dynamic_artists(self) -> list[Any]:
        """The artists that change with the position (pieces, highlights, arrow, caption)."""
        return [
            *self._pieces.values(),
            self._dest,
            self._selected,
            self._capt,
            self._marked,
            self._forb,
            self._forb_x,
            self._arrow,
            *self._labels,
            self._caption,
        ]

    def draw_dynamic(self) -> None:
        """Draw the changing artists over a restored background (for blitting widgets)."""
        for artist in sorted(self.dynamic_artists(), key=lambda a: a.get_zorder()):
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
        px, py = self.ax.transData.transform(self.positions[node])
        width, height = self.fig.bbox.width, self.fig.bbox.height
        return float(px / width), float(1 - py / height)

    def pieces_drawn(self) -> int:
        """How many pieces the drawing shows (for tests)."""
        return sum(len(np.asarray(c.get_offsets())) for c in self._pieces.values())

    def drawn_at(self, kind: str) -> set[str]:
        """Where pieces of ``kind`` are drawn (for tests); kinds are piece names."""
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
        }
