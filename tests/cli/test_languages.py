"""
The terminal in every language: ``play``, ``demo``, the help screens and ``--help`` fit 80 columns
in each, say their words in the chosen language, and never show a seat a card it may not see; the
reports of ``verify``, ``simulate`` and ``games`` are in the language too.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules._kit.style import Style, visible_len
from cardrules.bots import get_bot
from cardrules.cli._commentary import Commentary, match_words
from cardrules.cli._demo import demo
from cardrules.cli._session import Session
from cardrules.cli._session_help import command_summary
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
    assert game.spec.terminal is not None
    help_text = game.spec.terminal.help_text
    lines = [*help_text(game.rules, style), *command_summary("10D", "mulle.turn", style)]
    assert not [line for line in lines if visible_len(line) + 2 > WIDTH]
    if lang != "en":
        english = [*help_text(game.rules, None), *command_summary("10D", "mulle.turn")]
        assert len(set(lines) & set(english)) <= 2  # a line of notation only may be the same


def _screens(game: cardrules.Game[Any, Any, Any, Any], state: Any, seat: int, lang: str) -> list[str]:
    """What the table shows *seat* of *state* in *lang*: the table, the deal announced, the help."""
    style = Style(lang=lang)
    view = game.observe(state, seat)
    assert game.spec.terminal is not None
    talk = Commentary(game, style, seat, WIDTH)
    return [*view_for(game.spec)(view, style), *talk.deal(state), *game.spec.terminal.help_text(game.rules, style)]


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
            said = reason_text(reason, style)  # cards in notation, as the terminal writes them in every language
            assert said == i18n.render(reason, lang, cards="notation")
            assert said != str(reason) or re.fullmatch(r"mulle \S+", said)  # Swedish says mulle too
        move = game.legal_moves(state)[0]
        for event in game.spec.events(state, move, game.apply(state, move)) if game.spec.events else ():
            said = event_text(event, style)
            assert said == i18n.render(event, lang, cards="notation")
            assert said != event.text or re.fullmatch(r"mulle \S+", said)  # Swedish says mulle too


# --- --help and the reports of verify, simulate and games ----------------------------------------

COMMAND_LINES = [
    [],
    ["play"],
    ["demo"],
    ["simulate"],
    ["games"],
    ["verify"],
    ["replay"],
    ["check"],
    ["show"],
    ["serve"],
    ["solve"],
    ["vectors"],
    ["vectors", "write"],
    ["perft"],
    ["engine"],
    ["conformance"],
]
RECORDS = Path(__file__).parents[1] / "corpus" / "records"


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``cardrules ARGS`` prints on standard output (``--help`` exits, as argparse does)."""
    from cardrules import cli

    try:
        cli.main(args)
    except SystemExit as exc:
        assert exc.code in (0, None)
    return capsys.readouterr().out


def _help(lang: str | None, command: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    return _main([*(["--lang", lang] if lang else []), *command, "--help"], capsys)


@pytest.fixture
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps the help to COLUMNS: a terminal of 80."""
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("columns")
@pytest.mark.parametrize("command", COMMAND_LINES, ids=lambda c: " ".join(c) or "cardrules")
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_help_speaks_the_language(lang: str, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``cardrules --lang CODE [COMMAND] --help``: argparse's words and ours in the language, none in English."""
    shown = _help(lang, command, capsys)
    english = _help(None, command, capsys)
    style = Style(lang=lang)
    assert shown.startswith(style.gettext("usage: ") + "cardrules")
    assert style.gettext("show this help message and exit") in shown
    assert style.gettext("options") + ":" in shown
    for word in ("usage:", "options:", "positional arguments:", "show this help", "default", " the ", "exit status"):
        assert word not in shown, (word, shown)
    sentences = {line.strip() for line in english.splitlines() if len(line.strip().split(" ")) > 3}
    # the lines of words (not of options, as the usage's go on) are the language's
    assert not [line for line in shown.splitlines() if line.strip() in sentences and not line.strip().startswith("[")]


@pytest.mark.usefixtures("columns")
@pytest.mark.parametrize("command", COMMAND_LINES, ids=lambda c: " ".join(c) or "cardrules")
@pytest.mark.parametrize("lang", LANGS)
def test_help_fits_80_columns(lang: str, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Every help screen fits 80 columns in every language (English's exit statuses as they always were)."""
    from cardrules.cli import EXIT_STATUS

    shown = _help(lang, command, capsys)
    assert not [line for line in _too_wide(shown) if line not in EXIT_STATUS.splitlines()]


@pytest.mark.usefixtures("columns")
def test_english_help_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang en`` and no language at all give argparse's and our English help, word for word."""
    shown = _help(None, [], capsys)
    assert shown == _help("en", [], capsys)
    assert shown.startswith("usage: cardrules [-h] [--version] [--lang CODE] COMMAND ...\n")
    for text in ("positional arguments:", "options:", "-h, --help", "show this help message and exit", "exit status:"):
        assert text in shown
    play = _help(None, ["play"], capsys)
    assert "usage: cardrules play [-h] [--rules TEXT] [--position POS]" in play
    assert "your seat, from 0 (default 0)" in play and "[game]" in play


def test_the_environment_chooses_the_help_language() -> None:
    """``LANG=sv_SE.UTF-8 cardrules --help`` is Swedish; ``--lang`` overrides the environment."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(LANG="sv_SE.UTF-8", COLUMNS="80")
    run = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "--help"], capture_output=True, text=True, timeout=120, env=env
    )
    assert run.returncode == 0, run.stderr
    sv = Style(lang="sv")
    assert run.stdout.startswith(sv.gettext("usage: ")) and sv.gettext("your seat, from 0 (default 0)") in run.stdout
    run = subprocess.run(
        [sys.executable, "-m", "cardrules", "--lang=en", "--help"], capture_output=True, text=True, timeout=120, env=env
    )
    assert run.returncode == 0 and run.stdout.startswith("usage: cardrules")


# The English words of the reports' templates, none of which a translated report may show.
REPORT_WORDS = {
    "games": ("presets", "not available"),
    "simulate": ("matches", "seed", "side", "wins", "win rate", "95% interval", "mean points", " to ", "a multiple"),
    "verify": ("valid:", "INVALID:", "moves replayed legally", "computed result", "claimed result", "winner"),
    "problem": ("round 1, move", "(seat ", "legal there"),
}


@pytest.mark.usefixtures("columns")
@pytest.mark.parametrize("lang", LANGS)
def test_the_reports_speak_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``games``, ``simulate`` and ``verify`` (a valid record and a bad one) in the language, within 80 columns."""
    style = Style(lang=lang)
    games = _main(["--lang", lang, "games"], capsys)
    assert (
        style.gettext("{name}: {title}; presets: {presets}").format(
            name="mulle", title="Mulle", presets="building, fishing"
        )
        in games
    )
    simulated = _main(["--lang", lang, "simulate", "mililla", "--matches", "3"], capsys)
    assert style.gettext("win rate") in simulated and style.gettext("mean points") in simulated
    assert not _too_wide(simulated)
    valid = _main(["--lang", lang, "verify", str(RECORDS / "mililla" / "ok-one-round.json")], capsys)
    assert valid.startswith(style.gettext("valid: {checked} of {total} moves replayed legally").split(":")[0])
    bad = _main(["--lang", lang, "verify", str(RECORDS / "mulle" / "bad-capture-not-maximal.json")], capsys)
    line = style.gettext("round {number}").format(number=1) + style.gettext(", move {number}").format(number=1)
    assert line in bad
    if lang == "en":
        return
    for name, shown in (("games", games), ("simulate", simulated), ("verify", valid + bad), ("problem", bad)):
        for word in REPORT_WORDS[name]:
            assert word not in shown, (name, word, shown)


@pytest.mark.parametrize("lang", LANGS)
def test_the_progress_bar_speaks_the_language(lang: str) -> None:
    """``simulate``'s progress bar on a terminal: the time left and the match in play, in the language."""
    from cardrules.cli._demo import progress_bar

    style = Style(lang=lang)
    out = io.StringIO()
    times = iter([0.0, 10.0])
    bar = progress_bar(out, clock=lambda: next(times), style=style)
    bar(1, 4)
    assert (
        style.gettext(", about {time} left").format(time=style.gettext("{seconds} s").format(seconds=30))
        in out.getvalue()
    )
    bar.moves(1200)
    assert style.gettext(", match {number} at move {move}").format(number=2, move="1,200") in out.getvalue()
    if lang != "en":
        assert "about" not in out.getvalue() and "at move" not in out.getvalue()


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_a_records_problems_speak_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each problem of a bad record, in ``verify``'s report, is written in the language (its move stays in notation)."""
    from cardrules import records

    checked = 0
    for path in sorted(RECORDS.glob("*/bad-*.json")):
        try:
            report = records.verify(records.loads(path.read_text(encoding="utf-8")))
        except cardrules.CardrulesError:
            continue  # a record that cannot be read has no report
        if not report.problems:
            continue
        shown = _main(["--lang", lang, "verify", str(path)], capsys)
        for problem in report.problems:
            words = i18n.render(problem.said, lang, cards="notation")
            assert str(problem.said) == problem.message
            assert words in shown
            if problem.message.startswith(("it is seat", "round ", "the record claims", "the match is")):
                assert words != problem.message, (path.name, words)
            checked += 1
    assert checked >= 5
