"""
The terminal in every language: ``play``, ``demo`` and the help screens fit 80 columns in each, say
their words in the chosen language, and never show a seat a card it may not see.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules._kit.style import Style, visible_len
from cardrules.bots import get_bot
from cardrules.cli._commentary import Commentary, match_words
from cardrules.cli._demo import demo
from cardrules.cli._table import Session
from cardrules.cli._table_help import command_summary
from cardrules.cli._terminal import view_for

LANGS = i18n.LANGUAGES
GAMES = ["mulle", "mulle/fishing", "mililla", "charlemagne"]
WIDTH = 80

# Every command once, then a typo, numbers out of range, a card no one may play, then '1' until the match ends.
SCRIPT = [
    "help",
    "help commands",
    "hint",
    "score",
    "rules",
    "rules turn",
    "rules nosuchrule",
    "last",
    "moves",
    "more",
    "more",
    "undo",
    "xyzzy",
    "0",
    "12345678901234",
    "KH",
    "9H x 4S+5C",
    "1",
    "score",
    "last",
    "undo",
]


def _play(text: str, lang: str, seed: int = 3) -> str:
    """A whole match of *text* at the terminal table in *lang*: the script above, then move 1 every turn."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    seat = game.to_move(state)
    assert seat is not None
    lines = [*SCRIPT, *(["1", "score"] * 3), *["1"] * 3000]
    out = io.StringIO()
    session = Session(game, seat, get_bot("greedy"), seed, io.StringIO("\n".join(lines) + "\n"), out, lang=lang)
    assert session.run() == 0
    return out.getvalue()


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if visible_len(line) > WIDTH]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", GAMES)
def test_a_whole_match_at_the_table_fits_80_columns(text: str, lang: str) -> None:
    """Every screen of a match (help, hints, scores, errors, round tables, the match end) fits 80 columns."""
    shown = _play(text, lang)
    assert not _too_wide(shown)
    style = Style(lang=lang)
    last = shown.rstrip().splitlines()[-1]
    # the match ran to its end (not to the end of the input), its rounds scored in the language
    assert last.endswith(".") and last != style.gettext("end of input: leaving the game."), last
    assert style.gettext("round {number} is over:").format(number=1) in shown
    if lang != "en":  # the words are the language's, not English
        assert "Your turn" not in shown and "Legal moves" not in shown and "Commands:" not in shown
        assert style.gettext("Your turn (seat {seat}). Legal moves").split("(")[0] in shown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", GAMES)
def test_the_demo_fits_80_columns(text: str, lang: str) -> None:
    """A whole demo match (legend, deals, every hand, the narration, the round tables, the end) fits 80 columns."""
    out = io.StringIO()
    assert demo(text, 5, out, ["greedy"], Style(lang=lang)) == 0
    shown = out.getvalue()
    assert not _too_wide(shown)
    style = Style(lang=lang)
    assert style.gettext("How to read this {game} demo:").format(game=cardrules.get_game(text).spec.title) in shown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", GAMES)
def test_the_help_screens_fit_80_columns(text: str, lang: str) -> None:
    """
    The game's help and the commands in brief, broken into lines beforehand, fit 80 columns as they are
    (with the two spaces the demo's legend adds): no line of them is left to the wrapping.
    """
    game = cardrules.get_game(text)
    style = Style(lang=lang)
    assert game.spec.help_text is not None
    lines = [*game.spec.help_text(game.rules, style), *command_summary("10D", "mulle.turn", style)]
    assert not [line for line in lines if visible_len(line) + 2 > WIDTH]
    if lang != "en":
        english = [*game.spec.help_text(game.rules, None), *command_summary("10D", "mulle.turn")]
        assert len(set(lines) & set(english)) <= 2  # a line of notation only may be the same


def _screens(game: cardrules.Game[Any, Any, Any, Any], state: Any, seat: int, lang: str) -> list[str]:
    """What the table shows *seat* of *state* in *lang*: the table, the deal announced, the help."""
    style = Style(lang=lang)
    view = game.observe(state, seat)
    assert game.spec.help_text is not None
    talk = Commentary(game, style, seat, WIDTH)
    return [*view_for(game.spec)(view, style), *talk.deal(state), *game.spec.help_text(game.rules, style)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", GAMES)
def test_the_table_shows_no_hidden_card_in_any_language(text: str, lang: str) -> None:
    """
    The hidden-card guarantee: the screens a seat is shown are the same when every card it may not see is
    dealt otherwise (the other hands, the stock, the kitty), in every language.
    """
    game = cardrules.get_game(text)
    rng = random.Random(11)
    state = game.new_game(seed=8)
    compared = changed = 0
    while not game.is_over(state) and compared < 40:
        for seat in sorted(s for side in game.score(state).sides for s in side):
            other = game.spec.shuffle_hidden(state, seat, random.Random(rng.random()))
            assert _screens(game, state, seat, lang) == _screens(game, other, seat, lang)
            compared += 1
            changed += other != state
        state = game.apply(state, game.legal_moves(state).sample(rng))
    assert compared >= 40 and changed >= compared // 2  # the hidden cards were dealt otherwise


def test_the_language_changes_the_words_not_the_cards() -> None:
    """The same screen in Swedish and in English: the same cards in notation, other words."""
    game = cardrules.get_game("mulle")
    state = game.new_game(seed=2)
    english = _screens(game, state, 0, "en")
    swedish = _screens(game, state, 0, "sv")
    assert english != swedish
    assert any(line.startswith("din hand: ") for line in swedish)
    hand = " ".join(str(c) for c in game.observe(state, 0).hand)
    assert f"din hand: {hand}" in swedish and f"your hand: {hand}" in english


def test_match_words_in_every_language() -> None:
    """The match end in words: the seats, the points and who lost, in each language."""
    from tests.cli.test_table_screens import _final  # the end of a four-player match

    game = cardrules.get_game("mililla")
    score = game.score(_final(game, 2))
    for lang in LANGS:
        style = Style(lang=lang)
        words = match_words(score, 0, style)
        assert str(max(score.match)) in words and str(min(score.match)) in words
        if lang != "en":
            assert "win" not in words and "seat" not in words


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("sv", ("Din tur (plats ", "Du lämnar spelet.", "Kort: valör och färg")),
        ("es", ("Tu turno (asiento ", "Sales de la partida.", "Cartas: rango y palo")),
        ("fr", ("À toi (place ", "Tu quittes la partie.", "Cartes : rang puis sorte")),
        ("ar", ("دورك (المقعد ", "أنت تغادر اللعبة.", "الأوراق: الرتبة ثم الشكل")),
    ],
)
def test_lang_before_play_and_demo(lang: str, words: tuple[str, ...]) -> None:
    """``cardrules --lang CODE play`` and ``demo`` speak the language; the moves stay in notation."""
    played = _cli("--lang", lang, "play", "charlemagne", "--seed", "6", "--seat", "1", stdin="help\nquit\n")
    assert played.returncode == 0, played.stderr
    for word in words:
        assert word in played.stdout, (word, played.stdout)
    assert "  1) " in played.stdout and "Your turn" not in played.stdout
    shown = _cli("--lang", lang, "demo", "mililla", "--seed", "1")
    assert shown.returncode == 0, shown.stderr
    assert Style(lang=lang).gettext("How to read this {game} demo:").format(game="Mililla") in shown.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_replay_speaks_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``cardrules --lang CODE replay``: the lines of each move in the language, the moves in notation."""
    from pathlib import Path

    from cardrules import cli

    path = Path(__file__).parents[1] / "corpus" / "records" / "mililla" / "ok-one-round.json"
    status = cli.main(["--lang", lang, "replay", "--no-pause", "--seat", "0", str(path)])
    out = capsys.readouterr().out
    assert status == 0
    style = Style(lang=lang)
    head = style.gettext("round {number}, move {move_number}: {seat} plays {move}").split("{seat}")[0]
    seat = style.pgettext("side", "seat {seat}").format(seat=1)
    assert head.format(number=1, move_number=1) + seat in out
    assert style.gettext("could have played instead: {moves}").split("{")[0] in out
    if lang != "en":
        assert "plays" not in out and "could have played" not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("your hand: ", "legal moves: ", "legal: ")),
        ("sv", ("din hand: ", "tillåtna drag: ", "tillåtet: ")),
        ("es", ("tu mano: ", "jugadas legales: ", "legal: ")),
        ("fr", ("ta main : ", "coups permis : ", "permis : ")),
        ("ar", ("يدك: ", "الحركات المسموحة: ", "مسموح: ")),
    ],
)
def test_show_and_a_legal_check_speak_the_language(
    lang: str, words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """``show`` (the seat's view, its legal moves) and ``check`` of a legal move, in the language."""
    from cardrules import cli

    game = cardrules.get_game("mulle")
    state = game.new_game(seed=4)
    move = game.format_move(state, next(iter(game.legal_moves(state))))
    assert cli.main(["--lang", lang, "show", "--ascii", game.position(state)]) == 0
    shown = capsys.readouterr().out
    assert words[0] in shown and words[1] in shown and move in shown
    assert cli.main(["--lang", lang, "check", game.position(state), move]) == 0
    checked = capsys.readouterr().out
    assert checked.startswith(words[2] + move)


@pytest.mark.parametrize("lang", ["sv", "es", "fr", "ar"])
def test_a_hint_and_the_narration_speak_the_language(lang: str) -> None:
    """The events of a move and a hint's reasons, as the table says them, are the language's words, not English."""
    from cardrules.bots import advise
    from cardrules.cli._commentary import event_text, reason_text

    style = Style(lang=lang)
    for name in ("mulle", "mililla", "charlemagne"):
        game = cardrules.get_game(name)
        state = game.new_game(seed=4)
        seat = game.to_move(state)
        assert seat is not None
        advice = advise(game, game.observe(state, seat), game.legal_moves(state), level="search(iterations=8)")
        assert advice.reasons
        for reason in advice.reasons:
            said = reason_text(reason, style)
            assert said == i18n.render(reason, lang)
            assert said != str(reason)
        move = game.legal_moves(state)[0]
        for event in game.spec.events(state, move, game.apply(state, move)) if game.spec.events else ():
            said = event_text(event, style)
            assert said == i18n.render(event, lang) and said != event.text
