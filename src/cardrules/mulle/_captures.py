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
anything the coarser one cannot, so it is dropped; so is one with a residual,
or a total, that the cards still to come cannot make. Residual multisets are
packed into ints (a few bits per residual value) to keep this arithmetic.

Iteration walks the same tree in index order without counting: it enters a
child only once a memoised search has found one capture through it, so it
never depends on the (possibly huge) counts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules.cards import Card

# A residual multiset is packed into one int: _W bits per residual value r (1 to 15) at bit
# _W * r hold how many open groups lack exactly r. 0 is the empty multiset (every group closed).
_W: Final = 6
_DIGIT: Final = (1 << _W) - 1
_UNIT: Final = tuple(1 << (_W * r) for r in range(17))

_States = frozenset[int]
_Key = tuple[int, _States, int]
_EMPTY: Final[_States] = frozenset({0})


_PARTS: dict[int, tuple[tuple[tuple[int, int], ...], int, int]] = {}
_PARTS_CACHE: Final = 1 << 16  # entries (a few MB at most)


def _parts(res: int) -> tuple[tuple[int, int], ...]:
    """The ``(residual, how many)`` pairs of a packed multiset, largest residual first."""
    got = _PARTS.get(res)
    return got[0] if got is not None else _unpack(res)[0]


def _total(res: int) -> int:
    """The sum of the residuals of a packed multiset."""
    got = _PARTS.get(res)
    return got[1] if got is not None else _unpack(res)[1]


def _unpack(res: int) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """The parts of a packed multiset, the sum and the number of its residuals (cached)."""
    out: list[tuple[int, int]] = []
    total = groups = 0
    key = res
    while res:
        r = (res.bit_length() - 1) // _W
        k = (res >> (_W * r)) & _DIGIT
        out.append((r, k))
        total += r * k
        groups += k
        res -= k << (_W * r)
    if len(_PARTS) >= _PARTS_CACHE:
        _PARTS.clear()
    got = _PARTS[key] = (tuple(out), total, groups)
    return got


def _step(states: set[int] | _States, v: int, t: int) -> set[int]:
    """Every residual multiset after one more card of value *v* (a new group or into an open one)."""
    out: set[int] = set()
    unit = _UNIT
    opened = unit[t - v] if v < t else 0  # a card of value t is a group on its own
    for res in states:
        out.add(res + opened)
        for r, _ in _parts(res):
            if r < v:
                break
            out.add(res - unit[r] + unit[r - v] if r > v else res - unit[r])
    return out


def _prune(states: set[int], t: int) -> set[int]:
    """Drop residual multisets that merging two residuals turns into another member (dominated)."""
    if len(states) < 2:
        return states
    unit = _UNIT
    # A merge keeps the total and makes one group fewer, or (two residuals making t) two fewer and
    # t less: only a multiset whose shape has such a neighbour in the set can be dominated.
    shapes = set()
    for res in states:
        _, total, groups = _PARTS.get(res) or _unpack(res)
        shapes.add((groups, total))
    keep: set[int] = set()
    for res in states:
        parts, total, groups = _PARTS.get(res) or _unpack(res)
        if (groups - 1, total) not in shapes and (groups - 2, total - t) not in shapes:
            keep.add(res)
            continue
        dominated = False
        for x, (a, na) in enumerate(parts):
            for b, _ in parts[x if na > 1 else x + 1 :]:
                s = a + b
                if s > t:
                    continue
                if res - unit[a] - unit[b] + (unit[s] if s < t else 0) in states:
                    dominated = True
                    break
            if dominated:
                break
        if not dominated:
            keep.add(res)
    return keep


def _dead_digits(reach: int, t: int) -> int:
    """The digits of the residuals that are not sums in the bitmask *reach*: a multiset using one is dead."""
    return sum(_DIGIT << (_W * r) for r in range(1, t) if not (reach >> r) & 1)


def _fillable(res: int, reach: int, dead: int) -> bool:
    """Whether each residual of *res* (no digit in *dead*) and their total (a bit of *reach*) can be made."""
    return not res & dead and bool((reach >> (_PARTS.get(res) or _unpack(res))[1]) & 1)


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
    states: set[int] = {0}
    for v, n in pairs:
        for _ in range(n):
            states = _prune(_step(states, v, t), t)
        remaining -= v * n
        states = {r for r in states if _total(r) <= remaining}
        if not states:
            return False
    return 0 in states


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


_FIELD: Final = 72  # bits per count in random_group: more than the subsets of 104 cards summing to 16 or less
_FIELD_MASK: Final = (1 << _FIELD) - 1


def random_group(cards: Sequence[Card], values: Sequence[int], t: int, rng: random.Random) -> list[int] | None:
    """
    Indices of a uniformly random subset of *cards* summing to *t*, or ``None`` if there is none.

    ``ways[i]`` packs, for each sum ``s`` up to *t*, the number of subsets of
    ``cards[i:]`` summing to ``s`` into one int (:data:`_FIELD` bits per
    sum), so that adding a card is one shift and one addition. One random
    number below the count of subsets summing to *t* then names the subset.
    """
    n = len(cards)
    keep = (1 << (_FIELD * (t + 1))) - 1
    ways = [0] * (n + 1)
    ways[n] = acc = 1
    for i in range(n - 1, -1, -1):
        v = values[i]
        if v <= t:
            acc = (acc + (acc << (_FIELD * v))) & keep
        ways[i] = acc
    count = (acc >> (_FIELD * t)) & _FIELD_MASK
    if not count:
        return None
    r = rng.randrange(count)
    out: list[int] = []
    s = t
    for i in range(n):
        if s == 0:
            break
        skip = (ways[i + 1] >> (_FIELD * s)) & _FIELD_MASK  # the subsets without cards[i]
        if r >= skip:
            r -= skip
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
        "_avail",
        "_cards",
        "_children",
        "_counts",
        "_found",
        "_full",
        "_maximal",
        "_poly",
        "_steps",
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
        # _avail[i][k]: the sums the cards still to come can make once k cards of level i are taken
        # (the other cards of level i and every card of the later levels); a residual outside it is dead
        self._avail: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        later = 1
        for lvl in range(n - 1, -1, -1):
            v = self._vals[lvl]
            masks = [later]
            for _ in range(sizes[lvl]):
                masks.append(masks[-1] | (masks[-1] << v))
            masks.reverse()
            self._avail[lvl] = [(m, _dead_digits(m, t)) for m in masks]
            later = masks[0]
        self._full = (1 << (t + 1)) - 1
        self._children: dict[_Key, tuple[tuple[int, _Key], ...]] = {}
        self._counts: dict[_Key, int] = {}
        self._found: dict[_Key, bool] = {}
        self._steps: dict[tuple[int, int, _States], _States] = {}
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
        later, dead = self._avail[i][c]
        t = self.t
        out: list[tuple[int, _Key]] = []
        cur = states
        for k in range(c + 1):
            if k:
                cur = self._advance(i, k, cur)
                if not cur:
                    break
            if self._maximal:
                m2 = _add_sums(mask, v, c - k, self._full)
                if (m2 >> t) & 1:
                    continue
            else:
                m2 = 0
            child = frozenset(r for r in cur if _fillable(r, later, dead))
            if child:
                out.append((k, (i + 1, child, m2)))
        kids = tuple(out)
        self._children[key] = kids
        return kids

    def _advance(self, i: int, k: int, states: _States) -> _States:
        """The residual sets after taking the *k*-th card of level *i* (dead ends dropped), memoised."""
        key = (i, k, states)
        got = self._steps.get(key)
        if got is None:
            # a residual, or all of them together, more than the cards still to come can make is dead
            reach, dead = self._avail[i][k]
            t = self.t
            got = frozenset(_prune({r for r in _step(states, self._vals[i], t) if _fillable(r, reach, dead)}, t))
            self._steps[key] = got
        return got

    def _count(self, key: _Key) -> int:
        got = self._counts.get(key)
        if got is not None:
            return got
        i = key[0]
        if i == len(self._vals):
            total = 1 if 0 in key[1] else 0
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

    def _feasible(self, key: _Key) -> bool:
        """Whether some capture goes through *key*: a search that stops at the first one, memoised."""
        got = self._counts.get(key)
        if got is not None:
            return got > 0
        found = self._found.get(key)
        if found is None:
            if key[0] == len(self._vals):
                found = 0 in key[1]
            else:
                # most captures take most cards: try the largest counts first
                found = any(self._feasible(child) for _, child in reversed(self._kids(key)))
            self._found[key] = found
        return found

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        """
        Every capture in index order, produced as it is found, without counting.

        A depth-first walk of the same tree as indexing that enters a child only
        when some capture goes through it, so each capture costs at most a walk
        down the levels and the checks of the children met on the way.
        """
        n = len(self._vals)
        skip = self._skip_zero()

        def rec(key: _Key) -> Iterator[list[Card]]:
            i = key[0]
            if i == n:
                yield []
                return
            for k, child in self._kids(key):
                if not self._feasible(child):
                    continue
                for head in self._combos(i, k):
                    for tail in rec(child):
                        yield head + tail

        for taken in rec(self._root()):
            if skip and not taken:
                continue
            yield tuple(taken)
