"""Every exception that cardrules raises on purpose."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules.rules import Rule

__all__ = [
    "AmbiguousMoveError",
    "CardrulesError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidRecordError",
    "UnknownOptionError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules on purpose."""


class InvalidNotationError(CardrulesError, ValueError):
    """Text that is not a card, a move or a ruleset in the expected notation."""


class InvalidCardError(InvalidNotationError):
    """Text that names no card of the pack in use, such as ``"1X"`` or ``"8O"``."""


class AmbiguousMoveError(InvalidNotationError):
    """Move text that fits more than one legal move; the message lists them."""


class IllegalMoveError(CardrulesError, ValueError):
    """
    A well-formed move that breaks a rule of the game.

    Attributes:
        rule: The :class:`~cardrules.Rule` that forbids the move.
        seat: The seat that tried the move.
        move: The move as given.
    """

    def __init__(self, rule: Rule, seat: int | None, move: object, reason: str) -> None:
        self.rule = rule
        self.seat = seat
        self.move = move
        self.reason = reason
        super().__init__(f"[{rule.id}] {reason} (move {move!r})")


class UnknownOptionError(CardrulesError, ValueError):
    """An unknown game, preset or ruleset option; the message lists the valid ones."""


class InvalidOptionError(CardrulesError, ValueError):
    """A known ruleset option given a value it does not accept."""


class InvalidRecordError(CardrulesError, ValueError):
    """
    JSON that is not a valid state or record; the message gives the location.

    Attributes:
        path: Where in the document the problem is, such as ``$.state.hands[2][0]``.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


class InvalidDeckError(CardrulesError, ValueError):
    """A deck order or explicit deal that is not exactly the game's pack."""


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
