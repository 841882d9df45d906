"""Playing leaves nothing for the garbage collector, and a long run keeps its memory.

Everything a ply makes is freed by reference counting as soon as it is no longer used: a
reference cycle (a nested function that calls itself, say) would wait for the collector,
which then has to run every few plies and holds the board copies in the meantime. The
engine's shared tables and caches are bounded, so memory does not grow with the games played
(``benchmarks/bench_engines.py --memory`` measures it).
"""

from __future__ import annotations

import gc
import random
import sys
from collections.abc import Callable

import pytest

import siege_nb as sn
from siege_nb.ai import TEAMS, GreedyAgent, MCTSAgent, RandomAgent
from siege_nb.ai.base import play_turn
from siege_nb.games import hunt

# The engine's code: a cycle holds one of its objects, functions or frames. Other threads of
# the test process (a Dask cluster or a widget's heartbeat left by an earlier test) may make
# garbage of their own while the work runs; that is not counted.
ENGINE = ("siege_nb.games", "siege_nb.boards", "siege_nb.rules", "siege_nb.ai")
ENGINE_FILES = tuple(f"siege_nb/{part}/" for part in ("games", "boards", "rules", "ai"))


def _engine_made(obj: object) -> bool:
    if (getattr(type(obj), "__module__", "") or "").startswith(ENGINE):
        return True
    code = getattr(obj, "__code__", None) or getattr(obj, "f_code", None)
    return code is not None and any(f in code.co_filename for f in ENGINE_FILES)


def cycles_left_by(work: Callable[[], object]) -> int:
    """How many objects of the engine's making only the collector could free after
    ``work()`` (run with it off: re-enabled, it would free them at the next allocation,
    before anyone counts)."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        work()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return sum(1 for obj in gc.garbage if _engine_made(obj))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


def test_the_count_sees_a_cycle_the_engine_makes() -> None:
    """The count is not blind: a cycle made by the engine's own code is counted."""
    from siege_nb.games.base import Move

    def work() -> None:
        move = Move("a1", "a2", ("a1", "a2"), (), "step", raw=[])
        move.raw.append(move)  # a list holding the Move that holds it

    assert cycles_left_by(work) >= 1


def random_games(game: str, n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        g = sn.new_game(game)
        while g.result is None and g.ply < 400:
            g.play(rng.choice(g.legal_moves()))
        engine, state = g._engine, g._state
        for _ in range(50):  # and the engine path, from where the game stood
            if state.result is not None:
                break
            state = engine.apply(state, rng.choice(engine.legal(state)))


@pytest.mark.parametrize("game", sn.GAMES)
def test_random_games_leave_no_reference_cycles(game: str) -> None:
    random_games(game, 1, seed=0)  # tables and caches made outside the count
    n = {"siege-of-paris": 2, "belagerung": 8, "pyramid-siege": 40}[game]
    assert cycles_left_by(lambda: random_games(game, n, 1)) == 0


@pytest.mark.parametrize("game", ["belagerung", "pyramid-siege"])
def test_agents_leave_no_reference_cycles(game: str) -> None:
    """The greedy player's longest chain and the search agent's tree go with their moves."""
    agents = {TEAMS[game][0]: GreedyAgent(seed=1), TEAMS[game][1]: MCTSAgent(iterations=30)}
    g = sn.new_game(game)

    def play() -> None:
        for _ in range(30):
            if g.result is not None:
                break
            g.play(agents[g.to_move].choose(g))

    assert cycles_left_by(play) == 0


def live_after(game: str, n: int) -> tuple[int, int]:
    """Play ``n`` random games one after the other, as a lab worker does; then, all of them
    gone, the memory blocks the interpreter holds and the live Moves."""
    agents = {team: RandomAgent(seed=1) for team in TEAMS[game]}
    for _ in range(n):
        g = sn.new_game(game)
        while g.result is None and g.ply < 300:
            play_turn(g, agents)
    del g, agents
    gc.collect()
    return sys.getallocatedblocks(), sum(type(o) is sn.Move for o in gc.get_objects())


@pytest.mark.parametrize(
    ("game", "few", "many"), [("pyramid-siege", 100, 600), ("belagerung", 10, 60)]
)
def test_memory_does_not_grow_with_the_games_played(
    monkeypatch: pytest.MonkeyPatch, game: str, few: int, many: int
) -> None:
    """Nothing a game made outlives it but the shared tables, which are bounded: after many
    games the interpreter holds what it held after a few (what ``simulate`` returns, a
    record per game, grows with the games by design; bench_engines.py --memory reports it
    apart). The one table that fills with the games, the jump chains' Moves
    (hunt.JUMP_MOVES_KEPT), is made small here so that both runs pass its bound."""
    monkeypatch.setattr(hunt, "JUMP_MOVES_KEPT", 16)
    live_after(game, few)  # tables and caches made once
    blocks, moves = live_after(game, few)
    more_blocks, more_moves = live_after(game, many)
    assert more_moves == moves
    # One object kept per game would be hundreds of blocks more; a run keeps a handful.
    assert more_blocks - blocks < (many - few) // 10
