"""What the widgets share: an ipympl canvas without pyplot, redraw policy, and small HTML."""

from __future__ import annotations

import html
import re
import traceback
from collections.abc import Callable
from typing import Any

from ipympl.backend_nbagg import Canvas, FigureManager
from matplotlib.backend_bases import MouseButton, MouseEvent
from matplotlib.figure import Figure

from siege_nb.games.base import Game
from siege_nb.games.describe import capital, pieces_words, side_name
from siege_nb.i18n import N_, tr
from siege_nb.render.view import explore_highlights
from siege_nb.rules import preset_name
from siege_nb.widgets.frames import QuickCanvas

__all__ = [
    "GREEN",
    "PANEL_CLASS",
    "PANEL_CSS",
    "TEAM_NAMES",
    "VERMILLION",
    "Blitter",
    "BoardFigure",
    "canvas_for",
    "capital",
    "error_html",
    "escape",
    "explore_highlights",
    "guarded",
    "markdown",
    "mouse_click",
    "pieces_words",
    "preset_name",
    "rules_summary",
    "side_name",
    "team_words",
]

# Teams as a sentence names them (marked for the catalogue, translated where said).
TEAM_NAMES = {
    "garrison": N_("the garrison"),
    "attackers": N_("the attackers"),
    "attacker": N_("the attacker"),
    "defender": N_("the defender"),
}

# The colours of words in the panels: refusals and errors in the board marks' vermillion,
# what is allowed in their bluish green, each darkened (the same hue) until it reads at
# WCAG AA's 4.5:1 on white. The marks on the board keep the Okabe-Ito colours themselves.
VERMILLION = "#B34700"
GREEN = "#00785A"

# The text panels of the widgets carry this class; PANEL_CSS, shown once inside the rule
# selectors, makes their text wrap (long move texts break anywhere instead of being clipped)
# and sets a size that reads on a projector.
PANEL_CLASS = "siege-panel"
PANEL_CSS = (
    "<style>"
    ".siege-panel, .siege-panel .widget-html-content, .siege-panel .jupyter-widget-html-content"
    " {white-space: normal; overflow-wrap: break-word; font-size: 15px; line-height: 1.45}"
    " .siege-panel details summary {cursor: pointer; color: #555}"
    " .siege-panel details pre {font-size: 12px; white-space: pre-wrap; max-height: 240px;"
    " overflow: auto}"
    " .siege-rules select {font-size: 15px}"
    " .siege-rules .widget-dropdown, .siege-rules .jupyter-widget-dropdown {height: 32px}"
    # The tabs not chosen: darker than ipywidgets' grey, to read at WCAG AA's 4.5:1.
    " .widget-tab > .lm-TabBar .lm-TabBar-tab:not(.lm-mod-current) {color: #3d3d3d}"
    # ipywidgets' coloured buttons put white words on light colours (warning: 2.2:1); these
    # are the same hues, dark enough for WCAG AA (4.5:1 and more).
    " .jupyter-button.widget-button.mod-primary {background-color: #1565C0; color: #fff}"
    " .jupyter-button.widget-button.mod-success {background-color: #00785A; color: #fff}"
    " .jupyter-button.widget-button.mod-info {background-color: #0B6E8F; color: #fff}"
    " .jupyter-button.widget-button.mod-warning {background-color: #9A5200; color: #fff}"
    " .jupyter-button.widget-button.mod-danger {background-color: #B34700; color: #fff}"
    "</style>"
)


class BoardFigure(Figure):
    """A figure that ignores pick events.

    The boards have no pickable artists, yet a plain Figure walks all of its ~600 artists on
    every mouse press looking for some, which costs milliseconds per click. Matplotlib has no
    public switch for this (the figure connects its ``pick`` method itself, under a private
    connection id), so this subclass overrides the public ``pick`` method instead.
    """

    def pick(self, mouseevent: Any) -> None:
        """Do nothing: no artist of a board drawing is pickable."""


def canvas_for(fig: Figure) -> Canvas:
    """An ipympl canvas for ``fig`` with toolbar, header and footer hidden.

    The figure is not registered with pyplot, so it is shown only where the widget is. Build
    the figure as a :class:`BoardFigure` to skip the search for pickable artists on a press.
    """
    canvas = QuickCanvas(fig)
    # The canvas sends its images to the browser through a figure manager; the number is
    # pyplot's figure number, unused because pyplot never sees this figure.
    FigureManager(canvas, 0)
    canvas.toolbar_visible = False
    canvas.header_visible = False
    canvas.footer_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    return canvas


def redraw(canvas: Canvas, in_event: bool) -> None:
    """Redraw after a change: ``draw()`` inside a browser event (one round trip less),
    ``draw_idle()`` anywhere that may run before the view exists (a blank-figure trap)."""
    if in_event:
        canvas.draw()
    else:
        canvas.draw_idle()


def mouse_click(canvas: Any, ax: Any, x: float, y: float, button: int = 1) -> None:
    """Send a synthetic mouse press at data point (x, y) of ``ax`` (for tests and demos)."""
    px, py = ax.transData.transform((x, y))
    event = MouseEvent("button_press_event", canvas, px, py, button=MouseButton(button))
    canvas.callbacks.process(event.name, event)


def escape(text: object) -> str:
    """HTML-escape any text for an ``HTML`` widget."""
    return html.escape(str(text))


def markdown(text: str) -> str:
    """A small Markdown subset as HTML: paragraphs, **bold**, *italic*, `code`, - lists."""
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        if all(ln.lstrip().startswith(("- ", "* ")) for ln in lines):
            items = "".join(f"<li>{_inline(ln.lstrip()[2:])}</li>" for ln in lines)
            blocks.append(f"<ul>{items}</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(ln.strip() for ln in lines))}</p>")
    return "".join(blocks)


def _inline(text: str) -> str:
    text = escape(text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\*([^*]+)\*", r"<i>\1</i>", text)


def team_words(team: str) -> str:
    """A team as a sentence names it: ``"the attackers"``, in the language in force."""
    return tr(TEAM_NAMES[team]) if team in TEAM_NAMES else team


def label_width(*labels: str) -> str:
    """A description width that shows the longest of ``labels`` whole, in ``em`` (French and
    Portuguese labels run longer than English ones, and a cut label loses its meaning).

    >>> label_width("Computer plays", "Strength")
    '8.5em'
    """
    longest = max((len(label) for label in labels), default=0)
    return f"{max(4.0, 0.55 * longest + 0.8):.1f}em"


def rules_summary(game: Game, pupil: bool = False) -> str:
    """The preset by its reader name and any readings changed from it, as short HTML:
    ``<b>the French rules</b> with Protected pieces (SP-16): ...``; with ``pupil``, each
    changed reading by its title and words alone (no rule id, no source).

    >>> import siege_nb as sn
    >>> g = sn.new_game("siege-of-paris", preset="escale-a-jeux", protection="reach-same-army")
    >>> rules_summary(g, pupil=True)
    '<b>the French rules</b> with Protected pieces: a piece of its own army could move there'
    """
    rules = game.rules
    text = f"<b>{escape(preset_name(rules.game, rules.preset))}</b>"
    extra = rules.overrides
    if extra:
        parts = []
        for k in extra:
            opt, choice = rules.option(k), rules.choice(k)
            if pupil:
                parts.append(escape(rules.in_words(k)))
            else:
                parts.append(
                    tr(
                        "{option}: {choice} ({source})",
                        option=escape(opt.heading),
                        choice=escape(choice.words),
                        source=escape(choice.attribution.tag),
                    )
                )
        text = tr("{preset} with {changes}", preset=text, changes="; ".join(parts))
    return text


def error_html(
    err: BaseException, what: str = "the board", failed: BaseException | None = None
) -> str:
    """An unexpected error as a reader is told it: in words, what became of the last action
    and that the next one works, with the details (the traceback) folded away for a bug
    report. ``failed`` is a second error met while putting the widget back as it was.
    ``what`` names the widget in a few words ("the board" by default)."""
    what = what or tr("the board")
    trace = "".join(traceback.format_exception(type(err), err, err.__traceback__))
    text = (
        f"<div style='color:{VERMILLION}'>"
        + tr(
            "<b>Something went wrong</b> inside {what}, so that was not done. Everything is as "
            "it was before it, and you can go on.",
            what=escape(what),
        )
        + "</div>"
    )
    if failed is not None:
        trace += "\nWhile putting things back:\n" + "".join(
            traceback.format_exception(type(failed), failed, failed.__traceback__)
        )
        text = (
            f"<div style='color:{VERMILLION}'>"
            + tr(
                "<b>Something went wrong</b> inside {what}, and putting things back failed "
                "too: if the picture looks wrong, press Reset, or run the cell again.",
                what=escape(what),
            )
            + "</div>"
        )
    summary = tr("Details for a bug report: {error}", error=escape(type(err).__name__))
    return f"{text}<details><summary>{summary}</summary><pre>{escape(trace)}</pre></details>"


def guarded(handler: Callable[..., None]) -> Callable[..., None]:
    """Wrap a widget callback (a click, a button, a selector, a resize) so that whatever it
    raises stops at the widget's boundary: the widget goes back to the state it had before
    the callback (its ``_snapshot()`` and ``_restore()``, where it has them), and the error
    is shown in its panel in words, details folded away (``_show_error``). Errors raised
    inside ipywidgets callbacks are otherwise invisible in JupyterLab, and a widget left
    half-changed could refuse every later click.
    """

    def wrapper(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            snapshot = self._snapshot() if hasattr(self, "_snapshot") else None
        except Exception as err:  # nothing done yet: said, and the action is not taken
            self._show_error(err)
            return
        try:
            handler(self, *args, **kwargs)
        except Exception as err:  # shown to the reader, never swallowed silently
            failed: Exception | None = None
            if snapshot is not None:
                try:
                    self._restore(snapshot)
                except Exception as again:  # told to the reader with the first error
                    failed = again
            self._show_error(err, failed)

    wrapper.__name__ = handler.__name__
    wrapper.__doc__ = handler.__doc__
    return wrapper


class Blitter:
    """Fast redraws for widgets, in two layers kept as pictures.

    The static board is drawn once and kept (the *background*); the board with the current
    position's pieces, last move and caption over it is kept too (the *position layer*).
    A click that changes only the reader's choice (a selected piece, its destinations, the
    forbidden marks) restores the position layer and draws the choice's few artists over
    it; a click that changes the position draws the position over the background first and
    keeps that as the new position layer. Either way only the changed pixels are sent.

    A full draw (first display, a rebuilt board) refreshes the background.
    """

    def __init__(self, canvas: Any, views: list[Any]) -> None:
        self.canvas = canvas
        self.views = views
        self._background: Any = None
        self._layer: Any = None
        self._layer_state: tuple[Any, ...] | None = None
        self._exporting = False
        canvas.mpl_connect("draw_event", self._on_draw)

    def _on_draw(self, _: Any) -> None:
        if self._exporting:
            return  # an export's picture, every artist drawn: no background to keep
        # A full draw has just drawn the static board (the changing artists are animated,
        # left out of it), perhaps at a new size: both kept pictures start again from it.
        self._background = self.canvas.copy_from_bbox(self.canvas.figure.bbox)
        for view in self.views:
            view.forget_kept_pictures()
        self._draw_layers(fresh=True)

    def _draw_layers(self, *, fresh: bool) -> None:
        """Put the position on the canvas (the kept layer while it still shows it, else drawn
        over the background, which ``fresh`` says the canvas holds already), then the
        choice over it."""
        state = tuple(view.position_state() for view in self.views)
        if not fresh and self._layer is not None and state == self._layer_state:
            self.canvas.restore_region(self._layer)
        else:
            if not fresh:
                self.canvas.restore_region(self._background)
            for view in self.views:
                view.draw_position()
            self._layer = self.canvas.copy_from_bbox(self.canvas.figure.bbox)
            self._layer_state = state
        for view in self.views:
            view.draw_choice()

    def invalidate(self) -> None:
        """Forget the background (the static board changed)."""
        self._background = None
        self._layer = None

    def refresh(self, in_event: bool) -> None:
        """Show the current state: blit inside events when a background exists, else redraw
        (``draw()`` in events, ``draw_idle()`` elsewhere; see :func:`redraw`)."""
        if in_event and self._background is not None:
            self._draw_layers(fresh=False)
            self.canvas.blit(self.canvas.figure.bbox)
        else:
            redraw(self.canvas, in_event)

    def png(self, dpi: float = 100) -> bytes:
        """A PNG of the figure with every artist drawn (the changing ones included).

        Saving draws the figure on the widget's own canvas; that draw is not the static
        background (the changing artists are in it), so it is not kept as one. The canvas
        shows the browser nothing new: the next refresh restores a kept picture first.
        """
        import io

        for view in self.views:
            view.set_animated(False)
        self._exporting = True
        try:
            buffer = io.BytesIO()
            self.canvas.figure.savefig(buffer, format="png", dpi=dpi)
            return buffer.getvalue()
        finally:
            self._exporting = False
            for view in self.views:
                view.set_animated(True)
