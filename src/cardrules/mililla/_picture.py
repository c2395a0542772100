"""Mililla drawn as SVG for one seat: the trump, the trick, the hands' sizes, your hand, the scores."""

from __future__ import annotations

from cardrules._kit import svg as _svg
from cardrules.mililla._state import Observation

__all__ = ["picture"]


def _table(obs: Observation) -> _svg.Table:
    tr = _svg.words()  # the words in the picture's language (see cardrules._kit.svg.language)
    suit = tr.suit(obs.turn_up.suit)
    if obs.turn_up_in_hand:
        trump = tr.gettext("Trump: {suit} (turn-up, still in the dealer's hand)")
    else:
        trump = tr.gettext("Trump: {suit} (turn-up)")
    zones = [
        _svg.Zone("turn-up", trump.format(suit=suit), (_svg.Group((obs.turn_up,)),)),
        _svg.Zone(
            "trick",
            tr.pgettext("zone", "Trick"),
            _svg.trick(obs.trick_leader, obs.trick),
            empty=tr.gettext("no card yet; seat {seat} leads").format(seat=obs.trick_leader),
        ),
    ]
    if obs.last_trick:
        last = _svg.trick(obs.last_leader, obs.last_trick)
        zones.append(_svg.Zone("last-trick", tr.pgettext("zone", "Last trick"), last))
    heading = (
        tr.gettext("Mililla, round {round}").format(round=obs.round_no + 1),
        tr.gettext("dealt by seat {dealer}; {suit} are trump").format(dealer=obs.dealer, suit=suit),
    )
    # Mililla is played counter-clockwise: the next seat in turn sits on your right.
    todo = tr.gettext("play a card.")
    return _svg.partners_table(obs, game="Mililla", heading=heading, zones=zones, todo=todo, next_on="right")


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see, in :func:`cardrules._kit.svg.language`."""
    return _svg.draw(_table(obs))
