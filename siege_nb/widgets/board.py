"""BoardWidget: play and explore one game with the mouse inside a notebook."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

import ipywidgets as w

from siege_nb.ai.base import TEAMS, demand_available, team_of
from siege_nb.errors import ArgumentError, check_type, shorten
from siege_nb.games.base import Game, IllegalMove, Move, Verdict, group_readings
from siege_nb.games.catalogue import game_info
from siege_nb.games.hunt import HuntGame
from siege_nb.games.registry import new_game
from siege_nb.render import Highlights
from siege_nb.render.checks import (
    check_game_name,
    game_under,
    keyword_name,
    new_game_arguments,
)
from siege_nb.rules import RuleSet, rule_heading
from siege_nb.widgets.canvas import (
    DEFAULT_SPACE,
    BoardCanvas,
    SizedBoard,
    fit_board,
)
from siege_nb.widgets.common import (
    PANEL_CLASS,
    escape,
    explore_highlights,
    guarded,
    rules_summary,
    side_name,
)
from siege_nb.widgets.selectors import RuleSelectors

__all__ = ["STRENGTHS", "BoardWidget", "check_computer", "make_agent"]


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
SIDE_PX = 400
PANEL = "font-size: 15px; line-height: 1.45"


class BoardWidget(SizedBoard, w.HBox):
    """A clickable board with a side panel, undo/redo/reset and rule selectors.

    Click a piece of the side to move: its legal destinations are marked in green (captures
    ringed), and moves that a rule forbids are marked in vermillion with the rule's id. Click a
    destination to play; click a forbidden one to read why. Change the preset or any option
    and the rules are rebuilt at once. In the hunt games a jump chain is played point by point.
    ``computer={"attackers": agent}`` (or the *computer plays* selector) lets the computer answer
    your moves for one team; see :mod:`siege_nb.ai`.

    >>> import siege_nb as sn
    >>> board = sn.BoardWidget("siege-of-paris", preset="escale-a-jeux")
    >>> board.click("C0"); sorted(board.highlights.destinations)
    ['f5', 'g5']
    >>> board.click("g5"); board.game.last_move.text
    'C0-g5'

    ``game`` is a game's name (with ``preset`` and any option or set-up keyword of
    :func:`siege_nb.new_game`) or a :class:`~siege_nb.Game` (played on in place; its rules
    are its own, so ``preset`` and options are refused with it). Every argument is checked
    before anything is built: a wrong type is a ``TypeError`` naming it, a wrong value an
    :class:`~siege_nb.ArgumentError`.

    >>> sn.BoardWidget("belagerung", computer={"attacker": 5})
    Traceback (most recent call last):
        ...
    TypeError: computer['attacker'] must be an agent, with choose(game) and wants_demand(game) \
methods (siege_nb.ai.base.Agent); int (5) has no choose or wants_demand
    """

    SIDE_PX = SIDE_PX

    def __init__(
        self,
        game: Game | str = "siege-of-paris",
        preset: str | None = None,
        *,
        computer: Mapping[str, Any] | None = None,
        **options_: Any,
    ) -> None:
        if isinstance(game, str):
            name = check_game_name(game)
            chosen_preset, given, chosen = new_game_arguments(name, preset, options_)
            check_computer(name, computer)  # before the game is made
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
        self._selected: str | None = None
        self._chain: list[str] = []  # landing points of a jump chain being built
        self._verdicts: dict[str, Verdict] = {}
        self.highlights = Highlights()

        # "auto", not "100%": a column stretches them to its width less their margins.
        self.status = w.HTML(layout=w.Layout(width="auto"))
        self.message = w.HTML(layout=w.Layout(width="auto", min_height="120px"))
        self.status.add_class(PANEL_CLASS)
        self.message.add_class(PANEL_CLASS)
        fitted, beside = fit_board(game.board, DEFAULT_SPACE, beside=SIDE_PX)
        self.board_canvas = BoardCanvas(
            fitted,
            on_click=self._on_click,
            message=self.message,
            error_prefix="Something went wrong: ",
            on_space=self._fit,
        )
        self._make_toggles("the panel")
        self.undo_button = w.Button(description="Undo", icon="undo", tooltip="Take back a move")
        self.redo_button = w.Button(description="Redo", icon="repeat", tooltip="Replay a move")
        self.reset_button = w.Button(
            description="Reset", icon="refresh", tooltip="Back to the start position"
        )
        self.undo_button.on_click(self._on_undo)
        self.redo_button.on_click(self._on_redo)
        self.reset_button.on_click(self._on_reset)
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._action_texts: list[str] = []  # the actions the buttons in self.actions play
        self.selectors = RuleSelectors(game.rules, self._on_rules)
        # The dropdowns by their old names (tests and notebooks use them).
        self.preset_selector: w.Dropdown = self.selectors.preset
        self.option_selectors: dict[str, w.Dropdown] = self.selectors.options
        teams = TEAMS[game.game]
        self.computer_selector = w.Dropdown(
            options=[("nobody", ""), *((f"the {t}", t) for t in teams)],
            value=next(iter(self.computer), ""),
            description="Computer plays",
            style={"description_width": "9em"},
            layout=w.Layout(width="auto"),
        )
        self.strength_selector = w.Dropdown(
            options=[
                ("random: any legal move", "random"),
                ("greedy: rules of thumb", "greedy"),
                ("search: plays many games ahead", "search"),
            ],
            value="greedy",
            description="Strength",
            style={"description_width": "9em"},
            layout=w.Layout(width="auto"),
        )
        self.computer_selector.observe(self._on_computer, names="value")
        self.strength_selector.observe(self._on_computer, names="value")
        self.side = w.VBox(
            [
                self.status,
                w.HBox(
                    [
                        self.undo_button,
                        self.redo_button,
                        self.reset_button,
                        self.size_button,
                        self.key_button,
                    ],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.actions,
                self.message,
                w.VBox([self.computer_selector, self.strength_selector]),
                self.selectors,
            ],
        )
        self._place_side(beside)
        # The probe takes the first line of the row (zero pixels high) and measures it; the
        # board and the panel wrap onto the next line, the panel below when it must.
        super().__init__(
            [self.board_canvas.probe, self.canvas, self.side],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self._after_action(in_event=False)

    # -- public API -------------------------------------------------------------------------
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

    @guarded
    def _on_computer(self, _: Any = None) -> None:
        team = self.computer_selector.value
        self.computer = {team: make_agent(self.strength_selector.value)} if team else {}
        self._computer_waits = False  # choosing a computer player is asking it to play
        self.message.value = (
            f"The computer ({self.strength_selector.value}) plays the {team}."
            if team
            else "Nobody plays for the computer."
        )
        self._after_action(in_event=True)

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
            self.message.value += f"<br>The computer played <b>{escape(', '.join(played))}</b>."

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
        self.message.value += (
            f"<br>It is the computer's turn (it plays the {escape(team)}). It waits so that "
            "you can look at this position: press <b>Computer, move</b> when you are ready, "
            "or play its move yourself."
        )

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
            self.message.value = f"Took back <b>{escape(texts)}</b>."
            if not self.game.can_undo:
                self.message.value += " This is the start position."
        else:
            self.message.value = "Nothing to undo."
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
            self.message.value = f"Replayed <b>{escape(texts)}</b>."
        else:
            self.message.value = "Nothing to redo."
        self._computer_waits = False
        self._clear_selection()
        self._after_action(in_event=True)

    @guarded
    def _on_reset(self, _: Any = None) -> None:
        self._replace_game(self._start.clone())
        self.message.value = "Back to the start position."
        self._hold_computer()
        self._after_action(in_event=True)

    @guarded
    def _on_action(self, text: str) -> None:
        if text == "stop":
            self._finish_chain()
        elif text == "computer":
            self._computer_waits = False
            self.message.value = "The computer moves."
        else:
            played = self.game.play(text)
            self._computer_waits = False
            self._clear_selection()
            self.message.value = self._played_html(played)
        self._after_action(in_event=True)

    @guarded
    def _on_rules(self, chosen: RuleSet) -> None:
        # Every option is given, so the preset's values and the current ones agree here.
        self._rebuild(chosen.preset, dict(chosen.settings))
        self.selectors.show(self.game.rules)  # back to the old rules if these were refused
        self._after_action(in_event=True)

    # -- selection and play -----------------------------------------------------------------
    def _handle(self, node: str | None) -> None:
        g = self.game
        if g.result is not None:
            self._clear_selection()
            self.message.value = f"The game is over: {escape(g.result)}. Undo or reset to go on."
            return
        if node is None:
            self._clear_selection()
            self.message.value = "Click a piece of the side to move."
            return
        if self._chain:
            self._extend_chain(node)
            return
        if self._selected is not None and node != self._selected and self._try_move(node):
            return
        piece = g.pieces().get(node)
        if piece is None:
            self._clear_selection()
            self.message.value = (
                f"{escape(node)} is empty. Click a piece of {side_name(g.to_move)}."
            )
            return
        if not self._belongs_to_mover(piece):
            self._clear_selection()
            self.message.value = (
                f"The {escape(piece)} on {escape(node)} does not move now: it "
                f"is {side_name(g.to_move)}'s turn."
            )
            return
        self._select(node)

    def _belongs_to_mover(self, piece: str) -> bool:
        return piece.split()[0] == self.game.to_move

    def _select(self, node: str) -> None:
        self._selected = node
        self.highlights, self._verdicts = explore_highlights(self.game, node)
        piece = self.game.pieces()[node]
        n_legal = sum(1 for v in self._verdicts.values() if v.legal)
        lines = [f"<b>The {escape(piece)} on {escape(node)}</b> (blue ring)."]
        h = self.highlights
        if h.destinations:
            lines.append(f"Green dots: where it can go ({escape(', '.join(h.destinations))}).")
        if h.captures:
            lines.append(f"Green rings: pieces it can capture ({escape(', '.join(h.captures))}).")
        # explore_highlights marks a chain of jumps at its first landing point only.
        jumps = sorted(
            p
            for p, v in self._verdicts.items()
            if v.legal and v.judged is not None and v.judged.kind == "jump"
        )
        if jumps:
            lines.append(
                f"First landings of its jumps ({escape(', '.join(jumps))}): click one and "
                "the points where it can land next are shown."
            )
        refused = [v for _, v in sorted(self._verdicts.items()) if not v.legal]
        if refused:
            lines.append("Red-orange ✕ marks: moves a rule forbids (click one to read why).")
        for v in refused:
            lines.append(
                f"<span style='color:#D55E00'>✕ {escape(v.move)}</span>: {escape(v.reason)}"
            )
        if n_legal == 0 and len(lines) == 1:
            lines.append("It has no move here.")
        # The board labels forbidden moves with a rule's id; say here what each id is.
        ids = sorted({v.rule for v in self._verdicts.values() if not v.legal and v.rule})
        if ids:
            names = {i: rule_heading(self.game.game, i).removesuffix(f" ({i})") for i in ids}
            key = "; ".join(f"<b>{escape(i)}</b> = {escape(n)}" for i, n in names.items())
            lines.append(f"<span style='font-size:14px'>Marks on the board: {key}.</span>")
        self.message.value = "<br>".join(lines)

    def _try_move(self, node: str) -> bool:
        """Play or start the move from the selected piece to ``node``; False if none."""
        g = self.game
        start = self._selected
        if start is None:
            return False
        if isinstance(g, HuntGame):
            # A step, or the first jump of a chain: asked directly, since the list of legal
            # moves holds every chain of every defender.
            if node in g.chain_steps(start):
                self._chain = [start, node]
                self._extend_chain(None)
                return True
            step = g.find(f"{start}-{node}")
            moves = [step] if step is not None else []
        else:
            moves = [
                m
                for m in g.legal_moves()
                if m.start == start and len(m.path) > 1 and m.path[1] == node
            ]
        if not moves:
            verdict = self._verdicts.get(node)
            if verdict is not None and not verdict.legal:
                self.message.value = self._verdict_html(verdict)
                return True
            return False
        if len(moves) == 1 and moves[0].kind != "jump":
            self._play(moves[0])
            return True
        # A jump: play it now if it cannot go on, else build the chain point by point.
        self._chain = [start, node]
        self._extend_chain(None)
        return True

    def _chain_steps(self) -> list[str]:
        """Where the chain being built can land next (asked one jump at a time: listing every
        chain to find the continuations would cost as much as all of them)."""
        return cast(HuntGame, self.game).chain_steps("x".join(self._chain))

    def _extend_chain(self, node: str | None) -> None:
        if node is not None:
            if node not in self._chain_steps():
                if node == self._chain[-1]:
                    self._finish_chain()
                    return
                self._chain = []
                self._clear_selection()
                self.message.value = "Jump chain cancelled."
                return
            self._chain.append(node)
        longer = self._chain_steps()
        if not longer:
            self._finish_chain()
            return
        so_far = self.game.find("x".join(self._chain))
        taken = so_far.captures if so_far is not None else ()
        self.highlights = Highlights(
            selected=self._chain[-1],
            destinations=sorted(longer),
            taken=list(taken),
        )
        self.message.value = self._chain_html(sorted(longer), taken)

    def _chain_html(self, nexts: list[str], taken: tuple[str, ...]) -> str:
        """What the board shows while a jump chain is built, in the words of its marks."""
        piece = self.game.pieces()[self._chain[0]]
        last = escape(self._chain[-1])
        return (
            f"Jump chain <b>{escape('x'.join(self._chain))}</b>, not played yet. "
            f"The {escape(piece)} would land on <b>{last}</b> (blue ring) and take "
            f"<b>{escape(', '.join(taken))}</b> (marked <i>taken</i>).<br>"
            f"<b>Green dots: where it can land next</b> ({escape(', '.join(nexts))}): "
            f"click one to jump again, or press <b>Stop here</b> (or click {last} again) "
            "to end the move there. A click anywhere else cancels the chain."
        )

    def _finish_chain(self) -> None:
        text = "x".join(self._chain)
        self._chain = []
        self._play(text)

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
        self._selected = None
        self._chain = []
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
                f"<span style='color:#D55E00'>This position is impossible "
                f"under that reading: {escape(err)}</span>"
            )
            return
        self._take_rules(game)

    def _take_rules(self, game: Game) -> None:
        """Go on with ``game``, the current game under new rules, and say what changed."""
        old = self.game
        note = ""
        if game.moves != old.moves:
            note = (
                " The earlier moves are not all legal under this reading, so the game "
                "goes on from the current position (undo history cleared)."
            )
        start = game.clone()
        while start.can_undo:
            start.undo()
        self._start = start
        self._replace_game(game)
        self.message.value = f"Rules now: {rules_summary(game)}.{note}"

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
        if wanted != self._action_texts:
            # New buttons only when the set of actions changes: each widget costs a round trip.
            self._action_texts = wanted
            self.actions.children = [
                self._button(label, text, style, tip)
                for label, text, style, tip in self._actions_spec(wanted)
            ]

    def _actions_wanted(self) -> list[str]:
        """The special actions to offer now, as move texts ("stop" ends a jump chain,
        "computer" lets a waiting computer play)."""
        wanted = ["stop"] if self._chain else []
        if self._computer_waits and self._computer_to_move():
            wanted.append("computer")
        g = self.game
        if isinstance(g, HuntGame):
            wanted += [f"huff {point}" for point in g.huffable]  # no chain listed for this
        else:
            wanted += [m.text for m in g.legal_moves() if m.kind == "demand"]
        return wanted

    @staticmethod
    def _actions_spec(wanted: list[str]) -> list[tuple[str, str, str, str]]:
        """(label, action, style, tooltip) per action; the action is a move text or "stop"."""
        spec = []
        for text in wanted:
            if text == "stop":
                spec.append(("Stop here", text, "success", "End the jump chain after this jump"))
            elif text == "computer":
                spec.append(("Computer, move", text, "primary", "Let the computer play now"))
            elif text == "demand":
                tip = "The attackers demand that the garrison capture now"
                spec.append(("Demand a capture", text, "warning", tip))
            else:
                point = text.split()[1]
                tip = f"Huffing: remove the defender on {point} before your move"
                spec.append((f"Huff {point}", text, "danger", tip))
        return spec

    def _button(self, label: str, text: str, style: str, tip: str) -> w.Button:
        b = w.Button(description=label, tooltip=tip, button_style=style)
        b.on_click(lambda _button: self._on_action(text))
        return b

    def _status_html(self) -> str:
        g = self.game
        rows = [
            f"<div style='font-size:20px'><b>{game_info(g.game).title}</b></div>",
            f"<div>Rules: {rules_summary(g)}</div>",
        ]
        if g.result is not None:
            who = "Draw" if g.result.winner is None else f"{g.result.winner.capitalize()} win"
            rows.append(
                f"<div style='font-size:18px'><b>{who}</b>: {escape(g.result.reason)}</div>"
            )
        else:
            status = g.status()
            turn = f"<b>{side_name(g.to_move).capitalize()}</b> to move"
            if status.then:
                turn += f" (then {side_name(status.then)})"
            if status.demanded:
                turn += " — a capture has been demanded"
            rows.append(f"<div style='font-size:18px'>{turn}</div>")
            if self._computer_waits and self._computer_to_move():
                rows.append(
                    "<div>The computer waits: press <b>Computer, move</b>, or play its "
                    "move yourself.</div>"
                )
        last = g.last_move
        rows.append(f"<div>Last move: <b>{escape(last) if last else '—'}</b> · ply {g.ply}</div>")
        rows.append(f"<div>Captured: {self._captured_html()}</div>")
        huff = g.status().huffable
        if huff:
            rows.append(f"<div>May be huffed: <b>{escape(', '.join(huff))}</b></div>")
        return f"<div style='{PANEL}'>{''.join(rows)}</div>"

    def _captured_html(self) -> str:
        start = Counter(self._start.pieces().values())
        now = Counter(self.game.pieces().values())
        lost = {k: start[k] - now.get(k, 0) for k in start if start[k] > now.get(k, 0)}
        if not lost:
            return "none"
        return ", ".join(f"{n} {escape(k)}{'s' if n > 1 else ''}" for k, n in sorted(lost.items()))

    def _played_html(self, move: Move) -> str:
        text = f"Played <b>{escape(move)}</b>."
        if move.captures:
            text += f" Captured on {escape(', '.join(move.captures))}."
        return text

    def _verdict_html(self, v: Verdict) -> str:
        text = (
            f"<span style='color:#D55E00'><b>{escape(v.move)}</b> is not allowed</span>: "
            f"{escape(v.reason)}"
        )
        if v.differs_under:
            text += f"<br>It would be legal under {escape(group_readings(v.differs_under))}."
        return text
