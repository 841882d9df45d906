"""Every legal move can be played by pointing at the board, in every game and every preset.

A board takes a move the way a reader gives it: the moving piece, then where it goes, however
far (a slide of three squares, a capture at range), or each landing of a jump chain; special
actions are buttons. The engine answers which points may come next (:meth:`Game.entry`), so
these tests check two things, each over positions from random games, random legal set-ups and
every shipped scenario, under every preset of every game:

* the engine: every legal move is named by its points, every prefix of them offers the next
  one, and every move an entry names is legal;
* the widget: on a fresh :class:`BoardWidget`, mouse presses on the canvas at each point (and
  the action buttons) play exactly that move and nothing else, and points that name no legal
  move play nothing and say why.

The samples are seeded; they are checked to include the long and rare cases (an attacking
general's three-square slide, a capture at range, a step onto and off a gate circle, a jump
chain that turns, a huff and a demand), so that a sample missing them fails.
"""

from __future__ import annotations

import contextlib
import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import siege_nb as sn
from siege_nb.games.base import ACTION_KINDS, taken_at
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.widgets.common import mouse_click

SCALE = int(os.environ.get("SIEGE_NB_PROPERTY_SCALE", "1"))
PRESETS = [(game, preset) for game in sn.GAMES for preset in sn.presets(game)]
IDS = [f"{g}-{p}" for g, p in PRESETS]


def pointing(m: sn.Move) -> tuple[str, ...]:
    """The points a reader points at for ``m``, written here from the design, not taken from
    the package: the start and the destination however far (a slide's squares in between are
    not pointed at), or the start and every landing of a jump chain; none for an action."""
    if m.kind in ACTION_KINDS:
        return ()
    return m.path if m.kind == "jump" else (m.start, m.end)


# -- positions ------------------------------------------------------------------------------
def random_game_positions(game: str, preset: str, rng: random.Random, n: int) -> Iterator[sn.Game]:
    """Positions met in random games (moves of every kind made likely now and then)."""
    players = CATALOGUE[game].players
    found = 0
    while found < n:
        g = sn.new_game(game, preset=preset, players=rng.choice(players))
        for _ in range(rng.randint(1, 120)):
            if g.result is not None:
                break
            moves = g.legal_moves(limit=5_000)
            kinds = sorted({m.kind for m in moves})
            kind = rng.choice(kinds) if rng.random() < 0.5 else None
            choice = [m for m in moves if kind is None or m.kind == kind]
            g.play(rng.choice(choice))
        if g.result is None:
            found += 1
            yield g


def random_setups(game: str, preset: str, rng: random.Random, n: int) -> Iterator[sn.Game]:
    """Random legal set-ups: a random part of the set on random points, a random side to
    move; set-ups the rules refuse (a soldier on the wrong colour, say) are drawn again."""
    full = sn.new_game(game, preset=preset)
    names = list(full.board.names)
    kinds = list(full.pieces().values())
    sides = CATALOGUE[game].sides
    found = 0
    while found < n:
        count = rng.randint(3, min(len(kinds), 24))
        position: dict[str, str] = {}
        for piece in rng.sample(kinds, count):
            for _ in range(12):
                point = rng.choice(names)
                if point in position:
                    continue
                trial = {**position, point: piece}
                try:
                    sn.new_game(game, preset=preset, position=trial)
                except ValueError:
                    continue
                position = trial
                break
        try:
            g = sn.new_game(game, preset=preset, position=position, to_move=rng.choice(sides))
        except ValueError:
            continue
        if g.result is None and g.legal_moves(limit=3_000):
            found += 1
            yield g


def scenario_positions(game: str, preset: str) -> Iterator[sn.Game]:
    """Every step of every shipped scenario of ``game``, under ``preset`` where the position
    stands under it (the scenarios hold the rare cases: figures B and C, huffs, long chains)."""
    for s in sn.scenarios(game):
        for i in range(len(s.steps)):
            g = s.step_game(i)
            if g.result is not None:
                continue
            yield g
            if preset != g.rules.preset:
                with contextlib.suppress(ValueError):
                    yield g.with_rules(preset, reset=True)


def sample(game: str, preset: str, n: int) -> list[sn.Game]:
    rng = random.Random(f"pointing/{game}/{preset}/{n}")
    games = [
        *random_game_positions(game, preset, rng, n * SCALE),
        *random_setups(game, preset, rng, n * SCALE),
    ]
    return [g for g in games if g.result is None]


def special(game: str, preset: str) -> list[sn.Game]:
    """Positions built for the long and rare moves: generals sliding and capturing at range,
    pieces going onto and off the gate circles; jump chains that turn, and huffs."""
    if game == "siege-of-paris":
        pieces = [
            {
                "e3": "white general",
                "b5": "white colonel",
                "h4": "white lieutenant",
                "f5": "white soldier",
                "l8": "garrison general",
                "j10": "black soldier",
                "C2": "garrison soldier",
            },
            {
                "l8": "garrison general",
                "j10": "black soldier",
                "l10": "black colonel",
                "f5": "garrison soldier",
                "g12": "garrison colonel",
                "a2": "white soldier",
            },
        ]
        return [
            sn.new_game(game, preset=preset, position=p, to_move=side)
            for p, side in zip(pieces, ["white", "garrison"], strict=True)
        ]
    wanted = {
        "belagerung": [("belagerung-multi-jump", 0), ("belagerung-huffing", 1)],
        "pyramid-siege": [("pyramid-multi-jump", 0), ("pyramid-huff-target", 1)],
    }[game]
    out = []
    for scenario_id, step in wanted:
        g = sn.scenario(scenario_id).step_game(step)
        try:
            out.append(g.with_rules(preset, reset=True))
        except ValueError:
            out.append(g)
    return out


def positions(game: str, preset: str, n: int = 3) -> list[sn.Game]:
    return sample(game, preset, n) + special(game, preset)


# -- what kinds of move a sample covers -----------------------------------------------------
def kind_of(g: sn.Game, m: sn.Move) -> set[str]:
    """The rare cases ``m`` is an example of."""
    out = set()
    piece = g.pieces().get(m.start or "", "")
    if m.kind in ACTION_KINDS:
        out.add(m.kind)
    if m.kind in ("step", "capture") and len(m.path) >= 4:
        out.add("slide of three")
    if m.kind == "capture" and len(m.path) >= 3:
        out.add("capture at range")
    if m.kind == "enter":
        out.add("onto a circle")
    if m.start and m.start.startswith("C") and m.end and not m.end.startswith("C"):
        out.add("off a circle")
    if m.kind == "jump" and len(m.path) >= 3:
        out.add("chain")
        if turns(g, m):
            out.add("chain that turns")
    if "general" in piece and m.kind == "step" and len(m.path) >= 3:
        out.add("general's slide")
    return out


def turns(g: sn.Game, m: sn.Move) -> bool:
    """Does a jump chain change direction? (On the board's own coordinates.)"""
    xy, index = g.board.xy, g.board.index
    vectors = set()
    for a, b in zip(m.path, m.path[1:], strict=False):
        (xa, ya), (xb, yb) = xy[index[a]], xy[index[b]]
        vectors.add((round(xb - xa, 3), round(yb - ya, 3)))
    return len(vectors) > 1


# -- the engine -------------------------------------------------------------------------------
def check_entries(g: sn.Game) -> Counter[str]:
    """Every legal move of ``g`` is named by its points; every entry names legal moves only,
    and offers exactly the next points of the legal moves it begins."""
    moves = list(g.legal_moves())
    seen: Counter[str] = Counter()
    by_prefix: dict[tuple[str, ...], set[str]] = {}
    complete: dict[tuple[str, ...], list[sn.Move]] = {}
    for m in moves:
        for rare in kind_of(g, m):
            seen[rare] += 1
        pts = pointing(m)
        if not pts:
            assert m.kind in ACTION_KINDS and m in g.actions(), m
            continue
        for k in range(1, len(pts)):
            by_prefix.setdefault(pts[:k], set()).add(pts[k])
        complete.setdefault(pts, []).append(m)
    assert set(g.actions()) == {m for m in moves if m.kind in ACTION_KINDS}
    for prefix, nexts in by_prefix.items():
        entry = g.entry(list(prefix))
        assert set(entry.next) == nexts, (prefix, entry.next, nexts)
        assert all(g.find(x) is not None for x in entry.moves), prefix
    for pts, ms in complete.items():
        entry = g.entry(list(pts))
        assert set(entry.moves) == set(ms), (pts, entry.moves, ms)
        assert entry.points == pts
        # A piece a move takes stands for the point where it lands.
        for i in range(1, len(pts)):
            for m in ms:
                for piece in taken_at(m, i):
                    other = g.entry([*pts[:i], piece, *pts[i + 1 :]])
                    assert m in other.moves and other.points == pts, (pts, i, piece)
    return seen


@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=IDS)
def test_the_engine_names_every_legal_move_by_its_points(game: str, preset: str) -> None:
    seen: Counter[str] = Counter()
    for g in [*positions(game, preset), *scenario_positions(game, preset)]:
        seen += check_entries(g)
    needed = {
        "siege-of-paris": {
            "slide of three",
            "capture at range",
            "onto a circle",
            "off a circle",
            "general's slide",
            "demand",
        },
        "belagerung": {"chain", "chain that turns"},
        "pyramid-siege": {"chain", "chain that turns", "huff"},
    }[game]
    if game == "siege-of-paris" and sn.rules(game, preset)["capture"] != "on-demand":
        needed.discard("demand")
    if game == "belagerung" and sn.rules(game, preset)["capture"] == "huff":
        needed.add("huff")
    assert needed <= set(seen), f"the sample lacks {needed - set(seen)}"


# -- the widget ---------------------------------------------------------------------------------
def press(board: sn.BoardWidget, point: str) -> None:
    """A mouse press on ``point`` of the board's canvas."""
    mouse_click(board.canvas, board.ax, *board.view.positions[point])


def point_at(g: sn.Game, m: sn.Move, mouse: bool = False) -> sn.BoardWidget:
    """A fresh board showing ``g``, on which ``m`` is entered as a reader would: its points
    clicked one by one (:meth:`BoardWidget.click`, or with ``mouse`` presses on the canvas),
    then, if the move could go on (a jump chain), its last point again; a special action by
    its button."""
    board = sn.BoardWidget(g.clone())
    if m.kind in ACTION_KINDS:
        index = board._action_keys.index(m.text)
        board.actions.children[index].click()
        return board
    pts = pointing(m)
    for p in [*pts, pts[-1]]:
        if len(board.game.moves) > len(g.moves):
            break
        if mouse:
            press(board, p)
        else:
            board.click(p)
    return board


def check_pointing(g: sn.Game, moves: list[sn.Move], mouse: bool = False) -> None:
    for m in moves:
        after = g.clone()
        after.play(m)
        board = point_at(g, m, mouse)
        assert board.last_error is None, (m, board.last_error)
        assert board.game.moves == (*g.moves, m), (m.text, board.game.moves[len(g.moves) :])
        assert board.game.pieces() == after.pieces() and board.game.to_move == after.to_move


def refused_points(g: sn.Game) -> Iterator[tuple[str, str, sn.Verdict]]:
    """(piece, point, verdict) for each mark of a move that a rule forbids, on the pieces of
    the side to move."""
    for point, name in g.pieces().items():
        if name.split()[0] != g.to_move:
            continue
        for v in g.explore(point, whole_chains=False):
            if not v.legal and v.judged is not None:
                end = pointing(v.judged)
                if len(end) > 1:
                    yield point, end[1], v


def check_refusals(g: sn.Game, rng: random.Random) -> None:
    """Points that name no legal move play nothing: a forbidden mark says why; an empty
    point that no move of the piece reaches ends the selection and says so."""
    tried = list(refused_points(g))
    for piece, point, verdict in rng.sample(tried, min(len(tried), 3)):
        if g.entry([piece, point]).named:
            continue  # another move of the piece goes there (a different path)
        board = sn.BoardWidget(g.clone())
        press(board, piece)
        press(board, point)
        assert board.game.moves == g.moves and board.last_error is None
        assert "is not allowed" in board.message.value
        assert verdict.reason.split(".")[0] in board.message.value.replace("&#x27;", "'")
    for piece in rng.sample(sorted(g.pieces()), min(3, len(g.pieces()))):
        entry = g.entry([piece])
        if not entry.next:
            continue
        marked = {point for pc, point, _ in tried if pc == piece}
        empty = [
            p
            for p in g.board.names
            if p not in g.pieces() and p not in entry.next and p not in marked
        ]
        if not empty:
            continue
        board = sn.BoardWidget(g.clone())
        press(board, piece)
        press(board, rng.choice(empty))
        assert board.game.moves == g.moves and board.last_error is None
        assert "is empty" in board.message.value and not board.highlights.destinations


@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=IDS)
def test_every_legal_move_is_played_by_pointing_on_a_fresh_board(game: str, preset: str) -> None:
    rng = random.Random(f"widget/{game}/{preset}")
    played: Counter[str] = Counter()
    for g in positions(game, preset, n=1):
        moves = list(g.legal_moves())
        check_pointing(g, moves)
        check_refusals(g, rng)
        # What a selected piece shows in green is exactly where the next click may go.
        board = sn.BoardWidget(g.clone())
        for point in sorted({m.start for m in moves if pointing(m)}):
            board.click(point)
            shown = {*board.highlights.destinations, *board.highlights.captures}
            assert shown == set(g.entry([point]).next), point
            board.click(None)
        for m in moves:
            for rare in kind_of(g, m):
                played[rare] += 1
    assert played, "no move was played"


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_long_moves_are_played_by_mouse_presses_on_the_canvas(game: str) -> None:
    # The same, through the canvas: each press is turned into the point under it.
    g = special(game, "default")[0]
    check_pointing(g, list(g.legal_moves()), mouse=True)
