"""What one seat may see of a Charlemagne match."""

from __future__ import annotations

from cardrules import _common, _messages
from cardrules.cards import Card
from cardrules.charlemagne._legal import to_move
from cardrules.charlemagne._state import SEATS, Contract, Observation, State, _make_observation


def _open_hand(state: State) -> bool:
    """Whether the Gros Mulot bidder's hand is face up (after the first trick, ``charlemagne.contract.gros-mulot``)."""
    return state.contract is Contract.GROS_MULOT and state.phase == "play" and state.tricks[0] + state.tricks[1] > 0


def _private_seen(state: State, seat: int) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """
    What *seat* may see of the cards the bidding puts aside (``charlemagne.hidden``): the kitty
    cards taken and the discards (the bidder only), and the partner's thrown-out cards (the
    partner only). :func:`observe` shows them; the bots' rollouts read them from here too.
    """
    bidder = seat == state.bidder
    return (state.taken if bidder else (), state.discards if bidder else (), state.out if seat == state.partner else ())


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see (``charlemagne.hidden``): its own hand,
    the other hands' sizes, the bidding, the trump, the trick and the cards
    won, the scores; the kitty cards only to the bidder who took them, the
    discards only to the bidder, the partner's thrown-away cards only to the
    partner, the passed card only to the partner and the bidder, and the
    Gros Mulot bidder's hand to everyone after the first trick. Never the
    seed or the undealt decks.

    Raises:
        InvalidOptionError: If *seat* is not a seat of the game.

    Example:
        >>> o = charlemagne.observe(charlemagne.new_game(seed=1), 0)
        >>> len(o.hand), o.kitty_count
        (8, 2)
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    _common.check_seat(seat, SEATS)
    s = state
    h = s.hands
    b = s.bidder
    bidder = seat == b
    partner = seat == s.partner
    taken, discards, out = _private_seen(s, seat)
    open_hand = h[b] if b is not None and _open_hand(s) else None
    # Positional, in the order of Observation's fields, without attrs' __init__ (it checks nothing).
    return _make_observation(
        seat=seat,
        rules=s.rules,
        round_no=s.round_no,
        dealer=s.dealer,
        phase=s.phase,
        to_move=to_move(s),
        hand=h[seat],
        hand_counts=(len(h[0]), len(h[1]), len(h[2]), len(h[3])),
        kitty_count=len(s.kitty),
        calls=s.calls,
        bidder=b,
        contract=s.contract,
        source=s.source,
        trump=s.trump,
        kitty_taken=taken,
        passed=s.passed if bidder or partner else None,
        discards=discards,
        discard_count=len(s.discards),
        out=out,
        out_count=len(s.out),
        open_hand=open_hand,
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
