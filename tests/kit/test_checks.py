"""The checks the games share on a saved state (``cardrules._kit.consistency``), each game's state broken one way."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import cardrules
from cardrules.errors import InvalidRecordError
from tests.playout import states


@pytest.mark.parametrize("name", ["mililla", "charlemagne"])
def test_a_pile_of_won_cards_holds_a_tricks_cards_for_each_trick(name: str) -> None:
    """``won[side]`` holds the cards of the tricks that side took: a card moved to the other pile is refused."""
    game = cardrules.get_game(name)
    state: Any = next(s for s in states(game, 3, 60) if s.tricks[1] > 0)
    game.spec.check_state(state)  # the state as played is sound
    broken = attrs.evolve(state, won=(state.won[0] + state.won[1][-1:], state.won[1][:-1]))
    with pytest.raises(InvalidRecordError, match=r"won\[0\].*won cards for"):
        game.spec.check_state(broken)


@pytest.mark.parametrize("name", ["mulle", "mililla", "charlemagne"])
def test_the_round_number_counts_the_completed_rounds(name: str) -> None:
    """``round_no`` is the number of completed rounds while the match goes on."""
    game = cardrules.get_game(name)
    state: Any = states(game, 2, 0)[0]
    game.spec.check_state(state)
    with pytest.raises(InvalidRecordError, match=r"round_no.*does not follow 0 completed"):
        game.spec.check_state(attrs.evolve(state, round_no=state.round_no + 1))
