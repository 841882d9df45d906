"""Bad input for the hunt games (Belagerung, Pyramid Siege): set-ups, moves, records.

Every refusal must be a clear error that says what is wrong, and must leave the game exactly as
it was.  The positions are chosen by hand; the expected reasons (the rule id, the option value,
the point) follow from ``docs/rules-reference.md``, ``docs/precise-readings.md`` and the public
API in ``docs/design.md`` section 5; distances to the fortress are counted by hand in the comments.

The refusals every game shares (unknown options, values, presets, sides, points and pieces;
garbage text and things that are not moves; undo and redo with nothing to do; moves of another
game or position; broken, hostile or tampered records) are tested once for all games in
``tests/test_game_contract.py``; this file keeps what is particular to the hunt games.
"""

from __future__ import annotations

import json

import pytest

import siege_nb as sn

BL, PS = "belagerung", "pyramid-siege"
A, D = "attacker", "defender"

# 17 attackers on the lower ranks, far from the action, so that BL-5 (fewer than 17 attackers
# left) does not end the game at once: c1-g1, c2-g2, a3-g3.
BL_FILL = {
    **{f"{f}{r}": A for r in (1, 2) for f in "cdefg"},
    **{f"{f}3": A for f in "abcdefg"},
}
assert len(BL_FILL) == 17
# Six attackers on the bottom row of the pyramid (PS-8: the defenders win with 5 or fewer).
PS_FILL = {f"r7c{c}": A for c in range(1, 7)}
BL_FORTRESS = [f"{f}{r}" for r in (7, 8, 9) for f in "cdefg"] + ["b9", "h9"]  # top-row horns
PS_FORTRESS = ["r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"]
# 2.2: the 9 x 9 lattice minus its four 2 x 2 corners (65 points; the horns come on top).
BL_POINTS = [
    f"{f}{r}" for r in range(1, 10) for f in "abcdefghi" if not (f in "abhi" and (r <= 2 or r >= 8))
]
PS_POINTS = [f"r{r}c{c}" for r in range(8) for c in range(r + 1)]  # 3.2: 36 points
assert len(BL_POINTS) == 65 and len(PS_POINTS) == 36


def snapshot(g: sn.Game):
    """Everything observable about a game (the brief's list, and a little more)."""
    return (
        str(g),
        g.pieces(),
        g.to_move,
        g.huffable,
        g.huffed,
        g.ply,
        g.result,
        [m.text for m in g.moves],
        [m.text for m in g.legal_moves()],
        g.can_undo,
        g.can_redo,
    )


def refuse(g: sn.Game, move, words=(), rule=None) -> sn.IllegalMove:
    """``move`` is refused with a reason containing ``words``; the game does not change."""
    before = snapshot(g)
    with pytest.raises(sn.IllegalMove) as info:
        g.play(move)
    err = info.value
    assert isinstance(err, ValueError)
    assert isinstance(err.reason, str) and err.reason.strip()
    for word in words:
        assert word.lower() in err.reason.lower(), (move, word, err.reason)
    if rule is not None:
        assert err.verdict.rule == rule, (move, err.verdict.rule, err.reason)
    assert snapshot(g) == before, move
    verdict = g.why(move)
    assert not verdict.legal and not bool(verdict)
    assert verdict.reason == err.reason
    assert snapshot(g) == before, move
    return err


def legal(g: sn.Game) -> set[str]:
    return {m.text for m in g.legal_moves()}


# -- set-up validation ----------------------------------------------------------------------------
BAD_SETUPS = [
    # unknown points
    (BL, {"position": {"j1": A}}, ["'j1'", "not a point"]),
    (BL, {"position": {"a1": A}}, ["'a1'", "not a point"]),  # a cut-off corner of the cross
    (BL, {"position": {"b2": D}}, ["'b2'", "not a point"]),
    (BL, {"position": {"e10": D}}, ["'e10'", "not a point"]),
    (BL, {"position": {"b9": D}, "horns": "beside-middle-row"}, ["'b9'", "not a point"]),
    (BL, {"position": {"b8": D}, "horns": "top-row"}, ["'b8'", "not a point"]),
    (BL, {"position": {"r4c1": D}}, ["'r4c1'", "not a point"]),
    (PS, {"position": {"r8c0": A}}, ["'r8c0'", "not a point"]),
    (PS, {"position": {"r2c3": A}}, ["'r2c3'", "not a point"]),  # c > r
    (PS, {"position": {"e5": D}}, ["'e5'", "not a point"]),
    # an unknown piece name: the message lists the pieces
    (BL, {"position": {"e5": "king"}}, ["'king'", "not a piece", "attacker", "defender"]),
    # too many pieces of a kind (2.1: 50 attackers and 3 defenders; 3.1: 27 and 3)
    (BL, {"position": {p: A for p in BL_POINTS[:51]}}, ["too many attackers", "50"]),
    (BL, {"position": {"e5": D, "e6": D, "e4": D, "d5": D}}, ["too many defenders", "3"]),
    (PS, {"position": {p: A for p in PS_POINTS[:28]}}, ["too many attackers", "27"]),
    (PS, {"position": {"r0c0": D, "r7c0": D, "r7c7": D, "r3c3": D}}, ["too many defenders", "3"]),
    # two defenders placed on one point
    (BL, {"defenders": ["c7", "c7", "e7"]}, ["two pieces", "c7"]),
    # defenders= placement off the fortress, malformed, or together with position=
    (BL, {"defenders": ["e5", "c7", "e7"]}, ["fortress", "'e5'"]),
    (BL, {"defenders": ["c7", "e7", "h8"]}, ["fortress", "'h8'"]),  # h8 is a horn only one row down
    (BL, {"defenders": ["c7", "e7", "a1"]}, ["'a1'"]),
    (PS, {"defenders": ["r0c0", "r4c1", "r4c3"]}, ["fortress", "'r0c0'"]),
    (BL, {"defenders": "c7"}, ["list"]),
    (BL, {"defenders": ["c7", "e7", "g7", "d8"]}, ["too many defenders"]),
    (BL, {"defenders": ["c7", "e7", "g7"], "position": {"e5": D}}, ["not both"]),
    (PS, {"defenders": ["r4c1"], "position": {"r4c1": D}}, ["not both"]),
    # players
    (BL, {"players": 3}, ["two players", "3"]),
    (PS, {"players": 3}, ["two players", "3"]),
    (PS, {"players": 1}, ["two players"]),
]


@pytest.mark.parametrize(
    "game,kwargs,words", BAD_SETUPS, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(BAD_SETUPS)]
)
def test_bad_setups_raise_a_clear_value_error(game, kwargs, words):
    with pytest.raises(ValueError) as info:
        sn.new_game(game, **kwargs)
    message = str(info.value)
    assert not isinstance(info.value, sn.IllegalMove)
    for word in words:
        assert word.lower() in message.lower(), (word, message)


def test_unknown_corner_point_message_does_not_call_it_a_point():
    with pytest.raises(ValueError) as info:
        sn.new_game(BL, position={"a1": A})
    assert "a1 to" not in str(info.value), str(info.value)


def test_partial_positions_and_unusual_but_legal_setups_are_accepted():
    # A partial position, with attackers standing on fortress points (precise readings 3: any number
    # of pieces up to the set).
    g = sn.new_game(BL, position={"e5": D, "c7": A, "d8": A, **BL_FILL})
    assert g.result is None and g.pieces()["c7"] == A and g.to_move == A
    assert len(g.pieces()) == 20
    # Lists of pairs work as well as mappings; to_move can be either side.
    pairs = [("e5", D), ("c7", A), ("d8", A), *BL_FILL.items()]
    h = sn.new_game(BL, position=pairs, to_move="defender")
    assert h.pieces() == g.pieces() and h.to_move == D
    # Free defender placement on fortress points (2.2), the middle row for example.
    f = sn.new_game(BL, defenders=["c8", "e8", "g8"])
    assert {p for p, x in f.pieces().items() if x == D} == {"c8", "e8", "g8"}
    assert sum(1 for x in f.pieces().values() if x == A) == 50 and f.result is None
    # The horns are fortress points too, under either horns choice.
    assert sn.new_game(BL, defenders=["b9", "h9"]).result is None
    assert sn.new_game(BL, horns="beside-middle-row", defenders=["b8", "h8", "e9"]).result is None
    p = sn.new_game(PS, defenders=["r4c2", "r5c2", "r5c3"])
    assert {q for q, x in p.pieces().items() if x == D} == {"r4c2", "r5c2", "r5c3"}
    # Pyramid attackers may stand in the fortress at the start.
    q = sn.new_game(PS, position={"r4c2": A, "r0c0": D, **PS_FILL}, to_move="attacker")
    assert q.result is None and not any(m.start == "r4c2" for m in q.legal_moves())


@pytest.mark.parametrize(
    "game,kwargs,winner",
    [
        # BL-5: fewer than 17 attackers left.
        (BL, {"position": {"e5": D, "a3": A}}, "defenders"),
        # BL-6: all 17 fortress points held by attackers.
        (BL, {"position": {**{p: A for p in BL_FORTRESS}, "e5": D}}, "attackers"),
        # BL-6: no defender left (17 attackers, none in the fortress).
        (BL, {"position": dict(BL_FILL)}, "attackers"),
        # PS-8: five attackers left.
        (PS, {"position": {"r0c0": D, **{p: A for p in PS_FORTRESS[:5]}}}, "defenders"),
        # Pyramid: all six fortress points held.
        (PS, {"position": {**{p: A for p in PS_FORTRESS}, "r0c0": D}}, "attackers"),
        # Pyramid: no defender left.
        (PS, {"position": dict(PS_FILL)}, "attackers"),
    ],
)
def test_a_setup_that_is_already_won_is_finished_at_once(game, kwargs, winner):
    g = sn.new_game(game, **kwargs)
    assert g.result is not None and g.result.winner == winner
    assert g.result.reason.strip()
    assert g.is_over and g.legal_moves() == []


# -- illegal moves: Belagerung -------------------------------------------------------------------
# An attacker on d5 (2 lines from the fortress: d5-d6-d7), one on d7 (in the fortress), a
# defender on e9. d4 is 3 lines away, c5 is 2 (c5-c6-c7).
BL_STEPS = {"d5": A, "d7": A, "e9": D, **BL_FILL}
# The defender on e5 can jump e6 (to e7); a4 and c8 can only step.
BL_JUMP = {"e5": D, "e6": A, "a4": D, "c8": D, **BL_FILL}
# As BL_JUMP, and a4 can jump a5 (to a6) too: two defenders with a capture.
BL_TWO = {"e5": D, "e6": A, "a4": D, "a5": A, "c8": D, **BL_FILL}

BL_CASES = [
    # BL-2 shortest-route (boardandpieces-siege): every step one line closer.
    (
        "away under shortest-route",
        BL_STEPS,
        A,
        {},
        [],
        "d5-d4",
        ["BL-2", "shortest-route", "d5 is 2", "d4 is 3"],
        "BL-2",
    ),
    (
        "sideways under shortest-route",
        BL_STEPS,
        A,
        {},
        [],
        "d5-c5",
        ["BL-2", "shortest-route", "c5 is 2"],
        "BL-2",
    ),
    (
        "leaving the fortress under shortest-route",
        BL_STEPS,
        A,
        {},
        [],
        "d7-d6",
        ["BL-2", "shortest-route", "leave the fortress"],
        "BL-2",
    ),
    # BL-2 never-away (wikipedia-asalto): the distance may not grow.
    (
        "away under never-away",
        BL_STEPS,
        A,
        {"attacker_direction": "never-away"},
        [],
        "d5-d4",
        ["BL-2", "never-away"],
        "BL-2",
    ),
    (
        "leaving the fortress under never-away",
        BL_STEPS,
        A,
        {"attacker_direction": "never-away"},
        [],
        "d7-d6",
        ["BL-2", "never-away"],
        "BL-2",
    ),
    # BL-2 no-horizontal (royal-garrison): one rank up, inside the fortress too (precise
    # readings 3).
    (
        "sideways under no-horizontal",
        BL_STEPS,
        A,
        {"attacker_direction": "no-horizontal"},
        [],
        "d5-c5",
        ["BL-2", "no-horizontal"],
        "BL-2",
    ),
    (
        "sideways in the fortress under no-horizontal",
        BL_STEPS,
        A,
        {"attacker_direction": "no-horizontal"},
        [],
        "d7-c7",
        ["BL-2", "no-horizontal"],
        "BL-2",
    ),
    (
        "back under no-horizontal",
        BL_STEPS,
        A,
        {"attacker_direction": "no-horizontal"},
        [],
        "d5-d4",
        ["BL-2", "no-horizontal"],
        "BL-2",
    ),
    # BL-3 strict: no step while a capture exists.
    (
        "step while a jump exists under strict",
        BL_JUMP,
        D,
        {"capture": "strict"},
        [],
        "a4-a5",
        ["BL-3", "strict", "capture"],
        "BL-3",
    ),
    (
        "the capturer stepping under strict",
        BL_JUMP,
        D,
        {"capture": "strict"},
        [],
        "e5-d5",
        ["BL-3", "strict"],
        "BL-3",
    ),
    # Huffing (BL-3 huff, precise readings 3).
    # (The reasons of these refusals do not cite "BL-3" in their words; the verdict's rule
    # does. See the report on this file.)
    (
        "huff of a defender that had no capture",
        BL_JUMP,
        D,
        {"capture": "huff"},
        ["a4-a5"],
        "huff a5",
        ["a5", "may not be huffed"],
        "huffing",
    ),
    (
        "huff with nothing to huff",
        BL_JUMP,
        A,
        {"capture": "huff"},
        [],
        "huff e5",
        ["e5", "may not be huffed"],
        "huffing",
    ),
    (
        "huff after a capture",
        BL_JUMP,
        D,
        {"capture": "huff"},
        ["e5xe7"],
        "huff e7",
        ["may not be huffed", "not a capture"],
        "huffing",
    ),
    # e5 was huffable after a4-a5; the attacker moved instead (e6-e7), the chance lapsed, and
    # e5 had no capture before a5-a6.
    (
        "huff once the chance lapsed",
        BL_JUMP,
        D,
        {"capture": "huff"},
        ["a4-a5", "e6-e7", "a5-a6"],
        "huff e5",
        ["may not be huffed"],
        "huffing",
    ),
    (
        "a second huff",
        BL_TWO,
        D,
        {"capture": "huff"},
        ["c8-c9", "huff e5"],
        "huff a4",
        ["already huffed", "one huff"],
        "huffing",
    ),
    (
        "huff of an attacker",
        BL_JUMP,
        D,
        {"capture": "huff"},
        ["a4-a5"],
        "huff e6",
        ["no defender", "e6"],
        None,
    ),
    (
        "huff by the defender",
        BL_JUMP,
        D,
        {"capture": "huff"},
        [],
        "huff e5",
        ["only the attacker"],
        "huffing",
    ),
    (
        "huff under capture optional",
        BL_JUMP,
        D,
        {"capture": "optional"},
        ["a4-a5"],
        "huff e5",
        ["BL-3", "optional", "huff"],
        "BL-3",
    ),
    (
        "huff under capture strict",
        BL_JUMP,
        D,
        {"capture": "strict"},
        ["e5xe7"],
        "huff e7",
        ["BL-3", "strict"],
        "BL-3",
    ),
    # Jumps and chains (BL-4, precise readings 3).
    (
        "jump over a defender",
        {"e5": D, "e6": D, "c8": D, **BL_FILL},
        D,
        {},
        [],
        "e5xe7",
        ["e6", "defender", "only attackers"],
        "movement",
    ),
    ("jump over an empty point", BL_JUMP, D, {}, [], "a4xa6", ["a5", "empty"], "movement"),
    (
        "jump onto an occupied point",
        {**BL_JUMP, "e7": A},
        D,
        {},
        [],
        "e5xe7",
        ["e7", "occupied"],
        "movement",
    ),
    (
        "chain landing on an occupied point",
        {**BL_JUMP, "f7": A, "g7": A},
        D,
        {},
        [],
        "e5xe7xg7",
        ["g7", "occupied"],
        "movement",
    ),
    (
        "chain jumping one attacker twice",
        BL_JUMP,
        D,
        {},
        [],
        "e5xe7xe5",
        ["e6", "already jumped"],
        "movement",
    ),
    ("jump not along a straight line", BL_JUMP, D, {}, [], "e5xf7", ["not two steps"], "movement"),
    (
        "attacker jumping",
        {**BL_STEPS, "d6": D},
        A,
        {},
        [],
        "d5xd7",
        ["attackers never jump"],
        "movement",
    ),
    # Lines (2.2): d5 has odd parity, so no diagonal under alternating; two points apart.
    (
        "diagonal off the alternating pattern",
        BL_STEPS,
        A,
        {"attacker_direction": "any"},
        [],
        "d5-c6",
        ["not joined by a line", "Diagonal lines"],
        "diagonals",
    ),
    (
        "diagonal under diagonals none",
        BL_JUMP,
        D,
        {"diagonals": "none"},
        [],
        "e5-f6",
        ["not joined by a line"],
        "diagonals",
    ),
    ("step of two points", BL_STEPS, A, {}, [], "d5-d7", ["not joined by a line"], "movement"),
    # A jump written with a step's dash is not read as the jump (Siege of Paris is lenient).
    ("jump written as a step", BL_JUMP, D, {}, [], "e5-e7", ["not joined by a line"], "movement"),
    ("step onto an occupied point", BL_JUMP, D, {}, [], "e5-e6", ["e6", "occupied"], "movement"),
    ("step from an empty point", BL_STEPS, A, {}, [], "b5-b6", ["no piece", "b5"], "notation"),
    # Turn order (2.1: the attacker moves first; then the sides alternate).
    (
        "defender at the attacker's turn",
        BL_STEPS,
        A,
        {},
        [],
        "e9-e8",
        ["attacker's turn", "e9", "defender"],
        "turn-order",
    ),
    (
        "attacker at the defender's turn",
        BL_JUMP,
        D,
        {},
        [],
        "a3-a4",
        ["defender's turn"],
        "turn-order",
    ),
    # Off the board.
    ("a point off the board", BL_STEPS, A, {}, [], "d5-j5", ["'j5'", "not a point"], "notation"),
]

PS_STEPS = {"r2c1": A, "r6c3": D, **PS_FILL}  # r2c1 is 2 lines away: r2c1-r3c1-r4c1
PS_JUMP = {"r4c1": D, "r3c1": A, "r6c3": D, **PS_FILL}  # r4c1 can jump r3c1 to r2c1
# r4c1 can jump r3c1 (to r2c1) and r6c3 can jump r6c4 (to r6c5); r0c0 can only step.
PS_TWO = {
    "r4c1": D,
    "r3c1": A,
    "r6c3": D,
    "r6c4": A,
    "r0c0": D,
    **{f"r7c{c}": A for c in range(1, 5)},
}
PS_FROZEN = {
    "r4c2": A,
    "r7c0": D,
    **{p: A for p in ("r0c0", "r1c0", "r1c1", "r2c0", "r2c1", "r2c2")},
}

PS_CASES = [
    # 3.1: an attacker in the fortress stays there for good.
    ("attacker leaving the fortress", PS_FROZEN, A, {}, [], "r4c2-r3c2", ["fortress"], "fortress"),
    (
        "attacker moving inside the fortress",
        PS_FROZEN,
        A,
        {},
        [],
        "r4c2-r5c2",
        ["fortress"],
        "fortress",
    ),
    # PS-5 distance: each step one line closer (r2c2 is 2 lines away too, r1c1 is 3).
    (
        "sideways under distance",
        PS_STEPS,
        A,
        {},
        [],
        "r2c1-r2c2",
        ["PS-5", "distance", "PS-6"],
        "PS-5",
    ),
    ("away under distance", PS_STEPS, A, {}, [], "r2c1-r1c1", ["PS-5", "distance"], "PS-5"),
    # PS-5 not-away: the distance may not grow.
    (
        "away under not-away",
        PS_STEPS,
        A,
        {"towards": "not-away"},
        [],
        "r2c1-r1c1",
        ["PS-5", "not-away"],
        "PS-5",
    ),
    # PS-3 strict.
    (
        "step while a jump exists under strict",
        PS_JUMP,
        D,
        {"capture": "strict"},
        [],
        "r6c3-r5c3",
        ["PS-3", "strict"],
        "PS-3",
    ),
    # Huffing (PS-3 huff, precise readings 3).
    (
        "huff of a defender that had no capture",
        PS_JUMP,
        D,
        {},
        ["r6c3-r5c3"],
        "huff r5c3",
        ["r5c3", "may not be huffed"],
        # r5c3 is the defender that stepped: PS-10's other reading ("moved") would allow it.
        "PS-10",
    ),
    (
        "huff after a capture",
        PS_JUMP,
        D,
        {},
        ["r4c1xr2c1"],
        "huff r2c1",
        ["may not be huffed"],
        "huffing",
    ),
    (
        "a second huff",
        PS_TWO,
        D,
        {},
        ["r0c0-r1c0", "huff r4c1"],
        "huff r6c3",
        ["already huffed"],
        "huffing",
    ),
    ("huff by the defender", PS_TWO, D, {}, [], "huff r4c1", ["only the attacker"], "huffing"),
    (
        "huff of an empty point",
        PS_TWO,
        D,
        {},
        ["r0c0-r1c0"],
        "huff r3c3",
        ["no defender", "r3c3"],
        None,
    ),
    (
        "huff under capture strict",
        PS_JUMP,
        D,
        {"capture": "strict"},
        ["r4c1xr2c1"],
        "huff r2c1",
        ["PS-3", "strict"],
        "PS-3",
    ),
    # Jumps and chains (PS-4, precise readings 3).
    (
        "jump over a defender",
        {**PS_JUMP, "r3c1": D},
        D,
        {},
        [],
        "r4c1xr2c1",
        ["r3c1", "defender"],
        "movement",
    ),
    ("jump over an empty point", PS_JUMP, D, {}, [], "r6c3xr4c3", ["r5c3", "empty"], "movement"),
    (
        "jump onto an occupied point",
        {**PS_JUMP, "r2c1": A},
        D,
        {},
        [],
        "r4c1xr2c1",
        ["r2c1", "occupied"],
        "movement",
    ),
    (
        "chain landing on an occupied point",
        {**PS_JUMP, "r3c2": A, "r4c3": D},
        D,
        {},
        [],
        "r4c1xr2c1xr4c3",
        ["r4c3", "occupied"],
        "movement",
    ),
    # Lines (3.2): (r-1, c+1) is not a lattice direction.
    (
        "step off the lattice directions",
        PS_JUMP,
        D,
        {},
        [],
        "r6c3-r5c4",
        ["not joined by a line"],
        "movement",
    ),
    ("step of two points", PS_JUMP, D, {}, [], "r6c3-r4c3", ["not joined by a line"], "movement"),
    # Turn order (3.1: the defenders move first).
    (
        "attacker at the defender's turn",
        PS_JUMP,
        D,
        {},
        [],
        "r7c1-r6c1",
        ["defender's turn"],
        "turn-order",
    ),
    (
        "defender at the attacker's turn",
        PS_STEPS,
        A,
        {},
        [],
        "r6c3-r5c3",
        ["attacker's turn"],
        "turn-order",
    ),
    (
        "attacker jumping",
        {**PS_STEPS, "r3c1": D},
        A,
        {},
        [],
        "r2c1xr4c1",
        ["attackers never jump"],
        "movement",
    ),
    (
        "a point off the board",
        PS_JUMP,
        D,
        {},
        [],
        "r6c3-r6c7",
        ["'r6c7'", "not a point"],
        "notation",
    ),
]


def _case_id(case) -> str:
    return case[0].replace(" ", "-")


def _play_case(game, position, to_move, options, before):
    g = sn.new_game(game, position=position, to_move=to_move, **options)
    assert g.result is None
    for text in before:
        g.play(text)
    assert g.result is None
    return g


@pytest.mark.parametrize("case", BL_CASES, ids=_case_id)
def test_belagerung_illegal_moves(case):
    _, position, to_move, options, before, move, words, rule = case
    g = _play_case(BL, position, to_move, options, before)
    refuse(g, move, words, rule)
    spaced = move.replace("-", " - ").replace("x", " x ")
    refuse(g, spaced, [], rule)  # spaces around the separators do not make it legal


@pytest.mark.parametrize("case", PS_CASES, ids=_case_id)
def test_pyramid_illegal_moves(case):
    _, position, to_move, options, before, move, words, rule = case
    g = _play_case(PS, position, to_move, options, before)
    refuse(g, move, words, rule)


def test_the_illegal_move_positions_are_not_vacuous():
    """In each position the contrasting legal moves exist, so the refusals above are about the
    rule named, not about a broken position."""
    g = sn.new_game(BL, position=BL_STEPS)
    assert {"d5-d6", "d7-d8", "d7-c7"} <= legal(g)  # shortest-route: closer; free inside
    assert {"d5-c5", "d7-c7"} <= legal(
        sn.new_game(BL, position=BL_STEPS, attacker_direction="never-away")
    )
    assert {"d5-d4", "d7-d6"} <= legal(sn.new_game(BL, position=BL_STEPS, attacker_direction="any"))
    nh = sn.new_game(BL, position=BL_STEPS, attacker_direction="no-horizontal")
    assert {"d5-d6", "d7-d8"} <= legal(nh)
    assert "d5-c6" in legal(sn.new_game(BL, position=BL_STEPS, diagonals="all"))
    for capture in ("optional", "huff"):
        assert "a4-a5" in legal(sn.new_game(BL, position=BL_JUMP, to_move=D, capture=capture))
    assert legal(sn.new_game(BL, position=BL_JUMP, to_move=D, capture="strict")) == {"e5xe7"}
    lapse = sn.new_game(BL, position=BL_JUMP, to_move=D, capture="huff")
    lapse.play("a4-a5")
    assert lapse.huffable == ("e5",)
    lapse.play("e6-e7")
    lapse.play("a5-a6")
    assert lapse.huffable == () and lapse.to_move == A
    h = sn.new_game(BL, position=BL_TWO, to_move=D, capture="huff")
    h.play("c8-c9")
    assert h.huffable == ("a4", "e5")
    assert "e5-f6" in legal(sn.new_game(BL, position=BL_JUMP, to_move=D))
    p = sn.new_game(PS, position=PS_STEPS, to_move=A)
    assert {"r2c1-r3c1", "r2c1-r3c2"} <= legal(p)
    assert "r2c1-r2c2" in legal(sn.new_game(PS, position=PS_STEPS, to_move=A, towards="not-away"))
    assert "r6c3-r5c3" in legal(sn.new_game(PS, position=PS_JUMP))
    t = sn.new_game(PS, position=PS_TWO)
    t.play("r0c0-r1c0")
    assert t.huffable == ("r4c1", "r6c3")
    f = sn.new_game(PS, position=PS_FROZEN, to_move=A)
    assert f.legal_moves() and all(m.start != "r4c2" for m in f.legal_moves())
    c = sn.new_game(PS, position={**PS_JUMP, "r3c2": A})
    assert "r4c1xr2c1xr4c3" in legal(c)  # the chain exists when r4c3 is empty


@pytest.mark.parametrize(
    "game,position,to_move", [(BL, BL_JUMP, D), (PS, PS_JUMP, D), (BL, BL_STEPS, A)]
)
def test_a_bare_huff_is_judged_as_a_huff_of_no_point(game, position, to_move):
    """``huff`` alone names no defender: it is refused under the capture option or the huff
    rules, or as notation. (Other malformed text is refused as notation in every game:
    tests/test_game_contract.py.)"""
    g = sn.new_game(game, position=position, to_move=to_move)
    err = refuse(g, "huff")
    allowed = ("notation", "movement", "turn-order", "BL-3", "PS-3", "huffing")
    assert err.verdict.rule in allowed, err.reason


@pytest.mark.parametrize("game", [BL, PS])
def test_moves_after_the_game_ended(game):
    # One capture leaves too few attackers (BL-5: 16 < 17; PS-8: 5 left).
    if game == BL:
        position = {p: x for p, x in BL_JUMP.items() if p != "a3"}  # 17 attackers
        g = sn.new_game(BL, position=position, to_move=D)
        g.play("e5xe7")
        tries = ["a3-a4", "a4-a5", "e7-e8", "huff e7", "c8-c9", "e7xe5", "nonsense"]
    else:
        g = sn.new_game(
            PS, position={"r4c1": D, "r3c1": A, "r6c3": D, **{f"r7c{c}": A for c in range(1, 6)}}
        )
        g.play("r4c1xr2c1")
        tries = ["r7c1-r6c1", "r6c3-r5c3", "huff r6c3", "r2c1-r3c1", "nonsense"]
    assert g.result is not None and g.result.winner == "defenders"
    assert g.legal_moves() == []
    for text in tries:
        err = refuse(g, text, ["over"], "game-over")
        assert err.verdict.differs_under == ()


def test_why_does_not_move_pieces_between_boards():
    g = sn.new_game(BL, position={"b9": D, **BL_FILL}, to_move="defender")
    assert "b9" in g.pieces() and "b8" not in g.pieces()
    verdict = g.why("b8-b7")
    assert not verdict.legal
    # There is no piece on b8 under any reading of the board, so no reading makes it legal.
    assert not any(r.option == "horns" and r.legal for r in verdict.differs_under), str(verdict)


# -- records ---------------------------------------------------------------------------------------
def _record(game=BL, **options):
    g = sn.new_game(game, **options)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    g.undo()
    return g, json.loads(g.to_json())


def _load_fails(record, *words):
    text = record if isinstance(record, (str, bytes)) else json.dumps(record)
    with pytest.raises(sn.RecordError) as info:
        sn.load_game(text)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    return message


def test_record_with_wrong_game_name():
    _, record = _record(BL)
    _load_fails({**record, "game": "pyramid-siege"}, "horns")  # options of another game


def test_record_with_a_tampered_position():
    _, record = _record(BL)
    position = record["setup"]["position"]
    assert sum(1 for p in position.values() if p == A) == 50
    bad = json.loads(json.dumps(record))
    bad["setup"]["position"]["d8"] = A  # a 51st attacker, on an empty fortress point
    _load_fails(bad, "too many attackers", "50")
    bad = json.loads(json.dumps(record))
    bad["setup"]["position"]["a1"] = A
    _load_fails(bad, "'a1'", "not a point")
    _, precord = _record(PS)
    bad = json.loads(json.dumps(precord))
    bad["setup"]["position"]["r0c0"] = A  # a 28th attacker
    _load_fails(bad, "too many attackers", "27")


def test_record_with_an_impossible_huff():
    g = sn.new_game(BL, capture="huff")
    g.play("d6-d7")
    g.play("c7-c8")  # no defender could capture: nobody is huffable
    record = json.loads(g.to_json())
    _load_fails(
        {**record, "moves": [*record["moves"], "huff c8"]}, "move 3", "huff c8", "may not be huffed"
    )
    _load_fails({**record, "moves": ["huff c7"]}, "move 1", "huff c7")
    # Huffing does not exist under capture = optional.
    opt = json.loads(json.dumps(record))
    opt["options"]["capture"] = "optional"
    _load_fails({**opt, "moves": [*opt["moves"], "huff c8"]}, "move 3", "optional")
    # A Pyramid huff of a defender that could not capture.
    p = sn.new_game(PS)
    p.play("r4c1-r4c2")
    precord = json.loads(p.to_json())
    _load_fails({**precord, "moves": [*precord["moves"], "huff r4c2"]}, "move 2", "huff r4c2")


def test_record_for_three_players():
    _, record = _record(BL)
    _load_fails({**record, "players": 3}, "two players")
