"""``cardrules solve``: every move's exact value from a position with every hand shown."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardrules
from cardrules.bots import solve
from cardrules.cli import main


def _late(text: str, cards: int, seed: int = 5) -> tuple[cardrules.Game[Any, Any, Any, Any], Any]:
    """A position of *text* by random play, in play with at most *cards* in hand (Mulle: its stock empty)."""
    game = cardrules.get_game(text)
    state, rng = game.new_game(seed=seed), random.Random(seed)
    while True:
        if getattr(state, "phase", "play") == "play" and not getattr(state, "stock", ()):
            if sum(map(len, state.hands)) <= cards:
                return game, state
        state = game.apply(state, game.legal_moves(state).sample(rng))


@pytest.mark.parametrize(("text", "cards"), [("mililla", 10), ("charlemagne", 10), ("mulle", 6), ("mulle/fishing", 3)])
def test_solve_prints_every_move_as_json(text: str, cards: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON holds every legal move, best first, with the solver's values and canonical lines."""
    game, state = _late(text, cards)
    assert main(["solve", game.position(state), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    solution = solve(state)
    canonical = game.spec.format_canonical
    assert data["seat"] == game.to_move(state) and data["game"] == game.text
    assert data["moves"] == [
        {
            "move": canonical(m.move),
            "value": m.value,
            "tally_margin": m.tally_margin,
            "line": [canonical(x) for x in m.line],
        }
        for m in solution.moves
    ]
    assert len(data["moves"]) == len(game.legal_moves(state))


def test_solve_text_lists_each_move_with_its_value_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    game, state = _late("mililla", 8)
    assert main(["solve", game.position(state)]) == 0
    lines = capsys.readouterr().out.splitlines()
    best = solve(state).best
    assert lines[0].startswith(f"seat {game.to_move(state)} to move")
    first = f"{game.format_move(state, best.move)}: {best.value:+d} points, tally {best.tally_margin:+d}: "
    assert lines[1].strip().startswith(first)
    assert len(lines) == 1 + len(game.legal_moves(state))


def test_solve_refuses_hidden_hands_and_deep_positions(capsys: pytest.CaptureFixture[str]) -> None:
    """A hand given by its size and a search past --max-nodes are bad input (status 2), said plainly."""
    game, state = _late("mililla", 12)
    assert main(["solve", game.position(state, 0)]) == 2
    err = capsys.readouterr().err
    assert "only by size" in err and "hands of seat 1" in err
    assert main(["solve", game.position(state), "--max-nodes", "5"]) == 2
    assert "more than 5 positions" in capsys.readouterr().err
    assert main(["solve", game.position(state), "--max-nodes", "5", "--json"]) == 2
    assert "more than 5 positions" in json.loads(capsys.readouterr().out)["error"]
