"""Mililla's scoring: card and trick points, the turn-up bonus, the match."""

from __future__ import annotations

from typing import Final

from cardrules import _messages
from cardrules.engine import RoundScore, Score, ScoreItem
from cardrules.mililla._cards import _CARD_POINTS
from cardrules.mililla._ruleset import SIDES, TARGET
from cardrules.mililla._state import State
from cardrules.rules import Message, Sentence

# The labels of the score items, in English and as messages (made once: scoring is on the hot path).
_CARD_POINTS_LABEL: Final = Sentence(Message("card points"))
_TRICKS_LABEL: Final = Sentence(Message("a point per trick"))
_TURN_UP_LABEL: Final = Sentence(Message("turn-up bonus"))
_ROUND_LABEL: Final = Sentence(Message("round points minus 35"))
_HELD_LABEL: Final = Sentence(Message("held turn-up bonus"))


def _card_points(state: State) -> tuple[int, int]:
    """The card points each side has won in tricks this round (mililla.points.cards)."""
    points = _CARD_POINTS.__getitem__
    return sum(map(points, state.won[0])), sum(map(points, state.won[1]))


def _running(state: State, complete: bool) -> RoundScore:
    cards = _card_points(state)
    tally = (cards[0] + state.tricks[0], cards[1] + state.tricks[1])
    items: list[ScoreItem] = []
    for side in (0, 1):
        items.append(ScoreItem(side, "mililla.points.cards", _CARD_POINTS_LABEL, cards[side]))
        items.append(ScoreItem(side, "mililla.points.tricks", _TRICKS_LABEL, state.tricks[side]))
    points = [0, 0]
    dealer_side = state.dealer % 2
    if state.deal_bonus:
        items.append(ScoreItem(dealer_side, "mililla.bonus.turn-up", _TURN_UP_LABEL, state.deal_bonus))
        points[dealer_side] += state.deal_bonus
    if complete:
        for side in (0, 1):
            if tally[side] > TARGET:
                items.append(ScoreItem(side, "mililla.round.score", _ROUND_LABEL, tally[side] - TARGET))
                points[side] += tally[side] - TARGET
        if state.held_bonus and (state.rules.held_bonus == "always" or tally == (TARGET, TARGET)):
            items.append(ScoreItem(dealer_side, "mililla.bonus.held", _HELD_LABEL, state.held_bonus))
            points[dealer_side] += state.held_bonus
    return RoundScore(tally=tally, points=(points[0], points[1]), items=tuple(items), complete=complete)


def score(state: State) -> Score:
    """
    The match score: points per side, the running tally of the round in
    progress (or the last round once the match is over), every completed
    round, and the winner.

    Rules: mililla.points.cards, mililla.points.tricks, mililla.round.score, mililla.bonus.turn-up
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    current = state.rounds[-1] if state.winner is not None else _running(state, complete=False)
    return Score(sides=SIDES, match=state.match, round=current, rounds=state.rounds, winner=state.winner)
