"""Small helpers for the words the disputes layer shows a reader, in the language in force."""

from __future__ import annotations

from siege_nb.i18n import language

__all__ = ["decimal", "grouped"]

# Thousands are grouped as each language writes them: a comma in English would read as a
# decimal point in French and Portuguese, which group with a (narrow) no-break space.
_GROUPING = {"en": ",", "fr": "\u202f", "pt": "\u00a0"}


def grouped(n: int) -> str:
    """``n`` with its thousands grouped as the language in force writes them.

    >>> from siege_nb.i18n import using
    >>> with using("en"):
    ...     grouped(12345)
    '12,345'
    """
    return f"{n:,}".replace(",", _GROUPING.get(language(), ","))


def decimal(x: float, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals and the decimal mark of the language in force (a comma
    in French and Portuguese).

    >>> from siege_nb.i18n import using
    >>> with using("fr"):
    ...     decimal(0.25, 2)
    '0,25'
    """
    text = f"{x:.{digits}f}"
    return text if language() == "en" else text.replace(".", ",")
