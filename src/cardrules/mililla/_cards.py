"""Mililla's card facts, computed once: points, strength in each rank order, hand order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from cardrules import _common
from cardrules.cards import SPANISH_CARDS, Card, Pack, Rank, Suit

PACK: Final = Pack("Spanish", SPANISH_CARDS, spanish=True)
"""Mililla's pack, the Spanish 40-card pack (A-7, jack or sota, horse or caballo, king)."""

# Card facts, computed once.
POINTS: Final[Mapping[Rank, int]] = {Rank.SEVEN: 5, Rank.ACE: 4, Rank.KING: 3, Rank.HORSE: 2, Rank.JACK: 1}
_CARD_POINTS: Final = {c: POINTS.get(c.rank, 0) for c in PACK.cards}
_ORDER_SEED: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
    Rank.SEVEN, Rank.JACK, Rank.HORSE, Rank.KING,
)  # fmt: skip
_ORDER_MALILLA: Final = (
    Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.JACK,
    Rank.HORSE, Rank.KING, Rank.ACE, Rank.SEVEN,
)  # fmt: skip
_STRENGTH: Final = {
    "seed": {c: _ORDER_SEED.index(c.rank) for c in PACK.cards},
    "malilla": {c: _ORDER_MALILLA.index(c.rank) for c in PACK.cards},
}
_HAND_ORDER: Final = _common.pack_order(PACK)
_SUIT_NAMES: Final = {Suit.OROS: "oros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos"}


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_HAND_ORDER.__getitem__))
