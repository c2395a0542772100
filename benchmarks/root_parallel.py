"""Root-parallel search (``cardrules.bots.parallel``) against the same search in one process.

Two measurements, printed, asserting nothing:

* **strength at an equal budget per worker** (machine-free: budgets in iterations, no clock):
  ``parallel(search(iterations=N), workers=W)`` against ``search(iterations=N)`` and against
  ``search(iterations=W*N)``, over single rounds (``single_round=true``; Mulle ``target=0``),
  every deal played from both sides. Against the first it shows what W times the deals buys;
  against the second, whether merging W separate searches loses anything to one search of the
  same total.
* **time**: the wall time per decision and the imagined deals per decision of both, with a
  time budget (``--seconds``), on this machine as it is loaded now (the load average is printed):
  with W free cores the parallel bot searches about W times the deals in the same time.

Run, e.g.::

    python benchmarks/root_parallel.py mililla --rounds 100 --iterations 60
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from duel import single_round

from cardrules import get_game
from cardrules.bots import Bot, SearchBot, parallel, play_match, wilson_interval


def duel(game_text: str, ours: Bot, theirs: Bot, rounds: int, seed: int) -> tuple[int, int]:
    """Wins of *ours* over *rounds* single rounds (each deal from both sides), and the rounds played."""
    game = get_game(game_text)
    sides = len(game.score(game.new_game(seed=0)).sides)
    wins = played = 0
    for i in range(rounds // 2):
        for ours_at in (0, 1):
            bots = [theirs] * sides
            bots[ours_at] = ours
            outcome = play_match(game, bots, seed=seed + i)
            wins += outcome.winner == ours_at
            played += 1
    return wins, played


def timing(game_text: str, bot: Any, decisions: int, seed: int) -> tuple[float, float]:
    """Mean seconds and imagined deals (the greedy move's visits) per searched decision, over random play."""
    game = get_game(game_text)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    spent = deals = 0.0
    done = 0
    while done < decisions:
        if game.is_over(state):
            state = game.new_game(seed=rng.getrandbits(32))
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state)
        start = time.perf_counter()
        ranked = bot.rank(game.observe(state, seat), legal, rng)
        if len(ranked) > 1:  # a forced move is not searched
            spent += time.perf_counter() - start
            deals += max(c.visits for c in ranked)
            done += 1
        state = game.apply(state, legal.sample(rng))
    return spent / decisions, deals / decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="mililla, charlemagne, mulle, or a full ruleset text")
    parser.add_argument("--rounds", type=int, default=100, help="rounds per pairing; even (default 100)")
    parser.add_argument("--iterations", type=int, default=60, help="each worker's iterations (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seconds", type=float, default=0.05, help="time budget for the timing (default 0.05)")
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed (default 40)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = single_round(args.game)
    n, w = args.iterations, args.workers
    print(f"{game}: {w} workers; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    with parallel(SearchBot(iterations=n), workers=w) as spread:
        for label, other in (
            (f"search(iterations={n})", SearchBot(iterations=n)),
            (f"search(iterations={w * n})", SearchBot(iterations=w * n)),
        ):
            start = time.perf_counter()
            wins, played = duel(game, spread, other, args.rounds, args.seed)
            low, high = wilson_interval(wins, played)
            print(
                f"  {spread} vs {label}: won {wins} of {played} ({100 * wins / max(1, played):.1f}%, "
                f"95% CI {100 * low:.1f}-{100 * high:.1f}%); {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    budget = SearchBot(iterations=100_000, seconds=args.seconds)
    alone = timing(game, budget, args.decisions, args.seed)
    with parallel(budget, workers=w) as spread_timed:
        timing(game, spread_timed, 2, args.seed + 1)  # the processes start on first use: not timed
        together = timing(game, spread_timed, args.decisions, args.seed)
    print(
        f"  at {args.seconds * 1000:.0f} ms a decision: one process {alone[0] * 1000:.1f} ms and {alone[1]:.0f} deals; "
        f"{w} workers {together[0] * 1000:.1f} ms and {together[1]:.0f} deals (the deals of all workers)",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
