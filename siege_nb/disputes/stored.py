"""The full dispute rankings, as played by ``benchmarks/dispute_ranking.py`` and kept with the
package, so that a notebook or the docs can show them without playing thousands of games.

>>> import siege_nb as sn
>>> ranking = sn.dispute_ranking("pyramid-siege")
>>> ranking.game, ranking.n_games >= 20, len(ranking.pairs) == 4
('pyramid-siege', True, True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from siege_nb.disputes.frequency import DisputeFrequencies
from siege_nb.errors import check_choice
from siege_nb.rules import GAMES

__all__ = ["DATA", "dispute_ranking", "stored_path"]

DATA = Path(__file__).resolve().parent / "data"


def stored_path(game: str) -> Path:
    """Where the stored ranking of ``game`` is kept (``data/<game>.json``)."""
    check_choice(game, GAMES, "game")
    return DATA / f"{game}.json"


@cache
def _load(game: str) -> DisputeFrequencies:
    return DisputeFrequencies.from_json(stored_path(game).read_text(encoding="utf-8"))


def dispute_ranking(game: str) -> DisputeFrequencies:
    """The stored full ranking of ``game`` (:class:`DisputeFrequencies`): every option's pairs
    of choices ranked by how often they change a game between search agents, with the
    records of every game played; ``docs/dispute-ranking.md`` says how it was made."""
    return _load(check_choice(game, GAMES, "game"))
