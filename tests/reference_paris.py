"""A deliberately simple reference move generator for Siege of Paris.

Written straight from the rules as the project documents them (the board, movement, capture
and protection in ``docs/rules-reference.md``; sections 1.1 and 2 of ``docs/precise-readings.md``),
independently of the engine in ``siege_nb``.  It imports
nothing from ``siege_nb`` and uses only the standard library.  Clarity over speed: plain
coordinate arithmetic and small loops, no precomputed tables.

Public functions:

* ``reference_moves(position, to_move, next_army, rules, demanded=False) -> set[str]``
* ``is_protected(position, target, capturer, rules) -> bool``
* ``analyse(position, to_move, rules, demanded=False) -> dict`` (the move set plus counters used
  by the agreement test to check that its comparisons are not vacuous)

``position`` maps node names (``"a1"`` .. ``"l16"``, ``"C0"`` .. ``"C7"``) to piece names
(``"white soldier"``, ``"garrison general"``, ...).  ``rules`` maps the engine's option names to
values (booleans for the yes/no options).
"""

from __future__ import annotations

FILES = "abcdefghijkl"  # file index 1..12
ATTACKERS = ("white", "black")
CIRCLES = tuple(f"C{i}" for i in range(8))


# ---------------------------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------------------------


def is_square(f: int, r: int) -> bool:
    """True if (file index, rank) is a square of the board (the citadel area has no squares)."""
    if not (1 <= f <= 12 and 1 <= r <= 16):
        return False
    in_citadel_area = 4 <= f <= 9 and 6 <= r <= 11  # files d..i, ranks 6..11
    return not in_citadel_area


def square_name(f: int, r: int) -> str:
    return FILES[f - 1] + str(r)


def parse_square(node: str) -> tuple[int, int] | None:
    """(file index, rank) of a square name, or None for a circle."""
    if node.startswith("C"):
        return None
    return FILES.index(node[0]) + 1, int(node[1:])


def is_dark(f: int, r: int) -> bool:
    """Dark iff (file index + rank) is even, a = 1 (so a1 is dark)."""
    return (f + r) % 2 == 0


def is_circle(node: str) -> bool:
    return node.startswith("C")


def gates(rules: dict) -> dict[str, list[str]]:
    """Gate circle -> its two gate squares, for the chosen citadel graph."""
    if rules["citadel"] == "ring":
        return {"C0": ["f5", "g5"], "C4": ["f12", "g12"]}
    if rules["citadel"] == "ring-flank-gates":
        return {"C2": ["c8", "c9"], "C6": ["j8", "j9"]}
    raise ValueError(f"unknown citadel {rules['citadel']!r}")


def circle_neighbours(circle: str) -> list[str]:
    """The two circles joined to ``circle`` by a line of the ring (same for both graphs)."""
    i = int(circle[1:])
    return [f"C{(i + 1) % 8}", f"C{(i - 1) % 8}"]


def gate_circle_of_square(square: str, rules: dict) -> str | None:
    """The gate circle a square leads to, or None if it is not a gate square."""
    for circle, squares in gates(rules).items():
        if square in squares:
            return circle
    return None


def side_of(piece: str) -> str:
    return piece.split()[0]


def rank_of(piece: str) -> str:
    return piece.split()[1]


def forward(army: str) -> int:
    """Rank direction of an attacking army's advance."""
    return 1 if army == "white" else -1


# ---------------------------------------------------------------------------------------------
# Attacking pieces
# ---------------------------------------------------------------------------------------------


def attacker_directions(piece: str, rules: dict) -> tuple[list[tuple[int, int]], int]:
    """(directions, maximum distance) of an attacking piece on a square."""
    army, kind = piece.split()
    fw = forward(army)
    if kind == "general":
        return [(0, fw), (1, 0), (-1, 0), (1, fw), (-1, fw)], 3
    if kind in ("colonel", "captain"):
        dirs = [(0, fw)]
        if rules["colonel_captain_sideways"]:
            dirs += [(1, 0), (-1, 0)]
        return dirs, (2 if kind == "colonel" else 1)
    if kind in ("lieutenant", "soldier"):
        dirs = [(1, fw), (-1, fw)]
        backwards = rules["lieutenant_backwards" if kind == "lieutenant" else "soldier_backwards"]
        if backwards:
            dirs += [(1, -fw), (-1, -fw)]
        return dirs, (2 if kind == "lieutenant" else 1)
    raise ValueError(f"unknown attacking piece {piece!r}")


def attacker_square_destinations(position: dict, start: str, rules: dict) -> set[str]:
    """Empty squares an attacking piece standing on square ``start`` can move to.

    Straight slides (every square passed must exist and be empty).  With ``general_turns`` the
    general may also make up to three unit steps, each in one of its five directions, every
    square on the way empty; the destination must differ from the start.  Moves onto circles
    (entering a gate) are not included here.
    """
    piece = position[start]
    f0, r0 = parse_square(start)
    dirs, reach = attacker_directions(piece, rules)
    result = set()
    for dx, dy in dirs:
        for k in range(1, reach + 1):
            f, r = f0 + dx * k, r0 + dy * k
            if not is_square(f, r) or square_name(f, r) in position:
                break
            result.add(square_name(f, r))
    if rank_of(piece) == "general" and rules["general_turns"]:
        frontier = {(f0, r0)}
        for _step in range(3):
            new_frontier = set()
            for f1, r1 in frontier:
                for dx, dy in dirs:
                    f, r = f1 + dx, r1 + dy
                    if is_square(f, r) and square_name(f, r) not in position:
                        new_frontier.add((f, r))
            result |= {square_name(f, r) for f, r in new_frontier}
            frontier = new_frontier
        result.discard(start)
    return result


def attacker_moves(position: dict, army: str, rules: dict) -> set[str]:
    moves = set()
    for node, piece in position.items():
        if side_of(piece) != army:
            continue
        if is_circle(node):
            # Inside the citadel: along circle-circle lines to empty circles; never leave.
            for other in circle_neighbours(node):
                if other not in position:
                    moves.add(f"{node}-{other}")
            continue
        for dest in attacker_square_destinations(position, node, rules):
            moves.add(f"{node}-{dest}")
        gate = gate_circle_of_square(node, rules)
        if gate is not None and gate not in position:
            moves.add(f"{node}-{gate}")
    return moves


# ---------------------------------------------------------------------------------------------
# Protection
# ---------------------------------------------------------------------------------------------


def is_protected(position: dict, target: str, capturer: str, rules: dict) -> bool:
    """Whether the attacking piece on square ``target`` is protected from a capture.

    ``position`` is the present board (the capturer on square ``capturer`` included; it stays
    there and may block a protector's slide).  Reading: ``rules["protection"]`` (SP-16).
    """
    army = side_of(position[target])
    reading = rules["protection"]
    tf, tr = parse_square(target)

    if reading in ("reach-any-army", "reach-same-army"):
        board = {node: piece for node, piece in position.items() if node != target}
        for node, piece in board.items():
            if is_circle(node) or side_of(piece) not in ATTACKERS:
                continue  # pieces on circles never protect; the garrison never protects
            if reading == "reach-same-army" and side_of(piece) != army:
                continue
            if target in attacker_square_destinations(board, node, rules):
                return True
        return False

    if reading == "adjacent":
        candidates = [
            (tf + dx, tr + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
        ]
    elif reading == "covered-from-behind":
        back = -forward(army)
        candidates = [(tf - 1, tr + back), (tf, tr + back), (tf + 1, tr + back)]
    else:
        raise ValueError(f"unknown protection {reading!r}")
    for f, r in candidates:
        if is_square(f, r):
            piece = position.get(square_name(f, r))
            if piece is not None and side_of(piece) in ATTACKERS:
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Garrison
# ---------------------------------------------------------------------------------------------


def garrison_soldiers_outside(position: dict, dark: bool) -> int:
    count = 0
    for node, piece in position.items():
        sq = parse_square(node)
        if piece == "garrison soldier" and sq is not None and is_dark(*sq) == dark:
            count += 1
    return count


def garrison_piece_moves(position: dict, node: str, rules: dict):
    """(plain moves, legal captures, refused captures) of the garrison piece on ``node``."""
    piece = position[node]
    kind = rank_of(piece)
    plain, captures, refused = set(), set(), set()

    if is_circle(node):
        for other in circle_neighbours(node):
            if other not in position:
                plain.add(f"{node}-{other}")
        for square in gates(rules).get(node, []):
            if square in position:
                continue  # leaving the citadel never captures
            if (
                kind == "soldier"
                and garrison_soldiers_outside(position, is_dark(*parse_square(square))) >= 3
            ):
                continue  # SP-14
            plain.add(f"{node}-{square}")
        return plain, captures, refused

    # On a square: the garrison's outside moves.
    if kind == "general":
        dirs = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
        reach = rules["garrison_general_range"]
    elif kind == "colonel":
        dirs, reach = [(1, 0), (-1, 0), (0, 1), (0, -1)], 1
    elif kind == "soldier":
        dirs, reach = [(1, 1), (1, -1), (-1, 1), (-1, -1)], 1
    else:
        raise ValueError(f"unknown garrison piece {piece!r}")
    f0, r0 = parse_square(node)
    for dx, dy in dirs:
        for k in range(1, reach + 1):
            f, r = f0 + dx * k, r0 + dy * k
            if not is_square(f, r):
                break
            dest = square_name(f, r)
            occupant = position.get(dest)
            if occupant is None:
                plain.add(f"{node}-{dest}")
                continue
            if side_of(occupant) in ATTACKERS:
                if is_protected(position, dest, node, rules):
                    refused.add(f"{node}x{dest}")
                else:
                    captures.add(f"{node}x{dest}")
            break
    gate = gate_circle_of_square(node, rules)
    if gate is not None and gate not in position:
        plain.add(f"{node}-{gate}")  # re-entry
    return plain, captures, refused


def analyse(position: dict, to_move: str, rules: dict, demanded: bool = False) -> dict:
    """The legal move set plus facts about how it came about.

    Keys: ``moves`` (set of move texts), ``captures`` (the garrison's legal captures),
    ``refused`` (captures refused because the target is protected), ``sp15`` (True if the
    SP-15 restriction decided the move set), ``entries`` (moves from a square onto a circle).
    """
    info = {"moves": set(), "captures": set(), "refused": set(), "sp15": False}
    if to_move in ATTACKERS:
        info["moves"] = attacker_moves(position, to_move, rules)
    elif to_move == "garrison":
        plain, captures, refused = set(), set(), set()
        soldier_on_square_can_move = False
        soldiers_on_squares = 0
        officer_exits = set()
        for node, piece in position.items():
            if side_of(piece) != "garrison":
                continue
            p, c, x = garrison_piece_moves(position, node, rules)
            plain |= p
            captures |= c
            refused |= x
            if rank_of(piece) == "soldier" and not is_circle(node):
                soldiers_on_squares += 1
                if p or c:
                    soldier_on_square_can_move = True
            if rank_of(piece) != "soldier" and node in gates(rules):
                officer_exits |= {m for m in p if not is_circle(m.split("-")[1])}
        info["captures"], info["refused"] = captures, refused
        if demanded or (rules["capture"] == "always" and captures):
            moves = set(captures)  # a compulsory capture comes first
        elif (
            rules["officers_must_sortie"]
            and soldiers_on_squares
            and not soldier_on_square_can_move
            and officer_exits
        ):
            moves = set(officer_exits)
            info["sp15"] = True
        else:
            moves = plain | captures
        if rules["capture"] == "on-demand" and not demanded and captures:
            moves.add("demand")
        info["moves"] = moves
    else:
        raise ValueError(f"unknown side {to_move!r}")
    info["entries"] = {
        m
        for m in info["moves"]
        if "-" in m and not is_circle(m.split("-")[0]) and is_circle(m.split("-")[1])
    }
    return info


def reference_moves(
    position: dict[str, str], to_move: str, next_army: str, rules: dict, demanded: bool = False
) -> set[str]:
    """The set of legal move texts for the side ``to_move`` (game assumed not over).

    ``next_army`` (the army that moves after the garrison) does not affect the moves of the
    present turn; it is accepted for the sake of a uniform signature.
    """
    del next_army
    return analyse(position, to_move, rules, demanded)["moves"]
