"""The argument checks that the rules and the engines share at the public boundary.

Everything a reader types reaches the engine through a few doors (a game's name, a preset, an
option and its value, a set-up, a point name, a move's text); each door checks its argument
here, before anything is built or changed, and refuses bad input with a :class:`TypeError`
(wrong type) or one of the errors below (wrong value). Both name the argument and quote at
most a short prefix of the bad value (:func:`siege_nb.errors.shorten`).

>>> import siege_nb as sn
>>> try:
...     sn.options("chess")
... except UnknownName as err:
...     print(err.argument, "|", err)
...     print(isinstance(err, KeyError), isinstance(err, sn.ArgumentError))
game | unknown game 'chess'; the games are siege-of-paris, belagerung, pyramid-siege
True True
>>> ascii_number("12"), ascii_number("1²"), ascii_number("٣")
(12, None, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

from siege_nb.errors import ArgumentError, shorten

__all__ = [
    "MAX_MOVE_TEXT",
    "BadArgument",
    "ReadOnlyDict",
    "UnknownName",
    "ascii_number",
    "check_text",
    "frozen",
    "move_text_too_long",
    "unknown",
]

MAX_MOVE_TEXT = 200
"""The longest text that can be a move. The longest move of any game is a jump chain, and the
longest chain a hunt board allows visits fewer points than this many characters can name; a
longer text is refused before it is parsed, so a huge string costs nothing."""


class BadArgument(ArgumentError):
    """An :class:`~siege_nb.ArgumentError` whose message is written for its case (``"to_move
    must be one of ..."``) rather than in the generic form; it keeps ``argument``, ``value``
    (shortened) and ``accepted``, and pickles with them."""

    def __init__(self, argument: str, value: Any, accepted: str, message: str = "") -> None:
        super().__init__(argument, value, accepted)
        if message:
            self.args = (message,)


class UnknownName(BadArgument, KeyError):
    """An argument names something the game does not have: a game, a preset, an option, a
    choice. A ``ValueError`` like every refused value, and a ``KeyError`` too, so that a
    :class:`~siege_nb.RuleSet` stays a proper mapping (``rules.get(name)``, ``name in rules``)
    and ``except KeyError`` around a look-up keeps working."""

    # KeyError would quote the message as it quotes a missing key.
    __str__ = BaseException.__str__


def check_text(value: Any, argument: str, what: str = "text") -> str:
    """``value`` if it is a ``str``, else a :class:`TypeError` naming ``argument``."""
    if isinstance(value, str):
        return value
    raise TypeError(
        f"{argument} must be {what} (str), not {type(value).__name__} ({shorten(value)})"
    )


def ascii_number(text: str, longest: int = 6) -> int | None:
    """The whole number that ``text`` writes in at most ``longest`` ASCII digits, else
    ``None``. Python's ``int`` and ``str.isdigit`` also take ``²``, ``①`` or ``٣``; names and
    values here are ASCII only, and a long run of digits is never converted (its cost grows
    with its length)."""
    if 0 < len(text) <= longest and text.isascii() and text.isdigit():
        return int(text)
    return None


def move_text_too_long(text: str) -> str:
    """Why ``text`` is refused before it is read, in words (it is longer than any move)."""
    return (
        f"{shorten(text)} is not a move: it has {len(text)} characters, and no move is longer "
        f"than {MAX_MOVE_TEXT}."
    )


class ReadOnlyDict(dict[str, Any]):
    """A ``dict`` that refuses every change (``d[k] = v``, ``del``, ``update``, ``pop``...)
    with a :class:`TypeError`. Reads cost what a dict's do; it pickles and copies (a
    ``types.MappingProxyType`` would not, and rule sets travel to worker processes).

    >>> d = ReadOnlyDict({"capture": "huff"})
    >>> d["capture"], dict(d), isinstance(d, dict)
    ('huff', {'capture': 'huff'}, True)
    >>> d["capture"] = "strict"
    Traceback (most recent call last):
        ...
    TypeError: ReadOnlyDict is read-only; rules change through the API (sn.rules(game, preset, \
**options), RuleSet.replace, Game.with_rules)
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> ReadOnlyDict:
        # Filled here, once: __init__ does nothing, so calling it again changes nothing.
        self = super().__new__(cls)
        dict.update(self, *args, **kwargs)
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(
            f"{type(self).__name__} is read-only; rules change through the API "
            "(sn.rules(game, preset, **options), RuleSet.replace, Game.with_rules)"
        )

    __setitem__ = _refuse  # type: ignore[assignment]
    __delitem__ = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]
    clear = _refuse  # type: ignore[assignment]
    pop = _refuse  # type: ignore[assignment]
    popitem = _refuse  # type: ignore[assignment]
    setdefault = _refuse  # type: ignore[assignment]
    update = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # The default rebuilds a dict subclass item by item through __setitem__.
        return (type(self), (dict(self),))

    def __copy__(self) -> ReadOnlyDict:
        return self  # it never changes, so it may stand for its own copy

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDict:
        import copy

        return type(self)({k: copy.deepcopy(v, memo) for k, v in self.items()})

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict.__repr__(self)})"


K = TypeVar("K")
V = TypeVar("V")


def frozen(table: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy of a module's table (presets, notes, fixed rules, sources); a table of
    tables is frozen all the way down.

    >>> t = frozen({"default": {"capture": "huff"}})
    >>> t["default"]["capture"] = "strict"
    Traceback (most recent call last):
        ...
    TypeError: 'mappingproxy' object does not support item assignment
    """
    return MappingProxyType(
        {k: frozen(v) if isinstance(v, Mapping) else v for k, v in table.items()}  # type: ignore[misc]
    )


def unknown(argument: str, value: Any, names: Any, message: str) -> UnknownName:
    """An :class:`UnknownName` for ``value``, listing ``names`` as what is accepted."""
    return UnknownName(argument, value, "one of: " + ", ".join(map(str, names)), message)
