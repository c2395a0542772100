"""How a terminal draws cards: suit symbols and ANSI colours where it can, plain notation otherwise."""

from __future__ import annotations

import itertools
import os
import re
import typing
from collections.abc import Sequence
from typing import IO, Any, Final

import attrs

from cardrules.cards import Card, Pack, Suit
from cardrules.engine import TupleMoves
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, translation
from cardrules.rules import Message, Sentence, card_words

__all__ = [
    "MoreMoves",
    "Style",
    "card_label",
    "code_label",
    "columns",
    "first_moves",
    "labelled_text",
    "plural",
    "sides_text",
    "style_for",
    "trick_lines",
    "trick_reason",
    "unsymbol",
    "visible_len",
    "wrap",
]

_SYMBOL: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_ASCII_OF_SYMBOL: Final = {v: k.letter for k, v in _SYMBOL.items()}
_COLOUR: Final = {
    Suit.HEARTS: "31",
    Suit.DIAMONDS: "31",
    Suit.OROS: "33",
    Suit.COPAS: "31",
    Suit.ESPADAS: "34",
    Suit.BASTOS: "32",
    Suit.JOKER: "35",
}
_TOKEN: Final = re.compile(r"\b(?:10|[2-9AJQKHBL])[SHDCOEBJ]\b")
_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")


@attrs.frozen
class Style:
    """How to draw cards: with suit symbols, with ANSI colours, or as plain notation."""

    symbols: bool = False
    colour: bool = False
    lang: str = DEFAULT
    """The language of the words around the cards (the cards stay in notation)."""

    def gettext(self, message: str) -> str:
        """*message* in the style's language (the marker the catalogs' extractor reads)."""
        return translation(self.lang).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """*singular* or *plural*, as *count* asks, in the style's language."""
        return translation(self.lang).ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """*message* in *context*, in the style's language."""
        return translation(self.lang).pgettext(context, message)

    def suit(self, suit: Suit) -> str:
        """A suit's name in the style's language (``hearts``, ``hjärter``, ``oros``)."""
        return self.pgettext("card suit", suit.value)

    def card(self, card: Card) -> str:
        """One card; plain text is the notation (``7H``)."""
        text = str(card)
        if self.symbols and card.suit in _SYMBOL:
            text = card.rank.value + _SYMBOL[card.suit]
        code = _COLOUR.get(card.suit)
        if self.colour and code:
            return f"\x1b[{code}m{text}\x1b[0m"
        return text

    def cards(self, cards: typing.Iterable[Card]) -> str:
        """Cards separated by spaces; ``-`` for none."""
        return " ".join(self.card(c) for c in cards) or "-"

    def bold(self, text: str) -> str:
        """*text* in bold, when colours are on."""
        return f"\x1b[1m{text}\x1b[0m" if self.colour else text

    def text(self, text: str, pack: Pack) -> str:
        """Free text (a move, an event) with every card in it drawn as :meth:`card` draws it."""
        if not (self.symbols or self.colour):
            return text

        def one(match: re.Match[str]) -> str:
            try:
                return self.card(pack.parse(match.group(0)))
            except CardrulesError:
                return match.group(0)

        return _TOKEN.sub(one, text)


_SPANISH_RANK: Final = {"A": "ace", "J": "jack", "H": "horse", "K": "king"}


def card_label(card: Card) -> str:
    """
    *card* as a person reads it on a screen: the rank and the suit symbol for a French card
    (``10♠``), the rank and the suit's Spanish name for a Spanish one (``5 of copas``, ``horse of
    oros``: the letter ``C`` is copas in one pack and clubs in the other), and ``Big joker``.
    """
    if card.suit is Suit.JOKER:
        return "Big joker" if card.rank.value == "B" else "Little joker"
    if card.suit.is_spanish:
        return f"{_SPANISH_RANK.get(card.rank.value, card.rank.value)} of {card.suit.value}"
    return card.rank.value + _SYMBOL[card.suit]


def code_label(code: str, pack: Pack, lang: str = DEFAULT) -> str | None:
    """
    The card *code* of *pack* as the players' rules pages write it in *lang*: the rank and the suit
    symbol for a French card (``10♠``, in every language), by its name in *lang* for the others
    (``the 5 of copas``, ``the Big joker``); ``None`` when *code* is not a card of *pack*.
    """
    try:
        card = pack.parse(code)
    except CardrulesError:
        return None
    if card.suit in _SYMBOL:
        return card.rank.value + _SYMBOL[card.suit]
    return card_words(card, translation(lang))


def labelled_text(text: str, pack: Pack) -> str:
    """Free text (a move, an event) with every card of *pack* in it written as :func:`card_label` writes it."""

    def one(match: re.Match[str]) -> str:
        try:
            return card_label(pack.parse(match.group(0)))
        except CardrulesError:
            return match.group(0)

    return _TOKEN.sub(one, text)


def unsymbol(text: str) -> str:
    """Typed or pasted suit symbols back into notation letters (``7♥`` to ``7H``)."""
    for symbol, letter in _ASCII_OF_SYMBOL.items():
        text = text.replace(symbol, letter)
    return text


def style_for(stream: IO[str], *, ascii_only: bool, lang: str = DEFAULT) -> Style:
    """
    Symbols and colours for a terminal that can show them; plain text with ``--ascii``, in a pipe or
    a file; the words in *lang*.
    """
    translation(lang)  # an unknown language is refused here, before anything is shown
    if ascii_only or not stream.isatty() or os.environ.get("TERM") == "dumb":
        return Style(lang=lang)
    try:
        "♠♥♦♣".encode(getattr(stream, "encoding", None) or "ascii")
        symbols = True
    except (UnicodeEncodeError, LookupError):
        symbols = False
    return Style(symbols=symbols, colour="NO_COLOR" not in os.environ, lang=lang)


def trick_lines(
    style: Style,
    leader: int,
    trick: Sequence[Card],
    last_leader: int,
    last_trick: Sequence[Card],
    *,
    playing: bool = True,
    skip: int | None = None,
) -> list[str]:
    """
    A four-seat trick game's trick lines: the last completed trick, if any, then the trick under
    way (or who leads it) while *playing*; each card named with its seat, in turn from its
    trick's leader, passing over *skip* (a partner sitting out the hand).
    """
    lines = []
    if last_trick:
        lines.append(style.gettext("last trick: {cards}").format(cards=_by_seat(last_leader, last_trick, skip, style)))
    if trick:
        lines.append(style.gettext("trick: {cards}").format(cards=_by_seat(leader, trick, skip, style)))
    elif playing:
        lines.append(style.gettext("trick: none yet; seat {seat} leads").format(seat=leader))
    return lines


def _by_seat(leader: int, cards: Sequence[Card], skip: int | None, style: Style) -> str:
    """The cards of a trick by seat, from *leader* on: ``seat 1 7O, seat 2 HB``."""
    one = style.gettext("seat {seat} {card}")
    seats = [s for s in ((leader + i) % 4 for i in range(4)) if s != skip]
    named = (one.format(seat=s, card=style.card(c)) for s, c in zip(seats, cards, strict=False))
    return style.pgettext("list", ", ").join(named)


def sides_text(seats: typing.Sequence[int], me: int, style: Style | None = None) -> str:
    """A side by its seats, ``seats 0+2 (you)``, with ``(you)`` when *me* is one of them (in *style*'s language)."""
    style = style or Style()
    if len(seats) == 1:
        text = style.pgettext("side", "seat {seat}").format(seat=seats[0])
    else:
        text = style.pgettext("side", "seats {seats}").format(seats="+".join(map(str, seats)))
    return text + (style.gettext(" (you)") if me in seats else "")


def unstyled(text: str) -> str:
    """*text* without its colour codes."""
    return _ANSI.sub("", text)


def visible_len(text: str) -> int:
    """How many columns *text* takes on a terminal: its length without the colour codes."""
    return len(_ANSI.sub("", text))


def wrap(line: str, width: int, indent: str = "    ") -> list[str]:
    """*line* broken at spaces into lines of at most *width* columns (colour codes not counted)."""
    if visible_len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    out: list[str] = []
    current, size = line[:lead], lead
    for word in line[lead:].split(" "):
        n = visible_len(word)
        if size > len(current) - len(current.lstrip(" ")) and size + 1 + n > width:
            out.append(current)
            current, size = indent + word, len(indent) + n
        else:
            sep = "" if size == lead and not out else " "
            if current.strip() == "" and out:
                sep = ""
            current += sep + word
            size += len(sep) + n
        while visible_len(current) > width:  # one word longer than the line: cut it
            out.append(current[:width])
            current = indent + current[width:]
            size = visible_len(current)
    out.append(current)
    return out


def columns(cells: typing.Sequence[str], width: int, gap: int = 2) -> list[str]:
    """*cells* in as many equal columns as fit in *width*, row by row; a cell too wide for one column is wrapped."""
    if not cells:
        return []
    cell = max(visible_len(c) for c in cells)
    per_row = max(1, (width + gap) // (cell + gap))
    lines: list[str] = []
    for i in range(0, len(cells), per_row):
        row = cells[i : i + per_row]
        if per_row == 1:
            lines.extend(wrap(row[0], width, indent=" " * 6))
            continue
        parts = [c + " " * (cell - visible_len(c)) for c in row[:-1]] + [row[-1]]
        lines.append((" " * gap).join(parts))
    return lines


# --- numbered moves ------------------------------------------------------------

MoreMoves = int | None
"""How many legal moves a list leaves out: a count, or ``None`` for some, not counted."""


def first_moves(legal: Sequence[Any], limit: int) -> tuple[list[Any], MoreMoves]:
    """
    The first *limit* legal moves, and how many more there are: counted only for a tuple of moves
    (a lazy sequence, such as a plugin's, may be slow to count).
    """
    moves = list(itertools.islice(iter(legal), limit + 1))
    if len(moves) <= limit:
        return moves, 0
    return moves[:limit], (len(legal) - limit) if isinstance(legal, TupleMoves | tuple | list) else None


def trick_reason(seat: int, winner: int, partner: int, held: Message) -> Sentence:
    """A hint's sentence about the trick a card leaves *winner* winning so far (*held*: what is in it)."""
    if winner == seat:
        return Sentence(Message("it wins the trick so far ({held})", held=held))
    if winner == partner:
        said = Message(
            "it leaves the trick to your partner, seat {seat}, who wins it so far ({held})", seat=partner, held=held
        )
        return Sentence(said)
    return Sentence(
        Message("it gives up the trick for now: seat {seat} wins it so far ({held})", seat=winner, held=held)
    )


def plural(count: int, noun: str) -> str:
    """*count* and *noun*, with an s unless there is one: ``1 point``, ``3 points``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
