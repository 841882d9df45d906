"""The computer opponents of ``siege_nb.ai.agents``: legal play, special moves, greedy
preferences, search strength, determinism, pickling and the default search's speed.

Games go through :func:`siege_nb.ai.base.play_turn`, with every agent wrapped so that each
chosen move is checked against :func:`~siege_nb.ai.base.own_moves` (and the game it was shown
is left unchanged). Move limits are set low to keep the file fast.
"""

from __future__ import annotations

import pickle
import random

import pytest
from positions import PARIS_DEMAND

import siege_nb as sn
from siege_nb.ai.agents import GreedyAgent, MCTSAgent, RandomAgent, evaluate
from siege_nb.ai.base import (
    BaseAgent,
    choosable,
    demand_available,
    own_moves,
    play_turn,
    team_of,
)
from siege_nb.games.base import ACTION_KINDS, Game, Move

PARIS, BL, PS = "siege-of-paris", "belagerung", "pyramid-siege"


def same_outcome(move: Move, moves: list[Move]) -> bool:
    """True for a jump chain written along another path to a listed chain's outcome (one
    move: the same end point and the same attackers taken)."""
    if move.kind != "jump":
        return False
    outcome = (move.start, move.end, frozenset(move.captures))
    return any((m.start, m.end, frozenset(m.captures)) == outcome for m in moves)


class Checked(BaseAgent):
    """Wraps an agent: asserts each move is one of ``own_moves`` and the game is untouched."""

    def __init__(self, inner: BaseAgent) -> None:
        self.inner = inner
        self.name = inner.name
        self.chosen: list[str] = []

    def choose(self, game: Game) -> Move:
        moves = own_moves(game)
        before = (game.ply, len(game.moves), str(game))
        move = self.inner.choose(game)
        assert (game.ply, len(game.moves), str(game)) == before, "choose changed the game"
        assert move in moves or same_outcome(move, moves), f"{self.name} chose {move}"
        assert move.kind != "demand"
        self.chosen.append(move.text)
        return move

    def wants_demand(self, game: Game) -> bool:
        assert demand_available(game)
        answer = self.inner.wants_demand(game)
        assert isinstance(answer, bool)
        return answer


def teams(game: str, first: BaseAgent, second: BaseAgent) -> dict[str, BaseAgent]:
    """``first`` commands the attackers, ``second`` the garrison / defenders."""
    if game == PARIS:
        return {"attackers": Checked(first), "garrison": Checked(second)}
    return {"attacker": Checked(first), "defender": Checked(second)}


def play_out(g: Game, agents: dict[str, BaseAgent], max_turns: int = 5000) -> Game:
    """Play turns until the game ends (asserting it does within ``max_turns``)."""
    for _ in range(max_turns):
        if g.result is not None:
            return g
        play_turn(g, agents)
    raise AssertionError(f"the game did not end within {max_turns} turns: {g!r}")


# -- every game, every preset, some option overrides -----------------------------------------------
CONFIGS = [(game, preset, {}) for game in sn.GAMES for preset in sn.presets(game)] + [
    (PARIS, "default", {"capture": "always"}),
    (PARIS, "default", {"capture": "optional"}),
    (PARIS, "default", {"citadel": "ring-flank-gates", "protection": "covered-from-behind"}),
    (PARIS, "escale-a-jeux", {"general_turns": True, "soldier_backwards": True}),
    (PARIS, "ludosofia", {"lieutenant_backwards": True, "blockade_win": False}),
    (BL, "default", {"attacker_direction": "any"}),
    (BL, "default", {"capture": "strict", "diagonals": "all"}),
    (BL, "bonaludo", {"capture": "huff", "horns": "beside-middle-row"}),
    (BL, "royal-garrison", {"diagonals": "none"}),
    (BL, "default", {"attacker_direction": "never-away", "capture": "huff"}),
    (PS, "default", {"capture": "strict"}),
    (PS, "default", {"towards": "not-away"}),
]


def config_id(config: tuple[str, str, dict]) -> str:
    game, preset, extra = config
    return "-".join([game, preset, *(f"{k}={v}" for k, v in extra.items())])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_and_greedy_play_legal_moves_and_games_end(config):
    game, preset, extra = config
    pairings = [
        (RandomAgent(1), GreedyAgent(2)),
        (GreedyAgent(3), RandomAgent(4)),
        (GreedyAgent(5), GreedyAgent(6)),
    ]
    for attackers, defenders in pairings:
        g = sn.new_game(game, preset=preset, move_limit=60, **extra)
        agents = teams(game, attackers, defenders)
        play_out(g, agents)
        assert g.result is not None
        assert g.result.winner in (None, "attackers", "garrison", "defenders")
        assert sum(len(a.chosen) for a in agents.values()) > 0


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        (PARIS, {"capture": "on-demand"}),
        (PARIS, {"capture": "always", "citadel": "ring-flank-gates"}),
        (BL, {"capture": "huff", "attacker_direction": "any"}),
        (PS, {"capture": "huff"}),
    ],
)
def test_search_agent_plays_legal_moves(game, extra):
    # A short stretch of play with a tiny search on both sides (whole Paris games are long).
    g = sn.new_game(game, move_limit=60, **extra)
    agents = teams(
        game,
        MCTSAgent(iterations=12, seed=1, rollout_depth=8),
        MCTSAgent(iterations=12, seed=2, rollout_depth=8),
    )
    for _ in range(40):
        if g.result is not None:
            break
        play_turn(g, agents)
    assert g.ply > 0


def test_search_agent_decides_demands():
    # A garrison soldier next to an unprotected Black soldier: the demand is on offer.
    g = sn.new_game(
        PARIS,
        position=PARIS_DEMAND,
        to_move="garrison",
    )
    assert demand_available(g)
    agent = MCTSAgent(iterations=40, seed=0)
    answer = agent.wants_demand(g)
    assert isinstance(answer, bool)
    assert agent.last_iterations == 10  # a quarter of the budget
    assert g.ply == 0 and not g.moves


# -- the special moves are used ----------------------------------------------------------------
def test_random_games_use_demand():
    kinds = set()
    for seed in range(6):
        g = sn.new_game(PARIS, capture="on-demand", move_limit=60)
        play_out(g, teams(PARIS, RandomAgent(seed), RandomAgent(seed + 50)))
        kinds.update(m.kind for m in g.moves)
    assert "demand" in kinds


@pytest.mark.parametrize(("game", "preset"), [(BL, "boardandpieces-siege"), (PS, "default")])
def test_random_games_use_huff(game, preset):
    kinds = set()
    for seed in range(10):
        g = sn.new_game(game, preset=preset, capture="huff", move_limit=80)
        play_out(g, teams(game, RandomAgent(seed), RandomAgent(seed + 50)))
        kinds.update(m.kind for m in g.moves)
    assert "huff" in kinds


# -- greedy preferences ------------------------------------------------------------------------
BL_FILL = ["a3", "b3", "d3", "e3", "f3", "g3", "h3", "i3"] + [
    f"{f}{r}" for f in "cdefg" for r in (1, 2)
]  # 18 attackers far from the fortress (c3 left empty for a chain)


@pytest.mark.parametrize("seed", range(3))
def test_greedy_captures_in_siege_of_paris(seed):
    g = sn.new_game(
        PARIS,
        position=PARIS_DEMAND,
        to_move="garrison",
    )
    assert GreedyAgent(seed).choose(g).text == "k7xj8"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_takes_the_longest_chain_in_belagerung(seed):
    position = {p: "attacker" for p in BL_FILL}
    position.update({"e7": "defender", "e6": "attacker", "c7": "defender"})
    position.update({"c6": "attacker", "c4": "attacker"})
    g = sn.new_game(BL, position=position, to_move="defender")
    captures = {m.text for m in g.legal_moves() if m.captures}
    assert {"e7xe5", "c7xc5", "c7xc5xc3"} <= captures
    assert GreedyAgent(seed).choose(g).text == "c7xc5xc3"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_captures_in_pyramid_siege(seed):
    attackers = ["r3c1", "r1c1", "r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6"]
    g = sn.new_game(
        PS,
        position={"r4c1": "defender", **{p: "attacker" for p in attackers}},
        to_move="defender",
    )
    assert GreedyAgent(seed).choose(g).text == "r4c1xr2c1"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_attackers_step_into_the_fortress(seed):
    # Siege of Paris: a White soldier on the gate square f5 enters the citadel.
    g = sn.new_game(
        PARIS,
        position={
            "f5": "white soldier",
            "a2": "white soldier",
            "c2": "white soldier",
            "b1": "white colonel",
            "C4": "garrison general",
            "k7": "garrison soldier",
        },
        to_move="white",
    )
    assert GreedyAgent(seed).choose(g).text == "f5-C0"
    # Belagerung: d6 may step to d7 or c7, both fortress points.
    position = {p: "attacker" for p in BL_FILL}
    position.update({"e9": "defender", "d6": "attacker"})
    g = sn.new_game(BL, position=position, to_move="attacker")
    move = GreedyAgent(seed).choose(g)
    assert move.start == "d6" and g.board.fortress[g.board.index[move.end]]
    # Pyramid Siege: r7c3-r6c3 is the only step into the fortress.
    attackers = ["r3c1", "r1c1", "r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6"]
    g = sn.new_game(
        PS, position={"r4c3": "defender", **{p: "attacker" for p in attackers}}, to_move="attacker"
    )
    assert GreedyAgent(seed).choose(g).text in {"r7c3-r6c3", "r3c1-r4c1", "r3c1-r4c2"}
    assert g.board.fortress[g.board.index[GreedyAgent(seed).choose(g).end]]


def test_greedy_huffs_when_offered():
    attackers = ["r3c1", "r1c1", "r7c1", "r7c2", "r7c3", "r7c4", "r7c5", "r7c6"]
    g = sn.new_game(
        PS,
        position={"r4c1": "defender", **{p: "attacker" for p in attackers}},
        to_move="defender",
    )
    step = next(m for m in g.legal_moves() if not m.captures and m.start == "r4c1")
    g.play(step)  # the defender leaves its capture unmade
    assert any(m.kind == "huff" for m in own_moves(g))
    assert GreedyAgent(0).choose(g).kind == "huff"
    assert GreedyAgent(0).wants_demand(g) is False


# -- search strength -------------------------------------------------------------------------------
def test_search_beats_random_at_pyramid_siege():
    # Observed while writing this test: MCTS with 30 iterations won 20 of 20 such games (and
    # with 50 iterations 10 of 10), as attacker and as defender; ~0.4 s a game.
    wins = 0
    games = 10
    for i in range(games):
        search, rand = MCTSAgent(iterations=30, seed=i), RandomAgent(seed=100 + i)
        side = "attackers" if i % 2 == 0 else "defenders"
        agents = {
            "attacker": search if side == "attackers" else rand,
            "defender": rand if side == "attackers" else search,
        }
        g = play_out(sn.new_game(PS), agents)
        wins += g.result.winner == side
    assert wins >= 7, f"the search agent won only {wins} of {games} games against random"


# -- determinism and pickling ------------------------------------------------------------------
def moves_of_game(game: str, make_agents, turns: int) -> list[str]:
    g = sn.new_game(game, move_limit=60)
    agents = make_agents()
    for _ in range(turns):
        if g.result is not None:
            break
        play_turn(g, agents)
    return [m.text for m in g.moves]


@pytest.mark.parametrize("game", sn.GAMES)
def test_same_seed_same_game(game):
    attack, defend = ("attackers", "garrison") if game == PARIS else ("attacker", "defender")

    def rand_greedy():
        return {attack: GreedyAgent(7), defend: RandomAgent(8)}

    def searchers():
        return {
            attack: MCTSAgent(iterations=15, seed=3, rollout_depth=10),
            defend: MCTSAgent(iterations=15, seed=4, rollout_depth=10),
        }

    first = moves_of_game(game, rand_greedy, 150)
    assert first == moves_of_game(game, rand_greedy, 150)
    first = moves_of_game(game, searchers, 12)
    assert len(first) >= 12
    assert first == moves_of_game(game, searchers, 12)


def test_different_seeds_differ():
    def agents(seed):
        return lambda: {"attacker": RandomAgent(seed), "defender": RandomAgent(seed + 1)}

    assert moves_of_game(BL, agents(1), 60) != moves_of_game(BL, agents(2), 60)


@pytest.mark.parametrize(
    "agent",
    [RandomAgent(5), GreedyAgent(5), MCTSAgent(iterations=10, seed=5, rollout_depth=6)],
    ids=["random", "greedy", "mcts"],
)
def test_agents_survive_pickling(agent):
    g = sn.new_game(BL)
    rng = random.Random(0)
    for _ in range(30):
        g.play(rng.choice(g.legal_moves()))
    twin = pickle.loads(pickle.dumps(agent))
    assert type(twin) is type(agent) and twin.name == agent.name
    # The copy carries the random state along: both make the same next decisions.
    for _ in range(3):
        assert agent.choose(g) == twin.choose(g)
    assert pickle.loads(pickle.dumps(agent)).choose(g) in own_moves(g)


def test_search_reports_its_effort_and_validates_settings():
    g = sn.new_game(PS)
    agent = MCTSAgent(iterations=25, seed=0)
    agent.choose(g)
    assert agent.last_iterations == 25 and agent.nodes > 1
    with pytest.raises(ValueError):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError):
        MCTSAgent(seconds=0)
    finished = play_out(sn.new_game(PS), {"attacker": GreedyAgent(0), "defender": RandomAgent(0)})
    with pytest.raises(ValueError, match="over"):
        RandomAgent(0).choose(finished)


def test_evaluate_scores_from_the_attackers_view():
    assert 0.3 < evaluate(sn.new_game(PARIS)) < 0.7
    assert 0.3 < evaluate(sn.new_game(BL)) < 0.7
    won = play_out(sn.new_game(PS), {"attacker": GreedyAgent(0), "defender": RandomAgent(0)})
    assert evaluate(won) == (1.0 if won.result.winner == "attackers" else 0.0)
    assert team_of(won, "white") == "attackers"


# -- the default setting answers in about a second -----------------------------------------------
def test_default_search_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default search (seconds=0.5) stops at its first look at the clock past the
    deadline. A fake clock, so nothing here depends on the machine's speed: the first reading
    sets the deadline and every later one is far past it."""
    from siege_nb.ai import search as search_module

    class Clock:
        def __init__(self) -> None:
            self.readings = 0

        def perf_counter(self) -> float:
            self.readings += 1
            if self.readings > 50:  # a search that ignores its deadline fails, not hangs
                raise AssertionError("the search read the clock past its deadline 50 times")
            return 0.0 if self.readings == 1 else 1000.0

    paris = sn.new_game(PARIS)
    belagerung = sn.new_game(BL)
    rng = random.Random(3)
    for _ in range(40):
        belagerung.play(rng.choice(belagerung.legal_moves()))
    assert belagerung.result is None
    for g in (paris, belagerung):
        monkeypatch.setattr(search_module, "time", Clock())
        agent = MCTSAgent(seed=0)
        move = agent.choose(g)
        assert g.find(move) is not None
        assert 0 < agent.last_iterations <= 8  # the clock is read every eighth playout


# -- the order agents rely on: a demand is the last legal move --------------------------------
@pytest.mark.parametrize(("game", "preset"), [(g, p) for g in sn.GAMES for p in sn.presets(g)])
def test_special_actions_come_last_and_one_demand_at_most(game: str, preset: str) -> None:
    """``choosable`` (and with it every agent and the lab's branching count) takes a demand
    to be the last legal move: checked at every ply of seeded random games of every preset,
    demands played on a coin so that the positions after one are met too."""
    rng = random.Random(5)
    demands_seen = 0
    for _ in range(6):
        g = sn.new_game(game, preset=preset)
        while g.result is None and g.ply < 400:
            moves = g.legal_moves(limit=10_000)
            kinds = [m.kind for m in moves]
            actions = [k in ACTION_KINDS for k in kinds]
            # Every special action after every move by pointing.
            assert actions == sorted(actions), kinds
            assert kinds.count("demand") <= 1
            assert choosable(moves) == len(moves) - kinds.count("demand")
            demands_seen += kinds.count("demand")
            demand = "demand" in kinds and rng.random() < 0.5
            g.play(moves[-1] if demand else moves[rng.randrange(choosable(moves))])
    if sn.rules(game, preset=preset).get("capture") == "on-demand":
        assert demands_seen > 0  # the case the order matters for was met
