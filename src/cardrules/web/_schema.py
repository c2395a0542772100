"""
JSON Schemas generated from the code: a walk over the attrs classes and their type hints, the
same walk that ``cardrules._serial.to_jsonable`` makes when it writes them as JSON.

Nothing here is typed by hand: the observation schema of a game comes from that game's
``observation_type``, the score's from :class:`cardrules.Score`, the API bodies' from the
classes in ``cardrules.web._bodies``, the record's from :class:`cardrules.records.Record`.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from cardrules import _messages
from cardrules.cards import Card, Pack

__all__ = ["DIALECT", "Generator", "schema_for"]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"


def _key(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}".replace("cardrules.", "", 1)


class Generator:
    """
    Schemas for type hints, with the attrs classes met on the way gathered in ``defs``.

    *pack*, when given, makes a card an enumeration of that pack's card texts; without it a card
    is any text. *optional_defaults* makes a field with a default optional, for documents that
    leave such fields out (records); otherwise every field is required, as ``to_dict`` writes all.
    """

    def __init__(self, pack: Pack | None = None, *, optional_defaults: bool = False) -> None:
        self.pack = pack
        self.optional_defaults = optional_defaults
        self.defs: dict[str, dict[str, Any]] = {}

    def hint(self, hint: Any) -> dict[str, Any]:
        """The schema of values of type *hint*."""
        if hint is Any:
            return {}
        if hint is None or hint is type(None):
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        if hint is Card:
            if self.pack is None:
                return {"type": "string", "description": "a card in the pack's notation"}
            return {"enum": sorted({str(c) for c in self.pack.cards})}
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"enum": [m.value for m in hint]}
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is Literal:
            return {"enum": list(args)}
        if origin is typing.Union or origin is types.UnionType:
            return {"anyOf": [self.hint(a) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.hint(args[0])}
            n = len(args)
            return {
                "type": "array",
                "prefixItems": [self.hint(a) for a in args],
                "items": False,
                "minItems": n,
                "maxItems": n,
            }
        if origin in (frozenset, set):
            return {"type": "array", "items": self.hint(args[0]), "uniqueItems": True}
        if origin in (list, Sequence):
            return {"type": "array", "items": self.hint(args[0]) if args else {}}
        if origin in (dict, Mapping):
            return {"type": "object", "additionalProperties": self.hint(args[1]) if args else {}}
        if isinstance(hint, type) and attrs.has(hint):
            return self.attrs_class(hint)
        raise TypeError(f"no schema for {_messages.value(hint)}")

    def attrs_class(self, cls: type) -> dict[str, Any]:
        """A reference to the schema of attrs class *cls* (added to ``defs`` the first time)."""
        key = _key(cls)
        if key not in self.defs:
            self.defs[key] = {}  # a placeholder, so that a class that refers to itself ends
            hints = typing.get_type_hints(cls)
            props: dict[str, Any] = {}
            required: list[str] = []
            if getattr(cls, "_tagged", False):
                props["type"] = {"const": cls.__name__}
                required.append("type")
            for f in attrs.fields(typing.cast(Any, cls)):
                if not f.init:
                    continue
                name = f.name.lstrip("_")
                props[name] = self.hint(hints[f.name])
                doc = _field_doc(cls, name)
                if doc:
                    props[name] = {**props[name], "description": doc}
                if not (self.optional_defaults and f.default is not attrs.NOTHING):
                    required.append(name)
            body: dict[str, Any] = {
                "title": cls.__name__,
                "type": "object",
                "properties": props,
                "required": required,
                "additionalProperties": False,
            }
            summary = (cls.__doc__ or "").strip().split("\n\n")[0]
            if summary:
                body["description"] = " ".join(summary.split())
            self.defs[key] = body
        return {"$ref": f"#/$defs/{key}"}

    def document(self, hint: Any, title: str, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A standalone schema for *hint*, with ``$defs``; *extra* properties are added to its top object."""
        top = self.hint(hint)
        doc: dict[str, Any] = {"$schema": DIALECT, "title": title, **top}
        if extra:
            ref = top.get("$ref", "")
            target = self.defs[ref.rsplit("/", 1)[-1]]
            target["properties"] = {**extra, **target["properties"]}
            target["required"] = [*extra, *target["required"]]
        doc["$defs"] = self.defs
        return doc


def _field_doc(cls: type, name: str) -> str:
    """The description of field *name* from the class docstring's ``Attributes:`` section, if any."""
    doc = cls.__doc__ or ""
    marker = "Attributes:"
    if marker not in doc:
        return ""
    lines = doc.split(marker, 1)[1].splitlines()
    out: list[str] = []
    indent: int | None = None
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if out:
                break
            continue
        here = len(line) - len(line.lstrip())
        if indent is None:
            indent = here
        if here == indent:
            if out:
                break
            if stripped.startswith(f"{name}:"):
                out.append(stripped.split(":", 1)[1].strip())
        elif out:
            out.append(stripped)
    return " ".join(out)


def schema_for(hint: Any, title: str, pack: Pack | None = None) -> dict[str, Any]:
    """A standalone JSON Schema (draft 2020-12) for values of type *hint*."""
    return Generator(pack).document(hint, title)
