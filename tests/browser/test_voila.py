"""The classroom app: notebooks/classroom.ipynb served by Voilà, clicked in a real browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import siege_nb as sn

from .lab import ROOT, SHOTS, canvas_in, jupyter_server
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
