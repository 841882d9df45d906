"""The search behind :class:`~siege_nb.ai.agents.MCTSAgent`: UCT over engine states.

The tree search is written once (:func:`search`) over a small *domain* interface: the
decisions of a position, who makes them, what an action leads to, a quick rollout policy and
a static evaluation in [0, 1] from the attackers' view. Two domains fill it in, each in its
own module:

* :class:`~siege_nb.ai.hunt_domain.HuntDomain` (Belagerung, Pyramid Siege) simulates the hunt
  rules on plain tuples, one *decision* at a time, so the search never lists every chain.
* :class:`~siege_nb.ai.paris_domain.ParisDomain` (Siege of Paris) uses the engine's own frozen
  states, with the attackers' ``demand`` as a decision of the attackers before a garrison turn.

The constructors, ``root``, ``HuntDomain.move_of`` and :func:`search` check their arguments (a
:class:`TypeError` or an :class:`~siege_nb.ArgumentError`). The methods the search calls
thousands of times a second (``actions``, ``play``, ``evaluate``...) trust their positions,
which only ``root`` and ``play`` make.

>>> import random
>>> import siege_nb as sn
>>> g = sn.new_game("pyramid-siege")
>>> domain = HuntDomain(g)
>>> found = search(domain, domain.root(g), random.Random(1), iterations=50, seconds=1.0,
...                rollout_depth=4, exploration=1.4)
>>> found.iterations, len(found.means()) == len(domain.actions(domain.root(g)))
(50, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from siege_nb.ai.domains import ATTACKERS, DEFENDERS, NO_DEMAND, STOP
from siege_nb.ai.hunt_domain import HuntDomain
from siege_nb.ai.paris_domain import ParisDomain
from siege_nb.errors import ArgumentError, check_int, check_number, check_type, shorten

__all__ = [
    "ATTACKERS",
    "DEFENDERS",
    "NO_DEMAND",
    "STOP",
    "HuntDomain",
    "ParisDomain",
    "SearchResult",
    "search",
]

_DOMAIN_METHODS = ("decider", "result", "actions", "order", "play", "rollout_action", "evaluate")


# -- the tree search ------------------------------------------------------------------------------
class _Node:
    """A decision point of the tree: the action that led here, who chose it, statistics."""

    __slots__ = ("action", "children", "decider", "mover", "pos", "untried", "value", "visits")

    def __init__(self, action: Any, mover: int, pos: Any) -> None:
        self.action = action
        self.mover = mover  # the team that chose ``action`` (its values are from its view)
        self.pos = pos
        self.children: list[_Node] = []
        self.untried: list[Any] | None = None  # filled on the first visit
        self.decider = -1
        self.visits = 0
        self.value = 0.0


class SearchResult:
    """What :func:`search` found: the root's children by visits, iterations and nodes."""

    def __init__(self, root: _Node, iterations: int, nodes: int) -> None:
        self.root = root
        self.iterations = iterations
        self.nodes = nodes

    def best_path(self, domain: Any, rng: random.Random) -> list[Any]:
        """The root's most visited action, and while the same team decides again at once
        (a jump chain going on), its most visited follow-up; where the tree has not looked,
        the chain goes on along a rollout's choice."""
        node = self.root
        path: list[Any] = []
        chains = isinstance(domain, HuntDomain)
        while True:
            if not node.children:
                # An unexplored chain decision: go on as a rollout would (capture on).
                pos = node.pos
                while pos[8] is None and pos[7] >= 0:
                    action = domain.rollout_action(pos, rng)
                    path.append(action)
                    pos = domain.play(pos, action)
                return path
            node = max(node.children, key=lambda c: (c.visits, c.value))
            path.append(node.action)
            if not chains or node.pos[7] < 0:
                return path

    def means(self) -> dict[Any, float]:
        """The root's actions and their mean scores (from the deciding team's view)."""
        return {c.action: c.value / c.visits for c in self.root.children if c.visits}


def search(
    domain: Any,
    root_pos: Any,
    rng: random.Random,
    *,
    iterations: int | None,
    seconds: float,
    rollout_depth: int,
    exploration: float,
    stop: Callable[[], bool] | None = None,
) -> SearchResult:
    """UCT from ``root_pos``: ``iterations`` playouts if given, else as many as fit in
    ``seconds``. Each playout descends by UCB1, expands one action, plays up to
    ``rollout_depth`` rollout plies and scores the end by ``domain.evaluate``. ``stop``, if
    given, is asked with the clock (every eighth playout) whether to stop early.

    ``domain`` is a :class:`HuntDomain`, a :class:`ParisDomain` or any object with their
    methods; ``root_pos`` a position of that domain (from its ``root``)."""
    missing = [m for m in _DOMAIN_METHODS if not callable(getattr(domain, m, None))]
    if missing:
        raise TypeError(
            f"domain must have the methods {', '.join(_DOMAIN_METHODS)}; "
            f"{type(domain).__name__} ({shorten(domain)}) lacks {', '.join(missing)}"
        )
    if isinstance(domain, (HuntDomain, ParisDomain)) and not _is_position(domain, root_pos):
        raise ArgumentError("root_pos", root_pos, "a position made by the domain's root(game)")
    check_type(rng, random.Random, "rng")
    if iterations is not None:
        check_int(iterations, "iterations", minimum=0)
    check_number(seconds, "seconds", minimum=0.0)
    check_int(rollout_depth, "rollout_depth", minimum=0)
    check_number(exploration, "exploration", minimum=0.0)
    if stop is not None and not callable(stop):
        raise TypeError(f"stop must be callable or None, not {type(stop).__name__}")
    root = _Node(None, -1, root_pos)
    deadline = time.perf_counter() + seconds
    done = nodes = 0
    c = exploration
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and (done & 7 == 0) and time.perf_counter() >= deadline:
            break
        if stop is not None and done and (done & 7 == 0) and stop():
            break
        done += 1
        node = root
        path = [root]
        while True:
            if node.untried is None:
                node.decider = domain.decider(node.pos) if domain.result(node.pos) is None else -1
                node.untried = domain.order(domain.actions(node.pos), node.pos)
            if node.untried:
                action = node.untried.pop()
                child = _Node(action, node.decider, domain.play(node.pos, action))
                node.children.append(child)
                nodes += 1
                node = child
                path.append(node)
                break
            if not node.children:
                break  # the game is over here
            log_n = math.log(node.visits)
            best, best_score = node.children[0], -1.0
            for ch in node.children:
                score = ch.value / ch.visits + c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            node = best
            path.append(node)
        pos = node.pos
        for _ in range(rollout_depth):
            if domain.result(pos) is not None:
                break
            pos = domain.play(pos, domain.rollout_action(pos, rng))
        reward = domain.evaluate(pos)
        for n in path:
            n.visits += 1
            if n.mover == ATTACKERS:
                n.value += reward
            elif n.mover == DEFENDERS:
                n.value += 1.0 - reward
    return SearchResult(root, done, nodes + 1)


def _is_position(domain: HuntDomain | ParisDomain, pos: Any) -> bool:
    """A cheap test of the shape of a position of ``domain`` (made by its root and play)."""
    if isinstance(domain, HuntDomain):
        return (
            isinstance(pos, tuple)
            and len(pos) == 9
            and isinstance(pos[0], tuple)
            and len(pos[0]) == domain.n
            and pos[1] in (0, 1)
        )
    return (
        isinstance(pos, tuple)
        and len(pos) == 2
        and isinstance(pos[1], bool)
        and type(pos[0]) is domain.state_type
    )
