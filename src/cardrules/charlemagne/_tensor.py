"""
Charlemagne's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next in turn after it, 2 its partner, 3 the one before).
A card field holds cards only where the observation does, so the tensor shows no more than it.
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import Sparse, TensorField, TensorLayout, dense
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


def sparse(obs: Observation) -> Sparse:
    """The tensor of *obs* by its numbers that are not 0 (the 1s, then the others), as :data:`FIELDS` places them."""
    at = _AT
    index = _INDEX
    me = obs.seat
    us = me % 2
    ones = [index[c] for c in obs.hand]  # "hand" starts the tensor
    ones.append(at["phase"] + _PHASES.index(obs.phase))
    if obs.to_move is not None:
        ones.append(at["to_move"] + (obs.to_move - me) % 4)
    ones.append(at["dealer"] + (obs.dealer - me) % 4)
    base = at["hand_counts"]
    where = [base + (seat - me) % 4 for seat in range(4)]
    what = [n / 10 for n in obs.hand_counts]
    where.append(at["kitty_count"])
    what.append(obs.kitty_count / 2)
    for i, call in enumerate(obs.calls):
        base = at["calls"] + ((obs.dealer + 1 + i - me) % 4) * (_L + 1)
        ones.append(base + (_L if call is None else _LEVEL[call]))
    if obs.bidder is not None:
        ones.append(at["bidder"] + (obs.bidder - me) % 4)
    if obs.contract is not None:
        ones.append(at["contract"] + _LEVEL[obs.contract])
    if obs.source is not None:
        ones.append(at["source"] + (0 if obs.source == "kitty" else 1))
    if obs.trump is not None:
        ones.append(at["trump"] + _FRENCH.index(obs.trump))
    base = at["kitty_taken"]
    ones.extend([base + index[c] for c in obs.kitty_taken])
    if obs.passed is not None:
        ones.append(at["passed"] + index[obs.passed])
    base = at["discards"]
    ones.extend([base + index[c] for c in obs.discards])
    where.append(at["discard_count"])
    what.append(obs.discard_count / 2)
    base = at["out"]
    ones.extend([base + index[c] for c in obs.out])
    where.append(at["out_count"])
    what.append(obs.out_count / 8)
    if obs.open_hand is not None:
        base = at["open_hand"]
        ones.extend([base + index[c] for c in obs.open_hand])
        ones.append(base + _N)
    ones.append(at["leader"] + (obs.leader - me) % 4)
    if obs.trick:
        base = at["trick"]
        for seat, c in zip(_seat_order(obs), obs.trick, strict=False):
            ones.append(base + ((seat - me) % 4) * _N + index[c])
    base = at["won_us"]
    ones.extend([base + index[c] for c in obs.won[us]])
    base = at["won_them"]
    ones.extend([base + index[c] for c in obs.won[1 - us]])
    base = at["tricks"]
    where += [base, base + 1, at["match"], at["match"] + 1]
    what += [obs.tricks[us] / 8, obs.tricks[1 - us] / 8, obs.match[us] / TARGET, obs.match[1 - us] / TARGET]
    return ones, where, what


def fill(obs: Observation) -> list[float]:
    """The tensor of *obs* as a list of floats, in the order of :data:`FIELDS`."""
    return dense(_SIZE, sparse(obs))


TENSOR: Final = TensorLayout(game="charlemagne", version=1, fields=FIELDS, fill=fill, sparse=sparse)
"""Charlemagne's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
assert _AT["hand"] == 0, "sparse writes the hand from the tensor's start"
