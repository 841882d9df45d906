"""Belagerung (67 points, 50 attackers, 3 defenders): options, fixed rules and presets.

Ids (``BL-2``) are the project's numbering of the Belagerung rules; board options and the
move limit use their name as id. Every choice and clause says whether a text states it or
whether it is a reading or a reconstruction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from siege_nb.rules.checks import frozen
from siege_nb.rules.model import Choice, Cite, Clause, FixedRule, Option, reconstruction, stated
from siege_nb.rules.shared import fixed_rule, huffing, move_limit_option, removed_at_once

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS", "PRESET_NOTES"]

GAME = "belagerung"
TITLE = "Belagerung"
ID_PREFIX = "BL"  # the project's numbering of this game's rules

_LOST = "the board picture is lost"

OPTIONS: tuple[Option, ...] = (
    Option(
        "horns",
        "horns",
        "Where do the fortress's two 'horns' stand?",
        (
            Choice(
                "top-row",
                "On the top row, beside the fortress: b9 and h9.",
                reconstruction(
                    f"{_LOST}; the text names an 'upper rectangle' and two 'horns' making 17 "
                    "fortress points",
                    Cite("bonaludo", "special areas"),
                ),
                title="on the top row (b9, h9)",
            ),
            Choice(
                "beside-middle-row",
                "One row lower, beside the fortress's middle row: b8 and h8.",
                reconstruction(
                    "a second placement that also gives 67 points and 17 in the fortress"
                ),
                title="beside the middle row (b8, h8)",
            ),
        ),
        "top-row",
        reconstruction=True,
        note="The board picture is lost; both placements give 67 points and a 17-point fortress.",
        title="Fortress horns",
        changes_board=True,
    ),
    Option(
        "diagonals",
        "diagonals",
        "Which diagonal lines does the board have?",
        (
            Choice(
                "alternating",
                "Diagonals cross only at every other point, as on an Alquerque board.",
                reconstruction(
                    "the text says the board has diagonal lines but not which; alternating "
                    "diagonals are the pattern of the older boards of the family"
                ),
                title="every other point",
            ),
            Choice(
                "none",
                "No diagonals: only horizontal and vertical lines.",
                reconstruction(
                    "not the text's board, which has diagonal lines; offered for comparison"
                ),
                title="none",
            ),
            Choice(
                "all",
                "Both diagonals in every small square.",
                reconstruction("the text does not say which diagonals; this takes them all"),
                title="every point",
            ),
        ),
        "alternating",
        reconstruction=True,
        note="The text says the board has diagonal lines but not which.",
        title="Diagonal lines",
        changes_board=True,
    ),
    Option(
        "BL-2",
        "attacker_direction",
        "Which way may the attackers step?",
        (
            Choice(
                "any",
                "To any neighbouring point along a line.",
                stated(
                    Cite(
                        "bonaludo",
                        "moving rules",
                        "can move from one point (intersection) to neighboring point connected "
                        "by line",
                    ),
                    note="it names no direction limit",
                ),
                title="any direction",
            ),
            Choice(
                "shortest-route",
                "Each step must bring the attacker one line closer to the fortress; inside the "
                "fortress attackers move freely but never leave.",
                stated("boardandpieces-siege"),
                title="always closer",
            ),
            Choice(
                "never-away",
                "A step may not take the attacker further from the fortress.",
                stated("wikipedia-asalto"),
                title="never further away",
            ),
            Choice(
                "no-horizontal",
                "Only straight or diagonal steps up the board, never sideways or back.",
                stated("royal-garrison"),
                title="up the board only",
            ),
        ),
        "shortest-route",
        title="Attackers' direction",
    ),
    Option(
        "BL-3",
        "capture",
        "Must a defender capture when it can?",
        (
            Choice(
                "optional",
                "No, capturing is never required.",
                stated(Cite("bonaludo", "capturing", "Killing is not mandatory")),
                title="never required",
            ),
            Choice(
                "huff",
                "A defender that could capture and did not may be removed ('huffed') by the "
                "attacker before his move.",
                stated("boardandpieces-siege", "wikipedia-asalto"),
                title="huffing",
            ),
            Choice(
                "strict",
                "A defender may not make a non-capturing move while a capture exists.",
                reconstruction(
                    "no text for Belagerung says so; it is how modern draughts treats "
                    "compulsory capture, offered for comparison"
                ),
                title="must capture",
            ),
        ),
        "optional",
        title="Compulsory capture",
    ),
    move_limit_option(
        "a capture, a huff or more attackers in the fortress than ever before in the game"
    ),
)

_PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "bonaludo": {"attacker_direction": "any", "capture": "optional"},
    "boardandpieces-siege": {"attacker_direction": "shortest-route", "capture": "huff"},
    "royal-garrison": {"attacker_direction": "no-horizontal", "capture": "huff"},
}
PRESETS: Mapping[str, Mapping[str, Any]] = frozen(_PRESETS)

# Each note lists where the preset chooses for a silent text or takes a rule from another
# text (tests/test_attribution.py holds the notes to the rule data).
_EVERY_PRESET = (
    "Like every preset, it plays on the project's reconstructed board (its shape, the horns, "
    "the diagonals, the defenders' start) and under the project's move limit, which no text "
    "has; that a chain may turn between jumps is a reconstruction too."
)
_PRESET_NOTES: dict[str, str] = {
    "default": (
        "The project's default: attackers always step closer (BL-2, as reported from the page "
        "on the related game Siege, not among the texts at hand), capturing is optional as the "
        "blog says (BL-3). " + _EVERY_PRESET
    ),
    "bonaludo": (
        "The bonaludo blog post: no direction limit, capturing never required. " + _EVERY_PRESET
    ),
    "boardandpieces-siege": (
        "The rules of Siege, a related game, as reported from the boardandpieces page (not among "
        "the texts at hand): always closer, huffing; played on Belagerung's board. " + _EVERY_PRESET
    ),
    "royal-garrison": (
        "The Royal Garrison summary (not among the texts at hand): up the board only. Its "
        "huffing (BL-3) is taken from the rules reported for the related games Siege and "
        "Asalto, not from the summary. " + _EVERY_PRESET
    ),
}
PRESET_NOTES: Mapping[str, str] = frozen(_PRESET_NOTES)

_BONALUDO_WIN = Cite(
    "bonaludo", "end of the game", "takes all fields of the fortress or blocks defenders"
)

_FIXED_RULES: dict[str, FixedRule] = {
    r.id: r
    for r in (
        fixed_rule(
            "board",
            "The board",
            "67 points joined by lines; a 17-point fortress at the top.",
            Clause(
                "67 points joined by vertical, horizontal and diagonal lines; the fortress is "
                "the 17 points of the 'upper rectangle' and two 'horns'.",
                stated(Cite("bonaludo", "the board and special areas")),
            ),
            Clause(
                "The board is a 9 x 9 lattice without its four 2 x 2 corners (a cross of 65 "
                "points) plus two horns, named a1 to i9, the fortress c7-g9 with its horns.",
                reconstruction(f"{_LOST}; this shape gives the stated counts"),
            ),
        ),
        fixed_rule(
            "set-up",
            "Setting up",
            "50 attackers fill the points outside the fortress; 3 defenders inside it.",
            Clause(
                "50 attackers stand on every point outside the fortress; the 3 defenders start "
                "on fortress points of their player's choice.",
                stated(Cite("bonaludo", "initial setting")),
            ),
            Clause(
                "Unless placed otherwise, the defenders start on c7, e7 and g7.",
                reconstruction("a default for the free placement"),
            ),
        ),
        fixed_rule(
            "turn-order",
            "Turn order",
            "The attacker moves first; then the sides alternate.",
            Clause(
                "The attacker moves first, then the players alternate.",
                stated(Cite("bonaludo", "moving rules", "Atacker starts game")),
            ),
        ),
        fixed_rule(
            "movement",
            "How the pieces move",
            "A piece steps along a line; only defenders jump, to capture.",
            Clause(
                "A piece steps along a line to a neighbouring empty point.",
                stated(Cite("bonaludo", "moving rules")),
            ),
            Clause(
                "Attackers never capture; a defender captures by jumping an adjacent attacker "
                "in a straight line to the empty point beyond, as in draughts.",
                stated(Cite("bonaludo", "capturing")),
            ),
        ),
        fixed_rule(
            "BL-4",
            "Jump chains",
            "A defender may capture several attackers in one move.",
            Clause(
                "Several jumps in one move are allowed, and going on is never required: the "
                "defender may stop after any jump.",
                stated(
                    Cite(
                        "bonaludo",
                        "capturing",
                        "It is possible (but it's not mandatory) to capture more than one "
                        "attacker in one move",
                    )
                ),
            ),
            Clause(
                "The direction may change between jumps.",
                reconstruction(
                    "the text's picture of a double capture is lost; turning is allowed as in "
                    "Pyramid Siege and draughts"
                ),
            ),
            removed_at_once(),
        ),
        huffing(stated("boardandpieces-siege", "wikipedia-asalto")),
        fixed_rule(
            "BL-5",
            "The defenders' win",
            "The defenders win when fewer than 17 attackers are left (34 captured).",
            Clause(
                "The defenders win by capturing at least 34 attackers.",
                stated(Cite("bonaludo", "end of the game", "captures at least 34 black pieces")),
            ),
        ),
        fixed_rule(
            "BL-6",
            "The attackers' win",
            "The attackers win by filling the fortress or blocking the defenders.",
            Clause(
                "The attackers win by holding all 17 fortress points.",
                stated(_BONALUDO_WIN),
            ),
            Clause(
                "They also win by blocking the defenders: the defenders have no legal move on "
                "their turn.",
                stated(
                    _BONALUDO_WIN,
                    note="'blocks' is read as: no legal move on their turn",
                    caveat="'blocks' read as no legal move",
                ),
            ),
            Clause(
                "They win when no defender is left (the last one huffed).",
                reconstruction("the text has no huffing, so it never meets this case"),
            ),
        ),
        fixed_rule(
            "BL-9",
            "An attacker who cannot move",
            "An attacker with no legal move on his turn loses.",
            Clause(
                "An attacker with no legal move on his turn loses.",
                reconstruction("the text does not say what happens when the attacker is stuck"),
            ),
        ),
    )
}
FIXED_RULES: Mapping[str, FixedRule] = frozen(_FIXED_RULES)
