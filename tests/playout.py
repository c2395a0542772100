"""Random legal play over any game, for the property tests."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import cardrules

MAX_DECISIONS = 200_000


def playout(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """Yield ``(state, move, next_state)`` for a whole match of random legal moves from *seed*."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(MAX_DECISIONS):
        if game.is_over(state):
            return
        move = game.legal_moves(state).sample(rng)
        after = game.apply(state, move)
        yield state, move, after
        state = after
    raise AssertionError(f"{game.text} seed {seed}: no end after {MAX_DECISIONS} decisions")


def final_state(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> Any:
    """The last state of :func:`playout`."""
    state = game.new_game(seed=seed)
    for step in playout(game, seed):
        state = step[2]
    return state


def states(game: cardrules.Game[Any, Any, Any, Any], seed: int, moves: int) -> list[Any]:
    """The deal of *seed* and the states after each of its first *moves* moves of :func:`playout`."""
    out = [game.new_game(seed=seed)]
    for _, _, after in itertools.islice(playout(game, seed), moves):
        out.append(after)
    return out


def state_at(text: str, seed: int, step: int) -> Any:
    """The state before move *step* of :func:`playout` of the game *text* (its last state, if the match is shorter)."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    for k, (before, _, after) in enumerate(playout(game, seed)):
        state = after
        if k == step:
            return before
    return state


def greedy_positions(name: str, seed: int, count: int) -> Iterator[tuple[Any, Any, int]]:
    """The first *count* positions of a greedy match of *name* from *seed*: the game, the state, the seat to move."""
    from cardrules.bots import get_bot

    game = cardrules.get_game(name)
    state = game.new_game(seed=seed)
    greedy, rng = get_bot("greedy"), random.Random(seed)
    for _ in range(count):
        if game.is_over(state):
            return
        seat = game.to_move(state)
        assert seat is not None
        yield game, state, seat
        state = game.apply(state, greedy.choose(game.observe(state, seat), game.legal_moves(state), rng))


def hidden_twins(name: str, seed: int, count: int) -> Iterator[tuple[Any, Any, Any, int]]:
    """
    Among :func:`greedy_positions`, those where the cards the seat to move cannot see can lie
    otherwise: the game, the state, the state with those cards redealt, the seat.
    """
    for game, state, seat in greedy_positions(name, seed, count):
        other = game.spec.shuffle_hidden(state, seat, random.Random(11))
        if other != state:
            yield game, state, other, seat


def noisy_plays(
    game: cardrules.Game[Any, Any, Any, Any],
    state: Any,
    me: int,
    moves: int,
    choose: Callable[[Any, Any, random.Random], Any],
    noise: float,
    rng: random.Random,
) -> tuple[Any, float]:
    """
    *moves* moves from *state*, each the rules of thumb' (*choose*) or, four times in ten, a random
    legal one; and the likelihood of the other seats' plays under the noisy policy that a
    policy-based inference weighs them by: ``1 - noise`` more for a greedy play, ``noise / allowed``
    for any play with a choice. Returns the state reached and that product.
    """
    expected = 1.0
    for _ in range(moves):
        seat = game.to_move(state)
        assert seat is not None
        legal = game.legal_moves(state)
        greedy = choose(game.observe(state, seat), legal, rng)
        move = legal.sample(rng) if rng.random() < 0.4 else greedy
        if seat != me and len(legal) > 1:
            expected *= (1 - noise) * (move == greedy) + noise / len(legal)
        state = game.apply(state, move)
    return state, expected
