"""
Mulle worst case of checking a capture: random multisets of table values (1 to 13, at most eight
cards of each, as in the two-pack deck) and a capture value (2 to 16), timed through
``partitionable``, which ``check_move`` calls to decide whether the taken cards split into groups.

Run: ``python benchmarks/stress_partition.py [--seconds S] [--seed N]``. Prints the slowest cases
found (the best of three timings each, every one on a cold cache); asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from cardrules.mulle._captures import _PARTS, partitionable


def case(rng: random.Random) -> tuple[list[tuple[int, int]], int]:
    """A multiset of table values whose total is a multiple of the capture value."""
    t = rng.randint(2, 16)
    values = rng.sample(range(1, min(t, 13) + 1), rng.randint(1, min(t, 13)))
    counts = {v: rng.randint(1, 8) for v in values}
    short = -sum(v * n for v, n in counts.items()) % t
    if short and short <= 13 and counts.get(short, 0) < 8:
        counts[short] = counts.get(short, 0) + 1
    return sorted(counts.items()), t


def timed(counts: list[tuple[int, int]], t: int) -> float:
    """The best of three timings, each on a cold cache of unpacked residual multisets, in milliseconds."""
    best = float("inf")
    for _ in range(3):
        _PARTS.clear()
        start = time.perf_counter()
        partitionable(counts, t)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to draw cases")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    slow: list[tuple[list[tuple[int, int]], int]] = []
    drawn = 0
    stop = time.perf_counter() + args.seconds
    while time.perf_counter() < stop:
        counts, t = case(rng)
        drawn += 1
        start = time.perf_counter()
        partitionable(counts, t)
        if time.perf_counter() - start > 0.002:
            slow.append((counts, t))
    ranked = sorted(((timed(c, t), t, c) for c, t in slow), reverse=True)
    print(f"{drawn:,} cases drawn, {len(slow):,} over 2 ms once; the slowest (best of three cold timings):")
    for ms, t, counts in ranked[:5]:
        cards = sum(n for _, n in counts)
        print(f"{ms:7.1f} ms  value {t:2}  {cards} cards  {counts}  split: {partitionable(counts, t)}")


if __name__ == "__main__":
    main()
