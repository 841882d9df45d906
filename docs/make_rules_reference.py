"""Write docs/rules-reference.md from the rule data (the same text as
``python3 -m siege_nb.rules.reference > docs/rules-reference.md``).

Run it from anywhere: ``python3 docs/make_rules_reference.py``.
"""

from __future__ import annotations

from pathlib import Path

from siege_nb.rules.reference import rules_reference

TARGET = Path(__file__).resolve().parent / "rules-reference.md"


def main() -> None:
    """Regenerate the rules reference beside this script."""
    TARGET.write_text(rules_reference(), encoding="utf-8")
    print(f"wrote {TARGET.name}")


if __name__ == "__main__":
    main()
