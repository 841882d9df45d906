"""The classroom app for a class larger than one machine's Voilà: a real JupyterHub run with
the project's recipe (docs/classroom-hub/jupyterhub_config.py), each visitor a temporary
pupil whose own server opens the classroom app, as a pupil's browser sees it.

Needs JupyterHub and its authenticator (the "test" extra) and the hub's proxy,
configurable-http-proxy (Debian's node-configurable-http-proxy, which the README's test
command installs with Chromium when run as root).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import psutil
import pytest

import siege_nb as sn

from .lab import ROOT, SHOTS, canvas_in, free_port, stop_server, wait_until_up
from .test_lab import click, wait_text

RECIPE = ROOT / "docs" / "classroom-hub" / "jupyterhub_config.py"


def three_free_ports() -> int:
    """A port whose next two are free as well (the proxy's API and the hub take them)."""
    for _ in range(50):
        port = free_port()
        if port < 65000 and all(_free(port + i) for i in (1, 2)):
            return port
    raise RuntimeError("no three free ports in a row")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.fixture(scope="module")
def hub(tmp_path_factory: Any) -> Iterator[str]:
    proxy = shutil.which("configurable-http-proxy")
    if proxy is None:
        raise RuntimeError(
            "the JupyterHub test needs configurable-http-proxy: sudo apt-get install "
            "node-configurable-http-proxy (bash scripts/tests does it when run as root)"
        )
    state = tmp_path_factory.mktemp("hub")
    port = three_free_ports()
    env = {
        **os.environ,
        "SIEGE_NB_HUB_DIR": str(state),
        "SIEGE_NB_HUB_PORT": str(port),
        "JUPYTER_CONFIG_DIR": str(state / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(state / "jupyter-runtime"),
    }
    log = (state / "hub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(RECIPE)],
        cwd=state,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        wait_until_up(f"http://127.0.0.1:{port}/hub/health", timeout=120)
        yield f"http://127.0.0.1:{port}"
    except TimeoutError:
        log.flush()
        raise TimeoutError((state / "hub.log").read_text()[-3000:]) from None
    finally:
        stop_server(proc)
        log.close()
        # The pupils' servers run in sessions of their own; the hub stops them on its way
        # out, and anything left of this hub is ended here.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and _left(state):
            time.sleep(0.5)
        for pid in _left(state):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _left(state: Path) -> list[int]:
    left = []
    for proc in psutil.process_iter(["cmdline", "environ"]):
        try:
            env = proc.info["environ"] or {}
        except psutil.Error:
            continue
        if env.get("SIEGE_NB_HUB_DIR") == str(state) or str(state) in " ".join(
            proc.info["cmdline"] or []
        ):
            left.append(proc.pid)
    return left


def test_each_visitor_gets_the_classroom_app_of_their_own(hub: str, browser_page: Any) -> None:
    browser = browser_page.context.browser
    contexts, users = [], []
    try:
        for i in range(2):
            # Two pupils: two browsers of their own (contexts share no cookie).
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            contexts.append(context)
            page = context.new_page()
            page.goto(f"{hub}/", timeout=180_000)
            page.wait_for_url("**/user/*/voila/render/classroom.ipynb**", timeout=180_000)
            users.append(page.url.split("/user/")[1].split("/")[0])
            body = page.locator("body")
            canvas = canvas_in(body)
            twin = sn.BoardWidget("siege-of-paris")
            click(canvas, twin, "C0")
            wait_text(body, "The garrison colonel on C0")
            click(canvas, twin, "g5")
            wait_text(body, "Played C0-g5", timeout=30_000)
            if i == 0:
                page.screenshot(path=str(SHOTS / "classroom-jupyterhub-1024x768.png"))
    finally:
        for context in contexts:
            context.close()
    assert len(set(users)) == 2


def test_the_recipe_is_what_the_docs_show() -> None:
    doc = (ROOT / "docs" / "classroom-load.md").read_text(encoding="utf-8")
    assert "docs/classroom-hub/jupyterhub_config.py" in doc
    recipe = RECIPE.read_text(encoding="utf-8")
    for setting in ("/voila/render/classroom.ipynb", "cull_idle_timeout=600", "tmp"):
        assert setting in recipe
