"""Computer opponents and the rule-balance lab.

* :mod:`siege_nb.ai.base` — the agent interface: teams, whose decision it is, one turn.
* :mod:`siege_nb.ai.agents` — :class:`RandomAgent`, :class:`GreedyAgent`, :class:`MCTSAgent`.
* :mod:`siege_nb.ai.lab` — :func:`simulate`: many games under many readings, in parallel,
  summarised per reading (win rates, draw rate, length, branching, balance). A game that
  fails there raises a :class:`SimulationError` naming it, whatever the executor.

Every public call here checks its arguments: a :class:`TypeError` for a wrong type, an
:class:`~siege_nb.ArgumentError` for a wrong value.

>>> from siege_nb.ai import GreedyAgent, RandomAgent, simulate
>>> agents = {"attacker": RandomAgent(), "defender": GreedyAgent()}
>>> sim = simulate("pyramid-siege", ["default"], agents, n_games=4, seed=1,
...                executor="serial", progress=False)
>>> len(sim.records)
4
"""

from siege_nb.ai.agents import GreedyAgent, MCTSAgent, RandomAgent
from siege_nb.ai.base import TEAMS, Agent, BaseAgent, own_moves, play_turn, team_of
from siege_nb.ai.lab import (
    ArgumentTypeError,
    RemoteError,
    Simulation,
    SimulationError,
    simulate,
    summarize,
)
from siege_nb.ai.report import LabReport

__all__ = [
    "TEAMS",
    "Agent",
    "ArgumentTypeError",
    "BaseAgent",
    "GreedyAgent",
    "LabReport",
    "MCTSAgent",
    "RandomAgent",
    "RemoteError",
    "Simulation",
    "SimulationError",
    "own_moves",
    "play_turn",
    "simulate",
    "summarize",
    "team_of",
]
