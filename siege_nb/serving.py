"""How the notebooks are served: a kernel connection that sends small messages at once.

A click on a board travels from the browser to the kernel and back as a few small websocket
messages: the kernel's "busy", the new picture, "idle". Jupyter's server leaves Nagle's
algorithm on for its websockets, so a small message written while the previous one is not yet
acknowledged waits, and the browser acknowledges late (up to 40 ms on Linux). Measured with
``benchmarks/bench_browser.py`` on a two-core machine, the picture of a click then reached the
browser 15 to 40 ms after the kernel had sent it; with Nagle off, in a few milliseconds.

:class:`QuickKernelConnection` is the server's own kernel connection with ``TCP_NODELAY`` set.
The project's start commands choose it through a documented setting of Jupyter Server and
Voilà, ``kernel_websocket_connection_class``::

    jupyter lab --ServerApp.kernel_websocket_connection_class=siege_nb.serving.QuickKernelConnection

A class arriving at once is served from kernels started in advance: ``bash scripts/classroom
--pupils 30`` has Voilà start thirty kernels and run the app in each before any page asks
(Voilà's "preheated kernels"), so that a pupil's page gets a board that is already built.
:func:`pool_arguments` gives Voilà's settings for it, and :class:`ClassroomKernelManager`
keeps the culling of idle kernels from taking a kernel handed to a pupil whose page is still
loading.

This module is for the server only: nothing else in the package imports it.
"""

from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = [
    "CONNECTION_CLASS",
    "KERNEL_MANAGER_CLASS",
    "REFILL_SECONDS",
    "ClassroomKernelManager",
    "QuickKernelConnection",
    "pool_arguments",
    "pool_settings",
    "pooled_kernel_ids",
]

#: The setting's value, as the start commands and the browser tests pass it.
CONNECTION_CLASS = "siege_nb.serving.QuickKernelConnection"
#: Voilà's ``multi_kernel_manager_class``, as ``voila.json`` sets it.
KERNEL_MANAGER_CLASS = "siege_nb.serving.ClassroomKernelManager"
#: Seconds after a page takes a kernel from the pool before another is started in its place.
#: Starting a kernel and running the app costs about two CPU seconds: refilled at once, the
#: pool would spend them while the class is still arriving and clicking, the very moment it
#: was started early to spare.
REFILL_SECONDS = 300.0


class QuickKernelConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """Jupyter Server's kernel websocket connection, with Nagle's algorithm turned off."""

    def connect(self) -> Any:
        """Turn Nagle's algorithm off on the open websocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        self.log.debug("Kernel websocket %s: TCP_NODELAY on", self.kernel_id)
        return super().connect()


def _started(task: Any) -> str | None:
    """The id of the kernel a pool's task started, or None while it is still starting or if
    it failed."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return None
    return str(task.result()["kernel_id"])


def pooled_kernel_ids(manager: Any) -> set[str]:
    """The ids of the kernels waiting in Voilà's pool of ``manager`` (started, the app run,
    no page yet); empty when Voilà keeps no pool."""
    pools = getattr(manager, "_pools", {}).values()
    return {kernel for pool in pools for task in pool if (kernel := _started(task)) is not None}


class ClassroomKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter Server's kernel manager, for Voilà, with changes to its pool of kernels
    started in advance (Voilà makes its pool manager a subclass of this class).

    * **A kernel waiting in the pool counts as active, not idle.** Culling measures idleness
      from a kernel's last message. A pooled kernel sends none while it waits, so when a page
      takes it, it may look idle for as long as it waited, and the next culling pass would stop
      it before the page has connected: a blank page. Voilà itself only spares a kernel while
      it is in the pool. Each pass therefore first marks the pooled kernels active, so that a
      kernel leaves the pool with at most one pass of idleness behind it.
    * **A page never waits for the pool's refill.** Voilà puts a kernel's replacement in the
      pool at once, as a task that starts it :data:`REFILL_SECONDS` later, and a page that finds
      only such tasks waited for one: minutes. Here a page takes a pooled kernel only when the
      next one is ready, and otherwise starts a kernel of its own, as without a pool. A pooled
      kernel that has stopped (thirty kernels starting at once can collide on a port) is
      dropped instead of being given to a page.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Voilà's subclass defines get_pool_size, which its page handler asks before taking
        # a kernel; an instance's attribute comes before its class's method.
        self.get_pool_size = self.ready_pool_size

    def ready_pool_size(self, notebook_name: str) -> int:
        """How many kernels the pool of ``notebook_name`` holds, or 0 if the next one to be
        taken is not ready yet. A kernel that failed to start or died while it waited is
        dropped from the pool first, so that no page is given it."""
        pool = getattr(self, "_pools", {}).get(notebook_name, [])
        while pool and pool[0].done() and _started(pool[0]) not in self._kernels:
            self.log.warning("A kernel of the pool of %s had stopped: dropped", notebook_name)
            pool.pop(0)
        return len(pool) if pool and pool[0].done() else 0

    async def cull_kernels(self) -> None:
        """Mark the pooled kernels active, then cull as usual."""
        now = utcnow()
        for kernel_id in pooled_kernel_ids(self):
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()


def pool_arguments(pupils: int, refill: float = REFILL_SECONDS) -> list[str]:
    """Voilà's command-line settings that start ``pupils`` kernels of the one notebook it serves
    and run it in each before any page asks (none for 0).

    >>> pool_arguments(30)
    ['--preheat_kernel=True', '--pool_size=30', '--VoilaKernelManager.fill_delay=300']
    """
    if pupils < 0:
        raise ValueError(f"pupils must be 0 or more, not {pupils}")
    if not pupils:
        return []
    return [
        "--preheat_kernel=True",
        f"--pool_size={pupils}",
        f"--VoilaKernelManager.fill_delay={refill:g}",
    ]


def pool_settings(
    pupils: int, notebook: str = "classroom.ipynb", refill: float = REFILL_SECONDS
) -> dict[str, dict[str, Any]]:
    """The same as :func:`pool_arguments`, as sections of ``voila.json``, for a Voilà that
    serves a whole folder: the pool is for ``notebook`` (its path in the folder) alone, where
    ``--pool_size`` would start kernels for every notebook of the folder.

    >>> pool_settings(2)["VoilaKernelManager"]["kernel_pools_config"]["classroom.ipynb"]
    {'pool_size': 2}
    """
    if pupils < 0:
        raise ValueError(f"pupils must be 0 or more, not {pupils}")
    return {
        "VoilaConfiguration": {"preheat_kernel": pupils > 0},
        "VoilaKernelManager": {
            "kernel_pools_config": {"default": {"pool_size": 0}, notebook: {"pool_size": pupils}},
            "fill_delay": refill,
        },
    }
