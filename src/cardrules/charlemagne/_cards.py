"""Charlemagne's card facts, computed once: suits and strengths under each trump, hand order, names, trick winner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import _common, _messages
from cardrules._words import Message
from cardrules.cards import JOKERS, Card, Pack, Rank, Suit
from cardrules.errors import InvalidOptionError, WrongKindError

BIG_JOKER: Final = Card(Rank.BIG, Suit.JOKER)
LITTLE_JOKER: Final = Card(Rank.LITTLE, Suit.JOKER)
_FRENCH: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
PACK: Final = Pack("Charlemagne", tuple(Card(r, s) for s in _FRENCH for r in _RANKS) + JOKERS)
"""Charlemagne's pack, A to 7 in the four French suits and the Big and the Little joker (34 cards)."""
_SAME_COLOUR: Final = {
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
}
_PLAIN_RANK: Final = {
    Rank.ACE: 14,
    Rank.KING: 13,
    Rank.QUEEN: 12,
    Rank.JACK: 11,
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
}
# The strengths above a plain ace, high to low: the two jokers, then the jack of the trump suit and
# the other jack of its colour (charlemagne.trump.order).
_BIG_STRENGTH: Final = 20
_LITTLE_STRENGTH: Final = 19
_TRUMP_JACK_STRENGTH: Final = 18
_COLOUR_JACK_STRENGTH: Final = 17


def _tables(trump: Suit | None) -> tuple[dict[Card, Suit], dict[Card, int]]:
    """Each card's suit for following and its strength, with *trump* (``None``: Mulot)."""
    suit: dict[Card, Suit] = {}
    strength: dict[Card, int] = {}
    for c in PACK.cards:
        if c.suit is Suit.JOKER:
            suit[c] = Suit.JOKER if trump is None else trump
            strength[c] = _BIG_STRENGTH if c.rank is Rank.BIG else _LITTLE_STRENGTH
        elif trump is not None and c.rank is Rank.JACK and c.suit in (trump, _SAME_COLOUR[trump]):
            suit[c] = trump
            strength[c] = _TRUMP_JACK_STRENGTH if c.suit is trump else _COLOUR_JACK_STRENGTH
        else:
            suit[c] = c.suit
            strength[c] = _PLAIN_RANK[c.rank]
    return suit, strength


_MODES: Final[tuple[Suit | None, ...]] = (None, *_FRENCH)
_SUIT_OF: Final = {m: _tables(m)[0] for m in _MODES}
_STRENGTH: Final = {m: _tables(m)[1] for m in _MODES}
_HAND_ORDER: Final = _common.pack_order(PACK)
_JOKER: Final = Suit.JOKER

# The same tables with the mode looked up by identity: the suits are enum members (singletons),
# and a dict keyed by id() is read in C, where a Suit key calls the enum's __hash__ in Python.
# Cards are interned and hash by identity already.
_SUIT_OF_ID: Final = {id(m): _SUIT_OF[m] for m in _MODES}
_STRENGTH_ID: Final = {id(m): _STRENGTH[m] for m in _MODES}
_PLURAL: Final = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
    Suit.JOKER: "jokers",
}
_SINGULAR: Final = {
    Suit.SPADES: "a spade",
    Suit.HEARTS: "a heart",
    Suit.DIAMONDS: "a diamond",
    Suit.CLUBS: "a club",
    Suit.JOKER: "a joker",
}
_RANK_NAME: Final = {
    Rank.ACE: "ace",
    Rank.KING: "king",
    Rank.QUEEN: "queen",
    Rank.JACK: "jack",
    Rank.TEN: "10",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}


def trump_order(trump: Suit | None) -> tuple[Card, ...]:
    """
    The trumps from high to low: with a trump suit, the two jokers, the two
    jacks of its colour and the rest of the suit; with ``None`` (Mulot), the
    two jokers (``charlemagne.trump.order``, ``charlemagne.mulot.trumps``).

    Example:
        >>> " ".join(map(str, charlemagne.trump_order(cardrules.Suit.HEARTS)))
        'BJ LJ JH JD AH KH QH 10H 9H 8H 7H'
    """
    _check_trump(trump)
    top = Suit.JOKER if trump is None else trump
    suit, strength = _SUIT_OF[trump], _STRENGTH[trump]
    return tuple(sorted((c for c in PACK.cards if suit[c] is top), key=lambda c: -strength[c]))


def suit_order(suit: Suit, trump: Suit | None) -> tuple[Card, ...]:
    """
    The cards that follow *suit* when *trump* is trump (``None``: Mulot), high to low.

    Example:
        >>> " ".join(map(str, charlemagne.suit_order(cardrules.Suit.DIAMONDS, cardrules.Suit.HEARTS)))
        'AD KD QD 10D 9D 8D 7D'
    """
    _check_trump(trump)
    if not isinstance(suit, Suit):
        raise WrongKindError(f"a suit is a cardrules.Suit, not {_messages.kind_name(suit)}")
    table, strength = _SUIT_OF[trump], _STRENGTH[trump]
    return tuple(sorted((c for c in PACK.cards if table[c] is suit), key=lambda c: -strength[c]))


def _check_trump(trump: object) -> None:
    """Refuse anything but a trump of the game: a suit of the pack, or ``None`` for Mulot."""
    if trump is not None and not (isinstance(trump, Suit) and trump in _SUIT_OF):
        said = Message("a trump is a suit of the pack or None (Mulot), not {got}", got=_messages.value(trump))
        if isinstance(trump, Suit):
            raise _messages.said(InvalidOptionError, said)
        raise WrongKindError(str(said))


def _card_name(card: Card) -> str:
    if card.rank is Rank.BIG:
        return "the Big joker"
    if card.rank is Rank.LITTLE:
        return "the Little joker"
    return f"the {_RANK_NAME[card.rank]} of {_PLURAL[card.suit]}"


def _names(cards: Sequence[Card]) -> str:
    names = [_card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_HAND_ORDER.__getitem__))


def _card_name_safe(card: object) -> str:
    """*card* in words: by name for a card of the pack, by its text for another card."""
    if isinstance(card, Card):
        return _card_name(card) if card in _HAND_ORDER else f"the {card}"
    return _messages.shown(card)


def _suit_text(suit: object) -> str:
    if isinstance(suit, Suit):
        return _PLURAL.get(suit, suit.value)
    return _messages.shown(suit)


def _trumps_in(trick: Sequence[Card], trump: Suit | None) -> int:
    """How many trumps of the suit *trump* are in *trick* (none in Mulot, where *trump* is ``None``)."""
    if trump is None:
        return 0
    suit_of = _SUIT_OF_ID[id(trump)]
    return sum(1 for c in trick if suit_of[c] is trump)


def _trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index in *trick* of the card winning it (charlemagne.trick.winner)."""
    suit_of, strength = _SUIT_OF_ID[id(trump)], _STRENGTH_ID[id(trump)]
    keys = [(suit_of[c], strength[c]) for c in trick]
    top = _JOKER if trump is None else trump
    best = 0
    best_suit, best_value = keys[0]  # the best card so far is always of the suit led or a trump
    for i in range(1, len(keys)):
        suit, value = keys[i]
        # A card wins so far if it is higher in the suit of the best card, or the first trump
        # on a card of the suit led (a card of any other suit never wins).
        if (suit is best_suit and value > best_value) or (suit is top and best_suit is not top):
            best, best_suit, best_value = i, suit, value
    return best
