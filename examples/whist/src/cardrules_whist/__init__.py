"""
Whist for cardrules: four players in two partnerships, 52 cards, tricks over six score, to 5.

The rules are those of pagat.com's page "Whist" (short whist, without honours):

- The dealer deals the whole pack one card at a time, starting with the player on the left; the
  last card, the dealer's, is turned face up and its suit is trump (``whist.deal``). It stays in
  view until the dealer plays it or plays to the first trick (``whist.turn-up``).
- The player on the dealer's left leads to the first trick; the winner of each trick leads to the
  next (``whist.lead``). Players must follow suit if they can, else play any card
  (``whist.follow``). The highest trump wins, or else the highest card of the suit led; aces
  are high (``whist.trick``).
- After thirteen tricks, each trick a side has won over six (its "book") scores a point
  (``whist.score``). The deal passes to the left; the first side to 5 points wins (``whist.match``).

It uses only cardrules' public API; its ``pyproject.toml`` entry point adds it to cardrules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

import attrs

from cardrules import (
    Card,
    CardrulesError,
    Event,
    GameSpec,
    IllegalMoveError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidRecordError,
    Pack,
    Rank,
    RoundScore,
    Rule,
    RuleBook,
    Score,
    ScoreItem,
    Suit,
    TupleMoves,
    Violation,
    shuffled,
)

__all__ = ["GAME", "Observation", "Play", "State", "WhistRuleset"]

SEATS: Final = 4
SIDES: Final = ((0, 2), (1, 3))
_RANKS: Final = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
                 Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # fmt: skip
PACK: Final = Pack("French", tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
                                   for r in _RANKS))  # fmt: skip
_ORDER: Final = {c: i for i, c in enumerate(PACK.cards)}
_HIGH: Final = {c: _RANKS.index(c.rank) for c in PACK.cards}

RULES: Final = RuleBook("whist", [
    Rule("whist.deal", "The deal", "The dealer deals the pack one card at a time from the left; the last card, "
         "the dealer's, is turned face up and its suit is trump.", "pagat.com, Whist"),
    Rule("whist.turn-up", "The turn-up", "The turned card stays in view until the dealer plays it.",
         "pagat.com, Whist"),
    Rule("whist.lead", "The lead", "The dealer's left leads first; each trick's winner leads the next.",
         "pagat.com, Whist"),
    Rule("whist.turn", "Turn", "Players play in turn to the left, one card each, from their own hand.",
         "pagat.com, Whist"),
    Rule("whist.follow", "Following suit", "Follow the suit led if you can; otherwise play any card.",
         "pagat.com, Whist"),
    Rule("whist.trick", "Winning a trick", "The highest trump wins, or else the highest card of the suit led.",
         "pagat.com, Whist"),
    Rule("whist.score", "Scoring", "Each trick a side wins over six scores one point.", "pagat.com, Whist"),
    Rule("whist.match", "The match", "The first side to the target (5 points) wins.", "pagat.com, Whist"),
])  # fmt: skip


@attrs.frozen(kw_only=True)
class WhistRuleset:
    """The one option: ``target``, 5 (short whist, default) or 7 (American)."""

    target: int = 5

    def __attrs_post_init__(self) -> None:
        if self.target not in (5, 7) or isinstance(self.target, bool):
            raise InvalidOptionError(f"option target takes 5 or 7, not {self.target!r}")


@attrs.frozen
class Play:
    """Play a card, the only kind of move; its notation is the card's text, such as ``QH``."""

    _tagged: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen
class State:
    """A match at one moment, hidden cards included: never show it to a player (show ``observe``)."""

    rules: WhistRuleset
    seed: int
    pending_decks: tuple[tuple[Card, ...], ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    match: tuple[int, int]
    rounds: tuple[RoundScore, ...]
    winner: int | None


@attrs.frozen
class Observation:
    """What one seat sees: its hand, the other hands' sizes, the turn-up while held, the tricks, the scores."""

    seat: int
    rules: WhistRuleset
    round_no: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    turn_up: Card
    turn_up_in_hand: bool
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    match: tuple[int, int]
    rounds: tuple[RoundScore, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """The observation as plain JSON data (cards as text)."""
        return attrs.asdict(self, value_serializer=lambda _i, _f, v: str(v) if isinstance(v, Card) else v)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def _check_deck(deck: Sequence[Card | str]) -> tuple[Card, ...]:
    try:
        cards = tuple(c if isinstance(c, Card) else PACK.parse(c) for c in deck)
    except CardrulesError as exc:
        raise InvalidDeckError(f"deck: {exc}") from None
    if sorted(map(_ORDER.__getitem__, cards)) != list(range(52)):
        raise InvalidDeckError("a Whist deck is the 52-card pack, each card once")
    return cards


def _deal(rules: WhistRuleset, seed: int, pending: tuple[tuple[Card, ...], ...], round_no: int, dealer: int,
          match: tuple[int, int], rounds: tuple[RoundScore, ...]) -> State:  # fmt: skip
    """Deal round *round_no*: ``deck[i]`` goes to seat ``dealer + 1 + i``; ``deck[51]``, the dealer's, is turned."""
    deck = pending[0] if pending else shuffled(PACK.cards, seed * 1000 + round_no)
    hands = tuple(_sorted(deck[(s - dealer - 1) % SEATS :: SEATS]) for s in range(SEATS))
    return State(rules, seed, pending[1:], round_no, dealer, hands, deck[-1], (dealer + 1) % SEATS, (), ((), ()),
                 match, rounds, None)  # fmt: skip


def new_game(rules: WhistRuleset = WhistRuleset(), *, seed: int | None = None,
             deck: Sequence[Card | str] | None = None, decks: Sequence[Sequence[Card | str]] | None = None,
             dealer: int | None = None) -> State:  # fmt: skip
    """A new match, its first round dealt by *dealer* (from the seed if not given)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    if not isinstance(seed, int) or isinstance(seed, bool) or (dealer is not None and dealer not in range(SEATS)):
        raise InvalidOptionError("seed must be a whole number and dealer a seat from 0 to 3")
    if deck is not None and decks is not None:
        raise InvalidOptionError("give deck or decks, not both")
    pending = tuple(_check_deck(d) for d in ([deck] if deck is not None else decks or []))
    return _deal(rules, seed, pending, 0, seed % SEATS if dealer is None else dealer, (0, 0), ())


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` once the match is over."""
    return None if state.winner is not None else (state.leader + len(state.trick)) % SEATS


def is_over(state: State) -> bool:
    """Whether a side has reached the target."""
    return state.winner is not None


def _trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    best = 0
    for i, c in enumerate(trick):
        top = trick[best]
        if (c.suit is top.suit and _HIGH[c] > _HIGH[top]) or (c.suit is trump and top.suit is not trump):
            best = i
    return best


def legal_moves(state: State) -> TupleMoves[Play]:
    """The cards the seat to move may play, in hand order (``whist.follow``)."""
    seat = to_move(state)
    if seat is None:
        return TupleMoves(())
    hand = state.hands[seat]
    follow = [c for c in hand if state.trick and c.suit is state.trick[0].suit]
    return TupleMoves(tuple(Play(c) for c in follow or hand))


def check_move(state: State, move: Play) -> Violation | None:
    """``None`` if *move* is legal, else the rule it breaks, in words the player may see."""
    seat = to_move(state)
    if not isinstance(move, Play) or not isinstance(move.card, Card):
        return Violation(RULES["whist.turn"], "a Whist move is playing a card, such as 'QH'")
    if seat is None:
        return Violation(RULES["whist.match"], "the match is over; no more cards are played")
    hand = state.hands[seat]
    if move.card not in hand:
        return Violation(RULES["whist.turn"], f"you do not hold the {move.card}")
    led = state.trick[0].suit if state.trick else None
    if led is not None and move.card.suit is not led and any(c.suit is led for c in hand):
        return Violation(RULES["whist.follow"], f"you must follow suit: {led.value} were led and you hold some")
    return None


def apply(state: State, move: Play) -> State:
    """The state after *move* (the input is never changed); raises ``IllegalMoveError`` for an illegal one."""
    violation = check_move(state, move)
    if violation is not None:
        raise IllegalMoveError(violation.rule, to_move(state), move, violation.reason)
    seat = (state.leader + len(state.trick)) % SEATS
    hands = tuple(tuple(c for c in h if c is not move.card) if s == seat else h for s, h in enumerate(state.hands))
    trick = (*state.trick, move.card)
    if len(trick) < SEATS:
        return attrs.evolve(state, hands=hands, trick=trick)
    leader = (state.leader + _trick_winner(trick, state.turn_up.suit)) % SEATS
    won = (state.won[0] + trick, state.won[1]) if leader % 2 == 0 else (state.won[0], state.won[1] + trick)
    after = attrs.evolve(state, hands=hands, trick=(), leader=leader, won=won)
    if any(hands):
        return after
    result = _round(after)
    match = (state.match[0] + result.points[0], state.match[1] + result.points[1])
    rounds = (*state.rounds, result)
    if max(match) >= state.rules.target:
        return attrs.evolve(after, match=match, rounds=rounds, winner=0 if match[0] > match[1] else 1)
    return _deal(state.rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % SEATS,
                 match, rounds)  # fmt: skip


def _round(state: State) -> RoundScore:
    tricks = (len(state.won[0]) // SEATS, len(state.won[1]) // SEATS)
    points = (max(0, tricks[0] - 6), max(0, tricks[1] - 6))
    items = tuple(ScoreItem(side, "whist.score", "tricks over six", points[side]) for side in (0, 1) if points[side])
    return RoundScore(tally=tricks, points=points, items=items, complete=not any(state.hands))


def score(state: State) -> Score:
    """The match points, the round in progress (or the last one once over) and every round."""
    current = state.rounds[-1] if state.winner is not None else _round(state)
    return Score(sides=SIDES, match=state.match, round=current, rounds=state.rounds, winner=state.winner)


def observe(state: State, seat: int) -> Observation:
    """What *seat* may see."""
    if not isinstance(seat, int) or seat not in range(SEATS):
        raise InvalidOptionError(f"seat must be 0 to 3, not {seat!r}")
    held = state.turn_up in state.hands[state.dealer]
    return Observation(seat, state.rules, state.round_no, state.dealer, to_move(state), state.hands[seat],
                       tuple(map(len, state.hands)), state.turn_up, held, state.leader, state.trick, state.won,
                       state.match, state.rounds, state.winner)  # fmt: skip


def parse_canonical(text: str) -> Play:
    """A move from its text, a card such as ``QH``."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"a move is written as text, not {type(text).__name__}")
    return Play(PACK.parse(text))


def parse_move(state: State, text: str) -> Play:
    """A move from its text, checked against *state*."""
    move = parse_canonical(text)
    violation = check_move(state, move)
    if violation is not None:
        raise IllegalMoveError(violation.rule, to_move(state), move, violation.reason)
    return move


def format_canonical(move: Play) -> str:
    """The move's text."""
    if not isinstance(move, Play):
        raise InvalidNotationError(f"a Whist move is a Play, not {type(move).__name__}")
    return str(move.card)


def format_move(state: State, move: Play) -> str:
    return format_canonical(move)  # the same in every position


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card is."""
    return {**{f"hand {s}": h for s, h in enumerate(state.hands)}, "trick": state.trick,
            "won 0": state.won[0], "won 1": state.won[1]}  # fmt: skip


def _redeal(sizes: Sequence[int], seat: int, own: tuple[Card, ...], dealer: int, turn_up: Card, held: bool,
            unseen: list[Card], rng: random.Random) -> tuple[tuple[Card, ...], ...]:  # fmt: skip
    """*unseen* dealt at random to the hands of *sizes* but *seat*'s, the turn-up staying with the dealer if held."""
    rng.shuffle(unseen)
    out = []
    for s, size in enumerate(sizes):
        keep = [turn_up] if s == dealer and held and s != seat else []
        n = 0 if s == seat else size - len(keep)
        out.append(own if s == seat else _sorted(keep + unseen[:n]))
        del unseen[:n]
    return tuple(out)


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A state *seat* cannot tell from *state*: the other hands dealt again, the seed replaced."""
    held = state.turn_up in state.hands[state.dealer]
    unseen = [c for s, h in enumerate(state.hands) if s != seat for c in h if not (held and c is state.turn_up)]
    sizes = tuple(map(len, state.hands))
    hands = _redeal(sizes, seat, state.hands[seat], state.dealer, state.turn_up, held, unseen, rng)
    return attrs.evolve(state, hands=hands, seed=rng.getrandbits(63), pending_decks=())


def sample_state(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with *obs*: the cards its seat has not seen, dealt at random."""
    seen = {*obs.hand, *obs.trick, *obs.won[0], *obs.won[1], *([obs.turn_up] if obs.turn_up_in_hand else [])}
    unseen = [c for c in PACK.cards if c not in seen]
    hands = _redeal(obs.hand_counts, obs.seat, obs.hand, obs.dealer, obs.turn_up, obs.turn_up_in_hand, unseen, rng)
    return State(obs.rules, rng.getrandbits(63), (), obs.round_no, obs.dealer, hands, obs.turn_up, obs.leader,
                 obs.trick, obs.won, obs.match, obs.rounds, obs.winner)  # fmt: skip


def check_state(state: State) -> None:
    """Raise ``InvalidRecordError`` unless *state* is a position Whist can reach."""
    if len(state.hands) != SEATS or state.dealer not in range(SEATS) or state.leader not in range(SEATS):
        raise InvalidRecordError("Whist has four hands and seats 0 to 3", "$.state")
    held = sorted(_ORDER[c] for cards in zones(state).values() for c in cards)
    if held != list(range(52)) or any(len(w) % SEATS for w in state.won) or len(state.trick) >= SEATS:
        raise InvalidRecordError("the cards are not the pack, in whole tricks", "$.state")
    done = (len(state.won[0]) + len(state.won[1])) // SEATS
    for s, hand in enumerate(state.hands):
        played = (s - state.leader) % SEATS < len(state.trick)
        if hand != _sorted(hand) or (state.winner is None and len(hand) != 13 - done - played):
            raise InvalidRecordError(f"hand {s} has the wrong cards for this moment", f"$.state.hands[{s}]")
    if (state.winner is None) == (max(state.match) >= state.rules.target):
        raise InvalidRecordError("the winner does not fit the match score", "$.state.winner")


def round_deck(state: State) -> tuple[Card, ...]:
    """The deck that dealt the round in progress, before its first card is played."""
    if any(len(h) != 13 for h in state.hands):
        raise ValueError("the round's deck is known only before its first card is played")
    return deck_from_deal({"hands": state.hands, "turn_up": state.turn_up}, state.dealer)


def deck_from_deal(deal: Mapping[str, object], dealer: int, rules: WhistRuleset | None = None) -> tuple[Card, ...]:
    """The deck for a deal seen at a table: ``{"hands": [four lists of 13 cards], "turn_up": card}``."""
    hands, turn_up = deal.get("hands"), deal.get("turn_up")
    if not (
        isinstance(hands, list | tuple) and len(hands) == SEATS and all(isinstance(h, list | tuple) for h in hands)
    ):
        raise InvalidDeckError('a Whist deal is {"hands": [four lists of 13 cards], "turn_up": card}')
    cards = [[c if isinstance(c, Card) else PACK.parse(str(c)) for c in h] for h in hands]
    top = turn_up if isinstance(turn_up, Card) else PACK.parse(str(turn_up))
    if any(len(h) != 13 for h in cards) or top not in cards[dealer]:
        raise InvalidDeckError("each hand has 13 cards, and the dealer holds the turn-up")
    cards[dealer] = [c for c in cards[dealer] if c is not top] + [top]
    return _check_deck([cards[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(52)])


def events(before: State, move: Play, after: State) -> tuple[Event, ...]:
    """What *move* did: the card, the trick won, the round scored, the match won."""
    seat = to_move(before)
    out = [Event("play", "whist.turn", seat, (move.card,), 0, f"seat {seat} plays {move.card}")]
    if len(before.trick) == SEATS - 1:
        trick = (*before.trick, move.card)
        w = (before.leader + _trick_winner(trick, before.turn_up.suit)) % SEATS
        out.append(Event("trick", "whist.trick", w, trick, 0, f"seat {w} wins the trick"))
    if len(after.rounds) > len(before.rounds):
        pts = after.rounds[-1].points
        out.append(Event("round", "whist.score", None, (), 0, f"round over: seats 0+2 score {pts[0]}, 1+3 {pts[1]}"))
    return tuple(out)


GAME: Final[GameSpec[State, Play, WhistRuleset, Observation]] = GameSpec(
    name="whist", title="Whist", pack=PACK, ruleset_type=WhistRuleset, presets={"short": WhistRuleset()},
    state_type=State, move_types=(Play,), observation_type=Observation, rulebook=RULES, new_game=new_game,
    to_move=to_move, legal_moves=legal_moves, check_move=check_move, apply=apply, is_over=is_over, score=score,
    observe=observe, parse_move=parse_move, format_move=format_move, parse_canonical=parse_canonical,
    format_canonical=format_canonical, zones=zones, shuffle_hidden=shuffle_hidden, check_state=check_state,
    round_deck=round_deck, deck_from_deal=deck_from_deal, events=events, sample_state=sample_state,
)  # fmt: skip
"""The Whist game spec: what the ``cardrules.games`` entry point names."""
