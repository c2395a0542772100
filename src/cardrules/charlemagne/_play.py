"""Applying a Charlemagne move: the bidding, the kitty, the discards, trump, the tricks and the end of a hand."""

from __future__ import annotations

import attrs

from cardrules import _messages
from cardrules.cards import Card, Suit
from cardrules.charlemagne._cards import _sorted_hand, _trick_winner
from cardrules.charlemagne._deal import _deal
from cardrules.charlemagne._legal import _SOLO, _discards_due, _order, check_move, to_move
from cardrules.charlemagne._notation import format_canonical
from cardrules.charlemagne._score import _hand_score, _result
from cardrules.charlemagne._state import (
    SEATS,
    TARGET,
    Bid,
    Contract,
    Discard,
    Give,
    Move,
    NameTrump,
    Pass,
    Phase,
    Play,
    Source,
    State,
    _make_state,
)
from cardrules.engine import RoundScore


def apply(state: State, move: Move) -> State:
    """
    The state after *move*. *state* itself is never changed.

    After the fourth call the contract starts: a number bid or Charlemagne
    puts the kitty in the bidder's hand, Mulot throws the partner's cards
    out and starts play. When a trick is full it goes to its winner; when the
    hand is over (charlemagne.hand.end) it is scored and, unless the match is
    over, the next hand is dealt by seat ``dealer + 1``.

    Raises:
        IllegalMoveError: If *move* breaks a rule; ``err.rule`` names it.

    Example:
        >>> s = charlemagne.new_game(seed=1)
        >>> t = charlemagne.apply(s, charlemagne.parse_move(s, "bid 6"))
        >>> t.calls, charlemagne.to_move(t), s.calls
        ((Contract.SIX,), 2, ())

    .. versionadded:: 0.1.0
    """
    violation = check_move(state, move)  # every move, whatever was asked before
    if violation is not None:
        raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return apply_trusted(state, move)


def apply_trusted(state: State, move: Move) -> State:
    """
    The trusted path: :func:`apply` of a move that :func:`legal_moves` gave for this very state, or
    that was checked just now, without checking it again. The bots, the samplers and the learning
    environments use it, as ``GameSpec.trusted_apply``; a move anyone else gives goes through
    :func:`apply`. Any other move gives a wrong state or an error that is no library error.
    """
    if isinstance(move, Play):
        return _play(state, move.card)
    if isinstance(move, Bid):
        return _call(state, move.contract)
    if isinstance(move, Pass):
        return _call(state, None)
    if isinstance(move, Discard):
        return _discard(state, move.card)
    if isinstance(move, NameTrump):
        return _name_trump(state, move.suit)
    if isinstance(move, Give):
        return _give(state, move.card)
    return _choose(state, move.source)


def _replace(hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    new = list(hands)  # one copy; slicing and concatenating makes four tuples
    new[seat] = hand
    return tuple(new)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    rest = list(hand)  # a list changed and made a tuple again: cheaper than slicing twice and concatenating
    rest.remove(card)  # cards compare by identity, in C
    return tuple(rest)


def _call(state: State, call: Contract | None) -> State:
    s = state
    calls = (*s.calls, call)
    if len(calls) < SEATS:
        return _make_state(
            rules=s.rules,
            seed=s.seed,
            pending_decks=s.pending_decks,
            round_no=s.round_no,
            dealer=s.dealer,
            hands=s.hands,
            kitty=s.kitty,
            phase=s.phase,
            calls=calls,
            bidder=s.bidder,
            contract=s.contract,
            source=s.source,
            taken=s.taken,
            passed=s.passed,
            discards=s.discards,
            out=s.out,
            trump=s.trump,
            leader=s.leader,
            trick=s.trick,
            won=s.won,
            tricks=s.tricks,
            last_trick=s.last_trick,
            last_leader=s.last_leader,
            match=s.match,
            rounds=s.rounds,
            winner=s.winner,
            history=s.history,
        )
    i = max(k for k, c in enumerate(calls) if c is not None)
    bidder = (s.dealer + 1 + i) % SEATS
    contract = calls[i]
    assert contract is not None
    hands, kitty, taken, out = s.hands, s.kitty, s.taken, s.out
    leader, last_leader = s.leader, s.last_leader
    phase: Phase
    if contract.is_mulot:
        hands, out = _throw_out(hands, bidder)
        phase, leader, last_leader = "play", bidder, bidder
    elif contract is Contract.GROS_CHARLEMAGNE:
        phase = "source"
    else:  # a number bid or Charlemagne
        hands, kitty, taken = _take_kitty(hands, kitty, bidder)
        phase = "discard" if contract.is_number else "give"
    return _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=hands,
        kitty=kitty,
        phase=phase,
        calls=calls,
        bidder=bidder,
        contract=contract,
        source=s.source,
        taken=taken,
        passed=s.passed,
        discards=s.discards,
        out=out,
        trump=s.trump,
        leader=leader,
        trick=s.trick,
        won=s.won,
        tricks=s.tricks,
        last_trick=s.last_trick,
        last_leader=last_leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=s.history,
    )


def _take_kitty(
    hands: tuple[tuple[Card, ...], ...], kitty: tuple[Card, ...], bidder: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """The hands, kitty and record of the cards taken once the bidder takes the kitty."""
    return _replace(hands, bidder, _sorted_hand(hands[bidder] + kitty)), (), kitty


def _throw_out(
    hands: tuple[tuple[Card, ...], ...], bidder: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands and the partner's thrown-away cards once the bidder's partner sits out."""
    p = (bidder + 2) % SEATS
    return _replace(hands, p, ()), hands[p]


def _choose(state: State, source: Source) -> State:
    s = state
    b = s.bidder
    assert b is not None
    hands, kitty, taken, out = s.hands, s.kitty, s.taken, s.out
    phase: Phase = "give"
    if source == "kitty":
        hands, kitty, taken = _take_kitty(hands, kitty, b)
        hands, out = _throw_out(hands, b)
        phase = "discard"
    return _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=hands,
        kitty=kitty,
        phase=phase,
        calls=s.calls,
        bidder=s.bidder,
        contract=s.contract,
        source=source,
        taken=taken,
        passed=s.passed,
        discards=s.discards,
        out=out,
        trump=s.trump,
        leader=s.leader,
        trick=s.trick,
        won=s.won,
        tricks=s.tricks,
        last_trick=s.last_trick,
        last_leader=s.last_leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=s.history,
    )


def _give(state: State, card: Card) -> State:
    s = state
    b, p = s.bidder, s.partner
    assert b is not None and p is not None
    hands = _replace(s.hands, b, _sorted_hand((*s.hands[b], card)))
    rest = _without(s.hands[p], card)
    hands = _replace(hands, p, ())
    return _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=hands,
        kitty=s.kitty,
        phase="discard",
        calls=s.calls,
        bidder=s.bidder,
        contract=s.contract,
        source=s.source,
        taken=s.taken,
        passed=card,
        discards=s.discards,
        out=rest,
        trump=s.trump,
        leader=s.leader,
        trick=s.trick,
        won=s.won,
        tricks=s.tricks,
        last_trick=s.last_trick,
        last_leader=s.last_leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=s.history,
    )


def _discard(state: State, card: Card) -> State:
    s = state
    b = s.bidder
    assert b is not None
    discards = (*s.discards, card)
    phase: Phase = "trump" if len(discards) == _discards_due(s) else "discard"
    hands = _replace(s.hands, b, _without(s.hands[b], card))
    return _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=hands,
        kitty=s.kitty,
        phase=phase,
        calls=s.calls,
        bidder=s.bidder,
        contract=s.contract,
        source=s.source,
        taken=s.taken,
        passed=s.passed,
        discards=discards,
        out=s.out,
        trump=s.trump,
        leader=s.leader,
        trick=s.trick,
        won=s.won,
        tricks=s.tricks,
        last_trick=s.last_trick,
        last_leader=s.last_leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=s.history,
    )


def _name_trump(state: State, trump: Suit) -> State:
    s = state
    assert s.contract is not None and s.bidder is not None
    leader = s.bidder if s.contract in _SOLO else (s.bidder + 1) % SEATS
    return _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=s.hands,
        kitty=s.kitty,
        phase="play",
        calls=s.calls,
        bidder=s.bidder,
        contract=s.contract,
        source=s.source,
        taken=s.taken,
        passed=s.passed,
        discards=s.discards,
        out=s.out,
        trump=trump,
        leader=leader,
        trick=s.trick,
        won=s.won,
        tricks=s.tricks,
        last_trick=s.last_trick,
        last_leader=leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=s.history,
    )


def _play(state: State, card: Card, end_round: bool = True) -> State:
    """
    The state after *card*. A trick that decides the hand ends it (scored, then the next deal or
    the match's end) unless *end_round* is false: the state after the trick is returned as it is,
    not yet judged (for the bots' rollouts, which judge it with ``_result`` and :func:`_hand_end`
    instead of dealing again).
    """
    s = state
    order = _order(s)
    trick = (*s.trick, card)
    seat = order[len(trick) - 1]
    # _replace(s.hands, seat, _without(s.hands[seat], card)), inlined: this runs at every card played
    hands_now = list(s.hands)
    hand = list(hands_now[seat])
    hand.remove(card)  # cards compare by identity, in C
    hands_now[seat] = tuple(hand)
    hands = tuple(hands_now)
    if len(trick) < len(order):
        return _make_state(
            rules=s.rules,
            seed=s.seed,
            pending_decks=s.pending_decks,
            round_no=s.round_no,
            dealer=s.dealer,
            hands=hands,
            kitty=s.kitty,
            phase=s.phase,
            calls=s.calls,
            bidder=s.bidder,
            contract=s.contract,
            source=s.source,
            taken=s.taken,
            passed=s.passed,
            discards=s.discards,
            out=s.out,
            trump=s.trump,
            leader=s.leader,
            trick=trick,
            won=s.won,
            tricks=s.tricks,
            last_trick=s.last_trick,
            last_leader=s.last_leader,
            match=s.match,
            rounds=s.rounds,
            winner=s.winner,
            history=s.history,
        )
    w = order[_trick_winner(trick, s.trump)]
    won, tricks = s.won, s.tricks
    if w % 2 == 0:
        won, tricks = (won[0] + trick, won[1]), (tricks[0] + 1, tricks[1])
    else:
        won, tricks = (won[0], won[1] + trick), (tricks[0], tricks[1] + 1)
    after = _make_state(
        rules=s.rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        hands=hands,
        kitty=s.kitty,
        phase=s.phase,
        calls=s.calls,
        bidder=s.bidder,
        contract=s.contract,
        source=s.source,
        taken=s.taken,
        passed=s.passed,
        discards=s.discards,
        out=s.out,
        trump=s.trump,
        leader=w,
        trick=(),
        won=won,
        tricks=tricks,
        last_trick=trick,
        last_leader=s.leader,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        history=(*s.history, (s.leader, trick)),
    )
    if not end_round:
        return after
    made = _result(after, early=after.rules.end_when_decided)
    if made is None:
        return after
    return _end_hand(after, made)


def _hand_end(state: State, made: bool) -> tuple[RoundScore, tuple[int, int], int | None]:
    """
    For a hand just decided (*made* or not): its score, the match points after it, and the winning
    side if that ends the match (``charlemagne.match.target``, ``charlemagne.match.single``), else ``None``.
    """
    result = _hand_score(state, made)
    match = (state.match[0] + result.points[0], state.match[1] + result.points[1])
    winner = next((side for side in (0, 1) if match[side] >= TARGET), None)
    if winner is None and state.rules.single_round and match[0] != match[1]:
        winner = 0 if match[0] > match[1] else 1  # charlemagne.match.single
    return result, match, winner


def _end_hand(state: State, made: bool) -> State:
    result, match, winner = _hand_end(state, made)
    rounds = (*state.rounds, result)
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _deal(
        state.rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % SEATS, match, rounds
    )
