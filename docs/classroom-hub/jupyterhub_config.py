"""A JupyterHub for a class: every visitor gets a server of their own that opens the
classroom app. The whole recipe, and how to run it on The Littlest JupyterHub, is in
docs/classroom-load.md; tests/browser/test_hub.py runs this very file.

    jupyterhub -f docs/classroom-hub/jupyterhub_config.py

Settings come from the environment, so the file works unchanged on a test machine and on a
school's server:

* SIEGE_NB_HUB_DIR   where the hub keeps its database, cookie secret and the pupils' homes
                     (default: ./siege-nb-hub)
* SIEGE_NB_HUB_PORT  the public port (default 8000); the proxy's API takes the next port,
                     the hub itself the one after
* SIEGE_NB_HUB_IP    the address to listen on (default 127.0.0.1; 0.0.0.0 for a class)
* SIEGE_NB_APP       the classroom notebook to give every pupil (default: this project's
                     notebooks/classroom.ipynb; notebooks/fr/classroom.ipynb in French)
* SIEGE_NB_LANGUAGE  the app's language (en, fr, pt)
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - JupyterHub's config files are run with get_config defined

here = Path(__file__).resolve().parent
state = Path(os.environ.get("SIEGE_NB_HUB_DIR", "siege-nb-hub")).resolve()
state.mkdir(parents=True, exist_ok=True)
port = int(os.environ.get("SIEGE_NB_HUB_PORT", "8000"))
app = Path(os.environ.get("SIEGE_NB_APP", here.parent.parent / "notebooks" / "classroom.ipynb"))

c.JupyterHub.ip = os.environ.get("SIEGE_NB_HUB_IP", "127.0.0.1")
c.JupyterHub.port = port
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 1}"
c.JupyterHub.hub_port = port + 2
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(state / "proxy.pid")

# Pupils have no accounts: each visitor is a temporary user (jupyterhub-tmpauthenticator).
# For named pupils, use any other authenticator (TLJH's FirstUseAuthenticator, say).
c.JupyterHub.authenticator_class = "tmp"
c.Authenticator.allow_all = True

# One server per pupil, started as a process of the hub's own user (one machine). On a
# school's server, TLJH's spawner starts each as a system user instead.
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(state / "homes" / "{username}")
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
# The classroom app is each pupil's page: Voilà runs as an extension of their server.
c.Spawner.default_url = "/voila/render/classroom.ipynb"
c.Spawner.environment = {"SIEGE_NB_LANGUAGE": os.environ.get("SIEGE_NB_LANGUAGE", "en")}
c.Spawner.args = [
    # The app's settings from voila.json, for a server of Jupyter's own: a kernel whose page
    # has gone is shut down after 10 idle minutes; the quick kernel connection; up to 60 s
    # for a busy kernel's output before the page is rendered without it.
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    "--MappingKernelManager.cull_busy=False",
    "--ServerApp.kernel_websocket_connection_class=siege_nb.serving.QuickKernelConnection",
    "--VoilaExecutor.iopub_timeout=60",
]
if os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 180
# A pupil's server that has been idle (page closed) for 20 minutes is stopped by the hub.
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=1200"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]


def give_the_app(spawner):  # type: ignore[no-untyped-def]
    """Put the classroom notebook in the pupil's home before their server starts."""
    home = Path(spawner.home_dir_template.format(username=spawner.user.name))
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(app, home / "classroom.ipynb")


c.Spawner.pre_spawn_hook = give_the_app
