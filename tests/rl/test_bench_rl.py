"""The RL benchmark still runs against the current API (tiny settings; no timed assertion)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.variants import PRESETS

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_bench_rl_prints_every_game_and_the_target(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("bench_rl", BENCHMARKS / "bench_rl.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    include = tmp_path / "rl.md"
    module.main(["--seconds", "0.01", "--repeat", "1", "--markdown", str(include)])
    out = capsys.readouterr().out
    table = include.read_text(encoding="utf-8")
    assert table.startswith("Measured 20") and "bench_rl.py --seconds 0.01 --repeat 1" in table
    for text in PRESETS:
        for loop in ("raw engine", "PettingZoo env", "Gymnasium env"):
            assert f"{text}: {loop}" in out
            assert f"| {text}: {loop} |" in table
        assert f"  {text}, PettingZoo: " in out
        assert f"| {text}, PettingZoo | " in table
        if importlib.util.find_spec("pyspiel") is not None:  # through OpenSpiel: both deals, against the target
            for kind in ("OpenSpiel, a card a chance node", "OpenSpiel, sampled deal"):
                assert f"| {text}: {kind} |" in table
                assert f"  {text}, {kind}: " in out
                assert f"| {text}, {kind} | " in table
        # The floor is measured where a move is one action (a flat encoding), and only there.
        floor = f"| {text}: floor, no env |" in table
        assert floor == (text in ("mililla", "charlemagne")) == (f"  {text}, the floor" in out)
    assert "Target: env steps per second within 2x" in out
    _, loops, targets = table.strip().split("\n\n")
    for block in (loops, targets):  # every row of a table has every cell
        assert len({line.count("|") for line in block.splitlines()}) == 1
