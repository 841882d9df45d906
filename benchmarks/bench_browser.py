"""Click latency in a real browser (reported, never asserted): JupyterLab, Debian's Chromium.

Run ``python3 benchmarks/bench_browser.py``. In one JupyterLab session it times 20 clicks on
the Siege of Paris board widget (select a piece, then move it; an untimed Undo between
pairs) and 20 clicks on a trivial 4 x 4 ipympl figure whose handler recolours a square and
calls ``draw()``: the floor. A click is timed from the browser's mousedown (a capturing
listener on the figure's top canvas) to the next image drawn on its image canvas (a patched
``drawImage``). Server, kernel and browser share the machine's cores, so only figures from
the same run are compared.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_engines import machine

import siege_nb as sn
from tests.browser.lab import (
    canvas_in,
    cell_containing,
    chromium,
    jupyter_server,
    open_notebook,
    reported_space,
    run_all,
)

FLOOR = """\
import ipywidgets as w
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from siege_nb.widgets.common import canvas_for

floor_fig = Figure(figsize=(4, 4), dpi=100)
ax = floor_fig.add_axes((0, 0, 1, 1))
ax.set_xlim(0, 4); ax.set_ylim(0, 4); ax.set_axis_off()
squares = [ax.add_patch(Rectangle((i % 4, i // 4), 1, 1, color="#A9B8C4")) for i in range(16)]
floor_canvas = canvas_for(floor_fig)

def on_press(event):
    if event.inaxes is ax:
        i = int(event.ydata) * 4 + int(event.xdata)
        squares[i].set_color("#E69F00" if squares[i].get_facecolor()[0] < 0.8 else "#A9B8C4")
        floor_canvas.draw()

floor_canvas.mpl_connect("button_press_event", on_press)
w.VBox([floor_canvas])  # FLOOR
"""
BOARD = """\
import siege_nb as sn
board = sn.BoardWidget("siege-of-paris")
board  # BOARD
"""
INSTRUMENT = """() => {
    if (window.__lat) return;
    window.__lat = {down: 0, draws: []};
    const orig = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (...args) {
        window.__lat.draws.push([this.canvas, performance.now()]);
        return orig.apply(this, args);
    };
}"""
ARM = """(top) => {
    window.__lat.draws = [];
    top.addEventListener('mousedown', () => { window.__lat.down = performance.now(); },
                         {capture: true, once: true});
}"""
RESULT = """(image) => {
    const t = window.__lat.draws.find(([c, t]) => c === image && t >= window.__lat.down);
    return t ? t[1] - window.__lat.down : null;
}"""


def timed_click(page, top, image, x: float, y: float) -> float:
    """Milliseconds from mousedown to the next image drawn on ``image``."""
    page.evaluate(ARM, top.element_handle())
    page.mouse.click(x, y)
    page.wait_for_function(RESULT, arg=image.element_handle(), timeout=10_000)
    return float(page.evaluate(RESULT, image.element_handle()))


def at(canvas, fx: float, fy: float) -> tuple[float, float]:
    box = canvas.bounding_box()
    return box["x"] + fx * box["width"], box["y"] + fy * box["height"]


def summary(name: str, times: list[float]) -> float:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    med = statistics.median(times)
    print(f"{name:34} median {med:6.1f} ms   p95 {p95:6.1f} ms   ({len(times)} clicks)")
    return med


def main() -> None:
    """Print the figures."""
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(FLOOR), nbformat.v4.new_code_cell(BOARD)]
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbformat.write(nb, Path(tmp) / "bench.ipynb")
        with jupyter_server("lab", root_dir=Path(tmp)) as base, chromium() as page:
            page.evaluate("() => 0")
            open_notebook(page, base, "bench.ipynb")
            page.evaluate(INSTRUMENT)
            run_all(page)
            floor_top = canvas_in(cell_containing(page, "# FLOOR"))
            board_cell = cell_containing(page, "# BOARD")
            board_top = canvas_in(board_cell)
            floor_image = floor_top.locator("xpath=..").locator("canvas").first
            board_image = board_top.locator("xpath=..").locator("canvas").first
            # The board is sized for the room the page gives it: the twin that places the
            # clicks is told the same room.
            twin = sn.BoardWidget("siege-of-paris")
            twin.board_canvas.probe.space = reported_space(board_cell)
            floor, board = [], []

            def floor_click(i: int) -> float:
                floor_top.scroll_into_view_if_needed()
                xy = at(floor_top, (i % 4 + 0.5) / 4, (i // 4 % 4 + 0.5) / 4)
                return timed_click(page, floor_top, floor_image, *xy)

            def board_click(node: str) -> float:
                board_top.scroll_into_view_if_needed()
                xy = at(board_top, *twin.view.fraction_of(node))
                return timed_click(page, board_top, board_image, *xy)

            def undo() -> None:
                board_cell.locator("button", has_text="Undo").click()
                page.wait_for_timeout(300)

            # Warm-up, untimed: first draws and first messages are slower.
            for i in range(4):
                floor_click(i)
                board_click("C0")
                board_click("f5")
                undo()
            # Interleaved, so that both series see the same load.
            for i in range(10):
                floor.append(floor_click(2 * i))
                board.append(board_click("C0"))
                floor.append(floor_click(2 * i + 1))
                board.append(board_click("f5"))
                undo()
    print()
    f = summary("trivial 4 x 4 figure (the floor)", floor)
    b = summary("Siege of Paris board (select, move)", board)
    print(f"\nboard / floor (medians): {b / f:.2f}")


if __name__ == "__main__":
    main()
