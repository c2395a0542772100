"""Parse once along each path: what parse_move found legal is not checked again by apply."""

from __future__ import annotations

import importlib
import random

import pytest

import cardrules


@pytest.mark.parametrize("name", ["mililla", "charlemagne"])
def test_apply_does_not_check_again_a_move_that_parse_move_read(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What parse_move found legal travels with the state: apply trusts it (parse once along the path)."""
    game = cardrules.get_game(name)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    play = importlib.import_module(f"cardrules.{name}._play")
    for _ in range(40):
        text = game.format_move(state, game.legal_moves(state).sample(rng))
        fresh = cardrules.loads(cardrules.dumps(state))  # a state that no legal_moves call has seen
        move = game.parse_move(fresh, text)
        with monkeypatch.context() as m:
            m.setattr(play, "check_move", lambda *a: pytest.fail("apply checked the move again"))
            after = game.apply(fresh, move)
        assert after == game.apply(state, move)
        state = after
