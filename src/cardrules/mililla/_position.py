"""
Mililla's position notation (see :doc:`/positions/mililla`): the fields after ``p1`` and the ruleset.

``dealer=3 turn_up=JE hands=KO,KE/HO,2E/4O/7O,7E leader=2 trick=5C won=...;.../... match=5/0 rounds=-``

Kept: the dealer, the turn-up card, the hands (``?N`` for a hand the writer may not see), the
leader and cards of the trick in progress, each side's won tricks in the order won (each the
leader's card first, ``;`` between tricks), the match points and the completed rounds. Derived
on reading: the round number, the tricks won, the suits led, the last trick and its leader, the
turn-up bonus scored or held, and the winner. Not kept: the match seed and the decks supplied
for later rounds (read back as seed 0 and none).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardrules import _messages
from cardrules._kit import position as _pos
from cardrules.cards import Card
from cardrules.errors import InvalidPositionError, InvalidRecordError
from cardrules.mililla._cards import _HAND_ORDER, _STRENGTH, PACK
from cardrules.mililla._check import _match_winner, check_state, turn_up_bonus
from cardrules.mililla._legal import _trick_winner
from cardrules.mililla._rules import RULES
from cardrules.mililla._ruleset import SEATS, MilillaRuleset
from cardrules.mililla._state import State
from cardrules.rules import Message

__all__ = ["FIELDS", "from_position", "position"]

FIELDS: Final = ("dealer", "turn_up", "hands", "leader", "trick", "won", "match", "rounds")
"""The fields of a Mililla position, in their order."""

# The state's fields that the notation derives, as the notation's field a problem with them is in.
_FIELD_OF: Final = {
    "trick_leader": "leader",
    "last_leader": "won",
    "last_trick": "won",
    "led": "won",
    "tricks": "won",
    "round_no": "rounds",
    "deal_bonus": "match",
    "held_bonus": "match",
    "winner": "match",
    "": "position",
}


def position(state: State, seat: int | None) -> str:
    """The body of *state*'s position; with *seat*, the other hands only by their size."""
    return " ".join(
        (
            f"dealer={state.dealer}",
            f"turn_up={state.turn_up}",
            f"hands={_pos.hands_text(state.hands, seat)}",
            f"leader={state.trick_leader}",
            f"trick={_pos.cards_text(state.trick)}",
            f"won={'/'.join(_pile_text(pile) for pile in state.won)}",
            f"match={_pos.ints_text(state.match)}",
            f"rounds={_pos.rounds_text(state.rounds)}",
        )
    )


def _pile_text(pile: tuple[Card, ...]) -> str:
    return ";".join(_pos.cards_text(pile[k : k + SEATS]) for k in range(0, len(pile), SEATS)) or "-"


def _parse_won(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    sides = text.split("/")
    if len(sides) != 2:
        raise InvalidPositionError(
            Message("expected 2 sides' tricks separated by {sep}, got {got}", sep="'/'", got=len(sides)), "won"
        )
    piles: list[tuple[Card, ...]] = []
    for side in sides:
        pile: list[Card] = []
        if side != "-":
            for trick in side.split(";"):
                cards = _pos.parse_cards(trick, PACK, "won")
                if len(cards) != SEATS:
                    said = Message(
                        "a won trick has {count} cards, not {got}: {trick}", count=SEATS, got=len(cards), trick=trick
                    )
                    raise InvalidPositionError(said, "won")
                pile.extend(cards)
        piles.append(tuple(pile))
    return piles[0], piles[1]


def _check_once(zones: Iterable[tuple[str, Iterable[Card]]]) -> set[Card]:
    """The cards shown, each once (else the field where a card is given again)."""
    seen: set[Card] = set()
    for field, cards in zones:
        for c in cards:
            if c in seen:
                raise InvalidPositionError(Message("a card twice: {card}", card=c), field, rule=RULES["mililla.deal"])
            seen.add(c)
    return seen


def from_position(rules: MilillaRuleset, body: str) -> State:
    """
    The state of a position's *body*. Hands given only by size are filled with the cards not
    shown, in pack order, seat by seat (the dealer's keeps the turn-up card while it is unplayed).
    """
    f = _pos.fields(body, FIELDS)
    dealer = _pos.parse_int(f["dealer"], "dealer", 0, SEATS - 1)
    turn = _pos.parse_cards(f["turn_up"], PACK, "turn_up")
    if len(turn) != 1:
        raise InvalidPositionError(Message("the turn-up is one card"), "turn_up")
    turn_up = turn[0]
    given = _pos.parse_hands(f["hands"], PACK, SEATS, players=RULES["mililla.players"], pack_rule=RULES["mililla.deal"])
    leader = _pos.parse_int(f["leader"], "leader", 0, SEATS - 1)
    trick = _pos.parse_cards(f["trick"], PACK, "trick")
    won = _parse_won(f["won"])
    match = _pos.parse_ints(f["match"], 2, "match")
    rounds = _pos.parse_rounds(f["rounds"], 2)
    shown = [("hands", h) for h in given if not isinstance(h, int)]
    seen = _check_once([*shown, ("trick", trick), ("won", won[0] + won[1])])
    hands = _fill(given, seen, dealer, turn_up)
    over = len(won[0]) + len(won[1]) == SEATS * 10
    winner = _match_winner(match, rules.single_round) if over else None
    if over and winner is None:
        said = Message("the round's ten tricks are played, so a side has won the match (else the next round is dealt)")
        raise InvalidPositionError(said, "match")
    last_trick, last_leader = _last_trick(rules, won, leader, dealer, turn_up)
    before = rounds[:-1] if over else rounds
    deal_bonus, held_bonus = turn_up_bonus(sum(r.points[dealer % 2] for r in before), turn_up)
    state = State(
        rules=rules,
        seed=0,
        pending_decks=(),
        round_no=len(rounds) - 1 if over else len(rounds),
        dealer=dealer,
        hands=hands,
        turn_up=turn_up,
        trick_leader=leader,
        trick=trick,
        led=frozenset(pile[k].suit for pile in won for k in range(0, len(pile), SEATS)),
        won=won,
        tricks=(len(won[0]) // SEATS, len(won[1]) // SEATS),
        last_trick=last_trick,
        last_leader=last_leader,
        match=(match[0], match[1]),
        deal_bonus=deal_bonus,
        held_bonus=held_bonus,
        rounds=rounds,
        winner=winner,
    )
    _check(state)
    return state


def _fill(
    given: list[tuple[Card, ...] | int], seen: set[Card], dealer: int, turn_up: Card
) -> tuple[tuple[Card, ...], ...]:
    """The hands, those given by size filled in pack order; the turn-up card stays the dealer's."""
    unseen = [c for c in PACK.cards if c not in seen]
    sizes = list(given)
    held = given[dealer]
    keep = False
    if isinstance(held, int) and held > 0 and turn_up not in seen:
        keep = True
        unseen.remove(turn_up)
        sizes[dealer] = held - 1
    hands, rest = _pos.fill_unknown(sizes, unseen, _HAND_ORDER)
    if rest:
        raise InvalidPositionError(Message("cards missing: {cards}", cards=_pos.cards_text(rest)), "hands")
    if keep:
        hand = tuple(sorted((*hands[dealer], turn_up), key=_HAND_ORDER.__getitem__))
        hands = (*hands[:dealer], hand, *hands[dealer + 1 :])
    return hands


def _last_trick(
    rules: MilillaRuleset, won: tuple[tuple[Card, ...], tuple[Card, ...]], leader: int, dealer: int, turn_up: Card
) -> tuple[tuple[Card, ...], int]:
    """The last trick, the end of the leader's side's pile, and the seat that led it."""
    if not won[0] and not won[1]:
        if leader != (dealer + 1) % SEATS:
            said = Message(
                "before the first trick is won, seat {seat} (right of the dealer) leads", seat=(dealer + 1) % SEATS
            )
            raise InvalidPositionError(said, "leader")
        return (), leader
    pile = won[leader % 2]
    if not pile:
        said = Message("seat {seat}'s side has won no trick, so seat {seat} does not lead", seat=leader)
        raise InvalidPositionError(said, "leader")
    last = pile[-SEATS:]
    return last, (leader - _trick_winner(last, turn_up.suit, _STRENGTH[rules.rank_order])) % SEATS


def _check(state: State) -> None:
    """The game's checks, naming the notation's field (the state's derived fields are in the fields they come from)."""
    try:
        check_state(state)
    except InvalidRecordError as exc:
        name = exc.key("$.state")
        raise InvalidPositionError(
            _messages.carried(exc, exc.detail), _FIELD_OF.get(name, name), rule=exc.rule
        ) from None
