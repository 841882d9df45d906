"""Drawing a position with matplotlib: a :class:`BoardView` builds every artist once and then
updates them in place, so a widget can redraw a click without rebuilding the figure.

Pieces of one kind share one scatter collection (their offsets change); highlights are
collections too; the last move is one arrow whose ends move. Nothing here uses pyplot, so
drawing never opens a window or adds a figure to a notebook by itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PatchCollection, PathCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Polygon, Rectangle
from matplotlib.text import Text

from siege_nb.games.base import Game, Move
from siege_nb.render.style import MARKERS, PALETTE, PIECE_COLOURS, RANK_SIZE
from siege_nb.rules import GAMES, title

__all__ = ["BoardView", "Highlights", "explore_highlights"]

GAME_TITLES = {g: title(g) for g in GAMES}
# Figure size in inches per game: large enough for a projector, about a screen's height.
FIGSIZE = {"siege-of-paris": (7.4, 9.4), "belagerung": (7.6, 8.0), "pyramid-siege": (8.0, 7.2)}
Z_BOARD, Z_LINES, Z_POINTS, Z_DEST, Z_PIECES, Z_RINGS, Z_MARKS, Z_TEXT = 0, 1, 2, 3, 5, 6, 7, 8


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
        sep = "x" if "x" in v.move else "-"
        end = v.move.split(sep)[1]  # a step's end, a capture's target, a chain's first landing
        by_replacement = sep == "x" and game.game == "siege-of-paris"
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


def _piece_kinds(game: str) -> list[str]:
    if game == "siege-of-paris":
        officers = ["general", "colonel", "captain", "lieutenant", "soldier"]
        return [f"{side} {rank}" for side in ("white", "black") for rank in officers] + [
            f"garrison {rank}" for rank in ("general", "colonel", "soldier")
        ]
    return ["attacker", "defender"]


class BoardView:
    """The artists of one drawn board, and the means to update them in place.

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
            fig = Figure(figsize=FIGSIZE[game.game], layout="constrained")
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
        if game.game == "siege-of-paris":
            self.spacing = 1.0
            self._draw_paris(board, coords)
        else:
            self.spacing = 1.0
            self._draw_points(game, board, coords)
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
        for kind in _piece_kinds(game.game):
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

    # -- backgrounds --------------------------------------------------------------------------
    def _draw_paris(self, board: Any, coords: bool) -> None:
        ax = self.ax
        squares = [
            Rectangle((board.xy[i][0] - 0.5, board.xy[i][1] - 0.5), 1, 1)
            for i in range(board.n_squares)
        ]
        colours = [
            PALETTE["dark"] if board.dark[i] else PALETTE["light"] for i in range(board.n_squares)
        ]
        ax.add_collection(
            PatchCollection(squares, facecolors=colours, edgecolors="none", zorder=Z_BOARD)
        )
        ax.add_patch(
            Rectangle(
                (3.5, 5.5),
                6,
                6,
                facecolor=PALETTE["citadel"],
                edgecolor=PALETTE["frame"],
                linewidth=2.5,
                zorder=Z_BOARD,
            )
        )
        ax.add_patch(
            Rectangle(
                (0.5, 0.5),
                12,
                16,
                facecolor="none",
                edgecolor=PALETTE["frame"],
                linewidth=3,
                zorder=Z_LINES,
            )
        )
        segments: list[list[tuple[float, float]]] = []
        for c in board.circles:
            segments.extend([board.xy[c], board.xy[d]] for d in board.circle_links[c] if d > c)
        for g in board.gates:
            segments.extend([board.xy[g], board.xy[s]] for s in board.gate_squares[g])
            # The gate: an arrow from the circle out through the wall, between its squares.
            gx, gy = board.xy[g]
            dx, dy = gx - 6.5, gy - 8.5
            norm = math.hypot(dx, dy)
            tip = (gx + 1.05 * dx / norm, gy + 1.05 * dy / norm)
            ax.add_patch(
                FancyArrowPatch(
                    (gx, gy),
                    tip,
                    arrowstyle="-|>",
                    mutation_scale=26,
                    color=PALETTE["frame"],
                    linewidth=3,
                    shrinkA=0,
                    shrinkB=0,
                    zorder=Z_LINES,
                )
            )
        ax.add_collection(
            LineCollection(segments, colors=PALETTE["line"], linewidths=2.5, zorder=Z_LINES)
        )
        for c in board.circles:
            ax.add_patch(
                Circle(
                    board.xy[c],
                    0.47,
                    facecolor=PALETTE["light"],
                    edgecolor=PALETTE["line"],
                    linewidth=2.5,
                    zorder=Z_POINTS,
                )
            )
            ax.text(
                board.xy[c][0],
                board.xy[c][1] - 0.62,
                board.names[c],
                ha="center",
                va="center",
                fontsize=8,
                color=PALETTE["line"],
                zorder=Z_TEXT,
            )
        if coords:
            for f, letter in enumerate("abcdefghijkl", start=1):
                for y in (0.05, 16.95):
                    ax.text(
                        f, y, letter, ha="center", va="center", fontsize=12, color=PALETTE["text"]
                    )
            for r in range(1, 17):
                for x in (0.05, 12.95):
                    ax.text(
                        x, r, str(r), ha="center", va="center", fontsize=11, color=PALETTE["text"]
                    )
        ax.set_xlim(-0.35, 13.35)
        ax.set_ylim(-0.35, 17.35)

    def _draw_points(self, game: Game, board: Any, coords: bool) -> None:
        ax = self.ax
        xy = board.xy
        fortress = [i for i, f in enumerate(board.fortress) if f]
        if game.game == "belagerung":
            ax.add_collection(
                PatchCollection(
                    [Rectangle((xy[i][0] - 0.5, xy[i][1] - 0.5), 1, 1) for i in fortress],
                    facecolors=PALETTE["fortress"],
                    edgecolors="none",
                    zorder=Z_BOARD,
                )
            )
        else:
            corners = [board.index[n] for n in ("r4c1", "r4c3", "r6c3")]
            cx = sum(xy[i][0] for i in corners) / 3
            cy = sum(xy[i][1] for i in corners) / 3
            grow = 1.6  # outward from the centre, so the fortress points sit well inside
            ax.add_patch(
                Polygon(
                    [(cx + grow * (xy[i][0] - cx), cy + grow * (xy[i][1] - cy)) for i in corners],
                    closed=True,
                    facecolor=PALETTE["fortress"],
                    edgecolor="none",
                    zorder=Z_BOARD,
                )
            )
        ax.add_collection(
            LineCollection(
                [[xy[a], xy[b]] for a, b in board.lines],
                colors=PALETTE["line"],
                linewidths=2.2,
                zorder=Z_LINES,
            )
        )
        ax.scatter(
            [p[0] for p in xy], [p[1] for p in xy], s=40, color=PALETTE["point"], zorder=Z_POINTS
        )
        xs = [p[0] for p in xy]
        ys = [p[1] for p in xy]
        if coords and game.game == "belagerung":
            for f, letter in enumerate("abcdefghi", start=1):
                ax.text(
                    f, 0.25, letter, ha="center", va="center", fontsize=12, color=PALETTE["text"]
                )
            for r in range(1, 10):
                ax.text(
                    0.25, r, str(r), ha="center", va="center", fontsize=12, color=PALETTE["text"]
                )
        elif coords:
            for r in range(8):
                i = board.index[f"r{r}c0"]
                ax.text(
                    xy[i][0] - 0.75,
                    xy[i][1],
                    f"r{r}",
                    ha="center",
                    va="center",
                    fontsize=12,
                    color=PALETTE["text"],
                )
        ax.set_xlim(min(xs) - 1.0, max(xs) + 0.8)
        ax.set_ylim(min(ys) - 0.9, max(ys) + 0.8)

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
        head = f"{GAME_TITLES[game.game]} · {game.rules.preset}"
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
