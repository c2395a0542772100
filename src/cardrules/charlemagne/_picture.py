"""Charlemagne drawn as SVG for one seat: the bidding, the contract, the trick, your hand, the scores."""

from __future__ import annotations

from typing import Final

from cardrules._kit import svg as _svg
from cardrules.cards import Card
from cardrules.charlemagne._state import Observation

__all__ = ["picture"]

_PHASE: Final = {
    "bid": "the bidding",
    "source": "the bidder chooses the kitty or the partner",
    "give": "the partner gives a card",
    "discard": "the bidder discards",
    "trump": "the bidder names trump",
    "play": "the play",
}

_TODO: Final = {
    "bid": "bid or pass.",
    "source": "take the kitty or the partner's card.",
    "give": "give the bidder a card.",
    "discard": "discard a card.",
    "trump": "name trump.",
    "play": "play a card.",
}


def _trick(leader: int, cards: tuple[Card, ...], out: int | None) -> tuple[_svg.Group, ...]:
    return _svg.trick(leader, cards, tuple(s for s in range(4) if s != out))


def _table(obs: Observation) -> _svg.Table:
    heading = [f"Charlemagne, round {obs.round_no + 1}", f"dealt by seat {obs.dealer}; now {_PHASE[obs.phase]}"]
    if obs.calls:
        calls = [
            f"seat {(obs.dealer + 1 + i) % 4} " + ("pass" if c is None else c.value) for i, c in enumerate(obs.calls)
        ]
        heading.append("bidding: " + ", ".join(calls))
    out: int | None = None
    if obs.contract is not None and obs.bidder is not None:
        trump = f"; {obs.trump.value} are trump" if obs.trump is not None else ""
        name = f"a bid of {obs.contract.value}" if obs.contract.is_number else obs.contract.title
        heading.append(f"contract: {name} by seat {obs.bidder}{trump}")
        out = (obs.bidder + 2) % 4 if obs.contract.is_solo else None
    heading.append(f"kitty: {obs.kitty_count} cards")
    zones = []
    for name, label, cards in (
        ("kitty", "The kitty you took", obs.kitty_taken),
        ("discards", "Your discards", obs.discards),
        ("out", "Your cards out of play", obs.out),
        ("open-hand", "The bidder's open hand", obs.open_hand or ()),
        ("passed", "The card passed to the bidder", () if obs.passed is None else (obs.passed,)),
    ):
        if cards:
            zones.append(_svg.Zone(name, label, (_svg.Group(cards),), spread=True))
    if obs.phase == "play":
        lead = f"no card yet; seat {obs.leader} leads"
        zones.append(_svg.Zone("trick", "Trick", _trick(obs.leader, obs.trick, out), empty=lead))
    if obs.last_trick:
        zones.append(_svg.Zone("last-trick", "Last trick", _trick(obs.last_leader, obs.last_trick, out)))
    return _svg.partners_table(obs, game="Charlemagne", heading=heading, zones=zones, todo=_TODO[obs.phase])


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see."""
    return _svg.draw(_table(obs))
