"""French and Portuguese: a complete catalogue, the language chosen as documented, and no
English words left in what a French or Portuguese reader sees.

The leak tests judge real output, sampled over every game, every preset and every choice of
every option, random positions of seeded games among them: verdicts (every move a piece could
make, legal or not, in full and in the pupil's plain words), results, rule descriptions with
their quotes, the board widget's panel and controls, every scenario step, the classroom app,
the legend and the printed rule sheet. A word counts as English when it is one of a list of
common English words that are not French or Portuguese words; quotes from the sources (in
«», '', "" or “”), ids written with hyphens or in ``code``, move notation and source keys are
taken out first, since they stay as they are in every language.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import siege_nb as sn
from siege_nb import i18n
from siege_nb.games.base import pointing
from siege_nb.i18n import LANGUAGES, language, set_language, tr, using
from siege_nb.rules import fixed_rules, options, preset_note, presets
from siege_nb.rules.sources import SOURCES

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"{(\w*)}")
TAG = re.compile(r"</?([a-zA-Z]+)")

# Common English words that are no French or Portuguese words (so "on", "or", "a", "as",
# "no", "move" (Portuguese "se move"), "general", "legal", "source", "option", "capture" are
# left out).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|to|is|are|be|by|it|its|with|which|this|that|from|not|cannot|can|may|"
    r"has|have|when|where|there|their|his|piece|pieces|square|squares|moves|moved|rule|"
    r"rules|reading|readings|forbidden|allowed|garrison|attacker|attackers|defender|"
    r"defenders|soldier|soldiers|officer|officers|captain|captains|white|black|draw|wins?|"
    r"turn|click|undo|redo|save|load|reset|preset|presets|fortress|citadel|jump|jumps|huff|"
    r"here|there|would|should|under|only|every|each|other|none|both|stated|says|say)\b",
    re.IGNORECASE,
)
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|‘[^’]*’|\"[^\"]*\"|(?<!\w)'[^']*'(?!\w)")
CODE = re.compile(r"`[^`]*`|<code>.*?</code>", re.S)
# Ids: words joined by hyphens or underscores (reach-any-army, last_soldier), rule ids,
# squares and points (e5, C0, r3c1), moves (e3-c5, k7xj8xj10).
IDS = re.compile(r"\b[\w]+(?:[-_][\w]+)+\b|\b[A-Z]{2}-\d+\b|\b[a-zA-Z]{1,2}\d+(?:[x-]\w+)*\b")


def kept_names() -> list[str]:
    """What stays as it is in every language: source keys and the sources' titles (the
    published part of a title stays even in its translation), the ids of every option's
    choices (a reader types them), and the published names of games."""
    names = [src.title for src in SOURCES.values()] + list(SOURCES)
    for code in LANGUAGES:
        with using(code):
            names += [tr(src.title) for src in SOURCES.values()]
    names += [str(c.value) for g in sn.GAMES for o in options(g) for c in o.choices]
    names += ["The Royal Garrison Game", "Royal Garrison"]
    return sorted(set(names), key=len, reverse=True)


def english_in(text: str, kept: tuple[str, ...] = ()) -> list[str]:
    """The English words a reader would see in ``text`` (HTML, Markdown or plain), ``kept``
    names aside."""
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S).replace("<wbr>", "")
    text = CODE.sub(" ", text)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())
    for name in sorted((*kept_names(), *kept), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", text)
    text = QUOTED.sub(" ", text)
    text = IDS.sub(" ", text)
    return ENGLISH_WORDS.findall(text)


def around(text: str, word: str) -> str:
    """Some words either side of the first ``word`` in ``text`` (for a readable failure)."""
    match = re.search(rf"\b{re.escape(word)}\b", text)
    start = match.start() if match else 0
    return text[max(0, start - 70) : start + 70]


def assert_no_english(texts: dict[str, str], code: str, kept: tuple[str, ...] = ()) -> None:
    leaks = {where: words for where, text in texts.items() if (words := english_in(text, kept))}
    shown = "\n".join(
        f"  {where}: {words[:6]} in ...{around(texts[where], words[0])!r}..."
        for where, words in list(leaks.items())[:12]
    )
    assert not leaks, f"{len(leaks)} {code} texts carry English words:\n{shown}"


def test_the_detector_finds_english_and_spares_quotes_and_ids() -> None:
    assert english_in("The garrison soldier may not move there.")
    assert english_in("<b>Undo</b>")
    assert not english_in("La garnison joue « the attackers win » avec reach-any-army.")
    assert not english_in("Le soldat de k7 prend en k7xj8 (SP-16, `last-soldier`).")
    assert not english_in("Un coup de la garnison : C0-f5.")


# --- the catalogue ------------------------------------------------------------------------


def catalogue(code: str) -> Any:
    with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "siege_nb.po").open("rb") as f:
        return read_po(f, locale=code)


def template() -> Any:
    with (i18n.LOCALE_DIR / "siege_nb.pot").open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_text_is_translated_with_the_same_placeholders_and_tags(code: str) -> None:
    po = catalogue(code)
    wanted = {m.id for m in template() if m.id}
    have = {m.id: m for m in po if m.id}
    assert wanted <= set(have), f"{len(wanted - set(have))} texts missing from the {code} file"
    problems = []
    for msgid in wanted:
        m = have[msgid]
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            problems.append(("fuzzy", ids[0]))
        want_names = set(PLACEHOLDER.findall(" ".join(ids)))
        want_tags = sorted(TAG.findall(ids[-1]))
        for s in strings:
            if not s:
                problems.append(("untranslated", ids[0]))
            elif set(PLACEHOLDER.findall(s)) != want_names:
                problems.append(("placeholders differ", ids[0], s))
            elif sorted(TAG.findall(s)) != want_tags:
                problems.append(("HTML tags differ", ids[0], s))
    assert not problems, f"{len(problems)} problems, e.g. {problems[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_translated_one(code: str) -> None:
    """The ``.mo`` the package reads holds exactly what the ``.po`` says (compile with
    ``python -m siege_nb.i18n_extract`` after a change)."""

    def key(value: Any) -> Any:
        return tuple(value) if isinstance(value, (list, tuple)) else value

    po = {key(m.id): key(m.string) for m in catalogue(code) if m.id and m.string and not m.fuzzy}
    with (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "siege_nb.mo").open("rb") as f:
        mo = {key(m.id): key(m.string) for m in read_mo(f) if m.id}
    assert mo == po


def test_the_template_holds_every_text_of_the_code_and_the_data() -> None:
    """Whatever the code marks and the data hold is in the template the translators get."""
    from siege_nb.i18n_extract import extract

    extracted = {m.id for m in extract() if m.id}
    stored = {m.id for m in template() if m.id}
    assert extracted == stored, (
        f"new: {sorted(map(str, extracted - stored))[:5]}, "
        f"gone: {sorted(map(str, stored - extracted))[:5]} "
        "(run python -m siege_nb.i18n_extract)"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_follow_the_language(code: str) -> None:
    with using(code):
        one = i18n.ngettext("{n} attacker", "{n} attackers", 1)
        many = i18n.ngettext("{n} attacker", "{n} attackers", 5)
    assert one.startswith("1 ") and many.startswith("5 ") and one != many
    if code == "fr":  # French counts 0 as singular, Portuguese as Brazilian usage counts it
        with using(code):
            assert i18n.ngettext("{n} attacker", "{n} attackers", 0) == one.replace("1", "0")


# --- choosing the language ----------------------------------------------------------------


@pytest.fixture
def restore_language() -> Iterator[None]:
    yield
    set_language(None)


def test_set_language_reads_locale_names_and_refuses_unknown_ones(restore_language: None) -> None:
    assert sn.set_language("fr_FR") == "fr" and sn.language() == "fr"
    assert sn.set_language("pt-BR") == "pt"
    with pytest.raises(sn.ArgumentError, match="language"):
        sn.set_language("de")
    assert sn.language() == "pt", "a refused language must leave the one in force"
    with pytest.raises(TypeError):
        sn.set_language(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"SIEGE_NB_LANGUAGE": "pt"}, "pt"),
        ({"SIEGE_NB_LANGUAGE": "", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"SIEGE_NB_LANGUAGE": "", "LC_ALL": "pt_PT.UTF-8", "LANG": "fr_FR.UTF-8"}, "pt"),
        ({"SIEGE_NB_LANGUAGE": "", "LANG": "de_DE.UTF-8"}, "en"),
        ({"SIEGE_NB_LANGUAGE": "", "LANG": "C.UTF-8"}, "en"),
        ({"SIEGE_NB_LANGUAGE": "klingon", "LANG": "fr_FR.UTF-8"}, "fr"),
    ],
)
def test_the_environment_chooses_when_nothing_was_set(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    set_language(None)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert language() == expected


def test_using_speaks_a_language_for_a_while_and_goes_back(restore_language: None) -> None:
    set_language("pt")
    with using("fr"):
        assert language() == "fr"
        french = tr("Undo")
    assert language() == "pt" and tr("Undo") not in (french, "Undo")


# --- quotes stay in their language, with a gloss in the reader's -------------------------


def flat(text: str) -> str:
    """``text`` on one line, French spacing inside « » taken out (lines wrap, and French puts
    a no-break space inside the marks)."""
    text = " ".join(text.replace("\xa0", " ").split())
    return re.sub(r"\s*»", "»", re.sub(r"«\s*", "«", text))


def tr_in(code: str, english: str) -> str:
    """The start of the translation of the text that begins with ``english``."""
    with using("en"):
        full = next(
            c.translation
            for o in options("siege-of-paris")
            for ch in o.choices
            for c in ch.attribution.cites
            if c.translation.startswith(english)
        )
    with using(code):
        return flat(tr(full))[:40]


def glossed(quote: str, text: str) -> bool:
    """Does ``quote`` stand in ``text`` with a translation in brackets right after it?"""
    return re.search(re.escape(quote) + r"[^»]*» \(", text) is not None


def test_quotes_stay_in_their_language_with_a_gloss_in_the_readers() -> None:
    sp4 = sn.option("siege-of-paris", "SP-4")
    french_quote = "Si un soldat attaquant arrive à pénétrer dans la forteresse"
    portuguese_quote = "caso sobre um soldado que não tenha sido capturado"
    # The French reader: the French text bare, the Portuguese one with a French gloss.
    with using("fr"):
        text = flat(sp4.describe(quote=True))
    french_gloss = "if an attacking soldier manages to get into the fortress, the game is drawn"
    portuguese_gloss = "if one soldier is left that has not been captured, and it manages"
    assert f"«{french_quote}" in text and f"«{portuguese_quote}" in text
    assert f"» ({tr_in('fr', portuguese_gloss)}" in text
    assert f"» ({tr_in('fr', french_gloss)}" not in text
    # The Portuguese reader: the other way round.
    with using("pt"):
        text = flat(sp4.describe(quote=True))
    assert f"» ({tr_in('pt', french_gloss)}" in text
    assert f"» ({tr_in('pt', portuguese_gloss)}" not in text
    # The English reader: both glossed in English.
    with using("en"):
        text = flat(sp4.describe(quote=True))
    assert f"» ({french_gloss}" in text and f"» ({portuguese_gloss}" in text


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_english_quote_gets_a_gloss_in_the_readers_language(code: str) -> None:
    from siege_nb.rules.model import Cite

    cite = Cite("boardandpieces", "movements of the attacking armies", "not backwards")
    with using(code):
        text = flat(cite.words(quote=True))
    assert glossed("«not backwards", text) and not english_in(text), text
    with using("en"):
        assert not glossed("«not backwards", flat(cite.words(quote=True)))


# --- no English in what a French or Portuguese reader sees --------------------------------


def every_setting(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every preset, and every choice of every option (on the default preset)."""
    for preset in presets(game):
        yield f"preset {preset}", {"preset": preset}
    for opt in options(game):
        for choice in opt.choices:
            yield f"{opt.id}={choice.value!r}", {opt.name: choice.value}


def sampled_positions(game: str, settings: dict[str, Any], seed: int) -> Iterator[sn.Game]:
    """Positions of one seeded random game under ``settings``: the start and every 6th ply,
    the end included."""
    rng = random.Random(seed)
    g = sn.new_game(game, **settings)
    for ply in range(60):
        if ply % 6 == 0 or g.is_over:
            yield g.clone()
        if g.is_over:
            return
        moves = list(g.legal_moves(limit=2000))
        g.play(rng.choice(moves))


def verdict_texts(g: sn.Game, where: str) -> dict[str, str]:
    texts: dict[str, str] = {}
    side = g.to_move
    points = [p for p, piece in g.pieces().items() if side in piece or piece == side]
    for point in points[:6]:
        for verdict in g.explore(point, whole_chains=False)[:12]:
            texts[f"{where} why {verdict.move}"] = str(verdict)
            texts[f"{where} plain {verdict.move}"] = verdict.plain
    if g.result is not None:
        texts[f"{where} result"] = str(g.result)
    return texts


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sn.GAMES)
def test_no_english_in_verdicts_over_every_setting_and_random_positions(
    game: str, code: str
) -> None:
    texts: dict[str, str] = {}
    with using(code):
        for n, (label, settings) in enumerate(every_setting(game)):
            for i, g in enumerate(sampled_positions(game, settings, seed=n)):
                texts.update(verdict_texts(g, f"{label} #{i}"))
    assert len(texts) > 200
    assert_no_english(texts, code)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sn.GAMES)
def test_no_english_in_rule_texts(game: str, code: str) -> None:
    texts: dict[str, str] = {}
    with using(code):
        for opt in options(game):
            texts[f"{opt.id} describe"] = opt.describe(quote=True)
            for choice in opt.choices:
                texts[f"{opt.id} {choice.value}"] = choice.words
        for rule_id, rule in fixed_rules(game).items():
            texts[f"fixed {rule_id}"] = rule.describe(quote=True)
        for preset in presets(game):
            ruleset = sn.rules(game, preset)
            texts[f"{preset} note"] = preset_note(game, preset)
            for name in ruleset:
                texts[f"{preset} {name} citation"] = ruleset.citation(name)
                texts[f"{preset} {name} in words"] = ruleset.in_words(name)
    assert_no_english(texts, code)


def visible(widget: Any) -> str:
    """Every text a reader sees in ``widget``: HTML areas, labels, buttons, dropdown
    descriptions and entries, toggle labels and tooltips."""
    parts = []
    todo = [widget]
    while todo:
        item = todo.pop()
        todo.extend(getattr(item, "children", ()))
        if isinstance(item, (w.HTML, w.HTMLMath, w.Label)):
            parts.append(item.value)
        if isinstance(item, w.DOMWidget):
            parts.append(str(getattr(item, "description", "") or ""))
            parts.append(str(getattr(item, "tooltip", "") or ""))
        if isinstance(item, (w.Dropdown, w.ToggleButtons, w.RadioButtons, w.Select)):
            parts.extend(label for label, _ in item._options_full)
    return "\n".join(p for p in parts if p)


def board_texts(board: sn.BoardWidget, where: str, rng: random.Random) -> dict[str, str]:
    texts = {f"{where} start": visible(board)}
    for step in range(4):
        game = board.game
        if game.is_over:
            break
        move = rng.choice(list(game.legal_moves(limit=500)))
        points = pointing(move)
        if points:
            board.click(points[0])
            texts[f"{where} selected {step}"] = visible(board)
            board.click(None)
        board.play(move)
        texts[f"{where} after {move}"] = visible(board)
    board.undo_button.click()
    texts[f"{where} undone"] = visible(board)
    return texts


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sn.GAMES)
def test_no_english_in_the_board_widget(game: str, code: str) -> None:
    rng = random.Random(7)
    texts: dict[str, str] = {}
    with using(code):
        for preset in presets(game):
            for pupil in (False, True):
                board = sn.BoardWidget(sn.new_game(game, preset=preset), pupil=pupil)
                texts.update(board_texts(board, f"{preset} pupil={pupil}", rng))
    assert_no_english(texts, code)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sn.GAMES)
def test_no_english_in_any_scenario_step(game: str, code: str) -> None:
    texts: dict[str, str] = {}
    with using(code):
        for scenario in sn.scenarios(game):
            player = scenario.player()
            for index in range(len(scenario.steps)):
                player.go(index)
                texts[f"{scenario.id} step {index + 1}"] = visible(player)
        texts["library"] = visible(sn.ScenarioLibrary(game))
    assert_no_english(texts, code)


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_in_the_classroom_app_after_choosing_the_language(
    code: str, restore_language: None
) -> None:
    app = sn.Classroom("siege-of-paris")
    english = visible(app)
    app.language_chooser.value = code
    assert language() == code
    texts = {"start": visible(app)}
    assert texts["start"] != english
    for game in sn.GAMES:
        app.start(game)
        texts[game] = visible(app)
    assert_no_english(texts, code)


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sn.GAMES)
def test_no_english_on_the_rule_sheet_or_the_key(game: str, code: str) -> None:
    from matplotlib.text import Text

    from siege_nb.render.handout import handout_pages

    texts = {}
    for page, figure in enumerate(handout_pages(game, quote=True, language=code)):
        words = [t.get_text() for t in figure.findobj(Text) if t.get_text().strip()]
        texts[f"page {page + 1}"] = "\n".join(words)
    with using(code):
        figure = sn.draw(sn.new_game(game), legend=True).fig
        texts["key"] = "\n".join(t.get_text() for t in figure.findobj(Text))
    assert_no_english(texts, code)
    assert sn.handout(game, language=code)[:5] == b"%PDF-"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_refused_move_and_a_bad_record_speak_the_readers_language(code: str) -> None:
    g = sn.new_game("siege-of-paris")
    with using(code):
        with pytest.raises(sn.IllegalMove) as refused:
            g.play("b3-b2")
        with pytest.raises(ValueError) as bad_position:
            sn.new_game("siege-of-paris", position={"a1": "white soldier"})
    assert_no_english({"move": str(refused.value), "position": str(bad_position.value)}, code)


def test_english_readers_see_english(restore_language: None) -> None:
    set_language("en")
    verdict = str(sn.new_game("siege-of-paris").why("b3-b2"))
    assert english_in(verdict), verdict


def test_no_translated_call_hides_inside_an_f_string() -> None:
    """Babel's extractor does not read inside f-strings: a ``tr("...")`` there would never
    reach the catalogue, and French and Portuguese readers would see English."""
    from pathlib import Path

    hidden = re.compile(r"""\bf(["']).*?\{[^}]*\b(?:tr|ngettext|_)\(\s*["']""")
    found = [
        f"{path.name}:{n}"
        for path in Path(sn.__file__).parent.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if hidden.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_in_the_balance_labs_table_and_chart(code: str) -> None:
    from matplotlib.text import Text

    from siege_nb.ai.agents import RandomAgent
    from siege_nb.ai.lab import simulate

    players = {"attacker": RandomAgent(), "defender": RandomAgent()}
    sim = simulate("pyramid-siege", ["default"], players, n_games=2, seed=1, executor="serial")
    with using(code):
        report = sim.report()
        chart = sim.plot().figure
        texts = {
            "table": str(report),
            "html": report._repr_html_(),
            "chart": "\n".join(t.get_text() for t in chart.findobj(Text)),
        }
    assert_no_english(texts, code)
