"""The key beside or below every board: exactly the game's pieces by rank and army, the marks,
the rules refusing the marked moves; shown or hidden at runtime; never over the board; in
exported pictures when asked."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import io
import re

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.image import imread
from matplotlib.transforms import Bbox

import siege_nb as sn
from siege_nb.render import BoardView, Highlights, draw, explore_highlights, export, png_bytes
from siege_nb.render.legend import MARK_WORDS, Key, key_content, key_size, rule_words
from siege_nb.render.style import MARKERS, PIECE_COLOURS
from siege_nb.render.view import piece_kinds

KEY_BACKGROUND = (0xFB, 0xF8, 0xF2)


def key_texts(view: BoardView) -> list[str]:
    assert view.key is not None
    return [t.get_text() for t in view.key.ax.texts if t.get_visible() and t.get_text()]


def board_box(view: BoardView) -> Bbox:
    """The board's own drawing (its extent) on screen."""
    e = view.extent
    (x0, y0), (x1, y1) = view.ax.transData.transform([(e.x0, e.y0), (e.x1, e.y1)])
    return Bbox.from_extents(x0, y0, x1, y1)


def rendered(view: BoardView) -> BoardView:
    FigureCanvasAgg(view.fig).draw()
    return view


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_key_lists_exactly_the_pieces_of_the_game(game: str) -> None:
    view = draw(sn.new_game(game))
    assert view.key is not None and view.legend_shown()
    assert sorted(view.key.kinds()) == sorted(piece_kinds(game))
    texts = key_texts(view)
    content = key_content(game)
    for rank, _ in content.ranks:
        assert rank in texts
    for army in content.armies:
        assert army.capitalize() in texts
    # One sample per kind, in the shape and colours of the board's own pieces.
    assert sorted(view.key.samples) == sorted(piece_kinds(game))
    for kind, sample in view.key.samples.items():
        side, _, rank = kind.rpartition(" ")
        face, _ = PIECE_COLOURS[side or kind]
        assert sample.get_marker() == MARKERS[rank]
        assert to_hex(sample.get_markerfacecolor()) == to_hex(face)
        assert to_hex(view._pieces[kind].get_facecolors()[0]) == to_hex(face)


def test_paris_key_is_a_table_of_ranks_by_army() -> None:
    content = key_content("siege-of-paris")
    assert content.armies == ("garrison", "white", "black")
    table = dict(content.ranks)
    assert table["captain"] == (None, "white captain", "black captain")
    assert table["general"] == ("garrison general", "white general", "black general")
    assert [r for r, _ in content.ranks] == [
        "general",
        "colonel",
        "captain",
        "lieutenant",
        "soldier",
    ]


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_key_names_every_mark_the_game_uses(game: str) -> None:
    texts = " ".join(key_texts(draw(sn.new_game(game)))).replace("\n", " ")
    for mark in key_content(game).marks:
        assert MARK_WORDS[mark] in texts
    assert "last move" in texts and "refused" in texts
    hunt = game != "siege-of-paris"
    assert ("huffed" in texts) == hunt and ("taken by the jumps" in texts) == hunt
    assert ("may take this piece" in texts) == (not hunt)


def test_the_key_lists_the_rules_refusing_the_marked_moves() -> None:
    sc = sn.scenario("attacker-movement")
    g = sc.step_game(0)
    view = draw(g, explore="g2")
    assert view.key is not None
    assert view.key.rules_shown() == ["SP-10"]
    assert "General may turn" in key_texts(view) and "Refused by" in key_texts(view)
    view.set_highlights(Highlights())
    assert view.key.rules_shown() == [] and "Refused by" not in key_texts(view)
    # Refusals that are no rule get words too.
    assert rule_words("belagerung", "blocked") == "another piece is in the way"
    assert rule_words("siege-of-paris", "SP-16") == "Protected pieces"


def test_many_rules_end_with_a_count() -> None:
    ax = Figure().add_subplot()
    key = Key(ax, "siege-of-paris")
    key.set_rules([(f"SP-{i}", f"rule {i}") for i in range(1, 8)])
    assert key.rules_shown() == ["SP-1", "SP-2", "SP-3"]
    assert "and 4 more" in [t.get_text() for t in ax.texts if t.get_visible()]


@pytest.mark.parametrize("game", sn.GAMES)
@pytest.mark.parametrize("size", [None, (6.0, 7.6), (9.6, 6.9), (5.0, 6.0), (12.0, 8.0)], ids=str)
def test_the_key_never_covers_the_board_and_stays_on_the_figure(
    game: str, size: tuple[float, float] | None
) -> None:
    g = sn.new_game(game)
    if size is None:
        view = draw(g)
    else:
        fig = Figure(figsize=size)
        view = BoardView(g, fig.add_axes((0.01, 0.01, 0.98, 0.93)), legend=True)
    rendered(view)
    assert view.key is not None
    key = view.key.ax.get_window_extent()
    board = board_box(view)
    fig = view.fig.bbox
    assert min(key.x1, board.x1) - max(key.x0, board.x0) <= 0.5 or (
        min(key.y1, board.y1) - max(key.y0, board.y0) <= 0.5
    )
    assert fig.x0 - 0.5 <= key.x0 and key.x1 <= fig.x1 + 0.5
    assert fig.y0 - 0.5 <= key.y0 and key.y1 <= fig.y1 + 0.5
    # Clicks stay exact: every point is still found where it is drawn.
    names = list(view.positions)
    for node in (names[0], names[len(names) // 2], names[-1]):
        fx, fy = view.fraction_of(node)
        px, py = fx * fig.width, (1 - fy) * fig.height
        assert view.node_at(*view.ax.transData.inverted().transform((px, py))) == node


def test_in_a_layout_engines_figure_the_key_gets_room_too() -> None:
    fig = Figure(figsize=(6.0, 6.0), layout="constrained")
    view = rendered(draw(sn.new_game("siege-of-paris"), fig.add_subplot(), legend=True))
    assert view.key is not None
    key, board = view.key.ax.get_window_extent(), board_box(view)
    assert key.x0 >= board.x1 - 0.5 or key.y1 <= board.y0 + 0.5


def test_the_key_is_toggled_without_rebuilding_the_board() -> None:
    fig = Figure(figsize=(9.6, 6.9))
    view = BoardView(sn.new_game("siege-of-paris"), fig.add_axes((0.01, 0.01, 0.98, 0.93)))
    assert view.key is None and not view.legend_shown()
    before = set(map(id, view.ax.get_children()))
    small = board_box(rendered(view)).width
    view.set_legend(True)
    assert view.legend_shown() and view.key is not None and view.key.ax.get_visible()
    with_key = board_box(rendered(view)).width
    assert with_key < small  # the board made room for the key
    view.set_legend(False)
    assert not view.legend_shown() and not view.key.ax.get_visible()
    assert board_box(rendered(view)).width == pytest.approx(small)
    view.set_legend(True)
    # The board's own artists are the same objects throughout; only the key's axes joined.
    assert before <= set(map(id, view.ax.get_children()))
    assert view.key.ax.get_visible()


def test_the_keys_changing_text_is_blitted_with_the_board() -> None:
    fig = Figure(figsize=(9.6, 6.9))
    view = BoardView(
        sn.new_game("siege-of-paris"), fig.add_axes((0.01, 0.01, 0.98, 0.93)), legend=True
    )
    assert view.key is not None
    dynamic = view.dynamic_artists()
    for artist in view.key.dynamic_artists():
        assert artist in dynamic
    view.set_animated(True)
    assert all(a.get_animated() for a in view.key.dynamic_artists())
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    g = sn.scenario("attacker-movement").step_game(0)
    view.update(g, highlights=explore_highlights(g, "g2")[0])
    view.draw_dynamic()  # draws the rule list over the background without error


def test_draw_has_a_key_by_default_and_your_own_axes_do_not() -> None:
    g = sn.new_game("pyramid-siege")
    assert draw(g).legend_shown()
    assert not draw(g, Figure().add_subplot()).legend_shown()
    assert not BoardView(g).legend_shown()
    with pytest.raises(sn.ArgumentError, match="legend: 'left' is not accepted"):
        draw(g, legend="left")
    assert draw(g, legend="right").key.side == "right"  # type: ignore[union-attr]


def pixels(data: bytes) -> np.ndarray:
    return (imread(io.BytesIO(data), format="png")[..., :3] * 255).round().astype(int)


def key_pixels(image: np.ndarray) -> int:
    return int((np.abs(image - np.array(KEY_BACKGROUND)).sum(axis=2) <= 3).sum())


@pytest.mark.parametrize("game", sn.GAMES)
def test_exported_png_has_the_key_when_asked(tmp_path, game: str) -> None:
    g = sn.new_game(game)
    with_key = pixels(export(g, tmp_path / "key.png", dpi=50, legend=True).read_bytes())
    without = pixels(export(g, tmp_path / "plain.png", dpi=50, legend=False).read_bytes())
    # (A few blended pixels of the board may come close to the key's colour by chance.)
    assert key_pixels(with_key) > 2000 and key_pixels(without) < 50
    assert with_key.shape[0] * with_key.shape[1] > without.shape[0] * without.shape[1]
    assert key_pixels(pixels(png_bytes(g, dpi=30))) > 0  # what a notebook shows for a Game


@pytest.mark.parametrize("game", sn.GAMES)
def test_exported_svg_has_the_key_when_asked(tmp_path, game: str) -> None:
    g = sn.new_game(game)
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text as text, to search it
        keyed = export(g, tmp_path / "key.svg", legend=True).read_text()
        plain = export(g, tmp_path / "plain.svg", legend=False).read_text()
    for word in ("Pieces", "Marks", "last move"):
        assert word in keyed and word not in plain
    width = re.search(r'<svg[^>]*width="([\d.]+)pt"', keyed)
    plain_width = re.search(r'<svg[^>]*width="([\d.]+)pt"', plain)
    assert width and plain_width
    side = key_size(game, "right" if game == "siege-of-paris" else "below").side
    if side == "right":
        assert float(width.group(1)) > float(plain_width.group(1))
