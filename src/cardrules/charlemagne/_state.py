"""Charlemagne's contracts, moves, state and observation."""

from __future__ import annotations

import enum
from typing import ClassVar, Final, Literal

import attrs

from cardrules import _messages
from cardrules._kit.fast import Slotted, fast_constructor
from cardrules._kit.inference import KeepsInferences
from cardrules.cards import Card, Suit
from cardrules.charlemagne._ruleset import CharlemagneRuleset
from cardrules.engine import RoundScore

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
        """Points if made (to the bidder's team) and if missed (to the opponents): ``charlemagne.score.*``."""
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


# --- state -------------------------------------------------------------------

PlayedTricks = tuple[tuple[int, tuple[Card, ...]], ...]
"""The completed tricks of a hand, in the order played, each as ``(leader, cards)``, the leader's
card first; the seats that play a trick follow the leader in turn, skipping the partner who sits
out a solo contract."""


@attrs.frozen
class State(Slotted):
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
        leader: In the play, the seat that led (or leads) the current trick; before the play
            (bidding, the kitty, the discards, naming trump) the dealer's left, ``(dealer + 1) % 4``,
            the seat that will lead the first trick.
        trick: The cards of the current trick, in the order played.
        won: The cards each side has won in tricks this hand.
        tricks: The tricks each side has won this hand.
        last_trick: The last completed trick of this hand, leader's card first.
        last_leader: The seat that led ``last_trick``.
        match: Match points per side.
        rounds: Every completed hand's score.
        winner: The winning side once the match is over, else ``None``.
        history: The completed tricks of this hand in the order played, each
            ``(leader, cards)`` with the leader's card first: who played which
            card in which trick. A hand played with
            :func:`apply` from its deal holds all of them. A state read from a
            position or from a record without this field starts with none and
            holds the tricks played since: always the latest tricks, the last
            of them ``last_trick``.
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
    history: PlayedTricks = ()

    @property
    def partner(self) -> int | None:
        """The bidder's partner, once the bidding is over."""
        return None if self.bidder is None else (self.bidder + 2) % SEATS


_make_state: Final = fast_constructor(State)
"""``State(...)`` by keyword, for the states the engine builds itself (no checks to skip: the same
object, made without the frozen ``__init__``; see ``_kit.fast``)."""


@attrs.frozen
class Observation(KeepsInferences):
    """
    What one seat may see of a Charlemagne match (``charlemagne.hidden``).

    Other hands are only counts. A card field holds cards only for the seat
    allowed to see them: ``kitty_taken`` and ``discards`` for the bidder,
    ``out`` for the partner, ``passed`` for the partner and the bidder, and
    ``open_hand`` (the Gros Mulot bidder's hand) for everyone once the first
    trick is over. ``to_dict()`` gives JSON-ready data.

    The public record of the hand is ``calls`` (the bidding), ``bidder``,
    ``contract``, ``source`` and ``trump``, and ``history``: every completed
    trick with its leader, as :attr:`State.history`, so who played which
    card in which trick (with ``trick`` and ``leader`` for the trick in
    progress). It holds only played cards, which every seat saw.
    :func:`inferences` reads from it what the other hands cannot hold.
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
    history: PlayedTricks = ()


_make_observation: Final = fast_constructor(Observation)
"""``Observation(...)`` by keyword, for the observations :func:`observe` builds (see ``_kit.fast``)."""
