"""
Charlemagne's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next in turn after it, 2 its partner, 3 the one before).
A card field holds cards only where the observation does, so the tensor shows no more than it.
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import Packed, TensorField, TensorLayout, card_bits, slots
from cardrules.cards import CHARLEMAGNE_PACK
from cardrules.charlemagne._cards import _FRENCH
from cardrules.charlemagne._state import _LADDER, _LEVEL, TARGET, Contract, Observation

_N: Final = len(CHARLEMAGNE_PACK.cards)
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
)


def _seat_order(obs: Observation) -> tuple[int, ...]:
    """The seats in trick order from the leader (a solo contract's partner sits out)."""
    seats = [(obs.leader + i) % 4 for i in range(4)]
    c = obs.contract
    if c is not None and c.is_solo and obs.bidder is not None:
        seats.remove((obs.bidder + 2) % 4)
    return tuple(seats)


_BIT, _bits = card_bits(CHARLEMAGNE_PACK.cards)
_PHASE: Final = {p: i for i, p in enumerate(_PHASES)}
_CALL: Final[dict[Contract | None, int]] = {None: _L, **{c: i for c, i in _LEVEL.items()}}
_TRUMP: Final = {s: i for i, s in enumerate(_FRENCH)}


def packed(obs: Observation) -> Packed:
    """The tensor of *obs* packed: its 1s as bits, then the numbers of :data:`SLOTS` (see :data:`FIELDS`)."""
    at = _AT
    me = obs.seat
    us = me % 2
    bits = (
        _bits(obs.hand)
        | 1 << at["phase"] + _PHASE[obs.phase]
        | 1 << at["dealer"] + (obs.dealer - me) % 4
        | 1 << at["leader"] + (obs.leader - me) % 4
        | _bits(obs.won[us]) << at["won_us"]
        | _bits(obs.won[1 - us]) << at["won_them"]
    )
    if obs.to_move is not None:
        bits |= 1 << at["to_move"] + (obs.to_move - me) % 4
    seat = obs.dealer + 1 - me
    calls = at["calls"]
    for call in obs.calls:
        bits |= 1 << calls + (seat % 4) * (_L + 1) + _CALL[call]
        seat += 1
    if obs.bidder is not None:
        bits |= 1 << at["bidder"] + (obs.bidder - me) % 4
    if obs.contract is not None:
        bits |= 1 << at["contract"] + _LEVEL[obs.contract]
    if obs.source is not None:
        bits |= 1 << at["source"] + (0 if obs.source == "kitty" else 1)
    if obs.trump is not None:
        bits |= 1 << at["trump"] + _TRUMP[obs.trump]
    if obs.kitty_taken:
        bits |= _bits(obs.kitty_taken) << at["kitty_taken"]
    if obs.passed is not None:
        bits |= _BIT[obs.passed] << at["passed"]
    if obs.discards:
        bits |= _bits(obs.discards) << at["discards"]
    if obs.out:
        bits |= _bits(obs.out) << at["out"]
    if obs.open_hand is not None:
        bits |= (_bits(obs.open_hand) | 1 << _N) << at["open_hand"]
    if obs.trick:
        trick = at["trick"]
        for seat, c in zip(_seat_order(obs), obs.trick, strict=False):
            bits |= _BIT[c] << trick + ((seat - me) % 4) * _N
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

TENSOR: Final = TensorLayout(game="charlemagne", version=1, fields=FIELDS, packed=packed, slots=SLOTS)
"""Charlemagne's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
assert _AT["hand"] == 0, "packed writes the hand from the tensor's start"
