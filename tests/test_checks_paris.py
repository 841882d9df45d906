"""The Siege of Paris explain checks one at a time, their order, the frozen states and the
engine's own move cache.

Each ``check_<name>`` of :class:`~siege_nb.games.paris.ParisEngine` is called alone on a
position chosen by hand; the rule ids and words expected follow ``docs/rules-reference.md``
and ``docs/precise-readings.md``. Where two checks both refuse a move, the rules' order
decides, and a subclass with the order swapped shows that the order is what decides.
"""

from __future__ import annotations

import copy
import inspect
import random
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.games.paris import (
    GARRISON,
    ParisEngine,
    ParisQuestion,
    ParisState,
)

GAME = "siege-of-paris"
WS, BS = "white soldier", "black soldier"
# Garrison soldier k7 can take black soldier j8 (no one protects it); White is far away.
HUNTED = {"k7": "garrison soldier", "j8": BS, "a2": WS, "l1": "white general"}
# Three garrison soldiers stand on dark squares, so C0's soldier may not come out onto g5.
SP14 = {
    "a1": "garrison soldier",
    "c1": "garrison soldier",
    "e1": "garrison soldier",
    "C0": "garrison soldier",
    "a2": WS,
    "l1": "white general",
}
# Garrison soldier a1 is stuck (b2 is protected by c3), so an officer must come out (SP-15).
STUCK = {
    "a1": "garrison soldier",
    "b2": BS,
    "c3": BS,
    "C0": "garrison colonel",
    "C4": "garrison general",
}
# Garrison soldier k7 may take j8 only if no attacker protects it; white soldier j9 does.
GUARDED = {"k7": "garrison soldier", "j8": BS, "j9": WS}


def engine_and_state(
    position: dict[str, str] | None = None, *moves: str, **options: Any
) -> tuple[ParisEngine, ParisState]:
    """The engine and the state of a new game, after ``moves``."""
    kwargs: dict[str, Any] = dict(options)
    if position is not None:
        kwargs["position"] = position
    g = sn.new_game(GAME, **kwargs)
    for move in moves:
        g.play(move)
    engine = g._engine
    assert isinstance(engine, ParisEngine)
    return engine, g._state


def check(engine: ParisEngine, state: ParisState, name: str, text: str) -> Any:
    """Run one named check alone on ``text``."""
    return getattr(engine, f"check_{name}")(state, engine.ask(state, text))


# -- the checks alone ----------------------------------------------------------------------------
def test_turn_order_check_refuses_the_wrong_side_and_passes_the_right_one() -> None:
    engine, state = engine_and_state()
    reason, rule = check(engine, state, "turn_order", "a2-b3")
    assert rule == "turn-order"
    assert "garrison's turn" in reason and "white soldier on a2 belongs to White" in reason
    assert check(engine, state, "turn_order", "C0-f5") is None
    # One garrison move later it is White's turn: the same two answers swap.
    engine, state = engine_and_state(None, "C0-f5")
    assert check(engine, state, "turn_order", "a2-b3") is None
    reason, rule = check(engine, state, "turn_order", "C4-f12")
    assert rule == "turn-order" and "White's turn" in reason and "the garrison" in reason


def test_protection_check_names_sp16_and_the_protector() -> None:
    engine, state = engine_and_state(GUARDED, preset="escale-a-jeux")
    reason, rule = check(engine, state, "protection", "k7xj8")
    assert rule == "SP-16"
    assert "protected by the white soldier on j9" in reason
    assert "escale-a-jeux" in reason  # the rule in force is cited
    # Without the protector the same capture passes the check.
    alone = {k: v for k, v in GUARDED.items() if k != "j9"}
    engine, state = engine_and_state(alone, preset="escale-a-jeux")
    assert check(engine, state, "protection", "k7xj8") is None
    # A step captures nothing, so there is nothing to protect.
    assert check(engine, state, "protection", "k7-l8") is None


def test_notation_checks() -> None:
    engine, state = engine_and_state()
    for text in ("hello", "a2-", "b3-c4-d5", ""):
        reason, rule = check(engine, state, "notation", text)
        assert rule == "notation" and "is not a move" in reason
    reason, rule = check(engine, state, "notation", "C0-a17")
    assert rule == "notation" and reason.startswith("a17 is off the board")
    reason, rule = check(engine, state, "notation", "m9-C0")
    assert rule == "notation" and "'m9' is not a point" in reason
    reason, rule = check(engine, state, "notation", "e7-e8")
    assert rule == "notation" and "citadel" in reason
    assert check(engine, state, "notation", "a2-b3") is None
    assert check(engine, state, "notation", "c0-f5") is None  # c0 means the circle C0
    assert check(engine, state, "piece", "a4-a5") == ("There is no piece on a4.", "notation")
    assert check(engine, state, "piece", "a2-a5") is None
    assert check(engine, state, "capture_mark", "C0xf5") == (
        "There is nothing to capture on f5.",
        "notation",
    )
    assert check(engine, state, "capture_mark", "C0-f5") is None


def test_movement_checks() -> None:
    engine, state = engine_and_state()
    assert check(engine, state, "somewhere", "C0-C0") == ("A move must go somewhere.", "movement")
    assert check(engine, state, "somewhere", "C0-f5") is None
    assert check(engine, state, "occupied", "C0-C1") == (
        "C1 is occupied by the garrison soldier.",
        "movement",
    )
    reason, rule = check(engine, state, "movement", "C0-a1")
    assert rule == "movement"
    assert check(engine, state, "movement", "C0-f5") is None
    # White's general on l1 slides north, but its own soldier on l3 stands in the way.
    engine, state = engine_and_state(None, "C0-f5")
    reason, rule = check(engine, state, "movement", "l1-l4")
    assert rule == "blocked" and "l3" in reason
    assert check(engine, state, "movement", "l1-l2") is None


def test_attackers_never_capture_and_nothing_is_taken_inside_the_citadel() -> None:
    position = {"e4": WS, "f5": "garrison soldier", "l1": "white general"}
    engine, state = engine_and_state(position, to_move="white")
    reason, rule = check(engine, state, "occupied", "e4-f5")
    assert rule == "SP-25" and "never capture" in reason
    position = {"f5": "garrison general", "C0": "white general", "a2": WS}
    engine, state = engine_and_state(position)
    reason, rule = check(engine, state, "citadel_capture", "f5xC0")
    assert rule == "SP-17" and "inside the citadel" in reason
    position = {"C0": "garrison general", "f5": WS, "a2": WS, "l1": "white general"}
    engine, state = engine_and_state(position)
    reason, rule = check(engine, state, "citadel_capture", "C0xf5")
    assert rule == "SP-17" and "outside the citadel" in reason
    assert check(engine, state, "citadel_capture", "C0-C1") is None


def test_soldier_colours_check_is_sp14() -> None:
    engine, state = engine_and_state(SP14)
    reason, rule = check(engine, state, "soldier_colours", "C0-g5")
    assert rule == "SP-14" and "dark" in reason
    # Back in the citadel (C0 to C1) no colour is counted.
    assert check(engine, state, "soldier_colours", "C0-C1") is None


def test_demand_checks_are_sp5_in_order() -> None:
    engine, state = engine_and_state(preset="boardandpieces")  # capture is always compulsory
    reason, rule = check(engine, state, "demand_mode", "demand")
    assert rule == "SP-5" and "on demand" in reason
    engine, state = engine_and_state()  # capture on demand
    assert check(engine, state, "demand_mode", "demand") is None
    assert check(engine, state, "demand_turn", "demand") is None
    reason, rule = check(engine, state, "demand_needless", "demand")
    assert rule == "SP-5" and "nothing to demand" in reason
    engine, state = engine_and_state(None, "C0-f5")
    reason, rule = check(engine, state, "demand_turn", "demand")
    assert rule == "SP-5" and "White's turn" in reason
    engine, state = engine_and_state(HUNTED, "demand")
    assert check(engine, state, "demand_repeated", "demand") == (
        "A capture has already been demanded this turn.",
        "SP-5",
    )
    # A move is not a demand: the demand checks leave it to the others.
    for name in ("demand_mode", "demand_turn", "demand_repeated", "demand_needless"):
        assert check(engine, state, name, "k7-l8") is None


def test_turn_wide_checks() -> None:
    engine, state = engine_and_state(HUNTED, "demand")
    reason, rule = check(engine, state, "demanded_capture", "k7-l8")
    assert rule == "SP-5" and "demanded a capture" in reason
    assert check(engine, state, "demanded_capture", "k7xj8") is None
    engine, state = engine_and_state(HUNTED, preset="boardandpieces")
    reason, rule = check(engine, state, "compulsory_capture", "k7-l8")
    assert rule == "SP-5" and "compulsory" in reason
    assert check(engine, state, "compulsory_capture", "k7xj8") is None
    engine, state = engine_and_state(HUNTED)  # on demand: stepping is allowed
    assert check(engine, state, "compulsory_capture", "k7-l8") is None
    engine, state = engine_and_state(STUCK)
    reason, rule = check(engine, state, "sortie", "C0-C1")
    assert rule == "SP-15" and "officer must come out" in reason
    sortie = next(m.text for m in engine.legal(state))
    assert check(engine, state, "sortie", sortie) is None
    engine, state = engine_and_state(STUCK, officers_must_sortie=False)
    assert check(engine, state, "sortie", "C0-C1") is None


def test_game_over_check() -> None:
    won = {"C0": "white general", "C1": WS, "C2": BS, "C3": BS, "a1": "garrison soldier"}
    engine, state = engine_and_state(won)
    assert state.result is not None and state.result.rule == "SP-1"
    reason, rule = check(engine, state, "game_over", "a1-b2")
    assert rule == "game-over" and "over" in reason
    engine, state = engine_and_state()
    assert check(engine, state, "game_over", "a1-b2") is None


@pytest.mark.parametrize("preset", sn.presets(GAME))
def test_no_check_refuses_a_legal_move(preset: str) -> None:
    rng = random.Random(preset)
    g = sn.new_game(GAME, preset=preset)
    engine = g._engine
    assert isinstance(engine, ParisEngine)
    seen = 0
    while g.result is None and g.ply < 150:
        state = g._state
        for move in g.legal_moves():
            if move.kind == "demand":
                continue  # the demand checks refuse every demand they are shown
            for name, run in engine.checks():
                assert run(state, engine.ask(state, move.text)) is None, (name, move.text)
            seen += 1
        g.play(rng.choice(g.legal_moves()))
    assert seen > 500


@pytest.mark.parametrize("preset", sn.presets(GAME))
def test_explain_answers_with_the_first_refusing_check(preset: str) -> None:
    rng = random.Random(preset)
    g = sn.new_game(GAME, preset=preset)
    engine = g._engine
    assert isinstance(engine, ParisEngine)
    rules_seen = set()
    while g.result is None and g.ply < 120:
        state = g._state
        texts = {"demand", "a1", "zz-a1"}
        for node in g.pieces():
            texts.update(m.text for m in engine.candidates(state, node))
            texts.add(f"{node}-{rng.choice(g.board.names)}")
        for text in sorted(t for t in texts if engine.parse(state, t) is None):
            first = next(
                r for _, run in engine.checks() if (r := run(state, engine.ask(state, text)))
            )
            ok, reason, rule = engine.explain(state, text)
            assert not ok and (reason, rule) == first
            rules_seen.add(rule)
        g.play(rng.choice(g.legal_moves()))
    assert {"notation", "turn-order", "movement"} <= rules_seen


# -- the order of the checks ---------------------------------------------------------------------
def test_every_check_name_has_its_method_and_every_method_its_place() -> None:
    names = ParisEngine.CHECKS
    assert len(set(names)) == len(names)
    methods = {
        n[len("check_") :] for n, _ in inspect.getmembers(ParisEngine) if n.startswith("check_")
    }
    assert methods == set(names)
    for name in names[1:]:  # game_over is the base's
        doc = inspect.getdoc(getattr(ParisEngine, f"check_{name}")) or ""
        assert "SP-" in doc or "rule" in doc or "Notation" in doc, name


def test_the_order_of_the_checks_follows_the_rules() -> None:
    order = ParisEngine.CHECKS.index
    assert ParisEngine.CHECKS[0] == "game_over"
    assert order("demand_needless") < order("notation")  # "demand" is not a node pair
    assert order("notation") < order("piece") < order("turn_order")
    assert order("turn_order") < order("movement") < order("protection")
    # The turn-wide rules come last: they forbid moves the piece itself could make.
    assert order("protection") < order("demanded_capture")
    assert order("soldier_colours") < order("compulsory_capture") < order("sortie")


def test_the_order_decides_between_two_refusals() -> None:
    # At the start White's a2 soldier may not go to a4: not its turn, and not a soldier's step.
    engine, state = engine_and_state()
    assert check(engine, state, "turn_order", "a2-a4") is not None
    assert check(engine, state, "movement", "a2-a4")[1] == "movement"
    assert engine.explain(state, "a2-a4")[2] == "turn-order"

    class MovementFirst(ParisEngine):
        CHECKS = (*(n for n in ParisEngine.CHECKS if n != "turn_order"), "turn_order")

    swapped = MovementFirst(engine.rules)
    assert swapped.explain(state, "a2-a4")[2] == "movement"


# -- frozen states -------------------------------------------------------------------------------
def test_states_are_immutable() -> None:
    _, state = engine_and_state()
    assert isinstance(state.cells, tuple) and isinstance(state.occupied, tuple)
    with pytest.raises(AttributeError):
        state.plies = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        state[0] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        state.cells[0] = 5  # type: ignore[index]
    assert list(state.occupied) == sorted(state.occupied)


@pytest.mark.parametrize(
    ("position", "played", "text", "kind"),
    [
        (None, [], "C0-f5", "step"),
        ({"g5": "white general", "a2": WS, "C2": "garrison soldier"}, [], "g5-C0", "enter"),
        (HUNTED, [], "k7xj8", "capture"),
        (HUNTED, [], "demand", "demand"),
    ],
)
def test_apply_leaves_the_old_state_alone(
    position: dict[str, str] | None, played: list[str], text: str, kind: str
) -> None:
    to_move = "white" if kind == "enter" else "garrison"
    g = sn.new_game(GAME, position=position, to_move=to_move) if position else sn.new_game(GAME)
    engine, state = g._engine, g._state
    move = engine.parse(state, text)
    assert move is not None and move.kind == kind
    before = copy.deepcopy(state)
    new = engine.apply(state, move)
    assert state == before and new != state
    assert isinstance(new.cells, tuple) and isinstance(new.occupied, tuple)
    assert list(new.occupied) == sorted(new.occupied)
    assert new.occupied == tuple(i for i, c in enumerate(new.cells) if c)
    if kind == "demand":
        assert new.demanded and new.cells is state.cells  # nothing moved: shared, frozen cells


def test_result_and_passes_are_settled_when_a_state_is_made() -> None:
    # White's only piece is a soldier on the far rank: it cannot move, so White passes (SP-23).
    position = {"a16": WS, "b14": BS, "C0": "garrison colonel"}
    engine, state = engine_and_state(position)
    move = engine.parse(state, "C0-C1")
    assert move is not None

    def no_second_generation(state: ParisState) -> list[sn.Move]:
        raise AssertionError("moves computed twice")

    engine.generate = no_second_generation  # type: ignore[method-assign]
    new = engine.apply(state, move)
    assert new.to_move == GARRISON and new.result is None  # White's pass is already made
    assert engine.sides[new.next_army] == "black"
    assert engine.legal(new)  # the moves _settle computed, kept by the engine


def test_question_is_frozen_and_read_once() -> None:
    engine, state = engine_and_state()
    q = engine.ask(state, " c0 - f5 ")
    assert isinstance(q, ParisQuestion)
    assert (q.text, q.sep, q.parts) == ("C0-f5", "-", ("C0", "f5"))
    assert engine.board.names[q.start] == "C0" and q.code and not q.target
    with pytest.raises(AttributeError):
        q.start = 3  # type: ignore[misc]
    bad = engine.ask(state, "a2-m9")
    assert bad.start == bad.end == -1 and bad.code == 0


def test_parse_accepts_the_other_spellings() -> None:
    engine, state = engine_and_state(HUNTED)
    capture = engine.parse(state, "k7xj8")
    assert capture is not None and capture.kind == "capture"
    assert engine.parse(state, "k7-j8") is capture
    assert engine.parse(state, " k7 x j8 ") is capture
    engine, state = engine_and_state()
    step = engine.parse(state, "C0-f5")
    assert step is not None and engine.parse(state, "c0-f5") is step
    assert engine.parse(state, "C0xf5") is None


# -- the engine's own cache ----------------------------------------------------------------------
def test_an_engine_for_other_rules_never_answers_from_another_engines_cache() -> None:
    on_demand, state = engine_and_state(HUNTED)
    always = on_demand.with_rules(sn.rules(GAME, "boardandpieces"))
    assert isinstance(always, ParisEngine)
    demanding = sorted(m.text for m in on_demand.legal(state))
    assert "demand" in demanding and "k7-l8" in demanding
    assert [m.text for m in always.legal(state)] == ["k7xj8"]  # capture is compulsory
    assert sorted(m.text for m in on_demand.legal(state)) == demanding
    # The other way round: the compulsory engine asked first, on a state it made itself.
    fresh = always.initial_state({"position": HUNTED})
    assert [m.text for m in always.legal(fresh)] == ["k7xj8"]
    assert sorted(m.text for m in on_demand.legal(fresh)) == demanding


def test_the_cache_size_is_the_engines_own() -> None:
    engine, state = engine_and_state()
    assert engine.legal(state) is engine.legal(state)  # served from the cache
    uncached = engine.with_rules(engine.rules, cache_size=0)
    assert type(uncached) is ParisEngine and uncached.rules == engine.rules
    first, second = uncached.legal(state), uncached.legal(state)
    assert first == second and first is not second  # computed each time
    assert ParisEngine(engine.rules, cache_size=0).legal(state) == first


def test_rules_for_another_game_are_refused() -> None:
    with pytest.raises(ValueError, match="belagerung"):
        ParisEngine(sn.rules("belagerung"))
