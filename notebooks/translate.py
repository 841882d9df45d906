"""Keep the French and Portuguese notebook series in step with the English one.

The English notebooks in this folder are the originals. A translated series lives in
``notebooks/<language>/`` under the same file names, and is *built*, never edited by hand:

* its code cells are the English code cells, unchanged, after one leading cell that sets the
  language (``LANGUAGE_CELL``), so a pupil sees a translated notebook run the same code;
* each Markdown cell is the translation of the English cell at the same place, looked up in
  ``notebooks/locale/<language>.po`` (msgctxt: the notebook's file name, msgid: the English
  cell), the gettext file every translation tool reads;
* outputs are kept from the translated notebook already there wherever a code cell did not
  change; a changed or new cell has none until ``refresh_outputs.py`` runs it in its language.

Commands (from the project's root, in its environment)::

    python notebooks/translate.py extract        # notebooks/locale/notebooks.pot from English
    python notebooks/translate.py update         # merge it into every <language>.po
    python notebooks/translate.py build [fr pt]  # write notebooks/<language>/*.ipynb
    python notebooks/translate.py check          # exit 1 if a build would change anything

A changed English cell has no translation until a translator gives it one: ``build`` refuses
to write a series with an untranslated or fuzzy cell and names the cell, and the test suite
runs ``check``. Adding a language: ``update`` after adding its code to ``LANGUAGES``, translate
``<code>.po``, ``build``, then ``python notebooks/refresh_outputs.py <code>/``.
"""

from __future__ import annotations

import copy
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
TEMPLATE = LOCALE / "notebooks.pot"
LANGUAGES = ("fr", "pt")

# The one code cell a translated notebook adds: a pupil sees that the language is a setting.
# (The semicolon keeps the notebook, and the classroom app, from showing the value returned.)
LANGUAGE_CELL = 'import siege_nb\n\nsiege_nb.set_language("{code}");'
# Texts the refresh script stores in the notebooks rather than a cell's own words.
REFRESH_CONTEXT = "refresh_outputs.py"


def english_notebooks() -> list[Path]:
    """The English notebooks that are translated: the series and the classroom app."""
    return sorted(HERE.glob("*.ipynb"))


def _markdown(nb: nbformat.NotebookNode) -> Iterator[tuple[int, str]]:
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and cell.source.strip():
            yield index, cell.source


def template() -> Catalog:
    """Every English Markdown cell, by notebook, and the refresh script's stored words."""
    sys.path.insert(0, str(HERE))
    import refresh_outputs

    catalog = Catalog(project="siege_nb notebooks", fuzzy=False)
    for path in english_notebooks():
        nb = nbformat.read(path, as_version=4)
        for index, source in _markdown(nb):
            catalog.add(
                source,
                locations=[(path.name, index)],
                auto_comments=[f"{path.name}, cell {index} (Markdown)"],
                context=path.name,
            )
    for text, what in refresh_outputs.STORED_WORDS:
        catalog.add(text, auto_comments=[what], context=REFRESH_CONTEXT)
    return catalog


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def extract() -> None:
    """Write ``locale/notebooks.pot`` from the English notebooks."""
    _write(template(), TEMPLATE)
    print(f"{TEMPLATE.relative_to(HERE.parent)}: {len(template())} texts")


def update() -> None:
    """Merge the template into every language's ``.po`` (a changed cell becomes fuzzy)."""
    pot = template()
    _write(pot, TEMPLATE)
    for code in LANGUAGES:
        path = LOCALE / f"{code}.po"
        catalog = _read(path) if path.exists() else Catalog(locale=code, fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=False)
        _write(catalog, path)
        missing = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
        print(f"{path.relative_to(HERE.parent)}: {len(catalog)} texts, {missing} to translate")


def translations(code: str) -> dict[tuple[str, str], str]:
    """The finished translations of ``code``, by (context, English text); fuzzy ones left
    out, so a changed English cell counts as untranslated until a translator confirms it."""
    path = LOCALE / f"{code}.po"
    if not path.exists():
        return {}
    return {
        (m.context or "", m.id): m.string
        for m in _read(path)
        if m.id and m.string and not m.fuzzy and isinstance(m.id, str)
    }


def stored_word(code: str, text: str) -> str:
    """One of the refresh script's stored texts in ``code`` (English if not translated)."""
    return translations(code).get((REFRESH_CONTEXT, text), text) if code != "en" else text


def built(path: Path, code: str) -> nbformat.NotebookNode:
    """The ``code`` version of the English notebook ``path``, in memory.

    Raises ``LookupError`` naming every Markdown cell that has no finished translation.
    """
    english = nbformat.read(path, as_version=4)
    words = translations(code)
    target = HERE / code / path.name
    old = nbformat.read(target, as_version=4) if target.exists() else None
    old_outputs: dict[str, list[tuple[list, int | None]]] = {}
    if old is not None:
        for cell in old.cells:
            if cell.cell_type == "code":
                old_outputs.setdefault(cell.source, []).append((cell.outputs, cell.execution_count))
    missing = []
    nb = copy.deepcopy(english)
    for index, source in _markdown(english):
        text = words.get((path.name, source))
        if text is None:
            missing.append(f"{path.name}, cell {index}: {source[:60]!r}")
        else:
            nb.cells[index].source = text
    if missing:
        raise LookupError(
            f"{len(missing)} Markdown cells have no finished {code} translation "
            f"(run update, translate locale/{code}.po):\n  " + "\n  ".join(missing)
        )
    first_code = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code"), 0)
    language_cell = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(code=code))
    language_cell.id = f"language-{code}"  # fixed, so that a build is byte-for-byte the same
    nb.cells.insert(first_code, language_cell)
    for cell in nb.cells:
        if cell.cell_type == "code":
            kept = old_outputs.get(cell.source)
            if kept:
                # Outputs of this very code run in this language: still right.
                cell.outputs, cell.execution_count = kept.pop(0)
            else:
                cell.outputs, cell.execution_count = [], None
    nb.metadata["siege_nb"] = {"language": code, "translated_from": path.name}
    return nb


def notebook_language(nb: nbformat.NotebookNode) -> str:
    """The language a notebook is written in (``en`` for the originals)."""
    return str(nb.metadata.get("siege_nb", {}).get("language", "en"))


def _text(nb: nbformat.NotebookNode) -> str:
    buffer = io.StringIO()
    nbformat.write(nb, buffer)
    return buffer.getvalue()


def build(codes: list[str]) -> None:
    """Write ``notebooks/<code>/`` for each language code."""
    for code in codes or LANGUAGES:
        for path in english_notebooks():
            nb = built(path, code)
            target = HERE / code / path.name
            target.parent.mkdir(exist_ok=True)
            text = _text(nb)
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8")
                waiting = sum(
                    1 for c in nb.cells if c.cell_type == "code" and not c.outputs and c.source
                )
                print(f"wrote {target.relative_to(HERE.parent)} ({waiting} cells to refresh)")


def stale(codes: list[str] | None = None) -> list[str]:
    """What a build would change, or cannot build, in words (empty when all is in step)."""
    problems = []
    for code in codes or LANGUAGES:
        for path in english_notebooks():
            target = HERE / code / path.name
            try:
                text = _text(built(path, code))
            except LookupError as err:
                problems.append(str(err))
                continue
            if not target.exists():
                problems.append(f"{target.relative_to(HERE)} is missing")
            elif target.read_text(encoding="utf-8") != text:
                problems.append(f"{target.relative_to(HERE)} is not what build writes")
    return problems


def main(argv: list[str]) -> int:
    """The command line: ``extract``, ``update``, ``build [codes]`` or ``check``."""
    command, *rest = argv or ["check"]
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "build":
        build(rest)
    elif command == "check":
        problems = stale(rest)
        print("\n".join(problems) or "the translated notebooks are in step")
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
