"""The key beside (or below) a board: which shape is which piece, what each mark means, and
which rules refuse the moves marked on the board right now.

The key is laid out in typographic points from its top-left corner, so its text keeps the
same size whatever the board's size, and its size in inches is known before any figure
exists (:func:`key_size`; the figure sizes of :mod:`siege_nb.render.layout` add it). Its
pieces and marks are drawn once; only the list of refusing rules changes with the marks, in
place (:meth:`Key.set_rules`), so a widget can redraw it with the board's other changing
artists.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Affine2D, ScaledTranslation, Transform

from siege_nb.errors import ArgumentError, check_type
from siege_nb.games.catalogue import CATALOGUE, game_info
from siege_nb.games.describe import capital
from siege_nb.i18n import N_, language, tr
from siege_nb.render.checks import check_dpi, check_game_name, check_number
from siege_nb.render.layout import KeySize, Rect, place
from siege_nb.render.style import MARKERS, PALETTE, PIECE_COLOURS, RANK_SIZE, RING_STYLES
from siege_nb.rules import rule_heading

__all__ = [
    "KEY_FONT",
    "MARK_WORDS",
    "Key",
    "KeyContent",
    "fit_key",
    "key_content",
    "key_png",
    "key_size",
    "rule_words",
    "text_width",
]

Side = Literal["right", "below"]


def check_side(value: Any, argument: str = "side") -> Side:
    """``value`` if it is a side a key can stand on: ``"right"`` or ``"below"``."""
    check_type(value, str, argument)
    if value not in ("right", "below"):
        raise ArgumentError(argument, value, "'right' or 'below'")
    return value  # type: ignore[return-value]


# Type sizes (points): large enough to read on a projector at 100 dots per inch.
KEY_FONT = 10.5
HEAD_FONT = 11.0
SMALL_FONT = 9.5
PAD = 8.0  # inside the key's frame
ROW = 21.0  # one row with a sample
LINE = 1.3 * KEY_FONT  # each further line of wrapped words
SAMPLE = 24.0  # the column of samples
SAMPLE_UNIT = 21.0  # points per board unit for the piece samples
WORDS = 126.0  # words wrap at this width beside the board
WORDS_BELOW = 190.0  # and at this width below it, where the key is wide and short
GAP = 9.0  # between sections
COLUMN_GAP = 16.0  # between sections side by side (a key below the board)
RULE_ROWS = 4  # rows kept for the refusing rules

# What each mark means, in words a pupil reads; the dashed ring is the hunt games' huff.
MARK_WORDS: dict[str, str] = {
    "selected": N_("selected piece"),
    "destination": N_("may move here"),
    "capture": N_("may take this piece"),
    "forbidden": N_("refused: the tag names the rule"),
    "marked": N_("named in the text"),
    "marked-hunt": N_("may be huffed, or named in the text"),
    "taken": N_("taken by the jumps so far"),
    "last_move": N_("last move, along its path"),
}

# The marks each engine family shows (a family not listed shows them all).
FAMILY_MARKS: dict[str, tuple[str, ...]] = {
    "paris": ("selected", "destination", "capture", "forbidden", "marked", "last_move"),
    "hunt": ("selected", "destination", "forbidden", "marked-hunt", "taken", "last_move"),
}

# Refusals that are not rules of a game, in words.
REFUSAL_WORDS: dict[str, str] = {
    "movement": N_("not a move this piece makes"),
    "blocked": N_("another piece is in the way"),
    "turn-order": N_("not this side's turn"),
    "game-over": N_("the game is over"),
    "taken": N_("taken by the jumps so far"),
    "✕": N_("refused"),
}
# Armies and ranks as the key names them.
_KEY_WORDS = (
    N_("white"), N_("black"), N_("garrison"), N_("general"), N_("colonel"), N_("captain"),
    N_("lieutenant"), N_("soldier"), N_("attacker"), N_("defender"),
)  # fmt: skip

_RENDERER: RendererAgg | None = None


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: float, weight: str = "normal") -> float:
    """How wide ``text`` is drawn at ``size`` points, in points (the longest line).

    >>> text_width("general", 10) < text_width("general", 12)
    True
    """
    global _RENDERER
    if _RENDERER is None:
        # A renderer at 72 dots per inch measures in points; it never draws anything.
        _RENDERER = RendererAgg(1, 1, 72)
    prop = FontProperties(size=size, weight=weight)
    return max(
        (
            _RENDERER.get_text_width_height_descent(line, prop, ismath=False)[0]
            for line in text.split("\n")
        ),
        default=0.0,
    )


def wrap(text: str, width: float, size: float = KEY_FONT, weight: str = "normal") -> str:
    """``text`` with line breaks so that no line is wider than ``width`` points (a single
    word longer than that keeps its own line).

    >>> wrap("it may move here", 80)
    'it may move\\nhere'
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, weight) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)


def rule_words(game: str, tag: str) -> str:
    """The words the key gives for a tag on the board: a rule's title without its id, or
    what a refusal that is no rule means.

    >>> rule_words("siege-of-paris", "SP-10"), rule_words("belagerung", "blocked")
    ('General may turn', 'another piece is in the way')
    """
    if tag in REFUSAL_WORDS:
        return tr(REFUSAL_WORDS[tag])
    heading = rule_heading(game, tag) if game in CATALOGUE else tag
    return heading.removesuffix(f" ({tag})")


@dataclass(frozen=True)
class KeyContent:
    """What a game's key shows: the armies as columns (none when each side has one kind of
    piece), the ranks as rows with the piece kind in each column (``None`` where an army has
    no such piece), and the marks the game uses."""

    armies: tuple[str, ...]
    ranks: tuple[tuple[str, tuple[str | None, ...]], ...]
    marks: tuple[str, ...]

    @property
    def kinds(self) -> list[str]:
        """Every piece kind the key shows."""
        return [k for _, row in self.ranks for k in row if k is not None]


def key_content(game: str) -> KeyContent:
    """The key of ``game``: its pieces (from the catalogue) by rank and army, and its marks.

    >>> c = key_content("siege-of-paris")
    >>> c.armies, c.ranks[0]
    (('garrison', 'white', 'black'), ('general', ('garrison general', 'white general', \
'black general')))
    >>> key_content("pyramid-siege").ranks
    (('attacker', ('attacker',)), ('defender', ('defender',)))
    """
    info = game_info(game)
    kinds = list(info.pieces)
    marks = FAMILY_MARKS.get(info.family, tuple(MARK_WORDS))
    if all(" " in k for k in kinds):
        armies = tuple(dict.fromkeys(k.rpartition(" ")[0] for k in kinds))
        present = set(kinds)
        order = [r for r in MARKERS if any(k.endswith(f" {r}") for k in kinds)]
        ranks = tuple(
            (r, tuple(f"{a} {r}" if f"{a} {r}" in present else None for a in armies)) for r in order
        )
        return KeyContent(armies, ranks, marks)
    return KeyContent((), tuple((k, (k,)) for k in kinds), marks)


# -- layout in points ---------------------------------------------------------------------------
@dataclass
class _Item:
    """One thing to draw: ``what`` is "text", "head", "small", "piece" or a mark kind."""

    what: str
    x: float
    y: float
    text: str = ""


@dataclass
class _Layout:
    items: list[_Item]
    width: float
    height: float
    rules_x: float  # where the list of refusing rules starts
    rules_y: float
    rules_width: float
    frame_width: float  # the box around the pieces and marks (the list stands outside it)
    frame_height: float


def _pieces(content: KeyContent, x: float, y: float) -> tuple[list[_Item], float, float]:
    """The pieces section at (x, y): its items, width and height."""
    items = [_Item("head", x, y + HEAD_FONT * 0.7, tr("Pieces"))]
    y += HEAD_FONT * 1.5
    if content.armies:
        rank_w = max(text_width(tr(r), KEY_FONT) for r, _ in content.ranks) + 8
        armies = [capital(tr(a)) for a in content.armies]
        cols = [max(text_width(a, SMALL_FONT), SAMPLE) + 6 for a in armies]
        cx = x + rank_w
        for army, w in zip(armies, cols, strict=True):
            items.append(_Item("small", cx + w / 2, y + SMALL_FONT * 0.6, army))
            cx += w
        y += SMALL_FONT * 1.4
        for rank, row in content.ranks:
            items.append(_Item("text", x, y + ROW / 2, tr(rank)))
            cx = x + rank_w
            for kind, w in zip(row, cols, strict=True):
                if kind is not None:
                    items.append(_Item("piece", cx + w / 2, y + ROW / 2, kind))
                cx += w
            y += ROW
        return items, rank_w + sum(cols), y - items[0].y + HEAD_FONT * 0.7
    width = 0.0
    for rank, (kind,) in content.ranks:
        items.append(_Item("piece", x + SAMPLE / 2, y + ROW / 2, kind or rank))
        items.append(_Item("text", x + SAMPLE + 6, y + ROW / 2, tr(rank)))
        width = max(width, SAMPLE + 6 + text_width(tr(rank), KEY_FONT))
        y += ROW
    return items, width, y - items[0].y + HEAD_FONT * 0.7


def _marks(
    content: KeyContent, x: float, y: float, words_width: float
) -> tuple[list[_Item], float, float]:
    """The marks section at (x, y), its words wrapped at ``words_width``: its items, width
    and height."""
    top = y
    items = [_Item("head", x, y + HEAD_FONT * 0.7, tr("Marks"))]
    y += HEAD_FONT * 1.5
    width = text_width(tr("Marks"), HEAD_FONT, "bold")
    for mark in content.marks:
        words = wrap(tr(MARK_WORDS[mark]), words_width)
        lines = words.count("\n") + 1
        height = max(ROW, LINE * lines + 6)
        items.append(_Item(mark, x + SAMPLE / 2, y + height / 2))
        items.append(_Item("text", x + SAMPLE + 6, y + height / 2, words))
        width = max(width, SAMPLE + 6 + text_width(words, KEY_FONT))
        y += height
    return items, width, y - top


def _layout(content: KeyContent, side: Side) -> _Layout:
    """Where everything in a key goes, in points from its top-left corner."""
    rules_h = HEAD_FONT * 1.5 + RULE_ROWS * ROW
    if side == "right":
        pieces, pw, ph = _pieces(content, PAD, PAD)
        marks, mw, mh = _marks(content, PAD, PAD + ph + GAP, WORDS)
        width = max(pw, mw, 140.0)
        rules_y = PAD + ph + GAP + mh + GAP
        return _Layout(
            pieces + marks,
            width + 2 * PAD,
            rules_y + rules_h + PAD,
            PAD,
            rules_y,
            width,
            width + 2 * PAD,
            rules_y - GAP + PAD,
        )
    pieces, pw, ph = _pieces(content, PAD, PAD)
    marks, mw, mh = _marks(content, PAD + pw + COLUMN_GAP, PAD, WORDS_BELOW)
    rules_x = PAD + pw + COLUMN_GAP + mw + COLUMN_GAP
    rules_w = 150.0
    height = max(ph, mh, rules_h) + 2 * PAD
    return _Layout(
        pieces + marks,
        rules_x + rules_w + PAD,
        height,
        rules_x,
        PAD,
        rules_w,
        rules_x - COLUMN_GAP + PAD,
        max(ph, mh) + 2 * PAD,
    )


def _cached_layout(game: str, side: Side) -> _Layout:
    """The key's layout in the language in force (its words, and so its size, are that
    language's)."""
    return _layout_in(game, side, language())


@functools.lru_cache(maxsize=64)
def _layout_in(game: str, side: Side, code: str) -> _Layout:
    return _layout(key_content(game), side)


def key_size(game: str, side: Side = "right", scale: float = 1.0) -> KeySize:
    """The room ``game``'s key takes beside (``"right"``) or below (``"below"``) a board, in
    inches, drawn at ``scale`` times its usual type size.

    >>> size = key_size("siege-of-paris")
    >>> size.side, 1.5 < size.width < 3.5, size.height < 8
    ('right', True, True)
    >>> key_size("belagerung", "below").height < 3
    True
    """
    check_game_name(game)
    check_side(side)
    check_number(scale, "scale", above=0, maximum=10)
    lay = _cached_layout(game, side)
    return KeySize(round(scale * lay.width / 72, 3), round(scale * lay.height / 72, 3), side)


# A key may take this share of the space's width (beside) or height (below) before it is
# drawn smaller, and is never drawn smaller than this.
MAX_SHARE = 0.42
MIN_SCALE = 0.6


def fit_key(game: str, space: Rect, aspect: float, side: Side | None = None) -> tuple[Side, float]:
    """The side and scale of ``game``'s key in ``space`` (inches) beside a board of
    ``aspect``: at its usual size if it takes at most ``MAX_SHARE`` of the space, else
    smaller (never below ``MIN_SCALE``); on ``side``, or on the side that leaves the larger
    board at the more legible scale.

    >>> fit_key("siege-of-paris", Rect(0.0, 0.0, 9.0, 6.8), 0.77)
    ('right', 1.0)
    >>> side, scale = fit_key("siege-of-paris", Rect(0.0, 0.0, 5.0, 6.0), 0.77, "right")
    >>> side, 0.6 <= scale < 1
    ('right', True)
    """
    best: tuple[float, Side, float] | None = None
    for candidate in (side,) if side is not None else ("right", "below"):
        size = key_size(game, candidate)
        if candidate == "right":
            scale = min(1.0, MAX_SHARE * space.width / size.width, space.height / size.height)
        else:
            scale = min(1.0, MAX_SHARE * space.height / size.height, space.width / size.width)
        scale = round(max(scale, MIN_SCALE), 3)
        board, _ = place(space, aspect, key_size(game, candidate, scale))
        # A smaller key is harder to read: it must buy a clearly larger board.
        score = board.width * board.height * (1.0 if scale >= 0.85 else 0.8)
        if best is None or score > best[0] + 1e-9:
            best = (score, candidate, scale)
    assert best is not None
    return best[1], best[2]


# -- drawing ------------------------------------------------------------------------------------
class Key:
    """A game's key drawn on the axes ``ax`` (turned off as axes: it is a panel of text).

    The pieces and marks are drawn once; :meth:`set_rules` shows which rules refuse the
    moves marked now. ``side`` is where the key sits, which decides its shape (one column
    beside the board, three columns below it).

    >>> import matplotlib.figure
    >>> ax = matplotlib.figure.Figure().add_subplot()
    >>> key = Key(ax, "belagerung")
    >>> key.kinds(), key.set_rules([("BL-2", "Attackers' direction")]), key.rules_shown()
    (['attacker', 'defender'], None, ['BL-2'])
    """

    def __init__(self, ax: Axes, game: str, side: Side = "right", scale: float = 1.0) -> None:
        self.ax = ax
        self.game = game
        self.side = side
        self.scale = s = scale
        self.content = key_content(game)
        self.layout = _cached_layout(game, side)
        ax.set_axis_off()
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        fig = ax.figure
        # Points from the key's top-left corner, y downwards, to the screen.
        self.points: Transform = (
            Affine2D().scale(s / 72, -s / 72)
            + fig.dpi_scale_trans  # type: ignore[attr-defined]
            + ScaledTranslation(0, 1, ax.transAxes)  # type: ignore[arg-type]
        )
        # The box holds the pieces and marks; the list of refusing rules, empty until a move
        # is refused, stands outside it, so that no empty box shows.
        self.frame = Rectangle(
            (0, 0),
            self.layout.frame_width,
            self.layout.frame_height,
            transform=self.points,
            facecolor="#FBF8F2",
            edgecolor="#B8AFA3",
            linewidth=1.0,
            zorder=0,
        )
        ax.add_patch(self.frame)
        self.static: list[Artist] = []
        # The sample of each piece kind in the pieces section.
        self.samples: dict[str, Line2D] = {}
        for item in self.layout.items:
            self._draw(item)
        self._head = self._text(
            self.layout.rules_x, self.layout.rules_y + HEAD_FONT * 0.7, tr("Refused by"), "head"
        )
        self._tags: list[Text] = []
        self._words: list[Text] = []
        for _ in range(RULE_ROWS):
            tag = self._text(0, 0, "", "tag")
            words = self._text(0, 0, "", "text")
            words.set_verticalalignment("top")
            self._tags.append(tag)
            self._words.append(words)
        self._shown: list[str] = []
        self._rules: list[tuple[str, str]] = []
        self.set_rules([])

    # -- building ---------------------------------------------------------------------------
    def _text(self, x: float, y: float, text: str, style: str) -> Text:
        kwargs: dict[str, Any] = {"color": PALETTE["text"], "va": "center", "ha": "left"}
        if style == "head":
            kwargs.update(fontsize=HEAD_FONT * self.scale, fontweight="bold")
        elif style == "small":
            kwargs.update(fontsize=SMALL_FONT * self.scale, ha="center")
        elif style == "tag":
            kwargs.update(
                fontsize=(KEY_FONT - 1) * self.scale,
                fontweight="bold",
                color="white",
                bbox={
                    "boxstyle": "round,pad=0.2",
                    "facecolor": PALETTE["tag"],
                    "edgecolor": "none",
                },
            )
        else:
            kwargs.update(fontsize=KEY_FONT * self.scale, linespacing=1.15)
        return self.ax.text(x, y, text, transform=self.points, **kwargs)

    def _ring(self, x: float, y: float, colour: str, width: float, style: str = "-") -> None:
        self.static.append(
            self.ax.add_patch(
                Circle(
                    (x, y),
                    9.5,
                    transform=self.points,
                    facecolor="none",
                    edgecolor=colour,
                    linewidth=width * self.scale,
                    linestyle=style,
                )
            )
        )

    def _marker(
        self, x: float, y: float, marker: str, size: float, face: str, edge: str, width: float
    ) -> Line2D:
        (line,) = self.ax.plot(
            [x],
            [y],
            linestyle="none",
            marker=marker,
            markersize=size * self.scale,
            markerfacecolor=face,
            markeredgecolor=edge,
            markeredgewidth=width * self.scale,
            transform=self.points,
        )
        self.static.append(line)
        return line

    def _piece(self, x: float, y: float, kind: str) -> Line2D:
        side, _, rank = kind.rpartition(" ")
        face, edge = PIECE_COLOURS[side or kind]
        return self._marker(x, y, MARKERS[rank], RANK_SIZE[rank] * SAMPLE_UNIT, face, edge, 1.5)

    def _draw(self, item: _Item) -> None:
        x, y, what = item.x, item.y, item.what
        if what in ("text", "head", "small"):
            self.static.append(self._text(x, y, item.text, what))
        elif what == "piece":
            self.samples[item.text] = self._piece(x, y, item.text)
        elif what == "selected":
            self._ring(x, y, PALETTE["selected"], 2.6, RING_STYLES["selected"])
        elif what == "capture":
            self._ring(x, y, PALETTE["capture"], 2.4, RING_STYLES["capture"])
        elif what == "destination":
            self._marker(x, y, "o", 9, PALETTE["destination"], "white", 1.2)
        elif what == "forbidden":
            self._ring(x, y, PALETTE["forbidden"], 2.4, RING_STYLES["forbidden"])
            self._marker(x + 7, y + 7, "X", 8, PALETTE["forbidden"], "white", 0.8)
        elif what.startswith("marked"):
            self._ring(x, y, PALETTE["marked"], 2.0, RING_STYLES["marked"])
        elif what == "taken":
            self._piece(x, y, "attacker")
            self._marker(x, y, "X", 13, PALETTE["forbidden"], "white", 1.0)
        elif what == "last_move":
            arrow = FancyArrowPatch(
                (x - 11, y),
                (x + 11, y),
                transform=self.points,
                arrowstyle="-|>",
                mutation_scale=13 * self.scale,
                color=PALETTE["last_move"],
                linewidth=3 * self.scale,
                shrinkA=0,
                shrinkB=0,
            )
            self.static.append(self.ax.add_patch(arrow))
        else:
            raise ValueError(f"no sample for {what!r}")

    # -- changing -----------------------------------------------------------------------------
    def set_rules(self, rules: Sequence[tuple[str, str]]) -> None:
        """Show the rules refusing the marked moves: ``(tag, words)`` pairs, in order."""
        lay = self.layout
        rows = list(rules)
        if len(rows) > RULE_ROWS:
            more = tr("and {n} more", n=len(rows) - RULE_ROWS + 1)
            rows = [*rows[: RULE_ROWS - 1], ("…", more)]
        self._rules = list(rules)
        self._shown = [t for t, _ in rows if t != "…"]
        visible = self.ax.get_visible()
        self._head.set_visible(bool(rows) and visible)
        y = lay.rules_y + HEAD_FONT * 1.5
        for i, (tag_text, words_text) in enumerate(zip(self._tags, self._words, strict=True)):
            if i >= len(rows):
                tag_text.set_visible(False)
                words_text.set_visible(False)
                continue
            tag, words = rows[i]
            tag_w = text_width(tag, KEY_FONT - 1, "bold") + 0.4 * KEY_FONT + 6
            lines = wrap(words, lay.rules_width - tag_w - 4) if words != tag else ""
            height = max(ROW, LINE * (lines.count("\n") + 1) + 4)
            tag_text.set_text(tag)
            tag_text.set_position((lay.rules_x + 0.2 * KEY_FONT, y + ROW / 2))
            words_text.set_text(lines)
            # The first line of words level with the tag, further lines below it.
            words_text.set_position((lay.rules_x + tag_w, y + ROW / 2 - KEY_FONT * 0.62))
            tag_text.set_visible(visible)
            words_text.set_visible(visible and bool(lines))
            y += height

    def rules_shown(self) -> list[str]:
        """The tags the key lists now (for tests)."""
        return list(self._shown)

    def kinds(self) -> list[str]:
        """The piece kinds the key shows."""
        return self.content.kinds

    def dynamic_artists(self) -> list[Artist]:
        """The artists that change with the marks (the list of refusing rules)."""
        return [self._head, *self._tags, *self._words]

    def set_visible(self, visible: bool) -> None:
        """Show or hide the whole key (its axes and the rule list)."""
        self.ax.set_visible(visible)
        self.ax.set_in_layout(visible)
        self.set_rules(self._rules)


def key_png(game: str, side: Side = "below", dpi: float = 100) -> bytes:
    """The key of ``game`` alone, as a PNG picture (for a widget that shows several boards
    and one key for all of them): its pieces and marks. ``side`` chooses its shape:
    ``"below"`` lays it out in columns, ``"right"`` in one tall column.

    >>> key_png("pyramid-siege")[:4]
    b'\\x89PNG'
    """
    check_game_name(game)
    check_side(side)
    dpi = check_dpi(dpi)
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    # Only the box of pieces and marks: a key on its own lists no refusing rules (the boards'
    # tags name them), so the room kept for that list is left out.
    lay = _cached_layout(game, side)
    fig = Figure(figsize=(lay.frame_width / 72, lay.frame_height / 72), dpi=dpi)
    FigureCanvasAgg(fig)
    Key(fig.add_axes((0.0, 0.0, 1.0, 1.0)), game, side)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
