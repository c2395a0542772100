"""
``cardrules play`` in a real pseudo-terminal (pexpect), at 80 and at 120 columns: what is on the
screen fits it, every numbered move plays by its number, ``help`` explains the notation, ``hint``
names a legal move, ``undo`` puts the position back, a typo gets "did you mean".
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules._kit.style import unsymbol

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pexpect drives a pseudo-terminal only on POSIX", allow_module_level=True)

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = "\n> "
SEEDS = {"mulle": 3, "mililla": 4, "charlemagne": 6}


def first_seat(name: str) -> tuple[cardrules.Game[Any, Any, Any, Any], Any, int]:
    """The game, its first position for the seed of these tests, and the seat to move there."""
    game = cardrules.get_game(name)
    state = game.new_game(seed=SEEDS[name])
    seat = game.to_move(state)
    assert seat is not None
    return game, state, seat


class Table:
    """``cardrules play`` in a pseudo-terminal of *columns* columns, read screen by screen."""

    def __init__(
        self, name: str, columns: int, *extra: str, env: dict[str, str] | None = None, lines: int = 40
    ) -> None:
        _, _, seat = first_seat(name)
        self.columns = columns
        environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        environ.update({"TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(lines), **(env or {})})
        args = ["-m", "cardrules", "play", name, "--seed", str(SEEDS[name]), "--seat", str(seat), *extra]
        self.child = pexpect.spawn(
            sys.executable, args, env=environ, dimensions=(lines, columns), encoding="utf-8", timeout=30
        )
        self.screens: list[str] = []

    def read(self) -> str:
        """What the program printed up to its next prompt (colour codes kept)."""
        self.child.expect_exact(PROMPT)
        text = (self.child.before or "").replace("\r\n", "\n")
        self.screens.append(text)
        return text

    def send(self, line: str) -> str:
        """Type *line* and Enter; what came back up to the next prompt (without the echo)."""
        self.child.sendline(line)
        text = self.read()
        echo = text.split("\n", 1)
        return echo[1] if echo[0].strip() == line.strip() or echo[0].endswith(line) else text

    def close(self) -> None:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0

    def widths(self) -> Iterator[tuple[int, str]]:
        for screen in self.screens:
            for line in screen.split("\n"):
                plain = ANSI.sub("", line)
                yield len(plain), plain


def numbered(screen: str) -> dict[int, str]:
    """The moves a screen lists, by number: ``  3) 7H x 7S`` in columns."""
    plain = ANSI.sub("", screen)
    found = re.findall(r"(?:^|  )\s*(\d+)\) (.+?)(?=\s{2,}\d+\)|$)", plain, flags=re.M)
    return {int(n): text.strip() for n, text in found}


def table_part(screen: str) -> str:
    """The table as a screen shows it, from the score line to the end of the move list."""
    plain = ANSI.sub("", screen)
    return plain[plain.index("match: ") :]


@pytest.fixture(params=[80, 120], ids=["80-columns", "120-columns"])
def columns(request: pytest.FixtureRequest) -> int:
    return int(request.param)


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_every_numbered_move_plays_and_undo_restores(name: str, columns: int) -> None:
    """Each listed number plays its move; ``undo`` brings the same screen back; nothing is wider than the terminal."""
    game, state, _ = first_seat(name)
    table = Table(name, columns)
    first = table.read()
    moves = numbered(first)
    legal = {game.format_move(state, m) for m in game.legal_moves(state)}
    assert moves and len(moves) == len(legal)  # every legal move has a number
    assert {unsymbol(t) for t in moves.values()} == legal
    assert sorted(moves) == list(range(1, len(moves) + 1))
    for n, text in sorted(moves.items()):
        played = table.send(str(n))
        assert ("(you)" in played and "Your turn" in played) or "round 1 is over" in played, played
        assert unsymbol(text).split()[0] in unsymbol(ANSI.sub("", played))
        back = table.send("undo")
        assert "Undone" in back
        assert table_part(back) == table_part(first)  # the same position, the same numbers
    table.close()
    too_wide = [line for width, line in table.widths() if width > columns]
    assert not too_wide


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_help_hint_typo_and_commands(name: str, columns: int) -> None:
    """``help`` shows the notation, ``hint`` a legal move by its number, a typo "did you mean"."""
    game, state, _ = first_seat(name)
    legal = {game.format_move(state, m) for m in game.legal_moves(state)}
    table = Table(name, columns)
    moves = numbered(table.read())
    helped = ANSI.sub("", table.send("help"))
    assert "rank then suit" in helped and f"cardrules rules {name.split('/')[0]}" in helped and "undo" in helped
    hint = ANSI.sub("", table.send("hint"))
    found = re.search(r"Hint \(.*\): (\d+)\) (.+)", hint)
    assert found is not None, hint
    assert unsymbol(found.group(2).strip()) in legal
    assert moves[int(found.group(1))] == found.group(2).strip()
    assert "what it does:" in hint
    typo = ANSI.sub("", table.send("hnit"))
    assert "Did you mean 'hint'?" in typo.replace("\n    ", " ")
    assert "rules" in ANSI.sub("", table.send("rules")).split("\n")[0]
    assert "this round so far" in ANSI.sub("", table.send("score"))
    table.close()
    assert not [line for width, line in table.widths() if width > columns]


def test_colours_and_symbols_follow_the_terminal() -> None:
    """A terminal gets suit symbols and colours; ``NO_COLOR`` drops the colours only; ``--ascii`` drops both."""
    table = Table("mulle", 80)
    screen = table.read()
    assert "\x1b[31m" in screen and any(s in screen for s in "♠♥♦♣")
    table.close()
    table = Table("mulle", 80, env={"NO_COLOR": "1"})
    screen = table.read()
    assert "\x1b[3" not in screen and any(s in screen for s in "♠♥♦♣")
    table.close()
    table = Table("mulle", 80, "--ascii")
    screen = table.read()
    assert "\x1b[" not in screen and not any(s in screen for s in "♠♥♦♣")
    table.close()


def test_filter_and_pages_keep_the_numbers() -> None:
    """``moves CARD`` lists only the moves with that card, under the numbers of the whole list."""
    game, state, seat = first_seat("mulle")
    table = Table("mulle", 80, "--ascii")
    moves = numbered(table.read())
    card = str(game.observe(state, seat).hand[0])
    shown = numbered(table.send(f"moves {card}"))
    assert shown and all(moves[n] == text and card in text.split()[0] for n, text in shown.items())
    assert set(shown) == {n for n, text in moves.items() if text.split()[0] == card}
    table.close()


def test_a_short_terminal_pages_the_moves() -> None:
    """On a short terminal the list comes in pages; 'more' goes on with the same numbers, any of which plays."""
    game, state, _ = first_seat("mulle")
    total = len(game.legal_moves(state))
    table = Table("mulle", 80, "--ascii", lines=16)
    first = table.read()
    page = numbered(first)
    assert "(page 1 of " in first and len(page) < total
    seen = dict(page)
    while len(seen) < total:
        more = numbered(table.send("more"))
        assert more and min(more) == max(seen) + 1
        seen.update(more)
    assert "last page" in table.send("more")
    assert sorted(seen) == list(range(1, total + 1))
    played = table.send(str(total))  # listed on the last page, played from here
    assert "(you)" in played
    table.close()


def test_replay_pauses_and_q_quits() -> None:
    """In a terminal, replay waits after each move; Enter goes on and q quits at once."""
    path = str(Path(__file__).resolve().parent.parent / "corpus" / "records" / "mililla" / "ok-whole-match.json")
    child = pexpect.spawn(sys.executable, ["-m", "cardrules", "replay", path], encoding="utf-8", timeout=30)
    child.expect_exact("(Enter to go on, q to quit)")
    child.sendline("")
    child.expect_exact("round 1, move 2:")
    child.expect_exact("(Enter to go on, q to quit)")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "move 3:" not in (child.before or "")
