"""Bot strength and speed: win rates with 95% confidence intervals, and moves per second.

For every game on the registry: greedy against random and search against
greedy, seats rotated so both sides play every deal; then how many decisions
per second each bot makes. Strength is measured here, never asserted in a test.

Run: ``python benchmarks/bench_bots.py`` (or ``nox -s bench``); ``--quick`` for
a smoke run, ``--workers K`` to use K processes. Prints numbers; asserts nothing.

Mulle's rounds are long (96 moves in the building game, 99 fishing), so the
search bot takes seconds per match there; the default list plays Mulle's
single-round building game (``mulle(target=0)``) and the fishing game to 16.
``--games mulle`` plays whole matches to 100. ``--search-matches 0`` skips
the search bot's matches.

Search against greedy is close in Mulle's building game (a single round is
mostly the deal): a few hundred matches are needed there for an interval
that clears 50%, e.g. ``--games 'mulle(target=0)' --search-matches 300
--matches 0 --workers 2`` (about a quarter of an hour on two cores).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import time
from typing import Any

import cardrules
from cardrules.bots import get_bot, simulate


def moves_per_second(game: cardrules.Game[Any, Any, Any, Any], bot_text: str, seconds: float) -> float:
    """Decisions per second of one bot over positions of random play (the bot's time only)."""
    rng = random.Random(1)
    positions: list[tuple[Any, Any]] = []
    state = game.new_game(seed=1)
    while len(positions) < 300:
        if game.is_over(state):
            state = game.new_game(seed=rng.getrandbits(32))
        seat = game.to_move(state)
        assert seat is not None
        positions.append((game.observe(state, seat), game.legal_moves(state)))
        state = game.apply(state, game.legal_moves(state).sample(rng))
    bot = get_bot(bot_text)
    n = 0
    spent = 0.0
    while spent < seconds:
        view, legal = positions[n % len(positions)]
        start = time.perf_counter()
        bot.choose(view, legal, rng)
        spent += time.perf_counter() - start
        n += 1
    return n / spent


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description="Bot strength and speed.")
    parser.add_argument("--matches", type=int, default=400, help="greedy-random matches per game (default 400)")
    parser.add_argument("--search-matches", type=int, default=100, help="search-greedy matches per game (default 100)")
    parser.add_argument(
        "--search",
        default="search(iterations=100)",
        help="the search bot's text (default 'search(iterations=100)')",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=2026)
    games = [name for name in cardrules.game_names() if name != "mulle"] + ["mulle(target=0)", "mulle/fishing"]
    parser.add_argument(
        "--games",
        default=",".join(games),
        help=f"ruleset texts, comma-separated, no comma inside one (default {','.join(games)})",
    )
    parser.add_argument("--quick", action="store_true", help="a few matches only, to check the script runs")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.search_matches = 8, 4
        args.search = "search(iterations=10)"
    executor = concurrent.futures.ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    print(f"Bot strength: win rate of the first bot, 95% Wilson interval; seats rotated; seed {args.seed}")
    try:
        for name in args.games.split(","):
            game = cardrules.get_game(name)
            n = len(game.score(game.new_game(seed=0)).sides)
            for first, second, matches in (
                ("greedy", "random", args.matches),
                (args.search, "greedy", args.search_matches),
            ):
                matches -= matches % n
                if matches <= 0:
                    continue
                start = time.perf_counter()
                bots = [first, *[second] * (n - 1)]
                result = simulate(game, bots, matches, seed=args.seed, executor=executor)
                elapsed = time.perf_counter() - start
                r = result.results[0]
                others = sum(o.mean_points for o in result.results[1:]) / (n - 1)
                print(
                    f"  {name:<12} {first} vs {second}: {r.wins}/{matches} = {100 * r.win_rate:.1f}% "
                    f"(95% CI {100 * r.low:.1f}-{100 * r.high:.1f}%); mean points {r.mean_points:.1f} "
                    f"vs {others:.1f}; {elapsed:.0f} s"
                )
    finally:
        if executor is not None:
            executor.shutdown()
    print("Bot speed: decisions per second on one core (and milliseconds per decision)")
    for name in args.games.split(","):
        game = cardrules.get_game(name)
        for text in ("random", "greedy", args.search):
            mps = moves_per_second(game, text, 0.3 if args.quick else 2.0)
            print(f"  {name:<16} {text:<24} {mps:12,.1f} {1000 / mps:10.3f} ms")


if __name__ == "__main__":
    main()
