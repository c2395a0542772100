"""Checks of ``Game.new_round`` shared by the games' tests: a round dealt from a given deck mid-match."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules

MAX_MOVES = 5_000


def _to_round(game: cardrules.Game[Any, Any, Any, Any], state: Any, rng: random.Random, moves: list[Any]) -> Any:
    """Random legal moves from *state* until the next round is dealt (or the match ends), kept in *moves*."""
    start = state.round_no
    for _ in range(MAX_MOVES):
        if game.is_over(state) or state.round_no != start:
            return state
        move = game.legal_moves(state).sample(rng)
        moves.append(move)
        state = game.apply(state, move)
    raise AssertionError("no round ended")


def check_same_as_seeded(text: str, seed: int, rounds: int) -> None:
    """
    A match played to round *rounds* whose round is then dealt by ``new_round`` from a deck is
    the state the same match, given the same decks up front, reaches by the same moves.
    """
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    first_dealer = state.dealer
    decks = [game.spec.round_deck(state)] if game.spec.round_deck else []
    moves: list[Any] = []
    for _ in range(rounds):
        more: list[Any] = []
        after = _to_round(game, state, rng, more)
        if game.is_over(after):
            break
        state = after
        moves += more
        assert game.spec.round_deck is not None
        decks.append(game.spec.round_deck(state))
    deck = list(game.spec.pack.cards)
    rng.shuffle(deck)
    dealt = game.new_round(state, deck)
    # the same deck for that round, given up front: the seeded path
    seeded = game.new_game(seed=seed, decks=[*decks[:-1], deck], dealer=first_dealer)
    for move in moves:
        seeded = game.apply(seeded, move)
    assert dealt == seeded
    # dealing a round again from its own deck changes nothing
    assert game.new_round(state, decks[-1]) == state
    game.spec.check_state(dealt)


def check_refusals(text: str, seed: int) -> None:
    """A deck that is not the pack, or a round already begun, is refused with ``InvalidDeckError``."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    deck = list(game.spec.pack.cards)
    with pytest.raises(cardrules.InvalidDeckError):
        game.new_round(state, deck[:-1])
    with pytest.raises(cardrules.InvalidDeckError):
        game.new_round(state, [*deck[:-1], deck[0]] if deck[0] != deck[-1] else [*deck[:-2], deck[1], deck[1]])
    with pytest.raises(cardrules.InvalidDeckError):
        game.new_round(state, "".join(map(str, deck)))
    begun = game.apply(state, game.legal_moves(state)[0])
    with pytest.raises(cardrules.InvalidDeckError):
        game.new_round(begun, deck)
    with pytest.raises(cardrules.WrongKindError):
        game.new_round(object(), deck)


def check_fuzzed_deck(text: str, cards: list[str]) -> None:
    """Any list of card texts either deals the round (when it is the pack) or raises ``InvalidDeckError``."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=1)
    try:
        dealt = game.new_round(state, cards)
    except cardrules.InvalidDeckError:
        return
    assert sorted(map(str, cards)) == sorted(map(str, game.spec.pack.cards))
    game.spec.check_state(dealt)
