"""``cardrules.bots.RayExecutor``: a real ``concurrent.futures.Executor`` over Ray tasks (``nox -s ray``)."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from typing import Any

import pytest

ray = pytest.importorskip("ray")

from cardrules.bots import RayExecutor, simulate  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray on two CPUs for the whole module."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _slow(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_is_an_executor(local_ray: None) -> None:
    """It is a ``concurrent.futures.Executor``, sized from the cluster's CPUs."""
    with RayExecutor() as pool:
        assert isinstance(pool, concurrent.futures.Executor)
        assert pool._max_workers == 2
    with RayExecutor(task_cpus=2) as pool:
        assert pool._max_workers == 1


@pytest.mark.parametrize("chunksize", [None, 1, 5])
def test_simulate_on_ray_is_the_serial_result(local_ray: None, chunksize: int | None) -> None:
    """A tournament on Ray gives exactly the serial result, for several batch sizes."""
    serial = simulate("mililla", ["greedy", "random"], 12, seed=5)
    with RayExecutor() as pool:
        assert simulate("mililla", ["greedy", "random"], 12, seed=5, executor=pool, chunksize=chunksize) == serial


def test_results_map_and_errors(local_ray: None) -> None:
    """``submit`` and ``map`` return the call's results; the call's exception reaches the future."""
    with RayExecutor() as pool:
        assert pool.submit(divmod, 7, 2).result(timeout=60) == (3, 1)
        assert list(pool.map(pow, [2, 3], [3, 2], timeout=60)) == [8, 9]
        failing = pool.submit(divmod, 1, 0)
        with pytest.raises(ZeroDivisionError):
            failing.result(timeout=60)
        assert isinstance(failing.exception(), ZeroDivisionError)


def test_no_submit_after_shutdown(local_ray: None) -> None:
    """After ``shutdown`` the executor refuses work, with a clear error."""
    pool = RayExecutor()
    pool.shutdown()
    with pytest.raises(RuntimeError, match="after shutdown"):
        pool.submit(divmod, 1, 1)


def test_shutdown_cancels_what_is_left(local_ray: None) -> None:
    """``shutdown(cancel_futures=True)`` asks Ray to cancel unfinished tasks: their futures end, none hangs."""
    pool = RayExecutor()
    futures: list[concurrent.futures.Future[Any]] = [pool.submit(_slow, 5.0) for _ in range(6)]
    pool.shutdown(wait=True, cancel_futures=True)
    assert all(f.done() for f in futures)
    assert any(f.exception() is not None for f in futures)


def test_bad_task_cpus(local_ray: None) -> None:
    """A task CPU count that is not a positive number is refused."""
    values: list[Any] = [0, -1, True, "1"]
    for value in values:
        with pytest.raises(ValueError, match="task_cpus"):
            RayExecutor(task_cpus=value)
