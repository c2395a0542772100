"""Python bytecodes per random decision, by function: where a decision's work goes, machine-free.

Instruction counts (``count_rl.py``, callgrind) say how much a decision costs; this script says
where it goes, in a unit that does not depend on the machine or on what else it is doing: the
number of Python bytecodes executed, traced with ``sys.settrace`` (``f_trace_opcodes``). It plays
the same loop as ``bench_peers.py`` (whole matches of ``legal_moves``, ``sample`` and the spec's
``trusted_apply``, the path the bots and the environments take; each match dealt by ``new_game``),
first for ``--warm`` decisions untraced (so that the caches of moves are as full as in a long run),
then for ``--decisions`` traced, and prints for each game the bytecodes per decision, the functions
that run the most of them, and each game's total against the first game's (the ratio of the first
total to a game's is that game's speed against the first if every bytecode cost the same; in
CPython 3.11 a decision costs 60 to 80 machine instructions a bytecode in every game here).

Run: ``python benchmarks/count_bytecodes.py [--decisions N] [--warm N] [--top K] [--game TEXT ...]``
(core install only). Tracing slows the loop about a hundred times: the defaults take under half a
minute for the four games. It prints numbers and asserts nothing, unless it is given ``--check``.

The guard: ``--check`` compares each game's count with the committed baseline
(``benchmarks/bytecodes_baseline.json``) and exits with status 1 when any game runs more than
3% more bytecodes per decision than its baseline (CI runs it so). The count is the same on every
machine and under any load, so the guard never flakes. The baseline is changed only in a commit
that says why (a rule that costs more, say); cleaner code pays its own way.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import cardrules

GAMES = ("mililla", "charlemagne", "mulle", "mulle/fishing")
BASELINE = Path(__file__).with_name("bytecodes_baseline.json")
TOLERANCE = 0.03
"""How much more than its baseline a game may run, per decision, before ``--check`` fails."""


def count(text: str, decisions: int, warm: int) -> Counter[str]:
    """Bytecodes executed in *decisions* random decisions of *text*, by ``module:function``."""
    game = cardrules.get_game(text)
    spec = game.spec
    legal_moves, apply, is_over = spec.legal_moves, spec.trusted_apply, spec.is_over
    rng = random.Random(1)
    state = game.new_game(seed=rng.getrandbits(63))

    def play(n: int) -> None:
        nonlocal state
        for _ in range(n):
            if is_over(state):
                state = game.new_game(seed=rng.getrandbits(63))
            state = apply(state, legal_moves(state).sample(rng))

    by_function: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code is play.__code__:
            return None  # the loop itself is not counted, only what it calls
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            by_function[f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"] += 1
        return trace

    play(warm)
    before = sys.gettrace()  # a coverage or debugger tracer, put back afterwards
    sys.settrace(trace)
    try:
        play(decisions)
    finally:
        sys.settrace(before)
    return by_function


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=3000, help="traced decisions per game")
    parser.add_argument("--warm", type=int, default=3000, help="untraced decisions first, per game")
    parser.add_argument("--top", type=int, default=15, help="functions listed per game")
    parser.add_argument("--game", action="append", help=f"a game text (default: {', '.join(GAMES)})")
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 if a game runs over {TOLERANCE:.0%} more than {BASELINE.name}"
    )
    args = parser.parse_args(argv)
    if args.decisions < 1 or args.warm < 0 or args.top < 0:
        parser.error("--decisions must be at least 1, --warm and --top at least 0")
    totals: dict[str, float] = {}
    for text in args.game or GAMES:
        by_function = count(text, args.decisions, args.warm)
        total = sum(by_function.values()) / args.decisions
        totals[text] = total
        print(f"{text}: {total:,.0f} bytecodes per decision ({args.decisions:,} decisions after {args.warm:,})")
        for name, n in by_function.most_common(args.top):
            print(f"  {n / args.decisions:8.1f}  {100 * n / args.decisions / total:5.1f}%  {name}")
    first, base = next(iter(totals.items()))
    print(f"\nagainst {first} (its bytecodes per decision / the game's):")
    for text, total in totals.items():
        print(f"  {text:20s} {base / total:5.2f}")
    if args.check:
        sys.exit(check(totals))


def check(totals: dict[str, float]) -> int:
    """Each game's count against the baseline, printed; 1 if any is over the tolerance, else 0."""
    baseline: dict[str, float] = json.loads(BASELINE.read_text(encoding="utf-8"))["bytecodes_per_decision"]
    print(f"\nthe guard (at most {TOLERANCE:.0%} over {BASELINE.name}):")
    over = []
    for text, total in totals.items():
        if text not in baseline:
            print(f"  {text:20s} {total:8,.0f}  (no baseline)")
            continue
        ratio = total / baseline[text]
        verdict = "OVER" if ratio > 1 + TOLERANCE else "ok"
        print(f"  {text:20s} {total:8,.0f}  baseline {baseline[text]:8,.0f}  {ratio - 1:+6.1%}  {verdict}")
        if verdict == "OVER":
            over.append(text)
    return 1 if over else 0


if __name__ == "__main__":
    main()
