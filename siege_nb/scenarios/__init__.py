"""Scenarios: teaching positions as data, with claims that the tests check against the engine.

A scenario is a small TOML file (``siege_nb/scenarios/data/<id>.toml``). Every field:

.. code-block:: toml

    id = "figure-b-literal"       # the file's name without .toml
    title = "Figure B, as labelled"
    game = "siege-of-paris"       # or "belagerung", "pyramid-siege"
    preset = "escale-a-jeux"      # optional, "default" if absent
    summary = "One line for lists and tables."
    topics = ["SP-16"]            # optional: option ids or names the scenario is about
    to_move = "garrison"          # optional; the game's first side if absent
    next_army = "white"           # optional, Siege of Paris only

    [options]                     # optional: overrides of the preset
    protection = "adjacent"

    [position]                    # optional: node = piece; absent = the standard set-up
    k7 = "garrison soldier"
    j8 = "black soldier"

    [[steps]]                     # at least one
    title = "..."                 # optional caption over the board
    text = '''Markdown: **bold**, *italic*, `code`, lists.'''
    play = ["C0-f5"]              # optional: moves played before this step (they accumulate)
    options = { protection = "reach-any-army" }  # optional: the reading shown in this step
    explore = "k7"                # optional: highlight this piece's moves and forbidden moves
    mark = ["j8"]                 # optional: points to mark (shown with explore's highlights)

    [[claims]]                    # a move's verdict...
    move = "k7xj8"
    legal = false
    under = { protection = "adjacent" }  # optional: option overrides for this claim
    after = []                    # optional: moves played first, from the scenario position
    rule = "SP-16"                # optional: the id of the rule that decides (illegal moves)

    [[claims]]                    # ...or the result of a line of play
    line = ["f5-C0"]
    result = "attackers"          # a winner, "draw", or "none" (the game goes on)
    rule = "SP-1"                 # optional: the id of the rule that ends the game

>>> import siege_nb as sn
>>> s = sn.scenario("figure-b-literal")
>>> s.game_name, all(c.ok for c in s.check())
('siege-of-paris', True)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from siege_nb.errors import SiegeError
from siege_nb.games.base import Game, IllegalMove
from siege_nb.games.registry import new_game
from siege_nb.rules import GAMES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "DATA",
    "Claim",
    "ClaimResult",
    "Scenario",
    "ScenarioError",
    "ScenarioStep",
    "load_scenario",
    "scenario",
    "scenarios",
]

DATA = Path(__file__).resolve().parent / "data"
_TOP = {
    "id",
    "title",
    "game",
    "preset",
    "summary",
    "topics",
    "to_move",
    "next_army",
    "options",
    "position",
    "steps",
    "claims",
}
_STEP = {"title", "text", "play", "options", "explore", "mark"}
_MOVE_CLAIM = {"move", "legal", "under", "after", "rule"}
_LINE_CLAIM = {"line", "result", "under", "rule"}
_RESULTS = {"garrison", "attackers", "defenders", "draw", "none"}


class ScenarioError(SiegeError):
    """A scenario file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class ScenarioStep:
    """One step of a scenario, as written in the file."""

    text: str
    title: str = ""
    play: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    explore: str | None = None
    mark: tuple[str, ...] = ()


@dataclass(frozen=True)
class Claim:
    """A checkable statement: a move's verdict, or the result of a line of play."""

    under: Mapping[str, Any]
    move: str | None = None
    legal: bool | None = None
    after: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    result: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        readings = ", ".join(f"{k}={v}" for k, v in self.under.items())
        where = f" under {readings}" if readings else ""
        if self.move is not None:
            first = f" after {' '.join(self.after)}" if self.after else ""
            return f"{self.move} is {'legal' if self.legal else 'illegal'}{first}{where}"
        return f"{' '.join(self.line) or '(no move)'} ends: {self.result}{where}"


@dataclass(frozen=True)
class ClaimResult:
    """The outcome of checking one claim against the engine."""

    claim: Claim
    ok: bool
    detail: str


@dataclass(frozen=True)
class Scenario:
    """A loaded, validated scenario (see the module docstring for the file format)."""

    id: str
    title: str
    game_name: str
    preset: str
    summary: str
    topics: tuple[str, ...]
    options: Mapping[str, Any]
    position: Mapping[str, str] | None
    to_move: str | None
    next_army: str | None
    steps: tuple[ScenarioStep, ...]
    claims: tuple[Claim, ...]
    path: str = ""

    def new_game(self, **extra_options: Any) -> Game:
        """The scenario's starting position under its rules (plus ``extra_options``)."""
        setup: dict[str, Any] = {}
        if self.position is not None:
            setup["position"] = dict(self.position)
        if self.to_move is not None:
            setup["to_move"] = self.to_move
        if self.next_army is not None:
            setup["next_army"] = self.next_army
        return new_game(self.game_name, self.preset, **setup, **{**self.options, **extra_options})

    def step_game(self, index: int) -> Game:
        """The game shown at step ``index``: the moves of steps 0..index played, under the
        step's reading."""
        step = self.steps[index]
        g = self.new_game(**step.options)
        for s in self.steps[: index + 1]:
            for m in s.play:
                g.play(m)
        return g

    def check(self) -> list[ClaimResult]:
        """Check every claim against the engine."""
        return [self._check(c) for c in self.claims]

    def _check(self, claim: Claim) -> ClaimResult:
        try:
            g = self.new_game(**claim.under)
            for m in claim.after or claim.line:
                g.play(m)
        except (ValueError, IllegalMove) as err:
            return ClaimResult(claim, False, f"could not set up the claim: {err}")
        if claim.move is not None:
            verdict = g.why(claim.move)
            ok = verdict.legal == claim.legal
            if ok and claim.rule is not None and not verdict.legal:
                ok = verdict.rule == claim.rule
            return ClaimResult(claim, ok, str(verdict))
        result = g.result
        if claim.result == "none":
            return ClaimResult(claim, result is None, str(result or "the game goes on"))
        if result is None:
            return ClaimResult(claim, False, "the game goes on")
        winner = "draw" if result.winner is None else result.winner
        ok = winner == claim.result and (claim.rule is None or result.rule == claim.rule)
        return ClaimResult(claim, ok, str(result))

    def player(self) -> Any:
        """A :class:`~siege_nb.widgets.ScenarioPlayer` for this scenario (built by
        ``ScenarioPlayer.from_scenario``; the widget layer is loaded on first use)."""
        from siege_nb.widgets import ScenarioPlayer

        return ScenarioPlayer.from_scenario(self)


# -- loading ----------------------------------------------------------------------------------


def _fail(where: str, message: str) -> ScenarioError:
    return ScenarioError(f"{where}: {message}")


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(where, "must be a list of strings")
    return tuple(value)


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "must be a table (key = value pairs)")
    return dict(value)


def _check_keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise _fail(
            where, f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )


def load_scenario(source: str | Path, *, name: str = "<text>") -> Scenario:
    """Load and validate a scenario from a ``.toml`` path or from TOML text.

    Everything is checked: fields and their types, the game, preset and options, the
    position, every move of every step and claim. A claim's truth is checked separately by
    :meth:`Scenario.check`. Raises :class:`ScenarioError` naming the file and the field.
    """
    if isinstance(source, Path) or (
        isinstance(source, str) and source.endswith(".toml") and "\n" not in source
    ):
        path = Path(source)
        name = path.name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise ScenarioError(f"{name}: cannot read the file: {err}") from None
        stem: str | None = path.stem
    else:
        text, stem = str(source), None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(f"{name}: not valid TOML: {err}") from None
    _check_keys(data, _TOP, name)
    for key in ("id", "title", "game", "steps"):
        if key not in data:
            raise _fail(name, f"the field {key!r} is missing")
    for key in ("id", "title", "game", "preset", "summary", "to_move", "next_army"):
        if key in data and not isinstance(data[key], str):
            raise _fail(f"{name}: {key}", "must be a string")
    sid = data["id"]
    if stem is not None and sid != stem:
        raise _fail(f"{name}: id", f"is {sid!r} but the file is named {stem}.toml")
    game = data["game"]
    if game not in GAMES:
        raise _fail(f"{name}: game", f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    options = _table(data.get("options", {}), f"{name}: options")
    position = data.get("position")
    if position is not None:
        position = _table(position, f"{name}: position")
        for node, piece in position.items():
            if not isinstance(piece, str):
                raise _fail(f"{name}: position.{node}", "must be a piece name (a string)")
    steps_data = data["steps"]
    if not isinstance(steps_data, list) or not steps_data:
        raise _fail(f"{name}: steps", "must be a non-empty list of [[steps]] tables")
    steps = []
    for i, raw in enumerate(steps_data, 1):
        where = f"{name}: step {i}"
        raw = _table(raw, where)
        _check_keys(raw, _STEP, where)
        if not isinstance(raw.get("text"), str) or not raw["text"].strip():
            raise _fail(where, "needs a 'text' (Markdown)")
        explore = raw.get("explore")
        if explore is not None and not isinstance(explore, str):
            raise _fail(f"{where}: explore", "must be a point name")
        steps.append(
            ScenarioStep(
                text=raw["text"],
                title=str(raw.get("title", "")),
                play=_strings(raw.get("play", []), f"{where}: play"),
                options=_table(raw.get("options", {}), f"{where}: options"),
                explore=explore,
                mark=_strings(raw.get("mark", []), f"{where}: mark"),
            )
        )
    claims = []
    for i, raw in enumerate(data.get("claims", []), 1):
        where = f"{name}: claim {i}"
        raw = _table(raw, where)
        under = _table(raw.get("under", {}), f"{where}: under")
        rule = raw.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise _fail(f"{where}: rule", "must be a rule id such as 'SP-16'")
        if "move" in raw:
            _check_keys(raw, _MOVE_CLAIM, where)
            if not isinstance(raw["move"], str) or not isinstance(raw.get("legal"), bool):
                raise _fail(where, "a move claim needs 'move' (text) and 'legal' (true/false)")
            claims.append(
                Claim(
                    under,
                    move=raw["move"],
                    legal=raw["legal"],
                    after=_strings(raw.get("after", []), f"{where}: after"),
                    rule=rule,
                )
            )
        elif "line" in raw:
            _check_keys(raw, _LINE_CLAIM, where)
            if raw.get("result") not in _RESULTS:
                raise _fail(f"{where}: result", f"must be one of {', '.join(sorted(_RESULTS))}")
            claims.append(
                Claim(
                    under,
                    line=_strings(raw["line"], f"{where}: line"),
                    result=raw["result"],
                    rule=rule,
                )
            )
        else:
            raise _fail(where, "a claim has either 'move' and 'legal', or 'line' and 'result'")
    scenario = Scenario(
        id=sid,
        title=data["title"],
        game_name=game,
        preset=data.get("preset", "default"),
        summary=data.get("summary", ""),
        topics=_strings(data.get("topics", []), f"{name}: topics"),
        options=options,
        position=position,
        to_move=data.get("to_move"),
        next_army=data.get("next_army"),
        steps=tuple(steps),
        claims=tuple(claims),
        path=str(source) if stem is not None else "",
    )
    _validate_play(scenario, name)
    return scenario


def _validate_play(s: Scenario, name: str) -> None:
    """Every set-up, reading and move of the scenario must be possible."""
    try:
        s.new_game()
    except (ValueError, TypeError) as err:
        raise _fail(name, f"the rules or the position are not valid: {err}") from None
    for i in range(len(s.steps)):
        try:
            s.step_game(i)
        except IllegalMove as err:
            raise _fail(
                f"{name}: step {i + 1}", f"move {err.move!r} is illegal: {err.reason}"
            ) from None
        except (ValueError, TypeError) as err:
            raise _fail(f"{name}: step {i + 1}", str(err)) from None
        game = s.step_game(i)
        explore = s.steps[i].explore
        if explore is not None and explore not in game.pieces():
            raise _fail(f"{name}: step {i + 1}: explore", f"there is no piece on {explore}")
        off = [p for p in s.steps[i].mark if p not in game.board.names]
        if off:
            raise _fail(f"{name}: step {i + 1}: mark", f"not points of the board: {', '.join(off)}")
    for i, c in enumerate(s.claims, 1):
        try:
            g = s.new_game(**c.under)
            for m in c.after or c.line:
                g.play(m)
        except IllegalMove as err:
            raise _fail(
                f"{name}: claim {i}", f"move {err.move!r} is illegal: {err.reason}"
            ) from None
        except (ValueError, TypeError) as err:
            raise _fail(f"{name}: claim {i}", str(err)) from None


@cache
def _all() -> tuple[Scenario, ...]:
    return tuple(sorted((load_scenario(p) for p in DATA.glob("*.toml")), key=lambda s: s.id))


def scenarios(game: str | None = None) -> list[Scenario]:
    """The scenarios shipped with siege_nb, sorted by id (only ``game``'s if given)."""
    return [s for s in _all() if game is None or s.game_name == game]


def scenario(scenario_id: str) -> Scenario:
    """One shipped scenario by id; ``KeyError`` lists the ids if there is none."""
    for s in _all():
        if s.id == scenario_id:
            return s
    raise KeyError(
        f"no scenario {scenario_id!r}; the scenarios are: {', '.join(s.id for s in _all())}"
    )
