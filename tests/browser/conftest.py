"""Fixtures for the browser tests: one JupyterLab server and one Chromium per session.

These tests need Chromium (the one SIEGE_NB_CHROMIUM names, else Debian's /usr/bin/chromium,
else chromium or chromium-browser on PATH: lab.find_chromium) and the Python package playwright
(the "test" extra); `bash scripts/tests`, the README's test command, installs both (Chromium
when run as root). They never skip silently: when either is missing the run stops with an error
that says what to install, unless the reader opts out with SIEGE_NB_BROWSER=skip, and then the
skip and its reason are printed at the end of the run. In CI (CI=true) they always run: a
missing browser, or the opt-out, is an error there.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from .lab import CHROMIUM, SHOTS, chromium, find_chromium, jupyter_server

HERE = Path(__file__).resolve().parent
_SKIPPED = pytest.StashKey[str]()


def browser_check(
    env: Mapping[str, str], has_chromium: bool, has_playwright: bool
) -> tuple[str, str]:
    """What to do with the browser tests: ``("run", "")``, ``("skip", reason)`` or
    ``("error", reason)``.

    >>> browser_check({}, True, True)
    ('run', '')
    >>> browser_check({"CI": "true"}, False, True)[0]
    'error'
    >>> browser_check({"SIEGE_NB_BROWSER": "skip"}, False, True)[0]
    'skip'
    """
    in_ci = env.get("CI", "") not in ("", "false", "0")
    opt_out = env.get("SIEGE_NB_BROWSER") == "skip"
    if env.get("SIEGE_NB_CHROMIUM", "").strip():
        browser = f"the Chromium SIEGE_NB_CHROMIUM names, {find_chromium(env)}"
    else:
        browser = f"{find_chromium(env)} (sudo apt-get install chromium)"
    missing = [
        what
        for what, there in (
            (browser, has_chromium),
            ('the Python package playwright (pip install -e ".[test]")', has_playwright),
        )
        if not there
    ]
    if in_ci and opt_out:
        return "error", "SIEGE_NB_BROWSER=skip is not allowed in CI: the browser tests must run"
    if opt_out:
        because = f"; missing: {', '.join(missing)}" if missing else ""
        return "skip", f"browser tests skipped: SIEGE_NB_BROWSER=skip{because}"
    if not missing:
        return "run", ""
    hint = "" if in_ci else "; or set SIEGE_NB_BROWSER=skip to skip them"
    return "error", f"the browser tests need {' and '.join(missing)}{hint}"


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    ours = [item for item in items if HERE in Path(item.path).resolve().parents]
    if not ours:
        return
    verdict, reason = browser_check(
        os.environ, os.access(CHROMIUM, os.X_OK), importlib.util.find_spec("playwright") is not None
    )
    if verdict == "error":
        raise pytest.UsageError(reason)
    if verdict == "skip":
        config.stash[_SKIPPED] = reason
        for item in ours:
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    # A skip the reader asked for is still said at the end of the run, not only under -rs.
    reason = config.stash.get(_SKIPPED, None)
    if reason:
        terminalreporter.write_sep("=", reason, yellow=True, bold=True)


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


@pytest.fixture
def projector(page: Any) -> Iterator[Any]:
    """The session's page at 1024 x 768, as a classroom projector shows it; restored after."""
    old = page.viewport_size
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        yield page
    finally:
        page.set_viewport_size(old)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
