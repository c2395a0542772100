"""
Charlemagne's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next in turn after it, 2 its partner, 3 the one before).
A card field holds cards only where the observation does, so the tensor shows no more than it.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card, Suit
from cardrules.charlemagne._cards import _FRENCH, _SUIT_OF, PACK
from cardrules.charlemagne._legal import _ORDERS
from cardrules.charlemagne._state import _LADDER, _LEVEL, TARGET, Contract, Observation
from cardrules.engine._learning import Packed, TensorField, TensorLayout, card_bits, field_offsets, slots

_N: Final = len(PACK.cards)
_PHASES: Final = ("bid", "source", "give", "discard", "trump", "play")
_L: Final = len(_LADDER)

FIELDS: Final = (
    TensorField("hand", _N, "1 for each card in the observer's hand, by pack order"),
    TensorField("phase", len(_PHASES), "1 for the phase: bid, source, give, discard, trump, play"),
    TensorField("to_move", 4, "1 for the relative seat to act (all 0 once the match is over)"),
    TensorField("dealer", 4, "1 for the dealer's relative seat"),
    TensorField("hand_counts", 4, "each relative seat's hand size, divided by 10"),
    TensorField("kitty_count", 1, "the cards left in the kitty, divided by 2"),
    TensorField(
        "calls", 4 * (_L + 1), "per relative seat: 1 for each contract it bid (8, low to high), then 1 if it passed"
    ),
    TensorField("bidder", 4, "1 for the bidder's relative seat, once the bidding is over"),
    TensorField("contract", _L, "1 for the contract, once the bidding is over (5 to Gros Charlemagne)"),
    TensorField("source", 2, "1 for Gros Charlemagne's chosen source: kitty, partner"),
    TensorField("trump", 4, "1 for the trump suit: spades, hearts, diamonds, clubs (none in Mulot)"),
    TensorField("kitty_taken", _N, "the kitty cards the bidder took (shown to the bidder only)"),
    TensorField("passed", _N, "the card the partner passed (shown to the partner and the bidder only)"),
    TensorField("discards", _N, "the bidder's discards (shown to the bidder only)"),
    TensorField("discard_count", 1, "how many cards the bidder has discarded, divided by 2"),
    TensorField("out", _N, "the partner's cards thrown away in a solo contract (shown to the partner only)"),
    TensorField("out_count", 1, "how many cards the partner has thrown away, divided by 8"),
    TensorField("open_hand", _N + 1, "the Gros Mulot bidder's hand once face up, then 1 if it is face up"),
    TensorField("leader", 4, "1 for the relative seat that led the current trick"),
    TensorField("trick", 4 * _N, "the current trick: 34 per relative seat, 1 for the card that seat played to it"),
    TensorField("won_us", _N, "1 for each card the observer's side has won this hand"),
    TensorField("won_them", _N, "1 for each card the other side has won this hand"),
    TensorField("tricks", 2, "tricks won this hand, the observer's side then the other, divided by 8"),
    TensorField("match", 2, "match points, the observer's side then the other, divided by the target (32)"),
    TensorField(
        "played", 4 * _N, "the hand's history: 34 per relative seat, 1 for each card that seat has played this hand"
    ),
    TensorField(
        "voids",
        4 * 5,
        "5 per relative seat, 1 for each suit it has shown it lacks this hand (spades, hearts, diamonds, clubs, "
        "jokers): by not following it, the trumps counting as one suit with the jokers and the Little Jack; in "
        "Mulot, the jokers a suit of their own, also by not playing a joker when void in the suit led",
    ),
)


_BIT, _bits = card_bits(PACK.cards)
_PHASE: Final = {p: i for i, p in enumerate(_PHASES)}
_CALL: Final[dict[Contract | None, int]] = {None: _L, **{c: i for c, i in _LEVEL.items()}}
_TRUMP: Final = {s: i for i, s in enumerate(_FRENCH)}
_AT: Final = {name: start for name, (start, _) in field_offsets(FIELDS).items()}
assert _AT["hand"] == 0, "packed writes the hand from the tensor's start"
# Each field's start, as a constant of its own: packed runs at every step of a learning env.
_PHASE_AT, _TO_MOVE, _DEALER, _LEADER = _AT["phase"], _AT["to_move"], _AT["dealer"], _AT["leader"]
_WON_US, _WON_THEM, _CALLS, _BIDDER = _AT["won_us"], _AT["won_them"], _AT["calls"], _AT["bidder"]
_CONTRACT, _SOURCE, _TRUMP_AT, _KITTY = _AT["contract"], _AT["source"], _AT["trump"], _AT["kitty_taken"]
_PASSED, _DISCARDS, _OUT, _OPEN, _TRICK = _AT["passed"], _AT["discards"], _AT["out"], _AT["open_hand"], _AT["trick"]
_PLAYED, _VOIDS = _AT["played"], _AT["voids"]
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate((*_FRENCH, Suit.JOKER))}


def _calls_bits(calls: tuple[Contract | None, ...], seat: int) -> int:
    """The bits of *calls*, the first made by relative seat *seat* (then each next seat in turn)."""
    bits = 0
    for call in calls:
        bits |= 1 << _CALLS + (seat % 4) * (_L + 1) + _CALL[call]
        seat += 1
    return bits


def _played(obs: Observation, out: int | None) -> int:
    """The bits of the ``played`` and ``voids`` fields: the completed tricks, then the current trick."""
    me = obs.seat
    bits = 0
    for leader, cards in obs.history:
        bits |= _trick_bits(cards, _ORDERS[leader, out], me, obs.trump)
    if obs.trick:
        bits |= _trick_bits(obs.trick, _ORDERS[obs.leader, out], me, obs.trump)
    return bits


def _trick_bits(cards: tuple[Card, ...], order: tuple[int, ...], me: int, trump: Suit | None) -> int:
    """The ``played`` and ``voids`` bits of one trick played by the seats of *order* in turn."""
    suit_of = _SUIT_OF[trump]
    led = suit_of[cards[0]]
    bits = 0
    for seat, c in zip(order, cards, strict=False):
        rel = (seat - me) % 4
        bits |= _BIT[c] << _PLAYED + rel * _N
        if suit_of[c] is not led:
            bits |= 1 << _VOIDS + rel * 5 + _SUIT_INDEX[led]
            if trump is None and c.suit is not Suit.JOKER:  # charlemagne.mulot.joker-void
                bits |= 1 << _VOIDS + rel * 5 + _SUIT_INDEX[Suit.JOKER]
    return bits


def packed(obs: Observation) -> Packed:
    """The tensor of *obs* packed: its 1s as bits, then the numbers of :data:`SLOTS` (see :data:`FIELDS`)."""
    me = obs.seat
    us = me % 2
    won = obs.won
    leader = obs.leader
    bits = (
        _bits(obs.hand)
        | 1 << _PHASE_AT + _PHASE[obs.phase]
        | 1 << _DEALER + (obs.dealer - me) % 4
        | 1 << _LEADER + (leader - me) % 4
        | _bits(won[us]) << _WON_US
        | _bits(won[1 - us]) << _WON_THEM
    )
    if obs.to_move is not None:
        bits |= 1 << _TO_MOVE + (obs.to_move - me) % 4
    if obs.calls:
        bits |= _calls_bits(obs.calls, (obs.dealer + 1 - me) % 4)
    bidder, contract = obs.bidder, obs.contract
    if bidder is not None:
        bits |= 1 << _BIDDER + (bidder - me) % 4
    if contract is not None:
        bits |= 1 << _CONTRACT + _LEVEL[contract]
    if obs.source is not None:
        bits |= 1 << _SOURCE + (0 if obs.source == "kitty" else 1)
    if obs.trump is not None:
        bits |= 1 << _TRUMP_AT + _TRUMP[obs.trump]
    if obs.kitty_taken:
        bits |= _bits(obs.kitty_taken) << _KITTY
    if obs.passed is not None:
        bits |= _BIT[obs.passed] << _PASSED
    if obs.discards:
        bits |= _bits(obs.discards) << _DISCARDS
    if obs.out:
        bits |= _bits(obs.out) << _OUT
    if obs.open_hand is not None:
        bits |= (_bits(obs.open_hand) | 1 << _N) << _OPEN
    # The seats in trick order from the leader; a solo contract's partner sits out.
    out = (bidder + 2) % 4 if contract is not None and contract.is_solo and bidder is not None else None
    if obs.trick or obs.history:
        bits |= _played(obs, out)
    if obs.trick:
        seat = leader
        for c in obs.trick:
            if seat == out:
                seat = (seat + 1) % 4
            bits |= _BIT[c] << _TRICK + ((seat - me) % 4) * _N
            seat = (seat + 1) % 4
    counts = obs.hand_counts
    tricks, match = obs.tricks, obs.match
    return bits, (
        counts[me] / 10,
        counts[(me + 1) % 4] / 10,
        counts[(me + 2) % 4] / 10,
        counts[(me + 3) % 4] / 10,
        obs.kitty_count / 2,
        obs.discard_count / 2,
        obs.out_count / 8,
        tricks[us] / 8,
        tricks[1 - us] / 8,
        match[us] / TARGET,
        match[1 - us] / TARGET,
    )


SLOTS: Final = slots(FIELDS, "hand_counts", "kitty_count", "discard_count", "out_count", "tricks", "match")
"""The positions of the numbers that are not 0 or 1: counts, tricks and match points."""

TENSOR: Final = TensorLayout(game="charlemagne", version=2, fields=FIELDS, packed=packed, slots=SLOTS)
"""Charlemagne's observation tensor (see :doc:`/rl` for the table). Version 2 adds the hand's history:
``played`` and ``voids`` (version 1 ended at ``match``; the fields before keep their places)."""
assert _AT == {name: start for name, (start, _) in TENSOR.offsets().items()}
