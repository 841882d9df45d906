"""The balance lab's summary as a reader sees it: a table sized for a classroom projector.

:attr:`Simulation.summary <siege_nb.ai.lab.Simulation.summary>` gives the numbers for further
work (a DataFrame); :meth:`Simulation.report <siege_nb.ai.lab.Simulation.report>` gives this
table, with rates as whole percentages and headers in words. It is narrow enough for a
notebook beside JupyterLab's file panel on a 1024-pixel screen.

>>> r = LabReport(("attacker", "defender"), ({"reading": "capture=huff", "games": 8,
...     "win_attacker": 0.625, "win_defender": 0.25, "draw": 0.125, "length": 81.5,
...     "captures": 6.0, "branching": 7.25, "balance": 0.625},))
>>> print(r)
reading | games | attacker won | defender won | draws | length | taken | choices | balance
capture=huff | 8 | 62 % | 25 % | 12 % | 82 | 6.0 | 7.2 | 0.62
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from siege_nb.i18n import N_, ngettext, tr

__all__ = ["LabReport", "team_name"]

# (header, what the column holds) after the reading; {team} is filled in per team. The
# values are written by LabReport.cells, in this order.
_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("games"), N_("games played under the reading")),
    (N_("{team} won"), N_("share of the games won by {team}")),
    (N_("draws"), N_("share of the games drawn")),
    (N_("length"), N_("moves (each side's move counting one) a game lasted, on average")),
    (N_("taken"), N_("pieces captured or huffed in a game, on average")),
    (N_("choices"), N_("moves a player had to choose from, on average (the branching factor)")),
    (N_("balance"), N_("1 when both sides win equally often, 0 when one side always wins")),
)
# The teams as a header names them, and as a sentence does.
_TEAM_SHORT = {
    "garrison": N_("garrison"),
    "attackers": N_("attackers"),
    "attacker": N_("attacker"),
    "defender": N_("defender"),
}
_TEAM_WORDS = {
    "garrison": N_("the garrison"),
    "attackers": N_("the attackers"),
    "attacker": N_("the attacker"),
    "defender": N_("the defender"),
}


def team_name(team: str) -> str:
    """A team's short name in the language in force (``"garrison"`` -> "garrison" in English)."""
    return tr(_TEAM_SHORT.get(team, team))


def _percent(rate: float) -> str:
    return f"{round(100 * rate)} %"


@dataclass(frozen=True)
class LabReport:
    """One row per reading of a :class:`~siege_nb.ai.lab.Simulation`: the share of games
    each team won and drew (whole percentages), the mean length, pieces taken and
    choices per move, and the balance. ``teams`` are the two teams; ``rows`` are the rows of
    :func:`~siege_nb.ai.lab.summarize`. Shows itself as HTML in a notebook, as text
    elsewhere."""

    teams: tuple[str, str]
    rows: tuple[Mapping[str, Any], ...]

    def headers(self) -> list[tuple[str, str]]:
        """(header, meaning) of every column after the reading, the teams filled in."""
        out: list[tuple[str, str]] = []
        for head, meaning in _COLUMNS:
            if "{team}" in head:
                for t in self.teams:
                    team = tr(_TEAM_WORDS.get(t, t))
                    short = tr(_TEAM_SHORT.get(t, t))
                    out.append((tr(head, team=short), tr(meaning, team=team)))
            else:
                out.append((tr(head), tr(meaning)))
        return out

    def cells(self, row: Mapping[str, Any]) -> list[str]:
        """The values of ``row`` as the table writes them, after the reading."""
        wins = [_percent(row[f"win_{t}"]) for t in self.teams]
        return [
            str(row["games"]),
            *wins,
            _percent(row["draw"]),
            f"{row['length']:.0f}",
            f"{row['captures']:.1f}",
            f"{row['branching']:.1f}",
            f"{row['balance']:.2f}",
        ]

    def __str__(self) -> str:
        lines = [" | ".join([tr("reading"), *(h for h, _ in self.headers())])]
        lines += [" | ".join([str(row["reading"]), *self.cells(row)]) for row in self.rows]
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's plain-text form (a terminal, a text export): the table, not the rows.
        printer.text(str(self))

    def _repr_html_(self) -> str:
        e = html.escape
        # Eight narrow columns, so that the table fits beside JupyterLab's file panel on a
        # 1024-pixel projector: the number of games goes under the reading, which may break
        # after its commas.
        cell = "padding:5px 2px; vertical-align:top"
        head = "".join(
            f"<th style='{cell}; text-align:right' title='{e(meaning)}'>{e(h)}</th>"
            for h, meaning in self.headers()[1:]
        )
        # Babel reads no call inside an f-string: the words are looked up outside them.
        reading_head = e(tr("reading"))
        out = [
            "<table style='font-size:14px; border-collapse:collapse; max-width:100%'>",
            f"<tr><th style='{cell}; text-align:left'>{reading_head}</th>{head}</tr>",
        ]
        for row in self.rows:
            # A reading of several options breaks after each comma.
            reading = ",<wbr> ".join(e(part) for part in str(row["reading"]).split(", "))
            games, *rest = self.cells(row)
            values = "".join(f"<td style='{cell}; text-align:right'>{e(v)}</td>" for v in rest)
            played = e(ngettext("{n} game", "{n} games", int(games)))
            out.append(
                f"<tr style='border-top:1px solid #ccc'><td style='{cell}; text-align:left'>"
                f"{reading}<br><small>{played}</small></td>{values}</tr>"
            )
        out.append("</table>")
        return "".join(out)
