"""A whole class at once: the classroom app under N pupils' pages (reported, never asserted).

Run ``python benchmarks/bench_classroom.py`` (``--pages 30 --over 60``). It serves the app
as ``bash scripts/classroom`` does (Voilà, the project's voila.json, the culling time
shortened to ``--cull`` seconds so that culling can be seen), then opens ``--pages`` pages in
one headless Chromium (Debian's), each in a browser context of its own (a pupil of its own,
with its own storage), their starts spread evenly over ``--over`` seconds. Each page waits
for its board, chooses a game (the three in turn), and plays three moves by clicking a piece
and then where it goes. A share of the pages (``--close``) closes abruptly after the first
move, as a tab closed or a network lost; another share (``--reload``) reloads after the
second move, restores its game with *Restore my game* and plays the third.

It prints, with the machine's details and load:

* time to the page loaded per page (Voilà has run the notebook and sent the page, and its
  scripts have loaded), and time to first board: from asking for the page to a board drawn,
  fitted and saying "Click a piece" (median, p95, max), and each page's in the order opened;
* click-to-pixels latency under load: from the browser's mousedown to the next picture drawn
  on the board's image canvas (median, p95), each click of every page;
* failed pages (an error or a timeout, with the step) and blank pages (no board in 180 s),
  and how many pages Voilà rendered without their kernel's output (its "Timeout waiting for
  IOPub output" warnings: such a page stays blank);
* kernels alive before and after culling, memory per kernel and in total (RSS of the server
  and its kernels, sampled every second: peak and after culling), and CPU.

Server, kernels and browser share the machine's cores: the browser's own work is part of
what a pupil waits for on this machine, not on theirs. One browser does not limit how many
pages load at once, as thirty pupils' devices would not: Chromium's six connections to one
host are per browser context, and each page has a context of its own
(``tests/browser/test_classroom_browser_model.py`` checks it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_browser import ARM, INSTRUMENT  # noqa: E402
from bench_browser import RESULT as DRAWN  # noqa: E402
from bench_engines import machine  # noqa: E402

import siege_nb as sn  # noqa: E402
from siege_nb.rules import GAMES, title  # noqa: E402
from siege_nb.serving import REFILL_SECONDS, pool_settings  # noqa: E402
from siege_nb.widgets.keeper import BUSY_BEATS  # noqa: E402
from tests.browser.lab import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    FITTED,
    PAGE_KERNEL,
    SHOWS_SOMETHING,
    jupyter_server,
    kernel_process,
    kernels_of,
    server_log,
    server_process,
    wait_for_pool,
)

GAME_TITLES = {g: title(g) for g in GAMES}
#: The app's notebook, as Voilà names it in the served folder.
APP = "classroom.ipynb"
# How often a waiting page checks what it waits for, in milliseconds. Playwright's default
# checks on every animation frame, which keeps each waiting page drawing sixty frames a
# second (and SHOWS_SOMETHING reads the whole canvas back each time): with thirty pages
# waiting at once that was the benchmark's own load on the machine, not a pupil's device's.
# Click latency is unaffected: it is read from the browser's own timestamps (DRAWN).
POLL_MS = 100
PLAIN_STEP = re.compile(r"^([A-Za-z0-9]+)-([A-Za-z0-9]+)$")
# What Voilà (nbclient) logs when it stops waiting for a cell's output and renders the page
# without it: for the classroom app, a page without its board.
IOPUB_TIMEOUT = "Timeout waiting for IOPub output"


def unrendered(log: str) -> int:
    """How many times the server's ``log`` says a cell's output was not waited for."""
    return log.count(IOPUB_TIMEOUT)


@dataclass
class PageRun:
    """What one pupil's page did."""

    index: int
    game: str
    plan: str  # "play", "close" or "reload"
    served: float | None = None  # the page loaded: Voilà had run the notebook and sent it
    first_board: float | None = None
    clicks: list[float] = field(default_factory=list)
    moves: int = 0
    failed: str = ""
    blank: bool = False
    errors: list[str] = field(default_factory=list)  # the page's console errors


def three_steps(game: str) -> list[tuple[str, str, str]]:
    """Three plain steps (piece, destination, move text) from the start of ``game``: the
    first plain step in each position, both sides in turn."""
    g = sn.new_game(game)
    steps = []
    while len(steps) < 3:
        move = next(m for m in g.legal_moves() if PLAIN_STEP.match(m.text))
        start, end = PLAIN_STEP.match(move.text).groups()  # type: ignore[union-attr]
        steps.append((start, end, move.text))
        g.play(move)
    return steps


class Twins:
    """Headless boards of each game, to place clicks where the browser draws the points."""

    def __init__(self) -> None:
        self.boards = {g: sn.BoardWidget(g) for g in GAMES}

    def fraction(self, game: str, node: str) -> tuple[float, float]:
        return self.boards[game].view.fraction_of(node)


async def board_canvas(page: Any, timeout: float = 180_000) -> tuple[Any, Any]:
    """The board's mouse canvas and image canvas, once drawn and fitted."""
    div = page.locator(".jupyter-matplotlib-canvas-div").first
    await div.wait_for(timeout=timeout)
    image = div.locator("canvas").first
    await page.wait_for_function(
        SHOWS_SOMETHING, arg=await image.element_handle(), timeout=timeout, polling=POLL_MS
    )
    await page.wait_for_function(
        FITTED, arg=await div.element_handle(), timeout=timeout, polling=POLL_MS
    )
    last = None
    for _ in range(50):  # the box settles once the figure has its final size
        box = await div.bounding_box()
        if box is not None and box == last:
            break
        last = box
        await page.wait_for_timeout(300)
    return div.locator("canvas").nth(1), image


async def wait_words(page: Any, text: str, timeout: float = 60_000) -> None:
    await page.locator(".widget-html-content", has_text=text).first.wait_for(timeout=timeout)


async def timed_click(page: Any, top: Any, image: Any, fx: float, fy: float) -> float:
    box = await top.bounding_box()
    await page.evaluate(ARM, await top.element_handle())
    await page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
    await page.wait_for_function(
        DRAWN, arg=await image.element_handle(), timeout=60_000, polling=POLL_MS
    )
    return float(await page.evaluate(DRAWN, await image.element_handle()))


async def pupil(
    browser: Any, url: str, run: PageRun, delay: float, twins: Twins, viewport: dict[str, int]
) -> None:
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport=viewport)
    page = await context.new_page()
    page.on(
        "console",
        lambda msg: run.errors.append(msg.text[:160]) if msg.type == "error" else None,
    )
    step = "opening the page"
    try:
        await page.add_init_script(f"({INSTRUMENT})()")
        t0 = time.perf_counter()
        await page.goto(url, timeout=180_000)
        run.served = time.perf_counter() - t0
        try:
            top, image = await board_canvas(page)
            await wait_words(page, "Click a piece", timeout=180_000)
        except Exception:
            run.blank = True
            step = f"opening the page (it showed {await what_shows(page)})"
            raise
        run.first_board = time.perf_counter() - t0
        step = "choosing the game"
        if run.game != GAMES[0]:
            await page.locator("select").first.select_option(label=GAME_TITLES[run.game])
            await wait_words(page, f"New game: {GAME_TITLES[run.game]}", timeout=120_000)
            top, image = await board_canvas(page)
        steps = three_steps(run.game)
        for i, (start, end, text) in enumerate(steps):
            step = f"move {i + 1} ({text})"
            if run.plan == "reload" and i == 2:
                await page.reload(timeout=180_000)
                top, image = await board_canvas(page)
                await page.get_by_role("button", name="Restore my game").click(timeout=120_000)
                await wait_words(page, "Restored your game", timeout=120_000)
                top, image = await board_canvas(page)
            run.clicks.append(await timed_click(page, top, image, *twins.fraction(run.game, start)))
            run.clicks.append(await timed_click(page, top, image, *twins.fraction(run.game, end)))
            await wait_words(page, f"Played {text}", timeout=60_000)
            run.moves += 1
            if run.plan == "close" and i == 0:
                break
    except Exception as err:  # every failure is counted and said, never hidden
        run.failed = f"{step}: {type(err).__name__}: {str(err).splitlines()[0][:120]}"
        if not run.blank:
            # The kernel's side of a page that stopped answering: gone, busy or idle.
            run.failed += f" (it showed {await what_shows(page)}; {await kernel_state(page)})"
    finally:
        if run.plan == "close" or run.failed:
            await context.close()
        else:
            run.context = context  # type: ignore[attr-defined]  # closed at the end


class Sampler:
    """Memory and CPU of the Voilà server and its kernels, sampled every second."""

    def __init__(self, base: str) -> None:
        self.server = server_process(base)
        self.samples: list[tuple[float, int, int, list[int]]] = []  # t, server, total, kernels
        self.cpu: list[float] = []
        # CPU seconds by process, last seen: the app's side (server and kernels) and the
        # browser's, so that a run says where the machine's time went.
        self.app_cpu: dict[int, float] = {}
        # What the app had spent before the pages came (a pool's kernels made ready).
        self.app_base: dict[int, float] = {}
        self.browser_cpu: dict[int, float] = {}
        self.started = time.time()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def kernels(self) -> list[psutil.Process]:
        return kernels_of(self.server)

    def count_cpu(self) -> None:
        """Note the CPU seconds of the server, its kernels and the browser so far."""
        with contextlib.suppress(psutil.Error):
            times = self.server.cpu_times()
            self.app_cpu[self.server.pid] = times.user + times.system
        for proc in self.server.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                times = proc.cpu_times()
                self.app_cpu[proc.pid] = times.user + times.system
        for proc in psutil.process_iter(["name", "create_time"]):
            if "chrom" in (proc.info["name"] or "") and proc.info["create_time"] >= self.started:
                with contextlib.suppress(psutil.Error):
                    times = proc.cpu_times()
                    self.browser_cpu[proc.pid] = times.user + times.system

    def measure(self) -> tuple[int, int, list[int]]:
        self.count_cpu()
        rss = []
        for kernel in self.kernels():
            with contextlib.suppress(psutil.Error):
                rss.append(kernel.memory_info().rss)
        server = self.server.memory_info().rss
        return server, server + sum(rss), rss

    def _run(self) -> None:
        psutil.cpu_percent()
        while not self._stop.wait(1.0):
            try:
                server, total, rss = self.measure()
            except psutil.Error:  # the server itself is stopping
                continue
            self.samples.append((time.monotonic(), server, total, rss))
            self.cpu.append(psutil.cpu_percent())

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def gauge_seconds(rounds: int = 5) -> float:
    """Seconds a fixed piece of pure-Python work takes on this machine now (median of
    ``rounds``): a yardstick to compare runs made at different times on a shared host."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        total = 0
        for i in range(2_000_000):
            total += i * i % 7
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def machine_cpu(before: Any, after: Any) -> tuple[float, float]:
    """The CPU seconds every core of the machine was busy between two ``psutil.cpu_times()``
    readings, and the seconds a virtual machine's host took from it meanwhile ("steal": time
    this machine was ready to run but its host ran something else). A run slowed by another
    tenant of a shared host shows it there, not in the app's or the browser's figures."""
    spent = {name: getattr(after, name) - getattr(before, name) for name in after._fields}
    # Guest time is counted inside user time already; steal is time not run at all.
    not_busy = ("idle", "iowait", "steal", "guest", "guest_nice")
    busy = sum(value for name, value in spent.items() if name not in not_busy)
    return busy, spent.get("steal", 0.0)


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return (
        f"median {statistics.median(values):.2f}, p95 {p95:.2f}, max {values[-1]:.2f} "
        f"({len(values)})"
    )


# What a page without its board shows, counted in the browser: the widgets drawn so far,
# the board's canvas, and the app's own message for a kernel that no longer answers.
SHOWN = """() => {
    const div = document.querySelector('.jupyter-matplotlib-canvas-div');
    const image = div && div.querySelector('canvas');
    const drawn = image && image.width && image.height ? (SHOWS_SOMETHING)(image) : null;
    const probe = document.querySelector('[data-siege-probe]');
    return {
        widgets: document.querySelectorAll('.jupyter-widgets').length,
        canvases: document.querySelectorAll('.jupyter-matplotlib-canvas-div').length,
        stopped: document.body.innerText.includes('The game stopped'),
        image: image ? `${image.width}x${image.height}` : null,
        drawn,
        space: probe ? probe.dataset.siegeSpace || 'none' : null,
        applied: probe ? probe.dataset.siegeApplied || 'none' : null,
    };
}""".replace("SHOWS_SOMETHING", SHOWS_SOMETHING)  # the browser tests' own test of a drawn board


async def what_shows(page: Any) -> str:
    """Say what a page without its board shows, so that a blank page's failure says whether
    the widgets never came, the board never drew, or the page said its game had stopped."""
    try:
        seen = await page.evaluate(SHOWN)
    except Exception as err:  # a page that cannot even be asked is said as such
        return f"nothing that could be read: {type(err).__name__}"
    stopped = ", 'The game stopped'" if seen["stopped"] else ""
    said = f"{seen['widgets']} widgets, {seen['canvases']} board canvases{stopped}"
    if seen["image"] is not None:
        # Drawn or blank, and whether the kernel sized it for the room the page reported: the
        # two things a board waits for before it counts as shown.
        said += f"; the first board {seen['image']}, {'drawn' if seen['drawn'] else 'blank'}"
        said += f", room reported {seen['space']}, sized for {seen['applied']}"
    return said


async def kernel_state(page: Any, seconds: float = 3.0) -> str:
    """Say whether the kernel Voilà gave ``page`` still runs, and whether it is busy: the CPU
    it spends over ``seconds``."""
    try:
        kernel = await page.evaluate(PAGE_KERNEL)
    except Exception:
        kernel = None
    if not kernel:
        return "its kernel not known"
    proc = kernel_process(kernel)
    if proc is not None:
        with contextlib.suppress(psutil.Error):
            before = sum(proc.cpu_times()[:2])
            await asyncio.sleep(seconds)
            spent = sum(proc.cpu_times()[:2]) - before
            busy = "busy" if spent > seconds / 4 else "idle"
            return f"its kernel {kernel[:8]} runs, {busy}: {spent:.1f} CPU s in {seconds:g} s"
    return f"its kernel {kernel[:8]} is gone"


def warnings(log: str) -> list[tuple[str, int]]:
    """The server log's warning and error lines, ids and numbers blanked so that alike lines
    are counted together, most frequent first."""
    counts: dict[str, int] = {}
    for line in log.splitlines():
        if "WARNING" in line or "ERROR" in line:
            key = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}|\d+", "#", line.strip())[:150]
            counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items(), key=lambda item: -item[1])


def by_page(runs: list[PageRun]) -> str:
    """Each page's time to its first board in the order the pages were opened, ``-`` for a
    page without one: pages that fail together show as a block."""
    return " ".join("-" if r.first_board is None else f"{r.first_board:.0f}" for r in runs)


async def run(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    twins = Twins()
    plans = []
    n_close = round(args.pages * args.close)
    n_reload = round(args.pages * args.reload)
    for i in range(args.pages):
        # Spread the abrupt closes and reloads over the class, not all at its end.
        k = i % 10
        if k < round(10 * args.close) and n_close > 0:
            plans.append("close")
            n_close -= 1
        elif k >= 10 - round(10 * args.reload) and n_reload > 0:
            plans.append("reload")
            n_reload -= 1
        else:
            plans.append("play")
    runs = [PageRun(i, GAMES[i % len(GAMES)], plans[i]) for i in range(args.pages)]
    cull = [
        f"--MappingKernelManager.cull_idle_timeout={args.cull}",
        f"--MappingKernelManager.cull_interval={max(5, args.cull // 6)}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]
    settings = pool_settings(args.pool, APP, args.refill) if args.pool else None
    with jupyter_server(
        "voila", root_dir=ROOT / "notebooks", args=cull, voila_settings=settings
    ) as base:
        url = f"{base}/voila/render/{APP}"
        sampler = Sampler(base)
        warmed = wait_for_pool(sampler.server, args.pool) if args.pool else None
        # What the app spent before the pages (the pool made ready) is not theirs.
        sampler.count_cpu()
        sampler.app_base = dict(sampler.app_cpu)
        load_before = os.getloadavg()
        gauge = gauge_seconds()
        sampler.start()
        machine_before = psutil.cpu_times()
        t0 = time.monotonic()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            viewport = {"width": args.width, "height": args.height}
            gap = args.over / max(1, args.pages - 1) if args.pages > 1 else 0
            await asyncio.gather(
                *(pupil(browser, url, r, i * gap, twins, viewport) for i, r in enumerate(runs))
            )
            played = time.monotonic() - t0
            machine_during = machine_cpu(machine_before, psutil.cpu_times())
            sampler.count_cpu()
            # The CPU the pages' own work took; what comes after (idle kernels, the pool's
            # refills, culling) is counted apart.
            during = dict(sampler.app_cpu), sum(sampler.browser_cpu.values())
            peak = max(sampler.samples, key=lambda s: s[2]) if sampler.samples else None
            alive = {k.pid for k in sampler.kernels()}
            before = len(alive)
            load_during = os.getloadavg()
            for r in runs:  # the pupils leave: every page closes
                context = getattr(r, "context", None)
                if context is not None:
                    await context.close()
            await browser.close()
        # Kernels whose page is gone are culled once idle for --cull seconds; a kernel's
        # heartbeat thread goes on for BUSY_BEATS seconds after its page was last heard.
        deadline = time.monotonic() + BUSY_BEATS + args.cull + 3 * max(5, args.cull // 6) + 30
        left = time.monotonic()
        # Each page asked (a reload asks again) took the pool's oldest kernel; those the class
        # left in the pool, and the pool's refills, wait for the next pupils and are never
        # culled: the wait is for the others.
        asked = len(runs) + plans.count("reload")
        spare = max(0, args.pool - asked)
        while (
            len(alive & {k.pid for k in sampler.kernels()}) > spare and time.monotonic() < deadline
        ):
            await asyncio.sleep(2)
        culled = time.monotonic() - left
        now_alive = {k.pid for k in sampler.kernels()}
        after, waiting = len(now_alive), len(now_alive - alive) + spare
        server_after, total_after, _ = sampler.measure()
        sampler.stop()
        log_text = server_log(sampler.server).read_text(errors="replace")
        skipped = unrendered(log_text)
    print(f"machine: {machine()}")
    print(
        f"load average before {load_before[0]:.2f}, at the end of the pages "
        f"{load_during[0]:.2f}; CPU busy (all cores, sampled each second): "
        f"{spread(sampler.cpu)} %"
    )
    print(
        f"{args.pages} pages started over {args.over:.0f} s at {args.width}x{args.height} "
        f"(plans: {plans.count('play')} play, {plans.count('close')} close after a move, "
        f"{plans.count('reload')} reload and restore); all done in {played:.0f} s"
    )
    if warmed is not None:
        print(
            f"before the pages: a pool of {args.pool} kernels ({warmed[2]} started), each "
            f"having run the app, ready in {warmed[0]:.0f} s ({warmed[1]:.0f} CPU seconds, not "
            "counted below); the pool "
            f"is refilled {args.refill:g} s after each page takes a kernel"
        )
    spent = {pid: cpu - sampler.app_base.get(pid, 0.0) for pid, cpu in during[0].items()}
    app, server_cpu = sum(spent.values()), spent.get(sampler.server.pid, 0.0)
    shown = during[1]
    print(
        f"CPU seconds while the pages ran: the app {app:.0f} s, {app / len(runs):.1f} s a page "
        f"(the Voila server {server_cpu:.0f} s, its kernels {app - server_cpu:.0f} s); the "
        f"browser {shown:.0f} s, {shown / len(runs):.1f} s a page (the machine has "
        f"{os.cpu_count()} cores)"
    )
    busy, stolen = machine_during
    print(
        f"the machine's speed just before the pages: a fixed task of pure Python took "
        f"{gauge:.2f} s (median of 5; higher is slower: on a shared host the same run can "
        "find the machine slower or faster; thirty pages within a minute on two cores queued "
        "in most runs at any speed, see docs/classroom-load.md)"
    )
    print(
        f"the whole machine while the pages ran: {busy:.0f} CPU seconds busy, of which "
        f"{max(0.0, busy - app - shown):.0f} s neither the app's nor the browser's; "
        f"{stolen:.0f} s taken by the host from this virtual machine (steal)"
    )
    later = sum(sampler.app_cpu.values()) - sum(during[0].values())
    print(f"CPU seconds of the app after the pages (idle kernels, refills, culling): {later:.0f} s")
    firsts = [r.first_board for r in runs if r.first_board is not None]
    clicks = [c / 1000 for r in runs for c in r.clicks]
    served = [r.served for r in runs if r.served is not None]
    print(f"time to the page loaded (sent by Voila, scripts loaded) (s): {spread(served)}")
    print(f"time to first board (s): {spread(firsts)}")
    print(f"  page by page, in the order opened: {by_page(runs)}")
    print(f"click to pixels under load (s): {spread(clicks)}")
    failed = [r for r in runs if r.failed]
    blank = [r for r in runs if r.blank]
    print(f"pages: {len(runs)}, blank {len(blank)}, failed {len(failed)}")
    print(f"pages rendered without their kernel's output ('{IOPUB_TIMEOUT}'): {skipped}")
    for r in failed:
        print(f"  page {r.index} ({r.game}, {r.plan}): {r.failed}")
        for error in sorted(set(r.errors))[:3]:
            print(f"    its console said: {error}")
    print("the server's warnings and errors, by how often they came:")
    for line, count in warnings(log_text)[:8]:
        print(f"  {count:4} x {line}")
    moves = sum(r.moves for r in runs)
    print(f"moves played by clicking: {moves}")
    if peak is not None:
        _, server, total, rss = peak
        mib = 2**20
        per = [x / mib for x in rss]
        print(
            f"memory at the peak: {total / mib:.0f} MiB in all (server {server / mib:.0f} MiB, "
            f"{len(rss)} kernels: per kernel {spread(per)} MiB)"
        )
        print(
            f"kernels alive when the pages were done: {before}; after culling "
            f"(idle {args.cull} s, after {culled:.0f} s): {after}"
            + (f" ({waiting} waiting in the pool)" if args.pool else "")
            + "; memory then "
            f"{total_after / mib:.0f} MiB (server {server_after / mib:.0f} MiB)"
        )


STARTUP = """
import resource, time
import siege_nb
from siege_nb.widgets.classroom import Classroom
room = Classroom()
print(time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def startup(rounds: int, baseline: str | None) -> None:
    """What a classroom kernel spends before its first board: CPU seconds and peak memory of
    importing siege_nb and building the app, in fresh processes, this tree and (if given)
    another checkout of the project, alternately."""
    import subprocess

    trees = {"this tree": str(ROOT)}
    if baseline:
        trees["baseline"] = str(Path(baseline).resolve())
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            env = {**os.environ, "PYTHONPATH": tree}
            out = subprocess.run(
                [sys.executable, "-c", STARTUP],
                env=env,
                cwd=tree,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            seen[name].append((float(out[-2]), int(out[-1]) / 1024))
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.2f}")
    for name, runs in seen.items():
        cpu = statistics.median(c for c, _ in runs)
        mem = statistics.median(m for _, m in runs)
        print(
            f"{name:10} ({trees[name]}): CPU {cpu:.2f} s (min {min(c for c, _ in runs):.2f}, "
            f"max {max(c for c, _ in runs):.2f}), peak memory {mem:.0f} MiB, {rounds} runs"
        )
    if baseline:
        base = statistics.median(c for c, _ in seen["baseline"])
        this = statistics.median(c for c, _ in seen["this tree"])
        print(f"CPU before the first board, this tree / baseline: {this / base:.2f}")


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and run the class."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30, help="pupils' pages (30)")
    parser.add_argument("--over", type=float, default=60.0, help="seconds to open them in (60)")
    parser.add_argument("--close", type=float, default=0.2, help="share closed abruptly (0.2)")
    parser.add_argument("--reload", type=float, default=0.1, help="share reloaded (0.1)")
    # Longer than a page may take to connect to its kernel (up to the 180 s a blank page is
    # given): a kernel that has run the notebook is idle, with no page connected yet, and a
    # shorter time culled kernels of pages still loading (the app's own is 600 s).
    parser.add_argument("--cull", type=int, default=240, help="idle seconds before culling (240)")
    parser.add_argument(
        "--pool",
        type=int,
        default=0,
        help="kernels started and run before the pages come, as scripts/classroom --pupils "
        "keeps them (0: none)",
    )
    parser.add_argument(
        "--refill",
        type=float,
        default=REFILL_SECONDS,
        help="with --pool: seconds after a page takes a kernel before another is started "
        f"({REFILL_SECONDS:g}, as scripts/classroom)",
    )
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument(
        "--startup",
        type=int,
        default=0,
        metavar="ROUNDS",
        help="instead of a class: time a kernel's work before its first board, ROUNDS runs",
    )
    parser.add_argument(
        "--baseline", help="with --startup: another checkout of the project, run alternately"
    )
    args = parser.parse_args(argv)
    # A stopped run still stops its server and browser (the cleanup runs on SIGINT).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.startup:
        startup(args.startup, args.baseline)
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
