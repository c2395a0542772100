"""Charlemagne's policy-based inference for ``hard``: how likely the others' card plays were in an imagined deal."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import charlemagne
from cardrules.charlemagne._bot import NOISE, choose, likelihood
from tests.playout import noisy_plays


@pytest.mark.parametrize("seed", range(4))
def test_the_true_deal_is_as_likely_as_the_plays_made(seed: int) -> None:
    """Card plays off the rules of thumb weigh NOISE / allowed, greedy ones 1 - NOISE more: the product, replayed."""
    game = cardrules.get_game("charlemagne")
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    while state.phase != "play":  # the bidding and the rest by the rules of thumb
        seat = game.to_move(state)
        assert seat is not None
        state = game.apply(state, choose(game.observe(state, seat), game.legal_moves(state), rng))
    assert state.bidder is not None
    me = (state.bidder + 1) % 4  # a defender: a seat that plays in every contract
    moves = rng.randrange(4, 16)  # at most three tricks and a bit: the hand goes on
    state, expected = noisy_plays(game, state, me, moves, choose, NOISE, rng)
    assert state.phase == "play" and not state.round_no
    assert likelihood(state, game.observe(state, me)) == pytest.approx(expected)
    assert expected < 1.0


def test_before_the_play_and_from_a_position_every_deal_counts_the_same() -> None:
    game = cardrules.get_game("charlemagne")
    state = game.new_game(seed=9)
    assert likelihood(state, charlemagne.observe(state, 0)) == 1.0  # the bidding
    rng = random.Random(9)
    while state.phase != "play" or sum(state.tricks) < 1:
        state = game.apply(state, game.legal_moves(state).sample(rng))
    read = game.from_position(game.position(state))
    assert sum(read.tricks) >= 1 and len(read.history) < sum(read.tricks)
    assert likelihood(read, charlemagne.observe(read, 0)) == 1.0
