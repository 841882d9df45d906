"""A board that never goes deaf: whatever fails inside a widget's handler is caught there.

For every widget and every kind of handler (a click, a button, a selector, the computer's
reply, a resize), a failure is injected into the engine or into the drawing, once. The test
then checks what a reader would: the game is exactly as it was before the action, the picture
shows it as before (the same pixels), the panel says in words that something went wrong with
the details folded away, and the next action, with nothing failing any more, works.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from fuzzing import snapshot
from PIL import Image

import siege_nb as sn
from siege_nb.ai.base import BaseAgent
from siege_nb.render.view import BoardView
from siege_nb.widgets import (
    Classroom,
    RuleComparer,
    ScenarioLibrary,
    ScenarioPlayer,
    WhereTheyPart,
)
from siege_nb.widgets.canvas import Space
from siege_nb.widgets.common import mouse_click

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
# A garrison general that can move two squares and capture at range.
GENERAL = {"l8": "garrison general", "j10": "black soldier", "b2": "black soldier"}


@contextmanager
def failing(target: Any, name: str, times: int = 1) -> Iterator[list[int]]:
    """``target.name`` raises ``RuntimeError`` on its next ``times`` calls, then works; the
    list holds how many times it failed."""
    original = getattr(target, name)
    failed = [0]

    def broken(*args: Any, **kwargs: Any) -> Any:
        if failed[0] < times:
            failed[0] += 1
            raise RuntimeError(f"injected failure in {name}")
        return original(*args, **kwargs)

    setattr(target, name, broken)
    try:
        yield failed
    finally:
        setattr(target, name, original)


def picture(widget: Any) -> np.ndarray:
    """What the widget's canvas shows, drawn in full."""
    import io

    return np.asarray(Image.open(io.BytesIO(widget.to_png())).convert("RGB"))


def press(widget: Any, point: str, view: Any = None) -> None:
    view = view or widget.view
    mouse_click(widget.canvas, view.ax, *view.positions[point])


def told(text: str) -> None:
    """The panel says, in words, that something went wrong, with the details folded."""
    assert "Something went wrong" in text and "as it was" in text, text
    assert "<details>" in text and "RuntimeError" in text and "injected failure" in text


def check_unchanged(widget: Any, game: sn.Game, before: tuple, shown: np.ndarray) -> None:
    assert snapshot(game) == before
    assert isinstance(widget.last_error, RuntimeError)
    assert (picture(widget) == shown).all(), "the picture changed"


# -- the board widget ---------------------------------------------------------------------------
# (the click that fails, what fails in it): the engine and the drawing, in both clicks of a
# move (choosing the piece, then where it goes).
FAILURES = [
    ("select", sn.Game, "explore"),
    ("select", sn.Game, "actions"),
    ("select", BoardView, "update"),
    ("move", sn.Game, "entry"),
    ("move", sn.Game, "play"),
    ("move", BoardView, "update"),
    ("move", BoardView, "draw_choice"),
]


@pytest.mark.parametrize(
    ("click", "target", "name"), FAILURES, ids=[f"{c}-{n}" for c, _, n in FAILURES]
)
def test_a_failing_click_leaves_the_board_as_it_was_and_the_next_click_works(
    click: str, target: Any, name: str
) -> None:
    board = sn.BoardWidget(sn.new_game("siege-of-paris", position=GENERAL, to_move="garrison"))
    if click == "move":
        press(board, "l8")  # selected: the general's moves are shown
        assert "j10" in board.highlights.captures
    before, shown, highlights = snapshot(board.game), picture(board), board.highlights
    point = "l8" if click == "select" else "j10"  # j10: a capture two squares away
    with failing(target, name) as failed:
        press(board, point)
    assert failed[0] == 1, f"{name} was not called"
    check_unchanged(board, board.game, before, shown)
    told(board.message.value)
    assert board.highlights == highlights  # the selection as before the click
    if click == "select":
        press(board, "l8")
    press(board, "j10")
    assert board.game.last_move is not None and board.game.last_move.text == "l8xj10"
    assert "Played" in board.message.value


@pytest.mark.parametrize(
    "button", ["undo_button", "redo_button", "reset_button", "save_button", "action"]
)
def test_a_failing_button_leaves_the_board_as_it_was(button: str) -> None:
    g = sn.new_game("siege-of-paris", position=FIGURE_B | {"l8": "black soldier"})
    board = sn.BoardWidget(g)
    board.play("k7-j6") if button != "action" else None
    if button == "redo_button":
        board.undo_button.click()
    before, shown = snapshot(board.game), picture(board)
    targets = {
        "undo_button": (sn.Game, "undo"),
        "redo_button": (sn.Game, "redo"),
        "reset_button": (BoardView, "update"),
        "save_button": (sn.Game, "to_json"),
        "action": (sn.Game, "play"),
    }
    target, name = targets[button]
    widget = board.actions.children[0] if button == "action" else getattr(board, button)
    if button == "action":
        assert widget.description == "Demand a capture"
    with failing(target, name):
        widget.click()
    check_unchanged(board, board.game, before, shown)
    told(board.message.value)
    widget = board.actions.children[0] if button == "action" else getattr(board, button)
    widget.click()  # works now
    assert board.last_error is not None  # the old error is still kept for a bug report
    assert "Something went wrong" not in board.message.value


def test_a_failing_selector_leaves_the_rules_and_the_dropdowns_as_they_were() -> None:
    board = sn.BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    dropdown = board.option_selectors["protection"]
    before, shown, value = snapshot(board.game), picture(board), dropdown.value
    with failing(sn.Game, "with_rules"):
        dropdown.value = 0  # the chess reading
    check_unchanged(board, board.game, before, shown)
    told(board.message.value)
    assert dropdown.value == value and board.game.rules["protection"] == "adjacent"
    dropdown.value = 0
    assert board.game.rules["protection"] == "reach-any-army"


class Broken(BaseAgent):
    """A computer player that fails once, then plays its first move."""

    name = "broken"

    def __init__(self) -> None:
        self.failed = False

    def choose(self, game: sn.Game) -> sn.Move:
        if not self.failed:
            self.failed = True
            raise RuntimeError("injected failure in choose")
        return game.legal_moves()[0]


def test_a_failing_computer_reply_takes_back_the_whole_click() -> None:
    g = sn.new_game("pyramid-siege")
    board = sn.BoardWidget(g, computer={"attacker": Broken()})
    press(board, "r4c1")
    before, shown = snapshot(board.game), picture(board)
    press(board, "r4c2")  # the reader's move, then the computer fails to answer
    check_unchanged(board, board.game, before, shown)
    told(board.message.value)
    press(board, "r4c1")
    press(board, "r4c2")  # again: the computer answers now
    assert board.game.moves[0].text == "r4c1-r4c2" and board.game.ply == 2


def test_a_failing_resize_leaves_the_board_at_its_size() -> None:
    board = sn.BoardWidget("belagerung")
    size, shown = board.board_canvas.size, picture(board)
    with failing(BoardView, "__init__"):
        board.board_canvas.probe.space = {"width": 1400, "height": 900, "top": 0}
    assert board.board_canvas.size == size
    assert (picture(board) == shown).all()
    told(board.message.value)
    board.board_canvas.probe.space = {"width": 1400, "height": 910, "top": 0}
    assert board.board_canvas.size != size
    press(board, "c3")
    assert board.highlights.selected == "c3"


def test_a_failing_load_keeps_the_game() -> None:
    board = sn.BoardWidget("belagerung")
    board.play("c3-c4") if board.game.find("c3-c4") else board.play(board.game.legal_moves()[0])
    before, shown = snapshot(board.game), picture(board)
    record = sn.new_game("belagerung").to_json().encode()
    with failing(sn.BoardWidget, "_take_game"):
        board.load_button.receive("saved.json", record)
    check_unchanged(board, board.game, before, shown)
    told(board.message.value)
    board.load_button.receive("saved.json", record)
    assert board.game.ply == 0 and "Loaded" in board.message.value


# -- the other widgets --------------------------------------------------------------------------
def test_a_failing_step_leaves_the_scenario_player_where_it_was() -> None:
    player = ScenarioPlayer.figure_b()
    player.next()
    text, shown = player.text.value, picture(player)
    with failing(BoardView, "update"):
        player.next_button.click()
    assert player.index == 1 and (picture(player) == shown).all()
    told(player.text.value)
    player.next_button.click()
    assert player.index == 2 and player.text.value != text


def test_a_failing_click_or_reading_leaves_the_comparer_as_it_was() -> None:
    cmp = RuleComparer(FIGURE_B, "protection", selectors=True)
    games, shown = [snapshot(g) for g in cmp.games], picture(cmp)
    with failing(sn.Game, "explore"):
        press(cmp, "k7", cmp.views[2])
    assert [snapshot(g) for g in cmp.games] == games and cmp.selected is None
    assert (picture(cmp) == shown).all()
    told(cmp.table.value)
    press(cmp, "k7", cmp.views[2])
    assert cmp.selected == "k7"
    assert cmp.selectors is not None
    dropdown = cmp.selectors.options["capture"]
    value, rules = dropdown.value, [g.rules for g in cmp.games]
    with failing(sn.Game, "with_rules"):
        dropdown.value = 0
    assert dropdown.value == value and [g.rules for g in cmp.games] == rules
    dropdown.value = 0
    assert cmp.games[0].rules["capture"] == "always"
    grid = cmp.grid
    with failing(BoardView, "__init__"):
        cmp.board_canvas.probe.space = Space(1500, 1000, 0)._asdict()
    assert cmp.grid == grid
    cmp.board_canvas.probe.space = Space(1500, 1010, 0)._asdict()
    assert cmp.grid != grid


def test_a_failing_choice_leaves_the_scenario_library_as_it_was() -> None:
    library = ScenarioLibrary("siege-of-paris")
    first, player = library.chooser.value, library.player
    other = next(i for i in library.scenarios if i != first)
    with failing(ScenarioPlayer, "from_scenario"):
        library.chooser.value = other
    assert library.chooser.value == first and library.player is player
    told(library.summary.value)
    library.choose(other)
    assert library.player is not player


@pytest.mark.parametrize("chooser", ["game_chooser", "preset_chooser", "new_button"])
def test_a_failing_new_game_leaves_the_classroom_as_it_was(chooser: str) -> None:
    room = Classroom("belagerung")
    board, game, preset = room.board, room.game_chooser.value, room.preset_chooser.value

    def act() -> None:
        if chooser == "game_chooser":
            room.game_chooser.value = "pyramid-siege"
        elif chooser == "preset_chooser":
            room.preset_chooser.value = "royal-garrison"
        else:
            room.new_button.click()

    with failing(sn.BoardWidget, "__init__"):
        act()
    assert room.board is board and room.tabs.children[0] is board
    assert (room.game_chooser.value, room.preset_chooser.value) == (game, preset)
    told(room.message.value)
    act()
    assert room.board is not board


def test_a_failing_search_leaves_where_they_part_as_it_was() -> None:
    import siege_nb.disputes.finder as finder

    part = WhereTheyPart("pyramid-siege", option="towards", positions=600)
    part.find()
    shown, player, lesson = part.findings, part.player, part.lesson_chooser.value
    with failing(finder.DisagreementFinder, "run"):
        part.find_button.click()
    assert part.findings is shown and part.player is player and part.children[-1] is player
    assert part.lesson_chooser.value == lesson
    told(part.status.value)
    with failing(ScenarioPlayer, "from_scenario"):
        part.lesson_chooser.value = 1 if len(shown) > 1 else 0
    assert part.player is player
    part.option_chooser.value = "capture"
    part.find_button.click()
    assert part.findings is not shown and part.findings.disagreements[0].rule == "PS-3"


def every_widget() -> list[tuple[str, Callable[[], Any]]]:
    return [
        ("BoardWidget", lambda: sn.BoardWidget("pyramid-siege")),
        ("ScenarioPlayer", ScenarioPlayer.figure_b),
        ("RuleComparer", lambda: RuleComparer(FIGURE_B, "protection")),
        ("ScenarioLibrary", lambda: ScenarioLibrary("belagerung")),
        ("Classroom", lambda: Classroom("pyramid-siege")),
        ("WhereTheyPart", lambda: WhereTheyPart("belagerung")),
    ]


@pytest.mark.parametrize(("name", "make"), every_widget(), ids=[n for n, _ in every_widget()])
def test_every_widget_puts_itself_back_after_a_failure(name: str, make: Callable[[], Any]) -> None:
    # Every widget has the means: a snapshot taken before each handler, put back on failure.
    widget = make()
    assert callable(getattr(widget, "_snapshot", None)) and callable(
        getattr(widget, "_restore", None)
    )
    widget._restore(widget._snapshot())  # putting back what is there changes nothing
