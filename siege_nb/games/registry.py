"""Creating games: :func:`new_game` picks the engine for a game name and validates the set-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from siege_nb.games.base import Game
from siege_nb.games.hunt import SPECS, HuntEngine, HuntGame
from siege_nb.games.paris import ParisEngine, ParisGame
from siege_nb.rules import GAMES, rules

__all__ = ["new_game"]

_SETUP_KEYS = {
    "siege-of-paris": ("next_army", "garrison"),
    "belagerung": ("defenders",),
    "pyramid-siege": ("defenders",),
}


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
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    setup_names = _SETUP_KEYS.get(game, ())
    setup: dict[str, Any] = {"position": position}
    if to_move is not None:
        setup["to_move"] = to_move
    for key in setup_names:
        if key in options:
            setup[key] = options.pop(key)
    ruleset = rules(game, preset, **options)
    if game == "siege-of-paris":
        if players not in (2, 3):
            hint = (
                " Five players are listed by one source, but no source says how they play: "
                "an open question, not a mode."
                if players == 5
                else ""
            )
            raise ValueError(f"Siege of Paris is for 2 or 3 players, not {players!r}.{hint}")
        engine = ParisEngine(ruleset)
        return ParisGame(engine, engine.initial_state(setup), players)
    if players != 2:
        raise ValueError(f"{game} is a game for two players, not {players!r}")
    hunt = HuntEngine(SPECS[game], ruleset)
    return HuntGame(hunt, hunt.initial_state(setup), players)
