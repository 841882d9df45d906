"""Classroom: the board alone, large, for a projector, with the readings and the scenarios."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_int
from siege_nb.games.catalogue import game_info
from siege_nb.games.registry import new_game
from siege_nb.render.checks import check_game_name, check_preset
from siege_nb.rules import GAMES, presets, title
from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.canvas import check_size
from siege_nb.widgets.common import escape, guarded, preset_name
from siege_nb.widgets.scenario import ScenarioLibrary

__all__ = ["Classroom"]


class Classroom(w.VBox):
    """A classroom view: choose a game and a preset, play on a large board whose selectors
    switch any reading, and show the scenarios of the game in a second tab.

    The app is the page: its boards fit the window below the header, whole, with the panel
    beside them where there is room (below otherwise), and follow the window when it changes.
    For a projector, the *Large board* toggle beside each board, or :meth:`set_size`, gives
    the board the whole height of the window.

    >>> room = Classroom("belagerung", "royal-garrison")
    >>> room.board.game.rules.preset, room.tabs.selected_index
    ('royal-garrison', 0)
    >>> room.set_size("large"); room.board.size, room.library.player.size
    ('large', 'large')

    ``players`` is the number of players for a game that can have more than two (Siege of
    Paris: 2 or 3); other games are played by two. The arguments are checked before
    anything is built:

    >>> Classroom("chess")
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: game: 'chess' is not accepted; one of: siege-of-paris, \
belagerung, pyramid-siege
    """

    def __init__(
        self, game: str = "siege-of-paris", preset: str = "default", players: int = 2
    ) -> None:
        game = check_game_name(game)
        preset = check_preset(game, preset)
        check_int(players, "players")
        counts = sorted({n for g in GAMES for n in game_info(g).players})
        if players not in counts:
            raise ArgumentError(
                "players", players, f"one of: {', '.join(map(str, counts))} (as the game allows)"
            )
        self.last_error: Exception | None = None
        # Reader names in the lists; the values stay the keys the API takes.
        self.game_chooser = w.Dropdown(
            options=[(title(g), g) for g in GAMES], value=game, description="Game"
        )
        self.preset_chooser = w.Dropdown(
            options=_preset_choices(game), value=preset, description="Rules of"
        )
        self.players = players
        self.new_button = w.Button(description="New game", icon="play", button_style="primary")
        self.message = w.HTML()
        self.game_chooser.observe(self._on_game, names="value")
        self.new_button.on_click(self._on_new)
        self._size = "normal"
        self.board = self._board(self._new(game, preset))
        self.library = ScenarioLibrary(game)
        self.library.set_size(self._size, page=True)
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
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([header, self.tabs])

    def _board(self, game: Any) -> BoardWidget:
        board = BoardWidget(game)
        # The app is the page: the board fits below the header, at the app's size.
        board.set_size(self._size, page=True)
        return board

    def set_size(self, size: str = "normal") -> None:
        """Size every board of the app: ``"normal"`` (the whole board in the window, below
        the header) or ``"large"`` (for a projector: the board as tall as the window, its
        panel below). New games and scenarios keep the size."""
        self._size = check_size(size)
        self.board.set_size(size, page=True)
        self.library.set_size(size, page=True)

    def _new(self, game: str, preset: str) -> Any:
        allowed = game_info(game).players
        players = self.players if self.players in allowed else allowed[0]
        return new_game(game, preset, players=players)

    def start(self, game: str, preset: str = "default") -> None:
        """Start a new game of ``game`` under ``preset`` (the scenarios follow the game). A
        wrong game or preset is refused before anything changes."""
        game = check_game_name(game)
        preset = check_preset(game, preset)
        changed = game != self.board.game.game
        self._size = self.board.size  # a board made large by its own toggle stays large
        self.board = self._board(self._new(game, preset))
        if changed:
            self.library = ScenarioLibrary(game)
            self.library.set_size(self._size, page=True)
        self.tabs.children = [self.board, self.library]
        self.tabs.set_title(0, "Play")
        self.tabs.set_title(1, "Scenarios")
        self.tabs.selected_index = 0
        self.message.value = f"New game: {escape(game)}, preset {escape(preset)}."

    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        self.preset_chooser.options = _preset_choices(change["new"])
        self.preset_chooser.value = "default"

    @guarded
    def _on_new(self, _: Any = None) -> None:
        self.start(self.game_chooser.value, self.preset_chooser.value)

    def _show_error(self, err: Exception) -> None:
        self.last_error = err
        self.message.value = f"<span style='color:#D55E00'>{escape(err)}</span>"


def _preset_choices(game: str) -> list[tuple[str, str]]:
    """The presets of ``game`` as (reader name, key) pairs for a dropdown."""
    return [(_capital(preset_name(game, p)), p) for p in presets(game)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
