"""Rules as data: the options, presets and fixed rules of each game, and lookups over them.

>>> import siege_nb as sn
>>> sn.presets("siege-of-paris")
('default', 'boardandpieces', 'escale-a-jeux', 'ludosofia')
>>> sn.rules("siege-of-paris", "ludosofia", protection="adjacent")["protection"]
'adjacent'
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from siege_nb.rules import belagerung, pyramid_siege, siege_of_paris
from siege_nb.rules.model import (
    Attribution,
    Choice,
    Cite,
    Clause,
    FixedRule,
    Option,
    RuleSet,
    Source,
    format_choice,
    format_value,
)
from siege_nb.rules.sources import SOURCES

__all__ = [
    "GAMES",
    "SOURCES",
    "Attribution",
    "Choice",
    "Cite",
    "Clause",
    "FixedRule",
    "Option",
    "RuleSet",
    "Source",
    "fixed_rules",
    "format_choice",
    "format_value",
    "id_prefix",
    "option",
    "options",
    "preset_note",
    "preset_values",
    "presets",
    "rule_heading",
    "rules",
    "title",
]

# The rule-data module of every game, in the order games are listed: registering a game's
# rules is adding its module here.
_MODULES: dict[str, ModuleType] = {m.GAME: m for m in (siege_of_paris, belagerung, pyramid_siege)}

GAMES: tuple[str, ...] = tuple(_MODULES)


def _module(game: str) -> ModuleType:
    if game in _MODULES:
        return _MODULES[game]
    raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")


def title(game: str) -> str:
    """The game's name as a reader knows it: ``"Siege of Paris"``."""
    return str(_module(game).TITLE)


def id_prefix(game: str) -> str:
    """The prefix of the game's rule ids: ``"SP"`` for ``SP-16``."""
    return str(_module(game).ID_PREFIX)


def options(game: str) -> tuple[Option, ...]:
    """The options of ``game``, in the order of the rules reference (docs/rules-reference.md)."""
    return _module(game).OPTIONS


def option(game: str, key: str) -> Option:
    """One option of ``game`` by name (``"protection"``) or id (``"SP-16"``, or ``"SP_16"`` as
    a Python keyword must spell it)."""
    alias = key.replace("_", "-") if key[:3] in ("SP_", "BL_", "PS_") else key
    for opt in options(game):
        if alias in (opt.name, opt.id):
            return opt
    names = ", ".join(o.name for o in options(game))
    raise ValueError(f"{game} has no option {key!r}; its options are: {names}")


def rule_heading(game: str, rule: str) -> str:
    """A rule or option id in words a reader knows: ``"Protected pieces (SP-16)"``; an
    unknown id comes back as it is."""
    for opt in options(game):
        if rule in (opt.id, opt.name):
            return opt.heading
    fixed = _module(game).FIXED_RULES.get(rule)
    return fixed.heading if fixed is not None else rule


def presets(game: str) -> tuple[str, ...]:
    """The preset names of ``game``; ``"default"`` comes first."""
    return tuple(_module(game).PRESETS)


def fixed_rules(game: str) -> dict[str, FixedRule]:
    """The rules of ``game`` that are not options, by id (cited in reasons)."""
    return dict(_module(game).FIXED_RULES)


def preset_note(game: str, preset: str) -> str:
    """What a preset stands for, in a sentence (it says where a preset uses a reading)."""
    preset_values(game, preset)  # a clear error for an unknown preset
    return str(_module(game).PRESET_NOTES.get(preset, ""))


def preset_values(game: str, preset: str) -> dict[str, Any]:
    """The complete option mapping of a preset (defaults filled in)."""
    table = _module(game).PRESETS
    if preset not in table:
        raise ValueError(f"{game} has no preset {preset!r}; its presets are: {', '.join(table)}")
    values = {opt.name: opt.default for opt in options(game)}
    values.update(table[preset])
    return values


def rules(game: str, preset: str = "default", **overrides: Any) -> RuleSet:
    """A validated :class:`RuleSet`: a preset with any options overridden by keyword.

    Keywords may be option names or ids written with underscores (``SP_16``, ``PS_10``).
    """
    base = RuleSet(game, preset, preset_values(game, preset), options(game))
    # option() gives a clear error for an unknown name before anything else is done.
    return base.replace(**{option(game, key).name: value for key, value in overrides.items()})
