"""Every claim of every shipped scenario holds; the scenario library covers issue 5's list and
every option; bad scenario files give clear errors."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

import siege_nb as sn
from siege_nb.scenarios import DATA, ScenarioError, load_scenario

REQUIRED = {
    "siege-of-paris": [
        "figure-b-literal",
        "figure-b-movement",
        "figure-b-cross-army",
        "figure-c-apart",
        "figure-c-side-by-side",
        "attacker-movement",
        "garrison-movement",
        "citadel-full-at-start",
        "on-demand-capture",
        "compulsory-or-optional-capture",
        "officers-must-sortie",
        "soldier-inside-draw",
        "placement-win-three-or-two",
        "blockade",
        "garrison-general-range",
        "colonel-captain-sideways",
        "lieutenant-backwards",
        "soldier-backwards",
        "general-turns",
        "citadel-layouts",
        "three-per-colour",
        "move-limit-paris",
        "invaders-only-draw",
        "invaders-only-draw-order",
    ],
    "belagerung": [
        "belagerung-shortest-route",
        "belagerung-attacker-direction",
        "belagerung-multi-jump",
        "belagerung-huffing",
        "belagerung-strict-capture",
        "belagerung-horns",
        "belagerung-diagonals",
        "belagerung-end-of-game",
        "belagerung-move-limit",
    ],
    "pyramid-siege": [
        "pyramid-frozen-attacker",
        "pyramid-towards",
        "pyramid-escape-clause",
        "pyramid-capture",
        "pyramid-multi-jump",
        "pyramid-move-limit",
        "pyramid-huff-target",
    ],
}
IDS = [s.id for s in sn.scenarios()]


@pytest.mark.parametrize("scenario_id", IDS)
def test_every_claim_holds(scenario_id: str) -> None:
    s = sn.scenario(scenario_id)
    assert s.claims, "a scenario makes at least one checkable claim"
    failures = [f"{r.claim}: {r.detail}" for r in s.check() if not r.ok]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game", sn.GAMES)
def test_the_library_has_the_required_scenarios(game: str) -> None:
    have = {s.id for s in sn.scenarios(game)}
    missing = [i for i in REQUIRED[game] if i not in have]
    assert not missing, missing


@pytest.mark.parametrize("game", sn.GAMES)
def test_every_option_has_a_scenario(game: str) -> None:
    topics = {t for s in sn.scenarios(game) for t in s.topics}
    missing = [o.name for o in sn.options(game) if o.id not in topics and o.name not in topics]
    assert not missing, missing


def _reader_text(s) -> str:
    return "\n".join([s.title, s.summary, *(f"{st.title}\n{st.text}" for st in s.steps)])


@pytest.mark.parametrize("scenario_id", IDS)
def test_scenario_texts_speak_to_readers(scenario_id: str) -> None:
    """No project jargon and no outside paths in what a reader sees."""
    text = _reader_text(sn.scenario(scenario_id)).lower()
    # Outside paths are kept out of the whole repository by tests/test_docs.py.
    for word in ("catalog", "design.md"):
        assert word not in text, word


def test_figure_b_quotes_both_halves_of_the_french_text() -> None:
    """Rule 16 (the chess reading, the capturer likened to the king) against the caption of
    figure B (a Black soldier protected by a White one): both quoted in French."""
    text = _reader_text(sn.scenario("figure-b-literal"))
    assert "comme le roi, aux échecs" in text and "protégée par" in text
    assert "caption" in text and "rule 16" in text


@pytest.mark.parametrize(
    ("scenario_id", "option", "values"),
    [
        ("invaders-only-draw", "invaders_only_draw", (True, False)),
        ("pyramid-huff-target", "huff_target", ("could-capture", "moved")),
    ],
)
def test_the_new_choices_change_the_outcome(scenario_id: str, option: str, values) -> None:
    """SP-26 and PS-10: a claim under each value, and at least one result or verdict differs."""
    claims = sn.scenario(scenario_id).claims
    outcomes = {
        v: {
            (c.move, c.after, c.line): (c.legal, c.result)
            for c in claims
            if c.under.get(option) == v
        }
        for v in values
    }
    assert all(outcomes.values())
    a, b = (outcomes[v] for v in values)
    assert any(a[k] != b[k] for k in a.keys() & b.keys())


def test_invaders_only_draw_comes_after_the_placement_win_and_before_sp4() -> None:
    s = sn.scenario("invaders-only-draw-order")
    rules = {
        tuple(sorted(c.under.items())): c.rule for c in s.claims if c.move is None and c.line == ()
    }
    assert rules[()] == "SP-26"
    assert rules[(("placement_win", 2),)] == "SP-1"
    # Under the Portuguese preset's own single rule two soldiers inside do not draw; under
    # the project's reading of SP-4 they do.
    assert rules[(("invaders_only_draw", False),)] is None
    assert rules[(("invaders_only_draw", False), ("soldier_inside_draw", "on"))] == "SP-4"
    assert all(r.ok for r in s.check())


def test_figures_b_and_c_give_all_twenty_verdicts() -> None:
    verdicts = set()
    for sid in (
        "figure-b-literal",
        "figure-b-movement",
        "figure-b-cross-army",
        "figure-c-apart",
        "figure-c-side-by-side",
    ):
        for claim in sn.scenario(sid).claims:
            if claim.move is not None and "protection" in claim.under:
                verdicts.add((sid, claim.move, claim.under["protection"]))
    assert len(verdicts) >= 20


@pytest.mark.parametrize("scenario_id", IDS)
def test_every_scenario_plays_in_a_scenario_player(scenario_id: str) -> None:
    s = sn.scenario(scenario_id)
    player = s.player()
    assert len(player.steps) == len(s.steps)
    for _ in s.steps:
        player.next_button.click()
    assert player.last_error is None


GOOD = DATA / "figure-b-literal.toml"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('title = "Figure B, as labelled"\n', "", 1), "'title' is missing"),
        (lambda t: t + "\ncolour = 'red'\n", "unknown field"),
        (lambda t: t.replace('game = "siege-of-paris"', 'game = "chess"'), "unknown game"),
        (lambda t: t.replace('preset = "escale-a-jeux"', 'preset = "nope"'), "no preset"),
        (lambda t: t.replace('j9 = "white soldier"', 'j9 = "white king"'), "not a piece"),
        (lambda t: t.replace('j9 = "white soldier"', 'e7 = "white soldier"'), "citadel"),
        (lambda t: t.replace('mark = ["j9"]', 'play = ["k7-k9"]'), "illegal"),
        (lambda t: t.replace('explore = "k7"', 'explore = "a1"', 1), "no piece on a1"),
        (lambda t: t.replace("legal = false", "legal = 'no'", 1), "legal"),
        (lambda t: t.replace('move = "k7xj8"', 'line = ["k7xj8"]', 1), "unknown field"),
        (lambda t: t + "\n[[claims]]\nline = []\nresult = 'maybe'\n", "result"),
        (lambda t: t.replace("[[steps]]", "[[steps]]\nplay = 3", 1), "list of strings"),
        (lambda t: t + "\n[[claims\n", "not valid TOML"),
    ],
)
def test_bad_scenario_files_give_clear_errors(change, message: str) -> None:
    text = change(GOOD.read_text())
    with pytest.raises(ScenarioError, match=message):
        load_scenario(text, name="bad.toml")


def test_a_false_claim_is_reported(tmp_path) -> None:
    text = GOOD.read_text().replace("legal = true", "legal = false")
    s = load_scenario(text)
    assert [r.ok for r in s.check()] == [True, True, False, False]
    path = tmp_path / "other-name.toml"
    path.write_text(GOOD.read_text())
    with pytest.raises(ScenarioError, match=r"named other-name\.toml"):
        load_scenario(path)
    with pytest.raises(KeyError, match="figure-b-literal"):
        sn.scenario("no-such-scenario")


@pytest.mark.parametrize("game", sn.GAMES)
def test_option_table_is_the_rule_data(game: str) -> None:
    table = sn.option_table(game)
    assert [row[1] for row in table.rows] == [o.name for o in sn.options(game)]
    for preset in sn.presets(game):
        rules = sn.rules(game, preset)
        for opt in sn.options(game):
            assert table.value(opt.name, preset) == _label(rules[opt.name])
    html = table._repr_html_()
    assert all(o.question.split()[0] in html for o in sn.options(game))
    # Every row names at least one scenario (the coverage test asks for that too).
    assert all(row[6] for row in table.rows)
    assert str(table).count("\n") == len(table.rows) + 1


def _label(value: object) -> str:
    from siege_nb.rules import format_value

    return format_value(value)


def test_scenario_library_switches_scenarios() -> None:
    lib = sn.ScenarioLibrary("siege-of-paris", topic="SP-16")
    ids = list(lib.scenarios)
    assert "figure-b-literal" in ids and len(ids) >= 5
    first = lib.player
    lib.choose(ids[1])
    assert lib.player is not first
    assert lib.player.steps[0].game.game == "siege-of-paris"
    with pytest.raises(ValueError, match="topic: 'SP-16' is not accepted"):
        sn.ScenarioLibrary("belagerung", topic="SP-16")


def test_marks_must_be_points_and_show_with_explore() -> None:
    text = GOOD.read_text().replace('mark = ["j9"]', 'mark = ["i9"]')
    with pytest.raises(ScenarioError, match="not points of the board: i9"):
        load_scenario(text)
    both = GOOD.read_text().replace('explore = "k7"', 'explore = "k7"\nmark = ["j9"]', 1)
    player = load_scenario(both).player()
    player.go(1)
    shown = player.view.highlighted()
    assert shown["marked"] == {"j9"} and shown["selected"] == {"k7"}
