"""Playing against the computer in the board widget."""

from __future__ import annotations

import random

import matplotlib

matplotlib.use("Agg")

import siege_nb as sn
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.widgets.board import BoardWidget


class FirstMove(BaseAgent):
    """Plays the first of its own moves; demands whenever it may, if told to."""

    name = "first"

    def __init__(self, demand: bool = False) -> None:
        self.demand = demand
        self.asked = 0

    def choose(self, game: sn.Game) -> sn.Move:
        return own_moves(game)[0]

    def wants_demand(self, game: sn.Game) -> bool:
        self.asked += 1
        return self.demand


def test_the_computer_answers_and_undo_takes_back_both() -> None:
    b = BoardWidget("pyramid-siege", computer={"attacker": FirstMove()})
    assert b.game.ply == 0 and b.game.to_move == "defender"
    b.click("r4c1")
    b.click("r4c2")
    assert b.game.ply == 2 and b.game.to_move == "defender"
    assert "The computer played" in b.message.value
    b.undo_button.click()
    assert b.game.ply == 0 and b.game.to_move == "defender"
    assert b.last_error is None


def test_a_computer_garrison_opens_the_game() -> None:
    b = BoardWidget("siege-of-paris", computer={"garrison": FirstMove()})
    assert b.game.ply == 1 and b.game.to_move == "white"
    b.click("b3")
    b.click("c4")
    # The garrison answered: it is Black's turn now, played by the reader.
    assert b.game.ply == 3 and b.game.to_move == "black"


def test_the_computer_attackers_decide_the_demand() -> None:
    position = {
        "k7": "garrison soldier",
        "j8": "black soldier",
        "a2": "white soldier",
        "a15": "black soldier",
    }
    agent = FirstMove(demand=True)
    b = BoardWidget(sn.new_game("siege-of-paris", position=position), computer={"attackers": agent})
    assert agent.asked == 1 and b.game.demanded
    b.click("k7")
    assert b.highlights.captures == ["j8"] and b.highlights.destinations == []
    b.click("j8")
    assert b.game.moves[-2].text == "k7xj8"  # then the computer's White reply
    never = FirstMove(demand=False)
    b2 = BoardWidget(
        sn.new_game("siege-of-paris", position=position), computer={"attackers": never}
    )
    assert never.asked == 1 and not b2.game.demanded


def test_the_selector_sets_the_computer_side() -> None:
    b = BoardWidget("pyramid-siege")
    rng = random.Random(0)
    b.computer_selector.value = "defender"  # the computer moves at once: defenders start
    assert b.game.ply == 1 and b.game.to_move == "attacker"
    move = rng.choice([m for m in b.game.legal_moves() if m.kind == "step"])
    b.click(move.start)
    b.click(move.end)
    assert b.game.ply == 3
    b.computer_selector.value = ""
    assert b.computer == {}
    assert b.last_error is None
