"""
The exact solver (:func:`cardrules.bots.solve`) against a plain minimax over small positions of every
two-sided game, and its answers' shape: every legal move once, best first, each line played out to
the round's end worth what the move is said to be worth.

The brute force has no pruning, no table and no equivalent moves: it plays every legal move to the
end of the round. The quick profile compares about a hundred positions; ``HYPOTHESIS_PROFILE=long``
or ``thorough`` (``nox -s tests_long``) many more, over every two-sided option of every game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots import MoveValue, Solution, solve
from cardrules.bots._solve import best_move
from cardrules.errors import InvalidOptionError, InvalidPositionError, SearchLimitError, UnsupportedError
from tests.variants import VARIANTS

# The most cards in hand for the brute force to finish in a blink: Mulle's moves are many more.
_MOST = {"mililla": 8, "charlemagne": 8, "mulle": 6, "mulle/fishing": 3}
_TWO_SIDED = [v for v in VARIANTS if "players=" not in v]
_PRESETS = [v for v in _TWO_SIDED if "(" not in v]
_OPTIONS = [v for v in _TWO_SIDED if "(" in v]
_EXAMPLES = settings().max_examples  # the profile's: 12 quick, 24 long, 300 thorough


def _preset(text: str) -> str:
    return text.partition("(")[0]


def small_position(text: str, seed: int, most: int) -> tuple[cardrules.Game[Any, Any, Any, Any], Any]:
    """A state of *text* by random play from *seed*, in play with at most *most* cards in hand (Mulle: stock empty)."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not game.is_over(state):
        in_play = getattr(state, "phase", "play") == "play" and not getattr(state, "stock", ())
        if in_play and sum(map(len, state.hands)) <= most:
            break
        state = game.apply(state, game.legal_moves(state).sample(rng))
    return game, state


def _rounds(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> int:
    return len(game.score(state).rounds)


def _margin(game: cardrules.Game[Any, Any, Any, Any], state: Any, side: int) -> tuple[int, int]:
    last = game.score(state).rounds[-1]
    return last.points[side] - last.points[1 - side], last.tally[side] - last.tally[1 - side]


def brute_force(game: cardrules.Game[Any, Any, Any, Any], state: Any, rounds: int, side: int) -> tuple[int, int]:
    """The value of *state* for *side* by plain minimax over every legal move to the round's end."""
    if game.is_over(state) or _rounds(game, state) != rounds:
        return _margin(game, state, side)
    seat = game.to_move(state)
    mine = seat in game.score(state).sides[side]
    values = [brute_force(game, game.apply(state, m), rounds, side) for m in game.legal_moves(state)]
    return max(values) if mine else min(values)


def _check(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> int:
    """Solve *state*, compare every move with the brute force, play out each line; how many moves were compared."""
    if game.is_over(state):
        return 0
    solution = solve(state)
    seat = game.to_move(state)
    assert seat is not None and solution.seat == seat
    side = solution.side
    assert seat in game.score(state).sides[side]
    legal = list(game.legal_moves(state))
    assert sorted(map(legal.index, (m.move for m in solution.moves))) == list(range(len(legal)))
    keys = [(m.value, m.tally_margin) for m in solution.moves]
    assert keys == sorted(keys, reverse=True)
    rounds = _rounds(game, state)
    for mv in solution.moves:
        assert brute_force(game, game.apply(state, mv.move), rounds, side) == (mv.value, mv.tally_margin), mv
        assert mv.line[0] == mv.move
        after = state
        for move in mv.line:
            assert not game.is_over(after) and _rounds(game, after) == rounds
            after = game.apply(after, move)
        assert game.is_over(after) or _rounds(game, after) != rounds
        assert _margin(game, after, side) == (mv.value, mv.tally_margin)
    move, value, tally = best_move(state)
    assert (value, tally) == (solution.best.value, solution.best.tally_margin)
    assert (value, tally) in {(m.value, m.tally_margin) for m in solution.moves if m.move == move}
    return len(legal)


@pytest.mark.parametrize("text", _PRESETS)
@settings(max_examples=2 * _EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), most=st.integers(1, 8))
def test_solve_agrees_with_brute_force(text: str, seed: int, most: int) -> None:
    """Every move of a small position of each preset is worth what a plain minimax finds, and its line plays it."""
    game, state = small_position(text, seed, min(most, _MOST[text]))
    _check(game, state)


@pytest.mark.parametrize("text", _OPTIONS)
@settings(max_examples=max(1, _EXAMPLES // 4))
@given(seed=st.integers(0, 2**32 - 1), most=st.integers(1, 8))
def test_solve_agrees_with_brute_force_under_every_option(text: str, seed: int, most: int) -> None:
    """The same under each option of the two-sided rulesets (the 7 rule's, the trump order's, Mulot's ...)."""
    game, state = small_position(text, seed, min(most, _MOST[_preset(text)]))
    _check(game, state)


def test_equal_cards_are_worth_the_same_and_five_tricks_solve() -> None:
    """A Mililla hand with touching cards solves, and touching cards of one class share one value."""
    game, state = small_position("mililla", 7, 20)
    solution = solve(state)
    assert len(solution.moves) == len(game.legal_moves(state)) >= 2
    assert solution.nodes > 0
    assert isinstance(solution.best, MoveValue) and isinstance(solution, Solution)
    assert solution.best.value == max(m.value for m in solution.moves)
    lines = solve(state, lines=False)
    assert [(m.move, m.value, m.tally_margin) for m in lines.moves] == [
        (m.move, m.value, m.tally_margin) for m in solution.moves
    ]
    assert all(m.line == () for m in lines.moves)


def test_the_node_budget_stops_a_deep_search() -> None:
    """Too deep for the budget: SearchLimitError, saying how many positions it searched."""
    _, state = small_position("mililla", 3, 40)
    with pytest.raises(SearchLimitError, match="more than 50 positions") as info:
        solve(state, max_nodes=50)
    assert info.value.nodes == 51
    with pytest.raises(SearchLimitError, match=r"more than 0\.001 seconds"):
        solve(state, max_nodes=None, seconds=0.001)


def test_the_best_move_alone_needs_less_search() -> None:
    """Two-player Mulle with ten cards left: one best move is found in fewer positions than every move's value."""
    _, state = small_position("mulle", 5, 10)
    solution = solve(state, lines=False)
    move, value, tally = best_move(state)
    assert (value, tally) == (solution.best.value, solution.best.tally_margin)
    with pytest.raises(SearchLimitError):
        best_move(state, max_nodes=solution.nodes // 50)
    assert best_move(state, max_nodes=solution.nodes)[0] == move


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "9"])
def test_the_limits_are_checked(bad: object) -> None:
    _, state = small_position("mililla", 3, 8)
    with pytest.raises(InvalidOptionError, match="max_nodes"):
        solve(state, max_nodes=bad)  # type: ignore[arg-type]
    if bad != 1.5:
        with pytest.raises(InvalidOptionError, match="seconds"):
            solve(state, seconds=bad)  # type: ignore[arg-type]


def test_solve_refuses_what_it_cannot_solve() -> None:
    """A match that is over, a game of three sides, and something that is no state."""
    game = cardrules.get_game("mililla(single_round=true)")
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while not game.is_over(state):
        state = game.apply(state, game.legal_moves(state).sample(rng))
    with pytest.raises(InvalidPositionError, match="over"):
        solve(state)
    with pytest.raises(UnsupportedError, match="two sides"):
        solve(cardrules.get_game("mulle(players=3)").new_game(seed=1))
    with pytest.raises(cardrules.WrongKindError):
        solve("not a state")
