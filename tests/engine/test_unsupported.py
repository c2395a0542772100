"""What a game leaves out is refused with one library error, naming the game."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules.engine import Game
from tests.variants import GAMES


def _without(name: str, **hooks: None) -> tuple[Game[Any, Any, Any, Any], Any]:
    real = cardrules.get_game(name)
    spec = attrs.evolve(real.spec, **hooks)  # type: ignore[arg-type]
    return Game(spec, real.rules), real.new_game(seed=1)


@pytest.mark.parametrize("name", GAMES)
def test_a_missing_hook_raises_unsupported_error_naming_the_game(name: str) -> None:
    game, state = _without(name, new_round=None, positions=None)
    with pytest.raises(cardrules.UnsupportedError, match="cannot deal a round from a given deck") as err:
        game.new_round(state, [])
    assert err.value.game == name
    assert isinstance(err.value, NotImplementedError)  # code that caught NotImplementedError still does
    with pytest.raises(cardrules.UnsupportedError, match="no position notation") as err:
        game.position(state)
    assert err.value.game == name
    with pytest.raises(cardrules.UnsupportedError, match="no position notation"):
        game.from_position("p1 anything")
