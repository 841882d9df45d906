"""RuleSelectors: the preset dropdown and one dropdown per option, built from the rule data."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as w

from siege_nb.rules import Option, RuleSet, presets
from siege_nb.rules import rules as rule_set

__all__ = ["RuleSelectors", "choice_labels"]

READINGS_NOTE = (
    "<b>Readings</b>: each choice is <i>stated</i> by a text, a <i>reading</i> "
    "that no text states, or a <i>reconstruction</i>; * = project default"
)


def choice_labels(opt: Option) -> list[tuple[str, int]]:
    """The dropdown entries of an option: its value, whether a text states it (its basis),
    and ``*`` for the project default; each entry's value is the choice's index.

    >>> import siege_nb as sn
    >>> choice_labels(sn.option("siege-of-paris", "protection"))[0]
    ('reach-any-army · stated *', 0)
    """
    return [
        (f"{c.label} · {c.basis}{' *' if c.value == opt.default else ''}", i)
        for i, c in enumerate(opt.choices)
    ]


def _index(opt: Option, value: Any) -> int:
    """The index of the choice ``value`` (``1`` and ``True`` are different choices)."""
    return next(
        i for i, c in enumerate(opt.choices) if c.value == value and type(c.value) is type(value)
    )


class RuleSelectors(w.VBox):
    """A preset dropdown and a dropdown per option (except ``exclude``), showing ``current``.

    Each change made by the reader calls ``on_change`` once with the new :class:`RuleSet`: a
    new preset gives that preset's rules (the option dropdowns follow it), a new option value
    gives the rules shown with that option changed. :meth:`show` sets the dropdowns without
    calling anybody (after the owner has applied, or refused, the rules).

    >>> import siege_nb as sn
    >>> seen = []
    >>> selectors = RuleSelectors(sn.rules("siege-of-paris"), seen.append)
    >>> selectors.preset.value = "ludosofia"
    >>> [(r.preset, r["protection"]) for r in seen]
    [('ludosofia', 'reach-same-army')]
    """

    def __init__(
        self,
        current: RuleSet,
        on_change: Callable[[RuleSet], None],
        *,
        exclude: Collection[str] = (),
    ) -> None:
        self.game = current.game
        self.on_change = on_change
        self._shown = current
        self.preset = w.Dropdown(
            options=list(presets(current.game)),
            value=current.preset,
            description="preset",
            style={"description_width": "150px"},
            layout=w.Layout(width="370px"),
        )
        self.options: dict[str, w.Dropdown] = {}
        for opt in current.options:
            if opt.name in exclude or opt.id in exclude:
                continue
            self.options[opt.name] = w.Dropdown(
                options=choice_labels(opt),
                value=_index(opt, current[opt.name]),
                description=opt.title or opt.name,
                tooltip=f"{opt.heading}: {opt.question}",
                style={"description_width": "170px"},
                layout=w.Layout(width="100%"),
            )
        self._syncing = False
        self.preset.observe(self._on_preset, names="value")
        for dropdown in self.options.values():
            dropdown.observe(self._on_option, names="value")
        super().__init__([w.HTML(READINGS_NOTE), self.preset, *self.options.values()])

    @property
    def rules(self) -> RuleSet:
        """The rules the dropdowns show."""
        return self._shown

    def show(self, current: RuleSet) -> None:
        """Set every dropdown to ``current`` without calling ``on_change``."""
        self._syncing = True
        try:
            self._shown = current
            self.preset.value = current.preset
            for name, dropdown in self.options.items():
                dropdown.value = _index(current.option(name), current[name])
        finally:
            self._syncing = False

    def _on_preset(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        chosen = rule_set(self.game, change["new"])
        self.show(chosen)  # the option dropdowns follow the preset, silently
        self.on_change(chosen)

    def _on_option(self, _: dict[str, Any]) -> None:
        if self._syncing:
            return
        values = {
            name: self._shown.option(name).choices[dropdown.value].value
            for name, dropdown in self.options.items()
        }
        chosen = self._shown.replace(**values)
        self._shown = chosen
        self.on_change(chosen)
