"""Does reading what the play proves make the search bots stronger? Search with it against the same search without.

``python benchmarks/ab_voids.py [--game TEXT] [--bot TEXT] [--matches N] [--workers W]`` plays
*N* matches of *TEXT* (default ``mililla(single_round=true)``) between two copies of the bot
*TEXT* (default ``search(iterations=100)``): one samples hidden hands agreeing with everything
the round's public history proves (``inferences``: voids, the duties to beat and trump, a Mulle
build's owner's card; what the library does), the other with it ignored (uniform deals of the
unseen cards, as before the inference-aware sampling). Match ``k`` uses the deal of match ``k - k % 2`` with
the sides swapped on the odd one, so each deal is played from both sides. It prints each side's
wins with a Wilson 95% interval, and the CPU time per decision of each, to show whether the
strength comes at the same cost. It asserts nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import sys
import time
from typing import Any

import cardrules
from cardrules.bots import get_bot, play_match, wilson_interval

_BLIND: dict[str, Any] = {
    "inferences": lambda observation: (),
}
"""What a blind bot's sampler reads instead: nothing proved by the play."""


class _Timed:
    """A bot that counts its decisions and their CPU time; *blind* hides the voids from its sampler."""

    def __init__(self, text: str, game: str, blind: bool) -> None:
        self.bot = get_bot(text)
        self.sampler = importlib.import_module(f"cardrules.{game}._sample")
        self.blind = blind
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, observation: Any, legal_moves: Any, rng: Any) -> Any:
        start = time.process_time()
        # The sampler's functions that read what the play proves, swapped for a while when blind.
        kept = {name: getattr(self.sampler, name) for name in _BLIND if hasattr(self.sampler, name)}
        if self.blind:
            for name in kept:
                setattr(self.sampler, name, _BLIND[name])
        try:
            return self.bot.choose(observation, legal_moves, rng)
        finally:
            for name, function in kept.items():
                setattr(self.sampler, name, function)
            self.decisions += 1
            self.seconds += time.process_time() - start


def _one(args: tuple[str, str, int]) -> tuple[bool, int, float, int, float]:
    """Match *k*: (whether the void-aware bot won, its decisions and CPU s, the blind bot's)."""
    text, bot, k = args
    game = cardrules.get_game(text)
    aware, blind = _Timed(bot, game.spec.name, False), _Timed(bot, game.spec.name, True)
    bots = [aware, blind] if k % 2 == 0 else [blind, aware]
    outcome = play_match(game, bots, seed=k - k % 2)
    won = outcome.winner == (0 if k % 2 == 0 else 1)
    return won, aware.decisions, aware.seconds, blind.decisions, blind.seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mililla(single_round=true)")
    parser.add_argument("--bot", default="search(iterations=100)")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--workers", type=int, default=1)
    ns = parser.parse_args(argv)
    jobs = [(ns.game, ns.bot, k) for k in range(ns.matches)]
    totals = [0, 0, 0.0, 0, 0.0]
    start = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(ns.workers) as pool:
        for i, result in enumerate(pool.map(_one, jobs, chunksize=4), 1):
            totals[0] += result[0]
            for j in range(1, 5):
                totals[j] += result[j]
            if i % 20 == 0 or i == ns.matches:
                print(f"  {i}/{ns.matches} matches, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    wins = int(totals[0])
    n = ns.matches
    print(f"{ns.game}, {ns.bot}, {n} matches (each deal from both sides)")
    for label, w, d, s in (
        ("with the voids", wins, totals[1], totals[2]),
        ("voids ignored", n - wins, totals[3], totals[4]),
    ):
        low, high = wilson_interval(int(w), n)
        print(
            f"  {label:15s} won {int(w):4d} ({w / n:.1%}, 95% interval {low:.1%} to {high:.1%}), "
            f"{1000 * s / max(d, 1):.1f} ms CPU per decision"
        )


if __name__ == "__main__":
    main()
