"""
Mulle benchmark: random full rounds per second for each preset, and the
lazy legal-move operations on adversarial tables, by table size.

Run: ``python benchmarks/bench_mulle.py``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import islice

import attrs

from cardrules import DOUBLE_FRENCH_PACK, Card, mulle
from cardrules.mulle import BUILDING, FISHING, MulleRuleset, State
from cardrules.mulle._game import _SPACES, _sorted

BUDGET = 5.0  # seconds for one full enumeration at most


def rounds_per_second(rules: MulleRuleset, seconds: float = 3.0) -> tuple[float, float]:
    """Random rounds (play by ``sample``) per second, and moves per second."""
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


def adversarial_table(size: int) -> tuple[Card, ...]:
    """*size* loose cards of the smallest values (aces excluded so the ace hand card is free)."""
    small = sorted((c for c in DOUBLE_FRENCH_PACK.cards if 2 <= c.rank.pips <= 7), key=lambda c: c.rank.pips)
    more = [c for c in DOUBLE_FRENCH_PACK.cards if c.rank.pips >= 8]
    return _sorted((small + more)[:size])


def position(rules: MulleRuleset, table: tuple[Card, ...], hand: str) -> State:
    base = mulle.new_game(rules, seed=0, dealer=1)
    hand_cards = tuple(Card.parse(t) for t in hand.split())
    from collections import Counter

    rest = Counter(DOUBLE_FRENCH_PACK.cards) - Counter(table) - Counter(hand_cards)
    other = _sorted(list(rest.elements())[:1])
    rest -= Counter(other)
    return attrs.evolve(
        base, hands=(_sorted(hand_cards), other), table=table, stock=_sorted(list(rest.elements())), to_play=0
    )


def ms(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def table_figures(rules: MulleRuleset, name: str, hand: str) -> None:
    print(f"\n{name}: hand {hand}; times in ms; 'len' and 'enum' are first calls (counts cached per table)")
    print(
        f"{'cards':>5} {'create':>7} {'bool':>6} {'in':>6} {'sample':>7} {'check':>6} {'apply':>6} "
        f"{'len':>9} {'moves':>22} {'[i]':>6} {'enum us/move':>13} {'enumerated':>11}"
    )
    for size in (8, 16, 24, 32, 40, 48, 60):
        _row(rules, size, hand)


def _row(rules: MulleRuleset, size: int, hand: str) -> None:
    table = adversarial_table(size)
    s = position(rules, table, hand)
    _SPACES.clear()
    rng = random.Random(size)
    t_create = ms(lambda: mulle.legal_moves(s))
    moves = mulle.legal_moves(s)
    t_bool = ms(lambda: bool(moves))
    move = moves.sample(rng)
    t_in = ms(lambda: move in moves)
    t_sample = ms(lambda: moves.sample(rng))
    t_check = ms(lambda: mulle.check_move(s, move))
    t_apply = ms(lambda: mulle.apply(s, move))
    # len: exact count, bounded by a time budget through a watchdog on the first family
    start = time.perf_counter()
    n: int | None
    try:
        n = _bounded_len(moves, BUDGET)
    except TimeoutError:
        n = None
    t_len = (time.perf_counter() - start) * 1000
    t_idx = ms(lambda: moves[len(moves) // 2]) if n is not None else float("nan")
    # enumeration: time per move produced over the first moves (bounded)
    start = time.perf_counter()
    produced = 0
    for _ in islice(iter(moves), 20000) if n is not None else ():
        produced += 1
        if time.perf_counter() - start > BUDGET:
            break
    per = (time.perf_counter() - start) * 1e6 / produced if produced else float("nan")
    shown = f"{n:,}" if n is not None else f"> {BUDGET:.0f}s to count"
    print(
        f"{size:>5} {t_create:>7.2f} {t_bool:>6.3f} {t_in:>6.2f} {t_sample:>7.2f} {t_check:>6.2f} {t_apply:>6.2f} "
        f"{t_len:>9.1f} {shown:>22} {t_idx:>6.2f} {per:>13.1f} {produced:>11,}"
    )


def _bounded_len(moves: mulle.MulleMoves, budget: float) -> int:
    import signal

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
    for name, rules in (("building", BUILDING), ("fishing", FISHING)):
        rps, mps = rounds_per_second(rules)
        print(f"{name}: {rps:,.0f} random full rounds per second ({mps:,.0f} moves per second)")
    table_figures(BUILDING, "building (maximal captures)", "9H 10D 7C 8C 5H 6H JS AH")
    table_figures(FISHING, "fishing (any set of groups)", "9H 10C 7C 8C AH")


if __name__ == "__main__":
    main()
