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
import datetime
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
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


def time_one(game_text: str, bot_text: str, count: int) -> float:
    """CPU seconds *bot_text* takes for its decisions at *count* spread positions of *game_text*."""
    game = cardrules.get_game(game_text)
    positions = spread_positions(game, count, 6)
    bot = get_bot(bot_text)
    rng = random.Random(7)
    start = time.process_time()
    for view, legal in positions:
        bot.choose(view, legal, rng)
    return time.process_time() - start


def compare(against: Path, games: list[str], bot_text: str, count: int, blocks: int) -> list[tuple[str, float]]:
    """
    Time *bot_text* here and in the checkout *against* (its ``src``), in separate processes taking
    turns, *blocks* times (the order swapped every block); the ratio of their CPU times per block, and
    the median. Prints a line per game and returns (game, median ratio) pairs.
    """
    here = Path(__file__).resolve().parent.parent / "src"
    out = []
    for name in games:
        ratios = []
        for block in range(blocks):
            times: dict[str, float] = {}
            for side in ("base", "here") if block % 2 == 0 else ("here", "base"):
                src = here if side == "here" else against / "src"
                env = {**os.environ, "PYTHONPATH": str(src)}
                cmd = [sys.executable, __file__, "--time-one", name, bot_text, str(count)]
                times[side] = float(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
            ratios.append(times["base"] / times["here"])
        median = statistics.median(ratios)
        shown = " ".join(f"{r:.2f}" for r in ratios)
        print(f"  {name:<16} {bot_text}: {median:.2f}x as many decisions per second (per block: {shown})")
        out.append((name, median))
    return out


def main() -> None:
    """Print the figures."""
    if len(sys.argv) == 5 and sys.argv[1] == "--time-one":  # a worker of --against
        print(time_one(sys.argv[2], sys.argv[3], int(sys.argv[4])))
        return
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
    parser.add_argument(
        "--against",
        type=Path,
        help="a checkout of an older commit: compare the search bot's speed with it, then stop",
    )
    parser.add_argument("--blocks", type=int, default=6, help="turns each for --against (default 6)")
    parser.add_argument("--markdown", type=Path, help="also write the figures as dated Markdown tables here")
    parser.add_argument("--speed-only", action="store_true", help="the speed figures only, no matches")
    args = parser.parse_args()
    strength_rows: list[str] = []
    speed_rows: list[str] = []
    if args.against is not None:
        print(
            f"Search speed against {args.against}: CPU time over {60 if args.quick else 120} spread positions, "
            "separate processes taking turns, ratio per block (older / this)"
        )
        compare(args.against, args.games.split(","), args.search, 60 if args.quick else 120, args.blocks)
        return
    if args.quick:
        args.matches, args.search_matches = 8, 4
        args.search = "search(iterations=10)"
        args.ismcts = "ismcts(iterations=10)"
    if args.speed_only:
        args.matches = args.search_matches = 0
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
                strength_rows.append(
                    f"| {name} | {first} | {second} | {r.wins}/{matches} | {100 * r.win_rate:.1f}% "
                    f"| {100 * r.low:.1f}-{100 * r.high:.1f}% |"
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
            speed_rows.append(f"| {name} | {text} | {mps:,.1f} | {1000 / mps:.3f} |")
    if args.markdown is not None:
        write_markdown(args.markdown, strength_rows, speed_rows, args.seed)


def write_markdown(path: Path, strength: list[str], speed: list[str], seed: int) -> None:
    """The dated tables of the performance page's bot section."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    flags = " --speed-only" if not strength else ""
    lines = [f"Measured {datetime.date.today().isoformat()} by `python benchmarks/bench_bots.py{flags}` "]
    lines[0] += f"(load average {load:.1f} on {os.cpu_count()} cores at the end)."
    if strength:
        lines += [
            "",
            f"Strength: win rate of the first bot, 95% Wilson interval, seats rotated, seed {seed}.",
            "",
            "| game | bot | against | wins | win rate | 95% interval |",
            "|---|---|---|---|---|---|",
            *strength,
        ]
    lines += [
        "",
        "Speed: decisions per second on one core (CPU time), over positions spread evenly over whole "
        "matches of greedy play.",
        "",
        "| game | bot | decisions per second | ms per decision |",
        "|---|---|---|---|",
        *speed,
        "",
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
