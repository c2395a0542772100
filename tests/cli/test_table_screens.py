"""
The terminal table's parts without a terminal: narration, the demo's legend and pace, simulate's
table, replay and verify as JSON, and whatever is typed at the table.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules._kit.style import visible_len
from cardrules.bots import get_bot
from cardrules.cli._commentary import match_words
from cardrules.cli._demo import demo, progress_bar
from cardrules.cli._session import Session

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "records"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def demo_lines(name: str, seed: int) -> list[str]:
    out = io.StringIO()
    assert 0 == demo(name, seed, out)
    return out.getvalue().splitlines()


@pytest.mark.parametrize("name", cardrules.game_names())
def test_demo_announces_deals_and_closes_rounds_with_a_table(name: str) -> None:
    """Every deal is announced once; each round's table comes after its last move and before the next deal."""
    lines = demo_lines(name, 2)
    game = cardrules.get_game(name)
    deals = [i for i, line in enumerate(lines) if re.match(r"round \d+[ :(]", line) and "deal" in line]
    ends = [i for i, line in enumerate(lines) if re.match(r"round \d+ is over:", line)]
    assert deals and ends and len(deals) == len(ends)  # the last round ends the match: no deal after it
    assert all(d < e for d, e in zip(deals, ends, strict=True))
    assert all(e < d for e, d in zip(ends, deals[1:], strict=False))
    assert all(f"round {k}" in lines[d] for k, d in enumerate(deals, 1))
    after = [ln for ln in lines[deals[0] + 1 : deals[0] + 4] if not ln.startswith("    ")]
    assert after[0].startswith("  hand of seat ")  # a demo shows every hand at the deal
    # The match so far, right after each table, is the sum of the rounds' points (no next turn-up bonus in it).
    state = game.new_game(seed=2)
    from cardrules.bots import play_match

    sums: list[list[int]] = []

    def on_move(before: Any, move: Any, after: Any) -> None:
        score = game.score(after)
        if len(score.rounds) > len(game.score(before).rounds):
            sums.append([sum(r.points[i] for r in score.rounds) for i in range(len(score.sides))])

    outcome = play_match(game, [get_bot("greedy")] * len(game.score(state).sides), seed=2, on_move=on_move)
    shown = [[int(x) for x in line.split()[3:]] for line in lines if line.startswith("  match so far")]
    assert shown == sums
    assert lines[-1] == f"({outcome.decisions} moves in all; seed 2)"
    assert lines[-2] == match_words(game.score(_final(game, 2)), None) + "."


def _final(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> Any:
    from cardrules.bots import play_match

    last: list[Any] = []
    play_match(game, [get_bot("greedy")] * 2, seed=seed, on_move=lambda b, m, a: last.append(a))
    return last[-1]


def test_mililla_first_deal_and_turn_up() -> None:
    """Mililla announces its first deal, trump and turn-up before the first move."""
    lines = demo_lines("mililla", 1)
    first_move = next(i for i, line in enumerate(lines) if line.startswith("  seat ") and ":" in line[7:9])
    deal = next(i for i, line in enumerate(lines) if line.startswith("round 1: seat 0 deals; "))
    assert deal < first_move
    assert re.search(r"[2-7AJHK]O is turned: oros are trump", lines[deal])


def test_match_words() -> None:
    """The match end in words, for the table and for a demo."""
    score = cardrules.Score(((0, 2), (1, 3)), (28, 35), None, (), 1)
    assert match_words(score) == "seats 1 and 3 win the match 35 to 28"
    assert match_words(score, 0) == "Seats 1 and 3 win the match 35 to 28: you lose"
    assert match_words(score, 3) == "You and seat 1 win the match 35 to 28"
    solo = cardrules.Score(((0,), (1,), (2,)), (80, 101, 77), None, (), 1)
    assert match_words(solo) == "seat 1 wins the match with 101 (seat 0 80, seat 2 77)"
    assert match_words(solo, 1) == "You win the match with 101 (seat 0 80, seat 2 77)"


def test_demo_legend_seed_and_speed() -> None:
    """A demo opens with its legend, prints its seed (which repeats it), and --speed only paces it."""
    first = run("demo", "mililla")
    assert 0 == first.returncode, first.stderr
    lines = first.stdout.splitlines()
    seed = int(re.search(r"seed (\d+)", lines[0]).group(1))  # type: ignore[union-attr]
    assert "How to read this Mililla demo:" in lines[:5]
    legend = "\n".join(lines[:20])
    assert "H horse" in legend and "O oros" in legend
    again = run("demo", "mililla", "--seed", str(seed), "--speed", "0.001")
    assert again.stdout == first.stdout
    bad = run("demo", "mililla", "--speed", "-1")
    assert 2 == bad.returncode and "--speed" in bad.stderr


def test_progress_bar_estimates_the_time_left() -> None:
    """The bar shows how many matches are done and the time left at the pace so far, then clears itself."""
    now = [100.0]
    out = io.StringIO()
    show = progress_bar(out, clock=lambda: now[0])
    now[0] = 110.0
    show(1, 4)
    assert "1/4, about 30 s left" in out.getvalue()
    now[0] = 220.0
    show(2, 4)
    assert "2/4, about 2 min 00 s left" in out.getvalue()
    show(4, 4)
    assert out.getvalue().endswith("\r")


def test_simulate_one_bot_for_every_side_and_per_seat_bots() -> None:
    """One bot plays every side; Mulle with three players takes a bot per player; the default is greedy,random."""
    one = run("simulate", "mililla", "--bots", "greedy", "--matches", "2")
    assert 0 == one.returncode, one.stderr
    assert 2 == sum(line.strip().startswith("greedy ") for line in one.stdout.splitlines())
    three = run("simulate", "mulle(players=3, target=0)", "--bots", "greedy,random,random", "--matches", "3")
    assert 0 == three.returncode, three.stderr
    assert 3 == len(three.stdout.splitlines()) - 2
    wrong = run("simulate", "mulle(players=3, target=0)", "--bots", "greedy,random", "--matches", "3")
    assert 2 == wrong.returncode and "3 sides" in wrong.stderr
    default = run("simulate", "mililla", "--matches", "2")
    assert 0 == default.returncode
    assert [ln.split()[0] for ln in default.stdout.splitlines()[2:]] == ["greedy", "random"]


def test_replay_json_and_position_by_seat() -> None:
    """replay --json numbers rounds and moves from 1; --seat shows that seat's hand, and no other."""
    path = str(CORPUS / "mililla/ok-whole-match.json")
    public = json.loads(run("replay", "--json", path).stdout)
    assert public["steps"][0]["round"] == 1 and public["steps"][0]["move"] == 1
    assert all("position" not in s and "alternatives" not in s for s in public["steps"])
    seat = json.loads(run("replay", "--json", "--seat", "2", path).stdout)
    record = cardrules.records.loads(Path(path).read_text(encoding="utf-8"))
    for step, data in zip(cardrules.records.steps(record), seat["steps"], strict=True):
        assert data["position"]["hand"] == [str(c) for c in step.before.hands[2]]
        assert data["round"] == step.round + 1 and data["move"] == step.number
        assert ("alternatives" in data) == (step.seat == 2)
    text = run("replay", "--seat", "2", "--no-pause", path).stdout
    hands = [ln for ln in text.splitlines() if ln.startswith("    | your hand:")]
    assert len(hands) == len(seat["steps"])
    assert "hand of seat" not in text
    full = run("replay", "--full", "--no-pause", path).stdout
    assert "    | hand of seat 3: " in full
    assert 2 == run("replay", "--seat", "7", path).returncode


def test_verify_json_counts_rounds_like_moves() -> None:
    """verify --json gives a problem's round counted from 1, as its move is and as the text report says."""
    path = str(CORPUS / "mililla/bad-seven-rule.json")
    data = json.loads(run("verify", "--json", path).stdout)
    problem = data["problems"][0]
    text = run("verify", path).stdout
    assert f"round {problem['round']}, move {problem['move_number']}" in text
    assert problem["round"] == 1


TYPED = st.one_of(
    st.text(max_size=30).filter(lambda t: "\n" not in t and "\r" not in t),
    st.sampled_from(["1", "2", "3", "0", "999", "undo", "hint", "moves", "more", "score", "last", "help", "?"]),
    st.sampled_from(["0" * 40 + "1", "1" * 10]),  # long numbers (5,000 digits: the test below)
    st.sampled_from(["rules", "rules mulle", "rules mulle.capture", "moves 7H", "moves x", "7H -", "hnit", "m", "n"]),
)


@given(st.lists(TYPED, max_size=16))
def test_any_typed_line_is_answered(lines: list[str]) -> None:
    """Whatever is typed at the table, the session answers (a move, a command, or why not) within 80 columns."""
    game = cardrules.get_game("mulle")
    typed = [line for line in lines if line.strip().lower() not in ("q", "quit", "exit")]
    inp = io.StringIO("".join(t + "\n" for t in typed))
    out = io.StringIO()
    session = Session(game, 0, get_bot("random"), 7, inp, out)
    assert 0 == session.run()
    assert out.getvalue().rstrip().endswith("end of input: leaving the game.") or game.is_over(session.state)
    assert all(visible_len(line) <= 80 for line in out.getvalue().splitlines())


def test_a_number_of_thousands_of_digits_is_no_move() -> None:
    """A typed number too long for int() is answered like any number that names no move."""
    game = cardrules.get_game("mililla")
    out = io.StringIO()
    session = Session(game, 0, get_bot("random"), 4, io.StringIO("9" * 5000 + "\n"), out)
    assert 0 == session.run()
    assert "There is no move 999999999...: choose a number from 1 to" in out.getvalue()
    out = io.StringIO()
    session = Session(game, 0, get_bot("random"), 4, io.StringIO("0" * 5000 + "1\n"), out)
    assert 0 == session.run()
    assert "There is no move" not in out.getvalue()  # leading zeros are no digits: that is move 1


def test_the_captured_screens_are_the_programs() -> None:
    """The docs page's screens are what the table prints: if this fails, run ``python docs/terminal_screen.py``."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("terminal_screen", root / "docs" / "terminal_screen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for file, (name, seed, seat, typed) in module.SCREENS.items():
        text = (root / "docs" / "_static" / file).read_text(encoding="utf-8")
        assert text == module.capture(name, seed, seat, typed)
        assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("speed", ["inf", "1e300", "nan", "-1", "61"])
def test_demo_refuses_a_pause_out_of_range(speed: str) -> None:
    """--speed is 0 to 60 seconds: infinity or a huge pause is bad input (exit 2), not an internal error."""
    done = run("demo", "mililla", "--speed", speed)
    assert 2 == done.returncode
    assert "cardrules: error: --speed must be from 0 to 60 seconds" in done.stderr
    assert "internal error" not in done.stderr


@pytest.mark.parametrize("name", cardrules.game_names())
def test_a_hint_tells_only_the_kinds_its_game_names_and_never_a_deal(name: str) -> None:
    """Each game names the events a hint may tell: kinds it emits, none of what is dealt after a move."""
    import random

    game = cardrules.get_game(name)
    assert game.spec.terminal is not None and game.spec.events is not None
    allowed = game.spec.terminal.hint_events
    emitted: set[str] = set()
    rng = random.Random(7)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            after = game.apply(state, move := game.legal_moves(state).sample(rng))
            emitted.update(e.kind for e in game.spec.events(state, move, after))
            state = after
    assert allowed and allowed <= emitted, sorted(allowed - emitted)
    assert not allowed & {"deal", "round", "match"}
    assert emitted - allowed  # what the move sets off after it (a deal, a round's score) is left out


@pytest.mark.parametrize(("name", "closing"), [("mililla", "trick"), ("charlemagne", "trick"), ("mulle", "capture")])
def test_last_keeps_what_the_game_says(name: str, closing: str) -> None:
    """``last`` holds the last trick (its cards, then who took it) or the last capture, as the game's terminal says."""
    game = cardrules.get_game(name)
    session = Session(game, 0, get_bot("random"), 5, io.StringIO(), io.StringIO())
    rng = random.Random(5)
    kinds: list[str] = []
    for _ in range(200):  # a trick or a capture comes long before this
        if session.last:
            break
        before = session.state
        move = game.legal_moves(before).sample(rng)
        session.play(move)
        kinds = [e.kind for e in game.spec.events(before, move, session.state)] if game.spec.events else []
    assert session.last, "nothing kept after 200 moves"
    assert closing in kinds  # the last group began with the move that closed a trick or captured
    if closing == "trick":  # every card of the trick, then who won it; no trick in progress
        assert len(session.last) >= 4 and session.trick == ()
        assert all(" plays " in t for t in session.last[:-1]) and "wins the trick" in session.last[-1]
    else:  # the capture alone (a mulle or a tabbe it scored would follow it)
        assert len(session.last) == 1 and " takes " in session.last[0]
