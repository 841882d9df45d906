"""siege_nb: three historical siege games, with every disputed rule as a sourced option.

>>> import siege_nb as sn
>>> sn.GAMES
('siege-of-paris', 'belagerung', 'pyramid-siege')
>>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux")
>>> g.rules["protection"]
'adjacent'
>>> sorted(str(m) for m in g.legal_moves())
['C0-f5', 'C0-g5', 'C4-f12', 'C4-g12']

The engine needs neither matplotlib nor ipywidgets; the drawing and widget layers do.
"""

from siege_nb.errors import ArgumentError, SiegeError
from siege_nb.games.base import (
    Game,
    HistoryError,
    IllegalMove,
    Move,
    MoveList,
    Reading,
    Result,
    Status,
    TooManyMoves,
    Verdict,
)
from siege_nb.games.registry import new_game
from siege_nb.i18n import LANGUAGES, language, set_language
from siege_nb.records import RecordError, load_game
from siege_nb.rules import (
    GAMES,
    SOURCES,
    Choice,
    FixedRule,
    Option,
    RuleSet,
    Source,
    fixed_rules,
    format_value,
    option,
    options,
    presets,
    rules,
)
from siege_nb.scenarios import Scenario, ScenarioError, load_scenario, scenario, scenarios
from siege_nb.scenarios.table import OptionTable, option_table

__all__ = [
    "GAMES",
    "LANGUAGES",
    "SOURCES",
    "ArgumentError",
    "BoardWidget",
    "Choice",
    "Classroom",
    "FixedRule",
    "Game",
    "Highlights",
    "HistoryError",
    "IllegalMove",
    "Move",
    "MoveList",
    "Option",
    "OptionTable",
    "Reading",
    "RecordError",
    "Result",
    "RuleComparer",
    "RuleSet",
    "Scenario",
    "ScenarioError",
    "ScenarioLibrary",
    "ScenarioPlayer",
    "SiegeError",
    "Source",
    "Status",
    "TooManyMoves",
    "Verdict",
    "animate",
    "draw",
    "export",
    "fixed_rules",
    "format_value",
    "handout",
    "language",
    "load_game",
    "load_scenario",
    "new_game",
    "option",
    "option_table",
    "options",
    "presets",
    "rules",
    "scenario",
    "scenarios",
    "set_language",
]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("siege_nb")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


__version__ = _version()

# Drawing and widgets need matplotlib and ipywidgets; the engine does not. They load on first
# use, so `import siege_nb` stays light.
_LAZY = {
    "draw": "siege_nb.render",
    "export": "siege_nb.render",
    "Highlights": "siege_nb.render",
    "handout": "siege_nb.render.handout",
    "animate": "siege_nb.render.animate",
    "BoardWidget": "siege_nb.widgets",
    "Classroom": "siege_nb.widgets",
    "ScenarioPlayer": "siege_nb.widgets",
    "RuleComparer": "siege_nb.widgets",
    "ScenarioLibrary": "siege_nb.widgets",
}


def __dir__() -> list[str]:
    """The module's names, the lazily loaded ones included (so they tab-complete)."""
    return sorted(set(globals()) | set(_LAZY))


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'siege_nb' has no attribute {name!r}")
