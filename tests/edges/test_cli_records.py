"""The command line and the records at their edges: closed or endless input, a full disk, hostile deals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import mulle, records
from tests.edges.positions import trail_only

CLI = f"{sys.executable} -m cardrules"


def _sh(command: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=timeout)


def _one_line_error(result: subprocess.CompletedProcess[str], status: int, words: str) -> None:
    assert result.returncode == status, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cardrules: error: ")
    assert words in lines[0]
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


def test_play_with_standard_input_closed() -> None:
    """``cardrules play mulle <&-`` is one line and status 2 (was "internal error: AttributeError")."""
    _one_line_error(_sh(f"{CLI} play mulle --seed 1 <&-"), 2, "standard input is closed")


def test_verify_with_standard_input_closed() -> None:
    """``cardrules verify - <&-`` is one line and status 2 (was "internal error: AttributeError")."""
    _one_line_error(_sh(f"{CLI} verify - <&-"), 2, "standard input")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_full_disk_is_exit_status_3() -> None:
    """Output to a full disk: one line naming the problem and status 3 (was "internal error: OSError")."""
    _one_line_error(_sh(f"{CLI} demo mililla --seed 1 > /dev/full"), 3, "No space left on device")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_verify_reads_no_more_than_a_record() -> None:
    """``cardrules verify /dev/zero`` stops after 5 MB of input and says so (it read without end)."""
    _one_line_error(_sh(f"{CLI} verify /dev/zero", timeout=30), 2, "too large")


def test_help_documents_the_exit_statuses() -> None:
    """``cardrules --help`` lists every exit status that the commands use."""
    out = _sh(f"{CLI} --help").stdout
    for status in ("0 ", "1 ", "2 ", "3 ", "130"):
        assert f"\n  {status}" in out


def _mulle_record(text: str, deal: dict[str, object]) -> records.Record:
    doc = {
        "format": "cardrules-record",
        "format_version": 1,
        "game": text,
        "dealer": 0,
        "rounds": [{"deal": deal, "moves": []}],
    }
    return records.loads(json.dumps(doc))


def _deal_of(state: mulle.State) -> dict[str, object]:
    return {
        "hands": [[str(c) for c in h] for h in state.hands],
        "table": [str(c) for c in state.table],
        "stock": [str(c) for c in state.stock],
    }


def test_verify_refuses_a_three_hand_deal_in_a_two_player_record() -> None:
    """A Mulle deal that does not fit its ruleset is a "deal" problem (it was replayed as another game)."""
    three = cardrules.get_game("mulle(players=3)").new_game(seed=1, dealer=0)
    report = records.verify(_mulle_record("mulle", _deal_of(three)))
    assert not report.ok
    assert report.problems[0].kind == "deal"
    assert "2 players" in report.problems[0].message


def test_verify_refuses_an_eight_card_deal_in_a_fishing_record() -> None:
    """An 8-card (building) deal in a fishing record is a "deal" problem, not a valid fishing record."""
    building = cardrules.get_game("mulle").new_game(seed=2, dealer=0)
    report = records.verify(_mulle_record("mulle/fishing", _deal_of(building)))
    assert not report.ok
    assert report.problems[0].kind == "deal"
    assert "5" in report.problems[0].message


def test_a_deal_that_fits_is_valid() -> None:
    """The same check passes a deal of the record's own ruleset (the test above could not pass vacuously)."""
    fishing = cardrules.get_game("mulle/fishing").new_game(seed=2, dealer=0)
    assert records.verify(_mulle_record("mulle/fishing", _deal_of(fishing))).ok


def test_deeply_nested_deal_is_refused() -> None:
    """A deal nested 500 deep is an InvalidRecordError at its path (dumps(loads(t)) raised RecursionError)."""
    nested: object = "7O"
    for _ in range(500):
        nested = [nested]
    doc = {
        "format": "cardrules-record",
        "format_version": 1,
        "game": "mililla",
        "dealer": 0,
        "rounds": [{"deal": {"hands": nested, "turn_up": "7O"}, "moves": []}],
    }
    with pytest.raises(cardrules.InvalidRecordError) as info:
        records.loads(json.dumps(doc))
    assert info.value.path.startswith("$.rounds[0].deal.hands[0][0]")


def test_replay_of_a_huge_table_ends(tmp_path: Path) -> None:
    """``replay --no-pause`` of a valid 37-move fishing record with a 31+ card table ends (it ran past 30 s)."""
    game = cardrules.get_game("mulle/fishing")
    start = game.new_game(seed=3)
    end = trail_only(game, trails=37)
    moves = [turn.move for turn in end.history]
    assert len(moves) == 37 and len(end.table) == 42
    path = tmp_path / "trails.json"
    path.write_text(records.dumps(records.from_moves(start, moves)), encoding="utf-8")
    result = _sh(f"{CLI} replay --no-pause --full {path}", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("could have played instead") == 37
    assert "and more" in result.stdout
