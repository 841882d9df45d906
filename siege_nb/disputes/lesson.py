"""A disagreement found by the finder, as a lesson: verdicts, a scenario file, widgets.

A :class:`Disagreement` is a set-up (legal under both rule sets), the moves played from it
(usually none) and what the two rule sets then say differently: a move that one allows and
the other refuses (with each side's :class:`~siege_nb.Verdict`), or a move after which the two
results differ (each side's :class:`~siege_nb.Result`). Its :meth:`~Disagreement.scenario`
writes a scenario file (``docs/scenario-files.md``) whose claims the finder states and
:func:`siege_nb.load_scenario` and :meth:`~siege_nb.Scenario.check` check, as for every
shipped scenario; :meth:`~Disagreement.player` and :meth:`~Disagreement.comparer` open it in
:class:`~siege_nb.ScenarioPlayer` and :class:`~siege_nb.RuleComparer`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from siege_nb.disputes.judge import Kind
from siege_nb.errors import ArgumentError
from siege_nb.games.base import Game, Result, Verdict, result_words, side_words
from siege_nb.games.registry import new_game
from siege_nb.i18n import ngettext, tr
from siege_nb.rules import RuleSet, format_value, preset_name
from siege_nb.scenarios import FrozenMap, Scenario, load_scenario

__all__ = ["Disagreement"]


def _game(rules: RuleSet, setup: Mapping[str, Any], line: tuple[str, ...]) -> Game:
    g = new_game(rules.game, rules.preset, **dict(setup), **rules.overrides)
    for text in line:
        g.play(text)
    return g


def _result_words(result: Result | None, rules: RuleSet | None = None) -> str:
    """A result in words; with ``rules``, in a pupil's words (no rule ids, no sources)."""
    if result is None:
        return tr("the game goes on")
    reason = result.reason if rules is None else rules.plain(result.reason)
    return tr(
        "{result} ({reason})",
        result=result_words(result.winner),
        reason=reason.strip().rstrip("."),
    )


def _claim_result(result: Result | None) -> str:
    if result is None:
        return "none"
    return "draw" if result.winner is None else result.winner


def _toml(value: Any) -> str:
    """A TOML value: text, a whole number, true or false, or ``"off"`` for no value."""
    if value is None:
        return '"off"'
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    # JSON's string escapes are TOML's (basic strings); non-ASCII text stays as it is.
    return json.dumps(str(value), ensure_ascii=False)


def _table(values: Mapping[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in values.items()) + " }"


def _list(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(_toml(x) for x in items) + "]"


def _line_words(line: tuple[str, ...]) -> str:
    """A line of play in words: its moves if there are a few, else how many."""
    if len(line) <= 4:
        return ngettext("the move {moves}", "the moves {moves}", len(line), moves=", ".join(line))
    return ngettext(
        "a line of {n} move ({first} ... {last})",
        "a line of {n} moves ({first} ... {last})",
        len(line),
        first=" ".join(line[:2]),
        last=line[-1],
    )


def _to_move(setup: Mapping[str, Any]) -> str:
    """The side to move of a set-up, as a caption names it."""
    side = setup.get("to_move")
    return side_words(side) if side else tr("the first side")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


@dataclass(frozen=True)
class Disagreement:
    """Where two rule sets of a game part, shrunk to a lesson (made by the finder,
    :func:`~siege_nb.disputes.find_disagreements`).

    ``setup`` is the set-up (``position``, ``to_move`` and, in the Siege of Paris,
    ``next_army``), legal under both rule sets; ``line`` the moves played first, legal under
    both (none unless the difference needs them: a huff that may follow a step, the move
    limit's count); ``move`` the move the two rule sets judge differently (``kind`` ``"move"``)
    or after which their results differ (``kind`` ``"result"``; ``""`` when the position
    itself is already decided differently). ``allowed_by`` names the rule set that allows the
    move (``"a"`` or ``"b"``); ``verdict_a``/``verdict_b`` are each side's verdicts,
    ``result_a``/``result_b`` each side's results after the move. ``rule`` is the id of the
    rule that decides: the one that refuses the move, or that ends the game under one rule
    set (under ``a`` if both end it). ``group`` is the kind of difference it stands for and
    ``seen`` how many times a difference of that kind was met in the search; ``found_in``
    says where the search first met it, and ``started_with`` how many pieces that position
    had before shrinking.

    >>> import siege_nb as sn
    >>> found = sn.find_disagreements("siege-of-paris", "SP-16", "adjacent", "reach-any-army",
    ...                               preset="escale-a-jeux", seed=1, positions=400)
    >>> d = found.disagreements[0]
    >>> d.kind, len(d.position) <= 4, all(r.ok for r in d.scenario().check())
    ('move', True, True)
    """

    game: str
    option: str | None
    label_a: str
    label_b: str
    rules_a: RuleSet
    rules_b: RuleSet
    setup: Mapping[str, Any]
    line: tuple[str, ...]
    kind: str
    move: str
    allowed_by: str | None
    verdict_a: Verdict | None
    verdict_b: Verdict | None
    result_a: Result | None
    result_b: Result | None
    rule: str
    group: Kind = field(repr=False)
    seen: int = 1
    found_in: str = ""
    started_with: int = 0

    def __post_init__(self) -> None:
        setup = dict(self.setup)
        setup["position"] = FrozenMap(setup["position"])
        object.__setattr__(self, "setup", FrozenMap(setup))

    # -- reading it -------------------------------------------------------------------------
    @property
    def position(self) -> Mapping[str, str]:
        """``{point: piece}`` of the set-up."""
        position: Mapping[str, str] = self.setup["position"]
        return position

    @property
    def size(self) -> tuple[int, int]:
        """How small the lesson is: its pieces, then the moves of its line."""
        return (len(self.position), len(self.line))

    def games(self) -> tuple[Game, Game]:
        """The position after the line, as a game under each rule set (new games each call)."""
        return _game(self.rules_a, self.setup, self.line), _game(
            self.rules_b, self.setup, self.line
        )

    def _labels(self, side: str) -> str:
        return self.label_a if side == "a" else self.label_b

    def _reading_words(self, side: str) -> str:
        """The reading of one side in a pupil's words."""
        rules = self.rules_a if side == "a" else self.rules_b
        if self.option is not None:
            return rules.in_words(self.option)
        return preset_name(self.game, self._labels(side))

    def describe(self, pupil: bool = False) -> str:
        """The disagreement in a sentence or two, in plain words; with ``pupil``, results
        without rule ids or where their rules come from."""
        n = len(self.position)
        side = _to_move(self.setup)
        if self.line:
            where = ngettext(
                "{n} piece, {side} to move, after {line}",
                "{n} pieces, {side} to move, after {line}",
                n,
                side=side,
                line=_line_words(self.line),
            )
        else:
            where = ngettext(
                "{n} piece, {side} to move", "{n} pieces, {side} to move", n, side=side
            )
        if self.kind == "move":
            yes = self._reading_words(self.allowed_by or "a")
            no = self._reading_words("b" if self.allowed_by == "a" else "a")
            refused = self.verdict_b if self.allowed_by == "a" else self.verdict_a
            reason = refused.plain if refused is not None else ""
            said = tr(
                "{where}: {move} is allowed under '{yes}' and refused under '{no}'.",
                where=where,
                move=self.move,
                yes=yes,
                no=no,
            )
            return f"{said} {reason}".strip()
        results = {
            "where": where,
            "move": self.move,
            "result_a": _result_words(self.result_a, self.rules_a if pupil else None),
            "a": self._reading_words("a"),
            "result_b": _result_words(self.result_b, self.rules_b if pupil else None),
            "b": self._reading_words("b"),
        }
        if self.move:
            return tr(
                "{where}: after {move}, {result_a} under '{a}', but {result_b} under '{b}'.",
                **results,
            )
        return tr(
            "{where}: as it stands, {result_a} under '{a}', but {result_b} under '{b}'.",
            **{k: v for k, v in results.items() if k != "move"},
        )

    def __str__(self) -> str:
        return self.describe()

    # -- as a scenario ----------------------------------------------------------------------
    def _overrides(self, side: str) -> dict[str, Any]:
        """The options of one side over the scenario's own rules (those of ``a``)."""
        if side == "a":
            return {self.option: self.rules_a[self.option]} if self.option else {}
        if self.option is not None:
            return {self.option: self.rules_b[self.option]}
        return {k: v for k, (_, v) in self.rules_a.diff(self.rules_b).items()}

    def _mover(self) -> str | None:
        g = _game(self.rules_a, self.setup, self.line)
        found = g.why(self.move).judged if self.move else None
        if found is None and self.move:
            found = _game(self.rules_b, self.setup, self.line).why(self.move).judged
        start = found.start if found is not None else None
        return start if start in g.pieces() else None

    def toml(self, scenario_id: str = "") -> str:
        """The lesson as a scenario file (TOML, ``docs/scenario-files.md``): the position, a
        step under each rule set and the claims the finder makes, which
        :meth:`~siege_nb.Scenario.check` checks. ``scenario_id`` names it (lower-case words
        joined by ``-``; by default one made from the option and the position)."""
        sid = scenario_id or self._default_id()
        a_opts, b_opts = self._overrides("a"), self._overrides("b")
        title = self._title()
        mover = self._mover()
        out = [
            f"id = {_toml(sid)}",
            f"title = {_toml(title)}",
            f"game = {_toml(self.game)}",
            f"preset = {_toml(self.rules_a.preset)}",
            f"summary = {_toml(self.describe()[:990])}",
            f"topics = {_list([self.rules_a.option(self.option).id] if self.option else [])}",
        ]
        for key in ("to_move", "next_army"):
            if key in self.setup:
                out.append(f"{key} = {_toml(self.setup[key])}")
        if self.rules_a.overrides:
            out += ["", "[options]"] + [
                f"{k} = {_toml(v)}" for k, v in self.rules_a.overrides.items()
            ]
        out += ["", "[position]"] + [f"{p} = {_toml(v)}" for p, v in sorted(self.position.items())]
        for step in self._steps(mover):
            out += ["", "[[steps]]"]
            out += [f"{k} = {v}" for k, v in step.items()]
        for claim in self._claims(a_opts, b_opts):
            out += ["", "[[claims]]"]
            out += [f"{k} = {v}" for k, v in claim.items()]
        return "\n".join(out) + "\n"

    def _default_id(self) -> str:
        what = self.option or f"{self.label_a}-{self.label_b}"
        first = min(self.position) if self.position else "empty"
        head = _slug(f"found-{what}-{self.kind}-{first}")
        return head[:64].rstrip("-")

    def _title(self) -> str:
        if self.option is not None:
            name = self.rules_a.option(self.option).shown_title
        else:
            name = tr(
                "{a} and {b}",
                a=preset_name(self.game, self.label_a),
                b=preset_name(self.game, self.label_b),
            )
        n = len(self.position)
        if self.kind == "move":
            text = ngettext(
                "Where they part: {rule}, on a move ({n} piece)",
                "Where they part: {rule}, on a move ({n} pieces)",
                n,
                rule=name,
            )
        else:
            text = ngettext(
                "Where they part: {rule}, on how the game ends ({n} piece)",
                "Where they part: {rule}, on how the game ends ({n} pieces)",
                n,
                rule=name,
            )
        return text[:200]

    def _steps(self, mover: str | None) -> list[dict[str, str]]:
        a_opts, b_opts = self._overrides("a"), self._overrides("b")
        marks = sorted(self.position)
        first: dict[str, str] = {"title": _toml(tr("The position"))}
        said = [
            ngettext(
                "{n} piece; {side} to move.",
                "{n} pieces; {side} to move.",
                len(self.position),
                side=_to_move(self.setup),
            )
        ]
        if self.line:
            said.append(tr("First, {line} is played.", line=_line_words(self.line)))
            first["play"] = _list(list(self.line))
        if self.kind == "move":
            said.append(
                tr(
                    "The two readings part on **{move}**: one allows it, the other refuses it.",
                    move=self.move,
                )
            )
        elif self.move:
            said.append(
                tr(
                    "The two readings part on what happens after **{move}**: the game does not "
                    "end the same way.",
                    move=self.move,
                )
            )
        else:
            said.append(tr("The two readings do not end the game the same way here."))
        first["text"] = _toml(" ".join(said))
        if mover is not None and self.kind == "move":
            first["mark"] = _list([mover])
        else:
            first["mark"] = _list(marks)
        steps = [first]
        sides = ("a", "b")
        if self.kind == "move" and self.allowed_by == "b":
            sides = ("b", "a")
        for side in sides:
            opts = a_opts if side == "a" else b_opts
            words = self._reading_words(side)
            step: dict[str, str] = {"title": _toml(words[:1].upper() + words[1:])}
            if opts:
                step["options"] = _table(opts)
            if self.kind == "move":
                verdict = self.verdict_a if side == "a" else self.verdict_b
                assert verdict is not None
                if verdict.legal:
                    text = tr(
                        "Under *{reading}*, **{move}** is allowed.", reading=words, move=self.move
                    )
                else:
                    text = tr(
                        "Under *{reading}*, **{move}** is refused.", reading=words, move=self.move
                    )
                    text += f" {verdict.plain}"
                if mover is not None:
                    step["explore"] = _toml(mover)
            else:
                result = self.result_a if side == "a" else self.result_b
                if self.move and side == sides[0]:
                    step["play"] = _list([self.move])
                rules = self.rules_a if side == "a" else self.rules_b
                if self.move:
                    text = tr(
                        "After **{move}**, under *{reading}*: {result}.",
                        move=self.move,
                        reading=words,
                        result=_result_words(result, rules),
                    )
                else:
                    text = tr(
                        "Here, under *{reading}*: {result}.",
                        reading=words,
                        result=_result_words(result, rules),
                    )
                if mover is not None and not self.move:
                    step["explore"] = _toml(mover)
            step["text"] = _toml(text)
            steps.append(step)
        return steps

    def _claims(self, a_opts: dict[str, Any], b_opts: dict[str, Any]) -> list[dict[str, str]]:
        claims = []
        for side, opts in (("a", a_opts), ("b", b_opts)):
            claim: dict[str, str] = {}
            if self.kind == "move":
                verdict = self.verdict_a if side == "a" else self.verdict_b
                assert verdict is not None
                claim["move"] = _toml(self.move)
                claim["legal"] = _toml(verdict.legal)
                if not verdict.legal and verdict.rule:
                    claim["rule"] = _toml(verdict.rule)
                if self.line:
                    claim["after"] = _list(list(self.line))
            else:
                result = self.result_a if side == "a" else self.result_b
                line = [*self.line, self.move] if self.move else list(self.line)
                claim["line"] = _list(line)
                claim["result"] = _toml(_claim_result(result))
                if result is not None and result.rule:
                    claim["rule"] = _toml(result.rule)
            if opts:
                claim["under"] = _table(opts)
            claims.append(claim)
        return claims

    def scenario(self, scenario_id: str = "") -> Scenario:
        """The lesson as a :class:`~siege_nb.Scenario`, loaded from :meth:`toml` by
        :func:`siege_nb.load_scenario` (every move and reading checked); its claims are the
        finder's, and :meth:`~siege_nb.Scenario.check` checks them against the engine."""
        return load_scenario(
            self.toml(scenario_id), name=f"{scenario_id or self._default_id()}.toml"
        )

    def player(self, *, pupil: bool = False) -> Any:
        """A :class:`~siege_nb.ScenarioPlayer` stepping through the lesson: the position, then
        each rule set's verdict or result (with where each reading comes from unless
        ``pupil``)."""
        from siege_nb.widgets import ScenarioPlayer

        return ScenarioPlayer.from_scenario(self.scenario(), readings=True, pupil=pupil)

    def comparer(self, *, pupil: bool = False) -> Any:
        """A :class:`~siege_nb.RuleComparer` of the position after the line, the compared
        option's two choices side by side, the moving piece explored. For two presets, the
        option that decides is compared (an :class:`~siege_nb.ArgumentError` if no single
        option does). A line leaves nothing pending in the comparer (it shows the position
        reached, as a set-up): a huff that the line allowed is not shown there."""
        from siege_nb.widgets import RuleComparer

        option = self.option
        if option is None:
            diff = self.rules_a.diff(self.rules_b)
            deciding = [
                o.name for o in self.rules_a.options if o.id == self.rule and o.name in diff
            ]
            if not deciding:
                raise ArgumentError(
                    "comparer", self.rule, "a disagreement decided by one option of the two presets"
                )
            option = deciding[0]
        values = [self.rules_a[option], self.rules_b[option]]
        game = _game(self.rules_a, self.setup, self.line)
        mover = self._mover()
        return RuleComparer(game, option, values, piece=mover, pupil=pupil)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.describe())


def format_pair(option: str | None, a: Any, b: Any) -> tuple[str, str]:
    """The labels of two choices (or two presets) as the finder writes them."""
    if option is None:
        return str(a), str(b)
    return format_value(a), format_value(b)
