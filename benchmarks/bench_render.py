"""Drawing and widget-update times, headless (reported, never asserted).

Run ``python3 benchmarks/bench_render.py``. Medians of repeated runs, per game:

* a full draw of the board (new figure, all artists, Agg render);
* a BoardWidget click that selects a piece and highlights its moves, and a click that plays
  a move: the kernel-side work from the mouse event to the PNG diff that ipympl sends
  (engine, artist updates, blitting and PNG encoding). The browser's share (transport,
  decoding, painting) is measured by the browser benchmark of issue 6, not here.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_engines import machine
from matplotlib.backends.backend_agg import FigureCanvasAgg

import siege_nb as sn
from siege_nb.render import draw
from siege_nb.widgets import BoardWidget
from siege_nb.widgets.common import mouse_click

# A piece to select and a move to play for each game, from the start position.
CLICKS = {
    "siege-of-paris": ("C0", "g5"),
    "belagerung": ("d6", "d7"),
    "pyramid-siege": ("r4c1", "r4c2"),
}


def median_ms(work: Callable[[], None], runs: int = 15) -> float:
    """Median wall time of ``work`` in milliseconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        work()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def bench_game(game: str) -> None:
    """Print one game's figures."""
    g = sn.new_game(game)

    def full_draw() -> None:
        view = draw(g)
        FigureCanvasAgg(view.fig).draw()

    widget = BoardWidget(game)
    widget.canvas.draw()  # the first full draw, as the browser's view would ask for
    widget.canvas.syncing_data_url = False  # what ipympl does once a browser view exists
    piece, target = CLICKS[game]

    def click(node: str) -> None:
        mouse_click(widget.canvas, widget.ax, *widget.view.positions[node])

    def select() -> None:
        widget.click(None)
        click(piece)

    elapsed: list[float] = []

    def move() -> None:
        click(piece)
        t0 = time.perf_counter()
        click(target)
        elapsed.append(time.perf_counter() - t0)
        widget.game.undo()

    print(f"== {game}")
    print(f"full draw of the board:            {median_ms(full_draw):6.1f} ms")
    print(f"click that selects and highlights: {median_ms(select):6.1f} ms")
    median_ms(move)
    print(f"click that plays a move:           {1000 * statistics.median(elapsed):6.1f} ms\n")


def main() -> None:
    """Print the figures."""
    print(f"machine: {machine()}")
    print(f"matplotlib {matplotlib.__version__}; medians of 15 runs\n")
    for game in sn.GAMES:
        bench_game(game)


if __name__ == "__main__":
    main()
