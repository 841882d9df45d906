"""The disagreement finder: where do two readings of a rule actually give different answers?

:func:`find_disagreements` takes a game and two rule sets (an option and two of its choices,
over a preset; or two presets) and searches positions for ones where they part: a move that
one allows and the other refuses, or a move after which the two results differ. Positions
come from four places, in turn:

* **random games** from the standard set-up, each move chosen at random, half of them played
  under each rule set;
* **search-agent games** (:class:`~siege_nb.ai.MCTSAgent` on both sides, a few playouts a
  move), so that positions good players reach are looked at too;
* **random set-ups**: a few pieces (or many) placed near one point, often a point of the
  citadel or fortress, then a few random moves;
* **mutations** of positions already seen: a piece added, taken away or moved a little, then
  a few random moves.

Every difference met is grouped by its kind (which rule set allows the move, the rule that
refuses it, the types of the moving and taken pieces; or the two results). The smallest
position of each kind is shrunk to a lesson (:mod:`siege_nb.disputes.shrink`): no piece can be
taken away, and no piece moved nearer the others, without that difference vanishing. The
answer, a :class:`Findings`, holds the few lessons that differ most from each other, smallest
first, each a :class:`~siege_nb.disputes.lesson.Disagreement` that becomes a scenario; or, if
there is none, how many positions were searched and why none may have been found.

Searches are reproducible: the same arguments and ``seed`` give the same lessons (unless
``seconds`` cuts a search short, which depends on the machine).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from siege_nb.disputes.judge import MOVE_LIMIT, Found, Judge, Kind, team_of_piece
from siege_nb.disputes.lesson import Disagreement, _game, format_pair
from siege_nb.disputes.shrink import shortest_line, shrink
from siege_nb.disputes.words import decimal, grouped
from siege_nb.errors import ArgumentError, check_int, check_number, check_type, shorten
from siege_nb.games.base import Move
from siege_nb.games.catalogue import CATALOGUE, game_info
from siege_nb.i18n import N_, ngettext, tr
from siege_nb.rules import RuleSet, format_value, option, presets, rules, title

__all__ = [
    "DEFAULT_POSITIONS",
    "SOURCES",
    "DisagreementFinder",
    "Findings",
    "find_disagreements",
]

DEFAULT_POSITIONS = 3_000
"""How many positions :func:`find_disagreements` looks at, unless told otherwise."""

# Marked for the catalogue: the keys stay English, the reader reads them translated.
SOURCES = (N_("random games"), N_("search-agent games"), N_("random set-ups"), N_("mutations"))
"""Where the finder takes positions from (see the module's text)."""

# How long a random game may go on (plies): long enough for a 200-ply move limit to end it.
RANDOM_GAME_PLIES = 1_000
# A search-agent game is cut after this many plies (its positions are slow to make), and its
# agents search this many playouts a move.
AGENT_GAME_PLIES = 160
AGENT_ITERATIONS = 12
# Random moves played after a random set-up and after a mutation.
SETUP_PLIES = 24
MUTATION_PLIES = 6
# The smallest positions kept per kind of difference (one is shrunk).
KEPT_PER_KIND = 3
# How many positions are kept for mutation.
RESERVOIR = 400
# The steps of one descent towards a cramped position.
CRAMP_STEPS = 40
# The share of the positions each source should give (see _search).
SHARES = {
    "random games": 0.35,
    "search-agent games": 0.1,
    "random set-ups": 0.25,
    "mutations": 0.3,
}


@dataclass
class _Raw:
    """A difference as first met: the set-up of the walk, the moves since, the rules the
    walk was played under (``"a"``/``"b"``), where it was met and its size."""

    base: dict[str, Any]
    moves: tuple[str, ...]
    primary: str
    source: str
    pieces: int


@dataclass
class _Group:
    kind: Kind
    seen: int = 0
    first: int = 0  # the position (counted from 1) where the kind was first met
    raws: list[_Raw] = field(default_factory=list)


@dataclass(frozen=True)
class Findings:
    """What :func:`find_disagreements` found.

    ``disagreements``: the lessons, the few kinds that differ most from each other, smallest
    first (empty if none was found). ``kinds``: every kind of difference met, with how many
    times (the grouping the lessons were chosen from). ``searched``: how many positions were
    looked at, per source (:data:`SOURCES`); ``skipped`` of them could not be compared (too
    many jump chains to list, or points one board lacks). ``why_none`` says in words, when
    nothing was found, how much was searched and why nothing may have been found.
    ``seconds`` is how long the search and the shrinking took.
    """

    game: str
    option: str | None
    label_a: str
    label_b: str
    rules_a: RuleSet
    rules_b: RuleSet
    disagreements: tuple[Disagreement, ...]
    kinds: tuple[tuple[Kind, int], ...]
    searched: Mapping[str, int]
    skipped: int
    seconds: float
    why_none: str = ""

    @property
    def positions(self) -> int:
        """How many positions were looked at in all."""
        return sum(self.searched.values())

    def __bool__(self) -> bool:
        return bool(self.disagreements)

    def __len__(self) -> int:
        return len(self.disagreements)

    def __getitem__(self, index: int) -> Disagreement:
        return self.disagreements[index]

    def table(self) -> list[dict[str, Any]]:
        """One row per lesson: its kind, move, the rule that decides, its size and how often
        that kind of difference was met."""
        return [
            {
                "kind": d.kind,
                "move": d.move or "(the position)",
                "allowed under": d.label_a
                if d.allowed_by == "a"
                else d.label_b
                if d.allowed_by
                else "",
                "rule": d.rule,
                "pieces": len(d.position),
                "moves before": len(d.line),
                "times met": d.seen,
            }
            for d in self.disagreements
        ]

    def describe(self) -> str:
        """The findings in words: one line per lesson, or why there is none."""
        seconds = decimal(self.seconds)
        head = tr(
            "{game}: {a} against {b}; {count} positions searched in {seconds} s",
            game=title(self.game),
            a=self.label_a,
            b=self.label_b,
            count=grouped(self.positions),
            seconds=seconds,
        )
        if not self.disagreements:
            return f"{head}. {self.why_none}"
        lines = [
            ngettext(
                "{head}; {n} kind of difference met.",
                "{head}; {n} kinds of difference met.",
                len(self.kinds),
                head=head,
            )
        ]
        lines += [f"{i}. {d.describe()}" for i, d in enumerate(self.disagreements, 1)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.describe())


def _rule_sets(
    game: str, opt: Any, a: Any, b: Any, preset: Any, pair: Any, others: Any
) -> tuple[RuleSet, RuleSet, str | None, str, str]:
    """The two rule sets asked for, checked, with the option's name and the two labels."""
    info = game_info(game)
    check_type(others, (Mapping, type(None)), "options")
    extra = dict(others or {})
    for key in extra:
        check_type(key, str, "a key of options")
    if pair is not None:
        if opt is not None or a is not None or b is not None:
            raise ArgumentError(
                "presets", pair, "either presets=(p, q) or an option and two choices, not both"
            )
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise ArgumentError(
                "presets", pair, f"two presets of {info.title}, e.g. ('default', 'ludosofia')"
            )
        for p in pair:
            check_type(p, str, "presets[]")
            if p not in presets(game):
                raise ArgumentError(
                    "presets", p, f"a preset of {info.title}: {', '.join(presets(game))}"
                )
        return (
            rules(game, pair[0], **extra),
            rules(game, pair[1], **extra),
            None,
            pair[0],
            pair[1],
        )
    if opt is None:
        raise ArgumentError("option", opt, "an option (name or id), or presets=(p, q)")
    check_type(opt, str, "option")
    check_type(preset, str, "preset")
    if preset not in presets(game):
        raise ArgumentError(
            "preset", preset, f"a preset of {info.title}: {', '.join(presets(game))}"
        )
    found = option(game, opt)
    values = [c.value for c in found.choices]
    if a is None and b is None:
        if len(values) != 2:
            raise ArgumentError(
                "a", a, f"two choices of {found.name} to compare (it has {len(values)})"
            )
        a, b = values
    if a is None or b is None:
        raise ArgumentError("b" if a is not None else "a", None, f"a choice of {found.name}")
    base = rules(game, preset, **extra)
    try:
        rules_a = base.replace(**{found.name: a})
        rules_b = base.replace(**{found.name: b})
    except ValueError as err:
        raise ArgumentError(
            "a/b", (a, b), f"choices of {found.name}: {shorten(str(err), 200)}"
        ) from None
    label_a, label_b = format_pair(found.name, rules_a[found.name], rules_b[found.name])
    return rules_a, rules_b, found.name, label_a, label_b


class DisagreementFinder:
    """A search for where two rule sets of ``game`` part (see the module's text).

    Give an option (name or id) and two of its choices ``a`` and ``b`` over ``preset`` (an
    option with two choices needs neither; "no value", as for no move limit, is written
    ``"off"``), or ``presets=(p, q)``; ``options`` sets other options over the preset(s).
    ``seed`` makes the search reproducible. :meth:`run` searches and returns
    :class:`Findings`; :meth:`first` returns the first lesson as soon as it is found (what the
    benchmark times).

    >>> finder = DisagreementFinder("pyramid-siege", "towards", seed=2)
    >>> lesson = finder.first(positions=500)
    >>> lesson.kind, lesson.rule
    ('move', 'PS-5')

    Arguments are checked before anything is searched: a :class:`TypeError` or an
    :class:`~siege_nb.ArgumentError` naming the argument.
    """

    def __init__(
        self,
        game: str,
        option: str | None = None,
        a: Any = None,
        b: Any = None,
        *,
        preset: str = "default",
        presets: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        check_type(game, str, "game")
        info = game_info(game)
        self.seed = check_int(seed, "seed")
        self.rules_a, self.rules_b, self.option, self.label_a, self.label_b = _rule_sets(
            game, option, a, b, preset, presets, options
        )
        self.game = game
        self.judge = Judge(self.rules_a, self.rules_b, self.option)
        self._info = info
        self._same = not self.rules_a.diff(self.rules_b)
        start = CATALOGUE[game].start(self.rules_a, {}, 2)
        self._start = start._engine.setup_of(start._state)
        counts: dict[str, int] = {}
        for piece in start.pieces().values():
            counts[piece] = counts.get(piece, 0) + 1
        self._counts = dict(sorted(counts.items()))
        self._special = self._special_points()
        self._reset()

    def _reset(self) -> None:
        self._rng = random.Random(self.seed)
        self._groups: dict[Kind, _Group] = {}
        self._searched = dict.fromkeys(SOURCES, 0)
        self._reservoir: list[tuple[int, dict[str, Any]]] = []
        self._games = 0
        self._setups = 0
        self._calmest = 0
        self.judge.skipped = 0

    def _special_points(self) -> list[str]:
        """The points where the games are decided (the citadel and its gates, the fortress):
        random set-ups gather their pieces near one of them half of the time."""
        board = self.judge.ea.board
        names = board.names
        out = []
        if hasattr(board, "fortress"):
            out = [names[i] for i, f in enumerate(board.fortress) if f]
        elif hasattr(board, "is_circle"):
            out = [names[i] for i in range(len(names)) if board.is_circle(i)]
            out += [names[s] for g in board.gates for s in board.gate_squares[g]]
        return [p for p in out if p in set(self.judge.points)]

    # -- the search -------------------------------------------------------------------------
    def _count(self) -> int:
        return sum(self._searched.values())

    def _note(
        self, found: Found, base: dict[str, Any], moves: list[str], primary: str, source: str
    ) -> None:
        group = self._groups.get(found.kind)
        if group is None:
            group = self._groups[found.kind] = _Group(found.kind, first=self._count())
        group.seen += 1
        size = len(base["position"])
        worst = max((r.pieces, len(r.moves)) for r in group.raws) if group.raws else None
        if len(group.raws) < KEPT_PER_KIND or (worst is not None and (size, len(moves)) < worst):
            group.raws.append(_Raw(base, tuple(moves), primary, source, size))
            group.raws.sort(key=lambda r: (r.pieces, len(r.moves)))
            del group.raws[KEPT_PER_KIND:]

    def _walk(
        self,
        setup: Mapping[str, Any],
        choose: Callable[[Any, Any], list[Move]],
        primary: str,
        source: str,
        plies: int,
        budget: int,
        stop: Callable[[], bool],
    ) -> None:
        """Play from ``setup`` under the ``primary`` rule set, the moves ``choose`` gives,
        comparing every position reached with the other rule set (from the last position
        where both could go on, if the other refuses a move played)."""
        judge = self.judge
        engine = judge.ea if primary == "a" else judge.eb
        try:
            state = engine.initial_state(setup)
        except (ValueError, TypeError):
            return
        base = engine.setup_of(state)
        pair = judge.start(base)
        if pair is None:
            return
        moves: list[str] = []
        calm = 0  # plies since the last capture or huff, for why_none
        for _ in range(plies + 1):
            if pair is not None:
                self._searched[source] += 1
                # Every third position, the results after each move legal under both too (the
                # move played is always checked, below): an apply per move and rule set is
                # most of the search's time.
                for found in judge.differences(*pair, results=self._count() % 3 == 0):
                    if found.kind[0] == "result" and found.kind[3] == "" and moves:
                        continue  # already met as the result of the last move
                    self._note(found, base, moves, primary, source)
                self._keep(engine, state)
            if state.result is not None or self._count() >= budget or stop():
                return
            chosen = choose(state, engine)
            if not chosen:
                return
            for move in chosen:
                played = engine.parse(state, move.text)
                if played is None:
                    return  # the chooser's game and this walk went apart: stop here
                state = engine.apply(state, played)
                calm = 0 if played.captures or played.kind == "huff" else calm + 1
                self._calmest = max(self._calmest, calm)
                nxt = judge.play(pair[0], pair[1], move.text) if pair is not None else None
                if nxt is None:
                    # The other rule set refuses the move (met above) or could not go on:
                    # compare again from the position reached, as a set-up.
                    base = engine.setup_of(state)
                    pair = judge.start(base)
                    moves = []
                elif pair is not None:
                    changed = judge.results_differ(pair[0], nxt[0], nxt[1], move)
                    if changed is not None:
                        self._note(changed, base, moves, primary, source)
                    pair = nxt
                    moves.append(move.text)

    def _keep(self, engine: Any, state: Any) -> None:
        """Keep a position for mutation (all of the first ones, then one in twenty in place of
        a random one), with how many moves its side has."""
        if len(self._reservoir) >= RESERVOIR and self._rng.random() >= 0.05:
            return
        moves = engine.legal_upto(state, MOVE_LIMIT)  # cached for the walk's next choice
        entry = (len(moves) if moves is not None else MOVE_LIMIT, engine.setup_of(state))
        if len(self._reservoir) < RESERVOIR:
            self._reservoir.append(entry)
        else:
            self._reservoir[self._rng.randrange(RESERVOIR)] = entry

    def _random_choice(self, rng: random.Random, calm: int = 0) -> Callable[[Any, Any], list[Move]]:
        """A random mover: any legal move (``calm`` 0), or one that takes nothing when there
        is one (1), or one that also enters nothing and makes no special action (2), or that
        but for one turn in eight, when it may enter (3). Calm
        games run long without a capture, as a rule that counts such moves (a move limit)
        needs to show a difference."""

        def choose(state: Any, engine: Any) -> list[Move]:
            moves = engine.legal_upto(state, 5_000)
            if not moves:
                return []
            if calm:
                entries = calm == 1 or (calm == 3 and rng.random() < 0.125)
                quiet = [
                    m
                    for m in moves
                    if not m.captures
                    and m.kind != "huff"
                    and (entries or m.kind not in ("enter", "demand"))
                ]
                moves = quiet or moves
            return [rng.choice(moves)]

        return choose

    def _random_game(self, budget: int, stop: Callable[[], bool]) -> None:
        primary = "ab"[self._games % 2]
        calm = (self._games // 2) % 4
        self._games += 1
        rng = random.Random(self._rng.getrandbits(64))
        self._walk(
            self._start,
            self._random_choice(rng, calm),
            primary,
            SOURCES[0],
            RANDOM_GAME_PLIES,
            budget,
            stop,
        )

    def _agent_game(self, budget: int, stop: Callable[[], bool]) -> None:
        from siege_nb.ai.agents import MCTSAgent
        from siege_nb.ai.base import TEAMS, _turn

        primary = "ab"[self._games % 2]
        self._games += 1
        rules_p = self.rules_a if primary == "a" else self.rules_b
        game = _game(rules_p, self._start, ())
        agents = {
            team: MCTSAgent(iterations=AGENT_ITERATIONS, seed=self._rng.getrandbits(32))
            for team in TEAMS[self.game]
        }

        def choose(state: Any, engine: Any) -> list[Move]:
            if game.is_over:
                return []
            return _turn(game, agents)

        self._walk(self._start, choose, primary, SOURCES[1], AGENT_GAME_PLIES, budget, stop)

    def _random_position(self, rng: random.Random) -> dict[str, Any] | None:
        points = self.judge.points
        sparse = rng.random() < 0.6
        chosen: list[str] = []
        for piece, n in self._counts.items():
            if sparse:
                k = (1 + (rng.random() < 0.3)) if rng.random() < 0.25 else 0
            else:
                k = rng.randint(0, n)
            chosen += [piece] * min(k, n)
        if not chosen:
            return None
        rng.shuffle(chosen)
        centre = (
            rng.choice(self._special)
            if self._special and rng.random() < 0.5
            else rng.choice(points)
        )
        radius = rng.choice((1.6, 2.5, 4.0, 1e9))
        near = [p for p in points if self.judge.distance(p, centre) <= radius]
        position: dict[str, str] = {}
        for piece in chosen:
            pool = [p for p in near if p not in position] or [
                p for p in points if p not in position
            ]
            if not pool:
                break
            position[rng.choice(pool)] = piece
        return self._with_turn(position, rng)

    def _with_turn(self, position: dict[str, str], rng: random.Random) -> dict[str, Any]:
        setup: dict[str, Any] = {"position": position, "to_move": rng.choice(self.judge.sides)}
        if "next_army" in self._info.setup_keys and setup["to_move"] == self.judge.sides[0]:
            setup["next_army"] = rng.choice(self.judge.sides[1:])
        return setup

    def _random_setup(self, budget: int, stop: Callable[[], bool]) -> None:
        rng = random.Random(self._rng.getrandbits(64))
        for _ in range(8):  # a few tries: pieces on the wrong colour are refused
            setup = self._random_position(rng)
            if setup is not None and self.judge.start(setup) is not None:
                primary = "ab"[rng.random() < 0.5]
                # Every fourth walk goes on as long as a random game: some differences (a move
                # limit's count) need a long line of play.
                self._setups += 1
                long = self._setups % 4 == 0
                plies = RANDOM_GAME_PLIES if long else SETUP_PLIES
                calm = (self._setups // 4) % 4 if long else 0
                self._walk(
                    setup, self._random_choice(rng, calm), primary, SOURCES[2], plies, budget, stop
                )
                return

    def _mutate(self, budget: int, stop: Callable[[], bool]) -> None:
        rng = random.Random(self._rng.getrandbits(64))
        if not self._reservoir:
            self._random_setup(budget, stop)
            return
        # Half the time the most cramped of three kept positions (the fewest moves for its
        # side): rules about a side that cannot move (a blockade, a sortie) bite there.
        if rng.random() < 0.5:
            base = min((rng.choice(self._reservoir) for _ in range(3)), key=lambda e: e[0])[1]
        else:
            base = rng.choice(self._reservoir)[1]
        points = self.judge.points
        for _ in range(4):
            position = dict(base["position"])
            for _ in range(rng.randint(1, 3)):
                roll = rng.random()
                occupied = sorted(position)
                if roll < 0.3 and len(position) > 1:
                    del position[rng.choice(occupied)]
                    continue
                anchor = rng.choice(occupied) if occupied else rng.choice(points)
                free = [
                    p for p in points if p not in position and self.judge.distance(p, anchor) <= 2.3
                ] or [p for p in points if p not in position]
                if not free:
                    continue
                if roll < 0.65 and occupied:
                    position[rng.choice(free)] = position.pop(anchor)
                else:
                    position[rng.choice(free)] = rng.choice(list(self._counts))
            setup = dict(base)
            setup["position"] = position
            if rng.random() < 0.15:
                setup = self._with_turn(position, rng)
            if self.judge.start(setup) is not None:
                primary = "ab"[rng.random() < 0.5]
                self._walk(
                    setup,
                    self._random_choice(rng),
                    primary,
                    SOURCES[3],
                    MUTATION_PLIES,
                    budget,
                    stop,
                )
                return

    def _cramp(self, budget: int, stop: Callable[[], bool]) -> None:
        """A short descent towards a position where the side to move cannot move, or one of
        its pieces cannot: from the most cramped of a few kept positions, pieces of the other
        team are added or moved next to the mover's pieces (or another of the mover's pieces
        taken away) while those moves do not grow. Every position on the way is compared: a
        blockade, a sortie and the like only differ where pieces run out of moves."""
        rng = random.Random(self._rng.getrandbits(64))
        engine = self.judge.ea
        # From a kept position, the most cramped of three, or from a new random set-up.
        fresh = self._random_position(rng) if rng.random() < 0.5 or not self._reservoir else None
        if fresh is not None and self.judge.start(fresh) is not None:
            setup = fresh
        elif self._reservoir:
            _, setup = min((rng.choice(self._reservoir) for _ in range(3)), key=lambda e: e[0])
        else:
            return
        side = setup.get("to_move", self.judge.sides[0])
        team = "attackers" if side in ("white", "black") else side
        mine = sorted(p for p, v in setup["position"].items() if team_of_piece(v) == team)
        theirs = [v for v in self._counts if team_of_piece(v) != team]
        if not mine or not theirs:
            return
        # What is to be cramped: one piece (its moves counted), all the pieces of one type
        # (a garrison soldier, say), or the whole side, a third of the time each.
        roll = rng.random()
        piece = self._least_free(setup, mine, rng) if roll < 1 / 3 else None
        kind = setup["position"][rng.choice(mine)] if roll >= 2 / 3 else None

        def cramped(state: Any) -> int:
            moves = engine.legal_upto(state, MOVE_LIMIT)
            if moves is None:
                return MOVE_LIMIT
            if kind is not None:
                where = engine.pieces(state)
                return sum(1 for m in moves if where.get(m.start or "") == kind)
            return sum(1 for m in moves if piece is None or m.start == piece)

        count = MOVE_LIMIT
        points = self.judge.points
        for _ in range(CRAMP_STEPS):
            if self._count() >= budget or stop():
                return
            position = dict(setup["position"])
            own = sorted(p for p, v in position.items() if team_of_piece(v) == team)
            typed = [p for p in own if position[p] == kind]
            anchor = piece if piece is not None else rng.choice(typed or own)
            # Next to the piece, or one further out (where what guards the pieces next to it
            # stands).
            reach = 1.5 if rng.random() < 0.5 else 2.9
            free = sorted(
                p for p in points if p not in position and self.judge.distance(p, anchor) <= reach
            )
            roll = rng.random()
            spare = [p for p in own if p != piece and (kind is None or position[p] != kind)]
            if kind is not None and rng.random() < 0.3 and len(typed) > 1:
                spare = typed  # fewer pieces of the type to cramp
            if roll < 0.15 and len(own) > 1 and spare:
                del position[rng.choice(spare)]
            elif free:
                target = rng.choice(free)
                others = sorted(p for p, v in position.items() if team_of_piece(v) != team)
                if roll < 0.45 and others:
                    position[target] = position.pop(rng.choice(others))
                else:
                    position[target] = rng.choice(theirs)
            trial = dict(setup)
            trial["position"] = position
            pair = self.judge.start(trial)
            if pair is None:
                continue
            self._searched[SOURCES[3]] += 1
            for found in self.judge.differences(*pair):
                self._note(found, trial, [], "a", SOURCES[3])
            size = cramped(pair[0])
            if size <= count:
                count, setup = size, trial
                self._keep(engine, pair[0])
            if pair[0].result is not None:
                return
            if size == 0:
                # That piece is stuck: go on with another of the side's pieces that can move,
                # until the whole side is stuck.
                moves = engine.legal_upto(pair[0], MOVE_LIMIT) or []
                movers = sorted({m.start for m in moves if m.start is not None})
                if piece is None or not movers:
                    return
                piece, count = rng.choice(movers), MOVE_LIMIT

    def _least_free(self, setup: Mapping[str, Any], mine: list[str], rng: random.Random) -> str:
        """Of the pieces ``mine`` (of the side to move), one with the fewest moves, but some:
        the one nearest to being stuck."""
        pair = self.judge.start(setup)
        moves = self.judge.ea.legal_upto(pair[0], MOVE_LIMIT) if pair is not None else None
        if not moves:
            return rng.choice(mine)
        counts = {p: 0 for p in mine}
        for m in moves:
            if m.start in counts:
                counts[m.start] += 1
        free = [p for p in mine if counts[p] > 0]
        if not free:
            return rng.choice(mine)
        fewest = min(counts[p] for p in free)
        return rng.choice([p for p in free if counts[p] == fewest])

    def _search(self, positions: int, deadline: float | None, stop: Callable[[], bool]) -> None:
        """Look at positions until ``positions`` have been looked at, the deadline passes or
        ``stop()`` says so, each time from the source furthest below its share
        (:data:`SHARES`), so that long random games do not crowd out the rest."""

        def done() -> bool:
            return stop() or (deadline is not None and time.monotonic() > deadline)

        work = {
            SOURCES[0]: self._random_game,
            SOURCES[1]: self._agent_game,
            SOURCES[2]: self._random_setup,
            SOURCES[3]: self._mutations,
        }
        idle = 0
        wasted = dict.fromkeys(SOURCES, 0)
        while self._count() < positions and not done():
            before = self._count()
            # The source with the fewest positions for its share (ties in SOURCES order); a
            # random game first, as the positions of real games are the ones that matter most.
            # A source that gave nothing is charged a few positions, so that another goes next.
            source = min(
                SOURCES,
                key=lambda s: ((self._searched[s] + wasted[s]) / SHARES[s], SOURCES.index(s)),
            )
            work[source](positions, done)
            if self._count() == before:
                wasted[source] += 5
                idle += 1
                if idle > 200:
                    break  # nothing can be looked at (no position stands under both rule sets)
            else:
                idle = 0

    def _mutations(self, budget: int, stop: Callable[[], bool]) -> None:
        for k in range(8):
            if k == 0 and self._rng.random() < 0.5:
                self._cramp(budget, stop)
            else:
                self._mutate(budget, stop)

    # -- from a difference to a lesson ------------------------------------------------------
    def _lesson(self, group: _Group, deadline: float | None) -> Disagreement | None:
        judge = self.judge
        for raw in group.raws:
            engine = judge.ea if raw.primary == "a" else judge.eb
            state = engine.initial_state(raw.base)
            setups = [raw.base]
            for text in raw.moves:
                move = engine.parse(state, text)
                assert move is not None, "a raw difference replays as it was met"
                state = engine.apply(state, move)
                setups.append(engine.setup_of(state))
            start = shortest_line(judge, setups, raw.moves, group.kind)
            if start is None:
                continue
            setup, line, _ = start
            small = shrink(judge, setup, line, group.kind, deadline=deadline)
            return self._disagreement(small.setup, small.line, small.found, group, raw)
        return None

    def _disagreement(
        self, setup: dict[str, Any], line: tuple[str, ...], found: Found, group: _Group, raw: _Raw
    ) -> Disagreement:
        ga = _game(self.rules_a, setup, line)
        gb = _game(self.rules_b, setup, line)
        move = found.move.text if found.move is not None else ""
        kind = found.kind
        verdict_a = verdict_b = None
        result_a = result_b = None
        allowed_by = None
        if kind[0] == "move":
            verdict_a, verdict_b = ga.why(move), gb.why(move)
            allowed_by = "a" if verdict_a.legal else "b"
            refused = verdict_b if allowed_by == "a" else verdict_a
            rule = refused.rule or str(kind[2])
        else:
            if move:
                ga.play(move)
                gb.play(move)
            result_a, result_b = ga.result, gb.result
            ended = result_a or result_b
            rule = ended.rule if ended is not None else ""
        where = f"{raw.source}, {raw.pieces} pieces"
        if raw.moves:
            where += f", {len(raw.moves)} moves in"
        return Disagreement(
            self.game,
            self.option,
            self.label_a,
            self.label_b,
            self.rules_a,
            self.rules_b,
            setup,
            line,
            kind[0],
            move,
            allowed_by,
            verdict_a,
            verdict_b,
            result_a,
            result_b,
            rule,
            kind,
            group.seen,
            where,
            raw.pieces,
        )

    # -- the public calls -------------------------------------------------------------------
    def first(
        self, positions: int = DEFAULT_POSITIONS, seconds: float | None = None
    ) -> Disagreement | None:
        """The first difference the search meets, shrunk to a lesson; ``None`` if none is met
        in ``positions`` positions (or ``seconds``, if given)."""
        check_int(positions, "positions", minimum=1)
        if seconds is not None:
            check_number(seconds, "seconds", above=0.0)
        self._reset()
        deadline = None if seconds is None else time.monotonic() + seconds
        if self._same:
            return None
        self._search(positions, deadline, lambda: bool(self._groups))
        for group in sorted(self._groups.values(), key=lambda g: g.first):
            lesson = self._lesson(group, None)
            if lesson is not None:
                return lesson
        return None

    def run(
        self,
        positions: int = DEFAULT_POSITIONS,
        seconds: float | None = None,
        limit: int = 4,
        patience: int | None = None,
    ) -> Findings:
        """Search up to ``positions`` positions (and ``seconds``, if given), then shrink the
        smallest position of the kinds met and return the ``limit`` lessons that differ most
        from each other, smallest first. ``patience``: stop early once ``limit`` kinds are met
        and this many positions (default a fifth of ``positions``) met no new kind."""
        check_int(positions, "positions", minimum=1)
        check_int(limit, "limit", minimum=1, maximum=50)
        if seconds is not None:
            check_number(seconds, "seconds", above=0.0)
        wait = positions // 5 if patience is None else check_int(patience, "patience", minimum=1)
        self._reset()
        began = time.monotonic()
        deadline = None if seconds is None else began + seconds
        if not self._same:
            last = {"kinds": 0, "at": 0}

            def enough() -> bool:
                if len(self._groups) != last["kinds"]:
                    last["kinds"], last["at"] = len(self._groups), self._count()
                return len(self._groups) >= limit and self._count() - last["at"] >= wait

            self._search(positions, deadline, enough)
        groups = sorted(
            self._groups.values(),
            key=lambda g: (g.raws[0].pieces, len(g.raws[0].moves), -g.seen, str(g.kind)),
        )
        lessons: list[Disagreement] = []
        for group in _spread_out(groups, max(2 * limit, limit + 2)):
            if deadline is not None and time.monotonic() > deadline and lessons:
                break
            lesson = self._lesson(group, deadline)
            if lesson is not None:
                lessons.append(lesson)
        chosen = _most_different(lessons, limit)
        return Findings(
            self.game,
            self.option,
            self.label_a,
            self.label_b,
            self.rules_a,
            self.rules_b,
            tuple(chosen),
            tuple((g.kind, g.seen) for g in sorted(self._groups.values(), key=lambda g: -g.seen)),
            dict(self._searched),
            self.judge.skipped,
            time.monotonic() - began,
            "" if chosen else self._why_none(),
        )

    def _why_none(self) -> str:
        count = self._count()
        if self._same:
            return tr(
                "The two are the same rules (every option has the same choice), so no position "
                "can tell them apart."
            )
        parts = ", ".join(
            tr("{count} from {source}", count=grouped(n), source=tr(s))
            for s, n in self._searched.items()
            if n
        )
        said = [
            tr(
                "No position where they part was found in {count} positions ({where}).",
                count=grouped(count),
                where=parts or tr("none could be set up"),
            )
        ]
        if self._groups:
            said.append(
                tr("Differences were met but none could be shrunk to a lesson in the time given.")
            )
        if not self.judge.same_board:
            said.append(
                tr(
                    "The two choices give boards with different points; only positions on the "
                    "points both boards have were compared."
                )
            )
        if self.judge.skipped:
            said.append(
                ngettext(
                    "{count} position had too many jump chains to compare.",
                    "{count} positions had too many jump chains to compare.",
                    self.judge.skipped,
                    count=grouped(self.judge.skipped),
                )
            )
        diff = self.rules_a.diff(self.rules_b)
        if self.option is not None:
            opt = self.rules_a.option(self.option)
            under = self.rules_a.preset
            others = {k: v for k, v in self.rules_a.overrides.items() if k != self.option}
            if others:
                under = tr(
                    "{preset} with {options}",
                    preset=under,
                    options=", ".join(f"{k}={format_value(v)}" for k, v in others.items()),
                )
            said.append(
                tr(
                    "That does not prove that they never part, but under these rules ({rules}) "
                    "{option} may have nothing left to decide: another option can make two of "
                    "its choices equal in effect (with no move limit nothing is counted; with "
                    "strict capture no huff is ever made).",
                    rules=under,
                    option=opt.heading,
                )
            )
        elif diff:
            said.append(tr("The presets differ on {options}.", options=", ".join(sorted(diff))))
        said.append(
            ngettext(
                "The longest stretch of play searched without a capture was {count} move "
                "(each side's move counting one).",
                "The longest stretch of play searched without a capture was {count} moves "
                "(each side's move counting one).",
                self._calmest,
                count=grouped(self._calmest),
            )
        )
        return " ".join(said)


# How much each part of a kind counts when lessons are chosen to differ: the kind of
# difference, then which side allows the move (or the first result) and the rule, then the
# pieces.
_WEIGHTS = (10, 3, 3, 1, 1, 1)


def _kind_distance(a: Kind, b: Kind) -> int:
    return sum(w for w, x, y in zip(_WEIGHTS, a, b, strict=False) if x != y) + 10 * (
        len(a) != len(b)
    )


def _spread_out(groups: list[_Group], count: int) -> list[_Group]:
    """``count`` of the groups (given smallest first): the smallest, then each the one whose
    kind differs most from those taken, so that shrinking is spent on varied kinds."""
    pool = list(groups)
    out: list[_Group] = []
    while pool and len(out) < count:
        if not out:
            best = pool[0]
        else:
            best = max(pool, key=lambda g: min(_kind_distance(g.kind, o.kind) for o in out))
        out.append(best)
        pool.remove(best)
    return out


def _most_different(lessons: list[Disagreement], limit: int) -> list[Disagreement]:
    """``limit`` lessons, the smallest first and then each the one whose kind differs most
    from those taken (the smaller of two equal ones); returned smallest first."""
    pool = sorted(lessons, key=lambda d: (d.size, str(d.group)))
    chosen: list[Disagreement] = []
    while pool and len(chosen) < limit:
        if not chosen:
            best = pool[0]
        else:
            best = max(
                pool,
                key=lambda d: (
                    min(_kind_distance(d.group, c.group) for c in chosen),
                    -d.size[0],
                    -d.size[1],
                ),
            )
        chosen.append(best)
        pool.remove(best)
    return sorted(chosen, key=lambda d: (d.size, str(d.group)))


def find_disagreements(
    game: str,
    option: str | None = None,
    a: Any = None,
    b: Any = None,
    *,
    preset: str = "default",
    presets: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    positions: int = DEFAULT_POSITIONS,
    seconds: float | None = None,
    limit: int = 4,
    seed: int = 0,
) -> Findings:
    """Where do two readings part? Search positions of ``game`` for ones where ``option``'s
    choices ``a`` and ``b`` (over ``preset``), or two ``presets``, give different answers;
    shrink each kind met to a minimal lesson; return the ``limit`` lessons that differ most,
    smallest first (:class:`Findings`; see the module's text for where positions come from).

    >>> import siege_nb as sn
    >>> found = sn.find_disagreements("pyramid-siege", "capture", positions=600, seed=1)
    >>> found.disagreements[0].rule, found.positions <= 600
    ('PS-3', True)
    >>> sn.find_disagreements("pyramid-siege", "capture", "huff", "huff").why_none
    'The two are the same rules (every option has the same choice), so no position can tell them apart.'

    ``positions`` bounds the search (the same arguments and ``seed`` give the same answer);
    ``seconds`` bounds it in time too (the answer then depends on the machine). Arguments are
    checked first: a :class:`TypeError` or an :class:`~siege_nb.ArgumentError` naming the
    argument.
    """  # noqa: E501
    finder = DisagreementFinder(
        game, option, a, b, preset=preset, presets=presets, options=options, seed=seed
    )
    return finder.run(positions=positions, seconds=seconds, limit=limit)
