"""Property tests (hypothesis) for the hunt games, Belagerung and Pyramid Siege.

Random legal games under a random preset (``sn.presets(game)``) with random overrides of single
options (``sn.options(game)``); moves are drawn from ``legal_moves()`` with a hypothesis-seeded
``random.Random`` and a slight bias towards long chains, defender steps that leave a capture
unmade (so that huffs arise) and huffs.  The expectations come from
``docs/rules-reference.md``, ``docs/precise-readings.md`` and the public API in
``docs/design.md`` section 5.  Only the lines of the boards are taken from ``siege_nb.boards``
(their ``step`` tables); the points, the fortress, the distances, the direction rules, the huff
rules and the end of the game are written here from those documents, and the checks read the
engine only through the public API.

1. invariants after every ply (set counts, one piece per point, what disappears and how, lines,
   attacker directions, straight jump chains, turn order, huffing, strict capture, move limit,
   the end of the game);
2. undo/redo restore a huff and a chain exactly;
3. JSON records round-trip exactly right after a huff-making step and right after a huff;
4. random games end, with a well-formed result, under every preset and small move limits.

What every game promises alike (``legal_moves()`` agrees with ``play`` and ``why``, other moves
are refused and change nothing, undo/redo and JSON records restore exact states, also in random
interleavings with play) is tested once for all games in ``tests/test_game_contract.py``.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import cache
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siege_nb as sn
from siege_nb.boards import belagerung as belagerung_board
from siege_nb.boards import pyramid as pyramid_board

BL, PS = "belagerung", "pyramid-siege"
GAMES = (BL, PS)
A, D = "attacker", "defender"
OTHER = {A: D, D: A}

# -- the documented rules, written out ------------------------------------------------------------
# 2.1 / 3.1: the sets.
SET = {BL: {A: 50, D: 3}, PS: {A: 27, D: 3}}
# BL-5: defenders win with fewer than 17 attackers left; PS-8: with 5 or fewer left.
DEFENDERS_WIN_BELOW = {BL: 17, PS: 6}
# 2.1: attacker moves first; 3.1: defenders move first.
FIRST = {BL: A, PS: D}
# The direction option of each game (BL-2, PS-5).
DIRECTION = {BL: "attacker_direction", PS: "towards"}

FILES = "abcdefghi"


def _in_cross(f: int, r: int) -> bool:
    """2.2: the 9 x 9 lattice minus its four 2 x 2 corners."""
    return 1 <= f <= 9 and 1 <= r <= 9 and not ((f <= 2 or f >= 8) and (r <= 2 or r >= 8))


BL_CROSS = {f"{FILES[f - 1]}{r}" for f in range(1, 10) for r in range(1, 10) if _in_cross(f, r)}
BL_HORNS = {"top-row": {"b9", "h9"}, "beside-middle-row": {"b8", "h8"}}
BL_FORTRESS_CORE = {f"{f}{r}" for f in "cdefg" for r in (7, 8, 9)}  # c7-g9
PS_POINTS = {f"r{r}c{c}" for r in range(8) for c in range(r + 1)}
PS_FORTRESS = {"r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"}
assert len(BL_CROSS) == 65 and len(BL_FORTRESS_CORE) == 15 and len(PS_POINTS) == 36

# Random games draw their moves from a random.Random seeded by hypothesis (cheaper than
# hypothesis's own randoms for games of hundreds of moves).
SEEDS = st.integers(0, 2**32 - 1)

SETTINGS = {"deadline": None, "database": None, "print_blob": True}


class Geometry:
    """One board under one choice of the board options: points, lines, jumps, fortress,
    distances and ranks.  Lines come from ``siege_nb.boards``; everything else from
    docs/precise-readings.md."""

    def __init__(self, game: str, horns: str | None, diagonals: str | None) -> None:
        self.game = game
        if game == BL:
            board = belagerung_board.board(horns, diagonals)
            self.points = BL_CROSS | BL_HORNS[horns]
            self.fortress = frozenset(BL_FORTRESS_CORE | BL_HORNS[horns])
        else:
            board = pyramid_board.board()
            self.points = set(PS_POINTS)
            self.fortress = frozenset(PS_FORTRESS)
        names = board.names
        assert set(names) == self.points, "the board's points are not the documented ones"
        assert {names[p] for p in board.fortress_points} == self.fortress
        self.all_points = sorted(self.points)
        # Lines by direction: a jump goes two steps along one direction table.
        self.neighbours: dict[str, set[str]] = {n: set() for n in names}
        self.jumps: dict[str, set[tuple[str, str]]] = {n: set() for n in names}
        for table in board.step:
            for p, q in enumerate(table):
                if q >= 0:
                    self.neighbours[names[p]].add(names[q])
                    r = table[q]
                    if r >= 0:
                        self.jumps[names[p]].add((names[q], names[r]))
        for p, qs in self.neighbours.items():  # lines go both ways
            assert all(p in self.neighbours[q] for q in qs), p
        # Graph distance to the nearest fortress point on the empty board (precise readings 3).
        self.distance = {p: 0 for p in self.fortress}
        queue = deque(self.fortress)
        while queue:
            p = queue.popleft()
            for q in self.neighbours[p]:
                if q not in self.distance:
                    self.distance[q] = self.distance[p] + 1
                    queue.append(q)
        assert set(self.distance) == self.points, "every point reaches the fortress"

    def rank(self, point: str) -> int:
        """Belagerung rank 1..9 (the fortress is at the top)."""
        return int(point[1:])


@cache
def geometry(game: str, horns: str | None = None, diagonals: str | None = None) -> Geometry:
    return Geometry(game, horns, diagonals)


def geometry_of(g: sn.Game) -> Geometry:
    if g.game == BL:
        return geometry(BL, g.rules["horns"], g.rules["diagonals"])
    return geometry(PS)


# -- the rules, from the documents -----------------------------------------------------------------
def towards_ok(game: str, mode: str, geo: Geometry, a: str, b: str) -> bool:
    """BL-2 / PS-5 (and precise readings 3 on no-horizontal and on any) for an attacker step
    a -> b."""
    dist = geo.distance
    if mode == "any":
        return True
    if mode in ("shortest-route", "distance"):
        if a in geo.fortress:  # inside: free, but never leaving (PS: never moving at all)
            return game == BL and b in geo.fortress
        return dist[b] == dist[a] - 1
    if mode in ("never-away", "not-away"):
        return dist[b] <= dist[a]
    assert mode == "no-horizontal", mode
    return geo.rank(b) == geo.rank(a) + 1


def attacker_steps(g: sn.Game, pieces: dict[str, str], geo: Geometry) -> tuple[set, bool]:
    """The attackers' legal steps (as (start, end) pairs) and whether the escape clause is in
    force (Pyramid Siege PS-6)."""
    mode = g.rules[DIRECTION[g.game]]
    movable = [
        p
        for p, piece in pieces.items()
        if piece == A and not (g.game == PS and p in geo.fortress)  # 3.1: stays for good
    ]
    every = {(p, q) for p in movable for q in geo.neighbours[p] if q not in pieces}
    towards = {(p, q) for p, q in every if towards_ok(g.game, mode, geo, p, q)}
    if g.game == PS and not towards:
        return every, bool(every)
    return towards, False


def single_jumps(pieces: dict[str, str], geo: Geometry, only: str | None = None) -> set[str]:
    """Every first jump of a defender (``pxq``): over an adjacent attacker in a straight line
    onto the empty point beyond."""
    out = set()
    for p, piece in pieces.items():
        if piece != D or (only is not None and p != only):
            continue
        for over, land in geo.jumps[p]:
            if pieces.get(over) == A and land not in pieces:
                out.add(f"{p}x{land}")
    return out


def defender_steps(pieces: dict[str, str], geo: Geometry) -> set[tuple[str, str]]:
    return {
        (p, q)
        for p, piece in pieces.items()
        if piece == D
        for q in geo.neighbours[p]
        if q not in pieces
    }


def after_pieces(g: sn.Game) -> dict:
    """The position after the move just played."""
    return g.pieces()


class Model:
    """What the tests track from the moves alone: the huff state and the move-limit count."""

    def __init__(self) -> None:
        self.huffable: set[str] = set()
        self.huffed = False
        self.quiet = 0
        # The most attackers the fortress has held so far (None: not seen yet). The move limit
        # counts a new high as progress; stepping out and back in again is not.
        self.best: int | None = None


# -- strategies ------------------------------------------------------------------------------------
@st.composite
def rule_choices(draw, games=GAMES, allow_no_limit: bool = True, force: dict | None = None):
    """A game, a preset and random overrides of single options."""
    game = draw(st.sampled_from(games))
    preset = draw(st.sampled_from(sn.presets(game)))
    overrides = {}
    for opt in sn.options(game):
        values = [c.value for c in opt.choices]
        if opt.name == "move_limit" and not allow_no_limit:
            values = [v for v in values if v is not None]
        if draw(st.booleans()):
            overrides[opt.name] = draw(st.sampled_from(values))
    for name, value in (force or {}).items():
        if any(o.name == name for o in sn.options(game)):
            overrides[name] = value
    return game, preset, overrides


@st.composite
def setups(draw, game: str):
    """Extra set-up keywords: sometimes a free defender placement on the fortress."""
    if not draw(st.booleans()):
        return {}
    fortress = sorted(PS_FORTRESS) if game == PS else sorted(BL_FORTRESS_CORE)
    return {"defenders": draw(st.permutations(fortress))[:3]}


def new_random_game(rules, setup=None) -> sn.Game:
    game, preset, overrides = rules
    return sn.new_game(game, preset=preset, **overrides, **(setup or {}))


def pick(g: sn.Game, rng: random.Random, huff_bias: float = 0.5) -> sn.Move:
    """A random legal move, favouring long chains, unmade captures and huffs a little."""
    moves = g.legal_moves()
    huffs = [m for m in moves if m.kind == "huff"]
    if huffs and rng.random() < huff_bias:
        return rng.choice(huffs)
    jumps = [m for m in moves if m.kind == "jump"]
    if jumps:
        r = rng.random()
        if r < 0.3:
            return max(jumps, key=lambda m: (len(m.captures), m.text))
        if r < 0.6 and g.rules["capture"] == "huff":
            steps = [m for m in moves if m.kind == "step"]
            if steps:
                return rng.choice(steps)
    return rng.choice(moves)


def snapshot(g: sn.Game):
    """Everything observable about a game's present state and history (the redo stack is
    checked separately)."""
    legal = g.legal_moves()
    return (
        str(g),
        g.pieces(),
        g.to_move,
        g.huffable,
        g.huffed,
        g.ply,
        g.result,
        g.is_over,
        tuple(m.text for m in g.moves),
        tuple(g.moves),
        tuple(m.text for m in legal),
        tuple(legal),
        g.can_undo,
    )


# -- invariants ------------------------------------------------------------------------------------
def check_position(g: sn.Game, model: Model, geo: Geometry) -> None:
    """The position, the legal moves and the result agree with the documented rules."""
    game = g.game
    pieces = g.pieces()
    counts = Counter(pieces.values())
    assert set(pieces) <= geo.points, set(pieces) - geo.points
    assert set(counts) <= {A, D}, counts
    assert counts[A] <= SET[game][A] and counts[D] <= SET[game][D], counts
    legal = g.legal_moves()
    texts = [m.text for m in legal]
    assert len(set(texts)) == len(texts), texts
    check_result(g, model, geo, pieces)
    if g.result is not None:
        assert legal == [] and g.huffable == ()
        return
    assert legal, "a game in progress must have a move for the side to move"
    capture = g.rules["capture"]
    # Huffing (precise readings 3): only under capture = huff, only the defenders the model expects.
    assert g.huffed == model.huffed
    assert g.huffable == tuple(sorted(model.huffable)), (g.huffable, model.huffable)
    huffs = {m.text for m in legal if m.kind == "huff"}
    if g.to_move == A and not model.huffed:
        assert huffs == {f"huff {p}" for p in model.huffable}, huffs
    else:
        assert huffs == set(), huffs
    if capture != "huff":
        assert not model.huffable and not huffs
    for m in legal:
        if m.kind == "huff":
            assert pieces[m.start] == D and m.end is None and m.captures == ()
            continue
        assert pieces.get(m.start) == g.to_move, (m, g.to_move)
        assert m.path[0] == m.start and m.path[-1] == m.end, m
    if g.to_move == A:
        steps = {(m.start, m.end) for m in legal if m.kind == "step"}
        assert all(m.kind in ("step", "huff") for m in legal), texts  # attackers never jump
        expected, _ = attacker_steps(g, pieces, geo)
        assert steps == expected, steps ^ expected
    else:
        assert all(m.kind in ("step", "jump") for m in legal), texts
        jumps = [m for m in legal if m.kind == "jump"]
        first = {f"{m.path[0]}x{m.path[1]}" for m in jumps}
        assert first == single_jumps(pieces, geo), first ^ single_jumps(pieces, geo)
        # BL-4 / PS-4: the mover may stop after any jump, so every prefix is a move of its own.
        for m in jumps:
            for k in range(2, len(m.path)):
                assert "x".join(m.path[:k]) in texts, m
        steps = {(m.start, m.end) for m in legal if m.kind == "step"}
        if capture == "strict" and jumps:
            assert steps == set(), "a non-capturing move while a capture exists (strict)"
        else:
            assert steps == defender_steps(pieces, geo)


def side_can_move(g: sn.Game, model: Model, geo: Geometry, pieces: dict[str, str]) -> bool:
    if g.to_move == D:
        return bool(defender_steps(pieces, geo) or single_jumps(pieces, geo))
    if model.huffable and not model.huffed:
        return True  # precise readings 3: huffs count as legal moves
    return bool(attacker_steps(g, pieces, geo)[0])


def check_result(g: sn.Game, model: Model, geo: Geometry, pieces: dict[str, str]) -> None:
    """BL-5/6/9, PS-8/9, the attackers' fortress win, the move limit (a draw)."""
    game = g.game
    res = g.result
    attackers = sum(1 for p in pieces.values() if p == A)
    defenders = len(pieces) - attackers
    limit = g.rules["move_limit"]
    if res is not None:
        assert res.winner in ("attackers", "defenders", None), res
        assert isinstance(res.reason, str) and res.reason.strip(), res
        assert (res.winner is None) == (res.rule == "move_limit"), res
        assert str(res)
    if geo.fortress <= {p for p, piece in pieces.items() if piece == A}:
        assert res is not None and res.winner == "attackers", res
    elif attackers < DEFENDERS_WIN_BELOW[game]:
        assert res is not None and res.winner == "defenders", res
    elif defenders == 0:
        assert res is not None and res.winner == "attackers", res
    elif res is None:
        assert limit is None or model.quiet < limit, (model.quiet, limit)
        assert side_can_move(g, model, geo, pieces), "the side to move has no move"
    elif res.rule == "move_limit":
        assert limit is not None and model.quiet == limit, (model.quiet, limit)
        assert str(limit) in res.reason
    else:
        # BL-6 / BL-9 / PS-9 (and the attackers' win by blockade): the side to move is stuck.
        assert not side_can_move(g, model, geo, pieces), res
        assert res.winner == ("attackers" if g.to_move == D else "defenders"), res


def check_move(
    g: sn.Game, geo: Geometry, before: dict, side: str, move: sn.Move, model: Model
) -> None:
    """One move changed the position exactly as it says, within the rules."""
    after = g.pieces()
    game = g.game
    if move.kind == "huff":
        assert side == A and g.rules["capture"] == "huff"
        assert move.start in model.huffable and not model.huffed, (move, model.huffable)
        expected = dict(before)
        assert expected.pop(move.start) == D
        assert after == expected, move
        return
    start, end = move.start, move.end
    mover = before[start]
    assert mover == side, (move, mover, side)
    expected = dict(before)
    del expected[start]
    if move.kind == "step":
        assert move.captures == () and move.path == (start, end)
        assert end not in before, move
        assert end in geo.neighbours[start], f"not along a line: {move}"
        if side == A:
            mode = g.rules[DIRECTION[game]]
            if game == PS:
                assert start not in geo.fortress, f"an attacker left the fortress: {move}"
            if not towards_ok(game, mode, geo, start, end):
                # Only the Pyramid escape clause (PS-6) allows this, and only if no attacker
                # had a step towards the fortress.
                assert game == PS, f"{move} breaks {mode}"
                _, escape = attacker_steps(g, before, geo)
                assert escape, f"{move} breaks {mode} although a towards-step existed"
    else:
        assert move.kind == "jump" and side == D, move
        assert len(move.captures) == len(move.path) - 1 >= 1, move
        assert len(set(move.captures)) == len(move.captures), "an attacker jumped twice"
        work = dict(before)
        del work[start]  # a chain may land on its own start
        for (a, b), over in zip(pairwise(move.path), move.captures, strict=True):
            assert (over, b) in geo.jumps[a], f"not a straight jump along a line: {a}x{b}"
            assert work.get(over) == A, f"{a}x{b} jumps {work.get(over)} on {over}"
            assert b not in work, f"{a}x{b} lands on an occupied point"
            del work[over]  # removed at once
        for over in move.captures:
            del expected[over]
    expected[end] = mover
    assert after == expected, move


def apply_model(
    g: sn.Game, model: Model, before: dict, side: str, move: sn.Move, geo: Geometry, ply_before: int
) -> None:
    """Update the model (huff state, move-limit count) and check turn order and the ply."""
    if move.kind == "huff":
        assert g.ply == ply_before, "a huff is not a ply"
        assert g.to_move == A or g.result is not None, "after a huff the attacker still moves"
        model.huffable, model.huffed, model.quiet = set(), True, 0
        return
    assert g.ply == ply_before + 1
    if g.result is None:
        assert g.to_move == OTHER[side], "the sides alternate"
    model.huffed = False
    model.huffable = set()
    if move.kind == "jump":
        model.quiet = 0
        return
    if side == D and g.rules["capture"] == "huff":
        # Precise readings 3: every defender that had a capture before a non-capturing move,
        # where it stands now.
        could = {p for p in before if before[p] == D and single_jumps(before, geo, only=p)}
        model.huffable = {move.end if p == move.start else p for p in could}
        if g.rules.get("huff_target") == "moved":
            # PS-10 "moved": only the defender that stepped, and only if a capture was there.
            model.huffable = {move.end} if could else set()
    held = sum(1 for p in geo.fortress if after_pieces(g).get(p) == A)
    if model.best is None:
        model.best = sum(1 for p in geo.fortress if before.get(p) == A)
    entered = side == A and move.end in geo.fortress and move.start not in geo.fortress
    if entered and held > model.best:
        model.best, model.quiet = held, 0
    else:
        model.quiet += 1


def play_checked(g: sn.Game, rng: random.Random, max_moves: int) -> Model:
    """Play random moves from a fresh set-up, checking every invariant after each."""
    geo = geometry_of(g)
    model = Model()
    model.best = sum(1 for p in geo.fortress if g.pieces().get(p) == A)
    assert g.to_move == FIRST[g.game] or g.result is not None
    check_position(g, model, geo)
    counts = Counter(g.pieces().values())
    n = 0
    while g.result is None and n < max_moves:
        before, side, ply = g.pieces(), g.to_move, g.ply
        move = g.play(pick(g, rng))
        n += 1
        check_move(g, geo, before, side, move, model)
        apply_model(g, model, before, side, move, geo, ply)
        check_position(g, model, geo)
        now = Counter(g.pieces().values())
        assert now[A] <= counts[A] and now[D] <= counts[D], "a count grew"
        if move.kind != "jump":
            assert now[A] == counts[A], "attackers disappear only by a jump"
        if move.kind != "huff":
            assert now[D] == counts[D], "defenders disappear only by a huff"
        counts = now
    return model


# -- 1. invariants ---------------------------------------------------------------------------------
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], **SETTINGS)
@given(data=st.data(), rules=rule_choices(), seed=SEEDS)
def test_invariants_after_every_ply(data, rules, seed):
    rng = random.Random(seed)
    setup = data.draw(setups(rules[0]))
    g = new_random_game(rules, setup)
    if "defenders" in setup:
        assert {p for p, piece in g.pieces().items() if piece == D} == set(setup["defenders"])
    play_checked(g, rng, max_moves=600)


@settings(max_examples=100, **SETTINGS)
@given(rules=rule_choices(force={"capture": "huff"}), seed=SEEDS)
def test_invariants_under_huff(rules, seed):
    """capture = huff in both games: the huff bookkeeping is checked after every move."""
    rng = random.Random(seed)
    g = new_random_game(rules)
    assert g.rules["capture"] == "huff"
    play_checked(g, rng, max_moves=600)


def test_the_property_games_reach_every_situation():
    """The random games above are not vacuous: with the same move policy, games from fixed
    seeds contain huffs, chains of two or more jumps, escape-clause moves, strict restriction
    and every end of the game."""
    rng = random.Random(1871)
    seen = Counter()
    for i in range(120):
        game = GAMES[i % 2]
        overrides = {"capture": rng.choice([c.value for c in sn.option(game, "capture").choices])}
        g = sn.new_game(game, preset=rng.choice(sn.presets(game)), **overrides)
        geo = geometry_of(g)
        while g.result is None:
            pieces = g.pieces()
            if g.to_move == A and game == PS and attacker_steps(g, pieces, geo)[1]:
                seen["escape clause"] += 1
            if (
                g.to_move == D
                and g.rules["capture"] == "strict"
                and single_jumps(pieces, geo)
                and defender_steps(pieces, geo)
            ):
                seen["strict restricts"] += 1
            move = g.play(pick(g, rng))
            seen[move.kind] += 1
            seen["chain"] += len(move.captures) >= 2
        seen[(game, g.result.winner)] += 1
    for what in ("huff", "jump", "chain", "escape clause", "strict restricts"):
        assert seen[what] >= 20, (what, seen)
    for game in GAMES:
        assert seen[(game, "attackers")] and seen[(game, "defenders")], seen


# -- 2. undo and redo ------------------------------------------------------------------------------
def test_undo_through_a_huff_and_a_chain():
    """A huff and a two-jump chain are undone and redone exactly (Belagerung, capture=huff)."""
    pos = {
        "e5": "defender",
        "e6": "attacker",
        "f7": "attacker",
        "a4": "defender",
        **{f"{f}{r}": "attacker" for r in (1, 2) for f in "cdefg"},
        **{f"{f}3": "attacker" for f in "cdefghi"},
    }
    g = sn.new_game(BL, position=pos, to_move="defender", capture="huff", attacker_direction="any")
    states = [snapshot(g)]
    for text in ("a4-a5", "huff e5", "i3-i4", "a5-a6"):
        g.play(text)
        states.append(snapshot(g))
    assert states[1][3] == ("e5",) and states[2][4] is True and states[2][5] == 1
    g2 = sn.new_game(BL, position=pos, to_move="defender", capture="huff", attacker_direction="any")
    chain_states = [snapshot(g2)]
    g2.play("e5xe7xg7")
    chain_states.append(snapshot(g2))
    for i in range(4, 0, -1):
        g.undo()
        assert snapshot(g) == states[i - 1]
    for i in range(1, 5):
        g.redo()
        assert snapshot(g) == states[i]
    g2.undo()
    assert snapshot(g2) == chain_states[0]
    assert g2.pieces()["e6"] == g2.pieces()["f7"] == "attacker"
    g2.redo()
    assert snapshot(g2) == chain_states[1]


# -- 3. JSON records -------------------------------------------------------------------------------
def assert_same_game(h: sn.Game, g: sn.Game) -> None:
    assert h.game == g.game
    assert h.rules.preset == g.rules.preset
    assert dict(h.rules.settings) == dict(g.rules.settings)
    assert snapshot(h) == snapshot(g)
    assert h.can_redo == g.can_redo
    assert h.to_json() == g.to_json()


def assert_round_trip(g: sn.Game) -> None:
    h = sn.load_game(g.to_json())
    assert_same_game(h, g)
    # The redo stacks hold the same moves, and replaying them gives the same states.
    n = 0
    while g.can_redo:
        assert h.redo() == g.redo()
        assert snapshot(h) == snapshot(g)
        n += 1
    assert not h.can_redo
    for _ in range(n):
        assert h.undo() == g.undo()
    assert_same_game(h, g)
    assert_same_game(sn.load_game(g.to_json().encode("utf-8")), g)


@settings(max_examples=40, **SETTINGS)
@given(
    rules=rule_choices(force={"capture": "huff"}),
    seed=SEEDS,
    undo_some=st.booleans(),
)
def test_json_round_trip_around_huffs(rules, seed, undo_some):
    """Save right after a defender step that made someone huffable and right after a huff."""
    rng = random.Random(seed)
    saved = Counter()
    for _ in range(20):  # games until both situations were saved at least once
        g = new_random_game(rules)
        while g.result is None:
            move = g.play(pick(g, rng, huff_bias=0.7))
            if move.kind == "huff":
                assert g.huffed and g.huffable == ()
                assert_round_trip(g)
                saved["after a huff"] += 1
            elif g.huffable:
                assert g.to_move == A and move.kind == "step"
                assert_round_trip(g)
                saved["huffable"] += 1
                if undo_some:
                    g.undo()
                    assert g.huffable == ()
                    assert_round_trip(g)  # with a redo stack
                    g.redo()
                    assert_round_trip(g)
        if saved["after a huff"] and saved["huffable"]:
            break
    assert saved["after a huff"] and saved["huffable"], saved


# -- 4. games end ----------------------------------------------------------------------------------
MAX_MOVES = 50_000  # random games end in a few hundred moves; this bound is generous


@pytest.mark.parametrize("game,preset", [(game, p) for game in GAMES for p in sn.presets(game)])
@settings(max_examples=30, **SETTINGS)
@given(data=st.data(), seed=SEEDS)
def test_random_games_end_under_every_preset(game, preset, data, seed):
    rng = random.Random(seed)
    _, _, overrides = data.draw(rule_choices(games=(game,)))
    overrides.pop("move_limit", None)  # the default limit
    g = sn.new_game(game, preset=preset, **overrides)
    assert g.rules["move_limit"] == sn.option(game, "move_limit").default == 200
    n = 0
    while g.result is None and n < MAX_MOVES:
        g.play(pick(g, rng))
        n += 1
    res = g.result
    assert res is not None, f"no result after {MAX_MOVES} moves"
    assert res.winner in ("attackers", "defenders", None)
    assert res.reason.strip()
    assert (res.winner is None) == (res.rule == "move_limit")
    assert g.legal_moves() == []
    for text in ("huff e5", g.moves[-1].text, "r4c1-r4c2"):
        with pytest.raises(sn.IllegalMove) as info:
            g.play(text)
        assert "over" in info.value.reason


@settings(max_examples=120, **SETTINGS)
@given(
    rules=rule_choices(),
    limit=st.integers(1, 30),
    seed=SEEDS,
)
def test_small_move_limits_end_games_exactly_on_time(rules, limit, seed):
    rng = random.Random(seed)
    game, preset, overrides = rules
    g = sn.new_game(game, preset=preset, **{**overrides, "move_limit": limit})
    assert g.rules["move_limit"] == limit
    model = play_checked(g, rng, max_moves=MAX_MOVES)
    res = g.result
    assert res is not None
    assert res.winner in ("attackers", "defenders", None) and res.reason.strip()
    assert model.quiet <= limit
    if res.rule == "move_limit":
        assert res.winner is None and model.quiet == limit
