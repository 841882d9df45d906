"""The hunt engine's fast paths agree with the plain definitions they stand for.

The engine finds pieces with C-level helpers, searches jump chains from the first jumps and
skips end-of-game counts a move cannot have changed (see siege_nb/games/hunt.py). Here each
shortcut is compared, on positions of random games under many option mixes, with the
straightforward computation written out.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.games.hunt import ATTACKER, DEFENDER, EMPTY, ENGINES, HuntEngine, HuntState
from siege_nb.rules import options


def option_mixes(game: str) -> list[dict[str, Any]]:
    """Every combination of the game's option choices."""
    opts = options(game)
    names = [o.name for o in opts]
    choices = [[c.value for c in o.choices] for o in opts]
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*choices)]


def plain_chains(engine: HuntEngine, cells: Sequence[int], start: int) -> list[tuple[Any, ...]]:
    """The chain search written as one recursion from the start point (the definition)."""
    out: list[tuple[Any, ...]] = []
    work = list(cells)
    work[start] = EMPTY
    seen: set[tuple[int, frozenset[int]]] = set()

    def extend(at: int, lands: tuple[int, ...], taken: tuple[int, ...]) -> None:
        for over, land in engine._jumps[at]:
            if work[over] == ATTACKER and work[land] == EMPTY:
                key = (land, frozenset((*taken, over)))
                if key in seen:
                    continue
                seen.add(key)
                work[over] = EMPTY
                out.append(("jump", start, (*lands, land), (*taken, over)))
                extend(land, (*lands, land), (*taken, over))
                work[over] = ATTACKER

    extend(start, (), ())
    return out


def check_position(engine: HuntEngine, state: HuntState) -> None:
    """Every shortcut against its definition, in one position."""
    cells = state.cells
    defenders = [p for p, c in enumerate(cells) if c == DEFENDER]
    assert engine._defenders(cells) == defenders
    assert engine._jumps_exist(cells) == any(engine._has_jump(cells, p) for p in defenders)
    for table, towards in ((engine._towards, True), (engine._free, False)):
        plain = [
            m
            for p, c in enumerate(cells)
            if c == ATTACKER
            for q, m in table[p]
            if cells[q] == EMPTY
        ]
        assert engine._attacker_steps(cells, towards) == plain
    steps = [m for p in defenders for q, m in engine._all_steps[p] if cells[q] == EMPTY]
    assert engine._defender_steps(cells) == steps
    for p in defenders:
        plain = plain_chains(engine, cells, p)
        assert engine._chains(cells, p) == plain
        # The Moves, single jumps from the tables and longer chains made on the way, are
        # those of the raw outcomes, in the same order.
        moves = engine._chain_moves(cells, p)
        assert moves == [engine._to_move(raw) for raw in plain]
        assert [m.raw for m in moves] == plain
    # The state's result, settled with only the counts the last move could change, is the
    # one the full end-of-game checks give (or the side to move is stuck).
    expected = engine._decided(cells, state.quiet)
    if expected is None and state.result is not None:
        expected = engine._stuck(state.to_move)
    assert state.result == expected


@pytest.mark.parametrize("game", ["belagerung", "pyramid-siege"])
def test_fast_paths_agree_with_their_definitions(game: str) -> None:
    rng = random.Random(13)
    mixes = option_mixes(game)
    for values in rng.sample(mixes, min(len(mixes), 24)):
        engine = ENGINES[game](sn.rules(game, **values))
        for _ in range(2):
            state = engine.initial_state({})
            while True:
                check_position(engine, state)
                moves = engine.legal(state)
                if not moves:
                    break
                state = engine.apply(state, rng.choice(moves))


def test_fast_paths_agree_on_crowded_chain_positions() -> None:
    """Positions with long, crossing chains (many attackers around a few defenders)."""
    rng = random.Random(5)
    for game in ("belagerung", "pyramid-siege"):
        engine = ENGINES[game](sn.rules(game))
        names = engine.board.names
        for _ in range(40):
            points = list(range(len(names)))
            rng.shuffle(points)
            n_att = rng.randint(10, min(len(names) // 2, engine.spec.attackers))
            position = {names[p]: "attacker" for p in points[:n_att]}
            position.update({names[p]: "defender" for p in points[n_att : n_att + 3]})
            state = engine.initial_state({"position": position, "to_move": "defender"})
            check_position(engine, state)
