"""Cards and positions as terminal text: suit symbols and ANSI colours on a terminal, plain text otherwise."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

import attrs

from cardrules._kit.style import MoreMoves, Style, first_moves, style_for, unsymbol
from cardrules.cards import Card
from cardrules.engine import GameSpec

__all__ = ["MoreMoves", "Style", "describe", "first_moves", "move_list_for", "style_for", "unsymbol", "view_for"]

# --- positions ---------------------------------------------------------------

_SKIP: Final = frozenset({"seat", "rules", "hand", "to_move", "winner", "rounds", "match"})


def _label(name: str) -> str:
    return name.replace("_", " ").removesuffix(" no").strip()


def _value(value: object, style: Style) -> str | None:
    """A field's value as text, or ``None`` to leave the field out."""
    if value is None or value is False or value == () or value == frozenset():
        return None
    if value is True:
        return "yes"
    if isinstance(value, Card):
        return style.card(value)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(_value(v, style) or "" for v in value))
    if isinstance(value, tuple):
        if all(isinstance(v, Card) for v in value):
            return style.cards(value) if len(value) <= 16 else f"{len(value)} cards"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return ", ".join(f"{i}: {v}" for i, v in enumerate(value))
        if all(isinstance(v, tuple) and all(isinstance(c, Card) for c in v) for v in value):
            return ", ".join(f"{i}: {len(v)} cards" for i, v in enumerate(value))
        parts = [_value(v, style) or "-" for v in value]
        return ", ".join(parts)
    return str(value)


def describe(observation: Any, style: Style) -> list[str]:
    """
    What a seat sees, one line per thing on the table: the observation's
    public fields (hands of others as counts, piles of won cards as counts),
    then the seat's own hand.
    """
    lines = []
    for field in attrs.fields(type(observation)):
        if field.name in _SKIP or field.name.startswith("_"):
            continue
        text = _value(getattr(observation, field.name), style)
        if text is not None:
            lines.append(f"{_label(field.name)}: {text}")
    lines.append(style.bold("your hand: ") + style.cards(observation.hand))
    return lines


# --- numbered moves ------------------------------------------------------------

Describer = Callable[[Any, Style], list[str]]
MoveList = Callable[[Any, int], tuple[list[Any], MoreMoves]]


def view_for(spec: GameSpec[Any, Any, Any, Any]) -> Describer:
    """How to draw an observation of *spec*'s game: its own ``view``, or the generic :func:`describe`."""
    return describe if spec.terminal is None else spec.terminal.view


def move_list_for(spec: GameSpec[Any, Any, Any, Any]) -> MoveList:
    """How to pick the moves to number: the game's own ``move_list``, or :func:`first_moves`."""
    return (None if spec.terminal is None else spec.terminal.move_list) or first_moves
