"""The exact solver's speed and node counts by cards left, per game.

For each game it plays random matches to the start of a trick (the trick games) or to a turn with
the stock empty (two-player Mulle) with a given number of cards left in the hands, and solves each
position twice: every move's value with :func:`cardrules.bots.solve` (with lines), and one best move
alone (what ``hard`` asks for where it knows every card: null-window searches, no line). It prints,
per game and cards left: milliseconds of CPU per solve (mean, median, worst: the process's CPU
time, which other work on a shared machine does not inflate as it does the wall clock), nodes per
solve (mean, worst) and nodes per CPU second, then the best move's milliseconds (mean, median,
worst) and nodes (mean, worst).
Mililla and Charlemagne count by tricks left (five tricks: 20 cards in Mililla, 15 or 20 in
Charlemagne as a solo contract leaves one hand out).

Run: ``python benchmarks/solve.py [--positions N] [--game TEXT ...] [--deep] [--left N ...] [--best-only]``
(core install only). ``--deep`` adds a trick more, and two Mulle cards more, than the default's five
tricks and ten cards (eight when fishing, whose captures are many more: ten cards take seconds to
minutes each). ``--left`` measures the given depths instead; ``--best-only`` skips the full solve
(from the moment two-player Mulle's stock empties, 16 cards, it takes minutes; the best move alone
takes seconds).
It prints numbers and asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cardrules
from cardrules.bots import solve
from cardrules.bots._solve import _solver

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


def measure(text: str, unit: str, left: int, count: int, every: bool = True) -> dict[str, float]:
    """Milliseconds and nodes per solve over *count* positions (*every*: every move's value too)."""
    times: list[float] = []
    nodes: list[int] = []
    best: list[float] = []
    best_nodes: list[int] = []
    for state in positions(text, unit, left, count, left):
        if every:
            start = time.process_time()
            solution = solve(state, max_nodes=None)
            times.append(time.process_time() - start)
            nodes.append(solution.nodes)
        start = time.process_time()
        solver = _solver(state, None, None)  # best_move(state, max_nodes=None), with its count of positions
        solver.best(solver.root)
        best.append(time.process_time() - start)
        best_nodes.append(solver.nodes)
    nan = float("nan")
    return {
        "mean_ms": 1000 * statistics.fmean(times) if times else nan,
        "median_ms": 1000 * statistics.median(times) if times else nan,
        "max_ms": 1000 * max(times) if times else nan,
        "mean_nodes": statistics.fmean(nodes) if nodes else nan,
        "max_nodes": max(nodes) if nodes else nan,
        "nodes_per_s": sum(nodes) / sum(times) if times else nan,
        "best_ms": 1000 * statistics.fmean(best),
        "best_median_ms": 1000 * statistics.median(best),
        "best_max_ms": 1000 * max(best),
        "best_nodes": statistics.fmean(best_nodes),
        "best_max_nodes": max(best_nodes),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10, help="positions per game and depth (default 10)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (default: all)")
    parser.add_argument("--deep", action="store_true", help="one trick more (Mulle: two cards more)")
    parser.add_argument("--left", type=int, action="append", help="a depth to measure (default: the game's)")
    parser.add_argument("--best-only", action="store_true", help="only the best move, not every move's value")
    parser.add_argument("--markdown", type=Path, help="write the figures here as a table, for the docs")
    args = parser.parse_args(argv)
    rows: list[str] = []
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    columns = ("CPU ms", "median", "worst", "nodes", "worst", "nodes/s", "best ms", "median", "worst", "nodes", "worst")
    print(f"{'game':15s} {'left':>9s} " + " ".join(f"{c:>9s}" for c in columns))
    for text in args.game or GAMES:
        unit, depths = GAMES[text]
        if args.deep:
            depths = (*depths, depths[-1] + (1 if unit == "tricks" else 2))
        for left in args.left or depths:
            m = measure(text, unit, left, args.positions, not args.best_only)
            print(
                f"{text:15s} {left:>3d} {unit:5s} {m['mean_ms']:9.1f} {m['median_ms']:9.1f} {m['max_ms']:9.1f}"
                f" {m['mean_nodes']:9.0f} {m['max_nodes']:9.0f} {m['nodes_per_s']:9.0f}"
                f" {m['best_ms']:9.1f} {m['best_median_ms']:9.1f} {m['best_max_ms']:9.1f}"
                f" {m['best_nodes']:9.0f} {m['best_max_nodes']:9.0f}",
                flush=True,
            )
            rows.append(
                f"| {text} | {left} {unit} | {_ms(m['mean_ms'])} | {_ms(m['max_ms'])} | {_n(m['mean_nodes'])} | "
                f"{_n(m['nodes_per_s'])} | {_ms(m['best_ms'])} | {_ms(m['best_max_ms'])} | "
                f"{_n(m['best_nodes'])} | {_n(m['best_max_nodes'])} |"
            )
    if args.markdown is not None:
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        command = "python benchmarks/solve.py " + " ".join(argv if argv is not None else sys.argv[1:])
        head = [
            f"Measured {today} with `{command.strip()}`: {args.positions} positions per row, CPU time of one "
            f"process on {platform.machine()} ({platform.processor() or platform.system()}), Python "
            f"{platform.python_version()}, on a machine shared with other work. *Every move*: "
            "`solve`, every move's value with lines; *best move*: one best move alone, as `hard` asks "
            "where it knows every card; – where not measured.",
            "",
            "| game | left | every move, mean ms | worst ms | nodes | nodes/s | best move, mean ms | worst ms "
            "| nodes | worst |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        args.markdown.write_text("\n".join([*head, *rows, ""]), encoding="utf-8")


def _ms(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:,.1f}"


def _n(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:,.0f}"


if __name__ == "__main__":
    main()
