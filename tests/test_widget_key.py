"""The Key toggle of the board widget and the scenario player (issue: a key on every board)."""

from __future__ import annotations

import siege_nb as sn


def test_the_board_widget_key_follows_its_toggle_and_survives_a_new_board() -> None:
    board = sn.BoardWidget("siege-of-paris")
    assert not board.view.legend_shown()
    board.key_button.value = True  # as a reader's click does
    assert board.view.legend_shown() and board.view.key is not None
    # The board makes room for the key: the two never overlap, and both lie in the figure.
    board.fig.canvas.draw()
    board_box = board.view.ax.get_window_extent()
    key_box = board.view.key.frame.get_window_extent()
    assert board_box.x1 <= key_box.x0 + 1 or key_box.y1 <= board_box.y0 + 1
    figure_box = board.fig.bbox
    assert figure_box.x0 - 1 <= key_box.x0 and key_box.x1 <= figure_box.x1 + 1
    # A board-changing option draws a new board: the key stays.
    board.set_rules(citadel="ring-flank-gates")
    assert board.view.legend_shown()
    board.set_key(False)
    assert not board.view.legend_shown() and not board.key_button.value


def test_the_scenario_player_key_follows_its_toggle_across_steps() -> None:
    player = sn.scenario("figure-b-literal").player()
    player.set_key(True)
    assert player.key_button.value and player.view.legend_shown()
    player.next()
    assert player.view.legend_shown()
    player.key_button.value = False
    assert not player.view.legend_shown()


def test_the_rule_comparer_shows_one_key_below_its_boards() -> None:
    cmp = sn.RuleComparer(
        {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
        "protection",
        piece="k7",
    )
    assert cmp.key.layout.display == "none" and not cmp.key.value
    cmp.key_button.value = True
    assert cmp.key.layout.display != "none" and bytes(cmp.key.value).startswith(b"\x89PNG")
    assert cmp.key in cmp.children
    cmp.set_key(False)
    assert cmp.key.layout.display == "none" and not cmp.key_button.value
