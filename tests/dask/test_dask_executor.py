"""``simulate`` on a Dask ``distributed.Client(...).get_executor()`` with a local cluster (``nox -s dask``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from cardrules.bots import simulate  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A local cluster of two single-threaded worker processes."""
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.mark.parametrize("chunksize", [None, 1, 4])
def test_simulate_on_dask_is_the_serial_result(client: Any, chunksize: int | None) -> None:
    """A tournament on a Dask cluster gives exactly the serial result, for several batch sizes."""
    serial = simulate("mililla", ["greedy", "random"], 10, seed=8)
    executor = client.get_executor()
    assert simulate("mililla", ["greedy", "random"], 10, seed=8, executor=executor, chunksize=chunksize) == serial


def test_simulate_on_dask_with_more_sides(client: Any) -> None:
    """Mulle's three-player game, seats rotated over three sides, also matches the serial result."""
    serial = simulate("mulle(players=3,target=0)", ["greedy", "random", "random"], 6, seed=2)
    assert (
        simulate("mulle(players=3,target=0)", ["greedy", "random", "random"], 6, seed=2, executor=client.get_executor())
        == serial
    )


def test_default_batches_follow_the_cluster(client: Any) -> None:
    """The default batch size counts the cluster's worker threads (two here), not the local cores."""
    from cardrules.bots._simulate import _workers

    assert _workers(client.get_executor()) == 2
