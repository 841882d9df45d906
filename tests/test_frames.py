"""The frames a widget's canvas sends: valid PNGs, full then diff, as ipympl's browser side
expects (see ``siege_nb/widgets/frames.py``)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from PIL import Image

from siege_nb.widgets.common import canvas_for
from siege_nb.widgets.frames import QuickCanvas, png_rgba


def decoded(png: bytes) -> np.ndarray:
    image = Image.open(io.BytesIO(png))
    assert image.mode == "RGBA"
    return np.asarray(image)


@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (61, 47)])
def test_a_png_decodes_to_the_same_pixels(shape: tuple[int, int]) -> None:
    pixels = np.random.default_rng(7).integers(0, 256, (*shape, 4), dtype=np.uint8)
    assert np.array_equal(decoded(png_rgba(pixels)), pixels)


@pytest.mark.parametrize(
    "bad", [np.zeros((4, 4, 3), np.uint8), np.zeros((4, 4, 4), np.float32), np.zeros(16)]
)
def test_pixels_of_another_kind_are_refused(bad: np.ndarray) -> None:
    with pytest.raises(ValueError, match="height x width x 4 uint8"):
        png_rgba(bad)


def test_the_canvas_sends_a_full_frame_then_only_what_changed() -> None:
    fig = Figure(figsize=(2, 2), dpi=50)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 2)
    ax.set_ylim(0, 2)
    square = ax.add_patch(Rectangle((0, 0), 1, 1, color="#A9B8C4"))
    canvas = canvas_for(fig)
    assert isinstance(canvas, QuickCanvas)
    modes: list[str] = []
    sent: list[bytes] = []
    canvas.set_image_mode = modes.append  # type: ignore[method-assign]
    canvas.send_binary = sent.append  # type: ignore[method-assign]
    canvas.draw()  # draws, makes the frame and sends it
    assert len(sent) == 1 and modes == ["full"]
    shown = decoded(sent[0]).copy()
    assert canvas.get_diff_image() is None  # nothing new drawn
    square.set_color("#E69F00")
    canvas.draw()
    assert len(sent) == 2 and modes == ["full", "diff"]
    patch = decoded(sent[1])
    changed = patch[..., 3] > 0
    assert 0 < changed.sum() < changed.size  # only the recoloured square's pixels
    shown[changed] = patch[changed]  # what the browser does: paint the diff over the frame
    assert np.array_equal(shown, np.asarray(canvas.get_renderer().buffer_rgba()))


@pytest.mark.parametrize(
    "blank_rows",
    [[], [0], [4], list(range(9)), [0, 1, 2, 6, 7, 8], [3, 4, 5], list(range(1, 9))],
)
def test_blank_rows_anywhere_decode_exactly(blank_rows: list[int]) -> None:
    """A diff frame is mostly blank rows, written from kept pieces: every pattern of blank
    and drawn rows must still decode to the same pixels."""
    pixels = np.random.default_rng(len(blank_rows)).integers(1, 256, (9, 13, 4), dtype=np.uint8)
    pixels[blank_rows] = 0
    assert np.array_equal(decoded(png_rgba(pixels)), pixels)


def test_a_mostly_blank_frame_is_small() -> None:
    pixels = np.zeros((616, 471, 4), np.uint8)
    pixels[300:340, 200:260] = 200
    png = png_rgba(pixels)
    assert np.array_equal(decoded(png), pixels)
    assert len(png) < 4000
