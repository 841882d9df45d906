"""The hunt engines' explain checks one at a time, their order, and the frozen states.

Each ``check_<name>`` of :class:`~siege_nb.games.hunt.HuntEngine` is called alone on a
position chosen by hand; the expected rule ids and words follow ``docs/rules-reference.md``
and ``docs/precise-readings.md`` (distances to the fortress are counted by hand in the
comments). Where two checks both refuse a move, the rules' order decides, and a subclass with
the order swapped shows that the order is what decides.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.games import hunt
from siege_nb.games.hunt import (
    BELAGERUNG,
    ENGINES,
    PYRAMID,
    SPECS,
    BelagerungEngine,
    HuntEngine,
    HuntQuestion,
    HuntState,
    PyramidEngine,
)

BL, PS = "belagerung", "pyramid-siege"
A, D = "attacker", "defender"

# 17 attackers on the lower ranks (BL-5: the defenders win below 17), far from the action.
BL_FILL = {
    **{f"{f}{r}": A for r in (1, 2) for f in "cdefg"},
    **{f"{f}3": A for f in "abcdefg"},
}
# Six attackers on the bottom row of the pyramid (PS-8: the defenders win with 5 or fewer).
PS_FILL = {f"r7c{c}": A for c in range(1, 7)}


def engine_and_state(
    game: str, position: dict[str, str], to_move: str, **options: Any
) -> tuple[HuntEngine, HuntState]:
    g = sn.new_game(game, position=position, to_move=to_move, **options)
    engine = g._engine
    assert isinstance(engine, HuntEngine)
    return engine, g._state


def check(engine: HuntEngine, state: HuntState, name: str, text: str) -> Any:
    """Run one named check alone on ``text``."""
    return getattr(engine, f"check_{name}")(state, engine.ask(state, text))


# -- the checks alone ------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "capture"), [(BL, "optional"), (BL, "strict"), (PS, "strict")])
def test_huff_check_refuses_a_huff_unless_capture_is_huff(game: str, capture: str) -> None:
    position = {**(BL_FILL if game == BL else PS_FILL)}
    point = "e7" if game == BL else "r4c1"
    position[point] = D
    engine, state = engine_and_state(game, position, A, capture=capture)
    refused = check(engine, state, "huff", f"huff {point}")
    assert refused is not None
    reason, rule = refused
    assert rule == engine.rules.option("capture").id
    assert "Huffing exists only when capture is huffing [huff]" in reason
    # Under capture="huff" the same check lets the huff through (later checks judge it) ...
    huff_engine = engine.with_rules(sn.rules(game, capture="huff"))
    assert check(huff_engine, state, "huff", f"huff {point}") is None
    # ... and it never judges a step.
    assert check(engine, state, "huff", "e7-e8") is None


def test_huff_checks_name_the_turn_the_point_and_the_target() -> None:
    # c5 could capture d5 (landing on e5) and stepped to c4 instead.
    position = {**BL_FILL, "c5": D, "d5": A, "g9": D}
    g = sn.new_game(BL, position=position, to_move=D, capture="huff")
    engine = g._engine
    assert isinstance(engine, HuntEngine)
    before = g._state
    assert check(engine, before, "huff_turn", "huff c5") == (
        "Only the attacker huffs, before his own move.",
        "huffing",
    )
    g.play("c5-c4")
    state = g._state
    assert g.huffable == ("c4",)
    assert check(engine, state, "huff_turn", "huff c4") is None
    assert check(engine, state, "huff_defender", "huff d5") == (
        "There is no defender on d5.",
        "notation",
    )
    assert check(engine, state, "huff_defender", "huff") == (
        "There is no defender on (no point given).",
        "notation",
    )
    # g9 had no capture: it may not be huffed; c4 may.
    refused = check(engine, state, "huff_target", "huff g9")
    assert refused is not None and refused[1] == "huffing"
    assert refused[0].startswith("The defender on g9 may not be huffed")
    assert check(engine, state, "huff_target", "huff c4") is None
    g.play("huff c4")
    # At most one huff is a reading, and the refusal says so in the rule data's words.
    one = sn.fixed_rules(BL)["huffing"].clauses[1].attribution.words(brief=True)
    assert check(engine, g._state, "huff_once", "huff g9") == (
        f"The attacker has already huffed this turn (at most one huff a turn: {one}).",
        "huffing",
    )


def test_notation_and_points_checks() -> None:
    engine, state = engine_and_state(PS, {**PS_FILL, "r4c1": D}, D)
    refused = check(engine, state, "notation", "r4c1")
    assert refused is not None and refused[1] == "notation"
    assert refused[0].startswith("'r4c1' is not a move")
    assert check(engine, state, "notation", "r4c1 - r3c1") is None
    assert check(engine, state, "notation", "huff r4c1") is None  # the huff checks' business
    # The points check speaks the game's own words for a wrong point (PYRAMID.describe_missing).
    assert check(engine, state, "points", "r4c1-r2c5") == (
        "'r2c5' is not a point: row r2 has points c0 to c2.",
        "notation",
    )
    assert check(engine, state, "points", "r4c1-r3c1") is None
    assert check(engine, state, "piece", "r3c1-r2c1") == ("There is no piece on r3c1.", "notation")
    refused = check(engine, state, "turn", "r7c1-r6c1")
    assert refused is not None and refused[1] == "turn-order"
    assert check(engine, state, "turn", "r4c1-r3c1") is None


@pytest.mark.parametrize(("game", "start", "away", "towards"), [(BL, "e5", "e4", "e6")])
def test_direction_check_names_the_direction_option(
    game: str, start: str, away: str, towards: str
) -> None:
    # e5 is 2 lines from the fortress (e7), e4 is 3 and e6 is 1.
    engine, state = engine_and_state(game, {**BL_FILL, start: A, "c9": D}, A)
    refused = check(engine, state, "direction", f"{start}-{away}")
    assert refused is not None
    assert refused[1] == engine.rules.option("attacker_direction").id == "BL-2"
    assert "does not lead towards the fortress" in refused[0]
    assert check(engine, state, "direction", f"{start}-{towards}") is None
    free = engine.with_rules(sn.rules(game, attacker_direction="any"))
    assert check(free, state, "direction", f"{start}-{away}") is None


def test_pyramid_direction_check_names_towards_and_the_escape_clause() -> None:
    # r2c1 is 2 lines from the fortress, r1c0 is 3.
    engine, state = engine_and_state(PS, {**PS_FILL, "r2c1": A, "r4c1": D}, A)
    refused = check(engine, state, "direction", "r2c1-r1c0")
    assert refused is not None and refused[1] == engine.rules.option("towards").id == "PS-5"
    assert "escape clause (PS-6)" in refused[0]
    # Belagerung has no escape clause, so its refusal never mentions one.
    bl, bl_state = engine_and_state(BL, {**BL_FILL, "e5": A, "c9": D}, A)
    refused = check(bl, bl_state, "direction", "e5-e4")
    assert refused is not None and "escape clause" not in refused[0]


def test_chain_check_refuses_jumping_a_defender_and_jumping_twice() -> None:
    position = {**BL_FILL, "e5": D, "e6": D, "d5": A, "c9": D}
    engine, state = engine_and_state(BL, position, D)
    assert check(engine, state, "chain", "e5xe7") == (
        "The point jumped over, e6, is a defender: only attackers can be jumped.",
        "movement",
    )
    # That a jumped attacker leaves the board at once is a reconstruction: said so.
    gone = sn.fixed_rules(BL)["BL-4"].clauses[2].attribution.words(brief=True)
    assert check(engine, state, "chain", "e5xc5xe5") == (
        "The point jumped over, d5, is an attacker already jumped in this move, which left "
        f"the board at once ({gone}).",
        "movement",
    )
    assert check(engine, state, "chain", "e5xe3") == (
        "The point jumped over, e4, is empty.",
        "movement",
    )
    refused = check(engine, state, "chain", "e5xd4")
    assert refused is not None and "not two steps from e5" in refused[0]
    assert check(engine, state, "chain", "e5xc5") is None  # a good jump passes
    assert check(engine, state, "jumper", "e5xc5") is None
    attacker_jump = check(engine, state, "jumper", "d5xb5")
    assert attacker_jump == ("Attackers never jump; only defenders capture.", "movement")


def test_step_checks_line_occupied_and_must_capture() -> None:
    # r4c1 can jump r3c1 (landing on r2c1): under strict capture it may not step.
    position = {**PS_FILL, "r4c1": D, "r3c1": A, "r6c3": D}
    engine, state = engine_and_state(PS, position, D, capture="strict")
    refused = check(engine, state, "line", "r4c1-r2c1")
    assert refused is not None and refused[1] == "movement" and "not joined by a line" in refused[0]
    assert check(engine, state, "line", "r4c1-r4c2") is None
    assert check(engine, state, "occupied", "r4c1-r3c1") == ("r3c1 is occupied.", "movement")
    assert check(engine, state, "occupied", "r4c1-r4c2") is None
    refused = check(engine, state, "must_capture", "r6c3-r5c3")
    assert refused is not None and refused[1] == engine.rules.option("capture").id == "PS-3"
    huff = engine.with_rules(sn.rules(PS, capture="huff"))
    assert check(huff, state, "must_capture", "r6c3-r5c3") is None


def test_game_over_check() -> None:
    fortress = ["r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"]
    engine, state = engine_and_state(PS, {**{p: A for p in fortress}, "r0c0": D}, D)
    assert state.result is not None
    refused = check(engine, state, "game_over", "r0c0-r1c0")
    assert refused is not None and refused[1] == "game-over"
    live, live_state = engine_and_state(PS, {**PS_FILL, "r0c0": D}, D)
    assert check(live, live_state, "game_over", "r0c0-r1c0") is None


# -- the order -------------------------------------------------------------------------------------
@pytest.mark.parametrize("engine_class", [BelagerungEngine, PyramidEngine])
def test_every_check_name_has_its_method_and_every_method_its_place(
    engine_class: type[HuntEngine],
) -> None:
    methods = {
        n[len("check_") :] for n, _ in inspect.getmembers(engine_class) if n.startswith("check_")
    }
    assert set(engine_class.CHECKS) == methods
    assert len(engine_class.CHECKS) == len(methods)
    assert engine_class.CHECKS[0] == "game_over"
    # A huff's checks come first: the option, the side, once a turn, the point, the target.
    order = engine_class.CHECKS
    assert order.index("huff") < order.index("huff_turn") < order.index("huff_once")
    assert order.index("huff_once") < order.index("huff_defender") < order.index("huff_target")
    # A piece is found and its side known before any rule of movement is asked.
    assert order.index("turn") < min(order.index(n) for n in ("jumper", "chain", "line"))


def swapped(engine_class: type[HuntEngine], first: str, second: str) -> type[HuntEngine]:
    """``engine_class`` with two checks' places exchanged."""
    order = list(engine_class.CHECKS)
    i, j = order.index(first), order.index(second)
    order[i], order[j] = order[j], order[i]
    return type("Swapped", (engine_class,), {"CHECKS": tuple(order)})


def test_fortress_rule_comes_before_the_direction_rule() -> None:
    # r4c2 is a fortress point; r3c2 is outside: the fortress rule (the attacker stays) and
    # the direction rule (the step leaves the fortress) both refuse; the fortress rule speaks.
    position = {**PS_FILL, "r4c2": A, "r0c0": D}
    engine, state = engine_and_state(PS, position, A)
    assert check(engine, state, "fortress", "r4c2-r3c2") is not None
    assert check(engine, state, "direction", "r4c2-r3c2") is not None
    assert engine.explain(state, "r4c2-r3c2")[2] == "fortress"
    other = swapped(PyramidEngine, "fortress", "direction")(engine.rules)
    assert other.explain(state, "r4c2-r3c2")[2] == "PS-5"


def test_capture_option_comes_before_whose_turn_for_a_huff() -> None:
    engine, state = engine_and_state(PS, {**PS_FILL, "r4c1": D}, D, capture="strict")
    assert engine.explain(state, "huff r4c1")[2] == "PS-3"
    other = swapped(PyramidEngine, "huff", "huff_turn")(engine.rules)
    assert other.explain(state, "huff r4c1")[2] == "huffing"


def test_game_over_comes_first() -> None:
    fortress = ["r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"]
    engine, state = engine_and_state(PS, {**{p: A for p in fortress}, "r0c0": D}, A)
    assert engine.explain(state, "r4c2-r3c2")[2] == "game-over"
    other = swapped(PyramidEngine, "game_over", "fortress")(engine.rules)
    assert other.explain(state, "r4c2-r3c2")[2] == "fortress"


# -- frozen states ---------------------------------------------------------------------------------
def test_states_are_immutable_and_apply_leaves_the_old_state_alone() -> None:
    g = sn.new_game(BL, capture="huff")
    state = g._state
    assert isinstance(state, tuple) and isinstance(state.cells, tuple)
    with pytest.raises(AttributeError):
        state.to_move = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.cells[0] = 0  # type: ignore[index]


@pytest.mark.parametrize("game", [BL, PS])
def test_apply_makes_new_frozen_states_for_every_kind_of_move(game: str) -> None:
    # A random game under huffing, every legal move applied at every position on the way:
    # steps, jump chains and huffs each make a new tuple and leave the old state as it was.
    g = sn.new_game(game, capture="huff")
    engine = g._engine
    assert isinstance(engine, HuntEngine)
    rng = random.Random(3)
    kinds: set[str] = set()
    while g.result is None and g.ply < 150:
        state = g._state
        copy = HuntState(*state)
        legal_before = [m.text for m in engine.legal(state)]
        for move in engine.legal(state):
            new = engine.apply(state, move)
            kinds.add(move.kind)
            assert isinstance(new, HuntState) and isinstance(new.cells, tuple), move
            assert new is not state and new.cells != state.cells
            assert state == copy
        assert [m.text for m in engine.legal(state)] == legal_before
        g.play(rng.choice(g.legal_moves()))
    assert kinds == {"step", "jump", "huff"}


def test_result_is_settled_when_a_state_is_made_and_its_moves_kept() -> None:
    # The defender on e5 jumps d5 and leaves 16 attackers: BL-5 ends the game with that move.
    fill = {p: piece for p, piece in BL_FILL.items() if p != "a3"}
    g = sn.new_game(BL, position={**fill, "e5": D, "d5": A}, to_move=D)
    engine = g._engine
    assert isinstance(engine, HuntEngine)
    ended = engine.apply(g._state, g._engine.parse(g._state, "e5xc5"))  # type: ignore[arg-type]
    assert ended.result is not None and ended.result.rule == "BL-5"
    assert engine.legal(ended) == []
    # A live state's moves were computed while settling it: legal() does not generate again.
    live = engine.apply(g._state, engine.parse(g._state, "e5-e6"))  # type: ignore[arg-type]
    assert live.result is None

    def refuse(state: HuntState) -> list[sn.Move]:
        raise AssertionError("moves generated twice")

    fresh = engine.with_rules(engine.rules, cache_size=0)  # an engine without the patch below
    engine.generate = refuse  # type: ignore[method-assign]
    assert engine.legal(live) == fresh.legal(live) != []


def test_question_is_frozen_and_taken_apart_once() -> None:
    engine, state = engine_and_state(PS, {**PS_FILL, "r4c1": D}, D)
    q = engine.ask(state, " r4c1 x r2c1 x r2c3 ")
    assert isinstance(q, HuntQuestion)
    assert (q.text, q.sep, q.parts, q.shaped) == (
        "r4c1xr2c1xr2c3",
        "x",
        ("r4c1", "r2c1", "r2c3"),
        True,
    )
    assert q.nodes == tuple(engine.board.index.get(p, -1) for p in q.parts)
    assert q.nodes[-1] == -1 and not q.placed  # r2c3 is no point
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.text = "r4c1-r3c1"  # type: ignore[misc]
    assert engine.ask(state, "huff  r4c1").huff == "r4c1"


# -- engines, rules and specs ----------------------------------------------------------------------
@pytest.mark.parametrize("game", [BL, PS])
def test_with_rules_gives_an_engine_of_the_same_game_with_its_own_cache(game: str) -> None:
    g = sn.new_game(game)
    engine = g._engine
    assert isinstance(engine, HuntEngine) and type(engine) is ENGINES[game]
    other = engine.with_rules(sn.rules(game, move_limit=None))
    assert type(other) is type(engine) and other.game == game and other.spec is SPECS[game]
    assert other.rules["move_limit"] is None and engine.rules["move_limit"] == 200
    assert other._cached is not engine._cached
    state = g._state
    assert id(state) not in other._cached
    other.legal(state)
    assert id(state) in other._cached
    none = engine.with_rules(engine.rules, cache_size=0)
    none.legal(state)
    assert none._cached == {}
    # Without cache_size, the engine's own size carries over.
    assert engine.with_rules(engine.rules)._cache_size == engine._cache_size
    assert none.with_rules(engine.rules)._cache_size == 0


def test_rules_for_another_game_are_refused() -> None:
    with pytest.raises(ValueError, match="rules for 'belagerung'"):
        PyramidEngine(sn.rules(BL))


def test_parse_forgives_spaces_in_huffs_and_steps() -> None:
    g = sn.new_game(BL, position={**BL_FILL, "c5": D, "d5": A, "g9": D}, to_move=D, capture="huff")
    g.play("c5 - c4")
    engine, state = g._engine, g._state
    for text in ("huff c4", "huffc4", " huff   c4 "):
        move = engine.parse(state, text)
        assert move is not None and move.text == "huff c4"
    assert engine.parse(state, "huff g9") is None


def test_what_differs_between_hunt_games_lives_in_the_spec() -> None:
    # A third hunt game (here Pyramid Siege's rules with other words) is a spec and a class.
    spec = dataclasses.replace(
        PYRAMID,
        describe_missing=lambda board, name: f"{name!r} is off the pyramid",
        text_rows=lambda board, mark: ["".join(mark(p) for p in range(len(board.names)))],
    )
    third = type("ThirdEngine", (HuntEngine,), {"spec": spec, "game": spec.game})
    engine = third(sn.rules(PS))
    with pytest.raises(ValueError, match=r"^'zz' is off the pyramid$"):
        engine.initial_state({"position": {"zz": A}})
    state = engine.initial_state({})
    pieces, board = engine.pieces(state), engine.board
    marks = {A: "x", D: "O"}
    expected = "".join(
        marks[pieces[name]] if name in pieces else "+" if board.fortress[i] else "."
        for i, name in enumerate(board.names)
    )
    assert engine.text(state).splitlines()[0] == expected
    assert engine.explain(state, "r4c1-r9c9")[1] == "'r9c9' is off the pyramid."
    # No code in the module asks which game it is.
    source = inspect.getsource(hunt)
    assert "self.game ==" not in source and 'game == "' not in source
    assert BELAGERUNG.describe_missing is not PYRAMID.describe_missing
