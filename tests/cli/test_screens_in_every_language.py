"""
The terminal's screens in every language: no English word left in a translated screen (the table,
the narration, ``score``, ``hint``, ``why``, ``rules ID``, the round tables, ``check``), and no card in
notation where English draws it with its suit symbol.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules._kit.style import Style
from cardrules.bots import get_bot
from cardrules.cli._session import Session

LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]

# English words a translated screen must not show (the commands, the notation and the game's own
# terms, mulle and tabbe, are the same in every language and are not among them).
ENGLISH = re.compile(
    r"\b(seats?|plays|takes|trick|card points|point per trick|won|lost|imagined|rulings|worth|trump|"
    r"dealt|round|hand of|scored|what it does)\b",
    re.IGNORECASE,
)
RULE_ID = re.compile(r"\b[a-z]+(?:\.[a-z0-9-]+)+\b")  # mulle.points.cards: an id, the same in every language
CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")  # a French card in notation (10D, QS, 2C)

# Every command that shows something, between moves, so that the screens of a round and its end are seen.
SCRIPT = ["score", "why 1", "rules {rule}", "1", "1", "last", "score", "1", "1", "1", "1", "score", "hint"]


def _session(text: str, lang: str, seed: int = 3) -> str:
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    seat = game.to_move(state)
    assert seat is not None
    rule = next(iter(game.spec.rulebook))
    typed = [line.format(rule=rule) for line in SCRIPT] + ["1"] * 40 + ["score", "quit"]
    out = io.StringIO()
    session = Session(
        game, seat, get_bot("greedy"), seed, io.StringIO("\n".join(typed) + "\n"), out, lang=lang,
        hint_level="hard(seconds=0.05)",
    )  # fmt: skip
    session.style = session.talk.style = Style(symbols=True, lang=lang)  # a terminal that draws suit symbols
    assert session.run() == 0
    return out.getvalue()


def _english_left(shown: str, lang: str) -> list[str]:
    source = Style(lang=lang).gettext("  Source: {source}").split("{")[0].strip().replace("\xa0", " ")
    left = []
    for line in shown.splitlines():
        if line.startswith(">") or (source and line.strip().replace("\xa0", " ").startswith(source)):
            continue  # what was typed, echoed; the published texts, cited as published
        found = ENGLISH.findall(RULE_ID.sub("", line))
        if found:
            left.append(f"{found}: {line}")
    return left


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", ["mulle", "mililla", "charlemagne"])
def test_a_translated_table_has_no_english_word_and_no_card_code(text: str, lang: str) -> None:
    shown = _session(text, lang)
    assert not _english_left(shown, lang)
    if cardrules.get_game(text).spec.pack.spanish:  # Spanish cards have no symbols: notation in every language
        return
    codes = [line for line in shown.splitlines() if CARD_CODE.search(line)]
    assert not codes, codes[:5]


def test_the_screen_test_finds_english_and_codes() -> None:
    """The checks above catch what they are for: an English score row, a card in notation."""
    assert _english_left("  card points (mulle.points.cards)   3   2", "sv")
    assert not _english_left("  kortpoäng (mulle.points.cards)   3   2", "sv")
    assert CARD_CODE.search("plats 0 spelar QD x QD 10D+2C") and not CARD_CODE.search("plats 0 spelar Q♦ x Q♦")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_english_and_the_translations_draw_cards_alike(lang: str) -> None:
    """The narration writes a card the same way in every language: its notation, drawn with its symbol."""
    shown = _session("mulle", lang)
    game = cardrules.get_game("mulle")
    hand = game.observe(game.new_game(seed=3), 0).hand
    drawn = Style(symbols=True).cards(hand)
    assert drawn in shown
    names = [i18n.render(cardrules.rules.Message("{card}", card=c), lang) for c in hand]
    if lang != "en":
        assert not [n for n in names if n in shown]  # never the card's name in words at the terminal


def _check(lang: str, *args: str) -> Any:
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "cardrules", "--lang", lang, "check", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("lang", LANGS)
def test_check_says_its_events_in_the_language(lang: str) -> None:
    """``check``'s events and reasons are in the language, not ``- seat 2 plays 9C``."""
    position = (
        "p1 mulle dealer=1 deal=2 table=7S,9C builds=5H+7C=12@1,7D+2C=9@0 hands=8S,9S,KD,AC,10C,QH/?6 "
        "stock=?64 taken=?12/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
    )
    done = _check(lang, position, "9S x 9C")
    assert done.returncode == 0, done.stderr
    assert not _english_left(done.stdout, lang), done.stdout
