"""
Mulle worst case of checking a capture written by hand: multisets of table values (1 to 13, at most
eight cards of each, as in the two-pack deck) and a capture value, made to be slow.

First random multisets are drawn, then the slowest are made slower by hill climbing (a few counts
changed at a time, kept when the check gets slower). For the slowest found, it prints the time of
``partitionable`` (whether the taken cards split into groups of the value, which ``check_move``
asks) and of ``check_move`` and ``apply`` of the capture of all those cards, at a building table
holding just them: each the best of three timings, every one on a cold cache.

Run: ``python benchmarks/stress_partition.py [--seconds S] [--seed N]``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bench_mulle import position

from cardrules import Card, IllegalMoveError, mulle
from cardrules.mulle import BUILDING, Capture
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._partition import partitionable

Counts = dict[int, int]
# a hand card of each capture value under the building rules (ace 14, 2 of spades 15, 10 of diamonds 16)
HAND = {13: "KC", 14: "AH", 15: "2S", 16: "10D"}


def draw(rng: random.Random) -> tuple[Counts, int]:
    """Random counts of table values for a random capture value, the total a multiple of it."""
    t = rng.choice(sorted(HAND))
    counts = {v: rng.randint(0, 8) for v in range(1, 14)}
    return balance(counts, t, rng), t


def balance(counts: Counts, t: int, rng: random.Random) -> Counts:
    """Cards added or removed until the total is a multiple of *t*, the hand card's rank kept to seven."""
    counts = dict(counts)
    card = Card.parse(HAND[t])
    counts[card.rank.pips] = min(counts.get(card.rank.pips, 0), 7)
    while short := -sum(v * n for v, n in counts.items()) % t:
        v = short if short <= 13 else rng.randint(1, 13)
        cap = 7 if v == card.rank.pips else 8
        if counts.get(v, 0) < cap:
            counts[v] = counts.get(v, 0) + 1
        else:
            counts[rng.choice([w for w, n in counts.items() if n])] -= 1
    return counts


def best_of_three(fn: Callable[[], object]) -> float:
    """The best of three timings in milliseconds (nothing is kept between calls)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def check_time(counts: Counts, t: int) -> float:
    pairs = [(v, n) for v, n in counts.items() if n]
    return best_of_three(lambda: partitionable(pairs, t))


def climb(counts: Counts, t: int, rng: random.Random, steps: int) -> tuple[float, Counts]:
    """Hill climbing: change one to three counts by one; keep the change when the check is slower."""
    took = check_time(counts, t)
    for _ in range(steps):
        tried = dict(counts)
        for _ in range(rng.randint(1, 3)):
            v = rng.randint(1, 13)
            tried[v] = max(0, min(8, tried.get(v, 0) + rng.choice((-1, 1))))
        tried = balance(tried, t, rng)
        slower = check_time(tried, t)
        if slower > took:
            took, counts = slower, tried
    return took, counts


def capture_times(counts: Counts, t: int) -> tuple[float, float, bool]:
    """``check_move`` and ``apply`` of the capture of every table card, in ms, and whether it is legal."""
    hand = HAND[t]
    card = Card.parse(hand)
    pack = list(MULLE_PACK.cards)
    pack.remove(card)  # one of its two copies is in the hand
    table = []
    for v, n in sorted(counts.items()):
        table += [c for c in pack if c.rank.pips == v][:n]
    state = position(BUILDING, tuple(table), hand)
    move = Capture(card, tuple(table), t)
    legal = mulle.check_move(state, move) is None

    def applied() -> None:
        try:
            mulle.apply(state, move)
        except IllegalMoveError:
            pass

    return best_of_three(lambda: mulle.check_move(state, move)), best_of_three(applied), legal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to look for slow cases")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found: list[tuple[float, int, Counts]] = []
    drawn = 0
    stop = time.perf_counter() + args.seconds / 3
    while time.perf_counter() < stop:
        counts, t = draw(rng)
        drawn += 1
        start = time.perf_counter()
        partitionable([(v, n) for v, n in counts.items() if n], t)
        found.append((time.perf_counter() - start, t, counts))
    found.sort(key=lambda x: x[0], reverse=True)
    climbed: list[tuple[float, int, Counts]] = []
    stop = time.perf_counter() + args.seconds * 2 / 3
    for _, t, counts in found:
        if time.perf_counter() >= stop:
            break
        took, counts = climb(counts, t, rng, 60)
        climbed.append((took, t, counts))
    climbed.sort(key=lambda x: x[0], reverse=True)
    print(f"{drawn:,} multisets drawn, the {len(climbed)} slowest climbed; the slowest found (ms, best of three cold):")
    print(f"{'value':>5} {'cards':>5} {'split':>5} {'check':>6} {'check_move':>10} {'apply':>6}  counts")
    for took, t, counts in climbed[:5]:
        check, applied, legal = capture_times(counts, t)
        cards = sum(counts.values())
        shown = sorted((v, n) for v, n in counts.items() if n)
        print(f"{t:>5} {cards:>5} {'yes' if legal else 'no':>5} {took:>6.2f} {check:>10.2f} {applied:>6.2f}  {shown}")


if __name__ == "__main__":
    main()
