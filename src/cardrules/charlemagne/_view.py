"""Charlemagne as terminal text: what one seat sees, one line per thing on the table."""

from __future__ import annotations

import re
from typing import Any, Final

from cardrules._kit.style import Style, first_moves, labelled_text, trick_reason
from cardrules.charlemagne._cards import PACK, _trick_winner
from cardrules.charlemagne._legal import _SOLO, _trick_seats
from cardrules.charlemagne._ruleset import CharlemagneRuleset
from cardrules.charlemagne._state import SEATS, Observation, Play
from cardrules.rules import Message, Sentence

__all__ = ["deal_text", "display", "explain", "help_text", "hint_events", "move_list", "view"]

hint_events: Final = frozenset({"bid", "pass", "play", "trick", "trump"})
"""The events a hint may describe: what the move itself shows the table, nothing dealt after it."""

move_list = first_moves
"""The moves the terminal numbers: the first ones, in the legal moves' order."""


def view(obs: Observation, style: Style) -> list[str]:
    lines = [f"round {obs.round_no + 1}, dealt by seat {obs.dealer}; now: {obs.phase}"]
    if obs.calls:
        calls = [
            f"seat {(obs.dealer + 1 + i) % 4} " + ("pass" if c is None else c.value) for i, c in enumerate(obs.calls)
        ]
        lines.append("bidding: " + ", ".join(calls))
    out: int | None = None
    if obs.contract is not None and obs.bidder is not None:
        trump = f"; {obs.trump.value} are trump" if obs.trump is not None else ""
        name = f"a bid of {obs.contract.value}" if obs.contract.is_number else obs.contract.title
        lines.append(f"contract: {name} by seat {obs.bidder}{trump}")
        out = (obs.bidder + 2) % 4 if obs.contract.is_solo else None
    lines.append(f"tricks this round: seats 0+2 {obs.tricks[0]}, seats 1+3 {obs.tricks[1]}")
    lines.append("cards in hand: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(obs.hand_counts)))
    for label, cards in (
        ("kitty you took", obs.kitty_taken),
        ("your discards", obs.discards),
        ("your cards out of play", obs.out),
        ("the bidder's open hand", obs.open_hand or ()),
    ):
        if cards:
            lines.append(f"{label}: {style.cards(cards)}")
    if obs.passed is not None:
        lines.append(f"card passed to the bidder: {style.card(obs.passed)}")
    order = [s for s in ((obs.leader + i) % 4 for i in range(4)) if s != out]
    last = [s for s in ((obs.last_leader + i) % 4 for i in range(4)) if s != out]
    if obs.last_trick:
        lines.append(
            "last trick: " + ", ".join(f"seat {s} {style.card(c)}" for s, c in zip(last, obs.last_trick, strict=False))
        )
    if obs.phase == "play":
        trick = ", ".join(f"seat {s} {style.card(c)}" for s, c in zip(order, obs.trick, strict=False))
        lines.append("trick: " + (trick or f"none yet; seat {obs.leader} leads"))
    lines.append(style.bold("your hand: ") + style.cards(obs.hand))
    return lines


def help_text(rules: CharlemagneRuleset) -> list[str]:
    """What a newcomer needs at the table: the notation, the card values, where the rules are."""
    return [
        "Cards: rank then suit, 7S 10H JD (S spades, H hearts, D diamonds, C clubs);",
        "  BJ and LJ are the Big and the Little joker.",
        "Bidding, once round from the dealer's left: pass, bid 5 .. bid 8, bid mulot,",
        "  bid charlemagne, bid gros mulot (bid gm), bid gros charlemagne (bid gc).",
        "Then, as the contract asks: source kitty or source partner, give 9C,",
        "  discard 7S, trump H; then play a card: 7S.",
        "Trumps, high to low: BJ, LJ, the jack of trump, the other jack of its",
        "  colour, then A K Q 10 9 8 7 of the trump suit.",
        "A number bid is made with that many of the 8 tricks, and scores the bid;",
        "  missed, the opponents score it.",
        "Rules: the Charlemagne page of the cardrules documentation",
        "  (docs/rules/charlemagne.md); 'rules' lists the rule ids.",
    ]


def deal_text(obs: Observation, style: Style) -> list[str]:
    """The deal announced: the dealer, and who bids first."""
    return [f"round {obs.round_no + 1}: seat {obs.dealer} deals 8 cards each and 2 to the kitty; "
            f"seat {(obs.dealer + 1) % 4} bids first"]  # fmt: skip


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
    card, b = move.card, obs.bidder
    out = []
    out_seat = None if b is None or obs.contract not in _SOLO else (b + 2) % SEATS
    seats = _trick_seats(obs.leader, out_seat)
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
