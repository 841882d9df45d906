"""The Siege of Paris search against a garrison that holds its gates and attackers that
wait at them: what the evaluation must know of SP-3 (a soldier inside can never be taken),
of officers that have passed both gates, and of the garrison's hunt."""

from __future__ import annotations

from positions import PARIS_REST

import siege_nb as sn
from siege_nb.ai.agents import MCTSAgent
from siege_nb.ai.search import ParisDomain
from siege_nb.games.base import Game
from siege_nb.games.paris import piece_code

PARIS = "siege-of-paris"


def paris(position: dict[str, str], to_move: str = "garrison") -> Game:
    g = sn.new_game(PARIS, position={**PARIS_REST, **position}, to_move=to_move)
    assert g.result is None
    return g


def value(g: Game) -> float:
    domain = ParisDomain(g)
    return domain.evaluate(domain.root(g))


def test_a_soldier_inside_leaves_the_garrison_no_win():
    # Both gates jammed by attacking soldiers: no entry any more, but the garrison can never
    # take those two (SP-17), so it can never win (SP-3): a draw at worst for the attackers.
    both = paris(
        {
            "C0": "white soldier",
            "C4": "black soldier",
            **{c: "garrison soldier" for c in ("C1", "C3", "C5", "C7")},
        }
    )
    outside = paris({c: "garrison soldier" for c in ("C0", "C1", "C3", "C4", "C5", "C7")})
    assert value(both) >= 0.5 > value(outside)


def test_a_soldier_ready_at_an_open_gate_counts_as_in():
    # The black soldier on f12 enters C4 on Black's turn unless the garrison fills C4 first.
    garrison = {c: "garrison soldier" for c in ("C0", "C3", "C5")}
    ready = paris({**garrison, "f12": "black soldier"}, to_move="black")
    held = paris({**garrison, "f12": "black soldier", "C4": "garrison colonel"}, to_move="black")
    assert value(ready) >= 0.5 > value(held)


def test_the_garrison_fills_its_gate_before_taking_a_piece():
    # The general could take the lone black soldier on l8, but then Black walks into C4 and
    # the garrison can never win: it must close the gate first (C3 or C5 steps onto C4).
    g = paris(
        {
            "C0": "garrison colonel",
            "C3": "garrison soldier",
            "C5": "garrison soldier",
            "f12": "black soldier",
            "l8": "black soldier",
        }
    )
    assert any(m.captures for m in g.legal_moves())
    for seed in range(3):
        move = MCTSAgent(iterations=400, seed=seed).choose(g)
        assert str(move.end) == "C4", move


def test_the_garrison_keeps_a_gate_shut_against_a_waiting_soldier():
    # The garrison soldier on C4 could step out onto g12 or along the ring: any of those lets
    # the black soldier on f12 in. The general has free moves elsewhere.
    g = paris(
        {
            "C0": "garrison colonel",
            "C4": "garrison soldier",
            "f12": "black soldier",
        }
    )
    for seed in range(3):
        move = MCTSAgent(iterations=400, seed=seed).choose(g)
        assert str(move.start) != "C4", move


def test_officers_past_both_gates_cannot_place():
    # Attackers never move back: a White colonel on the top rank can reach no gate square,
    # so these attackers (their only officer up there) cannot win by placement any more.
    soldiers = {"a2": "white soldier", "c2": "white soldier", "e2": "white soldier"}
    garrison = {"C0": "garrison colonel", "C4": "garrison soldier", "k8": "garrison general"}

    def with_officer(square: str) -> float:
        g = sn.new_game(
            PARIS, position={**soldiers, **garrison, square: "white colonel"}, to_move="white"
        )
        assert g.result is None
        return value(g)

    assert with_officer("c16") < 0.5 * with_officer("b1")
    g = sn.new_game(PARIS)
    steps, index = ParisDomain(g).officer_steps[piece_code("white colonel")], g.board.index
    assert steps[index["c16"]] is None
    assert steps[index["b1"]] is not None


def test_the_hunt_measures_the_way_of_a_piece_that_can_take():
    # The last soldier stands on a dark square: a garrison soldier on the light square beside
    # it can never take it (SP-13), so it is not "near"; the general two squares off is.
    last = {"k1": "black soldier", "b16": "white captain"}
    beside = sn.new_game(
        PARIS,
        position={**last, "l1": "garrison soldier", "a16": "garrison general"},
        to_move="black",
    )
    general = sn.new_game(
        PARIS,
        position={**last, "l1": "garrison soldier", "k3": "garrison general"},
        to_move="black",
    )
    board = beside.board
    assert board.dark[board.index["k1"]] != board.dark[board.index["l1"]]
    assert beside.result is None and general.result is None
    assert value(general) < value(beside)


def test_the_attackers_wait_for_room_rather_than_jam_their_gate():
    # Ten plies into a game (seed 6 against the greedy garrison): the garrison colonel has
    # come out of C0, and the White soldier on f5 could walk in. With C1 and C7 full it would
    # stay on C0, shutting White's gate to every other White piece for as long as the
    # garrison inside keeps still. Entering still saves the attackers from losing, but
    # waiting for room is worth more, and the search waits.
    start = sn.new_game(PARIS).pieces()
    for square in ("d3", "f14", "d16", "C0"):
        del start[square]
    moved = {
        "g3": "garrison colonel",
        "f5": "white soldier",
        "g13": "black soldier",
        "d15": "black captain",
    }
    g = sn.new_game(PARIS, position={**start, **moved}, to_move="white")
    values = {}
    for move in g.legal_moves():
        after = g.clone()
        after.play(move)
        values[str(move)] = value(after)
    jam = values.pop("f5-C0")
    assert 0.5 < jam < max(values.values()) - 0.01
    # The position is worth the better of the two: entering or waiting.
    assert value(g) >= jam
    for seed in range(3):
        assert str(MCTSAgent(iterations=400, seed=seed).choose(g)) != "f5-C0"


def test_a_second_officer_that_can_reach_a_gate_counts():
    # Officers never move back and the garrison hunts them: with only one that can still
    # reach a gate, placement hangs on that one. A White captain on d16 is past both gates.
    near = paris({"d1": "white captain"}, to_move="white")
    past = paris({"d16": "white captain"}, to_move="white")
    assert value(near) > value(past) + 0.01
