"""
Mililla's observation tensor: a flat float32 layout of :func:`observe`'s fields, seats counted
from the observer (0 the observer, 1 the next to play after it, 2 its partner, 3 the one before).
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import Sparse, TensorField, TensorLayout, dense
from cardrules.cards import SPANISH_PACK, Suit
from cardrules.mililla._ruleset import TARGET
from cardrules.mililla._state import Observation

_INDEX: Final = {c: i for i, c in enumerate(SPANISH_PACK.cards)}
_SUITS: Final = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
_N: Final = len(SPANISH_PACK.cards)

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
)


def sparse(obs: Observation) -> Sparse:
    """The tensor of *obs* by its numbers that are not 0 (the 1s, then the others), as :data:`FIELDS` places them."""
    at = _AT
    index = _INDEX
    me = obs.seat
    us = me % 2
    ones = [index[c] for c in obs.hand]  # "hand" starts the tensor
    base = at["trick"]
    leader = obs.trick_leader
    for i, c in enumerate(obs.trick):
        ones.append(base + ((leader + i - me) % 4) * _N + index[c])
    base = at["won_us"]
    ones.extend([base + index[c] for c in obs.won[us]])
    base = at["won_them"]
    ones.extend([base + index[c] for c in obs.won[1 - us]])
    ones.append(at["turn_up"] + index[obs.turn_up])
    if obs.turn_up_in_hand:
        ones.append(at["turn_up_in_hand"])
    base = at["led"]
    led = obs.led
    for i, s in enumerate(_SUITS):
        if s in led:
            ones.append(base + i)
    ones.append(at["dealer"] + (obs.dealer - me) % 4)
    ones.append(at["leader"] + (leader - me) % 4)
    if obs.to_move is not None:
        ones.append(at["to_move"] + (obs.to_move - me) % 4)
    base = at["hand_counts"]
    where = [base + (seat - me) % 4 for seat in range(4)]
    what = [n / 10 for n in obs.hand_counts]
    base = at["tricks"]
    where += [base, base + 1, at["match"], at["match"] + 1, at["bonus"], at["bonus"] + 1]
    what += [
        obs.tricks[us] / 10,
        obs.tricks[1 - us] / 10,
        obs.match[us] / TARGET,
        obs.match[1 - us] / TARGET,
        obs.deal_bonus / 10,
        obs.held_bonus / 10,
    ]
    return ones, where, what


def fill(obs: Observation) -> list[float]:
    """The tensor of *obs* as a list of floats, in the order of :data:`FIELDS`."""
    return dense(_SIZE, sparse(obs))


TENSOR: Final = TensorLayout(game="mililla", version=1, fields=FIELDS, fill=fill, sparse=sparse)
"""Mililla's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
assert _AT["hand"] == 0, "sparse writes the hand from the tensor's start"
