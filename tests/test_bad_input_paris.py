"""Bad input for Siege of Paris: set-ups, moves and game records.

Every refusal must be a clear error that names what is wrong (a key word of the message is
checked), and a refused move or record must change nothing.  The expectations come from
``docs/rules-reference.md``, ``docs/precise-readings.md`` section 2 ("Set-ups") and the public
API in ``docs/design.md`` section 5.

The refusals every game shares (unknown options, values, presets, sides, points and pieces;
garbage text and things that are not moves; undo and redo with nothing to do; moves of another
position; broken, hostile or tampered records) are tested once for all games in
``tests/test_game_contract.py``; this file keeps what is particular to Siege of Paris.
"""

from __future__ import annotations

import json

import pytest

import siege_nb as sn

GAME = "siege-of-paris"


def snapshot(g):
    return (
        str(g),
        g.pieces(),
        g.to_move,
        g.next_army,
        g.ply,
        g.result,
        [m.text for m in g.moves],
        [m.text for m in g.legal_moves()],
        g.can_undo,
        g.can_redo,
    )


# =====================================================================================
# Set-up validation (docs/precise-readings.md, section 2, "Set-ups")
# =====================================================================================
WS = "white soldier"
# Light squares (file index + rank odd) for White, dark ones for Black.
THIRTEEN_WHITE_SOLDIERS = [
    "a2",
    "c2",
    "e2",
    "g2",
    "i2",
    "k2",
    "b3",
    "d3",
    "f3",
    "h3",
    "j3",
    "l3",
    "a4",
]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        pytest.param(
            {"position": {"m3": "garrison general"}}, ["m3", "not a point"], id="unknown-node-m3"
        ),
        pytest.param(
            {"position": {"a17": "garrison general"}},
            ["a17", "off the board"],
            id="unknown-node-a17",
        ),
        pytest.param({"position": {"C8": "garrison general"}}, ["C8"], id="unknown-circle-C8"),
        pytest.param(
            {"position": {"e7": "garrison general"}}, ["e7", "citadel"], id="citadel-square-e7"
        ),
        pytest.param(
            {"position": {"i11": "white general"}}, ["i11", "citadel"], id="citadel-square-i11"
        ),
        pytest.param(
            {"position": {"a2": "white king"}}, ["white king", "not a piece"], id="piece-white-king"
        ),
        pytest.param(
            {"position": {"a2": "garrison captain"}},
            ["garrison", "captain"],
            id="piece-garrison-captain",
        ),
        pytest.param(
            {"position": {"a2": "purple soldier"}},
            ["purple soldier", "not a piece"],
            id="piece-purple-soldier",
        ),
        pytest.param(
            {"position": dict.fromkeys(THIRTEEN_WHITE_SOLDIERS, WS)},
            ["too many", "white soldier", "12"],
            id="13-white-soldiers",
        ),
        pytest.param(
            {"position": {"C0": "garrison general", "C1": "garrison general"}},
            ["too many", "garrison general", "1"],
            id="2-garrison-generals",
        ),
        pytest.param(
            {"position": {f"C{i}": "garrison soldier" for i in range(7)}},
            ["too many", "garrison soldier", "6"],
            id="7-garrison-soldiers",
        ),
        pytest.param(
            {"position": {"a1": WS}}, ["white soldier", "light", "a1"], id="white-soldier-on-dark"
        ),
        pytest.param(
            {"position": {"b1": "black soldier"}},
            ["black soldier", "dark", "b1"],
            id="black-soldier-on-light",
        ),
        pytest.param(
            {"position": dict.fromkeys(["a1", "c1", "e1", "g1"], "garrison soldier")},
            ["SP-14", "dark"],
            id="4-garrison-soldiers-dark",
        ),
        pytest.param(
            {"position": dict.fromkeys(["b1", "a2", "l3", "k16"], "garrison soldier")},
            ["SP-14", "light"],
            id="4-garrison-soldiers-light",
        ),
        pytest.param({"next_army": "garrison"}, ["next_army", "garrison"], id="bad-next-army"),
        pytest.param(
            {"to_move": "white", "next_army": "white"}, ["next_army"], id="next-army-inconsistent"
        ),
        pytest.param(
            {"to_move": "black", "next_army": "black"},
            ["next_army"],
            id="next-army-inconsistent-black",
        ),
        pytest.param({"players": 5}, ["5", "open question"], id="five-players"),
        pytest.param({"players": 4}, ["2 or 3", "4"], id="four-players"),
        pytest.param({"players": 1}, ["2 or 3"], id="one-player"),
        pytest.param({"garrison": {"a1": "general"}}, ["circles"], id="garrison-off-circles"),
    ],
)
def test_setup_validation_rejects(kwargs, words):
    with pytest.raises(ValueError) as info:
        sn.new_game(GAME, **kwargs)
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)


def test_partial_positions_are_accepted():
    g = sn.new_game(
        GAME, position={"k7": "garrison soldier", "j8": "black soldier", "l1": "white general"}
    )
    assert g.result is None
    assert g.pieces() == {"k7": "garrison soldier", "j8": "black soldier", "l1": "white general"}
    assert g.to_move == "garrison" and g.next_army == "white"  # precise readings: White by default
    assert g.legal_moves()


def test_position_as_pairs_equals_position_as_mapping():
    pos = {"k7": "garrison soldier", "j8": "black soldier", "l1": "white general"}
    a = sn.new_game(GAME, position=pos)
    b = sn.new_game(GAME, position=list(pos.items()))
    assert snapshot(a) == snapshot(b)


def test_attackers_on_circles_and_lieutenants_on_either_colour_are_accepted():
    pos = {
        "C1": WS,  # a soldier on a circle has no colour to keep
        "C3": "black soldier",
        "a1": "white lieutenant",  # dark
        "b1": "white lieutenant",  # light
        "a16": "black lieutenant",  # light
        "b16": "black lieutenant",  # dark
        "c2": WS,
        "d2": "black soldier",
        "e2": WS,
        "l1": "white general",
        "C0": "garrison colonel",
    }
    g = sn.new_game(GAME, position=pos, to_move="white")
    assert g.pieces() == pos
    assert g.result is None and g.to_move == "white"


@pytest.mark.parametrize(
    ("position", "winner", "rule"),
    [
        # SP-1: one officer and three soldiers inside.
        (
            {
                "C0": "white general",
                "C1": WS,
                "C2": "black soldier",
                "C3": "black soldier",
                "a1": "garrison soldier",
            },
            "attackers",
            "SP-1",
        ),
        # SP-3: no attacking soldier left and at most six officers.
        ({"C0": "garrison colonel", "l1": "white general"}, "garrison", "SP-3"),
        # SP-4: a soldier safe inside, and the attackers can no longer win by placement.
        ({"C1": WS, "l1": "white general", "C0": "garrison colonel"}, None, "SP-4"),
    ],
)
def test_a_position_already_decided_is_finished_at_once(position, winner, rule):
    g = sn.new_game(GAME, position=position)
    assert g.result is not None
    assert g.result.winner == winner and rule in g.result.reason
    assert g.legal_moves() == []
    before = snapshot(g)
    with pytest.raises(sn.IllegalMove) as info:
        g.play("C0-f5")
    assert "over" in info.value.reason
    assert snapshot(g) == before


# =====================================================================================
# Illegal moves
# =====================================================================================
FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": WS}
HUNTED = {"k7": "garrison soldier", "j8": "black soldier", "a2": WS, "l1": "white general"}
SP14 = {
    "a1": "garrison soldier",
    "c1": "garrison soldier",
    "e1": "garrison soldier",
    "C0": "garrison soldier",
    "a2": WS,
    "l1": "white general",
}
# Garrison soldier a1 is stuck: b2 is protected by c3, so an officer must come out (SP-15).
STUCK = {
    "a1": "garrison soldier",
    "b2": "black soldier",
    "c3": "black soldier",
    "C0": "garrison colonel",
    "C4": "garrison general",
}
WON = {
    "C0": "white general",
    "C1": WS,
    "C2": "black soldier",
    "C3": "black soldier",
    "a1": "garrison soldier",
}

# (id, preset/options, position, to_move, moves played first, the move, rule, words in reason)
ILLEGAL = [
    (
        "figure-B-adjacent",
        {"preset": "escale-a-jeux"},
        FIGURE_B,
        None,
        [],
        "k7xj8",
        "SP-16",
        ["SP-16", "adjacent", "escale-a-jeux", "j9"],
    ),
    (
        "protected-by-reach",
        {},
        {"k7": "garrison soldier", "j8": "black soldier", "k9": "black soldier"},
        None,
        [],
        "k7xj8",
        "SP-16",
        ["SP-16", "reach-any-army", "k9"],
    ),
    (
        "capture-onto-circle",
        {},
        {"f5": "garrison general", "C0": "white general", "a2": WS},
        None,
        [],
        "f5xC0",
        "SP-17",
        ["SP-17", "C0"],
    ),
    (
        "capture-from-circle",
        {},
        {"C0": "garrison general", "f5": WS, "a2": WS, "l1": "white general"},
        None,
        [],
        "C0xf5",
        "SP-17",
        ["SP-17", "outside"],
    ),
    ("fourth-soldier-on-dark", {}, SP14, None, [], "C0-g5", "SP-14", ["SP-14", "dark"]),
    (
        "no-capture-after-demand",
        {},
        HUNTED,
        None,
        ["demand"],
        "k7-l8",
        "SP-5",
        ["SP-5", "demand", "on-demand"],
    ),
    # The next two reasons do not name SP-5 in words (only verdict.rule does): see the report.
    ("demand-twice", {}, HUNTED, None, ["demand"], "demand", "SP-5", ["already", "demanded"]),
    ("demand-without-capture", {}, None, None, [], "demand", "SP-5", ["SP-5"]),
    (
        "demand-at-army-turn",
        {},
        None,
        None,
        ["C0-f5"],
        "demand",
        "SP-5",
        ["garrison turn", "White"],
    ),
    (
        "capture-compulsory",
        {"preset": "boardandpieces"},
        HUNTED,
        None,
        [],
        "k7-l8",
        "SP-5",
        ["SP-5", "always", "boardandpieces"],
    ),
    (
        "demand-under-always",
        {"preset": "boardandpieces"},
        HUNTED,
        None,
        [],
        "demand",
        "SP-5",
        ["SP-5", "always"],
    ),
    ("officers-must-sortie", {}, STUCK, None, [], "C0-C1", "SP-15", ["SP-15"]),
    (
        "enter-from-non-gate",
        {},
        {"e5": "white general", "a2": WS, "C2": "garrison soldier"},
        "white",
        [],
        "e5-C0",
        None,
        ["SP-18", "gate"],
    ),
    (
        "attacker-leaves-citadel",
        {},
        {"C0": "white general", "a2": WS, "C2": "garrison soldier"},
        "white",
        [],
        "C0-f5",
        None,
        ["SP-18", "never leave"],
    ),
    ("turn-order-army", {}, None, None, [], "b3-c4", "turn-order", ["turn", "White"]),
    (
        "turn-order-garrison",
        {},
        None,
        None,
        ["C0-f5"],
        "C4-f12",
        "turn-order",
        ["turn", "garrison"],
    ),
    (
        "turn-order-other-army",
        {},
        None,
        None,
        ["C0-f5"],
        "b14-a13",
        "turn-order",
        ["turn", "Black"],
    ),
    ("blocked-slide", {}, None, None, ["C0-f5"], "l1-l4", "blocked", ["blocked", "l3"]),
    (
        "attackers-never-capture",
        {},
        {"e4": WS, "f5": "garrison soldier", "l1": "white general"},
        "white",
        [],
        "e4-f5",
        "SP-25",
        ["SP-25"],
    ),
    (
        "colonel-sideways",
        {"preset": "ludosofia"},
        {"a4": "white colonel", "a2": WS, "C2": "garrison soldier"},
        "white",
        [],
        "a4-b4",
        "SP-7",
        ["SP-7", "ludosofia"],
    ),
    (
        "soldier-backwards",
        {},
        {"d5": WS, "a2": WS, "C2": "garrison soldier"},
        "white",
        [],
        "d5-c4",
        "SP-9",
        ["SP-9", "Soldiers backwards"],
    ),
    (
        "lieutenant-backwards",
        {},
        {"d5": "white lieutenant", "a2": WS, "C2": "garrison soldier"},
        "white",
        [],
        "d5-c4",
        "SP-8",
        ["SP-8", "Lieutenants backwards"],
    ),
    (
        "general-range-1",
        {"preset": "escale-a-jeux"},
        {"a1": "garrison general", "b3": WS, "l16": "black soldier"},
        None,
        [],
        "a1-a3",
        "SP-6",
        ["SP-6", "escale-a-jeux"],
    ),
    ("garrison-soldier-orthogonal", {}, HUNTED, None, [], "k7-k8", "movement", ["diagonally"]),
    ("unknown-square", {}, None, None, [], "C0-m9", "notation", ["m9"]),
    ("citadel-square", {}, None, None, [], "e7-e8", "notation", ["e7", "citadel"]),
    ("empty-start", {}, None, None, ["C0-f5"], "a4-a5", "notation", ["no piece", "a4"]),
    (
        "nothing-to-capture",
        {},
        None,
        None,
        ["C0-f5"],
        "b3xc4",
        "notation",
        ["nothing to capture", "c4"],
    ),
    ("game-over", {}, WON, None, [], "a1-b2", "game-over", ["over"]),
]


@pytest.mark.parametrize(
    ("options", "position", "to_move", "first", "move", "rule", "words"),
    [pytest.param(*row[1:], id=row[0]) for row in ILLEGAL],
)
def test_illegal_moves_are_refused_with_a_reason(
    options, position, to_move, first, move, rule, words
):
    kwargs = dict(options)
    if position is not None:
        kwargs["position"] = position
    if to_move is not None:
        kwargs["to_move"] = to_move
    g = sn.new_game(GAME, **kwargs)
    for m in first:
        g.play(m)
    before = snapshot(g)
    assert move not in before[7]
    with pytest.raises(sn.IllegalMove) as info:
        g.play(move)
    err = info.value
    assert isinstance(err, ValueError)
    for word in words:
        assert word in err.reason, (word, err.reason)
    assert move.strip() in str(err) or move == ""
    verdict = g.why(move)
    assert not verdict.legal
    assert verdict.reason == err.reason
    if rule is not None:
        assert verdict.rule == rule, verdict
    assert snapshot(g) == before


def test_each_refusal_is_a_real_rule():
    """The option-dependent refusals above become legal under the other choice."""
    g = sn.new_game(GAME, preset="escale-a-jeux", position=FIGURE_B, protection="reach-any-army")
    assert "k7xj8" in [m.text for m in g.legal_moves()]
    g = sn.new_game(GAME, position=STUCK, officers_must_sortie=False)
    assert "C0-C1" in [m.text for m in g.legal_moves()]
    g = sn.new_game(
        GAME,
        position={"d5": WS, "a2": WS, "C2": "garrison soldier"},
        to_move="white",
        soldier_backwards=True,
    )
    assert "d5-c4" in [m.text for m in g.legal_moves()]
    g = sn.new_game(
        GAME,
        preset="ludosofia",
        position={"a4": "white colonel", "a2": WS, "C2": "garrison soldier"},
        to_move="white",
        colonel_captain_sideways=True,
    )
    assert "a4-b4" in [m.text for m in g.legal_moves()]
    g = sn.new_game(GAME, position=HUNTED)
    assert {"k7-l8", "k7xj8", "demand"} <= {m.text for m in g.legal_moves()}


@pytest.mark.parametrize("text", ["c0-f5", "C0 - f5"])
def test_a_misspelt_legal_move_is_not_blamed_on_sp15(text):
    """Regression: these texts were once refused with the SP-15 reason (no soldier is out)."""
    g = sn.new_game(GAME)
    assert "C0-f5" in [m.text for m in g.legal_moves()]
    assert not any(
        node[0] != "C" and piece == "garrison soldier" for node, piece in g.pieces().items()
    )  # SP-15 cannot apply
    before = snapshot(g)
    try:
        g.play(text)
    except sn.IllegalMove as err:
        assert "SP-15" not in err.reason and err.verdict.rule != "SP-15", err.reason
        assert snapshot(g) == before


def test_c1_to_c7_are_squares_not_circles():
    """Only c0 can be a misspelt circle: c1..c16 are squares of file c (precise readings 1.1)."""
    g = sn.new_game(GAME)
    g.play("C0-f5")
    move = g.play("b3-c4")
    assert (move.start, move.end, move.kind) == ("b3", "c4", "step")
    assert g.pieces()["c4"] == WS and g.pieces()["C4"] == "garrison general"
    g.play("f5-f4")  # now Black moves
    with pytest.raises(sn.IllegalMove) as info:
        g.play("c4-d5")
    assert "white soldier on c4" in info.value.reason  # the square, not the circle C4
    assert info.value.verdict.rule == "turn-order"


# =====================================================================================
# Game records
# =====================================================================================
def sample_record() -> dict:
    g = sn.new_game(GAME, preset="escale-a-jeux", players=3)
    for m in ("C0-f5", "b3-c4", "f5-f4", "b14-a13"):
        g.play(m)
    g.undo()
    return json.loads(g.to_json())


def tampered(change) -> str:
    record = sample_record()
    change(record)
    return json.dumps(record)


def _set(path, value):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _move_piece(src, dst):
    def change(record):
        pos = record["setup"]["position"]
        pos[dst] = pos.pop(src)

    return change


BAD_RECORDS = [
    ("players-five", tampered(_set(["players"], 5)), ["open question"]),
    ("soldier-on-wrong-colour", tampered(_move_piece("a2", "a1")), ["white soldier", "a1"]),
    ("extra-piece", tampered(_set(["setup", "position", "a4"], WS)), ["too many"]),
    ("citadel-square", tampered(_move_piece("a2", "e7")), ["e7", "citadel"]),
    ("bad-next-army", tampered(_set(["setup", "next_army"], "garrison")), ["next_army"]),
    (
        "inconsistent-next-army",
        tampered(lambda r: r["setup"].update(to_move="white", next_army="white")),
        ["next_army"],
    ),
]


@pytest.mark.parametrize(("text", "words"), [pytest.param(*r[1:], id=r[0]) for r in BAD_RECORDS])
def test_bad_records_raise_record_error(text, words):
    with pytest.raises(sn.RecordError) as info:
        sn.load_game(text)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)
