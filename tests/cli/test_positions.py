"""``cardrules check`` and ``cardrules show``: a dispute settled from the position on the table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import records
from tests.playout import playout
from tests.variants import PRESETS

GAMES = PRESETS


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def _mid_round(text: str, steps: int = 9) -> tuple[cardrules.Game[Any, Any, Any, Any], Any, Any]:
    """A game, a position some moves into a match, and the move random play made there."""
    game = cardrules.get_game(text)
    for i, (state, move, _after) in enumerate(playout(game, 4)):
        if i == steps:
            return game, state, move
    raise AssertionError("the match ended too early")


def _illegal(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> str:
    """The text of a move that is well formed but refused here (a card of the pack the mover does not hold)."""
    seat = game.to_move(state)
    held = set(state.hands[seat])
    card = next(c for c in game.spec.pack.cards if c not in held)
    return str(card) if game.name != "mulle" else f"{card} -"


@pytest.mark.parametrize("text", GAMES)
def test_check_a_legal_move(text: str) -> None:
    """A legal move: exit 0, the move, what it does; --json says the same for programs."""
    game, state, move = _mid_round(text)
    position = game.position(state)
    result = _cli("check", position, game.format_move(state, move))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("legal: ")
    data = json.loads(_cli("check", "--json", position, game.format_move(state, move)).stdout)
    assert data["legal"] is True
    assert data["move"] == game.format_move(state, move)
    after = game.apply(state, move)
    assert data["match"]["after"] == list(game.score(after).match)


@pytest.mark.parametrize("text", GAMES)
def test_check_an_illegal_move(text: str) -> None:
    """An illegal move: exit 1, the rule id and the reason, and the legal moves (a bounded list)."""
    game, state, _ = _mid_round(text)
    move = _illegal(game, state)
    data = json.loads(_cli("check", "--json", game.position(state), move).stdout)
    assert data["legal"] is False
    violation = game.spec.check_move(state, game.spec.parse_canonical(move))
    assert violation is not None and data["rule"] == violation.rule.id
    assert 0 < len(data["legal_moves"]) <= 20
    result = _cli("check", game.position(state), move)
    assert result.returncode == 1
    assert f"({violation.rule.id})" in result.stdout and "legal moves: " in result.stdout


def test_check_reads_a_file_or_standard_input(tmp_path: Path) -> None:
    """The position may come from a file or from standard input."""
    game, state, move = _mid_round("mililla")
    path = tmp_path / "dispute.txt"
    path.write_text(game.position(state) + "\n", encoding="utf-8")
    assert _cli("check", str(path), game.format_move(state, move)).returncode == 0
    assert _cli("check", "-", game.format_move(state, move), stdin=game.position(state)).returncode == 0


@pytest.mark.parametrize(
    "position", ["", "p1", "p1 mililla", "p1 poker x=1", "p2 mililla x", "p1 mililla(seven_rule=maybe) x"]
)
def test_check_bad_input_is_status_2(position: str) -> None:
    """A position that cannot be read: one line on stderr and exit 2."""
    result = _cli("check", position, "7O")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "internal error" not in result.stderr


def test_check_a_move_that_cannot_be_read() -> None:
    game, state, _ = _mid_round("mililla")
    assert _cli("check", game.position(state), "not a move").returncode == 2


@pytest.mark.parametrize("text", GAMES)
def test_show_draws_the_movers_view(text: str) -> None:
    """``cardrules show`` draws what the seat to move sees, with its legal moves, and no other hand."""
    game, state, move = _mid_round(text)
    result = _cli("show", "--ascii", game.position(state))
    assert result.returncode == 0, result.stderr
    assert game.format_move(state, move) in result.stdout
    assert "legal moves: " in result.stdout


def test_a_dispute_record_starts_from_a_position() -> None:
    """A record of a few moves from the middle of a round holds its position, and verify replays it."""
    game, state, _ = _mid_round("mililla", 13)
    moves, s = [], state
    for _ in range(6):
        m = game.legal_moves(s)[0]
        moves.append(m)
        s = game.apply(s, m)
    rec = records.from_moves(state, moves)
    assert rec.rounds[0].position == game.position(state)
    assert rec.rounds[0].deck is None
    back = records.loads(records.dumps(rec))
    report = records.verify(back)
    assert report.ok, report
    assert report.moves_checked == 6
    assert report.final == s or game.position(report.final) == game.position(s)
