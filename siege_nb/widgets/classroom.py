"""Classroom: the board alone, large, for a projector, with the readings and the scenarios."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.games.catalogue import game_info
from siege_nb.games.registry import new_game
from siege_nb.rules import GAMES, presets
from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.common import escape, guarded
from siege_nb.widgets.scenario import ScenarioLibrary

__all__ = ["Classroom"]


class Classroom(w.VBox):
    """A classroom view: choose a game and a preset, play on a large board whose selectors
    switch any reading, and show the scenarios of the game in a second tab.

    >>> room = Classroom("belagerung", "royal-garrison")
    >>> room.board.game.rules.preset, room.tabs.selected_index
    ('royal-garrison', 0)
    """

    def __init__(
        self, game: str = "siege-of-paris", preset: str = "default", players: int = 2
    ) -> None:
        self.last_error: Exception | None = None
        self.game_chooser = w.Dropdown(options=list(GAMES), value=game, description="game")
        self.preset_chooser = w.Dropdown(
            options=list(presets(game)), value=preset, description="preset"
        )
        self.players = players
        self.new_button = w.Button(description="New game", icon="play", button_style="primary")
        self.message = w.HTML()
        self.game_chooser.observe(self._on_game, names="value")
        self.new_button.on_click(self._on_new)
        self.board = BoardWidget(self._new(game, preset))
        self.library = ScenarioLibrary(game)
        self.tabs = w.Tab(children=[self.board, self.library])
        self.tabs.set_title(0, "Play")
        self.tabs.set_title(1, "Scenarios")
        header = w.HBox(
            [
                w.HTML("<b style='font-size:22px'>siege_nb · classroom</b>&nbsp;"),
                self.game_chooser,
                self.preset_chooser,
                self.new_button,
                self.message,
            ]
        )
        super().__init__([header, self.tabs])

    def _new(self, game: str, preset: str) -> Any:
        allowed = game_info(game).players
        players = self.players if self.players in allowed else allowed[0]
        return new_game(game, preset, players=players)

    def start(self, game: str, preset: str = "default") -> None:
        """Start a new game of ``game`` under ``preset`` (the scenarios follow the game)."""
        changed = game != self.board.game.game
        self.board = BoardWidget(self._new(game, preset))
        if changed:
            self.library = ScenarioLibrary(game)
        self.tabs.children = [self.board, self.library]
        self.tabs.set_title(0, "Play")
        self.tabs.set_title(1, "Scenarios")
        self.tabs.selected_index = 0
        self.message.value = f"New game: {escape(game)}, preset {escape(preset)}."

    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        self.preset_chooser.options = list(presets(change["new"]))
        self.preset_chooser.value = "default"

    @guarded
    def _on_new(self, _: Any = None) -> None:
        self.start(self.game_chooser.value, self.preset_chooser.value)

    def _show_error(self, err: Exception) -> None:
        self.last_error = err
        self.message.value = f"<span style='color:#D55E00'>{escape(err)}</span>"
