"""The tutorial notebooks open ready: their static outputs are stored, and nbval still runs them.

A reader who opens a notebook on GitHub, in exported HTML or in JupyterLab before *Run All*
sees the boards, pictures and tables at once. ``notebooks/refresh_outputs.py`` stores them;
these tests check what it stored (no widget state, no errors, counts in order, a picture for
every board), that the script is deterministic, that the boards start where the text says,
and that nbval, which compares only the cells marked ``# NBVAL_CHECK_OUTPUT``, still catches
a wrong stored output among the pictures.
"""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SERIES = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
# The French and Portuguese series (notebooks/translate.py builds them) store outputs too.
EVERY_SERIES = [*SERIES, *sorted(NOTEBOOKS.glob("[a-z][a-z]/[0-9][0-9]-*.ipynb"))]
MARK = "# NBVAL_CHECK_OUTPUT"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Cells that show an interactive widget with a board, and cells that draw a static board or
# figure; both must have a picture stored.
WIDGET = re.compile(
    r"sn\.(BoardWidget|RuleComparer|ScenarioLibrary|WhereTheyPart)\(|\.(player|comparer)\(\)\s*$",
    re.M,
)
DRAWING = re.compile(r"sn\.draw\(|\.figure\s*$", re.M)
# A last line that is a bare expression: its value is shown, so an output must be stored.
BARE_VALUE = re.compile(r"^[A-Za-z_][\w.\[\]:\"'()-]*\s*(#.*)?$")
# What changes a board widget's game after it is shown.
PLAYS_INTO = r"\b{name}\.(play|click|undo|redo|reset|demand|load)\b|\b{name}\.game\.play\b"


def series_id(path: Path) -> str:
    """``05`` for an English notebook, ``fr/05`` for a translated one."""
    return path.relative_to(NOTEBOOKS).as_posix()[: -len(path.name) + 2]


def load(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def code_cells(nb: Any) -> list[Any]:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def kinds(cell: Any) -> list[str]:
    """Every MIME type (or ``stream:<name>``) of a cell's stored outputs, in order."""
    found = []
    for output in cell.outputs:
        if output.output_type == "stream":
            found.append(f"stream:{output.name}")
        else:
            found.extend(output.get("data", {}))
    return found


def refresh_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "refresh_outputs", NOTEBOOKS / "refresh_outputs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_series_is_there() -> None:
    assert [p.name[:2] for p in SERIES] == [f"{i:02}" for i in range(1, 11)]


@pytest.mark.parametrize("path", EVERY_SERIES, ids=series_id)
def test_stored_outputs_are_static_complete_and_in_order(path: Path) -> None:
    nb = load(path)
    assert "widgets" not in nb.metadata, "widget state is stored"
    cells = code_cells(nb)
    assert [c.execution_count for c in cells] == list(range(1, len(cells) + 1)), (
        "execution counts are not 1, 2, 3... in cell order: run notebooks/refresh_outputs.py"
    )
    pictures = 0
    for cell in cells:
        where = f"{path.name}, cell [{cell.execution_count}]: {cell.source.splitlines()[0]!r}"
        found = kinds(cell)
        assert "execution" not in cell.metadata, f"run times stored in {where}"
        assert not any(o.output_type == "error" for o in cell.outputs), f"an error in {where}"
        assert "stream:stderr" not in found, f"a warning or error text in {where}"
        assert WIDGET_VIEW not in found, f"a widget view (needs a live kernel) in {where}"
        text = json.dumps([o.get("data", {}).get("text/plain", "") for o in cell.outputs])
        assert not re.search(r" at 0x[0-9a-f]+>", text), f"a memory address in {where}"
        for output in cell.outputs:
            if output.output_type == "execute_result":
                assert output.execution_count == cell.execution_count, where
        pictures += found.count("image/png")
        if WIDGET.search(cell.source) or DRAWING.search(cell.source):
            assert "image/png" in found, f"no picture stored for the board of {where}"
        last = cell.source.strip().splitlines()[-1]
        if BARE_VALUE.match(last) and not last.startswith("print("):
            assert found, f"the value shown by {where} is not stored"
    assert pictures, f"{path.name} stores no picture"


@pytest.mark.parametrize("path", EVERY_SERIES, ids=series_id)
def test_a_widget_is_stored_as_a_picture_that_says_it_is_one(path: Path) -> None:
    for cell in code_cells(load(path)):
        if not WIDGET.search(cell.source):
            continue
        found = kinds(cell)
        picture = found.index("image/png")
        assert "text/markdown" in found[picture:], f"no caption after the picture: {cell.source}"
        caption = next(o for o in cell.outputs if "text/markdown" in o.get("data", {}))
        assert "Run All Cells" in caption.data["text/markdown"]


@pytest.mark.parametrize("path", EVERY_SERIES, ids=series_id)
def test_stored_pictures_are_small_and_carry_no_metadata(path: Path) -> None:
    for cell in code_cells(load(path)):
        for output in cell.outputs:
            data = output.get("data", {}).get("image/png")
            if data is None:
                continue
            raw = base64.b64decode(data)
            image = Image.open(io.BytesIO(raw))
            assert not {"Software", "Creation Time", "dpi"} & set(image.info), image.info
            # A board at 100 dpi is under 1000 px high; 400 kB would mean a photograph.
            assert image.height <= 1200 and len(raw) < 400_000, (path.name, image.size, len(raw))


@pytest.mark.parametrize("path", EVERY_SERIES, ids=series_id)
def test_marked_cells_store_only_text(path: Path) -> None:
    """nbval compares these outputs: they must be text that is the same on every run."""
    for cell in code_cells(load(path)):
        if cell.source.startswith(MARK):
            found = kinds(cell)
            assert found, f"a marked cell stores nothing to compare: {cell.source}"
            assert set(found) <= {"stream:stdout", "text/plain"}, (cell.source, found)


def test_the_classroom_app_stores_no_outputs() -> None:
    # Voila runs it afresh for every visitor; stored outputs would only go stale.
    assert not any(cell.outputs for cell in code_cells(load(NOTEBOOKS / "classroom.ipynb")))


@pytest.mark.parametrize("path", SERIES, ids=lambda p: p.name[:2])
def test_no_later_cell_plays_into_a_board_the_reader_plays_on(path: Path) -> None:
    """After Run All every board the reader plays on shows what its own cell set up (in 06,
    the start of the game), so no later cell may play moves into it."""
    cells = code_cells(load(path))
    for i, cell in enumerate(cells):
        for name in re.findall(r"^(\w+)\s*=\s*sn\.BoardWidget\(", cell.source, re.M):
            pattern = re.compile(PLAYS_INTO.format(name=name))
            for later in cells[i + 1 :]:
                assert not pattern.search(later.source), (
                    f"{path.name}: cell [{later.execution_count}] changes the board {name} "
                    f"of cell [{cell.execution_count}]"
                )


def test_the_play_board_of_06_starts_at_the_start() -> None:
    nb = load(NOTEBOOKS / "06-play-siege-of-paris.ipynb")
    board = next(c for c in code_cells(nb) if "sn.BoardWidget(" in c.source)
    saved = next(c for c in code_cells(nb) if "board.game.to_json()" in c.source)
    shown = "".join(o.get("data", {}).get("text/plain", "") for o in saved.outputs)
    assert shown == "('escale-a-jeux', 'garrison', 0)", shown  # preset, side to move, ply
    assert board.execution_count < saved.execution_count


def test_notebook_01_says_run_all_before_anything_else() -> None:
    nb = load(NOTEBOOKS / "01-start-here.ipynb")
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert "**Run**, then **Run All Cells**" in first.source
    # The hint comes right under the title, before the introduction.
    assert first.source.index("Run All Cells") < first.source.index("Three board games")


def test_nbval_still_catches_a_wrong_stored_output_among_the_pictures(tmp_path: Path) -> None:
    """The stored pictures are never compared, but a marked cell still is: spoil one marked
    output and one picture of a copy of notebook 01, and nbval fails on the marked cell only."""
    nb = json.loads((NOTEBOOKS / "01-start-here.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    marked = next(c for c in cells if "".join(c["source"]).startswith(MARK))
    marked["outputs"][0]["data"]["text/plain"] = ["['not what the cell prints']"]
    picture = next(o for c in cells for o in c["outputs"] if "image/png" in o.get("data", {}))
    picture["data"]["image/png"] = base64.b64encode(b"not the picture").decode()
    copy = tmp_path / "spoiled.ipynb"
    copy.write_text(json.dumps(nb), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax", str(copy)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    summary = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 1, run.stdout[-3000:]
    assert re.search(r"\b1 failed, \d+ passed\b", summary), run.stdout[-3000:]
    assert "not what the cell prints" in run.stdout


def test_refreshing_stores_static_outputs_the_same_way_every_time(tmp_path: Path) -> None:
    """The refresh script on a small notebook: text, a table, a board, a figure and widgets go
    in; text, the table and pictures come out (a widget as its board's picture with a
    caption, a progress bar not at all), numbered in order, byte-identical on a second run."""
    refresh = refresh_module()
    sources = [
        "import siege_nb as sn\nprint('hello')",
        "sn.new_game('pyramid-siege')",
        "sn.draw(sn.new_game('pyramid-siege'))",
        "sn.option_table('pyramid-siege')",
        "sn.BoardWidget('pyramid-siege')",
        "import ipywidgets\nipywidgets.IntProgress(value=3, max=10)",
        "%matplotlib inline\nimport matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots(figsize=(2, 1))\nax.plot([0, 1])\nplt.close(fig)\nfig",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "small.ipynb"
    nbformat.write(nb, path)
    refresh.refresh(path)
    first = path.read_bytes()
    refresh.refresh(path)
    assert path.read_bytes() == first, "a second refresh changed the notebook"
    cells = code_cells(load(path))
    assert [c.execution_count for c in cells] == [1, 2, 3, 4, 5, 6, 7]
    assert [kinds(c) for c in cells] == [
        ["stream:stdout"],
        # A game and a drawing: the picture, and the same picture as HTML with its alt text.
        ["image/png", "text/html", "text/plain"],
        ["image/png", "text/html", "text/plain"],
        ["text/html", "text/plain"],
        ["image/png", "text/plain", "text/markdown", "text/plain"],
        [],
        ["image/png", "text/plain"],
    ]
    assert "widgets" not in load(path).metadata
    # The stored HTML holds the same small picture as the PNG, and the words as its alt text.
    game_cell = code_cells(load(path))[1]
    data = game_cell.outputs[0]["data"]
    png = "".join(data["image/png"]).strip()
    assert f'src="data:image/png;base64,{png}"' in "".join(data["text/html"])
    assert 'alt="Pyramid Siege. No move played yet.' in "".join(data["text/html"])
