"""The public API (docs/design.md, section 5), exercised as a notebook would."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import siege_nb as sn


def test_contract_names() -> None:
    assert sn.GAMES == ("siege-of-paris", "belagerung", "pyramid-siege")
    assert sn.presets("siege-of-paris") == (
        "default",
        "boardandpieces",
        "escale-a-jeux",
        "ludosofia",
    )
    opt = sn.option("siege-of-paris", "SP-16")
    assert (opt.id, opt.name, opt.default) == ("SP-16", "protection", "reach-any-army")
    assert opt.question.endswith("?")
    for o in sn.options("siege-of-paris"):
        assert o.default in [c.value for c in o.choices]
        for c in o.choices:
            assert c.description
            assert all(key in sn.SOURCES for key in c.sources)


def test_presets_match_the_reference_table() -> None:
    table = {  # the Siege of Paris presets in docs/rules-reference.md, column by column
        "default": (3, "on-demand", "reach-any-army", 2, True, False, True, "on", True),
        "boardandpieces": (3, "always", "reach-any-army", 2, True, False, False, "off", False),
        "escale-a-jeux": (2, "on-demand", "adjacent", 1, True, False, True, "on", True),
        "ludosofia": (
            3,
            "on-demand",
            "reach-same-army",
            2,
            False,
            False,
            True,
            "last-soldier",
            True,
        ),
    }
    names = (
        "placement_win",
        "capture",
        "protection",
        "garrison_general_range",
        "colonel_captain_sideways",
        "lieutenant_backwards",
        "blockade_win",
        "soldier_inside_draw",
        "officers_must_sortie",
    )
    for preset, values in table.items():
        rules = sn.rules("siege-of-paris", preset)
        assert tuple(rules[n] for n in names) == values, preset
        assert len(rules) == len(sn.options("siege-of-paris"))  # complete


def test_new_game_overrides_and_rules_objects() -> None:
    g = sn.new_game(
        "siege-of-paris",
        preset="escale-a-jeux",
        protection="reach-any-army",
        players=3,
        blockade_win="off",
        SP_6=2,
    )
    assert g.rules["protection"] == "reach-any-army" and g.rules["SP-16"] == "reach-any-army"
    assert g.rules["blockade_win"] is False and g.rules["garrison_general_range"] == 2
    assert g.rules.preset == "escale-a-jeux"
    assert g.rules.overrides == {
        "protection": "reach-any-army",
        "blockade_win": False,
        "garrison_general_range": 2,
    }
    diff = g.rules.diff(sn.rules("siege-of-paris", "escale-a-jeux"))
    assert diff["protection"] == ("reach-any-army", "adjacent")
    assert "placement_win" not in diff
    assert "SP-16" in sn.option("siege-of-paris", "protection").describe()


def test_game_surface() -> None:
    g = sn.new_game("siege-of-paris")
    assert (g.to_move, g.result, g.ply, g.moves) == ("garrison", None, 0, ())
    assert len(g.pieces()) == 44
    move = g.legal_moves()[0]
    assert isinstance(move, sn.Move) and str(move) == move.text
    assert (move.start, move.end, move.kind, move.captures) == ("C0", "f5", "step", ())
    played = g.play(move)
    assert played == move and g.last_move == move and g.ply == 1
    assert g.why("C0-f5").legal is False  # it is White's turn now
    twin = g.clone()
    twin.play(twin.legal_moves()[0])
    assert g.ply == 1 and twin.ply == 2
    assert g.undo() == move and g.redo() == move
    text = str(g)
    assert "a  b  c" in text and "to move: white" in text
    assert "siege-of-paris" in repr(g)


def test_long_slides_list_their_path() -> None:
    g = sn.new_game(
        "siege-of-paris",
        position={"e3": "white general", "a2": "white soldier", "a15": "black soldier"},
        to_move="white",
    )
    move = next(m for m in g.legal_moves() if m.text == "e3-h3")
    assert move.path == ("e3", "f3", "g3", "h3")


@pytest.mark.parametrize(
    "module",
    [m.name for m in pkgutil.walk_packages(sn.__path__, "siege_nb.")],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
