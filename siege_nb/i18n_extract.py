"""Building the translation catalogue: Babel extractors for the rule data and the scenario
files, and one command that extracts, merges and compiles.

    python -m siege_nb.i18n_extract          # siege_nb.pot from the code and the data,
                                             # every .po brought up to date, every .mo compiled
    python -m siege_nb.i18n_extract --check  # only say what is missing or out of date

The code's strings are marked where they are written (``_("...")``, ``N_("...")``,
``ngettext``). The rule data (option titles, questions, choices, attributions, fixed rules,
sources, preset notes) and the scenario files (titles, summaries, step titles and texts) are
plain English data: their extractors walk the data itself, so that nothing needs marking and
nothing can be missed. :func:`extract` runs Babel's Python extractor on the code, then the
two data extractors.
A developer's tool: nothing of the package imports this module.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOCALE = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE / "siege_nb.pot"
KEYWORDS = {"_": None, "tr": None, "N_": None, "ngettext": (1, 2)}

Found = tuple[int, str | None, str, list[str]]

__all__ = ["extract_rule_data", "extract_scenarios", "main", "rule_data_texts", "scenario_texts"]


def rule_data_texts() -> Iterator[tuple[str, str]]:
    """Every reader-facing text of the rule data, with where it is used (for translators)."""
    from siege_nb.rules import GAMES, _module, fixed_rules, options
    from siege_nb.rules.model import Attribution
    from siege_nb.rules.sources import SOURCES

    def attribution(a: Attribution, where: str) -> Iterator[tuple[str, str]]:
        yield a.note, f"{where}: why"
        yield a.caveat, f"{where}: caveat"
        for c in a.cites:
            yield c.where, f"{where}: a place in {c.key}"
            yield c.translation, f"{where}: the translation of a quote from {c.key}"
            if not c.translation and SOURCES[c.key].language == "en":
                yield c.quote, f"{where}: a quote from the English {c.key}, shown beside it"

    for key, src in SOURCES.items():
        yield src.title, f"source {key}: title"
        yield src.short, f"source {key}: name in a sentence"
        yield src.note, f"source {key}: note"
        yield src.unseen, f"source {key}: what citing it can mean"
    for game in GAMES:
        module = _module(game)
        yield module.TITLE, f"{game}: the game's name"
        for preset, note in module.PRESET_NOTES.items():
            yield note, f"{game}, preset {preset}: what it stands for"
        for opt in options(game):
            where = f"{game}, option {opt.id}"
            yield opt.title, f"{where}: title"
            yield opt.question, f"{where}: question"
            yield opt.note, f"{where}: note"
            for c in opt.choices:
                yield c.title, f"{where}, choice {c.label}: in a few words"
                yield c.description, f"{where}, choice {c.label}: description"
                yield from attribution(c.attribution, f"{where}, choice {c.label}")
        for rule_id, rule in fixed_rules(game).items():
            where = f"{game}, rule {rule_id}"
            yield rule.title, f"{where}: title"
            yield rule.summary, f"{where}: summary"
            for clause in rule.clauses:
                yield clause.text, f"{where}: a clause"
                yield from attribution(clause.attribution, f"{where}, a clause")


def scenario_texts() -> Iterator[tuple[str, str]]:
    """Every reader-facing text of the shipped scenario files."""
    from siege_nb.scenarios import scenarios

    for s in scenarios():
        yield s.title, f"scenario {s.id}: title"
        yield s.summary, f"scenario {s.id}: summary"
        for i, step in enumerate(s.steps, start=1):
            yield step.title, f"scenario {s.id}, step {i}: title"
            yield step.text.strip(), f"scenario {s.id}, step {i}: text (Markdown)"


def _found(texts: Iterator[tuple[str, str]]) -> Iterator[Found]:
    seen: set[str] = set()
    for text, where in texts:
        if text and text.strip() and text not in seen:
            seen.add(text)
            yield 1, None, text, [where]  # data, not code: no line to point at


def extract_rule_data(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """A Babel extractor: the rule data's texts (the file mapped to it is only a marker)."""
    return _found(rule_data_texts())


def extract_scenarios(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """A Babel extractor: the scenario files' texts (the file mapped to it is only a marker)."""
    return _found(scenario_texts())


def extract() -> Any:
    """The template catalogue, from the code and the data, as Babel's ``Catalog``."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="siege_nb", charset="utf-8", fuzzy=False)
    method_map = [("siege_nb/i18n_extract.py", "ignore"), ("siege_nb/**.py", "python")]
    for path, line, message, comments, context in extract_from_dir(
        str(ROOT),
        method_map=method_map,
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        if not str(path).startswith("siege_nb"):
            continue
        catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    # The data's texts, after the code's: a text both use keeps the code's place and gains the
    # data's comment. Their "place" is the data's module, with no line to point at.
    for where, found in (
        ("siege_nb/rules/__init__.py", extract_rule_data),
        ("siege_nb/scenarios/__init__.py", extract_scenarios),
    ):
        for _, _, message, comments in found(None, KEYWORDS, (), {}):
            known = catalog.get(message)
            if known is not None:
                known.auto_comments.extend(c for c in comments if c not in known.auto_comments)
            else:
                catalog.add(message, None, [(where, 1)], auto_comments=comments)
    return catalog


def main(argv: list[str] | None = None) -> int:
    """Extract the template, merge it into every language's catalogue and compile them."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po, write_po

    from siege_nb.i18n import LANGUAGES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report only; change nothing")
    args = parser.parse_args(argv)
    template = extract()
    if not args.check:
        with TEMPLATE.open("wb") as out:
            write_po(out, template, omit_header=True, sort_output=True, width=100)
    problems = 0
    for code in LANGUAGES:
        if code == "en":
            continue
        po_path = LOCALE / code / "LC_MESSAGES" / "siege_nb.po"
        po_path.parent.mkdir(parents=True, exist_ok=True)
        if po_path.exists():
            with po_path.open("rb") as f:
                catalog = read_po(f, locale=code)
        else:
            from babel.messages.catalog import Catalog

            catalog = Catalog(locale=code, project="siege_nb", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        missing = [m.id for m in catalog if m.id and not m.string]
        fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
        problems += len(missing) + len(fuzzy)
        print(f"{code}: {len(catalog)} messages, {len(missing)} untranslated, {len(fuzzy)} fuzzy")
        if not args.check:
            with po_path.open("wb") as out:
                write_po(out, catalog, omit_header=False, sort_output=True, width=100)
            with po_path.with_suffix(".mo").open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
