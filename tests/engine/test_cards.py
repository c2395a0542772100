"""Cards, packs, parsing and the version-stable shuffle."""

from __future__ import annotations

import copy
import operator
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import Card, Rank, Suit
from cardrules import cards as cards_module
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from cardrules.mililla import PACK as MILILLA_PACK
from cardrules.mulle import PACK as MULLE_PACK


def test_pack_sizes() -> None:
    """Two French packs hold 104 cards (each twice), the Spanish 40, Charlemagne's 34 with two jokers."""
    assert 104 == len(MULLE_PACK)
    assert {2} == set(Counter(MULLE_PACK.cards).values())
    assert 40 == len(MILILLA_PACK) == len(set(MILILLA_PACK.cards))
    assert 34 == len(CHARLEMAGNE_PACK) == len(set(CHARLEMAGNE_PACK.cards))
    assert {Card(Rank.BIG, Suit.JOKER), Card(Rank.LITTLE, Suit.JOKER)} <= set(CHARLEMAGNE_PACK.cards)
    assert {"A", "K", "Q", "J", "10", "9", "8", "7"} == {c.rank.value for c in CHARLEMAGNE_PACK.cards} - {"B", "L"}
    assert {"A", "2", "3", "4", "5", "6", "7", "J", "H", "K"} == {c.rank.value for c in MILILLA_PACK.cards}


@pytest.mark.parametrize("pack", [MULLE_PACK, MILILLA_PACK, CHARLEMAGNE_PACK])
def test_text_round_trips(pack: cardrules.Pack) -> None:
    """Every card of every pack reads back from its text and from its repr."""
    for card in pack.cards:
        assert card == pack.parse(str(card))
        assert card == pack.parse(str(card).lower())
        assert card == eval(repr(card), {"Card": Card})


@pytest.mark.parametrize("pack", [MULLE_PACK, MILILLA_PACK, CHARLEMAGNE_PACK])
def test_one_object_per_card(pack: cardrules.Pack) -> None:
    """Every way of making a card gives back the pack's own object, so == and hash are by identity."""
    for card in pack.cards:
        made = [
            Card(card.rank, card.suit),
            pack.parse(str(card)),
            pickle.loads(pickle.dumps(card)),
            copy.copy(card),
            copy.deepcopy(card),
            copy.deepcopy([card])[0],
        ]
        assert all(m is card for m in made)
        assert hash(Card(card.rank, card.suit)) == hash(card)
    assert Card(Rank.ACE, Suit.SPADES) != Card(Rank.ACE, Suit.HEARTS)
    assert Card(Rank.ACE, Suit.SPADES) != "AS"  # type: ignore[comparison-overlap]


def test_a_card_that_does_not_exist_is_refused_every_time() -> None:
    """A refused card is not remembered: asking again raises again."""
    for _ in range(2):
        with pytest.raises(cardrules.InvalidCardError, match="no horse of spades"):
            Card(Rank.HORSE, Suit.SPADES)
        with pytest.raises(cardrules.InvalidCardError, match="not a card"):
            Card("A", Suit.SPADES)  # type: ignore[arg-type]


def test_card_text_forms() -> None:
    """The short forms: 7H, 10D, KS, HO (horse of oros), BJ and LJ."""
    assert "7H" == str(Card(Rank.SEVEN, Suit.HEARTS))
    assert "10D" == str(Card(Rank.TEN, Suit.DIAMONDS))
    assert "HO" == str(Card(Rank.HORSE, Suit.OROS))
    assert "BJ" == str(Card(Rank.BIG, Suit.JOKER))
    assert Card(Rank.KING, Suit.COPAS) == MILILLA_PACK.parse("KC")
    assert Card(Rank.KING, Suit.CLUBS) == MULLE_PACK.parse("KC")


@pytest.mark.parametrize(
    ("pack", "text"),
    [
        (MILILLA_PACK, "8O"),
        (MILILLA_PACK, "QC"),
        (CHARLEMAGNE_PACK, "6H"),
        (MULLE_PACK, "BJ"),
        (MILILLA_PACK, ""),
    ],
)
def test_cards_outside_a_pack(pack: cardrules.Pack, text: str) -> None:
    """A card that does not exist, or not in this pack, raises InvalidCardError naming the pack."""
    with pytest.raises(cardrules.InvalidCardError):
        pack.parse(text)


def test_parse_cards() -> None:
    """parse_cards splits on spaces and commas."""
    assert (Card(Rank.NINE, Suit.HEARTS), Card(Rank.FOUR, Suit.SPADES)) == cardrules.parse_cards("9H, 4s")


def test_shuffle_is_version_stable() -> None:
    """The shuffle of a seed is pinned: changing it would change every seeded deal (a version-stable shuffle)."""
    assert ["2C", "3O", "7C", "7E", "HE"] == [str(c) for c in cardrules.shuffled(MILILLA_PACK.cards, 1)[:5]]
    assert ["JD", "7S", "3D", "3D", "5H"] == [str(c) for c in cardrules.shuffled(MULLE_PACK.cards, 2**64 + 5)[:5]]


@given(seed=st.integers(0, 2**64 - 1))
def test_shuffle_is_a_permutation(seed: int) -> None:
    """A shuffle keeps every card, and the same seed gives the same order."""
    out = cardrules.shuffled(MULLE_PACK.cards, seed)
    assert Counter(MULLE_PACK.cards) == Counter(out)
    assert out == cardrules.shuffled(MULLE_PACK.cards, seed)


@given(seed=st.integers(-(2**70), 2**70), n=st.integers(0, 300))
def test_shuffle_side_by_side_matches_the_one_draw_at_a_time_procedure(seed: int, n: int) -> None:
    """The shuffle computes its draws all at once; it gives what drawing them one by one gives."""
    deck = (MULLE_PACK.cards * 3)[:n]
    assert cardrules.shuffled(deck, seed) == cards_module._shuffled_one_by_one(list(deck), seed)


def test_shuffle_with_rejected_draws_matches_the_one_draw_at_a_time_procedure(monkeypatch: pytest.MonkeyPatch) -> None:
    """
    A draw at or above its limit is rejected and the draws after it shift. Real rejections come
    about once in 2**57 draws, so the limits are lowered here to make them common: both ways of
    shuffling must still agree, and the side-by-side draws must really be refused.
    """
    low = tuple(limit // 3 for limit in cards_module._LIMITS)
    monkeypatch.setattr(cards_module, "_LIMITS", low)
    monkeypatch.setattr(cards_module, "_LANES", {})
    deck = MILILLA_PACK.cards
    for seed in range(200):
        shuffled = cardrules.shuffled(deck, seed)
        assert shuffled == cards_module._shuffled_one_by_one(list(deck), seed)
        assert Counter(shuffled) == Counter(deck)
    lanes_of, _, _, limits = cards_module._LANES[len(deck)]
    assert any(any(map(operator.ge, lanes_of(seed), limits)) for seed in range(20))


@pytest.mark.parametrize(
    ("old", "game"), [("DOUBLE_FRENCH_PACK", "mulle"), ("SPANISH_PACK", "mililla"), ("CHARLEMAGNE_PACK", "charlemagne")]
)
@pytest.mark.parametrize("module", ["cardrules", "cardrules.cards"])
def test_the_old_pack_names_still_work_with_a_deprecation_warning(old: str, game: str, module: str) -> None:
    """Each pack moved to its game (``cardrules.mililla.PACK``); the old name gives an equal pack and says where."""
    import importlib

    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated: use cardrules\.{game}\.PACK"):
        pack = getattr(importlib.import_module(module), old)
    new = importlib.import_module(f"cardrules.{game}").PACK
    assert pack == new and pack.cards == new.cards and pack.spanish == new.spanish
    assert old not in dir(importlib.import_module(module))
    with pytest.raises(AttributeError, match="NO_SUCH_PACK"):
        assert importlib.import_module(module).NO_SUCH_PACK is None


def test_parse_cards_reads_french_cards_by_default_without_a_game() -> None:
    """The default pack is two French packs (no jokers), from the generic cards, as before the packs moved."""
    assert [str(c) for c in cardrules.parse_cards("9H 4s, 10d")] == ["9H", "4S", "10D"]
    with pytest.raises(cardrules.InvalidCardError, match="double French"):
        cardrules.parse_cards("BJ")
    assert len(cardrules.cards.FRENCH_CARDS) == 52 and len(cardrules.cards.SPANISH_CARDS) == 40
    assert [str(c) for c in cardrules.cards.JOKERS] == ["BJ", "LJ"]
