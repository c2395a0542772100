"""Positions the edge tests share."""

from __future__ import annotations

from typing import Any

import cardrules
from cardrules import mulle


def trail_only(game: cardrules.Game[Any, Any, Any, Any], trails: int, seed: int = 3) -> Any:
    """A Mulle position reached by legal play where every player only trailed: a large table."""
    state = game.new_game(seed=seed)
    for _ in range(trails):
        hand = state.hands[state.to_play]
        state = game.apply(state, mulle.Trail(hand[0]))
    return state
