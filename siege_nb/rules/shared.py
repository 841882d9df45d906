"""Rule records that several games share (the move limit, the hunt games' fixed rules)."""

from __future__ import annotations

from siege_nb.rules.model import Choice, FixedRule, Option

__all__ = ["hunt_fixed_rules", "move_limit_option"]


def move_limit_option(reset: str) -> Option:
    """The project's move limit: a draw after N plies without ``reset`` (not historical)."""
    return Option(
        "move_limit",
        "move_limit",
        f"After how many plies without {reset} is the game drawn?",
        (
            Choice(
                200,
                "Drawn after 200 such plies: a project rule to end endless games, not historical.",
            ),
            Choice(None, "No limit (no source has one)."),
        ),
        200,
        int_range=(1, 100_000),
        reconstruction=True,
        note="Not historical: no source has a move limit.",
    )


def hunt_fixed_rules(
    *,
    multi_jump: tuple[str, tuple[str, ...]],
    defenders_win: tuple[str, str, tuple[str, ...]],
    attackers_win: tuple[str, str, tuple[str, ...]],
    no_move: tuple[str, str],
    first: str,
    first_sources: tuple[str, ...],
) -> dict[str, FixedRule]:
    """The fixed rules every hunt game has, under that game's ids and sources."""
    rules = (
        FixedRule(
            multi_jump[0],
            "A defender may jump several attackers in one move, changing direction between "
            "jumps and stopping after any jump; a jumped attacker is removed at once.",
            multi_jump[1],
        ),
        FixedRule(*defenders_win),
        FixedRule(*attackers_win),
        FixedRule(no_move[0], no_move[1]),
        FixedRule("turn-order", first, first_sources),
        FixedRule(
            "movement",
            "A piece steps along a line to a neighbouring empty point; only defenders jump, "
            "over one attacker in a straight line to the empty point beyond.",
            first_sources,
        ),
    )
    return {r.id: r for r in rules}
