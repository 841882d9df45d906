"""The switches the tests and the classroom benchmark give Chromium do what they say.

Chromium reads only the last ``--disable-features`` switch of its command line, and Playwright
passes one of its own before ours: ours must repeat every feature Playwright turns off, or it
would turn them back on. And the address-bar popup that recent Chromium loads as a web page in
each new window (a renderer process started with ``--top-chrome-webui``) must not be loaded:
the classroom benchmark opens a window for each pupil's page, and the popup's half CPU second
for each was the benchmark's own load on the machine, not the app's."""

from __future__ import annotations

from typing import Any

from .lab import CHROMIUM, CHROMIUM_ARGS, OMNIBOX_POPUP_FEATURES, PLAYWRIGHT_DISABLED_FEATURES

PAGES = 3


def _disabled(cmdline: list[str]) -> list[set[str]]:
    """Each ``--disable-features`` switch of ``cmdline``, in order, as a set of features."""
    prefix = "--disable-features="
    return [set(arg[len(prefix) :].split(",")) for arg in cmdline if arg.startswith(prefix)]


def test_disabled_lists_parse() -> None:
    assert _disabled(["x", "--disable-features=A,B", "--disable-features=C"]) == [
        {"A", "B"},
        {"C"},
    ]


def _chromium_processes() -> list[Any]:
    """This test's Chromium processes (Playwright's driver is our child, Chromium its)."""
    import psutil

    found = []
    for proc in psutil.Process().children(recursive=True):
        try:
            cmdline = proc.cmdline()
        except psutil.Error:
            continue
        if cmdline and "chrom" in cmdline[0]:
            found.append(cmdline)
    return found


def test_our_switch_keeps_playwrights_and_drops_the_popup() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for _ in range(PAGES):  # a window each, as the benchmark's pupils
                context = browser.new_context()
                context.new_page().goto("data:text/html,<p>a pupil</p>")
            processes = _chromium_processes()
        finally:
            browser.close()

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
    from playwright.sync_api import sync_playwright

    plain = [a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=plain, headless=True)
        try:
            for _ in range(PAGES):
                context = browser.new_context()
                context.new_page().goto("data:text/html,<p>a pupil</p>")
            processes = _chromium_processes()
        finally:
            browser.close()
    assert [c for c in processes if "--top-chrome-webui" in c]
