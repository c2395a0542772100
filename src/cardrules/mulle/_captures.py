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
import math
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import lcm
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

    A depth-first search for a split (:func:`_split_search`) finds one at
    once when there is one but can wander when there is none, so it stops
    after a budget of groups tried. A linear program over the possible groups
    (:func:`_split_by_lp`) then either proves that there is none (a proof
    checked in exact arithmetic) or, rounding its fractional split down,
    leaves a few cards for the search to split. It settled all of 20,000
    random multisets; the rare one it leaves open (hill climbing finds some)
    is decided exactly by the residual-set construction along the value vector
    (:func:`_split_residuals`).
    """
    merged: dict[int, int] = {}
    for v, n in counts:
        if n:
            merged[v] = merged.get(v, 0) + n
    pairs = sorted(merged.items(), reverse=True)
    if any(v > t or v <= 0 for v, _ in pairs):
        return False
    if sum(v * n for v, n in pairs) % t:
        return False
    if t % 2 and sum(n for v, n in pairs if v % 2) < sum(v * n for v, n in pairs) // t:
        return False  # every group of an odd value holds an odd card
    found = _split_search(pairs, t, _SEARCH_BUDGET)
    if found is not None:
        return found
    found = _split_by_lp(pairs, t)
    return found if found is not None else _split_residuals(pairs, t)


_SEARCH_BUDGET = 100  # groups tried by _split_search before partitionable turns to the linear program


def _split_search(pairs: list[tuple[int, int]], t: int, budget: int) -> bool | None:
    """
    Split *pairs* (distinct values, largest first) into groups of *t* by depth-first search, or
    ``None`` once *budget* groups have been tried.

    The next group always holds a card of the largest value left (any split has such a group),
    and groups are tried as sub-multisets in value order, so no split is tried twice; a count
    vector found unsplittable is remembered.
    """
    values = [v for v, _ in pairs]
    size = len(values)
    failed: set[tuple[int, ...]] = set()
    left = [budget]

    def groups(vec: list[int], j: int, need: int) -> Iterator[list[tuple[int, int]]]:
        """Every way to take *need* from the values at index *j* on: lists of (index, how many)."""
        if need == 0:
            yield []
            return
        for i in range(j, size):
            v = values[i]
            if v > need or not vec[i]:
                continue
            for k in range(min(vec[i], need // v), 0, -1):
                for rest in groups(vec, i + 1, need - k * v):
                    yield [(i, k), *rest]

    def split(vec: list[int]) -> bool | None:
        first = next((i for i in range(size) if vec[i]), None)
        if first is None:
            return True
        key = tuple(vec)
        if key in failed:
            return False
        # A group holds at most t // v cards worth v or more: too many large cards for the groups
        # left is a dead end. An odd t needs an odd card in every group.
        groups_left = sum(n * v for n, v in zip(vec, values, strict=True)) // t
        large = 0
        for i in range(first, size):
            large += vec[i]
            if large > (t // values[i]) * groups_left:
                failed.add(key)
                return False
        if t % 2 and sum(n for n, v in zip(vec, values, strict=True) if v % 2) < groups_left:
            failed.add(key)
            return False
        vec[first] -= 1  # the group holds one card of the largest value left
        outcome: bool | None = False
        for group in list(groups(vec, first, t - values[first])):
            left[0] -= 1
            if left[0] < 0:
                outcome = None
                break
            for i, k in group:
                vec[i] -= k
            got = split(vec)
            for i, k in group:
                vec[i] += k
            if got is None or got:
                outcome = got
                break
        vec[first] += 1
        if outcome is False:
            failed.add(key)
        return outcome

    return split([n for _, n in pairs])


def _group_patterns(pairs: list[tuple[int, int]], t: int) -> list[tuple[int, ...]]:
    """Every group summing to *t* that *pairs* could supply, as the indices of its values (repeated)."""
    out: list[tuple[int, ...]] = []
    size = len(pairs)

    def walk(i: int, need: int, prefix: tuple[int, ...]) -> None:
        if need == 0:
            out.append(prefix)
            return
        for j in range(i, size):
            v, n = pairs[j]
            for k in range(1, min(n, need // v) + 1):
                walk(j + 1, need - k * v, prefix + (j,) * k)

    walk(0, t, ())
    return out


_LP_EPS: Final = 1e-9


def _split_by_lp(pairs: list[tuple[int, int]], t: int) -> bool | None:
    """
    Whether *pairs* (distinct values, largest first) split into groups of *t*, decided through
    linear programming, or ``None`` when it leaves the question open.

    A split writes the count vector ``n`` as a sum of group vectors ``p``
    (each ``p <= n``, summing to *t*). The first phase of the simplex method,
    in floating point with the group vectors as columns, asks whether even a
    fractional sum exists.

    - When none does, its dual values ``y`` weigh the values so that every
      group weighs at most 0 and ``n`` more than 0. Rounded to integers and
      checked exactly against every group, such a ``y`` proves that no sum of
      groups is ``n``: ``False``. Floating point only finds ``y``; the exact
      check decides, so a rounding error costs a fallback, never a wrong answer.
    - When one does, each group it uses is taken as many whole times as it
      uses it, and :func:`_split_search` splits the few cards left: ``True``
      if it does. If it does not, one and then two fewer of each group are
      taken. The groups are checked to be made of the cards, in integers.
    """
    size = len(pairs)
    groups = _group_patterns(pairs, t)
    if not groups:
        return False  # not even one group can be made
    # Revised simplex, first phase: minimise the artificial variables a in  P x + a = n,  x, a >= 0.
    inverse = [[1.0 if i == j else 0.0 for j in range(size)] for i in range(size)]
    level = [float(n) for _, n in pairs]  # the basic variables' values
    basis: list[tuple[int, ...] | None] = [None] * size  # None: an artificial variable
    y = [1.0] * size  # the dual values: the basic costs (1 for an artificial variable) times the inverse
    for _ in range(_LP_STEPS):
        best = _LP_EPS
        column: tuple[int, ...] = ()
        weigh = y.__getitem__
        for group in groups:
            w = sum(map(weigh, group))
            if w > best:
                best, column = w, group
        if not column:
            break  # optimal
        u = [0.0] * size
        for i in column:
            for r in range(size):
                u[r] += inverse[r][i]
        out = -1
        step = float("inf")
        for r in range(size):
            if u[r] > _LP_EPS and level[r] / u[r] < step:
                step, out = level[r] / u[r], r
        if out < 0:
            return None  # unbounded: impossible in a first phase, so a numerical failure
        pivot = [x / u[out] for x in inverse[out]]
        for r in range(size):
            if r != out and u[r]:
                f = u[r]
                inverse[r] = [a - f * b for a, b in zip(inverse[r], pivot, strict=True)]
                level[r] -= f * step
        inverse[out], level[out], basis[out] = pivot, step, column
        y = [a - best * b for a, b in zip(y, pivot, strict=True)]  # what the entering column weighed goes
    else:
        return None  # too many steps (degenerate cycling): no verdict
    if sum(x for x, b in zip(level, basis, strict=True) if b is None) > _LP_EPS:
        return False if _refutes(y, pairs, groups) else None
    used = [(int(x + _LP_EPS), group) for x, group in zip(level, basis, strict=True) if group is not None]
    for fewer in range(_LP_SLACK + 1):  # if the cards left do not split, leave more of the groups to the search
        rest = [n for _, n in pairs]
        for copies, group in used:
            for i in group:
                rest[i] -= max(0, copies - fewer)
        if any(n < 0 for n in rest):
            return None  # rounding took more than there is: a numerical failure
        left = [(v, n) for (v, _), n in zip(pairs, rest, strict=True) if n]
        if not left or _split_search(left, t, _SEARCH_BUDGET):
            return True
    return None


def _refutes(weights: Sequence[float], pairs: Sequence[tuple[int, int]], groups: Sequence[tuple[int, ...]]) -> bool:
    """
    Whether *weights* (one per value of *pairs*, rounded here to fractions of small denominators)
    prove that the cards of *pairs* are no sum of *groups*: every group weighs at most 0 and the
    cards more than 0. Checked in integers.
    """
    if not all(map(math.isfinite, weights)):
        return False  # a numerical failure
    rounded = [Fraction(w).limit_denominator(_LP_DENOMINATOR) for w in weights]
    scale = lcm(*(w.denominator for w in rounded))
    whole = [int(w * scale) for w in rounded]
    weigh = whole.__getitem__
    return sum(w * n for w, (_, n) in zip(whole, pairs, strict=True)) > 0 and all(
        sum(map(weigh, group)) <= 0 for group in groups
    )


_LP_STEPS: Final = 100  # simplex steps before _split_by_lp gives up (it has needed at most about 40, on 13 values)
_LP_DENOMINATOR: Final = 1000  # the largest denominator tried when rounding the dual values
_LP_SLACK: Final = 2  # how many fewer copies of each group _split_by_lp tries leaving to the search


def _split_residuals(pairs: list[tuple[int, int]], t: int) -> bool:
    """Split *pairs* (distinct values, largest first) into groups of *t*: the residual-set construction."""
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
    number below the count of subsets summing to *t* then names the subset
    (none is drawn when there is only one).
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
    r = rng.randrange(count) if count > 1 else 0  # one subset: nothing to draw
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
