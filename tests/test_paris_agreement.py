"""The engine agrees with the independent reference move generator (tests/reference_paris.py).

Positions of three kinds, all from fixed seeds:

(a) random sparse set-ups, biased so that pieces cluster around the citadel, its gates and each
    other (captures, protection, gate entries and SP-15 situations actually occur), plus two
    motifs: a garrison soldier hemmed in on the edge with an officer on a gate circle (SP-15),
    and a protector whose slide to the target passes the capturer's square (section 4); for
    set-ups with the garrison to move, one garrison move is played and the next position (and
    that the army named by next_army moves) is checked too;
(b) positions reached by random play from the start position under random rules;
(c) the position after "demand", whenever it is legal in (a) or (b).

Only the public API of siege_nb is used.  On a disagreement the test prints the position, the
side to move, the rules and the symmetric difference of the two move sets.
"""

import random

import pytest
from reference_paris import analyse, is_dark, is_protected, is_square, square_name

sn = pytest.importorskip("siege_nb")

GAME = "siege-of-paris"
REF_KEYS = (
    "placement_win",
    "capture",
    "protection",
    "garrison_general_range",
    "colonel_captain_sideways",
    "lieutenant_backwards",
    "soldier_backwards",
    "general_turns",
    "blockade_win",
    "soldier_inside_draw",
    "officers_must_sortie",
    "move_limit",
    "citadel",
)

SQUARES = [square_name(f, r) for r in range(1, 17) for f in range(1, 13) if is_square(f, r)]
CIRCLES = [f"C{i}" for i in range(8)]
GATE_SQUARES = ["f5", "g5", "f12", "g12", "c8", "c9", "j8", "j9"]
# The ring of squares within two steps of the citadel area (files b..k, ranks 4..13).
NEAR_CITADEL = [sq for sq in SQUARES if sq[0] in "bcdefghijk" and 4 <= int(sq[1:]) <= 13]
CORNERS_AND_EDGES = [sq for sq in SQUARES if sq[0] in "al" or sq[1:] in ("1", "16")]

INVENTORY = {
    "white": ["general", "colonel"] + ["captain"] * 2 + ["lieutenant"] * 2 + ["soldier"] * 12,
    "black": ["general", "colonel"] + ["captain"] * 2 + ["lieutenant"] * 2 + ["soldier"] * 12,
    "garrison": ["general", "colonel"] + ["soldier"] * 6,
}

# Thresholds that keep the comparison from being vacuous.
MINIMUM = {
    "compared": 1000,
    "garrison turns": 300,
    "attacker turns": 300,
    "with a capture": 100,
    "with a refused capture": 60,
    "with demand": 50,
    "after demand": 30,
    "SP-15 restriction": 20,
    "with a gate entry": 60,
    "capturer blocks a protector": 15,
}


def coords(square):
    return "abcdefghijkl".index(square[0]) + 1, int(square[1:])


def to_reference_value(value):
    """The reference takes booleans for yes/no options; accept the engine's spelling."""
    if isinstance(value, str):
        low = value.lower()
        if low in ("yes", "on", "true"):
            return True
        if low in ("no", "off", "false"):
            return False
        if low.isdigit():
            return int(low)
        if low == "none":
            return None
    return value


def reference_rules(game):
    return {key: to_reference_value(game.rules[key]) for key in REF_KEYS}


# ------------------------------------------------------------------------------------------
# Random rules
# ------------------------------------------------------------------------------------------


def random_rules(rng):
    """(preset, overrides): a random preset with a few options overridden at random."""
    preset = rng.choice(list(sn.presets(GAME)))
    overrides = {}
    options = [opt for opt in sn.options(GAME) if opt.name in REF_KEYS]
    for opt in rng.sample(options, rng.randint(0, 5)):
        overrides[opt.name] = rng.choice([choice.value for choice in opt.choices])
    return preset, overrides


# ------------------------------------------------------------------------------------------
# Random set-ups (kind a)
# ------------------------------------------------------------------------------------------


def allowed(piece, node, position):
    """Set-up validity of one more piece (docs/precise-readings.md, section 2)."""
    if node in position:
        return False
    side, kind = piece.split()
    if sum(1 for p in position.values() if p == piece) >= INVENTORY[side].count(kind):
        return False
    if node.startswith("C") or kind != "soldier":
        return True
    dark = is_dark(*coords(node))
    if side == "white":
        return not dark
    if side == "black":
        return dark
    outside = sum(
        1
        for n, p in position.items()
        if p == "garrison soldier" and not n.startswith("C") and is_dark(*coords(n)) == dark
    )
    return outside < 3


def near(rng, node, distance=2):
    f, r = coords(node)
    options = [
        square_name(f + dx, r + dy)
        for dx in range(-distance, distance + 1)
        for dy in range(-distance, distance + 1)
        if (dx, dy) != (0, 0) and is_square(f + dx, r + dy)
    ]
    return rng.choice(options)


def place(rng, piece, position):
    side = piece.split()[0]
    squares = [n for n in position if not n.startswith("C")]
    for _attempt in range(40):
        x = rng.random()
        if x < (0.35 if side == "garrison" else 0.08):
            node = rng.choice(CIRCLES)
        elif x < 0.45:
            node = rng.choice(GATE_SQUARES)
        elif x < 0.80 and squares:
            node = near(rng, rng.choice(squares))
        elif x < 0.95:
            node = rng.choice(NEAR_CITADEL)
        else:
            node = rng.choice(SQUARES)
        if allowed(piece, node, position):
            position[node] = piece
            return


def blocked_soldier_motif(rng, position):
    """SP-15 material: a garrison soldier in a corner or on an edge whose diagonal neighbours
    hold attacking pieces, each with a soldier of its own army just behind it (protected under
    every reading), and a garrison officer on a gate circle."""
    start = rng.choice(CORNERS_AND_EDGES)
    if not allowed("garrison soldier", start, position):
        return
    position[start] = "garrison soldier"
    f, r = coords(start)
    for dx in (-1, 1):
        for dy in (-1, 1):
            if not is_square(f + dx, r + dy) or rng.random() < 0.05:
                continue
            df, dr = f + dx, r + dy
            army = "black" if is_dark(df, dr) else "white"
            kind = rng.choice(["soldier", "soldier", "captain", "lieutenant", "colonel"])
            if allowed(f"{army} {kind}", square_name(df, dr), position):
                position[square_name(df, dr)] = f"{army} {kind}"
            back = -1 if army == "white" else 1
            for side in rng.sample([-1, 1], 2):
                pf, pr = df + side, dr + back
                if is_square(pf, pr) and allowed(f"{army} soldier", square_name(pf, pr), position):
                    position[square_name(pf, pr)] = f"{army} soldier"
                    break
    # One officer on a gate circle of each citadel layout (ring: C0/C4, flank gates: C2/C6).
    officers = ["garrison general", "garrison colonel"]
    rng.shuffle(officers)
    position[rng.choice(["C0", "C4"])] = officers[0]
    position[rng.choice(["C2", "C6"])] = officers[1]


def blocking_capturer_motif(rng, position):
    """A protector P sliding towards target T through the capturer's square K (P, K, T in a
    line): under the reach-* readings the capturer itself cuts the protection (section 4)."""
    army = rng.choice(["white", "black"])
    fw = 1 if army == "white" else -1
    kind, directions = rng.choice(
        [
            ("colonel", [(0, fw), (1, 0), (-1, 0)]),
            ("lieutenant", [(1, fw), (-1, fw)]),
            ("general", [(0, fw), (1, 0), (-1, 0), (1, fw), (-1, fw)]),
        ]
    )
    dx, dy = rng.choice(directions)
    pf, pr = coords(rng.choice(NEAR_CITADEL + GATE_SQUARES))
    gap = rng.randint(0, 1) if kind == "general" else 0  # an empty square between P and K
    kf, kr = pf + dx * (1 + gap), pr + dy * (1 + gap)
    tf, tr = kf + dx, kr + dy
    if not all(is_square(f, r) for f, r in ((pf, pr), (kf, kr), (tf, tr))):
        return
    diagonal = dx != 0 and dy != 0
    capturer = rng.choice(
        ["garrison soldier", "garrison general"]
        if diagonal
        else ["garrison colonel", "garrison general"]
    )
    target_army = rng.choice(["white", "black"])
    target_kind = rng.choice(["soldier", "captain", "lieutenant", "colonel"])
    for piece, (f, r) in (
        (f"{army} {kind}", (pf, pr)),
        (capturer, (kf, kr)),
        (f"{target_army} {target_kind}", (tf, tr)),
    ):
        if not allowed(piece, square_name(f, r), position):
            piece = piece.replace("soldier", "captain")
        if allowed(piece, square_name(f, r), position):
            position[square_name(f, r)] = piece


def random_position(rng):
    """(position, garrison_motif): a random set-up; motifs are for the garrison to move."""
    position = {}
    x = rng.random()
    if x < 0.25:
        if x < 0.15:
            blocked_soldier_motif(rng, position)
        else:
            blocking_capturer_motif(rng, position)
        for _ in range(rng.randint(0, 6)):
            place(
                rng, f"{rng.choice(['white', 'black'])} {rng.choice(INVENTORY['white'])}", position
            )
        return position, True
    if rng.random() < 0.4:
        # An officer waiting on a gate circle (SP-15, exits).
        position[rng.choice(["C0", "C4", "C2", "C6"])] = rng.choice(
            ["garrison general", "garrison colonel"]
        )
    wanted = []
    for side, low, high in (("garrison", 1, 8), ("white", 0, 10), ("black", 0, 10)):
        wanted += [f"{side} {kind}" for kind in rng.sample(INVENTORY[side], rng.randint(low, high))]
    rng.shuffle(wanted)
    for piece in wanted:
        place(rng, piece, position)  # skipped if the set holds no more of that kind
    return position, False


def start_position(rng):
    """The standard start, with the garrison spread over the circles at random."""
    position = {
        "b1": "white colonel",
        "d1": "white captain",
        "f1": "white lieutenant",
        "h1": "white lieutenant",
        "j1": "white captain",
        "l1": "white general",
        "l16": "black colonel",
        "j16": "black captain",
        "h16": "black lieutenant",
        "f16": "black lieutenant",
        "d16": "black captain",
        "b16": "black general",
    }
    for sq in ["a2", "c2", "e2", "g2", "i2", "k2", "b3", "d3", "f3", "h3", "j3", "l3"]:
        position[sq] = "white soldier"
    for sq in ["a15", "c15", "e15", "g15", "i15", "k15", "b14", "d14", "f14", "h14", "j14", "l14"]:
        position[sq] = "black soldier"
    garrison = [f"garrison {kind}" for kind in INVENTORY["garrison"]]
    rng.shuffle(garrison)
    position.update(zip(CIRCLES, garrison, strict=True))
    return position


# ------------------------------------------------------------------------------------------
# Comparison
# ------------------------------------------------------------------------------------------


class Tally:
    def __init__(self):
        self.counts = dict.fromkeys(MINIMUM, 0)
        self.failures = []

    def compare(self, game, demanded, label):
        if game.result is not None:
            return
        position = dict(game.pieces())
        rules = reference_rules(game)
        engine = {str(m) for m in game.legal_moves()}
        info = analyse(position, game.to_move, rules, demanded)
        reference = info["moves"]
        self.counts["compared"] += 1
        if game.to_move == "garrison":
            self.counts["garrison turns"] += 1
            self.counts["with a capture"] += bool(info["captures"])
            self.counts["with a refused capture"] += bool(info["refused"])
            self.counts["with demand"] += "demand" in reference
            self.counts["after demand"] += demanded
            self.counts["SP-15 restriction"] += info["sp15"]
            self.counts["capturer blocks a protector"] += any(
                is_protected(
                    {n: p for n, p in position.items() if n != m.split("x")[0]},
                    m.split("x")[1],
                    m.split("x")[0],
                    rules,
                )
                for m in info["captures"]
            )
        else:
            self.counts["attacker turns"] += 1
        self.counts["with a gate entry"] += bool(info["entries"])
        if engine != reference:
            self.failures.append(
                f"[{label}] to_move={game.to_move} "
                f"next_army={getattr(game, 'next_army', '(not exposed)')} "
                f"demanded={demanded}\n"
                f"  position={dict(sorted(position.items()))}\n"
                f"  rules={rules}\n"
                f"  engine only:    {sorted(engine - reference)}\n"
                f"  reference only: {sorted(reference - engine)}\n"
                f"  (reference: captures={sorted(info['captures'])} "
                f"refused={sorted(info['refused'])} sp15={info['sp15']})"
            )

    def compare_with_demand(self, game, label):
        """Compare, and if "demand" is legal, play it and compare again (kind c)."""
        self.compare(game, False, label)
        if (
            game.result is None
            and game.to_move == "garrison"
            and any(str(m) == "demand" for m in game.legal_moves())
        ):
            game.play("demand")
            self.compare(game, True, label + " after demand")
            return True
        return False


def sparse_positions(tally, seed, count):
    rng = random.Random(seed)
    rejected = []
    for i in range(count):
        preset, overrides = random_rules(rng)
        position, motif = random_position(rng)
        to_move = "garrison" if motif else rng.choice(["garrison", "garrison", "white", "black"])
        kwargs = {"preset": preset, "position": position, "to_move": to_move, **overrides}
        if to_move == "garrison":
            kwargs["next_army"] = rng.choice(["white", "black"])
        try:
            game = sn.new_game(GAME, **kwargs)
        except ValueError as error:
            rejected.append(f"{kwargs}: {error}")
            continue
        label = f"sparse seed={seed} #{i}"
        tally.compare_with_demand(game, label)
        # Turn order (section 4): after a garrison move, the army named by next_army moves,
        # unless it has no legal move.
        if to_move == "garrison" and game.result is None and game.to_move == "garrison":
            moves = [str(m) for m in game.legal_moves() if str(m) != "demand"]
            if moves:
                game.play(rng.choice(moves))
                army = kwargs["next_army"]
                if (
                    game.result is None
                    and game.to_move != army
                    and analyse(dict(game.pieces()), army, reference_rules(game))["moves"]
                ):
                    tally.failures.append(
                        f"[{label}] after a garrison move {army} (next_army) "
                        f"should move, the engine says {game.to_move}"
                    )
                tally.compare(game, False, label + " after a garrison move")
    return rejected


def random_games(tally, seed, games, plies):
    rng = random.Random(seed)
    for i in range(games):
        preset, overrides = random_rules(rng)
        game = sn.new_game(
            GAME, preset=preset, position=start_position(rng), to_move="garrison", **overrides
        )
        demanded = False
        for ply in range(plies):
            if game.result is not None:
                break
            tally.compare(game, demanded, f"game seed={seed} #{i} ply {ply}")
            moves = [str(m) for m in game.legal_moves()]
            if not moves:
                break
            captures = [m for m in moves if "x" in m]
            if "demand" in moves and rng.random() < 0.6:
                move = "demand"
            elif captures and rng.random() < 0.3:
                move = rng.choice(captures)
            else:
                move = rng.choice(moves)
            game.play(move)
            demanded = move == "demand"


@pytest.fixture(scope="module")
def tally():
    t = Tally()
    rejected = sparse_positions(t, seed=20240601, count=3000)
    random_games(t, seed=1871, games=40, plies=150)
    t.rejected = rejected
    return t


def test_setups_are_accepted(tally):
    assert not tally.rejected, "valid set-ups rejected by the engine:\n" + "\n".join(
        tally.rejected[:10]
    )


def test_engine_agrees_with_reference(tally):
    if tally.failures:
        pytest.fail(
            f"{len(tally.failures)} of {tally.counts['compared']} positions disagree; "
            "first ones:\n" + "\n".join(tally.failures[:8])
        )


def test_comparison_is_not_vacuous(tally):
    low = {k: (tally.counts[k], MINIMUM[k]) for k in MINIMUM if tally.counts[k] < MINIMUM[k]}
    assert not low, f"too few cases (count, minimum): {low}; all counts {tally.counts}"
