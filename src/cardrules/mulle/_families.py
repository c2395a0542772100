"""
The move families :func:`~cardrules.mulle.legal_moves` is made of: the lazily counted captures of
one card at one value (their capture spaces made on demand, by a bounded cache of a pure
function), the build and trail moves made once and shared, the random capture
:meth:`MulleMoves.sample` draws, and the building rules' families of a hand (the hot path of
random play).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card
from cardrules.mulle._captures import CaptureSpace
from cardrules.mulle._cards import _BINFO, _SUMS16, _TVAL, PACK
from cardrules.mulle._partition import random_group
from cardrules.mulle._state import Capture, Move, State, Trail, Turn, _build, _capture

_SPACES: Final = 64
"""The most capture spaces :func:`capture_space` keeps (the least recently asked go first)."""


class _Captures(tuple[Card, int, tuple[Card, ...], bool, bool]):
    """
    Every capture with one card at one value: a lazily counted family of moves.

    ``_Captures((card, t, table, maximal, allow_empty))``. A tuple, because
    :func:`legal_moves` makes one for every card that can capture and a tuple
    is made in C. It holds nothing else: its capture space comes from :func:`capture_space`.
    """

    __slots__ = ()

    @property
    def card(self) -> Card:
        """The hand card played."""
        return self[0]

    @property
    def t(self) -> int:
        """The value it captures."""
        return self[1]

    @property
    def space(self) -> CaptureSpace:
        """The capture space, made only when counting or listing (:func:`capture_space`)."""
        return capture_space(self[2], self[1], self[3], self[4])

    def move(self, taken: Sequence[Card]) -> Capture:
        return _capture(self[0], taken, self[1])  # Capture(...), taken sorted into a tuple

    def _only(self) -> tuple[Card, ...] | None:
        """
        The loose cards of the family's one capture when the table allows only one, found without a
        capture space, else ``None``: the cards worth at most t summing to t (every such card is then
        taken), or, under the building rules, all of them when each is worth t, or none (only the
        builds are taken) when they sum to less.
        """
        t = self[1]
        cards = [c for c in self[2] if _TVAL[c] <= t]
        total = sum(map(_TVAL.__getitem__, cards))
        if total == t:
            return tuple(cards)
        if self[3]:  # maximal: a capture takes every card worth t, and every group summing to t
            if total < t:
                return ()  # a build of t is the capture (the family exists, so there is one)
            if _TVAL[min(cards, key=_TVAL.__getitem__)] == t:
                return tuple(cards)
        return None

    def size(self) -> int:
        """The number of captures in the family (a capture space counts them unless there is one)."""
        return 1 if self._only() is not None else self.space.count()

    def at(self, index: int) -> Capture:
        """The family's capture of *index*, in the capture space's order (0 <= index < size)."""
        only = self._only()
        return self.move(only if only is not None else self.space[index])


@functools.lru_cache(maxsize=_SPACES)
def capture_space(table: tuple[Card, ...], t: int, maximal: bool, allow_empty: bool) -> CaptureSpace:
    """
    The capture space of a card worth *t* on *table* (see :class:`_Captures`): a pure function of
    its whole input, cached (one of the caches ``docs/design.md`` names), so that counting the
    moves, then indexing or listing them, works out each space once. A space fills its own tables
    of counts as it is asked, and gives the same answers whatever it was asked before.
    """
    return CaptureSpace(table, _TVAL, t, maximal, allow_empty)


_ONTO: Final = {c: {x: _build(c, x, _BINFO[c][2] + _TVAL[x]) for x in _BINFO} for c in _BINFO}
"""The build of each hand card onto each loose card (the two cards fix its value), made once and shared."""


_LBIT: Final = {c: 1 << _TVAL[c] for c in PACK.cards}  # a loose card's value bit, made once


_HBIT: Final = {c: _BINFO[c][1] for c in PACK.cards}  # a hand card's value bit (building rules), made once


_Family = Move | _Captures


_TRAILS: Final = {c: Trail(c) for c in PACK.cards}


# each seat's record of trailing each card, made once and shared (a Trail the caller made is recorded as its equal here)
_TRAIL_TURNS: Final = tuple({c: Turn(seat, t) for c, t in _TRAILS.items()} for seat in range(4))


_HOT: Final = {
    c: (hv, bit, tv, bit if buildable else 0, _TRAILS[c], _ONTO[c]) for c, (hv, bit, tv, buildable) in _BINFO.items()
}
"""Per card, for :func:`_building_families`: hand value, its bit, table value, the bit again if the card
may be built (mulle.build.scoring-card) else 0, its trail and its builds onto loose cards."""


def _random_capture(table: tuple[Card, ...], t: int, maximal: bool, rng: random.Random) -> list[Card]:
    """Draw groups one at a time, each uniform among the remaining ones (see :meth:`MulleMoves.sample`)."""
    cards: list[Card] = []
    values: list[int] = []
    total = 0
    tval = _TVAL
    for c in table:
        v = tval[c]
        if v <= t:
            cards.append(c)
            values.append(v)
            total += v
    if maximal and (total == t or (cards and min(values) == t)):
        return cards  # one group of them all, or each card a group: a maximal capture takes them all
    taken: list[Card] = []
    while total >= t:  # else no group is left (a quick test before the counting)
        idx = random_group(cards, values, t, rng)
        if idx is None:
            break
        for i in reversed(idx):
            taken.append(cards.pop(i))
            total -= values.pop(i)
        if not maximal and rng.random() < 0.5:
            break
    return taken


def _building_families(state: State, seat: int) -> list[_Family]:
    """
    The move families of the building rules, in :class:`MulleMoves` order.

    The same rules as :func:`_build_targets` and :func:`_trail_violation`,
    computed once for the whole hand. This is the hot path of random play, so
    sets of values are bitmasks (bit ``v`` for value ``v``) and cards are
    compared by identity (cards are interned).
    """
    table = state.table
    builds = state.builds
    tval = _TVAL
    lbit = _LBIT
    full = _SUMS16
    sums = 1  # bit s: some loose cards sum to s (mulle.capture)
    loose_values = 0  # bit v: some loose card is worth v
    for x in table:
        sums = (sums | (sums << tval[x])) & full
        loose_values |= lbit[x]
    build_values = owned = raisable = 0  # bit v: a build of v / of v owned by seat / of v not locked
    open_builds: list[tuple[int, int]] = []  # (index, value) of each build not locked
    if builds:
        for i, b in enumerate(builds):
            value = b.value
            bit = 1 << value
            build_values |= bit
            if b.owner == seat:
                owned |= bit
            if not b.locked:
                raisable |= bit
                open_builds.append((i, value))
    hbit = _HBIT
    held = twice = 0  # bit v: a hand card / two or more hand cards capture v
    hand = state.hands[seat]
    for c in hand:
        bit = hbit[c]
        twice |= held & bit
        held |= bit
    once = held & ~twice
    blocked = owned & once  # mulle.build.owner: the owner's last card of a build's value only captures
    capturable = sums | build_values
    targets = loose_values | raisable  # bit v: something to build on is worth v
    lock = state.rules.locking_builds
    may_trail = not owned  # mulle.build.owner
    families: list[_Family] = []
    append = families.append
    hot = _HOT
    prev = None
    for card in hand:
        if card is prev:  # equal cards are adjacent in a hand
            continue
        prev = card
        t, bit, hv, buildable, trail, onto = hot[card]
        can_capture = capturable & bit
        if can_capture:
            append(_Captures((card, t, table, True, (build_values & bit) != 0)))
        if buildable & ~blocked:
            keep = held ^ (once & bit)  # mulle.build.keep: the values another hand card captures
            if (targets << hv) & keep or (lock and raisable & bit & keep):
                if (loose_values << hv) & keep:
                    kept = keep >> hv  # bit v: this card on a loose card worth v makes a kept value
                    px = None
                    for x in table:  # each distinct loose card (equal cards are adjacent on the table)
                        if x is not px:
                            px = x
                            if kept & lbit[x]:
                                append(onto[x])
                for i, value in open_builds:
                    if (keep >> (value + hv)) & 1:
                        append(_build(card, i, value + hv))
                    if lock and value == hv and keep & bit:
                        append(_build(card, i, hv))
        if may_trail and not can_capture:
            append(trail)
    if state.rules.capture_duty == "hand" and may_trail:
        # mulle.capture.duty (hand): no trail while some card can capture or build
        others = [f for f in families if type(f) is not Trail]
        if others:
            families = others
    return families
