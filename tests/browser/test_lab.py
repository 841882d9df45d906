"""A reader in a real browser: JupyterLab, the tutorial notebooks, and the mouse.

Each test opens a notebook, runs it, and clicks the widgets like a reader. It checks what the
reader sees: the text of the side panel and the pixels of the board. Click positions come
from the same widget built here, headless (given the space the browser reported where the
layout depends on it), so the fractions match.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image

import siege_nb as sn

from .lab import SHOTS, canvas_in, cell_containing, open_notebook, reported_space, run_all

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
CHAIN = {
    "e5": "defender",
    "e6": "attacker",
    "f7": "attacker",
    "a4": "defender",
    **{
        p: "attacker"
        for p in [
            "c1",
            "d1",
            "e1",
            "f1",
            "g1",
            "c2",
            "d2",
            "e2",
            "f2",
            "g2",
            "c3",
            "d3",
            "e3",
            "f3",
            "g3",
            "h3",
            "i3",
        ]
    },
}


def click(canvas: Any, twin: sn.BoardWidget, node: str) -> None:
    """Click ``node`` on the browser canvas, placed by the headless twin's layout."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    fx, fy = twin.view.fraction_of(node)
    canvas.page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])


def pixels(canvas: Any) -> np.ndarray:
    """What the reader sees of the figure (the image canvas under the mouse canvas)."""
    path = SHOTS / "_current.png"
    SHOTS.mkdir(exist_ok=True)
    canvas.locator("xpath=..").locator("canvas").first.screenshot(path=str(path))
    return np.asarray(Image.open(path).convert("RGB")).astype(int)


def changed_near(before: np.ndarray, after: np.ndarray, twin: sn.BoardWidget, node: str) -> bool:
    """Did the pixels around ``node`` change?"""
    h, w, _ = before.shape
    fx, fy = twin.view.fraction_of(node)
    x, y, r = int(fx * w), int(fy * h), 12
    return bool(
        (
            abs(before[y - r : y + r, x - r : x + r] - after[y - r : y + r, x - r : x + r]).sum(
                axis=2
            )
            > 60
        ).any()
    )


def panel_text(cell: Any) -> str:
    return "\n".join(cell.locator(".widget-html-content").all_inner_texts())


def wait_text(cell: Any, text: str, timeout: float = 15_000) -> None:
    cell.locator(".widget-html-content", has_text=text).first.wait_for(timeout=timeout)


def test_play_and_undo_in_the_siege_of_paris_notebook(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/06-play-siege-of-paris.ipynb")
    run_all(page)
    cell = cell_containing(page, "board = sn.BoardWidget")
    canvas = canvas_in(cell)
    # After Run All the board is at the start: no later cell plays into it.
    assert "0 moves played" in panel_text(cell)
    # The twin is the same game at the same size, to place the clicks.
    twin = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", players=3))
    twin.board_canvas.probe.space = reported_space(cell)
    twin.click("C4")
    destination = twin.highlights.destinations[0]
    start = pixels(canvas)
    click(canvas, twin, "C4")
    wait_text(cell, "The garrison general on C4")
    selected = pixels(canvas)
    assert changed_near(start, selected, twin, destination), "no highlight drawn"
    page.screenshot(path=str(SHOTS / "paris-selected.png"))
    click(canvas, twin, destination)
    wait_text(cell, f"Played C4-{destination}")
    played = pixels(canvas)
    assert changed_near(selected, played, twin, "C4")
    wait_text(cell, f"Last move: C4-{destination}")  # the status, a moment after the message
    cell.locator("button", has_text="Undo").click()
    wait_text(cell, f"Took back C4-{destination}")
    # The status is its own widget, updated a moment after the message: wait for it.
    wait_text(cell, "0 moves played")
    undone = pixels(canvas)
    assert changed_near(played, undone, twin, "C4")
    page.screenshot(path=str(SHOTS / "paris-undone.png"))


def test_switching_the_protection_reading_changes_the_verdict(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/04-capture-and-protection.ipynb")
    run_all(page)
    cell = cell_containing(page, "try_b = sn.BoardWidget")
    canvas = canvas_in(cell)
    twin = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    click(canvas, twin, "k7")
    wait_text(cell, "The garrison soldier on k7")
    click(canvas, twin, "j8")
    wait_text(cell, "is not allowed")
    assert "SP-16" in panel_text(cell) and "adjacent" in panel_text(cell)
    page.screenshot(path=str(SHOTS / "figure-b-refused.png"))
    # Switch the reading with the protection selector: the same capture is now legal.
    selector = cell.locator(".siege-option", has_text="Protected pieces").locator("select")
    selector.select_option(label="another attacker could move there · stated · default")
    wait_text(cell, "Rules now")
    click(canvas, twin, "k7")
    wait_text(cell, "The garrison soldier on k7")
    click(canvas, twin, "j8")
    wait_text(cell, "Played k7xj8")
    wait_text(cell, "1 black soldier")  # the status, a moment after the message


def test_stepping_a_scenario_forward_and_back(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/04-capture-and-protection.ipynb")
    run_all(page)
    cell = cell_containing(page, "on-demand-capture")
    canvas = canvas_in(cell)
    first = pixels(canvas)
    wait_text(cell, "step 1 of")
    cell.locator("button", has_text="Next").click()
    wait_text(cell, "step 2 of")
    second = pixels(canvas)
    assert (abs(first - second).sum(axis=2) > 60).any(), "the board did not change"
    cell.locator("button", has_text="Previous").click()
    wait_text(cell, "step 1 of")


def test_a_belagerung_jump_chain_with_the_mouse(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/07-belagerung.ipynb")
    run_all(page)
    cell = cell_containing(page, "try_chain = sn.BoardWidget")
    canvas = canvas_in(cell)
    twin = sn.BoardWidget(
        sn.new_game("belagerung", position=CHAIN, to_move="defender", capture="huff")
    )
    click(canvas, twin, "e5")
    wait_text(cell, "The defender on e5")
    click(canvas, twin, "e7")
    cell.locator("button", has_text="Stop here").wait_for(timeout=15_000)
    page.screenshot(path=str(SHOTS / "belagerung-chain.png"))
    before = pixels(canvas)
    click(canvas, twin, "g7")
    wait_text(cell, "Played e5xe7xg7")
    after = pixels(canvas)
    assert "Captured on e6, f7" in panel_text(cell)
    assert changed_near(before, after, twin, "f7")  # the second jumped attacker is gone
