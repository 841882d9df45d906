"""The jump-capture "hunt" core shared by Belagerung and Pyramid Siege.

Defenders step along lines or jump attackers in straight lines, in chains that may turn and
stop after any jump; attackers step towards a fortress they try to fill; huffing punishes a
defender that could have captured. Each game contributes a :class:`HuntSpec` (its board,
its options, its thresholds); the rules themselves are written once, here, following
the rule data of the two games and docs/precise-readings.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any, cast

from siege_nb.boards import belagerung as belagerung_board
from siege_nb.boards import pyramid as pyramid_board
from siege_nb.boards.graph import PointBoard
from siege_nb.games.base import Game, Move, Result, Status, ensure_pairs
from siege_nb.rules import RuleSet, fixed_rules, rule_heading

__all__ = ["BELAGERUNG", "PYRAMID", "HuntEngine", "HuntGame", "HuntSpec", "HuntState"]

EMPTY, ATTACKER, DEFENDER = 0, 1, 2
SIDES = ("attacker", "defender")
PIECES = ("", "attacker", "defender")


@dataclass(frozen=True)
class HuntSpec:
    """What distinguishes one hunt game from another."""

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
)

SPECS = {s.game: s for s in (BELAGERUNG, PYRAMID)}


class HuntState:
    """An immutable hunt-game position and what the rules need to go on from it.

    ``huffable`` lists the defenders the attacker may remove before his move; ``huffed`` is
    true once he has removed one this turn; ``best`` is the most attackers the fortress has
    held so far; ``quiet`` counts plies since the last capture,
    huff or attacker step into the fortress (the move limit).
    """

    __slots__ = (
        "_legal",
        "_legal_by",
        "best",
        "cells",
        "huffable",
        "huffed",
        "plies",
        "quiet",
        "result",
        "stepped",
        "to_move",
    )

    def __init__(
        self,
        cells: list[int],
        to_move: int,
        huffable: tuple[int, ...] = (),
        huffed: bool = False,
        quiet: int = 0,
        best: int = 0,
        plies: int = 0,
        stepped: int = -1,
    ) -> None:
        self.cells = cells
        self.to_move = to_move
        # The defenders that could capture before the last step (at their present points), and
        # the point the stepping defender went to: the rules (PS-10) choose among them.
        self.huffable = huffable
        self.stepped = stepped
        self.huffed = huffed
        self.quiet = quiet
        self.best = best
        self.plies = plies
        self.result: Result | None = None
        self._legal: list[Move] | None = None
        # The engine that filled _legal: the moves depend on its rules, so only it reads them.
        self._legal_by: object = None


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
    jump_moves: dict[tuple[Any, ...], Move]


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
    return _Tables(
        jumps=tuple(
            tuple((s[p], s[s[p]]) for s in board.step if s[p] >= 0 and s[s[p]] >= 0)
            for p in range(n)
        ),
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
        jump_moves={},
    )


class HuntEngine:
    """One hunt game's rules under one :class:`RuleSet`."""

    sides = SIDES

    def __init__(self, spec: HuntSpec, rules: RuleSet, cache: bool = True) -> None:
        self.spec = spec
        self.game = spec.game
        self.rules = rules
        self.board = spec.board(rules)
        self._cache = cache
        self._fixed = fixed_rules(spec.game)
        self._heads = {
            r: rule_heading(spec.game, r)
            for r in (spec.rule_attackers_win, spec.rule_defenders_win, spec.rule_no_move)
        }
        self._mode = rules[spec.direction_option]
        self._capture = rules["capture"]
        # PS-10 (Pyramid Siege only): which defender a huff may take.
        self._huff_moved = rules.get("huff_target", "could-capture") == "moved"
        self._limit = rules["move_limit"]
        b = self.board
        self._fortress_points = b.fortress_points
        tables = _tables(b, self._mode, spec.frozen_in_fortress)
        self._jumps = tables.jumps
        self._steps = tables.steps
        self._all_steps = tables.all_steps
        self._towards = tables.towards
        self._free = tables.free
        self._huffs = tables.huffs
        self._moves = tables.jump_moves

    def with_rules(self, rules: RuleSet, cache: bool = False) -> HuntEngine:
        """An engine for other rules. By default it does not cache into states, because it
        judges states another engine made; ``cache=True`` for an engine of its own game."""
        return HuntEngine(self.spec, rules, cache=cache)

    def source_keys(self, rule: str) -> tuple[str, ...]:
        """The sources of a fixed rule id (empty for unknown ids)."""
        fixed = self._fixed.get(rule)
        return fixed.sources if fixed else ()

    # -- set-up -------------------------------------------------------------------------------
    def initial_state(self, setup: Mapping[str, Any]) -> HuntState:
        """Validate a set-up (position or defender placement, side to move); the first state."""
        b = self.board
        spec = self.spec
        position = setup.get("position")
        defenders = setup.get("defenders")
        if position is None:
            if defenders is None:
                defenders = [b.names[p] for p in b.defender_start]
            if isinstance(defenders, str):
                raise ValueError("defenders is a list of points, e.g. ['c7', 'e7', 'g7']")
            defenders = list(defenders)
            for name in defenders:
                if name not in b.index or not b.fortress[b.index[name]]:
                    raise ValueError(
                        f"the defenders start on fortress points; {name!r} is not one "
                        f"(fortress: {', '.join(b.names[p] for p in b.fortress_points)})"
                    )
            position = {b.names[p]: "attacker" for p in b.attacker_start}
            pairs = list(position.items()) + [(name, "defender") for name in defenders]
        else:
            if defenders is not None:
                raise ValueError("give either a whole position or a defender placement, not both")
            pairs = ensure_pairs(position)
        cells = [EMPTY] * len(b.names)
        limits = {ATTACKER: spec.attackers, DEFENDER: spec.defenders}
        counts = {ATTACKER: 0, DEFENDER: 0}
        for name, piece in pairs:
            if not isinstance(name, str) or name not in b.index:
                raise ValueError(self._missing(name))
            word = str(piece).strip().lower()
            if word not in ("attacker", "defender"):
                raise ValueError(
                    f"{piece!r} is not a piece; the pieces are 'attacker' and 'defender'"
                )
            code = PIECES.index(word)
            node = b.index[name]
            if cells[node]:
                raise ValueError(f"two pieces on one point: {name} is given twice")
            counts[code] += 1
            if counts[code] > limits[code]:
                raise ValueError(f"too many {word}s: the set holds {limits[code]}")
            cells[node] = code
        to_move = setup.get("to_move", SIDES[spec.first])
        if to_move not in SIDES:
            raise ValueError(f"to_move must be 'attacker' or 'defender', not {to_move!r}")
        held = [cells[p] for p in b.fortress_points].count(ATTACKER)
        state = HuntState(cells, SIDES.index(to_move), best=held)
        self._finish(state)
        return state

    def _missing(self, name: object) -> str:
        """Why ``name`` is not a point of this board, in words."""
        text = str(name)
        if self.game == "pyramid-siege":
            if text.startswith("r") and "c" in text[1:]:
                r, _, c = text[1:].partition("c")
                if r.isdigit() and c.isdigit() and int(r) <= 7 and int(c) > int(r):
                    return f"{text!r} is not a point: row r{r} has points c0 to c{r}"
            return (
                f"{text!r} is not a point of the Pyramid Siege board (rows r0 to r7; "
                "in row r the points are c0 to c<r>)"
            )
        horns = " and ".join(
            self.board.names[p]
            for p in self.board.fortress_points
            if self.board.coords[p][0] in (2, 8)
        )
        if len(text) == 2 and text[0] in "abcdefghi" and text[1] in "123456789":
            return (
                f"{text!r} is not a point of this Belagerung board: the 9 x 9 cross has no "
                f"points in its four 2 x 2 corners, except the horns ({horns})"
            )
        return f"{text!r} is not a point of the Belagerung board (files a-i, ranks 1-9)"

    def setup_of(self, state: HuntState) -> dict[str, Any]:
        """The set-up that reproduces a state without a pending huff (records)."""
        return {"position": self.pieces(state), "to_move": SIDES[state.to_move]}

    def pieces(self, state: HuntState) -> dict[str, str]:
        """``{point: "attacker" | "defender"}``."""
        names = self.board.names
        return {names[i]: PIECES[c] for i, c in enumerate(state.cells) if c}

    # -- movement -----------------------------------------------------------------------------
    def _attacker_steps(self, cells: list[int], towards: bool) -> list[Move]:
        table = self._towards if towards else self._free
        return [
            move
            for p, c in enumerate(cells)
            if c == ATTACKER
            for q, move in table[p]
            if cells[q] == EMPTY
        ]

    def _has_jump(self, cells: list[int], p: int) -> bool:
        for over, land in self._jumps[p]:
            if cells[over] == ATTACKER and cells[land] == EMPTY:
                return True
        return False

    def _chains(self, cells: list[int], start: int) -> list[tuple[Any, ...]]:
        """Every jump chain of the defender on ``start``, each prefix its own move."""
        out: list[tuple[Any, ...]] = []
        work = list(cells)
        work[start] = EMPTY  # a chain may come back to its start point
        jumps = self._jumps

        def extend(at: int, lands: tuple[int, ...], taken: tuple[int, ...]) -> None:
            for over, land in jumps[at]:
                if work[over] == ATTACKER and work[land] == EMPTY:
                    work[over] = EMPTY
                    chain = (*lands, land)
                    caught = (*taken, over)
                    out.append(("jump", start, chain, caught))
                    extend(land, chain, caught)
                    work[over] = ATTACKER

        extend(start, (), ())
        return out

    def _defender_moves(self, cells: list[int]) -> tuple[list[Move], list[Move]]:
        steps: list[Move] = []
        jumps: list[Move] = []
        for p, c in enumerate(cells):
            if c != DEFENDER:
                continue
            steps += [move for q, move in self._all_steps[p] if cells[q] == EMPTY]
            if self._has_jump(cells, p):
                jumps.extend(self._to_move(raw) for raw in self._chains(cells, p))
        return steps, jumps

    def _legal_moves(self, state: HuntState) -> list[Move]:
        cells = state.cells
        if state.to_move == 1:
            steps, jumps = self._defender_moves(cells)
            if self._capture == "strict" and jumps:
                return jumps
            return steps + jumps
        moves = self._attacker_steps(cells, towards=True)
        if not moves and self.spec.escape_clause:
            moves = self._attacker_steps(cells, towards=False)
        if state.huffable and not state.huffed:  # rare: skip the call on most turns
            moves.extend(self._huffs[p] for p in self.huff_points(state))
        return moves

    def huff_points(self, state: HuntState) -> tuple[int, ...]:
        """The defenders the attacker may huff now (PS-10 decides which in Pyramid Siege)."""
        if not state.huffable or state.huffed:
            return ()
        return (state.stepped,) if self._huff_moved else state.huffable

    def _to_move(self, raw: tuple[Any, ...]) -> Move:
        """The shared Move of a jump chain (steps and huffs come ready-made from the tables)."""
        move = self._moves.get(raw)
        if move is not None:
            return move
        names = self.board.names
        _, start, lands, taken = raw
        move = Move(
            names[start],
            names[lands[-1]],
            (names[start], *(names[p] for p in lands)),
            tuple(names[p] for p in taken),
            "jump",
            raw,
        )
        if len(self._moves) < 200_000:
            self._moves[raw] = move
        return move

    def legal(self, state: HuntState) -> list[Move]:
        """Every legal move in ``state`` (empty once the game is over)."""
        if state._legal is not None and state._legal_by is self:
            return state._legal
        moves = [] if state.result is not None else self._legal_moves(state)
        if self._cache:
            state._legal = moves
            state._legal_by = self
        return moves

    def candidates(self, state: HuntState, node: str) -> list[str]:
        """Moves the piece on ``node`` could make along the lines, before the direction rule,
        the fortress rule and strict capture (as texts; empty for an empty node)."""
        b = self.board
        p = b.index.get(node, -1)
        if p < 0 or not state.cells[p]:
            return []
        cells = state.cells
        out = [f"{node}-{b.names[q]}" for q in self._steps[p] if cells[q] == EMPTY]
        if cells[p] == DEFENDER:
            out += [self._to_move(raw).text for raw in self._chains(cells, p)]
        return out

    def parse(self, state: HuntState, text: str) -> Move | None:
        """The legal move written ``text`` (spaces are forgiven), or ``None``."""
        text = " ".join(text.split())
        compact = text.replace(" ", "")
        for move in self.legal(state):
            if move.text == text or move.text.replace(" ", "") == compact:
                return move
        return None

    # -- playing ------------------------------------------------------------------------------
    def apply(self, state: HuntState, move: Move) -> HuntState:
        """The state after a legal ``move`` (checked by :class:`Game`, not here)."""
        raw = move.raw
        cells = list(state.cells)
        b = self.board
        if raw[0] == "huff":
            cells[raw[1]] = EMPTY
            new = HuntState(
                cells, state.to_move, (), True, quiet=0, plies=state.plies, best=state.best
            )
        elif raw[0] == "step":
            _, start, end = raw
            huffable: tuple[int, ...] = ()
            if state.to_move == 1 and self._capture == "huff":
                could = [
                    p
                    for p, c in enumerate(state.cells)
                    if c == DEFENDER and self._has_jump(state.cells, p)
                ]
                huffable = tuple(sorted(end if p == start else p for p in could))
            cells[end] = cells[start]
            cells[start] = EMPTY
            # Progress for the move limit: more attackers in the fortress than ever before in
            # this game (stepping out and back in again is no progress).
            best, quiet = state.best, state.quiet + 1
            if state.to_move == 0 and b.fortress[end] and not b.fortress[start]:
                held = [cells[p] for p in self._fortress_points].count(ATTACKER)
                if held > best:
                    best, quiet = held, 0
            new = HuntState(
                cells,
                1 - state.to_move,
                huffable,
                False,
                quiet=quiet,
                plies=state.plies + 1,
                best=best,
                stepped=end if huffable else -1,
            )
        else:
            _, start, lands, taken = raw
            cells[start] = EMPTY
            for p in taken:
                cells[p] = EMPTY
            cells[lands[-1]] = DEFENDER
            new = HuntState(cells, 0, (), False, quiet=0, plies=state.plies + 1, best=state.best)
        self._finish(new)
        return new

    def _finish(self, state: HuntState) -> None:
        """End-of-game checks after every move and on set-up (the rules' order)."""
        spec = self.spec
        cells = state.cells
        attackers = cells.count(ATTACKER)
        defenders = cells.count(DEFENDER)
        held = [cells[p] for p in self._fortress_points].count(ATTACKER)
        if held == len(self._fortress_points):
            state.result = Result(
                "attackers",
                f"{self._heads[spec.rule_attackers_win]}: the attackers hold all {held} "
                "fortress points",
                spec.rule_attackers_win,
            )
        elif attackers < spec.defenders_win_below:
            state.result = Result(
                "defenders",
                f"{self._heads[spec.rule_defenders_win]}: only {attackers} attacker"
                f"{'' if attackers == 1 else 's'} left",
                spec.rule_defenders_win,
            )
        elif defenders == 0:
            state.result = Result(
                "attackers",
                f"{self._heads[spec.rule_attackers_win]}: no defender is left",
                spec.rule_attackers_win,
            )
        elif self._limit is not None and state.quiet >= self._limit:
            state.result = Result(
                None,
                f"Move limit: {self._limit} plies without a capture, a huff or more "
                "attackers in the fortress than ever before (a project rule, not historical)",
                "move_limit",
            )
        else:
            legal = self._legal_moves(state)
            if legal:
                if self._cache:
                    state._legal = legal
                    state._legal_by = self
                return
            if state.to_move == 1:
                state.result = Result(
                    "attackers",
                    f"{self._heads[spec.rule_attackers_win]}: the defenders have no legal move",
                    spec.rule_attackers_win,
                )
            else:
                state.result = Result(
                    "defenders",
                    f"{self._heads[spec.rule_no_move]}: the attacker has no legal move",
                    spec.rule_no_move,
                )

    # -- explaining -----------------------------------------------------------------------------
    def explain(self, state: HuntState, text: str) -> tuple[bool, str, str | None]:
        """Whether ``text`` is legal in ``state``, the reason in words, and the deciding rule."""
        move = self.parse(state, text)
        if move is not None:
            return True, self._legal_reason(move), None
        if state.result is not None:
            return False, f"The game is over ({state.result}).", "game-over"
        text = " ".join(text.split())
        if text.startswith("huff"):
            return self._explain_huff(state, text[4:].strip())
        text = text.replace(" ", "")
        sep = "x" if "x" in text else "-"
        parts = [p.strip() for p in text.split(sep)]
        if len(parts) < 2 or (sep == "-" and len(parts) != 2) or not all(parts):
            return (
                False,
                f"{text!r} is not a move; write a step c6-c7, a jump chain c7xc5xe5 or huff c7.",
                "notation",
            )
        b = self.board
        for p in parts:
            if p not in b.index:
                return False, self._missing(p) + ".", "notation"
        nodes = [b.index[p] for p in parts]
        start = nodes[0]
        cells = state.cells
        code = cells[start]
        if not code:
            return False, f"There is no piece on {parts[0]}.", "notation"
        if code - 1 != state.to_move:
            return (
                False,
                f"It is the {SIDES[state.to_move]}'s turn, and the piece on {parts[0]} "
                f"is {'an attacker' if code == ATTACKER else 'a defender'}.",
                "turn-order",
            )
        if sep == "x":
            if code == ATTACKER:
                return False, "Attackers never jump; only defenders capture.", "movement"
            return self._explain_chain(cells, nodes)
        end = nodes[1]
        if end not in self._steps[start]:
            return (
                False,
                f"{parts[0]} and {parts[1]} are not joined by a line; a piece steps "
                "to a neighbouring point along a line.",
                "movement",
            )
        if cells[end]:
            return False, f"{parts[1]} is occupied.", "movement"
        if code == DEFENDER:
            return (
                False,
                "A capture is available, so the defender must capture "
                f"({self.rules.citation('capture')}).",
                self.rules.option("capture").id,
            )
        return self._explain_attacker_step(cells, start, end)

    def _explain_attacker_step(
        self, cells: list[int], start: int, end: int
    ) -> tuple[bool, str, str | None]:
        b = self.board
        names = b.names
        if self.spec.frozen_in_fortress and b.fortress[start]:
            return (
                False,
                f"The attacker on {names[start]} stands in the fortress, where it stays for good.",
                "fortress",
            )
        opt = self.rules.option(self.spec.direction_option)
        d0, d1 = b.distance[start], b.distance[end]
        where = (
            f"{names[start]} is {d0} line(s) from the fortress and {names[end]} is {d1}"
            if d0 or d1
            else f"{names[start]} and {names[end]} are both in the fortress"
        )
        if self._mode == "no-horizontal":
            where = "the step does not go up one rank"
        elif b.fortress[start] and not b.fortress[end]:
            where = "the step would leave the fortress"
        reason = (
            f"The step does not lead towards the fortress under "
            f"{self.rules.citation(opt.name)}: {where}."
        )
        if self.spec.escape_clause:
            reason += (
                " The escape clause (PS-6) frees the attackers only when none of them "
                "can step towards the fortress."
            )
        return False, reason, opt.id

    def _explain_chain(self, cells: list[int], nodes: list[int]) -> tuple[bool, str, str | None]:
        b = self.board
        names = b.names
        work = list(cells)
        work[nodes[0]] = EMPTY
        for at, land in pairwise(nodes):
            over = next((o for o, t in self._jumps[at] if t == land), -1)
            if over < 0:
                return (
                    False,
                    f"{names[land]} is not two steps from {names[at]} along one "
                    "straight line, so no jump leads there.",
                    "movement",
                )
            if work[over] != ATTACKER:
                what = (
                    "a defender: only attackers can be jumped"
                    if work[over] == DEFENDER
                    else "empty"
                    if cells[over] == EMPTY
                    else "an attacker already jumped in this move"
                )
                return False, f"The point jumped over, {names[over]}, is {what}.", "movement"
            if work[land] != EMPTY:
                return False, f"The landing point {names[land]} is occupied.", "movement"
            work[over] = EMPTY
        return False, "The rules do not allow this move here.", None

    def _explain_huff(self, state: HuntState, point: str) -> tuple[bool, str, str | None]:
        opt_id = self.rules.option("capture").id
        if self._capture != "huff":
            return (
                False,
                f"Huffing exists only when capture is 'huff' ({self.rules.citation('capture')}).",
                opt_id,
            )
        if state.to_move != 0:
            return False, "Only the attacker huffs, before his own move.", "huffing"
        if state.huffed:
            return False, "The attacker has already huffed this turn (one huff at most).", "huffing"
        b = self.board
        if point not in b.index or state.cells[b.index[point]] != DEFENDER:
            return False, f"There is no defender on {point or '(no point given)'}.", "notation"
        p = b.index[point]
        # PS-10 decides only where the other reading of it would allow this huff.
        other_allows = (
            (p in state.huffable)
            if self._huff_moved
            else (bool(state.huffable) and p == state.stepped)
        )
        # Which defenders are eligible is the project's reading ("huffing"), except where
        # the other reading of PS-10 would allow this one.
        opt_id = "huffing"
        if other_allows and "huff_target" in self.rules:
            opt_id = self.rules.option("huff_target").id
        target = (
            "the defender that moved"
            if self._huff_moved
            else "a defender that had a capture available before it"
        )
        return (
            False,
            f"The defender on {point} may not be huffed: huffing follows only a defender's "
            "move that was not a capture, made while a capture was available, and takes only "
            f"{target}.",
            opt_id,
        )

    def _legal_reason(self, move: Move) -> str:
        if move.kind == "huff":
            who = (
                "which stepped while a capture was available"
                if self._huff_moved
                else "which could have captured and did not"
            )
            return (
                f"The attacker removes the defender on {move.start}, {who} "
                f"({self.rules.citation('capture')})."
            )
        if move.kind == "jump":
            n = len(move.captures)
            return (
                f"The defender jumps {n} attacker{'s' if n > 1 else ''} "
                f"({', '.join(move.captures)})."
            )
        return f"The piece steps from {move.start} to {move.end} along a line."

    # -- text board ---------------------------------------------------------------------------
    def text(self, state: HuntState) -> str:
        """A plain-text board: ``x`` attacker, ``O`` defender, ``+`` empty fortress point."""
        b = self.board
        cells = state.cells

        def mark(p: int) -> str:
            return ("x", "O")[cells[p] - 1] if cells[p] else ("+" if b.fortress[p] else ".")

        rows: list[str] = []
        if self.game == "belagerung":
            for r in range(9, 0, -1):
                line = "".join(
                    f" {mark(b.index[f'{c}{r}'])}" if f"{c}{r}" in b.index else "  "
                    for c in "abcdefghi"
                )
                rows.append(f"{r} {line}")
            rows.append("   " + " ".join("abcdefghi"))
        else:
            for r in range(8):
                pts = " ".join(mark(b.index[f"r{r}c{c}"]) for c in range(r + 1))
                rows.append(f"r{r} " + " " * (7 - r) + pts)
        if state.result is not None:
            rows.append(f"result: {state.result}")
        else:
            extra = ""
            points = self.huff_points(state)
            if points:
                extra = f" (may huff {', '.join(b.names[p] for p in points)})"
            rows.append(f"to move: {SIDES[state.to_move]}{extra}")
        rows.append(
            f"x attacker ({cells.count(ATTACKER)}), O defender ({cells.count(DEFENDER)}), "
            "+ empty fortress point, . empty point"
        )
        return "\n".join(rows)


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

    @property
    def huffed(self) -> bool:
        """True once the attacker has huffed this turn."""
        return bool(self._state.huffed)
