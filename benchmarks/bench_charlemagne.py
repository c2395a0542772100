"""Charlemagne speed: random full hands per second (bidding included), legal_moves and apply calls per second.

Run: ``python benchmarks/bench_charlemagne.py`` (or ``nox -s bench``). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from cardrules import charlemagne

PASS = charlemagne.Pass()


def hands_per_second(seconds: float = 2.0, pass_odds: float = 0.0) -> tuple[float, float, Counter[str]]:
    """
    Random full hands per second (deal, bidding, kitty, discards, trump and
    every trick), decisions per second, and how often each contract came up.
    A bidder passes with probability *pass_odds* when passing is legal, else
    picks a legal move uniformly. New matches start whenever one ends.
    """
    rng = random.Random(1)
    state = charlemagne.new_game(seed=1)
    hands = decisions = 0
    contracts: Counter[str] = Counter()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            moves = charlemagne.legal_moves(state)
            if state.phase == "bid" and PASS in moves and rng.random() < pass_odds:
                move: charlemagne.Move = PASS
            else:
                move = moves.sample(rng)
            after = charlemagne.apply(state, move)
            decisions += 1
            if len(after.rounds) > len(state.rounds):
                hands += 1
                assert state.contract is not None
                contracts[state.contract.title] += 1
            state = after
            if charlemagne.is_over(state):
                state = charlemagne.new_game(seed=rng.getrandbits(32))
    elapsed = time.perf_counter() - start
    return hands / elapsed, decisions / elapsed, contracts


def calls_per_second(seconds: float = 1.0) -> tuple[float, float]:
    """legal_moves calls per second and apply calls per second, over states of random play."""
    rng = random.Random(2)
    states: list[charlemagne.State] = []
    moves: list[charlemagne.Move] = []
    state = charlemagne.new_game(seed=2)
    while len(states) < 2000:
        if charlemagne.is_over(state):
            state = charlemagne.new_game(seed=rng.getrandbits(32))
        m = charlemagne.legal_moves(state).sample(rng)
        states.append(state)
        moves.append(m)
        state = charlemagne.apply(state, m)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            charlemagne.legal_moves(s)
        n += len(states)
    lm = n / (time.perf_counter() - start)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s, m in zip(states, moves, strict=True):
            charlemagne.apply(s, m)
        n += len(states)
    ap = n / (time.perf_counter() - start)
    return lm, ap


def main() -> None:
    """Print the figures."""
    lm, ap = calls_per_second()
    print("Charlemagne (one core)")
    for odds, what in ((0.0, "uniform random moves"), (0.85, "bidders pass 85% of the time")):
        hps, dps, contracts = hands_per_second(pass_odds=odds)
        total = sum(contracts.values())
        mix = ", ".join(f"{name} {100 * n / total:.0f}%" for name, n in contracts.most_common(4))
        print(f"  {what}:")
        print(f"    random full hands per second  {hps:10,.0f}   (bidding included)")
        print(f"    decisions per second          {dps:10,.0f}")
        print(f"    contracts                     {mix}")
    print(f"  legal_moves calls per second    {lm:10,.0f}")
    print(f"  apply calls per second          {ap:10,.0f}")


if __name__ == "__main__":
    main()
