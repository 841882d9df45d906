"""Games played by agents and traced, through the balance lab's executors.

:func:`play_traced` plays ``n_games`` games under each of several readings (the readings of
:func:`siege_nb.ai.simulate`), with the same seeds as :func:`~siege_nb.ai.simulate` (game
``i`` of every reading gets the same agents and seeds), and keeps for each game what the
dispute frequencies and the playout metrics need: who won and how, how long it took, how many
moves each position offered, the search agent's evaluation of each position (the lead, the
drama), and, for each other reading named, in how many positions the legal moves differ and
how many of the moves played that reading refuses.

The work goes to any :class:`concurrent.futures.Executor` (a local process pool by default, a
Dask cluster's ``client.get_executor()``, or ``"serial"``) in chunks, with a progress bar in a
notebook; the records are the same whichever way they are played.
"""

from __future__ import annotations

import itertools
import math
import os
import traceback
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import cache
from typing import Any

from siege_nb.ai.agents import MOVE_LIST_LIMIT, evaluate
from siege_nb.ai.base import TEAMS, _turn
from siege_nb.ai.lab import (
    LAB_MOVE_LIMIT,
    RuleReading,
    SimulationError,
    _check_agents,
    _check_executor,
    _close,
    _crossing,
    _derive,
    _Progress,
    _seeded,
    _serial,
    _try_agents,
    _whole,
    _winner_team,
)
from siege_nb.disputes.judge import move_identity
from siege_nb.errors import ArgumentError
from siege_nb.games.base import Game, TooManyMoves
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.games.registry import new_game
from siege_nb.rules import rules as make_rules

__all__ = ["Job", "check_run", "first_team", "play_traced"]


@cache
def first_team(game: str) -> str:
    """The team that moves first in ``game`` (the side to move in the standard set-up)."""
    side = new_game(game).to_move
    return "attackers" if side in ("white", "black") else side


@dataclass(frozen=True)
class Job:
    """A chunk of games of one reading: the unit of work sent to an executor. ``judges``
    names the other readings its positions are judged under (label, reading)."""

    game: str
    reading: RuleReading
    judges: tuple[tuple[str, RuleReading], ...]
    agents: Mapping[str, Any]
    games: tuple[tuple[int, int], ...]  # (game index, seed)
    max_plies: int | None
    crossing: str = ""


def _engine(game: str, reading: RuleReading) -> Any:
    ruleset = make_rules(game, reading.preset, **reading.overrides)
    return CATALOGUE[game].start(ruleset, {}, 2)._engine


def _judged(engine: Any, other: Any, same: bool, state: Any) -> Any:
    """``state`` as the ``other`` engine can judge it: itself on the same board, else the
    position as a set-up (``None`` where a piece stands on a point the other board lacks)."""
    if same:
        return state
    try:
        return other.initial_state(engine.setup_of(state))
    except (ValueError, TypeError):
        return None


def _play(job: Job, index: int, seed: int) -> dict[str, Any]:
    game: Game = new_game(job.game, job.reading.preset, **job.reading.overrides)
    engine = game._engine
    agents = {team: _seeded(spec, _derive(seed, team)) for team, spec in job.agents.items()}
    others = []
    for label, reading in job.judges:
        other = _engine(job.game, reading)
        others.append((label, other, other.board.names == engine.board.names))
    differ = dict.fromkeys((label for label, _ in job.judges), 0)
    refused = dict.fromkeys(differ, 0)
    unjudged = dict.fromkeys(differ, 0)
    decisions = branches = choices = 0
    evals: list[float] = []
    reason = ""
    while not game.is_over:
        if job.max_plies is not None and game.ply >= job.max_plies:
            reason = LAB_MOVE_LIMIT
            break
        state = game._state
        decisions += 1
        try:
            moves = game.legal_moves(limit=MOVE_LIST_LIMIT)
        except TooManyMoves:  # jump chains by the thousand: counted up to the limit only
            branches += MOVE_LIST_LIMIT
            choices += 1
            mine = None
        else:
            count = sum(1 for m in moves if m.kind != "demand")
            branches += count
            choices += count > 1
            mine = {move_identity(m) for m in moves}
        evals.append(evaluate(game))
        judged = []
        for label, other, same in others:
            seen = _judged(engine, other, same, state)
            judged.append(seen)
            if seen is None or mine is None:
                unjudged[label] += 1
                continue
            theirs = other.legal_upto(seen, MOVE_LIST_LIMIT)
            if theirs is None:
                unjudged[label] += 1
            elif {move_identity(m) for m in theirs} != mine:
                differ[label] += 1
        played = _turn(game, agents)
        # Each move played, judged where it was played (a demand, then the move after it).
        here = state
        for move in played:
            for k, (label, other, same) in enumerate(others):
                seen = judged[k] if here is state else _judged(engine, other, same, here)
                if seen is not None and other.parse(seen, move.text) is None:
                    refused[label] += 1
            here = engine.apply(here, move)
    result = game.result
    winner = _winner_team(job.game, result.winner) if result else "draw"
    return {
        "reading": job.reading.label,
        "game_index": index,
        "seed": seed,
        "game": job.game,
        "winner": winner,
        "reason": result.rule if result else reason,
        "plies": game.ply,
        "decisions": decisions,
        "branching": branches / decisions if decisions else 0.0,
        "decision_moves": choices / decisions if decisions else 0.0,
        **_trace_measures(job.game, evals, winner),
        "positions": decisions,
        "differ": differ,
        "refused": refused,
        "unjudged": unjudged,
    }


def _trace_measures(game: str, evals: Sequence[float], winner: str) -> dict[str, float]:
    """What the evaluations along one game say (the playout metrics' per-game parts).

    ``evals`` are the search agent's evaluations (the attackers' chances, 0 to 1) before each
    decision. The leader is the attackers above one half, the other team below it, nobody at
    exactly one half; ``lead_changes`` counts the positions where the leader differs from the
    position before, per decision. ``drama`` is the mean, over the positions of a game that
    was won, of how far the eventual winner's evaluation lay below the leader's (zero where
    the winner led); ``None`` for a drawn game. ``stability`` is the variance of each team's
    evaluation over the game, summed over the two teams."""
    n = len(evals)
    if not n:
        return {"lead_changes": 0.0, "drama": math.nan, "stability": 0.0}
    leaders = [1 if e > 0.5 else -1 if e < 0.5 else 0 for e in evals]
    changes = sum(1 for a, b in itertools.pairwise(leaders) if a != b)
    attackers = next(t for t in TEAMS[game] if t.startswith("attacker"))
    if winner == "draw":
        drama = math.nan
    else:
        mine = [e if winner == attackers else 1.0 - e for e in evals]
        drama = sum(max(0.0, (1.0 - m) - m) for m in mine) / n
    mean = sum(evals) / n
    variance = sum((e - mean) ** 2 for e in evals) / n
    return {"lead_changes": changes / n, "drama": drama, "stability": 2 * variance}


def _run_job(job: Job) -> list[dict[str, Any]]:
    """Play a chunk (in a worker); a failure is a :class:`SimulationError` naming the game."""
    out = []
    for index, seed in job.games:
        try:
            out.append(_play(job, index, seed))
        except Exception as err:
            text = "".join(traceback.format_exception(err))
            failure = SimulationError(
                job.game, [(job.reading.label, index, seed)], _portable(err, job), traceback=text
            )
            break
    else:
        return out
    raise failure


def _portable(err: Exception, job: Job) -> BaseException:
    """``err``, or in another process a stand-in that surely crosses back."""
    if not job.crossing:
        return err
    import pickle

    from siege_nb.ai.lab import RemoteError

    try:
        pickle.loads(pickle.dumps(err))
    except Exception:
        return RemoteError(type(err).__name__, str(err)[:2000])
    return err


def check_run(
    game: str, agents: Any, n_games: Any, seed: Any, executor: Any, progress: Any, max_plies: Any
) -> tuple[dict[str, Any], int, int, int | None, str]:
    """The arguments every traced run takes, checked as :func:`~siege_nb.ai.simulate` checks
    them (a :class:`TypeError` or an :class:`~siege_nb.ArgumentError` naming the argument):
    the agents, the games, the seed, the plies, and how work crosses to the executor."""
    count = _whole(n_games, "n_games", 1, 100_000)
    assert count is not None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be int, not {type(seed).__name__}")
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be True or False, not {type(progress).__name__}")
    limit = _whole(max_plies, "max_plies", 1, none=True)
    _check_executor(executor)
    specs = _check_agents(game, agents)
    crossing = _crossing(executor)
    _try_agents(specs, crossing)
    return specs, count, int(seed), limit, crossing


def play_traced(
    game: str,
    plan: Sequence[tuple[RuleReading, tuple[tuple[str, RuleReading], ...]]],
    agents: Mapping[str, Any],
    n_games: int,
    seed: int,
    executor: Executor | str | None,
    progress: bool,
    max_plies: int | None,
    crossing: str,
    chunk_size: int | None = None,
    first: int = 0,
) -> list[dict[str, Any]]:
    """Play ``n_games`` games of each reading of ``plan`` (each with the readings to judge its
    positions under) and return their records, in the order of ``plan`` then game index.
    Game ``i`` of every reading has the seed :func:`~siege_nb.ai.simulate` gives it; the
    games played are numbered from ``first`` (so a later run can add games to an earlier one)."""
    seeds = {i: _derive("siege-lab", int(seed), i) for i in range(first, first + n_games)}
    total = n_games * len(plan)
    workers = 1 if _serial(executor) else (os.cpu_count() or 1)
    if executor is not None and not isinstance(executor, str):
        given = getattr(executor, "_max_workers", None)
        workers = given if isinstance(given, int) and given > 0 else workers
    size = chunk_size or max(1, min(20, math.ceil(total / (4 * workers))))
    jobs = [
        Job(
            game,
            reading,
            judges,
            agents,
            tuple((i, seeds[i]) for i in range(start, min(first + n_games, start + size))),
            max_plies,
            crossing,
        )
        for reading, judges in plan
        for start in range(first, first + n_games, size)
    ]
    bar = _Progress(total, progress)
    records: list[dict[str, Any]] = []
    try:
        if _serial(executor):
            for job in jobs:
                records.extend(_run_job(job))
                bar.update(len(job.games))
        elif executor is None:
            pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)))
            failed = True
            try:
                records = _collect(pool, jobs, bar)
                failed = False
            finally:
                _close(pool, failed)
        else:
            records = _collect(executor, jobs, bar)  # type: ignore[arg-type]
    finally:
        bar.close()
    order = {reading.label: k for k, (reading, _) in enumerate(plan)}
    return sorted(records, key=lambda r: (order[r["reading"]], r["game_index"]))


def _collect(executor: Executor, jobs: list[Job], bar: Any) -> list[dict[str, Any]]:
    futures: dict[Any, Job] = {}
    out: list[dict[str, Any]] = []
    try:
        for job in jobs:
            try:
                futures[executor.submit(_run_job, job)] = job
            except Exception as err:
                raise ArgumentError(
                    "executor",
                    executor,
                    f"an executor that accepts work; submit failed: {type(err).__name__}",
                ) from err
        standard = all(isinstance(f, Future) for f in futures)
        done = as_completed(futures) if standard else list(futures)
        for fut in done:
            try:
                chunk = fut.result()
            except SimulationError:
                raise
            except Exception as err:
                job = futures[fut]
                where = [(job.reading.label, i, s) for i, s in job.games]
                raise SimulationError(
                    job.game,
                    where,
                    err,
                    what=f"the work could not be done ({type(err).__name__}: {str(err)[:200]})",
                ) from err
            out.extend(chunk)
            bar.update(len(chunk))
    except BaseException:
        for fut in futures:
            cancel = getattr(fut, "cancel", None)
            if callable(cancel):
                cancel()
        raise
    return out
