"""Boards that fit the screen, in JupyterLab and in the Voila classroom app, at the sizes of a
classroom projector (1024 x 768) and of a large screen (1920 x 1080).

Each widget measures the room its page gives it and sizes its figure to match; these tests
check what a reader sees: the whole board inside the window (after scrolling to it in a
notebook, without scrolling in the app), a board that uses the screen, comparisons without a
horizontal scroll bar, selectors whose words are not cut off, and clicks that land on the
point under the mouse after every resize. Twins built here, told the same space the browser
reported, place the clicks. Screenshots are kept in tests/browser/screenshots/, named by size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from PIL import Image

import siege_nb as sn
from siege_nb.widgets.canvas import H_SLACK, V_MARGIN

from .lab import (
    ROOT,
    SHOTS,
    canvas_in,
    cell_containing,
    jupyter_server,
    open_notebook,
    reported_space,
    run_all,
    settled_box,
)
from .test_lab import click, wait_text

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
SIZES = [(1024, 768), (1920, 1080)]
IDS = ["1024x768", "1920x1080"]

# Is every text of these elements shown whole? Labels and HTML texts must not overflow their
# box; a dropdown must be wide enough for the words of its chosen answer (a <select> cuts
# them off without any overflow to measure, so the words are measured in its own font).
CLIPPED = """(root) => {
    const out = [];
    const ctx = document.createElement('canvas').getContext('2d');
    for (const e of root.querySelectorAll('.widget-label, .widget-html-content, label')) {
        if (e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
            out.push(e.textContent.trim().slice(0, 60));
    }
    for (const s of root.querySelectorAll('select')) {
        if (s.offsetParent === null || s.selectedIndex < 0) continue;
        const style = getComputedStyle(s);
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        const words = s.options[s.selectedIndex].text;
        // The arrow and padding of a dropdown take about 28 pixels.
        if (ctx.measureText(words).width > s.clientWidth - 28) out.push('select: ' + words);
    }
    return out;
}"""
# Does anything in the output area stick out on the right, or scroll sideways?
OVERFLOW = """(area) => {
    const right = area.getBoundingClientRect().right + 1;
    const out = [];
    if (area.scrollWidth > area.clientWidth + 1) out.push(`scrolls ${area.scrollWidth}`);
    for (const e of area.querySelectorAll('canvas, select, button, .widget-html, .widget-label')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.right > right) out.push(`${e.tagName} ${e.textContent.slice(0, 40)}`);
    }
    return out;
}"""


@pytest.fixture
def sized(page: Any, request: Any) -> Iterator[Any]:
    """The session's page at the viewport size of the test's parameter, restored after."""
    width, height = request.param
    old = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        yield page
    finally:
        page.set_viewport_size(old)


def shot(page: Any, name: str) -> None:
    size = page.viewport_size
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"fit-{name}-{size['width']}x{size['height']}.png"))


def inside(box: dict[str, float], page: Any) -> bool:
    """Is ``box`` wholly inside the browser window?"""
    size = page.viewport_size
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


def report(widget: Any, space: dict[str, int]) -> None:
    """Tell a twin the space its browser original reported: it takes the same size."""
    widget.board_canvas.probe.space = space


def in_view(canvas: Any) -> dict[str, float]:
    """Scroll a settled canvas into view and return its box."""
    settled_box(canvas)
    canvas.scroll_into_view_if_needed()
    canvas.page.wait_for_timeout(300)
    return settled_box(canvas)


@pytest.mark.parametrize("sized", SIZES, ids=IDS, indirect=True)
def test_boards_and_comparisons_fit_in_jupyterlab(lab: str, sized: Any) -> None:
    page = sized
    open_notebook(page, lab, "notebooks/04-capture-and-protection.ipynb")
    run_all(page)

    # The board widget: the whole board in the window, as tall as the notebook's visible
    # area allows or as wide as the row beside the panel allows, and a click lands on the
    # piece under the mouse.
    cell = cell_containing(page, "try_b = sn.BoardWidget")
    canvas = canvas_in(cell)
    box = in_view(canvas)
    space = reported_space(cell)
    assert inside(box, page), box
    twin = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    report(twin, space)
    assert twin.fig.get_size_inches() * 100 == pytest.approx((box["width"], box["height"]), abs=1)
    panel = int(twin.side.layout.width.removesuffix("px")) if "px" in twin.side.layout.width else 0
    tall = box["height"] >= space["height"] - V_MARGIN - 2
    wide = box["width"] + panel + 12 >= space["width"] - H_SLACK - 2
    assert tall or wide, (box, space, panel)
    click(canvas, twin, "k7")
    wait_text(cell, "The garrison soldier on k7")
    shot(page, "lab-board")
    area = cell.locator(".jp-OutputArea-output").first
    assert area.evaluate(OVERFLOW) == []
    # The selectors and the panel: every word shown whole.
    assert cell.locator(".jp-OutputArea-output").first.evaluate(CLIPPED) == []

    # The four readings: a grid as wide as the notebook at most, no sideways scrolling, and
    # every board answers a click.
    cell = cell_containing(page, "sn.RuleComparer(figure_b")
    canvas = canvas_in(cell)
    box = in_view(canvas)
    area = cell.locator(".jp-OutputArea-output").first
    assert area.evaluate(OVERFLOW) == []
    space = reported_space(cell)
    twin_cmp = sn.RuleComparer(FIGURE_B, "protection", piece="k7")
    report(twin_cmp, space)
    size = twin_cmp.fig.get_size_inches() * 100
    assert size == pytest.approx((box["width"], box["height"]), abs=1)
    wanted = {1024: (2, 2), 1920: (4, 1)}[page.viewport_size["width"]]
    assert (twin_cmp.grid.cols, twin_cmp.grid.rows) == wanted
    last = twin_cmp.views[-1]
    fx, fy = last.fraction_of("j8")
    canvas.scroll_into_view_if_needed()
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
    wait_text(cell, "The black soldier on j8")
    shot(page, "lab-compare")

    # A picture's key: the whole picture inside the output, and the key drawn where the
    # kernel put it (ink in its part of the picture as the browser shows it).
    cell = cell_containing(page, 'sn.draw(g, explore="k7")')
    image = cell.locator(".jp-OutputArea-output img").first
    image.scroll_into_view_if_needed()
    area = cell.locator(".jp-OutputArea-output").first
    box, room = image.bounding_box(), area.bounding_box()
    assert box["x"] + box["width"] <= room["x"] + room["width"] + 1, (box, room)
    view = sn.draw(
        sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B), explore="k7"
    )
    view._repr_png_()  # lays the key out as the picture has it
    assert view.legend_shown() and view.key is not None
    key = view.key.ax.get_window_extent()
    fig = view.fig.bbox
    path = SHOTS / f"fit-key-{page.viewport_size['width']}.png"
    image.screenshot(path=str(path))
    pixels = np.asarray(Image.open(path).convert("L")).astype(int)
    h, w = pixels.shape
    part = pixels[
        int((1 - key.y1 / fig.height) * h) : int((1 - key.y0 / fig.height) * h),
        int(key.x0 / fig.width * w) : int(key.x1 / fig.width * w),
    ]
    assert part.size and (part < 120).mean() > 0.01, "no key where the kernel drew it"


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        yield base


@pytest.mark.parametrize("sized", SIZES, ids=IDS, indirect=True)
def test_the_classroom_board_fits_the_window_and_the_large_board_the_projector(
    voila: str, sized: Any
) -> None:
    page = sized
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas = canvas_in(body)
    box = settled_box(canvas)
    space = reported_space(body)
    # The whole board without scrolling, and at 1920 x 1080 as tall as the window allows.
    assert inside(box, page), box
    assert box["height"] >= space["height"] - space["top"] - V_MARGIN - 2, (box, space)
    room = sn.Classroom("siege-of-paris")
    report(room.board, space)
    twin = room.board
    assert twin.fig.get_size_inches() * 100 == pytest.approx((box["width"], box["height"]), abs=1)
    click(canvas, twin, "C0")
    wait_text(body, "The garrison colonel on C0")
    assert body.evaluate(CLIPPED) == []
    shot(page, "classroom")

    # The projector's size: the board takes the window's height and the page scrolls to it;
    # the next click still lands on the point under the mouse.
    body.locator("button", has_text="Large board").first.click()
    page.wait_for_function(
        "(h) => document.querySelector('.jupyter-matplotlib-canvas-div')"
        ".getBoundingClientRect().height > h + 20",
        arg=box["height"],
        timeout=20_000,
    )
    large = settled_box(canvas)
    assert inside(large, page), large
    assert (
        large["height"] >= space["height"] - V_MARGIN - 2 or large["width"] >= space["width"] - 20
    ), (large, space)
    twin.set_size("large")
    assert twin.fig.get_size_inches() * 100 == pytest.approx(
        (large["width"], large["height"]), abs=1
    )
    page.mouse.click(
        large["x"] + twin.view.fraction_of("g5")[0] * large["width"],
        large["y"] + twin.view.fraction_of("g5")[1] * large["height"],
    )
    wait_text(body, "Played C0-g5")
    shot(page, "classroom-large")


@pytest.mark.parametrize("sized", [(1024, 768)], ids=["1024x768"], indirect=True)
@pytest.mark.parametrize(
    "notebook",
    [
        "05-where-the-sources-disagree.ipynb",
        "07-belagerung.ipynb",
        "08-pyramid-siege.ipynb",
        "09-which-rules-make-a-fair-game.ipynb",
    ],
    ids=["05", "07", "08", "09"],
)
def test_nothing_sticks_out_on_the_right_on_a_projector(
    lab: str, sized: Any, notebook: str
) -> None:
    page = sized
    open_notebook(page, lab, f"notebooks/{notebook}")
    run_all(page)
    page.wait_for_timeout(1500)  # the figures take the size their probes reported
    for area in page.locator(".jp-OutputArea-output").all():
        if area.locator(".jupyter-matplotlib-canvas-div").count():
            settled_box(area.locator(".jupyter-matplotlib-canvas-div").first)
        assert area.evaluate(OVERFLOW) == [], area.inner_text()[:200]
    canvases = page.locator(".jupyter-matplotlib-canvas-div")
    if canvases.count():  # notebook 9 draws its charts as pictures, without a canvas
        canvases.first.scroll_into_view_if_needed()
    shot(page, f"lab-{notebook[:2]}")
