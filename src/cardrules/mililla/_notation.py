"""Mililla moves as text."""

from __future__ import annotations

from cardrules import _messages
from cardrules.errors import (
    InvalidNotationError,
)
from cardrules.mililla._cards import PACK
from cardrules.mililla._legal import _PLAYS, check_move, legal_moves, to_move
from cardrules.mililla._state import Play, State
from cardrules.rules import Message


def parse_move(state: State, text: str) -> Play:
    """
    Read a move: a card's text (``7O``, ``10``-less Spanish ranks ``A 2-7 J H K``,
    suits ``O C E B``), optionally after the word ``play``.

    Raises:
        InvalidNotationError: If *text* is not a card of the Spanish pack.
        IllegalMoveError: If that card may not be played now.
        WrongKindError: If *state* is not a Mililla state.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    move = parse_canonical(text)
    if move not in legal_moves(state):  # the legal moves stay with the state: apply does not check again
        violation = check_move(state, move)
        assert violation is not None
        raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return move


def parse_canonical(text: str) -> Play:
    """Read a move without a position: the card's text, such as ``7O``."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    words = text.split()
    if len(words) == 2 and words[0].lower() == "play":
        words = words[1:]
    if len(words) != 1:
        said = Message(
            "{text} is not a Mililla move; write the card to play, such as {example}",
            text=_messages.value(text),
            example="'7O'",
        )
        raise _messages.said(InvalidNotationError, said)
    return _PLAYS[PACK.parse(words[0])]


def format_move(state: State, move: Play) -> str:
    """
    The move's notation: the card's text.

    Raises:
        WrongKindError: If *state* is not a Mililla state or *move* not a Mililla move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    return format_canonical(move)


def format_canonical(move: Play) -> str:
    """
    The move's context-free notation, the same as :func:`format_move`'s.

    Raises:
        WrongKindError: If *move* is not a Mililla move.
    """
    if not isinstance(move, Play):
        raise _messages.wrong_move("Mililla", move)
    return str(move.card)
