"""Charlemagne as terminal text: what one seat sees, one line per thing on the table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from cardrules._kit.style import Style, first_moves, labelled_text, trick_lines, trick_reason
from cardrules.charlemagne._cards import PACK, _trick_winner
from cardrules.charlemagne._legal import _sitting_out, _trick_seats
from cardrules.charlemagne._ruleset import CharlemagneRuleset
from cardrules.charlemagne._state import SEATS, Observation, Play
from cardrules.engine import LastRole
from cardrules.rules import Message, Sentence

__all__ = ["deal_text", "display", "explain", "help_text", "hint_events", "last_events", "move_list", "view"]

hint_events: Final = frozenset({"bid", "contract", "pass", "play", "trick", "trump"})
"""The events a hint may describe: what the move itself shows the table, nothing dealt after it."""
last_events: Final[Mapping[str, LastRole]] = {"play": "add", "trick": "close"}
"""What the terminal's ``last`` command keeps: the cards of the trick, then who took it."""


move_list = first_moves
"""The moves the terminal numbers: the first ones, in the legal moves' order."""


def _phase(phase: str, style: Style) -> str:
    """The phase of a round in words."""
    words = {
        "bid": style.pgettext("phase", "bid"),
        "source": style.pgettext("phase", "source"),
        "give": style.pgettext("phase", "give"),
        "discard": style.pgettext("phase", "discard"),
        "trump": style.pgettext("phase", "trump"),
        "play": style.pgettext("phase", "play"),
    }
    return words.get(phase, phase)


def bidding_lines(obs: Observation, style: Style) -> list[str]:
    """
    The bidding so far, each call by its seat, and the contract it made with its bidder and trump,
    in words (the table and its picture say them alike).
    """
    lines = []
    if obs.calls:
        one = style.gettext("seat {seat} {card}")
        calls = [
            one.format(seat=(obs.dealer + 1 + i) % 4, card=style.gettext("pass") if c is None else c.value)
            for i, c in enumerate(obs.calls)
        ]
        lines.append(style.gettext("bidding: {calls}").format(calls=style.pgettext("list", ", ").join(calls)))
    if obs.contract is None or obs.bidder is None:
        return lines
    if obs.contract.is_number:
        name = style.gettext("a bid of {bid}").format(bid=obs.contract.value)
    else:
        name = obs.contract.title
    if obs.trump is not None:
        text = style.gettext("contract: {contract} by seat {seat}; {suit} are trump")
    else:
        text = style.gettext("contract: {contract} by seat {seat}")
    suit = "" if obs.trump is None else style.suit(obs.trump)
    lines.append(text.format(contract=name, seat=obs.bidder, suit=suit))
    return lines


def view(obs: Observation, style: Style) -> list[str]:
    phase = _phase(obs.phase, style)
    lines = [style.gettext("round {round}, dealt by seat {dealer}; now: {phase}").format(
        round=obs.round_no + 1, dealer=obs.dealer, phase=phase
    )]  # fmt: skip
    comma = style.pgettext("list", ", ")
    lines += bidding_lines(obs, style)
    out = _sitting_out(obs.bidder, obs.contract)
    lines.append(style.gettext("tricks this round: seats 0+2 {first}, seats 1+3 {second}").format(
        first=obs.tricks[0], second=obs.tricks[1]
    ))  # fmt: skip
    counts = comma.join(
        style.gettext("seat {seat} {count}").format(seat=s, count=n) for s, n in enumerate(obs.hand_counts)
    )
    lines.append(style.gettext("cards in hand: {counts}").format(counts=counts))
    for label, cards in (
        (style.gettext("kitty you took: {cards}"), obs.kitty_taken),
        (style.gettext("your discards: {cards}"), obs.discards),
        (style.gettext("your cards out of play: {cards}"), obs.out),
        (style.gettext("the bidder's open hand: {cards}"), obs.open_hand or ()),
    ):
        if cards:
            lines.append(label.format(cards=style.cards(cards)))
    if obs.passed is not None:
        lines.append(style.gettext("card passed to the bidder: {card}").format(card=style.card(obs.passed)))
    playing = obs.phase == "play"
    lines += trick_lines(style, obs.leader, obs.trick, obs.last_leader, obs.last_trick, playing=playing, skip=out)
    lines.append(style.bold(style.gettext("your hand: ")) + style.cards(obs.hand))
    return lines


def help_text(rules: CharlemagneRuleset, style: Style | None = None) -> list[str]:
    """What a newcomer needs at the table: the notation and the card values (the table adds where the rules are)."""
    tr = style or Style()
    return [
        tr.gettext("Cards: rank then suit, 7S 10H JD (S spades, H hearts, D diamonds, C clubs);"),
        tr.gettext("  BJ and LJ are the Big and the Little joker."),
        tr.gettext("Bidding, once round from the dealer's left: pass, bid 5 .. bid 8, bid mulot,"),
        tr.gettext("  bid charlemagne, bid gros mulot (bid gm), bid gros charlemagne (bid gc)."),
        tr.gettext("Then, as the contract asks: source kitty or source partner, give 9C,"),
        tr.gettext("  discard 7S, trump H; then play a card: 7S."),
        tr.gettext("Trumps, high to low: BJ, LJ, the jack of trump, the other jack of its"),
        tr.gettext("  colour, then A K Q 10 9 8 7 of the trump suit."),
        tr.gettext("A number bid is made with that many of the 8 tricks, and scores the bid;"),
        tr.gettext("  missed, the opponents score it."),
    ]


def deal_text(obs: Observation, style: Style) -> list[str]:
    """The deal announced: the dealer, and who bids first."""
    text = style.gettext("round {round}: seat {dealer} deals 8 cards each and 2 to the kitty; seat {first} bids first")
    return [text.format(round=obs.round_no + 1, dealer=obs.dealer, first=(obs.dealer + 1) % 4)]


_TRUMP: Final = re.compile(r"\btrump ([SHDC])\b")
_SUIT_SYMBOL: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def display(text: str) -> str:
    """A move's or an event's text for a screen: cards with suit symbols (``10♥``), and ``trump ♥`` for ``trump H``."""
    text = labelled_text(text, PACK)
    return _TRUMP.sub(lambda m: "trump " + _SUIT_SYMBOL[m.group(1)], text)


def explain(obs: Observation, move: Any) -> tuple[str, ...]:
    """
    What a seat sees in playing *move*, for a hint: whether it wins the trick so far or leaves it
    (the last card's trick is told by its event), and the trumps it keeps for later.
    """
    if not isinstance(move, Play):
        return ()
    card = move.card
    out = []
    seats = _trick_seats(obs.leader, _sitting_out(obs.bidder, obs.contract))
    if 0 < len(obs.trick) < len(seats) - 1:
        winner = seats[_trick_winner((*obs.trick, card), obs.trump)]
        out.append(
            trick_reason(
                obs.seat,
                winner,
                (obs.seat + 2) % SEATS,
                Message.counted("{count} card in it so far", "{count} cards in it so far", len(obs.trick) + 1),
            )
        )
    trumps = [c for c in obs.hand if c != card and obs.trump is not None and c.suit is obs.trump]
    if trumps and card.suit is not obs.trump:
        trump = Message.counted("{count} trump", "{count} trumps", len(trumps))
        out.append(Sentence(Message("it keeps {trumps} for later", trumps=trump)))
    return tuple(out)
