"""Classroom: the board alone, large, for a projector, with the readings and the scenarios."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_int
from siege_nb.games.base import Game
from siege_nb.games.catalogue import game_info
from siege_nb.games.registry import new_game
from siege_nb.i18n import LANGUAGES, N_, language, set_language, tr
from siege_nb.records import RecordError, load_game
from siege_nb.render.checks import check_flag, check_game_name, check_preset
from siege_nb.rules import GAMES, presets, title
from siege_nb.rules import title as game_title
from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.canvas import check_size
from siege_nb.widgets.common import capital, error_html, escape, guarded, preset_name
from siege_nb.widgets.disputes import WhereTheyPart
from siege_nb.widgets.keeper import Keeper
from siege_nb.widgets.scenario import ScenarioLibrary

__all__ = ["TAB_TITLES", "Classroom"]

# Marked for the catalogue here, translated where the tabs are named (_show_tabs).
TAB_TITLES = (N_("Play"), N_("Scenarios"), N_("Where they part"))


class Classroom(w.VBox):
    """A classroom view: choose a game and a preset, play on a large board whose selectors
    switch any reading, show the scenarios of the game in a second tab, and, in a third
    (*Where they part*), find the smallest positions where two readings of a rule part
    (:class:`~siege_nb.widgets.disputes.WhereTheyPart`). The second and third tabs are made
    when first opened (or first used through :attr:`library` and :attr:`parts`).

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
    >>> room.tabs.get_title(2), room.parts.option.name
    ('Where they part', 'attacker_direction')
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
        self.preset_chooser = w.Dropdown(options=_preset_choices(game), value=preset, style=natural)
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
        # Nothing lost: the browser keeps the game; a fresh page offers it back.
        self.keeper = Keeper(on_kept=self._on_kept)
        self.restore_button = w.Button(
            icon="history", button_style="warning", layout=w.Layout(width="auto", display="none")
        )
        self.restore_button.on_click(self._on_restore)
        self.offer: Game | None = None  # a kept game the reader may restore
        self._kept_key: tuple[Any, ...] | None = None
        self._label()
        self._size = "normal"
        self.board = self._board(self._new(game, preset))
        # The scenarios and the finder are made when their tab is first opened: most pages
        # never open them, and loading the scenarios alone is a third of the time a pupil
        # waits for the first board.
        self._library: ScenarioLibrary | None = None
        self._library_game = game
        self._parts: WhereTheyPart | None = None
        self._parts_rules = (game, preset)
        self._waiting = (w.VBox(), w.VBox())
        self.tabs = w.Tab(children=[self.board, *self._waiting])
        self.tabs.observe(self._on_tab, names="selected_index")
        self._show_tabs()
        self.heading = w.HTML()
        header = w.HBox(
            [
                self.heading,
                self.game_chooser,
                self.preset_chooser,
                self.new_button,
                self.restore_button,
                self.language_chooser,
                self.message,
                self.keeper,
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
        self.restore_button.description = tr("Restore my game")
        self.restore_button.tooltip = tr("Go on with the game this browser kept")
        self.keeper.label()
        if hasattr(self, "heading"):
            self.heading.value = (
                "<b style='font-size:22px'>" + tr("siege_nb · classroom") + "</b>&nbsp;"
            )

    @property
    def library(self) -> ScenarioLibrary:
        """The scenarios of the game on the board (made on first use)."""
        if self._library is None:
            self._library = ScenarioLibrary(self._library_game, pupil=self.pupil)
            self._library.set_size(self._size, page=True)
            if hasattr(self, "tabs"):
                self._show_tabs()  # in its tab at once
        return self._library

    @property
    def parts(self) -> WhereTheyPart:
        """The *Where they part* tab for the game and preset in force (made on first use)."""
        if self._parts is None:
            self._parts = WhereTheyPart(*self._parts_rules, pupil=self.pupil)
            self._parts.set_size(self._size, page=True)
            if hasattr(self, "tabs"):
                self._show_tabs()  # in its tab at once
        return self._parts

    def _new_parts(self, game: str, preset: str, again: bool = False) -> None:
        """The finder's tab for ``game`` under ``preset`` from now on, made at once if it was
        shown before; ``again`` names the same tab again in another language, keeping its
        rule, readings and lessons."""
        old = self._parts
        self._parts, self._parts_rules = None, (game, preset)
        if old is not None:
            self._parts = old.again() if again else WhereTheyPart(game, preset, pupil=self.pupil)
            self._parts.set_size(self._size, page=True)

    def _new_library(self, game: str) -> None:
        """The scenarios of ``game`` from now on: made at once if they were shown before."""
        built = self._library is not None
        self._library, self._library_game = None, game
        if built:
            _ = self.library

    def _show_tabs(self) -> None:
        """Put the board, the scenarios and the finder (or the empty tabs that wait for
        them) in the tabs, titled in the language in force."""
        shown = self.tabs.selected_index
        library = self.library if shown == 1 else self._library
        parts = self.parts if shown == 2 else self._parts
        self.tabs.children = [
            self.board,
            library if library is not None else self._waiting[0],
            parts if parts is not None else self._waiting[1],
        ]
        for k, name in enumerate(TAB_TITLES):
            self.tabs.set_title(k, tr(name))

    @guarded
    def _on_tab(self, change: dict[str, Any]) -> None:
        if (change["new"] == 1 and self._library is None) or (
            change["new"] == 2 and self._parts is None
        ):
            self._show_tabs()

    def set_language(self, code: str) -> None:
        """Speak ``code`` (``"en"``, ``"fr"``, ``"pt"``) from now on: the whole app is named
        again in it, the game on the board going on as it stood (the language chooser does
        the same). The language is the kernel's: a classroom page is a kernel of its own."""
        set_language(code)
        self.language_chooser.value = language()  # no-op when the chooser asked for it
        game = self.board.game
        self._size = self.board.size
        self.board = self._board(game)
        self._new_library(game.game)
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
        self._new_parts(game.game, game.rules.preset, again=True)
        self._label()
        self._show_tabs()
        self.message.value = ""

    def _board(self, game: Game) -> BoardWidget:
        board = BoardWidget(game, pupil=self.pupil)
        old = getattr(self, "board", None)
        if old is not None:
            # Sized at once for the room the page reported to the old board: the new board
            # is drawn at its final size first, instead of jumping to it when its own probe
            # reports the same room, which also cost the kernel a second drawing of the
            # whole board and the browser a second full picture.
            board.board_canvas.space = old.board_canvas.space
        # The app is the page: the board fits below the header, at the app's size.
        board.set_size(self._size, page=True)
        # A record of another game, loaded on this board, starts that game here.
        board.other_game = self._take
        board.on_change = self._keep
        self._kept_key = None
        self._keep(board.game)
        return board

    def _keep(self, game: Game) -> None:
        """Have the browser keep ``game`` (when it has changed), unless a kept game is on
        offer and this one has no move yet: a fresh board must not wipe out the game the
        reader may still want back."""
        last = game.last_move
        key = (id(game), game.ply, last.text if last is not None else "", id(game.rules))
        if key == self._kept_key:
            return
        if self.offer is not None:
            if game.ply == 0:
                return
            self._withdraw()
        if self.keeper.keep(game):
            self._kept_key = key

    @guarded
    def _on_kept(self, record: str | None) -> None:
        """The browser's answer when the page shows: the record it kept, if any."""
        if record is None:
            self._kept_key = None
            self._keep(self.board.game)
            return
        try:
            game = load_game(record)
        except RecordError as err:
            self.keeper.forget()
            self.board.message.value = tr(
                "This browser kept a game that cannot be read, so it was not restored: {error}",
                error=escape(str(err)),
            )
            self._keep(self.board.game)
            return
        if game.ply == 0:
            self._kept_key = None
            self._keep(self.board.game)
            return
        self.offer = game
        self.restore_button.layout.display = None
        # In the board's panel, which has room for it: a longer header would push the board,
        # already fitted to the window, down by a line.
        self.board.message.value = tr(
            "This browser kept your last game: {game}, move {n}. Press <b>Restore my game</b> "
            "to go on with it, or play on to start afresh.",
            game=escape(game_title(game.game)),
            n=game.ply,
        )

    def restore(self) -> None:
        """Go on with the game the browser kept (what *Restore my game* does). Without a
        kept game on offer this is an :class:`~siege_nb.ArgumentError`."""
        if self.offer is None:
            raise ArgumentError("restore", None, "no kept game is on offer")
        game = self.offer
        self._show_game(game)  # may fail: the offer stays until it succeeds
        self._withdraw()
        self._kept_key = None
        self._keep(game)
        self.board.message.value = tr(
            "Restored your game of {game} at move {n}.",
            game=escape(game_title(game.game)),
            n=game.ply,
        )

    def _withdraw(self) -> None:
        self.offer = None
        self.restore_button.layout.display = "none"

    def set_size(self, size: str = "normal") -> None:
        """Size every board of the app: ``"normal"`` (the whole board in the window, below
        the header) or ``"large"`` (for a projector: the board as tall as the window, its
        panel below). New games and scenarios keep the size."""
        self._size = check_size(size)
        self.board.set_size(size, page=True)
        if self._library is not None:
            self._library.set_size(size, page=True)
        if self._parts is not None:
            self._parts.set_size(size, page=True)

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
        other_rules = changed or g.rules.preset != self._parts_rules[1]
        self._size = self.board.size  # a board made large by its own toggle stays large
        self.board = self._board(g)
        if changed:
            self._new_library(g.game)
        if other_rules:  # the search compares readings over the preset in force
            self._new_parts(g.game, g.rules.preset)
        self._set_choosers(g.game, g.rules.preset)
        self.tabs.selected_index = 0
        self._show_tabs()

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
    def _on_restore(self, _: Any = None) -> None:
        self.restore()

    @guarded
    def _on_new(self, _: Any = None) -> None:
        self.start(self.game_chooser.value, self.preset_chooser.value)

    def _snapshot(self) -> tuple[Any, ...]:
        # The game and preset on the board, not the choosers' values: a choice is handled
        # after the chooser has changed.
        rules = self.board.game.rules
        return (
            self.board,
            self._library,
            self._library_game,
            self._parts,
            self._parts_rules,
            rules.game,
            rules.preset,
            self.tabs.selected_index,
            self._size,
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (
            self.board,
            self._library,
            self._library_game,
            self._parts,
            self._parts_rules,
            game,
            preset,
            tab,
            self._size,
        ) = snapshot
        self._set_choosers(game, preset)
        self.tabs.selected_index = tab
        self._show_tabs()

    def close(self) -> None:
        """Close the app and stop its heartbeat."""
        keeper = getattr(self, "keeper", None)  # None when the arguments were refused
        if keeper is not None:
            keeper.close()
        super().close()

    def _show_error(self, err: Exception, failed: Exception | None = None) -> None:
        self.last_error = err
        self.message.value = error_html(err, tr("the app"), failed)


def _preset_choices(game: str) -> list[tuple[str, str]]:
    """The presets of ``game`` as (reader name, key) pairs for a dropdown."""
    return [(capital(preset_name(game, p)), p) for p in presets(game)]
