"""The lazy legal-move sequence of Mulle: streaming iteration, its order, and apply's trust in sample."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, IllegalMoveError
from cardrules.mulle import BUILDING, FISHING, Capture, MulleRuleset, Trail, apply, check_move, legal_moves
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._captures import CaptureSpace
from tests.mulle.positions import card, cards, position

SMALL = [c for c in MULLE_PACK.cards if 2 <= c.rank.pips <= 7]
VALUE = {c: c.rank.pips for c in MULLE_PACK.cards}


def adversarial(size: int) -> str:
    """*size* loose cards of the smallest values but aces (many equal sums), as the benchmark builds them."""
    small = sorted(SMALL, key=lambda c: c.rank.pips)
    more = [c for c in MULLE_PACK.cards if c.rank.pips >= 8]
    return " ".join(map(str, (small + more)[:size]))


tables = st.lists(st.sampled_from(SMALL), min_size=0, max_size=14).filter(
    lambda cs: all(n <= 2 for n in Counter(cs).values())
)


@pytest.mark.parametrize("maximal", [True, False], ids=["building", "fishing"])
@settings(max_examples=30, deadline=None)
@given(table=tables, t=st.integers(2, 16), allow_empty=st.booleans())
def test_mulle_capture_space_iteration_is_index_order(
    maximal: bool, table: list[Card], t: int, allow_empty: bool
) -> None:
    """Streaming iteration of a capture space yields exactly its indexed captures, in index order."""
    loose = tuple(sorted(table, key=MULLE_PACK.cards.index))
    space = CaptureSpace(loose, VALUE, t, maximal, allow_empty and maximal)
    streamed = list(space)
    counted = CaptureSpace(loose, VALUE, t, maximal, allow_empty and maximal)
    assert [counted[i] for i in range(len(counted))] == streamed
    assert len(set(streamed)) == len(streamed)


@pytest.mark.parametrize("rules", [BUILDING, FISHING], ids=["building", "fishing"])
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_mulle_iteration_order_equals_indexing(rules: MulleRuleset, data: st.DataObject) -> None:
    """On random small tables, iterating the legal moves gives moves[0], moves[1], ... (fresh sequences)."""
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    table = rng.sample(SMALL, rng.randint(0, 12))
    rest = [c for c in MULLE_PACK.cards if c not in table]
    hand = sorted(set(rng.sample(rest, 3)), key=str)
    s = position(rules, hands=(" ".join(map(str, hand)), "KH"), table=" ".join(map(str, table)))
    streamed = list(legal_moves(s))  # a fresh sequence: nothing counted before iterating
    indexed = legal_moves(s)
    assert [indexed[i] for i in range(len(indexed))] == streamed


def test_mulle_first_moves_of_a_huge_fishing_table_stream() -> None:
    """The first 100 moves of a 60-card adversarial fishing table come without counting (trillions of moves)."""
    s = position(FISHING, hands=("9D 10C 8C AH", "KC"), table=adversarial(60))
    first = list(itertools.islice(iter(legal_moves(s)), 100))
    assert 100 == len(first) == len(set(first))
    assert all(check_move(s, m) is None for m in first)
    assert first == list(itertools.islice(iter(legal_moves(s)), 100))  # deterministic
    # every capture family starts streaming at once, the ace's (1 or 14) included
    for fam in legal_moves(s)._families:
        if not isinstance(fam, Trail):
            got = list(itertools.islice(iter(fam.space), 20))  # type: ignore[union-attr]
            assert 20 == len(got)


def test_mulle_first_moves_of_a_large_building_table_stream() -> None:
    """Under the building rules (maximal captures only) a 40-card table streams too; every move is maximal."""
    s = position(BUILDING, hands=("9H 10D 7C 8C JS AH", "KH"), table=adversarial(40))
    first = list(itertools.islice(iter(legal_moves(s)), 100))
    assert 100 == len(first) == len(set(first))
    assert all(check_move(s, m) is None for m in first)


def test_mulle_move_order_does_not_depend_on_hash_seed() -> None:
    """Legal moves come out in the same order under two PYTHONHASHSEED values."""
    code = (
        "import itertools\n"
        "from cardrules.mulle import FISHING, BUILDING, legal_moves, format_canonical\n"
        "from tests.mulle.positions import position\n"
        "from tests.mulle.test_lazy_moves import adversarial\n"
        "for rules, hand in ((FISHING, '9H 10C AH'), (BUILDING, '9H 10D 8C JS')):\n"
        "    s = position(rules, hands=(hand, 'KH'), table=adversarial(20))\n"
        "    print(*map(format_canonical, itertools.islice(legal_moves(s), 300)))\n"
    )
    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.append(done.stdout)
    assert outs[0] == outs[1]
    assert outs[0].count(" x ") > 100


def test_mulle_apply_checks_moves_sample_did_not_draw() -> None:
    """apply skips its check only for the very move sample just drew for that very state."""
    s = position(FISHING, hands=("9H 8C", "KH"), table="4S 5S 3C")
    drawn = legal_moves(s).sample(random.Random(1))
    assert check_move(s, drawn) is None
    apply(s, drawn)
    with pytest.raises(IllegalMoveError):
        apply(s, Capture(card("9H"), cards("4S 3C"), 9))
    other = position(FISHING, hands=("8C 2D", "KH"), table="4S 5S 3C")
    with pytest.raises(IllegalMoveError):
        apply(other, drawn)  # drawn for s, not for other


class _Counting(random.Random):
    """A Random whose randrange answers 0, 1, 2, ... in turn, and records each bound it was given."""

    def __init__(self) -> None:
        super().__init__(0)
        self.next = 0
        self.bounds: list[int] = []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        assert stop is None and step == 1
        self.bounds.append(start)
        self.next += 1
        return self.next - 1


@settings(max_examples=40, deadline=None)
@given(values=st.lists(st.integers(1, 9), max_size=12), t=st.integers(1, 16))
def test_mulle_random_group_is_uniform(values: list[int], t: int) -> None:
    """random_group draws one number below the count of subsets summing to t, each naming another subset."""
    from cardrules.mulle._partition import random_group

    cards = list(MULLE_PACK.cards[: len(values)])
    subsets = {
        idx
        for r in range(len(values) + 1)
        for idx in itertools.combinations(range(len(values)), r)
        if sum(values[i] for i in idx) == t
    }
    rng = _Counting()
    got = set()
    for _ in range(len(subsets)):
        idx = random_group(cards, values, t, rng)
        assert idx is not None
        got.add(tuple(idx))
    assert got == subsets
    assert rng.bounds == ([len(subsets)] * len(subsets) if len(subsets) > 1 else [])  # one subset: no draw
    if not subsets:
        assert random_group(cards, values, t, rng) is None
