"""Computer opponents: a random player, a greedy player and a Monte-Carlo tree search.

Every agent is a :class:`~siege_nb.ai.base.BaseAgent`: ``choose(game)`` returns one of
:func:`~siege_nb.ai.base.own_moves` and never changes ``game``; ``wants_demand(game)``
answers for the attackers of Siege of Paris. Agents draw their chances from their own
``random.Random(seed)``, so a seed makes them repeat themselves, and they pickle.

Constructors and methods check their arguments: a wrong type is a :class:`TypeError` naming
the argument, a wrong value (``MCTSAgent(iterations=0)``, ``seconds=float("nan")``, a game
that is over given to ``choose``) an :class:`~siege_nb.ArgumentError`.

>>> import siege_nb as sn
>>> from siege_nb.ai.base import play_turn
>>> g = sn.new_game("pyramid-siege")
>>> players = {"attacker": GreedyAgent(seed=1), "defender": RandomAgent(seed=2)}
>>> while g.result is None:
...     _ = play_turn(g, players)
>>> g.result.winner in ("attackers", "defenders")
True
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any, cast

from siege_nb.ai.base import (
    BaseAgent,
    _check_seed,
    check_game,
    choosable,
    demand_available,
    team_of,
)
from siege_nb.ai.search import NO_DEMAND, HuntDomain, ParisDomain, SearchResult, search
from siege_nb.errors import ArgumentError, check_int, check_number, check_type
from siege_nb.games.base import Game, Move, TooManyMoves
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.games.hunt import DEFENDER as DEFENDER_CELL
from siege_nb.games.hunt import SPECS, HuntEngine
from siege_nb.games.paris import BLACK, SET_COUNTS, SOLDIER, WHITE

__all__ = ["GreedyAgent", "MCTSAgent", "RandomAgent", "evaluate"]

PARIS = "paris"  # the engine family of the Siege of Paris (GameInfo.family)
# The team that attacks the fortress, per game (the winner's name is "attackers" in every game).
ATTACK_TEAM = {name: info.attacking_team for name, info in CATALOGUE.items()}
# Hunt games: the defenders win once this many attackers or fewer are left (BL-5, PS-8); read
# from the engine's own game description, so the AI cannot drift from the rules.
DEFENDER_WIN_AT = {name: spec.defenders_win_below - 1 for name, spec in SPECS.items()}
# Siege of Paris: the full attacking set (both armies), from the engine's set counts.
PARIS_SOLDIERS = sum(SET_COUNTS[army][SOLDIER] for army in (WHITE, BLACK))
PARIS_OFFICERS = sum(
    n for army in (WHITE, BLACK) for r, n in SET_COUNTS[army].items() if r != SOLDIER
)
# How much better (in expected score) a demand must look before the search agent makes it.
DEMAND_MARGIN = 0.05
# Past this many moves the random and greedy players stop listing and decide a jump chain one
# jump at a time (_chain_by_jumps): built positions have millions of chain outcomes, listing
# them takes minutes, and an agent must answer. At this bound the answer takes at most about
# 30 ms (a list just under it: search and Moves; a refusal: 6-12 ms), where 20,000 took
# up to 53 ms; the most moves measured in positions of played games is under a thousand.
MOVE_LIST_LIMIT = 10_000
# How many chain points the greedy player's search for the longest chain visits past the limit.
LONGEST_CHAIN_BUDGET = 20_000
# Pieces that move only diagonally and so never leave their colour.
_COLOUR_BOUND = ("soldier", "lieutenant")


def _family(game: Game) -> str:
    """The game's engine family: the strategies below are written per family, not per game."""
    return CATALOGUE[game.game].family


# -- board tables, built once per board ---------------------------------------------------------
_TABLES: dict[int, tuple[Any, Any]] = {}


def _paris_gate_distance(board: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per node of a ParisBoard: Chebyshev distance to the nearest gate square (any colour),
    and to the nearest gate square of the node's own colour (0 on circles)."""
    cached = _TABLES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    gate_sq = [s for g in board.gates for s in board.gate_squares[g]]
    any_d, same_d = [], []
    for node in range(len(board.names)):
        if board.is_circle(node):
            any_d.append(0)
            same_d.append(0)
            continue
        f, r = board.file[node], board.rank[node]
        dists = [(max(abs(f - board.file[s]), abs(r - board.rank[s])), s) for s in gate_sq]
        any_d.append(min(d for d, _ in dists))
        same = [d for d, s in dists if board.dark[s] == board.dark[node]]
        same_d.append(min(same) if same else any_d[-1])
    table = (tuple(any_d), tuple(same_d))
    _TABLES[id(board)] = (board, table)
    return table


def _point_distances(board: Any) -> tuple[tuple[int, ...], ...]:
    """All-pairs graph distances of a PointBoard (along its lines; large if unreachable)."""
    cached = _TABLES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    n = len(board.names)
    rows = []
    for src in range(n):
        dist = [n] * n
        dist[src] = 0
        queue = deque([src])
        while queue:
            p = queue.popleft()
            for q in board.neighbours(p):
                if dist[q] > dist[p] + 1:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        rows.append(tuple(dist))
    table = tuple(rows)
    _TABLES[id(board)] = (board, table)
    return table


def _hunt_jumps(board: Any, occ: list[str | None]) -> int:
    """How many single jumps the defenders have on the board ``occ`` (point -> piece)."""
    count = 0
    for p, who in enumerate(occ):
        if who != "defender":
            continue
        for step in board.step:
            q = step[p]
            if q >= 0 and occ[q] == "attacker":
                r = step[q]
                if r >= 0 and occ[r] is None:
                    count += 1
    return count


def _moves_of(game: Game) -> list[Move]:
    """:func:`own_moves` of a game still in play; an :class:`ArgumentError` if it is over;
    :class:`~siege_nb.TooManyMoves` past :data:`MOVE_LIST_LIMIT` moves."""
    check_game(game, playing=True)
    moves = game.legal_moves(limit=MOVE_LIST_LIMIT)
    n = choosable(moves)
    if not n:  # the rules always leave a move or end the game; say so if they do not
        raise ArgumentError("game", game, "a game where the side to move has a move to choose")
    return moves[:n]  # a slice, in C: without the demand, which comes last


def _chain_by_jumps(game: Game, rng: random.Random, longest: bool) -> Move:
    """A hunt defender's move chosen without listing the chains (the position has more than
    :data:`MOVE_LIST_LIMIT` moves). At random (``longest`` false): a step or a first jump,
    uniformly, then at each point of the chain "stop" or one of the next jumps, uniformly.
    Greedy (``longest``): the chain that takes the most attackers among the paths met in a
    depth-first search of :data:`LONGEST_CHAIN_BUDGET` chain points (ties: the first met)."""
    engine, state = cast(HuntEngine, game._engine), game._state
    if longest:
        move = engine.chain_move(state, engine.longest_chain(state, LONGEST_CHAIN_BUDGET))
        assert move is not None  # only called where a defender can jump
        return move
    starts = [p for p, c in enumerate(state.cells) if c == DEFENDER_CELL]
    firsts: list[Move | list[int]] = [
        [p, q] for p in starts for q in engine.chain_steps(state, [p])
    ]
    firsts += engine.defender_steps(state)
    first = rng.choice(firsts)
    if isinstance(first, Move):
        return first
    path = first
    while True:
        nexts = engine.chain_steps(state, path)
        k = rng.randrange(len(nexts) + 1)  # len(nexts): stop here
        if k == len(nexts):
            break
        path.append(nexts[k])
    move = engine.chain_move(state, path)
    assert move is not None  # each jump was one chain_steps offered
    return move


def _occupancy(game: Game) -> list[str | None]:
    """Point number -> ``"attacker"`` / ``"defender"`` / ``None`` (hunt games)."""
    board = game.board
    occ: list[str | None] = [None] * len(board.names)
    for name, piece in game.pieces().items():
        occ[board.index[name]] = piece
    return occ


# -- evaluation ---------------------------------------------------------------------------------
def evaluate(game: Game) -> float:
    """The attackers' chances in ``game`` between 0 and 1 (1 = the attackers win).

    A finished game scores 1, 0 or 0.5 (draw). Otherwise a heuristic weighs material (the
    captured attackers against what the defenders need to win) and progress (attackers in the
    fortress or citadel against what the attackers need).

    >>> import siege_nb as sn
    >>> 0.4 < evaluate(sn.new_game("belagerung")) < 0.6
    True
    """
    check_game(game)
    result = game.result
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner == "attackers" else 0.0
    if _family(game) == PARIS:
        return _evaluate_paris(game)
    return _evaluate_hunt(game)


def _evaluate_paris(game: Game) -> float:
    board = game.board
    _, same_d = _paris_gate_distance(board)
    need = int(game.rules["placement_win"])
    soldiers = officers = soldiers_in = officers_in = 0
    approach = 0.0
    for name, piece in game.pieces().items():
        if piece.startswith("garrison"):
            continue
        node = board.index[name]
        inside = board.is_circle(node)
        if piece.endswith("soldier"):
            soldiers += 1
            soldiers_in += inside
            approach += 1.0 - min(same_d[node], 15) / 15.0
        else:
            officers += 1
            officers_in += inside
    progress = (min(soldiers_in, need) + min(officers_in, 1)) / (need + 1)
    lost = 0.7 * (1 - soldiers / PARIS_SOLDIERS) + 0.3 * (1 - officers / PARIS_OFFICERS)
    approach = approach / soldiers if soldiers else 0.0
    value = 0.5 + 0.35 * progress - 0.35 * max(lost, 0.0) + 0.1 * (approach - 0.5)
    if soldiers < need or officers == 0:
        value = min(value, 0.3)  # placement (SP-1) is out of reach
    return min(max(value, 0.02), 0.98)


def _evaluate_hunt(game: Game) -> float:
    board = game.board
    threshold = DEFENDER_WIN_AT.get(game.game, 0)
    attackers = defenders = inside = 0
    for name, piece in game.pieces().items():
        if piece == "attacker":
            attackers += 1
            inside += board.fortress[board.index[name]]
        else:
            defenders += 1
    start = max(len(board.attacker_start), threshold + 1)
    margin = max(attackers - threshold, 0) / (start - threshold)
    fill = inside / max(sum(board.fortress), 1)
    value = 0.15 + 0.35 * margin + 0.35 * fill + 0.15 * (1 - min(defenders, 3) / 3)
    return min(max(value, 0.02), 0.98)


# -- agents -------------------------------------------------------------------------------------
class RandomAgent(BaseAgent):
    """Plays a uniformly random move of its own; demands on a fair coin.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> str(RandomAgent(seed=3).choose(g)) in {str(m) for m in g.legal_moves()}
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    def choose(self, game: Game) -> Move:
        """A uniformly random move from :func:`own_moves`; where they run past
        :data:`MOVE_LIST_LIMIT` (jump chains), a chain chosen one jump at a time."""
        try:
            moves = _moves_of(game)
        except TooManyMoves:
            return _chain_by_jumps(game, self.rng, longest=False)
        return self.rng.choice(moves)

    def wants_demand(self, game: Game) -> bool:
        """A fair coin."""
        check_game(game)
        return self.rng.random() < 0.5


class GreedyAgent(BaseAgent):
    """One-ply rules of thumb: capture (the most, the longest chain), else advance.

    Attackers step into the fortress or citadel when they can, else reduce their distance to
    it (avoiding moves that offer the defenders captures); they always huff when a huff is
    offered and never demand. Defenders and the garrison capture when they can, else keep the
    most capture options and approach the attackers. Ties are broken at random.

    >>> import siege_nb as sn
    >>> attackers = ["r3c1", "r1c1", "r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6"]
    >>> g = sn.new_game("pyramid-siege", position={"r4c1": "defender",
    ...     **{p: "attacker" for p in attackers}}, to_move="defender")
    >>> str(GreedyAgent(seed=0).choose(g))
    'r4c1xr2c1'
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    def wants_demand(self, game: Game) -> bool:
        """The greedy attackers never demand a capture."""
        check_game(game)
        return False

    def choose(self, game: Game) -> Move:
        """The move with the best greedy score; ties broken at random. Where the moves run
        past :data:`MOVE_LIST_LIMIT` (jump chains), the longest chain a bounded search finds."""
        try:
            moves = _moves_of(game)
        except TooManyMoves:
            return _chain_by_jumps(game, self.rng, longest=True)
        if len(moves) == 1:
            return moves[0]
        if _family(game) == PARIS:
            scored = self._paris_scores(game, moves)
        else:
            scored = self._hunt_scores(game, moves)
        best = max(score for score, _ in scored)
        return self.rng.choice([m for score, m in scored if score == best])

    # -- the hunt games -------------------------------------------------------------------------
    def _hunt_scores(self, game: Game, moves: list[Move]) -> list[tuple[tuple[int, ...], Move]]:
        board = game.board
        index = board.index
        occ = _occupancy(game)
        out: list[tuple[tuple[int, ...], Move]] = []
        attacking = team_of(game, game.to_move) == ATTACK_TEAM[game.game]
        if attacking:
            for m in moves:
                if m.kind == "huff":
                    out.append(((1, 0, 0, 0), m))
                    continue
                s, e = index[str(m.start)], index[str(m.end)]
                occ[s], occ[e] = None, "attacker"
                exposed = _hunt_jumps(board, occ)
                occ[s], occ[e] = "attacker", None
                enters = int(board.fortress[e] and not board.fortress[s])
                progress = board.distance[s] - board.distance[e]
                out.append(((0, enters, -exposed, progress), m))
            return out
        dist = _point_distances(board)
        attackers = [p for p, who in enumerate(occ) if who == "attacker"]
        for m in moves:
            if m.captures:
                out.append(((1, len(m.captures), 0, 0), m))
                continue
            s, e = index[str(m.start)], index[str(m.end)]
            occ[s], occ[e] = None, "defender"
            options = _hunt_jumps(board, occ)
            occ[s], occ[e] = "defender", None
            near = min((dist[e][a] for a in attackers), default=0)
            out.append(((0, options, -near, 0), m))
        return out

    # -- Siege of Paris ---------------------------------------------------------------------------
    def _paris_scores(self, game: Game, moves: list[Move]) -> list[tuple[tuple[int, ...], Move]]:
        board = game.board
        index = board.index
        pieces = game.pieces()
        any_d, same_d = _paris_gate_distance(board)
        if game.to_move == "garrison":
            return self._garrison_scores(game, moves, pieces, any_d)
        need = int(game.rules["placement_win"])
        officers_in = soldiers_in = 0
        for name, piece in pieces.items():
            if not piece.startswith("garrison") and board.is_circle(index[name]):
                if piece.endswith("soldier"):
                    soldiers_in += 1
                else:
                    officers_in += 1
        # Upper bounds first: (enters, progress); the exposure check (a clone) only lowers them.
        bounds = []
        for m in moves:
            start, end = str(m.start), str(m.end)  # piece moves: both are points
            piece = pieces[start]
            s, e = index[start], index[end]
            if m.kind == "enter":
                wanted = (officers_in == 0) if not piece.endswith("soldier") else soldiers_in < need
                bounds.append(((2 if wanted else 1, 0), m))
                continue
            if board.is_circle(s):
                # Inside: stepping off a gate circle makes room for the next one to enter.
                frees = s in board.gates and e not in board.gates
                bounds.append(((0, 1 if frees else -1), m))
                continue
            table = same_d if piece.split()[1] in _COLOUR_BOUND else any_d
            bounds.append(((0, table[s] - table[e]), m))
        bounds.sort(key=lambda item: item[0], reverse=True)
        out: list[tuple[tuple[int, ...], Move]] = []
        best: tuple[int, ...] | None = None
        for (enter, progress), m in bounds:
            bound = (enter, progress, 0)
            if best is not None and bound < best:
                break
            twin = game.clone()
            twin.play(m)
            result = twin.result
            if result is not None and result.winner == "attackers":
                score: tuple[int, ...] = (9, 0, 0)
            elif twin.to_move == "garrison" and result is None:
                taken = {c for g in twin.legal_moves() for c in g.captures}
                score = (enter, progress - 2 * len(taken), -int(m.end in taken))
            else:
                score = bound
            out.append((score, m))
            if best is None or score > best:
                best = score
        return out

    def _garrison_scores(
        self, game: Game, moves: list[Move], pieces: dict[str, str], any_d: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], Move]]:
        board = game.board
        index = board.index
        attackers = [
            index[name] for name, piece in pieces.items() if not piece.startswith("garrison")
        ]
        outside = [a for a in attackers if not board.is_circle(a)]
        out: list[tuple[tuple[int, ...], Move]] = []
        for m in moves:
            if m.captures:
                victim = pieces.get(m.captures[0], "")
                worth = 2 if victim.endswith("soldier") else 1
                out.append(((1, len(m.captures), worth, -any_d[index[m.captures[0]]]), m))
                continue
            x, y = board.xy[index[m.end]]
            dists = [max(abs(x - board.xy[a][0]), abs(y - board.xy[a][1])) for a in outside]
            close = sum(1 for d in dists if d <= 1.5)
            near = int(min(dists, default=0))
            # Stepping back onto a circle resets the move limit: only when nothing else helps.
            out.append(((0, -int(m.kind == "enter"), close, -near), m))
        return out


# The search domains, one per engine (its rules fixed): building one costs a few tables.
_DOMAINS: dict[int, tuple[Any, HuntDomain | ParisDomain]] = {}


def _domain(game: Game) -> HuntDomain | ParisDomain:
    """The search domain of ``game``'s engine, built once per engine."""
    engine = game._engine
    hit = _DOMAINS.get(id(engine))
    if hit is not None and hit[0] is engine:
        return hit[1]
    domain: HuntDomain | ParisDomain
    domain = ParisDomain(game) if _family(game) == PARIS else HuntDomain(game)
    if len(_DOMAINS) > 64:
        _DOMAINS.clear()
    _DOMAINS[id(engine)] = (engine, domain)
    return domain


class MCTSAgent(BaseAgent):
    """Monte-Carlo tree search (UCT) over engine states, with short rollouts and a static
    evaluation at the leaves (see :mod:`siege_nb.ai.search`).

    Strength: ``iterations`` playouts per decision if given (reproducible with ``seed``),
    otherwise as many as fit in ``seconds``. A playout descends the tree by UCB1
    (``exploration``), plays up to ``rollout_depth`` quick plies (huff and capture when
    offered, the attackers enter when they can and avoid steps that hand over a jump) and
    scores the position reached: in the hunt games by material to spare after the defenders'
    best chain, fortress points held, the attackers' distance to the fortress and the
    defenders' freedom to move; in Siege of Paris by pieces inside against what placement
    needs and by the soldiers that can still reach a gate of their colour, and how close.

    In the hunt games a jump chain is chosen one jump at a time (a step or a first jump, then
    another jump or stop), so the agent never lists every chain of a position: some positions
    have millions. The Siege of Paris ``demand`` is a decision of the attackers in the tree;
    :meth:`wants_demand` searches it with a quarter of the budget and demands only when the
    demand scores clearly (``DEMAND_MARGIN``) better. A decision with one option is not
    searched. After each call ``last_iterations`` and ``nodes`` say how much it searched.

    ``seconds`` is a finite number above 0, ``iterations`` ``None`` or a whole number of at
    least 1, ``rollout_depth`` a whole number of at least 0 and ``exploration`` a finite
    number of at least 0; the settings are checked again before each decision, so a setting
    changed on the agent later is refused just as clearly.

    >>> import siege_nb as sn
    >>> g = sn.new_game("pyramid-siege")
    >>> agent = MCTSAgent(iterations=50, seed=1)
    >>> agent.choose(g) in g.legal_moves(), agent.last_iterations
    (True, 50)
    """

    name = "mcts"

    def __init__(
        self,
        seconds: float = 0.5,
        iterations: int | None = None,
        seed: int | None = None,
        rollout_depth: int = 4,
        exploration: float = 0.5,
    ) -> None:
        _check_settings(seconds, iterations, rollout_depth, exploration, "")
        self.seconds = seconds
        self.iterations = iterations
        self.seed = _check_seed(seed)
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rng = random.Random(self.seed)
        self.last_iterations = 0
        self.nodes = 0

    def __repr__(self) -> str:
        budget = f"{self.iterations} iterations" if self.iterations else f"{self.seconds} s"
        return f"<MCTSAgent {budget}>"

    # -- the decisions ------------------------------------------------------------------------
    def choose(self, game: Game) -> Move:
        """The most visited move after the search (a chain: its most visited jumps)."""
        # Only the result is checked: listing the legal moves could take minutes (chains).
        check_game(game, playing=True)
        self._check()
        domain = _domain(game)
        root = domain.root(game)  # type: ignore[arg-type]
        actions = domain.actions(root)
        self.last_iterations = self.nodes = 0
        if len(actions) == 1:
            # One option needs no search, unless it is a jump whose chain may go on.
            after = domain.play(root, actions[0])
            if not (isinstance(domain, HuntDomain) and after[7] >= 0):
                return self._move(domain, game, [actions[0]])
        found = self._search(domain, root, share=1.0)
        return self._move(domain, game, found.best_path(domain, self.rng))

    def _move(self, domain: HuntDomain | ParisDomain, game: Game, path: list[Any]) -> Move:
        if isinstance(domain, HuntDomain):
            return domain.move_of(game, path)
        move = path[0]
        assert isinstance(move, Move)
        return move

    def wants_demand(self, game: Game) -> bool:
        """Search the attackers' demand decision (a quarter of the usual budget)."""
        if not demand_available(game):
            return False
        self._check()
        domain = _domain(game)
        assert isinstance(domain, ParisDomain)
        found = self._search(domain, domain.root(game, decide_demand=True), share=0.25)
        means = {a is not NO_DEMAND: v for a, v in found.means().items()}
        # A demand hands the garrison a capture: ask for it only when it clearly scores better.
        return means.get(True, 0.0) > means.get(False, 1.0) + DEMAND_MARGIN

    def _check(self) -> None:
        """The settings as they are now (they are plain attributes a caller may change)."""
        _check_settings(
            self.seconds, self.iterations, self.rollout_depth, self.exploration, "MCTSAgent."
        )
        check_type(self.rng, random.Random, "MCTSAgent.rng")

    def _search(self, domain: HuntDomain | ParisDomain, root: Any, share: float) -> SearchResult:
        # Whole-number arithmetic: any int is a valid budget, even one no float can hold.
        quarters = round(share * 4)
        limit = None if self.iterations is None else max(2, self.iterations * quarters // 4)
        found = search(
            domain,
            root,
            self.rng,
            iterations=limit,
            seconds=self.seconds * share * 0.95,
            rollout_depth=self.rollout_depth,
            exploration=self.exploration,
        )
        self.last_iterations = found.iterations
        self.nodes = found.nodes
        return found


def _check_settings(
    seconds: Any, iterations: Any, rollout_depth: Any, exploration: Any, prefix: str
) -> None:
    """The search agent's settings, each refused with its own name (``prefix`` + name)."""
    check_number(seconds, prefix + "seconds", above=0.0)
    if iterations is not None:
        check_int(iterations, prefix + "iterations", minimum=1)
    check_int(rollout_depth, prefix + "rollout_depth", minimum=0)
    check_number(exploration, prefix + "exploration", minimum=0.0)
