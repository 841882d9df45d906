"""RuleComparer: one position side by side under two to four readings of one option."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from siege_nb.games.base import Game
from siege_nb.games.registry import new_game
from siege_nb.render import Highlights, figure_size
from siege_nb.rules import RuleSet
from siege_nb.rules import option as find_option
from siege_nb.widgets.canvas import BoardCanvas, CanvasHost
from siege_nb.widgets.common import escape, explore_highlights, guarded
from siege_nb.widgets.selectors import RuleSelectors

__all__ = ["RuleComparer"]

# The largest size of one board of the comparison (inches at 100 dpi), and the room kept
# above each board for the title over all of them and the board's own caption.
PANEL_BOX = (4.8, 6.4)
PANEL_TOP = 0.9


class RuleComparer(CanvasHost, w.VBox):
    """The same position under several choices of one option, with the moves of a chosen
    piece under each, so the difference jumps out. Click a piece on any board.

    >>> import siege_nb as sn
    >>> cmp = sn.RuleComparer({"k7": "garrison soldier", "j8": "black soldier",
    ...                        "j9": "white soldier"}, "protection", piece="k7")
    >>> [g.why("k7xj8").legal for g in cmp.games]
    [True, True, False, False]

    ``selectors=True`` adds the preset and option dropdowns (all but the compared option):
    every board then follows the reading chosen there.
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
        selectors: bool = False,
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
        self.values = chosen
        self.games: list[Game] = [
            new_game(game, preset, **setup, **options, **{opt.name: v}) for v in chosen
        ]
        self.table = w.HTML()
        width, height = figure_size(self.games[0].board, box=PANEL_BOX, top=PANEL_TOP)
        self.board_canvas = BoardCanvas(
            (width * len(chosen), height),
            panels=len(chosen),
            on_click=self._on_click,
            message=self.table,
        )
        # The option is named once, over all the boards (wrapped to the figure's width); each
        # board names its choice. The title's room is kept in inches so it never overlaps.
        total = width * len(chosen)
        title = textwrap.wrap(f"{opt.heading}: {opt.question}", max(30, int(total / 0.13)))
        room = 0.75 + 0.28 * len(title)
        self.fig.subplots_adjust(
            left=0.01, right=0.99, bottom=0.01, top=1 - room / height, wspace=0.04
        )
        self.fig.suptitle("\n".join(title), fontsize=15, y=1 - 0.06 / height, va="top")
        self.selected: str | None = None
        self.selectors: RuleSelectors | None = None
        parts: list[Any] = [self.canvas, self.table]
        if selectors:
            self.selectors = RuleSelectors(self.games[0].rules, self._on_rules, exclude=(opt.name,))
            parts.append(self.selectors)
        super().__init__(parts)
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
                f"<span style='color:#D55E00'>This position is impossible "
                f"under that reading: {escape(err)}</span>"
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
                    g, highlights=Highlights(), caption=self._caption(g), panel=panel
                )
                continue
            highlights, verdicts = explore_highlights(g, self.selected)
            self.board_canvas.update(
                g, highlights=highlights, caption=self._caption(g), panel=panel
            )
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
        self.board_canvas.redraw(in_event)
