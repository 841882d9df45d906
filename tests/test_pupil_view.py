"""What a pupil reads, and saving and loading a game from the widgets.

The pupil view names every rule by its title and its choice in words: no rule ids, no values
in brackets, no "a reading that no text states", no preset keys; moves, not plies. *Where does
this come from?* shows the full attribution. Save downloads the game's record; Load reads a
record file back, and a file that is no record is refused in words with the game kept.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import html
import re
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.games.base import Entry
from siege_nb.widgets import Classroom, RuleComparer, ScenarioPlayer

FIGURE_B = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
# What a pupil should never have to read: rule ids, values in square brackets, attribution
# words, plies, and source keys written as code (a preset is named by its title: "the
# bonaludo blog post" names a blog, and stays).
JARGON = re.compile(
    r"\b(?:SP|BL|PS)-\d+\b|\[[a-z0-9-]+\]|no text states|reconstruction|stated by|plies?\b"
    r"|escale-a-jeux|boardandpieces-\w+|royal-garrison|wikipedia-asalto|\(ludosofia\)"
)


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def panel(board: sn.BoardWidget) -> str:
    parts = [board.status.value, board.message.value, board.selectors.preset_info.value]
    parts += [board.selectors.note.value]
    parts += [label.value for label in board.selectors.labels.values()]
    parts += [lbl for d in board.selectors.options.values() for lbl, _ in d.options]
    parts += [lbl for lbl, _ in board.selectors.preset.options]
    return text_of(" | ".join(parts))


def jargon(text: str) -> list[str]:
    return JARGON.findall(text)


# -- the board widget ---------------------------------------------------------------------------
def refused(board: sn.BoardWidget) -> None:
    board.click("k7")
    board.click("j8")  # refused under the French preset's reading of protection


def test_the_pupil_view_speaks_without_ids_brackets_or_sources() -> None:
    board = sn.BoardWidget(
        sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B), pupil=True
    )
    refused(board)
    text = panel(board)
    assert "is not allowed" in text and "Protected pieces" in text
    assert "another attacker stands beside it" in text
    assert not jargon(text), jargon(text)
    assert board.highlights.forbidden == {"j8": "Protected pieces"}  # the mark in words
    assert "0 moves played" in text
    # Where does this come from? shows it all.
    board.sources_button.value = True
    assert not board.pupil
    refused(board)
    text = panel(board)
    assert "SP-16" in text and "[adjacent]" in text and "a reading that no text states" in text
    assert board.highlights.forbidden == {"j8": "SP-16"}
    board.set_pupil(True)
    assert board.sources_button.value is False and not jargon(panel(board))


@pytest.mark.parametrize("game", sn.GAMES)
def test_nothing_a_pupil_reads_in_a_game_is_jargon(game: str) -> None:
    board = sn.BoardWidget(game, pupil=True)
    board.selectors.unfold()
    seen = [panel(board)]
    g = board.game
    for _ in range(30):  # a short game, every piece explored on the way
        if g.result is not None:
            break
        for point in list(g.pieces())[:6]:
            board.click(point)
            seen.append(panel(board))
            for verdict in g.explore(point):
                if not verdict.legal:
                    seen.append(verdict.plain)
        board.click(None)
        board.play(g.legal_moves(limit=5_000)[0])
        seen.append(panel(board))
    found = {word for text in seen for word in jargon(text)}
    assert not found, found


def test_a_verdict_in_plain_words_names_the_rule_and_the_readings_that_allow_it() -> None:
    board = sn.BoardWidget(
        sn.new_game("siege-of-paris", preset="escale-a-jeux", position=FIGURE_B), pupil=True
    )
    refused(board)
    text = text_of(board.message.value)
    assert "Another reading of the rules allows it" in text
    assert "another attacker could move there" in text


def test_the_comparer_and_the_scenario_player_in_the_pupil_view() -> None:
    cmp = RuleComparer(FIGURE_B, "protection", piece="k7", pupil=True)
    assert not jargon(cmp.grid.title) and not any(jargon(c) for c in cmp.grid.captions)
    assert not jargon(text_of(cmp.table.value))
    cmp.sources_button.value = True
    assert "stated by" in text_of(cmp.table.value) and "SP-16" in cmp.grid.title
    player = ScenarioPlayer.figure_b(pupil=True)
    player.next()
    assert "[reach-any-army]" not in player.text.value
    player.sources_button.value = True
    assert "[reach-any-army]" in player.text.value


def test_the_classroom_is_in_the_pupil_view_and_names_games_and_presets_by_title() -> None:
    room = Classroom("siege-of-paris")
    assert room.board.pupil and room.library.pupil
    room.game_chooser.value = "belagerung"
    assert room.board.game.game == "belagerung" and room.board.pupil
    room.preset_chooser.value = "royal-garrison"
    assert room.board.game.rules.preset == "royal-garrison"
    text = text_of(room.message.value)
    assert text == "New game: Belagerung, the Royal Garrison summary."
    assert not jargon(text)


def test_pupil_text_counts_moves_not_plies() -> None:
    board = sn.BoardWidget("pyramid-siege", pupil=True)
    board.play(board.game.legal_moves()[0])
    assert "1 move played" in text_of(board.status.value)
    assert "ply" not in text_of(board.status.value)


# -- one way to enter a move, even where two moves share every point -----------------------------
def test_two_moves_named_by_the_same_points_are_offered_as_buttons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No move of the three games shares every point with another; a game that had some would
    # be asked which: made up here by an engine whose l8, k9 names two moves.
    g = sn.new_game(
        "siege-of-paris",
        position={"l8": "garrison general", "j10": "black soldier", "b2": "black soldier"},
        to_move="garrison",
    )
    short, long = g.find("l8-k9"), g.find("l8xj10")
    assert short is not None and long is not None
    real = sn.Game.entry

    def entry(self: sn.Game, points: Any) -> Entry:
        if list(points) == ["l8", "k9"]:
            return Entry(("l8", "k9"), (), (short, long))
        return real(self, points)

    monkeypatch.setattr(sn.Game, "entry", entry)
    board = sn.BoardWidget(g)
    board.click("l8")
    board.click("k9")
    assert board.game.ply == 0
    labels = [b.description for b in board.actions.children]
    assert labels[:2] == ["Play l8-k9", "Play l8xj10"]  # then the demand, a button as ever
    assert "more than one move" in board.message.value
    board.actions.children[1].click()
    assert board.game.last_move == long and board.last_error is None


# -- save and load --------------------------------------------------------------------------
def test_save_downloads_the_record_and_load_reads_it_back() -> None:
    board = sn.BoardWidget("belagerung", preset="royal-garrison")
    for _ in range(3):
        board.play(board.game.legal_moves()[0])
    board.save_button.click()
    assert board.downloader.last is not None
    name, text = board.downloader.last
    assert name == "belagerung-move-3.json" and text == board.game.to_json()
    assert "Saved" in board.message.value
    fresh = sn.BoardWidget("belagerung")
    fresh.load_button.receive(name, text.encode())
    assert fresh.game.to_json() == text and fresh.game.rules.preset == "royal-garrison"
    assert fresh.selectors.rules == fresh.game.rules  # the selectors show the loaded rules
    assert "Loaded a game of Belagerung at move 3" in fresh.message.value
    fresh.undo_button.click()
    assert fresh.game.ply == 2  # its history came with it


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"not a record", "not a game record this board can read"),
        (b"\xff\xfe\x00\x01", "not a text file"),
        (b'{"format": "siege_nb game record", "version": 1}', "not a game record"),
        (None, "larger than any game record"),
    ],
)
def test_a_bad_file_is_refused_in_words_and_the_game_kept(data: bytes | None, words: str) -> None:
    board = sn.BoardWidget("pyramid-siege")
    board.play(board.game.legal_moves()[0])
    before = board.game.to_json()
    board.load_button.receive("homework.json", data, 10**9 if data is None else None)
    assert words in html.unescape(board.message.value) and "kept as it was" in board.message.value
    assert board.game.to_json() == before and board.last_error is None


def test_a_record_of_another_game_is_refused_on_a_board_and_played_in_the_classroom() -> None:
    other = sn.new_game("pyramid-siege")
    other.play(other.legal_moves()[0])
    board = sn.BoardWidget("belagerung")
    board.load_button.receive("pyr.json", other.to_json().encode())
    assert board.game.game == "belagerung"
    assert "is a game of Pyramid Siege, and this board plays Belagerung" in board.message.value
    room = Classroom("belagerung")
    room.board.load_button.receive("pyr.json", other.to_json().encode())
    assert room.board.game.game == "pyramid-siege" and room.board.game.ply == 1
    assert room.game_chooser.value == "pyramid-siege"
    assert room.library.scenarios and all(
        s.game_name == "pyramid-siege" for s in room.library.scenarios.values()
    )
