"""States reached by random legal play, for every game and variant, drawn as hypothesis data."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st

import cardrules
from tests.playout import playout
from tests.variants import VARIANTS

AnyGame = cardrules.Game[Any, Any, Any, Any]

_KEEP = 60
"""States kept per variant and seed: spread over the whole match."""


@functools.lru_cache(maxsize=len(VARIANTS) * 4)
def states_of(text: str, seed: int) -> tuple[Any, ...]:
    """About :data:`_KEEP` states of one random match of *text*, spread from the deal to the end."""
    game = cardrules.get_game(text)
    every = [after for _before, _move, after in playout(game, seed)]
    every.insert(0, game.new_game(seed=seed))
    step = max(1, len(every) // _KEEP)
    return tuple(every[::step])


@st.composite
def positions(draw: st.DrawFn, variants: tuple[str, ...] = tuple(VARIANTS)) -> tuple[AnyGame, Any]:
    """A game of one of *variants* and a state of it reached by random legal play (the match may be over)."""
    text = draw(st.sampled_from(variants))
    seed = draw(st.integers(0, 3))
    states = states_of(text, seed)
    return cardrules.get_game(text), draw(st.sampled_from(states))


@st.composite
def live_positions(draw: st.DrawFn, variants: tuple[str, ...] = tuple(VARIANTS)) -> tuple[AnyGame, Any]:
    """As :func:`positions`, but a seat is to move."""
    game, state = draw(positions(variants))
    if game.is_over(state):
        state = states_of(game.text, 0)[0]
    return game, state
