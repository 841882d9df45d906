"""Does it matter? Notebook 10 in JupyterLab, clicked like a reader: the finder's lesson on
the board, stepped through, a search for another rule, and the stored ranking shown."""

from __future__ import annotations

from typing import Any

import siege_nb as sn

from .lab import SHOTS, canvas_in, cell_containing, open_notebook, run_all
from .test_lab import pixels, wait_text


def test_notebook_10_finds_and_steps_through_where_readings_part(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/10-does-it-matter.ipynb")
    run_all(page, timeout=600)
    cell = cell_containing(page, "part = sn.WhereTheyPart")
    canvas = canvas_in(cell)
    wait_text(cell, "positions searched")
    wait_text(cell, "step 1 of 3")
    first = pixels(canvas)
    page.screenshot(path=str(SHOTS / "where-they-part-notebook.png"))
    cell.locator("button", has_text="Next").click()
    wait_text(cell, "step 2 of 3")
    second = pixels(canvas)
    assert (abs(first - second).sum(axis=2) > 60).any(), "the board did not change"
    # Another rule, searched from the browser: a new lesson on the board.
    other = sn.option("siege-of-paris", "colonel_captain_sideways")
    cell.locator("select").first.select_option(label=other.heading)
    cell.locator("button", has_text="Find where they part").click()
    # The new lesson's title names the rule chosen.
    wait_text(cell, f"Where they part: {other.shown_title}", timeout=60_000)
    wait_text(cell, "step 1 of 3", timeout=60_000)
    # The ranking and the metrics were drawn and printed.
    ranking = cell_containing(page, "ranking = sn.dispute_ranking")
    assert "result changes" in ranking.inner_text()
    metrics = cell_containing(page, "metrics = sn.dispute_ranking")
    assert "Drama" in metrics.inner_text()
