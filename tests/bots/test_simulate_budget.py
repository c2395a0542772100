"""``simulate`` for long runs: a time budget that keeps the matches finished so far, and progress within a match."""

from __future__ import annotations

import concurrent.futures
import io
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules import InvalidOptionError
from cardrules.bots import simulate, wilson_interval
from cardrules.cli._demo import progress_bar

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_time_budget_returns_the_matches_finished_so_far() -> None:
    """After *seconds*, the result counts only the matches finished, with their Wilson intervals, and says so."""
    start = time.monotonic()
    result = simulate("mililla", ["greedy", "random"], 100_000, seed=3, seconds=0.5)
    assert time.monotonic() - start < 5
    assert result.stopped
    assert 0 < result.matches < 100_000
    for r in result.results:
        assert r.matches == result.matches
        assert (r.low, r.high) == wilson_interval(r.wins, r.matches)
        assert r.win_rate == r.wins / r.matches
    assert sum(r.wins for r in result.results) == result.matches
    # the matches counted are the first ones, as a run of that many would play them
    again = simulate("mililla", ["greedy", "random"], result.matches, seed=3)
    assert again.results == result.results and not again.stopped
    assert "time budget" in str(result)


def test_a_match_still_playing_at_the_deadline_is_abandoned() -> None:
    """A budget shorter than one match ends the run inside that match: nothing is counted, and no hang."""
    start = time.monotonic()
    result = simulate("mulle", ["search(iterations=50)", "search(iterations=50)"], 2, seconds=0.2)
    assert time.monotonic() - start < 20
    assert result.stopped and result.matches == 0
    assert all((r.matches, r.wins, r.low, r.high) == (0, 0, 0.0, 1.0) for r in result.results)


def test_a_time_budget_with_an_executor() -> None:
    """With an executor too, the run stops at the budget and keeps what finished."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        result = simulate("mililla", ["greedy", "random"], 100_000, seed=1, executor=pool, seconds=0.5, chunksize=4)
    assert result.stopped and 0 < result.matches < 100_000
    assert sum(r.wins for r in result.results) == result.matches


def test_progress_moves_during_a_long_match() -> None:
    """``moves(n)`` is called every 100 moves of the match in play, before that match ends."""
    seen: list[tuple[int, int]] = []
    done: list[int] = []
    simulate("mulle", ["random", "random"], 1, seed=2, moves=lambda n: seen.append((len(done), n)),
             progress=lambda k, total: done.append(k))  # fmt: skip
    assert len(seen) >= 2
    assert [n for _, n in seen] == [100 * (i + 1) for i in range(len(seen))]
    assert all(finished == 0 for finished, _ in seen)  # all of them while the only match was in play
    assert done == [1]


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), "1", True])
def test_bad_time_budgets_are_refused(seconds: object) -> None:
    with pytest.raises(InvalidOptionError):
        simulate("mililla", ["greedy", "random"], 2, seconds=seconds)  # type: ignore[arg-type]


def test_progress_bar_shows_the_moves_of_the_match_in_play() -> None:
    """The command line's bar shows the match in play and its moves between two matches' ends."""
    out = io.StringIO()
    bar = progress_bar(out, clock=lambda: 0.0)
    bar(0, 400)
    bar.moves(1200)
    assert out.getvalue().rstrip().endswith("0/400, match 1 at move 1,200")


def test_cli_simulate_seconds() -> None:
    """``cardrules simulate --seconds`` stops at the budget and prints the matches finished so far."""
    args = [sys.executable, "-m", "cardrules", "simulate", "mililla", "--matches", "100000", "--seconds", "1"]
    out = subprocess.run(args, capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "src")}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "stopped by the time budget" in out.stdout.splitlines()[0]
    bad = subprocess.run([*args[:-1], "0"], capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "src")})
    assert bad.returncode == 2 and "--seconds" in bad.stderr
