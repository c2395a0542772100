"""
The engine's fast constructors, declared in one place: :func:`fast_constructor` of a frozen attrs class.

A frozen attrs class sets each field through ``object.__setattr__`` in its generated ``__init__``,
which the games' hot path (a new state every move) pays for every field. A fast constructor makes
the same object as the public constructor another way, with nothing written by hand: attrs
generates, for a mutable twin of the class (the same base, the same slots), an ``__init__`` that
stores each field as a plain slot, and whose post-init gives the object its class. The two classes
have one memory layout, so the ``__class__`` assignment is allowed, and from then on the object is
an ordinary frozen instance: equal to, hashed, copied, pickled and shown as the public
constructor's (``tests/kit/test_fast_state.py`` checks it). The public constructor and
:func:`attrs.evolve` keep working and validating as before.

Declare one beside the class, and call it with keywords::

    @attrs.frozen
    class State(Slotted):
        rules: Ruleset
        seed: int

    _state: Final = fast_constructor(State)
    ...
    after = _state(rules=rules, seed=seed)
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Final, TypeVar, cast

import attrs

__all__ = ["Slotted", "fast_constructor"]

_T = TypeVar("_T")
_FACTORY: Final[type] = type(attrs.Factory(list))


class Slotted:
    """
    The base of a class that :func:`fast_constructor` builds: it holds the weak-reference slot, so
    that the class and its twin each add their fields' slots and nothing else (one memory layout).
    """

    __slots__ = ("__weakref__",)


def fast_constructor(cls: type[_T], *, trusted: Collection[str] = ()) -> Callable[..., _T]:
    """
    A keyword-only constructor of the frozen attrs class *cls* for the objects the engine builds
    itself: the same object as ``cls(...)``, without the frozen ``__init__``.

    Each field is given by keyword; a field with a default may be left out. *cls* must derive from
    :class:`Slotted` (directly or through its bases) and have no default factory, no post-init, and
    no validator or converter, except on the fields named in *trusted*: for those the caller gives
    the value the public constructor would store (a card that is a card, cards already sorted), and
    the check is skipped.

    Raises:
        TypeError: If *cls* is not such a class.
    """
    fields = attrs.fields(cast(Any, cls))
    unknown = set(trusted) - {f.name for f in fields}
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    for f in fields:
        checked = f.validator is not None or f.converter is not None
        if (checked and f.name not in trusted) or isinstance(f.default, _FACTORY) or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory, converter or validator")
    own = tuple(vars(cls).get("__slots__", ("__dict__",)))
    if hasattr(cls, "__attrs_post_init__") or not issubclass(cls, Slotted) or set(own) != {f.name for f in fields}:
        raise TypeError(
            f"{cls.__name__} is not a plain slotted attrs class whose own slots are its fields, on a Slotted base"
        )

    def __attrs_post_init__(self: Any) -> None:
        self.__class__ = cls  # the twin's layout is cls's: the object is a cls from now on

    body = {"__attrs_post_init__": __attrs_post_init__, "__module__": cls.__module__}
    shell = type(f"_{cls.__name__}InTheMaking", cls.__bases__, body)
    these = {f.name: attrs.field() if f.default is attrs.NOTHING else attrs.field(default=f.default) for f in fields}
    twin: type = attrs.define(
        shell,
        these=these,
        kw_only=True,
        slots=True,
        weakref_slot=False,  # the Slotted base holds it
        on_setattr=attrs.setters.NO_OP,
        eq=False,
        order=False,
        repr=False,
        unsafe_hash=False,
        getstate_setstate=False,
        match_args=False,
        cache_hash=False,
    )
    if twin.__basicsize__ != cast(type, cls).__basicsize__ or set(vars(twin)["__slots__"]) != set(own):
        raise TypeError(f"{cls.__name__}'s twin has another memory layout")  # pragma: no cover - attrs changed
    return cast("Callable[..., _T]", twin)
