"""
Iteration of a Mulle capture space: the order of the captures, checked three ways.

* Against a brute-force reference on small tables: every sub-multiset of the
  table, kept when it splits into groups of t (and, under the building rules,
  leaves no group of t behind), sorted into index order.
* Against indexing (``space[i]``) on tables small enough to count.
* Against digests of the first captures that the implementation before the
  faster iteration (commit 21d841f) produced, on adversarial 24- to 60-card
  tables and random large ones, which are too big to count or list.

Each for the building rules (maximal captures) and the fishing rules, with and
without the empty capture, and with the private knobs of the building-rules walk
turned so that its search and its exact fallback are both exercised.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import Card
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle import _captures
from cardrules.mulle._captures import CaptureSpace

PACK = MULLE_PACK.cards
VALUE = {c: c.rank.pips for c in PACK}
SMALL = [c for c in PACK if 2 <= c.rank.pips <= 7]


def adversarial(size: int) -> tuple[Card, ...]:
    """*size* loose cards of the smallest values but aces (many equal sums), as the benchmark builds them."""
    small = sorted(SMALL, key=lambda c: c.rank.pips)
    more = [c for c in PACK if c.rank.pips >= 8]
    return tuple(sorted((small + more)[:size], key=PACK.index))


def random_table(seed: int) -> tuple[tuple[Card, ...], int]:
    """A random table of 20 to 60 cards of any rank, in pack order, and a random hand value."""
    rng = random.Random(seed)
    table = tuple(sorted(rng.sample(PACK, rng.randint(20, 60)), key=PACK.index))
    return table, rng.randint(2, 16)


# --- the brute-force reference ---------------------------------------------------------------


def _splits(values: list[int], t: int) -> bool:
    """Whether *values* (sorted, largest first) split into groups each summing to *t*."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    # the group of the largest card: every sub-multiset of the rest that completes it
    seen: set[tuple[int, ...]] = set()
    for size in range(len(rest) + 1):
        for idx in itertools.combinations(range(len(rest)), size):
            group = tuple(rest[i] for i in idx)
            if first + sum(group) != t or group in seen:
                continue
            seen.add(group)
            left = [v for i, v in enumerate(rest) if i not in idx]
            if _splits(left, t):
                return True
    return False


def _makes(values: list[int], t: int) -> bool:
    """Whether some sub-multiset of *values* sums to *t*."""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums if s + v <= t}
    return t in sums


def reference(loose: Sequence[Card], t: int, maximal: bool, allow_empty: bool) -> list[tuple[Card, ...]]:
    """
    Every capture, in index order, by brute force.

    Index order: by card value from high to low, how many cards of that value are
    taken (fewest first), then which ones (fewest of the first distinct card in
    pack order first, then of the next...), then the same for the next value.
    """
    usable = [c for c in loose if VALUE[c] <= t]
    values = sorted({VALUE[c] for c in usable}, reverse=True)
    distinct = {v: sorted({c for c in usable if VALUE[c] == v}, key=PACK.index) for v in values}
    have = Counter(usable)
    out: list[tuple[tuple[int, ...], tuple[Card, ...]]] = []
    for choice in itertools.product(*(range(have[c] + 1) for v in values for c in distinct[v])):
        taken: list[Card] = []
        key: list[int] = []
        pos = 0
        for v in values:
            counts = choice[pos : pos + len(distinct[v])]
            pos += len(distinct[v])
            key += [sum(counts), *counts]
            for c, n in zip(distinct[v], counts, strict=True):
                taken += [c] * n
        left = [VALUE[c] for c in (have - Counter(taken)).elements()]
        if not taken and not allow_empty:
            continue
        if not _splits(sorted((VALUE[c] for c in taken), reverse=True), t):
            continue
        if maximal and _makes(left, t):
            continue
        out.append((tuple(key), tuple(taken)))
    out.sort(key=lambda kv: kv[0])
    return [taken for _, taken in out]


def indexed(space: CaptureSpace) -> list[tuple[Card, ...]]:
    """The captures of *space* by index (counts them)."""
    return [space[i] for i in range(space.count())]


def digest(captures: Iterator[tuple[Card, ...]]) -> tuple[int, str]:
    """How many captures, and a digest of them in order."""
    h = hashlib.sha256()
    n = 0
    for cap in captures:
        h.update((" ".join(map(str, cap)) + ";").encode())
        n += 1
    return n, h.hexdigest()[:16]


# The knobs of the building-rules walk: as shipped; no few-vector shortcut (the residual-set tree
# all the way down); the shortcut everywhere it applies with no budget for the split search (every
# vector decided by the exact stepping); and a tiny budget (searches that give up part way).
KNOBS = {
    "shipped": {},
    "tree only": {"_FEW_TAILS": 0},
    "exact only": {"_FEW_TAILS": 10**6, "_SPLIT_BUDGET": 0},
    "tiny budget": {"_SPLIT_BUDGET": 3},
}


@pytest.fixture(params=list(KNOBS))
def knobs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    for name, value in KNOBS[request.param].items():
        monkeypatch.setattr(_captures, name, value)
    return str(request.param)


any_cards = st.lists(st.sampled_from(PACK), min_size=0, max_size=9).filter(
    lambda cs: all(n <= 2 for n in Counter(cs).values())
)
small_cards = st.lists(st.sampled_from(SMALL), min_size=0, max_size=11).filter(
    lambda cs: all(n <= 2 for n in Counter(cs).values())
)


@pytest.mark.parametrize("maximal", [True, False], ids=["building", "fishing"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=st.one_of(any_cards, small_cards), t=st.integers(1, 16), allow_empty=st.booleans())
def test_capture_iteration_matches_brute_force(
    knobs: str, maximal: bool, table: list[Card], t: int, allow_empty: bool
) -> None:
    """Iteration yields exactly the brute-force captures in index order, and so does indexing."""
    loose = tuple(sorted(table, key=PACK.index))
    expected = reference(loose, t, maximal, allow_empty)
    assert list(CaptureSpace(loose, VALUE, t, maximal, allow_empty)) == expected
    counted = CaptureSpace(loose, VALUE, t, maximal, allow_empty)
    assert counted.count() == len(expected)
    assert indexed(counted) == expected


@pytest.mark.parametrize("size", [16, 24, 32])
@pytest.mark.parametrize("allow_empty", [False, True], ids=["no-empty", "empty"])
def test_capture_iteration_matches_indexing_on_adversarial_tables(knobs: str, size: int, allow_empty: bool) -> None:
    """On adversarial tables small enough to count, iteration is indexing order, for every hand value."""
    for t in range(2, 17):
        for maximal in (True, False):
            if not maximal and size > 16:
                continue  # fishing: too many captures to index one by one
            space = CaptureSpace(adversarial(size), VALUE, t, maximal, allow_empty)
            streamed = list(space)  # before counting: iteration must not rely on the counts
            assert streamed == indexed(CaptureSpace(adversarial(size), VALUE, t, maximal, allow_empty))
            assert streamed == list(space)  # and again, once the walk's memos are warm
            pairs = list(zip(space, space, strict=True))  # two walks at once share the memos, not their state
            assert [a for a, _ in pairs] == [b for _, b in pairs] == streamed


def test_capture_iteration_matches_indexing_on_random_tables(knobs: str) -> None:
    """The same on random tables of any ranks, where the building rules leave few captures."""
    rng = random.Random(8)
    for _ in range(40):
        table = tuple(sorted(rng.sample(PACK, rng.randint(10, 30)), key=PACK.index))
        t = rng.randint(1, 16)
        allow_empty = rng.random() < 0.5
        space = CaptureSpace(table, VALUE, t, True, allow_empty)
        if space.count() > 5000:
            continue
        assert list(CaptureSpace(table, VALUE, t, True, allow_empty)) == indexed(space)


# (table, size or seed, hand value, maximal, allow_empty, captures among the first FIRST, digest),
# recorded with the implementation before the faster iteration
FIRST = 400
GOLDEN = [
    ("adv", 24, 7, True, False, 400, "8d0c7f5e2cf9dbe2"),
    ("adv", 24, 7, True, True, 400, "8d0c7f5e2cf9dbe2"),
    ("adv", 24, 7, False, False, 400, "eb59ee98887cb4b9"),
    ("adv", 24, 7, False, True, 400, "09b30b65f7ae97e8"),
    ("adv", 24, 10, True, False, 40, "85a919947451d5ec"),
    ("adv", 24, 10, True, True, 40, "85a919947451d5ec"),
    ("adv", 24, 10, False, False, 400, "dee9cd33335a226d"),
    ("adv", 24, 10, False, True, 400, "99270b64be18b7e9"),
    ("adv", 24, 14, True, False, 99, "44eb2f6db5755876"),
    ("adv", 24, 14, True, True, 99, "44eb2f6db5755876"),
    ("adv", 24, 14, False, False, 400, "4c8d6a0cfa68b846"),
    ("adv", 24, 14, False, True, 400, "63fd23815c0ebb9f"),
    ("adv", 24, 16, True, False, 110, "9117925155323ff6"),
    ("adv", 24, 16, True, True, 110, "9117925155323ff6"),
    ("adv", 24, 16, False, False, 400, "35bd99c699a8989f"),
    ("adv", 24, 16, False, True, 400, "dc1f8930cb907ef1"),
    ("adv", 40, 7, True, False, 400, "93dbda4344a176f5"),
    ("adv", 40, 7, True, True, 400, "93dbda4344a176f5"),
    ("adv", 40, 7, False, False, 400, "eb59ee98887cb4b9"),
    ("adv", 40, 7, False, True, 400, "09b30b65f7ae97e8"),
    ("adv", 40, 10, True, False, 400, "6b58a360610fc594"),
    ("adv", 40, 10, True, True, 400, "6b58a360610fc594"),
    ("adv", 40, 10, False, False, 400, "dee9cd33335a226d"),
    ("adv", 40, 10, False, True, 400, "99270b64be18b7e9"),
    ("adv", 40, 14, True, False, 400, "0577d0f774f5bdaf"),
    ("adv", 40, 14, True, True, 400, "0577d0f774f5bdaf"),
    ("adv", 40, 14, False, False, 400, "4c8d6a0cfa68b846"),
    ("adv", 40, 14, False, True, 400, "63fd23815c0ebb9f"),
    ("adv", 40, 16, True, False, 400, "203d901c82a22453"),
    ("adv", 40, 16, True, True, 400, "203d901c82a22453"),
    ("adv", 40, 16, False, False, 400, "35bd99c699a8989f"),
    ("adv", 40, 16, False, True, 400, "dc1f8930cb907ef1"),
    ("adv", 60, 7, True, False, 400, "07dc1fc59ed643a2"),
    ("adv", 60, 7, True, True, 400, "07dc1fc59ed643a2"),
    ("adv", 60, 7, False, False, 400, "eb59ee98887cb4b9"),
    ("adv", 60, 7, False, True, 400, "09b30b65f7ae97e8"),
    ("adv", 60, 10, True, False, 400, "bfe95035599cccaa"),
    ("adv", 60, 10, True, True, 400, "bfe95035599cccaa"),
    ("adv", 60, 10, False, False, 400, "dee9cd33335a226d"),
    ("adv", 60, 10, False, True, 400, "99270b64be18b7e9"),
    ("adv", 60, 14, True, False, 400, "0cc035347d1b9e78"),
    ("adv", 60, 14, True, True, 400, "0cc035347d1b9e78"),
    ("adv", 60, 14, False, False, 400, "4c8d6a0cfa68b846"),
    ("adv", 60, 14, False, True, 400, "63fd23815c0ebb9f"),
    ("adv", 60, 16, True, False, 400, "baa87051d6297388"),
    ("adv", 60, 16, True, True, 400, "baa87051d6297388"),
    ("adv", 60, 16, False, False, 400, "35bd99c699a8989f"),
    ("adv", 60, 16, False, True, 400, "dc1f8930cb907ef1"),
    ("rnd", 0, 13, True, False, 400, "5e4a3ab38ef0311e"),
    ("rnd", 0, 13, False, False, 400, "20e3de352e75af2b"),
    ("rnd", 1, 12, True, True, 400, "15fe5b6be620bffc"),
    ("rnd", 1, 12, False, True, 400, "cc34ba66a75c3208"),
    ("rnd", 2, 6, True, False, 15, "fde460577e9b372f"),
    ("rnd", 2, 6, False, False, 49, "4ec60d873b363fda"),
    ("rnd", 3, 11, True, True, 400, "ac8a375091ce8935"),
    ("rnd", 3, 11, False, True, 400, "0297f6100cc7b3dc"),
    ("rnd", 4, 4, True, False, 4, "ac021d5ccdefac3c"),
    ("rnd", 4, 4, False, False, 111, "2a8aad69648727db"),
    ("rnd", 5, 6, True, True, 197, "c8fb69c7808a58fe"),
    ("rnd", 5, 6, False, True, 400, "b3e84fa50328cd6e"),
    ("rnd", 6, 8, True, False, 400, "91c2c6ab87c3e0db"),
    ("rnd", 6, 8, False, False, 400, "0e91ae10af91ee8b"),
    ("rnd", 7, 3, True, True, 2, "b8d82afe538af3b8"),
    ("rnd", 7, 3, False, True, 84, "bcc3d119c059df72"),
    ("rnd", 8, 15, True, False, 400, "3627decff18d4a35"),
    ("rnd", 8, 15, False, False, 400, "20ce9c2fe67a3c29"),
    ("rnd", 9, 2, True, True, 1, "be4e3ff7eb130499"),
    ("rnd", 9, 2, False, True, 36, "77d1589da365c4e7"),
    ("rnd", 10, 11, True, False, 400, "434c1632a2afd48c"),
    ("rnd", 10, 11, False, False, 400, "0894a568115df720"),
    ("rnd", 11, 10, True, True, 400, "721286216ff23ce5"),
    ("rnd", 11, 10, False, True, 400, "7ee82468b1f97aab"),
]


@pytest.mark.parametrize(("kind", "n", "t", "maximal", "allow_empty", "count", "expected"), GOLDEN)
def test_capture_iteration_order_is_unchanged_on_large_tables(
    kind: str, n: int, t: int, maximal: bool, allow_empty: bool, count: int, expected: str
) -> None:
    """The first captures of large tables come in exactly the order the earlier implementation gave."""
    if kind == "adv":
        table = adversarial(n)
    else:
        table, t2 = random_table(n)
        assert t2 == t
    space = CaptureSpace(table, VALUE, t, maximal, allow_empty)
    assert digest(itertools.islice(space, FIRST)) == (count, expected)


def test_building_iteration_steps_few_residual_sets_on_a_huge_table() -> None:
    """
    A guard on the cost of the building-rules walk, independent of the machine's speed.

    On the 60-card adversarial table the first 1,000 captures of each hand value
    once needed 1,000 to 5,000 residual-set steps (mostly in subtrees without a
    capture); now the walk steps a few dozen.
    """
    for t in range(2, 17):
        space = CaptureSpace(adversarial(60), VALUE, t, True, False)
        for _ in itertools.islice(space, 1000):
            pass
        assert len(space._steps) < 200, t
