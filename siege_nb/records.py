"""Game records: JSON text that stores the rules, the set-up and the moves.

A record is data only: loading parses JSON (never pickle, never eval), checks it against the
record's JSON Schema (:func:`record_schema`, shipped in ``siege_nb/schemas``), then checks
what a schema cannot say (the options are the game's own, written canonically; the set-up is
valid) and replays every move, judging each legal as :meth:`Game.play` does, so a tampered
record cannot produce an impossible game. Every refusal is a :class:`RecordError` that names
the field (``record field 'setup.position.c7'``, ``move 12``) and quotes at most a short
prefix of what it found. The format is documented in ``docs/game-records.md``.

>>> import siege_nb as sn
>>> g = sn.new_game("siege-of-paris", preset="ludosofia")
>>> _ = g.play("C0-f5")
>>> h = sn.load_game(g.to_json())
>>> h.rules.preset, [m.text for m in h.moves], h.to_move
('ludosofia', ['C0-f5'], 'white')
>>> sn.load_game(g.to_json().replace('"players": 2', '"players": 2.5'))
Traceback (most recent call last):
    ...
siege_nb.records.RecordError: record field 'players' must be a whole number (int), not float (2.5)

Loading costs time in proportion to the number of moves (one or two microseconds a move besides
what the engine spends judging it) and little memory: the game keeps its moves and a state
every :data:`~siege_nb.games.base.CHECKPOINT_EVERY` plies (``benchmarks/bench_records.py``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from siege_nb.errors import SiegeError, shorten
from siege_nb.games.base import RECORD_FORMAT, RECORD_VERSION
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.rules import options as game_options
from siege_nb.rules.model import find_option
from siege_nb.schemas import jsonschema

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

    from siege_nb.games.base import Game

__all__ = [
    "FORMAT",
    "MAX_CHARACTERS",
    "RecordError",
    "RecordTypeError",
    "check_record_structure",
    "game_to_json",
    "load_game",
    "record_schema",
]

FORMAT, VERSION = RECORD_FORMAT, RECORD_VERSION

MAX_CHARACTERS = 2_000_000
"""The longest record :func:`load_game` reads, in characters (bytes, for bytes): about
210,000 moves of the Siege of Paris as :meth:`Game.to_json` writes them. A longer text is
refused before it is parsed."""

_MAX_BYTES = MAX_CHARACTERS  # the name this limit had before it was documented
_MAX_DEPTH = 16  # a record nests three levels deep (record, setup, position)
_MAX_DIGITS = 18  # no number in a record comes near; Python's own limit is 4,300
_MAX_NUMBER_TEXT = 40  # the longest text of a number with a fraction or an exponent
_LONGEST_REASON = 400  # of an engine's or new_game's words, quoted in a refusal


class RecordError(SiegeError):
    """A game record that cannot be read: malformed JSON, a missing or wrong field, an
    impossible set-up or an illegal move. The message says which, naming the field."""


class RecordTypeError(RecordError, TypeError):
    """What :func:`load_game` raises when given neither text nor bytes: a
    :class:`RecordError`, and a ``TypeError`` as every wrong type is."""


def game_to_json(game: Game) -> str:
    """The record of ``game`` as JSON text (the same as ``game.to_json()``)."""
    return game.to_json()


# -- the schema ---------------------------------------------------------------------------------
@cache
def _schema_text() -> str:
    return (resources.files("siege_nb") / "schemas" / "game-record.schema.json").read_text(
        encoding="utf-8"
    )


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game record, as a fresh dict: changing it changes
    nothing here. Another tool can validate a record with it (docs/game-records.md); this
    module also checks what a schema cannot (see the module's notes).

    >>> schema = record_schema()
    >>> schema["title"], schema["properties"]["version"]["const"]
    ('siege_nb game record', 1)
    """
    loaded: dict[str, Any] = json.loads(_schema_text())
    return loaded


@cache
def _validator() -> Any:
    """A draft 2020-12 validator of the record schema, built once. Its ``integer`` is a
    Python ``int`` only: JSON Schema counts ``2.0`` as an integer, a record writes ``2``."""
    # Imported on first use, not with the package: `import siege_nb` stays light.
    schema_lib = jsonschema()
    Draft202012Validator, validators = schema_lib.Draft202012Validator, schema_lib.validators
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: type(value) is int
    )
    strict = validators.extend(Draft202012Validator, type_checker=checker)
    return strict(record_schema())


# -- reading the text ---------------------------------------------------------------------------
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise RecordError(f"the record gives {shorten(key)} twice")
        seen[key] = value
    return seen


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        # int() of a long run of digits costs time that grows with its square, and Python
        # refuses more than 4,300 digits with a message about its own settings.
        raise RecordError(
            f"the record holds a whole number of {digits} digits ({text[:12]}…); no number "
            f"in a game record has more than {_MAX_DIGITS}"
        )
    return int(text)


def _number(text: str) -> float:
    value = float(text) if len(text) <= _MAX_NUMBER_TEXT else math.inf
    if not math.isfinite(value):
        raise RecordError(
            f"the record holds the number {shorten(text)}, too large or too long to be a "
            "value of a game record"
        )
    return value


def _constant(text: str) -> Any:
    raise RecordError(f"the record holds {text}, which is not a number in JSON")


def _as_text(text: object) -> str:
    """The record's text: ``str`` as it is, bytes decoded as UTF-8, both within the size
    limit (checked before any decoding or parsing)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_CHARACTERS:
            raise _too_large(len(text), "bytes")
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"a game record is UTF-8 text: {err}") from None
    if not isinstance(text, str):
        raise RecordTypeError(
            f"a game record is text (str) or UTF-8 bytes, not {type(text).__name__} "
            f"({shorten(text)})"
        )
    if len(text) > MAX_CHARACTERS:
        raise _too_large(len(text), "characters")
    return text


def _too_large(size: int, unit: str) -> RecordError:
    return RecordError(
        f"the record is too large to be a game record: {size:,} {unit}, and a record holds "
        f"at most {MAX_CHARACTERS:,} (about 210,000 moves)"
    )


def _parse(text: str) -> Any:
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_whole_number,
            parse_float=_number,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as err:
        raise RecordError(
            f"the record is not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})"
        ) from None
    except RecursionError:
        raise RecordError(
            f"the record is nested too deeply to be a game record{_deep_place(text)}"
        ) from None


def _deep_place(text: str) -> str:
    """Where ``text`` first opens more than :data:`_MAX_DEPTH` arrays or objects in a row,
    as `` (line 3, column 14)``, or nothing (run only once parsing has failed)."""
    opener = r'[\[{]\s*(?:"(?:[^"\\]|\\.)*"\s*:\s*)?'
    found = re.search(f"(?:{opener}){{{_MAX_DEPTH + 1}}}", text)
    if found is None:
        return ""
    at = found.start()
    line = text.count("\n", 0, at) + 1
    return f" (line {line}, column {at - text.rfind(chr(10), 0, at)})"


# -- the structure (the schema) -----------------------------------------------------------------
def _key_words(key: object) -> str:
    """A field's name as it goes in a path: as it is if short and plain, else quoted short."""
    if isinstance(key, str) and 0 < len(key) <= 24 and key.isprintable() and "'" not in key:
        return key
    return shorten(key, 24)


def _where(path: Sequence[object]) -> str:
    """A field of a record in words, from its JSON path: ``record field 'setup.position.c7'``,
    ``move 3 (record field 'moves[2]')``, ``the record`` for the whole.

    >>> _where(["setup", "position", "c7"]), _where(["undone", 0])
    ("record field 'setup.position.c7'", "undone move 1 (record field 'undone[0]')")
    """
    parts = list(path)
    if not parts:
        return "the record"
    dotted = ""
    for part in parts:
        if isinstance(part, int):
            dotted += f"[{part}]"
        else:
            dotted += ("." if dotted else "") + _key_words(part)
    field = f"record field '{dotted}'"
    if len(parts) == 2 and parts[0] in ("moves", "undone") and isinstance(parts[1], int):
        label = "move" if parts[0] == "moves" else "undone move"
        return f"{label} {parts[1] + 1} ({field})"
    return field


_TYPE_WORDS = {
    "string": "text (str)",
    "integer": "a whole number (int)",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
    "object": "an object (dict)",
    "array": "an array (list)",
}


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _words(error: ValidationError, data: Any = None) -> str:
    """A schema error as a sentence naming the field, in this project's words (jsonschema's
    own quote whole values); ``data``, the whole record, adds a hint where it can."""
    rule, wanted, found = error.validator, error.validator_value, error.instance
    path = list(error.absolute_path)
    at = _where(path)
    if "propertyNames" in error.schema_path:
        return (
            f"{at} has a field named {shorten(found)}: a name there is text of 1 to "
            f"{error.schema.get('maxLength', 64)} characters"
        )
    if rule == "type":
        kinds = [wanted] if isinstance(wanted, str) else list(wanted)
        words = " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
        return f"{at} must be {words}, not {_kind(found)} ({shorten(found)})"
    if rule == "const" and path == ["format"]:
        return f"not a siege_nb game record (its 'format' must be {FORMAT!r}, not {shorten(found)})"
    if rule == "const" and path == ["version"]:
        return f"unsupported record version {shorten(found)} (this is version {VERSION})"
    if rule in ("const", "enum"):
        allowed = [wanted] if rule == "const" else list(wanted)
        listed = ", ".join(str(a) for a in allowed)
        return f"{at} is {shorten(found)}; it must be one of: {listed}"
    if rule == "required":
        missing = [k for k in wanted if k not in found]
        words = f"{at} has no field {', '.join(map(repr, missing))}"
        options = data.get("options") if isinstance(data, dict) else None
        if path == ["setup"] and isinstance(options, dict) and set(missing) & set(options):
            words += " (it is under 'options', and a record writes it under 'setup')"
        return words
    if rule == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = sorted(shorten(k, 24) for k in found if k not in known)
        shown = ", ".join(e.strip("'") for e in extra[:5]) + (", …" if len(extra) > 5 else "")
        return f"{at} has unknown fields: {shown} (unexpected in a game record)"
    if rule in ("minLength", "maxLength"):
        if not found:
            return f"{at} is empty"
        return (
            f"{at} is {len(found):,} characters long, and at most {wanted} are allowed "
            f"(it starts {shorten(found)})"
        )
    if rule in ("maxProperties", "maxItems"):
        return f"{at} has {len(found):,} entries, and at most {wanted} are allowed"
    if rule in ("minimum", "maximum"):
        bound = "at least" if rule == "minimum" else "at most"
        return f"{at} must be {bound} {wanted}, not {shorten(found)}"
    return f"{at}: {shorten(found)} is not accepted ({rule} {shorten(wanted)})"


def _depth_error(data: Any) -> str | None:
    """Where ``data`` nests containers more than :data:`_MAX_DEPTH` deep, in words, or
    ``None``. Checked first, without recursion, so that nothing later recurses too deep."""
    stack: list[tuple[Any, int, Any]] = [(data, 1, None)]
    while stack:
        value, depth, top = stack.pop()
        if depth > _MAX_DEPTH:
            at = "the record" if top is None else _where([top])
            return (
                f"{at} holds values nested more than {_MAX_DEPTH} levels deep; a game record "
                "nests three levels at most"
            )
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1, key if top is None else top))
    return None


def _schema_errors(data: Any) -> Iterator[str]:
    """The first structural error of ``data`` against the schema, in words (none if it
    conforms). The move lists are checked move by move here, with the schema's rule for a
    move, rather than by the validator, whose cost per item is hundreds of times higher."""
    best_match = jsonschema().exceptions.best_match

    if isinstance(data, (dict, list)):
        deep = _depth_error(data)
        if deep is not None:
            yield deep
            return
    validator = _validator()
    lists: dict[str, list[Any]] = {}
    shallow = data
    if isinstance(data, dict):
        lists = {k: data[k] for k in ("moves", "undone") if isinstance(data.get(k), list)}
        shallow = {**data, **{k: [] for k in lists}}
    error = best_match(validator.iter_errors(shallow))
    if error is not None:
        path = list(error.absolute_path)
        words = _words(error, data)
        if len(path) >= 2 and path[0] == "options" and path[1] in _setup_fields():
            words += (
                f"; {path[1]!r} is a set-up field, not an option: a record writes it under 'setup'"
            )
        yield words
        return
    move_schema = validator.schema["$defs"]["move"]
    longest = move_schema["maxLength"]
    for key, seq in lists.items():
        for i, move in enumerate(seq):
            if type(move) is str and 0 < len(move) <= longest:
                continue
            # The move's own schema words it, at its place in the record.
            for bad in validator.evolve(schema=move_schema).iter_errors(move):
                bad.path.extendleft([i, key])
                yield _words(bad)
                return


def check_record_structure(data: Any) -> None:
    """Raise :class:`RecordError` if ``data`` (parsed JSON) does not follow the record
    schema, naming the first field that does not; the semantic checks come after."""
    for words in _schema_errors(data):
        raise RecordError(words)


# -- the meaning --------------------------------------------------------------------------------
@cache
def _setup_fields() -> frozenset[str]:
    """The names of every set-up field of every game (``position``, ``to_move``...)."""
    fields = {"position", "to_move"}
    for info in CATALOGUE.values():
        fields |= set(info.setup_keys) | info.record_setup_keys
    return frozenset(fields)


def _quoted(text: str) -> str:
    """Words of an engine or of :func:`~siege_nb.new_game` quoted in a refusal, cut short."""
    return text if len(text) <= _LONGEST_REASON else text[: _LONGEST_REASON - 1] + "…"


def _check_options(game: str, given: Mapping[str, Any]) -> None:
    """Every option of ``game`` once, by its name; anything else named for what it is."""
    opts = game_options(game)
    names = {o.name for o in opts}
    setup_fields = _setup_fields()
    title = CATALOGUE[game].title
    for key in given:
        if key in names:
            continue
        if key in setup_fields:
            raise RecordError(
                f"record field 'options' holds {key!r}, which is a set-up field, not an option: "
                "a record writes it under 'setup'"
            )
        if key in ("preset", "players", "game"):
            raise RecordError(
                f"record field 'options' holds {key!r}, which a record writes as a field of its "
                "own, not as an option"
            )
        opt = find_option(opts, key)
        if opt is not None:
            raise RecordError(
                f"record field 'options' names the option {opt.name} ({opt.id}) "
                f"{shorten(key)}; a record names every option by its name, {opt.name!r}"
            )
        listed = ", ".join(sorted(names))
        raise RecordError(
            f"record field 'options' holds {shorten(key)}, which is not an option of {title}; "
            f"its options are: {listed}"
        )
    missing = sorted(names - set(given))
    if missing:
        raise RecordError(f"the record does not give the options {', '.join(missing)}")


#: Options added to a game after records of it were first written (2026-11-22), each with the
#: value that plays as the game did before the option existed. A record that does not give such
#: an option was written before it, and is read with that value. Every option added from now on
#: belongs here too: tests/test_old_records.py compares this table with the records that the
#: first version wrote (tests/records/).
ADDED_OPTIONS: Mapping[str, Mapping[str, Any]] = {
    "siege-of-paris": {
        # 2026-11-23: before it, no game was drawn because only invaders held the citadel.
        "invaders_only_draw": False,
        # 2026-11-24: before it, any piece stepping onto a circle restarted the move limit.
        "move_limit_reset": "any-entry",
    },
    # 2026-11-23: before it, the attacker huffed a defender that could have captured.
    "pyramid-siege": {"huff_target": "could-capture"},
}


def _former_values(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a record with every value that an earlier version of the project wrote
    for a choice since renamed (``Option.former``: the Siege of Paris ``soldier_inside_draw``
    was ``true``/``false`` before it had four choices) read as that choice."""
    opts = {o.name: o for o in game_options(game)}
    return {key: opts[key].former_value(value) for key, value in given.items()}


def _replay_all(game: Game, moves: list[str], label: str) -> None:
    """Play ``moves`` on ``game``; the first illegal one is refused with the engine's reason."""
    played = game._replay(moves)
    if played < len(moves):
        move = moves[played]
        reason = _quoted(game.why(move).reason)
        raise RecordError(f"{label} {played + 1} ({shorten(move)}) is illegal: {reason}")


def load_game(text: str | bytes) -> Game:
    """Rebuild a :class:`Game` from :meth:`Game.to_json` text (``str``, or UTF-8 ``bytes``);
    raises :class:`RecordError`, naming the field, for anything that is not a valid record
    (:class:`RecordTypeError`, also a ``TypeError``, for neither text nor bytes).

    The record is checked in this order, each step before any work of the next: its size
    (at most :data:`MAX_CHARACTERS`), its JSON (numbers of at most 18 digits, no key given
    twice), its structure (:func:`record_schema`), its meaning (the game's own options by
    name, canonical values, a valid set-up) and its moves, replayed and judged one by one.
    """
    from siege_nb.games.registry import new_game

    data = _parse(_as_text(text))
    check_record_structure(data)
    name, preset, options = data["game"], data["preset"], data["options"]
    setup, moves, undone = data["setup"], data["moves"], data["undone"]
    info = CATALOGUE.get(name)
    if info is None:  # the schema lists the games; this stands guard should the two part
        raise RecordError(f"unknown game {shorten(name)}; the games are {', '.join(CATALOGUE)}")
    unknown = sorted(set(setup) - info.record_setup_keys)
    if unknown:
        raise RecordError(f"record field 'setup' has unknown fields: {', '.join(unknown)}")
    options = {**ADDED_OPTIONS.get(name, {}), **options}  # the schema made it an object
    _check_options(name, options)
    options = _former_values(name, options)
    try:
        game = new_game(name, preset=preset, players=data["players"], **setup, **options)
    except (ValueError, TypeError) as err:
        raise RecordError(
            f"the record's rules or set-up are not valid: {_quoted(str(err))}"
        ) from None
    for key, value in options.items():
        canonical = game.rules[key]
        if value != canonical or type(value) is not type(canonical):
            raise RecordError(
                f"option {key} is written {shorten(value)}; a record writes it {canonical!r}"
            )
    _replay_all(game, moves, "move")
    _replay_all(game, undone, "undone move")
    game._rewind(len(undone))
    return game
