"""The data types that hold a game's rules: sources, options, choices, fixed rules, rule sets.

Everything here is plain, immutable data. The engine consults a :class:`RuleSet` and
nothing else, so every behaviour that the sources dispute can be traced to one option.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from siege_nb.errors import check_type, shorten
from siege_nb.i18n import N_, language, tr
from siege_nb.rules.checks import BadArgument, ReadOnlyDict, UnknownName, ascii_number, unknown


# Where a clause comes from, as Attribution.words(brief=True) says it, inside brackets (one
# level of brackets within): "(a reconstruction (the project's choice ...))", or after a colon
# that ends in the closing bracket: "(judged over all the attackers together: a reading that
# no text states)".
@cache
def _source_patterns(code: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two patterns of :meth:`RuleSet.plain` in language ``code`` (the words that begin
    where a clause comes from, as Attribution.words writes them there)."""
    starts = [
        tr("a reading that no text states"),
        tr("a reconstruction"),
        tr("stated by {places}", places="").strip(),
    ]
    source = "(?:" + "|".join(map(re.escape, starts)) + r")(?:[^()]|\([^()]*\))*"
    return re.compile(r"\s*\(" + source + r"\)"), re.compile(r"[:;,]\s*" + source + r"(?=\))")


# A rule id in brackets, as reasons and headings write it: "(SP-16)", "(PS-6)".
_RULE_ID = re.compile(r"\s*\((?:[A-Z]{2}-\d+)\)")

__all__ = [
    "Attribution",
    "Choice",
    "Cite",
    "Clause",
    "FixedRule",
    "Option",
    "RuleSet",
    "Source",
    "find_option",
    "format_choice",
    "format_value",
    "no_option",
    "reading",
    "reconstruction",
    "stated",
]


def format_value(value: Any) -> str:
    """Write an option value the way the rule data and its tables do. Any value can be
    written: one that no option has (a huge number, an object whose ``str`` fails) is
    written shortened, as error messages quote it.

    >>> format_value(True), format_value(None), format_value("adjacent"), format_value(200)
    ('yes', 'off', 'adjacent', '200')
    >>> format_value(10**5000)
    'an int of 5001 digits'
    """
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "off"
    if isinstance(value, str):
        return value
    if isinstance(value, int) and value.bit_length() > 128:
        return shorten(value)  # str() of a huge int is slow, and refused past 4,300 digits
    try:
        return str(value)
    except Exception:  # a str() that fails (deep nesting, a broken __str__): say what it is
        return shorten(value)


# How option values may also be written (Option.normalise accepts these spellings).
_SPELLINGS: dict[bool | None, tuple[str, ...]] = {
    True: ("yes", "on", "true"),
    False: ("no", "off", "false"),
    None: ("off", "none"),
}


def _same(a: Any, b: Any) -> bool:
    """Equal and of one type (``1`` is not ``True``, ``2.0`` is not ``2``)."""
    return type(a) is type(b) and a == b


def _check_fields(record: object, **kinds: type | tuple[type, ...]) -> None:
    """A :class:`TypeError` naming the first field of ``record`` whose value is not of its
    kind (the rule records check their own fields, being public constructors)."""
    for name, kind in kinds.items():
        check_type(getattr(record, name), kind, f"{type(record).__name__}.{name}")


def _check_items(record: object, name: str, kind: type) -> None:
    """A :class:`TypeError` unless the field ``name`` of ``record`` is a tuple of ``kind``."""
    value = getattr(record, name)
    label = f"{type(record).__name__}.{name}"
    check_type(value, tuple, label)
    for item in value:
        check_type(item, kind, f"an item of {label}")


def format_choice(value: Any, title: str = "") -> str:
    """A choice for a reader: its plain words (``title``) first, then its value as code sets it
    (``protection="adjacent"``) in square brackets; the words alone where they already spell
    the value (no title, or ``"on"`` for ``yes``).

    >>> format_choice("adjacent", "another attacker stands beside it")
    'another attacker stands beside it [adjacent]'
    >>> format_choice(True, "on"), format_choice("always", "always"), format_choice(3)
    ('on', 'always', '3')
    """
    check_type(title, str, "title")
    label = format_value(value)
    if not title or title == label:
        return value_words(value)
    if (value is None or isinstance(value, bool)) and title.strip().lower() in _SPELLINGS[value]:
        return tr(title)
    return tr("{words} [{value}]", words=tr(title), value=label)


# The words a value stands for where a reader reads it (the rule data writes yes, no, off).
_VALUE_WORDS = {"yes": N_("yes"), "no": N_("no"), "off": N_("off"), "none": N_("none")}


def value_words(value: Any) -> str:
    """A value as a reader reads it, in the language in force: ``yes``, ``no``, ``off`` and
    numbers (the rule data's own spelling, :func:`format_value`, is code)."""
    label = format_value(value)
    return tr(_VALUE_WORDS[label]) if label in _VALUE_WORDS else label


@dataclass(frozen=True)
class Source:
    """A rule text the project cites, under a short key such as ``"escale-a-jeux"``.

    ``short`` is how a reader meets it in sentences ("the French rules"). ``file`` names the
    full text where the project has it; ``unseen`` says, for a text it does not have, what
    citing it can mean ("a page on the related game Asalto, not among the texts at hand and
    not quoted here"), and every citation of it says so.
    """

    key: str
    title: str
    language: str
    file: str | None = None
    note: str = ""
    short: str = ""
    unseen: str = ""

    def __post_init__(self) -> None:
        _check_fields(
            self,
            key=str,
            title=str,
            language=str,
            file=(str, type(None)),
            note=str,
            short=str,
            unseen=str,
        )

    @property
    def at_hand(self) -> bool:
        """True for the texts the project has in full (so a reader can check a quote)."""
        return self.file is not None

    @property
    def shown_title(self) -> str:
        """The title as a reader meets it, in the language in force: a published title stays
        as published, and only the project's description of the text is translated."""
        return tr(self.title)

    @property
    def shown_note(self) -> str:
        """What the text is and what it says, in the language in force."""
        return tr(self.note)

    def __str__(self) -> str:
        return f"{self.key}: {self.title}"


def _source(key: str) -> Source | None:
    from siege_nb.rules.sources import SOURCES  # local import: sources builds on this module

    return SOURCES.get(key)


def _source_words(key: str) -> str:
    """``"the French rules (escale-a-jeux)"`` for a source key."""
    src = _source(key)
    if src is None or not src.short:
        return key
    return tr("{name} ({key})", name=tr(src.short), key=key)


@dataclass(frozen=True)
class Cite:
    """A place in a source: its key, where in it (``"rule 16"``) and, where the wording itself
    is the point, a few words of the original with a translation.

    >>> str(Cite("escale-a-jeux", "rule 16"))
    'the French rules (escale-a-jeux), rule 16'
    """

    key: str
    where: str = ""
    quote: str = ""
    translation: str = ""

    def __post_init__(self) -> None:
        _check_fields(self, key=str, where=str, quote=str, translation=str)

    def words(self, quote: bool = False) -> str:
        """The place in words; with ``quote=True`` the original words and their translation.
        A text the project does not have says so (``Source.unseen``), so that "stated by"
        never claims more than a reader can check.

        >>> print(Cite("wikipedia-asalto").words())  # doctest: +ELLIPSIS
        the Wikipedia article on Asalto (wikipedia-asalto), an article on the related game ...
        """
        text = _source_words(self.key)
        if self.where:
            text = tr("{source}, {place}", source=text, place=tr(self.where))
        src = _source(self.key)
        if quote and self.quote:
            # The original words stay in their language; a reader of another language gets
            # them in theirs beside them.
            text = tr("{place}: «{quote}»", place=text, quote=self.quote)
            # An English quote needs no English translation, so its own words are the
            # catalogue entry that French and Portuguese readers see beside it.
            gloss = self.translation or (self.quote if src and src.language == "en" else "")
            if gloss and (src is None or src.language != language()):
                text = tr("{text} ({translation})", text=text, translation=tr(gloss))
        if src is not None and src.unseen:
            text = tr("{source}, {unseen}", source=text, unseen=tr(src.unseen))
        return text

    def __str__(self) -> str:
        return self.words()


BASES = ("stated", "reading", "reconstruction")


@dataclass(frozen=True)
class Attribution:
    """Where a choice or a rule clause comes from, under the project's attribution rule.

    * ``stated``: the texts in ``cites`` say so; ``note`` may add how the project reads the
      sentence where the texts leave a detail open.
    * ``reading``: no text says so; it is one way to understand the sentences in ``cites``,
      and ``note`` says what it was fitted to.
    * ``reconstruction``: the project's own choice where the texts are silent; ``note`` says
      why (``cites`` may point at what it leans on, never as holders).

    ``caveat`` is a few words that every display shows, the shortest too (verdicts, tags,
    tables): what of a stated choice is the project's reading ("the exact condition is a
    reading"). Only a ``stated`` attribution has holders: :attr:`sources` is empty otherwise.

    >>> a = reading("fitted to the caption of figure B", "escale-a-jeux")
    >>> a.basis, a.sources
    ('reading', ())
    """

    basis: str
    cites: tuple[Cite, ...] = ()
    note: str = ""
    caveat: str = ""

    def __post_init__(self) -> None:
        _check_fields(self, basis=str, note=str, caveat=str)
        _check_items(self, "cites", Cite)
        if self.basis not in BASES:
            raise BadArgument(
                "basis",
                self.basis,
                f"one of: {', '.join(BASES)}",
                f"an attribution is one of {', '.join(BASES)}, not {shorten(self.basis)}",
            )
        if self.basis == "stated" and not self.cites:
            raise BadArgument(
                "cites", self.cites, "a citation", "a stated rule names the texts that state it"
            )
        if self.basis != "stated" and not self.note.strip():
            raise BadArgument(
                "note",
                self.note,
                "a reason",
                f"a {self.basis} says what it was fitted to or why it was chosen",
            )

    @property
    def sources(self) -> tuple[str, ...]:
        """The keys of the texts that state it (empty for readings and reconstructions)."""
        if self.basis != "stated":
            return ()
        return tuple(dict.fromkeys(c.key for c in self.cites))

    def words(self, quote: bool = False, brief: bool = False) -> str:
        """Where it comes from, in words for a reader; ``brief`` leaves out the notes (for
        verdicts), ``quote`` adds the original words.

        >>> print(stated(Cite("ludosofia", "rule 3")).words())
        stated by the Portuguese rules (ludosofia), rule 3
        >>> fitted = reading("fitted to a caption", Cite("escale-a-jeux", "figure B"))
        >>> print(fitted.words(brief=True))
        a reading that no text states, fitted to the French rules (escale-a-jeux), figure B
        """
        places = tr("; ").join(c.words(quote) for c in self.cites)

        def caveat(text: str) -> str:
            if not self.caveat:
                return text
            return tr("{text}; {caveat}", text=text, caveat=tr(self.caveat))

        if self.basis == "stated":
            text = caveat(tr("stated by {places}", places=places))
            return (
                tr("{text} ({note})", text=text, note=tr(self.note))
                if self.note and not brief
                else text
            )
        if brief:
            if self.basis == "reading":
                if places:
                    return caveat(
                        tr("a reading that no text states, fitted to {places}", places=places)
                    )
                return caveat(tr("a reading that no text states"))
            return caveat(tr("a reconstruction (the project's choice where the texts are silent)"))
        if self.basis == "reading":
            text = tr("a reading that no text states: {note}", note=tr(self.note))
        else:
            text = tr(
                "a reconstruction, the project's choice where the texts are silent: {note}",
                note=tr(self.note),
            )
        return tr("{text} (see {places})", text=text, places=places) if places else text

    @property
    def tag(self) -> str:
        """A few words for captions: ``"stated by ludosofia"``, ``"a reading: no text states
        it"`` or ``"a reconstruction"``, with the caveat, and a note on texts the project
        does not have (``"stated by wikipedia-asalto (not at hand, not quoted)"``)."""
        if self.basis == "stated":
            unseen = [k for k in self.sources if (src := _source(k)) is not None and src.unseen]
            keys = ", ".join(
                tr("{key} (not at hand, not quoted)", key=k) if k in unseen else k
                for k in self.sources
            )
            text = tr("stated by {places}", places=keys)
        elif self.basis == "reading":
            text = tr("a reading: no text states it")
        else:
            text = tr("a reconstruction")
        return tr("{text}; {caveat}", text=text, caveat=tr(self.caveat)) if self.caveat else text

    def __str__(self) -> str:
        return self.words()


def _cites(items: tuple[Cite | str, ...]) -> tuple[Cite, ...]:
    return tuple(c if isinstance(c, Cite) else Cite(c) for c in items)


def stated(*cites: Cite | str, note: str = "", caveat: str = "") -> Attribution:
    """An attribution to the texts that state it (keys or :class:`Cite`); ``caveat`` says in
    a few words what of it is the project's reading, for every display."""
    return Attribution("stated", _cites(cites), note, caveat)


def reading(note: str, *fitted_to: Cite | str) -> Attribution:
    """A reading: ``note`` says what it was fitted to; ``fitted_to`` the sentences it reads."""
    return Attribution("reading", _cites(fitted_to), note)


def reconstruction(note: str, *leans_on: Cite | str) -> Attribution:
    """A reconstruction: ``note`` says why the project chose it."""
    return Attribution("reconstruction", _cites(leans_on), note)


@dataclass(frozen=True)
class Choice:
    """One possible answer to an option's question, and where it comes from.

    ``title`` is the answer in a few plain words for selectors ("3 soldiers");
    ``attribution`` says whether a text states it or it is a reading or a reconstruction.
    """

    value: Any
    description: str
    attribution: Attribution
    title: str = ""

    def __post_init__(self) -> None:
        _check_fields(self, description=str, attribution=Attribution, title=str)

    @property
    def sources(self) -> tuple[str, ...]:
        """The keys of the texts that state this choice (empty for readings and
        reconstructions)."""
        return self.attribution.sources

    @property
    def basis(self) -> str:
        """``"stated"``, ``"reading"`` or ``"reconstruction"``."""
        return self.attribution.basis

    @property
    def label(self) -> str:
        """The value as the rule data writes it (``yes``/``no``, ``off``, numbers, words)."""
        return format_value(self.value)

    @property
    def words(self) -> str:
        """The answer in plain words, in the language in force: the title, or the value."""
        return tr(self.title) if self.title else value_words(self.value)


@dataclass(frozen=True)
class Option:
    """A disputed or silent point of the rules, made explicit.

    ``id`` is a short tag (``SP-16``: Siege of Paris rule 16 of the project's numbering),
    ``name`` the keyword for code, ``title`` the name a reader sees, ``question`` the point
    in plain words.

    >>> import siege_nb as sn
    >>> opt = sn.option("siege-of-paris", "protection")
    >>> opt.id, opt.default, opt.title
    ('SP-16', 'reach-any-army', 'Protected pieces')
    >>> [c.value for c in opt.choices]
    ['reach-any-army', 'reach-same-army', 'adjacent', 'covered-from-behind']
    """

    id: str
    name: str
    question: str
    choices: tuple[Choice, ...]
    default: Any
    # Numeric options (the move limit) also accept values between these bounds.
    int_range: tuple[int, int] | None = None
    # True for a choice of the project's own: a board reconstruction, or the move limit.
    reconstruction: bool = False
    note: str = ""
    title: str = ""
    # True for options that change the board's points or lines (its geometry).
    changes_board: bool = False
    # Values that earlier versions of the project gave a choice, as (old value, value) pairs:
    # read as that choice, so that records and code written before a rename keep working.
    former: tuple[tuple[Any, Any], ...] = ()

    def __post_init__(self) -> None:
        _check_fields(
            self,
            id=str,
            name=str,
            question=str,
            int_range=(tuple, type(None)),
            reconstruction=bool,
            note=str,
            title=str,
            changes_board=bool,
            former=tuple,
        )
        _check_items(self, "choices", Choice)
        for pair in self.former:
            if not (
                isinstance(pair, tuple)
                and len(pair) == 2
                and any(_same(c.value, pair[1]) for c in self.choices)
                and not any(_same(c.value, pair[0]) for c in self.choices)
            ):
                raise BadArgument("former", pair, "(an old value, the value of one of the choices)")
        if not self.choices:
            raise BadArgument("choices", self.choices, "one choice at least")
        if self.int_range is not None and not (
            len(self.int_range) == 2 and all(type(n) is int for n in self.int_range)
        ):
            raise BadArgument("int_range", self.int_range, "None or (lowest, highest) integers")
        if not any(_same(c.value, self.default) for c in self.choices):
            raise BadArgument("default", self.default, "the value of one of the choices")

    @property
    def heading(self) -> str:
        """The title with the id as a small tag: ``"Protected pieces (SP-16)"``, in the
        language in force."""
        title = self.shown_title
        return title if self.id == self.name else tr("{title} ({id})", title=title, id=self.id)

    @property
    def shown_title(self) -> str:
        """The title as a reader reads it, in the language in force (the name where there
        is no title)."""
        return tr(self.title) if self.title else self.name.replace("_", " ")

    @property
    def label(self) -> str:
        """The option's name, with its id where it has one: ``"protection (SP-16)"``."""
        return self.name if self.id == self.name else f"{self.name} ({self.id})"

    def _in_range(self, value: Any) -> bool:
        low, high = self.int_range or (1, 0)
        return type(value) is int and low <= value <= high

    def _allowed(self) -> str:
        allowed = ", ".join(repr(c.value) for c in self.choices)
        if self.int_range is not None:
            allowed += f", or a whole number from {self.int_range[0]} to {self.int_range[1]}"
        return allowed

    def choice(self, value: Any) -> Choice:
        """The :class:`Choice` for ``value`` (a whole number of a numeric option's range gets a
        plain description); an :class:`~siege_nb.rules.checks.UnknownName` (a ``ValueError``
        and a ``KeyError``) for a value that is no choice.

        >>> import siege_nb as sn
        >>> sn.option("belagerung", "move_limit").choice(50).description
        '50 (a value of your own)'
        """
        for c in self.choices:
            if _same(c.value, value):
                return c
        if self._in_range(value):
            return Choice(
                value,
                f"{value} (a value of your own)",
                reconstruction(N_("a value chosen by the user")),
            )
        raise UnknownName(
            "value",
            value,
            f"one of: {self._allowed()}",
            f"{self.label} has no choice {shorten(value)}; choose one of: {self._allowed()}",
        )

    def _canonical(self, value: Any) -> Any:
        """:meth:`normalise`, quicker for a value that is already one of the choices (rule
        sets are made often, and nearly always of such values)."""
        for c in self.choices:
            if c.value is value:
                return value
        return self.normalise(value)

    def former_value(self, value: Any) -> Any:
        """The choice's value for a value that an earlier version of the project wrote
        (:attr:`former`), else ``value`` itself.

        >>> import siege_nb as sn
        >>> sn.option("siege-of-paris", "SP-4").former_value(True)
        'on'
        """
        for old, new in self.former:
            if _same(old, value):
                return new
        return value

    def normalise(self, value: Any) -> Any:
        """Check ``value`` against the choices and return it in canonical form.

        ``"yes"``/``"no"``/``"on"``/``"off"`` are accepted for yes/no options, ASCII
        digits in a string for numeric ones, and a value an earlier version of the project
        gave a choice (:attr:`former`) as that choice. Raises a
        :class:`~siege_nb.rules.checks.BadArgument` (a ``ValueError``) naming the option and
        its choices otherwise.

        >>> import siege_nb as sn
        >>> limit = sn.option("belagerung", "move_limit")
        >>> limit.normalise(" 50 "), limit.normalise("off")
        (50, None)
        >>> limit.normalise("5²")
        Traceback (most recent call last):
            ...
        siege_nb.rules.checks.BadArgument: move_limit cannot be '5²'; choose one of: 200, None, \
or a whole number from 1 to 100000
        """
        values = [c.value for c in self.choices]
        given = value
        value = self.former_value(value)
        if isinstance(value, str):
            word = value.strip().lower()
            if all(isinstance(v, bool) for v in values):
                if word in ("yes", "on", "true"):
                    return True
                if word in ("no", "off", "false"):
                    return False
            if word in ("off", "none") and None in values:
                return None
            number = ascii_number(word, longest=12)
            if number is not None and any(type(v) is int for v in values):
                value = number
        for v in values:
            if _same(v, value):
                return v
        if self._in_range(value):
            return value
        raise BadArgument(
            self.name,
            given,
            f"one of: {self._allowed()}",
            f"{self.label} cannot be {shorten(value)}; choose one of: {self._allowed()}",
        )

    def describe(self, quote: bool = False) -> str:
        """A few lines for a reader: the question, each choice and where it comes from.

        >>> import siege_nb as sn
        >>> print(sn.option("pyramid-siege", "huff_target").describe())  # doctest: +ELLIPSIS
        Who may be huffed (PS-10): Which defender may the attacker remove ...
          - could-capture (default): ... [a reading that no text states: ...]
          - moved: The defender that moved. [a reading that no text states: ...]
          Note: Both choices read one sentence; neither is stated outright. ...
        """
        lines = _wrapped(tr("{title}: {question}", title=self.heading, question=tr(self.question)))
        for c in self.choices:
            label = tr("{value} (default)", value=c.label) if c.value == self.default else c.label
            text = tr(
                "{value}: {description} [{source}]",
                value=label,
                description=tr(c.description),
                source=c.attribution.words(quote),
            )
            lines += _wrapped(text, "  - ", "    ")
        if self.note:
            lines += _wrapped(tr("Note: {note}", note=tr(self.note)), "  ", "  ")
        return "\n".join(lines)


# Printed descriptions are wrapped between words at this many characters: a notebook's output
# area wraps long lines wherever they reach its edge, in the middle of a word if need be, and
# it is about 76 characters wide on a 1024-pixel screen with JupyterLab's file panel open.
DESCRIBE_WIDTH = 76


def _wrapped(text: str, first: str = "", rest: str = "  ") -> list[str]:
    """``text`` as lines of at most :data:`DESCRIBE_WIDTH` characters, broken between words
    (a word longer than a line, a web address say, stands on a line of its own)."""
    return textwrap.wrap(
        text,
        DESCRIBE_WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first.rstrip()]


@dataclass(frozen=True)
class Clause:
    """One clause of a fixed rule, with its own attribution (texts often state only part of
    a rule)."""

    text: str
    attribution: Attribution

    def __post_init__(self) -> None:
        _check_fields(self, text=str, attribution=Attribution)


@dataclass(frozen=True)
class FixedRule:
    """A rule that is not an option, cited by id in reasons. Each clause says where it comes
    from, so a text is cited only for the clauses it states.

    >>> import siege_nb as sn
    >>> rule = sn.fixed_rules("siege-of-paris")["SP-13"]
    >>> [c.attribution.basis for c in rule.clauses]
    ['stated', 'stated', 'reading']
    """

    id: str
    summary: str
    clauses: tuple[Clause, ...]
    title: str = ""

    def __post_init__(self) -> None:
        _check_fields(self, id=str, summary=str, title=str)
        _check_items(self, "clauses", Clause)
        if not self.clauses:
            raise BadArgument(
                "clauses",
                self.clauses,
                "one clause at least",
                f"fixed rule {self.id} has no clause",
            )

    @property
    def sources(self) -> tuple[str, ...]:
        """The keys of the texts that state at least one clause of the rule."""
        return tuple(dict.fromkeys(k for c in self.clauses for k in c.attribution.sources))

    @property
    def heading(self) -> str:
        """The title, with the id as a small tag where the rule has a number (``SP-17``)."""
        if not self.title:
            return self.id
        numbered = self.id[:3] in ("SP-", "BL-", "PS-")
        title = tr(self.title)
        return tr("{title} ({id})", title=title, id=self.id) if numbered else title

    def describe(self, quote: bool = False) -> str:
        """The rule in words, clause by clause, each with where it comes from."""
        lines = _wrapped(tr("{title}: {summary}", title=self.heading, summary=tr(self.summary)))
        for c in self.clauses:
            text = tr("{clause} [{source}]", clause=tr(c.text), source=c.attribution.words(quote))
            lines += _wrapped(text, "  - ", "    ")
        return "\n".join(lines)


@dataclass(frozen=True)
class RuleSet(Mapping[str, Any]):
    """A complete set of option choices for one game: a preset plus any overrides.

    A RuleSet reads like a dictionary keyed by option name (or id):

    >>> import siege_nb as sn
    >>> rules = sn.rules("siege-of-paris", "escale-a-jeux")
    >>> rules["protection"], rules["SP-1"]
    ('adjacent', 2)
    >>> rules.diff(sn.rules("siege-of-paris", "ludosofia"))["protection"]
    ('adjacent', 'reach-same-army')
    """

    game: str
    preset: str
    settings: Mapping[str, Any]
    options: tuple[Option, ...] = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        # A public constructor: everything is checked, and settings become a read-only copy in
        # the options' order, so what the rules report is always what the engine plays.
        from siege_nb.rules import options as game_options
        from siege_nb.rules import preset_values

        check_type(self.game, str, "game")
        check_type(self.preset, str, "preset")
        check_type(self.settings, Mapping, "settings")
        known = game_options(self.game)
        if self.options is not known:  # the usual case, the game's own tuple, needs no look
            _check_items(self, "options", Option)
            if self.options != known:
                raise BadArgument(
                    "options", self.options, f"the options of {self.game}, sn.options(game)"
                )
        preset_values(self.game, self.preset)  # an unknown preset is refused by name
        if not all(type(key) is str for key in self.settings):
            for key in self.settings:
                check_type(key, str, "a key of settings")
        names = [opt.name for opt in self.options]
        if set(self.settings) != set(names):
            missing = [n for n in names if n not in self.settings]
            extra = [k for k in self.settings if k not in names]
            raise BadArgument(
                "settings",
                self.settings,
                f"one value for each option of {self.game}: {', '.join(names)}",
                f"settings must give each option of {self.game} once: missing "
                f"{shorten(missing, 200)}, unknown {shorten(extra, 200)}",
            )
        frozen = ReadOnlyDict(
            {opt.name: opt._canonical(self.settings[opt.name]) for opt in self.options}
        )
        object.__setattr__(self, "settings", frozen)

    def _name(self, key: str) -> str:
        if type(key) is str and key in self.settings:
            return key  # the usual case, first and fast
        check_type(key, str, "key")
        found = find_option(self.options, key)
        if found is None:
            raise no_option(self.game, key, self.options)
        return found.name

    def __getitem__(self, key: str) -> Any:
        return self.settings[self._name(key)]

    def __contains__(self, key: object) -> bool:
        """True for the name or id (either spelling) of one of the game's options."""
        return isinstance(key, str) and find_option(self.options, key) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.settings)

    def __len__(self) -> int:
        return len(self.settings)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.preset, dict(self.settings), self.options))

    def option(self, key: str) -> Option:
        """The :class:`Option` named ``key`` (a name such as ``"protection"`` or an id)."""
        name = self._name(key)
        return next(o for o in self.options if o.name == name)

    def choice(self, key: str) -> Choice:
        """The :class:`Choice` in force for option ``key``."""
        return self.option(key).choice(self[key])

    @property
    def overrides(self) -> dict[str, Any]:
        """The options whose value differs from the preset this rule set started from."""
        from siege_nb.rules import preset_values  # local import: registry imports this module

        base = preset_values(self.game, self.preset)
        return {k: v for k, v in self.settings.items() if not _same(base[k], v)}

    def replace(self, **changes: Any) -> RuleSet:
        """A new RuleSet with some options changed (validated); the preset name is kept.

        Options are named by name or id (``SP_16`` for ``SP-16``). An unknown option or value
        is refused, naming it, and so is one option given under two spellings with two
        different values (the same value twice is accepted).

        >>> import siege_nb as sn
        >>> sn.rules("belagerung").replace(BL_3="huff", diagonals="all")["capture"]
        'huff'
        """
        values = dict(self.settings)
        given: dict[
            str, tuple[str, Any, Any]
        ] = {}  # option name -> (keyword, value as given, value)
        for key, value in changes.items():
            opt = self.option(key)
            canonical = opt.normalise(value)
            if opt.name in given and not _same(given[opt.name][2], canonical):
                first, first_value, _ = given[opt.name]
                raise BadArgument(
                    key,
                    value,
                    f"one value for {opt.heading}",
                    f"{first}={shorten(first_value)} and {key}={shorten(value)} set one option, "
                    f"{opt.heading}, to two values; give it once",
                )
            given[opt.name] = (key, value, canonical)
            values[opt.name] = canonical
        return RuleSet(self.game, self.preset, values, self.options)

    def diff(self, other: Mapping[str, Any]) -> dict[str, tuple[Any, Any]]:
        """The options on which two rule sets of one game differ: ``{name: (this value,
        other value)}``. ``other`` may be a plain mapping of option names to values."""
        check_type(other, Mapping, "other")
        if isinstance(other, RuleSet) and other.game != self.game:
            raise BadArgument(
                "other",
                other.game,
                f"rules of {self.game}",
                f"rules of {shorten(other.game)} cannot be compared with rules of {self.game}",
            )
        missing = [k for k in self.settings if k not in other]
        if missing:
            raise BadArgument(
                "other",
                missing,
                f"a value for every option of {self.game}",
                f"other gives no value for {shorten(missing, 200)}",
            )
        return {k: (v, other[k]) for k, v in self.settings.items() if not _same(other[k], v)}

    def citation(self, key: str) -> str:
        """The option in force, in words (its value in square brackets), and where that choice
        comes from.

        >>> import siege_nb as sn
        >>> print(sn.rules("siege-of-paris", "ludosofia").citation("protection"))
        Protected pieces (SP-16): a piece of its own army could move there [reach-same-army], \
stated by the Portuguese rules (ludosofia), the defenders' moves, rule 6
        """
        return tr("{option}: {choice}", option=self.option(key).heading, choice=self.in_force(key))

    def in_force(self, key: str) -> str:
        """The choice in force for option ``key``, in words (its value in square brackets),
        and where it comes from: :meth:`citation` without the option's name, for a sentence
        that has named the rule already.

        >>> import siege_nb as sn
        >>> print(sn.rules("siege-of-paris").in_force("SP-1"))  # doctest: +ELLIPSIS
        1 officer + 3 soldiers [3], stated by the English rules page (boardandpieces), ...
        """
        choice = self.choice(key)
        words = choice.attribution.words(brief=True)
        return tr(
            "{choice}, {source}", choice=format_choice(choice.value, choice.title), source=words
        )

    def in_words(self, key: str) -> str:
        """The option in force in a pupil's words: its title and the choice's words, without
        the value in brackets or where the choice comes from (:meth:`citation` says that).

        >>> import siege_nb as sn
        >>> print(sn.rules("siege-of-paris", "ludosofia").in_words("protection"))
        Protected pieces: a piece of its own army could move there
        """
        opt = self.option(key)
        return tr("{option}: {choice}", option=opt.shown_title, choice=self.choice(key).words)

    def plain(self, text: str) -> str:
        """``text`` (a reason or a result that cites these rules) in a pupil's words: each
        option in force that it cites (:meth:`citation`) named as :meth:`in_words` names it,
        and rule ids in brackets left out.

        >>> import siege_nb as sn
        >>> rules = sn.rules("siege-of-paris", "ludosofia")
        >>> rules.plain(f"Refused (SP-16). Rule in force: {rules.citation('protection')}.")
        'Refused. Rule in force: Protected pieces: a piece of its own army could move there.'
        """
        for opt in self.options:
            citation = self.citation(opt.name)
            if citation in text:
                text = text.replace(citation, self.in_words(opt.name))
        # Where a reason says where a clause comes from (Attribution.words, brief), in
        # brackets or after a colon inside them: the pupil reads the rule, not its source.
        in_brackets, after_colon = _source_patterns(language())
        text = in_brackets.sub("", text)
        text = after_colon.sub("", text)
        return _RULE_ID.sub("", text)

    def __str__(self) -> str:
        extra = self.overrides
        head = f"{self.game} rules, preset {self.preset!r}"
        if extra:
            head += " with " + ", ".join(f"{k}={format_value(v)}" for k, v in extra.items())
        return head


def find_option(options: tuple[Option, ...], key: str) -> Option | None:
    """The option of ``options`` that ``key`` names, or ``None``: its name (``"capture"``),
    its id (``"BL-3"``) or its id with ``_`` for ``-`` (``"BL_3"``, as a Python keyword
    spells it)."""
    for opt in options:
        if key == opt.name or key == opt.id:
            return opt
    alias = key.replace("_", "-")
    if alias != key:
        for opt in options:
            if alias == opt.id:
                return opt
    return None


def no_option(game: str, key: str, options: tuple[Option, ...]) -> UnknownName:
    """The refusal of an option name that ``game`` does not have, listing its options."""
    names = ", ".join(o.name for o in options)
    return unknown(
        "option",
        key,
        [o.name for o in options],
        f"{game} has no option {shorten(key)}; its options are: {names}",
    )
