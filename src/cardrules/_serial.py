"""JSON for states: a type-directed codec over the attrs classes of every game (dumps and loads are in _state_text)."""

from __future__ import annotations

import enum
import json
import types
import typing
from collections import Counter
from typing import Any, Final, Literal

import attrs

from cardrules import _messages
from cardrules._common import pack_named
from cardrules.cards import Card, Pack
from cardrules.errors import CardrulesError, InvalidRecordError
from cardrules.rules import Items, Message

__all__ = ["JsonData", "check_pack", "from_jsonable", "is_int", "json_problem", "parse_json_object", "to_jsonable"]

FORMAT: Final = "cardrules-state"
FORMAT_VERSION: Final = 1
_MAX_TEXT: Final = 10_000_000

_HINTS: dict[type, dict[str, Any]] = {}
_GENERIC: Final = (IndexError, KeyError, TypeError, ValueError, AttributeError, ArithmeticError)
"""The errors that bad data can raise from code that trusts it, turned into InvalidRecordError by loads."""


def json_problem(exc: ValueError) -> str:
    """What ``json.loads`` refused, in words: its own message, or, for a number Python will not
    read (more than 4,300 digits), that, without Python's advice to raise the limit."""
    if isinstance(exc, json.JSONDecodeError):
        return str(exc)
    return "a number has more than 4,300 digits"


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def to_jsonable(value: object) -> Any:
    """Plain JSON data for an attrs value: cards as text, enums by value, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | str) or value is None:
        return value
    if attrs.has(type(value)):
        out: dict[str, Any] = {}
        if getattr(type(value), "_tagged", False):
            out["type"] = type(value).__name__
        for f in attrs.fields(typing.cast(Any, type(value))):
            if f.init:
                out[f.name.lstrip("_")] = to_jsonable(getattr(value, f.name))
        return out
    if isinstance(value, tuple | list):
        return [to_jsonable(v) for v in value]
    if isinstance(value, frozenset | set):
        items = [to_jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    raise TypeError(f"cannot encode {type(value).__name__}")


class JsonData:
    """A base of the observation classes: :meth:`to_dict` gives the value as plain JSON data."""

    __slots__ = ()

    def to_dict(self) -> dict[str, object]:
        """The value as plain JSON data (cards as text, enums by value, tuples as lists)."""
        data: dict[str, object] = to_jsonable(self)
        return data


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


_SCALARS: Final = {bool: Message("true or false"), int: Message("a whole number"), str: Message("text")}
"""The JSON scalars a field may hold, with how a message names them."""


def from_jsonable(data: Any, hint: Any, pack: Pack, path: str = "$") -> Any:
    """Decode plain JSON data as *hint*, checking every type; raises :class:`InvalidRecordError`."""
    if hint is Any:
        return data
    if hint is type(None) or hint is None:
        if data is not None:
            raise InvalidRecordError(Message("expected null, got {got}", got=_type_name(data)), path)
        return None
    if hint is bool or hint is int or hint is str:
        if not isinstance(data, hint) or (hint is int and isinstance(data, bool)):  # true is no number here
            raise InvalidRecordError(
                Message("expected {kind}, got {got}", kind=_SCALARS[hint], got=_type_name(data)), path
            )
        return data
    if hint is Card:
        if not isinstance(data, str):
            raise InvalidRecordError(Message("expected a card as text, got {got}", got=_type_name(data)), path)
        try:
            return pack.parse(data)
        except CardrulesError as exc:
            raise InvalidRecordError(_messages.carried(exc, str(exc)), path) from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except (ValueError, TypeError):
            allowed = Items((repr(m.value) for m in hint), "comma")
            said = Message("expected one of {allowed}, got {got}", allowed=allowed, got=f"{data!r:.60}")
            raise InvalidRecordError(said, path) from None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Literal:
        if not any(data == a and type(data) is type(a) for a in args):
            allowed = Items(map(repr, args), "comma")
            said = Message("expected one of {allowed}, got {got}", allowed=allowed, got=f"{data!r:.60}")
            raise InvalidRecordError(said, path)
        return data
    if origin is typing.Union or origin is types.UnionType:
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:  # an optional value: ``X | None``
            return from_jsonable(data, options[0], pack, path)
        tagged = [a for a in options if attrs.has(a)]
        if tagged and isinstance(data, dict) and len(tagged) == len(options):
            tag = data.get("type")
            for cls in tagged:
                if cls.__name__ == tag:
                    return from_jsonable(data, cls, pack, path)
            names = Items((c.__name__ for c in tagged), "comma")
            said = Message(
                "expected {key} to be one of {names}, got {got}", key="'type'", names=names, got=f"{tag!r:.60}"
            )
            raise InvalidRecordError(said, path)
        errors: list[InvalidRecordError] = []
        for option in options:
            try:
                return from_jsonable(data, option, pack, path)
            except InvalidRecordError as exc:
                errors.append(exc)
        raise (
            errors[0]
            if len(errors) == 1
            else InvalidRecordError(Message("unexpected value {value}", value=f"{data!r:.60}"), path)
        )
    if origin is tuple or origin is frozenset:
        if not isinstance(data, list):
            raise InvalidRecordError(Message("expected a list, got {got}", got=_type_name(data)), path)
        if origin is frozenset:
            items = [from_jsonable(v, args[0], pack, f"{path}[{i}]") for i, v in enumerate(data)]
            return frozenset(items)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(v, args[0], pack, f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise InvalidRecordError(
                Message("expected a list of {want}, got {got}", want=len(args), got=len(data)), path
            )
        return tuple(from_jsonable(v, a, pack, f"{path}[{i}]") for i, (v, a) in enumerate(zip(data, args, strict=True)))
    if isinstance(hint, type) and attrs.has(hint):
        if not isinstance(data, dict):
            raise InvalidRecordError(Message("expected an object, got {got}", got=_type_name(data)), path)
        hints = _hints(hint)
        kwargs: dict[str, Any] = {}
        seen = {"type"} if getattr(hint, "_tagged", False) else set()
        for f in attrs.fields(hint):
            if not f.init:
                continue
            key = f.name.lstrip("_")
            seen.add(key)
            if key not in data:
                if f.default is attrs.NOTHING:
                    raise InvalidRecordError(Message("missing field {name}", name=_messages.value(key)), path)
                continue
            kwargs[f.alias] = from_jsonable(data[key], hints[f.name], pack, f"{path}.{key}")
        extra = sorted(set(data) - seen)
        if extra:
            raise InvalidRecordError(Message("unknown field {name}", name=_messages.value(extra[0])), path)
        try:
            return hint(**kwargs)
        except CardrulesError as exc:
            raise InvalidRecordError(_messages.carried(exc, str(exc)), path) from None
        except _GENERIC as exc:
            said = Message("invalid {kind}: {problem}", kind=hint.__name__, problem=str(exc))
            raise InvalidRecordError(said, path) from None
    raise TypeError(f"cannot decode {_messages.value(hint)}")


def is_int(value: object, want: int) -> bool:
    """Whether JSON *value* is the whole number *want* (``true`` and ``1.0`` are not 1)."""
    return type(value) is int and value == want


def parse_json_object(text: str | bytes, max_size: int) -> dict[str, Any]:
    """JSON text (or UTF-8 bytes) holding an object; any problem is an :class:`InvalidRecordError` at ``$``."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecordError(Message("not UTF-8 text: {problem}", problem=str(exc))) from None
    if not isinstance(text, str):
        raise InvalidRecordError(Message("expected JSON text, got {got}", got=_type_name(text)))
    if len(text) > max_size:
        raise InvalidRecordError(
            Message("document too large ({count} characters; at most {most})", count=len(text), most=max_size)
        )
    try:
        doc = json.loads(text)
    except RecursionError:
        raise InvalidRecordError(Message("JSON nested too deeply")) from None
    except ValueError as exc:
        raise InvalidRecordError(Message("not JSON: {problem}", problem=json_problem(exc))) from None
    if not isinstance(doc, dict):
        raise InvalidRecordError(Message("expected an object, got {got}", got=_type_name(doc)))
    return doc


def check_pack(zones: typing.Mapping[str, tuple[Card, ...]], pack: Pack) -> None:
    """Raise :class:`InvalidRecordError` unless the zones hold exactly the pack."""
    held: Counter[Card] = Counter()
    for cards in zones.values():
        held.update(cards)
    want = Counter(pack.cards)
    if held != want:
        extra = held - want
        missing = want - held
        parts = []
        if extra:
            parts.append(Message("extra {cards}", cards=Items(sorted(extra.elements(), key=str), "cards")))
        if missing:
            parts.append(Message("missing {cards}", cards=Items(sorted(missing.elements(), key=str), "cards")))
        said = Message(
            "the cards are not {pack}: {problems}", pack=pack_named(pack), problems=Items(parts, "semicolon")
        )
        raise InvalidRecordError(said, "$.state")
