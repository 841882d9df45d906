"""Shared test set-up: the reference move generators (``tests/reference_*.py``) import as
top-level modules, whatever pytest's import mode."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
