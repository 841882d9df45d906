"""Scenario files and the scenario library at the public boundary (issue 14): bad files, bad
sources and bad arguments are refused with a TypeError or a ScenarioError that names the file
and the field; the published JSON Schema describes every shipped file; scenarios are
read-only, so no reader can change what the library gives the next one."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import json
import math
import os
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fuzzing import FUZZ, deeply_nested, hostile, refused_cleanly, tricky_text
from hypothesis import given
from hypothesis import strategies as st

import siege_nb as sn
from siege_nb.scenarios import (
    DATA,
    MAX_BYTES,
    MAX_REPLAY,
    SCHEMA,
    Claim,
    FrozenMap,
    Scenario,
    ScenarioError,
    ScenarioStep,
    UnknownScenario,
    load_scenario,
    scenario_schema,
)
from siege_nb.scenarios.table import OptionTable, UnknownOption, option_table

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
GOOD = DATA / "figure-b-literal.toml"
GOOD_TEXT = GOOD.read_text(encoding="utf-8")
BASE = tomllib.loads(GOOD_TEXT)
FILES = sorted(DATA.glob("*.toml"))


def _refused(call: Callable[[], Any], pattern: str, kind: type[Exception] = ScenarioError) -> str:
    """The message of the error ``call`` raises, which must be a ``kind`` matching
    ``pattern``."""
    with pytest.raises(kind, match=pattern) as info:
        call()
    return str(info.value)


# -- a small TOML writer, so that hypothesis can write whole files ------------------------------


def _toml_string(text: str) -> str:
    out = []
    for c in text:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def toml_value(value: Any) -> str:
    """``value`` as a TOML value on one line (inline tables and arrays)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{_toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
        )
    raise TypeError(type(value))


def toml_document(data: dict[str, Any]) -> str:
    return "".join(f"{_toml_string(k)} = {toml_value(v)}\n" for k, v in data.items())


FIELDS = sorted(
    {"id", "title", "game", "preset", "summary", "topics", "to_move", "next_army", "options"}
    | {"position", "steps", "claims", "text", "play", "explore", "mark", "move", "legal"}
    | {"under", "after", "line", "result", "rule", "protection", "move_limit", "k7", "j8"}
)
toml_scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.dates(),
    st.datetimes(),
    st.times(),
    tricky_text,
    st.text(max_size=12),
    st.sampled_from(["k7", "k7xj8", "adjacent", "garrison soldier", "", "   ", "x" * 300]),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), tricky_text), inner, max_size=3),
    ),
    max_leaves=6,
)
"""Anything a TOML file can hold: every TOML type, non-ASCII look-alikes, nesting."""


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@FUZZ
@given(toml_values)
def test_the_toml_writer_writes_what_it_is_given(value: Any) -> None:
    """The fuzzing below writes what it means to (else it would test the writer)."""
    assert _same(tomllib.loads(toml_document({"x": value}))["x"], value)


def test_the_base_file_loads_as_written() -> None:
    """The undamaged file, through the writer, loads: the refusals below are the damage's."""
    s = load_scenario(toml_document(BASE), name="fuzz.toml")
    assert s == dataclasses.replace(sn.scenario("figure-b-literal"), path="")


# -- hypothesis: hostile files ------------------------------------------------------------------


@st.composite
def damaged_files(draw: st.DrawFn) -> dict[str, Any]:
    """The base scenario with one field set to a hostile value, or removed, anywhere: at the
    top, in a step, a claim, a table of options or the position."""
    data = copy.deepcopy(BASE)
    where = draw(st.sampled_from(["top", "step", "claim", "options", "position", "under"]))
    if where == "top":
        table = data
    elif where == "step":
        table = data["steps"][draw(st.integers(0, len(data["steps"]) - 1))]
    elif where in ("claim", "under"):
        claim = data["claims"][draw(st.integers(0, len(data["claims"]) - 1))]
        table = claim.setdefault("under", {}) if where == "under" else claim
    elif where == "options":
        table = data.setdefault("options", {})
    else:
        table = data["position"]
    key = draw(st.one_of(st.sampled_from(sorted({*FIELDS, *table})), tricky_text))
    if draw(st.booleans()) and key in table:
        del table[key]
    else:
        table[key] = draw(toml_values)
    return data


def _vocabulary() -> list[str]:
    """Words a scenario file uses: points, pieces, moves, sides, presets, options, values."""
    words = {"garrison soldier", "white general", "black colonel", "attacker", "defender"}
    words |= {"garrison", "white", "black", "attackers", "defenders", "draw", "none", "off"}
    words |= {"demand", "huff r4c1", "C0-f5", "k7xj8", "c7xc5xe5", "SP-1", "SP-16", "BL-2"}
    for game in sn.GAMES:
        g = sn.new_game(game)
        words |= set(g.board.names[::7]) | {str(m) for m in g.legal_moves()[:6]}
        words |= set(sn.presets(game))
        for opt in sn.options(game):
            words |= {opt.name, opt.id, *(str(c.value) for c in opt.choices)}
    return sorted(words)


VOCABULARY = _vocabulary()
_word = st.one_of(
    st.sampled_from(VOCABULARY),
    st.integers(min_value=0, max_value=300),
    st.booleans(),
)
plausible = st.one_of(_word, st.lists(st.sampled_from(VOCABULARY), max_size=4), st.lists(_word))
"""Values of the right form that may still be wrong: the semantic checks' work."""


@st.composite
def plausible_files(draw: st.DrawFn) -> dict[str, Any]:
    """The base scenario with a few fields set to well-formed, maybe wrong, values."""
    data = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "step", "claim", "options", "position"]))
        if where == "top":
            table, keys = data, ["preset", "to_move", "next_army", "game", "topics", "id"]
        elif where == "step":
            table = data["steps"][draw(st.integers(0, len(data["steps"]) - 1))]
            keys = ["play", "explore", "mark", "options"]
        elif where == "claim":
            table = data["claims"][draw(st.integers(0, len(data["claims"]) - 1))]
            keys = ["move", "after", "line", "result", "rule", "legal", "under"]
        elif where == "options":
            table, keys = data.setdefault("options", {}), OPTION_NAMES
        else:
            table, keys = data["position"], VOCABULARY
        key = draw(st.sampled_from(keys))
        if key in ("options", "under"):
            table[key] = draw(st.dictionaries(st.sampled_from(OPTION_NAMES), plausible))
        else:
            table[key] = draw(plausible)
    return data


OPTION_NAMES = sorted({n for g in sn.GAMES for o in sn.options(g) for n in (o.name, o.id)})


def _load_damaged(text: str) -> None:
    err = refused_cleanly("load_scenario(damaged file)", lambda: load_scenario(text, name="f.toml"))
    if err is not None:
        assert isinstance(err, ScenarioError), err
        assert str(err).startswith("f.toml: "), err


@FUZZ
@given(damaged_files())
def test_a_damaged_file_is_loaded_or_refused_naming_the_file(data: dict[str, Any]) -> None:
    _load_damaged(toml_document(data))


@FUZZ
@given(plausible_files())
def test_a_well_formed_but_wrong_file_is_refused_naming_the_file(data: dict[str, Any]) -> None:
    _load_damaged(toml_document(data))


@FUZZ
@given(st.dictionaries(st.one_of(st.sampled_from(FIELDS), tricky_text), toml_values, max_size=8))
def test_a_random_document_is_refused_naming_the_file(data: dict[str, Any]) -> None:
    _load_damaged(toml_document(data))


@FUZZ
@given(st.text(max_size=200))
def test_random_text_is_refused_cleanly(text: str) -> None:
    refused_cleanly("load_scenario(text)", lambda: load_scenario(text))


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_are_refused_cleanly(raw: bytes) -> None:
    refused_cleanly("load_scenario(bytes)", lambda: load_scenario(raw))


@FUZZ
@given(st.binary(max_size=200), st.sampled_from([b"", GOOD_TEXT.encode()[:300]]))
def test_random_files_are_refused_naming_the_file(tmp_path_factory, raw: bytes, head) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "figure-b-literal.toml"
    path.write_bytes(head + raw)
    err = refused_cleanly("load_scenario(Path)", lambda: load_scenario(path))
    assert err is not None and str(err).startswith("figure-b-literal.toml: ")


@FUZZ
@given(hostile)
def test_any_source_is_refused_cleanly(source: Any) -> None:
    refused_cleanly("load_scenario(source)", lambda: load_scenario(source))


@FUZZ
@given(hostile)
def test_any_name_is_refused_or_used(name: Any) -> None:
    err = refused_cleanly(
        "load_scenario(name=)", lambda: load_scenario(GOOD_TEXT + "\n[[x", name=name)
    )
    assert err is not None
    if name is None or isinstance(name, str):  # the label, shortened and printable
        assert isinstance(err, ScenarioError) and str(err).isprintable()
    else:
        assert isinstance(err, TypeError) and "name" in str(err)


# -- hypothesis: the library and the scenario methods -------------------------------------------


@FUZZ
@given(st.one_of(hostile, tricky_text))
def test_any_scenario_id_is_refused_cleanly(scenario_id: Any) -> None:
    err = refused_cleanly("scenario(id)", lambda: sn.scenario(scenario_id))
    assert err is not None
    if isinstance(scenario_id, str):
        assert isinstance(err, UnknownScenario)


@FUZZ
@given(st.one_of(hostile, tricky_text))
def test_any_game_for_scenarios_is_refused_cleanly(game: Any) -> None:
    err = refused_cleanly("scenarios(game)", lambda: sn.scenarios(game))
    assert (err is None) == (game is None)


OPTION_KEYS = sorted({o.name for g in sn.GAMES for o in sn.options(g)} | {"SP_16", "preset"})


@FUZZ
@given(
    st.sampled_from([s.id for s in sn.scenarios()]),
    st.dictionaries(st.one_of(st.sampled_from(OPTION_KEYS), tricky_text), hostile, max_size=3),
    hostile,
)
def test_scenario_methods_refuse_cleanly_and_change_nothing(
    scenario_id: str, options: dict[str, Any], index: Any
) -> None:
    s = sn.scenario(scenario_id)
    before = pickle.dumps(s)
    refused_cleanly("Scenario.new_game(**options)", lambda: s.new_game(**options))
    refused_cleanly("Scenario.step_game(index)", lambda: s.step_game(index))
    assert pickle.dumps(s) == before
    assert sn.scenario(scenario_id) is s


@FUZZ
@given(st.one_of(hostile, st.sampled_from(sn.GAMES)), hostile)
def test_option_table_refuses_cleanly(game: Any, index: Any) -> None:
    refused_cleanly("option_table(game, scenario_index)", lambda: option_table(game, index))


@FUZZ
@given(
    st.one_of(hostile, tricky_text), st.one_of(hostile, st.sampled_from(["default", "bonaludo"]))
)
def test_option_table_value_refuses_cleanly(option: Any, preset: Any) -> None:
    table = sn.option_table("siege-of-paris")
    refused_cleanly("OptionTable.value(option, preset)", lambda: table.value(option, preset))


@FUZZ
@given(st.sampled_from(sorted(Scenario.__dataclass_fields__)), hostile)
def test_the_scenario_constructor_checks_types(name: str, value: Any) -> None:
    fields = {
        f.name: getattr(sn.scenario("blockade"), f.name) for f in dataclasses.fields(Scenario)
    }
    fields[name] = value
    refused_cleanly("Scenario(...)", lambda: Scenario(**fields))


# -- the schema ---------------------------------------------------------------------------------


def _plain_validator() -> jsonschema.Draft202012Validator:
    """The schema as any other tool would use it (no siege_nb code)."""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_shipped_scenario_validates_against_the_schema(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    errors = [f"{e.json_path}: {e.message}" for e in _plain_validator().iter_errors(data)]
    assert not errors, errors


def test_the_schema_is_shipped_and_names_the_games() -> None:
    schema = scenario_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert tuple(schema["properties"]["game"]["enum"]) == sn.GAMES
    assert SCHEMA.parent.name == "schemas" and SCHEMA.parent.parent.name == "siege_nb"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schemas/*.json" in pyproject["tool"]["setuptools"]["package-data"]["siege_nb"]


def test_scenario_schema_gives_a_copy() -> None:
    schema = scenario_schema()
    schema["required"].append("colour")
    schema["properties"].clear()
    assert scenario_schema()["required"] == ["id", "title", "game", "steps"]
    assert "colour" not in json.dumps(scenario_schema())


def test_the_schema_and_the_loader_name_the_same_field() -> None:
    data = copy.deepcopy(BASE)
    data["steps"][2]["play"] = ["k7-k8", 5]
    (error,) = _plain_validator().iter_errors(data)
    assert error.json_path == "$.steps[2].play[1]"
    message = _refused(
        lambda: load_scenario(toml_document(data), name="bad.toml"),
        re.escape("bad.toml: steps[2].play[1]: 5 is not of type 'string'"),
    )
    assert "expected a move" in message


def test_the_documented_snippet_validates_a_file(tmp_path: Path, capsys) -> None:
    doc = (ROOT / "docs" / "scenario-files.md").read_text(encoding="utf-8")
    section = doc.split("## Validating a file with another tool", 1)[1]
    code = re.search(r"```python\n(.+?)```", section, re.S)
    assert code is not None
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD_TEXT.replace("legal = false", "legal = 'no'", 1), encoding="utf-8")
    source = code.group(1).replace('"my-scenario.toml"', repr(str(bad)))
    if sys.version_info < (3, 11):  # pragma: no cover
        source = source.replace("import tomllib", "import tomli as tomllib")
    exec(compile(source, "scenario-files.md", "exec"), {})
    assert capsys.readouterr().out == "$.claims[0].legal 'no' is not of type 'boolean'\n"


# -- hand cases: the examples of the issue ------------------------------------------------------


def _with(old: str, new: str) -> str:
    assert old in GOOD_TEXT, old
    return GOOD_TEXT.replace(old, new, 1)


TOP = 'to_move = "garrison"'
CASES = {
    "claims = 5": (
        _with(TOP, TOP + "\nclaims = 5").split("[[claims]]")[0],
        r"claims: 5 is not of type 'array'; expected a list of \[\[claims\]\] tables",
    ),
    "claims = 5 beside [[claims]]": (
        _with(TOP, TOP + "\nclaims = 5"),
        r"not valid TOML: Cannot overwrite a value",
    ),
    "a table for a string": (
        _with('title = "Figure B, as labelled"', "title = { text = 'x' }"),
        r"title: \{'text': 'x'\} is not of type 'string'",
    ),
    "a string for a table": (
        _with("[position]", 'position = "k7"\n[unused]'),
        r"position: 'k7' is not of type 'object'|unknown field",
    ),
    "a string for a list of tables": (
        'id = "x"\ntitle = "X"\ngame = "belagerung"\nsteps = "go"',
        r"steps: 'go' is not of type 'array'; expected a non-empty list of \[\[steps\]\]",
    ),
    "a list for a string": (_with(TOP, 'to_move = ["garrison"]'), r"to_move: \['garrison'\]"),
    "a superscript digit in a point": (
        _with('j9 = "white soldier"', '"j²" = "white soldier"'),
        r"position: the key 'j²' is not accepted; expected a point of the board",
    ),
    "a circled digit in a move": (
        _with('mark = ["j9"]', 'play = ["k7-k①"]'),
        r"steps\[0\]\.play\[0\]: 'k7-k①' is not accepted; expected a move",
    ),
    "a full-width digit in a mark": (
        _with('mark = ["j9"]', 'mark = ["j９"]'),
        r"steps\[0\]\.mark\[0\]",
    ),
    "a Cyrillic letter in an option name": (
        _with('options = { protection = "adjacent" }', 'options = { "prоtection" = "adjacent" }'),
        r"steps\[3\]\.options: the key 'prоtection' is not accepted",
    ),
    # 'x' is a letter and a capture sign: a pattern that took it for both would backtrack
    # for ever on this move (over 2**60 ways to split it).
    "a move that a careless pattern would backtrack on": (
        _with('mark = ["j9"]', f'play = ["{"ax" * 60}!"]'),
        r"steps\[0\]\.play\[0\]: 'axaxax\S* is not accepted; expected a move",
    ),
    "a float": (
        _with(TOP, TOP + "\n[options]\nmove_limit = 200.0"),
        r"options\.move_limit: 200\.0 is not of type .*decimal point",
    ),
    "a date": (
        _with('title = "Figure B, as labelled"', "title = 1871-01-28"),
        r"title: datetime\.date\(1871, 1, 28\) is not of type 'string' \(TOML dates",
    ),
    "an integer over 4,300 digits": (
        _with(TOP, TOP + "\n[options]\nmove_limit = " + "9" * 5000),
        r"not valid TOML: an integer too long to read",
    ),
    "an integer over 64 bits": (
        _with(TOP, TOP + "\n[options]\nmove_limit = 0x" + "f" * 5000),
        r"options\.move_limit: an int of \d+ digits: too large",
    ),
    "a negative option": (
        _with(TOP, TOP + "\n[options]\nmove_limit = -5"),
        r"options\.move_limit: -5 is out of range",
    ),
    "arrays nested 600 deep": (
        "x = " + "[" * 600 + "]" * 600,
        r"not valid TOML: nested too deeply|nested \d+ levels deep",
    ),
    "tables nested 600 deep": (
        "x = " + "{a = " * 600 + "1" + "}" * 600,
        r"not valid TOML: nested too deeply|nested \d+ levels deep",
    ),
    "dotted keys 2,000 deep": (
        _with("[position]", "[position]\nk1" + ".a" * 2000 + " = 1"),
        r"position\.k1(\.a){6}: nested 8 levels deep; no field of a scenario is deeper than 3",
    ),
    "lists in an option": (
        _with('options = { protection = "adjacent" }', "options = { protection = [[1]] }"),
        r"steps\[3\]\.options\.protection: \[\[1\]\] is not of type",
    ),
    "a blank text": (_with("[[steps]]\n", "[[steps]]\ntext_ = 1\n"), r"unknown field\(s\) text_"),
    "a claim of neither kind": (
        GOOD_TEXT + "\n[[claims]]\nrule = 'SP-16'\n",
        r"claims\[4\]: needs",
    ),
    "an unknown option": (
        _with('options = { protection = "adjacent" }', 'options = { protectoin = "adjacent" }'),
        r"steps\[3\]\.options: .*protectoin",
    ),
    "an unknown reading": (
        _with('under = { protection = "adjacent" }', 'under = { protection = "nope" }'),
        r"claims\[0\]\.under: .*nope",
    ),
    "an unknown side": (_with(TOP, 'to_move = "nobody"'), r"set-up: .*nobody"),
    "an illegal move": (
        _with('mark = ["j9"]', 'play = ["k7-k9"]'),
        r"steps\[0\]\.play\[0\]: move 'k7-k9' is illegal",
    ),
    "an illegal move in a claim": (
        _with("legal = true\n", 'legal = true\nafter = ["k7-k9"]\n'),
        r"claims\[2\]\.after\[0\]: move 'k7-k9' is illegal",
    ),
    "a path that is not a file name": ("/tmp/scenario.txt", r"\(a path must end in \.toml"),
}


@pytest.mark.parametrize(("text", "pattern"), list(CASES.values()), ids=list(CASES))
def test_the_issue_examples_name_the_file_and_the_field(text: str, pattern: str) -> None:
    message = _refused(lambda: load_scenario(text, name="bad.toml"), pattern)
    assert message.startswith("bad.toml: ") and len(message) <= 600


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "figure-b-literal.toml"
    path.write_bytes(GOOD_TEXT.encode("latin-1", "replace"))  # é and « as single bytes
    message = _refused(lambda: load_scenario(path), r"not UTF-8 text: byte 0x")
    assert message.startswith("figure-b-literal.toml: ")
    _refused(lambda: load_scenario(b"\xff\xfe" + GOOD_TEXT.encode("utf-16-le")), "not UTF-8")


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "figure-b-literal.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.read_bytes())
    assert load_scenario(path) == dataclasses.replace(
        sn.scenario("figure-b-literal"), path=str(path)
    )


@pytest.mark.parametrize(
    ("source", "pattern"),
    [
        ("no-such-folder/figure-b-literal.toml", r"figure-b-literal\.toml: cannot read the file"),
        (Path("no-such-folder") / "x.toml", r"x\.toml: cannot read the file"),
        ("nul\0inside.toml", r"cannot read the file: embedded null"),
        (Path("nul\0inside.toml"), r"nul\?inside\.toml: cannot read the file"),
        ("x" * 5000 + ".toml", r"^x+…: cannot read the file"),
        (DATA, r"data: is a folder, not a scenario file"),
        (str(DATA) + "/.toml", r"cannot read the file|is a folder"),
    ],
)
def test_odd_paths_are_refused(source: Any, pattern: str) -> None:
    message = _refused(lambda: load_scenario(source), pattern)
    assert len(message) <= 600


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    _refused(lambda: load_scenario(pipe), r"pipe\.toml: is not a regular file")


@pytest.mark.parametrize(
    "source",
    [5, 5.0, None, ["a.toml"], {"id": "x"}, object(), 10**5000],
    ids=["int", "float", "None", "list", "dict", "object", "huge-int"],
)
def test_a_source_of_another_type_is_a_type_error(source: Any) -> None:
    message = _refused(lambda: load_scenario(source), r"^source must be TOML text", TypeError)
    assert len(message) <= 300


def test_every_kind_of_source_gives_the_same_scenario(tmp_path: Path) -> None:
    shipped = sn.scenario("figure-b-literal")
    from_path = load_scenario(GOOD)
    assert from_path == shipped
    assert load_scenario(str(GOOD)) == shipped
    from_text = load_scenario(GOOD_TEXT)
    assert from_text == dataclasses.replace(shipped, path="")
    assert load_scenario(GOOD.read_bytes()) == from_text
    assert load_scenario(bytearray(GOOD.read_bytes())) == from_text
    # A Path of another name is read too, and its id must match the name.
    other = tmp_path / "scenario.txt"
    other.write_text(GOOD_TEXT, encoding="utf-8")
    _refused(lambda: load_scenario(other), r"scenario\.txt: id: is 'figure-b-literal'")
    _refused(lambda: load_scenario(GOOD, name=5), r"^name must be str", TypeError)
    _refused(lambda: load_scenario(GOOD_TEXT + "[[", name="mine"), r"^mine: not valid TOML")


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path, monkeypatch) -> None:
    def parse(*args: Any) -> Any:
        raise AssertionError("parsed")

    monkeypatch.setattr(tomllib, "loads", parse)
    huge = GOOD_TEXT + "#" * MAX_BYTES + "\n"
    path = tmp_path / "figure-b-literal.toml"
    path.write_text(huge, encoding="utf-8")
    _refused(
        lambda: load_scenario(path), rf"[\d,]+ bytes; a scenario file has at most {MAX_BYTES:,}"
    )
    _refused(lambda: load_scenario(huge), r"[\d,]+ characters; a scenario file has at most")
    _refused(lambda: load_scenario(huge.encode()), r"[\d,]+ bytes; a scenario file has at most")
    with pytest.raises(AssertionError, match="parsed"):
        load_scenario(GOOD_TEXT)  # the patch is in force: the refusals came first


def test_a_file_that_would_replay_too_many_moves_is_refused() -> None:
    moves = ", ".join(['"k7-k8"'] * 250)
    steps = "".join(f"\n[[steps]]\ntext = 'step {i}'\nplay = [{moves}]\n" for i in range(10))
    message = _refused(
        lambda: load_scenario(GOOD_TEXT + steps, name="long.toml"),
        rf"long\.toml: checking it would replay [\d,]+ moves; a scenario replays at most "
        rf"{MAX_REPLAY:,}",
    )
    assert "illegal" not in message  # refused before any move is played


def test_an_unknown_scenario_names_the_closest_ids() -> None:
    with pytest.raises(UnknownScenario) as info:
        sn.scenario("figure-b-literl")
    err = info.value
    assert isinstance(err, ScenarioError) and isinstance(err, KeyError)
    assert isinstance(err, sn.SiegeError)
    assert str(err).startswith("no scenario 'figure-b-literl'; the closest: figure-b-literal")
    assert str(err) == err.args[0]  # not quoted as a KeyError would
    assert pickle.loads(pickle.dumps(err)).args == err.args
    far = _refused(lambda: sn.scenario("x" * 100_000), r"the scenarios are: attacker-movement")
    assert len(far) <= 600 and "sn.scenarios() lists them" in far


def test_the_library_functions_check_their_arguments() -> None:
    _refused(lambda: sn.scenario(5), r"^scenario_id must be str, not int", TypeError)
    _refused(lambda: sn.scenario(None), r"scenario_id", TypeError)
    _refused(lambda: sn.scenarios(["belagerung"]), r"^game must be str", TypeError)
    _refused(lambda: sn.scenarios("chess"), r"game: 'chess' is not accepted", sn.ArgumentError)
    assert sn.scenarios(None) == sn.scenarios()
    assert {s.game_name for s in sn.scenarios("belagerung")} == {"belagerung"}


def test_scenario_methods_check_their_arguments() -> None:
    s = sn.scenario("figure-b-literal")
    assert s.step_game(-1).to_json() == s.step_game(len(s.steps) - 1).to_json()
    _refused(lambda: s.step_game(len(s.steps)), r"index: 5 is not accepted", sn.ArgumentError)
    _refused(lambda: s.step_game(-6), r"index: -6 is not accepted", sn.ArgumentError)
    _refused(lambda: s.step_game("1"), r"^index must be int", TypeError)
    _refused(lambda: s.step_game(True), r"^index must be int", TypeError)
    _refused(lambda: s.step_game(10**5000), r"an int of 5001 digits", sn.ArgumentError)


def test_option_table_checks_its_arguments() -> None:
    _refused(lambda: option_table(5), r"^game must be str", TypeError)
    _refused(lambda: option_table("chess"), r"game: 'chess'", sn.ArgumentError)
    _refused(lambda: option_table("belagerung", "BL-2"), r"^scenario_index must be", TypeError)
    _refused(lambda: option_table("belagerung", [("x", "BL-2")]), r"not one string", TypeError)
    _refused(lambda: option_table("belagerung", [("x",)]), r"must be a pair", TypeError)
    _refused(lambda: option_table("belagerung", [(1, ["BL-2"])]), r"scenario id", TypeError)
    _refused(lambda: option_table("belagerung", [("x", [["BL-2"]])]), r"a topic of", TypeError)
    nested = [("x", deeply_nested(10_000))]
    _refused(lambda: option_table("belagerung", nested), r"a topic of", TypeError)

    def endless() -> Any:
        while True:
            yield ("x", ["BL-2"])

    _refused(lambda: option_table("belagerung", endless()), r"at most", sn.ArgumentError)
    table = option_table("belagerung", iter([("mine", ("BL-2", "horns"))]))
    assert [row[6] for row in table.rows if row[6]] == [("mine",), ("mine",)]
    assert table.value("BL-2", "default") == table.value("attacker_direction", "default")
    with pytest.raises(UnknownOption) as info:
        table.value("nope", "default")
    assert isinstance(info.value, KeyError) and str(info.value).startswith("option: 'nope'")
    _refused(lambda: table.value("BL-2", "nope"), r"preset: 'nope'", sn.ArgumentError)
    _refused(lambda: table.value(["BL-2"], "default"), r"^option must be str", TypeError)
    with pytest.raises(TypeError, match="each row"):
        OptionTable("belagerung", ("default",), (("a", "b"),))


# -- read-only scenarios ------------------------------------------------------------------------


def test_a_reader_cannot_change_the_library() -> None:
    """Issue 14, item 7: `sn.scenario(...).position[...] = ...` changed every later answer."""
    s = sn.scenario("figure-b-literal")
    fresh = load_scenario(GOOD)
    step, claim = s.steps[1], s.claims[0]
    attempts: list[Callable[[], Any]] = [
        lambda: s.position.__setitem__("k7", "white general"),
        lambda: s.position.__delitem__("k7"),
        lambda: s.options.__setitem__("protection", "adjacent"),
        lambda: step.options.__setitem__("protection", "adjacent"),
        lambda: claim.under.__setitem__("protection", "reach-any-army"),
        lambda: s.steps.append(step),
        lambda: s.topics.append("SP-1"),
        lambda: step.play.append("k7-k8"),
        lambda: claim.after.append("k7-k8"),
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    for obj, name in ((s, "position"), (step, "options"), (claim, "under"), (s, "claims")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, {})
    with pytest.raises(AttributeError):
        s.position._data = {}
    assert sn.scenario("figure-b-literal") == fresh
    assert sn.scenario("figure-b-literal").position["k7"] == "garrison soldier"


def test_copies_and_games_are_the_readers_own() -> None:
    s = sn.scenario("figure-b-literal")
    mine = dict(s.position or {})
    mine["k7"] = "white general"
    assert s.position["k7"] == "garrison soldier"
    g = s.new_game()
    before = g.to_json()
    g.play(g.legal_moves()[0])
    assert s.new_game().to_json() == before
    copied = copy.deepcopy(s)
    assert copied == s and copied.position is not s.position
    assert pickle.loads(pickle.dumps(s)) == s
    assert dataclasses.asdict(s)["position"] == dict(s.position or {})
    assert hash(s) == hash(load_scenario(GOOD))


def test_frozen_map_reads_like_a_dict() -> None:
    m = FrozenMap({"protection": "adjacent", "move_limit": 3})
    assert m == {"protection": "adjacent", "move_limit": 3} and m != {"protection": "adjacent"}
    assert dict(m) == {"protection": "adjacent", "move_limit": 3} and len(m) == 2
    assert "protection" in m and ["not", "hashable"] not in m
    assert m.get("nope") is None and {**m}["move_limit"] == 3
    assert repr(m) == "FrozenMap({'protection': 'adjacent', 'move_limit': 3})"
    assert hash(m) == hash(FrozenMap(m)) and pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(TypeError):
        m["protection"] = "x"


def test_the_constructors_freeze_and_check_what_they_are_given() -> None:
    options = {"protection": "adjacent"}
    step = ScenarioStep("text", play=["k7-k8"], options=options, mark=["j9"])
    claim = Claim(options, move="k7xj8", legal=False, after=["k7-k8"])
    options["protection"] = "changed"
    assert step.options == claim.under == {"protection": "adjacent"}
    assert isinstance(step.play, tuple) and isinstance(claim.after, tuple)
    _refused(lambda: ScenarioStep(5), r"^text must be str", TypeError)
    _refused(lambda: ScenarioStep("t", play="k7-k8"), r"^play must be", TypeError)
    _refused(lambda: ScenarioStep("t", play=[5]), r"an item of play", TypeError)
    _refused(lambda: ScenarioStep("t", options=[]), r"^options must be Mapping", TypeError)
    _refused(lambda: Claim({1: 2}), r"a key of under", TypeError)
    _refused(lambda: Claim({}, legal="no"), r"^legal must be bool", TypeError)
    fields = {
        f.name: getattr(sn.scenario("blockade"), f.name) for f in dataclasses.fields(Scenario)
    }
    _refused(lambda: Scenario(**{**fields, "steps": [1]}), r"an item of steps", TypeError)
    built = Scenario(**{**fields, "options": {"move_limit": 3}, "steps": list(fields["steps"])})
    assert isinstance(built.options, FrozenMap) and isinstance(built.steps, tuple)
