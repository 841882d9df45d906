"""The board as text, for a reader who cannot see it: what a screen reader reads out.

Everything here comes from the engine (:meth:`~siege_nb.Game.pieces`, the status, the moves
and their verdicts), never from a drawing, so the text says what the rules say. Three
functions, each giving plain sentences in the language in force:

* :func:`describe_position`: the whole position: the game, whose turn, the last move, and
  every piece by side and kind with its points;
* :func:`describe_point`: one point: what stands there, whose it is, and where it may go;
* :func:`describe_change`: what a move changed: who played it, which piece went where, what
  it took, and whose turn it is now.

:meth:`siege_nb.Game.describe` calls the first two; the board widgets put the third in a
live region after every move, so that a screen reader announces it.

>>> import siege_nb as sn
>>> g = sn.new_game("pyramid-siege")
>>> print(describe_point(g, "r3c0"))
r3c0: an attacker. The defender is to move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from siege_nb.errors import ArgumentError, check_type
from siege_nb.games.base import Game, Move, result_words
from siege_nb.i18n import N_, ngettext, tr
from siege_nb.rules import title as game_title

__all__ = [
    "SIDE_NAMES",
    "capital",
    "describe_change",
    "describe_pieces",
    "describe_point",
    "describe_position",
    "pieces_words",
    "side_name",
    "side_of",
]

# Sides as a sentence names them (marked for the catalogue, translated where said).
SIDE_NAMES = {
    "garrison": N_("the garrison"),
    "white": N_("White"),
    "black": N_("Black"),
    "attacker": N_("the attacker"),
    "defender": N_("the defender"),
}

# Counted pieces, one entry per piece name: singular and plural are both in the catalogue.
_COUNTED: dict[str, Callable[[int], str]] = {
    "garrison general": lambda n: ngettext("{n} garrison general", "{n} garrison generals", n),
    "garrison colonel": lambda n: ngettext("{n} garrison colonel", "{n} garrison colonels", n),
    "garrison soldier": lambda n: ngettext("{n} garrison soldier", "{n} garrison soldiers", n),
    "white general": lambda n: ngettext("{n} white general", "{n} white generals", n),
    "white colonel": lambda n: ngettext("{n} white colonel", "{n} white colonels", n),
    "white captain": lambda n: ngettext("{n} white captain", "{n} white captains", n),
    "white lieutenant": lambda n: ngettext("{n} white lieutenant", "{n} white lieutenants", n),
    "white soldier": lambda n: ngettext("{n} white soldier", "{n} white soldiers", n),
    "black general": lambda n: ngettext("{n} black general", "{n} black generals", n),
    "black colonel": lambda n: ngettext("{n} black colonel", "{n} black colonels", n),
    "black captain": lambda n: ngettext("{n} black captain", "{n} black captains", n),
    "black lieutenant": lambda n: ngettext("{n} black lieutenant", "{n} black lieutenants", n),
    "black soldier": lambda n: ngettext("{n} black soldier", "{n} black soldiers", n),
    "attacker": lambda n: ngettext("{n} attacker", "{n} attackers", n),
    "defender": lambda n: ngettext("{n} defender", "{n} defenders", n),
}

# One piece, with its article: what stands on a point.
_ONE: dict[str, str] = {
    "garrison general": N_("a garrison general"),
    "garrison colonel": N_("a garrison colonel"),
    "garrison soldier": N_("a garrison soldier"),
    "white general": N_("a white general"),
    "white colonel": N_("a white colonel"),
    "white captain": N_("a white captain"),
    "white lieutenant": N_("a white lieutenant"),
    "white soldier": N_("a white soldier"),
    "black general": N_("a black general"),
    "black colonel": N_("a black colonel"),
    "black captain": N_("a black captain"),
    "black lieutenant": N_("a black lieutenant"),
    "black soldier": N_("a black soldier"),
    "attacker": N_("an attacker"),
    "defender": N_("a defender"),
}


def side_name(side: str) -> str:
    """``"white"`` -> ``"White"``, ``"garrison"`` -> ``"the garrison"``, in the language in
    force."""
    return tr(SIDE_NAMES[side]) if side in SIDE_NAMES else side


def pieces_words(piece: str, n: int) -> str:
    """``n`` pieces of one kind, in words: ``"2 black soldiers"``, in the language in force
    (a piece of a game added later, without an entry here, is counted as ``"2 × name"``)."""
    counted = _COUNTED.get(piece)
    return counted(n) if counted is not None else f"{n} × {tr(piece)}"


def _one(piece: str) -> str:
    return tr(_ONE[piece]) if piece in _ONE else tr(piece)


def capital(text: str) -> str:
    """``text`` with its first letter a capital."""
    return text[:1].upper() + text[1:]


def side_of(piece: str) -> str:
    """The side a piece belongs to: its name's first word (``"white soldier"`` -> ``"white"``;
    the hunt games' pieces are named by their side)."""
    return piece.split()[0]


def _in_order(points: Sequence[str], order: Sequence[str]) -> str:
    """``points`` as a list in words, in ``order`` (the board's)."""
    at = {name: i for i, name in enumerate(order)}
    return ", ".join(sorted(points, key=lambda p: at.get(p, len(at))))


def _turn(game: Game) -> str:
    result = game.result
    if result is not None:
        return tr(
            "The game is over: {who} ({reason}).",
            who=result_words(result.winner),
            reason=result.reason,
        )
    status = game.status()
    if status.then:
        text = tr(
            "{side} is to move, then {next}.",
            side=side_name(game.to_move),
            next=side_name(status.then),
        )
    else:
        text = tr("{side} is to move.", side=side_name(game.to_move))
    # Capitals after the translation: a language may put the side's name anywhere.
    text = capital(text)
    if status.demanded:
        text += " " + tr("A capture has been demanded.")
    return text


def describe_position(game: Game) -> str:
    """The whole position in sentences: the game, whose turn, the last move, and every piece
    of every side by kind with its points (in the board's order).

    >>> import siege_nb as sn
    >>> print(describe_position(sn.new_game("pyramid-siege")))  # doctest: +ELLIPSIS
    Pyramid Siege. No move played yet. The defender is to move.
    The attacker: 27 attackers on r1c0, r1c1, r2c0, ...
    The defender: 3 defenders on r4c1, r4c3, r6c3.
    """
    check_type(game, Game, "game")
    last = game.last_move
    if last is None:
        played = tr("No move played yet.")
    else:
        played = ngettext(
            "Last move: {move} ({n} move played).",
            "Last move: {move} ({n} moves played).",
            game.ply,
            move=last.text,
        )
    lines = [f"{game_title(game.game)}. {played} {_turn(game)}"]
    lines += describe_pieces(game.pieces(), game.board.names, game.sides)
    return "\n".join(lines)


def describe_pieces(
    pieces: Mapping[str, str], order: Sequence[str], sides: Sequence[str] = ()
) -> list[str]:
    """A sentence per side: its pieces by kind with their points, the points in ``order``
    (the board's). ``pieces`` maps a point to a piece's name (:meth:`~siege_nb.Game.pieces`);
    a piece's side is the first word of its name. Each of ``sides`` without a piece gets a
    sentence saying so.

    >>> describe_pieces({"b2": "white soldier", "a1": "white soldier"}, ["a1", "b2"])
    ['White: 2 white soldiers on a1, b2.']
    """
    by_side: dict[str, dict[str, list[str]]] = {side: {} for side in sides}
    for point, piece in pieces.items():
        by_side.setdefault(side_of(piece), {}).setdefault(piece, []).append(point)
    lines = []
    for side, kinds in by_side.items():
        if not kinds:
            lines.append(capital(tr("{side}: no pieces left.", side=side_name(side))))
            continue
        groups = [
            tr(
                "{pieces} on {points}",
                pieces=pieces_words(kind, len(pts)),
                points=_in_order(pts, order),
            )
            for kind, pts in kinds.items()
        ]
        lines.append(
            capital(tr("{side}: {groups}.", side=side_name(side), groups="; ".join(groups)))
        )
    return lines


def describe_point(game: Game, point: str) -> str:
    """One point in sentences: what stands on it, and, for a piece of the
    side to move, where it may go (from :meth:`~siege_nb.Game.entry`, so a jump chain's
    first landing is named) or that it cannot move now. A name that is no point of the
    board is an :class:`~siege_nb.ArgumentError`.

    >>> import siege_nb as sn
    >>> print(describe_point(sn.new_game("siege-of-paris"), "C0"))
    C0: a garrison colonel. It may go to f5, g5.
    """
    check_type(game, Game, "game")
    check_type(point, str, "point")
    names = game.board.names
    if point not in names:
        raise ArgumentError("point", point, f"a point of the board (such as {names[0]})")
    piece = game.pieces().get(point)
    if piece is None:
        return tr("{point}: empty.", point=point)
    side = side_of(piece)
    # A piece's name says its side ("a white soldier", "an attacker").
    text = tr("{point}: {piece}.", point=point, piece=_one(piece))
    if game.result is not None or side != game.to_move:
        return f"{text} {_turn(game)}"
    entry = game.entry((point,))
    if entry.next:
        return f"{text} " + tr(
            "It may go to {points}.", points=_in_order(entry.next, game.board.names)
        )
    return f"{text} " + tr("It cannot move now.")


def describe_change(before: Mapping[str, str], game: Game, move: Move | None) -> str:
    """What ``move`` changed, from the pieces ``before`` it (:meth:`~siege_nb.Game.pieces`)
    to ``game`` after it: who played it, which piece went where, what it took, and whose turn
    it is now. With ``move=None`` (a move taken back, a game loaded), only the new turn and
    the last move are said.

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris")
    >>> before = g.pieces()
    >>> print(describe_change(before, g, g.play("C0-f5")))
    The garrison played C0-f5: a garrison colonel from C0 to f5. White is to move.
    """
    check_type(game, Game, "game")
    if move is None:
        last = game.last_move
        said = tr("Last move: {move}.", move=last.text) if last else tr("No move played yet.")
        return f"{said} {_turn(game)}"
    piece = before.get(move.start or "", "")
    who = side_name(side_of(piece)) if piece else ""
    if move.start is None or move.kind == "huff" or not piece:
        said = tr("{move} was played.", move=move.text)
    else:
        said = capital(
            tr(
                "{side} played {move}: {piece} from {start} to {end}.",
                side=who,
                move=move.text,
                piece=_one(piece),
                start=move.start,
                end=move.end,
            )
        )
    after = game.pieces()
    taken = [p for p in before if p not in after and p != move.start]
    if taken:
        kinds: dict[str, list[str]] = {}
        for p in taken:
            kinds.setdefault(before[p], []).append(p)
        said += " " + tr(
            "Taken: {pieces}.",
            pieces="; ".join(
                tr(
                    "{pieces} on {points}",
                    pieces=pieces_words(k, len(v)),
                    points=_in_order(v, game.board.names),
                )
                for k, v in kinds.items()
            ),
        )
    return f"{said} {_turn(game)}"
