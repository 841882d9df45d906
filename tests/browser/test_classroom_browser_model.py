"""The classroom benchmark opens its pupils' pages in one Chromium, each page in a browser
context of its own: those pages must not share the browser's six connections to one host (as
tabs of one context do), or the benchmark would measure its own browser and not the server.
Thirty pupils on thirty devices each have their own connections; so must these pages."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

# More pages than Chromium's six HTTP/1.1 connections to one host.
PAGES = 12
# How long the server holds a page that is not yet in company: only a bound on failure.
HOLD = 60.0


@contextmanager
def held(hold: float) -> Iterator[str]:
    """A server whose page says "together" once PAGES requests are open at the same time,
    or "alone" if ``hold`` seconds pass first. Its headers go at once, so that a browser can
    open the page and keep waiting for its text."""
    import tornado.httpserver
    import tornado.netutil
    import tornado.web

    started = threading.Event()
    box: dict[str, Any] = {}

    class Held(tornado.web.RequestHandler):
        async def get(self) -> None:
            box["open"] += 1
            if box["open"] >= PAGES:
                box["all"].set()
            self.set_header("Content-Type", "text/html")
            self.write("<html><body>")
            await self.flush()
            try:
                await asyncio.wait_for(box["all"].wait(), hold)
                self.write("<p>together</p></body></html>")
            except TimeoutError:
                self.write("<p>alone</p></body></html>")

    async def serve() -> None:
        box["all"], box["open"], box["stop"] = asyncio.Event(), 0, asyncio.Event()
        box["loop"] = asyncio.get_running_loop()
        server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/.*", Held)]))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server.add_sockets(sockets)
        box["port"] = sockets[0].getsockname()[1]
        started.set()
        await box["stop"].wait()
        server.stop()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert started.wait(30)
    try:
        yield f"http://127.0.0.1:{box['port']}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(30)


def test_pages_in_contexts_of_their_own_load_at_once(browser_page: Any) -> None:
    browser = browser_page.context.browser
    contexts = [browser.new_context() for _ in range(PAGES)]
    with held(HOLD) as url:
        try:
            pages = [context.new_page() for context in contexts]
            for i, page in enumerate(pages):
                # "commit": the headers have come; the page stays open, waiting for its text.
                page.goto(f"{url}/page?{i}", wait_until="commit", timeout=int(HOLD * 2000))
            said = [page.locator("p").inner_text(timeout=int(HOLD * 2000)) for page in pages]
        finally:
            for context in contexts:
                context.close()
    assert said == ["together"] * PAGES


def test_tabs_of_one_context_share_six_connections(browser_page: Any) -> None:
    # The control, showing that the server above tells a shared pool: tabs of one context
    # share six connections, so the seventh tab cannot even ask for its page until one of
    # the first six has been answered, and those are answered "alone" once their short hold
    # is over, however fast or slow the machine.
    context = browser_page.context.browser.new_context()
    with held(3.0) as url:
        try:
            pages = [context.new_page() for _ in range(PAGES)]
            for i, page in enumerate(pages):
                page.goto(f"{url}/tab?{i}", wait_until="commit", timeout=int(HOLD * 2000))
            said = [page.locator("p").inner_text(timeout=int(HOLD * 2000)) for page in pages]
        finally:
            context.close()
    assert said[:6] == ["alone"] * 6
