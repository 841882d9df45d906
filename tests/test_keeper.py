"""Nothing lost in the classroom app: the browser keeps the game, a fresh page offers it back,
and a live kernel beats so that a stopped one is noticed (siege_nb.widgets.keeper)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.i18n import using
from siege_nb.rules import GAMES, presets
from siege_nb.widgets.classroom import Classroom
from siege_nb.widgets.keeper import Keeper


def _listening(widget: Any) -> list[dict[str, Any]]:
    """What the widget sends to the browser, collected instead of sent."""
    sent: list[dict[str, Any]] = []
    lock = threading.Lock()

    def send(message: dict[str, Any]) -> None:
        with lock:
            sent.append(message)

    widget.send = send
    return sent


def _played(game: str, preset: str, plies: int, seed: int) -> sn.Game:
    g = sn.new_game(game, preset)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.result is not None:
            break
        g.play(rng.choice(list(g.legal_moves(limit=500))))
    return g


def _room(game: str = "belagerung", preset: str = "default") -> tuple[Classroom, list[Any]]:
    room = Classroom(game, preset)
    room.keeper.beat_seconds = 0  # no thread in these tests unless one asks for it
    return room, _listening(room.keeper)


def test_nothing_is_kept_before_the_page_says_hello() -> None:
    room, sent = _room()
    room.board.play(room.board.game.legal_moves()[0])
    assert sent == []  # a fresh board must not overwrite what the browser kept
    room.keeper.receive({"kind": "hello", "kept": None})
    assert [m["kind"] for m in sent] == ["keep"]
    assert sn.load_game(sent[-1]["record"]).moves == room.board.game.moves
    room.close()


def test_every_move_is_kept_once_and_undo_too() -> None:
    room, sent = _room()
    room.keeper.receive({"kind": "hello", "kept": None})
    board = room.board
    board.play(board.game.legal_moves()[0])
    board.click(None)  # a click that changes nothing is not sent again
    board.play(board.game.legal_moves()[0])
    board._on_undo()
    records = [sn.load_game(m["record"]) for m in sent if m["kind"] == "keep"]
    assert [g.ply for g in records] == [0, 1, 2, 1]
    room.close()


def test_a_kept_game_is_offered_and_restored_in_every_game_and_preset() -> None:
    for i, game in enumerate(GAMES):
        for j, preset in enumerate(presets(game)):
            kept = _played(game, preset, plies=7 + i + j, seed=10 * i + j)
            room, sent = _room(game)
            room.keeper.receive({"kind": "hello", "kept": kept.to_json()})
            assert room.offer is not None and room.restore_button.layout.display is None
            assert f"move {kept.ply}" in room.board.message.value
            assert sent == []  # the fresh board waits: the reader may want the kept game
            room.restore()
            restored = room.board.game
            assert (restored.game, restored.rules, restored.moves) == (
                kept.game,
                kept.rules,
                kept.moves,
            )
            assert room.game_chooser.value == game and room.preset_chooser.value == preset
            assert room.offer is None and room.restore_button.layout.display == "none"
            assert sn.load_game(sent[-1]["record"]).moves == kept.moves
            room.close()


def test_playing_on_withdraws_the_offer_and_keeps_the_new_game() -> None:
    room, sent = _room()
    kept = _played("belagerung", "default", 5, seed=3)
    room.keeper.receive({"kind": "hello", "kept": kept.to_json()})
    room.board.play(room.board.game.legal_moves()[0])
    assert room.offer is None and room.restore_button.layout.display == "none"
    assert sn.load_game(sent[-1]["record"]).ply == 1
    with pytest.raises(sn.ArgumentError, match="no kept game"):
        room.restore()
    room.close()


@pytest.mark.parametrize("kept", ["{not json", '{"game": "chess"}', "x" * 10])
def test_an_unreadable_kept_record_is_said_forgotten_and_loses_nothing(kept: str) -> None:
    room, sent = _room()
    before = room.board.game
    room.keeper.receive({"kind": "hello", "kept": kept})
    assert "cannot be read" in room.board.message.value
    assert room.offer is None and room.board.game is before
    assert [m["kind"] for m in sent] == ["forget", "keep"]
    room.close()


def test_a_kept_game_without_moves_is_not_offered() -> None:
    room, sent = _room()
    room.keeper.receive({"kind": "hello", "kept": sn.new_game("belagerung").to_json()})
    assert room.offer is None and room.restore_button.layout.display == "none"
    assert [m["kind"] for m in sent] == ["keep"]
    room.close()


def test_only_the_first_hello_counts() -> None:
    keeper = Keeper(beat_seconds=0)
    heard: list[str | None] = []
    keeper.on_kept = heard.append
    keeper.receive({"kind": "hello", "kept": "a"})
    keeper.receive({"kind": "hello", "kept": "b"})
    keeper.receive({"kind": "something else"})
    assert heard == ["a"]
    keeper.close()


def test_the_offer_speaks_the_readers_language() -> None:
    kept = _played("pyramid-siege", "default", 4, seed=1)
    for code, words in (("fr", "Reprendre ma partie"), ("pt", "Retomar minha partida")):
        with using(code):
            room, _ = _room("pyramid-siege")
            room.keeper.receive({"kind": "hello", "kept": kept.to_json()})
            assert words in room.board.message.value and room.restore_button.description == words
            assert "move" not in room.board.message.value
            assert room.keeper.stopped_text and "stopped" not in room.keeper.stopped_text
            room.restore()
            assert "Restored" not in room.board.message.value
            room.close()


def _beats(sent: list[dict[str, Any]]) -> int:
    return sum(m["kind"] == "beat" for m in sent)


def _wait(condition: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_the_kernel_answers_each_ping() -> None:
    keeper = Keeper(beat_seconds=0)
    sent = _listening(keeper)
    keeper.receive({"kind": "hello", "kept": None})
    for _ in range(3):
        keeper.receive({"kind": "ping"})
    assert _beats(sent) == 3
    keeper.close()


def test_a_busy_kernel_beats_from_its_thread_and_stops_when_the_page_is_gone() -> None:
    # A long computation in the kernel's main thread (the finder, a search agent) must not
    # look like a dead kernel to the page; a kernel whose page has gone must fall idle, or
    # the server would never cull it.
    keeper = Keeper(beat_seconds=0.05, busy_beats=0.6)
    sent = _listening(keeper)
    keeper.receive({"kind": "hello", "kept": None})
    start = time.monotonic()
    while time.monotonic() - start < 0.4:
        sum(range(10_000))  # busy, holding the main thread: no ping is answered
    assert _beats(sent) >= 2
    assert keeper.beating
    _wait(lambda: time.monotonic() - keeper.heard > 0.8)
    time.sleep(0.2)
    quiet = _beats(sent)
    time.sleep(0.4)
    assert _beats(sent) == quiet  # nothing heard for longer than busy_beats: silence
    keeper.receive({"kind": "ping"})  # the page is back: the thread covers for it again
    _wait(lambda: _beats(sent) >= quiet + 3)
    assert _beats(sent) >= quiet + 3
    keeper.close()
    _wait(lambda: not keeper.beating)
    assert not keeper.beating


def test_a_kernel_answering_its_pages_pings_adds_no_beats_of_its_own() -> None:
    keeper = Keeper(beat_seconds=0.5)
    sent = _listening(keeper)
    keeper.receive({"kind": "hello", "kept": None})
    for _ in range(10):
        keeper.receive({"kind": "ping"})
        time.sleep(0.1)  # far less than the 0.75 s of silence the thread waits for
    assert _beats(sent) == 10  # one answer a ping: the thread stayed quiet
    keeper.close()
