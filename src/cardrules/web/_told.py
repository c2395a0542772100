"""
What a match tells its seats: a move's events as each seat may be told them, written in a page's
language, the first deal, and the pages of legal moves (for the table and the replays alike).
"""

from __future__ import annotations

import itertools
import re
import typing
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules import i18n
from cardrules._kit.style import _SYMBOL, card_label
from cardrules.cards import Card, card_words
from cardrules.engine import Event, Game, TupleMoves
from cardrules.errors import CardrulesError
from cardrules.rules import Message
from cardrules.web._bodies import EventItem, LegalMovesPage, MoveItem
from cardrules.web._lang import say

__all__ = [
    "MAX_SCAN",
    "DealLine",
    "Said",
    "deal_items",
    "display_of",
    "event_items",
    "legal_page",
    "move_cards",
    "shown_in",
    "told_in",
    "told_items",
]

_CARD: Final = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQKHBL])[SHDCOEBJ](?![A-Za-z0-9])")
"""A card's code in a text, between anything but Latin letters and digits (Arabic writes "and" as a prefix: و3S)."""
MAX_SCAN: Final = 20_000
"""The most legal moves one request looks at (a Mulle table can allow millions)."""


def move_cards(move: object) -> tuple[Card, ...]:
    """Every card a move names (played, taken, built with), in field order."""
    out: list[Card] = []

    def walk(value: object, depth: int) -> None:
        if isinstance(value, Card):
            out.append(value)
        elif depth < 4 and attrs.has(type(value)):
            for f in attrs.fields(typing.cast(Any, type(value))):
                walk(getattr(value, f.name), depth + 1)
        elif depth < 4 and isinstance(value, tuple | list | frozenset):
            for v in value:
                walk(v, depth + 1)

    walk(move, 0)
    return tuple(out)


def event_items(
    game: Game[Any, Any, Any, Any],
    before: Any,
    move: Any,
    after: Any,
    version: int,
    viewer: int | None,
    stand_in: bool = False,
) -> list[EventItem]:
    """
    The events of *move* as *viewer* may be told them (``None``: the full view). The events are in
    public terms; the move's notation is given only when every card it names is shown by its
    events, or the viewer made it (a card passed face down stays hidden).
    """
    return [item for item, _ in told_items(game, before, move, after, version, viewer, stand_in)]


def _english(text: str | Message) -> str:
    return text if isinstance(text, str) else say(text, i18n.DEFAULT)


def told_items(
    game: Game[Any, Any, Any, Any],
    before: Any,
    move: Any,
    after: Any,
    version: int,
    viewer: int | None,
    stand_in: bool = False,
) -> list[tuple[EventItem, str | Message]]:
    """
    :func:`event_items`, each with the event's own text (:func:`told_in` writes a message in a page's
    language). *stand_in*: the computer made the move for a person's seat handed over to it.
    """
    mover = game.to_move(before)
    assert mover is not None
    events: Sequence[Event]
    if game.spec.events is not None:
        events = game.spec.events(before, move, after)
    else:
        events = ()
    shown = {c for e in events for c in e.cards}
    text: str | None = game.format_move(before, move)
    if viewer is not None and viewer != mover and not set(move_cards(move)) <= shown:
        text = None
    shown_text = display_of(game)
    if not events:
        said = f"seat {mover} plays {text}" if text is not None else f"seat {mover} moves"
        item = EventItem(version, mover, said, "", "move", (), 0, text, mover, shown_text(said), True, stand_in)
        return [(item, said)]
    out: list[tuple[EventItem, str | Message]] = []
    for i, e in enumerate(events):
        english = _english(e.text)
        item = EventItem(
            version, e.seat, english, e.rule, e.kind, e.cards, e.points, text, mover, shown_text(english), i == 0,
            stand_in,
        )  # fmt: skip
        out.append((item, e.message))
    return out


def told_in(items: Sequence[dict[str, Any]], said: Sequence[Said], lang: str) -> list[dict[str, Any]]:
    """
    The events *items* (as JSON data) for a page in *lang*: the one place where the table writes
    the engine's narration in a language. An event whose text is a :class:`~cardrules.rules.Message`
    is shown in *lang*, and so is the first deal (a :class:`DealLine`); a plain text is shown as the
    game writes it.
    """
    if lang == i18n.DEFAULT:
        return list(items)
    return [_told(item, s, lang) for item, s in zip(items, said, strict=True)]


def _told(item: dict[str, Any], said: Said, lang: str) -> dict[str, Any]:
    if isinstance(said, str):
        return item
    return {**item, "display": said(lang) if isinstance(said, DealLine) else say(said, lang)}


def _same(text: str) -> str:
    return text


def display_of(game: Game[Any, Any, Any, Any]) -> Callable[[str], str]:
    """How *game* writes a move or an event for a screen (its spec's ``display``), or the text as it is."""
    return game.spec.display or _same


def shown_in(game: Game[Any, Any, Any, Any], lang: str) -> Callable[[str], str]:
    """
    How the table writes a text with cards in it (a move, a line of the deal) for a page in *lang*:
    in English as the game's ``display`` does; in another language a French card by its rank and
    suit symbol (``10♠``, the same in every language, isolated left to right in a right-to-left
    language), any other card (a Spanish one, a joker) by its name in *lang*, so that no page shows
    a card's code (``10S``).
    """
    if lang == i18n.DEFAULT:
        return display_of(game)
    pack = game.spec.pack
    tr = i18n.translation(lang)
    # In a right-to-left language a card's rank and symbol are isolated left to right (U+2066 to
    # U+2069), so that "10♦ 7♣" stays two cards in that order inside the sentence.
    before, after = ("\u2066", "\u2069") if i18n.direction(lang) == "rtl" else ("", "")

    def one(match: Any) -> str:
        try:
            card = pack.parse(match.group(0))
        except CardrulesError:  # not a card of this pack: the text as it is
            return str(match.group(0))
        return f"{before}{card_label(card)}{after}" if card.suit in _SYMBOL else card_words(card, tr)

    def shown(text: str) -> str:
        return _CARD.sub(one, text)

    return shown


def deal_items(game: Game[Any, Any, Any, Any], state: Any, seat: int, lang: str = i18n.DEFAULT) -> list[EventItem]:
    """The first deal, as *seat* is told it in *lang* (the game's ``deal_text``: dealer, trump, a turn-up bonus)."""
    terminal = game.spec.terminal
    if terminal is None:
        return []
    from cardrules._kit.style import Style

    shown_text = shown_in(game, lang)
    lines = terminal.deal_text(game.observe(state, seat), Style(lang=lang))
    return [EventItem(0, None, line, "", "deal", (), 0, None, None, shown_text(line)) for line in lines]


@attrs.frozen
class DealLine:
    """Line *index* of the first deal as *seat* is told it, written in a page's language when it is shown."""

    game: Game[Any, Any, Any, Any]
    state: Any
    seat: int
    index: int

    def __call__(self, lang: str) -> str:
        return deal_items(self.game, self.state, self.seat, lang)[self.index].display


Said: typing.TypeAlias = str | Message | DealLine
"""What the table keeps of an event to write it in a page's language: its message, its text, or a line of the deal."""


def _wanted(cards: tuple[Card, ...], card: Card | None) -> bool:
    return card is None or card in cards


def legal_page(
    game: Game[Any, Any, Any, Any],
    state: Any,
    offset: int,
    limit: int,
    card: Card | None,
    lang: str = i18n.DEFAULT,
) -> LegalMovesPage:
    """
    A page of the legal moves of *state*, filtered by *card*, looking at no more than :data:`MAX_SCAN`
    moves; each move's label as a page in *lang* shows it (:func:`shown_in`).
    """
    legal = game.legal_moves(state)
    shown_text = shown_in(game, lang)
    cheap = isinstance(legal, TupleMoves | tuple | list)
    items: list[MoveItem] = []
    if cheap and card is None:
        total: int | None = len(legal)
        for i in range(offset, min(offset + limit, len(legal))):
            m = legal[i]
            text = game.format_move(state, m)
            items.append(MoveItem(i, text, tuple(map(str, move_cards(m))), shown_text(text)))
        nxt = offset + limit if offset + limit < len(legal) else None
        return LegalMovesPage(tuple(items), offset, limit, total, nxt)
    passed = 0
    complete = True
    more = False
    for i, m in enumerate(itertools.islice(iter(legal), MAX_SCAN + 1)):
        if i == MAX_SCAN:
            complete = False
            break
        cards = move_cards(m)
        if not _wanted(cards, card):
            continue
        if passed >= offset + limit:
            more = True
            break
        if passed >= offset:
            text = game.format_move(state, m)
            items.append(MoveItem(i, text, tuple(map(str, cards)), shown_text(text)))
        passed += 1
    total = passed if cheap or (complete and not more) else None
    if cheap and more:
        total = sum(1 for m in legal if _wanted(move_cards(m), card))
    nxt = offset + limit if more else None
    return LegalMovesPage(tuple(items), offset, limit, total, nxt, complete)
