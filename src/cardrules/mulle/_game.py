"""Mulle: ruleset, state, moves, legal moves, apply, score and observe."""

from __future__ import annotations

import bisect
import random
import re
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from typing import ClassVar, Final, Literal, TypeVar, overload

import attrs

from cardrules import _common, _messages
from cardrules._checks import (
    check_counts,
    check_decks,
    check_lengths,
    check_match,
    check_order,
    check_rounds,
    check_seat,
    fail,
)
from cardrules._serial import check_pack, to_jsonable
from cardrules.cards import DOUBLE_FRENCH_PACK, Card, Rank, Suit
from cardrules.engine import Event, LegalMoves, RoundScore, Score, ScoreItem, _option_check
from cardrules.errors import (
    AmbiguousMoveError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidOptionError,
    WrongKindError,
)
from cardrules.mulle._captures import CaptureSpace, find_group, partitionable, random_group, subset_sums
from cardrules.mulle._rules import RULES
from cardrules.rules import Violation

PACK: Final = DOUBLE_FRENCH_PACK
_T = TypeVar("_T")

Style = Literal["building", "fishing"]
CaptureDuty = Literal["card", "hand", "none"]
MulleValue = Literal["rank", "hand", "fixed"]

_BOOLS: Final = (False, True)


@attrs.frozen(kw_only=True)
class MulleRuleset:
    """
    The options of Mulle, each a rule of :doc:`/rules/mulle`. Presets, :data:`~cardrules.mulle.BUILDING`
    (``get_game("mulle")``) and :data:`~cardrules.mulle.FISHING` (``get_game("mulle/fishing")``).

    Options that belong to one game only are refused in the other with
    :class:`~cardrules.InvalidOptionError`, so a ruleset never silently ignores one.

    Attributes:
        style: ``"building"`` (default): the building game of seed 000, 8 + 8
            cards, builds, maximal compulsory captures, card points to 100
            (RULINGS B1-B17). ``"fishing"``: the fishing game of seed 001,
            5 + 5 cards, no builds, free capture, to 16 (RULINGS F1-F8).
        players: 2 (default), 3 or 4 (``mulle.players``).
        teams: With 4 players, whether partners opposite (seats 0 and 2
            against 1 and 3) pool captures and points. ``True`` in the
            building preset, ``False`` in the fishing preset; either works in
            both. Without 4 players it has no effect (``mulle.players``).
        target: Match points that end the match (``mulle.match.target``):
            building 100 (default), 200, or 0 for a single round; fishing 16
            (default) or 21.
        capture_duty: Building only. ``"card"`` (default): a card that can
            capture may not be trailed; ``"hand"``: no trail while any hand
            card can capture or build (``mulle.capture.duty``, RULINGS B6).
            The fishing game has no duty: its value is ``"none"``.
        locking_builds: Building only. Whether a build may be locked by
            adding a card of its value (``mulle.build.lock``, RULINGS B9).
            Default ``False``.
        mulle_value: What a mulle scores (``mulle.mulle.value``, RULINGS
            B11): ``"rank"`` (building default; ace 14, others their rank
            value), ``"hand"`` (the 2 of spades 15, the 10 of diamonds 16) or
            ``"fixed"`` (5; the fishing game's only value, RULINGS F4).
        krypmulle: Building only. Points are bad: the side with the fewest
            points at the target wins (``mulle.krypmulle``, RULINGS B16; an
            interpretation). Default ``False``.
        glimne: Fishing only. Dan Glimne's variant: a mulle may take other
            cards with the twin (``mulle.fishing.mulle``, RULINGS F4).
            Default ``False``.
        most_cards: Fishing only. House rule: 1 point for the most cards,
            none on a tie (``mulle.fishing.most-cards``, RULINGS F6).
            Default ``False``.
    """

    style: Style = attrs.field(default="building", validator=_option_check("style", ("building", "fishing")))
    players: int = attrs.field(default=2, validator=_option_check("players", (2, 3, 4)))
    teams: bool = attrs.field(default=True, validator=_option_check("teams", _BOOLS))
    target: int = attrs.field(default=100, validator=_option_check("target", (0, 16, 21, 100, 200)))
    capture_duty: CaptureDuty = attrs.field(
        default="card", validator=_option_check("capture_duty", ("card", "hand", "none"))
    )
    locking_builds: bool = attrs.field(default=False, validator=_option_check("locking_builds", _BOOLS))
    mulle_value: MulleValue = attrs.field(
        default="rank", validator=_option_check("mulle_value", ("rank", "hand", "fixed"))
    )
    krypmulle: bool = attrs.field(default=False, validator=_option_check("krypmulle", _BOOLS))
    glimne: bool = attrs.field(default=False, validator=_option_check("glimne", _BOOLS))
    most_cards: bool = attrs.field(default=False, validator=_option_check("most_cards", _BOOLS))

    def __attrs_post_init__(self) -> None:
        if self.style == "building":
            if self.target not in (0, 100, 200):
                raise InvalidOptionError(
                    f"option target of the building game takes 100, 200 or 0 (a single round), not {self.target}"
                )
            if self.capture_duty == "none":
                raise InvalidOptionError("option capture_duty of the building game takes card or hand, not none")
            for name in ("glimne", "most_cards"):
                if getattr(self, name):
                    raise InvalidOptionError(f"option {name} belongs to the fishing game (mulle/fishing)")
        else:
            if self.target not in (16, 21):
                raise InvalidOptionError(f"option target of the fishing game takes 16 or 21, not {self.target}")
            if self.capture_duty != "none":
                raise InvalidOptionError("the fishing game has no capture duty: capture_duty must be none")
            if self.mulle_value != "fixed":
                raise InvalidOptionError("a mulle of the fishing game scores a fixed 5: mulle_value must be fixed")
            for name in ("locking_builds", "krypmulle"):
                if getattr(self, name):
                    raise InvalidOptionError(f"option {name} belongs to the building game (mulle)")

    @property
    def building(self) -> bool:
        """Whether these are the building rules (``style == "building"``)."""
        return self.style == "building"

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player per deal: 8 building, 5 fishing."""
        return 8 if self.style == "building" else 5

    @property
    def table_size(self) -> int:
        """Cards dealt face up to the table at the start of a round: 8 building, 5 fishing."""
        return 8 if self.style == "building" else 5

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` for teams, else one seat per side."""
        if self.players == 4 and self.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        """The side index of *seat*."""
        return seat % 2 if self.players == 4 and self.teams else seat


BUILDING: Final = MulleRuleset()
"""The building game (seed 000 as settled by RULINGS B1-B17): ``get_game("mulle")``."""

FISHING: Final = MulleRuleset(style="fishing", teams=False, target=16, capture_duty="none", mulle_value="fixed")
"""The fishing game (seed 001 as settled by RULINGS F1-F8): ``get_game("mulle/fishing")``."""


# --- moves -----------------------------------------------------------------------

_ORDER: Final = _common.pack_order(PACK)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


class _TakenOrder(dict[Card, int]):
    """
    The sort key of :attr:`Capture.taken`: pack order, then any card of
    another pack (which no capture can take) in a fixed order after it; an
    item that is not a card is refused.
    """

    def __missing__(self, key: object) -> int:
        if isinstance(key, Card):
            return len(self) + int.from_bytes(str(key).encode(), "big")
        raise WrongKindError(f"a capture takes cards, not {_messages.shown(key)}")


_TAKEN_ORDER: Final = _TakenOrder(_ORDER)


def _taken(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The converter of :attr:`Capture.taken`: the cards in pack order (the common case costs one sort)."""
    try:
        return tuple(sorted(cards, key=_TAKEN_ORDER.__getitem__))
    except TypeError:  # a WrongKindError from the key, or cards that are not a sequence of cards
        pass
    if isinstance(cards, str):
        raise WrongKindError(f"a capture takes a sequence of cards, not the text {_messages.shown(cards)}")
    try:
        items = list(cards)
    except TypeError:
        raise WrongKindError(f"a capture takes a sequence of cards, not {_messages.shown(cards)}") from None
    bad = [c for c in items if not isinstance(c, Card)]
    raise WrongKindError("a capture takes cards" + (f", not {_messages.shown(bad[0])}" if bad else ""))


@attrs.frozen
class Capture:
    """
    Play *card* to take *taken* (loose table cards) and, under the building
    rules, every build of value *value*, which the move implies.

    Two captures taking the same cards with the same card are the same move,
    however the cards are grouped: *taken* is kept in pack order.

    Attributes:
        card: The hand card played.
        taken: The loose table cards taken, in pack order (possibly empty
            under the building rules when only builds are taken).
        value: The played card's value for this capture: its hand value
            (building: ace 14, 2 of spades 15, 10 of diamonds 16); in the
            fishing game an ace's chosen 1 or 14.
    """

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)
    taken: tuple[Card, ...] = attrs.field(converter=_taken)
    value: int

    def __str__(self) -> str:
        return format_canonical(self)


@attrs.frozen
class Build:
    """
    Play *card* onto a table item to make (or raise, or lock) a build of *value*.

    Attributes:
        card: The hand card played.
        onto: A loose table card (a new build), or the index of a build in
            ``State.builds`` (raising it, or locking it when *value* is
            the build's own value).
        value: The build's value afterwards.
    """

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)
    onto: Card | int
    value: int

    def __str__(self) -> str:
        return format_canonical(self)


@attrs.frozen
class Trail:
    """Lay *card* face up on the table."""

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return format_canonical(self)


Move = Capture | Build | Trail


@attrs.frozen
class TableBuild:
    """
    A build on the table. Its cards are public.

    Attributes:
        cards: Its cards, the table card first, then each card added in turn.
        value: The value that captures it.
        owner: The seat that made, last raised or locked it.
        locked: Whether it is locked (``mulle.build.lock``).
    """

    cards: tuple[Card, ...]
    value: int
    owner: int
    locked: bool = False


@attrs.frozen
class Mulle:
    """
    One mulle scored in a capture.

    Attributes:
        card: The mulled card: the played card's twin, or the card of a captured pair.
        double: Whether it is a double mulle (both copies captured).
        points: What it scores.
    """

    card: Card
    double: bool
    points: int


@attrs.frozen
class Turn:
    """
    The public record of one play.

    Attributes:
        seat: Who played.
        move: The move.
        builds: For a capture, the cards of each build it took.
        mulles: The mulles it scored.
        tabbe: Whether it scored a tabbe.
    """

    seat: int
    move: Move
    builds: tuple[tuple[Card, ...], ...] = ()
    mulles: tuple[Mulle, ...] = ()
    tabbe: bool = False


# --- values ------------------------------------------------------------------------

_LILLAN: Final = Card(Rank.TWO, Suit.SPADES)
_STORAN: Final = Card(Rank.TEN, Suit.DIAMONDS)
_TVAL: Final[dict[Card, int]] = {c: c.rank.pips for c in PACK.cards}
_BHV: Final[dict[Card, int]] = {
    c: 14 if c.rank is Rank.ACE else 15 if c == _LILLAN else 16 if c == _STORAN else c.rank.pips for c in PACK.cards
}
_SCORING: Final = frozenset(c for c in PACK.cards if c.rank is Rank.ACE or c in (_LILLAN, _STORAN))
_SUMS16: Final = (1 << 17) - 1
_FISHING_VALUES: Final = {c: (1, 14) if c.rank is Rank.ACE else (_TVAL[c],) for c in PACK.cards}
_BINFO: Final = {c: (_BHV[c], 1 << _BHV[c], _TVAL[c], c not in _SCORING) for c in PACK.cards}
"""Per card, building rules: hand value, its bit, table value, whether it may be built (mulle.build.scoring-card)."""


def _hand_values(rules: MulleRuleset, card: Card) -> tuple[int, ...]:
    """The values *card* may capture with (fishing ace: 1 and 14)."""
    return (_BHV[card],) if rules.building else _FISHING_VALUES[card]


def _build_value(card: Card) -> int:
    return _BHV[card]


def _card_points(card: Card) -> int:
    """Building card points (mulle.points.cards)."""
    if card.suit is Suit.SPADES:
        return 2 if card.rank in (Rank.ACE, Rank.TWO) else 1
    if card.rank is Rank.ACE:
        return 1
    return 2 if card == _STORAN else 0


_CARD_POINTS: Final = {c: _card_points(c) for c in PACK.cards}


def _mulle_points(rules: MulleRuleset, card: Card) -> int:
    if rules.mulle_value == "fixed":
        return 5
    if card.rank is Rank.ACE:
        return 14
    if rules.mulle_value == "hand":
        return _BHV[card]
    return _TVAL[card]


# --- state ------------------------------------------------------------------------


@attrs.frozen
class State:
    """
    A Mulle match at one moment, hidden cards included. Immutable.

    Build one with :func:`new_game`; change it with :func:`apply`. Never show
    a state to a player: it holds every hand, the stock and the match seed.
    Show :func:`observe` instead.

    Attributes:
        rules: The ruleset.
        seed: The match seed; later rounds are shuffled from it.
        pending_decks: Supplied deck orders for the rounds not dealt yet.
        round_no: The round in progress, from 0.
        dealer: The dealer of this round.
        deal_no: The deal in progress within the round, from 0.
        stock: The undealt cards, the next one dealt first.
        hands: Each seat's hand, in pack order.
        table: The loose table cards, in pack order.
        builds: The builds on the table, oldest first.
        to_play: The seat to play (meaningless once the match is over).
        captured: Each side's captured cards this round.
        tabbes: Each side's tabbes this round.
        mulles: Each side's mulles this round.
        last_capture: The seat that captured last this round, or ``None``.
        history: Every play of this round, in order.
        match: Match points per side.
        rounds: Every completed round's score.
        winner: The winning side once the match is over, else ``None``.
    """

    rules: MulleRuleset
    seed: int
    pending_decks: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    deal_no: int
    stock: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    to_play: int
    captured: tuple[tuple[Card, ...], ...]
    tabbes: tuple[int, ...]
    mulles: tuple[tuple[Mulle, ...], ...]
    last_capture: int | None
    history: tuple[Turn, ...]
    match: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    winner: int | None


@attrs.frozen
class Observation:
    """
    What one seat may see of a Mulle match: its own hand, the other hands'
    sizes, the stock's size, the table with its builds (cards, values,
    owners), every play of the round, the captured piles' sizes and the
    scores. It has no field that could hold a hidden card. ``to_dict()``
    gives JSON-ready data.
    """

    seat: int
    rules: MulleRuleset
    round_no: int
    dealer: int
    deal_no: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    table: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    captured_counts: tuple[int, ...]
    tabbes: tuple[int, ...]
    mulles: tuple[tuple[Mulle, ...], ...]
    last_capture: int | None
    history: tuple[Turn, ...]
    sides: tuple[tuple[int, ...], ...]
    match: tuple[int, ...]
    rounds: tuple[RoundScore, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """The observation as plain JSON data (cards as text)."""
        data: dict[str, object] = to_jsonable(self)
        return data


# --- dealing ------------------------------------------------------------------------


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
    if pending:
        deck, pending = pending[0], pending[1:]
    else:
        deck = _common.round_deck(PACK, seed, round_no)
    n = rules.players
    dealt = n * rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % n].append(deck[i])
    table = _sorted(deck[dealt : dealt + rules.table_size])
    sides = len(rules.sides)
    return State(
        rules=rules,
        seed=seed,
        pending_decks=pending,
        round_no=round_no,
        dealer=dealer,
        deal_no=0,
        stock=tuple(deck[dealt + rules.table_size :]),
        hands=tuple(_sorted(h) for h in hands),
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
    )


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

    Dealing (RULINGS B2, F2, C2), with ``n`` players and hand size ``h``
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
        raise TypeError(f"rules must be MulleRuleset, not {type(rules).__name__}")
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
    if len(hands) != n:
        raise InvalidDeckError(f"this ruleset has {n} players, so {n} hands, not {len(hands)}")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise InvalidDeckError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    h = rules.hand_size
    cards = [_common.check_deck_part(hand, PACK, f"hand {i}") for i, hand in enumerate(hands)]
    for i, hand in enumerate(cards):
        if len(hand) != h:
            raise InvalidDeckError(f"hand {i} has {len(hand)} cards; each hand gets {h}")
    face_up = _common.check_deck_part(table, PACK, "table")
    if len(face_up) != rules.table_size:
        raise InvalidDeckError(f"the table gets {rules.table_size} cards, not {len(face_up)}")
    deck: list[Card] = []
    for k in range(h):
        for j in range(n):
            deck.append(cards[(dealer + 1 + j) % n][k])
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
    if state.history or state.deal_no or state.winner is not None:
        raise ValueError("the round's deck is known only before its first play")
    return deck_from_hands(state.hands, state.table, dealer=state.dealer, rules=state.rules, stock=state.stock)


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
        raise InvalidDeckError('a Mulle deal is {"hands": [lists of cards], "table": [cards], "stock": [cards]}')
    hands, table, stock = deal["hands"], deal["table"], deal.get("stock")
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise InvalidDeckError("hands must be a list of lists of cards")
    if not isinstance(table, list | tuple) or (stock is not None and not isinstance(stock, list | tuple)):
        raise InvalidDeckError("table and stock must be lists of cards")
    if rules is None:
        if len(hands) not in (2, 3, 4) or not hands or len(hands[0]) not in (5, 8):
            raise InvalidDeckError("a Mulle deal has 2 to 4 hands of 8 cards (building) or 5 (fishing)")
        rules = attrs.evolve(BUILDING if len(hands[0]) == 8 else FISHING, players=len(hands))
    elif not isinstance(rules, MulleRuleset):
        raise InvalidDeckError(f"rules must be a MulleRuleset, not {type(rules).__name__}")
    return deck_from_hands(hands, table, dealer=dealer, rules=rules, stock=stock)


# --- whose turn ------------------------------------------------------------------------


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` once the match is over."""
    return None if state.winner is not None else state.to_play


def is_over(state: State) -> bool:
    """Whether the match is over (``mulle.match.target``)."""
    return state.winner is not None


# --- rules helpers ------------------------------------------------------------------------


def _loose_mask(state: State) -> int:
    return subset_sums([_TVAL[c] for c in state.table], 16)


def _can_capture(state: State, t: int, mask: int) -> bool:
    if (mask >> t) & 1:
        return True
    return state.rules.building and any(b.value == t for b in state.builds)


def _owned(state: State, seat: int) -> list[TableBuild]:
    return [b for b in state.builds if b.owner == seat]


def _owner_blocks(state: State, seat: int, hand: tuple[Card, ...], card: Card) -> int | None:
    """The value V if playing *card* other than to capture breaks mulle.build.owner's last-card rule."""
    v = _BHV[card]
    if any(b.value == v for b in _owned(state, seat)) and sum(1 for c in hand if _BHV[c] == v) == 1:
        return v
    return None


def _build_targets(state: State, seat: int, card: Card) -> list[Build]:
    """Every legal build with *card* (building rules), in table order."""
    rules = state.rules
    if not rules.building or card in _SCORING:
        return []
    hand = state.hands[seat]
    if _owner_blocks(state, seat, hand, card) is not None:
        return []
    rest = list(hand)
    rest.remove(card)
    keep = {_BHV[c] for c in rest}
    hv = _TVAL[card]
    out: list[Build] = []
    prev: Card | None = None
    for x in state.table:
        if x == prev:
            continue
        prev = x
        v = hv + _TVAL[x]
        if 2 <= v <= 16 and v in keep:
            out.append(Build(card, x, v))
    for i, b in enumerate(state.builds):
        if b.locked:
            continue
        v = b.value + hv
        if v <= 16 and v in keep:
            out.append(Build(card, i, v))
        if rules.locking_builds and b.value == hv and hv in keep:
            out.append(Build(card, i, hv))
    return out


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """The distinct cards of *cards*, in order (equal cards are adjacent in hands and on the table)."""
    return list(dict.fromkeys(cards))


def _trail_violation(state: State, seat: int, card: Card, mask: int) -> Violation | None:
    rules = state.rules
    if not rules.building:
        return None
    owned = _owned(state, seat)
    if owned:
        values = ", ".join(str(b.value) for b in owned)
        return Violation(
            RULES["mulle.build.owner"],
            f"you own a build ({values}) on the table, so you may not trail: capture or build instead",
        )
    if rules.capture_duty == "card":
        t = _BHV[card]
        if _can_capture(state, t, mask):
            return Violation(
                RULES["mulle.capture.duty"],
                f"your {card} can capture ({_describe_capture(state, t)}), so you may not trail it",
            )
        return None
    for c in _distinct(state.hands[seat]):
        t = _BHV[c]
        if _can_capture(state, t, mask):
            return Violation(
                RULES["mulle.capture.duty"],
                f"your {c} can capture ({_describe_capture(state, t)}); with capture_duty=hand you may not "
                "trail while any card can capture or build",
            )
        builds = _build_targets(state, seat, c)
        if builds:
            return Violation(
                RULES["mulle.capture.duty"],
                f"you can build ({_format_build(state, builds[0])}); with capture_duty=hand you may not "
                "trail while any card can capture or build",
            )
    return None


def _describe_capture(state: State, t: int) -> str:
    for b in state.builds:
        if b.value == t:
            return f"the build {_build_text(b)}"
    values = [_TVAL[c] for c in state.table]
    group = find_group(state.table, values, t)
    return "+".join(map(str, group)) if group else f"a {t}"


def _build_text(b: TableBuild) -> str:
    return "[" + "+".join(map(str, b.cards)) + "]"


# --- legal moves ------------------------------------------------------------------------

_SPACES: OrderedDict[tuple[object, ...], CaptureSpace] = OrderedDict()
_SPACE_CACHE: Final = 512


_SPACES_LOCK: Final = threading.Lock()
"""Guards every use of ``_SPACES``: a lookup and its move to the end are one step for other threads."""


def _space(loose: tuple[Card, ...], t: int, maximal: bool, allow_empty: bool) -> CaptureSpace:
    """A (cached) capture space: counting work is shared by every call on the same table."""
    key = (loose, t, maximal, allow_empty)
    with _SPACES_LOCK:
        sp = _SPACES.get(key)
        if sp is not None:
            _SPACES.move_to_end(key)
            return sp
    made = CaptureSpace(loose, _TVAL, t, maximal, allow_empty)  # outside the lock: other tables go on
    with _SPACES_LOCK:
        sp = _SPACES.setdefault(key, made)  # a thread that made the same space first wins
        while len(_SPACES) > _SPACE_CACHE:
            _SPACES.popitem(last=False)
    return sp


class _Captures(tuple[Card, int, tuple[Card, ...], bool, bool]):
    """
    Every capture with one card at one value: a lazily counted family of moves.

    ``_Captures((card, t, table, maximal, allow_empty))``. A tuple, because
    :func:`legal_moves` makes one for every card that can capture and a tuple
    is made in C.
    """

    __slots__ = ()

    @property
    def card(self) -> Card:
        """The hand card played."""
        return self[0]

    @property
    def t(self) -> int:
        """The value it captures."""
        return self[1]

    @property
    def space(self) -> CaptureSpace:
        """The capture space, made (or fetched from the cache) only when counting or listing."""
        return _space(self[2], self[1], self[3], self[4])

    def move(self, taken: Sequence[Card]) -> Capture:
        return Capture(self[0], taken, self[1])  # the converter sorts taken into a tuple


_BUILDS: dict[tuple[Card, int, int], Build] = {}


def _build(card: Card, onto: int, value: int) -> Build:
    """``Build(card, onto, value)`` onto a build, made once and shared: moves are immutable (a few thousand)."""
    key = (card, onto, value)
    move = _BUILDS.get(key)
    if move is None:
        move = _BUILDS[key] = Build(card, onto, value)
    return move


class _BuildsOnto(dict[Card, Build]):
    """The build of one hand card onto each loose card (the two cards fix its value), made once and shared."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card

    def __missing__(self, onto: Card) -> Build:
        card = self.card
        move = self[onto] = Build(card, onto, _BINFO[card][2] + _TVAL[onto])
        return move


_ONTO: Final = {c: _BuildsOnto(c) for c in PACK.cards}
_LOOSE: Final = {c: (c, _TVAL[c]) for c in PACK.cards}  # a loose card and its value, made once

_Family = Move | _Captures
_TRAILS: Final = {c: Trail(c) for c in PACK.cards}
# each seat's record of trailing each card, made once and shared (a Trail the caller made is recorded as its equal here)
_TRAIL_TURNS: Final = tuple({c: Turn(seat, t) for c, t in _TRAILS.items()} for seat in range(4))


class MulleMoves(LegalMoves[Move]):
    """
    The legal moves of a Mulle position, produced lazily.

    Order: for each distinct hand card in pack order, its captures (by
    value, then in the capture engine's fixed order), then its builds (onto
    loose cards in table order, then onto builds by index), then its trail.

    * ``bool``, ``move in moves`` (decided by :func:`check_move`) and
      :meth:`sample` never list or count the captures: each takes
      milliseconds on any table. :func:`apply` does not check again the
      move :meth:`sample` has just drawn for the same state.
    * Iteration streams the moves in index order without counting: taking
      the first *k* moves costs about *k* walks down the card values, however
      many moves there are.
    * ``len`` and indexing count the captures exactly, without listing them
      (see the private module ``cardrules.mulle._captures``); the count is cached per table.
      On large tables of many small cards counting can take seconds (see the
      benchmark); prefer iteration, ``in`` and :meth:`sample` there.

    :meth:`sample` is *not* uniform over all moves: it picks one family
    uniformly (each trail, each build, and each (card, value) group of
    captures is one family), then, for captures, draws groups one at a time,
    each uniformly among the sets of remaining loose cards summing to the
    value: under the building rules until no group is left (so the result is
    maximal), under the fishing rules stopping after each group with
    probability 1/2. Every legal move has a positive probability.
    """

    __slots__ = ("_families", "_public", "_seen")

    def __init__(self, state: State, families: list[_Family]) -> None:
        # Only what the mover may see is kept (never the state: a bot handed these moves must not
        # reach the other hands or the stock through them).
        self._seen = (state.rules, state.to_play, state.hands[state.to_play], state.table, state.builds, state.winner)
        self._families = families
        self._public: State | None = None

    def _position(self) -> State:
        """A state holding only what the mover sees (other hands and the stock empty), for :func:`check_move`."""
        public = self._public
        if public is None:
            public = self._public = _mover_state(*self._seen)
        return public

    def _size(self, fam: _Family) -> int:
        return fam.space.count() if isinstance(fam, _Captures) else 1

    def __len__(self) -> int:
        return sum(self._size(f) for f in self._families)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not isinstance(index, int):
            raise TypeError(f"move indices are whole numbers, not {type(index).__name__}")
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("move index out of range")
        for fam in self._families:
            size = self._size(fam)
            if index < size:
                if isinstance(fam, _Captures):
                    return fam.move(fam.space[index])
                return fam
            index -= size
        raise IndexError("move index out of range")

    def __iter__(self) -> Iterator[Move]:
        for fam in self._families:
            if isinstance(fam, _Captures):
                for taken in fam.space:
                    yield fam.move(taken)
            else:
                yield fam

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Capture | Build | Trail):
            return False
        return check_move(self._position(), move) is None

    def __bool__(self) -> bool:
        return bool(self._families)

    def __repr__(self) -> str:
        kinds = Counter(type(f).__name__.lstrip("_") for f in self._families)
        return f"<MulleMoves: {', '.join(f'{n} {k}' for k, n in kinds.items()) or 'none'}>"

    def sample(self, rng: random.Random) -> Move:
        if not self._families:
            raise IndexError("no legal move: the match is over")
        fam = rng.choice(self._families)  # uniform, as randrange(len(...)) is, with fewer checks
        move = fam if not isinstance(fam, _Captures) else fam.move(_random_capture(fam[2], fam[1], fam[3], rng))
        global _vouched  # a one-entry memo of a legal move, see _vouched
        _vouched = (self, move)
        return move

    def families(self) -> int:
        """The number of families :meth:`sample` chooses among."""
        return len(self._families)


def _random_capture(table: tuple[Card, ...], t: int, maximal: bool, rng: random.Random) -> list[Card]:
    """Draw groups one at a time, each uniform among the remaining ones (see :meth:`MulleMoves.sample`)."""
    cards: list[Card] = []
    values: list[int] = []
    total = 0
    for c in table:
        v = _TVAL[c]
        if v <= t:
            cards.append(c)
            values.append(v)
            total += v
    if maximal and (total == t or (cards and min(values) == t)):
        return cards  # one group of them all, or each card a group: a maximal capture takes them all
    taken: list[Card] = []
    while total >= t:  # else no group is left (a quick test before the counting)
        idx = random_group(cards, values, t, rng)
        if idx is None:
            break
        for i in reversed(idx):
            taken.append(cards.pop(i))
            total -= values.pop(i)
        if not maximal and rng.random() < 0.5:
            break
    return taken


def legal_moves(state: State) -> MulleMoves:
    """
    The legal moves of the seat to move: a lazy read-only sequence (:class:`MulleMoves`).

    Empty only when the match is over.

    Rules: mulle.capture, mulle.capture.maximal, mulle.capture.duty, mulle.fishing.capture,
    mulle.build, mulle.build.keep, mulle.build.scoring-card, mulle.build.owner, mulle.build.lock, mulle.trail

    Example:
        >>> s = mulle.new_game(mulle.FISHING, seed=1)
        >>> moves = mulle.legal_moves(s)
        >>> bool(moves) and moves[0] in moves
        True
    """
    global _issued
    if state.winner is not None:
        return MulleMoves(state, [])
    seat = state.to_play
    if state.rules.style == "building":
        moves = MulleMoves(state, _building_families(state, seat))
        _issued = (state, moves)
        return moves
    table = state.table
    tval = _TVAL
    sums = 1  # bit s: some loose cards sum to s
    for x in table:
        sums = (sums | (sums << tval[x])) & _SUMS16
    families: list[_Family] = []
    prev = None
    for card in state.hands[seat]:
        if card is prev:  # equal cards are adjacent in a hand
            continue
        prev = card
        for t in _FISHING_VALUES[card]:
            if (sums >> t) & 1:
                families.append(_Captures((card, t, table, False, False)))
        families.append(_TRAILS[card])
    moves = MulleMoves(state, families)
    _issued = (state, moves)
    return moves


def _mover_state(
    rules: MulleRuleset,
    seat: int,
    hand: tuple[Card, ...],
    table: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    winner: int | None,
) -> State:
    """A state with what the seat to move sees and nothing hidden: legality depends on nothing else."""
    n = len(rules.sides)
    hands = tuple(hand if s == seat else () for s in range(rules.players))
    none: tuple[()] = ()
    return State(
        rules, 0, (), 0, 0, 0, (), hands, table, builds, seat,
        (none,) * n, (0,) * n, (none,) * n, None, (), (0,) * n, (), winner,
    )  # fmt: skip


def _building_families(state: State, seat: int) -> list[_Family]:
    """
    The move families of the building rules, in :class:`MulleMoves` order.

    The same rules as :func:`_build_targets` and :func:`_trail_violation`,
    computed once for the whole hand. This is the hot path of random play, so
    sets of values are bitmasks (bit ``v`` for value ``v``) and cards are
    compared by identity (cards are interned).
    """
    rules = state.rules
    table = state.table
    builds = state.builds
    hand = state.hands[seat]
    tval = _TVAL
    sums = 1  # bit s: some loose cards sum to s (mulle.capture)
    loose_values = 0  # bit v: some loose card is worth v
    for x in table:
        v = tval[x]
        sums = (sums | (sums << v)) & _SUMS16
        loose_values |= 1 << v
    loose: list[tuple[Card, int]] | None = None  # the distinct loose cards and their values, when needed
    build_values = owned = raisable = 0  # bit v: a build of v / of v owned by seat / of v not locked
    for b in builds:
        bit = 1 << b.value
        build_values |= bit
        if b.owner == seat:
            owned |= bit
        if not b.locked:
            raisable |= bit
    held = twice = 0  # bit v: a hand card / two or more hand cards capture v
    for c in hand:
        bit = _BINFO[c][1]
        twice |= held & bit
        held |= bit
    once = held & ~twice
    blocked = owned & once  # mulle.build.owner: the owner's last card of a build's value only captures
    capturable = sums | build_values
    targets = loose_values | raisable  # bit v: something to build on is worth v
    lock = rules.locking_builds
    may_trail = not owned  # mulle.build.owner
    families: list[_Family] = []
    trails = 0
    prev = None
    for card in hand:
        if card is prev:
            continue
        prev = card
        t, bit, hv, buildable = _BINFO[card]
        can_capture = capturable & bit
        if can_capture:
            families.append(_Captures((card, t, table, True, bool(build_values & bit))))
        if buildable and not blocked & bit:
            keep = held ^ (once & bit)  # mulle.build.keep: the values another hand card captures
            if (targets << hv) & keep or (lock and raisable & bit & keep):
                if (loose_values << hv) & keep:
                    if loose is None:
                        loose = list(map(_LOOSE.__getitem__, dict.fromkeys(table)))
                    onto = _ONTO[card]
                    kept = keep >> hv  # bit v: this card on a loose card worth v makes a kept value
                    for x, xv in loose:
                        if (kept >> xv) & 1:
                            families.append(onto[x])
                for i, b in enumerate(builds):
                    if b.locked:
                        continue
                    if (keep >> (b.value + hv)) & 1:
                        families.append(_build(card, i, b.value + hv))
                    if lock and b.value == hv and keep & bit:
                        families.append(_build(card, i, hv))
        if may_trail and not can_capture:
            families.append(_TRAILS[card])
            trails += 1
    if trails and len(families) > trails and rules.capture_duty == "hand":
        # mulle.capture.duty (hand): no trail while some card can capture or build
        families = [f for f in families if type(f) is not Trail]
    return families


# --- checking moves ------------------------------------------------------------------------


def _capture_violation(state: State, seat: int, move: Capture) -> Violation | None:
    rules = state.rules
    card, t = move.card, move.value
    if t not in _hand_values(rules, card):
        if rules.building:
            return Violation(RULES["mulle.values"], f"your {card} counts {_BHV[card]} from the hand, not {t}")
        return Violation(
            RULES["mulle.fishing.values"],
            f"your {card} counts " + ("1 or 14" if card.rank is Rank.ACE else str(_TVAL[card])) + f", not {t}",
        )
    table = Counter(state.table)
    want = Counter(move.taken)
    for c, k in want.items():
        if table[c] < k:
            inside = any(c in b.cards for b in state.builds)
            where = " loose" if inside else ""
            extra = "; a build is taken only whole, by its own value" if inside else ""
            return Violation(
                RULES["mulle.capture"],
                f"there {'is no' if k == 1 else f'are not {k} of'} {c}{where} on the table{extra}",
            )
    builds = [b for b in state.builds if b.value == t] if rules.building else []
    if not move.taken and not builds:
        rule = RULES["mulle.capture"] if rules.building else RULES["mulle.fishing.capture"]
        return Violation(rule, f"a capture must take something: your {card} takes no card")
    for c in move.taken:
        if _TVAL[c] > t:
            return Violation(RULES["mulle.capture"], f"the {c} counts {_TVAL[c]}, more than your {card}'s {t}")
    if not partitionable(list(Counter(_TVAL[c] for c in move.taken).items()), t):
        return Violation(
            RULES["mulle.capture"],
            f"{' '.join(map(str, move.taken))} cannot be split into groups each summing to {t}",
        )
    if rules.building:
        left = list((table - want).elements())
        left = list(_sorted(left))
        group = find_group(left, [_TVAL[c] for c in left], t)
        if group is not None:
            return Violation(
                RULES["mulle.capture.maximal"],
                f"you must take every {t} and every group summing to {t}: this capture leaves "
                f"{'+'.join(map(str, group))} on the table",
            )
    return None


def _build_violation(state: State, seat: int, move: Build) -> Violation | None:
    rules = state.rules
    card = move.card
    if not rules.building:
        return Violation(RULES["mulle.fishing.capture"], "there are no builds in the fishing game")
    if card in _SCORING:
        return Violation(
            RULES["mulle.build.scoring-card"],
            f"the {card} is a scoring card (an ace, the 2 of spades or the 10 of diamonds) and may not be "
            "built from the hand",
        )
    hv = _TVAL[card]
    onto = move.onto
    lock = False
    if isinstance(onto, Card):
        if onto not in state.table:
            return Violation(RULES["mulle.build"], f"there is no loose {onto} on the table to build on")
        value = hv + _TVAL[onto]
        what = f"{card} on {onto} makes {value}"
    else:
        if not 0 <= onto < len(state.builds):
            return Violation(RULES["mulle.build"], f"there is no build #{onto} on the table")
        b = state.builds[onto]
        if b.locked:
            return Violation(RULES["mulle.build.lock"], f"the build {_build_text(b)} is locked: nobody may add to it")
        if move.value == b.value and hv == b.value:
            if not rules.locking_builds:
                return Violation(
                    RULES["mulle.build.lock"],
                    "locking builds is not allowed by this ruleset (option locking_builds)",
                )
            value, lock = b.value, True
            what = f"{card} locks the build of {b.value}"
        else:
            value = b.value + hv
            what = f"{card} on the build of {b.value} makes {value}"
    if move.value != value:
        return Violation(RULES["mulle.build"], f"{what}, not {move.value}")
    if not 2 <= value <= 16:
        return Violation(RULES["mulle.build"], f"{what}; a build is worth 2 to 16")
    hand = list(state.hands[seat])
    hand.remove(card)
    if not any(_BHV[c] == value for c in hand):
        return Violation(
            RULES["mulle.build.keep"],
            f"you cannot {'lock' if lock else 'build'} {value}: you hold no other card worth {value} to take it",
        )
    v = _owner_blocks(state, seat, state.hands[seat], card)
    if v is not None:
        return Violation(
            RULES["mulle.build.owner"],
            f"you own a build of {v} and the {card} is your last card worth {v}: play it only to capture",
        )
    return None


def check_move(state: State, move: Move) -> Violation | None:
    """
    ``None`` if *move* is legal, else the first rule it breaks and why, in player words.

    Decided by the rules alone; it never lists the legal moves. The reason
    is written for the seat to move from what it may see: a card it does not
    hold gets the same words wherever the card is.

    Raises:
        WrongKindError: If *state* is not a Mulle state (a move of the wrong
            kind is a violation of ``mulle.turn``).

    Example:
        >>> s = mulle.new_game(seed=3)
        >>> mulle.check_move(s, mulle.legal_moves(s)[0]) is None
        True
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if not isinstance(move, Capture | Build | Trail):
        return Violation(
            RULES["mulle.turn"], f"a Mulle move is a Capture, Build or Trail, not {_messages.kind_name(move)}"
        )
    card = move.card
    if not isinstance(card, Card):
        return Violation(RULES["mulle.turn"], f"a Mulle move plays a card, not {_messages.shown(card)}")
    seat = to_move(state)
    if seat is None:
        return Violation(RULES["mulle.match.target"], "the match is over; no more cards are played")
    if card not in state.hands[seat]:
        return Violation(RULES["mulle.turn"], f"you do not hold the {card}")
    if isinstance(move, Capture):
        if not isinstance(move.value, int) or isinstance(move.value, bool):
            return Violation(
                RULES["mulle.capture"], f"a capture's value is a whole number, not {_messages.shown(move.value)}"
            )
        return _capture_violation(state, seat, move)
    if isinstance(move, Build):
        if not isinstance(move.onto, Card | int) or isinstance(move.onto, bool):
            return Violation(
                RULES["mulle.build"], f"a build goes onto a table card or a build, not {_messages.shown(move.onto)}"
            )
        return _build_violation(state, seat, move)
    return _trail_violation(state, seat, card, _loose_mask(state))


# --- applying moves ------------------------------------------------------------------------


def apply(state: State, move: Move) -> State:
    """
    The state after *move*. *state* itself is never changed.

    After the move the next seat with cards plays; when every hand is empty
    the next deal is dealt from the stock (``mulle.deal.later``), and when
    the stock is empty too the round ends: the last capturer takes the
    leftovers (``mulle.round.leftovers``), the round is scored, and unless
    the match is over the next round is dealt by seat ``dealer + 1``.

    Raises:
        IllegalMoveError: If *move* breaks a rule; ``err.rule`` names it.

    Rules: mulle.capture, mulle.mulle.twin, mulle.mulle.double, mulle.fishing.mulle, mulle.tabbe

    Example:
        >>> s = mulle.new_game(seed=1)
        >>> mulle.apply(s, mulle.legal_moves(s)[0]) == s
        False

    .. versionadded:: 0.1.0
    """
    vouched, issued = _vouched, _issued  # read once: another thread may replace them meanwhile
    if vouched is None or issued[0] is not state or vouched[0] is not issued[1] or vouched[1] is not move:
        violation = check_move(state, move)
        if violation is not None:
            raise _messages.illegal(violation, to_move(state), move, format_canonical)
    # The move is legal from here on: play it.
    rules = state.rules
    seat = state.to_play
    card = move.card
    hands = list(state.hands)
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1 :]
    table = state.table
    builds = state.builds
    captured = state.captured
    tabbes = state.tabbes
    mulles = state.mulles
    last_capture = state.last_capture
    turn: Turn
    if isinstance(move, Capture):
        taken = move.taken
        value = move.value
        taken_builds = [b for b in builds if b.value == value] if builds else []
        if taken_builds:
            builds = tuple([b for b in builds if b.value != value])
        if taken:
            table = _remove(table, taken)
        side = rules.side_of(seat)
        won = (card, *taken, *(c for b in taken_builds for c in b.cards)) if taken_builds else (card, *taken)
        captured = _replace(captured, side, captured[side] + won)
        found = _mulles(rules, card, taken, taken_builds)
        if found:
            mulles = _replace(mulles, side, mulles[side] + tuple(found))
        tabbe = not table and not builds and (bool(state.stock) or any(hands))
        if tabbe:
            tabbes = _replace(tabbes, side, tabbes[side] + 1)
        last_capture = seat
        turn = Turn(seat, move, tuple([b.cards for b in taken_builds]) if taken_builds else (), tuple(found), tabbe)
    elif isinstance(move, Build):
        onto = move.onto
        if isinstance(onto, int):
            b = builds[onto]
            new = TableBuild((*b.cards, card), move.value, seat, b.locked or move.value == b.value)
            builds = (*builds[:onto], new, *builds[onto + 1 :])
        else:
            table = _remove(table, (onto,))
            builds = (*builds, TableBuild((onto, card), move.value, seat))
        turn = Turn(seat, move)
    else:
        i = bisect.bisect_right(table, _ORDER[card], key=_ORDER.__getitem__)
        table = (*table[:i], card, *table[i:])
        turn = _TRAIL_TURNS[seat][card]
    n = rules.players
    nxt = seat
    more = any(hands)
    if more:
        nxt = (seat + 1) % n
        while not hands[nxt]:
            nxt = (nxt + 1) % n
    # positional, in State's field order (a keyword call costs more in this hot path)
    after = State(
        rules,
        state.seed,
        state.pending_decks,
        state.round_no,
        state.dealer,
        state.deal_no,
        state.stock,
        tuple(hands),
        table,
        builds,
        nxt,
        captured,
        tabbes,
        mulles,
        last_capture,
        state.history + (turn,),
        state.match,
        state.rounds,
        state.winner,
    )
    if more:
        return after
    assert not builds, "a build survived a deal"  # mulle.build.owner makes this impossible
    if state.stock:
        return _redeal(after)
    return _end_round(after)


_issued: tuple[State | None, MulleMoves | None] = (None, None)
"""The last answer of :func:`legal_moves` that may have moves, with its state."""

_vouched: tuple[MulleMoves, Move] | None = None
"""
The last move :meth:`MulleMoves.sample` drew, with the moves it drew from.
:func:`apply` does not check that move again when those moves are the last
that :func:`legal_moves` gave for the very state applied to (``_issued``):
it is then legal by construction. A :class:`MulleMoves` made by hand is
never in ``_issued``, so a move drawn from it is always checked. Everything
is compared by identity, and the memos hold references to the objects, so a
later object can never be mistaken for them.
"""


def _remove(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    out = list(cards)
    for c in gone:
        out.remove(c)
    return tuple(out)


def _mulles(rules: MulleRuleset, card: Card, taken: Sequence[Card], builds: Sequence[TableBuild]) -> list[Mulle]:
    if not rules.building:
        twin = (len(taken) == 1 and taken[0] is card and not builds) or (rules.glimne and card in taken)
        return [Mulle(card, False, 5)] if twin else []
    rank = card.rank
    got: dict[Card, int] = {}  # the captured cards of the played card's rank, and how many of each
    for c in taken:
        if c.rank is rank:
            got[c] = got.get(c, 0) + 1
    for b in builds:
        for c in b.cards:
            if c.rank is rank:
                got[c] = got.get(c, 0) + 1
    if not got:
        return []
    out: list[Mulle] = []
    if card in got:
        out.append(Mulle(card, False, _mulle_points(rules, card)))
    for c in _sorted(list(got)):
        if c is not card and got[c] >= 2:
            out.append(Mulle(c, True, _mulle_points(rules, c)))
    return out


def _replace(values: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _redeal(state: State) -> State:
    rules = state.rules
    n = rules.players
    k = min(len(state.stock), n * rules.hand_size)
    stock = state.stock
    # the i-th card goes to seat dealer + 1 + i (mulle.deal.later)
    hands = tuple(_sorted(stock[(seat - state.dealer - 1) % n : k : n]) for seat in range(n))
    s = state
    return State(
        rules, s.seed, s.pending_decks, s.round_no, s.dealer, s.deal_no + 1, stock[k:], hands, s.table, s.builds,
        (s.dealer + 1) % n, s.captured, s.tabbes, s.mulles, s.last_capture, s.history, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _most(counts: Sequence[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


def _round_score(state: State, complete: bool) -> RoundScore:
    rules = state.rules
    nsides = len(rules.sides)
    items: list[ScoreItem] = []
    for side in range(nsides):
        pile = state.captured[side]
        if rules.building:
            items.append(ScoreItem(side, "mulle.points.cards", "card points", sum(map(_CARD_POINTS.__getitem__, pile))))
        else:
            aces = sum(1 for c in pile if c.rank is Rank.ACE)
            items.append(ScoreItem(side, "mulle.fishing.points", "aces", aces))
            items.append(ScoreItem(side, "mulle.fishing.points", "storan (10D)", 2 * pile.count(_STORAN)))
            items.append(ScoreItem(side, "mulle.fishing.points", "lillan (2S)", pile.count(_LILLAN)))
        for m in state.mulles[side]:
            if rules.building:
                rule = "mulle.mulle.double" if m.double else "mulle.mulle.twin"
            else:
                rule = "mulle.fishing.mulle"
            items.append(ScoreItem(side, rule, f"{'double ' if m.double else ''}mulle {m.card}", m.points))
        if state.tabbes[side]:
            items.append(ScoreItem(side, "mulle.tabbe", "tabbes", state.tabbes[side]))
    if complete and not rules.building:
        spades = [sum(1 for c in state.captured[s] if c.suit is Suit.SPADES) for s in range(nsides)]
        top = _most(spades)
        if top is not None:
            items.append(ScoreItem(top, "mulle.fishing.spades", "most spades", 1))
        if state.last_capture is not None:
            items.append(ScoreItem(rules.side_of(state.last_capture), "mulle.fishing.sistan", "sistan", 1))
        if rules.most_cards:
            top = _most([len(state.captured[s]) for s in range(nsides)])
            if top is not None:
                items.append(ScoreItem(top, "mulle.fishing.most-cards", "most cards", 1))
    points = [0] * nsides
    for it in items:
        points[it.side] += it.points
    items = [it for it in items if it.points]
    pts = tuple(points)
    return RoundScore(tally=pts, points=pts, items=tuple(items), complete=complete)


def _winner(rules: MulleRuleset, match: tuple[int, ...]) -> int | None:
    """The winning side, if the match is over (mulle.match.target, mulle.krypmulle)."""
    if max(match) < rules.target:
        return None
    best = min(match) if rules.krypmulle else max(match)
    return match.index(best) if match.count(best) == 1 else None


def _end_round(state: State) -> State:
    rules = state.rules
    if state.last_capture is not None and state.table:
        side = rules.side_of(state.last_capture)
        state = attrs.evolve(
            state, captured=_replace(state.captured, side, state.captured[side] + state.table), table=()
        )
    result = _round_score(state, complete=True)
    match = tuple(m + p for m, p in zip(state.match, result.points, strict=True))
    rounds = (*state.rounds, result)
    winner = _winner(rules, match)
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _start_round(
        rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % rules.players, match, rounds
    )


# --- score and observation ------------------------------------------------------------------------


def score(state: State) -> Score:
    """
    The match score: points per side, the running tally of the round in
    progress (or the last round once the match is over), every completed
    round, and the winner. For Mulle a round's ``tally`` and ``points`` are
    the same; the items (card points, mulles, tabbes, and in the fishing
    game aces, storan, lillan, most spades, sistan) add up to them. Most
    spades, sistan and most cards appear only once the round is complete.

    Under krypmulle the points are the same, but the winner is the side
    with the fewest match points once a side has reached the target.

    Rules: mulle.points.cards, mulle.fishing.points, mulle.mulle.value, mulle.tabbe, mulle.match.target
    """
    current = state.rounds[-1] if state.winner is not None else _round_score(state, complete=False)
    return Score(sides=state.rules.sides, match=state.match, round=current, rounds=state.rounds, winner=state.winner)


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see: its own hand, the other hands' and the stock's
    sizes, the table and builds, the round's plays, the captured piles'
    sizes and the scores. Never another hand, the stock, or the seed.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.rules.players:
        raise ValueError(f"seat must be 0 to {state.rules.players - 1}, not {seat!r}")
    return Observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        dealer=state.dealer,
        deal_no=state.deal_no,
        to_move=to_move(state),
        hand=state.hands[seat],
        hand_counts=tuple(len(h) for h in state.hands),
        stock_count=len(state.stock),
        table=state.table,
        builds=state.builds,
        captured_counts=tuple(len(p) for p in state.captured),
        tabbes=state.tabbes,
        mulles=state.mulles,
        last_capture=state.last_capture,
        history=state.history,
        sides=state.rules.sides,
        match=state.match,
        rounds=state.rounds,
        winner=state.winner,
    )


# --- notation ------------------------------------------------------------------------

_TOKEN: Final = re.compile(r"\[[^\]]*\]|#\d+|[^\s+\[\]]+|\+")


def _value_suffix(move: Capture) -> str:
    return "" if move.value == _TVAL.get(move.card) else f"={move.value}"


def format_canonical(move: Move) -> str:
    """
    The move's context-free text, which :func:`parse_canonical` reads back.

    ``9H x 4S 5C 9H`` (a capture: the card, ``x``, the loose cards taken in
    pack order; the played card's value follows ``=`` when it is not its
    pips, as in ``AH=14 x AD KC``; builds taken are implied by the value),
    ``3C > 6D = 9`` (a build on a loose card), ``2H > #0 = 11`` (raising or
    locking build 0), ``7S -`` (a trail).

    Raises:
        WrongKindError: If *move* is not a Mulle move.
    """
    if isinstance(move, Capture):
        head = f"{move.card}{_value_suffix(move)} x"
        return head + "".join(f" {c}" for c in move.taken)
    if isinstance(move, Build):
        onto = str(move.onto) if isinstance(move.onto, Card) else f"#{move.onto}"
        return f"{move.card} > {onto} = {move.value}"
    if isinstance(move, Trail):
        return f"{move.card} -"
    raise _messages.wrong_move("Mulle", move)


def _groups(cards: Sequence[Card], t: int) -> list[tuple[Card, ...]]:
    """A split of *cards* into groups each summing to *t* (they are known to split)."""
    items = sorted(cards, key=lambda c: (-_TVAL[c], _ORDER[c]))
    failed: set[tuple[int, ...]] = set()

    def solve(rest: list[Card]) -> list[tuple[Card, ...]] | None:
        if not rest:
            return []
        key = tuple(_TVAL[c] for c in rest)
        if key in failed:
            return None
        first, others = rest[0], rest[1:]

        def pick(i: int, need: int, chosen: list[int]) -> Iterator[list[int]]:
            if need == 0:
                yield chosen
                return
            prev = -1
            for j in range(i, len(others)):
                v = _TVAL[others[j]]
                if v <= need and v != prev:
                    prev = v
                    yield from pick(j + 1, need - v, [*chosen, j])

        for chosen in pick(0, t - _TVAL[first], []):
            group = (first, *(others[j] for j in chosen))
            left = [c for j, c in enumerate(others) if j not in chosen]
            sub = solve(left)
            if sub is not None:
                return [group, *sub]
        failed.add(key)
        return None

    return solve(items) or [tuple(cards)]


def _format_build(state: State, move: Build) -> str:
    if isinstance(move.onto, Card):
        onto = str(move.onto)
    elif isinstance(move.onto, int) and 0 <= move.onto < len(state.builds):
        onto = _build_text(state.builds[move.onto])
    else:
        onto = f"#{move.onto}"
    return f"{move.card} > {onto} = {move.value}"


def format_move(state: State, move: Move) -> str:
    """
    The move's readable text in the context of *state*.

    ``9H x 9H 4S+5C`` (a capture, its groups joined by ``+``, builds taken
    in brackets: ``9H x [3C+6D]``), ``3C > 6D = 9`` (a build),
    ``2H > [3C+6D] = 11`` (raising a build), ``7S -`` (a trail). An ace's
    value follows ``=`` in the fishing game, as in ``AH=1 x AD``.
    :func:`parse_move` reads it back.

    Raises:
        WrongKindError: If *state* is not a Mulle state or *move* not a Mulle move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if isinstance(move, Capture) and _plain_capture(move):
        value = f"={move.value}" if (not state.rules.building and move.card.rank is Rank.ACE) else ""
        if state.rules.building and move.value != _BHV[move.card]:
            value = f"={move.value}"
        parts = ["+".join(map(str, _sorted(g))) for g in _groups(move.taken, move.value)] if move.taken else []
        if state.rules.building:
            parts.extend(_build_text(b) for b in state.builds if b.value == move.value)
        return f"{move.card}{value} x" + "".join(f" {p}" for p in parts)
    if isinstance(move, Build):
        return _format_build(state, move)
    return format_canonical(move)


def _plain_capture(move: Capture) -> bool:
    """Whether a capture's cards and value are of the game, so that its groups can be shown."""
    return move.card in _BHV and type(move.value) is int and all(c in _TVAL for c in move.taken)


def _card(text: str) -> Card:
    return PACK.parse(text)


def _syntax(text: str) -> InvalidNotationError:
    return InvalidNotationError(
        f"{text!r} is not a Mulle move; write a capture '9H x 9H 4S+5C', a build '3C > 6D = 9', "
        "a trail '7S -', or just the card"
    )


def _parse(text: str) -> tuple[str, Card, int | None, object, int | None]:
    """(kind, card, value, extra, build value): extra is the captured cards (and builds) or the build target."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    s = text.strip()
    if not s:
        raise _syntax(text)
    if ">" in s:
        left, _, right = s.partition(">")
        target, eq, val = right.partition("=")
        if not eq:
            raise _syntax(text)
        try:
            value = int(val.strip())
        except ValueError:
            raise _syntax(text) from None
        card = _card(left.strip())
        tgt = target.strip()
        onto: object
        if re.fullmatch(r"#\d+", tgt):
            onto = int(tgt[1:])
        elif tgt.startswith("[") and tgt.endswith("]"):
            onto = tuple(_card(p) for p in re.split(r"[\s+,]+", tgt[1:-1].strip()) if p)
        else:
            onto = _card(tgt)
        return ("build", card, None, onto, value)
    m = re.fullmatch(r"(\S+?)\s*-", s)
    if m:
        return ("trail", _card(m.group(1)), None, None, None)
    m = re.fullmatch(r"(\S+?)(?:\s*=\s*(\d+))?\s*[xX](?:\s+(.*))?", s)
    if m:
        card = _card(m.group(1))
        cvalue = int(m.group(2)) if m.group(2) else None
        taken: list[Card] = []
        brackets: list[tuple[Card, ...]] = []
        for tok in _TOKEN.findall(m.group(3) or ""):
            if tok == "+":
                continue
            if tok.startswith("["):
                brackets.append(tuple(_card(p) for p in re.split(r"[\s+,]+", tok[1:-1].strip()) if p))
            elif tok.startswith("#"):
                raise _syntax(text)
            else:
                taken.append(_card(tok))
        return ("capture", card, cvalue, (tuple(taken), tuple(brackets)), None)
    m = re.fullmatch(r"(\S+?)(?:\s*=\s*(\d+))?", s)
    if m and (m.group(2) or re.fullmatch(r"(?i)(10|[2-9AJQK])[SHDC]", m.group(1))):
        return ("card", _card(m.group(1)), int(m.group(2)) if m.group(2) else None, None, None)
    if m:
        _card(m.group(1))  # raises InvalidCardError for a bad card
    raise _syntax(text)


def parse_canonical(text: str) -> Move:
    """
    Read a move without a position, as :func:`format_canonical` writes it.

    A capture's value defaults to the card's pips (write ``AH=14 x ...`` for
    an ace worth 14). Group marks ``+`` and bracketed builds are accepted and
    ignored (the builds a capture takes are implied by its value).

    Raises:
        InvalidNotationError: For text that is not a move, or a build named
            by its cards (which needs a position: use :func:`parse_move`).
        InvalidCardError: For text that names no card.
    """
    kind, card, value, extra, bvalue = _parse(text)
    if kind == "trail":
        return Trail(card)
    if kind == "capture":
        assert isinstance(extra, tuple)
        return Capture(card, extra[0], value if value is not None else _TVAL[card])
    if kind == "build":
        assert bvalue is not None
        if isinstance(extra, tuple):
            raise InvalidNotationError(
                f"{text!r} names a build by its cards, which needs the position: use parse_move, or '#index'"
            )
        assert isinstance(extra, Card | int)
        return Build(card, extra, bvalue)
    raise InvalidNotationError(f"{text!r} is only a card; a move without a position needs its kind ('x', '>', '-')")


def _ambiguous(state: State, text: str, cands: Sequence[Move], more: bool) -> AmbiguousMoveError:
    shown = ", ".join(repr(format_move(state, m)) for m in cands)
    etc = ", ..." if more else ""
    return AmbiguousMoveError(f"{text!r} fits several legal moves: {shown}{etc}; write the whole move")


def parse_move(state: State, text: str) -> Move:
    """
    Read a move in the readable notation of :func:`format_move` (or the
    canonical one), in the context of *state*.

    A bare card such as ``9H`` means the only legal move playing it; a
    capture without an ace's value means the value that makes it legal; a
    raise may name the build by its cards (``[3C+6D]``) or its index (``#0``).

    Raises:
        InvalidNotationError: For text that is not a move.
        InvalidCardError: For text that names no card.
        AmbiguousMoveError: If the text fits several legal moves; the message
            lists them.
        IllegalMoveError: If the move it names breaks a rule.
        WrongKindError: If *state* is not a Mulle state.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    kind, card, value, extra, bvalue = _parse(text)
    seat = to_move(state)
    move: Move
    if kind == "card":
        moves = legal_moves(state)
        cands: list[Move] = []
        for fam in moves._families:
            if fam.card != card or (value is not None and not (isinstance(fam, _Captures) and fam.t == value)):
                continue
            if isinstance(fam, _Captures):
                for taken in fam.space:
                    cands.append(fam.move(taken))
                    if len(cands) > 8:
                        break
            else:
                cands.append(fam)
            if len(cands) > 8:
                break
        if len(cands) == 1:
            return cands[0]
        if not cands:
            base = Trail(card)
            violation = check_move(state, base)
            assert violation is not None
            raise _messages.illegal(
                violation, seat, base, format_canonical, f"no legal move plays the {card}: {violation.reason}"
            )
        raise _ambiguous(state, text, cands[:8], len(cands) > 8)
    if kind == "trail":
        move = Trail(card)
    elif kind == "capture":
        assert isinstance(extra, tuple)
        taken, brackets = extra
        values = [value] if value is not None else list(_hand_values(state.rules, card))
        options = [Capture(card, taken, v) for v in values]
        legal = [m for m in options if check_move(state, m) is None]
        if len(legal) > 1:
            raise _ambiguous(state, text, legal, False)
        move = legal[0] if legal else options[0]
        if brackets and state.rules.building:
            want = sorted(tuple(_ORDER[c] for c in _sorted(b)) for b in brackets)
            have = sorted(tuple(_ORDER[c] for c in _sorted(b.cards)) for b in state.builds if b.value == move.value)
            if want != have:
                raise InvalidNotationError(
                    f"{text!r}: a capture worth {move.value} takes exactly the builds "
                    f"{' '.join(_build_text(b) for b in state.builds if b.value == move.value) or '(none)'}"
                )
    else:
        assert bvalue is not None
        if isinstance(extra, tuple):
            want_cards = sorted(extra, key=_ORDER.__getitem__)
            idx = [i for i, b in enumerate(state.builds) if _sorted(b.cards) == tuple(want_cards)]
            if not idx:
                raise InvalidNotationError(f"{text!r}: there is no build {'+'.join(map(str, want_cards))} on the table")
            options_b = [Build(card, i, bvalue) for i in idx]
            legal_b = [m for m in options_b if check_move(state, m) is None]
            distinct = {(state.builds[m.onto].owner, state.builds[m.onto].locked) for m in legal_b}  # type: ignore[index]
            if len(distinct) > 1:
                raise _ambiguous(state, text, [Build(card, m.onto, bvalue) for m in legal_b], False)
            move = legal_b[0] if legal_b else options_b[0]
        else:
            assert isinstance(extra, Card | int)
            move = Build(card, extra, bvalue)
    violation = check_move(state, move)
    if violation is not None:
        raise _messages.illegal(violation, seat, move, format_canonical)
    return move


# --- zones, hidden cards, consistency ------------------------------------------------------------------------


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card of the pack is: hands, loose table cards, builds, stock, each side's captures."""
    out: dict[str, tuple[Card, ...]] = {f"hand {i}": h for i, h in enumerate(state.hands)}
    out["table"] = state.table
    out["builds"] = tuple(c for b in state.builds for c in b.cards)
    out["stock"] = state.stock
    for i, pile in enumerate(state.captured):
        out[f"captured {i}"] = pile
    return out


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it cannot see
    (the other hands and the stock) are dealt again at random, keeping the
    hand and stock sizes, and the match seed and undealt decks are replaced.
    A build owner keeps a card of each owned build's value (which the
    owner's duty makes public knowledge), chosen at random among the hidden
    cards of that value.
    """
    pool: list[Card] = list(state.stock)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool.extend(hand)
    rng.shuffle(pool)
    fixed: list[list[Card]] = [[] for _ in state.hands]
    for s in range(len(state.hands)):
        if s == seat:
            continue
        for v in sorted({b.value for b in state.builds if b.owner == s}):
            choices = [i for i, c in enumerate(pool) if _BHV[c] == v]
            if choices:
                fixed[s].append(pool.pop(choices[rng.randrange(len(choices))]))
    hands: list[tuple[Card, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        n = len(hand) - len(fixed[s])
        hands.append(_sorted(fixed[s] + pool[:n]))
        del pool[:n]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=rng.getrandbits(63), pending_decks=())


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Mulle can reach.

    Checked: a hand per seat and a captured pile, tabbe count, mulle list and
    match score per side; every card of the pack exactly once in the hands,
    the table, the builds, the stock and the captured piles; hands and table in
    pack order; the deal number, the hand sizes, the stock and the seat to
    play against the number of plays this round; the round's history replayed
    in public: each turn by the seat whose turn it was, each move legal as far
    as the public cards tell (a build's kept card is hidden), ending in the
    table, builds, captured piles, mulles, tabbes and last capture of the
    state; the rounds' scores, the match points and the winner. The error's
    ``path`` names the field, such as ``$.state.history[3].seat``.
    """
    rules = state.rules
    nsides = len(rules.sides)
    check_lengths({"hands": state.hands}, rules.players, "seat")
    check_lengths(
        {"captured": state.captured, "tabbes": state.tabbes, "mulles": state.mulles, "match": state.match},
        nsides,
        "side",
    )
    check_rounds(state.rounds, nsides, None)
    check_seat(state.dealer, rules.players, "dealer")
    check_seat(state.to_play, rules.players, "to_play")
    if state.winner is not None:
        check_seat(state.winner, nsides, "winner", "side")
    if state.last_capture is not None:
        check_seat(state.last_capture, rules.players, "last_capture")
    check_counts({"round_no": [state.round_no], "deal_no": [state.deal_no], "tabbes": state.tabbes})
    check_pack(zones(state), PACK)
    check_order({f"hands[{s}]": hand for s, hand in enumerate(state.hands)} | {"table": state.table}, _ORDER)
    _check_builds(state)
    seats, deal_ends = _check_deal(state)
    _replay(state, seats, deal_ends)
    _check_scores(state)
    check_decks(state.pending_decks, PACK)


def _check_builds(state: State) -> None:
    """Each build's cards, value and owner (mulle.build, mulle.build.lock, mulle.build.owner)."""
    rules = state.rules
    if state.builds and not rules.building:
        raise fail("builds", "the fishing game has no builds")
    for i, b in enumerate(state.builds):
        total = sum(_TVAL[c] for c in b.cards)
        if len(b.cards) < 2 or not 2 <= b.value <= 16 or not 0 <= b.owner < rules.players:
            raise fail(f"builds[{i}]", f"build {i} is not a build (two or more cards, worth 2 to 16, owned by a seat)")
        if (total != b.value and not b.locked) or (b.locked and total % b.value):
            raise fail(f"builds[{i}]", f"build {i}'s cards do not make {b.value}")
        if b.locked and not rules.locking_builds:
            raise fail(f"builds[{i}]", f"build {i} is locked, but this ruleset has no locking")
        if not any(_BHV[c] == b.value for c in state.hands[b.owner]):
            raise fail(f"builds[{i}]", f"build {i}'s owner, seat {b.owner}, holds no card worth {b.value} to take it")


def _schedule(
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


def _check_deal(state: State) -> tuple[list[int], set[int]]:
    """
    The deal number, hand and stock sizes and seat to play after this round's plays.
    Returns the seat of each play and the plays that ended a deal.
    """
    rules = state.rules
    plays = len(state.history)
    plan = _schedule(rules, state.dealer, plays)
    if plan is None:
        raise fail("history", f"a round has {len(PACK) - rules.table_size} plays, not {plays}")
    seats, ends, deal_no, sizes, stock, seat = plan
    over = not any(sizes) and not stock
    if over != (state.winner is not None):
        if over:
            raise fail("history", f"the round is over after {plays} plays, but it was not scored")
        raise fail("winner", "the match is won only at the end of a round")
    after = f"after {plays} plays of this round"
    if state.deal_no != deal_no:
        raise fail("deal_no", f"{after} the deal is number {deal_no}, not {state.deal_no}")
    for s, hand in enumerate(state.hands):
        if len(hand) != sizes[s]:
            raise fail(f"hands[{s}]", f"{after} hand {s} has {sizes[s]} cards, not {len(hand)}")
    if len(state.stock) != stock:
        raise fail("stock", f"{after} the stock has {stock} cards, not {len(state.stock)}")
    if state.to_play != seat:
        raise fail("to_play", f"{after} seat {seat} is to play, not seat {state.to_play}")
    return seats, ends


def _replay(state: State, seats: list[int], deal_ends: set[int]) -> None:
    """
    Play this round's history again from the table as dealt, in public: the
    cards of the table, the builds and the captured piles, less those played,
    are the cards dealt to the table. Each turn must be the seat's whose turn
    it was, legal as far as the public cards tell, and recorded as it happened;
    the replay must end in the state's table, builds, captured piles, mulles,
    tabbes and last capture.
    """
    rules = state.rules
    played = Counter(t.move.card for t in state.history)
    public = Counter(state.table) + Counter(c for b in state.builds for c in b.cards)
    for pile in state.captured:
        public.update(pile)
    for card in played - public:
        raise fail("history", f"the {card} played this round is not on the table, in a build or captured")
    dealt = _sorted(list((public - played).elements()))
    if len(dealt) != rules.table_size:
        raise fail("history", f"the round's plays leave {len(dealt)} cards dealt to the table, not {rules.table_size}")
    table = dealt
    builds: tuple[TableBuild, ...] = ()
    nsides = len(rules.sides)
    captured: list[tuple[Card, ...]] = [()] * nsides
    mulles: list[tuple[Mulle, ...]] = [()] * nsides
    tabbes = [0] * nsides
    last: int | None = None
    total = len(PACK) - rules.table_size
    for k, turn in enumerate(state.history):
        where = f"history[{k}]"
        seat, move = turn.seat, turn.move
        if seat != seats[k]:
            raise fail(f"{where}.seat", f"play {k + 1} of the round is seat {seats[k]}'s, not seat {seat}'s")
        view = _view(state, seat, move.card, table, builds)
        violation = _public_violation(view, seat, move)
        if violation is not None:
            raise fail(f"{where}.move", f"an illegal move: [{violation.rule.id}] {violation.reason}")
        record = _turn_of(view, move)
        card = move.card
        if isinstance(move, Capture):
            side = rules.side_of(seat)
            captured[side] += (card, *move.taken, *(c for cards in record.builds for c in cards))
            builds = tuple(b for b in builds if b.value != move.value) if record.builds else builds
            table = _remove(table, move.taken)
            mulles[side] += record.mulles
            tabbe = not table and not builds and k + 1 < total  # mulle.tabbe: not on the last play
            tabbes[side] += tabbe
            last = seat
            record = attrs.evolve(record, tabbe=tabbe)
        elif isinstance(move, Build):
            onto = move.onto
            if isinstance(onto, int):
                old = builds[onto]
                raised = TableBuild((*old.cards, card), move.value, seat, old.locked or move.value == old.value)
                builds = (*builds[:onto], raised, *builds[onto + 1 :])
            else:
                table = _remove(table, (onto,))
                builds = (*builds, TableBuild((onto, card), move.value, seat))
        else:
            table = _sorted((*table, card))
        if turn != record:
            raise fail(where, "the record of the builds taken, the mulles and the tabbe is not what the move did")
        if k in deal_ends and builds:
            raise fail(where, "a build is left on the table when the deal ends (mulle.build.owner)")
    if state.winner is not None and last is not None:  # mulle.round.leftovers
        captured[rules.side_of(last)] += table
        table = ()
    want: dict[str, object] = {"table": table, "builds": builds, "tabbes": tuple(tabbes), "last_capture": last}
    want |= {f"captured[{i}]": pile for i, pile in enumerate(captured)}
    want |= {f"mulles[{i}]": found for i, found in enumerate(mulles)}
    have: dict[str, object] = {"table": state.table, "builds": state.builds, "tabbes": state.tabbes}
    have |= {"last_capture": state.last_capture}
    have |= {f"captured[{i}]": pile for i, pile in enumerate(state.captured)}
    have |= {f"mulles[{i}]": found for i, found in enumerate(state.mulles)}
    for name, value in want.items():
        if have[name] != value:
            raise fail(name, f"{name} is not what this round's history leaves")


def _view(state: State, seat: int, card: Card, table: tuple[Card, ...], builds: tuple[TableBuild, ...]) -> State:
    """*state* with this *table* and *builds*, *seat* to play holding only *card* (positional: a replay makes many)."""
    s = state
    hands = _replace(s.hands, seat, (card,))
    return State(
        s.rules, s.seed, s.pending_decks, s.round_no, s.dealer, s.deal_no, s.stock, hands, table, builds,
        seat, s.captured, s.tabbes, s.mulles, s.last_capture, s.history, s.match, s.rounds, s.winner,
    )  # fmt: skip


def _public_violation(view: State, seat: int, move: Move) -> Violation | None:
    """
    The rule *move* breaks in *view*, if the public cards show it: *view*'s
    hand for *seat* is only the card played, so a build's kept card is not
    asked for (mulle.build.keep).
    """
    if isinstance(move, Capture):
        return _capture_violation(view, seat, move)
    if isinstance(move, Build):
        violation = _build_violation(view, seat, move)
        return None if violation is None or violation.rule.id == "mulle.build.keep" else violation
    return _trail_violation(view, seat, move.card, _loose_mask(view))


def _check_scores(state: State) -> None:
    """The rounds' scores, the match points and the winner (mulle.match.target, mulle.krypmulle)."""
    rules = state.rules
    over = state.winner is not None
    if state.round_no != len(state.rounds) - (1 if over else 0):
        raise fail("round_no", f"round {state.round_no} does not follow {len(state.rounds)} completed rounds")
    for i, r in enumerate(state.rounds):
        if r.tally != r.points or min(r.points) < 0:
            raise fail(f"rounds[{i}].tally", "a round's tally is its points, none negative")
    check_match(state.rounds, state.match, state.winner, lambda match: _winner(rules, match))
    if over and state.rounds[-1] != _round_score(state, complete=True):
        raise fail(f"rounds[{len(state.rounds) - 1}]", "the last round's score is not that of the round played")


def events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*, in public terms.

    Kinds: ``capture``, ``mulle``, ``tabbe``, ``build``, ``trail``, ``deal``
    (a later deal), ``round`` (the round scored, leftovers taken), ``match``.
    """
    seat = before.to_play
    turn = after.history[-1] if after.round_no == before.round_no and after.winner is None else None
    if turn is None:  # the round ended: find the turn from the move
        turn = _turn_of(before, move)
    out: list[Event] = []
    if isinstance(move, Capture):
        taken = (*move.taken, *(c for b in turn.builds for c in b))
        out.append(
            Event("capture", "mulle.capture", seat, (move.card, *taken), 0,
                  f"seat {seat} plays {move.card} and takes {' '.join(map(str, taken)) or 'nothing'}")
        )  # fmt: skip
        for m in turn.mulles:
            rule = "mulle.fishing.mulle" if not before.rules.building else (
                "mulle.mulle.double" if m.double else "mulle.mulle.twin")  # fmt: skip
            out.append(
                Event("mulle", rule, seat, (m.card,), m.points, f"{'double ' if m.double else ''}mulle {m.card}")
            )
        if turn.tabbe:
            out.append(Event("tabbe", "mulle.tabbe", seat, (), 1, f"seat {seat} clears the table: tabbe"))
    elif isinstance(move, Build):
        out.append(Event("build", "mulle.build", seat, (move.card,), 0, f"seat {seat} builds {move.value}"))
    else:
        out.append(Event("trail", "mulle.trail", seat, (move.card,), 0, f"seat {seat} trails {move.card}"))
    if after.round_no == before.round_no and after.winner is None and after.deal_no != before.deal_no:
        out.append(Event("deal", "mulle.deal.later", None, (), 0, f"deal {after.deal_no + 1} of the round"))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        pts = ", ".join(f"side {i}: {p}" for i, p in enumerate(result.points))
        out.append(Event("round", "mulle.round.leftovers", None, (), 0, f"round over ({pts})"))
        if after.winner is not None:
            out.append(Event("match", "mulle.match.target", None, (), 0, f"side {after.winner} wins the match"))
    return tuple(out)


def _turn_of(before: State, move: Move) -> Turn:
    seat = before.to_play
    if not isinstance(move, Capture):
        return Turn(seat, move)
    rules = before.rules
    builds = [b for b in before.builds if b.value == move.value] if rules.building else []
    found = _mulles(rules, move.card, move.taken, builds)
    return Turn(seat, move, tuple(b.cards for b in builds), tuple(found), False)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one.

    The captured piles are rebuilt from the round's public history; the
    cards whose place the seat does not know are dealt at random to the other
    hands and the stock with the right counts, a build owner keeping a card
    of each owned build's value. ``observe(sample_state(obs, rng), obs.seat) == obs``.
    """
    o = observation
    rules = o.rules
    captured: list[list[Card]] = [[] for _ in o.captured_counts]
    for turn in o.history:
        if isinstance(turn.move, Capture):
            side = rules.side_of(turn.seat)
            captured[side].extend([turn.move.card, *turn.move.taken, *(c for b in turn.builds for c in b)])
    if o.winner is not None and o.last_capture is not None:
        # the leftovers swept at the end are the rest of the captured count
        pass
    known: Counter[Card] = Counter(o.hand) + Counter(o.table)
    for b in o.builds:
        known.update(b.cards)
    for pile in captured:
        known.update(pile)
    pool = list((Counter(PACK.cards) - known).elements())
    pool = list(_sorted(pool))
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    fixed: list[list[Card]] = [[] for _ in o.hand_counts]
    for s in range(len(o.hand_counts)):
        if s == o.seat:
            continue
        for v in sorted({b.value for b in o.builds if b.owner == s}):
            choices = [i for i, c in enumerate(pool) if _BHV[c] == v]
            if choices:
                fixed[s].append(pool.pop(choices[rng.randrange(len(choices))]))
    for s, n in enumerate(o.hand_counts):
        if s == o.seat:
            hands.append(o.hand)
            continue
        k = n - len(fixed[s])
        hands.append(_sorted(fixed[s] + pool[:k]))
        del pool[:k]
    if o.winner is not None and o.last_capture is not None:
        side = rules.side_of(o.last_capture)
        captured[side].extend(pool)
        pool = []
    return State(
        rules=rules,
        seed=rng.getrandbits(63),
        pending_decks=(),
        round_no=o.round_no,
        dealer=o.dealer,
        deal_no=o.deal_no,
        stock=tuple(pool),
        hands=tuple(hands),
        table=o.table,
        builds=o.builds,
        to_play=o.to_move if o.to_move is not None else o.dealer,
        captured=tuple(tuple(p) for p in captured),
        tabbes=o.tabbes,
        mulles=o.mulles,
        last_capture=o.last_capture,
        history=o.history,
        match=o.match,
        rounds=o.rounds,
        winner=o.winner,
    )
