"""The rule-balance lab: play many games under several readings of the rules and compare them.

Which reading of a disputed rule makes a fair game? :func:`simulate` plays ``n_games`` games
between agents under each reading (a preset, or a set of option choices), in parallel through
any :class:`concurrent.futures.Executor` (a process pool by default, a Dask cluster's
``client.get_executor()`` for large runs), and returns a :class:`Simulation`: one record per
game, a summary per reading (win rates, draw rate, length, branching factor, balance) and a
plot of the win rates.

>>> from siege_nb.ai.lab import simulate
>>> from siege_nb.ai.base import BaseAgent, own_moves
>>> class First(BaseAgent):
...     name = "first"
...     def choose(self, game):
...         return own_moves(game)[0]
>>> sim = simulate("pyramid-siege", {"capture": ["huff", "strict"]},
...                {"attacker": First(), "defender": First()}, n_games=2,
...                executor="serial", progress=False, move_limit=20)
>>> sim.readings
['capture=huff', 'capture=strict']
>>> [r["games"] for r in summarize(sim.records)]
[2, 2]

Seeding: game ``i`` gets a seed derived from ``seed`` and ``i`` only, so every reading plays
its ``i``-th game with the same seeds (common random numbers), and the table is the same
whatever the executor, the number of workers or the chunk size. Each game gets fresh deep
copies of the agents; an agent with a ``seed`` attribute has it set to a seed derived from
the game's seed and its team, an agent with an ``rng`` attribute (``random.Random`` or a NumPy
``Generator``) gets a new one from that seed, and an agent with a ``reseed(seed)`` method has
it called. Agents (or zero-argument factories) must be picklable for process pools.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import math
import os
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from siege_nb.ai.base import TEAMS, play_turn
from siege_nb.games.base import Game
from siege_nb.rules import GAMES, format_value, option, presets, rules

__all__ = ["LAB_MOVE_LIMIT", "RuleReading", "Simulation", "parse_readings", "simulate", "summarize"]

#: The ``reason`` of a game stopped by ``simulate(move_limit=...)`` (a draw).
LAB_MOVE_LIMIT = "lab-move-limit"

AgentSpec = Any  # an agent (has ``choose``) or a zero-argument factory returning one


@dataclass(frozen=True)
class RuleReading:
    """One reading of the rules: a preset and option overrides, with a short label."""

    label: str
    preset: str = "default"
    overrides: Mapping[str, Any] = field(default_factory=dict)


# -- readings ---------------------------------------------------------------------------------
def _label(preset: str, overrides: Mapping[str, Any]) -> str:
    parts = [f"{k}={format_value(v)}" for k, v in overrides.items()]
    if not parts:
        return preset
    text = ", ".join(parts)
    return text if preset == "default" else f"{preset}: {text}"


def _reading(
    game: str, preset: str, overrides: Mapping[str, Any], label: str | None
) -> RuleReading:
    """A validated reading (unknown presets, options and values raise ``ValueError``)."""
    if not isinstance(preset, str):
        raise ValueError(f"a preset is named by a string, not {preset!r}")
    names = {}
    for key, value in overrides.items():
        if not isinstance(key, str):
            raise ValueError(f"an option is named by a string, not {key!r}")
        names[option(game, key).name] = value  # a clear error for an unknown option
    rules(game, preset, **names)  # a clear error for an unknown preset or a bad value
    return RuleReading(label if label is not None else _label(preset, names), preset, names)


def _grid(game: str, grid: Mapping[str, Any]) -> list[RuleReading]:
    if not grid:
        raise ValueError("an option grid needs at least one option, e.g. {'capture': ['huff']}")
    axes = []
    for key, values in grid.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            values = [values]
        values = list(values)
        if not values:
            raise ValueError(f"the option grid gives no value for {key!r}")
        axes.append([(key, v) for v in values])
    return [_reading(game, "default", dict(combo), None) for combo in itertools.product(*axes)]


def parse_readings(game: str, readings: Any) -> list[RuleReading]:
    """The readings ``simulate`` accepts, as a list of :class:`RuleReading`.

    ``readings`` is a preset name, a list of preset names, an option grid ``{option: [values]}``
    (the cartesian product, each on the ``"default"`` preset) or a list of dicts of option
    overrides (optionally with ``"preset"`` and ``"label"`` keys); lists may mix names and dicts.

    >>> [r.label for r in parse_readings("pyramid-siege", {"capture": ["huff", "strict"],
    ...                                                     "towards": ["distance"]})]
    ['capture=huff, towards=distance', 'capture=strict, towards=distance']
    """
    if isinstance(readings, RuleReading):
        items: list[RuleReading] = [
            _reading(game, readings.preset, readings.overrides, readings.label)
        ]
    elif isinstance(readings, str):
        items = [_reading(game, readings, {}, None)]
    elif isinstance(readings, Mapping):
        items = _grid(game, readings)
    elif isinstance(readings, Sequence) and not isinstance(readings, bytes):
        items = []
        for item in readings:
            if isinstance(item, RuleReading):
                items.append(_reading(game, item.preset, item.overrides, item.label))
            elif isinstance(item, str):
                items.append(_reading(game, item, {}, None))
            elif isinstance(item, Mapping):
                spec = dict(item)
                preset = spec.pop("preset", "default")
                label = spec.pop("label", None)
                items.append(_reading(game, preset, spec, label))
            else:
                raise ValueError(
                    f"each reading is a preset name or a dict of option overrides, not {item!r}"
                )
    else:
        raise ValueError(
            "readings is a preset name, a list of presets, an option grid {option: [values]} "
            f"or a list of dicts of overrides, not {readings!r}"
        )
    if not items:
        raise ValueError(f"no readings given; the presets of {game} are {', '.join(presets(game))}")
    labels = [r.label for r in items]
    dupes = sorted({x for x in labels if labels.count(x) > 1})
    if dupes:
        raise ValueError(f"readings appear twice: {', '.join(dupes)}")
    return items


# -- agents and seeds -------------------------------------------------------------------------
def _derive(*parts: Any) -> int:
    """A 63-bit seed from the parts, the same on every machine and Python run."""
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def _is_agent(obj: Any) -> bool:
    return callable(getattr(obj, "choose", None)) and not isinstance(obj, type)


def _check_agents(game: str, agents: Any) -> dict[str, AgentSpec]:
    if not isinstance(agents, Mapping):
        raise ValueError(f"agents maps each team to an agent or factory, not {agents!r}")
    teams = TEAMS[game]
    missing = [t for t in teams if t not in agents]
    extra = [t for t in agents if t not in teams]
    if missing or extra:
        words = []
        if missing:
            words.append(f"no agent for {', '.join(map(repr, missing))}")
        if extra:
            words.append(f"unknown team {', '.join(map(repr, extra))}")
        raise ValueError(f"{'; '.join(words)}: the teams of {game} are {', '.join(teams)}")
    for team in teams:
        spec = agents[team]
        if not (_is_agent(spec) or callable(spec)):
            raise ValueError(
                f"the agent for {team!r} must have a choose(game) method or be a zero-argument "
                f"factory returning such an agent, not {spec!r}"
            )
    return {t: agents[t] for t in teams}


def _seeded(spec: AgentSpec, seed: int) -> Any:
    """A fresh agent for one game: built (factory) or deep-copied, then reseeded."""
    agent = copy.deepcopy(spec) if _is_agent(spec) else spec()
    if not _is_agent(agent):
        raise ValueError(f"the agent factory {spec!r} returned {agent!r}, which has no choose()")
    if hasattr(agent, "seed") and not callable(agent.seed):
        agent.seed = seed
    rng = getattr(agent, "rng", None)
    if isinstance(rng, random.Random):
        agent.rng = random.Random(seed)
    elif type(rng).__name__ == "Generator" and type(rng).__module__.startswith("numpy"):
        import numpy as np

        agent.rng = np.random.default_rng(seed)
    if callable(getattr(agent, "reseed", None)):
        agent.reseed(seed)
    return agent


# -- playing ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Task:
    game: str
    setup: Mapping[str, Any]
    reading_index: int
    reading: RuleReading
    agents: Mapping[str, AgentSpec]
    games: tuple[tuple[int, int], ...]  # (game_index, seed)
    move_limit: int | None


def _winner_team(game: str, winner: str | None) -> str:
    if winner is None:
        return "draw"
    teams = TEAMS[game]
    if winner in teams:
        return winner
    if winner.endswith("s") and winner[:-1] in teams:  # "attackers" wins for team "attacker"
        return winner[:-1]
    return "attackers" if winner in ("white", "black") else winner


def _play_one(task: _Task, game_index: int, seed: int) -> dict[str, Any]:
    from siege_nb.games.registry import new_game

    game = new_game(task.game, task.reading.preset, **task.setup, **task.reading.overrides)
    agents = {team: _seeded(spec, _derive(seed, team)) for team, spec in task.agents.items()}
    start = len(game.pieces())
    decisions = branches = 0
    reason = ""
    while not game.is_over:
        if task.move_limit is not None and game.ply >= task.move_limit:
            reason = LAB_MOVE_LIMIT
            break
        decisions += 1
        branches += sum(1 for m in game.legal_moves() if m.kind != "demand")
        play_turn(game, agents)
    result = game.result
    return {
        "reading": task.reading.label,
        "game_index": game_index,
        "seed": seed,
        "game": task.game,
        "winner": _winner_team(task.game, result.winner) if result else "draw",
        "reason": result.rule if result else reason,
        "plies": game.ply,
        "captures": start - len(game.pieces()),
        "branching": branches / decisions if decisions else 0.0,
    }


def _run_chunk(task: _Task) -> list[dict[str, Any]]:
    """Play a chunk of games of one reading (the unit of work sent to an executor)."""
    return [_play_one(task, i, s) for i, s in task.games]


# -- progress ---------------------------------------------------------------------------------
class _Progress:
    """A progress bar in a notebook kernel (tqdm.auto or ipywidgets), else nothing."""

    def __init__(self, total: int, enabled: bool) -> None:
        self._bar: Any = None
        self._kind = ""
        if not enabled or not _in_kernel():
            return
        try:
            from tqdm.auto import tqdm

            self._bar = tqdm(total=total, desc="games", leave=False)
            self._kind = "tqdm"
            return
        except Exception:
            pass
        try:
            import ipywidgets
            from IPython.display import display

            self._bar = ipywidgets.IntProgress(value=0, min=0, max=total, description="games")
            display(self._bar)
            self._kind = "widget"
        except Exception:
            self._bar = None

    def update(self, n: int) -> None:
        try:
            if self._kind == "tqdm":
                self._bar.update(n)
            elif self._kind == "widget":
                self._bar.value += n
        except Exception:
            pass

    def close(self) -> None:
        try:
            if self._bar is not None:
                self._bar.close()
        except Exception:
            pass


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


# -- the summary ------------------------------------------------------------------------------
def _teams_of(records: Sequence[Mapping[str, Any]], teams: Sequence[str] | None) -> list[str]:
    if teams is not None:
        return list(teams)
    games = {r.get("game") for r in records}
    if len(games) == 1 and (name := games.pop()) in TEAMS:
        return list(TEAMS[name])
    found = sorted({r["winner"] for r in records} - {"draw"})
    if len(found) != 2:
        raise ValueError("cannot tell the two teams from the records: pass teams=(a, b)")
    return found


def summarize(
    records: Sequence[Mapping[str, Any]], teams: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The per-reading summary of game records, readings in order of first appearance.

    Each row: ``reading``, ``games``, ``win_<team>`` for both teams, ``draw`` (rates in 0..1),
    ``length`` (mean plies), ``captures`` (mean pieces taken), ``branching`` (mean of each
    game's mean number of legal moves) and ``balance`` = 1 - |win rate gap between the teams|.
    The teams come from ``teams``, else from the records' ``game``.

    >>> rows = summarize([
    ...     {"reading": "r", "game": "pyramid-siege", "winner": "attacker", "plies": 10,
    ...      "captures": 1, "branching": 4.0},
    ...     {"reading": "r", "game": "pyramid-siege", "winner": "draw", "plies": 30,
    ...      "captures": 3, "branching": 2.0}])
    >>> rows[0]["win_attacker"], rows[0]["draw"], rows[0]["length"], rows[0]["balance"]
    (0.5, 0.5, 20.0, 0.5)
    """
    records = list(records)
    if not records:
        return []
    names = _teams_of(records, teams)
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for rec in records:
        groups.setdefault(rec["reading"], []).append(rec)
    rows = []
    for label, recs in groups.items():
        n = len(recs)
        row: dict[str, Any] = {"reading": label, "games": n}
        for team in names:
            row[f"win_{team}"] = sum(r["winner"] == team for r in recs) / n
        row["draw"] = sum(r["winner"] == "draw" for r in recs) / n
        row["length"] = sum(r["plies"] for r in recs) / n
        row["captures"] = sum(r.get("captures", 0) for r in recs) / n
        row["branching"] = sum(r["branching"] for r in recs) / n
        gap = abs(row[f"win_{names[0]}"] - row[f"win_{names[1]}"])
        row["balance"] = 1.0 - gap
        rows.append(row)
    return rows


def _frame(rows: list[dict[str, Any]]) -> Any:
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows)


@dataclass
class Simulation:
    """The outcome of :func:`simulate`: ``records`` (one dict per game), ``table`` and
    ``summary`` (pandas DataFrames when pandas is installed, else lists of dicts)."""

    game: str
    readings: list[str]
    teams: tuple[str, str]
    records: list[dict[str, Any]]
    seed: int = 0

    @property
    def table(self) -> Any:
        """One row per game (a DataFrame if pandas is importable, else the records)."""
        return _frame([dict(r) for r in self.records])

    @property
    def summary(self) -> Any:
        """One row per reading (see :func:`summarize`), as a DataFrame if pandas is importable."""
        return _frame(summarize(self.records, self.teams))

    def plot(self, ax: Any = None) -> Any:
        """Bar chart of each team's win rate and the draw rate, one bar group per reading.

        Draws on ``ax`` if given, else on a new figure (made without pyplot). Returns the
        matplotlib Axes; in a notebook, show ``ax.figure``.
        """
        from matplotlib.figure import Figure

        rows = summarize(self.records, self.teams)
        if ax is None:  # no pyplot: nothing is opened or shown behind the caller's back
            fig = Figure(figsize=(max(6.0, 1.6 * len(rows) + 3), 4.2), layout="constrained")
            ax = fig.add_subplot()
        series = [(f"win_{t}", f"{t} wins") for t in self.teams] + [("draw", "draws")]
        bar = 0.8 / len(series)
        xs = range(len(rows))
        for k, (key, name) in enumerate(series):
            offsets = [x + (k - (len(series) - 1) / 2) * bar for x in xs]
            ax.bar(offsets, [r[key] for r in rows], bar, label=name)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["reading"] for r in rows], rotation=20, ha="right")
        for x, row in zip(xs, rows, strict=True):
            ax.text(x, 1.02, f"balance {row['balance']:.2f}", ha="center", fontsize="small")
        ax.set_ylim(0, 1.1)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
        ax.set_ylabel("share of games")
        games = rows[0]["games"] if rows else 0
        ax.set_title(f"{self.game}: who wins under each reading ({games} games each)")
        ax.axhline(0.5, color="grey", lw=0.8, ls=":")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
        return ax

    def __repr__(self) -> str:
        return (
            f"<Simulation {self.game}: {len(self.readings)} readings, "
            f"{len(self.records)} games, seed {self.seed}>"
        )


# -- simulate ---------------------------------------------------------------------------------
def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def simulate(
    game: str | Game,
    readings: Any,
    agents: Mapping[str, AgentSpec],
    n_games: int,
    seed: int = 0,
    executor: Executor | str | None = None,
    progress: bool = True,
    move_limit: int | None = None,
    chunk_size: int | None = None,
) -> Simulation:
    """Play ``n_games`` games under each reading and return a :class:`Simulation`.

    ``game`` is a game name or a :class:`Game` (its set-up is used; the rules come from the
    readings). ``readings``: see :func:`parse_readings`. ``agents`` maps each team
    (``siege_nb.ai.base.TEAMS``) to an agent or a zero-argument factory. ``executor`` is any
    ``concurrent.futures.Executor`` (e.g. a Dask ``client.get_executor()``), ``"serial"`` to
    play in this process, or ``None`` for a local process pool with ``os.cpu_count()`` workers.
    ``move_limit`` stops a game after that many plies as a draw (reason ``"lab-move-limit"``),
    on top of the rules' own move limit. ``chunk_size`` is the number of games per task
    (default: about four tasks per worker); it never changes the results.

    >>> from siege_nb.ai.base import BaseAgent, own_moves
    >>> class Last(BaseAgent):
    ...     def choose(self, game):
    ...         return own_moves(game)[-1]
    >>> sim = simulate("pyramid-siege", "default", {"attacker": Last(), "defender": Last()},
    ...                n_games=1, executor="serial", progress=False)
    >>> sim.records[0]["reading"], sim.records[0]["winner"] in ("attacker", "defender", "draw")
    ('default', True)
    """
    if isinstance(game, Game):
        name, setup = game.game, dict(game.setup())
    elif isinstance(game, str):
        name, setup = game, {}
    else:
        raise ValueError(f"game is a game name or a Game, not {game!r}")
    if name not in GAMES or name not in TEAMS:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ValueError(f"n_games must be a whole number of at least 1, not {n_games!r}")
    if move_limit is not None and (
        isinstance(move_limit, bool) or not isinstance(move_limit, int) or move_limit < 1
    ):
        raise ValueError(f"move_limit must be None or a whole number >= 1, not {move_limit!r}")
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise ValueError(f"chunk_size must be None or a whole number >= 1, not {chunk_size!r}")
    if isinstance(executor, str) and executor != "serial":
        raise ValueError(f"executor is an Executor, 'serial' or None, not {executor!r}")
    if (
        executor is not None
        and not isinstance(executor, (str, Executor))
        and not callable(getattr(executor, "submit", None))
    ):
        raise ValueError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    parsed = parse_readings(name, readings)
    specs = _check_agents(name, agents)
    seeds = [_derive("siege-lab", seed, i) for i in range(n_games)]

    workers = 1 if executor == "serial" else (os.cpu_count() or 1)
    if executor is not None and not isinstance(executor, str):
        workers = getattr(executor, "_max_workers", None) or workers
    total = n_games * len(parsed)
    size = chunk_size or max(1, min(50, math.ceil(total / (4 * workers))))
    tasks = [
        _Task(name, setup, k, reading, specs, tuple((i, seeds[i]) for i in chunk), move_limit)
        for k, reading in enumerate(parsed)
        for chunk in _chunks(n_games, size)
    ]
    bar = _Progress(total, progress)
    results: list[dict[str, Any]] = []
    try:
        if executor == "serial":
            for task in tasks:
                results.extend(_run_chunk(task))
                bar.update(len(task.games))
        elif executor is None:
            with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
                results = _collect(pool, tasks, bar)
        else:
            results = _collect(executor, tasks, bar)  # type: ignore[arg-type]
    finally:
        bar.close()
    order = {r.label: k for k, r in enumerate(parsed)}
    results.sort(key=lambda r: (order[r["reading"]], r["game_index"]))
    return Simulation(name, [r.label for r in parsed], TEAMS[name], results, seed)


def _collect(executor: Executor, tasks: list[_Task], bar: _Progress) -> list[dict[str, Any]]:
    """Submit every task, gather the records as they finish (updating the bar)."""
    futures = [executor.submit(_run_chunk, task) for task in tasks]
    out: list[dict[str, Any]] = []
    # Futures that are not concurrent.futures ones are waited for in order.
    standard = all(isinstance(f, Future) for f in futures)
    done: Iterable[Any] = as_completed(futures) if standard else futures
    for fut in done:
        chunk = fut.result()
        out.extend(chunk)
        bar.update(len(chunk))
    return out
