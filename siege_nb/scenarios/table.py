"""Tables generated from the rule data: every option, where each choice comes from, the presets
side by side, and the scenarios that show each option. Notebooks show these instead of tables
typed by hand, so they cannot drift. (It lives beside the scenarios because it lists them.)"""

from __future__ import annotations

import html
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from siege_nb.errors import ArgumentError, check_choice, check_list, check_type, shorten
from siege_nb.i18n import tr
from siege_nb.rules import GAMES, options, preset_name, preset_values, presets
from siege_nb.rules import option as find_option
from siege_nb.rules.checks import UnknownName
from siege_nb.rules.model import format_value
from siege_nb.scenarios import scenarios

__all__ = ["MAX_INDEX", "OptionTable", "UnknownOption", "option_table"]

MAX_INDEX = 10_000
"""The most (scenario id, topics) pairs :func:`option_table` reads from ``scenario_index``
(so that an endless iterator is refused instead of read for ever)."""

Row = tuple[str, str, str, str, str, tuple[str, ...], tuple[str, ...]]


UnknownOption = UnknownName
"""What :meth:`OptionTable.value` raises for an option the table does not have: the rules'
:class:`~siege_nb.rules.checks.UnknownName`, an :class:`~siege_nb.ArgumentError` and a
``KeyError`` as it used to be."""


@dataclass(frozen=True)
class OptionTable:
    """The options of one game with the presets side by side; shows itself as HTML in a
    notebook and as text elsewhere.

    >>> import siege_nb as sn
    >>> t = sn.option_table("siege-of-paris")
    >>> t.rows[0][:3]
    ('citadel', 'citadel', 'ring')
    >>> t.value("protection", "ludosofia")
    'reach-same-army'
    """

    game: str
    presets: tuple[str, ...]
    # (id, name, default, question, choices text, per-preset values, scenario ids)
    rows: tuple[Row, ...]

    def __post_init__(self) -> None:
        check_type(self.game, str, "game")
        check_type(self.presets, tuple, "presets")
        check_type(self.rows, tuple, "rows")
        for preset in self.presets:
            check_type(preset, str, "an item of presets")
        for row in self.rows:
            if not (
                isinstance(row, tuple)
                and len(row) == 7
                and all(isinstance(cell, str) for cell in row[:5])
                and all(isinstance(cell, tuple) for cell in row[5:])
                and len(row[5]) == len(self.presets)
            ):
                raise TypeError(
                    "each row must be a tuple (id, name, default, question, choices, values "
                    f"per preset, scenario ids), not {shorten(row)}"
                )

    def value(self, option: str, preset: str) -> str:
        """The value of ``option`` (a name or an id) in ``preset``, as the table writes it.
        An unknown option raises :class:`UnknownOption`, an unknown preset an
        :class:`~siege_nb.ArgumentError`."""
        check_type(option, str, "option")
        column = self.presets.index(check_choice(preset, self.presets, "preset"))
        for row in self.rows:
            if option in (row[0], row[1]):
                return row[5][column]
        raise UnknownOption(
            "option", option, f"an option of {self.game}: {', '.join(r[1] for r in self.rows)}"
        )

    def __str__(self) -> str:
        head = ["id", "option", *self.presets]
        lines = [" | ".join(head), " | ".join("---" for _ in head)]
        for oid, name, _default, _q, _c, values, _s in self.rows:
            lines.append(" | ".join([oid, name, *values]))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        # One column of words and one narrow column per preset, so that the table fits a
        # notebook beside JupyterLab's file panel on a 1024-pixel projector: the option's
        # name, question, sources and scenarios share the first cell, and ids and values
        # may break after their hyphens.
        e = html.escape
        cell = "padding:6px 4px; vertical-align:top"
        th = "".join(
            f"<th style='{cell}; text-align:center'>{e(preset_name(self.game, p))}<br>"
            f"<span style='font-family:monospace; font-size:11px'>{_breakable(p)}</span></th>"
            for p in self.presets
        )
        out = [
            "<table style='font-size:14px; border-collapse:collapse; max-width:100%'>",
            f"<tr><th style='{cell}; text-align:left'>"
            + e(tr("the option, its question, and where each answer comes from"))
            + f"</th>{th}</tr>",
        ]
        for oid, name, default, question, choices, values, scen in self.rows:
            cells = "".join(
                f"<td style='{cell}; text-align:center'>"
                + (f"<b>{_breakable(v)}</b>" if v != default else _breakable(v))
                + "</td>"
                for v in values
            )
            opt = find_option(self.game, name)
            tag = "" if oid == name else f" <small style='white-space:nowrap'>({e(oid)})</small>"
            shows = (
                "<br><small>" + e(tr("shown in: {ids}", ids=", ".join(scen))) + "</small>"
                if scen
                else ""
            )
            out.append(
                f"<tr style='border-top:1px solid #ccc'><td style='{cell}; text-align:left'>"
                f"<b>{e(opt.shown_title)}</b>{tag} <code>{e(name)}</code><br>{e(tr(question))}"
                f"<br><small>{e(choices)}</small>{shows}</td>{cells}</tr>"
            )
        out.append(
            "</table><small>"
            + tr(
                "Bold: the preset departs from the project default. 'Stated by' names the texts "
                "that say so; a reading or a reconstruction is stated by no text (see "
                "<code>sn.option(game, name).describe()</code>)."
            )
            + "</small>"
        )
        return "".join(out)


def _breakable(text: str) -> str:
    """``text`` escaped, with a line-break opportunity after each hyphen."""
    return "-<wbr>".join(html.escape(part) for part in text.split("-"))


def option_table(
    game: str, scenario_index: Iterable[tuple[str, Iterable[str]]] | None = None
) -> OptionTable:
    """The option table of ``game``. ``scenario_index`` pairs scenario ids with their topics
    (the shipped scenarios by default), so each row can name its scenarios: an iterable of
    ``(id, topics)`` pairs, each topics an iterable of option ids or names (not a single
    string). Wrong types raise ``TypeError``; an unknown game an
    :class:`~siege_nb.ArgumentError`.

    >>> t = option_table("belagerung", [("my-scenario", ["BL-2"])])
    >>> [row[6] for row in t.rows if row[0] == "BL-2"]
    [('my-scenario',)]
    """
    check_choice(game, GAMES, "game")
    if scenario_index is None:
        scenario_index = [(s.id, s.topics) for s in scenarios(game)]
    index = _read_index(scenario_index)
    names = presets(game)
    tables = {p: preset_values(game, p) for p in names}
    rows = []
    for opt in options(game):
        choices = "; ".join(f"{c.label}: {c.attribution.tag}" for c in opt.choices)
        values = tuple(format_value(tables[p][opt.name]) for p in names)
        scen = tuple(sid for sid, topics in index if opt.id in topics or opt.name in topics)
        rows.append(
            (opt.id, opt.name, format_value(opt.default), opt.question, choices, values, scen)
        )
    return OptionTable(game, names, tuple(rows))


def _read_index(scenario_index: object) -> list[tuple[str, set[str]]]:
    """``scenario_index`` checked: (str, iterable of str) pairs, at most MAX_INDEX of them."""
    given: Iterable[object] = check_list(
        scenario_index, "scenario_index", "an iterable of (scenario id, topics) pairs", Iterable
    )
    pairs = list(itertools.islice(given, MAX_INDEX + 1))
    if len(pairs) > MAX_INDEX:
        raise ArgumentError(
            "scenario_index", f"more than {MAX_INDEX} pairs", f"at most {MAX_INDEX} pairs"
        )
    index = []
    for n, pair in enumerate(pairs):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(
                f"scenario_index[{n}] must be a pair (scenario id, topics), not {shorten(pair)}"
            )
        sid, topics = pair
        check_type(sid, str, f"scenario_index[{n}][0] (a scenario id)")
        check_list(
            topics, f"scenario_index[{n}][1]", "an iterable of topics (not one string)", Iterable
        )
        named = list(itertools.islice(topics, MAX_INDEX + 1))
        if len(named) > MAX_INDEX:
            raise ArgumentError(
                f"scenario_index[{n}][1]", "an endless list", f"at most {MAX_INDEX} topics"
            )
        for topic in named:
            check_type(topic, str, f"a topic of scenario_index[{n}]")
        index.append((sid, set(named)))
    return index
