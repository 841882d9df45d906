"""Where the labels of refused moves go, so that they never run into each other or a piece.

A refused move is marked on the board by a ring with a cross, and the rule that refuses it is
named by a small tag (``SP-10``). When a piece may not go to many points for the same rule
(a general that may not turn is refused eleven squares at once), one tag per point would
bury the board. So the marks are grouped first: points refused by the same rule that touch
each other share one tag (:func:`group_marks`). Then each tag is placed on its own
(:func:`place_labels`): many positions around its points are tried, and the one that covers
no piece, no other tag and as few other marks as possible, close to its points, wins.

Everything here works in the board's own units (one unit between neighbouring points) with
boxes ``(x0, y0, x1, y1)``, so it needs no figure and runs on every click.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["Box", "Layer", "boxes_around", "group_marks", "overlap", "place_labels"]

Box = tuple[float, float, float, float]
"""A rectangle ``(x0, y0, x1, y1)`` in board units."""

Layer = tuple[np.ndarray, float]
"""Boxes a tag should keep clear of, as an ``(n, 4)`` array, and what covering one costs per
square unit covered."""

# What it costs a tag to cover a piece or another tag (per box touched): never worth it while
# any free place is left.
HARD = 1e4
# What it costs to leave the drawing: never.
OUTSIDE = 1e7


def group_marks(
    marks: Mapping[str, str], positions: Mapping[str, tuple[float, float]], reach: float = 1.5
) -> list[tuple[str, list[str]]]:
    """The marked points grouped by label: points with the same label within ``reach`` of
    each other (directly or through other points of the group) form one group.

    Groups come largest first, then from the top of the board down, so that the most crowded
    places choose their label's place first.

    >>> pos = {"a": (0.0, 0.0), "b": (1.0, 1.0), "c": (4.0, 0.0), "d": (2.0, 0.0)}
    >>> group_marks({"a": "R-1", "b": "R-1", "c": "R-1", "d": "R-2"}, pos)
    [('R-1', ['b', 'a']), ('R-2', ['d']), ('R-1', ['c'])]
    """
    nodes = list(marks)
    parent = list(range(len(nodes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(nodes):
        ax, ay = positions[a]
        for j in range(i):
            b = nodes[j]
            bx, by = positions[b]
            if marks[a] == marks[b] and (ax - bx) ** 2 + (ay - by) ** 2 <= reach**2 + 1e-9:
                parent[root(i)] = root(j)
    groups: dict[int, list[str]] = {}
    for i, node in enumerate(nodes):
        groups.setdefault(root(i), []).append(node)

    def order(members: list[str]) -> tuple[float, float, float]:
        top = max(members, key=lambda n: (positions[n][1], -positions[n][0]))
        return (-len(members), -positions[top][1], positions[top][0])

    out = [
        (marks[m[0]], sorted(m, key=lambda n: (-positions[n][1], positions[n][0])))
        for m in groups.values()
    ]
    return sorted(out, key=lambda g: order(g[1]))


def boxes_around(
    points: Sequence[tuple[float, float]], half: float | Sequence[float]
) -> np.ndarray:
    """Square boxes of half-width ``half`` (one for all, or one per point) around ``points``.

    >>> boxes_around([(1.0, 2.0)], 0.5).tolist()
    [[0.5, 1.5, 1.5, 2.5]]
    """
    if not len(points):
        return np.empty((0, 4))
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    r = np.broadcast_to(np.asarray(half, dtype=float), (len(xy),))
    return np.column_stack([xy[:, 0] - r, xy[:, 1] - r, xy[:, 0] + r, xy[:, 1] + r])


def overlap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The area each box of ``a`` (``(n, 4)``) shares with each box of ``b`` (``(m, 4)``), as
    an ``(n, m)`` array.

    >>> overlap(np.array([[0.0, 0.0, 2.0, 2.0]]), np.array([[1.0, 1.0, 3.0, 3.0]])).tolist()
    [[1.0]]
    """
    if not len(a) or not len(b):
        return np.zeros((len(a), len(b)))
    w = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    h = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    return np.clip(w, 0, None) * np.clip(h, 0, None)


def place_labels(
    sizes: Sequence[tuple[float, float]],
    anchors: Sequence[Sequence[tuple[float, float]]],
    *,
    hard: np.ndarray,
    soft: Sequence[Layer] = (),
    bounds: Box,
    clearance: float = 0.5,
    step: float = 0.25,
    reach: float = 2.0,
) -> list[tuple[float, float]]:
    """The centre of each label, placed one after the other.

    Label ``i`` is ``sizes[i]`` (width, height) and belongs to the points ``anchors[i]``.
    Its candidates are centres on a grid of ``step`` within ``reach`` of any of its points.
    Each is scored: covering a box of ``hard`` (pieces) or an earlier label costs
    ``HARD``, leaving ``bounds`` costs more, covering a box of a ``soft`` layer costs its
    weight per unit of area, and standing further than ``clearance`` from its nearest point
    costs a little, so a label sits just beside its marks. The cheapest candidate wins and
    becomes a hard box for the labels after it.

    A piece stands just above the marked point, and the mark's own ring should stay visible;
    the board ends a little left of the point:

    >>> piece, ring = boxes_around([(0.0, 1.0)], 0.4), boxes_around([(0.0, 0.0)], 0.5)
    >>> place_labels([(1.0, 0.4)], [[(0.0, 0.0)]], hard=piece, soft=[(ring, 10.0)],
    ...              bounds=(-1.2, -3.0, 3.0, 3.0))
    [(1.0, 0.25)]
    """
    taken = [np.asarray(hard, dtype=float).reshape(-1, 4)]
    layers = [(np.asarray(b, dtype=float).reshape(-1, 4), weight) for b, weight in soft]
    out: list[tuple[float, float]] = []
    x0, y0, x1, y1 = bounds
    for (w, h), points in zip(sizes, anchors, strict=True):
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        # A grid through the first point, over the points' surroundings, kept within
        # ``reach`` of some point (in each direction).
        lo, hi = pts.min(axis=0) - reach, pts.max(axis=0) + reach
        first = pts[0]
        xs = first[0] + step * np.arange(
            np.ceil((lo[0] - first[0]) / step - 1e-9),
            np.floor((hi[0] - first[0]) / step + 1e-9) + 1,
        )
        ys = first[1] + step * np.arange(
            np.ceil((lo[1] - first[1]) / step - 1e-9),
            np.floor((hi[1] - first[1]) / step + 1e-9) + 1,
        )
        cx, cy = (a.ravel() for a in np.meshgrid(xs, ys))
        near = (
            (np.abs(cx[:, None] - pts[None, :, 0]) <= reach + 1e-9)
            & (np.abs(cy[:, None] - pts[None, :, 1]) <= reach + 1e-9)
        ).any(axis=1)
        cx, cy = cx[near], cy[near]
        boxes = np.column_stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2])
        # Only boxes within the candidates' reach can be covered.
        window = np.array([[lo[0] - w, lo[1] - h, hi[0] + w, hi[1] + h]])

        def nearby(b: np.ndarray, window: np.ndarray = window) -> np.ndarray:
            return b[overlap(b, window)[:, 0] > 0] if len(b) else b

        cost = np.zeros(len(boxes))
        outside = (boxes[:, 0] < x0) | (boxes[:, 1] < y0) | (boxes[:, 2] > x1) | (boxes[:, 3] > y1)
        cost += OUTSIDE * outside
        hit = overlap(boxes, nearby(np.vstack(taken)))
        cost += HARD * (hit > 1e-9).sum(axis=1) + HARD * hit.sum(axis=1)
        for layer, weight in layers:
            cost += weight * overlap(boxes, nearby(layer)).sum(axis=1)
        # How far the label's edge is from its nearest point: just clear of the ring is best.
        gap_x = np.clip(np.abs(cx[:, None] - pts[None, :, 0]) - w / 2, 0, None)
        gap_y = np.clip(np.abs(cy[:, None] - pts[None, :, 1]) - h / 2, 0, None)
        gap = np.hypot(gap_x, gap_y).min(axis=1)
        cost += 4.0 * np.abs(gap - clearance) + 2.0 * np.clip(gap - clearance, 0, None)
        # Ties: above its points rather than below, then nearer the group's middle.
        mid = pts.mean(axis=0)
        cost += 0.05 * np.hypot(cx - mid[0], cy - mid[1]) - 0.02 * (cy > pts[:, 1].max())
        best = int(np.argmin(cost))
        out.append((float(cx[best]), float(cy[best])))
        taken.append(boxes[best : best + 1])
    return out
