"""
Analysis for players (:func:`cardrules.bots.analyse`): each decision of a record judged with every
card shown, checked against a plain minimax over small positions, where the record throws points
away on purpose; the budget that leaves the early moves of a round unanalysed; and what it refuses.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.bots import analyse, analyse_move
from cardrules.errors import InvalidOptionError, InvalidRecordError, UnsupportedError
from tests.bots.test_solve import _rounds, brute_force, small_position


def _played_out(game: cardrules.Game[Any, Any, Any, Any], state: Any, worst_at: int) -> tuple[list[Any], list[int]]:
    """
    Moves from *state* to its round's end: the brute force's best, but the worst at decision
    *worst_at* (counting decisions with a choice); each decision's cost by brute force.
    """
    rounds = _rounds(game, state)
    moves: list[Any] = []
    costs: list[int] = []
    choice = 0
    while not game.is_over(state) and _rounds(game, state) == rounds:
        seat = game.to_move(state)
        side = next(i for i, seats in enumerate(game.score(state).sides) if seat in seats)
        legal = list(game.legal_moves(state))
        values = [brute_force(game, game.apply(state, m), rounds, side) for m in legal]
        best = max(values)
        if len(legal) > 1:
            pick = values.index(min(values)) if choice == worst_at else values.index(best)
            choice += 1
        else:
            pick = 0
        moves.append(legal[pick])
        costs.append(best[0] - values[pick][0])
        state = game.apply(state, legal[pick])
    return moves, costs


@pytest.mark.parametrize(("text", "seed", "most"), [("mililla(single_round=true)", 20, 8), ("mulle", 0, 5)])
def test_each_cost_is_what_a_plain_minimax_finds(text: str, seed: int, most: int) -> None:
    """A record that throws points away at one decision: analyse finds that cost there, and the best elsewhere."""
    game, start = small_position(text, seed, most)
    for worst_at in range(2):
        moves, costs = _played_out(game, start, worst_at)
        assert sum(costs) > 0  # the positions chosen do let a move throw points away
        record = cardrules.records.from_moves(start, moves)
        analysis = analyse(record, max_nodes=None)
        assert [m.move for m in analysis.moves] == moves
        assert [m.cost for m in analysis.moves] == costs
        forced = [len(game.legal_moves(s.before)) == 1 for s in cardrules.records.steps(record)]
        assert [m.status == "forced" for m in analysis.moves] == forced
        assert all(m.status in ("solved", "forced") for m in analysis.moves)
        for m in analysis.moves:
            if m.status == "solved":
                assert m.played is not None and m.played.move == m.move
                assert m.best and all(b.value == m.best[0].value for b in m.best)
                assert m.cost == m.best[0].value - m.played.value
        seats = analysis.by_seat()
        assert sum(c.lost for c in seats) == sum(costs)
        assert sum(c.mistakes for c in seats) == sum(1 for c in costs if c > 0)
        for c in seats:
            assert c.lost == sum(cost for m, cost in zip(analysis.moves, costs, strict=True) if m.seat == c.seats[0])
        sides = analysis.by_side()
        assert sum(c.lost for c in sides) == sum(costs)
        assert [c.seats for c in sides] == [tuple(s) for s in analysis.sides]
        assert analysis.finished == game.is_over(list(cardrules.records.steps(record))[-1].after)


def test_a_round_is_analysed_from_its_end_within_the_budget() -> None:
    """
    With a small budget the early moves of a round are too deep, the last ones solved, none too deep
    after a solved one; only the latest too deep is searched.
    """
    game = cardrules.get_game("mililla")
    start = game.new_game(seed=3)
    rng = random.Random(3)
    state, moves = start, []
    while len(game.score(state).rounds) < 1:
        move = game.legal_moves(state).sample(rng)
        moves.append(move)
        state = game.apply(state, move)
    record = cardrules.records.from_moves(start, moves)
    seen: list[tuple[int, int]] = []
    analysis = analyse(record, max_nodes=3_000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, len(moves)) for i in range(1, len(moves) + 1)]
    assert not analysis.finished
    statuses = [m.status for m in analysis.moves]
    assert statuses[0] == "too deep" and statuses[-1] == "forced"
    assert "solved" in statuses
    last_deep = max(i for i, s in enumerate(statuses) if s == "too deep")
    assert all(s != "too deep" for s in statuses[last_deep + 1 :])
    assert all(s in ("too deep", "forced") for s in statuses[:last_deep])
    assert analysis.moves[last_deep].nodes > 3_000  # tried, and cut
    assert all(m.nodes == 0 for m in analysis.moves[:last_deep])  # not tried: still earlier in the round
    assert all(m.cost is None and m.played is None and m.best == () for m in analysis.moves if m.status == "too deep")


def test_analyse_refuses_what_it_cannot_judge() -> None:
    """Three sides, a bad budget, a record that breaks a rule."""
    game = cardrules.get_game("mulle(players=3)")
    start = game.new_game(seed=1)
    record = cardrules.records.from_moves(start, [game.legal_moves(start)[0]])
    with pytest.raises(UnsupportedError, match="two sides"):
        analyse(record)
    with pytest.raises(UnsupportedError, match="two sides"):
        analyse_move(next(iter(cardrules.records.steps(record))))
    mililla = cardrules.get_game("mililla")
    start = mililla.new_game(seed=1)
    good = cardrules.records.from_moves(start, [mililla.legal_moves(start)[0]])
    for bad in (0, -1, 1.5, True):
        with pytest.raises(InvalidOptionError):
            analyse(good, max_nodes=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        analyse(good, seconds=0)
    entry = good.rounds[0].moves[0]
    other = mililla.observe(start, (entry.seat + 1) % 4).hand[0]  # a card the mover does not hold
    broken = attrs.evolve(
        good, rounds=(attrs.evolve(good.rounds[0], moves=(attrs.evolve(entry, move=str(other)),)),), result=None
    )
    with pytest.raises(InvalidRecordError, match="hold"):
        analyse(broken)
