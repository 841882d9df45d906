"""Drawings by board family: sizes from the drawn extent, drawers chosen by the board (never by
the game's name), and highlights read from the judged moves rather than from move text."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import Polygon

import siege_nb as sn
from siege_nb.boards import belagerung, paris, pyramid
from siege_nb.boards.graph import PointBoard, build_point_board
from siege_nb.games.catalogue import game_info
from siege_nb.render import Extent, board_extent, draw, explore_highlights, family_of, figure_size
from siege_nb.render.layout import board_height
from siege_nb.render.legend import key_size
from siege_nb.render.points import coordinate_labels, fortress_outline
from siege_nb.render.view import piece_kinds

POINT_BOARDS: dict[str, PointBoard] = {
    "belagerung": belagerung.board(),
    "pyramid-siege": pyramid.board(),
}
BOARDS: dict[str, Any] = {
    "siege-of-paris": paris.board(),
    "belagerung": belagerung.board(),
    "pyramid-siege": pyramid.board(),
}
LETTERS = "abcdefghijklmnop"
KING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def column_board(width: int, height: int, game: str = "no such game") -> PointBoard:
    """A plain rectangular lattice of points, ``width`` across and ``height`` up, whose only
    fortress point is its bottom-left corner; named like files and ranks."""
    coords = [(f, r) for r in range(1, height + 1) for f in range(1, width + 1)]

    def name(f: int, r: int) -> str:
        return f"{LETTERS[f - 1]}{r}"

    lines = [(name(f, r), name(f + 1, r)) for f, r in coords if f < width]
    lines += [(name(f, r), name(f, r + 1)) for f, r in coords if r < height]
    names = [name(f, r) for f, r in coords]
    xy = [(float(f), float(r)) for f, r in coords]
    return build_point_board(
        game, "test", names, coords, xy, KING, lines, ["a1"], names[1:], ["a1"]
    )


def drawn(board: Any) -> tuple[Figure, tuple[Axes, Extent]]:
    """Draw ``board`` alone on a new figure: the figure, its axes and the limits set."""
    fig = Figure()
    ax = fig.add_subplot()
    limits = family_of(board).draw(ax, board, True)
    return fig, (ax, limits)


# -- sizes ------------------------------------------------------------------------------------
def test_figure_size_follows_the_extent_at_a_given_height() -> None:
    for board in BOARDS.values():
        ext = board_extent(board)
        width, height = figure_size(board, 7.0, margin=0.3, top=0.25)
        # Margins on both sides, the caption above, and the rest at the board's own aspect.
        assert height == 7.0
        assert width == pytest.approx(0.6 + ext.width / ext.height * (7.0 - 0.85), abs=0.006)
    tall, wide = column_board(3, 9), column_board(9, 3)
    tall_w, tall_h = figure_size(tall, 6.0)
    wide_w, wide_h = figure_size(wide, 6.0)
    assert tall_w / tall_h < 1 < wide_w / wide_h
    # A taller board of the same width gives a narrower figure at the same height.
    assert figure_size(column_board(3, 12), 6.0)[0] < tall_w


def test_figure_size_without_height_fits_the_box() -> None:
    for board in [*BOARDS.values(), column_board(2, 12), column_board(12, 2)]:
        width, height = figure_size(board, box=(7.8, 9.4))
        assert width <= 7.8 + 0.005 and height <= 9.4 + 0.005
        assert width == pytest.approx(7.8, abs=0.01) or height == pytest.approx(9.4, abs=0.01)
    with pytest.raises(ValueError, match="no room"):
        figure_size(BOARDS["belagerung"], 0.5)


# The tables of sizes per game these figures replace (inches): the board widget, the scenario
# player and one comparer panel at their heights. (The drawing's own default was 7.4-8.0 by
# 7.2-9.4 inches, too tall for a 768-pixel screen: it now keeps to DEFAULT_BOX.)
GAME_ORDER = ("siege-of-paris", "belagerung", "pyramid-siege")
OLD_SIZES = {
    "widget": dict(zip(GAME_ORDER, [(6.0, 7.6), (7.0, 7.3), (7.6, 6.9)], strict=True)),
    "scenario": dict(zip(GAME_ORDER, [(5.6, 7.1), (6.6, 6.9), (7.0, 6.3)], strict=True)),
    "panel": dict(zip(GAME_ORDER, [(4.4, 6.4), (4.8, 5.2), (5.0, 4.8)], strict=True)),
}


@pytest.mark.parametrize("use", list(OLD_SIZES))
def test_figure_sizes_stay_close_to_the_old_tables(use: str) -> None:
    for game, (old_w, old_h) in OLD_SIZES[use].items():
        board = BOARDS[game]
        if use == "panel":  # the comparer's title sits above all panels, not above each
            width, height = figure_size(board, old_h, margin=0.0, top=0.5)
        else:
            width, height = figure_size(board, old_h)
        assert width == pytest.approx(old_w, rel=0.05), (use, game)
        assert height == pytest.approx(old_h, rel=0.05), (use, game)


def test_a_picture_with_its_key_fits_a_1024_by_768_screen() -> None:
    """At 100 dpi (what a notebook shows) no wider than a notebook's output at 1024 pixels and
    no taller than the part of a 768-pixel screen that shows it, with the board still large."""
    for game in sn.GAMES:
        view = draw(sn.new_game(game))
        width, height = view.fig.get_size_inches() * 100
        assert width <= 960 and height <= 700, game
        board = view.ax.get_window_extent()
        assert min(board.width, board.height) >= 400, game


def test_a_view_shows_exactly_the_extent_its_size_came_from() -> None:
    for game in sn.GAMES:
        g = sn.new_game(game)
        view = draw(g, legend=False)
        ext = board_extent(g.board)
        assert view.extent == ext
        assert view.ax.get_xlim() == (ext.x0, ext.x1) and view.ax.get_ylim() == (ext.y0, ext.y1)
        assert tuple(view.fig.get_size_inches()) == pytest.approx(figure_size(g.board))
        # With its key (the default for a new figure) the figure keeps to the same box: the
        # key goes on the side that leaves the board larger, and the board makes room.
        keyed = draw(g)
        assert keyed.ax.get_xlim() == (ext.x0, ext.x1) and keyed.ax.get_ylim() == (ext.y0, ext.y1)
        best = max(("right", "below"), key=lambda s: board_height(g.board, key_size(game, s)))
        assert keyed.key is not None and keyed.key.side == best
        size = figure_size(g.board, key=key_size(game, best))
        assert tuple(keyed.fig.get_size_inches()) == pytest.approx(size, abs=0.02)


# -- families, not game names -----------------------------------------------------------------
def test_the_drawer_comes_from_the_board_type() -> None:
    assert family_of(BOARDS["siege-of-paris"]).name == "squares"
    assert (
        family_of(BOARDS["belagerung"]).name == family_of(BOARDS["pyramid-siege"]).name == "points"
    )
    with pytest.raises(TypeError, match="no drawing"):
        family_of(object())


def test_a_board_draws_the_same_whatever_game_it_claims() -> None:
    """The game name a board carries changes nothing in its drawing."""
    for board in POINT_BOARDS.values():
        renamed = dataclasses.replace(board, game="unknown-game")
        _, (ax_a, lim_a) = drawn(board)
        _, (ax_b, lim_b) = drawn(renamed)
        assert lim_a == lim_b
        texts_a = [(t.get_position(), t.get_text()) for t in ax_a.texts]
        texts_b = [(t.get_position(), t.get_text()) for t in ax_b.texts]
        assert texts_a == texts_b and texts_a
        kinds_a = [type(a).__name__ for a in ax_a.get_children()]
        assert kinds_a == [type(a).__name__ for a in ax_b.get_children()]


def test_a_new_board_of_points_draws_with_cells_labels_and_limits() -> None:
    board = column_board(4, 3)
    _, (ax, limits) = drawn(board)
    # Points on a square grid: the fortress is its points' unit cells (here one square).
    cells = [c for c in ax.collections if isinstance(c, PatchCollection)]
    assert len(cells) == 1 and len(cells[0].get_paths()) == 1
    assert not any(isinstance(p, Polygon) for p in ax.patches)
    labels = {t.get_text(): t.get_position() for t in ax.texts}
    # Files under their columns, ranks left of their rows, 0.75 outside the outermost points.
    assert labels == {
        "a": (1.0, 0.25), "b": (2.0, 0.25), "c": (3.0, 0.25), "d": (4.0, 0.25),
        "1": (0.25, 1.0), "2": (0.25, 2.0), "3": (0.25, 3.0),
    }  # fmt: skip
    assert tuple(limits) == pytest.approx((0.0, 4.8, 0.1, 3.8))


def test_the_pyramid_fortress_outline_follows_its_fortress_points() -> None:
    board = POINT_BOARDS["pyramid-siege"]
    h = 3**0.5 / 2
    # Corners r4c1, r4c3, r6c3 at (-1, 3h), (1, 3h), (0, h); grown 1.6 times from their centre.
    cy = 7 * h / 3
    expected = {
        (-1.6, cy + 1.6 * (3 * h - cy)),
        (1.6, cy + 1.6 * (3 * h - cy)),
        (0.0, cy + 1.6 * (h - cy)),
    }
    got = fortress_outline(board)
    assert len(got) == 3
    for x, y in got:
        assert any(abs(x - ex) < 1e-9 and abs(y - ey) < 1e-9 for ex, ey in expected)
    # Move the fortress to the apex: the outline moves with it.
    top = {board.index[n] for n in ("r0c0", "r1c0", "r1c1")}
    moved = dataclasses.replace(board, fortress=tuple(i in top for i in range(len(board.names))))
    ys = [y for _, y in fortress_outline(moved)]
    assert min(ys) > 5 * h  # above row 2, near the apex
    _, (ax, _) = drawn(moved)
    polygons = [p for p in ax.patches if isinstance(p, Polygon)]
    assert len(polygons) == 1


def test_coordinates_come_from_the_point_names() -> None:
    bel = coordinate_labels(POINT_BOARDS["belagerung"])
    assert [t for _, _, t in bel] == [*"abcdefghi", *map(str, range(1, 10))]
    pyr = pyramid.board()
    rows = coordinate_labels(pyr)
    assert [t for _, _, t in rows] == [f"r{r}" for r in range(8)]
    for x, y, text in rows:  # left of each row's first point
        first = pyr.xy[pyr.index[f"{text}c0"]]
        assert (x, y) == (first[0] - 0.75, first[1])
    odd = dataclasses.replace(pyr, names=tuple(f"P{i}" for i in range(len(pyr.names))))
    assert coordinate_labels(odd) == []


def test_piece_kinds_and_titles_come_from_the_catalogue() -> None:
    assert piece_kinds("belagerung") == ["attacker", "defender"]
    kinds = piece_kinds("siege-of-paris")
    for game in sn.GAMES:
        g = sn.new_game(game)
        assert set(g.pieces().values()) <= set(piece_kinds(game))
        assert draw(g).ax.get_title().startswith(f"{game_info(game).title} · ")
    assert {"white general", "black soldier", "garrison colonel"} <= set(kinds)


# -- highlights from judged moves -------------------------------------------------------------
def paris_k7(**options: Any) -> sn.Game:
    position = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
    return sn.new_game("siege-of-paris", preset="escale-a-jeux", position=position, **options)


def test_paris_capture_by_replacement_is_ringed_or_forbidden() -> None:
    # The garrison soldier on k7 steps diagonally to the free j6, l6 and l8; the black soldier
    # on j8 has the white soldier on j9 behind it, which protects it under the French reading.
    h, verdicts = explore_highlights(paris_k7(), "k7")
    assert h.destinations == ["j6", "l6", "l8"] and h.captures == []
    assert h.forbidden == {"j8": "SP-16"} and not verdicts["j8"].legal
    # Under a reading where the two attacking armies do not protect each other, the same
    # move is a capture by replacement: ringed, not a plain destination.
    h, verdicts = explore_highlights(paris_k7(protection="reach-any-army"), "k7")
    assert h.destinations == ["j6", "l6", "l8"] and h.captures == ["j8"] and h.forbidden == {}
    assert verdicts["j8"].legal


def test_a_jump_chain_is_marked_at_its_first_landing() -> None:
    start = sn.new_game("belagerung").pieces()
    del start["e5"], start["e3"]  # the defender on e7 may jump e6 to e5, then e4 to e3
    g = sn.new_game("belagerung", position=start, to_move="defender")
    h, verdicts = explore_highlights(g, "e7")
    # Steps onto the empty fortress points around e7 (diagonals where the lattice has them),
    # and the jump landing on e5; the chain's second landing e3 is not marked from e7.
    assert h.destinations == ["d7", "d8", "e5", "e8", "f7", "f8"]
    assert h.captures == [] and h.forbidden == {}
    assert verdicts["e5"].judged is not None and verdicts["e5"].judged.kind == "jump"
    assert "e3" not in verdicts


def test_pyramid_defender_at_the_start() -> None:
    # r4c1's neighbours are attackers except the empty fortress points r4c2 and r5c2, and every
    # jump over an attacker lands off the board or on an occupied point.
    h, _ = explore_highlights(sn.new_game("pyramid-siege"), "r4c1")
    assert (h.destinations, h.captures, h.selected) == (["r4c2", "r5c2"], [], "r4c1")


@pytest.mark.parametrize(
    ("make", "node"),
    [
        (paris_k7, "k7"),
        (lambda: sn.new_game("siege-of-paris"), "C0"),
        (lambda: sn.new_game("belagerung"), "d6"),
        (lambda: sn.new_game("pyramid-siege"), "r4c1"),
    ],
)
def test_highlights_never_read_the_move_text(
    make: Callable[[], sn.Game], node: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Garbling every verdict's move text changes no highlight: only the judged Move counts."""
    g = make()
    before, _ = explore_highlights(g, node)
    explore = g.explore
    monkeypatch.setattr(
        g,
        "explore",
        lambda n, **kw: [dataclasses.replace(v, move="?x?-?") for v in explore(n, **kw)],
    )
    after, _ = explore_highlights(g, node)
    assert after == before
