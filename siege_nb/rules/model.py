"""The data types that hold a game's rules: sources, options, choices, fixed rules, rule sets.

Everything here is plain, immutable data. The engine consults a :class:`RuleSet` and
nothing else, so every behaviour that the sources dispute can be traced to one option.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Attribution",
    "Choice",
    "Cite",
    "Clause",
    "FixedRule",
    "Option",
    "RuleSet",
    "Source",
    "format_choice",
    "format_value",
    "reading",
    "reconstruction",
    "stated",
]


def format_value(value: Any) -> str:
    """Write an option value the way the rule data and its tables do.

    >>> format_value(True), format_value(None), format_value("adjacent")
    ('yes', 'off', 'adjacent')
    """
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "off"
    return str(value)


# How option values may also be written (Option.normalise accepts these spellings).
_SPELLINGS: dict[bool | None, tuple[str, ...]] = {
    True: ("yes", "on", "true"),
    False: ("no", "off", "false"),
    None: ("off", "none"),
}


def format_choice(value: Any, title: str = "") -> str:
    """A choice for a reader: its plain words (``title``) first, then its value as code sets it
    (``protection="adjacent"``) in square brackets; the words alone where they already spell
    the value (no title, or ``"on"`` for ``yes``).

    >>> format_choice("adjacent", "another attacker stands beside it")
    'another attacker stands beside it [adjacent]'
    >>> format_choice(True, "on"), format_choice("always", "always"), format_choice(3)
    ('on', 'always', '3')
    """
    label = format_value(value)
    if not title or title == label:
        return label
    if (value is None or isinstance(value, bool)) and title.strip().lower() in _SPELLINGS[value]:
        return title
    return f"{title} [{label}]"


@dataclass(frozen=True)
class Source:
    """A rule text the project cites, under a short key such as ``"escale-a-jeux"``.

    ``short`` is how a reader meets it in sentences ("the French rules").
    """

    key: str
    title: str
    language: str
    file: str | None = None
    note: str = ""
    short: str = ""

    def __str__(self) -> str:
        return f"{self.key}: {self.title}"


def _source_words(key: str) -> str:
    """``"the French rules (escale-a-jeux)"`` for a source key."""
    from siege_nb.rules.sources import SOURCES  # local import: sources builds on this module

    src = SOURCES.get(key)
    return f"{src.short} ({key})" if src is not None and src.short else key


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

    def words(self, quote: bool = False) -> str:
        """The place in words; with ``quote=True`` the original words and their translation."""
        text = _source_words(self.key)
        if self.where:
            text += f", {self.where}"
        if quote and self.quote:
            text += f": «{self.quote}»"
            if self.translation:
                text += f" ({self.translation})"
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

    Only a ``stated`` attribution has holders: :attr:`sources` is empty otherwise.

    >>> a = reading("fitted to the caption of figure B", "escale-a-jeux")
    >>> a.basis, a.sources
    ('reading', ())
    """

    basis: str
    cites: tuple[Cite, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        if self.basis not in BASES:
            raise ValueError(f"an attribution is one of {', '.join(BASES)}, not {self.basis!r}")
        if self.basis == "stated" and not self.cites:
            raise ValueError("a stated rule names the texts that state it")
        if self.basis != "stated" and not self.note.strip():
            raise ValueError(f"a {self.basis} says what it was fitted to or why it was chosen")

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
        places = "; ".join(c.words(quote) for c in self.cites)
        if self.basis == "stated":
            text = f"stated by {places}"
            return f"{text} ({self.note})" if self.note and not brief else text
        if brief:
            if self.basis == "reading":
                text = "a reading that no text states"
                return f"{text}, fitted to {places}" if places else text
            return "a reconstruction (the project's choice where the texts are silent)"
        if self.basis == "reading":
            text = f"a reading that no text states: {self.note}"
        else:
            text = f"a reconstruction, the project's choice where the texts are silent: {self.note}"
        return f"{text} (see {places})" if places else text

    @property
    def tag(self) -> str:
        """A few words for captions: ``"stated by ludosofia"``, ``"a reading: no text states
        it"`` or ``"a reconstruction"``."""
        if self.basis == "stated":
            return "stated by " + ", ".join(self.sources)
        return "a reading: no text states it" if self.basis == "reading" else "a reconstruction"

    def __str__(self) -> str:
        return self.words()


def _cites(items: tuple[Cite | str, ...]) -> tuple[Cite, ...]:
    return tuple(c if isinstance(c, Cite) else Cite(c) for c in items)


def stated(*cites: Cite | str, note: str = "") -> Attribution:
    """An attribution to the texts that state it (keys or :class:`Cite`)."""
    return Attribution("stated", _cites(cites), note)


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
        """The answer in plain words: the title, or the value's label."""
        return self.title or self.label


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

    @property
    def heading(self) -> str:
        """The title with the id as a small tag: ``"Protected pieces (SP-16)"``."""
        title = self.title or self.name.replace("_", " ")
        return title if self.id == self.name else f"{title} ({self.id})"

    def choice(self, value: Any) -> Choice:
        """The :class:`Choice` for ``value`` (a free integer gets a plain description)."""
        for c in self.choices:
            if c.value == value and type(c.value) is type(value):
                return c
        if self.int_range is not None and isinstance(value, int):
            return Choice(
                value,
                f"{value} (a value of your own)",
                reconstruction("a value chosen by the user"),
            )
        raise KeyError(value)

    def normalise(self, value: Any) -> Any:
        """Check ``value`` against the choices and return it in canonical form.

        ``"yes"``/``"no"``/``"on"``/``"off"`` are accepted for yes/no options, and digits
        in a string for numeric ones. Raises ``ValueError`` naming the choices otherwise.
        """
        values = [c.value for c in self.choices]
        if all(isinstance(v, bool) for v in values) and isinstance(value, str):
            word = value.strip().lower()
            if word in ("yes", "on", "true"):
                return True
            if word in ("no", "off", "false"):
                return False
        if isinstance(value, str) and value.strip().lower() in ("off", "none") and None in values:
            return None
        if (
            isinstance(value, str)
            and value.strip().isdigit()
            and any(isinstance(v, int) and not isinstance(v, bool) for v in values)
        ):
            value = int(value.strip())
        for v in values:
            if v == value and type(v) is type(value):
                return v
        if (
            self.int_range is not None
            and isinstance(value, int)
            and not isinstance(value, bool)
            and self.int_range[0] <= value <= self.int_range[1]
        ):
            return value
        allowed = ", ".join(repr(v) for v in values)
        if self.int_range is not None:
            allowed += f", or a whole number from {self.int_range[0]} to {self.int_range[1]}"
        label = self.name if self.id == self.name else f"{self.name} ({self.id})"
        raise ValueError(f"{label} cannot be {value!r}; choose one of: {allowed}")

    def describe(self, quote: bool = False) -> str:
        """A few lines for a reader: the question, each choice and where it comes from.

        >>> import siege_nb as sn
        >>> print(sn.option("pyramid-siege", "huff_target").describe())  # doctest: +ELLIPSIS
        Who may be huffed (PS-10): Which defender may the attacker remove ...
          - could-capture (default): ... [a reading that no text states: ...]
          - moved: The defender that moved. [a reading that no text states: ...]
          Note: Both choices read one sentence; neither is stated outright. ...
        """
        lines = [f"{self.heading}: {self.question}"]
        for c in self.choices:
            mark = " (default)" if c.value == self.default else ""
            lines.append(f"  - {c.label}{mark}: {c.description} [{c.attribution.words(quote)}]")
        if self.note:
            lines.append(f"  Note: {self.note}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Clause:
    """One clause of a fixed rule, with its own attribution (texts often state only part of
    a rule)."""

    text: str
    attribution: Attribution


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
        if not self.clauses:
            raise ValueError(f"fixed rule {self.id} has no clause")

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
        return f"{self.title} ({self.id})" if numbered else self.title

    def describe(self, quote: bool = False) -> str:
        """The rule in words, clause by clause, each with where it comes from."""
        lines = [f"{self.heading}: {self.summary}"]
        lines += [f"  - {c.text} [{c.attribution.words(quote)}]" for c in self.clauses]
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

    def _name(self, key: str) -> str:
        if key in self.settings:
            return key
        for opt in self.options:
            if opt.id == key:
                return opt.name
        raise KeyError(f"{self.game} has no option {key!r}")

    def __getitem__(self, key: str) -> Any:
        return self.settings[self._name(key)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.settings)

    def __len__(self) -> int:
        return len(self.settings)

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
        return {k: v for k, v in self.settings.items() if base[k] != v}

    def replace(self, **changes: Any) -> RuleSet:
        """A new RuleSet with some options changed (validated); the preset name is kept."""
        values = dict(self.settings)
        for key, value in changes.items():
            opt = self.option(key)
            values[opt.name] = opt.normalise(value)
        return RuleSet(self.game, self.preset, values, self.options)

    def diff(self, other: Mapping[str, Any]) -> dict[str, tuple[Any, Any]]:
        """The options on which two rule sets differ: ``{name: (this value, other value)}``."""
        return {k: (v, other[k]) for k, v in self.settings.items() if other[k] != v}

    def citation(self, key: str) -> str:
        """The option in force, in words (its value in square brackets), and where that choice
        comes from.

        >>> import siege_nb as sn
        >>> print(sn.rules("siege-of-paris", "ludosofia").citation("protection"))
        Protected pieces (SP-16): a piece of its own army could move there [reach-same-army], \
stated by the Portuguese rules (ludosofia), the defenders' moves, rule 6
        """
        choice = self.choice(key)
        words = choice.attribution.words(brief=True)
        named = format_choice(choice.value, choice.title)
        return f"{self.option(key).heading}: {named}, {words}"

    def __str__(self) -> str:
        extra = self.overrides
        head = f"{self.game} rules, preset {self.preset!r}"
        if extra:
            head += " with " + ", ".join(f"{k}={format_value(v)}" for k, v in extra.items())
        return head
