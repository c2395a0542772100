"""Hand-built Mililla positions for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules import Card, mililla
from cardrules.cards import parse_cards
from cardrules.mililla import PACK as MILILLA_PACK


def cards(text: str) -> tuple[Card, ...]:
    """Spanish cards from text such as ``"7O KB"``."""
    return parse_cards(text, MILILLA_PACK)


def card(text: str) -> Card:
    """One Spanish card."""
    return MILILLA_PACK.parse(text)


def position(
    hands: Sequence[str],
    *,
    turn_up: str,
    dealer: int = 3,
    trick: str = "",
    leader: int | None = None,
    led: str = "",
    won: tuple[str, str] | None = None,
    tricks: tuple[int, int] | None = None,
    match: tuple[int, int] = (0, 0),
    held_bonus: int = 0,
    rules: mililla.MilillaRuleset = mililla.STANDARD,
) -> mililla.State:
    """
    A state with the given hands (and trick); the rest of the pack is put in
    the won piles so that the cards are conserved, unless *won* is given.
    """
    hand_cards = [cards(h) for h in hands]
    in_trick = cards(trick)
    base = mililla.new_game(rules, seed=0, dealer=dealer)
    used = [c for h in hand_cards for c in h] + list(in_trick)
    if won is None:
        rest = [c for c in MILILLA_PACK.cards if c not in used]
        n = len(rest) // 4
        split = (n // 2 + n % 2) * 4
        won_cards = (tuple(rest[:split]), tuple(rest[split:]))
    else:
        won_cards = (cards(won[0]), cards(won[1]))
    if tricks is None:
        tricks = (len(won_cards[0]) // 4, len(won_cards[1]) // 4)
    return attrs.evolve(
        base,
        hands=tuple(mililla._cards._sorted_hand(h) for h in hand_cards),
        turn_up=card(turn_up),
        trick=in_trick,
        trick_leader=(dealer + 1) % 4 if leader is None else leader,
        led=frozenset(c.suit for c in cards(led)),
        won=won_cards,
        tricks=tricks,
        match=match,
        deal_bonus=0,
        held_bonus=held_bonus,
    )


def plays(state: mililla.State) -> list[str]:
    """The legal moves as card texts."""
    return [str(m.card) for m in mililla.legal_moves(state)]
