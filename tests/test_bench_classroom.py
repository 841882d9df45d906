"""The classroom benchmark counts the pages Voilà rendered without their kernel's output."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_classroom import IOPUB_TIMEOUT, unrendered  # noqa: E402


def test_it_counts_voilas_iopub_timeouts() -> None:
    log = (
        "[Voila] Kernel started: 4407e10b\n"
        "[Voila] WARNING | Timeout waiting for IOPub output\n"
        "[Voila] WARNING | Notebook classroom.ipynb is not trusted\n"
        "[Voila] WARNING | Timeout waiting for IOPub output\n"
    )
    assert unrendered(log) == 2
    assert unrendered("[Voila] Kernel started: 4407e10b\n") == 0


def test_the_words_are_nbclients_own() -> None:
    import inspect

    import nbclient.client

    # If nbclient ever words it differently, the benchmark would silently count none.
    assert IOPUB_TIMEOUT in inspect.getsource(nbclient.client)
