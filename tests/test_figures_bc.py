"""Figures B and C of the French source (docs/precise-readings.md, section 2): five
reconstructions, four readings of "protected", twenty verdicts, each checked through the public
API."""

from __future__ import annotations

import pytest

import siege_nb as sn

READINGS = ("reach-any-army", "reach-same-army", "adjacent", "covered-from-behind")

# scenario: (position, capture, readings under which the capture is FORBIDDEN)
CASES = {
    "B literal": (
        {"k7": "garrison soldier", "j8": "black soldier", "j9": "white soldier"},
        "k7xj8",
        {"adjacent", "covered-from-behind"},
    ),
    "B as movement": (
        {"k7": "garrison soldier", "j8": "black soldier", "k9": "black soldier"},
        "k7xj8",
        set(READINGS),
    ),
    "B cross-army officer": (
        {"k7": "garrison soldier", "j8": "black soldier", "j7": "white captain"},
        "k7xj8",
        {"reach-any-army", "adjacent"},
    ),
    "C apart, take j8": (
        {"k7": "garrison general", "j8": "black soldier", "k6": "white soldier"},
        "k7xj8",
        set(),
    ),
    "C apart, take k6": (
        {"k7": "garrison general", "j8": "black soldier", "k6": "white soldier"},
        "k7xk6",
        set(),
    ),
    "C side by side, take j8": (
        {"k7": "garrison general", "j8": "black soldier", "k8": "white soldier"},
        "k7xj8",
        {"adjacent"},
    ),
    "C side by side, take k8": (
        {"k7": "garrison general", "j8": "black soldier", "k8": "white soldier"},
        "k7xk8",
        {"adjacent"},
    ),
}


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("case", list(CASES))
def test_figure_verdict(case: str, reading: str) -> None:
    position, capture, forbidden = CASES[case]
    # capture="optional" so that the verdict is about protection alone.
    g = sn.new_game("siege-of-paris", position=position, protection=reading, capture="optional")
    verdict = g.why(capture)
    assert verdict.legal is (reading not in forbidden)
    assert (capture in {m.text for m in g.legal_moves()}) is verdict.legal
    if not verdict.legal:
        assert verdict.rule == "SP-16"
        assert reading in verdict.reason and "protected by" in verdict.reason
        with pytest.raises(sn.IllegalMove):
            g.play(capture)
    else:
        assert "not protected" in verdict.reason
    # The verdict lists exactly the other readings that flip it.
    flipped = {r.value for r in verdict.differs_under if r.option == "protection"}
    assert flipped == {r for r in READINGS if (r in forbidden) != (reading in forbidden)}


def test_figure_b_under_the_french_preset() -> None:
    g = sn.new_game("siege-of-paris", preset="escale-a-jeux", position=CASES["B literal"][0])
    with pytest.raises(sn.IllegalMove) as err:
        g.play("k7xj8")
    assert "j9" in err.value.reason and "SP-16" in err.value.reason
    assert "adjacent" in err.value.reason and "escale-a-jeux" in err.value.reason
    # 'adjacent' is a reading fitted to figure B's caption: no text states it, so the verdict
    # has no source keys, and its words say it is a reading.
    assert err.value.verdict.sources == ()
    assert "a reading that no text states" in err.value.reason
    assert "caption of figure B" in err.value.reason
    # The readings that would allow it are the ones the texts state.
    allowed = {r.value: r.sources for r in err.value.verdict.differs_under}
    assert allowed == {
        "reach-any-army": ("escale-a-jeux",),
        "reach-same-army": ("ludosofia",),
    }


def test_the_capturer_blocks_a_protecting_slide() -> None:
    # A white colonel on j5 could reach j7 only through j6 -- where the garrison general stands.
    pos = {
        "j6": "garrison general",
        "j7": "black captain",
        "j5": "white colonel",
        "a2": "white soldier",
        "a15": "black soldier",
    }
    g = sn.new_game("siege-of-paris", position=pos, capture="optional")
    assert g.why("j6xj7").legal
    # Moved aside, the general no longer blocks: j7 is protected by the colonel.
    pos2 = {**pos, "k6": "garrison general"}
    del pos2["j6"]
    g2 = sn.new_game("siege-of-paris", position=pos2, capture="optional")
    assert not g2.why("k6xj7").legal


def test_pieces_on_circles_never_protect() -> None:
    pos = {
        "e5": "garrison soldier",
        "f4": "black soldier",
        "C0": "black soldier",
        "g5": "white captain",
        "a2": "white soldier",
    }
    for reading in ("reach-any-army", "reach-same-army"):
        g = sn.new_game(
            "siege-of-paris",
            position=pos,
            protection=reading,
            capture="optional",
            soldier_inside_draw="off",
        )
        assert g.why("e5xf4").legal
