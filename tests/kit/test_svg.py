"""The SVG pictures: every card drawn and named, well-formed SVG, and never a card the seat may not see."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import i18n
from cardrules._kit import svg as _svg
from cardrules.cards import Card, Rank, Suit
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from cardrules.mililla import PACK as MILILLA_PACK
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.rules import card_words
from tests.variants import PRESETS

SVG = "{http://www.w3.org/2000/svg}"
GAMES = PRESETS


def _cards_in(value: Any) -> list[Card]:
    """Every card held anywhere in *value* (an observation and what it holds)."""
    if isinstance(value, Card):
        return [value]
    if attrs.has(type(value)):
        return [c for f in attrs.fields(type(value)) for c in _cards_in(getattr(value, f.name))]
    if isinstance(value, (tuple, list, frozenset)):
        return [c for v in value for c in _cards_in(v)]
    return []


def _drawn(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]


def _one(card: str) -> ET.Element:
    """The card element *card* (text), read inside an ``<svg>`` element as a page would."""
    g = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{card}</svg>').find(f"{SVG}g")
    assert g is not None
    return g


@pytest.mark.parametrize("pack", [MULLE_PACK, MILILLA_PACK, CHARLEMAGNE_PACK], ids=lambda p: p.name)
def test_every_card_of_every_pack_is_drawn_and_named(pack: cardrules.Pack) -> None:
    for card in set(pack.cards):
        g = _one(_svg.card_svg(card, 0, 0, zone="hand", button=True))
        assert g.get("data-card") == str(card)
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        label = g.get("aria-label")
        assert label == _svg.card_name(card)
        assert g.find(f"{SVG}title") is not None
        # The suit is drawn as shapes, not as a character of some font.
        assert g.find(f".//{SVG}path") is not None or g.find(f".//{SVG}circle") is not None


def test_card_names_read_as_words() -> None:
    assert _svg.card_name(Card(Rank.SEVEN, Suit.HEARTS)) == "the seven of hearts"
    assert _svg.card_name(Card(Rank.HORSE, Suit.BASTOS)) == "the horse of bastos"
    assert _svg.card_name(Card(Rank.BIG, Suit.JOKER)) == "the Big joker"
    assert _svg.card_name(Card(Rank.LITTLE, Suit.JOKER)) == "the Little joker"
    names = {_svg.card_name(c) for c in CHARLEMAGNE_PACK.cards}
    assert len(names) == len(set(CHARLEMAGNE_PACK.cards))


def test_a_card_not_for_clicking_is_an_image() -> None:
    g = _one(_svg.card_svg(Card(Rank.ACE, Suit.OROS), 3, 4, zone="trick", index=2))
    assert (g.get("role"), g.get("tabindex"), g.get("data-zone"), g.get("data-index")) == ("img", "-1", "trick", "2")


def _play(game: cardrules.Game[Any, Any, Any, Any], seed: int, plies: int) -> Any:
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(list(game.legal_moves(state))))
    return state


@pytest.mark.parametrize("text", GAMES)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_a_picture_shows_what_the_seat_sees_and_no_hidden_card(text: str, seed: int, plies: int) -> None:
    game = cardrules.get_game(text)
    picture = game.spec.picture
    assert picture is not None
    state = _play(game, seed, plies)
    seats = len(game.observe(state, 0).hand_counts)
    for seat in range(seats):
        obs = game.observe(state, seat)
        cards = _drawn(picture(obs))
        drawn = Counter(g.get("data-card", "") for g in cards)
        seen = Counter(str(c) for c in _cards_in(obs))
        assert not drawn - seen, f"seat {seat} is shown cards it cannot see: {drawn - seen}"
        hand = [g.get("data-card") for g in cards if g.get("data-zone") == "hand"]
        assert hand == [str(c) for c in obs.hand]
        for g in cards:
            assert g.get("role") in ("button", "img") and g.get("tabindex") in ("0", "-1")
            assert g.get("aria-label")
        # Another seat's hidden cards: those that are in no field of this seat's view are not drawn.
        others = Counter(str(c) for s in range(seats) if s != seat for c in game.observe(state, s).hand)
        hidden = others - seen
        assert not (drawn & hidden)


def test_the_picture_names_the_seat_to_move_and_the_scores() -> None:
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=5)
    obs = game.observe(state, 1)
    svg = game.spec.picture(obs) if game.spec.picture else ""
    root = ET.fromstring(svg)
    texts = " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))
    assert f"Seat {obs.to_move} to play" in texts or "Your turn" in texts
    assert "seats 1+3 (you)" in texts
    seats = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("seat")]
    assert len(seats) == 4
    assert [g.get("class") for g in seats].count("seat to-move") == 1


@pytest.mark.parametrize(("name", "right"), [("mililla", 1), ("charlemagne", 3)])
def test_a_trick_game_sits_the_seats_around_the_table(name: str, right: int) -> None:
    """
    You at the bottom, your partner across, the next seat on your right in Mililla (played
    counter-clockwise) and on your left in Charlemagne; each trick card in front of its seat.
    """
    from cardrules._kit import svg as _svg

    game = cardrules.get_game(name)
    state, rng = game.new_game(seed=3), random.Random(3)
    while not (
        game.to_move(state) == 0 and len(game.observe(state, 0).trick) >= 2 and game.observe(state, 0).last_trick
    ):
        state = game.apply(state, game.legal_moves(state).sample(rng))
    obs = game.observe(state, 0)
    for width in (_svg.WIDTH, _svg.NARROW):
        with _svg.narrow(width):
            svg = game.spec.picture(obs)  # type: ignore[misc]
        root = ET.fromstring(svg)
        slots = {g.get("data-seat", ""): g.get("data-from") for g in root.iter(f"{SVG}g") if g.get("class") == "slot"}
        sides = {"0": "bottom", str(right): "right", "2": "top", str(4 - right): "left"}
        assert slots and all(sides[seat] == side for seat, side in slots.items()), slots
        assert len(slots) == len(obs.trick)
        last = [g for g in root.iter(f"{SVG}g") if g.get("data-zone") == "last-trick"]
        assert len(last) == len(obs.last_trick)  # the last trick stays in view


_WORDLESS = re.compile(r"^(?:10|[2-9AJQKH]|BIG|LITTLE)$")
"""A card's corner: its rank (or BIG, LITTLE for a joker), the same in every language."""


def _texts(svg: str) -> list[ET.Element]:
    """The picture's words: every ``<text>`` but the cards' corners."""
    root = ET.fromstring(svg)
    return [t for t in root.iter(f"{SVG}text") if not _WORDLESS.match("".join(t.itertext()))]


def _cards_at(svg: str) -> list[tuple[str | None, str | None, str | None]]:
    return [(g.get("data-card"), g.get("data-zone"), g.get("transform")) for g in _drawn(svg)]


@pytest.mark.parametrize("lang", ["sv", "es", "fr", "ar"])
@pytest.mark.parametrize("text", ["mulle", "mulle/fishing", "mililla", "charlemagne"])
@pytest.mark.parametrize("width", [_svg.WIDTH, _svg.NARROW])
def test_a_picture_in_a_language_has_its_words_and_the_same_cards_in_the_same_places(
    text: str, lang: str, width: int
) -> None:
    """The words in *lang*, no English word; the same width and cards; right to left in Arabic; English unchanged."""
    game = cardrules.get_game(text)
    picture = game.spec.picture
    assert picture is not None
    tr = i18n.translation(lang)
    for seed, plies in ((1, 0), (2, 7), (3, 25), (4, 200)):
        state = _play(game, seed, plies)
        for seat in range(len(game.observe(state, 0).hand_counts)):
            obs = game.observe(state, seat)
            with _svg.narrow(width):
                english = picture(obs)
                with _svg.language("en"):
                    assert picture(obs) == english  # English is the picture as it always was
                with _svg.language(lang):
                    svg = picture(obs)
            # The same width and the same cards in the same zones (a longer line may wrap to one more row).
            assert ET.fromstring(svg).get("width") == ET.fromstring(english).get("width")
            assert [c[:2] for c in _cards_at(svg)] == [c[:2] for c in _cards_at(english)]
            words = " ".join("".join(t.itertext()) for t in _texts(svg))
            assert tr.gettext("Your hand") in words
            for english_words in ("Your hand", "seat ", "dealt by", "round ", "to play", "Your turn", " card"):
                assert english_words not in words, (english_words, words)
            for g in _drawn(svg):  # each card named in the language, for a screen reader
                assert g.get("aria-label") == card_words(game.spec.pack.parse(g.get("data-card", "")), tr)
            right_to_left = [t.get("direction") == "rtl" for t in _texts(svg)]
            assert all(right_to_left) if lang == "ar" else not any(right_to_left)
            assert ET.fromstring(svg).get("lang") == lang and ET.fromstring(english).get("lang") is None


@pytest.mark.parametrize("lang", ["sv", "es", "fr", "ar"])
@pytest.mark.parametrize("text", GAMES)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_a_picture_in_any_language_shows_no_hidden_card(text: str, lang: str, seed: int, plies: int) -> None:
    game = cardrules.get_game(text)
    picture = game.spec.picture
    assert picture is not None
    state = _play(game, seed, plies)
    seats = len(game.observe(state, 0).hand_counts)
    tr = i18n.translation(lang)
    for seat in range(seats):
        obs = game.observe(state, seat)
        with _svg.language(lang):
            svg = picture(obs)
        seen = Counter(str(c) for c in _cards_in(obs))
        drawn = Counter(g.get("data-card", "") for g in _drawn(svg))
        assert not drawn - seen
        hidden = {c for s in range(seats) if s != seat for c in game.observe(state, s).hand} - set(_cards_in(obs))
        for card in hidden:
            assert _svg.card_name(card) not in svg and card_words(card, tr) not in svg
