"""Pyramid Siege (27 attackers, 3 defenders): options, fixed rules and presets.

Ids follow ``rules-catalogue.md`` section 3; the move limit, which the catalogue does not
have, uses its name as id.
"""

from __future__ import annotations

from typing import Any

from siege_nb.rules.model import Choice, FixedRule, Option
from siege_nb.rules.shared import hunt_fixed_rules, move_limit_option

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS"]

GAME = "pyramid-siege"

OPTIONS: tuple[Option, ...] = (
    Option(
        "PS-3",
        "capture",
        "What happens when a defender could capture and does not?",
        (
            Choice(
                "huff",
                "The move stands, but the attacker may then remove one defender that had a "
                "capture, before his own move.",
                ("boardandpieces-pyramid",),
            ),
            Choice(
                "strict",
                "Nothing to punish: a non-capturing move is illegal while a capture exists "
                "(no source).",
            ),
        ),
        "huff",
    ),
    Option(
        "PS-5",
        "towards",
        "What does 'towards the fortress' mean for an attacker's step?",
        (
            Choice(
                "distance",
                "Each step must bring the attacker one line closer to the fortress.",
                ("boardandpieces-pyramid",),
            ),
            Choice(
                "not-away",
                "A step may not take the attacker further from the fortress (sideways is fine).",
                ("boardandpieces-pyramid",),
            ),
        ),
        "distance",
        note="The source only says attackers 'must always move towards the fortress'.",
    ),
    move_limit_option(
        "a capture, a huff or more attackers in the fortress than ever before in the game"
    ),
)

PRESETS: dict[str, dict[str, Any]] = {"default": {}}

FIXED_RULES: dict[str, FixedRule] = {
    **hunt_fixed_rules(
        multi_jump=("PS-4", ("boardandpieces-pyramid",)),
        defenders_win=(
            "PS-8",
            "The defenders win when five or fewer attackers are left.",
            ("boardandpieces-pyramid",),
        ),
        attackers_win=(
            "attackers-win",
            "The attackers win by occupying all six fortress points, or when the defenders "
            "cannot move or none is left.",
            ("boardandpieces-pyramid",),
        ),
        no_move=("PS-9", "A side with no legal move on its turn loses."),
        first="The defenders move first; then the sides alternate.",
        first_sources=("boardandpieces-pyramid",),
    ),
    "PS-6": FixedRule(
        "PS-6",
        "Escape clause: if no attacker can step towards the fortress, any attacker may step in "
        "any direction.",
        ("boardandpieces-pyramid",),
    ),
    "fortress": FixedRule(
        "fortress",
        "An attacker that has entered the fortress stays there for good, but can still be "
        "captured.",
        ("boardandpieces-pyramid",),
    ),
}
