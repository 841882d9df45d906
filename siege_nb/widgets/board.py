"""BoardWidget: play and explore one game with the mouse inside a notebook."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from siege_nb.ai.base import TEAMS, demand_available, team_of
from siege_nb.errors import ArgumentError, check_list, check_type, shorten
from siege_nb.games.base import (
    Entry,
    Game,
    IllegalMove,
    Move,
    TooManyMoves,
    Verdict,
    group_readings,
    result_words,
)
from siege_nb.games.describe import describe_change, side_of
from siege_nb.games.registry import new_game
from siege_nb.i18n import N_, ngettext, tr
from siege_nb.records import RecordError, load_game
from siege_nb.render import Highlights
from siege_nb.render.checks import (
    check_flag,
    check_game_name,
    find_option,
    game_under,
    keyword_name,
    new_game_arguments,
)
from siege_nb.rules import RuleSet, rule_heading
from siege_nb.rules import options as rule_options_of
from siege_nb.rules import title as game_title
from siege_nb.rules.model import value_words
from siege_nb.widgets.access import (
    HOST_CLASS,
    MOVE_BOX_CLASS,
    board_label,
    plain_text,
)
from siege_nb.widgets.canvas import (
    DEFAULT_SPACE,
    BoardCanvas,
    SizedBoard,
    fit_board,
)
from siege_nb.widgets.common import (
    PANEL_CLASS,
    VERMILLION,
    capital,
    escape,
    explore_highlights,
    guarded,
    label_width,
    pieces_words,
    rules_summary,
    side_name,
    team_words,
)
from siege_nb.widgets.selectors import RuleSelectors
from siege_nb.widgets.transfer import Downloader, FilePicker, read_record, record_filename

__all__ = [
    "STRENGTHS",
    "BoardWidget",
    "check_computer",
    "check_focus",
    "make_agent",
    "plain_readings",
]


STRENGTHS = ("random", "greedy", "search")
"""The computer's strengths the widget offers."""


def make_agent(strength: str) -> Any:
    """A computer opponent by strength: ``"random"``, ``"greedy"`` or ``"search"``."""
    from siege_nb.ai.agents import GreedyAgent, MCTSAgent, RandomAgent

    check_type(strength, str, "strength")
    kinds = {"random": RandomAgent, "greedy": GreedyAgent, "search": MCTSAgent}
    if strength not in kinds:
        raise ArgumentError("strength", strength, f"one of: {', '.join(kinds)}")
    return kinds[strength]()


def check_computer(game: str, computer: Any) -> dict[str, Any]:
    """The computer players, checked: ``None`` or a mapping from a team of ``game`` (a
    game's name) to an
    agent, an object with ``choose(game)`` and ``wants_demand(game)`` methods (the
    :class:`siege_nb.ai.base.Agent` protocol; :class:`~siege_nb.ai.base.BaseAgent` has
    both). A team the game does not have is an :class:`~siege_nb.ArgumentError`, an agent
    without the methods a :class:`TypeError`, both naming ``computer[...]``."""
    if computer is None:
        return {}
    if not isinstance(computer, Mapping):
        raise TypeError(
            "computer must be a mapping from a team to an agent, such as "
            f"{{'attackers': GreedyAgent()}}, not {type(computer).__name__} ({shorten(computer)})"
        )
    teams = TEAMS[game]
    chosen: dict[str, Any] = {}
    for team, agent in computer.items():
        check_type(team, str, "a team in computer")
        if team not in teams:
            raise ArgumentError(
                f"computer[{shorten(team)}]", team, f"a team of {game}: {', '.join(teams)}"
            )
        missing = [m for m in ("choose", "wants_demand") if not callable(getattr(agent, m, None))]
        if missing:
            raise TypeError(
                f"computer[{team!r}] must be an agent, with choose(game) and "
                f"wants_demand(game) methods (siege_nb.ai.base.Agent); "
                f"{type(agent).__name__} ({shorten(agent)}) has no {' or '.join(missing)}"
            )
        chosen[team] = agent
    return chosen


# The width of the side panel, in pixels. The board takes the rest of the row and the visible
# height (see siege_nb.widgets.canvas.fit_board); the panel goes below it where it would
# leave the board too small.
SIDE_PX = 360
PANEL = "font-size: 15px; line-height: 1.45"
# Labels of the buttons a move being entered may need: one per move it names in full.
STOP_LABEL = N_("Stop here")


SUGGESTED = 400
"""The most legal moves the move box offers as suggestions: a position with more (thousands
of jump chains) gets none, and any legal move can still be typed."""


class BoardWidget(SizedBoard, w.HBox):
    """A clickable board with a side panel, undo/redo/reset, save/load and rule selectors.

    Click a piece of the side to move: where it may go is marked in green (captures ringed),
    and moves that a rule forbids are marked in vermillion with the rule's name. Click where
    it should go to play, however far that is; click a forbidden mark to read why. A jump
    chain is played landing by landing (or by clicking the pieces it jumps). Special actions
    (a demand, a huff) are buttons. Change the preset or any reading and the rules are
    rebuilt at once. ``computer={"attackers": agent}`` (or the *computer plays* selector) lets
    the computer answer your moves for one team; see :mod:`siege_nb.ai`.

    Every move comes from the engine (:meth:`siege_nb.Game.entry`), so the widget knows no
    game of its own: every legal move of every game can be played by pointing.

    >>> import siege_nb as sn
    >>> board = sn.BoardWidget("siege-of-paris", preset="escale-a-jeux")
    >>> board.click("C0"); sorted(board.highlights.destinations)
    ['f5', 'g5']
    >>> board.click("g5"); board.game.last_move.text
    'C0-g5'

    ``game`` is a game's name (with ``preset`` and any option or set-up keyword of
    :func:`siege_nb.new_game`) or a :class:`~siege_nb.Game` (played on in place; its rules
    are its own, so ``preset`` and options are refused with it). ``focus`` names the options
    (by name or id) whose selectors are shown first; the others are folded under *All
    readings*. ``pupil=True`` names every rule in plain words, without rule ids or where each
    choice comes from, until the reader presses *Where does this come from?*. Every argument
    is checked before anything is built: a wrong type is a ``TypeError`` naming it, a wrong
    value an :class:`~siege_nb.ArgumentError`.

    >>> sn.BoardWidget("belagerung", computer={"attacker": 5})
    Traceback (most recent call last):
        ...
    TypeError: computer['attacker'] must be an agent, with choose(game) and wants_demand(game) \
methods (siege_nb.ai.base.Agent); int (5) has no choose or wants_demand

    Whatever goes wrong inside a click, a button or a selector, the game and the picture go
    back to where they were before it, the panel says so in words (with the details folded
    away), and the next click works.
    """

    SIDE_PX = SIDE_PX

    def __init__(
        self,
        game: Game | str = "siege-of-paris",
        preset: str | None = None,
        *,
        computer: Mapping[str, Any] | None = None,
        focus: Sequence[str] = (),
        pupil: bool = False,
        **options_: Any,
    ) -> None:
        check_flag(pupil, "pupil")
        if isinstance(game, str):
            name = check_game_name(game)
            chosen_preset, given, chosen = new_game_arguments(name, preset, options_)
            check_computer(name, computer)  # before the game is made
            check_focus(name, focus)
            game = new_game(name, chosen_preset, **given, **chosen)
        elif isinstance(game, Game):
            if preset is not None:
                raise ArgumentError(
                    "preset",
                    preset,
                    "no preset with a Game, which has its rules (use game.with_rules(preset))",
                )
            if options_:
                key = keyword_name(next(iter(options_)))
                raise ArgumentError(
                    key,
                    options_[next(iter(options_))],
                    "no option with a Game: options go with a game's name "
                    "(use game.with_rules(...) for a Game)",
                )
            check_focus(game.game, focus)
        else:
            raise TypeError(
                "game must be a game's name (str) or a Game, not "
                f"{type(game).__name__} ({shorten(game)})"
            )
        # Teams the computer plays ("garrison"/"attackers", "attacker"/"defender") -> agent.
        self.computer: dict[str, Any] = check_computer(game.game, computer)
        self.game: Game = game
        self._demand_asked_at = -1
        # True while the computer holds its move so that the reader can see the start
        # position (after undo or reset took back the computer's opening move).
        self._computer_waits = False
        self._start = game.clone()
        while self._start.can_undo:
            self._start.undo()
        # The move being entered: the points clicked so far, the moving piece's first.
        self._points: list[str] = []
        self._verdicts: dict[str, Verdict] = {}
        self.highlights = Highlights()
        self._pupil = pupil
        # Where a loaded record of another game goes: None refuses it (the classroom app
        # sets this to start a board of that game).
        self.other_game: Callable[[Game], None] | None = None
        # Told the game after every change the reader sees (the classroom app keeps it in
        # the browser, so that a reloaded page can restore it).
        self.on_change: Callable[[Game], None] | None = None

        # "auto", not "100%": a column stretches them to its width less their margins.
        self.status = w.HTML(layout=w.Layout(width="auto"))
        self.message = w.HTML(layout=w.Layout(width="auto", min_height="96px"))
        self.status.add_class(PANEL_CLASS)
        self.message.add_class(PANEL_CLASS)
        fitted, beside = fit_board(game.board, DEFAULT_SPACE, beside=SIDE_PX)
        self.board_canvas = BoardCanvas(
            fitted,
            on_click=self._on_click,
            message=self.message,
            on_space=self._on_space,
        )
        self._make_toggles(tr("the panel"))
        self.undo_button = w.Button(
            description=tr("Undo"),
            icon="undo",
            tooltip=tr("Take back a move"),
            layout=w.Layout(width="auto"),
        )
        self.redo_button = w.Button(
            description=tr("Redo"),
            icon="repeat",
            tooltip=tr("Replay a move"),
            layout=w.Layout(width="auto"),
        )
        self.reset_button = w.Button(
            description=tr("Reset"),
            icon="refresh",
            tooltip=tr("Back to the start position"),
            layout=w.Layout(width="auto"),
        )
        self.undo_button.on_click(self._on_undo)
        self.redo_button.on_click(self._on_redo)
        self.reset_button.on_click(self._on_reset)
        self.save_button = w.Button(
            description=tr("Save"),
            icon="download",
            tooltip=tr("Download this game as a record file (.json) to load later"),
            layout=w.Layout(width="auto"),
        )
        self.save_button.on_click(self._on_save)
        self.load_button = FilePicker(
            on_file=self._on_file,
            description=tr("Load"),
            tooltip=tr("Open a game record file (.json) saved before"),
        )
        self.downloader = Downloader()
        self.sources_button = w.ToggleButton(
            value=not pupil,
            description=tr("Where does this come from?"),
            icon="book",
            tooltip=tr(
                "Show which text states each rule, or that it is a reading or a reconstruction"
            ),
            layout=w.Layout(width="auto"),
        )
        self.sources_button.observe(self._on_sources, names="value")
        # The move box: a move in the game's notation, or a point to explore, for a reader
        # who types rather than points. Its suggestions are the legal moves.
        self.move_box = w.Combobox(
            value="",
            options=[],
            ensure_option=False,
            continuous_update=False,  # the value arrives on Enter (or when the box is left)
            placeholder=tr("a move (C0-f5) or a point"),
            description=tr("Your move"),
            tooltip=tr(
                "Type a move in the game's notation and press Enter, or a point to see "
                "where its piece can go"
            ),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="100%"),
        )
        self.move_box.observe(self._on_typed, names="value")
        self.move_box.add_class(MOVE_BOX_CLASS)
        # Keys, the live region and the board's accessible name (siege_nb.widgets.access).
        self._make_access(
            BOARD_KEYS, tr("Say in words what is on the board, or on the chosen point (key D)")
        )
        # What the live region last told (the moves it has announced, and the message).
        self._told: tuple[Any, ...] = ()
        self._told_pieces: dict[str, str] = {}
        self._suggested: tuple[Any, ...] | None = None
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._action_keys: list[str] = []  # what the buttons in self.actions do, in order
        self._action_moves: dict[str, Move] = {}
        self.selectors = RuleSelectors(game.rules, self._on_rules, focus=focus, pupil=pupil)
        # The preset dropdown by its old name (tests and notebooks use it).
        self.preset_selector: w.Dropdown = self.selectors.preset
        teams = TEAMS[game.game]
        # One width for both labels, so the two dropdowns line up in every language.
        described = {"description_width": label_width(tr("Computer plays"), tr("Strength"))}
        self.computer_selector = w.Dropdown(
            options=[(tr("nobody"), ""), *((team_words(t), t) for t in teams)],
            value=next(iter(self.computer), ""),
            description=tr("Computer plays"),
            style=described,
            layout=w.Layout(width="auto"),
        )
        self.strength_selector = w.Dropdown(
            options=[
                (tr("random: any legal move"), "random"),
                (tr("greedy: rules of thumb"), "greedy"),
                (tr("search: plays many games ahead"), "search"),
            ],
            value="greedy",
            description=tr("Strength"),
            style=described,
            layout=w.Layout(width="auto"),
        )
        self.computer_selector.observe(self._on_computer, names="value")
        self.strength_selector.observe(self._on_computer, names="value")
        row = w.Layout(flex_flow="row wrap")
        # The settings: in the panel, or under the board and the panel when the panel is
        # narrow (a dropdown cannot wrap its words, and 260 pixels cut them).
        self.settings = w.VBox(
            [w.VBox([self.computer_selector, self.strength_selector]), self.selectors],
            layout=w.Layout(width="100%"),
        )
        self.below = w.VBox(layout=w.Layout(width="100%", max_width="760px", display="none"))
        self.side = w.VBox(
            [
                self.status,
                w.HBox([self.undo_button, self.redo_button, self.reset_button], layout=row),
                self.actions,
                self.move_box,
                self.message,
                w.HBox(
                    [
                        self.describe_button,
                        self.size_button,
                        self.key_button,
                        self.contrast_button,
                        self.sources_button,
                    ],
                    layout=row,
                ),
                w.HBox([self.save_button, self.load_button, self.downloader], layout=row),
                self.keys_note,
                self.settings,
                self.access,
            ],
        )
        self._place_side(beside)
        # The probe takes the first line of the row (zero pixels high) and measures it; the
        # board and the panel wrap onto the next line, the panel below when it must, and the
        # settings below both when the panel is narrow.
        super().__init__(
            [self.board_canvas.probe, self.canvas, self.side, self.below],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self.add_class(HOST_CLASS)
        self._after_action(in_event=False)
        if not self.message.value:
            self.message.value = self._hint()

    def _hint(self) -> str:
        """What to do first, for a reader who has not clicked yet."""
        g = self.game
        if g.result is not None:
            return tr("The game is over. Undo or reset to go on.")
        return tr(
            "Click a piece of {side}: where it can go is shown in green. Then click where it "
            "should go.",
            side=side_name(g.to_move),
        )

    # -- public API -------------------------------------------------------------------------
    @property
    def option_selectors(self) -> dict[str, w.Dropdown]:
        """The dropdown of each option, by name (:attr:`RuleSelectors.options`)."""
        return self.selectors.options

    def click(self, node: str | None) -> None:
        """Act as if the reader clicked ``node``: a point's name, or ``None`` for a click off
        the board, which clears the selection and changes nothing else (so does a name that
        is no point of this board, such as a square inside the citadel). ``node`` of another
        type is a ``TypeError``."""
        check_type(node, (str, type(None)), "node")
        if node is not None and node not in self.game.board.index:
            node = None  # off the board, as a mouse click there
        self._handle(node)
        self._after_action(in_event=False)

    def enter(self, text: str) -> None:
        """Act as if the reader typed ``text`` in the move box and pressed Enter: a point's
        name selects its piece, as a click on it does; anything else is read as a move in the
        game's notation (``C0-f5``, ``k7xj8``, ``e5xe7xg7``, ``huff e5``, ``demand``) and
        played, or refused with the same verdict as a click on it. Nothing is raised for the
        reader's text; ``text`` of another type than ``str`` is a ``TypeError``.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("siege-of-paris")
        >>> board.enter("C0-g5"); board.game.last_move.text
        'C0-g5'
        """
        check_type(text, str, "text")
        self._typed(text)
        self._after_action(in_event=False)

    def describe(self, point: str | None = None) -> str:
        """Say in words what is on the board (:meth:`siege_nb.Game.describe`): the whole
        position, or what stands on ``point`` and where it may go (by default the piece
        chosen, if one is). The words go to the panel and to screen readers, and are
        returned. A name that is no point of the board is an :class:`~siege_nb.ArgumentError`.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("pyramid-siege")
        >>> board.describe("r4c1")
        'r4c1: a defender. It may go to r4c2, r5c2.'
        """
        check_type(point, (str, type(None)), "point")
        if point is None and self._points:
            point = self._points[-1]
        text = self.game.describe(point)
        self.message.value = "<br>".join(escape(line) for line in text.splitlines())
        self.access.say(text)
        return text

    @guarded
    def _on_access_key(self, action: str) -> None:
        if action == "undo":
            self._on_undo()
        elif action == "redo":
            self._on_redo()
        else:
            self._shared_key(action)

    def play(self, move: Move | str) -> Move:
        """Play a move through the widget (the drawing and panel follow). An illegal move
        raises :class:`~siege_nb.IllegalMove` and changes nothing."""
        check_type(move, (Move, str), "move")
        played = self.game.play(move)
        self._computer_waits = False
        self._clear_selection()
        self.message.value = self._played_html(played)
        self._after_action(in_event=False)
        return played

    def set_rules(self, preset: str | None = None, **changes: Any) -> None:
        """Switch the preset and/or options; the game is rebuilt under the new rules (its
        history replayed while every move stays legal, else from the current position).

        A ``preset`` puts that preset's readings in force, with ``changes`` on top; without
        one, ``changes`` apply to the readings in force. Options are named as for
        :func:`siege_nb.new_game` (``move_limit=50``, ``SP_16="adjacent"``). An unknown
        preset or option, a value the option does not take, or rules under which the current
        position is impossible raise an :class:`~siege_nb.ArgumentError` naming it, before
        anything changes: the game, the rules, the selectors and the picture stay as they
        were.

        >>> import siege_nb as sn
        >>> board = sn.BoardWidget("belagerung")
        >>> board.set_rules(move_limit=50); board.game.rules["move_limit"]
        50
        >>> board.set_rules(nope=1)
        Traceback (most recent call last):
            ...
        siege_nb.errors.ArgumentError: nope: 1 is not accepted; belagerung has no option \
'nope'; its options are: horns, diagonals, attacker_direction, capture, move_limit
        """
        game = game_under(self.game, preset, changes, reset=preset is not None)
        self._take_rules(game)
        self.selectors.show(self.game.rules)
        self._after_action(in_event=False)

    def record(self) -> str:
        """The game's record (JSON text, as :meth:`siege_nb.Game.to_json` writes it): what
        *Save* downloads."""
        return self.game.to_json()

    def save(self) -> str:
        """Download the game's record in the browser, as *Save* does, and return it (a file
        named after the game and its move, :func:`~siege_nb.widgets.transfer.record_filename`)."""
        text = self.record()
        self.downloader.save(record_filename(self.game), text)
        self.message.value = tr(
            "Saved this game as <b>{file}</b> (your browser's downloads). <b>Load</b> opens it "
            "again.",
            file=escape(record_filename(self.game)),
        )
        return text

    def load(self, record: str | bytes | Game) -> None:
        """Go on with a saved game: a record's text (as *Load* reads it from a file) or a
        :class:`~siege_nb.Game` of this board's game. Its rules come with it. A record that
        cannot be read raises :class:`~siege_nb.RecordError` (a ``ValueError``), a game of
        another game an :class:`~siege_nb.ArgumentError`; the board then keeps its game."""
        game = record if isinstance(record, Game) else load_game(record)
        self._take_game(game)
        self._after_action(in_event=False)

    @property
    def pupil(self) -> bool:
        """True while rules are named in plain words, without where each comes from."""
        return self._pupil

    def set_pupil(self, pupil: bool = True) -> None:
        """Name rules in a pupil's plain words (``True``), or with their ids and where each
        comes from (``False``, as *Where does this come from?* shows them)."""
        self._pupil = check_flag(pupil, "pupil")
        self.sources_button.value = not pupil  # no-op when the toggle asked for it
        self.selectors.set_pupil(pupil)
        if len(self._points) == 1:
            self._select(self._points[0])  # the marks and the panel in the new words
        self._refresh(in_event=False)

    # -- events -----------------------------------------------------------------------------
    @guarded
    def _on_click(self, node: str | None) -> None:
        # The board's new picture reaches the browser before the panel's new text (held
        # until the picture is sent): the reader is looking at the board, and every message
        # sent before the picture delays it.
        with self.message.hold_sync(), self.status.hold_sync():
            self._handle(node)
            self._after_action(in_event=True)

    def _sized_game(self) -> Game:
        return self.game

    def _place_side(self, panel: int | bool) -> None:
        super()._place_side(panel)
        width = self.SIDE_PX if panel is True else int(panel)
        narrow = 0 < width < self.SIDE_PX
        panel_parts = list(self.side.children)
        if narrow and self.settings in panel_parts:
            panel_parts.remove(self.settings)
            self.side.children = panel_parts
            self.below.children = [self.settings]
            self.below.layout.display = None
        elif not narrow and self.settings not in panel_parts:
            self.below.children = []
            self.below.layout.display = "none"
            self.side.children = [*panel_parts, self.settings]

    @guarded
    def _on_computer(self, _: Any = None) -> None:
        team = self.computer_selector.value
        self.computer = {team: make_agent(self.strength_selector.value)} if team else {}
        self._computer_waits = False  # choosing a computer player is asking it to play
        self.message.value = (
            tr(
                "The computer ({strength}) plays {team}.",
                strength=self.strength_selector.label.split(":")[0],
                team=team_words(team),
            )
            if team
            else tr("Nobody plays for the computer.")
        )
        self._after_action(in_event=True)

    @guarded
    def _on_sources(self, change: dict[str, Any]) -> None:
        if bool(change["new"]) == self._pupil:
            self.set_pupil(not change["new"])

    @guarded
    def _on_save(self, _: Any = None) -> None:
        self.save()

    @guarded
    def _on_file(self, name: str, data: bytes | None, size: int) -> None:
        try:
            game = read_record(name, data, size)
            if game.game != self.game.game and self.other_game is None:
                mine, its = game_title(self.game.game), game_title(game.game)
                raise RecordError(
                    tr(
                        "{file} is a game of {its}, and this board plays {mine}: open it on a "
                        "board of {its}, or in the classroom app, which changes game",
                        file=name,
                        its=its,
                        mine=mine,
                    )
                )
            self._take_game(game)
        except ValueError as err:
            self.message.value = tr(
                "<span style='color:{colour}'>{error}</span><br>The game on the board is kept "
                "as it was.",
                colour=VERMILLION,
                error=escape(err),
            )
        self._after_action(in_event=True)

    def _take_game(self, game: Game) -> None:
        """Go on with ``game`` (loaded from a record), a game of this board's game."""
        check_type(game, Game, "record")
        if game.game != self.game.game:
            if self.other_game is not None:
                self.other_game(game)  # the host (the classroom app) plays it on a new board
                return
            raise ArgumentError(
                "record",
                game.game,
                f"a game of {game_title(self.game.game)}: this record is a game of "
                f"{game_title(game.game)}, which this board does not play",
            )
        self._replace_game(game)
        start = game.clone()
        while start.can_undo:
            start.undo()
        self._start = start
        self.selectors.show(game.rules)
        self._computer_waits = False
        self.message.value = tr(
            "Loaded a game of {game} at move {n}. Rules: {rules}.",
            game=escape(game_title(game.game)),
            n=game.ply,
            rules=self._rules_html(game),
        )

    # -- recovery -----------------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.game,
            self.game.clone(),
            self._start,
            list(self._points),
            self.highlights,
            dict(self._verdicts),
            self._computer_waits,
            self._demand_asked_at,
            dict(self.computer),
            self.message.value,
            self._pupil,
            self._sized_snapshot(),
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (game, copy, start, points, highlights, verdicts, waits, asked, computer, text, pupil,
         sized) = snapshot  # fmt: skip
        game._become(copy)
        self.game = game
        self._start = start
        self._points = points
        self.highlights = highlights
        self._verdicts = verdicts
        self._computer_waits = waits
        self._demand_asked_at = asked
        self.computer = computer
        self.message.value = text
        if pupil != self._pupil:
            self._pupil = pupil
            self.sources_button.value = not pupil
            self.selectors.set_pupil(pupil)
        self.selectors.show(game.rules)
        self._sized_restore(sized)
        self.board_canvas.forget_pictures()
        self._refresh(in_event=False)

    def _after_action(self, in_event: bool) -> None:
        """After anything the reader did: the computer answers if it is its turn, then the
        board and panel show the result."""
        self._computer_turns()
        self._refresh(in_event)

    def _computer_turns(self) -> None:
        """Let the computer play while it is its turn (and decide a demand for the attackers)."""
        g = self.game
        played: list[str] = []
        for _ in range(500):
            if g.result is not None or not self.computer or self._computer_waits:
                break
            if (
                g.to_move == "garrison"
                and "attackers" in self.computer
                and self._demand_asked_at != g.ply
                and demand_available(g)
            ):
                self._demand_asked_at = g.ply
                if self.computer["attackers"].wants_demand(g):
                    played.append(g.play("demand").text)
                    continue
            agent = self.computer.get(team_of(g, g.to_move))
            if agent is None:
                break
            played.append(g.play(agent.choose(g)).text)
        if played:
            self._clear_selection()
            self.message.value += "<br>" + tr(
                "The computer played <b>{moves}</b>.", moves=escape(", ".join(played))
            )

    def _computer_to_move(self) -> bool:
        """True if the game goes on and the side to move is played by the computer."""
        g = self.game
        return g.result is None and team_of(g, g.to_move) in self.computer

    def _played_by_computer(self, move: Move) -> bool:
        """Whether the computer played ``move``, asked just after it was undone (the side to
        move is then the side that played it; a demand is the attackers' at the garrison's
        turn)."""
        team = "attackers" if move.kind == "demand" else team_of(self.game, self.game.to_move)
        return team in self.computer

    def _hold_computer(self) -> None:
        """If the computer is to move now (at the start, after undo or reset), let it wait
        for the reader instead of replaying its move at once, and say so."""
        if not self._computer_to_move():
            return
        self._computer_waits = True
        team = team_of(self.game, self.game.to_move)
        self.message.value += "<br>" + tr(
            "It is the computer's turn (it plays {team}). It waits so that you can look at this "
            "position: press <b>Computer, move</b> when you are ready, or play its move "
            "yourself.",
            team=escape(team_words(team)),
        )

    @guarded
    def _on_typed(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if not text.strip():
            return  # the box emptied after a move, or Enter on nothing
        with self.message.hold_sync(), self.status.hold_sync():
            self._typed(text)
            self._after_action(in_event=True)

    def _typed(self, text: str) -> None:
        """Take what the reader typed: a point to select, else a move to play."""
        self.move_box.value = ""  # ready for the next move; an empty value is ignored
        text = " ".join(text.split())
        if not text:
            return
        if text in self.game.board.index:
            self._handle(text)
            return
        self._clear_selection()
        self._play(text)

    @guarded
    def _on_undo(self, _: Any = None) -> None:
        # Take back the reader's last move together with the computer's answers to it; at
        # the start, the computer's opening move too (and then the computer waits).
        taken: list[Move] = []
        while self.game.can_undo:
            taken.append(self.game.undo())
            if not self._played_by_computer(taken[-1]):
                break
        if taken:
            texts = ", ".join(m.text for m in reversed(taken))
            self.message.value = tr("Took back <b>{moves}</b>.", moves=escape(texts))
            if not self.game.can_undo:
                self.message.value += " " + tr("This is the start position.")
        else:
            self.message.value = tr("Nothing to undo.")
        self._clear_selection()
        self._hold_computer()
        self._after_action(in_event=True)

    @guarded
    def _on_redo(self, _: Any = None) -> None:
        if self.game.can_redo:
            # Replay in the same steps as undo: a move and the computer's answers to it.
            replayed = [self.game.redo()]
            while self.game.can_redo and self._computer_to_move():
                replayed.append(self.game.redo())
            texts = ", ".join(m.text for m in replayed)
            self.message.value = tr("Replayed <b>{moves}</b>.", moves=escape(texts))
        else:
            self.message.value = tr("Nothing to redo.")
        self._computer_waits = False
        self._clear_selection()
        self._after_action(in_event=True)

    @guarded
    def _on_reset(self, _: Any = None) -> None:
        self._replace_game(self._start.clone())
        self.message.value = tr("Back to the start position.")
        self._hold_computer()
        self._after_action(in_event=True)

    @guarded
    def _on_action(self, key: str) -> None:
        if key == "computer":
            self._computer_waits = False
            self.message.value = tr("The computer moves.")
        else:
            self._play(self._action_moves[key])
        self._after_action(in_event=True)

    @guarded
    def _on_rules(self, chosen: RuleSet) -> None:
        # Every option is given, so the preset's values and the current ones agree here.
        self._rebuild(chosen.preset, dict(chosen.settings))
        self.selectors.show(self.game.rules)  # back to the old rules if these were refused
        self._after_action(in_event=True)

    # -- entering a move by pointing ----------------------------------------------------------
    def _handle(self, node: str | None) -> None:
        g = self.game
        if g.result is not None:
            self._clear_selection()
            self.message.value = tr(
                "The game is over: {result}. Undo or reset to go on.",
                result=escape(self._result_words(g)),
            )
            return
        if node is None:
            self._clear_selection()
            self.message.value = tr("Click a piece of the side to move.")
            return
        if self._points and self._continue(node):
            return
        piece = g.pieces().get(node)
        if piece is None:
            self._clear_selection()
            self.message.value = tr(
                "{point} is empty. Click a piece of {side}.",
                point=escape(node),
                side=side_name(g.to_move),
            )
            return
        if not self._belongs_to_mover(piece):
            self._clear_selection()
            self.message.value = tr(
                "The {piece} on {point} does not move now: it is {side}'s turn.",
                piece=escape(tr(piece)),
                point=escape(node),
                side=side_name(g.to_move),
            )
            return
        self._select(node)

    def _continue(self, node: str) -> bool:
        """Take ``node`` as the next point of the move being entered; False if it is none,
        and the click is then read as a new selection."""
        g = self.game
        points = self._points
        if len(points) > 1 and node == points[-1]:
            # The last point again: the move ends there (a jump chain stops), if it may.
            entry = g.entry(points)
            if len(entry.moves) == 1:
                self._play(entry.moves[0])
                return True
        entry = g.entry([*points, node])
        if entry.named:
            self._points = list(entry.points)
            if entry.move is not None:
                self._play(entry.move)
            else:
                self._show_entry(entry)
            return True
        if len(points) == 1:
            verdict = self._verdicts.get(node)
            if verdict is not None and not verdict.legal:
                self.message.value = self._verdict_html(verdict)
                return True
            return False  # another piece, or an empty point: read as a new selection
        if node in g.pieces() and g.entry([node]).named:
            return False  # another piece of the side to move: select it instead
        moving = g.pieces().get(points[0], "piece")
        self._clear_selection()
        self.message.value = tr(
            "Move of the {piece} on {point} cancelled: {other} does not continue it.",
            piece=escape(tr(moving)),
            point=escape(points[0]),
            other=escape(node),
        )
        return True

    def _belongs_to_mover(self, piece: str) -> bool:
        return side_of(piece) == self.game.to_move

    def _select(self, node: str) -> None:
        self._points = [node]
        self.highlights, self._verdicts = explore_highlights(self.game, node, pupil=self._pupil)
        piece = self.game.pieces()[node]
        n_legal = sum(1 for v in self._verdicts.values() if v.legal)
        lines = [
            tr(
                "<b>The {piece} on {point}</b> (blue ring).",
                piece=escape(tr(piece)),
                point=escape(node),
            )
        ]
        h = self.highlights
        if h.destinations:
            lines.append(
                tr(
                    "Green dots: where it can go ({points}).",
                    points=escape(", ".join(h.destinations)),
                )
            )
        if h.captures:
            lines.append(
                tr(
                    "Dotted green rings: pieces it can capture ({points}).",
                    points=escape(", ".join(h.captures)),
                )
            )
        # explore_highlights marks a chain of jumps at its first landing point only.
        jumps = sorted(
            p
            for p, v in self._verdicts.items()
            if v.legal and v.judged is not None and v.judged.kind == "jump"
        )
        if jumps:
            lines.append(
                tr(
                    "First landings of its jumps ({points}): click one (or the piece it jumps) "
                    "and the points where it can land next are shown.",
                    points=escape(", ".join(jumps)),
                )
            )
        if h.destinations or h.captures:
            lines.append(tr("Click where it should go."))
        refused = [v for _, v in sorted(self._verdicts.items()) if not v.legal]
        if refused:
            lines.append(tr("Red-orange ✕ marks: moves a rule forbids (click one to read why)."))
        for v in refused:
            lines.append(
                f"<span style='color:{VERMILLION}'>✕ {escape(v.move)}</span>: "
                f"{escape(self._reason(v))}"
            )
        if n_legal == 0 and len(lines) == 1:
            lines.append(tr("It has no move here."))
        if not self._pupil:
            # The board labels forbidden moves with a rule's id; say here what each id is.
            ids = sorted({v.rule for v in self._verdicts.values() if not v.legal and v.rule})
            if ids:
                names = {i: rule_heading(self.game.game, i).removesuffix(f" ({i})") for i in ids}
                key = "; ".join(f"<b>{escape(i)}</b> = {escape(n)}" for i, n in names.items())
                lines.append(
                    "<span style='font-size:14px'>"
                    + tr("Marks on the board: {key}.", key=key)
                    + "</span>"
                )
        self.message.value = "<br>".join(lines)

    def _show_entry(self, entry: Entry) -> None:
        """Show a move being entered that goes on: where it can go next, and what ending it
        here would play."""
        g = self.game
        moves = entry.moves
        taken = moves[0].captures if len(moves) == 1 else ()
        self.highlights = Highlights(
            selected=entry.points[-1],
            destinations=list(entry.next),
            taken=list(taken),
            marked=list(g.status().huffable),
        )
        piece = escape(tr(g.pieces().get(entry.points[0], "piece")))
        last = escape(entry.points[-1])
        so = escape(moves[0].text if len(moves) == 1 else " → ".join(entry.points))
        # A jump chain's words, where the move is one: its points are where it lands.
        jump = any(m.kind == "jump" for m in moves)
        if jump and taken:
            head = tr(
                "Jump chain <b>{move}</b>, not played yet. The {piece} would land on <b>{point}"
                "</b> (blue ring) and take <b>{taken}</b> (marked <i>taken</i>).",
                move=so,
                piece=piece,
                point=last,
                taken=escape(", ".join(taken)),
            )
        elif jump:
            head = tr(
                "Jump chain <b>{move}</b>, not played yet. The {piece} would land on <b>{point}"
                "</b> (blue ring).",
                move=so,
                piece=piece,
                point=last,
            )
        else:
            head = tr(
                "Move <b>{move}</b>, not played yet. The {piece} would stand on <b>{point}</b> "
                "(blue ring).",
                move=so, piece=piece, point=last,
            )  # fmt: skip
        lines = [head]
        if entry.next:
            nexts = escape(", ".join(entry.next))
            lines.append(
                tr(
                    "<b>Green dots: where it can land next</b> ({points}): click one to go on.",
                    points=nexts,
                )
                if jump
                else tr(
                    "<b>Green dots: where it can go next</b> ({points}): click one to go on.",
                    points=nexts,
                )
            )
        if len(moves) == 1:
            lines.append(
                tr(
                    "Or press <b>{stop}</b> (or click {point} again) to end the move there.",
                    stop=tr(STOP_LABEL),
                    point=last,
                )
            )
        elif moves:
            lines.append(
                tr("These clicks name more than one move: press the button of the one you mean.")
            )
        lines.append(tr("A click anywhere else cancels the move."))
        self.message.value = "<br>".join(lines)

    def _play(self, move: Move | str) -> None:
        try:
            played = self.game.play(move)
        except IllegalMove as err:
            self.message.value = self._verdict_html(err.verdict)
            return
        self._computer_waits = False
        self._clear_selection()
        self.message.value = self._played_html(played)

    def _clear_selection(self) -> None:
        self._points = []
        self._verdicts = {}
        self.highlights = Highlights(marked=list(self.game.status().huffable))

    # -- rules --------------------------------------------------------------------------------
    def _rebuild(self, preset: str, changes: dict[str, Any]) -> None:
        """Rebuild the game under new rules: replay its history if every move stays legal,
        else go on from the current position; refuse (and say why) if the position itself is
        impossible under the new rules."""
        try:
            game = game_under(self.game, preset, changes, reset=False)
        except ValueError as err:
            self.message.value = (
                f"<span style='color:{VERMILLION}'>"
                + tr("This position is impossible under that reading: {error}", error=escape(err))
                + "</span>"
            )
            return
        self._take_rules(game)

    def _take_rules(self, game: Game) -> None:
        """Go on with ``game``, the current game under new rules, and say what changed."""
        old = self.game
        note = ""
        if game.moves != old.moves:
            note = " " + tr(
                "The earlier moves are not all legal under this reading, so the game goes on "
                "from the current position (undo history cleared)."
            )
        start = game.clone()
        while start.can_undo:
            start.undo()
        self._start = start
        self._replace_game(game)
        self.message.value = tr("Rules now: {rules}.", rules=self._rules_html(game)) + note

    def _replace_game(self, game: Game) -> None:
        # The canvas draws the board afresh by itself if the new rules change it.
        self.game = game
        self._clear_selection()

    # -- drawing and panel --------------------------------------------------------------------
    def _refresh(self, in_event: bool) -> None:
        """Show the game as it is: board, status, buttons. Never plays a move."""
        g = self.game
        self.board_canvas.update(g, highlights=self.highlights)
        # The picture first: every widget message sent before it (a button turning on, a
        # text) is one more thing the browser handles before it paints the board.
        self.board_canvas.redraw(in_event)
        self.status.value = self._status_html()
        self.undo_button.disabled = not g.can_undo
        self.redo_button.disabled = not g.can_redo
        wanted = self._actions_wanted()
        keys = [key for key, *_ in wanted]
        if keys != self._action_keys:
            # New buttons only when the set of actions changes: each widget costs a round trip.
            self._action_keys = keys
            self.actions.children = [self._button(*spec) for spec in wanted]
        self._suggest(g)
        self._tell(g)
        if self.on_change is not None:
            self.on_change(g)

    def _tell(self, g: Game) -> None:
        """Tell screen readers what changed: the moves played since the last telling (who
        moved what where, what was taken, whose turn it is now), else the panel's new words
        (a refusal and its reason, a piece chosen, a move taken back)."""
        told = (id(g), len(g.moves), g.last_move.text if g.last_move else "", id(g.rules))
        self.access.board_label = board_label(g)
        if told == self._told:
            # Said again even if the words are the same: the reader acted (the same
            # refusal twice must be heard twice).
            self.access.say(plain_text(self.message.value))
            return
        before, moves = self._told, g.moves
        self._told = told
        pieces = self._told_pieces
        self._told_pieces = g.pieces()
        grown = len(moves) - before[1] if before and before[0] == id(g) else 0
        if not before:
            return  # the widget is new: nothing has changed yet
        if 0 < grown <= MAX_TOLD:
            self.access.say(" ".join(changes(g, pieces, grown)))
        else:
            said = plain_text(self.message.value)
            self.access.say(f"{said} {describe_change(pieces, g, None)}".strip())

    def _suggest(self, g: Game) -> None:
        """Offer the position's legal moves in the move box (once per position)."""
        last = g.last_move
        key = (id(g), g.ply, last.text if last is not None else "", id(g.rules), g.result)
        if key == self._suggested:
            return
        self._suggested = key
        try:
            moves = [] if g.result is not None else g.legal_moves(limit=SUGGESTED)
        except TooManyMoves:
            # Jump chains by the thousand: listing them would freeze the board, and a
            # list that long helps no one. Every legal move can still be typed.
            moves = []
        self.move_box.options = [m.text for m in moves]

    def _actions_wanted(self) -> list[tuple[str, str, str, str]]:
        """The buttons to offer now, as (key, label, style, tooltip): ending the move being
        entered (one button per move its points name), letting a waiting computer play, and
        the special actions legal now (a demand, a huff)."""
        wanted: list[tuple[str, str, str, str]] = []
        self._action_moves = {}
        if len(self._points) > 1:
            entry = self.game.entry(self._points)
            for move in entry.moves:
                key = f"end:{move.text}"
                self._action_moves[key] = move
                if len(entry.moves) == 1:
                    tip = tr("End the move here")
                    wanted.append((key, tr(STOP_LABEL), "success", tip))
                else:
                    label = tr("Play {move}", move=move.text)
                    wanted.append((key, label, "success", tr("Play this move")))
        if self._computer_waits and self._computer_to_move():
            label, tip = tr("Computer, move"), tr("Let the computer play now")
            wanted.append(("computer", label, "primary", tip))
        for move in self.game.actions():
            key = move.text
            self._action_moves[key] = move
            if move.kind == "demand":
                tip = tr("The attackers demand that the garrison capture now")
                wanted.append((key, tr("Demand a capture"), "warning", tip))
            else:
                point = move.start or ""
                tip = tr("Huffing: remove the defender on {point} before your move", point=point)
                wanted.append((key, tr("Huff {point}", point=point), "danger", tip))
        return wanted

    def _button(self, key: str, label: str, style: str, tip: str) -> w.Button:
        b = w.Button(description=label, tooltip=tip, button_style=style)
        b.on_click(lambda _button: self._on_action(key))
        return b

    def _rules_html(self, game: Game) -> str:
        return rules_summary(game, pupil=self._pupil)

    def _result_words(self, g: Game) -> str:
        result = g.result
        if result is None:
            return ""
        reason = g.rules.plain(result.reason) if self._pupil else result.reason
        return tr("{who}: {reason}", who=result_words(result.winner), reason=reason)

    def _status_html(self) -> str:
        g = self.game
        rows = [
            f"<div style='font-size:20px'><b>{escape(game_title(g.game))}</b></div>",
            "<div>" + tr("Rules: {rules}", rules=self._rules_html(g)) + "</div>",
        ]
        if g.result is not None:
            who = capital(result_words(g.result.winner))
            reason = g.rules.plain(g.result.reason) if self._pupil else g.result.reason
            rows.append(f"<div style='font-size:18px'><b>{who}</b>: {escape(reason)}</div>")
        else:
            status = g.status()
            side = f"<b>{capital(side_name(g.to_move))}</b>"
            if status.then:
                turn = tr("{side} to move (then {next})", side=side, next=side_name(status.then))
            else:
                turn = tr("{side} to move", side=side)
            if status.demanded:
                turn += " — " + tr("a capture has been demanded")
            rows.append(f"<div style='font-size:18px'>{turn}</div>")
            if self._computer_waits and self._computer_to_move():
                rows.append(
                    "<div>"
                    + tr(
                        "The computer waits: press <b>Computer, move</b>, or play its move "
                        "yourself."
                    )
                    + "</div>"
                )
        last = g.last_move
        played = ngettext("{n} move played", "{n} moves played", g.ply)
        shown = escape(last) if last else "—"
        rows.append(
            "<div>"
            + tr("Last move: <b>{move}</b> · {played}", move=shown, played=played)
            + "</div>"
        )
        rows.append("<div>" + tr("Captured: {pieces}", pieces=self._captured_html()) + "</div>")
        huff = g.status().huffable
        if huff:
            rows.append(
                "<div>"
                + tr("May be huffed: <b>{points}</b>", points=escape(", ".join(huff)))
                + "</div>"
            )
        return f"<div style='{PANEL}'>{''.join(rows)}</div>"

    def _captured_html(self) -> str:
        start = Counter(self._start.pieces().values())
        now = Counter(self.game.pieces().values())
        lost = {k: start[k] - now.get(k, 0) for k in start if start[k] > now.get(k, 0)}
        if not lost:
            return tr("none")
        return ", ".join(escape(pieces_words(k, n)) for k, n in sorted(lost.items()))

    def _played_html(self, move: Move) -> str:
        text = tr("Played <b>{move}</b>.", move=escape(move))
        if move.captures:
            text += " " + tr("Captured on {points}.", points=escape(", ".join(move.captures)))
        return text

    def _reason(self, v: Verdict) -> str:
        return v.plain if self._pupil else v.reason

    def _verdict_html(self, v: Verdict) -> str:
        text = tr(
            "<span style='color:{colour}'><b>{move}</b> is not allowed</span>: {reason}",
            colour=VERMILLION,
            move=escape(v.move),
            reason=escape(self._reason(v)),
        )
        if v.differs_under:
            if self._pupil:
                text += "<br>" + tr(
                    "Another reading of the rules allows it: {readings}.",
                    readings=escape(plain_readings(v)),
                )
            else:
                text += "<br>" + tr(
                    "It would be legal under {readings}.",
                    readings=escape(group_readings(v.differs_under)),
                )
        return text


MAX_TOLD = 4
"""The most moves told one by one after an action (the reader's move and the computer's
answers); more (a loaded record) are told as the new turn only."""

BOARD_KEYS = {
    "u": "undo",
    "r": "redo",
    "d": "describe",
    "m": "move-box",
    "k": "key",
    "l": "large",
    "h": "contrast",
}
"""The board widget's shortcut keys (listed under its panel)."""


def changes(g: Game, before: Mapping[str, str], n: int) -> list[str]:
    """The last ``n`` moves of ``g`` in words, each from the pieces before it (``before``:
    the pieces before the first of them)."""
    said = []
    replay = g.clone()
    for _ in range(n):
        replay.undo()
    pieces = dict(before)
    for _ in range(n):
        move = replay.redo()
        said.append(describe_change(pieces, replay, move))
        pieces = replay.pieces()
    return said


def check_focus(game: str, focus: Any) -> list[str]:
    """``focus`` as the names of options of ``game`` (given by name or id)."""
    check_list(focus, "focus", "a list of option names or ids", Sequence)
    names = []
    for i, key in enumerate(focus):
        check_type(key, str, f"focus[{i}]")
        opt = find_option(game, key)
        if opt is None:
            listed = ", ".join(o.name for o in rule_options_of(game))
            raise ArgumentError(f"focus[{i}]", key, f"an option of {game}: {listed}")
        names.append(opt.name)
    return names


def plain_readings(verdict: Verdict) -> str:
    """The readings under which a verdict would flip, in a pupil's words: each option by its
    title and its choices by their words."""
    groups: dict[str, list[str]] = {}
    for r in verdict.differs_under:
        title = r.heading.split(" (")[0] if r.heading else r.option
        groups.setdefault(title, []).append(tr(r.title) if r.title else value_words(r.value))
    return "; ".join(
        tr("{option}: {choices}", option=t, choices=tr(" or ").join(words))
        for t, words in groups.items()
    )
