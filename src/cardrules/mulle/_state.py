"""Mulle's moves, the records of a play (builds, mulles, turns), the state and the observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from cardrules import _messages
from cardrules._kit.fast import Slotted, fast_constructor
from cardrules._kit.inference import KeepsInferences
from cardrules.cards import Card
from cardrules.engine import RoundScore
from cardrules.errors import (
    WrongKindError,
)
from cardrules.mulle._cards import _ORDER, _TVAL, _sorted
from cardrules.mulle._ruleset import MulleRuleset


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
class Capture(Slotted):
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
class Build(Slotted):
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


@attrs.frozen
class TableBuild(Slotted):
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
class Turn(Slotted):
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


@attrs.frozen
class TableStart:
    """
    Where a round entered from the table begins: what lay on the table then, read from a position
    in the table form (see :doc:`/positions/mulle`), which does not hold the round's plays before
    it. The plays since are in ``State.history``; everything here is public.

    Attributes:
        plays: The round's plays before it (from 1: a round at its deal has no start).
        table: The loose table cards then, in pack order.
        builds: The builds then, oldest first.
        taken: Each side's captured cards then that are known: the pile as written, or, for a
            pile given only by its size, both copies of each card the side mulled.
        hidden: Each side's captured cards then that nobody has shown (0 for a pile written out).
        mulles: Each side's mulles then.
        tabbes: Each side's tabbes then.
        last_capture: The seat that had captured last then, or ``None``.
    """

    plays: int
    table: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    taken: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]
    mulles: tuple[tuple[Mulle, ...], ...]
    tabbes: tuple[int, ...]
    last_capture: int | None


@attrs.frozen
class State(Slotted):
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
        start: For a round entered from the table mid-way (a position in the table form), what
            lay on the table then, where ``history`` starts; ``None`` when ``history`` holds every
            play of the round since its deal.
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
    start: TableStart | None = None


_new_capture: Final = fast_constructor(Capture, trusted=("card", "taken"))
_new_build: Final = fast_constructor(Build, trusted=("card",))
_new_table_build: Final = fast_constructor(TableBuild)
_new_turn: Final = fast_constructor(Turn)


def _capture(card: Card, taken: Sequence[Card], value: int) -> Capture:
    """``Capture(card, taken, value)`` for the engine's own moves: the card is a card and *taken* pack cards."""
    return _new_capture(card=card, taken=_sorted(taken), value=value)  # what the converter gives for pack cards


def _build(card: Card, onto: Card | int, value: int) -> Build:
    """``Build(card, onto, value)`` for the engine's own moves: the card is a card."""
    return _new_build(card=card, onto=onto, value=value)


def _table_build(cards: tuple[Card, ...], value: int, owner: int, locked: bool) -> TableBuild:
    """``TableBuild(cards, value, owner, locked)``, made by the fast constructor."""
    return _new_table_build(cards=cards, value=value, owner=owner, locked=locked)


def _turn(seat: int, move: Move, builds: tuple[tuple[Card, ...], ...], mulles: tuple[Mulle, ...], tabbe: bool) -> Turn:
    """``Turn(seat, move, builds, mulles, tabbe)``, made by the fast constructor."""
    return _new_turn(seat=seat, move=move, builds=builds, mulles=mulles, tabbe=tabbe)


_state: Final = fast_constructor(State)
"""``State(...)`` by keyword, for the engine's own hot path: the same object, made without the
frozen ``__init__`` (``_kit.fast``; ``tests/kit/test_fast_state.py`` checks it)."""


@attrs.frozen
class Observation(KeepsInferences):
    """
    What one seat may see of a Mulle match: its own hand, the other hands'
    sizes, the stock's size, the table with its builds (cards, values,
    owners), every play of the round, the captured piles' sizes and the
    scores, and for a round entered from the table mid-way what lay on the
    table then (``start``, see :class:`TableStart`). It has no field that
    could hold a hidden card. ``to_dict()`` gives JSON-ready data.
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
    start: TableStart | None = None
