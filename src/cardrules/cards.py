"""Cards, suits, ranks, packs, and the generic card lists a game builds its pack from."""

from __future__ import annotations

import enum
import re
import struct
import warnings
from collections.abc import Callable, Iterable, Sequence
from operator import ge, mod
from typing import Final

import attrs

from cardrules._words import _C, _ENGLISH, Message, Translations
from cardrules.errors import InvalidCardError

__all__ = [
    "FRENCH_CARDS",
    "JOKERS",
    "SPANISH_CARDS",
    "Card",
    "Pack",
    "Rank",
    "Suit",
    "parse_cards",
    "shuffled",
]


class Suit(enum.Enum):
    """
    A suit. French suits, the four Spanish suits, and a pseudo-suit for jokers.

    The letter (``suit.letter``) is the text form. French and Spanish suits
    share the letter ``C`` (clubs, copas), so a card text is read in the
    context of a pack: see :meth:`Pack.parse`.
    """

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    OROS = "oros"
    COPAS = "copas"
    ESPADAS = "espadas"
    BASTOS = "bastos"
    JOKER = "joker"

    @property
    def letter(self) -> str:
        """The one-letter text form, ``S H D C`` (French), ``O C E B`` (Spanish) or ``J`` (joker)."""
        return _SUIT_LETTER[self]

    @property
    def is_spanish(self) -> bool:
        """Whether this is one of the four Spanish suits."""
        return self in _SPANISH_SUITS

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __hash__(self) -> int:
        # Enum hashes a member's name, which PYTHONHASHSEED changes from process to process: a
        # fixed number instead makes sets of suits iterate, and print, in the same order everywhere.
        return _SUIT_HASH[self._name_]


_SUIT_HASH: Final = {name: i for i, name in enumerate(Suit.__members__)}
_SUIT_LETTER: Final = {
    Suit.SPADES: "S",
    Suit.HEARTS: "H",
    Suit.DIAMONDS: "D",
    Suit.CLUBS: "C",
    Suit.OROS: "O",
    Suit.COPAS: "C",
    Suit.ESPADAS: "E",
    Suit.BASTOS: "B",
    Suit.JOKER: "J",
}
_FRENCH_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SPANISH_SUITS: Final = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)


class Rank(enum.Enum):
    """
    A rank. The value is the text form.

    ``HORSE`` (caballo) exists only in the Spanish pack, ``QUEEN`` only in the
    French one; ``BIG`` and ``LITTLE`` are the two jokers (``BJ`` and ``LJ``).
    """

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    HORSE = "H"
    QUEEN = "Q"
    KING = "K"
    BIG = "B"
    LITTLE = "L"

    @property
    def pips(self) -> int:
        """Ace 1, number cards their number, J 11, Q 12, K 13 (horse 12, jokers 0)."""
        return _PIPS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_PIPS: Final = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 11,
    Rank.HORSE: 12,
    Rank.QUEEN: 12,
    Rank.KING: 13,
    Rank.BIG: 0,
    Rank.LITTLE: 0,
}
_FRENCH_RANKS: Final = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)
_SPANISH_RANKS: Final = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.JACK,
    Rank.HORSE,
    Rank.KING,
)
_JOKER_RANKS: Final = (Rank.BIG, Rank.LITTLE)


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
"""Every card made so far: there is one object per card (see :class:`Card`)."""


@attrs.frozen(eq=False, repr=False, order=False)
class Card:
    """
    A playing card: a rank and a suit. Immutable and hashable.

    There is exactly one object per card: ``Card(rank, suit)``, :meth:`parse`,
    the packs, ``pickle`` and ``copy`` all hand back the same object
    for the same rank and suit. So equal cards are identical, and equality
    and hashing are by identity, as fast as Python can compare (the rules
    engines compare and hash cards in their hot paths).

    ``str(card)`` is the short text form (``7H``, ``10D``, ``KS``, ``HO`` for
    the horse of oros, ``BJ`` and ``LJ`` for the jokers).

    Raises:
        InvalidCardError: For a rank that the suit's pack does not have,
            such as a horse of spades or a queen of oros.

    Example:
        >>> cardrules.Card(cardrules.Rank.SEVEN, cardrules.Suit.HEARTS)
        Card.parse('7H')
        >>> str(cardrules.Card.parse("10d"))
        '10D'
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        # The interned card if there is one; a new object otherwise, which
        # __attrs_post_init__ checks and interns.
        if isinstance(rank, Rank) and isinstance(suit, Suit):
            card = _INTERNED.get((rank, suit))
            if card is not None:
                return card
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidCardError(f"not a card: rank {_shown(self.rank)}, suit {_shown(self.suit)}")
        if self.suit is Suit.JOKER:
            ok = self.rank in _JOKER_RANKS
        elif self.suit in _SPANISH_SUITS:
            ok = self.rank in _SPANISH_RANKS
        else:
            ok = self.rank in _FRENCH_RANKS
        if not ok:
            raise InvalidCardError(f"there is no {self.rank.name.lower()} of {self.suit.value}")
        _INTERNED.setdefault((self.rank, self.suit), self)

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        # pickle and copy rebuild a card through Card(rank, suit): the interned object
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.rank.value + _SUIT_LETTER[self.suit]

    def _said(self, tr: Translations, notation: bool) -> str:
        """The card in a :class:`~cardrules.rules.Message`: in notation, or by its name in words."""
        return str(self) if notation else card_words(self, tr)

    def __repr__(self) -> str:
        if self.suit in _SPANISH_SUITS:
            return f"Card.parse({str(self)!r}, spanish=True)"
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, *, spanish: bool = False) -> Card:
        """
        Read a card from its text form, ignoring case and surrounding space.

        French suits and jokers by default; Spanish suits with ``spanish=True``
        (the letter ``C`` means clubs in one and copas in the other).

        Raises:
            InvalidCardError: If *text* names no such card.
        """
        table = _SPANISH_BY_TEXT if spanish else _FRENCH_BY_TEXT
        if not isinstance(text, str):
            raise InvalidCardError(f"a card is written as text, not {_shown(text)}")
        # ASCII only: str.upper() would read the long s "ſ" as "S", and strip() drops Unicode spaces.
        card = table.get(text.strip(_ASCII_SPACE).upper()) if text.isascii() else None
        if card is None:
            if spanish:
                said = Message(
                    "{text} is not a card of the Spanish pack; write rank then suit, like '7O' or 'HB'", text=repr(text)
                )
            else:
                said = Message(
                    "{text} is not a card of the French pack; write rank then suit, like '7H', '10D', 'KS' or 'BJ'",
                    text=repr(text),
                )
            raise InvalidCardError(str(said), message=said)
        return card


def _make(ranks: Iterable[Rank], suits: Iterable[Suit]) -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in suits for r in ranks)


FRENCH_CARDS: Final = _make(_FRENCH_RANKS, _FRENCH_SUITS)
"""The 52 French cards (A to K in spades, hearts, diamonds and clubs), which a game builds its pack from."""

JOKERS: Final = _make(_JOKER_RANKS, (Suit.JOKER,))
"""The Big and the Little joker (``BJ``, ``LJ``)."""

SPANISH_CARDS: Final = _make(_SPANISH_RANKS, _SPANISH_SUITS)
"""The 40 Spanish cards, A-7, jack (sota), horse (caballo), king in oros, copas, espadas, bastos."""

_ASCII_SPACE: Final = " \t\r\n\f\v"
_FRENCH_BY_TEXT: Final = {str(c): c for c in FRENCH_CARDS + JOKERS}
_SPANISH_BY_TEXT: Final = {str(c): c for c in SPANISH_CARDS}


@attrs.frozen
class Pack:
    """
    A named, ordered multiset of cards (the two-pack Mulle deck holds every
    card twice). The order is the pack's canonical order, not a shuffle.
    """

    name: str
    cards: tuple[Card, ...]
    spanish: bool = False
    _distinct: frozenset[Card] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(lambda self: frozenset(self.cards), takes_self=True)
    )

    def parse(self, text: str) -> Card:
        """
        Read one card of this pack.

        Raises:
            InvalidCardError: If *text* is not a card, or not one in this pack.
        """
        try:
            card = Card.parse(text, spanish=self.spanish)
        except InvalidCardError:
            if self.spanish or not isinstance(text, str) or any(c.suit is Suit.JOKER for c in self._distinct):
                raise
            said = Message(  # a French pack without jokers: the example names none
                "{text} is not a card of the French pack without jokers; "
                "write rank then suit, like '7H', '10D' or 'KS'",
                text=repr(text),
            )
            raise InvalidCardError(str(said), message=said) from None
        if card not in self._distinct:
            said = Message("{text} is a card, but not one of the {pack} pack", text=repr(text), pack=self.name)
            raise InvalidCardError(str(said), message=said)
        return card

    def __len__(self) -> int:
        return len(self.cards)


_DOUBLE_FRENCH: Final = Pack("double French", FRENCH_CARDS + FRENCH_CARDS)
"""Two French packs without jokers: what :func:`parse_cards` reads by default."""

_CHARLEMAGNE_RANKS: Final = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
_DEPRECATED: Final[dict[str, tuple[str, Callable[[], Pack]]]] = {
    "DOUBLE_FRENCH_PACK": ("cardrules.mulle.PACK", lambda: _DOUBLE_FRENCH),
    "SPANISH_PACK": ("cardrules.mililla.PACK", lambda: Pack("Spanish", SPANISH_CARDS, spanish=True)),
    "CHARLEMAGNE_PACK": (
        "cardrules.charlemagne.PACK",
        lambda: Pack("Charlemagne", _make(_CHARLEMAGNE_RANKS, _FRENCH_SUITS) + JOKERS),
    ),
}
"""
The packs that lived here before each moved to its game, by their old names (deprecated): equal to
the games' packs (a test checks it), built from the generic cards so that this module imports no game.
"""


def _deprecated(module: str, name: str) -> Pack:
    """The pack an old name stands for, with a :class:`DeprecationWarning` naming the new one."""
    moved = _DEPRECATED.get(name)
    if moved is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(f"{module}.{name} is deprecated: use {moved[0]}", DeprecationWarning, stacklevel=3)
    return moved[1]()


def __getattr__(name: str) -> Pack:
    """``DOUBLE_FRENCH_PACK``, ``SPANISH_PACK``, ``CHARLEMAGNE_PACK``: deprecated, see each game's ``PACK``."""
    return _deprecated(__name__, name)


_SPLIT: Final = re.compile(r"[ \t\r\n\f\v,]+")


def parse_cards(text: str, pack: Pack = _DOUBLE_FRENCH) -> tuple[Card, ...]:
    """
    Read cards separated by spaces or commas, such as ``"9H 4S, 5C"``: French cards (no jokers)
    unless *pack* says otherwise, such as a game's ``PACK``.

    Raises:
        InvalidCardError: Naming the first text that is not a card of *pack*.
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"cards are written as text, not {type(text).__name__}")
    return tuple(pack.parse(part) for part in _SPLIT.split(text.strip()) if part)


_MASK64: Final = (1 << 64) - 1
_2_64: Final = 1 << 64


def shuffled(cards: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """
    Return *cards* shuffled by a fixed procedure: the same seed gives the
    same order on every platform and in every 1.x release (see :doc:`/rulings`).

    The procedure: a SplitMix64 generator seeded with ``seed mod 2**64``
    draws, for ``i`` from ``n - 1`` down to ``1``, an unbiased ``j`` in
    ``0..i`` (rejection sampling of 64-bit outputs) and swaps positions
    ``i`` and ``j`` (Fisher-Yates).

    Example:
        >>> deck = cardrules.get_game("mililla").spec.pack.cards
        >>> cardrules.shuffled(deck, 7) == cardrules.shuffled(deck, 7)
        True
    """
    out = list(cards)
    n = len(out)
    if n < 2 or n >= len(_LIMITS):
        return _shuffled_one_by_one(out, seed)
    lanes_of, idx, bounds, limits = _LANES.get(n) or _lanes(n)
    draws = lanes_of(seed & 0xFFFFFFFFFFFFFFFF)
    if any(map(ge, draws, limits)):  # about once in 2**57 draws: some draw is rejected, so the
        return _shuffled_one_by_one(out, seed)  # draws shift; take them one at a time
    for i, j in zip(idx, map(mod, draws, bounds), strict=True):
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def _shuffled_one_by_one(out: list[Card], seed: int) -> tuple[Card, ...]:
    """:func:`shuffled`'s procedure one draw at a time, for long sequences and rejected draws."""
    n = len(out)
    # SplitMix64 outputs inlined (constants written out: no global loads), each j drawn by
    # rejection below i + 1 (no modulo bias); the rejection limits come from a table.
    limits = _LIMITS if n < len(_LIMITS) else _limits(n)
    state = seed & 0xFFFFFFFFFFFFFFFF
    for i in range(n - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        bound = i + 1
        limit = limits[bound]
        while z >= limit:  # about once in 2**57 draws for a pack's sizes: draw again
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
        j = z % bound
        out[i], out[j] = out[j], out[i]
    return tuple(out)


_LanesOf = Callable[[int], Sequence[int]]
_LANES: dict[int, tuple[_LanesOf, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def _lanes(n: int) -> tuple[_LanesOf, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """
    For shuffles of *n* cards: a function giving the ``n - 1`` SplitMix64 outputs of a seed
    (below ``2**64``) all at once, and for each draw the position ``i`` it swaps, its bound
    ``i + 1`` and its rejection limit.

    SplitMix64's k-th state is ``seed + k * gamma`` (mod ``2**64``), so the outputs do not
    depend on each other and can be computed side by side: one Python int holds all ``n - 1``
    states, each in a lane of 128 bits, and each step of the output function works on every
    lane at once (a 64-bit value times a 64-bit constant fits its lane; the mask clears what a
    right shift carries in from the lane above). The low 64 bits of each lane are the outputs.
    """
    m = n - 1
    ones = sum(1 << (128 * k) for k in range(m))
    steps = sum(((k + 1) * 0x9E3779B97F4A7C15) << (128 * k) for k in range(m))
    mask = ones * 0xFFFFFFFFFFFFFFFF
    size = 16 * m
    unpack = struct.Struct(f"<{2 * m}Q").unpack

    def lanes_of(seed: int) -> Sequence[int]:
        z = (seed * ones + steps) & mask
        z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
        z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        return unpack(z.to_bytes(size + 16, "little")[:size])[::2]  # the low half of each lane

    idx = tuple(range(n - 1, 0, -1))
    bounds = tuple(i + 1 for i in idx)
    made = lanes_of, idx, bounds, tuple(_LIMITS[b] for b in bounds)
    _LANES[n] = made
    return made


def _limits(n: int) -> tuple[int, ...]:
    """For each bound ``b`` up to *n*, the draws below ``2**64 - 2**64 % b`` are accepted (index 0 unused)."""
    return (0, *(_2_64 - _2_64 % b for b in range(1, n + 1)))


_LIMITS: Final = _limits(256)


def _derive_seed(seed: int, *path: int) -> int:
    """A seed for one round of a match, derived from the match seed (stable)."""
    value = _mix(seed & _MASK64)
    for p in path:
        value = _mix((value ^ ((p * 0xD1B54A32D192ED03) & _MASK64)) & _MASK64)
    return value


def _mix(seed: int) -> int:
    """The first output of SplitMix64 (Steele, Lea, Flood 2014) seeded with *seed*, below ``2**64``."""
    z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def _shown(obj: object) -> str:
    """*obj* in a message: its repr if short, else its kind (a number past 4,300 digits has no repr)."""
    try:
        text = repr(obj)
    except ValueError:
        return "a number too long to write"
    return text if len(text) <= 60 else type(obj).__name__


# A card's name, by rank: the article, the rank and where the suit goes are the language's.
_CARD_NAME: Final = {
    Rank.ACE: _C("card", "the ace of {suit}"),
    Rank.TWO: _C("card", "the 2 of {suit}"),
    Rank.THREE: _C("card", "the 3 of {suit}"),
    Rank.FOUR: _C("card", "the 4 of {suit}"),
    Rank.FIVE: _C("card", "the 5 of {suit}"),
    Rank.SIX: _C("card", "the 6 of {suit}"),
    Rank.SEVEN: _C("card", "the 7 of {suit}"),
    Rank.EIGHT: _C("card", "the 8 of {suit}"),
    Rank.NINE: _C("card", "the 9 of {suit}"),
    Rank.TEN: _C("card", "the 10 of {suit}"),
    Rank.JACK: _C("card", "the jack of {suit}"),
    Rank.HORSE: _C("card", "the horse of {suit}"),
    Rank.QUEEN: _C("card", "the queen of {suit}"),
    Rank.KING: _C("card", "the king of {suit}"),
    Rank.BIG: _C("card", "the Big joker"),
    Rank.LITTLE: _C("card", "the Little joker"),
}
# The suit inside a card's name ("the king of {suit}"), which some languages write otherwise than alone.
_CARD_SUIT: Final = {
    "spades": _C("card suit", "spades"),
    "hearts": _C("card suit", "hearts"),
    "diamonds": _C("card suit", "diamonds"),
    "clubs": _C("card suit", "clubs"),
    "oros": _C("card suit", "oros"),
    "copas": _C("card suit", "copas"),
    "espadas": _C("card suit", "espadas"),
    "bastos": _C("card suit", "bastos"),
}


def card_words(card: Card, translations: Translations = _ENGLISH) -> str:
    """
    *card*'s name in the language of *translations*, with its article where the language has one:
    ``the king of hearts`` (English), ``hjärter kung`` (Swedish), ``el rey de oros`` (Spanish).
    """
    template = translations.pgettext("card", _CARD_NAME[card.rank])
    if card.rank in (Rank.BIG, Rank.LITTLE):
        return template
    return template.format(suit=translations.pgettext("card suit", _CARD_SUIT[card.suit.value]))


@attrs.frozen
class CardName:
    """
    A card named in words in every language (``the king of hearts``), where a plain :class:`~cardrules.Card`
    parameter of a :class:`~cardrules.rules.Message` is written in card notation in English (``KH``).
    """

    __module__ = "cardrules.rules"

    card: Card

    def _said(self, tr: Translations, notation: bool) -> str:
        """The card's name in words (a :class:`~cardrules.rules.Message` parameter)."""
        return card_words(self.card, tr)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
