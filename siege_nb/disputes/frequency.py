"""How often does a disagreement matter? Frequencies over games played by search agents.

:func:`dispute_frequencies` plays games under a preset (the *base* reading) and under each
single change of one option's choice, ``n_games`` each with the same agents and seeds, and
measures for every option and every pair of its choices:

* **positions**: the share of the positions met in those games (under either choice of the
  pair) in which the two choices allow different moves;
* **refused move played**: the share of games in which a move was played that the other
  choice refuses;
* **result changes**: the share of game numbers whose result (who wins, or a draw) differs
  between the two choices, the same agents with the same seeds playing both.

Each share comes with a 95 % interval: Wilson's for the two shares of games, and for the share
of positions a bootstrap over games (positions of one game are not independent). The
:class:`DisputeFrequencies` ranks the pairs by how much they matter (results first, then
moves played, then positions), as a table and a bar chart; its
:meth:`~DisputeFrequencies.metrics` gives the playout metrics of every reading from the same
games.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from siege_nb.ai.lab import RuleReading, _derive, _whole
from siege_nb.ai.report import team_name
from siege_nb.disputes.metrics import PlayoutMetrics
from siege_nb.disputes.play import check_run, play_traced
from siege_nb.errors import ArgumentError, check_type, shorten
from siege_nb.games.catalogue import game_info
from siege_nb.i18n import ngettext, tr
from siege_nb.rules import format_value, option, options, presets, rules, title

__all__ = [
    "DisputeFrequencies",
    "PairFrequency",
    "dispute_frequencies",
    "wilson",
]

BOOTSTRAP = 1000  # resamples of the games for the interval of the share of positions


def _agents_words(agents: str) -> str:
    """The agents as stored (``"attacker: <MCTSAgent 100 iterations>, ..."``), each team
    named in the language in force; the agents' own descriptions are the programs' names."""
    return re.sub(
        r"\b(\w+): (<[^>]*>)",
        lambda m: tr("{team}: {agent}", team=team_name(m.group(1)), agent=m.group(2)),
        agents,
    )


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95 % by default).

    >>> [round(x, 3) for x in wilson(0, 40)]
    [0.0, 0.088]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class PairFrequency:
    """How much one pair of choices of one option matters (a row of the ranking).

    ``positions``, ``refused`` and ``results`` are the three shares (see the module's text),
    each with its ``*_interval``; ``positions_met`` and ``games`` are what they were counted
    over (games per choice)."""

    option: str
    option_id: str
    a: Any
    b: Any
    games: int
    positions_met: int
    positions: float
    positions_interval: tuple[float, float]
    refused: float
    refused_interval: tuple[float, float]
    results: float
    results_interval: tuple[float, float]

    @property
    def label(self) -> str:
        """``"SP-16: adjacent / reach-any-army"``."""
        return f"{self.option_id}: {format_value(self.a)} / {format_value(self.b)}"

    def as_row(self) -> dict[str, Any]:
        """The row as a plain dict (numbers unrounded)."""
        return {
            "option": self.option_id,
            "a": format_value(self.a),
            "b": format_value(self.b),
            "games": self.games,
            "positions met": self.positions_met,
            "positions differ": self.positions,
            "positions low": self.positions_interval[0],
            "positions high": self.positions_interval[1],
            "refused move played": self.refused,
            "refused low": self.refused_interval[0],
            "refused high": self.refused_interval[1],
            "result changes": self.results,
            "results low": self.results_interval[0],
            "results high": self.results_interval[1],
        }


def _pct(share: float, interval: tuple[float, float]) -> str:
    return f"{100 * share:.0f} % [{100 * interval[0]:.0f}–{100 * interval[1]:.0f}]"


@dataclass(frozen=True)
class DisputeFrequencies:
    """The outcome of :func:`dispute_frequencies`: ``records`` (one dict per game), ``pairs``
    (one :class:`PairFrequency` per option and pair of choices, ranked: the results they
    change first, then the games with a refused move, then the positions), and what was
    played (``game``, ``preset``, ``base`` options, ``n_games`` per reading, ``seed``,
    ``agents`` in words)."""

    game: str
    preset: str
    base: Mapping[str, Any]
    n_games: int
    seed: int
    agents: str
    records: tuple[dict[str, Any], ...]
    pairs: tuple[PairFrequency, ...]

    @property
    def table(self) -> Any:
        """The ranking as a pandas DataFrame (a list of dicts without pandas)."""
        rows = [p.as_row() for p in self.pairs]
        try:
            import pandas as pd
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def markdown(self, top: int | None = None) -> str:
        """The ranking as a Markdown table: shares in whole percentages, 95 % intervals."""
        head = [
            tr("rank"),
            tr("option: choices"),
            tr("result changes"),
            tr("refused move played"),
            tr("positions differ"),
        ]
        lines = ["| " + " | ".join(head) + " |", "|---|---|---|---|---|"]
        for k, p in enumerate(self.pairs[:top], 1):
            lines.append(
                f"| {k} | {p.label} | {_pct(p.results, p.results_interval)} | "
                f"{_pct(p.refused, p.refused_interval)} | "
                f"{_pct(p.positions, p.positions_interval)} |"
            )
        return "\n".join(lines)

    def report(self, top: int | None = None) -> str:
        """The ranking to read: a heading saying what was played, then :meth:`markdown`."""
        base = ", ".join(f"{k}={format_value(v)}" for k, v in self.base.items())
        said = {
            "game": title(self.game),
            "preset": self.preset,
            "agents": _agents_words(self.agents),
        }
        if base:
            head = ngettext(
                "{game}, preset {preset} with {base}: {n} game per choice ({agents}, seed {seed})",
                "{game}, preset {preset} with {base}: {n} games per choice ({agents}, seed {seed})",
                self.n_games,
                base=base,
                seed=self.seed,
                **said,
            )
        else:
            head = ngettext(
                "{game}, preset {preset}: {n} game per choice ({agents}, seed {seed})",
                "{game}, preset {preset}: {n} games per choice ({agents}, seed {seed})",
                self.n_games,
                seed=self.seed,
                **said,
            )
        return head + "\n\n" + self.markdown(top)

    def __str__(self) -> str:
        return self.report()

    def __repr__(self) -> str:
        # Short: the dataclass's own repr would print every game's record.
        return (
            f"<DisputeFrequencies {self.game}, preset {self.preset}, {self.n_games} games per "
            f"choice, {len(self.records)} games, {len(self.pairs)} pairs>"
        )

    def _repr_markdown_(self) -> str:
        return self.report()

    def plot(self, ax: Any = None, top: int | None = 12) -> Any:
        """A bar chart of the ranking (the ``top`` pairs): for each pair the three shares, with
        their intervals. Draws on ``ax`` (a matplotlib Axes) if given, else on a new figure
        (made without pyplot); returns the Axes."""
        from matplotlib.axes import Axes
        from matplotlib.figure import Figure

        if ax is not None and not isinstance(ax, Axes):
            raise TypeError(f"ax must be a matplotlib Axes or None, not {type(ax).__name__}")
        pairs = list(self.pairs[:top])
        if ax is None:
            fig = Figure(figsize=(8.5, max(3.0, 0.55 * len(pairs) + 1.4)), layout="constrained")
            ax = fig.add_subplot()
        series = [
            ("results", tr("result changes"), "#D55E00"),
            ("refused", tr("a refused move played"), "#0072B2"),
            ("positions", tr("positions where moves differ"), "#009E73"),
        ]
        height = 0.8 / len(series)
        ys = list(range(len(pairs)))[::-1]
        for k, (key, name, colour) in enumerate(series):
            values = [getattr(p, key) for p in pairs]
            lows = [
                v - getattr(p, f"{key}_interval")[0] for v, p in zip(values, pairs, strict=True)
            ]
            highs = [
                getattr(p, f"{key}_interval")[1] - v for v, p in zip(values, pairs, strict=True)
            ]
            offsets = [y + (1 - k) * height for y in ys]
            ax.barh(offsets, values, height, color=colour, label=name)
            ax.errorbar(values, offsets, xerr=[lows, highs], fmt="none", ecolor="black", lw=0.8)
        ax.set_yticks(ys)
        ax.set_yticklabels([p.label for p in pairs])
        ax.set_xlim(0, 1)
        ax.set_xlabel(tr("share (95 % interval)"))
        ax.set_title(
            ngettext(
                "{game}: which disputes matter ({n} game per choice)",
                "{game}: which disputes matter ({n} games per choice)",
                self.n_games,
                game=title(self.game),
            )
        )
        # Below the chart: inside it, the legend would hide the lowest pairs' bars.
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3, fontsize="small")
        return ax

    def merge(self, other: DisputeFrequencies) -> DisputeFrequencies:
        """This run and ``other`` as one: the records of both, ranked again. The two must
        have played the same game, preset, base options, seed and agents, on different game
        numbers (``first_game``), so that together they are the run a single call would have
        made; anything else raises :class:`~siege_nb.ArgumentError`.

        >>> from siege_nb.ai import RandomAgent
        >>> agents = {"attacker": RandomAgent(), "defender": RandomAgent()}
        >>> run = lambda first: dispute_frequencies("pyramid-siege", agents=agents, n_games=2,
        ...     options=["towards"], executor="serial", progress=False, first_game=first)
        >>> run(0).merge(run(2)).n_games
        4
        """
        check_type(other, DisputeFrequencies, "other")
        for field in ("game", "preset", "seed", "agents"):
            if getattr(self, field) != getattr(other, field):
                raise ArgumentError(
                    "other",
                    getattr(other, field),
                    f"a run with the same {field} as this one ({getattr(self, field)!r})",
                )
        if dict(self.base) != dict(other.base):
            raise ArgumentError("other", dict(other.base), f"a run with base {dict(self.base)!r}")
        mine = {(r["reading"], r["game_index"]) for r in self.records}
        both = sorted(
            i
            for rd, i in {(r["reading"], r["game_index"]) for r in other.records}
            if (rd, i) in mine
        )
        if both:
            raise ArgumentError(
                "other",
                f"games {both[0]}…",
                "a run on other game numbers (first_game) than this one's",
            )
        readings = [r["reading"] for r in self.records]
        order = {label: k for k, label in enumerate(dict.fromkeys(readings))}
        records = sorted(
            [*self.records, *other.records],
            key=lambda r: (order.get(r["reading"], len(order)), r["reading"], r["game_index"]),
        )
        return _rank(
            self.game,
            self.preset,
            self.base,
            self.n_games + other.n_games,
            self.seed,
            self.agents,
            records,
        )

    def metrics(self) -> PlayoutMetrics:
        """The playout metrics of every reading played, from the same games."""
        return PlayoutMetrics(self.game, list(self.records))

    def to_json(self) -> str:
        """The whole outcome as JSON text (the stored rankings are kept so)."""
        return json.dumps(
            {
                "game": self.game,
                "preset": self.preset,
                "base": dict(self.base),
                "n_games": self.n_games,
                "seed": self.seed,
                "agents": self.agents,
                "records": list(self.records),
            },
            indent=None,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> DisputeFrequencies:
        """Read :meth:`to_json`'s text back (the ranking is computed again from the records)."""
        check_type(text, str, "text")
        data = json.loads(text)
        return _rank(
            data["game"],
            data["preset"],
            data["base"],
            data["n_games"],
            data["seed"],
            data["agents"],
            [_fix(r) for r in data["records"]],
        )


def _fix(record: dict[str, Any]) -> dict[str, Any]:
    """A record read back from JSON (NaN is written as null)."""
    if record.get("drama") is None:
        record["drama"] = math.nan
    return record


def _label(name: str, value: Any) -> str:
    return f"{name}={format_value(value)}"


def _plan(
    game: str, preset: str, base: Mapping[str, Any], names: Sequence[str]
) -> tuple[
    list[tuple[RuleReading, tuple[tuple[str, RuleReading], ...]]], dict[str, list[tuple[Any, str]]]
]:
    """The readings to play (the base, then each single change) with the readings each is
    judged under, and per option its choices with the label of the reading that plays each."""
    base_rules = rules(game, preset, **base)
    base_reading = RuleReading("base", preset, dict(base))
    readings: dict[str, RuleReading] = {"base": base_reading}
    groups: dict[str, list[tuple[Any, str]]] = {}
    for name in names:
        opt = option(game, name)
        members = []
        for choice in opt.choices:
            if choice.value == base_rules[opt.name] and type(choice.value) is type(
                base_rules[opt.name]
            ):
                members.append((choice.value, "base"))
                continue
            label = _label(opt.name, choice.value)
            readings[label] = RuleReading(label, preset, {**base, opt.name: choice.value})
            members.append((choice.value, label))
        groups[opt.name] = members
    judges: dict[str, list[str]] = {label: [] for label in readings}
    for members in groups.values():
        labels = [label for _, label in members]
        for label in labels:
            judges[label] += [other for other in labels if other != label]
    plan = [
        (readings[label], tuple((other, readings[other]) for other in judges[label]))
        for label in readings
    ]
    return plan, groups


def _bootstrap(
    parts: Sequence[tuple[int, int]], seed: int, resamples: int = BOOTSTRAP
) -> tuple[float, float]:
    """The 95 % percentile interval of sum(k)/sum(n) over games resampled with replacement."""
    if not parts:
        return (0.0, 1.0)
    rng = random.Random(seed)
    values = []
    n = len(parts)
    for _ in range(resamples):
        k = t = 0
        for _ in range(n):
            a, b = parts[rng.randrange(n)]
            k += a
            t += b
        values.append(k / t if t else 0.0)
    values.sort()
    return (values[int(0.025 * resamples)], values[min(resamples - 1, int(0.975 * resamples))])


def _rank(
    game: str,
    preset: str,
    base: Mapping[str, Any],
    n_games: int,
    seed: int,
    agents: str,
    records: list[dict[str, Any]],
) -> DisputeFrequencies:
    by_reading: dict[str, dict[int, dict[str, Any]]] = {}
    for rec in records:
        by_reading.setdefault(rec["reading"], {})[rec["game_index"]] = rec
    names = sorted(
        {r["reading"].split("=", 1)[0] for r in records if r["reading"] != "base"},
        key=lambda n: [o.name for o in options(game)].index(n),
    )
    _, groups = _plan(game, preset, base, names)
    pairs = []
    for name, members in groups.items():
        opt = option(game, name)
        for (va, la), (vb, lb) in itertools.combinations(members, 2):
            ga, gb = by_reading.get(la, {}), by_reading.get(lb, {})
            indices = sorted(set(ga) & set(gb))
            parts = []
            refused = 0
            changed = 0
            for i in indices:
                ra, rb = ga[i], gb[i]
                seen_a = ra["positions"] - ra["unjudged"].get(lb, 0)
                seen_b = rb["positions"] - rb["unjudged"].get(la, 0)
                parts.append((ra["differ"].get(lb, 0) + rb["differ"].get(la, 0), seen_a + seen_b))
                refused += (ra["refused"].get(lb, 0) > 0) + (rb["refused"].get(la, 0) > 0)
                changed += ra["winner"] != rb["winner"]
            k = sum(a for a, _ in parts)
            t = sum(b for _, b in parts)
            n = len(indices)
            pairs.append(
                PairFrequency(
                    opt.name,
                    opt.id,
                    va,
                    vb,
                    n,
                    t,
                    k / t if t else 0.0,
                    _bootstrap(parts, _derive("bootstrap", seed, opt.name, la, lb))
                    if t
                    else (0.0, 1.0),
                    refused / (2 * n) if n else 0.0,
                    wilson(refused, 2 * n),
                    changed / n if n else 0.0,
                    wilson(changed, n),
                )
            )
    pairs.sort(key=lambda p: (-p.results, -p.refused, -p.positions, p.label))
    return DisputeFrequencies(
        game, preset, dict(base), n_games, seed, agents, tuple(records), tuple(pairs)
    )


def _check_names(game: str, names: Any) -> list[str]:
    """The options to measure, by name: every option of the game if ``None``."""
    if names is None:
        return [o.name for o in options(game)]
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"options must be a list of option names or ids, not {shorten(names)}")
    out: list[str] = []
    for key in names:
        check_type(key, str, "an item of options")
        try:
            name = option(game, key).name
        except (ValueError, LookupError):
            known = ", ".join(o.name for o in options(game))
            raise ArgumentError("options", key, f"an option of {game}: {known}") from None
        if name not in out:
            out.append(name)
    if not out:
        raise ArgumentError("options", names, "at least one option")
    return out


def dispute_frequencies(
    game: str,
    preset: str = "default",
    agents: Mapping[str, Any] | None = None,
    n_games: int = 40,
    seed: int = 0,
    *,
    options: Sequence[str] | None = None,
    base: Mapping[str, Any] | None = None,
    executor: Any = None,
    progress: bool = True,
    max_plies: int | None = None,
    chunk_size: int | None = None,
    first_game: int = 0,
) -> DisputeFrequencies:
    """How often each disputed rule of ``game`` matters in games between ``agents``.

    Plays ``n_games`` games under ``preset`` (with ``base`` options over it) and under each
    choice of each of ``options`` (every option of the game by default) changed alone, and
    returns the ranking of every pair of choices of every option (:class:`DisputeFrequencies`;
    the measures are described in the module's text). ``agents`` maps each team to an agent
    or factory, as for :func:`~siege_nb.ai.simulate` (by default the search agent,
    ``MCTSAgent(iterations=100)``, on both sides); ``executor`` is a
    :class:`concurrent.futures.Executor` (a Dask cluster's ``client.get_executor()`` too),
    ``"serial"``, or ``None`` for a local process pool; ``max_plies`` stops a game as a draw
    (the lab's own cap). The same arguments and ``seed`` give the same records however the
    games are spread. The games are numbered from ``first_game``: game ``i`` has the same
    seeds in every run, so a run from ``first_game=40`` adds games 40, 41, … to a run of 40,
    and :meth:`DisputeFrequencies.merge` joins the two.

    >>> from siege_nb.ai import RandomAgent
    >>> f = dispute_frequencies("pyramid-siege", agents={"attacker": RandomAgent(),
    ...     "defender": RandomAgent()}, n_games=4, options=["towards"], executor="serial",
    ...     progress=False)
    >>> [p.label for p in f.pairs], 0 <= f.pairs[0].positions <= 1
    (['PS-5: distance / not-away'], True)
    """
    info = game_info(game)
    check_type(preset, str, "preset")
    if preset not in presets(game):
        raise ArgumentError(
            "preset", preset, f"a preset of {info.title}: {', '.join(presets(game))}"
        )
    check_type(base, (Mapping, type(None)), "base")
    extra = dict(base or {})
    try:
        base_rules = rules(game, preset, **extra)
    except (TypeError, ValueError) as err:
        raise ArgumentError("base", extra, shorten(str(err), 200)) from None
    extra = {
        o.name: base_rules[o.name] for o in base_rules.options if o.name in base_rules.overrides
    }
    names = _check_names(game, options)
    if agents is None:
        from siege_nb.ai.agents import MCTSAgent
        from siege_nb.ai.base import TEAMS

        agents = {team: MCTSAgent(iterations=100) for team in TEAMS[game]}
    specs, count, seed_, limit, crossing = check_run(
        game, agents, n_games, seed, executor, progress, max_plies
    )
    first = _whole(first_game, "first_game", 0, 10_000_000)
    assert first is not None
    plan, _ = _plan(game, preset, extra, names)
    records = play_traced(
        game,
        plan,
        specs,
        count,
        seed_,
        executor,
        progress,
        limit,
        crossing,
        chunk_size=chunk_size,
        first=first,
    )
    words = ", ".join(f"{team}: {agent!r}" for team, agent in specs.items())
    return _rank(game, preset, extra, count, seed_, words, records)
