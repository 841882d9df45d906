"""Where do the readings part, and does it matter?

* :mod:`siege_nb.disputes.finder` — :func:`find_disagreements`: positions where two readings
  of a rule (two choices of an option, or two presets) give different answers, each shrunk to
  a minimal lesson (:class:`Disagreement`) that becomes a scenario.
* :mod:`siege_nb.disputes.frequency` — :func:`dispute_frequencies`: over games played by
  search agents, how often each pair of choices allows different moves, sees a refused move
  played, and changes who wins; ranked, with intervals and a bar chart.
* :mod:`siege_nb.disputes.metrics` — :func:`playout_metrics`: the measures general game
  systems report per ruleset (balance, completion, drawishness, duration, branching factor,
  decision moves, lead change, drama...), per reading, each explained (:data:`METRICS`).
* :mod:`siege_nb.disputes.stored` — :func:`dispute_ranking`: the full rankings of the three
  games, as played by ``benchmarks/dispute_ranking.py`` and kept with the package.

The games go through the balance lab's executors (a local process pool, a Dask cluster, or
``"serial"``), with its seeds: the same arguments give the same answers.
"""

from siege_nb.disputes.finder import (
    DEFAULT_POSITIONS,
    SOURCES,
    DisagreementFinder,
    Findings,
    find_disagreements,
)
from siege_nb.disputes.frequency import (
    DisputeFrequencies,
    PairFrequency,
    dispute_frequencies,
    wilson,
)
from siege_nb.disputes.lesson import Disagreement
from siege_nb.disputes.metrics import METRICS, Metric, PlayoutMetrics, playout_metrics
from siege_nb.disputes.stored import dispute_ranking

__all__ = [
    "DEFAULT_POSITIONS",
    "METRICS",
    "SOURCES",
    "Disagreement",
    "DisagreementFinder",
    "DisputeFrequencies",
    "Findings",
    "Metric",
    "PairFrequency",
    "PlayoutMetrics",
    "dispute_frequencies",
    "dispute_ranking",
    "find_disagreements",
    "playout_metrics",
    "wilson",
]
