"""Why a legal Mililla move is legal: each rule that could have refused it, and why it does not here."""

from __future__ import annotations

from cardrules import _messages
from cardrules.cards import Card, Rank, Suit
from cardrules.mililla._cards import _STRENGTH
from cardrules.mililla._legal import _SUIT_WORDS, _trick_winner, check_move, to_move
from cardrules.mililla._rules import RULES
from cardrules.mililla._state import Play, State
from cardrules.rules import Message, Reason

__all__ = ["reasons"]


def _r(rule: str, message: Message) -> Reason:
    return Reason(RULES[rule], message)


def reasons(state: State, move: Play) -> tuple[Reason, ...]:
    """
    Why *move* is legal here, rule by rule, in the order the rules apply: following suit, the 7
    rule (for a 7), then the duty to beat or to trump, after the card ranking where it decides
    that the card beats the one winning; a lead cites the turn. Empty for a move that
    :func:`check_move` refuses (its violation says why).

    The words say only what the seat to move may see.

    Rules: mililla.turn, mililla.follow.suit, mililla.seven, mililla.rank, mililla.follow.beat,
    mililla.follow.trump

    Example:
        >>> s = mililla.new_game(seed=3)
        >>> s = mililla.apply(s, mililla.parse_move(s, "4O"))  # the 4 of oros led
        >>> for reason in mililla.reasons(s, mililla.legal_moves(s)[0]):
        ...     print(reason)
        [mililla.follow.suit] you follow suit: oros was led
        [mililla.rank] the 5O ranks above the 4O
        [mililla.follow.beat] the 5O beats the 4O, as you must when you can
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    if check_move(state, move) is not None:
        return ()
    seat = to_move(state)
    assert seat is not None  # a legal move: the match goes on
    card, hand, trick = move.card, state.hands[seat], state.trick
    mode = state.rules.seven_rule
    if not trick:
        out = [_r("mililla.turn", Message("you lead the trick: any card of your hand may be led"))]
        if card.rank is Rank.SEVEN and mode != "off":
            out.append(_r("mililla.seven", Message("a 7 may always be led")))
        return tuple(out)
    led = trick[0].suit
    follows = any(c.suit is led for c in hand)
    if card.suit is led:
        out = [_r("mililla.follow.suit", Message("you follow suit: {suit} was led", suit=_SUIT_WORDS[led]))]
    else:
        out = [
            _r("mililla.follow.suit", Message("you hold no {suit}, so you need not follow suit", suit=_SUIT_WORDS[led]))
        ]
    if card.rank is Rank.SEVEN and mode != "off":
        out.append(_seven(state, card.suit, led))
    strength = _STRENGTH[state.rules.rank_order]
    trump = state.turn_up.suit
    w = _trick_winner(trick, trump, strength) if len(trick) > 1 else 0
    winner_seat = (state.trick_leader + w) % 4
    winning = trick[w]
    duty = "mililla.follow.beat" if follows else "mililla.follow.trump"
    if winner_seat % 2 == seat % 2:
        if follows:
            said = Message("your partner, seat {seat}, is winning the trick, so you need not beat it", seat=winner_seat)
        else:
            said = Message(
                "your partner, seat {seat}, is winning the trick, so you need not trump it", seat=winner_seat
            )
        out.append(_r(duty, said))
        return tuple(out)
    if follows:
        if winning.suit is not led:
            out.append(
                _r(
                    duty,
                    Message(
                        "an opponent is winning the trick with a trump, the {card}, so any {suit} will do",
                        card=winning,
                        suit=_SUIT_WORDS[led],
                    ),
                )
            )
        elif strength[card] > strength[winning]:
            out.append(_rank(card, winning))
            out.append(
                _r(duty, Message("the {card} beats the {top}, as you must when you can", card=card, top=winning))
            )
        else:
            out.append(
                _r(
                    duty,
                    Message(
                        "no {suit} you may play beats the {top}, so any {suit} will do",
                        suit=_SUIT_WORDS[led],
                        top=winning,
                    ),
                )
            )
    elif card.suit is trump and (winning.suit is not trump or strength[card] > strength[winning]):
        if winning.suit is trump:  # trump over trump: the ranking decides
            out.append(_rank(card, winning))
        out.append(
            _r(
                duty,
                Message(
                    "the {card}, a trump, wins the trick from the {top}, as you must when you can",
                    card=card,
                    top=winning,
                ),
            )
        )
    else:
        out.append(
            _r(
                duty,
                Message(
                    "you hold no trump you may play that wins the trick from the {top}, so any card will do",
                    top=winning,
                ),
            )
        )
    return tuple(out)


def _rank(card: Card, top: Card) -> Reason:
    """The card ranking, where it decides that *card* beats *top*, a card of its suit."""
    return _r("mililla.rank", Message("the {card} ranks above the {top}", card=card, top=top))


def _seven(state: State, suit: Suit, led: Suit) -> Reason:
    """Why the 7 rule does not bar this 7: its suit was led, or the rule would leave nothing to play."""
    if suit in state.led:
        return _r(
            "mililla.seven",
            Message("{suit} has been led to an earlier trick, so its 7 may be played", suit=_SUIT_WORDS[suit]),
        )
    if suit is led and state.rules.seven_rule == "round":
        return _r(
            "mililla.seven", Message("{suit} was led to this trick, so its 7 may be played", suit=_SUIT_WORDS[suit])
        )
    return _r("mililla.seven", Message("every card you could play is a 7 the rule bars, so the rule is lifted"))
