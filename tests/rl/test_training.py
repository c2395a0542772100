"""The training example learns: a tiny run of examples/rl_train.py beats RandomBot."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_train.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_train", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_training_beats_random_bots(tmp_path: Path) -> None:
    """600 training matches (seconds of CPU): over 600 fresh matches its side wins more than half, at 95% confidence."""
    curve_file = tmp_path / "curve.csv"
    curve = _load().main(
        ["--matches", "600", "--every", "600", "--eval", "600", "--rate", "0.1", "--curve", str(curve_file)]
    )
    (start, before, _, _), (done, after, low, _) = curve
    assert (start, done) == (0, 600)
    assert low > 0.5, f"win rate {after:.3f}, Wilson interval from {low:.3f}"
    assert after > before  # the untrained policy, on the same evaluation deals, did worse
    assert curve_file.read_text(encoding="utf-8").splitlines()[0] == "matches,win_rate,low,high"
