"""The classroom app: notebooks/classroom.ipynb served by Voilà, clicked in a real browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.i18n import tr, using

from .lab import ROOT, SHOTS, canvas_in, jupyter_server
from .test_fit import CLIPPED, OVERFLOW
from .test_lab import changed_near, click, pixels, wait_text


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        yield base


def test_the_classroom_app_answers_a_click(voila: str, page: Any) -> None:
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas = canvas_in(body)
    twin = sn.BoardWidget("siege-of-paris")
    before = pixels(canvas)
    click(canvas, twin, "C0")
    wait_text(body, "The garrison colonel on C0")
    after = pixels(canvas)
    assert changed_near(before, after, twin, "f5") and changed_near(before, after, twin, "g5")
    page.screenshot(path=str(SHOTS / "classroom-voila.png"))
    click(canvas, twin, "g5")
    wait_text(body, "Played C0-g5")


def test_the_classroom_app_finds_where_readings_part(voila: str, page: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
        body = page.locator("body")
        canvas_in(body)  # the app is up, its first board drawn
        page.locator(".lm-TabBar-tabLabel", has_text="Where they part").click()
        page.locator("button", has_text="Find where they part").click()
        wait_text(body, "positions searched", timeout=60_000)
        wait_text(body, "step 1 of 3")
        # The lesson's board is the page's last figure (the Play board comes first; the
        # Scenarios tab, never opened here, has not been made).
        body.locator(".jupyter-matplotlib-canvas-div").nth(1).wait_for(timeout=60_000)
        board = canvas_in(body, body.locator(".jupyter-matplotlib-canvas-div").count() - 1)
        before = pixels(board)
        page.screenshot(path=str(SHOTS / "classroom-where-they-part.png"))
        page.locator("button", has_text="Next").last.click()
        wait_text(body, "step 2 of 3")
        assert (abs(before - pixels(board)).sum(axis=2) > 60).any(), "the board did not change"
        # The whole lesson board within the 1024-pixel window's width.
        box = board.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1024
    finally:
        page.set_viewport_size({"width": 1600, "height": 1000})


@pytest.mark.parametrize("code", ["fr", "pt"])
def test_where_they_part_in_french_and_portuguese_fits_a_projector(
    voila: str, page: Any, code: str
) -> None:
    """The translated classroom app's third tab at 1024×768: its words in the reader's
    language, none cut off, nothing sticking out on the right, before and after a search."""
    with using(code):
        tab = tr("Where they part")
        button = tr("Find where they part")
        searched = tr("Next")
        step = tr("step {n} of {total}", n=1, total=3)
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        page.goto(f"{voila}/voila/render/{code}/classroom.ipynb", timeout=120_000)
        body = page.locator("body")
        canvas_in(body)
        page.locator(".lm-TabBar-tabLabel", has_text=tab).click()
        body.locator("button", has_text=button).wait_for(timeout=30_000)
        assert body.evaluate(CLIPPED) == []
        body.locator("button", has_text=button).click()
        wait_text(body, step, timeout=60_000)
        body.locator("button", has_text=searched).last.wait_for(timeout=30_000)
        board = canvas_in(body, body.locator(".jupyter-matplotlib-canvas-div").count() - 1)
        box = board.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1024
        page.screenshot(path=str(SHOTS / f"lang-classroom-where-they-part-{code}-1024x768.png"))
        assert body.evaluate(CLIPPED) == []
        assert body.evaluate(OVERFLOW) == []
    finally:
        page.set_viewport_size({"width": 1600, "height": 1000})
