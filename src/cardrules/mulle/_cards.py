"""Mulle's card facts, computed once: table and hand values, card and mulle points, and the pack order of hands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import _common
from cardrules.cards import FRENCH_CARDS, Card, Pack, Rank, Suit
from cardrules.mulle._ruleset import MulleRuleset

PACK: Final = Pack("double French", FRENCH_CARDS + FRENCH_CARDS)
"""Mulle's pack, two French packs without jokers (104 cards, each card twice)."""


_ORDER: Final = _common.pack_order(PACK)


_ORDER_OF: Final = _ORDER.__getitem__


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_ORDER_OF))


_LILLAN: Final = Card(Rank.TWO, Suit.SPADES)


_STORAN: Final = Card(Rank.TEN, Suit.DIAMONDS)


_TVAL: Final[dict[Card, int]] = {c: c.rank.pips for c in PACK.cards}


_BHV: Final[dict[Card, int]] = {
    c: 14 if c.rank is Rank.ACE else 15 if c == _LILLAN else 16 if c == _STORAN else c.rank.pips for c in PACK.cards
}


_SCORING: Final = frozenset(c for c in PACK.cards if c.rank is Rank.ACE or c in (_LILLAN, _STORAN))


_SUMS16: Final = (1 << 17) - 1


_FISHING_VALUES: Final = {c: (1, 14) if c.rank is Rank.ACE else (_TVAL[c],) for c in PACK.cards}


_BINFO: Final = {c: (_BHV[c], 1 << _BHV[c], _TVAL[c], c not in _SCORING) for c in PACK.cards}
"""Per card, building rules: hand value, its bit, table value, whether it may be built (mulle.build.scoring-card)."""


def _hand_values(rules: MulleRuleset, card: Card) -> tuple[int, ...]:
    """The values *card* may capture with (fishing ace: 1 and 14)."""
    return (_BHV[card],) if rules.building else _FISHING_VALUES[card]


def _build_value(card: Card) -> int:
    return _BHV[card]


def _card_points(card: Card) -> int:
    """Building card points (mulle.points.cards)."""
    if card.suit is Suit.SPADES:
        return 2 if card.rank in (Rank.ACE, Rank.TWO) else 1
    if card.rank is Rank.ACE:
        return 1
    return 2 if card == _STORAN else 0


_CARD_POINTS: Final = {c: _card_points(c) for c in PACK.cards}


def _mulle_points(rules: MulleRuleset, card: Card) -> int:
    if rules.mulle_value == "fixed":
        return 5
    if card.rank is Rank.ACE:
        return 14
    if rules.mulle_value == "hand":
        return _BHV[card]
    return _TVAL[card]
