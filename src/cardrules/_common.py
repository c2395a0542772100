"""Private helpers shared by the games: seeds, deck checks, hand order."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Final

from cardrules import _messages
from cardrules._words import Items, Message
from cardrules.cards import Card, Pack, _derive_seed, shuffled
from cardrules.errors import CardrulesError, InvalidDeckError, InvalidOptionError
from cardrules.rules import Rule, Violation


def _version() -> str:
    try:
        return version("cardrules")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0.0.0"


VERSION: Final = _version()
"""The installed version of cardrules (``cardrules.__version__``), for what records it."""

_DEALER_PATH: Final = 0xDEA1
_ROUND_PATH: Final = 0x50D


def new_seed(seed: int | None) -> int:
    """The match seed: the one given, or a fresh random one."""
    if seed is None:
        return secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _messages.said(
            InvalidOptionError, Message("seed must be a whole number, not {got}", got=_messages.shown(seed))
        )
    return seed


def card_violation(
    card: object, hands: Sequence[Sequence[Card]], seat: int | None, title: str, turn: Rule, over: Rule
) -> Violation | None:
    """
    Why *seat*, the seat to move (``None``: the match is over), may not play *card* from its hand
    in *hands* in the game *title*, whatever the rest of the position: ``None`` if nothing here
    stops it.

    A thing that is not a card and a card the seat does not hold break *turn*; any play once the
    match is over breaks *over*. The words say only what the seat may see: a card it does not hold
    gets the same words wherever that card is.
    """
    if not isinstance(card, Card):
        return Violation(
            turn, Message("a {game} move plays a card, not {what}", game=title, what=_messages.shown(card))
        )
    if seat is None:
        return Violation(over, Message("the match is over; no more cards are played"))
    if card not in hands[seat]:
        return Violation(turn, Message("you do not hold the {card}", card=card))
    return None


def first_dealer(seed: int, dealer: int | None, seats: int) -> int:
    """The given dealer (checked), or one drawn from the seed."""
    if dealer is None:
        return _derive_seed(seed, _DEALER_PATH) % seats
    if not whole(dealer, 0, seats - 1):
        said = Message("dealer must be a seat from 0 to {last}, not {got}", last=seats - 1, got=_messages.shown(dealer))
        raise _messages.said(InvalidOptionError, said)
    return dealer


def whole(value: object, low: int, high: int | None = None) -> bool:
    """Whether *value* is a whole number (an int, not a bool) from *low* to *high* (``None``: no upper end)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value and (high is None or value <= high)


def real(value: object, low: float, high: float) -> bool:
    """Whether *value* is a number (an int or a float, not a bool) from *low* to *high*: never NaN."""
    return isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high


def check_hands(hands: object, seats: int, title: str | Message) -> None:
    """Refuse, with :class:`~cardrules.InvalidDeckError`, anything but a sequence of *seats* hands."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        said = Message(
            "the hands are a sequence of {seats} lists of cards, not {got}", seats=seats, got=_messages.kind_name(hands)
        )
        raise _messages.said(InvalidDeckError, said)
    if len(hands) != seats:
        said = Message("{game} has {seats} hands, not {got}", game=title, seats=seats, got=len(hands))
        raise _messages.said(InvalidDeckError, said)


def table_hands(
    hands: Sequence[Sequence[Card | str]], dealer: object, pack: Pack, seats: int, size: int, title: str | Message
) -> list[list[Card]]:
    """
    The hands of a deal seen at a real table, checked (with :class:`~cardrules.InvalidDeckError`):
    *seats* hands (:func:`check_hands`, *title* naming the game), each of *size* cards of *pack*, and
    *dealer* one of the seats.
    """
    check_hands(hands, seats, title)
    if not whole(dealer, 0, seats - 1):
        said = Message("dealer must be a seat from 0 to {last}, not {got}", last=seats - 1, got=_messages.shown(dealer))
        raise _messages.said(InvalidDeckError, said)
    cards = [list(check_deck_part(h, pack, f"hand {i}")) for i, h in enumerate(hands)]
    for i, h in enumerate(cards):
        if len(h) != size:
            said = Message("hand {seat} has {count} cards; each hand has {size}", seat=i, count=len(h), size=size)
            raise _messages.said(InvalidDeckError, said)
    return cards


def in_deal_order(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """The cards of *hands* in the order they are dealt: one at a time from the dealer's left, round after round."""
    n = len(hands)
    return [hands[(dealer + 1 + j) % n][k] for k in range(len(hands[0])) for j in range(n)]


def check_seat(seat: object, seats: int) -> None:
    """Refuse, with :class:`~cardrules.InvalidOptionError`, anything but a seat from 0 to *seats* - 1 (not a bool)."""
    if not whole(seat, 0, seats - 1):
        said = Message(
            "seat must be one of {seats}, not {got}",
            seats=Items(map(str, range(seats)), "comma"),
            got=_messages.shown(seat),
        )
        raise _messages.said(InvalidOptionError, said)


def round_deck(pack: Pack, seed: int, round_no: int) -> tuple[Card, ...]:
    """The shuffled deck of round *round_no* of the match with *seed* (stable in every 1.x release)."""
    return shuffled(pack.cards, _derive_seed(seed, _ROUND_PATH, round_no))


_PACKS: Final = {
    "French": Message("the French pack"),
    "double French": Message("the double French pack"),
    "Spanish": Message("the Spanish pack"),
    "Charlemagne": Message("the Charlemagne pack"),
}


def pack_named(pack: Pack) -> Message | str:
    """*pack* in a message, ``the Spanish pack``: by its name in the language for a pack of the games."""
    return _PACKS.get(pack.name) or f"the {pack.name} pack"


def check_deck(cards: Sequence[Card | str], pack: Pack, what: str = "deck") -> tuple[Card, ...]:
    """*cards* as a tuple of cards of *pack*, which they must be exactly (card texts allowed)."""
    out = check_deck_part(cards, pack, what)
    have = Counter(out)
    want = Counter(pack.cards)
    if have != want:
        extra = sorted((have - want).elements(), key=str)
        missing = sorted((want - have).elements(), key=str)
        parts = []
        if extra:
            parts.append(Message("extra or foreign: {cards}", cards=Items(extra, "cards")))
        if missing:
            parts.append(Message("missing: {cards}", cards=Items(missing, "cards")))
        params = {
            "what": what,
            "pack": pack_named(pack),
            "size": len(pack),
            "given": len(out),
            "parts": Items(parts, "semicolon"),
        }
        if len(want) < len(pack):
            said = Message(
                "the {what} must be {pack} of {size} cards, each exactly once per copy ({given} given; {parts})",
                **params,
            )
        else:
            said = Message(
                "the {what} must be {pack} of {size} cards, each exactly once ({given} given; {parts})",
                **params,
            )
        raise _messages.said(InvalidDeckError, said)
    return tuple(out)


def deck_list(
    deck: Sequence[Card | str] | None, decks: Sequence[Sequence[Card | str]] | None, pack: Pack
) -> tuple[tuple[Card, ...], ...]:
    """The supplied decks, checked: ``deck`` is short for ``decks=[deck]``."""
    if deck is not None and decks is not None:
        raise _messages.said(
            InvalidOptionError, Message("give {deck} or {decks}, not both", deck="deck", decks="decks")
        )
    if deck is not None:
        decks = [deck]
    if decks is None:
        return ()
    if isinstance(decks, str):
        raise _messages.said(InvalidDeckError, Message("{decks} is a sequence of decks, not one string", decks="decks"))
    names = ["deck"] if deck is not None else [f"deck {i}" for i in range(len(decks))]
    return tuple(check_deck(d, pack, name) for d, name in zip(decks, names, strict=True))


def pack_order(pack: Pack) -> dict[Card, int]:
    """Each card's index in the pack's canonical order (hands are kept in this order)."""
    order: dict[Card, int] = {}
    for c in pack.cards:
        order.setdefault(c, len(order))
    return order


def check_deck_part(cards: Sequence[Card | str], pack: Pack, what: str) -> tuple[Card, ...]:
    """*cards* as cards of *pack* (texts allowed), without requiring the whole pack."""
    if isinstance(cards, str):
        said = Message("the {what} is a sequence of cards, not one string; split it first", what=what)
        raise _messages.said(InvalidDeckError, said)
    if not isinstance(cards, Sequence) or isinstance(cards, bytes):
        said = Message("the {what} is a sequence of cards, not {got}", what=what, got=_messages.kind_name(cards))
        raise _messages.said(InvalidDeckError, said)
    out: list[Card] = []
    for i, c in enumerate(cards):
        if isinstance(c, Card):
            if c not in pack.cards:
                said = Message(
                    "{what} position {index}: {card} is not a card of {pack}",
                    what=what,
                    index=i,
                    card=str(c),
                    pack=pack_named(pack),
                )
                raise _messages.said(InvalidDeckError, said)
            out.append(c)
        elif isinstance(c, str):
            try:
                out.append(pack.parse(c))
            except CardrulesError as exc:
                problem = _messages.carried(exc, str(exc))
                said = Message("{what} position {index}: {problem}", what=what, index=i, problem=problem)
                raise _messages.said(InvalidDeckError, said) from None
        else:
            said = Message("{what} position {index}: not a card: {got}", what=what, index=i, got=_messages.value(c))
            raise _messages.said(InvalidDeckError, said)
    return tuple(out)


def deal_hands(
    deck: Sequence[Card], dealer: int, seats: int, count: int, order: dict[Card, int]
) -> tuple[tuple[Card, ...], ...]:
    """
    The first *count* cards of *deck* dealt one at a time from the dealer's left: ``deck[i]`` goes to
    seat ``(dealer + 1 + i) % seats``. Each hand is in pack order (*order*, from :func:`pack_order`).
    """
    # seat s gets every seats-th card from (s - dealer - 1) % seats
    key = order.__getitem__
    return tuple(tuple(sorted(deck[(s - dealer - 1) % seats : count : seats], key=key)) for s in range(seats))


def next_deck(
    pending: tuple[tuple[Card, ...], ...], pack: Pack, seed: int, round_no: int
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """The deck for round *round_no*: the first supplied one, else the seed's; and the decks still pending."""
    if pending:
        return pending[0], pending[1:]
    return round_deck(pack, seed, round_no), pending
