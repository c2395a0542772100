"""
The steps of Mulle's factored encoding (see :mod:`cardrules.mulle._encoding`): its action
numbers, and what a capture's steps may choose.

Whether a capture is legal depends only on how many cards of each value it takes (they must split
into groups each worth the capture's value and, under the building rules, leave no such group
behind). :func:`_capture_options` answers one step: after the cards chosen so far, a next card is
offered when some legal count of every lower value can follow; a short search over the values,
high to low, with the open groups' missing amounts as its state, decides that (a search's tables
live as long as the query that makes them). :func:`_listed` lists a value's captures at once, when
they are few: the sums of groups worth the value that the table holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules.cards import Card
from cardrules.errors import InvalidActionError
from cardrules.mulle._cards import _ORDER, _TVAL, PACK
from cardrules.mulle._families import _Captures
from cardrules.mulle._state import State

_CARDS: Final = tuple(dict.fromkeys(PACK.cards))
_N: Final = len(_CARDS)
HAND: Final = 0
TRAIL: Final = _N
CAPTURE: Final = TRAIL + 1  # + value - 1
BUILD: Final = CAPTURE + 16  # + value - 1
TABLE: Final = BUILD + 16  # + card index
ONTO: Final = TABLE + _N  # + build index
MAX_BUILDS: Final = 16
DONE: Final = ONTO + MAX_BUILDS
SIZE: Final = DONE + 1
_KEY: Final = {c: (-_TVAL[c], _ORDER[c]) for c in _CARDS}  # the order captured cards are chosen in


_Open = tuple[tuple[int, ...], int, bool]
"""A point of the search: the open groups' missing amounts, what the cards left behind make, whether any is taken."""


def _reach(values: Sequence[int], avail: Sequence[int]) -> list[int]:
    """``reach[i]``: bit s set when the cards of the value levels from i on (*avail[i]* cards of
    value *values[i]* each) can make the sum s."""
    reach = [1] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        mask = reach[i + 1]
        for _ in range(avail[i]):
            mask |= mask << values[i]
        reach[i] = mask
    return reach


class _Search:
    """
    The search behind a capture's options, for one value on one table. The table's cards worth at
    most *t* are its levels, by value from high to low; a query fixes how many of each level the
    cards chosen so far take and asks whether some count of one level, then any counts of the
    lower ones, can complete a capture. The lower levels' part is the same for every candidate of
    the query, so it is searched once a query and kept in the search's own table.
    """

    __slots__ = ("_free", "allow_empty", "avail", "by_value", "full", "maximal", "reach", "t", "values")

    def __init__(self, table: tuple[Card, ...], t: int, maximal: bool, allow_empty: bool) -> None:
        by_value: dict[int, list[Card]] = {}
        for c in sorted((c for c in table if _TVAL[c] <= t), key=_KEY.__getitem__):
            by_value.setdefault(_TVAL[c], []).append(c)
        self.by_value = by_value
        self.values = values = sorted(by_value, reverse=True)
        self.avail = avail = [len(by_value[v]) for v in values]
        self.t = t
        self.maximal = maximal
        self.allow_empty = allow_empty
        self.full = (1 << (t + 1)) - 1
        self.reach = _reach(values, avail)
        self._free: dict[tuple[int, tuple[int, ...], int, bool], bool] = {}  # free's answers, this query's

    def _left(self, left: int, i: int, n: int) -> int:
        """*left* with the cards of level *i* that a take of *n* of them leaves behind (maximal captures only)."""
        if self.maximal:
            v, full = self.values[i], self.full
            for _ in range(self.avail[i] - n):
                left = (left | (left << v)) & full
        return left

    def free(self, i: int, open_groups: tuple[int, ...], left: int, taken: bool) -> bool:
        """Whether any counts of the levels from *i* on close every open group and make a legal capture (kept)."""
        key = (i, open_groups, left, taken)
        found = self._free.get(key)
        if found is None:
            found = self._free[key] = self._search(i, open_groups, left, taken)
        return found

    def _search(self, i: int, open_groups: tuple[int, ...], left: int, taken: bool) -> bool:
        can = self.reach[i]
        if open_groups and (not (can >> sum(open_groups)) & 1 or any(not (can >> r) & 1 for r in open_groups)):
            return False  # an open group, or all of them together, can no longer be filled
        t, maximal = self.t, self.maximal
        if i == len(self.values):
            return not open_groups and (taken or self.allow_empty) and not (maximal and (left >> t) & 1)
        v = self.values[i]
        states = {open_groups}
        for n in range(self.avail[i] + 1):
            rest = self._left(left, i, n)
            # what is left must make no group of t (maximal); else take more of this value
            if not (maximal and (rest >> t) & 1):
                for s in states:
                    if self.free(i + 1, s, rest, taken or n > 0):
                        return True
            states = _add(states, v, t)
            if not states:
                break
        return False

    def fixed(self, counts: Sequence[int]) -> list[set[_Open]]:
        """The points of the search before each level (and after the last) when each level takes *counts*."""
        t, maximal = self.t, self.maximal
        cur: set[_Open] = {((), 1, False)}
        out = [cur]
        for i, n in enumerate(counts):
            nxt: set[_Open] = set()
            for open_groups, left, taken in cur:
                groups = {open_groups}
                for _ in range(n):
                    groups = _add(groups, self.values[i], t)
                rest = self._left(left, i, n)
                if groups and not (maximal and (rest >> t) & 1):
                    nxt.update((g, rest, taken or n > 0) for g in groups)
            out.append(nxt)
            cur = nxt
        return out

    def least(self, points: set[_Open], i: int, lo: int, hi: int) -> int | None:
        """The least count from *lo* to *hi* of level *i* after *points* that the lower levels can complete, if any."""
        t, maximal, v = self.t, self.maximal, self.values[i]
        frontier = [({p[0]}, p[1], p[2]) for p in points]
        for n in range(hi + 1):
            if n >= lo:
                for groups, left, taken in frontier:
                    rest = self._left(left, i, n)
                    if maximal and (rest >> t) & 1:
                        continue
                    if any(self.free(i + 1, g, rest, taken or n > 0) for g in groups):
                        return n
            frontier = [(g, left, taken) for groups, left, taken in frontier if (g := _add(groups, v, t))]
            if not frontier:
                break
        return None

    def paths(self) -> dict[tuple[int, ...], list[int]] | None:
        """
        When the value has at most :data:`_FEW` captures: every sequence of table actions that
        begins one, with the actions that can follow it (``done`` where it is one), ascending;
        else ``None``. Worked out from the legal counts of each level (:meth:`_counts`).
        """
        vectors: list[tuple[int, ...]] = []
        if self._counts(0, {((), 1, False)}, [], vectors, [_NODES]):
            return _paths_of(self, vectors)
        return None

    def _counts(
        self, i: int, points: set[_Open], counts: list[int], out: list[tuple[int, ...]], budget: list[int]
    ) -> bool:
        """
        Add to *out* every legal count of each level from *i* on after *points* (which can all
        complete a capture), *counts* the counts of the levels before; ``False`` once there are more
        than :data:`_FEW`, or once the walk has entered more than *budget* points (a one-item list).
        """
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if i == len(self.values):
            out.append(tuple(counts))
            return len(out) <= _FEW
        t, maximal, v = self.t, self.maximal, self.values[i]
        frontier = [({p[0]}, p[1], p[2]) for p in points]
        for n in range(self.avail[i] + 1):
            nxt: set[_Open] = set()
            for groups, left, taken in frontier:
                rest = self._left(left, i, n)
                if maximal and (rest >> t) & 1:
                    continue
                nxt.update((g, rest, taken or n > 0) for g in groups if self.free(i + 1, g, rest, taken or n > 0))
            if nxt:
                counts.append(n)
                more = self._counts(i + 1, nxt, counts, out, budget)
                counts.pop()
                if not more:
                    return False
            frontier = [(g, left, taken) for groups, left, taken in frontier if (g := _add(groups, v, t))]
            if not frontier:
                break
        return True


_FEW: Final = 16
"""The most captures of one value whose steps :meth:`_Search.paths` lists (past it, each query searches)."""
_NODES: Final = 64
"""The most points :meth:`_Search._counts` enters before it gives up listing (each query then searches)."""


def _paths_of(sp: _Search, vectors: list[tuple[int, ...]]) -> dict[tuple[int, ...], list[int]] | None:
    """The table actions of the captures with these counts of each level, as :meth:`_Search.paths` gives them."""
    levels = []
    for v in sp.values:
        distinct: list[tuple[int, int]] = []  # (action, copies) in the order the cards are chosen in
        for c in sp.by_value[v]:
            a = TABLE + _ORDER[c]
            if distinct and distinct[-1][0] == a:
                distinct[-1] = (a, distinct[-1][1] + 1)
            else:
                distinct.append((a, 1))
        levels.append(distinct)
    found: dict[tuple[int, ...], set[int]] = {}
    total = 0
    for counts in vectors:
        takes = []
        for distinct, n in zip(levels, counts, strict=True):
            takes.append(list(_takes(distinct, 0, n)))
        for parts in itertools.product(*takes):
            total += 1
            if total > _FEW:
                return None
            seq = tuple(itertools.chain.from_iterable(parts))
            for k in range(len(seq)):
                found.setdefault(seq[:k], set()).add(seq[k])
            found.setdefault(seq, set()).add(DONE)
    return {k: sorted(v) for k, v in found.items()}


def _takes(distinct: list[tuple[int, int]], j: int, n: int) -> Iterator[tuple[int, ...]]:
    """Every choice of *n* of the cards ``distinct[j:]`` (actions and copies), each in the order chosen."""
    if n == 0:
        yield ()
        return
    if j == len(distinct):
        return
    a, copies = distinct[j]
    for x in range(min(copies, n), -1, -1):
        for rest in _takes(distinct, j + 1, n - x):
            yield (a,) * x + rest


def _add(states: set[tuple[int, ...]], v: int, t: int) -> set[tuple[int, ...]]:
    """Every multiset of open groups' missing amounts after one more card of value *v*."""
    out: set[tuple[int, ...]] = set()
    for s in states:
        if v < t:
            out.add(tuple(sorted((*s, t - v), reverse=True)))
        elif v == t:
            out.add(s)
        for j, r in enumerate(s):
            if r >= v and (j == 0 or s[j - 1] != r):
                rest = (*s[:j], *s[j + 1 :])
                out.add(tuple(sorted((*rest, r - v), reverse=True)) if r > v else rest)
    return out


def _search(fam: _Captures) -> _Search:
    """The capture search of *fam*'s value on its table, for one query."""
    return _Search(fam[2], fam[1], fam[3], fam[4])


def _capture_options(state: State, fam: _Captures, picked: Sequence[Card]) -> list[int]:
    """The table actions (and ``done``) that can still complete a capture of *fam* after *picked*."""
    t = fam[1]
    table = fam[2]
    sp = _search(fam)
    remaining = list(table)
    for c in picked:
        if c not in remaining or _TVAL[c] > t:
            raise InvalidActionError(f"the {c} is not a loose table card this capture can take")
        remaining.remove(c)
    keys = [_KEY[c] for c in picked]
    if keys != sorted(keys):
        raise InvalidActionError("a capture's table cards are chosen from high value to low, then pack order")
    last = keys[-1] if keys else None
    chosen: dict[int, int] = {}
    for c in picked:
        chosen[_TVAL[c]] = chosen.get(_TVAL[c], 0) + 1
    values = sp.values
    points = sp.fixed([chosen.get(v, 0) for v in values])

    # The cards of each value still on the table from the last one chosen on, in the order they are chosen in
    ahead: dict[int, list[Card]] = {}
    for c in sorted(remaining, key=_KEY.__getitem__):
        if _TVAL[c] <= t and (last is None or _KEY[c] >= last):
            ahead.setdefault(_TVAL[c], []).append(c)
    if picked:
        v = _TVAL[picked[-1]]
        i = values.index(v)
        if sp.least(points[i], i, chosen[v], chosen[v] + len(ahead.get(v, ()))) is None:
            raise InvalidActionError(f"no legal capture takes the {picked[-1]} after the cards chosen before it")
    out: list[int] = []
    k = len(values)
    if any(sp.free(k, *p) for p in points[k]):
        out.append(DONE)
    # The candidates of one value, in the order they are chosen in: a later one leaves fewer cards of
    # its value to take, so those that can complete a capture are the first few, those that leave at
    # least the least number of cards of that value some capture still takes.
    for v, cards in ahead.items():
        i = values.index(v)
        have = chosen.get(v, 0)
        n = sp.least(points[i], i, have + 1, have + len(cards))
        if n is not None:
            # a card's first copy in the list: the cards from it on are those it leaves to take
            out.extend(
                TABLE + _ORDER[c]
                for j, c in enumerate(cards)
                if (j == 0 or cards[j - 1] != c) and len(cards) - j >= n - have
            )
    return sorted(out)


_DONE_BIT: Final = 1 << DONE
_Tree = dict[tuple[int, ...], int]
"""A capture's steps: each sequence of table actions that begins one, and the actions that can follow it as bits."""


_LISTED: Final = 96
"""The most captures of one value whose steps :func:`_listed` lists (past it, each step searches)."""
_SUMS: Final = 128
"""The most sums of groups :func:`_listed` goes through before it gives up listing."""
_WIDTH: Final = 5  # bits of a level's count in a packed count vector (at most 8 cards a value: no overflow)
_GUARD1: Final = 1 << (_WIDTH - 1)


def _listed(fam: _Captures) -> _Tree | None:
    """
    The steps of every capture of *fam* when there are at most :data:`_LISTED`, else ``None``.

    A capture is a count of the table's cards of each value (a level, from high to low) that
    splits into groups each worth the capture's value, and, under the building rules, leaves no
    such group behind. So the groups (the counts that make the value) are listed, then every sum
    of them that the table holds: a sum is a capture, and, under the building rules, a capture
    leaves a group behind exactly when that group can be added to it. The counts of each level are
    packed into one int, :data:`_WIDTH` bits a level, so that adding counts is adding ints, and
    whether the table holds a count is one subtraction (a level that holds fewer borrows the top
    bit of its field). Each capture's steps then choose its cards of each level in the order they
    are chosen in. Exact, so a walk's capture at done is legal as it stands (the tests hold it to
    :func:`~cardrules.mulle._encoding.options` and to the legal moves).
    """
    t, table, maximal, allow_empty = fam[1], fam[2], fam[3], fam[4]
    by_value: dict[int, list[Card]] = {}
    for c in sorted((c for c in table if _TVAL[c] <= t), key=_KEY.__getitem__):
        by_value.setdefault(_TVAL[c], []).append(c)
    values = list(by_value)  # high to low: the cards are in the order they are chosen in
    avail = [len(by_value[v]) for v in values]
    guard = cap = 0
    for i, n in enumerate(avail):
        guard |= _GUARD1 << (_WIDTH * i)
        cap |= (n | _GUARD1) << (_WIDTH * i)  # each level's count, with its field's top bit set
    reach = _reach(values, avail)
    groups: list[int] = []

    def group(i: int, rest: int, packed: int) -> None:
        if not rest:
            groups.append(packed)
            return
        if not (reach[i] >> rest) & 1:
            return
        v, shift = values[i], _WIDTH * i
        for n in range(min(avail[i], rest // v) + 1):
            group(i + 1, rest - n * v, packed + (n << shift))

    group(0, t, 0)
    sums = {0}
    todo = [0]
    while todo:
        have = todo.pop()
        for g in groups:
            more = have + g
            if more not in sums and (cap - more) & guard == guard:
                if len(sums) >= _SUMS:
                    return None
                sums.add(more)
                todo.append(more)
    mask = (1 << _WIDTH) - 1
    distinct = [_distinct(by_value[v]) for v in values]
    takes: dict[tuple[int, int], list[tuple[int, ...]]] = {}  # (level, count): its choices of cards
    captures = []  # each capture's choices of cards, level by level
    listed = 0
    for packed in sorted(sums, reverse=True):
        if not packed and not allow_empty:
            continue
        if maximal and any((cap - packed - g) & guard == guard for g in groups):
            continue  # a group is left behind
        choices = []
        ways = 1
        for i in range(len(values)):
            n = (packed >> (_WIDTH * i)) & mask
            key = (i, n)
            these = takes.get(key)
            if these is None:
                these = takes[key] = list(_takes(distinct[i], 0, n))
            choices.append(these)
            ways *= len(these)
        listed += ways
        if listed > _LISTED:
            return None
        captures.append(choices)
    found: _Tree = {}
    for choices in captures:
        for parts in itertools.product(*choices):
            seq = tuple(itertools.chain.from_iterable(parts))
            for k in range(len(seq)):
                found[seq[:k]] = found.get(seq[:k], 0) | 1 << seq[k]
            found[seq] = found.get(seq, 0) | _DONE_BIT
    return found


def _distinct(cards: list[Card]) -> list[tuple[int, int]]:
    """The table actions of *cards* (one level, in the order they are chosen in), each with its copies."""
    distinct: list[tuple[int, int]] = []
    for c in cards:
        a = TABLE + _ORDER[c]
        if distinct and distinct[-1][0] == a:
            distinct[-1] = (a, distinct[-1][1] + 1)
        else:
            distinct.append((a, 1))
    return distinct
