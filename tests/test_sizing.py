"""Boards that fit the space the page gives them, and clicks that stay exact after a resize.

The browser reports the space through each widget's probe (``probe.space``); here the tests
set that trait as the browser would, and click through ipympl's own message handler with
pixel positions measured from the top-left corner, as the browser sends them.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from typing import Any

import pytest

import siege_nb as sn
from siege_nb.render.legend import key_size
from siege_nb.widgets import BoardWidget, Classroom, RuleComparer, ScenarioPlayer
from siege_nb.widgets.canvas import (
    BELOW_ROOM,
    DEFAULT_SPACE,
    H_SLACK,
    NARROW_PANEL,
    V_MARGIN,
    BoardCanvas,
    Space,
    board_room,
    fit_board,
)
from siege_nb.widgets.compare import CAPTION_CHAR_PX, grid_columns

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
# What the probes reported in Chromium: JupyterLab with its file browser open at 1024 x 768,
# JupyterLab at 1920 x 1080, and Voila's classroom app at both sizes.
LAB_1024 = Space(592, 647, 4000)
LAB_1920 = Space(1488, 959, 4000)
# JupyterLab at 1024 x 768 with its file panel closed.
LAB_1024_CLOSED = Space(860, 640, 4000)
# A narrow page: a phone, or a browser window at half a small screen.
PHONE = Space(420, 647, 0)
VOILA_1024 = Space(958, 768, 193)
VOILA_1920 = Space(1854, 1080, 138)
SPACES = [LAB_1024, LAB_1920, VOILA_1024, VOILA_1920, Space(900, 640), Space(300, 200)]


def report(widget: Any, space: Space) -> None:
    """Send ``space`` from the widget's probe, as the browser does."""
    widget.board_canvas.probe.space = space._asdict()


def pixels(widget: Any) -> tuple[float, float]:
    width, height = widget.fig.get_size_inches()
    return width * 100, height * 100


def browser_click(widget: Any, node: str, view: Any = None) -> None:
    """Press the mouse over ``node`` the way ipympl's front-end reports it: pixels from the
    canvas element's top-left corner, the element being exactly as large as the figure."""
    view = view or widget.view
    fx, fy = view.fraction_of(node)
    width, height = pixels(widget)
    message = {"type": "button_press", "x": fx * width, "y": fy * height, "button": 0}
    widget.canvas.handle_event({**message, "buttons": 1, "modifiers": []})


# -- the sizing rule ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", sn.GAMES)
@pytest.mark.parametrize("space", SPACES)
def test_a_board_fits_the_room_and_the_panel_goes_where_it_fits(game: str, space: Space) -> None:
    board = sn.new_game(game).board
    room_w, room_h = board_room(space)
    (width, height), beside = fit_board(board, space, beside=400)
    if space.width > 400:  # a sane space: the board fits it
        assert height * 100 <= room_h + 0.5
        assert width * 100 + (400 + 12 if beside else 0) <= room_w + 0.5
    # Snug: the board takes the whole height, or the whole width it has.
    assert height * 100 >= room_h - 1 or width * 100 >= room_w - (412 if beside else 0) - 1
    if beside:
        assert min(width, height) * 100 >= 400 or (width, height) == fit_board(board, space)[0]
    # Large: the panel always goes below, and the board is never smaller.
    (large_w, large_h), large_beside = fit_board(board, space, beside=400, size="large")
    assert not large_beside and large_w >= width and large_h >= height


def test_an_app_fits_its_board_below_what_stands_above_it() -> None:
    board = sn.new_game("siege-of-paris").board
    (_, height), _ = fit_board(board, VOILA_1024, beside=400, page=True)
    assert VOILA_1024.top + height * 100 <= VOILA_1024.height - V_MARGIN + 0.5
    # The notebook sizing ignores the top (the reader scrolls to a cell) ...
    (_, tall), _ = fit_board(board, VOILA_1024, beside=400)
    assert tall * 100 > height * 100 + 100
    # ... and so does an app whose widget starts too far down to leave room below.
    assert fit_board(board, Space(958, 768, 600), page=True) == fit_board(board, Space(958, 768))
    with pytest.raises(sn.ArgumentError, match="size: 'huge' is not accepted; one of: normal"):
        fit_board(board, VOILA_1024, size="huge")


def test_comparisons_wrap_into_a_grid_that_fits_the_width() -> None:
    assert [grid_columns(4, w) for w in (576, 900, 1120, 1472)] == [2, 2, 4, 4]
    assert [grid_columns(3, w) for w in (400, 576, 900)] == [1, 2, 3]
    assert grid_columns(2, 500) == 1


# -- the board widget ---------------------------------------------------------------------------


def test_the_board_widget_follows_the_space_and_clicks_stay_exact() -> None:
    b = BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux"))
    assert b.board_canvas.space == DEFAULT_SPACE
    b.click("C0")
    before = b.view
    selected = before.highlighted()
    for space in (LAB_1920, LAB_1024, VOILA_1024):
        report(b, space)
        width, height = pixels(b)
        room_w, room_h = board_room(space)
        assert height <= room_h + 0.5 and width <= room_w + 0.5
        # The board is drawn again at the new size and shows what it showed.
        assert b.view.highlighted() == selected and b.view.pieces_drawn() == 44
    assert b.view is not before
    # Narrow (JupyterLab's file panel open at 1024 pixels): the narrow panel beside the
    # board; a phone: the panel below, across the row; wide: beside, at its width.
    report(b, LAB_1024)
    assert b.side.layout.width == f"{NARROW_PANEL}px"
    width, _ = pixels(b)
    assert width + NARROW_PANEL + 12 <= LAB_1024.width
    report(b, PHONE)
    assert b.side.layout.width == "100%"
    _, height = pixels(b)
    assert height <= PHONE.height - BELOW_ROOM  # the panel's first lines show below
    report(b, LAB_1920)
    assert b.side.layout.width == f"{BoardWidget.SIDE_PX}px"
    browser_click(b, "f5")
    assert b.game.last_move is not None and b.game.last_move.text == "C0-f5"
    browser_click(b, "a15")  # a black soldier far away: not the side to move
    assert "black soldier on a15 does not move now" in b.message.value
    assert b.last_error is None


def test_the_same_space_again_changes_nothing() -> None:
    b = BoardWidget("belagerung")
    report(b, LAB_1920)
    view = b.view
    report(b, LAB_1920)
    b.board_canvas.probe.space = {}  # a hidden tab reports nothing
    assert b.view is view
    assert b.board_canvas.resize(b.board_canvas.size) is False and b.view is view


def test_the_large_size_takes_the_screen_and_puts_the_panel_below() -> None:
    b = BoardWidget("pyramid-siege")
    report(b, VOILA_1024)
    normal = pixels(b)
    scrolls = b.board_canvas.probe.scroll_to
    b.size_button.value = True  # the reader presses "Large board"
    assert b.size == "large" and b.side.layout.width == "100%"
    large = pixels(b)
    assert large[0] > normal[0] and large[1] > normal[1]
    _, room_h = board_room(VOILA_1024, size="large")
    assert room_h - 1 <= large[1] <= room_h + 0.5 or large[0] >= VOILA_1024.width - H_SLACK - 1
    assert b.board_canvas.probe.scroll_to == scrolls + 1  # the page scrolls to the board
    browser_click(b, "r7c3")
    assert "attacker on r7c3" in b.message.value or "r7c3" in b.message.value
    b.set_size("normal")
    assert pixels(b) == normal and not b.size_button.value
    with pytest.raises(ValueError):
        b.set_size("full")


def test_a_dragged_corner_redraws_the_boards_for_the_new_size() -> None:
    b = BoardWidget("siege-of-paris")
    b.click("C0")
    small = b.view
    # ipympl's resize handle: the browser asks for a size, matplotlib sets it and fires
    # resize_event; the boards are drawn again so that markers fit the squares.
    b.canvas.handle_event({"type": "resize", "width": 700, "height": 900})
    assert pixels(b) == pytest.approx((700, 900), abs=1)
    assert b.view is not small and b.view.highlighted() == small.highlighted()
    browser_click(b, "g5")
    assert b.game.last_move is not None and b.game.last_move.text == "C0-g5"


def test_the_canvas_alone_resizes_and_keeps_its_boards() -> None:
    canvas = BoardCanvas((6.0, 7.6))
    assert canvas.resize((5.0, 6.0)) is True  # nothing drawn yet: only the size
    view = canvas.update(sn.new_game("siege-of-paris", position=FIGURE_B))
    assert canvas.resize((4.0, 5.0)) is True and canvas.view is not view
    assert canvas.size == (4.0, 5.0) and canvas.view.pieces_drawn() == 3
    with pytest.raises(ValueError):
        canvas.resize((4.0, 5.0), rects=[(0, 0, 1, 1), (0, 0, 1, 1)])


# -- the scenario player, the comparer, the classroom ------------------------------------------


def test_the_scenario_text_goes_below_a_board_that_needs_the_width() -> None:
    p = ScenarioPlayer.from_scenario(sn.scenario("pyramid-towards"))
    report(p, LAB_1024)
    width, _ = pixels(p)
    assert p.side.layout.width == "100%" and width <= LAB_1024.width - H_SLACK + 0.5
    report(p, LAB_1920)
    width, _ = pixels(p)
    assert p.side.layout.width == "420px" and width + 432 <= LAB_1920.width
    p.set_size("large")
    assert p.side.layout.width == "100%" and p.size_button.value


@pytest.mark.parametrize(
    ("space", "cols", "whole"),
    [(LAB_1024, 2, False), (LAB_1024_CLOSED, 4, True), (LAB_1920, 4, True)],
)
def test_four_readings_make_a_grid_that_fits_and_every_board_answers(
    space: Space, cols: int, whole: bool
) -> None:
    c = RuleComparer(FIGURE_B, "protection")
    report(c, space)
    assert (c.grid.cols, c.grid.rows) == (cols, 4 // cols)
    width, height = pixels(c)
    assert width <= space.width - H_SLACK + 0.5
    # Every board at once where the page allows it at a readable size (with JupyterLab's
    # file panel open at 1024 pixels it does not: the boards then scroll down, not sideways).
    assert (height <= space.height - V_MARGIN + 0.5) == whole
    for view in c.views:
        assert view._caption.get_fontsize() >= 9  # 12.5 pixels at 100 dpi
    # Every board sits inside the figure, none overlaps another.
    boxes = [v.ax.get_position() for v in c.views]
    for i, box in enumerate(boxes):
        assert 0 <= box.x0 < box.x1 <= 1 and 0 <= box.y0 < box.y1 <= 1
        for other in boxes[i + 1 :]:
            assert (
                box.x1 <= other.x0 + 1e-9
                or box.y1 <= other.y0 + 1e-9
                or (other.x1 <= box.x0 + 1e-9 or other.y1 <= box.y0 + 1e-9)
            )
    # The captions are wrapped to the board's width.
    for caption in c.grid.captions:
        assert max(len(line) for line in caption.splitlines()) * CAPTION_CHAR_PX <= width / cols + 1
    for view in c.views:
        c.selected = None
        browser_click(c, "k7", view)
        assert c.selected == "k7"
    assert c.last_error is None


def test_the_classroom_fits_its_boards_to_the_page() -> None:
    room = Classroom("siege-of-paris")
    report(room.board, VOILA_1024)
    _, height = pixels(room.board)
    assert VOILA_1024.top + height <= VOILA_1024.height - V_MARGIN + 0.5
    room.set_size("large")
    assert room.board.size == room.library.player.size == "large"
    room.start("belagerung")
    assert room.board.size == "large" and room.library.player.size == "large"


@pytest.mark.parametrize("space", [VOILA_1024, VOILA_1920, PHONE], ids=["1024", "1920", "phone"])
def test_a_new_game_in_the_classroom_is_drawn_at_its_final_size_at_once(space: Space) -> None:
    """Every change of game or preset, and New game, builds the next board for the room the
    page has reported: when the new board's own probe reports that room, nothing is resized.
    Every game and preset at 1024 x 768; each game at the other sizes."""
    room = Classroom("siege-of-paris")
    report(room.board, space)
    switches: list[tuple[str, str]] = [
        (game, preset)
        for game in sn.GAMES
        for preset in (sn.presets(game) if space == VOILA_1024 else ["default"])
    ]
    switches.append(switches[-1])  # New game: the same game and preset again
    for game, preset in switches:
        room.start(game, preset)
        board = room.board
        drawn_at = pixels(board)
        report(board, space)
        assert board.last_error is None, (game, preset, board.last_error)
        assert pixels(board) == drawn_at, (game, preset, space)
        assert board.board_canvas.probe.applied == space._asdict()


def test_a_board_with_its_key_keeps_the_key_inside_after_a_resize() -> None:
    canvas = BoardCanvas((6.0, 7.6), legend=True)
    clicks: list[str | None] = []
    canvas.on_click = clicks.append
    canvas.canvas.mpl_connect("button_press_event", canvas._on_press)
    canvas.update(sn.new_game("siege-of-paris"))
    board = sn.new_game("siege-of-paris").board
    for space in (LAB_1024, LAB_1920):
        size, _ = fit_board(board, space, key=key_size("siege-of-paris", "right"))
        canvas.resize(size)
        view = canvas.view
        assert view.legend_shown() and view.key is not None
        canvas.fig.canvas.draw()
        key_box = view.key.ax.get_window_extent()
        fig_box = canvas.fig.bbox
        assert fig_box.x0 - 1 <= key_box.x0 and key_box.x1 <= fig_box.x1 + 1
        assert fig_box.y0 - 1 <= key_box.y0 and key_box.y1 <= fig_box.y1 + 1
        # The board and the key do not overlap.
        board_box = view.ax.get_window_extent()
        assert key_box.x0 >= board_box.x1 - 1 or key_box.y1 <= board_box.y0 + 1
        fx, fy = view.fraction_of("k7")
        message = {"type": "button_press", "x": fx * fig_box.width, "y": fy * fig_box.height}
        canvas.canvas.handle_event({**message, "button": 0, "buttons": 1, "modifiers": []})
        assert clicks[-1] == "k7"
    canvas.set_legend(False)
    assert not canvas.view.legend_shown()


@pytest.mark.parametrize("row", [300, 450, 592, 780, 1000])
def test_the_key_never_leaves_a_narrow_board_without_room(row: int) -> None:
    """JupyterLab at 1024 x 768 with its file browser open gives a widget a row of about
    590 pixels: showing the key there once raised "leaves no room for the board"."""
    for game in sn.GAMES:
        board = sn.BoardWidget(game)
        board.board_canvas.probe.space = {"width": row, "height": 647, "top": 120}
        board.key_button.value = True
        assert board.last_error is None, (game, row, board.last_error)
        assert board.view.legend_shown()
        width, _ = board.fig.get_size_inches() * 100
        assert width <= max(row, 300), (game, row, width)
