"""The French and Portuguese product in a real browser at a projector's 1024 x 768: the
classroom app served by Voilà (its French and Portuguese notebooks, and the language chooser of
the English one), and notebook 04 of each translated series in JupyterLab with JupyterLab's
own menus in the same language. French and Portuguese words run longer than English: no label,
text or dropdown may be cut off, nothing may stick out on the right, and the board still
answers a click in the reader's language. Screenshots: tests/browser/screenshots/lang-*.png.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.i18n import using

from .lab import (
    ROOT,
    SHOTS,
    canvas_in,
    jupyter_server,
    open_notebook,
    reported_space,
    run_all,
    settled_box,
)
from .test_fit import CLIPPED, OVERFLOW
from .test_lab import click, wait_text

# JupyterLab's locale for each language, and its Run menu's name there (the language packs'
# words; the test finds the menu by it, as a reader would). The Brazilian pack translates the
# file browser and the dialogs but not the menu bar, so its Run menu keeps its English name;
# the Portuguese notebooks give both names.
LOCALES = {"fr": ("fr_FR", "Exécution"), "pt": ("pt_BR", "Run")}
# A word JupyterLab shows only in that language: the File menu, the file list's Name column.
SIGNS = {"fr": "Fichier", "pt": "Nome"}


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        yield base


def first_sentence(markup: str) -> str:
    """The words a reader sees first in some HTML, up to the first stop or colon (French puts
    a no-break space before a colon, which the page may write otherwise)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return " ".join(re.split(r"[.:\u00a0]", text.strip())[0].split())


@pytest.mark.parametrize("code", ["fr", "pt"])
def test_the_translated_classroom_app_fits_and_answers_in_its_language(
    voila: str, projector: Any, code: str
) -> None:
    page = projector
    page.goto(f"{voila}/voila/render/{code}/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas = canvas_in(body)
    settled_box(canvas)
    # A twin told the same space places the click and says what the page should say.
    with using(code):
        room = sn.Classroom("siege-of-paris")
        room.board.board_canvas.probe.space = reported_space(body)
        hint = first_sentence(room.board.message.value)
        room.board.click("C0")
        expected = first_sentence(room.board.message.value)
    wait_text(body, hint)
    assert body.evaluate(CLIPPED) == []
    assert body.evaluate(OVERFLOW) == []
    assert "'fr'" not in body.inner_text() and "'pt'" not in body.inner_text()
    click(canvas, room.board, "C0")
    wait_text(body, expected)
    assert body.evaluate(CLIPPED) == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lang-classroom-{code}-1024x768.png"))


def test_the_classroom_language_chooser_switches_the_whole_app(voila: str, projector: Any) -> None:
    page = projector
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    settled_box(canvas_in(body))
    english = first_sentence(sn.Classroom("siege-of-paris").board.message.value)
    with using("fr"):
        french = first_sentence(sn.Classroom("siege-of-paris").board.message.value)
    wait_text(body, english)
    body.locator("select").filter(has_text="Français").first.select_option(label="Français")
    wait_text(body, french, timeout=30_000)
    assert "Undo" not in [b.inner_text() for b in body.locator("button").all()]
    assert body.evaluate(CLIPPED) == []
    page.screenshot(path=str(SHOTS / "lang-classroom-chooser-fr-1024x768.png"))


@pytest.mark.parametrize("code", ["fr", "pt"])
def test_notebook_04_in_french_and_portuguese_fits_a_projector(projector: Any, code: str) -> None:
    page = projector
    locale, run_menu = LOCALES[code]
    with jupyter_server("lab", locale=locale) as lab:
        open_notebook(page, lab, f"notebooks/{code}/04-capture-and-protection.ipynb")
        # JupyterLab itself speaks the language too.
        page.get_by_text(SIGNS[code], exact=True).first.wait_for(timeout=30_000)
        run_all(page, menu=run_menu)
        page.wait_for_timeout(1500)  # the figures take the size their probes reported
        problems = {}
        for area in page.locator(".jp-OutputArea-output").all():
            canvases = area.locator(".jupyter-matplotlib-canvas-div")
            for canvas in canvases.all():  # every figure of the output (a comparer has two)
                canvas.scroll_into_view_if_needed()
                settled_box(canvas)
            found = area.evaluate(OVERFLOW) + area.evaluate(CLIPPED)
            for _ in range(5):  # a figure still taking its new size (slow on a busy machine)
                if not found:
                    break
                page.wait_for_timeout(2000)
                found = area.evaluate(OVERFLOW) + area.evaluate(CLIPPED)
            if found:
                problems[area.inner_text()[:80]] = found
        comparer = page.locator(".jp-CodeCell").filter(has_text="sn.RuleComparer(").first
        # The comparer's boards, then its table below them.
        canvas_in(comparer).scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"lang-lab-04-comparer-{code}-1024x768.png"))
        comparer.locator(".widget-html-content").last.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"lang-lab-04-comparer-table-{code}-1024x768.png"))
        assert problems == {}
        text = comparer.inner_text()
        with using(code):
            assert sn.option("siege-of-paris", "protection").shown_title in text
