"""The OpenSpiel example runs OpenSpiel's MCTS and ISMCTS bots briefly and reports their results."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "openspiel_search.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_search", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("text", ["mililla(single_round=true)", "charlemagne(single_round=true)"])
def test_search_example_plays_both_bots(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """
    Both bots play a match and the example prints a result line for each: +1 a won match, -1 a lost
    one, 0 a tied single round (a draw in OpenSpiel; which match it is depends on OpenSpiel's own
    search, whose ties follow the process's string hashing).
    """
    results = _load().main(["--game", text, "--matches", "1", "--simulations", "4", "--seed", "2"])
    assert sorted(results) == ["ismcts", "mcts"]
    assert all(r in (-1.0, 0.0, 1.0) for r in results.values())
    out = capsys.readouterr().out
    assert out.count(f"on {text}:") == 2
