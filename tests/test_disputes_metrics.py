"""The playout metrics: each computed as its definition says, reproducible, explained."""

from __future__ import annotations

import math
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.ai import RandomAgent, simulate
from siege_nb.disputes import METRICS, PlayoutMetrics, playout_metrics
from siege_nb.disputes.metrics import summarize_metrics

RANDOM = {"attacker": RandomAgent(), "defender": RandomAgent()}


def record(reading: str, winner: str, reason: str = "PS-8", **kw: Any) -> dict[str, Any]:
    base = {
        "reading": reading,
        "game_index": 0,
        "seed": 0,
        "game": "pyramid-siege",
        "winner": winner,
        "reason": reason,
        "plies": 10,
        "decisions": 10,
        "branching": 4.0,
        "decision_moves": 0.5,
        "lead_changes": 0.1,
        "drama": 0.2,
        "stability": 0.01,
    }
    base.update(kw)
    return base


def test_each_metric_follows_its_definition() -> None:
    recs = [
        record("r", "defender"),  # Pyramid Siege's defenders move first
        record("r", "defender", plies=30, branching=6.0, drama=0.4),
        record("r", "attacker", reason="attackers-win"),
        record("r", "draw", reason="move_limit", drama=math.nan),
    ]
    (row,) = summarize_metrics("pyramid-siege", recs)
    assert row["win_defender"] == 0.5 and row["win_attacker"] == 0.25
    assert row["balance"] == pytest.approx(1 - 0.25)
    assert row["completion"] == 0.75
    assert row["timeouts"] == 0.25 and row["drawishness"] == 0.0
    assert row["advantage"] == 0.5
    assert row["duration"] == pytest.approx(15)
    assert row["branching"] == pytest.approx(4.5)
    # Drama over the won games only.
    assert row["drama"] == pytest.approx((0.2 + 0.4 + 0.2) / 3)
    # A draw by a rule other than the move limit is drawishness, not a timeout.
    (row,) = summarize_metrics("pyramid-siege", [record("r", "draw", reason="SP-4")])
    assert (row["drawishness"], row["timeouts"]) == (1.0, 0.0)


def test_metrics_are_reproducible_and_the_labs_games() -> None:
    readings = {"capture": ["huff", "strict"]}
    one = playout_metrics(
        "pyramid-siege", readings, RANDOM, n_games=5, seed=3, executor="serial", progress=False
    )
    two = playout_metrics(
        "pyramid-siege", readings, RANDOM, n_games=5, seed=3, executor="serial", progress=False
    )
    assert one.records == two.records
    sim = simulate(
        "pyramid-siege", readings, RANDOM, n_games=5, seed=3, executor="serial", progress=False
    )
    mine = [(r["reading"], r["winner"], r["plies"]) for r in one.records]
    assert mine == [(r["reading"], r["winner"], r["plies"]) for r in sim.records]
    # The win rates beside the metrics are the lab's.
    lab = {row["reading"]: row for row in sim.summary.to_dict("records")}
    for row in summarize_metrics("pyramid-siege", one.records):
        assert row["win_attacker"] == lab[row["reading"]]["win_attacker"]
        assert row["branching"] == pytest.approx(lab[row["reading"]]["branching"])


def test_every_metric_is_explained_and_drawn() -> None:
    keys = [m.key for m in METRICS]
    assert len(set(keys)) == len(keys) >= 10
    text = PlayoutMetrics.explain()
    for m in METRICS:
        assert m.teacher.endswith(".") and m.ludii and m.where.endswith(".java")
        assert m.name in text and m.ludii in text
    m = playout_metrics(
        "pyramid-siege", "default", RANDOM, n_games=3, executor="serial", progress=False
    )
    fig = m.plot()
    shown = [ax for ax in fig.axes if ax.get_visible()]
    assert [ax.get_title() for ax in shown] == [x.name for x in METRICS]
    assert "| reading |" in m.report() and "Drama" in m.report()
    assert len(m.plot(keys=["balance", "drama"]).axes) >= 2
    with pytest.raises(sn.ArgumentError):
        m.plot(keys=["beauty"])


def test_bad_input_is_refused() -> None:
    with pytest.raises(sn.ArgumentError):
        playout_metrics("pyramid-siege", "nothing", RANDOM, n_games=2, executor="serial")
    with pytest.raises(TypeError):
        playout_metrics("pyramid-siege", "default", RANDOM, n_games="2", executor="serial")
