"""The jump-capture "hunt" core shared by Belagerung and Pyramid Siege.

Defenders step along lines or jump attackers in straight lines, in chains that may turn and
stop after any jump; attackers step towards a fortress they try to fill; huffing punishes a
defender that could have captured. Each game contributes a :class:`HuntSpec` (its board,
its options, its thresholds, how it names a wrong point and draws itself as text); the rules
themselves are written once, here, following the rule data of the two games and
docs/precise-readings.md. A third hunt game would be one more spec and a two-line engine class.

:class:`HuntEngine` builds on :class:`~siege_nb.games.engine.EngineBase`: its states are frozen
:class:`HuntState` tuples, and :meth:`HuntEngine.explain` runs the named checks of
:attr:`HuntEngine.CHECKS` in the rules' order:

>>> import siege_nb as sn
>>> engine = sn.new_game("pyramid-siege")._engine
>>> engine.CHECKS[:3]
('game_over', 'huff', 'huff_turn')
>>> state = engine.initial_state({})
>>> engine.check_huff_turn(state, engine.ask(state, "huff r4c1"))
('Only the attacker huffs, before his own move.', 'huffing')
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress, islice, pairwise
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple, cast

from siege_nb.boards import belagerung as belagerung_board
from siege_nb.boards import pyramid as pyramid_board
from siege_nb.boards.graph import PointBoard
from siege_nb.errors import check_type, shorten
from siege_nb.games.base import Entry, Game, Move, Result, Status, side_words
from siege_nb.games.engine import EngineBase, Refused, check_side, setup_pairs, too_long
from siege_nb.games.hunt_words import chain_words, fixed_rule_id, step_words
from siege_nb.i18n import ngettext, tr
from siege_nb.rules import RuleSet, clause_basis, rule_heading
from siege_nb.rules.checks import BadArgument, ascii_number, move_text_too_long, unknown
from siege_nb.rules.model import format_choice

__all__ = [
    "BELAGERUNG",
    "ENGINES",
    "PYRAMID",
    "SPECS",
    "BelagerungEngine",
    "HuntEngine",
    "HuntGame",
    "HuntQuestion",
    "HuntSpec",
    "HuntState",
    "PyramidEngine",
]

EMPTY, ATTACKER, DEFENDER = 0, 1, 2
SIDES = ("attacker", "defender")
PIECES = ("", "attacker", "defender")

# ``bytes(cells).translate(_IS_ATTACKER)`` marks the attackers' points with 1 in C, and
# ``itertools.compress`` then picks their rows of a per-point table, also in C: the attackers'
# move generation visits only the points that hold an attacker.
_IS_ATTACKER = bytes(int(c == ATTACKER) for c in range(256))

JUMP_MOVES_KEPT = 8_192
"""How many jump-chain Moves the engines keep to hand out again (shared by every engine of a
board: the same chain in the next position is the same Move object). Past it the table starts
afresh: a chain comes back within a few plies if at all (about seven in ten are found there
in random Belagerung games, 5 % fewer than with 50,000 kept), and the table stays within a few
MiB however many games are played."""


class _GcPaused:
    """``with _GcPaused():`` holds the garbage collector off for a chain search (and turns it
    back on after only if it was on): the thousands of new tuples of a long search would set
    off collections that scan every object in the program, often doubling the time taken,
    and nothing made there is garbage yet."""

    __slots__ = ("was_on",)

    def __enter__(self) -> None:
        self.was_on = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_on:
            gc.enable()


class _TooMany(Exception):
    """Raised inside a chain search that has found more outcomes than it was asked to list
    (:meth:`HuntEngine.legal_head`); it never leaves the engine."""


Mark = Callable[[int], str]
"""How the text board marks one point (by index): ``x``, ``O``, ``+`` or ``.``."""


@dataclass(frozen=True)
class HuntSpec:
    """What distinguishes one hunt game from another.

    ``describe_missing(board, name)`` says why ``name`` is not a point of the board (no full
    stop); ``text_rows(board, mark)`` lays the board out as rows of text.
    """

    game: str
    board: Callable[[RuleSet], PointBoard]
    first: int  # index into SIDES
    direction_option: str  # the option that limits attacker steps
    attackers: int  # pieces in the set
    defenders: int
    defenders_win_below: int  # the defenders win when fewer attackers than this are left
    rule_defenders_win: str
    rule_attackers_win: str
    rule_no_move: str
    frozen_in_fortress: bool  # attackers on a fortress point never move (Pyramid Siege)
    escape_clause: bool  # with no attacker step towards the fortress, any step (Pyramid Siege)
    describe_missing: Callable[[PointBoard, str], str]
    text_rows: Callable[[PointBoard, Mark], list[str]]


def belagerung_missing(board: PointBoard, name: str) -> str:
    """Why ``name`` is not a point of a Belagerung board: a corner point, or no point at all.

    >>> import siege_nb as sn
    >>> belagerung_missing(BELAGERUNG.board(sn.rules("belagerung")), "a1")
    "'a1' is not a point of this Belagerung board: the 9 x 9 cross has no points in its four \
2 x 2 corners, except the horns (b9 and h9)"
    """
    horns = tr(" and ").join(
        board.names[p] for p in board.fortress_points if board.coords[p][0] in (2, 8)
    )
    if len(name) == 2 and name[0] in "abcdefghi" and name[1] in "123456789":
        return tr(
            "{name} is not a point of this Belagerung board: the 9 x 9 cross has no points in "
            "its four 2 x 2 corners, except the horns ({horns})",
            name=repr(name),
            horns=horns,
        )
    return tr(
        "{name} is not a point of the Belagerung board (files a-i, ranks 1-9)", name=shorten(name)
    )


def belagerung_rows(board: PointBoard, mark: Mark) -> list[str]:
    """The Belagerung board as text, rank 9 on top, files a-i underneath."""
    rows: list[str] = []
    for r in range(9, 0, -1):
        line = "".join(
            f" {mark(board.index[f'{c}{r}'])}" if f"{c}{r}" in board.index else "  "
            for c in "abcdefghi"
        )
        rows.append(f"{r} {line}")
    rows.append("   " + " ".join("abcdefghi"))
    return rows


def pyramid_missing(board: PointBoard, name: str) -> str:
    """Why ``name`` is not a point of the Pyramid Siege board (rows r0 to r7). Names are
    ASCII: ``r²c1`` is no point, however its digits look.

    >>> from siege_nb.boards import pyramid
    >>> pyramid_missing(pyramid.board(), "r2c5")
    "'r2c5' is not a point: row r2 has points c0 to c2"
    >>> pyramid_missing(pyramid.board(), "r²c5")  # doctest: +ELLIPSIS
    "'r²c5' is not a point of the Pyramid Siege board (rows r0 to r7; ..."
    """
    if name.startswith("r") and "c" in name[1:]:
        text_r, _, text_c = name[1:].partition("c")
        r, c = ascii_number(text_r, longest=3), ascii_number(text_c, longest=3)
        if r is not None and c is not None and r <= 7 and c > r:
            return tr(
                "{name} is not a point: row r{row} has points c0 to c{row}",
                name=repr(name),
                row=text_r,
            )
    return tr(
        "{name} is not a point of the Pyramid Siege board (rows r0 to r7; in row r the points "
        "are c0 to c<r>)",
        name=shorten(name),
    )


def pyramid_rows(board: PointBoard, mark: Mark) -> list[str]:
    """The pyramid as text, its apex r0 on top."""
    rows: list[str] = []
    for r in range(8):
        pts = " ".join(mark(board.index[f"r{r}c{c}"]) for c in range(r + 1))
        rows.append(f"r{r} " + " " * (7 - r) + pts)
    return rows


BELAGERUNG = HuntSpec(
    game="belagerung",
    board=lambda rules: belagerung_board.board(rules["horns"], rules["diagonals"]),
    first=0,
    direction_option="attacker_direction",
    attackers=50,
    defenders=3,
    defenders_win_below=17,
    rule_defenders_win="BL-5",
    rule_attackers_win="BL-6",
    rule_no_move="BL-9",
    frozen_in_fortress=False,
    escape_clause=False,
    describe_missing=belagerung_missing,
    text_rows=belagerung_rows,
)

PYRAMID = HuntSpec(
    game="pyramid-siege",
    board=lambda rules: pyramid_board.board(),
    first=1,
    direction_option="towards",
    attackers=27,
    defenders=3,
    defenders_win_below=6,
    rule_defenders_win="PS-8",
    rule_attackers_win="attackers-win",
    rule_no_move="PS-9",
    frozen_in_fortress=True,
    escape_clause=True,
    describe_missing=pyramid_missing,
    text_rows=pyramid_rows,
)

SPECS = {s.game: s for s in (BELAGERUNG, PYRAMID)}


class HuntState(NamedTuple):
    """A hunt-game position and what the rules need to go on from it; a tuple, so nothing
    changes it once it is made (its ``result`` is settled before).

    ``cells`` holds a piece code per point (0 empty, 1 attacker, 2 defender). ``huffable``
    lists the defenders that could capture before the last step (at their present points) and
    ``stepped`` the point the stepping defender went to: the rules (PS-10) choose among them;
    ``huffed`` is true once the attacker has removed one this turn; ``best`` is the most
    attackers the fortress has held so far; ``quiet`` counts plies since the last capture,
    huff or attacker step into the fortress (the move limit).

    >>> import siege_nb as sn
    >>> state = sn.new_game("pyramid-siege")._state
    >>> state.to_move, state.result, type(state.cells).__name__
    (1, None, 'tuple')
    """

    cells: tuple[int, ...]
    to_move: int
    huffable: tuple[int, ...] = ()
    huffed: bool = False
    quiet: int = 0
    best: int = 0
    plies: int = 0
    stepped: int = -1
    result: Result | None = None


_new_state = cast(Callable[[type[HuntState], tuple[Any, ...]], HuntState], tuple.__new__)


@dataclass(frozen=True)
class HuntQuestion:
    """A move text taken apart for the explain checks (see :meth:`HuntEngine.ask`).

    For ``huff <point>``, ``huff`` is the point (``""`` when none is given) and the rest stays
    empty. Otherwise ``text`` has no spaces, ``sep`` is ``"x"`` for a jump chain and ``"-"``
    for a step, and ``parts`` are the names between the separators; ``shaped`` says whether
    they make a move's shape. Only then are ``nodes`` filled (``-1`` for a name that is no
    point), and ``piece`` is the piece code on the first point when every name is a point.
    """

    text: str
    huff: str | None = None
    sep: str = "-"
    parts: tuple[str, ...] = ()
    shaped: bool = False
    nodes: tuple[int, ...] = ()
    piece: int = EMPTY

    @property
    def placed(self) -> bool:
        """True for a move's shape whose every name is a point of the board."""
        return bool(self.nodes) and min(self.nodes) >= 0

    @property
    def step(self) -> bool:
        """True for a step of a piece between two points of the board."""
        return self.sep == "-" and self.piece != EMPTY and self.placed

    @property
    def chain(self) -> bool:
        """True for a jump chain of a piece over points of the board."""
        return self.sep == "x" and self.piece != EMPTY and self.placed


def attacker_may(board: PointBoard, mode: str, start: int, end: int) -> bool:
    """Does the attackers' direction rule (BL-2 / PS-5 choice ``mode``) allow start -> end?

    It depends on the board alone, never on where the pieces stand, so the engine
    tabulates it once per board and mode.
    """
    if mode == "any":
        return True
    if mode in ("shortest-route", "distance"):
        if board.fortress[start]:
            return board.fortress[end]
        return board.distance[end] == board.distance[start] - 1
    if mode in ("never-away", "not-away"):
        return board.distance[end] <= board.distance[start]
    # no-horizontal: one rank up, straight or diagonal
    return board.coords[end][1] == board.coords[start][1] + 1


@dataclass(frozen=True)
class _Tables:
    """Per board and direction mode: lines, jumps and ready-made step and huff moves."""

    jumps: tuple[tuple[tuple[int, int], ...], ...]  # per point: (over, land) pairs
    steps: tuple[tuple[int, ...], ...]  # per point: neighbours
    all_steps: tuple[tuple[tuple[int, Move], ...], ...]  # per point: (end, Move)
    towards: tuple[tuple[tuple[int, Move], ...], ...]  # attacker steps the mode allows
    free: tuple[tuple[tuple[int, Move], ...], ...]  # attacker steps for the escape clause
    huffs: tuple[Move, ...]
    # Per point: (over, land, raw, Move) of each single jump from it, in the order of jumps:
    # most chains are one jump, and their Moves are made once here, not per position.
    first_jumps: tuple[tuple[tuple[int, int, tuple[Any, ...], Move], ...], ...]
    jump_moves: dict[tuple[Any, ...], Move]
    over: dict[tuple[int, int], int]  # (from, landing point) -> the point jumped over

    def single_jumps(self) -> dict[tuple[Any, ...], Move]:
        """The Moves of every single jump, by raw (kept in ``jump_moves`` for good)."""
        return {raw: move for row in self.first_jumps for _, _, raw, move in row}


@cache
def _tables(board: PointBoard, mode: str, frozen: bool) -> _Tables:
    names = board.names
    n = len(names)
    steps = tuple(tuple(s[p] for s in board.step if s[p] >= 0) for p in range(n))
    all_steps = tuple(
        tuple(
            (q, Move(names[p], names[q], (names[p], names[q]), (), "step", ("step", p, q)))
            for q in steps[p]
        )
        for p in range(n)
    )
    movable = [not (frozen and board.fortress[p]) for p in range(n)]
    jumps = tuple(
        tuple((s[p], s[s[p]]) for s in board.step if s[p] >= 0 and s[s[p]] >= 0) for p in range(n)
    )

    def single(p: int, over: int, land: int) -> tuple[int, int, tuple[Any, ...], Move]:
        raw = ("jump", p, (land,), (over,))
        move = Move(names[p], names[land], (names[p], names[land]), (names[over],), "jump", raw)
        return over, land, raw, move

    first_jumps = tuple(tuple(single(p, over, land) for over, land in jumps[p]) for p in range(n))
    tables = _Tables(
        jumps=jumps,
        steps=steps,
        all_steps=all_steps,
        towards=tuple(
            tuple(x for x in all_steps[p] if attacker_may(board, mode, p, x[0]))
            if movable[p]
            else ()
            for p in range(n)
        ),
        free=tuple(all_steps[p] if movable[p] else () for p in range(n)),
        huffs=tuple(Move(names[p], None, (names[p],), (), "huff", ("huff", p)) for p in range(n)),
        first_jumps=first_jumps,
        jump_moves={},
        over={(p, land): over for p in range(n) for over, land in jumps[p]},
    )
    tables.jump_moves.update(tables.single_jumps())
    return tables


class _ChainSearch:
    """The depth-first search of :meth:`HuntEngine._chains` below a first jump of the defender
    on ``start``: :meth:`below` appends to ``out`` every chain that goes on from that first
    jump, in the order and with the paths of the search from the start, as raw tuples or,
    given ``make``, as ``make(raw)``; one search, with one record of the outcomes met, per
    chain start. It raises :class:`_TooMany` once ``out`` holds more than ``cap``.

    An object rather than nested functions: a function that calls itself through its closure
    is a reference cycle, which only the garbage collector frees (with the board copy and
    the record it holds), and it had to run every few plies for them."""

    __slots__ = ("bits", "cap", "jumps", "make", "out", "seen", "start", "work")

    def __init__(
        self,
        jumps: tuple[tuple[tuple[int, int], ...], ...],
        bits: tuple[int, ...],
        cells: Sequence[int],
        start: int,
        out: list[Any],
        cap: float,
        make: Callable[[tuple[Any, ...]], Move] | None,
    ) -> None:
        self.jumps = jumps
        self.bits = bits  # one bit per point, above the low bits that hold a point
        self.work = list(cells)
        self.work[start] = EMPTY  # a chain may come back to its start point
        self.start = start
        self.out = out
        self.cap = cap
        self.make = make
        self.seen: set[int] = set()  # first jumps need no entry: their masks hold one bit only

    def below(self, over: int, land: int) -> None:
        """Every chain that goes on from the first jump ``over`` -> ``land``."""
        work = self.work
        work[over] = EMPTY
        self.extend(land, (land,), (over,), self.bits[over])
        work[over] = ATTACKER

    def extend(self, at: int, lands: tuple[int, ...], taken: tuple[int, ...], mask: int) -> None:
        """Every chain that goes on from ``at``, having landed on ``lands`` and taken ``taken``
        (``mask``: their bits)."""
        work, bits, seen, out, make = self.work, self.bits, self.seen, self.out, self.make
        for over, land in self.jumps[at]:
            if work[over] == ATTACKER and work[land] == EMPTY:
                now = mask | bits[over]
                key = now | land  # the low bits of a mask are free for the point
                if key in seen:
                    continue
                seen.add(key)
                work[over] = EMPTY
                chain = (*lands, land)
                caught = (*taken, over)
                raw = ("jump", self.start, chain, caught)
                out.append(raw if make is None else make(raw))
                if len(out) > self.cap:
                    raise _TooMany
                self.extend(land, chain, caught, now)
                work[over] = ATTACKER


class _LongestChain:
    """The depth-first search of :meth:`HuntEngine.longest_chain`: chain points visited
    within a budget, the longest path met kept (an object, not a closure that calls itself:
    see :class:`_ChainSearch`)."""

    __slots__ = ("best", "jumps", "left", "work")

    def __init__(
        self, jumps: tuple[tuple[tuple[int, int], ...], ...], cells: Sequence[int], budget: int
    ) -> None:
        self.jumps = jumps
        self.work = list(cells)
        self.best: list[int] = []
        self.left = budget

    def start(self, p: int) -> None:
        """Search the chains of the defender on ``p``."""
        self.work[p] = EMPTY  # a chain may come back to its start point
        self.dfs([p])
        self.work[p] = DEFENDER

    def dfs(self, path: list[int]) -> None:
        """Visit the chain point at the end of ``path`` and the chains going on from it."""
        work = self.work
        self.left -= 1
        if len(path) > len(self.best):
            self.best = list(path)
        for over, land in self.jumps[path[-1]]:
            if self.left <= 0:
                return
            if work[over] == ATTACKER and work[land] == EMPTY:
                work[over] = EMPTY
                path.append(land)
                self.dfs(path)
                path.pop()
                work[over] = ATTACKER


class HuntEngine(EngineBase[HuntState, HuntQuestion]):
    """One hunt game's rules under one :class:`RuleSet`; a subclass per game names its
    :class:`HuntSpec` (see :class:`BelagerungEngine`, :class:`PyramidEngine`).

    >>> import siege_nb as sn
    >>> engine = PyramidEngine(sn.rules("pyramid-siege"))
    >>> state = engine.initial_state({})
    >>> [m.text for m in engine.legal(state)][:2]
    ['r4c1-r4c2', 'r4c1-r5c2']
    """

    spec: ClassVar[HuntSpec]
    sides = SIDES
    CHECKS = (
        "game_over",
        # "huff <point>": the capture option, the side, once a turn, the point, the target
        "huff",
        "huff_turn",
        "huff_once",
        "huff_defender",
        "huff_target",
        # a step or a jump chain: the text, its points, the piece and whose it is
        "notation",
        "points",
        "piece",
        "turn",
        # a jump chain
        "jumper",
        "chain",
        # a step: the line, the landing point, then the rules that hold a piece back
        "line",
        "occupied",
        "must_capture",
        "fortress",
        "direction",
    )
    NODE_WORD = "point"

    board: PointBoard

    def __init__(self, rules: RuleSet, *, cache_size: int | None = None) -> None:
        super().__init__(rules, cache_size=cache_size)
        spec = self.spec
        self.board = spec.board(rules)
        self._mode = rules[spec.direction_option]
        self._capture = rules["capture"]
        # PS-10 (Pyramid Siege only): which defender a huff may take.
        self._huff_moved = rules.get("huff_target", "could-capture") == "moved"
        self._limit = rules["move_limit"]
        # The move limit as a number that quiet counts can always be compared with.
        self._quiet_cap: float = float("inf") if self._limit is None else self._limit
        self._huffing = self._capture == "huff"
        self._strict = self._capture == "strict"
        b = self.board
        points = b.fortress_points
        self._fortress_size = len(points)
        # What stands on the fortress points, read in one C call: the end-of-game check
        # counts the attackers there after every move.
        self._on_fortress: Callable[[Sequence[int]], tuple[int, ...]] = (
            itemgetter(*points) if len(points) > 1 else lambda cells: (cells[points[0]],)
        )
        self._fortress = b.fortress
        tables = _tables(b, self._mode, spec.frozen_in_fortress)
        self._jumps = tables.jumps
        self._steps = tables.steps
        self._all_steps = tables.all_steps
        self._towards = tables.towards
        self._free = tables.free
        self._huffs = tables.huffs
        self._defender_count = range(spec.defenders)
        self._moves = tables.jump_moves
        self._first_jumps = tables.first_jumps
        self._singles = tables.single_jumps()
        self._over = tables.over
        self._name = b.names.__getitem__
        # One bit per point, above the low 7 bits that hold a point (boards have < 128).
        self._bits = tuple(1 << (p + 7) for p in range(len(b.names)))

    def with_rules(self, rules: RuleSet, *, cache_size: int | None = None) -> HuntEngine:
        """The base's :meth:`~EngineBase.with_rules`, typed as a hunt engine (the base's return
        type, ``EngineBase``, would not satisfy :class:`~siege_nb.games.base.Engine`)."""
        return cast(HuntEngine, super().with_rules(rules, cache_size=cache_size))

    # -- set-up -------------------------------------------------------------------------------
    def initial_state(self, setup: Mapping[str, Any]) -> HuntState:
        """Validate a set-up (position or defender placement, side to move); the first state."""
        b = self.board
        spec = self.spec
        position = setup.get("position")
        defenders = setup.get("defenders")
        if position is None:
            names = self._defender_names(defenders)
            position = {b.names[p]: "attacker" for p in b.attacker_start}
            pairs = list(position.items()) + [(name, "defender") for name in names]
        else:
            if defenders is not None:
                raise BadArgument(
                    "defenders",
                    defenders,
                    "no defender placement with a position",
                    "give either a whole position or a defender placement, not both",
                )
            pairs = setup_pairs(position, len(b.names))
        cells = self.place_pieces(
            pairs,
            _piece_code,
            PIECES.__getitem__,
            {ATTACKER: spec.attackers, DEFENDER: spec.defenders},
        )
        to_move = check_side(setup.get("to_move"), SIDES, "to_move") or SIDES[spec.first]
        held = self._on_fortress(cells).count(ATTACKER)
        state, moves = self._settle(tuple(cells), SIDES.index(to_move), best=held)
        if moves is not None:
            self.remember(state, moves)
        return state

    def _defender_names(self, defenders: object) -> list[str]:
        """The points of a ``defenders`` placement (the standard ones for ``None``), checked:
        a list of fortress points."""
        b = self.board
        if defenders is None:
            return [b.names[p] for p in b.defender_start]
        example = ", ".join(repr(b.names[p]) for p in b.defender_start)
        if isinstance(defenders, str):
            raise BadArgument(
                "defenders",
                defenders,
                "a list of points",
                f"defenders is a list of points, e.g. [{example}], not one string",
            )
        if isinstance(defenders, (bytes, bytearray, Mapping)) or not isinstance(
            defenders, Iterable
        ):
            raise TypeError(
                f"defenders must be a list of points, e.g. [{example}], not "
                f"{type(defenders).__name__} ({shorten(defenders)})"
            )
        # More names than points is refused below as too many defenders; read no further.
        names = list(islice(defenders, len(b.names) + 1))
        for name in names:
            check_type(name, str, "defenders: a point name")
            if name not in b.index or not b.fortress[b.index[name]]:
                raise BadArgument(
                    "defenders",
                    name,
                    "fortress points",
                    f"the defenders start on fortress points; {shorten(name)} is not one "
                    f"(fortress: {', '.join(b.names[p] for p in b.fortress_points)})",
                )
        return names

    def missing(self, name: object) -> str:
        """Why ``name`` is not a point of this board, in words (the game's own wording)."""
        if not isinstance(name, str):
            return f"{shorten(name)} is not a point of this board"
        return self.spec.describe_missing(self.board, name)

    def setup_of(self, state: HuntState) -> dict[str, Any]:
        """The set-up that reproduces a state without a pending huff (records)."""
        return {"position": self.pieces(state), "to_move": SIDES[state.to_move]}

    def pieces(self, state: HuntState) -> dict[str, str]:
        """``{point: "attacker" | "defender"}``."""
        names = self.board.names
        return {names[i]: PIECES[c] for i, c in enumerate(state.cells) if c}

    # -- movement -----------------------------------------------------------------------------
    def _attacker_steps(self, cells: Sequence[int], towards: bool) -> list[Move]:
        table = self._towards if towards else self._free
        # The rows of the attackers' points only, picked in C (see _IS_ATTACKER), in point
        # order as before: empty points and defenders cost nothing here.
        return [
            move
            for row in compress(table, bytes(cells).translate(_IS_ATTACKER))
            for q, move in row
            if cells[q] == EMPTY
        ]

    def _has_jump(self, cells: Sequence[int], p: int) -> bool:
        for over, land in self._jumps[p]:
            if cells[over] == ATTACKER and cells[land] == EMPTY:
                return True
        return False

    def _defenders(self, cells: Sequence[int]) -> list[int]:
        """The defenders' points, in point order.

        Found by ``index`` from one to the next, in C: there are three defenders at most
        (the set), so this reads the board once without a Python loop over its points.
        """
        out: list[int] = []
        find = cells.index
        p = -1
        try:
            for _ in self._defender_count:
                p = find(DEFENDER, p + 1)
                out.append(p)
        except ValueError:  # fewer defenders than the set holds
            pass
        return out

    def _jumps_exist(self, cells: Sequence[int]) -> bool:
        """True if some defender can jump."""
        lines = self._jumps
        for p in self._defenders(cells):
            for over, land in lines[p]:
                if cells[over] == ATTACKER and cells[land] == EMPTY:
                    return True
        return False

    def _defender_steps(self, cells: Sequence[int]) -> list[Move]:
        """The defenders' steps (all their moves when none of them can jump)."""
        all_steps = self._all_steps
        return [
            move for p in self._defenders(cells) for q, move in all_steps[p] if cells[q] == EMPTY
        ]

    def _chains(
        self,
        cells: Sequence[int],
        start: int,
        out: list[Any] | None = None,
        cap: float = math.inf,
        moves: bool = False,
    ) -> list[Any]:
        """One jump move of the defender on ``start`` per distinct outcome: where it ends and
        which attackers it takes. The path kept is the first found, jumping in the board's
        line order; other paths to the same outcome are the same move (see :meth:`chain_move`).
        They are added to ``out`` (a new list if none) and it is returned; :class:`_TooMany`
        is raised, and the search abandoned, as soon as ``out`` holds more than ``cap``. Each
        outcome is its raw tuple ``("jump", start, landings, taken)``, or with ``moves`` its
        shared :class:`Move` (:meth:`_to_move`).

        What a chain can still do depends only on where it stands and what it has taken, so
        a (point, taken) pair met a second time, by another path, is not searched again:
        the search visits each outcome once instead of each path, and paths can be
        exponentially many more.
        """
        if out is None:
            out = []
        jumps = self._jumps
        search: _ChainSearch | None = None
        # The first jumps are read off the board as it stands (the start point is neither
        # jumped over nor landed on by a first jump), and the search proper, with its copy of
        # the board, starts only under a first jump that can go on: many chains are one jump,
        # and their raws and Moves are the tables' own.
        for over, land, raw, move in self._first_jumps[start]:
            if cells[over] != ATTACKER or cells[land] != EMPTY:
                continue
            out.append(move if moves else raw)
            if len(out) > cap:
                raise _TooMany
            for over2, land2 in jumps[land]:
                # The search's own test, on the board after this jump (start and over empty).
                if (
                    over2 != over
                    and cells[over2] == ATTACKER
                    and (cells[land2] == EMPTY or land2 in (start, over))
                ):
                    break
            else:
                continue
            if search is None:
                search = _ChainSearch(
                    jumps, self._bits, cells, start, out, cap, self._to_move if moves else None
                )
            # The collector is held off only here, where a search can make thousands of
            # tuples (see _GcPaused); a single jump makes none.
            with _GcPaused():
                search.below(over, land)
        return out

    def _walk(self, cells: Sequence[int], nodes: Sequence[int]) -> tuple[list[int], list[int]]:
        """The board after the jumps of a chain written as its points, and the points it
        takes; ``ValueError`` if a step of it is not a jump."""
        work = list(cells)
        work[nodes[0]] = EMPTY
        taken: list[int] = []
        over_of = self._over
        for at, land in pairwise(nodes):
            over = over_of.get((at, land), -1)
            if over < 0 or work[over] != ATTACKER or work[land] != EMPTY:
                raise ValueError(f"no jump from {self.board.names[at]} to {self.board.names[land]}")
            work[over] = EMPTY
            taken.append(over)
        return work, taken

    def chain_steps(self, state: HuntState, nodes: Sequence[int]) -> list[int]:
        """The points a jump chain can land on next, the chain so far given by its points
        (the defender's start point alone before its first jump): one decision of a chain,
        for a player or an agent that chooses a chain a jump at a time. Empty when the chain
        cannot go on, or when ``nodes`` is not a chain of the side to move.

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege", to_move="defender", position={
        ...     "r2c0": "defender", "r2c1": "attacker", "r3c1": "attacker",
        ...     "r3c2": "attacker", **{f"r7c{c}": "attacker" for c in range(5)}})
        >>> e, ix, names = g._engine, g.board.index, g.board.names
        >>> [names[p] for p in e.chain_steps(g._state, [ix["r2c0"]])]
        ['r2c2', 'r4c2']
        >>> [names[p] for p in e.chain_steps(g._state, [ix["r2c0"], ix["r2c2"]])]
        ['r4c2']
        """
        if not nodes or state.result is not None or state.to_move != 1:
            return []
        if state.cells[nodes[0]] != DEFENDER:
            return []
        try:
            work, _ = self._walk(state.cells, nodes)
        except ValueError:
            return []
        return [
            land
            for over, land in self._jumps[nodes[-1]]
            if work[over] == ATTACKER and work[land] == EMPTY
        ]

    def defender_steps(self, state: HuntState) -> list[Move]:
        """The defenders' plain steps that are legal in ``state``: none when it is not their
        turn, or when capturing is compulsory (``capture="strict"``) and a defender can jump.
        With :meth:`chain_steps`, what a player needs to choose a defender's move without
        listing every chain.

        >>> import siege_nb as sn
        >>> back_row = {f"r7c{c}": "attacker" for c in range(5)}
        >>> g = sn.new_game("pyramid-siege", to_move="defender", capture="strict",
        ...                 position={"r2c0": "defender", "r2c1": "attacker", **back_row})
        >>> g._engine.defender_steps(g._state)
        []
        >>> len(g.with_rules(capture="huff")._engine.defender_steps(g._state)) > 0
        True
        """
        if state.result is not None or state.to_move != 1:
            return []
        if self._strict and self._jumps_exist(state.cells):
            return []
        return self._defender_steps(state.cells)

    def longest_chain(self, state: HuntState, budget: int = 20_000) -> list[int]:
        """The points (start first) of the jump chain that takes the most attackers, among
        those a depth-first search meets within ``budget`` chain points (ties: the first met),
        so that it answers quickly where the chains run to millions; empty when no defender
        can jump. For a player that takes as much as it can without listing every chain.

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege", to_move="defender", position={
        ...     "r2c0": "defender", "r2c1": "attacker", "r3c1": "attacker",
        ...     "r3c2": "attacker", **{f"r7c{c}": "attacker" for c in range(5)}})
        >>> [g.board.names[p] for p in g._engine.longest_chain(g._state)]
        ['r2c0', 'r2c2', 'r4c2', 'r2c0']
        """
        if state.result is not None or state.to_move != 1:
            return []
        search = _LongestChain(self._jumps, state.cells, budget)
        for p in self._defenders(state.cells):
            search.start(p)
        return search.best if len(search.best) > 1 else []

    def chain_move(self, state: HuntState, nodes: Sequence[int]) -> Move | None:
        """The legal jump move that the chain through ``nodes`` (start point first, one jump
        at least) makes, or ``None``. Two paths that end on the same point having taken the
        same attackers are one move: the engine's own :class:`Move` if ``nodes`` is its path,
        otherwise an equivalent Move written along ``nodes`` (what the player did)."""
        if len(nodes) < 2 or state.result is not None or state.to_move != 1:
            return None
        if state.cells[nodes[0]] != DEFENDER:
            return None
        try:
            _, taken = self._walk(state.cells, nodes)
        except ValueError:
            return None
        # Every jump chain of the side to move is legal (no capture option forbids one), and
        # a Move compares by what it says, so no search through the legal moves is needed.
        return self._to_move(("jump", nodes[0], tuple(nodes[1:]), tuple(taken)), keep=False)

    def entry(self, state: HuntState, points: tuple[str, ...]) -> Entry:
        """What the points pointed at so far name (see :meth:`Game.entry`). On the defenders'
        turn the answer comes from the board, one jump at a time (:meth:`chain_steps`), never
        from the list of every chain; the attacker's moves are few and listed."""
        if state.to_move != 1:
            return super().entry(state, points)
        index, names = self.board.index, self.board.names
        start = index[points[0]]
        if state.cells[start] != DEFENDER:
            return Entry(points)
        steps = {m.end: m for m in self.defender_steps(state) if m.start == points[0]}
        nodes = [start]
        lands = self.chain_steps(state, nodes)
        if len(points) == 1:
            after = set(steps) | {names[p] for p in lands}
            return Entry(points, tuple(sorted(n for n in after if n is not None)))
        if len(points) == 2 and points[1] in steps:
            return Entry(points, (), (steps[points[1]],))
        for point in points[1:]:
            p = index[point]
            if p not in lands:
                # The attacker jumped over stands for the point where that jump lands.
                p = next((land for over, land in self._jumps[nodes[-1]] if over == p), -1)
                if p not in lands:
                    return Entry(points)
            nodes.append(p)
            lands = self.chain_steps(state, nodes)
        move = self.chain_move(state, nodes)
        return Entry(
            tuple(names[p] for p in nodes),
            tuple(sorted(names[p] for p in lands)),
            (move,) if move is not None else (),
        )

    def actions(self, state: HuntState) -> list[Move]:
        """The huffs legal in ``state``: the attacker's, read from his few moves; the
        defenders have none (their chains are not listed to find that out)."""
        if state.to_move == 1:
            return []
        return super().actions(state)

    def parse(self, state: HuntState, text: str) -> Move | None:
        """The legal move written ``text``, or ``None``. A jump chain may be written along
        any of its paths (see :meth:`chain_move`)."""
        if too_long(text):
            return None
        q = self.ask(state, text)
        if q.chain:
            return self.chain_move(state, q.nodes)
        if state.to_move == 1:
            # The defenders' turn: a step of theirs is looked up among their steps alone, and
            # anything else refused, since the legal moves would list every jump chain.
            if not q.step or q.piece != DEFENDER:
                return None
            raw = ("step", *q.nodes)
            return next((m for m in self.defender_steps(state) if m.raw == raw), None)
        if q.huff is not None:
            p = self.board.index.get(q.huff, -1)
            return next((m for m in self.legal(state) if m.raw == ("huff", p)), None)
        if q.step:
            start, end = q.nodes
            raw = ("step", start, end)
            return next((m for m in self.legal(state) if m.raw == raw), None)
        return None

    def find_move(self, state: HuntState, move: Move) -> Move | None:
        """The legal move equal to ``move``, found from its text (see :meth:`parse`): never
        by listing the defenders' jump chains."""
        known = self.known(state)
        if known is not None:
            for m in known:  # the usual case: a Move this engine listed for the state
                if m is move:
                    return m
        found = self.parse(state, move.text)
        return found if found is not None and (found == move or move.kind == "jump") else None

    def _defender_moves(self, cells: Sequence[int]) -> tuple[list[Move], list[Move]]:
        steps: list[Move] = []
        jumps: list[Move] = []
        all_steps, lines = self._all_steps, self._jumps
        for p in self._defenders(cells):
            steps += [move for q, move in all_steps[p] if cells[q] == EMPTY]
            # _has_jump, written out: this runs for every defender on every defender's turn.
            for over, land in lines[p]:
                if cells[over] == ATTACKER and cells[land] == EMPTY:
                    jumps += self._chains(cells, p, None, math.inf, True)
                    break
        return steps, jumps

    def _chain_moves(self, cells: Sequence[int], start: int, cap: float = math.inf) -> list[Move]:
        """The jump moves of the defender on ``start`` (see :meth:`_chains`, which raises
        :class:`_TooMany` past ``cap``), as the shared Moves."""
        return self._chains(cells, start, None, cap, moves=True)

    def legal_upto(self, state: HuntState, limit: int) -> list[Move] | None:
        """``state``'s legal moves if there are at most ``limit`` of them, else ``None``. The
        defenders' jump chains are searched only until more than ``limit`` moves are found,
        so the answer comes in time that grows with ``limit`` even where the chains run to
        millions; when the moves are listed they are those of :meth:`legal`, in its order.

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege")
        >>> len(g._engine.legal_upto(g._state, 10)), g._engine.legal_upto(g._state, 2)
        (6, None)
        """
        moves, complete = self._search_upto(state, limit, keep_first=False)
        return moves if complete else None

    def legal_head(self, state: HuntState, limit: int) -> tuple[list[Move], bool]:
        """Every legal move and ``True`` if there are at most ``limit``, else the first of
        :meth:`legal`'s moves (more than ``limit``) and ``False``, with the chain search
        stopped there (see :meth:`legal_upto`).

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege")
        >>> [(len(moves), complete) for moves, complete in
        ...  (g._engine.legal_head(g._state, 10), g._engine.legal_head(g._state, 2))]
        [(6, True), (3, False)]
        """
        return self._search_upto(state, limit, keep_first=True)

    def _search_upto(
        self, state: HuntState, limit: int, keep_first: bool
    ) -> tuple[list[Move], bool]:
        """:meth:`legal_head`, whose first moves are made only if ``keep_first`` (a caller
        that wants just the yes-or-no of :meth:`legal_upto` does not pay for them)."""
        cells = state.cells
        if (
            self.known(state) is not None
            or state.result is not None
            or state.to_move != 1
            or not self._jumps_exist(cells)
        ):
            return super().legal_head(state, limit)  # known, or no chains: listed at once
        steps = self.defender_steps(state)
        if len(steps) > limit:
            return steps[: limit + 1], False
        raws: list[tuple[Any, ...]] = []
        with _GcPaused():
            try:
                for p in self._defenders(cells):
                    if self._has_jump(cells, p):
                        self._chains(cells, p, raws, limit - len(steps))
            except _TooMany:
                # One-off Moves: a search abandoned midway should not crowd the shared table.
                first = [self._to_move(raw, keep=False) for raw in raws] if keep_first else []
                return steps + first, False
            moves = steps + [self._to_move(raw) for raw in raws]
        self.remember(state, moves)
        return moves, True

    def _moves_of(
        self,
        cells: Sequence[int],
        to_move: int,
        huffable: tuple[int, ...],
        huffed: bool,
        stepped: int,
    ) -> list[Move]:
        """The legal moves of a position whose game goes on, from its parts (so that they can
        be known before the state exists)."""
        if to_move == 1:
            steps, jumps = self._defender_moves(cells)
            if not jumps:
                return steps
            if self._strict:
                return jumps
            return steps + jumps
        moves = self._attacker_steps(cells, towards=True)
        if not moves and self.spec.escape_clause:
            moves = self._attacker_steps(cells, towards=False)
        if huffable and not huffed:  # rare: skip the call on most turns
            moves.extend(self._huffs[p] for p in self._huff_points(huffable, huffed, stepped))
        return moves

    def generate(self, state: HuntState) -> list[Move]:
        """Every legal move of a state whose game goes on (not cached; see :meth:`legal`)."""
        cells, to_move, huffable, huffed, _, _, _, stepped, _ = state
        return self._moves_of(cells, to_move, huffable, huffed, stepped)

    def huff_points(self, state: HuntState) -> tuple[int, ...]:
        """The defenders the attacker may huff now (PS-10 decides which in Pyramid Siege)."""
        return self._huff_points(state.huffable, state.huffed, state.stepped)

    def _huff_points(
        self, huffable: tuple[int, ...], huffed: bool, stepped: int
    ) -> tuple[int, ...]:
        if not huffable or huffed:
            return ()
        return (stepped,) if self._huff_moved else huffable

    def _to_move(self, raw: tuple[Any, ...], keep: bool = True) -> Move:
        """The shared Move of a jump chain (steps and huffs come ready-made from the tables);
        ``keep=False`` for a one-off Move that should not fill the shared table."""
        move = self._moves.get(raw)
        if move is not None:
            return move
        name = self._name
        _, start, lands, taken = raw
        move = Move(
            name(start), name(lands[-1]), (name(start), *map(name, lands)),
            tuple(map(name, taken)), "jump", raw
        )  # fmt: skip
        if keep:
            if len(self._moves) >= JUMP_MOVES_KEPT:
                # Start afresh rather than stop keeping: the chains of the positions now
                # being played are the ones worth keeping. The single jumps stay, so that
                # a jump's Move is always the table's (see _chains).
                self._moves.clear()
                self._moves.update(self._singles)
            self._moves[raw] = move
        return move

    def candidates(self, state: HuntState, node: str) -> list[Move]:
        """Moves the piece on ``node`` could make along the lines, before the direction rule,
        the fortress rule and strict capture (empty for an empty node)."""
        return self._candidates(state, node, whole_chains=True)

    def candidates_upto(self, state: HuntState, node: str, limit: int) -> list[Move] | None:
        """:meth:`candidates` if there are at most ``limit`` of them, else ``None``; the
        chain search stops once it has found more than ``limit`` (see :meth:`legal_upto`)."""
        try:
            return self._candidates(state, node, whole_chains=True, cap=limit)
        except _TooMany:
            return None

    def first_steps(self, state: HuntState, node: str) -> list[Move]:
        """:meth:`candidates` with each chain given by its first jump (every first jump is a
        move of its own, and its Move is the one :meth:`legal` lists)."""
        return self._candidates(state, node, whole_chains=False)

    def _candidates(
        self, state: HuntState, node: str, whole_chains: bool, cap: float = math.inf
    ) -> list[Move]:
        check_type(node, str, "node")
        p = self.board.index.get(node, -1)
        if p < 0 or not state.cells[p]:
            return []
        cells = state.cells
        out = [move for q, move in self._all_steps[p] if cells[q] == EMPTY]
        if cells[p] != DEFENDER:
            return out
        if whole_chains:
            if len(out) > cap:
                raise _TooMany
            return out + self._chain_moves(cells, p, cap - len(out))
        return out + [
            move
            for over, land, _, move in self._first_jumps[p]
            if cells[over] == ATTACKER and cells[land] == EMPTY
        ]

    # -- playing ------------------------------------------------------------------------------
    def apply(self, state: HuntState, move: Move) -> HuntState:
        """The state after a legal ``move`` (checked by :class:`Game`, not here); ``state``
        stays as it was."""
        raw = move.raw
        cells = list(state.cells)
        # A state whose game goes on passed every end-of-game check when it was made (its
        # result is settled then), so only what the move changes needs counting again:
        # ``live`` lets _decided skip the counts this move cannot have changed.
        live = state.result is None
        kind = raw[0]
        if kind == "step":  # the usual move first
            _, start, end = raw
            to_move = state.to_move
            huffable: tuple[int, ...] = ()
            if to_move == 1 and self._huffing:
                old = state.cells
                could = [p for p in self._defenders(old) if self._has_jump(old, p)]
                huffable = tuple(sorted(end if p == start else p for p in could))
            cells[end] = cells[start]
            cells[start] = EMPTY
            # Progress for the move limit: more attackers in the fortress than ever before in
            # this game (stepping out and back in again is no progress).
            best, quiet = state.best, state.quiet + 1
            fortress = self._fortress
            # A step takes nothing, and only an attacker stepping into the fortress from
            # outside can fill it (0: known to be short of all its points; see _decided).
            held: int | None = 0 if live else None
            if to_move == 0 and fortress[end] and not fortress[start]:
                held = self._on_fortress(cells).count(ATTACKER)
                if held > best:
                    best, quiet = held, 0
            new, moves = self._settle(
                tuple(cells),
                1 - to_move,
                huffable,
                False,
                quiet,
                best,
                state.plies + 1,
                end if huffable else -1,
                held,
                not live,
                not live,
            )
        elif kind == "huff":
            cells[raw[1]] = EMPTY
            # A huff removes a defender: the attackers, in and out of the fortress, stay.
            new, moves = self._settle(
                tuple(cells), state.to_move, (), True, 0, state.best, state.plies, -1,
                0 if live else None, not live, True,
            )  # fmt: skip
        else:
            _, start, lands, taken = raw
            cells[start] = EMPTY
            for p in taken:
                cells[p] = EMPTY
            cells[lands[-1]] = DEFENDER
            # A jump only takes attackers: the fortress holds no more than before, and the
            # defender stays on the board.
            new, moves = self._settle(
                tuple(cells), 0, (), False, 0, state.best, state.plies + 1, -1,
                0 if live else None, True, not live,
            )  # fmt: skip
        if moves is not None:
            self.remember(new, moves)
        return new

    def _settle(
        self,
        cells: tuple[int, ...],
        to_move: int,
        huffable: tuple[int, ...] = (),
        huffed: bool = False,
        quiet: int = 0,
        best: int = 0,
        plies: int = 0,
        stepped: int = -1,
        held: int | None = None,
        few: bool = True,
        gone: bool = True,
    ) -> tuple[HuntState, list[Move] | None]:
        """The state with these parts, its result settled first by the end-of-game checks in
        the rules' order, and its legal moves (computed for the last check; empty once the
        game is over). When a defender can jump, the defenders are not stuck and their moves
        are left to :meth:`legal` (``None``): the chains can be very many, and a caller that
        decides one jump at a time never needs them all. ``held``, ``few`` and ``gone`` go
        to :meth:`_decided` (passed by position by :meth:`apply`: keywords cost more per
        call)."""
        moves: list[Move] | None = []
        if held == 0 and not few and not gone and quiet < self._quiet_cap:
            result = None  # what _decided would say, with nothing to count (a plain step)
        else:
            result = self._decided(cells, quiet, held, few, gone)
        if result is None:
            if to_move == 1:
                if self._jumps_exist(cells):
                    return _new_state(
                        HuntState,
                        (cells, to_move, huffable, huffed, quiet, best, plies, stepped, None),
                    ), None
                # No defender can jump, so their steps are all their moves (_moves_of would
                # look for jumps again).
                moves = self._defender_steps(cells)
            else:
                moves = self._moves_of(cells, to_move, huffable, huffed, stepped)
            if not moves:
                result = self._stuck(to_move)
        # tuple.__new__ directly: the NamedTuple's own __new__ is one more Python call per ply.
        state = _new_state(
            HuntState, (cells, to_move, huffable, huffed, quiet, best, plies, stepped, result)
        )
        return state, moves

    def _decided(
        self,
        cells: tuple[int, ...],
        quiet: int,
        held: int | None = None,
        few: bool = True,
        gone: bool = True,
    ) -> Result | None:
        """The end-of-game checks that need no move generation, in the rules' order.

        A caller that knows what the last move changed may spare the counts it did not:
        ``held`` is the number of attackers on the fortress if known (``0`` will do when the
        fortress is known not to be full), ``few=False`` says the attackers are known to be
        as many as the last position's, which passed, and ``gone=False`` the same of the
        defenders. The results are the same; only the whole-board counts are saved.
        """
        spec = self.spec
        if held is None:
            held = self._on_fortress(cells).count(ATTACKER)
        if held == self._fortress_size:
            return Result(
                "attackers",
                tr(
                    "{rule}: the attackers hold all {n} fortress points",
                    rule=self._head(spec.rule_attackers_win),
                    n=held,
                ),
                spec.rule_attackers_win,
            )
        if few:
            attackers = cells.count(ATTACKER)
            if attackers < spec.defenders_win_below:
                return Result(
                    "defenders",
                    ngettext(
                        "{rule}: only {n} attacker left",
                        "{rule}: only {n} attackers left",
                        attackers,
                        rule=self._head(spec.rule_defenders_win),
                    ),
                    spec.rule_defenders_win,
                )
        if gone and DEFENDER not in cells:
            basis = clause_basis(spec.game, spec.rule_attackers_win, "no defender is left")
            return Result(
                "attackers",
                tr(
                    "{rule}: no defender is left ({source})",
                    rule=self._head(spec.rule_attackers_win),
                    source=basis.words(brief=True),
                ),
                spec.rule_attackers_win,
            )
        if quiet >= self._quiet_cap:
            basis = self.rules.choice("move_limit").attribution
            return Result(
                None,
                tr(
                    "Move limit: {n} moves without a capture, a huff or more attackers in the "
                    "fortress than ever before (a project rule, not historical: {source})",
                    n=self._limit,
                    source=basis.words(brief=True),
                ),
                "move_limit",
            )
        return None

    def _head(self, rule: str) -> str:
        """A rule's name in words, for a result (in the language in force when it is said)."""
        return rule_heading(self.spec.game, rule)

    def _stuck(self, to_move: int) -> Result:
        """The result when the side to move has no legal move."""
        spec = self.spec
        if to_move == 1:
            basis = clause_basis(spec.game, spec.rule_attackers_win, "no legal move")
            return Result(
                "attackers",
                tr(
                    "{rule}: the defenders have no legal move ({source})",
                    rule=self._head(spec.rule_attackers_win),
                    source=basis.words(brief=True),
                ),
                spec.rule_attackers_win,
            )
        basis = clause_basis(spec.game, spec.rule_no_move, "no legal move")
        return Result(
            "defenders",
            tr(
                "{rule}: the attacker has no legal move ({source})",
                rule=self._head(spec.rule_no_move),
                source=basis.words(brief=True),
            ),
            spec.rule_no_move,
        )

    # -- explaining -----------------------------------------------------------------------------
    def ask(self, state: HuntState, text: str) -> HuntQuestion:
        """``text`` taken apart for the checks: a huff and its point, or a step or jump
        chain's points (spaces are forgiven). Nothing is judged here.

        >>> import siege_nb as sn
        >>> engine = sn.new_game("pyramid-siege")._engine
        >>> q = engine.ask(engine.initial_state({}), "r4c1 x r2c1xr2c2")
        >>> q.sep, q.parts, q.placed
        ('x', ('r4c1', 'r2c1', 'r2c2'), True)
        """
        text = " ".join(text.split())
        if text.startswith("huff"):
            return HuntQuestion(text, huff=text[4:].strip())
        text = text.replace(" ", "")
        sep = "x" if "x" in text else "-"
        parts = tuple(text.split(sep))
        shaped = len(parts) >= 2 and (sep == "x" or len(parts) == 2) and all(parts)
        if not shaped:
            return HuntQuestion(text, sep=sep, parts=parts)
        index = self.board.index
        nodes = tuple(index.get(p, -1) for p in parts)
        piece = state.cells[nodes[0]] if min(nodes) >= 0 else EMPTY
        return HuntQuestion(text, None, sep, parts, True, nodes, piece)

    def legal_reason(self, state: HuntState, move: Move) -> str:
        """Why a legal move is legal, in words."""
        if move.kind == "huff":
            text = (
                tr(
                    "The attacker removes the defender on {point}, which stepped while a "
                    "capture was available ({rule}).",
                    point=move.start,
                    rule=self.rules.citation("capture"),
                )
                if self._huff_moved
                else tr(
                    "The attacker removes the defender on {point}, which could have captured "
                    "and did not ({rule}).",
                    point=move.start,
                    rule=self.rules.citation("capture"),
                )
            )
            # Which defender may be huffed is PS-10's reading where the game has it.
            if "huff_target" in self.rules:
                text = tr(
                    "{text} Rule in force: {rule}.",
                    text=text,
                    rule=self.rules.citation("huff_target"),
                )
            return text
        index = self.board.index
        path = [index[str(p)] for p in move.path]
        if move.kind == "jump":
            n = len(move.captures)
            taken = [index[str(p)] for p in move.captures]
            more = bool(self.chain_steps(state, path))
            return ngettext(
                "The defender jumps {n} attacker ({points}).",
                "The defender jumps {n} attackers ({points}).",
                n,
                points=", ".join(move.captures),
            ) + chain_words(self.game, self.board.coords, path, taken, more)
        text = tr(
            "The piece steps from {start} to {end} along a line.", start=move.start, end=move.end
        )
        if state.cells[path[0]] == ATTACKER:
            escaped = not attacker_may(self.board, self._mode, path[0], path[-1])
            text += step_words(self.game, self.rules, self.spec.direction_option, escaped)
        elif self._jumps_exist(state.cells):
            # A step that passes up a capture is legal only by the capture rule in force.
            text += " " + tr(
                "A capture was available; rule in force: {rule}.",
                rule=self.rules.citation("capture"),
            )
        return text

    # Huffs. Each check passes what is not a huff, or not its business.
    def check_huff(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Huffing exists only when the capture option is ``"huff"``."""
        if q.huff is None or self._capture == "huff":
            return None
        opt = self.rules.option("capture")
        huffing = format_choice("huff", opt.choice("huff").title)
        return (
            tr(
                "Huffing exists only when capture is {choice} ({rule}).",
                choice=huffing,
                rule=self.rules.citation("capture"),
            ),
            opt.id,
        )

    def check_huff_turn(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Only the attacker huffs, on his own turn."""
        if q.huff is None or state.to_move == 0:
            return None
        return tr("Only the attacker huffs, before his own move."), "huffing"

    def check_huff_once(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """One huff a turn at most."""
        if q.huff is None or not state.huffed:
            return None
        basis = clause_basis(self.game, "huffing", "one huff").words(brief=True)
        return (
            tr(
                "The attacker has already huffed this turn (at most one huff a turn: {source}).",
                source=basis,
            ),
            "huffing",
        )

    def check_huff_defender(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """A huff names a point with a defender on it."""
        if q.huff is None:
            return None
        p = self.board.index.get(q.huff, -1)
        if p >= 0 and state.cells[p] == DEFENDER:
            return None
        # A name that is no point is quoted and cut short (the text may be long).
        where = q.huff if p >= 0 else shorten(q.huff) if q.huff else tr("(no point given)")
        return tr("There is no defender on {point}.", point=where), "notation"

    def check_huff_target(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Only a defender that failed to capture may be huffed (PS-10 says which one in
        Pyramid Siege); refused unless the attacker may huff the named defender now."""
        p = self.board.index.get(q.huff, -1) if q.huff is not None else -1
        if p < 0 or state.cells[p] != DEFENDER or p in self.huff_points(state):
            return None
        # PS-10 decides only where the other reading of it would allow this huff.
        other_allows = (
            (p in state.huffable)
            if self._huff_moved
            else (bool(state.huffable) and p == state.stepped)
        )
        # Which defenders are eligible is the project's reading ("huffing"), except where
        # the other reading of PS-10 would allow this one.
        rule = "huffing"
        if other_allows and "huff_target" in self.rules:
            rule = self.rules.option("huff_target").id
        text = (
            tr(
                "The defender on {point} may not be huffed: huffing follows only a defender's "
                "move that was not a capture, made while a capture was available, and takes "
                "only the defender that moved.",
                point=q.huff,
            )
            if self._huff_moved
            else tr(
                "The defender on {point} may not be huffed: huffing follows only a defender's "
                "move that was not a capture, made while a capture was available, and takes "
                "only a defender that had a capture available before it.",
                point=q.huff,
            )
        )
        if "huff_target" in self.rules:
            text = tr(
                "{text} Rule in force: {rule}.", text=text, rule=self.rules.citation("huff_target")
            )
        return text, rule

    # Steps and jump chains: the text, then the pieces.
    def check_notation(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """A move is a step ``c6-c7`` or a jump chain ``c7xc5xe5``."""
        if q.huff is not None or q.shaped:
            return None
        return (
            tr(
                "{text} is not a move; write a step c6-c7, a jump chain c7xc5xe5 or huff c7.",
                text=shorten(q.text),
            ),
            "notation",
        )

    def check_points(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Every name in a move is a point of this board."""
        if not q.shaped:
            return None
        for name, p in zip(q.parts, q.nodes, strict=True):
            if p < 0:
                return self.missing(name) + ".", "notation"
        return None

    def check_piece(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """A move starts from a piece."""
        if q.placed and q.piece == EMPTY:
            return tr("There is no piece on {point}.", point=q.parts[0]), "notation"
        return None

    def check_turn(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """The piece belongs to the side to move."""
        if not q.piece or q.piece - 1 == state.to_move:
            return None
        said = (
            tr(
                "It is the defender's turn, and the piece on {point} is an attacker.",
                point=q.parts[0],
            )
            if q.piece == ATTACKER
            else tr(
                "It is the attacker's turn, and the piece on {point} is a defender.",
                point=q.parts[0],
            )
        )
        return said, "turn-order"

    def check_jumper(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Only defenders jump."""
        if q.chain and q.piece == ATTACKER:
            return tr("Attackers never jump; only defenders capture."), "movement"
        return None

    def check_chain(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Each jump of a chain, in turn: two points along one line, over an attacker not
        jumped before in this move, onto an empty point."""
        if not (q.chain and q.piece == DEFENDER):
            return None
        names = self.board.names
        work = list(state.cells)
        work[q.nodes[0]] = EMPTY  # a chain may come back to its start point
        for at, land in pairwise(q.nodes):
            over = next((o for o, t in self._jumps[at] if t == land), -1)
            if over < 0:
                return (
                    tr(
                        "{land} is not two steps from {at} along one straight line, so no jump "
                        "leads there.",
                        land=names[land],
                        at=names[at],
                    ),
                    "movement",
                )
            if work[over] != ATTACKER:
                chains = fixed_rule_id(self.game, "Jump chains")
                if work[over] == DEFENDER:
                    said = tr(
                        "The point jumped over, {point}, is a defender: only attackers can be "
                        "jumped.",
                        point=names[over],
                    )
                elif state.cells[over] == EMPTY:
                    said = tr("The point jumped over, {point}, is empty.", point=names[over])
                else:
                    said = tr(
                        "The point jumped over, {point}, is an attacker already jumped in this "
                        "move, which left the board at once ({source}).",
                        point=names[over],
                        source=clause_basis(self.game, chains, "removed at once").words(brief=True),
                    )
                return said, "movement"
            if work[land] != EMPTY:
                return tr("The landing point {point} is occupied.", point=names[land]), "movement"
            work[over] = EMPTY
        return None

    def check_line(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """A piece steps to a neighbouring point along a line."""
        if not q.step or q.nodes[1] in self._steps[q.nodes[0]]:
            return None
        return (
            tr(
                "{start} and {end} are not joined by a line; a piece steps to a neighbouring "
                "point along a line.",
                start=q.parts[0],
                end=q.parts[1],
            ),
            "movement",
        )

    def check_occupied(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """A piece steps onto an empty point."""
        if q.step and state.cells[q.nodes[1]]:
            return tr("{point} is occupied.", point=q.parts[1]), "movement"
        return None

    def check_must_capture(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """Under strict capture a defender may not step while a capture is available."""
        if not (q.step and q.piece == DEFENDER and self._capture == "strict"):
            return None
        if not self._jumps_exist(state.cells):
            return None
        return (
            tr(
                "A capture is available, so the defender must capture ({rule}).",
                rule=self.rules.citation("capture"),
            ),
            self.rules.option("capture").id,
        )

    def check_fortress(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """An attacker in the fortress stays there for good (where the game says so)."""
        if not (q.step and q.piece == ATTACKER and self.spec.frozen_in_fortress):
            return None
        start = q.nodes[0]
        if not self.board.fortress[start]:
            return None
        return (
            tr(
                "The attacker on {point} stands in the fortress, where it stays for good.",
                point=q.parts[0],
            ),
            "fortress",
        )

    def check_direction(self, state: HuntState, q: HuntQuestion) -> Refused | None:
        """An attacker steps only as the direction option allows."""
        if not (q.step and q.piece == ATTACKER):
            return None
        b = self.board
        start, end = q.nodes[0], q.nodes[1]
        if attacker_may(b, self._mode, start, end):
            return None
        names = b.names
        opt = self.rules.option(self.spec.direction_option)
        d0, d1 = b.distance[start], b.distance[end]
        where = (
            tr(
                "{start} is {d0} line(s) from the fortress and {end} is {d1}",
                start=names[start],
                d0=d0,
                end=names[end],
                d1=d1,
            )
            if d0 or d1
            else tr(
                "{start} and {end} are both in the fortress", start=names[start], end=names[end]
            )
        )
        if self._mode == "no-horizontal":
            where = tr("the step does not go up one rank")
        elif b.fortress[start] and not b.fortress[end]:
            where = tr("the step would leave the fortress")
        reason = tr(
            "The step does not lead towards the fortress: {why}. Rule in force: {rule}.",
            why=where,
            rule=self.rules.citation(opt.name),
        )
        if self.spec.escape_clause:
            escape = fixed_rule_id(self.game, "Escape clause")
            judged = clause_basis(self.game, escape, "together").words(brief=True)
            reason += " " + tr(
                "The escape clause ({rule}) frees the attackers only when none of them can step "
                "towards the fortress (judged over all the attackers together: {source}).",
                rule=escape,
                source=judged,
            )
        return reason, opt.id

    # -- text board ---------------------------------------------------------------------------
    def text(self, state: HuntState) -> str:
        """A plain-text board: ``x`` attacker, ``O`` defender, ``+`` empty fortress point."""
        b = self.board
        cells = state.cells

        def mark(p: int) -> str:
            return ("x", "O")[cells[p] - 1] if cells[p] else ("+" if b.fortress[p] else ".")

        rows = self.spec.text_rows(b, mark)
        if state.result is not None:
            rows.append(tr("result: {result}", result=state.result))
        else:
            side = side_words(SIDES[state.to_move])
            points = self.huff_points(state)
            rows.append(
                tr(
                    "to move: {side} (may huff {points})",
                    side=side,
                    points=", ".join(b.names[p] for p in points),
                )
                if points
                else tr("to move: {side}", side=side)
            )
        rows.append(
            tr(
                "x attacker ({attackers}), O defender ({defenders}), + empty fortress point, "
                ". empty point",
                attackers=cells.count(ATTACKER),
                defenders=cells.count(DEFENDER),
            )
        )
        return "\n".join(rows)


def _piece_code(piece: object) -> int:
    """The code of a piece named in a set-up (``ValueError`` for anything else)."""
    text: str = check_type(piece, str, "piece")
    word = text.strip().lower()
    if word not in ("attacker", "defender"):
        raise BadArgument(
            "piece",
            piece,
            "'attacker' or 'defender'",
            f"{shorten(piece)} is not a piece; the pieces are 'attacker' and 'defender'",
        )
    return PIECES.index(word)


class BelagerungEngine(HuntEngine):
    """The Belagerung engine (see :data:`BELAGERUNG`)."""

    spec = BELAGERUNG
    game = BELAGERUNG.game


class PyramidEngine(HuntEngine):
    """The Pyramid Siege engine (see :data:`PYRAMID`)."""

    spec = PYRAMID
    game = PYRAMID.game


ENGINES: dict[str, type[HuntEngine]] = {e.game: e for e in (BelagerungEngine, PyramidEngine)}
"""The hunt engines by game name."""


class HuntGame(Game):
    """A Belagerung or Pyramid Siege game: a :class:`~siege_nb.games.base.Game` that also
    knows which defenders may be huffed.

    >>> import siege_nb as sn
    >>> g = sn.new_game("pyramid-siege")
    >>> g.to_move, len(g.legal_moves()), g.huffable
    ('defender', 6, ())
    """

    def status(self) -> Status:
        """Whose turn, and which defenders the attacker may huff now."""
        return Status(self.to_move, huffable=self.huffable)

    @property
    def huffable(self) -> tuple[str, ...]:
        """Points of the defenders the attacker may remove now, sorted by name (empty once he
        has huffed)."""
        state = self._state
        if state.huffed or state.result is not None:
            return ()
        engine = cast(HuntEngine, self._engine)
        points = engine.huff_points(state)
        return tuple(sorted(engine.board.names[p] for p in points))

    def chain_steps(self, path: str) -> list[str]:
        """Where a jump chain can land next: ``path`` is the chain so far, its defender's
        point alone (``"r2c0"``) or with the landings made (``"r2c0xr2c2"``). A chain may stop
        after any jump, so every chain of one jump or more is a move to :meth:`play` as it
        is written; this answers one jump at a time, as a player decides, without listing
        every chain. Empty when the chain cannot go on, or when ``path`` starts on no
        defender of the side to move; ``ValueError`` for names that are no points or jumps
        that the rules refuse (the reason is the one :meth:`why` gives).

        >>> import siege_nb as sn
        >>> g = sn.new_game("pyramid-siege", to_move="defender", position={
        ...     "r2c0": "defender", "r2c1": "attacker", "r3c1": "attacker",
        ...     "r3c2": "attacker", **{f"r7c{c}": "attacker" for c in range(5)}})
        >>> g.chain_steps("r2c0"), g.chain_steps("r2c0xr2c2"), g.chain_steps("r2c0xr2c2xr4c2")
        (['r2c2', 'r4c2'], ['r4c2'], ['r2c0'])

        The chains around the triangle, one way or the other, take the same three attackers
        and end where they began: one move, listed once, that may be played either way.

        >>> [str(m) for m in g.legal_moves() if len(m.captures) == 3]
        ['r2c0xr2c2xr4c2xr2c0']
        >>> str(g.play("r2c0xr4c2xr2c2xr2c0"))
        'r2c0xr4c2xr2c2xr2c0'
        """
        if not isinstance(path, str):
            raise TypeError(
                f"path is text such as 'c7' or 'c7xc5', not {type(path).__name__} ({shorten(path)})"
            )
        if too_long(path):
            raise BadArgument("path", path, "a jump chain", move_text_too_long(path))
        engine = cast(HuntEngine, self._engine)
        parts = "".join(path.split()).split("x")
        index = engine.board.index
        for name in parts:
            if name not in index:
                raise unknown("path", name, ["points of this board"], engine.missing(name))
        nodes = [index[name] for name in parts]
        if len(nodes) > 1 and engine.chain_move(self._state, nodes) is None:
            verdict = self.why(path)
            raise BadArgument(
                "path",
                path,
                "a jump chain of the side to move",
                f"{shorten(path)} is not a jump chain here: {verdict.reason}",
            )
        names = engine.board.names
        return [names[p] for p in engine.chain_steps(self._state, nodes)]

    @property
    def huffed(self) -> bool:
        """True once the attacker has huffed this turn."""
        return bool(self._state.huffed)
