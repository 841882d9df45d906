"""WhereTheyPart: pick an option and two of its readings, find where they part, step through.

The widget asks :func:`siege_nb.disputes.find_disagreements` (the same finder as in a
notebook) and shows each lesson it returns in a :class:`~siege_nb.ScenarioPlayer`: the
position, then the verdict or the result under each reading. It is the classroom app's
*Where they part* tab and notebook 10's first half.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from siege_nb.disputes.words import grouped
from siege_nb.errors import ArgumentError, check_int, check_number
from siege_nb.i18n import ngettext, tr
from siege_nb.render.checks import check_flag, check_game_name, check_preset
from siege_nb.rules import Option, options, preset_values, presets, rules
from siege_nb.widgets.canvas import check_size
from siege_nb.widgets.common import PANEL_CLASS, error_html, escape, guarded
from siege_nb.widgets.scenario import ScenarioPlayer
from siege_nb.widgets.selectors import choice_labels

__all__ = ["WhereTheyPart", "default_option"]

# How much a click searches: enough for nearly every option (benchmarks/bench_finder.py), and
# never so long that a class waits.
POSITIONS = 3_000
SECONDS = 12.0


def default_option(game: str, preset: str = "default") -> tuple[str, Any, Any]:
    """The option a reader meets first, and two of its choices: the first option (not one
    that changes the board) on which the game's presets disagree, the preset's own choice and
    the first other choice a preset makes; for a game with one preset, its first such option
    and its first two choices.

    >>> default_option("belagerung")
    ('attacker_direction', 'shortest-route', 'any')
    >>> default_option("pyramid-siege")
    ('capture', 'huff', 'strict')
    """
    values = [preset_values(game, p) for p in presets(game)]
    mine = preset_values(game, preset)
    candidates = [o for o in options(game) if not o.changes_board and len(o.choices) > 1]
    for opt in candidates:
        others = [v[opt.name] for v in values if v[opt.name] != mine[opt.name]]
        if others:
            return opt.name, mine[opt.name], others[0]
    opt = candidates[0]
    first = mine[opt.name]
    second = next(c.value for c in opt.choices if c.value != first)
    return opt.name, first, second


def _option_label(opt: Option, pupil: bool) -> str:
    return opt.shown_title if pupil else opt.heading


class WhereTheyPart(w.VBox):
    """Find where two readings of a rule part, and step through the smallest positions.

    Choose a disputed rule (``option``) and two of its answers (``a`` and ``b``), then press
    *Find where they part*: the finder searches games and positions of ``game`` under
    ``preset`` (at most ``positions`` positions and ``seconds`` seconds a click), and each
    lesson it returns can be chosen and stepped through below. ``pupil=True`` names rules in
    plain words, as the classroom app does.

    >>> part = WhereTheyPart("pyramid-siege", option="towards")
    >>> found = part.find()
    >>> found.disagreements[0].rule, part.player is not None
    ('PS-5', True)
    >>> part.lesson_chooser.value
    0
    """

    def __init__(
        self,
        game: str = "siege-of-paris",
        preset: str = "default",
        *,
        option: str | None = None,
        a: Any = None,
        b: Any = None,
        pupil: bool = False,
        positions: int = POSITIONS,
        seconds: float = SECONDS,
        seed: int = 0,
    ) -> None:
        self.game = check_game_name(game)
        self.preset = check_preset(game, preset)
        check_flag(pupil, "pupil")
        self.positions = check_int(positions, "positions", minimum=1)
        self.seconds = check_number(seconds, "seconds", above=0.0)
        self.seed = check_int(seed, "seed")
        self.pupil = pupil
        self.last_error: Exception | None = None
        self.findings: Any = None
        self.player: ScenarioPlayer | None = None
        self._size: tuple[str, bool | None] = ("normal", None)
        chosen, first, second = default_option(game, preset)
        if option is not None:
            from siege_nb.rules import option as find_option

            opt = find_option(game, option)
            chosen = opt.name
            values = [c.value for c in opt.choices]
            first = rules(game, preset)[opt.name]
            second = next(v for v in values if v != first)
        opt = self._option(chosen)
        # Labels as wide as their words: French and Portuguese run longer than English.
        natural = {"description_width": "initial"}
        self.option_chooser = w.Dropdown(
            options=[
                (_option_label(o, pupil), o.name)
                for o in options(game)
                if len(o.choices) > 1 and not o.changes_board
            ],
            value=opt.name,
            description=tr("Rule"),
            layout=w.Layout(width="calc(100% - 4px)", max_width="560px"),
            style=natural,
        )
        self.a_chooser = w.Dropdown(
            description=tr("One way"), layout=w.Layout(max_width="560px"), style=natural
        )
        self.b_chooser = w.Dropdown(
            description=tr("Other way"), layout=w.Layout(max_width="560px"), style=natural
        )
        self._fill_choices(opt, first if a is None else a, second if b is None else b)
        self.find_button = w.Button(
            description=tr("Find where they part"),
            icon="search",
            button_style="primary",
            layout=w.Layout(width="auto"),
        )
        self.status = w.HTML()
        self.status.add_class(PANEL_CLASS)
        self.lesson_chooser = w.Dropdown(
            options=[],
            description=tr("Position"),
            style=natural,
            layout=w.Layout(width="calc(100% - 4px)", max_width="640px", display="none"),
        )
        self.option_chooser.observe(self._on_option, names="value")
        self.find_button.on_click(self._on_find)
        self.lesson_chooser.observe(self._on_lesson, names="value")
        self._controls = w.VBox(
            [
                self.option_chooser,
                w.HBox([self.a_chooser, self.b_chooser], layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [self.find_button, self.status],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.lesson_chooser,
            ]
        )
        self.status.value = self._hint()
        super().__init__([self._controls])

    # -- choosing ---------------------------------------------------------------------------
    def _option(self, name: str) -> Option:
        from siege_nb.rules import option as find_option

        return find_option(self.game, name)

    def _fill_choices(self, opt: Option, a: Any, b: Any) -> None:
        labels = choice_labels(opt, pupil=self.pupil)
        values = [c.value for c in opt.choices]
        picks = []
        for which, value in (("a", a), ("b", b)):
            normal = opt.normalise(value)
            if normal not in values:
                raise ArgumentError(which, value, f"a choice of {opt.name}")
            picks.append(values.index(normal))
        if picks[0] == picks[1]:
            raise ArgumentError("b", b, "a choice other than a's, to compare")
        for chooser, pick in ((self.a_chooser, picks[0]), (self.b_chooser, picks[1])):
            chooser.options = labels
            chooser.value = pick

    @property
    def option(self) -> Option:
        """The option compared."""
        return self._option(self.option_chooser.value)

    @property
    def choices(self) -> tuple[Any, Any]:
        """The two choices compared (their values)."""
        opt = self.option
        return opt.choices[self.a_chooser.value].value, opt.choices[self.b_chooser.value].value

    def _hint(self) -> str:
        return (
            "<span style='font-size:15px'>"
            + tr(
                "Choose a rule and two ways of reading it, then press <b>{button}</b>.",
                button=escape(tr("Find where they part")),
            )
            + "</span>"
        )

    # -- finding ----------------------------------------------------------------------------
    def find(self) -> Any:
        """Search now (as the button does) and show the first lesson; returns the
        :class:`~siege_nb.disputes.Findings`."""
        from siege_nb.disputes import find_disagreements

        a, b = self.choices
        if a == b and type(a) is type(b):
            raise ArgumentError("b", b, "two different readings to compare")
        self.status.value = "<span style='font-size:15px'>" + tr("Searching…") + "</span>"
        found = find_disagreements(
            self.game,
            self.option.name,
            "off" if a is None else a,
            "off" if b is None else b,
            preset=self.preset,
            positions=self.positions,
            seconds=self.seconds,
            seed=self.seed,
        )
        self._present(found)
        return found

    def again(self) -> WhereTheyPart:
        """A new widget like this one, named in the language now in force: the same game,
        preset, rule, readings and search, showing the same lessons (the classroom app's
        language chooser puts it in place of this one)."""
        a, b = self.choices
        twin = WhereTheyPart(
            self.game,
            self.preset,
            option=self.option.name,
            a="off" if a is None else a,
            b="off" if b is None else b,
            pupil=self.pupil,
            positions=self.positions,
            seconds=self.seconds,
            seed=self.seed,
        )
        size, page = self._size
        if size != "normal" or page:
            twin.set_size(size, page=page)
        if self.findings is not None:
            twin._present(self.findings)
            if self.lesson_chooser.value:
                twin.lesson_chooser.value = self.lesson_chooser.value
        return twin

    def _present(self, found: Any) -> None:
        """Show the result of a search: its lessons, the first on the board, or why none."""
        self.findings = found
        if not found.disagreements:
            self.player = None
            self.lesson_chooser.layout.display = "none"
            self.status.value = f"<div style='font-size:15px'>{escape(found.why_none)}</div>"
            self.children = [self._controls]
            return
        self.status.value = (
            "<span style='font-size:15px'>"
            + ngettext(
                "Found {n} kind of position where they part ({count} positions searched).",
                "Found {n} kinds of position where they part ({count} positions searched).",
                len(found),
                count=grouped(found.positions),
            )
            + "</span>"
        )
        entries = [
            (
                ngettext(
                    "{k}. {move}: {n} piece",
                    "{k}. {move}: {n} pieces",
                    len(d.position),
                    k=k + 1,
                    move=d.move or tr("the position"),
                ),
                k,
            )
            for k, d in enumerate(found.disagreements)
        ]
        self.lesson_chooser.unobserve(self._on_lesson, names="value")
        try:
            self.lesson_chooser.options = entries
            self.lesson_chooser.value = 0
        finally:
            self.lesson_chooser.observe(self._on_lesson, names="value")
        self.lesson_chooser.layout.display = None
        self.show(0)

    def show(self, index: int) -> None:
        """Show lesson ``index`` (from 0) of the last search in a scenario player."""
        check_int(index, "index", minimum=0)
        if self.findings is None or index >= len(self.findings.disagreements):
            raise ArgumentError("index", index, "a lesson of the last search")
        lesson = self.findings.disagreements[index]
        player = ScenarioPlayer.from_scenario(
            lesson.scenario(), readings=not self.pupil, pupil=self.pupil
        )
        size, page = self._size
        if size != "normal" or page:
            player.set_size(size, page=page)
        self.player = player
        self.children = [self._controls, w.HTML(self._describe(lesson)), player]

    def _describe(self, lesson: Any) -> str:
        return f"<p style='font-size:15px'>{escape(lesson.describe(pupil=self.pupil))}</p>"

    def set_size(self, size: str = "normal", *, page: bool | None = None) -> None:
        """Size the lessons' boards (see :meth:`ScenarioPlayer.set_size`), now and later."""
        check_size(size)
        self._size = (size, page)
        if self.player is not None:
            self.player.set_size(size, page=page)

    # -- events -----------------------------------------------------------------------------
    @guarded
    def _on_option(self, change: dict[str, Any]) -> None:
        opt = self._option(change["new"])
        first = rules(self.game, self.preset)[opt.name]
        second = next(c.value for c in opt.choices if c.value != first)
        self._fill_choices(opt, first, second)
        self.status.value = self._hint()

    @guarded
    def _on_find(self, _: Any = None) -> None:
        self.find()

    @guarded
    def _on_lesson(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.show(change["new"])

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.option_chooser.value,
            self.a_chooser.options,
            self.a_chooser.value,
            self.b_chooser.value,
            self.findings,
            self.player,
            self.children,
            self.lesson_chooser.options,
            self.lesson_chooser.value,
        )

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (option, labels, a, b, findings, player, children, lessons, lesson) = snapshot
        for chooser, handler in (
            (self.option_chooser, self._on_option),
            (self.lesson_chooser, self._on_lesson),
        ):
            chooser.unobserve(handler, names="value")
        try:
            self.option_chooser.value = option
            self.a_chooser.options = labels
            self.b_chooser.options = labels
            self.a_chooser.value, self.b_chooser.value = a, b
            self.lesson_chooser.options = lessons
            self.lesson_chooser.value = lesson
        finally:
            self.option_chooser.observe(self._on_option, names="value")
            self.lesson_chooser.observe(self._on_lesson, names="value")
        self.findings, self.player = findings, player
        self.children = children

    def _show_error(self, err: Exception, failed: Exception | None = None) -> None:
        self.last_error = err
        self.status.value = error_html(err, tr("the search"), failed)
