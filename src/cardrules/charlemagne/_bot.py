"""Charlemagne's rules of thumb: bid from hand strength, name the best trump, win tricks, follow partner."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import partial
from typing import Any, Final

import attrs

from cardrules._kit.solving import touching_classes
from cardrules.cards import Card, Rank, Suit
from cardrules.charlemagne._cards import (
    _BIG_STRENGTH,
    _COLOUR_JACK_STRENGTH,
    _FRENCH,
    _LITTLE_STRENGTH,
    _PLAIN_RANK,
    _STRENGTH,
    _STRENGTH_ID,
    _SUIT_OF_ID,
    _TRUMP_JACK_STRENGTH,
    PACK,
    _sorted_hand,
    _trick_winner,
)
from cardrules.charlemagne._legal import (
    _ORDERS,
    _SOLO,
    _bidding_moves,
    _high_bid,
    _order,
    _playable,
    legal_moves,
    to_move,
)
from cardrules.charlemagne._observe import _private_seen, observe
from cardrules.charlemagne._play import _hand_end, apply_trusted
from cardrules.charlemagne._play import _play as _play_card
from cardrules.charlemagne._score import _result
from cardrules.charlemagne._state import (
    _LADDER,
    SEATS,
    Bid,
    ChooseSource,
    Contract,
    Discard,
    Give,
    NameTrump,
    Observation,
    Pass,
    Play,
    State,
)
from cardrules.engine import Heuristic, LegalMoves, RoundScore, Solving

_ALL: Final = frozenset(PACK.cards)
_PARTNER_TRICKS: Final = 1.5  # what a partner's hand is worth, on average, to a number bid
_NUMBER_BIDS: Final = tuple(c for c in _LADDER if c.is_number)
# What the cards above a plain ace take, by their strength in the game's tables: the two jokers,
# the jack of trump and the other jack of its colour.
_HIGH_TRUMPS: Final = {_BIG_STRENGTH: 1.0, _LITTLE_STRENGTH: 1.0, _TRUMP_JACK_STRENGTH: 0.9, _COLOUR_JACK_STRENGTH: 0.8}
_ACE: Final = _PLAIN_RANK[Rank.ACE]


def _trick_value(card: Card, trump: Suit) -> float:
    """Roughly how many tricks *card* takes with *trump* as trump."""
    strength = _STRENGTH[trump][card]
    if strength > _ACE:  # a joker or a jack of the trump colour
        return _HIGH_TRUMPS[strength]
    if card.suit is trump:
        return {Rank.ACE: 0.75, Rank.KING: 0.6}.get(card.rank, 0.45)
    return {Rank.ACE: 0.8, Rank.KING: 0.3}.get(card.rank, 0.0)


# _trick_value of every card for every trump, worked out once: the bidding and the search's
# samples ask for it often.
_TRICK_VALUES: Final = {t: {c: _trick_value(c, t) for c in PACK.cards} for t in _FRENCH}


def _strength(hand: Iterable[Card], trump: Suit) -> float:
    """The tricks *hand* should take with *trump*."""
    return sum(map(_TRICK_VALUES[trump].__getitem__, hand))


def _best_trump(hand: Sequence[Card]) -> tuple[Suit, float]:
    return max(((s, _strength(hand, s)) for s in _FRENCH), key=lambda p: p[1])


def _mulot_safe(hand: Sequence[Card]) -> bool:
    """A hand that can lose every trick: no joker and nothing above a 9, bar one 10."""
    if any(c.suit is Suit.JOKER for c in hand):
        return False
    high = [c for c in hand if c.rank not in (Rank.SEVEN, Rank.EIGHT, Rank.NINE)]
    return len(high) <= 1 and all(c.rank is Rank.TEN for c in high)


def _bid(calls: Sequence[Contract | None], hand: Sequence[Card], legal: Sequence[Any]) -> Any:
    bids = {m.contract: m for m in legal if isinstance(m, Bid)}
    can_pass = any(isinstance(m, Pass) for m in legal)
    high = _high_bid(calls)
    partner_high = high is not None and calls.index(high) % 2 == len(calls) % 2
    _, own = _best_trump(hand)
    want: Contract | None = None
    if own >= 6.5 and Contract.CHARLEMAGNE in bids:
        want = Contract.CHARLEMAGNE
    elif _mulot_safe(hand) and Contract.MULOT in bids:
        want = Contract.MULOT
    else:
        team = own + _PARTNER_TRICKS
        fits = [c for c in _NUMBER_BIDS if c in bids and int(c.value) <= team]
        if fits and not (partner_high and can_pass):
            want = fits[-1]
    if want is not None:
        return bids[want]
    if can_pass:
        return next(m for m in legal if isinstance(m, Pass))
    return min(bids.values(), key=lambda m: m.contract.level)  # the dealer must bid


def _unseen(obs: Observation) -> frozenset[Card]:
    """Cards that may be in another seat's hand."""
    return _ALL.difference(obs.hand, obs.trick, obs.won[0], obs.won[1], obs.discards, obs.out, obs.kitty_taken)


def _unseen_in(state: State, seat: int) -> frozenset[Card]:
    """``_unseen(observe(state, seat))`` without the observation (the same cards, from the same rule)."""
    return _ALL.difference(state.hands[seat], state.trick, state.won[0], state.won[1], *_private_seen(state, seat))


def _play(obs: Observation, cards: Sequence[Card]) -> Card:
    return _card(cards, obs.seat, obs.trick, obs.leader, obs.trump, obs.contract, obs.bidder, partial(_unseen, obs))


def _card(
    cards: Sequence[Card],
    seat: int,
    trick: tuple[Card, ...],
    leader: int,
    trump: Suit | None,
    contract: Contract | None,
    bidder: int | None,
    unseen_of: Callable[[], frozenset[Card]],
) -> Card:
    """
    The greedy card among *cards* (two or more) for *seat*, from what it sees: the trick and its
    leader, the contract, and the cards that may be in another hand (*unseen_of()*, asked only
    when a card's mastery is in question). :func:`choose` asks it with an observation,
    :func:`rollout` with a state.
    """
    suit_of, strength = _SUIT_OF_ID[id(trump)], _STRENGTH_ID[id(trump)]  # by identity: a suit hashes in Python
    top = Suit.JOKER if trump is None else trump
    assert contract is not None and bidder is not None
    on_bidders = seat % 2 == bidder % 2
    solo = contract in _SOLO  # contract.is_solo, by identity
    players = 3 if solo else 4

    def low(pool: Sequence[Card]) -> Card:
        return min(pool, key=lambda c: (suit_of[c] is top, strength[c]))

    def high(pool: Sequence[Card]) -> Card:
        return max(pool, key=lambda c: (suit_of[c] is top, strength[c]))

    unseen: list[frozenset[Card]] = []  # worked out at the first question, then kept

    def master(card: Card) -> bool:
        if not unseen:
            unseen.append(unseen_of())
        for c in unseen[0]:
            if suit_of[c] is suit_of[card] and strength[c] > strength[card]:
                return False
            if suit_of[card] is not top and suit_of[c] is top:
                return False
        return True

    out = (bidder + 2) % 4 if solo else None
    order = _ORDERS[leader, out]
    w = _trick_winner(trick, trump) if trick else 0
    best_suit, best = (suit_of[trick[w]], strength[trick[w]]) if trick else (None, 0)

    def wins(card: Card) -> bool:
        # Whether *card* would win the trick now (charlemagne.trick.winner against the best card so
        # far: higher in its suit, or the first trump on a card of another suit); trick not empty.
        suit = suit_of[card]
        return (suit is best_suit and strength[card] > best) or (suit is top and best_suit is not top)

    if contract.is_mulot:
        if seat == bidder:
            # Lose every trick: the highest card that does not win, else the highest (to be rid of it).
            losers = [c for c in cards if trick and not wins(c)]
            return high(losers) if losers else (low(cards) if not trick else high(cards))
        # Defenders: leave the bidder winning; under a winning bidder, shed the highest card that stays under.
        if trick and order[w] == bidder:
            under = [c for c in cards if not wins(c)]
            if under:
                return high(under)
        return low(cards)
    if not trick:
        masters = [c for c in cards if master(c)]
        if masters:
            return high(masters)
        trumps = [c for c in cards if suit_of[c] is top]
        if on_bidders and trumps and len(trumps) >= 3:
            return high(trumps)
        side = [c for c in cards if suit_of[c] is not top] or list(cards)
        return low(side)
    winner_seat = order[w]
    last = len(trick) == players - 1
    if winner_seat % 2 == seat % 2:
        if last or master(trick[w]):
            return low(cards)
    winners = [c for c in cards if wins(c)]
    if winners:
        if last:
            return low(winners)
        sure = [c for c in winners if master(c)]
        if sure:
            return low(sure)
        if winner_seat % 2 != seat % 2:
            return high(winners)
    return low(cards)


def choose(obs: Observation, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
    """The greedy Charlemagne move."""
    legal = list(legal_moves)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, Bid | Pass):
        return _bid(obs.calls, obs.hand, legal)
    if isinstance(first, ChooseSource):
        return next(m for m in legal if m.source == "kitty")
    if isinstance(first, NameTrump):
        suit, _ = _best_trump(obs.hand)
        return next(m for m in legal if m.suit is suit)
    if isinstance(first, Give):
        # The partner passes the card most likely to take a trick: a joker, a jack, an ace.
        return max(legal, key=lambda m: (m.card.suit is Suit.JOKER, m.card.rank is Rank.JACK, _rank(m.card)))
    if isinstance(first, Discard):
        trump, _ = _best_trump(obs.hand)
        return min(legal, key=lambda m: _keep_value(m.card, trump, obs.hand))
    cards = [m.card for m in legal]
    card = _play(obs, cards)
    return next(m for m in legal if isinstance(m, Play) and m.card == card)


def _rank(card: Card) -> int:
    return _PLAIN_RANK.get(card.rank, 0)


def _keep_value(card: Card, trump: Suit, hand: Sequence[Card]) -> tuple[float, int]:
    """How much the bidder wants to keep *card* (discard the lowest): trick value, then suit length."""
    length = sum(1 for c in hand if c.suit is card.suit)
    return (_trick_value(card, trump) + (0.5 if card.suit is trump else 0.0), length)


_MATCH_POINTS: Final = 64.0  # a hand's points swing, as a share of this, moves the value from 0.5
_TRICK: Final = 0.005  # a trick more or less, to break ties between moves that score the same


def value(state: State, side: int) -> float:
    """
    How good the hand just played was for *side*, from 0 to 1: the points
    it swung (a contract's points go to one side only, so tricks alone say
    little), plus a trace of the tricks taken to break ties.
    """
    return _value(state.rounds[-1], side)


def _value(last: RoundScore, side: int) -> float:
    swing = last.points[side] - last.points[1 - side]
    tricks = last.tally[side] - last.tally[1 - side]
    return min(1.0, max(0.0, 0.5 + swing / _MATCH_POINTS + _TRICK * tricks))


def plausible(world: State, obs: Observation) -> bool:
    """
    Whether the others' calls so far are the ones these rules of thumb
    would have made with their hands in *world* (checked while the bidding
    is on, when the hands are still whole): the search bot prefers such
    imagined deals, so a pass says a weak hand and a bid a strong one.
    """
    if obs.phase != "bid":
        return True
    calls = obs.calls
    for i, call in enumerate(calls):
        seat = (obs.dealer + 1 + i) % 4
        if seat == obs.seat:
            continue
        before = calls[:i]
        made = _bid(before, world.hands[seat], _bidding_moves(before))
        if made != (Pass() if call is None else Bid(call)):
            return False
    return True


def rollout(state: State, side: int, rng: random.Random) -> float:
    """
    The search bots' greedy rollout, played here: every seat makes :func:`choose`'s move to the
    end of the hand, and the result is scored as the generic rollout scores it (1 or 0 if the match
    ended, else :func:`value`). In play, the card is worked out from the state with what the seat
    may see (``charlemagne.hidden``: the kitty cards taken and the discards for the bidder, the
    thrown-out cards for the partner), without building an observation; the other phases go
    through :func:`observe` and :func:`choose`. The same moves as ``bots.playout(..., greedy=True)``
    (a test holds them equal). *rng* goes to :func:`choose`, as in the generic loop.
    """
    rounds = state.round_no
    while state.winner is None and state.round_no == rounds:
        if state.phase == "play":
            trick = state.trick
            seat = _order(state)[len(trick)]
            cards = _playable(state, seat)
            if len(cards) > 1:
                card = _card(
                    cards, seat, trick, state.leader, state.trump, state.contract, state.bidder,
                    partial(_unseen_in, state, seat),
                )  # fmt: skip
            else:
                card = cards[0]
            state = _play_card(state, card, end_round=False)
            if state.trick:
                continue
            made = _result(state, early=state.rules.end_when_decided)
            if made is None:
                continue
            result, _, winner = _hand_end(state, made)  # the hand is over: scored without the next deal
            if winner is not None:
                return 1.0 if winner == side else 0.0
            return _value(result, side)
        legal = legal_moves(state)
        if len(legal) == 1:
            move = legal[0]
        else:
            mover = to_move(state)
            assert mover is not None
            move = choose(observe(state, mover), legal, rng)
        state = apply_trusted(state, move)
    if state.winner is not None:
        return 1.0 if state.winner == side else 0.0
    return value(state, side)


def solving_key(state: State) -> Hashable:
    """
    What the rest of the hand depends on (:class:`~cardrules.engine.Solving`): in play, the
    hands, the trick and its leader and the tricks each side has taken (the contract, the bidder and
    trump stay as they are for the whole play); before play, the state itself.
    """
    if state.phase != "play":
        return state
    return (state.hands, state.trick, state.leader, state.tricks)


def _joker_apart(card: Card) -> object:
    """Every card counts the same but a joker, which the Mulot rules name: each joker is its own class."""
    return card if card.suit is Suit.JOKER else None


def solving_classes(state: State, moves: Sequence[Any]) -> Sequence[Sequence[Any]]:
    """
    In play, the plays grouped in cards worth the same for the rest of the hand: one suit as the
    rules follow it (the jacks of trump's colour among the trumps), no card still in a hand or in the
    trick between them, and never a joker with another card; the greedy card's class first, then
    from the strongest down. Before play, each move alone, in the given order.
    """
    if state.phase != "play" or len(moves) < 2:
        return [[m] for m in moves]
    trick = state.trick
    seat = _order(state)[len(trick)]
    trump = state.trump
    cards = [m.card for m in moves]
    first = _card(
        cards, seat, trick, state.leader, trump, state.contract, state.bidder, partial(_unseen_in, state, seat)
    )
    in_play = [c for hand in state.hands for c in hand] + list(trick)
    return touching_classes(
        moves, _card_of, in_play, _SUIT_OF_ID[id(trump)], _STRENGTH_ID[id(trump)], _joker_apart, first
    )


def solvable(state: State) -> bool:
    """In play, at most sixteen cards in hand (four tricks): few enough for ``hard`` to solve each deal it imagines."""
    return state.phase == "play" and sum(map(len, state.hands)) <= _SOLVABLE


_SOLVABLE: Final = 16


NOISE: Final = 0.3
"""The share of a seat's choices that :func:`likelihood` takes as made off the rules of thumb, at random."""


def likelihood(world: State, obs: Observation) -> float:
    """
    How likely the other seats' card plays of the hand so far were in *world*, a deal that *obs*'s
    seat imagines, if each seat plays :func:`choose`'s card but for a share :data:`NOISE` of its
    choices, made at random among its allowed cards: the product over their plays with a choice of
    ``(1 - NOISE) * [the greedy card] + NOISE / allowed``. The tricks are replayed from the first
    lead in *world* (its hands, the cards played since given back; the bidding, kitty and discards
    as they were). 1.0 before the play, where the observation's record of the tricks is not whole
    (a hand read from a position), or there was no choice.
    """
    history = obs.history
    if obs.phase != "play" or len(history) != sum(obs.tricks):
        return 1.0
    plays = [*history, (obs.leader, obs.trick)]
    b = world.bidder
    out = None if b is None or world.contract not in _SOLO else (b + 2) % SEATS
    hands = [list(h) for h in world.hands]
    for leader, cards in plays:
        for seat, card in zip(_ORDERS[leader, out], cards, strict=False):
            hands[seat].append(card)
    state = attrs.evolve(
        world,
        hands=tuple(_sorted_hand(h) for h in hands),
        leader=plays[0][0],
        trick=(),
        won=((), ()),
        tricks=(0, 0),
        last_trick=(),
        history=(),
    )
    weight = 1.0
    for _leader, cards in plays:
        for card in cards:
            seat = _order(state)[len(state.trick)]
            if seat != obs.seat:
                allowed = _playable(state, seat)
                if len(allowed) > 1:
                    greedy = _card(
                        allowed, seat, state.trick, state.leader, state.trump, state.contract, state.bidder,
                        partial(_unseen_in, state, seat),
                    )  # fmt: skip
                    weight *= (1.0 - NOISE) * (card is greedy) + NOISE / len(allowed)
            state = _play_card(state, card, end_round=False)
    return weight


def _card_of(move: Play) -> Card:
    return move.card


HEURISTIC: Final = Heuristic(
    choose=choose,
    value=value,
    plausible=plausible,
    rollout=rollout,
    solving=Solving(key=solving_key, classes=solving_classes, solvable=solvable, likelihood=likelihood),
)
