"""Perft: counts by hand, --divide adds up, hidden hands refused, and the documentation's tables are cardrules'."""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules._reference import _perft
from cardrules._reference.__main__ import PAGE, with_tables
from cardrules.cli import main
from cardrules.errors import InvalidOptionError, InvalidPositionError
from tests.reference.helpers import ROOT

MILILLA = cardrules.get_game("mililla")
START = MILILLA.position(MILILLA.new_game(seed=1))


def test_perft_counts_the_sequences() -> None:
    game, state = _perft.perft_of(START, 2)
    assert _perft.perft(game, state, 0) == 1
    assert _perft.perft(game, state, 1) == len(game.legal_moves(state)) == 10
    by_hand = sum(len(game.legal_moves(game.apply(state, m))) for m in game.legal_moves(state))
    assert _perft.perft(game, state, 2) == by_hand


def test_divide_gives_each_first_move_and_adds_up_to_perft() -> None:
    game = cardrules.get_game("mulle")
    state = game.new_game(seed=1)
    rows = _perft.divide(game, state, 2)
    assert [move for move, _ in rows] == [game.spec.format_canonical(m) for m in game.legal_moves(state)]
    assert sum(n for _, n in rows) == _perft.perft(game, state, 2)
    assert all(n == len(game.legal_moves(game.apply(state, game.spec.parse_canonical(m)))) for m, n in rows)


def test_a_position_with_a_hidden_hand_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="every card shown") as info:
        _perft.perft_of(MILILLA.position(MILILLA.new_game(seed=1), 1), 1)
    assert info.value.field == "hands"


@pytest.mark.parametrize("depth", [-1, True, 65])
def test_a_bad_depth_is_refused(depth: int) -> None:
    with pytest.raises(InvalidOptionError):
        _perft.perft_of(START, depth)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", START, "2"]) == 0
    assert capsys.readouterr().out == "17\n"
    assert main(["perft", START, "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3O: ") and lines[-1] == "total: 17" and len(lines) == 11
    assert main(["perft", START, "2", "--divide", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 17 and sum(data["divide"].values()) == 17
    assert main(["perft", MILILLA.position(MILILLA.new_game(seed=1), 0), "1"]) == 2
    assert "every card shown" in capsys.readouterr().err


def test_the_documentation_tables_are_what_cardrules_counts() -> None:
    """If this fails after a rule change: python -m cardrules._reference perft, and say so in the changelog."""
    page = (ROOT / PAGE).read_text(encoding="utf-8")
    assert with_tables(page, _perft.tables()) == page
    assert page.count("| depth | sequences |") == len(_perft.standard_positions())
