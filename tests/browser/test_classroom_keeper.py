"""Nothing lost in the classroom app (Voilà, a real browser): a reloaded page offers the game
back from the browser's storage, and a page whose kernel was killed says so and starts anew."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.serving import pool_settings
from siege_nb.widgets.keeper import STOPPED_AFTER

from .lab import (
    PAGE_KERNEL,
    ROOT,
    SHOTS,
    canvas_in,
    jupyter_server,
    kernel_id,
    kernel_process,
    kernels_of,
    server_process,
    wait_for_pool,
)
from .test_lab import click, wait_text

#: Kernels made ready before the first page, as ``scripts/classroom --pupils 2`` keeps them.
POOL = 2


@pytest.fixture(scope="module", params=[0, POOL], ids=["own kernels", "kernels made ready"])
def voila(request: pytest.FixtureRequest) -> Iterator[str]:
    pool = request.param
    settings = pool_settings(pool) if pool else None
    with jupyter_server("voila", root_dir=ROOT / "notebooks", voila_settings=settings) as base:
        if pool:
            wait_for_pool(server_process(base), pool, timeout=180.0)
        yield base


def page_kernel(page: Any) -> str:
    """The id of the kernel Voilà gave ``page``, from the page's configuration."""
    return str(page.evaluate(PAGE_KERNEL))


def pooled(base: str) -> set[str]:
    """The ids of the kernels the server at ``base`` runs."""
    return {kernel_id(k) for k in kernels_of(server_process(base))} - {None}


def open_app(page: Any, base: str) -> tuple[Any, Any]:
    page.goto(f"{base}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas = canvas_in(body)
    # The first hint, or the offer of a game this browser kept from an earlier test.
    ready = re.compile("Click a piece|This browser kept")
    body.locator(".widget-html-content", has_text=ready).first.wait_for(timeout=60_000)
    return body, canvas


def test_a_reloaded_page_offers_its_game_back(voila: str, page: Any) -> None:
    ready = pooled(voila)
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    page.evaluate("() => window.localStorage.clear()")
    body, canvas = open_app(page, voila)
    # With a pool, the pages take its kernels (the second page takes the last of them, and
    # the reload below finds the pool empty and starts a kernel of its own).
    assert (page_kernel(page) in ready) == bool(ready)
    twin = sn.BoardWidget("siege-of-paris")
    click(canvas, twin, "C0")
    click(canvas, twin, "g5")
    wait_text(body, "Played C0-g5")
    time.sleep(1)  # the record reaches the browser's storage after the picture
    assert "C0-g5" in page.evaluate(
        "() => window.localStorage.getItem('siege_nb.classroom.game') || ''"
    )
    page.reload(timeout=120_000)
    canvas = canvas_in(body)
    wait_text(body, "This browser kept your last game", timeout=60_000)
    button = page.get_by_role("button", name="Restore my game")
    button.wait_for(timeout=15_000)
    page.screenshot(path=str(SHOTS / "classroom-restore-offer.png"))
    button.click()
    wait_text(body, "Restored your game of Siege of Paris at move 1")
    assert "1 move played" in body.inner_text()


def test_a_page_whose_kernel_was_only_slow_gets_its_board_back(voila: str, page: Any) -> None:
    """Under a whole class at once a live kernel's answers have taken longer than
    STOPPED_AFTER: the page says its game stopped, and must take that back when the kernel is
    heard again. The kernel is paused (SIGSTOP) for longer than that, then let go."""
    import signal

    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    page.evaluate("() => window.localStorage.clear()")
    body, canvas = open_app(page, voila)
    mine = page_kernel(page)
    kernel = kernel_process(mine, among=kernels_of(server_process(voila)))
    assert kernel is not None, f"no kernel {mine} among the server's"
    kernel.send_signal(signal.SIGSTOP)
    try:
        stopped = page.locator("[data-siege-stopped]")
        stopped.wait_for(timeout=(STOPPED_AFTER + 20) * 1000)
    finally:
        kernel.send_signal(signal.SIGCONT)
    stopped.wait_for(state="detached", timeout=30_000)
    twin = sn.BoardWidget("siege-of-paris")
    click(canvas, twin, "C0")
    click(canvas, twin, "f5")
    wait_text(body, "Played C0-f5")
    page.evaluate("() => window.localStorage.clear()")


def test_a_page_whose_kernel_died_says_so_and_starts_anew(voila: str, page: Any) -> None:
    body, canvas = open_app(page, voila)
    twin = sn.BoardWidget("siege-of-paris")
    click(canvas, twin, "C0")
    click(canvas, twin, "f5")
    wait_text(body, "Played C0-f5")
    time.sleep(1)
    alive = kernels_of(server_process(voila))
    assert alive, "no kernel found for the page"
    for kernel in alive:
        kernel.kill()
    stopped = page.locator("[data-siege-stopped]")
    stopped.wait_for(timeout=(STOPPED_AFTER + 20) * 1000)
    assert "The game stopped" in stopped.inner_text()
    page.screenshot(path=str(SHOTS / "classroom-kernel-stopped.png"))
    stopped.get_by_role("button", name="New game").click()
    wait_text(body, "This browser kept your last game", timeout=120_000)
    page.get_by_role("button", name="Restore my game").click()
    wait_text(body, "Restored your game of Siege of Paris at move 1")
    assert page.locator("[data-siege-stopped]").count() == 0
    # Leave nothing kept for the next test's pages (they share the browser's storage).
    page.evaluate("() => window.localStorage.clear()")
