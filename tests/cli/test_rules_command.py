"""``cardrules rules GAME [--rule ID]``: the players' rules page in the terminal, and the commands that point to it."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import cardrules
from cardrules import i18n
from cardrules.cli import main
from cardrules.cli._rules import WIDTH, page_lines, rules_command
from cardrules.i18n import rule_text

GAMES = cardrules.game_names()
PYTHON = ("get_game(", "Error", ">>>", "import ", "```", "{ref}", "% developers")
POSITION = "p1 mulle dealer=1 dealt=4S,9H,3D,6D,KD,5C,QC,2H plays=- hands=3S,7S,8H,9D,JD,4C,8C,KC/?8 stock=?80 rounds=-"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_whole_page_in_every_language(capsys: pytest.CaptureFixture[str], game: str, lang: str) -> None:
    status, out, _ = _run(capsys, "--lang", lang, "rules", game)
    assert status == 0
    lines = out.splitlines()
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    assert [w for w in PYTHON if w in out] == []
    book = cardrules.get_game(game).spec.rulebook
    said = " ".join(out.replace("\u00a0", " ").split())
    for rule in book.values():  # every rule, under its title in the language, with its id
        title = " ".join(rule_text(rule, lang)[0].split())
        assert f"{title} [{rule.id}]" in said, (rule.id, title)
    assert set(lines[1]) == {"="} and len(lines[1]) == len(lines[0])  # the page's title, underlined


@pytest.mark.parametrize("lang", ["en", "sv", "ar"])
def test_one_rule_is_its_section_only(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    status, out, _ = _run(capsys, "rules", "mulle", "--rule", "mulle.capture.duty", "--lang", lang)
    assert status == 0
    rule = cardrules.get_game("mulle").spec.rulebook["mulle.capture.duty"]
    title, text = rule_text(rule, lang)
    assert out.splitlines()[0] == f"{title} [mulle.capture.duty]"
    assert " ".join(text.split()) in " ".join(out.split())
    assert "mulle.capture.maximal" not in out and "mulle.fishing.capture" not in out
    assert len(out.splitlines()) < 12


def test_a_rule_may_be_named_without_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        _run(capsys, "rules", "mulle", "--rule", "capture.duty")[1]
        == _run(capsys, "rules", "mulle", "--rule", "mulle.capture.duty")[1]
    )


def test_cards_are_symbols_or_their_names(capsys: pytest.CaptureFixture[str]) -> None:
    out = " ".join(_run(capsys, "rules", "charlemagne", "--rule", "charlemagne.trump.order")[1].split())
    assert "J♥, J♦, A♥" in out and "the Big joker, the Little joker" in out and "JH" not in out
    plain = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    args: Any = type("Args", (), {"game": "charlemagne", "rule": "charlemagne.trump.order", "lang": "en"})()
    assert rules_command(args, plain) == 0  # a terminal that cannot show ♥ gets the cards' names
    plain.seek(0)
    text = " ".join(plain.buffer.getvalue().decode("ascii").split())
    assert "the jack of hearts" in text and "?" not in text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["rules", "mule"], "there is no game 'mule'; did you mean: mulle?"),
        (["rules", "poker"], "The games are: charlemagne, mililla, mulle"),
        (["rules", "mulle", "--rule", "cap"], "did you mean: mulle.capture, mulle.capture.maximal"),
        (["rules", "mililla", "--rule", "nothing.like.it"], "the rules of Mililla have no rule 'nothing.like.it'"),
    ],
)
def test_an_unknown_game_or_rule_is_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == "" and said in err


def test_the_help_lists_the_command_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "sv", "--help"])
    assert "läs reglerna för ett spel, eller en enskild regel" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    assert "--rule ID" in capsys.readouterr().out


def test_check_points_to_the_rule_a_player_can_open(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "check", POSITION, "9D -")
    assert status == 1 and "read it with: cardrules rules mulle --rule mulle.capture.duty" in out
    assert "docs/rules" not in out
    status, out, _ = _run(capsys, "check", POSITION, "9D x 4S 2H 9H 3D")
    assert status == 0 and "cardrules rules mulle --rule RULE" in out and "docs/rules" not in out
    data = json.loads(_run(capsys, "check", "--json", POSITION, "9D -")[1])
    cited = data["rule_cited"]
    assert cited["read"] == "cardrules rules mulle --rule mulle.capture.duty"
    assert cited["url"] == "/rules/mulle#mulle.capture.duty"
    # The command it names prints that rule.
    status, out, _ = _run(capsys, *cited["read"].split()[1:])
    assert status == 0 and out.startswith("You must capture or build")


def test_page_lines_wrap_lists_and_tables() -> None:
    lines = page_lines("## Points\n\n(x.y)=\n### Title\n\n- " + "word " * 30 + "\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert lines[:3] == ["Points", "------", ""]
    assert lines[3] == "Title [x.y]"
    assert lines[4].startswith("  - word") and lines[5].startswith("    word") and "  1 | 2" in lines


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_at_the_table_gives_the_source_in_the_language(lang: str) -> None:
    """``rules ID`` at the terminal table: the rule's source and option as the players' page says them."""
    from cardrules._kit.style import Style
    from cardrules.cli._session_help import rule_lines

    lines = rule_lines(cardrules.get_game("mililla"), "mililla.seven", Style(lang=lang))
    said = " ".join(" ".join(lines).split())
    assert "rulings page" not in said and "seven_rule" in said
    if lang == "ar":
        assert "«Gameplay» (طريقة اللعب)" in said and "المصدر" in said
    elif lang == "en":
        assert 'Source: "Mililla" (Amber Crook), Gameplay; the rulings.' in said
