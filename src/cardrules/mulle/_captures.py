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
never depends on the (possibly huge) counts. Under the building rules most of
the tree has no capture (what a capture leaves must make no group of t), so two
things keep the walk out of it. First, a residual multiset is also dropped when
no take of the cards still to come that leaves no group of t has its total plus
whole groups of t (a bitmask of sums per level and cards left, cheap to
memoise). Second, deep in the tree the cards already left usually force the
rest to be taken all or nearly all, in a handful of ways: the walk then checks
those count vectors one by one (a short search for a split of the cards, exact
stepping when it gives up) instead of stepping residual sets level by level.
Both only prune: the captures, and their order, are those indexing gives.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules.cards import Card
from cardrules.mulle._partition import (
    _add_sums,
    _dead_digits,
    _fillable,
    _parts,
    _prune,
    _States,
    _step,
    _total,
    subset_sums,
)

_Key = tuple[int, _States, int]
_EMPTY: Final[_States] = frozenset({0})

# Iteration under the building rules: a node whose remaining levels can take at most _FEW_TAILS count
# vectors is decided vector by vector, by a search for a split of at most _SPLIT_BUDGET choices (over
# every residual multiset of the node) before the exact stepping.
_FEW_TAILS: Final = 32
_SPLIT_BUDGET: Final = 4000


def _split(
    bins: list[int], b: int, counts: list[int], vals: Sequence[int], budget: list[int], failed: set[tuple[int, ...]]
) -> bool | None:
    """
    Whether the cards (``counts[j]`` of value ``vals[j]``, values decreasing) fill *bins[b:]* exactly.

    Each bin (a capacity) gets a sub-multiset of the cards summing to it, and
    every card is used (the caller makes the totals agree). A depth-first
    search, smallest bins (the most constrained) first and largest cards first
    within a bin, that remembers the card counts that failed from each bin on.
    ``None`` once *budget* (a one-item list of choices still allowed, shared)
    runs out. Recursion goes one level per bin.
    """
    if b == len(bins):
        return True
    key = (b, *counts)
    if key in failed:
        return False
    for fill in _fills(bins[b], counts, vals, budget):
        for j, x in fill:
            counts[j] -= x
        got = _split(bins, b + 1, counts, vals, budget, failed)
        for j, x in fill:
            counts[j] += x
        if got is not False:
            return got
    if budget[0] < 0:
        return None
    failed.add(key)
    return False


def _fills(
    cap: int,
    counts: list[int],
    vals: Sequence[int],
    budget: list[int],
    j: int = 0,
    chosen: tuple[tuple[int, int], ...] = (),
) -> Iterator[tuple[tuple[int, int], ...]]:
    """
    The ways to make *cap* from the cards ``counts[j:]`` (of values ``vals[j:]``), as ``(j, how many)`` pairs.

    Largest cards first, after the pairs *chosen* already; each step of the
    search spends one unit of *budget*, and the search stops when it runs out.
    """
    if cap == 0:
        yield chosen
        return
    budget[0] -= 1
    if j == len(vals) or budget[0] < 0:
        return
    v = vals[j]
    for x in range(min(counts[j], cap // v), 0, -1):
        yield from _fills(cap - x * v, counts, vals, budget, j + 1, (*chosen, (j, x)))
    yield from _fills(cap, counts, vals, budget, j + 1, chosen)


def _choose(
    cards: Sequence[tuple[Card, int]], suffix: Sequence[Sequence[int]], j: int, k: int
) -> Iterator[tuple[Card, ...]]:
    """The choices of *k* cards among ``cards[j:]`` (distinct cards, how many of each), fewest of the first first."""
    if j == len(cards):
        if k == 0:
            yield ()
        return
    card, m = cards[j]
    rest = suffix[j + 1]  # rest[x]: the ways to choose x cards among cards[j + 1:]
    for x in range(min(m, k) + 1):
        if k - x < len(rest) and rest[k - x]:
            for tail in _choose(cards, suffix, j + 1, k - x):
                yield (card,) * x + tail


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
        "_choices",
        "_complete",
        "_counts",
        "_found",
        "_full",
        "_maximal",
        "_mult",
        "_poly",
        "_steps",
        "_suffix",
        "_tail_sets",
        "_takes",
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
        self._takes: dict[tuple[int, int], int] = {}
        self._choices: dict[tuple[int, int], tuple[tuple[Card, ...], ...]] = {}
        self._tail_sets: dict[tuple[int, int], tuple[tuple[int, ...], ...] | None] = {}
        self._complete: dict[tuple[int, _States, tuple[int, ...]], bool] = {}
        # bits 0, t, 2t, ...: the sums of any number of whole groups of t, as far as the table goes
        most = sum(v * (len(p) - 1) for v, p in zip(self._vals, self._poly, strict=True))
        self._mult = sum(1 << (t * j) for j in range(most // t + 1))
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
                # the cards still to come must take each residual's total plus whole groups of t
                # while leaving no group of t: a residual multiset no such take completes is dead
                takes = self._takeable(i + 1, m2)
                if not takes:
                    continue
                mult = self._mult
                child = frozenset(r for r in cur if _fillable(r, later, dead) and (takes >> _total(r)) & mult)
            else:
                m2 = 0
                child = frozenset(r for r in cur if _fillable(r, later, dead))
            if child:
                out.append((k, (i + 1, child, m2)))
        kids = tuple(out)
        self._children[key] = kids
        return kids

    def _takeable(self, i: int, left: int) -> int:
        """
        The sums the cards of levels *i* on may take under the building rules, as a bitmask.

        Bit ``s`` is set when some choice of those cards sums to ``s`` and what it
        leaves, together with the cards already left (whose subset sums are the
        bitmask *left*, bit t clear), makes no group of t. A maximal capture
        completes a residual multiset only with a take of its total plus whole
        groups of t, so this prunes most dead ends of the building rules cheaply:
        a residual multiset whose total no take fits is dropped before it is
        stepped (see :meth:`_kids`). Memoised on ``(i, left)``; *left* has at
        most ``2 ** t`` values and few occur.
        """
        key = (i, left)
        got = self._takes.get(key)
        if got is not None:
            return got
        got = 0
        if i == len(self._vals):
            got = 1  # the empty take
        else:
            v = self._vals[i]
            c = len(self._poly[i]) - 1
            t = self.t
            for j in range(c + 1):  # leave j cards of value v, take the other c - j
                if j:
                    left = (left | (left << v)) & self._full
                    if (left >> t) & 1:
                        break  # leaving more cards only adds sums
                got |= self._takeable(i + 1, left) << ((c - j) * v)
        self._takes[key] = got
        return got

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

    def _combos(self, level: int, k: int) -> tuple[tuple[Card, ...], ...]:
        """Every choice of *k* cards at *level*, in index order (the order of :meth:`_combo`), cached."""
        key = (level, k)
        got = self._choices.get(key)
        if got is None:
            got = self._choices[key] = tuple(_choose(self._cards[level], self._suffix[level], 0, k))
        return got

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
        """
        Whether some capture goes through *key*: a search that stops at the first one, memoised.

        The search tries the counts in index order, so the capture it finds is the
        next one iteration produces and the nodes it makes are the ones iteration
        walks next. Under the building rules, a node whose remaining levels have
        only a few takes that leave no group of t is decided take by take
        (:meth:`_completes`), without making its subtree.
        """
        got = self._counts.get(key)
        if got is not None:
            return got > 0
        found = self._found.get(key)
        if found is None:
            i, states, left = key
            tails = self._tails(i, left) if self._maximal else None
            if tails is not None:
                found = any(self._completes(i, states, tail) for tail in tails)
            elif i == len(self._vals):
                found = 0 in states
            else:
                found = any(self._feasible(child) for _, child in self._kids(key))
            self._found[key] = found
        return found

    def _tails(self, i: int, left: int) -> tuple[tuple[int, ...], ...] | None:
        """
        The counts levels *i* on may take under the building rules, in index order, if few.

        A count vector for levels ``i, i + 1, ...`` qualifies when what it leaves,
        with the cards already left (subset sums *left*), makes no group of t.
        Deep in the tree the cards left so far usually force all or nearly all the
        rest to be taken, so there are only a few such vectors; ``None`` when
        there are more than :data:`_FEW_TAILS`. Memoised on ``(i, left)``.
        """
        key = (i, left)
        if key in self._tail_sets:
            return self._tail_sets[key]
        got: tuple[tuple[int, ...], ...] | None
        if i == len(self._vals):
            got = ((),)
        else:
            v = self._vals[i]
            c = len(self._poly[i]) - 1
            t = self.t
            lefts = [left]  # lefts[j]: the subset sums once j more cards of value v are left
            while len(lefts) <= c:
                nxt = (lefts[-1] | (lefts[-1] << v)) & self._full
                if (nxt >> t) & 1:
                    break  # leaving more cards only adds sums
                lefts.append(nxt)
            out: list[tuple[int, ...]] | None = []
            for j in range(len(lefts) - 1, -1, -1):  # take c - j cards: the fewest taken first
                sub = self._tails(i + 1, lefts[j])
                if out is None or sub is None or len(out) + len(sub) > _FEW_TAILS:
                    out = None
                    break
                out.extend((c - j, *rest) for rest in sub)
            got = None if out is None else tuple(out)
        self._tail_sets[key] = got
        return got

    def _completes(self, i: int, states: _States, tail: tuple[int, ...]) -> bool:
        """
        Whether taking *tail* (counts for levels *i* on) completes a residual multiset of *states*.

        That is, whether those cards split into one part summing to each
        residual of some member of *states* and groups of t. A bounded
        search for such a split (:func:`_split`) settles most cases at once;
        when it runs out of budget the residual sets are stepped through the
        cards exactly, as counting does. Memoised.
        """
        key = (i, states, tail)
        got = self._complete.get(key)
        if got is not None:
            return got
        vals = self._vals[i:]
        total = sum(v * k for v, k in zip(vals, tail, strict=True))
        t = self.t
        # every member of states lacks the same total modulo t (they group the same cards)
        if (total - _total(next(iter(states)))) % t:
            self._complete[key] = False
            return False
        fits = sorted(
            (r for r in states if _total(r) <= total and (total - _total(r)) % t == 0),
            key=lambda r: (_total(r), r),
        )
        got = False
        budget = [_SPLIT_BUDGET]
        for r in fits:
            bins = sorted(x for x, n in _parts(r) for _ in range(n))
            bins += [t] * ((total - _total(r)) // t)
            split = _split(bins, 0, list(tail), vals, budget, set())
            if split is None:  # out of budget: decide exactly
                got = self._steps_through(i, states, tail)
                break
            if split:
                got = True
                break
        self._complete[key] = got
        return got

    def _steps_through(self, i: int, states: _States, tail: tuple[int, ...]) -> bool:
        """
        Whether taking *tail* completes a member of *states*: the residual sets stepped card by card.

        The exact check behind :meth:`_completes`, as counting steps them, except that
        the cards to come are known: a residual multiset is dropped as soon as one of
        its residuals, or its total, is not a sum of the cards still to come.
        """
        t = self.t
        cards = [v for v, k in zip(self._vals[i:], tail, strict=True) for _ in range(k)]
        reach = [1] * (len(cards) + 1)  # reach[j]: the subset sums of cards[j:]
        for j in range(len(cards) - 1, -1, -1):
            reach[j] = reach[j + 1] | (reach[j + 1] << cards[j])
        cur: set[int] = {r for r in states if _fillable(r, reach[0], _dead_digits(reach[0], t))}
        for j, v in enumerate(cards):
            later = reach[j + 1]
            dead = _dead_digits(later, t)
            cur = _prune({r for r in _step(cur, v, t) if _fillable(r, later, dead)}, t)
            if not cur:
                return False
        return 0 in cur

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        """
        Every capture in index order, produced as it is found, without counting.

        A depth-first walk of the same tree as indexing that enters a child only
        when some capture goes through it, so each capture costs at most a walk
        down the levels and the checks of the children met on the way. Under the
        building rules, once the cards left force the remaining levels to one of
        a few count vectors (:meth:`_tails`), the walk goes through those vectors
        that complete the node (:meth:`_completes`) instead of making its subtree.
        The cards taken so far are kept on one list, extended and cut back level
        by level, and copied into a tuple for each capture.
        """
        walk = self._walk(self._root(), [])
        if self._skip_zero():
            for capture in walk:
                if capture:
                    yield capture
        else:
            yield from walk

    def _walk(self, key: _Key, taken: list[Card]) -> Iterator[tuple[Card, ...]]:
        """The captures through *key*, in index order; *taken* holds the cards of the levels above."""
        i, states, left = key
        tails = self._tails(i, left) if self._maximal else None
        if tails is not None:
            yield from self._walk_tails(i, [tail for tail in tails if self._completes(i, states, tail)], taken)
            return
        if i == len(self._vals):
            yield tuple(taken)
            return
        depth = len(taken)
        for k, child in self._kids(key):
            if not self._feasible(child):
                continue
            for head in self._combos(i, k):
                taken[depth:] = head
                yield from self._walk(child, taken)
        del taken[depth:]

    def _walk_tails(self, i: int, tails: list[tuple[int, ...]], taken: list[Card]) -> Iterator[tuple[Card, ...]]:
        """
        The captures through the count vectors *tails* of levels *i* on (sorted), in index order.

        *taken* holds the cards of the levels above; each capture is *taken* with
        one choice of cards for each count of a vector.
        """
        if len(tails) == 1:
            # one vector: every choice at each level with every choice below, the last level fastest
            base = tuple(taken)
            levels = [self._combos(lvl, k) for lvl, k in enumerate(tails[0], start=i)]
            for heads in itertools.product(*levels):
                yield base + tuple(itertools.chain.from_iterable(heads))
            return
        if i == len(self._vals) or not tails:
            return
        depth = len(taken)
        start = 0
        while start < len(tails):
            k = tails[start][0]
            end = start
            while end < len(tails) and tails[end][0] == k:
                end += 1
            rest = [tail[1:] for tail in tails[start:end]]
            for head in self._combos(i, k):
                taken[depth:] = head
                yield from self._walk_tails(i + 1, rest, taken)
            start = end
        del taken[depth:]
