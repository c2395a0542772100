"""Charlemagne drawn as SVG for one seat: the bidding, the contract, the trick, your hand, the scores."""

from __future__ import annotations

from cardrules._kit import svg as _svg
from cardrules._kit.style import Style
from cardrules.cards import Card
from cardrules.charlemagne._legal import _sitting_out
from cardrules.charlemagne._state import Observation
from cardrules.charlemagne._view import bidding_lines

__all__ = ["picture"]


def _phase(phase: str, tr: Style) -> str:
    return {
        "bid": tr.pgettext("phase", "the bidding"),
        "source": tr.pgettext("phase", "the bidder chooses the kitty or the partner"),
        "give": tr.pgettext("phase", "the partner gives a card"),
        "discard": tr.pgettext("phase", "the bidder discards"),
        "trump": tr.pgettext("phase", "the bidder names trump"),
        "play": tr.pgettext("phase", "the play"),
    }[phase]


def _todo(phase: str, tr: Style) -> str:
    return {
        "bid": tr.gettext("bid or pass."),
        "source": tr.gettext("take the kitty or the partner's card."),
        "give": tr.gettext("give the bidder a card."),
        "discard": tr.gettext("discard a card."),
        "trump": tr.gettext("name trump."),
        "play": tr.gettext("play a card."),
    }[phase]


def _trick(leader: int, cards: tuple[Card, ...], out: int | None) -> tuple[_svg.Group, ...]:
    return _svg.trick(leader, cards, tuple(s for s in range(4) if s != out))


def _table(obs: Observation) -> _svg.Table:
    tr = _svg.words()  # the words in the picture's language (see cardrules._kit.svg.language)
    heading = [
        tr.gettext("Charlemagne, round {round}").format(round=obs.round_no + 1),
        tr.gettext("dealt by seat {dealer}; now {phase}").format(dealer=obs.dealer, phase=_phase(obs.phase, tr)),
    ]
    heading += bidding_lines(obs, tr)
    out = _sitting_out(obs.bidder, obs.contract)
    kitty = tr.ngettext("kitty: {count} card", "kitty: {count} cards", obs.kitty_count)
    heading.append(kitty.format(count=obs.kitty_count))
    zones = []
    for name, label, cards in (
        ("kitty", tr.pgettext("zone", "The kitty you took"), obs.kitty_taken),
        ("discards", tr.pgettext("zone", "Your discards"), obs.discards),
        ("out", tr.pgettext("zone", "Your cards out of play"), obs.out),
        ("open-hand", tr.pgettext("zone", "The bidder's open hand"), obs.open_hand or ()),
        ("passed", tr.pgettext("zone", "The card passed to the bidder"), () if obs.passed is None else (obs.passed,)),
    ):
        if cards:
            zones.append(_svg.Zone(name, label, (_svg.Group(cards),), spread=True))
    if obs.phase == "play":
        lead = tr.gettext("no card yet; seat {seat} leads").format(seat=obs.leader)
        zones.append(_svg.Zone("trick", tr.pgettext("zone", "Trick"), _trick(obs.leader, obs.trick, out), empty=lead))
    if obs.last_trick:
        last = _trick(obs.last_leader, obs.last_trick, out)
        zones.append(_svg.Zone("last-trick", tr.pgettext("zone", "Last trick"), last))
    todo = _todo(obs.phase, tr)
    return _svg.partners_table(obs, game="Charlemagne", heading=heading, zones=zones, todo=todo)


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see, in :func:`cardrules._kit.svg.language`."""
    return _svg.draw(_table(obs))
