"""Access without a mouse or without sight: the board as text, the keys, the live region, and
the colours.

The text comes from the engine, so it is checked against the engine over a seeded sample of
positions of every game and preset: every piece is named once on its point, every point of
the board can be described, and every move played is told with its piece, its start and end
and what it took. The keys do what their buttons do. Every text drawn on a board, in both
themes and with the key shown, reads at WCAG AA's 4.5:1 against what is behind it, and the
marks differ by shape or pattern as well as by colour.
"""

from __future__ import annotations

import random
import re
import zlib
from typing import Any

import numpy as np
import pytest
from matplotlib.colors import to_rgb
from matplotlib.patheffects import withStroke

import siege_nb as sn
from siege_nb.games.describe import describe_change, describe_point, describe_position
from siege_nb.i18n import using
from siege_nb.render.style import RING_STYLES, THEMES
from siege_nb.rules import GAMES, presets
from siege_nb.widgets.access import KEY_WORDS, Access, keys_help, plain_text
from siege_nb.widgets.board import BOARD_KEYS
from siege_nb.widgets.common import GREEN, PANEL_CSS, VERMILLION
from siege_nb.widgets.scenario import SCENARIO_KEYS
from siege_nb.widgets.selectors import CHANGED_STYLE

CASES = [(game, preset) for game in GAMES for preset in presets(game)]


def _games(game: str, preset: str, plies: int = 80) -> list[sn.Game]:
    """A seeded random game's positions, every one to its end or ``plies``."""
    g = sn.new_game(game, preset)
    rng = random.Random(zlib.crc32(f"{game}/{preset}".encode()))
    found = [g.clone()]
    for _ in range(plies):
        if g.result is not None:
            break
        moves = g.legal_moves(limit=2000)
        takes = [m for m in moves if m.captures]
        g.play(rng.choice(takes) if takes and rng.random() < 0.5 else rng.choice(moves))
        found.append(g.clone())
    return found


def _points_named(text: str) -> list[str]:
    """The points a line of the description names, in order ("… on a2, c2; …")."""
    return [p for part in re.findall(r" on ([^;.]+)", text) for p in part.split(", ")]


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_the_position_in_words_names_every_piece_once_on_its_point(game: str, preset: str) -> None:
    for g in _games(game, preset)[::7]:
        text = describe_position(g)
        lines = text.splitlines()
        assert len(lines) == 1 + len(g.sides)
        named = [p for line in lines[1:] for p in _points_named(line)]
        assert sorted(named) == sorted(g.pieces()), text
        last = g.last_move
        assert (last.text in lines[0]) if last else "No move played yet." in lines[0]
        if g.result is not None:
            assert "The game is over" in lines[0]


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_point_in_words_says_what_stands_there_and_where_it_may_go(
    game: str, preset: str
) -> None:
    for g in _games(game, preset)[::11]:
        pieces = g.pieces()
        for point in g.board.names:
            text = describe_point(g, point)
            assert text.startswith(f"{point}: ")
            if point not in pieces:
                assert text == f"{point}: empty."
                continue
            entry = g.entry((point,))
            if g.result is None and entry.next:
                said = re.search(r"It may go to ([^.]+)\.", text)
                assert said is not None, text
                assert sorted(said.group(1).split(", ")) == sorted(entry.next)
            elif g.result is None and g.to_move in pieces[point].split()[0]:
                assert "It cannot move now." in text
            else:
                assert "may go" not in text


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_move_played_is_told_with_its_piece_and_what_it_took(game: str, preset: str) -> None:
    g = sn.new_game(game, preset)
    rng = random.Random(7)
    for _ in range(60):
        if g.result is not None:
            break
        before = g.pieces()
        move = g.play(rng.choice(g.legal_moves(limit=2000)))
        text = describe_change(before, g, move)
        assert move.text in text
        if move.start is not None and move.kind != "huff":
            assert f"from {move.start} to {move.end}" in text
        taken = [p for p in before if p not in g.pieces() and p != move.start]
        if taken:
            assert _points_named(text.split("Taken: ")[1].split(".")[0]) != []
            assert sorted(_points_named(text.split("Taken: ")[1])) == sorted(taken)
        else:
            assert "Taken" not in text


def test_the_words_are_in_the_readers_language() -> None:
    g = sn.new_game("siege-of-paris")
    with using("fr"):
        text = describe_position(g) + describe_point(g, "C0")
        assert "soldats blancs" in text and "Trait" in text
        assert "soldier" not in text and "to move" not in text
    with using("pt"):
        text = describe_change(g.pieces(), g, g.clone().play("C0-f5"))
        assert "guarnição" in text


def test_bad_points_and_games_are_refused() -> None:
    g = sn.new_game("belagerung")
    with pytest.raises(sn.ArgumentError, match="a point of the board"):
        g.describe("z9")
    with pytest.raises(TypeError):
        g.describe(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        describe_position("belagerung")  # type: ignore[arg-type]


def test_the_live_region_tells_moves_refusals_and_choices() -> None:
    board = sn.BoardWidget("siege-of-paris", computer={"attackers": sn.ai.RandomAgent(seed=3)})
    said = board.access.said
    board.enter("C0-f5")
    # The reader's move and the computer's answer, one after the other.
    answer = board.game.moves[-1]
    assert board.access.spoken.startswith("The garrison played C0-f5: a garrison colonel")
    assert answer.text in board.access.spoken
    assert board.access.said > said
    board.enter("b2-a3")
    assert board.access.spoken.startswith("b2-a3 is not allowed")
    assert board.game.moves[-1] == answer  # nothing changed
    board.enter("f5")
    assert "f5" in board.access.spoken
    board.press("u")
    assert board.game.ply == 0 and "Took back" in board.access.spoken
    assert board.access.board_label.startswith("The Siege of Paris board. The garrison to move")


def test_the_same_refusal_twice_is_told_twice() -> None:
    board = sn.BoardWidget("pyramid-siege")
    board.enter("r1c0-r9c9")
    told = board.access.said
    board.enter("r1c0-r9c9")
    assert board.access.said == told + 1


def test_each_key_does_what_its_button_does() -> None:
    board = sn.BoardWidget("belagerung")
    move = board.game.legal_moves()[0]
    board.enter(move.text)
    board.press("u")
    assert board.game.ply == 0
    board.press("r")
    assert board.game.moves == (move,)
    board.press("k")
    assert board.key_button.value and board.view.legend_shown()
    board.press("K")
    assert not board.key_button.value
    board.press("l")
    assert board.size == "large"
    board.press("l")
    assert board.size == "normal"
    board.press("h")
    assert board.theme == "high-contrast" and board.contrast_button.value
    assert board.view.theme == "high-contrast"
    board.press("h")
    assert board.theme == "standard"
    board.press("d")
    assert board.access.spoken == board.game.describe()
    board.click("c7")  # a defender's, whose turn it is: chosen, so described alone
    board.press("d")
    assert board.access.spoken == board.game.describe("c7")
    board.press("x")  # no key: nothing happens
    board.press("m")  # the browser's: the box takes the focus there
    assert board.game.moves == (move,)
    # A key arriving from the browser is the same as a press.
    board.access._heard(None, {"kind": "key", "action": "undo"})
    assert board.game.ply == 0
    board.access._heard(None, {"kind": "key", "action": "format-disk"})
    assert board.game.ply == 0


def test_the_scenario_player_steps_by_keys_and_tells_each_step() -> None:
    player = sn.ScenarioPlayer.from_scenario(sn.scenario("figure-b-literal"))
    assert player.access.spoken.startswith("step 1 of 5")
    player.press("n")
    assert player.index == 1 and player.access.spoken.startswith("step 2 of 5")
    player.press("p")
    assert player.index == 0
    player.press("d")
    assert player.access.spoken == player.steps[0].game.describe()
    assert "In words:" in player.text.value
    player.press("h")
    assert player.theme == "high-contrast"


def test_every_key_is_listed_on_screen_in_every_language() -> None:
    for keys, widget in ((BOARD_KEYS, sn.BoardWidget("belagerung")),):
        for key, action in keys.items():
            assert f"{key.upper()} {KEY_WORDS[action]}" in widget.keys_note.value
    for code in ("fr", "pt"):
        with using(code):
            note = keys_help(SCENARIO_KEYS)
            assert "next step" not in note and note.count("·") == len(SCENARIO_KEYS) - 1


@pytest.mark.parametrize(
    ("keys", "error"),
    [({"uu": "undo"}, sn.ArgumentError), ({"U": "undo"}, sn.ArgumentError),
     ({"u": "explode"}, sn.ArgumentError), (["u"], TypeError)],
)  # fmt: skip
def test_bad_keys_are_refused(keys: Any, error: type) -> None:
    with pytest.raises(error):
        Access(keys, print)


def test_plain_text_drops_the_markup() -> None:
    assert plain_text("<b>a</b> &amp; b<br>c<details><pre>x</pre></details>") == "a & b c"


# -- colours ---------------------------------------------------------------------------------
def _luminance(colour: Any) -> float:
    rgb = np.array(to_rgb(colour))
    lin = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2])


def contrast(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _background(text: Any, view: Any) -> Any:
    """What a text is read against: its own box, its halo, the key's frame, or the figure."""
    box = text.get_bbox_patch()
    if box is not None:
        return box.get_facecolor()
    for effect in text.get_path_effects():
        if isinstance(effect, withStroke):
            return effect._gc.get("foreground", "white")
    key = view.key
    if key is not None and view.legend_shown() and text in key.static:
        return key.frame.get_facecolor()
    return view.fig.get_facecolor()


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("game", GAMES)
def test_every_text_on_a_board_reads_at_aa(game: str, theme: str) -> None:
    board = sn.BoardWidget(game, "default")
    board.set_theme(theme)
    board.set_key(True)
    # A position with refused moves, so that the tags naming their rules are drawn.
    for g in _games(game, "default", 30):
        board.load(g.clone())
        for point, piece in g.pieces().items():
            if piece.split()[0] == g.to_move:
                board.click(point)
                if board.highlights.forbidden:
                    break
        if board.highlights.forbidden:
            break
    view = board.view
    view.fig.canvas.draw()
    texts = [t for t in view.fig.findobj(match=lambda a: hasattr(a, "get_text")) if t.get_text()]
    assert len(texts) > 10
    assert any(t.get_bbox_patch() is not None for t in texts), "no tag drawn"
    for t in texts:
        if not t.get_visible():
            continue
        ratio = contrast(t.get_color(), _background(t, view))
        assert ratio >= 4.5, (t.get_text(), t.get_color(), ratio)


def test_the_panels_words_read_at_aa() -> None:
    changed = CHANGED_STYLE.removeprefix("color:")  # a reading changed from the preset
    for colour in (VERMILLION, GREEN, "#555", "#444", "#3d3d3d", changed):
        assert contrast(colour, "white") >= 4.5, colour
    # The coloured buttons: white words on each background the panels' style sheet sets.
    backgrounds = re.findall(
        r"mod-\w+ \{background-color: (#[0-9A-Fa-f]{6}); color: #fff\}", PANEL_CSS
    )
    assert len(backgrounds) == 5
    for colour in backgrounds:
        assert contrast(colour, "white") >= 4.5, colour


def test_the_marks_differ_by_more_than_colour() -> None:
    view = sn.BoardWidget("siege-of-paris").view

    def form(coll: Any) -> tuple[Any, ...]:
        path = coll.get_paths()[0]
        filled = not (len(coll.get_facecolor()) == 0 or coll.get_facecolor()[0][3] == 0)
        return (path.vertices.shape, round(float(abs(path.vertices).sum()), 3),
                str(coll.get_linestyle()), filled)  # fmt: skip

    layers = {
        "selected": view._selected,
        "destination": view._dest,
        "capture": view._capt,
        "marked": view._marked,
        "taken": view._taken,
    }
    forms = {name: form(c) for name, c in layers.items()}
    assert len(set(forms.values())) == len(forms), forms
    # A forbidden move's ring is the selected ring's shape: the cross beside it tells it.
    assert RING_STYLES["forbidden"] == RING_STYLES["selected"]
    assert form(view._forb_x) != form(view._forb)


def test_the_rule_comparer_takes_its_keys_and_the_high_contrast_theme() -> None:
    figure_b = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
    comparer = sn.RuleComparer(figure_b, "protection", piece="k7")
    comparer.access.press("h")
    assert comparer.theme == "high-contrast"
    assert {v.theme for v in comparer.board_canvas.views} == {"high-contrast"}
    comparer.access.press("k")
    assert comparer.key_button.value
    assert "move box" not in comparer.access.board_label
    with pytest.raises(sn.ArgumentError):
        comparer.set_theme("dark")
    assert comparer.theme == "high-contrast"
