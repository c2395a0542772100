"""Charlemagne's "press play" deal: one round with a bid of 6, then a Mulot, played out."""

from __future__ import annotations

import random
from typing import Any, Final

from cardrules._words import _C
from cardrules.engine import DemoDeal

__all__ = ["DEMO"]

_RULESET: Final = "charlemagne(single_round=true)"
_SHOWS: Final = ("charlemagne.bid.ladder", "charlemagne.contract.mulot")


def _bids(game: Any, state: Any, rng: random.Random) -> Any:
    """The bidding of the demo: the first seat bids 6, the next Mulot, the others pass; the greedy bot after."""
    if state.phase != "bid":
        return None
    wanted = {0: "bid 6", 1: "bid mulot"}.get(len(state.calls), "pass")
    return next((m for m in game.legal_moves(state) if game.format_move(state, m) == wanted), None)


def _round_over(game: Any, state: Any) -> bool:
    return bool(state.rounds)


def _made(game: Any, states: list[Any]) -> bool:
    """Whether the Mulot was made (the bidder's side scored the round)."""
    last = states[-1]
    if not last.rounds:
        return False
    side = last.bidder % 2 if last.bidder is not None else 0
    return bool(last.rounds[-1].points[side] > 0)


DEMO: Final = DemoDeal(
    _RULESET,
    2,
    (
        "bid 6", "bid mulot", "pass", "pass", "7D", "8D", "QD", "10S", "9S", "JS", "9C", "QC", "8C", "QS", "AS", "BJ",
        "10H", "AH", "KH", "KD", "JD", "JH", "AD", "10D", "JC", "LJ", "QH", "KC",
    ),
    _SHOWS,
    _C("demo", "a bid of 6, then a Mulot"),
    limit=60, choose=_bids, stop=_round_over, keep=_made,
)  # fmt: skip
"""The deal the search chose (seed 2): seat 3 bids 6, seat 0 Mulot and makes it; a whole round."""
