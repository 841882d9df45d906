"""Jump chains: one move per outcome, any path accepted, one jump at a time.

A chain may turn and stop after any jump, so its paths can be exponentially many. The engine
lists one move per outcome (where the chain ends and which attackers it takes), written along
the first path it finds; every other path to that outcome is the same move, accepted by
``play``, ``find`` and ``why`` as the player wrote it. ``HuntGame.chain_steps`` answers one
jump at a time without listing any chain.
"""

from __future__ import annotations

import json

import pytest

import siege_nb as sn
from siege_nb.games import base
from siege_nb.games.base import EXPLORE_LIST_LIMIT
from siege_nb.games.hunt import HuntEngine

# Three attackers around a triangle of r2c0: the chain can go round either way.
TRIANGLE = {
    "r2c0": "defender",
    "r2c1": "attacker",
    "r3c1": "attacker",
    "r3c2": "attacker",
    **{f"r7c{c}": "attacker" for c in range(5)},
}

# Over two million distinct chain outcomes (found by a local search over Belagerung
# positions): listing them takes minutes, so anything a click or an agent calls must not.
HUGE_ATTACKERS = (
    "a5 a6 b4 b5 b7 c2 c4 c6 c8 d1 d2 d3 d4 d5 d6 d8 d9 e2 e4 e6 e8 f2 f3 f4 f5 f6 f7 f8 g2 g4 "
    "g8 h4 h5 h8"
)
HUGE = {
    **dict.fromkeys(HUGE_ATTACKERS.split(), "attacker"),
    **dict.fromkeys(["c5", "f1", "h3"], "defender"),
}


def triangle() -> sn.Game:
    return sn.new_game("pyramid-siege", position=TRIANGLE, to_move="defender")


def huge() -> sn.Game:
    return sn.new_game(
        "belagerung",
        position=HUGE,
        to_move="defender",
        horns="beside-middle-row",
        diagonals="all",
    )


def outcome(move: sn.Move) -> tuple[object, ...]:
    return (move.start, move.end, frozenset(move.captures))


def test_each_outcome_is_listed_once() -> None:
    g = triangle()
    jumps = [m for m in g.legal_moves() if m.kind == "jump"]
    assert len({outcome(m) for m in jumps}) == len(jumps)
    round_trip = [str(m) for m in jumps if len(m.captures) == 3]
    assert round_trip == ["r2c0xr2c2xr4c2xr2c0"]  # the other way round is the same move
    # Chains of one jump are all there, so a first landing is always a listed move.
    assert {m.path[1] for m in jumps if len(m.captures) == 1} == set(g.chain_steps("r2c0"))


def test_every_path_to_an_outcome_is_accepted_as_written() -> None:
    g = triangle()
    listed = next(m for m in g.legal_moves() if len(m.captures) == 3)
    other = "r2c0xr4c2xr2c2xr2c0"
    found = g.find(other)
    assert found is not None and str(found) == other and outcome(found) == outcome(listed)
    verdict = g.why(other)
    assert verdict.legal and verdict.judged is not None and str(verdict.judged) == other
    before = g.pieces()
    played = g.play(other)
    assert str(played) == other and str(g.last_move) == other
    assert set(before) - set(g.pieces()) == {"r2c1", "r3c1", "r3c2"}
    after = g.pieces()
    g.undo()
    assert g.pieces() == before
    g.redo()
    assert g.pieces() == after


def test_a_move_object_along_another_path_plays() -> None:
    g = triangle()
    listed = next(m for m in g.legal_moves() if len(m.captures) == 3)
    reversed_path = (listed.path[0], *reversed(listed.path[1:-1]), listed.path[-1])
    move = sn.Move(listed.start, listed.end, reversed_path, listed.captures[::-1], "jump")
    assert move not in g.legal_moves()
    assert g.play(move).path == reversed_path


def test_a_record_keeps_the_path_played() -> None:
    g = triangle()
    g.play("r2c0xr4c2xr2c2xr2c0")
    record = json.loads(g.to_json())
    assert record["moves"] == ["r2c0xr4c2xr2c2xr2c0"]
    again = sn.load_game(g.to_json())
    assert again.pieces() == g.pieces() and [str(m) for m in again.moves] == record["moves"]


def test_chain_steps_one_jump_at_a_time() -> None:
    g = triangle()
    assert g.chain_steps("r2c0") == ["r2c2", "r4c2"]
    assert g.chain_steps("r2c0xr2c2") == ["r4c2"]
    assert g.chain_steps(" r2c0 x r2c2 x r4c2 ") == ["r2c0"]
    assert g.chain_steps("r2c0xr2c2xr4c2xr2c0") == []
    assert g.chain_steps("r7c0") == []  # an attacker: not the side to move's chain
    assert g.chain_steps("r5c0") == []  # an empty point
    g.play("r2c0-r1c0")
    assert g.chain_steps("r1c0") == []  # the attacker's turn


@pytest.mark.parametrize(
    ("path", "error", "words"),
    [
        ("zz9", ValueError, "not a point"),
        ("r2c0xzz", ValueError, "not a point"),
        ("r2c0xr2c1", ValueError, "not a jump chain here"),
        ("r2c0xr2c2xr2c0", ValueError, "not a jump chain here"),
        (5, TypeError, "path is text"),
    ],
)
def test_chain_steps_refuses_what_is_no_chain(path: object, error: type, words: str) -> None:
    g = triangle()
    before = g.to_json()
    with pytest.raises(error, match=words):
        g.chain_steps(path)  # type: ignore[arg-type]
    assert g.to_json() == before


def test_deciding_a_chain_never_lists_the_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    g = huge()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chains", refuse)
    firsts = g.chain_steps("c5")
    assert firsts
    path = "c5"
    for _ in range(6):  # follow the first landing a few jumps deep
        nexts = g.chain_steps(path)
        if not nexts:
            break
        path += "x" + nexts[0]
    found = g.find(path)
    assert found is not None and str(found) == path
    assert len(found.captures) == path.count("x")
    assert g.why(path).legal and not g.why("c5-c6").legal  # c6 holds an attacker
    g.play(path)
    assert g.to_move == "attacker" and len(g.pieces()) == len(HUGE) - path.count("x")
    g.undo()
    assert g.find("c5-b6") is not None  # a step, judged without listing the chains


def test_an_attackers_move_on_the_defenders_turn_lists_no_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reader who picks up an attacker while the defenders are to move (a click on the
    board, ``find``, ``why``, a bounded ``explore``) gets "not your turn" at once: judging the
    step used to look for it among the legal moves, which lists every chain."""
    g = huge()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chains", refuse)
    assert g.find("a5-b6") is None
    assert g.why("a5-b6").rule == "turn-order"
    for verdicts in (g.explore("a5", whole_chains=False), g.explore("a5", limit=10)):
        assert verdicts and {v.rule for v in verdicts} == {"turn-order"}


def every_outcome(g: sn.Game) -> set[tuple[object, ...]]:
    """(start, end, taken) of every chain, by a plain search of every path (no pruning)."""
    jumps = g._engine._jumps
    found: set[tuple[object, ...]] = set()

    def every_path(at: int, start: int, taken: frozenset[int], work: list[int]) -> None:
        for over, land in jumps[at]:
            if work[over] == 1 and work[land] == 0:
                work[over] = 0
                found.add((start, land, taken | {over}))
                every_path(land, start, taken | {over}, work)
                work[over] = 1

    cells = g._state.cells
    for p, c in enumerate(cells):
        if c == 2:
            work = list(cells)
            work[p] = 0
            every_path(p, p, frozenset(), work)
    return found


def test_the_dedup_search_finds_every_outcome() -> None:
    """Against a plain search of every path (no pruning) on random Belagerung positions under
    every diagonal layout: the same set of outcomes."""
    import random

    rng = random.Random(4)
    compared = 0
    for diagonals in ("alternating", "all", "none"):
        probe = sn.new_game("belagerung", diagonals=diagonals)
        names = list(probe.board.names)
        while compared < 40 * (1 + ("alternating", "all", "none").index(diagonals)):
            rng.shuffle(names)
            position = dict.fromkeys(names[:24], "attacker")
            position.update(dict.fromkeys(names[24:26], "defender"))
            g = sn.new_game(
                "belagerung", position=position, to_move="defender", diagonals=diagonals
            )
            if g.result is not None:
                continue
            expected = every_outcome(g)
            got = [
                (m.raw[1], m.raw[2][-1], frozenset(m.raw[3]))
                for m in g.legal_moves()
                if m.kind == "jump"
            ]
            assert len(got) == len(set(got))
            assert set(got) == expected
            compared += 1
    assert compared >= 120


def test_the_board_widget_builds_a_chain_without_listing_the_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Picking up a defender, jumping point by point and stopping, in the position with
    millions of chains: every click is answered without listing them."""
    from siege_nb.widgets import BoardWidget
    from siege_nb.widgets.common import mouse_click

    b = BoardWidget(huge())
    b.canvas.draw()
    # Too many moves to offer in the move box: it offers none, and still takes typed moves.
    assert b.move_box.options == ()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chains", refuse)

    def press(node: str) -> None:  # a synthetic mouse press on the point's drawing
        mouse_click(b.canvas, b.ax, *b.view.positions[node])

    press("a5")  # an attacker, on the defenders' turn: nothing to show, no chain listed
    assert b.last_error is None and not b.highlights.destinations
    press("c5")
    firsts = b.game.chain_steps("c5")
    assert firsts and set(firsts) <= set(b.highlights.destinations)
    path = ["c5", firsts[0]]
    press(firsts[0])
    nexts = b.game.chain_steps("x".join(path))
    assert nexts and b.highlights.destinations == sorted(nexts)
    assert b.game.ply == 0 and "Stop here" in [c.description for c in b.actions.children]
    press(nexts[0])
    path.append(nexts[0])
    stop = next(c for c in b.actions.children if c.description == "Stop here")
    stop.click()
    assert b.last_error is None
    assert str(b.game.last_move) == "x".join(path) and b.game.to_move == "attacker"


# -- a bounded list: legal_moves(limit=...) -------------------------------------------------------
def spy_on_chain_searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, int]]:
    """Record, for each chain search the engine runs, its cap and how many outcomes it held
    when it stopped (returned or gave up)."""
    searched: list[tuple[float, int]] = []
    chains = HuntEngine._chains

    def counting(self: HuntEngine, cells, start, out=None, cap=float("inf"), moves=False):  # type: ignore[no-untyped-def]
        try:
            out = [] if out is None else out
            return chains(self, cells, start, out, cap, moves)
        finally:
            searched.append((cap, len(out)))

    monkeypatch.setattr(HuntEngine, "_chains", counting)
    return searched


def test_a_limit_stops_the_chain_search_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the position with millions of chains, ``legal_moves(limit=1000)`` gives up after
    1,001 outcomes without making a Move, says why, and leaves the game as it was."""
    g = huge()
    before = g.to_json()
    searched = spy_on_chain_searches(monkeypatch)

    def no_moves(*args: object, **kwargs: object) -> None:
        raise AssertionError("a Move was made")

    monkeypatch.setattr(HuntEngine, "_to_move", no_moves)
    with pytest.raises(sn.TooManyMoves, match=r"more than 1,000 legal moves .*chain_steps") as err:
        g.legal_moves(limit=1000)
    assert err.value.limit == 1000 and isinstance(err.value, sn.SiegeError)
    steps = len(g._engine.defender_steps(g._state))  # listed before the chains
    assert searched and searched[-1][1] + steps == 1001
    assert g.to_json() == before


def _random_positions(n: int, seed: int) -> list[sn.Game]:
    """Belagerung positions with the defenders to move, under every diagonal layout and both
    capture readings: many of them with chains."""
    import random

    rng = random.Random(seed)
    games: list[sn.Game] = []
    layouts = [(d, c) for d in ("alternating", "all", "none") for c in ("optional", "strict")]
    while len(games) < n:
        diagonals, capture = layouts[len(games) % len(layouts)]
        names = list(sn.new_game("belagerung").board.names)
        rng.shuffle(names)
        attackers = rng.randrange(8, 26)
        position = dict.fromkeys(names[:attackers], "attacker")
        position.update(dict.fromkeys(names[attackers : attackers + 2], "defender"))
        g = sn.new_game(
            "belagerung",
            position=position,
            to_move="defender",
            diagonals=diagonals,
            capture=capture,
        )
        if g.result is None:
            games.append(g)
    return games


def test_a_limit_lists_the_same_moves_or_refuses() -> None:
    """Under its limit the bounded list is the full list, in the same order; one below the
    number of moves it refuses. Each position is asked afresh (a new game of it), so the
    bounded search is not simply handed the cached full list."""
    checked = refused = 0
    for g in _random_positions(60, seed=11):
        fresh = sn.load_game(g.to_json())
        n = len(g.legal_moves())
        assert [str(m) for m in fresh.legal_moves(limit=n)] == [str(m) for m in g.legal_moves()]
        again = sn.load_game(g.to_json())
        if n > 0:
            with pytest.raises(sn.TooManyMoves):
                again.legal_moves(limit=n - 1)
            refused += 1
        assert again.legal_moves(limit=n + 5) == g.legal_moves()  # a refusal leaves no trace
        checked += 1
    assert checked == 60 and refused == 60


@pytest.mark.parametrize(
    ("limit", "error"), [(-1, sn.ArgumentError), ("5", TypeError), (2.5, TypeError)]
)
def test_a_limit_must_be_a_whole_number(limit: object, error: type) -> None:
    g = triangle()
    with pytest.raises(error, match="limit"):
        g.legal_moves(limit=limit)  # type: ignore[arg-type]


# -- a bounded exploration: explore(point, limit=...) ----------------------------------------------
def test_explore_with_a_limit_stops_early_in_the_huge_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Exploring a defender of the position with millions of chains under a limit gives up
    after at most ``limit + 1`` outcomes under each reading, says why, lists no other
    piece's moves and leaves the game as it was."""
    g = huge()
    before = g.to_json()
    searched = spy_on_chain_searches(monkeypatch)

    def no_list(*args: object, **kwargs: object) -> None:
        raise AssertionError("every legal move was listed")

    monkeypatch.setattr(HuntEngine, "legal", no_list)
    # Whichever defender has the most chains: at least one must run past the limit.
    with pytest.raises(sn.TooManyMoves, match=r"more than 500 moves for the piece on c5") as err:
        g.explore("c5", limit=500)
    assert err.value.limit == 500
    assert searched and max(cap for cap, _ in searched) <= 500
    assert g.to_json() == before


def test_explore_with_a_limit_agrees_with_explore() -> None:
    """Under its limit a bounded exploration gives the verdicts of the plain one, in the same
    order, for every piece of random Belagerung positions; one below the count it refuses."""
    compared = refused = 0
    for g in _random_positions(24, seed=5):
        for node in [p for p, who in g.pieces().items() if who == "defender"]:
            full = g.explore(node)
            fresh = sn.load_game(g.to_json())
            bounded = fresh.explore(node, limit=len(full))
            assert [(v.move, v.legal, v.rule, v.reason) for v in bounded] == [
                (v.move, v.legal, v.rule, v.reason) for v in full
            ]
            compared += 1
            if full:
                with pytest.raises(sn.TooManyMoves):
                    fresh.explore(node, limit=len(full) - 1)
                refused += 1
    assert compared >= 40 and refused >= 40


def test_explore_of_a_piece_with_few_moves_lists_no_other_pieces_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Exploring a defender that can only step, in the position where another defender has
    millions of chains, judges its three steps without listing every legal move: it used to
    list them all and run for minutes. The search for the list stops past
    ``EXPLORE_LIST_LIMIT`` outcomes."""
    g = huge()
    searched = spy_on_chain_searches(monkeypatch)

    def no_list(*args: object, **kwargs: object) -> None:
        raise AssertionError("every legal move was listed")

    monkeypatch.setattr(HuntEngine, "legal", no_list)
    verdicts = g.explore("h3")
    assert sorted(v.move for v in verdicts) == ["h3-g3", "h3-i3", "h3-i4"]
    assert all(v.legal for v in verdicts)
    # The listing was tried and given up; no search held more than the bound.
    assert any(held > cap for cap, held in searched)
    assert all(held <= EXPLORE_LIST_LIMIT + 1 for _, held in searched)


def test_explore_judges_alike_with_or_without_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain exploration gives the same verdicts whether the side's moves were few enough
    to be listed or each move was judged on its own."""
    compared = 0
    for g in _random_positions(12, seed=11):
        for node in g.pieces():
            listed = sn.load_game(g.to_json()).explore(node)
            with monkeypatch.context() as m:
                m.setattr(base, "EXPLORE_LIST_LIMIT", 0)
                alone = sn.load_game(g.to_json()).explore(node)
            assert [(v.move, v.legal, v.rule, v.reason) for v in alone] == [
                (v.move, v.legal, v.rule, v.reason) for v in listed
            ]
            compared += len(listed)
    assert compared >= 200


def test_explore_with_a_limit_in_siege_of_paris() -> None:
    """Siege of Paris has no chains: the bounded exploration is the plain one, or a refusal."""
    g = sn.new_game("siege-of-paris")
    full = g.explore("C0")
    assert len(full) >= 2
    assert [v.move for v in g.explore("C0", limit=len(full))] == [v.move for v in full]
    with pytest.raises(sn.TooManyMoves, match="piece on C0"):
        g.explore("C0", limit=len(full) - 1)


@pytest.mark.parametrize(
    ("limit", "error"), [(-1, sn.ArgumentError), ("5", TypeError), (True, TypeError)]
)
def test_explore_limit_must_be_a_whole_number(limit: object, error: type) -> None:
    with pytest.raises(error, match="limit"):
        triangle().explore("r2c0", limit=limit)  # type: ignore[arg-type]


def test_the_random_and_greedy_players_answer_without_listing_the_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the limit the two simple players decide a chain a jump at a time: a legal move,
    the same for the same seed; the greedy one takes a long chain."""
    from siege_nb.ai import GreedyAgent, RandomAgent

    g = huge()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chain_moves", refuse)
    picks = [RandomAgent(seed=s).choose(g) for s in (1, 2, 3, 1)]
    assert str(picks[0]) == str(picks[3])
    for m in picks:
        assert g.why(m).legal
    greedy = GreedyAgent(seed=0).choose(g)
    assert g.why(greedy).legal and greedy.kind == "jump"
    assert len(greedy.captures) >= max(len(m.captures) for m in picks)
    assert len(greedy.captures) >= 20  # chains of over 20 captures exist here
    g.play(greedy)
    assert g.to_move == "attacker"


def test_a_turn_played_by_agents_lists_no_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play_turn`` (what the balance lab plays every ply through) asks whether the attackers
    may demand a capture; in a hunt game that question no longer lists every legal move, so
    a turn in the position with millions of chains is played at once."""
    from siege_nb.ai import RandomAgent, play_turn
    from siege_nb.ai.base import demand_available

    g = huge()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chain_moves", refuse)
    assert not demand_available(g)
    played = play_turn(g, {"attacker": RandomAgent(seed=1), "defender": RandomAgent(seed=1)})
    assert len(played) == 1 and g.to_move == "attacker"


@pytest.mark.parametrize("capture", ["strict", "optional", "huff"])
def test_defender_steps_are_the_listed_steps(capture: str) -> None:
    """The engine's ``defender_steps`` gives the plain steps that ``legal_moves`` lists, none
    where capturing is compulsory and a defender can jump, and none on the attackers' turn."""
    checked = 0
    for g in _random_positions(24, seed=5):
        if capture == "huff":
            g = g.with_rules(capture="huff")
        elif g.rules["capture"] != capture:
            continue
        engine = g._engine
        listed = [str(m) for m in g.legal_moves() if m.kind == "step"]
        assert [str(m) for m in engine.defender_steps(g._state)] == listed
        checked += bool(listed)
    assert checked  # some positions have steps to compare
    g = sn.new_game("belagerung")
    assert g.to_move == "attacker" and g._engine.defender_steps(g._state) == []


def test_longest_chain_takes_the_most_without_listing_the_chains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the moves can be listed, ``longest_chain`` takes as many attackers as the best
    listed move; in the position with millions of chains it answers without listing them,
    with a path ``chain_move`` accepts, and a smaller budget still gives a legal chain."""
    for g in [triangle(), *_random_positions(24, seed=7)]:
        engine = g._engine
        most = max((len(m.captures) for m in g.legal_moves()), default=0)
        path = engine.longest_chain(g._state)
        assert max(len(path) - 1, 0) == most
        if path:
            move = engine.chain_move(g._state, path)
            assert move is not None and g.why(move).legal
    g = huge()

    def refuse(*args: object) -> None:
        raise AssertionError("the chains were listed")

    monkeypatch.setattr(HuntEngine, "_chain_moves", refuse)
    monkeypatch.setattr(HuntEngine, "_chains", refuse)
    engine = g._engine
    long, short = engine.longest_chain(g._state), engine.longest_chain(g._state, budget=5)
    assert len(long) - 1 >= 20 and 1 <= len(short) - 1 < len(long) - 1
    for path in (long, short):
        assert engine.chain_move(g._state, path) is not None
    g.play(engine.chain_move(g._state, long))
    assert g.to_move == "attacker"
    assert engine.longest_chain(g._state) == []  # not the defenders' turn
