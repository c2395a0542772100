"""
One trusted path, in plain sight: the public ``apply`` checks every move, whatever was asked before,
and the spec's ``trusted_apply`` (the bots' and environments' path) plays the same legal moves alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.engine import GameSpec
from cardrules.errors import CardrulesError

GAMES = ("mulle", "mulle/fishing", "mililla", "charlemagne")


def _positions(game: cardrules.Game[Any, Any, Any, Any], seed: int, count: int) -> Iterator[Any]:
    """Every third state of a random match from *seed*, *count* of them at most (none once it is over)."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for ply in range(3 * count):
        if game.is_over(state):
            return
        if ply % 3 == 0:
            yield state
        state = game.spec.trusted_apply(state, game.legal_moves(state).sample(rng))


def _forged(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> Any | None:
    """A move of a legal move's own type that is illegal here: a card the mover does not hold, if the move plays one."""
    mover = game.to_move(state)
    assert mover is not None
    held = set(game.observe(state, mover).hand)
    other = next(c for c in game.spec.pack.cards if c not in held)
    for move in game.legal_moves(state):
        if "card" in attrs.fields_dict(type(move)):
            return attrs.evolve(move, card=other)
    return None


def _elsewhere(game: cardrules.Game[Any, Any, Any, Any], state: Any, others: list[Any]) -> Any | None:
    """A legal move of another position that is illegal in *state*."""
    for other in others:
        for move in list(game.legal_moves(other))[:20]:
            if game.check_move(state, move) is not None:
                return move
    return None


_BEFORE: dict[str, Callable[[cardrules.Game[Any, Any, Any, Any], Any], object]] = {
    "nothing": lambda game, state: None,
    "legal_moves": lambda game, state: game.legal_moves(state),
    "sample": lambda game, state: game.legal_moves(state).sample(random.Random(1)),
    "index": lambda game, state: game.legal_moves(state)[0],
}
"""What a caller may have asked of the state before it applies something: none of it makes apply trust a move."""


@pytest.mark.parametrize("name", GAMES)
def test_apply_refuses_anything_but_a_legal_move_whatever_was_asked_before(name: str) -> None:
    game = cardrules.get_game(name)
    states = list(_positions(game, 3, 12))
    forged = elsewhere = 0
    for i, state in enumerate(states):
        text = cardrules.dumps(state)
        others = states[:i][::-1] + states[i + 1 :]
        wrong: list[object] = [None, 0, 7, "not a move", object()]
        move = _forged(game, state)
        if move is not None:
            wrong.append(move)
            forged += 1
        move = _elsewhere(game, state, others)
        if move is not None:
            wrong.append(move)
            elsewhere += 1
        for before in _BEFORE.values():
            for bad in wrong:
                before(game, state)
                with pytest.raises(CardrulesError):
                    game.apply(state, bad)
                with pytest.raises(CardrulesError):
                    game.spec.apply(state, bad)
        assert cardrules.dumps(state) == text  # the state is unchanged
    assert len(states) >= 6 and forged >= 3 and elsewhere >= 3


@pytest.mark.parametrize("name", GAMES)
def test_none_after_legal_moves_is_a_library_error(name: str) -> None:
    """Mulle's crash of old: ``apply(state, None)`` right after ``legal_moves(state)`` raised ``AttributeError``."""
    game = cardrules.get_game(name)
    state = game.new_game(seed=1)
    game.legal_moves(state)
    with pytest.raises(cardrules.IllegalMoveError):
        game.apply(state, None)


@pytest.mark.parametrize("name", GAMES)
def test_the_trusted_path_plays_legal_moves_as_apply_does(name: str) -> None:
    """Over random play (several matches, each move also by index), trusted_apply gives the state apply gives."""
    game = cardrules.get_game(name)
    spec = game.spec
    played = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(150):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            move = moves.sample(rng) if played % 2 else rng.choice(moves)
            after = spec.trusted_apply(state, move)
            assert after == spec.apply(state, move) == game.apply(state, move)
            state = after
            played += 1
    assert played > 300


def test_a_spec_without_a_trusted_path_checks_there_too() -> None:
    """A plugin that leaves out ``trusted_apply`` gets its checking ``apply`` there; each built-in game its own."""
    spec = cardrules.get_game("mililla").spec
    fields = {f.name: getattr(spec, f.name) for f in attrs.fields(GameSpec) if f.name != "trusted_apply"}
    plain = GameSpec(**fields)
    assert plain.trusted_apply is spec.apply
    for name in GAMES:
        own = cardrules.get_game(name).spec
        assert own.trusted_apply is not own.apply
        assert own.trusted_apply.__name__ == "apply_trusted"
