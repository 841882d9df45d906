"""Faults inside the balance lab's games travel back to the caller (issue 14, item 4).

An agent that plays an illegal move, raises an error of its own (one that cannot even be
pickled) or kills its worker process: ``simulate`` reports a :class:`SimulationError` that
names the game, the reading, the game's index and seed, and carries the original error; an
executor the caller passed stays usable, and nothing hangs. The agents are defined at module
level so that worker processes can unpickle them.
"""

from __future__ import annotations

import os
import pickle
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.ai import RandomAgent, RemoteError, SimulationError, simulate
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.games.base import Game, Move

GAME = "pyramid-siege"
STRICT = {"capture": "strict"}
READINGS = ["default", STRICT]
STRICT_LABEL = "capture=strict"


def strict(game: Game) -> bool:
    """Only the games of the second reading go wrong, so which game fails is known whatever
    the executor runs first."""
    return game.rules["capture"] == "strict"


class Illegal(BaseAgent):
    """Plays a move that is not legal (an empty point) in the strict reading."""

    name = "illegal"

    def choose(self, game: Game) -> Move | str:
        return "r0c0-r7c7" if strict(game) else own_moves(game)[0]


class Unpicklable(Exception):
    """An agent's own error that pickles to nothing a parent could read (it holds a lock, and
    its constructor takes other arguments than its message)."""

    def __init__(self, where: str, ply: int) -> None:
        super().__init__(f"gave up at {where} after {ply} plies")
        self.lock = threading.Lock()


class Raises(BaseAgent):
    name = "raises"

    def choose(self, game: Game) -> Move:
        if strict(game):
            raise Unpicklable("the fortress", game.ply)
        return own_moves(game)[0]


class Dies(BaseAgent):
    """Ends its process at once (as a crash or an out-of-memory kill would)."""

    name = "dies"

    def choose(self, game: Game) -> Move:
        if strict(game) and game.ply >= 2:
            os._exit(3)
        return own_moves(game)[0]


def attackers() -> RandomAgent:
    return RandomAgent(1)


def run(defender: Any, executor: Any, n_games: int = 3, **kw: Any) -> Any:
    return simulate(
        GAME,
        kw.pop("readings", READINGS),
        {"attacker": attackers(), "defender": defender},
        n_games=n_games,
        seed=4,
        executor=executor,
        progress=False,
        move_limit=12,
        **kw,
    )


def seeds(n_games: int = 3) -> dict[int, int]:
    """Game index -> seed in these runs, from a run that works."""
    good = run(RandomAgent(2), "serial", n_games=n_games, readings="default")
    return {r["game_index"]: r["seed"] for r in good.records}


def check_named(err: SimulationError, n_games: int = 3) -> None:
    """The error names one game of the strict reading, with its own seed."""
    assert err.game == GAME and err.reading == STRICT_LABEL
    assert err.game_index in range(n_games)
    assert err.seed == seeds(n_games)[err.game_index]
    assert err.games == ((STRICT_LABEL, err.game_index, err.seed),)
    text = str(err)
    assert GAME in text and STRICT_LABEL in text and str(err.seed) in text
    assert f"game {err.game_index}" in text


def still_works(executor: Any) -> None:
    """The executor plays a clean run, with the records a serial run gives."""
    good = {"attacker": attackers(), "defender": RandomAgent(2)}
    args = {"n_games": 2, "seed": 9, "progress": False, "move_limit": 12}
    assert (
        simulate(GAME, READINGS, good, executor=executor, **args).records
        == simulate(GAME, READINGS, good, executor="serial", **args).records
    )


# -- an illegal move -------------------------------------------------------------------------------
def test_an_illegal_move_under_the_default_pool_is_reported_with_its_game() -> None:
    with pytest.raises(SimulationError) as caught:
        run(Illegal(), None)
    err = caught.value
    check_named(err)
    assert isinstance(err.cause, sn.IllegalMove) and err.__cause__ is err.cause
    assert err.cause.reason == "There is no piece on r0c0."
    assert err.error_type == "siege_nb.games.base.IllegalMove"
    assert "IllegalMove: r0c0-r7c7: There is no piece on r0c0." in str(err)
    assert "choose" in err.traceback  # the worker's traceback, as text
    assert isinstance(err, ValueError) and isinstance(err, sn.SiegeError)


def test_serial_run_keeps_the_games_finished_before_the_failure() -> None:
    with pytest.raises(SimulationError) as caught:
        run(Illegal(), "serial")
    err = caught.value
    assert (err.reading, err.game_index) == (STRICT_LABEL, 0)  # serial: the first strict game
    assert err.__cause__ is err.cause and err.cause.__traceback__ is not None
    finished = run(Illegal(), "serial", readings="default").records
    assert err.records == finished and len(finished) == 3


# -- an error that does not pickle -----------------------------------------------------------------
def test_an_unpicklable_error_crosses_as_a_remote_error() -> None:
    with pytest.raises(SimulationError) as caught:
        run(Raises(), None)
    err = caught.value
    check_named(err)
    assert isinstance(err.cause, RemoteError)
    assert err.cause.type_name.endswith("Unpicklable")
    assert err.error_message.startswith("gave up at the fortress after ")
    assert "Unpicklable: gave up at the fortress" in str(err)
    assert "raise Unpicklable" in err.traceback and err.cause.traceback == err.traceback
    # The report itself pickles with its fields, for whoever passes it on.
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.game, copy.reading, copy.game_index, copy.seed) == (
        err.game,
        err.reading,
        err.game_index,
        err.seed,
    )
    assert str(copy) == str(err) and str(copy.cause) == str(err.cause)


def test_in_this_process_the_original_error_is_kept() -> None:
    for executor in ("serial", ThreadPoolExecutor(2)):
        with pytest.raises(SimulationError) as caught:
            run(Raises(), executor)
        assert isinstance(caught.value.cause, Unpicklable)
        assert caught.value.__cause__ is caught.value.cause
        if isinstance(executor, ThreadPoolExecutor):
            executor.shutdown()


# -- the caller's executor stays usable ------------------------------------------------------------
@pytest.mark.parametrize("kind", [ProcessPoolExecutor, ThreadPoolExecutor])
def test_the_callers_executor_is_usable_after_a_failure(kind: type) -> None:
    with kind(2) as executor:
        for agent in (Illegal(), Raises()):
            with pytest.raises(SimulationError) as caught:
                run(agent, executor, chunk_size=1)
            check_named(caught.value)
            still_works(executor)


# -- a worker that dies ----------------------------------------------------------------------------
def test_a_dying_worker_of_the_default_pool_names_its_game() -> None:
    # One game, so one worker: the game that killed it is known exactly.
    with pytest.raises(SimulationError) as caught:
        run(Dies(), None, n_games=1, readings=[STRICT])
    err = caught.value
    assert (err.reading, err.game_index, err.seed) == (STRICT_LABEL, 0, seeds(1)[0])
    assert isinstance(err.cause, BrokenProcessPool)
    assert "the worker process playing it died (exit code 3)" in str(err)


def test_a_dying_worker_of_the_callers_pool_is_named_and_the_pool_reported_broken() -> None:
    with ProcessPoolExecutor(2) as executor:
        with pytest.raises(SimulationError) as caught:
            run(Dies(), executor, n_games=2, chunk_size=1)
        err = caught.value
        assert "cannot be used again" in str(err)
        # The strict games are the ones that die; any game named is one of them.
        assert err.games and all(label == STRICT_LABEL for label, _, _ in err.games)
        with pytest.raises(sn.ArgumentError, match="executor"):
            still_works(executor)  # a broken pool is refused before any game is played


# -- agents that cannot travel ---------------------------------------------------------------------
def test_an_agent_that_does_not_pickle_is_refused_before_any_game() -> None:
    def factory() -> RandomAgent:  # a local function: pickle cannot name it
        return RandomAgent(3)

    with pytest.raises(sn.ArgumentError, match=r"agents\['defender'\].*pickle"):
        run(factory, None)
    # Threads and this process need no pickling.
    assert len(run(factory, "serial", readings="default").records) == 3
    with ThreadPoolExecutor(2) as executor:
        assert len(run(factory, executor, readings="default").records) == 3


def test_a_shut_executor_is_refused_clearly() -> None:
    executor = ThreadPoolExecutor(1)
    executor.shutdown()
    with pytest.raises(sn.ArgumentError, match=r"executor: .* submit failed: RuntimeError"):
        still_works(executor)


# -- Dask ------------------------------------------------------------------------------------------
def test_dask_reports_the_games_errors_and_stays_usable() -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    import dask
    from distributed import Client, LocalCluster

    # One retry budget of zero: a worker that dies fails its task at once.
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        with pytest.raises(SimulationError) as caught:
            run(Illegal(), executor)
        check_named(caught.value)
        assert isinstance(caught.value.cause, sn.IllegalMove)
        with pytest.raises(SimulationError) as caught:
            run(Raises(), executor)
        check_named(caught.value)
        assert isinstance(caught.value.cause, RemoteError)
        still_works(executor)
        with pytest.raises(SimulationError) as caught:
            run(Dies(), executor, n_games=1, readings=[STRICT])
        assert (caught.value.reading, caught.value.game_index) == (STRICT_LABEL, 0)
        assert "died" in str(caught.value)
