"""Classroom: the board alone, large, for a projector, with the readings and the scenarios."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_int
from siege_nb.games.base import Game
from siege_nb.games.catalogue import game_info
from siege_nb.games.registry import new_game
from siege_nb.i18n import LANGUAGES, language, set_language, tr
from siege_nb.render.checks import check_flag, check_game_name, check_preset
from siege_nb.rules import GAMES, presets, title
from siege_nb.rules import title as game_title
from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.canvas import check_size
from siege_nb.widgets.common import error_html, escape, guarded, preset_name
from siege_nb.widgets.scenario import ScenarioLibrary

__all__ = ["Classroom"]


class Classroom(w.VBox):
    """A classroom view: choose a game and a preset, play on a large board whose selectors
    switch any reading, and show the scenarios of the game in a second tab.

    The app is the page: its boards fit the window below the header, whole, with the panel
    beside them where there is room (below otherwise), and follow the window when it changes.
    For a projector, the *Large board* toggle beside each board, or :meth:`set_size`, gives
    the board the whole height of the window. Choosing another game or preset starts a new
    game at once. Pupils read the rules in plain words (``pupil=True``, the default); *Where
    does this come from?* beside the board shows where each rule comes from.

    >>> room = Classroom("belagerung", "royal-garrison")
    >>> room.board.game.rules.preset, room.tabs.selected_index
    ('royal-garrison', 0)
    >>> room.set_size("large"); room.board.size, room.library.player.size
    ('large', 'large')
    >>> room.game_chooser.value = "pyramid-siege"; room.board.game.game
    'pyramid-siege'

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
        self,
        game: str = "siege-of-paris",
        preset: str = "default",
        players: int = 2,
        *,
        pupil: bool = True,
    ) -> None:
        game = check_game_name(game)
        preset = check_preset(game, preset)
        check_int(players, "players")
        check_flag(pupil, "pupil")
        counts = sorted({n for g in GAMES for n in game_info(g).players})
        if players not in counts:
            raise ArgumentError(
                "players", players, f"one of: {', '.join(map(str, counts))} (as the game allows)"
            )
        self.last_error: Exception | None = None
        self.pupil = pupil
        # Reader names in the lists; the values stay the keys the API takes.
        # Labels as wide as their words: "Rules of" runs longer in French and Portuguese.
        natural = {"description_width": "initial"}
        self.game_chooser = w.Dropdown(
            options=[(title(g), g) for g in GAMES], value=game, style=natural
        )
        self.preset_chooser = w.Dropdown(
            options=_preset_choices(game), value=preset, style=natural
        )
        # Each language by its own name: a reader finds theirs in any language.
        self.language_chooser = w.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=language(),
            layout=w.Layout(width="auto"),
            style=natural,
        )
        self.players = players
        self.new_button = w.Button(icon="play", button_style="primary")
        self.message = w.HTML()
        self.game_chooser.observe(self._on_game, names="value")
        self.preset_chooser.observe(self._on_preset, names="value")
        self.language_chooser.observe(self._on_language, names="value")
        self.new_button.on_click(self._on_new)
        self._label()
        self._size = "normal"
        self.board = self._board(self._new(game, preset))
        self.library = ScenarioLibrary(game, pupil=pupil)
        self.library.set_size(self._size, page=True)
        self.tabs = w.Tab(children=[self.board, self.library])
        self._tab_titles()
        self.heading = w.HTML()
        header = w.HBox(
            [
                self.heading,
                self.game_chooser,
                self.preset_chooser,
                self.new_button,
                self.language_chooser,
                self.message,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([header, self.tabs])
        self._label()

    def _label(self) -> None:
        """Name the app's own controls in the language in force."""
        self.game_chooser.description = tr("Game")
        self.preset_chooser.description = tr("Rules of")
        self.language_chooser.description = tr("Language")
        self.new_button.description = tr("New game")
        self.new_button.tooltip = tr("Start again from the set-up")
        if hasattr(self, "heading"):
            self.heading.value = (
                "<b style='font-size:22px'>" + tr("siege_nb · classroom") + "</b>&nbsp;"
            )

    def _tab_titles(self) -> None:
        self.tabs.set_title(0, tr("Play"))
        self.tabs.set_title(1, tr("Scenarios"))

    def set_language(self, code: str) -> None:
        """Speak ``code`` (``"en"``, ``"fr"``, ``"pt"``) from now on: the whole app is named
        again in it, the game on the board going on as it stood (the language chooser does
        the same). The language is the kernel's: a classroom page is a kernel of its own."""
        set_language(code)
        self.language_chooser.value = language()  # no-op when the chooser asked for it
        game = self.board.game
        self._size = self.board.size
        self.board = self._board(game)
        self.library = ScenarioLibrary(game.game, pupil=self.pupil)
        self.library.set_size(self._size, page=True)
        games = self.game_chooser.value
        self.game_chooser.unobserve(self._on_game, names="value")
        self.preset_chooser.unobserve(self._on_preset, names="value")
        try:
            self.game_chooser.options = [(title(g), g) for g in GAMES]
            self.game_chooser.value = games
            self.preset_chooser.options = _preset_choices(game.game)
            self.preset_chooser.value = game.rules.preset
        finally:
            self.game_chooser.observe(self._on_game, names="value")
            self.preset_chooser.observe(self._on_preset, names="value")
        self._label()
        self.tabs.children = [self.board, self.library]
        self._tab_titles()
        self.message.value = ""

    def _board(self, game: Game) -> BoardWidget:
        board = BoardWidget(game, pupil=self.pupil)
        # The app is the page: the board fits below the header, at the app's size.
        board.set_size(self._size, page=True)
        # A record of another game, loaded on this board, starts that game here.
        board.other_game = self._take
        return board

    def set_size(self, size: str = "normal") -> None:
        """Size every board of the app: ``"normal"`` (the whole board in the window, below
        the header) or ``"large"`` (for a projector: the board as tall as the window, its
        panel below). New games and scenarios keep the size."""
        self._size = check_size(size)
        self.board.set_size(size, page=True)
        self.library.set_size(size, page=True)

    def _new(self, game: str, preset: str) -> Game:
        allowed = game_info(game).players
        players = self.players if self.players in allowed else allowed[0]
        return new_game(game, preset, players=players)

    def start(self, game: str, preset: str = "default") -> None:
        """Start a new game of ``game`` under ``preset`` (the scenarios follow the game), and
        show the choosers to match. A wrong game or preset is refused before anything
        changes."""
        game = check_game_name(game)
        preset = check_preset(game, preset)
        self._show_game(self._new(game, preset))
        self.message.value = tr(
            "New game: {game}, {preset}.",
            game=escape(game_title(game)),
            preset=escape(preset_name(game, preset)),
        )

    def _show_game(self, g: Game) -> None:
        """Play ``g`` on a new board (and the scenarios of its game), the choosers showing
        its game and preset."""
        changed = g.game != self.board.game.game
        self._size = self.board.size  # a board made large by its own toggle stays large
        self.board = self._board(g)
        if changed:
            self.library = ScenarioLibrary(g.game, pupil=self.pupil)
            self.library.set_size(self._size, page=True)
        self._set_choosers(g.game, g.rules.preset)
        self.tabs.children = [self.board, self.library]
        self._tab_titles()
        self.tabs.selected_index = 0

    def _take(self, g: Game) -> None:
        """Go on with a loaded game of another game than the board's, on a new board."""
        self._show_game(g)
        self.message.value = tr(
            "Loaded a game of {game} at move {n}.", game=escape(game_title(g.game)), n=g.ply
        )

    def _set_choosers(self, game: str, preset: str) -> None:
        """Show ``game`` and ``preset`` in the choosers without starting anything."""
        self.game_chooser.unobserve(self._on_game, names="value")
        self.preset_chooser.unobserve(self._on_preset, names="value")
        try:
            self.game_chooser.value = game
            self.preset_chooser.options = _preset_choices(game)
            self.preset_chooser.value = preset
        finally:
            self.game_chooser.observe(self._on_game, names="value")
            self.preset_chooser.observe(self._on_preset, names="value")

    # -- events -------------------------------------------------------------------------------
    @guarded
    def _on_game(self, change: dict[str, Any]) -> None:
        # A new game at once: a board of the old game left on the page would still take
        # clicks while the choosers say another game.
        self.start(change["new"], "default")

    @guarded
    def _on_preset(self, change: dict[str, Any]) -> None:
        self.start(self.game_chooser.value, change["new"])

    @guarded
    def _on_language(self, change: dict[str, Any]) -> None:
        if change["new"] != language():
            self.set_language(change["new"])

    @guarded
    def _on_new(self, _: Any = None) -> None:
        self.start(self.game_chooser.value, self.preset_chooser.value)

    def _snapshot(self) -> tuple[Any, ...]:
        # The game and preset on the board, not the choosers' values: a choice is handled
        # after the chooser has changed.
        rules = self.board.game.rules
        return (
            self.board,
            self.library,
            rules.game,
            rules.preset,
            self.tabs.selected_index,
            self._size,
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        self.board, self.library, game, preset, tab, self._size = snapshot
        self._set_choosers(game, preset)
        self.tabs.children = [self.board, self.library]
        self._tab_titles()
        self.tabs.selected_index = tab

    def _show_error(self, err: Exception, failed: Exception | None = None) -> None:
        self.last_error = err
        self.message.value = error_html(err, tr("the app"), failed)


def _preset_choices(game: str) -> list[tuple[str, str]]:
    """The presets of ``game`` as (reader name, key) pairs for a dropdown."""
    return [(_capital(preset_name(game, p)), p) for p in presets(game)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
