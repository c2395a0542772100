"""Mililla as terminal text: what one seat sees, one line per thing on the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardrules._kit.style import Style, first_moves, labelled_text, trick_lines, trick_reason
from cardrules.engine import LastRole
from cardrules.mililla._cards import _CARD_POINTS, _STRENGTH, PACK
from cardrules.mililla._legal import _trick_winner
from cardrules.mililla._ruleset import SEATS, MilillaRuleset
from cardrules.mililla._state import Observation, Play
from cardrules.rules import Message, Sentence

__all__ = ["deal_text", "display", "explain", "help_text", "hint_events", "last_events", "move_list", "view"]

hint_events: Final = frozenset({"play", "trick"})
"""The events a hint may describe: what the move itself shows the table, nothing dealt after it."""
last_events: Final[Mapping[str, LastRole]] = {"play": "add", "trick": "close"}
"""What the terminal's ``last`` command keeps: the cards of the trick, then who took it."""


move_list = first_moves
"""The moves the terminal numbers: the first ones, in the legal moves' order."""


def view(obs: Observation, style: Style) -> list[str]:
    trump = style.suit(obs.turn_up.suit)
    if obs.turn_up_in_hand:
        head = style.gettext(
            "round {round}, dealt by seat {dealer}: {suit} trump (turn-up {card}, in the dealer's hand)"
        )
    else:
        head = style.gettext("round {round}, dealt by seat {dealer}: {suit} trump (turn-up {card})")
    comma = style.pgettext("list", ", ")
    counts = comma.join(
        style.gettext("seat {seat} {count}").format(seat=s, count=n) for s, n in enumerate(obs.hand_counts)
    )
    lines = [
        head.format(round=obs.round_no + 1, dealer=obs.dealer, suit=trump, card=style.card(obs.turn_up)),
        style.gettext("tricks this round: seats 0+2 {first}, seats 1+3 {second}").format(
            first=obs.tricks[0], second=obs.tricks[1]
        ),
        style.gettext("cards in hand: {counts}").format(counts=counts),
    ]
    lines += trick_lines(style, obs.trick_leader, obs.trick, obs.last_leader, obs.last_trick)
    lines.append(style.bold(style.gettext("your hand: ")) + style.cards(obs.hand))
    return lines


def help_text(rules: MilillaRuleset, style: Style | None = None) -> list[str]:
    """What a newcomer needs at the table: the notation and the card values (the table adds where the rules are)."""
    tr = style or Style()
    order = "K H J 7 6 5 4 3 2 A" if rules.rank_order == "seed" else "7 A K H J 6 5 4 3 2"
    return [
        tr.gettext("A move is the card you play, rank then suit: 7O, HB, AE (or its number)."),
        tr.gettext("Suits: O oros, C copas, E espadas, B bastos."),
        tr.gettext("Ranks: A, 2-7, J jack (sota), H horse (caballo), K king."),
        tr.gettext("Cards rank, high to low: {order}; a trump beats the suit led.").format(order=order),
        tr.gettext("Card points: 7 = 5, A = 4, K = 3, H = 2, J = 1; each trick adds 1 (70 in all)."),
        tr.gettext("A team scores what it takes over 35; the turn-up may score for the dealer's"),
        tr.gettext("  team; the first team to 35 wins."),
    ]


def deal_text(obs: Observation, style: Style) -> list[str]:
    """The deal announced: the dealer, the turn-up and trump, any turn-up bonus."""
    text = style.gettext("round {round}: seat {dealer} deals; {card} is turned: {suit} are trump")
    suit = style.suit(obs.turn_up.suit)
    lines = [text.format(round=obs.round_no + 1, dealer=obs.dealer, card=style.card(obs.turn_up), suit=suit)]
    if obs.deal_bonus:
        bonus = style.ngettext(
            "the turn-up scores {count} point for the dealer's team",
            "the turn-up scores {count} points for the dealer's team",
            obs.deal_bonus,
        )
        lines.append(bonus.format(count=obs.deal_bonus))
    elif obs.held_bonus:
        lines.append(style.gettext("the turn-up bonus is held: it would bring the dealer's team to 35"))
    return lines


def display(text: str) -> str:
    """
    A move's or an event's text for a screen: each card by rank and the Spanish suit's name
    (``5 of copas``, ``horse of oros``), since ``5C`` is copas here and clubs in the French pack.
    """
    return labelled_text(text, PACK)


def explain(obs: Observation, move: Any) -> tuple[str, ...]:
    """
    What a seat sees in playing *move*, for a hint: whether it wins the trick so far or leaves it
    (the last card's trick is told by its event), and the card worth most that it keeps for later.
    """
    if not isinstance(move, Play):
        return ()
    card, strength = move.card, _STRENGTH[obs.rules.rank_order]
    out = []
    if 0 < len(obs.trick) < SEATS - 1:
        trick = (*obs.trick, card)
        winner = (obs.trick_leader + _trick_winner(trick, obs.turn_up.suit, strength)) % SEATS
        points = sum(_CARD_POINTS[c] for c in trick)
        held = Message.counted("{count} point in it so far", "{count} points in it so far", points)
        out.append(trick_reason(obs.seat, winner, (obs.seat + 2) % SEATS, held))
    kept = [c for c in obs.hand if c != card and _CARD_POINTS[c] > 0]
    if kept:
        best = max(kept, key=lambda c: (_CARD_POINTS[c], strength[c]))
        worth = Message.counted("{count} point", "{count} points", _CARD_POINTS[best])
        out.append(Sentence(Message("it keeps {card} ({points}) for later", card=best, points=worth)))
    return tuple(out)
