"""The search behind :class:`~siege_nb.ai.agents.MCTSAgent`: UCT over engine states.

The tree search is written once (:func:`search`) over a small *domain* interface: the
decisions of a position, who makes them, what an action leads to, a quick rollout policy and
a static evaluation in [0, 1] from the attackers' view. Two domains fill it in:

* :class:`HuntDomain` (Belagerung, Pyramid Siege) simulates the hunt rules on plain tuples,
  one *decision* at a time: a defender's jump chain is chosen jump by jump (first a step or a
  first jump, then another jump or "stop"), so the search never lists every chain; a
  constructed position can have millions of distinct chains, and the engine lists them all
  whenever it settles a defender's position. The rules follow
  :class:`~siege_nb.games.hunt.HuntEngine` (the tests hold the two together).
* :class:`ParisDomain` (Siege of Paris) uses the engine's own frozen states
  (``engine.legal``, ``engine.apply``), with the attackers' ``demand`` as a decision of the
  attackers before a garrison turn.

The constructors, :meth:`~HuntDomain.root`, :meth:`HuntDomain.move_of` and :func:`search`
check their arguments (a :class:`TypeError` or an :class:`~siege_nb.ArgumentError`). The
methods the search calls thousands of times a second (``actions``, ``play``, ``evaluate``...)
trust their positions, which only ``root`` and ``play`` make.

>>> import siege_nb as sn
>>> g = sn.new_game("pyramid-siege")
>>> domain = HuntDomain(g)
>>> root = domain.root(g)
>>> domain.decider(root), len(domain.actions(root))
(1, 6)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from siege_nb.ai.base import _check_real, check_game
from siege_nb.errors import ArgumentError, check_int, check_type, shorten
from siege_nb.games.base import Game, Move
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.games.hunt import SPECS, HuntEngine, attacker_may

__all__ = ["ATTACKERS", "DEFENDERS", "HuntDomain", "ParisDomain", "SearchResult", "search"]

ATTACKERS, DEFENDERS = 0, 1  # the two teams of a search, whatever the game calls them
EMPTY, ATTACKER, DEFENDER = 0, 1, 2  # hunt cell codes (as in siege_nb.games.hunt)
STOP = ("stop",)  # the action that ends a jump chain before it must end
NO_DEMAND = ("no-demand",)  # Siege of Paris: the attackers let the garrison choose freely


# -- the hunt games -------------------------------------------------------------------------------
# A hunt position in the search: (cells, to_move, huffable, huffed, quiet, best, stepped,
# chain, result). ``chain`` is the point a defender's unfinished jump chain stands on (-1 when
# none: the cells then already show the jumps made); ``result`` is None or the attackers'
# score (1 win, 0 loss, 0.5 draw).
HuntPos = tuple[Any, ...]


class HuntDomain:
    """The hunt rules for the search, decision by decision (see the module text).

    Actions: ``("s", p, q)`` a step, ``("h", p)`` a huff, ``("j", p, q)`` a jump from p to q
    (the first of a chain or the next one), :data:`STOP` to end a chain.
    """

    def __init__(self, game: Game) -> None:
        _check_family(game, "hunt")
        engine = cast(HuntEngine, game._engine)
        self.settings = dict(game.rules.settings)  # the rules it plays (for the checks)
        self.engine = engine
        board = engine.board
        self.board = board
        spec = SPECS[game.game]
        rules = game.rules
        n = len(board.names)
        self.n = n
        mode = rules[spec.direction_option]
        frozen = spec.frozen_in_fortress
        self.fortress = tuple(board.fortress)
        self.fortress_points = tuple(board.fortress_points)
        self.size = len(self.fortress_points)
        self.distance = tuple(board.distance)
        self.max_distance = max(max(self.distance), 1)
        steps = [tuple(s[p] for s in board.step if s[p] >= 0) for p in range(n)]
        self.steps = tuple(steps)
        movable = [not (frozen and board.fortress[p]) for p in range(n)]
        self.towards = tuple(
            tuple(q for q in steps[p] if attacker_may(board, mode, p, q)) if movable[p] else ()
            for p in range(n)
        )
        self.free = tuple(steps[p] if movable[p] else () for p in range(n))
        self.jumps = tuple(
            tuple((s[p], s[s[p]]) for s in board.step if s[p] >= 0 and s[s[p]] >= 0)
            for p in range(n)
        )
        self.over = {(p, land): o for p in range(n) for o, land in self.jumps[p]}
        self.escape = spec.escape_clause
        self.capture = rules["capture"]
        self.huff_moved = rules.get("huff_target", "could-capture") == "moved"
        self.limit = rules["move_limit"]
        self.below = spec.defenders_win_below
        self.start_attackers = max(len(board.attacker_start), self.below + 1)
        # Per point q: the (defender point, landing point) pairs of the jumps that take q.
        jumpers: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for d in range(n):
            for o, land in self.jumps[d]:
                jumpers[o].append((d, land))
        self.jumpers = tuple(tuple(j) for j in jumpers)

    # -- positions ------------------------------------------------------------------------------
    def root(self, game: Game) -> HuntPos:
        """The search position of ``game`` (its state read, never changed)."""
        _check_engine(self, game)
        s = game._state
        result = None
        if s.result is not None:
            winner = s.result.winner
            result = 0.5 if winner is None else (1.0 if winner == "attackers" else 0.0)
        return (
            s.cells, s.to_move, tuple(s.huffable), bool(s.huffed), s.quiet, s.best,
            s.stepped, -1, result,
        )  # fmt: skip

    def result(self, pos: HuntPos) -> float | None:
        """The attackers' score of a finished position, else None."""
        return pos[8]

    def decider(self, pos: HuntPos) -> int:
        """The team that decides at ``pos``."""
        return ATTACKERS if pos[1] == 0 else DEFENDERS

    def has_jump(self, cells: Sequence[int], p: int) -> bool:
        """Can the defender on ``p`` jump now?"""
        return any(cells[o] == ATTACKER and cells[land] == EMPTY for o, land in self.jumps[p])

    def actions(self, pos: HuntPos) -> list[tuple[Any, ...]]:
        """The choices at ``pos`` (empty once the game is over)."""
        if pos[8] is not None:
            return []
        cells = pos[0]
        if pos[7] >= 0:  # an unfinished chain: jump on, or stop
            at = pos[7]
            out: list[tuple[Any, ...]] = [
                ("j", at, land)
                for o, land in self.jumps[at]
                if cells[o] == ATTACKER and cells[land] == EMPTY
            ]
            out.append(STOP)
            return out
        if pos[1] == 1:
            steps: list[tuple[Any, ...]] = []
            jumps: list[tuple[Any, ...]] = []
            for p, c in enumerate(cells):
                if c != DEFENDER:
                    continue
                for q in self.steps[p]:
                    if cells[q] == EMPTY:
                        steps.append(("s", p, q))
                for o, land in self.jumps[p]:
                    if cells[o] == ATTACKER and cells[land] == EMPTY:
                        jumps.append(("j", p, land))
            if jumps and self.capture == "strict":
                return jumps
            return jumps + steps
        out = self._attacker_steps(cells, self.towards)
        if not out and self.escape:
            out = self._attacker_steps(cells, self.free)
        huffable, huffed, stepped = pos[2], pos[3], pos[6]
        if huffable and not huffed:
            points = (stepped,) if self.huff_moved else huffable
            out = [("h", p) for p in points] + out
        return out

    def _attacker_steps(
        self, cells: Sequence[int], table: tuple[tuple[int, ...], ...]
    ) -> list[tuple[Any, ...]]:
        return [
            ("s", p, q)
            for p, c in enumerate(cells)
            if c == ATTACKER
            for q in table[p]
            if cells[q] == EMPTY
        ]

    def _any_move(self, cells: Sequence[int], to_move: int, huff: bool) -> bool:
        """Has the side to move any move (without listing them)?"""
        if huff:
            return True
        if to_move == 1:
            for p, c in enumerate(cells):
                if c == DEFENDER:
                    for q in self.steps[p]:
                        if cells[q] == EMPTY:
                            return True
                    if self.has_jump(cells, p):
                        return True
            return False
        tables = (self.towards, self.free) if self.escape else (self.towards,)
        for table in tables:
            for p, c in enumerate(cells):
                if c == ATTACKER:
                    for q in table[p]:
                        if cells[q] == EMPTY:
                            return True
        return False

    def _settle(
        self,
        cells: tuple[int, ...],
        to_move: int,
        huffable: tuple[int, ...],
        huffed: bool,
        quiet: int,
        best: int,
        stepped: int,
    ) -> HuntPos:
        """A finished move's position with its result, in the engine's order of checks."""
        result: float | None = None
        held = sum(1 for p in self.fortress_points if cells[p] == ATTACKER)
        if held == self.size:
            result = 1.0
        elif cells.count(ATTACKER) < self.below:
            result = 0.0
        elif DEFENDER not in cells:
            result = 1.0
        elif self.limit is not None and quiet >= self.limit:
            result = 0.5
        elif not self._any_move(cells, to_move, bool(huffable) and not huffed):
            result = 1.0 if to_move == 1 else 0.0
        return (cells, to_move, huffable, huffed, quiet, best, stepped, -1, result)

    def play(self, pos: HuntPos, action: tuple[Any, ...]) -> HuntPos:
        """The position after ``action`` (``pos`` is unchanged)."""
        cells, to_move, _, _, quiet, best, _, _, _ = pos
        kind = action[0]
        if kind == "j":
            _, p, land = action
            work = list(cells)
            work[p] = EMPTY
            work[self.over[(p, land)]] = EMPTY
            work[land] = DEFENDER
            if self.has_jump(work, land):  # the chain may go on: the defender decides again
                return (tuple(work), 1, (), False, 0, best, -1, land, None)
            return self._settle(tuple(work), 0, (), False, 0, best, -1)
        if action is STOP or kind == "stop":
            return self._settle(cells, 0, (), False, 0, best, -1)
        if kind == "h":
            work = list(cells)
            work[action[1]] = EMPTY
            return self._settle(tuple(work), 0, (), True, 0, best, -1)
        _, p, q = action
        huffable: tuple[int, ...] = ()
        if to_move == 1 and self.capture == "huff":
            could = [d for d, c in enumerate(cells) if c == DEFENDER and self.has_jump(cells, d)]
            huffable = tuple(sorted(q if d == p else d for d in could))
        work = list(cells)
        work[q] = work[p]
        work[p] = EMPTY
        quiet += 1
        if to_move == 0 and self.fortress[q] and not self.fortress[p]:
            held = sum(1 for f in self.fortress_points if work[f] == ATTACKER)
            if held > best:
                best, quiet = held, 0
        return self._settle(
            tuple(work), 1 - to_move, huffable, False, quiet, best, q if huffable else -1
        )

    def move_of(self, game: Game, path: Sequence[tuple[Any, ...]]) -> Move:
        """The game's :class:`Move` for the root decisions ``path`` (a chain's jumps in turn)."""
        _check_path(self, game, path)
        first = path[0]
        names = self.board.names
        if first[0] == "j":
            nodes = [first[1]] + [a[2] for a in path if a[0] == "j"]
            move = self.engine.chain_move(game._state, nodes)
            if move is None:  # pragma: no cover - the simulation and the engine disagree
                raise RuntimeError(f"the search chose an illegal chain: {nodes}")
            return move
        if first[0] == "h":
            text = f"huff {names[first[1]]}"
        else:
            text = f"{names[first[1]]}-{names[first[2]]}"
        state = game._state
        if state.to_move == 0 or not self._jumps_exist(state.cells):
            # No chain to list: the engine's own Move object, found by its text.
            for m in self.engine.legal(state):
                if m.text == text:
                    return m
            raise RuntimeError(f"the search chose an illegal move: {text}")  # pragma: no cover
        # A defender's step while jumps exist: listing the legal moves could take minutes, so
        # the step is written out as the engine writes it (the game finds its own when played).
        p, q = first[1], first[2]
        return Move(names[p], names[q], (names[p], names[q]), (), "step", ("step", p, q))

    def _jumps_exist(self, cells: Sequence[int]) -> bool:
        return any(c == DEFENDER and self.has_jump(cells, p) for p, c in enumerate(cells))

    # -- rollouts and evaluation ------------------------------------------------------------------
    def rollout_action(self, pos: HuntPos, rng: random.Random) -> tuple[Any, ...]:
        """A quick, sensible move: huff when offered, capture (jumping on) mostly, else a step
        that does not hand the defenders a jump if one is found in a few tries."""
        acts = self.actions(pos)
        first = acts[0]
        if first[0] == "h" or (first[0] == "j" and rng.random() < 0.9):
            jumps = [a for a in acts if a[0] == first[0]]
            return rng.choice(jumps)
        if pos[7] >= 0:
            return STOP
        if pos[1] == 0:
            cells = pos[0]
            fortress = self.fortress
            for _ in range(3):
                a = rng.choice(acts)
                if fortress[a[2]] and not fortress[a[1]]:
                    return a
                if not self._exposes(cells, a[1], a[2]):
                    return a
            return rng.choice(acts)
        return rng.choice(acts)

    def _exposes(self, cells: Sequence[int], p: int, q: int) -> bool:
        """Would the attacker stepping p -> q stand where a defender can jump it?"""
        for d, land in self.jumpers[q]:
            if cells[d] == DEFENDER and (cells[land] == EMPTY or land == p):
                return True
        return False

    def _max_chain(self, cells: list[int], at: int, budget: list[int]) -> int:
        """The most attackers one chain from ``at`` can take (``cells[at]`` empty), with a
        budget of nodes so that a pathological position stays cheap (then a lower bound)."""
        best = 0
        for o, land in self.jumps[at]:
            if cells[o] == ATTACKER and cells[land] == EMPTY:
                if budget[0] <= 0:
                    return max(best, 1)
                budget[0] -= 1
                cells[o] = EMPTY
                best = max(best, 1 + self._max_chain(cells, land, budget))
                cells[o] = ATTACKER
        return best

    def evaluate(self, pos: HuntPos) -> float:
        """The attackers' chances in [0, 1]: material to spare after the defenders' best
        capture, fortress points held, how close the others are, how free the defenders are."""
        result = pos[8]
        if result is not None:
            return float(result)
        cells, to_move, huffable, huffed, quiet = pos[0], pos[1], pos[2], pos[3], pos[4]
        attackers = cells.count(ATTACKER)
        held = 0
        dist = 0
        for p in self.fortress_points:
            held += cells[p] == ATTACKER
        work = list(cells)
        threat = 0
        mobility = 0
        defenders_in = 0
        budget = [200]
        for p, c in enumerate(cells):
            if c == ATTACKER:
                dist += self.distance[p]
            elif c == DEFENDER:
                defenders_in += self.fortress[p]
                for q in self.steps[p]:
                    mobility += cells[q] == EMPTY
                work[p] = EMPTY
                t = self._max_chain(work, p, budget)
                work[p] = DEFENDER
                mobility += t > 0
                threat = max(threat, t)
        if pos[7] >= 0:  # mid-chain: the defender jumps on from its point
            work[pos[7]] = EMPTY
            threat = max(threat, self._max_chain(work, pos[7], budget))
        lost = float(threat)
        if to_move == 0:
            # The attackers move first: they can often close one threat, or huff.
            lost = 0.0 if huffable and not huffed else 0.6 * threat
        spare = attackers - lost - self.below + 1  # > 0: still alive after the capture
        full = self.start_attackers - self.below + 1
        material = max(min(spare / full, 1.0), -0.2)
        fill = held / self.size
        closeness = 1.0 - dist / (max(attackers, 1) * self.max_distance)
        trapped = 1.0 - min(mobility, 8) / 8.0
        x = -2.8 + 4.5 * material + 2.2 * fill + 1.0 * closeness + 1.0 * trapped
        if spare <= 0:
            x -= 3.0
        value = 1.0 / (1.0 + math.exp(-x))
        if self.limit is not None:
            # Near the move limit the game drifts to a draw.
            late = max(0.0, (quiet - (self.limit - 40)) / 40.0)
            value += (0.5 - value) * min(late, 1.0)
        return value

    def order(
        self, actions: list[tuple[Any, ...]], pos: HuntPos | None = None
    ) -> list[tuple[Any, ...]]:
        """Untried actions in the order to expand them (last first): captures, huffs last."""
        return sorted(actions, key=lambda a: a[0] in ("j", "h"))


# -- Siege of Paris -------------------------------------------------------------------------------
# A Paris position in the search: (engine state, demand decided).
ParisPos = tuple[Any, bool]
_PARIS_SOLDIER = 5  # the soldier's rank code (siege_nb.games.paris.SOLDIER)


class ParisDomain:
    """Siege of Paris on the engine's own states; White and Black are one team.

    Before a garrison turn where the attackers may demand a capture, the attackers decide
    first: the ``demand`` move or :data:`NO_DEMAND`.
    """

    # The evaluation's price (in logit) of each attacker the garrison may take at once.
    hanging_weight = 0.25

    def __init__(self, game: Game) -> None:
        _check_family(game, "paris")
        engine = game._engine
        self.settings = dict(game.rules.settings)  # the rules it plays (for the checks)
        self.engine = engine
        self.state_type = type(game._state)  # what a position's state is (for the checks)
        board = engine.board
        self.board = board
        self.n_sq = board.n_squares
        self.need = int(game.rules["placement_win"])
        self.limit = game.rules["move_limit"]
        n = len(board.names)
        gate_sq = [s for g in board.gates for s in board.gate_squares[g]]
        self.gate_squares = frozenset(gate_sq)
        self.gate_circles = frozenset(board.gates)
        self.gates = tuple(board.gates)
        self.links = board.circle_links
        # Per army and node: how many plies a soldier there needs to reach a gate square of
        # its colour moving diagonally forward (soldiers never move back) round the citadel's
        # hole, or None; and the gate circle that square leads to (-1 for none). A soldier
        # can use one gate only (White the southern one, Black the northern), so a gate jammed
        # by an attacker makes the soldiers heading there useless.
        self.soldier_steps: dict[int, tuple[int | None, ...]] = {}
        self.soldier_gate: dict[int, tuple[int, ...]] = {}
        for army, diagonals in ((1, (1, 7)), (2, (3, 5))):  # NE, NW / SE, SW
            steps: list[int | None] = [None] * self.n_sq + [0] * (n - self.n_sq)
            gates = [-1] * n
            frontier = list(gate_sq)
            for s in frontier:
                steps[s], gates[s] = 0, board.gate_of[s]
            while frontier:  # breadth first, backwards along the soldier's steps
                nxt = []
                for q in frontier:
                    for d in diagonals:
                        p = board.ray[(d + 4) % 8][q]
                        if p >= 0 and steps[p] is None:
                            steps[p], gates[p] = cast(int, steps[q]) + 1, gates[q]
                            nxt.append(p)
                frontier = nxt
            self.soldier_steps[army] = tuple(steps)
            self.soldier_gate[army] = tuple(gates)
        self.officer_dist = tuple(
            0
            if node >= self.n_sq
            else min(
                max(abs(board.file[node] - board.file[s]), abs(board.rank[node] - board.rank[s]))
                for s in gate_sq
            )
            for node in range(n)
        )

    def root(self, game: Game, decide_demand: bool = False) -> ParisPos:
        """The search position of ``game``; ``decide_demand``: the demand is still open."""
        _check_engine(self, game)
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

    def _stuck(self, cells: Sequence[int], gate: int) -> bool:
        """Does an attacker hold ``gate`` with no empty circle beside it? Then no piece can
        enter there and the garrison inside cannot leave by it: a jam that ends the attack
        through that gate (and, with both gates jammed, every chance of placement)."""
        return cells[gate] >= 8 and all(cells[c] for c in self.links[gate])

    def _entry_kind(self, cells: Sequence[int], move: Move, inside: tuple[int, int]) -> int:
        """An entry's worth: 2 if it completes the placement, 1 if the piece can step on
        from the gate afterwards, -1 if it would jam the gate."""
        start, gate = move.raw[0], move.raw[1]
        soldier = cells[start] & 7 == _PARIS_SOLDIER
        s_in, o_in = inside[0] + soldier, inside[1] + (not soldier)
        if s_in >= self.need and o_in >= 1:
            return 2
        return -1 if all(cells[c] for c in self.links[gate]) else 1

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
        soldiers that can still reach an open gate and how close, an officer ready, gates
        jammed or blocked by the attackers' own pieces, material, room left inside."""
        score = self.result(pos)
        if score is not None:
            return score
        state = pos[0]
        cells = state.cells
        n_sq = self.n_sq
        need = self.need
        stuck = [g for g in self.gates if self._stuck(cells, g)]
        parked = sum(1 for g in self.gates if cells[g] >= 8) - len(stuck)
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
        soldiers = officers = s_in = o_in = 0
        live: list[int] = []
        officer_d = 99
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
                    army = c >> 3
                    d = self.soldier_steps[army][i]
                    if d is not None and self.soldier_gate[army][i] not in stuck:
                        live.append(d)
            else:
                officers += 1
                if i >= n_sq:
                    o_in += 1
                else:
                    officer_d = min(officer_d, self.officer_dist[i])
        if soldiers < need or officers == 0:
            if s_in:
                return 0.5
            return self._hunt(cells, state.occupied, soldiers, officers)
        if len(stuck) == len(self.gates):
            # Every gate jammed: nothing can enter any more; at best a draw, while the
            # garrison outside takes what it can.
            return 0.2
        live.sort()
        missing = max(need - s_in, 0)
        approach = 0.0
        if missing:
            near = live[:missing]
            approach = -1.0 if len(near) < missing else -sum(near) / (missing * 11.0)
        officer = 1.0 if o_in else -min(officer_d, 12) / 12.0
        hanging = 0
        if state.to_move == 0:
            # The garrison to move: the pieces it may take now (its moves are cached with
            # the state, so this costs a scan). It takes one a turn; two hanging is worse.
            hanging = min(len({m.raw[1] for m in self.engine.legal(state) if m.captures}), 2)
        x = (
            # Well above one half from the start (about 0.7), so that the drift to a draw
            # near the move limit costs the attackers something: the search then values an
            # entry (which resets the count) above shuffling.
            -1.2
            - self.hanging_weight * hanging
            + 1.6 * min(s_in, need) / need
            + 0.8 * min(o_in, 1)
            + 1.2 * approach
            + 0.4 * officer
            + 0.8 * min(len(live) + s_in, 12) / 12
            + 1.2 * soldiers / 24
            + 0.4 * officers / 12
            + 1.0 * (1.0 - garrison_in / 8.0)  # room inside for the placement
            - 1.5 * len(stuck)  # a jammed gate: its army's soldiers can no longer enter
            - 0.3 * parked  # a piece on a gate keeps the next one out until it steps on
            - 1.2 * locked  # a gate the garrison holds and cannot leave
        )
        value = 1.0 / (1.0 + math.exp(-x))
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
        left = soldiers + max(officers - 6, 0)
        board = self.board
        file, rank = board.file, board.rank
        n_sq = self.n_sq
        hunters = [i for i in occupied if i < n_sq and 0 < cells[i] < 8]
        wanted = [
            i
            for i in occupied
            if i < n_sq and cells[i] >= 8 and (cells[i] & 7 == _PARIS_SOLDIER or officers > 6)
        ]
        if hunters and wanted:
            far = sum(
                min(max(abs(file[t] - file[h]), abs(rank[t] - rank[h])) for h in hunters)
                for t in wanted
            ) / (len(wanted) * 15.0)
        else:
            far = 1.0
        # A capture (one eighteenth of 0.15) must outweigh any change of distance (at most
        # 0.006): otherwise walking towards the targets looked better than taking one.
        return 0.02 + 0.15 * min(left, 18) / 18.0 + 0.006 * min(far, 1.0)

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


# -- checks at the boundary ------------------------------------------------------------------------
def _check_family(game: Any, family: str) -> None:
    """A game whose engine family is ``family`` (the domains are written per family)."""
    check_game(game)
    if CATALOGUE[game.game].family != family:
        games = ", ".join(name for name, info in CATALOGUE.items() if info.family == family)
        raise ArgumentError("game", game, f"a game of the {family} family: {games}")


def _check_engine(domain: HuntDomain | ParisDomain, game: Any) -> None:
    """A game of ``domain``'s game and rules: a position under other rules would be misread."""
    check_game(game)
    if game._engine is not domain.engine and (
        game.game != domain.engine.game or dict(game.rules.settings) != domain.settings
    ):
        raise ArgumentError(
            "game",
            game,
            "a game of the game and rules this domain was built for",
        )


def _check_path(domain: HuntDomain, game: Any, path: Any) -> None:
    """``path``: decisions that the domain offers in turn from ``game``'s position."""
    pos = domain.root(game)
    if not isinstance(path, Sequence) or isinstance(path, (str, bytes)):
        raise TypeError(
            f"path must be a list of the domain's actions, not {type(path).__name__} "
            f"({shorten(path)})"
        )
    if not path:
        raise ArgumentError("path", path, "a non-empty list of the domain's actions")
    for k, action in enumerate(path):
        offered = domain.actions(pos) if k == 0 or pos[7] >= 0 else []
        try:
            known = action in offered
        except Exception:  # an object whose == fails cannot be one of the actions
            known = False
        if not known:
            raise ArgumentError(
                f"path[{k}]", action, "an action the domain offers at that point (actions(pos))"
            )
        pos = domain.play(pos, action)


_DOMAIN_METHODS = ("decider", "result", "actions", "order", "play", "rollout_action", "evaluate")


# -- the tree search ------------------------------------------------------------------------------
class _Node:
    """A decision point of the tree: the action that led here, who chose it, statistics."""

    __slots__ = ("action", "children", "decider", "mover", "pos", "untried", "value", "visits")

    def __init__(self, action: Any, mover: int, pos: Any) -> None:
        self.action = action
        self.mover = mover  # the team that chose ``action`` (its values are from its view)
        self.pos = pos
        self.children: list[_Node] = []
        self.untried: list[Any] | None = None  # filled on the first visit
        self.decider = -1
        self.visits = 0
        self.value = 0.0


class SearchResult:
    """What :func:`search` found: the root's children by visits, iterations and nodes."""

    def __init__(self, root: _Node, iterations: int, nodes: int) -> None:
        self.root = root
        self.iterations = iterations
        self.nodes = nodes

    def best_path(self, domain: Any, rng: random.Random) -> list[Any]:
        """The root's most visited action, and while the same team decides again at once
        (a jump chain going on), its most visited follow-up; where the tree has not looked,
        the chain goes on along a rollout's choice."""
        node = self.root
        path: list[Any] = []
        chains = isinstance(domain, HuntDomain)
        while True:
            if not node.children:
                # An unexplored chain decision: go on as a rollout would (capture on).
                pos = node.pos
                while pos[8] is None and pos[7] >= 0:
                    action = domain.rollout_action(pos, rng)
                    path.append(action)
                    pos = domain.play(pos, action)
                return path
            node = max(node.children, key=lambda c: (c.visits, c.value))
            path.append(node.action)
            if not chains or node.pos[7] < 0:
                return path

    def means(self) -> dict[Any, float]:
        """The root's actions and their mean scores (from the deciding team's view)."""
        return {c.action: c.value / c.visits for c in self.root.children if c.visits}


def search(
    domain: Any,
    root_pos: Any,
    rng: random.Random,
    *,
    iterations: int | None,
    seconds: float,
    rollout_depth: int,
    exploration: float,
    stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """UCT from ``root_pos``: ``iterations`` playouts if given, else as many as fit in
    ``seconds``. Each playout descends by UCB1, expands one action, plays up to
    ``rollout_depth`` rollout plies and scores the end by ``domain.evaluate``. ``stop``, if
    given, is asked with the clock (every eighth playout) whether to stop early.

    ``domain`` is a :class:`HuntDomain`, a :class:`ParisDomain` or any object with their
    methods; ``root_pos`` a position of that domain (from its ``root``)."""
    missing = [m for m in _DOMAIN_METHODS if not callable(getattr(domain, m, None))]
    if missing:
        raise TypeError(
            f"domain must have the methods {', '.join(_DOMAIN_METHODS)}; "
            f"{type(domain).__name__} ({shorten(domain)}) lacks {', '.join(missing)}"
        )
    if isinstance(domain, (HuntDomain, ParisDomain)) and not _is_position(domain, root_pos):
        raise ArgumentError("root_pos", root_pos, "a position made by the domain's root(game)")
    check_type(rng, random.Random, "rng")
    if iterations is not None:
        check_int(iterations, "iterations", minimum=0)
    _check_real(seconds, "seconds", minimum=0.0, strict=False)
    check_int(rollout_depth, "rollout_depth", minimum=0)
    _check_real(exploration, "exploration", minimum=0.0, strict=False)
    if stop is not None and not callable(stop):
        raise TypeError(f"stop must be callable or None, not {type(stop).__name__}")
    root = _Node(None, -1, root_pos)
    deadline = time.perf_counter() + seconds
    done = nodes = 0
    c = exploration
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and (done & 7 == 0) and time.perf_counter() >= deadline:
            break
        if stop is not None and done and (done & 7 == 0) and stop():
            break
        done += 1
        node = root
        path = [root]
        while True:
            if node.untried is None:
                node.decider = domain.decider(node.pos) if domain.result(node.pos) is None else -1
                node.untried = domain.order(domain.actions(node.pos), node.pos)
            if node.untried:
                action = node.untried.pop()
                child = _Node(action, node.decider, domain.play(node.pos, action))
                node.children.append(child)
                nodes += 1
                node = child
                path.append(node)
                break
            if not node.children:
                break  # the game is over here
            log_n = math.log(node.visits)
            best, best_score = node.children[0], -1.0
            for ch in node.children:
                score = ch.value / ch.visits + c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            node = best
            path.append(node)
        pos = node.pos
        for _ in range(rollout_depth):
            if domain.result(pos) is not None:
                break
            pos = domain.play(pos, domain.rollout_action(pos, rng))
        reward = domain.evaluate(pos)
        for n in path:
            n.visits += 1
            if n.mover == ATTACKERS:
                n.value += reward
            elif n.mover == DEFENDERS:
                n.value += 1.0 - reward
    return SearchResult(root, done, nodes + 1)


def _is_position(domain: HuntDomain | ParisDomain, pos: Any) -> bool:
    """A cheap test of the shape of a position of ``domain`` (made by its root and play)."""
    if isinstance(domain, HuntDomain):
        return (
            isinstance(pos, tuple)
            and len(pos) == 9
            and isinstance(pos[0], tuple)
            and len(pos[0]) == domain.n
            and pos[1] in (0, 1)
        )
    return (
        isinstance(pos, tuple)
        and len(pos) == 2
        and isinstance(pos[1], bool)
        and type(pos[0]) is domain.state_type
    )
