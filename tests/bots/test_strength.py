"""The strength ladder script runs on a tiny ladder, and its ratings and intervals are right on made-up results."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength", BENCHMARKS / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_elo_fits_made_up_results() -> None:
    fit = _script().fit_elo
    two = fit(["a", "b"], {("a", "b"): 3, ("b", "a"): 1}, prior=0.0)
    assert two["a"] - two["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (two["a"] + two["b"]) / 2 == pytest.approx(1500)
    # A transitive ladder the Bradley-Terry model fits exactly: strengths 9, 3 and 1.
    made_up = {("a", "b"): 3, ("b", "a"): 1, ("b", "c"): 3, ("c", "b"): 1, ("a", "c"): 9, ("c", "a"): 1}
    three = fit(["a", "b", "c"], made_up, prior=0.0)
    assert three["a"] - three["b"] == pytest.approx(three["b"] - three["c"], abs=1e-6)
    assert three["b"] - three["c"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    # A bot that never wins keeps a finite rating, below the others, thanks to the prior.
    shut_out = fit(["a", "b"], {("a", "b"): 4, ("b", "a"): 0})
    assert math.isfinite(shut_out["b"]) and shut_out["a"] - shut_out["b"] == pytest.approx(400 * math.log10(9))
    # Even results: equal ratings.
    even = fit(["a", "b", "c"], {("a", "b"): 2, ("b", "a"): 2, ("b", "c"): 1, ("c", "b"): 1})
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(even["c"])


def _pairing(script: ModuleType, wins: list[int], margins: list[float]) -> object:
    p = script.Pairing()
    p.wins, p.margins = wins, margins
    return p


def test_the_table_shows_wilson_intervals_margins_and_ratings() -> None:
    script = _script()
    assert script._rate(60, 40) == "60% (50–69)"
    pairs = {
        ("a", "b"): _pairing(script, [6, 4], [2.0, 0.0, 1.0]),
        ("b", "a"): _pairing(script, [4, 6], [-2.0, 0.0, -1.0]),
    }
    lines = script.tables({"mililla": pairs}, ["b", "a"], "0.1 s a decision each")
    assert lines[0] == "**mililla(single_round=true)**, 0.1 s a decision each"
    rows = [line for line in lines if line.startswith("| a ") or line.startswith("| b ")]
    # with half a win and half a loss added: 6.5 to 4.5, so 400 * log10(6.5 / 4.5) = 64 points apart;
    # margins 2, 0, 1: mean 1, standard error 1 / sqrt(3), t(2) = 4.303, so 1 -+ 2.48
    # the margin a deal, over every deal of the row (here one pairing's): the same figures
    assert (
        rows[0].startswith("| a | 1532 | 60% (31–83) | +1.0 (-1.5 to +3.5) |")
        and "| 60% (31–83); +1.0 (-1.5 to +3.5) |" in rows[0]
    )
    assert (
        rows[1].startswith("| b | 1468 | 40% (17–69) | -1.0 (-3.5 to +1.5) |") and "; -1.0 (-3.5 to +1.5) |" in rows[1]
    )


def test_a_duplicate_deal_played_by_one_bot_from_both_sides_is_even() -> None:
    """The same bot in both seats with the deal's own generators: the two seatings mirror, every margin is 0."""
    import cardrules
    from cardrules.bots import get_bot

    script = _script()
    bot = get_bot("greedy")
    got = script.play_pair(cardrules.get_game("mililla(single_round=true)"), bot, bot, 2, 5)
    assert got.margins == [0.0, 0.0] and sum(got.wins) == 4


def test_a_tiny_ladder_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = "random,easy,hard"
    if importlib.util.find_spec("pyspiel") is not None:
        bots += ",openspiel-ismcts,openspiel-mcts"
    markdown = tmp_path / "strength.md"
    argv = ["--games", "mililla", "--bots", bots, "--rounds", "1", "--seconds", "0.001", "--time", "equal"]
    results = _script().main([*argv, "--markdown", str(markdown)])
    entrants = bots.split(",")
    pairs = results["equal"]["mililla"]
    assert set(pairs) == {(a, b) for a in entrants for b in entrants if a != b}
    for i, a in enumerate(entrants):
        for b in entrants[i + 1 :]:
            assert sum(pairs[a, b].wins) == 2 and pairs[a, b].wins == pairs[b, a].wins[::-1]  # one deal, both sides
            assert pairs[a, b].margins == [-m for m in pairs[b, a].margins]
    out = capsys.readouterr()
    assert "mililla 1/" in out.err and "| bot | rating |" in out.out
    text = markdown.read_text(encoding="utf-8")
    assert text.startswith("Measured 20") and "--rounds 1" in text and "shared with other work" in text
    assert all(f"| {e} |" in text for e in entrants)
