"""Tables generated from the rule data: every option, where each choice comes from, the presets
side by side, and the scenarios that show each option. Notebooks show these instead of tables
typed by hand, so they cannot drift. (It lives beside the scenarios because it lists them.)"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from siege_nb.rules import option as find_option
from siege_nb.rules import options, preset_values, presets
from siege_nb.rules.model import format_value
from siege_nb.scenarios import scenarios

__all__ = ["OptionTable", "option_table"]


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
    rows: tuple[tuple[str, str, str, str, str, tuple[str, ...], tuple[str, ...]], ...]

    def value(self, option: str, preset: str) -> str:
        """The value of ``option`` in ``preset``, as the table writes it."""
        for row in self.rows:
            if option in (row[0], row[1]):
                return row[5][self.presets.index(preset)]
        raise KeyError(option)

    def __str__(self) -> str:
        head = ["id", "option", *self.presets]
        lines = [" | ".join(head), " | ".join("---" for _ in head)]
        for oid, name, _default, _q, _c, values, _s in self.rows:
            lines.append(" | ".join([oid, name, *values]))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        th = "".join(f"<th>{e(p)}</th>" for p in self.presets)
        out = [
            "<table style='font-size:14px; border-collapse:collapse'>",
            f"<tr><th>rule</th><th>option</th><th>the question, and where each answer comes from"
            "</th>"
            f"{th}<th>scenarios</th></tr>",
        ]
        for oid, name, default, question, choices, values, scen in self.rows:
            cells = "".join(
                f"<td style='text-align:center'>{'<b>' if v != default else ''}{e(v)}"
                f"{'</b>' if v != default else ''}</td>"
                for v in values
            )
            opt = find_option(self.game, name)
            tag = "" if oid == name else f"<br><small>{e(oid)}</small>"
            out.append(
                f"<tr style='border-top:1px solid #ccc'><td>{e(opt.title or name)}{tag}</td>"
                f"<td><code>{e(name)}</code></td><td>{e(question)}<br><small>{e(choices)}"
                f"</small></td>{cells}<td><small>{e(', '.join(scen)) or '—'}</small></td></tr>"
            )
        out.append(
            "</table><small>Bold: the preset departs from the project default. 'Stated by' "
            "names the texts that say so; a reading or a reconstruction is stated by no text "
            "(see <code>sn.option(game, name).describe()</code>).</small>"
        )
        return "".join(out)


def option_table(
    game: str, scenario_index: Iterable[tuple[str, Iterable[str]]] | None = None
) -> OptionTable:
    """The option table of ``game``. ``scenario_index`` pairs scenario ids with their topics
    (the shipped scenarios by default), so each row can name its scenarios."""
    if scenario_index is None:
        scenario_index = [(s.id, s.topics) for s in scenarios(game)]
    index = [(sid, set(topics)) for sid, topics in scenario_index]
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
