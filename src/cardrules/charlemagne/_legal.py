"""Whose turn it is in Charlemagne, the legal moves, and why a move is illegal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from cardrules import _messages
from cardrules._kit.keyed_moves import _keyed_moves
from cardrules.cards import Card, Suit
from cardrules.charlemagne import _state
from cardrules.charlemagne._cards import _FRENCH, _HAND_ORDER, _JOKER, _SUIT_OF, _SUIT_OF_ID, PACK
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._state import (
    _LADDER,
    MOVE_TYPES,
    PASS,
    SEATS,
    Contract,
    Discard,
    Give,
    Move,
    Play,
    State,
)
from cardrules.engine import LegalMoves, TupleMoves
from cardrules.rules import CardName, Items, Message, Violation

# --- turn order ------------------------------------------------------------------


def _trick_seats(leader: int, partner: int | None) -> tuple[int, ...]:
    return tuple(s for s in ((leader + i) % SEATS for i in range(SEATS)) if s != partner)


_ORDERS: Final = {(lead, p): _trick_seats(lead, p) for lead in range(SEATS) for p in (None, 0, 1, 2, 3)}
# The solo contracts (Contract.is_solo). Testing membership in a tuple of enum members is an
# identity test in C; the property goes through two Python calls and the enum's hash.
_SOLO: Final = tuple(c for c in _LADDER if c.is_solo)


def _sitting_out(bidder: int | None, contract: Contract | None) -> int | None:
    """The bidder's partner, who sits out a solo contract (``Contract.is_solo``); else ``None``."""
    return None if bidder is None or contract not in _SOLO else (bidder + 2) % SEATS


def _order(state: State) -> tuple[int, ...]:
    """The seats that play the current trick, the leader first (``charlemagne.play.turn``)."""
    b = state.bidder  # _sitting_out, inlined: this runs at every card played (benchmarks/count_bytecodes.py)
    return _ORDERS[state.leader, None if b is None or state.contract not in _SOLO else (b + 2) % SEATS]


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
    """Whether the match is over (a team has reached 32, ``charlemagne.match.target``)."""
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


def _high_bid(calls: Sequence[Contract | None]) -> Contract | None:
    """The highest bid among *calls* (the last one made), or ``None`` before any bid."""
    for c in reversed(calls):
        if c is not None:
            return c
    return None


def _dealer_forced(calls: Sequence[Contract | None]) -> bool:
    """Whether the dealer, next after *calls*, may not pass: the three others passed (``charlemagne.bid.dealer``)."""
    return len(calls) == SEATS - 1 and all(c is None for c in calls)


# --- legal moves -------------------------------------------------------------------

_BIDS: Final = {c: _state.Bid(c) for c in _LADDER}
_SOURCES: Final = (_state.ChooseSource("kitty"), _state.ChooseSource("partner"))
_TRUMPS: Final = tuple(_state.NameTrump(s) for s in _FRENCH)
_PLAYS: Final = {c: Play(c) for c in PACK.cards}
_GIVES: Final = {c: Give(c) for c in PACK.cards}
_DISCARDS: Final = {c: Discard(c) for c in PACK.cards}
# The bidding moves after the highest bid so far (None: no bid yet): pass, then each higher bid.
_CALLS_ABOVE: Final[dict[Contract | None, tuple[_state.Bid | _state.Pass, ...]]] = {
    high: (PASS, *(_BIDS[c] for c in _LADDER[0 if high is None else high.level + 1 :])) for high in (None, *_LADDER)
}


def _bidding_moves(calls: Sequence[Contract | None]) -> tuple[_state.Bid | _state.Pass, ...]:
    """The legal calls after *calls*, in the order of :func:`legal_moves` (``charlemagne.bid.*``)."""
    moves = _CALLS_ABOVE[_high_bid(calls)]
    return moves[1:] if _dealer_forced(calls) else moves


_M = TypeVar("_M", Play, Give, Discard)


def _card_moves(cards: Sequence[Card], by_card: Mapping[Card, _M]) -> tuple[_M, ...]:
    """The move of each card (made once per card of the pack)."""
    return tuple(map(by_card.__getitem__, cards))


def _playable(state: State, seat: int) -> Sequence[Card]:
    """The cards *seat* may play to the trick, in hand order (``charlemagne.follow.suit``, ``charlemagne.mulot.*``)."""
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
    if state.winner is not None:
        return TupleMoves(())
    phase = state.phase
    moves: tuple[Move, ...]
    if phase == "play":
        seat = _order(state)[len(state.trick)]  # to_move(state), in line
        return _keyed_moves(_playable(state, seat), _PLAYS)  # each card's Play, made only if asked for
    if phase == "bid":
        calls = _CALLS_ABOVE[_high_bid(state.calls)]  # _bidding_moves(state.calls), in line
        moves = calls[1:] if _dealer_forced(state.calls) else calls
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
    return TupleMoves(moves)


# --- checking moves ----------------------------------------------------------------


def _v(rule: str, reason: Message) -> Violation:
    return Violation(RULES[rule], reason)


def _who(state: State, seat: int) -> Message:
    """*seat* in a message to the seat to move: ``you`` or ``seat N``."""
    return Message("you") if seat == to_move(state) else Message("seat {seat}", seat=seat)


# The suits in the reasons, alone (``you must follow {suit}``) and one card of the suit.
_PLURAL: Final = {
    Suit.SPADES: Message("spades"),
    Suit.HEARTS: Message("hearts"),
    Suit.DIAMONDS: Message("diamonds"),
    Suit.CLUBS: Message("clubs"),
    Suit.JOKER: Message("jokers"),
}
_SINGULAR: Final = {
    Suit.SPADES: Message("a spade"),
    Suit.HEARTS: Message("a heart"),
    Suit.DIAMONDS: Message("a diamond"),
    Suit.CLUBS: Message("a club"),
    Suit.JOKER: Message("a joker"),
}


def _names(cards: Sequence[Card]) -> Items:
    """``the jack of hearts, the jack of diamonds and the Big joker``."""
    return Items([CardName(c) for c in cards], "and")


def _card_name_safe(card: object) -> object:
    """*card* in words: by name for a card of the pack, by its text for another card."""
    if isinstance(card, Card):
        return CardName(card) if card in _HAND_ORDER else Message("the {card}", card=card)
    return _messages.shown(card)


def _suit_text(suit: object) -> object:
    if isinstance(suit, Suit):
        return _PLURAL.get(suit, suit.value)
    return _messages.shown(suit)


def _contract_words(contract: Contract) -> object:
    """``a bid of 6``, ``Mulot``: the contract in a sentence."""
    return Message("a bid of {bid}", bid=contract.value) if contract.is_number else contract.title


def _phase_violation(state: State, move: Move) -> Violation:
    """Why a move of the wrong kind for the phase is illegal."""
    phase = state.phase
    c = state.contract
    if isinstance(move, _state.Bid | _state.Pass):
        assert c is not None and state.bidder is not None
        return _v(
            "charlemagne.bid.turn",
            Message(
                "the bidding is over: {bid}, and there is one round of bidding",
                bid=Message("you bid {contract}", contract=c.title)
                if state.bidder == to_move(state)
                else Message("seat {seat} bid {contract}", seat=state.bidder, contract=c.title),
            ),
        )
    if isinstance(move, _state.NameTrump) and phase == "play":
        if state.trump is None:
            return _v(
                "charlemagne.trump.name",
                Message(
                    "there is no trump to name in {contract}: only the jokers are trump",
                    contract=c.title if c else "Mulot",
                ),
            )
        return _v(
            "charlemagne.trump.name",
            Message("trump is already {suit}; it is named once", suit=_PLURAL[state.trump]),
        )
    if isinstance(move, Discard) and phase in ("trump", "play") and c is not None:
        due = _discards_due(state)
        if due == 0:
            return _v(
                "charlemagne.discard.count",
                Message("there are no discards in {contract}: the kitty is never taken", contract=c.title),
            )
        return _v(
            "charlemagne.discard.count",
            Message.counted(
                "the bidder discards {count} card in {contract}, and has already discarded them",
                "the bidder discards {count} cards in {contract}, and has already discarded them",
                due,
                contract=_contract_words(c),
            ),
        )
    if isinstance(move, _state.ChooseSource):
        return _v(
            "charlemagne.source",
            Message("only a Gros Charlemagne bidder chooses a source, right after the bidding"),
        )
    if isinstance(move, Give) and phase != "give":
        return _v(
            "charlemagne.give",
            Message("a card is passed only by the partner of a Charlemagne bidder, before the discards"),
        )
    if phase == "bid":
        return _v("charlemagne.bid.turn", Message("the bidding is not over: bid or pass"))
    assert c is not None and state.bidder is not None
    if phase == "source":
        return _v(
            "charlemagne.source",
            Message(
                "you bid Gros Charlemagne: first choose the kitty or your partner's card "
                "('source kitty' or 'source partner')"
            ),
        )
    if phase == "give":
        return _v(
            "charlemagne.give",
            Message(
                "you must first pass one card of your hand face down to your partner, {who}",
                who=_who(state, state.bidder),
            ),
        )
    if phase == "discard":
        due = _discards_due(state)
        left = due - len(state.discards)
        return _v(
            "charlemagne.discard.count",
            Message.counted(
                "discard {count} more card first: the bidder discards {due} in {contract}",
                "discard {count} more cards first: the bidder discards {due} in {contract}",
                left,
                due=due,
                contract=_contract_words(c),
            ),
        )
    if phase == "trump":
        if isinstance(move, Discard):
            return _v(
                "charlemagne.discard.count",
                Message("you have discarded your {count}; now name trump", count=len(state.discards)),
            )
        return _v("charlemagne.trump.name", Message("name the trump suit first, such as 'trump H'"))
    return _v("charlemagne.play.turn", Message("the hand is being played: play a card from your hand"))


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
                Message(
                    "{led} was led and you hold {card}: you must play it",
                    led=CardName(lead),
                    card=CardName(follow[0]),
                ),
            )
        reason = Message("you must follow {suit}", suit=_PLURAL[led])
        notes: list[Message] = []
        if trump is not None and lead.suit is not led:
            notes.append(Message("{card} led is a trump", card=CardName(lead)))
        odd = [c for c in follow if c.suit is not led]
        if trump is not None and odd:
            notes.append(
                Message.counted(
                    "{cards} counts as {one} when {trump} are trump",
                    "{cards} count as {one} when {trump} are trump",
                    len(odd),
                    cards=_names(odd),
                    one=_SINGULAR[led],
                    trump=_PLURAL[trump],
                )
            )
        if trump is not None and card.suit is led and suit_of[card] is not led:
            notes.append(Message("{card} is a trump, not {one}", card=CardName(card), one=_SINGULAR[led]))
        for i, note in enumerate(notes):
            if i == 0:
                reason = Message("{reason}: {note}", reason=reason, note=note)
            else:
                reason = Message("{reason}; {more}", reason=reason, more=note)
        return _v("charlemagne.follow.suit", reason)
    jokers = [c for c in hand if c.suit is Suit.JOKER]
    return _v(
        "charlemagne.mulot.joker-void",
        Message(
            "you have no {suit} and you hold {cards}: in Mulot a player who cannot follow "
            "and holds a joker must play a joker",
            suit=_PLURAL[led],
            cards=_names(jokers),
        ),
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
            Message(
                "a Charlemagne move is a bid, pass, source, give, discard, trump or play, not {kind}",
                kind=_messages.kind_name(move),
            ),
        )
    seat = to_move(state)
    if seat is None:
        return _v("charlemagne.match.target", Message("the match is over; no more moves are made"))
    phase = state.phase
    if phase == "play" and isinstance(move, Play):
        card = move.card
        playable = _playable(state, seat)
        if card in playable:
            return None
        if card not in state.hands[seat]:
            return _v("charlemagne.play.turn", Message("you do not hold {card}", card=_card_name_safe(card)))
        return _follow_violation(state, seat, card)
    if phase == "bid" and isinstance(move, _state.Bid | _state.Pass):
        if isinstance(move, _state.Pass):
            if _dealer_forced(state.calls):
                return _v(
                    "charlemagne.bid.dealer",
                    Message("the other three players passed, so you, the dealer, may not pass: bid 5 or higher"),
                )
            return None
        if not isinstance(move.contract, Contract):
            return _v(
                "charlemagne.bid.ladder",
                Message(
                    "a bid is one of 5, 6, 7, 8, mulot, charlemagne, gros mulot, gros charlemagne, not {what}",
                    what=_messages.shown(move.contract),
                ),
            )
        high = _high_bid(state.calls)
        if high is None or move.contract.level > high.level:
            return None
        if high is Contract.GROS_CHARLEMAGNE:
            return _v("charlemagne.bid.ladder", Message("nothing is higher than Gros Charlemagne: you can only pass"))
        higher = ", ".join(c.title for c in _LADDER[high.level + 1 :])
        return _v(
            "charlemagne.bid.ladder",
            Message(
                "you must bid higher than {high}: {higher}; {bid} is not higher",
                high=high.title,
                higher=higher,
                bid=move.contract.title,
            ),
        )
    if phase == "discard" and isinstance(move, Discard):
        if move.card in state.hands[seat]:
            return None
        return _v(
            "charlemagne.discard.held",
            Message("you do not hold {card}, so you cannot discard it", card=_card_name_safe(move.card)),
        )
    if phase == "trump" and isinstance(move, _state.NameTrump):
        if move.suit in _FRENCH:
            return None
        return _v(
            "charlemagne.trump.name",
            Message("trump is spades, hearts, diamonds or clubs, not {suit}", suit=_suit_text(move.suit)),
        )
    if phase == "give" and isinstance(move, Give):
        if move.card in state.hands[seat]:
            return None
        return _v(
            "charlemagne.give",
            Message("you do not hold {card}, so you cannot pass it", card=_card_name_safe(move.card)),
        )
    if phase == "source" and isinstance(move, _state.ChooseSource):
        if move.source in ("kitty", "partner"):
            return None
        return _v(
            "charlemagne.source",
            Message("the source is the kitty or the partner's card, not {what}", what=_messages.shown(move.source)),
        )
    return _phase_violation(state, move)


def _candidates(state: State) -> tuple[Move, ...]:
    """The moves of the kind the phase calls for, legal or not: every call, or every card of the hand."""
    seat = to_move(state)
    if seat is None:
        return ()
    hand = state.hands[seat]
    phase = state.phase
    if phase == "bid":
        return _CALLS_ABOVE[None]
    if phase == "play":
        return _card_moves(hand, _PLAYS)
    if phase == "discard":
        return _card_moves(hand, _DISCARDS)
    if phase == "give":
        return _card_moves(hand, _GIVES)
    return _TRUMPS if phase == "trump" else _SOURCES


def refusals(state: State) -> tuple[Violation, ...]:
    """
    Why the moves the mover might want are refused now: for each rule that refuses one of the
    calls of the ladder (in the bidding) or one of the cards of the hand (in the play), the
    first such move's violation, in the order of the moves (``pass`` and the ladder low to high,
    the hand in pack order). Empty when nothing is refused or the match is over.

    Raises:
        WrongKindError: If *state* is not a Charlemagne state.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    out: dict[str, Violation] = {}
    for move in _candidates(state):
        v = check_move(state, move)
        if v is not None and v.rule.id not in out:
            out[v.rule.id] = v
    return tuple(out.values())
