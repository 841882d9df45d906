"""The package's layers import one way (docs/design.md, section 2).

{errors, i18n} -> rules -> boards -> games -> {records, scenarios, ai, render} -> widgets ->
the API; i18n_extract, a developer's tool that walks the rule data and the scenarios to build
the translation catalogue, stands above the engine and nothing imports it.
Two imports run upwards on purpose, both inside a function so that they load only when used:
``Game._repr_png_`` loads ``render`` (a game shows itself as a picture, as python-chess does)
and ``Scenario.player()`` loads ``widgets``. Anything else upward is a mistake this test names.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "siege_nb"

LAYER = {
    "errors": -1,  # the project's errors and argument checks: every layer may raise them
    "i18n": -1,  # the languages: every layer says its words through it
    "i18n_extract": 5,  # builds the catalogue from the rule data and scenarios; not imported
    "rules": 0,
    "boards": 1,
    "games": 2,
    "records": 3,
    "scenarios": 3,
    "ai": 3,
    "render": 3,
    "widgets": 4,
    "": 5,  # siege_nb/__init__.py, the public API
    "serving": 5,  # for the Jupyter server only; nothing in the package imports it
}

# (importing module, imported package): the documented upward imports, both lazy.
ALLOWED_UPWARD = {
    ("siege_nb.games.base", "render"),
    ("siege_nb.scenarios", "widgets"),
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The siege_nb modules imported by a file, each with whether it is imported at module
    level (True) or inside a function or class body (False)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top_level = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        out.extend((n, id(node) in top_level) for n in names if n.startswith("siege_nb"))
    return out


def _graph() -> dict[str, list[tuple[str, bool]]]:
    return {_module_name(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_every_package_has_a_layer() -> None:
    packages = {_package_of(m) for m in _graph()}
    assert packages <= set(LAYER), f"give these packages a layer: {packages - set(LAYER)}"


def test_nothing_in_the_package_imports_the_server_module() -> None:
    importers = [
        module
        for module, imports in _graph().items()
        if any(_package_of(target) == "serving" for target, _ in imports)
    ]
    assert importers == []


def test_imports_run_downwards_except_the_two_documented_ones() -> None:
    upward = []
    for module, imports in _graph().items():
        here = _package_of(module)
        for target, at_top in imports:
            there = _package_of(target)
            if LAYER[there] > LAYER[here]:
                upward.append((module, there, at_top))
    assert {(m, t) for m, t, _ in upward} == ALLOWED_UPWARD, upward
    # The two that are allowed load lazily, so the engine runs without matplotlib.
    assert not [u for u in upward if u[2]], upward


def test_no_import_cycle_between_modules_at_load_time() -> None:
    graph = _graph()
    known = set(graph)

    def resolve(target: str) -> str | None:
        # "from siege_nb.games.base import X" names a module; "from siege_nb.games import X"
        # names a package (its __init__).
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    edges = {
        m: {r for t, top in imports if top and (r := resolve(t)) and r != m}
        for m, imports in graph.items()
    }
    cycles = _cycles(edges)
    assert not cycles, "; ".join(" -> ".join(c) for c in cycles)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle a depth-first walk meets (each closed by a back edge)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    found: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                found.append([*path[path.index(n) :], n])
            elif n not in state:
                visit(n, [*path, n])
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m, [m])
    return found


def test_the_checks_can_fail() -> None:
    # An engine module importing widgets is upward; a -> b -> a is a cycle.
    fake = ast.parse("from siege_nb.widgets import BoardWidget")
    node = fake.body[0]
    assert isinstance(node, ast.ImportFrom) and node.module is not None
    assert LAYER[_package_of(node.module)] > LAYER["games"]
    assert _cycles({"a": {"b"}, "b": {"a"}}) == [["a", "b", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
