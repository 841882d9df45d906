"""The rule texts the project cites, by key, with what a teacher should know about each.

Only five of them are at hand as full texts (``file`` names them); the others are known
through the rule each one is cited for, and every citation of them says so (``unseen``): a
reader cannot check them here, and no words of them are quoted. ``note`` holds historical
remarks, written as notes about the text, never as rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from siege_nb.rules.checks import frozen
from siege_nb.rules.model import Source

__all__ = ["SOURCES"]

_SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "boardandpieces",
            "Siege of Paris, boardandpieces 'List of Games' "
            "(cites Botermans, The Book of Games, 2008)",
            "en",
            "siege-of-paris.en.boardandpieces.txt",
            "An English summary. It gives the 12 x 16 board, says surviving sets of the "
            "original game are rare and modern reconstructions many, marks its own statement "
            "of the garrison's win '(source?)', and asks how five players could play.",
            short="the English rules page",
        ),
        Source(
            "escale-a-jeux",
            "Siège de Paris, rules 1-18 with figures A, B, C (Escale à jeux)",
            "fr",
            "siege-de-paris.fr.escale-a-jeux.txt",
            "A French rule sheet numbered 1 to 18. Its pictures (figures A, B, C and the board) "
            "are lost; it gives the real board as 30 x 60 cm, a 1 : 2 board, while 12 x 16 "
            "squares would make 3 : 4 (the square count rests on boardandpieces alone).",
            short="the French rules",
        ),
        Source(
            "ludosofia",
            "Cerco de Paris, Instituto Ludosofia",
            "pt",
            "cerco-de-paris.pt.ludosofia.txt",
            "A Portuguese rule sheet. Its history paragraph is garbled: it has Germany and "
            "Prussia invading the capital to defeat Napoleon III's army, but Napoleon III had "
            "surrendered at Sedan before the siege, and Paris was held by the Government of "
            "National Defence from September 1870 to January 1871.",
            short="the Portuguese rules",
        ),
        Source(
            "pergioco",
            "Assedio di Parigi, pergioco.net (only set-up and turn order known)",
            "it",
            short="the Italian page",
            unseen="not among the texts at hand and not quoted here",
        ),
        Source(
            "bonaludo",
            "Belagerung - yet bigger 'fortress', bonaludo blog",
            "en",
            "belagerung.en.blog.txt",
            "A blog post. It calls Belagerung a larger relative of Halatafl (the Fox-and-Geese "
            "family), known in 19th-century Germany and sold in the 20th under many names "
            "(The Three Musketeers, Officers and Sepoys, Royal Garrison and others; in Poland "
            "Wielka Forteca, 'the great fortress'). Its pictures are lost.",
            short="the bonaludo blog post",
        ),
        Source(
            "boardandpieces-siege",
            "Siege (3 officers, 50 soldiers, 17-point fort), boardandpieces",
            "en",
            note="A page on Siege, a related game with the same 50 against 3 and a 17-point "
            "fort. The project does not have its text: it is cited for rules as they were "
            "reported to the project, with no place in it and no words of it.",
            short="the boardandpieces page on Siege",
            unseen="a page on the related game Siege, not among the texts at hand and not "
            "quoted here",
        ),
        Source(
            "royal-garrison",
            "The Royal Garrison Game (Jaques), as summarised on BoardGameGeek",
            "en",
            note="Dated to about 1861 by the BoardGameGeek summary; bonaludo names Royal Garrison "
            "only among the 20th-century trade names of Belagerung. The two datings disagree, "
            "and the summary is not at hand to settle it. The project does not have its text: "
            "it is cited for rules as they were reported to the project, with no place in it "
            "and no words of it.",
            short="the Royal Garrison summary",
            unseen="a summary of a game that the bonaludo blog names among Belagerung's trade "
            "names, not among the texts at hand and not quoted here",
        ),
        Source(
            "wikipedia-asalto",
            "Asalto, English Wikipedia (the 33-point parent game)",
            "en",
            note="An article on Asalto, the smaller related game (33 points). The project does "
            "not have its text: it is cited for rules as they were reported to the project, "
            "with no place in it and no words of it.",
            short="the Wikipedia article on Asalto",
            unseen="an article on the related game Asalto, not among the texts at hand and not "
            "quoted here",
        ),
        Source(
            "boardandpieces-pyramid",
            "Pyramid Siege, boardandpieces",
            "en",
            "pyramid-siege.en.boardandpieces.txt",
            "An English page, marked incomplete, with no picture, point count or start position. "
            "It says the game comes from Germany or Scandinavia, as described by Parlett (The "
            "Oxford History of Board Games, 1999) citing Glonnegger, and that 'it takes "
            "tremendous skill for the attacker to win'.",
            short="the Pyramid Siege page",
        ),
    )
}
SOURCES: Mapping[str, Source] = frozen(_SOURCES)
