"""Each lesson on one screen: at 1024 x 768 in JupyterLab, a reader sees the board and its
text together, without scrolling between them.

With JupyterLab's file panel closed: the scenario player's board, its step text and its
*Next* button are all inside the window, before and after *Next*; the board widget's panel
(whose turn, what a click did, *Undo*) stands beside the board, with the lesson's reading
first; the four readings of the comparer are all inside the window. With the file panel open
(JupyterLab's default) the board widget keeps a narrower panel beside its board. Screenshots of
each view are kept in tests/browser/screenshots/ (one-screen-*.png).
"""

from __future__ import annotations

from typing import Any

from .lab import SHOTS, canvas_in, cell_containing, open_notebook, run_all, settled_box
from .test_fit import OVERFLOW, inside
from .test_lab import wait_text


def left_panel(page: Any, shown: bool) -> None:
    """Open or close JupyterLab's left panel (the file browser)."""
    if page.evaluate("!window.jupyterapp.shell.leftCollapsed") != shown:
        page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
        page.wait_for_timeout(1000)


def to_top(cell: Any) -> None:
    """Scroll the cell's output to the top of the notebook's visible area."""
    cell.locator(".jp-OutputArea").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    cell.page.wait_for_timeout(500)


def box_of(locator: Any) -> dict[str, float]:
    locator.wait_for(timeout=15_000)
    box = locator.bounding_box()
    assert box is not None, locator
    return dict(box)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"one-screen-{name}.png"))


def test_each_lesson_shows_board_and_text_together_at_1024(lab: str, projector: Any) -> None:
    page = projector
    open_notebook(page, lab, "notebooks/04-capture-and-protection.ipynb")
    left_panel(page, False)
    run_all(page)

    # The scenario player: board, step text and Next inside the window, text beside the board.
    cell = cell_containing(page, 'sn.scenario("on-demand-capture").player()')
    canvas = canvas_in(cell)
    to_top(cell)
    board = settled_box(canvas)
    text = box_of(cell.locator(".widget-html-content", has_text="step").first)
    step = box_of(cell.locator(".siege-panel").first)
    after = box_of(cell.locator("button", has_text="Next").first)
    for what, box in (("board", board), ("text", step), ("Next", after), ("counter", text)):
        assert inside(box, page), (what, box)
    assert step["x"] >= board["x"] + board["width"] - 1, "the text is not beside the board"
    shot(page, "scenario-player")
    cell.locator("button", has_text="Next").first.click()
    wait_text(cell, "step 2 of")
    assert inside(box_of(cell.locator(".siege-panel").first), page)
    assert inside(settled_box(canvas), page)

    # The board widget: the panel beside the board, whose turn and what a click did inside the
    # window with the board; the lesson's reading (protection) first among the selectors.
    cell = cell_containing(page, "try_b = sn.BoardWidget")
    canvas = canvas_in(cell)
    to_top(cell)
    board = settled_box(canvas)
    status = box_of(cell.locator(".widget-html-content", has_text="to move").first)
    undo = box_of(cell.locator("button", has_text="Undo").first)
    assert inside(board, page) and inside(status, page) and inside(undo, page)
    assert status["x"] >= board["x"] + board["width"] - 1, "the panel is not beside the board"
    first = cell.locator(".siege-option").first
    assert "Protected pieces" in first.inner_text()
    assert cell.locator("button", has_text="Other readings").count() == 1
    shot(page, "board")

    # The comparer: all four readings inside the window, nothing scrolling sideways.
    cell = cell_containing(page, "sn.RuleComparer(figure_b")
    canvas = canvas_in(cell)
    to_top(cell)
    assert inside(settled_box(canvas), page)
    assert cell.locator(".jp-OutputArea-output").first.evaluate(OVERFLOW) == []
    shot(page, "comparer")

    # JupyterLab's file panel open: the board widget keeps its panel beside the board.
    left_panel(page, True)
    cell = cell_containing(page, "try_b = sn.BoardWidget")
    canvas = cell.locator(".jupyter-matplotlib-canvas-div canvas").nth(1)
    page.wait_for_timeout(1500)  # the probe reports the narrower row; the board follows
    to_top(cell)
    board = settled_box(canvas)
    status = box_of(cell.locator(".widget-html-content", has_text="to move").first)
    assert inside(board, page) and inside(status, page)
    assert status["x"] >= board["x"] + board["width"] - 1, "the panel went below the board"
    shot(page, "board-file-panel")
    left_panel(page, False)
