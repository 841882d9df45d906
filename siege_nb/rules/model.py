"""The data types that hold a game's rules: sources, options, choices, fixed rules, rule sets.

Everything here is plain, immutable data. The engine consults a :class:`RuleSet` and
nothing else, so every behaviour that the sources dispute can be traced to one option.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Choice", "FixedRule", "Option", "RuleSet", "Source", "format_value"]


def format_value(value: Any) -> str:
    """Write an option value the way the rules catalogue does.

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


@dataclass(frozen=True)
class Source:
    """A rule text that the catalogue cites, under a short key such as ``"escale-a-jeux"``."""

    key: str
    title: str
    language: str
    file: str | None = None
    note: str = ""

    def __str__(self) -> str:
        return f"{self.key}: {self.title}"


@dataclass(frozen=True)
class Choice:
    """One possible answer to an option's question, with the sources that hold it.

    ``sources`` is empty when no source says so (a reconstruction or the project's choice);
    ``description`` then says why the choice exists.
    """

    value: Any
    description: str
    sources: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The value as the catalogue writes it (``yes``/``no``, ``off``, numbers, words)."""
        return format_value(self.value)


@dataclass(frozen=True)
class Option:
    """A disputed or silent point of the rules, made explicit.

    >>> import siege_nb as sn
    >>> opt = sn.option("siege-of-paris", "protection")
    >>> opt.id, opt.default
    ('SP-16', 'reach-any-army')
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
    # True where the catalogue marks the rule "not historical" or a reconstruction.
    reconstruction: bool = False
    note: str = ""

    def choice(self, value: Any) -> Choice:
        """The :class:`Choice` for ``value`` (a free integer gets a plain description)."""
        for c in self.choices:
            if c.value == value and type(c.value) is type(value):
                return c
        if self.int_range is not None and isinstance(value, int):
            return Choice(value, f"{value} (a value of your own)", ())
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

    def describe(self) -> str:
        """A few lines for a reader: the question, each choice and who holds it."""
        label = self.name if self.id == self.name else f"{self.id} {self.name}"
        lines = [f"{label}: {self.question}"]
        for c in self.choices:
            mark = " (default)" if c.value == self.default else ""
            holders = ", ".join(c.sources) if c.sources else "no source"
            lines.append(f"  - {c.label}{mark}: {c.description} [{holders}]")
        return "\n".join(lines)


@dataclass(frozen=True)
class FixedRule:
    """A rule that every source agrees on (or that the catalogue fixes), cited by id in reasons."""

    id: str
    summary: str
    sources: tuple[str, ...] = ()


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
        """The option in force and its holders.

        >>> import siege_nb as sn
        >>> sn.rules("siege-of-paris", "escale-a-jeux").citation("protection")
        'SP-16 protection = adjacent (escale-a-jeux)'
        """
        opt = self.option(key)
        choice = opt.choice(self[key])
        holders = ", ".join(choice.sources) if choice.sources else "no source"
        label = opt.name if opt.id == opt.name else f"{opt.id} {opt.name}"
        return f"{label} = {choice.label} ({holders})"

    def __str__(self) -> str:
        extra = self.overrides
        head = f"{self.game} rules, preset {self.preset!r}"
        if extra:
            head += " with " + ", ".join(f"{k}={format_value(v)}" for k, v in extra.items())
        return head
