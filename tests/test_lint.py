"""The code stays ruff clean and mypy clean: the test command checks both, so CI does too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--output-format",
            "concise",
            "siege_nb",
            "tests",
            "benchmarks",
            "docs",
            "conftest.py",
            "notebooks/refresh_outputs.py",
            "notebooks/translate.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_finds_nothing() -> None:
    # The settings (files, untyped third-party packages) are in pyproject.toml.
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
