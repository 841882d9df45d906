"""The classroom benchmark counts the pages Voilà rendered without their kernel's output, and
shows each page's time to its first board in the order the pages were opened."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

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


class _Pool:
    """A stand-in for a Voilà server while its pool of kernels starts: ``kernels`` start one
    a check, each spending CPU until it has run the app."""

    def __init__(self, kernels: int) -> None:
        self.target, self.checks = kernels, 0
        self.cpu: dict[int, float] = {}

    def app_cpu(self, server: Any) -> float:
        assert server is self
        self.checks += 1
        for k in range(min(self.checks, self.target)):
            # Busy for three checks after starting, then quiet.
            busy = self.checks - k <= 3
            self.cpu[k] = self.cpu.get(k, 0.0) + (2.0 if busy else 0.01)
        return sum(self.cpu.values())

    def kernels_of(self, server: Any) -> list[int]:
        return list(range(min(self.checks, self.target)))


def _waited(monkeypatch: Any, pool: _Pool, size: int) -> tuple[float, float, int]:
    from tests.browser import lab

    monkeypatch.setattr(lab.time, "sleep", lambda s: None)
    monkeypatch.setattr(lab, "app_cpu", pool.app_cpu)
    monkeypatch.setattr(lab, "kernels_of", pool.kernels_of)
    return lab.wait_for_pool(pool, size)


def test_the_pool_is_ready_once_its_kernels_have_gone_quiet(monkeypatch: Any) -> None:
    full = _Pool(4)
    _, spent, ready = _waited(monkeypatch, full, 4)
    # The last kernel starts at check 4 and is busy until check 6: the pool is ready at 7.
    assert ready == 4 and full.checks == 7
    assert spent == sum(full.cpu.values())
    # A pool short of a kernel that died as it started is taken as ready all the same.
    short = _Pool(3)
    assert _waited(monkeypatch, short, 4)[2] == 3
    assert short.checks == 8  # quiet from check 6: three quiet checks in a row


def test_a_pool_that_never_starts_is_a_timeout(monkeypatch: Any) -> None:
    import pytest

    from tests.browser import lab

    clock = iter(range(0, 10_000, 2))
    monkeypatch.setattr(lab.time, "monotonic", lambda: float(next(clock)))
    monkeypatch.setattr(lab.time, "sleep", lambda s: None)
    monkeypatch.setattr(lab, "app_cpu", lambda server: 0.0)
    monkeypatch.setattr(lab, "kernels_of", lambda server: [])
    with pytest.raises(TimeoutError, match="pool of 4 kernels"):
        lab.wait_for_pool(object(), 4, timeout=60.0)


class _Page:
    """A stand-in for a Playwright page whose configuration names ``kernel``."""

    def __init__(self, kernel: str | None) -> None:
        self.kernel = kernel

    async def evaluate(self, script: str) -> str:
        if self.kernel is None:
            raise RuntimeError("the page has gone")
        return self.kernel


def _run(coroutine: Any) -> Any:
    """Run ``coroutine`` with an event loop of its own, on a thread of its own."""
    from tests.browser.lab import on_a_thread_of_its_own

    return on_a_thread_of_its_own(lambda: asyncio.run(coroutine))


def test_a_failed_page_says_whether_its_kernel_runs() -> None:
    import subprocess

    from bench_classroom import kernel_state

    kernel = "0f0e0d0c-1111-2222-3333-444455556666"
    # A process whose command line names the kernel's connection file, as a kernel's does.
    idle = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)", f"kernel-{kernel}.json"]
    )
    try:
        said = _run(kernel_state(_Page(kernel), seconds=0.5))
        assert said.startswith("its kernel 0f0e0d0c runs, idle"), said
    finally:
        idle.kill()
        idle.wait()
    assert _run(kernel_state(_Page(kernel), seconds=0.5)) == "its kernel 0f0e0d0c is gone"
    assert _run(kernel_state(_Page(None))) == "its kernel not known"


def test_a_kernel_is_found_by_its_id_among_the_given_processes() -> None:
    import subprocess

    import psutil

    from tests.browser.lab import kernel_id, kernel_process

    kernel = "0a0b0c0d-1111-2222-3333-444455556666"
    fake = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)", f"--f=/tmp/kernel-{kernel}.json"]
    )
    try:
        proc = psutil.Process(fake.pid)
        assert kernel_id(proc) == kernel
        assert kernel_id(psutil.Process()) is None  # this test's own process runs no kernel
        assert kernel_process(kernel, among=[psutil.Process(), proc]).pid == fake.pid
        assert kernel_process(kernel, among=[psutil.Process()]) is None
        assert kernel_process(kernel).pid == fake.pid  # among every process
    finally:
        fake.kill()
        fake.wait()
    assert kernel_id(proc) is None  # ended
    assert kernel_process(kernel) is None


class _Shown:
    """A stand-in for a Playwright page that answers the benchmark's question with ``seen``."""

    def __init__(self, seen: dict[str, Any] | None) -> None:
        self.seen = seen

    async def evaluate(self, script: str) -> dict[str, Any]:
        if self.seen is None:
            raise RuntimeError("the page has gone")
        return self.seen


def test_a_failed_page_says_whether_its_board_was_drawn_and_sized() -> None:
    from bench_classroom import what_shows

    seen = {"widgets": 56, "canvases": 1, "stopped": False, "image": None}
    assert _run(what_shows(_Shown(seen))) == "56 widgets, 1 board canvases"
    seen |= {
        "image": "620x540",
        "drawn": False,
        "space": '{"width":700}',
        "applied": "none",
    }
    assert _run(what_shows(_Shown(seen))) == (
        "56 widgets, 1 board canvases; the first board 620x540, blank, room reported "
        '{"width":700}, sized for none'
    )
    seen |= {"stopped": True, "drawn": True}
    assert "board canvases, 'The game stopped'; the first board 620x540, drawn" in _run(
        what_shows(_Shown(seen))
    )
    assert _run(what_shows(_Shown(None))) == "nothing that could be read: RuntimeError"


def test_the_machines_own_cpu_and_the_hosts_steal_are_told_apart() -> None:
    from collections import namedtuple

    from bench_classroom import machine_cpu

    times = namedtuple("times", "user nice system idle iowait irq softirq steal guest guest_nice")
    before = times(100, 5, 20, 1000, 3, 0, 1, 50, 10, 0)
    after = times(160, 5, 30, 1040, 4, 0, 2, 62, 25, 0)
    # Busy: user 60 + system 10 + softirq 1 (guest is inside user); steal 12; idle not counted.
    assert machine_cpu(before, after) == (71, 12)


def test_the_speed_gauge_times_real_work() -> None:
    from bench_classroom import gauge_seconds

    once = gauge_seconds(rounds=1)
    assert 0.001 < once < 30.0
