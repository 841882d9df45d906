"""Long moves and jump chains by mouse clicks on the canvas, in JupyterLab and in the
classroom app: a Siege of Paris general three squares, a colonel two, a capture at range, and
a Belagerung chain of two jumps. The classroom part loads its positions from record files
through the app's *Load* button, as a teacher would. Screenshots are kept in
tests/browser/screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import siege_nb as sn

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
from .test_lab import CHAIN, changed_near, click, panel_text, pixels, wait_text

# Notebook 3's board: one piece of each kind, the garrison to move.
MOVEMENT = {
    "e3": "white general",
    "h3": "white colonel",
    "b5": "white captain",
    "k4": "white lieutenant",
    "c2": "white soldier",
    "g14": "black general",
    "d13": "black lieutenant",
    "j14": "black soldier",
    "C0": "garrison colonel",
    "l8": "garrison general",
    "b8": "garrison soldier",
    "j10": "black soldier",
}
# (mover's piece, where it goes, the move played): the garrison general takes at range, the
# White general slides three squares, the Black general two, the White colonel two.
LINE = [
    ("l8", "j10", "l8xj10"),
    ("e3", "b6", "e3-b6"),
    ("b8", "c9", "b8-c9"),
    ("g14", "g12", "g14-g12"),
    ("C0", "f5", "C0-f5"),
    ("h3", "h5", "h3-h5"),
]


def play_line(scope: Any, canvas: Any, twin: sn.BoardWidget, name: str) -> None:
    """Play :data:`LINE` by clicking the piece, then where it goes, on the browser canvas;
    each move must be played and change the picture where the piece went."""
    for piece, target, text in LINE:
        before = pixels(canvas)
        click(canvas, twin, piece)
        wait_text(scope, f"on {piece}")
        click(canvas, twin, target)
        wait_text(scope, f"Played {text}")
        after = pixels(canvas)
        assert changed_near(before, after, twin, target), f"{text}: the picture did not change"
        twin.play(text)  # the twin follows, to place the next clicks
        if text in ("l8xj10", "e3-b6"):
            scope.page.screenshot(path=str(SHOTS / f"{name}-{text}.png"))


def test_long_moves_and_a_capture_at_range_by_mouse_in_jupyterlab(lab: str, page: Any) -> None:
    open_notebook(page, lab, "notebooks/03-siege-of-paris-movement.ipynb")
    run_all(page)
    cell = cell_containing(page, "board = sn.BoardWidget")
    canvas = canvas_in(cell)
    twin = sn.BoardWidget(sn.new_game("siege-of-paris", position=MOVEMENT), focus=["SP-6"])
    twin.board_canvas.probe.space = reported_space(cell)
    play_line(cell, canvas, twin, "lab-long-moves")
    text = panel_text(cell)
    assert "Last move: h3-h5" in text and "1 black soldier" in text
    # A click on a point where nothing stands plays nothing and says so.
    click(canvas, twin, "l8")
    wait_text(cell, "l8 is empty")


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        yield base


def load_record(page: Any, game: sn.Game, name: str) -> None:
    """Choose a record file with the app's Load button (its hidden file input)."""
    page.locator("[data-siege-file-picker] input[type=file]").first.set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": game.to_json().encode()}]
    )


def test_long_moves_and_a_chain_by_mouse_in_the_classroom_app(voila: str, page: Any) -> None:
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas_in(body)
    # A position saved as a record, loaded with the app's Load button.
    paris = sn.new_game("siege-of-paris", position=MOVEMENT, to_move="garrison")
    load_record(page, paris, "movement.json")
    wait_text(body, "Loaded a game of Siege of Paris")
    canvas = canvas_in(body)
    room = sn.Classroom("siege-of-paris")
    room.board.load(paris)
    room.board.board_canvas.probe.space = reported_space(body)
    play_line(body, canvas, room.board, "classroom-long-moves")
    assert "Last move: h3-h5" in panel_text(body)
    # Save: the browser downloads the record, which loads as the game played here.
    with page.expect_download(timeout=30_000) as saving:
        body.locator("button", has_text="Save").first.click()
    saved = saving.value
    assert saved.suggested_filename == "siege-of-paris-move-6.json"
    record = Path(saved.path()).read_text()
    assert [m.text for m in sn.load_game(record).moves] == [text for _, _, text in LINE]

    # A Belagerung record: the app switches game, and a chain of two jumps is clicked.
    chain = sn.new_game("belagerung", position=CHAIN, to_move="defender", capture="huff")
    load_record(page, chain, "chain.json")
    wait_text(body, "Loaded a game of Belagerung")
    page.wait_for_function(
        "() => document.querySelectorAll('.jupyter-matplotlib-canvas-div').length > 0"
    )
    canvas = canvas_in(body)
    room.board.load_button.receive("chain.json", chain.to_json().encode())
    twin = room.board
    twin.board_canvas.probe.space = reported_space(body)
    settled_box(canvas)
    click(canvas, twin, "e5")
    wait_text(body, "The defender on e5")
    click(canvas, twin, "e7")
    body.locator("button", has_text="Stop here").first.wait_for(timeout=15_000)
    page.screenshot(path=str(SHOTS / "classroom-chain.png"))
    before = pixels(canvas)
    click(canvas, twin, "g7")
    wait_text(body, "Played e5xe7xg7")
    assert changed_near(before, pixels(canvas), twin, "f7")
    page.screenshot(path=str(SHOTS / "classroom-chain-played.png"))
