"""The RL benchmark still runs against the current API (tiny settings; no timed assertion)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_bench_rl_prints_every_game_and_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("bench_rl", BENCHMARKS / "bench_rl.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--seconds", "0.01", "--repeat", "1"])
    out = capsys.readouterr().out
    for text in ("mililla", "charlemagne", "mulle", "mulle/fishing"):
        for loop in ("raw engine", "PettingZoo env", "Gymnasium env"):
            assert f"{text}: {loop}" in out
        assert f"  {text}, PettingZoo: " in out
    assert "Target: env steps per second within 2x" in out
