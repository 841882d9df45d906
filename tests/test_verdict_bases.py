"""Every verdict that rests on a reading or a reconstruction says so.

``why()`` is sampled over positions of random games under every preset of every game: the
verdict of legal moves, of every move the pieces could make by their movement (``explore``,
refusals included) and, once a game is over, of a move after its end. For each verdict, this
test works out from the position and the move what the verdict rests on, as rule data (the
choice in force of an option, or one clause of a fixed rule), and checks that the verdict
carries that attribution's own words (``Attribution.words(brief=True)``) whenever no text
states it, or a text states it only with a caveat, or the stating text is not at hand. So the
check follows the rule data: change an attribution and the words a verdict must carry change
with it; drop the words from a verdict and this test fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest

import siege_nb as sn
from siege_nb.rules import clause_basis
from siege_nb.rules.model import Attribution

CASES = [(game, preset) for game in sn.GAMES for preset in sn.presets(game)]
GAMES_PER_PRESET = 8
PLIES = 120
SAMPLE_EVERY = 3  # odd, so that every side is sampled


def check_words(text: str, atts: list[Attribution]) -> int:
    """Assert that ``text`` carries the words of every attribution of ``atts`` that needs
    them, as often as they are needed: two readings that no text states and cite nothing have
    the same words, and each must be said. Returns how many were checked."""
    wanted = [att.words(brief=True) for att in dict.fromkeys(atts) if needs_words(att)]
    for words in set(wanted):
        times = sum(words in other for other in set(wanted) for _ in range(wanted.count(other)))
        assert text.count(words) >= times, (text, words, times)
    return len(wanted)


def needs_words(att: Attribution) -> bool:
    """Whether a verdict resting on ``att`` must say where it comes from: a reading, a
    reconstruction, a stated rule with a caveat, or a rule stated by a text not at hand."""
    unseen = any(sn.SOURCES[c.key].unseen for c in att.cites if c.key in sn.SOURCES)
    return att.basis != "stated" or bool(att.caveat) or (att.basis == "stated" and unseen)


def option_ids(g: sn.Game) -> dict[str, str]:
    return {o.id: o.name for o in g.rules.options}


def rule_of(game: str, title: str) -> str:
    return next(r.id for r in sn.fixed_rules(game).values() if r.title == title)


def result_bases(g: sn.Game) -> list[Attribution]:
    """What the end of ``g`` rests on."""
    result = g.result
    assert result is not None
    ids = option_ids(g)
    if result.rule in ids:
        return [g.rules.choice(ids[result.rule]).attribution]
    if result.rule == "move_limit":
        return [g.rules.choice("move_limit").attribution]
    fixed = sn.fixed_rules(g.game).get(result.rule)
    if fixed is None:
        return []
    if result.rule == "SP-3":
        return [clause_basis(g.game, "SP-3", "either army")]
    for about in ("no defender is left", "no legal move"):
        if about in result.reason:
            return [clause_basis(g.game, result.rule, about)]
    return [c.attribution for c in fixed.clauses if len(fixed.clauses) == 1]


def square_rank(name: str) -> int:
    return int(name[1:])


def paris_bases(g: sn.Game, v: sn.Verdict, parts: list[str]) -> list[Attribution]:
    """What a Siege of Paris verdict on a move from ``parts[0]`` to ``parts[1]`` rests on,
    beyond the option it names."""
    pieces = g.pieces()
    start, end = parts[0], parts[1]
    piece = pieces.get(start, "")
    attacker = piece.startswith(("white", "black"))
    if v.legal:
        move = v.judged
        assert move is not None
        if move.kind == "capture":
            return [g.rules.choice("protection").attribution]
        if move.kind == "enter":
            if attacker:
                return [clause_basis(g.game, "SP-18", "gate circle")]
            if piece != "garrison soldier":
                return [clause_basis(g.game, "SP-13", "officers too")]
            return []
        if attacker and start.startswith("C"):
            return [clause_basis(g.game, "SP-18", "never leave")]
        return []
    if v.rule == "blocked":
        return [clause_basis(g.game, "movement", "No piece jumps")]
    if v.rule == "movement":
        if attacker and start.startswith("C"):
            return [clause_basis(g.game, "SP-18", "never leave")]
        if end.startswith("C") and not start.startswith("C"):
            return [clause_basis(g.game, "SP-18", "gate circle")]
    return []


def hunt_bases(g: sn.Game, v: sn.Verdict) -> list[Attribution]:
    """What a Belagerung or Pyramid Siege verdict rests on, beyond the option it names."""
    game = g.game
    if v.rule == "huffing" and "already huffed" in v.reason:
        return [clause_basis(game, "huffing", "one huff")]
    if game == "pyramid-siege" and not v.legal and v.rule == sn.option(game, "towards").id:
        # A step refused for not going towards the fortress: the escape clause is shut, as
        # judged over all the attackers together.
        return [clause_basis(game, rule_of(game, "Escape clause"), "together")]
    if not v.legal or v.judged is None:
        return []
    move = v.judged
    out: list[Attribution] = []
    if move.kind == "huff":
        out.append(g.rules.choice("capture").attribution)
        if "huff_target" in g.rules:
            out.append(g.rules.choice("huff_target").attribution)
        return out
    board = g.board
    if move.kind == "jump":
        chains = rule_of(game, "Jump chains")
        path = [str(p) for p in move.path]
        coords = [board.coords[board.index[p]] for p in path]
        heads = [
            ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))
            for a, b in pairwise(coords)
        ]
        if len(set(heads)) > 1:
            out.append(clause_basis(game, chains, "direction"))
        emptied = {path[0]}
        for land, over in zip(path[1:], move.captures, strict=False):
            if land in emptied:
                out.append(clause_basis(game, chains, "removed at once"))
                break
            emptied.add(str(over))
        if g.chain_steps(move.text):
            out.append(clause_basis(game, chains, "stop after any jump"))
        return out
    side = g.pieces().get(str(move.start))
    if side == "attacker":
        direction = "attacker_direction" if game == "belagerung" else "towards"
        out.append(g.rules.choice(direction).attribution)
        if game == "pyramid-siege":
            # A step that is not towards the fortress is legal only by the escape clause.
            d = board.distance
            s, e = board.index[str(move.start)], board.index[str(move.end)]
            towards = d[e] == d[s] - 1 if g.rules["towards"] == "distance" else d[e] <= d[s]
            if not towards:
                out.append(clause_basis(game, rule_of(game, "Escape clause"), "together"))
    elif side == "defender" and any(m.kind == "jump" for m in g.legal_moves(limit=100_000)):
        out.append(g.rules.choice("capture").attribution)
    return out


def bases(g: sn.Game, v: sn.Verdict) -> list[Attribution]:
    """Everything a verdict of ``g`` rests on, as rule data."""
    if v.rule == "game-over":
        return result_bases(g)
    ids = option_ids(g)
    out: list[Attribution] = []
    if v.rule in ids:
        out.append(g.rules.choice(ids[v.rule]).attribution)
    # A single option change that flips the verdict: the verdict rests on that option's
    # choice in force. The board's own options are left out: every move rests on the
    # reconstructed board, which each preset's note declares, not each verdict.
    out += [
        g.rules.choice(r.option).attribution
        for r in v.differs_under
        if not g.rules.option(r.option).changes_board
    ]
    text = v.move
    if g.game == "siege-of-paris":
        sep = "x" if "x" in text else "-"
        parts = text.split(sep)
        if len(parts) == 2 and all(p in g.board.index for p in parts):
            out += paris_bases(g, v, parts)
    else:
        out += hunt_bases(g, v)
    return out


def verdicts(g: sn.Game, rng: random.Random) -> Iterator[sn.Verdict]:
    """The verdicts sampled in one position: some legal moves, and every move that some
    pieces of the side to move could make by their movement."""
    moves = list(g.legal_moves(limit=100_000))
    for move in rng.sample(moves, min(6, len(moves))):
        yield g.why(move)
    mine = [p for p, piece in g.pieces().items() if piece.startswith(g.to_move)]
    for point in rng.sample(mine, min(3, len(mine))):
        yield from g.explore(point, limit=100_000)


def play_and_judge(game: str, preset: str, seed: int) -> Iterator[tuple[sn.Game, sn.Verdict]]:
    rng = random.Random(seed)
    g = sn.new_game(game, preset=preset)
    if game != "siege-of-paris":
        # Gaps among the attackers, so that the defenders' jump chains come early.
        pieces = g.pieces()
        attackers = sorted(p for p, piece in pieces.items() if piece == "attacker")
        for point in rng.sample(attackers, 12):
            del pieces[point]
        g = sn.new_game(game, preset=preset, position=pieces, to_move=g.to_move)
    for ply in range(PLIES):
        if g.result is not None:
            break
        if ply % SAMPLE_EVERY == 0:
            for v in verdicts(g, rng):
                yield g, v
        moves = list(g.legal_moves(limit=100_000))
        # Captures, huffs and entries first, so that the sampled games reach them.
        eager = [m for m in moves if m.kind in ("capture", "jump", "huff", "enter")]
        g.play(rng.choice(eager if eager and rng.random() < 0.7 else moves))
    if g.result is not None:
        yield g, g.why("a1-a2" if game == "siege-of-paris" else "huff a1")


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_every_verdict_resting_on_a_reading_or_reconstruction_says_so(
    game: str, preset: str
) -> None:
    checked = 0
    for seed in range(GAMES_PER_PRESET):
        for g, v in play_and_judge(game, preset, seed):
            checked += check_words(str(v), bases(g, v))
    assert checked >= 20, checked  # the sample met verdicts of that kind


PARIS_GATES = {
    "f5": "white soldier",
    "f12": "garrison general",
    "a2": "white soldier",
    "C3": "black captain",
    "a15": "black soldier",
}
PYRAMID_HUFF = {
    "r4c1": "defender",
    "r3c1": "attacker",
    "r6c3": "defender",
    **{f"r7c{c}": "attacker" for c in range(1, 7)},
}
# (position, side to move, moves played first, texts judged besides the sampled verdicts)
SET_UPS: dict[str, list[tuple[dict[str, str], str, list[str], list[str]]]] = {
    # A turning chain that lands where it started (Belagerung), a chain with a jump left
    # (Pyramid Siege), an escape-clause step, a second huff, officers going back into the
    # citadel, attackers entering and moving inside, an entry from a square that is no gate
    # square, the draw by a soldier inside under each reading.
    "belagerung": [
        ({"e5": "defender", "e6": "attacker", "f7": "attacker", "a4": "defender",
          **{f"{f}{r}": "attacker" for f in "cdefg" for r in (1, 2, 3)}}, "defender", [], []),
    ],
    "pyramid-siege": [
        ({"r2c0": "defender", "r2c1": "attacker", "r3c1": "attacker", "r3c2": "attacker",
          **{f"r7c{c}": "attacker" for c in range(5)}}, "defender", [], []),
        ({**{p: "attacker" for p in ("r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r3c1", "r3c2")},
          "r6c3": "defender", "r6c0": "defender"}, "attacker", [], []),
        (PYRAMID_HUFF, "defender", ["r6c3-r5c3", "huff r4c1"], ["huff r5c3"]),
    ],
    "siege-of-paris": [
        (PARIS_GATES, "white", [], ["a2-C0", "f5-C1"]),
        (PARIS_GATES, "garrison", [], []),
        (PARIS_GATES, "black", [], []),
        ({"C1": "white soldier", "l1": "white general", "C0": "garrison colonel"}, "garrison",
         [], []),
    ],
}  # fmt: skip


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_set_ups_that_rest_on_readings_say_so(game: str, preset: str) -> None:
    """Positions built to need the words (random games reach some of them rarely), under the
    preset and under every single option change from it."""
    rng = random.Random(1)
    seen: set[str] = set()
    for position, to_move, play, texts in SET_UPS[game]:
        for options in ({}, *({o.name: c.value} for o in sn.options(game) for c in o.choices)):
            try:
                g = sn.new_game(game, preset=preset, position=position, to_move=to_move, **options)
                for move in play:
                    g.play(move)
            except ValueError:
                continue  # a board option or a reading under which the line cannot be played
            judged = list(verdicts(g, rng)) if g.result is None else [g.why("a1-a2")]
            judged += [g.why(text) for text in texts]
            for v in judged:
                if check_words(str(v), atts := bases(g, v)):
                    seen |= {att.basis for att in atts if needs_words(att)}
    assert seen, "the set-ups met no verdict that rests on a reading or reconstruction"


def _ended(game: str, position: dict[str, str] | None, to_move: str | None, play: list[str],
           **options: object) -> sn.Game:  # fmt: skip
    setup: dict[str, object] = {} if position is None else {"position": position}
    if to_move is not None:
        setup["to_move"] = to_move
    g = sn.new_game(game, **setup, **options)  # type: ignore[arg-type]
    for move in play:
        g.play(move)
    assert g.result is not None, (game, position, play)
    return g


FILL_BL = {f"{f}{r}": "attacker" for f in "cdefg" for r in (1, 2, 3)}
ENDS = [
    # The move limit, the garrison's win, and no side able to move.
    ("siege-of-paris", None, None, ["C0-f5"], {"move_limit": 1}),
    ("siege-of-paris", {"l1": "white general", "C4": "garrison general"}, None, [], {}),
    ("siege-of-paris", {"k16": "white soldier", "a1": "black soldier"}, "white", [],
     {"blockade_win": False}),
    # No defender left, the attacker or the defenders stuck.
    ("belagerung", {**FILL_BL, "a5": "attacker", "b5": "attacker"}, "attacker", [], {}),
    ("pyramid-siege", {f"r7c{c}": "attacker" for c in range(6)}, "attacker", [], {}),
    ("belagerung",
     {**{p: "attacker" for p in ("a7", "b7", "h7", "i7", "b9", "c9", "d9", "e9", "f9", "g9",
                                 "h9", "c8", "d8", "e8", "f8", "g8", "c7")}, "e7": "defender"},
     "attacker", [], {"attacker_direction": "no-horizontal"}),
    ("pyramid-siege",
     {"r0c0": "defender", "r1c0": "attacker", "r1c1": "attacker", "r2c0": "attacker",
      "r2c2": "attacker", **{f"r7c{c}": "attacker" for c in range(4)}}, "defender", [], {}),
    ("pyramid-siege", None, None, ["r4c1-r4c2"], {"move_limit": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("game", "position", "to_move", "play", "options"), ENDS)
def test_results_that_rest_on_readings_say_so(
    game: str,
    position: dict[str, str] | None,
    to_move: str | None,
    play: list[str],
    options: dict[str, object],
) -> None:
    g = _ended(game, position, to_move, play, **options)
    verdict = g.why("a1-a2" if game == "siege-of-paris" else "huff a1")
    assert verdict.rule == "game-over"
    # Each of these ends rests on a reading or a reconstruction, and says so.
    assert check_words(str(verdict), result_bases(g)), g.result
