"""
The capture engine of Mulle: which sets of loose table cards a card may take.

A capture with hand value ``t`` takes a sub-multiset of the loose cards that
splits into disjoint groups each summing to ``t`` (a single card of value
``t`` is a group of one). Under the building rules it must also be maximal:
no group summing to ``t`` may be left behind. Two captures that take the same
cards are one capture, however the cards are grouped, so a capture is a
sub-multiset of the table, not a grouping.

The number of captures can be exponential in the table size, so
:class:`CaptureSpace` never lists them to count them. It counts the *value
vectors* ``n`` (how many cards of each value are taken) by dynamic
programming over the values from high to low, where a node holds the set of
possible multisets of *residuals* (what each still open group lacks), then
weighs each vector by the number of ways to pick its cards from the table's
cards of each value (equal cards, which Mulle has in pairs, counted once).
A residual multiset that is a refinement of another in the same set (two of
its residuals merge into one, or into a finished group) can never complete
anything the coarser one cannot, so it is dropped; this keeps the sets small.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules.cards import Card

_States = frozenset[tuple[int, ...]]
_Key = tuple[int, _States, int]
_EMPTY: Final[_States] = frozenset({()})


def _insert(residuals: tuple[int, ...], r: int) -> tuple[int, ...]:
    out = list(residuals)
    bisect.insort(out, r)
    return tuple(out)


def _step(states: set[tuple[int, ...]] | _States, v: int, t: int) -> set[tuple[int, ...]]:
    """Every residual multiset after one more card of value *v* (a new group or into an open one)."""
    out: set[tuple[int, ...]] = set()
    for res in states:
        out.add(_insert(res, t - v) if v < t else res)
        prev = -1
        for i, r in enumerate(res):
            if r >= v and r != prev:
                prev = r
                rest = res[:i] + res[i + 1 :]
                out.add(_insert(rest, r - v) if r > v else rest)
    return out


def _prune(states: set[tuple[int, ...]], t: int) -> set[tuple[int, ...]]:
    """Drop residual multisets that merging two residuals turns into another member (dominated)."""
    if len(states) < 2:
        return states
    keep: set[tuple[int, ...]] = set()
    for res in states:
        n = len(res)
        dominated = False
        tried: set[tuple[int, int]] = set()
        for i in range(n):
            a = res[i]
            for j in range(i + 1, n):
                b = res[j]
                s = a + b
                if s > t or (a, b) in tried:
                    continue
                tried.add((a, b))
                rest = res[:i] + res[i + 1 : j] + res[j + 1 :]
                if (_insert(rest, s) if s < t else rest) in states:
                    dominated = True
                    break
            if dominated:
                break
        if not dominated:
            keep.add(res)
    return keep


def _add_sums(mask: int, v: int, copies: int, full: int) -> int:
    for _ in range(copies):
        mask = (mask | (mask << v)) & full
    return mask


def subset_sums(values: Sequence[int], limit: int) -> int:
    """Bit ``s`` is set when some sub-multiset of *values* sums to ``s`` (for ``s <= limit``)."""
    full = (1 << (limit + 1)) - 1
    mask = 1
    for v in values:
        if v <= limit:
            mask = (mask | (mask << v)) & full
    return mask


def partitionable(counts: Sequence[tuple[int, int]], t: int) -> bool:
    """
    Whether cards with these ``(value, count)`` pairs split into groups each summing to *t*.

    Runs the residual-set construction along one value vector, so it is
    polynomial in practice.
    """
    pairs = sorted(((v, n) for v, n in counts if n), reverse=True)
    if any(v > t for v, _ in pairs):
        return False
    if sum(v * n for v, n in pairs) % t:
        return False
    remaining = sum(v * n for v, n in pairs)
    states: set[tuple[int, ...]] = {()}
    for v, n in pairs:
        for _ in range(n):
            states = _prune(_step(states, v, t), t)
        remaining -= v * n
        states = {r for r in states if sum(r) <= remaining}
        if not states:
            return False
    return () in states


def find_group(cards: Sequence[Card], values: Sequence[int], t: int) -> tuple[Card, ...] | None:
    """Some cards among *cards* (with these values) that sum to *t*, or ``None``."""
    n = len(cards)
    # reach[i] = sums reachable with cards[i:]
    reach = [0] * (n + 1)
    full = (1 << (t + 1)) - 1
    reach[n] = 1
    for i in range(n - 1, -1, -1):
        v = values[i]
        reach[i] = reach[i + 1] | ((reach[i + 1] << v) & full) if v <= t else reach[i + 1]
    if not (reach[0] >> t) & 1:
        return None
    out: list[Card] = []
    s = t
    for i in range(n):
        if s == 0:
            break
        v = values[i]
        if v <= s and (reach[i + 1] >> (s - v)) & 1:
            out.append(cards[i])
            s -= v
    return tuple(out)


def random_group(cards: Sequence[Card], values: Sequence[int], t: int, rng: random.Random) -> list[int] | None:
    """Indices of a uniformly random subset of *cards* summing to *t*, or ``None`` if there is none."""
    n = len(cards)
    ways = [[0] * (t + 1) for _ in range(n + 1)]
    ways[n][0] = 1
    for i in range(n - 1, -1, -1):
        v = values[i]
        row, nxt = ways[i], ways[i + 1]
        for s in range(t + 1):
            row[s] = nxt[s] + (nxt[s - v] if v <= s else 0)
    if ways[0][t] == 0:
        return None
    out: list[int] = []
    s = t
    for i in range(n):
        if s == 0:
            break
        skip = ways[i + 1][s]
        if rng.randrange(ways[i][s]) >= skip:
            out.append(i)
            s -= values[i]
    return out


class CaptureSpace:
    """
    Every capture with hand value *t* from one table, counted without listing.

    Args:
        loose: The loose table cards, in pack order (equal cards adjacent).
        value_of: The table value of each card.
        t: The hand value of the played card.
        maximal: Only maximal captures (building rules).
        allow_empty: Whether taking no loose card is a capture (building
            rules when a build of value *t* is on the table).
    """

    __slots__ = (
        "_allow_empty",
        "_caps",
        "_cards",
        "_children",
        "_counts",
        "_full",
        "_maximal",
        "_mins",
        "_poly",
        "_suffix",
        "_vals",
        "_zero_valid",
        "t",
    )

    def __init__(
        self, loose: Sequence[Card], value_of: dict[Card, int], t: int, maximal: bool, allow_empty: bool
    ) -> None:
        self.t = t
        self._maximal = maximal
        self._allow_empty = allow_empty
        by_value: dict[int, list[tuple[Card, int]]] = {}
        for c in loose:
            v = value_of[c]
            if v > t:
                continue
            lst = by_value.setdefault(v, [])
            if lst and lst[-1][0] == c:
                lst[-1] = (c, lst[-1][1] + 1)
            else:
                lst.append((c, 1))
        self._vals: tuple[int, ...] = tuple(sorted(by_value, reverse=True))
        # distinct cards and multiplicities per level
        self._cards: tuple[tuple[tuple[Card, int], ...], ...] = tuple(tuple(by_value[v]) for v in self._vals)
        self._suffix: list[list[list[int]]] = []  # per level: suffix polynomials of the multiplicities
        self._poly: list[list[int]] = []
        for level in self._cards:
            polys: list[list[int]] = [[1]]
            for _, m in reversed(level):
                prev = polys[-1]
                cur = [0] * (len(prev) + m)
                for i, a in enumerate(prev):
                    for j in range(m + 1):
                        cur[i + j] += a
                polys.append(cur)
            polys.reverse()  # polys[j] covers cards j..end
            self._suffix.append(polys)
            self._poly.append(polys[0])
        n = len(self._vals)
        sizes = [len(p) - 1 for p in self._poly]
        self._caps = [sum(v * sizes[i] for i, v in enumerate(self._vals) if i > lvl) for lvl in range(n)]
        self._mins = [self._vals[-1] if lvl < n - 1 else 0 for lvl in range(n)]
        self._full = (1 << (t + 1)) - 1
        self._children: dict[_Key, tuple[tuple[int, _Key], ...]] = {}
        self._counts: dict[_Key, int] = {}
        # the zero vector: valid in the DP when leaving everything leaves no group of t
        if maximal:
            everything = [v for i, v in enumerate(self._vals) for _ in range(len(self._poly[i]) - 1)]
            self._zero_valid = not (subset_sums(everything, t) >> t) & 1
        else:
            self._zero_valid = True

    # --- counting -----------------------------------------------------------

    def _root(self) -> _Key:
        return (0, _EMPTY, 1 if self._maximal else 0)

    def _kids(self, key: _Key) -> tuple[tuple[int, _Key], ...]:
        kids = self._children.get(key)
        if kids is not None:
            return kids
        i, states, mask = key
        v = self._vals[i]
        c = len(self._poly[i]) - 1
        cap = self._caps[i]
        low = self._mins[i]
        t = self.t
        out: list[tuple[int, _Key]] = []
        cur: set[tuple[int, ...]] = set(states)
        for k in range(c + 1):
            if k:
                # Drop dead ends: more than the rest of the table can fill, or a
                # residual below v that no lower card can fill.
                bound = cap + (c - k) * v
                cur = _prune(
                    {r for r in _step(cur, v, t) if sum(r) <= bound and (not r or r[0] >= v or r[0] >= low > 0)}, t
                )
                if not cur:
                    break
            if self._maximal:
                m2 = _add_sums(mask, v, c - k, self._full)
                if (m2 >> t) & 1:
                    continue
            else:
                m2 = 0
            child = frozenset(r for r in cur if sum(r) <= cap and (not r or r[0] >= low))
            if child:
                out.append((k, (i + 1, child, m2)))
        kids = tuple(out)
        self._children[key] = kids
        return kids

    def _count(self, key: _Key) -> int:
        got = self._counts.get(key)
        if got is not None:
            return got
        i = key[0]
        if i == len(self._vals):
            total = 1 if () in key[1] else 0
        else:
            poly = self._poly[i]
            total = 0
            for k, child in self._kids(key):
                sub = self._count(child)
                if sub:
                    total += poly[k] * sub
        self._counts[key] = total
        return total

    def _skip_zero(self) -> bool:
        return self._zero_valid and not self._allow_empty

    def __len__(self) -> int:
        return self._count(self._root()) - (1 if self._skip_zero() else 0)

    def count(self) -> int:
        """The number of distinct captures (may exceed ``sys.maxsize``)."""
        return self._count(self._root()) - (1 if self._skip_zero() else 0)

    # --- unranking and iteration ------------------------------------------------

    def _combo(self, level: int, k: int, index: int) -> list[Card]:
        """The *index*-th choice of *k* cards at *level*, in order."""
        cards = self._cards[level]
        suffix = self._suffix[level]
        out: list[Card] = []
        for j, (card, m) in enumerate(cards):
            rest = suffix[j + 1]
            for x in range(min(m, k) + 1):
                cnt = rest[k - x] if k - x < len(rest) else 0
                if index < cnt:
                    out.extend([card] * x)
                    k -= x
                    break
                index -= cnt
        return out

    def _combos(self, level: int, k: int) -> Iterator[list[Card]]:
        cards = self._cards[level]
        suffix = self._suffix[level]

        def rec(j: int, k: int) -> Iterator[list[Card]]:
            if j == len(cards):
                if k == 0:
                    yield []
                return
            card, m = cards[j]
            rest = suffix[j + 1]
            for x in range(min(m, k) + 1):
                if k - x < len(rest) and rest[k - x]:
                    for tail in rec(j + 1, k - x):
                        yield [card] * x + tail

        return rec(0, k)

    def __getitem__(self, index: int) -> tuple[Card, ...]:
        if index < 0 or index >= len(self):
            raise IndexError(index)
        if self._skip_zero():
            index += 1
        key = self._root()
        out: list[Card] = []
        while key[0] < len(self._vals):
            i = key[0]
            poly = self._poly[i]
            for k, child in self._kids(key):
                sub = self._count(child)
                block = poly[k] * sub
                if index < block:
                    j, index = divmod(index, sub)
                    out.extend(self._combo(i, k, j))
                    key = child
                    break
                index -= block
            else:  # pragma: no cover - counts are consistent
                raise AssertionError("capture index out of range")
        return tuple(out)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        n = len(self._vals)
        skip = self._skip_zero()

        def rec(key: _Key) -> Iterator[list[Card]]:
            i = key[0]
            if i == n:
                yield []
                return
            for k, child in self._kids(key):
                if not self._count(child):
                    continue
                for head in self._combos(i, k):
                    for tail in rec(child):
                        yield head + tail

        for taken in rec(self._root()):
            if skip and not taken:
                continue
            yield tuple(taken)
