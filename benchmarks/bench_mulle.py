"""
Mulle benchmark: random play speed for each preset, interleaved with Mililla's (the yardstick),
and the lazy legal-move operations on adversarial tables, by table size.

Run: ``python benchmarks/bench_mulle.py [--quick] [--markdown docs/perf/mulle.md]``. Random play
is measured in blocks: each engine (Mililla, then Mulle's presets with each sampler) plays one
slice of CPU time per block, in one process, and each block gives the ratio of each engine's rate
to Mililla's. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import platform
import random
import signal
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from cardrules import Card, mililla, mulle
from cardrules.mulle import BUILDING, FISHING, MulleRuleset, State
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._cards import _sorted
from cardrules.mulle._families import _Captures

CHUNK = 50  # decisions between two looks at the clock
BUDGET = 3.0  # seconds for one exact count (len) at most
FIRST = 1000  # moves taken from the start of the iteration
SIZES = (8, 16, 24, 32, 40, 48, 60)
# hands of cards that are not on any adversarial table, with the hardest values (ace 14/1, 16, 13...)
HANDS = {"building": "AH 10D 9D 8C JC QC KC 10C", "fishing": "AH 9D 10C 8C KC"}


@attrs.define
class Player:
    """
    Random play of one engine, continued from slice to slice: whole matches, one after another,
    each decision ``legal_moves`` + *pick* + ``apply`` (dealing and scoring included).
    """

    label: str
    game: Any  # the game module: mililla or mulle
    rules: Any
    pick: Callable[[Any, random.Random], Any]
    rng: random.Random = attrs.field(factory=lambda: random.Random(1))
    seed: int = 0
    state: Any = None

    def run(self, seconds: float) -> tuple[int, float]:
        """Play for about *seconds* of CPU time: the decisions made and the CPU time they took."""
        game, pick, rng = self.game, self.pick, self.rng
        s = self.state
        decisions = 0
        start = time.process_time()
        end = start + seconds
        while True:
            for _ in range(CHUNK):
                if s is None or game.is_over(s):
                    s = game.new_game(self.rules, seed=self.seed)
                    self.seed += 1
                s = game.apply(s, pick(game.legal_moves(s), rng))
            decisions += CHUNK
            now = time.process_time()
            if now >= end:
                self.state = s
                return decisions, now - start


def _family(moves: Any, rng: random.Random) -> Any:
    return moves.sample(rng)


def _choice(moves: Any, rng: random.Random) -> Any:
    return rng.choice(moves)


def players() -> list[Player]:
    """Mililla first (the yardstick), then Mulle's presets with each way of drawing a random move."""
    return [
        Player("Mililla, `sample`", mililla, mililla.STANDARD, _family),
        Player("Mulle building, `sample` (one family uniformly)", mulle, BUILDING, _family),
        Player("Mulle fishing, `sample` (one family uniformly)", mulle, FISHING, _family),
        Player("Mulle building, `random.choice(moves)` (one move uniformly)", mulle, BUILDING, _choice),
        Player("Mulle fishing, `random.choice(moves)` (one move uniformly)", mulle, FISHING, _choice),
    ]


@attrs.frozen
class Figure:
    label: str
    rate: float  # median decisions per second over the blocks
    ratio: float  # median over the blocks of this engine's rate / Mililla's in the same block
    low: float
    high: float


def interleaved(blocks: int, seconds: float) -> list[Figure]:
    """
    Every engine plays one CPU-time slice of *seconds* per block, in an order rotated from block to
    block; each block gives each engine's rate and its ratio to Mililla's rate in that block, so
    that a noisy moment of the machine falls on one block, not on one engine.
    """
    runners = players()
    for p in runners:  # warm up: imports, caches, the first deal
        p.run(0.05)
    rates: list[list[float]] = [[] for _ in runners]
    for b in range(blocks):
        order = list(range(len(runners)))
        k = b % len(order)
        for i in order[k:] + order[:k]:
            n, took = runners[i].run(seconds)
            rates[i].append(n / took)
    base = rates[0]
    out = []
    for p, r in zip(runners, rates, strict=True):
        ratios = [x / y for x, y in zip(r, base, strict=True)]
        out.append(Figure(p.label, statistics.median(r), statistics.median(ratios), min(ratios), max(ratios)))
    return out


def markdown(figures: list[Figure], blocks: int, seconds: float) -> str:
    """The figures as the dated table of ``docs/perf/mulle.md``."""
    today = datetime.datetime.now(datetime.UTC).strftime("%-d %B %Y")
    lines = [
        f"Random play, measured {today} with CPython {platform.python_version()}: "
        f"`python benchmarks/bench_mulle.py --markdown docs/perf/mulle.md`, {blocks} blocks, each "
        f"engine playing one slice of {seconds} s of CPU time per block in one process; the ratio to "
        "Mililla is computed in each block, and the table gives the median and the range over the blocks.",
        "",
        "| engine and sampler | decisions per second | / Mililla | range over the blocks |",
        "|---|---:|---:|---|",
    ]
    for f in figures:
        lines.append(f"| {f.label} | {f.rate:,.0f} | {f.ratio:.2f} | {f.low:.2f} to {f.high:.2f} |")
    return "\n".join(lines) + "\n"


def adversarial_table(size: int) -> tuple[Card, ...]:
    """*size* loose cards of the smallest values, aces excluded (many equal sums); then 8s to kings."""
    small = sorted((c for c in MULLE_PACK.cards if 2 <= c.rank.pips <= 7), key=lambda c: c.rank.pips)
    more = [c for c in MULLE_PACK.cards if c.rank.pips >= 8]
    return _sorted((small + more)[:size])


def position(rules: MulleRuleset, table: tuple[Card, ...], hand: str) -> State:
    """Seat 0 to play *hand* at *table*; seat 1 holds one card, the rest is the stock."""
    base = mulle.new_game(rules, seed=0, dealer=1)
    hand_cards = tuple(Card.parse(t) for t in hand.split())
    rest = Counter(MULLE_PACK.cards)
    rest.subtract(Counter(table) + Counter(hand_cards))
    assert min(rest.values()) >= 0, "a card is used more than twice"
    other = _sorted(list((+rest).elements())[:1])
    rest.subtract(Counter(other))
    return attrs.evolve(
        base, hands=(_sorted(hand_cards), other), table=table, stock=_sorted(list((+rest).elements())), to_play=0
    )


def ms(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def table_figures(rules: MulleRuleset, sizes: tuple[int, ...]) -> None:
    hand = HANDS[rules.style]
    print(f"\n{rules.style}: hand {hand}; adversarial tables; times in ms, first calls on a cold cache")
    print(
        f"{'cards':>5} {'create':>7} {'bool':>6} {'in':>6} {'sample':>7} {'check':>6} {'apply':>6} "
        f"{'1st move':>8} {'us/move':>8} {'worst 1st':>9} {'len':>8} {'moves':>22}"
    )
    for size in sizes:
        _row(rules, size, hand)
    print(
        f"(sample: the slowest of 20 draws; us/move: the first {FIRST:,} moves of the iteration; "
        "worst 1st: the slowest capture family to yield its first move)"
    )


def _row(rules: MulleRuleset, size: int, hand: str) -> None:
    s = position(rules, adversarial_table(size), hand)
    rng = random.Random(size)
    t_create = ms(lambda: mulle.legal_moves(s))
    moves = mulle.legal_moves(s)
    t_bool = ms(lambda: bool(moves))
    t_sample = max(ms(lambda: moves.sample(rng)) for _ in range(20))
    move = moves.sample(random.Random(0))
    t_in = ms(lambda: move in moves)
    t_check = ms(lambda: mulle.check_move(s, move))
    t_apply = ms(lambda: mulle.apply(s, move))
    # iteration: streams without counting
    start = time.perf_counter()
    it = iter(moves)
    next(it)
    t_first = (time.perf_counter() - start) * 1000
    produced = 1 + sum(1 for _ in itertools.islice(it, FIRST - 1))
    per = (time.perf_counter() - start) * 1e6 / produced
    # the slowest family to start: time to the first capture of each (card, value), each family new
    worst = 0.0
    for fam in mulle.legal_moves(s)._families:
        if isinstance(fam, _Captures):
            worst = max(worst, ms(lambda fam=fam: next(iter(fam.space))))  # type: ignore[misc]
    # len: the exact count, given a time budget
    start = time.perf_counter()
    n: int | None
    try:
        n = _bounded_len(moves, BUDGET)
    except TimeoutError:
        n = None
    t_len = (time.perf_counter() - start) * 1000
    shown = f"{n:,}" if n is not None else f"> {BUDGET:.0f} s to count"
    len_text = f"{t_len:8.1f}" if n is not None else f"{'-':>8}"
    print(
        f"{size:>5} {t_create:>7.2f} {t_bool:>6.3f} {t_in:>6.2f} {t_sample:>7.2f} {t_check:>6.2f} {t_apply:>6.2f} "
        f"{t_first:>8.2f} {per:>8.1f} {worst:>9.1f} {len_text} {shown:>22}"
    )


def _bounded_len(moves: mulle.MulleMoves, budget: float) -> int:
    def stop(_sig: int, _frame: object) -> None:
        raise TimeoutError

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return len(moves)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few short blocks and the small tables only")
    parser.add_argument("--blocks", type=int, help="blocks of interleaved slices (default 15, quick 4)")
    parser.add_argument("--slice", type=float, default=0.3, help="CPU seconds per engine and block (default 0.3)")
    parser.add_argument("--markdown", metavar="PATH", help="also write the random-play table to PATH")
    parser.add_argument("--no-tables", action="store_true", help="random play only, no adversarial tables")
    args = parser.parse_args()
    blocks = args.blocks or (4 if args.quick else 15)
    figures = interleaved(blocks, args.slice)
    print(f"random play, {blocks} blocks of {args.slice} s CPU slices per engine, ratios to Mililla per block")
    width = max(len(f.label) for f in figures)
    for f in figures:
        print(f"{f.label:<{width}} {f.rate:>10,.0f}/s  / Mililla {f.ratio:.2f} ({f.low:.2f} to {f.high:.2f})")
    if args.markdown:
        Path(args.markdown).write_text(markdown(figures, blocks, args.slice), encoding="utf-8")
        print(f"wrote {args.markdown}")
    if args.no_tables:
        return
    sizes = SIZES[:4] if args.quick else SIZES
    for rules in (BUILDING, FISHING):
        table_figures(rules, sizes)


if __name__ == "__main__":
    main()
