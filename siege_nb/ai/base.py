"""The agent interface: who decides what, and one turn played by agents.

Agents are keyed by **team**: Siege of Paris has ``"garrison"`` and ``"attackers"`` (one agent
commands both armies); the hunt games have ``"attacker"`` and ``"defender"``. In Siege of Paris
the ``demand`` action is listed at the garrison's turn but belongs to the attackers, so before
the garrison chooses, the attackers' agent is asked whether to demand.

The functions here check their arguments (a :class:`TypeError` for a wrong type, an
:class:`~siege_nb.ArgumentError` for a wrong value, such as a finished game given to
:func:`play_turn`) and never change a game they refuse.

>>> import siege_nb as sn
>>> from siege_nb.ai.base import team_of, own_moves
>>> g = sn.new_game("siege-of-paris")
>>> team_of(g, g.to_move), len(own_moves(g))
('garrison', 4)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from siege_nb.errors import ArgumentError, check_int, check_type, shorten
from siege_nb.games.base import Game, Move
from siege_nb.games.catalogue import CATALOGUE

__all__ = [
    "TEAMS",
    "Agent",
    "BaseAgent",
    "check_game",
    "demand_available",
    "own_moves",
    "play_turn",
    "team_of",
]

TEAMS: dict[str, tuple[str, str]] = {name: info.teams for name, info in CATALOGUE.items()}
# Every side of every game (``team_of`` answers for any of them, whatever the game).
SIDES: tuple[str, ...] = tuple(dict.fromkeys(s for info in CATALOGUE.values() for s in info.sides))


@runtime_checkable
class Agent(Protocol):
    """Something that chooses moves. ``choose`` gets the game (it must not change it; clone
    it to look ahead) and returns one of :func:`own_moves`; ``wants_demand`` answers for the
    attackers of Siege of Paris whether to demand a capture now."""

    name: str

    def choose(self, game: Game) -> Move: ...

    def wants_demand(self, game: Game) -> bool: ...


class BaseAgent:
    """A convenient base: never demands unless a subclass says otherwise."""

    name = "agent"

    def choose(self, game: Game) -> Move:  # pragma: no cover - abstract
        """The move to play in ``game``; every agent defines its own."""
        raise NotImplementedError(f"{type(self).__name__} does not define choose(game)")

    def wants_demand(self, game: Game) -> bool:
        """By default an agent does not demand captures."""
        check_game(game)
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def check_game(game: Any, argument: str = "game", *, playing: bool = False) -> Game:
    """``game`` if it is a :class:`~siege_nb.Game` (with ``playing``: one not over yet),
    else a :class:`TypeError` (or an :class:`~siege_nb.ArgumentError` for a finished game)
    naming ``argument``.

    >>> import siege_nb as sn
    >>> check_game("pyramid-siege")
    Traceback (most recent call last):
        ...
    TypeError: game must be Game, not str ('pyramid-siege')
    """
    check_type(game, Game, argument)
    if playing and game.result is not None:
        raise ArgumentError(
            argument, game, f"a game still in play; this one is over ({game.result})"
        )
    return game


def _check_seed(seed: Any, argument: str = "seed") -> int | None:
    """``seed`` as an ``int`` (``None`` stays ``None``): a whole number, not a ``bool``."""
    return None if seed is None else check_int(seed, argument)


def team_of(game: Game, side: str) -> str:
    """The team a side belongs to: White and Black are the ``"attackers"`` in Siege of Paris.

    >>> import siege_nb as sn
    >>> team_of(sn.new_game("siege-of-paris"), "black")
    'attackers'
    """
    check_game(game)
    if side not in SIDES:  # a tuple of strings: `in` is safe for any value
        check_type(side, str, "side")
        raise ArgumentError("side", side, f"a side of one of the games: {', '.join(SIDES)}")
    return "attackers" if side in ("white", "black") else side


def choosable(moves: Sequence[Move]) -> int:
    """How many of a position's legal ``moves`` (in the engine's order) a player chooses
    among: all but a ``demand``, which the engines list last (a special action comes after
    every move by pointing, and a position has one demand at most). So an agent picks
    ``moves[i]`` for ``i`` below this count, without copying the list every ply.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris", capture="on-demand", to_move="garrison",
    ...                 position={"l8": "garrison general", "k9": "black soldier"})
    >>> moves = g.legal_moves()
    >>> moves[-1].kind, choosable(moves) == len(moves) - 1
    ('demand', True)
    """
    n = len(moves)
    return n - 1 if n and moves[n - 1].kind == "demand" else n


def own_moves(game: Game) -> list[Move]:
    """The moves the side to move chooses from (Siege of Paris: without ``demand``)."""
    check_game(game)
    moves = game.legal_moves()
    return moves[: choosable(moves)]


def demand_available(game: Game) -> bool:
    """True when the attackers may demand a capture before this garrison turn."""
    check_game(game)
    return _demand_open(game)


def _agent(agents: Mapping[str, Any], team: str) -> Any:
    """The agent of ``team``, checked: present and able to choose."""
    if team not in agents:
        teams = ", ".join(shorten(k) for k in itertools.islice(agents, 5)) or "none"
        raise ArgumentError(
            "agents", agents, f"an agent for the team that decides now, {team!r} (given: {teams})"
        )
    agent = agents[team]
    if not callable(getattr(agent, "choose", None)):
        raise TypeError(
            f"agents[{team!r}] must be an agent with a choose(game) method, "
            f"not {type(agent).__name__} ({shorten(agent)})"
        )
    return agent


def play_turn(game: Game, agents: Mapping[str, Agent]) -> list[Move]:
    """Let the agents make one decision: a demand (if the attackers want one) and then a move
    of the side to move. Returns the moves played.

    The game must not be over, and ``agents`` must hold an agent for each team that decides
    (see :data:`TEAMS`). If an agent fails, or chooses a move that is not legal
    (:class:`~siege_nb.IllegalMove`), the game is left exactly as it was: a demand is played
    on a copy first, so it is never kept without the move that follows it.

    >>> import siege_nb as sn
    >>> from siege_nb.ai import RandomAgent
    >>> g = sn.new_game("pyramid-siege")
    >>> [m.kind for m in play_turn(g, {"attacker": RandomAgent(0), "defender": RandomAgent(0)})]
    ['step']
    """
    check_game(game, playing=True)
    if not isinstance(agents, Mapping):
        raise TypeError(
            f"agents must be a mapping of team to agent, not {type(agents).__name__} "
            f"({shorten(agents)})"
        )
    agent = _agent(agents, team_of(game, game.to_move))
    demanding = _demand_open(game) and bool(_agent(agents, "attackers").wants_demand(game))
    return _play_turn(game, agent, demanding)


def _demand_open(game: Game) -> bool:
    # A demand is only ever a garrison-turn move; asking first keeps the hunt games' jump
    # chains (millions in some positions) from being listed on every turn.
    if game.to_move != "garrison":
        return False
    moves = game.legal_moves()
    return choosable(moves) < len(moves)


def _turn(game: Game, agents: Mapping[str, Agent], demand_open: bool | None = None) -> list[Move]:
    """:func:`play_turn` without its checks, for callers that made them once (the balance
    lab plays every ply of its games through this); ``demand_open``, if the caller knows
    it, whether a demand is legal now."""
    if demand_open is None:
        demand_open = _demand_open(game)
    demanding = demand_open and bool(agents["attackers"].wants_demand(game))
    side = game.to_move
    return _play_turn(game, agents["attackers" if side in ("white", "black") else side], demanding)


def _play_turn(game: Game, agent: Any, demanding: bool) -> list[Move]:
    """One decision, its arguments checked."""
    if not demanding:
        return [game.play(agent.choose(game))]
    # The agent chooses after the demand; both are tried on a copy first, so that a failure
    # leaves no demand behind (nor loses the game's redo list). The demand is the engine's
    # own Move (the last legal one), played without reading a text.
    demand = game.legal_moves()[-1]
    twin = game.clone()
    twin.play(demand)
    move = twin.play(agent.choose(twin))
    return [game.play(demand), game.play(move)]
