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


def test_a_position_header_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """cardrules.from_position reads the ruleset of the header once, not once here and again in the game."""
    from cardrules import _registry
    from cardrules.engine import _contract

    text = cardrules.position(cardrules.get_game("mililla").new_game(seed=4))
    calls: list[str] = []
    for module in (_registry, _contract):
        real = module.ruleset_from_text

        def counted(spec: object, ruleset: str, *rest: object, _real: object = real) -> object:
            calls.append(ruleset)
            return _real(spec, ruleset, *rest)  # type: ignore[operator]

        monkeypatch.setattr(module, "ruleset_from_text", counted)
    state = cardrules.from_position(text)
    assert cardrules.position(state) == text
    assert len(calls) == 1, calls
