"""Creating games: :func:`new_game` picks the engine for a game name and validates the set-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from siege_nb.errors import check_type, shorten
from siege_nb.games.base import Game
from siege_nb.games.catalogue import CATALOGUE, game_info
from siege_nb.rules import rules
from siege_nb.rules.checks import unknown

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
    keyword, by name or id (``protection="adjacent"`` or ``SP_16="adjacent"``; one option
    given under two spellings must get one value). ``position`` maps points to piece names,
    or lists (point, piece) pairs. Siege of Paris also takes ``next_army`` (the army that
    moves after the garrison) and ``garrison`` (a circle arrangement for the standard set-up,
    e.g. ``{"C2": "general", "C6": "colonel"}``); the hunt games take ``defenders`` (fortress
    points for the three defenders). ``players`` is an ``int``.

    Everything is checked before the game is made: an argument of the wrong type raises a
    :class:`TypeError` naming it, a wrong value a ``ValueError``
    (:class:`~siege_nb.ArgumentError`) that names it, quotes it and says what is accepted.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", protection="adjacent", players=3)
    >>> g.rules["protection"], g.to_move, g.players
    ('adjacent', 'garrison', 3)
    >>> sn.new_game("belagerung", players=2.0)
    Traceback (most recent call last):
        ...
    TypeError: players must be int, not float (2.0)
    >>> sn.new_game("belagerung", defenders=["c7", "e5"])
    Traceback (most recent call last):
        ...
    siege_nb.rules.checks.BadArgument: the defenders start on fortress points; 'e5' is not one \
(fortress: c7, d7, e7, f7, g7, c8, d8, e8, f8, g8, c9, d9, e9, f9, g9, b9, h9)
    """
    info = game_info(game)
    check_type(preset, str, "preset")
    setup: dict[str, Any] = {"position": position}
    if to_move is not None:
        setup["to_move"] = to_move
    for key in info.setup_keys:
        if key in options:
            setup[key] = options.pop(key)
    for key in options:
        owner = _setup_key_of_another_game(game, key)
        if owner:
            raise unknown(
                "options",
                key,
                info.setup_keys,
                f"{game} has no option {shorten(key)}: {key} sets up a game of {owner}",
            )
    # Everything is checked before a game exists: the rules, the player count, the set-up.
    ruleset = rules(game, preset, **options)
    info.check_players(players)
    return info.start(ruleset, setup, players)


def _setup_key_of_another_game(game: str, key: str) -> str:
    """The games (other than ``game``) whose set-up takes ``key``, in words; empty if none."""
    return " and ".join(
        info.title for name, info in CATALOGUE.items() if name != game and key in info.setup_keys
    )
