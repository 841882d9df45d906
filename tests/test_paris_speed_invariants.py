"""The Siege of Paris move tables agree with the generic movement code they replace.

Move generation reads precomputed per-node tables (issue 13, item 2); the explain checks and
turning generals still use :meth:`ParisEngine._targets`. These tests keep the two in step on
random positions of every preset and of the flank-gates citadel.
"""

from __future__ import annotations

import random

import pytest

import siege_nb as sn
from siege_nb.games.paris import GARRISON, ParisEngine, ParisState

GAME = "siege-of-paris"


def random_states(game: sn.Game, n_games: int, seed: int) -> list[ParisState]:
    """Every state of ``n_games`` random games (at most 150 plies each) from the start."""
    rng = random.Random(seed)
    states = []
    for _ in range(n_games):
        g = game.clone()
        while g.result is None and g.ply < 150:
            states.append(g._state)
            g.play(rng.choice(g.legal_moves()))
        states.append(g._state)
    return states


@pytest.mark.parametrize(
    ("preset", "options"),
    [(p, {}) for p in sn.presets(GAME)] + [("default", {"citadel": "ring-flank-gates"})],
)
def test_army_tables_agree_with_the_generic_path(preset: str, options: dict[str, str]) -> None:
    g = sn.new_game(GAME, preset=preset, **options)
    engine = g._engine
    assert isinstance(engine, ParisEngine) and not engine.rules["general_turns"]
    for state in random_states(g, 3, seed=len(preset)):
        for army in (1, 2):
            fast = engine._army_moves(state.cells, state.occupied, army)
            generic = engine._army_moves_walking(state.cells, state.occupied, army)
            # The same shared Move objects, in the same order.
            assert len(fast) == len(generic)
            assert all(a is b for a, b in zip(fast, generic, strict=True))


@pytest.mark.parametrize("preset", sn.presets(GAME))
def test_garrison_moves_are_candidates_in_candidate_order(preset: str) -> None:
    g = sn.new_game(GAME, preset=preset)
    engine = g._engine
    for state in random_states(g, 3, seed=7):
        if state.result is not None or state.to_move != GARRISON:
            continue
        moves, captures, _ = engine._garrison_options(state.cells, state.occupied)
        expected = [
            m
            for node in state.occupied
            if state.cells[node] < 8
            for m in engine.candidates(state, engine.board.names[node])
        ]
        # The table path only drops moves (protection, SP-14), never adds or reorders them.
        it = iter(expected)
        assert all(any(m is e for e in it) for m in moves)
        assert captures == [m for m in moves if m.kind == "capture"]


@pytest.mark.parametrize(
    ("preset", "options"),
    [(p, {"move_limit": 60}) for p in sn.presets(GAME)]
    + [("default", {"invaders_only_draw": True, "soldier_inside_draw": "any-soldier"})],
)
def test_results_settled_without_counting_agree_with_the_full_checks(
    preset: str, options: dict[str, object]
) -> None:
    """A move that takes nothing and stays on its side of the citadel's boundary is settled
    without counting the pieces again (only the move limit is checked): every state of
    random games has the result that the full end-of-game checks give it (or, where they
    give none, the side to move passed or the garrison is blockaded)."""
    g = sn.new_game(GAME, preset=preset, **options)
    engine = g._engine
    assert isinstance(engine, ParisEngine)
    seen: set[str] = set()
    rng = random.Random(len(preset))
    for _ in range(4):
        game = g.clone()
        while game.result is None and game.ply < 600:
            game.play(rng.choice(game.legal_moves()))
        for state in _states_of(game):
            full = engine._result(state.cells, state.occupied, state.quiet)
            if full is not None:
                assert state.result == full
                seen.add(full.rule)
            else:
                assert state.result is None or state.result.rule in ("SP-2", "SP-23")
    assert seen  # some game ended by a rule the counts decide


def _states_of(game: sn.Game) -> list[ParisState]:
    """Every state a game went through, replayed from its set-up by the engine."""
    engine = game._engine
    state = game._marks[0]
    out = [state]
    for move in game.moves:
        state = engine.apply(state, move)
        out.append(state)
    return out
