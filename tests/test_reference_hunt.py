"""Tests of the independent hunt-game reference move generator (tests/reference_hunt.py).

Every expected number and move set below was worked out by hand from the Belagerung and
Pyramid Siege parts of docs/rules-reference.md and docs/precise-readings.md, not taken from any
program's output; the reasoning is in the comments.

Coordinates: Belagerung file a..i = x 1..9, rank = y; a point (x, y) is "even" when x + y is
even.  Under `diagonals="alternating"` the diagonal of a unit square joins its two even corners
(the two corners of a diagonal always share the parity), provided all four corners are points of
the cross.  Pyramid: (r, c), lines to (r, c+1), (r+1, c), (r+1, c+1).
"""

import pytest
from reference_hunt import (
    analyse,
    apply_move,
    board,
    reference_huffable,
    reference_moves,
    start_position,
)

BL = "belagerung"
PS = "pyramid-siege"
A, D = "attacker", "defender"

BL_DEFAULT = {
    "horns": "top-row",
    "diagonals": "alternating",
    "attacker_direction": "shortest-route",
    "capture": "optional",
}
PS_DEFAULT = {"capture": "huff", "towards": "distance"}


def bl(**overrides):
    return {**BL_DEFAULT, **overrides}


def ps(**overrides):
    return {**PS_DEFAULT, **overrides}


def pos(attackers=(), defenders=()):
    return {**dict.fromkeys(attackers, A), **dict.fromkeys(defenders, D)}


# ---------------------------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------------------------

# Belagerung lines, by hand.  Orthogonal: ranks 1, 2, 8, 9 hold c..g (5 points, 4 links each:
# 16); ranks 3..7 hold a..i (9 points, 8 links: 40); 56 horizontal, and 56 vertical by symmetry:
# 112.  Unit squares with four cross corners: lower-left corner in files c..f x ranks 1..8
# (4 x 8 = 32) or files a..h x ranks 3..6 (8 x 4 = 32), overlap c..f x 3..6 (16): 48 squares.
# "alternating" adds one diagonal per square (48), "all" two (96).  Horn lines: top-row 4,
# beside-middle-row 6.
LINE_COUNTS = {
    ("top-row", "none"): 112 + 4,
    ("top-row", "alternating"): 112 + 48 + 4,
    ("top-row", "all"): 112 + 96 + 4,
    ("beside-middle-row", "none"): 112 + 6,
    ("beside-middle-row", "alternating"): 112 + 48 + 6,
    ("beside-middle-row", "all"): 112 + 96 + 6,
}


@pytest.mark.parametrize(("horns", "diagonals"), sorted(LINE_COUNTS))
def test_belagerung_board_sizes(horns, diagonals):
    rules = bl(horns=horns, diagonals=diagonals)
    b = board(BL, rules)
    # 81 - 4 * 4 = 65 cross points + 2 horns; fortress c7..g9 (5 x 3 = 15) + 2 horns.
    assert len(b.points) == 67
    assert len(b.fortress) == 17
    assert len(b.points - b.fortress) == 50
    assert len(b.lines) == LINE_COUNTS[horns, diagonals]
    horn_points = {"b9", "h9"} if horns == "top-row" else {"b8", "h8"}
    assert horn_points <= b.fortress
    start = start_position(BL, rules)
    assert sum(p == A for p in start.values()) == 50
    assert {n for n, p in start.items() if p == D} == {"c7", "e7", "g7"}
    assert not set(start) & (b.fortress - {"c7", "e7", "g7"})
    # The corners of the lattice are not points.
    assert not {"a1", "b2", "h1", "i2", "a9", "i8"} & b.points


def test_belagerung_specific_lines():
    b = board(BL, bl())
    assert b.joined("e5", "f6")  # 5+5 even
    assert not b.joined("d5", "e6")  # 4+5 odd
    assert b.joined("b6", "c7") and b.joined("h6", "g7")
    assert not b.joined("b7", "c8")  # the square b7 c7 b8 c8 has b8, which is no cross point
    assert sorted(b.neighbours("b9")) == ["c8", "c9"]
    b = board(BL, bl(horns="beside-middle-row", diagonals="none"))
    assert sorted(b.neighbours("b8")) == ["b7", "c7", "c8"]  # horn lines stand anyway
    assert not b.joined("c7", "d6")


def test_pyramid_board_sizes():
    b = board(PS, ps())
    # 1 + 2 + ... + 8 = 36 points.  Lines: (r, c)-(r, c+1): sum of r over rows = 28;
    # (r, c)-(r+1, c) and (r, c)-(r+1, c+1): 1 + ... + 7 = 28 each; 84.
    assert len(b.points) == 36
    assert len(b.lines) == 84
    assert b.fortress == {"r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"}
    start = start_position(PS)
    assert sum(p == A for p in start.values()) == 27  # 36 - 6 fortress - 3 corners
    assert {n for n, p in start.items() if p == D} == {"r4c1", "r4c3", "r6c3"}


def test_pyramid_distances_by_hand():
    d = board(PS).distance
    # r3c0 touches r4c1; r2c0, r1c0, r0c0 are 2, 3, 4.  r7c0: r6c0 (3: via r5c0 (2), r4c0 (1))
    # and r7c1 (3: via r6c1 (2)) so 4.  r7c7: r6c6 and r7c6 are 3 (r6c5 = 2, r6c4 = 1).
    assert [d["r3c0"], d["r2c0"], d["r1c0"], d["r0c0"]] == [1, 2, 3, 4]
    assert [d["r4c0"], d["r5c0"], d["r6c0"], d["r7c0"], d["r7c1"], d["r6c1"]] == [1, 2, 3, 4, 3, 2]
    assert [d["r6c4"], d["r6c5"], d["r6c6"], d["r7c6"], d["r7c7"]] == [1, 2, 3, 3, 4]


# ---------------------------------------------------------------------------------------------
# Belagerung attackers
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("direction", ["any", "shortest-route", "never-away", "no-horizontal"])
def test_belagerung_start_attacker_moves(direction):
    # At the start the only empty points are fortress points; those next to non-fortress points
    # are d7 and f7 (c7, e7, g7 hold the defenders; rank 8 and 9 and the top-row horns touch only
    # fortress points).  d7 and f7 are odd, so no diagonals: their only attacker neighbours are
    # d6 and f6 (distance 1 -> 0, one rank up).  Two moves under every direction rule.
    rules = bl(attacker_direction=direction)
    assert reference_moves(BL, start_position(BL, rules), A, rules) == {"d6-d7", "f6-f7"}


def test_belagerung_start_attacker_moves_other_boards():
    # "all" diagonals: d7 also takes c6 and e6, f7 also e6 and g6 -> 6 moves.
    rules = bl(diagonals="all", attacker_direction="any")
    assert reference_moves(BL, start_position(BL, rules), A, rules) == {
        "d6-d7",
        "c6-d7",
        "e6-d7",
        "f6-f7",
        "e6-f7",
        "g6-f7",
    }
    # Horns beside the middle row: b8 and h8 are empty fortress points reached from b7 and h7
    # (distance 1, one rank up), besides d6-d7 and f6-f7.
    for direction in ("any", "shortest-route", "never-away", "no-horizontal"):
        rules = bl(horns="beside-middle-row", attacker_direction=direction)
        assert reference_moves(BL, start_position(BL, rules), A, rules) == {
            "d6-d7",
            "f6-f7",
            "b7-b8",
            "h7-h8",
        }


# A lone attacker with one far defender (a3: touches none of the squares involved).
# e5 (even) has 8 neighbours: e6, d6, f6 (distance 1: they touch e7, d7, f7), d5, f5 (2),
#   e4, d4, f4 (3).  any 8; shortest-route: to distance 1 -> 3; never-away: <= 2 -> 5;
#   no-horizontal: rank 6 -> 3.
# c6 (odd, no diagonals; distance 1): c7 (0), b6 (1, b6-c7 is a diagonal), d6 (1), c5 (2).
#   any 4; shortest-route {c7}; never-away {c7, b6, d6}; no-horizontal {c7}.
# e8 (odd, inside the fortress): e7, e9, d8, f8, all fortress.  any / shortest-route /
#   never-away 4; no-horizontal {e9}.
# c7 (even, fortress): c6, b7, d7, c8 and diagonals b6, d6, d8 (b8 is no cross point, so no
#   c7-b8).  any 7; shortest-route and never-away: fortress points c8, d7, d8; no-horizontal:
#   rank 8 -> c8, d8.
# c8 (odd, fortress): c7, c9, d8 and the horn line to b9.  no-horizontal {c9, b9}.
LONE = {
    "e5": {
        "any": {"e6", "d6", "f6", "d5", "f5", "e4", "d4", "f4"},
        "shortest-route": {"e6", "d6", "f6"},
        "never-away": {"e6", "d6", "f6", "d5", "f5"},
        "no-horizontal": {"e6", "d6", "f6"},
    },
    "c6": {
        "any": {"c7", "b6", "d6", "c5"},
        "shortest-route": {"c7"},
        "never-away": {"c7", "b6", "d6"},
        "no-horizontal": {"c7"},
    },
    "e8": {
        "any": {"e7", "e9", "d8", "f8"},
        "shortest-route": {"e7", "e9", "d8", "f8"},
        "never-away": {"e7", "e9", "d8", "f8"},
        "no-horizontal": {"e9"},
    },
    "c7": {
        "any": {"c6", "b7", "d7", "c8", "b6", "d6", "d8"},
        "shortest-route": {"c8", "d7", "d8"},
        "never-away": {"c8", "d7", "d8"},
        "no-horizontal": {"c8", "d8"},
    },
    "c8": {
        "any": {"c7", "c9", "d8", "b9"},
        "shortest-route": {"c7", "c9", "d8", "b9"},
        "never-away": {"c7", "c9", "d8", "b9"},
        "no-horizontal": {"c9", "b9"},
    },
}


@pytest.mark.parametrize(("node", "direction"), [(n, d) for n in LONE for d in LONE[n]])
def test_belagerung_lone_attacker(node, direction):
    rules = bl(attacker_direction=direction)
    got = reference_moves(BL, pos([node], ["a3"]), A, rules)
    assert got == {f"{node}-{to}" for to in LONE[node][direction]}


@pytest.mark.parametrize("diagonals", ["alternating", "none", "all"])
def test_no_horizontal_blocks_a7_b7_h7_i7(diagonals):
    # Top-row horns: a8, b8, h8, i8 are no points, so from rank 7 on files a, b, h, i nothing
    # lies one rank up (b7-c8 would need the square b7 c7 b8 c8, which has no b8).
    position = pos(["a7", "b7", "h7", "i7"], ["e9"])
    assert (
        reference_moves(
            BL, position, A, bl(diagonals=diagonals, attacker_direction="no-horizontal")
        )
        == set()
    )
    # Horns beside the middle row: b7-b8 and h7-h8 are lines going up one rank.
    assert reference_moves(
        BL,
        position,
        A,
        bl(horns="beside-middle-row", diagonals=diagonals, attacker_direction="no-horizontal"),
    ) == {"b7-b8", "h7-h8"}


def test_the_same_attackers_move_under_any():
    # a7 (even): a6, b6 (b7 is taken); b7 (odd): c7, b6 (a7 taken); h7 (odd): g7, h6;
    # i7 (even): i6, h6.
    position = pos(["a7", "b7", "h7", "i7"], ["e9"])
    assert reference_moves(BL, position, A, bl(attacker_direction="any")) == {
        "a7-a6",
        "a7-b6",
        "b7-c7",
        "b7-b6",
        "h7-g7",
        "h7-h6",
        "i7-i6",
        "i7-h6",
    }


# ---------------------------------------------------------------------------------------------
# Defenders: jumps and chains
# ---------------------------------------------------------------------------------------------


def test_double_jump_with_change_of_direction():
    # Defender e7 (even; 8 neighbours e6, e8, d7, f7, d6, f6, d8, f8), attackers e6 and d4.
    # Steps: the 7 empty neighbours.  Jumps: e7 over e6 to e5 (straight down); from e5 (even)
    # over d4 to c3 (diagonal: e5-d4 and d4-c3 are both lines of even points).  Every prefix is
    # a move: e7xe5 and e7xe5xc3.
    position = pos(["e6", "d4"], ["e7"])
    steps = {f"e7-{n}" for n in ("e8", "d7", "f7", "d6", "f6", "d8", "f8")}
    jumps = {"e7xe5", "e7xe5xc3"}
    assert reference_moves(BL, position, D, bl()) == steps | jumps
    assert reference_moves(BL, position, D, bl(capture="huff")) == steps | jumps
    assert reference_moves(BL, position, D, bl(capture="strict")) == jumps
    info = analyse(BL, position, D, bl(capture="strict"))
    assert info["max_chain"] == 2 and info["strict_restricted"]
    # No diagonals: d4-c3 is no line, so the chain stops at e5; e7 has only 3 empty neighbours.
    assert reference_moves(BL, position, D, bl(diagonals="none")) == {
        "e7-e8",
        "e7-d7",
        "e7-f7",
        "e7xe5",
    }
    assert apply_move(BL, position, "e7xe5xc3") == {"c3": D}


def test_belagerung_four_jump_cycle_back_to_start():
    # diagonals none.  Defender e3, attackers e4, f5, g4, f3 (a square around f4).
    # Clockwise:  e3 over e4 -> e5, over f5 -> g5, over g4 -> g3, over f3 -> e3 (its start,
    # emptied when it left).  Anticlockwise: e3 over f3 -> g3, over g4 -> g5, over f5 -> e5,
    # over e4 -> e3.  At each landing only one attacker is adjacent with an empty point behind.
    # Steps: e3-e2, e3-d3 (e4 and f3 are taken).  4 + 4 chain prefixes + 2 steps = 10.
    position = pos(["e4", "f5", "g4", "f3"], ["e3"])
    expected = {
        "e3-e2",
        "e3-d3",
        "e3xe5",
        "e3xe5xg5",
        "e3xe5xg5xg3",
        "e3xe5xg5xg3xe3",
        "e3xg3",
        "e3xg3xg5",
        "e3xg3xg5xe5",
        "e3xg3xg5xe5xe3",
    }
    assert reference_moves(BL, position, D, bl(diagonals="none")) == expected
    assert analyse(BL, position, D, bl(diagonals="none"))["max_chain"] == 4
    assert apply_move(BL, position, "e3xe5xg5xg3xe3") == {"e3": D}


def test_pyramid_chain_lands_back_on_its_start():
    # Defender r2c0, attackers r2c1, r3c1, r3c2.  From r2c0: over r2c1 to r2c2 (direction
    # (0, +1)) or over r3c1 to r4c2 (direction (+1, +1)).  From r2c2 the only jump is over r3c2
    # to r4c2 (direction (+1, 0)); from r4c2 over r3c1 back to r2c0 (direction (-1, -1)).  The
    # other way round: r4c2 over r3c2 to r2c2, then over r2c1 to r2c0.  Three jumps each way,
    # every prefix a move: 6 jump moves; steps r2c0-r1c0 and r2c0-r3c0.
    position = pos(["r2c1", "r3c1", "r3c2"], ["r2c0"])
    jumps = {
        "r2c0xr2c2",
        "r2c0xr2c2xr4c2",
        "r2c0xr2c2xr4c2xr2c0",
        "r2c0xr4c2",
        "r2c0xr4c2xr2c2",
        "r2c0xr4c2xr2c2xr2c0",
    }
    assert reference_moves(PS, position, D, ps()) == jumps | {"r2c0-r1c0", "r2c0-r3c0"}
    assert reference_moves(PS, position, D, ps(capture="strict")) == jumps


def test_only_attackers_are_jumped_and_landing_must_be_empty():
    # Defenders e7 and e6, attackers d6, c5, f6.  e7: over e6 (a defender) never; over d6 to
    # c5 no (c5 taken); over f6 to g5 yes (f6 and g5 even), and from g5 nothing more.
    # e6 (odd, orthogonal lines only): over d6 to c6, then from c6 over c5 to c4; over f6 to g6
    # and from g6 nothing.
    position = pos(["d6", "c5", "f6"], ["e7", "e6"])
    moves = reference_moves(BL, position, D, bl())
    assert {m for m in moves if "x" in m} == {"e7xg5", "e6xc6", "e6xc6xc4", "e6xg6"}


def test_pyramid_start_defender_moves():
    # Each defender has two empty fortress neighbours (r4c1: r4c2, r5c2; r4c3: r4c2, r5c3;
    # r6c3: r5c2, r5c3) and every attacker next to it has a piece or the board edge behind it.
    assert reference_moves(PS, start_position(PS), D, ps()) == {
        "r4c1-r4c2",
        "r4c1-r5c2",
        "r4c3-r4c2",
        "r4c3-r5c3",
        "r6c3-r5c2",
        "r6c3-r5c3",
    }


def test_pyramid_start_attacker_moves():
    # Attackers next to the empty fortress points (distance 1 -> 0): r3c1, r3c2 (to r4c2),
    # r5c1, r6c2 (to r5c2), r5c4, r6c4 (to r5c3).  The empty corners are farther than their
    # neighbours (r0c0 4 vs 3, r7c0 4 vs 3, r7c7 4 vs 3): never towards, never "not away".
    expected = {"r3c1-r4c2", "r3c2-r4c2", "r5c1-r5c2", "r6c2-r5c2", "r5c4-r5c3", "r6c4-r5c3"}
    for towards in ("distance", "not-away"):
        assert reference_moves(PS, start_position(PS), A, ps(towards=towards)) == expected


# ---------------------------------------------------------------------------------------------
# Capture rules: strict and huff
# ---------------------------------------------------------------------------------------------


def test_strict_capture():
    # e7 can jump e6 (to e5); c9 (3 + 9 even: c8, d9, the diagonal to d8 and the horn line to
    # b9) cannot jump.  Optional / huff: 7 steps of e7 + 4 of c9 + the jump = 12.  Strict: the
    # jump only.
    position = pos(["e6"], ["e7", "c9"])
    for capture in ("optional", "huff"):
        assert len(reference_moves(BL, position, D, bl(capture=capture))) == 12
    assert reference_moves(BL, position, D, bl(capture="strict")) == {"e7xe5"}


def test_huffing_belagerung():
    rules = bl(capture="huff", attacker_direction="any")
    position = pos(["e6"], ["e7", "c9"])
    # c9 steps while e7 could jump: e7 is huffable.  e7 steps itself: it is huffable at its new
    # point.  A jump makes nobody huffable.  Other capture rules: nobody, ever.
    assert reference_huffable(BL, position, "c9-d9", rules) == {"e7"}
    assert reference_huffable(BL, position, "e7-d7", rules) == {"d7"}
    assert reference_huffable(BL, position, "e7xe5", rules) == frozenset()
    assert reference_huffable(BL, position, "c9-d9", bl(capture="optional")) == frozenset()
    # After c9-d9: attacker e6 (odd) may go to e5, d6, f6 (e7 is taken), or huff e7.
    after = apply_move(BL, position, "c9-d9")
    assert reference_moves(BL, after, A, rules, huffable=frozenset({"e7"})) == {
        "e6-e5",
        "e6-d6",
        "e6-f6",
        "huff e7",
    }
    # After the huff (e7 removed; not a ply): ordinary steps only, e7 now free.
    after_huff = apply_move(BL, after, "huff e7")
    assert reference_moves(BL, after_huff, A, rules, huffable=frozenset({"e7"}), huffed=True) == {
        "e6-e7",
        "e6-e5",
        "e6-d6",
        "e6-f6",
    }


def test_two_defenders_huffable():
    # e7 can jump e6 (to e5) and g7 can jump g6 (to g5); e7 steps to d7: both huffable, e7
    # under its new name d7.
    rules = bl(capture="huff")
    position = pos(["e6", "g6"], ["e7", "g7"])
    assert reference_huffable(BL, position, "e7-d7", rules) == {"d7", "g7"}
    after = apply_move(BL, position, "e7-d7")
    huffs = {
        m
        for m in reference_moves(BL, after, A, rules, huffable=frozenset({"d7", "g7"}))
        if m.startswith("huff")
    }
    assert huffs == {"huff d7", "huff g7"}


def test_huffing_pyramid():
    # r4c1 can jump r3c1 to r2c1 (direction (-1, 0)); r6c3 steps to r5c3: r4c1 is huffable.
    position = pos(["r3c1", "r0c0", "r1c0", "r1c1", "r2c0", "r7c7"], ["r4c1", "r6c3"])
    assert reference_huffable(PS, position, "r6c3-r5c3", ps()) == {"r4c1"}
    assert reference_huffable(PS, position, "r4c1xr2c1", ps()) == frozenset()
    assert reference_huffable(PS, position, "r6c3-r5c3", ps(capture="strict")) == frozenset()


# ---------------------------------------------------------------------------------------------
# Pyramid attackers: fortress, towards, escape clause
# ---------------------------------------------------------------------------------------------


def test_pyramid_escape_clause():
    # Attacker r6c0 (distance 3): neighbours r5c0 (2) and r6c1 (2) hold defenders, r7c0 (4) and
    # r7c1 (3) are empty.  Attacker r4c2 stands on the fortress and never moves.
    position = pos(["r6c0", "r4c2"], ["r5c0", "r6c1"])
    # towards=distance: nobody has a step to distance 2, so the escape clause frees r6c0.
    info = analyse(PS, position, A, ps())
    assert info["moves"] == {"r6c0-r7c0", "r6c0-r7c1"}
    assert info["escape"]
    # towards=not-away: r6c0-r7c1 keeps distance 3, so no escape.
    info = analyse(PS, position, A, ps(towards="not-away"))
    assert info["moves"] == {"r6c0-r7c1"}
    assert not info["escape"]
    # Judged per player: add r2c0 (distance 2) with r3c0 and r3c1 (1) empty; it has towards
    # steps, so r6c0 may not move at all.
    position["r2c0"] = A
    assert reference_moves(PS, position, A, ps()) == {"r2c0-r3c0", "r2c0-r3c1"}


def test_frozen_pyramid_attacker_in_the_fortress():
    # r4c2 has six empty neighbours but stands on the fortress: no moves, not even by escape.
    assert reference_moves(PS, pos(["r4c2"], ["r0c0"]), A, ps()) == set()
    assert reference_moves(PS, pos(["r4c2"], ["r0c0"]), A, ps(towards="not-away")) == set()
    # With r3c0 (distance 1) beside it, only r3c0 moves, into the fortress at r4c1.
    assert reference_moves(PS, pos(["r5c3", "r3c0"], ["r0c0"]), A, ps()) == {"r3c0-r4c1"}
    # not-away also allows r3c0-r4c0 and r3c0-r3c1 (distance 1 -> 1); r2c0 (2) is farther.
    assert reference_moves(PS, pos(["r5c3", "r3c0"], ["r0c0"]), A, ps(towards="not-away")) == {
        "r3c0-r4c1",
        "r3c0-r4c0",
        "r3c0-r3c1",
    }


# ---------------------------------------------------------------------------------------------
# Horns: lines and jumps through them
# ---------------------------------------------------------------------------------------------


def test_no_diagonal_through_a_horn_square():
    # Horns beside the middle row: the square b7 c7 b8 c8 has the horn b8 as a corner, which is
    # no cross point, so even under "all" there is no b7-c8 (b8-c7 is a listed horn line).
    # b7 (odd) under alternating: b6, a7, c7, b8.  Under all: also a6 and c6 (squares a6 b6 a7
    # b7 and b6 c6 b7 c7); a8 is no point.
    position = pos(["b7"], ["e9"])
    rules = bl(horns="beside-middle-row", attacker_direction="any")
    assert reference_moves(BL, position, A, rules) == {"b7-b6", "b7-a7", "b7-c7", "b7-b8"}
    assert reference_moves(BL, position, A, {**rules, "diagonals": "all"}) == {
        "b7-b6",
        "b7-a7",
        "b7-c7",
        "b7-b8",
        "b7-a6",
        "b7-c6",
    }


def test_chains_through_a_horn_back_to_it():
    # Horns beside the middle row, alternating.  Defender b8, attackers c7, c8, b7; b6, d6, d8
    # empty.  b8 has no step (all three neighbours taken).  Jumps from b8:
    #   over c7 to d6 (b8-c7 horn line, c7-d6 even diagonal); from d6 nothing more;
    #   over c8 to d8; from d8 over c7 to b6 (d8-c7-b6 even diagonals); from b6 over b7 to b8
    #     (b6-b7-b8, the start, now empty);
    #   over b7 to b6; from b6 over c7 to d8; from d8 over c8 to b8.
    position = pos(["c7", "c8", "b7"], ["b8"])
    assert reference_moves(BL, position, D, bl(horns="beside-middle-row")) == {
        "b8xd6",
        "b8xd8",
        "b8xd8xb6",
        "b8xd8xb6xb8",
        "b8xb6",
        "b8xb6xd8",
        "b8xb6xd8xb8",
    }


def test_jumps_with_top_row_horns():
    # b9 over c8 to d7 needs the line c8-d7: odd points, so only under "all".  b9's one empty
    # neighbour is c9.
    position = pos(["c8"], ["b9"])
    assert reference_moves(BL, position, D, bl()) == {"b9-c9"}
    assert reference_moves(BL, position, D, bl(diagonals="all")) == {"b9-c9", "b9xd7"}
    # d9 over c9 into the horn b9 (d9-c9-b9 in a straight line); d9 (odd) also steps to e9, d8.
    assert reference_moves(BL, pos(["c9"], ["d9"]), D, bl()) == {"d9xb9", "d9-e9", "d9-d8"}
