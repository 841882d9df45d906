"""``legal_moves()`` answers at once in any position: past ``MOVES_AT_ONCE`` moves its
:class:`MoveList` holds the first moves and lists the rest when something needs them. These
tests check that an incomplete list behaves exactly as the complete list would, for every list
operation a caller can use, and that the cheap questions never list the chains."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from test_chains import _random_positions, huge, triangle

import siege_nb as sn
from siege_nb.games import base
from siege_nb.games.hunt import HuntEngine
from siege_nb.games.movelist import MoveList


def refuse_full_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any listing of every move fails the test (the bounded search does not list them)."""

    def refuse(*args: object) -> None:
        raise AssertionError("every legal move was listed")

    monkeypatch.setattr(HuntEngine, "generate", refuse)


def test_legal_moves_answers_in_the_huge_position_without_listing_the_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The position with over two million chain outcomes: the call, and what a player asks of
    the first moves, never list them all (the listing took minutes)."""
    g = huge()
    refuse_full_listing(monkeypatch)
    moves = g.legal_moves()
    assert isinstance(moves, list) and not moves.complete and moves
    assert list.__len__(moves) == base.MOVES_AT_ONCE + 1  # the first moves, no more
    first = moves[0]
    assert first.kind == "step" and first in moves  # the steps come first, as in the full list
    assert moves[: base.MOVES_AT_ONCE] == list.__getitem__(moves, slice(0, base.MOVES_AT_ONCE))
    assert [m.text for m in moves[:3]] == [m.text for m in list.__iter__(moves)][:3]
    streamed = []
    for move in moves:
        streamed.append(move)
        if len(streamed) == 100:
            break
    assert streamed == list.__getitem__(moves, slice(0, 100))
    jump = next(m for m in streamed if m.kind == "jump")
    assert jump in moves
    illegal = sn.Move("c5", "c7", ("c5", "c7"), (), "step")
    assert illegal not in moves
    assert g.find(first) is first or g.find(first) == first
    g.play(first)  # a listed move plays
    assert g.to_move == "attacker" and not moves.complete


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lists of more than three moves are left incomplete, so ordinary positions test it."""
    monkeypatch.setattr(base, "MOVES_AT_ONCE", 3)


def _lists(count: int) -> list[tuple[Callable[[], MoveList], list[sn.Move]]]:
    """``(fresh, full)`` pairs: a maker of a new incomplete MoveList of a position, and that
    position's complete list of moves from an engine of its own."""
    pairs: list[tuple[Callable[[], MoveList], list[sn.Move]]] = []
    for g in _random_positions(count, seed=23):
        full = g._engine.with_rules(g.rules, cache_size=0).legal(g._state)
        if len(full) <= 3:
            continue

        def fresh(g: sn.Game = g) -> MoveList:
            g._engine._cached.clear()  # asked afresh, not handed the cached full list
            moves = g.legal_moves()
            assert not moves.complete
            return moves

        pairs.append((fresh, full))
    return pairs


# Each operation is run on a new incomplete list and on a plain list of the same moves, and
# must give the same answer and leave the two lists alike.
OPERATIONS: dict[str, Callable[[list[sn.Move]], Any]] = {
    "len": len,
    "list": list,
    "tuple": tuple,
    "iter": lambda ms: [m.text for m in ms],
    "reversed": lambda ms: list(reversed(ms)),
    "sorted": lambda ms: sorted(ms, key=str),
    "last": lambda ms: ms[-1],
    "index past the first": lambda ms: ms[4] if len(ms) > 4 else None,
    "slice from the end": lambda ms: ms[-2:],
    "slice with a step": lambda ms: ms[::2],
    "slice past the first": lambda ms: ms[1:100],
    "equal": lambda ms: ms == list(ms),
    "equal, reflected": lambda ms: list(ms) == ms,
    "not equal to empty": lambda ms: ms != [],
    # The list on the right: Python asks the MoveList first, as it is list's subclass.
    "less than": lambda ms: [] < ms,  # noqa: SIM300
    "plus": lambda ms: ms + [],  # noqa: RUF005
    "plus, reflected": lambda ms: [] + ms,  # noqa: RUF005
    "times": lambda ms: ms * 2,
    "times, reflected": lambda ms: 2 * ms,
    "repr": repr,
    "str": str,
    "copy.copy": lambda ms: list(copy.copy(ms)),
    **{
        f"pickle, protocol {n}": lambda ms, n=n: list(pickle.loads(pickle.dumps(ms, n)))
        for n in range(pickle.HIGHEST_PROTOCOL + 1)
    },
    "count": lambda ms: ms.count(ms[0]),
    "index": lambda ms: ms.index(ms[-1]),
    "copy": lambda ms: ms.copy(),
    "set of texts": lambda ms: {m.text for m in ms},
    "extend another list": lambda ms: [*ms],
}

MUTATIONS: dict[str, Callable[[list[sn.Move]], Any]] = {
    "append": lambda ms: ms.append(ms[0]),
    "pop": lambda ms: ms.pop(),
    "sort": lambda ms: ms.sort(key=str),
    "reverse": lambda ms: ms.reverse(),
    "clear": lambda ms: ms.clear(),
    "del last": lambda ms: ms.__delitem__(-1),
    "set last": lambda ms: ms.__setitem__(-1, ms[0]),
    "insert": lambda ms: ms.insert(1, ms[-1]),
    "remove": lambda ms: ms.remove(ms[-1]),
    "+=": lambda ms: ms.__iadd__([ms[0]]),
    "*=": lambda ms: ms.__imul__(2),
}


@pytest.mark.usefixtures("small_batches")
def test_an_incomplete_list_answers_as_the_complete_list() -> None:
    pairs = _lists(24)
    assert len(pairs) >= 12
    for fresh, full in pairs:
        for name, operation in OPERATIONS.items():
            moves = fresh()
            assert operation(moves) == operation(list(full)), name
            assert list(moves) == full and moves.complete, name
        for name, mutation in MUTATIONS.items():
            moves, plain = fresh(), list(full)
            mutation(moves)
            mutation(plain)
            assert list(moves) == plain, name


@pytest.mark.usefixtures("small_batches")
def test_membership_answers_as_the_complete_list() -> None:
    """``in`` for every listed move, for each chain written along another path (equal to no
    listed move, as in a plain list) and for things that are no legal move at all."""
    checked_other_paths = 0
    for fresh, full in _lists(24):
        moves = fresh()
        for move in full:
            assert move in moves
        texts = {m.text for m in full}
        for move in full:
            if move.kind == "jump" and len(move.captures) > 1:
                path = (move.path[0], *reversed(move.path[1:-1]), move.path[-1])
                other = sn.Move(move.start, move.end, path, move.captures[::-1], "jump")
                if "x".join(path) not in texts:
                    assert (other in fresh()) is (other in full)
                    checked_other_paths += 1
        assert "a1-a2" not in fresh() and None not in fresh()
        stranger = sn.Move("a1", "a9", ("a1", "a9"), (), "step")
        assert (stranger in fresh()) is (stranger in full)
    assert checked_other_paths > 0


@pytest.mark.usefixtures("small_batches")
def test_a_chain_along_another_path_is_in_no_list() -> None:
    g = triangle()
    listed = next(m for m in g.legal_moves() if len(m.captures) == 3)
    path = (listed.path[0], *reversed(listed.path[1:-1]), listed.path[-1])
    other = sn.Move(listed.start, listed.end, path, listed.captures[::-1], "jump")
    g._engine._cached.clear()
    moves = g.legal_moves()
    assert not moves.complete and other not in moves and listed in moves
    assert g.find(other) == other  # a legal move all the same, written along its own path


@pytest.mark.usefixtures("small_batches")
def test_comparisons_read_the_whole_list() -> None:
    """A plain list equal to the first moves held is shorter than the whole list, whichever
    side of the comparison it is on; two incomplete lists compare and add whole."""
    longer = [(fresh, full) for fresh, full in _lists(24) if len(full) > 5]
    assert longer
    for fresh, full in longer:
        head = full[: base.MOVES_AT_ONCE + 1]
        assert head < fresh() and head <= fresh() and head != fresh()
        assert not head > fresh() and not head >= fresh() and not head == fresh()  # noqa: SIM201
        assert fresh() > head and fresh() >= head and not fresh() < head
        assert fresh() == fresh() and not fresh() < fresh()
        assert fresh() + fresh() == full + full


def test_a_list_is_complete_in_ordinary_positions() -> None:
    g = sn.new_game("belagerung")
    moves = g.legal_moves()
    assert moves.complete and type(moves) is MoveList and moves == g.legal_moves(limit=100)
    again = pickle.loads(pickle.dumps(moves))
    assert again == moves and type(again) is MoveList and again.complete
    assert type(copy.copy(moves)) is MoveList and copy.deepcopy(moves) == moves
    assert MoveList() == [] and not MoveList() and MoveList().complete


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_complete_list_pickles_like_a_plain_list_under_every_protocol(protocol: int) -> None:
    """A list subclass with ``__slots__`` cannot be pickled under protocols 0 and 1 unless it
    says what its state is; a MoveList must pickle wherever a plain list of the same moves
    does, and come back as a complete MoveList equal to it."""
    for game in sn.GAMES:
        moves = sn.new_game(game).legal_moves()
        assert moves.complete and type(moves) is MoveList
        plain = pickle.loads(pickle.dumps(list(moves), protocol))
        again = pickle.loads(pickle.dumps(moves, protocol))
        assert type(again) is MoveList and again.complete
        assert again == moves == plain and [m.text for m in again] == [m.text for m in plain]
        assert type(copy.deepcopy(moves)) is MoveList and copy.deepcopy(moves) == moves
    empty = pickle.loads(pickle.dumps(MoveList(), protocol))
    assert type(empty) is MoveList and empty == [] and empty.complete
