"""Why a legal Charlemagne move is legal: each rule that could have refused it, and why it does not here."""

from __future__ import annotations

from cardrules import _messages
from cardrules.cards import Card, Suit
from cardrules.charlemagne import _state
from cardrules.charlemagne._cards import _SUIT_OF
from cardrules.charlemagne._legal import (
    _PLURAL,
    _contract_words,
    _discards_due,
    _high_bid,
    check_move,
    to_move,
)
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._state import Discard, Give, Move, Play, State
from cardrules.rules import CardName, Message, Reason

__all__ = ["reasons"]


def _r(rule: str, message: Message) -> Reason:
    return Reason(RULES[rule], message)


def reasons(state: State, move: Move) -> tuple[Reason, ...]:
    """
    Why *move* is legal here, rule by rule: in the bidding the ladder and the dealer's duty, in the
    play which suit the cards belong to (the jokers and the Little Jack among the trumps), following
    suit and, in Mulot, the jokers (the only trumps, a suit of their own) and their duties. Empty
    for a move that :func:`check_move` refuses (its violation says why).

    The words say only what the seat to move may see.

    Rules: charlemagne.bid.ladder, charlemagne.bid.dealer, charlemagne.source, charlemagne.give,
    charlemagne.discard.held, charlemagne.discard.count, charlemagne.trump.name,
    charlemagne.trump.suit, charlemagne.mulot.trumps, charlemagne.play.turn, charlemagne.follow.suit,
    charlemagne.mulot.joker-led, charlemagne.mulot.joker-void
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    if check_move(state, move) is not None:
        return ()
    seat = to_move(state)
    assert seat is not None  # a legal move: the match goes on
    if isinstance(move, Play):
        return _play(state, seat, move.card)
    if isinstance(move, _state.Pass | _state.Bid):
        return (
            _r("charlemagne.bid.turn", Message("the bidding is on, and you call in your turn, once")),
            *_call(state, move),
        )
    if isinstance(move, _state.ChooseSource):
        return (
            _r("charlemagne.source", Message("you bid Gros Charlemagne: you choose the kitty or your partner's card")),
        )
    if isinstance(move, Give):
        return (
            _r(
                "charlemagne.give",
                Message(
                    "your partner, seat {seat}, bid {contract}: you pass them one card of your own hand",
                    seat=state.bidder,
                    contract=state.contract.title if state.contract is not None else "",
                ),
            ),
        )
    if isinstance(move, Discard):
        assert state.contract is not None
        due = _discards_due(state)
        return (
            _r("charlemagne.discard.held", Message("{card} is in your hand", card=CardName(move.card))),
            Reason(
                RULES["charlemagne.discard.count"],
                Message.counted(
                    "the bidder discards {count} card in {contract}, and this is it",
                    "the bidder discards {count} cards in {contract}, and this is discard {number}",
                    due,
                    number=len(state.discards) + 1,
                    contract=_contract_words(state.contract),
                ),
            ),
        )
    return (_r("charlemagne.trump.name", Message("your discards are made: you name trump, once")),)


def _call(state: State, move: _state.Pass | _state.Bid) -> tuple[Reason, ...]:
    """Why the dealer's duty (for a pass) or the ladder (for a bid) does not refuse this call."""
    if isinstance(move, _state.Pass):
        if len(state.calls) == 3:
            said = Message("at least one other player bid, so you, the dealer, may pass")
        else:
            said = Message("you are not the dealer, so you may pass")
        return (_r("charlemagne.bid.dealer", said),)
    high = _high_bid(state.calls)
    if high is None:
        return (_r("charlemagne.bid.ladder", Message("nobody has bid yet: any bid is high enough")),)
    return (
        _r(
            "charlemagne.bid.ladder",
            Message("{bid} is higher than the last bid, {high}", bid=move.contract.title, high=high.title),
        ),
    )


def _play(state: State, seat: int, card: Card) -> tuple[Reason, ...]:
    """Why *seat* may play *card* to the trick."""
    trick = state.trick
    if not trick:
        return (_r("charlemagne.play.turn", Message("you lead the trick: any card of your hand may be led")),)
    trump = state.trump
    suit_of = _SUIT_OF[trump]
    lead = trick[0]
    led = suit_of[lead]
    hand = state.hands[seat]
    out: list[Reason] = []
    if trump is not None:
        # The cards whose suit here is not their printed one (the jokers and the Little Jack) that
        # decide: the card led, the card played, and those of the hand printed in the suit led.
        odd = [lead, card, *(c for c in hand if c.suit is led)]
        for c in dict.fromkeys(c for c in odd if suit_of[c] is not c.suit):  # each once, the lead first
            out.append(
                _r(
                    "charlemagne.trump.suit",
                    Message("{card} is a trump while {trump} are trump", card=CardName(c), trump=_PLURAL[trump]),
                )
            )
    else:
        # Mulot and Gros Mulot: the jokers led or played are the only trumps, a suit of their own.
        for c in dict.fromkeys(c for c in (lead, card) if c.suit is Suit.JOKER):
            out.append(
                _r(
                    "charlemagne.mulot.trumps",
                    Message(
                        "with no trump suit named, the jokers alone are trumps, a suit of their own: {card} is one",
                        card=CardName(c),
                    ),
                )
            )
    if suit_of[card] is led:
        if trump is None and led is Suit.JOKER:
            out.append(
                _r(
                    "charlemagne.mulot.joker-led",
                    Message(
                        "{lead} was led and you hold the other joker, so you play it, as you must", lead=CardName(lead)
                    ),
                )
            )
        else:
            out.append(_r("charlemagne.follow.suit", Message("you follow {suit}", suit=_PLURAL[led])))
        return tuple(out)
    if trump is None and led is Suit.JOKER:
        out.append(
            _r(
                "charlemagne.mulot.joker-led",
                Message("{lead} was led and you do not hold the other joker, so any card will do", lead=CardName(lead)),
            )
        )
        return tuple(out)
    out.append(
        _r("charlemagne.follow.suit", Message("you hold no {suit}, so you need not follow suit", suit=_PLURAL[led]))
    )
    if trump is None:
        jokers = [c for c in hand if c.suit is Suit.JOKER]
        if jokers:
            out.append(
                _r(
                    "charlemagne.mulot.joker-void",
                    Message(
                        "you have no {suit}, so in Mulot you must play a joker, and {card} is one",
                        suit=_PLURAL[led],
                        card=CardName(card),
                    ),
                )
            )
        else:
            out.append(
                _r(
                    "charlemagne.mulot.joker-void",
                    Message("you have no {suit} and no joker, so any card will do", suit=_PLURAL[led]),
                )
            )
    return tuple(out)
