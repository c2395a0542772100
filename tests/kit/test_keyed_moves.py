"""The tuple-backed legal moves: sampling draws exactly as ``randrange`` does, for every generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import TupleMoves
from cardrules._kit.keyed_moves import _keyed_moves


class _CountingRandom(random.Random):
    """A subclass, so ``sample`` takes its general path (``randrange``)."""


@given(n=st.integers(1, 600), seed=st.integers(0, 2**32))
def test_sample_draws_what_randrange_draws(n: int, seed: int) -> None:
    moves = TupleMoves(tuple(range(n)))
    for kind in (random.Random, _CountingRandom):
        ours, theirs = kind(seed), kind(seed)
        assert [moves.sample(ours) for _ in range(8)] == [theirs.randrange(n) for _ in range(8)]
        assert ours.getstate() == theirs.getstate()


def test_sample_of_no_moves_is_an_index_error() -> None:
    with pytest.raises(IndexError, match="over"):
        TupleMoves(()).sample(random.Random(1))


@given(keys=st.lists(st.integers(0, 39), max_size=12, unique=True), seed=st.integers(0, 2**32))
def test_keyed_moves_are_the_tuple_of_their_moves(keys: list[int], seed: int) -> None:
    """Moves listed by key (the trick games' plays, by card) behave as the tuple of their moves."""
    move_of = {k: f"move {k}" for k in range(40)}
    keyed = _keyed_moves(keys, move_of)
    plain = TupleMoves(tuple(move_of[k] for k in keys))
    assert isinstance(keyed, TupleMoves)
    assert len(keyed) == len(plain) and bool(keyed) == bool(plain)
    assert list(keyed) == list(plain) and keyed == plain and hash(keyed) == hash(plain)
    assert repr(keyed) == repr(plain) and keyed[::-1] == plain[::-1]
    assert all(m in keyed for m in plain) and "move 40" not in keyed
    if keys:
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [keyed.sample(ours) for _ in range(5)] == [plain.sample(theirs) for _ in range(5)]
        assert keyed[-1] == plain[-1]
    else:
        with pytest.raises(IndexError):
            keyed.sample(random.Random(seed))
    with pytest.raises(AttributeError):
        getattr(keyed, "nothing_such")  # noqa: B009 (only _moves is made on demand)
