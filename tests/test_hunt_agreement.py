"""The engine agrees with the independent reference for the hunt games (tests/reference_hunt.py).

For Belagerung and Pyramid Siege, positions of three kinds, all from fixed seeds, under a random
preset with random option overrides:

(a) random set-ups: a few defenders and enough attackers for a live game, the attackers biased
    to clusters around the defenders and, often, to a "jump lattice" (attackers on the
    midpoints, empty points two steps apart) so that jumps and long chains occur, plus Pyramid
    motifs for the escape clause; with the defenders to move, one defender move is played
    (steps preferred when a jump is available, so huffs occur) and the attacker's turn is
    compared too;
(b) positions reached by random play from the start (defenders spread over the fortress at
    random); after every defender move the engine's ``huffable`` is checked against
    ``reference_huffable``;
(c) the position right after a huff (``huffed`` is then True and no second huff is offered);
(d) the hand-worked positions of test_reference_hunt.py, padded with far attackers so that the
    game is live, under every combination of the options, each defender step followed by the
    attacker's turn and, where offered, a huff.

After every move played, the engine's board is checked against the reference's ``apply_move``.

The reference lists a jump chain once per path, every prefix its own move; the engine lists one
move per outcome (the point where the chain ends and the attackers it takes), written along one
of its paths. So the two are compared by outcome: the same outcomes on both sides, no outcome
twice in the engine's list, every path the engine writes is one the reference lists, and paths
the engine does not list (other ways to the same outcome) are accepted by ``Game.find`` as the
move with that outcome.

Only the public API of siege_nb is used.  On a disagreement the test prints the game, position,
side to move, huff state, rules and the symmetric difference of the two move sets.
"""

import random
import time

import pytest
from reference_hunt import (
    CHOICES,
    analyse,
    apply_move,
    board,
    count_jump_moves,
    reference_huffable,
    start_position,
)

sn = pytest.importorskip("siege_nb")

BL = "belagerung"
PS = "pyramid-siege"
A, D = "attacker", "defender"

REF_KEYS = {
    BL: ("horns", "diagonals", "attacker_direction", "capture"),
    PS: ("capture", "huff_target", "towards"),
}
SET = {BL: {"attackers": 50, "defenders": 3}, PS: {"attackers": 27, "defenders": 3}}
# The fewest attackers for which the defenders have not already won (BL-5: fewer than 17 left
# is a defenders' win; PS-8: 5 or fewer).
MIN_ATTACKERS = {BL: 17, PS: 6}

MINIMUM = {
    "compared": 1000,
    "defender turns": 400,
    "attacker turns": 400,
    "with a jump": 150,
    "with a chain of 2+": 40,
    "strict restricts": 30,
    "huffs offered": 40,
    "after a huff": 20,
    "huffable checks": 100,
    "huffable non-empty": 30,
    "other paths played": 20,
}
MINIMUM_ESCAPE = 15  # Pyramid only: attacker turns decided by the escape clause
MAX_JUMP_MOVES = 300  # set-ups with more jump moves than this are drawn again
MINIMUM_PER_CHOICE = 50  # compared positions under each choice of each option


def engine_is_ready():
    try:
        sn.new_game(PS)
        sn.new_game(BL)
    except (NotImplementedError, ValueError) as error:
        if "not implemented" in str(error) or isinstance(error, NotImplementedError):
            return False
        raise
    return True


pytestmark = pytest.mark.skipif(
    not engine_is_ready(), reason="the hunt games are not implemented yet"
)


def reference_rules(game, name):
    return {key: game.rules[key] for key in REF_KEYS[name]}


def random_rules(rng, name):
    """(preset, overrides): a random preset with some reference options overridden."""
    preset = rng.choice(list(sn.presets(name)))
    options = [opt for opt in sn.options(name) if opt.name in REF_KEYS[name]]
    overrides = {}
    for opt in rng.sample(options, rng.randint(0, len(options))):
        overrides[opt.name] = rng.choice([choice.value for choice in opt.choices])
    return preset, overrides


# ------------------------------------------------------------------------------------------
# Random set-ups (kind a)
# ------------------------------------------------------------------------------------------


def lattice_motif(rng, b, position, centre, radius):
    """Around ``centre``: points an even number of steps away in both coordinates stay empty,
    the others (jump midpoints) get an attacker with a fair probability."""
    cx, cy = b.coords[centre]
    for node, (x, y) in b.coords.items():
        if node in position or max(abs(x - cx), abs(y - cy)) > radius:
            continue
        odd = (x - cx) % 2 + (y - cy) % 2
        if (odd == 1 and rng.random() < 0.75) or (odd == 2 and rng.random() < 0.35):
            position[node] = A


def escape_motif(rng, b, position):
    """Pyramid: an attacker whose towards-neighbours are all taken by defenders, and every
    other attacker either on the fortress or also stuck, so the escape clause may decide."""
    d = b.distance
    candidates = [n for n in b.coords if n not in b.fortress and d[n] >= 2]
    node = rng.choice(candidates)
    position[node] = A
    closer = [o for o in b.neighbours(node) if d[o] < d[node]]
    for other in closer[:3]:
        position[other] = D
    # Attackers on the fortress never move, so they do not cancel the escape clause.
    free = [n for n in b.fortress if n not in position]
    for other in rng.sample(free, min(len(free), rng.randint(2, 5))):
        position[other] = A
    # More attackers (for a live game), only on points whose every closer neighbour is taken.
    for _ in range(30):
        if sum(p == A for p in position.values()) >= MIN_ATTACKERS[PS] + 2:
            break
        n = rng.choice([p for p in b.coords if p not in position])
        if all(o in position for o in b.neighbours(n) if d[o] < d[n]):
            position[n] = A


def random_setup(rng, name, rules):
    """(position, side to move), with at most MAX_JUMP_MOVES jump moves for the defenders (a
    dense jump lattice can hold hundreds of thousands of chains: correct, but slow to list)."""
    while True:
        position, to_move = random_setup_once(rng, name, rules)
        if count_jump_moves(name, position, rules, MAX_JUMP_MOVES + 1) <= MAX_JUMP_MOVES:
            return position, to_move


def random_setup_once(rng, name, rules):
    b = board(name, rules)
    points = sorted(b.coords)
    position = {}
    if name == PS and rng.random() < 0.15:
        escape_motif(rng, b, position)
        return position, A
    for _ in range(rng.randint(1, SET[name]["defenders"])):
        pool = sorted(b.fortress) if rng.random() < 0.4 else points
        node = rng.choice(pool)
        position.setdefault(node, D)
    defenders = [n for n, p in position.items() if p == D]
    if rng.random() < 0.5:
        lattice_motif(rng, b, position, rng.choice(defenders), rng.choice([2, 3, 4]))
    wanted = rng.randint(MIN_ATTACKERS[name], SET[name]["attackers"])
    attackers = sum(p == A for p in position.values())
    tries = 0
    while attackers < wanted and tries < 2000:
        tries += 1
        if rng.random() < 0.6:
            cx, cy = b.coords[rng.choice(defenders)]
            spread = rng.choice([1, 2, 3])
            node = b.node_at(cx + rng.randint(-spread, spread), cy + rng.randint(-spread, spread))
        else:
            node = rng.choice(points)
        if node is not None and node not in position:
            position[node] = A
            attackers += 1
    # Trim to the set's size (the lattice motif may overshoot on Pyramid).
    extra = [n for n, p in position.items() if p == A][SET[name]["attackers"] :]
    for node in extra:
        del position[node]
    return position, rng.choice([A, D])


# ------------------------------------------------------------------------------------------
# Comparison
# ------------------------------------------------------------------------------------------


def outcome_of_text(name, position, text, rules):
    """A move text as what it does: a jump chain as (start, end, the attackers it takes),
    taken from the reference's ``apply_move``; a step or huff as its text."""
    if "x" not in text:
        return text
    after = apply_move(name, position, text, rules)
    points = text.split("x")
    taken = frozenset(p for p, piece in position.items() if piece == A and p not in after)
    return ("jump", points[0], points[-1], taken)


def outcome_of_move(move):
    """An engine Move as what it does (see :func:`outcome_of_text`)."""
    if move.kind != "jump":
        return str(move)
    return ("jump", move.start, move.end, frozenset(move.captures))


class Tally:
    def __init__(self, name):
        self.name = name
        self.counts = dict.fromkeys(MINIMUM, 0)
        self.counts["escape clause"] = 0
        self.counts["other paths"] = 0
        self.counts["other paths played"] = 0
        self.choices = {
            (key, value): 0 for key, values in CHOICES[name].items() for value in values
        }
        self.failures = []
        self.api_failures = []
        self.rejected = []
        self.finished_setups = 0

    def compare(self, game, huffable, huffed, label):
        """Compare the engine's legal moves with the reference (game must be live)."""
        name = self.name
        position = dict(game.pieces())
        rules = reference_rules(game, name)
        to_move = game.to_move
        moves = game.legal_moves()
        engine = {outcome_of_move(m) for m in moves}
        info = analyse(
            name,
            position,
            to_move,
            rules,
            huffable=frozenset(huffable) if to_move == A else frozenset(),
            huffed=huffed,
        )
        reference = {outcome_of_text(name, position, text, rules) for text in info["moves"]}
        self.check_paths(game, moves, info["moves"], position, rules, label)
        c = self.counts
        c["compared"] += 1
        for key, value in rules.items():
            self.choices[key, value] += 1
        if to_move == D:
            c["defender turns"] += 1
            c["with a jump"] += bool(info["jumps"])
            c["with a chain of 2+"] += info["max_chain"] >= 2
            c["strict restricts"] += info["strict_restricted"]
        else:
            c["attacker turns"] += 1
            c["huffs offered"] += bool(info["huffs"])
            c["after a huff"] += huffed
            c["escape clause"] += info["escape"]
        if engine != reference:
            self.failures.append(
                f"[{name} {label}] to_move={to_move} huffable={sorted(huffable)} "
                f"huffed={huffed}\n"
                f"  position={dict(sorted(position.items()))}\n"
                f"  rules={rules}\n"
                f"  engine only:    {sorted(map(str, engine - reference))}\n"
                f"  reference only: {sorted(map(str, reference - engine))}\n"
                f"  (reference: jumps={len(info['jumps'])} max_chain={info['max_chain']} "
                f"escape={info['escape']} strict_restricted={info['strict_restricted']})"
            )
        # The huff state the engine reports.
        engine_huffable = tuple(getattr(game, "huffable", ("<missing>",)))
        engine_huffed = getattr(game, "huffed", "<missing>")
        if engine_huffed != huffed:
            self.api_failures.append(
                f"[{name} {label}] huffed: engine {engine_huffed!r}, expected {huffed}"
            )
        if not huffed:
            expected = tuple(sorted(huffable)) if to_move == A else ()
            if engine_huffable != expected:
                self.api_failures.append(
                    f"[{name} {label}] huffable: engine {engine_huffable!r}, expected "
                    f"{expected!r}; to_move={to_move} position={dict(sorted(position.items()))} "
                    f"rules={rules}"
                )
        return engine

    def check_paths(self, game, moves, texts, position, rules, label):
        """The engine's jump moves: no outcome twice, each written along a path the reference
        lists; and a sample of the reference's other paths found as the move of their outcome."""
        jumps = [m for m in moves if m.kind == "jump"]
        where = f"[{self.name} {label}] position={dict(sorted(position.items()))} rules={rules}"
        outcomes = [outcome_of_move(m) for m in jumps]
        if len(set(outcomes)) != len(outcomes):
            self.failures.append(
                f"{where}\n  an outcome is listed twice: {sorted(map(str, jumps))}"
            )
        unknown = sorted(str(m) for m in jumps if str(m) not in texts)
        if unknown:
            self.failures.append(f"{where}\n  paths the reference does not list: {unknown}")
        listed = {str(m) for m in jumps}
        others = sorted(t for t in texts if "x" in t and t not in listed)
        self.counts["other paths"] += len(others)
        for text in random.Random(len(others)).sample(others, min(len(others), 5)):
            found = game.find(text)
            want = outcome_of_text(self.name, position, text, rules)
            if found is None or outcome_of_move(found) != want or str(found) != text:
                self.failures.append(
                    f"{where}\n  the path {text!r} is not found as its outcome: got {found!r}"
                )
                continue
            twin = game.clone()
            twin.play(text)
            self.counts["other paths played"] += 1
            if twin.pieces() != apply_move(self.name, position, text, rules):
                self.failures.append(f"{where}\n  the board after {text!r} differs")

    def check_huffable(self, game, expected, label, before, move):
        """After a defender move: the engine's huffable against reference_huffable."""
        self.counts["huffable checks"] += 1
        self.counts["huffable non-empty"] += bool(expected)
        got = tuple(getattr(game, "huffable", ("<missing>",)))
        if got != tuple(sorted(expected)):
            self.failures.append(
                f"[{self.name} {label}] huffable after {move!r}: engine {got!r}, "
                f"reference {tuple(sorted(expected))!r}\n"
                f"  position before={dict(sorted(before.items()))}\n"
                f"  rules={reference_rules(game, self.name)}"
            )

    def play_and_check(self, game, move, label):
        """Play ``move`` and check the engine's board against the reference's ``apply_move``
        (steps move one piece; jumps remove exactly the jumped attackers; huffs one defender)."""
        before = dict(game.pieces())
        rules = reference_rules(game, self.name)
        game.play(move)
        expected = apply_move(self.name, before, move, rules)
        got = dict(game.pieces())
        if got != expected:
            self.failures.append(
                f"[{self.name} {label}] board after {move!r} differs\n"
                f"  before={dict(sorted(before.items()))}\n  rules={rules}\n"
                f"  engine only:    {sorted(set(got.items()) - set(expected.items()))}\n"
                f"  reference only: {sorted(set(expected.items()) - set(got.items()))}"
            )

    def play_huff_and_compare(self, game, rng, label):
        """Kind (c): play one of the offered huffs and compare the position after it."""
        huffs = sorted(str(m) for m in game.legal_moves() if str(m).startswith("huff "))
        if not huffs:
            return False
        self.play_and_check(game, rng.choice(huffs), label)
        if game.result is None:
            if game.to_move != A:
                self.api_failures.append(
                    f"[{self.name} {label}] after a huff to_move is "
                    f"{game.to_move!r}, expected the attacker"
                )
            else:
                self.compare(game, frozenset(), True, label + " after huff")
        return True


def choose_defender_move(rng, moves):
    """Prefer a step when a jump exists (so huffs arise), otherwise random; sometimes long
    chains."""
    jumps = [m for m in moves if "x" in m]
    steps = [m for m in moves if "x" not in m]
    x = rng.random()
    if jumps and steps and x < 0.5:
        return rng.choice(steps)
    if jumps and x < 0.8:
        longest = max(m.count("x") for m in jumps)
        return rng.choice([m for m in jumps if m.count("x") == longest])
    return rng.choice(moves)


def sparse_positions(tally, seed, count):
    name = tally.name
    rng = random.Random(seed)
    for i in range(count):
        preset, overrides = random_rules(rng, name)
        rules_guess = sn.new_game(name, preset=preset, **overrides)
        ref_rules = reference_rules(rules_guess, name)
        position, to_move = random_setup(rng, name, ref_rules)
        kwargs = {"preset": preset, "position": position, "to_move": to_move, **overrides}
        label = f"sparse seed={seed} #{i}"
        try:
            game = sn.new_game(name, **kwargs)
        except ValueError as error:
            tally.rejected.append(f"{name} {kwargs}: {error}")
            continue
        if game.result is not None:
            tally.finished_setups += 1
            continue
        tally.compare(game, frozenset(), False, label)
        if game.to_move == D:
            before = dict(game.pieces())
            move = choose_defender_move(rng, sorted(str(m) for m in game.legal_moves()))
            expected = reference_huffable(name, before, move, ref_rules)
            tally.play_and_check(game, move, label)
            if game.result is None:
                tally.check_huffable(game, expected, label, before, move)
                tally.compare(game, expected, False, label + f" after {move}")
                tally.play_huff_and_compare(game, rng, label + f" after {move}")


def random_games(tally, seed, games, plies):
    name = tally.name
    rng = random.Random(seed)
    for i in range(games):
        preset, overrides = random_rules(rng, name)
        probe = sn.new_game(name, preset=preset, **overrides)
        ref_rules = reference_rules(probe, name)
        position = start_position(name, ref_rules)
        if rng.random() < 0.7:
            # The defenders start on fortress points of their choice (Belagerung 2.1).
            b = board(name, ref_rules)
            for node in [n for n, p in position.items() if p == D]:
                del position[node]
            for node in rng.sample(sorted(b.fortress), 3):
                position[node] = D
        first = A if name == BL else D
        game = sn.new_game(name, preset=preset, position=position, to_move=first, **overrides)
        huffable, huffed = frozenset(), False
        for ply in range(plies):
            if game.result is not None:
                break
            label = f"game seed={seed} #{i} ply {ply} preset={preset} overrides={overrides}"
            tally.compare(game, huffable, huffed, label)
            moves = sorted(str(m) for m in game.legal_moves())
            if not moves:
                break
            if game.to_move == D:
                before = dict(game.pieces())
                move = choose_defender_move(rng, moves)
                expected = reference_huffable(name, before, move, ref_rules)
                tally.play_and_check(game, move, label)
                huffable, huffed = expected, False
                if game.result is None:
                    tally.check_huffable(game, expected, label, before, move)
            else:
                huffs = [m for m in moves if m.startswith("huff ")]
                if huffs and rng.random() < 0.6:
                    tally.play_and_check(game, rng.choice(huffs), label)
                    huffable, huffed = frozenset(), True
                    continue
                # Otherwise a random ordinary step.
                steps = [m for m in moves if not m.startswith("huff ")]
                tally.play_and_check(game, rng.choice(steps or moves), label)
                huffable, huffed = frozenset(), False


def run(name, seed):
    tally = Tally(name)
    start = time.perf_counter()
    sparse_positions(tally, seed=seed, count=900)
    random_games(tally, seed=seed + 1, games=12, plies=90)
    tally.seconds = time.perf_counter() - start
    return tally


# ------------------------------------------------------------------------------------------
# (d) Hand-worked positions of test_reference_hunt.py under every combination of options
# ------------------------------------------------------------------------------------------

FIXED = {
    BL: [
        ({"e6": A, "d4": A, "e7": D}, D),  # double jump with a change of direction
        ({"e4": A, "f5": A, "g4": A, "f3": A, "e3": D}, D),  # four-jump cycle (no diagonals)
        ({"d6": A, "c5": A, "f6": A, "e7": D, "e6": D}, D),  # a defender is never jumped
        ({"e6": A, "e7": D, "c9": D}, D),  # strict capture; huff after c9-d9
        ({"e6": A, "g6": A, "e7": D, "g7": D}, D),  # two huffable defenders
        ({"c7": A, "c8": A, "b7": A, "b8": D}, D),  # chains through the b8 horn
        ({"c8": A, "b9": D}, D),  # b9 over c8 (only with all diagonals)
        ({"c9": A, "d9": D}, D),  # d9 over c9 into the horn b9
        ({"a7": A, "b7": A, "h7": A, "i7": A, "e9": D}, A),  # no-horizontal blockage
        ({"e5": A, "c6": A, "e8": A, "a3": D}, A),  # lone attackers, direction rules
        ({"c7": A, "c8": A, "b7": A, "a3": D}, A),  # attackers in and beside the fortress
        ({"b7": A, "e9": D}, A),  # no diagonal through a horn's square
    ],
    PS: [
        ({"r2c1": A, "r3c1": A, "r3c2": A, "r2c0": D}, D),  # chain back to its start
        ({"r3c1": A, "r4c1": D, "r6c3": D}, D),  # huff after r6c3-r5c3
        # The escape clause (the other attackers stand on the fortress and never move).
        (
            {
                "r6c0": A,
                **dict.fromkeys(["r4c1", "r4c2", "r4c3", "r5c2", "r5c3"], A),
                "r5c0": D,
                "r6c1": D,
            },
            A,
        ),
        # The escape clause is judged per player: r2c0 has towards steps.
        (
            {
                "r6c0": A,
                "r2c0": A,
                **dict.fromkeys(["r4c1", "r4c2", "r4c3", "r5c2"], A),
                "r5c0": D,
                "r6c1": D,
            },
            A,
        ),
        ({"r4c2": A, "r0c0": D}, A),  # frozen in the fortress
        ({"r5c3": A, "r3c0": A, "r0c0": D}, A),  # frozen beside a mover
    ],
}


def padded(name, position, rules):
    """``position`` plus attackers on points at Chebyshev distance 3 or more from every piece,
    until there are enough attackers for the defenders not to have won already."""
    b = board(name, rules)
    result = dict(position)
    pieces = [b.coords[n] for n in position]
    for node in sorted(b.coords, key=lambda n: b.coords[n]):
        if sum(p == A for p in result.values()) >= MIN_ATTACKERS[name]:
            break
        x, y = b.coords[node]
        if node not in result and all(max(abs(x - px), abs(y - py)) >= 3 for px, py in pieces):
            result[node] = A
    return result


def every_combination(name):
    combos = [{}]
    for key, values in CHOICES[name].items():
        combos = [{**c, key: v} for c in combos for v in values]
    return combos


def test_fixed_cases_under_every_option_combination():
    failures, compared, huffed_compared, escapes = [], 0, 0, 0
    for name in (BL, PS):
        tally = Tally(name)
        for position, to_move in FIXED[name]:
            for combo in every_combination(name):
                if not set(position) <= board(name, combo).points:
                    continue  # a horn of the other horns option
                game = sn.new_game(
                    name, position=padded(name, position, combo), to_move=to_move, **combo
                )
                if game.result is not None:
                    continue
                label = f"fixed {combo}"
                tally.compare(game, frozenset(), False, label)
                if to_move == D:
                    # Every defender move (the board after it checked), then the attacker's
                    # turn with its huffs.
                    for move in sorted(str(m) for m in game.legal_moves()):
                        after = sn.new_game(name, position=dict(game.pieces()), to_move=D, **combo)
                        before = dict(after.pieces())
                        expected = reference_huffable(name, before, move, combo)
                        tally.play_and_check(after, move, label)
                        if after.result is None:
                            tally.check_huffable(after, expected, label, before, move)
                            tally.compare(after, expected, False, label + f" after {move}")
                            huffed_compared += tally.play_huff_and_compare(
                                after, random.Random(0), label + f" after {move}"
                            )
        compared += tally.counts["compared"]
        escapes += tally.counts["escape clause"]
        failures += tally.failures + tally.api_failures
    assert not failures, f"{len(failures)} disagreements; first ones:\n" + "\n".join(failures[:8])
    assert compared > 1500 and huffed_compared > 100 and escapes >= 2, (
        compared,
        huffed_compared,
        escapes,
    )


@pytest.fixture(scope="module", params=[BL, PS])
def tally(request):
    return run(request.param, seed=1861 if request.param == BL else 1999)


def test_setups_are_accepted(tally):
    assert not tally.rejected, "valid set-ups rejected by the engine:\n" + "\n".join(
        tally.rejected[:10]
    )


def test_engine_agrees_with_reference(tally):
    if tally.failures:
        pytest.fail(
            f"{tally.name}: {len(tally.failures)} disagreements in "
            f"{tally.counts['compared']} positions; first ones:\n" + "\n".join(tally.failures[:8])
        )


def test_huff_state_is_reported(tally):
    if tally.api_failures:
        pytest.fail(
            f"{tally.name}: {len(tally.api_failures)} wrong huffable/huffed reports; "
            "first ones:\n" + "\n".join(tally.api_failures[:8])
        )


def test_comparison_is_not_vacuous(tally):
    minimum = dict(MINIMUM)
    if tally.name == PS:
        minimum["escape clause"] = MINIMUM_ESCAPE
    low = {k: (tally.counts[k], m) for k, m in minimum.items() if tally.counts[k] < m}
    assert not low, (
        f"{tally.name}: too few cases (count, minimum): {low}; all counts {tally.counts}"
    )
    rare = {k: n for k, n in tally.choices.items() if n < MINIMUM_PER_CHOICE}
    assert not rare, f"{tally.name}: option choices compared too rarely: {rare}"


def test_fast_enough(tally):
    assert tally.seconds < 15, f"{tally.name}: {tally.seconds:.1f} s (budget 15 s per game)"
