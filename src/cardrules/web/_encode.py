"""
A fast writer of engine values as JSON data: the same output as ``cardrules._serial.to_jsonable``
(and so as ``observation.to_dict()``), with each attrs class's fields and each card's text looked up
once instead of on every call. A test checks that both give the same data.
"""

from __future__ import annotations

import enum
import json
import typing
from typing import Any

import attrs

from cardrules.cards import Card

__all__ = ["jsonable"]

_CARDS: dict[Card, str] = {}
_CLASSES: dict[type, tuple[bool, tuple[tuple[str, str], ...]]] = {}
_SCALARS = (bool, int, str, type(None))


def _layout(cls: type) -> tuple[bool, tuple[tuple[str, str], ...]]:
    layout = _CLASSES.get(cls)
    if layout is None:
        fields = tuple((f.name.lstrip("_"), f.name) for f in attrs.fields(typing.cast(Any, cls)) if f.init)
        layout = _CLASSES[cls] = (bool(getattr(cls, "_tagged", False)), fields)
    return layout


def jsonable(value: object) -> Any:
    """Plain JSON data for an engine value: cards as text, enums by value, tuples as lists, attrs classes as objects."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is Card:
        text = _CARDS.get(value)  # type: ignore[call-overload]
        if text is None:
            text = _CARDS[value] = str(value)  # type: ignore[index]
        return text
    if kind is tuple or kind is list:
        return [jsonable(v) for v in value]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):
        return value.value
    if kind in _CLASSES or attrs.has(kind):
        tagged, fields = _layout(kind)
        out: dict[str, Any] = {"type": kind.__name__} if tagged else {}
        for key, name in fields:
            out[key] = jsonable(getattr(value, name))
        return out
    if isinstance(value, frozenset | set):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    raise TypeError(f"cannot encode {kind.__name__}")
