"""The benchmark scripts still run against the current API (tiny settings; no timed assertion)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import cardrules

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str) -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_suite_covers_every_game_and_preset() -> None:
    suite = _load("suite")
    labels = [label for label, _ in suite.cases()]
    count = sum(len(cardrules.get_game(name).spec.presets) for name in cardrules.game_names())
    assert len(labels) == count
    for name in cardrules.game_names():
        assert any(label.split("/")[0] == name for label in labels)


def test_suite_measures_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    suite = _load("suite")
    tiny = suite.Settings(play_seconds=0.01, repeat=1, positions=20, call_seconds=0.0, sim_matches=1, tree_states=50)
    results = {label: suite.measure(label, game, tiny) for label, game in suite.cases()}
    for label, figures in results.items():
        for key, value in figures.items():
            assert math.isfinite(value) and value >= 0, (label, key, value)
        assert figures["decisions/s"] > 0
        assert figures["tree states"] == 50
        # The measure of structural sharing: a child costs at most what a deep copy costs.
        assert figures["tree diffs KiB"] <= figures["tree copies KiB"]
    suite.print_table(results, tiny)
    out = capsys.readouterr().out
    assert "decisions/s" in out and "tree traced KiB" in out


def test_peer_script_plays_ours_and_states_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    peers = _load("bench_peers")
    game = cardrules.get_game("mililla")
    assert peers.cardrules_runner(game)(random.Random(1)) > 0
    # Ratios are taken within each block: the second block is slow for everyone and changes nothing.
    rates = {
        "RLCard bridge, raw game (Python)": [100.0, 10.0, 100.0],
        "OpenSpiel hearts (C++)": [300.0, 30.0, 300.0],
        "cardrules mililla (Python)": [150.0, 15.0, 300.0],
    }
    assert peers.block_ratios(rates, "cardrules mililla (Python)", "OpenSpiel hearts (C++)") == [0.5, 0.5, 1.0]
    peers.print_targets(rates)
    out = capsys.readouterr().out
    assert "1.50 [1.50-3.00]" in out and "NOT met" in out and " met" in out
    peers.print_targets({"cardrules mililla (Python)": [150.0]})
    assert "not measured" in capsys.readouterr().out


def test_peer_script_interleaves_and_writes_a_dated_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    peers = _load("bench_peers")
    ours = peers.cardrules_runner(cardrules.get_game("mililla"))
    rates, per_game = peers.interleaved([("a", ours), ("b", ours)], blocks=2, seconds=0.0)
    assert [len(r) for r in rates.values()] == [2, 2] and per_game["a"] > 0
    args = argparse.Namespace(blocks=2, slice=0.0)
    text = peers.markdown([("a", "x 1"), ("b", "x 1")], rates, per_game, args)
    assert text.startswith("Measured 20") and "| a | x 1 |" in text and "not measured" in text


def test_bytecode_script_counts_each_function_and_compares_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    counter = _load("count_bytecodes")
    before = sys.gettrace()
    by_function = counter.count("mulle", 30, 10)
    assert sys.gettrace() is before  # the tracer it found is put back
    assert by_function["_families.py:_building_families"] > 0 and by_function["_play.py:apply_trusted"] > 0
    assert "_legal.py:check_move" not in by_function  # the bots' trusted path, not the public apply's check
    assert not any(name.startswith("count_bytecodes.py") for name in by_function)  # the loop itself is not traced
    counter.main(["--decisions", "20", "--warm", "0", "--top", "3", "--game", "mililla", "--game", "mulle"])
    out = capsys.readouterr().out
    assert "mililla: " in out and "bytecodes per decision" in out and "against mililla" in out
    assert out.count("%") == 6  # three functions a game


def test_voids_script_hides_the_voids_from_the_blind_bot_only(monkeypatch: pytest.MonkeyPatch) -> None:
    ab = _load("ab_voids")
    from cardrules.mililla import _sample

    calls: list[object] = []
    real = _sample.inferences  # type: ignore[attr-defined]  # imported there from _infer

    def spy(observation: object) -> object:
        calls.append(observation)
        return real(observation)  # type: ignore[arg-type]

    monkeypatch.setattr(_sample, "inferences", spy)
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=5)
    for _ in range(6):  # into the second trick: there may be voids to see
        state = game.apply(state, game.legal_moves(state)[0])
    view = game.observe(state, game.to_move(state))  # type: ignore[arg-type]
    for blind in (True, False):
        calls.clear()
        bot = ab._Timed("search(iterations=4)", "mililla", blind)
        bot.choose(view, game.legal_moves(state), random.Random(1))
        assert bot.decisions == 1 and bot.seconds >= 0
        assert _sample.inferences is spy  # type: ignore[attr-defined]  # put back after the choice
        assert (len(calls) == 0) is blind
    won, *counts = ab._one(("mililla(single_round=true)", "search(iterations=2)", 1))
    assert isinstance(won, bool) and counts[0] > 0 and counts[2] > 0


def test_the_bytecode_guard_fails_a_game_over_its_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    """The CI guard: 3% over the committed baseline fails, at or under it passes, and the figures are printed."""
    counter = _load("count_bytecodes")
    baseline = json.loads(counter.BASELINE.read_text(encoding="utf-8"))["bytecodes_per_decision"]
    assert set(baseline) == set(counter.GAMES)
    assert counter.check(dict(baseline)) == 0
    assert counter.check({name: n * 1.029 for name, n in baseline.items()}) == 0
    assert counter.check({**baseline, "mulle": baseline["mulle"] * 1.04}) == 1
    assert "OVER" in capsys.readouterr().out
