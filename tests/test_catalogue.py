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
