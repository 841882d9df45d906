"""ScenarioPlayer: step through positions, each with an explanation and highlights."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from siege_nb.games.base import Game
from siege_nb.games.registry import new_game
from siege_nb.render.view import BoardView, Highlights
from siege_nb.rules import option as find_option
from siege_nb.widgets.common import (
    Blitter,
    canvas_for,
    escape,
    explore_highlights,
    guarded,
    markdown,
    png_of,
)

__all__ = ["ScenarioPlayer", "Step"]

SCENARIO_FIGSIZE = {
    "siege-of-paris": (5.6, 7.1),
    "belagerung": (6.6, 6.9),
    "pyramid-siege": (7.0, 6.3),
}


@dataclass
class Step:
    """One position of a scenario: the game to show, a Markdown explanation, and what to
    emphasise (explicit ``highlights``, or the moves of the piece on ``explore``)."""

    game: Game
    text: str
    title: str = ""
    highlights: Highlights | None = None
    explore: str | None = None
    mark: Sequence[str] = ()


class ScenarioPlayer(w.VBox):
    """Previous/Next through a list of :class:`Step` objects; the board is updated in place
    (rebuilt only when a step shows a different board).

    >>> player = ScenarioPlayer.figure_b()
    >>> player.index, len(player.steps)
    (0, 5)
    >>> player.next(); player.index
    1
    """

    def __init__(self, steps: Sequence[Step], title: str = "") -> None:
        if not steps:
            raise ValueError("a scenario needs at least one step")
        self.steps = list(steps)
        self.index = 0
        self.last_error: Exception | None = None
        first = self.steps[0].game
        self.fig = Figure(figsize=SCENARIO_FIGSIZE[first.game], dpi=100)
        self.canvas = canvas_for(self.fig)
        self.ax = self.fig.add_axes((0.01, 0.01, 0.98, 0.93))
        self.view = BoardView(first, self.ax, animated=True)
        self.blitter = Blitter(self.canvas, [self.view])
        self._board = first.board
        self.title = w.HTML(
            f"<div style='font-size:20px'><b>{escape(title)}</b></div>" if title else ""
        )
        self.counter = w.HTML()
        self.text = w.HTML(layout=w.Layout(width="420px"))
        self.prev_button = w.Button(description="Previous", icon="arrow-left")
        self.next_button = w.Button(description="Next", icon="arrow-right")
        self.prev_button.on_click(self._on_prev)
        self.next_button.on_click(self._on_next)
        controls = w.HBox([self.prev_button, self.next_button, self.counter])
        side = w.VBox([self.title, controls, self.text], layout=w.Layout(padding="0 0 0 12px"))
        super().__init__([w.HBox([self.canvas, side])])
        self._show(in_event=False)

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the scenario)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        self._show(in_event=False)

    def next(self) -> None:
        """Show the next step (stays on the last)."""
        self.go(self.index + 1)

    def previous(self) -> None:
        """Show the previous step (stays on the first)."""
        self.go(self.index - 1)

    @guarded
    def _on_prev(self, _: Any = None) -> None:
        self.index = max(0, self.index - 1)
        self._show(in_event=True)

    @guarded
    def _on_next(self, _: Any = None) -> None:
        self.index = min(len(self.steps) - 1, self.index + 1)
        self._show(in_event=True)

    def _show_error(self, err: Exception) -> None:
        self.last_error = err
        self.text.value = (
            f"<span style='color:#D55E00'>{escape(type(err).__name__)}: {escape(err)}</span>"
        )

    def _show(self, in_event: bool) -> None:
        step = self.steps[self.index]
        if step.game.board is not self._board:
            self.ax.clear()
            self.view = BoardView(step.game, self.ax, animated=True)
            self.blitter.views[:] = [self.view]
            self.blitter.invalidate()
            self._board = step.game.board
        highlights = step.highlights
        if highlights is None and step.explore:
            highlights, _ = explore_highlights(step.game, step.explore)
        if step.mark:
            base = highlights or Highlights()
            # A copy: the step's own Highlights (the caller's object) stays as it was.
            highlights = replace(base, marked=[*step.mark, *base.marked])
        self.view.update(step.game, highlights=highlights, caption=step.title or None)
        self.counter.value = f"&nbsp; step {self.index + 1} of {len(self.steps)}"
        self.text.value = (
            f"<div style='font-size:15px; line-height:1.45'>{markdown(step.text)}</div>"
        )
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.blitter.refresh(in_event)

    def to_png(self, dpi: int = 100) -> bytes:
        """The current step's board as PNG bytes."""
        return png_of(self.fig, [self.view], dpi)

    @classmethod
    def figure_b(cls) -> ScenarioPlayer:
        """A small built-in scenario: the French figure B under the four readings of
        "Protected pieces" (SP-16), each with where it comes from."""
        position = {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"}
        steps = [
            Step(
                new_game("siege-of-paris", preset="escale-a-jeux", position=position),
                "The caption of figure B in the French rules says the garrison soldier on "
                "**k7** may *not* take the Black soldier on **j8**, because the White soldier "
                "on **j9** protects it. Yet rule 16 of the same text likens the capturing piece "
                "to the king in chess, which may take only what no other piece could retake. "
                "The picture is lost; this is the position as its labels describe it.",
                title="Figure B, as labelled",
            )
        ]
        notes = {
            "reach-any-army": "A White soldier only moves diagonally forward, so j9 can never "
            "reach j8: under this reading j8 is **not** protected.",
            "reach-same-army": "Only Black pieces count, and none can reach j8: the capture is "
            "**allowed**.",
            "adjacent": "j9 stands next to j8, so j8 is protected and the capture is "
            "**forbidden**, as the caption says.",
            "covered-from-behind": "j9 stands behind j8 (seen from Black's advance), so the "
            "capture is **forbidden**, as the caption says.",
        }
        protection = find_option("siege-of-paris", "protection")
        for reading, note in notes.items():
            g = new_game(
                "siege-of-paris", preset="escale-a-jeux", position=position, protection=reading
            )
            where = protection.choice(reading).attribution.words(brief=True)
            steps.append(
                Step(
                    g,
                    f"Reading `{reading}`: {note} This reading is {where}.",
                    title=f"protection = {reading}",
                    explore="k7",
                )
            )
        return cls(steps, title="Figure B and the four readings of 'protected'")


class ScenarioLibrary(w.VBox):
    """A list of the shipped scenarios (of one game, or about one option) with a player for
    the chosen one; choosing another scenario swaps the player."""

    def __init__(self, game: str | None = None, topic: str | None = None) -> None:
        from siege_nb.scenarios import scenarios

        found = [s for s in scenarios(game) if topic is None or topic in s.topics]
        if not found:
            raise ValueError(f"no scenario for game={game!r}, topic={topic!r}")
        self.scenarios = {s.id: s for s in found}
        self.chooser = w.Dropdown(
            options=[(f"{s.title} ({s.id})", s.id) for s in found],
            description="scenario",
            layout=w.Layout(width="640px"),
        )
        self.summary = w.HTML()
        self.player = found[0].player()
        super().__init__([self.chooser, self.summary, self.player])
        self._show(found[0].id)
        self.chooser.observe(self._on_choose, names="value")

    def choose(self, scenario_id: str) -> None:
        """Show the scenario ``scenario_id``."""
        self.chooser.value = scenario_id

    def _on_choose(self, change: dict[str, Any]) -> None:
        self._show(change["new"])

    def _show(self, scenario_id: str) -> None:
        s = self.scenarios[scenario_id]
        if self.player.title.value.find(escape(s.title)) < 0:
            self.player = s.player()
        self.summary.value = f"<p style='font-size:15px'>{escape(s.summary)}</p>"
        self.children = [self.chooser, self.summary, self.player]
