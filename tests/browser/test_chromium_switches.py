"""The switches the tests and the classroom benchmark give Chromium do what they say.

Chromium reads only the last ``--disable-features`` switch of its command line, and Playwright
passes one of its own before ours: ours must repeat every feature Playwright turns off, or it
would turn them back on. And the address-bar popup that recent Chromium loads as a web page in
each new window (a renderer process started with ``--top-chrome-webui``) must not be loaded:
the classroom benchmark opens a window for each pupil's page, and the popup's half CPU second
for each was the benchmark's own load on the machine, not the app's."""

from __future__ import annotations

import time
from typing import Any

from .lab import (
    CHROMIUM_ARGS,
    OMNIBOX_POPUP_FEATURES,
    PLAYWRIGHT_DISABLED_FEATURES,
    chromium,
    on_a_thread_of_its_own,
)

PAGES = 3
PUPIL = "data:text/html,<p>a pupil</p>"


def _disabled(cmdline: list[str]) -> list[set[str]]:
    """Each ``--disable-features`` switch of ``cmdline``, in order, as a set of features."""
    prefix = "--disable-features="
    return [set(arg[len(prefix) :].split(",")) for arg in cmdline if arg.startswith(prefix)]


def test_disabled_lists_parse() -> None:
    assert _disabled(["x", "--disable-features=A,B", "--disable-features=C"]) == [
        {"A", "B"},
        {"C"},
    ]


def _chromium_processes(since: float) -> list[Any]:
    """The Chromium processes started since ``since`` (a ``time.time()``) among this test's
    descendants (Playwright's driver is our child, Chromium its): the other browser tests'
    Chromium, started earlier in the session, is left out."""
    import psutil

    found = []
    for proc in psutil.Process().children(recursive=True):
        try:
            cmdline, started = proc.cmdline(), proc.create_time()
        except psutil.Error:
            continue
        if cmdline and "chrom" in cmdline[0] and started >= since:
            found.append(cmdline)
    return found


def _open_pages(args: list[str]) -> list[list[str]]:
    """Open PAGES pages, a window each as the benchmark's pupils, in a Chromium started with
    ``args``; return the command lines of its processes while they are open."""

    def run() -> list[list[str]]:
        since = time.time() - 0.5  # process start times are rounded
        with chromium(args=args) as page:
            page.goto(PUPIL)
            for _ in range(PAGES - 1):
                page.context.browser.new_context().new_page().goto(PUPIL)
            return _chromium_processes(since)

    return on_a_thread_of_its_own(run, timeout=120)


def test_our_switch_keeps_playwrights_and_drops_the_popup() -> None:
    processes = _open_pages(CHROMIUM_ARGS)
    main = [c for c in processes if not any(a.startswith("--type=") for a in c)]
    assert len(main) == 1, main
    switches = _disabled(main[0])
    assert len(switches) >= 1
    last = switches[-1]
    assert set(OMNIBOX_POPUP_FEATURES) <= last
    for earlier in switches[:-1]:  # Playwright's own: ours must still name each of them
        assert earlier <= last, sorted(earlier - last)
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= last

    renderers = [c for c in processes if "--type=renderer" in c]
    assert renderers, "the pages had no renderer at all"
    assert not [c for c in renderers if "--top-chrome-webui" in c]


def test_without_our_switch_the_popup_is_loaded() -> None:
    """The check above can fail: with Playwright's switches alone, this Chromium loads the
    popup. (If a later Chromium stops loading it, this test says so, and the switch can go.)"""
    plain = [a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")]
    processes = _open_pages(plain)
    assert [c for c in processes if "--top-chrome-webui" in c]
