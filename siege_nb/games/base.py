"""What every siege game shares: moves, results, verdicts, errors and the :class:`Game` object.

A :class:`Game` is a thin shell around an engine (one per game) that knows the rules, and its
history: the moves played, with an immutable state kept every :data:`CHECKPOINT_EVERY` plies.
Undo and redo restore a position exactly, by going back to the nearest kept state and
replaying the moves after it, so a long game costs a few bytes per ply rather than a whole
state per ply.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal, Protocol, cast, get_args

from siege_nb.errors import (
    SHOWN,
    ArgumentError,
    SiegeError,
    check_int,
    check_list,
    check_type,
    shorten,
)
from siege_nb.games.movelist import MoveList
from siege_nb.i18n import N_, tr
from siege_nb.rules import (
    GAMES,
    Attribution,
    Choice,
    Option,
    RuleSet,
    preset_values,
    rule_heading,
    rules,
)
from siege_nb.rules import option as find_option
from siege_nb.rules import options as all_options
from siege_nb.rules.checks import MAX_MOVE_TEXT, move_text_too_long, unknown
from siege_nb.rules.model import format_choice

# The game-record format that Game.to_json writes and siege_nb.records reads.
RECORD_FORMAT = "siege_nb game record"
RECORD_VERSION = 1

CHECKPOINT_EVERY = 64
"""A game keeps its state after every this many plies (and the states since the last one):
undo steps back to the nearest kept state and replays at most this many moves from it."""

MOVES_AT_ONCE = 2_000
""":meth:`Game.legal_moves` lists at most this many moves before it answers; past that (only the
hunt games' jump chains get there) its :class:`MoveList` holds these first moves and lists the
rest when they are asked for, so that the call answers within milliseconds in any position."""

EXPLORE_LIST_LIMIT = 10_000
""":meth:`Game.explore` judges a piece's moves against the side's list of legal moves when
that list has at most this many moves, and each move on its own otherwise: another piece's
jump chains can run to millions, and the piece explored need not be that one."""

# Options that change the board's points or lines (flagged in the rule data): not explored by
# Game.explore, and a widget rebuilds its drawing when one changes.
BOARD_OPTIONS = frozenset(
    opt.name for game in GAMES for opt in all_options(game) if opt.changes_board
)

__all__ = [
    "ACTION_KINDS",
    "BOARD_OPTIONS",
    "CHECKPOINT_EVERY",
    "EXPLORE_LIST_LIMIT",
    "MOVES_AT_ONCE",
    "REFUSALS",
    "Engine",
    "Entry",
    "Game",
    "HistoryError",
    "IllegalMove",
    "Move",
    "MoveKind",
    "MoveList",
    "Reading",
    "Refusal",
    "Result",
    "Status",
    "Verdict",
    "Winner",
    "group_readings",
    "pointing",
    "result_words",
    "side_words",
    "taken_at",
]


MoveKind = Literal["step", "enter", "capture", "jump", "demand", "huff"]
"""What a move does: a step, an entry onto a circle, a capture by replacement, a jump chain, or
a special action (``demand``, ``huff``)."""

Winner = Literal["garrison", "attackers", "defenders"]
"""Who can win: ``"garrison"`` or ``"attackers"`` (Siege of Paris), ``"defenders"`` or
``"attackers"`` (the hunt games); a draw has no winner (``None``)."""

Refusal = Literal["notation", "turn-order", "movement", "blocked", "game-over", "rule"]
"""Why a move is refused, as a category: the text is not a move here (``notation``), it is
not that side's turn, the piece cannot move so, the way is blocked, the game is over, or a
rule or option of the game forbids it (``rule``: then ``Verdict.rule`` names it)."""

REFUSALS: tuple[str, ...] = get_args(Refusal)

ACTION_KINDS: tuple[MoveKind, ...] = ("demand", "huff")
"""The kinds of move that are special actions: a board takes them from a button, not by
pointing at points (:meth:`Game.actions` lists those legal now)."""

MAX_ENTRY_POINTS = 64
"""The most points :meth:`Game.entry` reads (no move of these games names so many: the longest
jump chain lands fewer than 40 times)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``str(move)`` is its text: ``a2-b3``, ``k7xj8``, ``g5-C0``, ``c7xc5xe5``,
    ``demand``, ``huff c7``.

    ``path`` lists the points from start to end (a slide's squares in between included, a
    jump chain's landing points); ``captures`` the points whose pieces are taken; ``kind`` is
    ``"step"``, ``"enter"`` (from a square onto a circle), ``"capture"`` (by replacement),
    ``"jump"`` (a chain of jumps), or a special action: ``"demand"``, ``"huff"``.
    """

    start: str | None
    end: str | None
    path: tuple[str, ...]
    captures: tuple[str, ...]
    kind: MoveKind
    # The engine's own encoding, so that playing a Move needs no second lookup.
    raw: Any = field(default=None, repr=False, compare=False, hash=False)

    @property
    def text(self) -> str:
        """The move in the project's notation (docs/design.md)."""
        if self.start is None:
            return self.kind
        if self.kind == "huff":
            return f"huff {self.start}"
        if self.kind == "jump":
            return "x".join(self.path)  # the landing points of a chain
        sep = "x" if self.captures else "-"
        return f"{self.start}{sep}{self.end}"

    def __str__(self) -> str:
        return self.text


# Who wins, as a reader reads it (marked for the catalogue, translated where said).
_WINNER_WORDS = {
    None: N_("draw"),
    "garrison": N_("garrison win"),
    "attackers": N_("attackers win"),
    "defenders": N_("defenders win"),
}


def result_words(winner: str | None) -> str:
    """``"draw"`` or ``"garrison win"``, in the language in force."""
    return tr(_WINNER_WORDS.get(winner, f"{winner} win"))


# The sides by the names a caption gives them ("garrison to move").
_SIDE_WORDS = {
    "garrison": N_("garrison"),
    "white": N_("white"),
    "black": N_("black"),
    "attacker": N_("attacker"),
    "defender": N_("defender"),
}


def side_words(side: str) -> str:
    """A side's name as a caption gives it (``"garrison"``), in the language in force."""
    return tr(_SIDE_WORDS[side]) if side in _SIDE_WORDS else side


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` is a side name or ``None`` for a draw.

    ``reason`` says why in words; ``rule`` is the id of the rule that ended it.
    """

    winner: Winner | None
    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return tr("{who}: {reason}", who=result_words(self.winner), reason=self.reason)


@dataclass(frozen=True)
class Reading:
    """An option choice under which a move's verdict would be the opposite of the current one.

    ``sources`` are the texts that state the choice (none for a reading or a reconstruction);
    ``attribution`` says which, in words; ``heading`` names the option and ``title`` the choice
    in plain words (``Choice.title``).
    """

    option: str
    option_id: str
    value: Any
    sources: tuple[str, ...]
    legal: bool
    attribution: Attribution | None = field(default=None, compare=False)
    heading: str = field(default="", compare=False)
    title: str = field(default="", compare=False)

    @property
    def choice_words(self) -> str:
        """The choice in words, its value in square brackets, and where it comes from:
        ``"a piece of its own army could move there [reach-same-army] (stated by ...)"``."""
        where = self.attribution.words(brief=True) if self.attribution else tr("no source")
        return tr("{choice} ({source})", choice=format_choice(self.value, self.title), source=where)

    def __str__(self) -> str:
        label = self.heading or (
            self.option if self.option_id == self.option else f"{self.option_id} {self.option}"
        )
        return tr("{option}: {choice}", option=label, choice=self.choice_words)


def group_readings(readings: Sequence[Reading]) -> str:
    """Readings in words, the choices of one option together:
    ``"Protected pieces (SP-16): words [a] (...) or words [b] (...)"``."""
    groups: dict[str, list[Reading]] = {}
    for r in readings:
        groups.setdefault(r.heading or r.option, []).append(r)
    return "; ".join(
        tr("{option}: {choices}", option=label, choices=tr(" or ").join(r.choice_words for r in rs))
        for label, rs in groups.items()
    )


@dataclass(frozen=True)
class Verdict:
    """The answer of :meth:`Game.why`: is a move legal here, and why (not)?

    ``rule`` is the id of the rule or option that decides; ``sources`` the keys of the texts
    that state the rule in force (empty when it is a reading or a reconstruction);
    ``differs_under`` lists single option changes that flip the verdict; ``judged`` is the
    :class:`Move` judged (``None`` for refused text that names no move of the piece).
    ``bool(verdict)`` is ``verdict.legal``.
    """

    move: str
    legal: bool
    reason: str
    rule: str | None = None
    sources: tuple[str, ...] = ()
    differs_under: tuple[Reading, ...] = ()
    # The Move it judged: the legal move; for a verdict from Game.explore, also the refused
    # candidate (where it would go); None for refused text that names no such move.
    judged: Move | None = field(default=None, compare=False)
    # The reason in a pupil's words: the rule in force named by its title and choice, without
    # rule ids, values in brackets or where the choice comes from ("" where the same).
    plain_reason: str = field(default="", compare=False, repr=False)

    @property
    def plain(self) -> str:
        """The reason in a pupil's words: the same explanation, with the rule in force named
        by its title and its choice in words, without rule ids, values in brackets or where
        the choice comes from (:attr:`reason` says all of that).

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", position={
        ...     "k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"})
        >>> print(g.why("k7xj8").plain)
        The black soldier on j8 is protected by the white soldier on j9. Rule in force: \
Protected pieces: another attacker stands beside it.
        """
        return self.plain_reason or self.reason

    def __bool__(self) -> bool:
        return self.legal

    @property
    def refusal(self) -> Refusal | None:
        """The kind of refusal (``None`` for a legal move); ``"rule"`` when a rule or option
        of the game decides, named by :attr:`rule`.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris")
        >>> g.why("a2-b3").refusal, g.why("C0-d5").refusal, g.why("C0-f5").refusal
        ('turn-order', 'movement', None)
        """
        if self.legal:
            return None
        if self.rule in REFUSALS:
            return cast(Refusal, self.rule)
        return "rule" if self.rule else "movement"

    def __str__(self) -> str:
        head = (
            tr("{move}: legal. {reason}", move=self.move, reason=self.reason)
            if self.legal
            else tr("{move}: illegal. {reason}", move=self.move, reason=self.reason)
        )
        if self.differs_under:
            readings = group_readings(self.differs_under)
            head += " " + (
                tr("It would be illegal under {readings}.", readings=readings)
                if self.legal
                else tr("It would be legal under {readings}.", readings=readings)
            )
        return head


@dataclass(frozen=True)
class Status:
    """What a board display shows about whose turn it is, the same for every game.

    ``then`` names the army that follows the garrison (Siege of Paris, garrison to move);
    ``demanded`` is true after the attackers' demand; ``huffable`` lists the defenders the
    attacker may huff now (the hunt games).
    """

    to_move: str
    then: str | None = None
    demanded: bool = False
    huffable: tuple[str, ...] = ()


def pointing(move: Move) -> tuple[str, ...]:
    """The points a reader points at to enter ``move`` on a board, in order: its start, then
    every landing point of a jump chain, or else its destination however far it goes (the
    squares a slide passes over are not pointed at). A special action has none (it is entered
    by a button).

    >>> import siege_nb as sn
    >>> g = sn.new_game(
    ...     "siege-of-paris", position={"l8": "garrison general", "a2": "white soldier"})
    >>> pointing(g.find("l8-j10")), g.find("l8-j10").path
    (('l8', 'j10'), ('l8', 'k9', 'j10'))
    """
    if move.kind in ACTION_KINDS or move.start is None:
        return ()
    if move.kind == "jump":
        return move.path
    return (move.start, move.end) if move.end is not None else (move.start,)


def taken_at(move: Move, index: int) -> tuple[str, ...]:
    """The pieces ``move`` takes at its ``index``-th pointed point (from 1), which a reader may
    point at instead of that point: the piece a jump passes over, or the piece a capture
    takes. Empty where the move takes nothing there."""
    if move.kind == "jump":
        return (move.captures[index - 1],) if index <= len(move.captures) else ()
    return move.captures if index == 1 else ()


@dataclass(frozen=True)
class Entry:
    """A move being entered by pointing at the board, one point at a time, as a board widget
    takes it: the answer of :meth:`Game.entry`.

    ``points`` are the points pointed at so far, the moving piece's first, each as the move
    names it (a reader may point at a piece a move takes instead of where the move lands, and
    the landing point stands here for it); ``next`` the points that may come next, towards a
    legal move; ``moves`` the legal moves that these points name in full. Points that begin
    no legal move have neither ``next`` nor ``moves``. A move may be named in full while
    longer ones go on (a jump chain may stop after any jump): a board then offers to stop
    there. Two moves may share every point pointed at (no move of these three games does):
    a board then asks which.
    """

    points: tuple[str, ...]
    next: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()

    @property
    def named(self) -> bool:
        """True if the points begin, or name, a legal move."""
        return bool(self.next or self.moves)

    @property
    def move(self) -> Move | None:
        """The move the points name, once it is the only one and nothing can follow, else
        ``None``."""
        return self.moves[0] if len(self.moves) == 1 and not self.next else None


class IllegalMove(SiegeError):
    """Raised by :meth:`Game.play` for a move that is not legal; the game is unchanged.

    ``reason`` says why in words and names the rule; ``verdict`` is the full :class:`Verdict`.
    A :class:`~siege_nb.errors.SiegeError` (so a ``ValueError``); it pickles with its fields.
    """

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.move}: {verdict.reason}")
        self.verdict = verdict
        self.reason = verdict.reason
        self.move = verdict.move


class HistoryError(SiegeError, IndexError):
    """Raised by :meth:`Game.undo` with no move to take back and by :meth:`Game.redo` with no
    undone move to replay; the game is unchanged. A :class:`~siege_nb.errors.SiegeError`, and
    an ``IndexError`` as these calls always raised (like ``list.pop`` on an empty list).

    >>> import siege_nb as sn
    >>> sn.new_game("pyramid-siege").undo()
    Traceback (most recent call last):
        ...
    siege_nb.games.base.HistoryError: nothing to undo: no move has been played
    """


class TooManyMoves(SiegeError):
    """Raised by :meth:`Game.legal_moves` or :meth:`Game.explore` given a ``limit`` that the
    moves exceed (only the hunt games' jump chains run so high); the game is unchanged.
    ``limit`` is the limit given. :meth:`HuntGame.chain_steps` decides such a chain a jump at
    a time.
    """

    def __init__(self, limit: int, to_move: str, node: str | None = None) -> None:
        self.limit = limit
        if node is None:
            super().__init__(
                f"more than {limit:,} legal moves for the {to_move} here; ask again with a "
                "higher limit, or, where jump chains make them so many, decide a chain one "
                "jump at a time with chain_steps()"
            )
        else:
            super().__init__(
                f"more than {limit:,} moves for the piece on {node} here; ask again with a "
                "higher limit, or explore(node, whole_chains=False) to see each jump chain "
                "by its first jump"
            )


class Engine(Protocol):
    """What a game's rules engine provides to :class:`Game` (one engine per rule set)."""

    # Read-only properties, so that engines may narrow their types (three sides, two sides).
    @property
    def game(self) -> str: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def sides(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> Any: ...

    def initial_state(self, setup: Mapping[str, Any]) -> Any: ...
    def legal(self, state: Any) -> list[Move]: ...
    def known(self, state: Any) -> list[Move] | None: ...
    def legal_upto(self, state: Any, limit: int) -> list[Move] | None: ...
    def legal_head(self, state: Any, limit: int) -> tuple[list[Move], bool]: ...
    def apply(self, state: Any, move: Move) -> Any: ...
    def explain(self, state: Any, text: str) -> tuple[bool, str, str | None]: ...
    def pieces(self, state: Any) -> dict[str, str]: ...
    def setup_of(self, state: Any) -> dict[str, Any]: ...
    def text(self, state: Any) -> str: ...
    def with_rules(self, rules: RuleSet) -> Engine: ...
    def parse(self, state: Any, text: str) -> Move | None: ...
    def find_move(self, state: Any, move: Move) -> Move | None: ...
    def candidates(self, state: Any, node: str) -> list[Move]: ...
    def candidates_upto(self, state: Any, node: str, limit: int) -> list[Move] | None: ...
    def first_steps(self, state: Any, node: str) -> list[Move]: ...
    def entry(self, state: Any, points: tuple[str, ...]) -> Entry: ...
    def actions(self, state: Any) -> list[Move]: ...
    def source_keys(self, rule: str) -> tuple[str, ...]: ...
    def missing(self, name: object) -> str: ...


class Game:
    """A game in progress: a position, whose turn it is, the rules, and the history.

    Create games with :func:`siege_nb.new_game`. Moves go in as text or :class:`Move`:

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> g.to_move, len(g.legal_moves())
    ('garrison', 4)
    >>> g.play("C0-f5").kind
    'step'
    >>> g.to_move
    'white'
    >>> g.undo().text, g.to_move
    ('C0-f5', 'garrison')

    The history is the moves played plus a state every :data:`CHECKPOINT_EVERY` plies, so a
    game of hundreds of thousands of plies stays small; undo and redo give back exactly the
    states that were played.
    """

    def __init__(self, engine: Engine, state: Any, players: int = 2) -> None:
        self.players = check_int(players, "players", minimum=1)
        self._engine = engine
        # The history: _moves[i] is ply i's move; _marks[j] the state after j * K moves
        # (K = CHECKPOINT_EVERY, _marks[0] the set-up); _tail the states after each move
        # since the last mark, so that undo within those plies replays nothing. The current
        # state is _state (read by the widgets, the agents and the tests: kept cheap).
        self._marks: list[Any] = [state]
        self._tail: list[Any] = []
        self._state: Any = state
        self._moves: list[Move] = []
        self._redo: list[Move] = []

    # -- reading the position ---------------------------------------------------------------
    @property
    def game(self) -> str:
        """The game's name, e.g. ``"siege-of-paris"``."""
        return self._engine.game

    @property
    def rules(self) -> RuleSet:
        """The :class:`~siege_nb.rules.RuleSet` in force."""
        return self._engine.rules

    @property
    def board(self) -> Any:
        """The board geometry under the current rules (points, lines, regions), read-only."""
        return self._engine.board

    @property
    def to_move(self) -> str:
        """The side whose turn it is (``"garrison"``, ``"white"``, ``"black"``...)."""
        return self._engine.sides[self._state.to_move]

    @property
    def sides(self) -> tuple[str, ...]:
        """The game's sides in their order of play (``("garrison", "white", "black")``)."""
        return tuple(self._engine.sides)

    @property
    def result(self) -> Result | None:
        """``None`` while the game goes on, else the :class:`Result`."""
        return self._state.result

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self._state.result is not None

    @property
    def ply(self) -> int:
        """Number of plies played since the set-up (special actions such as ``demand`` excluded)."""
        return self._state.plies

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first (special actions included)."""
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        """The most recent move, or ``None``."""
        return self._moves[-1] if self._moves else None

    @property
    def can_undo(self) -> bool:
        """True if there is a move to undo."""
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        """True if there is an undone move to replay."""
        return bool(self._redo)

    def status(self) -> Status:
        """Whose turn it is and what goes with it (see :class:`Status`)."""
        return Status(self.to_move)

    def pieces(self) -> dict[str, str]:
        """``{node: piece name}`` for every piece on the board."""
        return self._engine.pieces(self._state)

    def describe(self, point: str | None = None) -> str:
        """The position in sentences, for a reader who cannot see the board (a screen reader
        reads them out): whose turn, the last move and every piece by side with its points;
        or, given a ``point``, what stands there and where it may go. In the language in
        force; see :mod:`siege_nb.games.describe`.

        >>> import siege_nb as sn
        >>> print(sn.new_game("siege-of-paris").describe("C4"))
        C4: a garrison general. It may go to f12, g12.
        """
        from siege_nb.games.describe import describe_point, describe_position

        return describe_position(self) if point is None else describe_point(self, point)

    def legal_moves(self, *, limit: int | None = None) -> MoveList:
        """Every legal move of the side to move (an empty list once the game is over), as a
        :class:`MoveList`: a ``list`` of :class:`Move`.

        A jump chain is listed once per outcome (where it ends, which pieces it takes), along
        one of its paths; :meth:`play` takes any path to it. In positions built for it the
        outcomes run to millions. The call still answers within milliseconds: past
        :data:`MOVES_AT_ONCE` moves the list holds the first of them and lists the rest only
        when something needs them all (its length, say), which takes as long as listing them
        always took (minutes, where they run to millions).
        :meth:`HuntGame.chain_steps` decides a chain one jump at a time without listing them.

        ``limit``, for a caller that must have every move at once or none (an agent, a widget):
        past that many moves the search stops and :class:`TooManyMoves` is raised, so the call
        takes time that grows with ``limit``, not with the moves.

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege")
        >>> len(g.legal_moves()), len(g.legal_moves(limit=10))
        (6, 6)
        >>> g.legal_moves(limit=5)
        Traceback (most recent call last):
            ...
        siege_nb.games.base.TooManyMoves: more than 5 legal moves for the defender here; ...
        """
        engine, state = self._engine, self._state
        # Most calls come after a move whose engine kept the new position's moves: they are
        # copied at once, without the head search's layers (the same list it would give).
        known = engine.known(state)
        if limit is None:
            if known is not None and len(known) <= MOVES_AT_ONCE:
                return MoveList(known)
            first, complete = engine.legal_head(state, MOVES_AT_ONCE)
            if complete:
                return MoveList(first)
            return MoveList.pending(
                first, partial(engine.legal, state), partial(engine.find_move, state)
            )
        check_int(limit, "limit", minimum=0)
        if known is not None and len(known) <= limit:
            return MoveList(known)
        moves = engine.legal_upto(state, limit)
        if moves is None:
            raise TooManyMoves(limit, self.to_move)
        return MoveList(moves)

    def entry(self, points: Sequence[str]) -> Entry:
        """Enter a move by pointing, as a board takes it: ``points`` are the points pointed at
        so far, the moving piece's first. The answer (an :class:`Entry`) says which points may
        come next and which legal moves the points name in full.

        Every legal move but a special action (:meth:`actions`) is named this way, by the
        points of :func:`pointing`: its start and its destination, however far a slide goes,
        or its start and each landing of a jump chain. A piece that a move takes may be
        pointed at instead of the point where the move lands. The answer comes from the
        engine, one step at a time, without listing every jump chain.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris", position={
        ...     "l8": "garrison general", "j10": "black soldier", "a2": "white soldier"})
        >>> g.entry(["l8"]).next
        ('j10', 'j6', 'j8', 'k7', 'k8', 'k9', 'l10', 'l6', 'l7', 'l9')
        >>> g.entry(["l8", "j10"]).move
        Move(start='l8', end='j10', path=('l8', 'k9', 'j10'), captures=('j10',), kind='capture')
        >>> g.entry(["l8", "a1"]).named  # out of the general's reach
        False

        ``points`` must be a non-empty list of point names of this board (a ``TypeError`` or an
        :class:`~siege_nb.ArgumentError` otherwise).
        """
        check_list(points, "points", "a list of point names", Sequence)
        if not points:
            raise ArgumentError("points", points, "at least one point: the moving piece's")
        if len(points) > MAX_ENTRY_POINTS:
            raise ArgumentError("points", points, f"at most {MAX_ENTRY_POINTS} points")
        index = self.board.index
        for i, name in enumerate(points):
            check_type(name, str, f"points[{i}]")
            if name not in index:
                raise unknown("points", name, ["points of this board"], self._engine.missing(name))
        if self._state.result is not None:
            return Entry(tuple(points))
        return self._engine.entry(self._state, tuple(points))

    def actions(self) -> tuple[Move, ...]:
        """The special actions legal now, which a board offers as buttons rather than by
        pointing (:data:`ACTION_KINDS`): the attackers' ``demand`` in the Siege of Paris, the
        attacker's ``huff`` of a defender in the hunt games. Found without listing every
        jump chain.

        >>> import siege_nb as sn
        >>> sn.new_game("pyramid-siege").actions()
        ()
        """
        return tuple(self._engine.actions(self._state))

    # -- moving -------------------------------------------------------------------------------
    def _find(self, move: Move | str) -> Move | None:
        if isinstance(move, Move):
            # An equal Move built by the caller is replaced by the engine's own; a jump chain
            # along another path to the same outcome is the same move, written as given.
            return self._engine.find_move(self._state, move)
        _check_move_type(move)
        if len(move) > MAX_MOVE_TEXT:
            return None  # longer than any move: not worth reading
        return self._engine.parse(self._state, move)

    def find(self, move: Move | str) -> Move | None:
        """The legal move that ``move`` (text or :class:`Move`) names here, or ``None``: a
        quick test, without the explanation :meth:`why` builds. A jump chain written along
        another path to the same outcome is found too, written as given.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris")
        >>> g.find("C0-f5"), g.find("C0-a1")
        (Move(start='C0', end='f5', path=('C0', 'f5'), captures=(), kind='step'), None)
        """
        return self._find(move)

    def play(self, move: Move | str) -> Move:
        """Play a legal move (text or :class:`Move`) and return it as a :class:`Move`.

        Raises :class:`IllegalMove` (a ``ValueError``) with the reason, naming the rule, if
        the move is not legal; the game is then exactly as it was.
        """
        engine, state = self._engine, self._state
        found = None
        if type(move) is Move:
            # The usual case: one of the Moves the engine listed for this position, found by
            # identity (Move's own == compares field by field, in Python).
            known = engine.known(state)
            if known is not None:
                for m in known:
                    if m is move:
                        found = m
                        break
        if found is None:
            found = self._find(move)
            if found is None:
                raise IllegalMove(self.why(move))
        self._push(found, engine.apply(state, found))
        if self._redo:
            self._redo.clear()
        return found

    def _push(self, move: Move, state: Any) -> None:
        """Add a played ``move`` and the ``state`` it made to the history."""
        self._moves.append(move)
        self._state = state
        if len(self._moves) % CHECKPOINT_EVERY:
            self._tail.append(state)
        else:
            self._marks.append(state)
            self._tail.clear()

    def _rewind(self, count: int) -> None:
        """Take back the last ``count`` moves (at most those played) onto the redo stack,
        the most recent on top, and restore the state before them exactly: the nearest kept
        state, with the moves after it replayed (at most :data:`CHECKPOINT_EVERY` - 1)."""
        keep = len(self._moves) - count
        taken = self._moves[keep:]
        del self._moves[keep:]
        self._redo.extend(reversed(taken))
        last_mark = keep // CHECKPOINT_EVERY
        since = keep - last_mark * CHECKPOINT_EVERY
        if len(self._marks) == last_mark + 1 and len(self._tail) >= since:
            del self._tail[since:]  # still within the plies after the last kept state
        else:
            del self._marks[last_mark + 1 :]
            state, apply, tail = self._marks[-1], self._engine.apply, []
            for move in self._moves[keep - since : keep]:
                state = apply(state, move)
                tail.append(state)
            self._tail = tail
        self._state = self._tail[-1] if self._tail else self._marks[-1]

    def _replay(self, texts: Sequence[str]) -> int:
        """Play ``texts`` one after the other, judging each legal as :meth:`play` does, and
        return how many were played: fewer than given when one is illegal (the game then
        stands before it). The fast way to read a record: a move written as the engine
        writes it is matched among the legal moves the engine already knows, other writings
        go through the engine's parser."""
        engine = self._engine
        known, parse, apply = engine.known, engine.parse, engine.apply
        moves, marks, tail = self._moves, self._marks, self._tail
        # Moves that the parser makes afresh (a jump chain along another path) are kept once.
        kept: dict[tuple[Move, Any], Move] = {}
        state = self._state
        done = 0
        for text in texts:
            if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
                break
            found = None
            legal = known(state)
            if legal is not None:
                start = text.partition("-")[0].partition("x")[0]
                for m in legal:
                    if m.start == start and m.text == text:
                        found = m
                        break
            if found is None:
                found = parse(state, text)
                if found is None:
                    break
                with suppress(TypeError):  # an engine encoding that cannot be hashed stays
                    found = kept.setdefault((found, found.raw), found)
            state = apply(state, found)
            # What _push does, inline: this loop runs once per move of a record.
            moves.append(found)
            if len(moves) % CHECKPOINT_EVERY:
                tail.append(state)
            else:
                marks.append(state)
                tail.clear()
            done += 1
        self._state = state
        if done:
            self._redo.clear()  # as play does
        return done

    def undo(self) -> Move:
        """Take back the last move and return it; it can be replayed with :meth:`redo`.
        With no move to take back, raises :class:`HistoryError` (an ``IndexError``)."""
        if not self._moves:
            raise HistoryError("nothing to undo: no move has been played")
        move = self._moves[-1]
        self._rewind(1)
        return move

    def redo(self) -> Move:
        """Replay the most recently undone move and return it. With no undone move, raises
        :class:`HistoryError` (an ``IndexError``)."""
        if not self._redo:
            raise HistoryError("nothing to redo: no move has been undone since the last move")
        move = self._redo.pop()
        self._push(move, self._engine.apply(self._state, move))
        return move

    # -- explaining ---------------------------------------------------------------------------
    def why(self, move: Move | str) -> Verdict:
        """Say whether ``move`` is legal here and why, naming the rule and its sources.

        When the move is illegal because of one option, the verdict names the option and the
        choice in force; ``differs_under`` lists the other readings that would flip it.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", position={
        ...     "k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"})
        >>> v = g.why("k7xj8")
        >>> v.legal, v.rule
        (False, 'SP-16')

        ``move`` must be text or a :class:`Move` (a ``TypeError`` otherwise, as for
        :meth:`play`); text longer than any move is refused without being read.
        """
        text = move.text if isinstance(move, Move) else _check_move_type(move)
        if len(text) > MAX_MOVE_TEXT:
            # The verdict names the text by a short prefix: the whole would flood a message.
            return Verdict(text[:SHOWN] + "…", False, move_text_too_long(text), "notation")
        legal, reason, rule = self._engine.explain(self._state, text)
        readings = self._readings(text, legal)
        plain = self.rules.plain(reason)
        if not legal and readings and rule in (None, "movement"):
            # The move fails only because of option choices: name the first one as the rule.
            first = readings[0]
            rule = first.option_id
            current = self.rules.choice(first.option)
            reason += " " + tr("Rule in force: {rule}.", rule=self.rules.citation(first.option))
            plain += " " + tr("Rule in force: {rule}.", rule=self.rules.in_words(first.option))
            sources = current.sources
        else:
            sources = self._sources(rule)
            plain = self._plain_rule(plain, rule, legal)
            reason = self._name_the_rule(reason, rule, legal)
        judged = self._find(move) if legal else None
        return Verdict(text, legal, reason, rule, sources, tuple(readings), judged, plain)

    def _plain_rule(self, plain: str, rule: str | None, legal: bool) -> str:
        """A refusal in a pupil's words: an option in force named by its title and choice."""
        if legal or rule is None:
            return plain
        for opt in self.rules.options:
            if rule == opt.id:
                words = self.rules.in_words(opt.name)
                if words in plain:
                    return plain
                return tr("{text} Rule in force: {rule}.", text=plain, rule=words)
        return plain

    def _name_the_rule(self, reason: str, rule: str | None, legal: bool) -> str:
        """Name the deciding rule in a refusal in words a reader knows, the id as a tag."""
        if legal or rule in (None, "notation", "game-over"):
            return reason
        for opt in self.rules.options:
            if rule == opt.id:
                citation = self.rules.citation(opt.name)
                if citation in reason or opt.heading in reason:
                    return reason
                # A sentence, not a bracket: the citation has the choice's value in brackets.
                return tr("{text} Rule in force: {rule}.", text=reason, rule=citation)
        heading = rule_heading(self.game, rule)  # the id itself for a rule with no record
        if heading != rule and f"({rule})" in reason:
            return reason.replace(f"({rule})", f"({heading})")
        return reason if heading in reason else tr("{text} [{rule}]", text=reason, rule=heading)

    def _sources(self, rule: str | None) -> tuple[str, ...]:
        if rule is None:
            return ()
        for opt in self.rules.options:
            if rule == opt.id:
                return self.rules.choice(opt.name).sources
        return self._engine.source_keys(rule)

    def _alternatives(self) -> list[tuple[Option, Choice, Engine]]:
        """One engine per single option change from the current rules (built once per game)."""
        cached = getattr(self, "_alt_cache", None)
        if cached is not None and cached[0] is self._engine:
            return cached[1]
        out = []
        for opt in self.rules.options:
            current = self.rules[opt.name]
            for choice in opt.choices:
                if choice.value == current and type(choice.value) is type(current):
                    continue
                rules = self.rules.replace(**{opt.name: choice.value})
                out.append((opt, choice, self._engine.with_rules(rules)))
        # A board option whose other choice renames points cannot be judged on this position.
        out = [(o, c, e) for o, c, e in out if e.board.names == self._engine.board.names]
        self._alt_cache = (self._engine, out)
        return out

    def _readings(self, text: str, legal_now: bool) -> list[Reading]:
        """Single option changes that would flip the verdict on ``text`` in this position."""
        if self._state.result is not None:
            return []
        out = []
        for opt, choice, engine in self._alternatives():
            legal = engine.parse(self._state, text) is not None
            if legal != legal_now:
                out.append(
                    Reading(
                        opt.name,
                        opt.id,
                        choice.value,
                        choice.sources,
                        legal,
                        choice.attribution,
                        opt.heading,
                        choice.title,
                    )
                )
        return out

    def explore(
        self, node: str, *, whole_chains: bool = True, limit: int | None = None
    ) -> list[Verdict]:
        """Every move the piece on ``node`` could make by its movement, with its verdict.

        Moves that only another reading allows are included (as illegal, naming the option),
        so a reader sees what each rule forbids. Options that change the board itself are
        not explored. An empty node gives an empty list. With ``whole_chains=False`` a jump
        chain is given by its first jump only (itself a move, since a chain may stop after
        any jump): what a board shows when a piece is picked up, found without listing every
        chain, which in the hunt games can run to millions. ``limit``, as in
        :meth:`legal_moves`: past that many moves of the piece under any one reading the
        search stops and :class:`TooManyMoves` is raised, so the call takes time that grows
        with ``limit``; each move is then judged on its own, without listing the moves of
        every other piece. Without a limit the moves are judged against the side's list of
        legal moves when it has at most :data:`EXPLORE_LIST_LIMIT` of them, and each on its own
        otherwise, so a piece with few moves is explored at once even where another piece's
        chains run to millions.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", position={
        ...     "k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"})
        >>> sorted((v.move, v.legal, v.rule) for v in g.explore("k7"))[:2]
        [('k7-j6', True, None), ('k7-l6', True, None)]
        >>> [(v.move, v.rule) for v in g.explore("k7") if not v.legal]
        [('k7xj8', 'SP-16')]
        >>> len(g.explore("k7", limit=3))
        Traceback (most recent call last):
            ...
        siege_nb.games.base.TooManyMoves: more than 3 moves for the piece on k7 here; ...
        """
        check_type(node, str, "node")
        check_type(whole_chains, bool, "whole_chains")
        if limit is not None:
            check_int(limit, "limit", minimum=0)
        state = self._state
        # Each candidate once, by its text; the Move says where it goes even if it is illegal.
        tried: dict[str, Move] = {}
        for engine in [self._engine] + [
            e for opt, _, e in self._alternatives() if opt.name not in BOARD_OPTIONS
        ]:
            if not whole_chains:
                moves: list[Move] | None = engine.first_steps(state, node)
            elif limit is None:
                moves = engine.candidates(state, node)
            else:
                moves = engine.candidates_upto(state, node, limit)
            if moves is None or (limit is not None and len(moves) > limit):
                raise TooManyMoves(cast(int, limit), self.to_move, node)
            for move in moves:
                tried.setdefault(move.text, move)
        listed = None
        if whole_chains and limit is None:
            listed = self._engine.legal_upto(state, EXPLORE_LIST_LIMIT)
        if listed is not None:
            legal = {m.text: m for m in listed}
        else:  # each candidate judged alone: the list of legal moves may be huge
            legal = {
                text: found
                for text in tried
                if (found := self._engine.parse(state, text)) is not None
            }
        out = []
        for text, move in tried.items():
            if text in legal:
                _, reason, _ = self._engine.explain(state, text)
                out.append(Verdict(text, True, reason, judged=legal[text]))
            else:
                out.append(replace(self.why(text), judged=move))
        return out

    # -- copies and records -------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent copy with the same history (states are immutable and shared, so
        this is cheap)."""
        twin = type(self)(self._engine, self._marks[0], self.players)
        twin._marks = list(self._marks)
        twin._tail = list(self._tail)
        twin._state = self._state
        twin._moves = list(self._moves)
        twin._redo = list(self._redo)
        return twin

    def _become(self, other: Game) -> None:
        """Take ``other``'s rules, position and history as this game's own: ``other`` is a
        :meth:`clone` taken earlier, and a widget puts its game back as it was so (in place,
        since the reader may hold this game) after something failed half-way."""
        self.players = other.players
        self._engine = other._engine
        self._marks = list(other._marks)
        self._tail = list(other._tail)
        self._state = other._state
        self._moves = list(other._moves)
        self._redo = list(other._redo)

    def setup(self) -> dict[str, Any]:
        """The set-up this game started from: position, side to move and any game extras."""
        return self._engine.setup_of(self._marks[0])

    def position(self) -> dict[str, Any]:
        """The current position as a set-up (position, side to move and any game extras), to
        start another game from here: ``sn.new_game(g.game, **g.position())``."""
        return self._engine.setup_of(self._state)

    def with_rules(self, preset: str | None = None, *, reset: bool = False, **changes: Any) -> Game:
        """This game under other rules, as a new game (this one is left as it is).

        ``preset`` names the preset (the current one if ``None``); with ``reset`` the options
        start from that preset's values, otherwise from the current ones; ``changes`` override
        options by name or id (one option given under two spellings must get one value).
        The history is replayed if every move stays legal; otherwise the new game starts from
        the current position (``new.moves`` is then empty). Raises an
        :class:`~siege_nb.ArgumentError` (a ``ValueError``) if even the current position is
        impossible under the new rules, and a ``TypeError`` or ``ValueError`` naming the
        argument for a preset or option that does not exist or a value it cannot take.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris")
        >>> _ = g.play("C0-f5")
        >>> h = g.with_rules(protection="adjacent")
        >>> h.rules["protection"], [m.text for m in h.moves]
        ('adjacent', ['C0-f5'])
        """
        check_type(preset, (str, type(None)), "preset")
        check_type(reset, bool, "reset")
        name = self.rules.preset if preset is None else preset
        values = preset_values(self.game, name) if reset else dict(self.rules.settings)
        # The changes go to rules() as they are spelled, so that it sees two spellings of one
        # option; the values they replace are left out (find_option refuses unknown names).
        changed = {find_option(self.game, key).name for key in changes}
        kept = {key: value for key, value in values.items() if key not in changed}
        engine = self._engine.with_rules(rules(self.game, name, **kept, **changes))
        try:
            start = engine.initial_state(self.setup())
        except ValueError:
            start = None
        if start is not None:
            twin = type(self)(engine, start, self.players)
            if twin._replay([m.text for m in self._moves]) == len(self._moves):
                return twin
        try:
            here = engine.initial_state(self.position())
        except SiegeError:
            raise
        except ValueError as err:
            asked = {"preset": name, **changes} if preset is not None else changes
            raise ArgumentError(
                "with_rules",
                asked,
                f"rules under which the current position can stand ({shorten(str(err), 300)})",
            ) from None
        return type(self)(engine, here, self.players)

    def to_json(self) -> str:
        """The game record as JSON text (played and undone moves included);
        :func:`siege_nb.load_game` reads it back. The format is described in
        ``docs/game-records.md`` and by :func:`siege_nb.records.record_schema`.

        The fields go one to a line; the two move lists are written compactly, on a line
        each, so that a long game's record stays small (about 9 characters a move).
        """
        head = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "preset": self.rules.preset,
            "options": dict(self.rules.settings),
            "players": self.players,
            "setup": self.setup(),
        }
        compact = (",", ":")
        moves = json.dumps([m.text for m in self._moves], separators=compact)
        undone = json.dumps([m.text for m in reversed(self._redo)], separators=compact)
        # The head ends with its closing brace on a line of its own: the lists go before it.
        text = json.dumps(head, indent=1)
        return f'{text[:-2]},\n "moves": {moves},\n "undone": {undone}\n}}'

    # -- display ------------------------------------------------------------------------------
    def __str__(self) -> str:
        return self._engine.text(self._state)

    def __repr__(self) -> str:
        status = str(self.result) if self.result else f"{self.to_move} to move"
        return f"<Game {self.game} ({self.rules.preset}), ply {self.ply}, {status}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self) if cycle else str(self))

    def _repr_png_(self) -> bytes | None:
        """The board as a picture in a notebook (``None`` without matplotlib: text is shown)."""
        try:
            from siege_nb.render import png_bytes
        except ImportError:
            return None
        return png_bytes(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The board as a picture with the position in words as its alternative text, so that
        a screen reader in JupyterLab reads the position (see :mod:`siege_nb.render.picture`)."""
        png = self._repr_png_()
        if png is None:
            return None
        from siege_nb.render.picture import picture_bundle

        return picture_bundle(png, " ".join(self.describe().splitlines()), str(self))


def _check_move_type(move: object) -> str:
    """``move`` if it is text, else the ``TypeError`` that :meth:`Game.play` gives."""
    if isinstance(move, str):
        return move
    raise TypeError(f"a move is text or a Move, not {type(move).__name__} ({shorten(move)})")


def ensure_pairs(position: Mapping[str, str] | Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """A set-up position as (node, piece) pairs; accepts a mapping or a sequence of pairs."""
    if isinstance(position, Mapping):
        return [(k, v) for k, v in position.items()]
    pairs = []
    for item in position:
        if not (isinstance(item, (tuple, list)) and len(item) == 2):
            raise ValueError(f"a position lists (node, piece) pairs; got {item!r}")
        pairs.append((item[0], item[1]))
    return pairs
