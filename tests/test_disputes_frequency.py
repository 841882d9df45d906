"""How often a disagreement matters: the frequencies, checked against what they count.

The games are the balance lab's games (same agents, same seeds); the shares are checked
against counts made again with the public API, and against pairs of choices that cannot
differ. Runs are reproducible from the seed, serially and on a process pool.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.ai import MCTSAgent, RandomAgent, SimulationError, simulate
from siege_nb.ai.base import BaseAgent, own_moves
from siege_nb.ai.lab import _derive, _seeded
from siege_nb.disputes import DisputeFrequencies, dispute_frequencies, wilson
from siege_nb.disputes.play import _trace_measures

RANDOM = {"attacker": RandomAgent(), "defender": RandomAgent()}
SEARCH = {"attacker": MCTSAgent(iterations=12), "defender": MCTSAgent(iterations=12)}


def small(**kw: Any) -> DisputeFrequencies:
    args: dict[str, Any] = {
        "agents": RANDOM,
        "n_games": 6,
        "seed": 4,
        "executor": "serial",
        "progress": False,
        "options": ["towards", "capture"],
    }
    args.update(kw)
    return dispute_frequencies("pyramid-siege", **args)


def test_frequencies_are_reproducible_serially_and_on_a_pool() -> None:
    serial = small(agents=SEARCH)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = small(agents=SEARCH, executor=pool)
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = small(agents=SEARCH, executor=threads, chunk_size=1)
    assert serial.records == pooled.records == threaded.records
    assert [p.as_row() for p in serial.pairs] == [p.as_row() for p in pooled.pairs]
    # Another seed plays other games.
    assert small(agents=SEARCH, seed=5).records != serial.records


def test_a_run_in_parts_is_the_run_in_one() -> None:
    whole = small(agents=SEARCH)
    first, second = small(agents=SEARCH, n_games=2), small(agents=SEARCH, n_games=4, first_game=2)
    joined = first.merge(second)
    assert joined.n_games == whole.n_games == 6
    assert joined.records == whole.records
    assert [p.as_row() for p in joined.pairs] == [p.as_row() for p in whole.pairs]
    # Either order gives the same ranking.
    assert [p.as_row() for p in second.merge(first).pairs] == [p.as_row() for p in whole.pairs]
    # The same games twice, or another seed, are not one run.
    with pytest.raises(sn.ArgumentError, match="other game numbers"):
        first.merge(small(agents=SEARCH, n_games=3))
    with pytest.raises(sn.ArgumentError, match="same seed"):
        first.merge(small(agents=SEARCH, n_games=2, first_game=2, seed=5))
    with pytest.raises(TypeError):
        first.merge(whole.records)  # type: ignore[arg-type]


def test_the_games_are_the_balance_labs() -> None:
    """Game i of a reading is simulate's game i: same agents, same seeds, same winner."""
    f = small()
    sim = simulate(
        "pyramid-siege",
        [{"label": "base"}, {"towards": "not-away", "label": "towards=not-away"}],
        RANDOM,
        n_games=6,
        seed=4,
        executor="serial",
        progress=False,
    )
    mine = {(r["reading"], r["game_index"]): (r["winner"], r["plies"]) for r in f.records}
    theirs = {(r["reading"], r["game_index"]): (r["winner"], r["plies"]) for r in sim.records}
    assert theirs and all(mine[key] == value for key, value in theirs.items())


def _replay_counts(seed: int, index: int) -> tuple[int, int, int]:
    """Game ``index`` of the base reading played again through the public API: the positions,
    those where ``towards`` = not-away allows other moves (each position judged as a set-up
    under both readings), and the moves played that not-away refuses."""
    g = sn.new_game("pyramid-siege")
    game_seed = _derive("siege-lab", seed, index)
    agents = {t: _seeded(RANDOM[t], _derive(game_seed, t)) for t in RANDOM}
    positions = differ = refused = 0
    while not g.is_over:
        setup = g.position()
        mine = sn.new_game("pyramid-siege", **setup)
        other = sn.new_game("pyramid-siege", towards="not-away", **setup)
        positions += 1
        if {m.text for m in mine.legal_moves()} != {m.text for m in other.legal_moves()}:
            differ += 1
        move = agents[g.to_move].choose(g)
        judge = sn.new_game("pyramid-siege", towards="not-away", **setup)
        if move.kind != "huff" and judge.find(move.text) is None:
            refused += 1
        g.play(move)
    return positions, differ, refused


def test_the_counts_agree_with_the_public_api() -> None:
    f = small()
    base = {r["game_index"]: r for r in f.records if r["reading"] == "base"}
    for index in range(3):
        positions, differ, refused = _replay_counts(4, index)
        rec = base[index]
        assert rec["positions"] == positions
        assert rec["differ"]["towards=not-away"] == differ
        assert rec["refused"]["towards=not-away"] == refused
    # And the pair's share is made of those counts.
    pair = next(p for p in f.pairs if p.option == "towards")
    other = {r["game_index"]: r for r in f.records if r["reading"] == "towards=not-away"}
    k = sum(base[i]["differ"]["towards=not-away"] + other[i]["differ"]["base"] for i in base)
    n = sum(base[i]["positions"] + other[i]["positions"] for i in base)
    assert pair.positions == pytest.approx(k / n) and pair.positions_met == n
    changed = sum(base[i]["winner"] != other[i]["winner"] for i in base)
    assert pair.results == pytest.approx(changed / 6)
    assert pair.results_interval == wilson(changed, 6)


def test_choices_equal_in_effect_never_differ() -> None:
    f = small(options=["huff_target"], base={"capture": "strict"})
    (pair,) = f.pairs
    assert (pair.positions, pair.refused, pair.results) == (0.0, 0.0, 0.0)
    assert pair.positions_met > 0
    # Under huffing they do differ in some positions of the same games.
    (pair,) = small(options=["huff_target"]).pairs
    assert pair.positions > 0


def test_every_pair_of_choices_is_ranked() -> None:
    f = small(options=["towards", "capture", "huff_target", "move_limit"])
    labels = [p.label for p in f.pairs]
    assert sorted(labels) == sorted(
        [
            "PS-5: distance / not-away",
            "PS-3: huff / strict",
            "PS-10: could-capture / moved",
            "move_limit: 200 / off",
        ]
    )
    keys = [(-p.results, -p.refused, -p.positions) for p in f.pairs]
    assert keys == sorted(keys)
    for p in f.pairs:
        for share, (low, high) in (
            (p.positions, p.positions_interval),
            (p.refused, p.refused_interval),
            (p.results, p.results_interval),
        ):
            assert 0 <= low <= share <= high <= 1
    text = f.report()
    assert "| rank |" in text and "PS-5: distance / not-away" in text
    # Four choices: six pairs (SP-16).
    pairs = dispute_frequencies(
        "siege-of-paris",
        agents={"garrison": RandomAgent(), "attackers": RandomAgent()},
        n_games=1,
        options=["SP-16"],
        executor="serial",
        progress=False,
        max_plies=30,
    ).pairs
    assert len(pairs) == 6


def test_the_outcome_round_trips_and_draws() -> None:
    f = small()
    back = DisputeFrequencies.from_json(f.to_json())
    assert [p.as_row() for p in back.pairs] == [p.as_row() for p in f.pairs]
    ax = f.plot()
    assert len(ax.get_yticklabels()) == len(f.pairs)
    assert f.metrics().summary is not None


def test_wilson() -> None:
    low, high = wilson(20, 40)
    assert low < 0.5 < high and math.isclose(low + high, 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_trace_measures() -> None:
    # The attackers lead, then the defenders, then the attackers: two changes in four.
    got = _trace_measures("pyramid-siege", [0.7, 0.3, 0.4, 0.8], "attacker")
    assert got["lead_changes"] == pytest.approx(2 / 4)
    # The attackers won and were behind at 0.3 and 0.4: (0.4 + 0.2) / 4.
    assert got["drama"] == pytest.approx(0.6 / 4)
    assert math.isnan(_trace_measures("pyramid-siege", [0.5, 0.5], "draw")["drama"])
    mean = 0.55
    variance = sum((e - mean) ** 2 for e in [0.7, 0.3, 0.4, 0.8]) / 4
    assert got["stability"] == pytest.approx(2 * variance)


@pytest.mark.parametrize(
    ("kw", "error"),
    [
        ({"preset": "x"}, sn.ArgumentError),
        ({"options": "towards"}, TypeError),
        ({"options": ["nothing"]}, sn.ArgumentError),
        ({"n_games": 0}, sn.ArgumentError),
        ({"n_games": 1.5}, TypeError),
        ({"seed": "1"}, TypeError),
        ({"executor": "pool"}, sn.ArgumentError),
        ({"agents": {"attacker": RandomAgent()}}, sn.ArgumentError),
        ({"base": {"capture": "sometimes"}}, sn.ArgumentError),
        ({"max_plies": 0}, sn.ArgumentError),
        ({"first_game": -1}, sn.ArgumentError),
        ({"first_game": "2"}, TypeError),
    ],
)
def test_bad_input_is_refused(kw: dict, error: type) -> None:
    with pytest.raises(error):
        small(**kw)


def test_frequencies_on_a_dask_cluster_are_the_same() -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        remote = small(executor=client.get_executor())
    assert remote.records == small().records


class Fails(BaseAgent):
    """An agent that fails at its third decision."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, game: sn.Game) -> sn.Move:
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("the agent failed")
        return own_moves(game)[0]


def test_a_failing_game_is_named() -> None:
    with pytest.raises(SimulationError) as caught:
        small(agents={"attacker": Fails(), "defender": RandomAgent()})
    err = caught.value
    assert err.game == "pyramid-siege" and err.reading == "base" and err.game_index == 0
    assert "the agent failed" in str(err)
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(SimulationError) as caught:
        small(agents={"attacker": Fails(), "defender": RandomAgent()}, executor=pool)
    assert caught.value.game_index is not None and "the agent failed" in str(caught.value)
