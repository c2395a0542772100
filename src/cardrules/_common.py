"""Private helpers shared by the games: seeds, deck checks, hand order."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Final, TypeVar, cast

import attrs

from cardrules import _messages
from cardrules._words import Items, Message
from cardrules.cards import Card, Pack, _derive_seed, shuffled
from cardrules.errors import CardrulesError, InvalidDeckError, InvalidOptionError
from cardrules.rules import Rule, Violation

_T = TypeVar("_T")
_FACTORY: Final[type] = type(attrs.Factory(list))


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


class LegalSlot:
    """
    The base of a game's state slots: one slot more than the fields, ``_legal``, where the game's
    ``legal_moves`` keeps its answer for that very state, and where its ``apply`` finds it.

    The legal moves are a function of the (immutable) state, so the answer is worked out once per
    state: ``apply(state, move)`` trusts a move found in ``state._legal`` (one the answer allows, or,
    for Mulle, the very move its moves handed out last) and checks every other move. The slot is
    not a field: equality, hashing, copying, pickling and ``repr`` ignore it, and a state that has
    none (made by hand, copied, unpickled, or never asked for its moves) has its moves checked.
    Read it with ``getattr(state, "_legal", None)``; write it with :data:`remember_legal`.
    """

    __slots__ = ("_legal",)


remember_legal: Final = LegalSlot._legal.__set__  # type: ignore[attr-defined]
"""``remember_legal(state, answer)``: keep *answer* in the state's ``_legal`` slot (the state is frozen)."""


def fields_as_slots(cls: type[_T]) -> type[_T]:
    """
    *cls* again, on a new plain base that declares its fields as slots, in order, then ``__weakref__``:
    the shape :func:`unchecked_constructor` needs, from the one declaration of the fields. Put it under
    ``@attrs.frozen`` (it runs first), on a class with one base and no ``ClassVar`` fields::

        @attrs.frozen
        @_common.fields_as_slots
        class State(LegalSlot):
            rules: Ruleset
            seed: int

    attrs then adds no slots of its own (the base has them), and ``State`` keeps its name, module,
    docstring and methods.
    """
    names = tuple(cls.__annotations__)
    if any("ClassVar" in str(t) for t in cls.__annotations__.values()):
        raise TypeError(f"{cls.__name__} has a ClassVar: its annotations are not all fields")
    (parent,) = cls.__bases__
    declared = {"__slots__": (*names, "__weakref__"), "__module__": cls.__module__}
    slots = type(f"_{cls.__name__}Slots", (parent,), declared)
    body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
    return cast("type[_T]", type(cls.__name__, (slots,), {**body, "__qualname__": cls.__qualname__}))


def unchecked_constructor(cls: type[_T]) -> Callable[..., _T]:
    """
    A positional constructor of the attrs class *cls* for the objects the engine builds itself.

    It takes every field in order, as ``cls(...)`` does (a field with a default too: the engine
    always gives it), and skips the attrs ``__init__`` and its bound ``object.__setattr__`` per
    field. It is only for classes without default factories, converters, validators or post-init,
    so the object is the same as the public constructor's
    (``tests/kit/test_fast_state.py`` checks it): the public constructor, and :func:`attrs.evolve`, keep
    working and validating as before.

    *cls* must take its slots from a plain base class that declares them, the fields in order and
    then ``__weakref__`` (so that *cls* adds none of its own): :func:`fields_as_slots` makes it.

    The object is made as an instance of a mutable twin of *cls* with the same base, whose slots
    Python stores at full speed (``o.rules = ...``), and then given its class: the two classes have
    one memory layout, so ``__class__`` assignment is allowed, and from then on the object is an
    ordinary frozen *cls*. That is about three times as fast as calling each slot's setter.
    """
    fields = attrs.fields(cast(Any, cls))
    for f in fields:
        if f.validator is not None or f.converter is not None or isinstance(f.default, _FACTORY) or not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory, converter or validator")
    names = [f.name for f in fields]
    base = cast(type, cls.__base__)
    if (
        hasattr(cls, "__attrs_post_init__")
        or vars(cls).get("__slots__") != ()
        or tuple(vars(base).get("__slots__", ())) != (*names, "__weakref__")
    ):
        raise TypeError(
            f"{cls.__name__} is not a plain attrs class taking its slots (its fields in order, then "
            "__weakref__) from its base"
        )
    twin = type(f"_{cls.__name__}InTheMaking", (base,), {"__slots__": (), "__module__": cls.__module__})
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin}
    args = ", ".join(f"a{i}" for i in range(len(names)))
    body = "".join(f"    o.{name} = a{i}\n" for i, name in enumerate(names))
    source = f"def make({args}):\n    o = _new(_twin)\n{body}    o.__class__ = _cls\n    return o\n"
    exec(compile(source, f"<unchecked {cls.__qualname__}>", "exec"), scope)
    make: Callable[..., _T] = scope["make"]
    make.__qualname__ = make.__name__ = f"_make_{cls.__name__}"
    return make
