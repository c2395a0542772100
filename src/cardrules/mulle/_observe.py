"""What one seat may see of a Mulle match: :func:`observe`."""

from __future__ import annotations

from typing import Final

from cardrules import _common, _messages
from cardrules._kit.fast import fast_constructor
from cardrules.mulle._state import Observation, State

_make_observation: Final = fast_constructor(Observation)
"""``Observation(...)`` by keyword, for the fields taken from a state as they are (see ``_kit.fast``)."""


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see: its own hand, the other hands' and the stock's
    sizes, the table and builds, the round's plays, the captured piles'
    sizes and the scores. Never another hand, the stock, or the seed.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    rules = state.rules
    _common.check_seat(seat, rules.players)
    hands = state.hands
    winner = state.winner
    sides = rules.sides
    return _make_observation(
        seat=seat,
        rules=rules,
        round_no=state.round_no,
        dealer=state.dealer,
        deal_no=state.deal_no,
        to_move=None if winner is not None else state.to_play,
        hand=hands[seat],
        hand_counts=tuple(map(len, hands)),
        stock_count=len(state.stock),
        table=state.table,
        builds=state.builds,
        captured_counts=tuple(map(len, state.captured)),
        tabbes=state.tabbes,
        mulles=state.mulles,
        last_capture=state.last_capture,
        history=state.history,
        sides=sides,
        match=state.match,
        rounds=state.rounds,
        winner=winner,
        start=state.start,
    )
