"""
Every exception that cardrules raises on purpose, each a :class:`CardrulesError`. Most are also a
``ValueError`` (a value of the right kind that is wrong); :class:`WrongKindError` is a ``TypeError``,
:class:`UnsupportedError` a ``NotImplementedError``, and :class:`PluginError` a ``CardrulesError``
only. This module imports nothing of cardrules at run time, so that every module may raise its errors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardrules._words import Message, Rule

__all__ = [
    "AmbiguousMoveError",
    "CardrulesError",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "PluginError",
    "SearchLimitError",
    "UnknownOptionError",
    "UnsupportedError",
    "WrongKindError",
]


class CardrulesError(Exception):
    """
    Base class of every error raised by cardrules on purpose.

    Attributes:
        message: What went wrong as a :class:`~cardrules.rules.Message` (its template and
            parameters), which :func:`cardrules.i18n.render` writes in any language, for the errors
            a player can see (bad card or move text, a bad position or record, an illegal move);
            ``None`` for an error given as plain English text (the errors meant for programmers,
            such as :class:`WrongKindError`). ``str(error)`` is the English message either way.
    """

    message: Message | None = None

    def __init__(self, *args: object, message: Message | None = None) -> None:
        super().__init__(*args)
        if message is not None:
            self.message = message


class InvalidNotationError(CardrulesError, ValueError):
    """Text that is not a card, a move or a ruleset in the expected notation."""


class InvalidCardError(InvalidNotationError):
    """Text that names no card of the pack in use, such as ``"1X"`` or ``"8O"``."""


class AmbiguousMoveError(InvalidNotationError):
    """Move text that fits more than one legal move; the message lists them."""


class IllegalMoveError(CardrulesError, ValueError):
    """
    A well-formed move that breaks a rule of the game.

    The message is ``[rule id] reason (move notation)``, such as
    ``[mulle.turn] you do not hold the 2S (move 2S -)``. It is written for
    the seat to move, from what that seat may see: it never tells where a
    card hidden from that seat is.

    Attributes:
        rule: The :class:`~cardrules.Rule` that forbids the move.
        seat: The seat that tried the move.
        move: The move as given (the object, for programs).
        reason: Why the move is illegal, in player words (English).
        message: The reason as a :class:`~cardrules.rules.Message` (its template and
            parameters), which :func:`cardrules.i18n.render` writes in any language;
            ``None`` when the reason was given as plain text.
        move_text: The move in the game's canonical notation, or ``None``
            for an object that is not a move of the game.
    """

    def __init__(
        self, rule: Rule, seat: int | None, move: object, reason: str | Message, *, move_text: str | None = None
    ) -> None:
        self.rule = rule
        self.seat = seat
        self.move = move
        self.reason = str(reason)
        self.move_text = move_text
        suffix = f" (move {move_text})" if move_text else ""
        super().__init__(f"[{rule.id}] {reason}{suffix}", message=None if isinstance(reason, str) else reason)


class WrongKindError(CardrulesError, TypeError):
    """
    An object of the wrong kind: another game's state or move, something
    that is not a state at all, or a non-card where a move needs a card.
    The message says what was expected, such as ``expected a Mulle state,
    got mililla.State``.
    """


class UnknownOptionError(CardrulesError, ValueError):
    """An unknown game, preset or ruleset option; the message lists the valid ones."""


class InvalidOptionError(CardrulesError, ValueError):
    """A known ruleset option given a value it does not accept."""


class InvalidRecordError(CardrulesError, ValueError):
    """
    JSON that is not a valid state or record; the message gives the location.

    Attributes:
        path: Where in the document the problem is, such as ``$.state.hands[2][0]``.
        detail: The problem itself, without the path (the message is ``path: detail``).
        message: The detail as a :class:`~cardrules.rules.Message`, for the problems a player can
            meet (:func:`cardrules.i18n.render` writes ``path: detail`` with the detail in the
            language, the path as it is); ``None`` where the detail is plain English.
        rule: The :class:`~cardrules.Rule` a state breaks, where a rule of the game refuses it
            (a hand that should have ended, say); ``None`` otherwise.
    """

    def __init__(self, message: str | Message, path: str = "$", *, rule: Rule | None = None) -> None:
        self.path = path
        self.detail = str(message)
        self.rule = rule
        super().__init__(f"{path}: {message}", message=None if isinstance(message, str) else message)

    def key(self, under: str = "$") -> str:
        """
        The first key of :attr:`path` below *under*, such as ``"hands"`` for ``$.state.hands[2][0]``
        under ``"$.state"`` (``""`` when the path is *under* itself).
        """
        return self.path.removeprefix(under).lstrip(".").split("[")[0].split(".")[0]


class InvalidPositionError(CardrulesError, ValueError):
    """
    Position text that is not a position the game can reach: the message names the field and the
    problem, such as ``hands: a card twice: 7O``.

    Attributes:
        field: The field of the position notation, such as ``hands`` or ``trick``
            (``position`` for the text as a whole).
        detail: The problem itself, without the field (the message is ``field: detail``).
        message: The detail as a :class:`~cardrules.rules.Message` (:func:`cardrules.i18n.render`
            writes ``field: detail`` with the field as written and the detail in the language);
            ``None`` where the detail is plain English.
        rule: The :class:`~cardrules.Rule` the position breaks, where a rule of the game refuses
            it (a card the pack does not have, a card given more often than the pack has it, a
            number of hands that is not the number of players, a public card hidden, a mulle
            scored otherwise than the ruleset scores it); ``None`` for text the notation cannot read.
    """

    def __init__(self, message: str | Message, field: str = "position", *, rule: Rule | None = None) -> None:
        self.field = field
        self.detail = str(message)
        self.rule = rule
        super().__init__(f"{field}: {message}", message=None if isinstance(message, str) else message)


class InvalidDeckError(CardrulesError, ValueError):
    """A deck order or explicit deal that is not exactly the game's pack."""


class UnsupportedError(CardrulesError, NotImplementedError):
    """
    Something the game does not offer: a position notation, records, dealing a round from a given
    deck, sampling hidden states or a learning encoding (a plug-in game may leave any of these out).

    Attributes:
        game: The game's registry name.
        message: What the game does not offer as a :class:`~cardrules.rules.Message`
            (:func:`cardrules.i18n.render` writes it in any language); ``None`` where it is plain English.
    """

    def __init__(self, message: str | Message, game: str) -> None:
        self.game = game
        super().__init__(str(message), message=None if isinstance(message, str) else message)


class InvalidActionError(CardrulesError, ValueError):
    """
    An action number outside an encoding's range, or steps that choose no legal move (the learning
    encodings of ``cardrules.rl``, which exports it too).
    """


class PluginError(CardrulesError):
    """
    A game plugin that could not be loaded; the message names its entry point and the cause. The
    registry keeps it as the reason the game is missing: :func:`cardrules.get_game` then raises
    :class:`UnknownOptionError` with its message, and ``cardrules games`` lists it.
    """


class SearchLimitError(CardrulesError, RuntimeError):
    """
    A search that would take more than its limit: :func:`cardrules.bots.solve` given a position too
    deep for its node budget. The message says how far it got and which limit stopped it.

    Attributes:
        nodes: The positions searched when the limit stopped it.
    """

    def __init__(self, message: str, nodes: int) -> None:
        self.nodes = nodes
        super().__init__(message)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
