"""The computer players and the balance lab at the public boundary (issue 14, item 1).

Agents' constructors and methods, the turn helpers, the search domains and ``search``, and
every argument of ``simulate``, ``parse_readings`` and ``summarize`` refuse bad input with a
``TypeError`` or one of the project's errors (never an internal one), with a short message
naming the argument. A refused call changes nothing: the game it was given is as it was, and
``simulate`` plays no game before every argument is known to be good.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fuzzing import FUZZ, deeply_nested, hostile, refused_cleanly, tricky_text
from hypothesis import assume, given
from hypothesis import strategies as st

import siege_nb as sn
from siege_nb.ai import (
    ArgumentTypeError,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    Simulation,
    simulate,
    summarize,
)
from siege_nb.ai.agents import evaluate
from siege_nb.ai.base import BaseAgent, demand_available, own_moves, play_turn, team_of
from siege_nb.ai.lab import MAX_GAMES, MAX_READINGS, RuleReading, parse_readings
from siege_nb.ai.search import HuntDomain, ParisDomain, search
from siege_nb.errors import shorten
from siege_nb.games.base import Game, Move

PARIS, PS = "siege-of-paris", "pyramid-siege"
DEMAND_POSITION = {
    "k7": "garrison soldier",
    "j8": "black soldier",
    "a2": "white soldier",
    "b1": "white colonel",
    "C4": "garrison general",
}


def snapshot(g: Game) -> tuple[Any, ...]:
    """Everything a reader can see of a game (the record holds the undone moves too)."""
    return (g.to_json(), g.pieces(), g.to_move, g.moves, g.result)


def finished(game: str = PS) -> Game:
    g = sn.new_game(game, move_limit=40)
    agents = {"attacker": GreedyAgent(0), "defender": RandomAgent(0)}
    while g.result is None:
        play_turn(g, agents)
    return g


def demand_game() -> Game:
    """A Siege of Paris position where the attackers may demand a capture, with a move undone
    so that the redo list is part of what must survive a refusal."""
    g = sn.new_game(PARIS, position=DEMAND_POSITION, to_move="garrison")
    g.play("C4-C3")
    g.undo()
    assert demand_available(g) and g.can_redo
    return g


class Counting(BaseAgent):
    """Plays the first move and counts every decision made by any copy (class-wide)."""

    name = "counting"
    calls = 0

    def choose(self, game: Game) -> Move:
        Counting.calls += 1
        return own_moves(game)[0]


class Gives(BaseAgent):
    """Returns a fixed value as its move, whatever it is."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def choose(self, game: Game) -> Any:
        return self.value


class Demands(BaseAgent):
    def wants_demand(self, game: Game) -> bool:
        return True

    def choose(self, game: Game) -> Move:
        return own_moves(game)[0]


def short_id(value: Any) -> str | None:
    """A test id for a parameter (pytest's own uses str(), which fails on 10**5000)."""
    return None if isinstance(value, type) else shorten(value, 30)


def kind_ok(err: BaseException | None) -> None:
    """A refusal, if any, is a TypeError or a project error (refused_cleanly checked that)."""
    assert err is None or isinstance(err, (TypeError, sn.SiegeError))


# -- agents ---------------------------------------------------------------------------------------
SETTINGS = ("seconds", "iterations", "seed", "rollout_depth", "exploration")


@FUZZ
@given(value=hostile)
def test_agent_seeds_are_whole_numbers_or_none(value: Any) -> None:
    for kind in (RandomAgent, GreedyAgent):
        err = refused_cleanly(f"{kind.__name__}(seed)", lambda kind=kind: kind(value))
        if err is None:
            assert value is None or (isinstance(value, int) and not isinstance(value, bool))


@pytest.mark.parametrize("setting", SETTINGS)
@FUZZ
@given(value=hostile)
def test_search_agent_settings_are_checked(setting: str, value: Any) -> None:
    err = refused_cleanly(f"MCTSAgent({setting})", lambda: MCTSAgent(**{setting: value}))
    if err is not None:
        assert setting in str(err)
        return
    if setting in ("seconds", "exploration"):
        assert math.isfinite(value) and value >= 0 and not isinstance(value, bool)
    elif setting not in ("seed", "iterations") or value is not None:
        assert isinstance(value, int) and not isinstance(value, bool)


@pytest.mark.parametrize(
    ("setting", "value", "kind"),
    [
        ("iterations", 0, sn.ArgumentError),
        ("iterations", -5, sn.ArgumentError),
        ("iterations", 2.5, TypeError),
        ("seconds", float("nan"), sn.ArgumentError),
        ("seconds", float("inf"), sn.ArgumentError),
        ("seconds", 0, sn.ArgumentError),
        ("seconds", -1.0, sn.ArgumentError),
        ("seconds", 10**5000, sn.ArgumentError),
        ("seconds", "1", TypeError),
        ("rollout_depth", -1, sn.ArgumentError),
        ("exploration", float("nan"), sn.ArgumentError),
        ("exploration", -0.5, sn.ArgumentError),
        ("seed", "7", TypeError),
        ("seed", 1.5, TypeError),
    ],
    ids=short_id,
)
def test_search_agent_refuses_bad_settings_by_name(setting: str, value: Any, kind: type) -> None:
    with pytest.raises(kind, match=setting):
        MCTSAgent(**{setting: value})


def test_a_setting_changed_later_is_refused_at_the_next_decision() -> None:
    agent = MCTSAgent(iterations=5, seed=0)
    agent.iterations = -1
    g = sn.new_game(PS)
    before = snapshot(g)
    with pytest.raises(sn.ArgumentError, match=r"MCTSAgent\.iterations: -1"):
        agent.choose(g)
    assert snapshot(g) == before
    agent.iterations = 10**5000  # any whole number is a budget, even one no float holds
    agent.seconds = float("nan")
    with pytest.raises(sn.ArgumentError, match=r"MCTSAgent\.seconds"):
        agent.choose(g)


AGENTS: list[Callable[[], Any]] = [
    lambda: RandomAgent(1),
    lambda: GreedyAgent(1),
    lambda: MCTSAgent(iterations=4, seed=1),
]


@pytest.mark.parametrize("which", range(len(AGENTS)), ids=["random", "greedy", "mcts"])
@FUZZ
@given(value=hostile)
def test_agents_refuse_what_is_not_a_game(value: Any, which: int) -> None:
    agent = AGENTS[which]()
    err = refused_cleanly(f"{agent.name}.choose", lambda: agent.choose(value))
    assert isinstance(err, TypeError) and "game must be Game" in str(err)
    err = refused_cleanly(f"{agent.name}.wants_demand", lambda: agent.wants_demand(value))
    assert isinstance(err, TypeError)


@pytest.mark.parametrize("make", AGENTS, ids=["random", "greedy", "mcts"])
def test_a_finished_game_is_refused_clearly(make: Callable[[], Any]) -> None:
    g = finished()
    before = snapshot(g)
    with pytest.raises(sn.ArgumentError, match=r"game: .* a game still in play; this one is over"):
        make().choose(g)
    assert snapshot(g) == before


@FUZZ
@given(value=hostile)
def test_turn_helpers_refuse_what_is_not_a_game(value: Any) -> None:
    for name, call in [
        ("evaluate", lambda: evaluate(value)),
        ("own_moves", lambda: own_moves(value)),
        ("demand_available", lambda: demand_available(value)),
        ("team_of(game)", lambda: team_of(value, "white")),
        ("play_turn(game)", lambda: play_turn(value, {"attacker": RandomAgent()})),
    ]:
        assert isinstance(refused_cleanly(name, call), TypeError)


@FUZZ
@given(side=st.one_of(hostile, tricky_text, st.sampled_from(["white", "garrison", "attacker"])))
def test_team_of_knows_only_sides(side: Any) -> None:
    err = refused_cleanly("team_of(side)", lambda: team_of(sn.new_game(PS), side))
    if err is None:
        assert side in ("white", "black", "garrison", "attacker", "defender")


@FUZZ
@given(agents=hostile, move=st.one_of(hostile, tricky_text), demand=st.booleans())
def test_a_refused_turn_leaves_the_game_as_it_was(agents: Any, move: Any, demand: bool) -> None:
    g = demand_game() if demand else sn.new_game(PS)
    before = snapshot(g)
    err = refused_cleanly("play_turn(agents)", lambda: play_turn(g, agents))
    assert err is not None and snapshot(g) == before
    # Agents that answer with anything at all: a bad answer changes nothing either, even
    # after the attackers asked for a demand (it is played on a copy first).
    team = {"garrison": Gives(move), "attackers": Demands()}
    given_agents = team if demand else {"attacker": Gives(move), "defender": Gives(move)}
    err = refused_cleanly("play_turn(agent's move)", lambda: play_turn(g, given_agents))
    if err is not None:
        assert snapshot(g) == before


def test_an_agent_that_fails_after_a_demand_leaves_no_demand_behind() -> None:
    class Broken(BaseAgent):
        def choose(self, game: Game) -> Move:
            raise RuntimeError("no idea")

    g = demand_game()
    before = snapshot(g)
    with pytest.raises(RuntimeError, match="no idea"):
        play_turn(g, {"garrison": Broken(), "attackers": Demands()})
    assert snapshot(g) == before and g.can_redo
    played = play_turn(g, {"garrison": Demands(), "attackers": Demands()})
    assert [m.kind for m in played][:1] == ["demand"] and len(played) == 2


def test_play_turn_names_the_missing_agent() -> None:
    g = sn.new_game(PS)
    with pytest.raises(sn.ArgumentError, match=r"agents: .* an agent for the team that decides"):
        play_turn(g, {"nobody": RandomAgent()})
    assert snapshot(g) == snapshot(sn.new_game(PS))
    with pytest.raises(TypeError, match=rf"agents\['{g.to_move}'\] must be an agent"):
        play_turn(g, {"attacker": 5, "defender": 5})
    with pytest.raises(sn.ArgumentError, match="over"):
        play_turn(finished(), {"attacker": RandomAgent(), "defender": RandomAgent()})
    with pytest.raises(sn.ArgumentError, match="side: 'nobody'"):
        team_of(g, "nobody")


# -- the search domains and search() --------------------------------------------------------------
@FUZZ
@given(value=hostile)
def test_domains_refuse_what_is_not_a_game_of_their_family(value: Any) -> None:
    for name, call in [
        ("HuntDomain", lambda: HuntDomain(value)),
        ("ParisDomain", lambda: ParisDomain(value)),
        ("HuntDomain.root", lambda: HuntDomain(sn.new_game(PS)).root(value)),
        ("HuntDomain.move_of", lambda: HuntDomain(sn.new_game(PS)).move_of(sn.new_game(PS), value)),
    ]:
        assert refused_cleanly(name, call) is not None


def test_domains_name_the_wrong_game() -> None:
    with pytest.raises(sn.ArgumentError, match="a game of the hunt family"):
        HuntDomain(sn.new_game(PARIS))
    with pytest.raises(sn.ArgumentError, match="a game of the paris family"):
        ParisDomain(sn.new_game(PS))
    domain = HuntDomain(sn.new_game(PS))
    with pytest.raises(sn.ArgumentError, match="rules this domain was built for"):
        domain.root(sn.new_game(PS, capture="strict"))
    with pytest.raises(sn.ArgumentError, match=r"path\[0\]"):
        domain.move_of(sn.new_game(PS), [("s", 0, 99)])


SEARCH_ARGS = ("domain", "root_pos", "rng", "iterations", "seconds", "rollout_depth", "exploration")


@pytest.mark.parametrize("argument", SEARCH_ARGS)
@FUZZ
@given(value=hostile)
def test_search_checks_its_arguments(argument: str, value: Any) -> None:
    g = sn.new_game(PS)
    domain = HuntDomain(g)
    args: dict[str, Any] = {
        "domain": domain,
        "root_pos": domain.root(g),
        "rng": random.Random(0),
        "iterations": 5,
        "seconds": 0.01,
        "rollout_depth": 2,
        "exploration": 0.5,
    }
    if argument == "iterations":
        # An accepted budget is played out: keep it small.
        assume(not (isinstance(value, int) and value > 20))
    args[argument] = value
    err = refused_cleanly(f"search({argument})", lambda: search(**args))
    if err is not None:
        assert argument in str(err)


# -- simulate: every argument is checked before a game is played ----------------------------------
GOOD = {
    "game": PS,
    "readings": "default",
    "n_games": 1,
    "seed": 0,
    "executor": "serial",
    "progress": False,
    "move_limit": 4,
    "chunk_size": None,
}


def attempt(**changes: Any) -> Callable[[], Any]:
    args = {**GOOD, "agents": {"attacker": Counting(), "defender": Counting()}, **changes}
    Counting.calls = 0
    return lambda: simulate(**args)


def plays_small(argument: str, value: Any) -> bool:
    """Whether ``value`` would be accepted for ``argument`` and make a long run: such values
    are tried by the hand-written cases instead."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return argument == "n_games" and value > 3


@pytest.mark.parametrize("argument", [*GOOD, "agents"])
@FUZZ
@given(value=st.one_of(hostile, tricky_text))
def test_simulate_refuses_bad_arguments_before_playing(argument: str, value: Any) -> None:
    assume(not plays_small(argument, value))
    err = refused_cleanly(f"simulate({argument})", attempt(**{argument: value}))
    if err is not None:
        assert Counting.calls == 0, "a game was played before the refusal"
        assert argument in str(err) or argument in ("game", "readings")


option_names = st.sampled_from(["capture", "PS-3", "towards", "huff_target", "move_limit", "speed"])
option_values = st.one_of(
    st.sampled_from(["huff", "strict", "distance", "not-away", "moved", 200, None]), hostile
)
reading_dicts = st.dictionaries(
    st.one_of(option_names, tricky_text, st.just("label"), st.just("preset")),
    st.one_of(option_values, st.sampled_from(["default", "x"]), st.lists(tricky_text, max_size=2)),
    max_size=3,
)
readings_values = st.one_of(
    hostile,
    st.lists(st.one_of(reading_dicts, st.sampled_from(["default", "nope"]), hostile), max_size=3),
    st.dictionaries(option_names, st.lists(option_values, max_size=3), max_size=2),
)


@FUZZ
@given(readings=readings_values)
def test_readings_are_refused_cleanly_or_well_formed(readings: Any) -> None:
    err = refused_cleanly("parse_readings", lambda: parse_readings(PS, readings))
    if err is None:
        parsed = parse_readings(PS, readings)
        labels = [r.label for r in parsed]
        assert all(isinstance(r, RuleReading) and r.preset in sn.presets(PS) for r in parsed)
        assert len(set(labels)) == len(labels) and all(isinstance(x, str) for x in labels)
        return
    err = refused_cleanly("simulate(readings)", attempt(readings=readings))
    assert err is not None and Counting.calls == 0


@pytest.mark.parametrize(
    ("changes", "kind", "pattern"),
    [
        (
            {"readings": [{"capture": "huff", "label": ["a"]}]},
            TypeError,
            r"readings\[0\]\['label'\]",
        ),
        ({"readings": {"speed": [1]}}, sn.ArgumentError, "no option 'speed'"),
        ({"readings": [{"speed": 1}]}, sn.ArgumentError, "no option 'speed'"),
        ({"readings": [{"capture": "huff", "PS-3": "strict"}]}, sn.ArgumentError, "once"),
        ({"readings": {"capture": "huff", "PS-3": "strict"}}, sn.ArgumentError, "once"),
        ({"readings": [{"preset": 5}]}, TypeError, r"readings\[0\]\['preset'\]"),
        ({"readings": {"capture": ["huff", "sometimes"]}}, sn.ArgumentError, r"\['capture'\]\[1\]"),
        ({"readings": {"capture": itertools.count()}}, sn.ArgumentError, "capture"),
        (
            {"readings": {"capture": itertools.cycle(["huff", "strict"])}},
            sn.ArgumentError,
            "at most",
        ),
        ({"readings": ["default"] * (MAX_READINGS + 1)}, sn.ArgumentError, "at most"),
        ({"readings": deeply_nested()}, TypeError, r"readings\[0\]"),
        ({"n_games": 0}, sn.ArgumentError, "n_games: 0"),
        ({"n_games": -1}, sn.ArgumentError, "n_games: -1"),
        ({"n_games": 2.5}, TypeError, "n_games: 2.5"),
        ({"n_games": MAX_GAMES + 1}, sn.ArgumentError, "n_games"),
        ({"n_games": 10**5000}, sn.ArgumentError, "n_games: an int of 5001 digits"),
        ({"game": "chess"}, sn.ArgumentError, "unknown game 'chess'"),
        ({"game": "x" * 100_000}, sn.ArgumentError, "unknown game"),
        ({"game": None}, TypeError, "game"),
        ({"agents": {"attacker": RandomAgent()}}, sn.ArgumentError, "no agent for 'defender'"),
        ({"agents": {"attacker": RandomAgent(), "defender": "greedy"}}, TypeError, "defender"),
        (
            {"agents": {"attacker": RandomAgent(), "defender": lambda: 5}},
            sn.ArgumentError,
            "no choose",
        ),
        ({"executor": "threads"}, sn.ArgumentError, "executor: 'threads'"),
        ({"executor": 4}, TypeError, "executor"),
        ({"seed": 10**5000}, sn.ArgumentError, "seed"),
        ({"seed": "abc"}, TypeError, "seed must be int"),
        ({"progress": "yes"}, TypeError, "progress"),
        ({"move_limit": 0}, sn.ArgumentError, "move_limit"),
        ({"chunk_size": [1]}, TypeError, "chunk_size"),
    ],
    ids=short_id,
)
def test_simulate_refusals_by_hand(changes: dict[str, Any], kind: type, pattern: str) -> None:
    call = attempt(**changes)
    err = refused_cleanly("simulate(by hand)", call)
    assert isinstance(err, kind), err
    with pytest.raises(kind, match=pattern):
        call()
    assert Counting.calls == 0


def test_wrong_types_that_were_value_errors_are_both() -> None:
    # Kept for callers that caught ValueError: a TypeError that is a ValueError too.
    for changes in ({"n_games": 2.5}, {"readings": 3}, {"agents": [Counting()]}):
        with pytest.raises(ArgumentTypeError) as caught:
            attempt(**changes)()
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)


def test_a_set_up_a_reading_cannot_hold_is_refused_up_front() -> None:
    # A Belagerung attacker on a horn point that the other placement of the horns lacks.
    side = "beside-middle-row"
    g = sn.new_game("belagerung", horns=side)
    missing = sorted(set(g.board.names) - set(sn.new_game("belagerung").board.names))
    position = dict(g.pieces())
    first = sorted(p for p, who in position.items() if who == "attacker")[0]
    position[missing[0]] = position.pop(first)
    start = sn.new_game("belagerung", horns=side, position=position)
    agents = {"attacker": Counting(), "defender": Counting()}
    Counting.calls = 0
    with pytest.raises(sn.ArgumentError, match="under reading 'horns=top-row'"):
        simulate(start, [{"horns": side}, {"horns": "top-row"}], agents, 1,
                 executor="serial", progress=False)  # fmt: skip
    assert Counting.calls == 0


def test_accepted_arguments_still_play() -> None:
    with ThreadPoolExecutor(1) as executor:
        sim = attempt(executor=executor, n_games=2, seed=2**100, chunk_size=10**30)()
    assert len(sim.records) == 2 and Counting.calls > 0
    assert sim.seed == 2**100


# -- summarize, Simulation ------------------------------------------------------------------------
def record(**changes: Any) -> dict[str, Any]:
    base = {"reading": "r", "game": PS, "winner": "attacker", "plies": 3, "branching": 2.0}
    return {**base, **changes}


@FUZZ
@given(records=hostile, teams=st.one_of(st.none(), hostile))
def test_summarize_refuses_what_is_not_records(records: Any, teams: Any) -> None:
    err = refused_cleanly("summarize(records)", lambda: summarize(records))
    if err is None:
        assert summarize(records) == [] or all(isinstance(r, dict) for r in records)
    refused_cleanly("summarize(teams)", lambda: summarize([record()], teams))


@pytest.mark.parametrize("field", ["reading", "winner", "plies", "branching", "captures"])
@FUZZ
@given(value=hostile)
def test_summarize_checks_each_field(field: str, value: Any) -> None:
    records = [record(), record(**{field: value})]
    err = refused_cleanly("summarize(field)", lambda: summarize(records))
    if err is not None:
        assert "records[1]" in str(err)


def test_summarize_and_simulation_by_hand() -> None:
    with pytest.raises(sn.ArgumentError, match=r"records\[0\]"):
        summarize([record(plies=10**5000)])
    with pytest.raises(sn.ArgumentError, match=r"records\[1\]"):
        summarize([record(), {"reading": "r"}])
    with pytest.raises(TypeError, match="records must be"):
        summarize("records")
    with pytest.raises(sn.ArgumentError, match="teams"):
        summarize([record()], teams=("attacker", "attacker"))
    sim = attempt()()
    pytest.importorskip("matplotlib")
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        sim.plot(ax=5)
    with pytest.raises(TypeError, match="teams"):
        Simulation(PS, ["default"], None, [], 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="game"):
        Simulation(5, ["default"], ("attacker", "defender"), [], 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="label"):
        RuleReading(["default"])  # type: ignore[arg-type]


@FUZZ
@given(label=hostile, preset=hostile, overrides=hostile)
def test_rule_readings_check_their_fields(label: Any, preset: Any, overrides: Any) -> None:
    err = refused_cleanly("RuleReading", lambda: RuleReading(label, preset, overrides))
    if err is None:
        assert isinstance(label, str) and isinstance(preset, str)


def test_deeply_nested_values_are_refused_without_recursing() -> None:
    deep = deeply_nested()
    g = sn.new_game(PS)
    calls: dict[str, Callable[[], Any]] = {
        "deep: simulate(agents)": attempt(agents=deep),
        "deep: simulate(readings)": attempt(readings=[{"capture": deep}]),
        "deep: summarize": lambda: summarize(deep),
        "deep: summarize(teams)": lambda: summarize([record()], deep),
        "deep: play_turn": lambda: play_turn(g, {"attacker": Gives(deep), "defender": Gives(deep)}),
        "deep: team_of": lambda: team_of(g, deep),
        "deep: MCTSAgent": lambda: MCTSAgent(seconds=deep),
        "deep: HuntDomain.move_of": lambda: HuntDomain(g).move_of(g, deep),
    }
    for entry, call in calls.items():
        assert refused_cleanly(entry, call) is not None, entry
