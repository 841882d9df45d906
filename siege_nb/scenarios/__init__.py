"""Scenarios: teaching positions as data, with claims that the tests check against the engine.

A scenario is a small TOML file (``siege_nb/scenarios/data/<id>.toml``): the game, its rules,
a position, steps to show one after another and claims that the engine checks. A short one:

.. code-block:: toml

    id = "figure-b-literal"       # the file's name without .toml
    title = "Figure B, as labelled"
    game = "siege-of-paris"       # or "belagerung", "pyramid-siege"
    preset = "escale-a-jeux"      # optional, "default" if absent

    [position]                    # optional: point = piece; absent = the standard set-up
    k7 = "garrison soldier"
    j8 = "black soldier"

    [[steps]]                     # at least one
    text = '''Markdown: **bold**, *italic*, `code`, lists.'''
    explore = "k7"                # optional: highlight this piece's moves

    [[claims]]                    # a move's verdict (or a line of play and its result)
    move = "k7xj8"
    legal = false
    under = { protection = "adjacent" }

Every field, the limits and the error messages are described in ``docs/scenario-files.md``;
the format is published as a JSON Schema (:func:`scenario_schema`), which
:func:`load_scenario` applies before it replays the moves and readings on the engine.

Scenarios are read-only: their tables are :class:`FrozenMap`\\ s and their lists tuples, so a
reader cannot change what :func:`scenario` gives anyone else.

>>> import siege_nb as sn
>>> s = sn.scenario("figure-b-literal")
>>> s.game_name, all(c.ok for c in s.check())
('siege-of-paris', True)
>>> s.position["k7"]
'garrison soldier'
"""

from __future__ import annotations

import copy
import datetime
import difflib
import json
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from siege_nb.errors import SiegeError, check_choice, check_int, check_type, shorten
from siege_nb.games.base import Game, IllegalMove
from siege_nb.games.registry import new_game
from siege_nb.rules import GAMES
from siege_nb.rules import rules as make_rules
from siege_nb.schemas import jsonschema

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "DATA",
    "MAX_BYTES",
    "MAX_REPLAY",
    "SCHEMA",
    "Claim",
    "ClaimResult",
    "FrozenMap",
    "Scenario",
    "ScenarioError",
    "ScenarioStep",
    "UnknownScenario",
    "load_scenario",
    "scenario",
    "scenario_schema",
    "scenarios",
]

DATA = Path(__file__).resolve().parent / "data"
SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"
"""The JSON Schema of the scenario format, shipped with the package."""

MAX_BYTES = 256 * 1024
"""The largest scenario accepted: bytes of a file, or characters of text (the shipped files
have at most 6 KB). A larger one is refused before it is parsed."""

MAX_REPLAY = 5_000
"""The most moves :func:`load_scenario` replays to check a file (each step replays the moves
of the steps before it; each claim its own). A file asking for more is refused before any
move is played, so a hostile file cannot keep the loader busy."""

_LABEL = 60  # the longest file name quoted in a message
_DETAIL = 300  # the longest engine message quoted inside a scenario error


class ScenarioError(SiegeError):
    """A scenario file that cannot be used; the message names the file and the field, as a
    path such as ``steps[2].play[0]`` (lists counted from 0)."""


class UnknownScenario(ScenarioError, KeyError):
    """:func:`scenario` was asked for an id that no shipped scenario has. A
    :class:`ScenarioError`, and a ``KeyError`` as it used to be."""

    # KeyError would quote the whole message; read it as written.
    __str__ = ScenarioError.__str__


# -- read-only data -----------------------------------------------------------------------------


class FrozenMap(Mapping[str, Any]):
    """A read-only mapping (a scenario's options, position, a step's reading, a claim's
    readings): it reads like a ``dict``, compares equal to one with the same items, hashes,
    pickles and copies, but cannot be changed. ``dict(m)`` gives a copy to change.

    >>> m = FrozenMap({"protection": "adjacent"})
    >>> m["protection"], m == {"protection": "adjacent"}
    ('adjacent', True)
    >>> m["protection"] = "reach-any-army"
    Traceback (most recent call last):
        ...
    TypeError: 'FrozenMap' object does not support item assignment
    """

    __slots__ = ("_data",)
    _data: dict[str, Any]

    def __init__(self, data: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        object.__setattr__(self, "_data", dict(data))

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        try:
            return key in self._data
        except TypeError:  # an unhashable key is simply not there
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a FrozenMap cannot be changed (setting {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))


def _frozen_map(value: Any, argument: str, *, optional: bool = False) -> FrozenMap | None:
    """``value`` as a FrozenMap of string keys, or a TypeError naming ``argument``."""
    if value is None and optional:
        return None
    check_type(value, Mapping, argument)
    for key in value:
        check_type(key, str, f"a key of {argument}")
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


def _str_tuple(value: Any, argument: str) -> tuple[str, ...]:
    """``value`` (a list or tuple of strings) as a tuple, or a TypeError naming ``argument``."""
    check_type(value, (list, tuple), argument)
    for item in value:
        check_type(item, str, f"an item of {argument}")
    return tuple(value)


def _optional_str(value: Any, argument: str) -> None:
    if value is not None:
        check_type(value, str, argument)


@dataclass(frozen=True)
class ScenarioStep:
    """One step of a scenario, as written in the file (read-only).

    >>> step = ScenarioStep("The garrison moves.", play=["C0-f5"])
    >>> step.play, dict(step.options)
    (('C0-f5',), {})
    """

    text: str
    title: str = ""
    play: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=FrozenMap)
    explore: str | None = None
    mark: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_type(self.text, str, "text")
        check_type(self.title, str, "title")
        _optional_str(self.explore, "explore")
        # Frozen: the conversions below are the only writes, made once while building.
        object.__setattr__(self, "play", _str_tuple(self.play, "play"))
        object.__setattr__(self, "mark", _str_tuple(self.mark, "mark"))
        object.__setattr__(self, "options", _frozen_map(self.options, "options"))


@dataclass(frozen=True)
class Claim:
    """A checkable statement: a move's verdict, or the result of a line of play (read-only).

    >>> print(Claim({"protection": "adjacent"}, move="k7xj8", legal=False))
    k7xj8 is illegal under protection=adjacent
    """

    under: Mapping[str, Any]
    move: str | None = None
    legal: bool | None = None
    after: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    result: str | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "under", _frozen_map(self.under, "under"))
        _optional_str(self.move, "move")
        if self.legal is not None:
            check_type(self.legal, bool, "legal")
        object.__setattr__(self, "after", _str_tuple(self.after, "after"))
        object.__setattr__(self, "line", _str_tuple(self.line, "line"))
        _optional_str(self.result, "result")
        _optional_str(self.rule, "rule")

    def __str__(self) -> str:
        readings = ", ".join(f"{k}={v}" for k, v in self.under.items())
        where = f" under {readings}" if readings else ""
        if self.move is not None:
            first = f" after {' '.join(self.after)}" if self.after else ""
            return f"{self.move} is {'legal' if self.legal else 'illegal'}{first}{where}"
        return f"{' '.join(self.line) or '(no move)'} ends: {self.result}{where}"


@dataclass(frozen=True)
class ClaimResult:
    """The outcome of checking one claim against the engine."""

    claim: Claim
    ok: bool
    detail: str


@dataclass(frozen=True)
class Scenario:
    """A loaded, validated scenario (see the module docstring for the file format).

    Read-only: ``options``, ``position``, a step's ``options`` and a claim's ``under`` are
    :class:`FrozenMap`\\ s, the lists are tuples. Build one with :func:`load_scenario`; the
    constructor checks only the types of its fields (the loader checks the moves too).
    """

    id: str
    title: str
    game_name: str
    preset: str
    summary: str
    topics: tuple[str, ...]
    options: Mapping[str, Any]
    position: Mapping[str, str] | None
    to_move: str | None
    next_army: str | None
    steps: tuple[ScenarioStep, ...]
    claims: tuple[Claim, ...]
    path: str = ""

    def __post_init__(self) -> None:
        for name in ("id", "title", "game_name", "preset", "summary", "path"):
            check_type(getattr(self, name), str, name)
        _optional_str(self.to_move, "to_move")
        _optional_str(self.next_army, "next_army")
        object.__setattr__(self, "topics", _str_tuple(self.topics, "topics"))
        object.__setattr__(self, "options", _frozen_map(self.options, "options"))
        object.__setattr__(self, "position", _frozen_map(self.position, "position", optional=True))
        for name, kind in (("steps", ScenarioStep), ("claims", Claim)):
            items = check_type(getattr(self, name), (list, tuple), name)
            for item in items:
                check_type(item, kind, f"an item of {name}")
            object.__setattr__(self, name, tuple(items))

    def new_game(self, **extra_options: Any) -> Game:
        """The scenario's starting position under its rules (plus ``extra_options``, rule
        options as :func:`~siege_nb.new_game` takes them). A new game at every call: playing
        it leaves the scenario as it is.

        >>> import siege_nb as sn
        >>> sn.scenario("figure-b-literal").new_game(protection="adjacent").rules["protection"]
        'adjacent'
        """
        setup: dict[str, Any] = {}
        if self.position is not None:
            setup["position"] = dict(self.position)
        if self.to_move is not None:
            setup["to_move"] = self.to_move
        if self.next_army is not None:
            setup["next_army"] = self.next_army
        return new_game(self.game_name, self.preset, **setup, **{**self.options, **extra_options})

    def step_game(self, index: int) -> Game:
        """The game shown at step ``index`` (counted from 0; negative counts from the end):
        the moves of steps 0..index played, under the step's reading.

        >>> import siege_nb as sn
        >>> sn.scenario("figure-b-literal").step_game(2).rules["protection"]
        'reach-same-army'
        """
        n = len(self.steps)
        index = check_int(index, "index", minimum=-n, maximum=n - 1) % n
        step = self.steps[index]
        g = self.new_game(**step.options)
        for s in self.steps[: index + 1]:
            for m in s.play:
                g.play(m)
        return g

    def check(self) -> list[ClaimResult]:
        """Check every claim against the engine."""
        return [self._check(c) for c in self.claims]

    def _check(self, claim: Claim) -> ClaimResult:
        try:
            g = self.new_game(**claim.under)
            for m in claim.after or claim.line:
                g.play(m)
        except (ValueError, TypeError) as err:  # IllegalMove is a ValueError
            return ClaimResult(claim, False, f"could not set up the claim: {err}")
        if claim.move is not None:
            verdict = g.why(claim.move)
            ok = verdict.legal == claim.legal
            if ok and claim.rule is not None and not verdict.legal:
                ok = verdict.rule == claim.rule
            return ClaimResult(claim, ok, str(verdict))
        result = g.result
        if claim.result == "none":
            return ClaimResult(claim, result is None, str(result or "the game goes on"))
        if result is None:
            return ClaimResult(claim, False, "the game goes on")
        winner = "draw" if result.winner is None else result.winner
        ok = winner == claim.result and (claim.rule is None or result.rule == claim.rule)
        return ClaimResult(claim, ok, str(result))

    def player(self, *, pupil: bool = False) -> Any:
        """A :class:`~siege_nb.widgets.ScenarioPlayer` for this scenario (built by
        ``ScenarioPlayer.from_scenario``; the widget layer is loaded on first use);
        ``pupil=True`` for the pupil view (rules in plain words)."""
        from siege_nb.widgets import ScenarioPlayer

        return ScenarioPlayer.from_scenario(self, pupil=pupil)


# -- the schema ---------------------------------------------------------------------------------


@cache
def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return loaded


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the scenario format, as a fresh copy: another tool
    can validate a parsed TOML file with it (see docs/scenario-files.md).

    >>> schema = scenario_schema()
    >>> schema["required"]
    ['id', 'title', 'game', 'steps']
    """
    return copy.deepcopy(_schema())


@cache
def _validator() -> Any:
    # jsonschema is imported here, not at load time, to keep `import siege_nb` light.
    schema_lib = jsonschema()
    base = schema_lib.Draft202012Validator
    # JSON has one kind of number, so a JSON Schema "integer" accepts 200.0; TOML tells
    # floats apart, and no option takes one.
    checker = base.TYPE_CHECKER.redefine("integer", lambda _checker, value: type(value) is int)
    return schema_lib.validators.extend(base, type_checker=checker)(_schema())


# Which error to report when there are several at the same depth: a misspelt field name
# explains the rest (a missing field, a field of the wrong shape).
_FIRST = ("additionalProperties", "required", "type", "enum")


def _field_path(parts: Iterable[Any]) -> str:
    """``steps[2].play[0]`` from the parts of a path into the data."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isascii() and part.replace("_", "a").replace("-", "a").isalnum():
            out += f".{part[:40]}" if out else part[:40]
        else:
            out += f"[{shorten(part, 24)}]"
    return out


def _expected(schema: Any) -> str:
    return schema.get("description", "") if isinstance(schema, dict) else ""


def _schema_message(err: Any) -> str:
    """One schema error in words: the bad value (shortened), what is wrong, what is wanted."""
    kind, value, schema = err.validator, err.instance, err.schema
    wanted = _expected(schema)
    if kind == "required":
        missing = next((k for k in err.validator_value if k not in value), "?")
        return f"the field {missing!r} is missing"
    if kind == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        unknown = sorted(str(k) for k in value if k not in allowed)
        shown = ", ".join(shorten(k, 24).strip("'") for k in unknown[:3])
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        return f"unknown field(s) {shown}{more}; allowed: {', '.join(allowed)}"
    if kind == "type":
        kinds = err.validator_value
        kinds = ", ".join(repr(k) for k in kinds) if isinstance(kinds, list) else repr(kinds)
        text = f"{shorten(value)} is not of type {kinds}"
        if isinstance(value, (datetime.date, datetime.time)):
            text += " (TOML dates and times are not used in scenario files)"
        elif isinstance(value, float):
            text += " (no field takes a number with a decimal point)"
        return f"{text}; expected {wanted}" if wanted else text
    if kind == "enum":
        what = err.path[-1] if err.path and isinstance(err.path[-1], str) else "value"
        choices = ", ".join(str(c) for c in err.validator_value)
        if not isinstance(value, str):
            return f"{shorten(value)} is not one of: {choices}"
        return f"unknown {what} {shorten(value)}; one of: {choices}"
    if kind == "anyOf" and all(set(s) == {"required"} for s in err.validator_value):
        names = " or ".join(repr(k) for s in err.validator_value for k in s["required"])
        return f"needs {names}: {wanted}" if wanted else f"needs {names}"
    sizes = {
        "maxLength": ("a string of {n} characters", "at most"),
        "minItems": ("a list of {n} items", "at least"),
        "maxItems": ("a list of {n} items", "at most"),
        "maxProperties": ("a table of {n} entries", "at most"),
    }
    if kind in sizes and isinstance(value, (str, list, dict)):
        size, bound = sizes[kind]
        return f"{size.format(n=len(value))}; {bound} {err.validator_value}"
    if kind in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        return f"{shorten(value)} is out of range; from {low} to {high}"
    key = "the key " if "propertyNames" in err.relative_schema_path else ""
    problem = "is blank" if kind == "pattern" and not str(value).strip() else "is not accepted"
    return f"{key}{shorten(value)} {problem}; expected {wanted or kind}"


# Tables and lists inside the top table: steps[0].options is 3 deep; deeper ones are refused
# by the schema, up to this depth, with their value quoted.
_DEPTH = 8
_INT = 2**63  # TOML integers are 64-bit: larger ones are refused, as the TOML standard asks


def _check_plain(data: Any, label: str) -> None:
    """Refuse what the schema's validator cannot even describe: tables or lists nested deeper
    than any scenario field, and integers beyond 64 bits (their ``repr`` may be refused)."""
    stack: list[tuple[Any, tuple[Any, ...], int]] = [(data, (), 0)]
    while stack:
        value, path, depth = stack.pop()
        children: Iterable[tuple[Any, Any]]
        if isinstance(value, dict):
            children = value.items()
        elif isinstance(value, list):
            children = enumerate(value)
        else:
            if type(value) is int and not -_INT <= value < _INT:
                raise _fail(f"{label}: {_field_path(path)}", f"{shorten(value)}: too large")
            continue
        if depth >= _DEPTH:
            raise _fail(
                f"{label}: {_field_path(path)}",
                f"nested {depth} levels deep; no field of a scenario is deeper than 3",
            )
        stack.extend((v, (*path, k), depth + 1) for k, v in children)


def _check_schema(data: Any, label: str) -> None:
    _check_plain(data, label)
    try:
        errors = list(_validator().iter_errors(data))
    except RecursionError:  # pragma: no cover - the schema never descends this deep
        raise ScenarioError(f"{label}: the data is nested too deeply to check") from None
    if not errors:
        return

    def rank(e: Any) -> tuple[int, int]:
        kind = e.validator
        return (len(e.absolute_path), _FIRST.index(kind) if kind in _FIRST else len(_FIRST))

    err = min(errors, key=rank)
    where = _field_path(err.absolute_path)
    more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
    raise ScenarioError(f"{label}: {where + ': ' if where else ''}{_schema_message(err)}{more}")


# -- loading ------------------------------------------------------------------------------------


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _label(name: str) -> str:
    """A file name fit for a message: short, and with no control characters."""
    return _clip("".join(c if c.isprintable() else "?" for c in name[: _LABEL + 1]), _LABEL)


def _fail(where: str, message: str) -> ScenarioError:
    return ScenarioError(f"{where}: {_clip(message, _DETAIL)}")


def _too_big(label: str, size: int, unit: str) -> ScenarioError:
    return ScenarioError(
        f"{label}: {size:,} {unit}; a scenario file has at most {MAX_BYTES:,} (refused unread)"
    )


def _read_file(path: Path, label: str) -> bytes:
    """The bytes of a regular file of at most MAX_BYTES, or a ScenarioError."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise ScenarioError(f"{label}: cannot read the file: {_clip(reason, 80)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise ScenarioError(f"{label}: is a folder, not a scenario file")
    if not stat.S_ISREG(info.st_mode):
        # A pipe or a device could block or never end.
        raise ScenarioError(f"{label}: is not a regular file")
    if info.st_size > MAX_BYTES:
        raise _too_big(label, info.st_size, "bytes")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as err:
        raise ScenarioError(f"{label}: cannot read the file: {err.strerror or err}") from None
    if len(raw) > MAX_BYTES:  # it grew since stat
        raise _too_big(label, len(raw), "bytes")
    return raw


def _decode(raw: bytes, label: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScenarioError(
            f"{label}: not UTF-8 text: byte {raw[err.start]:#04x} at offset {err.start} is not "
            "UTF-8; save the file as UTF-8"
        ) from None


def _source(source: Any, name: str | None) -> tuple[str, str, Path | None]:
    """The text of ``source``, the label for messages and the path it came from (if any)."""
    if isinstance(source, str) and source.endswith(".toml") and "\n" not in source:
        source = Path(source)
    if isinstance(source, os.PathLike):
        raw_path = os.fspath(source)
        if not isinstance(raw_path, (str, bytes)):
            raise TypeError(f"source: os.fspath gave {type(raw_path).__name__}, not a path")
        path = Path(os.fsdecode(raw_path))
        label = _label(name if name is not None else path.name or str(path))
        return _decode(_read_file(path, label), label), label, path
    label = _label(name if name is not None else "<text>")
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_BYTES:
            raise _too_big(label, len(source), "bytes")
        return _decode(bytes(source), label), label, None
    if isinstance(source, str):
        if len(source) > MAX_BYTES:
            raise _too_big(label, len(source), "characters")
        return source, label, None
    raise TypeError(
        "source must be TOML text (str), a path (a str ending in .toml, or a pathlib.Path) or "
        f"the bytes of a file, not {type(source).__name__} ({shorten(source)})"
    )


def _parse(text: str, label: str) -> Any:
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ScenarioError(f"{label}: not valid TOML: nested too deeply") from None
    except ValueError as err:  # TOMLDecodeError, or an integer too long to convert
        reason = str(err)
        if "digits" in reason and not isinstance(err, tomllib.TOMLDecodeError):
            reason = "an integer too long to read"
        hint = ""
        if "\n" not in text.strip() and "=" not in text:
            hint = " (a path must end in .toml, or be given as a pathlib.Path)"
        raise ScenarioError(f"{label}: not valid TOML: {_clip(reason, 120)}{hint}") from None


def load_scenario(source: str | os.PathLike[str] | bytes, *, name: str | None = None) -> Scenario:
    """Load and validate a scenario.

    ``source`` is one of: TOML text (a ``str``); a path, as a ``str`` ending in ``.toml`` with
    no line break or as an ``os.PathLike`` (``pathlib.Path``) of any name; the bytes of a file
    (UTF-8). A file or text larger than :data:`MAX_BYTES` is refused before it is parsed.
    ``name`` labels the messages (by default the file's name, or ``<text>``).

    Everything is checked: first the fields against the JSON Schema (:func:`scenario_schema`),
    then the game, preset and options, the position, every move of every step and claim. A
    claim's truth is checked separately by :meth:`Scenario.check`. Raises ``TypeError`` for
    a ``source`` or ``name`` of the wrong type, else :class:`ScenarioError` naming the file
    and the field.

    >>> load_scenario('id = "x"\\ntitle = "X"\\ngame = "chess"\\nsteps = [{text = "t"}]')
    Traceback (most recent call last):
        ...
    siege_nb.scenarios.ScenarioError: <text>: game: unknown game 'chess'; one of: siege-of-paris, belagerung, pyramid-siege
    """  # noqa: E501
    if name is not None:
        check_type(name, str, "name")
    text, label, path = _source(source, name)
    data = _parse(text, label)
    _check_schema(data, label)
    if path is not None and data["id"] != path.stem:
        raise _fail(f"{label}: id", f"is {data['id']!r} but the file is named {path.stem}.toml")
    steps = [
        ScenarioStep(
            text=raw["text"],
            title=raw.get("title", ""),
            play=raw.get("play", []),
            options=raw.get("options", {}),
            explore=raw.get("explore"),
            mark=raw.get("mark", []),
        )
        for raw in data["steps"]
    ]
    claims = [
        Claim(
            raw.get("under", {}),
            move=raw.get("move"),
            legal=raw.get("legal"),
            after=raw.get("after", []),
            line=raw.get("line", []),
            result=raw.get("result"),
            rule=raw.get("rule"),
        )
        for raw in data.get("claims", [])
    ]
    scenario = Scenario(
        id=data["id"],
        title=data["title"],
        game_name=data["game"],
        preset=data.get("preset", "default"),
        summary=data.get("summary", ""),
        topics=data.get("topics", []),
        options=data.get("options", {}),
        position=data.get("position"),
        to_move=data.get("to_move"),
        next_army=data.get("next_army"),
        steps=tuple(steps),
        claims=tuple(claims),
        path=str(path) if path is not None else "",
    )
    _validate_play(scenario, label)
    return scenario


def _replay_cost(s: Scenario) -> int:
    """How many moves checking ``s`` replays."""
    total, so_far = 0, 0
    for step in s.steps:
        so_far += len(step.play)
        total += so_far
    return total + sum(len(c.after or c.line) for c in s.claims)


def _refusal(err: Exception) -> str:
    if isinstance(err, IllegalMove):
        return f"move {err.move!r} is illegal: {err.reason}"
    return str(err)


def _validate_play(s: Scenario, label: str) -> None:
    """Every set-up, reading and move of the scenario must be possible."""
    cost = _replay_cost(s)
    if cost > MAX_REPLAY:
        raise _fail(
            label,
            f"checking it would replay {cost:,} moves; a scenario replays at most "
            f"{MAX_REPLAY:,} (fewer steps, or fewer moves per step)",
        )
    # Rules first, then the set-up (position, to_move, next_army), so that the message
    # points at the right field.
    for where, build in (
        ("preset", lambda: make_rules(s.game_name, s.preset)),
        ("options", lambda: make_rules(s.game_name, s.preset, **s.options)),
        ("set-up", s.new_game),
    ):
        try:
            build()
        except (ValueError, TypeError) as err:
            raise _fail(f"{label}: {where}", f"not valid: {err}") from None
    for i, step in enumerate(s.steps):
        try:
            game = s.new_game(**step.options)
        except (ValueError, TypeError) as err:
            raise _fail(f"{label}: steps[{i}].options", str(err)) from None
        for k, earlier in enumerate(s.steps[: i + 1]):
            for j, move in enumerate(earlier.play):
                try:
                    game.play(move)
                except (ValueError, TypeError) as err:
                    also = "" if k == i else f" (replayed under the reading of steps[{i}])"
                    raise _fail(f"{label}: steps[{k}].play[{j}]{also}", _refusal(err)) from None
        if step.explore is not None and step.explore not in game.pieces():
            raise _fail(f"{label}: steps[{i}].explore", f"there is no piece on {step.explore}")
        off = [p for p in step.mark if p not in game.board.names]
        if off:
            raise _fail(f"{label}: steps[{i}].mark", f"not points of the board: {', '.join(off)}")
    for i, claim in enumerate(s.claims):
        try:
            game = s.new_game(**claim.under)
        except (ValueError, TypeError) as err:
            raise _fail(f"{label}: claims[{i}].under", str(err)) from None
        field_name = "after" if claim.after else "line"
        for j, move in enumerate(claim.after or claim.line):
            try:
                game.play(move)
            except (ValueError, TypeError) as err:
                raise _fail(f"{label}: claims[{i}].{field_name}[{j}]", _refusal(err)) from None


@cache
def _all() -> tuple[Scenario, ...]:
    return tuple(sorted((load_scenario(p) for p in DATA.glob("*.toml")), key=lambda s: s.id))


def scenarios(game: str | None = None) -> list[Scenario]:
    """The scenarios shipped with siege_nb, sorted by id (only ``game``'s if given; an
    unknown game is an :class:`~siege_nb.ArgumentError`).

    >>> [s.id for s in scenarios("pyramid-siege")][:2]
    ['pyramid-capture', 'pyramid-escape-clause']
    """
    if game is not None:
        check_choice(game, GAMES, "game")
    return [s for s in _all() if game is None or s.game_name == game]


def scenario(scenario_id: str) -> Scenario:
    """One shipped scenario by id. An unknown id raises :class:`UnknownScenario` (a
    :class:`ScenarioError` and a ``KeyError``) naming the closest ids.

    >>> scenario("figure-b-literl")
    Traceback (most recent call last):
        ...
    siege_nb.scenarios.UnknownScenario: no scenario 'figure-b-literl'; the closest: figure-b-literal, ...
    """  # noqa: E501
    check_type(scenario_id, str, "scenario_id")
    for s in _all():
        if s.id == scenario_id:
            return s
    raise UnknownScenario(_unknown_message(scenario_id, [s.id for s in _all()]))


def _unknown_message(wanted: str, ids: list[str]) -> str:
    close = difflib.get_close_matches(wanted[:100], ids, n=3, cutoff=0.6)
    if close:
        return (
            f"no scenario {shorten(wanted)}; the closest: {', '.join(close)} "
            f"({len(ids)} in all; sn.scenarios() lists them)"
        )
    # As many ids, in order, as fit in a readable message.
    listed, length = [], 0
    for sid in ids:
        if length + len(sid) > 420:
            break
        listed.append(sid)
        length += len(sid) + 2
    rest = len(ids) - len(listed)
    tail = f" and {rest} more (sn.scenarios() lists them)" if rest else ""
    return f"no scenario {shorten(wanted)}; the scenarios are: {', '.join(listed)}{tail}"
