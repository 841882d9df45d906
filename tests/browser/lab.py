"""A JupyterLab server of our own and a headless Chromium, for tests and benchmarks.

Why it works this way is written down in ``docs/browser-testing.md``: Debian's Chromium (never
``playwright install``), network-quiet flags, isolated Jupyter directories, the news toast
disabled, and a careful "Run All" that waits for a connected, idle kernel and retries if nothing
started.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

from siege_nb.serving import CONNECTION_CLASS

DEBIAN_CHROMIUM = "/usr/bin/chromium"


def find_chromium(env: Mapping[str, str] = os.environ) -> str:
    """The Chromium the tests drive: ``SIEGE_NB_CHROMIUM`` if set (a path, or a name looked up
    on ``PATH``), else Debian's ``/usr/bin/chromium``, else ``chromium`` or
    ``chromium-browser`` on ``PATH``. When none is there, the path asked for (or Debian's) is
    returned all the same, so that the browser tests stop with an error naming it.

    >>> find_chromium({"SIEGE_NB_CHROMIUM": "/opt/no/such/chromium"})
    '/opt/no/such/chromium'
    """
    asked = env.get("SIEGE_NB_CHROMIUM", "").strip()
    if asked:
        return shutil.which(asked) or asked
    if os.access(DEBIAN_CHROMIUM, os.X_OK):
        return DEBIAN_CHROMIUM
    return shutil.which("chromium") or shutil.which("chromium-browser") or DEBIAN_CHROMIUM


CHROMIUM = find_chromium()
#: The features Playwright turns off itself, with its own ``--disable-features`` switch.
#: Chromium reads only the last ``--disable-features`` on its command line, so a switch of ours
#: must name these again (``test_chromium_switches`` checks that it still names them all).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
#: Chromium's address-bar popup, which recent versions build as a web page of their own and
#: load, in a renderer process of its own, for every new browser window, before anyone types.
#: Playwright opens a window for each browser context, so each pupil's page of the classroom
#: benchmark cost the browser half a CPU second more for a popup no one opens (Chromium 156,
#: the classroom app alone, 15 pages each way, interleaved: 2.62 CPU seconds a page with it,
#: 2.14 without). A pupil's own browser pays it once, not once a page.
OMNIBOX_POPUP_FEATURES = (
    "WebUIOmniboxPopup",
    "WebUIOmniboxFullPopup",
    "WebUIOmniboxAimPopup",
    "PreloadTopChromeWebUI",
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + OMNIBOX_POPUP_FEATURES),
]
TOKEN = "siege-nb-browser-tests"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).resolve().parent / "screenshots"


_T = TypeVar("_T")


def on_a_thread_of_its_own(call: Callable[[], _T], timeout: float = 60.0) -> _T:
    """``call()`` run on a new thread; its result returned, its error raised here.

    For ``asyncio.run`` and Playwright's sync API in a test: in the test session another
    test's event loop (Playwright's) may still be set on, or running on, the main thread,
    and neither will start where a loop runs."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(call).result(timeout=timeout)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop_server(proc: subprocess.Popen[Any]) -> None:
    """Stop a server started in a session of its own (``start_new_session=True``) and every
    process it started: SIGTERM to the group, SIGKILL if it has not ended within 15 s."""
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=15)


def wait_until_up(url: str, timeout: float) -> None:
    """Return once ``url`` answers 200; ``TimeoutError`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


@contextmanager
def jupyter_server(
    app: str = "lab",
    root_dir: Path = ROOT,
    locale: str | None = None,
    args: Sequence[str] = (),
    voila_settings: Mapping[str, Mapping[str, Any]] | None = None,
) -> Iterator[str]:
    """Start ``jupyter lab`` (or ``voila``) on 127.0.0.1 in a temporary configuration; yield
    its base URL; stop it and every process it started at the end. ``locale`` (``fr_FR``,
    ``pt_BR``) shows JupyterLab's own menus in that language, from its language pack, as
    ``scripts/notebooks --language`` does. ``args`` go on the server's command line (the
    classroom benchmark shortens the culling time with them). ``voila_settings``: settings
    added, section by section, to the project's ``voila.json`` that Voilà is given.

    The server works on a copy of the repository's notebooks, so that JupyterLab's autosave
    can never write outputs (or a failed run's traceback) into the tracked files."""
    with tempfile.TemporaryDirectory(prefix="siege-nb-lab-") as tmp:
        home = Path(tmp)
        if root_dir.resolve() == ROOT:
            shutil.copytree(ROOT / "notebooks", home / "served" / "notebooks")
            root_dir = home / "served"
        elif root_dir.resolve().is_relative_to(ROOT):
            root_dir = Path(shutil.copytree(root_dir, home / "served" / root_dir.name))
        env = dict(os.environ)
        for name in (
            "JUPYTER_CONFIG_DIR",
            "JUPYTER_DATA_DIR",
            "JUPYTER_RUNTIME_DIR",
            "IPYTHONDIR",
            "MPLCONFIGDIR",
        ):
            path = home / name.lower()
            path.mkdir()
            env[name] = str(path)
        # The data dir must still find the lab extensions installed with the packages.
        env.pop("JUPYTER_DATA_DIR")
        labconfig = home / "jupyter_config_dir" / "labconfig"
        labconfig.mkdir(parents=True)
        (labconfig / "page_config.json").write_text(
            json.dumps(
                {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}
            )
        )
        # JupyterLab 4's default notebook windowing ("contentVisibility") left a board far down
        # notebook 07 deaf to clicks after Run All (the cell div, not the canvas, took the
        # click); "defer" renders every cell and the board answers. Readers are told the same
        # in the README.
        settings = home / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
        tracker = settings / "notebook-extension"
        tracker.mkdir(parents=True)
        (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "defer"}))
        if locale:
            translation = settings / "translation-extension"
            translation.mkdir(parents=True)
            (translation / "plugin.jupyterlab-settings").write_text(json.dumps({"locale": locale}))
        port = free_port()
        if app == "lab":
            cmd = [
                sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                "--allow-root",
                f"--port={port}",
                "--ip=127.0.0.1",
                f"--ServerApp.root_dir={root_dir}",
                f"--IdentityProvider.token={TOKEN}",
                "--LabApp.expose_app_in_browser=True",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                # As scripts/notebooks starts it, so that timings are the reader's.
                f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}",
            ]
            health = f"http://127.0.0.1:{port}/api/status?token={TOKEN}"
            cwd = root_dir
        else:
            # Voilà reads voila.json from the folder it is started in, as scripts/classroom
            # starts it beside the project's: the tests and the classroom benchmark serve the
            # app with the project's own settings (a copy, in a folder of its own, so that it
            # is not listed among the served notebooks).
            cwd = home / "voila"
            cwd.mkdir()
            voila_json = json.loads((ROOT / "voila.json").read_text())
            for section, values in (voila_settings or {}).items():
                voila_json.setdefault(section, {}).update(values)
            (cwd / "voila.json").write_text(json.dumps(voila_json, indent=2))
            cmd = [
                sys.executable,
                "-m",
                "voila",
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                f"--Voila.root_dir={root_dir}",
                "--ServerApp.log_level=WARN",
                # As voila.json sets it for scripts/classroom.
                f"--Voila.kernel_websocket_connection_class={CONNECTION_CLASS}",
            ]
            health = f"http://127.0.0.1:{port}/voila/static/voila.js"
        cmd += list(args)
        log = open(home / "server.log", "w")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(
            cmd, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            wait_until_up(health, timeout=90)
            yield f"http://127.0.0.1:{port}"
        except TimeoutError:
            log.flush()
            raise TimeoutError((home / "server.log").read_text()[-3000:]) from None
        finally:
            stop_server(proc)
            log.close()


def server_log(server: Any) -> Path:
    """The log file of a server started by :func:`jupyter_server` (``server`` is its
    ``psutil.Process``, from :func:`server_process`): ``server.log`` in the temporary folder
    that also holds the folder the server was started in."""
    for folder in Path(server.cwd()).parents:
        if (folder / "server.log").is_file():
            return folder / "server.log"
    raise FileNotFoundError(f"no server.log above {server.cwd()}")


def server_process(base: str) -> Any:
    """The ``psutil.Process`` of the Voilà or Jupyter server answering at ``base`` (found by
    the port on its command line, as :func:`jupyter_server` starts it)."""
    import psutil

    port = f"--port={urlparse(base).port}"
    for proc in psutil.process_iter(["cmdline"]):
        if port in (proc.info["cmdline"] or []):
            return proc
    raise RuntimeError(f"no server with {port} was found")


def kernels_of(server: Any) -> list[Any]:
    """The kernels ``server`` (a ``psutil.Process``) started: its children running ipykernel.
    A kernel that ends while it is asked about (a zombie, or gone) is left out."""
    import psutil

    found = []
    for proc in server.children(recursive=True):
        with suppress(psutil.Error):
            if "ipykernel" in " ".join(proc.cmdline()):
                found.append(proc)
    return found


#: A page's script giving the id of the kernel Voilà gave the page (from the page's
#: configuration), or ``null`` when the page has none.
PAGE_KERNEL = """() => {
    const config = document.getElementById('jupyter-config-data');
    return config ? JSON.parse(config.textContent).kernelId || null : null;
}"""

# A kernel's command line names its connection file, which names the kernel.
_CONNECTION_FILE = re.compile(r"kernel-([0-9a-f-]+)\.json")


def kernel_id(proc: Any) -> str | None:
    """The id of the kernel ``proc`` (a ``psutil.Process``) runs, read from the connection
    file on its command line; ``None`` for any other process, or one that has ended."""
    import psutil

    with suppress(psutil.Error):
        for arg in proc.cmdline():
            found = _CONNECTION_FILE.search(arg)
            if found:
                return found.group(1)
    return None


def kernel_process(kernel: str, among: Iterable[Any] | None = None) -> Any | None:
    """The ``psutil.Process`` running the kernel whose id is ``kernel``, looked for among
    ``among`` (by default every process of the machine); ``None`` if none runs it."""
    import psutil

    for proc in psutil.process_iter() if among is None else among:
        if kernel_id(proc) == kernel:
            return proc
    return None


def app_cpu(server: Any) -> float:
    """CPU seconds spent so far by ``server`` (a ``psutil.Process``) and every process it
    started; a process that ends while it is asked about counts for nothing."""
    import psutil

    spent = 0.0
    for proc in [server, *server.children(recursive=True)]:
        with suppress(psutil.Error):
            times = proc.cpu_times()
            spent += times.user + times.system
    return spent


def wait_for_pool(server: Any, size: int, timeout: float = 900.0) -> tuple[float, float, int]:
    """Wait until the pool of ``size`` kernels that ``server`` (a Voilà ``psutil.Process``)
    starts before any page asks has started and gone quiet, each kernel having run the app.
    Return the seconds waited, the CPU seconds the server and its kernels had spent by then,
    and how many kernels are ready: fewer than ``size`` if some died as they started (such a
    kernel leaves the pool short for good, so a pool quiet for three checks in a row is taken
    as ready all the same)."""
    start = time.monotonic()
    last, quiet = -1.0, 0
    while time.monotonic() - start < timeout:
        time.sleep(2.0)
        spent = app_cpu(server)
        kernels = len(kernels_of(server))
        # Quiet: under 0.4 CPU seconds in the 2 s since the last check.
        quiet = quiet + 1 if kernels and spent - last < 0.4 else 0
        if (kernels >= size and quiet) or quiet >= 3:
            return time.monotonic() - start, spent, kernels
        last = spent
    raise TimeoutError(f"the pool of {size} kernels was not ready within {timeout:.0f} s")


@contextmanager
def chromium(
    width: int = 1600, height: int = 1000, args: Sequence[str] = CHROMIUM_ARGS
) -> Iterator[Any]:
    """A Playwright page in a headless Chromium (:data:`CHROMIUM`) started with ``args``;
    closed at the end. Its browser is ``page.context.browser``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(args), headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def open_notebook(page: Any, base: str, path: str) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is connected and idle."""
    # A fresh, reset workspace per notebook, so that no earlier tab is restored beside it.
    workspace = "w" + "".join(c for c in path if c.isalnum())
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{path}?token={TOKEN}&reset")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    page.wait_for_function(
        """() => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const s = w && w.sessionContext;
            const k = s && s.session && s.session.kernel;
            return s && s.isReady && k && k.connectionStatus === 'connected'
                && k.status === 'idle';
        }""",
        timeout=90_000,
    )


def run_all(page: Any, timeout: float = 240, menu: str = "Run") -> None:
    """Run every cell from the Run menu, retrying if nothing started (a known race), and wait
    until every cell has run. ``menu`` is the Run menu's name in JupyterLab's language.

    The notebooks are stored with their outputs, so their prompts already read ``[1]``...:
    the outputs are cleared first, so that a prompt with a number means the cell has run now."""
    page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
              .every(p => !/\\d/.test(p.textContent))""",
        timeout=10_000,
    )
    for _ in range(3):
        page.click(f"div.lm-MenuBar-itemLabel:text-is('{menu}')")
        page.click("li.lm-Menu-item[data-command='runmenu:run-all']")
        try:
            page.wait_for_function(
                """() => [...document.querySelectorAll('.jp-InputPrompt')]
                      .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))""",
                timeout=10_000,
            )
            break
        except Exception:
            continue
    else:
        raise RuntimeError("Run All did not start any cell")
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=timeout * 1000,
    )


def cell_containing(page: Any, text: str) -> Any:
    """The notebook cell whose source contains ``text``."""
    return page.locator(".jp-CodeCell").filter(has_text=text).first


SHOWS_SOMETHING = """(c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return true;
    return false;
}"""
# Has the widget around this canvas been sized for the space its probe reported? The probe
# (siege_nb.widgets.canvas.SpaceProbe) is the first element with data-siege-probe in the
# nearest box around the canvas; a canvas without one (a plain ipympl figure) is done.
FITTED = """(div) => {
    let box = div.parentElement;
    while (box && !box.querySelector('[data-siege-probe]')) box = box.parentElement;
    if (!box) return true;
    const probe = box.querySelector('[data-siege-probe]');
    const space = probe.dataset.siegeSpace, applied = probe.dataset.siegeApplied;
    if (!space || !applied) return false;
    const a = JSON.parse(space), b = JSON.parse(applied);
    return a.width === b.width && a.height === b.height && a.top === b.top;
}"""


def canvas_in(cell: Any, index: int = 0) -> Any:
    """The mouse-receiving canvas of the ``index``-th ipympl figure in ``cell``; waits until
    its widget has been sized for the room the page gives it (the figure is resized shortly
    after it is first shown) and its image canvas shows something."""
    div = cell.locator(".jupyter-matplotlib-canvas-div").nth(index)
    div.wait_for(timeout=60_000)
    image = div.locator("canvas").first
    page = image.page
    page.wait_for_function(SHOWS_SOMETHING, arg=image.element_handle(), timeout=60_000)
    page.wait_for_function(FITTED, arg=div.element_handle(), timeout=60_000)
    settled_box(div)
    page.wait_for_function(SHOWS_SOMETHING, arg=image.element_handle(), timeout=60_000)
    return div.locator("canvas").nth(1)


def settled_box(locator: Any, timeout: float = 20) -> dict[str, float]:
    """The bounding box of ``locator`` once it has stopped changing (a widget's figure is
    resized when its probe reports the space, shortly after it is first shown)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        box = locator.bounding_box()
        if box is not None and box == last:
            return dict(box)
        last = box
        locator.page.wait_for_timeout(400)
    raise TimeoutError(f"{locator} kept moving: {last}")


def reported_space(scope: Any, index: int = 0) -> dict[str, int]:
    """The space the ``index``-th size probe in ``scope`` last reported to the kernel."""
    probe = scope.locator("[data-siege-space]").nth(index)
    probe.wait_for(state="attached", timeout=30_000)
    return dict(json.loads(probe.get_attribute("data-siege-space")))
