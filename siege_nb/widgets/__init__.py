"""Interactive widgets (ipywidgets + ipympl): play, compare readings, step through scenarios.

* :class:`BoardWidget` — click a piece, see its moves and why others are forbidden, play,
  undo, switch presets and options.
* :class:`ScenarioPlayer` — step through positions with explanations and highlights.
* :class:`RuleComparer` — one position drawn under two to four readings of one option.
* :class:`ScenarioLibrary` — pick any shipped scenario from a list and step through it.
* :class:`Classroom` — the board alone, large, with a game and preset chooser and the
  scenarios: the view ``notebooks/classroom.ipynb`` serves with Voilà.
"""

from siege_nb.widgets.board import BoardWidget
from siege_nb.widgets.classroom import Classroom
from siege_nb.widgets.compare import RuleComparer
from siege_nb.widgets.scenario import ScenarioLibrary, ScenarioPlayer, Step

__all__ = [
    "BoardWidget",
    "Classroom",
    "RuleComparer",
    "ScenarioLibrary",
    "ScenarioPlayer",
    "Step",
]
