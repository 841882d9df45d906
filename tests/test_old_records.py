"""Records written by earlier versions of the project still load, and replay to where those
versions' games stood (the corpus and how it was made: tests/records/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.records import ADDED_OPTIONS

CORPUS = Path(__file__).resolve().parent / "records"
RECORDS = sorted(p for p in CORPUS.glob("*.json") if not p.name.endswith(".expected.json"))
ERAS = ("2026-11-22", "2026-11-23", "2026-11-24")
FIRST = ERAS[0]


def expected(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(
        path.with_name(path.name.replace(".json", ".expected.json")).read_text("utf-8")
    )
    return loaded


def test_the_corpus_holds_every_game_from_every_era() -> None:
    for era in ERAS:
        games = {json.loads(p.read_text("utf-8"))["game"] for p in RECORDS if p.name[:10] == era}
        assert games == set(sn.GAMES), era


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_an_old_record_loads_and_replays_to_where_its_game_stood(path: Path) -> None:
    g = sn.load_game(path.read_text("utf-8"))
    want = expected(path)
    assert len(g.moves) == want["moves"]
    assert g.pieces() == want["pieces"]
    assert g.to_move == want["to_move"]
    result = None if g.result is None else [g.result.winner, g.result.rule]
    assert result == want["result"]
    # Written again, it is a record of today's format that loads to the same game.
    again = sn.load_game(g.to_json())
    assert again.pieces() == g.pieces() and again.rules == g.rules


@pytest.mark.parametrize("game", sn.GAMES)
def test_every_option_added_since_the_first_records_is_filled_in(game: str) -> None:
    """The options a game has now, less those its first records give, are exactly the options
    records.ADDED_OPTIONS fills in; an option added from now on fails here until it is listed
    there with the value that plays as before."""
    first = [p for p in RECORDS if p.name.startswith(FIRST)]
    given = [
        set(json.loads(p.read_text("utf-8"))["options"])
        for p in first
        if json.loads(p.read_text("utf-8"))["game"] == game
    ]
    assert given and all(g == given[0] for g in given)
    now = {o.name for o in sn.options(game)}
    assert set(ADDED_OPTIONS.get(game, {})) == now - given[0]
    for name, value in ADDED_OPTIONS.get(game, {}).items():
        assert sn.option(game, name).normalise(value) == value  # a canonical value


def test_values_renamed_since_are_read_as_the_choice_they_became() -> None:
    old = [p for p in RECORDS if p.name.startswith("2026-11-24-paris")]
    values = {json.loads(p.read_text("utf-8"))["options"]["soldier_inside_draw"] for p in old}
    assert values == {True, False}
    for path in old:
        text = path.read_text("utf-8")
        g = sn.load_game(text)
        written = json.loads(text)["options"]["soldier_inside_draw"]
        assert g.rules["soldier_inside_draw"] == ("on" if written else "off")
        assert json.loads(g.to_json())["options"]["soldier_inside_draw"] in ("on", "off")
