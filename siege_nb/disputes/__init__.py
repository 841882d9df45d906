"""Where do the readings part, and does it matter?

* :mod:`siege_nb.disputes.finder` — :func:`find_disagreements`: positions where two readings
  of a rule (two choices of an option, or two presets) give different answers, each shrunk to
  a minimal lesson (:class:`Disagreement`) that becomes a scenario.
"""

from siege_nb.disputes.finder import (
    DEFAULT_POSITIONS,
    SOURCES,
    DisagreementFinder,
    Findings,
    find_disagreements,
)
from siege_nb.disputes.lesson import Disagreement

__all__ = [
    "DEFAULT_POSITIONS",
    "SOURCES",
    "Disagreement",
    "DisagreementFinder",
    "Findings",
    "find_disagreements",
]
