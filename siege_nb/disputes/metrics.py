"""The measures a game designer expects, per reading: playout metrics from self-play.

General game systems compare rule sets by statistics of many games played by computer
players. The Ludii system (Digital Ludeme Project, Maastricht University) computes such
metrics for every ruleset it holds, and its portal shows them game by game (the concept pages
of ludii.games, computed from random, UCT or alpha-beta playouts). The idea of measuring a
game's qualities from self-play goes back to Cameron Browne's thesis *Automatic generation and
evaluation of recombination games* (Queensland University of Technology, 2008). :data:`METRICS`
lists the ones measured here, each with what Ludii's own code says it is (the one-line
description of its class in ``Evaluation/src/metrics`` of github.com/Ludeme/Ludii), a
sentence for a teacher, and how it is computed here where that differs: this project's
positions are evaluated by the search agent's own scoring (:func:`siege_nb.ai.agents.evaluate`,
the attackers' chances), not by Ludii's UCT evaluations, and the move limit (a reconstruction,
not a rule of the texts) counts as Ludii's turn limit does.

:func:`playout_metrics` plays the games (as :func:`siege_nb.ai.simulate` does, with the same
seeds) and returns :class:`PlayoutMetrics`: a table per reading, beside the win rates, and a
plot of each metric per reading. :meth:`DisputeFrequencies.metrics
<siege_nb.disputes.DisputeFrequencies.metrics>` gives the same from the games of a dispute
ranking.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from siege_nb.ai.base import TEAMS
from siege_nb.ai.lab import LAB_MOVE_LIMIT, parse_readings
from siege_nb.ai.report import team_name
from siege_nb.disputes.play import check_run, first_team, play_traced
from siege_nb.errors import check_type
from siege_nb.games.catalogue import game_info
from siege_nb.i18n import N_, tr
from siege_nb.rules import title

__all__ = ["METRICS", "Metric", "PlayoutMetrics", "playout_metrics"]

LUDII = "Ludii, Evaluation/src/metrics (github.com/Ludeme/Ludii)"
TIMEOUT_RULES = ("move_limit", LAB_MOVE_LIMIT)


@dataclass(frozen=True)
class Metric:
    """One playout metric: its ``key`` in the tables, its ``name``, what Ludii's code says it
    is (``ludii``, quoted from the class named in ``where``), one sentence for a teacher
    (``teacher``) and how it is computed here (``here``). ``name``, ``teacher`` and ``here``
    are English templates of the catalogue (:attr:`shown_name` and :meth:`explained` give
    them in the language in force); the quote stays in Ludii's words."""

    key: str
    name: str
    ludii: str
    where: str
    teacher: str
    here: str

    @property
    def shown_name(self) -> str:
        """The name in the language in force."""
        return tr(self.name)

    def explained(self) -> str:
        """One line of Markdown: the name, the sentence for a teacher, Ludii's words and how
        it is computed here, in the language in force."""
        return tr(
            "**{name}**: {teacher} (Ludii: “{ludii}”, {where}; here: {here})",
            name=self.shown_name,
            teacher=tr(self.teacher),
            ludii=self.ludii,
            where=self.where,
            here=tr(self.here),
        )


METRICS: tuple[Metric, ...] = (
    Metric(
        "balance",
        N_("Balance"),
        "Similarity between player win rates.",
        "single/outcome/Balance.java",
        N_(
            "How evenly the two sides win: 1 when they win equally often, 0 when one side wins "
            "every game."
        ),
        N_("1 minus the gap between the two teams' win rates, as Ludii computes it."),
    ),
    Metric(
        "completion",
        N_("Completion"),
        "Percentage of games which have a winner (not draw or timeout).",
        "single/outcome/Completion.java",
        N_("How often a game ends with a winner at all."),
        N_("The share of games won by either team."),
    ),
    Metric(
        "drawishness",
        N_("Drawishness"),
        "Percentage of games which end in a draw (not including timeouts).",
        "single/outcome/Drawishness.java",
        N_("How often the rules themselves end a game in a draw."),
        N_("The share of games drawn by a rule of the game other than the move limit."),
    ),
    Metric(
        "timeouts",
        N_("Timeouts"),
        "Percentage of games which end via timeout.",
        "single/outcome/Timeouts.java",
        N_("How often a game just runs out of time: nobody could finish it."),
        N_(
            "The share of games ended by the move limit (the project's reconstruction, no text's "
            "rule) or stopped by the lab's own cap, as Ludii counts games that reach its turn "
            "limit."
        ),
    ),
    Metric(
        "advantage",
        N_("Advantage to the first mover"),
        "Percentage of games where player 1 won.",
        "single/outcome/AdvantageP1.java",
        N_("How often the side that moves first wins."),
        N_(
            "The share of games won by the team that moves first in the standard set-up (the "
            "garrison, Belagerung's attacker, Pyramid Siege's defenders)."
        ),
    ),
    Metric(
        "duration",
        N_("Duration"),
        "Number of turns in a game.",
        "single/duration/DurationTurns.java",
        N_("How long a game lasts."),
        N_("The mean number of moves (each side's move counting one) per game."),
    ),
    Metric(
        "branching",
        N_("Branching factor"),
        "Number of possible moves.",
        "multiple/metrics/BranchingFactor.java",
        N_("How many moves a player can choose from, on average."),
        N_(
            "The mean number of legal moves per decision (a demand not counted), averaged over the "
            "games; past 10,000 jump chains a position counts as 10,000."
        ),
    ),
    Metric(
        "decision_moves",
        N_("Decision moves"),
        "Percentage of moves where there was more than 1 possible move.",
        "single/complexity/DecisionMoves.java",
        N_("How often a player has a real choice rather than one forced move."),
        N_("The share of decisions with more than one legal move, averaged over the games."),
    ),
    Metric(
        "lead_change",
        N_("Lead change"),
        "Average number of times the expected winner changes.",
        "single/stateEvaluation/LeadChange.java",
        N_("How often the side that seems to be winning changes during a game."),
        N_(
            "The leader is the team the search agent's scoring favours (above or below one half); "
            "the changes of leader from one decision to the next, per decision, averaged over the "
            "games."
        ),
    ),
    Metric(
        "drama",
        N_("Drama"),
        "Number of moves/severity where the eventual winner was behind.",
        "multiple/metrics/Drama.java",
        N_("How far behind the eventual winner was, on average, before coming back."),
        N_(
            "For each won game, the mean over its decisions of how far the winner's score (by the "
            "search agent's scoring) lay below the leader's, zero where the winner led (Ludii's "
            "average); drawn games have no winner and are left out."
        ),
    ),
    Metric(
        "stability",
        N_("Stability"),
        "Average variance in each players state evaluation.",
        "single/stateEvaluation/Stability.java",
        N_("How much the balance of the game swings: 0 when the position hardly changes."),
        N_(
            "The variance of each team's score (by the search agent's scoring) over a game, summed "
            "over the two teams, averaged over the games."
        ),
    ),
)


def _mean(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def _teams(game: str) -> tuple[str, str]:
    return TEAMS[game]


def summarize_metrics(game: str, records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per reading (in order of first appearance): the games, each team's win rate,
    draws, and every metric of :data:`METRICS`."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for rec in records:
        groups.setdefault(rec["reading"], []).append(rec)
    teams = _teams(game)
    first = first_team(game)
    rows = []
    for label, recs in groups.items():
        n = len(recs)
        wins = {t: sum(r["winner"] == t for r in recs) / n for t in teams}
        timeouts = sum(r["winner"] == "draw" and r["reason"] in TIMEOUT_RULES for r in recs) / n
        draws = sum(r["winner"] == "draw" for r in recs) / n
        row: dict[str, Any] = {"reading": label, "games": n}
        row.update({f"win_{t}": w for t, w in wins.items()})
        row["draw"] = draws
        row["balance"] = 1.0 - abs(wins[teams[0]] - wins[teams[1]])
        row["completion"] = 1.0 - draws
        row["drawishness"] = draws - timeouts
        row["timeouts"] = timeouts
        row["advantage"] = wins[first]
        row["duration"] = _mean([float(r["plies"]) for r in recs])
        row["branching"] = _mean([float(r["branching"]) for r in recs])
        row["decision_moves"] = _mean([float(r["decision_moves"]) for r in recs])
        row["lead_change"] = _mean([float(r["lead_changes"]) for r in recs])
        row["drama"] = _mean([float(r["drama"]) for r in recs])
        row["stability"] = _mean([float(r["stability"]) for r in recs])
        rows.append(row)
    return rows


_SHARES = ("balance", "completion", "drawishness", "timeouts", "advantage", "decision_moves")


def _cell(key: str, value: float) -> str:
    if math.isnan(value):
        return "–"
    if key in _SHARES:
        return f"{100 * value:.0f} %" if key != "balance" else f"{value:.2f}"
    if key == "duration":
        return f"{value:.0f}"
    if key in ("branching",):
        return f"{value:.1f}"
    return f"{value:.3f}"


@dataclass(frozen=True)
class PlayoutMetrics:
    """The playout metrics of games played under one or more readings: ``records`` (one dict
    per game, from :func:`playout_metrics` or a dispute ranking). :attr:`summary` has one row
    per reading; :meth:`report` a table to read; :meth:`plot` a chart of each metric per
    reading; :meth:`explain` says what each metric means and where it comes from."""

    game: str
    records: list[dict[str, Any]]

    @property
    def summary(self) -> Any:
        """One row per reading (a pandas DataFrame when pandas is installed)."""
        rows = summarize_metrics(self.game, self.records)
        try:
            import pandas as pd
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def report(self, readings: Sequence[str] | None = None, transpose: bool = False) -> str:
        """A Markdown table: each reading's win rates, then every metric, rounded; only the
        ``readings`` named, if given. ``transpose`` puts one metric per row and one reading
        per column (narrow enough for a projector when the readings are few)."""
        rows = summarize_metrics(self.game, self.records)
        if readings is not None:
            check_type(readings, (list, tuple), "readings")
            known = [r["reading"] for r in rows]
            missing = [r for r in readings if r not in known]
            if missing:
                from siege_nb.errors import ArgumentError

                raise ArgumentError("readings", missing, f"readings played: {', '.join(known)}")
            rows = [r for r in rows if r["reading"] in readings]
        teams = _teams(self.game)
        names = [tr("{team} won", team=team_name(t)) for t in teams]
        names += [tr("draws")] + [m.shown_name for m in METRICS]

        def cells(row: Mapping[str, Any]) -> list[str]:
            out = [f"{100 * row[f'win_{t}']:.0f} %" for t in teams]
            out.append(f"{100 * row['draw']:.0f} %")
            return out + [_cell(m.key, row[m.key]) for m in METRICS]

        if transpose:
            head = ["", *(str(r["reading"]) for r in rows)]
            lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            columns = [cells(r) for r in rows]
            for k, name in enumerate([tr("games"), *names]):
                values = [str(r["games"]) for r in rows] if k == 0 else [c[k - 1] for c in columns]
                lines.append("| " + " | ".join([name, *values]) + " |")
            return "\n".join(lines)
        head = [tr("reading"), tr("games"), *names]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for row in rows:
            lines.append(
                "| " + " | ".join([str(row["reading"]), str(row["games"]), *cells(row)]) + " |"
            )
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.report()

    def __str__(self) -> str:
        return self.report()

    def __repr__(self) -> str:
        # Short: the dataclass's own repr would print every game's record.
        readings = len({r["reading"] for r in self.records})
        return f"<PlayoutMetrics {self.game}, {len(self.records)} games, {readings} readings>"

    @staticmethod
    def explain() -> str:
        """Each metric in one sentence for a teacher, with Ludii's own description and how it
        is computed here (Markdown)."""
        return "\n".join(f"* {m.explained()}" for m in METRICS)

    def plot(self, keys: Sequence[str] | None = None, fig: Any = None) -> Any:
        """A chart per metric (``keys``, every metric by default), a bar per reading; on a new
        figure (made without pyplot) unless ``fig`` is given. Returns the figure."""
        from matplotlib.figure import Figure

        wanted = [m for m in METRICS if keys is None or m.key in keys]
        if keys is not None:
            check_type(keys, (list, tuple), "keys")
            unknown = [k for k in keys if k not in {m.key for m in METRICS}]
            if unknown:
                from siege_nb.errors import ArgumentError

                raise ArgumentError("keys", unknown, ", ".join(m.key for m in METRICS))
        rows = summarize_metrics(self.game, self.records)
        cols = 4
        nrows = math.ceil(len(wanted) / cols)
        key = "; ".join(f"{i + 1} = {row['reading']}" for i, row in enumerate(rows))
        lines = textwrap.wrap(key, 120)
        if fig is None:
            height = 1.9 * nrows + 0.5 + 0.2 * len(lines)
            fig = Figure(figsize=(9.5, height), layout="constrained")
        axes = fig.subplots(nrows, cols, squeeze=False)
        colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442"]
        for k, ax in enumerate(axes.flat):
            if k >= len(wanted):
                ax.set_visible(False)
                continue
            m = wanted[k]
            values = [0.0 if math.isnan(r[m.key]) else r[m.key] for r in rows]
            ax.bar(
                range(len(rows)),
                values,
                color=[colours[i % len(colours)] for i in range(len(rows))],
            )
            ax.set_title(m.shown_name, fontsize="medium")
            # Past a dozen readings the numbers would run into each other: every fifth one
            # is numbered (and the first), the others keep a tick.
            ax.set_xticks(range(len(rows)))
            ax.set_xticklabels(
                [
                    str(i + 1) if len(rows) <= 12 or i == 0 or (i + 1) % 5 == 0 else ""
                    for i in range(len(rows))
                ],
                fontsize="small" if len(rows) > 8 else None,
            )
            if m.key in _SHARES:
                ax.set_ylim(0, 1)
        fig.suptitle(
            tr("{game}: playout metrics per reading", game=title(self.game))
            + "\n"
            + "\n".join(lines),
            fontsize="medium",
        )
        return fig


def playout_metrics(
    game: str,
    readings: Any,
    agents: Mapping[str, Any] | None = None,
    n_games: int = 40,
    seed: int = 0,
    *,
    executor: Any = None,
    progress: bool = True,
    max_plies: int | None = None,
    chunk_size: int | None = None,
) -> PlayoutMetrics:
    """Play ``n_games`` games under each reading (as :func:`~siege_nb.ai.simulate` takes them:
    a preset, a list, an option grid...) and measure them (:class:`PlayoutMetrics`).
    ``agents`` as for :func:`~siege_nb.ai.simulate` (by default ``MCTSAgent(iterations=100)``
    on both sides); the games and their seeds are those :func:`~siege_nb.ai.simulate` plays.

    >>> from siege_nb.ai import RandomAgent
    >>> m = playout_metrics("pyramid-siege", {"capture": ["huff", "strict"]},
    ...     {"attacker": RandomAgent(), "defender": RandomAgent()}, n_games=4,
    ...     executor="serial", progress=False)
    >>> [row["reading"] for row in summarize_metrics("pyramid-siege", m.records)]
    ['capture=huff', 'capture=strict']
    """
    game_info(game)
    parsed = parse_readings(game, readings)
    if agents is None:
        from siege_nb.ai.agents import MCTSAgent

        agents = {team: MCTSAgent(iterations=100) for team in TEAMS[game]}
    specs, count, seed_, limit, crossing = check_run(
        game, agents, n_games, seed, executor, progress, max_plies
    )
    plan = [(reading, ()) for reading in parsed]
    records = play_traced(
        game, plan, specs, count, seed_, executor, progress, limit, crossing, chunk_size=chunk_size
    )
    return PlayoutMetrics(game, records)
