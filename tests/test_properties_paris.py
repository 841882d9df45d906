"""Property tests (hypothesis) for Siege of Paris: random legal games under random rules.

Every game starts from the standard set-up (precise readings 1.1) under a random preset, random
overrides of single options, a random garrison arrangement on the circles, a random first army
and 2 or 3 players; moves are drawn from ``legal_moves()`` with a hypothesis-controlled
``random.Random``.  The expectations come from ``docs/rules-reference.md``,
``docs/precise-readings.md`` and the public API in ``docs/design.md`` section 5; the checks below
compute them from the public API only (pieces, moves, ``to_move``, ``next_army``), never from
engine internals.

1. invariants after every ply (set counts, colours, SP-13/14/17/18/25, directions, no jumps,
   turn order, the move limit count, the order of the end checks);
2. random games end, with a well-formed result, under every preset and small move limits.

What every game promises alike (``legal_moves()`` agrees with ``play`` and ``why``, other moves
are refused and change nothing, undo/redo and JSON records restore exact states) is tested once
for all games in ``tests/test_game_contract.py``.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siege_nb as sn

GAME = "siege-of-paris"
PRESETS = sn.presets(GAME)
OPTIONS = sn.options(GAME)

FILES = "abcdefghijkl"
SQUARES = [
    f"{FILES[f - 1]}{r}"
    for r in range(1, 17)
    for f in range(1, 13)
    if not (4 <= f <= 9 and 6 <= r <= 11)  # the citadel area d6-i11 has no squares
]
CIRCLES = [f"C{i}" for i in range(8)]
NODES = SQUARES + CIRCLES
assert len(SQUARES) == 156  # precise readings 1.1

ARMIES = ("white", "black")
OTHER = {"white": "black", "black": "white"}
FORWARD = {"white": 1, "black": -1}  # White advances towards rank 16, Black towards rank 1
SET = {  # the fixed rule 'Setting up' in docs/rules-reference.md
    "white": {"general": 1, "colonel": 1, "captain": 2, "lieutenant": 2, "soldier": 12},
    "black": {"general": 1, "colonel": 1, "captain": 2, "lieutenant": 2, "soldier": 12},
    "garrison": {"general": 1, "colonel": 1, "soldier": 6},
}
# Gate circles and their squares for each citadel layout (precise readings 1.1).
GATES = {
    "ring": {"C0": ("f5", "g5"), "C4": ("f12", "g12")},
    "ring-flank-gates": {"C2": ("c8", "c9"), "C6": ("j8", "j9")},
}
WINNER_OF_RULE = {
    "SP-1": "attackers",
    "SP-2": "attackers",
    "SP-3": "garrison",
    "SP-4": None,
    "SP-23": None,
    "SP-26": None,
    "move_limit": None,
}

# SIEGE_NB_PROPERTY_SCALE=10 multiplies the number of examples, for a longer hunt by hand.
SCALE = max(1, int(os.environ.get("SIEGE_NB_PROPERTY_SCALE", "1")))
SETTINGS = {"deadline": None, "database": None, "print_blob": True}
QUICK = settings(max_examples=30 * SCALE, suppress_health_check=[HealthCheck.too_slow], **SETTINGS)


# -- board helpers, straight from docs/precise-readings.md -------------------------------------
def is_circle(node: str) -> bool:
    return node.startswith("C")


def file_of(square: str) -> int:
    return FILES.index(square[0]) + 1


def rank_of(square: str) -> int:
    return int(square[1:])


def is_dark(square: str) -> bool:
    """Precise readings 1.1: dark iff file index + rank is even, a = 1."""
    return (file_of(square) + rank_of(square)) % 2 == 0


def ring_neighbours(circle: str) -> set[str]:
    i = int(circle[1:])
    return {f"C{(i + 1) % 8}", f"C{(i - 1) % 8}"}


def side_of(piece: str) -> str:
    return piece.split()[0]


def kind_of(piece: str) -> str:
    return piece.split()[1]


# -- strategies -----------------------------------------------------------------------------------
@st.composite
def rule_choices(draw, allow_no_limit: bool = True):
    """A preset and random overrides of single options (each option overridden or not)."""
    preset = draw(st.sampled_from(PRESETS))
    overrides = {}
    for opt in OPTIONS:
        values = [c.value for c in opt.choices]
        if opt.name == "move_limit" and not allow_no_limit:
            values = [v for v in values if v is not None]
        if values and draw(st.booleans()):
            overrides[opt.name] = draw(st.sampled_from(values))
    return preset, overrides


@st.composite
def start_setups(draw):
    """Garrison arrangement on the circles, the first army and the number of players."""
    extra = {}
    if draw(st.booleans()):
        general, colonel = draw(st.permutations(CIRCLES))[:2]
        extra["garrison"] = {general: "general", colonel: "colonel"}
    first = draw(st.sampled_from([None, "white", "black"]))
    if first is not None:
        extra["next_army"] = first
    extra["players"] = draw(st.sampled_from([2, 3]))
    return extra


def new_random_game(rules, setup):
    preset, overrides = rules
    return sn.new_game(GAME, preset=preset, **overrides, **setup)


def pick(g, rng, demand_bias: float = 0.3):
    """A random legal move; ``demand`` is favoured so that its consequences get exercised."""
    moves = g.legal_moves()
    demands = [m for m in moves if m.kind == "demand"]
    if demands and rng.random() < demand_bias:
        return demands[0]
    return rng.choice(moves)


def can_move(g, side: str) -> bool:
    """Whether ``side`` has a legal move in ``g``'s position: set the position up with ``side``
    to move and see whether the set-up keeps it to move (precise readings 2: passes are
    automatic)."""
    probe = sn.new_game(
        GAME, preset=g.rules.preset, position=g.pieces(), to_move=side, **dict(g.rules.settings)
    )
    return probe.result is None and probe.to_move == side


def expected_end(pieces, rules, quiet):
    """The end check that must fire, in the order of precise readings 2, or None."""
    soldiers = officers = soldiers_in = officers_in = garrison_in = 0
    for node, piece in pieces.items():
        if side_of(piece) == "garrison":
            garrison_in += is_circle(node)
            continue
        inside = is_circle(node)
        if kind_of(piece) == "soldier":
            soldiers += 1
            soldiers_in += inside
        else:
            officers += 1
            officers_in += inside
    need = rules["placement_win"]
    if soldiers == 0 and officers <= 6:
        return "SP-3"
    if officers_in >= 1 and soldiers_in >= need:
        return "SP-1"
    if rules["invaders_only_draw"] and not garrison_in and soldiers_in + officers_in:
        return "SP-26"
    # SP-4's four readings, as the precise readings define them.
    inside_draw = rules["soldier_inside_draw"]
    if soldiers_in and (
        inside_draw == "any-soldier"
        or (inside_draw == "on" and (soldiers < need or officers == 0))
        or (inside_draw == "last-soldier" and soldiers == 1)
    ):
        return "SP-4"
    if rules["move_limit"] is not None and quiet >= rules["move_limit"]:
        return "move_limit"
    return None


# -- invariants -----------------------------------------------------------------------------------
def check_position(g, garrison_size: int) -> None:
    pieces = g.pieces()
    rules = g.rules
    counts = Counter(pieces.values())
    for side, kinds in SET.items():
        for kind, n in kinds.items():
            assert counts[f"{side} {kind}"] <= n, (side, kind, counts)
    assert all(node in NODES for node in pieces), pieces
    assert set(counts) <= {f"{s} {k}" for s in SET for k in SET[s]}, counts
    # SP-25: garrison pieces are never captured.
    assert sum(n for p, n in counts.items() if side_of(p) == "garrison") == garrison_size
    garrison_out = Counter()
    for node, piece in pieces.items():
        side, kind = piece.split()
        if side in ARMIES and kind == "soldier" and not is_circle(node):
            # Attacking soldiers never leave their colour (fixed rule 'How the pieces move').
            assert is_dark(node) == (side == "black"), (node, piece)
        if piece == "garrison soldier" and not is_circle(node):
            garrison_out[is_dark(node)] += 1
    # SP-14: never more than three garrison soldiers on each colour outside.
    assert max(garrison_out.values(), default=0) <= 3, garrison_out
    if g.to_move in ARMIES and g.result is None:
        # next_army is always the army after the coming garrison turn.
        assert g.next_army == OTHER[g.to_move]
    legal = g.legal_moves()
    if g.result is not None:
        assert legal == []
    else:
        assert legal, "a game in progress must have a move for the side to move"
        texts = [m.text for m in legal]
        assert len(set(texts)) == len(texts), texts
        if g.to_move in ARMIES:
            assert all(side_of(pieces[m.start]) == g.to_move for m in legal)
        else:
            assert all(m.kind == "demand" or side_of(pieces[m.start]) == "garrison" for m in legal)
        if any(m.kind == "demand" for m in legal):
            # SP-5: only under on-demand, only at the garrison's turn.
            assert rules["capture"] == "on-demand" and g.to_move == "garrison"
        if rules["capture"] == "always" and any(m.kind == "capture" for m in legal):
            assert all(m.kind == "capture" for m in legal), texts


def check_move(before, move, g) -> None:
    """One ply (or a demand) changed the position exactly as the move says, within the rules."""
    rules = g.rules
    after = g.pieces()
    gates = GATES[rules["citadel"]]
    if move.kind == "demand":
        assert after == before
        assert move.start is None and move.end is None and move.captures == ()
        return
    start, end = move.start, move.end
    mover = before[start]
    side, kind = mover.split()
    # Only the moving piece moved; only the captured piece disappeared.
    expected = dict(before)
    del expected[start]
    if move.captures:
        assert move.captures == (end,), move
        assert move.kind == "capture"
        assert side == "garrison", "only the garrison captures (SP-25)"
        assert side_of(before[end]) in ARMIES
        # SP-17: no capture onto a circle, and the capturer starts outside the citadel.
        assert not is_circle(start) and not is_circle(end), move
    else:
        assert end not in before, move
        assert move.kind == ("enter" if is_circle(end) and not is_circle(start) else "step")
    expected[end] = mover
    assert after == expected, move
    assert len(after) == len(before) - len(move.captures)
    # No piece jumps: every point passed was empty.
    assert move.path[0] == start and move.path[-1] == end, move
    for node in move.path[1:-1]:
        assert node not in before, (move, node)
    # Circles and gates (SP-18, SP-13 re-entry, the lines of precise readings 1.1).
    if is_circle(start) and is_circle(end):
        assert end in ring_neighbours(start), move
    elif is_circle(start):
        assert side == "garrison", f"attackers never leave the citadel (SP-18): {move}"
        assert start in gates and end in gates[start], move
    elif is_circle(end):
        assert end in gates and start in gates[end], f"entry only from a gate square: {move}"
    else:
        if side == "garrison":
            if kind == "soldier":  # SP-13: a garrison soldier keeps its colour outside
                assert is_dark(start) == is_dark(end), move
        else:
            check_direction(move, side, kind, rules)


def check_direction(move, side, kind, rules) -> None:
    """Square-to-square moves of attackers: forward, sideways or (where allowed) backwards."""
    d = (rank_of(move.end) - rank_of(move.start)) * FORWARD[side]
    df = abs(file_of(move.end) - file_of(move.start))
    if kind == "soldier":
        assert df == 1 and abs(d) == 1, move
        assert d > 0 or rules["soldier_backwards"], f"soldier moved backwards: {move}"
    elif kind == "lieutenant":
        assert d != 0 and df == abs(d), move
        assert d > 0 or rules["lieutenant_backwards"], f"lieutenant moved backwards: {move}"
    elif kind == "general":
        assert d >= 0, f"general moved backwards: {move}"
    else:  # colonel, captain
        assert d >= 0, f"{kind} moved backwards: {move}"
        if not rules["colonel_captain_sideways"]:
            assert d > 0 and df == 0, f"{kind} moved sideways under SP-7 = no: {move}"


def check_turn(g, mover_side, next_before) -> None:
    """Turn order after a ply (fixed rule 'Turn order', and precise readings 2 on passing)."""
    if g.result is not None:
        return
    if mover_side == "garrison":
        army = next_before
        if g.to_move == army:
            assert g.next_army == OTHER[army]
        else:
            assert g.to_move in ("garrison", OTHER[army]), (g.to_move, army)
            assert not can_move(g, army), f"{army} was skipped but could move"
    else:
        if g.to_move == "garrison":
            assert g.next_army == OTHER[mover_side]
        else:
            # Two army plies in a row: the garrison must have been skipped (SP-23).
            assert not g.rules["blockade_win"], "a stuck garrison loses under SP-2"
            assert not can_move(g, "garrison"), "garrison skipped although it could move"


def check_result(g, quiet) -> None:
    want = expected_end(g.pieces(), g.rules, quiet)
    res = g.result
    if want is not None:
        assert res is not None and res.rule == want, (want, res)
    elif res is not None:
        assert res.rule in ("SP-2", "SP-23"), res
        if res.rule == "SP-2":
            assert g.rules["blockade_win"] and not can_move(g, "garrison")
        else:
            assert not any(can_move(g, s) for s in ("garrison", "white", "black"))
    if res is not None:
        assert res.winner == WINNER_OF_RULE[res.rule], res
        assert res.winner in ("garrison", "attackers", None)
        assert isinstance(res.reason, str) and res.reason.strip()
        assert g.legal_moves() == []


def play_checked(g, rng, max_plies: int, garrison_size: int = 8):
    """Play random moves, checking every invariant after each; returns the quiet count."""
    quiet = 0
    check_position(g, garrison_size)
    check_result(g, quiet)
    plies = 0
    while g.result is None and plies < max_plies:
        before = g.pieces()
        side, next_before, ply = g.to_move, g.next_army, g.ply
        move = g.play(pick(g, rng))
        check_move(before, move, g)
        if move.kind == "demand":
            assert g.ply == ply and g.to_move == "garrison" and g.result is None
            legal = g.legal_moves()
            assert legal and all(m.kind == "capture" for m in legal), legal
        else:
            plies += 1
            assert g.ply == ply + 1
            # Under "attacker-entry" a garrison piece going back in does not count.
            entered = (
                not is_circle(move.start)
                and is_circle(move.end)
                and (
                    g.rules["move_limit_reset"] == "any-entry"
                    or before[move.start].split()[0] != "garrison"
                )
            )
            quiet = 0 if (move.captures or entered) else quiet + 1
            check_turn(g, side, next_before)
        check_position(g, garrison_size)
        check_result(g, quiet)
    return quiet


# -- 1. invariants ---------------------------------------------------------------------------------
@QUICK
@given(rules=rule_choices(), setup=start_setups(), rng=st.randoms(use_true_random=False))
def test_invariants_after_every_ply(rules, setup, rng):
    g = new_random_game(rules, setup)
    play_checked(g, rng, max_plies=300)


@settings(max_examples=20 * SCALE, **SETTINGS)
@given(
    rules=rule_choices(),
    backwards=st.sampled_from([(False, False), (True, False), (False, True), (True, True)]),
    rng=st.randoms(use_true_random=False),
)
def test_attackers_never_turn_back_unless_allowed(rules, backwards, rng):
    """SP-8/SP-9 forced to each combination; attackers on circles stay there."""
    preset, overrides = rules
    overrides = {
        **overrides,
        "soldier_backwards": backwards[0],
        "lieutenant_backwards": backwards[1],
    }
    g = sn.new_game(GAME, preset=preset, **overrides)
    on_circles = 0
    for _ in range(300):
        if g.result is not None:
            break
        before = g.pieces()
        move = g.play(pick(g, rng))
        check_move(before, move, g)
        now = sum(1 for n, p in g.pieces().items() if is_circle(n) and side_of(p) in ARMIES)
        # Attackers on a circle can neither leave nor be captured (SP-17, SP-18).
        assert now >= on_circles
        on_circles = now


# -- 2. games end ---------------------------------------------------------------------------------
MAX_PLIES = 20_000  # random games end in a few thousand plies at most; this bound is generous


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=6 * SCALE, **SETTINGS)
@given(rules=rule_choices(allow_no_limit=False), rng=st.randoms(use_true_random=False))
def test_random_games_end_under_every_preset(preset, rules, rng):
    _, overrides = rules
    overrides.pop("move_limit", None)  # the default limit
    g = sn.new_game(GAME, preset=preset, **overrides)
    assert g.rules["move_limit"] == sn.option(GAME, "move_limit").default
    while g.result is None and g.ply < MAX_PLIES:
        g.play(pick(g, rng))
    assert g.result is not None, f"no result after {MAX_PLIES} plies"
    assert g.result.winner in ("garrison", "attackers", None)
    assert g.result.reason.strip()
    assert g.legal_moves() == []
    with pytest.raises(sn.IllegalMove) as info:
        g.play("C0-f5")
    assert "over" in info.value.reason


@settings(max_examples=25 * SCALE, **SETTINGS)
@given(
    rules=rule_choices(),
    limit=st.integers(5, 40),
    setup=start_setups(),
    rng=st.randoms(use_true_random=False),
)
def test_small_move_limits_end_games_exactly_on_time(rules, limit, setup, rng):
    preset, overrides = rules
    g = sn.new_game(GAME, preset=preset, **{**overrides, "move_limit": limit}, **setup)
    quiet = play_checked(g, rng, max_plies=MAX_PLIES)
    assert g.result is not None
    assert g.result.winner in ("garrison", "attackers", None)
    assert g.result.reason.strip()
    assert quiet <= limit
    if g.result.rule == "move_limit":
        assert quiet == limit
        assert str(limit) in g.result.reason
