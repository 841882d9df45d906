"""Siege of Paris (1871): every disputed or silent rule as an option, the fixed rules, presets.

The ids follow ``rules-catalogue.md`` section 1. Options the catalogue gives no id
(``citadel``, ``move_limit``) use their name as id.
"""

from __future__ import annotations

from typing import Any

from siege_nb.rules.model import Choice, FixedRule, Option
from siege_nb.rules.shared import move_limit_option

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS"]

GAME = "siege-of-paris"

OPTIONS: tuple[Option, ...] = (
    Option(
        "citadel",
        "citadel",
        "How are the eight citadel circles joined, and where are the two gates?",
        (
            Choice(
                "ring",
                "A ring of eight circles; the gates face the two armies, each joined to one "
                "light and one dark square (f5/g5 and f12/g12).",
            ),
            Choice(
                "ring-flank-gates",
                "The same ring, but the gates face the long sides (C2 to c8/c9, C6 to j8/j9).",
            ),
        ),
        "ring",
        reconstruction=True,
        note="The board pictures are lost: both layouts are reconstructions.",
    ),
    Option(
        "SP-1",
        "placement_win",
        "How many attacking soldiers must stand inside the citadel, with one officer, to win?",
        (
            Choice(3, "One officer and three soldiers inside.", ("boardandpieces", "ludosofia")),
            Choice(2, "One officer and two soldiers inside.", ("escale-a-jeux",)),
        ),
        3,
    ),
    Option(
        "SP-2",
        "blockade_win",
        "Does the garrison lose when it cannot move on its turn?",
        (
            Choice(
                True, "Yes: a garrison with no legal move loses.", ("escale-a-jeux", "ludosofia")
            ),
            Choice(
                False,
                "No: a blocked garrison simply passes (one source only says the attackers may "
                "blockade).",
                ("boardandpieces",),
            ),
        ),
        True,
    ),
    Option(
        "SP-4",
        "soldier_inside_draw",
        "Is the game drawn once an attacking soldier is safe inside and the attackers can no "
        "longer win by placement?",
        (
            Choice(True, "Yes, the game is drawn.", ("escale-a-jeux", "ludosofia")),
            Choice(False, "No, play goes on.", ()),
        ),
        True,
    ),
    Option(
        "SP-5",
        "capture",
        "Must the garrison capture when it can?",
        (
            Choice("always", "Yes, capturing is compulsory.", ("boardandpieces",)),
            Choice(
                "optional",
                "No, capturing is the garrison's free choice (the 'other sources' of "
                "boardandpieces).",
                ("boardandpieces",),
            ),
            Choice(
                "on-demand",
                "Only when the attackers demand it: they may demand before a garrison turn, and "
                "the garrison must then capture (its choice which).",
                ("escale-a-jeux", "ludosofia"),
            ),
        ),
        "on-demand",
    ),
    Option(
        "SP-6",
        "garrison_general_range",
        "How far does the garrison general move outside the citadel?",
        (
            Choice(
                2,
                "One or two squares in any of the eight directions.",
                ("boardandpieces", "ludosofia"),
            ),
            Choice(1, "One square in any direction.", ("escale-a-jeux",)),
        ),
        2,
    ),
    Option(
        "SP-7",
        "colonel_captain_sideways",
        "May attacking colonels and captains move sideways as well as forward?",
        (
            Choice(True, "Yes, forward or sideways.", ("boardandpieces", "escale-a-jeux")),
            Choice(False, "No, forward only.", ("ludosofia",)),
        ),
        True,
    ),
    Option(
        "SP-8",
        "lieutenant_backwards",
        "May attacking lieutenants move diagonally backwards?",
        (
            Choice(False, "No, diagonally forward only.", ("boardandpieces", "ludosofia")),
            Choice(
                True,
                "Yes, in all four diagonal directions (no source says so; the French text is "
                "silent, which is why the question exists).",
            ),
        ),
        False,
    ),
    Option(
        "SP-9",
        "soldier_backwards",
        "May attacking soldiers move diagonally backwards?",
        (
            Choice(False, "No, diagonally forward only.", ("boardandpieces", "ludosofia")),
            Choice(
                True,
                "Yes, one square in any diagonal direction (no source says so; the French text "
                "is silent).",
            ),
        ),
        False,
    ),
    Option(
        "SP-10",
        "general_turns",
        "May the attacking general change direction during one move?",
        (
            Choice(
                False, "No, its one to three squares go in a straight line.", ("escale-a-jeux",)
            ),
            Choice(
                True,
                "Yes, up to three single steps, each forward, sideways or diagonally forward, "
                "over empty squares (no source).",
            ),
        ),
        False,
    ),
    Option(
        "SP-15",
        "officers_must_sortie",
        "When the garrison soldiers outside are all stuck, must an officer come out?",
        (
            Choice(
                True,
                "Yes: the garrison must move an officer out through a gate if it can.",
                ("escale-a-jeux", "ludosofia"),
            ),
            Choice(False, "No such obligation.", ()),
        ),
        True,
    ),
    Option(
        "SP-16",
        "protection",
        "When is an attacking piece 'protected', so that the garrison may not capture it?",
        (
            Choice(
                "reach-any-army",
                "Another attacking piece, of either army, could move to its square if it were "
                "empty: the chess reading of 'covered'.",
                ("boardandpieces",),
            ),
            Choice(
                "reach-same-army",
                "As above, but only a piece of its own army counts.",
                ("ludosofia",),
            ),
            Choice(
                "adjacent",
                "Another attacking piece stands on one of its eight neighbouring squares: the "
                "only simple reading that makes the French figure B possible.",
                ("escale-a-jeux",),
            ),
            Choice(
                "covered-from-behind",
                "Another attacking piece stands on one of the three squares behind it, seen from "
                "its own army's advance: reproduces figures B and C literally.",
                ("escale-a-jeux",),
            ),
        ),
        "reach-any-army",
    ),
    move_limit_option("a capture or an entry into the citadel"),
)

PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "boardandpieces": {
        "capture": "always",
        "blockade_win": False,
        "soldier_inside_draw": False,
        "officers_must_sortie": False,
    },
    "escale-a-jeux": {
        "placement_win": 2,
        "protection": "adjacent",
        "garrison_general_range": 1,
    },
    "ludosofia": {
        "protection": "reach-same-army",
        "colonel_captain_sideways": False,
    },
}

FIXED_RULES: dict[str, FixedRule] = {
    r.id: r
    for r in (
        FixedRule(
            "SP-3",
            "The garrison wins by capturing all 24 attacking soldiers and 6 of the 12 officers, "
            "from either army.",
            ("boardandpieces", "escale-a-jeux", "ludosofia"),
        ),
        FixedRule(
            "SP-12",
            "Outside the citadel a garrison soldier moves one square diagonally, in any direction.",
            ("escale-a-jeux",),
        ),
        FixedRule(
            "SP-13",
            "A garrison soldier keeps its square colour; it changes colour only by re-entering "
            "the citadel and leaving on the other colour.",
            ("boardandpieces", "ludosofia", "escale-a-jeux"),
        ),
        FixedRule(
            "SP-14",
            "Never more than three garrison soldiers on each colour outside the citadel.",
            ("boardandpieces", "escale-a-jeux", "ludosofia"),
        ),
        FixedRule(
            "SP-17",
            "Attackers on a circle cannot be captured, and the capturing piece must start its "
            "move outside the citadel.",
            ("boardandpieces", "ludosofia", "escale-a-jeux"),
        ),
        FixedRule(
            "SP-18",
            "An attacking piece on a gate's square may step onto that gate circle; inside, "
            "attackers step along lines and never leave (a reconstruction).",
        ),
        FixedRule(
            "SP-23",
            "A side with no legal move passes; if no side can move, the game is drawn (a "
            "reconstruction).",
        ),
        FixedRule("SP-24", "There is no promotion at the far end of the board."),
        FixedRule(
            "SP-25",
            "Garrison pieces are never captured; only the garrison captures.",
            ("boardandpieces", "escale-a-jeux", "ludosofia"),
        ),
        FixedRule(
            "movement",
            "Each piece moves as the movement table of catalogue 1.5 says; no piece jumps, and "
            "a longer move slides in one line over empty squares.",
            ("boardandpieces", "escale-a-jeux", "ludosofia"),
        ),
    )
}
