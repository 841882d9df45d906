"""The search behind ``MCTSAgent`` (``siege_nb.ai.search``): its hunt simulation agrees with the
engine move for move, jump chains are chosen a jump at a time (also where a position has
millions of chains), and the agent's moves are legal, reproducible and leave the game alone.
"""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import pytest
from positions import PARIS_DEMAND, PARIS_REST

import siege_nb as sn
from siege_nb.ai.agents import GreedyAgent, MCTSAgent
from siege_nb.ai.base import own_moves, play_turn
from siege_nb.ai.search import STOP, HuntDomain, ParisDomain
from siege_nb.games.base import Game
from siege_nb.games.hunt import HuntEngine

BL, PS, PARIS = "belagerung", "pyramid-siege", "siege-of-paris"

# Over two million distinct chain outcomes for the defender on c5 (issue 13): listing them
# takes minutes, so an agent must choose such a chain one jump at a time.
HUGE_ATTACKERS = [
    *("a5", "a6", "b4", "b5", "b7", "c2", "c4", "c6", "c8", "d1", "d2", "d3", "d4", "d5", "d6"),
    *("d8", "d9", "e2", "e4", "e6", "e8", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "g2", "g4"),
    *("g8", "h4", "h5", "h8"),
]
HUGE_DEFENDERS = ["c5", "f1", "h3"]


def huge_chain_game() -> Game:
    """The position with millions of chains, the defender to move (setting it up lists no
    chain: a position where a defender can jump leaves its moves to be listed on demand)."""
    return sn.new_game(
        BL,
        horns="beside-middle-row",
        diagonals="all",
        to_move="defender",
        position={
            **{p: "attacker" for p in HUGE_ATTACKERS},
            **{p: "defender" for p in HUGE_DEFENDERS},
        },
    )


def fields(state: Any) -> tuple[Any, ...]:
    """A hunt state's parts that the simulation keeps, results as the attackers' score."""
    r = state.result
    score = None if r is None else (0.5 if r.winner is None else float(r.winner == "attackers"))
    return (state.cells, state.to_move, tuple(state.huffable), bool(state.huffed), state.quiet,
            state.best, state.stepped, score)  # fmt: skip


def sim_fields(pos: tuple[Any, ...]) -> tuple[Any, ...]:
    return (*pos[:7], pos[8])


def chain_outcomes(domain: HuntDomain, pos: tuple[Any, ...]) -> set[tuple[Any, ...]]:
    """Every (start, end, taken) of the chains the simulation offers, decision by decision."""
    out: set[tuple[Any, ...]] = set()
    cells = pos[0]

    def walk(p: tuple[Any, ...], start: int | None) -> None:
        for action in domain.actions(p):
            if action is STOP or action[0] != "j":
                continue
            after = domain.play(p, action)
            taken = frozenset(
                i for i, (x, y) in enumerate(zip(cells, after[0], strict=True)) if x == 1 != y
            )
            first = action[1] if start is None else start
            out.add((first, action[2], taken))
            if after[7] >= 0:
                walk(after, first)

    walk(pos, None)
    return out


HUNT_CONFIGS = [
    (BL, {}),
    (BL, {"capture": "huff", "diagonals": "all"}),
    (BL, {"capture": "strict", "horns": "beside-middle-row"}),
    (BL, {"attacker_direction": "any", "capture": "huff"}),
    (BL, {"preset": "royal-garrison"}),
    (PS, {}),
    (PS, {"capture": "strict"}),
    (PS, {"huff_target": "moved", "towards": "not-away"}),
]


@pytest.mark.parametrize(("game", "extra"), HUNT_CONFIGS, ids=str)
def test_hunt_simulation_agrees_with_the_engine(game, extra):
    # Random games: at every position the simulation offers the engine's moves (chains as
    # their outcomes, built a jump at a time) and reaches the engine's next state.
    engine_index = 0
    for seed in range(4):
        g = sn.new_game(game, move_limit=40, **extra)
        domain = HuntDomain(g)
        rng = random.Random(seed)
        while g.result is None:
            pos = domain.root(g)
            assert sim_fields(pos) == fields(g._state)
            names = g.board.names
            legal = g.legal_moves()
            flat = {m.text for m in legal if m.kind != "jump"}
            sim_flat = set()
            for a in domain.actions(pos):
                if a[0] == "s":
                    sim_flat.add(f"{names[a[1]]}-{names[a[2]]}")
                elif a[0] == "h":
                    sim_flat.add(f"huff {names[a[1]]}")
            assert sim_flat == flat
            ix = g.board.index
            engine_chains = {
                (ix[m.start], ix[m.end], frozenset(ix[c] for c in m.captures))
                for m in legal
                if m.kind == "jump"
            }
            assert chain_outcomes(domain, pos) == engine_chains
            move = rng.choice(legal)
            if move.kind == "jump":
                nodes = [ix[p] for p in move.path]
                after = pos
                for at, land in itertools.pairwise(nodes):
                    after = domain.play(after, ("j", at, land))
                if after[7] >= 0:
                    after = domain.play(after, STOP)
            elif move.kind == "huff":
                after = domain.play(pos, ("h", ix[move.start]))
            else:
                after = domain.play(pos, ("s", ix[move.start], ix[move.end]))
            g.play(move)
            assert sim_fields(after) == fields(g._state), (game, extra, seed, move)
            engine_index += 1
    assert engine_index > 50


def test_huge_chain_position_is_searched_a_jump_at_a_time(monkeypatch):
    g = huge_chain_game()
    before = g._state

    def refuse(*args):
        raise AssertionError("the agent listed the chains")

    monkeypatch.setattr(HuntEngine, "_chains", refuse)
    agent = MCTSAgent(iterations=300, seed=0)
    move = agent.choose(g)
    assert g._state is before and not g.moves
    assert agent.last_iterations == 300
    engine, ix = g._engine, g.board.index
    if move.kind == "jump":
        assert engine.chain_move(g._state, [ix[p] for p in move.path]) == move
    else:
        assert move.kind == "step" and g.pieces()[move.start] == "defender"
        assert g.pieces().get(move.end) is None
        assert ix[move.end] in g.board.neighbours(ix[move.start])
    # Same seed, same search, same move.
    assert MCTSAgent(iterations=300, seed=0).choose(g) == move
    assert [p for p in HUGE_DEFENDERS if g.chain_steps(p)] == ["c5"]


def test_chains_are_played_a_jump_at_a_time_and_may_stop():
    # The defender on c7 can jump c6 and go on over c4: the agent's chain is a legal path.
    position = {p: "attacker" for p in ["a3", "b3", "d3", "e3", "f3", "g3", "h3", "i3"]}
    position.update({f"{f}{r}": "attacker" for f in "cdefg" for r in (1, 2)})
    position.update({"e7": "defender", "e6": "attacker", "c7": "defender"})
    position.update({"c6": "attacker", "c4": "attacker"})
    for capture in ("optional", "strict", "huff"):
        g = sn.new_game(BL, position=position, to_move="defender", capture=capture)
        for seed in range(3):
            move = MCTSAgent(iterations=200, seed=seed).choose(g)
            assert g.find(move) is not None, (capture, move)
            if capture == "strict":
                assert move.kind == "jump"


@pytest.mark.parametrize("game", [BL, PS])
def test_strict_capture_games_are_legal(game):
    g = sn.new_game(game, capture="strict", move_limit=40)
    agents = {
        "attacker": MCTSAgent(iterations=30, seed=1, rollout_depth=2),
        "defender": MCTSAgent(iterations=30, seed=2, rollout_depth=2),
    }
    while g.result is None and g.ply < 120:
        moves = own_moves(g)
        move = agents[g.to_move].choose(g)
        assert g.find(move) is not None
        if move.kind != "jump":
            assert move in moves
        elif any(m.kind == "jump" for m in moves):
            assert all(m.kind == "jump" for m in moves)
        g.play(move)


def test_paris_domain_offers_the_demand_to_the_attackers():
    g = sn.new_game(
        PARIS,
        position=PARIS_DEMAND,
        to_move="garrison",
    )
    domain = ParisDomain(g)
    pos = domain.root(g, decide_demand=True)
    assert domain.decider(pos) == 0  # the attackers
    assert str(domain.actions(pos)[0]) == "demand"
    plain = domain.root(g)
    assert domain.decider(plain) == 1
    assert {str(m) for m in domain.actions(plain)} == {str(m) for m in own_moves(g)}


def test_search_agent_pickles_mid_game_and_repeats_itself():
    g = sn.new_game(PS)
    agent = MCTSAgent(iterations=40, seed=9)
    agent.choose(g)
    twin = pickle.loads(pickle.dumps(agent))
    assert twin.choose(g) == agent.choose(g)


@pytest.mark.parametrize(("game", "side"), [(PS, "attacker"), (PS, "defender")])
def test_search_beats_greedy_at_pyramid_siege(game, side):
    # A cheap smoke test with fixed seeds; the real figures come from
    # benchmarks/bench_ai.py --matches.
    wins = 0
    for i in range(2):
        search, greedy = MCTSAgent(iterations=300, seed=i), GreedyAgent(seed=50 + i)
        agents = {side: search, ("defender" if side == "attacker" else "attacker"): greedy}
        g = sn.new_game(game)
        while g.result is None:
            play_turn(g, agents)
        wins += g.result.winner == side + "s"
    assert wins >= 1


# -- Siege of Paris: the attackers' plan ---------------------------------------------------------
# PARIS_REST (tests/positions.py): the rest of the board around the pieces a test places.


def paris(position: dict[str, str], to_move: str = "white") -> Game:
    return sn.new_game(PARIS, position={**PARIS_REST, **position}, to_move=to_move)


def test_paris_soldiers_head_for_the_gate_of_their_colour():
    g = sn.new_game(PARIS)
    domain = ParisDomain(g)
    index, names = g.board.index, g.board.names
    c0, c4 = index["C0"], index["C4"]
    routes = domain.soldier_routes
    # White comes from the south, Black from the north, each to one gate only.
    assert [(d, names[gate]) for d, gate in routes[1][index["c2"]]] == [(3, "C0")]
    assert [(d, names[gate]) for d, gate in routes[2][index["d14"]]] == [(2, "C4")]
    assert domain.soldier_gate_steps[1][c4][index["c2"]] is None
    assert domain.soldier_steps[1][index["c2"]] == 3
    # a2 is three ranks below f5, five files away, and the citadel's hole bars the way north
    # to g12: that soldier can never enter.
    assert domain.soldier_steps[1][index["a2"]] is None
    assert domain.soldier_gate_steps[1][c0][index["a2"]] is None


def test_paris_soldiers_that_may_step_back_can_reach_both_gates():
    # SP-9 read as "backwards too": a soldier moves over every square of its colour, so a2
    # can reach f5's colour by stepping back and forth, and c2 can go round the citadel to
    # the northern gate.
    domain = ParisDomain(sn.new_game(PARIS, soldier_backwards=True))
    index, names = domain.board.index, domain.board.names
    assert domain.soldier_steps[1][index["a2"]] is not None
    assert [names[gate] for _, gate in domain.soldier_routes[1][index["c2"]]] == ["C0", "C4"]

    def value(soldier_backwards: bool) -> float:
        # C0 is jammed: a White soldier holds it with C1 and C7 taken.
        g = paris(
            {"C0": "white soldier", "C1": "garrison soldier", "C7": "garrison soldier"},
            to_move="garrison",
        ).with_rules(soldier_backwards=soldier_backwards)
        domain = ParisDomain(g)
        return domain.evaluate(domain.root(g))

    # Forward only, White's soldiers outside are lost to the placement; stepping back,
    # they can still walk round to C4, and the evaluation counts them.
    assert value(True) > value(False)


def test_paris_rollout_never_jams_a_gate_and_enters_when_it_stays_open():
    # C1 and C7 are held: a White soldier entering C0 could never step on, and would shut
    # the gate to every later entry (and the garrison inside out of it).
    jam = paris({"f5": "white soldier", "C1": "garrison soldier", "C7": "garrison soldier"})
    domain = ParisDomain(jam)
    pos = domain.root(jam)
    entry = next(m for m in domain.actions(pos) if m.kind == "enter")
    assert domain.order(domain.actions(pos), pos)[0] == entry  # expanded last
    rng = random.Random(3)
    assert all(domain.rollout_action(pos, rng) != entry for _ in range(60))
    open_gate = paris({"f5": "white soldier", "C1": "garrison soldier"})
    pos = domain.root(open_gate)
    assert all(domain.rollout_action(pos, rng).kind == "enter" for _ in range(20))


def test_paris_evaluation_punishes_a_jammed_gate():
    domain = ParisDomain(sn.new_game(PARIS))

    def value(position: dict[str, str]) -> float:
        g = paris(position, to_move="garrison")
        assert g.result is None
        return domain.evaluate(domain.root(g))

    jammed = value({"C0": "white soldier", "C1": "garrison soldier", "C7": "garrison soldier"})
    stepped_on = value({"C7": "white soldier", "C1": "garrison soldier", "C6": "garrison soldier"})
    assert jammed < stepped_on
    both = value(
        {
            "C0": "white soldier",
            "C4": "black soldier",
            **{c: "garrison soldier" for c in ("C1", "C3", "C5", "C7")},
        }
    )
    # Soldiers inside cannot be taken (SP-17), so the garrison can no longer win (SP-3), and
    # with no officer left the attackers cannot place either: about a draw, no better.
    assert 0.5 <= both <= 0.6


def test_paris_evaluation_leads_the_garrison_to_the_pieces_it_must_take():
    # Two attacking soldiers left: fewer than placement needs, so the attackers cannot win,
    # and the garrison wins by taking both (and has officers to spare: only one is left).
    domain = ParisDomain(sn.new_game(PARIS))

    def value(position: dict[str, str]) -> float:
        g = sn.new_game(PARIS, position=position, to_move="white")
        assert g.result is None
        return domain.evaluate(domain.root(g))

    attackers = {"a2": "white soldier", "j3": "white soldier", "f1": "white colonel"}
    far = value({**attackers, "l16": "garrison general"})
    near = value({**attackers, "c4": "garrison general"})
    fewer = value({"a2": "white soldier", "f1": "white colonel", "c4": "garrison general"})
    assert fewer < near < far < 0.2  # every such position is still a poor one for them


def test_paris_search_garrison_takes_what_it_must_to_win():
    g = sn.new_game(
        PARIS,
        position={
            "a2": "white soldier",
            "j3": "white soldier",
            "f1": "white colonel",
            "b3": "garrison general",
        },
        to_move="garrison",
    )
    move = MCTSAgent(iterations=300, seed=3).choose(g)
    assert move.captures, move


def test_paris_search_plays_the_winning_entry():
    g = paris(
        {
            "C1": "white soldier",
            "C2": "white soldier",
            "C3": "white captain",
            "f5": "white soldier",
            "C5": "garrison soldier",
        }
    )
    move = MCTSAgent(iterations=30, seed=4).choose(g)
    assert str(move) == "f5-C0"
    g.play(move)
    assert g.result is not None and g.result.winner == "attackers"
