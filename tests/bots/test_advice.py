"""``advise``: the search's move and why, in a player's words, from what the seat sees and nothing else."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules.bots import Advice, advise
from cardrules.errors import InvalidOptionError
from tests.playout import greedy_positions, hidden_twins

LEVEL = "search(iterations=40)"


def _advise(game: Any, state: Any, seat: int, seed: int = 0) -> Advice:
    return advise(game, game.observe(state, seat), game.legal_moves(state), level=LEVEL, seed=seed)


@pytest.mark.parametrize("name", ["mililla", "charlemagne", "mulle"])
def test_advice_is_a_legal_move_with_a_runner_up_and_a_margin(name: str) -> None:
    weighed = 0
    for game, state, seat in greedy_positions(name, 2, 12):
        legal = game.legal_moves(state)
        advice = _advise(game, state, seat)
        assert advice.move in legal and advice.reasons and advice.margin >= 0.0
        assert set(advice.effects) <= set(advice.reasons)
        if advice.runner_up is not None:
            weighed += 1
            assert advice.runner_up in legal and advice.runner_up != advice.move
            assert advice.runner_up_value is not None
            assert advice.margin == pytest.approx(max(0.0, advice.value - advice.runner_up_value))
            last = advice.reasons[-1]
            assert "imagined deals" in last and ("next choice" in last or "not clearly more" in last)
        else:
            assert advice.margin == 0.0 and advice.runner_up_value is None
    assert weighed


def test_mililla_advice_names_the_trick_and_its_points() -> None:
    told = 0
    for game, state, seat in greedy_positions("mililla", 5, 36):
        if len(state.trick) != 3:
            continue
        reasons = " / ".join(_advise(game, state, seat).reasons)
        assert "wins the trick" in reasons and "points" in reasons, reasons
        told += 1
    assert told >= 3


def test_mililla_advice_says_whether_a_card_wins_the_trick_so_far_and_what_it_keeps() -> None:
    reasons = []
    for game, state, seat in greedy_positions("mililla", 6, 36):
        if len(state.trick) in (1, 2):
            reasons.append(" / ".join(_advise(game, state, seat).reasons))
    assert any("trick so far" in r for r in reasons) and any("for later" in r for r in reasons)


def test_charlemagne_advice_talks_of_tricks() -> None:
    reasons = []
    for game, state, seat in greedy_positions("charlemagne", 3, 40):
        if state.trick:
            reasons.append(" / ".join(_advise(game, state, seat).reasons))
    assert reasons and sum("trick" in r for r in reasons) >= len(reasons) // 2


def test_mulle_advice_names_what_a_capture_takes_and_its_points() -> None:
    captures = 0
    for game, state, seat in greedy_positions("mulle", 4, 30):
        advice = _advise(game, state, seat)
        if type(advice.move).__name__ == "Capture":
            captures += 1
            text = " / ".join(advice.reasons)
            assert "takes" in text and "points" in text, text
    assert captures


@pytest.mark.parametrize("name", ["mililla", "charlemagne", "mulle"])
def test_advice_is_the_same_whatever_the_cards_the_seat_cannot_see(name: str) -> None:
    checked = 0
    for game, state, other, seat in hidden_twins(name, 8, 24):
        assert game.observe(other, seat) == game.observe(state, seat)
        assert _advise(game, other, seat, seed=3) == _advise(game, state, seat, seed=3)
        checked += 1
    assert checked >= 5


def test_advise_needs_a_level_that_searches() -> None:
    game, state, seat = next(greedy_positions("mililla", 1, 1))
    obs, legal = game.observe(state, seat), game.legal_moves(state)
    with pytest.raises(InvalidOptionError, match="needs a level that searches"):
        advise(game, obs, legal, level="greedy")
    with pytest.raises(InvalidOptionError, match="seconds must be"):
        advise(game, obs, legal, level="hard", seconds=-1)
    assert advise(game, obs, legal, level="medium(seconds=None)").move in legal
