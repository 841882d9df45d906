"""The rules reference: every option, preset and fixed rule of the games, as Markdown, written
from the rule data alone.

``docs/rules-reference.md`` is this module's output, checked in; a test fails when it is stale.
Regenerate it with::

    python3 -m siege_nb.rules.reference > docs/rules-reference.md

>>> text = rules_reference("pyramid-siege")
>>> text.splitlines()[0]
'# Rules reference: Pyramid Siege'
>>> "#### Who may be huffed (PS-10)" in text
True
>>> "stated by" in text and "a reading that no text states" in text
True
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

from siege_nb.rules import (
    GAMES,
    SOURCES,
    fixed_rules,
    id_prefix,
    options,
    preset_note,
    preset_values,
    presets,
    title,
)
from siege_nb.rules.model import Attribution, Cite, Option, format_value

__all__ = ["COMMAND", "GAME_TITLES", "main", "rules_reference"]

COMMAND = "python3 -m siege_nb.rules.reference > docs/rules-reference.md"
"""The command that regenerates the checked-in reference."""

GAME_TITLES: dict[str, str] = {g: title(g) for g in GAMES}
"""The games' names as a reader knows them (from the rule data)."""

_LANGUAGES = {"en": "English", "fr": "French", "pt": "Portuguese", "it": "Italian"}

_ID_PREFIXES = {g: id_prefix(g) for g in GAMES}


def _md(text: str) -> str:
    """Text made safe for Markdown: the characters that would start formatting are escaped
    (an underscore inside a word, as in ``S_W``, formats nothing and is left alone)."""
    text = re.sub(r"([\\`*|<])", r"\\\1", text)
    return re.sub(r"(?<!\w)_|_(?!\w)", r"\\_", text)


def _code(value: str) -> str:
    return f"`{value}`"


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading (lower case, punctuation dropped, spaces to dashes)."""
    text = re.sub(r"[^\w\- ]", "", heading.lower())
    return text.replace(" ", "-")


def _cite(cite: Cite) -> str:
    """A place in a source, with the original words and their translation where the data has
    them."""
    src = SOURCES.get(cite.key)
    text = f"{_md(src.short)} ({_code(cite.key)})" if src and src.short else _code(cite.key)
    if cite.where:
        text += f", {_md(cite.where)}"
    if cite.quote:
        text += f": «{_md(cite.quote)}»"
        if cite.translation:
            text += f" (*{_md(cite.translation)}*)"
    if src is not None and src.unseen:
        text += f", {_md(src.unseen)}"
    return text


def _sentence(text: str) -> str:
    """``text`` escaped, with a full stop unless it already ends a sentence."""
    text = _md(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def _places(head: str, cites: tuple[Cite, ...], indent: str) -> list[str]:
    """``head`` followed by one place inline, or by several as a nested list."""
    if len(cites) == 1:
        return [f"{indent}- {head} {_cite(cites[0])}"]
    return [f"{indent}- {head}:", *(f"{indent}  - {_cite(c)}" for c in cites)]


def _attribution(att: Attribution, indent: str) -> list[str]:
    """Where a choice or clause comes from, as list items under ``indent``."""
    if att.basis == "stated":
        lines = _places("Stated by", att.cites, indent)
        if att.caveat:
            lines.append(f"{indent}- But: {_sentence(att.caveat)}")
        if att.note:
            lines.append(f"{indent}- Note: {_sentence(att.note)}")
        return lines
    if att.basis == "reading":
        lines = [f"{indent}- A reading that no text states: {_sentence(att.note)}"]
        if att.cites:
            lines += _places("Fitted to", att.cites, indent + "  ")
        return lines
    lines = [
        f"{indent}- A reconstruction, the project's choice where the texts are silent: "
        f"{_sentence(att.note)}"
    ]
    if att.cites:
        lines += _places("It leans on (not as a holder)", att.cites, indent + "  ")
    return lines


def _option(opt: Option) -> list[str]:
    lines = [f"#### {_md(opt.heading)}", ""]
    facts = [f"code name {_code(opt.name)}", f"default {_code(format_value(opt.default))}"]
    if opt.id != opt.name:
        facts.insert(0, f"id {_code(opt.id)}")
    lines += [f"{_md(opt.question)}", "", f"*{'; '.join(facts)}.*", ""]
    if opt.reconstruction:
        lines += [
            "The whole option is the project's own: a reconstruction of a lost board, or a "
            "rule no text has.",
            "",
        ]
    for c in opt.choices:
        mark = " (default)" if c.value == opt.default else ""
        title = f" — {_md(c.title)}" if c.title and c.title != c.label else ""
        lines.append(f"- {_code(c.label)}{title}{mark}: {_md(c.description)}")
        lines += _attribution(c.attribution, "  ")
    if opt.int_range is not None:
        low, high = opt.int_range
        lines.append(f"- Any whole number from {low} to {high} is accepted too.")
    if opt.note:
        lines += ["", f"Note: {_md(opt.note)}"]
    return [*lines, ""]


def _presets(game: str) -> list[str]:
    names = presets(game)
    tables = {p: preset_values(game, p) for p in names}
    lines = [
        "### Presets",
        "",
        "A preset is a complete set of choices. **Bold**: the preset departs from the "
        "project's default.",
        "",
        "| option | " + " | ".join(_code(p) for p in names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for opt in options(game):
        cells = []
        for p in names:
            value = _code(format_value(tables[p][opt.name]))
            cells.append(f"**{value}**" if tables[p][opt.name] != opt.default else value)
        lines.append(f"| {_md(opt.heading)} | " + " | ".join(cells) + " |")
    lines.append("")
    for p in names:
        note = preset_note(game, p)
        lines.append(f"- {_code(p)}: {_md(note)}" if note else f"- {_code(p)}")
    return [*lines, ""]


def _fixed_rules(game: str) -> list[str]:
    lines = [
        "### Fixed rules",
        "",
        "The rules that are not options, clause by clause: a text is named only for the "
        "clauses it states.",
        "",
    ]
    for rule in fixed_rules(game).values():
        lines += [f"#### {_md(rule.heading)}", "", _md(rule.summary), ""]
        for n, clause in enumerate(rule.clauses, 1):
            lines.append(f"{n}. {_md(clause.text)}")
            lines += _attribution(clause.attribution, "   ")
        lines.append("")
    return lines


def _cited_keys(game: str) -> list[str]:
    """The source keys the rule data of ``game`` cites anywhere, in the order of SOURCES."""
    atts: list[Attribution] = [c.attribution for o in options(game) for c in o.choices]
    atts += [c.attribution for r in fixed_rules(game).values() for c in r.clauses]
    keys = {cite.key for att in atts for cite in att.cites}
    return [k for k in SOURCES if k in keys] + sorted(keys - set(SOURCES))


def _sources(keys: Iterable[str]) -> list[str]:
    lines = []
    for key in keys:
        src = SOURCES.get(key)
        if src is None:
            lines.append(f"- {_code(key)}: not a known source.")
            continue
        language = _LANGUAGES.get(src.language, src.language)
        text = f"- {_code(key)}: *{_md(src.title)}*, in {language}"
        if src.short:
            text += f", cited as {_md(src.short)}"
        if not src.at_hand:
            text += "; **not among the texts at hand**: a reader cannot check it here"
        lines.append(text + ".")
        if src.note:
            lines.append(f"  {_md(src.note)}")
    return lines


def _game(game: str) -> list[str]:
    title = GAME_TITLES.get(game, game)
    lines = [f"## {title}", ""]
    lines += [
        "### Sources",
        "",
        "The texts this game's rules cite, with what a reader should know about each.",
        "",
    ]
    lines += [*_sources(_cited_keys(game)), "", "### Options", ""]
    for opt in options(game):
        lines += _option(opt)
    return lines + _presets(game) + _fixed_rules(game)


def _how_to_read(games: tuple[str, ...]) -> list[str]:
    prefixes = ", ".join(
        f"{_ID_PREFIXES[g]}-*n* for {GAME_TITLES[g]}" for g in games if g in _ID_PREFIXES
    )
    return [
        "## How to read this reference",
        "",
        "The rules of these games survive in a few short texts that disagree with each other "
        "and leave points open, and the original board pictures are lost. The project keeps "
        "every point where the texts disagree or are silent as an **option** with named "
        "choices; the engine plays any combination of them.",
        "",
        f"- **Ids.** {prefixes} are the project's own numbering of each game's rules; the "
        "texts do not number them so. Options that change the board or are not historical "
        "(`citadel`, `horns`, `diagonals`, `move_limit`) use their code name as id. The code "
        "name is the keyword for `sn.new_game(game, preset, name=value)`.",
        "- **Where each choice comes from.** Every choice, and every clause of a fixed rule, "
        "is one of three kinds:",
        "  - *stated by* a text: the text says so. The place in the text is given, and where "
        "the wording itself is the point, a few words of the original with a translation. A "
        "text the project does not have (pages on the related games Siege and Asalto, a "
        "summary of the Royal Garrison game) is cited only for what it was reported to say, "
        "with no place or words, and every citation of it says so.",
        "  - *a reading*: no text says so in these words; it is one way to understand a "
        "sentence (quoted), fitted to it or to a figure caption, or reconciling two sentences. "
        "It says what it was fitted to. A reading has no holder.",
        "  - *a reconstruction*: the project's own choice where the texts are silent, with "
        "the reason. A reconstruction has no holder either; a text it leans on is named as "
        "such.",
        "- **Presets** are complete sets of choices, most named after the text they follow. A "
        "preset may use a reading that no text states; its note says so.",
        "- **Fixed rules** are the rules that are not options. Each is given clause by "
        "clause, because a text often states only part of a rule.",
        "",
        "In a notebook, `sn.option(game, name).describe(quote=True)` and "
        "`sn.fixed_rules(game)[id].describe(quote=True)` give the same information, and "
        "`game.why(move)` names the option and choice behind each verdict.",
        "",
    ]


def rules_reference(game: str | None = None) -> str:
    """The rules reference as Markdown: for each game (or only ``game``), its sources, every
    option with its choices and where each comes from, the presets side by side, and the fixed
    rules clause by clause.

    >>> text = rules_reference("belagerung")
    >>> "| option | `default` | `bonaludo` |" in text
    True
    """
    if game is not None and game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    games = GAMES if game is None else (game,)
    title = "Rules reference" if game is None else f"Rules reference: {GAME_TITLES[game]}"
    lines = [
        f"# {title}",
        "",
        "<!-- Generated from the rule data in siege_nb/rules; do not edit by hand. "
        f"Regenerate with: {COMMAND} -->",
        "",
        *_how_to_read(games),
    ]
    if len(games) > 1:
        lines += ["## Contents", ""]
        for g in games:
            lines.append(f"- [{GAME_TITLES[g]}](#{_anchor(GAME_TITLES[g])})")
        lines.append("")
    for g in games:
        lines += _game(g)
    if game is None:
        cited = {k for g in games for k in _cited_keys(g)}
        others = [k for k in SOURCES if k not in cited]
        if others:
            lines += [
                "## Other texts",
                "",
                "Known to the project, but no rule above cites them.",
                "",
                *_sources(others),
                "",
            ]
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the rules reference (all games, or the game named as the one argument)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        print("usage: python3 -m siege_nb.rules.reference [game]", file=sys.stderr)
        return 2
    sys.stdout.write(rules_reference(args[0] if args else None))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
