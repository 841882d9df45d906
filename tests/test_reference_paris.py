"""Tests of the independent Siege of Paris reference move generator (tests/reference_paris.py).

Every expected move set below was counted by hand from the Siege of Paris part of
docs/rules-reference.md and docs/precise-readings.md, not taken from any program's output.
"""

import pytest
from reference_paris import is_dark, is_protected, reference_moves

DEFAULT_RULES = {
    "placement_win": 3,
    "capture": "on-demand",
    "protection": "reach-any-army",
    "garrison_general_range": 2,
    "colonel_captain_sideways": True,
    "lieutenant_backwards": False,
    "soldier_backwards": False,
    "general_turns": False,
    "blockade_win": True,
    "soldier_inside_draw": "on",
    "officers_must_sortie": True,
    "move_limit": 200,
    "citadel": "ring",
}


def rules(**overrides):
    r = dict(DEFAULT_RULES)
    r.update(overrides)
    return r


def moves(position, to_move, demanded=False, **overrides):
    return reference_moves(position, to_move, "white", rules(**overrides), demanded)


START = {
    # White: back rank and soldiers on light squares.
    "b1": "white colonel",
    "d1": "white captain",
    "f1": "white lieutenant",
    "h1": "white lieutenant",
    "j1": "white captain",
    "l1": "white general",
    **dict.fromkeys(
        ["a2", "c2", "e2", "g2", "i2", "k2", "b3", "d3", "f3", "h3", "j3", "l3"], "white soldier"
    ),
    # Black: back rank and soldiers on dark squares.
    "l16": "black colonel",
    "j16": "black captain",
    "h16": "black lieutenant",
    "f16": "black lieutenant",
    "d16": "black captain",
    "b16": "black general",
    **dict.fromkeys(
        ["a15", "c15", "e15", "g15", "i15", "k15", "b14", "d14", "f14", "h14", "j14", "l14"],
        "black soldier",
    ),
    # Garrison: colonel C0, general C4, soldiers on the rest.
    "C0": "garrison colonel",
    "C4": "garrison general",
    **{f"C{i}": "garrison soldier" for i in (1, 2, 3, 5, 6, 7)},
}


def test_square_colours_of_the_start_position():
    files = "abcdefghijkl"
    for node, piece in START.items():
        if piece.endswith("soldier") and not node.startswith("C"):
            dark = is_dark(files.index(node[0]) + 1, int(node[1:]))
            assert dark == piece.startswith("black"), node
    assert is_dark(1, 1)  # a1 dark, as in chess


# ------------------------------------------------------------------------------------------
# Figures B and C of escale-a-jeux (docs/precise-readings.md, section 2): 5 scenarios x 4 readings.
# ------------------------------------------------------------------------------------------

FIGURES = {
    "B literal": ({"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}, ["j8"]),
    "B movement": (
        {"k7": "garrison soldier", "j8": "black soldier", "k9": "black soldier"},
        ["j8"],
    ),
    "B cross-army officer": (
        {"k7": "garrison soldier", "j8": "black soldier", "j7": "white captain"},
        ["j8"],
    ),
    # Figure C: the general may take either soldier, so both captures are checked.
    "C apart": (
        {"k7": "garrison general", "j8": "black soldier", "k6": "white soldier"},
        ["j8", "k6"],
    ),
    "C side by side": (
        {"k7": "garrison general", "j8": "black soldier", "k8": "white soldier"},
        ["j8", "k8"],
    ),
}

# True = capture allowed (target not protected), as in the table of precise-readings.md.
ALLOWED = {
    ("B literal", "reach-any-army"): True,
    ("B literal", "reach-same-army"): True,
    ("B literal", "adjacent"): False,
    ("B literal", "covered-from-behind"): False,
    ("B movement", "reach-any-army"): False,
    ("B movement", "reach-same-army"): False,
    ("B movement", "adjacent"): False,
    ("B movement", "covered-from-behind"): False,
    ("B cross-army officer", "reach-any-army"): False,
    ("B cross-army officer", "reach-same-army"): True,
    ("B cross-army officer", "adjacent"): False,
    ("B cross-army officer", "covered-from-behind"): True,
    ("C apart", "reach-any-army"): True,
    ("C apart", "reach-same-army"): True,
    ("C apart", "adjacent"): True,
    ("C apart", "covered-from-behind"): True,
    ("C side by side", "reach-any-army"): True,
    ("C side by side", "reach-same-army"): True,
    ("C side by side", "adjacent"): False,
    ("C side by side", "covered-from-behind"): True,
}


@pytest.mark.parametrize(("scenario", "reading"), sorted(ALLOWED))
def test_figure_table(scenario, reading):
    position, targets = FIGURES[scenario]
    for target in targets:
        protected = is_protected(position, target, "k7", rules(protection=reading))
        assert protected == (not ALLOWED[(scenario, reading)]), target
        # The verdict shows in the move list too (capture mode "optional": no filtering).
        legal = moves(position, "garrison", capture="optional", protection=reading)
        assert (f"k7x{target}" in legal) == ALLOWED[(scenario, reading)], target


def test_figure_table_is_not_changed_by_movement_options():
    # The soldiers' diagonal moves never reach the orthogonal neighbour, backwards or not, and
    # the captain reaches j8 forward whether or not it may move sideways.
    for scenario, reading in ALLOWED:
        position, targets = FIGURES[scenario]
        for extra in (
            {"soldier_backwards": True},
            {"colonel_captain_sideways": False},
            {"general_turns": True, "lieutenant_backwards": True},
        ):
            for target in targets:
                r = rules(protection=reading, **extra)
                assert is_protected(position, target, "k7", r) == (
                    not ALLOWED[(scenario, reading)]
                ), (scenario, reading, extra, target)


# ------------------------------------------------------------------------------------------
# Start position
# ------------------------------------------------------------------------------------------


def test_start_garrison_moves():
    assert moves(START, "garrison") == {"C0-f5", "C0-g5", "C4-f12", "C4-g12"}


def test_start_garrison_moves_flank_gates():
    # Gates C2 (c8, c9) and C6 (j8, j9) hold soldiers; nothing is outside yet.
    assert moves(START, "garrison", citadel="ring-flank-gates") == {
        "C2-c8",
        "C2-c9",
        "C6-j8",
        "C6-j9",
    }


WHITE_START_MOVES = {
    # rank-3 soldiers (rank-2 soldiers are blocked by them)
    "b3-a4",
    "b3-c4",
    "d3-c4",
    "d3-e4",
    "f3-e4",
    "f3-g4",
    "h3-g4",
    "h3-i4",
    "j3-i4",
    "j3-k4",
    "l3-k4",
    # colonel b1: forward b2 (b3 occupied), sideways a1 and c1 (d1 occupied)
    "b1-b2",
    "b1-a1",
    "b1-c1",
    # captains
    "d1-d2",
    "d1-c1",
    "d1-e1",
    "j1-j2",
    "j1-i1",
    "j1-k1",
    # lieutenants f1, h1 are blocked; general l1: forward l2 (l3 occupied), sideways k1
    "l1-l2",
    "l1-k1",
}


def test_start_white_moves():
    assert moves(START, "white") == WHITE_START_MOVES
    assert len(WHITE_START_MOVES) == 22


def test_start_white_moves_general_turns():
    # l1 general with turns: l2, k1; then k3 (via l2 or k1... k1-j2/k2? k2 occupied), j2;
    # then k4, j4, l4 (from k3) and i3 (from j2).
    expected = (WHITE_START_MOVES - {"l1-l2", "l1-k1"}) | {
        "l1-l2",
        "l1-k1",
        "l1-k3",
        "l1-j2",
        "l1-k4",
        "l1-j4",
        "l1-l4",
        "l1-i3",
    }
    assert moves(START, "white", general_turns=True) == expected


def test_start_black_moves():
    # Mirror image of White's count: 11 soldier moves, colonel 3, captains 6, general 2.
    got = moves(START, "black")
    assert len(got) == 22
    assert {
        "l14-k13",
        "b14-a13",
        "b14-c13",
        "l16-l15",
        "l16-k16",
        "b16-b15",
        "b16-c16",
        "d16-d15",
        "d16-c16",
        "d16-e16",
    } <= got


# ------------------------------------------------------------------------------------------
# Attacking pieces, one option at a time
# ------------------------------------------------------------------------------------------


def test_lone_white_soldier():
    assert moves({"e2": "white soldier"}, "white") == {"e2-d3", "e2-f3"}


def test_soldier_backwards():
    assert moves({"e2": "white soldier"}, "white", soldier_backwards=True) == {
        "e2-d3",
        "e2-f3",
        "e2-d1",
        "e2-f1",
    }
    # Black advances towards rank 1.
    assert moves({"f16": "black soldier"}, "black") == {"f16-e15", "f16-g15"}
    assert moves({"e15": "black soldier"}, "black", soldier_backwards=True) == {
        "e15-d14",
        "e15-f14",
        "e15-d16",
        "e15-f16",
    }


def test_soldier_does_not_step_into_citadel_area():
    # d5 white soldier: c6 and e6; e6 is in the citadel area (no square).
    assert moves({"d5": "white soldier"}, "white") == {"d5-c6"}


def test_general_straight_lines():
    assert moves({"a1": "white general"}, "white") == {
        "a1-a2",
        "a1-a3",
        "a1-a4",
        "a1-b1",
        "a1-c1",
        "a1-d1",
        "a1-b2",
        "a1-c3",
        "a1-d4",
    }
    assert moves({"l16": "black general"}, "black") == {
        "l16-l15",
        "l16-l14",
        "l16-l13",
        "l16-k16",
        "l16-j16",
        "l16-i16",
        "l16-k15",
        "l16-j14",
        "l16-i13",
    }


def test_general_slide_is_blocked():
    got = moves({"a1": "white general", "a3": "black soldier", "c1": "white captain"}, "white")
    assert {m for m in got if m.startswith("a1")} == {"a1-a2", "a1-b1", "a1-b2", "a1-c3", "a1-d4"}


def test_general_turns():
    # All squares (x, y) with 0 <= x <= 3, 0 <= y <= 3 from a1, except a1 itself: 15.
    expected = {f"a1-{'abcd'[x]}{1 + y}" for x in range(4) for y in range(4) if (x, y) != (0, 0)}
    assert len(expected) == 15
    assert moves({"a1": "white general"}, "white", general_turns=True) == expected


def test_general_turns_needs_an_empty_path():
    # a2 and b2 blocked: the general at a1 can go only sideways first.
    pos = {"a1": "white general", "a2": "black soldier", "b2": "black captain"}
    got = moves(pos, "white", general_turns=True)
    # step 1: b1; step 2: c1, c2 (a2, b2 occupied; a1 is the start); step 3: d1, c3, d2, b3?
    # from c1: d1, c2, b2x, d2, b1; from c2: c3, b2x, d2, b3, d3.
    assert got == {"a1-b1", "a1-c1", "a1-c2", "a1-d1", "a1-d2", "a1-c3", "a1-b3", "a1-d3"}


def test_colonel_and_captain_sideways():
    assert moves({"a1": "white colonel"}, "white") == {"a1-a2", "a1-a3", "a1-b1", "a1-c1"}
    assert moves({"a1": "white colonel"}, "white", colonel_captain_sideways=False) == {
        "a1-a2",
        "a1-a3",
    }
    assert moves({"e1": "white captain"}, "white") == {"e1-e2", "e1-d1", "e1-f1"}
    assert moves({"e1": "white captain"}, "white", colonel_captain_sideways=False) == {"e1-e2"}
    assert moves({"e16": "black captain"}, "black", colonel_captain_sideways=False) == {"e16-e15"}


def test_colonel_does_not_cross_citadel_area():
    # White colonel c6 sideways: b6, a6 to the west; d6 is citadel area.  Forward c7, c8.
    assert moves({"c6": "white colonel"}, "white") == {"c6-b6", "c6-a6", "c6-c7", "c6-c8"}


def test_lieutenant_backwards():
    # White lieutenant e4: forward d5, c6 and f5 (g6 is in the citadel area).
    assert moves({"e4": "white lieutenant"}, "white") == {"e4-d5", "e4-c6", "e4-f5"}
    assert moves({"e4": "white lieutenant"}, "white", lieutenant_backwards=True) == {
        "e4-d5",
        "e4-c6",
        "e4-f5",
        "e4-d3",
        "e4-c2",
        "e4-f3",
        "e4-g2",
    }


# ------------------------------------------------------------------------------------------
# Citadel: entering, moving inside, leaving
# ------------------------------------------------------------------------------------------


def test_attacker_enters_gate():
    # f5 is light: a White soldier there cannot step forward (e6, g6 are citadel area).
    assert moves({"f5": "white soldier"}, "white") == {"f5-C0"}
    assert moves({"f5": "white soldier", "C0": "garrison colonel"}, "white") == set()
    # Any rank, either army, either gate, whatever the direction of advance: a Black captain
    # on g12 (its forward square g11 is citadel area) may step onto C4 or sideways.
    assert moves({"g12": "black captain"}, "black") == {"g12-C4", "g12-f12", "g12-h12"}


def test_attacker_inside_moves_along_ring_only():
    assert moves({"C1": "white soldier"}, "white") == {"C1-C0", "C1-C2"}
    # On a gate circle an attacker never leaves.
    assert moves({"C0": "black general", "C1": "white soldier"}, "black") == {"C0-C7"}


def test_flank_gates_entry():
    # Black soldier c9 (dark): forward b8 (d8 is citadel area).
    assert moves({"c9": "black soldier"}, "black") == {"c9-b8"}
    assert moves({"c9": "black soldier"}, "black", citadel="ring-flank-gates") == {"c9-b8", "c9-C2"}
    # f5 is not a gate square with flank gates.
    assert moves({"f5": "white soldier"}, "white", citadel="ring-flank-gates") == set()


def test_garrison_leaves_without_capturing():
    pos = {"C0": "garrison colonel", "g5": "black soldier"}
    assert moves(pos, "garrison") == {"C0-f5", "C0-C1", "C0-C7"}


def test_garrison_re_entry_and_attackers_on_circles_are_safe():
    assert moves({"f5": "garrison soldier"}, "garrison") == {"f5-C0", "f5-e4", "f5-g4"}
    assert moves({"f5": "garrison soldier", "C0": "white soldier"}, "garrison") == {
        "f5-e4",
        "f5-g4",
    }
    # Officers re-enter too.
    assert moves({"g12": "garrison colonel"}, "garrison") == {
        "g12-C4",
        "g12-f12",
        "g12-h12",
        "g12-g13",
    }


def test_sp14_three_soldiers_per_colour():
    pos = {
        "a1": "garrison soldier",
        "a3": "garrison soldier",
        "a5": "garrison soldier",
        "C0": "garrison soldier",
    }  # three on dark already; g5 is dark, f5 light
    assert moves(pos, "garrison") == {
        "a1-b2",
        "a3-b2",
        "a3-b4",
        "a5-b4",
        "a5-b6",
        "C0-f5",
        "C0-C1",
        "C0-C7",
    }
    # An officer is not limited.
    pos["C0"] = "garrison general"
    assert "C0-g5" in moves(pos, "garrison")


def test_garrison_pieces_outside():
    # Garrison general k7 alone: 8 directions, 2 squares, citadel area skipped.
    assert moves({"k7": "garrison general"}, "garrison") == {
        "k7-k8",
        "k7-k9",
        "k7-k6",
        "k7-k5",
        "k7-l7",
        "k7-j7",
        "k7-l8",
        "k7-j8",
        "k7-l6",
        "k7-j6",
        "k7-i5",
    }
    assert moves({"k7": "garrison general"}, "garrison", garrison_general_range=1) == {
        "k7-k8",
        "k7-k6",
        "k7-l7",
        "k7-j7",
        "k7-l8",
        "k7-j8",
        "k7-l6",
        "k7-j6",
    }
    assert moves({"k7": "garrison colonel"}, "garrison") == {"k7-k8", "k7-k6", "k7-l7", "k7-j7"}
    assert moves({"k7": "garrison soldier"}, "garrison") == {"k7-j8", "k7-l8", "k7-j6", "k7-l6"}


def test_garrison_general_range_capture():
    pos = {"k7": "garrison general", "k9": "black soldier"}
    assert "k7xk9" in moves(pos, "garrison", capture="optional")
    assert "k7xk9" not in moves(pos, "garrison", capture="optional", garrison_general_range=1)
    # A piece in between blocks the slide.
    pos["k8"] = "white soldier"
    assert "k7xk9" not in moves(pos, "garrison", capture="optional")


# ------------------------------------------------------------------------------------------
# Capture modes and protection in the move list
# ------------------------------------------------------------------------------------------

LONE_CAPTURE = {"k7": "garrison soldier", "j8": "black soldier"}


def test_capture_always():
    assert moves(LONE_CAPTURE, "garrison", capture="always") == {"k7xj8"}


def test_capture_optional():
    assert moves(LONE_CAPTURE, "garrison", capture="optional") == {
        "k7xj8",
        "k7-j6",
        "k7-l6",
        "k7-l8",
    }


def test_capture_on_demand():
    assert moves(LONE_CAPTURE, "garrison", capture="on-demand") == {
        "k7xj8",
        "k7-j6",
        "k7-l6",
        "k7-l8",
        "demand",
    }
    assert moves(LONE_CAPTURE, "garrison", demanded=True, capture="on-demand") == {"k7xj8"}


def test_no_demand_without_capture():
    pos = {"k7": "garrison soldier", "j8": "black soldier", "k9": "black soldier"}
    assert moves(pos, "garrison", capture="on-demand") == {"k7-j6", "k7-l6", "k7-l8"}
    assert moves(pos, "garrison", capture="always") == {"k7-j6", "k7-l6", "k7-l8"}


def test_protected_capture_refused_under_adjacent():
    pos, _ = FIGURES["B literal"]
    assert moves(pos, "garrison", protection="adjacent") == {"k7-j6", "k7-l6", "k7-l8"}
    assert moves(pos, "garrison", protection="reach-any-army") == {
        "k7xj8",
        "k7-j6",
        "k7-l6",
        "k7-l8",
        "demand",
    }


def test_capturer_blocks_the_protectors_slide():
    # White colonel a1 would reach a3 through a2, but the capturing garrison colonel stands on a2.
    pos = {"a2": "garrison colonel", "a3": "black soldier", "a1": "white colonel"}
    assert not is_protected(pos, "a3", "a2", rules())
    # Captured from b3 instead, a2 is empty and the colonel's slide protects a3.
    pos = {"b3": "garrison colonel", "a3": "black soldier", "a1": "white colonel"}
    assert is_protected(pos, "a3", "b3", rules())
    assert not is_protected(
        pos, "a3", "b3", rules(colonel_captain_sideways=False, protection="reach-same-army")
    )


def test_protection_by_general_turns():
    # White general a1 reaches c2 only with turns (not a straight line).
    pos = {"c1": "garrison colonel", "c2": "black captain", "a1": "white general"}
    assert not is_protected(pos, "c2", "c1", rules())
    assert is_protected(pos, "c2", "c1", rules(general_turns=True))


def test_protection_by_backwards_moves():
    # A White lieutenant d3 reaches b1 only backwards; a White soldier c2 likewise.
    pos = {"a2": "garrison soldier", "b1": "white captain", "d3": "white lieutenant"}
    assert not is_protected(pos, "b1", "a2", rules())
    assert is_protected(pos, "b1", "a2", rules(lieutenant_backwards=True))
    pos = {"a2": "garrison soldier", "b1": "white captain", "c2": "white soldier"}
    assert not is_protected(pos, "b1", "a2", rules())
    assert is_protected(pos, "b1", "a2", rules(soldier_backwards=True))


def test_pieces_on_circles_never_protect():
    # Attacker on C0 could not move to f5 anyway; and under adjacent a circle is not a square.
    pos = {"e4": "garrison soldier", "f5": "white soldier", "C0": "white general"}
    for reading in ("reach-any-army", "reach-same-army", "adjacent", "covered-from-behind"):
        assert not is_protected(pos, "f5", "e4", rules(protection=reading))


def test_covered_from_behind_direction():
    # White target e4: behind is rank 3 (d3, e3, f3); Black target: behind is rank 5.
    r = rules(protection="covered-from-behind")
    assert is_protected({"e4": "white captain", "d3": "black captain"}, "e4", "f4", r)
    assert not is_protected({"e4": "white captain", "d5": "black captain"}, "e4", "f4", r)
    assert is_protected({"e4": "black captain", "d5": "white soldier"}, "e4", "f4", r)
    assert not is_protected({"e4": "black captain", "e3": "white captain"}, "e4", "f4", r)


# ------------------------------------------------------------------------------------------
# SP-15 officers must sortie
# ------------------------------------------------------------------------------------------

# Garrison soldier a1 can only reach b2, where a Black soldier is protected by c3 under every
# reading; the colonel on gate C0 must go out.
SP15 = {
    "a1": "garrison soldier",
    "b2": "black soldier",
    "c3": "black soldier",
    "C0": "garrison colonel",
}


def test_sp15_officer_must_sortie():
    for reading in ("reach-any-army", "reach-same-army", "adjacent", "covered-from-behind"):
        assert moves(SP15, "garrison", protection=reading) == {"C0-f5", "C0-g5"}
    assert moves(SP15, "garrison", officers_must_sortie=False) == {
        "C0-f5",
        "C0-g5",
        "C0-C1",
        "C0-C7",
    }


def test_sp15_lapses_without_an_officer_on_a_gate():
    pos = dict(SP15)
    del pos["C0"]
    pos["C1"] = "garrison colonel"
    assert moves(pos, "garrison") == {"C1-C0", "C1-C2"}
    # Gate squares both occupied: no exit, the rule lapses.
    pos = dict(SP15, f5="white soldier", g5="black soldier")
    assert moves(pos, "garrison") == {"C0-C1", "C0-C7"}


def test_sp15_not_applied_when_no_soldier_outside():
    pos = {"C1": "garrison soldier", "C0": "garrison colonel"}
    assert moves(pos, "garrison") == {"C0-f5", "C0-g5", "C0-C7", "C1-C2"}


def test_sp15_soldier_re_entry_counts_as_a_move():
    # The soldier's captures e4, g4 are refused (d3, h3 stand next to them) but it can still
    # re-enter C0, so SP-15 does not apply; once C0 is taken, the colonel must sortie.
    pos = {
        "f5": "garrison soldier",
        "e4": "white soldier",
        "g4": "white soldier",
        "d3": "white soldier",
        "h3": "white soldier",
        "C4": "garrison colonel",
    }
    r = {"protection": "adjacent"}
    assert moves(pos, "garrison", **r) == {"f5-C0", "C4-f12", "C4-g12", "C4-C3", "C4-C5"}
    pos["C0"] = "white soldier"
    assert moves(pos, "garrison", **r) == {"C4-f12", "C4-g12"}


def test_sp15_outside_officer_is_restricted_too():
    pos = dict(SP15, k7="garrison general")
    assert moves(pos, "garrison") == {"C0-f5", "C0-g5"}


def test_compulsory_capture_takes_precedence_over_sp15():
    pos = dict(SP15, k7="garrison general", j8="black soldier")
    assert moves(pos, "garrison", capture="always") == {"k7xj8"}
    assert moves(pos, "garrison", capture="on-demand") == {"C0-f5", "C0-g5", "demand"}
    assert moves(pos, "garrison", demanded=True, capture="on-demand") == {"k7xj8"}
