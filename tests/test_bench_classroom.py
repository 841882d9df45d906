"""The classroom benchmark counts the pages Voilà rendered without their kernel's output, and
shows each page's time to its first board in the order the pages were opened."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_classroom import IOPUB_TIMEOUT, PageRun, by_page, unrendered, warnings  # noqa: E402


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


def test_pages_without_a_board_show_in_their_place() -> None:
    runs = [
        PageRun(0, "siege-of-paris", "play", first_board=12.4),
        PageRun(1, "belagerung", "close"),
    ]
    runs.append(PageRun(2, "pyramid-siege", "reload", first_board=30.6))
    assert by_page(runs) == "12 - 31"


def test_alike_warnings_are_counted_together() -> None:
    log = (
        "[Voila] Kernel started: 4407e10b-6781-42ef-ac2d-9db8fa4a5bf7\n"
        "[Voila] WARNING | Kernel 4407e10b-6781-42ef-ac2d-9db8fa4a5bf7 did not answer in 60 s\n"
        "[Voila] WARNING | Kernel dbdce6c3-5cc8-43a5-9464-258bcab7a248 did not answer in 60 s\n"
        "[Voila] ERROR | Uncaught exception GET /api/kernels\n"
    )
    assert warnings(log) == [
        ("[Voila] WARNING | Kernel # did not answer in # s", 2),
        ("[Voila] ERROR | Uncaught exception GET /api/kernels", 1),
    ]
