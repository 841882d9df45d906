"""The paths that ``benchmarks/bench_engines.py --baseline`` measures do the work they name.

Speed is never asserted here (see the benchmark); these tests check that every path of every
game plays, counts what it did, and plays the same again from the same seed, which is what
the benchmark's "same games" check between two trees relies on.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import siege_nb as sn

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_engines.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_engines", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_engines", module)
    spec.loader.exec_module(module)
    return module


bench = _bench()
CASES = [(g, p) for g in sn.GAMES for p in bench.paths_of(g, lab=True)]


def test_every_game_has_the_lab_paths() -> None:
    for game in sn.GAMES:
        assert bench.paths_of(game)[:2] == ("public", "engine")
        assert bench.paths_of(game, lab=True)[-2:] == ("simulate", "mcts")
    assert "decision" not in bench.paths_of("siege-of-paris", lab=True)


@pytest.mark.parametrize(("game", "path"), CASES)
def test_a_path_plays_and_plays_the_same_again(game: str, path: str) -> None:
    playout = bench.PLAYOUTS[path]
    first = [playout(game, "default", random.Random(seed)) for seed in (3, 4)]
    again = [playout(game, "default", random.Random(seed)) for seed in (3, 4)]
    assert first == again
    for done in first:
        units, check = (done, done) if isinstance(done, int) else done
        if path == "mcts":
            # A decision in a live position runs every playout asked for (0 if the random
            # plies before it ended the game).
            assert units in (0, bench.MCTS_ITERATIONS)
            assert check >= 1 or units == 0
        else:
            assert units > 0  # plies: every game lasts at least one


def test_a_probe_reports_rates_units_and_its_package() -> None:
    out = bench.probe("pyramid-siege", "engine", 2, 1, 0)
    assert len(out["rates"]) == 1 and out["rates"][0] > 0
    assert out["units"] == sum(out["plies"]) > 0
    assert out["package"] == sn.__file__
    assert bench.probe("pyramid-siege", "engine", -1, 1, 0) == {"package": sn.__file__}
