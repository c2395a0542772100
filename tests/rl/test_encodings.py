"""The action encodings and observation tensors of the games, on positions from random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules  # noqa: E402
from cardrules.errors import WrongKindError  # noqa: E402
from cardrules.rl import ActionEncoding, InvalidActionError  # noqa: E402

FLAT = ("mililla", "charlemagne")
ALL = ("mililla", "charlemagne", "mulle", "mulle/fishing")


def _position(text: str, seed: int, steps: int) -> tuple[Any, Any]:
    """The game and the position after up to *steps* random moves of a match dealt from *seed*."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, game.legal_moves(state).sample(rng))
    return game, state


@pytest.mark.parametrize("text", FLAT)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_flat_encoding_numbers_exactly_the_legal_moves(text: str, seed: int, steps: int) -> None:
    """Every legal move has its own number, decoding gives the move back, and the mask is true there only."""
    game, state = _position(text, seed, steps)
    enc = game.spec.encoding
    moves = list(game.legal_moves(state))
    numbers = [enc.encode(state, m) for m in moves]
    assert len(set(numbers)) == len(numbers)
    assert all(0 <= n < enc.size for n in numbers)
    assert [enc.decode(state, n) for n in numbers] == moves
    mask = enc.mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (enc.size,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers) == enc.legal_actions(state)
    for n in np.flatnonzero(~mask).tolist():  # an action not masked in is a move the rules refuse
        assert game.check_move(state, enc.decode(state, n)) is not None


def test_encoding_sizes_and_versions() -> None:
    """Mililla: one action per card, 40; Charlemagne: 34 cards, 8 bids, pass, 2 sources, 4 trumps."""
    mililla = cardrules.get_game("mililla").spec.encoding
    charlemagne = cardrules.get_game("charlemagne").spec.encoding
    assert isinstance(mililla, ActionEncoding) and isinstance(charlemagne, ActionEncoding)
    assert (mililla.size, mililla.version) == (40, 1)
    assert (charlemagne.size, charlemagne.version) == (34 + 8 + 1 + 2 + 4, 1)
    assert len(mililla.labels) == mililla.size and len(charlemagne.labels) == charlemagne.size
    assert charlemagne.labels[42] == "pass"


@pytest.mark.parametrize("text", FLAT)
@pytest.mark.parametrize("bad", [-1, 10_000, 2.0, "3", None, True])
def test_decode_refuses_what_is_not_an_action(text: str, bad: object) -> None:
    game, state = _position(text, 1, 0)
    enc = game.spec.encoding
    error = InvalidActionError if isinstance(bad, int) and not isinstance(bad, bool) else WrongKindError
    with pytest.raises(error):
        enc.decode(state, bad)


@pytest.mark.parametrize("text", FLAT)
def test_encode_refuses_another_games_move(text: str) -> None:
    game, state = _position(text, 1, 0)
    with pytest.raises(WrongKindError):
        game.spec.encoding.encode(state, "7O")


@pytest.mark.parametrize("text", ALL)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), redeal=st.integers(0, 2**32))
def test_tensor_is_unchanged_when_the_hidden_cards_are_redealt(text: str, seed: int, steps: int, redeal: int) -> None:
    """The tensor depends on what the seat sees only: redealing the cards it cannot see changes nothing."""
    game, state = _position(text, seed, steps)
    layout = game.spec.tensor
    seats = sorted(s for side in game.score(state).sides for s in side)
    seat = seats[redeal % len(seats)]
    tensor = layout.encode(game.observe(state, seat))
    assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
    assert np.isfinite(tensor).all()
    other = game.spec.shuffle_hidden(state, seat, random.Random(redeal))
    assert np.array_equal(layout.encode(game.observe(other, seat)), tensor)
    sampled = cardrules.sample_state(game.observe(state, seat), random.Random(redeal))
    assert np.array_equal(layout.encode(game.observe(sampled, seat)), tensor)


@pytest.mark.parametrize("text", ALL)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_tensor_shows_the_seats_own_hand(text: str, seed: int, steps: int) -> None:
    """The hand field holds the seat's hand: the tensor is not blind either."""
    game, state = _position(text, seed, steps)
    layout = game.spec.tensor
    seat = game.to_move(state)
    if seat is None:
        return
    obs = game.observe(state, seat)
    start, stop = layout.offsets()["hand"]
    hand = layout.encode(obs)[start:stop]
    per_copy = 0.5 if game.name == "mulle" else 1.0  # Mulle's two packs: a copy counts a half
    assert hand.sum() == per_copy * len(obs.hand)
    assert np.count_nonzero(hand) == len(set(obs.hand))
    assert sum(f.size for f in layout.fields) == layout.size == len(layout.values(obs))
