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

This module is for the server only: nothing else in the package imports it.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["CONNECTION_CLASS", "QuickKernelConnection"]

#: The setting's value, as the start commands and the browser tests pass it.
CONNECTION_CLASS = "siege_nb.serving.QuickKernelConnection"


class QuickKernelConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """Jupyter Server's kernel websocket connection, with Nagle's algorithm turned off."""

    def connect(self) -> Any:
        """Turn Nagle's algorithm off on the open websocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        self.log.debug("Kernel websocket %s: TCP_NODELAY on", self.kernel_id)
        return super().connect()
