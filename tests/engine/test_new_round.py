"""``new_round``: a round dealt from a given deck in the middle of a match, in every game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from tests.new_round import check_fuzzed_deck, check_refusals, check_same_as_seeded
from tests.variants import GAMES

TEXTS = [
    "mililla",
    "mililla(held_bonus=always)",
    "charlemagne",
    "charlemagne(end_when_decided=true)",
    "mulle",
    "mulle(players=3)",
    "mulle/fishing",
    "mulle/fishing(players=4)",
]


@pytest.mark.parametrize("text", TEXTS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(0, 2))
def test_new_round_is_the_seeded_deal(text: str, seed: int, rounds: int) -> None:
    """The round dealt from a deck mid-match is the state the match given that deck up front reaches."""
    check_same_as_seeded(text, seed, rounds)


@pytest.mark.parametrize("text", TEXTS)
def test_new_round_refuses_bad_decks_and_begun_rounds(text: str) -> None:
    """A deck that is not the pack, or a round already begun, raises InvalidDeckError."""
    check_refusals(text, 5)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_new_round_reads_any_deck(name: str, data: st.DataObject) -> None:
    """Any list of card texts deals the round when it is the pack, else raises InvalidDeckError."""
    cards = [str(c) for c in cardrules.get_game(name).spec.pack.cards]
    texts = st.lists(st.sampled_from([*cards, "XX", "", "10"]), max_size=110)
    check_fuzzed_deck(name, data.draw(st.one_of(st.permutations(cards), texts)))
