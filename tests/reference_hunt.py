"""A deliberately simple reference move generator for the two hunt games.

Belagerung and Pyramid Siege, written straight from the rules as the project documents them
(the two games in ``docs/rules-reference.md``; sections 1.2, 1.3 and 3 of
``docs/precise-readings.md``), independently of the engine in ``siege_nb``.  It imports nothing
from ``siege_nb`` and uses only the standard library.  Clarity over speed: the board is a plain set
of points and lines built from coordinates, distances come from a breadth-first search, and jump
chains are enumerated by a small depth-first search.

Public functions:

* ``reference_moves(game, position, to_move, rules, huffable=frozenset(), huffed=False)``
  -> the set of legal move texts of the side to move (the game is assumed not to be over);
* ``reference_huffable(game, position_before, step_text, rules)`` -> the defenders that may be
  huffed after the defender's move ``step_text`` (identified by where they stand afterwards);
* ``analyse(...)`` -> the move set plus facts the agreement test counts (jumps, chain lengths,
  escape clause, strict restriction, huffs);
* ``board(game, rules)`` (points, lines, fortress, distances), ``start_position(game, rules)``,
  ``apply_move(game, position, text, rules)``, ``count_jump_moves(game, position, rules, limit)``.

``game`` is ``"belagerung"`` or ``"pyramid-siege"``.  ``position`` maps node names to
``"attacker"`` or ``"defender"``.  Node names: Belagerung ``a1`` .. ``i9`` (file letter a..i is
x = 1..9, rank is y = 1..9); Pyramid Siege ``r{r}c{c}`` (r = 0..7 from the apex, c = 0..r).

Move texts: a step ``"c6-c7"``; a jump chain lists its landing points ``"c7xc5xe5"``; a huff
``"huff c7"``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

BELAGERUNG = "belagerung"
PYRAMID = "pyramid-siege"
GAMES = (BELAGERUNG, PYRAMID)
FILES = "abcdefghi"

ATTACKER = "attacker"
DEFENDER = "defender"

DEFAULT_RULES = {
    BELAGERUNG: {
        "horns": "top-row",
        "diagonals": "alternating",
        "attacker_direction": "shortest-route",
        "capture": "optional",
    },
    PYRAMID: {
        "capture": "huff",
        "huff_target": "could-capture",
        "towards": "distance",
    },
}

CHOICES = {
    BELAGERUNG: {
        "horns": ("top-row", "beside-middle-row"),
        "diagonals": ("alternating", "none", "all"),
        "attacker_direction": ("any", "shortest-route", "never-away", "no-horizontal"),
        "capture": ("optional", "huff", "strict"),
    },
    PYRAMID: {
        "capture": ("huff", "strict"),
        "huff_target": ("could-capture", "moved"),
        "towards": ("distance", "not-away"),
    },
}

# The eight unit vectors.  A line between two points always joins points one unit vector apart;
# which of these vectors carry lines is decided by the board's line set, not here.
UNIT_VECTORS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def full_rules(game: str, rules: dict | None) -> dict:
    """The rules of ``game`` with defaults filled in; unknown games or values raise."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    result = dict(DEFAULT_RULES[game])
    for key, value in (rules or {}).items():
        if key in result:
            result[key] = value
    for key, value in result.items():
        if value not in CHOICES[game][key]:
            raise ValueError(f"{game}: unknown value {value!r} for {key}")
    return result


# ---------------------------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    coords: dict  # node name -> (x, y)
    lines: frozenset  # frozenset({a, b}) for every line
    fortress: frozenset
    distance: dict  # node -> graph distance to the nearest fortress point (empty board)
    names: dict  # (x, y) -> node name (the inverse of coords)

    @property
    def points(self):
        return set(self.coords)

    def node_at(self, x: int, y: int) -> str | None:
        """The point at coordinates (x, y), or None."""
        return self.names.get((x, y))

    def joined(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.lines

    def neighbours(self, node: str) -> list[str]:
        return sorted(
            other for line in self.lines if node in line for other in line if other != node
        )


def belagerung_name(f: int, r: int) -> str:
    return f"{FILES[f - 1]}{r}"


def is_cross_point(f: int, r: int) -> bool:
    """A point of the 65-point cross: the 9x9 lattice minus its four 2x2 corners."""
    if not (1 <= f <= 9 and 1 <= r <= 9):
        return False
    return not (f in (1, 2, 8, 9) and r in (1, 2, 8, 9))


def belagerung_lines(horns: str, diagonals: str) -> set[frozenset]:
    lines = set()
    for f in range(1, 10):
        for r in range(1, 10):
            if not is_cross_point(f, r):
                continue
            # Orthogonal unit links (to the right and upwards, so each is made once).
            for df, dr in ((1, 0), (0, 1)):
                if is_cross_point(f + df, r + dr):
                    lines.add(frozenset((belagerung_name(f, r), belagerung_name(f + df, r + dr))))
    if diagonals != "none":
        # Every unit square with lower-left corner (f, r) whose four corners are cross points.
        for f in range(1, 9):
            for r in range(1, 9):
                corners = [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)]
                if not all(is_cross_point(x, y) for x, y in corners):
                    continue
                for a, b in (((f, r), (f + 1, r + 1)), ((f + 1, r), (f, r + 1))):
                    even = (a[0] + a[1]) % 2 == 0  # both ends of a diagonal share the parity
                    if diagonals == "all" or even:
                        lines.add(frozenset((belagerung_name(*a), belagerung_name(*b))))
    if horns == "top-row":
        horn_lines = [("b9", "c9"), ("b9", "c8"), ("h9", "g9"), ("h9", "g8")]
    elif horns == "beside-middle-row":
        horn_lines = [
            ("b8", "c8"),
            ("b8", "b7"),
            ("b8", "c7"),
            ("h8", "g8"),
            ("h8", "h7"),
            ("h8", "g7"),
        ]
    else:
        raise ValueError(f"unknown horns {horns!r}")
    lines |= {frozenset(pair) for pair in horn_lines}
    return lines


def horn_points(horns: str) -> tuple[str, str]:
    return ("b9", "h9") if horns == "top-row" else ("b8", "h8")


def pyramid_name(r: int, c: int) -> str:
    return f"r{r}c{c}"


def is_pyramid_point(r: int, c: int) -> bool:
    return 0 <= r <= 7 and 0 <= c <= r


def distances_to(fortress, lines) -> dict:
    """Breadth-first search from all fortress points at once (graph distance, empty board)."""
    adjacency: dict[str, list[str]] = {}
    for line in lines:
        a, b = tuple(line)
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    dist = dict.fromkeys(fortress, 0)
    queue = deque(fortress)
    while queue:
        node = queue.popleft()
        for other in adjacency.get(node, []):
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


@cache
def _board(game: str, horns: str | None, diagonals: str | None) -> Board:
    if game == BELAGERUNG:
        coords = {
            belagerung_name(f, r): (f, r)
            for f in range(1, 10)
            for r in range(1, 10)
            if is_cross_point(f, r)
        }
        horn_a, horn_b = horn_points(horns)
        coords[horn_a] = (FILES.index(horn_a[0]) + 1, int(horn_a[1:]))
        coords[horn_b] = (FILES.index(horn_b[0]) + 1, int(horn_b[1:]))
        lines = belagerung_lines(horns, diagonals)
        fortress = {belagerung_name(f, r) for f in range(3, 8) for r in range(7, 10)}
        fortress |= {horn_a, horn_b}
    else:
        coords = {pyramid_name(r, c): (r, c) for r in range(8) for c in range(r + 1)}
        lines = set()
        for r in range(8):
            for c in range(r + 1):
                for dr, dc in ((0, 1), (1, 0), (1, 1)):
                    if is_pyramid_point(r + dr, c + dc):
                        lines.add(frozenset((pyramid_name(r, c), pyramid_name(r + dr, c + dc))))
        fortress = {"r4c1", "r4c2", "r4c3", "r5c2", "r5c3", "r6c3"}
    for line in lines:
        assert line <= set(coords), line
    names = {xy: name for name, xy in coords.items()}
    return Board(
        coords, frozenset(lines), frozenset(fortress), distances_to(fortress, lines), names
    )


def board(game: str, rules: dict | None = None) -> Board:
    """The board of ``game`` under the board options in ``rules`` (defaults filled in)."""
    r = full_rules(game, rules)
    if game == BELAGERUNG:
        return _board(game, r["horns"], r["diagonals"])
    return _board(game, None, None)


def start_position(game: str, rules: dict | None = None) -> dict[str, str]:
    """The standard start: Belagerung attackers on the 50 points outside the fortress and
    defenders on c7, e7, g7; Pyramid attackers everywhere but the fortress and the three
    corners, defenders on r4c1, r4c3, r6c3."""
    b = board(game, rules)
    if game == BELAGERUNG:
        position = {node: ATTACKER for node in b.coords if node not in b.fortress}
        position.update(dict.fromkeys(("c7", "e7", "g7"), DEFENDER))
    else:
        corners = {"r0c0", "r7c0", "r7c7"}
        position = {
            node: ATTACKER for node in b.coords if node not in b.fortress and node not in corners
        }
        position.update(dict.fromkeys(("r4c1", "r4c3", "r6c3"), DEFENDER))
    return position


# ---------------------------------------------------------------------------------------------
# Defenders: steps and jump chains
# ---------------------------------------------------------------------------------------------


def single_jumps(b: Board, occupied: dict, here: str) -> list[tuple[str, str]]:
    """(jumped point, landing point) for every jump from ``here`` on the board ``occupied``.

    From A over B to C: B = A + d and C = A + 2d in coordinates, A-B and B-C are lines, B holds
    an attacker, C is empty.  ``occupied`` must not contain the jumping piece itself.
    """
    x, y = b.coords[here]
    result = []
    for dx, dy in UNIT_VECTORS:
        over = b.node_at(x + dx, y + dy)
        land = b.node_at(x + 2 * dx, y + 2 * dy)
        if over is None or land is None:
            continue
        if not (b.joined(here, over) and b.joined(over, land)):
            continue
        if occupied.get(over) == ATTACKER and land not in occupied:
            result.append((over, land))
    return result


def chains_from(b: Board, position: dict, start: str) -> list[list[str]]:
    """Every jump chain (as its list of landing points, at least one) of the defender on
    ``start``.  Every prefix of a chain is listed as a chain of its own."""
    found = []
    board_without_mover = {n: p for n, p in position.items() if n != start}

    def extend(here, landings, occupied):
        for over, land in single_jumps(b, occupied, here):
            after = {n: p for n, p in occupied.items() if n != over}  # removed at once
            found.append([*landings, land])
            extend(land, [*landings, land], after)

    extend(start, [], board_without_mover)
    return found


def count_jump_moves(game: str, position: dict, rules: dict, limit: int) -> int:
    """The number of jump moves of all defenders, counting stops at ``limit`` (so that callers
    can avoid positions whose chains are too many to enumerate quickly)."""
    b = board(game, rules)
    count = 0

    def extend(here, occupied):
        nonlocal count
        for over, land in single_jumps(b, occupied, here):
            count += 1
            if count >= limit:
                return
            extend(land, {n: p for n, p in occupied.items() if n != over})
            if count >= limit:
                return

    for node, piece in position.items():
        if piece == DEFENDER and count < limit:
            extend(node, {n: p for n, p in position.items() if n != node})
    return min(count, limit)


def chain_text(start: str, landings: list[str]) -> str:
    return start + "".join("x" + land for land in landings)


def has_jump(b: Board, position: dict, node: str) -> bool:
    occupied = {n: p for n, p in position.items() if n != node}
    return bool(single_jumps(b, occupied, node))


def empty_neighbours(b: Board, position: dict, node: str) -> list[str]:
    return [other for other in b.neighbours(node) if other not in position]


def defender_moves(b: Board, position: dict, rules: dict) -> tuple[set, set, list]:
    """(steps, jump moves, chains as landing lists) of all defenders, before the capture rule."""
    steps, jumps, chains = set(), set(), []
    for node, piece in position.items():
        if piece != DEFENDER:
            continue
        for other in empty_neighbours(b, position, node):
            steps.add(f"{node}-{other}")
        for landings in chains_from(b, position, node):
            jumps.add(chain_text(node, landings))
            chains.append(landings)
    return steps, jumps, chains


# ---------------------------------------------------------------------------------------------
# Attackers
# ---------------------------------------------------------------------------------------------


def belagerung_step_allowed(b: Board, frm: str, to: str, direction: str) -> bool:
    d = b.distance
    if direction == "any":
        return True
    if direction == "shortest-route":
        if frm in b.fortress:
            return to in b.fortress  # free inside, never leaves
        return d[to] == d[frm] - 1
    if direction == "never-away":
        return d[to] <= d[frm]
    if direction == "no-horizontal":
        return b.coords[to][1] == b.coords[frm][1] + 1  # up exactly one rank
    raise ValueError(f"unknown attacker_direction {direction!r}")


def attacker_steps(game: str, b: Board, position: dict, rules: dict) -> tuple[set, bool]:
    """(ordinary attacker steps, whether Pyramid's escape clause is in force)."""
    if game == BELAGERUNG:
        steps = set()
        for node, piece in position.items():
            if piece != ATTACKER:
                continue
            for other in empty_neighbours(b, position, node):
                if belagerung_step_allowed(b, node, other, rules["attacker_direction"]):
                    steps.add(f"{node}-{other}")
        return steps, False

    # Pyramid Siege: attackers on the fortress never move.
    d = b.distance
    movers = [n for n, p in position.items() if p == ATTACKER and n not in b.fortress]
    every_step = {f"{n}-{o}" for n in movers for o in empty_neighbours(b, position, n)}
    if rules["towards"] == "distance":
        towards = {m for m in every_step if d[m.split("-")[1]] == d[m.split("-")[0]] - 1}
    elif rules["towards"] == "not-away":
        towards = {m for m in every_step if d[m.split("-")[1]] <= d[m.split("-")[0]]}
    else:
        raise ValueError(f"unknown towards {rules['towards']!r}")
    if towards:
        return towards, False
    # Escape clause: no attacker has a towards-step, so every attacker off the fortress may
    # step to any empty neighbour.
    return every_step, bool(every_step)


# ---------------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------------


def analyse(
    game: str,
    position: dict,
    to_move: str,
    rules: dict,
    huffable: frozenset = frozenset(),
    huffed: bool = False,
) -> dict:
    """The legal move set plus facts about it.

    Keys: ``moves``; ``jumps`` (the defender's jump moves, before the capture rule);
    ``max_chain`` (the most jumps in one chain); ``strict_restricted`` (strict capture removed
    at least one step); ``escape`` (Pyramid's escape clause decided the attacker's steps);
    ``huffs`` (the huff moves offered).
    """
    r = full_rules(game, rules)
    b = board(game, r)
    for node, piece in position.items():
        if node not in b.coords:
            raise ValueError(f"{node!r} is not a point of the board")
        if piece not in (ATTACKER, DEFENDER):
            raise ValueError(f"unknown piece {piece!r}")
    info = {
        "moves": set(),
        "jumps": set(),
        "max_chain": 0,
        "strict_restricted": False,
        "escape": False,
        "huffs": set(),
    }
    if to_move == DEFENDER:
        steps, jumps, chains = defender_moves(b, position, r)
        info["jumps"] = jumps
        info["max_chain"] = max((len(c) for c in chains), default=0)
        if r["capture"] == "strict" and jumps:
            info["moves"] = set(jumps)
            info["strict_restricted"] = bool(steps)
        else:
            info["moves"] = steps | jumps
    elif to_move == ATTACKER:
        steps, escape = attacker_steps(game, b, position, r)
        info["escape"] = escape
        huffs = set()
        if not huffed:
            for node in huffable:
                if position.get(node) != DEFENDER:
                    raise ValueError(f"huffable {node!r} holds no defender")
                huffs.add(f"huff {node}")
        info["huffs"] = huffs
        info["moves"] = steps | huffs
    else:
        raise ValueError(f"unknown side {to_move!r}")
    return info


def reference_moves(
    game: str,
    position: dict[str, str],
    to_move: str,
    rules: dict,
    huffable: frozenset[str] = frozenset(),
    huffed: bool = False,
) -> set[str]:
    """The legal move texts of ``to_move`` (the game is assumed not to be over).

    ``huffable``: the defenders the attacker may huff this turn (from ``reference_huffable``);
    ``huffed``: a huff was already made this turn (then no more huffs are offered).
    """
    return analyse(game, position, to_move, rules, huffable, huffed)["moves"]


def reference_huffable(
    game: str, position_before: dict[str, str], step_text: str, rules: dict
) -> frozenset[str]:
    """Who becomes huffable after the defender's move ``step_text`` from ``position_before``.

    Under ``capture="huff"`` a step (not a jump, not even a chain stopped early) makes huffable
    every defender that had a jump in ``position_before``, named by where it stands after the
    step; under Pyramid Siege's ``huff_target="moved"`` only the defender that stepped, if any
    defender had a jump.  Under the other capture rules nobody is ever huffable.
    """
    r = full_rules(game, rules)
    if r["capture"] != "huff" or "x" in step_text:
        return frozenset()
    frm, to = step_text.split("-")
    b = board(game, r)
    if position_before.get(frm) != DEFENDER or to in position_before or not b.joined(frm, to):
        raise ValueError(f"{step_text!r} is not a defender step in this position")
    result = set()
    for node, piece in position_before.items():
        if piece == DEFENDER and has_jump(b, position_before, node):
            result.add(to if node == frm else node)
    if result and r.get("huff_target") == "moved":
        return frozenset({to})  # PS-10 "moved": the counter that stepped
    return frozenset(result)


def apply_move(game: str, position: dict, text: str, rules: dict | None = None) -> dict:
    """The position after a move text (step, chain or huff); no legality check."""
    after = dict(position)
    if text.startswith("huff "):
        del after[text.split()[1]]
        return after
    if "x" in text:
        b = board(game, rules)
        points = text.split("x")
        piece = after.pop(points[0])
        for a, c in pairwise(points):
            (xa, ya), (xc, yc) = b.coords[a], b.coords[c]
            after.pop(b.node_at((xa + xc) // 2, (ya + yc) // 2))
        after[points[-1]] = piece
        return after
    frm, to = text.split("-")
    after[to] = after.pop(frm)
    return after
