"""Ruleset text: reading ``"mulle/fishing(target=21)"`` into a ruleset, writing it back, and the options' validators."""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol, TypeVar

import attrs

from cardrules import _messages
from cardrules._words import Items, Message
from cardrules.errors import InvalidOptionError, UnknownOptionError

RulesetT = TypeVar("RulesetT")
RulesetT_co = TypeVar("RulesetT_co", covariant=True)


class _Spec(Protocol[RulesetT_co]):
    """What ruleset text needs of a game spec (:class:`cardrules.GameSpec` has it)."""

    @property
    def name(self) -> str: ...
    @property
    def presets(self) -> Mapping[str, RulesetT_co]: ...
    @property
    def default_preset(self) -> str: ...
    @property
    def ruleset_type(self) -> type[RulesetT_co]: ...


_RULESET_TEXT: Final = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*(?:/\s*([A-Za-z_][\w-]*)\s*)?(?:\((.*)\))?\s*$", re.S)


def split_ruleset(text: str) -> tuple[str, str | None, str | None]:
    """``(name, preset, options)`` of ruleset text; :class:`UnknownOptionError` if it cannot be read."""
    if not text.isascii():
        said = Message(
            "cannot read {text}: a ruleset is written in ASCII letters, digits and signs", text=_messages.value(text)
        )
        raise _messages.said(UnknownOptionError, said)
    match = _RULESET_TEXT.match(text)
    if match is None:
        said = Message(
            "cannot read {text}; write a game name, optionally {preset} and {options}",
            text=repr(text),
            preset="'/preset'",
            options="'(option=value, ...)'",
        )
        raise _messages.said(UnknownOptionError, said)
    name, preset, args = match.groups()
    return name.lower(), preset, args


def ruleset_from_text(
    spec: _Spec[RulesetT], text: str, options: Mapping[str, object] | None = None
) -> tuple[str, RulesetT]:
    """The name that *text* gives and the ruleset of *spec* that it describes (the name is not checked)."""
    name, preset, args = split_ruleset(text)
    if preset is None:
        preset = spec.default_preset
    if preset not in spec.presets:
        said = Message(
            "unknown preset {preset} of {game}; the presets are: {presets}",
            preset=repr(preset),
            game=spec.name,
            presets=Items(spec.presets, "comma"),
        )
        raise _messages.said(UnknownOptionError, said)
    given: dict[str, object] = _parse_options(args) if args else {}
    given.update(options or {})
    return name, _evolve_rules(spec, spec.presets[preset], given)


def _parse_options(args: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in args.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key:
            said = Message(
                "cannot read option {text}; write {form}", text=_messages.value(part.strip()), form="option=value"
            )
            raise _messages.said(UnknownOptionError, said)
        out[key] = value.strip()
    return out


def _field_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


_INT_TEXT: Final = re.compile(r"-?[0-9]+")


_INT_DIGITS: Final = 100


def _coerce(name: str, hint: Any, value: object) -> object:
    """Turn option text into the field's type; other values pass to the validators."""
    if not isinstance(value, str):
        return value
    text = value.strip(" \t\r\n\f\v")  # ASCII space only, as everywhere
    if hint is bool:
        low = text.lower()
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        said = Message("option {name} takes true or false, not {got}", name=name, got=_messages.value(value))
        raise _messages.said(InvalidOptionError, said)
    if hint is int:
        # ASCII digits only: int() would also read "٤" (Arabic-Indic four), "1_0" and full-width digits.
        if _INT_TEXT.fullmatch(text) is None:
            said = Message("option {name} takes a whole number, not {got}", name=name, got=_messages.shown(value))
            raise _messages.said(InvalidOptionError, said)
        if len(text) > _INT_DIGITS:  # int() refuses past 4,300 digits, and no option takes such a number
            said = Message(
                "option {name} takes a whole number, not one of {count} digits", name=name, count=f"{len(text):,}"
            )
            raise _messages.said(InvalidOptionError, said)
        return int(text)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union and type(None) in args:
        if text.lower() == "none":
            return None
        others = [a for a in args if a is not type(None)]
        return _coerce(name, others[0], text) if len(others) == 1 else text
    return text.strip("'\"")


def _evolve_rules(spec: _Spec[RulesetT], base: RulesetT, given: Mapping[str, object]) -> RulesetT:
    fields = {f.name: f for f in attrs.fields(typing.cast(Any, spec.ruleset_type))}
    hints = _field_hints(spec.ruleset_type)
    changes: dict[str, object] = {}
    for key, value in given.items():
        if key not in fields:
            said = Message(
                "unknown option {option} of {game}; the options are: {options}",
                option=repr(key),
                game=spec.name,
                options=Items(sorted(fields), "comma"),
            )
            raise _messages.said(UnknownOptionError, said)
        changes[key] = _coerce(key, hints[key], value)
    try:
        return attrs.evolve(base, **changes)  # type: ignore[misc]
    except InvalidOptionError:
        raise
    except (TypeError, ValueError) as exc:
        raise _messages.said(
            InvalidOptionError, Message("{game}: {problem}", game=spec.name, problem=str(exc))
        ) from None


def format_ruleset(spec: _Spec[RulesetT], rules: RulesetT) -> str:
    """The shortest text that :func:`get_game` reads back as *rules*."""
    best: tuple[int, int, str, dict[str, object]] | None = None
    for i, (preset, base) in enumerate(spec.presets.items()):
        diff = {
            f.name: getattr(rules, f.name)
            for f in attrs.fields(typing.cast(Any, spec.ruleset_type))
            if getattr(rules, f.name) != getattr(base, f.name)
        }
        if best is None or (len(diff), i) < best[:2]:
            best = (len(diff), i, preset, diff)
    assert best is not None
    _, _, preset, diff = best
    head = spec.name if preset == spec.default_preset else f"{spec.name}/{preset}"
    if not diff:
        return head
    return head + "(" + ", ".join(f"{k}={option_text(v)}" for k, v in sorted(diff.items())) + ")"


def option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _value_text(value: object) -> str:
    """A refused option value in a message: as written in Python, a very long number by its size."""
    return _messages.shown(value) if isinstance(value, int) else repr(value)


def option_check(name: str, allowed: Sequence[object]) -> Callable[[object, object, object], None]:
    """An attrs validator that raises :class:`InvalidOptionError` for a value not in *allowed*."""

    def check(_inst: object, _attr: object, value: object) -> None:
        if not any(value == a and type(value) is type(a) for a in allowed):
            said = Message(
                "option {name} takes one of {allowed}, not {got}",
                name=name,
                allowed=Items((option_text(a) for a in allowed), "comma"),
                got=_value_text(value),
            )
            raise _messages.said(InvalidOptionError, said)

    check.allowed = tuple(allowed)  # type: ignore[attr-defined]  # the values a form may offer
    return check
