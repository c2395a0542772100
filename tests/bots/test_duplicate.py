"""``simulate(..., duplicate=True)`` and ``cardrules simulate --duplicate``: the luck of the deal cancels."""

from __future__ import annotations

import concurrent.futures
import math

import pytest

from cardrules.bots import simulate
from cardrules.bots._simulate import _run, _Tally, t95
from cardrules.cli import main
from cardrules.errors import InvalidOptionError


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_bot_against_itself_has_no_margin_on_any_deal(bot: str) -> None:
    """Each seat's random generator is the deal's: both seatings play alike, so every deal's margin is 0."""
    result = simulate("mililla", [bot, bot], 6, seed=3, duplicate=True)
    assert result.duplicate and result.deals == 3 and result.matches == 6
    for r in result.results:
        assert (r.mean_margin, r.margin_low, r.margin_high) == (0.0, 0.0, 0.0)
    assert result.results[0].wins == result.results[1].wins == 3


def test_margins_are_the_mean_and_t_interval_of_the_deals() -> None:
    """Two sides: the margin per deal is the mean of the two seatings' point margins, its interval Student's t."""
    result = simulate("mililla(single_round=true)", ["greedy", "random"], 7, seed=2, duplicate=True)
    assert result.matches == 8 and result.deals == 4  # rounded up to whole deals
    # the same matches again, one by one, from the same work units
    per_match: list[tuple[int, ...]] = []
    tally = _Tally("mililla(single_round=true)", ("greedy", "random"), 2, duplicate=True)
    for k in range(8):
        outcome = _run(tally.unit(k))
        assert outcome is not None
        per_match.append(outcome.points)
    deals = []
    for d in range(4):
        first, second = per_match[2 * d], per_match[2 * d + 1]  # greedy at side 0, then at side 1
        deals.append(((first[0] - first[1]) + (second[1] - second[0])) / 2)
    mean = sum(deals) / 4
    sd = math.sqrt(sum((x - mean) ** 2 for x in deals) / 3)
    greedy, random_bot = result.results
    assert greedy.mean_margin == pytest.approx(mean)
    assert random_bot.mean_margin == pytest.approx(-mean)
    assert greedy.margin_low == pytest.approx(mean - t95(3) * sd / 2)
    assert greedy.margin_high == pytest.approx(mean + t95(3) * sd / 2)


def test_duplicate_is_the_same_on_an_executor() -> None:
    serial = simulate("charlemagne", ["greedy", "random"], 4, seed=5, duplicate=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        pooled = simulate("charlemagne", ["greedy", "random"], 4, seed=5, duplicate=True, executor=pool, chunksize=1)
    assert pooled == serial
    assert "margin per deal" in str(serial)


def test_without_duplicate_there_is_no_margin() -> None:
    result = simulate("mililla", ["greedy", "random"], 2, seed=1)
    assert not result.duplicate and result.deals == 0
    assert all(r.mean_margin is None for r in result.results)


def test_bad_duplicate_and_t_table() -> None:
    with pytest.raises(InvalidOptionError, match="duplicate"):
        simulate("mililla", ["greedy", "random"], 2, duplicate="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="degrees of freedom"):
        t95(0)
    assert t95(1) == 12.706 and t95(29) == 2.045
    assert 1.96 < t95(1000) < t95(30) < t95(29)


def test_cli_prints_the_margin_beside_the_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "mililla", "--bots", "greedy,random", "--matches", "3", "--duplicate"]) == 0
    out = capsys.readouterr().out
    assert "mililla: 4 matches" in out
    assert "duplicate: 2 deals, each played from every side" in out
    assert out.count("points a deal (") == 2
