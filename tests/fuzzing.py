"""Shared pieces of the bad-input suites (tests/test_boundary_*.py): hostile values as
hypothesis strategies, and the one check every suite makes on a public call.

A public call given bad input may raise only a :class:`TypeError` or one of the project's
:class:`~siege_nb.SiegeError` subclasses (``ValueError``\\ s), never an internal error
(``AttributeError``, ``KeyError``, ``IndexError``, ``StopIteration``, ``RecursionError``,
``TraitError``, ``UnicodeDecodeError``...), and its message must be short and name something.

``SIEGE_NB_PROPERTY_SCALE=10`` multiplies the number of examples, for a longer hunt by hand;
``SIEGE_NB_FUZZ_REPORT=1`` prints how many cases each entry point was tried with.
"""

from __future__ import annotations

import atexit
import collections
import os
import sys
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import siege_nb as sn

SCALE = max(1, int(os.environ.get("SIEGE_NB_PROPERTY_SCALE", "1")))
FUZZ = settings(
    max_examples=60 * SCALE,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
"""Settings for a bad-input property (no deadline: speed is measured in benchmarks/)."""

LONGEST_MESSAGE = 600
"""No refusal's message may be longer: a message quotes at most a short prefix of the input."""

# Characters that look like digits or letters to a reader but are not ASCII: superscripts,
# circled digits, full-width and Arabic-Indic digits, a Cyrillic 'а', combining marks, nulls.
TRICKY_CHARS = "²³¹①⑩０９٣۷аеｃ\u0301\u200b\x00\ufeff🏰"

tricky_text = st.text(
    alphabet=st.sampled_from(
        "abcdefghijklmnoprxC0123456789-x "  # near-miss notation
        + TRICKY_CHARS
    ),
    max_size=12,
)
"""Short strings that mix move notation with non-ASCII look-alikes."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.builds(pow, st.just(10), st.just(5000)),  # over Python's 4,300-digit limit for int <-> str
    st.floats(allow_nan=True, allow_infinity=True),
    st.complex_numbers(max_magnitude=10),
    st.binary(max_size=8),
    tricky_text,
    st.text(max_size=6),
    st.builds(str.__mul__, st.just("x"), st.just(100_000)),
)
"""Values of every simple type, including huge, empty and non-ASCII ones."""

hostile = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=4), st.integers()), inner, max_size=3),
        st.frozensets(st.integers(), max_size=3),
    ),
    max_leaves=8,
)
"""Anything a careless caller might pass: scalars and small containers of them."""


def deeply_nested(depth: int = 100_000) -> list[Any]:
    """A list nested ``depth`` levels deep (to provoke RecursionError in naive code)."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


_TRIED: collections.Counter[str] = collections.Counter()


def refused_cleanly(entry: str, call: Callable[[], Any]) -> BaseException | None:
    """Run ``call`` (a public call named ``entry`` in reports); return the error it raised,
    or ``None`` if it succeeded. Fails the test if the error is anything but a ``TypeError``
    or a :class:`~siege_nb.SiegeError`, or if its message is empty or too long."""
    _TRIED[entry] += 1
    try:
        call()
    except (TypeError, sn.SiegeError) as err:
        message = str(err)
        assert message, f"{entry}: {type(err).__name__} with an empty message"
        assert len(message) <= LONGEST_MESSAGE, f"{entry}: a {len(message)}-character message"
        return err
    except Exception as err:  # the failure this suite exists to find
        raise AssertionError(f"{entry} raised {type(err).__name__}: {str(err)[:200]}") from err
    return None


def refused(kind: type[BaseException], call: Callable[[], Any], *words: str) -> str:
    """The message of the ``kind`` that ``call`` raises; it contains every word and is short."""
    import pytest

    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    for word in words:
        assert word in message, (word, message)
    assert len(message) <= LONGEST_MESSAGE, message
    return message


def snapshot(g: sn.Game) -> tuple[Any, ...]:
    """Everything a reader can see of a game, its history included: a refused call must
    leave it equal."""
    return (g.to_json(), g.pieces(), g.to_move, g.moves, g.ply, g.result, g.can_redo, str(g))


def tried() -> dict[str, int]:
    """How many cases each entry point has been tried with in this process."""
    return dict(_TRIED)


def _report() -> None:
    if os.environ.get("SIEGE_NB_FUZZ_REPORT") and _TRIED:
        print("\nbad-input cases tried per entry point:", file=sys.stderr)
        for entry, n in sorted(_TRIED.items()):
            print(f"  {entry:40} {n:6}", file=sys.stderr)


atexit.register(_report)
