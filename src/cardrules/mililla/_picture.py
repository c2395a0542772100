"""Mililla drawn as SVG for one seat: the trump, the trick, the hands' sizes, your hand, the scores."""

from __future__ import annotations

from cardrules._kit import svg as _svg
from cardrules.mililla._state import Observation

__all__ = ["picture"]


def _table(obs: Observation) -> _svg.Table:
    held = ", still in the dealer's hand" if obs.turn_up_in_hand else ""
    zones = [
        _svg.Zone("turn-up", f"Trump: {obs.turn_up.suit.value} (turn-up{held})", (_svg.Group((obs.turn_up,)),)),
        _svg.Zone(
            "trick",
            "Trick",
            _svg.trick(obs.trick_leader, obs.trick),
            empty=f"no card yet; seat {obs.trick_leader} leads",
        ),
    ]
    if obs.last_trick:
        zones.append(_svg.Zone("last-trick", "Last trick", _svg.trick(obs.last_leader, obs.last_trick)))
    heading = (f"Mililla, round {obs.round_no + 1}", f"dealt by seat {obs.dealer}; {obs.turn_up.suit.value} are trump")
    # Mililla is played counter-clockwise: the next seat in turn sits on your right.
    return _svg.partners_table(obs, game="Mililla", heading=heading, zones=zones, todo="play a card.", next_on="right")


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see."""
    return _svg.draw(_table(obs))
