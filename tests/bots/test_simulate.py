"""``cardrules.bots.simulate``: reproducible tournaments on any executor, with Wilson intervals."""

from __future__ import annotations

import concurrent.futures
import importlib.util
import pickle
import subprocess
import sys
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


# --- batches and the number in flight -------------------------------------------------------------

BATCHED = ("mulle/fishing", ["greedy", "random"], 7)


@pytest.mark.parametrize("chunksize", [None, 1, 2, 3, 7, 50])
@pytest.mark.parametrize("in_flight", [None, 1, 2])
def test_batches_give_the_serial_result_on_threads(chunksize: int | None, in_flight: int | None) -> None:
    """Whatever the batch size and the number in flight, the result is the serial one (``==``)."""
    game, bots, matches = BATCHED
    serial = simulate(game, bots, matches, seed=11)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        batched = simulate(game, bots, matches, seed=11, executor=pool, chunksize=chunksize, max_in_flight=in_flight)
    assert batched == serial


@pytest.mark.parametrize("chunksize", [None, 1, 4])
def test_batches_give_the_serial_result_on_processes(chunksize: int | None) -> None:
    """On a process pool too, for a few batch sizes, and with seats rotated over an odd count."""
    serial = simulate("mililla", ["greedy", "random"], 9, seed=3)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate("mililla", ["greedy", "random"], 9, seed=3, executor=pool, chunksize=chunksize) == serial


class _Counting(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that records how many of its tasks were submitted and not finished, at most."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.open = 0
        self.most = 0
        self.sizes: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        self.open += 1
        self.most = max(self.most, self.open)
        self.sizes.append(len(args[0]))
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, _future: concurrent.futures.Future[Any]) -> None:
        self.open -= 1


@pytest.mark.parametrize(("chunksize", "in_flight"), [(2, 1), (3, 2), (None, None)])
def test_batches_and_in_flight_are_bounded(chunksize: int | None, in_flight: int | None) -> None:
    """Matches go in batches of *chunksize* (the last one shorter), and never more than *max_in_flight* at once."""
    with _Counting() as pool:
        result = simulate(
            "mililla", ["random", "random"], 10, seed=2, executor=pool, chunksize=chunksize, max_in_flight=in_flight
        )
    size = chunksize or cardrules.bots.default_chunksize(10, 2)
    assert pool.sizes == [size] * (10 // size) + ([10 % size] if 10 % size else [])
    assert pool.most <= (in_flight or 4)
    assert result == simulate("mililla", ["random", "random"], 10, seed=2)


def test_progress_counts_every_match_in_batches() -> None:
    """With batches, ``progress`` is still called once per match, counting up to the total."""
    calls: list[tuple[int, int]] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        simulate(
            "mililla",
            ["random", "random"],
            5,
            seed=1,
            executor=pool,
            chunksize=2,
            progress=lambda d, t: calls.append((d, t)),
        )
    assert calls == [(d, 5) for d in range(1, 6)]


@pytest.mark.parametrize("pooled", [False, True])
def test_matches_are_made_as_they_are_sent_not_all_at_once(pooled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """
    A tournament's work units are made only as they are played (serially) or sent (in batches, a
    bounded number in flight), so a tournament of millions of matches does not hold millions of them.
    """
    from cardrules.bots import _simulate

    made: list[int] = []  # the number of work units made at each progress call

    class Counted(_simulate._Match):
        def __init__(self, *args: Any) -> None:
            made.append(0)
            super().__init__(*args)

    monkeypatch.setattr(_simulate, "_Match", Counted)
    at_progress: list[int] = []
    kwargs: dict[str, Any] = {"progress": lambda d, t: at_progress.append(len(made))}
    if not pooled:
        simulate("mililla", ["random", "random"], 12, seed=3, **kwargs)
        assert at_progress == list(range(1, 13))  # one made, one played
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        simulate("mililla", ["random", "random"], 12, seed=3, executor=pool, chunksize=2, max_in_flight=2, **kwargs)
    assert at_progress[0] <= 2 * 2 + 2  # the batches in flight, and one sent as the first came back
    assert len(made) == 12


def test_default_chunksize() -> None:
    """About four batches per worker, at least one match and at most 256 per batch."""
    from cardrules.bots import default_chunksize

    assert default_chunksize(1, 8) == 1
    assert default_chunksize(80, 2) == 10
    assert default_chunksize(81, 2) == 11
    assert default_chunksize(10**6, 2) == 256
    assert all(default_chunksize(m, w) * 4 * w >= m for m in range(1, 300, 7) for w in (1, 2, 3, 8))


@pytest.mark.parametrize("name", ["chunksize", "max_in_flight"])
@pytest.mark.parametrize("value", [0, -1, 1.5, True, "2"])
def test_bad_batch_options(name: str, value: object) -> None:
    """A batch size or in-flight count that is not a whole number of at least 1 is refused, naming the option."""
    with pytest.raises(cardrules.InvalidOptionError, match=name):
        simulate("mililla", ["random", "random"], 2, **{name: value})  # type: ignore[arg-type]


def test_the_executor_errors_come_through() -> None:
    """An error inside a worker reaches the caller, and the batches not started are cancelled."""

    class Failing(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
            return super().submit(lambda *_: 1 / 0, *args)

    with Failing(max_workers=1) as pool, pytest.raises(ZeroDivisionError):
        simulate("mililla", ["random", "random"], 6, executor=pool, chunksize=1)


def test_importing_the_bots_imports_no_cluster_library() -> None:
    """``import cardrules.bots`` (and the Ray adapter's module) imports neither Ray nor Dask."""
    code = (
        "import sys, cardrules, cardrules.bots; from cardrules.bots import RayExecutor; "
        "print(sorted(m for m in ('ray', 'dask', 'distributed') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="Ray is installed here")
def test_ray_executor_without_ray_says_what_to_install() -> None:
    """Without Ray, making a ``RayExecutor`` is an ImportError that names the extra to install."""
    with pytest.raises(ImportError, match="pip install ray"):
        cardrules.bots.RayExecutor()
