"""The French and Portuguese notebooks stay in step with the English ones.

``notebooks/translate.py`` builds ``notebooks/fr`` and ``notebooks/pt`` from the English
notebooks and the notebook catalogues (``notebooks/locale/*.po``). These tests check that the
files are exactly what a build writes (so a changed English cell with no translation fails
here), that a pupil runs the same code in every language (the code cells are the English
ones after a single language cell), that every Markdown cell is translated, and that the
stored outputs are there and in the notebook's language. nbval runs the translated notebooks
like the English ones (they are under ``notebooks/``, which the test command collects).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from test_i18n import assert_no_english

import siege_nb as sn

# English names the notebooks use on purpose: titles of published books and games, and the
# words behind the labels S_B and S_W of figures B and C, each given with a translation.
NAMES = (
    "Siege of Paris",
    "Pyramid Siege",
    "Fox and Geese",
    "The Oxford History of Board Games",
    "Oxford History of Board Games",
    "The Book of Games",
    "The Three Musketeers",
    "Officers and Sepoys",
    "Black",
    "White",
)
# What the code prints in the code's own words: piece and side names, which a reader writes in
# positions (``"white soldier"``, ``to_move="garrison"``), as the notebooks say, and the
# sources' language codes (notebook 1 lists an Italian text, "it").
CODE_NAMES = tuple(
    {piece for game in sn.GAMES for piece in sn.new_game(game).pieces().values()}
    | {"garrison", "white", "black", "attacker", "defender"}
    | {source.language for source in sn.SOURCES.values()}
)
ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def translate_module() -> ModuleType:
    if str(NOTEBOOKS) not in sys.path:
        sys.path.insert(0, str(NOTEBOOKS))
    spec = importlib.util.spec_from_file_location("translate", NOTEBOOKS / "translate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


translate = translate_module()
ENGLISH = translate.english_notebooks()
PAIRS = [(code, path) for code in translate.LANGUAGES for path in ENGLISH]


def pair_id(pair: Any) -> str:
    return f"{pair[0]}/{pair[1].name[:2]}" if isinstance(pair, tuple) else str(pair)


def load(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def cells(path: Path, kind: str) -> list[Any]:
    return [cell for cell in load(path).cells if cell.cell_type == kind]


def test_every_translated_notebook_is_what_the_build_writes() -> None:
    assert translate.stale() == []


def test_the_series_is_translated_whole() -> None:
    for code in translate.LANGUAGES:
        assert sorted(p.name for p in (NOTEBOOKS / code).glob("*.ipynb")) == [
            p.name for p in ENGLISH
        ]


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_a_pupil_runs_the_same_code_in_every_language(pair: tuple[str, Path]) -> None:
    code, english = pair
    theirs = [c.source for c in cells(NOTEBOOKS / code / english.name, "code")]
    ours = [c.source for c in cells(english, "code")]
    assert theirs[0] == translate.LANGUAGE_CELL.format(code=code)
    assert theirs[1:] == ours


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_every_markdown_cell_is_in_the_notebooks_language(pair: tuple[str, Path]) -> None:
    code, english = pair
    theirs = [c.source for c in cells(NOTEBOOKS / code / english.name, "markdown")]
    ours = [c.source for c in cells(english, "markdown")]
    assert len(theirs) == len(ours)
    same = [t for t, o in zip(theirs, ours, strict=True) if t == o and len(o.split()) > 3]
    assert same == [], "left in English"
    texts = {f"cell {i}": text for i, text in enumerate(theirs)}
    assert_no_english(texts, code, NAMES)


@pytest.mark.parametrize("pair", PAIRS, ids=pair_id)
def test_outputs_are_stored_in_the_notebooks_language(pair: tuple[str, Path]) -> None:
    """Wherever the English notebook stores an output, the translated one does too (run
    ``python notebooks/refresh_outputs.py fr/ pt/`` after a build), and its printed words
    are the notebook's language."""
    code, english = pair
    theirs = [c for c in load(NOTEBOOKS / code / english.name).cells if c.cell_type == "code"]
    ours = [c for c in load(english).cells if c.cell_type == "code"]
    texts = {}
    for cell, original in zip(theirs[1:], ours, strict=True):
        assert bool(cell.outputs) == bool(original.outputs), (
            f"{code}/{english.name}: outputs missing or extra for {cell.source[:60]!r}"
        )
        for n, output in enumerate(cell.outputs):
            if output.output_type == "stream":
                texts[f"[{cell.execution_count}] {n}"] = output.text
            for kind in ("text/markdown", "text/html"):
                if kind in output.get("data", {}):
                    texts[f"[{cell.execution_count}] {n} {kind}"] = output.data[kind]
    assert_no_english(texts, code, NAMES + CODE_NAMES)


def test_the_build_refuses_an_untranslated_cell_and_names_it(tmp_path: Path) -> None:
    """A changed English cell counts as untranslated until a translator confirms it."""
    english = load(ENGLISH[0])
    first = next(c for c in english.cells if c.cell_type == "markdown")
    first.source += "\n\nA new English sentence."
    copy = tmp_path / ENGLISH[0].name
    nbformat.write(english, copy)
    with pytest.raises(LookupError, match=re.escape(ENGLISH[0].name)):
        translate.built(copy, "fr")
