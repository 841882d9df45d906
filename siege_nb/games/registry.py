"""Creating games: :func:`new_game` picks the engine for a game name and validates the set-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from siege_nb.games.base import Game
from siege_nb.games.catalogue import game_info
from siege_nb.rules import rules

__all__ = ["new_game"]


def new_game(
    game: str = "siege-of-paris",
    preset: str = "default",
    *,
    position: Mapping[str, str] | Sequence[tuple[str, str]] | None = None,
    to_move: str | None = None,
    players: int = 2,
    **options: Any,
) -> Game:
    """Start a game, from the standard set-up or from any legal ``position``.

    ``preset`` names a complete set of rule choices; any option can be overridden by
    keyword (``protection="adjacent"``). ``position`` maps nodes to piece names; it is
    validated and a clear ``ValueError`` says what is wrong. Siege of Paris also takes
    ``next_army`` (the army that moves after the garrison) and ``garrison`` (a circle
    arrangement for the standard set-up, e.g. ``{"C2": "general", "C6": "colonel"}``); the
    hunt games take ``defenders`` (fortress points for the three defenders).

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", protection="adjacent", players=3)
    >>> g.rules["protection"], g.to_move, g.players
    ('adjacent', 'garrison', 3)
    """
    info = game_info(game)
    setup: dict[str, Any] = {"position": position}
    if to_move is not None:
        setup["to_move"] = to_move
    for key in info.setup_keys:
        if key in options:
            setup[key] = options.pop(key)
    ruleset = rules(game, preset, **options)
    info.check_players(players)
    return info.start(ruleset, setup, players)
