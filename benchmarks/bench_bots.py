"""Bot strength and speed: win rates with 95% confidence intervals, and moves per second.

For every game on the registry: greedy against random, search and ismcts
against greedy, and ismcts against search, seats rotated so both sides play
every deal; then how many decisions per second each bot makes, over positions
spread evenly over whole matches (every stage of a round and of a match, not
only the first tricks). Strength is measured here, never asserted in a test.

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


def spread_positions(game: cardrules.Game[Any, Any, Any, Any], count: int, matches: int = 12) -> list[tuple[Any, Any]]:
    """
    *count* positions spread evenly over *matches* whole matches of greedy play (so every stage of a
    round and of a match is there, not only the first tricks), each as (observation, legal moves).
    """
    rng = random.Random(1)
    greedy = get_bot("greedy")
    histories: list[list[tuple[Any, Any]]] = []
    for k in range(matches):
        state = game.new_game(seed=1000 + k)
        history: list[tuple[Any, Any]] = []
        while not game.is_over(state):
            seat = game.to_move(state)
            assert seat is not None
            legal = game.legal_moves(state)
            view = game.observe(state, seat)
            history.append((view, legal))
            state = game.apply(state, greedy.choose(view, legal, rng))
        histories.append(history)
    every = [p for h in histories for p in h]
    step = max(1, len(every) // count)
    return every[::step][:count]


def moves_per_second(
    game: cardrules.Game[Any, Any, Any, Any], bot_text: str, seconds: float, positions: list[tuple[Any, Any]]
) -> float:
    """Decisions per second of one bot over *positions* (the bot's time only, CPU time of this process)."""
    rng = random.Random(1)
    bot = get_bot(bot_text)
    n = 0
    spent = 0.0
    while spent < seconds or n < len(positions):
        view, legal = positions[n % len(positions)]
        start = time.process_time()
        bot.choose(view, legal, rng)
        spent += time.process_time() - start
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
    parser.add_argument(
        "--ismcts",
        default="ismcts(iterations=100)",
        help="the information-set search bot's text (default 'ismcts(iterations=100)')",
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
        args.ismcts = "ismcts(iterations=10)"
    executor = concurrent.futures.ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    print(f"Bot strength: win rate of the first bot, 95% Wilson interval; seats rotated; seed {args.seed}")
    try:
        for name in args.games.split(","):
            game = cardrules.get_game(name)
            n = len(game.score(game.new_game(seed=0)).sides)
            for first, second, matches in (
                ("greedy", "random", args.matches),
                (args.search, "greedy", args.search_matches),
                (args.ismcts, "greedy", args.search_matches),
                (args.ismcts, args.search, args.search_matches),
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
    print(
        "Bot speed: decisions per second on one core, CPU time (and milliseconds per decision), over "
        "positions spread evenly over whole matches of greedy play"
    )
    for name in args.games.split(","):
        game = cardrules.get_game(name)
        positions = spread_positions(game, 24 if args.quick else 120, 2 if args.quick else 12)
        for text in ("random", "greedy", args.search, args.ismcts):
            mps = moves_per_second(game, text, 0.3 if args.quick else 2.0, positions)
            print(f"  {name:<16} {text:<24} {mps:12,.1f} {1000 / mps:10.3f} ms")


if __name__ == "__main__":
    main()
