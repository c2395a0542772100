"""Mililla invariants over random legal play of whole matches."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import mililla
from tests.playout import final_state, playout
from tests.variants import MILILLA


@given(seed=st.integers(0, 2**63 - 1), text=st.sampled_from(MILILLA))
def test_mililla_points_70_every_round(seed: int, text: str) -> None:
    """Every completed round's tally is card points plus tricks, 70 in all, and only one side scores from it."""
    game = cardrules.get_game(text)
    last = final_state(game, seed)
    for r in last.rounds:
        assert 70 == sum(r.tally)
        over = [side for side in (0, 1) if r.tally[side] >= 36]
        round_points = [i for i in r.items if i.rule == "mililla.round.score"]
        assert [i.side for i in round_points] == over
        assert all(r.tally[i.side] - 35 == i.points for i in round_points)


@given(seed=st.integers(0, 2**63 - 1))
def test_mililla_every_round_deals_ten_each_and_rotates(seed: int) -> None:
    """Each new round deals 10 cards to each seat and moves the deal to seat dealer+1."""
    game = cardrules.get_game("mililla")
    for before, _, after in playout(game, seed):
        if after.round_no != before.round_no and not mililla.is_over(after):
            assert (before.dealer + 1) % 4 == after.dealer
            assert all(10 == len(h) for h in after.hands)
            assert after.turn_up in after.hands[after.dealer]


@given(seed=st.integers(0, 2**63 - 1))
def test_mililla_winner_reached_35(seed: int) -> None:
    """The match ends only when the winning side has 35 or more and more than the other."""
    game = cardrules.get_game("mililla")
    last = final_state(game, seed)
    score = mililla.score(last)
    assert score.winner is not None
    assert score.match[score.winner] >= 35
    assert score.match[score.winner] > score.match[1 - score.winner]
