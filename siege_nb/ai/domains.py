"""What the search's two domains share: the teams, the chain and demand actions, and the
checks the domains make of the games and paths they are given.

A *domain* (:class:`~siege_nb.ai.hunt_domain.HuntDomain`,
:class:`~siege_nb.ai.paris_domain.ParisDomain`) tells :func:`~siege_nb.ai.search.search` the
decisions of a position, who makes them, what an action leads to, a rollout policy and a
static evaluation in [0, 1] from the attackers' view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from siege_nb.ai.base import check_game
from siege_nb.errors import ArgumentError, check_list
from siege_nb.games.catalogue import CATALOGUE

__all__ = [
    "ATTACKERS",
    "DEFENDERS",
    "NO_DEMAND",
    "STOP",
    "check_engine",
    "check_family",
    "check_path",
]

ATTACKERS, DEFENDERS = 0, 1  # the two teams of a search, whatever the game calls them
STOP = ("stop",)  # the action that ends a jump chain before it must end
NO_DEMAND = ("no-demand",)  # Siege of Paris: the attackers let the garrison choose freely


def check_family(game: Any, family: str) -> None:
    """A game whose engine family is ``family`` (the domains are written per family)."""
    check_game(game)
    if CATALOGUE[game.game].family != family:
        games = ", ".join(name for name, info in CATALOGUE.items() if info.family == family)
        raise ArgumentError("game", game, f"a game of the {family} family: {games}")


def check_engine(domain: Any, game: Any) -> None:
    """A game of ``domain``'s game and rules: a position under other rules would be misread."""
    check_game(game)
    if game._engine is not domain.engine and (
        game.game != domain.engine.game or dict(game.rules.settings) != domain.settings
    ):
        raise ArgumentError(
            "game",
            game,
            "a game of the game and rules this domain was built for",
        )


def check_path(domain: Any, game: Any, path: Any) -> None:
    """``path``: decisions that the domain offers in turn from ``game``'s position."""
    pos = domain.root(game)
    check_list(path, "path", "a list of the domain's actions", Sequence)
    if not path:
        raise ArgumentError("path", path, "a non-empty list of the domain's actions")
    for k, action in enumerate(path):
        offered = domain.actions(pos) if k == 0 or pos[7] >= 0 else []
        try:
            known = action in offered
        except Exception:  # an object whose == fails cannot be one of the actions
            known = False
        if not known:
            raise ArgumentError(
                f"path[{k}]", action, "an action the domain offers at that point (actions(pos))"
            )
        pos = domain.play(pos, action)
