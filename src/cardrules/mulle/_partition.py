"""
Groups of Mulle cards summing to a value: the sums some cards make, one group, a random group, and
whether cards split into groups (:func:`partitionable`, which :func:`~cardrules.mulle.check_move`
asks of every capture). Also the packed residual multisets (what each still open group lacks) that
both the exact split and :class:`~cardrules.mulle._captures.CaptureSpace` step through.
"""

from __future__ import annotations

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


def _parts(res: int) -> tuple[tuple[int, int], ...]:
    """The ``(residual, how many)`` pairs of a packed multiset, largest residual first."""
    return _unpack(res)[0]


def _total(res: int) -> int:
    """The sum of the residuals of a packed multiset."""
    return _unpack(res)[1]


def _unpack(res: int) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """The parts of a packed multiset, the sum and the number of its residuals."""
    out: list[tuple[int, int]] = []
    total = groups = 0
    while res:
        r = (res.bit_length() - 1) // _W
        k = (res >> (_W * r)) & _DIGIT
        out.append((r, k))
        total += r * k
        groups += k
        res -= k << (_W * r)
    return tuple(out), total, groups


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
        _, total, groups = _unpack(res)
        shapes.add((groups, total))
    keep: set[int] = set()
    for res in states:
        parts, total, groups = _unpack(res)
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
    return not res & dead and bool((reach >> (_unpack(res))[1]) & 1)


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
    return _partitionable(pairs, t)


def _partitionable(pairs: list[tuple[int, int]], t: int) -> bool:
    """:func:`partitionable` of the merged *pairs* (value, count), values high to low."""
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
_SHIFT: Final = tuple(_FIELD * v for v in range(17))  # where the count of sum v starts
_KEEP: Final = tuple((1 << (_FIELD * (t + 1))) - 1 for t in range(17))  # the counts of sums 0 to t


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
    shift = _SHIFT
    keep = _KEEP[t]
    ways = [0] * (n + 1)
    ways[n] = acc = 1
    for i in range(n - 1, -1, -1):
        v = values[i]
        if v <= t:
            acc = (acc + (acc << shift[v])) & keep
        ways[i] = acc
    mask = _FIELD_MASK
    count = (acc >> shift[t]) & mask
    if not count:
        return None
    r = 0 if count == 1 else rng.randrange(count)  # one subset: nothing to draw
    out: list[int] = []
    s = t
    for i in range(n):
        if s == 0:
            break
        skip = (ways[i + 1] >> shift[s]) & mask  # the subsets without cards[i]
        if r >= skip:
            r -= skip
            out.append(i)
            s -= values[i]
    return out
