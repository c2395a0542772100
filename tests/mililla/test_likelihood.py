"""Mililla's policy-based inference for ``hard``: how likely the other seats' plays were in an imagined deal."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import mililla
from cardrules.mililla._bot import NOISE, choose, likelihood
from tests.playout import noisy_plays


@pytest.mark.parametrize("seed", range(4))
def test_the_true_deal_is_as_likely_as_the_plays_made(seed: int) -> None:
    """Plays off the rules of thumb weigh NOISE / allowed, greedy ones 1 - NOISE more: the product, replayed."""
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    me = (state.dealer + 1) % 4
    state, expected = noisy_plays(game, state, me, rng.randrange(4, 30), choose, NOISE, rng)
    assert likelihood(state, game.observe(state, me)) == pytest.approx(expected)
    assert expected < 1.0


def test_a_round_read_from_a_position_has_no_record_to_weigh() -> None:
    """A position keeps the cards won but not who played them: every imagined deal counts the same."""
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=9)
    for _ in range(6):
        state = game.apply(state, game.legal_moves(state)[0])
    read = game.from_position(game.position(state))
    assert read.history == () and sum(read.tricks) == 1
    assert likelihood(read, mililla.observe(read, 0)) == 1.0
    assert likelihood(state, mililla.observe(state, 0)) <= 1.0
