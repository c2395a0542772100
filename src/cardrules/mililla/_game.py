"""Mililla: state, moves, legal-move generation, apply, score and observe."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, Literal

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
    check_tricks,
    fail,
)
from cardrules._serial import check_pack, to_jsonable
from cardrules.cards import SPANISH_PACK, Card, Rank, Suit
from cardrules.engine import Event, LegalMoves, RoundScore, Score, ScoreItem, TupleMoves, _option_check
from cardrules.errors import (
    InvalidDeckError,
    InvalidNotationError,
)
from cardrules.mililla._rules import RULES
from cardrules.rules import Violation

SEATS: Final = 4
TARGET: Final = 35
ROUND_POINTS: Final = 70
SIDES: Final = ((0, 2), (1, 3))

RankOrder = Literal["seed", "malilla"]
SevenRule = Literal["round", "earlier", "off"]
HeldBonus = Literal["tie", "always"]


@attrs.frozen(kw_only=True)
class MilillaRuleset:
    """
    The options of Mililla, each a rule of :doc:`/rules/mililla`.

    Attributes:
        rank_order: ``"seed"`` (default): K, horse, jack, 7, 6, 5, 4, 3, 2, A
            from high to low, as the source text says. ``"malilla"``: 7, A,
            K, horse, jack, 6, 5, 4, 3, 2, as in pagat's Malilla
            (``mililla.rank``, RULINGS M3).
        seven_rule: When a 7 may be played other than by leading it:
            ``"round"`` (default) once its suit has been led to a trick this
            round, the current trick included; ``"earlier"``, only earlier
            tricks count; ``"off"``, always (``mililla.seven``, RULINGS M6).
        held_bonus: A turn-up bonus held back because it would have brought
            the dealer's team to 35: ``"tie"`` (default), scored only if the
            round ends 35-35; ``"always"``, added after the round's scoring
            (``mililla.bonus.held``, RULINGS M7).
    """

    rank_order: RankOrder = attrs.field(default="seed", validator=_option_check("rank_order", ("seed", "malilla")))
    seven_rule: SevenRule = attrs.field(
        default="round", validator=_option_check("seven_rule", ("round", "earlier", "off"))
    )
    held_bonus: HeldBonus = attrs.field(default="tie", validator=_option_check("held_bonus", ("tie", "always")))


STANDARD: Final = MilillaRuleset()
"""The default ruleset: the source text as settled by RULINGS M1-M8."""


@attrs.frozen
class Play:
    """
    Play a card from the hand of the seat to move, the only kind of move.

    Its notation is the card's text, such as ``7O`` or ``HB``.
    """

    _tagged: ClassVar[bool] = True
    card: Card = attrs.field(validator=_messages.check_card)

    def __str__(self) -> str:
        return str(self.card)


Move = Play

# Card facts, computed once.
POINTS: Final[Mapping[Rank, int]] = {Rank.SEVEN: 5, Rank.ACE: 4, Rank.KING: 3, Rank.HORSE: 2, Rank.JACK: 1}
_CARD_POINTS: Final = {c: POINTS.get(c.rank, 0) for c in SPANISH_PACK.cards}
_ORDER_SEED: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
    Rank.SEVEN, Rank.JACK, Rank.HORSE, Rank.KING,
)  # fmt: skip
_ORDER_MALILLA: Final = (
    Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.JACK,
    Rank.HORSE, Rank.KING, Rank.ACE, Rank.SEVEN,
)  # fmt: skip
_STRENGTH: Final = {
    "seed": {c: _ORDER_SEED.index(c.rank) for c in SPANISH_PACK.cards},
    "malilla": {c: _ORDER_MALILLA.index(c.rank) for c in SPANISH_PACK.cards},
}
_HAND_ORDER: Final = _common.pack_order(SPANISH_PACK)
_SUIT_NAMES: Final = {Suit.OROS: "oros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos"}


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_HAND_ORDER.__getitem__))


@attrs.frozen
class State:
    """
    A Mililla match at one moment, hidden cards included. Immutable.

    Build one with :func:`new_game`; change it with :func:`apply`. Never show
    a state to a player: it holds every hand and the match seed. Show
    :func:`observe` instead.

    Attributes:
        rules: The ruleset.
        seed: The match seed; later rounds are shuffled from it.
        pending_decks: Supplied deck orders for the rounds not dealt yet.
        round_no: The round in progress, from 0.
        dealer: The dealer of this round.
        hands: The four hands, each in pack order.
        turn_up: The dealer's last card, turned face up; its suit is trump.
        trick_leader: The seat that led the current trick.
        trick: The cards of the current trick, in the order played.
        led: The suits led to the completed tricks of this round.
        won: The cards each side has won in tricks this round.
        tricks: The tricks each side has won this round.
        last_trick: The cards of the last completed trick of this round,
            the leader's first (empty before the first trick ends).
        last_leader: The seat that led ``last_trick``.
        match: Match points per side.
        deal_bonus: Turn-up bonus added to the dealer's side at this deal.
        held_bonus: Turn-up bonus held back this round (M7), or 0.
        rounds: Every completed round's score.
        winner: The winning side once the match is over, else ``None``.
    """

    rules: MilillaRuleset
    seed: int
    pending_decks: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    trick_leader: int
    trick: tuple[Card, ...]
    led: frozenset[Suit]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    deal_bonus: int
    held_bonus: int
    rounds: tuple[RoundScore, ...]
    winner: int | None

    @property
    def trump(self) -> Suit:
        """The trump suit, the turn-up card's."""
        return self.turn_up.suit


@attrs.frozen
class Observation:
    """
    What one seat may see of a Mililla match: its own hand, the turn-up card
    while the dealer still holds it, everything played, and the scores.
    Other hands are only counts. ``to_dict()`` gives JSON-ready data.
    """

    seat: int
    rules: MilillaRuleset
    round_no: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int, int, int]
    turn_up: Card
    turn_up_in_hand: bool
    trick_leader: int
    trick: tuple[Card, ...]
    led: frozenset[Suit]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    tricks: tuple[int, int]
    last_trick: tuple[Card, ...]
    last_leader: int
    match: tuple[int, int]
    deal_bonus: int
    held_bonus: int
    rounds: tuple[RoundScore, ...]
    winner: int | None

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.turn_up.suit

    def to_dict(self) -> dict[str, object]:
        """The observation as plain JSON data (cards as text)."""
        data: dict[str, object] = to_jsonable(self)
        return data


def _deal(
    rules: MilillaRuleset,
    seed: int,
    pending: tuple[tuple[Card, ...], ...],
    round_no: int,
    dealer: int,
    match: tuple[int, int],
    rounds: tuple[RoundScore, ...],
) -> State:
    """Deal round *round_no* (M2) and score or hold the turn-up bonus (M7)."""
    deck, pending = _common.next_deck(pending, SPANISH_PACK, seed, round_no)
    # deck[i] goes to seat (dealer + 1 + i) % 4, so seat s gets every fourth card from (s - dealer - 1) % 4.
    hands = tuple(_sorted_hand(deck[(s - dealer - 1) % SEATS :: SEATS]) for s in range(SEATS))
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
    return State(
        rules=rules,
        seed=seed,
        pending_decks=pending,
        round_no=round_no,
        dealer=dealer,
        hands=hands,
        turn_up=turn_up,
        trick_leader=(dealer + 1) % SEATS,
        trick=(),
        led=frozenset(),
        won=((), ()),
        tricks=(0, 0),
        last_trick=(),
        last_leader=(dealer + 1) % SEATS,
        match=match,
        deal_bonus=deal_bonus,
        held_bonus=held,
        rounds=rounds,
        winner=None,
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

    Dealing (RULINGS M2, C2): ``deck[i]`` goes to seat ``(dealer + 1 + i) % 4``,
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
        raise TypeError(f"rules must be MilillaRuleset, not {type(rules).__name__}")
    seed = _common.new_seed(seed)
    pending = _common.deck_list(deck, decks, SPANISH_PACK)
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
    if len(hands) != SEATS:
        raise InvalidDeckError(f"Mililla has 4 hands, not {len(hands)}")
    cards = [list(_common.check_deck_part(h, SPANISH_PACK, f"hand {i}")) for i, h in enumerate(hands)]
    for i, h in enumerate(cards):
        if len(h) != 10:
            raise InvalidDeckError(f"hand {i} has {len(h)} cards; each hand has 10")
    _common.check_deck([c for h in cards for c in h], SPANISH_PACK, "hands")
    if not isinstance(dealer, int) or not 0 <= dealer < SEATS:
        raise InvalidDeckError(f"dealer must be a seat from 0 to 3, not {dealer!r}")
    top = _common.check_deck_part([turn_up], SPANISH_PACK, "turn-up")[0]
    if top not in cards[dealer]:
        raise InvalidDeckError(f"the dealer (seat {dealer}) does not hold the turn-up card {top}")
    cards[dealer].remove(top)
    cards[dealer].append(top)
    deck: list[Card] = []
    for k in range(10):
        for j in range(SEATS):
            deck.append(cards[(dealer + 1 + j) % SEATS][k])
    return tuple(deck)


# --- play ------------------------------------------------------------------


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` once the match is over."""
    if state.winner is not None:
        return None
    return (state.trick_leader + len(state.trick)) % SEATS


def is_over(state: State) -> bool:
    """Whether the match is over (a side has reached 35, RULINGS M8)."""
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


def _seven_barred(state: State, card: Card) -> bool:
    """Whether the 7 rule bars *card* now (not leading it; its suit not led yet)."""
    if card.rank is not Rank.SEVEN or not state.trick:
        return False
    mode = state.rules.seven_rule
    if mode == "off" or card.suit in state.led:
        return False
    return mode == "earlier" or card.suit is not state.trick[0].suit


def _allowed(state: State, seat: int) -> Sequence[Card]:
    """The cards *seat* may play now, in hand order (M5, M6)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    lead = trick[0].suit
    follow = [c for c in hand if c.suit is lead]
    cands = follow or hand
    mode = state.rules.seven_rule
    if mode != "off":
        # _seven_barred, unrolled: a 7 is playable if its suit was led before, or (seven_rule
        # "round") is led now; if every candidate is a barred 7, the bar is lifted.
        done = state.led
        seven, now = Rank.SEVEN, mode != "earlier"
        unbarred = [c for c in cands if c.rank is not seven or c.suit in done or (now and c.suit is lead)]
        if unbarred:
            cands = unbarred
    strength = _STRENGTH[state.rules.rank_order]
    trump = state.turn_up.suit
    w = _trick_winner(trick, trump, strength)
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


# The last answer of legal_moves, as (state, moves). The usual loop calls legal_moves(state) and
# then apply(state, move): apply finds the move here instead of working out the rules again.
# States are immutable, so the entry holds for as long as it is the same object.
_last_legal: tuple[State | None, tuple[Play, ...]] = (None, ())


def legal_moves(state: State) -> LegalMoves[Play]:
    """
    The cards the seat to move may play, as :class:`Play` moves in hand order.

    Empty only when the match is over.

    Rules: mililla.follow.suit, mililla.seven, mililla.follow.beat, mililla.follow.trump
    """
    global _last_legal
    if state.winner is not None:
        return TupleMoves(())
    seat = (state.trick_leader + len(state.trick)) % SEATS  # to_move(state), in line
    plays = _plays(_allowed(state, seat))
    _last_legal = (state, plays)
    return TupleMoves(plays)


def _plays(cards: Sequence[Card]) -> tuple[Play, ...]:
    """The Play of each card (made once per card of the pack)."""
    return tuple(map(_PLAYS.__getitem__, cards))


_PLAYS: Final = {c: Play(c) for c in SPANISH_PACK.cards}


def _name(card: Card) -> str:
    return str(card)


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
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    if not isinstance(move, Play):
        return Violation(RULES["mililla.turn"], f"a Mililla move is a Play, not {_messages.kind_name(move)}")
    card = move.card
    if not isinstance(card, Card):
        return Violation(RULES["mililla.turn"], f"a Mililla move plays a card, not {_messages.shown(card)}")
    seat = to_move(state)
    if seat is None:
        return Violation(RULES["mililla.match.target"], "the match is over; no more cards are played")
    hand = state.hands[seat]
    if card not in hand:
        return Violation(RULES["mililla.turn"], f"you do not hold the {_name(card)}")
    allowed = _allowed(state, seat)
    if card in allowed:
        return None
    trick = state.trick
    led = trick[0].suit
    if card.suit is not led and any(c.suit is led for c in hand):
        return Violation(
            RULES["mililla.follow.suit"],
            f"you must follow suit: {_SUIT_NAMES[led]} was led and you hold {_SUIT_NAMES[led]}",
        )
    if _seven_barred(state, card):
        when = "an earlier trick" if state.rules.seven_rule == "earlier" else "a trick this round"
        return Violation(
            RULES["mililla.seven"],
            f"you may not play the {_name(card)} yet: a 7 is played only when leading it "
            f"or once {_SUIT_NAMES[card.suit]} has been led to {when}",
        )
    trump = state.turn_up.suit
    if any(c.suit is led for c in hand):
        return Violation(
            RULES["mililla.follow.beat"],
            "an opponent is winning the trick and you can beat their card, so you must: "
            + " or ".join(map(_name, allowed)),
        )
    return Violation(
        RULES["mililla.follow.trump"],
        f"you have no {_SUIT_NAMES[led]}, an opponent is winning the trick, and you can win it "
        f"with a trump ({_SUIT_NAMES[trump]}), so you must: " + " or ".join(map(_name, allowed)),
    )


def apply(state: State, move: Play) -> State:
    """
    The state after *move*. *state* itself is never changed.

    When the fourth card of a trick falls, the trick goes to its winner
    (mililla.trick.winner); after the tenth trick the round is scored
    (mililla.round.score) and, unless the match is over, the next round is
    dealt by seat ``dealer + 1`` (mililla.deal.rotation).

    Raises:
        IllegalMoveError: If *move* breaks a rule; ``err.rule`` names it.

    Example:
        >>> s = mililla.new_game(seed=1)
        >>> mililla.apply(s, mililla.legal_moves(s)[0]) == s
        False

    .. versionadded:: 0.1.0
    """
    known, plays = _last_legal
    # The move must be one of those very objects (an identity test, at C speed); anything
    # else, an equal Play included, goes through check_move.
    if known is not state or id(move) not in map(id, plays):
        violation = check_move(state, move)
        if violation is not None:
            raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return _apply(state, move.card)


def _apply(state: State, card: Card) -> State:
    seat = (state.trick_leader + len(state.trick)) % SEATS
    hand = state.hands[seat]
    i = hand.index(card)
    new_hand = hand[:i] + hand[i + 1 :]
    hands = state.hands[:seat] + (new_hand,) + state.hands[seat + 1 :]
    trick = state.trick + (card,)
    if len(trick) < SEATS:
        return State(
            state.rules, state.seed, state.pending_decks, state.round_no, state.dealer,
            hands, state.turn_up, state.trick_leader, trick, state.led, state.won,
            state.tricks, state.last_trick, state.last_leader, state.match, state.deal_bonus,
            state.held_bonus, state.rounds, state.winner,
        )  # fmt: skip
    strength = _STRENGTH[state.rules.rank_order]
    w = (state.trick_leader + _trick_winner(trick, state.turn_up.suit, strength)) % SEATS
    side = w % 2
    won = (state.won[0] + trick, state.won[1]) if side == 0 else (state.won[0], state.won[1] + trick)
    tricks = _add(state.tricks, side, 1)
    led = state.led | {trick[0].suit} if trick[0].suit not in state.led else state.led
    after = State(
        state.rules, state.seed, state.pending_decks, state.round_no, state.dealer,
        hands, state.turn_up, w, (), led, won,
        tricks, trick, state.trick_leader, state.match, state.deal_bonus,
        state.held_bonus, state.rounds, None,
    )  # fmt: skip
    if tricks[0] + tricks[1] < 10:
        return after
    return _end_round(after)


def _card_points(state: State) -> tuple[int, int]:
    """The card points each side has won in tricks this round (mililla.points.cards)."""
    points = _CARD_POINTS.__getitem__
    return sum(map(points, state.won[0])), sum(map(points, state.won[1]))


def _running(state: State, complete: bool) -> RoundScore:
    cards = _card_points(state)
    tally = (cards[0] + state.tricks[0], cards[1] + state.tricks[1])
    items: list[ScoreItem] = []
    for side in (0, 1):
        items.append(ScoreItem(side, "mililla.points.cards", "card points", cards[side]))
        items.append(ScoreItem(side, "mililla.points.tricks", "a point per trick", state.tricks[side]))
    points = [0, 0]
    dealer_side = state.dealer % 2
    if state.deal_bonus:
        items.append(ScoreItem(dealer_side, "mililla.bonus.turn-up", "turn-up bonus", state.deal_bonus))
        points[dealer_side] += state.deal_bonus
    if complete:
        for side in (0, 1):
            if tally[side] > TARGET:
                items.append(ScoreItem(side, "mililla.round.score", "round points minus 35", tally[side] - TARGET))
                points[side] += tally[side] - TARGET
        if state.held_bonus and (state.rules.held_bonus == "always" or tally == (TARGET, TARGET)):
            items.append(ScoreItem(dealer_side, "mililla.bonus.held", "held turn-up bonus", state.held_bonus))
            points[dealer_side] += state.held_bonus
    return RoundScore(tally=tally, points=(points[0], points[1]), items=tuple(items), complete=complete)


def _end_round(state: State) -> State:
    result = _running(state, complete=True)
    added = (result.points[0] - (state.deal_bonus if state.dealer % 2 == 0 else 0),
             result.points[1] - (state.deal_bonus if state.dealer % 2 == 1 else 0))  # fmt: skip
    match = (state.match[0] + added[0], state.match[1] + added[1])
    rounds = state.rounds + (result,)
    winner: int | None = None
    if match[0] >= TARGET or match[1] >= TARGET:
        if match[0] != match[1]:
            winner = 0 if match[0] > match[1] else 1
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _deal(
        state.rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % SEATS, match, rounds
    )


def score(state: State) -> Score:
    """
    The match score: points per side, the running tally of the round in
    progress (or the last round once the match is over), every completed
    round, and the winner.

    Rules: mililla.points.cards, mililla.points.tricks, mililla.round.score, mililla.bonus.turn-up
    """
    current = state.rounds[-1] if state.winner is not None else _running(state, complete=False)
    return Score(sides=SIDES, match=state.match, round=current, rounds=state.rounds, winner=state.winner)


def observe(state: State, seat: int) -> Observation:
    """
    What *seat* may see: its own hand, the other hands' sizes, the turn-up
    card (and whether the dealer still holds it), the trick, the cards won,
    and the scores. Never another hand, the seed or the undealt decks.
    """
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise ValueError(f"seat must be 0 to 3, not {seat!r}")
    h = state.hands
    return Observation(
        seat=seat,
        rules=state.rules,
        round_no=state.round_no,
        dealer=state.dealer,
        to_move=to_move(state),
        hand=h[seat],
        hand_counts=(len(h[0]), len(h[1]), len(h[2]), len(h[3])),
        turn_up=state.turn_up,
        turn_up_in_hand=state.turn_up in h[state.dealer],
        trick_leader=state.trick_leader,
        trick=state.trick,
        led=state.led,
        won=state.won,
        tricks=state.tricks,
        last_trick=state.last_trick,
        last_leader=state.last_leader,
        match=state.match,
        deal_bonus=state.deal_bonus,
        held_bonus=state.held_bonus,
        rounds=state.rounds,
        winner=state.winner,
    )


def parse_move(state: State, text: str) -> Play:
    """
    Read a move: a card's text (``7O``, ``10``-less Spanish ranks ``A 2-7 J H K``,
    suits ``O C E B``), optionally after the word ``play``.

    Raises:
        InvalidNotationError: If *text* is not a card of the Spanish pack.
        IllegalMoveError: If that card may not be played now.
        WrongKindError: If *state* is not a Mililla state.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    move = parse_canonical(text)
    violation = check_move(state, move)
    if violation is not None:
        raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return move


def parse_canonical(text: str) -> Play:
    """Read a move without a position: the card's text, such as ``7O``."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {_messages.kind_name(text)}")
    words = text.split()
    if len(words) == 2 and words[0].lower() == "play":
        words = words[1:]
    if len(words) != 1:
        raise InvalidNotationError(f"{text!r} is not a Mililla move; write the card to play, such as '7O'")
    return _PLAYS[SPANISH_PACK.parse(words[0])]


def format_move(state: State, move: Play) -> str:
    """
    The move's notation: the card's text.

    Raises:
        WrongKindError: If *state* is not a Mililla state or *move* not a Mililla move.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mililla", state)
    return format_canonical(move)


def format_canonical(move: Play) -> str:
    """
    The move's context-free notation, the same as :func:`format_move`'s.

    Raises:
        WrongKindError: If *move* is not a Mililla move.
    """
    if not isinstance(move, Play):
        raise _messages.wrong_move("Mililla", move)
    return str(move.card)


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card of the pack is: the four hands, the trick, and each side's tricks."""
    out = {f"hand {s}": hand for s, hand in enumerate(state.hands)}
    out["trick"] = state.trick
    out["won 0"], out["won 1"] = state.won
    return out


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """
    A state that *seat* cannot tell from *state*: the cards it cannot see
    (other hands, less a turn-up card still held) are dealt again at random
    with the same hand sizes, and the match seed and undealt decks replaced.
    """
    hidden: list[Card] = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.extend(c for c in hand if not (s == state.dealer and c == state.turn_up))
    rng.shuffle(hidden)
    hands: list[tuple[Card, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        keep = [c for c in hand if s == state.dealer and c == state.turn_up]
        n = len(hand) - len(keep)
        hands.append(_sorted_hand(keep + hidden[:n]))
        del hidden[:n]
    return attrs.evolve(state, hands=tuple(hands), seed=rng.getrandbits(63), pending_decks=())


_TALLY_RULES: Final = frozenset({"mililla.points.cards", "mililla.points.tricks"})
_SEATS_FROM: Final = {lead: tuple((lead + i) % SEATS for i in range(SEATS)) for lead in range(SEATS)}


def _match_winner(match: tuple[int, ...]) -> int | None:
    """The side that has won the match at these points, if any (mililla.match.target)."""
    if max(match) < TARGET or match[0] == match[1]:
        return None
    return 0 if match[0] > match[1] else 1


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Mililla can reach.

    Checked: four hands in pack order; every card of the pack exactly once in
    the hands, the trick and the won piles; the sizes of the hands, the trick
    and the won piles against the tricks played; that the won tricks can have
    been played in some order, each going to its winner's side with the winner
    leading the next, the turn-up card played by the dealer, and ending with
    ``last_trick`` led by ``last_leader`` and won by ``trick_leader``; the
    suits in ``led``; the turn-up bonus, the rounds' scores, the match points
    and the winner. The error's ``path`` names the field, such as
    ``$.state.hands``.
    """
    check_lengths({"hands": state.hands}, SEATS, "seat")
    check_rounds(state.rounds, len(SIDES), _TALLY_RULES)
    for name in ("dealer", "trick_leader", "last_leader"):
        check_seat(getattr(state, name), SEATS, name)
    if state.winner is not None:
        check_seat(state.winner, len(SIDES), "winner", "side")
    check_counts({"round_no": [state.round_no], "deal_bonus": [state.deal_bonus], "held_bonus": [state.held_bonus]})
    check_counts({"tricks": state.tricks})
    check_pack(zones(state), SPANISH_PACK)
    check_order({f"hands[{s}]": hand for s, hand in enumerate(state.hands)}, _HAND_ORDER)
    _check_sizes(state)
    _check_tricks(state)
    _check_scores(state)
    check_decks(state.pending_decks, SPANISH_PACK)


def _check_sizes(state: State) -> None:
    """The trick, the won piles and the hands against the tricks played (mililla.deal, mililla.turn)."""
    done = state.tricks[0] + state.tricks[1]
    if state.winner is not None:
        if done != 10 or state.trick:
            raise fail("winner", "a match is won only when a round's ten tricks have been played")
    elif done > 9:
        raise fail("tricks", f"a round in progress has at most 9 completed tricks, not {done}")
    if len(state.trick) > SEATS - 1:
        raise fail("trick", f"a trick in progress has at most 3 cards, not {len(state.trick)}")
    for side in (0, 1):
        if len(state.won[side]) != SEATS * state.tricks[side]:
            raise fail(
                f"won[{side}]", f"side {side} holds {len(state.won[side])} won cards for {state.tricks[side]} tricks"
            )
    for s in range(SEATS):
        played = 1 if (s - state.trick_leader) % SEATS < len(state.trick) else 0
        if len(state.hands[s]) != 10 - done - played:
            raise fail(f"hands[{s}]", f"hand {s} has {len(state.hands[s])} cards; it should have {10 - done - played}")


def _check_tricks(state: State) -> None:
    """The won tricks as a possible play of the round, ``last_trick`` and ``led`` (mililla.trick.winner)."""
    dealer, turn_up = state.dealer, state.turn_up
    holder = next((s for s, h in enumerate(state.hands) if turn_up in h), dealer)
    if holder != dealer:
        raise fail("turn_up", f"the turn-up card {turn_up} is the dealer's (seat {dealer}), not seat {holder}'s")
    if turn_up in state.trick and (state.trick_leader + state.trick.index(turn_up)) % SEATS != dealer:
        raise fail("trick", f"the turn-up card {turn_up} in the trick was not played by the dealer, seat {dealer}")
    trump, strength = turn_up.suit, _STRENGTH[state.rules.rank_order]
    check_tricks(
        state.won,
        SEATS,
        (dealer + 1) % SEATS,
        _SEATS_FROM.__getitem__,
        lambda trick: _trick_winner(trick, trump, strength),
        {turn_up: dealer},
        ("trick_leader", state.trick_leader, state.last_leader, state.last_trick),
    )
    led = frozenset(pile[k].suit for pile in state.won for k in range(0, len(pile), SEATS))
    if state.led != led:
        names = ", ".join(sorted(_SUIT_NAMES[s] for s in led)) or "none"
        raise fail("led", f"the suits led to the completed tricks of this round are: {names}")


def _check_scores(state: State) -> None:
    """The turn-up bonus, the rounds, the match points and the winner (mililla.bonus.*, mililla.match.target)."""
    over = state.winner is not None
    if state.round_no != len(state.rounds) - (1 if over else 0):
        raise fail("round_no", f"round {state.round_no} does not follow {len(state.rounds)} completed rounds")
    for i, r in enumerate(state.rounds):
        if sum(r.tally) != ROUND_POINTS or min(r.tally) < 0 or min(r.points) < 0:
            raise fail(f"rounds[{i}].tally", "a round's tally shares 70 points between the sides")
    before = state.rounds[:-1] if over else state.rounds
    side = state.dealer % 2
    at_deal = sum(r.points[side] for r in before)
    bonus = _CARD_POINTS[state.turn_up]
    want = (bonus, 0) if bonus and at_deal + bonus < TARGET else (0, bonus)
    if (state.deal_bonus, state.held_bonus) != want:
        raise fail(
            "deal_bonus",
            f"the turn-up {state.turn_up} gives a bonus of {bonus} to the dealer's side, at {at_deal} points: "
            f"deal_bonus {want[0]} and held_bonus {want[1]}",
        )
    check_match(state.rounds, state.match, state.winner, _match_winner, () if over else _add((0, 0), side, want[0]))
    if over and state.rounds[-1] != _running(state, complete=True):
        raise fail(f"rounds[{len(state.rounds) - 1}]", "the last round's score is not that of the round played")


# --- records, replays and bots -----------------------------------------------------------


def round_deck(state: State) -> tuple[Card, ...]:
    """
    The deck order that dealt the round in progress, for a state before its first card is played.

    Raises:
        ValueError: If a card of this round has been played already.
    """
    if any(len(h) != 10 for h in state.hands):
        raise ValueError("the round's deck is known only before its first card is played")
    return deck_from_hands(state.hands, state.dealer, state.turn_up)


def deck_from_deal(deal: Mapping[str, object], dealer: int, rules: MilillaRuleset | None = None) -> tuple[Card, ...]:
    """
    The deck order for an explicit deal written as data: ``{"hands": [[...] x4], "turn_up": "7O"}``.

    *rules* is accepted for the records, which pass every game its ruleset; no option of this
    game changes how a deal is dealt.

    Raises:
        InvalidDeckError: If the deal is malformed or not the pack.
    """
    if not isinstance(deal, Mapping) or set(deal) != {"hands", "turn_up"}:
        raise InvalidDeckError('a Mililla deal is {"hands": [four lists of 10 cards], "turn_up": card}')
    hands = deal["hands"]
    turn_up = deal["turn_up"]
    if not isinstance(hands, list | tuple) or not all(isinstance(h, list | tuple) for h in hands):
        raise InvalidDeckError("hands must be a list of four lists of cards")
    if not isinstance(turn_up, str | Card):
        raise InvalidDeckError("turn_up must be a card")
    return deck_from_hands(hands, dealer, turn_up)


def _points_text(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def events(before: State, move: Play, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*: the card played, a trick won,
    a round scored, a new deal with its turn-up bonus, the match won.
    """
    seat = to_move(before)
    out = [Event("play", "mililla.turn", seat, (move.card,), 0, f"seat {seat} plays {move.card}")]
    if len(before.trick) < SEATS - 1:
        return tuple(out)
    trick = (*before.trick, move.card)
    strength = _STRENGTH[before.rules.rank_order]
    winner = (before.trick_leader + _trick_winner(trick, before.turn_up.suit, strength)) % SEATS
    pts = sum(_CARD_POINTS[c] for c in trick) + 1
    out.append(
        Event(
            "trick", "mililla.trick.winner", winner, trick, pts, f"seat {winner} wins the trick ({_points_text(pts)})"
        )
    )
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        out.append(
            Event(
                "round",
                "mililla.round.score",
                None,
                (),
                0,
                f"round over: {result.tally[0]}-{result.tally[1]} in round points; "
                f"seats 0+2 score {result.points[0]}, seats 1+3 score {result.points[1]}",
            )
        )
        for item in result.items:
            if item.rule == "mililla.bonus.held":
                out.append(Event("bonus", item.rule, None, (before.turn_up,), item.points, "the held bonus is scored"))
        if after.winner is not None:
            out.append(
                Event(
                    "match",
                    "mililla.match.target",
                    None,
                    (),
                    0,
                    f"seats {SIDES[after.winner][0]}+{SIDES[after.winner][1]} win the match "
                    f"{after.match[after.winner]}-{after.match[1 - after.winner]}",
                )
            )
        else:
            text = f"seat {after.dealer} deals; {after.turn_up} is turned: {_SUIT_NAMES[after.trump]} are trump"
            out.append(Event("deal", "mililla.deal.turn-up", after.dealer, (after.turn_up,), 0, text))
            if after.deal_bonus:
                out.append(
                    Event(
                        "bonus",
                        "mililla.bonus.turn-up",
                        after.dealer,
                        (after.turn_up,),
                        after.deal_bonus,
                        f"the turn-up scores {_points_text(after.deal_bonus)} for the dealer's team",
                    )
                )
            elif after.held_bonus:
                out.append(
                    Event(
                        "bonus",
                        "mililla.bonus.held",
                        after.dealer,
                        (after.turn_up,),
                        0,
                        "the turn-up bonus is held: it would bring the dealer's team to 35",
                    )
                )
    return tuple(out)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """
    A full state that *observation*'s seat cannot tell from the real one:
    the cards it has not seen are dealt at random to the other hands, with
    the right counts (the turn-up card stays with the dealer while held).
    Voids shown by earlier play are not used: the observation does not keep
    who played which card in earlier tricks.

    ``observe(sample_state(obs, rng), obs.seat) == obs`` always holds.
    """
    o = observation
    seen = set(o.hand) | set(o.trick) | set(o.won[0]) | set(o.won[1])
    if o.turn_up_in_hand:
        seen.add(o.turn_up)
    unseen = [c for c in SPANISH_PACK.cards if c not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for s in range(SEATS):
        if s == o.seat:
            hands.append(o.hand)
            continue
        keep = [o.turn_up] if (s == o.dealer and o.turn_up_in_hand) else []
        n = o.hand_counts[s] - len(keep)
        hands.append(_sorted_hand(keep + unseen[:n]))
        del unseen[:n]
    if unseen:
        raise ValueError("the observation's hand sizes do not account for the unseen cards")
    return State(
        rules=o.rules,
        seed=rng.getrandbits(63),
        pending_decks=(),
        round_no=o.round_no,
        dealer=o.dealer,
        hands=tuple(hands),
        turn_up=o.turn_up,
        trick_leader=o.trick_leader,
        trick=o.trick,
        led=o.led,
        won=o.won,
        tricks=o.tricks,
        last_trick=o.last_trick,
        last_leader=o.last_leader,
        match=o.match,
        deal_bonus=o.deal_bonus,
        held_bonus=o.held_bonus,
        rounds=o.rounds,
        winner=o.winner,
    )
