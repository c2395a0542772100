"""
Messages for players kept as data (a template and its parameters) until they are written in a
language: :class:`Message`, :class:`Items`, :class:`Sentence`, and the :class:`Rule` an error or
a message names, documented and imported as ``cardrules.rules`` (this module imports nothing of
cardrules, so that every module may build one, and :mod:`cardrules.errors` names its types).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal, Protocol

import attrs

__all__ = ["Items", "Message", "Number", "Rule", "Sentence", "Translations", "format_number"]


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


def _as_tuple(items: Iterable[object]) -> tuple[object, ...]:
    return tuple(items)


@attrs.frozen
class Items:
    """
    A list in a message: ``a or b or c`` (*conjunction* ``"or"``) or ``a, b and c`` (``"and"``),
    each item rendered as a :class:`Message` parameter is. A list of cards (``"cards"``) is written
    as the notation writes cards, separated by spaces (``5H 5D``), where cards are in notation, and
    as an ``and`` list of their names where they are named in words. ``"comma"`` and
    ``"semicolon"`` separate the items by a comma or by a semicolon alone.
    """

    __module__ = "cardrules.rules"

    items: tuple[object, ...] = attrs.field(converter=_as_tuple)
    conjunction: Literal["or", "and", "cards", "comma", "semicolon"] = "or"


def format_number(value: float, lang: str, *, percent: bool = False, places: int = 2, sign: bool = False) -> str:
    """
    *value* as *lang* writes it (``0.63`` in English, ``0,63`` in Swedish and French; ``63%``,
    ``63 %``), with *places* decimals (none for a percent unless asked), a ``+`` before a positive
    number when *sign* is on. Babel writes it (the ``i18n`` extra, ``pip install "cardrules[i18n]"``);
    without Babel every language gets the plain English form (``0.63``, ``63%``).
    """
    try:
        from babel import Locale
        from babel.numbers import format_decimal, format_percent
    except ImportError:  # the plain form, as Python writes it
        shown = value * 100 if percent else value
        text = f"{shown:{'+' if sign else ''}.{places}f}"
        return text + "%" if percent else text
    digits = "0." + "0" * places if places else "0"
    # the locale's own pattern (grouping, the percent sign and its space), with the decimals asked for
    base = Locale.parse(lang).percent_formats[None].pattern if percent else "#,##0"
    pattern = base.replace("#,##0", "#,##" + digits, 1)
    if sign:
        pattern = "+" + pattern + ";-" + pattern
    if percent:
        return str(format_percent(value, format=pattern, locale=lang))
    return str(format_decimal(value, format=pattern, locale=lang))


@attrs.frozen
class Number:
    """
    A number in a message that each language writes its own way (a decimal comma, a percent sign
    spaced or not; see :func:`~cardrules.i18n.format_number`): a win rate, a mean, a share. Whole counts are plain
    ``int`` parameters.

    Attributes:
        value: The number (a share from 0 to 1 when *percent* is on).
        percent: Written as a percent (``0.63`` is ``63%``).
        places: Decimals shown.
        sign: A ``+`` before a positive number.
    """

    __module__ = "cardrules.rules"

    value: float
    percent: bool = False
    places: int = 2
    sign: bool = False

    def _said(self, tr: Translations, notation: bool) -> str:
        info = getattr(tr, "info", None)
        lang = str(info().get("language", "en")) if callable(info) else "en"
        return format_number(self.value, lang, percent=self.percent, places=self.places, sign=self.sign)

    def __str__(self) -> str:
        return format_number(self.value, "en", percent=self.percent, places=self.places, sign=self.sign)


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

    __module__ = "cardrules.rules"

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
    said = getattr(value, "_said", None)  # a card, or a card's name (cardrules.cards)
    if said is not None:
        return str(said(tr, notation))
    return str(value)


class Sentence(str):
    """
    A sentence in English (a ``str``, equal to its English text) that keeps the :class:`Message` it
    was written from, so that :func:`cardrules.i18n.render` writes it in any language: the reasons
    of a hint (:attr:`cardrules.bots.Advice.reasons`) are such sentences.

    Attributes:
        message: The sentence as a :class:`Message`.
    """

    __module__ = "cardrules.rules"

    message: Message

    def __new__(cls, message: Message) -> Sentence:
        out = super().__new__(cls, str(message))
        out.message = message
        return out


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

    __module__ = "cardrules.rules"

    id: str
    title: str
    text: str
    source: str
