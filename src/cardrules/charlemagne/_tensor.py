"""
Charlemagne's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next in turn after it, 2 its partner, 3 the one before).
A card field holds cards only where the observation does, so the tensor shows no more than it.
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import TensorField, TensorLayout, one_hot_cards
from cardrules.cards import CHARLEMAGNE_PACK
from cardrules.charlemagne._cards import _FRENCH
from cardrules.charlemagne._state import _LADDER, _LEVEL, TARGET, Observation

_INDEX: Final = {c: i for i, c in enumerate(CHARLEMAGNE_PACK.cards)}
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


def fill(obs: Observation) -> list[float]:
    """The tensor of *obs* as a list of floats, in the order of :data:`FIELDS`."""
    out = [0.0] * _SIZE
    at = _AT
    me = obs.seat
    us = me % 2
    one_hot_cards(out, at["hand"], obs.hand, _INDEX)
    out[at["phase"] + _PHASES.index(obs.phase)] = 1.0
    if obs.to_move is not None:
        out[at["to_move"] + (obs.to_move - me) % 4] = 1.0
    out[at["dealer"] + (obs.dealer - me) % 4] = 1.0
    for seat, n in enumerate(obs.hand_counts):
        out[at["hand_counts"] + (seat - me) % 4] = n / 10
    out[at["kitty_count"]] = obs.kitty_count / 2
    for i, call in enumerate(obs.calls):
        base = at["calls"] + ((obs.dealer + 1 + i - me) % 4) * (_L + 1)
        out[base + (_L if call is None else _LEVEL[call])] = 1.0
    if obs.bidder is not None:
        out[at["bidder"] + (obs.bidder - me) % 4] = 1.0
    if obs.contract is not None:
        out[at["contract"] + _LEVEL[obs.contract]] = 1.0
    if obs.source is not None:
        out[at["source"] + (0 if obs.source == "kitty" else 1)] = 1.0
    if obs.trump is not None:
        out[at["trump"] + _FRENCH.index(obs.trump)] = 1.0
    one_hot_cards(out, at["kitty_taken"], obs.kitty_taken, _INDEX)
    if obs.passed is not None:
        out[at["passed"] + _INDEX[obs.passed]] = 1.0
    one_hot_cards(out, at["discards"], obs.discards, _INDEX)
    out[at["discard_count"]] = obs.discard_count / 2
    one_hot_cards(out, at["out"], obs.out, _INDEX)
    out[at["out_count"]] = obs.out_count / 8
    if obs.open_hand is not None:
        one_hot_cards(out, at["open_hand"], obs.open_hand, _INDEX)
        out[at["open_hand"] + _N] = 1.0
    out[at["leader"] + (obs.leader - me) % 4] = 1.0
    if obs.trick:
        base = at["trick"]
        for seat, c in zip(_seat_order(obs), obs.trick, strict=False):
            out[base + ((seat - me) % 4) * _N + _INDEX[c]] = 1.0
    one_hot_cards(out, at["won_us"], obs.won[us], _INDEX)
    one_hot_cards(out, at["won_them"], obs.won[1 - us], _INDEX)
    base = at["tricks"]
    out[base], out[base + 1] = obs.tricks[us] / 8, obs.tricks[1 - us] / 8
    base = at["match"]
    out[base], out[base + 1] = obs.match[us] / TARGET, obs.match[1 - us] / TARGET
    return out


TENSOR: Final = TensorLayout(game="charlemagne", version=1, fields=FIELDS, fill=fill)
"""Charlemagne's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
