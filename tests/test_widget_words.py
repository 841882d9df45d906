"""The widgets in words: selectors and panels a pupil can read, the chain text, and undo
against a computer that moves first."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import matplotlib

matplotlib.use("Agg")

import ipywidgets as w
import pytest

import siege_nb as sn
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.widgets import BoardWidget
from siege_nb.widgets.selectors import RuleSelectors


class FirstMove(BaseAgent):
    """Plays the first of its own moves and never demands."""

    name = "first"

    def choose(self, game: sn.Game) -> sn.Move:
        return own_moves(game)[0]

    def wants_demand(self, game: sn.Game) -> bool:
        return False


def walk(widget: Any) -> Iterator[Any]:
    """Every widget inside ``widget`` (itself included)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def text_of(markup: str) -> str:
    """What a reader sees of some HTML: tags and <style> blocks removed, entities read."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def visible_text(widget: Any) -> str:
    """All the text of the HTML areas and button labels inside ``widget``."""
    parts = []
    for part in walk(widget):
        if isinstance(part, w.HTML):
            parts.append(text_of(part.value))
        elif isinstance(part, w.Button):
            parts.append(part.description)
    return " ".join(parts)


def dropdown_labels(widget: Any) -> list[str]:
    """Every entry and description of every dropdown inside ``widget``."""
    labels = []
    for part in walk(widget):
        if isinstance(part, w.Dropdown):
            labels.append(part.description)
            labels.extend(label for label, _ in part._options_full)
    return labels


def code_names(game: str) -> set[str]:
    """The names a reader should never have to read: option keywords, choice values written
    as code, and preset keys."""
    names = {o.name for o in sn.options(game) if "_" in o.name}
    names |= {
        c.value
        for o in sn.options(game)
        for c in o.choices
        if isinstance(c.value, str) and "-" in c.value
    }
    # Preset keys written as code ("escale-a-jeux"); a site's own name ("bonaludo") may be
    # part of a reader name.
    names |= {p for p in sn.presets(game) if "-" in p}
    return names


# -- selectors in words -------------------------------------------------------------------------


@pytest.mark.parametrize("game", sn.GAMES)
def test_no_selector_label_or_value_is_a_code_name(game: str) -> None:
    board = BoardWidget(game)
    board.selectors.unfold()  # the readings folded under "All readings", as a reader opens them
    labels = dropdown_labels(board)
    assert len(labels) > 3 * len(sn.options(game))
    shown = labels + [text_of(h.value) for h in board.selectors.labels.values()]
    for label in shown:
        assert "_" not in label, label
        assert not re.search(r"(^|\s)\*($|\s)", label), label
    words = " | ".join(shown)
    for name in code_names(game):
        assert name not in words, name
    # Each answer says its basis and the project default in words.
    for opt in sn.options(game):
        entries = [label for label, _ in board.selectors.options[opt.name].options]
        assert all(re.search(r"· (stated|reading|reconstruction)\b", e) for e in entries)
        assert sum(e.endswith("· default") for e in entries) == 1


@pytest.mark.parametrize("game", sn.GAMES)
def test_every_question_is_visible_text_and_no_meaning_is_in_a_tooltip(game: str) -> None:
    board = BoardWidget(game)
    board.selectors.unfold()  # the readings folded under "All readings", as a reader opens them
    text = visible_text(board)
    for opt in sn.options(game):
        assert opt.title in text and opt.question in text, opt.name
    assert "stated" in text and "reconstruction" in text  # the note on the bases
    for part in walk(board.selectors):
        assert not getattr(part, "tooltip", None), part


def test_values_read_as_words() -> None:
    board = BoardWidget("siege-of-paris")
    entries = {n: [label for label, _ in d.options] for n, d in board.option_selectors.items()}
    assert entries["placement_win"][0] == "1 officer + 3 soldiers · stated · default"
    assert entries["soldier_inside_draw"] == [
        "a soldier inside, placement out of reach · reading · default",
        "off · reconstruction",
        "any soldier inside · stated",
        "the last soldier inside · stated",
    ]
    assert entries["capture"][2] == "when the attackers demand · stated · default"
    assert "Winning by placement" in board.selectors.labels["placement_win"].value
    assert "The French rules" in [label for label, _ in board.preset_selector.options]


# -- the preset ---------------------------------------------------------------------------------


def counting_rebuilds(board: BoardWidget) -> list[Any]:
    calls: list[Any] = []
    rebuild = board._rebuild

    def counted(*args: Any) -> None:
        calls.append(args)
        rebuild(*args)

    board._rebuild = counted  # type: ignore[method-assign,assignment]
    return calls


def change_two_readings(board: BoardWidget) -> None:
    board.option_selectors["protection"].value = 3  # another attacker stands behind it
    board.option_selectors["blockade_win"].value = 1  # the garrison passes


def test_back_to_the_preset_after_two_changes_is_one_rebuild() -> None:
    board = BoardWidget("siege-of-paris", preset="escale-a-jeux")
    preset_rules = board.game.rules
    calls = counting_rebuilds(board)
    change_two_readings(board)
    assert len(calls) == 2 and len(board.game.rules.overrides) == 2
    selectors = board.selectors
    assert selectors.preset.label == "The French rules, 2 readings changed"
    assert "2 readings changed" in visible_text(selectors)
    assert "changed from the preset" in selectors.labels["protection"].value
    assert selectors.back_button.description == "Back to the French rules"
    assert not selectors.back_button.disabled
    selectors.back_button.click()
    assert len(calls) == 3
    assert board.game.rules == preset_rules
    assert selectors.preset.label == "The French rules" and selectors.back_button.disabled
    assert "changed" not in visible_text(selectors)
    assert board.last_error is None


def test_choosing_the_preset_in_force_again_resets_the_readings() -> None:
    board = BoardWidget("siege-of-paris", preset="escale-a-jeux")
    preset_rules = board.game.rules
    calls = counting_rebuilds(board)
    change_two_readings(board)
    labels = [label for label, _ in board.preset_selector.options]
    # What a browser sends when the reader picks "The French rules" in the list.
    board.preset_selector.index = labels.index("The French rules")
    assert len(calls) == 3 and board.game.rules == preset_rules
    assert board.preset_selector.value == "escale-a-jeux"
    assert board.last_error is None


def test_a_comparer_does_not_count_its_compared_option_as_changed() -> None:
    seen: list[sn.RuleSet] = []
    current = sn.rules("siege-of-paris", "escale-a-jeux", protection="reach-any-army")
    selectors = RuleSelectors(current, seen.append, exclude=("protection",))
    assert selectors.changed == {} and selectors.back_button.disabled
    assert selectors.preset.label == "The French rules"


# -- the jump chain -----------------------------------------------------------------------------


def named(pattern: str, text: str) -> set[str]:
    """The points listed in the first ``(a, b, c)`` that follows ``pattern`` in ``text``."""
    found = re.search(pattern + r"[^(]*\(([^)]*)\)", text)
    assert found, (pattern, text)
    return {p.strip() for p in found.group(1).split(",")}


def test_the_chain_text_names_exactly_what_is_highlighted() -> None:
    game = sn.scenario("belagerung-multi-jump").step_game(0)
    board = BoardWidget(game)
    board.click("e5")
    text = text_of(board.message.value)
    assert named("Green dots: where it can go", text) == set(board.highlights.destinations)
    assert named("First landings of its jumps", text) == {"e7", "g5"}
    for landing, nexts, taken in [("e7", {"g7"}, {"e6"}), ("g7", {"g5"}, {"e6", "f7"})]:
        board.click(landing)
        text = text_of(board.message.value)
        assert set(board.highlights.destinations) == nexts
        assert named("Green dots: where it can land next", text) == nexts
        assert board.highlights.selected == landing and f"land on {landing}" in text
        assert set(board.highlights.taken) == taken and not board.highlights.forbidden
        assert set(re.findall(r"[a-i]\d", text.split("and take ")[1].split("(")[0])) == taken
        assert [b.description for b in board.actions.children] == ["Stop here"]
    board.click("g5")  # the last jump over g6; it could still go on over f5 back to e5
    assert named("Green dots: where it can land next", text_of(board.message.value)) == {"e5"}
    board.actions.children[0].click()  # Stop here
    assert [m.text for m in board.game.moves] == ["e5xe7xg7xg5"]
    assert board.last_error is None


# -- undo against a computer that moves first ---------------------------------------------------


@pytest.mark.parametrize(
    ("game", "computer", "reader"),
    [("belagerung", "attacker", "defender"), ("pyramid-siege", "defender", "attacker")],
)
def test_undo_reaches_the_start_and_the_computer_waits_there(
    game: str, computer: str, reader: str
) -> None:
    board = BoardWidget(game, computer={computer: FirstMove()})
    assert board.game.ply == 1 and board.game.to_move == reader  # the computer opened
    first = board.game.moves[0]
    move = own_moves(board.game)[0]
    board.play(move)
    assert board.game.ply == 3 and board.game.to_move == reader  # and answered
    board.undo_button.click()  # my move and the computer's answer, together
    assert board.game.ply == 1 and board.game.moves == (first,)
    board.undo_button.click()  # the computer's opening move: the start
    assert board.game.ply == 0 and board.game.to_move == computer
    assert "start position" in board.message.value
    assert board.undo_button.disabled
    assert [b.description for b in board.actions.children] == ["Computer, move"]
    assert "computer waits" in text_of(board.status.value)
    board.click(None)  # anything else the reader does: the start stays
    board.set_rules(move_limit=None)
    assert board.game.ply == 0 and board.game.to_move == computer
    board.actions.children[0].click()  # Computer, move
    assert board.game.ply == 1 and board.game.moves == (first,)
    assert board.actions.children == () or "Computer, move" not in [
        b.description for b in board.actions.children
    ]
    board.reset_button.click()  # reset shows the start too, and waits
    assert board.game.ply == 0 and "Computer, move" in visible_text(board)
    board.redo_button.click()  # replay: the computer's opening move only
    assert board.game.ply == 1 and board.game.to_move == reader
    assert board.last_error is None


def test_the_reader_may_play_the_computers_opening_move_instead() -> None:
    board = BoardWidget("belagerung", computer={"attacker": FirstMove()})
    board.undo_button.click()
    assert board.game.ply == 0
    opening = own_moves(board.game)[-1]
    board.play(opening)
    assert board.game.moves == (opening,) and board.game.to_move == "defender"
    reply = own_moves(board.game)[0]
    board.play(reply)  # now the computer answers again
    assert board.game.ply == 3
    assert board.last_error is None
