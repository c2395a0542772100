"""The kit's fast constructor builds the same objects as the public one, by keyword, and only for plain classes."""

from __future__ import annotations

import copy
import pickle
import random
import weakref
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import cardrules
from cardrules._kit.fast import Slotted, fast_constructor
from cardrules.charlemagne import _state as charlemagne_state
from cardrules.mililla import _state as mililla_state
from cardrules.mulle import _state as mulle_state
from cardrules.mulle._observe import _make_observation as mulle_observation

MAKERS: dict[str, tuple[Any, Callable[..., Any]]] = {
    "mulle": (mulle_state.State, mulle_state._state),
    "mililla": (mililla_state.State, mililla_state._make_state),
    "charlemagne": (charlemagne_state.State, charlemagne_state._make_state),
}
OBSERVERS: dict[str, tuple[Any, Callable[..., Any]]] = {
    "mulle": (mulle_state.Observation, mulle_observation),
    "mililla": (mililla_state.Observation, mililla_state._make_observation),
    "charlemagne": (charlemagne_state.Observation, charlemagne_state._make_observation),
}


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in attrs.fields(type(obj))}


@pytest.mark.parametrize("game_name", MAKERS)
def test_fast_constructor_matches_the_public_one(game_name: str) -> None:
    state_type, make = MAKERS[game_name]
    game = cardrules.get_game(game_name)
    rng = random.Random(11)
    state = game.new_game(seed=5)
    for _ in range(60):
        if game.is_over(state):
            break
        values = _fields(state)
        fast, public = make(**values), state_type(**values)
        assert type(fast) is state_type
        assert fast == public and hash(fast) == hash(public) and repr(fast) == repr(public)
        assert cardrules.dumps(fast) == cardrules.dumps(public)
        assert attrs.evolve(fast, seed=state.seed + 1).seed == state.seed + 1
        assert pickle.loads(pickle.dumps(fast)) == public and copy.deepcopy(fast) == public
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            fast.seed = 0
        assert weakref.ref(fast)() is fast
        state = game.apply(state, game.legal_moves(state).sample(rng))


def test_fast_constructor_refuses_a_class_with_checks() -> None:
    @attrs.frozen
    class Checked(Slotted):
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Defaulted(Slotted):
        value: list[int] = attrs.Factory(list)

    @attrs.frozen
    class Loose(Slotted):
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen
    class OwnWeakref:  # its own weak-reference slot: the twin could not share its layout
        value: int

    @attrs.define
    class Mutable(Slotted):  # not frozen: nothing to save, and __class__ would not be a frozen class
        value: int

    for cls in (Checked, Defaulted, Loose, OwnWeakref):
        with pytest.raises(TypeError):
            fast_constructor(cls)
    with pytest.raises(TypeError):
        fast_constructor(Checked, trusted=("other",))  # no such field
    assert fast_constructor(Checked, trusted=("value",))(value=3) == Checked(3)
    assert type(fast_constructor(Mutable)(value=3)) is Mutable


def test_fast_constructor_takes_every_field_by_keyword() -> None:
    make = mililla_state._make_state
    values = _fields(cardrules.get_game("mililla").new_game(seed=1))
    with pytest.raises(TypeError):
        make(*values.values())  # no positional call
    with pytest.raises(TypeError):
        make(**{k: v for k, v in values.items() if k != "seed"})  # every field without a default
    with pytest.raises(TypeError):
        make(**values, colour="red")  # no field of another name


@pytest.mark.parametrize("game_name", OBSERVERS)
def test_observe_builds_the_same_observation_as_the_public_constructor(game_name: str) -> None:
    obs_type, _ = OBSERVERS[game_name]
    game = cardrules.get_game(game_name)
    rng = random.Random(12)
    state = game.new_game(seed=6)
    for _ in range(80):
        if game.is_over(state):
            break
        for seat in (s for side in game.score(state).sides for s in side):
            fast = game.observe(state, seat)
            public = obs_type(**_fields(fast))
            assert type(fast) is obs_type and fast == public and repr(fast) == repr(public)
            assert fast.to_dict() == public.to_dict() and hash(fast) == hash(public)
        state = game.apply(state, game.legal_moves(state).sample(rng))


def test_mulle_moves_and_records_made_fast_are_the_public_ones() -> None:
    """Mulle's own moves and play records, made by the fast constructors, equal those of the public constructors."""
    game = cardrules.get_game("mulle")
    rng = random.Random(13)
    state = game.new_game(seed=7)
    seen: set[type] = set()
    for _ in range(300):
        if game.is_over(state):
            break
        move = game.legal_moves(state).sample(rng)
        public = type(move)(**_fields(move))
        assert move == public and hash(move) == hash(public) and repr(move) == repr(public)
        state = game.apply(state, move)
        for turn in state.history[-1:]:
            assert turn == type(turn)(**_fields(turn))
        for build in state.builds:
            assert build == type(build)(**_fields(build))
        seen |= {type(move), *map(type, state.builds)}
    assert {mulle_state.Capture, mulle_state.Trail, mulle_state.TableBuild} <= seen
