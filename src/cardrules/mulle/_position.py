"""
Mulle's position notation (see :doc:`/positions/mulle`): :func:`position` writes the body,
:func:`from_position` reads it back into a checked :class:`State`. This module holds the play form;
the table form, the round as it lies on the table, is in ``_table_position``.

The body is ``dealer=D dealt=CARDS plays=PLAYS hands=HANDS stock=STOCK rounds=ROUNDS``. The
round's plays are kept because :func:`check_state` replays them and :func:`observe` shows them;
everything public that they decide (the table, the builds with their values, owners and locks,
the captured piles, the mulles, the tabbes, the last capture, the seats, the deal number, the
hand and stock sizes) is derived from them and the dealt table, never written twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from cardrules import _messages
from cardrules._kit import position as _pos
from cardrules.cards import Card
from cardrules.errors import CardrulesError, InvalidPositionError, InvalidRecordError
from cardrules.mulle._cards import _TVAL, PACK, _sorted
from cardrules.mulle._check import RoundSoFar, check_state, dealt_round, replay_round
from cardrules.mulle._deal import schedule as _schedule
from cardrules.mulle._legal import _mover_state
from cardrules.mulle._rules import RULES
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._state import Build, Capture, Move, State, Trail
from cardrules.mulle._table_position import (
    check_copies,
    fill_hands,
    from_table_position,
    parse_rounds,
    parse_stock,
    position_state,
    table_position,
)
from cardrules.rules import Message

__all__ = ["FORMS", "from_position", "position"]

FIELDS: Final = ("dealer", "dealt", "plays", "hands", "stock", "rounds")
"""The fields of a Mulle position's body, in their order."""

_FIELD_OF: Final = {
    "hands": "hands",
    "builds": "hands",  # a build's owner holds no card of its value
    "stock": "stock",
    "dealer": "dealer",
    "round_no": "rounds",
    "rounds": "rounds",
    "match": "rounds",
    "winner": "rounds",
}
"""The position field to blame for a :func:`check_state` error on a state field (else ``plays``)."""


def play_text(move: Move) -> str:
    """
    One play without spaces: ``9Hx4S+5C+9H`` (a capture; the card's value after ``=`` when it is
    not its pips, as in ``AH=14xAD``), ``3C>6D=9`` (a build), ``2H>#0=11`` (raising or locking
    build 0), ``7S-`` (a trail).
    """
    if isinstance(move, Capture):
        value = "" if move.value == _TVAL[move.card] else f"={move.value}"
        return f"{move.card}{value}x" + "+".join(map(str, move.taken))
    if isinstance(move, Build):
        onto = str(move.onto) if isinstance(move.onto, Card) else f"#{move.onto}"
        return f"{move.card}>{onto}={move.value}"
    return f"{move.card}-"


def _card(text: str) -> Card:
    try:
        return PACK.parse(text)
    except CardrulesError as exc:
        raise InvalidPositionError(_messages.carried(exc, str(exc)), "plays") from None


def parse_play(text: str) -> Move:
    """The move of :func:`play_text`."""
    if text.endswith("-"):
        return Trail(_card(text[:-1]))
    if ">" in text:
        head, _, rest = text.partition(">")
        onto_text, eq, value = rest.partition("=")
        if not eq:
            raise InvalidPositionError(Message("a build is CARD>ONTO=VALUE, not {text}", text=repr(text[:40])), "plays")
        onto: Card | int = (
            _pos.parse_int(onto_text[1:], "plays", 0, 52) if onto_text.startswith("#") else _card(onto_text)
        )
        return Build(_card(head), onto, _pos.parse_int(value, "plays", 0, 99))
    if "x" in text:
        head, _, taken = text.partition("x")
        card_text, eq, value = head.partition("=")
        card = _card(card_text)
        taken_cards = tuple(_card(c) for c in taken.split("+")) if taken else ()
        return Capture(card, taken_cards, _pos.parse_int(value, "plays", 0, 99) if eq else _TVAL[card])
    said = Message(
        "a play is a capture '9Hx4S+5C', a build '3C>6D=9' or '2H>#0=11', or a trail '7S-', not {text}",
        text=repr(text[:40]),
    )
    raise InvalidPositionError(said, "plays")


def dealt_table(state: State) -> tuple[Card, ...]:
    """The cards dealt face up to the table at the start of the round (those not played this round)."""
    public = Counter(state.table) + Counter(c for b in state.builds for c in b.cards)
    for pile in state.captured:
        public.update(pile)
    return _sorted(list((public - Counter(t.move.card for t in state.history)).elements()))


def position(state: State, seat: int | None) -> str:
    """
    The body of *state*'s position in its default form: the play form, or the table form for a round
    entered from the table (whose plays before are not known); with *seat*, the other hands and the
    stock by their size only.
    """
    if state.start is not None:
        return table_position(state, seat)
    return play_position(state, seat)


def play_position(state: State, seat: int | None) -> str:
    """The body of *state*'s position in the play form; with *seat*, the other hands and the stock by size only."""
    if state.start is not None:
        said = Message(
            "this round was entered from the table, and its plays before that are not known: "
            "write it in the table form ({form})",
            form="form='table'",
        )
        raise InvalidPositionError(said, "plays")
    plays = ",".join(play_text(t.move) for t in state.history) or "-"
    stock = _pos.cards_text(state.stock) if seat is None else f"?{len(state.stock)}"
    return (
        f"dealer={state.dealer} dealt={_pos.cards_text(dealt_table(state))} plays={plays} "
        f"hands={_pos.hands_text(state.hands, seat)} stock={stock} rounds={_pos.rounds_text(state.rounds)}"
    )


def from_position(rules: MulleRuleset, body: str) -> State:
    """
    The state of a position's body. Hands and a stock given by their size are filled with the
    cards nobody may see, in pack order: first a card of each owned build's value for its owner
    (the first such card in pack order), then seat by seat, the rest to the stock.
    """
    second = body.split(" ", 2)[1:2]
    if second and second[0].startswith("deal="):
        return from_table_position(rules, body)
    f = _pos.fields(body, FIELDS)
    n = rules.players
    dealer = _pos.parse_int(f["dealer"], "dealer", 0, n - 1)
    dealt = _sorted(_pos.parse_cards(f["dealt"], PACK, "dealt"))  # a set of cards: kept in pack order
    if len(dealt) != rules.table_size:
        said = Message(
            "{want} cards are dealt to the table, not {got} (this form holds the cards dealt "
            "and every play since; to write the table as it lies, use the table form: {form}, "
            "see the Mulle positions page)",
            want=rules.table_size,
            got=len(dealt),
            form="dealer=D deal=N table=... builds=... hands=... stock=... taken=... mulles=... tabbes=... last=... "
            "rounds=...",
        )
        raise InvalidPositionError(said, "dealt")
    total = len(PACK) - rules.table_size
    texts = f["plays"].split(",") if f["plays"] != "-" else []
    if len(texts) > total:
        raise InvalidPositionError(
            Message("a round has {total} plays, not {got}", total=total, got=len(texts)), "plays"
        )
    moves = [parse_play(t) for t in texts]
    plan = _schedule(rules, dealer, len(moves))
    if plan is None:  # pragma: no cover - every count up to a round's plays has a schedule
        raise InvalidPositionError(Message("a round has no {count} plays", count=len(moves)), "plays")
    seats, ends, deal_no, sizes, stock_size, to_play = plan
    hands = _pos.parse_hands(f["hands"], PACK, n, players=RULES["mulle.players"], pack_rule=RULES["mulle.jokers"])
    after = Message("after {count} plays of this round", count=len(moves))
    for s, hand in enumerate(hands):
        size = hand if isinstance(hand, int) else len(hand)
        if size != sizes[s]:
            said = Message(
                "{when} hand {seat} has {count} cards, not {got}", when=after, seat=s, count=sizes[s], got=size
            )
            raise InvalidPositionError(said, "hands")
    stock = parse_stock(f["stock"], stock_size, after)
    rounds = parse_rounds(rules, f["rounds"])
    _check_copies(dealt, moves, hands, stock)
    over = not any(sizes) and not stock_size
    base = _mover_state(rules, 0, (), (), (), None)
    try:
        end = replay_round(base, dealt_round(rules, dealt), list(zip(seats, moves, strict=True)), (seats, ends, over))
    except InvalidRecordError as exc:
        raise InvalidPositionError(_messages.carried(exc, exc.detail), "plays") from None
    full, stock_cards = _fill(hands, stock, end, dealt)
    state = position_state(
        rules,
        dealer,
        rounds,
        over,
        deal_no=deal_no,
        stock=stock_cards,
        hands=full,
        table=end.table,
        builds=end.builds,
        to_play=to_play,
        captured=end.captured,
        tabbes=end.tabbes,
        mulles=end.mulles,
        last_capture=end.last_capture,
        history=end.history,
    )
    try:
        check_state(state)
    except InvalidRecordError as exc:
        raise InvalidPositionError(
            _messages.carried(exc, exc.detail), _FIELD_OF.get(exc.key("$.state"), "plays")
        ) from None
    return state


def _check_copies(
    dealt: Sequence[Card], moves: Sequence[Move], hands: Sequence[tuple[Card, ...] | int], stock: tuple[Card, ...] | int
) -> None:
    """No card is given more often than the pack holds it (:func:`check_copies`)."""
    zones: list[tuple[str, Sequence[Card]]] = [("dealt", dealt), ("plays", [m.card for m in moves])]
    zones += [("hands", h) for h in hands if not isinstance(h, int)]
    if not isinstance(stock, int):
        zones.append(("stock", stock))
    hidden = isinstance(stock, int) or any(isinstance(h, int) for h in hands)
    check_copies(zones, hidden, Message("dealt to the table, played, in a hand or in the stock"))


def _fill(
    hands: Sequence[tuple[Card, ...] | int], stock: tuple[Card, ...] | int, end: RoundSoFar, dealt: Sequence[Card]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands and the stock, those given by size filled in pack order (see :func:`from_position`)."""
    unseen = Counter(PACK.cards) - Counter(dealt) - Counter(t.move.card for t in end.history)
    for hand in hands:
        if not isinstance(hand, int):
            unseen -= Counter(hand)
    if not isinstance(stock, int):
        unseen -= Counter(stock)
    full, rest = fill_hands(hands, end.builds, unseen)
    return full, rest if isinstance(stock, int) else stock


FORMS: Final = {"plays": play_position, "table": table_position}
"""The forms of a Mulle position, by name: the play form (the dealt table and every play of the round,
the default) and the table form (the round as it lies on the table)."""
