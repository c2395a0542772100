"""Dealing hidden cards to hidden places when some places may not hold some cards (voids shown by play)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

__all__ = ["deal_hidden"]

C = TypeVar("C")


def deal_hidden(
    pool: Sequence[C],
    sizes: Mapping[str, int],
    banned: Mapping[str, frozenset[C]],
    rng: random.Random,
) -> dict[str, list[C]] | None:
    """
    Deal every card of *pool* to the places of *sizes*, each place getting
    exactly its size, no place getting a card of its *banned* set.

    Returns ``None`` when no ban touches a card of *pool* (the caller deals
    as it always did), else the deal: the banned cards are placed first, in a
    random order, each to a place it may go to, chosen with weights by the
    room left, among the places that still leave a complete deal possible
    (Hall's condition over the sets of places); the other cards then fill the
    room left, shuffled. Every deal that respects the bans can come out.

    Raises:
        ValueError: If the sizes do not add up to the pool, or no deal respects the bans.
    """
    names = list(sizes)
    if sum(sizes.values()) != len(pool):
        raise ValueError("the hidden places' sizes do not account for the hidden cards")
    full = (1 << len(names)) - 1
    mask: dict[C, int] = {}
    for i, name in enumerate(names):
        for card in banned.get(name, ()):
            mask[card] = mask.get(card, full) & ~(1 << i)
    restricted = [c for c in pool if c in mask]
    if not restricted:
        return None
    room = [sizes[n] for n in names]
    subsets = range(full)  # the proper sets of places, the empty one too (all of them holds every card)
    counts: dict[int, int] = {}
    for c in restricted:
        counts[mask[c]] = counts.get(mask[c], 0) + 1
    if not _possible(counts, room, subsets):
        raise ValueError("no deal of the hidden cards agrees with the voids shown")
    rng.shuffle(restricted)
    out: dict[str, list[C]] = {n: [] for n in names}
    for c in restricted:
        m = mask[c]
        counts[m] -= 1
        tight = [s for s in subsets if _held(counts, s) == sum(room[i] for i in _bits(s))]
        options = [i for i in _bits(m) if room[i] > 0 and not any(s >> i & 1 and m & ~s for s in tight)]
        if not options:  # cannot happen while the condition held before this card
            raise ValueError("no deal of the hidden cards agrees with the voids shown")
        i = rng.choices(options, [room[j] for j in options])[0] if len(options) > 1 else options[0]
        room[i] -= 1
        out[names[i]].append(c)
    free = [c for c in pool if c not in mask]
    rng.shuffle(free)
    for i, name in enumerate(names):
        out[name].extend(free[: room[i]])
        del free[: room[i]]
    return out


def _bits(s: int) -> list[int]:
    return [i for i in range(s.bit_length()) if s >> i & 1]


def _held(counts: Mapping[int, int], s: int) -> int:
    """The cards still to place that may only go to places of *s*."""
    return sum(n for m, n in counts.items() if m & ~s == 0)


def _possible(counts: Mapping[int, int], room: Sequence[int], subsets: range) -> bool:
    return all(_held(counts, s) <= sum(room[i] for i in _bits(s)) for s in subsets)
