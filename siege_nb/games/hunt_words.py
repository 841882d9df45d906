"""What the hunt games' verdicts add about where a legal move's rule comes from.

A verdict that rests on a reading or a reconstruction says so in the rule data's own words
(:func:`~siege_nb.rules.clause_basis`): a jump chain that turns (a reconstruction in
Belagerung), lands where it has already taken a piece (a reconstruction), or stops with a jump
left (a reading in Pyramid Siege); an attacker's step under the direction option in force, and
under the escape clause (Pyramid Siege). The hunt engine asks these functions for the words;
the rules stay in the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from siege_nb.i18n import tr
from siege_nb.rules import clause_basis, fixed_rules

__all__ = ["chain_words", "fixed_rule_id", "step_words"]


def fixed_rule_id(game: str, title: str) -> str:
    """The id of the fixed rule of ``game`` with that title (``"Jump chains"`` is ``BL-4``
    in Belagerung, ``PS-4`` in Pyramid Siege), or ``""``."""
    return next((r.id for r in fixed_rules(game).values() if r.title == title), "")


def _unstated(game: str, rule: str, about: str) -> str:
    """``" (Heading: words)"`` for the clause of ``rule`` holding ``about`` when no text
    states it, else ``""`` (a stated clause needs no remark in a verdict)."""
    if not rule:
        return ""
    basis = clause_basis(game, rule, about)
    if basis.basis == "stated":
        return ""
    return basis.words(brief=True)


def chain_words(
    game: str,
    coords: Sequence[tuple[int, int]],
    path: Sequence[int],
    taken: Sequence[int],
    more: bool,
) -> str:
    """What a legal jump chain rests on beyond the stated rules, as sentences (or ``""``).

    ``path`` is the chain's points, its start first; ``taken`` the points of the attackers
    it jumps; ``coords`` the board's lattice coordinates; ``more`` whether it could go on.
    """
    rule = fixed_rule_id(game, "Jump chains")
    notes = []
    turns = any(
        _direction(coords, a, b) != _direction(coords, b, c)
        for a, b, c in zip(path, path[1:], path[2:], strict=False)
    )
    if turns:
        words = _unstated(game, rule, "direction")
        if words:
            notes.append(tr("It turns between jumps ({source}).", source=words))
    emptied = {path[0]}
    for land, over in zip(path[1:], taken, strict=False):
        if land in emptied:
            words = _unstated(game, rule, "removed at once")
            if words:
                notes.append(
                    tr(
                        "It lands where it has already taken a piece or started ({source}).",
                        source=words,
                    )
                )
            break
        emptied.add(over)
    if more:
        words = _unstated(game, rule, "stop after any jump")
        if words:
            notes.append(tr("It stops with a jump left ({source}).", source=words))
    return "".join(f" {n}" for n in notes)


def _direction(coords: Sequence[tuple[int, int]], a: int, b: int) -> tuple[int, int]:
    (xa, ya), (xb, yb) = coords[a], coords[b]
    return ((xb > xa) - (xb < xa), (yb > ya) - (yb < ya))


def step_words(game: str, rules: Any, option: str, escaped: bool) -> str:
    """What an attacker's legal step rests on: the direction option in force and, when the
    step is allowed only by the escape clause, that clause and how it is judged."""
    text = " " + tr("Rule in force: {rule}.", rule=rules.citation(option))
    if escaped:
        rule = fixed_rule_id(game, "Escape clause")
        stated = clause_basis(game, rule, "no other move").words(brief=True)
        judged = clause_basis(game, rule, "together").words(brief=True)
        text += " " + tr(
            "No attacker can step towards the fortress, so the escape clause ({rule}) lets any "
            "attacker step in any direction ({source}; judged over all the attackers together: "
            "{judged}).",
            rule=rule,
            source=stated,
            judged=judged,
        )
    return text
