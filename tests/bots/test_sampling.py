"""``cardrules.sample_state``: a full state consistent with an observation, for every game."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from tests.bots.positions import mover, position, positions, seats
from tests.variants import VARIANTS


@given(positions(live=False), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_observation_of_a_sample_is_the_observation(
    case: tuple[cardrules.Game[Any, Any, Any, Any], Any], pick: int, rng_seed: int
) -> None:
    """``observe(sample_state(obs, rng), seat) == obs`` for random positions of every game and preset."""
    game, state = case
    seat = seats(game, state)[pick % len(seats(game, state))]
    view = game.observe(state, seat)
    sample = cardrules.sample_state(view, random.Random(rng_seed))
    assert type(sample) is type(state)
    assert game.observe(sample, seat) == view


@given(positions(), st.integers(0, 2**32 - 1))
def test_sample_is_a_legal_position(case: tuple[cardrules.Game[Any, Any, Any, Any], Any], rng_seed: int) -> None:
    """A sampled state holds the whole pack, passes the game's state check, and has the same legal moves."""
    game, state = case
    seat = game.to_move(state)
    assert seat is not None
    sample = cardrules.sample_state(game.observe(state, seat), random.Random(rng_seed))
    game.spec.check_state(sample)
    placed = Counter(c for cards in game.spec.zones(sample).values() for c in cards)
    assert placed == Counter(c for cards in game.spec.zones(state).values() for c in cards)
    assert list(itertools.islice(game.legal_moves(sample), 200)) == list(itertools.islice(game.legal_moves(state), 200))


@pytest.mark.parametrize("name", cardrules.game_names())
def test_same_seed_same_sample(name: str) -> None:
    """The same rng seed gives the same state; the real state's seed is never copied."""
    game, state = position(name, 11, 9)
    seat = mover(game, state)
    view = game.observe(state, seat)
    a = cardrules.sample_state(view, random.Random(5))
    assert a == cardrules.sample_state(view, random.Random(5))
    samples = {cardrules.dumps(cardrules.sample_state(view, random.Random(i))) for i in range(8)}
    assert len(samples) > 1


@pytest.mark.parametrize("name", cardrules.game_names())
def test_a_full_state_is_refused(name: str) -> None:
    """Passing a state where an observation is expected raises a TypeError that says so."""
    _, state = position(name, 1, 3)
    with pytest.raises(TypeError, match=r"full .* state, not an observation"):
        cardrules.sample_state(state, random.Random(0))


@pytest.mark.parametrize("thing", [None, 3, "mililla", {"seat": 0}])
def test_not_an_observation(thing: object) -> None:
    """Anything that is not an observation raises a TypeError naming its type."""
    with pytest.raises(TypeError, match="not a cardrules observation"):
        cardrules.sample_state(thing, random.Random(0))


def test_rng_must_be_a_random() -> None:
    """The generator is a ``random.Random``, not a seed."""
    game, state = position("mililla", 1, 0)
    with pytest.raises(TypeError, match=r"random\.Random"):
        cardrules.sample_state(game.observe(state, 0), 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [v for v in VARIANTS if v.startswith("mulle")])
def test_a_sample_of_the_end_of_a_match_is_a_state_the_checks_accept(text: str) -> None:
    """
    At the end of a Mulle match the last capturer has swept the table, in table order: each game's
    own ``sample_state`` rebuilds the piles in that order, with the last seat to play still to play,
    so that the sample loads as a saved state does (it did not before: the swept cards came in the
    shuffled order of the unseen cards).
    """
    game = cardrules.get_game(text)
    sample_state = game.spec.sample_state
    assert sample_state is not None
    for seed in range(4):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            state = game.apply(state, game.legal_moves(state).sample(rng))
        for seat in seats(game, state):
            sample = sample_state(game.observe(state, seat), random.Random(seed))
            assert cardrules.loads(cardrules.dumps(sample)) == sample
            assert sample.captured == state.captured and sample.to_play == state.to_play  # nothing is hidden now
