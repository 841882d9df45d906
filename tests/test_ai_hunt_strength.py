"""What the search's Belagerung evaluation (``HuntDomain.evaluate``) must see for the attackers to
beat the greedy defenders: an attacker handed over is a clear loss at any stage of the game, and
closing the last free fortress point while defenders sit inside loses the waiting moves there
(the attackers then run out of steps and lose by BL-9)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import siege_nb as sn
from siege_nb.ai.agents import MCTSAgent
from siege_nb.ai.search import HuntDomain
from siege_nb.games.base import Game

BL = "belagerung"
FORTRESS = ("c7", "d7", "e7", "f7", "g7", "c8", "d8", "e8", "f8", "g8")
FORTRESS += ("c9", "d9", "e9", "f9", "g9", "b9", "h9")
ROWS = {1: "cdefg", 2: "cdefg", 3: "abcdefghi", 4: "abcdefghi", 5: "abcdefghi"}


def step(domain: HuntDomain, pos: tuple[object, ...], text: str) -> tuple[object, ...]:
    """The position after the step ``text`` (``"e6-e7"``) from ``pos``."""
    names = domain.board.names
    for action in domain.actions(pos):
        if action[0] == "s" and f"{names[action[1]]}-{names[action[2]]}" == text:
            return domain.play(pos, action)
    raise AssertionError(f"{text} is not a step here")


def early_game() -> Game:
    """Twelve plies in: f5-f6 hands the defender on f7 the attacker on f6 (f7xf5); g5-f6 and
    h9-g9 hand over nothing."""
    position = {f"{c}{r}": "attacker" for r, files in ROWS.items() for c in files}
    position.update({f"{c}6": "attacker" for c in "abcdeghi"})
    position.update({p: "attacker" for p in ("a7", "b7", "g7", "h7", "h9")})
    position.update({p: "defender" for p in ("c7", "f7", "f8")})
    return sn.new_game(BL, position=position, to_move="attacker")


def nearly_closed() -> Game:
    """Defenders on d9 and f9 inside, one in the a7 corner (no attacker can ever reach a7 again,
    so it always has a move); e7 is the only free fortress point, and e6-e7 would close it."""
    position = {p: "attacker" for p in FORTRESS if p not in ("d9", "f9", "e7")}
    for p in ("e6", "c3", "d3", "e3", "f3", "g3", "c4", "d4", "e4", "f4", "g4"):
        position[p] = "attacker"
    position.update({p: "defender" for p in ("d9", "f9", "a7")})
    return sn.new_game(BL, position=position, to_move="attacker")


def test_root_scores_are_centred_whatever_the_stage():
    for g in (sn.new_game(BL), early_game(), nearly_closed()):
        domain = HuntDomain(g)
        assert 0.6 < domain.evaluate(domain.root(g)) < 0.85


@pytest.mark.parametrize(
    ("position", "worse", "better", "margin"),
    [
        # Handing over an attacker: an absolute score near 1 would put the moves within 0.01
        # of each other, which the search cannot tell apart from the noise of its playouts.
        (early_game, "f5-f6", ("g5-f6", "h9-g9"), 0.03),
        # Closing the last free fortress point on the defenders inside.
        (nearly_closed, "e6-e7", ("c4-c5", "e8-e7"), 0.1),
    ],
    ids=["handing-over-an-attacker", "closing-the-fortress"],
)
def test_the_worse_step_scores_clearly_lower(
    position: Callable[[], Game], worse: str, better: tuple[str, ...], margin: float
) -> None:
    g = position()
    domain = HuntDomain(g)
    root = domain.root(g)
    low = domain.evaluate(step(domain, root, worse))
    for text in better:
        assert domain.evaluate(step(domain, root, text)) - low > margin


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_search_keeps_a_free_fortress_point(seed):
    g = nearly_closed()
    move = MCTSAgent(iterations=400, seed=seed).choose(g)
    assert str(move) != "e6-e7"


def test_pyramid_siege_scores_are_not_centred():
    # The centring is Belagerung's: Pyramid Siege keeps its absolute scores.
    g = sn.new_game("pyramid-siege")
    domain = HuntDomain(g)
    assert domain.evaluate(domain.root(g)) > 0.9
