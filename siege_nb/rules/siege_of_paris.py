"""Siege of Paris (1871): every disputed or silent rule as an option, the fixed rules, presets.

Option ids (``SP-16``) are the project's numbering of the Siege of Paris rules; options that
change the board or are not historical (``citadel``, ``move_limit``) use their name as id.
Every choice and every clause of a fixed rule says whether a text states it or whether it is a
reading or a reconstruction (see :class:`~siege_nb.rules.model.Attribution`).
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
from siege_nb.rules.shared import fixed_rule, move_limit_option

__all__ = ["FIXED_RULES", "GAME", "OPTIONS", "PRESETS", "PRESET_NOTES"]

GAME = "siege-of-paris"
TITLE = "Siege of Paris"
ID_PREFIX = "SP"  # the project's numbering of this game's rules

# Places in the texts that several entries cite.
_BAP_ATTACK = Cite("boardandpieces", "movements of the attacking armies")
_BAP_DEFEND = Cite("boardandpieces", "movements of the defending army")
_LUDO_INVADERS = "the invaders' moves"
_LUDO_DEFENDERS = "the defenders' moves"
_NOT_BACKWARDS = (
    Cite("boardandpieces", "movements of the attacking armies", "not backwards"),
    Cite(
        "ludosofia",
        f"{_LUDO_INVADERS}, rule 1",
        "Nenhuma das peças de ataque pode se mover para trás",
        "none of the attacking pieces may move backwards",
    ),
)
# The English page's one word on protection fits both reach readings, so it holds neither.
_COVERED_NOTE = (
    "The English page's one word, 'covered' (boardandpieces), names no army and no test: it "
    "fits both reach readings and states neither"
)
# The two sentences behind SP-4's readings.
_FRENCH_RULE_10 = Cite(
    "escale-a-jeux",
    "rule 10",
    "Si un soldat attaquant arrive à pénétrer dans la forteresse, la partie est nulle",
    "if an attacking soldier manages to get into the fortress, the game is drawn",
)
_PORTUGUESE_SINGLE_RULE = Cite(
    "ludosofia",
    "'regra única'",
    "caso sobre um soldado que não tenha sido capturado e este consiga retornar à cidadela",
    "if one soldier is left that has not been captured, and it manages to return to the citadel",
)
_SAME_ARMY_CAVEAT = "counting the pieces of both armies together is a reading"
_SAME_ARMY_NOTE = "the texts do not say whether the officer and the soldiers must be of one army"

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
                reconstruction(
                    "the board pictures are lost; the gates face the armies because attacking "
                    "soldiers only step diagonally forward and must be able to reach them",
                    Cite("escale-a-jeux", "rule 11"),
                ),
                title="gates facing the armies",
            ),
            Choice(
                "ring-flank-gates",
                "The same ring, but the gates face the long sides (C2 to c8/c9, C6 to j8/j9).",
                reconstruction("a second layout, so that the choice of layout can be seen"),
                title="gates on the long sides",
            ),
        ),
        "ring",
        reconstruction=True,
        note=(
            "The texts say only that the citadel is eight connected cells (boardandpieces), "
            "circles joined by lines (the French rules, rule 17; the Portuguese rules), with two "
            "exits leading to two light and two dark squares (the French rules, rule 11) on "
            "opposite sides (the Portuguese rules). Both layouts are reconstructions."
        ),
        title="Citadel layout",
        changes_board=True,
    ),
    Option(
        "SP-1",
        "placement_win",
        "How many attacking soldiers must stand inside the citadel, with one officer, for the "
        "attackers to win?",
        (
            Choice(
                3,
                "One officer and three soldiers inside.",
                stated(
                    Cite("boardandpieces", "the attackers' win"),
                    Cite(
                        "ludosofia",
                        "objective",
                        "colocar 1 oficial e 3 soldados dentro da cidadela",
                        "put 1 officer and 3 soldiers inside the citadel",
                    ),
                    note=_SAME_ARMY_NOTE,
                    caveat=_SAME_ARMY_CAVEAT,
                ),
                title="1 officer + 3 soldiers",
            ),
            Choice(
                2,
                "One officer and two soldiers inside.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 4",
                        "en plaçant deux soldats et un officier",
                        "by placing two soldiers and one officer",
                    ),
                    note=_SAME_ARMY_NOTE,
                    caveat=_SAME_ARMY_CAVEAT,
                ),
                title="1 officer + 2 soldiers",
            ),
        ),
        3,
        title="Winning by placement",
    ),
    Option(
        "SP-2",
        "blockade_win",
        "Does the garrison lose when it cannot move on its turn?",
        (
            Choice(
                True,
                "Yes: a garrison with no legal move loses.",
                stated(
                    Cite("escale-a-jeux", "rules 4 and 8"),
                    Cite(
                        "ludosofia",
                        "objective, for pieces inside",
                        "imobilizar todos dentro",
                        "immobilise them all inside",
                    ),
                ),
                title="the garrison loses",
            ),
            Choice(
                False,
                "No: a blocked garrison passes its turn.",
                reading(
                    "boardandpieces gives no blockade win and says the attackers may blockade "
                    "the defenders 'until they are relieved by their Officers', read here as a "
                    "passing state rather than a loss",
                    _BAP_ATTACK,
                ),
                title="the garrison passes",
            ),
        ),
        True,
        title="Blockade",
    ),
    Option(
        "SP-4",
        "soldier_inside_draw",
        "When is the game drawn because an attacking soldier has got into the citadel?",
        (
            Choice(
                "on",
                "Drawn once an attacking soldier is safe inside and the attackers can no longer "
                "win by placement (too few soldiers left, or no officer).",
                reading(
                    "reconciles the French rule 10 and the Portuguese single rule with the "
                    "placement win",
                    _FRENCH_RULE_10,
                    _PORTUGUESE_SINGLE_RULE,
                ),
                title="a soldier inside, placement out of reach",
            ),
            Choice(
                "off",
                "No such draw: play goes on.",
                reconstruction(
                    "boardandpieces states no such draw; leaving it out follows that text"
                ),
                title="off",
            ),
            Choice(
                "any-soldier",
                "Drawn as soon as any attacking soldier, of either army, stands in the citadel.",
                stated(
                    _FRENCH_RULE_10,
                    note="taken literally, the first soldier to enter ends the game, so the "
                    "attackers can never win by placement (SP-1) in play: a second soldier can "
                    "never join the first",
                ),
                title="any soldier inside",
            ),
            Choice(
                "last-soldier",
                "Drawn when the one attacking soldier left on the board, of either army, stands "
                "in the citadel (whether it has just entered or the other last soldiers outside "
                "have just been taken).",
                stated(
                    _PORTUGUESE_SINGLE_RULE,
                    caveat="the exact condition is a reading",
                    note="'retornar' (to return) is odd for an attacking soldier, which has never "
                    "been in the citadel; it is read as getting into it. Two or more soldiers "
                    "safe inside never end the game under this choice, even when the attackers "
                    "can no longer win by placement",
                ),
                title="the last soldier inside",
            ),
        ),
        "on",
        note=(
            "The three choices that draw nest: whatever 'the last soldier inside' draws, 'a "
            "soldier inside, placement out of reach' draws, and whatever that draws, 'any soldier "
            "inside' draws. Under 'any soldier inside', the French rule 10 taken literally, the "
            "placement win cannot be reached in play. Under 'the last soldier inside', the "
            "Portuguese single rule, two soldiers safe inside with the placement win out of "
            "reach do not end the game: neither side can then win by capture or placement, and "
            "only a blockade or the move limit ends it. Records written before the option had "
            "four choices, with yes and no, are read as 'a soldier inside, placement out of "
            "reach' and 'off'."
        ),
        title="Draw by a soldier inside",
        former=((True, "on"), (False, "off")),
    ),
    Option(
        "SP-5",
        "capture",
        "Must the garrison capture when it can?",
        (
            Choice(
                "always",
                "Yes, capturing is compulsory.",
                stated(
                    Cite(
                        "boardandpieces",
                        "movements of the defending army",
                        "compulsory per Botermans",
                    )
                ),
                title="always",
            ),
            Choice(
                "optional",
                "No, capturing is the garrison's free choice.",
                stated(
                    Cite(
                        "boardandpieces",
                        "movements of the defending army",
                        "not compulsory by other sources",
                    ),
                    note="boardandpieces reports this of other sources it does not name",
                ),
                title="never required",
            ),
            Choice(
                "on-demand",
                "Only when the attackers demand it: they may demand before a garrison turn, and "
                "the garrison must then capture (its choice which).",
                stated(
                    Cite("escale-a-jeux", "rule 9"),
                    Cite(
                        "ludosofia",
                        f"{_LUDO_DEFENDERS}, rule 5",
                        "opcional, mas pode ser obrigatória caso o atacante peça",
                        "optional, but it may be compulsory if the attacker asks",
                    ),
                    note="when the demand is made and that the garrison chooses which capture "
                    "are the project's reading",
                ),
                title="when the attackers demand",
            ),
        ),
        "on-demand",
        title="Compulsory capture",
    ),
    Option(
        "SP-6",
        "garrison_general_range",
        "How far does the garrison general move outside the citadel?",
        (
            Choice(
                2,
                "One or two squares in any of the eight directions.",
                stated(_BAP_DEFEND, Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 2")),
                title="1 or 2 squares",
            ),
            Choice(
                1,
                "One square in any direction.",
                stated(Cite("escale-a-jeux", "rule 5a")),
                title="1 square",
            ),
        ),
        2,
        title="Garrison general's range",
    ),
    Option(
        "SP-7",
        "colonel_captain_sideways",
        "May attacking colonels and captains move sideways as well as forward?",
        (
            Choice(
                True,
                "Yes, forward or sideways.",
                stated(
                    Cite(
                        "boardandpieces",
                        "movements of the attacking armies",
                        "orthogonally [...] but not backwards",
                    ),
                    Cite(
                        "escale-a-jeux",
                        "rules 3b and 3c",
                        "en avant ou latéralement",
                        "forward or sideways",
                    ),
                ),
                title="forward or sideways",
            ),
            Choice(
                False,
                "No, forward only.",
                stated(
                    Cite(
                        "ludosofia",
                        f"{_LUDO_INVADERS}, rule 3 (colonels)",
                        "sempre para frente",
                        "always forward",
                    ),
                    Cite(
                        "ludosofia",
                        f"{_LUDO_INVADERS}, rule 4 (captains)",
                        "1 casa de cada vez para frente",
                        "1 square at a time forward",
                    ),
                ),
                title="forward only",
            ),
        ),
        True,
        title="Sideways steps",
    ),
    Option(
        "SP-8",
        "lieutenant_backwards",
        "May attacking lieutenants move diagonally backwards?",
        (
            Choice(
                False,
                "No, diagonally forward only.",
                stated(*_NOT_BACKWARDS),
                title="forward only",
            ),
            Choice(
                True,
                "Yes, in all four diagonal directions.",
                reading(
                    "the French rules give lieutenants one or two diagonal squares and name no "
                    "direction; read here as any diagonal direction",
                    Cite(
                        "escale-a-jeux",
                        "rule 3d",
                        "se déplacent d'une ou deux cases en diagonale",
                        "move one or two squares diagonally",
                    ),
                ),
                title="backwards too",
            ),
        ),
        False,
        title="Lieutenants backwards",
    ),
    Option(
        "SP-9",
        "soldier_backwards",
        "May attacking soldiers move diagonally backwards?",
        (
            Choice(
                False,
                "No, diagonally forward only.",
                stated(*_NOT_BACKWARDS),
                title="forward only",
            ),
            Choice(
                True,
                "Yes, one square in any diagonal direction.",
                reading(
                    "the French rules move soldiers one square diagonally and name no "
                    "direction; read here as any diagonal direction",
                    Cite(
                        "escale-a-jeux",
                        "rule 3d",
                        "d'une case à la fois en diagonale",
                        "one square at a time diagonally",
                    ),
                ),
                title="backwards too",
            ),
        ),
        False,
        title="Soldiers backwards",
    ),
    Option(
        "SP-10",
        "general_turns",
        "May the attacking general change direction during one move?",
        (
            Choice(
                False,
                "No, its one to three squares go in a straight line.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 3a",
                        "Il ne peut pas changer de direction au cours d'un même coup",
                        "it may not change direction during one move",
                    )
                ),
                title="straight line only",
            ),
            Choice(
                True,
                "Yes, up to three single steps, each forward, sideways or diagonally forward, "
                "over empty squares.",
                reading(
                    "the English and Portuguese rules give the general one to three squares "
                    "without saying the line must be straight; read here as steps that may turn",
                    _BAP_ATTACK,
                    Cite("ludosofia", f"{_LUDO_INVADERS}, rule 2"),
                ),
                title="may turn",
            ),
        ),
        False,
        title="General may turn",
    ),
    Option(
        "SP-15",
        "officers_must_sortie",
        "When the garrison soldiers outside are all stuck, must an officer come out?",
        (
            Choice(
                True,
                "Yes: the garrison must move an officer out through a gate if it can.",
                stated(
                    Cite("escale-a-jeux", "rule 18"),
                    Cite(
                        "ludosofia",
                        f"{_LUDO_DEFENDERS}, rule 7",
                        "um oficial deve desbloquear a passagem",
                        "an officer must clear the way",
                    ),
                    note="the project reads it as a move from a gate circle onto a square, "
                    "required only while such a move exists",
                ),
                title="yes",
            ),
            Choice(
                False,
                "No such obligation.",
                reconstruction(
                    "boardandpieces states no such obligation; leaving it out follows that text"
                ),
                title="no",
            ),
        ),
        True,
        title="Officers must come out",
    ),
    Option(
        "SP-16",
        "protection",
        "When is an attacking piece protected, so that the garrison may not capture it?",
        (
            Choice(
                "reach-any-army",
                "Another attacking piece, of either army, could move to its square if it were "
                "empty: the chess reading of 'protected'.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 16",
                        "comme le roi, aux échecs, qui ne peut prendre une pièce que si elle "
                        "n'est pas protégée",
                        "like the king in chess, which may take a piece only if it is not "
                        "protected",
                    ),
                    note="the capturing piece is the chess king: it takes only what no other "
                    "attacking piece could retake. " + _COVERED_NOTE,
                ),
                title="another attacker could move there",
            ),
            Choice(
                "reach-same-army",
                "As above, but only a piece of its own army counts.",
                stated(
                    Cite(
                        "ludosofia",
                        f"{_LUDO_DEFENDERS}, rule 6",
                        "no campo de ação de peça do mesmo exército",
                        "in the field of action of a piece of the same army",
                    ),
                    note=_COVERED_NOTE,
                ),
                title="a piece of its own army could move there",
            ),
            Choice(
                "adjacent",
                "Another attacking piece stands on one of its eight neighbouring squares.",
                reading(
                    "fitted to the caption of figure B in the French rules, which no movement "
                    "reading can produce if its labels S_B and S_W mean a Black piece and a "
                    "White soldier, as they seem to (the project's decoding of the labels); one "
                    "of two simple readings that fit it. The French preset uses it because that "
                    "preset follows the figures",
                    Cite(
                        "escale-a-jeux",
                        "caption of figure B",
                        "elle est protégée par S_W",
                        "it is protected by S_W",
                    ),
                ),
                title="another attacker stands beside it",
            ),
            Choice(
                "covered-from-behind",
                "Another attacking piece stands on one of the three squares behind it, seen from "
                "its own army's advance.",
                reading(
                    "fitted to the captions of figures B and C together: of the four readings, "
                    "the only one under which figure B as labelled and both of the project's "
                    "versions of figure C (soldiers apart, soldiers side by side) come out as "
                    "the captions say",
                    Cite("escale-a-jeux", "captions of figures B and C"),
                ),
                title="another attacker stands behind it",
            ),
        ),
        "reach-any-army",
        note=(
            "The French rules seem to disagree with themselves. Rule 16 likens the capturing "
            "garrison piece to the king in chess, which gives the chess reading. The caption of "
            "figure B says that the attacking piece S_B is protected by S_W; it names no "
            "colours, and in figure B no rank for S_W (only figure C calls S_B and S_W attacking "
            "soldiers). Reading the labels as a Black soldier and a White soldier is the "
            "project's decoding, a reading. If the labels mean what they seem to, no reading by "
            "movement allows the caption: attacking soldiers keep their colour, so a White "
            "soldier can never reach a Black soldier's square."
        ),
        title="Protected pieces",
    ),
    Option(
        "SP-26",
        "invaders_only_draw",
        "Is the game drawn when only attacking pieces stand in the citadel?",
        (
            Choice(
                True,
                "Yes: with attacking pieces and no garrison piece on the circles, and the "
                "placement win not met, the game is drawn (that exact condition is the "
                "project's reading of one sentence).",
                stated(
                    Cite(
                        "ludosofia",
                        "introduction",
                        "O jogo termina empatado se na cidadela tiver apenas peças dos invasores",
                        "the game ends in a draw if the citadel holds only the invaders' pieces",
                    ),
                    note="the exact condition (at least one attacking piece, no garrison piece, "
                    "checked after the two wins) is the project's reading of that one sentence",
                    caveat="the exact condition is a reading",
                ),
                title="on",
            ),
            Choice(
                False,
                "No, play goes on.",
                reconstruction("the other texts state no such draw; leaving it out follows them"),
                title="off",
            ),
        ),
        False,
        note=(
            "Under this reading the garrison can force the draw by leaving the citadel empty "
            "while an attacker is inside, and the attackers can win by placement only while a "
            "garrison piece stays inside (or from a set-up)."
        ),
        title="Invaders-only draw",
    ),
    move_limit_option("a capture or an entry into the citadel"),
    Option(
        "move_limit_reset",
        "move_limit_reset",
        "Which entries into the citadel start the move limit's count again?",
        (
            Choice(
                "any-entry",
                "A capture, or any piece stepping from a square onto a circle: a garrison "
                "piece going back into the citadel counts too.",
                reconstruction(
                    "the project's first reading of its own rule; with it, a garrison piece "
                    "that steps out of a gate and back in again and again keeps a game going "
                    "for ever"
                ),
                title="any piece entering",
            ),
            Choice(
                "attacker-entry",
                "A capture, or an attacking piece stepping from a square onto a circle; a "
                "garrison piece going back in does not count.",
                reconstruction(
                    "attacking pieces never leave the citadel and taken pieces never come "
                    "back, so captures and attackers' entries can happen only so many times, and "
                    "every game ends"
                ),
                title="attackers entering",
            ),
        ),
        "any-entry",
        reconstruction=True,
        note=(
            "Not historical, like the move limit itself. Under 'any piece entering' two "
            "players can go on for ever: the project's full balance-lab runs "
            "play their Siege of Paris games under 'attackers entering', so that every game "
            "ends."
        ),
        title="What restarts the move limit",
    ),
)

_PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "boardandpieces": {
        "capture": "always",
        "blockade_win": False,
        "soldier_inside_draw": "off",
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
        "soldier_inside_draw": "last-soldier",
        "invaders_only_draw": True,
    },
}
PRESETS: Mapping[str, Mapping[str, Any]] = frozen(_PRESETS)

# What each preset stands for, said honestly: a preset may use readings no text states, and
# its note lists every point where it chooses for a silent text or reads its text rather than
# taking it literally (tests/test_attribution.py holds the notes to the rule data).
_EVERY_PRESET = (
    "Like every preset, it counts both armies together for the placement win (SP-1) and plays "
    "on the project's reconstructed board (citadel, square names and colours, start position) "
    "with the project's move limit: no text settles these."
)
_PRESET_NOTES: dict[str, str] = {
    "default": (
        "The project's default: where the texts disagree it takes the reading of the most "
        "texts, and the chess reading of protection that the French rule 16 states. Where no "
        "text settles a point: the draw by a soldier inside is the project's reading (SP-4 "
        "'on'); no invaders-only draw (SP-26). " + _EVERY_PRESET
    ),
    "boardandpieces": (
        "The English rules page. Where it is unclear or silent the preset chooses: capture is "
        "compulsory as the page reports from Botermans, though it also reports other sources "
        "that make it optional (SP-5); its one word 'covered' is taken as the chess reading of "
        "protection (SP-16), though it fits the same-army reading as well; the general moves "
        "in straight lines only (SP-10), which the page does not say; its 'blockade' is read "
        "as a pass, not a loss (SP-2); the rules it does not have are left out: no draw by a "
        "soldier inside (SP-4), no invaders-only draw (SP-26), no obligation for officers to "
        "come out (SP-15). " + _EVERY_PRESET
    ),
    "escale-a-jeux": (
        "The French rules, following their figures. Where it departs from its text: protection "
        "is the 'adjacent' reading fitted to figure B's caption, although rule 16 itself "
        "states the chess reading (SP-16); the draw by a soldier inside is the project's "
        "reading (SP-4 'on') rather than rule 10 taken literally ('any-soldier'), which would "
        "make the text's own placement win unreachable; lieutenants and soldiers move "
        "diagonally forward only (SP-8, SP-9), while rule 3d gives them no direction (the "
        "English and Portuguese texts say forward); there is no invaders-only draw (SP-26), "
        "which the text does not have. " + _EVERY_PRESET
    ),
    "ludosofia": (
        "The Portuguese rules, with the draw of their introduction when only invaders hold the "
        "citadel (SP-26, its exact condition a reading) and their single rule's draw when the "
        "last soldier gets in (SP-4 'last-soldier'). Where it departs from its text: the "
        "blockade win (SP-2) is judged over every garrison piece, while the text's objective "
        "speaks of immobilising them all inside («imobilizar todos dentro»); the general moves "
        "in straight lines only (SP-10), which the text does not say. " + _EVERY_PRESET
    ),
}
PRESET_NOTES: Mapping[str, str] = frozen(_PRESET_NOTES)


_FIXED_RULES: dict[str, FixedRule] = {
    r.id: r
    for r in (
        fixed_rule(
            "board",
            "The board",
            "A 12 x 16 checkerboard whose central 6 x 6 squares are a citadel of eight circles.",
            Clause(
                "A rectangular checkerboard of 12 x 16 squares; its central 36 squares are "
                "replaced by a citadel of eight connected cells.",
                stated(Cite("boardandpieces", "the board", "8 connected cells")),
            ),
            Clause(
                "The citadel's cells are circles joined by marked lines, along which the "
                "garrison moves from circle to circle.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 17",
                        "d'un cercle à l'autre",
                        "from one circle to another",
                    ),
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 1"),
                ),
            ),
            Clause(
                "The citadel has two exits along lines, leading to two light and two dark squares.",
                stated(Cite("escale-a-jeux", "rule 11")),
            ),
            Clause(
                "The two exits are on opposite sides of the citadel.",
                stated(
                    Cite(
                        "ludosofia",
                        "rules of the game",
                        "duas saídas marcadas com setas em lados opostos",
                        "two exits marked with arrows on opposite sides",
                    )
                ),
            ),
            Clause(
                "Files a-l and ranks 1-16, a1 dark, the citadel on d6-i11, and the lines between "
                "the circles (see the option 'Citadel layout').",
                reconstruction("the board pictures are lost; names and colours are the project's"),
            ),
        ),
        fixed_rule(
            "set-up",
            "Setting up",
            "Attackers on squares of their own colour at the two ends; the garrison on the "
            "circles.",
            Clause(
                "Each attacking army has a general, a colonel, two captains, two lieutenants and "
                "twelve soldiers; the garrison a general, a colonel and six soldiers.",
                stated(
                    "boardandpieces",
                    Cite("ludosofia", "equipment"),
                    note="the French rules list only the garrison's pieces (rule 7)",
                ),
            ),
            Clause(
                "Attacking pieces start on squares of their own colour: the general at the right "
                "of the back rank, the colonel at the left, the captains beside them and the "
                "lieutenants in the centre.",
                stated(Cite("escale-a-jeux", "rule 2a")),
            ),
            Clause(
                "The garrison stands on the circles in any arrangement its player likes.",
                stated(
                    Cite("escale-a-jeux", "rules 2a and 7"),
                    "boardandpieces",
                    Cite("ludosofia", "set-up", "a disposição é livre", "the arrangement is free"),
                ),
            ),
            Clause(
                "White starts at rank 1, Black at rank 16; the soldiers fill the own-colour "
                "squares of the next two ranks; the garrison colonel starts on C0 and the "
                "general on C4 unless placed otherwise.",
                reconstruction("figure A is lost; this arrangement fits the stated counts"),
            ),
        ),
        fixed_rule(
            "turn-order",
            "Turn order",
            "The garrison moves first; then White, the garrison, Black, the garrison, and so on.",
            Clause(
                "The garrison moves first, and the two armies take turns between its moves.",
                stated(
                    Cite("escale-a-jeux", "rules 12 to 15"),
                    "boardandpieces",
                    Cite("ludosofia", "rules of the game"),
                ),
            ),
            Clause(
                "Two players (one commands both armies, still in turn) or three.",
                stated(Cite("escale-a-jeux", "rule 1"), "boardandpieces"),
            ),
        ),
        fixed_rule(
            "movement",
            "How the pieces move",
            "Each piece moves by its rank; options decide the disputed points.",
            Clause(
                "Attacking pieces never move backwards.",
                stated(*_NOT_BACKWARDS),
            ),
            Clause(
                "Attacking general: one to three squares forward, sideways or diagonally forward. "
                "Colonel: one or two squares orthogonally. Captain: one square orthogonally. "
                "Lieutenant: one or two squares diagonally. Soldier: one square diagonally.",
                stated(
                    _BAP_ATTACK,
                    Cite("escale-a-jeux", "rule 3"),
                    Cite("ludosofia", f"{_LUDO_INVADERS}, rules 2 to 6"),
                ),
            ),
            Clause(
                "Attacking soldiers stay on squares of their starting colour.",
                stated(
                    Cite("escale-a-jeux", "rule 2b"),
                    _BAP_ATTACK,
                    Cite("ludosofia", f"{_LUDO_INVADERS}, rule 6"),
                ),
            ),
            Clause(
                "The general, colonels and captains use squares of both colours; lieutenants, "
                "which move only diagonally, keep the colour they start on.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rules 2b and 3a-3c",
                        "les officiers peuvent aller sur toutes les cases",
                        "the officers may go on every square",
                    ),
                    Cite(
                        "escale-a-jeux",
                        "rule 3d",
                        "restent toujours sur les cases de leur couleur",
                        "always stay on squares of their colour",
                    ),
                ),
            ),
            Clause(
                "Inside the citadel a garrison piece steps one circle at a time along the lines, "
                "and leaves by a gate.",
                stated(
                    Cite("escale-a-jeux", "rule 17"),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 1"),
                ),
            ),
            Clause(
                "Outside, the garrison colonel moves one square orthogonally in any direction.",
                stated(
                    Cite("escale-a-jeux", "rule 5b"),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 3"),
                ),
            ),
            Clause(
                "No piece jumps: a longer move slides in one straight line over empty squares.",
                reconstruction("the texts describe no jumping, and give ranges as chess does"),
            ),
        ),
        fixed_rule(
            "SP-3",
            "The garrison's win",
            "The garrison wins by capturing every attacking soldier and six officers.",
            Clause(
                "The garrison wins by capturing the 24 attacking soldiers and six officers.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 10",
                        "tous les soldats ennemis et six des officiers",
                        "all the enemy soldiers and six of the officers",
                    ),
                    Cite(
                        "boardandpieces",
                        "the defenders' win",
                        "24 opposing soldiers and 6 officers",
                    ),
                    Cite("ludosofia", "objective"),
                    note="boardandpieces itself marks this win '(source?)'",
                ),
            ),
            Clause(
                "The six officers may come from either army; the win is judged from the board "
                "(no attacking soldier and at most six attacking officers left).",
                reading("the texts name no army for the six officers"),
            ),
        ),
        fixed_rule(
            "SP-12",
            "Garrison soldiers outside",
            "Outside the citadel a garrison soldier moves one square diagonally, any direction.",
            Clause(
                "Outside the citadel a garrison soldier moves diagonally, in any direction.",
                stated(
                    Cite("escale-a-jeux", "rule 5c"),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 4"),
                ),
            ),
            Clause(
                "It moves one square at a time.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 5c",
                        "d'une seule case à la fois",
                        "one single square at a time",
                    ),
                    note="the other texts give no distance",
                ),
            ),
        ),
        fixed_rule(
            "SP-13",
            "Garrison soldiers' colour",
            "A garrison soldier keeps its square colour; it changes colour only through the "
            "citadel.",
            Clause(
                "A garrison soldier never changes square colour by moving or capturing.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 5c",
                        "ils ne changent pas de couleur de case en se déplaçant ou en prenant",
                        "they do not change square colour by moving or capturing",
                    ),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 4"),
                ),
            ),
            Clause(
                "It may re-enter the citadel and leave on the other colour.",
                stated(_BAP_DEFEND, Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 4")),
            ),
            Clause(
                "Any garrison piece on a gate's square may step back onto that gate circle if it "
                "is empty, officers too.",
                reading(
                    "the texts describe re-entry only for soldiers; the French rule 18 lets "
                    "officers stay inside guarding the gates",
                    Cite("escale-a-jeux", "rule 18"),
                ),
            ),
        ),
        fixed_rule(
            "SP-14",
            "Three soldiers per colour",
            "Never more than three garrison soldiers on each colour outside the citadel.",
            Clause(
                "Never more than three garrison soldiers on squares of one colour outside the "
                "citadel.",
                stated(
                    Cite("escale-a-jeux", "rule 5c"),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 4"),
                ),
            ),
        ),
        fixed_rule(
            "SP-17",
            "Safe inside the citadel",
            "Attackers on a circle cannot be captured, and the garrison captures only from "
            "outside.",
            Clause(
                "Attacking soldiers inside the citadel cannot be captured.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 3d",
                        "ne peuvent pas être capturés une fois qu'ils ont pénétré dans le fort",
                        "cannot be captured once they have got into the fort",
                    ),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 6"),
                ),
            ),
            Clause(
                "Attacking officers inside the citadel cannot be captured either.",
                stated(_BAP_DEFEND, Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 6")),
            ),
            Clause(
                "The garrison captures only with pieces outside the citadel: a capturing piece "
                "starts its move on a square.",
                stated(
                    Cite("boardandpieces", "movements of the defending army", "outside"),
                    Cite(
                        "ludosofia",
                        f"{_LUDO_DEFENDERS}, rule 5",
                        "desde que estejam fora da cidadela",
                        "provided they are outside the citadel",
                    ),
                ),
            ),
        ),
        fixed_rule(
            "SP-18",
            "Entering the citadel",
            "An attacking piece on a gate's square may step onto that gate circle; inside, "
            "attackers step along lines and never leave.",
            Clause(
                "An attacking piece standing on a gate's square may step onto that gate circle "
                "(any attacking piece, either gate); no slide passes through a gate square onto "
                "a circle.",
                reconstruction(
                    "the texts say the attackers win by placing pieces inside, not how they get in"
                ),
            ),
            Clause(
                "Inside, attacking pieces step along the lines in any direction but never leave.",
                reconstruction("the texts are silent on attackers' moves inside"),
            ),
        ),
        fixed_rule(
            "SP-23",
            "Passing",
            "A side with no legal move passes; if no side can move, the game is drawn.",
            Clause(
                "An army with no legal move is skipped (so is a blocked garrison when a blockade "
                "does not win); if no side can move, the game is drawn.",
                reconstruction("the texts do not say what happens when a side cannot move"),
            ),
        ),
        fixed_rule(
            "SP-24",
            "No promotion",
            "There is no promotion at the far end of the board.",
            Clause(
                "A piece that reaches the far end stays what it is.",
                reconstruction("no text mentions promotion"),
            ),
        ),
        fixed_rule(
            "SP-25",
            "Who captures",
            "Only the garrison captures, by replacement; garrison pieces are never captured.",
            Clause(
                "Garrison pieces are never captured.",
                stated(
                    Cite("escale-a-jeux", "rule 8"),
                    _BAP_ATTACK,
                    Cite("ludosofia", f"{_LUDO_INVADERS}, rule 7"),
                ),
            ),
            Clause(
                "Only the garrison captures, by moving onto an attacking piece's square with its "
                "normal move.",
                stated(
                    Cite(
                        "escale-a-jeux",
                        "rule 16",
                        "Seules les pièces de la garnison peuvent prendre",
                        "only the garrison's pieces may take",
                    ),
                    _BAP_DEFEND,
                    Cite("ludosofia", f"{_LUDO_DEFENDERS}, rule 5"),
                ),
            ),
        ),
    )
}
FIXED_RULES: Mapping[str, FixedRule] = frozen(_FIXED_RULES)
