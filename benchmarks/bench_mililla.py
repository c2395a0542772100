"""Mililla speed: random full rounds per second, legal_moves and apply calls per second.

Run: ``python benchmarks/bench_mililla.py`` (or ``nox -s bench``). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import random
import time

from cardrules import mililla


def rounds_per_second(seconds: float = 2.0) -> tuple[float, float]:
    """Random full rounds (deal + 40 plays) per second, and decisions per second."""
    rng = random.Random(1)
    state = mililla.new_game(seed=1)
    rounds = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(40):
            moves = mililla.legal_moves(state)
            state = mililla.apply(state, moves.sample(rng))
            decisions += 1
            if mililla.is_over(state):
                state = mililla.new_game(seed=rng.getrandbits(32))
                break
        rounds = decisions / 40
    elapsed = time.perf_counter() - start
    return rounds / elapsed, decisions / elapsed


def calls_per_second(seconds: float = 1.0) -> tuple[float, float]:
    """legal_moves calls per second and apply calls per second, over states of random play."""
    rng = random.Random(2)
    states = []
    moves = []
    state = mililla.new_game(seed=2)
    while len(states) < 2000:
        if mililla.is_over(state):
            state = mililla.new_game(seed=rng.getrandbits(32))
        m = mililla.legal_moves(state).sample(rng)
        states.append(state)
        moves.append(m)
        state = mililla.apply(state, m)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            mililla.legal_moves(s)
        n += len(states)
    lm = n / (time.perf_counter() - start)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s, m in zip(states, moves, strict=True):
            mililla.apply(s, m)
        n += len(states)
    ap = n / (time.perf_counter() - start)
    return lm, ap


def main() -> None:
    """Print the figures."""
    rps, dps = rounds_per_second()
    lm, ap = calls_per_second()
    print("Mililla (one core)")
    print(f"  random full rounds per second   {rps:10,.0f}")
    print(f"  decisions per second            {dps:10,.0f}")
    print(f"  legal_moves calls per second    {lm:10,.0f}")
    print(f"  apply calls per second          {ap:10,.0f}")


if __name__ == "__main__":
    main()
