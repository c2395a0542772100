"""Mililla's "press play" deal: one round that shows following, beating, trumping and the 7 rule."""

from __future__ import annotations

import itertools
from typing import Any, Final

from cardrules._words import _C
from cardrules.engine import DemoDeal

__all__ = ["DEMO"]

_RULESET: Final = "mililla(single_round=true)"
_SHOWS: Final = ("mililla.follow.suit", "mililla.follow.beat", "mililla.follow.trump", "mililla.seven")


def _round_over(game: Any, state: Any) -> bool:
    return bool(state.rounds) or state.round_no > 0


def _trumped(game: Any, states: list[Any]) -> bool:
    """Whether some trick of the deal was won by a trump played to another suit led."""
    for before, after in itertools.pairwise(states):
        if sum(after.tricks) > sum(before.tricks):  # a trick was completed
            trump, cards = after.turn_up.suit, after.last_trick
            if cards[0].suit is not trump and any(c.suit is trump for c in cards):
                return True
    return False


DEMO: Final = DemoDeal(
    _RULESET,
    1,
    (
        "2B", "3B", "AB", "HB", "2E", "4E", "3E", "7E", "2C", "7C", "4C", "AC", "4B", "6B", "KB", "KO", "3C", "HO",
        "3O", "KC", "5E", "HE", "5O", "6E", "5B", "5C", "2O", "JB", "JE", "JO", "6C", "HC", "7B", "6O", "JC", "AE",
        "AO", "7O", "KE", "4O",
    ),
    _SHOWS,
    _C("demo", "following, beating, trumping and the 7 rule"),
    limit=41, stop=_round_over, keep=_trumped,
)  # fmt: skip
"""The deal the search chose (seed 1, the greedy bot at every seat): a whole round."""
