"""What a bot is handed holds only what its seat may see, and moves cannot be forged into apply."""

from __future__ import annotations

import gc
import random
import types
from typing import Any, cast

import pytest

import cardrules
from cardrules import mulle
from cardrules.cards import Card
from cardrules.mulle import PACK as MULLE_PACK
from tests.playout import playout
from tests.variants import VARIANTS


def _reachable(root: object, limit: int = 20_000) -> list[object]:
    """Every object reachable from *root* through references, but not modules, classes or functions."""
    seen: dict[int, object] = {id(root): root}
    todo = [root]
    while todo and len(seen) < limit:
        for ref in gc.get_referents(todo.pop()):
            if isinstance(ref, type | types.ModuleType | types.FunctionType | types.BuiltinFunctionType):
                continue
            if id(ref) not in seen:
                seen[id(ref)] = ref
                todo.append(ref)
    return list(seen.values())


def _hidden_parts(game: Any, state: Any, seat: int) -> list[tuple[Card, ...]]:
    """The card tuples of *state* that *seat* may not see: other hands and, where there is one, the stock."""
    parts = [h for s, h in enumerate(state.hands) if s != seat and h]
    for name in ("stock", "kitty", "discards"):
        value = getattr(state, name, None)
        if isinstance(value, tuple) and value and isinstance(value[0], Card):
            parts.append(value)
    return parts


@pytest.mark.parametrize("text", VARIANTS)
def test_legal_moves_reach_no_hidden_card(text: str) -> None:
    """No state, other hand or stock is reachable from ``legal_moves`` (was ``moves._state.hands[other]``)."""
    game = cardrules.get_game(text)
    checked = 0
    for i, (state, _move, _after) in enumerate(playout(game, 5)):
        if i % 7:
            continue
        seat = game.to_move(state)
        assert seat is not None
        moves = game.legal_moves(state)
        hidden = {id(p) for p in _hidden_parts(game, state, seat)}
        for obj in _reachable(moves):
            assert obj is not state
            assert id(obj) not in hidden
            if type(obj) is type(state):
                assert all(not h for s, h in enumerate(cast(Any, obj).hands) if s != seat)
        checked += 1
        if checked >= 12:
            break
    assert checked >= 5


def _mulle_state_without(card: Card) -> Any:
    for seed in range(100):
        state = mulle.new_game(seed=seed)
        if card not in state.hands[state.to_play]:
            return state
    raise AssertionError("unreachable")


def test_hand_made_mulle_moves_are_checked_by_apply() -> None:
    """``MulleMoves(state, [Trail(JS)]).sample(rng)`` then ``apply`` raises, it does not play the forged move."""
    js = Card.parse("JS")
    state = _mulle_state_without(js)
    forged = mulle.MulleMoves(state, [mulle.Trail(js)])
    move = forged.sample(random.Random(1))
    assert move == mulle.Trail(js)
    with pytest.raises(cardrules.IllegalMoveError) as info:
        mulle.apply(state, move)
    assert info.value.rule.id == "mulle.turn"


def test_forged_moves_are_checked_even_after_legal_moves() -> None:
    """A hand-made MulleMoves is not trusted even when ``legal_moves`` was just asked for the same state."""
    js = Card.parse("JS")
    state = _mulle_state_without(js)
    mulle.legal_moves(state)
    move = mulle.MulleMoves(state, [mulle.Trail(js)]).sample(random.Random(2))
    with pytest.raises(cardrules.IllegalMoveError):
        mulle.apply(state, move)


@pytest.mark.parametrize("text", ["mulle", "mulle/fishing", "mulle(players=4)"])
def test_mulle_moves_contain_what_check_move_allows(text: str) -> None:
    """``move in moves`` (decided on the mover's view only) agrees with check_move on the full state."""
    game = cardrules.get_game(text)
    rng = random.Random(3)
    pack = sorted(set(MULLE_PACK.cards), key=str)
    for i, (state, move, _after) in enumerate(playout(game, 11)):
        if i % 5:
            continue
        moves = game.legal_moves(state)
        assert move in moves
        for card in rng.sample(pack, 6):
            for cand in (mulle.Trail(card), mulle.Capture(card, state.table[:2], 2 * 7), mulle.Build(card, 0, 9)):
                assert (cand in moves) == (game.check_move(state, cand) is None)
        if i > 200:
            break
