"""Mililla's rules of thumb: win tricks worth points cheaply, feed a partner who is sure to win, lead masters."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from cardrules.cards import SPANISH_PACK, Card, Suit
from cardrules.engine import Heuristic, LegalMoves
from cardrules.mililla._cards import _CARD_POINTS, _STRENGTH
from cardrules.mililla._legal import _PLAYS, _trick_winner
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation, Play, State

_ALL: Final = frozenset(SPANISH_PACK.cards)


def _unseen(obs: Observation) -> frozenset[Card]:
    """Cards that may be in another seat's hand: not in ours, not played, not the held turn-up's owner's."""
    return _ALL.difference(obs.hand, obs.trick, obs.won[0], obs.won[1])


def _is_master(card: Card, unseen: Iterable[Card], trump: Suit, strength: Mapping[Card, int]) -> bool:
    """No unseen card can beat *card*: none stronger in its suit, and no unseen trump if it is not one."""
    for c in unseen:
        if c.suit is card.suit and strength[c] > strength[card]:
            return False
        if card.suit is not trump and c.suit is trump:
            return False
    return True


def _cheapest(cards: Sequence[Card], strength: Mapping[Card, int], trump: Suit) -> Card:
    """The card worth least to lose: fewest points, not a trump, weakest."""
    return min(cards, key=lambda c: (_CARD_POINTS[c], c.suit is trump, strength[c]))


def _richest(cards: Sequence[Card], strength: Mapping[Card, int], trump: Suit) -> Card:
    """The card that brings most points to a trick we will win, keeping trumps and strength."""
    return max(cards, key=lambda c: (_CARD_POINTS[c], c.suit is not trump, -strength[c]))


def choose(obs: Observation, legal_moves: LegalMoves[Play], rng: random.Random) -> Play:
    """The greedy Mililla move (the legal moves' own Play objects, which ``apply`` takes without a second check)."""
    cards = [m.card for m in legal_moves]
    if len(cards) == 1:
        return legal_moves[0]
    strength = _STRENGTH[obs.rules.rank_order]
    trump = obs.trump
    unseen = _unseen(obs)
    trick = obs.trick
    if not trick:
        masters = [c for c in cards if c.suit is not trump and _is_master(c, unseen, trump, strength)]
        if masters:
            return _PLAYS[_richest(masters, strength, trump)]
        side_cards = [c for c in cards if c.suit is not trump] or cards
        return _PLAYS[_cheapest(side_cards, strength, trump)]
    seat = obs.seat
    last = len(trick) == SEATS - 1
    w = _trick_winner(trick, trump, strength)
    partner_winning = (obs.trick_leader + w) % 2 == seat % 2
    winners = [c for c in cards if _trick_winner((*trick, c), trump, strength) == len(trick)]
    if partner_winning:
        # The partner's card stands if no seat still to play can beat it.
        if last or _is_master(trick[w], unseen, trump, strength):
            return _PLAYS[_richest(cards, strength, trump)]
        return _PLAYS[_cheapest(cards, strength, trump)]
    if winners:
        if last:
            return _PLAYS[_richest(winners, strength, trump)]
        sure = [c for c in winners if _is_master(c, unseen, trump, strength)]
        if sure:
            return _PLAYS[_richest(sure, strength, trump)]
        if sum(_CARD_POINTS[c] for c in trick) >= 3:
            return _PLAYS[max(winners, key=lambda c: (strength[c], -_CARD_POINTS[c]))]
    return _PLAYS[_cheapest(cards, strength, trump)]


def value(state: State, side: int) -> float:
    """The share of the round's 70 points *side* took (the last completed round), from 0 to 1."""
    tally = state.rounds[-1].tally
    return tally[side] / max(1, sum(tally))


HEURISTIC: Final = Heuristic(choose=choose, value=value)
