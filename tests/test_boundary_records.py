"""Game records and the game's own calls refuse bad input cleanly (issue 14).

``sn.load_game`` reads text that anyone may have written: whatever it is given, it returns a
game or raises a :class:`~siege_nb.RecordError` (a ``ValueError``; for neither text nor bytes
also a ``TypeError``) whose message names the field and quotes at most a short prefix. The
record's structure is checked against its JSON Schema first, then its meaning. A game's own
calls (``undo``, ``redo``, ``explore``, ``why``, ``with_rules``, ``to_json``) check their
arguments, and a refused call changes nothing a reader can see.

The hand-written cases are the examples of the issue; the hypothesis suites put hostile
values into every field of a good record, break its text, and call the game's methods with
hostile arguments (``tests/fuzzing.py``).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import jsonschema
import pytest
from fuzzing import (
    FUZZ,
    TRICKY_CHARS,
    deeply_nested,
    hostile,
    refused,
    refused_cleanly,
    snapshot,
    tricky_text,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import siege_nb as sn
from siege_nb import records
from siege_nb.games.base import HistoryError
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.rules.checks import MAX_MOVE_TEXT

PARIS, BL, PS = sn.GAMES
SETUP_FIELDS = sorted(
    {"position", "to_move"} | {k for info in CATALOGUE.values() for k in info.setup_keys}
)
# Loading a small record and the game's own calls are cheap: they get more cases.
MORE = settings(FUZZ, max_examples=4 * (FUZZ.max_examples or 60))
MANY = settings(FUZZ, max_examples=6 * (FUZZ.max_examples or 60))
RAW = "\x00raw\x00"  # stands for a piece of JSON text put into a record as it is
BIG = "9" * 5000  # a whole number over Python's 4,300-digit limit for int <-> str


# -- games and records ------------------------------------------------------------------------
@cache
def _sample(game: str, seed: int) -> sn.Game:
    """A game some random plies in, with a few moves undone (so redo has work)."""
    rng = random.Random(f"records-{game}-{seed}")
    preset = rng.choice(sn.presets(game))
    players = rng.choice(CATALOGUE[game].players)
    g = sn.new_game(game, preset, players=players)
    for _ in range(rng.randint(4, 12)):
        if g.result is not None:
            break
        g.play(rng.choice(g.legal_moves()))
    for _ in range(rng.randint(0, min(3, len(g.moves)))):
        g.undo()
    return g


def sample(game: str, seed: int = 0) -> sn.Game:
    """A fresh copy of a sample game (tests may change it)."""
    return _sample(game, seed % 3).clone()


def record(game: str, seed: int = 0) -> dict[str, Any]:
    """A sample game's record as data (a fresh copy each time)."""
    return json.loads(sample(game, seed).to_json())


def load_refused(data: dict[str, Any] | str, *words: str) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    return refused(sn.RecordError, lambda: sn.load_game(text), *words)


def with_raw(data: dict[str, Any], raw: str) -> str:
    """``data`` as JSON text with the string ``RAW`` replaced by the JSON text ``raw``."""
    text = json.dumps(data)
    placeholder = json.dumps(RAW)
    assert text.count(placeholder) == 1
    return text.replace(placeholder, raw)


def first_point(r: dict[str, Any]) -> str:
    return next(iter(r["setup"]["position"]))


# == 1. the issue's examples ====================================================================
@pytest.mark.parametrize("game", sn.GAMES)
@pytest.mark.parametrize("field", SETUP_FIELDS)
def test_a_set_up_field_under_options_is_named(game: str, field: str) -> None:
    r = record(game)
    setup = r["setup"]
    r["options"][field] = setup.get(field, setup["position"] if field == "position" else "x")
    load_refused(r, "options", repr(field), "set-up field", "under 'setup'")


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_position_moved_under_options_is_named(game: str) -> None:
    r = record(game)
    r["options"]["position"] = r["setup"].pop("position")
    load_refused(r, "record field 'setup'", "'position'", "under 'options'")


@pytest.mark.parametrize("game", sn.GAMES)
def test_an_option_written_by_its_id_is_refused_naming_its_name(game: str) -> None:
    """A record names every option by its name, as ``to_json`` writes it: an id or an id with
    ``_`` (which ``new_game`` accepts as keywords) is refused, naming the name to write."""
    for opt in sn.options(game):
        if opt.id == opt.name:
            continue
        for spelling in (opt.id, opt.id.replace("-", "_")):
            r = record(game)
            r["options"][spelling] = r["options"].pop(opt.name)
            load_refused(r, repr(opt.name), opt.id, spelling)


def test_a_record_written_before_an_option_was_added_still_loads() -> None:
    """A Siege of Paris record from before ``move_limit_reset`` existed loads under the value
    that plays as the game did then; any other missing option is still refused."""
    g = sn.new_game("siege-of-paris", move_limit=3)
    for text in ["C0-f5", "b3-c4", "f5-C0", "b14-c13"]:
        g.play(text)
    old = json.loads(g.to_json())
    del old["options"]["move_limit_reset"]
    again = sn.load_game(json.dumps(old))
    assert again.rules["move_limit_reset"] == "any-entry"
    assert again.to_json() == g.to_json() and again.result is None
    # Read as "attacker-entry", the re-entry at ply 3 would not have counted, and the game would
    # have ended there: the record's fourth move would be refused.
    with pytest.raises(sn.RecordError):
        sn.load_game(
            json.dumps({**old, "options": {**old["options"], "move_limit_reset": "attacker-entry"}})
        )
    del old["options"]["move_limit"]
    load_refused(old, "does not give the options move_limit")


@pytest.mark.parametrize(
    "where",
    ["players", "version", "option", "piece", "move", "undone", "extra", "key", "negative"],
)
def test_numbers_over_4300_digits_are_record_errors(where: str) -> None:
    r = record(BL)
    option = next(iter(r["options"]))
    point = first_point(r)
    number = "-" + BIG if where == "negative" else BIG
    placed = {
        "players": lambda: r.update(players=RAW),
        "version": lambda: r.update(version=RAW),
        "option": lambda: r["options"].update({option: RAW}),
        "piece": lambda: r["setup"]["position"].update({point: RAW}),
        "move": lambda: r["moves"].append(RAW),
        "undone": lambda: r["undone"].insert(0, RAW),
        "extra": lambda: r.update(comment=[1, RAW]),
        "key": lambda: r["options"].update({option: {"x": RAW}}),
        "negative": lambda: r.update(players=RAW),
    }
    placed[where]()
    message = load_refused(with_raw(r, number), "5000 digits", "whole number")
    assert BIG[:30] not in message


@pytest.mark.parametrize(
    "value,words",
    [
        ("2", ["'2'", "str"]),
        (2.0, ["2.0", "float"]),
        (True, ["True", "bool"]),
        (None, ["None"]),
        ([2], ["list"]),
        ({"n": 2}, ["dict"]),
    ],
)
def test_players_that_are_not_a_whole_number_are_record_errors(value: Any, words: list) -> None:
    r = record(PARIS)
    r["players"] = value
    load_refused(r, "record field 'players'", "whole number (int)", *words)


def test_a_game_for_2_0_players_cannot_be_made_so_its_record_always_loads() -> None:
    for game in sn.GAMES:
        refused(TypeError, lambda game=game: sn.new_game(game, players=2.0), "players")
        g = sample(game)
        assert sn.load_game(g.to_json()).players == g.players


@pytest.mark.parametrize(
    "raw,words",
    [
        ("NaN", ["NaN", "not a number"]),
        ("-Infinity", ["-Infinity"]),
        ("1e999", ["1e999", "too large"]),
        ("1" * 50 + ".5", ["too large or too long"]),
    ],
)
def test_numbers_json_does_not_have_are_record_errors(raw: str, words: list) -> None:
    r = record(PS)
    r["options"][next(iter(r["options"]))] = RAW
    load_refused(with_raw(r, raw), *words)


@pytest.mark.parametrize("game", sn.GAMES)
def test_errors_name_the_json_path_of_the_field(game: str) -> None:
    r = record(game)
    point = first_point(r)
    r["setup"]["position"][point] = 7
    load_refused(r, f"record field 'setup.position.{point}'", "text (str)", "int")
    r = record(game)
    r["moves"].append(["a1"])
    load_refused(r, f"move {len(r['moves'])}", f"'moves[{len(r['moves']) - 1}]'", "list")
    r = record(game)
    r["setup"]["turn"] = "x"
    load_refused(r, "record field 'setup' has unknown fields: turn")
    r = record(game)
    r["options"][next(iter(r["options"]))] = {"deep": [1]}
    load_refused(r, "record field 'options.", "dict")


@pytest.mark.parametrize("depth", [50, 900, 5_000, 100_000])
def test_deep_nesting_inside_a_field_is_a_record_error(depth: int) -> None:
    """Nesting that JSON's reader takes is named by its field; nesting too deep for the
    reader itself, by its line and column."""
    r = record(BL)
    r["options"][next(iter(r["options"]))] = RAW
    text = with_raw(r, "[" * depth + "]" * depth)
    if depth < 1000:
        load_refused(text, "record field 'options'")
    else:
        line = text[: text.index("[[")].count("\n") + 1
        load_refused(text, "nested too deeply", f"(line {line}, column")


def test_deep_nesting_as_a_whole_record_is_a_record_error() -> None:
    for depth in (20, 900, 100_000):
        load_refused("[" * depth + "]" * depth)
        load_refused('{"a": ' * depth + "1" + "}" * depth)


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe{}",
        b'{"format": "siege_nb game record\xe0"}',
        "\ufeff{}",
        '{"format": "siege_nb game record", "version": 1',
        "",
        "   ",
        "{}",
        '{"format": "siege_nb game record"}',
        '{"format": "siege_nb game record", "version": "1"}',
    ],
)
def test_text_that_is_no_record_is_a_record_error(text: str | bytes) -> None:
    message = refused(sn.RecordError, lambda: sn.load_game(text))
    assert message


@pytest.mark.parametrize("thing", [None, 42, 4.5, ["{}"], {"format": 1}, object()])
def test_a_record_must_be_text_or_bytes(thing: Any) -> None:
    err = refused(records.RecordTypeError, lambda: sn.load_game(thing), type(thing).__name__)
    assert "str" in err and "bytes" in err
    with pytest.raises(TypeError):
        sn.load_game(thing)
    with pytest.raises(sn.RecordError):
        sn.load_game(thing)


def test_record_errors_pickle_with_their_message() -> None:
    for call in (lambda: sn.load_game("[]"), lambda: sn.load_game(5)):
        with pytest.raises(sn.RecordError) as info:
            call()
        twin = pickle.loads(pickle.dumps(info.value))
        assert type(twin) is type(info.value) and str(twin) == str(info.value)
        assert str(copy.copy(info.value)) == str(info.value)


# == 2. the schema ==============================================================================
def test_the_schema_is_a_valid_draft_2020_12_schema_that_matches_the_package() -> None:
    schema = records.record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["game"]["enum"] == list(sn.GAMES)
    assert schema["properties"]["format"]["const"] == records.FORMAT
    assert schema["properties"]["version"]["const"] == records.VERSION
    assert schema["$defs"]["move"]["maxLength"] == MAX_MOVE_TEXT
    assert set(schema["required"]) == set(json.loads(sample(PS).to_json()))
    players = {n for info in CATALOGUE.values() for n in info.players}
    assert schema["properties"]["players"]["maximum"] >= max(players)
    setup_keys = set().union(*(info.record_setup_keys for info in CATALOGUE.values()))
    assert set(schema["properties"]["setup"]["properties"]) == setup_keys


def test_the_schema_given_out_is_a_copy() -> None:
    schema = records.record_schema()
    schema["properties"]["game"]["enum"].append("chess")
    schema["properties"]["moves"] = {}
    assert "chess" not in records.record_schema()["properties"]["game"]["enum"]
    r = record(PARIS)
    r["game"] = "chess"
    load_refused(r, "'game'", "chess")


@pytest.mark.parametrize("game", sn.GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_another_tool_validates_every_record_with_the_schema(game: str, seed: int) -> None:
    """What docs/game-records.md tells another tool to do accepts every record a game
    writes, and refuses a broken one."""
    schema = records.record_schema()
    data = json.loads(sample(game, seed).to_json())
    jsonschema.validate(data, schema)
    data["setup"]["position"][first_point(data)] = 5
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


# Values a JSON text can hold, hostile ones included (no NaN: json.dumps would write it).
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**18), max_value=10**18),
        st.floats(allow_nan=False, allow_infinity=False),
        tricky_text,
        st.text(max_size=8),
        st.sampled_from(["", "x" * (MAX_MOVE_TEXT + 1), "a2-b3", "attacker", "white", "C0-f5"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
RAW_PIECES = st.sampled_from(
    [BIG, "-" + BIG, "1e999", "NaN", "Infinity", "[" * 3000 + "]" * 3000, '"\\ud800"', "1.0"]
)


def place(r: dict[str, Any], where: str, value: Any, rng: random.Random) -> None:
    """Put ``value`` in ``r`` at a field chosen by ``where`` (removing it for ``None``)."""
    options, setup = r["options"], r["setup"]
    position = setup["position"]
    target: tuple[Any, Any]
    if where in r:
        target = (r, where)
    elif where == "option":
        target = (options, rng.choice(sorted(options)))
    elif where == "new option":
        target = (options, rng.choice(["SP_16", "BL-3", "move-limit", "", "players", "zz"]))
    elif where == "point":
        target = (position, rng.choice(sorted(position)))
    elif where == "new point":
        target = (position, rng.choice(["zz9", "c①", "", "r9c9", "a" * 40]))
    elif where in ("to_move", "next_army"):
        target = (setup, where)
    elif where in ("move", "undone move"):
        seq = r["moves" if where == "move" else "undone"]
        if not seq:
            seq.append("a2-b3")
        target = (seq, rng.randrange(len(seq)))
    else:
        target = (r, where)  # a field a record does not have
    container, key = target
    if value is None and isinstance(container, dict):
        container.pop(key, None)
    else:
        container[key] = value


FIELDS = st.sampled_from(
    [
        *records.record_schema()["required"],
        "option",
        "new option",
        "point",
        "new point",
        "to_move",
        "next_army",
        "move",
        "undone move",
        "comment",
    ]
)


@MORE
@given(
    game=st.sampled_from(sn.GAMES),
    seed=st.integers(0, 2),
    field=FIELDS,
    value=st.one_of(json_values, st.none()),
    rng=st.randoms(use_true_random=False),
)
def test_hostile_values_in_any_field_are_refused_cleanly(
    game: str, seed: int, field: str, value: Any, rng: random.Random
) -> None:
    r = record(game, seed)
    place(r, field, value, rng)
    refused_cleanly("load_game field", lambda: sn.load_game(json.dumps(r)))


@FUZZ
@given(
    game=st.sampled_from(sn.GAMES),
    field=FIELDS,
    raw=RAW_PIECES,
    rng=st.randoms(use_true_random=False),
)
def test_json_no_value_can_stand_for_is_refused_cleanly(
    game: str, field: str, raw: str, rng: random.Random
) -> None:
    r = record(game)
    place(r, field, RAW, rng)
    text = with_raw(r, raw)
    err = refused_cleanly("load_game raw number or nesting", lambda: sn.load_game(text))
    if raw not in ("1.0", '"\\ud800"'):
        assert isinstance(err, sn.RecordError), raw


@FUZZ
@given(
    game=st.sampled_from(sn.GAMES),
    seed=st.integers(0, 2),
    cut=st.floats(0, 1),
    noise=st.one_of(st.binary(max_size=6), st.text(alphabet=TRICKY_CHARS, max_size=4)),
    as_bytes=st.booleans(),
)
def test_broken_text_is_refused_cleanly(
    game: str, seed: int, cut: float, noise: bytes | str, as_bytes: bool
) -> None:
    text = sample(game, seed).to_json().encode()
    at = int(cut * len(text))
    extra = noise if isinstance(noise, bytes) else noise.encode()
    for broken in (text[:at], text[:at] + extra + text[at:], text[:at] + extra):
        arg: str | bytes = broken if as_bytes else broken.decode("utf-8", "replace")
        refused_cleanly("load_game broken text", lambda a=arg: sn.load_game(a))


@FUZZ
@given(thing=hostile)
def test_anything_given_as_a_record_is_refused_cleanly(thing: Any) -> None:
    err = refused_cleanly("load_game hostile", lambda: sn.load_game(thing))
    assert err is not None  # nothing in `hostile` is a record


@MORE
@given(
    game=st.sampled_from(sn.GAMES),
    field=FIELDS,
    value=st.one_of(json_values, st.none()),
    rng=st.randoms(use_true_random=False),
)
def test_the_structure_check_agrees_with_the_whole_schema(
    game: str, field: str, value: Any, rng: random.Random
) -> None:
    """The loader checks the move lists move by move rather than through the validator (for
    speed): it refuses exactly the records that the schema, applied whole, refuses."""
    r = record(game)
    place(r, field, value, rng)
    full = next(iter(records._validator().iter_errors(r)), None)
    try:
        records.check_record_structure(r)
    except sn.RecordError:
        assert full is not None
    else:
        assert full is None, full.message


# == 3. the game's own calls ====================================================================
def test_undo_and_redo_with_nothing_to_do_refuse_and_change_nothing() -> None:
    for game in sn.GAMES:
        g = sample(game)
        while g.can_redo:
            g.redo()
        before = snapshot(g)
        refused(HistoryError, g.redo, "nothing to redo")
        assert snapshot(g) == before
        while g.can_undo:
            g.undo()
        before = snapshot(g)
        err = refused(IndexError, g.undo, "nothing to undo")
        assert err and snapshot(g) == before
        refused(sn.SiegeError, g.undo)


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_game_calls_of_the_issue_refuse_wrong_types(game: str) -> None:
    g = sample(game)
    before = snapshot(g)
    point = next(iter(g.pieces()))
    refused(TypeError, lambda: g.explore(5), "node", "int")
    refused(TypeError, lambda: g.explore(None), "node")
    refused(TypeError, lambda: g.explore(point, whole_chains="no"), "whole_chains")
    refused(TypeError, lambda: g.why(5), "a move is text or a Move", "int")
    refused(TypeError, lambda: g.why(None), "a move is text or a Move")
    refused(TypeError, lambda: g.with_rules(preset=[]), "preset", "list")
    refused(TypeError, lambda: g.with_rules(reset="yes"), "reset")
    refused(sn.ArgumentError, lambda: g.with_rules(preset="house-rules"), "house-rules")
    refused(sn.ArgumentError, lambda: g.with_rules(nope=1), "nope")
    opt = sn.options(game)[-1]
    refused(sn.ArgumentError, lambda: g.with_rules(**{opt.name: []}), opt.name)
    assert snapshot(g) == before


def test_one_option_under_two_spellings_in_with_rules() -> None:
    g = sample(PARIS)
    before = snapshot(g)
    refused(
        sn.ArgumentError,
        lambda: g.with_rules(protection="adjacent", SP_16="reach-any-army"),
        "protection",
        "SP_16",
    )
    h = g.with_rules(protection="adjacent", SP_16="adjacent")
    assert h.rules["protection"] == "adjacent" and snapshot(g) == before


def test_with_rules_refuses_a_position_the_new_board_cannot_hold() -> None:
    b = sn.new_game(BL, defenders=["b9", "e7", "g7"])  # b9: a horn of the top row
    before = snapshot(b)
    err = refused(sn.ArgumentError, lambda: b.with_rules(horns="beside-middle-row"), "b9")
    assert "horns" in err and snapshot(b) == before


OPTION_KEYS = st.sampled_from(
    sorted(
        {o.name for g in sn.GAMES for o in sn.options(g)}
        | {o.id.replace("-", "_") for g in sn.GAMES for o in sn.options(g)}
        | {"nope", "position", "players", "preset"}
    )
)


@MANY
@given(
    game=st.sampled_from(sn.GAMES),
    seed=st.integers(0, 2),
    call=st.sampled_from(["undo", "redo", "explore", "explore chains", "why", "to_json"]),
    arg=st.one_of(hostile, tricky_text, st.just(deeply_nested(10_000))),
)
def test_game_calls_refuse_hostile_arguments_and_change_nothing(
    game: str, seed: int, call: str, arg: Any
) -> None:
    g = sample(game, seed)
    if call == "undo":
        while g.can_undo:
            g.undo()
    if call == "redo":
        while g.can_redo:
            g.redo()
    before = snapshot(g)
    point = next(iter(g.pieces()))
    calls: dict[str, Callable[[], Any]] = {
        "undo": g.undo,
        "redo": g.redo,
        "explore": lambda: g.explore(arg),
        "explore chains": lambda: g.explore(point, whole_chains=arg),
        "why": lambda: g.why(arg),
        "to_json": g.to_json,
    }
    err = refused_cleanly(f"Game.{call}", calls[call])
    if call in ("undo", "redo"):
        assert isinstance(err, HistoryError)
    assert snapshot(g) == before


@FUZZ
@given(
    game=st.sampled_from(sn.GAMES),
    seed=st.integers(0, 2),
    preset=st.one_of(st.none(), hostile, st.sampled_from(["default", "ludosofia", "bonaludo"])),
    reset=st.one_of(st.booleans(), hostile),
    changes=st.dictionaries(OPTION_KEYS, st.one_of(hostile, json_values), max_size=3),
)
def test_with_rules_refuses_hostile_arguments_and_never_changes_the_game(
    game: str, seed: int, preset: Any, reset: Any, changes: dict[str, Any]
) -> None:
    g = sample(game, seed)
    before = snapshot(g)
    refused_cleanly("Game.with_rules", lambda: g.with_rules(preset, reset=reset, **changes))
    assert snapshot(g) == before


@FUZZ
@given(game=st.sampled_from(sn.GAMES), seed=st.integers(0, 2), data=st.data())
def test_a_game_s_own_record_loads_back_after_any_play(
    game: str, seed: int, data: st.DataObject
) -> None:
    g = sample(game, seed)
    for _ in range(data.draw(st.integers(0, 12))):
        action = data.draw(st.sampled_from(["play", "undo", "redo"]))
        if action == "play" and g.result is None:
            g.play(data.draw(st.sampled_from(g.legal_moves())))
        elif action == "undo" and g.can_undo:
            g.undo()
        elif action == "redo" and g.can_redo:
            g.redo()
    h = sn.load_game(g.to_json())
    assert snapshot(h) == snapshot(g)
