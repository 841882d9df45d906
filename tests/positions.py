"""Positions that more than one test file builds (tests/ is on the import path)."""

from __future__ import annotations

# Siege of Paris, the garrison to move: a garrison soldier on k7 beside an unprotected Black
# soldier on j8, so the attackers may demand the capture (capture on demand) first.
PARIS_DEMAND = {
    "k7": "garrison soldier",
    "j8": "black soldier",
    "a2": "white soldier",
    "b1": "white colonel",
    "C4": "garrison general",
}

# Siege of Paris, the rest of a position for tests of the attackers' plan: enough attackers
# outside that placement stays possible (no SP-4 draw, no SP-3 win), and a garrison general
# outside so that the garrison always has a move (no SP-2 blockade).
PARIS_REST = {
    "a2": "white soldier",
    "c2": "white soldier",
    "e2": "white soldier",
    "b1": "white colonel",
    "d14": "black soldier",
    "k8": "garrison general",
}
