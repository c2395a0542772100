"""
Mulle benchmark: random play speed for each preset (next to Mililla's, issue 8's yardstick), and
the lazy legal-move operations on adversarial tables, by table size.

Run: ``python benchmarks/bench_mulle.py [--quick]``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import itertools
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable

import attrs

from cardrules import DOUBLE_FRENCH_PACK, Card, mililla, mulle
from cardrules.mulle import BUILDING, FISHING, MulleRuleset, State
from cardrules.mulle._cards import _sorted
from cardrules.mulle._families import _SPACES, _Captures

BUDGET = 3.0  # seconds for one exact count (len) at most
FIRST = 1000  # moves taken from the start of the iteration
SIZES = (8, 16, 24, 32, 40, 48, 60)
# hands of cards that are not on any adversarial table, with the hardest values (ace 14/1, 16, 13...)
HANDS = {"building": "AH 10D 9D 8C JC QC KC 10C", "fishing": "AH 9D 10C 8C KC"}


def rounds_per_second(rules: MulleRuleset, seconds: float = 3.0) -> tuple[float, float]:
    """Random full rounds (play by ``legal_moves(s).sample(rng)`` + ``apply``) per second, and decisions per second."""
    rng = random.Random(1)
    rounds = moves = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        s = mulle.new_game(rules, seed=seed)
        seed += 1
        first = s.round_no
        while s.round_no == first and not mulle.is_over(s):
            s = mulle.apply(s, mulle.legal_moves(s).sample(rng))
            moves += 1
        rounds += 1
    took = time.perf_counter() - start
    return rounds / took, moves / took


def mililla_decisions_per_second(seconds: float = 3.0) -> float:
    """Mililla random play decisions per second, measured the same way."""
    rng = random.Random(1)
    moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = mililla.new_game(seed=seed)
        seed += 1
        first = s.round_no
        while s.round_no == first and not mililla.is_over(s):
            s = mililla.apply(s, mililla.legal_moves(s).sample(rng))
            moves += 1
    return moves / (time.perf_counter() - start)


def adversarial_table(size: int) -> tuple[Card, ...]:
    """*size* loose cards of the smallest values, aces excluded (many equal sums); then 8s to kings."""
    small = sorted((c for c in DOUBLE_FRENCH_PACK.cards if 2 <= c.rank.pips <= 7), key=lambda c: c.rank.pips)
    more = [c for c in DOUBLE_FRENCH_PACK.cards if c.rank.pips >= 8]
    return _sorted((small + more)[:size])


def position(rules: MulleRuleset, table: tuple[Card, ...], hand: str) -> State:
    """Seat 0 to play *hand* at *table*; seat 1 holds one card, the rest is the stock."""
    base = mulle.new_game(rules, seed=0, dealer=1)
    hand_cards = tuple(Card.parse(t) for t in hand.split())
    rest = Counter(DOUBLE_FRENCH_PACK.cards)
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
    _SPACES.clear()
    rng = random.Random(size)
    t_create = ms(lambda: mulle.legal_moves(s))
    moves = mulle.legal_moves(s)
    t_bool = ms(lambda: bool(moves))
    t_sample = max(ms(lambda: moves.sample(rng)) for _ in range(20))
    move = moves.sample(random.Random(0))
    moves.sample(rng)  # apply trusts only the move sample drew last: time apply with its check
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
    # the slowest family to start: time to the first capture of each (card, value), on a cold cache
    _SPACES.clear()
    worst = 0.0
    for fam in moves._families:
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
    quick = "--quick" in sys.argv
    seconds = 1.0 if quick else 3.0
    base = mililla_decisions_per_second(seconds)
    print(f"mililla: {base:,.0f} decisions per second (random play, same method)")
    for rules in (BUILDING, FISHING):
        rps, dps = rounds_per_second(rules, seconds)
        print(
            f"mulle {rules.style}: {rps:,.0f} random full rounds per second, {dps:,.0f} decisions per second "
            f"(Mililla / Mulle = {base / dps:.2f})"
        )
    sizes = SIZES[:4] if quick else SIZES
    for rules in (BUILDING, FISHING):
        table_figures(rules, sizes)


if __name__ == "__main__":
    main()
