"""Mililla's turn, the cards a seat may play (follow, the 7 rule, the duty to beat or trump) and why not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from cardrules import _common, _messages
from cardrules._kit.keyed_moves import _keyed_moves
from cardrules.cards import Card, Rank, Suit
from cardrules.engine import LegalMoves, TupleMoves
from cardrules.mililla._cards import _STRENGTH, PACK
from cardrules.mililla._rules import RULES
from cardrules.mililla._ruleset import SEATS
from cardrules.mililla._state import Play, State
from cardrules.rules import Items, Message, Violation


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` once the match is over."""
    if state.winner is not None:
        return None
    return (state.trick_leader + len(state.trick)) % SEATS


def is_over(state: State) -> bool:
    """Whether the match is over (a side has reached 35, ``mililla.match.target``)."""
    return state.winner is not None


def _trick_winner(trick: Sequence[Card], trump: Suit, strength: Mapping[Card, int]) -> int:
    """Index in *trick* of the card winning it so far (mililla.trick.winner)."""
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        # A card beats the best so far if it is higher in the same suit, or a trump on a
        # card of the suit led (a discard of another suit never wins).
        if (c.suit is top.suit and strength[c] > strength[top]) or (c.suit is trump and top.suit is not trump):
            best, top = i, c
    return best


_SEVENS: Final = frozenset(c for c in PACK.cards if c.rank is Rank.SEVEN)


def _seven_barred(state: State, card: Card) -> bool:
    """Whether the 7 rule bars *card* now (not leading it; its suit not led yet)."""
    if card.rank is not Rank.SEVEN or not state.trick:
        return False
    mode = state.rules.seven_rule
    if mode == "off" or card.suit in state.led:
        return False
    return mode == "earlier" or card.suit is not state.trick[0].suit


def _seven_in_force(state: State, hand: Sequence[Card]) -> bool:
    """Whether the 7 rule still bars anything: it is lifted when it would leave nothing to play."""
    lead = state.trick[0].suit
    cands = [c for c in hand if c.suit is lead] or hand
    return any(not _seven_barred(state, c) for c in cands)


def _allowed(state: State, seat: int) -> Sequence[Card]:
    """The cards *seat* may play now, in hand order (``mililla.follow.*``, ``mililla.seven``)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    lead = trick[0].suit
    follow = [c for c in hand if c.suit is lead]
    cands = follow or hand
    rules = state.rules
    mode = rules.seven_rule
    if mode != "off" and not _SEVENS.isdisjoint(cands):
        # _seven_barred, unrolled: a 7 is playable if its suit was led before, or (seven_rule
        # "round") is led now; if every candidate is a barred 7, the bar is lifted.
        done = state.led
        seven, now = Rank.SEVEN, mode != "earlier"
        unbarred = [c for c in cands if c.rank is not seven or c.suit in done or (now and c.suit is lead)]
        if unbarred:
            cands = unbarred
    strength = _STRENGTH[rules.rank_order]
    trump = state.turn_up.suit
    w = _trick_winner(trick, trump, strength) if len(trick) > 1 else 0  # a lone card is winning
    if (state.trick_leader + w) % 2 == seat % 2:
        return cands  # the partner is winning: no duty to beat
    winner = trick[w]
    if follow:
        if winner.suit is not lead:
            return cands  # trumped: following suit is all that is asked
        top = strength[winner]
        beating = [c for c in cands if strength[c] > top]
    elif winner.suit is trump:
        top = strength[winner]
        beating = [c for c in cands if c.suit is trump and strength[c] > top]
    else:
        beating = [c for c in cands if c.suit is trump]
    return beating or cands


def legal_moves(state: State) -> LegalMoves[Play]:
    """
    The cards the seat to move may play, as :class:`Play` moves in hand order.

    Empty only when the match is over.

    Rules: mililla.follow.suit, mililla.seven, mililla.follow.beat, mililla.follow.trump
    """
    if state.winner is not None:
        return TupleMoves(())
    seat = (state.trick_leader + len(state.trick)) % SEATS  # to_move(state), in line
    return _keyed_moves(_allowed(state, seat), _PLAYS)  # each card's Play, made only if asked for


_PLAYS: Final = {c: Play(c) for c in PACK.cards}


# The suits in the reasons: their Spanish names, in every language that has no other.
_SUIT_WORDS: Final = {
    Suit.OROS: Message("oros"),
    Suit.COPAS: Message("copas"),
    Suit.ESPADAS: Message("espadas"),
    Suit.BASTOS: Message("bastos"),
}


def check_move(state: State, move: Play) -> Violation | None:
    """
    ``None`` if *move* is legal, else the first rule it breaks, in the order
    the rules apply: turn, follow suit, the 7 rule, the duty to beat.

    The reason is written for the seat to move from what it may see: a card
    it does not hold gets the same words wherever the card is.

    Raises:
        WrongKindError: If *state* is not a Mililla state (a move of the
            wrong kind is a violation of ``mililla.turn``).

    Example:
        >>> s = mililla.new_game(seed=3)
        >>> mililla.check_move(s, mililla.legal_moves(s)[0]) is None
        True
        >>> s = mililla.apply(s, mililla.parse_move(s, "4O"))  # the 4 of oros led
        >>> print(mililla.check_move(s, mililla.Play(cardrules.Card.parse("2C", spanish=True))))
        [mililla.follow.suit] you must follow suit: oros was led and you hold oros
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    if not isinstance(move, Play):
        return Violation(
            RULES["mililla.turn"], Message("a Mililla move is a Play, not {kind}", kind=_messages.kind_name(move))
        )
    seat = to_move(state)
    refused = _common.card_violation(
        move.card, state.hands, seat, "Mililla", RULES["mililla.turn"], RULES["mililla.match.target"]
    )
    if refused is not None or seat is None:
        return refused
    card, hand = move.card, state.hands[seat]
    allowed = _allowed(state, seat)
    if card in allowed:
        return None
    trick = state.trick
    led = trick[0].suit
    if card.suit is not led and any(c.suit is led for c in hand):
        return Violation(
            RULES["mililla.follow.suit"],
            Message("you must follow suit: {suit} was led and you hold {suit}", suit=_SUIT_WORDS[led]),
        )
    if _seven_barred(state, card) and _seven_in_force(state, hand):
        when = Message("an earlier trick") if state.rules.seven_rule == "earlier" else Message("a trick this round")
        return Violation(
            RULES["mililla.seven"],
            Message(
                "you may not play the {card} yet: a 7 is played only when leading it "
                "or once {suit} has been led to {when}",
                card=card,
                suit=_SUIT_WORDS[card.suit],
                when=when,
            ),
        )
    trump = state.turn_up.suit
    if any(c.suit is led for c in hand):
        return Violation(
            RULES["mililla.follow.beat"],
            Message(
                "an opponent is winning the trick and you can beat their card, so you must: {cards}",
                cards=Items(allowed, "or"),
            ),
        )
    return Violation(
        RULES["mililla.follow.trump"],
        Message(
            "you have no {suit}, an opponent is winning the trick, and you can win it "
            "with a trump ({trump}), so you must: {cards}",
            suit=_SUIT_WORDS[led],
            trump=_SUIT_WORDS[trump],
            cards=Items(allowed, "or"),
        ),
    )


def refusals(state: State) -> tuple[Violation, ...]:
    """
    Why the cards of the mover's hand that may not be played now are refused: one violation per
    rule, in the rule book's order (none once the match is over, or when every card may be played).
    The game spec's ``refusals``, for replays that explain a constrained choice.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    seat = to_move(state)
    if seat is None:
        return ()
    found: dict[str, Violation] = {}
    for card in state.hands[seat]:
        violation = check_move(state, _PLAYS[card])
        if violation is not None:
            found.setdefault(violation.rule.id, violation)
    return tuple(found[rule] for rule in RULES if rule in found)
