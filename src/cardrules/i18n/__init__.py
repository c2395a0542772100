"""
The languages of cardrules: the catalogs, and every message a player sees written in any of them.

English is the source language: the rules, the reasons and the errors are written in English in the
code, and kept as data (a :class:`~cardrules.rules.Message`: a template and its parameters) until
they are shown. The catalogs (GNU gettext, compiled ``.mo`` files read by the standard library)
give the other languages: Swedish, Spanish, French and Arabic. Three domains:

* ``rules``: each rule's title and text, with the rule id as context;
* ``cardrules``: the reasons of illegal moves, the card, suit and rank names, and the words of the
  command line;
* ``pages``: the rules pages (each game's ``rules.md``), paragraph by paragraph, the game as context.

Example:
    >>> import cardrules
    >>> from cardrules import i18n
    >>> game = cardrules.get_game("mulle")
    >>> v = game.check_move(game.new_game(seed=1), game.spec.parse_canonical("AS -"))
    >>> print(v)
    [mulle.turn] you do not hold the AS
    >>> print(i18n.render(v, "es"))
    [mulle.turn] no tienes el as de picas
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Mapping
from importlib import resources
from typing import Final, Literal

from cardrules._words import format_number
from cardrules.engine import Event
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidRecordError,
    UnknownOptionError,
    WrongKindError,
)
from cardrules.rules import CardName, Items, Message, Number, Rule, Sentence, Translations, Violation, card_words

__all__ = [
    "DEFAULT",
    "DOMAINS",
    "LANGUAGES",
    "CardName",
    "Items",
    "Message",
    "Number",
    "Sentence",
    "card_words",
    "direction",
    "format_number",
    "from_environ",
    "negotiate",
    "render",
    "rule_text",
    "translation",
]

LANGUAGES: Final = ("en", "sv", "es", "fr", "ar")
"""The languages by code, English (the source) first, then Swedish, Spanish, French and Arabic."""

DEFAULT: Final = "en"
"""The language when nothing chooses one."""

DOMAINS: Final = ("cardrules", "rules", "pages")
"""Each language's catalogs, ``cardrules`` (messages, card names, words), ``rules`` (the rule books)
and ``pages`` (the rules pages, block by block)."""

_RTL: Final = frozenset({"ar"})

_LOCALE: Final = "locale"


def _check(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UnknownOptionError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return lang


def _read(lang: str, domain: str) -> gettext.NullTranslations:
    """One compiled catalog of the package (an empty one if the language has none for *domain*)."""
    path = resources.files(__name__).joinpath(_LOCALE, lang, "LC_MESSAGES", f"{domain}.mo")
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


@functools.cache
def _translation(lang: str) -> gettext.NullTranslations:
    """The catalogs of *lang*, read once: the cache is ``functools.cache``'s, which is thread-safe."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    head, *rest = (_read(lang, domain) for domain in DOMAINS)
    for catalog in rest:
        head.add_fallback(catalog)
    return head


def translation(lang: str) -> gettext.NullTranslations:
    """
    The catalogs of *lang* as one ``gettext.NullTranslations`` (every domain; English for a
    message a catalog lacks). English (``"en"``) is a plain ``gettext.NullTranslations``.

    Catalogs are read from the package once and kept (a thread-safe cache).

    Raises:
        UnknownOptionError: If *lang* is not one of :data:`LANGUAGES`; the message lists them.
    """
    return _translation(_check(lang))


def direction(lang: str) -> Literal["ltr", "rtl"]:
    """``"rtl"`` for a language written right to left (Arabic), else ``"ltr"``."""
    return "rtl" if _check(lang) in _RTL else "ltr"


def rule_text(rule: Rule, lang: str) -> tuple[str, str]:
    """*rule*'s title and text in *lang* (in English where the catalog has no translation)."""
    tr = translation(lang)
    return tr.pgettext(rule.id, rule.title), tr.pgettext(rule.id, rule.text)


def _message(message: Message, lang: str, tr: Translations, notation: bool | None = None) -> str:
    return message.render(tr, english_cards=lang == DEFAULT if notation is None else notation)


def render(
    obj: Message | Sentence | Event | Violation | CardrulesError,
    lang: str,
    *,
    cards: Literal["names", "notation"] | None = None,
) -> str:
    """
    *obj* written in *lang*, for a player.

    * a :class:`~cardrules.rules.Message`: its template in *lang* with its parameters (cards by
      their names in the language, in notation in English; *cards* ``"notation"`` writes them in
      notation in every language, as the terminal does, and ``"names"`` by their names in every
      language, as a screen reader wants them);
    * a :class:`~cardrules.rules.Sentence` (such as a hint's reason, in
      :attr:`cardrules.bots.Advice.reasons`): its message;
    * an :class:`~cardrules.Event` (the narration of a move, a replay's commentary): its
      :attr:`~cardrules.Event.message`, which is :attr:`~cardrules.Event.text` in English;
    * a :class:`~cardrules.Violation`: ``[rule id] reason``, as ``str(violation)`` is in English;
    * an :class:`~cardrules.IllegalMoveError`: ``[rule id] reason (move NOTATION)``, as its English
      message is;
    * an :class:`~cardrules.errors.InvalidPositionError`: ``field: detail``, the field as the
      notation writes it and the detail in *lang*; an :class:`~cardrules.errors.InvalidRecordError`:
      ``path: detail``, likewise;
    * any other :class:`~cardrules.errors.CardrulesError` with a
      :attr:`~cardrules.CardrulesError.message` (bad card or move text): that message in
      *lang*; one without (the errors meant for programmers, such as
      :class:`~cardrules.errors.WrongKindError`, and a plug-in game's plain-text errors): its
      English text, as it is.

    Raises:
        UnknownOptionError: If *lang* is not one of :data:`LANGUAGES`.
        WrongKindError: If *obj* is none of those.
    """
    tr = translation(lang)
    notation = None if cards is None else cards == "notation"
    if isinstance(obj, Message):
        return _message(obj, lang, tr, notation)
    if isinstance(obj, Sentence):
        return _message(obj.message, lang, tr, notation)
    if isinstance(obj, Event):
        return _message(obj.message, lang, tr, notation)
    if isinstance(obj, Violation):
        return f"[{obj.rule.id}] {_message(obj.message, lang, tr, notation)}"
    if isinstance(obj, IllegalMoveError):
        reason = obj.reason if obj.message is None else _message(obj.message, lang, tr, notation)
        suffix = ""
        if obj.move_text:
            suffix = " " + tr.gettext("(move {move})").format(move=obj.move_text)
        return f"[{obj.rule.id}] {reason}{suffix}"
    if isinstance(obj, CardrulesError):
        if obj.message is None:
            return str(obj)
        detail = _message(obj.message, lang, tr, notation)
        if isinstance(obj, InvalidPositionError):
            return f"{obj.field}: {detail}"
        if isinstance(obj, InvalidRecordError):
            return f"{obj.path}: {detail}"
        return detail
    raise WrongKindError(
        f"render takes a Message, a Sentence, an Event, a Violation or a CardrulesError, not {type(obj).__qualname__}"
    )


_ENV_ORDER: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _code(tag: str) -> str | None:
    """The language of a locale name or a language tag (``sv_SE.UTF-8``, ``es-ES``, ``fr``), if one of ours."""
    code = re.split(r"[_.@-]", tag.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def from_environ(environ: Mapping[str, str]) -> str:
    """
    The language the environment asks for, as GNU gettext reads it: the first of ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty (``LANGUAGE`` may list
    several, ``sv:en``: the first known one counts). ``sv_SE.UTF-8`` is ``sv``; ``C``, ``POSIX``
    and a language cardrules does not have are English.

    Example:
        >>> from cardrules.i18n import from_environ
        >>> from_environ({"LANG": "sv_SE.UTF-8"})
        'sv'
        >>> from_environ({"LANGUAGE": "de:fr", "LANG": "sv_SE.UTF-8"})
        'fr'
    """
    for name in _ENV_ORDER:
        value = environ.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            for part in value.split(":"):
                code = _code(part)
                if code is not None:
                    return code
            continue
        return _code(value) or DEFAULT
    return DEFAULT


def negotiate(accept_language: str | None) -> str:
    """
    The language to answer an HTTP ``Accept-Language`` header with: the known language of highest
    weight (``q``; the first on a tie), English when none is known or the header is missing or bad.

    Example:
        >>> from cardrules.i18n import negotiate
        >>> negotiate("de-DE,de;q=0.9,es;q=0.8,en;q=0.5")
        'es'
    """
    if not accept_language:
        return DEFAULT
    best: tuple[float, int, str] | None = None
    for i, item in enumerate(accept_language.split(",")):
        tag, _, params = item.partition(";")
        code = _code(tag)
        if code is None:
            continue
        q = 1.0
        m = re.fullmatch(r"\s*q\s*=\s*([0-9.]{1,5})\s*", params) if params else None
        if params and m is None:
            continue
        if m is not None:
            try:
                q = float(m.group(1))
            except ValueError:
                continue
        if q <= 0 or q > 1:
            continue
        key = (-q, i, code)
        if best is None or key < best:
            best = key
    return DEFAULT if best is None else best[2]


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
