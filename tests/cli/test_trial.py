"""
The terminal and the command line, as a new user found them in the trial of issue 30: the demo's
legend, what ``hint`` promises, the nearest bid first, ``simulate``'s default and row names, the
Mulle screen with builds only, ``help`` on one 80 by 24 screen, ``play --position``, and the load
test's extra.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

import cardrules
from cardrules import cli
from cardrules._kit.style import Style
from cardrules.bots import get_bot
from cardrules.cli._demo import demo, legend
from cardrules.cli._session import Session
from cardrules.cli._session_help import did_you_mean, rules_pointer

ROOT = Path(__file__).resolve().parents[2]
TABLE = (
    "p1 mulle dealer=1 deal=2 table=7S,9C builds=5H+7C=12@1,7D+2C=9@0 hands=8S,9S,KD,AC,10C,QH/?6 "
    "stock=?64 taken=?12/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
)


def _session(text: str, typed: str, seat: int = 0, seed: int = 1, start: object = None) -> str:
    out = io.StringIO()
    game = cardrules.get_game(text)
    Session(game, seat, get_bot("greedy"), seed, io.StringIO(typed), out, start=start).run()
    return out.getvalue()


@pytest.mark.parametrize("name", cardrules.game_names())
def test_the_demo_legend_has_no_stray_line_and_no_rules_command(name: str) -> None:
    out = io.StringIO()
    assert demo(name, 1, out) == 0
    text = out.getvalue()
    head = " ".join(text[text.index("How to read") :].split("\n\n")[0].split())  # wrapped lines joined
    assert "'rules' lists" not in head and "docs/rules/" not in head
    title = cardrules.get_game(name).spec.title
    assert head.endswith(f"The rules of {title}: cardrules rules {name} prints them.")


def test_the_legend_shows_all_the_help_then_the_rules_page() -> None:
    lines = legend("X", ["one", "  two"], "docs/rules/x.md")
    assert lines[4:7] == [
        "  one",
        "    two",
        "  The rules: the X page of the cardrules documentation (docs/rules/x.md).",
    ]
    assert legend("X", ["one"])[5] == "  The rules: the X page of the cardrules documentation."
    assert legend("X", ["one"], "docs/rules/x.md", command="cardrules rules x")[5] == (
        "  The rules of X: cardrules rules x prints them."
    )


@pytest.mark.parametrize("name", cardrules.game_names())
def test_help_at_the_table_names_the_rules_page_once_before_the_commands(name: str) -> None:
    game = cardrules.get_game(name)
    session = Session(game, 0, get_bot("random"), 1, io.StringIO(), io.StringIO())
    lines = session.help_lines()
    pointer = rules_pointer(game.spec.title, game.spec.rules_page, command=f"cardrules rules {name}")
    assert pointer == [
        f"Rules of {game.spec.title}: cardrules rules {name} prints them (one rule: --rule ID);",
        "  'rules' here lists the rule ids.",
    ]
    at = lines.index(pointer[0])
    assert lines[at : at + 2] == pointer and lines[at + 2].startswith("Type a move's number")
    assert sum("cardrules rules" in line for line in lines) == 1 and not any("docs/rules/" in x for x in lines)
    assert rules_pointer("X", None, Style(lang="sv")) == [
        "Regler: X-sidan i dokumentationen för cardrules",
        "  'rules' listar reglernas id.",
    ]


@pytest.mark.parametrize(("name", "typed"), [("mulle", "hint\nquit\n"), ("charlemagne", "1\nhint\nquit\n")])
def test_hint_says_what_the_move_does_and_why(name: str, typed: str) -> None:
    seat = 1 if name == "charlemagne" else 0
    text = _session(name, typed, seat=seat, seed=3)
    hint = text[text.rindex("Hint") :]
    assert hint.startswith("Hint (the hard bot's move in your place)")
    what = re.search(r"what it does: (.+)", hint)
    assert what is not None and what.group(1).strip()
    assert re.search(r"why: .*imagined deals|why: it is the only legal move", hint), hint
    assert "and why" in _session(name, "help commands\nquit\n", seat=seat)


def test_charlemagne_discard_hint_is_not_empty() -> None:
    game = cardrules.get_game("charlemagne")
    rng = random.Random(0)
    for seed in range(30):  # a seat that must discard: the hint says something
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            moves = list(game.legal_moves(state))
            if any(game.format_move(state, m).startswith("discard") for m in moves):
                break
            state = game.apply(state, rng.choice(moves))
        else:
            continue
        seat = game.to_move(state)
        assert seat is not None
        out = io.StringIO()
        session = Session(game, seat, get_bot("greedy"), seed, io.StringIO("hint\nquit\n"), out, start=state)
        session.run()
        hint = out.getvalue()[out.getvalue().rindex("Hint") :]
        assert re.search(r"what it does: \S", hint), hint
        return
    pytest.fail("no discard in 30 deals")


def test_the_nearest_bid_comes_first() -> None:
    bids = ["pass", "bid 6", "bid 7", "bid 8", "bid mulot"]
    assert did_you_mean("bid 4", bids)[:3] == ["bid 6", "bid 7", "bid 8"]
    assert did_you_mean("bid 9", bids)[0] == "bid 8"
    assert did_you_mean("bid7", bids)[0] == "bid 7"
    assert did_you_mean("hnit", bids) == ["hint"]


def test_the_terminal_offers_the_nearest_bid_first() -> None:
    text = _session("charlemagne", "bid 4\nquit\n", seat=1, seed=3)
    said = " ".join(text[text.index("> bid 4") :].split())
    assert "Did you mean 'bid 6' or 'bid 7'" in said


def test_simulate_picks_a_default_that_fits_three_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "mulle(players=3)", "--matches", "3"]) == 0
    out = capsys.readouterr().out
    assert "greedy " in out and "random (seat 1 first)" in out and "random (seat 2 first)" in out


def test_simulate_names_a_bot_of_every_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "charlemagne", "--bots", "random", "--matches", "2"]) == 0
    rows = [line.split("  ")[1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert rows == ["random (seats 0+2 first)", "random (seats 1+3 first)"]


def test_the_mulle_screen_with_builds_only_says_no_loose_cards() -> None:
    s = cardrules.from_position(TABLE)
    game = cardrules.get_game("mulle")
    after = game.apply(s, game.parse_move(s, "9S x 9C"))  # the 7S is left: take it too, by hand
    assert game.spec.terminal is not None
    view = game.spec.terminal.view
    assert "table: 7S" in view(game.observe(after, 1), Style())
    only_builds = cardrules.from_position(TABLE.replace("table=7S,9C", "table=-").replace("?12/?10", "?14/?10"))
    lines = view(game.observe(only_builds, 0), Style())
    assert lines[1] == "table: no loose cards" and lines[2].startswith("build #0")


@pytest.mark.parametrize("name", cardrules.game_names())
def test_help_fits_one_screen_with_the_moves(name: str) -> None:
    """At 80 by 24 (off a terminal), ``help`` and the numbered moves after it fit on one screen."""
    text = _session(name, "help\nquit\n", seed=2)
    screen = text[text.index("> help") : text.index("> quit")].splitlines()
    assert len(screen) <= 24, "\n".join(screen)
    assert any("Legal moves" in line for line in screen)
    assert re.search(r"^\s+1\) ", "\n".join(screen), re.M)
    assert all(len(line) <= 80 for line in screen)


def test_help_commands_says_what_each_does() -> None:
    text = _session("mulle", "help commands\nquit\n")
    for command in ("moves", "more", "hint", "score", "last", "rules", "undo", "quit"):
        assert re.search(rf"^  {command} +\S", text, re.M), command


def test_play_from_a_table_position(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nquit\n"))
    assert cli.main(["play", "--position", TABLE, "--seed", "4", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "From the position given" in out and "taken up from the table in deal 2" in out
    assert "your hand: 8S 9S QH KD AC 10C" in out
    assert "seat 0 (you) plays 9S and takes 9C 7D 2C" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--position", TABLE.replace("hands=8S,9S,KD,AC,10C,QH/?6", "hands=?6/?6")], "your hand"),
        (["play", "mililla", "--position", TABLE], "not of mililla"),
        (["play"], "name a game to play, or give --position"),
    ],
)
def test_play_from_a_position_refuses_what_it_cannot_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], words: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert cli.main(args) == 2
    assert words in capsys.readouterr().err


def test_the_load_test_names_its_extra() -> None:
    page = (ROOT / "docs" / "howto" / "frontend.md").read_text("utf-8")
    before = page[: page.index("python benchmarks/load_web.py --rate 300")]
    assert 'pip install ".[web-tests]"' in before and "httpx" in before
    assert "web-tests" in (ROOT / "benchmarks" / "load_web.py").read_text("utf-8")
