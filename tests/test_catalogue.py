"""The game catalogue: one GameInfo per game, and the tables that now read it."""

from __future__ import annotations

import random

import pytest

import siege_nb as sn
from siege_nb.ai.base import TEAMS
from siege_nb.games.catalogue import CATALOGUE, game_info
from siege_nb.rules import title


@pytest.mark.parametrize("name", sn.GAMES)
def test_every_game_has_one_record_that_matches_its_games(name: str) -> None:
    info = game_info(name)
    assert info.name == name and info.title == title(name)
    assert TEAMS[name] == info.teams
    g = sn.new_game(name)
    assert g.to_move in info.sides
    assert set(g.setup()) <= info.record_setup_keys
    # Random games end with a winner from the game's own vocabulary, or a draw.
    rng = random.Random(7)
    for _ in range(3):
        g = sn.new_game(name, move_limit=60)
        while g.result is None:
            g.play(rng.choice(g.legal_moves()))
        assert g.result.winner in (*info.winners, None)
    for players in info.players:
        assert sn.new_game(name, players=players).players == players
    with pytest.raises(ValueError, match=info.title):
        sn.new_game(name, players=4)


def test_the_catalogue_covers_exactly_the_games() -> None:
    assert tuple(CATALOGUE) == sn.GAMES
    with pytest.raises(ValueError, match="unknown game"):
        game_info("chess")


@pytest.mark.parametrize("name", sn.GAMES)
def test_position_starts_a_game_from_here(name: str) -> None:
    rng = random.Random(3)
    g = sn.new_game(name)
    for _ in range(7):
        g.play(rng.choice(g.legal_moves()))
    here = sn.new_game(name, **g.position())
    assert (here.pieces(), here.to_move) == (g.pieces(), g.to_move)
    assert {m.text for m in here.legal_moves()} == {m.text for m in g.legal_moves()}


def test_with_rules_replays_the_history_or_goes_on_from_here() -> None:
    g = sn.new_game("siege-of-paris")
    g.play("C0-f5")
    before = g.to_json()
    h = g.with_rules(protection="adjacent")
    assert h.rules["protection"] == "adjacent" and [m.text for m in h.moves] == ["C0-f5"]
    assert g.to_json() == before  # the original game is untouched
    assert g.with_rules("ludosofia", reset=True).rules.overrides == {}
    # A sideways colonel step stops being legal: the new game starts from the current position.
    pos = {"e4": "white colonel", "a15": "black soldier", "l16": "garrison general"}
    g = sn.new_game("siege-of-paris", position=pos, to_move="white")
    g.play("e4-f4")
    h = g.with_rules(colonel_captain_sideways=False)
    assert h.moves == () and h.pieces() == g.pieces() and h.to_move == g.to_move
    # A position the new board cannot hold is refused, and the game is left as it was.
    b = sn.new_game("belagerung", defenders=["b9", "e7", "g7"])  # b9: a top-row horn
    with pytest.raises(ValueError, match="b9"):
        b.with_rules(horns="beside-middle-row")
    with pytest.raises(ValueError, match="no option"):
        b.with_rules(nope=1)
    assert b.rules["horns"] == "top-row"


@pytest.mark.parametrize("name", sn.GAMES)
def test_verdicts_carry_their_move_and_a_refusal_category(name: str) -> None:
    from typing import get_args

    from siege_nb.games.base import REFUSALS, MoveKind

    g = sn.new_game(name)
    move = g.legal_moves()[0]
    verdict = g.why(move.text)
    assert verdict.legal and verdict.refusal is None and verdict.judged == move
    assert all(m.kind in get_args(MoveKind) for m in g.legal_moves())
    assert g.why("zz9-zz8").refusal == "notation" and g.why("zz9-zz8").judged is None
    for v in g.explore(move.start):
        assert (v.refusal is None) == v.legal
        assert v.refusal is None or v.refusal in REFUSALS
        if v.refusal == "rule":
            assert v.rule not in REFUSALS  # then the rule is named by its id


def test_status_says_what_a_display_needs_in_every_game() -> None:
    paris = sn.new_game("siege-of-paris")
    assert paris.status() == sn.Status("garrison", then="white")
    paris.play("C0-f5")
    assert paris.status() == sn.Status("white")
    pos = {"k7": "garrison soldier", "j8": "black soldier", "a2": "white soldier"}
    demand = sn.new_game("siege-of-paris", position=pos)
    demand.play("demand")
    assert demand.status().demanded
    pyramid = sn.new_game(
        "pyramid-siege",
        position={
            "r4c1": "defender",
            "r3c1": "attacker",
            "r6c3": "defender",
            **{f"r7c{c}": "attacker" for c in range(1, 7)},
        },
    )
    pyramid.play("r6c3-r5c3")
    assert pyramid.status() == sn.Status("attacker", huffable=("r4c1",))
    assert sn.new_game("belagerung").status() == sn.Status("attacker")


def test_a_state_s_cached_moves_serve_only_the_engine_that_made_them() -> None:
    # The defender on r4c1 can capture; under "strict" that capture is its only legal move.
    pos = {
        "r4c1": "defender",
        "r3c1": "attacker",
        "r6c3": "defender",
        **{f"r7c{c}": "attacker" for c in range(1, 7)},
    }
    g = sn.new_game("pyramid-siege", position=pos, capture="huff")
    state = g._state
    assert len(g.legal_moves()) > 1  # now cached in the state
    strict = g._engine.with_rules(sn.rules("pyramid-siege", capture="strict"))
    assert [m.text for m in strict.legal(state)] == ["r4c1xr2c1"]
    assert len(g.legal_moves()) > 1  # and the game's own answer is still its own
