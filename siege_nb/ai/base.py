"""The agent interface: who decides what, and one turn played by agents.

Agents are keyed by **team**: Siege of Paris has ``"garrison"`` and ``"attackers"`` (one agent
commands both armies); the hunt games have ``"attacker"`` and ``"defender"``. In Siege of Paris
the ``demand`` action is listed at the garrison's turn but belongs to the attackers, so before
the garrison chooses, the attackers' agent is asked whether to demand.

>>> import siege_nb as sn
>>> from siege_nb.ai.base import team_of, own_moves
>>> g = sn.new_game("siege-of-paris")
>>> team_of(g, g.to_move), len(own_moves(g))
('garrison', 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from siege_nb.games.base import Game, Move
from siege_nb.games.catalogue import CATALOGUE

__all__ = ["TEAMS", "Agent", "BaseAgent", "demand_available", "own_moves", "play_turn", "team_of"]

TEAMS: dict[str, tuple[str, str]] = {name: info.teams for name, info in CATALOGUE.items()}


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
        raise NotImplementedError

    def wants_demand(self, game: Game) -> bool:
        """By default an agent does not demand captures."""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def team_of(game: Game, side: str) -> str:
    """The team a side belongs to: White and Black are the ``"attackers"`` in Siege of Paris."""
    return "attackers" if side in ("white", "black") else side


def own_moves(game: Game) -> list[Move]:
    """The moves the side to move chooses from (Siege of Paris: without ``demand``)."""
    return [m for m in game.legal_moves() if m.kind != "demand"]


def demand_available(game: Game) -> bool:
    """True when the attackers may demand a capture before this garrison turn."""
    return any(m.kind == "demand" for m in game.legal_moves())


def play_turn(game: Game, agents: Mapping[str, Agent]) -> list[Move]:
    """Let the agents make one decision: a demand (if the attackers want one) and then a move
    of the side to move. Returns the moves played. The game must not be over."""
    played = []
    if demand_available(game) and agents["attackers"].wants_demand(game):
        played.append(game.play("demand"))
    agent = agents[team_of(game, game.to_move)]
    move = agent.choose(game)
    played.append(game.play(move))
    return played
