"""Re-run the tutorial notebooks and store their text outputs, as the repository keeps them.

Cells marked ``# NBVAL_CHECK_OUTPUT`` are compared with their stored output by the test
command, so after a change to the rule data or to the words the package prints, run::

    python3 notebooks/refresh_outputs.py            # every notebook
    python3 notebooks/refresh_outputs.py 05 08      # notebooks whose names start so

Only text (printed text, plain-text and HTML results) is stored; pictures and widget views are
not, because they change from run to run and nbval does not compare them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
TEXT = ("text/plain", "text/html")


def keep(output: dict) -> bool:
    """Printed text, and results that are plain text or HTML only."""
    if output["output_type"] == "stream":
        return True
    if output["output_type"] != "execute_result":
        return False
    return set(output.get("data", {})) <= set(TEXT)


def refresh(path: Path) -> None:
    """Execute ``path`` on a fresh kernel and write it back with its text outputs."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}
    ).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if keep(o)]
            cell.metadata.pop("execution", None)  # run times only make noise in diffs
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)


def main(prefixes: list[str]) -> None:
    """Refresh the notebooks whose names start with one of ``prefixes`` (all if none)."""
    for path in sorted(HERE.glob("*.ipynb")):
        if path.name == "classroom.ipynb":
            continue  # the Voila app stores no outputs
        if prefixes and not path.name.startswith(tuple(prefixes)):
            continue
        print(f"refreshing {path.name}", flush=True)
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
