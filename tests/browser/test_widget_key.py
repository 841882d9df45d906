"""The *Key* toggle in a real browser: JupyterLab in Chromium at a projector's 1024 x 768.

A reader clicks the *Key* button of a board widget: the board's canvas must then show the key
(the picture the kernel draws for the board with its key, not the old one), the board and its
key must stay inside the window with nothing scrolling sideways, a click on a piece must still
land on it, and a second click on *Key* must give the board back as it was. The same in the
window as JupyterLab first opens it (file browser shown) and with the file browser closed, as a
teacher with a projector might. A rule comparer shows its key as a picture below its boards:
the toggle must show it, inside the window, and hide it again.

The notebook is written for the test into the session's server (never into the repository).
Twins built here, told the space the browser reported, say what the canvas must show and where
to click, as in the other browser tests. Screenshots go to tests/browser/screenshots/key-*.
"""

from __future__ import annotations

import base64
import io
import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from PIL import Image

import siege_nb as sn
from siege_nb.render.legend import MIN_SCALE

from .lab import (
    SHOTS,
    TOKEN,
    canvas_in,
    cell_containing,
    open_notebook,
    reported_space,
    run_all,
    settled_box,
)
from .test_fit import OVERFLOW, inside
from .test_lab import changed_near, click, panel_text, wait_text

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
NOTEBOOK = "widget-key.ipynb"
CELLS = [
    f"import siege_nb as sn\n\nFIGURE_B = {FIGURE_B!r}",
    'board = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", '
    "position=FIGURE_B))\nboard",
    'comparer = sn.RuleComparer(FIGURE_B, "protection", piece="k7")\ncomparer',
]
KEY = re.compile(r"^\s*Key\s*$")
# Does the notebook, or the page, scroll sideways?
SIDEWAYS = """() => [document.scrollingElement, ...document.querySelectorAll(
        '.jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook')]
    .filter(e => e && e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.className || e.tagName} scrolls ${e.scrollWidth} > ${e.clientWidth}`)"""


@pytest.fixture(scope="module")
def notebook(lab: str) -> str:
    """The test's notebook, written into the session server's folder (a temporary copy)."""
    content = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(CELLS)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    request = urllib.request.Request(
        f"{lab}/api/contents/{NOTEBOOK}",
        data=json.dumps({"type": "notebook", "format": "json", "content": content}).encode(),
        method="PUT",
        headers={"Content-Type": "application/json", "Authorization": f"token {TOKEN}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 201)
    return NOTEBOOK


@pytest.fixture
def projector(page: Any, request: Any) -> Iterator[Any]:
    """The session's page at 1024 x 768, restored after (a failure's screenshot is taken
    before, at the size the reader saw)."""
    old = page.viewport_size
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        yield page
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            shot(page, f"FAILED-{request.node.name}")
        page.set_viewport_size(old)


def shot(page: Any, name: str) -> None:
    size = page.viewport_size
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"key-{name}-{size['width']}x{size['height']}.png"))


def png_pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def drawn(canvas: Any) -> np.ndarray:
    """The picture on the figure's image canvas (under the mouse canvas), pixel for pixel: read
    from the canvas itself, since a screenshot of an element at a fractional position is
    resampled."""
    image = canvas.locator("xpath=..").locator("canvas").first
    url = image.evaluate("(c) => c.toDataURL('image/png')")
    return png_pixels(base64.b64decode(url.split(",", 1)[1]))


def key_region(twin: sn.BoardWidget) -> tuple[float, float, float, float]:
    """The twin's key as fractions of its figure: left, top, right, bottom."""
    twin.fig.canvas.draw()
    box = twin.view.key.frame.get_window_extent()
    fig = twin.fig.bbox
    return box.x0 / fig.width, 1 - box.y1 / fig.height, box.x1 / fig.width, 1 - box.y0 / fig.height


def crop(picture: np.ndarray, region: tuple[float, float, float, float]) -> np.ndarray:
    h, w, _ = picture.shape
    left, top, right, bottom = region
    return picture[int(top * h) : int(bottom * h), int(left * w) : int(right * w)]


def mismatch(got: np.ndarray, want: np.ndarray, region: tuple[float, ...] = (0, 0, 1, 1)) -> float:
    """The share of pixels of ``region`` that differ between two pictures of one figure (1.0
    when their sizes differ; a screenshot may have one row or column more)."""
    if any(abs(a - b) > 2 for a, b in zip(got.shape, want.shape, strict=True)):
        return 1.0
    h, w = min(got.shape[0], want.shape[0]), min(got.shape[1], want.shape[1])
    a, b = crop(got[:h, :w], region), crop(want[:h, :w], region)
    return float((abs(a - b).sum(axis=2) > 60).mean()) if a.size else 1.0


def shows(canvas: Any, want: np.ndarray, region: tuple[float, ...], what: str) -> np.ndarray:
    """Wait until the browser's picture matches ``want`` in ``region``; the picture."""
    deadline = time.monotonic() + 20
    while True:
        got = drawn(canvas)
        share = mismatch(got, want, region)
        if share < 0.02:
            return got
        if time.monotonic() > deadline:
            SHOTS.mkdir(exist_ok=True)
            for side, picture in (("browser", got), ("kernel", want)):
                name = f"key-FAILED-{what.replace(' ', '-')}-{side}.png"
                Image.fromarray(picture.astype(np.uint8)).save(SHOTS / name)
            raise AssertionError(
                f"the canvas does not show {what}: {share:.0%} of its pixels differ "
                f"(browser {got.shape[1]}x{got.shape[0]}, kernel {want.shape[1]}x{want.shape[0]}; "
                "both pictures are in tests/browser/screenshots/key-FAILED-*)"
            )
        canvas.page.wait_for_timeout(200)


def settle(cell: Any, canvas: Any) -> dict[str, float]:
    """Wait until the widget has been sized for its space again, scroll its canvas into
    view; the canvas's box there."""
    canvas_in(cell)
    settled_box(canvas)
    canvas.scroll_into_view_if_needed()
    return settled_box(canvas)


def no_error(cell: Any) -> None:
    errors = [line for line in panel_text(cell).splitlines() if "went wrong" in line]
    assert not errors, f"the widget shows an error: {errors[0]}"


def toggled(button: Any, on: bool) -> None:
    """Click the Key toggle like a reader and wait until the front end shows it so."""
    button.click()
    button.page.wait_for_function(
        "([b, on]) => b.classList.contains('mod-active') === on",
        arg=[button.element_handle(), on],
        timeout=15_000,
    )


@pytest.mark.parametrize("files", [True, False], ids=["file-browser", "no-file-browser"])
def test_the_key_toggle_shows_the_key_on_the_board_and_clicks_still_land(
    lab: str, notebook: str, projector: Any, files: bool
) -> None:
    page = projector
    open_notebook(page, lab, notebook)
    if not files:
        page.evaluate("window.jupyterapp.shell.collapseLeft()")
    run_all(page)
    cell = cell_containing(page, "board = sn.BoardWidget")
    canvas = canvas_in(cell)
    start = settle(cell, canvas)
    no_error(cell)
    twin = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    twin.board_canvas.probe.space = reported_space(cell)
    before = shows(canvas, png_pixels(twin.to_png()), (0, 0, 1, 1), "the board")
    button = cell.locator("button", has_text=KEY)

    # The key on: the canvas shows the board with its key, as the kernel draws it.
    toggled(button, on=True)
    box = settle(cell, canvas)
    no_error(cell)
    twin.board_canvas.probe.space = reported_space(cell)
    twin.set_key(True)
    assert twin.last_error is None, twin.last_error
    region = key_region(twin)
    keyed = png_pixels(twin.to_png())
    assert (crop(keyed, region).sum(axis=2) < 360).mean() > 0.01, "the twin draws no key"
    after = shows(canvas, keyed, region, "the key")
    assert after.shape != before.shape or mismatch(after, before, region) > 0.1
    assert twin.fig.get_size_inches() * 100 == pytest.approx((box["width"], box["height"]), abs=1)
    # The whole board and its key in the window, and nothing sticking out or scrolling sideways.
    assert inside(box, page), (box, page.viewport_size)
    assert cell.locator(".jp-OutputArea-output").first.evaluate(OVERFLOW) == []
    assert page.evaluate(SIDEWAYS) == []
    name = "lab-board" if files else "lab-board-no-files"
    shot(page, name)

    # The key off again: the board as it was.
    toggled(button, on=False)
    box = settle(cell, canvas)
    no_error(cell)
    assert box["width"] == pytest.approx(start["width"], abs=1)
    assert box["height"] == pytest.approx(start["height"], abs=1)
    shows(canvas, before, (0, 0, 1, 1), "the board without its key")

    # The key on once more, and a click on a piece lands on it.
    toggled(button, on=True)
    settle(cell, canvas)
    shown = shows(canvas, keyed, region, "the key")
    click(canvas, twin, "k7")
    wait_text(cell, "The garrison soldier on k7")
    selected = drawn(canvas)
    assert changed_near(shown, selected, twin, "k7"), "no selection drawn on k7"
    assert mismatch(selected, keyed, region) < 0.02, "the key changed with the click"
    no_error(cell)
    shot(page, f"{name}-selected")


def test_the_comparer_shows_its_key_below_the_boards(
    lab: str, notebook: str, projector: Any
) -> None:
    page = projector
    open_notebook(page, lab, notebook)
    run_all(page)
    cell = cell_containing(page, "comparer = sn.RuleComparer")
    canvas = canvas_in(cell)
    settled_box(canvas)
    image = cell.locator("img.widget-image").first
    image.wait_for(state="attached", timeout=15_000)
    assert not image.is_visible()
    button = cell.locator("button", has_text=KEY)

    toggled(button, on=True)
    image.wait_for(state="visible", timeout=15_000)
    page.wait_for_function(
        "(i) => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().height > 0",
        arg=image.element_handle(),
        timeout=15_000,
    )
    image.scroll_into_view_if_needed()
    box = settled_box(image)
    boards = canvas.bounding_box()
    assert box["width"] > 0 and box["height"] > 0
    assert inside(box, page), (box, page.viewport_size)
    assert box["y"] >= boards["y"] + boards["height"] - 1, "the key is not below the boards"
    assert cell.locator(".jp-OutputArea-output").first.evaluate(OVERFLOW) == []
    assert page.evaluate(SIDEWAYS) == []
    # The comparer's own key, at a size that still reads (never below the smallest scale a
    # key is drawn at on a board).
    twin = sn.RuleComparer(FIGURE_B, "protection", piece="k7")
    twin.set_key(True)
    natural = image.evaluate("(i) => [i.naturalWidth, i.naturalHeight]")
    assert tuple(natural) == Image.open(io.BytesIO(bytes(twin.key.value))).size
    assert box["width"] / natural[0] >= MIN_SCALE, (box, natural)
    path = SHOTS / "key-lab-compare-key.png"
    image.screenshot(path=str(path))
    ink = np.asarray(Image.open(path).convert("L")) < 120
    assert ink.mean() > 0.01, "the key picture is blank"
    shot(page, "lab-compare")

    toggled(button, on=False)
    image.wait_for(state="hidden", timeout=15_000)
