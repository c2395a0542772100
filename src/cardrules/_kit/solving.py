"""The trick games' equivalent cards for the exact solver (:class:`~cardrules.engine.Solving`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from cardrules.cards import Card, Suit

__all__ = ["touching_classes"]

_M = TypeVar("_M")


def touching_classes(
    moves: Sequence[_M],
    card_of: Callable[[_M], Card],
    in_play: Iterable[Card],
    suit_of: Mapping[Card, Suit],
    strength: Mapping[Card, int],
    points: Callable[[Card], Any],
    first: Card | None = None,
) -> list[list[_M]]:
    """
    The card plays *moves* grouped in classes of touching cards: two cards are in one class when
    they follow the same suit (*suit_of*), are worth the same (*points*), and no card still in play
    (*in_play*: every hand and the trick in progress) lies between them in *strength*. A card whose
    play the rules treat apart (a joker, a 7 under a rule of its own) must be given *points* of its
    own, so that it stays alone. The class of *first* (the greedy card) comes first, then the
    others from the strongest card down, trumps and plain suits alike.
    """
    if len(moves) == 1:
        return [list(moves)]
    by_suit: dict[Suit, list[_M]] = {}
    for move in moves:
        by_suit.setdefault(suit_of[card_of(move)], []).append(move)
    shared = {suit for suit, group in by_suit.items() if len(group) > 1}
    live: dict[Suit, list[int]] = {suit: [] for suit in shared}
    for card in in_play:
        levels = live.get(suit_of[card])
        if levels is not None:
            levels.append(strength[card])
    classes: list[list[_M]] = []
    for suit, group in by_suit.items():
        if suit not in shared:
            classes.append(group)
            continue
        group.sort(key=lambda m: -strength[card_of(m)])
        levels = live[suit]
        current = [group[0]]
        for move in group[1:]:
            high, low = strength[card_of(current[-1])], strength[card_of(move)]
            between = any(low < level < high for level in levels)
            if between or points(card_of(move)) != points(card_of(current[-1])):
                classes.append(current)
                current = [move]
            else:
                current.append(move)
        classes.append(current)

    def order(cls: list[_M]) -> tuple[bool, int]:
        cards = [card_of(m) for m in cls]
        return (first not in cards, -strength[cards[0]])

    classes.sort(key=order)
    return classes
