"""What one Mililla seat may see."""

from __future__ import annotations

from cardrules import _common, _messages
from cardrules.mililla._legal import to_move
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Observation, State, _make_observation


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see: its own hand, the other hands' sizes, the turn-up
    card (and whether the dealer still holds it), the trick, the round's
    completed tricks with their leaders (``history``), the cards won, and
    the scores. Never another hand, the seed or the undealt decks.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    _common.check_seat(seat, SEATS)
    h = state.hands
    return _make_observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        dealer=state.dealer,
        to_move=to_move(state),
        hand=h[seat],
        hand_counts=(len(h[0]), len(h[1]), len(h[2]), len(h[3])),
        turn_up=state.turn_up,
        turn_up_in_hand=state.turn_up in h[state.dealer],
        trick_leader=state.trick_leader,
        trick=state.trick,
        led=state.led,
        won=state.won,
        tricks=state.tricks,
        last_trick=state.last_trick,
        last_leader=state.last_leader,
        match=state.match,
        deal_bonus=state.deal_bonus,
        held_bonus=state.held_bonus,
        rounds=state.rounds,
        winner=state.winner,
        history=state.history,
    )
