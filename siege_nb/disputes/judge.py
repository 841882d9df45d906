"""Two rule sets side by side: one position judged under both, and what differs.

A :class:`Judge` holds one engine per rule set and answers, for a set-up and the moves played
from it, whether the two rule sets part there and how: a move that one allows and the other
refuses, or the same move (or the set-up itself) ending the game differently. Every answer
carries a **kind** (:data:`Kind`), the key by which the finder groups what it finds and which
shrinking keeps: the reading that allows the move, the rule that refuses it and the types of
the pieces involved, or the two results.

States are the engines' own frozen states; an engine judges any state of its game, as
:meth:`siege_nb.Game.why` does for the other readings. The set-up is validated under both rule
sets (an option that changes the board may put a point on one board only).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from siege_nb.games.base import Move, Result
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.rules import RuleSet

__all__ = ["Found", "Judge", "Kind", "move_identity", "piece_type", "team_of_piece"]

Kind = tuple[Any, ...]
"""What kind of disagreement: ``("move", allowed_by, rule, mover, move_kind, taken)`` for a
move one side allows (``allowed_by`` is ``"a"`` or ``"b"``) and the other refuses by ``rule``;
``("result", (winner_a, rule_a), (winner_b, rule_b), mover)`` for a move (``mover`` the type
of the piece that moves, ``""`` for the set-up itself) after which the two results differ."""

# The most moves a position may have to be compared: only built positions of the hunt games'
# jump chains have more, and listing those takes seconds (they are skipped, and counted).
MOVE_LIMIT = 5_000


def piece_type(piece: str) -> str:
    """A piece's type for grouping: the attacking armies' colours are merged
    (``"black soldier"`` and ``"white soldier"`` are both ``"attacking soldier"``)."""
    for army in ("white ", "black "):
        if piece.startswith(army):
            return "attacking " + piece[len(army) :]
    return piece


def team_of_piece(piece: str) -> str:
    """The team a piece belongs to: ``"garrison"`` or ``"attackers"`` (White and Black) in
    the Siege of Paris, ``"attacker"`` or ``"defender"`` in the hunt games."""
    side = piece.split(" ", 1)[0]
    return "attackers" if side in ("white", "black") else side


def move_identity(move: Move) -> Any:
    """A move's identity: a jump chain by its outcome (where it ends, what it takes), since
    two engines may list one outcome along different paths; anything else by its text."""
    if move.kind == "jump":
        return ("jump", move.start, move.end, tuple(sorted(move.captures)))
    return move.text


def _result_key(result: Result | None) -> tuple[str | None, str] | None:
    return None if result is None else (result.winner, result.rule)


@dataclass(frozen=True)
class Found:
    """One difference at a position: its :data:`Kind` and the move it is about (``None`` for a
    set-up whose results differ before any move)."""

    kind: Kind
    move: Move | None


class Judge:
    """The engines of two rule sets of one game, comparing positions.

    ``option`` is the option the two rule sets differ on (``None`` for two presets): a move
    that the refusing engine calls a plain movement error is then said to be refused by it.
    """

    def __init__(self, rules_a: RuleSet, rules_b: RuleSet, option: str | None = None) -> None:
        info = CATALOGUE[rules_a.game]
        self.game = rules_a.game
        self.rules = (rules_a, rules_b)
        self.option = option
        self.ea = info.start(rules_a, {}, 2)._engine
        self.eb = info.start(rules_b, {}, 2)._engine
        names_a, names_b = self.ea.board.names, self.eb.board.names
        self.same_board = names_a == names_b
        common = set(names_a) & set(names_b)
        # Points on both boards, in the first board's order; their drawing places (the two
        # boards of one game share a frame, so distances mean the same on both).
        self.points: tuple[str, ...] = tuple(n for n in names_a if n in common)
        # Drawing places of every point of either board (a move refused by one rule set may
        # go to a point only the other board has).
        self.xy: dict[str, tuple[float, float]] = {}
        for board in (self.eb.board, self.ea.board):
            self.xy.update({n: board.xy[i] for i, n in enumerate(board.names)})
        self.sides: tuple[str, ...] = tuple(self.ea.sides)
        self.teams = set(info.teams)
        self.skipped = 0  # positions that could not be compared (too many moves, one board)

    # -- positions --------------------------------------------------------------------------
    def start(self, setup: Mapping[str, Any]) -> tuple[Any, Any] | None:
        """The set-up's first state under each rule set, or ``None`` if either refuses it or
        a team has no piece in it (a game with one team only teaches nothing: a garrison
        "blockaded" with no piece on the board, say)."""
        position = setup.get("position")
        if position is not None and {team_of_piece(p) for p in position.values()} != self.teams:
            return None
        try:
            return self.ea.initial_state(setup), self.eb.initial_state(setup)
        except (ValueError, TypeError):
            return None

    def play(self, sa: Any, sb: Any, text: str) -> tuple[Any, Any] | None:
        """Both states after the move ``text``, or ``None`` unless it is legal under both."""
        ma = self.ea.parse(sa, text)
        if ma is None:
            return None
        mb = self.eb.parse(sb, text)
        if mb is None:
            return None
        return self.ea.apply(sa, ma), self.eb.apply(sb, mb)

    def replay(self, setup: Mapping[str, Any], line: Sequence[str]) -> tuple[Any, Any] | None:
        """Both states after ``line`` from ``setup``, or ``None`` if a step fails on either."""
        states = self.start(setup)
        for text in line:
            if states is None:
                return None
            states = self.play(states[0], states[1], text)
        return states

    # -- what differs -----------------------------------------------------------------------
    def moves(self, engine: Any, state: Any) -> list[Move] | None:
        moves: list[Move] | None = engine.legal_upto(state, MOVE_LIMIT)
        return moves

    def differences(self, sa: Any, sb: Any, results: bool = True) -> list[Found]:
        """Every difference at these states (the same position under each rule set): results
        that differ already, moves one side refuses, and (``results``) moves legal under both
        after which the results differ. Sorted, so that a search is reproducible."""
        ra, rb = _result_key(sa.result), _result_key(sb.result)
        if ra != rb:
            return [Found(("result", ra, rb, ""), None)]
        if sa.result is not None:
            return []
        la, lb = self.moves(self.ea, sa), self.moves(self.eb, sb)
        if la is None or lb is None:
            self.skipped += 1
            return []
        by_a = {move_identity(m): m for m in la}
        by_b = {move_identity(m): m for m in lb}
        found: list[Found] = []
        for mine, theirs, refuser, rstate, side in (
            (by_a, by_b, self.eb, sb, "a"),
            (by_b, by_a, self.ea, sa, "b"),
        ):
            for key in sorted((k for k in mine if k not in theirs), key=str):
                move = mine[key]
                if refuser.parse(rstate, move.text) is not None:
                    continue  # the same chain, listed along another path
                found.append(Found(self.move_kind(sa, sb, move, side), move))
        if results:
            pieces = None
            for key in sorted((k for k in by_a if k in by_b), key=str):
                move = by_a[key]
                after_a = self.ea.apply(sa, move)
                after_b = self.eb.apply(sb, by_b[key])
                ka, kb = _result_key(after_a.result), _result_key(after_b.result)
                if ka != kb:
                    if pieces is None:
                        pieces = self.ea.pieces(sa)
                    mover = piece_type(pieces.get(move.start or "", ""))
                    found.append(Found(("result", ka, kb, mover), move))
        return found

    def results_differ(self, before: Any, sa: Any, sb: Any, move: Move) -> Found | None:
        """The difference made by ``move`` (played from ``before``, the first rule set's
        state) if the results it leads to, ``sa`` and ``sb``, differ."""
        ka, kb = _result_key(sa.result), _result_key(sb.result)
        if ka == kb:
            return None
        mover = piece_type(self.ea.pieces(before).get(move.start or "", ""))
        return Found(("result", ka, kb, mover), move)

    def move_kind(self, sa: Any, sb: Any, move: Move, allowed_by: str) -> Kind:
        """The kind of a move that ``allowed_by`` (``"a"`` or ``"b"``) allows and the other
        refuses: the refusing rule, and the types of the moving and the taken pieces."""
        refuser, state = (self.eb, sb) if allowed_by == "a" else (self.ea, sa)
        _, _, rule = refuser.explain(state, move.text)
        if rule in (None, "movement", "notation") and self.option is not None:
            rule = self.option  # refused only because of the option's choice
        pieces = self.ea.pieces(sa)
        mover = piece_type(pieces.get(move.start or "", ""))
        taken = tuple(sorted(piece_type(pieces.get(p, "")) for p in move.captures))
        return ("move", allowed_by, rule or "movement", mover, move.kind, taken)

    def holds(self, setup: Mapping[str, Any], line: Sequence[str], kind: Kind) -> Found | None:
        """A difference of ``kind`` after ``line`` from ``setup`` (the set-up legal under both
        rule sets and every move of the line legal under both), or ``None``."""
        states = self.replay(setup, line)
        if states is None:
            return None
        sa, sb = states
        if kind[0] == "result" and kind[3] == "":
            ra, rb = _result_key(sa.result), _result_key(sb.result)
            return Found(kind, None) if (ra, rb) == (kind[1], kind[2]) else None
        for found in self.differences(sa, sb, results=kind[0] == "result"):
            if found.kind == kind:
                return found
        return None

    # -- geometry ---------------------------------------------------------------------------
    def distance(self, p: str, q: str) -> float:
        (x1, y1), (x2, y2) = self.xy[p], self.xy[q]
        return math.hypot(x1 - x2, y1 - y2)

    def spread(self, point: str, others: Iterable[str]) -> float:
        """The sum of the distances from ``point`` to ``others`` (drawing units)."""
        return sum(self.distance(point, q) for q in others)
