"""A :class:`concurrent.futures.Executor` over Ray tasks, since Ray has none of its own (Ray is imported lazily)."""

from __future__ import annotations

import concurrent.futures
import importlib
import threading
from collections.abc import Callable
from typing import Any

from cardrules import _messages
from cardrules.errors import InvalidOptionError

__all__ = ["RayExecutor"]


def _call(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Run one submitted call inside a Ray worker."""
    return fn(*args, **kwargs)


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ImportError("RayExecutor needs Ray: pip install ray (or cardrules with its ray extra)") from None


class RayExecutor(concurrent.futures.Executor):
    """
    A :class:`concurrent.futures.Executor` that runs each submitted call as a
    Ray task, so that :func:`simulate` (or any code written for executors)
    runs on a Ray cluster. Ray itself offers no such executor.

    Ray is imported when the executor is made, not with cardrules
    (``pip install ray``, or cardrules' ``ray`` extra). If Ray is not started yet, the
    executor starts it with ``ray.init(**init)``: a local Ray using the
    machine's cores by default, or ``RayExecutor(address="auto")`` for the
    cluster this machine belongs to; *init* is ignored if Ray is already started. Each call is one task asking for
    *task_cpus* CPUs; the function and its arguments must pickle and
    cardrules must be installed on every node. ``shutdown`` cancels what has
    not run yet when asked to (``cancel_futures=True``), and never stops
    Ray itself (call ``ray.shutdown()`` when done).

    Args:
        task_cpus: The CPUs each task asks Ray for.
        init: Keyword arguments for ``ray.init`` when Ray is not started yet,
            such as ``num_cpus=2`` or ``address="auto"``.

    Example (with Ray installed; see :doc:`/howto/bot`)::

        from cardrules.bots import RayExecutor, simulate

        with RayExecutor(num_cpus=2) as pool:  # starts a local Ray on two cores
            result = simulate("mililla", ["greedy", "random"], 200, executor=pool)
    """

    def __init__(self, *, task_cpus: float = 1, **init: Any) -> None:
        if isinstance(task_cpus, bool) or not isinstance(task_cpus, int | float) or not task_cpus > 0:
            raise InvalidOptionError(f"task_cpus must be a positive number, not {_messages.value(task_cpus)}")
        ray = _ray()
        if not ray.is_initialized():
            ray.init(**init)
        self._ray = ray
        self._remote = ray.remote(num_cpus=task_cpus)(_call)
        self._lock = threading.Lock()
        self._refs: dict[concurrent.futures.Future[Any], Any] = {}
        self._shut = False
        cpus = ray.cluster_resources().get("CPU", 1)
        # What simulate() reads to size its batches, as on a process pool.
        self._max_workers = max(1, int(cpus // task_cpus))

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        """
        Start ``fn(*args, **kwargs)`` as a Ray task; its future gets the result or the exception.

        The future is running from the start (the task is Ray's from then on), so its ``cancel()``
        returns ``False``; ``shutdown(cancel_futures=True)`` asks Ray to cancel the tasks instead.
        """
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot submit to a RayExecutor after shutdown")
            ref = self._remote.remote(fn, args, kwargs)
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            future.set_running_or_notify_cancel()
            self._refs[future] = ref

        def settle(inner: concurrent.futures.Future[Any]) -> None:
            with self._lock:
                self._refs.pop(future, None)
            try:
                future.set_result(inner.result())
            except BaseException as exc:  # the task's own exception, or Ray's (cancelled, worker lost)
                future.set_exception(exc)

        ref.future().add_done_callback(settle)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more calls; with *cancel_futures*, cancel the tasks not finished; with *wait*, wait for the rest."""
        with self._lock:
            self._shut = True
            pending = dict(self._refs)
        if cancel_futures:
            for future, ref in pending.items():
                if not future.done():
                    self._ray.cancel(ref)
        if wait:
            concurrent.futures.wait(pending)
