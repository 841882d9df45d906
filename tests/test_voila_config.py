"""The classroom app frees the kernels of pages that are gone: ``voila.json`` at the project
root (read by Voilà from the folder it is started in, as the README's classroom command is)
turns on the Jupyter server's culling of idle kernels, and a real Voilà server culls one. It
also gives a busy kernel time to send the app's output before Voilà renders the page, and the
browser tests and the classroom benchmark serve the app with these same settings."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser.lab import free_port, stop_server

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "voila.json"

# What docs/design.md promises a teacher: a page's kernel left without its page (closed
# without saying goodbye, a crashed tab, a dropped connection) is shut down after ten idle
# minutes, checked every minute; a page still open keeps its kernel however long it idles.
IDLE_MINUTES, CHECK_SECONDS = 10, 60


# nbclient's default is 4 s, which thirty pages starting at once on two cores overran: a page
# rendered without the app's output stayed blank (docs/classroom-load.md).
IOPUB_SECONDS = 60


def _culling() -> dict[str, object]:
    data = json.loads(CONFIG.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    section = data["MappingKernelManager"]
    assert isinstance(section, dict)
    return section


def test_the_config_culls_idle_kernels_after_the_documented_time() -> None:
    culling = _culling()
    assert culling == {
        "cull_idle_timeout": IDLE_MINUTES * 60,
        "cull_interval": CHECK_SECONDS,
        "cull_connected": False,
        "cull_busy": False,
    }
    design = " ".join((ROOT / "docs" / "design.md").read_text(encoding="utf-8").split())
    assert "voila.json" in design and "cull_idle_timeout" in design
    assert f"{IDLE_MINUTES} minutes" in design


def test_voila_waits_for_a_busy_kernels_output() -> None:
    import nbformat
    from traitlets.config.loader import JSONFileConfigLoader
    from voila.execute import VoilaExecutor

    # Voilà hands its whole configuration to the executor that renders each page: the
    # section's name must be the executor's class for the setting to reach it.
    config = JSONFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()
    executor = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
    assert executor.iopub_timeout == IOPUB_SECONDS
    assert executor.raise_on_iopub_timeout is False
    doc = " ".join((ROOT / "docs" / "classroom-load.md").read_text(encoding="utf-8").split())
    assert f"iopub_timeout` {IOPUB_SECONDS} s" in doc
    recipe = (ROOT / "docs" / "classroom-hub" / "jupyterhub_config.py").read_text("utf-8")
    assert f"--VoilaExecutor.iopub_timeout={IOPUB_SECONDS}" in recipe


def test_the_test_servers_use_the_projects_settings() -> None:
    pytest.importorskip("voila")
    from browser.lab import jupyter_server, server_log, server_process

    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        server = server_process(base)
        served = Path(server.cwd()) / "voila.json"
        assert json.loads(served.read_text(encoding="utf-8")) == json.loads(
            CONFIG.read_text(encoding="utf-8")
        )
        assert server_log(server).is_file()
        # Not among the served files: the copy sits outside the notebooks' folder.
        assert not Path(server.cwd()).is_relative_to(_served_root(server))


def _served_root(server: Any) -> Path:
    """The folder the Voilà server started by the test helpers serves (its ``root_dir``)."""
    for arg in server.cmdline():
        if arg.startswith("--Voila.root_dir="):
            return Path(arg.split("=", 1)[1])
    raise AssertionError(server.cmdline())


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


@contextmanager
def _tiny_voila(tmp_path: Path, settings: dict[str, Any]) -> Iterator[tuple[str, Any, Path]]:
    """Voilà started in ``tmp_path`` beside a ``voila.json`` of ``settings``, serving a
    one-cell notebook, ``tiny.ipynb``, with no configuration of the machine's own: yields its
    base URL, its ``psutil.Process`` and its log's path once it answers; stops it at the end."""
    import psutil

    nbformat = pytest.importorskip("nbformat")
    (tmp_path / "voila.json").write_text(json.dumps(settings))
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("answer = 42")]
    nbformat.write(notebook, str(tmp_path / "tiny.ipynb"))
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        folder = tmp_path / name.lower()
        folder.mkdir()
        env[name] = str(folder)  # no configuration of the machine's own gets in
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "voila.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=tmp_path,  # Voilà reads voila.json from the folder it is started in
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while _status_or_none(f"{base}/voila/static/voila.js") != 200:
            assert time.monotonic() < deadline, log_path.read_text()[-2000:]
            time.sleep(0.3)
        yield base, psutil.Process(proc.pid), log_path
    finally:
        stop_server(proc)
        log.close()


def _kernel_of(html: str) -> str:
    """The id of the kernel a Voilà page was given."""
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
    assert found, html[:500]
    return found.group(1)


def test_voila_started_beside_the_config_culls_a_kernel_whose_page_is_gone(
    tmp_path: Path,
) -> None:
    pytest.importorskip("voila")
    # The project's own settings, with the times shortened so the test takes seconds (long
    # enough that a kernel slow to start on a busy machine is not culled before it answers).
    culling = {**_culling(), "cull_idle_timeout": 10, "cull_interval": 1}
    with _tiny_voila(tmp_path, {"MappingKernelManager": culling}) as (base, _, log_path):
        # A page view starts a kernel; fetching the page without a browser is a page whose
        # reader has gone: nothing ever connects to its kernel.
        html = _fetch_within(f"{base}/voila/render/tiny.ipynb", seconds=90)
        kernel = f"{base}/api/kernels/{_kernel_of(html)}"
        assert _status(kernel) == 200
        deadline = time.monotonic() + 60
        while _status(kernel) == 200:
            assert time.monotonic() < deadline, "the idle kernel was never culled"
            time.sleep(0.5)
        assert _status(kernel) == 404
        assert "Culling 'idle' kernel" in log_path.read_text()


def test_a_pooled_kernel_lasts_until_its_page_connects_and_no_page_waits_for_a_refill(
    tmp_path: Path,
) -> None:
    pytest.importorskip("voila")
    from browser.lab import kernels_of

    from siege_nb.serving import pool_settings

    # The project's settings, culling shortened, and a pool of one kernel for the notebook
    # (as scripts/classroom --pupils keeps one), never refilled within the test.
    settings = json.loads(CONFIG.read_text(encoding="utf-8"))
    idle = 20
    settings["MappingKernelManager"].update(cull_idle_timeout=idle, cull_interval=2)
    for section, values in pool_settings(1, "tiny.ipynb", refill=10_000).items():
        settings.setdefault(section, {}).update(values)
    with _tiny_voila(tmp_path, settings) as (base, server, log_path):
        deadline = time.monotonic() + 90
        while not kernels_of(server):
            assert time.monotonic() < deadline, log_path.read_text()[-2000:]
            time.sleep(0.3)
        # The pooled kernel has run the notebook and waits, silent, longer than the culling's
        # idle time: Jupyter's culling would take it the moment it leaves the pool.
        time.sleep(idle + 8)
        (pooled,) = kernels_of(server)
        first = _kernel_of(_fetch_within(f"{base}/voila/render/tiny.ipynb", seconds=90))
        # The page got the pooled kernel (its id names the kernel's connection file).
        assert any(f"kernel-{first}.json" in arg for arg in pooled.cmdline())
        kernel = f"{base}/api/kernels/{first}"
        # A page loading on a crowded machine has not connected yet: its kernel must last
        # several culling passes (2 s apart) without it.
        time.sleep(8)
        assert _status(kernel) == 200, log_path.read_text()[-2000:]
        # The pool is empty, its refill not due for hours: the next page starts a kernel of
        # its own instead of waiting for the refill.
        second = _kernel_of(_fetch_within(f"{base}/voila/render/tiny.ipynb", seconds=60))
        assert second != first
        # It is culled all the same once idle for the culling's time since leaving the pool.
        deadline = time.monotonic() + idle + 30
        while _status(kernel) == 200:
            assert time.monotonic() < deadline, "the page's kernel was never culled"
            time.sleep(0.5)


def _fetch_within(url: str, seconds: float) -> str:
    """The page at ``url``, or a failure after ``seconds`` (a page whose kernel died while
    rendering never finishes; the server is stopped afterwards, which ends the read)."""

    def fetch() -> str:
        with urllib.request.urlopen(url, timeout=seconds) as page:
            return str(page.read().decode())

    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(fetch).result(timeout=seconds)
    except FutureTimeout:
        pytest.fail(f"{url} did not finish rendering within {seconds} s")
    finally:
        pool.shutdown(wait=False)


def _status_or_none(url: str) -> int | None:
    try:
        return _status(url)
    except OSError:
        return None
