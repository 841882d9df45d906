"""ScenarioPlayer: step through positions, each with an explanation and highlights."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_int, check_list, check_type
from siege_nb.games.base import Game
from siege_nb.i18n import tr
from siege_nb.render import Highlights
from siege_nb.render.checks import check_flag, check_game_name, check_point, check_points
from siege_nb.render.view import check_highlights
from siege_nb.rules import format_choice
from siege_nb.widgets.access import HOST_CLASS, board_label, plain_text
from siege_nb.widgets.canvas import (
    DEFAULT_SPACE,
    BoardCanvas,
    SizedBoard,
    check_size,
    fit_board,
)
from siege_nb.widgets.common import (
    PANEL_CLASS,
    error_html,
    escape,
    explore_highlights,
    guarded,
    markdown,
)

if TYPE_CHECKING:
    from siege_nb.scenarios import Scenario

__all__ = ["ScenarioLibrary", "ScenarioPlayer", "Step", "check_step"]

# The width of the text beside the board, in pixels; the board takes the rest of the row and
# the visible height, and the text goes below it where it would leave the board too small.
TEXT_PX = 420


@dataclass
class Step:
    """One position of a scenario: the game to show, a Markdown explanation, and what to
    emphasise (explicit ``highlights``, or the moves of the piece on ``explore``).
    ``sources`` (Markdown) says where the step's readings come from: shown after the text
    unless the player is in the pupil view and *Where does this come from?* is off."""

    game: Game
    text: str
    title: str = ""
    highlights: Highlights | None = None
    explore: str | None = None
    mark: Sequence[str] = ()
    sources: str = ""

    def __post_init__(self) -> None:
        check_step(self, "Step")


def check_step(step: Any, argument: str) -> Step:
    """``step`` if it is a :class:`Step` whose fields have the right types and whose points
    (highlights, the piece to explore, the marks) are on its game's board."""
    check_type(step, Step, argument)
    check_type(step.game, Game, f"{argument}.game")
    check_type(step.text, str, f"{argument}.text")
    check_type(step.title, str, f"{argument}.title")
    check_type(step.sources, str, f"{argument}.sources")
    points = step.game.board.index
    if step.highlights is not None:
        check_highlights(step.highlights, points, f"{argument}.highlights")
    if step.explore is not None:
        check_point(points, step.explore, f"{argument}.explore")
    check_points(points, step.mark, f"{argument}.mark")
    return step


class ScenarioPlayer(SizedBoard, w.VBox):
    """Previous/Next through a list of :class:`Step` objects; the board is updated in place
    (rebuilt only when a step shows a different board). The board fits the space the page
    gives it, with the text and the buttons beside it wherever the row is wide enough (else
    below); ``set_size("large")`` (or the *Large board* toggle) makes it as large as the
    screen for a projector. ``pupil=True`` leaves out where each reading comes from until
    the reader presses *Where does this come from?*.

    >>> player = ScenarioPlayer.figure_b()
    >>> player.index, len(player.steps)
    (0, 5)
    >>> player.next(); player.index
    1
    """

    SIDE_PX = TEXT_PX

    def __init__(self, steps: Sequence[Step], title: str = "", *, pupil: bool = False) -> None:
        check_list(steps, "steps", "a list of Step", Sequence)
        if not steps:
            raise ArgumentError("steps", steps, "a list of at least one Step")
        for i, step in enumerate(steps):
            check_step(step, f"steps[{i}]")
        check_type(title, str, "title")
        check_flag(pupil, "pupil")
        self.steps = list(steps)
        self.index = 0
        self._pupil = pupil
        self.title = w.HTML(
            f"<div style='font-size:19px; line-height:1.3'><b>{escape(title)}</b></div>"
            if title
            else ""
        )
        self.counter = w.HTML()
        self.text = w.HTML(layout=w.Layout(width="auto"))
        self.text.add_class(PANEL_CLASS)
        # The figure is sized for the first step's board even if a later step shows another.
        fitted, beside = fit_board(self.steps[0].game.board, DEFAULT_SPACE, beside=TEXT_PX)
        self.board_canvas = BoardCanvas(fitted, message=self.text, on_space=self._on_space)
        self.prev_button = w.Button(
            description=tr("Previous"), icon="arrow-left", layout=w.Layout(width="auto")
        )
        self.next_button = w.Button(
            description=tr("Next"), icon="arrow-right", layout=w.Layout(width="auto")
        )
        self.prev_button.on_click(self._on_prev)
        self.next_button.on_click(self._on_next)
        self._make_toggles(tr("the text"))
        self.sources_button = w.ToggleButton(
            value=not pupil,
            description=tr("Where does this come from?"),
            icon="book",
            layout=w.Layout(width="auto", display=None if self._has_sources() else "none"),
        )
        self.sources_button.observe(self._on_sources, names="value")
        # Previous and Next first, where the eye is after reading a step.
        controls = w.HBox(
            [self.prev_button, self.next_button, self.counter],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        toggles = w.HBox(
            [self.size_button, self.key_button, self.contrast_button, self.sources_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        # Keys, the live region and the board's accessible name (siege_nb.widgets.access).
        self._make_access(SCENARIO_KEYS, tr("Say in words what is on the board (key D)"))
        toggles.children = (self.describe_button, *toggles.children)
        self.side = w.VBox([self.title, controls, self.text, toggles, self.keys_note, self.access])
        self._place_side(beside)
        row = w.HBox(
            [self.canvas, self.side],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        super().__init__([self.board_canvas.probe, row])
        self.add_class(HOST_CLASS)
        self._show(in_event=False)

    def _has_sources(self) -> bool:
        return any(step.sources for step in self.steps)

    @property
    def pupil(self) -> bool:
        """True while where each reading comes from is left out."""
        return self._pupil

    def set_pupil(self, pupil: bool = True) -> None:
        """Leave out where each step's readings come from (``True``) or show it (``False``),
        as *Where does this come from?* does."""
        self._pupil = check_flag(pupil, "pupil")
        self.sources_button.value = not pupil  # no-op when the toggle asked for it
        self._show(in_event=False)

    @guarded
    def _on_sources(self, change: dict[str, Any]) -> None:
        if bool(change["new"]) == self._pupil:
            self.set_pupil(not change["new"])

    def _snapshot(self) -> tuple[Any, ...]:
        return self.index, self._pupil, self._sized_snapshot()

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        self.index, pupil, sized = snapshot
        if pupil != self._pupil:
            self._pupil = pupil
            self.sources_button.value = not pupil
        self._sized_restore(sized)
        self.board_canvas.forget_pictures()
        self._show(in_event=False)

    @classmethod
    def from_scenario(
        cls, scenario: Scenario, *, readings: bool = False, pupil: bool = False
    ) -> ScenarioPlayer:
        """A player for a scenario of :mod:`siege_nb.scenarios`: its steps and texts as the
        file gives them. With ``readings``, each step that sets an option ends with where
        that reading comes from, from the rule data.

        >>> import siege_nb as sn
        >>> player = ScenarioPlayer.from_scenario(sn.scenario("figure-b-literal"))
        >>> len(player.steps), player.steps[1].title
        (5, 'The chess reading (reach-any-army)')
        """
        from siege_nb.scenarios import Scenario

        check_type(scenario, Scenario, "scenario")
        check_flag(readings, "readings")
        check_flag(pupil, "pupil")
        steps = []
        for i, step in enumerate(scenario.steps):
            game = scenario.step_game(i)
            notes = _reading_notes(game, step.options) if readings and step.options else ""
            steps.append(
                Step(
                    game,
                    tr(step.text.strip()),
                    title=tr(step.title),
                    explore=step.explore,
                    mark=step.mark,
                    sources=notes,
                )
            )
        return cls(steps, title=tr(scenario.title), pupil=pupil)

    def _sized_game(self) -> Game:
        # The figure is sized for the first step's board even if a later step shows another.
        return self.steps[0].game

    def go(self, index: int) -> None:
        """Show step ``index`` (a whole number, clamped to the scenario)."""
        check_int(index, "index")
        self.index = max(0, min(index, len(self.steps) - 1))
        self._show(in_event=False)

    def next(self) -> None:
        """Show the next step (stays on the last)."""
        self.go(self.index + 1)

    def previous(self) -> None:
        """Show the previous step (stays on the first)."""
        self.go(self.index - 1)

    def describe(self, point: str | None = None) -> str:
        """Say in words what the step's board shows (:meth:`siege_nb.Game.describe`): the
        whole position, or what stands on ``point`` and where it may go. The words go under
        the step's text and to screen readers, and are returned.

        >>> import siege_nb as sn
        >>> player = ScenarioPlayer.from_scenario(sn.scenario("figure-b-literal"))
        >>> player.describe("j8")
        'j8: a black soldier. The garrison is to move, then White.'
        """
        check_type(point, (str, type(None)), "point")
        text = self.steps[self.index].game.describe(point)
        self._show(in_event=False, said=text)
        return text

    @guarded
    def _on_access_key(self, action: str) -> None:
        if action == "next":
            self._on_next()
        elif action == "previous":
            self._on_prev()
        else:
            self._shared_key(action)

    @guarded
    def _on_prev(self, _: Any = None) -> None:
        self.index = max(0, self.index - 1)
        self._show(in_event=True)

    @guarded
    def _on_next(self, _: Any = None) -> None:
        self.index = min(len(self.steps) - 1, self.index + 1)
        self._show(in_event=True)

    def _show(self, in_event: bool, said: str = "") -> None:
        step = self.steps[self.index]
        highlights = step.highlights
        if highlights is None and step.explore:
            highlights, _ = explore_highlights(step.game, step.explore)
        if step.mark:
            base = highlights or Highlights()
            # A copy: the step's own Highlights (the caller's object) stays as it was.
            highlights = replace(base, marked=[*step.mark, *base.marked])
        self.board_canvas.update(step.game, highlights=highlights, caption=step.title or None)
        self.board_canvas.redraw(in_event)  # the picture first, then the texts and buttons
        self.counter.value = "&nbsp; " + tr(
            "step {n} of {total}", n=self.index + 1, total=len(self.steps)
        )
        text = step.text
        if step.sources and not self._pupil:
            text += "\n\n" + step.sources
        words = ""
        if said:
            words = "<p><b>{}</b> {}</p>".format(
                escape(tr("In words:")),
                "<br>".join(escape(line) for line in said.splitlines()),
            )
        self.text.value = (
            f"<div style='font-size:15px; line-height:1.45'>{markdown(text)}{words}</div>"
        )
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        label = board_label(step.game)
        self.access.board_label = f"{step.title}. {label}" if step.title else label
        counter = plain_text(self.counter.value)
        self.access.say(said or f"{counter}. {step.title or ''} {plain_text(markdown(step.text))}")

    @classmethod
    def figure_b(cls, *, pupil: bool = False) -> ScenarioPlayer:
        """The French figure B under the four readings of "Protected pieces" (SP-16), each
        with where it comes from: the scenario ``figure-b-literal``, whose claims the tests
        check against the engine."""
        from siege_nb.scenarios import scenario

        return cls.from_scenario(scenario("figure-b-literal"), readings=True, pupil=pupil)


SCENARIO_KEYS = {
    "n": "next",
    "p": "previous",
    "d": "describe",
    "k": "key",
    "l": "large",
    "h": "contrast",
}
"""The scenario player's shortcut keys (listed under its text)."""


def _reading_notes(game: Game, chosen: Mapping[str, Any]) -> str:
    """Where each chosen reading comes from, in Markdown, one sentence per option."""
    notes = []
    for name in chosen:
        opt = game.rules.option(name)
        choice = game.rules.choice(name)
        where = choice.attribution.words(brief=True)
        notes.append(
            tr(
                "{option}: {choice}, {source}.",
                option=opt.heading,
                choice=format_choice(choice.value, choice.title),
                source=where,
            )
        )
    return " ".join(notes)


class ScenarioLibrary(w.VBox):
    """A list of the shipped scenarios (of one game, or about one option) with a player for
    the chosen one; choosing another scenario swaps the player (which keeps the size set by
    :meth:`set_size`, and the pupil view). ``pupil=True``: see :class:`ScenarioPlayer`."""

    def __init__(
        self, game: str | None = None, topic: str | None = None, *, pupil: bool = False
    ) -> None:
        from siege_nb.scenarios import scenarios

        if game is not None:
            game = check_game_name(game)
        check_type(topic, (str, type(None)), "topic")
        check_flag(pupil, "pupil")
        found = [s for s in scenarios(game) if topic is None or topic in s.topics]
        if not found:
            topics = sorted({t for s in scenarios(game) for t in s.topics})
            listed = ", ".join(topics[:12]) + (", ..." if len(topics) > 12 else "")
            raise ArgumentError(
                "topic", topic, f"a topic of the scenarios of {game or 'any game'}: {listed}"
            )
        self.scenarios = {s.id: s for s in found}
        self.pupil = pupil
        self.last_error: Exception | None = None
        # Titles only: a pupil never reads a scenario's file name.
        self.chooser = w.Dropdown(
            options=[(tr(s.title), s.id) for s in found],
            description=tr("Scenario"),
            # As wide as the notebook allows, up to 640 pixels: beside JupyterLab's file
            # panel on a 1024-pixel projector a notebook is about 590 pixels wide (the 4 pixels
            # are the widget's margins).
            layout=w.Layout(width="calc(100% - 4px)", max_width="640px"),
        )
        self.summary = w.HTML()
        self._size: tuple[str, bool | None] = ("normal", None)
        self.player = found[0].player(pupil=pupil)
        self._shown = found[0].id
        super().__init__([self.chooser, self.summary, self.player])
        self._show(found[0].id)
        self.chooser.observe(self._on_choose, names="value")

    def set_size(self, size: str = "normal", *, page: bool | None = None) -> None:
        """Size the player's board (see :meth:`ScenarioPlayer.set_size`), now and for every
        scenario chosen later."""
        check_size(size)
        check_type(page, (bool, type(None)), "page")
        self._size = (size, page)
        self.player.set_size(size, page=page)

    def choose(self, scenario_id: str) -> None:
        """Show the scenario ``scenario_id`` (one of the library's; see :attr:`scenarios`)."""
        check_type(scenario_id, str, "scenario_id")
        if scenario_id not in self.scenarios:
            ids = list(self.scenarios)
            listed = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
            raise ArgumentError("scenario_id", scenario_id, f"a scenario of this library: {listed}")
        self.chooser.value = scenario_id

    @guarded
    def _on_choose(self, change: dict[str, Any]) -> None:
        self._show(change["new"])

    def _snapshot(self) -> tuple[Any, ...]:
        # The scenario shown, not the chooser's value: a choice is handled after the chooser
        # has changed.
        return self.player, self.summary.value, self._shown

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        self.player, self.summary.value, chosen = snapshot
        self._shown = chosen
        if self.chooser.value != chosen:
            with self.chooser.hold_trait_notifications():
                self.chooser.unobserve(self._on_choose, names="value")
                self.chooser.value = chosen
                self.chooser.observe(self._on_choose, names="value")
        self.children = [self.chooser, self.summary, self.player]

    def _show_error(self, err: Exception, failed: Exception | None = None) -> None:
        self.last_error = err
        self.summary.value = error_html(err, tr("the scenario list"), failed)

    def _show(self, scenario_id: str) -> None:
        self._shown = scenario_id
        s = self.scenarios[scenario_id]
        if self.player.title.value.find(escape(tr(s.title))) < 0:
            player = s.player(pupil=self.pupil)
            size, page = self._size
            if size != "normal" or page:
                player.set_size(size, page=page)
            self.player = player
        self.summary.value = f"<p style='font-size:15px'>{escape(tr(s.summary))}</p>"
        self.children = [self.chooser, self.summary, self.player]
