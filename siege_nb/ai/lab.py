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

Checks and failures: :func:`simulate` checks every argument before it plays a game (a
:class:`TypeError` or an :class:`~siege_nb.ArgumentError`; where a ``ValueError`` was raised
before for a wrong type, an :class:`ArgumentTypeError`, which is both). It builds each agent
once and each reading's first game, and for a process pool it pickles the agents, so a
mistake there is reported at once. A game that fails while the lab plays it (an agent that
raises, a move that is not legal, a worker process that dies) stops the run with a
:class:`SimulationError` naming the game, the reading, the game's index and seed, and
carrying the original error (``.cause``; an error that cannot be pickled crosses from a
worker as a :class:`RemoteError` with its type, message and traceback). The games finished
by then are in its ``records``. Pending work is cancelled; an executor the caller passed is
left open (a process pool whose worker died is broken for good, which the error says).
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import itertools
import math
import os
import pickle
import random
import shutil
import signal
import tempfile
import time
import traceback
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import (
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
)
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from numbers import Integral, Real
from typing import Any

from siege_nb.ai.agents import MOVE_LIST_LIMIT, GreedyAgent, MCTSAgent, RandomAgent
from siege_nb.ai.base import TEAMS, _turn, choosable
from siege_nb.ai.report import LabReport, team_name
from siege_nb.errors import ArgumentError, SiegeError, check_list, shorten
from siege_nb.games.base import Game, TooManyMoves
from siege_nb.i18n import ngettext, tr
from siege_nb.rules import GAMES, format_value, option, options, presets, rules, title

__all__ = [
    "LAB_MOVE_LIMIT",
    "MAX_GAMES",
    "MAX_READINGS",
    "ArgumentTypeError",
    "RemoteError",
    "RuleReading",
    "Simulation",
    "SimulationError",
    "parse_readings",
    "simulate",
    "summarize",
]

#: The ``reason`` of a game stopped by ``simulate(move_limit=...)`` (a draw).
LAB_MOVE_LIMIT = "lab-move-limit"

#: The most readings one run compares (a grid's cartesian product included).
MAX_READINGS = 1000
#: The most games one run plays (``n_games`` times the number of readings).
MAX_GAMES = 10_000_000
#: The most digits a ``seed`` may have.
SEED_DIGITS = 100

AgentSpec = Any  # an agent (has ``choose``) or a zero-argument factory returning one

# How much of an error's message a SimulationError repeats, and of a rule error an argument's.
_CAUSE_SHOWN = 300


# -- errors -------------------------------------------------------------------------------------
class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type where the lab raised a ``ValueError`` before: both a
    :class:`TypeError` and an :class:`~siege_nb.ArgumentError` (so a ``ValueError``).

    >>> try:
    ...     simulate("pyramid-siege", "default", {}, n_games=2.5)
    ... except TypeError as err:
    ...     print(err)
    n_games: 2.5 is not accepted; a whole number (int) of at least 1 and at most 10000000
    """


class RemoteError(Exception):
    """Stands in for an error raised in a worker that could not cross back as it was (it does
    not pickle): the name of its type, its message and the worker's traceback as text."""

    def __init__(self, type_name: str, message: str, traceback: str = "") -> None:
        super().__init__(f"{type_name}: {message}")
        self.type_name = type_name
        self.message = message
        self.traceback = traceback

    def __reduce__(self) -> tuple[Any, ...]:
        return (RemoteError, (self.type_name, self.message, self.traceback))


def _clip(text: str, limit: int = _CAUSE_SHOWN) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _type_name(err: BaseException) -> str:
    if isinstance(err, RemoteError):
        return err.type_name
    kind = type(err)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _message(err: BaseException) -> str:
    if isinstance(err, RemoteError):
        return err.message
    try:
        return str(err)
    except Exception:  # an error whose __str__ fails still has a type to report
        return "(its message cannot be shown)"


class SimulationError(SiegeError):
    """A game that :func:`simulate` played failed, or the worker playing it died.

    ``game`` names the game (``"pyramid-siege"``), ``reading`` the reading's label,
    ``game_index`` and ``seed`` the game within the run (``None`` when the failure cannot be
    tied to one game; ``games`` then lists every ``(reading, game_index, seed)`` it may have
    been). ``cause`` is the original error (a :class:`RemoteError` if it could not be sent
    back from a worker), ``error_type`` and ``error_message`` say what it was, ``traceback``
    is the worker's traceback as text, and ``records`` holds the games finished before the
    failure. It pickles with all of these.
    """

    def __init__(
        self,
        game: str,
        games: Sequence[tuple[str, int, int]],
        cause: BaseException,
        *,
        what: str = "",
        traceback: str = "",
    ) -> None:
        self.game = game
        self.games = tuple(games)
        one = self.games[0] if len(self.games) == 1 else None
        self.reading = one[0] if one else None
        self.game_index = one[1] if one else None
        self.seed = one[2] if one else None
        self.cause = cause
        self.error_type = _type_name(cause)
        self.error_message = _clip(_message(cause))
        self.traceback = traceback
        self.records: list[dict[str, Any]] = []
        if one:
            where = f"reading {shorten(one[0])}, game {one[1]} (seed {one[2]})"
        else:
            where = f"one of {len(self.games)} games ({_list_games(self.games)})"
        what = what or f"{self.error_type.rsplit('.', 1)[-1]}: {self.error_message}"
        super().__init__(f"{game}, {where}: {what}")


def _list_games(games: Sequence[tuple[str, int, int]], shown: int = 4) -> str:
    by_reading: dict[str, list[int]] = {}
    for label, index, _ in games:
        by_reading.setdefault(label, []).append(index)
    parts = []
    for label, indices in itertools.islice(by_reading.items(), shown):
        numbers = ", ".join(map(str, indices[:shown])) + (", …" if len(indices) > shown else "")
        parts.append(f"reading {shorten(label)} games {numbers}")
    more = "; …" if len(by_reading) > shown else ""
    return "; ".join(parts) + more


def _bad_type(argument: str, value: Any, accepted: str) -> ArgumentTypeError:
    return ArgumentTypeError(argument, value, accepted)


def _whole(
    value: Any, argument: str, minimum: int, maximum: int | None = None, *, none: bool = False
) -> int | None:
    """A whole number within bounds (``None`` too if ``none``); a wrong type raises an
    :class:`ArgumentTypeError`, as the lab raised ``ValueError`` for these before."""
    high = f" and at most {maximum}" if maximum is not None else ""
    accepted = ("None or " if none else "") + f"a whole number (int) of at least {minimum}{high}"
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise _bad_type(argument, value, accepted)
    number = int(value)
    if number < minimum or (maximum is not None and number > maximum):
        raise ArgumentError(argument, value, accepted)
    return number


# -- readings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleReading:
    """One reading of the rules: a preset and option overrides, with a short label.

    The fields are checked for their types here; :func:`parse_readings` checks the preset,
    the options and their values against the game.
    """

    label: str
    preset: str = "default"
    overrides: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, value in (("label", self.label), ("preset", self.preset)):
            if not isinstance(value, str):
                raise TypeError(
                    f"RuleReading {name} must be str, not {type(value).__name__} ({shorten(value)})"
                )
        if not isinstance(self.overrides, Mapping):
            raise TypeError(
                "RuleReading overrides must be a mapping of option to value, not "
                f"{type(self.overrides).__name__} ({shorten(self.overrides)})"
            )


def _label(preset: str, overrides: Mapping[str, Any]) -> str:
    parts = [f"{k}={format_value(v)}" for k, v in overrides.items()]
    if not parts:
        return preset
    text = ", ".join(parts)
    return text if preset == "default" else f"{preset}: {text}"


def _game_name(game: Any, argument: str = "game") -> str:
    """The name of a game given by name or as a :class:`Game`."""
    if isinstance(game, Game):
        return game.game
    if not isinstance(game, str):
        raise _bad_type(argument, game, f"a game name ({', '.join(GAMES)}) or a Game")
    if game not in GAMES or game not in TEAMS:
        raise ArgumentError(
            argument, game, f"unknown game {shorten(game)}; the games are {', '.join(GAMES)}"
        )
    return game


def _option_name(game: str, key: Any, where: str) -> str:
    """The name of the option ``key`` (a name or an id) of ``game``."""
    if not isinstance(key, str):
        raise _bad_type(where, key, "an option is named by a string (its name or id)")
    try:
        return option(game, key).name
    except (ValueError, LookupError):  # the rules' own refusal: said again with the reading
        names = ", ".join(o.name for o in options(game))
        raise ArgumentError(
            where, key, f"{game} has no option {shorten(key)}; its options are: {names}"
        ) from None


def _check_rules(game: str, preset: str, names: Mapping[str, Any], where: str, value: Any) -> None:
    """Build the rule set once: an impossible value is refused naming ``where``."""
    try:
        rules(game, preset, **names)
    except TypeError as err:
        raise TypeError(f"{where}: {_clip(str(err))}") from None
    except ValueError as err:
        raise ArgumentError(where, value, _clip(str(err))) from None


def _reading(
    game: str,
    preset: Any,
    overrides: Mapping[str, Any],
    label: Any,
    where: str,
    *,
    named: bool = False,
) -> RuleReading:
    """A validated reading; ``where`` names it in errors (``readings[2]``), and its preset
    too when the reading is a bare preset name (``named``)."""
    at = where if named else f"{where}['preset']"
    if not isinstance(preset, str):
        raise _bad_type(at, preset, "a preset is named by a string")
    if preset not in presets(game):
        raise ArgumentError(
            at,
            preset,
            f"{game} has no preset {shorten(preset)}; its presets are: {', '.join(presets(game))}",
        )
    if label is not None and not isinstance(label, str):
        raise TypeError(
            f"{where}['label'] must be str or None, not {type(label).__name__} ({shorten(label)})"
        )
    names: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, value in overrides.items():
        name = _option_name(game, key, where)
        if name in names:
            raise ArgumentError(
                where,
                key,
                f"each option once: {shorten(spelled[name])} and {shorten(key)} both name {name}",
            )
        names[name] = value
        spelled[name] = key
    _check_rules(game, preset, names, where, dict(overrides))
    return RuleReading(label if label is not None else _label(preset, names), preset, names)


def _grid(game: str, grid: Mapping[Any, Any]) -> list[RuleReading]:
    if not grid:
        raise ArgumentError(
            "readings", grid, "an option grid needs at least one option, e.g. {'capture': ['huff']}"
        )
    if len(grid) > MAX_READINGS:
        raise ArgumentError("readings", grid, f"an option grid of at most {MAX_READINGS} options")
    axes = []
    size = 1
    seen: dict[str, Any] = {}
    for key, values in grid.items():
        where = f"readings[{shorten(key)}]"
        name = _option_name(game, key, "readings")
        if name in seen:
            raise ArgumentError(
                "readings",
                key,
                f"each option once: {shorten(seen[name])} and {shorten(key)} both name {name}",
            )
        seen[name] = key
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            values = [values]
        values = list(itertools.islice(values, MAX_READINGS + 1))  # an endless iterator too
        if not values:
            raise ArgumentError(
                where,
                values,
                f"at least one value; the option grid gives no value for {shorten(key)}",
            )
        for k, value in enumerate(values):
            _check_rules(game, "default", {name: value}, f"{where}[{k}]", value)
        size *= len(values)
        if size > MAX_READINGS:
            raise ArgumentError(
                "readings", grid, f"an option grid of at most {MAX_READINGS} readings in all"
            )
        axes.append([(key, v) for v in values])
    return [
        _reading(game, "default", dict(combo), None, "readings")
        for combo in itertools.product(*axes)
    ]


def parse_readings(game: str, readings: Any) -> list[RuleReading]:
    """The readings ``simulate`` accepts, as a list of :class:`RuleReading`.

    ``readings`` is a preset name, a list of preset names, an option grid ``{option: [values]}``
    (the cartesian product, each on the ``"default"`` preset) or a list of dicts of option
    overrides (optionally with ``"preset"`` and ``"label"`` keys); lists may mix names and dicts.
    At most :data:`MAX_READINGS` readings; each option once per reading (by name or id).

    >>> [r.label for r in parse_readings("pyramid-siege", {"capture": ["huff", "strict"],
    ...                                                     "towards": ["distance"]})]
    ['capture=huff, towards=distance', 'capture=strict, towards=distance']
    >>> parse_readings("pyramid-siege", [{"capture": "huff", "label": ["huff"]}])
    Traceback (most recent call last):
        ...
    TypeError: readings[0]['label'] must be str or None, not list (['huff'])
    """
    name = _game_name(game)
    if isinstance(readings, RuleReading):
        items: list[RuleReading] = [
            _reading(name, readings.preset, readings.overrides, readings.label, "readings")
        ]
    elif isinstance(readings, str):
        items = [_reading(name, readings, {}, None, "readings", named=True)]
    elif isinstance(readings, Mapping):
        items = _grid(name, readings)
    elif isinstance(readings, Sequence) and not isinstance(readings, (bytes, bytearray)):
        if len(readings) > MAX_READINGS:
            raise ArgumentError("readings", readings, f"a list of at most {MAX_READINGS} readings")
        items = []
        for k, item in enumerate(readings):
            where = f"readings[{k}]"
            if isinstance(item, RuleReading):
                items.append(_reading(name, item.preset, item.overrides, item.label, where))
            elif isinstance(item, str):
                items.append(_reading(name, item, {}, None, where, named=True))
            elif isinstance(item, Mapping):
                spec = dict(item)
                preset = spec.pop("preset", "default")
                label = spec.pop("label", None)
                items.append(_reading(name, preset, spec, label, where))
            else:
                raise _bad_type(
                    where, item, "each reading is a preset name or a dict of option overrides"
                )
    else:
        raise _bad_type(
            "readings",
            readings,
            "readings is a preset name, a list of presets, an option grid {option: [values]} "
            "or a list of dicts of overrides",
        )
    if not items:
        raise ArgumentError(
            "readings",
            readings,
            f"no readings given; the presets of {name} are {', '.join(presets(name))}",
        )
    labels = [r.label for r in items]
    dupes = sorted({x for x in labels if labels.count(x) > 1})
    if dupes:
        twice = ", ".join(shorten(x) for x in dupes[:5])
        raise ArgumentError(
            "readings", readings, f"each label once; readings appear twice: {twice}"
        )
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
        raise _bad_type("agents", agents, "a mapping that maps each team to an agent or factory")
    teams = TEAMS[game]
    missing = [t for t in teams if t not in agents]
    extra = [t for t in agents if t not in teams]
    if missing or extra:
        words = []
        if missing:
            words.append(f"no agent for {', '.join(map(repr, missing))}")
        if extra:
            words.append(f"unknown team {', '.join(shorten(t) for t in extra[:5])}")
        raise ArgumentError(
            "agents", agents, f"{'; '.join(words)}: the teams of {game} are {', '.join(teams)}"
        )
    for team in teams:
        spec = agents[team]
        if not (_is_agent(spec) or callable(spec)):
            raise _bad_type(
                f"agents[{team!r}]",
                spec,
                "an agent with a choose(game) method or a zero-argument factory "
                "returning such an agent",
            )
    return {t: agents[t] for t in teams}


_OWN_AGENTS = (RandomAgent, GreedyAgent, MCTSAgent)


def _seeded(spec: AgentSpec, seed: int) -> Any:
    """A fresh agent for one game: built (factory) or deep-copied, then reseeded."""
    if _is_agent(spec):
        # The project's own agents hold their generator in .rng alone, and it is replaced
        # below: the copy starts by sharing it rather than copying its whole state (625
        # numbers, a tenth of a short random game's time). Another agent may hold it
        # elsewhere too, so it is copied whole.
        memo = {id(spec.rng): spec.rng} if type(spec) in _OWN_AGENTS else None
        agent = copy.deepcopy(spec, memo)
    else:
        agent = spec()
    if not _is_agent(agent):
        raise ArgumentError(
            "agents",
            spec,
            f"an agent or a factory returning one; the factory returned {shorten(agent)}, "
            "which has no choose()",
        )
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


def _any_pickle() -> Any:
    """cloudpickle where installed (Dask sends work with it: lambdas and local classes
    travel too), else pickle."""
    import importlib

    try:
        return importlib.import_module("cloudpickle")
    except ImportError:
        return pickle


def _round_trip(obj: Any, module: Any) -> None:
    pickle.loads(module.dumps(obj))


def _try_agents(specs: Mapping[str, AgentSpec], crossing: str) -> None:
    """Build every agent once as a game would (and, for worker processes, pickle them), so
    that a broken agent or factory is refused before any game is played."""
    for team, spec in specs.items():
        where = f"agents[{team!r}]"
        try:
            _seeded(spec, 0)
        except ArgumentError as err:
            raise ArgumentError(where, spec, err.accepted) from None
        except Exception as err:
            raise ArgumentError(
                where,
                spec,
                "an agent that can be copied and reseeded, or a factory that builds one; "
                f"this one raised {type(err).__name__}: {_clip(_message(err), 200)}",
            ) from err
        if crossing:
            try:
                _round_trip(spec, pickle if crossing == "pickle" else _any_pickle())
            except Exception as err:
                raise ArgumentError(
                    where,
                    spec,
                    "an agent (or factory) that pickles, to go to worker processes; this one "
                    f"does not ({type(err).__name__}: {_clip(_message(err), 200)}). Define it "
                    "at the top level of a module, or use executor='serial' or a "
                    "ThreadPoolExecutor",
                ) from err


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
    crossing: str = ""  # how the task goes to another process (see _crossing): errors must pickle
    tracker: str | None = None  # a folder where each worker process notes its current game

    def where(self) -> list[tuple[str, int, int]]:
        """Every game of the task, as ``(reading, game_index, seed)``."""
        return [(self.reading.label, i, s) for i, s in self.games]


def _winner_team(game: str, winner: str | None) -> str:
    if winner is None:
        return "draw"
    teams = TEAMS[game]
    if winner in teams:
        return winner
    if winner.endswith("s") and winner[:-1] in teams:  # "attackers" wins for team "attacker"
        return winner[:-1]
    return "attackers" if winner in ("white", "black") else winner


def _new_game(task: _Task) -> Game:
    from siege_nb.games.registry import new_game

    return new_game(task.game, task.reading.preset, **task.setup, **task.reading.overrides)


def _play_one(task: _Task, game_index: int, seed: int) -> dict[str, Any]:
    try:
        return _play(task, game_index, seed)
    except Exception as err:
        if not task.crossing:
            raise _failed(task, game_index, seed, err) from err
        failure = _failed(task, game_index, seed, err)
    # Raised outside the handler, so that no chain of causes goes along: some executors
    # (Dask's) pickle the chain too, and the original error may not pickle.
    raise failure


def _play(task: _Task, game_index: int, seed: int) -> dict[str, Any]:
    game = _new_game(task)
    agents = {team: _seeded(spec, _derive(seed, team)) for team, spec in task.agents.items()}
    start = len(game.pieces())
    decisions = branches = 0
    reason = ""
    while not game.is_over:
        if task.move_limit is not None and game.ply >= task.move_limit:
            reason = LAB_MOVE_LIMIT
            break
        decisions += 1
        demand_open = False
        try:
            moves = game.legal_moves(limit=MOVE_LIST_LIMIT)
        except TooManyMoves:  # jump chains by the million: counted up to the limit only
            branches += MOVE_LIST_LIMIT
        else:
            n = choosable(moves)
            branches += n
            demand_open = n < len(moves)
        _turn(game, agents, demand_open)
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


def _failed(task: _Task, game_index: int, seed: int, err: BaseException) -> SimulationError:
    """The error that reports ``err`` from game ``game_index``; in another process, one that
    surely pickles (and unpickles: an exception whose constructor takes other arguments than
    its message pickles but fails to load, which used to break the whole process pool)."""
    text = "".join(traceback.format_exception(err))
    cause = err
    if task.crossing:
        try:
            pickle.loads(pickle.dumps(err))
        except Exception:
            cause = RemoteError(_type_name(err), _clip(_message(err), 2000), text)
    return SimulationError(
        task.game, [(task.reading.label, game_index, seed)], cause, traceback=text
    )


def _run_chunk(task: _Task) -> list[dict[str, Any]]:
    """Play a chunk of games of one reading (the unit of work sent to an executor)."""
    if task.tracker is None:
        return [_play_one(task, i, s) for i, s in task.games]
    # Note the game in play where the parent can read it if this process dies.
    note = os.path.join(task.tracker, str(os.getpid()))
    out = []
    try:
        for i, s in task.games:
            with open(note, "w", encoding="ascii") as f:
                f.write(f"{task.reading_index} {i} {s}")
            out.append(_play_one(task, i, s))
    finally:
        with contextlib.suppress(OSError):
            os.remove(note)
    return out


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
_RECORD_TEXT = ("reading", "winner")
_RECORD_NUMBERS = ("plies", "branching")


def _check_records(records: Any) -> list[Mapping[str, Any]]:
    """``records`` as a list, each a mapping with the fields :func:`summarize` reads."""
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Iterable):
        raise TypeError(
            "records must be a list of game records (dicts), not "
            f"{type(records).__name__} ({shorten(records)})"
        )
    accepted = (
        "a game record: a mapping with reading and winner (text), plies, branching and "
        "optionally captures (finite numbers of at least 0)"
    )
    out = list(records)
    for k, rec in enumerate(out):
        if not isinstance(rec, Mapping):
            raise TypeError(
                f"records[{k}] must be a mapping (a game record), not {type(rec).__name__} "
                f"({shorten(rec)})"
            )
        fields_ok = all(isinstance(rec.get(key), str) for key in _RECORD_TEXT) and all(
            _is_amount(rec.get(key)) for key in _RECORD_NUMBERS
        )
        if not fields_ok or ("captures" in rec and not _is_amount(rec["captures"])):
            raise ArgumentError(f"records[{k}]", rec, accepted)
    return out


def _is_amount(value: Any) -> bool:
    """A finite real number of at least 0 that a float can hold (means are taken in floats)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return False
    try:
        number = float(value)
    except (OverflowError, ValueError):
        return False
    return math.isfinite(number) and number >= 0


def _check_teams(teams: Any) -> list[str] | None:
    if teams is None:
        return None
    check_list(teams, "teams", "None or a pair of team names", Sequence)
    names = list(teams)
    if len(names) != 2 or not all(isinstance(t, str) for t in names) or names[0] == names[1]:
        raise ArgumentError(
            "teams", teams, "None or two different team names, e.g. ('attacker', 'defender')"
        )
    return names


def _teams_of(records: Sequence[Mapping[str, Any]], teams: list[str] | None) -> list[str]:
    if teams is not None:
        return teams
    games = {r.get("game") for r in records}
    if len(games) == 1:
        name = games.pop()
        if isinstance(name, str) and name in TEAMS:
            return list(TEAMS[name])
    found = sorted({r["winner"] for r in records} - {"draw"})
    if len(found) != 2:
        raise ArgumentError(
            "teams", teams, "cannot tell the two teams from the records: pass teams=(a, b)"
        )
    return found


def summarize(
    records: Sequence[Mapping[str, Any]], teams: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The per-reading summary of game records, readings in order of first appearance.

    Each row: ``reading``, ``games``, ``win_<team>`` for both teams, ``draw`` (rates in 0..1),
    ``length`` (mean plies), ``captures`` (mean pieces taken), ``branching`` (mean of each
    game's mean number of legal moves, each turn counted up to ``MOVE_LIST_LIMIT``, 10,000:
    only built positions of jump chains go past it) and ``balance`` = 1 - |win rate gap
    between the teams|. The teams come from ``teams``, else from the records' ``game``. A
    record without the fields read here (text ``reading`` and ``winner``, numbers ``plies``
    and ``branching``) is refused, naming its place in the list.

    >>> rows = summarize([
    ...     {"reading": "r", "game": "pyramid-siege", "winner": "attacker", "plies": 10,
    ...      "captures": 1, "branching": 4.0},
    ...     {"reading": "r", "game": "pyramid-siege", "winner": "draw", "plies": 30,
    ...      "captures": 3, "branching": 2.0}])
    >>> rows[0]["win_attacker"], rows[0]["draw"], rows[0]["length"], rows[0]["balance"]
    (0.5, 0.5, 20.0, 0.5)
    """
    checked = _check_records(records)
    given = _check_teams(teams)
    if not checked:
        return []
    names = _teams_of(checked, given)
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for rec in checked:
        groups.setdefault(rec["reading"], []).append(rec)
    rows = []
    for label, recs in groups.items():
        n = len(recs)
        row: dict[str, Any] = {"reading": label, "games": n}
        for team in names:
            row[f"win_{team}"] = sum(r["winner"] == team for r in recs) / n
        row["draw"] = sum(r["winner"] == "draw" for r in recs) / n
        row["length"] = sum(float(r["plies"]) for r in recs) / n
        row["captures"] = sum(float(r.get("captures", 0)) for r in recs) / n
        row["branching"] = sum(float(r["branching"]) for r in recs) / n
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

    def __post_init__(self) -> None:
        _game_name(self.game)
        if not isinstance(self.readings, list) or not all(
            isinstance(r, str) for r in self.readings
        ):
            raise TypeError(
                f"Simulation readings must be a list of labels, not {shorten(self.readings)}"
            )
        if _check_teams(self.teams) is None:
            raise TypeError("Simulation teams must be a pair of team names, not None")
        if not isinstance(self.records, list):
            raise TypeError(f"Simulation records must be a list, not {type(self.records).__name__}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, Integral):
            raise TypeError(f"Simulation seed must be int, not {type(self.seed).__name__}")

    @property
    def table(self) -> Any:
        """One row per game (a DataFrame if pandas is importable, else the records)."""
        return _frame([dict(r) for r in _check_records(self.records)])

    @property
    def summary(self) -> Any:
        """One row per reading (see :func:`summarize`), as a DataFrame if pandas is importable."""
        return _frame(summarize(self.records, self.teams))

    def report(self) -> LabReport:
        """The summary as a table to read: one row per reading, rates as whole percentages,
        headers in words (a :class:`~siege_nb.ai.report.LabReport`, narrow enough for a
        projector). :attr:`summary` has the same numbers unrounded.

        >>> sim = Simulation("pyramid-siege", ["default"], ("attacker", "defender"), [
        ...     {"reading": "default", "game": "pyramid-siege", "winner": "defender",
        ...      "plies": 40, "captures": 2, "branching": 5.0}])
        >>> str(sim.report()).splitlines()[1]
        'default | 1 | 0 % | 100 % | 0 % | 40 | 2.0 | 5.0 | 0.00'
        """
        return LabReport(self.teams, tuple(summarize(self.records, self.teams)))

    def plot(self, ax: Any = None) -> Any:
        """Bar chart of each team's win rate and the draw rate, one bar group per reading.

        Draws on ``ax`` (a matplotlib ``Axes``) if given, else on a new figure (made without
        pyplot). Returns the matplotlib Axes; in a notebook, show ``ax.figure``.
        """
        from matplotlib.axes import Axes
        from matplotlib.figure import Figure

        if ax is not None and not isinstance(ax, Axes):
            raise TypeError(
                f"ax must be a matplotlib Axes or None, not {type(ax).__name__} ({shorten(ax)})"
            )
        rows = summarize(self.records, self.teams)
        if ax is None:  # no pyplot: nothing is opened or shown behind the caller's back
            fig = Figure(figsize=(max(6.0, 1.6 * len(rows) + 3), 4.2), layout="constrained")
            ax = fig.add_subplot()
        series = [(f"win_{t}", tr("{team} won", team=team_name(t))) for t in self.teams]
        series.append(("draw", tr("draws")))
        bar = 0.8 / len(series)
        xs = range(len(rows))
        for k, (key, name) in enumerate(series):
            offsets = [x + (k - (len(series) - 1) / 2) * bar for x in xs]
            ax.bar(offsets, [r[key] for r in rows], bar, label=name)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["reading"] for r in rows], rotation=20, ha="right")
        for x, row in zip(xs, rows, strict=True):
            balance = tr("balance {value}", value=format(row["balance"], ".2f"))
            ax.text(x, 1.02, balance, ha="center", fontsize="small")
        ax.set_ylim(0, 1.1)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
        ax.set_ylabel(tr("share of games"))
        games = rows[0]["games"] if rows else 0
        ax.set_title(
            ngettext(
                "{game}: who wins under each reading ({n} game each)",
                "{game}: who wins under each reading ({n} games each)",
                games,
                game=title(self.game),
            )
        )
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


def _check_executor(executor: Any) -> None:
    if executor is None or _serial(executor):
        return
    if isinstance(executor, str):
        raise ArgumentError(
            "executor", executor, "an Executor, 'serial' (play here) or None (a process pool)"
        )
    if not isinstance(executor, Executor) and not callable(getattr(executor, "submit", None)):
        raise _bad_type(
            "executor",
            executor,
            "the executor must be a concurrent.futures.Executor (or have its submit method), "
            "'serial' or None",
        )


def _serial(executor: Any) -> bool:
    return isinstance(executor, str) and executor == "serial"


def _crossing(executor: Any) -> str:
    """How work sent to ``executor`` goes to another process: ``"pickle"`` for a process pool
    (``None`` is the lab's own), ``"any"`` for unknown executors (Dask's pickles with
    cloudpickle), ``""`` when it stays in this process (serial, threads)."""
    if _serial(executor) or isinstance(executor, ThreadPoolExecutor):
        return ""
    return "pickle" if executor is None or isinstance(executor, ProcessPoolExecutor) else "any"


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
    on top of the rules' own move limit (in the Siege of Paris that limit alone need not end a
    game: under its default reading a garrison piece going back into the citadel restarts the
    count, so give the readings ``move_limit_reset="attacker-entry"`` or pass ``move_limit``).
    ``chunk_size`` is the number of games per task (default: about four tasks per worker);
    it never changes the results.

    Every argument is checked before a game is played (see the module's text); a game that
    fails raises a :class:`SimulationError` naming it.

    >>> from siege_nb.ai.base import BaseAgent, own_moves
    >>> class Last(BaseAgent):
    ...     def choose(self, game):
    ...         return own_moves(game)[-1]
    >>> sim = simulate("pyramid-siege", "default", {"attacker": Last(), "defender": Last()},
    ...                n_games=1, executor="serial", progress=False)
    >>> sim.records[0]["reading"], sim.records[0]["winner"] in ("attacker", "defender", "draw")
    ('default', True)
    """
    # Plain arguments first, then the readings and the agents: nothing is played until all
    # of them are known to be good.
    name = _game_name(game)
    setup: dict[str, Any] = dict(game.setup()) if isinstance(game, Game) else {}
    count = _whole(n_games, "n_games", 1, MAX_GAMES)
    assert count is not None
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise TypeError(f"seed must be int, not {type(seed).__name__} ({shorten(seed)})")
    if abs(int(seed)) >= 10**SEED_DIGITS:
        raise ArgumentError("seed", seed, f"an integer of at most {SEED_DIGITS} digits")
    if not isinstance(progress, bool):
        raise TypeError(
            f"progress must be True or False, not {type(progress).__name__} ({shorten(progress)})"
        )
    limit = _whole(move_limit, "move_limit", 1, none=True)
    size = _whole(chunk_size, "chunk_size", 1, none=True)
    _check_executor(executor)
    parsed = parse_readings(name, readings)
    total = count * len(parsed)
    if total > MAX_GAMES:
        raise ArgumentError(
            "n_games", n_games, f"at most {MAX_GAMES} games in all ({len(parsed)} readings)"
        )
    specs = _check_agents(name, agents)
    crossing = _crossing(executor)
    _try_agents(specs, crossing)
    for k, reading in enumerate(parsed):
        _try_setup(game, name, setup, reading, k)
    seeds = [_derive("siege-lab", int(seed), i) for i in range(count)]

    workers = 1 if _serial(executor) else (os.cpu_count() or 1)
    if executor is not None and not isinstance(executor, str):
        given = getattr(executor, "_max_workers", None)
        workers = given if isinstance(given, int) and given > 0 else workers
    size = size or max(1, min(50, math.ceil(total / (4 * workers))))
    local_pool = executor is None or isinstance(executor, ProcessPoolExecutor)
    tracker = tempfile.mkdtemp(prefix="siege-lab-") if local_pool else None
    tasks = [
        _Task(
            name,
            setup,
            k,
            reading,
            specs,
            tuple((i, seeds[i]) for i in chunk),
            limit,
            crossing,
            tracker,
        )
        for k, reading in enumerate(parsed)
        for chunk in _chunks(count, size)
    ]
    bar = _Progress(total, progress)
    results: list[dict[str, Any]] = []
    try:
        if _serial(executor):
            for task in tasks:
                try:
                    results.extend(_run_chunk(task))
                except SimulationError as err:
                    err.records = _sorted(parsed, results)
                    raise
                bar.update(len(task.games))
        elif executor is None:
            pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks)))
            failed = True
            try:
                results = _collect(pool, tasks, bar, parsed)
                failed = False
            finally:
                _close(pool, failed)
        else:
            results = _collect(executor, tasks, bar, parsed)  # type: ignore[arg-type]
    finally:
        bar.close()
        if tracker is not None:
            shutil.rmtree(tracker, ignore_errors=True)
    return Simulation(
        name, [r.label for r in parsed], TEAMS[name], _sorted(parsed, results), int(seed)
    )


def _try_setup(
    game: Any, name: str, setup: Mapping[str, Any], reading: RuleReading, k: int
) -> None:
    """Start the reading's game once: a set-up its rules cannot hold is refused up front."""
    try:
        _new_game(_Task(name, setup, k, reading, {}, (), None))
    except (TypeError, ValueError) as err:
        raise ArgumentError(
            "game",
            game,
            f"a set-up every reading can start from; under reading {shorten(reading.label)}, "
            f"{type(err).__name__}: {_clip(str(err), 200)}",
        ) from err


def _sorted(parsed: list[RuleReading], records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    order = {r.label: k for k, r in enumerate(parsed)}
    return sorted(records, key=lambda r: (order[r["reading"]], r["game_index"]))


def _close(pool: ProcessPoolExecutor, failed: bool) -> None:
    """Shut the lab's own pool: after a failure, without waiting for the games still being
    played (their processes are stopped; nobody will read their results)."""
    if not failed:
        pool.shutdown(wait=True)
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):  # already gone
            process.terminate()


def _collect(
    executor: Executor, tasks: list[_Task], bar: _Progress, parsed: list[RuleReading]
) -> list[dict[str, Any]]:
    """Submit every task, gather the records as they finish (updating the bar). On a failure
    every pending task is cancelled and a SimulationError raised; the executor stays open."""
    futures: dict[Any, _Task] = {}
    out: list[dict[str, Any]] = []
    try:
        for task in tasks:
            try:
                futures[executor.submit(_run_chunk, task)] = task
            except Exception as err:
                raise ArgumentError(
                    "executor",
                    executor,
                    "an executor that accepts work (and can send the agents to its workers); "
                    f"submit failed: {type(err).__name__}: {_clip(_message(err), 200)}",
                ) from err
        # Futures that are not concurrent.futures ones are waited for in order.
        standard = all(isinstance(f, Future) for f in futures)
        done: Iterable[Any] = as_completed(futures) if standard else list(futures)
        for fut in done:
            try:
                chunk = fut.result()
            except SimulationError as err:
                raise _arrived(err) from err.cause
            except KeyboardInterrupt:
                raise
            except BaseException as err:
                raise _lost(executor, futures, fut, err) from err
            out.extend(chunk)
            bar.update(len(chunk))
    except BaseException as err:
        for fut in futures:
            cancel = getattr(fut, "cancel", None)
            if callable(cancel):
                cancel()
        if isinstance(err, SimulationError):
            err.records = _sorted(parsed, out)
        raise
    return out


def _arrived(err: SimulationError) -> SimulationError:
    """A game's error as it arrives; from another process, with the worker's traceback."""
    if err.traceback and getattr(err.cause, "__traceback__", None) is None:
        add_note = getattr(err, "add_note", None)  # Python 3.11 and later show notes
        if callable(add_note):
            add_note("Raised in a worker:\n" + err.traceback.rstrip())
    return err


def _lost(
    executor: Any, futures: Mapping[Any, _Task], fut: Any, err: BaseException
) -> SimulationError:
    """The error for work that failed without a game's own error: the worker process died (a
    broken process pool; Dask's KilledWorker) or the result could not come back."""
    task = futures[fut]
    text = "".join(traceback.format_exception(err))
    if isinstance(err, BrokenProcessPool):
        games, died = _dead_games(executor, futures)
        if err.__cause__ is not None:  # the pool's own account: a result it could not read
            detail = _clip(str(err.__cause__).strip().splitlines()[-1], 200)
            what = f"a worker's answer could not be read back ({detail})"
        elif len(games) == 1:
            how = f" (exit code {died})" if died is not None else ""
            what = f"the worker process playing it died{how}"
        else:
            what = "a worker process died while these games were in play"
        what += "; the process pool cannot be used again"
        return SimulationError(task.game, games, err, what=what, traceback=text)
    if type(err).__name__ == "KilledWorker":  # Dask gave up on the task: its workers died
        whom = "it" if len(task.games) == 1 else "these games"
        what = f"the worker playing {whom} died ({_clip(_message(err), 200)})"
        return SimulationError(task.game, task.where(), err, what=what, traceback=text)
    return SimulationError(task.game, task.where(), err, traceback=text)


def _dead_games(
    executor: Any, futures: Mapping[Any, _Task]
) -> tuple[list[tuple[str, int, int]], int | None]:
    """The games that may have killed a process pool: the one its dead worker noted, if the
    pool tells which worker died, else every game in play, else every unfinished game."""
    tasks = list(futures.values())
    tracker = tasks[0].tracker if tasks else None
    labels = {t.reading_index: t.reading.label for t in tasks}
    noted: dict[int, tuple[str, int, int]] = {}
    if tracker is not None:
        for entry in os.listdir(tracker):
            try:
                with open(os.path.join(tracker, entry), encoding="ascii") as f:
                    k, i, s = (int(x) for x in f.read().split())
                noted[int(entry)] = (labels[k], i, s)
            except (OSError, ValueError, KeyError):
                continue  # a note half written as the process died
    # Which worker died: the pool stops every other one (SIGTERM) once it is broken, so wait
    # (briefly: a process whose pipe has closed may not be reaped yet) until each worker that
    # noted a game has an exit code, and keep those that ended otherwise.
    processes = dict(getattr(executor, "_processes", None) or {})
    watched = {pid: p for pid, p in processes.items() if pid in noted}
    deadline = time.monotonic() + 2.0
    while any(p.exitcode is None for p in watched.values()) and time.monotonic() < deadline:
        time.sleep(0.01)
    dead = {
        pid: p.exitcode
        for pid, p in watched.items()
        if p.exitcode is not None and p.exitcode != -signal.SIGTERM
    }
    if dead:
        codes = set(dead.values())
        return sorted(noted[pid] for pid in dead), codes.pop() if len(codes) == 1 else None
    if noted:
        return sorted(noted.values()), None
    unfinished = [t for f, t in futures.items() if not _succeeded(f)]
    return [g for t in unfinished for g in t.where()], None


def _succeeded(fut: Any) -> bool:
    try:
        return bool(fut.done()) and not fut.cancelled() and fut.exception() is None
    except Exception:
        return False
