"""The printable rule sheet (``sn.handout``): a PDF of a few A4 pages whose text says every
rule in force with where it comes from, set so that no line leaves the page."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import itertools

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

import siege_nb as sn
from siege_nb.render import handout as handout_module
from siege_nb.render.handout import PAGE_SIZE, handout_pages
from siege_nb.rules import preset_note

CASES = [(game, preset) for game in sn.GAMES for preset in sn.presets(game)]


def _pages_in(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _words(figures: list[Figure]) -> str:
    """Every line the sheet sets, joined, with white space made single (lines wrap)."""
    lines = [t.get_text() for fig in figures for t in fig.texts]
    return " ".join(" ".join(lines).split())


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_sheet_is_a_pdf_of_a_few_a4_pages(game: str) -> None:
    pdf = sn.handout(game)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF-")
    figures = handout_pages(game)
    assert 1 <= _pages_in(pdf) == len(figures) <= 4
    for fig in figures:
        assert tuple(fig.get_size_inches()) == pytest.approx(PAGE_SIZE)
    # A4 portrait in points, as the PDF states it.
    assert re.search(rb"/MediaBox\s*\[\s*0 0 595\.44 841\.68\s*\]", pdf)
    assert sn.handout(game) == pdf  # no date inside: the same sheet gives the same bytes


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_rule_in_force_is_said_with_where_it_comes_from(game: str, preset: str) -> None:
    figures = handout_pages(game, preset)
    text = _words(figures)
    rules = sn.rules(game, preset)
    assert _flat(preset_note(game, preset)) in text
    for name in rules:
        option, choice = rules.option(name), rules.choice(name)
        assert f"{option.heading}: {choice.words}" in text
        assert _flat(option.question) in text
        assert _flat(f"Answer here: {choice.description}") in text
        # The rule data's own words for the attribution (the sheet starts it with a capital).
        assert _flat(choice.attribution.words())[1:] in text
    for rule in sn.fixed_rules(game).values():
        assert rule.heading in text and _flat(rule.summary) in text
        for clause in rule.clauses:
            assert _flat(clause.text) in text
            assert _flat(clause.attribution.words())[1:] in text
    cited = {
        c.key
        for r in sn.fixed_rules(game).values()
        for cl in r.clauses
        for c in cl.attribution.cites
    }
    for key in cited:
        assert f"({key}): {sn.SOURCES[key].title}" in text
    assert "page 1 of" in text


def test_a_rule_continued_on_a_new_page_repeats_its_heading() -> None:
    headings = {r.heading for r in sn.fixed_rules("siege-of-paris").values()}
    options = {sn.option("siege-of-paris", o.name).heading for o in sn.options("siege-of-paris")}
    for fig in handout_pages("siege-of-paris")[1:]:
        first = fig.texts[0].get_text()
        # Each later page starts with a heading: a section's, a rule's or an option's.
        starts = first.removesuffix(" (continued)")
        assert (
            starts in headings
            or starts in ("Rules every reading shares", "The texts cited")
            or any(first.startswith(f"{h}: ") for h in options)
        ), first
    continued = [
        t.get_text()
        for fig in handout_pages("siege-of-paris")
        for t in fig.texts
        if t.get_text().endswith("(continued)")
    ]
    assert continued, "no rule runs over a page any more; this check has nothing to check"


def test_readings_changed_from_the_preset_are_marked() -> None:
    text = _words(handout_pages("siege-of-paris", "ludosofia", protection="adjacent"))
    heading = sn.option("siege-of-paris", "protection").heading
    words = sn.rules("siege-of-paris", protection="adjacent").choice("protection").words
    assert f"Changed from the preset: {heading}: {words}." in text
    assert f"{heading}: {words} (changed from the preset)" in text
    plain = _words(handout_pages("siege-of-paris", "ludosofia"))
    assert "changed from the preset" not in plain.lower()


def test_quote_adds_the_original_words() -> None:
    rules = sn.rules("siege-of-paris", "escale-a-jeux")
    quoted = [
        c
        for name in rules
        for c in rules.choice(name).attribution.cites
        if c.quote and c.translation
    ]
    assert quoted, "the rule data quotes no original words any more; pick another check"
    cite = quoted[0]
    with_quotes = _words(handout_pages("siege-of-paris", "escale-a-jeux", quote=True))
    without = _words(handout_pages("siege-of-paris", "escale-a-jeux"))
    assert _flat(f"«{cite.quote}»") in with_quotes
    assert f"«{_flat(cite.quote)}»" not in without


def test_a_game_gives_its_own_rules_and_position() -> None:
    g = sn.new_game("belagerung", preset="bonaludo")
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    before = g.to_json()
    figures = handout_pages(g)
    text = _words(figures)
    assert "Preset: the bonaludo blog post" in text
    titles = [ax.get_title() for ax in figures[0].axes]
    assert titles == [f"The board after 2 moves: {g.to_move} to move"]
    assert g.to_json() == before  # the game itself is left as it was
    # A preset given with a game changes its rules, as Game.with_rules does.
    text = _words(handout_pages(g, "royal-garrison"))
    assert "Preset: the Royal Garrison summary" in text


@pytest.mark.parametrize("game", sn.GAMES)
def test_no_text_leaves_the_page_or_covers_the_board(game: str) -> None:
    for fig in handout_pages(game, quote=True):  # quotes make the longest lines
        FigureCanvasAgg(fig).draw()
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        page = fig.bbox
        texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
        assert texts
        for t in texts:
            box = t.get_window_extent(renderer)
            assert page.x0 - 0.5 <= box.x0 and box.x1 <= page.x1 + 0.5, t.get_text()
            assert page.y0 - 0.5 <= box.y0 and box.y1 <= page.y1 + 0.5, t.get_text()
        # The sheet's own lines stay inside the side margins, one under the other, and off
        # the board picture (its caption and coordinates included).
        dpi = fig.dpi
        lines = sorted(
            (t.get_window_extent(renderer) for t in fig.texts if t.get_text() != "\u2022"),
            key=lambda b: -b.y1,
        )
        for box in lines:
            assert box.x0 >= 0.5 * dpi and box.x1 <= (PAGE_SIZE[0] - 0.5) * dpi
        rows = sorted({(round(b.y0, 1), round(b.y1, 1)) for b in lines}, key=lambda r: -r[1])
        for (low, _), (_, high) in itertools.pairwise(rows):
            assert high <= low + 0.5, "two lines of the sheet overlap"
        for ax in fig.axes:
            board = ax.get_tightbbox(renderer)
            assert board is not None
            for box in lines:
                assert not box.overlaps(board), "a line of the sheet runs over the board"


def test_the_file_is_written_whole_and_returned(tmp_path: Path) -> None:
    out = sn.handout("pyramid-siege", path=tmp_path / "rules.pdf")
    assert out == tmp_path / "rules.pdf"
    assert out.read_bytes() == sn.handout("pyramid-siege")
    assert [p.name for p in tmp_path.iterdir()] == ["rules.pdf"]
    sn.handout("pyramid-siege", path=str(out))  # an existing sheet is replaced
    assert _pages_in(out.read_bytes()) >= 1


def test_a_failure_leaves_no_half_written_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "rules.pdf"
    target.write_bytes(b"last week's sheet")

    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("the printer caught fire")

    monkeypatch.setattr(handout_module, "_pdf", broken)
    with pytest.raises(RuntimeError, match="caught fire"):
        sn.handout("pyramid-siege", path=target)
    assert target.read_bytes() == b"last week's sheet"
    assert [p.name for p in tmp_path.iterdir()] == ["rules.pdf"]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (("chess",), {}, sn.ArgumentError, "game: 'chess' is not accepted"),
        (("belagerung", "ludosofia"), {}, sn.ArgumentError, "preset: 'ludosofia' is not"),
        (("belagerung",), {"protection": "adjacent"}, ValueError, "has no option 'protection'"),
        (("belagerung",), {"capture": "sometimes"}, sn.ArgumentError, "capture: 'sometimes'"),
        ((42,), {}, TypeError, "game's name or a Game"),
        (("belagerung",), {"path": "rules.png"}, sn.ArgumentError, "a .pdf file"),
        (("belagerung",), {"path": 3}, TypeError, "path is text or a Path"),
    ],
)
def test_clear_errors(args: tuple, kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        sn.handout(*args, **kwargs)


def test_a_path_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "rules.pdf"
    with pytest.raises(FileNotFoundError, match="no such folder"):
        sn.handout("belagerung", path=missing)
    folder = tmp_path / "a.pdf"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="is a folder"):
        sn.handout("belagerung", path=folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"]


def test_handout_and_animate_are_public_and_load_lazily() -> None:
    assert {"handout", "animate"} <= set(sn.__all__) <= set(dir(sn))
    assert sn.handout is handout_module.handout
    code = (
        "import sys, siege_nb as sn; assert 'matplotlib' not in sys.modules; "
        "sn.handout; assert 'matplotlib' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
