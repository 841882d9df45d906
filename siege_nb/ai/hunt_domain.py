"""The hunt games (Belagerung, Pyramid Siege) as a search domain, one decision at a time.

:class:`HuntDomain` simulates the hunt rules on plain tuples: a defender's jump chain is
chosen jump by jump (first a step or a first jump, then another jump or "stop"), so the search
never lists every chain; a constructed position can have millions of distinct chains. The
rules follow :class:`~siege_nb.games.hunt.HuntEngine`; the tests hold the two together.

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
from collections.abc import Sequence
from typing import Any, cast

from siege_nb.ai.domains import ATTACKERS, DEFENDERS, STOP, check_engine, check_family, check_path
from siege_nb.games.base import Game, Move
from siege_nb.games.hunt import SPECS, HuntEngine, attacker_may

__all__ = ["HuntDomain", "HuntPos"]

EMPTY, ATTACKER, DEFENDER = 0, 1, 2  # hunt cell codes (as in siege_nb.games.hunt)
# Belagerung's evaluation (see HuntDomain.__init__ and _score), tuned by matches against the
# greedy defenders: the logit of every search's root (about 0.73, above a draw's 0.5, so that
# drifting to the move limit still costs), what a closed fortress costs (worse than losing
# six attackers: the game is lost unless the defenders walk out) and what a defender inside
# costs (a little less than an attacker, so that giving one up to lure it out can pay).
CENTRE = 1.0
CLOSED = 1.5
IN_WEIGHT = 0.2

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
        check_family(game, "hunt")
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
        # Belagerung: 50 attackers, 33 of them to spare, and a sigmoid of the absolute score
        # sits near 1 all game long, where losing one attacker moves it by 0.01: too little
        # for the search to tell a blunder from a safe step. So its scores are centred on the
        # root's (``root`` sets ``shift``), with more weight on each attacker.
        self.centred = game.game == "belagerung"
        self.material_weight = 8.0 if self.centred else 4.5
        self.fill_weight = 4.0 if self.centred else 2.2
        self.shift = 0.0

    # -- positions ------------------------------------------------------------------------------
    def root(self, game: Game) -> HuntPos:
        """The search position of ``game`` (its state read, never changed). In Belagerung it
        also centres :meth:`evaluate` on this position, the root of the next search."""
        check_engine(self, game)
        s = game._state
        result = None
        if s.result is not None:
            winner = s.result.winner
            result = 0.5 if winner is None else (1.0 if winner == "attackers" else 0.0)
        pos = (
            s.cells, s.to_move, tuple(s.huffable), bool(s.huffed), s.quiet, s.best,
            s.stepped, -1, result,
        )  # fmt: skip
        if self.centred:
            self.shift = CENTRE - self._score(pos)  # _score never reads the shift
        return pos

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
        check_path(self, game, path)
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
        value = 1.0 / (1.0 + math.exp(-self._score(pos) - self.shift))
        if self.limit is not None:
            # Near the move limit the game drifts to a draw.
            late = max(0.0, (pos[4] - (self.limit - 40)) / 40.0)
            value += (0.5 - value) * min(late, 1.0)
        return value

    def _score(self, pos: HuntPos) -> float:
        """The logit of :meth:`evaluate` before its shift (the game going on)."""
        cells, to_move, huffable, huffed = pos[0], pos[1], pos[2], pos[3]
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
        x = (
            -2.8
            + self.material_weight * material
            + self.fill_weight * fill
            + 1.0 * closeness
            + 1.0 * trapped
        )
        if spare <= 0:
            x -= 3.0
        if self.centred:
            if held + defenders_in == self.size:
                # No free fortress point: the attackers have no waiting move there, and the
                # steps outside run out (BL-9 loses the game) before the defenders' do.
                x -= CLOSED
            # A defender inside blocks its point: while attackers are to spare, one lured
            # out by a capture is worth about an attacker.
            x -= IN_WEIGHT * defenders_in
        return x

    def order(
        self, actions: list[tuple[Any, ...]], pos: HuntPos | None = None
    ) -> list[tuple[Any, ...]]:
        """Untried actions in the order to expand them (last first): captures, huffs last."""
        return sorted(actions, key=lambda a: a[0] in ("j", "h"))
