"""Charlemagne's scoring: whether a contract is made, each hand's score and the match score."""

from __future__ import annotations

from typing import Final

from cardrules import _messages
from cardrules.charlemagne._state import SIDES, TRICKS, Contract, State
from cardrules.engine import RoundScore, Score, ScoreItem
from cardrules.rules import Message, Sentence

_SCORE_RULE: Final = {
    Contract.FIVE: "charlemagne.score.number",
    Contract.SIX: "charlemagne.score.number",
    Contract.SEVEN: "charlemagne.score.number",
    Contract.EIGHT: "charlemagne.score.number",
    Contract.MULOT: "charlemagne.score.mulot",
    Contract.CHARLEMAGNE: "charlemagne.score.charlemagne",
    Contract.GROS_MULOT: "charlemagne.score.gros-mulot",
    Contract.GROS_CHARLEMAGNE: "charlemagne.score.gros-charlemagne",
}


def _result(state: State, *, early: bool) -> bool | None:
    """Whether the contract is made, missed, or (``None``) not decided yet (charlemagne.hand.end)."""
    c, b = state.contract, state.bidder
    assert c is not None and b is not None
    ours, theirs = state.tricks[b % 2], state.tricks[1 - b % 2]
    if ours + theirs == TRICKS:
        early = True
    elif not early:
        return None
    if c.is_number:
        need = c.level + 5
        if ours >= need:
            return True if early else None
        return False if theirs > TRICKS - need else None
    if c.is_mulot:
        return False if ours else (True if ours + theirs == TRICKS else None)
    return False if theirs else (True if ours + theirs == TRICKS else None)


def _label(c: Contract, made: bool, ours: int) -> Message:
    """``bid 6 made (7 tricks to the bidder's team)``, ``Mulot missed (1 trick to the bidder's team)``."""
    if c.is_number and made:
        return Message.counted(
            "bid {contract} made ({count} trick to the bidder's team)",
            "bid {contract} made ({count} tricks to the bidder's team)",
            ours,
            contract=c.title,
        )
    if c.is_number:
        return Message.counted(
            "bid {contract} missed ({count} trick to the bidder's team)",
            "bid {contract} missed ({count} tricks to the bidder's team)",
            ours,
            contract=c.title,
        )
    if made:
        return Message.counted(
            "{contract} made ({count} trick to the bidder's team)",
            "{contract} made ({count} tricks to the bidder's team)",
            ours,
            contract=c.title,
        )
    return Message.counted(
        "{contract} missed ({count} trick to the bidder's team)",
        "{contract} missed ({count} tricks to the bidder's team)",
        ours,
        contract=c.title,
    )


_LABELS: Final = {
    (c, made, ours): Sentence(_label(c, made, ours))
    for c in Contract
    for made in (True, False)
    for ours in range(TRICKS + 1)
}
"""Every label of a hand's score, made once (scoring is on the hot path)."""


def _hand_score(state: State, made: bool | None) -> RoundScore:
    c, b = state.contract, state.bidder
    if c is None or b is None or made is None:
        return RoundScore(state.tricks, (0, 0), (), False)  # tally, points, items, complete
    side = b % 2 if made else 1 - b % 2
    value = c.points[0 if made else 1]
    ours = state.tricks[b % 2]
    points = (value, 0) if side == 0 else (0, value)
    return RoundScore(
        tally=state.tricks,
        points=points,
        items=(ScoreItem(side, _SCORE_RULE[c], _LABELS[c, made, ours], value),),
        complete=True,
    )


def score(state: State) -> Score:
    """
    The match score: points per side, the tricks of the hand in progress
    (or the last hand once the match is over), every completed hand, and the
    winner. Exactly one side scores in each completed hand.

    Rules: charlemagne.score.*, charlemagne.match.target

    Example:
        >>> charlemagne.score(charlemagne.new_game(seed=1)).match
        (0, 0)
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    current = state.rounds[-1] if state.winner is not None else _hand_score(state, None)
    return Score(SIDES, state.match, current, state.rounds, state.winner)  # sides, match, round, rounds, winner
