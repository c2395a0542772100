"""What one seat may see of a Mulle match: :func:`observe`."""

from __future__ import annotations

from typing import Final

from cardrules import _common, _messages
from cardrules.mulle._state import Observation, State

_make_observation: Final = _common.unchecked_constructor(Observation)
"""``Observation(...)`` with the same arguments, for the fields taken from a state as they are."""


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
        seat,
        rules,
        state.round_no,
        state.dealer,
        state.deal_no,
        None if winner is not None else state.to_play,  # to_move(state)
        hands[seat],
        tuple(map(len, hands)),
        len(state.stock),
        state.table,
        state.builds,
        tuple(map(len, state.captured)),
        state.tabbes,
        state.mulles,
        state.last_capture,
        state.history,
        sides,
        state.match,
        state.rounds,
        winner,
        state.start,
    )
