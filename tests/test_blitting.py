"""The widgets' fast redraws show exactly what a full drawing shows.

A click redraws only what changed: the kept picture of the board with its position, and the
reader's choice drawn over it (``Blitter`` in ``siege_nb/widgets/common.py``). These tests
compare, pixel for pixel, what the widget's canvas holds after each click with a PNG export
of the same figure (every artist drawn in z-order by matplotlib itself).
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from PIL import Image

import siege_nb as sn
from siege_nb.render.view import BoardView
from siege_nb.widgets.common import mouse_click


def shown(canvas: Any) -> np.ndarray:
    """The pixels the widget's canvas holds now (what it sends the browser)."""
    return np.asarray(canvas.get_renderer().buffer_rgba()).copy()


def exported(widget: Any) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(widget.to_png())).convert("RGBA"))


def assert_same_picture(widget: Any, when: str) -> None:
    held = shown(widget.canvas)
    full = exported(widget)
    differing = int((held != full).any(axis=2).sum())
    assert differing == 0, f"{when}: {differing} pixels differ from a full drawing"


def press(widget: Any, view: BoardView, node: str | None) -> None:
    """A mouse press on ``node`` of ``view`` (``None``: the margin, off the board)."""
    x, y = view.positions[node] if node else (view.extent.x0 - 5, view.extent.y0 - 5)
    mouse_click(widget.canvas, view.ax, x, y)


@pytest.mark.parametrize("game", sn.GAMES)
def test_every_click_shows_what_a_full_drawing_shows(game: str) -> None:
    board = sn.BoardWidget(game)
    board.canvas.draw()  # what the browser asks for first; it keeps the background
    g = board.game
    move = next(m for m in g.legal_moves() if m.start and m.end)
    other = next(n for n in dict(g.pieces()) if n != move.start)
    steps: list[tuple[str, str | None]] = [
        ("select", move.start),
        ("move", move.end),
        ("select after the move", other),
        ("click off the board", None),
        ("select again", other),
        ("the same piece again", other),
    ]
    for when, node in steps:
        press(board, board.view, node)
        assert board.last_error is None, board.last_error
        assert_same_picture(board, when)
    board.undo_button.click()  # outside a mouse event: a full draw
    board.canvas.draw()
    press(board, board.view, move.start)
    assert_same_picture(board, "select after an undo")


def test_an_export_leaves_no_ghost_on_the_board() -> None:
    """Saving draws the whole figure on the widget's canvas: that picture must not be kept
    as the board's background, or the next move leaves its piece behind."""
    board = sn.BoardWidget("siege-of-paris")
    board.canvas.draw()
    board.to_png(dpi=150)
    board.to_png()
    press(board, board.view, "C0")
    press(board, board.view, "f5")
    assert board.game.ply == 1
    assert_same_picture(board, "a move after exports")


def test_a_click_that_changes_only_the_choice_keeps_the_position_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = sn.BoardWidget("siege-of-paris")
    board.canvas.draw()
    drawn: list[str] = []
    original = BoardView.draw_position

    def counting(view: BoardView) -> None:
        drawn.append("position")
        original(view)

    monkeypatch.setattr(BoardView, "draw_position", counting)
    press(board, board.view, "C0")
    press(board, board.view, "C0")
    assert drawn == []  # selecting and unselecting: the position was not drawn again
    press(board, board.view, "C0")
    press(board, board.view, "f5")
    assert drawn == ["position"]  # a move: drawn once, and kept again
    press(board, board.view, "b2")
    assert drawn == ["position"]


def test_the_comparer_and_the_scenario_player_blit_true_pictures() -> None:
    cmp = sn.RuleComparer(
        {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
        "protection",
        piece="k7",
    )
    cmp.canvas.draw()
    for view in cmp.views:
        press(cmp, view, "k7")
        assert_same_picture(cmp, "a comparer board clicked")
    player = sn.ScenarioPlayer.figure_b()
    player.canvas.draw()
    for step in range(1, len(player.steps)):
        player.next_button.click()  # a button: inside a browser event, so blitted
        assert player.last_error is None, player.last_error
        assert_same_picture(player, f"scenario step {step + 1}")
    player.prev_button.click()
    assert_same_picture(player, "a scenario step back")


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_choice_is_drawn_above_everything_of_the_position(game: str) -> None:
    """The kept position picture is only right if nothing of the choice lies under it."""
    view = BoardView(sn.new_game(game), legend=True)
    on_board = [a for a in view.choice_artists() if a.axes is view.ax]
    assert max(a.get_zorder() for a in view.position_artists()) < min(
        a.get_zorder() for a in on_board
    )


def _messages_of(action: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """The widget messages ``action`` sends, as (widget class, carries a picture)."""
    import ipywidgets

    sent: list[tuple[str, bool]] = []
    original = ipywidgets.Widget._send

    def record(self: Any, msg: dict[str, Any], buffers: Any = None) -> None:
        # Without a browser ipympl also keeps a picture in its state (_data_url) for static
        # output; a page that has shown the canvas turns that off, so it is left out here.
        if sorted(msg.get("state") or {}) != ["_data_url"]:
            sent.append((type(self).__name__, bool(buffers)))
        original(self, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", record)
    action()
    monkeypatch.setattr(ipywidgets.Widget, "_send", original)
    return sent


def _picture_first(sent: list[tuple[str, bool]]) -> bool:
    """The picture is sent, and only the canvas's own messages (its image mode) before it."""
    frame = sent.index(("QuickCanvas", True)) if ("QuickCanvas", True) in sent else None
    return frame is not None and all(name == "QuickCanvas" for name, _ in sent[:frame])


def test_the_picture_leaves_before_any_other_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click's new picture is sent before the buttons and texts it also changes: the
    browser handles messages in order, and the reader is looking at the board."""
    board = sn.BoardWidget("siege-of-paris")
    board.canvas.draw()
    for node in ("C0", "f5", "b2"):  # select, move (Undo turns on, texts change), select
        sent = _messages_of(lambda n=node: press(board, board.view, n), monkeypatch)
        assert _picture_first(sent), (node, sent)
    player = sn.ScenarioPlayer.figure_b()
    player.canvas.draw()
    sent = _messages_of(player.next_button.click, monkeypatch)
    assert _picture_first(sent), sent
    cmp = sn.RuleComparer(
        {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
        "protection",
        piece="k7",
    )
    cmp.canvas.draw()
    sent = _messages_of(lambda: press(cmp, cmp.views[0], "j9"), monkeypatch)
    assert _picture_first(sent), sent
