"""One record per game of what the rest of the package needs to know about it.

Each game registers a :class:`GameInfo`: its name and title, its sides and teams, the winners
a :class:`~siege_nb.games.base.Result` can name, the extra set-up fields, the player counts,
and how to start a game. :func:`siege_nb.new_game`, game records and the computer players
read this record instead of keeping tables of their own.

>>> from siege_nb.games.catalogue import game_info
>>> info = game_info("pyramid-siege")
>>> info.title, info.teams, info.winners
('Pyramid Siege', ('attacker', 'defender'), ('attackers', 'defenders'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from siege_nb.errors import check_type, shorten
from siege_nb.games.base import Game
from siege_nb.games.hunt import ENGINES, PIECES, HuntGame
from siege_nb.games.paris import SET_COUNTS, ParisEngine, ParisGame, piece_name
from siege_nb.i18n import using
from siege_nb.rules import GAMES, RuleSet, title
from siege_nb.rules.checks import BadArgument, unknown

__all__ = ["CATALOGUE", "GameInfo", "game_info"]


@dataclass(frozen=True)
class GameInfo:
    """What the package needs to know about one game, besides its rules.

    ``start(rules, setup, players)`` validates a set-up (position, side to move and the
    ``setup_keys`` extras) and returns the game.
    """

    name: str
    title: str
    sides: tuple[str, ...]
    teams: tuple[str, str]
    attacking_team: str  # the team that attacks the fortress (one of ``teams``)
    winners: tuple[str, ...]
    setup_keys: tuple[str, ...]
    record_setup_keys: frozenset[str]
    players: tuple[int, ...]
    players_note: str
    start: Callable[[RuleSet, Mapping[str, Any], int], Game]
    family: str  # the engine family ("paris", "hunt"): computer players choose a strategy by it
    pieces: tuple[str, ...]  # every piece name the set holds (drawings keep one layer per name)

    def check_players(self, players: object) -> None:
        """A :class:`TypeError` unless ``players`` is an ``int`` (not a ``bool``, not
        ``2.0``: a record must read back what it wrote), a clear ``ValueError``
        (:class:`~siege_nb.rules.checks.BadArgument`) if the game is not for that many."""
        check_type(players, int, "players")
        if players in self.players:
            return
        words = {2: "two", 3: "three"}
        if len(self.players) == 1:
            allowed = f"is a game for {words.get(self.players[0], self.players[0])} players"
        else:
            allowed = "is for " + " or ".join(str(n) for n in self.players) + " players"
        note = f" {self.players_note}" if self.players_note and players == 5 else ""
        raise BadArgument(
            "players",
            players,
            " or ".join(map(str, self.players)),
            f"{self.title} {allowed}, not {shorten(players)}.{note}",
        )


def _start_paris(rules: RuleSet, setup: Mapping[str, Any], players: int) -> Game:
    """A Siege of Paris game whose engine keeps its own legal-move cache (the default size)."""
    engine = ParisEngine(rules)
    return ParisGame(engine, engine.initial_state(setup), players)


def _starter(name: str) -> Callable[[RuleSet, Mapping[str, Any], int], Game]:
    engine_class = ENGINES[name]

    def start(rules: RuleSet, setup: Mapping[str, Any], players: int) -> Game:
        engine = engine_class(rules)
        return HuntGame(engine, engine.initial_state(setup), players)

    return start


_HUNT_SIDES = ("attacker", "defender")


def _english_title(game: str) -> str:
    """The game's title as the record keeps it (English: a reader's language is applied where
    the title is shown, with :func:`siege_nb.rules.title`)."""
    with using("en"):
        return title(game)


CATALOGUE: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo(
            "siege-of-paris",
            _english_title("siege-of-paris"),
            sides=("garrison", "white", "black"),
            teams=("garrison", "attackers"),
            attacking_team="attackers",
            winners=("garrison", "attackers"),
            setup_keys=("next_army", "garrison"),
            record_setup_keys=frozenset({"position", "to_move", "next_army"}),
            players=(2, 3),
            players_note="Five players are listed by one source, but no source says how they "
            "play: an open question, not a mode.",
            start=_start_paris,
            family="paris",
            pieces=tuple(
                piece_name(side * 8 + rank) for side, ranks in SET_COUNTS.items() for rank in ranks
            ),
        ),
        *(
            GameInfo(
                name,
                _english_title(name),
                sides=_HUNT_SIDES,
                teams=_HUNT_SIDES,
                attacking_team="attacker",
                winners=("attackers", "defenders"),
                setup_keys=("defenders",),
                record_setup_keys=frozenset({"position", "to_move"}),
                players=(2,),
                players_note="",
                start=_starter(name),
                family="hunt",
                pieces=PIECES[1:],
            )
            for name in ("belagerung", "pyramid-siege")
        ),
    )
}
assert tuple(CATALOGUE) == GAMES, "every game of the rule data needs a GameInfo"


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name``; a :class:`TypeError` if it is not text, a
    ``ValueError`` (:class:`~siege_nb.rules.checks.UnknownName`) for an unknown game."""
    check_type(name, str, "game")
    if name in CATALOGUE:
        return CATALOGUE[name]
    raise unknown(
        "game", name, GAMES, f"unknown game {shorten(name)}; the games are {', '.join(GAMES)}"
    )
