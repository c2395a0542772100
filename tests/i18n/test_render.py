"""Messages written in each language: the reasons of illegal moves, the rules, the language's choice."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

import cardrules
from cardrules import Card, charlemagne, i18n, mulle
from cardrules.errors import UnknownOptionError, WrongKindError
from cardrules.i18n import render
from cardrules.rules import CardName, Items, Message, Number, Violation
from tests.charlemagne.positions import run, table
from tests.playout import playout
from tests.variants import PRESETS

TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)


def test_the_languages() -> None:
    """English (the source) and four translations; Arabic right to left."""
    assert ("en", "sv", "es", "fr", "ar") == i18n.LANGUAGES
    assert [i18n.direction(lang) for lang in i18n.LANGUAGES] == ["ltr"] * 4 + ["rtl"]


@pytest.mark.parametrize("call", [i18n.translation, i18n.direction, lambda lang: i18n.render(Message("x"), lang)])
def test_an_unknown_language_is_refused_with_the_list(call: Any) -> None:
    """A code that is not a language of cardrules: UnknownOptionError naming the languages."""
    with pytest.raises(UnknownOptionError, match="unknown language 'de': the languages are en, sv, es, fr, ar"):
        call("de")


def test_render_refuses_what_is_not_a_message() -> None:
    with pytest.raises(WrongKindError, match="not int"):
        i18n.render(7, "sv")  # type: ignore[arg-type]


def test_a_message_is_english_with_notation_until_rendered() -> None:
    """str() is the English template filled in, cards in notation; another language names the cards."""
    king = Card.parse("KH")
    m = Message("you do not hold the {card}", card=king)
    assert "you do not hold the KH" == str(m) == i18n.render(m, "en")
    assert "du har inte hjärter kung" == i18n.render(m, "sv")
    assert "no tienes el rey de corazones" == i18n.render(m, "es")
    assert "tu n'as pas le roi de cœur" == i18n.render(m, "fr")
    assert "ليس معك ملك الكبة" == i18n.render(m, "ar")
    named = Message("you do not hold {card}", card=CardName(king))
    assert "you do not hold the king of hearts" == str(named)
    assert i18n.render(named, "sv") == i18n.render(m, "sv")


def test_lists_and_plurals() -> None:
    """Items join with the language's words; Message.counted picks the language's plural form."""
    cards = [Card.parse("KH"), Card.parse("2S"), Card.parse("10D")]
    assert "KH or 2S or 10D" == str(Message("{cards}", cards=Items(cards, "or")))
    both = Message("{cards}", cards=Items([CardName(c) for c in cards], "and"))
    assert "the king of hearts, the 2 of spades and the 10 of diamonds" == str(both)
    assert "hjärter kung, spader två och ruter tio" == i18n.render(both, "sv")
    five = Card.parse("5H")

    def missing(n: int) -> Message:
        return Message.counted(
            "there is no {card} on the table", "there are not {count} of {card} on the table", n, card=five
        )

    assert "there is no 5H on the table" == str(missing(1))
    assert "there are not 2 of 5H on the table" == str(missing(2))
    assert "hjärter fem ligger inte 2 gånger på bordet" == i18n.render(missing(2), "sv")
    arabic = [i18n.render(missing(n), "ar") for n in (1, 2, 3)]
    assert len(set(arabic)) == 3  # Arabic has a form for one, for two, and for a few


def test_a_violation_given_plain_text_still_works() -> None:
    """Violation(rule, 'text') (a plug-in game's way) is a message without parameters, the same in every language."""
    v = Violation(mulle.RULES["mulle.turn"], "you may not")
    assert "you may not" == v.reason and "[mulle.turn] you may not" == str(v)
    assert "[mulle.turn] you may not" == i18n.render(v, "fr")


def test_rule_text_in_each_language() -> None:
    """The rule's title and text from the rules catalog, English where a catalog has no translation."""
    rule = mulle.RULES["mulle.turn"]
    assert (rule.title, rule.text) == i18n.rule_text(rule, "en")
    for lang in TRANSLATED:
        title, text = i18n.rule_text(rule, lang)
        assert title and text


def _illegal(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> Any:
    seat = game.to_move(state)
    held = set(state.hands[seat])
    card = next(c for c in game.spec.pack.cards if c not in held)
    with pytest.raises(cardrules.IllegalMoveError) as info:
        game.parse_move(state, str(card) if game.name != "mulle" else f"{card} -")
    return info.value


WORDS = {
    ("mulle", "sv"): "du har inte",
    ("mulle", "es"): "no tienes",
    ("mulle", "fr"): "tu n'as pas",
    ("mulle", "ar"): "ليس معك",
    ("mililla", "es"): "no tienes el",
    ("mililla", "sv"): "du har inte oros",
}


@pytest.mark.parametrize(("game_name", "lang"), sorted(WORDS))
def test_an_illegal_move_in_each_language(game_name: str, lang: str) -> None:
    """The reason of an IllegalMoveError in the language, the rule id and the move's notation kept."""
    game = cardrules.get_game(game_name)
    state = game.new_game(seed=1)
    err = _illegal(game, state)
    if game_name == "mililla" and lang == "sv":
        state = next(s for s in (game.new_game(seed=k) for k in range(50)) if "O" in str(_illegal(game, s)))
        err = _illegal(game, state)
    text = i18n.render(err, lang)
    assert WORDS[game_name, lang] in text
    assert text.startswith(f"[{err.rule.id}] ") and text.endswith(f" {err.move_text})")
    assert text != str(err)


def test_charlemagne_in_french() -> None:
    """A Charlemagne refusal in French, the seat to move spoken to, the contract kept as its name."""
    s = run(
        table({0: "BJ LJ JH JD AH KH QH 10H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AD KD QD 10D 9D 8D 7D 9H"}, "8H 7H"),
        "bid mulot",
        "pass",
        "pass",
        "pass",
    )
    v = charlemagne.check_move(s, charlemagne.Pass())
    assert v is not None
    assert "[charlemagne.bid.turn] the bidding is over: you bid Mulot, and there is one round of bidding" == str(v)
    want = "[charlemagne.bid.turn] les enchères sont finies : tu as annoncé Mulot, et il n'y a qu'un tour d'enchères"
    assert want == i18n.render(v, "fr")


@pytest.mark.parametrize("text", PRESETS)
def test_every_reason_of_random_play_renders_in_every_language(text: str) -> None:
    """Over random play, each refusal renders in each language: no placeholder left, never the same as English."""
    game = cardrules.get_game(text)
    rng = random.Random(7)
    seen = 0
    for i, (state, _, _) in enumerate(playout(game, 3)):
        if i > 60:
            break
        if rng.random() > 0.3:
            continue
        refusals = game.spec.refusals(state) if game.spec.refusals is not None else ()
        for v in (*refusals, _illegal(game, state)):
            english = i18n.render(v, "en")
            assert english.startswith("[") and str(v) == english
            for lang in TRANSLATED:
                out = i18n.render(v, lang)
                assert "{" not in out and "}" not in out, out
                assert out != english, out
            seen += 1
    assert seen > 5


def test_the_catalogs_are_read_once_and_shared_between_threads() -> None:
    """translation() gives the same object in every thread (one cached read per language)."""
    found: list[object] = []
    threads = [threading.Thread(target=lambda: found.append(i18n.translation("sv"))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(found) == 4 and all(x is found[0] for x in found)


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "fr_FR", "LC_MESSAGES": "ar_EG.UTF-8"}, "ar"),
        ({"LANGUAGE": "de:es", "LANG": "sv_SE.UTF-8"}, "es"),
        ({"LANGUAGE": "de", "LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANGUAGE": "", "LC_ALL": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "ar"}, "ar"),
        ({"LC_ALL": "sv_FI@euro"}, "sv"),
    ],
)
def test_from_environ(environ: dict[str, str], lang: str) -> None:
    """LANGUAGE (a list), then LC_ALL, LC_MESSAGES and LANG, as GNU gettext reads them."""
    assert lang == i18n.from_environ(environ)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("sv-SE,sv;q=0.9,en;q=0.8", "sv"),
        ("de-DE,de;q=0.9,es;q=0.8,en;q=0.5", "es"),
        ("en;q=0.5, ar", "ar"),
        ("fr-CA;q=0, es;q=0.1", "es"),
        ("de, ja", "en"),
        ("fr;q=abc, sv;q=0.2", "sv"),
        ("*", "en"),
    ],
)
def test_negotiate(header: str | None, lang: str) -> None:
    """The known language of highest q in an Accept-Language header; English otherwise."""
    assert lang == i18n.negotiate(header)


def test_mililla_and_mulle_reasons_name_the_cards_in_the_language() -> None:
    """A Mililla duty to beat lists the cards by name in Spanish; a Mulle capture names its card in Swedish."""
    game = cardrules.get_game("mililla")
    for state, _, _ in playout(game, 11):
        seat = game.to_move(state)
        assert game.spec.refusals is not None
        refusals = game.spec.refusals(state)
        beat = [v for v in refusals if v.rule.id == "mililla.follow.beat"]
        if beat and seat is not None:
            text = i18n.render(beat[0], "es")
            assert "un rival va ganando la baza" in text and " de " in text
            break
    else:
        pytest.fail("no duty to beat in that match")
    s = mulle.new_game(seed=1)
    seat = mulle.to_move(s)
    assert seat is not None
    card = s.hands[seat][0]
    v = mulle.check_move(s, mulle.Capture(card, (), card.rank.pips))
    assert v is not None
    assert "fångst" in i18n.render(v, "sv") or "bordet" in i18n.render(v, "sv")


# --- numbers and plurals as each language writes them ---------------------------------------------


def test_numbers_and_percents_as_each_language_writes_them() -> None:
    """Babel writes them: a decimal comma in Swedish, Spanish and French; the percent sign as each places it."""
    pytest.importorskip("babel")
    from cardrules.i18n import format_number

    assert format_number(0.634, "en") == "0.63"
    assert format_number(0.634, "sv") == format_number(0.634, "fr") == format_number(0.634, "es") == "0,63"
    assert format_number(0.634, "ar") == "0.63"  # Babel's Arabic (CLDR) writes Latin digits and a point
    assert format_number(0.634, "en", percent=True, places=0) == "63%"
    assert format_number(0.634, "sv", percent=True, places=0) == "63\xa0%"
    assert format_number(0.5, "fr", sign=True) == "+0,50" and format_number(-0.5, "fr", sign=True) == "-0,50"
    message = Message("it rated {value}", value=Number(0.634, percent=True, places=0))
    assert str(message) == "it rated 63%"
    assert render(message, "fr").endswith("63\xa0%")


def test_numbers_without_babel_are_written_in_the_plain_form(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from cardrules.i18n import format_number

    monkeypatch.setitem(sys.modules, "babel", None)
    monkeypatch.setitem(sys.modules, "babel.numbers", None)
    assert format_number(0.634, "sv") == "0.63"
    assert format_number(0.634, "fr", percent=True, places=1) == "63.4%"
    assert format_number(2, "es", sign=True) == "+2.00"


def test_no_count_of_one_is_written_as_a_plural() -> None:
    """ngettext chooses the singular for one: "1 point", "the capture's 1 card is worth"."""
    import attrs

    from cardrules._kit.style import Style
    from cardrules.mililla._view import deal_text
    from cardrules.mulle._view import explain

    game = cardrules.get_game("mulle")
    state = game.new_game(seed=3)
    seat = game.to_move(state)
    assert seat is not None
    obs = game.observe(state, seat)
    captures = [m for m in game.legal_moves(state) if isinstance(m, mulle.Capture)]
    said = [str(r) for m in captures for r in explain(obs, m)]
    assert said and not [s for s in said if "1 card are" in s or "1 card points" in s or "cards is" in s]
    mililla = cardrules.get_game("mililla")
    seen = mililla.observe(mililla.new_game(seed=1), 0)
    for lang, bonus, want in [("en", 1, "scores 1 point for"), ("en", 2, "scores 2 points for"), ("es", 1, "1 punto")]:
        lines = deal_text(attrs.evolve(seen, deal_bonus=bonus, held_bonus=False), Style(lang=lang))
        assert any(want in line for line in lines), lines
    assert Style(lang="sv").ngettext("{side} {count} card", "{side} {count} cards", 2) == "{side} {count} kort"
