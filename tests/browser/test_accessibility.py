"""Without a mouse, and through a screen reader's eyes, in a real browser at 1024 x 768.

* A whole lesson in the classroom app with the keyboard alone: choose a game, play three
  moves in the move box, switch a reading, open the scenarios and step through one. No mouse
  event is sent.
* The automated accessibility check axe-core (bundled by ``axe-playwright-python``) finds no
  serious or critical violation in the classroom app (each of its three tabs) or in the
  outputs of notebook 04 in JupyterLab. JupyterLab's own interface around the notebook has
  violations of its own (its editors and toolbar); they are written to
  ``tests/browser/screenshots/axe-lab-04.txt`` and are not this project's to fix.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import siege_nb as sn
from siege_nb.rules import preset_name

from .lab import ROOT, SHOTS, canvas_in, jupyter_server, open_notebook, run_all
from .test_lab import wait_text

SERIOUS = ("serious", "critical")

# What has the keyboard's focus, in words: the element, and the name a screen reader gives it.
FOCUSED = """() => {
    const e = document.activeElement;
    if (!e) return '';
    const label = e.getAttribute('aria-label')
        || (e.labels && e.labels.length ? e.labels[0].textContent : '')
        || e.textContent || '';
    return e.tagName + ' ' + label.trim().replace(/\\s+/g, ' ').slice(0, 80);
}"""


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    with jupyter_server("voila", root_dir=ROOT / "notebooks") as base:
        yield base


def serious(page: Any, context: str | None = None) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page (or inside ``context``)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, context=context) if context else Axe().run(page)
    return [v for v in found.response["violations"] if v["impact"] in SERIOUS]


def words(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in violations
    )


def tab_to(page: Any, name: str, limit: int = 80) -> str:
    """Press Tab until the focus is on an element whose name starts with ``name``."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        seen.append(focused)
        if focused.split(" ", 1)[-1].startswith(name):
            return focused
    raise AssertionError(f"Tab never reached {name!r}; the focus went: {seen}")


def test_a_whole_lesson_with_the_keyboard_alone(voila: str, projector: Any) -> None:
    page = projector
    page.goto(f"{voila}/voila/render/classroom.ipynb", timeout=120_000)
    body = page.locator("body")
    canvas_in(body)
    page.wait_for_timeout(1000)
    # Choose a game: Tab to the Game list and type the first letters of its name.
    assert tab_to(page, "Game").startswith("SELECT")
    page.keyboard.type("Bel")
    wait_text(body, "Belagerung", timeout=60_000)
    body.locator(".widget-html-content", has_text="attacker to move").first.wait_for(timeout=60_000)
    # Three moves typed in the move box, found by Tab from the board.
    twin = sn.new_game("belagerung")
    tab_to(page, "Your move")
    for _ in range(3):
        move = twin.legal_moves()[0].text
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        wait_text(body, f"Played {move}", timeout=30_000)
        twin.play(move)
    assert page.evaluate(FOCUSED).startswith("INPUT")  # the box keeps the focus
    # A key from the board: Escape leaves the box, D describes the position.
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    # Words only the description says (the status panel never lists the pieces).
    wait_text(body, "The attacker: ", timeout=30_000)
    wait_text(body, "attackers on", timeout=30_000)
    # Switch a reading: the rules' preset list, one step down.
    tab_to(page, "Preset")
    page.keyboard.press("ArrowDown")
    wait_text(body, "Rules:", timeout=30_000)
    preset = sn.presets("belagerung")[1]
    wait_text(body, preset_name("belagerung", preset), timeout=30_000)
    # The Scenarios tab: Tab to the tab bar, arrow to the next tab, Enter opens it.
    tab_to(page, "Play")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_text(body, "step 1 of", timeout=90_000)
    # Into the scenario player: Tab to its Next button, and N steps on from there.
    tab_to(page, "Next")
    page.keyboard.press("Enter")
    wait_text(body, "step 2 of", timeout=30_000)
    page.keyboard.press("n")
    wait_text(body, "step 3 of", timeout=30_000)
    page.keyboard.press("p")
    wait_text(body, "step 2 of", timeout=30_000)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "keyboard-lesson-1024x768.png"))
    # Every step the keyboard took is announced: the live region holds the step's words. It
    # is a widget of its own, told a moment after the panel (a clean-clone CI run read it at
    # once, before the words came), so it is waited for; it is out of sight, so attached.
    live = body.locator(".siege-live").filter(has_text="step 2 of")
    live.first.wait_for(state="attached", timeout=30_000)


def test_the_classroom_app_passes_axe(voila: str, projector: Any) -> None:
    page = projector
    url = f"{voila}/voila/render/classroom.ipynb"
    page.goto(url, timeout=120_000)
    body = page.locator("body")
    canvas_in(body)
    # A move played, then the page reloaded: the app offers the kept game back, so its
    # *Restore my game* button (a coloured one) is checked too.
    page.locator(".siege-move-box input").fill("C0-f5")
    page.keyboard.press("Enter")
    wait_text(body, "Played C0-f5", timeout=30_000)
    page.wait_for_timeout(1000)
    page.goto(url, timeout=120_000)
    canvas_in(body)
    page.get_by_role("button", name="Restore my game").wait_for(timeout=60_000)
    page.wait_for_timeout(1500)
    found = {"Play": serious(page)}
    for tab, sign in (("Scenarios", "step 1 of"), ("Where they part", "Find where they part")):
        page.locator(".lm-TabBar-tabLabel", has_text=tab).click()
        body.get_by_text(sign).first.wait_for(timeout=90_000)
        page.wait_for_timeout(1000)
        found[tab] = serious(page)
    report = {tab: words(v) for tab, v in found.items() if v}
    assert report == {}, json.dumps(report, indent=1)


def test_notebook_04_outputs_pass_axe(lab: str, projector: Any) -> None:
    page = projector
    open_notebook(page, lab, "notebooks/04-capture-and-protection.ipynb")
    run_all(page)
    page.wait_for_timeout(3000)
    outputs = serious(page, ".jp-OutputArea-output")
    # JupyterLab's own interface, for the record (its editors, toolbar and cell list).
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "axe-lab-04.txt").write_text(
        "axe-core on notebook 04 in JupyterLab, the whole page (serious and critical):\n"
        + (words(serious(page)) or "none")
        + "\n",
        encoding="utf-8",
    )
    assert outputs == [], words(outputs)
