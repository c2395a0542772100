"""
Mililla's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next to play after it, 2 its partner, 3 the one before).
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card, Suit
from cardrules.engine._learning import Packed, TensorField, TensorLayout, card_bits, field_offsets, slots
from cardrules.mililla._cards import PACK
from cardrules.mililla._ruleset import TARGET
from cardrules.mililla._state import Observation, PlayedTricks

_SUITS: Final = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
_N: Final = len(PACK.cards)

FIELDS: Final = (
    TensorField("hand", _N, "1 for each card in the observer's hand, by pack order"),
    TensorField("trick", 4 * _N, "the current trick: 40 per relative seat, 1 for the card that seat played to it"),
    TensorField("won_us", _N, "1 for each card the observer's side has won this round"),
    TensorField("won_them", _N, "1 for each card the other side has won this round"),
    TensorField("turn_up", _N, "1 for the turned-up card (its suit is trump)"),
    TensorField("turn_up_in_hand", 1, "1 while the dealer still holds the turned-up card"),
    TensorField("led", 4, "1 for each suit led to a completed trick this round (oros, copas, espadas, bastos)"),
    TensorField("hand_counts", 4, "each relative seat's hand size, divided by 10"),
    TensorField("dealer", 4, "1 for the dealer's relative seat"),
    TensorField("leader", 4, "1 for the relative seat that led the current trick"),
    TensorField("to_move", 4, "1 for the relative seat to play (all 0 once the match is over)"),
    TensorField("tricks", 2, "tricks won this round, the observer's side then the other, divided by 10"),
    TensorField("match", 2, "match points, the observer's side then the other, divided by the target (35)"),
    TensorField("bonus", 2, "the turn-up bonus of this deal and the bonus held back, divided by 10"),
    TensorField(
        "played", 4 * _N, "the round's history: 40 per relative seat, 1 for each card that seat has played this round"
    ),
    TensorField(
        "voids",
        4 * 4,
        "4 per relative seat, 1 for each suit it has shown it lacks by not following it this round "
        "(oros, copas, espadas, bastos)",
    ),
)


_BIT, _bits = card_bits(PACK.cards)
_LED: Final = {
    frozenset(s for i, s in enumerate(_SUITS) if n >> i & 1): sum(1 << i for i in range(4) if n >> i & 1)
    for n in range(16)
}


_AT: Final = {name: start for name, (start, _) in field_offsets(FIELDS).items()}
assert _AT["hand"] == 0, "packed writes the hand from the tensor's start"
# Each field's start, as a constant of its own: packed runs at every step of a learning env.
_WON_US, _WON_THEM, _TURN_UP, _LED_AT = _AT["won_us"], _AT["won_them"], _AT["turn_up"], _AT["led"]
_DEALER, _LEADER, _TO_MOVE, _TRICK = _AT["dealer"], _AT["leader"], _AT["to_move"], _AT["trick"]
_IN_HAND: Final = 1 << _AT["turn_up_in_hand"]
_TRICK_LAST: Final = _TRICK + 3 * _N
_PLAYED, _VOIDS = _AT["played"], _AT["voids"]
_SUIT_BIT: Final = {s: 1 << i for i, s in enumerate(_SUITS)}


def _played(history: PlayedTricks, me: int, trick: tuple[Card, ...], leader: int) -> int:
    """The bits of the ``played`` and ``voids`` fields: the completed tricks, then the current trick."""
    bits = 0
    for lead_seat, cards in history:
        bits |= _trick_bits(cards, (lead_seat - me) % 4)
    if trick:
        bits |= _trick_bits(trick, (leader - me) % 4)
    return bits


def _trick_bits(cards: tuple[Card, ...], rel: int) -> int:
    """The ``played`` and ``voids`` bits of one trick led by relative seat *rel*."""
    bits = 0
    lead = cards[0].suit
    void = _SUIT_BIT[lead]
    for c in cards:
        bits |= _BIT[c] << _PLAYED + rel * _N
        if c.suit is not lead:
            bits |= void << _VOIDS + rel * 4
        rel = (rel + 1) % 4
    return bits


def packed(obs: Observation) -> Packed:
    """The tensor of *obs* packed: its 1s as bits, then the numbers of :data:`SLOTS` (see :data:`FIELDS`)."""
    me = obs.seat
    us = me % 2
    won = obs.won
    leader = (obs.trick_leader - me) % 4
    bits = (
        _bits(obs.hand)
        | _bits(won[us]) << _WON_US
        | _bits(won[1 - us]) << _WON_THEM
        | _BIT[obs.turn_up] << _TURN_UP
        | _LED[obs.led] << _LED_AT
        | 1 << _DEALER + (obs.dealer - me) % 4
        | 1 << _LEADER + leader
        | _played(obs.history, me, obs.trick, obs.trick_leader)
    )
    trick = _TRICK + leader * _N
    for c in obs.trick:
        bits |= _BIT[c] << trick
        trick = trick + _N if trick < _TRICK_LAST else _TRICK
    if obs.turn_up_in_hand:
        bits |= _IN_HAND
    if obs.to_move is not None:
        bits |= 1 << _TO_MOVE + (obs.to_move - me) % 4
    counts = obs.hand_counts
    tricks, match = obs.tricks, obs.match
    return bits, (
        counts[me] / 10,
        counts[(me + 1) % 4] / 10,
        counts[(me + 2) % 4] / 10,
        counts[(me + 3) % 4] / 10,
        tricks[us] / 10,
        tricks[1 - us] / 10,
        match[us] / TARGET,
        match[1 - us] / TARGET,
        obs.deal_bonus / 10,
        obs.held_bonus / 10,
    )


SLOTS: Final = slots(FIELDS, "hand_counts", "tricks", "match", "bonus")
"""The positions of the numbers that are not 0 or 1: hand counts, tricks, match points and bonuses."""

TENSOR: Final = TensorLayout(game="mililla", version=2, fields=FIELDS, packed=packed, slots=SLOTS)
"""Mililla's observation tensor (see :doc:`/rl` for the table). Version 2 adds the round's history:
``played`` and ``voids`` (version 1 ended at ``bonus``; the fields before keep their places)."""
assert _AT == {name: start for name, (start, _) in TENSOR.offsets().items()}
