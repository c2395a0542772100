"""The tuple-backed legal moves: sampling draws exactly as ``randrange`` does, for every generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import TupleMoves


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
