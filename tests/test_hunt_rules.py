"""Belagerung and Pyramid Siege: a test per option id, hand-counted move numbers, the fixed
rules (chains, huffing, the end of the game).

Every expected number below was counted by hand from docs/rules-reference.md and
docs/precise-readings.md; the reasoning is in the comments.
"""

from __future__ import annotations

import pytest

import siege_nb as sn

BL, PS = "belagerung", "pyramid-siege"


def moves(g: sn.Game) -> set[str]:
    return {m.text for m in g.legal_moves()}


def test_every_option_has_a_test_here() -> None:
    for game, prefix in ((BL, "BL"), (PS, "PS")):
        for o in sn.options(game):
            name = f"test_{prefix}_{o.id.replace('-', '_')}"
            assert name in globals(), name


# -- hand-counted move numbers at the start and after a few plies, per preset --------------------

# Belagerung start: only the 14 empty fortress points are free. Lines into them from attackers:
# d6-d7 and f6-f7 (d7 and f7 have odd parity, so no diagonals; c8's and the horns' neighbours
# are all fortress points). After d6-d7 the defenders have: c7 -> c8, d6, d8 (3); e7 -> f7, e8,
# d6, d8, f8 (5); g7 -> f7, g8, f8 (3); no jump (every landing point is taken): 11.
# After e7-e8, attacker steps into d6 (distance 1), e7, f7 and, from d7, into d8:
#   shortest-route: d5, c5, e5 -> d6; d7, e6, f6 -> e7; f6 -> f7; d7 -> d8          = 8
#   any: c6, e6, d5, c5, e5, d7 -> d6; d7, e6, f6 -> e7; f6 -> f7; d7 -> d8         = 11
#   no-horizontal: d5, c5, e5 -> d6; e6, f6 -> e7; f6 -> f7; d7 -> d8               = 7
BELAGERUNG_COUNTS = {
    "default": (2, 11, 8),
    "bonaludo": (2, 11, 11),
    "boardandpieces-siege": (2, 11, 8),
    "royal-garrison": (2, 11, 7),
}


@pytest.mark.parametrize("preset", list(BELAGERUNG_COUNTS))
def test_belagerung_move_counts(preset: str) -> None:
    g = sn.new_game(BL, preset=preset)
    counts = [len(g.legal_moves())]
    assert moves(g) == {"d6-d7", "f6-f7"}
    g.play("d6-d7")
    counts.append(len(g.legal_moves()))
    g.play("e7-e8")
    counts.append(len(g.legal_moves()))
    assert tuple(counts) == BELAGERUNG_COUNTS[preset]
    assert g.huffable == ()  # nobody could capture before e7-e8


# Pyramid start: each defender has two empty fortress neighbours and no jump (6). After
# r4c1-r4c2 the attackers may step into r4c1 from r4c0, r3c1, r5c1, r3c0; into r5c2 from r5c1,
# r6c2; into r5c3 from r5c4, r6c4 (each from distance 1 to 0; corners lead away): 8. After
# r5c1-r4c1 the defenders have r4c2 -> r5c2, r5c3; r4c3 -> r5c3; r6c3 -> r5c3, r5c2; no jump: 5.
@pytest.mark.parametrize("preset", sn.presets(PS))
def test_pyramid_move_counts(preset: str) -> None:
    g = sn.new_game(PS, preset=preset)
    assert len(g.legal_moves()) == 6
    g.play("r4c1-r4c2")
    assert len(g.legal_moves()) == 8
    g.play("r5c1-r4c1")
    assert moves(g) == {"r4c2-r5c2", "r4c2-r5c3", "r4c3-r5c3", "r6c3-r5c3", "r6c3-r5c2"}


# -- Belagerung options ------------------------------------------------------------------------


def test_BL_horns() -> None:
    top = sn.new_game(BL, horns="top-row")
    middle = sn.new_game(BL, horns="beside-middle-row")
    assert moves(top) == {"d6-d7", "f6-f7"}
    # b8 and h8 are fortress points joined to b7 and h7.
    assert moves(middle) == {"d6-d7", "f6-f7", "b7-b8", "h7-h8"}
    assert "b9" in top.pieces() or "b9" not in middle.pieces()
    with pytest.raises(ValueError, match="not a point"):
        sn.new_game(BL, horns="beside-middle-row", position={"b9": "defender"})


def test_BL_diagonals() -> None:
    # With diagonals in every square, c6/e6 reach d7 and e6/g6 reach f7 too.
    assert len(sn.new_game(BL, diagonals="all").legal_moves()) == 6
    assert len(sn.new_game(BL, diagonals="none").legal_moves()) == 2
    # A diagonal jump exists only where the line does: e5 (even) over f6 to g7.
    pos = {"e5": "defender", "f6": "attacker", "a3": "attacker", **_filler(16)}
    alt = sn.new_game(BL, position=pos, to_move="defender", diagonals="alternating")
    none = sn.new_game(BL, position=pos, to_move="defender", diagonals="none")
    assert "e5xg7" in moves(alt) and "e5xg7" not in moves(none)


def _filler(n: int) -> dict[str, str]:
    """Attackers on the bottom ranks, away from the action, so no side wins by numbers."""
    points = [f"{f}{r}" for r in (1, 2) for f in "cdefg"] + [f"{f}3" for f in "ihgfedc"]
    return {p: "attacker" for p in points[:n]}


def test_BL_BL_2() -> None:
    g = {
        d: sn.new_game(BL, attacker_direction=d)
        for d in ("any", "shortest-route", "never-away", "no-horizontal")
    }
    for x in g.values():
        x.play("d6-d7")
        x.play("e7-e8")
    # never-away adds the sideways steps c6-d6, e6-d6 to shortest-route's 8 (d7 may not leave).
    assert {d: len(x.legal_moves()) for d, x in g.items()} == {
        "any": 11,
        "shortest-route": 8,
        "never-away": 10,
        "no-horizontal": 7,
    }
    verdict = g["shortest-route"].why("d7-d6")
    assert not verdict.legal and verdict.rule == "BL-2"
    assert any(r.value == "any" for r in verdict.differs_under)
    # Under no-horizontal the attackers on a7, b7, h7, i7 can never move.
    blocked = sn.new_game(
        BL,
        preset="royal-garrison",
        position={
            "a7": "attacker",
            "b7": "attacker",
            "h7": "attacker",
            "i7": "attacker",
            "e9": "defender",
            **_filler(16),
        },
    )
    assert not any(m.start in ("a7", "b7", "h7", "i7") for m in blocked.legal_moves())


def test_BL_BL_3() -> None:
    # The defender on e5 can jump e6 (to e7); d4 could simply step.
    pos = {"e5": "defender", "e6": "attacker", "a4": "defender", **_filler(17)}
    optional = sn.new_game(BL, position=pos, to_move="defender", capture="optional")
    strict = sn.new_game(BL, position=pos, to_move="defender", capture="strict")
    huff = sn.new_game(BL, position=pos, to_move="defender", capture="huff")
    assert "a4-a5" in moves(optional) and "e5xe7" in moves(optional)
    assert moves(strict) == {"e5xe7"}
    assert strict.why("a4-a5").rule == "BL-3"
    huff.play("a4-a5")
    assert huff.huffable == ("e5",)
    assert "huff e5" in moves(huff)
    optional.play("a4-a5")
    assert optional.huffable == () and not any(m.kind == "huff" for m in optional.legal_moves())


def test_BL_move_limit() -> None:
    pos = {"e5": "defender", "a3": "attacker", **_filler(16)}
    g = sn.new_game(BL, position=pos, attacker_direction="any", move_limit=4)
    for m in ("a3-a4", "e5-e6", "a4-a3", "e6-e5"):
        g.play(m)
    assert g.result is not None and g.result.rule == "move_limit" and g.result.winner is None
    off = sn.new_game(BL, position=pos, attacker_direction="any", move_limit=None)
    for m in ("a3-a4", "e5-e6", "a4-a3", "e6-e5"):
        off.play(m)
    assert off.result is None


# -- Pyramid Siege options ----------------------------------------------------------------------


def test_PS_PS_3() -> None:
    # The defender on r4c1 can jump r3c1 to r2c1; the one on r6c3 can step.
    pos = {
        "r4c1": "defender",
        "r3c1": "attacker",
        "r6c3": "defender",
        **{p: "attacker" for p in ("r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6")},
    }
    huff = sn.new_game(PS, position=pos, capture="huff")
    strict = sn.new_game(PS, position=pos, capture="strict")
    assert moves(strict) == {"r4c1xr2c1"}
    assert "r6c3-r5c3" in moves(huff)
    huff.play("r6c3-r5c3")
    assert huff.huffable == ("r4c1",)
    huff.play("huff r4c1")
    assert "r4c1" not in huff.pieces() and huff.to_move == "attacker" and huff.huffed
    assert not any(m.kind == "huff" for m in huff.legal_moves())  # one huff at most
    assert huff.ply == 1  # the huff is not a ply


def test_PS_PS_10() -> None:
    # As in test_PS_PS_3: the defender on r4c1 could capture, the one on r6c3 steps instead.
    pos = {
        "r4c1": "defender",
        "r3c1": "attacker",
        "r6c3": "defender",
        **{p: "attacker" for p in ("r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6")},
    }
    could = sn.new_game(PS, position=pos, huff_target="could-capture")
    moved = sn.new_game(PS, position=pos, huff_target="moved")
    assert sn.rules(PS)["huff_target"] == "could-capture"
    for g in (could, moved):
        g.play("r6c3-r5c3")
    assert could.huffable == ("r4c1",)
    assert moved.huffable == ("r5c3",)
    # Each verdict names PS-10 and the other reading that would flip it.
    verdict = could.why("huff r5c3")
    assert not verdict.legal and verdict.rule == "PS-10"
    assert [(r.option, r.value) for r in verdict.differs_under] == [("huff_target", "moved")]
    assert verdict.sources == ()  # both choices are readings of one sentence
    assert moved.why("huff r5c3").legal and not moved.why("huff r4c1").legal
    moved.play("huff r5c3")
    assert "r5c3" not in moved.pieces() and moved.pieces()["r4c1"] == "defender"
    # A step while no defender could capture makes nobody huffable under either reading.
    quiet = {p: q for p, q in pos.items() if p != "r3c1"}
    for target in ("could-capture", "moved"):
        g = sn.new_game(PS, position=quiet, huff_target=target)
        g.play("r6c3-r5c3")
        assert g.huffable == ()
    # Under strict capture nobody is ever huffed, whatever the target reading.
    strict = sn.new_game(PS, position=pos, capture="strict", huff_target="moved")
    assert moves(strict) == {"r4c1xr2c1"}


def test_PS_PS_5() -> None:
    # r2c1 is 2 lines from the fortress; r2c0 and r2c2 are 2 as well, r3c1 is 1.
    pos = {
        "r2c1": "attacker",
        "r6c3": "defender",
        **{p: "attacker" for p in ("r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6")},
    }
    distance = sn.new_game(PS, position=pos, to_move="attacker", towards="distance")
    not_away = sn.new_game(PS, position=pos, to_move="attacker", towards="not-away")
    assert {m.text for m in distance.legal_moves() if m.start == "r2c1"} == {
        "r2c1-r3c1",
        "r2c1-r3c2",
    }
    assert {m.text for m in not_away.legal_moves() if m.start == "r2c1"} == {
        "r2c1-r3c1",
        "r2c1-r3c2",
        "r2c1-r2c0",
        "r2c1-r2c2",
    }
    verdict = distance.why("r2c1-r2c2")
    assert verdict.rule == "PS-5" and not verdict.legal


def test_PS_move_limit() -> None:
    pos = {
        "r6c3": "defender",
        **{p: "attacker" for p in ("r0c0", "r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6")},
    }
    g = sn.new_game(PS, position=pos, move_limit=2)
    g.play("r6c3-r5c3")
    g.play(next(m for m in g.legal_moves() if m.kind == "step"))
    assert g.result is not None and g.result.rule == "move_limit"


# -- fixed rules --------------------------------------------------------------------------------


def test_multi_jump_turns_and_stops_anywhere() -> None:
    # e5 jumps e6 to e7, then turns and jumps f7 to g7 (horizontal): BL-4.
    pos = {"e5": "defender", "e6": "attacker", "f7": "attacker", **_filler(17)}
    g = sn.new_game(BL, position=pos, to_move="defender")
    assert {"e5xe7", "e5xe7xg7"} <= moves(g)
    chain = next(m for m in g.legal_moves() if m.text == "e5xe7xg7")
    assert chain.captures == ("e6", "f7") and chain.path == ("e5", "e7", "g7")
    g.play(chain)
    assert "e6" not in g.pieces() and "f7" not in g.pieces() and g.pieces()["g7"] == "defender"


def test_a_chain_may_land_on_its_start() -> None:
    # Four attackers around e5 let the defender jump round a square and come home.
    pos = {
        "e5": "defender",
        "e6": "attacker",
        "f7": "attacker",
        "g6": "attacker",
        "f5": "attacker",
        **_filler(14),
    }
    g = sn.new_game(BL, position=pos, to_move="defender", attacker_direction="any")
    assert "e5xe7xg7xg5xe5" in moves(g)
    # A piece is jumped once at most: the same attacker cannot be jumped back.
    assert "e5xe7xe5" not in moves(g)


def test_only_attackers_are_jumped_and_attackers_never_jump() -> None:
    pos = {"e5": "defender", "e6": "defender", "d4": "attacker", **_filler(17)}
    g = sn.new_game(BL, position=pos, to_move="defender")
    assert "e5xe7" not in moves(g)
    assert "defender" in g.why("e5xe7").reason
    a = sn.new_game(BL, position={**pos, "c3": "attacker"}, attacker_direction="any")
    assert "Attackers never jump" in a.why("d4xf6").reason


def test_huff_identifies_the_defender_where_it_now_stands() -> None:
    pos = {"e5": "defender", "e6": "attacker", **_filler(17)}
    g = sn.new_game(BL, position=pos, to_move="defender", capture="huff")
    g.play("e5-d5")  # it could have jumped e6, and stepped instead
    assert g.huffable == ("d5",)
    g.play("huff d5")
    # No defender left: the attackers win at once.
    assert g.result is not None and g.result.winner == "attackers"


def test_huff_chance_lapses_and_early_chain_stop_is_not_huffable() -> None:
    pos = {"e5": "defender", "e6": "attacker", "f7": "attacker", "a4": "defender", **_filler(17)}
    g = sn.new_game(BL, position=pos, to_move="defender", capture="huff", attacker_direction="any")
    g.play("e5xe7")  # could have gone on over f7: not huffable
    assert g.huffable == ()
    g2 = sn.new_game(BL, position=pos, to_move="defender", capture="huff", attacker_direction="any")
    g2.play("a4-a5")
    assert g2.huffable == ("e5",)
    g2.play("i3-i4")  # the attacker moves without huffing: the chance is gone
    assert g2.huffable == ()
    assert g2.why("huff e5").legal is False
    g2.play("a5-b5")  # a new non-capturing defender move: e5 could capture again
    assert g2.huffable == ("e5",)


def test_end_of_game_belagerung() -> None:
    # BL-5: fewer than 17 attackers left.
    assert sn.new_game(BL, position={"e5": "defender", **_filler(16)}).result.rule == "BL-5"
    assert sn.new_game(BL, position={"e5": "defender", **_filler(17)}).result is None
    # BL-6: all 17 fortress points held.
    fortress = [f"{f}{r}" for r in (7, 8, 9) for f in "cdefg"] + ["b9", "h9"]
    full = sn.new_game(BL, position={**{p: "attacker" for p in fortress}, "e5": "defender"})
    assert (full.result.winner, full.result.rule) == ("attackers", "BL-6")
    # BL-6: defenders with no legal move on their turn (d8 boxed in by a wall of attackers
    # two deep, so no jump lands anywhere).
    box = {
        "e9": "defender",
        **{
            p: "attacker"
            for p in (
                "d9",
                "f9",
                "d8",
                "e8",
                "f8",
                "c9",
                "g9",
                "c7",
                "e7",
                "g7",
                "d7",
                "f7",
                "b9",
                "h9",
                "c8",
                "g8",
                "e6",
            )
        },
    }
    boxed = sn.new_game(BL, position=box, to_move="defender")
    assert (boxed.result.winner, boxed.result.rule) == ("attackers", "BL-6")
    # BL-9: the attacker with no legal move loses (royal-garrison: a7 can never move).
    stuck = sn.new_game(
        BL,
        preset="royal-garrison",
        position={
            "a7": "attacker",
            "e9": "defender",
            **{p: "attacker" for p in fortress if p != "e9"},
        },
    )
    assert (stuck.result.winner, stuck.result.rule) == ("defenders", "BL-9")


def test_end_of_game_pyramid() -> None:
    fortress = ["r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"]
    full = sn.new_game(PS, position={**{p: "attacker" for p in fortress}, "r0c0": "defender"})
    assert full.result.winner == "attackers"
    few = sn.new_game(
        PS,
        position={"r0c0": "defender", "r7c1": "attacker", **{p: "attacker" for p in fortress[:4]}},
    )
    assert (few.result.winner, few.result.rule) == ("defenders", "PS-8")


def test_pyramid_fortress_freezes_and_escape_clause() -> None:
    # The attacker on r4c2 is in the fortress: it never moves again, while the others can.
    pos = {
        "r4c2": "attacker",
        "r7c0": "defender",
        **{p: "attacker" for p in ("r0c0", "r1c0", "r1c1", "r2c0", "r2c1", "r2c2")},
    }
    g = sn.new_game(PS, position=pos, to_move="attacker")
    assert g.legal_moves() and not any(m.start == "r4c2" for m in g.legal_moves())
    assert g.why("r4c2-r3c2").rule == "fortress"
    # PS-6: r6c6 (distance 3) is the only attacker off the fortress; its neighbours towards
    # the fortress, r6c5 and r5c5 (distance 2), hold defenders. Under "distance" no attacker
    # has a step towards the fortress, so any step is allowed: r7c6 (3) and r7c7 (4). Under
    # "not-away" r7c6 keeps the distance, so it is a towards-move and the clause stays shut.
    esc = {
        "r6c6": "attacker",
        "r6c5": "defender",
        "r5c5": "defender",
        "r0c0": "defender",
        **{p: "attacker" for p in ("r4c1", "r4c2", "r4c3", "r5c2", "r5c3")},
    }
    distance = sn.new_game(PS, position=esc, to_move="attacker", towards="distance")
    not_away = sn.new_game(PS, position=esc, to_move="attacker", towards="not-away")
    assert moves(distance) == {"r6c6-r7c6", "r6c6-r7c7"}
    assert moves(not_away) == {"r6c6-r7c6"}


@pytest.mark.parametrize("horns", ["top-row", "beside-middle-row"])
@pytest.mark.parametrize("diagonals", ["alternating", "none", "all"])
def test_belagerung_board_counts(horns: str, diagonals: str) -> None:
    g = sn.new_game(BL, horns=horns, diagonals=diagonals)
    board = g._engine.board
    assert len(board.names) == 67
    assert len(board.fortress_points) == 17
    assert sum(1 for p in g.pieces().values() if p == "attacker") == 50
    assert sorted(n for n, p in g.pieces().items() if p == "defender") == ["c7", "e7", "g7"]
    horn = ("b9", "h9") if horns == "top-row" else ("b8", "h8")
    assert all(board.fortress[board.index[h]] for h in horn)
    # Every line joins neighbours on the lattice, and every point is on some line.
    assert all(board.neighbours(p) for p in range(67))
    for a, b in board.lines:
        (fa, ra), (fb, rb) = board.coords[a], board.coords[b]
        assert max(abs(fa - fb), abs(ra - rb)) == 1
    # Diagonals: none has only orthogonal lines; all has both diagonals of e5's squares.
    diag = [
        1
        for a, b in board.lines
        if board.coords[a][0] != board.coords[b][0] and board.coords[a][1] != board.coords[b][1]
    ]
    horn_diagonals = 2
    if diagonals == "none":
        assert len(diag) == horn_diagonals
    e5 = {board.names[q] for q in board.neighbours(board.index["d5"])}
    assert ({"c4", "e6", "c6", "e4"} <= e5) is (diagonals == "all")


def test_pyramid_board() -> None:
    board = sn.new_game(PS)._engine.board
    assert (len(board.names), len(board.lines)) == (36, 84)
    # Corner points have two lines, edge points four, inner points six.
    degrees = sorted(len(board.neighbours(p)) for p in range(36))
    assert degrees.count(2) == 3 and degrees.count(6) == 36 - 3 - 18
