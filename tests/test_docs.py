"""The project documents itself: the rules reference in docs/ is generated from the rule data and
kept current, every rule says where it comes from, and nothing in the repository points outside
it (to a folder beside the checkout or to a path on one machine)."""

from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

import pytest

import siege_nb as sn
from siege_nb.rules.model import Attribution
from siege_nb.rules.reference import COMMAND, main, rules_reference

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = DOCS / "rules-reference.md"


def test_rules_reference_is_current() -> None:
    """docs/rules-reference.md is exactly what the rule data gives now."""
    want = rules_reference()
    have = REFERENCE.read_text(encoding="utf-8") if REFERENCE.is_file() else ""
    if have != want:
        diff = "\n".join(
            list(
                difflib.unified_diff(
                    have.splitlines(),
                    want.splitlines(),
                    "docs/rules-reference.md (checked in)",
                    "generated from the rule data",
                    lineterm="",
                )
            )[:40]
        )
        pytest.fail(
            "docs/rules-reference.md is stale; regenerate it with\n"
            f"    {COMMAND}\n"
            "(or python3 docs/make_rules_reference.py) and commit it.\n" + diff
        )


def test_main_prints_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out == rules_reference()
    assert main(["pyramid-siege"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Rules reference: Pyramid Siege\n")
    assert "Siege of Paris" not in text
    with pytest.raises(ValueError, match="unknown game"):
        rules_reference("chess")


def test_reference_shows_every_option_choice_preset_and_rule() -> None:
    text = rules_reference()
    for game in sn.GAMES:
        for opt in sn.options(game):
            assert f"#### {opt.heading}\n" in text, opt.heading
            assert f"code name `{opt.name}`" in text
        for preset in sn.presets(game):
            assert f"`{preset}`" in text
        for rule in sn.fixed_rules(game).values():
            assert f"#### {rule.heading}\n" in text, rule.heading
    # Both halves of the French text's disagreement over protection are quoted.
    assert "comme le roi, aux échecs" in text
    assert "elle est protégée par S_W" in text


def _attributions() -> list[tuple[str, Attribution]]:
    found = []
    for game in sn.GAMES:
        for opt in sn.options(game):
            found += [(f"{game} {opt.id}={c.label}", c.attribution) for c in opt.choices]
        for rule in sn.fixed_rules(game).values():
            found += [
                (f"{game} {rule.id} clause {n}", c.attribution)
                for n, c in enumerate(rule.clauses, 1)
            ]
    return found


@pytest.mark.parametrize(("where", "att"), _attributions(), ids=lambda x: str(x)[:60])
def test_every_rule_is_stated_or_labelled(where: str, att: Attribution) -> None:
    """A choice or clause is stated by known texts, or is a reading or a reconstruction that
    says what it was fitted to or why, and then names no holder."""
    assert att.basis in ("stated", "reading", "reconstruction"), where
    if att.basis == "stated":
        assert att.cites, f"{where}: stated, but by no text"
        assert att.sources and all(k in sn.SOURCES for k in att.sources), where
    else:
        assert att.note.strip(), f"{where}: a {att.basis} must say what it rests on"
        assert att.sources == (), f"{where}: a {att.basis} has no holder"
    assert all(c.key in sn.SOURCES for c in att.cites), f"{where}: unknown source key"


def test_choice_sources_follow_the_attribution() -> None:
    for game in sn.GAMES:
        for opt in sn.options(game):
            for c in opt.choices:
                assert c.sources == c.attribution.sources
                assert (c.basis == "stated") == bool(c.sources), (game, opt.id, c.label)


# The patterns are written in pieces so that this file does not match itself.
_OUTSIDE = re.compile(
    "|".join(
        (
            re.escape(".." + "/shared"),
            re.escape("shared" + "/"),
            re.escape("rules-" + "catalogue"),
            re.escape("/" + "work/"),
            re.escape("/" + "root/"),
            re.escape("/" + "home/"),
            re.escape("/" + "Users/"),
        )
    )
)


def _tracked_files() -> list[str]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        # No git (a minimal machine) or no checkout: every file of the project folder but
        # the ones git ignores here (environments, caches, screenshots).
        def kept(path: Path) -> bool:
            folders = path.relative_to(ROOT).parts[:-1]
            return not any(
                (f.startswith(".") and f != ".ci")
                or f in ("__pycache__", "screenshots", "build", "dist")
                or f.endswith(".egg-info")
                for f in folders
            )

        return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and kept(p)]
    return [name for name in out.decode().split("\0") if name]


def test_nothing_points_outside_the_repository() -> None:
    """No tracked text file names the folder beside the checkout where the project was first
    written, its files, or an absolute home path: for anyone who clones the repository those
    references are dead."""
    offending = []
    for name in _tracked_files():
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the working tree
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary (pictures)
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            match = _OUTSIDE.search(line)
            if match:
                offending.append(f"{name}:{number}: {match.group(0)!r} in {line.strip()[:90]}")
    assert not offending, "references outside the repository:\n" + "\n".join(offending)


def test_docs_index_names_every_document() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for path in sorted(DOCS.iterdir()):
        if path.name != "README.md" and path.suffix in (".md", ".py"):
            assert f"({path.name})" in index or f"`{path.name}`" in index, path.name


def test_docs_links_resolve() -> None:
    """Relative links in docs/*.md point at files of the repository."""
    for doc in sorted(DOCS.glob("*.md")):
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            assert (doc.parent / target).resolve().exists(), f"{doc.name}: {target}"
