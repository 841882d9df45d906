"""The parts the widgets share: the board canvas, the rule selectors, and what they promise."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import html
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.render import figure_size
from siege_nb.widgets import BoardWidget, RuleComparer, ScenarioPlayer
from siege_nb.widgets.canvas import DEFAULT_SPACE, BoardCanvas, board_key, board_room, fit_board
from siege_nb.widgets.common import BoardFigure, canvas_for, mouse_click
from siege_nb.widgets.selectors import RuleSelectors

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}


def snapshot(g: sn.Game) -> tuple[Any, ...]:
    return (str(g), g.to_move, g.ply, [m.text for m in g.moves], g.rules)


class FirstMove(BaseAgent):
    """Plays the first of its own moves."""

    name = "first"

    def choose(self, game: sn.Game) -> sn.Move:
        return own_moves(game)[0]


# -- the board canvas ---------------------------------------------------------------------------


def test_a_press_becomes_the_name_of_the_point_or_none() -> None:
    clicks: list[str | None] = []
    board = BoardCanvas((6.0, 7.6), on_click=clicks.append)
    view = board.update(sn.new_game("siege-of-paris"))
    mouse_click(board.canvas, board.ax, *view.positions["k7"])
    mouse_click(board.canvas, board.ax, *view.positions["C3"])
    mouse_click(board.canvas, board.ax, -3.0, -3.0)  # in the margin of the axes
    mouse_click(board.canvas, board.ax, 6.5, 8.5)  # inside the citadel, between the circles
    assert clicks == ["k7", "C3", None, None]
    assert board.last_error is None


def test_several_boards_on_one_canvas_each_answer_a_press() -> None:
    clicks: list[str | None] = []
    board = BoardCanvas((9.0, 4.0), panels=2, on_click=clicks.append)
    paris = board.update(sn.new_game("siege-of-paris"), panel=0)
    pyramid = board.update(sn.new_game("pyramid-siege"), panel=1)
    assert board.views == [paris, pyramid] and paris.ax is not pyramid.ax
    mouse_click(board.canvas, pyramid.ax, *pyramid.positions["r4c1"])
    mouse_click(board.canvas, paris.ax, *paris.positions["a1"])
    assert clicks == ["r4c1", "a1"]
    # Boards are drawn in order: board 2 before board 0 is refused, naming the panel.
    with pytest.raises(sn.ArgumentError, match="panel: 2"):
        BoardCanvas((9.0, 4.0), panels=3).update(sn.new_game("belagerung"), panel=2)


def test_the_board_is_drawn_afresh_only_when_an_option_changes_it() -> None:
    board = BoardCanvas((6.0, 7.6))
    game = sn.new_game("siege-of-paris", position=FIGURE_B)
    first = board.update(game)
    same = board.update(game.with_rules(protection="adjacent", capture="always"))
    assert same is first and board.views == [first]
    ring = game.with_rules(citadel="ring-flank-gates")
    rebuilt = board.update(ring)
    assert rebuilt is not first and board.views == [rebuilt]
    assert first.ax is rebuilt.ax  # the same axes, cleared: the figure is not rebuilt
    assert board.update(ring.with_rules(protection="adjacent")) is rebuilt
    assert board_key(game) != board_key(ring)
    # Another game is another board even without any option.
    assert board.update(sn.new_game("belagerung")) is not rebuilt


def test_the_board_widget_keeps_its_drawing_for_options_that_keep_the_board() -> None:
    b = BoardWidget("belagerung")
    view = b.view
    b.set_rules(capture="huff")
    assert b.view is view
    b.set_rules(horns="beside-middle-row")
    assert b.view is not view and b.view.pieces_drawn() == 53
    assert b.last_error is None


def test_an_error_in_a_click_is_shown_and_the_game_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The canvas alone: a callback that fails.
    def broken(node: str | None) -> None:
        raise RuntimeError(f"cannot handle {node}")

    board = BoardCanvas((6.0, 7.6), on_click=broken)
    view = board.update(sn.new_game("siege-of-paris"))
    mouse_click(board.canvas, board.ax, *view.positions["k7"])
    assert isinstance(board.last_error, RuntimeError)
    assert "RuntimeError: cannot handle k7" in board.message.value
    # In the board widget: the engine fails while the reader clicks a piece.
    b = BoardWidget(sn.new_game("siege-of-paris", position=FIGURE_B))
    before = snapshot(b.game)

    def fail(*_: Any, **__: Any) -> Any:
        raise RuntimeError("engine trouble")

    monkeypatch.setattr(b.game, "explore", fail)
    mouse_click(b.canvas, b.ax, *b.view.positions["k7"])
    assert isinstance(b.last_error, RuntimeError)
    assert "Something went wrong" in b.message.value
    assert "RuntimeError" in b.message.value and "engine trouble" in b.message.value
    assert snapshot(b.game) == before


def test_a_board_figure_ignores_pick_events() -> None:
    def picks(fig: Any) -> int:
        canvas = canvas_for(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.scatter([0.5], [0.5], s=400, picker=True)
        seen: list[Any] = []
        canvas.mpl_connect("pick_event", seen.append)
        mouse_click(canvas, ax, 0.5, 0.5)
        return len(seen)

    assert picks(matplotlib.figure.Figure(figsize=(2, 2))) == 1
    assert picks(BoardFigure(figsize=(2, 2))) == 0


def test_figure_sizes_come_from_the_board_and_the_space_not_a_table() -> None:
    # Before a browser reports the space, a board is sized for a notebook on a 1024 x 768
    # screen (DEFAULT_SPACE), from its own extent: as tall as that room allows, or as wide.
    room_w, room_h = board_room(DEFAULT_SPACE)
    for game in sn.GAMES:
        board = sn.new_game(game).board
        widget = BoardWidget(game)
        width, height = widget.fig.get_size_inches()
        assert (round(width, 2), round(height, 2)) == fit_board(
            board, DEFAULT_SPACE, beside=BoardWidget.SIDE_PX
        )[0]
        assert height * 100 <= room_h and width * 100 + BoardWidget.SIDE_PX <= room_w
        # Snug: as tall as the room, or as wide as the room beside the panel.
        assert height * 100 > room_h - 2 or width * 100 > room_w - BoardWidget.SIDE_PX - 12 - 2
        assert width / height == pytest.approx(figure_size(board, 5.0)[0] / 5.0, abs=0.03)


# -- the rule selectors -------------------------------------------------------------------------


def test_each_change_of_a_selector_calls_back_once_with_the_new_rules() -> None:
    seen: list[sn.RuleSet] = []
    selectors = RuleSelectors(sn.rules("siege-of-paris", "escale-a-jeux"), seen.append)
    protection = sn.option("siege-of-paris", "protection")
    values = [c.value for c in protection.choices]
    assert selectors.options["protection"].value == values.index("adjacent")
    selectors.options["protection"].value = values.index("reach-same-army")
    assert len(seen) == 1
    assert seen[0] == sn.rules("siege-of-paris", "escale-a-jeux", protection="reach-same-army")
    selectors.preset.value = "ludosofia"
    assert len(seen) == 2 and seen[1] == sn.rules("siege-of-paris", "ludosofia")
    # The option dropdowns follow the preset without calling back.
    assert selectors.options["protection"].value == values.index("reach-same-army")
    assert selectors.rules == seen[1]
    # show() sets the dropdowns and calls nobody.
    selectors.show(sn.rules("siege-of-paris", "default", protection="adjacent"))
    assert len(seen) == 2
    assert selectors.preset.value == "default"
    assert selectors.options["protection"].value == values.index("adjacent")


def test_selector_labels_come_from_the_rule_data() -> None:
    selectors = RuleSelectors(sn.rules("belagerung"), lambda _: None, exclude=("capture",))
    assert "capture" not in selectors.options
    for opt in sn.options("belagerung"):
        if opt.name == "capture":
            continue
        dropdown = selectors.options[opt.name]
        # The title and the question are visible text above the dropdown, not a tooltip.
        shown = selectors.labels[opt.name].value
        assert html.escape(opt.title) in shown and html.escape(opt.question) in shown
        labels = [label for label, _ in dropdown.options]
        assert labels[0].startswith(f"{opt.choices[0].words} · {opt.choices[0].basis}")
        assert sum(label.endswith(" · default") for label in labels) == 1


def test_the_board_widget_switches_rules_through_its_selectors() -> None:
    b = BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    assert b.preset_selector is b.selectors.preset
    assert b.option_selectors is b.selectors.options
    b.selectors.preset.value = "ludosofia"
    assert b.game.rules == sn.rules("siege-of-paris", "ludosofia")
    assert "Rules now" in b.message.value
    assert b.last_error is None


def test_the_comparer_follows_its_selectors_on_every_board() -> None:
    c = RuleComparer(FIGURE_B, "protection", piece="k7", selectors=True)
    assert c.selectors is not None and "protection" not in c.selectors.options
    views = list(c.views)
    c.selectors.options["capture"].value = 0
    wanted = sn.option("siege-of-paris", "capture").choices[0].value
    assert [g.rules["capture"] for g in c.games] == [wanted] * 4
    assert [g.rules["protection"] for g in c.games] == c.values
    assert c.views == views  # the same boards, updated in place
    c.selectors.options["citadel"].value = 1
    assert all(new is not old for new, old in zip(c.views, views, strict=True))
    assert c.selected == "k7" and c.last_error is None
    assert RuleComparer(FIGURE_B, "protection").selectors is None


# -- what the board widget does on its own ------------------------------------------------------


def test_refreshing_the_display_never_plays_a_move() -> None:
    b = BoardWidget("pyramid-siege")
    assert b.game.to_move == "defender" and b.game.ply == 0
    b.computer = {"defender": FirstMove()}  # the computer's turn, but nothing happened yet
    b._refresh(in_event=False)
    b._refresh(in_event=True)
    assert b.game.ply == 0
    b.click(None)  # the reader did something: now the computer answers
    assert b.game.ply == 1 and "The computer played" in b.message.value


# -- the figure B scenario ----------------------------------------------------------------------


def test_figure_b_is_the_scenario_file() -> None:
    s = sn.scenario("figure-b-literal")
    p = ScenarioPlayer.figure_b()
    assert len(p.steps) == len(s.steps)
    for i, (shown, written) in enumerate(zip(p.steps, s.steps, strict=True)):
        assert shown.text.startswith(written.text.strip())
        assert shown.title == written.title and shown.explore == written.explore
        assert snapshot(shown.game) == snapshot(s.step_game(i))
    # Each step under another reading says where that reading comes from.
    for shown, written in zip(p.steps[1:], s.steps[1:], strict=True):
        value = written.options["protection"]
        choice = sn.option("siege-of-paris", "protection").choice(value)
        named = f"{choice.title} [{value}]"  # in words, the value as code sets it after them
        assert f"{named}, {choice.attribution.words(brief=True)}." in shown.sources
        assert shown.text == written.text.strip()
    assert p.steps[0].text == s.steps[0].text.strip() and not p.steps[0].sources
