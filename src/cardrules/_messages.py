"""Private helpers for messages: kinds of objects, values shown, illegal-move errors, move field validators."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from cardrules.cards import Card
from cardrules.errors import CardrulesError, IllegalMoveError, WrongKindError

if TYPE_CHECKING:
    from cardrules.rules import Message, Violation

_E = TypeVar("_E", bound=CardrulesError)

_SHOWN_MAX = 40

_BIG_INT_BITS = 13_000

_VALUE_MAX = 200
_T = TypeVar("_T")


def kind_name(obj: object) -> str:
    """
    The kind of *obj* in a message: ``mililla.State`` for a game's class,
    ``Card`` or ``str`` for others, ``None`` for ``None``.
    """
    if obj is None:
        return "None"
    t = type(obj)
    parts = t.__module__.split(".")
    if parts[0] == "cardrules" and len(parts) > 2:
        return f"{parts[1]}.{t.__qualname__}"
    return t.__qualname__


def shown(obj: object) -> str:
    """*obj* in a message: plain data (text, numbers) as written in Python, anything else by its kind."""
    if isinstance(obj, int) and not isinstance(obj, bool) and obj.bit_length() > _BIG_INT_BITS:
        # repr refuses a number past 4,300 digits (ValueError): give its size instead
        return f"a whole number of about {int(obj.bit_length() * 0.30103) + 1:,} digits"
    if isinstance(obj, str | int | float):
        text = repr(obj)
        return text if len(text) <= _SHOWN_MAX else text[: _SHOWN_MAX - 3] + "..."
    return kind_name(obj)


def value(obj: object) -> str:
    """
    *obj* in a message as Python writes it (``repr``), at most :data:`_VALUE_MAX` characters: a number
    Python will not write (more than 4,300 digits) by its size, anything longer shortened.
    """
    if isinstance(obj, int) and not isinstance(obj, bool) and obj.bit_length() > _BIG_INT_BITS:
        return shown(obj)
    text = repr(obj)
    return text if len(text) <= _VALUE_MAX else text[: _VALUE_MAX - 3] + "..."


def said(kind: type[_E], message: Message) -> _E:
    """The error *kind* telling *message*: ``str(error)`` is its English, ``error.message`` the message."""
    return kind(str(message), message=message)


def carried(exc: CardrulesError, text: str) -> str | Message:
    """
    *text*, what the error *exc* says (its text or its detail), as *exc*'s message when that message says the
    same, so that an error raised again under another field or path is still written in any language.
    """
    message = exc.message
    return message if message is not None and str(message) == text else text


def wrong_state(title: str, obj: object) -> WrongKindError:
    """The error for *obj* given where a state of the game *title* belongs."""
    return WrongKindError(f"expected a {title} state, got {kind_name(obj)}")


def check_transition(title: str, state: type, move: Any, values: tuple[object, object, object]) -> None:
    """
    Refuse, with :class:`WrongKindError`, ``(before, move, after)`` *values* whose states are not
    instances of *state* exactly or whose move is not a *move* (a class or a union of classes).
    """
    before, made, after = values
    for s in (before, after):
        if type(s) is not state:
            raise wrong_state(title, s)
    if not isinstance(made, move):
        raise wrong_move(title, made)


def wrong_move(title: str, obj: object) -> WrongKindError:
    """The error for *obj* given where a move of the game *title* belongs."""
    return WrongKindError(f"expected a {title} move, got {kind_name(obj)}")


def move_text(fmt: Callable[[Any], str], move: object) -> str | None:
    """*move* in notation by *fmt* (a game's ``format_canonical``), or ``None`` if it is not such a move."""
    try:
        return fmt(move)
    except CardrulesError:
        return None


def illegal(
    violation: Violation,
    seat: int | None,
    move: object,
    fmt: Callable[[Any], str],
    reason: str | Message | None = None,
) -> IllegalMoveError:
    """The error for *move* breaking *violation*'s rule; its text is *fmt*'s notation of the move."""
    return IllegalMoveError(
        violation.rule, seat, move, violation.message if reason is None else reason, move_text=move_text(fmt, move)
    )


def check_card(inst: object, attribute: Any, value: Card) -> None:
    """An attrs validator: the field holds a :class:`~cardrules.Card`."""
    if not isinstance(value, Card):
        raise WrongKindError(f"the {attribute.name} of a {kind_name(inst)} must be a Card, not {shown(value)}")


def check_kind(kind: type[_T], what: str) -> Callable[[object, Any, _T], None]:
    """An attrs validator: the field holds a *kind* (described as *what* in the message)."""

    def check(inst: object, attribute: Any, value: _T) -> None:
        if not isinstance(value, kind):
            raise WrongKindError(f"the {attribute.name} of a {kind_name(inst)} must be {what}, not {shown(value)}")

    return check


def missing_version(first: str, version: str, games: Iterable[str]) -> Message:
    """
    What to say of a position whose first word, *first*, is not the notation's *version* (``p1``):
    when it is a ruleset of one of *games* (by name), that the version is missing.
    """
    from cardrules.rules import Message

    if not first:
        return Message(
            "a position starts with {version} (the notation's version), then the ruleset, then the fields, "
            "and this one is empty",
            version=value(version),
        )
    name = first.split("(")[0].split("/")[0].lower()
    if name in games:
        return Message(
            "a position starts with {version} (the notation's version), then the ruleset, then the fields; "
            "this one starts with the ruleset {ruleset}: write {prefix} before it",
            version=value(version),
            ruleset=value(first[:40]),
            prefix=f"'{version} '",
        )
    return Message(
        "a position starts with {version} (the notation's version), then the ruleset, then the fields; "
        "this one starts with {text}",
        version=value(version),
        text=value(first[:40]),
    )
