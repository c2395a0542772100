"""``cardrules play``, ``simulate`` and ``demo --bots``, driven as a user would: a subprocess with scripted input."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

import cardrules


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with *stdin* as its input (a pipe, so plain text)."""
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def unwrap(text: str) -> str:
    """*text* with the lines the terminal table wrapped (continued after four spaces) joined again."""
    return text.replace("\n    ", " ")


def first_turn(name: str, seed: int) -> tuple[cardrules.Game[Any, Any, Any, Any], Any, int]:
    """The game, its first position for *seed*, and the seat to move there (the person's seat in these tests)."""
    game = cardrules.get_game(name)
    state = game.new_game(seed=seed)
    seat = game.to_move(state)
    assert seat is not None
    return game, state, seat


@pytest.mark.parametrize("name", cardrules.game_names())
def test_play_wrong_input_then_notation_then_number(name: str) -> None:
    """Garbage, a number out of range and an illegal card are explained; then notation and a number are played."""
    game, state, seat = first_turn(name, 5)
    legal = list(game.legal_moves(state))
    shown = min(len(legal), 500)
    notation = game.format_move(state, legal[-1])
    illegal = illegal_card(game, state)
    script = f"xyzzy\n0\n{shown + 1}\n{illegal}\nhelp\n\n{notation}\n1\n"
    result = run("play", name, "--seed", "5", "--seat", str(seat), stdin=script)
    assert 0 == result.returncode, result.stderr
    out = unwrap(result.stdout)
    assert "" == result.stderr
    assert f"You are seat {seat}" in out
    assert "your hand: " in out
    assert "Your turn" in out and "  1) " in out
    assert "'xyzzy'" in out
    assert f"There is no move 0: choose a number from 1 to {shown}" in out
    assert f"There is no move {shown + 1}" in out
    assert "You may not play that:" in out and "(rule " in out
    assert "'help commands' says what each does" in out and "undo" in out
    assert f"seat {seat} (you)" in out
    assert out.rstrip().endswith("end of input: leaving the game.")
    assert "\x1b[" not in out  # piped: no colours


def illegal_card(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> str:
    """A card whose bare notation names no legal move (in the hand of no one who may play it)."""
    for c in game.spec.pack.cards:
        try:
            game.parse_move(state, str(c))
        except cardrules.IllegalMoveError:
            return str(c)
        except cardrules.CardrulesError:
            continue
    raise AssertionError("every card is playable")


@pytest.mark.parametrize("name", cardrules.game_names())
def test_play_eof_at_once(name: str) -> None:
    """End of input at the first prompt leaves cleanly: status 0 and one closing line."""
    result = run("play", name, "--seed", "2", stdin="")
    assert 0 == result.returncode, result.stderr
    assert result.stdout.rstrip().endswith("end of input: leaving the game.")


@pytest.mark.parametrize("name", cardrules.game_names())
def test_play_a_whole_match(name: str) -> None:
    """Answering '1' every time plays a match to its end, which names the winner."""
    result = run("play", name, "--seed", "8", "--opponents", "random", stdin="1\n" * 3000)
    assert 0 == result.returncode, result.stderr
    last = result.stdout.rstrip().splitlines()[-1]
    assert re.fullmatch(r"You (and seats? [\d, and]+ )?win the match .*\.|.* the match .*: you lose\.", last), last


def test_play_quit() -> None:
    """'quit' leaves with status 0."""
    result = run("play", "mililla", "--seed", "2", stdin="quit\n")
    assert 0 == result.returncode
    assert "You leave the game." in result.stdout


def test_play_is_reproducible() -> None:
    """The same seed and input give the same transcript, search opponents included."""
    args = ("play", "mililla", "--seed", "4", "--opponents", "search(iterations=5)", "--ascii")
    first = run(*args, stdin="1\n" * 4)
    assert 0 == first.returncode, first.stderr
    assert first.stdout == run(*args, stdin="1\n" * 4).stdout


@pytest.mark.parametrize(
    "args",
    [
        ("play", "mililla", "--seat", "9"),
        ("play", "mililla", "--opponents", "wizard"),
        ("play", "poker"),
        ("play", "mililla", "--seed", "x"),
        ("play", "mililla", "--rules", "other"),
        ("simulate", "mililla", "--bots", "greedy,random,random", "--matches", "2"),
        ("simulate", "mililla", "--bots", "greedy,random", "--matches", "0"),
        ("simulate", "mililla", "--bots", "greedy,random", "--workers", "0"),
        ("simulate", "mililla", "--bots", "wizard"),
        ("demo", "mililla", "--bots", "greedy,random,random"),
        ("nonsense",),
    ],
)
def test_errors_are_one_line(args: tuple[str, ...]) -> None:
    """Every error is one line on stderr with a non-zero status, never a traceback."""
    result = run(*args)
    assert result.returncode != 0
    assert 1 == len(result.stderr.strip().splitlines()), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["play", "demo", "simulate", "games"])
def test_help_on_every_command(command: str) -> None:
    """``--help`` works on every command."""
    result = run(command, "--help")
    assert 0 == result.returncode
    assert result.stdout.startswith(f"usage: cardrules {command}")


@pytest.mark.parametrize("name", cardrules.game_names())
def test_simulate_prints_win_rates(name: str) -> None:
    """``simulate`` prints each bot's wins, win rate with its 95% interval, and mean points; no bar in a pipe."""
    game, state, _ = first_turn(name, 0)
    n = len(game.score(state).sides)
    bots = ",".join(["greedy"] + ["random"] * (n - 1))
    result = run("simulate", name, "--bots", bots, "--matches", str(2 * n), "--seed", "3")
    assert 0 == result.returncode, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{game.text}: {2 * n} matches, seed 3; ")
    assert len(lines) == 2 + n
    assert "95% interval (Wilson)" in lines[1] and "mean points" in lines[1]
    for line, bot in zip(lines[2:], bots.split(","), strict=True):
        wins, total = line.split()[1].split("/")
        assert line.split()[0] == bot and int(total) == 2 * n and 0 <= int(wins) <= 2 * n
        assert re.search(r"\d+\.\d% to \d+\.\d%", line)
    assert "" == result.stderr


def test_simulate_on_processes_matches_one_process() -> None:
    """``--workers 2`` plays on a process pool and prints the same figures."""
    args = ("simulate", "mililla", "--bots", "greedy,random", "--matches", "6", "--seed", "1")
    one = run(*args)
    two = run(*args, "--workers", "2")
    assert 0 == one.returncode == two.returncode, two.stderr
    assert one.stdout == two.stdout


@pytest.mark.parametrize("name", cardrules.game_names())
def test_demo_with_bots_is_narrated(name: str) -> None:
    """``demo --bots`` names the bots of each side and narrates the game's events."""
    game, state, _ = first_turn(name, 1)
    n = len(game.score(state).sides)
    result = run("demo", name, "--seed", "1", "--bots", ",".join(["greedy"] + ["random"] * (n - 1)))
    assert 0 == result.returncode, result.stderr
    lines = result.stdout.splitlines()
    assert "greedy (" in lines[0] and "random (" in lines[0]
    assert any(line.startswith("    ") for line in lines)  # events beyond the move itself
    assert lines[-1] == f"({lines[-1][1:].split()[0]} moves in all; seed 1)"
    assert "the match" in lines[-2]


# --- Mulle -------------------------------------------------------------------------------

# Seed 1 of the building game: seat 1 plays first, holding 5H, 6S, 8C and 9H, among others.
MULLE = ("play", "mulle", "--seed", "1", "--seat", "1")


def test_play_mulle_capture_in_notation() -> None:
    """Mulle: wrong input, a trail the capture duty forbids, then a capture in readable notation."""
    result = run(*MULLE, stdin="xyzzy\n6S -\n6S\n6S x 6S 6H 2H+4H\n")
    assert 0 == result.returncode, result.stderr
    out = unwrap(result.stdout)
    assert "round 1 (building game), dealt by seat 0; deal 1 of 6, stock 80 cards" in out
    assert "table: " in out and "cards in hand: seat 0 8, seat 1 8" in out
    assert "captured this round: seat 0 0 cards; seat 1 (you) 0 cards" in out
    assert "your hand: " in out and "Your turn (seat 1). Legal moves:" in out
    assert "'xyzzy'" in out
    assert "You may not play that: your 6S can capture" in out and "(rule mulle.capture.duty)" in out
    assert "'6S' fits several legal moves" in out
    assert "seat 1 (you) plays 6S and takes" in out
    assert "mulle 6S" in out  # the twin was taken
    assert "captured this round: seat 0" in out.split("seat 1 (you) plays 6S")[1]
    assert out.rstrip().endswith("end of input: leaving the game.")


def test_play_mulle_trail_and_number() -> None:
    """Mulle: a trail in notation, then a move by its number."""
    result = run(*MULLE, stdin="5H -\n1\n")
    assert 0 == result.returncode, result.stderr
    out = result.stdout
    assert "seat 1 (you) trails 5H" in out
    assert out.count("Your turn (seat 1)") == 3  # two moves played, then the third turn's prompt meets the end of input
    assert out.rstrip().endswith("end of input: leaving the game.")


@pytest.mark.parametrize("text", ["mulle/fishing", "mulle(players=3, target=0)", "mulle/fishing(players=4)"])
def test_play_mulle_presets_to_the_end(text: str) -> None:
    """The fishing game and more players: answering '1' every time plays a whole match."""
    result = run("play", text, "--seed", "3", "--opponents", "greedy", stdin="1\n" * 600)
    assert 0 == result.returncode, result.stderr
    assert "(fishing game)" in result.stdout or "(building game)" in result.stdout
    last = result.stdout.rstrip().splitlines()[-1]
    assert re.fullmatch(r"You (and seats? [\d, and]+ )?win the match .*\.|.* the match .*: you lose\.", last), last


def test_mulle_moves_listed_on_a_huge_table() -> None:
    """A fishing table of 34 small cards allows millions of captures: 30 are numbered, each card's shown."""
    from cardrules.mulle import FISHING, GAME, legal_moves
    from tests.mulle.positions import position

    small = "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 2H 3H 4H 5H 6H 7H 8H 9H 8C 9C 2S 3S 4S 5S 6S 7S 8S 9S 2C 2D 3C 3D"
    state = position(FISHING, ("10C 10H QS JD KH", "KC"), small)
    legal = legal_moves(state)
    assert GAME.terminal is not None and GAME.terminal.move_list is not None
    move_list = GAME.terminal.move_list
    moves, more = move_list(legal, 30)
    assert more is None  # too many to count quickly
    assert 0 < len(moves) <= 30
    assert all(m in legal for m in moves)
    assert {m.card for m in moves} == set(state.hands[0])
    state = position(FISHING, ("10C 10H QS JD KH", "KC"), small[:59])  # 20 cards: counted
    legal = legal_moves(state)
    moves, more = move_list(legal, 30)
    assert len(moves) == 30 and more == len(legal) - 30
    assert {m.card for m in moves} == set(state.hands[0])
    assert len(set(moves)) == 30
