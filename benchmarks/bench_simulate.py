"""Tournaments that scale out: ``simulate`` on one core, on a process pool, and on Dask, side by side.

Plays the same greedy-against-random tournament serially, on a two-process
``ProcessPoolExecutor`` (matches sent one at a time, as before batches, and in
the default batches), and, if ``distributed`` is installed, on the executor of
a Dask ``Client`` over a ``LocalCluster`` of two worker processes. The runs
take turns in blocks (the order rotated every block), the pools stay warm
between blocks, and the speed-up over serial is worked out per block from
wall-clock times, as parallel speed-ups must be; the median is printed. Every
run's result is checked equal (``==``) to the serial one.

On a machine shared with other work the speed-ups are lower than on free
cores: the figures say how busy the machine was (the load average).

Run: ``python benchmarks/bench_simulate.py`` (``--quick`` for a smoke run,
``--markdown PATH`` to write the dated table for the performance page).
Prints numbers; asserts nothing but the equality of the results.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import importlib.util
import os
import statistics
import time
from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from pathlib import Path

from cardrules.bots import SimulationResult, simulate

BOTS = ["greedy", "random"]


def _runs(stack: ExitStack, workers: int) -> dict[str, concurrent.futures.Executor | None]:
    pool = stack.enter_context(concurrent.futures.ProcessPoolExecutor(workers))
    runs: dict[str, concurrent.futures.Executor | None] = {"serial": None, "processes": pool}
    if importlib.util.find_spec("distributed") is not None:
        import distributed  # type: ignore[import-not-found, unused-ignore]

        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
            )
        )
        client = stack.enter_context(distributed.Client(cluster))
        runs["dask"] = client.get_executor()
    return runs


def measure(game: str, matches: int, blocks: int, workers: int) -> list[tuple[str, float, list[float]]]:
    """(run, median speed-up over serial, per-block speed-ups) for every run."""
    with ExitStack() as stack:
        runs = _runs(stack, workers)
        variants: dict[str, Callable[[], SimulationResult]] = {}
        for name, executor in runs.items():
            if executor is None:
                variants["serial"] = partial(simulate, game, BOTS, matches, seed=1)
                continue
            for label, chunk in (("one match per task", 1), ("default batches", None)):
                variants[f"{name}, {label}"] = partial(
                    simulate, game, BOTS, matches, seed=1, executor=executor, chunksize=chunk
                )
        reference = variants["serial"]()
        for run in variants.values():  # warm up (workers started, imports and caches loaded) and check
            assert run() == reference, "a run differs from the serial result"
        times: dict[str, list[float]] = {name: [] for name in variants}
        names = list(variants)
        for block in range(blocks):
            shift = block % len(names)
            for name in names[shift:] + names[:shift]:
                start = time.perf_counter()
                result = variants[name]()
                times[name].append(time.perf_counter() - start)
                assert result == reference
    out = []
    for name in names:
        ratios = [s / t for s, t in zip(times["serial"], times[name], strict=True)]
        out.append((name, statistics.median(ratios), ratios))
    return out


def main() -> None:
    """Print the figures (and write the table with ``--markdown``)."""
    parser = argparse.ArgumentParser(description="simulate on one core, a process pool and Dask.")
    parser.add_argument("--game", default="mililla")
    parser.add_argument("--matches", type=int, default=200, help="matches per run (default 200)")
    parser.add_argument("--blocks", type=int, default=5, help="turns of every run (default 5)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--quick", action="store_true", help="a short run, to check the script works")
    parser.add_argument("--markdown", type=Path, help="write the figures as a dated Markdown table here")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.blocks = 24, 2
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    cores = os.cpu_count()
    rows = measure(args.game, args.matches, args.blocks, args.workers)
    after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    head = (
        f"simulate {args.game} {' vs '.join(BOTS)}, {args.matches} matches, {args.workers} workers, "
        f"{cores} cores, load average {load:.1f} before and {after:.1f} after; "
        f"speed-up over serial, wall clock, median of {args.blocks} blocks"
    )
    print(head)
    for name, median, ratios in rows:
        print(f"  {name:<36} {median:5.2f}x   (per block: {' '.join(f'{r:.2f}' for r in ratios)})")
    if args.markdown is not None:
        today = datetime.date.today().isoformat()
        lines = [
            f"Measured {today} by `python benchmarks/bench_simulate.py`: {head}.",
            "",
            "| run | speed-up over serial | per block |",
            "|---|---|---|",
            *(f"| {name} | {median:.2f}x | {' '.join(f'{r:.2f}' for r in ratios)} |" for name, median, ratios in rows),
            "",
        ]
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
