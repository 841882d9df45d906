"""How long the disagreement finder takes to its first lesson (reported, never asserted).

Run ``python3 benchmarks/bench_finder.py`` (``--quick`` for one seed; ``--runs N`` seeds).

1. The Siege of Paris SP-16, ``adjacent`` against ``reach-any-army`` under the French preset:
   the time from the call to the first shrunk disagreement (``DisagreementFinder.first``),
   median and slowest of the runs (seeds 0, 1, ...), with the positions searched.
2. Every option of every game, each choice against the default choice under the default
   preset: the same, the search bounded by 60 seconds. Where the default preset leaves no
   difference in reach (the finder then says why), the pair is tried again under the preset
   named in ``FALLBACK``.

Times include everything the caller waits for: the search, cutting the line of play down and
shrinking the position. The machine is shared, so only medians are reported.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engines import machine

import siege_nb as sn
from siege_nb.disputes import DisagreementFinder

SECONDS = 60.0
POSITIONS = 10**7  # bounded by SECONDS instead
# Presets under which a pair that the default preset leaves without a difference in reach
# is tried again (Belagerung's move limit: with the attackers' steps free, games run long).
FALLBACK = {("belagerung", "move_limit"): "bonaludo"}


def first(game: str, option: str, a: Any, b: Any, preset: str, seed: int) -> tuple[float, Any, int]:
    """Seconds to the first lesson, the lesson (or None) and the positions searched."""
    finder = DisagreementFinder(game, option, a, b, preset=preset, seed=seed)
    t0 = time.perf_counter()
    lesson = finder.first(positions=POSITIONS, seconds=SECONDS)
    return time.perf_counter() - t0, lesson, sum(finder._searched.values())


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):6.2f} s, slowest {max(times):6.2f} s"


def pairs() -> list[tuple[str, str, Any, Any]]:
    out = []
    for game in sn.GAMES:
        for opt in sn.options(game):
            default = "off" if opt.default is None else opt.default
            for choice in opt.choices:
                if choice.value == opt.default and type(choice.value) is type(opt.default):
                    continue
                out.append(
                    (game, opt.name, default, "off" if choice.value is None else choice.value)
                )
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="seeds per measurement")
    parser.add_argument("--quick", action="store_true", help="one seed")
    parser.add_argument("--only-sp16", action="store_true", help="the SP-16 row alone")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    print(
        f"machine: {machine()}\n{runs} run(s) per row (seeds 0-{runs - 1}), {SECONDS:.0f} s cap\n"
    )

    times, sizes, counts = [], [], []
    for seed in range(runs):
        t, lesson, n = first(
            "siege-of-paris", "SP-16", "adjacent", "reach-any-army", "escale-a-jeux", seed
        )
        times.append(t)
        counts.append(n)
        sizes.append(len(lesson.position) if lesson else 0)
    print(
        "SP-16 adjacent vs reach-any-army, French preset, first shrunk disagreement: "
        f"{summary(times)} ({statistics.median(counts):.0f} positions, lessons of "
        f"{min(sizes)}-{max(sizes)} pieces)\n"
    )
    if args.only_sp16:
        return
    print(f"{'game':15} {'option':17} {'a':15} {'b':17} {'preset':14} time to the first lesson")
    for game, option, a, b in pairs():
        preset = "default"
        results = [first(game, option, a, b, preset, seed) for seed in range(runs)]
        if not any(lesson for _, lesson, _ in results) and (game, option) in FALLBACK:
            preset = FALLBACK[(game, option)]
            print(
                f"{game:15} {option:17} {a!s:15} {b!s:17} {'default':14} none in {SECONDS:.0f} s "
                f"({statistics.median(n for _, _, n in results):.0f} positions)"
            )
            results = [first(game, option, a, b, preset, seed) for seed in range(runs)]
        found = [t for t, lesson, _ in results if lesson is not None]
        searched = statistics.median(n for *_, n in results)
        lesson = next((lesson for _, lesson, _ in results if lesson is not None), None)
        what = (
            f"{summary(found)}; found {len(found)}/{runs}; e.g. {lesson.kind} {lesson.move or '-'} "
            f"({lesson.rule}), {len(lesson.position)} pieces, {len(lesson.line)} moves before"
            if lesson
            else f"none in {SECONDS:.0f} s ({searched:.0f} positions)"
        )
        print(f"{game:15} {option:17} {a!s:15} {b!s:17} {preset:14} {what}", flush=True)


if __name__ == "__main__":
    main()
