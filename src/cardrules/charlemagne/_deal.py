"""Dealing Charlemagne: a new match, each hand's deal, and deck orders from deals seen at a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardrules import _common, _messages
from cardrules.cards import Card
from cardrules.charlemagne._cards import _HAND_ORDER, PACK
from cardrules.charlemagne._ruleset import STANDARD, CharlemagneRuleset
from cardrules.charlemagne._state import HAND_SIZE, SEATS, State, _make_state
from cardrules.engine import RoundScore
from cardrules.errors import InvalidDeckError, WrongKindError
from cardrules.rules import Message


def _deal(
    rules: CharlemagneRuleset,
    seed: int,
    pending: tuple[tuple[Card, ...], ...],
    round_no: int,
    dealer: int,
    match: tuple[int, int],
    rounds: tuple[RoundScore, ...],
) -> State:
    """Deal hand *round_no*: deck[0..31] one at a time from seat dealer + 1, deck[32:34] the kitty."""
    deck, pending = _common.next_deck(pending, PACK, seed, round_no)
    dealt = SEATS * HAND_SIZE
    hands = _common.deal_hands(deck, dealer, SEATS, dealt, _HAND_ORDER)
    first = (dealer + 1) % SEATS
    kitty = tuple(deck[dealt:])
    return _make_state(
        rules=rules,
        seed=seed,
        pending_decks=pending,
        round_no=round_no,
        dealer=dealer,
        hands=hands,
        kitty=kitty,
        phase="bid",
        calls=(),
        bidder=None,
        contract=None,
        source=None,
        taken=(),
        passed=None,
        discards=(),
        out=(),
        trump=None,
        leader=first,
        trick=(),
        won=((), ()),
        tricks=(0, 0),
        last_trick=(),
        last_leader=first,
        match=match,
        rounds=rounds,
        winner=None,
        history=(),
    )


def new_game(
    rules: CharlemagneRuleset = STANDARD,
    *,
    seed: int | None = None,
    deck: Sequence[Card | str] | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None,
    dealer: int | None = None,
) -> State:
    """
    A new Charlemagne match with its first hand dealt, ready for bidding.

    Dealing (``charlemagne.deal``): ``deck[i]`` for ``i < 32`` goes to seat
    ``(dealer + 1 + i) % 4``; ``deck[32]`` and ``deck[33]`` are the kitty.
    Seat ``dealer + 1`` bids first. :func:`deck_from_hands` turns a deal seen
    at a real table into such a deck. Each later hand is dealt by seat
    ``dealer + 1`` from the next supplied deck, or shuffled from the seed.

    Args:
        rules: The ruleset.
        seed: Makes the match reproducible: the first dealer (unless given)
            and the shuffle of every hand not supplied. ``None`` draws one.
        deck: The first hand's deck order, 34 cards, index 0 on top; card
            texts such as ``"10H"`` or ``"BJ"`` are accepted.
        decks: Deck orders for the first hands in turn.
        dealer: The first dealer's seat, 0-3.

    Raises:
        InvalidDeckError: For a deck that is not the 34-card Charlemagne pack.
        InvalidOptionError: For a bad seed or dealer, or both deck and decks.

    Example:
        >>> s = charlemagne.new_game(seed=7)
        >>> [len(h) for h in s.hands], len(s.kitty)
        ([8, 8, 8, 8], 2)

    .. versionadded:: 0.1.0
    """
    if not isinstance(rules, CharlemagneRuleset):
        raise WrongKindError(f"rules must be a CharlemagneRuleset, not {_messages.kind_name(rules)}")
    seed = _common.new_seed(seed)
    pending = _common.deck_list(deck, decks, PACK)
    first = _common.first_dealer(seed, dealer, SEATS)
    return _deal(rules, seed, pending, 0, first, (0, 0), ())


def deck_from_hands(
    hands: Sequence[Sequence[Card | str]], kitty: Sequence[Card | str], dealer: int
) -> tuple[Card, ...]:
    """
    The deck order that deals *hands* (in seat order) and *kitty* when *dealer* deals.

    Use it to enter a deal seen at a real table:
    ``new_game(deck=deck_from_hands(hands, kitty, dealer), dealer=dealer)``.

    Raises:
        InvalidDeckError: If the hands are not eight cards each and the kitty
            two, together exactly the 34-card pack, or *dealer* is not a seat.

    Example:
        >>> s = charlemagne.new_game(seed=1, dealer=2)
        >>> charlemagne.new_game(deck=charlemagne.deck_from_hands(s.hands, s.kitty, 2), dealer=2).hands == s.hands
        True
    """
    cards = _common.table_hands(hands, dealer, PACK, SEATS, HAND_SIZE, "Charlemagne")
    kit = _common.check_deck_part(kitty, PACK, "kitty")
    if len(kit) != 2:
        raise _messages.said(InvalidDeckError, Message("the kitty has {count} cards; it has 2", count=len(kit)))
    deck = _common.in_deal_order(cards, dealer)
    deck.extend(kit)
    return _common.check_deck(deck, PACK, "deal")


def round_deck(state: State) -> tuple[Card, ...]:
    """
    The deck order that dealt the hand in progress, for a state in the bidding
    (before the kitty or any card has moved).

    Raises:
        ValueError: Once the bidding is over.

    Example:
        >>> s = charlemagne.new_game(seed=4)
        >>> charlemagne.new_game(deck=charlemagne.round_deck(s), dealer=s.dealer, seed=4) == s
        True
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    if state.phase != "bid":
        raise ValueError("the hand's deck is known only during the bidding, before any card has moved")
    return deck_from_hands(state.hands, state.kitty, state.dealer)


def new_round(state: State, deck: Sequence[Card | str]) -> State:
    """
    *state*, a hand just dealt, with that hand dealt from *deck* instead: the
    same match, hand number, dealer and scores, exactly the state a match
    given *deck* for this hand (``new_game(decks=[...])``) reaches
    (``charlemagne.deal``). Later hands are dealt as before (the supplied
    decks still pending, else the seed's shuffle).

    Raises:
        InvalidDeckError: For a deck that is not the 34-card Charlemagne pack,
            or a state whose hand has begun (a bid or pass made) or whose match is over.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    if state.winner is not None or state.phase != "bid" or state.calls:
        said = Message("a hand is dealt from a new deck only before its first bid or pass")
        raise _messages.said(InvalidDeckError, said)
    cards = _common.check_deck(deck, PACK)
    pending = (cards, *state.pending_decks)
    return _deal(state.rules, state.seed, pending, state.round_no, state.dealer, state.match, state.rounds)


def deck_from_deal(
    deal: Mapping[str, object], dealer: int, rules: CharlemagneRuleset | None = None
) -> tuple[Card, ...]:
    """
    The deck order for an explicit deal written as data:
    ``{"hands": [four lists of 8 cards, in seat order], "kitty": [2 cards]}``.

    *rules* is accepted for the records, which pass every game its ruleset; no option of this
    game changes how a deal is dealt.

    Raises:
        InvalidDeckError: If the deal is malformed or not the pack.
    """
    if not isinstance(deal, Mapping) or set(deal) != {"hands", "kitty"}:
        said = Message("a Charlemagne deal is {form}", form='{"hands": [four lists of 8 cards], "kitty": [2 cards]}')
        raise _messages.said(InvalidDeckError, said)
    hands, kitty = deal["hands"], deal["kitty"]
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise _messages.said(InvalidDeckError, Message("{key} must be a list of four lists of cards", key="hands"))
    if not isinstance(kitty, list | tuple):
        raise _messages.said(InvalidDeckError, Message("{key} must be a list of two cards", key="kitty"))
    return deck_from_hands(hands, kitty, dealer)
