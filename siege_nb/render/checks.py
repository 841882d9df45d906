"""Argument checks that the drawing and widget layers share: a game's name, a preset, rule
options given as keywords, points of a board, numbers for pictures (dots per inch, sizes).

Each check returns the value it accepted (in canonical form, where the rules have one) or
raises a :class:`TypeError` naming the argument (wrong type) or an
:class:`~siege_nb.ArgumentError` naming it, quoting the value shortened and saying what is
accepted. They run at the public boundary only, before anything is drawn or changed, so a
refused call leaves every widget and file as it was.

>>> rule_options("belagerung", {"BL_3": "huff", "move_limit": "50"})
{'capture': 'huff', 'move_limit': 50}
>>> rule_options("belagerung", {"nope": 1})
Traceback (most recent call last):
    ...
siege_nb.errors.ArgumentError: nope: 1 is not accepted; belagerung has no option 'nope'; its \
options are: horns, diagonals, attacker_direction, capture, move_limit
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from siege_nb.errors import ArgumentError, check_list, check_number, check_type, shorten
from siege_nb.games.base import Game
from siege_nb.games.catalogue import game_info
from siege_nb.rules import GAMES, Option, options, presets

__all__ = [
    "DPI_RANGE",
    "SETUP_KEYWORDS",
    "check_dpi",
    "check_flag",
    "check_game_name",
    "check_number",
    "check_pair",
    "check_point",
    "check_points",
    "check_preset",
    "find_option",
    "game_under",
    "keyword_name",
    "names_of",
    "option_value",
    "rule_options",
    "setup_keywords",
]

DPI_RANGE = (10, 600)
"""The dots per inch a picture may be drawn at: a picture of a board at 600 dpi is already
tens of megapixels, and below 10 nothing on it can be read."""

SETUP_KEYWORDS = ("position", "to_move", "players")
"""The set-up keywords of :func:`siege_nb.new_game` that every game takes."""


def keyword_name(key: str) -> str:
    """A keyword as an error names it: cut short like any quoted value, so a hostile
    ``**{"x" * 10**5: 1}`` cannot flood a message."""
    return key if len(key) <= 40 else key[:39] + "…"


def check_game_name(value: Any, argument: str = "game") -> str:
    """``value`` if it names a game of :data:`siege_nb.GAMES`.

    >>> check_game_name("chess")
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: game: 'chess' is not accepted; one of: siege-of-paris, \
belagerung, pyramid-siege
    """
    check_type(value, str, argument)
    if value not in GAMES:
        raise ArgumentError(argument, value, f"one of: {', '.join(GAMES)}")
    return str(value)


def check_preset(game: str, value: Any, argument: str = "preset") -> str:
    """``value`` if it names a preset of ``game``."""
    check_type(value, str, argument)
    known = presets(game)
    if value not in known:
        raise ArgumentError(argument, value, f"a preset of {game}: {', '.join(known)}")
    return str(value)


def find_option(game: str, key: str) -> Option | None:
    """The option of ``game`` that ``key`` names: its name (``"protection"``), its id
    (``"SP-16"``) or its id spelled as a Python keyword (``"SP_16"``); ``None`` if none."""
    for opt in options(game):
        if key in (opt.name, opt.id) or key.replace("_", "-") == opt.id:
            return opt
    return None


def _accepted_values(opt: Option) -> str:
    words = ", ".join(shorten(c.value) for c in opt.choices)
    if opt.int_range is not None:
        low, high = opt.int_range
        words += f", or a whole number from {low} to {high}"
    return f"one of: {words}"


def option_value(opt: Option, value: Any, argument: str) -> Any:
    """``value`` in canonical form if ``opt`` takes it (``"off"`` is ``None`` for the move
    limit, ``"50"`` is ``50``), else an :class:`~siege_nb.ArgumentError` naming
    ``argument`` and listing the choices.

    >>> import siege_nb as sn
    >>> option_value(sn.option("belagerung", "move_limit"), "off", "move_limit") is None
    True
    """
    try:
        return opt.normalise(value)
    except ValueError:
        # The rules' own message names the option's name, not the argument given here.
        raise ArgumentError(argument, value, _accepted_values(opt)) from None


def setup_keywords(game: str) -> tuple[str, ...]:
    """Every set-up keyword :func:`siege_nb.new_game` takes for ``game``."""
    return (*SETUP_KEYWORDS, *game_info(game).setup_keys)


def rule_options(
    game: str, given: Mapping[str, Any], *, setup: Collection[str] = ()
) -> dict[str, Any]:
    """The rule options among keywords ``given``, by option name, each value in the rules'
    canonical form (``"50"`` becomes ``50`` for the move limit). Keywords in ``setup`` are
    left out (the caller passes them on to :func:`~siege_nb.new_game`, which checks them).

    An unknown keyword, a value the option does not take, or one option spelled twice with
    different values (``protection=...`` and ``SP_16=...``) raises an
    :class:`~siege_nb.ArgumentError` naming the keyword; two spellings that agree are
    accepted.
    """
    chosen: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, value in given.items():
        check_type(key, str, "an option's keyword")
        if key in setup:
            continue
        name = keyword_name(key)
        opt = find_option(game, key)
        if opt is None:
            known = ", ".join(o.name for o in options(game))
            also = f"; or a set-up keyword: {', '.join(setup)}" if setup else ""
            raise ArgumentError(
                name, value, f"{game} has no option {shorten(key)}; its options are: {known}{also}"
            )
        canonical = option_value(opt, value, name)
        if opt.name in chosen and not _same(chosen[opt.name], canonical):
            first = spelled[opt.name]
            raise ArgumentError(
                name,
                value,
                f"one value for {opt.name}: {first}={shorten(chosen[opt.name])} already sets it",
            )
        chosen[opt.name] = canonical
        spelled.setdefault(opt.name, name)
    return chosen


def new_game_arguments(
    game: str, preset: Any, options: Mapping[str, Any]
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The checked arguments of ``new_game(game, preset, **setup, **options)`` for a game
    named by a checked ``game``: the preset (``"default"`` for ``None``), the set-up
    keywords given and the options by name (:func:`rule_options`). Callers may check more
    before the game is made.

    >>> new_game_arguments("belagerung", None, {"BL_3": "huff", "defenders": ["c7"]})
    ('default', {'defenders': ['c7']}, {'capture': 'huff'})
    """
    chosen_preset = "default" if preset is None else check_preset(game, preset)
    setup = setup_keywords(game)
    chosen = rule_options(game, options, setup=setup)
    given = {k: v for k, v in options.items() if k in setup}
    return chosen_preset, given, chosen


def game_under(game: Game, preset: str | None, changes: Mapping[str, Any], *, reset: bool) -> Game:
    """``game.with_rules(preset, reset=reset, **changes)`` after checking the preset and the
    options (:func:`rule_options`); if the current position is impossible under those rules,
    an :class:`~siege_nb.ArgumentError` naming what was changed. ``game`` is left as it is.

    >>> import siege_nb as sn
    >>> g = sn.new_game("belagerung")
    >>> game_under(g, None, {"capture": "huff"}, reset=False).rules["capture"]
    'huff'
    """
    check_type(game, Game, "game")
    name = game.rules.preset if preset is None else check_preset(game.game, preset)
    chosen = rule_options(game.game, changes)
    try:
        return game.with_rules(name, reset=reset, **chosen)
    except ValueError as err:  # the position itself is impossible under those rules
        changed = ", ".join(keyword_name(k) for k in changes) or "preset"
        value: Any = dict(changes) if changes else preset
        reason = str(err)
        reason = reason if len(reason) <= 200 else reason[:199] + "…"
        raise ArgumentError(
            changed, value, f"rules under which the current position is possible ({reason})"
        ) from err


def _same(a: Any, b: Any) -> bool:
    """Equal values of one type (the rules tell ``1`` from ``True``)."""
    return type(a) is type(b) and bool(a == b)


def check_point(points: Collection[str], value: Any, argument: str) -> str:
    """``value`` if it is the name of one of ``points`` (a board's points).

    >>> check_point({"a1", "b2"}, "zz", "explore")
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: explore: 'zz' is not accepted; a point of the board (such as a1)
    """
    check_type(value, str, argument)
    if value not in points:
        example = min(points) if points else "none"
        raise ArgumentError(argument, value, f"a point of the board (such as {example})")
    return str(value)


def check_points(points: Collection[str], values: Any, argument: str) -> list[str]:
    """``values`` as a list, if it is a collection (not a string or a mapping) of names of
    ``points``; each bad one is named by its place (``argument[2]``)."""
    check_list(values, argument, "a list of points")
    return [check_point(points, v, f"{argument}[{i}]") for i, v in enumerate(values)]


def check_flag(value: Any, argument: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not ``1``, not ``"yes"``)."""
    return bool(check_type(value, bool, argument))


def check_dpi(value: Any, argument: str = "dpi") -> float:
    """Dots per inch for a picture: a number within :data:`DPI_RANGE`.

    >>> check_dpi(150)
    150.0
    >>> check_dpi(0)
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: dpi: 0 is not accepted; a finite number at least 10 and at \
most 600
    """
    low, high = DPI_RANGE
    return check_number(value, argument, minimum=low, maximum=high)


def check_pair(value: Any, argument: str) -> tuple[float, float]:
    """A ``(width, height)`` pair of positive finite numbers (inches)."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(
            f"{argument} must be a (width, height) pair of numbers, not "
            f"{type(value).__name__} ({shorten(value)})"
        )
    width = check_number(value[0], f"{argument}[0]", above=0)
    height = check_number(value[1], f"{argument}[1]", above=0)
    return width, height


def names_of(values: Iterable[Any]) -> str:
    """Values listed for a message, each quoted short."""
    return ", ".join(shorten(v) for v in values)
