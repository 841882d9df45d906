"""The plumbing every rules engine shares: :class:`EngineBase`.

An engine knows one game's rules under one :class:`~siege_nb.rules.RuleSet` and works on
frozen states (tuples all the way down: an engine never changes a state, it makes a new one).
What each engine adds is the game itself: its board, how to set up, which moves exist, what a
move does, and the ordered checks that explain a refusal.

Shared here, so that no engine writes it again:

* the rules, the fixed-rule sources and :meth:`EngineBase.with_rules`;
* the legal-move cache, owned by the engine (its moves depend on its rules, so an engine for
  other rules can never read them by mistake);
* :meth:`EngineBase.parse` (a text to the legal move it names);
* :meth:`EngineBase.explain`, which runs the engine's named checks in :attr:`EngineBase.CHECKS`
  order, that order being the rules' order; each check can be called and tested alone;
* :meth:`EngineBase.place_pieces`, the set-up validation every game needs (unknown points,
  two pieces on one point, more pieces than the set holds).

>>> import siege_nb as sn
>>> engine = sn.new_game("pyramid-siege")._engine
>>> engine.CHECKS[:3]
('game_over', 'huff', 'huff_turn')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from siege_nb.errors import check_type, shorten
from siege_nb.games.base import ACTION_KINDS, Entry, Move, Result, pointing, taken_at
from siege_nb.i18n import tr
from siege_nb.rules import RuleSet, fixed_rules
from siege_nb.rules.checks import MAX_MOVE_TEXT, BadArgument, move_text_too_long

__all__ = ["EngineBase", "Refused", "State", "check_side", "setup_pairs", "too_long"]

Refused = tuple[str, str | None]
"""A check's refusal: the reason in words, and the rule id or refusal category that decides."""


class State(Protocol):
    """What every engine's state has (the rest is the game's own)."""

    @property
    def to_move(self) -> int: ...
    @property
    def plies(self) -> int: ...
    @property
    def result(self) -> Result | None: ...


S = TypeVar("S", bound=State)
A = TypeVar("A")


class EngineBase(Generic[S, A]):
    """Shared plumbing for a game's engine; ``S`` is its state type, ``A`` what its explain
    checks read and fill in (the move under question, parsed step by step).

    A subclass sets :attr:`game`, :attr:`sides`, :attr:`CHECKS` and ``self.board``, and
    writes :meth:`generate`, :meth:`apply`, :meth:`ask`, :meth:`legal_reason` and one
    ``check_<name>`` method per name in :attr:`CHECKS`.
    """

    game: ClassVar[str]
    sides: ClassVar[tuple[str, ...]]
    CHECKS: ClassVar[tuple[str, ...]] = ("game_over",)
    """The names of the explain checks, in the order the rules apply them."""
    NODE_WORD: ClassVar[str] = "point"
    """What the game calls a place on its board, in messages ("point", "node")."""
    DEFAULT_CACHE_SIZE: ClassVar[int] = 32
    """How many positions' legal moves an engine keeps. Its callers ask about the position
    just made (after ``apply``) or one a few plies back (undo, the widgets); a larger cache
    only keeps states and their move lists alive long enough for the garbage collector to
    scan them again and again."""

    board: Any

    def __init__(self, rules: RuleSet, *, cache_size: int | None = None) -> None:
        check_type(rules, RuleSet, "rules")
        if cache_size is not None:
            check_type(cache_size, int, "cache_size")
        if rules.game != self.game:
            raise BadArgument(
                "rules",
                rules.game,
                f"rules of {self.game}",
                f"rules for {rules.game!r} given to the {self.game!r} engine",
            )
        self.rules = rules
        self._fixed = fixed_rules(self.game)
        self._cache_size = self.DEFAULT_CACHE_SIZE if cache_size is None else cache_size
        # id(state) -> (state, its legal moves); the state is kept so that its id is not
        # reused while the entry lives.
        self._cached: dict[int, tuple[S, list[Move]]] = {}

    def with_rules(self, rules: RuleSet, *, cache_size: int | None = None) -> EngineBase[S, A]:
        """An engine of the same game for other rules, with a cache of its own
        (``cache_size=0``: none, to measure move generation)."""
        size = self._cache_size if cache_size is None else cache_size
        return type(self)(rules, cache_size=size)

    def source_keys(self, rule: str) -> tuple[str, ...]:
        """The sources of a fixed rule id (empty for unknown ids)."""
        fixed = self._fixed.get(rule)
        return fixed.sources if fixed else ()

    # -- legal moves ----------------------------------------------------------------------------
    def generate(self, state: S) -> list[Move]:
        """Every legal move of a state whose game goes on (not cached; see :meth:`legal`)."""
        raise NotImplementedError

    def legal(self, state: S) -> list[Move]:
        """Every legal move in ``state`` (empty once the game is over), cached per engine."""
        # known(), written out: a search or a playout asks this on every ply.
        hit = self._cached.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        moves = [] if state.result is not None else self.generate(state)
        self.remember(state, moves)
        return moves

    def legal_upto(self, state: S, limit: int) -> list[Move] | None:
        """``state``'s legal moves if there are at most ``limit`` of them, else ``None``,
        found in time that grows with ``limit`` rather than with the number of moves (an
        engine whose moves can run to millions, the hunt's jump chains, overrides this to stop
        early; the default lists them all, which is cheap in a game without chains)."""
        moves = self.legal(state)
        return moves if len(moves) <= limit else None

    def legal_head(self, state: S, limit: int) -> tuple[list[Move], bool]:
        """``(moves, True)``, every legal move of ``state``, if there are at most ``limit``;
        else ``(first, False)``: the first moves of :meth:`legal`'s list, more than ``limit``
        of them, in its order. Like :meth:`legal_upto`, in time that grows with ``limit``
        where an engine overrides it (the default lists every move)."""
        moves = self.legal(state)
        return (moves, True) if len(moves) <= limit else (moves[: limit + 1], False)

    def known(self, state: S) -> list[Move] | None:
        """``state``'s legal moves if the cache holds them, else ``None`` (nothing computed)."""
        hit = self._cached.get(id(state))
        return hit[1] if hit is not None and hit[0] is state else None

    def remember(self, state: S, moves: list[Move]) -> None:
        """Keep ``state``'s legal moves (the oldest entry goes when the cache is full)."""
        if not self._cache_size:
            return
        cache = self._cached
        if len(cache) >= self._cache_size:
            del cache[next(iter(cache))]
        cache[id(state)] = (state, moves)

    def candidates(self, state: S, node: str) -> list[Move]:
        """Moves the piece on ``node`` could make by its movement, before the rules that
        hold it back (empty for an empty node)."""
        raise NotImplementedError

    def candidates_upto(self, state: S, node: str, limit: int) -> list[Move] | None:
        """:meth:`candidates` if there are at most ``limit`` of them, else ``None`` (an engine
        whose candidates can run to millions, the hunt's jump chains, stops early)."""
        moves = self.candidates(state, node)
        return moves if len(moves) <= limit else None

    def first_steps(self, state: S, node: str) -> list[Move]:
        """:meth:`candidates`, a jump chain given by its first jump only (a game without
        chains: the same list)."""
        return self.candidates(state, node)

    def entry(self, state: S, points: tuple[str, ...]) -> Entry:
        """What the points pointed at so far name (see :meth:`Game.entry`; ``points`` are
        points of the board, the game going on). This default reads the legal moves of the
        piece on the first point, which suits a game whose moves are few (an engine whose
        moves can run to millions, the hunt's jump chains, answers from the board itself)."""
        moves = [m for m in self.legal(state) if m.start == points[0] and pointing(m)]
        named = [points[0]]
        for i, point in enumerate(points[1:], start=1):
            moves = [m for m in moves if len(pointing(m)) > i]
            exact = [m for m in moves if pointing(m)[i] == point]
            if exact:
                moves = exact
            else:
                # A piece that a move takes stands for the point where that move lands there.
                moves = [m for m in moves if point in taken_at(m, i)]
                lands = {pointing(m)[i] for m in moves}
                if len(lands) != 1:
                    return Entry(points)
                point = lands.pop()
                moves = [m for m in moves if pointing(m)[i] == point]
            named.append(point)
        done = len(named)
        return Entry(
            tuple(named),
            tuple(sorted({pointing(m)[done] for m in moves if len(pointing(m)) > done})),
            tuple(m for m in moves if len(pointing(m)) == done),
        )

    def actions(self, state: S) -> list[Move]:
        """The special actions legal in ``state`` (:data:`~siege_nb.games.base.ACTION_KINDS`),
        read from the legal moves (an engine whose moves can run to millions answers without
        listing them)."""
        return [m for m in self.legal(state) if m.kind in ACTION_KINDS]

    def canonical(self, text: str) -> str:
        """``text`` in the form :attr:`Move.text` uses (spaces dropped by default)."""
        return "".join(text.split())

    def parse(self, state: S, text: str) -> Move | None:
        """The legal move written ``text``, or ``None`` (at once for a text longer than any
        move, :data:`~siege_nb.rules.checks.MAX_MOVE_TEXT`)."""
        if too_long(text):
            return None
        text = self.canonical(text)
        for move in self.legal(state):
            if self.canonical(move.text) == text or self.also_written(move, text):
                return move
        return None

    def find_move(self, state: S, move: Move) -> Move | None:
        """The legal move equal to ``move``, or ``None``: by default the engine's own Move
        objects are matched by identity first (the usual case, and fast), then by equality."""
        legal = self.legal(state)
        for m in legal:
            if m is move:
                return m
        for m in legal:
            if m == move:
                return m
        return None

    def also_written(self, move: Move, text: str) -> bool:
        """True if canonical ``text`` is another accepted way of writing ``move``."""
        return False

    # -- playing --------------------------------------------------------------------------------
    def apply(self, state: S, move: Move) -> S:
        """The state after a legal ``move`` (checked by :class:`~siege_nb.Game`, not here)."""
        raise NotImplementedError

    # -- explaining -----------------------------------------------------------------------------
    def ask(self, state: S, text: str) -> A:
        """What the checks start from for ``text`` (they parse it further as they go)."""
        raise NotImplementedError

    def legal_reason(self, state: S, move: Move) -> str:
        """Why a legal move is legal, in words."""
        raise NotImplementedError

    def checks(self) -> list[tuple[str, Callable[[S, A], Refused | None]]]:
        """The explain checks as ``(name, method)`` pairs, in the rules' order."""
        return [(name, getattr(self, f"check_{name}")) for name in self.CHECKS]

    def explain(self, state: S, text: str) -> tuple[bool, str, str | None]:
        """Whether ``text`` is legal in ``state``, the reason in words, and the deciding rule:
        the first of :attr:`CHECKS` that refuses the move decides. A text longer than any
        move is refused as notation before it is read."""
        if too_long(text):
            return False, move_text_too_long(text), "notation"
        move = self.parse(state, text)
        if move is not None:
            return True, self.legal_reason(state, move), None
        question = self.ask(state, text)
        for _, check in self.checks():
            refused = check(state, question)
            if refused is not None:
                return False, refused[0], refused[1]
        return False, "The rules do not allow this move here.", None

    def check_game_over(self, state: S, question: A) -> Refused | None:
        """No move is legal once the game is over."""
        if state.result is not None:
            return tr("The game is over ({result}).", result=state.result), "game-over"
        return None

    # -- set-up ---------------------------------------------------------------------------------
    def missing(self, name: object) -> str:
        """Why ``name`` is not a place on this board, in words (no full stop)."""
        return tr("{name} is not a point of this board", name=shorten(name))

    def place_pieces(
        self,
        pairs: Iterable[tuple[object, object]],
        code_of: Callable[[object], int],
        name_of: Callable[[int], str],
        limit_of: Mapping[int, int],
    ) -> list[int]:
        """The cells of a set-up position, checked: every place exists, holds at most one
        piece, and no piece occurs more often than the set holds (``limit_of[code]``).
        ``code_of`` turns a piece name into its code (raising ``ValueError`` for a bad name).
        Raises a :class:`~siege_nb.rules.checks.BadArgument` (a ``ValueError``) with the
        reason, naming ``position``."""
        index = self.board.index
        cells = [0] * len(self.board.names)
        counts: dict[int, int] = {}
        where = f"a {self.NODE_WORD} of this board"
        for name, piece in pairs:
            if not isinstance(name, str) or name not in index:
                raise BadArgument("position", name, where, self.missing(name))
            code = code_of(piece)
            node = index[name]
            if cells[node]:
                raise BadArgument(
                    "position",
                    name,
                    f"one piece on each {self.NODE_WORD}",
                    f"two pieces on one {self.NODE_WORD}: {name} is given twice",
                )
            counts[code] = counts.get(code, 0) + 1
            if counts[code] > limit_of[code]:
                raise BadArgument(
                    "position",
                    name_of(code),
                    f"at most {limit_of[code]}",
                    f"too many {name_of(code)}s: the set holds {limit_of[code]}",
                )
            cells[node] = code
        return cells


def too_long(text: str) -> bool:
    """True if ``text`` is longer than any move (so it is refused before it is read); a
    :class:`TypeError` if it is not text."""
    if not isinstance(text, str):
        raise TypeError(f"a move is text or a Move, not {type(text).__name__} ({shorten(text)})")
    return len(text) > MAX_MOVE_TEXT


def setup_pairs(position: object, points: int) -> list[tuple[str, str]]:
    """A set-up's ``position`` as (point, piece) pairs, its types checked: a mapping of point
    names to piece names, or an iterable of (point, piece) pairs (tuples or lists of two).
    Point and piece names must be text (a :class:`TypeError` otherwise); a malformed pair, or
    more pairs than the board has ``points``, is a
    :class:`~siege_nb.rules.checks.BadArgument`. An endless iterable is read no further
    than that.

    >>> setup_pairs({"c7": "defender"}, 67), setup_pairs([("c7", "defender")], 67)
    ([('c7', 'defender')], [('c7', 'defender')])
    >>> setup_pairs(5, 67)
    Traceback (most recent call last):
        ...
    TypeError: position must be a mapping of points to pieces or a list of (point, piece) \
pairs, not int (5)
    """
    items: Iterable[Any]
    if isinstance(position, Mapping):
        items = position.items()
    elif isinstance(position, Iterable) and not isinstance(position, (str, bytes, bytearray)):
        items = position
    else:
        raise TypeError(
            "position must be a mapping of points to pieces or a list of (point, piece) pairs, "
            f"not {type(position).__name__} ({shorten(position)})"
        )
    pairs: list[tuple[str, str]] = []
    for item in islice(items, points + 1):
        if not (isinstance(item, (tuple, list)) and len(item) == 2):
            raise BadArgument(
                "position",
                item,
                "(point, piece) pairs",
                f"a position lists (point, piece) pairs; got {shorten(item)}",
            )
        point, piece = item
        if not (isinstance(point, str) and isinstance(piece, str)):  # messages only on failure
            check_type(point, str, "position: a point name")
            check_type(piece, str, f"position: the piece on {shorten(point)}")
        pairs.append((point, piece))
    if len(pairs) > points:
        raise BadArgument(
            "position",
            position,
            f"at most {points} pieces, one per point",
            f"a position holds at most {points} pieces, one per point of the board",
        )
    return pairs


def check_side(value: object, sides: tuple[str, ...], argument: str) -> str | None:
    """``value`` if it is ``None`` or one of ``sides``; a :class:`TypeError` if it is not
    text, a :class:`~siege_nb.rules.checks.BadArgument` naming ``argument`` otherwise.

    >>> check_side("red", ("attacker", "defender"), "to_move")
    Traceback (most recent call last):
        ...
    siege_nb.rules.checks.BadArgument: to_move must be 'attacker' or 'defender', not 'red'
    """
    if value is None:
        return None
    check_type(value, str, argument)
    if value in sides:
        return str(value)
    words = " or ".join(repr(s) for s in sides) if len(sides) == 2 else ", ".join(sides)
    must = f"must be {words}" if len(sides) == 2 else f"must be one of {words}"
    raise BadArgument(
        argument, value, f"one of: {', '.join(sides)}", f"{argument} {must}, not {shorten(value)}"
    )
