"""Parse once along each path: a position's header is read once; a parsed move is checked by apply, not trusted."""

from __future__ import annotations

import importlib
import random

import pytest

import cardrules


@pytest.mark.parametrize("name", ["mililla", "charlemagne", "mulle"])
def test_apply_checks_a_move_that_parse_move_read_and_the_trusted_path_does_not(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """
    Nothing travels with the state from parse_move to apply: the public apply checks the move again
    (once), and the trusted path, which the bots and environments take, plays it unchecked.
    """
    game = cardrules.get_game(name)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    play = importlib.import_module(f"cardrules.{name}._play")
    for _ in range(40):
        text = game.format_move(state, game.legal_moves(state).sample(rng))
        move = game.parse_move(state, text)
        calls: list[object] = []
        real = play.check_move

        def counted(s: object, mv: object, _real: object = real, calls: list[object] = calls) -> object:
            calls.append(mv)
            return _real(s, mv)  # type: ignore[operator]

        with monkeypatch.context() as m:
            m.setattr(play, "check_move", counted)
            after = game.apply(state, move)
        assert calls == [move]
        with monkeypatch.context() as m:
            m.setattr(play, "check_move", lambda *a: pytest.fail("the trusted path checked the move"))
            assert game.spec.trusted_apply(state, move) == after
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
