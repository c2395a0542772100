"""The events the trick games share, built one way: a card played and a trick won (see :class:`~cardrules.Event`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card
from cardrules.engine import Event

__all__ = ["played", "trick_won"]


def played(rule: str, seat: int | None, card: Card) -> Event:
    """``seat 1 plays 7O``: the event of a card played to a trick."""
    return Event("play", rule, seat, (card,), 0, f"seat {seat} plays {card}")


def trick_won(rule: str, winner: int, trick: Sequence[Card], points: int = 0, worth: str = "") -> Event:
    """``seat 2 wins the trick``, with what it is *worth* in words when the game counts trick points."""
    text = f"seat {winner} wins the trick" + (f" ({worth})" if worth else "")
    return Event("trick", rule, winner, tuple(trick), points, text)
