"""Random positions of every game and preset, for the bot and sampling tests."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

import cardrules
from tests.variants import VARIANTS


def position(text: str, seed: int, steps: int) -> tuple[cardrules.Game[Any, Any, Any, Any], Any]:
    """The game of *text* and the state after up to *steps* random legal moves from *seed* (not past the end)."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, game.legal_moves(state).sample(rng))
    return game, state


@st.composite
def positions(draw: st.DrawFn, *, live: bool = True) -> tuple[cardrules.Game[Any, Any, Any, Any], Any]:
    """A game and a position of it reached by random play; with *live*, one where the match is not over."""
    text = draw(st.sampled_from(VARIANTS))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 300))
    game, state = position(text, seed, steps)
    if live and game.is_over(state):
        game, state = position(text, seed, 0)
    return game, state


def seats(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> list[int]:
    """Every seat of the match."""
    return sorted(s for side in game.score(state).sides for s in side)


def mover(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> int:
    """The seat to move, for a position where the match is not over."""
    seat = game.to_move(state)
    assert seat is not None
    return seat
