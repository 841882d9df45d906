"""The engine's public boundary (issue 14): starting games, the rule data and rule sets, point
names and move text. Bad input of the wrong type raises a TypeError naming the argument; a bad
value raises one of the project's ValueErrors (an ArgumentError where it is a plain argument)
that names it, quotes it shortened and says what is accepted. No internal error escapes, the
shared rule data cannot be changed behind the API, and a refused call changes no game.

The hand-written cases are the examples of the issue; the hypothesis suites try the same doors
with hostile values of every type (``tests/fuzzing.py``).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from fuzzing import (
    FUZZ,
    TRICKY_CHARS,
    deeply_nested,
    hostile,
    refused,
    refused_cleanly,
    snapshot,
    tricky_text,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import siege_nb as sn
from siege_nb.games.catalogue import CATALOGUE
from siege_nb.rules import belagerung, preset_values, pyramid_siege, siege_of_paris
from siege_nb.rules.checks import MAX_MOVE_TEXT, ReadOnlyDict

PARIS, BL, PS = sn.GAMES
HUNT = (BL, PS)
SETUP_KEYS = sorted({k for info in CATALOGUE.values() for k in info.setup_keys})
LONG = "a2-b3" * 20_000
# The games' own calls are cheap and many: they get more cases than the rest.
MORE = settings(FUZZ, max_examples=4 * (FUZZ.max_examples or 60))


@cache
def _mid_game(game: str, seed: int) -> sn.Game:
    rng = random.Random(f"{game}-{seed}")
    preset = rng.choice(sn.presets(game))
    g = sn.new_game(game, preset)
    for _ in range(rng.randint(2, 9)):
        moves = g.legal_moves()
        if not moves or g.result is not None:
            break
        g.play(rng.choice(moves))
    return g


def mid_game(game: str, seed: int = 0) -> sn.Game:
    """A game a few random plies in (a fresh copy each time: tests may play on it)."""
    return _mid_game(game, seed % 3).clone()


# == 1. starting a game: the examples ==================================================
@pytest.mark.parametrize(
    ("game", "kwargs", "argument"),
    [
        (PARIS, {"garrison": 5}, "garrison"),
        (PARIS, {"garrison": [("C0", "general")]}, "garrison"),
        (PARIS, {"garrison": {"C0": 5}}, "garrison"),
        (PARIS, {"position": 5}, "position"),
        (PARIS, {"position": "a2"}, "position"),
        (PARIS, {"position": {1: "white soldier"}}, "position"),
        (PARIS, {"position": {"a2": None}}, "position"),
        (PARIS, {"next_army": 1}, "next_army"),
        (PARIS, {"to_move": ["white"]}, "to_move"),
        (BL, {"defenders": 5}, "defenders"),
        (PS, {"defenders": 5}, "defenders"),
        (BL, {"defenders": [["c7"]]}, "defenders"),
        (BL, {"defenders": {"c7": "defender"}}, "defenders"),
        (PS, {"defenders": [b"r4c1"]}, "defenders"),
        (BL, {"preset": []}, "preset"),
        (PARIS, {"preset": None}, "preset"),
        (PS, {"players": 2.0}, "players"),
        (PARIS, {"players": True}, "players"),
        (BL, {"players": "2"}, "players"),
    ],
)
def test_wrong_types_in_a_set_up_are_type_errors_naming_the_argument(
    game: str, kwargs: dict[str, Any], argument: str
) -> None:
    refused(TypeError, lambda: sn.new_game(game, **kwargs), argument)


def test_a_game_must_be_named_by_text() -> None:
    for bad in ([], None, 5, b"belagerung", ("belagerung",)):
        refused(TypeError, lambda bad=bad: sn.new_game(bad), "game")
    message = refused(ValueError, lambda: sn.new_game("chess"), "unknown game 'chess'")
    assert all(game in message for game in sn.GAMES)


def test_players_2_0_is_refused_so_no_record_fails_to_load() -> None:
    # It was accepted before, and the game's own record then failed to load.
    for game in sn.GAMES:
        refused(TypeError, lambda game=game: sn.new_game(game, players=2.0), "players", "float")
        g = sn.new_game(game, players=2)
        assert type(g.players) is int
        assert sn.load_game(g.to_json()).players == 2


@pytest.mark.parametrize(
    ("game", "kwargs", "words"),
    [
        (PARIS, {"garrison": {"a1": "general"}}, ["garrison", "circles"]),
        (PARIS, {"garrison": {"C0": "king"}}, ["not a piece"]),
        (PARIS, {"garrison": {"C0": "general"}, "position": {"C0": "garrison general"}}, ["both"]),
        (PARIS, {"position": [("a2", "white soldier", "x")]}, ["pairs"]),
        (PARIS, {"to_move": "red"}, ["to_move", "'red'"]),
        (PARIS, {"next_army": "garrison"}, ["next_army"]),
        (BL, {"defenders": "c7"}, ["defenders", "list"]),
        (BL, {"defenders": ["c7", "e5"]}, ["fortress", "'e5'"]),
        (PS, {"to_move": "garrison"}, ["to_move", "'garrison'"]),
        (PS, {"players": 3}, ["players", "two"]),
        (BL, {"garrison": {"C0": "general"}}, ["no option 'garrison'", "Siege of Paris"]),
        (PARIS, {"defenders": ["c7"]}, ["no option 'defenders'", "Belagerung"]),
    ],
)
def test_wrong_values_in_a_set_up_are_argument_errors(
    game: str, kwargs: dict[str, Any], words: list[str]
) -> None:
    refused(sn.ArgumentError, lambda: sn.new_game(game, **kwargs), *words)


def test_a_set_up_is_read_only_as_far_as_the_board_has_points() -> None:
    from itertools import count, repeat

    refused(ValueError, lambda: sn.new_game(BL, defenders=(f"c{i}" for i in count())), "fortress")
    refused(ValueError, lambda: sn.new_game(BL, defenders=repeat("c7")), "given twice")
    pairs = repeat(("c7", "attacker"))
    refused(sn.ArgumentError, lambda: sn.new_game(BL, position=pairs), "at most 67")
    for nested in (deeply_nested(), [deeply_nested(2_000)]):
        for key in ("position", "defenders"):
            refused_cleanly("new_game(nested)", lambda n=nested, k=key: sn.new_game(BL, **{k: n}))


# == 2. the rule data and rule sets ============================================================
def test_the_rule_data_lookups_check_their_arguments() -> None:
    calls: list[Callable[[Any], Any]] = [
        sn.options,
        sn.presets,
        sn.fixed_rules,
        lambda g: sn.option(g, "capture"),
        lambda g: sn.rules(g),
    ]
    for call in calls:
        for bad in ([], None, 5, {"game": PARIS}):
            refused(TypeError, lambda c=call, b=bad: c(b), "game must be str")
        refused(sn.ArgumentError, lambda c=call: c("chess"), "unknown game 'chess'")
    refused(TypeError, lambda: sn.option(BL, ["capture"]), "key must be str")
    refused(TypeError, lambda: sn.rules(BL, ("default",)), "preset must be str")
    message = refused(sn.ArgumentError, lambda: sn.rules(BL, "ludosofia"), "no preset")
    assert all(p in message for p in sn.presets(BL))


@pytest.mark.parametrize("game", sn.GAMES)
def test_an_unknown_option_is_an_argument_error_and_a_key_error(game: str) -> None:
    for call in (
        lambda: sn.option(game, "colour"),
        lambda: sn.rules(game, colour="red"),
        lambda: sn.new_game(game, colour="red"),
        lambda: sn.rules(game)["colour"],
        lambda: sn.rules(game).replace(colour="red"),
        lambda: sn.rules(game).citation("colour"),
    ):
        with pytest.raises(sn.ArgumentError) as info:
            call()
        assert isinstance(info.value, KeyError)  # except KeyError around a look-up still works
        message = str(info.value)
        assert message.startswith(f"{game} has no option 'colour'"), message
        assert all(o.name in message for o in sn.options(game))
    ruleset = sn.rules(game)
    assert ruleset.get("colour") is None and "colour" not in ruleset and [] not in ruleset


def test_a_bad_option_value_names_the_option_and_its_choices() -> None:
    message = refused(
        sn.ArgumentError, lambda: sn.new_game(BL, capture="sometimes"), "capture (BL-3)"
    )
    assert "cannot be 'sometimes'" in message and "'huff'" in message
    for bad in ("²", "١٢", "５０", "2" * 5000, 10**5000, -1, 0, 100_001, 50.0, True, [50]):
        refused(sn.ArgumentError, lambda b=bad: sn.rules(PS, move_limit=b), "move_limit")
    assert sn.rules(PS, move_limit=" 50 ")["move_limit"] == 50
    assert sn.rules(PS, move_limit="off")["move_limit"] is None


@pytest.mark.parametrize("game", sn.GAMES)
def test_every_option_id_may_be_written_with_an_underscore(game: str) -> None:
    g = sn.new_game(game)
    for opt in sn.options(game):
        current = g.rules[opt.name]
        other = next(c.value for c in opt.choices if c.value != current)
        for spelling in {opt.name, opt.id, opt.id.replace("-", "_")}:
            assert sn.option(game, spelling) is opt
            assert sn.rules(game, **{spelling: other})[opt.name] == other
            assert sn.rules(game)[spelling] == current
            assert spelling in sn.rules(game)
            assert sn.rules(game).replace(**{spelling: other})[spelling] == other
            assert sn.rules(game).option(spelling) is opt
            assert sn.rules(game).choice(spelling).value == current
            if not opt.changes_board:
                assert sn.new_game(game, **{spelling: other}).rules[opt.id] == other
                assert g.with_rules(**{spelling: other}).rules[opt.name] == other


@pytest.mark.parametrize(
    ("game", "first", "second"),
    [
        (PARIS, ("protection", "adjacent"), ("SP_16", "reach-any-army")),
        (PARIS, ("SP-16", "adjacent"), ("SP_16", "reach-any-army")),
        (PARIS, ("blockade_win", "no"), ("SP_2", True)),
        (BL, ("capture", "huff"), ("BL_3", "strict")),
        (PS, ("PS_10", "moved"), ("huff_target", "could-capture")),
    ],
)
def test_one_option_under_two_spellings_must_get_one_value(
    game: str, first: tuple[str, Any], second: tuple[str, Any]
) -> None:
    """Refused when the values differ, naming both spellings; accepted when they agree (after
    reading 'yes' as True and so on), since then nothing is ambiguous."""
    both = dict([first, second])
    for call in (
        lambda: sn.rules(game, **both),
        lambda: sn.new_game(game, **both),
        lambda: sn.rules(game).replace(**both),
        lambda: sn.new_game(game).with_rules(**both),
    ):
        message = refused(sn.ArgumentError, call, first[0], second[0], "give it once")
        assert repr(first[1]) in message and repr(second[1]) in message
    same = {first[0]: first[1], second[0]: first[1]}
    assert sn.rules(game, **same) == sn.rules(game, **{first[0]: first[1]})
    yes = sn.rules(PARIS, blockade_win="yes", SP_2=True)
    assert yes["blockade_win"] is True


def test_rule_sets_and_options_refuse_bad_look_ups() -> None:
    rules = sn.rules(PARIS, "ludosofia")
    for bad in (5, None, ["protection"], b"protection"):
        for call in (rules.option, rules.choice, rules.citation, rules.__getitem__):
            refused(TypeError, lambda c=call, b=bad: c(b), "key must be str")
    refused(TypeError, lambda: rules.diff(5), "other")
    refused(sn.ArgumentError, lambda: rules.diff(sn.rules(BL)), "belagerung")
    refused(sn.ArgumentError, lambda: rules.diff({"protection": "adjacent"}), "no value for")
    opt = sn.option(PARIS, "protection")
    with pytest.raises(sn.ArgumentError) as info:
        opt.choice("kingly")
    assert isinstance(info.value, KeyError) and "no choice 'kingly'" in str(info.value)
    refused(sn.ArgumentError, lambda: sn.option(BL, "move_limit").choice(0), "no choice 0")
    refused(sn.ArgumentError, lambda: sn.option(BL, "move_limit").choice(10**5000), "digits")
    assert sn.option(BL, "move_limit").choice(50).value == 50


def test_rule_set_constructor_checks_what_it_is_given() -> None:
    good = sn.rules(BL)
    opts = sn.options(BL)
    values = dict(good.settings)
    refused(TypeError, lambda: sn.RuleSet(BL, "default", 5, opts), "settings")
    refused(TypeError, lambda: sn.RuleSet(BL, "default", values, list(opts)), "options")
    refused(sn.ArgumentError, lambda: sn.RuleSet(BL, "default", values, sn.options(PS)), "options")
    refused(sn.ArgumentError, lambda: sn.RuleSet(BL, "nope", values, opts), "no preset 'nope'")
    refused(sn.ArgumentError, lambda: sn.RuleSet("chess", "default", values, opts), "chess")
    refused(
        sn.ArgumentError, lambda: sn.RuleSet(BL, "default", {**values, "x": 1}, opts), "unknown"
    )
    refused(
        sn.ArgumentError, lambda: sn.RuleSet(BL, "default", {**values, "capture": 1}, opts), "1"
    )
    assert sn.RuleSet(BL, "default", {**values, "move_limit": "off"}, opts)["move_limit"] is None


def test_rule_records_check_their_fields() -> None:
    from siege_nb.rules.model import Attribution, Cite, Clause, reading

    refused(TypeError, lambda: sn.Source(5, "t", "en"), "Source.key")
    refused(TypeError, lambda: Cite(None), "Cite.key")
    refused(TypeError, lambda: Attribution("stated", ["escale-a-jeux"]), "cites")
    refused(sn.ArgumentError, lambda: Attribution("guess", (), "why"), "one of")
    refused(TypeError, lambda: sn.Choice(1, None, reading("x")), "Choice.description")
    refused(TypeError, lambda: Clause("text", "stated"), "Clause.attribution")
    refused(sn.ArgumentError, lambda: sn.FixedRule("x", "summary", ()), "no clause")
    choice = sn.Choice(1, "one", reading("a reason"))
    refused(sn.ArgumentError, lambda: sn.Option("x", "x", "?", (choice,), 2), "default")
    refused(TypeError, lambda: sn.Option("x", "x", "?", [choice], 1), "choices")


def test_format_value_writes_any_value() -> None:
    class Broken:
        def __str__(self) -> str:
            raise RuntimeError("no")

        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert sn.format_value(10**5000) == "an int of 5001 digits"
    assert sn.format_value(Broken()) == "<Broken>"
    assert sn.format_value(deeply_nested()) == "<list>"
    assert sn.format_value(False) == "no" and sn.format_value("x") == "x"


# == 3. shared rule data is read-only =========================================================
def test_the_rules_a_game_reports_are_read_only() -> None:
    g = mid_game(PARIS)
    before = snapshot(g)
    protection = g.rules["protection"]
    settings = g.rules.settings
    for change in (
        lambda: settings.__setitem__("protection", "adjacent"),
        lambda: settings.__setitem__("x", 1),
        lambda: settings.__delitem__("protection"),
        lambda: settings.update(protection="adjacent"),
        lambda: settings.pop("protection"),
        lambda: settings.popitem(),
        lambda: settings.setdefault("x", 1),
        lambda: settings.clear(),
    ):
        refused(TypeError, change, "read-only")
    settings.__init__({"protection": "adjacent"})  # type: ignore[misc]
    assert g.rules["protection"] == protection and snapshot(g) == before
    # Changing rules goes through the API, which leaves this game as it is.
    h = g.with_rules(protection="covered-from-behind")
    assert h.rules["protection"] == "covered-from-behind" and snapshot(g) == before


def test_rule_sets_stay_read_only_through_copies_and_pickles() -> None:
    rules = sn.rules(BL, "royal-garrison", move_limit=50)
    for twin in (
        pickle.loads(pickle.dumps(rules)),
        copy.copy(rules),
        copy.deepcopy(rules),
        rules.replace(),
    ):
        assert twin == rules and twin.overrides == {"move_limit": 50}
        assert isinstance(twin.settings, ReadOnlyDict)
        refused(TypeError, lambda t=twin: t.settings.__setitem__("capture", "strict"), "read-only")
    assert pickle.loads(pickle.dumps(rules.settings)) == dict(rules.settings)


def test_the_tables_of_the_rule_data_are_read_only() -> None:
    tables: list[Any] = [sn.SOURCES]
    for module in (siege_of_paris, belagerung, pyramid_siege):
        tables += [module.PRESETS, module.PRESET_NOTES, module.FIXED_RULES]
        tables += list(module.PRESETS.values())
    for table in tables:
        with pytest.raises(TypeError):
            table["x"] = 1  # type: ignore[index]
    # What the lookups hand out is the caller's own: changing it changes nothing shared.
    fixed = sn.fixed_rules(PARIS)
    fixed.clear()
    assert sn.fixed_rules(PARIS)
    values = preset_values(PARIS, "default")
    values["protection"] = "adjacent"
    assert sn.rules(PARIS)["protection"] == "reach-any-army"


@pytest.mark.parametrize("game", sn.GAMES)
def test_boards_are_read_only(game: str) -> None:
    g = sn.new_game(game)
    point = g.board.names[0]
    refused(TypeError, lambda: g.board.index.__setitem__("zz9", 0), "read-only")
    refused(TypeError, lambda: g.board.index.pop(point), "read-only")
    assert g.board.index[point] == 0 and "zz9" not in g.board.index
    assert pickle.loads(pickle.dumps(g.board.index)) == dict(g.board.index)


# == 4. point names are ASCII; move text is bounded ============================================
ASCII_LOOKALIKES = {
    PARIS: ["a²-b3", "c①-d2", "ｃ0-f5", "C٠-f5", "C0-f⁵", "C0-f5\u0301", "C0\u200b-f5"],
    BL: ["c⑦-c6", "c7-c６", "e²-e3", "с7-c6"],  # the last starts with a Cyrillic 'с'
    PS: ["r²c1-r3c1", "r4c①-r3c1", "r4c1-r3c¹", "r٤c1-r3c1", "r4c1xr²c1"],
}


@pytest.mark.parametrize("game", sn.GAMES)
def test_digits_that_are_not_ascii_are_refused_as_notation(game: str) -> None:
    g = mid_game(game)
    before = snapshot(g)
    for text in ASCII_LOOKALIKES[game]:
        verdict = g.why(text)
        assert not verdict.legal and verdict.refusal == "notation", (text, verdict)
        with pytest.raises(sn.IllegalMove) as info:
            g.play(text)
        assert info.value.reason == verdict.reason and len(str(info.value)) <= 600
        assert g.find(text) is None
        assert snapshot(g) == before


@pytest.mark.parametrize("game", sn.GAMES)
def test_digits_that_are_not_ascii_are_no_points_of_a_set_up(game: str) -> None:
    piece = next(iter(sn.new_game(game).pieces().values()))
    for name in ("c①", "a²", "ｃ7", "r²c1", "e٥", "c7\u0301", "x" * 100_000):
        message = refused(
            sn.ArgumentError, lambda n=name: sn.new_game(game, position={n: piece}), "not a point"
        )
        assert name[:2] in message
    if game in HUNT:
        refused(sn.ArgumentError, lambda: sn.new_game(game, defenders=["c⑦"]), "fortress")
    else:
        refused(sn.ArgumentError, lambda: sn.new_game(game, garrison={"C①": "general"}), "C0-C7")


@pytest.mark.parametrize("game", sn.GAMES)
def test_very_long_move_text_is_refused_before_it_is_read(game: str) -> None:
    g = mid_game(game)
    before = snapshot(g)
    legal = g.legal_moves()[0].text
    for text in (LONG, legal + " " * (MAX_MOVE_TEXT + 1), "\x00" * 10**6):
        verdict = g.why(text)
        assert verdict.refusal == "notation" and "characters" in verdict.reason
        assert len(verdict.reason) <= 200 and not verdict.differs_under
        err = refused(sn.IllegalMove, lambda t=text: g.play(t), "no move is longer")
        assert len(err) <= 300
        assert g.find(text) is None
        assert snapshot(g) == before
    # Spaces are forgiven up to the limit.
    assert g.find(legal + " " * (MAX_MOVE_TEXT - len(legal))) is not None


def test_chain_steps_checks_its_path() -> None:
    g = sn.new_game(
        PS,
        to_move="defender",
        position={
            "r2c0": "defender",
            "r2c1": "attacker",
            "r3c1": "attacker",
            "r3c2": "attacker",
            **{f"r7c{c}": "attacker" for c in range(5)},
        },
    )
    before = snapshot(g)
    for bad in (None, 5, b"r2c0", ["r2c0"], ("r2c0",)):
        refused(TypeError, lambda b=bad: g.chain_steps(b), "path")
    for text, words in (
        ("zz9", ["'zz9'", "not a point"]),
        ("", ["not a point"]),
        ("r²c0", ["'r²c0'"]),
        ("r2c0xr4c4", ["is not a jump chain here"]),
        (LONG, ["no move is longer"]),
    ):
        refused(sn.ArgumentError, lambda t=text: g.chain_steps(t), *words)
    assert g.chain_steps("r2c0") == ["r2c2", "r4c2"] and snapshot(g) == before


@pytest.mark.parametrize("game", sn.GAMES)
def test_explore_and_find_take_text(game: str) -> None:
    g = mid_game(game)
    before = snapshot(g)
    for bad in (None, 5, ["c7"], b"c7"):
        refused(TypeError, lambda b=bad: g.explore(b), "node")
        refused(TypeError, lambda b=bad: g.find(b), "a move is text")
    assert g.explore("c①") == [] and g.explore(LONG) == []
    assert snapshot(g) == before


# == 5. hypothesis: hostile values at every door ===============================================
keyword = st.one_of(
    st.sampled_from(["position", "to_move", "players", "preset", *SETUP_KEYS]),
    st.sampled_from([o.name for g in sn.GAMES for o in sn.options(g)]),
    st.sampled_from([o.id.replace("-", "_") for g in sn.GAMES for o in sn.options(g)]),
    tricky_text,
)


def _is_hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@FUZZ
@given(game=st.sampled_from(sn.GAMES), key=keyword, value=hostile)
def test_new_game_refuses_hostile_keywords_cleanly(game: str, key: str, value: Any) -> None:
    refused_cleanly("new_game(**{key: hostile})", lambda: sn.new_game(game, **{key: value}))


point_text = st.one_of(
    st.sampled_from(["a2", "c7", "C0", "e5", "r4c1", "r7c7", "b9", "h8", "c0"]), tricky_text
)
point_or_junk = st.one_of(point_text, hostile)
piece_or_junk = st.one_of(
    st.sampled_from(["attacker", "defender", "white soldier", "garrison general", "KING"]),
    tricky_text,
    hostile,
)


@FUZZ
@given(
    game=st.sampled_from(sn.GAMES),
    position=st.one_of(
        st.dictionaries(point_or_junk.filter(_is_hashable), piece_or_junk),
        st.lists(st.tuples(point_or_junk, piece_or_junk)),
        st.lists(hostile),
        hostile,
    ),
    extra=st.dictionaries(st.sampled_from(SETUP_KEYS), st.lists(point_or_junk) | hostile),
)
def test_new_game_refuses_hostile_positions_cleanly(
    game: str, position: Any, extra: dict[str, Any]
) -> None:
    refused_cleanly("new_game(position=...)", lambda: sn.new_game(game, position=position, **extra))
    extra.pop("defenders", None)
    refused_cleanly("new_game(setup extras)", lambda: sn.new_game(game, **extra))


@FUZZ
@given(game=hostile | st.sampled_from(sn.GAMES), key=hostile | tricky_text, preset=hostile)
def test_the_rule_data_lookups_refuse_hostile_values_cleanly(
    game: Any, key: Any, preset: Any
) -> None:
    for name, call in (
        ("sn.options", lambda: sn.options(game)),
        ("sn.presets", lambda: sn.presets(game)),
        ("sn.fixed_rules", lambda: sn.fixed_rules(game)),
        ("sn.option", lambda: sn.option(game, key)),
        ("sn.rules(game, preset)", lambda: sn.rules(game, preset)),
        ("sn.new_game(game, preset)", lambda: sn.new_game(game, preset)),
    ):
        refused_cleanly(name, call)
    text = sn.format_value(key)
    assert isinstance(text, str)


@FUZZ
@given(
    game=st.sampled_from(sn.GAMES),
    changes=st.dictionaries(keyword, hostile | tricky_text, max_size=3),
    key=hostile | tricky_text | keyword,
    other=hostile,
)
def test_rule_sets_refuse_hostile_values_cleanly(
    game: str, changes: dict[str, Any], key: Any, other: Any
) -> None:
    rules = sn.rules(game)
    refused_cleanly("sn.rules(**overrides)", lambda: sn.rules(game, **changes))
    refused_cleanly("RuleSet.replace", lambda: rules.replace(**changes))
    refused_cleanly("RuleSet[key]", lambda: rules[key])
    refused_cleanly("RuleSet.option", lambda: rules.option(key))
    refused_cleanly("RuleSet.choice", lambda: rules.choice(key))
    refused_cleanly("RuleSet.citation", lambda: rules.citation(key))
    refused_cleanly("RuleSet.diff", lambda: rules.diff(other))
    refused_cleanly("RuleSet.get", lambda: rules.get(key))
    assert isinstance(key in rules, bool)
    for opt in sn.options(game):
        refused_cleanly("Option.normalise", lambda o=opt: o.normalise(other))
        refused_cleanly("Option.choice", lambda o=opt: o.choice(other))
    assert rules == sn.rules(game)  # nothing above changed the rules


move_text = st.one_of(
    tricky_text,
    st.text(max_size=30),
    st.builds(lambda a, b, sep: f"{a}{sep}{b}", point_text, point_text, st.sampled_from("-x")),
    st.builds(lambda c: f"huff {c}", tricky_text),
    st.builds(
        lambda t, n: t * n, st.sampled_from(["c7x", "a", "²", "\x00"]), st.integers(60, 5000)
    ),
)


@MORE
@given(game=st.sampled_from(sn.GAMES), seed=st.integers(0, 2), text=move_text, thing=hostile)
def test_game_calls_refuse_hostile_text_and_leave_the_game_unchanged(
    game: str, seed: int, text: str, thing: Any
) -> None:
    g = mid_game(game, seed)
    before = snapshot(g)
    for entry, arg in (("Game.* text", text), ("Game.* hostile", thing)):
        for name, call in (
            ("why", lambda a=arg: g.why(a)),
            ("find", lambda a=arg: g.find(a)),
            ("explore", lambda a=arg: g.explore(a, whole_chains=False)),
        ):
            refused_cleanly(f"{entry} {name}", call)
            assert snapshot(g) == before, (name, arg)
        h = g.clone()
        if refused_cleanly(f"{entry} play", lambda a=arg, h=h: h.play(a)) is not None:
            assert snapshot(h) == before
        if game in HUNT:
            refused_cleanly(f"{entry} chain_steps", lambda a=arg: g.chain_steps(a))
            assert snapshot(g) == before


@MORE
@given(game=st.sampled_from(sn.GAMES), seed=st.integers(0, 2), data=st.data())
def test_a_refused_call_leaves_a_game_in_mid_play_unchanged(
    game: str, seed: int, data: st.DataObject
) -> None:
    """The property of the issue: after any refused call on a game a few plies in, its record,
    pieces, side to move and moves are as they were."""
    g = mid_game(game, seed)
    before = snapshot(g)
    calls: dict[str, Callable[[Any], Any]] = {
        "play": g.play,
        "why": g.why,
        "find": g.find,
        "explore": g.explore,
        "with_rules": lambda v: g.with_rules(**v) if isinstance(v, dict) else g.with_rules(v),
    }
    if game in HUNT:
        calls["chain_steps"] = g.chain_steps  # type: ignore[attr-defined]
    name = data.draw(st.sampled_from(sorted(calls)))
    bad = data.draw(
        st.one_of(
            hostile,
            st.sampled_from([s for texts in ASCII_LOOKALIKES.values() for s in texts]),
            st.dictionaries(keyword, hostile, max_size=2),
            st.just(LONG),
            st.just(TRICKY_CHARS),
        )
    )
    err = refused_cleanly(f"mid-play {name}", lambda: calls[name](bad))
    if err is not None or name != "play":
        assert snapshot(g) == before
