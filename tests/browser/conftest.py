"""Fixtures for the browser tests: one JupyterLab server and one Chromium per session.

These tests need Debian's Chromium at /usr/bin/chromium (`.ci/run` installs it) and the
Python package playwright (the "test" extra). Outside CI they are skipped when Chromium is
missing; in CI (CI=true) a missing browser is an error, so they can never be skipped there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .lab import CHROMIUM, SHOTS, chromium, jupyter_server


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI"):
        raise pytest.UsageError(f"{CHROMIUM} is missing: .ci/run should have installed it")
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium)")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def lab() -> Iterator[str]:
    with jupyter_server("lab") as base:
        yield base


@pytest.fixture(scope="session")
def browser_page() -> Iterator[Any]:
    with chromium() as page:
        yield page


@pytest.fixture
def page(browser_page: Any, request: Any) -> Iterator[Any]:
    """The session's page; a failing test leaves a screenshot in tests/browser/screenshots."""
    yield browser_page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SHOTS.mkdir(exist_ok=True)
        browser_page.screenshot(path=str(SHOTS / f"FAILED-{request.node.name}.png"))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
