"""Where they part, in a widget: the finder's lessons chosen and stepped through, headless."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import re

import pytest

import siege_nb as sn
from siege_nb.widgets import Classroom, WhereTheyPart
from siege_nb.widgets.disputes import default_option


def test_finding_shows_the_lessons_one_by_one() -> None:
    part = WhereTheyPart(
        "siege-of-paris", "escale-a-jeux", option="protection", a="adjacent", b="reach-any-army"
    )
    assert part.player is None and "Find where they part" in part.status.value
    found = part.find()
    assert found.disagreements and "positions searched" in part.status.value
    assert part.player is not None and part.player.index == 0
    assert len(part.lesson_chooser.options) == len(found)
    first = part.player
    part.player.next()
    assert part.player.index == 1
    if len(found) > 1:
        part.lesson_chooser.value = 1
        assert part.player is not first
        assert found.disagreements[1].move in part.player.steps[0].text
    # The two readings are the ones chosen, each a step of the player.
    readings = {step.game.rules["protection"] for step in part.player.steps[1:]}
    assert readings == {"adjacent", "reach-any-army"}


def test_choosing_another_rule_offers_its_choices() -> None:
    part = WhereTheyPart("belagerung")
    assert part.option.name == "attacker_direction"
    part.option_chooser.value = "capture"
    assert part.choices == ("optional", "huff")
    part.b_chooser.value = 2
    assert part.choices == ("optional", "strict")
    assert part.find().disagreements[0].rule == "BL-3"


def test_none_found_is_said_plainly() -> None:
    # The sortie rule parts only where every garrison soldier outside is stuck: a search of
    # 60 positions meets none, and the widget says so instead of a board.
    part = WhereTheyPart("siege-of-paris", option="officers_must_sortie", positions=60)
    found = part.find()
    assert not found.disagreements
    assert "No position where they part was found in" in part.status.value
    assert part.player is None and part.children == (part._controls,)
    assert part.lesson_chooser.layout.display == "none"


def test_the_pupil_view_names_no_rule_ids() -> None:
    part = WhereTheyPart(
        "siege-of-paris", option="protection", a="reach-any-army", b="adjacent", pupil=True
    )
    part.find()
    text = part.children[1].value + " ".join(step.text for step in part.player.steps)
    assert not re.search(r"\bSP-\d", text), text
    assert "stated by" not in text and "reading" not in part.option_chooser.label


def test_default_option_of_every_game() -> None:
    for game in sn.GAMES:
        for preset in sn.presets(game):
            name, a, b = default_option(game, preset)
            opt = sn.option(game, name)
            assert a != b and not opt.changes_board
            assert a == sn.rules(game, preset)[name]


@pytest.mark.parametrize(
    ("kw", "error"),
    [
        ({"game": "chess"}, ValueError),
        ({"option": "SP-99"}, ValueError),
        ({"option": "protection", "a": "adjacent", "b": "adjacent"}, sn.ArgumentError),
        ({"option": "protection", "a": "sideways"}, sn.ArgumentError),
        ({"positions": 0}, sn.ArgumentError),
        ({"seconds": "5"}, TypeError),
        ({"pupil": 1}, TypeError),
    ],
)
def test_bad_input_is_refused(kw: dict, error: type) -> None:
    with pytest.raises(error):
        WhereTheyPart(**kw)


def test_the_classroom_has_the_tab_and_follows_the_game() -> None:
    room = Classroom("siege-of-paris")
    assert [room.tabs.get_title(k) for k in range(3)] == ["Play", "Scenarios", "Where they part"]
    assert room._parts is None  # made when the tab is first opened: a pupil's page starts light
    room.tabs.selected_index = 2
    assert room._parts is not None and room.tabs.children[2] is room.parts and room.parts.pupil
    room.game_chooser.value = "pyramid-siege"
    parts = room.parts
    assert parts.game == "pyramid-siege" and room.tabs.children[2] is parts
    room.new_button.click()
    assert room.parts is parts  # the same game and preset keep the search and its lessons
    room.set_size("large")
    assert room.parts._size == ("large", True)
