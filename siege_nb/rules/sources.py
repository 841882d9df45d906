"""The rule texts the catalogue cites, keyed as in ``rules-catalogue.md``."""

from __future__ import annotations

from siege_nb.rules.model import Source

__all__ = ["SOURCES"]

SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "boardandpieces",
            "Siege of Paris, boardandpieces 'List of Games' "
            "(cites Botermans, The Book of Games, 2008)",
            "en",
            "siege-of-paris.en.boardandpieces.txt",
        ),
        Source(
            "escale-a-jeux",
            "Siège de Paris, rules 1-18 with figures A, B, C (Escale à jeux)",
            "fr",
            "siege-de-paris.fr.escale-a-jeux.txt",
            "Figures B and C are lost; the project reconstructs them.",
        ),
        Source(
            "ludosofia",
            "Cerco de Paris, Instituto Ludosofia",
            "pt",
            "cerco-de-paris.pt.ludosofia.txt",
        ),
        Source(
            "pergioco",
            "Assedio di Parigi, pergioco.net (only set-up and turn order known)",
            "it",
        ),
        Source(
            "bonaludo",
            "Belagerung - yet bigger 'fortress', bonaludo blog",
            "en",
            "belagerung.en.blog.txt",
        ),
        Source(
            "boardandpieces-siege",
            "Siege (3 officers, 50 soldiers, 17-point fort), boardandpieces",
            "en",
        ),
        Source(
            "royal-garrison",
            "The Royal Garrison Game (Jaques, c. 1861), as summarised on BoardGameGeek",
            "en",
        ),
        Source("wikipedia-asalto", "Asalto, English Wikipedia (the 33-point parent game)", "en"),
        Source(
            "boardandpieces-pyramid",
            "Pyramid Siege, boardandpieces",
            "en",
            "pyramid-siege.en.boardandpieces.txt",
        ),
    )
}
