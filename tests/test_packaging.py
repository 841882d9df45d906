"""The project's set-up promises: dependencies listed alike, README commands, CI, a lean engine."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import tomllib
import yaml

ROOT = Path(__file__).resolve().parent.parent


def _name_and_spec(requirement: str) -> tuple[str, str]:
    requirement = requirement.split(";", 1)[0]  # conda lists everything, markers aside
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    assert match, requirement
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


def test_environment_yml_agrees_with_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(map(_name_and_spec, project["dependencies"]))
    for extra in project["optional-dependencies"].values():
        wanted.update(map(_name_and_spec, extra))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed = {}
    for dep in env["dependencies"]:
        if isinstance(dep, str):
            name, spec = _name_and_spec(dep)
            if name not in ("python", "pip"):
                listed[name] = spec
    assert listed == wanted
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert _name_and_spec(python)[1] == project["requires-python"]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quickstart = text.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", quickstart)


def test_readme_has_two_quickstart_commands() -> None:
    main, tests = _readme_commands()
    assert "pip install" in main and "jupyterlab" in main and "notebooks/" in main
    assert "pip install" in tests and "pytest" in tests
    notebook = re.search(r"(notebooks/\S+\.ipynb)", main)
    assert notebook and (ROOT / notebook.group(1)).is_file()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, tests = _readme_commands()
    lines = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert tests in lines


def test_engine_runs_without_matplotlib_or_ipywidgets() -> None:
    script = textwrap.dedent(
        """
        import importlib.abc, sys

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("matplotlib", "ipywidgets", "ipympl"):
                    raise ImportError(f"{name} is blocked for this test")

        sys.meta_path.insert(0, Block())
        import siege_nb as sn
        g = sn.new_game("siege-of-paris")
        for _ in range(20):
            g.play(g.legal_moves()[0])
        assert sn.load_game(g.to_json()).ply == 20
        assert not any(m.split(".")[0] in ("matplotlib", "ipywidgets") for m in sys.modules)
        print("ok")
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_readme_taste_shows_what_the_engine_says() -> None:
    # The example's printed verdict is written out as comments; it must match the engine word
    # for word (white space aside), so the README cannot drift from the rule data.
    text = (ROOT / "README.md").read_text()
    block = text.split("## A taste", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    code = "\n".join(line for line in block.splitlines() if not line.startswith("#"))
    shown = " ".join(line[1:].strip() for line in block.splitlines() if line.startswith("#"))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert " ".join(out.split()) == " ".join(shown.split())


def test_the_package_says_its_version_types_and_names() -> None:
    import importlib.metadata

    import siege_nb as sn

    assert sn.__version__ == importlib.metadata.version("siege_nb")
    assert (ROOT / "siege_nb" / "py.typed").is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["siege_nb"]
    # The lazily loaded names (drawing, widgets) are offered by tab completion too.
    names = dir(sn)
    assert {"BoardWidget", "draw", "RuleComparer", "new_game", "option_table"} <= set(names)
    assert set(sn.__all__) <= set(names)
