"""Siege of Paris as a search domain, on the engine's own frozen states.

White and Black are one team, the attackers. Before a garrison turn where the attackers may
demand a capture, the attackers decide first: the ``demand`` move or :data:`NO_DEMAND`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from siege_nb.ai.domains import ATTACKERS, DEFENDERS, NO_DEMAND, check_engine, check_family
from siege_nb.boards.paris import ParisBoard
from siege_nb.errors import check_type
from siege_nb.games.base import Game, Move
from siege_nb.games.paris import GENERAL, SET_COUNTS, SOLDIER, ParisEngine

__all__ = ["ParisDomain", "ParisPos"]

# -- Siege of Paris -------------------------------------------------------------------------------
# A Paris position in the search: (engine state, demand decided).
ParisPos = tuple[Any, bool]
_PARIS_SOLDIER = SOLDIER  # the soldier's rank code
_GARRISON_GENERAL = GENERAL  # the garrison general's code (side 0)


# (id(board), lines, targets) -> (board, its _steps_to): a search builds its domain at every
# decision, and these tables depend on the board and the rules only. The board is kept so
# that its id is not reused while the entry lives; a few layouts and readings at most.
_STEPS_TO: dict[tuple[Any, ...], tuple[ParisBoard, tuple[int | None, ...]]] = {}


def _steps_to(
    board: ParisBoard, lines: Sequence[tuple[int, int]], targets: Sequence[int]
) -> tuple[int | None, ...]:
    """Per node, how many moves a piece moving along ``lines`` (direction, reach) needs to
    reach one of the squares ``targets`` (0 on the circles, None if it never can). Found
    breadth first, backwards along the lines; the pieces on the board are not looked at."""
    key = (id(board), tuple(lines), tuple(targets))
    hit = _STEPS_TO.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_STEPS_TO) >= 256:
        _STEPS_TO.clear()
    found = _breadth_first(board, lines, targets)
    _STEPS_TO[key] = (board, found)
    return found


def _breadth_first(
    board: ParisBoard, lines: Sequence[tuple[int, int]], targets: Sequence[int]
) -> tuple[int | None, ...]:
    """:func:`_steps_to`, computed."""
    n_sq, n = board.n_squares, len(board.names)
    steps: list[int | None] = [None] * n_sq + [0] * (n - n_sq)
    frontier = list(targets)
    for s in frontier:
        steps[s] = 0
    while frontier:
        nxt = []
        for q in frontier:
            for d, reach in lines:
                p = q
                for _ in range(reach):
                    p = board.ray[(d + 4) % 8][p]
                    if p < 0:
                        break
                    if steps[p] is None:
                        steps[p] = cast(int, steps[q]) + 1
                        nxt.append(p)
        frontier = nxt
    return tuple(steps)


class ParisDomain:
    """Siege of Paris on the engine's own states; White and Black are one team.

    Before a garrison turn where the attackers may demand a capture, the attackers decide
    first: the ``demand`` move or :data:`NO_DEMAND`.
    """

    # The evaluation's price (in logit) of each attacker the garrison may take at once.
    hanging_weight = 0.25
    # The value short of placement with nothing taken yet (it falls to 0 as the garrison
    # takes what SP-3 asks): below the draw that a soldier inside secures.
    material_weight = 0.35
    # The same with a soldier inside, where the garrison can no longer win: small, so that a
    # soldier that enters only to jam its gate (placement then hangs on the other army) is
    # worth less than waiting for room, as it is against a garrison that keeps still.
    inside_material_weight = 0.1

    def __init__(self, game: Game) -> None:
        check_family(game, "paris")
        engine = game._engine
        self.settings = dict(game.rules.settings)  # the rules it plays (for the checks)
        self.engine = engine
        self.state_type = type(game._state)  # what a position's state is (for the checks)
        board = engine.board
        self.board = board
        self.n_sq = board.n_squares
        self.need = int(game.rules["placement_win"])
        # SP-3: the garrison wins once it has taken every soldier and all officers but six.
        officers = sum(n for a in (1, 2) for r, n in SET_COUNTS[a].items() if r != SOLDIER)
        self.spare_officers = 6
        self.general_range = int(game.rules["garrison_general_range"])
        self.to_take = sum(SET_COUNTS[a][SOLDIER] for a in (1, 2)) + officers - self.spare_officers
        self.limit = game.rules["move_limit"]
        gate_sq = [s for g in board.gates for s in board.gate_squares[g]]
        self.gate_squares = frozenset(gate_sq)
        self.gate_circles = frozenset(board.gates)
        self.gates = tuple(board.gates)
        self.links = board.circle_links
        # Per army, gate circle and node: how many moves a soldier there needs to reach one
        # of that gate's squares by its own movement (SP-9: diagonally forward, or backwards
        # too), or None. Moving forward only, a soldier can reach one gate at most (White the
        # southern one, Black the northern): round the citadel's hole the other gate lies
        # behind it. A gate jammed by an attacker makes the soldiers that need it useless.
        movement = cast(ParisEngine, engine).movement
        self.soldier_gate_steps: dict[int, dict[int, tuple[int | None, ...]]] = {
            army: {
                g: _steps_to(board, movement[army * 8 + _PARIS_SOLDIER], board.gate_squares[g])
                for g in board.gates
            }
            for army in (1, 2)
        }
        # Per army and node: the gates that soldier can reach, nearest first, as pairs
        # (moves, gate circle); and the moves to the nearest, or None.
        self.soldier_routes: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
            army: tuple(
                tuple(sorted((d, g) for g, d in zip(per_gate, ds, strict=True) if d is not None))
                for ds in zip(*per_gate.values(), strict=True)
            )
            for army, per_gate in self.soldier_gate_steps.items()
        }
        self.soldier_steps: dict[int, tuple[int | None, ...]] = {
            army: tuple(r[0][0] if r else None for r in routes)
            for army, routes in self.soldier_routes.items()
        }
        # Per officer code and node: how many moves that officer needs to reach a gate square
        # by its own movement, or None (an officer that cannot move backwards is lost to the
        # placement once past both gates).
        self.officer_steps: dict[int, tuple[int | None, ...]] = {
            code: _steps_to(board, lines, gate_sq)
            for code, lines in movement.items()
            if code >= 8 and code & 7 != _PARIS_SOLDIER
        }

    def root(self, game: Game, decide_demand: bool = False) -> ParisPos:
        """The search position of ``game``; ``decide_demand``: the demand is still open."""
        check_engine(self, game)
        check_type(decide_demand, bool, "decide_demand")
        return (game._state, not decide_demand)

    def result(self, pos: ParisPos) -> float | None:
        """The attackers' score of a finished position, else None."""
        r = pos[0].result
        if r is None:
            return None
        return 0.5 if r.winner is None else (1.0 if r.winner == "attackers" else 0.0)

    def _demand(self, pos: ParisPos) -> Move | None:
        state, done = pos
        if done or state.to_move != 0 or state.result is not None:
            return None
        for m in self.engine.legal(state):
            if m.kind == "demand":
                return m
        return None

    def decider(self, pos: ParisPos) -> int:
        """The team that decides at ``pos``."""
        if pos[0].to_move != 0 or self._demand(pos) is not None:
            return ATTACKERS
        return DEFENDERS

    def actions(self, pos: ParisPos) -> list[Any]:
        """The choices at ``pos``: the demand decision first, then the moves."""
        demand = self._demand(pos)
        if demand is not None:
            return [demand, NO_DEMAND]
        return [m for m in self.engine.legal(pos[0]) if m.kind != "demand"]

    def play(self, pos: ParisPos, action: Any) -> ParisPos:
        """The position after ``action``."""
        if action is NO_DEMAND:
            return (pos[0], True)
        state = self.engine.apply(pos[0], action)
        return (state, action.kind == "demand")

    # -- the attackers' plan: enter without jamming a gate, make room, bring soldiers up -----
    def _inside(self, cells: Sequence[int]) -> tuple[int, int]:
        """Attacking soldiers and officers on the circles."""
        s_in = o_in = 0
        for c in cells[self.n_sq :]:
            if c >= 8:
                if c & 7 == _PARIS_SOLDIER:
                    s_in += 1
                else:
                    o_in += 1
        return s_in, o_in

    def _walled(self, cells: Sequence[int], gate: int) -> bool:
        """Is every circle beside ``gate`` taken? Then a piece on it cannot step on."""
        return all(cells[c] for c in self.links[gate])

    def _stuck(self, cells: Sequence[int], gate: int) -> bool:
        """Does an attacker hold ``gate`` with no empty circle beside it? Then no piece can
        enter there and the garrison inside cannot leave by it: a jam that ends the attack
        through that gate (and, with both gates jammed, every chance of placement)."""
        return cells[gate] >= 8 and self._walled(cells, gate)

    def _ready(self, cells: Sequence[int]) -> int:
        """A gate whose circle is empty with an attacking soldier on one of its squares (it
        enters on its army's turn unless the garrison fills the circle first), else -1."""
        for g in self.gates:
            if not cells[g]:
                for q in self.board.gate_squares[g]:
                    c = cells[q]
                    if c >= 8 and c & 7 == _PARIS_SOLDIER:
                        return g
        return -1

    def _entry_kind(self, cells: Sequence[int], move: Move, inside: tuple[int, int]) -> int:
        """An entry's worth: 2 if it completes the placement, 1 if the piece can step on
        from the gate afterwards, -1 if it would jam the gate."""
        start, gate = move.raw[0], move.raw[1]
        soldier = cells[start] & 7 == _PARIS_SOLDIER
        s_in, o_in = inside[0] + soldier, inside[1] + (not soldier)
        if s_in >= self.need and o_in >= 1:
            return 2
        return -1 if self._walled(cells, gate) else 1

    def _plan_key(self, cells: Sequence[int], move: Any, inside: tuple[int, int]) -> int:
        """A rule-of-thumb rank of an attackers' move (higher first): a winning entry, an
        entry that leaves room, stepping off a gate circle inside, a soldier's step towards
        its gate, other moves, and last an entry that jams a gate."""
        if not isinstance(move, Move):
            return 0
        if move.kind == "enter":
            return {2: 6, 1: 4, -1: -2}[self._entry_kind(cells, move, inside)]
        start, end = move.raw[0], move.raw[1]
        if start >= self.n_sq:
            # Inside: off a gate frees it for the next piece; onto a gate blocks it.
            return 3 if start in self.gate_circles else (-1 if end in self.gate_circles else 0)
        code = cells[start]
        if code >= 8 and code & 7 == _PARIS_SOLDIER:
            steps = self.soldier_steps[code >> 3]
            before, after = steps[start], steps[end]
            if before is not None and after is not None and after < before:
                return 1
        return 0

    def rollout_action(self, pos: ParisPos, rng: random.Random) -> Any:
        """Quick play: the attackers never demand, enter when the gate stays open (at once
        when it wins), step off a gate circle inside, else mostly advance soldiers and never
        jam a gate; the garrison captures when it can."""
        if self._demand(pos) is not None:
            return NO_DEMAND
        acts = self.actions(pos)
        state = pos[0]
        if state.to_move == 0:
            caps = [m for m in acts if m.captures]
            if caps and rng.random() < 0.9:
                return rng.choice(caps)
            return rng.choice(acts)
        cells = state.cells
        inside = self._inside(cells)
        best: list[Any] = []
        best_key = -9
        # Only the plan's best moves: a full ranking of every move would cost as much as
        # the engine's move generation, so ordinary moves are sampled.
        for m in acts:
            if m.kind == "enter" or m.raw[0] >= self.n_sq:
                key = self._plan_key(cells, m, inside)
                if key > best_key:
                    best, best_key = [m], key
                elif key == best_key:
                    best.append(m)
        if best_key >= 3:
            return rng.choice(best)
        for _ in range(4):
            m = rng.choice(acts)
            key = self._plan_key(cells, m, inside)
            if key >= 1 or (key == 0 and rng.random() < 0.4):
                return m
        ordinary = [m for m in acts if m.kind != "enter" or self._entry_kind(cells, m, inside) > 0]
        return rng.choice(ordinary or acts)

    def evaluate(self, pos: ParisPos) -> float:
        """The attackers' chances in [0, 1]: pieces inside against what placement needs,
        soldiers that can still reach an open gate and how close, the officers that can still
        reach one (the nearest, and whether there is a second), gates jammed or blocked by the
        attackers' own pieces, room left inside; below one half by the material the garrison
        still has to take (SP-3), and at least one half once a soldier is inside or about to
        enter (the garrison can no longer win). A soldier whose entry would jam its gate may
        enter or wait: the better of the two counts."""
        score = self.result(pos)
        if score is not None:
            return score
        state = pos[0]
        ready = self._ready(state.cells)
        if ready >= 0 and self._walled(state.cells, ready):
            # Its entry would jam the gate. The attackers may enter (the garrison can then
            # no longer win) or wait for room: the position is worth the better of the two.
            return max(self._value(state, -1), self._value(state, ready))
        return self._value(state, ready)

    def _value(self, state: Any, ready: int) -> float:
        """:meth:`evaluate` of an unfinished position; ``ready``: a gate where a soldier is
        counted as already in (see :meth:`_ready`), or -1."""
        cells = state.cells
        n_sq = self.n_sq
        need = self.need
        stuck = [g for g in self.gates if self._stuck(cells, g)]
        parked = sum(1 for g in self.gates if cells[g] >= 8) - len(stuck)
        # A soldier ready to enter counts as in, on its gate as it would stand there: the
        # garrison must see the entry coming (the tree seldom expands an entry that jams),
        # and the attackers must not value waiting above entering.
        if ready >= 0 and self._walled(cells, ready):
            stuck.append(ready)
        # A garrison piece on a gate circle that cannot come out (the attackers fill the
        # squares it could step on; a garrison soldier also needs room under SP-14's three
        # per colour) keeps the gate shut while they wait there: the garrison never has to
        # move it, and a soldier on a gate square can neither enter nor step back.
        out = [0, 0]
        for i in state.occupied:
            if i < n_sq and cells[i] == _PARIS_SOLDIER:
                out[self.board.dark[i]] += 1
        locked = 0
        for g in self.gates:
            c = cells[g]
            if 0 < c < 8 and not any(
                cells[q] == 0 and (c != _PARIS_SOLDIER or out[self.board.dark[q]] < 3)
                for q in self.board.gate_squares[g]
            ):
                locked += any(cells[q] >= 8 for q in self.board.gate_squares[g])
        soldiers = officers = o_in = 0
        s_in = int(ready >= 0)
        live: list[int] = []
        officer_d = 99
        reach = 0  # officers outside that can still reach a gate
        garrison_in = 0
        for i in state.occupied:
            c = cells[i]
            if c < 8:
                garrison_in += i >= n_sq
                continue
            if c & 7 == _PARIS_SOLDIER:
                soldiers += 1
                if i >= n_sq:
                    s_in += 1
                else:
                    # The nearest gate it can still use (one at most, moving forward only).
                    for d, g in self.soldier_routes[c >> 3][i]:
                        if g not in stuck:
                            live.append(d)
                            break
            else:
                officers += 1
                if i >= n_sq:
                    o_in += 1
                else:
                    d = self.officer_steps[c][i]
                    if d is not None:
                        reach += 1
                        if d < officer_d:
                            officer_d = d
        if soldiers < need or officers == 0 or (not o_in and officer_d == 99):
            # No placement any more (no officer left that can reach a gate, say): a draw at
            # best for the attackers, or SP-4's draw once a soldier is safe inside.
            if s_in:
                return 0.5
            return self._hunt(cells, state.occupied, soldiers, officers)
        if len(stuck) == len(self.gates):
            # Every gate jammed: nothing can enter any more; at best a draw, while the
            # garrison outside takes what it can (unless a soldier is in: see below).
            return 0.55 if s_in else 0.2
        live.sort()
        missing = max(need - s_in, 0)
        approach = 0.0
        if missing:
            near = live[:missing]
            approach = -1.0 if len(near) < missing else -sum(near) / (missing * 11.0)
        officer = 1.0 if o_in else -min(officer_d, 6) / 6.0
        hanging = 0
        if state.to_move == 0:
            # The garrison to move: the pieces it may take now (its moves are cached with
            # the state, so this costs a scan). It takes one a turn; two hanging is worse.
            hanging = min(len({m.raw[1] for m in self.engine.legal(state) if m.captures}), 2)
        x = (
            # The chance of a placement win: about 0.4 at the start. With the material share
            # below, the start is still worth more than a draw to the attackers (about 0.62),
            # so that the drift to a draw near the move limit costs them something and the
            # search values an entry (which resets the count) above shuffling; a soldier
            # inside (the floor below) is worth clearly more than holding back.
            -2.65
            - self.hanging_weight * hanging
            + 1.6 * min(s_in, need) / need
            + 0.8 * min(o_in, 1)
            + 1.2 * approach
            + 0.4 * officer
            + 0.8 * min(len(live) + s_in, 12) / 12
            + 1.2 * soldiers / 24
            + 0.4 * officers / 12
            + 0.25 * (min(reach + 2 * o_in, 2) - 1)  # a second officer in reach of a gate
            + 1.0 * (1.0 - garrison_in / 8.0)  # room inside for the placement
            - 1.5 * len(stuck)  # a jammed gate: its army's soldiers can no longer enter
            - 0.3 * parked  # a piece on a gate keeps the next one out until it steps on
            - 1.2 * locked  # a gate the garrison holds and cannot leave
        )
        place = 1.0 / (1.0 + math.exp(-x))
        share = min(soldiers + max(officers - self.spare_officers, 0), self.to_take) / self.to_take
        if s_in:
            # An attacking soldier inside can never be taken (SP-17), and the garrison wins
            # only by taking every soldier (SP-3): the attackers can no longer lose. Without
            # this floor a soldier that jams a gate looked like a gain for the garrison, whose
            # search then let one in and could only draw from there on.
            # The material still counts, a little: it is what a later placement (or blockade)
            # needs.
            value = 0.5 + 0.5 * (place + (1.0 - place) * self.inside_material_weight * share)
        else:
            # Short of placement: below a draw (a garrison that holds its gates takes piece
            # after piece), and the lower the less the garrison still has to take (SP-3).
            # Linear, so that each capture shows as much when the garrison holds the gates
            # (placement hopeless, the logit far below zero) as at the start: on the logit
            # alone a capture there changed the value by a few thousandths, and the
            # garrison's search could not tell taking a piece from walking past it. Kept
            # clearly below the floor above, so that no capture is worth a soldier inside.
            value = place + (1.0 - place) * self.material_weight * share
        if self.limit is not None:
            late = max(0.0, (state.quiet - (self.limit - 40)) / 40.0)
            value += (0.5 - value) * min(late, 1.0)
        return value

    def _hunt(
        self, cells: Sequence[int], occupied: Sequence[int], soldiers: int, officers: int
    ) -> float:
        """The attackers' chances once they cannot place enough pieces any more: low, and
        lower the less the garrison still has to take for its own win (SP-3: every soldier
        and all officers but six) and the nearer its pieces on the squares stand to those
        targets. Without this slope every such position looked alike to the search, and a
        garrison with the game won shuffled until the move limit drew it."""
        left = soldiers + max(officers - self.spare_officers, 0)
        board = self.board
        file, rank, dark = board.file, board.rank, board.dark
        n_sq = self.n_sq
        reach = self.general_range
        # The moves the nearest garrison piece on the squares needs to take a piece it must
        # take, by its own movement: the general strides, the colonel steps orthogonally, a
        # soldier steps diagonally on its own colour (so it never takes a piece on the other).
        near = 8
        for t in occupied:
            c = cells[t]
            if t >= n_sq or c < 8 or (c & 7 != _PARIS_SOLDIER and officers <= self.spare_officers):
                continue
            for h in occupied:
                g = cells[h]
                if h >= n_sq or not 0 < g < 8:
                    continue
                df, dr = abs(file[t] - file[h]), abs(rank[t] - rank[h])
                if g == _PARIS_SOLDIER:
                    if dark[t] != dark[h]:
                        continue
                    moves = max(df, dr)
                elif g == _GARRISON_GENERAL:
                    moves = -(-max(df, dr) // reach)
                else:
                    moves = df + dr
                near = min(near, moves)
        # In the units of the evaluation's material share: a capture (one piece fewer)
        # always outweighs the longer way to the next target (at most eight ninths of one).
        work = max(left - 1 + near / 9.0, 0.0)
        return 0.01 + self.material_weight * min(work, self.to_take) / self.to_take

    def order(self, actions: list[Any], pos: ParisPos | None = None) -> list[Any]:
        """Untried actions in the order to expand them (last first): the garrison's captures
        first; the attackers' moves by :meth:`_plan_key`, jamming entries last."""
        if pos is None or pos[0].to_move == 0:
            return sorted(
                actions,
                key=lambda m: (
                    0 if not isinstance(m, Move) else (m.kind == "enter") + bool(m.captures)
                ),
            )
        cells = pos[0].cells
        inside = self._inside(cells)
        return sorted(actions, key=lambda m: self._plan_key(cells, m, inside))
