"""The cost of hidden-state sampling that agrees with the whole public history, and how often a draw is thrown away.

For each game it plays random matches, stops at random points of the first round, and, from the
observation of a random seat, times ``spec.sample_state`` (what the search bots call: the
inferences are derived once per observation object, then each sample deals around them) and
``cardrules.inferences`` on fresh observations (the derivation alone, uncached). It prints per
game: microseconds per sample, per derivation, the inferences per observation, and the share of
constrained deals drawn again (only Mulle's ``capture_duty=hand`` checks a deal after drawing it:
its duty to build is a pair of cards).

Run: ``python benchmarks/bench_sampling.py [--positions N] [--samples K] [--game TEXT ...]``
(core install only). It prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import attrs

import cardrules
from cardrules._kit.inference import STATS

GAMES = (
    "mililla",
    "mililla(seven_rule=earlier)",
    "charlemagne",
    "mulle",
    "mulle(capture_duty=hand)",
    "mulle(players=4)",
    "mulle/fishing",
)


def positions(text: str, count: int, seed: int) -> list[tuple[Any, int]]:
    """*count* (state, seat) pairs at random points of the first round of random matches."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < count:
        state = game.new_game(seed=rng.getrandbits(63))
        states = []
        while not game.is_over(state):
            after = game.apply(state, game.legal_moves(state).sample(rng))
            if after.round_no != state.round_no:
                break
            states.append(after)
            state = after
        for state in rng.sample(states, min(len(states), 5)):
            out.append((state, rng.randrange(len(state.hands))))
    return out[:count]


def measure(text: str, count: int, samples: int) -> dict[str, float]:
    """Microseconds per sample and per derivation, inferences per observation, and the share of draws redone."""
    game = cardrules.get_game(text)
    spec = game.spec
    found = positions(text, count, 1)
    views = [game.observe(state, seat) for state, seat in found]
    rng = random.Random(2)
    assert spec.sample_state is not None
    STATS.reset()
    start = time.perf_counter()
    for view in views:
        for _ in range(samples):
            spec.sample_state(view, rng)
    per_sample = (time.perf_counter() - start) / (len(views) * samples)
    deals, rejected = STATS.deals, STATS.rejected
    fresh = [attrs.evolve(v) for v in views]  # new objects: nothing cached
    start = time.perf_counter()
    counted = sum(len(cardrules.inferences(v)) for v in fresh)
    per_derivation = (time.perf_counter() - start) / len(fresh)
    return {
        "sample_us": per_sample * 1e6,
        "derive_us": per_derivation * 1e6,
        "inferences": counted / len(fresh),
        "redrawn": rejected / max(1, deals + rejected),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per game")
    parser.add_argument("--samples", type=int, default=20, help="samples per position")
    parser.add_argument("--game", action="append", help=f"a game text (default: {', '.join(GAMES)})")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.samples < 1:
        parser.error("--positions and --samples must be at least 1")
    print(f"{'game':30s} {'µs/sample':>10s} {'µs/derive':>10s} {'inferences':>11s} {'redrawn':>8s}")
    for text in args.game or GAMES:
        m = measure(text, args.positions, args.samples)
        print(f"{text:30s} {m['sample_us']:10.1f} {m['derive_us']:10.1f} {m['inferences']:11.1f} {m['redrawn']:8.2%}")


if __name__ == "__main__":
    main()
