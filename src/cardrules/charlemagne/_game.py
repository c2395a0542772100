"""Charlemagne: state, moves, bidding, the kitty, tricks, scoring and observation."""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, Literal, TypeVar

import attrs

from cardrules import _common, _messages
from cardrules._checks import (
    NO_TRICK,
    check_counts,
    check_decks,
    check_lengths,
    check_match,
    check_order,
    check_rounds,
    check_seat,
    check_tricks,
    fail,
)
from cardrules._serial import check_pack, to_jsonable
from cardrules.cards import CHARLEMAGNE_PACK, Card, Rank, Suit
from cardrules.charlemagne._rules import RULES
from cardrules.engine import Event, LegalMoves, RoundScore, Score, ScoreItem, TupleMoves, _option_check
from cardrules.errors import (
    AmbiguousMoveError,
    InvalidDeckError,
    InvalidNotationError,
)
from cardrules.rules import Violation

SEATS: Final = 4
TARGET: Final = 32
TRICKS: Final = 8
HAND_SIZE: Final = 8
SIDES: Final = ((0, 2), (1, 3))

Phase = Literal["bid", "source", "give", "discard", "trump", "play"]
Source = Literal["kitty", "partner"]


class Contract(enum.Enum):
    """
    A bid on the ladder, low to high. The value is the notation after ``bid``.

    Example:
        >>> charlemagne.Contract("gros mulot").level > charlemagne.Contract.CHARLEMAGNE.level
        True
    """

    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    MULOT = "mulot"
    CHARLEMAGNE = "charlemagne"
    GROS_MULOT = "gros mulot"
    GROS_CHARLEMAGNE = "gros charlemagne"

    @property
    def level(self) -> int:
        """The position on the ladder, 0 (bid 5) to 7 (Gros Charlemagne)."""
        return _LEVEL[self]

    @property
    def is_number(self) -> bool:
        """Whether this is a number bid, 5 to 8 (a team contract with kitty and trump)."""
        return self.level < 4

    @property
    def is_mulot(self) -> bool:
        """Whether this is Mulot or Gros Mulot (win no trick, no trump suit)."""
        return self is Contract.MULOT or self is Contract.GROS_MULOT

    @property
    def is_solo(self) -> bool:
        """Whether the partner sits out and tricks have three cards."""
        return self.level >= 4

    @property
    def title(self) -> str:
        """The name in player words: ``"5"``, ``"Gros Mulot"``."""
        return self.value.title()

    @property
    def points(self) -> tuple[int, int]:
        """Points if made (to the bidder's team) and if missed (to the opponents) (RULINGS K8)."""
        return _POINTS[self]

    def __repr__(self) -> str:
        return f"Contract.{self.name}"


_LADDER: Final = tuple(Contract)
_LEVEL: Final = {c: i for i, c in enumerate(_LADDER)}
_POINTS: Final = {
    Contract.FIVE: (5, 5),
    Contract.SIX: (6, 6),
    Contract.SEVEN: (7, 7),
    Contract.EIGHT: (8, 8),
    Contract.MULOT: (15, 7),
    Contract.CHARLEMAGNE: (16, 8),
    Contract.GROS_MULOT: (30, 15),
    Contract.GROS_CHARLEMAGNE: (32, 16),
}
_SCORE_RULE: Final = {
    Contract.FIVE: "charlemagne.score.number",
    Contract.SIX: "charlemagne.score.number",
    Contract.SEVEN: "charlemagne.score.number",
    Contract.EIGHT: "charlemagne.score.number",
    Contract.MULOT: "charlemagne.score.mulot",
    Contract.CHARLEMAGNE: "charlemagne.score.charlemagne",
    Contract.GROS_MULOT: "charlemagne.score.gros-mulot",
    Contract.GROS_CHARLEMAGNE: "charlemagne.score.gros-charlemagne",
}


@attrs.frozen(kw_only=True)
class CharlemagneRuleset:
    """
    The options of Charlemagne (Canadian rules, to 32), each a rule of :doc:`/rules/charlemagne`.

    Attributes:
        end_when_decided: ``False`` (default): all eight tricks of a hand are
            played, as RULINGS K9 says. ``True``: the hand ends as soon as its
            result is certain: a number bid made or out of reach, a trick won
            by a Mulot bidder, a trick lost by a Charlemagne bidder
            (``charlemagne.hand.end``). The score is the same either way.
    """

    end_when_decided: bool = attrs.field(default=False, validator=_option_check("end_when_decided", (False, True)))


STANDARD: Final = CharlemagneRuleset()
"""The default ruleset: the source text as settled by RULINGS K1-K10."""


# --- moves -------------------------------------------------------------------


@attrs.frozen
class Bid:
    """Bid a contract (``bid 6``, ``bid mulot``, ``bid gros charlemagne``)."""

    _tagged: ClassVar[bool] = True
    contract: Contract = attrs.field(validator=_messages.check_kind(Contract, "a Contract"))

    def __str__(self) -> str:
        return f"bid {self.contract.value}"


@attrs.frozen
class Pass:
    """Pass in the bidding (``pass``); a pass is final."""

    _tagged: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class ChooseSource:
    """The Gros Charlemagne bidder takes the kitty or the partner's card (``source kitty``)."""

    _tagged: ClassVar[bool] = True
    source: Source = attrs.field(validator=_messages.check_kind(str, "text ('kitty' or 'partner')"))

    def __str__(self) -> str:
        return f"source {self.source}"


@attrs.frozen
class Give:
    """The partner passes a card face down to a Charlemagne bidder (``give 9C``)."""

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return f"give {self.card}"


@attrs.frozen
class Discard:
    """The bidder discards one card face down (``discard 7S``); one move per card."""

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class NameTrump:
    """The bidder names the trump suit (``trump H``)."""

    _tagged: ClassVar[bool] = True
    suit: Suit = attrs.field(validator=_messages.check_kind(Suit, "a Suit"))

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"


@attrs.frozen
class Play:
    """Play a card to the trick (``7S``, or ``play 7S``)."""

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return str(self.card)


Move = Bid | Pass | ChooseSource | Give | Discard | NameTrump | Play
MOVE_TYPES: Final = (Bid, Pass, ChooseSource, Give, Discard, NameTrump, Play)
PASS: Final = Pass()

# --- card facts, computed once -------------------------------------------------

BIG_JOKER: Final = Card(Rank.BIG, Suit.JOKER)
LITTLE_JOKER: Final = Card(Rank.LITTLE, Suit.JOKER)
_FRENCH: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SAME_COLOUR: Final = {
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
}
_PLAIN_RANK: Final = {
    Rank.ACE: 14,
    Rank.KING: 13,
    Rank.QUEEN: 12,
    Rank.JACK: 11,
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
}


def _tables(trump: Suit | None) -> tuple[dict[Card, Suit], dict[Card, int]]:
    """Each card's suit for following and its strength, with *trump* (``None``: Mulot)."""
    suit: dict[Card, Suit] = {}
    strength: dict[Card, int] = {}
    for c in CHARLEMAGNE_PACK.cards:
        if c.suit is Suit.JOKER:
            suit[c] = Suit.JOKER if trump is None else trump
            strength[c] = 20 if c.rank is Rank.BIG else 19
        elif trump is not None and c.rank is Rank.JACK and c.suit in (trump, _SAME_COLOUR[trump]):
            suit[c] = trump
            strength[c] = 18 if c.suit is trump else 17
        else:
            suit[c] = c.suit
            strength[c] = _PLAIN_RANK[c.rank]
    return suit, strength


_MODES: Final[tuple[Suit | None, ...]] = (None, *_FRENCH)
_SUIT_OF: Final = {m: _tables(m)[0] for m in _MODES}
_STRENGTH: Final = {m: _tables(m)[1] for m in _MODES}
_HAND_ORDER: Final = _common.pack_order(CHARLEMAGNE_PACK)
_JOKER: Final = Suit.JOKER

# The same tables with the mode looked up by identity: the suits are enum members (singletons),
# and a dict keyed by id() is read in C, where a Suit key calls the enum's __hash__ in Python.
# Cards are interned and hash by identity already.
_SUIT_OF_ID: Final = {id(m): _SUIT_OF[m] for m in _MODES}
_STRENGTH_ID: Final = {id(m): _STRENGTH[m] for m in _MODES}
_PLURAL: Final = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
    Suit.JOKER: "jokers",
}
_SINGULAR: Final = {
    Suit.SPADES: "a spade",
    Suit.HEARTS: "a heart",
    Suit.DIAMONDS: "a diamond",
    Suit.CLUBS: "a club",
    Suit.JOKER: "a joker",
}
_RANK_NAME: Final = {
    Rank.ACE: "ace",
    Rank.KING: "king",
    Rank.QUEEN: "queen",
    Rank.JACK: "jack",
    Rank.TEN: "10",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}


def trump_order(trump: Suit | None) -> tuple[Card, ...]:
    """
    The trumps from high to low: with a trump suit, the two jokers, the two
    jacks of its colour and the rest of the suit; with ``None`` (Mulot), the
    two jokers (``charlemagne.trump.order``, ``charlemagne.mulot.trumps``).

    Example:
        >>> " ".join(map(str, charlemagne.trump_order(cardrules.Suit.HEARTS)))
        'BJ LJ JH JD AH KH QH 10H 9H 8H 7H'
    """
    top = Suit.JOKER if trump is None else trump
    suit, strength = _SUIT_OF[trump], _STRENGTH[trump]
    return tuple(sorted((c for c in CHARLEMAGNE_PACK.cards if suit[c] is top), key=lambda c: -strength[c]))


def suit_order(suit: Suit, trump: Suit | None) -> tuple[Card, ...]:
    """
    The cards that follow *suit* when *trump* is trump (``None``: Mulot), high to low.

    Example:
        >>> " ".join(map(str, charlemagne.suit_order(cardrules.Suit.DIAMONDS, cardrules.Suit.HEARTS)))
        'AD KD QD 10D 9D 8D 7D'
    """
    table, strength = _SUIT_OF[trump], _STRENGTH[trump]
    return tuple(sorted((c for c in CHARLEMAGNE_PACK.cards if table[c] is suit), key=lambda c: -strength[c]))


def _contract_name(contract: Contract) -> str:
    """``"a bid of 6"``, ``"Mulot"``: the contract in a sentence."""
    return f"a bid of {contract.value}" if contract.is_number else contract.title


def _card_name(card: Card) -> str:
    if card.rank is Rank.BIG:
        return "the Big joker"
    if card.rank is Rank.LITTLE:
        return "the Little joker"
    return f"the {_RANK_NAME[card.rank]} of {_PLURAL[card.suit]}"


def _names(cards: Sequence[Card]) -> str:
    names = [_card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_HAND_ORDER.__getitem__))


# --- state -------------------------------------------------------------------


@attrs.frozen
class State:
    """
    A Charlemagne match at one moment, hidden cards included. Immutable.

    Build one with :func:`new_game`; change it with :func:`apply`. Never show
    a state to a player: it holds every hand, the kitty and the match seed.
    Show :func:`observe` instead.

    Attributes:
        rules: The ruleset.
        seed: The match seed; later hands are shuffled from it.
        pending_decks: Supplied deck orders for the hands not dealt yet.
        round_no: The hand in progress, from 0.
        dealer: The dealer of this hand.
        hands: The four hands, each in pack order.
        kitty: The kitty while nobody has taken it (empty once taken).
        phase: ``"bid"``, ``"source"`` (Gros Charlemagne's choice), ``"give"``
            (the partner passes a card), ``"discard"``, ``"trump"`` or ``"play"``.
        calls: The bidding so far in turn order from seat ``dealer + 1``:
            a contract for a bid, ``None`` for a pass.
        bidder: The seat playing the contract, once the bidding is over.
        contract: The contract, once the bidding is over.
        source: Gros Charlemagne's chosen source, else ``None``.
        taken: The kitty cards the bidder took into their hand (a record;
            the cards themselves are in the hand or the discards).
        passed: The card the partner passed to the bidder (a record), or ``None``.
        discards: The bidder's discards, in the order discarded.
        out: The partner's cards thrown away unseen in a solo contract.
        trump: The trump suit; ``None`` before it is named and in Mulot.
        leader: The seat that led (or leads) the current trick.
        trick: The cards of the current trick, in the order played.
        won: The cards each side has won in tricks this hand.
        tricks: The tricks each side has won this hand.
        last_trick: The last completed trick of this hand, leader's card first.
        last_leader: The seat that led ``last_trick``.
        match: Match points per side.
        rounds: Every completed hand's score.
        winner: The winning side once the match is over, else ``None``.
    """

    rules: CharlemagneRuleset
    seed: int
    pending_decks: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    phase: Phase
    calls: tuple[Contract | None, ...]
    bidder: int | None
    contract: Contract | None
    source: Source | None
    taken: tuple[Card, ...]
    passed: Card | None
    discards: tuple[Card, ...]
    out: tuple[Card, ...]
    trump: Suit | None
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    rounds: tuple[RoundScore, ...]
    winner: int | None

    @property
    def partner(self) -> int | None:
        """The bidder's partner, once the bidding is over."""
        return None if self.bidder is None else (self.bidder + 2) % SEATS


# The deal and the moves build each next State with a positional call: attrs.evolve costs three
# times as much, and keywords half as much again. The order is that of State's fields, written
# five, eleven and ten to a line:
#   rules, seed, pending_decks, round_no, dealer,
#   hands, kitty, phase, calls, bidder, contract, source, taken, passed, discards, out,
#   trump, leader, trick, won, tricks, last_trick, last_leader, match, rounds, winner


@attrs.frozen
class Observation:
    """
    What one seat may see of a Charlemagne match (RULINGS K10).

    Other hands are only counts. A card field holds cards only for the seat
    allowed to see them: ``kitty_taken`` and ``discards`` for the bidder,
    ``out`` for the partner, ``passed`` for the partner and the bidder, and
    ``open_hand`` (the Gros Mulot bidder's hand) for everyone once the first
    trick is over. ``to_dict()`` gives JSON-ready data.
    """

    seat: int
    rules: CharlemagneRuleset
    round_no: int
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int, int, int]
    kitty_count: int
    calls: tuple[Contract | None, ...]
    bidder: int | None
    contract: Contract | None
    source: Source | None
    trump: Suit | None
    kitty_taken: tuple[Card, ...]
    passed: Card | None
    discards: tuple[Card, ...]
    discard_count: int
    out: tuple[Card, ...]
    out_count: int
    open_hand: tuple[Card, ...] | None
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    rounds: tuple[RoundScore, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """The observation as plain JSON data (cards as text)."""
        data: dict[str, object] = to_jsonable(self)
        return data


# --- dealing -------------------------------------------------------------------


def _deal(
    rules: CharlemagneRuleset,
    seed: int,
    pending: tuple[tuple[Card, ...], ...],
    round_no: int,
    dealer: int,
    match: tuple[int, int],
    rounds: tuple[RoundScore, ...],
) -> State:
    """Deal hand *round_no* (K1): deck[0..31] one at a time from seat dealer + 1, deck[32:34] the kitty."""
    deck, pending = _common.next_deck(pending, CHARLEMAGNE_PACK, seed, round_no)
    dealt = SEATS * HAND_SIZE
    # deck[i] (i < 32) goes to seat (dealer + 1 + i) % 4: seat s gets every fourth card from (s - dealer - 1) % 4.
    hands = tuple(_sorted_hand(deck[(s - dealer - 1) % SEATS : dealt : SEATS]) for s in range(SEATS))
    first = (dealer + 1) % SEATS
    kitty = tuple(deck[dealt:])
    return State(
        rules, seed, pending, round_no, dealer,
        hands, kitty, "bid", (), None, None, None, (), None, (), (),
        None, first, (), ((), ()), (0, 0), (), first, match, rounds, None,
    )  # fmt: skip


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

    Dealing (RULINGS K1, C2): ``deck[i]`` for ``i < 32`` goes to seat
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
        raise TypeError(f"rules must be CharlemagneRuleset, not {type(rules).__name__}")
    seed = _common.new_seed(seed)
    pending = _common.deck_list(deck, decks, CHARLEMAGNE_PACK)
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
    if isinstance(hands, str) or len(hands) != SEATS:
        raise InvalidDeckError(f"Charlemagne has 4 hands, not {len(hands)}")
    cards = [_common.check_deck_part(h, CHARLEMAGNE_PACK, f"hand {i}") for i, h in enumerate(hands)]
    for i, h in enumerate(cards):
        if len(h) != HAND_SIZE:
            raise InvalidDeckError(f"hand {i} has {len(h)} cards; each hand has 8")
    kit = _common.check_deck_part(kitty, CHARLEMAGNE_PACK, "kitty")
    if len(kit) != 2:
        raise InvalidDeckError(f"the kitty has {len(kit)} cards; it has 2")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
        raise InvalidDeckError(f"dealer must be a seat from 0 to 3, not {dealer!r}")
    deck = [cards[(dealer + 1 + j) % SEATS][k] for k in range(HAND_SIZE) for j in range(SEATS)]
    deck.extend(kit)
    return _common.check_deck(deck, CHARLEMAGNE_PACK, "deal")


# --- turn order ------------------------------------------------------------------


def _trick_seats(leader: int, partner: int | None) -> tuple[int, ...]:
    return tuple(s for s in ((leader + i) % SEATS for i in range(SEATS)) if s != partner)


_ORDERS: Final = {(lead, p): _trick_seats(lead, p) for lead in range(SEATS) for p in (None, 0, 1, 2, 3)}
# The solo contracts (Contract.is_solo). Testing membership in a tuple of enum members is an
# identity test in C; the property goes through two Python calls and the enum's hash.
_SOLO: Final = tuple(c for c in _LADDER if c.is_solo)


def _order(state: State) -> tuple[int, ...]:
    """The seats that play the current trick, the leader first (``charlemagne.play.turn``)."""
    b = state.bidder
    sitting_out = None if b is None or state.contract not in _SOLO else (b + 2) % SEATS  # the partner, in a solo
    return _ORDERS[state.leader, sitting_out]


def to_move(state: State) -> int | None:
    """
    The seat to act, or ``None`` once the match is over.

    Example:
        >>> s = charlemagne.new_game(seed=1, dealer=3)
        >>> charlemagne.to_move(s)
        0
    """
    if state.winner is not None:
        return None
    phase = state.phase
    if phase == "play":
        return _order(state)[len(state.trick)]
    if phase == "bid":
        return (state.dealer + 1 + len(state.calls)) % SEATS
    if phase == "give":
        return state.partner
    return state.bidder


def is_over(state: State) -> bool:
    """Whether the match is over (a team has reached 32, RULINGS K8)."""
    return state.winner is not None


def _discards_due(state: State) -> int:
    """How many cards the bidder discards in all (``charlemagne.discard.count``)."""
    c = state.contract
    if c is None or c.is_mulot:
        return 0
    if c is Contract.CHARLEMAGNE:
        return 3
    if c is Contract.GROS_CHARLEMAGNE and state.source == "partner":
        return 1
    return 2


def _high_bid(state: State) -> Contract | None:
    for c in reversed(state.calls):
        if c is not None:
            return c
    return None


def _dealer_forced(state: State) -> bool:
    return len(state.calls) == SEATS - 1 and all(c is None for c in state.calls)


# --- legal moves -------------------------------------------------------------------

_BIDS: Final = {c: Bid(c) for c in _LADDER}
_SOURCES: Final = (ChooseSource("kitty"), ChooseSource("partner"))
_TRUMPS: Final = tuple(NameTrump(s) for s in _FRENCH)
_PLAYS: Final = {c: Play(c) for c in CHARLEMAGNE_PACK.cards}
_GIVES: Final = {c: Give(c) for c in CHARLEMAGNE_PACK.cards}
_DISCARDS: Final = {c: Discard(c) for c in CHARLEMAGNE_PACK.cards}
# The bidding moves after the highest bid so far (None: no bid yet): pass, then each higher bid.
_CALLS_ABOVE: Final[dict[Contract | None, tuple[Bid | Pass, ...]]] = {
    high: (PASS, *(_BIDS[c] for c in _LADDER[0 if high is None else high.level + 1 :])) for high in (None, *_LADDER)
}


_M = TypeVar("_M", Play, Give, Discard)


def _card_moves(cards: Sequence[Card], by_card: Mapping[Card, _M]) -> tuple[_M, ...]:
    """The move of each card (made once per card of the pack)."""
    return tuple(map(by_card.__getitem__, cards))


def _playable(state: State, seat: int) -> Sequence[Card]:
    """The cards *seat* may play to the trick, in hand order (K7)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    trump = state.trump
    suit_of = _SUIT_OF_ID[id(trump)]
    led = suit_of[trick[0]]
    follow = [c for c in hand if suit_of[c] is led]
    if follow:
        return follow
    if trump is None and led is not _JOKER:
        jokers = [c for c in hand if c.suit is _JOKER]
        if jokers:
            return jokers
    return hand


# The last answer of legal_moves, as (state, moves). The usual loop calls legal_moves(state) and
# then apply(state, move): apply finds the move here instead of working out the rules again.
# States are immutable, so the entry holds for as long as it is the same object; it is replaced
# as a whole, so a thread always reads a state with its own moves.
_last_legal: tuple[State | None, tuple[Move, ...]] = (None, ())


def legal_moves(state: State) -> LegalMoves[Move]:
    """
    The legal moves of the seat to move, in a fixed order.

    Bidding: ``pass`` (unless the dealer is forced to bid), then the bids
    higher than the last, low to high. Gros Charlemagne's choice: kitty,
    partner. The partner's card, the discards and the plays: one move per
    card allowed, in hand order. Trump: spades, hearts, diamonds, clubs.
    Empty only when the match is over.

    Rules: charlemagne.bid.*, charlemagne.source, charlemagne.give,
    charlemagne.discard.*, charlemagne.trump.name, charlemagne.follow.suit,
    charlemagne.mulot.*

    Example:
        >>> s = charlemagne.new_game(seed=1)
        >>> [str(m) for m in charlemagne.legal_moves(s)][:3]
        ['pass', 'bid 5', 'bid 6']
    """
    global _last_legal
    if state.winner is not None:
        return TupleMoves(())
    phase = state.phase
    moves: tuple[Move, ...]
    if phase == "play":
        seat = _order(state)[len(state.trick)]  # to_move(state), in line
        moves = _card_moves(_playable(state, seat), _PLAYS)
    elif phase == "bid":
        calls = _CALLS_ABOVE[_high_bid(state)]
        moves = calls[1:] if _dealer_forced(state) else calls
    else:
        mover = to_move(state)
        if mover is None:
            return TupleMoves(())
        if phase == "discard":
            moves = _card_moves(state.hands[mover], _DISCARDS)
        elif phase == "trump":
            moves = _TRUMPS
        elif phase == "give":
            moves = _card_moves(state.hands[mover], _GIVES)
        else:
            moves = _SOURCES
    _last_legal = (state, moves)
    return TupleMoves(moves)


# --- checking moves ----------------------------------------------------------------


def _v(rule: str, reason: str) -> Violation:
    return Violation(RULES[rule], reason)


def _who(state: State, seat: int) -> str:
    """*seat* in a message to the seat to move: ``you`` or ``seat N``."""
    return "you" if seat == to_move(state) else f"seat {seat}"


def _phase_violation(state: State, move: Move) -> Violation:
    """Why a move of the wrong kind for the phase is illegal."""
    phase = state.phase
    c = state.contract
    if isinstance(move, Bid | Pass):
        assert c is not None and state.bidder is not None
        return _v(
            "charlemagne.bid.turn",
            f"the bidding is over: {_who(state, state.bidder)} bid {c.title}, and there is one round of bidding",
        )
    if isinstance(move, NameTrump) and phase == "play":
        if state.trump is None:
            return _v(
                "charlemagne.trump.name",
                f"there is no trump to name in {c.title if c else 'Mulot'}: only the jokers are trump",
            )
        return _v("charlemagne.trump.name", f"trump is already {_PLURAL[state.trump]}; it is named once")
    if isinstance(move, Discard) and phase in ("trump", "play") and c is not None:
        due = _discards_due(state)
        if due == 0:
            return _v("charlemagne.discard.count", f"there are no discards in {c.title}: the kitty is never taken")
        return _v(
            "charlemagne.discard.count",
            f"the bidder discards {due} card{'s' if due > 1 else ''} in {_contract_name(c)}, "
            "and has already discarded them",
        )
    if isinstance(move, ChooseSource):
        return _v(
            "charlemagne.source",
            "only a Gros Charlemagne bidder chooses a source, right after the bidding",
        )
    if isinstance(move, Give) and phase != "give":
        return _v(
            "charlemagne.give",
            "a card is passed only by the partner of a Charlemagne bidder, before the discards",
        )
    if phase == "bid":
        return _v("charlemagne.bid.turn", "the bidding is not over: bid or pass")
    assert c is not None and state.bidder is not None
    if phase == "source":
        return _v(
            "charlemagne.source",
            "you bid Gros Charlemagne: first choose the kitty or your partner's card "
            "('source kitty' or 'source partner')",
        )
    if phase == "give":
        return _v(
            "charlemagne.give",
            f"you must first pass one card of your hand face down to your partner, {_who(state, state.bidder)}",
        )
    if phase == "discard":
        due = _discards_due(state)
        left = due - len(state.discards)
        return _v(
            "charlemagne.discard.count",
            f"discard {left} more card{'s' if left > 1 else ''} first: "
            f"the bidder discards {due} in {_contract_name(c)}",
        )
    if phase == "trump":
        if isinstance(move, Discard):
            return _v("charlemagne.discard.count", f"you have discarded your {len(state.discards)}; now name trump")
        return _v("charlemagne.trump.name", "name the trump suit first, such as 'trump H'")
    return _v("charlemagne.play.turn", "the hand is being played: play a card from your hand")


def _follow_violation(state: State, seat: int, card: Card) -> Violation:
    """Why *card*, held but not allowed, may not be played to this trick."""
    trump = state.trump
    suit_of = _SUIT_OF[trump]
    lead = state.trick[0]
    led = suit_of[lead]
    hand = state.hands[seat]
    follow = [c for c in hand if suit_of[c] is led]
    if follow:
        if trump is None and led is Suit.JOKER:
            return _v(
                "charlemagne.mulot.joker-led",
                f"{_card_name(lead)} was led and you hold {_card_name(follow[0])}: you must play it",
            )
        reason = f"you must follow {_PLURAL[led]}"
        notes = []
        if trump is not None and lead.suit is not led:
            notes.append(f"{_card_name(lead)} led is a trump")
        odd = [c for c in follow if c.suit is not led]
        if trump is not None and odd:
            verb = "counts" if len(odd) == 1 else "count"
            notes.append(f"{_names(odd)} {verb} as {_SINGULAR[led]} when {_PLURAL[trump]} are trump")
        if trump is not None and card.suit is led and suit_of[card] is not led:
            notes.append(f"{_card_name(card)} is a trump, not {_SINGULAR[led]}")
        if notes:
            reason += ": " + "; ".join(notes)
        return _v("charlemagne.follow.suit", reason)
    jokers = [c for c in hand if c.suit is Suit.JOKER]
    return _v(
        "charlemagne.mulot.joker-void",
        f"you have no {_PLURAL[led]} and you hold {_names(jokers)}: in Mulot a player who cannot follow "
        "and holds a joker must play a joker",
    )


def check_move(state: State, move: Move) -> Violation | None:
    """
    ``None`` if *move* is legal, else the first rule it breaks and why, in player words.

    Example:
        >>> s = charlemagne.new_game(seed=3)
        >>> charlemagne.check_move(s, charlemagne.legal_moves(s)[0]) is None
        True
        >>> print(charlemagne.check_move(s, charlemagne.Play(s.hands[charlemagne.to_move(s)][0])))
        [charlemagne.bid.turn] the bidding is not over: bid or pass

    The reason is written for the seat to move from what it may see: a card
    it does not hold gets the same words wherever the card is (another hand,
    the kitty, the discards, the cards thrown out).

    Raises:
        WrongKindError: If *state* is not a Charlemagne state (a move of the
            wrong kind is a violation of ``charlemagne.play.turn``).
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    if not isinstance(move, MOVE_TYPES):
        return _v(
            "charlemagne.play.turn",
            f"a Charlemagne move is a bid, pass, source, give, discard, trump or play, not {_messages.kind_name(move)}",
        )
    seat = to_move(state)
    if seat is None:
        return _v("charlemagne.match.target", "the match is over; no more moves are made")
    phase = state.phase
    if phase == "play" and isinstance(move, Play):
        card = move.card
        playable = _playable(state, seat)
        if card in playable:
            return None
        if card not in state.hands[seat]:
            return _v("charlemagne.play.turn", f"you do not hold {_card_name_safe(card)}")
        return _follow_violation(state, seat, card)
    if phase == "bid" and isinstance(move, Bid | Pass):
        if isinstance(move, Pass):
            if _dealer_forced(state):
                return _v(
                    "charlemagne.bid.dealer",
                    "the other three players passed, so you, the dealer, may not pass: bid 5 or higher",
                )
            return None
        if not isinstance(move.contract, Contract):
            return _v(
                "charlemagne.bid.ladder",
                "a bid is one of 5, 6, 7, 8, mulot, charlemagne, gros mulot, gros charlemagne, "
                f"not {_messages.shown(move.contract)}",
            )
        high = _high_bid(state)
        if high is None or move.contract.level > high.level:
            return None
        if high is Contract.GROS_CHARLEMAGNE:
            return _v("charlemagne.bid.ladder", "nothing is higher than Gros Charlemagne: you can only pass")
        higher = ", ".join(c.title for c in _LADDER[high.level + 1 :])
        return _v(
            "charlemagne.bid.ladder",
            f"you must bid higher than {high.title}: {higher}; {move.contract.title} is not higher",
        )
    if phase == "discard" and isinstance(move, Discard):
        if move.card in state.hands[seat]:
            return None
        return _v("charlemagne.discard.held", f"you do not hold {_card_name_safe(move.card)}, so you cannot discard it")
    if phase == "trump" and isinstance(move, NameTrump):
        if move.suit in _FRENCH:
            return None
        return _v("charlemagne.trump.name", f"trump is spades, hearts, diamonds or clubs, not {_suit_text(move.suit)}")
    if phase == "give" and isinstance(move, Give):
        if move.card in state.hands[seat]:
            return None
        return _v("charlemagne.give", f"you do not hold {_card_name_safe(move.card)}, so you cannot pass it")
    if phase == "source" and isinstance(move, ChooseSource):
        if move.source in ("kitty", "partner"):
            return None
        return _v(
            "charlemagne.source", f"the source is the kitty or the partner's card, not {_messages.shown(move.source)}"
        )
    return _phase_violation(state, move)


def _card_name_safe(card: object) -> str:
    """*card* in words: by name for a card of the pack, by its text for another card."""
    if isinstance(card, Card):
        return _card_name(card) if card in _HAND_ORDER else f"the {card}"
    return _messages.shown(card)


def _suit_text(suit: object) -> str:
    if isinstance(suit, Suit):
        return _PLURAL.get(suit, suit.value)
    return _messages.shown(suit)


# --- applying moves ------------------------------------------------------------------


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
        >>> charlemagne.apply(s, charlemagne.legal_moves(s)[0]) == s
        False

    .. versionadded:: 0.1.0
    """
    known, moves = _last_legal
    # A move that is one of the very objects legal_moves just listed for this very state is legal
    # (an identity test, in C); anything else, an equal move object included, is checked.
    if known is not state or id(move) not in map(id, moves):
        violation = check_move(state, move)
        if violation is not None:
            raise _messages.illegal(violation, to_move(state), move, format_canonical)
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
    rest = tuple([c for c in hand if c is not card])  # by identity: == calls Card.__eq__, in Python
    if len(rest) == len(hand) - 1:
        return rest
    i = hand.index(card)  # an equal card that is another object (or a card held twice)
    return hand[:i] + hand[i + 1 :]


def _call(state: State, call: Contract | None) -> State:
    s = state
    calls = (*s.calls, call)
    if len(calls) < SEATS:
        return State(
            s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
            s.hands, s.kitty, s.phase, calls, s.bidder, s.contract, s.source, s.taken, s.passed, s.discards, s.out,
            s.trump, s.leader, s.trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
        )  # fmt: skip
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
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        hands, kitty, phase, calls, bidder, contract, s.source, taken, s.passed, s.discards, out,
        s.trump, leader, s.trick, s.won, s.tricks, s.last_trick, last_leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


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
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        hands, kitty, phase, s.calls, s.bidder, s.contract, source, taken, s.passed, s.discards, out,
        s.trump, s.leader, s.trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _give(state: State, card: Card) -> State:
    s = state
    b, p = s.bidder, s.partner
    assert b is not None and p is not None
    hands = _replace(s.hands, b, _sorted_hand((*s.hands[b], card)))
    rest = _without(s.hands[p], card)
    hands = _replace(hands, p, ())
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        hands, s.kitty, "discard", s.calls, s.bidder, s.contract, s.source, s.taken, card, s.discards, rest,
        s.trump, s.leader, s.trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _discard(state: State, card: Card) -> State:
    s = state
    b = s.bidder
    assert b is not None
    discards = (*s.discards, card)
    phase: Phase = "trump" if len(discards) == _discards_due(s) else "discard"
    hands = _replace(s.hands, b, _without(s.hands[b], card))
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        hands, s.kitty, phase, s.calls, s.bidder, s.contract, s.source, s.taken, s.passed, discards, s.out,
        s.trump, s.leader, s.trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _name_trump(state: State, trump: Suit) -> State:
    s = state
    assert s.contract is not None and s.bidder is not None
    leader = s.bidder if s.contract in _SOLO else (s.bidder + 1) % SEATS
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        s.hands, s.kitty, "play", s.calls, s.bidder, s.contract, s.source, s.taken, s.passed, s.discards, s.out,
        trump, leader, s.trick, s.won, s.tricks, s.last_trick, leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index in *trick* of the card winning it (charlemagne.trick.winner)."""
    suit_of, strength = _SUIT_OF_ID[id(trump)], _STRENGTH_ID[id(trump)]
    keys = [(suit_of[c], strength[c]) for c in trick]
    top = _JOKER if trump is None else trump
    best = 0
    best_suit, best_value = keys[0]  # the best card so far is always of the suit led or a trump
    for i in range(1, len(keys)):
        suit, value = keys[i]
        # A card wins so far if it is higher in the suit of the best card, or the first trump
        # on a card of the suit led (a card of any other suit never wins).
        if (suit is best_suit and value > best_value) or (suit is top and best_suit is not top):
            best, best_suit, best_value = i, suit, value
    return best


def _play(state: State, card: Card) -> State:
    s = state
    order = _order(s)
    trick = (*s.trick, card)
    seat = order[len(trick) - 1]
    hands = _replace(s.hands, seat, _without(s.hands[seat], card))
    if len(trick) < len(order):
        return State(
            s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
            hands, s.kitty, s.phase, s.calls, s.bidder, s.contract, s.source, s.taken, s.passed, s.discards, s.out,
            s.trump, s.leader, trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
        )  # fmt: skip
    w = order[_trick_winner(trick, s.trump)]
    won, tricks = s.won, s.tricks
    if w % 2 == 0:
        won, tricks = (won[0] + trick, won[1]), (tricks[0] + 1, tricks[1])
    else:
        won, tricks = (won[0], won[1] + trick), (tricks[0], tricks[1] + 1)
    after = State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer,
        hands, s.kitty, s.phase, s.calls, s.bidder, s.contract, s.source, s.taken, s.passed, s.discards, s.out,
        s.trump, w, (), won, tricks, trick, s.leader, s.match, s.rounds, s.winner,
    )  # fmt: skip
    made = _result(after, early=after.rules.end_when_decided)
    if made is None:
        return after
    return _end_hand(after, made)


def _result(state: State, *, early: bool) -> bool | None:
    """Whether the contract is made, missed, or (``None``) not decided yet (charlemagne.hand.end)."""
    c, b = state.contract, state.bidder
    assert c is not None and b is not None
    ours, theirs = state.tricks[b % 2], state.tricks[1 - b % 2]
    if ours + theirs == TRICKS:
        early = True
    elif not early:
        return None
    if c.is_number:
        need = c.level + 5
        if ours >= need:
            return True if early else None
        return False if theirs > TRICKS - need else None
    if c.is_mulot:
        return False if ours else (True if ours + theirs == TRICKS else None)
    return False if theirs else (True if ours + theirs == TRICKS else None)


def _hand_score(state: State, made: bool | None) -> RoundScore:
    c, b = state.contract, state.bidder
    if c is None or b is None or made is None:
        return RoundScore(state.tricks, (0, 0), (), False)  # tally, points, items, complete
    side = b % 2 if made else 1 - b % 2
    value = c.points[0 if made else 1]
    ours = state.tricks[b % 2]
    name = f"bid {c.title}" if c.is_number else c.title
    label = f"{name} {'made' if made else 'missed'} ({ours} trick{'' if ours == 1 else 's'} to the bidder's team)"
    points = (value, 0) if side == 0 else (0, value)
    return RoundScore(
        tally=state.tricks,
        points=points,
        items=(ScoreItem(side, _SCORE_RULE[c], label, value),),
        complete=True,
    )


def _end_hand(state: State, made: bool) -> State:
    result = _hand_score(state, made)
    match = (state.match[0] + result.points[0], state.match[1] + result.points[1])
    rounds = (*state.rounds, result)
    winner = next((side for side in (0, 1) if match[side] >= TARGET), None)
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _deal(
        state.rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % SEATS, match, rounds
    )


# --- score and observation -------------------------------------------------------------


def score(state: State) -> Score:
    """
    The match score: points per side, the tricks of the hand in progress
    (or the last hand once the match is over), every completed hand, and the
    winner. Exactly one side scores in each completed hand.

    Rules: charlemagne.score.*, charlemagne.match.target

    Example:
        >>> charlemagne.score(charlemagne.new_game(seed=1)).match
        (0, 0)
    """
    current = state.rounds[-1] if state.winner is not None else _hand_score(state, None)
    return Score(SIDES, state.match, current, state.rounds, state.winner)  # sides, match, round, rounds, winner


def _open_hand(state: State) -> bool:
    """Whether the Gros Mulot bidder's hand is face up (after the first trick, K4)."""
    return state.contract is Contract.GROS_MULOT and state.phase == "play" and state.tricks[0] + state.tricks[1] > 0


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see (RULINGS K10, ``charlemagne.hidden``): its own hand,
    the other hands' sizes, the bidding, the trump, the trick and the cards
    won, the scores; the kitty cards only to the bidder who took them, the
    discards only to the bidder, the partner's thrown-away cards only to the
    partner, the passed card only to the partner and the bidder, and the
    Gros Mulot bidder's hand to everyone after the first trick. Never the
    seed or the undealt decks.

    Example:
        >>> o = charlemagne.observe(charlemagne.new_game(seed=1), 0)
        >>> len(o.hand), o.kitty_count
        (8, 2)
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise ValueError(f"seat must be 0 to 3, not {seat!r}")
    s = state
    h = s.hands
    b = s.bidder
    bidder = seat == b
    partner = seat == s.partner
    open_hand = h[b] if b is not None and _open_hand(s) else None
    # Positional, in the order of Observation's fields (keywords cost a third more).
    return Observation(
        seat, s.rules, s.round_no, s.dealer, s.phase, to_move(s),
        h[seat], (len(h[0]), len(h[1]), len(h[2]), len(h[3])), len(s.kitty),
        s.calls, b, s.contract, s.source, s.trump,
        s.taken if bidder else (),  # kitty_taken
        s.passed if bidder or partner else None,  # passed
        s.discards if bidder else (), len(s.discards),  # discards, discard_count
        s.out if partner else (), len(s.out),  # out, out_count
        open_hand, s.leader, s.trick, s.won, s.tricks, s.last_trick, s.last_leader, s.match, s.rounds, s.winner,
    )  # fmt: skip


# --- notation ----------------------------------------------------------------------------

_CONTRACT_TEXT: Final = {c.value: c for c in _LADDER} | {"gm": Contract.GROS_MULOT, "gc": Contract.GROS_CHARLEMAGNE}
_SUIT_TEXT: Final = (
    {s.letter.lower(): s for s in _FRENCH} | {_PLURAL[s]: s for s in _FRENCH} | {_PLURAL[s][:-1]: s for s in _FRENCH}
)
_CARD_MOVE_WORDS: Final = {"play": Play, "give": Give, "discard": Discard}
_FORMS: Final = (
    "'pass', 'bid 5' to 'bid 8', 'bid mulot', 'bid charlemagne', 'bid gros mulot', 'bid gros charlemagne', "
    "'source kitty', 'source partner', 'give 9C', 'discard 7S', 'trump H', '7S' or 'play 7S'"
)


def _bad(text: str, why: str) -> InvalidNotationError:
    return InvalidNotationError(f"{text!r} is not a Charlemagne move: {why}; write {_FORMS}")


def _candidates(text: str) -> tuple[tuple[Move, ...], bool]:
    """
    The moves *text* may mean, read without a position, and whether it was a bare card.

    Contract and source names may be shortened to any prefix (``bid gros``
    means Gros Mulot or Gros Charlemagne); a bare card is a play.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    words = text.replace("-", " ").replace("_", " ").lower().split()
    if not words:
        raise _bad(text, "it is empty")
    head, rest = words[0], words[1:]
    if head == "pass":
        if rest:
            raise _bad(text, "'pass' takes nothing after it")
        return (PASS,), False
    if head == "bid":
        if not rest:
            raise _bad(text, "say what you bid")
        what = " ".join(rest)
        exact = _CONTRACT_TEXT.get(what)
        if exact is not None:
            return (_BIDS[exact],), False
        bids = tuple(_BIDS[c] for c in _LADDER if c.value.startswith(what) and not c.is_number)
        if not bids:
            raise _bad(text, f"there is no bid {what!r}")
        return bids, False
    if head == "source":
        if len(rest) != 1:
            raise _bad(text, "write 'source kitty' or 'source partner'")
        sources = tuple(m for m in _SOURCES if m.source.startswith(rest[0]))
        if not sources:
            raise _bad(text, f"the source is the kitty or the partner, not {rest[0]!r}")
        return sources, False
    if head == "trump":
        if len(rest) != 1 or rest[0] not in _SUIT_TEXT:
            raise _bad(text, "name one suit: S, H, D or C")
        return (NameTrump(_SUIT_TEXT[rest[0]]),), False
    if head in _CARD_MOVE_WORDS:
        if len(rest) != 1:
            raise _bad(text, f"{head!r} takes one card, such as '{head} 7S'")
        card = CHARLEMAGNE_PACK.parse(rest[0])
        cls = _CARD_MOVE_WORDS[head]
        table = _PLAYS if cls is Play else _GIVES if cls is Give else _DISCARDS
        return (table[card],), False
    if rest:
        raise _bad(text, "too many words")
    return (_PLAYS[CHARLEMAGNE_PACK.parse(head)],), True


def parse_canonical(text: str) -> Move:
    """
    Read a move without a position: ``pass``, ``bid 6``, ``bid gros mulot``,
    ``source kitty``, ``give 9C``, ``discard 7S``, ``trump H``, ``7S`` or
    ``play 7S`` (case and extra spaces do not matter).

    Raises:
        InvalidNotationError: If *text* is not a move.
        InvalidCardError: If a card in it is not a card of the pack.
        AmbiguousMoveError: If a shortened name fits several moves (``bid gros``).

    Example:
        >>> charlemagne.parse_canonical("bid Gros-Mulot")
        Bid(contract=Contract.GROS_MULOT)
    """
    found, _ = _candidates(text)
    if len(found) > 1:
        raise AmbiguousMoveError(f"{text!r} could be {' or '.join(repr(str(m)) for m in found)}")
    return found[0]


def parse_move(state: State, text: str) -> Move:
    """
    Read a move in the context of *state* and check that it is legal.

    Besides the forms of :func:`parse_canonical`, a bare card means the move
    the phase calls for (``7S`` is ``discard 7S`` while the bidder discards,
    ``give 7S`` while the partner passes a card), and a shortened contract or
    source name is resolved among the legal moves.

    Raises:
        InvalidNotationError: If *text* is not a move (``InvalidCardError``
            for an unknown card).
        AmbiguousMoveError: If it fits more than one legal move.
        IllegalMoveError: If the move it means is not legal now.
        WrongKindError: If *state* is not a Charlemagne state.

    Example:
        >>> s = charlemagne.new_game(seed=1)
        >>> charlemagne.parse_move(s, "PASS")
        Pass()
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    found, bare = _candidates(text)
    if bare:
        card = found[0]
        assert isinstance(card, Play)
        if state.phase == "discard":
            found = (_DISCARDS[card.card],)
        elif state.phase == "give":
            found = (_GIVES[card.card],)
    legal = [m for m in found if check_move(state, m) is None]
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        raise AmbiguousMoveError(f"{text!r} could be {' or '.join(repr(str(m)) for m in legal)}")
    violation = check_move(state, found[0])
    assert violation is not None
    raise _messages.illegal(violation, to_move(state), found[0], format_canonical)


def format_move(state: State, move: Move) -> str:
    """
    The move's notation (the same as :func:`format_canonical`'s; it needs no context).

    Raises:
        WrongKindError: If *state* is not a Charlemagne state or *move* not a Charlemagne move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    return format_canonical(move)


def format_canonical(move: Move) -> str:
    """
    The move's context-free notation, which :func:`parse_canonical` reads back.

    Example:
        >>> charlemagne.format_canonical(charlemagne.Bid(charlemagne.Contract.GROS_CHARLEMAGNE))
        'bid gros charlemagne'
        >>> charlemagne.format_canonical(charlemagne.NameTrump(cardrules.Suit.HEARTS))
        'trump H'

    Raises:
        WrongKindError: If *move* is not a Charlemagne move.
    """
    if not isinstance(move, MOVE_TYPES):
        raise _messages.wrong_move("Charlemagne", move)
    return str(move)


# --- zones, hidden cards, consistency ---------------------------------------------------------


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """
    Where every card of the pack is: the four hands, the kitty, the bidder's
    discards, the partner's thrown-away cards, the trick and each side's won
    cards. Together always the 34 cards of the pack.
    """
    out = {f"hand {s}": hand for s, hand in enumerate(state.hands)}
    return out | {
        "kitty": state.kitty,
        "discards": state.discards,
        "out": state.out,
        "trick": state.trick,
        "won 0": state.won[0],
        "won 1": state.won[1],
    }


def _hidden_zones(state: State, seat: int) -> list[str]:
    """The zones whose cards *seat* may not see (K10)."""
    names = [f"hand {s}" for s in range(SEATS) if s != seat and not (s == state.bidder and _open_hand(state))]
    names.append("kitty")
    if seat != state.bidder:
        names.append("discards")
    if seat != state.partner:
        names.append("out")
    return names


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it may not see
    are dealt again at random among the places it may not see, keeping every
    size, and the seed and undealt decks are replaced.

    The records of the kitty cards taken and of the passed card follow the
    cards they name, so the result is a consistent position; the passed card
    stays put when *seat* is the partner, who knows it.
    """
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise ValueError(f"seat must be 0 to 3, not {seat!r}")
    z = zones(state)
    fixed = {state.passed} if seat == state.partner and state.passed is not None else set()
    places: list[tuple[str, int]] = []
    cards: list[Card] = []
    for name in _hidden_zones(state, seat):
        for i, c in enumerate(z[name]):
            if c not in fixed:
                places.append((name, i))
                cards.append(c)
    new = cards[:]
    rng.shuffle(new)
    moved = dict(zip(cards, new, strict=True))
    lists = {name: list(cs) for name, cs in z.items()}
    for (name, i), c in zip(places, new, strict=True):
        lists[name][i] = c
    return attrs.evolve(
        state,
        hands=tuple(_sorted_hand(lists[f"hand {s}"]) for s in range(SEATS)),
        kitty=tuple(lists["kitty"]),
        discards=tuple(lists["discards"]),
        out=tuple(lists["out"]),
        taken=tuple(moved.get(c, c) for c in state.taken),
        passed=None if state.passed is None else moved.get(state.passed, state.passed),
        seed=rng.getrandbits(63),
        pending_decks=(),
    )


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Charlemagne can reach.

    Checked: four hands in pack order; every card of the pack exactly once in
    the hands, the kitty, the discards, the partner's thrown-away cards, the
    trick and the won piles; the bidding, the contract and the phase; every
    size against the phase and the tricks played; the kitty cards taken and
    the passed card as the bidder's (held, discarded or played by the bidder);
    that the won tricks can have been played in some order, each going to its
    winner's side with the winner leading the next, ending with ``last_trick``
    led by ``last_leader`` and won by ``leader``; the hands' scores, the match
    points and the winner. The error's ``path`` names the field, such as
    ``$.state.calls``.
    """
    check_lengths({"hands": state.hands}, SEATS, "seat")
    if len(state.calls) > SEATS:
        raise fail("calls", f"there are at most four calls, not {len(state.calls)}")
    check_rounds(state.rounds, len(SIDES), None)
    for name in ("dealer", "leader", "last_leader"):
        check_seat(getattr(state, name), SEATS, name)
    if state.winner is not None:
        check_seat(state.winner, len(SIDES), "winner", "side")
    if state.bidder is not None:
        check_seat(state.bidder, SEATS, "bidder")
    check_counts({"round_no": [state.round_no], "tricks": state.tricks})
    check_pack(zones(state), CHARLEMAGNE_PACK)
    check_order({f"hands[{s}]": hand for s, hand in enumerate(state.hands)}, _HAND_ORDER)
    check_decks(state.pending_decks, CHARLEMAGNE_PACK)
    _check_calls(state)
    _check_sizes(state)
    _check_play(state)
    _check_scores(state)


_VALUES: Final = frozenset(v for pair in _POINTS.values() for v in pair)


def _match_winner(match: tuple[int, ...]) -> int | None:
    """The team that has won the match at these points, if any (charlemagne.match.target)."""
    return next((side for side in (0, 1) if match[side] >= TARGET), None)


def _check_calls(state: State) -> None:
    """The bidding, the contract, the source, the phase and the trump (charlemagne.bid.*, charlemagne.trump.name)."""
    calls = state.calls
    bids = [c for c in calls if c is not None]
    if any(a.level >= b.level for a, b in itertools.pairwise(bids)):
        raise fail("calls", "each bid must be higher than the one before")
    if (state.phase == "bid") != (len(calls) < SEATS):
        raise fail("phase", "the bidding is over after four calls, and only then")
    if state.phase == "bid":
        if state.bidder is not None or state.contract is not None:
            raise fail("contract", "no contract during the bidding")
        return
    if not bids:
        raise fail("calls", "the dealer must bid after three passes")
    i = max(k for k, c in enumerate(calls) if c is not None)
    if state.bidder != (state.dealer + 1 + i) % SEATS:
        raise fail("bidder", f"the bidder is the last to bid, seat {(state.dealer + 1 + i) % SEATS}")
    if state.contract is not calls[i]:
        raise fail("contract", "the contract is the last bid")
    c = state.contract
    assert c is not None
    if (state.source is not None) != (c is Contract.GROS_CHARLEMAGNE and state.phase != "source"):
        raise fail("source", "only Gros Charlemagne has a source, once chosen")
    allowed: dict[Phase, bool] = {
        "source": c is Contract.GROS_CHARLEMAGNE,
        "give": c is Contract.CHARLEMAGNE or state.source == "partner",
        "discard": not c.is_mulot,
        "trump": not c.is_mulot,
        "play": True,
        "bid": False,
    }
    if not allowed[state.phase]:
        raise fail("phase", f"phase {state.phase!r} does not occur in {c.title}")
    if (state.trump is not None) != (state.phase == "play" and not c.is_mulot):
        raise fail("trump", "trump is named after the discards, except in Mulot")
    if state.trump is not None and state.trump not in _FRENCH:
        raise fail("trump", "trump is spades, hearts, diamonds or clubs")


def _check_sizes(state: State) -> None:
    """The kitty, the passed card, the discards, the thrown-away cards and the hands against the phase."""
    n = [len(h) for h in state.hands]
    c, b, p = state.contract, state.bidder, state.partner
    taken = bool(state.taken)
    if state.phase == "bid" or c is None or b is None or p is None:
        if n != [8, 8, 8, 8] or len(state.kitty) != 2 or state.discards or state.out or state.taken:
            raise fail("hands", "during the bidding each hand has 8 cards and the kitty 2")
        if state.passed is not None or state.trick or any(state.won) or any(state.tricks) or state.source:
            raise fail("", "nothing is passed, discarded or played during the bidding")
        return
    takes = c.is_number or c is Contract.CHARLEMAGNE or state.source == "kitty"
    if taken != takes or len(state.kitty) != (0 if takes else 2) or len(state.taken) not in (0, 2):
        raise fail("taken", f"the kitty is taken in {c.title} only by a bidder who chooses it, and nobody else sees it")
    gives = c is Contract.CHARLEMAGNE or state.source == "partner"
    given = state.passed is not None
    if given != (gives and state.phase not in ("give", "source")):
        raise fail("passed", "a card is passed only in Charlemagne, once, before the discards")
    out_due = 0 if not c.is_solo or state.phase in ("source", "give") else (7 if gives else 8)
    if len(state.out) != out_due:
        raise fail("out", f"the partner throws away {out_due} cards at this point of {c.title}")
    due = _discards_due(state)
    if state.phase in ("source", "give"):
        if state.discards:
            raise fail("discards", "the discards come after the kitty and the passed card")
    elif not (len(state.discards) < due if state.phase == "discard" else len(state.discards) == due):
        raise fail("discards", f"the bidder discards {due} cards in {c.title} before trump is named")
    if state.phase != "play":
        if state.trick or any(state.won) or any(state.tricks):
            raise fail("trick", "no trick is played before the play starts")
        held = HAND_SIZE + (2 if taken else 0) + (1 if given else 0) - len(state.discards)
        want = [0 if (s == p and c.is_solo and state.phase not in ("source", "give")) else HAND_SIZE for s in range(4)]
        want[b] = held
        if n != want:
            raise fail("hands", f"the hands should have {want} cards, not {n}")
        return
    order = _ORDERS[state.leader, p if c.is_solo else None]
    size = len(order)
    done = state.tricks[0] + state.tricks[1]
    if len(state.trick) >= size or (state.winner is not None and state.trick):
        raise fail("trick", f"a trick in progress has at most {size - 1} cards, and none once the match is over")
    for side in (0, 1):
        if len(state.won[side]) != size * state.tricks[side]:
            raise fail(
                f"won[{side}]", f"side {side} holds {len(state.won[side])} won cards for {state.tricks[side]} tricks"
            )
    if done > TRICKS:
        raise fail("tricks", f"a hand has {TRICKS} tricks, not {done}")
    for s in range(SEATS):
        played = 1 if s in order[: len(state.trick)] else 0
        want_n = 0 if (c.is_solo and s == p) else HAND_SIZE - done - played
        if n[s] != want_n:
            raise fail(f"hands[{s}]", f"hand {s} has {n[s]} cards; it should have {want_n}")


def _check_play(state: State) -> None:
    """The bidder's kitty cards and passed card, and the tricks as a possible play (charlemagne.trick.winner)."""
    c, b = state.contract, state.bidder
    bidders = _check_bidders_cards(state)
    if state.phase != "play" or c is None or b is None:
        if state.winner is not None:
            raise fail("winner", "the match is won only at the end of a hand")
        first = (state.dealer + 1) % SEATS
        if state.leader != first or state.last_leader != first or state.last_trick:
            raise fail("leader", f"before the play seat {first} is the leader, and there is no last trick")
        return
    partner = (b + 2) % SEATS if c.is_solo else None
    first = b if c.is_solo else (b + 1) % SEATS
    trump = state.trump
    side = check_tricks(
        state.won,
        len(_ORDERS[first, partner]),
        first,
        lambda lead: _ORDERS[lead, partner],
        lambda trick: _trick_winner(trick, trump),
        dict.fromkeys(bidders, b),
        ("leader", state.leader, state.last_leader, state.last_trick),
    )
    if state.winner is None:
        if _result(state, early=state.rules.end_when_decided) is not None:
            raise fail("tricks", "the hand is over but was not scored")
        return
    made = _result(state, early=state.rules.end_when_decided)
    if made is None:
        raise fail("winner", "the match is won only at the end of a hand")
    before = attrs.evolve(state, tricks=(state.tricks[0] - (side == 0), state.tricks[1] - (side == 1)))
    if side == NO_TRICK or _result(before, early=state.rules.end_when_decided) is not None:
        raise fail("tricks", "the hand was decided before its last trick")
    if state.rounds[-1] != _hand_score(state, made):
        raise fail(f"rounds[{len(state.rounds) - 1}]", "the last hand's score is not that of the hand played")


def _check_bidders_cards(state: State) -> tuple[Card, ...]:
    """
    The kitty cards taken and the passed card, which went to the bidder: each
    still in the bidder's hand or discards, or played (to the trick by the
    bidder; in a won trick, which :func:`_check_play` checks). Returns them.
    """
    b = state.bidder
    passed = () if state.passed is None else (state.passed,)
    if b is None:
        return ()
    if set(passed) & set(state.taken) or len(set(state.taken)) != len(state.taken):
        raise fail("passed", "the kitty cards taken and the card passed by the partner are different cards")
    held = {*state.hands[b], *state.discards, *state.won[0], *state.won[1]}
    order = _order(state) if state.phase == "play" else ()
    for field, cards in (("taken", state.taken), ("passed", passed)):
        for card in cards:
            if card in state.trick:
                if order[state.trick.index(card)] != b:
                    raise fail("trick", f"the {_card_name(card)} went to the bidder, but another seat played it")
            elif card not in held:
                raise fail(field, f"the {_card_name(card)} went to the bidder, seat {b}, who no longer has it")
    return (*state.taken, *passed)


def _check_scores(state: State) -> None:
    """The hands' scores, the match points and the winner (charlemagne.score.*, charlemagne.match.target)."""
    over = state.winner is not None
    if state.round_no != len(state.rounds) - (1 if over else 0):
        raise fail("round_no", f"hand {state.round_no} does not follow {len(state.rounds)} completed hands")
    for i, r in enumerate(state.rounds):
        if sorted(r.points)[0] != 0 or max(r.points) not in _VALUES or len(r.items) != 1:
            raise fail(f"rounds[{i}].points", "every completed hand gives one team 5, 6, 7, 8, 15, 16, 30 or 32 points")
        if min(r.tally) < 0 or not 0 < sum(r.tally) <= TRICKS:
            raise fail(f"rounds[{i}].tally", f"a hand's tally is the tricks won by each team, 1 to {TRICKS} in all")
    check_match(state.rounds, state.match, state.winner, _match_winner)


# --- records, replays and bots -----------------------------------------------------------


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
    if state.phase != "bid":
        raise ValueError("the hand's deck is known only during the bidding, before any card has moved")
    return deck_from_hands(state.hands, state.kitty, state.dealer)


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
        raise InvalidDeckError('a Charlemagne deal is {"hands": [four lists of 8 cards], "kitty": [2 cards]}')
    hands, kitty = deal["hands"], deal["kitty"]
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise InvalidDeckError("hands must be a list of four lists of cards")
    if not isinstance(kitty, list | tuple):
        raise InvalidDeckError("kitty must be a list of two cards")
    return deck_from_hands(hands, kitty, dealer)


def _rule_of(contract: Contract) -> str:
    return "charlemagne.contract." + ("number" if contract.is_number else contract.value.replace(" ", "-"))


def _team(side: int) -> str:
    return f"seats {SIDES[side][0]}+{SIDES[side][1]}"


def events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*, in public terms: a bid or
    pass, the contract, the kitty taken, the partner's cards thrown out, the
    source chosen, a card passed or discarded face down (its card is not
    named: events may be shown to everyone), trump named, a card played, a
    trick won, the Gros Mulot hand spread, a hand scored, the next deal, the
    match won.

    Kinds: ``bid``, ``pass``, ``contract``, ``kitty``, ``out``, ``source``,
    ``give``, ``discard``, ``trump``, ``play``, ``trick``, ``open``,
    ``round``, ``deal``, ``match``.
    """
    seat = to_move(before)
    out: list[Event] = []
    if isinstance(move, Bid):
        out.append(Event("bid", "charlemagne.bid.ladder", seat, (), 0, f"seat {seat} bids {move.contract.title}"))
    elif isinstance(move, Pass):
        out.append(Event("pass", "charlemagne.bid.turn", seat, (), 0, f"seat {seat} passes"))
    elif isinstance(move, ChooseSource):
        what = "the kitty" if move.source == "kitty" else "the partner's card"
        out.append(Event("source", "charlemagne.source", seat, (), 0, f"seat {seat} chooses {what}"))
    elif isinstance(move, Give):
        out.append(
            Event(
                "give", "charlemagne.give", seat, (), 0, f"seat {seat} passes a card face down to seat {before.bidder}"
            )
        )
    elif isinstance(move, Discard):
        out.append(Event("discard", "charlemagne.discard.count", seat, (), 0, f"seat {seat} discards a card face down"))
    elif isinstance(move, NameTrump):
        out.append(Event("trump", "charlemagne.trump.name", seat, (), 0, f"{_PLURAL[move.suit]} are trump"))
    else:
        out.append(Event("play", "charlemagne.play.turn", seat, (move.card,), 0, f"seat {seat} plays {move.card}"))
    if before.phase == "bid" and after.phase != "bid":
        c, b = after.contract, after.bidder
        assert c is not None and b is not None
        out.append(Event("contract", _rule_of(c), b, (), 0, f"seat {b} plays {_contract_name(c)}"))
    if after.taken and not before.taken and after.round_no == before.round_no:
        assert after.contract is not None
        text = f"seat {after.bidder} takes the kitty"
        out.append(Event("kitty", _rule_of(after.contract), after.bidder, (), 0, text))
    if after.out and not before.out and after.round_no == before.round_no:
        text = f"seat {after.partner} throws away {len(after.out)} cards unseen and sits out"
        out.append(Event("out", "charlemagne.play.turn", after.partner, (), 0, text))
    if isinstance(move, Play) and len(before.trick) == len(_order(before)) - 1:
        trick = (*before.trick, move.card)
        w = _order(before)[_trick_winner(trick, before.trump)]
        out.append(Event("trick", "charlemagne.trick.winner", w, trick, 0, f"seat {w} wins the trick"))
        if before.contract is Contract.GROS_MULOT and sum(before.tricks) == 0 and before.bidder is not None:
            hand = after.hands[before.bidder] if after.round_no == before.round_no else ()
            text = f"seat {before.bidder} spreads their hand face up"
            out.append(Event("open", "charlemagne.contract.gros-mulot", before.bidder, hand, 0, text))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        item = result.items[0]
        out.append(
            Event("round", item.rule, None, (), item.points, f"{item.label}: {_team(item.side)} score {item.points}")
        )
        if after.winner is not None:
            w = after.winner
            text = f"{_team(w)} win the match {after.match[w]}-{after.match[1 - w]}"
            out.append(Event("match", "charlemagne.match.target", None, (), 0, text))
        else:
            out.append(Event("deal", "charlemagne.deal.rotation", after.dealer, (), 0, f"seat {after.dealer} deals"))
    return tuple(out)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards whose place it does not know are dealt at random to the places
    it cannot see (other hands, kitty, discards, the partner's thrown-away
    cards), with the right counts. A passed card the seat knows goes to the
    bidder's hand or discards; the records of the kitty cards taken and of
    the passed card are filled in consistently. Voids shown by earlier play
    are not used: the observation does not keep who played which card.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    o = observation
    seat, b = o.seat, o.bidder
    p = None if b is None else (b + 2) % SEATS
    opened = o.open_hand is not None
    located = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1]) | set(o.open_hand or ())
    if seat == b:
        located |= set(o.discards)
    if seat == p:
        located |= set(o.out)
    pool = [c for c in CHARLEMAGNE_PACK.cards if c not in located]
    sizes: dict[str, int] = {
        f"hand {s}": o.hand_counts[s] for s in range(SEATS) if s != seat and not (opened and s == b)
    }
    sizes["kitty"] = o.kitty_count
    if seat != b:
        sizes["discards"] = o.discard_count
    if seat != p:
        sizes["out"] = o.out_count
    if sum(sizes.values()) != len(pool):
        raise ValueError("the observation's counts do not account for the unseen cards")
    zone: dict[str, list[Card]] = {name: [] for name in sizes}
    if seat == p and o.passed is not None and o.passed in pool:
        pool.remove(o.passed)
        assert b is not None
        near = [f"hand {b}", "discards"]
        weights = [sizes[n] for n in near]
        zone[rng.choices(near, weights)[0]].append(o.passed)
    rng.shuffle(pool)
    for name, n in sizes.items():
        k = n - len(zone[name])
        zone[name].extend(pool[:k])
        del pool[:k]
    rng.shuffle(zone.get("discards", []))
    hands = []
    for s in range(SEATS):
        if s == seat:
            hands.append(o.hand)
        elif opened and s == b:
            hands.append(o.open_hand or ())
        else:
            hands.append(_sorted_hand(zone[f"hand {s}"]))
    discards = o.discards if seat == b else tuple(zone["discards"])
    out = o.out if seat == p else tuple(zone["out"])
    taken, passed = o.kitty_taken, o.passed
    c = o.contract
    if c is not None and b is not None and o.phase not in ("bid", "source"):
        near_bidder = [x for x in (*hands[b], *discards) if x != passed]
        takes = c.is_number or c is Contract.CHARLEMAGNE or o.source == "kitty"
        gives = (c is Contract.CHARLEMAGNE or o.source == "partner") and o.phase != "give"
        if takes and seat != b:
            taken = tuple(rng.sample(near_bidder, 2))
        if gives and seat not in (b, p):
            passed = rng.choice([x for x in near_bidder if x not in taken])
    return State(
        rules=o.rules,
        seed=rng.getrandbits(63),
        pending_decks=(),
        round_no=o.round_no,
        dealer=o.dealer,
        hands=tuple(hands),
        kitty=tuple(zone["kitty"]),
        phase=o.phase,
        calls=o.calls,
        bidder=b,
        contract=c,
        source=o.source,
        taken=taken,
        passed=passed,
        discards=discards,
        out=out,
        trump=o.trump,
        leader=o.leader,
        trick=o.trick,
        won=o.won,
        tricks=o.tricks,
        last_trick=o.last_trick,
        last_leader=o.last_leader,
        match=o.match,
        rounds=o.rounds,
        winner=o.winner,
    )
