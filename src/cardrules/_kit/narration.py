"""
The events the games share, built one way: an event from its message, a card played and a trick won
(see :class:`~cardrules.Event`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from cardrules.cards import Card
from cardrules.engine import Event
from cardrules.rules import Message

__all__ = ["event", "match_or_deal", "played", "trick_won"]


def event(kind: str, rule: str, seat: int | None, cards: tuple[Card, ...], points: int, message: Message) -> Event:
    """An :class:`~cardrules.Event` told by *message* (its text is the message in English)."""
    return Event(kind, rule, seat, cards, points, str(message), message)


def played(rule: str, seat: int | None, card: Card) -> Event:
    """``seat 1 plays 7O``: the event of a card played to a trick."""
    return event("play", rule, seat, (card,), 0, Message("seat {seat} plays {card}", seat=seat, card=card))


def trick_won(rule: str, winner: int, trick: Sequence[Card], points: int = 0, worth: Message | None = None) -> Event:
    """``seat 2 wins the trick``, with what it is *worth* in words when the game counts trick points."""
    if worth is None:
        message = Message("seat {seat} wins the trick", seat=winner)
    else:
        message = Message("seat {seat} wins the trick ({worth})", seat=winner, worth=worth)
    return event("trick", rule, winner, tuple(trick), points, message)


class _Scored(Protocol):
    """A state whose round has just been scored: the match points, and the winner once the match is over."""

    @property
    def winner(self) -> int | None: ...

    @property
    def match(self) -> tuple[int, int]: ...


_S = TypeVar("_S", bound=_Scored)


def match_or_deal(
    rule: str, after: _S, sides: Sequence[Sequence[int]], deal_events: Callable[[_S], tuple[Event, ...]]
) -> tuple[Event, ...]:
    """
    What closes a scored round between two sides of two seats: the match won under *rule*
    (``seats 0 and 2 win the match 35 to 28``) when *after* has a winner, else the next deal's
    *deal_events*.
    """
    winner = after.winner
    if winner is None:
        return deal_events(after)
    message = Message(
        "seats {seat} and {partner} win the match {points} to {other}",
        seat=sides[winner][0],
        partner=sides[winner][1],
        points=after.match[winner],
        other=after.match[1 - winner],
    )
    return (event("match", rule, None, (), 0, message),)
