"""
Mulle's hooks for the exact solver (``solving`` of its heuristic) against a plain minimax with no
hooks: the classes of moves worth the same (cards that score nothing and can be in no mulle any
more, of one rank), the key and margin of the rest of the round (positions with equal keys are worth
the same beyond what each has taken so far), the bounds on what the rest can still bring, and the
round's end without the next deal.

The brute force (``tests.bots.test_solve.brute_force``) plays every legal move to the round's end.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs
import pytest

from cardrules.bots._solve import best_move
from cardrules.mulle import _solving
from cardrules.mulle._state import State
from tests.bots.test_solve import _rounds, brute_force, small_position


def _margin(game: Any, state: State, side: int) -> int:
    running = game.score(state).round
    assert running is not None
    return int(running.points[side] - running.points[1 - side])


def _check(text: str, seeds: range, most: int) -> tuple[int, int]:
    """
    Every hook on the small positions of *seeds* and their children: how many classes of two
    moves or more were found, and how many pairs of different states met on one key.
    """
    shared = 0
    met = 0
    futures: dict[Hashable, tuple[State, int]] = {}
    for seed in seeds:
        game, state = small_position(text, seed, most)
        if game.is_over(state):
            continue
        rounds = _rounds(game, state)
        states = [state]
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if not game.is_over(child) and _rounds(game, child) == rounds:
                states.append(child)
        for s in states:
            side = s.rules.side_of(s.to_play)
            legal = list(game.legal_moves(s))
            values = {m: brute_force(game, game.apply(s, m), rounds, side) for m in legal}
            best = max(values.values())
            assert best[0] == best[1]  # Mulle's tally is its points
            # every move in exactly one class, and the moves of a class worth the same
            classes = _solving.solving_classes(s, legal)
            assert sorted(legal.index(m) for cls in classes for m in cls) == list(range(len(legal)))
            for cls in classes:
                assert len({values[m] for m in cls}) == 1, (s, cls)
                shared += len(cls) > 1
            # the rest of the round: its margin so far is the score's, its bounds hold the value
            found = _solving.solving_rest(s)
            assert found is not None
            key, (points, tally), (low, low_tally), (high, high_tally) = found
            assert points == tally == _margin(game, s, side)
            assert (low, high) == (low_tally, high_tally)
            assert points + low <= best[0] <= points + high
            # equal keys, equal worth beyond what was taken so far
            future = best[0] - points
            if key in futures and futures[key][0] != s:
                met += 1
                assert futures[key][1] == future, (futures[key][0], s)
            futures.setdefault(key, (s, future))
            # the solver's best move, with every hook, is worth the best
            if s is state:
                move, value, margin = best_move(s)
                assert (value, margin) == best == values[move]
    return shared, met


@pytest.mark.parametrize(("text", "most", "count"), [("mulle", 5, 60), ("mulle/fishing", 3, 20)])
def test_the_solving_hooks_agree_with_brute_force(text: str, most: int, count: int) -> None:
    """Classes, keys and bounds hold on small positions with the stock empty, building and fishing."""
    shared, met = _check(text, range(count), most)
    assert shared >= 3 and met >= 2  # the test sees classes and keys doing their work


@pytest.mark.long
@pytest.mark.parametrize(
    ("text", "most"),
    [
        ("mulle", 6),
        ("mulle(mulle_value=hand)", 6),
        ("mulle(locking_builds=true)", 6),
        ("mulle(capture_duty=hand)", 6),
        ("mulle/fishing", 4),
        ("mulle/fishing(glimne=true,most_cards=true)", 4),
    ],
)
def test_the_solving_hooks_agree_with_brute_force_on_many_positions(text: str, most: int) -> None:
    """The same over many more positions and the options that touch mulles, builds and the scores."""
    shared, met = _check(text, range(100, 100 + (60 if "fishing" not in text else 30)), most)
    assert shared and met


def test_the_solver_scores_the_round_without_dealing_the_next() -> None:
    """The state solved ends the match at the round's end, and is worth what the game's own state is."""
    game, state = small_position("mulle", 3, 4)
    alone = _solving.solving_round(state)
    assert attrs.evolve(alone, match=state.match) == state
    end = alone
    while not game.is_over(end):
        end = game.apply(end, next(iter(game.legal_moves(end))))
    assert end.round_no == state.round_no and end.rounds[-1] == _played_out(game, state).rounds[-1]


def _played_out(game: Any, state: State) -> State:
    rounds = _rounds(game, state)
    while _rounds(game, state) == rounds:
        state = game.apply(state, next(iter(game.legal_moves(state))))
    return state
