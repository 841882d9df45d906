"""Belagerung (67 points, 50 attackers, 3 defenders): options, fixed rules and presets.

Ids follow ``rules-catalogue.md`` section 2; board options and the move limit, which the
catalogue gives no id, use their name as id.
"""

from __future__ import annotations

from typing import Any

from siege_nb.rules.model import Choice, FixedRule, Option
from siege_nb.rules.shared import hunt_fixed_rules, move_limit_option

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS"]

GAME = "belagerung"

OPTIONS: tuple[Option, ...] = (
    Option(
        "horns",
        "horns",
        "Where do the fortress's two 'horns' stand?",
        (
            Choice("top-row", "On the top row, beside the fortress: b9 and h9."),
            Choice(
                "beside-middle-row",
                "One row lower, beside the fortress's middle row: b8 and h8.",
            ),
        ),
        "top-row",
        reconstruction=True,
        note="The board picture is lost; both placements give 67 points and a 17-point fortress.",
    ),
    Option(
        "diagonals",
        "diagonals",
        "Which diagonal lines does the board have?",
        (
            Choice(
                "alternating",
                "Diagonals cross only at every other point, as on an Alquerque board.",
            ),
            Choice("none", "No diagonals: only horizontal and vertical lines."),
            Choice("all", "Both diagonals in every small square."),
        ),
        "alternating",
        reconstruction=True,
        note="The source says the board has diagonal lines but not which.",
    ),
    Option(
        "BL-2",
        "attacker_direction",
        "Which way may the attackers step?",
        (
            Choice(
                "any", "Any neighbouring point along a line (no limit is given).", ("bonaludo",)
            ),
            Choice(
                "shortest-route",
                "Each step must bring the attacker one line closer to the fortress; inside the "
                "fortress attackers move freely but never leave.",
                ("boardandpieces-siege",),
            ),
            Choice(
                "never-away",
                "A step may not take the attacker further from the fortress.",
                ("wikipedia-asalto",),
            ),
            Choice(
                "no-horizontal",
                "Only straight or diagonal steps up the board, never sideways or back.",
                ("royal-garrison",),
            ),
        ),
        "shortest-route",
    ),
    Option(
        "BL-3",
        "capture",
        "Must a defender capture when it can?",
        (
            Choice("optional", "No, capturing is never required.", ("bonaludo",)),
            Choice(
                "huff",
                "Capturing is required in the sense that a defender that could capture and did "
                "not may be removed ('huffed') by the attacker before his move.",
                ("boardandpieces-siege", "wikipedia-asalto"),
            ),
            Choice(
                "strict",
                "A defender may not make a non-capturing move while a capture exists (no source).",
            ),
        ),
        "optional",
    ),
    move_limit_option(
        "a capture, a huff or more attackers in the fortress than ever before in the game"
    ),
)

PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "bonaludo": {"attacker_direction": "any", "capture": "optional"},
    "boardandpieces-siege": {"attacker_direction": "shortest-route", "capture": "huff"},
    "royal-garrison": {"attacker_direction": "no-horizontal", "capture": "huff"},
}

FIXED_RULES: dict[str, FixedRule] = hunt_fixed_rules(
    multi_jump=("BL-4", ("bonaludo",)),
    defenders_win=(
        "BL-5",
        "The defenders win when fewer than 17 attackers are left (34 captured).",
        ("bonaludo",),
    ),
    attackers_win=(
        "BL-6",
        "The attackers win by holding all 17 fortress points, by leaving the defenders without "
        "a legal move, or when no defender is left.",
        ("bonaludo",),
    ),
    no_move=("BL-9", "A side with no legal move on its turn loses."),
    first="The attacker moves first; then the sides alternate.",
    first_sources=("bonaludo",),
)
