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
