"""What one seat may see of a Mulle match: :func:`observe`."""

from __future__ import annotations

from cardrules.mulle._legal import to_move
from cardrules.mulle._state import Observation, State


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see: its own hand, the other hands' and the stock's
    sizes, the table and builds, the round's plays, the captured piles'
    sizes and the scores. Never another hand, the stock, or the seed.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.rules.players:
        raise ValueError(f"seat must be 0 to {state.rules.players - 1}, not {seat!r}")
    return Observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        dealer=state.dealer,
        deal_no=state.deal_no,
        to_move=to_move(state),
        hand=state.hands[seat],
        hand_counts=tuple(len(h) for h in state.hands),
        stock_count=len(state.stock),
        table=state.table,
        builds=state.builds,
        captured_counts=tuple(len(p) for p in state.captured),
        tabbes=state.tabbes,
        mulles=state.mulles,
        last_capture=state.last_capture,
        history=state.history,
        sides=state.rules.sides,
        match=state.match,
        rounds=state.rounds,
        winner=state.winner,
    )
