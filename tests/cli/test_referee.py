"""
Disputes answered as a referee would (issue 30): an illegal move that reads is illegal (exit 1, the
rule and the alternatives), a view never presents invented cards as a seat's own, the public replay
shows what everyone saw at each deal, ``check`` cites the rule's words and its page, ``--version``,
and a position without its ``p1`` says what is missing.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import InvalidPositionError, cli, records
from cardrules.bots import get_bot
from cardrules.cli._session import Session
from tests.playout import playout

ELEVEN = (
    "p1 mulle dealer=1 deal=2 table=7S,9C builds=5H+6S=11@1,7D+2C=9@0 hands=8S,9S,KD,AC,10C,QH/?6 "
    "stock=?64 taken=?12/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
)
"""Seat 0 to move, with a build of 11 (seat 1's) and one of 9 (its own) on the table."""

PLAYS = (
    "p1 mulle dealer=1 dealt=3S,7S,5H,6H,9H,10H,7D,9C plays=3Dx3S,7C>5H=12,2C>7D=9,3D>9H=12,10Hx10H,6C>6H=12 "
    "hands=8S,9S,KD,AC,10C/?5 stock=?80 rounds=-"
)
"""The same kind of dispute in the play form (the positions page's example): builds of 12 and 9."""


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# --- 1. a move that reads but breaks a rule is illegal --------------------------------------------


def test_a_capture_of_a_build_of_another_value_is_illegal_in_the_play_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _run(capsys, "check", PLAYS, "KD x [5H+7C]")
    assert status == 1, err
    assert "(mulle.capture)" in out and "[5H+7C] is worth 12, not 13" in out
    assert out.splitlines()[-1].startswith("legal moves: ")


def test_a_capture_of_a_build_of_another_value_is_illegal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "check", ELEVEN, "KD x [5H+6S]")
    assert status == 1, err
    assert out.startswith("illegal: KD x [5H+6S]: ")
    assert "(mulle.capture)" in out and "[5H+6S] is worth 11, not 13" in out
    assert "legal moves: 9S x 9C [7D+2C]" in out
    status, out, _ = _run(capsys, "check", "--json", ELEVEN, "KD x [5H+6S]")
    data = json.loads(out)
    assert status == 1 and data["legal"] is False and data["rule"] == "mulle.capture"
    assert "9S x 9C [7D+2C]" in data["legal_moves"]


def test_a_raise_of_a_build_that_is_not_there_is_illegal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "check", ELEVEN, "8S > [5H+7C] = 20")
    assert status == 1
    assert "there is no build [5H+7C] on the table to raise" in out and "(mulle.build)" in out


@pytest.mark.parametrize("move", ["zz", "KD >", "KZ x 5H", "KD x #0"])
def test_only_text_that_is_no_move_is_bad_input(capsys: pytest.CaptureFixture[str], move: str) -> None:
    status, out, err = _run(capsys, "check", ELEVEN, move)
    assert status == 2 and not out and "cardrules: error:" in err


def test_the_terminal_table_says_the_same() -> None:
    game = cardrules.get_game("mulle")
    out = io.StringIO()
    start = cardrules.from_position(ELEVEN)
    session = Session(game, 0, get_bot("greedy"), 1, io.StringIO("KD x [5H+6S]\nquit\n"), out, start=start)
    assert session.run() == 0
    text = " ".join(out.getvalue().split())
    assert "You may not play that: the KD captures as 13" in text
    assert "(rule mulle.capture)" in text


# --- 2. show never presents invented cards as a seat's own -----------------------------------------


def test_show_of_a_hidden_hand_shows_it_hidden(capsys: pytest.CaptureFixture[str]) -> None:
    filled = cardrules.from_position(ELEVEN).hands[1]  # the cards the reader made up for seat 1
    status, out, _ = _run(capsys, "show", "--ascii", ELEVEN, "--seat", "1")
    assert status == 0
    hand = next(line for line in out.splitlines() if line.startswith("your hand"))
    assert hand == "your hand (seat 1): 6 cards, not shown in the position"
    assert not any(str(c) in hand for c in filled)


def test_show_of_a_hidden_hand_in_the_play_form(capsys: pytest.CaptureFixture[str]) -> None:
    filled = cardrules.from_position(PLAYS).hands[1]
    status, out, _ = _run(capsys, "show", "--ascii", PLAYS, "--seat", "1")
    assert status == 0
    hand = next(line for line in out.splitlines() if line.startswith("your hand"))
    assert "not shown" in hand and not any(str(c) in hand for c in filled)


def test_show_of_the_mover_with_a_hidden_hand_lists_no_moves(capsys: pytest.CaptureFixture[str]) -> None:
    hidden = ELEVEN.replace("hands=8S,9S,KD,AC,10C,QH/?6", "hands=?6/?6")
    status, out, _ = _run(capsys, "show", "--ascii", hidden)
    assert status == 0
    assert "your hand (seat 0): 6 cards, not shown in the position" in out
    assert "legal moves: they depend on the hand, which the position does not show" in out


def test_check_refuses_a_position_that_hides_the_movers_hand(capsys: pytest.CaptureFixture[str]) -> None:
    hidden = ELEVEN.replace("hands=8S,9S,KD,AC,10C,QH/?6", "hands=?6/?6")
    status, _, err = _run(capsys, "check", hidden, "9S x 9C")
    assert status == 2 and "the hand of seat 0, the seat to move, is given only by its size" in err


def test_show_of_a_seat_whose_own_hand_is_written_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "show", "--ascii", ELEVEN)
    assert status == 0 and "your hand: 8S 9S QH KD AC 10C" in out


# --- 3. the public replay shows what everyone saw at each deal -------------------------------------


def _record_file(tmp_path: Path, text: str, seed: int) -> Path:
    game = cardrules.get_game(text)
    start = game.new_game(seed=seed)
    moves = [move for _, move, _ in playout(game, seed)]
    path = tmp_path / "match.json"
    path.write_text(records.dumps(records.from_moves(start, moves)), encoding="utf-8")
    return path


def test_the_replay_shows_the_mililla_turn_up_of_round_one(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parents[1] / "corpus" / "records" / "mililla" / "ok-one-round.json"
    status, out, _ = _run(capsys, "replay", "--no-pause", str(path))
    assert status == 0
    lines = out.splitlines()
    deal = next(i for i, line in enumerate(lines) if "is turned:" in line and "are trump" in line)
    first = next(i for i, line in enumerate(lines) if line.startswith("round 1, move 1:"))
    assert deal < first


def test_the_replay_shows_the_mulle_table_of_every_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _record_file(tmp_path, "mulle", 3)
    rounds = len(records.loads(path.read_text(encoding="utf-8")).rounds)
    assert rounds > 1
    status, out, _ = _run(capsys, "replay", "--no-pause", str(path))
    assert status == 0
    assert out.count("face up to the table") == rounds
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("round 1, move 1:"))
    assert "face up to the table" in lines[first - 1]


def test_the_json_replay_begins_with_the_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for path in (
        Path(__file__).parents[1] / "corpus" / "records" / "mililla" / "ok-one-round.json",
        _record_file(tmp_path, "mulle", 2),
        Path(__file__).parents[1] / "corpus" / "records" / "charlemagne" / "ok-bid-6.json",
    ):
        status, out, _ = _run(capsys, "replay", "--json", str(path))
        assert status == 0, path
        step = json.loads(out)["steps"][0]
        assert step["events"][0]["kind"] == "deal", path


def test_a_replay_from_a_table_position_shows_the_table_as_it_lies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start = cardrules.from_position(ELEVEN)
    game = cardrules.get_game("mulle")
    move = game.legal_moves(start)[0]
    path = tmp_path / "dispute.json"
    path.write_text(records.dumps(records.from_moves(start, [move])), encoding="utf-8")
    status, out, _ = _run(capsys, "replay", "--no-pause", str(path))
    assert status == 0
    assert "the round as it lies on the table" in out and "build [5H+6S] = 11" in out


# --- 4. check cites the rule's words and where to read it ------------------------------------------


def test_check_cites_the_rule_and_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    rule = cardrules.get_game("mulle").spec.rulebook["mulle.capture"]
    status, out, _ = _run(capsys, "check", ELEVEN, "KD x [5H+6S]")
    assert status == 1
    assert f"the rule, mulle.capture ({rule.title}): {rule.text}" in out
    assert "read it with: cardrules rules mulle --rule mulle.capture" in out
    _, out, _ = _run(capsys, "check", "--json", ELEVEN, "KD x [5H+6S]")
    cited = json.loads(out)["rule_cited"]
    assert cited == {
        "id": "mulle.capture",
        "title": rule.title,
        "text": rule.text,
        "lang_title": rule.title,
        "lang_text": rule.text,
        "read": "cardrules rules mulle --rule mulle.capture",
        "url": "/rules/mulle#mulle.capture",
        "page": "docs/rules/mulle.md",
        "section": "mulle.capture",
    }
    page = Path(__file__).parents[2] / "src" / "cardrules" / "mulle" / "rules.md"
    assert "(mulle.capture)=" in page.read_text("utf-8")


def test_every_games_page_is_where_check_says() -> None:
    root = Path(__file__).parents[2]
    for name in cardrules.game_names():
        spec = cardrules.get_game(name).spec
        if spec.rules_page is None:
            continue
        path = root / spec.rules_page
        page = path.read_text("utf-8")
        included = re.search(r"```\{include\} (\S+)", page)  # the docs page includes the package's rules.md
        if included is not None:
            page = (path.parent / included.group(1)).read_text("utf-8")
        assert all(f"({rule_id})=" in page for rule_id in spec.rulebook)


# --- 5. --version, and a position without its p1 --------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"cardrules {cardrules.__version__}"


@pytest.mark.parametrize("reader", [cardrules.from_position, cardrules.get_game("mulle").from_position])
def test_a_position_without_p1_says_so(reader: Any) -> None:
    with pytest.raises(InvalidPositionError) as info:
        reader(ELEVEN.removeprefix("p1 "))
    assert "starts with 'p1'" in str(info.value)
    assert "this one starts with the ruleset 'mulle': write 'p1 ' before it" in str(info.value)
    with pytest.raises(InvalidPositionError, match="this one starts with 'dealer=1'"):
        reader(ELEVEN.removeprefix("p1 mulle "))
