"""RuleComparer: one position side by side under two to four readings of one option."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from siege_nb.games.base import Game
from siege_nb.games.registry import new_game
from siege_nb.render.view import BoardView, Highlights
from siege_nb.rules import option as find_option
from siege_nb.widgets.common import (
    Blitter,
    canvas_for,
    escape,
    explore_highlights,
    guarded,
    png_of,
)

__all__ = ["RuleComparer"]

PANEL_SIZE = {"siege-of-paris": (4.4, 6.4), "belagerung": (4.8, 5.2), "pyramid-siege": (5.0, 4.8)}


class RuleComparer(w.VBox):
    """The same position under several choices of one option, with the moves of a chosen
    piece under each, so the difference jumps out. Click a piece on any board.

    >>> import siege_nb as sn
    >>> cmp = sn.RuleComparer({"k7": "garrison soldier", "j8": "black soldier",
    ...                        "j9": "white soldier"}, "protection", piece="k7")
    >>> [g.why("k7xj8").legal for g in cmp.games]
    [True, True, False, False]
    """

    def __init__(
        self,
        position: Game | Mapping[str, str] | None = None,
        option: str = "protection",
        values: Sequence[Any] | None = None,
        *,
        game: str = "siege-of-paris",
        piece: str | None = None,
        preset: str = "default",
        to_move: str | None = None,
        **options: Any,
    ) -> None:
        if isinstance(position, Game):
            base = position
            game = base.game
            preset = base.rules.preset
            options = {**base.rules.overrides, **options}
            setup: dict[str, Any] = base.position()
        else:
            setup = {"position": position}
            if to_move is not None:
                setup["to_move"] = to_move
        opt = find_option(game, option)
        self.option = opt
        chosen = list(values) if values is not None else [c.value for c in opt.choices]
        if not 2 <= len(chosen) <= 4:
            raise ValueError(f"compare two to four readings, not {len(chosen)}")
        options.pop(opt.name, None)
        self.games: list[Game] = [
            new_game(game, preset, **setup, **options, **{opt.name: v}) for v in chosen
        ]
        self.last_error: Exception | None = None
        width, height = PANEL_SIZE[game]
        self.fig = Figure(figsize=(width * len(chosen), height), dpi=100)
        self.canvas = canvas_for(self.fig)
        axes = self.fig.subplots(1, len(chosen), squeeze=False)[0]
        # The option is named once, over all the boards (wrapped to the figure's width); each
        # board names its choice. The title's room is kept in inches so it never overlaps.
        total = width * len(chosen)
        title = textwrap.wrap(f"{opt.heading}: {opt.question}", max(30, int(total / 0.13)))
        room = 0.75 + 0.28 * len(title)
        self.fig.subplots_adjust(
            left=0.01, right=0.99, bottom=0.01, top=1 - room / height, wspace=0.04
        )
        self.fig.suptitle("\n".join(title), fontsize=15, y=1 - 0.06 / height, va="top")
        self.views = [
            BoardView(g, ax, caption=self._caption(g))
            for g, ax in zip(self.games, axes, strict=True)
        ]
        for view in self.views:
            view.set_animated(True)
        self.blitter = Blitter(self.canvas, self.views)
        self.canvas.mpl_connect("button_press_event", self._on_press)
        self.table = w.HTML()
        self.selected: str | None = None
        super().__init__([self.canvas, self.table])
        if piece is not None:
            self.select(piece)
        else:
            self._render(in_event=False)

    def _caption(self, g: Game) -> str:
        choice = g.rules.choice(self.option.name)
        return f"{choice.label}\n({choice.attribution.tag})"

    def select(self, node: str | None) -> None:
        """Show the moves of the piece on ``node`` under every reading."""
        self.selected = node if node and node in self.games[0].pieces() else None
        self._render(in_event=False)

    @guarded
    def _on_press(self, event: Any) -> None:
        node = None
        for view in self.views:
            if event.inaxes is view.ax:
                node = view.node_at(event.xdata, event.ydata)
        self.selected = node if node and node in self.games[0].pieces() else None
        self._render(in_event=True)

    def _show_error(self, err: Exception) -> None:
        self.last_error = err
        self.table.value = (
            f"<span style='color:#D55E00'>{escape(type(err).__name__)}: {escape(err)}</span>"
        )

    def _render(self, in_event: bool) -> None:
        cells = []
        for g, view in zip(self.games, self.views, strict=True):
            if self.selected is None:
                view.update(g, highlights=Highlights(), caption=self._caption(g))
                continue
            highlights, verdicts = explore_highlights(g, self.selected)
            view.update(g, highlights=highlights, caption=self._caption(g))
            legal = sorted(v.move for v in verdicts.values() if v.legal)
            refused = [v for v in verdicts.values() if not v.legal]
            items = "".join(
                f"<li><span style='color:#009E73'>✓</span> {escape(m)}</li>" for m in legal
            )
            items += "".join(
                f"<li><span style='color:#D55E00'>✕ {escape(v.move)}</span>: "
                f"{escape(v.reason)}</li>"
                for v in refused
            )
            cells.append(
                f"<td style='vertical-align:top; padding:6px; width:{100 // len(self.games)}%'>"
                f"<b>{escape(self._caption(g))}</b><ul>{items or '<li>no move</li>'}</ul>"
                "</td>"
            )
        if self.selected is None:
            self.table.value = (
                "<p style='font-size:15px'>Click a piece on any board to compare "
                "its moves under each reading.</p>"
            )
        else:
            piece = self.games[0].pieces()[self.selected]
            self.table.value = (
                f"<div style='font-size:15px'><b>The {escape(piece)} on "
                f"{escape(self.selected)}</b><table style='width:100%'><tr>"
                f"{''.join(cells)}</tr></table></div>"
            )
        self.blitter.refresh(in_event)

    def to_png(self, dpi: int = 100) -> bytes:
        """The boards as shown now, as PNG bytes."""
        return png_of(self.fig, self.views, dpi)
