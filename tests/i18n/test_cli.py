"""``cardrules --lang CODE check``: an illegal move explained in the chosen language, or the environment's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from tests.playout import playout


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], capture_output=True, text=True, timeout=120, env=environ
    )


def _dispute(name: str) -> tuple[str, str, cardrules.IllegalMoveError]:
    """A position some moves into a match, a move that breaks a rule there, and the error it gets."""
    game = cardrules.get_game(name)
    state = next(s for i, (s, _, _) in enumerate(playout(game, 4)) if i == 9)
    seat = game.to_move(state)
    held = set(state.hands[seat])
    card = next(c for c in game.spec.pack.cards if c not in held)
    move = str(card) if name != "mulle" else f"{card} -"
    with pytest.raises(cardrules.IllegalMoveError) as info:
        game.parse_move(state, move)
    return game.position(state), move, info.value


# Words that only the translation has: the verdict, the reason and the list of legal moves.
CASES = [
    ("mulle", "sv", ("otillåtet: ", "du har inte ", "tillåtna drag: ", "regeln, mulle.turn")),
    ("mililla", "es", ("ilegal: ", "no tienes ", "jugadas legales: ", "la regla, mililla.turn")),
    ("charlemagne", "fr", ("illégal : ", "tu ", "coups permis : ", "la règle, charlemagne.")),
    ("mulle", "ar", ("غير مسموح: ", "ليس معك ", "الحركات المسموحة: ", "القاعدة، mulle.turn")),
]


@pytest.mark.parametrize(("name", "lang", "words"), CASES)
def test_check_explains_an_illegal_move_in_the_language(name: str, lang: str, words: tuple[str, ...]) -> None:
    """--lang before the command: the verdict, the reason and the cited rule in that language; exit 1."""
    position, move, err = _dispute(name)
    result = _cli("--lang", lang, "check", position, move)
    assert result.returncode == 1, result.stderr
    for word in words:
        assert word in result.stdout, (word, result.stdout)
    # the terminal writes cards in notation in every language, as the moves are
    assert i18n.render(err.message, lang, cards="notation") in result.stdout  # type: ignore[arg-type]
    assert err.reason not in result.stdout
    assert f"({err.rule.id})" in result.stdout
    english = _cli("check", position, move)
    assert english.stdout.startswith("illegal: ") and err.reason in english.stdout


@pytest.mark.parametrize(("name", "lang", "words"), CASES)
def test_check_json_keeps_english_and_adds_the_text(name: str, lang: str, words: tuple[str, ...]) -> None:
    """--json: rule and reason as in English, ``lang`` and ``text`` (the reason in the language)."""
    position, move, err = _dispute(name)
    data: dict[str, Any] = json.loads(_cli("--lang", lang, "check", "--json", position, move).stdout)
    assert data["rule"] == err.rule.id and data["reason"] == err.reason
    said = i18n.render(err.message, lang, cards="notation")  # type: ignore[arg-type]
    assert data["lang"] == lang and data["text"] == said
    assert data["text"] != data["reason"]
    rule = data["rule_cited"]
    assert (rule["lang_title"], rule["lang_text"]) == i18n.rule_text(
        cardrules.get_game(name).spec.rulebook[rule["id"]], lang
    )


def test_the_environment_chooses_the_language_without_lang() -> None:
    """Without --lang, LANG (or LC_ALL, LC_MESSAGES, LANGUAGE) chooses, as gettext does; --lang wins."""
    position, move, _ = _dispute("mulle")
    assert "otillåtet: " in _cli("check", position, move, env={"LANG": "sv_SE.UTF-8"}).stdout
    assert "ilegal: " in _cli("check", position, move, env={"LANG": "sv_SE.UTF-8", "LC_ALL": "es_ES.UTF-8"}).stdout
    assert "illegal: " in _cli("--lang", "en", "check", position, move, env={"LANG": "sv_SE.UTF-8"}).stdout
    assert "illegal: " in _cli("check", position, move, env={"LANG": "de_DE.UTF-8"}).stdout


def test_an_unknown_language_is_bad_input() -> None:
    """--lang de: exit 2, and the message lists the languages."""
    result = _cli("--lang", "de", "games")
    assert result.returncode == 2
    assert "en" in result.stderr and "ar" in result.stderr and "--lang" in result.stderr
