"""The project's errors, and the checks every public function makes on its arguments.

Bad input to a public call raises one of two things, never an internal error:

* a :class:`TypeError` when an argument has the wrong type, naming the argument;
* a :class:`SiegeError` (a :class:`ValueError`) when the type is right but the value is not:
  :class:`ArgumentError` for an argument, :class:`~siege_nb.IllegalMove` for a move,
  :class:`~siege_nb.RecordError` for a game record, :class:`~siege_nb.ScenarioError` for a
  scenario file.

Messages quote at most a short prefix of the bad value, so a huge or hostile input never
floods a notebook. Every project error pickles and copies with its fields, so it can cross a
process boundary (the balance lab's process pool) and still say what went wrong.

>>> import pickle
>>> err = ArgumentError("preset", "ludo", "one of: classic, ludosofia")
>>> str(err)
"preset: 'ludo' is not accepted; one of: classic, ludosofia"
>>> copy = pickle.loads(pickle.dumps(err))
>>> (copy.argument, copy.value, str(copy) == str(err))
('preset', "'ludo'", True)
>>> check_type(5, str, "game")
Traceback (most recent call last):
    ...
TypeError: game must be str, not int (5)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from numbers import Integral, Real
from typing import Any

__all__ = [
    "ArgumentError",
    "SiegeError",
    "check_choice",
    "check_int",
    "check_list",
    "check_number",
    "check_type",
    "shorten",
]

SHOWN = 40
"""How many characters of a bad value an error message quotes at most."""


def shorten(value: Any, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters (with ``…``), safe for any value: a huge
    integer, a deeply nested list or an object whose ``repr`` fails gives a short stand-in.

    >>> shorten("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> shorten(10**5000)
    'an int of 5001 digits'
    """
    if type(value) is int and value.bit_length() > 128:
        # repr of a very long int costs quadratic time and may be refused outright
        return f"an int of {_digits(value)} digits"
    if isinstance(value, str) and len(value) > limit:
        value = value[: limit + 1]  # repr only what can be shown
    try:
        text = repr(value)
    except Exception:  # a recursion limit, a broken __repr__: say what it is instead
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _digits(value: int) -> int:
    """Decimal digits of a big int, without converting it to text."""
    import math

    n = abs(value)
    guess = int(n.bit_length() * math.log10(2)) + 1
    return guess if n >= 10 ** (guess - 1) else guess - 1


def _rebuild(cls: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    # The built-in base with the largest layout must make the object: an error that is also
    # an OSError (a path error) needs OSError.__new__, which ValueError's would refuse.
    maker = max(
        (b for b in cls.__mro__ if b.__module__ == "builtins" and b is not object),
        key=lambda b: b.__basicsize__,
    )
    err = maker.__new__(cls)  # type: ignore[call-overload]
    err.args = args
    err.__dict__.update(state)
    return err


class SiegeError(ValueError):
    """Base of the project's errors for bad values; a :class:`ValueError`.

    Subclasses keep their fields (``reason``, ``argument``...) as attributes; pickling and
    copying keep them too, whatever the subclass's constructor takes.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # The default rebuilds by calling __init__(*args), which fails for constructors that
        # take other arguments than the message (IllegalMove takes a Verdict).
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


class ArgumentError(SiegeError):
    """An argument of a public call has the right type but a value that is not accepted.

    ``argument`` names it, ``value`` quotes it (shortened) and ``accepted`` says what is.
    """

    def __init__(self, argument: str, value: Any, accepted: str) -> None:
        shown = shorten(value)
        super().__init__(f"{argument}: {shown} is not accepted; {accepted}")
        self.argument = argument
        self.value = shown
        self.accepted = accepted


def _type_words(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join("None" if k is type(None) else k.__name__ for k in kinds)


def check_type(value: Any, kind: type | tuple[type, ...], argument: str) -> Any:
    """``value`` if it is an instance of ``kind``, else a :class:`TypeError` naming
    ``argument``. A ``bool`` is not accepted where an ``int`` is asked for."""
    if type(value) is kind:  # the usual case, at once (a bool's type is never int)
        return value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, kind) and not (
        isinstance(value, bool) and bool not in kinds and int in kinds
    ):
        return value
    raise TypeError(
        f"{argument} must be {_type_words(kind)}, not {type(value).__name__} ({shorten(value)})"
    )


def check_number(
    value: Any,
    argument: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    above: float | None = None,
) -> float:
    """``value`` as a float if it is a finite real number (not a ``bool``) within the bounds
    given (``above``: strictly greater than); a :class:`TypeError` if it is no number, an
    :class:`ArgumentError` if it is out of bounds, infinite or NaN.

    >>> check_number(0.5, "seconds", above=0)
    0.5
    >>> check_number(float("nan"), "seconds", above=0)
    Traceback (most recent call last):
        ...
    siege_nb.errors.ArgumentError: seconds: nan is not accepted; a finite number greater than 0
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(
            f"{argument} must be a number, not {type(value).__name__} ({shorten(value)})"
        )
    try:
        number = float(value)
    except (OverflowError, ValueError):  # an int too large for a float
        number = math.inf
    bounds = []
    if minimum is not None:
        bounds.append(f"at least {minimum:g}")
    if above is not None:
        bounds.append(f"greater than {above:g}")
    if maximum is not None:
        bounds.append(f"at most {maximum:g}")
    words = "a finite number" + (" " + " and ".join(bounds) if bounds else "")
    if (
        not math.isfinite(number)
        or (minimum is not None and number < minimum)
        or (above is not None and number <= above)
        or (maximum is not None and number > maximum)
    ):
        raise ArgumentError(argument, value, words)
    return number


def check_list(value: Any, argument: str, what: str, kind: type = Collection) -> Any:
    """``value`` if it is a ``kind`` (a :class:`~collections.abc.Collection` unless said)
    other than text or a mapping, else a :class:`TypeError` saying that ``argument`` must be
    ``what``. Text and mappings are refused because a string would be read letter by letter
    and a dict by its keys, where a list of things was meant.

    >>> check_list(["c7", "c5"], "points", "a list of points")
    ['c7', 'c5']
    >>> check_list("c7", "points", "a list of points")
    Traceback (most recent call last):
        ...
    TypeError: points must be a list of points, not str ('c7')
    """
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, kind):
        raise TypeError(f"{argument} must be {what}, not {type(value).__name__} ({shorten(value)})")
    return value


def check_choice(value: Any, choices: Iterable[Any], argument: str) -> Any:
    """``value`` if it is one of ``choices``; an unhashable or foreign-typed value gives a
    :class:`TypeError`, any other value an :class:`ArgumentError` listing the choices."""
    allowed = list(choices)
    kinds = tuple({type(c) for c in allowed})
    if kinds:
        check_type(value, kinds, argument)
    if value in allowed:
        return value
    listed = ", ".join(str(c) for c in allowed)
    raise ArgumentError(argument, value, f"one of: {listed}")


def check_int(
    value: Any, argument: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """``value`` as an ``int`` if it is a whole number (an ``int``, or another integral type
    such as NumPy's; not a ``bool``) within the bounds given."""
    if type(value) is int:  # the usual case, without the ABC check of Integral
        number = value
    elif isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{argument} must be int, not {type(value).__name__} ({shorten(value)})")
    else:
        number = int(value)
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        low = "" if minimum is None else f"at least {minimum}"
        high = "" if maximum is None else f"at most {maximum}"
        raise ArgumentError(
            argument, value, "an integer " + " and ".join(w for w in (low, high) if w)
        )
    return number
