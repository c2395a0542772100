"""The engine's unchecked state constructor builds the same objects as the public one, and only for plain classes."""

from __future__ import annotations

import copy
import pickle
import random
import weakref
from typing import ClassVar

import attrs
import pytest

import cardrules
from cardrules import _common
from cardrules.charlemagne import _state as charlemagne_state
from cardrules.mililla import _state as mililla_state

MODULES = (mililla_state, charlemagne_state)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.split(".")[1])
def test_unchecked_constructor_matches_the_public_one(module: object) -> None:
    state_type = module.State  # type: ignore[attr-defined]
    make = module._make_state  # type: ignore[attr-defined]
    game = cardrules.get_game(state_type.__module__.split(".")[1])
    rng = random.Random(11)
    state = game.new_game(seed=5)
    for _ in range(60):
        if game.is_over(state):
            break
        values = [getattr(state, f.name) for f in attrs.fields(state_type)]
        fast, public = make(*values), state_type(*values)
        assert type(fast) is state_type
        assert fast == public and hash(fast) == hash(public) and repr(fast) == repr(public)
        assert cardrules.dumps(fast) == cardrules.dumps(public)
        assert attrs.evolve(fast, seed=state.seed + 1).seed == state.seed + 1
        assert pickle.loads(pickle.dumps(fast)) == public and copy.deepcopy(fast) == public
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            fast.seed = 0
        assert weakref.ref(fast)() is fast
        state = game.apply(state, game.legal_moves(state).sample(rng))


def test_unchecked_constructor_refuses_a_class_with_checks() -> None:
    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Defaulted:
        value: list[int] = attrs.Factory(list)

    @attrs.define
    class Loose:
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen
    class OwnSlots:  # slots of its own, not taken from a base: the object could not change class
        value: int

    class _WrongOrder:
        __slots__ = ("b", "a", "__weakref__")  # noqa: RUF023

    @attrs.frozen
    class Reordered(_WrongOrder):
        a: int
        b: int

    for cls in (Checked, Defaulted, Loose, OwnSlots, Reordered):
        with pytest.raises(TypeError):
            _common.unchecked_constructor(cls)


def test_unchecked_constructor_takes_every_field_in_order() -> None:
    make = mililla_state._make_state
    with pytest.raises(TypeError):
        make(1, 2)  # too few fields


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.split(".")[1])
def test_observe_builds_the_same_observation_as_the_public_constructor(module: object) -> None:
    obs_type = module.Observation  # type: ignore[attr-defined]
    game = cardrules.get_game(obs_type.__module__.split(".")[1])
    rng = random.Random(12)
    state = game.new_game(seed=6)
    for _ in range(80):
        if game.is_over(state):
            break
        for seat in range(4):
            fast = game.observe(state, seat)
            public = obs_type(*(getattr(fast, f.name) for f in attrs.fields(obs_type)))
            assert type(fast) is obs_type and fast == public and repr(fast) == repr(public)
            assert fast.to_dict() == public.to_dict()
        state = game.apply(state, game.legal_moves(state).sample(rng))


def test_fields_as_slots_declares_the_fields_once() -> None:
    for module in MODULES:
        for cls in (module.State, module.Observation):
            base = cls.__base__
            assert base.__slots__ == (*(f.name for f in attrs.fields(cls)), "__weakref__")
            assert vars(cls)["__slots__"] == () and cls.__qualname__ == cls.__name__
    with pytest.raises(TypeError):

        @attrs.frozen
        @_common.fields_as_slots
        class Tagged:
            kind: ClassVar[str] = "x"
            value: int
