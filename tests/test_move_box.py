"""The move box beside every board: a typed move is played as a click plays it, a typed point
selects as a click selects, and a refused move gets the click's verdict, in every game and
preset (a seeded sample of positions, every legal move of each)."""

from __future__ import annotations

import random
import zlib

import pytest

import siege_nb as sn
from siege_nb.i18n import using
from siege_nb.rules import GAMES, presets
from siege_nb.widgets.board import SUGGESTED

CASES = [(game, preset) for game in GAMES for preset in presets(game)]


def _positions(game: str, preset: str, seed: int) -> list[sn.Game]:
    """Positions of one seeded random game: the start, and every fifth ply to the end (or
    ply 60), the longest-chain position included when the game has chains."""
    g = sn.new_game(game, preset)
    rng = random.Random(seed)
    found = [g.clone()]
    for ply in range(1, 61):
        if g.result is not None:
            break
        moves = g.legal_moves(limit=2000)
        # Prefer a capture now and then, so that chains and captures are among the moves typed.
        takes = [m for m in moves if m.captures]
        g.play(rng.choice(takes) if takes and rng.random() < 0.5 else rng.choice(moves))
        if ply % 5 == 0 or any(len(m.captures) > 1 for m in g.legal_moves(limit=2000)):
            found.append(g.clone())
    return found


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_legal_move_typed_is_played_as_the_game_plays_it(game: str, preset: str) -> None:
    board = sn.BoardWidget(game, preset)
    typed = 0
    for position in _positions(game, preset, seed=zlib.crc32(f"{game}:{preset}".encode()) % 1000):
        if position.result is not None:
            continue
        for move in position.legal_moves(limit=2000):
            board.load(position.clone())
            board.enter(move.text)
            assert board.game.moves == (*position.moves, move), (move.text, board.message.value)
            assert board.move_box.value == ""
            typed += 1
    assert typed > 50


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_refused_move_gets_the_clicks_verdict_and_changes_nothing(game: str, preset: str) -> None:
    board = sn.BoardWidget(game, preset)
    rng = random.Random(7)
    nodes = list(board.game.board.index)
    for position in _positions(game, preset, seed=3)[:6]:
        if position.result is not None:
            continue
        board.load(position.clone())
        for _ in range(8):
            text = f"{rng.choice(nodes)}-{rng.choice(nodes)}"
            if position.find(text) is not None:
                continue
            before = (board.game.ply, dict(board.game.pieces()))
            board.enter(text)
            assert (board.game.ply, dict(board.game.pieces())) == before
            assert board.message.value == board._verdict_html(position.why(text))


@pytest.mark.parametrize("game", GAMES)
def test_a_typed_point_selects_as_a_click_does(game: str) -> None:
    typed, clicked = sn.BoardWidget(game), sn.BoardWidget(game)
    for node in typed.game.board.index:
        typed.enter(node)
        clicked.click(node)
        assert typed.highlights == clicked.highlights, node
        assert typed.message.value == clicked.message.value, node


@pytest.mark.parametrize("game", GAMES)
def test_the_box_suggests_the_legal_moves_of_each_position(game: str) -> None:
    board = sn.BoardWidget(game)
    rng = random.Random(11)
    for _ in range(12):
        g = board.game
        if g.result is not None:
            assert board.move_box.options == ()
            break
        assert list(board.move_box.options) == [m.text for m in g.legal_moves(limit=SUGGESTED)]
        board.enter(rng.choice(g.legal_moves()).text)


@pytest.mark.parametrize(
    "text", ["", "   ", "zzz", "C0-", "-", "x" * 5000, "C0-f5; drop table", "é-ü", "\n"]
)
def test_bad_text_is_answered_in_words_and_loses_nothing(text: str) -> None:
    board = sn.BoardWidget("siege-of-paris")
    before = board.game.clone()
    board.enter(text)
    assert board.game.ply == before.ply and board.game.pieces() == before.pieces()
    if text.strip():
        assert "is not allowed" in board.message.value
    board.enter("C0-f5")  # and the next move still works
    assert board.game.last_move.text == "C0-f5"


def test_special_actions_can_be_typed() -> None:
    # A demand (Siege of Paris, the attackers' at the garrison's turn) and a huff (the hunt
    # games' removal of a piece that failed to capture) are moves of their own notation.
    for game in GAMES:
        # Huffing is one reading of the hunt games' capture rule: choose it there.
        board = sn.BoardWidget(game, **({} if game == "siege-of-paris" else {"capture": "huff"}))
        rng = random.Random(5)
        typed = None
        for _ in range(400):
            g = board.game
            if g.result is not None:
                board.reset_button.click()
                continue
            specials = [m for m in g.legal_moves() if m.kind in ("demand", "huff")]
            if specials:
                typed = specials[0]
                board.enter(typed.text)
                assert board.game.last_move == typed
                break
            board.enter(rng.choice(g.legal_moves()).text)
        assert typed is not None, f"no demand or huff met in {game}"


def test_a_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="text"):
        sn.BoardWidget("belagerung").enter(5)  # type: ignore[arg-type]


def test_the_box_speaks_the_readers_language() -> None:
    for code in ("fr", "pt"):
        with using(code):
            box = sn.BoardWidget("pyramid-siege").move_box
            assert box.description != "Your move" and "move" not in box.placeholder
