"""Siege of Paris: move generation, capture and protection, special actions and end of game.

The engine works on frozen states whose ``cells`` are a tuple of piece codes indexed by node
number (see :mod:`siege_nb.boards.paris`), on the shared plumbing of
:class:`~siege_nb.games.engine.EngineBase`. It follows the rule data of
:mod:`siege_nb.rules.siege_of_paris` and the settled points of docs/precise-readings.md.
Nothing here imports matplotlib or ipywidgets.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from siege_nb.boards.paris import (
    DIRECTIONS,
    FILES,
    RANKS,
    ParisBoard,
    board,
    describe_missing_node,
)
from siege_nb.errors import check_type, shorten
from siege_nb.games.base import Game, Move, MoveKind, Result, Status, side_words
from siege_nb.games.engine import EngineBase, Refused, check_side, setup_pairs
from siege_nb.i18n import N_, ngettext, tr
from siege_nb.rules import RuleSet, clause_basis, rule_heading
from siege_nb.rules.checks import BadArgument, ascii_number

__all__ = ["ParisEngine", "ParisGame", "ParisQuestion", "ParisState", "piece_code", "piece_name"]

GARRISON, WHITE, BLACK = 0, 1, 2
SIDES = ("garrison", "white", "black")
# The sides as a sentence names them, and the pieces (marked for the catalogue, translated
# where they are said: piece_words).
_THE = (N_("the garrison"), N_("White"), N_("Black"))
_PIECE_WORDS = (
    N_("garrison general"), N_("garrison colonel"), N_("garrison soldier"),
    N_("white general"), N_("white colonel"), N_("white captain"), N_("white lieutenant"),
    N_("white soldier"), N_("black general"), N_("black colonel"), N_("black captain"),
    N_("black lieutenant"), N_("black soldier"),
)  # fmt: skip
GENERAL, COLONEL, CAPTAIN, LIEUTENANT, SOLDIER = 1, 2, 3, 4, 5
RANK_NAMES = ("", "general", "colonel", "captain", "lieutenant", "soldier")
# How many pieces of each rank one side's set holds (the rule 'set-up').
SET_COUNTS = {
    GARRISON: {GENERAL: 1, COLONEL: 1, SOLDIER: 6},
    WHITE: {GENERAL: 1, COLONEL: 1, CAPTAIN: 2, LIEUTENANT: 2, SOLDIER: 12},
    BLACK: {GENERAL: 1, COLONEL: 1, CAPTAIN: 2, LIEUTENANT: 2, SOLDIER: 12},
}
# Direction numbers of siege_nb.boards.paris.DIRECTIONS.
N, NE, E, SE, S, SW, W, NW = range(8)
ORTHOGONAL = (N, E, S, W)
DIAGONAL = (NE, SE, SW, NW)
# Per army: forward, forward diagonals, sideways, backward diagonals.
FORWARD = {WHITE: N, BLACK: S}
FORWARD_DIAGONALS = {WHITE: (NE, NW), BLACK: (SE, SW)}
BACKWARD_DIAGONALS = {WHITE: (SE, SW), BLACK: (NE, NW)}
BEHIND = {WHITE: (S, SE, SW), BLACK: (N, NE, NW)}
SIDEWAYS = (E, W)

# The default start position, a reconstruction (White at the south end).
_WHITE_BACK = {
    "b1": "colonel",
    "d1": "captain",
    "f1": "lieutenant",
    "h1": "lieutenant",
    "j1": "captain",
    "l1": "general",
}
_BLACK_BACK = {
    "l16": "colonel",
    "j16": "captain",
    "h16": "lieutenant",
    "f16": "lieutenant",
    "d16": "captain",
    "b16": "general",
}
_WHITE_SOLDIERS = ["a2", "c2", "e2", "g2", "i2", "k2", "b3", "d3", "f3", "h3", "j3", "l3"]
_BLACK_SOLDIERS = [
    "a15",
    "c15",
    "e15",
    "g15",
    "i15",
    "k15",
    "b14",
    "d14",
    "f14",
    "h14",
    "j14",
    "l14",
]


def piece_code(name: object) -> int:
    """The engine's code for a piece name such as ``"white soldier"``; a ``ValueError``
    (:class:`~siege_nb.rules.checks.BadArgument`) if there is no such piece, a
    :class:`TypeError` if ``name`` is not text."""
    if not isinstance(name, str):
        raise TypeError(f"piece must be str, not {type(name).__name__} ({shorten(name)})")
    words = name.strip().lower().split()
    if len(words) == 2 and words[0] in SIDES and words[1] in RANK_NAMES[1:]:
        side, rank = SIDES.index(words[0]), RANK_NAMES.index(words[1])
        if rank in SET_COUNTS[side]:
            return side * 8 + rank
        raise BadArgument(
            "piece",
            name,
            "a general, a colonel or a soldier",
            f"the garrison has no {words[1]}: it has a general, a colonel and soldiers",
        )
    raise BadArgument(
        "piece",
        name,
        "a piece name",
        f"{shorten(name)} is not a piece; write '<white|black|garrison> "
        "<general|colonel|captain|lieutenant|soldier>', e.g. 'black soldier'",
    )


def piece_name(code: int) -> str:
    """``piece_name(piece_code("white soldier")) == "white soldier"``; a
    :class:`~siege_nb.rules.checks.BadArgument` for a code of no piece of the set."""
    try:
        return _PIECE_NAMES[code]
    except (KeyError, TypeError):
        raise BadArgument("code", code, "the code of a piece of the set") from None


def piece_words(code: int) -> str:
    """A piece as a sentence names it, in the language in force ("white soldier")."""
    return tr(piece_name(code))


# Looked up rather than built: pieces() names every piece of a position.
_PIECE_NAMES = {
    side * 8 + rank: f"{SIDES[side]} {RANK_NAMES[rank]}"
    for side, ranks in SET_COUNTS.items()
    for rank in ranks
}


def default_position() -> dict[str, str]:
    """The default start position (a reconstruction), garrison colonel on C0 and general on C4."""
    pos: dict[str, str] = {}
    for army, back, soldiers in (
        ("white", _WHITE_BACK, _WHITE_SOLDIERS),
        ("black", _BLACK_BACK, _BLACK_SOLDIERS),
    ):
        pos.update({sq: f"{army} {rank}" for sq, rank in back.items()})
        pos.update({sq: f"{army} soldier" for sq in soldiers})
    pos.update(garrison_arrangement(None))
    return pos


def garrison_arrangement(assignment: Mapping[str, str] | None) -> dict[str, str]:
    """The garrison on the eight circles: ``assignment`` places some pieces, soldiers fill the rest.

    ``{"C2": "general", "C6": "colonel"}`` puts the officers there and soldiers elsewhere.
    A :class:`TypeError` if ``assignment`` is not a mapping of text to text.
    """
    if assignment is None:
        assignment = {"C0": "colonel", "C4": "general"}
    if not isinstance(assignment, Mapping):
        raise TypeError(
            "garrison must be a mapping of circles to garrison pieces, e.g. "
            f"{{'C2': 'general', 'C6': 'colonel'}}, not {type(assignment).__name__} "
            f"({shorten(assignment)})"
        )
    placed: dict[str, str] = {}
    circles = [f"C{i}" for i in range(8)]
    for circle, rank in assignment.items():
        check_type(circle, str, "garrison: a circle")
        check_type(rank, str, f"garrison: the piece on {shorten(circle)}")
        if circle not in circles:
            raise BadArgument(
                "garrison",
                circle,
                "circles C0-C7",
                f"the garrison starts on the circles C0-C7, not on {shorten(circle)}",
            )
        word = rank.strip().lower().removeprefix("garrison").strip()
        placed[circle] = piece_name(piece_code(f"garrison {word}"))
    for i in range(8):
        placed.setdefault(f"C{i}", "garrison soldier")
    return placed


class ParisState(NamedTuple):
    """A position with everything the rules need to go on from it, frozen: an engine never
    changes a state, :meth:`ParisEngine.apply` makes a new one.

    ``cells`` holds a piece code per node; ``occupied`` the nodes that hold a piece, in
    increasing order (so loops over pieces visit at most 44 nodes instead of all 164, always
    in the same order). ``next_army`` is the army that moves after the coming garrison turn;
    ``demanded`` is true after the attackers' ``demand`` until the garrison captures;
    ``quiet`` counts plies since the last capture or entry onto a circle (the move limit).
    ``result`` is settled when the state is made, passes (SP-23) included.

    >>> import siege_nb as sn
    >>> state = sn.new_game("siege-of-paris")._state
    >>> state.plies, state.result, len(state.occupied)
    (0, None, 44)
    >>> state.plies = 3  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    AttributeError: can't set attribute
    """

    cells: tuple[int, ...]
    occupied: tuple[int, ...]
    to_move: int
    next_army: int
    demanded: bool
    quiet: int
    plies: int
    result: Result | None = None


# tuple.__new__ directly: the NamedTuple's own __new__ is one more Python call per ply.
_new_state = cast(Callable[[type[ParisState], tuple[Any, ...]], ParisState], tuple.__new__)


@dataclass(frozen=True)
class ParisQuestion:
    """A move text under question, read as far as it goes; the explain checks judge it.

    ``text`` is the canonical text, ``sep`` its separator (``"x"`` for a capture, else
    ``"-"``) and ``parts`` the pieces between. When both parts name nodes, ``start`` and
    ``end`` are their numbers, ``code`` the piece on ``start`` and ``target`` the piece on
    ``end`` (0 for none); otherwise ``start`` and ``end`` are -1 and ``code`` is 0, so a check
    about the moving piece has nothing to judge and passes.
    """

    text: str
    sep: str = "-"
    parts: tuple[str, ...] = ()
    start: int = -1
    end: int = -1
    code: int = 0
    target: int = 0

    @property
    def demand(self) -> bool:
        """True for the attackers' action ``demand``."""
        return self.text == "demand"

    @property
    def side(self) -> int:
        """The side of the moving piece (meaningful only when ``code`` is not 0)."""
        return self.code >> 3


DEMAND = Move(None, None, (), (), "demand", raw=("demand",))
# Per citadel layout, the Move of each engine tuple: made once and shared (they are immutable).
_MOVES: dict[str, dict[tuple[Any, ...], Move]] = {}
# The most pieces of each code a set holds, for EngineBase.place_pieces.
_LIMITS = {side * 8 + rank: n for side, ranks in SET_COUNTS.items() for rank, n in ranks.items()}
_ATTACKING_SOLDIERS = (WHITE * 8 + SOLDIER, BLACK * 8 + SOLDIER)

# Move tables, so that move generation walks precomputed tuples every ply instead of working
# out the geometry and looking up each Move again. A piece's moves from a node lie on "lines":
# the squares along one direction of its movement, nearest first, or a single node (a gate
# circle, a circle along the citadel's lines, a gate square); the piece stops before the first
# occupied node of a line. A stop is (end, the step there) for the armies, and (end, step,
# capture or None) for the garrison, which captures by replacement on the lines outside.
Stop = tuple[int, Move]
Line = tuple[Stop, ...]
NodeLines = tuple[tuple[Line, ...], ...]  # indexed by node
GarrisonStop = tuple[int, Move, Move | None]
GarrisonLine = tuple[GarrisonStop, ...]
GarrisonNodeLines = tuple[tuple[GarrisonLine, ...], ...]  # indexed by node
# Keyed by (layout, a piece's movement spec): the spec, not the code, decides the lines, so
# engines for different rules share the tables of the pieces whose movement they agree on.
_ARMY_LINES: dict[tuple[str, tuple[tuple[int, int], ...]], NodeLines] = {}
_GARRISON_LINES: dict[tuple[str, tuple[tuple[int, int], ...]], GarrisonNodeLines] = {}
# Keyed by layout: per target node, the (direction, ((distance, node), ...)) looking back
# from the target, for SP-16's "reach" readings (a piece there protects by moving in that
# direction); the eight neighbours; and per army the neighbours behind.
_BACK_LINES: dict[str, tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]] = {}
_AROUND: dict[str, tuple[tuple[int, ...], ...]] = {}
_BEHIND: dict[str, dict[int, tuple[tuple[int, ...], ...]]] = {}


def _straight_path(b: ParisBoard, start: int, end: int) -> tuple[int, ...]:
    """The nodes of a move along a straight line or a circle step, both ends included."""
    if b.is_circle(start) or b.is_circle(end):
        return (start, end)
    df = b.file[end] - b.file[start]
    dr = b.rank[end] - b.rank[start]
    d = DIRECTIONS.index(((df > 0) - (df < 0), (dr > 0) - (dr < 0)))
    path = [start]
    while path[-1] != end and path[-1] >= 0:
        path.append(b.ray[d][path[-1]])
    return tuple(path)


def _new_move(b: ParisBoard, raw: tuple[int, int, bool], path: tuple[int, ...]) -> Move:
    """The Move of an engine tuple (start, end, capture) passing the nodes ``path``."""
    start, end, capture = raw
    names = b.names
    kind: MoveKind
    if capture:
        kind = "capture"
    elif b.is_circle(end) and not b.is_circle(start):
        kind = "enter"
    else:
        kind = "step"
    names_path = tuple(names[i] for i in path)
    return Move(names[start], names[end], names_path, (names[end],) if capture else (), kind, raw)


def _shared_move(b: ParisBoard, raw: tuple[int, int, bool]) -> Move:
    """The layout's shared Move of a straight-line or circle move, made on first use."""
    known = _MOVES.setdefault(b.layout, {("demand",): DEMAND})
    move = known.get(raw)
    if move is None:
        move = known[raw] = _new_move(b, raw, _straight_path(b, raw[0], raw[1]))
    return move


def _lines(
    b: ParisBoard, node: int, spec: tuple[tuple[int, int], ...], garrison: bool
) -> list[tuple[int, ...]]:
    """The lines of a piece moving by ``spec`` from ``node`` on an empty board, in the order
    :meth:`ParisEngine._targets` lists their ends (so that the legal moves keep that order)."""
    lines: list[tuple[int, ...]]
    if b.is_circle(node):
        lines = [(c,) for c in b.circle_links[node]]
        if garrison:  # only the garrison leaves the citadel
            lines.extend((s,) for s in b.gate_squares[node])
        return lines
    lines = []
    for d, reach in spec:
        line = []
        m = node
        for _ in range(reach):
            m = b.ray[d][m]
            if m < 0:
                break
            line.append(m)
        if line:
            lines.append(tuple(line))
    if b.gate_of[node] >= 0:
        lines.append((b.gate_of[node],))
    return lines


def _army_lines(b: ParisBoard, spec: tuple[tuple[int, int], ...]) -> NodeLines:
    """Per node, the lines of an attacking piece moving by ``spec`` (made once per layout)."""
    key = (b.layout, spec)
    table = _ARMY_LINES.get(key)
    if table is None:
        table = _ARMY_LINES[key] = tuple(
            tuple(
                tuple((end, _shared_move(b, (node, end, False))) for end in line)
                for line in _lines(b, node, spec, False)
            )
            for node in range(len(b.names))
        )
    return table


def _garrison_lines(b: ParisBoard, spec: tuple[tuple[int, int], ...]) -> GarrisonNodeLines:
    """Per node, the lines of a garrison piece moving by ``spec``, each stop with its capture
    (None where the garrison cannot capture: inside the citadel and onto a gate circle)."""
    key = (b.layout, spec)
    table = _GARRISON_LINES.get(key)
    if table is None:
        rows = []
        for node in range(len(b.names)):
            row = []
            for line in _lines(b, node, spec, True):
                captures = not b.is_circle(node) and not b.is_circle(line[0])
                row.append(
                    tuple(
                        (
                            end,
                            _shared_move(b, (node, end, False)),
                            _shared_move(b, (node, end, True)) if captures else None,
                        )
                        for end in line
                    )
                )
            rows.append(tuple(row))
        table = _GARRISON_LINES[key] = tuple(rows)
    return table


def _protection_lines(
    b: ParisBoard,
) -> tuple[
    tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...],
    tuple[tuple[int, ...], ...],
    dict[int, tuple[tuple[int, ...], ...]],
]:
    """The layout's tables for :meth:`ParisEngine.protector` (see ``_BACK_LINES``)."""
    if b.layout not in _BACK_LINES:
        ray = b.ray
        nodes = range(len(b.names))
        backs = []
        for target in nodes:
            row = []
            for d in range(8):
                back = (d + 4) % 8  # walk away from the target; a protector moves in direction d
                line = []
                m = target
                for dist in range(1, 4):
                    m = ray[back][m]
                    if m < 0:
                        break
                    line.append((dist, m))
                if line:
                    row.append((d, tuple(line)))
            backs.append(tuple(row))
        _BACK_LINES[b.layout] = tuple(backs)
        _AROUND[b.layout] = tuple(
            tuple(ray[d][t] for d in range(8) if ray[d][t] >= 0) for t in nodes
        )
        _BEHIND[b.layout] = {
            army: tuple(tuple(ray[d][t] for d in BEHIND[army] if ray[d][t] >= 0) for t in nodes)
            for army in (WHITE, BLACK)
        }
    return _BACK_LINES[b.layout], _AROUND[b.layout], _BEHIND[b.layout]


class ParisEngine(EngineBase[ParisState, ParisQuestion]):
    """The Siege of Paris rules under one :class:`RuleSet`.

    :meth:`explain` asks the checks of :attr:`CHECKS` in turn; the first to refuse decides.

    >>> import siege_nb as sn
    >>> engine = sn.new_game("siege-of-paris")._engine
    >>> engine.CHECKS.index("notation") < engine.CHECKS.index("turn_order")
    True
    >>> state = engine.initial_state({})
    >>> reason, rule = engine.check_turn_order(state, engine.ask(state, "a2-b3"))
    >>> rule, "the white soldier on a2 belongs to White" in reason
    ('turn-order', True)
    >>> engine.check_turn_order(state, engine.ask(state, "C0-f5")) is None
    True
    """

    game = "siege-of-paris"
    sides = SIDES
    NODE_WORD = "node"
    CHECKS = (
        "game_over",
        "demand_mode",
        "demand_turn",
        "demand_repeated",
        "demand_needless",
        "notation",
        "piece",
        "turn_order",
        "somewhere",
        "occupied",
        "capture_mark",
        "citadel_capture",
        "movement",
        "protection",
        "soldier_colours",
        "demanded_capture",
        "compulsory_capture",
        "sortie",
    )

    board: ParisBoard

    def __init__(self, rules: RuleSet, *, cache_size: int | None = None) -> None:
        super().__init__(rules, cache_size=cache_size)
        self.board = board(rules["citadel"])
        sideways = SIDEWAYS if rules["colonel_captain_sideways"] else ()
        spec: dict[int, tuple[tuple[int, int], ...]] = {}
        for army in (WHITE, BLACK):
            fwd = FORWARD[army]
            diag = FORWARD_DIAGONALS[army]
            back = BACKWARD_DIAGONALS[army]
            spec[army * 8 + GENERAL] = tuple((d, 3) for d in (fwd, *diag, *SIDEWAYS))
            spec[army * 8 + COLONEL] = tuple((d, 2) for d in (fwd, *sideways))
            spec[army * 8 + CAPTAIN] = tuple((d, 1) for d in (fwd, *sideways))
            spec[army * 8 + LIEUTENANT] = tuple(
                (d, 2) for d in (*diag, *(back if rules["lieutenant_backwards"] else ()))
            )
            spec[army * 8 + SOLDIER] = tuple(
                (d, 1) for d in (*diag, *(back if rules["soldier_backwards"] else ()))
            )
        spec[GARRISON * 8 + GENERAL] = tuple((d, rules["garrison_general_range"]) for d in range(8))
        spec[GARRISON * 8 + COLONEL] = tuple((d, 1) for d in ORTHOGONAL)
        spec[GARRISON * 8 + SOLDIER] = tuple((d, 1) for d in DIAGONAL)
        self._spec = spec
        # Rule values read on every move, looked up once.
        self._turning_generals = rules["general_turns"]
        self._protection = rules["protection"]
        self._capture = rules["capture"]
        self._sortie = rules["officers_must_sortie"]
        self._placement = rules["placement_win"]
        self._inside_draw = rules["soldier_inside_draw"]
        self._invaders_draw = rules["invaders_only_draw"]
        self._blockade = rules["blockade_win"]
        self._limit = rules["move_limit"]
        self._any_entry = rules["move_limit_reset"] == "any-entry"
        self._known = _MOVES.setdefault(self.board.layout, {("demand",): DEMAND})
        # Tables read on every ply (shared between engines, made once per layout and spec).
        b = self.board
        self._n_sq = b.n_squares
        self._dark = b.dark
        # [army][code]: per node, the lines of that army's piece; None for other sides' codes,
        # so one lookup both skips the other side's pieces and finds the own pieces' moves.
        self._army_tables: tuple[list[NodeLines | None], ...] = ([], [None] * 24, [None] * 24)
        self._garrison_tables: dict[int, GarrisonNodeLines] = {}
        for code, moves in spec.items():
            if code >= 8:
                self._army_tables[code >> 3][code] = _army_lines(b, moves)
            else:
                self._garrison_tables[code] = _garrison_lines(b, moves)
        # SP-15's sorties: per gate circle, its gate squares with the step onto each.
        self._gate_exits = tuple(
            (g, tuple((s, _shared_move(b, (g, s, False))) for s in b.gate_squares[g]))
            for g in b.gates
        )
        # SP-16: [code][direction], how far the piece moves in that direction (0: not at all).
        reach = [[0] * 8 for _ in range(24)]
        for code, moves in spec.items():
            for d, n in moves:
                reach[code][d] = max(reach[code][d], n)
        self._reach = tuple(tuple(row) for row in reach)
        self._back_lines, self._around, self._behind = _protection_lines(b)

    def with_rules(self, rules: RuleSet, *, cache_size: int | None = None) -> ParisEngine:
        """An engine for other rules with a cache of its own (``cache_size=0``: none).

        The base's, typed as a :class:`ParisEngine` so that the result is a whole engine for
        :class:`~siege_nb.games.base.Game` (the base's return type lacks the game's methods).
        """
        return cast(ParisEngine, super().with_rules(rules, cache_size=cache_size))

    @property
    def movement(self) -> Mapping[int, tuple[tuple[int, int], ...]]:
        """Per piece code (army × 8 + rank), the lines it moves along under these rules: pairs
        of (direction, reach), a direction being an index into the board's ``ray`` table. A
        read-only view, for players that plan by the pieces' movement (the search's officer
        distances).

        >>> import siege_nb as sn
        >>> engine = sn.new_game("siege-of-paris")._engine
        >>> engine.movement[8 * 2 + 1]   # a Black general: forward, both diagonals, sideways
        ((4, 3), (3, 3), (5, 3), (2, 3), (6, 3))
        """
        return MappingProxyType(self._spec)

    # -- set-up -------------------------------------------------------------------------------
    def missing(self, name: object) -> str:
        """Why ``name`` is not a node of the board, in words (no full stop)."""
        return describe_missing_node(str(name))

    def initial_state(self, setup: Mapping[str, Any]) -> ParisState:
        """Validate a set-up (position, to_move, next_army) and return the first state."""
        position = setup.get("position")
        if position is None:
            position = default_position()
            if setup.get("garrison") is not None:
                position = {k: v for k, v in position.items() if not k.startswith("C")}
                position.update(garrison_arrangement(setup["garrison"]))
        elif setup.get("garrison") is not None:
            raise BadArgument(
                "garrison",
                setup["garrison"],
                "no garrison arrangement with a position",
                "give either a whole position or a garrison arrangement, not both",
            )
        pairs = setup_pairs(position, len(self.board.names))
        cells = self.place_pieces(pairs, piece_code, piece_name, _LIMITS)
        for node_name, _ in pairs:
            self._check_soldier_colour(node_name, cells[self.board.index[node_name]])
        self._check_garrison_colours(cells)
        side, army = self._turn_of(setup)
        occupied = tuple(i for i, c in enumerate(cells) if c)
        state, moves = self._settle(tuple(cells), occupied, side, army, False, 0, 0)
        self.remember(state, moves)
        return state

    def _check_soldier_colour(self, node_name: str, code: int) -> None:
        """An attacking soldier stands on its own colour (White light, Black dark)."""
        b = self.board
        node = b.index[node_name]
        side, rank = code >> 3, code & 7
        if rank == SOLDIER and side != GARRISON and not b.is_circle(node):
            light_needed = side == WHITE
            if b.is_dark(node) == light_needed:
                # A position is something a pupil types in a notebook, so its refusal is
                # in the reader's language (one whole sentence per colour).
                if light_needed:
                    reason = tr(
                        "a {piece} stands only on light squares, and {square} is dark: "
                        "attacking soldiers never leave their colour",
                        piece=piece_words(code),
                        square=node_name,
                    )
                else:
                    reason = tr(
                        "a {piece} stands only on dark squares, and {square} is light: "
                        "attacking soldiers never leave their colour",
                        piece=piece_words(code),
                        square=node_name,
                    )
                expected = "a light square" if light_needed else "a dark square"
                raise BadArgument("position", node_name, expected, reason)

    def _check_garrison_colours(self, cells: list[int]) -> None:
        """SP-14: at most three garrison soldiers on each colour outside the citadel."""
        b = self.board
        for dark in (False, True):
            n = sum(1 for i in range(b.n_squares) if cells[i] == SOLDIER and b.dark[i] == dark)
            if n > 3:
                raise BadArgument(
                    "position",
                    n,
                    "at most three garrison soldiers on each colour",
                    tr(
                        "{n} garrison soldiers stand on dark squares; SP-14 allows at most "
                        "three on each colour outside the citadel",
                        n=n,
                    )
                    if dark
                    else tr(
                        "{n} garrison soldiers stand on light squares; SP-14 allows at most "
                        "three on each colour outside the citadel",
                        n=n,
                    ),
                )

    @staticmethod
    def _turn_of(setup: Mapping[str, Any]) -> tuple[int, int]:
        """The side to move and the army after the next garrison turn of a set-up."""
        to_move = check_side(setup.get("to_move", "garrison"), SIDES, "to_move") or "garrison"
        side = SIDES.index(to_move)
        next_army = check_side(setup.get("next_army"), ("white", "black"), "next_army")
        if side == GARRISON:
            return side, WHITE if next_army is None else SIDES.index(next_army)
        army = BLACK if side == WHITE else WHITE
        if next_army is not None and SIDES.index(next_army) != army:
            raise BadArgument(
                "next_army",
                next_army,
                SIDES[army],
                f"with {to_move} to move, the army after the next garrison turn is "
                f"{SIDES[army]}; next_army only chooses it when the garrison is to move",
            )
        return side, army

    def setup_of(self, state: ParisState) -> dict[str, Any]:
        """The set-up that reproduces ``state`` (as stored in game records)."""
        return {
            "position": self.pieces(state),
            "to_move": SIDES[state.to_move],
            "next_army": SIDES[state.next_army],
        }

    def pieces(self, state: ParisState) -> dict[str, str]:
        """``{node: piece name}`` of a state."""
        names = self.board.names
        return {names[i]: piece_name(c) for i, c in enumerate(state.cells) if c}

    # -- movement -----------------------------------------------------------------------------
    def _general_walk(
        self, cells: Sequence[int], start: int, code: int, target: int = -1
    ) -> dict[int, int]:
        """Squares a turning general reaches (SP-10 yes), each with the square it came from.

        ``target`` counts as empty, so protection can ask whether the general reaches it.
        """
        ray = self.board.ray
        dirs = [d for d, _ in self._spec[code]]
        came: dict[int, int] = {start: -1}
        frontier = [start]
        for _ in range(3):
            nxt = []
            for sq in frontier:
                for d in dirs:
                    m = ray[d][sq]
                    if m >= 0 and m not in came and (cells[m] == 0 or m == target):
                        came[m] = sq
                        if m != target:
                            nxt.append(m)
            frontier = nxt
        del came[start]
        return came

    def _targets(self, cells: Sequence[int], node: int, code: int) -> list[tuple[int, bool]]:
        """Where the piece ``code`` on ``node`` may go as (end, is_capture), before protection,
        SP-14 and the turn-wide filters; captures are listed whatever their protection."""
        b = self.board
        out: list[tuple[int, bool]] = []
        if node >= b.n_squares:
            out.extend((c, False) for c in b.circle_links[node] if not cells[c])
            if code < 8:  # only the garrison leaves the citadel, and never capturing
                out.extend((s, False) for s in b.gate_squares[node] if not cells[s])
            return out
        if code >= 8 and code & 7 == GENERAL and self._turning_generals:
            out.extend((m, False) for m in self._general_walk(cells, node, code))
        else:
            ray = b.ray
            for d, reach in self._spec[code]:
                m = node
                for _ in range(reach):
                    m = ray[d][m]
                    if m < 0:
                        break
                    c = cells[m]
                    if c == 0:
                        out.append((m, False))
                        continue
                    if code < 8 and c >= 8:
                        out.append((m, True))
                    break
        gate = b.gate_of[node]
        if gate >= 0 and not cells[gate]:
            out.append((gate, False))
        return out

    def protector(self, cells: Sequence[int], target: int, capturer: int) -> int:
        """A piece that protects the attacker on ``target`` under SP-16, or -1.

        ``capturer`` is where the capturing garrison piece stands; it stays on the board and
        can block a protector's slide (docs/precise-readings.md).
        """
        army = cells[target] >> 3
        reading = self._protection
        if reading == "adjacent":
            for m in self._around[target]:
                if cells[m] >= 8:
                    return m
            return -1
        if reading == "covered-from-behind":
            for m in self._behind[army][target]:
                if cells[m] >= 8:
                    return m
            return -1
        same_army = reading == "reach-same-army"
        turning = self._turning_generals
        reach = self._reach
        # Walk away from the target in each direction: the first piece met protects if it
        # moves back towards the target (direction d) at least that far.
        for d, line in self._back_lines[target]:
            for dist, m in line:
                c = cells[m]
                if c == 0:
                    continue
                if c >= 8 and not (same_army and c >> 3 != army):
                    if turning and c & 7 == GENERAL:
                        break  # judged by the walk below
                    if reach[c][d] >= dist:
                        return m
                break
        if turning:
            b = self.board
            for gen in (WHITE * 8 + GENERAL, BLACK * 8 + GENERAL):
                if same_army and gen >> 3 != army:
                    continue
                for sq in range(b.n_squares):
                    if (
                        cells[sq] == gen
                        and max(abs(b.file[sq] - b.file[target]), abs(b.rank[sq] - b.rank[target]))
                        <= 3
                        and target in self._general_walk(cells, sq, gen, target)
                    ):
                        return sq
        return -1

    def _soldiers_outside(self, cells: Sequence[int], occupied: Sequence[int]) -> tuple[int, int]:
        """Garrison soldiers on (light, dark) squares."""
        dark = self.board.dark
        n_sq = self.board.n_squares
        light_n = dark_n = 0
        for i in occupied:
            if cells[i] == SOLDIER and i < n_sq:
                if dark[i]:
                    dark_n += 1
                else:
                    light_n += 1
        return light_n, dark_n

    def _moves(
        self, cells: Sequence[int], occupied: Sequence[int], to_move: int, demanded: bool
    ) -> list[Move]:
        """The legal moves of a position (the caller knows the game goes on)."""
        if to_move == GARRISON:
            return self._garrison_turn(cells, occupied, demanded)
        if self._turning_generals:
            return self._army_moves_walking(cells, occupied, to_move)
        return self._army_moves(cells, occupied, to_move)

    def _army_moves(self, cells: Sequence[int], occupied: Sequence[int], army: int) -> list[Move]:
        """An army's moves, read from the move tables (generals moving in straight lines)."""
        tables = self._army_tables[army]
        moves: list[Move] = []
        append = moves.append
        for node in occupied:
            table = tables[cells[node]]
            if table is None:  # empty or not this army's piece
                continue
            for line in table[node]:
                for end, move in line:
                    if cells[end]:
                        break  # no piece jumps, and attackers never capture
                    append(move)
        return moves

    def _army_moves_walking(
        self, cells: Sequence[int], occupied: Sequence[int], army: int
    ) -> list[Move]:
        """An army's moves when generals turn (SP-10 yes): a general's walk, and the path of
        its Move, depend on the pieces around it, so no table holds them."""
        to_move = self._to_move
        return [
            to_move(cells, (node, end, False))
            for node in occupied
            if cells[node] >> 3 == army
            for end, _ in self._targets(cells, node, cells[node])
        ]

    def _garrison_options(
        self, cells: Sequence[int], occupied: Sequence[int]
    ) -> tuple[list[Move], list[Move], bool]:
        """All garrison moves by movement, protection (SP-16) and SP-14, before the turn-wide
        filters; the captures among them; and whether SP-15 (officers must sortie) is in
        force: garrison soldiers stand outside and none of them can move."""
        n_sq = self._n_sq
        dark = self._dark
        tables = self._garrison_tables
        # SP-14: garrison soldiers outside the citadel on light, dark squares. They are counted
        # on the way: ``occupied`` is in increasing order and the circles are numbered after
        # every square, so all of them are counted before the first piece on a circle moves.
        outside = [0, 0]
        moves: list[Move] = []
        captures: list[Move] = []
        append = moves.append
        soldiers_out = soldier_moves = 0
        pieces = [node for node in occupied if cells[node] < 8]
        for node in pieces:
            code = cells[node]
            table = tables[code][node]
            if node >= n_sq:
                # On a circle: one step along the citadel's lines or out through a gate, never
                # capturing; a soldier leaves only if SP-14 allows one more on that colour.
                for line in table:
                    end, step, _ = line[0]
                    if not cells[end] and not (
                        code == SOLDIER and end < n_sq and outside[dark[end]] >= 3
                    ):
                        append(step)
                continue
            before = len(moves)
            for line in table:
                for end, step, capture in line:
                    target = cells[end]
                    if not target:
                        append(step)
                        continue
                    if target >= 8 and capture is not None and self.protector(cells, end, node) < 0:
                        append(capture)
                        captures.append(capture)
                    break
            if code == SOLDIER:
                outside[dark[node]] += 1
                soldiers_out += 1
                soldier_moves += len(moves) - before
        return moves, captures, soldiers_out > 0 and soldier_moves == 0

    def _sorties(self, cells: Sequence[int]) -> list[Move]:
        """SP-15's sorties: a garrison officer steps out of a gate circle onto a free square."""
        return [
            move
            for gate, exits in self._gate_exits
            if cells[gate] in (GENERAL, COLONEL)
            for end, move in exits
            if not cells[end]
        ]

    def _garrison_turn(
        self, cells: Sequence[int], occupied: Sequence[int], demanded: bool
    ) -> list[Move]:
        """The garrison's legal moves, with the turn-wide filters of SP-5 and SP-15."""
        moves, captures, stuck = self._garrison_options(cells, occupied)
        mode = self._capture
        if demanded or (mode == "always" and captures):
            return captures
        if stuck and self._sortie:
            sorties = self._sorties(cells)
            if sorties:
                moves = sorties
        if mode == "on-demand" and captures:
            moves.append(DEMAND)
        return moves

    def _path(self, cells: Sequence[int], start: int, end: int) -> tuple[int, ...]:
        """The nodes a move passes, both ends included."""
        b = self.board
        if b.is_circle(start) or b.is_circle(end):
            return (start, end)
        code = cells[start]
        if code >= 8 and code & 7 == GENERAL and self._turning_generals:
            came = self._general_walk(cells, start, code)
            path = [end]
            while path[-1] != start:
                path.append(came[path[-1]])
            return tuple(reversed(path))
        return _straight_path(b, start, end)

    def _to_move(self, cells: Sequence[int], raw: tuple[Any, ...]) -> Move:
        # A move's path depends only on the layout, except for a turning general's walk,
        # so other Move objects are made once per layout and shared (they are immutable).
        if raw[0] == "demand":
            return DEMAND
        code = cells[raw[0]]
        if code >= 8 and code & 7 == GENERAL and self._turning_generals:
            return _new_move(self.board, raw, self._path(cells, raw[0], raw[1]))
        return self._known.get(raw) or _shared_move(self.board, raw)

    def generate(self, state: ParisState) -> list[Move]:
        """Every legal move of a state whose game goes on (not cached; see :meth:`legal`)."""
        return self._moves(state.cells, state.occupied, state.to_move, state.demanded)

    def candidates(self, state: ParisState, node: str) -> list[Move]:
        """Moves the piece on ``node`` could make by its movement under these rules, before
        protection, SP-14 and the turn-wide filters (empty for an empty node)."""
        check_type(node, str, "node")
        i = self.board.index.get(node, -1)
        if i < 0 or not state.cells[i]:
            return []
        cells = state.cells
        return [
            self._to_move(cells, (i, end, capture))
            for end, capture in self._targets(cells, i, cells[i])
        ]

    def canonical(self, text: str) -> str:
        """A move text with spaces removed and ``c0`` written as the circle C0 (c1..c7 are
        squares, so only c0 can mean a circle).

        >>> import siege_nb as sn
        >>> sn.new_game("siege-of-paris")._engine.canonical(" g5 - c0 ")
        'g5-C0'
        """
        text = "".join(str(text).split())
        sep = "x" if "x" in text else "-"
        return sep.join("C0" if p == "c0" else p for p in text.split(sep))

    def also_written(self, move: Move, text: str) -> bool:
        """A capture may also be written with ``-`` (``k7-j8`` for ``k7xj8``)."""
        return bool(move.captures) and text == f"{move.start}-{move.end}"

    # -- playing ------------------------------------------------------------------------------
    def apply(self, state: ParisState, move: Move) -> ParisState:
        """The state after a legal ``move`` (not checked here: :class:`Game` checks)."""
        raw = move.raw
        if raw[0] == "demand":
            # The layout does not change, so the frozen cells are shared.
            new, moves = self._settle(
                state.cells,
                state.occupied,
                state.to_move,
                state.next_army,
                True,
                state.quiet,
                state.plies,
                state.result is not None,
            )
            self.remember(new, moves)
            return new
        start, end, capture = raw
        cells = list(state.cells)
        cells[end] = cells[start]
        cells[start] = 0
        occupied = list(state.occupied)
        del occupied[bisect_left(occupied, start)]
        if not capture:
            insort(occupied, end)  # kept in order, so move generation need not sort
        # Attacking codes are 8 and over; under "attacker-entry" a garrison piece going back
        # in does not restart the count, so that it cannot hold the move limit off for ever.
        entered = start < self._n_sq <= end and (self._any_entry or cells[end] >= 8)
        quiet = 0 if capture or entered else state.quiet + 1
        # next_army is always the army that moves after the coming garrison turn.
        if state.to_move == GARRISON:
            to_move, next_army = state.next_army, WHITE + BLACK - state.next_army
        else:
            to_move, next_army = GARRISON, state.next_army
        # The end-of-game checks but the move limit count pieces by kind, inside the citadel
        # and out; a move that takes nothing and stays on its side of the citadel's boundary
        # changes none of those counts, so after a position that passed them they pass again.
        counted = capture or (start < self._n_sq) != (end < self._n_sq) or state.result is not None
        new, moves = self._settle(
            tuple(cells),
            tuple(occupied),
            to_move,
            next_army,
            False,
            quiet,
            state.plies + 1,
            counted,
        )
        self.remember(new, moves)
        return new

    @staticmethod
    def _pass(to_move: int, next_army: int) -> tuple[int, int]:
        """Skip the side to move (SP-23 pass) in the fixed order garrison, army, garrison...:
        the side to move next and the army after the garrison then."""
        if to_move == GARRISON:
            return next_army, WHITE + BLACK - next_army
        return GARRISON, next_army

    def _settle(
        self,
        cells: tuple[int, ...],
        occupied: tuple[int, ...],
        to_move: int,
        next_army: int,
        demanded: bool,
        quiet: int,
        plies: int,
        counted: bool = True,
    ) -> tuple[ParisState, list[Move]]:
        """The finished state of a position, and its legal moves (computed on the way).

        The end-of-game checks come first (:meth:`_result`); a side without a move then
        passes (SP-23) until one can move, the garrison's blockade (SP-2) or no side at all
        (SP-23) ending the game. ``counted=False`` says that the pieces' counts are those of
        a position that passed the checks (see :meth:`apply`): only the move limit is left.
        """
        result = self._result(cells, occupied, quiet) if counted else self._move_limit(quiet)
        if result is None:
            for _ in range(4):
                moves = self._moves(cells, occupied, to_move, demanded)
                if moves:
                    state = _new_state(
                        ParisState,
                        (cells, occupied, to_move, next_army, demanded, quiet, plies, None),
                    )
                    return state, moves
                if to_move == GARRISON and self._blockade:
                    result = Result(
                        "attackers",
                        tr("{rule}: the garrison has no legal move", rule=self._head("SP-2")),
                        "SP-2",
                    )
                    break
                to_move, next_army = self._pass(to_move, next_army)
            else:
                basis = clause_basis(self.game, "SP-23").words(brief=True)
                result = Result(
                    None,
                    tr(
                        "{rule}: no side can move ({source})",
                        rule=self._head("SP-23"),
                        source=basis,
                    ),
                    "SP-23",
                )
        state = _new_state(
            ParisState, (cells, occupied, to_move, next_army, demanded, quiet, plies, result)
        )
        return state, []

    def _result(self, cells: Sequence[int], occupied: Sequence[int], quiet: int) -> Result | None:
        """End-of-game checks in the rules' order (SP-3, SP-1, SP-26, SP-4, move limit)."""
        rules = self.rules
        n_sq = self._n_sq
        # Most plies: attacking soldiers remain (no SP-3) and no attacker stands in the citadel
        # (no SP-1, SP-26 or SP-4), seen without counting the whole army piece by piece.
        if max(cells[n_sq:]) < 8 and (
            _ATTACKING_SOLDIERS[0] in cells or _ATTACKING_SOLDIERS[1] in cells
        ):
            return self._move_limit(quiet)
        soldiers = officers = soldiers_in = officers_in = garrison_in = 0
        for i in occupied:
            c = cells[i]
            if c >= 8:
                inside = i >= n_sq
                if c & 7 == SOLDIER:
                    soldiers += 1
                    soldiers_in += inside
                else:
                    officers += 1
                    officers_in += inside
            elif i >= n_sq:
                garrison_in += 1
        need = self._placement
        if soldiers == 0 and officers <= 6:
            either = clause_basis(self.game, "SP-3", "either army").words(brief=True)
            return Result(
                "garrison",
                tr(
                    "{rule}: every attacking soldier and {officers} officers have been "
                    "captured (officers of either army count: {source})",
                    rule=self._head("SP-3"),
                    officers=12 - officers,
                    source=either,
                ),
                "SP-3",
            )
        if officers_in >= 1 and soldiers_in >= need:
            return Result(
                "attackers",
                tr(
                    "{rule}: {officers} officer(s) and {soldiers} soldiers stand inside the "
                    "citadel ({rule_in_force})",
                    rule=self._head("SP-1"),
                    officers=officers_in,
                    soldiers=soldiers_in,
                    rule_in_force=rules.citation("placement_win"),
                ),
                "SP-1",
            )
        if self._invaders_draw and not garrison_in and (soldiers_in or officers_in):
            return Result(
                None,
                tr(
                    "{rule}: only attacking pieces stand in the citadel. Rule in force: {choice}",
                    rule=self._head("SP-26"),
                    choice=rules.in_force("invaders_only_draw"),
                ),
                "SP-26",
            )
        if soldiers_in:
            drawn = self._soldier_inside_draw(soldiers, soldiers_in, officers)
            if drawn:
                return Result(
                    None,
                    tr(
                        "{rule}: {why}. Rule in force: {choice}",
                        rule=self._head("SP-4"),
                        why=drawn,
                        choice=rules.in_force("soldier_inside_draw"),
                    ),
                    "SP-4",
                )
        return self._move_limit(quiet)

    def _head(self, rule: str) -> str:
        """A rule's name in words, for a result (in the language in force when it is said)."""
        return rule_heading(self.game, rule)

    def _soldier_inside_draw(self, soldiers: int, soldiers_in: int, officers: int) -> str:
        """Why SP-4 draws the game, in words, or ``""``: ``soldiers`` attacking soldiers are
        left on the board, ``soldiers_in`` of them (at least one) on circles, and ``officers``
        attacking officers (docs/precise-readings.md)."""
        mode = self._inside_draw
        if mode == "any-soldier":
            return tr("an attacking soldier has got into the citadel")
        if mode == "last-soldier":
            if soldiers == 1:
                return tr("the one attacking soldier left stands inside the citadel")
            return ""
        if mode == "on" and (soldiers < self._placement or officers == 0):
            lack = (
                tr("no attacking officer is left")
                if officers == 0
                else ngettext(
                    "only one attacking soldier is left and the placement win needs {need} inside",
                    "only {n} attacking soldiers are left and the placement win needs {need} "
                    "inside",
                    soldiers,
                    need=self._placement,
                )
            )
            return tr(
                "an attacking soldier is safe inside the citadel, and the attackers can no "
                "longer win by placement: {lack}",
                lack=lack,
            )
        return ""

    def _move_limit(self, quiet: int) -> Result | None:
        """The move limit's draw after ``quiet`` plies without a capture or entry, or None."""
        if self._limit is not None and quiet >= self._limit:
            basis = self.rules.choice("move_limit").attribution.words(brief=True)
            reason = (
                tr(
                    "Move limit: {n} moves without a capture or an entry into the citadel "
                    "(a project rule, not historical: {source})",
                    n=self.rules["move_limit"],
                    source=basis,
                )
                if self._any_entry
                else tr(
                    "Move limit: {n} moves without a capture or an attacking piece's entry "
                    "into the citadel (a project rule, not historical: {source})",
                    n=self.rules["move_limit"],
                    source=basis,
                )
            )
            return Result(None, reason, "move_limit")
        return None

    # -- explaining -----------------------------------------------------------------------------
    def _node_of(self, part: str) -> int:
        """The node a part of a move text names, or -1 (``c0``..``c7`` that are not squares
        mean the circles)."""
        index = self.board.index
        node = index.get(part, -1)
        if node < 0 and part[:1] in ("c", "C") and ascii_number(part[1:], longest=1) is not None:
            node = index.get(part.upper(), -1)
        return node

    def ask(self, state: ParisState, text: str) -> ParisQuestion:
        """``text`` read as far as it goes: canonical text, separator, parts and, when both
        parts name nodes, the nodes and the pieces on them.

        >>> import siege_nb as sn
        >>> g = sn.new_game("siege-of-paris")
        >>> q = g._engine.ask(g._state, "a2 x b3")
        >>> q.sep, q.parts, g.board.names[q.start], piece_name(q.target)
        ('x', ('a2', 'b3'), 'a2', 'white soldier')
        """
        text = self.canonical(text)
        sep = "x" if "x" in text else "-"
        parts = tuple(p.strip() for p in text.split(sep))
        if len(parts) != 2:
            return ParisQuestion(text, sep, parts)
        start, end = self._node_of(parts[0]), self._node_of(parts[1])
        if start < 0 or end < 0:
            return ParisQuestion(text, sep, parts)
        cells = state.cells
        return ParisQuestion(text, sep, parts, start, end, cells[start], cells[end])

    def check_demand_mode(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5: a demand exists only when capture is on demand."""
        if q.demand and self._capture != "on-demand":
            return (
                tr(
                    "Demands exist only when capture is on demand ({rule}).",
                    rule=self.rules.citation("capture"),
                ),
                "SP-5",
            )
        return None

    def check_demand_turn(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5: the attackers demand before a garrison turn."""
        if q.demand and state.to_move != GARRISON:
            return (
                tr(
                    "The attackers demand before a garrison turn; it is {side}'s turn.",
                    side=tr(_THE[state.to_move]),
                ),
                "SP-5",
            )
        return None

    def check_demand_repeated(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5: one demand a turn."""
        if q.demand and state.demanded:
            return tr("A capture has already been demanded this turn."), "SP-5"
        return None

    def check_demand_needless(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5: a demand needs a capture the garrison can make (the only demand left to
        refuse once the checks before have passed)."""
        if q.demand:
            return (
                tr("The garrison has no capture to make, so there is nothing to demand (SP-5)."),
                "SP-5",
            )
        return None

    def check_notation(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """Notation (not a rule of the game): two nodes joined by ``-``, or ``x`` for a capture."""
        if len(q.parts) != 2 or not all(q.parts):
            return (
                tr(
                    "{text} is not a move; write a step a2-b3, a capture k7xj8, an entry g5-C0 "
                    "or the action demand.",
                    text=shorten(q.text),
                ),
                "notation",
            )
        for part in q.parts:
            if self._node_of(part) < 0:
                return describe_missing_node(part) + ".", "notation"
        return None

    def check_piece(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """Notation (not a rule of the game): a move starts where a piece stands."""
        if q.start >= 0 and not q.code:
            return tr("There is no piece on {point}.", point=self.board.names[q.start]), "notation"
        return None

    def check_turn_order(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """The rule 'turn-order' (garrison, White, garrison, Black): a side moves its own pieces."""
        if q.code and q.side != state.to_move:
            return (
                tr(
                    "It is {side}'s turn, and the {piece} on {point} belongs to {owner} (turn "
                    "order: garrison, White, garrison, Black).",
                    side=tr(_THE[state.to_move]),
                    piece=piece_words(q.code),
                    point=self.board.names[q.start],
                    owner=tr(_THE[q.side]),
                ),
                "turn-order",
            )
        return None

    def check_somewhere(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """The rule 'movement': a move ends on another node than it starts."""
        if q.code and q.start == q.end:
            return tr("A move must go somewhere."), "movement"
        return None

    def check_occupied(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """The rule 'movement' and SP-25: no piece moves onto a piece of its own side, and
        attacking pieces never capture."""
        target = q.target
        if q.code and target and (q.side != GARRISON or target < 8):
            names = self.board.names
            what = piece_words(target)
            if q.side != GARRISON and target < 8:
                return (
                    tr(
                        "{point} is occupied by the {piece}; attacking pieces never capture "
                        "(SP-25).",
                        point=names[q.end],
                        piece=what,
                    ),
                    "SP-25",
                )
            return tr(
                "{point} is occupied by the {piece}.", point=names[q.end], piece=what
            ), "movement"
        return None

    def check_capture_mark(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """Notation (not a rule of the game): ``x`` marks a capture, so a piece must stand on the
        end node."""
        if q.code and q.sep == "x" and not q.target:
            return tr(
                "There is nothing to capture on {point}.", point=self.board.names[q.end]
            ), "notation"
        return None

    def check_citadel_capture(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-17: no capture inside the citadel, nor by a piece starting there."""
        if not (q.code and q.target):
            return None
        b = self.board
        if b.is_circle(q.end):
            return (
                tr(
                    "The {piece} on {point} is inside the citadel, where attackers cannot be "
                    "captured (SP-17).",
                    piece=piece_words(q.target),
                    point=b.names[q.end],
                ),
                "SP-17",
            )
        if b.is_circle(q.start):
            return (
                tr("A capturing piece must start its move outside the citadel (SP-17)."),
                "SP-17",
            )
        return None

    def check_movement(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """The rule 'movement' with its options (SP-6 to SP-10) and SP-18 (entering the
        citadel): the piece reaches the end node by its moves; if only other pieces stand in
        the way, the refusal says so (category "blocked")."""
        if not q.code:
            return None
        if q.end in {e for e, _ in self._targets(state.cells, q.start, q.code)}:
            return None
        blocked = self._why_blocked(state, q.start, q.end, q.code)
        if blocked:
            return blocked, "blocked"
        return self._not_a_move_of(state, q.start, q.end, q.code), "movement"

    def check_protection(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-16: the garrison cannot capture a protected attacker (protection as in force)."""
        if not (q.code and q.side == GARRISON and q.target >= 8):
            return None
        cells = state.cells
        guard = self.protector(cells, q.end, q.start)
        if guard < 0:
            return None
        names = self.board.names
        return (
            tr(
                "The {piece} on {point} is protected by the {guard} on {guard_point}. Rule in "
                "force: {rule}.",
                piece=piece_words(q.target),
                point=names[q.end],
                guard=piece_words(cells[guard]),
                guard_point=names[guard],
                rule=self.rules.citation("protection"),
            ),
            "SP-16",
        )

    def check_soldier_colours(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-14: at most three garrison soldiers on each colour outside the citadel."""
        b = self.board
        if q.code == SOLDIER and b.is_circle(q.start) and not b.is_circle(q.end):
            outside = self._soldiers_outside(state.cells, state.occupied)
            if outside[b.dark[q.end]] >= 3:
                said = (
                    tr("Three garrison soldiers already stand on dark squares outside the "
                      "citadel (SP-14).")
                    if b.dark[q.end]
                    else tr("Three garrison soldiers already stand on light squares outside the "
                           "citadel (SP-14).")
                )  # fmt: skip
                return said, "SP-14"
        return None

    # The move is possible for the piece from here on: only a turn-wide rule can forbid it.
    def check_demanded_capture(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5: after the attackers' demand the garrison must capture."""
        if q.code and state.demanded and not q.target:
            return (
                tr(
                    "The attackers have demanded a capture, so the garrison must capture ({rule}).",
                    rule=self.rules.citation("capture"),
                ),
                "SP-5",
            )
        return None

    def check_compulsory_capture(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-5 (capture "always"): the garrison must capture when it can."""
        if not (q.code and q.side == GARRISON and not q.target and self._capture == "always"):
            return None
        _, captures, _ = self._garrison_options(state.cells, state.occupied)
        if captures:
            return (
                tr(
                    "Capturing is compulsory and a capture is available ({rule}).",
                    rule=self.rules.citation("capture"),
                ),
                "SP-5",
            )
        return None

    def check_sortie(self, state: ParisState, q: ParisQuestion) -> Refused | None:
        """SP-15: when every garrison soldier outside is stuck, an officer must come out."""
        if not (q.code and q.side == GARRISON and self._sortie):
            return None
        _, _, stuck = self._garrison_options(state.cells, state.occupied)
        sorties = [m.raw for m in self._sorties(state.cells)] if stuck else []
        if sorties and (q.start, q.end, False) not in sorties:
            return (
                tr(
                    "Every garrison soldier outside is stuck, so an officer must come out of "
                    "the citadel ({rule}).",
                    rule=self.rules.citation("officers_must_sortie"),
                ),
                "SP-15",
            )
        return None

    def legal_reason(self, state: ParisState, move: Move) -> str:
        """Why a legal move is legal, in words."""
        if move.kind == "demand":
            # Whether there is a capture to demand depends on the reading of protection.
            return tr(
                "The attackers demand a capture: the garrison must now capture, its choice "
                "which ({rule}). It has a capture to make under the protection in force: "
                "{protection}.",
                rule=self.rules.citation("capture"),
                protection=self.rules.citation("protection"),
            )
        b = self.board
        cells = state.cells
        start, end = b.index[str(move.start)], b.index[str(move.end)]
        mover = piece_words(cells[start])
        if move.kind == "capture":
            return tr(
                "The {piece} captures the {target} on {point}, which is not protected. Rule in "
                "force: {rule}.",
                piece=mover,
                target=piece_words(cells[end]),
                point=move.end,
                rule=self.rules.citation("protection"),
            )
        code = cells[start]
        if move.kind == "enter":
            # Attackers enter by a reconstruction, garrison officers go back in by a reading,
            # garrison soldiers as two texts say: each verdict says which.
            if code >= 8:
                rule, about = "SP-18", "gate circle"
            elif code & 7 == SOLDIER:
                rule, about = "SP-13", "re-enter"
            else:
                rule, about = "SP-13", "officers too"
            basis = clause_basis(self.game, rule, about).words(brief=True)
            return tr(
                "The {piece} steps from its gate square onto {point} ({rule}: {source}).",
                piece=mover,
                point=move.end,
                rule=self._head(rule),
                source=basis,
            )
        if code >= 8 and b.is_circle(start):
            basis = clause_basis(self.game, "SP-18", "never leave").words(brief=True)
            return tr(
                "The {piece} moves from {start} to {end} along the citadel's lines ({rule}: "
                "{source}).",
                piece=mover,
                start=move.start,
                end=move.end,
                rule=self._head("SP-18"),
                source=basis,
            )
        text = tr(
            "The {piece} moves from {start} to {end}.", piece=mover, start=move.start, end=move.end
        )
        option = self._reading_of_step(cells, start, end, code)
        if option:
            return tr("{text} Rule in force: {rule}.", text=text, rule=self.rules.citation(option))
        return text

    def _reading_of_step(self, cells: Sequence[int], start: int, end: int, code: int) -> str:
        """The option whose choice in force makes an attacker's step legal where the plain
        movement rule would not, or ``""``: a backward step (SP-8, SP-9) or a general's
        turning walk (SP-10); a legal verdict then names the choice, reading or not."""
        if code < 8:
            return ""
        b = self.board
        army, rank = code >> 3, code & 7
        if rank in (LIEUTENANT, SOLDIER):
            ahead = b.rank[end] - b.rank[start]
            if (ahead < 0) == (army == WHITE):
                return "lieutenant_backwards" if rank == LIEUTENANT else "soldier_backwards"
            return ""
        if rank == GENERAL and self._turning_generals:
            ray = b.ray
            for d, reach in self._spec[code]:
                m = start
                for _ in range(reach):
                    m = ray[d][m]
                    if m < 0 or cells[m]:
                        break
                    if m == end:
                        return ""  # a straight line gets there too
            return "general_turns"
        return ""

    def describe_movement(self, code: int) -> str:
        """How a piece moves under the current rules, in words."""
        side, rank = code >> 3, code & 7
        r = self.rules
        if side == GARRISON:
            outside = {
                GENERAL: ngettext(
                    "up to {n} square in any direction",
                    "up to {n} squares in any direction",
                    r["garrison_general_range"],
                ),
                COLONEL: tr("one square orthogonally, any direction"),
                SOLDIER: tr("one square diagonally, any direction, keeping its colour"),
            }[rank]
            return tr(
                "Inside the citadel a {piece} steps along a line to a neighbouring circle or out "
                "through a gate; outside it moves {outside}.",
                piece=piece_words(code),
                outside=outside,
            )
        sideways = r["colonel_captain_sideways"]
        text = {
            GENERAL: tr("1-3 squares in one straight line: forward, sideways or diagonally forward")
            if not r["general_turns"]
            else tr("up to three single steps, each forward, sideways or diagonally forward"),
            COLONEL: tr("1-2 squares orthogonally, sideways or forward")
            if sideways
            else tr("1-2 squares orthogonally, forward only"),
            CAPTAIN: tr("one square orthogonally, sideways or forward")
            if sideways
            else tr("one square orthogonally, forward only"),
            LIEUTENANT: tr("1-2 squares diagonally, in any diagonal direction")
            if r["lieutenant_backwards"]
            else tr("1-2 squares diagonally, forward only"),
            SOLDIER: tr("one square diagonally in any direction")
            if r["soldier_backwards"]
            else tr("one square diagonally forward"),
        }[rank]
        return tr("A {piece} moves {how}.", piece=piece_words(code), how=text)

    def _why_blocked(self, state: ParisState, start: int, end: int, code: int) -> str:
        """If the piece could go there on an empty board, what stands in the way."""
        names = self.board.names
        lone = [0] * len(state.cells)
        lone[start] = code
        if end in {e for e, _ in self._targets(lone, start, code)}:
            # That no piece jumps is the project's reconstruction: say so where it decides.
            jumps = clause_basis(self.game, "movement", "No piece jumps").words(brief=True)
            for node in self._path(lone, start, end)[1:-1]:
                if state.cells[node]:
                    return tr(
                        "The way is blocked: {point} is occupied by the {piece}; no piece jumps "
                        "({source}).",
                        point=names[node],
                        piece=piece_words(state.cells[node]),
                        source=jumps,
                    )
            return tr("Every route there is blocked; no piece jumps ({source}).", source=jumps)
        return ""

    def _not_a_move_of(self, state: ParisState, start: int, end: int, code: int) -> str:
        b = self.board
        if b.is_circle(end) and not b.is_circle(start):
            basis = clause_basis(self.game, "SP-18", "gate circle").words(brief=True)
            return tr(
                "Only a piece standing on a gate's square can step onto that gate circle (SP-18: "
                "{source}).",
                source=basis,
            )
        if b.is_circle(start) and code >= 8:
            basis = clause_basis(self.game, "SP-18", "never leave").words(brief=True)
            return tr(
                "Attackers inside the citadel step along its lines and never leave (SP-18: "
                "{source}).",
                source=basis,
            )
        return self.describe_movement(code)

    # -- text board ---------------------------------------------------------------------------
    def text(self, state: ParisState) -> str:
        """A plain-text board: White's side at the bottom, the citadel circles in the middle."""
        b = self.board
        cells = state.cells
        letters = {GENERAL: "g", COLONEL: "c", CAPTAIN: "p", LIEUTENANT: "l", SOLDIER: "s"}
        side_letter = {GARRISON: "G", WHITE: "W", BLACK: "B"}

        def label(code: int) -> str:
            return side_letter[code >> 3] + letters[code & 7]

        width = 3
        grid = [[" " * width for _ in FILES] for _ in range(RANKS)]
        for i in range(b.n_squares):
            f, r = b.file[i], b.rank[i]
            grid[RANKS - r][f - 1] = (
                f"{label(cells[i]):>2} " if cells[i] else (" : " if b.dark[i] else " . ")
            )
        rows = ["".join(row) for row in grid]
        for c in b.circles:
            x, y = b.xy[c]
            r = min(max(int(y + 0.5), 6), 11)
            col = int((x - 1) * width)
            mark = f"({label(cells[c])})" if cells[c] else f"(C{c - b.n_squares})"
            line = rows[RANKS - r]
            rows[RANKS - r] = line[:col] + mark + line[col + len(mark) :]
        out = [f"{RANKS - i:>3} {row}" for i, row in enumerate(rows)]
        out.append("    " + "".join(f" {f} " for f in FILES))
        inside = ", ".join(f"{b.names[c]}={label(cells[c])}" for c in b.circles if cells[c])
        out.append(tr("citadel: {pieces}", pieces=inside or tr("empty")))
        if state.result is not None:
            out.append(tr("result: {result}", result=state.result))
        else:
            side, then = side_words(SIDES[state.to_move]), side_words(SIDES[state.next_army])
            out.append(
                tr(
                    "to move: {side} (capture demanded); then {next} after the garrison",
                    side=side,
                    next=then,
                )
                if state.demanded
                else tr("to move: {side}; then {next} after the garrison", side=side, next=then)
            )
        out.append(
            tr(
                "W/B/G = White/Black/garrison; g general, c colonel, p captain, l lieutenant, "
                "s soldier; : dark, . light"
            )
        )
        return "\n".join(out)


class ParisGame(Game):
    """A Siege of Paris game: a :class:`~siege_nb.games.base.Game` that also knows which army
    moves after the garrison.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> g.to_move, g.next_army
    ('garrison', 'white')
    """

    def status(self) -> Status:
        """Whose turn, the army after the garrison, and whether a capture was demanded."""
        then = self.next_army if self.to_move == "garrison" else None
        return Status(self.to_move, then=then, demanded=self.demanded)

    @property
    def next_army(self) -> str:
        """The army (``"white"`` or ``"black"``) that moves after the coming garrison turn."""
        return SIDES[self._state.next_army]

    @property
    def demanded(self) -> bool:
        """True after the attackers' ``demand``, until the garrison has captured."""
        return bool(self._state.demanded)
