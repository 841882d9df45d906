"""Drawings of every board and preset: pieces and highlights where the engine says, exports."""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import pytest

import siege_nb as sn
from siege_nb.render import Highlights, draw, explore_highlights, export, png_bytes

CASES = [(game, preset) for game in sn.GAMES for preset in sn.presets(game)]


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_piece_is_drawn_where_it_stands(game: str, preset: str) -> None:
    g = sn.new_game(game, preset=preset)
    for _ in range(6):  # a few plies in, so positions differ from the start
        g.play(g.legal_moves()[0])
    view = draw(g)
    assert view.pieces_drawn() == len(g.pieces())
    by_kind: dict[str, set[str]] = {}
    for node, piece in g.pieces().items():
        by_kind.setdefault(piece, set()).add(node)
    for kind, nodes in by_kind.items():
        assert view.drawn_at(kind) == nodes
    assert game.split("-")[0].capitalize() in view.ax.get_title() or "Siege" in view.ax.get_title()


@pytest.mark.parametrize(
    ("game", "node"), [("siege-of-paris", "C0"), ("belagerung", "d6"), ("pyramid-siege", "r4c1")]
)
def test_highlights_are_drawn_where_the_engine_says(game: str, node: str) -> None:
    g = sn.new_game(game)
    highlights, verdicts = explore_highlights(g, node)
    view = draw(g, highlights=highlights)
    shown = view.highlighted()
    assert shown["selected"] == {node}
    legal_ends = {m.path[1] for m in g.legal_moves() if m.start == node}
    assert shown["destinations"] | shown["captures"] == legal_ends
    assert shown["forbidden"] == {k for k, v in verdicts.items() if not v.legal}


def test_forbidden_capture_is_marked_with_its_rule() -> None:
    g = sn.new_game(
        "siege-of-paris",
        preset="escale-a-jeux",
        position={"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
    )
    highlights, _ = explore_highlights(g, "k7")
    assert highlights.forbidden == {"j8": "SP-16"}
    view = draw(g, highlights=highlights)
    assert view.highlighted()["forbidden"] == {"j8"}
    labels = [t.get_text() for t in view._labels if t.get_visible()]
    assert labels == ["SP-16"]
    # Clearing the highlights hides the label again (artists are reused, not recreated).
    view.set_highlights(Highlights())
    assert not any(t.get_visible() for t in view._labels)


def test_update_in_place_reuses_the_artists() -> None:
    g = sn.new_game("siege-of-paris")
    view = draw(g)
    before = set(map(id, view.ax.get_children()))
    g.play("C0-f5")
    view.update(g)
    assert set(map(id, view.ax.get_children())) == before
    assert "f5" in view.drawn_at("garrison colonel")
    assert view._arrow.get_visible()


def test_node_at_maps_clicks_and_ignores_the_margins() -> None:
    view = draw(sn.new_game("siege-of-paris"))
    assert view.node_at(*view.positions["k7"]) == "k7"
    assert view.node_at(6.5, 5.5) == "C0"
    assert view.node_at(6.5, 8.5) is None  # the middle of the citadel is no point
    assert view.node_at(-5, -5) is None
    assert view.node_at(None, 3) is None
    assert view.node_at(float("nan"), 3) is None


@pytest.mark.parametrize("suffix", [".png", ".svg"])
@pytest.mark.parametrize("game", sn.GAMES)
def test_export(tmp_path, game: str, suffix: str) -> None:
    path = export(sn.new_game(game), tmp_path / f"board{suffix}", dpi=40)
    data = path.read_bytes()
    if suffix == ".png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        assert b"<svg" in data[:500]
    with pytest.raises(ValueError, match=r"png or \.svg"):
        export(sn.new_game(game), tmp_path / "board.jpg")


def test_a_game_shows_itself_as_a_picture() -> None:
    g = sn.new_game("belagerung")
    data = g._repr_png_()
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    assert png_bytes(g, dpi=30)[:4] == b"\x89PNG"
    assert sn.draw is draw and sn.export is export


def test_draw_can_explore_a_piece() -> None:
    g = sn.new_game(
        "siege-of-paris",
        preset="escale-a-jeux",
        position={"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
    )
    shown = draw(g, explore="k7").highlighted()
    assert shown["selected"] == {"k7"} and shown["forbidden"] == {"j8"}
    assert shown["destinations"] == {"l8", "l6", "j6"}
    assert draw(g)._repr_png_()[:4] == b"\x89PNG"


def on_polyline(point: tuple[float, float], line: list[tuple[float, float]]) -> bool:
    """Whether ``point`` lies on one of the segments of ``line``."""
    px, py = point
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        inside = min(ax, bx) - 1e-9 <= px <= max(ax, bx) + 1e-9
        inside &= min(ay, by) - 1e-9 <= py <= max(ay, by) + 1e-9
        if abs(cross) < 1e-9 and inside:
            return True
    return False


def test_a_jump_chain_is_drawn_point_by_point() -> None:
    # e5xe7xg7: up over e6, then right over f7. One straight arrow e5-g7 would look like a
    # diagonal step; the drawing turns at e7.
    g = sn.scenario("belagerung-multi-jump").step_game(0)
    played = g.play("e5xe7xg7")
    view = draw(g)
    drawn = view.last_move_drawn()
    assert drawn == [view.positions[p] for p in ("e5", "e7", "g7")]
    assert view._trail.get_visible() and view._arrow.get_visible()
    for landing in played.path:
        assert on_polyline(view.positions[landing], drawn)
    # The arrow's head is on the last hop, e7 to g7, not on the line from e5.
    assert drawn[-2:] == [view.positions["e7"], view.positions["g7"]]


@pytest.mark.parametrize("scenario", ["belagerung-multi-jump", "pyramid-multi-jump"])
def test_every_landing_point_of_a_played_chain_is_on_its_arrow(scenario: str) -> None:
    sc = sn.scenario(scenario)
    g = sc.step_game(len(sc.steps) - 1)
    move = g.last_move
    assert move is not None and move.kind == "jump" and len(move.path) >= 4
    view = draw(g)
    drawn = view.last_move_drawn()
    # Every landing point, in order, is a corner of the line (a loop back home included).
    assert drawn == [view.positions[p] for p in move.path]


def test_a_slide_stays_one_straight_arrow() -> None:
    g = sn.scenario("attacker-movement").step_game(0)
    g.play("g2-g5")
    view = draw(g)
    assert view.last_move_drawn() == [view.positions["g2"], view.positions["g5"]]
    assert not view._trail.get_visible()
    view.update(g, last_move=None)
    assert view.last_move_drawn() == []
