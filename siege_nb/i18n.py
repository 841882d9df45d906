"""Languages: English, French and Portuguese, from one catalogue of every reader-facing string.

Every sentence a reader sees is a whole English template with named placeholders, looked up in
the language in force and filled in there, so that French and Portuguese put the words in their
own order::

    >>> from siege_nb.i18n import tr, using
    >>> with using("en"):
    ...     tr("Played {move}.", move="C0-f5")
    'Played C0-f5.'

The catalogue follows the gettext convention that translators' tools read: one ``.po`` file per
language in ``siege_nb/locale/<language>/LC_MESSAGES/siege_nb.po``, compiled to ``.mo`` beside
it; the template ``siege_nb/locale/siege_nb.pot`` is extracted from the code, the rule data and
the scenario files with Babel (``docs/languages.md`` gives the commands). Adding a language is
adding a ``.po`` file and its name to :data:`LANGUAGES`.

The language in force is :func:`set_language`'s, else the environment's
``SIEGE_NB_LANGUAGE``, else the language of the kernel's locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English. Move notation, rule ids and point names never change; quotes from the
sources stay in their own language (see :func:`siege_nb.rules.model.Cite.words`).

This module imports nothing of the package: every layer may use it.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "language",
    "language_name",
    "ngettext",
    "set_language",
    "tr",
    "using",
]

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "pt": "Português"}
"""The languages the package speaks, by code, each named in its own language."""

DOMAIN = "siege_nb"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENVIRONMENT = "SIEGE_NB_LANGUAGE"

_chosen: str | None = None


def _check(code: object) -> str:
    if not isinstance(code, str):
        raise TypeError(f"language must be text such as 'fr', not {type(code).__name__}")
    short = code.strip().lower().replace("-", "_").split("_")[0]
    if short not in LANGUAGES:
        from siege_nb.errors import ArgumentError

        raise ArgumentError("language", code, f"one of: {', '.join(LANGUAGES)}")
    return short


def _from_environment() -> str:
    """The language the environment asks for: ``SIEGE_NB_LANGUAGE``, else the locale's."""
    asked = os.environ.get(ENVIRONMENT, "").strip()
    if asked:
        try:
            return _check(asked)
        except ValueError:
            pass  # an unknown value in the environment: fall back, never fail at import
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            short = value.split(".")[0].split("_")[0].lower()
            return short if short in LANGUAGES else "en"
    return "en"


def language() -> str:
    """The code of the language in force: ``"en"``, ``"fr"`` or ``"pt"``."""
    return _chosen if _chosen is not None else _from_environment()


def language_name(code: str | None = None) -> str:
    """A language's name in that language (the language in force by default)."""
    return LANGUAGES[_check(code) if code is not None else language()]


def set_language(code: str | None = None) -> str:
    """Speak ``code`` (``"en"``, ``"fr"``, ``"pt"``; ``"fr_FR"`` and ``"pt-PT"`` are read as
    their language) from now on, everywhere in the package; ``None`` goes back to the
    environment's choice. Returns the language now in force. An unknown language is an
    :class:`~siege_nb.ArgumentError`, and the language in force stays.

    >>> set_language("pt"); set_language(None) == language()
    'pt'
    True
    """
    global _chosen
    _chosen = None if code is None else _check(code)
    return language()


@contextmanager
def using(code: str) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block (a handout in French, say), then go back."""
    global _chosen
    before = _chosen
    _chosen = _check(code)
    try:
        yield _chosen
    finally:
        _chosen = before


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    if code == "en":
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:  # a language without its compiled catalogue: English, never a failure
        return gettext.NullTranslations()


def tr(message: str, /, **values: Any) -> str:
    """``message`` (an English template) in the language in force, its ``{placeholders}``
    filled with ``values``. Without values the text is returned as it is (braces and all).
    The package calls it ``tr``; ``_`` is the same function, by gettext's custom."""
    text = _catalogue(language()).gettext(message) if message else message
    return text.format(**values) if values else text


_ = tr


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The singular or plural template for ``n`` in the language in force, filled with
    ``n`` and ``values``."""
    text = _catalogue(language()).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a label kept as data
    and translated where it is shown)."""
    return message
