"""Rules: every rule a game enforces or scores has a permanent dotted id."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final, Literal, Protocol

import attrs

from cardrules.cards import Card, Rank

__all__ = [
    "CardName",
    "Items",
    "Message",
    "Rule",
    "RuleBook",
    "Sentence",
    "Translations",
    "Violation",
    "card_words",
]


class Translations(Protocol):
    """What :meth:`Message.render` needs of a catalog: a ``gettext.NullTranslations`` has it."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class _English:
    """The source language: every message as written (what ``gettext.NullTranslations`` does)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str, /) -> str:
        return message


_ENGLISH: Final = _English()


def _C(context: str, message: str) -> str:
    """Mark *message* for extraction with its *context* (the Babel keyword ``_C:1c,2``); returns it."""
    return message


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
    parameter of a :class:`Message` is written in card notation in English (``KH``).
    """

    card: Card


def _as_tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


@attrs.frozen
class Items:
    """
    A list in a message: ``a or b or c`` (*conjunction* ``"or"``) or ``a, b and c`` (``"and"``),
    each item rendered as a :class:`Message` parameter is. A list of cards (``"cards"``) is written
    as the notation writes cards, separated by spaces (``5H 5D``), where cards are in notation, and
    as an ``and`` list of their names where they are named in words. ``"comma"`` and
    ``"semicolon"`` separate the items by ``, `` and ``; `` alone.
    """

    items: tuple[object, ...] = attrs.field(converter=_as_tuple)
    conjunction: Literal["or", "and", "cards", "comma", "semicolon"] = "or"


_OR: Final = _C("list", " or ")
_COMMA: Final = _C("list", ", ")
_AND: Final = _C("list", " and ")
_SEMICOLON: Final = _C("list", "; ")


@attrs.frozen(init=False)
class Message:
    """
    A message for players, kept as data: an English *template* with named placeholders
    (``"you do not hold the {card}"``) and the values of its parameters, so that it can be
    written in any language (:func:`cardrules.i18n.render`). ``str(message)`` is the English.

    A parameter is text or a number (written as it is: notation, counts), a
    :class:`~cardrules.Card` (notation in English, its name in words in the other languages),
    a :class:`CardName`, an :class:`Items` list or another :class:`Message`.

    Attributes:
        template: The English template, which is also the catalog's message id.
        params: The parameters, by placeholder name, as ``(name, value)`` pairs.
        plural: For a message that depends on a count, the English plural template (and
            *template* is the singular); ``None`` otherwise.
        count: The count that chooses between singular and plural forms.
    """

    template: str
    params: tuple[tuple[str, object], ...]
    plural: str | None
    count: int

    def __init__(self, template: str, /, **params: object) -> None:
        self.__attrs_init__(template, tuple(params.items()), None, 0)

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, /, **params: object) -> Message:
        """A message with a singular and a plural template, chosen by *count* (``{count}`` is a parameter)."""
        out = cls(singular, count=count, **params)
        object.__setattr__(out, "plural", plural)
        object.__setattr__(out, "count", count)
        return out

    def with_params(self, **params: object) -> Message:
        """This message with the parameters *params* given other values (or added)."""
        out = object.__new__(Message)
        out.__attrs_init__(self.template, tuple({**dict(self.params), **params}.items()), self.plural, self.count)
        return out

    def render(self, translations: Translations = _ENGLISH, *, english_cards: bool | None = None) -> str:
        """
        This message written with *translations* (English without). Cards are in notation in English
        and by name in another language, unless *english_cards* says otherwise.
        """
        notation = translations is _ENGLISH if english_cards is None else english_cards
        return self._render(translations, notation)

    def _render(self, tr: Translations, notation: bool) -> str:
        if self.plural is None:
            template = tr.gettext(self.template)
        else:
            template = tr.ngettext(self.template, self.plural, self.count)
        if not self.params:
            return template
        return template.format(**{k: _value(v, tr, notation) for k, v in self.params})

    def __str__(self) -> str:
        return self._render(_ENGLISH, True)


def _value(value: object, tr: Translations, notation: bool) -> str:
    if isinstance(value, Message):
        return value._render(tr, notation)
    if isinstance(value, Card):
        return str(value) if notation else card_words(value, tr)
    if isinstance(value, CardName):
        return card_words(value.card, tr)
    if isinstance(value, Items):
        words = [_value(v, tr, notation) for v in value.items]
        if value.conjunction == "cards" and notation:
            return " ".join(words)
        if value.conjunction == "comma":
            return tr.pgettext("list", _COMMA).join(words)
        if value.conjunction == "semicolon":
            return tr.pgettext("list", _SEMICOLON).join(words)
        if value.conjunction == "or" or len(words) < 2:
            return tr.pgettext("list", _OR).join(words)
        return tr.pgettext("list", _COMMA).join(words[:-1]) + tr.pgettext("list", _AND) + words[-1]
    return str(value)


class Sentence(str):
    """
    A sentence in English (a ``str``, equal to its English text) that keeps the :class:`Message` it
    was written from, so that :func:`cardrules.i18n.render` writes it in any language: the reasons
    of a hint (:attr:`cardrules.bots.Advice.reasons`) are such sentences.

    Attributes:
        message: The sentence as a :class:`Message`.
    """

    message: Message

    def __new__(cls, message: Message) -> Sentence:
        out = super().__new__(cls, str(message))
        out.message = message
        return out


def _as_message(reason: str | Message) -> Message:
    return reason if isinstance(reason, Message) else Message(reason)


@attrs.frozen
class Rule:
    """
    One rule of one game.

    Attributes:
        id: Dotted, lower-case, permanent id, such as ``mililla.follow.suit``.
            The rules pages of the documentation have an anchor for each id.
        title: A short name for the rule.
        text: The rule in plain words.
        source: Where the rule comes from: the published rules text by short
            title and, where known, its section, and ``rulings page`` where
            a decision of cardrules settles what the texts leave open, such
            as ``"Mililla (Amber Crook), Gameplay; rulings page"``. The
            sources and the rulings pages of the documentation list the
            texts and the decisions.
    """

    id: str
    title: str
    text: str
    source: str


@attrs.frozen
class Violation:
    """
    Why a move is illegal: the rule it breaks and the reason in player words.

    Returned by a game's ``check_move``; :class:`~cardrules.IllegalMoveError`
    carries the same two pieces.

    Attributes:
        rule: The rule the move breaks.
        message: The reason as a :class:`~cardrules.rules.Message` (given as text, a message without parameters),
            which :func:`cardrules.i18n.render` writes in any language.
    """

    rule: Rule
    message: Message = attrs.field(converter=_as_message)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return str(self.message)

    def __str__(self) -> str:
        return f"[{self.rule.id}] {self.reason}"


def _as_rules(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    return tuple(rules)


@attrs.frozen
class RuleBook(Mapping[str, Rule]):
    """The rules of one game, in the order of play, by id."""

    game: str
    _rules: tuple[Rule, ...] = attrs.field(converter=_as_rules)
    _by_id: dict[str, Rule] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        by_id: dict[str, Rule] = {}
        for r in self._rules:
            if not r.id.startswith(self.game + ".") or r.id in by_id:
                raise ValueError(f"bad or repeated rule id {r.id!r} in {self.game}")
            by_id[r.id] = r
        object.__setattr__(self, "_by_id", by_id)

    def __getitem__(self, key: str) -> Rule:
        return self._by_id[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)


def _book(game: str, rules: Iterable[tuple[str, str, str, str]]) -> RuleBook:
    """Build a rule book from ``(id, title, text, source)`` rows."""
    return RuleBook(game, [Rule(*row) for row in rules])


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
