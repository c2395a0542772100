"""Mililla drawn as SVG for one seat: the trump, the trick, the hands' sizes, your hand, the scores."""

from __future__ import annotations

from cardrules import _svg
from cardrules.cards import Card
from cardrules.mililla._state import Observation

__all__ = ["picture"]


def _trick(leader: int, cards: tuple[Card, ...]) -> tuple[_svg.Group, ...]:
    return tuple(_svg.Group((c,), f"seat {(leader + i) % 4}") for i, c in enumerate(cards))


def _table(obs: Observation) -> _svg.Table:
    held = ", still in the dealer's hand" if obs.turn_up_in_hand else ""
    you = obs.seat % 2
    if obs.winner is not None:
        status = f"The match is over: seats {obs.winner}+{obs.winner + 2} won."
    elif obs.to_move == obs.seat:
        status = "Your turn: play a card."
    else:
        status = f"Seat {obs.to_move} to play."
    zones = [
        _svg.Zone("turn-up", f"Trump: {obs.turn_up.suit.value} (turn-up{held})", (_svg.Group((obs.turn_up,)),)),
        _svg.Zone(
            "trick", "Trick", _trick(obs.trick_leader, obs.trick), empty=f"no card yet; seat {obs.trick_leader} leads"
        ),
    ]
    if obs.last_trick:
        zones.append(_svg.Zone("last-trick", "Last trick", _trick(obs.last_leader, obs.last_trick)))
    return _svg.Table(
        title=f"Mililla table seen by seat {obs.seat}",
        heading=(
            f"Mililla, round {obs.round_no + 1}",
            f"dealt by seat {obs.dealer}; {obs.turn_up.suit.value} are trump",
        ),
        seats=tuple(
            _svg.Seat(f"seat {s}", n, to_move=s == obs.to_move, you=s == obs.seat)
            for s, n in enumerate(obs.hand_counts)
        ),
        zones=tuple(zones),
        hand=obs.hand,
        hand_label="Your hand" if len(obs.hand) == obs.hand_counts[obs.seat] else "Your hand (not shown)",
        scores=tuple(
            f"seats {side}+{side + 2}{' (you)' if side == you else ''}: {obs.match[side]} points; "
            f"this round {obs.tricks[side]} tricks"
            for side in (0, 1)
        ),
        status=status,
    )


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see."""
    return _svg.draw(_table(obs))
