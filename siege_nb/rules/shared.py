"""Rule records that several games share: the move limit, and fixed rules the two hunt games
have in common."""

from __future__ import annotations

from siege_nb.rules.model import (
    Attribution,
    Choice,
    Clause,
    FixedRule,
    Option,
    reading,
    reconstruction,
)

__all__ = ["fixed_rule", "huffing", "move_limit_option", "removed_at_once"]


def move_limit_option(reset: str) -> Option:
    """The project's move limit: a draw after N moves without ``reset`` (not historical). A
    move here is one side's move (a ply): a pupil counts moves, not turns of both sides."""
    because = "no text has a move limit; it ends games that could otherwise go on for ever"
    return Option(
        "move_limit",
        "move_limit",
        f"After how many moves (each side's move counting one) without {reset} is the game drawn?",
        (
            Choice(
                200,
                "Drawn after 200 such moves.",
                reconstruction(because),
                title="200 moves",
            ),
            Choice(None, "No limit.", reconstruction("the texts have none"), title="none"),
        ),
        200,
        int_range=(1, 100_000),
        reconstruction=True,
        note="Not historical: no text has a move limit.",
        title="Move limit",
    )


def fixed_rule(rule_id: str, title: str, summary: str, *clauses: Clause) -> FixedRule:
    """A :class:`FixedRule` from its clauses (each with its attribution)."""
    return FixedRule(rule_id, summary, clauses, title)


def huffing(stated_by: Attribution) -> FixedRule:
    """How huffing works, when the capture option says 'huff': the removal is stated by the
    texts in ``stated_by``; the details are the project's reading."""
    return fixed_rule(
        "huffing",
        "Huffing",
        "A defender that passed up a capture may be removed by the attacker before his move.",
        Clause(
            "When a defender could capture and made another move instead, the attacker may "
            "remove a defender before his own move; the removal is not his move.",
            stated_by,
        ),
        Clause(
            "At most one huff per turn; after it the attacker still moves; the chance lapses "
            "once he has moved; a chain stopped early is not huffed.",
            reading("the texts do not settle these details"),
        ),
    )


def removed_at_once() -> Clause:
    """The hunt games' reading of a chain: a jumped attacker leaves the board at once."""
    return Clause(
        "A jumped attacker is removed at once, so it cannot be jumped twice, and a chain may "
        "land on a point it emptied earlier (its start included).",
        reconstruction("the texts do not say when jumped pieces leave the board"),
    )
