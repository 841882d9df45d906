"""Bad input to the widgets and the drawing functions is refused cleanly (issue 14).

Every public widget constructor and method and every drawing function is tried with hostile
values (wrong types, unknown names, huge numbers and texts, non-ASCII look-alikes, deep
nesting): each call either works or raises a ``TypeError`` or a ``SiegeError`` naming what
was wrong (``refused_cleanly``), and a refused call leaves the widget, the game it plays and
the files it would write as they were. Hand-written cases follow, one per example the issue
names.

Widgets take a few tens of milliseconds to build, so their properties run fewer examples than
the drawing functions.
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import pytest
from fuzzing import FUZZ, SCALE, deeply_nested, hostile, refused_cleanly, scalars, tricky_text
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

import siege_nb as sn
from siege_nb.ai.base import BaseAgent
from siege_nb.render import figure_size, key_size
from siege_nb.render import handout as handout_module
from siege_nb.render.checks import find_option
from siege_nb.render.files import PathError, PathNotFound
from siege_nb.render.legend import key_png
from siege_nb.widgets import (
    BoardCanvas,
    BoardWidget,
    Classroom,
    RuleComparer,
    ScenarioLibrary,
    ScenarioPlayer,
    Step,
)

WIDGETS = settings(FUZZ, max_examples=30 * SCALE)
"""Fewer examples for calls that build a widget (each build takes tens of milliseconds)."""

GAMES = list(sn.GAMES)
OPTION_KEYS = sorted({o.name for g in GAMES for o in sn.options(g)} | {"SP_16", "BL_3", "PS_10"})
SETUP_KEYS = ["position", "to_move", "players", "next_army", "garrison", "defenders"]


class FirstMove(BaseAgent):
    """An agent that plays the first of its legal moves."""

    name = "first"

    def choose(self, game: sn.Game) -> sn.Move:
        return next(m for m in game.legal_moves() if m.kind != "demand")


def game_state(g: sn.Game) -> tuple[Any, ...]:
    """What a reader can observe of a game."""
    return (g.to_json(), g.pieces(), g.to_move, tuple(m.text for m in g.moves), g.rules)


def widget_state(b: BoardWidget) -> tuple[Any, ...]:
    """What a reader can observe of a board widget, its picture aside (see ``picture``)."""
    selectors = b.selectors
    return (
        game_state(b.game),
        b.highlights,
        selectors.rules,
        selectors.preset.index,
        tuple(selectors.preset.options),
        tuple((name, d.value, tuple(d.options)) for name, d in b.option_selectors.items()),
        b.status.value,
        b.message.value,
        b.computer,
        b.computer_selector.value,
        b.view,
        b.view.position_state(),
        b.view.highlighted(),
        b.size,
        b.board_canvas.size,
        b.last_error,
    )


def picture(b: BoardWidget) -> bytes:
    return b.to_png(dpi=30)


def mid_game(name: str, plies: int = 3) -> sn.Game:
    """A game a few plies in (the first legal move each time)."""
    g = sn.new_game(name)
    for _ in range(plies):
        g.play(g.legal_moves()[0])
    return g


names = st.sampled_from(GAMES)
not_a_flag = hostile.filter(lambda v: not isinstance(v, bool))


# -- BoardWidget ------------------------------------------------------------------------------
@WIDGETS
@given(game=hostile)
def test_board_widget_game_argument(game: Any) -> None:
    err = refused_cleanly("BoardWidget(game)", lambda: BoardWidget(game))
    assert err is not None and "game" in str(err)


@WIDGETS
@given(name=names, preset=hostile.filter(lambda v: v is not None))
def test_board_widget_preset(name: str, preset: Any) -> None:
    err = refused_cleanly("BoardWidget(preset=)", lambda: BoardWidget(name, preset))
    assert err is not None and "preset" in str(err)


@WIDGETS
@given(
    name=names,
    key=st.one_of(st.sampled_from(OPTION_KEYS + SETUP_KEYS), tricky_text.filter(bool)),
    value=hostile,
)
def test_board_widget_options_and_setup(name: str, key: str, value: Any) -> None:
    refused_cleanly("BoardWidget(**options)", lambda: BoardWidget(name, **{key: value}))


@WIDGETS
@given(name=names, computer=hostile)
def test_board_widget_computer(name: str, computer: Any) -> None:
    err = refused_cleanly("BoardWidget(computer=)", lambda: BoardWidget(name, computer=computer))
    if computer is not None and computer != {}:
        assert err is not None and "computer" in str(err)


@WIDGETS
@given(name=names, team=st.one_of(st.sampled_from(["attacker", "attackers", "garrison"]), scalars))
def test_board_widget_computer_teams_and_agents(name: str, team: Any) -> None:
    computer = {team: team}  # never an agent, whatever the team
    err = refused_cleanly(
        "BoardWidget(computer={team: agent})", lambda: BoardWidget(name, computer=computer)
    )
    assert err is not None and "computer" in str(err)


def test_a_refused_widget_leaves_its_game_unchanged() -> None:
    g = mid_game("belagerung")
    before = game_state(g)
    for build in (
        lambda: BoardWidget(g, computer={"attacker": 5}),
        lambda: BoardWidget(g, computer={"garrison": FirstMove()}),
        lambda: BoardWidget(g, preset="royal-garrison"),
        lambda: BoardWidget(g, capture="huff"),
        lambda: BoardWidget(g, computer=[FirstMove()]),
    ):
        assert refused_cleanly("BoardWidget(Game, ...)", build) is not None
        assert game_state(g) == before


@WIDGETS
@given(name=names, preset=st.one_of(st.none(), hostile), key=st.sampled_from(OPTION_KEYS))
def test_set_rules_refused_changes_nothing(name: str, preset: Any, key: str) -> None:
    board = BoardWidget(mid_game(name))
    board.click(next(iter(board.game.pieces())))  # something selected, to keep or lose
    before = widget_state(board)
    values = {key: preset}  # the same hostile value as preset and as an option's value
    err = refused_cleanly("BoardWidget.set_rules", lambda: board.set_rules(preset, **values))
    if err is not None:
        assert widget_state(board) == before
    assert board.last_error is None


@WIDGETS
@given(name=names, key=tricky_text.filter(bool), value=scalars)
def test_set_rules_with_unknown_keywords(name: str, key: str, value: Any) -> None:
    board = BoardWidget(name)
    before = widget_state(board)
    err = refused_cleanly(
        "BoardWidget.set_rules(**unknown)", lambda: board.set_rules(**{key: value})
    )
    if find_option(name, key) is None:
        assert err is not None and "has no option" in str(err)
    if err is not None:
        assert widget_state(board) == before


@WIDGETS
@given(name=names, node=st.one_of(hostile, tricky_text))
def test_click_and_play_with_hostile_input(name: str, node: Any) -> None:
    board = BoardWidget(mid_game(name))
    before = game_state(board.game)
    err = refused_cleanly("BoardWidget.click", lambda: board.click(node))
    assert game_state(board.game) == before  # a click alone never plays a move
    if not isinstance(node, (str, type(None))):
        assert err is not None
    err = refused_cleanly("BoardWidget.play", lambda: board.play(node))
    if err is not None:
        assert game_state(board.game) == before
    assert board.last_error is None


@WIDGETS
@given(size=hostile, page=hostile, shown=not_a_flag, dpi=hostile)
def test_size_key_and_picture_arguments(size: Any, page: Any, shown: Any, dpi: Any) -> None:
    board = BoardWidget("pyramid-siege")
    before = widget_state(board)
    if refused_cleanly("BoardWidget.set_size", lambda: board.set_size(size, page=page)):
        assert widget_state(board) == before
    assert refused_cleanly("BoardWidget.set_key", lambda: board.set_key(shown)) is not None
    dpi = dpi if not isinstance(dpi, (int, float)) or not 10 <= dpi <= 600 else 5
    assert refused_cleanly("BoardWidget.to_png", lambda: board.to_png(dpi)) is not None


# -- the other widgets --------------------------------------------------------------------------
@WIDGETS
@given(game=st.one_of(names, hostile), preset=st.one_of(st.just("default"), hostile))
def test_classroom_arguments(game: Any, preset: Any) -> None:
    refused_cleanly("Classroom(game, preset)", lambda: Classroom(game, preset))


@WIDGETS
@given(players=hostile)
def test_classroom_players(players: Any) -> None:
    err = refused_cleanly("Classroom(players=)", lambda: Classroom("belagerung", players=players))
    if players not in (2, 3) or isinstance(players, bool):
        assert err is not None and "players" in str(err)


@pytest.fixture(scope="module")
def room() -> Classroom:
    return Classroom("pyramid-siege")


@WIDGETS
@given(game=st.one_of(names, hostile), preset=hostile, size=hostile)
def test_classroom_start_and_size(room: Classroom, game: Any, preset: Any, size: Any) -> None:
    board, library = room.board, room.library
    if refused_cleanly("Classroom.start", lambda: room.start(game, preset)) is not None:
        assert room.board is board and room.library is library
    shown = room.board.size
    if refused_cleanly("Classroom.set_size", lambda: room.set_size(size)) is not None:
        assert room.board.size == shown


@WIDGETS
@given(steps=hostile, title=hostile)
def test_scenario_player_arguments(steps: Any, title: Any) -> None:
    assert refused_cleanly("ScenarioPlayer(steps)", lambda: ScenarioPlayer(steps)) is not None
    step = Step(sn.new_game("belagerung"), "text")
    refused_cleanly("ScenarioPlayer(title=)", lambda: ScenarioPlayer([step], title=title))


@FUZZ
@given(
    field=st.sampled_from(["game", "text", "title", "highlights", "explore", "mark"]),
    value=st.one_of(hostile, tricky_text),
)
def test_step_fields(field: str, value: Any) -> None:
    fields: dict[str, Any] = {"game": sn.new_game("pyramid-siege"), "text": "a step"}
    fields[field] = value
    refused_cleanly("Step(...)", lambda: Step(**fields))


@pytest.fixture(scope="module")
def player() -> ScenarioPlayer:
    return ScenarioPlayer.figure_b()


@FUZZ
@given(index=hostile)
def test_scenario_player_go(player: ScenarioPlayer, index: Any) -> None:
    shown = player.index
    if refused_cleanly("ScenarioPlayer.go", lambda: player.go(index)) is not None:
        assert player.index == shown


@FUZZ
@given(scenario=hostile, readings=hostile)
def test_scenario_player_from_scenario(scenario: Any, readings: Any) -> None:
    err = refused_cleanly(
        "ScenarioPlayer.from_scenario",
        lambda: ScenarioPlayer.from_scenario(scenario, readings=readings),
    )
    assert err is not None


@WIDGETS
@given(game=st.one_of(st.none(), names, hostile), topic=st.one_of(st.none(), hostile))
def test_scenario_library_arguments(game: Any, topic: Any) -> None:
    refused_cleanly("ScenarioLibrary(game, topic)", lambda: ScenarioLibrary(game, topic))


@pytest.fixture(scope="module")
def library() -> ScenarioLibrary:
    return ScenarioLibrary("belagerung")


@FUZZ
@given(scenario_id=st.one_of(hostile, tricky_text), size=hostile, page=hostile)
def test_scenario_library_methods(
    library: ScenarioLibrary, scenario_id: Any, size: Any, page: Any
) -> None:
    shown, player = library.chooser.value, library.player
    assert refused_cleanly("ScenarioLibrary.choose", lambda: library.choose(scenario_id))
    assert (library.chooser.value, library.player) == (shown, player)
    refused_cleanly("ScenarioLibrary.set_size", lambda: library.set_size(size, page=page))


@WIDGETS
@given(
    position=st.one_of(st.none(), hostile),
    option=st.one_of(st.just("protection"), hostile),
    values=st.one_of(st.none(), hostile),
)
def test_rule_comparer_position_option_values(position: Any, option: Any, values: Any) -> None:
    refused_cleanly(
        "RuleComparer(position, option, values)",
        lambda: RuleComparer(position, option, values),
    )


@WIDGETS
@given(
    key=st.sampled_from(["game", "piece", "preset", "to_move", "selectors", "capture", "SP_16"]),
    value=st.one_of(hostile, tricky_text),
)
def test_rule_comparer_keywords(key: str, value: Any) -> None:
    refused_cleanly("RuleComparer(**keywords)", lambda: RuleComparer(None, **{key: value}))


@pytest.fixture(scope="module")
def comparer() -> RuleComparer:
    return RuleComparer(None, "protection", piece="k7")


@FUZZ
@given(node=st.one_of(hostile, tricky_text), shown=not_a_flag)
def test_rule_comparer_methods(comparer: RuleComparer, node: Any, shown: Any) -> None:
    refused_cleanly("RuleComparer.select", lambda: comparer.select(node))
    assert comparer.selected is None or comparer.selected in comparer.games[0].pieces()
    assert refused_cleanly("RuleComparer.set_key", lambda: comparer.set_key(shown)) is not None


@FUZZ
@given(size=hostile, panels=hostile, rects=hostile)
def test_board_canvas_arguments(size: Any, panels: Any, rects: Any) -> None:
    refused_cleanly("BoardCanvas(size)", lambda: BoardCanvas(size))
    refused_cleanly("BoardCanvas(panels=)", lambda: BoardCanvas((5.0, 6.0), panels=panels))
    refused_cleanly("BoardCanvas(rects=)", lambda: BoardCanvas((5.0, 6.0), rects=rects))


# -- drawing functions --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def games() -> dict[str, sn.Game]:
    return {name: mid_game(name) for name in GAMES}


@FUZZ
@given(game=hostile)
def test_draw_game_argument(game: Any) -> None:
    err = refused_cleanly("draw(game)", lambda: sn.draw(game))
    assert err is not None and "game" in str(err)


@FUZZ
@given(
    name=names,
    key=st.sampled_from(["explore", "last_move", "caption", "legend", "coords", "names", "ax"]),
    value=st.one_of(hostile, tricky_text),
)
def test_draw_keywords(games: dict[str, sn.Game], name: str, key: str, value: Any) -> None:
    g = games[name]
    before = game_state(g)
    refused_cleanly("draw(**keywords)", lambda: sn.draw(g, **{key: value}))
    assert game_state(g) == before


@FUZZ
@given(
    name=names,
    field=st.sampled_from(["selected", "destinations", "captures", "forbidden", "marked", "taken"]),
    value=st.one_of(hostile, tricky_text, st.lists(tricky_text, max_size=3)),
)
def test_highlights_fields_when_made_and_when_drawn(
    games: dict[str, sn.Game], name: str, field: str, value: Any
) -> None:
    made = refused_cleanly("Highlights(...)", lambda: sn.Highlights(**{field: value}))
    if made is None:
        highlights = sn.Highlights(**{field: value})
        refused_cleanly("draw(highlights=)", lambda: sn.draw(games[name], highlights=highlights))
    # A field set after the highlights were made is checked when they are drawn.
    later = sn.Highlights()
    setattr(later, field, value)
    refused_cleanly("draw(highlights=) set later", lambda: sn.draw(games[name], highlights=later))


@FUZZ
@given(name=names, highlights=hostile)
def test_draw_highlights_of_another_type(
    games: dict[str, sn.Game], name: str, highlights: Any
) -> None:
    if highlights is not None:
        err = refused_cleanly(
            "draw(highlights=)", lambda: sn.draw(games[name], highlights=highlights)
        )
        assert err is not None


@FUZZ
@given(
    name=names,
    field=st.sampled_from(["selected", "destinations", "forbidden"]),
    value=st.one_of(tricky_text, st.lists(tricky_text, min_size=1, max_size=3)),
)
def test_a_refused_update_leaves_the_view_as_it_was(
    games: dict[str, sn.Game], name: str, field: str, value: Any
) -> None:
    g = games[name]
    view = sn.draw(g, explore=next(iter(g.pieces())))
    before = (view.highlighted(), view.position_state(), [t.get_text() for t in view.tags()])
    points = [value] if isinstance(value, str) else list(value)
    bad = sn.Highlights()
    setattr(bad, field, {p: "X" for p in points} if field == "forbidden" else value)
    refused_cleanly("BoardView.update", lambda: view.update(g, highlights=bad))
    refused_cleanly("BoardView.set_highlights", lambda: view.set_highlights(bad))
    after = (view.highlighted(), view.position_state(), [t.get_text() for t in view.tags()])
    if any(p not in g.board.index for p in points):
        assert after == before


def not_a_dpi(value: Any) -> bool:
    return not (
        isinstance(value, (int, float)) and not isinstance(value, bool) and 10 <= value <= 600
    )


@FUZZ
@given(
    name=names,
    stem=st.one_of(tricky_text, st.text(max_size=8)),
    suffix=st.sampled_from([".png", ".svg", ".PNG", ".pdf", ".gif", "", ".png.txt"]),
)
def test_export_paths(
    tmp_path_factory: pytest.TempPathFactory,
    games: dict[str, sn.Game],
    name: str,
    stem: str,
    suffix: str,
) -> None:
    folder = tmp_path_factory.mktemp("export")
    # "/" would leave the folder (an absolute path, or ".."): a missing folder is tried apart.
    path = f"{folder}/{stem.replace('/', '_')}{suffix}"
    err = refused_cleanly("export(path)", lambda: sn.export(games[name], path, dpi=20))
    written = sorted(p.name for p in folder.iterdir())
    if err is not None:
        assert written == []  # refused before anything was written
    else:
        assert written == [Path(path).name]


@FUZZ
@given(name=names, path=hostile, dpi=hostile.filter(not_a_dpi))
def test_export_path_types_and_dpi(
    tmp_path_factory: pytest.TempPathFactory,
    games: dict[str, sn.Game],
    name: str,
    path: Any,
    dpi: Any,
) -> None:
    folder = tmp_path_factory.mktemp("export")
    if not isinstance(path, str):
        assert refused_cleanly("export(path)", lambda: sn.export(games[name], path)) is not None
    err = refused_cleanly("export(dpi=)", lambda: sn.export(games[name], folder / "a.png", dpi=dpi))
    assert err is not None and "dpi" in str(err)
    assert not list(folder.iterdir())


@FUZZ
@given(board=st.one_of(names, hostile), height=hostile, margin=hostile, box=hostile, key=hostile)
def test_figure_size_arguments(board: Any, height: Any, margin: Any, box: Any, key: Any) -> None:
    if board in GAMES:
        board = sn.new_game(board).board
    refused_cleanly("figure_size(board, height)", lambda: figure_size(board, height))
    refused_cleanly(
        "figure_size(margin=, top=)", lambda: figure_size(board, margin=margin, top=margin)
    )
    refused_cleanly("figure_size(box=)", lambda: figure_size(board, box=box))
    refused_cleanly("figure_size(key=)", lambda: figure_size(board, key=key))


@FUZZ
@given(game=st.one_of(names, hostile), side=hostile, number=hostile)
def test_key_size_and_key_png(game: Any, side: Any, number: Any) -> None:
    refused_cleanly("key_size", lambda: key_size(game, side, number))
    if not_a_dpi(number):
        refused_cleanly("key_png", lambda: key_png(game, "below", number))


@pytest.fixture
def cheap_handout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check of handout() runs; the pages are not drawn (that takes seconds)."""
    monkeypatch.setattr(handout_module, "handout_pages", lambda game, quote=False: [])


@FUZZ
@given(
    game=st.one_of(names, hostile),
    preset=st.one_of(st.none(), st.just("default"), hostile),
    key=st.sampled_from([*OPTION_KEYS, "quote", "position", "to_move"]),
    value=hostile,
)
def test_handout_arguments(
    cheap_handout: None,
    tmp_path_factory: pytest.TempPathFactory,
    game: Any,
    preset: Any,
    key: str,
    value: Any,
) -> None:
    folder = tmp_path_factory.mktemp("handout")
    target = folder / "rules.pdf"
    err = refused_cleanly(
        "handout(game, preset, **options)",
        lambda: sn.handout(game, preset, path=target, **{key: value}),
    )
    if err is not None:
        assert not list(folder.iterdir())


@FUZZ
@given(path=st.one_of(hostile, tricky_text).filter(lambda v: v is not None))
def test_handout_paths(cheap_handout: None, path: Any) -> None:
    # Never a path that could be written: a text path always lacks the .pdf ending here.
    if isinstance(path, str):
        path = path.replace("/", "_") + ".txt"
    assert refused_cleanly("handout(path=)", lambda: sn.handout("belagerung", path=path))


@FUZZ
@given(source=st.one_of(hostile, tricky_text, st.binary(max_size=20)))
def test_animate_sources(tmp_path_factory: pytest.TempPathFactory, source: Any) -> None:
    folder = tmp_path_factory.mktemp("animate")
    if isinstance(source, str) and not source.lstrip().startswith("{"):
        source = f"{folder}/{source.replace('/', '_')}.json"  # never an existing file
    err = refused_cleanly("animate(game_or_record)", lambda: sn.animate(source, folder / "a.gif"))
    assert err is not None
    assert not list(folder.iterdir())


@FUZZ
@given(
    key=st.sampled_from(["fps", "dpi", "max_frames", "truncate", "legend"]),
    value=st.one_of(hostile, tricky_text),
)
def test_animate_settings(tmp_path_factory: pytest.TempPathFactory, key: str, value: Any) -> None:
    folder = tmp_path_factory.mktemp("animate")
    g = sn.new_game("pyramid-siege")  # one frame: a valid setting writes a small file
    if key == "dpi" and not not_a_dpi(value):
        value = 5  # a picture at hundreds of dots per inch only costs time here
    settings_ = {"dpi": 15, key: value}
    err = refused_cleanly(
        "animate(**settings)", lambda: sn.animate(g, folder / "a.gif", **settings_)
    )
    if err is not None:
        assert not list(folder.iterdir())


# -- the examples, by hand ----------------------------------------------------------------
def test_board_widget_of_no_game_names_the_argument() -> None:
    for bad in (5, None, 2.5, ["belagerung"]):
        with pytest.raises(TypeError, match="game must be a game's name"):
            BoardWidget(bad)  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match="game: 'chess' is not accepted; one of: siege-of"):
        BoardWidget("chess")


def test_computer_players_are_checked() -> None:
    with pytest.raises(TypeError, match=r"computer\['attacker'\] must be an agent"):
        BoardWidget("belagerung", computer={"attacker": 5})
    with pytest.raises(sn.ArgumentError, match=r"computer\['garrison'\].*attacker, defender"):
        BoardWidget("belagerung", computer={"garrison": FirstMove()})
    with pytest.raises(TypeError, match="computer must be a mapping"):
        BoardWidget("belagerung", computer=FirstMove())  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match="strength"):
        from siege_nb.widgets.board import make_agent

        make_agent("strongest")
    board = BoardWidget("pyramid-siege", computer={"attacker": FirstMove()})
    assert board.computer_selector.value == "attacker"


def test_a_move_limit_of_the_readers_own_is_shown_and_kept() -> None:
    board = BoardWidget("belagerung", move_limit=50)
    dropdown = board.option_selectors["move_limit"]
    assert board.game.rules["move_limit"] == 50
    assert dropdown.label.startswith("50 (a value of your own)")
    board.set_rules(move_limit=75)
    assert board.game.rules["move_limit"] == 75 and dropdown.label.startswith("75")
    labels = [label for label, _ in dropdown.options]
    assert len(labels) == 4 and labels[2].startswith("50")  # 200, none, then the own values
    dropdown.index = 2  # the reader picks 50 again in the list
    assert board.game.rules["move_limit"] == 50
    dropdown.index = 0
    assert board.game.rules["move_limit"] == 200
    board.set_rules(move_limit="off")
    assert board.game.rules["move_limit"] is None and dropdown.index == 1
    assert board.last_error is None


def test_set_rules_refuses_before_anything_changes() -> None:
    board = BoardWidget("belagerung")
    board.play(board.game.legal_moves()[0])
    board.click(next(p for p, piece in board.game.pieces().items() if "defender" in piece))
    board.set_key(True)
    before, seen = widget_state(board), picture(board)
    bad_calls = [
        ({"nope": 1}, sn.ArgumentError, "nope: 1 is not accepted; belagerung has no option"),
        ({"capture": "sometimes"}, sn.ArgumentError, "capture: 'sometimes' is not accepted"),
        ({"move_limit": 0}, sn.ArgumentError, "move_limit: 0 is not accepted"),
        ({"move_limit": 10**5000}, sn.ArgumentError, "an int of 5001 digits"),
        ({"move_limit": "5²"}, sn.ArgumentError, "move_limit"),
        ({"capture": deeply_nested()}, sn.ArgumentError, "capture"),
        ({"BL_3": "huff", "capture": "strict"}, sn.ArgumentError, "one value for capture"),
        ({"position": {"c7": "defender"}}, sn.ArgumentError, "position"),
    ]
    for changes, error, words in bad_calls:
        with pytest.raises(error, match=words):
            board.set_rules(**changes)
    for preset, error in (("zz", sn.ArgumentError), (5, TypeError), ([], TypeError)):
        with pytest.raises(error, match="preset"):
            board.set_rules(preset)
    assert widget_state(board) == before and picture(board) == seen


def test_set_rules_refuses_rules_under_which_the_position_is_impossible() -> None:
    # An attacker on a horn of the top row, where the other reading of the horns has none.
    g = sn.new_game("belagerung", position={"b9": "attacker", "e5": "attacker", "c7": "defender"})
    board = BoardWidget(g)
    before, seen = widget_state(board), picture(board)
    with pytest.raises(sn.ArgumentError, match=r"horns: .*position is possible"):
        board.set_rules(horns="beside-middle-row")
    assert widget_state(board) == before and picture(board) == seen
    # The same choice in the dropdown is answered in the panel, and nothing else changes.
    dropdown = board.option_selectors["horns"]
    dropdown.value = 1
    assert board.game.rules["horns"] == "top-row" and dropdown.value == 0
    assert "impossible" in board.message.value and board.last_error is None


def test_set_rules_with_a_preset_puts_its_readings_in_force() -> None:
    board = BoardWidget("siege-of-paris", protection="adjacent")
    board.set_rules("ludosofia")
    assert board.game.rules == sn.rules("siege-of-paris", "ludosofia")
    board.set_rules("ludosofia", SP_16="adjacent")
    assert board.game.rules == sn.rules("siege-of-paris", "ludosofia", protection="adjacent")
    assert board.selectors.rules == board.game.rules


def test_clicks_off_the_board_change_nothing() -> None:
    board = BoardWidget("siege-of-paris")
    board.click("C0")
    before = game_state(board.game)
    for node in (None, "h8", "zz", "a²", "x" * 100_000):  # h8 is inside the citadel
        board.click(node)
        assert board.highlights.selected is None
    assert game_state(board.game) == before
    with pytest.raises(TypeError, match="node must be str or None"):
        board.click(5)  # type: ignore[arg-type]
    assert board.last_error is None


def test_classroom_names_the_games() -> None:
    with pytest.raises(sn.ArgumentError, match="siege-of-paris, belagerung, pyramid-siege"):
        Classroom("chess")
    with pytest.raises(sn.ArgumentError, match="preset: 'ludosofia' is not accepted"):
        Classroom("belagerung", "ludosofia")
    with pytest.raises(TypeError, match="players must be int"):
        Classroom("belagerung", players=2.0)  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match="players: 5"):
        Classroom("belagerung", players=5)
    room = Classroom("belagerung")
    board = room.board
    with pytest.raises(sn.ArgumentError, match="game: 'chess'"):
        room.start("chess")
    with pytest.raises(sn.ArgumentError, match="size: 'huge'"):
        room.set_size("huge")
    assert room.board is board and room.board.size == "normal"


def test_scenario_widgets_name_bad_ids_topics_and_steps() -> None:
    with pytest.raises(sn.ArgumentError, match="topic: 'nothing' is not accepted"):
        ScenarioLibrary("belagerung", topic="nothing")
    library = ScenarioLibrary("belagerung")
    with pytest.raises(sn.ArgumentError, match="scenario_id: 'zz' is not accepted"):
        library.choose("zz")
    with pytest.raises(sn.ArgumentError, match="steps: \\[\\] is not accepted"):
        ScenarioPlayer([])
    g = sn.new_game("belagerung")
    with pytest.raises(sn.ArgumentError, match=r"Step.highlights.selected: 'zz'"):
        Step(g, "text", highlights=sn.Highlights(selected="zz"))
    with pytest.raises(sn.ArgumentError, match=r"Step.mark\[1\]: 'zz'"):
        Step(g, "text", mark=["c7", "zz"])
    with pytest.raises(TypeError, match="scenario must be Scenario"):
        ScenarioPlayer.from_scenario("figure-b-literal")  # type: ignore[arg-type]


def test_rule_comparer_checks_what_it_compares() -> None:
    with pytest.raises(sn.ArgumentError, match="option: 'nope'"):
        RuleComparer(None, "nope")
    with pytest.raises(sn.ArgumentError, match=r"values\[1\]: 'zz'"):
        RuleComparer(None, "protection", ["adjacent", "zz"])
    with pytest.raises(sn.ArgumentError, match="two to four"):
        RuleComparer(None, "protection", ["adjacent"])
    with pytest.raises(sn.ArgumentError, match="piece: 'zz'"):
        RuleComparer(None, "protection", piece="zz")
    with pytest.raises(sn.ArgumentError, match=r"game: 'belagerung'.*siege-of-paris"):
        RuleComparer(sn.new_game("siege-of-paris"), game="belagerung")
    with pytest.raises(TypeError, match="position must be a Game"):
        RuleComparer(5)  # type: ignore[arg-type]


def test_draw_names_a_point_that_is_not_on_the_board() -> None:
    g = sn.new_game("siege-of-paris")
    with pytest.raises(sn.ArgumentError, match=r"highlights.selected: 'zz' is not accepted"):
        sn.draw(g, highlights=sn.Highlights(selected="zz"))
    with pytest.raises(sn.ArgumentError, match=r"highlights.destinations\[1\]: 'h8'"):
        sn.draw(g, highlights=sn.Highlights(destinations=["a1", "h8"]))
    with pytest.raises(sn.ArgumentError, match="explore: 'zz'"):
        sn.draw(g, explore="zz")
    with pytest.raises(sn.ArgumentError, match="either explore or highlights"):
        sn.draw(g, explore="C0", highlights=sn.Highlights())
    with pytest.raises(TypeError, match="Highlights destinations must be a list of points"):
        sn.Highlights(destinations="a1")
    with pytest.raises(TypeError, match="game must be a Game"):
        sn.draw(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ax must be Axes"):
        sn.draw(g, ax=Figure())  # type: ignore[arg-type]


def test_export_refuses_before_writing(tmp_path: Path) -> None:
    g = sn.new_game("pyramid-siege")
    with pytest.raises(TypeError, match="path is text or a Path"):
        sn.export(g, 5)  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match=r"a .png or .svg file"):
        sn.export(g, tmp_path / "board.jpg")
    with pytest.raises(sn.ArgumentError, match="NUL"):
        sn.export(g, f"{tmp_path}/bo\x00ard.png")
    with pytest.raises(sn.ArgumentError, match="dpi: 0 is not accepted"):
        sn.export(g, tmp_path / "board.png", dpi=0)
    with pytest.raises(TypeError, match="dpi must be a number"):
        sn.export(g, tmp_path / "board.png", dpi="300")
    with pytest.raises(sn.ArgumentError, match="explore: 'zz'"):
        sn.export(g, tmp_path / "board.png", explore="zz")
    with pytest.raises(PathNotFound, match="there is no folder"):
        sn.export(g, tmp_path / "missing" / "board.png")
    with pytest.raises(sn.ArgumentError, match="file name of at most"):
        sn.export(g, tmp_path / ("x" * 300 + ".png"))
    assert list(tmp_path.iterdir()) == []
    out = sn.export(g, tmp_path / "board.PNG", dpi=20)
    assert out.read_bytes()[:4] == b"\x89PNG" and [p.name for p in tmp_path.iterdir()] == [
        "board.PNG"
    ]


def test_figure_sizes_are_checked() -> None:
    board = sn.new_game("pyramid-siege").board
    with pytest.raises(TypeError, match="board must be a game's board"):
        figure_size("pyramid-siege")
    with pytest.raises(sn.ArgumentError, match="height: -1"):
        figure_size(board, -1)
    with pytest.raises(sn.ArgumentError, match=r"height: 0.5 is not accepted; a height above"):
        figure_size(board, 0.5)
    with pytest.raises(sn.ArgumentError, match=r"box.1.: nan"):
        figure_size(board, box=(5.0, float("nan")))
    with pytest.raises(TypeError, match="margin must be a number"):
        figure_size(board, margin="0.3")  # type: ignore[arg-type]


def test_handout_and_animate_check_everything_first(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="quote must be bool"):
        sn.handout("belagerung", quote=1)  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match="SP_16: 'adjacent' is not accepted; belagerung"):
        sn.handout("belagerung", SP_16="adjacent")
    g = sn.new_game("pyramid-siege")
    for kwargs, words in (
        ({"fps": 0}, "fps: 0"),
        ({"fps": float("inf")}, "fps: inf"),
        ({"dpi": 10**5000}, "dpi: an int of 5001 digits"),
        ({"max_frames": 0}, "max_frames: 0"),
        ({"legend": "left"}, "legend: 'left'"),
    ):
        with pytest.raises(sn.ArgumentError, match=words):
            sn.animate(g, tmp_path / "a.gif", **kwargs)
    with pytest.raises(TypeError, match="truncate must be bool"):
        sn.animate(g, tmp_path / "a.gif", truncate="yes")  # type: ignore[arg-type]
    with pytest.raises(sn.ArgumentError, match="path of at most 4000"):
        sn.animate("x" * 100_000, tmp_path / "a.gif")
    assert list(tmp_path.iterdir()) == []


def test_path_errors_travel_and_stay_os_errors(tmp_path: Path) -> None:
    try:
        sn.export(sn.new_game("belagerung"), tmp_path / "no such folder" / "a.png")
    except PathError as caught:
        err = caught
    assert isinstance(err, FileNotFoundError) and isinstance(err, sn.ArgumentError)
    for twin in (pickle.loads(pickle.dumps(err)), copy.copy(err), copy.deepcopy(err)):
        assert type(twin) is PathNotFound and str(twin) == str(err)
        assert (twin.argument, twin.value, twin.accepted) == (err.argument, err.value, err.accepted)
    assert "no such folder" in str(err) and len(str(err)) < 600
