"""The exact solver's speed and node counts by cards left, per game.

For each game it plays random matches to the start of a trick (the trick games) or to a turn with
the stock empty (two-player Mulle) with a given number of cards left in the hands, and solves each
position with :func:`cardrules.bots.solve` (every move's value, with lines). It prints, per game and
cards left: milliseconds of CPU per solve (mean, median, worst: the process's CPU time, which other
work on a shared machine does not inflate as it does the wall clock), nodes per solve (mean, worst)
and nodes per CPU second. Mililla and Charlemagne count by tricks left (five tricks: 20 cards
in Mililla, 15 or 20 in Charlemagne as a solo contract leaves one hand out).

Run: ``python benchmarks/solve.py [--positions N] [--game TEXT ...] [--deep]`` (core install only).
``--deep`` adds a trick more, and two Mulle cards more, than the default's five tricks and ten cards
(eight when fishing, whose captures are many more: ten cards take seconds to minutes each).
It prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import cardrules
from cardrules.bots import solve

# game text -> (how positions are counted, the depths measured by default)
GAMES: dict[str, tuple[str, tuple[int, ...]]] = {
    "mililla": ("tricks", (1, 2, 3, 4, 5)),
    "charlemagne": ("tricks", (1, 2, 3, 4, 5)),
    "mulle": ("cards", (2, 4, 6, 8, 10)),
    "mulle/fishing": ("cards", (2, 4, 6, 8)),
}


def positions(text: str, unit: str, left: int, count: int, seed: int) -> list[Any]:
    """*count* states of *text* with *left* tricks (at a trick's start) or cards (stock empty) left."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_game(seed=rng.getrandbits(63))
        while not game.is_over(state) and state.round_no == 0:
            if unit == "tricks":
                ready = state.phase == "play" if hasattr(state, "phase") else True
                if ready and not state.trick and max(map(len, state.hands)) == left:
                    out.append(state)
                    break
            elif not state.stock and sum(map(len, state.hands)) == left:
                out.append(state)
                break
            state = game.apply(state, game.legal_moves(state).sample(rng))
    return out


def measure(text: str, unit: str, left: int, count: int) -> dict[str, float]:
    """Milliseconds and nodes per solve over *count* positions."""
    times: list[float] = []
    nodes: list[int] = []
    for state in positions(text, unit, left, count, left):
        start = time.process_time()
        solution = solve(state, max_nodes=None)
        times.append(time.process_time() - start)
        nodes.append(solution.nodes)
    return {
        "mean_ms": 1000 * statistics.fmean(times),
        "median_ms": 1000 * statistics.median(times),
        "max_ms": 1000 * max(times),
        "mean_nodes": statistics.fmean(nodes),
        "max_nodes": max(nodes),
        "nodes_per_s": sum(nodes) / sum(times),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10, help="positions per game and depth (default 10)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (default: all)")
    parser.add_argument("--deep", action="store_true", help="one trick more (Mulle: two cards more)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    columns = ("CPU ms", "median", "worst", "nodes", "worst", "nodes/s")
    print(f"{'game':15s} {'left':>9s} " + " ".join(f"{c:>9s}" for c in columns))
    for text in args.game or GAMES:
        unit, depths = GAMES[text]
        if args.deep:
            depths = (*depths, depths[-1] + (1 if unit == "tricks" else 2))
        for left in depths:
            m = measure(text, unit, left, args.positions)
            print(
                f"{text:15s} {left:>3d} {unit:5s} {m['mean_ms']:9.1f} {m['median_ms']:9.1f} {m['max_ms']:9.1f}"
                f" {m['mean_nodes']:9.0f} {m['max_nodes']:9.0f} {m['nodes_per_s']:9.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
