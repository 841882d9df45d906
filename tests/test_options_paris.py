"""One test per Siege of Paris option, named after its id, with a position where the choice
changes what is legal or who wins; then the fixed rules that have an id
(docs/rules-reference.md)."""

from __future__ import annotations

import pytest

import siege_nb as sn

GAME = "siege-of-paris"


def moves(g: sn.Game) -> set[str]:
    return {m.text for m in g.legal_moves()}


# Two soldiers far from the action, so that positions are neither won by the garrison (SP-3:
# no soldier left) nor drawn at once (SP-4).
SOLDIERS = {"a2": "white soldier", "a15": "black soldier"}


def game(position: dict[str, str], to_move: str = "garrison", **options: object) -> sn.Game:
    return sn.new_game(GAME, position=position, to_move=to_move, **options)


def test_every_option_has_a_test_here() -> None:
    names = {f"test_{o.id.replace('-', '_')}" for o in sn.options(GAME)}
    assert names <= set(globals()), names - set(globals())


# -- options ------------------------------------------------------------------------------------


def test_citadel() -> None:
    start_ring = sn.new_game(GAME)
    start_flank = sn.new_game(GAME, citadel="ring-flank-gates")
    assert moves(start_ring) == {"C0-f5", "C0-g5", "C4-f12", "C4-g12"}
    # With flank gates the soldiers on C2 and C6 stand at the gates.
    assert moves(start_flank) == {"C2-c8", "C2-c9", "C6-j8", "C6-j9"}
    pos = {"c8": "white colonel", "f5": "white captain", "l16": "garrison general", **SOLDIERS}
    assert "c8-C2" in moves(game(pos, "white", citadel="ring-flank-gates"))
    assert "c8-C2" not in moves(game(pos, "white"))
    assert "f5-C0" in moves(game(pos, "white"))
    assert "f5-C0" not in moves(game(pos, "white", citadel="ring-flank-gates"))


def test_SP_1() -> None:
    # One officer and one soldier inside; a third attacking soldier can step in from f5.
    pos = {
        "C1": "white colonel",
        "C2": "white soldier",
        "f5": "white soldier",
        "a2": "white soldier",
        "c2": "white soldier",
        "a16": "garrison general",
    }
    two = game(pos, "white", placement_win=2)
    three = game(pos, "white", placement_win=3)
    two.play("f5-C0")
    three.play("f5-C0")
    assert two.result == sn.Result("attackers", two.result.reason, "SP-1")
    assert "Winning by placement (SP-1): 1 officer + 2 soldiers [2]" in two.result.reason
    assert three.result is None  # only two soldiers inside
    assert sum(1 for n, p in three.pieces().items() if n.startswith("C") and "soldier" in p) == 2


def test_SP_2() -> None:
    # The lone garrison soldier on a1 can only go to b2, where a black soldier is protected.
    pos = {"a1": "garrison soldier", "b2": "black soldier", "c3": "black soldier"}
    on = game(pos, blockade_win=True)
    off = game(pos, blockade_win=False)
    assert on.result is not None
    assert (on.result.winner, on.result.rule) == ("attackers", "SP-2")
    assert off.result is None
    # Off: the garrison passes, White has no piece and passes, so Black moves.
    assert off.to_move == "black"
    assert moves(off) == {"b2-c1", "c3-d2"}


def test_SP_4() -> None:
    # One attacking soldier is safe inside and only one soldier is left in all: SP-1 is out of
    # reach (3 needed) and SP-3 can no longer happen.
    pos = {"C3": "white soldier", "a1": "white general", "l16": "garrison general"}
    on = game(pos, soldier_inside_draw="on")
    off = game(pos, soldier_inside_draw="off")
    assert on.result is not None
    assert (on.result.winner, on.result.rule) == (None, "SP-4")
    assert off.result is None
    # The one soldier left is inside: every reading that draws, draws here.
    for value in ("any-soldier", "last-soldier"):
        assert game(pos, soldier_inside_draw=value).result.rule == "SP-4", value
    # With placement_win 2, one soldier still leaves SP-1 out of reach; with two soldiers
    # on the board it is not.
    two = {**pos, "a2": "white soldier"}
    assert game(two, placement_win=2).result is None
    assert game(two, placement_win=3).result.rule == "SP-4"
    # Two soldiers left, one inside, SP-1 out of reach: 'on' draws, 'last-soldier' does not
    # (the other soldier is still outside); 'any-soldier' draws whatever the count.
    assert game(two, soldier_inside_draw="last-soldier").result is None
    assert game(two, soldier_inside_draw="any-soldier", placement_win=2).result.rule == "SP-4"
    # Two soldiers safe inside and no placement left: 'last-soldier' never draws.
    both_in = {**pos, "C5": "white soldier"}
    assert game(both_in, soldier_inside_draw="last-soldier").result is None
    assert game(both_in, soldier_inside_draw="on").result.rule == "SP-4"
    # No attacking officer left: SP-1 is impossible whatever the soldiers.
    no_officer = {
        "C3": "white soldier",
        "a2": "white soldier",
        "c2": "white soldier",
        "e2": "white soldier",
        "l16": "garrison general",
    }
    assert game(no_officer).result.rule == "SP-4"
    assert game(no_officer, soldier_inside_draw="last-soldier").result is None
    # Every draw says in words why, and which reading is in force.
    for value, words in (
        ("on", "can no longer win by placement"),
        ("any-soldier", "has got into the citadel"),
        ("last-soldier", "the one attacking soldier left"),
    ):
        reason = game(pos, soldier_inside_draw=value).result.reason
        assert words in reason and f"[{value}]" in reason, reason
    # Taking the last soldier outside while the other stands inside draws under
    # 'last-soldier' (the draw is judged from the board after every move).
    taken = {"C3": "white soldier", "l1": "white general", "l16": "garrison general"}
    taken |= {"a2": "white soldier", "b3": "garrison soldier"}
    g = game(taken, soldier_inside_draw="last-soldier")
    assert g.result is None
    g.play("b3xa2")
    assert g.result is not None and g.result.rule == "SP-4"
    # The values earlier versions wrote still read: yes is 'on', no is 'off'.
    assert sn.rules(GAME, soldier_inside_draw=True)["SP-4"] == "on"
    assert sn.rules(GAME, soldier_inside_draw="off")["SP-4"] == "off"
    # The Portuguese preset takes its own text's single rule; the English preset has none.
    assert sn.rules(GAME, "ludosofia")["SP-4"] == "last-soldier"
    assert sn.rules(GAME, "boardandpieces")["SP-4"] == "off"
    assert sn.rules(GAME, "escale-a-jeux")["SP-4"] == "on"


def test_SP_26() -> None:
    # The whole garrison is outside; the white general steps from its gate square onto C0.
    pos = {
        "g5": "white general",
        "a2": "white soldier",
        "c2": "white soldier",
        "e2": "white soldier",
        "a15": "black soldier",
        "l16": "garrison general",
        "a1": "garrison soldier",
    }
    on = game(pos, "white", invaders_only_draw=True)
    off = game(pos, "white", invaders_only_draw=False)
    assert on.result is None and off.result is None  # nobody in the citadel yet
    on.play("g5-C0")
    off.play("g5-C0")
    assert (on.result.winner, on.result.rule) == (None, "SP-26")
    assert "ludosofia" in on.result.reason
    assert off.result is None
    # A garrison piece inside the citadel: the citadel does not hold only invaders.
    guarded = game({**pos, "C4": "garrison colonel"}, "white", invaders_only_draw=True)
    guarded.play("g5-C0")
    assert guarded.result is None
    # SP-1 is checked first: a placement win stays a win.
    placed = {
        "C1": "white colonel",
        "C2": "white soldier",
        "C3": "white soldier",
        "f5": "white soldier",
        "a15": "black soldier",
        "l16": "garrison general",
    }
    assert game(placed, "white", invaders_only_draw=True).result.rule == "SP-26"
    won = game(placed, "white", invaders_only_draw=True, placement_win=2).result
    assert (won.winner, won.rule) == ("attackers", "SP-1")
    # ...and SP-26 before SP-4: a lone soldier inside with SP-1 out of reach.
    lone = {"C3": "white soldier", "a1": "white general", "l16": "garrison general"}
    assert game(lone, invaders_only_draw=True).result.rule == "SP-26"
    assert game(lone, invaders_only_draw=False).result.rule == "SP-4"
    # Only the ludosofia preset turns it on.
    assert [p for p in sn.presets(GAME) if sn.rules(GAME, p)["SP-26"]] == ["ludosofia"]


def test_SP_5() -> None:
    pos = {"k7": "garrison soldier", "j8": "black soldier", "a2": "white soldier"}
    always = game(pos, capture="always")
    optional = game(pos, capture="optional")
    demand = game(pos, capture="on-demand")
    assert moves(always) == {"k7xj8"}
    assert moves(optional) == {"k7xj8", "k7-l8", "k7-l6", "k7-j6"}
    assert moves(demand) == {"k7xj8", "k7-l8", "k7-l6", "k7-j6", "demand"}
    assert "demand" in str(always.why("k7-l6")) or always.why("k7-l6").rule == "SP-5"
    assert always.why("k7-l6").rule == "SP-5"
    # The demand is a move of its own; it is not a ply and the garrison is still to move.
    ply = demand.ply
    played = demand.play("demand")
    assert played.kind == "demand" and played.text == "demand"
    assert (demand.to_move, demand.ply, moves(demand)) == ("garrison", ply, {"k7xj8"})
    verdict = demand.why("k7-l6")
    assert not verdict.legal and verdict.rule == "SP-5"
    demand.undo()
    assert "demand" in moves(demand)
    # No capture available: no demand.
    quiet = game({"k7": "garrison soldier", "a2": "white soldier"}, capture="on-demand")
    assert "demand" not in moves(quiet)
    assert not quiet.why("demand").legal


def test_SP_6() -> None:
    pos = {"a1": "garrison general", "l16": "black soldier"}
    assert {"a1-a3", "a1-c3", "a1-c1"} <= moves(game(pos, garrison_general_range=2))
    one = game(pos, garrison_general_range=1)
    assert moves(one) == {"a1-a2", "a1-b2", "a1-b1"}
    verdict = one.why("a1-a3")
    assert not verdict.legal and verdict.rule == "SP-6"
    assert any(r.option == "garrison_general_range" and r.value == 2 for r in verdict.differs_under)


def test_SP_7() -> None:
    pos = {"e3": "white colonel", "h3": "white captain", "l16": "garrison general", **SOLDIERS}
    yes = moves(game(pos, "white", colonel_captain_sideways=True))
    no = moves(game(pos, "white", colonel_captain_sideways=False))
    assert {"e3-d3", "e3-c3", "e3-f3", "e3-g3", "h3-g3", "h3-i3"} <= yes
    assert no == {"e3-e4", "e3-e5", "h3-h4", "a2-b3"}
    assert game(pos, "white", colonel_captain_sideways=False).why("h3-i3").rule == "SP-7"


def test_SP_8() -> None:
    pos = {"e4": "white lieutenant", "l16": "garrison general", **SOLDIERS}
    no = moves(game(pos, "white", lieutenant_backwards=False))
    yes = moves(game(pos, "white", lieutenant_backwards=True))
    assert no == {"e4-d5", "e4-c6", "e4-f5", "a2-b3"}  # g6 lies in the citadel area
    assert yes == no | {"e4-d3", "e4-c2", "e4-f3", "e4-g2"}


def test_SP_9() -> None:
    pos = {"e4": "white soldier", "f14": "black soldier", "l16": "garrison general"}
    assert moves(game(pos, "white", soldier_backwards=False)) == {"e4-d5", "e4-f5"}
    assert moves(game(pos, "white", soldier_backwards=True)) == {"e4-d5", "e4-f5", "e4-d3", "e4-f3"}
    assert moves(game(pos, "black", soldier_backwards=True)) == {
        "f14-e13",
        "f14-g13",
        "f14-e15",
        "f14-g15",
    }
    verdict = game(pos, "white").why("e4-d3")
    assert (verdict.legal, verdict.rule) == (False, "SP-9")


def test_SP_10() -> None:
    # The straight path e3-e4-e5 is blocked at e4; a turning general goes round by d4 or f4.
    pos = {"e3": "white general", "e4": "white captain", "l16": "garrison general", **SOLDIERS}
    straight = game(pos, "white", general_turns=False)
    turning = game(pos, "white", general_turns=True)
    assert "e3-e5" not in moves(straight)
    assert "e3-e5" in moves(turning)
    move = next(m for m in turning.legal_moves() if m.text == "e3-e5")
    assert move.path[0] == "e3" and move.path[-1] == "e5" and len(move.path) == 3
    assert "e4" not in move.path
    # Three steps at most: c4 and b5 are in reach (west, then north-west), a3 and a4 are four
    # files away.
    assert {"e3-c4", "e3-b5"} <= moves(turning)
    assert not {"e3-a3", "e3-a4", "e3-a5"} & moves(turning)
    # Never backwards, even when turning.
    assert not any(m.start == "e3" and m.end[1:] == "2" for m in turning.legal_moves())


def test_SP_15() -> None:
    # The soldier on a1 is stuck (its only square holds a protected black soldier); the
    # garrison colonel waits on the gate C0 and a soldier inside could still move.
    pos = {
        "a1": "garrison soldier",
        "b2": "black soldier",
        "c3": "black soldier",
        "C0": "garrison colonel",
        "C1": "garrison soldier",
    }
    on = game(pos, officers_must_sortie=True)
    off = game(pos, officers_must_sortie=False)
    assert moves(on) == {"C0-f5", "C0-g5"}
    assert {"C1-C2", "C0-C7", "C0-f5"} <= moves(off)
    verdict = on.why("C1-C2")
    assert (verdict.legal, verdict.rule) == (False, "SP-15")
    # The rule lapses when no officer can come out (gate squares blocked).
    blocked = game({**pos, "f5": "white soldier", "g5": "white captain"}, officers_must_sortie=True)
    assert "C1-C2" in moves(blocked)
    # A compulsory capture comes first.
    capture = game(
        {**pos, "d16": "garrison general", "e15": "black soldier"},
        officers_must_sortie=True,
        capture="always",
    )
    assert moves(capture) == {"d16xe15"}


def test_SP_16() -> None:
    # The reading decides; the verdict table itself is in test_figures_bc.py.
    pos = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
    verdicts = {
        reading: game(pos, protection=reading).why("k7xj8").legal
        for reading in ("reach-any-army", "reach-same-army", "adjacent", "covered-from-behind")
    }
    assert verdicts == {
        "reach-any-army": True,
        "reach-same-army": True,
        "adjacent": False,
        "covered-from-behind": False,
    }


def test_move_limit() -> None:
    pos = {"a1": "garrison general", "a2": "white soldier", "l14": "black soldier"}
    limited = game(pos, move_limit=3)
    unlimited = game(pos, move_limit=None)
    for g in (limited, unlimited):
        g.play("a1-b1")
        g.play("a2-b3")
        g.play("b1-a1")
    assert limited.result is not None and limited.result.rule == "move_limit"
    assert "not historical" in limited.result.reason
    assert unlimited.result is None
    # A capture resets the count.
    g = game(
        {
            "a1": "garrison general",
            "b2": "black soldier",
            "c2": "white soldier",
            "l14": "black soldier",
        },
        move_limit=2,
        capture="optional",
    )
    g.play("a1-a2")
    assert g.result is None
    g.play("c2-d3")
    assert g.result is not None  # two quiet plies
    g.undo()
    g.undo()
    g.play("a1xb2")
    g.play("c2-d3")
    assert g.result is None
    with pytest.raises(ValueError, match="move_limit"):
        sn.new_game(GAME, move_limit=0)


def test_move_limit_reset() -> None:
    # A garrison soldier steps out of C0 and back in: under "any-entry" (the default) the
    # step back in starts the count again, under "attacker-entry" it does not.
    pos = {"C0": "garrison soldier", "a2": "white soldier", "a15": "black soldier"}
    plies = ["C0-f5", "a2-b3", "f5-C0", "a15-b14", "C0-f5", "b3-c4"]
    default = game(pos, move_limit=3)
    assert default.rules["move_limit_reset"] == "any-entry"
    strict = game(pos, move_limit=3, move_limit_reset="attacker-entry")
    for text in plies[:3]:
        default.play(text)
        strict.play(text)
    assert default.result is None
    assert strict.result is not None and strict.result.rule == "move_limit"
    assert "an attacking piece's entry" in strict.result.reason
    for text in plies[3:]:
        default.play(text)
    assert default.result is not None and default.result.rule == "move_limit"
    assert default.ply == 6 and "or an entry into" in default.result.reason
    # An attacking piece's entry starts the count again under either reading.
    for reset in ("any-entry", "attacker-entry"):
        g = game(
            {"C4": "garrison soldier", "f5": "white soldier", "a1": "white colonel", **SOLDIERS},
            move_limit=3,
            move_limit_reset=reset,
            soldier_inside_draw="off",
        )
        for text in ["C4-C3", "f5-C0", "C3-C2", "a15-b14"]:
            g.play(text)
        assert g.result is None, reset
        g.play("C2-C3")
        assert g.result is not None and g.result.rule == "move_limit", reset
    with pytest.raises(ValueError, match="move_limit_reset"):
        sn.new_game(GAME, move_limit_reset="garrison-entry")


def test_move_limit_reset_ends_games_the_default_would_not() -> None:
    # Two players that take the garrison soldier out of C0 and back in for ever: the
    # default reading never reaches its limit, "attacker-entry" ends the game.
    pos = {"C0": "garrison soldier", "a2": "white soldier", "a15": "black soldier"}
    garrison = ["C0-f5", "f5-C0"]
    for reset, ends in (("any-entry", False), ("attacker-entry", True)):
        g = game(pos, move_limit=20, move_limit_reset=reset, soldier_inside_draw="off")
        turn = 0
        while not g.is_over and g.ply < 400:
            if g.to_move == "garrison":
                g.play(garrison[turn % 2])
                turn += 1
            else:
                g.play(sorted(m.text for m in g.legal_moves())[0])
        assert g.is_over is ends, reset


# -- fixed rules --------------------------------------------------------------------------------


def test_SP_3_garrison_wins_by_captures() -> None:
    officers = {
        "a1": "white general",
        "b16": "black general",
        "c1": "white colonel",
        "d16": "black colonel",
        "e1": "white captain",
        "f16": "black captain",
    }
    won = game({**officers, "C0": "garrison general"})
    assert won.result.winner == "garrison" and won.result.rule == "SP-3"
    seven = game({**officers, "g1": "white captain", "C0": "garrison general"})
    assert seven.result is None
    # Captured in play: the last soldier falls.
    g = game({**officers, "k7": "garrison soldier", "j8": "black soldier"}, capture="optional")
    g.play("k7xj8")
    assert g.result is not None and g.result.winner == "garrison"


def test_SP_13_SP_14_soldier_colours() -> None:
    # Three garrison soldiers on light squares already: a fourth cannot leave onto f5 (light).
    pos = {
        "C0": "garrison soldier",
        "a2": "garrison soldier",
        "c2": "garrison soldier",
        "e2": "garrison soldier",
        "l14": "black soldier",
    }
    g = game(pos)
    assert "C0-g5" in moves(g) and "C0-f5" not in moves(g)
    assert g.why("C0-f5").rule == "SP-14"
    # Outside, a garrison soldier only moves diagonally, so it keeps its colour.
    g = game({"e5": "garrison soldier", "l14": "black soldier"})
    ends = {m.end for m in g.legal_moves()}
    assert ends == {"d4", "f4"}  # d6 and f6 lie in the citadel area
    # Re-entering and leaving on the other colour is how it changes colour.
    g = game({"f5": "garrison soldier", "l14": "black soldier"}, to_move="garrison")
    assert "f5-C0" in moves(g)


def test_SP_17_no_capture_inside() -> None:
    pos = {
        "C7": "white soldier",
        "g5": "black soldier",
        "C0": "garrison general",
        "f5": "garrison colonel",
        "l1": "white general",
        **SOLDIERS,
    }
    g = game(pos, capture="optional")
    assert "C0xg5" not in moves(g)  # a capture must start outside
    verdict = g.why("C0xg5")
    assert verdict.rule == "SP-17"
    g2 = game(
        {
            "C1": "white soldier",
            "C0": "garrison general",
            "g5": "garrison colonel",
            "l1": "white general",
            **SOLDIERS,
        }
    )
    assert g2.why("C0xC1").rule == "SP-17"
    # A garrison piece outside cannot capture an attacker on a circle either.
    g3 = game({"C0": "white captain", "g5": "garrison colonel", **SOLDIERS})
    assert "g5xC0" not in moves(g3) and g3.why("g5xC0").rule == "SP-17"


def test_SP_18_entering_the_citadel() -> None:
    pos = {
        "g5": "black captain",
        "f4": "black soldier",
        "C1": "white soldier",
        "a16": "garrison general",
    }
    g = game(pos, "black", soldier_inside_draw="off")
    assert "g5-C0" in moves(g)  # backwards for Black, but entering is any direction
    assert "f4-C0" not in moves(g)
    assert g.why("f4-C0").rule == "SP-18" or "SP-18" in g.why("f4-C0").reason
    w = game(pos, "white", soldier_inside_draw="off")
    assert moves(w) == {"C1-C0", "C1-C2"}  # inside: along lines, never out
    # Garrison pieces re-enter from a gate square too.
    assert "f5-C0" in moves(game({"f5": "garrison colonel", **SOLDIERS}))


def test_SP_23_passes_and_draw() -> None:
    # White cannot move; after the garrison moves, Black comes next and the order goes on.
    pos = {"a16": "white soldier", "C3": "garrison general", "l14": "black soldier"}
    g = game(pos, next_army="white", blockade_win=False)
    g.play("C3-C2")
    assert g.to_move == "garrison"  # White had no move and was skipped
    g.play("C2-C1")
    assert g.to_move == "black"
    # Nobody can move at all: a draw.
    # Nobody can move at all: a full citadel whose gate squares hold pieces that cannot move
    # (no sideways moves here), and two soldiers at the far ends.
    stuck = {
        "a16": "white soldier",
        "a1": "black soldier",
        "f5": "white captain",
        "g5": "white lieutenant",
        "f12": "black colonel",
        "g12": "black captain",
        **{f"C{i}": "garrison soldier" for i in range(6)},
        "C6": "garrison general",
        "C7": "garrison colonel",
    }
    draw = game(stuck, blockade_win=False, colonel_captain_sideways=False)
    assert draw.result is not None
    assert (draw.result.winner, draw.result.rule) == (None, "SP-23")
    lost = game(stuck, blockade_win=True, colonel_captain_sideways=False)
    assert (lost.result.winner, lost.result.rule) == ("attackers", "SP-2")


def test_SP_24_no_promotion() -> None:
    g = game(
        {
            "a16": "white soldier",
            "a2": "white soldier",
            "l14": "black soldier",
            "e5": "garrison soldier",
        },
        "white",
    )
    assert not any(m.start == "a16" for m in g.legal_moves())
    assert "a2-b3" in moves(g)


def test_turn_order_and_players() -> None:
    g = sn.new_game(GAME, players=3)
    assert g.players == 3
    order = []
    for _ in range(8):
        order.append(g.to_move)
        g.play(g.legal_moves()[0])
    assert order == ["garrison", "white", "garrison", "black"] * 2
    g = game(
        {"a2": "white soldier", "a15": "black soldier", "e5": "garrison soldier"}, next_army="black"
    )
    g.play("e5-d4")
    assert g.to_move == "black"
    assert sn.new_game(GAME, to_move="black").next_army == "white"
