"""The project's set-up promises: dependencies listed alike, README commands, CI, a lean engine."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
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
    # conda's packages, and those only PyPI has, in the pip section (not the project itself).
    pip = [d for dep in env["dependencies"] if isinstance(dep, dict) for d in dep.get("pip", [])]
    for dep in [d for d in env["dependencies"] if isinstance(d, str)] + pip:
        if dep.startswith("-e"):
            continue
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
    # Both are scripts that make the project's own virtual environment, so they work where
    # `pip install` into the system's Python is refused (Debian, Ubuntu) and as root.
    main, tests = _readme_commands()
    assert main == "bash scripts/notebooks"
    assert tests == "bash scripts/tests"
    notebooks = (ROOT / "scripts" / "notebooks").read_text()
    assert "install_project classroom" in notebooks and "-m jupyterlab" in notebooks
    notebook = re.search(r"(notebooks/\S+\.ipynb)", notebooks)
    assert notebook and (ROOT / notebook.group(1)).is_file()
    script = (ROOT / "scripts" / "tests").read_text()
    assert "install_project test" in script and "need_chromium" in script
    assert 'exec "$VENV/bin/python" -m pytest "$@"' in script


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, tests = _readme_commands()
    lines = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert tests in lines
    commands = [ln for ln in lines if ln and not ln.startswith(("#", "set ", "cd ", "export "))]
    assert commands == [tests]


SCRIPTS = ["notebooks", "tests", "classroom"]


def test_scripts_are_strict_bash() -> None:
    for name in SCRIPTS:
        path = ROOT / "scripts" / name
        lines = path.read_text().splitlines()
        assert lines[0] == "#!/usr/bin/env bash", name
        assert "set -euo pipefail" in lines, name
        assert os.access(path, os.X_OK), f"scripts/{name} is not executable"
    for path in [ROOT / ".ci" / "run", *(ROOT / "scripts").iterdir()]:
        subprocess.run(["bash", "-n", str(path)], check=True)


def _bash(script: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in bash after sourcing scripts/_setup.sh (no root powers: no apt-get)."""
    prelude = f"source {ROOT / 'scripts' / '_setup.sh'}; can_apt() {{ false; }}\n"
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "SIEGE_NB_BROWSER")}
    return subprocess.run(
        ["bash", "-c", prelude + script],
        capture_output=True,
        text=True,
        env={**clean, **(env or {})},
        check=False,
    )


def test_a_missing_browser_is_loud_unless_the_reader_opts_out(tmp_path: Path) -> None:
    check = f"CHROMIUM={tmp_path / 'no-chromium'}; need_chromium; echo went-on"
    fails = _bash(check)
    assert fails.returncode == 1 and "went-on" not in fails.stdout
    assert "sudo apt-get install chromium" in fails.stderr
    assert "SIEGE_NB_BROWSER=skip" in fails.stderr
    skips = _bash(check, {"SIEGE_NB_BROWSER": "skip"})
    assert skips.returncode == 0 and "went-on" in skips.stdout
    assert "browser tests will be skipped" in skips.stderr
    for env in ({"CI": "true"}, {"CI": "true", "SIEGE_NB_BROWSER": "skip"}):
        in_ci = _bash(check, env)
        assert in_ci.returncode == 1 and "went-on" not in in_ci.stdout, env
    present = _bash("CHROMIUM=/bin/sh; need_chromium; echo went-on")
    assert present.returncode == 0 and present.stderr == ""


def test_a_missing_libatomic_is_named_with_the_browser(tmp_path: Path) -> None:
    # Playwright's driver needs libatomic, which a minimal Debian lacks (seen in a debootstrap).
    check = "have_libatomic() { false; }; CHROMIUM=/bin/sh; need_chromium; echo went-on"
    fails = _bash(check)
    assert fails.returncode == 1 and "went-on" not in fails.stdout
    assert "sudo apt-get install libatomic1" in fails.stderr
    both = _bash(f"have_libatomic() {{ false; }}; CHROMIUM={tmp_path / 'none'}; need_chromium")
    assert "sudo apt-get install chromium libatomic1" in both.stderr


def test_the_browser_suite_skips_only_when_asked() -> None:
    from browser.conftest import browser_check

    assert browser_check({}, True, True) == ("run", "")
    for env in ({}, {"CI": "true"}, {"CI": "1"}):
        verdict, reason = browser_check(env, False, True)
        assert verdict == "error" and "apt-get install chromium" in reason, env
        assert browser_check(env, True, False)[0] == "error", env
    verdict, reason = browser_check({"SIEGE_NB_BROWSER": "skip"}, False, True)
    assert verdict == "skip" and "SIEGE_NB_BROWSER=skip" in reason and "chromium" in reason
    assert browser_check({"CI": "true", "SIEGE_NB_BROWSER": "skip"}, True, True)[0] == "error"
    assert browser_check({"CI": "false"}, False, True)[0] == "error"


def test_the_scripts_install_only_when_something_changed(tmp_path: Path) -> None:
    # A stand-in for the environment's Python that only logs the pip calls it gets.
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    log = tmp_path / "pip.log"
    fake = venv / "bin" / "python"
    fake.write_text(f'#!/usr/bin/env bash\n[ "$1" = -m ] && echo "$*" >> {log}\nexit 0\n')
    fake.chmod(0o755)
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[project]\nname = 'x'\n")
    steps = f"ROOT={tmp_path}; VENV={venv}; make_venv; install_project"
    for extra in ("test", "test", "classroom", "test"):
        assert _bash(f"{steps} {extra}").returncode == 0
    calls = log.read_text().splitlines()
    assert len(calls) == 2 and calls[0].endswith("[test]") and calls[1].endswith("[classroom]")
    pyproject.write_text("[project]\nname = 'x'\nversion = '2'\n")
    assert _bash(f"{steps} test").returncode == 0
    assert len(log.read_text().splitlines()) == 3


def _installed_copy(tmp_path: Path, intercept: str, extras: list[str]) -> Path:
    """A copy of the project's scripts whose .venv is already filled with ``extras`` (the
    stamp says so), with a Python that runs the real one except where the bash lines
    ``intercept`` answer first (printing what would start); returns the .venv."""
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    fake = venv / "bin" / "python"
    fake.write_text(f'#!/usr/bin/env bash\n{intercept}exec {sys.executable} "$@"\n')
    fake.chmod(0o755)
    digest = hashlib.sha256((tmp_path / "pyproject.toml").read_bytes()).hexdigest()
    (venv / "siege_nb-installed").write_text(
        f"{digest} {tmp_path}\n" + "".join(f"{e}\n" for e in extras)
    )
    return venv


@pytest.mark.parametrize(
    ("language", "first", "locale"),
    [
        (None, "notebooks/01-start-here.ipynb", "en"),
        ("fr", "notebooks/fr/01-start-here.ipynb", "fr_FR"),
        ("pt", "notebooks/pt/01-start-here.ipynb", "pt_BR"),
    ],
)
def test_the_notebooks_script_starts_the_environments_jupyterlab(
    tmp_path: Path, language: str | None, first: str, locale: str
) -> None:
    venv = _installed_copy(
        tmp_path,
        'if [ "$1 $2" = "-m jupyterlab" ]; then\n'
        '    echo "$@ PREFER=$JUPYTER_PREFER_ENV_PATH LANGUAGE=$SIEGE_NB_LANGUAGE"; exit 0\n'
        "fi\n",
        ["classroom", "languages"],
    )
    chosen = ["--language", language] if language else []
    run = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "notebooks"), *chosen, "--no-browser"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    args = run.stdout.split()
    assert args[:3] == ["-m", "jupyterlab", first]
    assert "--no-browser" in args and "PREFER=1" in args
    assert f"LANGUAGE={language or 'en'}" in args
    assert ("--allow-root" in args) == (os.geteuid() == 0)
    overrides = json.loads((venv / "share/jupyter/lab/settings/overrides.json").read_text())
    assert overrides["@jupyterlab/notebook-extension:tracker"]["windowingMode"] == "defer"
    assert overrides["@jupyterlab/translation-extension:plugin"]["locale"] == locale


@pytest.mark.parametrize(
    ("language", "app"),
    [(None, "notebooks/classroom.ipynb"), ("pt", "notebooks/pt/classroom.ipynb")],
)
def test_the_classroom_script_serves_the_app_in_its_language(
    tmp_path: Path, language: str | None, app: str
) -> None:
    _installed_copy(
        tmp_path,
        'if [ "$1 $2" = "-m voila" ]; then echo "$3 LANGUAGE=$SIEGE_NB_LANGUAGE"; exit 0; fi\n',
        ["classroom"],
    )
    chosen = ["--language", language] if language else []
    run = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "classroom"), *chosen],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [app, f"LANGUAGE={language or 'en'}"]


def test_the_classroom_script_prepares_kernels_for_a_class(tmp_path: Path) -> None:
    from siege_nb.serving import pool_arguments

    _installed_copy(
        tmp_path,
        'if [ "$1 $2" = "-m voila" ]; then shift 2; echo "$@"; exit 0; fi\n',
        ["classroom"],
    )
    script = str(tmp_path / "scripts" / "classroom")

    def voila_args(*args: str) -> list[str]:
        run = subprocess.run(["bash", script, *args], capture_output=True, text=True, check=False)
        assert run.returncode == 0, run.stderr
        return run.stdout.split()

    app = "notebooks/fr/classroom.ipynb"
    assert voila_args("--pupils", "30", "--language", "fr", "--port", "8866") == [
        app, *pool_arguments(30), "--port", "8866"
    ]  # fmt: skip
    assert voila_args("--language=fr", "--pupils=2") == [app, *pool_arguments(2)]
    assert voila_args("--no-browser") == ["notebooks/classroom.ipynb", "--no-browser"]
    for bad in (["--pupils", "thirty"], ["--pupils=-3"], ["--pupils"]):
        run = subprocess.run(["bash", script, *bad], capture_output=True, text=True, check=False)
        assert run.returncode == 1 and "--pupils needs" in run.stderr, bad


def test_the_notebooks_script_refuses_a_language_it_has_not(tmp_path: Path) -> None:
    run = subprocess.run(
        ["bash", str(ROOT / "scripts" / "notebooks"), "--language", "de"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 1 and "unknown language 'de'" in run.stderr


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
