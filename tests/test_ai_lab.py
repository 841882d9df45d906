"""The rule-balance lab: readings, reproducible parallel runs, the summary and the plot."""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

import siege_nb as sn
from siege_nb.ai.agents import RandomAgent
from siege_nb.ai.lab import LAB_MOVE_LIMIT, parse_readings, simulate, summarize

GAME = "pyramid-siege"
GRID = {"capture": ["huff", "strict"], "towards": ["distance", "not-away"]}


def agents() -> dict[str, RandomAgent]:
    return {"attacker": RandomAgent(seed=1), "defender": RandomAgent(seed=2)}


def run(**kw):
    args = {
        "readings": GRID,
        "agents": agents(),
        "n_games": 6,
        "move_limit": 60,
        "progress": False,
        "executor": "serial",
    }
    args.update(kw)
    return simulate(GAME, **args)


# -- reproducibility ---------------------------------------------------------------------------
def test_same_seed_same_records_serial_pool_and_any_chunking() -> None:
    serial = run(seed=7)
    assert len(serial.records) == 4 * 6
    assert run(seed=7).records == serial.records
    assert run(seed=7, chunk_size=1).records == serial.records
    assert run(seed=7, chunk_size=5).records == serial.records
    with ProcessPoolExecutor(2) as pool:
        assert run(seed=7, executor=pool).records == serial.records
        assert run(seed=7, executor=pool, chunk_size=4).records == serial.records


def test_default_executor_is_a_local_process_pool() -> None:
    small = {"readings": "default", "n_games": 3, "seed": 3}
    assert run(executor=None, **small).records == run(**small).records


def test_different_seeds_differ() -> None:
    a, b = run(seed=1), run(seed=2)
    assert [r["seed"] for r in a.records] != [r["seed"] for r in b.records]
    assert [(r["plies"], r["winner"]) for r in a.records] != [
        (r["plies"], r["winner"]) for r in b.records
    ]


def test_agents_are_fresh_reseeded_copies_and_factories_work() -> None:
    given = agents()
    sim = run(agents=given, seed=5)
    assert given["attacker"].seed == 1 and given["defender"].seed == 2  # not mutated
    factories = run(agents={"attacker": RandomAgent, "defender": RandomAgent}, seed=5)
    assert factories.records == sim.records  # the seed attribute is set either way


def test_records_fields_and_move_limit() -> None:
    sim = run(readings="default", n_games=5, move_limit=4)
    for rec in sim.records:
        assert set(rec) >= {
            "reading",
            "game_index",
            "seed",
            "winner",
            "reason",
            "plies",
            "captures",
            "branching",
        }
        assert rec["plies"] <= 4
        assert rec["winner"] in ("attacker", "defender", "draw")
        if rec["winner"] == "draw":
            assert rec["reason"] == LAB_MOVE_LIMIT
        assert rec["branching"] > 0 and rec["captures"] >= 0
    assert [r["game_index"] for r in sim.records] == list(range(5))
    full = run(readings="default", n_games=5, move_limit=None)
    assert all(r["winner"] != "draw" or r["reason"] == "move_limit" for r in full.records)
    assert any(r["captures"] > 0 for r in full.records)


def test_a_game_object_gives_its_set_up() -> None:
    a = simulate(
        sn.new_game(GAME), "default", agents(), 3, executor="serial", progress=False, move_limit=30
    )
    b = simulate(GAME, "default", agents(), 3, executor="serial", progress=False, move_limit=30)
    assert a.records == b.records


def test_progress_prints_nothing_outside_a_kernel(capsys) -> None:
    run(readings="default", n_games=2, progress=True)
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


# -- readings ----------------------------------------------------------------------------------
def test_reading_forms_and_labels() -> None:
    assert [r.label for r in parse_readings("siege-of-paris", "escale-a-jeux")] == ["escale-a-jeux"]
    assert [r.label for r in parse_readings("belagerung", ["default", "bonaludo"])] == [
        "default",
        "bonaludo",
    ]
    grid = parse_readings(GAME, GRID)
    assert [r.label for r in grid] == [
        "capture=huff, towards=distance",
        "capture=huff, towards=not-away",
        "capture=strict, towards=distance",
        "capture=strict, towards=not-away",
    ]
    assert all(r.preset == "default" for r in grid)
    assert grid[3].overrides == {"capture": "strict", "towards": "not-away"}
    dicts = parse_readings(
        "siege-of-paris",
        [
            {"preset": "ludosofia"},
            {"preset": "ludosofia", "protection": "adjacent"},
            {"SP-5": "always"},
            {"capture": "optional", "label": "optional capture"},
        ],
    )
    assert [r.label for r in dicts] == [
        "ludosofia",
        "ludosofia: protection=adjacent",
        "capture=always",  # an option id is shown by its name
        "optional capture",
    ]
    assert dicts[1].overrides == {"protection": "adjacent"}


def test_simulation_keeps_reading_order() -> None:
    sim = run(readings=[{"capture": "strict"}, "default"], n_games=2)
    assert sim.readings == ["capture=strict", "default"]
    assert [r["reading"] for r in sim.records] == ["capture=strict"] * 2 + ["default"] * 2
    assert [row["reading"] for row in summarize(sim.records)] == sim.readings


# -- the summary -------------------------------------------------------------------------------
def rec(reading: str, winner: str, plies: int, branching: float, captures: int = 0) -> dict:
    return {
        "reading": reading,
        "game": GAME,
        "winner": winner,
        "plies": plies,
        "branching": branching,
        "captures": captures,
    }


def test_summarize_on_a_hand_made_table() -> None:
    records = [
        rec("a", "attacker", 10, 4.0, 2),
        rec("a", "attacker", 20, 6.0, 4),
        rec("a", "defender", 30, 5.0, 6),
        rec("a", "draw", 40, 1.0, 0),
        rec("b", "defender", 8, 2.0),
        rec("b", "defender", 12, 3.0),
    ]
    a, b = summarize(records)
    assert a["reading"] == "a" and a["games"] == 4
    assert a["win_attacker"] == 0.5 and a["win_defender"] == 0.25 and a["draw"] == 0.25
    assert a["length"] == 25.0 and a["branching"] == 4.0 and a["captures"] == 3.0
    assert a["balance"] == pytest.approx(0.75)
    assert b["games"] == 2 and b["win_attacker"] == 0.0 and b["win_defender"] == 1.0
    assert b["draw"] == 0.0 and b["length"] == 10.0 and b["branching"] == 2.5
    assert b["balance"] == 0.0
    assert summarize([]) == []
    # Teams come from the game, or are given.
    no_game = [{k: v for k, v in r.items() if k != "game"} for r in records]
    assert summarize(no_game, teams=("attacker", "defender")) == [a, b]
    with pytest.raises(ValueError, match="teams"):
        summarize(no_game[4:])


def test_summary_and_table_follow_the_records() -> None:
    sim = run()
    rows = summarize(sim.records)
    assert len(rows) == 4 and all(r["games"] == 6 for r in rows)
    for row in rows:
        assert row["win_attacker"] + row["win_defender"] + row["draw"] == pytest.approx(1)
        assert row["balance"] == pytest.approx(1 - abs(row["win_attacker"] - row["win_defender"]))
    pd = pytest.importorskip("pandas")
    assert isinstance(sim.table, pd.DataFrame) and len(sim.table) == 24
    assert isinstance(sim.summary, pd.DataFrame)
    assert list(sim.summary["reading"]) == sim.readings
    assert sim.summary.to_dict("records") == rows


def test_without_pandas_the_table_is_the_records(monkeypatch) -> None:
    sim = run(readings="default", n_games=2)
    monkeypatch.setitem(sys.modules, "pandas", None)
    assert sim.table == sim.records
    assert sim.summary == summarize(sim.records)


def test_the_report_writes_the_summary_for_readers() -> None:
    """``report()`` has one row per reading, in order, with the summary's numbers as whole
    percentages and short decimals, headers named after the game's teams, and an HTML form
    in which a long reading may break after its commas."""
    sim = run()
    report = sim.report()
    rows = summarize(sim.records)
    assert [r["reading"] for r in report.rows] == sim.readings
    assert [h for h, _ in report.headers()][:3] == ["games", "attacker won", "defender won"]
    lines = str(report).splitlines()
    assert len(lines) == 1 + len(rows)
    for line, row in zip(lines[1:], rows, strict=True):
        cells = line.split(" | ")
        assert cells[0] == row["reading"] and cells[1] == str(row["games"])
        assert cells[2] == f"{round(100 * row['win_attacker'])} %"
        assert cells[4] == f"{round(100 * row['draw'])} %"
        assert cells[-1] == f"{row['balance']:.2f}"
    page = report._repr_html_()
    assert page.count("<tr") == 1 + len(rows)
    assert "attacker won" in page and "<wbr>" in page  # the grid's readings have commas
    paris = sn.ai.Simulation(
        "siege-of-paris",
        ["default"],
        ("garrison", "attackers"),
        [{"reading": "default", "game": "siege-of-paris", "winner": "garrison", "plies": 90,
          "captures": 3, "branching": 11.5}],
    )  # fmt: skip
    assert str(paris.report()).splitlines() == [
        "reading | games | garrison won | attackers won | draws | length | taken | choices "
        "| balance",
        "default | 1 | 100 % | 0 % | 0 % | 90 | 3.0 | 11.5 | 0.00",
    ]


# -- the plot ----------------------------------------------------------------------------------
def test_plot_has_one_bar_group_per_reading() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    sim = run()
    ax = sim.plot()
    assert isinstance(ax, Axes)
    assert [t.get_text() for t in ax.get_xticklabels()] == sim.readings
    assert len(ax.containers) == 3  # attacker wins, defender wins, draws
    assert all(len(c) == len(sim.readings) for c in ax.containers)
    heights = [bar.get_height() for bar in ax.containers[0]]
    assert heights == [row["win_attacker"] for row in summarize(sim.records)]
    assert [bar.get_height() for bar in ax.containers[2]] == [
        row["draw"] for row in summarize(sim.records)
    ]
    ax.figure.canvas.draw()  # it renders
    given = Figure().add_subplot()
    assert sim.plot(ax=given) is given


# -- Dask --------------------------------------------------------------------------------------
def test_dask_executor_gives_the_same_results() -> None:
    pytest.importorskip("distributed", reason="dask.distributed is not installed")
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        dask = run(seed=11, executor=client.get_executor())
    assert dask.records == run(seed=11).records


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"readings": "no-such-preset"}, "no preset 'no-such-preset'"),
        ({"readings": ["default", "nope"]}, "no preset 'nope'"),
        ({"readings": {"speed": [1, 2]}}, "no option 'speed'"),
        ({"readings": {"capture": ["huff", "sometimes"]}}, "capture"),
        ({"readings": {"capture": []}}, "no value for 'capture'"),
        ({"readings": {}}, "at least one option"),
        ({"readings": []}, "no readings"),
        ({"readings": ["default", "default"]}, "twice"),
        ({"readings": [3]}, "preset name or a dict"),
        ({"readings": 3}, "readings is a preset name"),
        ({"n_games": 0}, "n_games"),
        ({"n_games": 2.5}, "n_games"),
        ({"agents": {"attacker": RandomAgent()}}, "no agent for 'defender'"),
        (
            {"agents": {"attacker": RandomAgent(), "defender": RandomAgent(), "garrison": 1}},
            "unknown team 'garrison'",
        ),
        ({"agents": {"attacker": RandomAgent(), "defender": 42}}, "choose"),
        ({"agents": [RandomAgent()]}, "maps each team"),
        ({"executor": "threads"}, "executor"),
        ({"move_limit": 0}, "move_limit"),
        ({"chunk_size": 0}, "chunk_size"),
    ],
)
def test_bad_input_is_a_clear_value_error(kw: dict, message: str) -> None:
    args = {
        "game": GAME,
        "readings": "default",
        "agents": agents(),
        "n_games": 2,
        "executor": "serial",
        "progress": False,
    }
    args.update(kw)
    with pytest.raises(ValueError, match=message):
        simulate(**args)


def test_a_factory_that_returns_no_agent_is_refused() -> None:
    with pytest.raises(ValueError, match="no choose"):
        run(agents={"attacker": lambda: 42, "defender": RandomAgent})
