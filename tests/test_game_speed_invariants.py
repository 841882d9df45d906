"""The public API's fast paths agree with the plain calls they stand for.

``Game.legal_moves`` copies the moves the engine kept for the position when it has them,
instead of asking the engine's head search; ``Game.play`` recognises one of those Moves by
identity before it looks the move up. Here both are compared, ply by ply of random games of
every game, with the engine calls they skip.
"""

from __future__ import annotations

import random

import pytest

import siege_nb as sn
from siege_nb.games.base import MOVES_AT_ONCE


@pytest.mark.parametrize("game", sn.GAMES)
def test_legal_moves_and_play_agree_with_the_engine_calls(game: str) -> None:
    rng = random.Random(11)
    for preset in sn.presets(game):
        g = sn.new_game(game, preset=preset)
        kept = 0
        while g.result is None and g.ply < 300:
            engine, state = g._engine, g._state
            known = engine.known(state)
            kept += known is not None
            moves = g.legal_moves()
            first, complete = engine.legal_head(state, MOVES_AT_ONCE)
            assert complete and moves.complete
            assert all(a is b for a, b in zip(moves, first, strict=True))
            for limit in {0, 1, len(first) - 1, len(first)}:
                if limit < 0:
                    continue
                upto = engine.legal_upto(state, limit)
                if upto is None:
                    with pytest.raises(sn.TooManyMoves):
                        g.legal_moves(limit=limit)
                else:
                    bounded = g.legal_moves(limit=limit)
                    assert all(a is b for a, b in zip(bounded, upto, strict=True))
            move = rng.choice(moves)
            looked_up = g._find(move)
            assert g.play(move) is looked_up is move
        assert kept  # the fast path was taken


@pytest.mark.parametrize("game", sn.GAMES)
def test_play_takes_equal_moves_and_text_as_before(game: str) -> None:
    """A Move that is equal to a legal one but not the engine's own, and text, still play
    (the identity test only comes first), and an illegal Move is still refused."""
    g = sn.new_game(game)
    move = g.legal_moves()[0]
    twin = sn.Move(move.start, move.end, move.path, move.captures, move.kind)
    assert twin is not move and twin == move
    assert g.play(twin) is move
    g.undo()
    assert g.play(move.text) is move
    g.undo()
    wrong = sn.Move(move.start, move.start, (move.start,), (), "step")
    with pytest.raises(sn.IllegalMove):
        g.play(wrong)
    assert g.ply == 0
