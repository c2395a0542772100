"""``cardrules analyse RECORD``: the text seat by seat with its summary, the JSON, the progress line, the errors."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import cardrules
from cardrules import records
from cardrules.bots import analyse
from cardrules.cli import _analyse, main


def _record(path: Path, rounds: int = 1, seed: int = 2) -> records.Record:
    """Mililla played at random for *rounds* rounds (the match unfinished), written to *path*."""
    game = cardrules.get_game("mililla")
    start = game.new_game(seed=seed)
    rng = random.Random(seed)
    state, moves = start, []
    while len(game.score(state).rounds) < rounds:
        move = game.legal_moves(state).sample(rng)
        moves.append(move)
        state = game.apply(state, move)
    record = records.from_moves(start, moves, seats=("Ann", "Bo", "Cy", "Di"))
    path.write_text(records.dumps(record), encoding="utf-8")
    return record


def test_the_text_goes_seat_by_seat_with_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat's costly moves and the best, the early moves said to be too early, each seat's and side's loss."""
    record = _record(tmp_path / "r.json")
    analysis = analyse(record, max_nodes=5_000)
    assert main(["analyse", str(tmp_path / "r.json"), "--max-nodes", "5000"]) == 0
    out = capsys.readouterr().out
    assert "every card shown" in out and "which no player had" in out
    assert "The record stops before the end of the match" in out
    assert "too early in the round to solve exactly within 5,000 positions" in out
    for c in analysis.by_seat():
        name = f"seat {c.seats[0]} ({record.seats[c.seats[0]]})"
        assert f"\n{name}:\n" in out
        said = f"{name} lost {c.lost} points in {c.mistakes} move" if c.mistakes else f"{name} lost nothing"
        assert f"  {said}" in out
    for i, c in enumerate(analysis.by_side()):
        assert f"side {i} (seats {c.seats[0]}, {c.seats[1]}) lost" in out
    costly = [m for m in analysis.moves if m.cost]
    assert costly  # this deal's random play throws points away
    assert all(f"round {m.round + 1}, move {m.number}: " in out and f"cost {m.cost} point" in out for m in costly)
    tally_only = [m for m in analysis.moves if m.cost == 0 and m.tally_cost]
    assert all(f"no points lost, {m.tally_cost} less in the round's tally" in out for m in tally_only)


def test_the_json_is_the_analysis(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The documented shape: each decision counted from 1, its values, best moves, cost; the costs by seat and side."""
    record = _record(tmp_path / "r.json")
    analysis = analyse(record, max_nodes=5_000)
    assert main(["analyse", str(tmp_path / "r.json"), "--max-nodes", "5000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "mililla" and data["every_card_shown"] is True and data["finished"] is False
    assert data["max_nodes"] == 5_000 and data["seconds"] is None and data["sides"] == [[0, 2], [1, 3]]
    assert len(data["moves"]) == len(analysis.moves)
    canonical = cardrules.get_game("mililla").spec.format_canonical
    for got, m in zip(data["moves"], analysis.moves, strict=True):
        assert (got["round"], got["move"], got["seat"], got["side"]) == (m.round + 1, m.number, m.seat, m.side)
        assert got["played"] == canonical(m.move) and got["status"] == m.status
        assert got["cost"] == m.cost and got["best"] == [canonical(b.move) for b in m.best]
        if m.status == "solved":
            assert m.played is not None and got["value"] == m.played.value
            assert got["best_value"] - got["value"] == got["cost"]
    assert [c["lost"] for c in data["by_seat"]] == [c.lost for c in analysis.by_seat()]
    assert [c["seats"] for c in data["by_side"]] == [[0, 2], [1, 3]]


def test_a_bad_record_is_exit_2_with_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unreadable, breaking a rule, a bad budget or three sides: exit 2 and a clear message on standard error."""
    record = _record(tmp_path / "r.json")
    text = (tmp_path / "r.json").read_text(encoding="utf-8")
    first = record.rounds[0].moves[0]
    other = cardrules.get_game("mililla").observe(next(records.replay(record)), (first.seat + 1) % 4).hand[0]
    (tmp_path / "bad.json").write_text(text.replace(f'"move": "{first.move}"', f'"move": "{other}"', 1))
    assert main(["analyse", str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot analyse the record" in err and "$.rounds[0].moves[0]" in err
    (tmp_path / "junk.json").write_text("{}")
    assert main(["analyse", str(tmp_path / "junk.json")]) == 2
    assert "cannot read the record" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert main(["analyse", str(tmp_path / "r.json"), "--max-nodes", "0"]) == 2
    assert "max_nodes must be" in capsys.readouterr().err
    three = cardrules.get_game("mulle(players=3)")
    start = three.new_game(seed=1)
    (tmp_path / "three.json").write_text(records.dumps(records.from_moves(start, [three.legal_moves(start)[0]])))
    assert main(["analyse", str(tmp_path / "three.json")]) == 2
    assert "needs two sides" in capsys.readouterr().err


def test_the_words_are_translated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--lang sv writes the analysis in Swedish."""
    _record(tmp_path / "r.json")
    assert main(["--lang", "sv", "analyse", str(tmp_path / "r.json"), "--max-nodes", "2000"]) == 0
    out = capsys.readouterr().out
    assert "Sammanfattning:" in out and "Summary:" not in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_goes_to_a_terminal_only() -> None:
    """On a terminal the line is rewritten in place and cleared at the end; elsewhere there is none."""
    st = cardrules._kit.style.Style()
    assert _analyse._progress(io.StringIO(), st) is None
    err = _Terminal()
    show = _analyse._progress(err, st)
    assert show is not None
    show(1, 3)
    show(3, 3)
    assert "analysing: 1 of 3 moves" in err.getvalue() and err.getvalue().endswith("\r\x1b[K")
