"""A printable rule sheet: the board with its key, then every rule in force in words, each
with where it comes from, as an A4 PDF (matplotlib's PDF backend, no other tool).

Page one has the title, the preset and what it stands for, and the board; then come the
options with the choice in force (the rule data's own wording: the question, the answer, and
the attribution: stated by which text and where, a reading or a reconstruction), the rules
every reading shares clause by clause, and the texts cited. Text is set line by line at fixed
sizes, each line measured before it is placed, so nothing runs off the page.

>>> import siege_nb as sn
>>> pdf = sn.handout("pyramid-siege")
>>> pdf[:5]
b'%PDF-'
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath

from siege_nb.errors import shorten
from siege_nb.games.base import Game, result_words, side_words
from siege_nb.games.describe import capital
from siege_nb.games.registry import new_game
from siege_nb.i18n import ngettext, tr, using
from siege_nb.render.checks import (
    check_flag,
    check_game_name,
    game_under,
    new_game_arguments,
)
from siege_nb.render.files import check_path, write_atomically
from siege_nb.render.style import PALETTE
from siege_nb.render.view import BoardView
from siege_nb.rules import SOURCES, fixed_rules, preset_name, preset_note, title
from siege_nb.rules.model import Attribution

__all__ = ["PAGE_SIZE", "handout", "handout_pages"]

PAGE_SIZE: tuple[float, float] = (8.27, 11.69)
"""A4 portrait, in inches."""

# Margins in inches; the footer sits inside the bottom margin.
_LEFT, _RIGHT, _TOP, _BOTTOM, _FOOTER = 0.6, 0.6, 0.5, 0.6, 0.35
_WIDTH = PAGE_SIZE[0] - _LEFT - _RIGHT
_BOARD_HEIGHT = 6.0  # the tallest board picture on page one, caption excluded
_CAPTION_ROOM = 0.45  # above the board, for the board's own caption
_GREY = "#4D4D4D"  # for the attribution lines: prints clearly, reads as secondary


@dataclass(frozen=True)
class _Style:
    """How a kind of line is set: size in points, weight, colour, line height as a multiple
    of the size, space before the paragraph in points, and its indent in inches."""

    size: float
    weight: str = "normal"
    colour: str = PALETTE["text"]
    leading: float = 1.3
    before: float = 0.0
    indent: float = 0.0


_STYLES: dict[str, _Style] = {
    "title": _Style(18, "bold", leading=1.25),
    "lead": _Style(10, leading=1.3, before=3),
    "h1": _Style(12.5, "bold", before=10, leading=1.4),
    "h2": _Style(9, "bold", before=5, leading=1.25),
    "body": _Style(8.5, leading=1.22),
    "bullet": _Style(8.5, before=1, leading=1.22, indent=0.2),
    "source": _Style(8, colour=_GREY, leading=1.2, indent=0.2),
    "footer": _Style(7.5, colour=_GREY),
}


@dataclass(frozen=True)
class _Para:
    """A paragraph: its text and the name of its style; a bullet paragraph gets a bullet
    before its first line, hanging in the indent."""

    text: str
    style: str
    bullet: bool = False


@dataclass
class _Block:
    """Paragraphs kept on one page together (an option with its answer and source), unless
    the block is longer than a page."""

    paras: list[_Para] = field(default_factory=list)
    # A heading set only when the block starts a page (a rule continued from the last one).
    continues: str = ""

    def add(self, text: str, style: str, bullet: bool = False) -> _Block:
        self.paras.append(_Para(text, style, bullet))
        return self


@dataclass(frozen=True)
class _Line:
    """One set line: its text, style, where it starts (inches from the left edge), the space
    above it (inches) and whether it carries the paragraph's bullet."""

    text: str
    style: _Style
    x: float
    above: float
    bullet: bool = False
    only_at_top: bool = False  # a "continued" heading, dropped unless the block starts a page

    @property
    def height(self) -> float:
        return self.style.size * self.style.leading / 72


class _Measure:
    """Text widths in inches, from the font's own outlines (no hinting, so the same at any
    resolution, as in the PDF).

    A line's width is the sum of its words' widths and its spaces: the words are measured
    once each, which keeps setting a long sheet fast.
    """

    def __init__(self) -> None:
        self._paths = TextToPath()
        self._known: dict[tuple[str, float, str], float] = {}

    def _measured(self, text: str, style: _Style) -> float:
        key = (text, style.size, style.weight)
        if key not in self._known:
            font = FontProperties(size=style.size, weight=style.weight)
            w, _, _ = self._paths.get_text_width_height_descent(text, font, ismath=False)
            self._known[key] = float(w) / 72
        return self._known[key]

    def _space(self, style: _Style) -> float:
        return self._measured("n n", style) - 2 * self._measured("n", style)

    def width(self, text: str, style: _Style) -> float:
        words = text.split(" ")
        space = self._space(style) * (len(words) - 1)
        return sum(self._measured(w, style) for w in words if w) + space

    def wrap(self, text: str, style: _Style, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` inches, at spaces (a word
        longer than a line is broken where it must be)."""
        # A little room to spare: a bitmap renderer rounds glyph widths up a little.
        width *= 0.98
        space = self._space(style)
        lines: list[str] = []
        line, used = "", 0.0
        for word in text.split():
            size = self._measured(word, style)
            if line and used + space + size <= width:
                line, used = f"{line} {word}", used + space + size
                continue
            if line:
                lines.append(line)
            while size > width:
                cut = len(word) - 1
                while cut > 1 and self._measured(word[:cut], style) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
                size = self._measured(word, style)
            line, used = word, size
        if line:
            lines.append(line)
        return lines or [""]


def _where(attribution: Attribution, quote: bool) -> str:
    """Where a choice or clause comes from, as a sentence for the sheet."""
    text = capital(attribution.words(quote=quote))
    return text if text.endswith((".", "?", "!")) else text + "."


# -- what the sheet says ---------------------------------------------------------------------
def _resolve(game: Game | str, preset: str | None, options: dict[str, Any]) -> Game:
    """The game the sheet describes, with a clear error for a wrong game, preset or option."""
    if isinstance(game, Game):
        if preset is None and not options:
            return game
        return game_under(game, preset, options, reset=preset is not None)
    if isinstance(game, str):
        name = check_game_name(game)
        chosen_preset, given, chosen = new_game_arguments(name, preset, options)
        return new_game(name, chosen_preset, **given, **chosen)
    raise TypeError(
        f"game: handout takes a game's name or a Game, not {type(game).__name__} ({shorten(game)})"
    )


def _header(game: Game) -> list[_Block]:
    rules = game.rules
    head = _Block().add(tr("{game}: rule sheet", game=title(game.game)), "title")
    note = preset_note(game.game, rules.preset)
    name = preset_name(game.game, rules.preset)
    head.add(tr("Preset: {preset}. {note}", preset=name, note=note).strip(), "lead")
    changed = rules.overrides
    if changed:
        words = "; ".join(
            tr("{option}: {choice}", option=rules.option(n).heading, choice=rules.choice(n).words)
            for n in changed
        )
        head.add(tr("Changed from the preset: {changes}.", changes=words), "lead")
    return [head]


def _body(game: Game, quote: bool) -> list[_Block]:
    """The rules in words, then the texts they cite."""
    rules = game.rules
    cited: dict[str, None] = {}

    def where(attribution: Attribution) -> str:
        cited.update(dict.fromkeys(c.key for c in attribution.cites))
        return _where(attribution, quote)

    blocks: list[_Block] = []
    intro = _Block().add(tr("The rules in force"), "h1")
    intro.add(
        tr(
            "Each point where the old texts disagree or say nothing, the answer used here, and "
            "where it comes from: stated by a text (named, with the place), a reading of a "
            "text, or a reconstruction (the project's choice where the texts are silent)."
        ),
        "body",
    )
    changed = rules.overrides
    for n, name in enumerate(rules):
        opt = rules.option(name)
        choice = rules.choice(name)
        block = intro if n == 0 else _Block()  # the section heading stays with its first rule
        heading = tr("{option}: {choice}", option=opt.heading, choice=choice.words)
        if name in changed:
            heading = tr("{text} (changed from the preset)", text=heading)
        block.add(heading, "h2")
        block.add(
            tr(
                "{question} Answer here: {answer}",
                question=tr(opt.question),
                answer=tr(choice.description),
            ),
            "body",
        )
        block.add(where(choice.attribution), "source")
        blocks.append(block)

    # A rule may break across pages between its clauses, each clause kept with its source
    # and the headings kept with the first clause.
    for n, rule in enumerate(fixed_rules(game.game).values()):
        block = _Block()
        if n == 0:
            block.add(tr("Rules every reading shares"), "h1")
        block.add(rule.heading, "h2")
        block.add(tr(rule.summary), "body")
        for clause in rule.clauses:
            block.add(tr(clause.text), "bullet", bullet=True)
            block.add(where(clause.attribution), "source")
            blocks.append(block)
            block = _Block(continues=rule.heading)

    block = _Block().add(tr("The texts cited"), "h1")
    for key in cited:
        src = SOURCES.get(key)
        if src is None:
            continue
        name = tr(src.short) if src.short else key
        text = tr("{name} ({key}): {title}.", name=name, key=key, title=tr(src.title))
        block.add(text, "bullet", bullet=True)
        blocks.append(block)
        block = _Block(continues=tr("The texts cited"))
    return blocks


# -- setting the pages -----------------------------------------------------------------------
def _set(blocks: Sequence[_Block], measure: _Measure) -> list[list[_Line]]:
    """Each block as set lines (the first line of a paragraph carries its space before)."""
    out = []
    for block in blocks:
        lines: list[_Line] = []
        if block.continues:
            style = _STYLES["h2"]
            for text in measure.wrap(
                tr("{heading} (continued)", heading=block.continues), style, _WIDTH
            ):
                lines.append(_Line(text, style, _LEFT, 0.0, only_at_top=True))
        for para in block.paras:
            style = _STYLES[para.style]
            x = _LEFT + style.indent
            for i, text in enumerate(measure.wrap(para.text, style, _WIDTH - style.indent)):
                above = style.before / 72 if i == 0 else 0.0
                lines.append(_Line(text, style, x, above, para.bullet and i == 0))
        out.append(lines)
    return out


def _paginate(blocks: list[list[_Line]], first_top: float) -> list[list[tuple[_Line, float]]]:
    """Place the blocks top to bottom: ``(line, baseline height in inches)`` per page.

    A block goes to the next page whole when it does not fit in what is left of this one;
    a block taller than a whole page is split between lines. Space before a paragraph is
    dropped at the top of a page.
    """
    pages: list[list[tuple[_Line, float]]] = [[]]
    top = first_top
    full = PAGE_SIZE[1] - _TOP - _BOTTOM

    def height(lines: list[_Line], at_top: bool) -> float:
        return sum(ln.height + (0 if at_top and i == 0 else ln.above) for i, ln in enumerate(lines))

    for block in blocks:
        at_top = not pages[-1]
        lines = [ln for ln in block if not ln.only_at_top]
        if top - height(lines, at_top) < _BOTTOM and height(block, True) <= full and not at_top:
            pages.append([])
            top, at_top = PAGE_SIZE[1] - _TOP, True
        if at_top:
            lines = block
        for i, line in enumerate(lines):
            step = line.height + (0 if at_top and i == 0 else line.above)
            if top - step < _BOTTOM:
                pages.append([])
                top, at_top, step = PAGE_SIZE[1] - _TOP, True, line.height
            # The baseline sits about one font size below the top of the line.
            pages[-1].append((line, top - step + (line.height - line.style.size / 72) * 0.5))
            top -= step
            at_top = False
    return pages


def _text(fig: Figure, line: _Line, x: float, y: float, **extra: Any) -> None:
    s = line.style
    fig.text(
        x / PAGE_SIZE[0],
        y / PAGE_SIZE[1],
        line.text,
        fontsize=s.size,
        fontweight=s.weight,
        color=s.colour,
        va="baseline",
        parse_math=False,  # a "$" in a rule is a dollar, never mathematics
        **extra,
    )


def _board(fig: Figure, game: Game, top: float) -> float:
    """Draw the board and its key under ``top`` (inches from the bottom); return the height
    where the drawing ends, its coordinates and the key included."""
    bottom = top - _CAPTION_ROOM - _BOARD_HEIGHT
    # The view fits the board and its key inside these axes' place (beside a tall board,
    # below a wide one), as large as they go.
    ax = fig.add_axes(
        (
            _LEFT / PAGE_SIZE[0],
            bottom / PAGE_SIZE[1],
            _WIDTH / PAGE_SIZE[0],
            _BOARD_HEIGHT / PAGE_SIZE[1],
        )
    )
    state = (
        tr("{side} to move", side=side_words(game.to_move))
        if game.result is None
        else result_words(game.result.winner)
    )
    caption = (
        ngettext(
            "The board after {n} move: {state}",
            "The board after {n} moves: {state}",
            len(game.moves),
            state=state,
        )
        if game.moves
        else tr("The board at the start: {state}", state=state)
    )
    view = BoardView(game, ax, coords=True, caption=caption, legend=True)
    # The view centres the board and its key in the space; move them up under the header
    # (the key follows the board), so the text below gets the room. Measured after a draw:
    # the key's own axes are placed only then.
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()

    def drawn() -> list[Any]:
        return [box for a in fig.axes if (box := a.get_tightbbox(renderer)) is not None]

    rise = top * fig.dpi - max(box.y1 for box in drawn())
    place = view.ax.get_position()
    view.ax.set_position(place.translated(0, rise / fig.bbox.height))
    canvas.draw()
    return float(min(box.y0 for box in drawn())) / fig.dpi


def handout_pages(
    game: Game | str,
    preset: str | None = None,
    *,
    quote: bool = False,
    language: str | None = None,
    **options: Any,
) -> list[Figure]:
    """The pages of the rule sheet as matplotlib figures (A4, in inches), for
    :func:`handout` and for looking at them (``fig.savefig("page.png")``).

    Arguments as for :func:`handout`.
    """
    check_flag(quote, "quote")
    if language is not None:
        with using(language):
            return handout_pages(game, preset, quote=quote, **options)
    game = _resolve(game, preset, options)
    measure = _measure()
    header = _set(_header(game), measure)
    body = _set(_body(game, quote), measure)

    first = Figure(figsize=PAGE_SIZE)
    top = PAGE_SIZE[1] - _TOP
    head_lines = [ln for block in header for ln in block]
    placed = _paginate([head_lines], top)[0]
    for line, y in placed:
        _text(first, line, line.x, y)
    top = placed[-1][1] - 0.2
    top = _board(first, game, top) - 0.15
    pages = _paginate(body, top)

    figures = [first]
    for n, page in enumerate(pages):
        fig = first if n == 0 else Figure(figsize=PAGE_SIZE)
        if n:
            figures.append(fig)
        for line, y in page:
            if line.bullet:
                _text(fig, replace(line, text="\u2022"), line.x - 0.15, y)
            _text(fig, line, line.x, y)
    foot = _STYLES["footer"]
    name = tr(
        "{game} · rule sheet · {preset}",
        game=title(game.game),
        preset=preset_name(game.game, game.rules.preset),
    )
    for n, fig in enumerate(figures, 1):
        FigureCanvasAgg(fig)
        _text(fig, _Line(name, foot, _LEFT, 0), _LEFT, _FOOTER)
        page_no = tr("page {n} of {total}", n=n, total=len(figures))
        _text(fig, _Line(page_no, foot, 0, 0), PAGE_SIZE[0] - _RIGHT, _FOOTER, ha="right")
    return figures


_MEASURE: list[_Measure] = []


def _measure() -> _Measure:
    if not _MEASURE:
        _MEASURE.append(_Measure())
    return _MEASURE[0]


def _pdf(figures: list[Figure], game_title: str) -> bytes:
    buffer = io.BytesIO()
    # No creation date, so the same sheet gives the same bytes (tests, version control).
    metadata = {
        "Title": tr("{game}: rule sheet", game=game_title),
        "Creator": "siege_nb",
        "CreationDate": None,
    }
    # TrueType fonts (type 42) rather than matplotlib's default Type 3: they print crisply on
    # every printer and the text can be searched and copied.
    with rc_context({"pdf.fonttype": 42}), PdfPages(buffer, metadata=metadata) as pdf:
        for fig in figures:
            pdf.savefig(fig)
    return buffer.getvalue()


def handout(
    game: Game | str,
    preset: str | None = None,
    *,
    path: str | os.PathLike[str] | None = None,
    quote: bool = False,
    language: str | None = None,
    **options: Any,
) -> Path | bytes:
    """A printable rule sheet for ``game``, as an A4 PDF: written to ``path`` (returned), or
    returned as bytes when ``path`` is ``None``.

    ``game`` is a game's name (the sheet shows the board at the start under ``preset``,
    ``"default"`` if not given, with ``options`` overriding readings by name or id) or a
    :class:`~siege_nb.Game` (its rules and its position; ``preset`` and ``options`` then
    change its rules as :meth:`Game.with_rules` does). ``quote=True`` adds the original words
    of the texts, with their translations, where the rule data has them.

    The file is written whole or not at all: a wrong game, preset, option or path raises a
    ``TypeError`` or an :class:`~siege_nb.ArgumentError` before anything is drawn or written
    (a path that cannot be written is also the ``OSError`` the file system gave, naming it).

    ``language`` (``"en"``, ``"fr"``, ``"pt"``; the language in force by default) is the
    sheet's language; the texts' own words stay in theirs, with a translation beside them.

    >>> import siege_nb as sn, tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = sn.handout("belagerung", "royal-garrison", path=pathlib.Path(folder, "rules.pdf"))
    ...     out.name, out.read_bytes()[:5]
    ('rules.pdf', b'%PDF-')
    """
    check_flag(quote, "quote")
    if path is not None:
        check_path(path, "path", what="handout", suffixes=(".pdf",))
    if language is not None:
        with using(language):
            return handout(game, preset, path=path, quote=quote, **options)
    game = _resolve(game, preset, options)
    if path is None:
        return _pdf(handout_pages(game, quote=quote), title(game.game))
    figures: list[Figure] = []

    def write(temporary: Path) -> None:
        figures.extend(handout_pages(game, quote=quote))
        temporary.write_bytes(_pdf(figures, title(game.game)))

    return write_atomically(path, write, what="handout", suffixes=(".pdf",))
