"""Widgets without a browser: synthetic mouse events and Button.click()."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

import siege_nb as sn
from siege_nb.widgets import BoardWidget, RuleComparer, ScenarioPlayer
from siege_nb.widgets.common import mouse_click

FIGURE_B = {
    "k7": "garrison soldier",
    "j8": "black soldier",
    "j9": "white soldier",
    "a2": "white soldier",
}


def press(widget: BoardWidget, node: str) -> None:
    """A real (synthetic) mouse press on ``node``'s drawing."""
    mouse_click(widget.canvas, widget.ax, *widget.view.positions[node])


def snapshot(g: sn.Game) -> tuple:
    return (str(g), g.to_move, g.ply, [m.text for m in g.moves])


def test_select_play_undo_redo_with_the_mouse() -> None:
    b = BoardWidget("siege-of-paris", preset="escale-a-jeux")
    b.canvas.draw()
    press(b, "C0")
    assert b.highlights.selected == "C0"
    assert b.view.highlighted()["destinations"] == {"f5", "g5"}
    press(b, "g5")
    assert b.game.last_move.text == "C0-g5"
    assert "g5" in b.view.drawn_at("garrison colonel")
    assert "White" in b.status.value and "C0-g5" in b.status.value
    assert b.highlights.selected is None
    b.undo_button.click()
    assert b.game.ply == 0 and "g5" not in b.view.drawn_at("garrison colonel")
    assert b.undo_button.disabled and not b.redo_button.disabled
    b.redo_button.click()
    assert b.game.last_move.text == "C0-g5"
    b.reset_button.click()
    assert b.game.ply == 0 and not b.game.can_redo
    assert b.last_error is None


def test_bad_clicks_change_nothing() -> None:
    b = BoardWidget("siege-of-paris")
    before = snapshot(b.game)
    b.click(None)  # off the board
    b.click("a9")  # an empty square
    b.click("b3")  # a White piece while the garrison is to move
    assert "turn" in b.message.value
    mouse_click(b.canvas, b.ax, -3.0, -3.0)  # in the margin of the axes
    mouse_click(b.canvas, b.ax, 6.5, 8.5)  # the middle of the citadel
    b.click("C0")
    b.click("h8")  # not a destination of the selected piece
    assert snapshot(b.game) == before
    assert b.last_error is None


def test_a_forbidden_destination_says_why_and_switching_readings_changes_it() -> None:
    b = BoardWidget(sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B))
    b.click("k7")
    assert b.highlights.forbidden == {"j8": "SP-16"}
    before = snapshot(b.game)
    b.click("j8")
    assert snapshot(b.game) == before
    assert "SP-16" in b.message.value and "j9" in b.message.value
    # Switch the protection reading with its selector: the capture becomes legal at once.
    selector = b.option_selectors["protection"]
    opt = sn.option("siege-of-paris", "protection")
    selector.value = [c.value for c in opt.choices].index("reach-any-army")
    assert b.game.rules["protection"] == "reach-any-army"
    b.click("k7")
    assert "j8" in b.highlights.captures and not b.highlights.forbidden
    b.click("j8")
    assert b.game.last_move.text == "k7xj8"
    assert "1 black soldier" in b.status.value
    # The preset selector resets every option to the preset's values.
    b.preset_selector.value = "ludosofia"
    assert b.game.rules["protection"] == "reach-same-army"
    assert b.last_error is None


def test_demand_button() -> None:
    b = BoardWidget(sn.new_game("siege-of-paris", position=FIGURE_B, protection="reach-any-army"))
    labels = [c.description for c in b.actions.children]
    assert labels == ["Demand a capture"]
    b.actions.children[0].click()
    assert b.game.demanded and "demanded" in b.status.value
    b.click("k7")
    assert b.highlights.captures == ["j8"] and b.highlights.destinations == []


def test_multi_jump_chain_point_by_point_and_huff_button() -> None:
    pos = {
        "e5": "defender",
        "e6": "attacker",
        "f7": "attacker",
        "a4": "defender",
        **{
            p: "attacker"
            for p in [
                "c1",
                "d1",
                "e1",
                "f1",
                "g1",
                "c2",
                "d2",
                "e2",
                "f2",
                "g2",
                "i3",
                "h3",
                "g3",
                "f3",
                "e3",
                "d3",
                "c3",
            ]
        },
    }
    b = BoardWidget(
        sn.new_game(
            "belagerung", position=pos, to_move="defender", capture="huff", attacker_direction="any"
        )
    )
    b.canvas.draw()
    press(b, "e5")
    assert "e7" in b.highlights.destinations
    press(b, "e7")  # the chain can go on over f7: not played yet
    assert b.game.ply == 0 and b.highlights.destinations == ["g7"]
    assert [c.description for c in b.actions.children] == ["Stop here"]
    press(b, "g7")  # nothing more to jump: the chain is played
    assert b.game.last_move.text == "e5xe7xg7"
    assert b.game.last_move.captures == ("e6", "f7")
    b.undo_button.click()
    b.click("e5")
    b.click("e7")
    b.actions.children[0].click()  # "Stop here": the one-jump move
    assert b.game.last_move.text == "e5xe7"
    b.undo_button.click()
    b.click("a4")
    b.click("a5")  # a step although e5 could capture: huffable
    assert [c.description for c in b.actions.children] == ["Huff e5"]
    b.actions.children[0].click()
    assert "e5" not in b.game.pieces() and b.game.huffed
    assert b.last_error is None


def test_board_options_rebuild_the_drawing() -> None:
    b = BoardWidget("siege-of-paris")
    old_view = b.view
    b.set_rules(citadel="ring-flank-gates")
    assert b.view is not old_view and b.game.rules["citadel"] == "ring-flank-gates"
    b.click("C2")
    assert set(b.highlights.destinations) == {"c8", "c9"}
    h = BoardWidget("belagerung")
    h.set_rules(horns="beside-middle-row")
    assert h.view.pieces_drawn() == 53
    assert h.last_error is None and b.last_error is None


def test_rules_that_make_the_history_illegal_keep_the_position() -> None:
    b = BoardWidget("siege-of-paris", preset="default")
    for move in ["C0-f5", "b1-c1", "f5-e5", "d14-c13"]:  # b1-c1: a White colonel sideways
        b.play(move)
    b.set_rules(soldier_backwards=True)  # every move stays legal: the history is kept
    assert [m.text for m in b.game.moves] == ["C0-f5", "b1-c1", "f5-e5", "d14-c13"]
    before = b.game.pieces()
    b.set_rules(colonel_captain_sideways=False)  # b1-c1 is now illegal
    assert b.game.pieces() == before and b.game.moves == ()
    assert b.game.to_move == "garrison" and b.game.next_army == "white"
    assert "current position" in b.message.value
    assert b.last_error is None


def test_scenario_player_steps() -> None:
    p = ScenarioPlayer.figure_b()
    assert p.prev_button.disabled and not p.next_button.disabled
    p.next_button.click()
    assert p.index == 1 and "reach-any-army" in p.text.value
    assert p.view.highlighted()["captures"] == {"j8"}
    p.next_button.click()
    p.next_button.click()
    assert p.index == 3 and p.view.highlighted()["forbidden"] == {"j8"}
    p.next_button.click()
    p.next_button.click()  # stays on the last step
    assert p.index == 4 and p.next_button.disabled
    p.prev_button.click()
    assert p.index == 3
    assert p.to_png(dpi=30)[:4] == b"\x89PNG"
    assert p.last_error is None
    with pytest.raises(ValueError):
        ScenarioPlayer([])


def test_rule_comparer() -> None:
    c = RuleComparer(FIGURE_B, "protection")
    assert len(c.views) == 4 and "Click a piece" in c.table.value
    mouse_click(c.canvas, c.views[2].ax, *c.views[2].positions["k7"])
    assert c.selected == "k7"
    forbidden = [v.highlighted()["forbidden"] for v in c.views]
    assert forbidden == [set(), set(), {"j8"}, {"j8"}]
    # Two readings refuse the capture, each naming the protecting piece.
    assert c.table.value.count("✕") == 2
    assert c.table.value.count("protected by the white soldier on j9") == 2
    c.select("a9")  # an empty square: nothing selected, nothing breaks
    assert c.selected is None and c.last_error is None
    hunt = RuleComparer(sn.new_game("belagerung"), "attacker_direction", piece="d6")
    assert [len(v.highlighted()["destinations"]) for v in hunt.views] == [1, 1, 1, 1]
    with pytest.raises(ValueError, match="two to four"):
        RuleComparer(FIGURE_B, "protection", values=["adjacent"])


def test_a_scenario_step_leaves_the_callers_highlights_alone() -> None:
    from siege_nb.widgets.scenario import Step

    mine = sn.Highlights(marked=["j9"])
    g = sn.new_game("siege-of-paris", position={"k7": "garrison soldier", "j8": "black soldier"})
    player = ScenarioPlayer([Step(g, "text", highlights=mine, mark=["k7"])])
    player.go(0)
    assert mine.marked == ["j9"]  # the player drew k7 and j9 on a copy
    assert set(player.view.highlighted()["marked"]) == {"k7", "j9"}


def test_board_changing_options_are_flagged_in_the_rule_data() -> None:
    from siege_nb.games.base import BOARD_OPTIONS

    flagged = {o.name for g in sn.GAMES for o in sn.options(g) if o.changes_board}
    assert flagged == {"citadel", "horns", "diagonals"} == BOARD_OPTIONS
