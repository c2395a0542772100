"""
Dealing hidden cards to hidden places when some places may not hold some cards (voids shown by play),
and the full state a sample of the hidden cards makes with an observation.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

__all__ = ["deal_hidden", "state_from"]

C = TypeVar("C")
S = TypeVar("S", bound=AttrsInstance)


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
    every = range(full + 1)
    # cap[s]: the room left in the places of s; held[s]: the banned cards still to place that may only go to s.
    cap = [sum(room[i] for i in range(len(names)) if s >> i & 1) for s in every]
    held = [0] * (full + 1)
    for c in restricted:
        for s in _supersets(mask[c], full):
            held[s] += 1
    if any(held[s] > cap[s] for s in every):
        raise ValueError("no deal of the hidden cards agrees with the voids shown")
    rng.shuffle(restricted)
    out: dict[str, list[C]] = {n: [] for n in names}
    for c in restricted:
        m = mask[c]
        for s in _supersets(m, full):
            held[s] -= 1
        # Place c at i only if every set of places holding i but not all of c's places keeps room for
        # the banned cards that must go there (Hall's condition for what is left).
        options = [i for i in _bits(m) if room[i] > 0 and all(held[s] < cap[s] for s in _crossing(i, m, full))]
        if not options:  # cannot happen while the condition held before this card
            raise ValueError("no deal of the hidden cards agrees with the voids shown")
        if len(options) == 1:
            i = options[0]
        else:  # weighted by the room left: random.choices, without its setup
            pick = rng.random() * sum(room[j] for j in options)
            for i in options:
                pick -= room[i]
                if pick < 0:
                    break
        room[i] -= 1
        for s in _supersets(1 << i, full):
            cap[s] -= 1
        out[names[i]].append(c)
    free = [c for c in pool if c not in mask]
    rng.shuffle(free)
    for i, name in enumerate(names):
        out[name].extend(free[: room[i]])
        del free[: room[i]]
    return out


def state_from(state_type: type[S], observation: object, rng: random.Random, **hidden: Any) -> S:
    """
    A full state of *state_type* that agrees with *observation*: the fields given in *hidden* (where
    the cards the observation does not show went), a new match seed drawn from *rng*, no decks
    pending for later rounds, and every other field the observation's field of the same name.
    """
    given = {"seed": rng.getrandbits(63), "pending_decks": (), **hidden}
    fields = attrs.fields(state_type)
    return state_type(**{f.alias: given[f.name] if f.name in given else getattr(observation, f.name) for f in fields})


@functools.cache
def _bits(s: int) -> tuple[int, ...]:
    return tuple(i for i in range(s.bit_length()) if s >> i & 1)


@functools.cache
def _supersets(m: int, full: int) -> tuple[int, ...]:
    """The sets of places (bit masks up to *full*) that contain every place of *m*."""
    return tuple(s for s in range(full + 1) if s & m == m)


@functools.cache
def _crossing(i: int, m: int, full: int) -> tuple[int, ...]:
    """The sets of places that contain place *i* but not every place of *m*."""
    return tuple(s for s in range(full + 1) if s >> i & 1 and m & ~s)
