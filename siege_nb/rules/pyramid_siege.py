"""Pyramid Siege (27 attackers, 3 defenders): options, fixed rules and presets.

Ids (``PS-3``) are the project's numbering of the Pyramid Siege rules; the move limit, which
is not historical, uses its name as id. Every choice and clause says whether the text states
it or whether it is a reading or a reconstruction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from siege_nb.rules.checks import frozen
from siege_nb.rules.model import (
    Choice,
    Cite,
    Clause,
    FixedRule,
    Option,
    reading,
    reconstruction,
    stated,
)
from siege_nb.rules.shared import fixed_rule, huffing, move_limit_option, removed_at_once

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS", "PRESET_NOTES"]

GAME = "pyramid-siege"
TITLE = "Pyramid Siege"
ID_PREFIX = "PS"  # the project's numbering of this game's rules

_PLAY = "play"
_COMPULSORY = Cite("boardandpieces-pyramid", _PLAY, "Captures by the defender are compulsory")
_BONUS = Cite(
    "boardandpieces-pyramid",
    _PLAY,
    "the attacker may capture that defender counter as a bonus before his next turn",
)
_TOWARDS = Cite("boardandpieces-pyramid", _PLAY, "They must always move towards the fortress")

OPTIONS: tuple[Option, ...] = (
    Option(
        "PS-3",
        "capture",
        "What happens when a defender could capture and does not?",
        (
            Choice(
                "huff",
                "The move stands, but the attacker may then remove a defender ('huff' it) "
                "before his own move.",
                stated(_BONUS),
                title="huffing",
            ),
            Choice(
                "strict",
                "A non-capturing move is illegal while a capture exists, so there is nothing "
                "to punish.",
                reading(
                    "reads 'compulsory' as in draughts; the text's bonus sentence then never "
                    "applies",
                    _COMPULSORY,
                ),
                title="must capture",
            ),
        ),
        "huff",
        title="Compulsory capture",
    ),
    Option(
        "PS-10",
        "huff_target",
        "Which defender may the attacker remove after a defender stepped instead of capturing?",
        (
            Choice(
                "could-capture",
                "A defender that had a capture available before the step.",
                reading(
                    "traditional huffing, as in the rules of the related game Siege "
                    "(boardandpieces-siege, a page not among the texts at hand): the piece that "
                    "failed to capture is the one punished",
                    _BONUS,
                ),
                title="one that could have captured",
            ),
            Choice(
                "moved",
                "The defender that moved.",
                reading(
                    "the most literal grammar of the sentence: 'that defender counter' is the "
                    "counter the defender moved",
                    _BONUS,
                ),
                title="the one that moved",
            ),
        ),
        "could-capture",
        note=(
            "Both choices read one sentence; neither is stated outright. Either way huffing "
            "happens only after a step while a capture was available."
        ),
        title="Who may be huffed",
    ),
    Option(
        "PS-5",
        "towards",
        "What does 'towards the fortress' mean for an attacker's step?",
        (
            Choice(
                "distance",
                "Each step must bring the attacker one line closer to the fortress.",
                reading("reads 'towards' strictly: one line closer with every step", _TOWARDS),
                title="always closer",
            ),
            Choice(
                "not-away",
                "A step may not take the attacker further from the fortress (sideways is fine).",
                reading("reads 'towards' loosely: never further away", _TOWARDS),
                title="never further away",
            ),
        ),
        "distance",
        note="The text only says attackers 'must always move towards the fortress'.",
        title="Towards the fortress",
    ),
    move_limit_option(
        "a capture, a huff or more attackers in the fortress than ever before in the game"
    ),
)

_PRESETS: dict[str, dict[str, Any]] = {"default": {}}
PRESETS: Mapping[str, Mapping[str, Any]] = frozen(_PRESETS)

_PRESET_NOTES: dict[str, str] = {
    "default": (
        "The one text, with the project's readings of its open sentences: 'towards the "
        "fortress' means one line closer with every step (PS-5); the defender huffed is one "
        "that could have captured (PS-10); the escape clause is judged over all the attackers "
        "together (PS-6); only the first capture of a chain is compulsory (PS-4). It plays on "
        "the project's reconstructed board (the page gives no picture, point count or start "
        "position) and under the project's move limit, which the text does not have."
    ),
}
PRESET_NOTES: Mapping[str, str] = frozen(_PRESET_NOTES)

_FIXED_RULES: dict[str, FixedRule] = {
    r.id: r
    for r in (
        fixed_rule(
            "board",
            "The board",
            "Points and lines with a six-point triangular fortress in the centre.",
            Clause(
                "A board of points and lines; a triangle of six points in the centre is the "
                "fortress. 27 attackers and 3 defenders.",
                stated(Cite("boardandpieces-pyramid", "equipment")),
            ),
            Clause(
                "A triangular lattice of 36 points with 8 on each side (points r0c0 to r7c7), "
                "the fortress the centred inverted triangle r4c1, r4c2, r4c3, r5c2, r5c3, r6c3; "
                "attackers start on every point but the three corners and the fortress, "
                "defenders on the fortress corners r4c1, r4c3, r6c3.",
                reconstruction("the page gives no picture, point count or start position"),
            ),
        ),
        fixed_rule(
            "turn-order",
            "Turn order",
            "The defenders move first; then the sides alternate.",
            Clause(
                "The defenders move first; turns alternate; a player must move on his turn.",
                stated(Cite("boardandpieces-pyramid", _PLAY)),
            ),
        ),
        fixed_rule(
            "movement",
            "How the pieces move",
            "A piece steps along a line; only defenders jump, to capture.",
            Clause(
                "A piece steps along a line to an adjacent empty point; attackers never jump.",
                stated(Cite("boardandpieces-pyramid", _PLAY)),
            ),
            Clause(
                "A defender captures by jumping an adjacent attacker in a straight line to the "
                "empty point beyond, never over its own pieces; each turn is one step or one "
                "capturing move.",
                stated(Cite("boardandpieces-pyramid", _PLAY)),
            ),
        ),
        fixed_rule(
            "PS-4",
            "Jump chains",
            "A defender may capture several attackers in one turn.",
            Clause(
                "Several jumps in one turn, changing direction after each jump if desired.",
                stated(
                    Cite(
                        "boardandpieces-pyramid",
                        _PLAY,
                        "changing direction after each jump if desired",
                    )
                ),
            ),
            Clause(
                "Only the first capture is compulsory: the defender may stop after any jump, "
                "and stopping early is not huffed.",
                reading("the text makes captures compulsory without saying a chain must go on"),
            ),
            removed_at_once(),
        ),
        huffing(stated(_BONUS)),
        fixed_rule(
            "PS-6",
            "Escape clause",
            "If no attacker can step towards the fortress, any attacker may step in any direction.",
            Clause(
                "When no other move is available, attackers may move in any direction.",
                stated(
                    Cite(
                        "boardandpieces-pyramid",
                        _PLAY,
                        "unless no other move is available, in which case they may move in any "
                        "direction",
                    )
                ),
            ),
            Clause(
                "'No other move' is judged over all the attackers together: the clause frees "
                "them only when none has a step towards the fortress.",
                reading("the text does not say whether it is judged per piece or per player"),
            ),
        ),
        fixed_rule(
            "fortress",
            "Staying in the fortress",
            "An attacker that has entered the fortress stays there, but can still be captured.",
            Clause(
                "An attacker on a fortress point stays there for good, but can still be captured.",
                stated(Cite("boardandpieces-pyramid", _PLAY, "they must stay at that position")),
            ),
        ),
        fixed_rule(
            "PS-8",
            "The defenders' win",
            "The defenders win when five or fewer attackers are left.",
            Clause(
                "The defenders win by capturing all but five of the attackers.",
                stated(Cite("boardandpieces-pyramid", "objective", "all but five")),
            ),
        ),
        fixed_rule(
            "attackers-win",
            "The attackers' win",
            "The attackers win by occupying all six fortress points.",
            Clause(
                "The attackers win by occupying all six fortress points.",
                stated(Cite("boardandpieces-pyramid", "objective")),
            ),
            Clause(
                "They also win when the defenders have no legal move on their turn, or when no "
                "defender is left (the last one huffed).",
                reconstruction("the text does not say what happens in these cases"),
            ),
        ),
        fixed_rule(
            "PS-9",
            "An attacker who cannot move",
            "An attacker with no legal move on his turn loses.",
            Clause(
                "An attacker with no legal move on his turn loses.",
                reconstruction(
                    "the text says a player must move but not what happens when he cannot"
                ),
            ),
        ),
    )
}
FIXED_RULES: Mapping[str, FixedRule] = frozen(_FIXED_RULES)
