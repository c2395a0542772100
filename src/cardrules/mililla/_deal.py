"""Dealing Mililla: a new match, each round's deal and its turn-up bonus, deals entered from a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardrules import _common, _messages
from cardrules.cards import Card
from cardrules.engine import RoundScore
from cardrules.errors import (
    InvalidDeckError,
    WrongKindError,
)
from cardrules.mililla._cards import _CARD_POINTS, _HAND_ORDER, PACK
from cardrules.mililla._ruleset import SEATS, STANDARD, TARGET, MilillaRuleset
from cardrules.mililla._state import State, _make_state
from cardrules.rules import Message


def _deal(
    rules: MilillaRuleset,
    seed: int,
    pending: tuple[tuple[Card, ...], ...],
    round_no: int,
    dealer: int,
    match: tuple[int, int],
    rounds: tuple[RoundScore, ...],
) -> State:
    """Deal round *round_no* (``mililla.deal``) and score or hold the turn-up bonus (``mililla.bonus.held``)."""
    deck, pending = _common.next_deck(pending, PACK, seed, round_no)
    hands = _common.deal_hands(deck, dealer, SEATS, len(deck), _HAND_ORDER)
    turn_up = deck[-1]
    bonus = _CARD_POINTS[turn_up]
    side = dealer % 2
    deal_bonus = held = 0
    if bonus:
        if match[side] + bonus < TARGET:
            deal_bonus = bonus
            match = _add(match, side, bonus)
        else:
            held = bonus
    leader = (dealer + 1) % SEATS
    return _make_state(
        rules=rules,
        seed=seed,
        pending_decks=pending,
        round_no=round_no,
        dealer=dealer,
        hands=hands,
        turn_up=turn_up,
        trick_leader=leader,
        trick=(),
        led=frozenset(),
        won=((), ()),
        tricks=(0, 0),
        last_trick=(),
        last_leader=leader,
        match=match,
        deal_bonus=deal_bonus,
        held_bonus=held,
        rounds=rounds,
        winner=None,
        history=(),
    )


def _add(pair: tuple[int, int], side: int, n: int) -> tuple[int, int]:
    return (pair[0] + n, pair[1]) if side == 0 else (pair[0], pair[1] + n)


def new_game(
    rules: MilillaRuleset = STANDARD,
    *,
    seed: int | None = None,
    deck: Sequence[Card | str] | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None,
    dealer: int | None = None,
) -> State:
    """
    A new Mililla match with its first round dealt.

    Dealing (``mililla.deal``): ``deck[i]`` goes to seat ``(dealer + 1 + i) % 4``,
    so the 40th card, ``deck[39]``, is the dealer's; it is turned face up and
    its suit is trump. Seat ``dealer + 1`` leads. :func:`deck_from_hands`
    turns hands seen at a real table into such a deck.

    Args:
        rules: The ruleset.
        seed: Makes the match reproducible: the first dealer (unless given)
            and the shuffle of every round not supplied. ``None`` draws one.
        deck: The first round's deck order, 40 cards, index 0 on top; card
            texts such as ``"7O"`` are accepted.
        decks: Deck orders for the first rounds in turn.
        dealer: The first dealer's seat, 0-3.

    Raises:
        InvalidDeckError: For a deck that is not the 40-card Spanish pack.
        InvalidOptionError: For a bad seed or dealer, or both deck and decks.

    Example:
        >>> s = mililla.new_game(seed=7)
        >>> sum(len(h) for h in s.hands)
        40

    .. versionadded:: 0.1.0
    """
    if not isinstance(rules, MilillaRuleset):
        raise WrongKindError(f"rules must be a MilillaRuleset, not {_messages.kind_name(rules)}")
    seed = _common.new_seed(seed)
    pending = _common.deck_list(deck, decks, PACK)
    first = _common.first_dealer(seed, dealer, SEATS)
    return _deal(rules, seed, pending, 0, first, (0, 0), ())


def deck_from_hands(hands: Sequence[Sequence[Card | str]], dealer: int, turn_up: Card | str) -> tuple[Card, ...]:
    """
    The deck order that deals *hands* (seat order) with *turn_up* turned by *dealer*.

    Use it to enter a deal seen at a real table: ``new_game(deck=deck_from_hands(...), dealer=...)``.

    Raises:
        InvalidDeckError: If the hands are not 10 cards each making the pack,
            or the dealer does not hold *turn_up*.
    """
    cards = _common.table_hands(hands, dealer, PACK, SEATS, 10, "Mililla")
    _common.check_deck([c for h in cards for c in h], PACK, "hands")
    top = _common.check_deck_part([turn_up], PACK, "turn-up")[0]
    if top not in cards[dealer]:
        said = Message("the dealer (seat {seat}) does not hold the turn-up card {card}", seat=dealer, card=top)
        raise _messages.said(InvalidDeckError, said)
    cards[dealer].remove(top)
    cards[dealer].append(top)
    return tuple(_common.in_deal_order(cards, dealer))


def round_deck(state: State) -> tuple[Card, ...]:
    """
    The deck order that dealt the round in progress, for a state before its first card is played.

    Raises:
        ValueError: If a card of this round has been played already.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    if any(len(h) != 10 for h in state.hands):
        raise ValueError("the round's deck is known only before its first card is played")
    return deck_from_hands(state.hands, state.dealer, state.turn_up)


def new_round(state: State, deck: Sequence[Card | str]) -> State:
    """
    *state*, a round just dealt, with that round dealt from *deck* instead: the
    same match, round number, dealer and scores, exactly the state a match
    given *deck* for this round (``new_game(decks=[...])``) reaches. The
    turn-up bonus of the replaced deal is taken back and the new one scored
    (``mililla.deal``, ``mililla.bonus.held``). Later rounds are dealt as
    before (the supplied decks still pending, else the seed's shuffle).

    Raises:
        InvalidDeckError: For a deck that is not the 40-card Spanish pack, or
            a state whose round has begun (a card played) or whose match is over.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    if state.winner is not None or any(len(h) != 10 for h in state.hands):
        said = Message("a round is dealt from a new deck only before its first card is played")
        raise _messages.said(InvalidDeckError, said)
    cards = _common.check_deck(deck, PACK)
    match = _add(state.match, state.dealer % 2, -state.deal_bonus)
    pending = (cards, *state.pending_decks)
    return _deal(state.rules, state.seed, pending, state.round_no, state.dealer, match, state.rounds)


def deck_from_deal(deal: Mapping[str, object], dealer: int, rules: MilillaRuleset | None = None) -> tuple[Card, ...]:
    """
    The deck order for an explicit deal written as data: ``{"hands": [[...] x4], "turn_up": "7O"}``.

    *rules* is accepted for the records, which pass every game its ruleset; no option of this
    game changes how a deal is dealt.

    Raises:
        InvalidDeckError: If the deal is malformed or not the pack.
    """
    if not isinstance(deal, Mapping) or set(deal) != {"hands", "turn_up"}:
        said = Message("a Mililla deal is {form}", form='{"hands": [four lists of 10 cards], "turn_up": card}')
        raise _messages.said(InvalidDeckError, said)
    hands = deal["hands"]
    turn_up = deal["turn_up"]
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise _messages.said(InvalidDeckError, Message("{key} must be a list of four lists of cards", key="hands"))
    if not isinstance(turn_up, str | Card):
        raise _messages.said(InvalidDeckError, Message("{key} must be a card", key="turn_up"))
    return deck_from_hands(hands, dealer, turn_up)
