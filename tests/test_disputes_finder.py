"""The disagreement finder: what it finds is real, minimal, a checked scenario, and known.

The lessons are checked against the public API only (``sn.new_game``, ``legal_moves``,
``why``, ``play``, ``result``), not against the finder's own judge: a lesson is minimal when
taking away any one of its pieces, or moving any one nearer the others, leaves no difference
of the same kind (the same side allowing, the same rule refusing, the same kinds of pieces;
or the same two results) in a position legal under both rule sets.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.disputes import Disagreement, DisagreementFinder, Findings, find_disagreements
from siege_nb.disputes.judge import piece_type, team_of_piece
from siege_nb.disputes.shrink import is_minimal

CACHE: dict[tuple[Any, ...], Findings] = {}


def found(game: str, option: str | None, a: Any = None, b: Any = None, **kw: Any) -> Findings:
    """A search, done once per test session."""
    key = (game, option, a, b, repr(sorted(kw.items(), key=str)))
    if key not in CACHE:
        CACHE[key] = find_disagreements(game, option, a, b, **kw)
    return CACHE[key]


def figure_b_search() -> Findings:
    """SP-16's `adjacent` against the chess reading under the French preset, the search of
    the figure B and C lessons (done once, as every search here)."""
    return found(
        "siege-of-paris",
        "SP-16",
        "adjacent",
        "reach-any-army",
        preset="escale-a-jeux",
        positions=2500,
        seed=1,
        limit=8,
    )


# -- the oracle: the public API ---------------------------------------------------------------
def _game(rules: sn.RuleSet, setup: Mapping[str, Any]) -> sn.Game:
    return sn.new_game(rules.game, rules.preset, **dict(setup), **rules.overrides)


def kind_arises(d: Disagreement, setup: Mapping[str, Any]) -> bool:
    """Whether a difference of ``d``'s kind arises after ``d.line`` from ``setup``, asked of
    the public API alone."""
    teams = {team_of_piece(p) for p in setup["position"].values()}
    if len(teams) < 2:
        return False  # the finder keeps a piece of each team (a lesson is a game)
    try:
        ga, gb = _game(d.rules_a, setup), _game(d.rules_b, setup)
    except ValueError:
        return False
    for text in d.line:
        if ga.find(text) is None or gb.find(text) is None:
            return False
        ga.play(text)
        gb.play(text)
    pieces = ga.pieces()

    def mover(move: sn.Move) -> str:
        return piece_type(pieces.get(move.start or "", ""))

    def ends(g: sn.Game) -> tuple[Any, str] | None:
        return None if g.result is None else (g.result.winner, g.result.rule)

    if d.kind == "result":
        want = (ends(_after(d.rules_a, d)), ends(_after(d.rules_b, d)))
        if not d.move:
            return (ends(ga), ends(gb)) == want
        if ga.result is not None or gb.result is not None:
            return False
        for move in ga.legal_moves():
            if gb.find(move.text) is None or mover(move) != piece_type(_mover_of(d)):
                continue
            a2, b2 = ga.clone(), gb.clone()
            a2.play(move.text)
            b2.play(move.text)
            if (ends(a2), ends(b2)) == want:
                return True
        return False
    if ga.result is not None or gb.result is not None:
        return False
    allows, refuses = (ga, gb) if d.allowed_by == "a" else (gb, ga)
    target = _move_kind(d)
    for move in allows.legal_moves():
        if refuses.find(move.text) is not None:
            continue
        taken = tuple(sorted(piece_type(pieces.get(p, "")) for p in move.captures))
        if (mover(move), move.kind, taken, refuses.why(move.text).rule) == target:
            return True
    return False


def _after(rules: sn.RuleSet, d: Disagreement) -> sn.Game:
    g = _game(rules, d.setup)
    for text in [*d.line, *([d.move] if d.move else [])]:
        g.play(text)
    return g


def _mover_of(d: Disagreement) -> str:
    g = _game(d.rules_a, d.setup)
    for text in d.line:
        g.play(text)
    move = g.find(d.move) if d.move else None
    return g.pieces().get(move.start or "", "") if move is not None else ""


def _move_kind(d: Disagreement) -> tuple[Any, ...]:
    g = _game(d.rules_a if d.allowed_by == "a" else d.rules_b, d.setup)
    for text in d.line:
        g.play(text)
    move = g.find(d.move)
    assert move is not None
    pieces = g.pieces()
    taken = tuple(sorted(piece_type(pieces.get(p, "")) for p in move.captures))
    return (piece_type(pieces.get(move.start or "", "")), move.kind, taken, d.rule)


def check_lesson(d: Disagreement, closer: bool = True) -> None:
    """Everything a lesson promises, each asked of the public API."""
    setup = dict(d.setup)
    setup["position"] = dict(d.position)
    assert kind_arises(d, setup), d
    # Legal under both rule sets, and a scenario whose claims the engine confirms.
    _game(d.rules_a, setup), _game(d.rules_b, setup)
    scenario = d.scenario()
    assert scenario.claims and all(r.ok for r in scenario.check()), d.toml()
    # Minimal: no piece can be taken away ...
    for point in d.position:
        rest = dict(setup)
        rest["position"] = {p: v for p, v in d.position.items() if p != point}
        assert not kind_arises(d, rest), f"{d}\nthe piece on {point} can be taken away"
    # ... or (where asked: it takes a while on large boards) moved nearer the others.
    if closer:
        finder = DisagreementFinder(d.game, presets=(d.rules_a.preset, d.rules_a.preset))
        judge = finder.judge
        problems = is_minimal(judge, setup, d.line, d.group, holds=lambda s: kind_arises(d, s))
        assert not problems, f"{d}\n{problems}"


# -- what is known ------------------------------------------------------------------------------
def _king_distance(p: str, q: str) -> int:
    def fr(name: str) -> tuple[int, int]:
        return ord(name[0]) - ord("a"), int(name[1:])

    (f1, r1), (f2, r2) = fr(p), fr(q)
    return max(abs(f1 - f2), abs(r1 - r2))


def test_the_figures_b_and_c_are_rediscovered() -> None:
    """SP-16 under the French preset: the finder meets positions of the kind of figures B and
    C (the capture the chess reading allows and `adjacent` refuses, because another attacker
    stands beside the target without being able to move onto it), and their reverse (a
    protector that could move onto the target from further away)."""
    f = figure_b_search()
    assert f.disagreements, f.why_none
    figure_like = []
    reverse = []
    for d in f.disagreements:
        if d.kind != "move" or d.rule != "SP-16":
            continue
        move = _game(d.rules_b, d.setup).find(d.move) or _game(d.rules_a, d.setup).find(d.move)
        assert move is not None and move.kind == "capture"
        target = move.end
        assert target is not None
        others = [p for p, v in d.position.items() if p not in (move.start, target)]
        assert len(d.position) == 3 and len(others) == 1, d
        assert d.position[move.start or ""].startswith("garrison")
        assert not d.position[others[0]].startswith("garrison")
        if d.allowed_by == "b":  # the chess reading allows it: nobody can move onto the target
            assert _king_distance(others[0], target) == 1, d
            figure_like.append(d)
        else:
            assert _king_distance(others[0], target) > 1, d
            reverse.append(d)
    assert figure_like and reverse, f


@pytest.mark.parametrize(
    ("game", "option", "others"),
    [
        ("siege-of-paris", "move_limit_reset", {"move_limit": "off"}),
        ("pyramid-siege", "huff_target", {"capture": "strict"}),
    ],
)
def test_two_choices_equal_in_effect_give_none(game: str, option: str, others: dict) -> None:
    """With no move limit nothing restarts it; with strict capture nobody is ever huffed: the
    two choices are equal in effect, and the finder says it found none, and in how many
    positions."""
    f = found(game, option, options=others, positions=1500, seed=3)
    assert not f.disagreements and not f.kinds
    assert f.positions >= 1500
    assert f"in {f.positions:,} positions" in f.why_none
    assert "nothing left to decide" in f.why_none
    # The same option parts as soon as the other option leaves it something to decide.
    assert found(game, option, positions=1500, seed=3).disagreements


def test_the_same_rules_twice_give_none_at_once() -> None:
    f = find_disagreements("belagerung", presets=("default", "default"))
    assert not f and f.positions == 0 and "the same rules" in f.why_none


# -- every lesson -------------------------------------------------------------------------------
LESSONS = [
    ("siege-of-paris", "SP-16", "adjacent", "reach-any-army", {"preset": "escale-a-jeux"}),
    ("siege-of-paris", "SP-1", None, None, {}),
    ("siege-of-paris", "SP-9", None, None, {}),
    ("pyramid-siege", "huff_target", None, None, {}),
    ("pyramid-siege", "towards", None, None, {}),
    ("belagerung", "diagonals", "alternating", "none", {}),
    ("siege-of-paris", None, None, None, {"presets": ("default", "ludosofia")}),
]


@pytest.mark.parametrize(("game", "option", "a", "b", "kw"), LESSONS)
def test_every_lesson_is_minimal_and_checked(
    game: str, option: str | None, a: Any, b: Any, kw: dict
) -> None:
    f = found(game, option, a, b, positions=1500, seed=5, **kw)
    assert f.disagreements, f.why_none
    for d in f.disagreements:
        # Moving every piece to every nearer point on the Belagerung board takes a while;
        # its removals are checked, and the moves on the other boards.
        check_lesson(d, closer=game != "belagerung")


def test_a_long_line_lesson_is_minimal_too() -> None:
    """The move limit needs 200 moves without a capture: the lesson is a line of play (its
    pieces cannot move without changing the line), and its pieces still cannot be taken
    away."""
    finder = DisagreementFinder("siege-of-paris", "move_limit", 200, "off", seed=0)
    d = finder.first(positions=8000)
    assert d is not None and d.kind == "result" and d.rule == "move_limit"
    assert len(d.line) >= 190
    check_lesson(d, closer=False)


def test_the_minimality_check_can_fail() -> None:
    """A lesson with an extra piece far away is caught by the checks above."""
    f = figure_b_search()
    d = f.disagreements[0]
    # A garrison soldier in the corner furthest from the lesson's pieces.
    free = max(
        ("a1", "l16", "a16", "l1"),
        key=lambda c: min(_king_distance(c, p) for p in d.position if not p.startswith("C")),
    )
    setup = dict(d.setup)
    setup["position"] = {**d.position, free: "garrison soldier"}
    assert kind_arises(d, setup)
    padded = Disagreement(**{**d.__dict__, "setup": setup})  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="can be taken away"):
        check_lesson(padded, closer=False)


def test_findings_are_reproducible_from_the_seed() -> None:
    one = find_disagreements("pyramid-siege", "towards", positions=800, seed=11)
    two = find_disagreements("pyramid-siege", "towards", positions=800, seed=11)
    assert [d.toml() for d in one] == [d.toml() for d in two]
    assert one.searched == two.searched and one.kinds == two.kinds


def test_findings_say_what_they_found() -> None:
    f = figure_b_search()
    text = f.describe()
    assert "positions searched" in text and f.disagreements[0].move in text
    rows = f.table()
    assert len(rows) == len(f) and {"kind", "move", "rule", "pieces"} <= set(rows[0])
    assert sum(f.searched.values()) == f.positions
    # The lessons come smallest first.
    sizes = [d.size for d in f.disagreements]
    assert sizes == sorted(sizes)


# -- every option of every game -----------------------------------------------------------------
def _pairs() -> list[tuple[str, str, Any, Any]]:
    out = []
    for game in sn.GAMES:
        for opt in sn.options(game):
            for choice in opt.choices:
                if choice.value != opt.default or type(choice.value) is not type(opt.default):
                    off = "off" if choice.value is None else choice.value
                    default = "off" if opt.default is None else opt.default
                    out.append((game, opt.name, default, off))
    return out


def test_every_option_of_every_game_yields_a_lesson_or_says_why() -> None:
    """Each choice of every option against the default choice, under the default preset, with a
    budget of 2,000 positions each: a lesson, or a plain account of the search. Almost every
    pair parts within the budget (the rarest need more: see benchmarks/bench_finder.py)."""
    lessons = 0
    pairs = _pairs()
    assert len(pairs) == sum(len(o.choices) - 1 for g in sn.GAMES for o in sn.options(g))
    for game, option, a, b in pairs:
        f = find_disagreements(game, option, a, b, positions=2000, seed=0, limit=1)
        if f.disagreements:
            lessons += 1
            d = f.disagreements[0]
            assert d.describe() and d.rule, (game, option, b)
        else:
            assert f"in {f.positions:,} positions" in f.why_none, (game, option, b)
            assert "longest stretch of play" in f.why_none
    print(f"{lessons} of {len(pairs)} pairs gave a lesson")
    assert lessons >= len(pairs) - 4, lessons


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "kw", "error"),
    [
        (("chess", "SP-16"), {}, ValueError),
        ((5, "SP-16"), {}, TypeError),
        (("siege-of-paris", "SP-99"), {}, ValueError),
        (("siege-of-paris", "SP-16"), {}, sn.ArgumentError),  # four choices: say which two
        (("siege-of-paris", "SP-16", "adjacent", "sideways"), {}, sn.ArgumentError),
        (
            ("siege-of-paris", "SP-16", "adjacent", "reach-any-army"),
            {"preset": "x"},
            sn.ArgumentError,
        ),
        (("siege-of-paris",), {"presets": ("default",)}, sn.ArgumentError),
        (("siege-of-paris", "SP-16"), {"presets": ("default", "ludosofia")}, sn.ArgumentError),
        (("siege-of-paris", "SP-1"), {"positions": 0}, sn.ArgumentError),
        (("siege-of-paris", "SP-1"), {"positions": 1.5}, TypeError),
        (("siege-of-paris", "SP-1"), {"seed": "1"}, TypeError),
        (("siege-of-paris", "SP-1"), {"options": ["x"]}, TypeError),
        (("siege-of-paris", "SP-1"), {"seconds": -1}, ValueError),
        (("siege-of-paris", "SP-1"), {"limit": 0}, sn.ArgumentError),
    ],
)
def test_bad_input_is_refused_naming_it(args: tuple, kw: dict, error: type) -> None:
    with pytest.raises(error):
        find_disagreements(*args, **kw)


def test_lessons_open_in_the_widgets() -> None:
    f = figure_b_search()
    d = f.disagreements[0]
    player = d.player()
    assert len(player.steps) == 3 and player.steps[1].game.rules["protection"] in (
        "adjacent",
        "reach-any-army",
    )
    player.next()
    comparer = d.comparer()
    assert [g.rules["protection"] for g in comparer.games] == ["adjacent", "reach-any-army"]
    verdicts = {g.rules["protection"]: g.why(d.move).legal for g in comparer.games}
    assert verdicts == {"adjacent": d.allowed_by == "a", "reach-any-army": d.allowed_by == "b"}
    assert math.isfinite(f.seconds)
