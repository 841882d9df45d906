"""A game's history is compact and a record's cost is bounded (issue 14, item 3).

A game keeps its moves and a state every ``CHECKPOINT_EVERY`` plies, not a state per ply;
these tests hold that to behaviour, never to time (speed and memory are measured by
``benchmarks/bench_records.py``):

* undo and redo across many kept states give back exactly the states of a replay from the
  set-up, in any order, and clones stay independent;
* the number of states a game holds is bounded by its plies / ``CHECKPOINT_EVERY`` plus a
  few, however it got there (played, loaded, undone, redone);
* loading replays each move once (the engine applies each move once, plus at most one
  stretch between kept states), and a record's moves share their ``Move`` objects;
* text longer than any move, and records longer than the size limit, are refused before
  anything parses them;
* a long game's own record loads back.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

import siege_nb as sn
from siege_nb import records
from siege_nb.errors import SiegeError
from siege_nb.games.base import CHECKPOINT_EVERY, HistoryError
from siege_nb.rules.checks import MAX_MOVE_TEXT

K = CHECKPOINT_EVERY
SHUFFLE = ["d6-d7", "c7-c8", "d7-d6", "c8-c7"]  # Belagerung, attackers moving any way


def long_game(game: str, plies: int, seed: int) -> sn.Game:
    """A random game of ``plies`` plies without a move limit (shorter if it ends first)."""
    extra: dict[str, Any] = {"capture": "optional"} if game == "siege-of-paris" else {}
    g = sn.new_game(game, move_limit=None, **extra)
    rng = random.Random(seed)
    while g.result is None and len(g.moves) < plies:
        g.play(rng.choice(g.legal_moves()))
    return g


def shuffle_record(plies: int) -> str:
    """A legal Belagerung record of ``plies`` moves, two pieces stepping back and forth."""
    g = sn.new_game("belagerung", attacker_direction="any", move_limit=None)
    record = json.loads(g.to_json())
    record["moves"] = (SHUFFLE * (plies // 4 + 1))[:plies]
    return json.dumps(record)


def states_from_scratch(g: sn.Game) -> list[Any]:
    """The state after each ply of ``g``'s moves (and undone moves), by the engine alone."""
    engine = g._engine
    state = g._marks[0]
    out = [state]
    for move in [*g.moves, *reversed(g._redo)]:
        state = engine.apply(state, move)
        out.append(state)
    return out


def observed(g: sn.Game) -> tuple[Any, ...]:
    """What a reader can see of a game's present state."""
    return (str(g), g.pieces(), g.to_move, g.status(), g.ply, g.result, g.moves, g.can_redo)


def kept_states(g: sn.Game) -> int:
    return len(g._marks) + len(g._tail)


def bounded(g: sn.Game) -> bool:
    """The game keeps no more states than one per kept ply and those since the last one."""
    return kept_states(g) <= len(g.moves) // K + K


GAMES_WITH_LONG_PLAY = [("siege-of-paris", 1), ("belagerung", 2), ("pyramid-siege", 3)]


@pytest.fixture(params=[3, K], ids=["kept-every-3", "kept-every-K"])
def every(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """The checkpoint interval: the real one, and 3, so that short games (a Pyramid Siege
    ends within a few dozen plies) cross many kept states too."""
    monkeypatch.setattr("siege_nb.games.base.CHECKPOINT_EVERY", request.param)
    return int(request.param)


@pytest.mark.parametrize("game,seed", GAMES_WITH_LONG_PLAY)
def test_undo_and_redo_across_kept_states_give_back_the_states_played(
    game: str, seed: int, every: int
):
    g = long_game(game, 5 * every + 7, seed)
    n = len(g.moves)
    expected = states_from_scratch(g)
    assert g._state == expected[n]
    rng = random.Random(seed)
    for _ in range(400):
        if g.can_undo and (not g.can_redo or rng.random() < 0.55):
            steps = rng.choice([1, 1, 1, 2, every - 1, every, every + 1])
            for _ in range(min(steps, len(g.moves))):
                g.undo()
        elif g.can_redo:
            g.redo()
        assert g._state == expected[len(g.moves)]
        assert g.ply == expected[len(g.moves)].plies
        assert kept_states(g) <= len(g.moves) // every + every
    while g.can_undo:
        g.undo()
    assert g._state == expected[0] and g.position() == g.setup()
    while g.can_redo:
        g.redo()
    assert g._state == expected[n] and len(g.moves) == n


@pytest.mark.parametrize("game,seed", GAMES_WITH_LONG_PLAY)
def test_a_replay_from_scratch_matches_every_ply_seen_through_the_api(
    game: str, seed: int, every: int
):
    g = long_game(game, 3 * every + 5, seed)
    fresh = sn.new_game(game, **g.setup(), **dict(g.rules.settings))
    seen = [observed(fresh)]
    for move in g.moves:
        fresh.play(move.text)
        seen.append(observed(fresh))
    for back in range(len(g.moves), -1, -1):
        public = observed(g)
        assert public[:-2] == seen[back][:-2] and public[-2] == fresh.moves[:back]
        if back:
            g.undo()


@pytest.mark.parametrize("game,seed", GAMES_WITH_LONG_PLAY)
def test_clones_are_independent_across_kept_states(game: str, seed: int, every: int):
    g = long_game(game, 2 * every + 3, seed)
    for _ in range(min(every + 2, len(g.moves) - 1)):
        g.undo()
    before = (observed(g), g.to_json())
    twin = g.clone()
    assert (observed(twin), twin.to_json()) == before
    while twin.can_undo:
        twin.undo()
    while twin.can_redo:
        twin.redo()
    rng = random.Random(seed)
    for _ in range(every + 3):
        if twin.result is not None:
            break
        twin.play(rng.choice(twin.legal_moves()))
    assert (observed(g), g.to_json()) == before
    copy = (observed(twin), twin.to_json())
    while g.can_undo:
        g.undo()
    assert (observed(twin), twin.to_json()) == copy


def test_the_states_kept_grow_with_plies_over_the_checkpoint_interval():
    g = long_game("siege-of-paris", 10 * K + 3, seed=5)
    assert len(g.moves) == 10 * K + 3
    assert len(g._marks) == 11 and len(g._tail) == 3
    assert bounded(g)
    h = sn.load_game(shuffle_record(20 * K))
    assert len(h._marks) == 21 and len(h._tail) == 0 and bounded(h)


def test_a_loaded_record_keeps_few_states_and_shares_its_moves():
    plies = 30 * K + 17
    g = sn.load_game(shuffle_record(plies))
    assert len(g.moves) == plies and bounded(g)
    # Four distinct moves played over and over: four Move objects, not one per ply.
    assert len({id(m) for m in g.moves}) == 4


def test_loading_applies_each_move_once(monkeypatch: pytest.MonkeyPatch):
    """Loading is linear: each move is applied once, and taking the undone moves back
    replays at most one stretch between kept states."""
    g = long_game("siege-of-paris", 4 * K + 10, seed=7)
    for _ in range(K + 5):
        g.undo()
    text = g.to_json()
    n, undone = len(g.moves), K + 5
    engine_type = type(g._engine)
    calls = 0
    original = engine_type.apply

    def counting(self: Any, state: Any, move: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(self, state, move)

    monkeypatch.setattr(engine_type, "apply", counting)
    h = sn.load_game(text)
    assert n + undone <= calls <= n + undone + K
    assert h.to_json() == text


def test_move_text_longer_than_any_move_is_never_parsed(monkeypatch: pytest.MonkeyPatch):
    g = sn.new_game("pyramid-siege")
    before = (observed(g), g.to_json())
    engine_type = type(g._engine)

    def refuse(*args: Any) -> Any:
        raise AssertionError("a long text was parsed")

    monkeypatch.setattr(engine_type, "parse", refuse)
    monkeypatch.setattr(engine_type, "explain", refuse)
    long = "r6c1-r5c1" * (MAX_MOVE_TEXT // 9 + 1)
    assert len(long) > MAX_MOVE_TEXT
    assert g.find(long) is None
    verdict = g.why(long)
    assert not verdict.legal and verdict.rule == "notation"
    assert str(len(long)) in verdict.reason and len(str(verdict)) < 300
    with pytest.raises(sn.IllegalMove) as info:
        g.play(long)
    assert len(str(info.value)) < 300 and long not in str(info.value)
    assert (observed(g), g.to_json()) == before


def test_a_record_with_a_long_move_is_refused_before_replaying(monkeypatch: pytest.MonkeyPatch):
    record = json.loads(shuffle_record(8))
    record["moves"][5] = "d6-d7" + "x" * 5000
    text = json.dumps(record)

    def refuse(*args: Any) -> Any:
        raise AssertionError("a game was built for a record with a long move")

    monkeypatch.setattr("siege_nb.games.registry.new_game", refuse)
    with pytest.raises(sn.RecordError) as info:
        sn.load_game(text)
    message = str(info.value)
    assert "move 6" in message and "5,005 characters" in message and str(MAX_MOVE_TEXT) in message
    assert "'d6-d7xxx" in message and len(message) < 300


@pytest.mark.parametrize("as_bytes", [False, True])
def test_a_record_over_the_size_limit_is_refused_before_it_is_read(
    monkeypatch: pytest.MonkeyPatch, as_bytes: bool
):
    text = shuffle_record(4)
    padded = text[:-1] + " " * (records.MAX_CHARACTERS - len(text) + 1) + "}"
    assert len(padded) == records.MAX_CHARACTERS + 1

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a record over the limit was parsed")

    monkeypatch.setattr(records.json, "loads", refuse)
    with pytest.raises(sn.RecordError, match="too large") as info:
        sn.load_game(padded.encode() if as_bytes else padded)
    assert f"{records.MAX_CHARACTERS:,}" in str(info.value)


def test_a_record_at_the_size_limit_is_read():
    text = shuffle_record(4)
    padded = text[:-1] + " " * (records.MAX_CHARACTERS - len(text)) + "}"
    assert len(padded) == records.MAX_CHARACTERS
    assert len(sn.load_game(padded).moves) == 4


def test_a_long_game_writes_a_record_that_loads_back():
    """A long game's record is compact (moves on one line each), so it stays within the size
    limit for about 210,000 short moves, and loads back with its undone moves."""
    plies = 20_000
    g = sn.load_game(shuffle_record(plies))
    for _ in range(3 * K + 1):
        g.undo()
    text = g.to_json()
    assert len(text) < 9 * plies
    h = sn.load_game(text)
    assert h.to_json() == text and observed(h) == observed(g) and bounded(h)
    assert [h.redo() for _ in range(3 * K + 1)] == [g.redo() for _ in range(3 * K + 1)]
    assert h._state == g._state


def test_with_rules_replays_a_long_history():
    g = long_game("siege-of-paris", 3 * K + 1, seed=11)
    h = g.with_rules(protection="adjacent")
    assert [m.text for m in h.moves] == [m.text for m in g.moves] or h.moves == ()
    if h.moves:
        assert h.pieces() == g.pieces() and bounded(h)


def test_undo_and_redo_with_nothing_to_do_raise_a_history_error():
    g = sn.new_game("belagerung")
    for call in (g.undo, g.redo):
        with pytest.raises(HistoryError) as info:
            call()
        err = info.value
        assert isinstance(err, IndexError) and isinstance(err, SiegeError)
        assert isinstance(err, ValueError)
        copy = pickle.loads(pickle.dumps(err))
        assert type(copy) is HistoryError and str(copy) == str(err)
    with pytest.raises(IndexError, match="nothing to undo"):
        g.undo()
    with pytest.raises(IndexError, match="nothing to redo"):
        g.redo()
