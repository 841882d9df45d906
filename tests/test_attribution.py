"""Attribution: a text is cited only for what it states; readings and reconstructions say so.

The quoted words of every citation can be checked against the primary texts: set the
environment variable ``SIEGE_NB_SOURCES`` to a folder holding them (file names as in
``sn.SOURCES[key].file``). Without it that one test is skipped; the texts are not shipped.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

import siege_nb as sn
from siege_nb.rules.model import Attribution, Cite, Clause, FixedRule, reading, stated


def every_attribution():
    for game in sn.GAMES:
        for opt in sn.options(game):
            for c in opt.choices:
                yield f"{game} {opt.id} = {c.label}", c.attribution
        for rule in sn.fixed_rules(game).values():
            for i, clause in enumerate(rule.clauses):
                yield f"{game} {rule.id} clause {i + 1}", clause.attribution


def test_a_stated_rule_names_its_texts_and_a_reading_says_what_it_was_fitted_to() -> None:
    with pytest.raises(ValueError, match="names the texts"):
        Attribution("stated")
    with pytest.raises(ValueError, match="fitted to or why"):
        Attribution("reading", (Cite("escale-a-jeux"),))
    with pytest.raises(ValueError, match="fitted to or why"):
        Attribution("reconstruction", note="  ")
    with pytest.raises(ValueError, match="one of"):
        Attribution("guess", note="because")
    with pytest.raises(ValueError, match="no clause"):
        FixedRule("SP-99", "nothing", ())
    # A reading may point at the sentence it reads, but that text is not a holder.
    fitted = reading("fitted to the caption", "escale-a-jeux")
    assert fitted.sources == () and "fitted to the French rules" in fitted.words(brief=True)
    assert stated("ludosofia", "ludosofia").sources == ("ludosofia",)
    assert Clause("x", fitted).attribution.basis == "reading"


@pytest.mark.parametrize(("where", "attribution"), list(every_attribution()))
def test_every_choice_and_clause_is_attributed(where: str, attribution: Attribution) -> None:
    assert attribution.basis in ("stated", "reading", "reconstruction"), where
    for cite in attribution.cites:
        assert cite.key in sn.SOURCES, (where, cite.key)
    if attribution.basis == "stated":
        assert attribution.sources, where
    else:
        assert attribution.sources == () and attribution.note.strip(), where
    words = attribution.words()
    assert words.startswith(("stated by", "a reading", "a reconstruction")), where
    assert "catalogue" not in words.lower(), where


def test_protection_is_credited_to_the_texts_that_state_it() -> None:
    opt = sn.option("siege-of-paris", "SP-16")
    basis = {c.value: (c.basis, c.sources) for c in opt.choices}
    assert basis == {
        "reach-any-army": ("stated", ("escale-a-jeux",)),
        "reach-same-army": ("stated", ("ludosofia",)),
        "adjacent": ("reading", ()),
        "covered-from-behind": ("reading", ()),
    }
    rule16 = opt.choice("reach-any-army").attribution.cites[0]
    assert (rule16.key, rule16.where) == ("escale-a-jeux", "rule 16")
    assert "roi, aux échecs" in rule16.quote and "king in chess" in rule16.translation
    assert "figure B" in opt.choice("adjacent").attribution.words()
    # The preset that follows the figures says it uses a reading.
    assert "reading" in sn.rules("siege-of-paris", "escale-a-jeux").citation("protection")
    from siege_nb.rules import preset_note

    assert "figure" in preset_note("siege-of-paris", "escale-a-jeux")


def test_no_choice_of_protection_is_credited_to_the_english_page() -> None:
    """The English page says only that "covered" pieces may not be captured: the word names no
    army and no test, so it fits both reach readings and states neither. It is quoted as a
    note on both, never as a holder of any choice of SP-16."""
    opt = sn.option("siege-of-paris", "SP-16")
    for c in opt.choices:
        assert "boardandpieces" not in c.sources, c.value
        assert all(cite.key != "boardandpieces" for cite in c.attribution.cites), c.value
    for value in ("reach-any-army", "reach-same-army"):
        assert "'covered'" in opt.choice(value).attribution.note, value
    # Nor does any text written from the rule data credit it: verdicts, citations, notes.
    for preset in sn.presets("siege-of-paris"):
        citation = sn.rules("siege-of-paris", preset).citation("protection")
        assert "boardandpieces" not in citation, preset
    from siege_nb.rules import preset_note

    assert "boardandpieces" not in preset_note("siege-of-paris", "default")


def test_the_figure_b_contradiction_rests_on_reading_its_labels() -> None:
    note = sn.option("siege-of-paris", "SP-16").note
    assert "if the labels mean what they seem to" in note.lower()
    assert "decoding" in note and "names no colours" in note


def _named_in(note: str, opt: sn.Option) -> bool:
    """Whether a preset's note names ``opt``: by its id, its title, or for the options of the
    project's own (the board, the move limit) by those words."""
    words = {opt.id, opt.title}
    if opt.changes_board:
        words.add("board")
    if "move_limit" in opt.name:
        words.add("move limit")
    return any(w.lower() in note.lower() for w in words)


PRESETS = [(game, preset) for game in sn.GAMES for preset in sn.presets(game)]


@pytest.mark.parametrize(("game", "preset"), PRESETS)
def test_a_preset_note_names_every_point_where_the_preset_is_not_its_text(
    game: str, preset: str
) -> None:
    """A preset named after a text names, in its note, every option on which its choice is
    not stated by that text (a reading, a reconstruction, or another text's rule); the
    project's default names every choice that no text states; and every note names what of
    a stated choice is a reading (its caveat), the reconstructed board and the move limit."""
    from siege_nb.rules import preset_note

    note = preset_note(game, preset)
    rules = sn.rules(game, preset)
    assert "board" in note and "move limit" in note, preset
    for opt in sn.options(game):
        choice = rules.choice(opt.name)
        own = preset in sn.SOURCES  # named after the text it follows
        departs = preset not in choice.sources if own else choice.basis != "stated"
        if departs or choice.attribution.caveat:
            assert _named_in(note, opt), (preset, opt.id, choice.value)


def test_the_presets_own_the_readings_the_catalogue_of_departures_lists() -> None:
    from siege_nb.rules import preset_note

    french = preset_note("siege-of-paris", "escale-a-jeux")
    assert all(rule in french for rule in ("SP-8", "SP-9", "SP-4", "SP-16"))
    portuguese = preset_note("siege-of-paris", "ludosofia")
    assert "SP-2" in portuguese and "imobilizar todos dentro" in portuguese
    assert "SP-10" in portuguese and "SP-10" in preset_note("siege-of-paris", "boardandpieces")
    assert sn.rules("siege-of-paris", "ludosofia")["SP-4"] == "last-soldier"


def test_new_options_are_where_the_rules_say() -> None:
    sp26 = sn.option("siege-of-paris", "SP-26")
    assert sp26.name == "invaders_only_draw" and sp26.default is False
    assert sp26.choice(True).sources == ("ludosofia",)
    assert [p for p in sn.presets("siege-of-paris") if sn.rules("siege-of-paris", p)["SP-26"]] == [
        "ludosofia"
    ]
    ps10 = sn.option("pyramid-siege", "PS-10")
    assert ps10.name == "huff_target" and ps10.default == "could-capture"
    assert {c.basis for c in ps10.choices} == {"reading"}
    assert sn.rules("pyramid-siege", PS_10="moved")["huff_target"] == "moved"
    assert sn.rules("belagerung", BL_2="any")["attacker_direction"] == "any"


def test_readers_see_titles_not_code_names() -> None:
    for game in sn.GAMES:
        for opt in sn.options(game):
            assert opt.title and opt.question.endswith("?"), opt.id
            assert "_" not in opt.heading, opt.heading  # no code names such as move_limit
            for c in opt.choices:
                assert c.title, (opt.id, c.value)
        for rule in sn.fixed_rules(game).values():
            assert rule.title, rule.id


def test_verdicts_name_each_choice_in_words_with_its_value_in_brackets() -> None:
    g = sn.new_game(
        "siege-of-paris",
        preset="escale-a-jeux",
        position={"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
    )
    verdict = g.why("k7xj8")
    text = str(verdict)
    # The rule in force: the choice in words, its value secondary, labelled as a reading.
    assert (
        "Rule in force: Protected pieces (SP-16): another attacker stands beside it [adjacent], "
        "a reading that no text states, fitted to the French rules (escale-a-jeux)" in text
    )
    # The readings that would flip it: each in words, cited to the texts that state it.
    assert (
        "It would be legal under Protected pieces (SP-16): another attacker could move there "
        "[reach-any-army] (stated by the French rules (escale-a-jeux), rule 16)" in text
    )
    assert (
        "or a piece of its own army could move there [reach-same-army] (stated by the "
        "Portuguese rules (ludosofia)" in text
    )
    assert " = " not in text  # no bare code values
    for r in verdict.differs_under:
        assert r.choice_words.startswith(r.title), r
        assert ("stated by" in r.choice_words) == bool(r.sources), r
    # A choice whose words already spell its value is not repeated in brackets.
    from siege_nb.rules.model import format_choice

    for game in sn.GAMES:
        for opt in sn.options(game):
            for c in opt.choices:
                named = format_choice(c.value, c.title)
                assert named.startswith(c.words), (opt.id, named)
                assert named == c.words or named.endswith(f" [{c.label}]"), (opt.id, named)
    assert format_choice(True, "on") == "on" and format_choice(None, "none") == "none"
    assert format_choice(False, "forward only") == "forward only [no]"
    sp9 = sn.rules("siege-of-paris", "ludosofia").citation("SP-9")
    assert sp9.startswith("Soldiers backwards (SP-9): forward only [no], stated by"), sp9


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFC", text).lower()
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split())


@pytest.mark.skipif(
    not os.environ.get("SIEGE_NB_SOURCES"), reason="set SIEGE_NB_SOURCES to the texts' folder"
)
def test_every_quote_stands_in_its_text() -> None:
    folder = Path(os.environ["SIEGE_NB_SOURCES"])
    checked = 0
    for where, attribution in every_attribution():
        for cite in attribution.cites:
            file = sn.SOURCES[cite.key].file
            if not cite.quote or file is None:
                continue
            text = _plain((folder / file).read_text(encoding="utf-8"))
            for part in re.split(r"\s*\[\.\.\.\]\s*", cite.quote):
                assert _plain(part) in text, (where, cite.key, part)
            checked += 1
    assert checked >= 20
