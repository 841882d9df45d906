"""Re-run the tutorial notebooks and store their outputs, as the repository keeps them.

The notebooks are kept with their static outputs, so that a reader sees the boards, pictures
and tables before running anything: on GitHub, in exported HTML, or in JupyterLab before *Run
All*. After a change to the rule data, the drawings or the words the package prints, run::

    python3 notebooks/refresh_outputs.py            # every notebook
    python3 notebooks/refresh_outputs.py 05 08      # notebooks whose names start so
    python3 notebooks/refresh_outputs.py fr/ pt/04  # the translated series (see translate.py)

What is stored, per code cell, in the order the cell produced it:

* printed text, and results shown as text, HTML or Markdown (tables);
* pictures (a ``Game``, ``sn.draw(...)``, matplotlib figures), as PNG re-encoded smaller
  (see :func:`small_png`);
* for an interactive widget (a board, a scenario player, a comparer), a picture of its board
  as it was first shown and a one-line caption saying that running the notebook makes it
  answer clicks. The widget view itself and the widget state are not stored: they need a
  running kernel, and elsewhere they show nothing or "Loading widget...". A widget without
  a board (a progress bar) is left out.

The output is deterministic: the same code gives byte-identical notebooks, so running the
script twice changes nothing and a diff shows only real changes (execution counts run 1, 2,
3... in cell order; no run times, no widget state, no PNG metadata).

The test command runs the notebooks with nbval in ``--nbval-lax`` mode: only the cells marked
``# NBVAL_CHECK_OUTPUT`` are compared with their stored output, so the pictures never make a
test fail, and a marked cell must print only text. ``tests/test_notebook_outputs.py`` checks
what this script stores.
"""

from __future__ import annotations

import base64
import io
import os
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import numpy as np
from nbclient import NotebookClient
from PIL import Image

HERE = Path(__file__).resolve().parent

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What a stored output may carry; anything else (widget views, scripts) needs a live kernel.
STATIC = ("text/plain", "text/markdown", "text/html", "image/png", "image/svg+xml", "image/jpeg")
# A default repr names a memory address, which changes on every run (``sn.draw`` returns a
# view shown as its picture, with ``<...BoardView at 0x7f...>`` as its plain-text form).
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+(?=>)")
# Resolution of a widget's stand-in picture: what the notebooks use for a Game's picture.
WIDGET_DPI = 100
PICTURE_TEXT = "[a picture of the board; run the notebook to use it]"
# Mean error per pixel and channel (0-255) that a 256-colour palette may cause; the boards
# come out near 0.05, invisible.
PALETTE_ERROR = 0.5
CAPTION = (
    "*This is only a picture of the board. To use it, run the notebook: "
    "in the menu choose **Run → Run All Cells**.*"
)
# The texts above, for the translators (``translate.py`` puts them in the notebooks' catalogue).
STORED_WORDS = (
    (PICTURE_TEXT, "the plain-text stand-in for a board widget's stored picture"),
    (CAPTION, "the caption under a board widget's stored picture (Markdown)"),
)

# Run in the kernel before the first cell, outside its history (so that the cells are still
# numbered from 1): every widget shown gets a PNG of its board beside its widget view, drawn
# when it is shown, so later cells cannot change the picture. Widgets with a ``to_png``
# method (every siege_nb widget with a board) draw themselves; otherwise the first
# matplotlib figure found among the widget's children is drawn.
KERNEL_SETUP = f"""
def _install_widget_pictures():
    import io

    import ipywidgets
    from matplotlib.figure import Figure

    def picture(widget):
        todo = [widget]
        while todo:
            item = todo.pop(0)
            if callable(getattr(item, "to_png", None)):
                return item.to_png(dpi={WIDGET_DPI})
            figure = getattr(item, "figure", None)
            if isinstance(figure, Figure):
                buffer = io.BytesIO()
                figure.savefig(buffer, format="png", dpi={WIDGET_DPI})
                return buffer.getvalue()
            todo.extend(getattr(item, "children", ()))
        return None

    formatter = get_ipython().display_formatter.formatters["image/png"]
    formatter.for_type(ipywidgets.Widget, picture)

_install_widget_pictures()
del _install_widget_pictures
"""


# An HTML output that is a PNG picture with its alt text, as siege_nb's drawings give it.
IMG_DATA = re.compile(r'<img src="data:image/png;base64,[A-Za-z0-9+/=\s]*"')


def small_png(data: str) -> str:
    """A base64 PNG re-encoded smaller: without metadata, and with a palette of 256 colours
    when that changes no pixel by more than :data:`PALETTE_ERROR` on average (true for the
    board drawings, a few flat colours and their anti-aliased edges; a picture with
    gradients keeps all its colours). Deterministic: the same input always gives the same
    bytes.

    >>> from PIL import Image
    >>> buffer = io.BytesIO()
    >>> Image.new("RGBA", (40, 30), "white").save(buffer, format="PNG")
    >>> image = Image.open(io.BytesIO(base64.b64decode(small_png(base64.b64encode(
    ...     buffer.getvalue()).decode()))))
    >>> image.size, image.mode
    ((40, 30), 'P')
    """
    image = Image.open(io.BytesIO(base64.b64decode(data)))
    image.load()
    if image.mode != "RGB":
        # Matplotlib draws on an opaque white figure; a transparent pixel would be
        # flattened onto white here, as a notebook page shows it.
        background = Image.new("RGBA", image.size, "white")
        image = Image.alpha_composite(background, image.convert("RGBA")).convert("RGB")
    palette = image.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    error = np.abs(
        np.asarray(palette.convert("RGB"), dtype=np.int16) - np.asarray(image, dtype=np.int16)
    ).mean()
    buffer = io.BytesIO()
    (palette if error <= PALETTE_ERROR else image).save(buffer, format="PNG", optimize=True)
    return base64.b64encode(buffer.getvalue()).decode("ascii") + "\n"


def static_outputs(outputs: list[Any], language: str = "en") -> list[Any]:
    """The outputs of one executed cell as they are stored: text, tables and pictures kept,
    each widget replaced by a picture of its board and a caption (or left out if it has no
    board). The picture's stand-in text and caption are in ``language``.

    >>> text = nbformat.v4.new_output("stream", name="stdout", text="hello\\n")
    >>> bar = nbformat.v4.new_output(
    ...     "display_data", data={WIDGET_VIEW: {"model_id": "1"}, "text/plain": "bar"})
    >>> [o["output_type"] for o in static_outputs([text, bar])]
    ['stream']
    """
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from translate import stored_word

    picture_text, caption_text = (stored_word(language, text) for text, _ in STORED_WORDS)
    stored = []
    for output in outputs:
        if output["output_type"] == "stream":
            stored.append(output)
            continue
        data = output.get("data", {})
        if WIDGET_VIEW in data:
            if "image/png" in data:
                picture = {"image/png": small_png(data["image/png"]), "text/plain": picture_text}
                stored.append(nbformat.v4.new_output("display_data", data=picture))
                plain = caption_text.replace("*", "")
                caption = {"text/markdown": caption_text, "text/plain": plain}
                stored.append(nbformat.v4.new_output("display_data", data=caption))
            continue
        kept = {kind: value for kind, value in data.items() if kind in STATIC}
        if "text/plain" in kept:
            kept["text/plain"] = ADDRESS.sub("", "".join(kept["text/plain"]))
        if "image/png" in kept:
            kept["image/png"] = small_png(kept["image/png"])
            html = "".join(kept.get("text/html", ""))
            if IMG_DATA.match(html):
                # The same picture as HTML, for its alt text (siege_nb.render.picture): the
                # smaller PNG in it too.
                small = kept["image/png"].strip()
                # (base64 has no backslash, so the text is a plain replacement)
                kept["text/html"] = IMG_DATA.sub(
                    f'<img src="data:image/png;base64,{small}"', html, count=1
                )
        if kept:
            output["data"] = kept
            output["metadata"] = {
                kind: value for kind, value in output.get("metadata", {}).items() if kind in kept
            }
            stored.append(output)
    return stored


def refresh(path: Path) -> None:
    """Execute ``path`` on a fresh kernel and write it back with its static outputs.

    A cell that raises stops the refresh (nbclient's ``CellExecutionError``), so no error
    output is ever stored.
    """
    nb = nbformat.read(path, as_version=4)
    language = str(nb.metadata.get("siege_nb", {}).get("language", "en"))
    # An English notebook speaks English whatever this machine's locale; a translated one
    # sets its language in its first code cell.
    os.environ["SIEGE_NB_LANGUAGE"] = "en"
    NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        extra_arguments=[f"--IPKernelApp.exec_lines={KERNEL_SETUP}"],
        record_timing=False,
    ).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = static_outputs(cell.outputs, language)
            cell.metadata.pop("execution", None)  # run times only make noise in diffs
    nb.metadata.pop("widgets", None)  # widget state: needs a live kernel, changes every run
    nbformat.write(nb, path)


def main(prefixes: list[str]) -> None:
    """Refresh the notebooks whose paths below this folder start with one of ``prefixes``
    (``05``, ``fr/``, ``pt/04``; all if none)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from translate import LANGUAGES

    paths = sorted(HERE.glob("*.ipynb"))
    for code in LANGUAGES:
        paths += sorted((HERE / code).glob("*.ipynb"))
    for path in paths:
        name = path.relative_to(HERE).as_posix()
        if path.name == "classroom.ipynb":
            continue  # the Voila app stores no outputs: Voila runs it for every visitor
        if prefixes and not name.startswith(tuple(prefixes)):
            continue
        print(f"refreshing {name}", flush=True)
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
