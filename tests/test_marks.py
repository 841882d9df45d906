"""Marks that never collide: the tags naming refusing rules stay clear of pieces and of each
other (one per group of neighbouring points refused by the same rule), every point's name is
written once, and names stay readable where lines cross them."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from collections.abc import Callable

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.transforms import Bbox

import siege_nb as sn
from siege_nb.render import BoardView, Highlights, draw, explore_highlights
from siege_nb.render.marks import boxes_around, group_marks, place_labels

# The crowded pictures of the issue: the general's refused turns (notebook 03, its first
# movement picture), figure C under each reading, and the BL-2 cluster of notebook 07.
CROWDED = [
    ("attacker-movement", 0),
    ("attacker-movement", 3),
    ("figure-c-side-by-side", 3),
    ("figure-c-side-by-side", 4),
    ("figure-c-apart", 4),
    ("belagerung-attacker-direction", 1),
    ("belagerung-attacker-direction", 4),
]


def _new_figure(size: tuple[float, float]) -> Callable[[sn.Game], BoardView]:
    """Draw on a widget-like figure: one axes at a fixed place, no layout engine."""

    def make(game: sn.Game) -> BoardView:
        fig = Figure(figsize=size)
        return BoardView(game, fig.add_axes((0.01, 0.01, 0.98, 0.93)), legend=True)

    return make


def _constrained(game: sn.Game) -> BoardView:
    fig = Figure(figsize=(5.0, 6.0), layout="constrained")
    return draw(game, fig.add_subplot(), legend=True)


MAKERS: dict[str, Callable[[sn.Game], BoardView]] = {
    "draw": lambda g: draw(g),
    "draw-no-key": lambda g: draw(g, legend=False),
    "widget": _new_figure((6.0, 7.6)),
    "projector": _new_figure((9.6, 6.9)),
    "small": _new_figure((5.0, 6.0)),
    "constrained": _constrained,
}


def crowded_view(scenario: str, step: int, make: Callable[[sn.Game], BoardView]) -> BoardView:
    sc = sn.scenario(scenario)
    game = sc.step_game(step)
    view = make(game)
    explore = sc.steps[step].explore
    assert explore is not None
    highlights, _ = explore_highlights(game, explore)
    view.update(game, highlights=highlights)
    FigureCanvasAgg(view.fig).draw()
    return view


def piece_boxes(view: BoardView) -> list[tuple[str, Bbox]]:
    """Each drawn piece's box on screen (pixels), from its marker size and edge."""
    out = []
    dpi = view.fig.dpi
    for kind, coll in view._pieces.items():
        size = float(coll.get_sizes()[0])
        edge = float(coll.get_linewidths()[0])
        half = (np.sqrt(size) + edge) / 2 * dpi / 72
        for x, y in np.asarray(coll.get_offsets()):
            px, py = view.ax.transData.transform((x, y))
            out.append((kind, Bbox.from_extents(px - half, py - half, px + half, py + half)))
    return out


def tag_boxes(view: BoardView) -> list[Bbox]:
    """Each visible tag's box on screen, its coloured background included."""
    renderer = view.fig.canvas.get_renderer()  # type: ignore[attr-defined]
    out = []
    for tag in view.tags():
        patch = tag.get_bbox_patch()
        assert patch is not None
        out.append(Bbox.union([patch.get_window_extent(renderer), tag.get_window_extent(renderer)]))
    return out


def overlaps(a: Bbox, b: Bbox, slack: float = 0.5) -> bool:
    """Whether two boxes share more than a sliver of ``slack`` pixels."""
    return min(a.x1, b.x1) - max(a.x0, b.x0) > slack and min(a.y1, b.y1) - max(a.y0, b.y0) > slack


@pytest.mark.parametrize("maker", list(MAKERS))
@pytest.mark.parametrize(("scenario", "step"), CROWDED)
def test_tags_never_overlap_each_other_or_a_piece(scenario: str, step: int, maker: str) -> None:
    view = crowded_view(scenario, step, MAKERS[maker])
    tags = tag_boxes(view)
    assert tags, "the crowded pictures all have refused moves"
    for i, a in enumerate(tags):
        for b in tags[i + 1 :]:
            assert not overlaps(a, b), (scenario, step, maker)
        for kind, box in piece_boxes(view):
            assert not overlaps(a, box), (scenario, step, maker, kind)
        # And inside the board's axes, off the key.
        assert view.ax.bbox.x0 - 1 <= a.x0 and a.x1 <= view.ax.bbox.x1 + 1
        assert view.ax.bbox.y0 - 1 <= a.y0 and a.y1 <= view.ax.bbox.y1 + 1


def test_the_generals_eleven_refused_turns_get_one_tag_per_cluster() -> None:
    view = crowded_view("attacker-movement", 0, MAKERS["draw"])
    forbidden = view._highlights.forbidden
    assert len(forbidden) == 11 and set(forbidden.values()) == {"SP-10"}
    tags = view.tags()
    # Two clusters (left and right of the general's own lines), one tag each.
    assert [t.get_text() for t in tags] == ["SP-10", "SP-10"]
    # Every refused point has its rule's tag close by (within two squares of its centre).
    for node in forbidden:
        x, y = view.positions[node]
        near = [np.hypot(*np.subtract(t.get_position(), (x, y))) for t in tags]
        assert min(near) <= 3.5  # the tag of its own cluster
    # Each tag sits next to a point of its cluster.
    for tag in tags:
        tx, ty = tag.get_position()
        assert min(np.hypot(tx - x, ty - y) for x, y in map(view.positions.get, forbidden)) < 1.5


def test_grouping_keeps_rules_and_places_apart() -> None:
    pos = {f"p{i}": (float(i), 0.0) for i in range(6)}
    marks = {"p0": "A", "p1": "A", "p2": "B", "p3": "B", "p5": "A"}
    groups = group_marks(marks, pos)
    assert sorted((tag, tuple(nodes)) for tag, nodes in groups) == [
        ("A", ("p0", "p1")),
        ("A", ("p5",)),
        ("B", ("p2", "p3")),
    ]
    assert group_marks({}, pos) == []


def test_placing_avoids_every_hard_box_while_any_place_is_free() -> None:
    # Pieces all round a marked point but for one side: the tag goes to the free side.
    around = [(dx, dy) for dx in (-1.0, 0.0, 1.0) for dy in (-1.0, 0.0, 1.0) if (dx, dy) != (0, 0)]
    pieces = boxes_around([p for p in around if p != (1.0, 0.0)], 0.45)
    (x, y), (x2, y2) = place_labels(
        [(0.8, 0.35), (0.8, 0.35)],
        [[(0.0, 0.0)], [(0.0, 0.0)]],
        hard=pieces,
        bounds=(-3.0, -3.0, 3.0, 3.0),
    )
    assert x > 0.5 and abs(y) < 0.3
    # The second tag cannot share that place: it must not overlap the first.
    assert abs(x2 - x) >= 0.8 - 1e-9 or abs(y2 - y) >= 0.35 - 1e-9


def test_tags_follow_the_highlights_and_hide_with_them() -> None:
    view = crowded_view("belagerung-attacker-direction", 1, MAKERS["widget"])
    assert [t.get_text() for t in view.tags()] == ["BL-2"]
    view.set_highlights(Highlights())
    assert view.tags() == []


# -- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game",
    [
        sn.new_game("siege-of-paris"),
        sn.new_game("siege-of-paris", citadel="ring-flank-gates"),
        sn.new_game("belagerung"),
        sn.new_game("pyramid-siege"),
    ],
    ids=["paris", "paris-ring", "belagerung", "pyramid"],
)
def test_every_name_is_written_once(game: sn.Game) -> None:
    texts = [t.get_text() for t in draw(game, names=True).ax.texts]
    for name in game.board.names:
        assert texts.count(name) == 1, name
    # By default only the points the coordinates do not name are named: the citadel's
    # circles (they have no file and rank), and every point of a triangle (named by row and
    # place in the row, which no label along the edges gives).
    plain = [t.get_text() for t in draw(game).ax.texts]
    unnamed = [n for n in game.board.names if n.startswith("C") or game.game == "pyramid-siege"]
    assert sorted(n for n in plain if n in game.board.names) == sorted(unnamed)
    bare = [t.get_text() for t in draw(game, names=False).ax.texts]
    circles = [n for n in game.board.names if n.startswith("C")]
    assert sorted(n for n in bare if n in game.board.names) == sorted(circles)


def test_circle_names_are_clear_of_the_gate_arrows_and_halo_lined() -> None:
    view = draw(sn.new_game("siege-of-paris"))
    FigureCanvasAgg(view.fig).draw()
    renderer = view.fig.canvas.get_renderer()  # type: ignore[attr-defined]
    gates = [p for p in view.ax.patches if isinstance(p, FancyArrowPatch) and p is not view._arrow]
    assert len(gates) == 2
    names = [t for t in view.ax.texts if t.get_text().startswith("C")]
    assert len(names) == 8
    for text in names:
        box = text.get_window_extent(renderer)
        for gate in gates:
            assert not overlaps(box, gate.get_window_extent(renderer)), text.get_text()
        assert text.get_path_effects(), "a halo keeps the name readable over a line"


def test_point_names_have_a_halo_over_the_lines() -> None:
    view = draw(sn.new_game("belagerung"), names=True)
    names = [t for t in view.ax.texts if t.get_text() in view.positions]
    assert len(names) == len(view.positions)
    assert all(t.get_path_effects() for t in names)


def test_taken_pieces_have_their_own_mark() -> None:
    view = draw(sn.new_game("belagerung"))
    view.set_highlights(Highlights(selected="e7", destinations=["e5"], taken=["e6"]))
    shown = view.highlighted()
    assert shown["taken"] == {"e6"} and shown["forbidden"] == set()
    assert view.tags() == []
