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

from siege_nb.errors import check_type, shorten
from siege_nb.i18n import tr
from siege_nb.rules import belagerung, pyramid_siege, siege_of_paris
from siege_nb.rules.checks import unknown
from siege_nb.rules.model import (
    Attribution,
    Choice,
    Cite,
    Clause,
    FixedRule,
    Option,
    RuleSet,
    Source,
    find_option,
    format_choice,
    format_value,
    no_option,
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
    "clause_basis",
    "fixed_rules",
    "format_choice",
    "format_value",
    "id_prefix",
    "option",
    "options",
    "preset_name",
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
    check_type(game, str, "game")
    if game in _MODULES:
        return _MODULES[game]
    raise unknown(
        "game", game, GAMES, f"unknown game {shorten(game)}; the games are {', '.join(GAMES)}"
    )


def title(game: str) -> str:
    """The game's name as a reader knows it, in the language in force: ``"Siege of Paris"``."""
    return tr(str(_module(game).TITLE))


def id_prefix(game: str) -> str:
    """The prefix of the game's rule ids: ``"SP"`` for ``SP-16``."""
    return str(_module(game).ID_PREFIX)


def options(game: str) -> tuple[Option, ...]:
    """The options of ``game``, in the order of the rules reference (docs/rules-reference.md).

    A game that does not exist is refused, naming the games:

    >>> import siege_nb as sn
    >>> sn.options(["belagerung"])
    Traceback (most recent call last):
        ...
    TypeError: game must be str, not list (['belagerung'])
    """
    return _module(game).OPTIONS


def option(game: str, key: str) -> Option:
    """One option of ``game`` by name (``"protection"``) or id (``"SP-16"``, or ``"SP_16"``
    as a Python keyword must spell it: every id may be written with ``_`` for ``-``).

    >>> import siege_nb as sn
    >>> sn.option("belagerung", "BL_3").name
    'capture'
    """
    check_type(key, str, "key")
    found = find_option(options(game), key)
    if found is not None:
        return found
    raise no_option(game, key, options(game))


def rule_heading(game: str, rule: str) -> str:
    """A rule or option id in words a reader knows: ``"Protected pieces (SP-16)"``; an
    unknown id comes back as it is."""
    check_type(rule, str, "rule")
    for opt in options(game):
        if rule in (opt.id, opt.name):
            return opt.heading
    fixed = _module(game).FIXED_RULES.get(rule)
    return fixed.heading if fixed is not None else rule


def presets(game: str) -> tuple[str, ...]:
    """The preset names of ``game``; ``"default"`` comes first."""
    return tuple(_module(game).PRESETS)


def fixed_rules(game: str) -> dict[str, FixedRule]:
    """The rules of ``game`` that are not options, by id (cited in reasons): a fresh dict,
    so changing it changes nothing else (the records it holds are frozen)."""
    return dict(_module(game).FIXED_RULES)


def clause_basis(game: str, rule: str, about: str = "") -> Attribution:
    """Where one clause of the fixed rule ``rule`` comes from: the first clause whose text
    holds ``about`` (the first clause when ``about`` is empty). Engines quote its words in the
    verdicts that rest on that clause, so that a verdict resting on a reading or a
    reconstruction says so in the rule data's own words.

    >>> print(clause_basis("siege-of-paris", "SP-18", "never leave").words(brief=True))
    a reconstruction (the project's choice where the texts are silent)
    """
    fixed = _module(game).FIXED_RULES.get(rule)
    if fixed is None:
        raise unknown("rule", rule, list(_module(game).FIXED_RULES), f"{game} has no rule {rule}")
    for clause in fixed.clauses:
        if about in clause.text:
            return clause.attribution
    raise unknown("about", about, [c.text for c in fixed.clauses], f"no clause of {rule} says it")


def preset_name(game: str, preset: str) -> str:
    """A preset as a reader knows it: the text it follows, or the project's default.

    >>> preset_name("siege-of-paris", "escale-a-jeux"), preset_name("belagerung", "default")
    ('the French rules', "the project's default")
    """
    if preset == "default":
        return tr("the project's default")
    source = SOURCES.get(preset)
    if source is not None and source.short:
        return tr(source.short)
    return preset.replace("-", " ")


def preset_note(game: str, preset: str) -> str:
    """What a preset stands for, in a sentence (it says where a preset uses a reading)."""
    preset_values(game, preset)  # a clear error for an unknown preset
    return tr(str(_module(game).PRESET_NOTES.get(preset, "")))


def preset_values(game: str, preset: str) -> dict[str, Any]:
    """The complete option mapping of a preset (defaults filled in), as a fresh dict."""
    table = _module(game).PRESETS
    check_type(preset, str, "preset")
    if preset not in table:
        raise unknown(
            "preset",
            preset,
            table,
            f"{game} has no preset {shorten(preset)}; its presets are: {', '.join(table)}",
        )
    values = {opt.name: opt.default for opt in options(game)}
    values.update(table[preset])
    return values


def rules(game: str, preset: str = "default", **overrides: Any) -> RuleSet:
    """A validated :class:`RuleSet`: a preset with any options overridden by keyword.

    Keywords may be option names or ids written with underscores (``SP_16``, ``BL_3``,
    ``PS_10``). One option given twice under two spellings is refused when the two values
    differ (after reading ``"yes"`` as ``True`` and so on), and accepted when they agree:

    >>> import siege_nb as sn
    >>> sn.rules("siege-of-paris", protection="adjacent", SP_16="adjacent")["SP-16"]
    'adjacent'
    >>> sn.rules("siege-of-paris", protection="adjacent", SP_16="reach-any-army")
    Traceback (most recent call last):
        ...
    siege_nb.rules.checks.BadArgument: protection='adjacent' and SP_16='reach-any-army' set one \
option, Protected pieces (SP-16), to two values; give it once
    """
    base = RuleSet(game, preset, preset_values(game, preset), options(game))
    return base.replace(**overrides) if overrides else base
