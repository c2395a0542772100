"""Events, hints and the errors a player can see, written in every language from their messages."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules.bots import advise
from cardrules.cards import card_words
from cardrules.engine import Event
from cardrules.errors import (
    CardrulesError,
    InvalidCardError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRecordError,
)
from cardrules.records import loads as load_record
from cardrules.rules import Message, Sentence
from tests.playout import greedy_positions, hidden_twins, playout, states
from tests.variants import VARIANTS

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)

KINDS = {
    "mulle": {"capture", "mulle", "tabbe", "build", "trail", "deal", "round", "match"},
    "mililla": {"play", "trick", "deal", "bonus", "round", "match"},
    "charlemagne": {"bid", "pass", "contract", "kitty", "out", "source", "give", "discard", "trump", "play", "trick"}
    | {"round", "deal", "match"},
}
"""The event kinds each game's random matches below show (Gros Mulot's ``open`` is rare: it has its own test)."""


def _events(text: str, deal: int) -> Iterator[tuple[Any, Any, Any, Event]]:
    """Every event of the whole random match *deal* of *text*: ``(before, move, after, event)``, the deal's first."""
    game = cardrules.get_game(text)
    assert game.spec.events is not None and game.spec.deal_events is not None
    first = states(game, deal, 0)[0]
    for event in game.spec.deal_events(first):
        yield None, None, first, event
    for before, move, after in playout(game, deal):
        for event in game.spec.events(before, move, after):
            yield before, move, after, event


def _check_rendered(event: Event) -> None:
    """English is the event's text; each language fills every placeholder and says it otherwise."""
    assert i18n.render(event, "en") == event.text == str(event.message)
    assert event.message.template != event.text or not event.message.params  # a message, not the text again
    for lang in TRANSLATED:
        out = i18n.render(event, lang)
        assert "{" not in out and "}" not in out, out
        assert out != event.text, (lang, out)


@pytest.mark.parametrize("text", VARIANTS)
def test_every_event_of_random_play_renders_in_every_language(text: str) -> None:
    """Each event of two random matches: its English rendering is its text, and every language translates it."""
    kinds: set[str] = set()
    for deal in (1, 2):
        for _, _, _, event in _events(text, deal):
            _check_rendered(event)
            kinds.add(event.kind)
    assert kinds  # some events, whatever the variant


@pytest.mark.parametrize("game", sorted(KINDS))
def test_the_random_matches_show_every_kind_of_event(game: str) -> None:
    """Over the variants of a game, the random matches above meet each kind of event it has."""
    kinds: set[str] = set()
    for text in VARIANTS:
        if text.partition("/")[0].partition("(")[0] == game:
            kinds |= {e.kind for deal in (1, 2) for *_, e in _events(text, deal)}
    assert KINDS[game] <= kinds, KINDS[game] - kinds


def test_a_gros_mulot_spread_hand_and_the_table_of_a_mulle_position_render() -> None:
    """The rare events: the Gros Mulot bidder's hand spread face up, and a Mulle round entered from the table."""
    game = cardrules.get_game("charlemagne")
    spread = 0
    for deal in range(40):
        for _, _, _, event in _events("charlemagne", deal):
            if event.kind == "open":
                _check_rendered(event)
                assert "Gros Mulot" not in i18n.render(event, "fr")  # the hand is named, not the contract
                spread += 1
        if spread:
            break
    assert spread, "no Gros Mulot hand in 40 random matches"
    assert game.spec.deal_events is not None
    locked = (
        "p1 mulle(locking_builds=true) dealer=1 deal=2 table=7S builds=6D+3C+9S=9@0! hands=8S,9H,KD,AC,10C/?5 "
        "stock=?64 taken=?16/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
    )
    mulle = cardrules.get_game("mulle(locking_builds=true)")
    assert mulle.spec.deal_events is not None
    (event,) = mulle.spec.deal_events(cardrules.from_position(locked))
    assert event.text == (
        "the round as it lies on the table, dealt by seat 1, in deal 2 after 22 plays: 7S on the table; "
        "build [6D+3C+9S] = 9, seat 0's, locked; "
        "cards taken: seat 0 16 (16 not shown), seat 1 10 (10 not shown); seat 1 captured last"
    )
    _check_rendered(event)
    sv = i18n.render(event, "sv")
    assert "spader sju på bordet" in sv and "[6D+3C+9S]" in sv and "plats 1 fångade sist" in sv


def test_event_without_a_message_is_its_text_in_every_language() -> None:
    """A plug-in game's event made of text alone: its message is the text, shown as it is everywhere."""
    event = Event("play", "", 0, (), 0, "seat 0 plays {the joker}")
    assert event.message == Message("seat 0 plays {the joker}")
    assert {i18n.render(event, lang) for lang in i18n.LANGUAGES} == {"seat 0 plays {the joker}"}


def _hidden(game: cardrules.Game[Any, Any, Any, Any], state: Any, seat: int) -> set[Any]:
    """The cards *seat* may not see in *state*: those of the zones that change when its hidden cards are dealt again."""
    rng = random.Random(5)
    zones = game.spec.zones(state)
    moving: set[str] = set()
    for _ in range(4):
        other = game.spec.zones(game.spec.shuffle_hidden(state, seat, rng))
        moving |= {name for name in zones if sorted(map(str, zones[name])) != sorted(map(str, other[name]))}
    seen = {c for name, cards in zones.items() if name not in moving for c in cards}
    return {c for name in moving for c in zones[name]} - seen


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing(players=3)", "mililla", "charlemagne"])
def test_an_event_rendered_for_any_seat_names_no_card_hidden_from_it(text: str) -> None:
    """
    The hidden-card guarantee in every language: no event of a move names, in notation or by name, a
    card that a seat may not see before the move nor after it (the cards in the hands of the others,
    the stock, the kitty, the discards), but for the card the move plays face up.
    """
    game = cardrules.get_game(text)
    seats = len({s for side in game.score(states(game, 3, 0)[0]).sides for s in side})
    rng = random.Random(9)
    checked = 0
    for before, move, after, event in _events(text, 3):
        if rng.random() > 0.2:
            continue
        # the card a move plays face up is no secret, even when a new deal hides another of its kind
        shown = {move.card} if hasattr(move, "card") and type(move).__name__ not in ("Give", "Discard") else set()
        for seat in range(seats):
            hidden = _hidden(game, after, seat) - shown
            if before is not None:
                hidden &= _hidden(game, before, seat)
            for lang in i18n.LANGUAGES:
                out = i18n.render(event, lang)
                tr = i18n.translation(lang)
                names = {str(c) if lang == "en" else card_words(c, tr) for c in hidden}
                assert not [n for n in names if n in out], (lang, out)
            checked += bool(hidden)
    assert checked > 20


def _reasons(game: Any, state: Any, seat: int) -> tuple[Sentence, ...]:
    legal = game.legal_moves(state)
    return advise(game, game.observe(state, seat), legal, level="search(iterations=30)").reasons


@pytest.mark.parametrize("name", ["mulle", "mililla", "charlemagne"])
def test_hint_reasons_render_in_every_language(name: str) -> None:
    """Each reason of a hint is English text keeping its message, which every language writes otherwise."""
    told = 0
    for game, state, seat in greedy_positions(name, 6, 14):
        for reason in _reasons(game, state, seat):
            assert isinstance(reason, Sentence) and isinstance(reason.message, Message)
            assert i18n.render(reason, "en") == reason == str(reason.message)
            for lang in TRANSLATED:
                out = i18n.render(reason, lang)
                assert "{" not in out and "}" not in out, out
                assert out != reason, (lang, out)
            told += 1
    assert told > 14


def test_a_hint_names_the_seat_and_its_partner_in_the_language() -> None:
    """``seat 0 (you)`` and ``seat 2 (your partner)`` are words of the language too."""
    found = set()
    for game, state, seat in greedy_positions("mililla", 3, 20):
        for reason in _reasons(game, state, seat):
            if "(you)" in reason:
                assert "(du)" in i18n.render(reason, "sv") and "(tú)" in i18n.render(reason, "es")
                found.add("you")
            if "(your partner)" in reason:
                assert "(din partner)" in i18n.render(reason, "sv") and "(شريكك)" in i18n.render(reason, "ar")
                found.add("partner")
    assert found == {"you", "partner"}


@pytest.mark.parametrize("name", ["mililla", "charlemagne", "mulle"])
def test_hints_read_the_same_in_every_language_whatever_the_cards_the_seat_cannot_see(name: str) -> None:
    """The hidden-card guarantee of hints, in every language: the cards a seat cannot see change nothing."""
    checked = 0
    for game, state, other, seat in hidden_twins(name, 8, 16):
        mine, theirs = _reasons(game, state, seat), _reasons(game, other, seat)
        for lang in i18n.LANGUAGES:
            assert [i18n.render(r, lang) for r in mine] == [i18n.render(r, lang) for r in theirs]
        checked += 1
        if checked >= 4:
            break
    assert checked >= 3


def _raised(call: Any) -> CardrulesError:
    with pytest.raises(CardrulesError) as info:
        call()
    return info.value


def _translated(err: CardrulesError, *must: str) -> dict[str, str]:
    """*err* in each language: a message kept as data, English as ``str(err)``, each translation its own."""
    assert err.message is not None
    assert i18n.render(err, "en") == str(err)
    out = {}
    for lang in TRANSLATED:
        text = i18n.render(err, lang)
        assert text != str(err) and "{" not in text, (lang, text)
        for word in must:
            assert word in text, (lang, text)
        out[lang] = text
    return out


def test_an_unknown_or_malformed_card_is_told_in_the_language() -> None:
    err = _raised(lambda: cardrules.Card.parse("1X"))
    assert isinstance(err, InvalidCardError)
    said = _translated(err, "'1X'", "'7H'", "'BJ'")
    assert said["sv"].startswith("'1X' är inget kort i den franska kortleken")
    mililla = cardrules.get_game("mililla")
    err = _raised(lambda: mililla.parse_move(states(mililla, 1, 0)[0], "7H"))
    assert isinstance(err, InvalidCardError)
    assert _translated(err, "'7H'")["es"].startswith("'7H' no es una carta de la baraja española")
    err = _raised(lambda: cardrules.get_game("mulle").spec.pack.parse("BJ"))
    assert "'BJ'" in _translated(err, "'BJ'")["fr"]


@pytest.mark.parametrize(
    ("text", "move", "lang", "words"),
    [
        ("mulle", "9H > 6D", "sv", "är inget drag i Mulle"),
        ("mulle", "9H", "fr", "n'est qu'une carte"),
        ("mililla", "7O 7C", "es", "no es una jugada de Mililla"),
        ("charlemagne", "bid 11", "fr", "il n'y a pas d'enchère '11'"),
        ("charlemagne", "trump", "ar", "سمِّ شكلًا واحدًا"),
        ("charlemagne", "pass now", "sv", "'pass' tar inget efter sig"),
    ],
)
def test_malformed_move_text_is_told_in_the_language(text: str, move: str, lang: str, words: str) -> None:
    game = cardrules.get_game(text)
    err = _raised(lambda: game.spec.parse_canonical(move))
    assert type(err) is InvalidNotationError
    said = _translated(err, repr(move))
    assert words in said[lang], said[lang]


def test_a_wrong_field_of_a_position_keeps_the_field_and_translates_the_problem() -> None:
    good = "p1 mulle dealer=1 deal=2 table=7S,9C builds=- hands=?6/?6 stock=?64 taken=?26/?10 mulles=-/- tabbes=0/0"
    cases = [
        (good.replace("dealer=1", "dealer=x") + " last=1 rounds=-", "dealer", "'x'"),
        (good.replace("hands=?6/?6", "hands=?6") + " last=1 rounds=-", "hands", "'/'"),
        (good.replace("table=7S,9C", "table=7S,1X") + " last=1 rounds=-", "table", "'1X'"),
        (good + " rounds=-", "last", "last"),
        (good.replace("builds=-", "builds=5H+7C=30@1") + " last=1 rounds=-", "builds", "5H+7C=30@1"),
        (
            good.replace("mulle ", "mulle/fishing ").replace("builds=-", "builds=5H+7C=12@1") + " last=1 rounds=-",
            "builds",
            "builds=-",
        ),
    ]
    for text, field, shown in cases:
        err = _raised(lambda text=text: cardrules.from_position(text))
        assert isinstance(err, InvalidPositionError) and err.field == field, str(err)
        said = _translated(err, shown)
        for lang, out in said.items():
            assert out.startswith(f"{field}: "), (lang, out)


def test_a_malformed_record_is_told_in_the_language() -> None:
    for text, path, shown in [
        ("{", "$", "JSON"),
        ('{"format": "cardrules-record"}', "$", "'dealer'"),
        (
            '{"format": "x", "format_version": 1, "game": "mulle", "dealer": 0, "rounds": [], "extra": 1}',
            "$",
            "'extra'",
        ),
    ]:
        err = _raised(lambda text=text: load_record(text))
        assert isinstance(err, InvalidRecordError) and err.path == path, str(err)
        said = _translated(err, shown)
        assert all(out.startswith(f"{path}: ") for out in said.values())


@pytest.mark.parametrize(
    ("text", "field", "card"),
    [
        (
            "p1 mililla dealer=2 turn_up=5B hands=4O,4O,2C,6C,3E,7E,6B,JB,KB/3O,7O,3C,7C,JC,KC,5E,JE,2B/"
            "AO,4C,AE,2E,4E,KE,5B,7B/HO,AC,6E,HE,AB,3B,4B,HB leader=2 trick=5C,HC won=6O,JO,2O,KO/- match=0/0 rounds=-",
            "hands",
            "4O",
        ),
        (
            "p1 charlemagne dealer=2 calls=pass,5,6,8 phase=trump source=- hands=AS,9S,KH,QH,JD,10D,7D,8C/"
            "JS,JH,10H,8D,KC,JC,9C,BJ/KS,8S,9H,8H,9D,AC,10C,7C/QS,10S,AH,AD,KD,QD,QC,LJ kitty=- taken=8S,10C "
            "passed=- discards=7S,7S out=- trump=- leader=3 trick=- won=-/- last_leader=3 rounds=-",
            "discards",
            "7S",
        ),
    ],
)
def test_a_card_listed_twice_in_a_position_is_named_in_the_language(text: str, field: str, card: str) -> None:
    """The trick games' own position checks: the card by its name, the field as written."""
    err = _raised(lambda: cardrules.from_position(text))
    assert isinstance(err, InvalidPositionError) and err.field == field, str(err)
    assert card in str(err)
    game = cardrules.get_game(text.split()[1])
    for lang, out in _translated(err).items():
        assert out.startswith(f"{field}: ") and card_words(game.spec.pack.parse(card), i18n.translation(lang)) in out


def test_a_sentence_is_its_english_text_and_keeps_its_message_through_pickle() -> None:
    """A Sentence equals its English text (a str everywhere), and pickling keeps the message."""
    import pickle

    said = Sentence(Message("seat {seat} trails {card}", seat=1, card=cardrules.Card.parse("7S")))
    assert said == "seat 1 trails 7S" and isinstance(said, str)
    again = pickle.loads(pickle.dumps(said))
    assert again == said and isinstance(again, Sentence) and again.message == said.message
    assert i18n.render(again, "sv") == "plats 1 lägger ut spader sju"


def test_the_list_forms_of_a_message() -> None:
    """Cards in notation separated by spaces, by name as an 'and' list; comma and semicolon lists."""
    from cardrules.rules import Items

    cards = [cardrules.Card.parse("5H"), cardrules.Card.parse("5D")]
    m = Message("{cards}", cards=Items(cards, "cards"))
    assert str(m) == "5H 5D" and i18n.render(m, "sv") == "hjärter fem och ruter fem"
    assert str(Message("{x}", x=Items(["a", "b", "c"], "comma"))) == "a, b, c"
    assert str(Message("{x}", x=Items(["a", "b"], "semicolon"))) == "a; b"
    assert i18n.render(Message("{x}", x=Items(["a", "b"], "semicolon")), "ar") == "a؛ b"
