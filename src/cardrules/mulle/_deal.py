"""Dealing Mulle: a new match, the deal of each round, and deck orders from dealt hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from cardrules import _common, _messages
from cardrules.cards import Card
from cardrules.engine import RoundScore
from cardrules.errors import (
    InvalidDeckError,
    WrongKindError,
)
from cardrules.mulle._cards import _ORDER, PACK, _sorted
from cardrules.mulle._ruleset import BUILDING, FISHING, MulleRuleset
from cardrules.mulle._state import State, _state
from cardrules.rules import Message


def _start_round(
    rules: MulleRuleset,
    seed: int,
    pending: tuple[tuple[Card, ...], ...],
    round_no: int,
    dealer: int,
    match: tuple[int, ...],
    rounds: tuple[RoundScore, ...],
) -> State:
    """Deal round *round_no* (mulle.deal)."""
    deck, pending = _common.next_deck(pending, PACK, seed, round_no)
    n = rules.players
    dealt = n * rules.hand_size
    hands = _common.deal_hands(deck, dealer, n, dealt, _ORDER)
    table = _sorted(deck[dealt : dealt + rules.table_size])
    sides = len(rules.sides)
    return _state(
        rules=rules,
        seed=seed,
        pending_decks=pending,
        round_no=round_no,
        dealer=dealer,
        deal_no=0,
        stock=tuple(deck[dealt + rules.table_size :]),
        hands=hands,
        table=table,
        builds=(),
        to_play=(dealer + 1) % n,
        captured=((),) * sides,
        tabbes=(0,) * sides,
        mulles=((),) * sides,
        last_capture=None,
        history=(),
        match=match,
        rounds=rounds,
        winner=None,
        start=None,
    )


def schedule(
    rules: MulleRuleset, dealer: int, plays: int
) -> tuple[list[int], set[int], int, list[int], int, int] | None:
    """
    The first *plays* plays of a round dealt by *dealer* (mulle.deal, mulle.deal.later, mulle.deal.last):
    who makes each, after which of them a deal ends, and then the deal number, the hand sizes, the
    stock size and the seat to play (the last player once the round is over). ``None`` if the round
    has fewer plays.
    """
    n, h = rules.players, rules.hand_size
    stock = len(PACK) - n * h - rules.table_size
    sizes = [h] * n
    seat = (dealer + 1) % n
    deal = 0
    seats: list[int] = []
    ends: set[int] = set()
    for k in range(plays):
        if not sizes[seat]:
            return None
        seats.append(seat)
        sizes[seat] -= 1
        if any(sizes):
            seat = (seat + 1) % n
            while not sizes[seat]:
                seat = (seat + 1) % n
        else:
            ends.add(k)
            if stock:
                dealt = min(stock, n * h)
                stock -= dealt
                deal += 1
                sizes = [len(range((s - dealer - 1) % n, dealt, n)) for s in range(n)]
                seat = (dealer + 1) % n
    return seats, ends, deal, sizes, stock, seat


def new_game(
    rules: MulleRuleset = BUILDING,
    *,
    seed: int | None = None,
    deck: Sequence[Card | str] | None = None,
    decks: Sequence[Sequence[Card | str]] | None = None,
    dealer: int | None = None,
) -> State:
    """
    A new Mulle match with its first round dealt.

    Dealing (``mulle.deal``, ``mulle.deal.later``), with ``n`` players and hand size ``h``
    (8 building, 5 fishing): ``deck[i]`` for ``i < n*h`` goes to seat
    ``(dealer + 1 + i) % n``; the next ``h`` cards (8 or 5) go face up to
    the table; the rest is the stock, dealt in the same way, ``n*h`` cards
    at a time, whenever every hand is empty. The fishing game's last deal
    goes one card at a time from seat ``dealer + 1`` as far as the cards
    reach. Seat ``dealer + 1`` plays first. :func:`deck_from_hands` turns a
    deal seen at a real table into such a deck.

    Args:
        rules: The ruleset.
        seed: Makes the match reproducible: the first dealer (unless given)
            and the shuffle of every round not supplied. ``None`` draws one.
        deck: The first round's deck order, 104 cards, index 0 on top; card
            texts such as ``"10D"`` are accepted.
        decks: Deck orders for the first rounds in turn.
        dealer: The first dealer's seat.

    Raises:
        InvalidDeckError: For a deck that is not the 104-card double pack.
        InvalidOptionError: For a bad seed or dealer, or both deck and decks.

    Example:
        >>> s = mulle.new_game(seed=7)
        >>> [len(h) for h in s.hands], len(s.table), len(s.stock)
        ([8, 8], 8, 80)

    .. versionadded:: 0.1.0
    """
    if not isinstance(rules, MulleRuleset):
        raise WrongKindError(f"rules must be a MulleRuleset, not {_messages.kind_name(rules)}")
    seed = _common.new_seed(seed)
    pending = _common.deck_list(deck, decks, PACK)
    first = _common.first_dealer(seed, dealer, rules.players)
    return _start_round(rules, seed, pending, 0, first, (0,) * len(rules.sides), ())


def deck_from_hands(
    hands: Sequence[Sequence[Card | str]],
    table: Sequence[Card | str],
    *,
    dealer: int,
    rules: MulleRuleset = BUILDING,
    stock: Sequence[Card | str] | None = None,
) -> tuple[Card, ...]:
    """
    The deck order that deals *hands* (in seat order) and *table* with *dealer* dealing.

    Use it to enter a deal seen at a real table:
    ``new_game(rules, deck=deck_from_hands(hands, table, dealer=d, rules=rules), dealer=d)``.

    Args:
        hands: The first deal's hands, one per seat, 8 cards each (fishing 5).
        table: The cards dealt face up, 8 (fishing 5).
        dealer: The dealer's seat.
        rules: The ruleset (players and game).
        stock: The undealt cards, the next one dealt first. ``None`` puts the
            rest of the pack in pack order.

    Raises:
        InvalidDeckError: If the cards are not parts of the double pack of
            the right sizes, or together not exactly the pack.
    """
    n = rules.players
    cards = _common.table_hands(
        hands, dealer, PACK, n, rules.hand_size, Message("this ruleset of {count} players", count=n)
    )
    face_up = _common.check_deck_part(table, PACK, "table")
    if len(face_up) != rules.table_size:
        said = Message("the table gets {want} cards, not {got}", want=rules.table_size, got=len(face_up))
        raise _messages.said(InvalidDeckError, said)
    deck = _common.in_deal_order(cards, dealer)
    deck.extend(face_up)
    if stock is None:
        rest = Counter(PACK.cards) - Counter(deck)
        if sum(rest.values()) != len(PACK) - len(deck):
            _common.check_deck(deck, PACK, "deal")  # raises, naming the extra cards
        deck.extend(c for c in _sorted(list(rest.elements())))
    else:
        deck.extend(_common.check_deck_part(stock, PACK, "stock"))
    return _common.check_deck(deck, PACK, "deal")


def round_deck(state: State) -> tuple[Card, ...]:
    """
    A deck order that deals the round in progress again (with its dealer),
    for a state before the round's first play.

    Raises:
        ValueError: Once a card of the round has been played.

    Example:
        >>> s = mulle.new_game(seed=4)
        >>> mulle.new_game(deck=mulle.round_deck(s), dealer=s.dealer, seed=4) == s
        True
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if state.history or state.deal_no or state.winner is not None or state.start is not None:
        raise ValueError("the round's deck is known only before its first play")
    return deck_from_hands(state.hands, state.table, dealer=state.dealer, rules=state.rules, stock=state.stock)


def new_round(state: State, deck: Sequence[Card | str]) -> State:
    """
    *state*, a round just dealt, with that round dealt from *deck* instead: the
    same match, round number, dealer and scores, exactly the state a match
    given *deck* for this round (``new_game(decks=[...])``) reaches
    (``mulle.deal``); the round's later deals come from the new deck's stock.
    Later rounds are dealt as before (the supplied decks still pending, else
    the seed's shuffle).

    Raises:
        InvalidDeckError: For a deck that is not the 104-card double pack, or
            a state whose round has begun (a card played) or whose match is over.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if state.history or state.deal_no or state.winner is not None or state.start is not None:
        raise _messages.said(InvalidDeckError, Message("a round is dealt from a new deck only before its first play"))
    cards = _common.check_deck(deck, PACK)
    pending = (cards, *state.pending_decks)
    return _start_round(state.rules, state.seed, pending, state.round_no, state.dealer, state.match, state.rounds)


def deck_from_deal(deal: Mapping[str, object], dealer: int, rules: MulleRuleset | None = None) -> tuple[Card, ...]:
    """
    The deck order for an explicit deal written as data, as records use it:
    ``{"hands": [lists of cards in seat order], "table": [cards], "stock": [cards]}``
    (``"stock"`` optional: the rest of the pack in pack order).

    With *rules* (records always give their ruleset), the deal must fit them:
    one hand per player, of the game's hand size. Without, the number of
    hands gives the players and their size the game: 8 cards the building
    game, 5 the fishing game.

    Raises:
        InvalidDeckError: If the deal is malformed, does not fit *rules*, or is not the pack.
    """
    if not isinstance(deal, Mapping) or not {"hands", "table"} <= set(deal) <= {"hands", "table", "stock"}:
        said = Message("a Mulle deal is {form}", form='{"hands": [lists of cards], "table": [cards], "stock": [cards]}')
        raise _messages.said(InvalidDeckError, said)
    hands, table, stock = deal["hands"], deal["table"], deal.get("stock")
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise _messages.said(InvalidDeckError, Message("{key} must be a list of lists of cards", key="hands"))
    if not isinstance(table, list | tuple) or (stock is not None and not isinstance(stock, list | tuple)):
        said = Message("{table} and {stock} must be lists of cards", table="table", stock="stock")
        raise _messages.said(InvalidDeckError, said)
    if rules is None:
        if len(hands) not in (2, 3, 4) or not hands or len(hands[0]) not in (5, 8):
            said = Message("a Mulle deal has 2 to 4 hands of 8 cards (building) or 5 (fishing)")
            raise _messages.said(InvalidDeckError, said)
        rules = attrs.evolve(BUILDING if len(hands[0]) == 8 else FISHING, players=len(hands))
    elif not isinstance(rules, MulleRuleset):
        said = Message(
            "{name} must be a {kind}, not {got}", name="rules", kind="MulleRuleset", got=type(rules).__name__
        )
        raise _messages.said(InvalidDeckError, said)
    return deck_from_hands(hands, table, dealer=dealer, rules=rules, stock=stock)
