"""The start commands serve kernels through :class:`siege_nb.serving.QuickKernelConnection`,
which turns Nagle's algorithm off on each kernel websocket, and a real server honours it."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser.lab import free_port, on_a_thread_of_its_own, stop_server, wait_until_up
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets.utils.importstring import import_item

from siege_nb.serving import CONNECTION_CLASS, QuickKernelConnection

ROOT = Path(__file__).resolve().parent.parent


def test_the_setting_names_the_class() -> None:
    assert import_item(CONNECTION_CLASS) is QuickKernelConnection


def test_every_start_command_chooses_it() -> None:
    notebooks = (ROOT / "scripts" / "notebooks").read_text(encoding="utf-8")
    assert f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}" in notebooks
    voila = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert voila["Voila"]["kernel_websocket_connection_class"] == CONNECTION_CLASS
    lab = (ROOT / "tests" / "browser" / "lab.py").read_text(encoding="utf-8")
    assert lab.count("kernel_websocket_connection_class={CONNECTION_CLASS}") == 2


def test_connecting_turns_nagle_off_before_the_usual_connect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[Any] = []

    class Handler:
        def set_nodelay(self, value: bool) -> None:
            calls.append(("nodelay", value))

    def base_connect(self: Any) -> str:
        calls.append("connect")
        return "connected"

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", base_connect)
    connection = QuickKernelConnection.__new__(QuickKernelConnection)
    monkeypatch.setattr(QuickKernelConnection, "websocket_handler", Handler(), raising=False)
    monkeypatch.setattr(QuickKernelConnection, "kernel_id", "k", raising=False)
    assert connection.connect() == "connected"
    assert calls == [("nodelay", True), "connect"]


def test_a_real_server_connects_kernels_through_it(tmp_path: Path) -> None:
    from tornado.websocket import websocket_connect

    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (tmp_path / name.lower()).mkdir()
        env[name] = str(tmp_path / name.lower())
    port, token = free_port(), "siege-nb-serving"
    base = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={tmp_path}",
        f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}",
        "--ServerApp.log_level=DEBUG",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log_path = tmp_path / "server.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    headers = {"Authorization": f"token {token}"}
    try:
        try:
            wait_until_up(f"{base}/api/status?token={token}", timeout=60)
        except TimeoutError:
            pytest.fail(log_path.read_text()[-2000:])
        request = urllib.request.Request(
            f"{base}/api/kernels", data=b"{}", headers=headers, method="POST"
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            kernel = json.loads(response.read())["id"]

        async def connect() -> None:
            ws = await websocket_connect(
                f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?token={token}"
            )
            ws.close()

        on_a_thread_of_its_own(lambda: asyncio.run(connect()))
        deadline = time.monotonic() + 30
        while f"Kernel websocket {kernel}: TCP_NODELAY on" not in log_path.read_text():
            assert time.monotonic() < deadline, log_path.read_text()[-3000:]
            time.sleep(0.3)
    finally:
        stop_server(proc)
        log.close()


def test_the_pool_settings_start_kernels_for_the_app_alone() -> None:
    from siege_nb.serving import REFILL_SECONDS, pool_arguments, pool_settings

    assert pool_arguments(0) == []
    assert pool_arguments(12, refill=60) == [
        "--preheat_kernel=True",
        "--pool_size=12",
        "--VoilaKernelManager.fill_delay=60",
    ]
    settings = pool_settings(5, "fr/classroom.ipynb")
    assert settings["VoilaConfiguration"] == {"preheat_kernel": True}
    pools = settings["VoilaKernelManager"]["kernel_pools_config"]
    assert pools == {"default": {"pool_size": 0}, "fr/classroom.ipynb": {"pool_size": 5}}
    assert settings["VoilaKernelManager"]["fill_delay"] == REFILL_SECONDS
    assert pool_settings(0)["VoilaConfiguration"] == {"preheat_kernel": False}
    for bad in (pool_arguments, pool_settings):
        with pytest.raises(ValueError, match="pupils must be 0 or more"):
            bad(-1)


def test_voila_json_names_the_classroom_kernel_manager() -> None:
    from siege_nb.serving import KERNEL_MANAGER_CLASS, ClassroomKernelManager

    voila = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert voila["VoilaConfiguration"]["multi_kernel_manager_class"] == KERNEL_MANAGER_CLASS
    assert import_item(KERNEL_MANAGER_CLASS) is ClassroomKernelManager


def test_a_culling_pass_first_marks_the_pooled_kernels_active(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from datetime import datetime, timezone
    from types import SimpleNamespace

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from siege_nb.serving import ClassroomKernelManager, pooled_kernel_ids

    long_ago = datetime(2020, 1, 1, tzinfo=timezone.utc)
    seen: dict[str, datetime] = {}

    async def base_pass(self: Any) -> None:
        seen.update({k: kernel.last_activity for k, kernel in self._kernels.items()})

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernels", base_pass)
    manager = ClassroomKernelManager()
    loop = asyncio.new_event_loop()
    started, failed, starting = (loop.create_future() for _ in range(3))
    started.set_result({"kernel_id": "waiting"})
    failed.set_exception(RuntimeError("a kernel that failed to start"))
    manager._pools = {"classroom.ipynb": [started, failed, starting]}  # starting: not done
    for name in ("waiting", "taken"):
        manager._kernels[name] = SimpleNamespace(last_activity=long_ago)
    assert pooled_kernel_ids(manager) == {"waiting"}
    on_a_thread_of_its_own(lambda: asyncio.run(manager.cull_kernels()))
    loop.close()
    # The culling saw the waiting kernel as just active, the page's kernel as it was.
    assert seen["waiting"] > long_ago and seen["taken"] == long_ago
    assert pooled_kernel_ids(SimpleNamespace()) == set()
    # Voilà's page handler asks the pool's size before taking its next kernel: while that
    # kernel is still starting, the size is 0 and the page starts a kernel of its own.
    assert manager.get_pool_size("classroom.ipynb") == 3
    manager._pools["classroom.ipynb"] = [starting, started]
    assert manager.get_pool_size("classroom.ipynb") == 0
    assert manager.get_pool_size("another.ipynb") == 0
    # A kernel that failed to start, or has stopped since (gone from the manager's kernels),
    # is dropped from the head of the pool, never handed to a page.
    manager._pools["classroom.ipynb"] = [failed, started, starting]
    assert manager.get_pool_size("classroom.ipynb") == 2
    assert manager._pools["classroom.ipynb"] == [started, starting]
    del manager._kernels["waiting"]
    assert manager.get_pool_size("classroom.ipynb") == 0
    assert manager._pools["classroom.ipynb"] == [starting]
