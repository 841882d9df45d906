"""Interactive widgets (ipywidgets + ipympl): play, compare readings, step through scenarios.

* :class:`BoardWidget` — click a piece, see its moves and why others are forbidden, play,
  undo, switch presets and options.
* :class:`ScenarioPlayer` — step through positions with explanations and highlights.
* :class:`RuleComparer` — one position drawn under two to four readings of one option.
* :class:`ScenarioLibrary` — pick any shipped scenario from a list and step through it.
* :class:`WhereTheyPart` — choose a rule and two readings, find the smallest positions where
  they part, and step through them.
* :class:`Classroom` — the board alone, large, with a game and preset chooser, the
  scenarios and *Where they part*: the view ``notebooks/classroom.ipynb`` serves with Voilà.

The parts they share: :class:`~siege_nb.widgets.canvas.BoardCanvas` (the ipympl figure, one or
several boards drawn in place, clicks as point names, errors in an HTML area) and
:class:`~siege_nb.widgets.selectors.RuleSelectors` (the preset and option dropdowns).
"""

from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.canvas import BoardCanvas
from siege_nb.widgets.classroom import Classroom
from siege_nb.widgets.compare import RuleComparer
from siege_nb.widgets.disputes import WhereTheyPart
from siege_nb.widgets.scenario import ScenarioLibrary, ScenarioPlayer, Step
from siege_nb.widgets.selectors import RuleSelectors

__all__ = [
    "BoardCanvas",
    "BoardWidget",
    "Classroom",
    "RuleComparer",
    "RuleSelectors",
    "ScenarioLibrary",
    "ScenarioPlayer",
    "Step",
    "WhereTheyPart",
]
