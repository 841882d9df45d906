"""RuleSelectors: the preset and one dropdown per option, in words, built from the rule data.

Every option is shown by its reader title with its question as visible text above its
dropdown (JupyterLab 4 shows no tooltips, so nothing is said only in one); every answer by
its words, whether a text states it, and whether it is the project's default. The preset is
named after the text it follows, with its note, how many readings differ from it, and a
button that goes back to it. The options a lesson is about come first (``focus``); the others
are folded under *All readings*, so that the panel stays short beside the board. In the pupil
view, answers are named by their words alone, without rule ids or where each comes from.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as w

from siege_nb.errors import ArgumentError, check_list, check_type, shorten
from siege_nb.i18n import N_, ngettext, tr
from siege_nb.rules import Option, RuleSet, preset_note, preset_values, presets
from siege_nb.rules import rules as rule_set
from siege_nb.widgets.common import (
    PANEL_CLASS,
    PANEL_CSS,
    VERMILLION,
    capital,
    escape,
    preset_name,
)

__all__ = ["RuleSelectors", "choice_labels", "option_html"]

# The panel's notes (marked for the catalogue; the HTML is the translators' too).
PUPIL_NOTE = N_(
    "<div><b>Readings of the rules</b>. The old rule texts disagree, or say nothing, on "
    "some points. Each list below is one of them: choose how to read it and the board "
    "follows.</div>"
)
READINGS_NOTE = N_(
    "<div><b>Readings of the rules</b>. Each answer below is <i>stated</i> by a text, "
    "a <i>reading</i> (one way to understand a text that does not say it outright) or a "
    "<i>reconstruction</i> (the project's own choice where the texts are silent); "
    "<i>default</i> marks the project's default answer.</div>"
)
PRESET_LABEL = N_(
    "<div><b>Preset</b> <span style='color:#555'>(a complete set of answers, most "
    "following one text)</span></div>"
)
# A choice's basis in the dropdowns, in words.
_BASIS_WORDS = {
    "stated": N_("stated"),
    "reading": N_("reading"),
    "reconstruction": N_("reconstruction"),
}
QUESTION_STYLE = "font-size:14px; color:#444; line-height:1.35"
CHANGED_STYLE = f"color:{VERMILLION}"  # the panels' vermillion, readable at WCAG AA


def choice_labels(opt: Option, pupil: bool = False) -> list[tuple[str, int]]:
    """The dropdown entries of an option: the answer in words, its basis (stated, reading or
    reconstruction) and ``default`` for the project's default; each entry's value is the
    choice's index. With ``pupil``, the words alone (and ``usual`` for the default).

    >>> import siege_nb as sn
    >>> choice_labels(sn.option("siege-of-paris", "protection"))[0]
    ('another attacker could move there · stated · default', 0)
    >>> choice_labels(sn.option("siege-of-paris", "soldier_inside_draw"))[1]
    ('off · reconstruction', 1)
    >>> choice_labels(sn.option("siege-of-paris", "protection"), pupil=True)[0]
    ('another attacker could move there · usual', 0)
    """
    if pupil:
        return [
            (c.words + (" · " + tr("usual") if c.value == opt.default else ""), i)
            for i, c in enumerate(opt.choices)
        ]
    return [
        (
            f"{c.words} · {tr(_BASIS_WORDS[c.basis])}"
            + (" · " + tr("default") if c.value == opt.default else ""),
            i,
        )
        for i, c in enumerate(opt.choices)
    ]


def option_html(opt: Option, changed: bool = False, pupil: bool = False, caveat: str = "") -> str:
    """An option's label as HTML: its title, its rule id where it has one (not for a
    pupil), whether it differs from the preset, its question in plain words, and the caveat
    of the answer in force (a stated answer whose exact condition is a reading; not for a
    pupil). A dropdown cannot wrap its words, so the caveat stands here, above it.

    >>> import siege_nb as sn
    >>> html = option_html(sn.option("siege-of-paris", "placement_win"))
    >>> "Winning by placement" in html and "SP-1" in html and "officer" in html
    True
    >>> "SP-1" in option_html(sn.option("siege-of-paris", "placement_win"), pupil=True)
    False
    """
    title = escape(opt.shown_title)
    # Options that are not rules of a text have their code name as id: show no tag then.
    plain = pupil or opt.id == opt.name
    tag = "" if plain else f" <span style='color:#555'>({escape(opt.id)})</span>"
    changed_words = tr("changed from the preset")  # outside the f-string, where Babel sees it
    flag = f" <span style='{CHANGED_STYLE}'>· {changed_words}</span>" if changed else ""
    note = (
        f"<div style='{QUESTION_STYLE}'>"
        + tr("<i>Note</i>: {caveat}.", caveat=escape(tr(caveat)))
        + "</div>"
        if caveat and not pupil
        else ""
    )
    return (
        f"<div><b>{title}</b>{tag}{flag}</div>"
        f"<div style='{QUESTION_STYLE}'>{escape(tr(opt.question))}</div>{note}"
    )


def _index(values: list[Any], value: Any) -> int | None:
    """The index of ``value`` among an option's values (``1`` and ``True`` are different
    choices), or ``None``."""
    for i, v in enumerate(values):
        if type(v) is type(value) and v == value:
            return i
    return None


def _own_label(opt: Option, value: Any, pupil: bool = False) -> str:
    """The dropdown entry of a value that is no listed choice (a move limit of 50 plies):
    the rule data's words for it, and its basis (not for a pupil)."""
    choice = opt.choice(value)
    words = tr("{value} (a value of your own)", value=value)
    return words if pupil else f"{words} · {tr(_BASIS_WORDS[choice.basis])}"


class RuleSelectors(w.VBox):
    """The preset and a dropdown per option (except ``exclude``), showing ``current``.

    Each change made by the reader calls ``on_change`` once with the new :class:`RuleSet`: a
    preset chosen in the list (the one in force included) or *Back to ...* gives that
    preset's rules (the option dropdowns follow it); a new option value gives the rules shown
    with that option changed. :meth:`show` sets the dropdowns without calling anybody (after
    the owner has applied, or refused, the rules).

    While some readings differ from the preset, the preset list starts with an entry saying
    so ("The French rules, 2 readings changed"), so that choosing the preset itself in the
    list is a change, and resets the readings.

    A value of the reader's own that no choice lists (a move limit of 50 plies) gets an
    entry of its own in its option's dropdown when it is shown, and keeps it.

    >>> import siege_nb as sn
    >>> seen = []
    >>> selectors = RuleSelectors(sn.rules("siege-of-paris"), seen.append)
    >>> selectors.preset.value = "ludosofia"
    >>> [(r.preset, r["protection"]) for r in seen]
    [('ludosofia', 'reach-same-army')]
    >>> selectors.options["protection"].value = 2
    >>> selectors.preset.label
    'The Portuguese rules, 1 reading changed'
    >>> selectors.back_button.click()
    >>> seen[-1] == sn.rules("siege-of-paris", "ludosofia"), len(seen)
    (True, 3)
    """

    def __init__(
        self,
        current: RuleSet,
        on_change: Callable[[RuleSet], None],
        *,
        exclude: Collection[str] = (),
        focus: Collection[str] = (),
        pupil: bool = False,
    ) -> None:
        check_type(current, RuleSet, "current")
        if not callable(on_change):
            raise TypeError(
                f"on_change must be callable, not {type(on_change).__name__} ({shorten(on_change)})"
            )
        check_list(exclude, "exclude", "a list of option names")
        for i, name in enumerate(exclude):
            check_type(name, str, f"exclude[{i}]")
        check_list(focus, "focus", "a list of option names")
        for i, name in enumerate(focus):
            check_type(name, str, f"focus[{i}]")
        check_type(pupil, bool, "pupil")
        self.game = current.game
        self.on_change = on_change
        self._shown = current
        self._syncing = False
        self._pupil = pupil
        # The entries and the texts are filled in by show(), once the options exist.
        self.preset = w.Dropdown(
            options=[(p, p) for p in presets(current.game)],
            value=current.preset,
            layout=w.Layout(width="auto"),
        )
        self.preset_info = w.HTML(layout=w.Layout(width="auto"))
        self.back_button = w.Button(icon="undo", layout=w.Layout(width="auto", max_width="100%"))
        # The dropdowns and their labels, built so far: those in focus at once, the folded
        # ones when they are first shown or asked for (:attr:`options`), since some sixty
        # widgets for fifteen options are most of what a board widget costs to build.
        self._options: dict[str, w.Dropdown] = {}
        self._labels: dict[str, w.HTML] = {}
        # The value of each entry of each option's dropdown (an entry's value is its index):
        # the choices, then any value of the reader's own shown so far.
        self._values: dict[str, list[Any]] = {}
        focused = [o.name for o in current.options if o.name in focus or o.id in focus]
        shown = [o for o in current.options if o.name not in exclude and o.id not in exclude]
        for opt in shown:
            self._values[opt.name] = [c.value for c in opt.choices]
        self._names = [o.name for o in shown if o.name in focused] + [
            o.name for o in shown if o.name not in focused
        ]
        self._folded = [name for name in self._names if name not in focused]
        first = [self._row(current.option(name)) for name in self._names if name in focused]
        self.focus = tuple(focused)
        # The options no lesson is about, folded: fifteen dropdowns are taller than a screen.
        self.more_button = w.ToggleButton(
            value=False,
            description=(
                tr("Other readings ({n})", n=len(self._folded))
                if first
                else tr("All readings ({n})", n=len(self._folded))
            ),
            icon="chevron-down",
            layout=w.Layout(width="auto", margin="8px 0 0 0"),
        )
        self.more = w.VBox(layout=w.Layout(width="100%", display="none"))
        self.more_button.observe(self._on_more, names="value")
        # "index", not "value": the first entry of a changed preset has the preset's own
        # value, so only the index tells that the reader chose the preset again.
        self.preset.observe(self._on_preset, names="index")
        self.back_button.on_click(self._on_back)
        self.note = w.HTML(layout=w.Layout(width="auto"))
        folded = [self.more_button, self.more] if self._folded else []
        super().__init__(
            [
                self.note,
                w.HTML(tr(PRESET_LABEL), layout=w.Layout(width="auto")),
                self.preset,
                self.preset_info,
                self.back_button,
                *first,
                *folded,
            ],
            layout=w.Layout(width="100%"),
        )
        self.add_class("siege-rules")
        self.add_class(PANEL_CLASS)
        self.show(current)

    def _row(self, opt: Option) -> w.VBox:
        """The label and dropdown of one option, made now (their values set by
        :meth:`show`)."""
        self._labels[opt.name] = w.HTML(option_html(opt), layout=w.Layout(width="auto"))
        entries = choice_labels(opt, self._pupil) + [
            (_own_label(opt, v, self._pupil), i)
            for i, v in enumerate(self._values[opt.name])
            if i >= len(opt.choices)
        ]
        dropdown = w.Dropdown(
            options=entries,
            value=0,  # show() sets the value in force
            layout=w.Layout(width="auto"),
        )
        self._options[opt.name] = dropdown
        dropdown.observe(self._on_option, names="value")
        row = w.VBox(
            [self._labels[opt.name], dropdown], layout=w.Layout(width="100%", margin="6px 0 0 0")
        )
        row.add_class("siege-option")
        return row

    def _build_folded(self) -> None:
        """Make the folded options' dropdowns, once, showing the rules in force."""
        if self.more.children or not self._folded:
            return
        self.more.children = [self._row(self._shown.option(name)) for name in self._folded]
        self.show(self._shown)

    @property
    def options(self) -> dict[str, w.Dropdown]:
        """The dropdown of each option shown, by option name (the folded ones are made when
        first asked for)."""
        self._build_folded()
        return self._options

    @property
    def labels(self) -> dict[str, w.HTML]:
        """The title and question above each option's dropdown, by option name."""
        self._build_folded()
        return self._labels

    def unfold(self, shown: bool = True) -> None:
        """Show (or fold away) the dropdowns of the readings not in focus, as the *All
        readings* button does."""
        self.more_button.value = check_type(shown, bool, "shown")

    def _on_more(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._build_folded()
        self.more.layout.display = None if change["new"] else "none"
        self.more_button.icon = "chevron-up" if change["new"] else "chevron-down"

    @property
    def pupil(self) -> bool:
        """True while the answers are named in a pupil's words (no basis, no rule ids)."""
        return self._pupil

    def set_pupil(self, pupil: bool = True) -> None:
        """Name answers and options in a pupil's words (``True``), or with their basis, rule
        ids and the preset's note (``False``)."""
        self._pupil = check_type(pupil, bool, "pupil")
        self._syncing = True
        try:
            for name, dropdown in self._options.items():
                opt = self._shown.option(name)
                index = dropdown.value
                entries = choice_labels(opt, pupil)
                entries += [
                    (_own_label(opt, v, pupil), i)
                    for i, v in enumerate(self._values[name])
                    if i >= len(opt.choices)
                ]
                dropdown.options = entries
                dropdown.value = index
        finally:
            self._syncing = False
        self.show(self._shown)

    @property
    def rules(self) -> RuleSet:
        """The rules the dropdowns show."""
        return self._shown

    @property
    def changed(self) -> dict[str, Any]:
        """The shown options whose value differs from the preset's, by name."""
        return self._changed(self._shown)

    def _changed(self, current: RuleSet) -> dict[str, Any]:
        # An excluded option (the one a comparer compares) is not the reader's change.
        return {k: v for k, v in current.overrides.items() if k in self._values}

    def back_to_preset(self) -> None:
        """Set every option back to the preset's value (one ``on_change`` call; none if
        no shown option differs)."""
        if not self.changed:
            return
        chosen = rule_set(self.game, self._shown.preset)
        self.show(chosen)
        self.on_change(chosen)

    def show(self, current: RuleSet) -> None:
        """Set every dropdown and text to ``current`` (rules of this game) without calling
        ``on_change``. A value no choice lists gets an entry of its own first."""
        check_type(current, RuleSet, "current")
        if current.game != self.game:
            raise ArgumentError("current", current, f"rules of {self.game}")
        self._syncing = True
        try:
            self._shown = current
            entries = self._preset_entries(current)
            if tuple(self.preset.options) != tuple(entries):
                self.preset.options = entries
            changed = self._changed(current)
            self.preset.index = 0 if changed else list(presets(self.game)).index(current.preset)
            base = preset_values(self.game, current.preset)
            for name in self._names:
                opt = current.option(name)
                index = self._entry(opt, current[name])
                dropdown = self._options.get(name)
                if dropdown is not None:
                    dropdown.value = index
                    changed_here = base[name] != current[name]
                    caveat = current.choice(name).attribution.caveat
                    self._labels[name].value = option_html(opt, changed_here, self._pupil, caveat)
            self.preset_info.value = self._preset_info_html(current)
            self.note.value = PANEL_CSS + tr(PUPIL_NOTE if self._pupil else READINGS_NOTE)
            name = preset_name(self.game, current.preset)
            self.back_button.description = tr("Back to {preset}", preset=name)
            self.back_button.disabled = not changed
        finally:
            self._syncing = False

    def _entry(self, opt: Option, value: Any) -> int:
        """The index of ``value`` in ``opt``'s dropdown, adding an entry for a value of the
        reader's own."""
        values = self._values[opt.name]
        index = _index(values, value)
        if index is None:
            values.append(value)
            index = len(values) - 1
            dropdown = self._options.get(opt.name)
            if dropdown is not None:  # else it is made with the entry
                entry = (_own_label(opt, value, self._pupil), index)
                dropdown.options = [*dropdown.options, entry]
        return index

    def _preset_entries(self, current: RuleSet) -> list[tuple[str, str]]:
        entries = [(capital(preset_name(self.game, p)), p) for p in presets(self.game)]
        n = len(self._changed(current))
        if n:
            name = capital(preset_name(self.game, current.preset))
            changed = ngettext("{n} reading changed", "{n} readings changed", n)
            entries.insert(0, (f"{name}, {changed}", current.preset))
        return entries

    def _preset_info_html(self, current: RuleSet) -> str:
        # A preset's note says where it reads its text rather than follows it: sources, for
        # the "Where does this come from?" view.
        note = "" if self._pupil else escape(preset_note(self.game, current.preset))
        text = f"<div style='{QUESTION_STYLE}'>{note}</div>"
        extra = self._changed(current)
        if extra:
            titles = ", ".join(escape(current.option(k).shown_title) for k in extra)
            said = ngettext(
                "<b>{n} reading changed</b> from this preset: {titles}.",
                "<b>{n} readings changed</b> from this preset: {titles}.",
                len(extra),
                titles=titles,
            )
            text += f"<div style='{CHANGED_STYLE}'>{said}</div>"
        return text

    def _on_preset(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        chosen = rule_set(self.game, self.preset.options[change["new"]][1])
        self.show(chosen)  # the option dropdowns follow the preset, silently
        self.on_change(chosen)

    def _on_back(self, _: Any = None) -> None:
        self.back_to_preset()

    def _on_option(self, _: dict[str, Any]) -> None:
        if self._syncing:
            return
        values = {
            name: self._values[name][dropdown.value] for name, dropdown in self._options.items()
        }
        chosen = self._shown.replace(**values)
        self.show(chosen)  # the preset's "changed" entry and the labels follow
        self.on_change(chosen)
