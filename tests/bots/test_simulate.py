"""``cardrules.bots.simulate``: reproducible tournaments on any executor, with Wilson intervals."""

from __future__ import annotations

import concurrent.futures
import pickle
from typing import Any

import pytest

import cardrules
from cardrules.bots import SimulationResult, play_match, simulate, wilson_interval
from cardrules.bots._simulate import _Match, _run
from tests.variants import VARIANTS


def sides(text: str) -> int:
    """The number of sides of a ruleset."""
    game = cardrules.get_game(text)
    return len(game.score(game.new_game(seed=0)).sides)


def test_default_and_thread_pool_agree() -> None:
    """The same seed gives the same result here and on a ``ThreadPoolExecutor``."""
    here = simulate("mililla", ["greedy", "random"], 6, seed=4)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        threaded = simulate("mililla", ["greedy", "random"], 6, seed=4, executor=pool)
    assert here == threaded
    assert isinstance(here, SimulationResult)
    assert [r.bot for r in here.results] == ["greedy", "random"]
    assert sum(r.wins for r in here.results) == 6


def test_progress_is_reported() -> None:
    """``progress(done, total)`` is called once per match, ending at the total."""
    calls: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        simulate("mililla", ["random", "random"], 4, seed=1, executor=pool, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_seats_rotate_over_one_deal() -> None:
    """Matches 2k and 2k+1 play the same deal with the bots swapped, so identical bots split evenly."""
    result = simulate("mililla", ["greedy", "greedy"], 8, seed=2)
    assert result.results[0].wins == result.results[1].wins == 4
    assert result.results[0].mean_points == result.results[1].mean_points


@pytest.mark.parametrize("text", VARIANTS)
def test_every_preset_simulates(text: str) -> None:
    """A short tournament of every game and preset completes, each match won by one side."""
    n = sides(text)
    result = simulate(text, ["greedy", *["random"] * (n - 1)], n, seed=9)
    assert sum(r.wins for r in result.results) == n
    assert all(0 <= r.low <= r.win_rate <= r.high <= 1 for r in result.results)


def test_search_in_a_tournament() -> None:
    """The search bot plays a match in a tournament (small budget)."""
    result = simulate("mililla", ["search(iterations=4, rollout=random)", "greedy"], 2, seed=5)
    assert [r.matches for r in result.results] == [2, 2]


def test_work_units_pickle() -> None:
    """A match is sent to a worker as plain data that pickles, and plays the same after the trip."""
    unit = _Match("mililla", ("greedy", "random"), 12, 34)
    assert _run(pickle.loads(pickle.dumps(unit))) == _run(unit)


def test_result_text() -> None:
    """``str(result)`` is a table with each bot's wins, win rate, interval and mean points."""
    text = str(simulate("mililla", ["greedy", "random"], 2, seed=0))
    assert text.splitlines()[0] == "mililla: 2 matches, seed 0"
    assert "95% CI" in text and "mean points" in text


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((["greedy"], 2), "needs 2 bots, not 1"),
        ((["greedy", "random", "random"], 2), "needs 2 bots, not 3"),
        ((["greedy", "nobot"], 2), "unknown bot"),
        ((["greedy", "random"], 0), "at least 1"),
        (("greedy,random", 2), "list of bot texts"),
    ],
)
def test_bad_arguments(args: tuple[Any, int], match: str) -> None:
    """Bad bots or counts raise a library error before any match is played."""
    with pytest.raises(cardrules.CardrulesError, match=match):
        simulate("mililla", args[0], args[1])


def test_wilson_interval() -> None:
    """The Wilson interval matches known values and stays within 0 and 1."""
    low, high = wilson_interval(60, 100)
    assert round(low, 4) == 0.5020 and round(high, 4) == 0.6906
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_play_match_narrates() -> None:
    """``play_match`` calls ``on_move`` once per move with the state before and after."""
    game = cardrules.get_game("mililla")
    seen: list[Any] = []
    outcome = play_match(
        game,
        [cardrules.bots.RandomBot(), cardrules.bots.RandomBot()],
        seed=6,
        on_move=lambda b, m, a: seen.append(m),
    )
    assert len(seen) == outcome.decisions
