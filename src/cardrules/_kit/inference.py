"""What the public play of a round proves about the hidden hands: :class:`Inference`, and dealing that agrees."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Literal, TypeVar

import attrs

from cardrules._kit.fast import Slotted
from cardrules._kit.hidden import deal_hidden
from cardrules._serial import JsonData
from cardrules.cards import Card

__all__ = [
    "STATS",
    "Inference",
    "InferenceKind",
    "KeepsInferences",
    "by_hidden_hand",
    "deal_agreeing",
    "kept_inferences",
    "voids_among",
]

InferenceKind = Literal["none", "some", "not-both"]

C = TypeVar("C")
Obs = TypeVar("Obs", bound="KeepsInferences")

_KEPT: Final = 64
"""The most observations whose inferences :func:`kept_inferences` keeps (the least recently asked go first)."""


@attrs.frozen
class Inference(JsonData):
    """
    One thing the public play of the round proves about a seat's hand as it is now.

    Each game's ``inferences(observation)`` (and :func:`cardrules.inferences`) derives them from
    the round's public record, play by play, from what the rules make a player do when able
    (follow suit, beat, trump, keep a card to take a build...): a play that did not do it proves
    the player could not. They hold for the real hands, and every sample of
    :func:`cardrules.sample_state` agrees with all of them. ``to_dict()`` gives JSON-ready data.

    Attributes:
        seat: The seat whose hand it is about.
        kind: ``"none"``: the hand holds none of *cards*. ``"some"``: it holds at
            least one of *cards*. ``"not-both"``: it does not hold a card of *cards*
            together with another card of *others* (Mulle's duty to build, with
            ``capture_duty=hand``).
        cards: The cards it is about (for ``"none"``, only cards no one has
            played this round: the hand cannot hold a card already played).
        rule: The id of the rule that proves it, such as ``mililla.follow.suit``.
        play: The play that proves it, by its index among the round's plays
            (from 0, the leads included; Mulle: the index in ``history``), or
            ``None`` for what the deal itself shows (Mililla's turn-up card).
        others: For ``"not-both"``, the second set of cards; else empty.
    """

    seat: int
    kind: InferenceKind
    cards: frozenset[Card]
    rule: str
    play: int | None
    others: frozenset[Card] = frozenset()

    def agrees(self, hand: Sequence[Card]) -> bool:
        """Whether *hand*, the seat's hand now, agrees with this inference."""
        cards = self.cards
        if self.kind == "none":
            return cards.isdisjoint(hand)
        if self.kind == "some":
            return not cards.isdisjoint(hand)
        ins = [i for i, c in enumerate(hand) if c in cards]
        if not ins:
            return True
        outs = [i for i, c in enumerate(hand) if c in self.others]
        return not any(i != j for i in ins for j in outs)


class _Stats:
    """How many constrained deals were made and how many drawn deals were thrown away (benchmarks read it)."""

    __slots__ = ("deals", "rejected")

    def __init__(self) -> None:
        self.deals = 0
        self.rejected = 0

    def reset(self) -> None:
        """Start counting again."""
        self.deals = 0
        self.rejected = 0


STATS: Final = _Stats()
"""The constrained deals made by :func:`deal_agreeing` and the draws it threw away, since the last reset."""

_TRIES: Final = 2000


def deal_agreeing(
    pool: Sequence[C],
    sizes: Mapping[str, int],
    inferences: Mapping[str, Iterable[Inference]],
    rng: random.Random,
    held: Mapping[str, Sequence[C]] | None = None,
) -> dict[str, list[C]]:
    """
    Deal every card of *pool* to the places of *sizes*, each exactly its size, so that each place's
    hand (its *held* cards, then those dealt) agrees with its *inferences*.

    ``"none"`` inferences are bans, dealt around by :func:`deal_hidden` (no rejection). For each
    ``"some"`` inference not met by the held cards, one card of its set is placed first, drawn from
    the pool among the cards the place may hold. ``"not-both"`` inferences are checked on the deal,
    which is drawn again if one fails (the only rejection; Mulle's ``capture_duty=hand`` alone has
    them). Every deal that agrees can come out.

    Raises:
        ValueError: If no deal agrees (after many draws), or the sizes miss cards.
    """
    if sum(sizes.values()) != len(pool):
        raise ValueError("the hidden places' sizes do not account for the hidden cards")
    held = held or {}
    by_place = {name: tuple(inferences.get(name, ())) for name in sizes}
    bans: dict[str, frozenset[C]] = {}
    needs: list[tuple[str, frozenset[Card]]] = []
    pairs: list[tuple[str, Inference]] = []
    for name, found in by_place.items():
        banned: set[Card] = set()
        for inference in found:
            if inference.kind == "none":
                banned |= inference.cards
            elif inference.kind == "some":
                if inference.cards.isdisjoint(held.get(name, ())):
                    needs.append((name, inference.cards))
            else:
                pairs.append((name, inference))
        if banned:
            bans[name] = frozenset(banned)  # type: ignore[arg-type]
    STATS.deals += 1
    if not needs and not pairs:
        dealt = deal_hidden(pool, sizes, bans, rng)
        return dealt if dealt is not None else _plain(pool, sizes, rng)
    last: ValueError | None = None
    for _ in range(_TRIES):
        placed: dict[str, list[C]] = {name: [] for name in sizes}
        left = list(pool)
        ok = True
        for i in rng.sample(range(len(needs)), len(needs)):
            name, cards = needs[i]
            if not cards.isdisjoint(placed[name]):
                continue
            ban = bans.get(name, frozenset())
            options = [k for k, c in enumerate(left) if c in cards and c not in ban]
            if not options or len(placed[name]) >= sizes[name]:
                ok = False
                break
            placed[name].append(left.pop(rng.choice(options)))
        if ok:
            rest = {name: n - len(placed[name]) for name, n in sizes.items()}
            try:
                dealt = deal_hidden(left, rest, bans, rng)
            except ValueError as exc:
                last = exc
                ok = False
            else:
                dealt = dealt if dealt is not None else _plain(left, rest, rng)
                for name in sizes:
                    placed[name].extend(dealt[name])
                hands = {name: [*held.get(name, ()), *placed[name]] for name in sizes}
                if all(inference.agrees(hands[name]) for name, inference in pairs):  # type: ignore[arg-type]
                    return placed
        STATS.rejected += 1
    raise ValueError("no deal of the hidden cards agrees with what the play proves") from last


def _plain(pool: Sequence[C], sizes: Mapping[str, int], rng: random.Random) -> dict[str, list[C]]:
    cards = list(pool)
    rng.shuffle(cards)
    out: dict[str, list[C]] = {}
    for name, n in sizes.items():
        out[name] = cards[:n]
        del cards[:n]
    return out


def voids_among(proved: Iterable[Inference], seat: int) -> dict[int, frozenset[Card]]:
    """The cards each seat but *seat* cannot hold: the ``"none"`` inferences among *proved*, put together by seat."""
    out: dict[int, set[Card]] = {}
    for inference in proved:
        if inference.kind == "none" and inference.seat != seat:
            out.setdefault(inference.seat, set()).update(inference.cards)
    return {s: frozenset(cards) for s, cards in out.items() if cards}


def by_hidden_hand(proved: Iterable[Inference], seat: int) -> dict[str, list[Inference]]:
    """The inferences among *proved* about the hands hidden from *seat*, by hand (``"hand 2"``)."""
    out: dict[str, list[Inference]] = {}
    for inference in proved:
        if inference.seat != seat:
            out.setdefault(f"hand {inference.seat}", []).append(inference)
    return out


class KeepsInferences(JsonData, Slotted):
    """
    A base of the games' observations, which :func:`kept_inferences` derives the inferences of.
    It adds no slot of its own (the weak-reference slot is :class:`~cardrules._kit.fast.Slotted`'s,
    so that :func:`~cardrules._kit.fast.fast_constructor` builds an observation fast).
    """

    __slots__ = ()


def kept_inferences(observation: Obs, derive: Callable[[Obs], tuple[Inference, ...]]) -> tuple[Inference, ...]:
    """
    The inferences of *observation*, derived by *derive*: a pure function of the observation, so a
    search bot that samples many states from one observation derives them once (the cache
    :func:`_derived`, bounded, keyed by the whole observation and the function).
    """
    return _derived(observation, derive)


@functools.lru_cache(maxsize=_KEPT)
def _derived(observation: Any, derive: Callable[[Any], tuple[Inference, ...]]) -> tuple[Inference, ...]:
    """*derive(observation)*, for :func:`kept_inferences`: one of the caches ``docs/design.md`` names."""
    return derive(observation)
