"""Determinism: what the engine answers does not depend on string hashing or on call history.

Python salts the hash of strings per process (``PYTHONHASHSEED``), and with it the hash of enums
and of cards, so anything that iterates a set or a dict built in hash order could change from one
run to the next. The same script runs here in two processes with different hash seeds, for every
game and preset, and must print the same text: the legal moves at every step of random matches
(in canonical notation, in order), the moves played, the observations, the scores and the final
states.
"""

from __future__ import annotations

import copy
import os
import random
import subprocess
import sys
from typing import Any

import pytest

import cardrules
from cardrules.engine import GameSpec

SCRIPT = r"""
import itertools, json, random, sys
import cardrules

LIMIT = 500  # legal moves listed per position: enough for any trick game, and bounded for lazy ones

for name in cardrules.game_names():
    spec = cardrules.get_game(name).spec
    for preset in spec.presets:
        game = cardrules.get_game(f"{name}/{preset}")
        for seed in (1, 2):
            rng = random.Random(seed)
            state = game.new_game(seed=seed)
            print(game.text, seed)
            while not game.is_over(state):
                moves = game.legal_moves(state)
                print(" ".join(spec.format_canonical(m) for m in itertools.islice(moves, LIMIT)))
                move = moves.sample(rng)
                print(">", spec.format_canonical(move), game.format_move(state, move))
                seat = game.to_move(state)
                if rng.random() < 0.05:
                    print(json.dumps(game.observe(state, seat).to_dict(), sort_keys=True))
                    print(repr(game.score(state)))
                state = game.apply(state, move)
            print(repr(game.score(state)))
            print(cardrules.dumps(state))
"""


def _run(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_same_moves_and_playouts_under_two_hash_seeds() -> None:
    first = _run("0")
    second = _run("2718281")
    assert first.count("\n") > 100
    if first != second:
        a, b = first.splitlines(), second.splitlines()
        line = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
        pytest.fail(
            f"output differs at line {line + 1}:\n  hash seed 0:       {a[line]}\n  hash seed 2718281: {b[line]}"
        )


def _cases() -> list[str]:
    return [f"{name}/{preset}" for name in cardrules.game_names() for preset in cardrules.get_game(name).spec.presets]


@pytest.mark.parametrize("text", _cases())
def test_apply_does_not_depend_on_call_history(text: str) -> None:
    """
    ``apply`` may reuse the answer of the ``legal_moves`` call just before it: the new state,
    and the error for an illegal move, are the same whether that call was made or not, and
    for an equal move object as for the one listed.
    """
    game = cardrules.get_game(text)
    spec: GameSpec[Any, Any, Any, Any] = game.spec
    rng = random.Random(5)
    state = game.new_game(seed=5)
    other = game.new_game(seed=6)
    steps = 0
    while not game.is_over(state) and steps < 300:
        moves = game.legal_moves(state)
        move = moves.sample(rng)
        after = game.apply(state, move)
        game.legal_moves(other)  # another position's answer is the last one now
        assert game.apply(state, move) == after
        game.legal_moves(state)
        assert game.apply(state, spec.parse_canonical(spec.format_canonical(move))) == after
        game.legal_moves(state)
        assert game.apply(state, copy.deepcopy(move)) == after  # equal, but not the listed object
        for candidate in _illegal_candidates(game, state):
            game.legal_moves(state)
            with pytest.raises(cardrules.IllegalMoveError) as listed_first:
                game.apply(state, candidate)
            with pytest.raises(cardrules.IllegalMoveError) as cold:
                game.apply(state, candidate)
            assert str(listed_first.value) == str(cold.value)
        state = after
        steps += 1


def _illegal_candidates(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> list[Any]:
    """Up to four illegal moves: cards of any zone written as moves, where the game's notation reads them."""
    out = []
    for zone_cards in game.spec.zones(state).values():
        for card in zone_cards[:3]:
            try:
                move = game.spec.parse_canonical(str(card))
            except cardrules.CardrulesError:
                continue
            if game.check_move(state, move) is not None:
                out.append(move)
    return out[:4]
