"""Write game records with whatever version of siege_nb is importable, for the corpus beside
this file (see README.md here). Run it with an old version of the project first on the path:

    PYTHONPATH=<old checkout> python tests/records/make_records.py <era> <folder>

Each record ``<era>-<name>.json`` is what that version's ``Game.to_json()`` wrote; beside it,
``<era>-<name>.expected.json`` holds where that version's game stood (the pieces, the side to
move, the result), so that a test can check that today's code replays the record to the same
place. Only the public API of the earliest version is used (new_game, legal_moves, play,
undo, to_json, pieces, to_move, result). Games are random but seeded, so the same version
writes the same records.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import siege_nb as sn

# Set-ups that exercise the options added or changed after the first records: a citadel held
# only by invaders (invaders_only_draw, added 2026-11-23), a garrison piece stepping out and
# back in under a short move limit (move_limit_reset, added 2026-11-24), two soldiers safe
# inside with no placement left (soldier_inside_draw, yes/no until 2026-11-28), huffs in Pyramid
# Siege (huff_target, added 2026-11-23).
INVADERS_ONLY = {
    "f5": "white captain",
    "a2": "white soldier",
    "c2": "white soldier",
    "e2": "white soldier",
    "a15": "black soldier",
    "l16": "black general",
    "k10": "garrison general",
    "b8": "garrison soldier",
}
OUT_AND_IN = {
    "C0": "garrison colonel",
    "C4": "garrison general",
    "a2": "white soldier",
    "c2": "white soldier",
    "l1": "white general",
    "a15": "black soldier",
    "l16": "black general",
}
TWO_INSIDE = {
    "C2": "white soldier",
    "f5": "white soldier",
    "a2": "white soldier",
    "l1": "white general",
    "a15": "black general",
    "C4": "garrison general",
    "b3": "garrison soldier",
}

# name: (game, preset, options, position, to_move, plies, undo, policy)
GAMES: dict[str, tuple[str, str, dict[str, Any], Any, Any, int, int, str]] = {
    "paris-default": ("siege-of-paris", "default", {}, None, None, 60, 2, "random"),
    "paris-ludosofia": ("siege-of-paris", "ludosofia", {}, None, None, 50, 1, "random"),
    "paris-escale-a-jeux": ("siege-of-paris", "escale-a-jeux", {}, None, None, 50, 0, "random"),
    "paris-boardandpieces": ("siege-of-paris", "boardandpieces", {}, None, None, 40, 1, "random"),
    "paris-invaders-only": (
        "siege-of-paris", "ludosofia", {}, INVADERS_ONLY, "white", 12, 0, "enter"
    ),
    "paris-out-and-in": (
        "siege-of-paris", "default", {"move_limit": 20}, OUT_AND_IN, "garrison", 40, 0, "gate"
    ),
    "paris-two-inside": (
        "siege-of-paris", "ludosofia", {}, TWO_INSIDE, "garrison", 3, 0, "capture"
    ),
    "belagerung-default": ("belagerung", "default", {}, None, None, 60, 2, "random"),
    "belagerung-royal-garrison": ("belagerung", "royal-garrison", {}, None, None, 40, 1, "huff"),
    "belagerung-boardandpieces-siege": (
        "belagerung", "boardandpieces-siege", {}, None, None, 60, 0, "huff"
    ),
    "pyramid-default": ("pyramid-siege", "default", {}, None, None, 60, 2, "huff"),
    "pyramid-strict": (
        "pyramid-siege", "default", {"capture": "strict"}, None, None, 40, 0, "random"
    ),
}  # fmt: skip


def choose(moves: list[Any], policy: str, rng: random.Random) -> Any:
    """A move of ``moves`` (sorted by text): at random, or preferring huffs, entries into the
    citadel, captures, or a garrison piece stepping through gate C0, as the policy says."""
    texts = sorted(moves, key=str)
    if policy == "huff":
        huffs = [m for m in texts if str(m).startswith("huff")]
        if huffs:
            return huffs[0]
        # A defender that steps while it could jump leaves a huff for the attacker.
        steps = [m for m in texts if "x" not in str(m)]
        if steps and rng.random() < 0.5:
            return rng.choice(steps)
    if policy == "enter":
        entries = [m for m in texts if str(m).split("-")[-1].startswith("C")]
        if entries:
            return entries[0]
    if policy == "capture":
        captures = [m for m in texts if "x" in str(m)]
        entries = [m for m in texts if str(m).split("-")[-1].startswith("C")]
        return (captures or entries or texts)[0]
    if policy == "gate":
        gate = [m for m in texts if str(m) in ("C0-f5", "f5-C0")]
        if gate:
            return gate[0]
        quiet = [m for m in texts if not str(m).split("-")[-1].startswith("C")]
        return rng.choice(quiet or texts)
    return rng.choice(texts)


def write(era: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number, (name, spec) in enumerate(GAMES.items()):
        game, preset, options, position, to_move, plies, undo, policy = spec
        rng = random.Random(number)
        setup: dict[str, Any] = {}
        if position is not None:
            setup = {"position": position, "to_move": to_move}
        g = sn.new_game(game, preset, **setup, **options)
        for _ in range(plies):
            if g.result is not None:
                break
            moves = list(g.legal_moves())
            if not moves:
                break
            g.play(choose(moves, policy, rng))
        for _ in range(undo):
            if g.moves:
                g.undo()
        result = g.result
        expected = {
            "pieces": g.pieces(),
            "to_move": g.to_move,
            "moves": len(g.moves),
            "result": None if result is None else [result.winner, result.rule],
        }
        (folder / f"{era}-{name}.json").write_text(g.to_json() + "\n", encoding="utf-8")
        (folder / f"{era}-{name}.expected.json").write_text(
            json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    write(sys.argv[1], Path(sys.argv[2]))
