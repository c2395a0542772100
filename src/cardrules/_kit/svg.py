"""
Cards and tables drawn as SVG text, with no dependency, no image and no web font.

The games' ``_picture`` modules describe what one seat sees as a :class:`Table` (a heading, the
seats, zones of cards, the seat's hand and lines of scores) and :func:`draw` lays it out. Every
card is drawn from its rank and suit: the French suits, the four Spanish suits and the jokers
each have a glyph made of paths. A face-up card is a ``<g>`` element with ``data-card`` (its
text), ``data-zone``, a ``role``, a ``tabindex`` and an ``aria-label`` ("the seven of hearts"),
so that a page can make it clickable and a screen reader can name it. A hidden card is drawn
only as a back: the picture is drawn from an observation, which holds no hidden card.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator, Sequence
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

import attrs

from cardrules._kit.style import Style
from cardrules.cards import Card, Rank, Suit
from cardrules.i18n import DEFAULT, direction, translation
from cardrules.rules import card_words

__all__ = [
    "CARD_H",
    "CARD_W",
    "NARROW",
    "WIDTH",
    "Group",
    "Seat",
    "Table",
    "Zone",
    "card_name",
    "card_svg",
    "draw",
    "language",
    "narrow",
    "side_text",
    "words",
]

WIDTH: Final = 560
"""The width of every table picture, in SVG units (it scales to the width of the page)."""
CARD_W: Final = 56
CARD_H: Final = 80
_GAP: Final = 6
_MARGIN: Final = 10
NARROW: Final = 360
"""The width of a phone's picture (see :func:`narrow`)."""
_MIN_TEXT: Final = 14
"""The smallest text of a narrow picture, in SVG units (shown about one to one on a phone)."""
_LAYOUT: contextvars.ContextVar[int] = contextvars.ContextVar("cardrules_svg_width", default=WIDTH)
_LANG: contextvars.ContextVar[str] = contextvars.ContextVar("cardrules_svg_lang", default=DEFAULT)
_FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

_RANK_WORD: Final = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.HORSE: "horse",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}
_COLOUR: Final = {
    Suit.HEARTS: "#c62828",
    Suit.DIAMONDS: "#c62828",
    Suit.SPADES: "#1b1b1b",
    Suit.CLUBS: "#1b1b1b",
    Suit.OROS: "#a66b00",
    Suit.COPAS: "#c62828",
    Suit.ESPADAS: "#1f4e9c",
    Suit.BASTOS: "#2e6b2e",
}

# Each suit's glyph in a 20 by 20 box.
_GLYPH: Final = {
    Suit.HEARTS: '<path d="M 10 18C10 18 1 12 1 6.5C1 3.5 3.5 1.5 6 1.5C8 1.5 9.5 3 10 4.5C10.5 3 12 1.5 14 1.5'
    'C16.5 1.5 19 3.5 19 6.5C19 12 10 18 10 18Z"/>',
    Suit.DIAMONDS: '<path d="M 10 1L18 10L10 19L2 10Z"/>',
    Suit.SPADES: '<path d="M 10 1C10 1 1 8 1 12C1 14.5 3 16 5.2 16C7 16 8.5 15 9.2 13.8L8 19H12L10.8 13.8'
    'C11.5 15 13 16 14.8 16C17 16 19 14.5 19 12C19 8 10 1 10 1Z"/>',
    Suit.CLUBS: '<circle cx="10" cy="5.5" r="4"/><circle cx="5" cy="11.5" r="4"/><circle cx="15" cy="11.5" r="4"/>'
    '<path d="M 9 10L7.5 19H12.5L11 10Z"/>',
    Suit.OROS: '<circle cx="10" cy="10" r="8.5"/><circle cx="10" cy="10" r="5" fill="none" stroke="#fff" '
    'stroke-width="1.5"/>',
    Suit.COPAS: '<path d="M 3 2H17C17 8 14 11 11 11.5V15H14V18H6V15H9V11.5C6 11 3 8 3 2Z"/>',
    Suit.ESPADAS: '<path d="M 10 1L12 4V13H8V4Z"/><rect x="4" y="13" width="12" height="2"/>'
    '<rect x="9" y="15" width="2" height="3"/><circle cx="10" cy="18.6" r="1.3"/>',
    Suit.BASTOS: '<path d="M 7 2C10 0.5 13.5 2 13 5L11.8 18C11.6 19.5 8.4 19.5 8.2 18L7 5Z"/>'
    '<circle cx="7.2" cy="8" r="1.4"/><circle cx="12.6" cy="11" r="1.4"/>',
}
_STAR: Final = '<path d="M 10 1L12.6 7.2L19 7.6L14 11.8L15.6 18.4L10 14.8L4.4 18.4L6 11.8L1 7.6L7.4 7.2Z"/>'


def card_name(card: Card) -> str:
    """*card* in words, for a screen reader: ``"the seven of hearts"``, ``"the Big joker"``."""
    if card.suit is Suit.JOKER:
        return "the Big joker" if card.rank is Rank.BIG else "the Little joker"
    return f"the {_RANK_WORD[card.rank]} of {card.suit.value}"


def _colour(card: Card) -> str:
    if card.suit is Suit.JOKER:
        return "#c62828" if card.rank is Rank.BIG else "#1b1b1b"
    return _COLOUR[card.suit]


def _glyph(card: Card, x: float, y: float, size: float) -> str:
    shape = _STAR if card.suit is Suit.JOKER else _GLYPH[card.suit]
    scale = size / 20
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{_colour(card)}">{shape}</g>'


@contextlib.contextmanager
def narrow(width: int = NARROW) -> Iterator[None]:
    """
    Draw the pictures made inside this block *width* units wide (a phone), for a page that shows
    them about one to one: every text at least 14 units, hands and seats wrapped to more rows,
    long lines wrapped, so that cards stay 56 units wide and text readable.
    """
    token = _LAYOUT.set(max(240, min(width, WIDTH)))
    try:
        yield
    finally:
        _LAYOUT.reset(token)


@contextlib.contextmanager
def language(lang: str = DEFAULT) -> Iterator[None]:
    """
    Draw the pictures made inside this block with their words in *lang* (``"sv"``, ``"ar"``...):
    the games' ``_picture`` modules take their words from :func:`words`, and in a right-to-left
    language every text is written right to left. The cards stay as they are.
    """
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)


def words() -> Style:
    """The style whose ``gettext``, ``ngettext`` and ``pgettext`` give a picture's words in its language."""
    return Style(lang=_LANG.get())


def _rtl() -> bool:
    return direction(_LANG.get()) == "rtl"


def _width() -> int:
    return _LAYOUT.get()


def _is_narrow() -> bool:
    return _LAYOUT.get() < WIDTH


def _size(size: int) -> int:
    return max(size, _MIN_TEXT) if _is_narrow() else size


def _wrap(text: str, size: int, room: float) -> list[str]:
    """*text* cut at spaces into lines that fit *room* units at font *size* (about 0.55 em a letter)."""
    most = max(10, int(room / (0.55 * size)))
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def _text(
    x: float, y: float, text: str, *, size: int = 13, anchor: str = "start", extra: str = "", line: bool = False
) -> str:
    """
    A text at (*x*, *y*). In a right-to-left language it is written right to left: a *line* (one
    across the picture from its left margin) starts at the right margin instead, any other text
    keeps its place (its left end at *x*).
    """
    size = _size(size)
    if _rtl():
        if line:
            x = _width() - x
        else:
            anchor = {"start": "end", "end": "start"}.get(anchor, anchor)
        extra += ' direction="rtl" unicode-bidi="embed"'
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


def _corner(x: float, y: float, text: str, size: int, extra: str) -> str:
    """A card's corner (its rank), the same in every language."""
    return f'<text x="{x:g}" y="{y:g}" font-size="{_size(size)}" text-anchor="start"{extra}>{escape(text)}</text>'


def card_svg(card: Card, x: float, y: float, *, zone: str, index: int = 0, button: bool = False) -> str:
    """
    One face-up card at (*x*, *y*), as a ``<g>`` element with its data and accessibility attributes.

    *zone* names where it lies (``hand``, ``table``, ``trick``...) and *index* its place there;
    a *button* card (one a click may use in a move) gets ``role="button"`` and ``tabindex="0"``,
    any other ``role="img"`` and ``tabindex="-1"``. Its name is in the picture's language (see
    :func:`language`): ``the seven of hearts``, ``hjärter sju``, ``7 الكبة``.
    """
    lang = _LANG.get()
    name = card_name(card) if lang == DEFAULT else card_words(card, translation(lang))
    rank = "JOKER" if card.suit is Suit.JOKER else card.rank.value
    role, tab = ("button", "0") if button else ("img", "-1")
    corner = (
        _corner(4, 15, "BIG" if card.rank is Rank.BIG else "LITTLE", 10, f' fill="{_colour(card)}"')
        if card.suit is Suit.JOKER
        else _corner(4, 17, rank, 16, f' font-weight="bold" fill="{_colour(card)}"')
    )
    return (
        f'<g class="card" data-card={quoteattr(str(card))} data-zone={quoteattr(zone)} data-index="{index}" '
        f'role="{role}" tabindex="{tab}" aria-label={quoteattr(name)} transform="translate({x:g} {y:g})">'
        f"<title>{escape(name)}</title>"
        f'<rect class="face" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" stroke="#555"/>'
        f"{corner}{_glyph(card, 4, 21, 12)}{_glyph(card, 14, 36, 28)}"
        "</g>"
    )


def _back(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="3" fill="#2d4f8a" stroke="#fff" '
        'stroke-width="1.5"/>'
    )


@attrs.frozen
class Group:
    """Cards shown together: one card of a trick with its seat, a build with its value and owner."""

    cards: tuple[Card, ...]
    caption: str = ""
    seat: int | None = None
    """The seat that played it (a trick's card), for a table drawn with the seats around it."""


@attrs.frozen
class Zone:
    """
    A labelled place of cards. *spread* cards lie side by side and wrap to more rows (a
    table); otherwise each group is a small fan with its caption under it (builds, a trick).
    """

    name: str
    label: str
    groups: tuple[Group, ...]
    button: bool = False
    spread: bool = False
    empty: str = "none"


@attrs.frozen
class Seat:
    """A seat as the others see it: its name, its hand's size, and whether it is to move."""

    label: str
    cards: int
    to_move: bool = False
    you: bool = False


@attrs.frozen
class Table:
    """What one seat sees, ready to draw: see :func:`draw`."""

    title: str
    heading: tuple[str, ...]
    seats: tuple[Seat, ...]
    zones: tuple[Zone, ...]
    hand: tuple[Card, ...]
    hand_label: str
    scores: tuple[str, ...]
    status: str
    ring: tuple[int, int, int, int] | None = None
    """
    The seats around a real table, seen from the seat below (you): bottom, right, top, left. With a
    ring the seats sit around the table and the ``trick`` zone lies in the middle, each card in front
    of the seat that played it.
    """


def _seats(seats: Sequence[Seat], y: float) -> tuple[list[str], float]:
    out: list[str] = []
    columns = max(1, min(len(seats), 2 if _is_narrow() else len(seats)))
    width = (_width() - 2 * _MARGIN - _GAP * (columns - 1)) / columns
    top = y
    for i, seat in enumerate(seats):
        row, col = divmod(i, columns)
        out.append(_seat_box(seat, _MARGIN + col * (width + _GAP), top + row * (46 + _GAP), width))
    rows = -(-len(seats) // columns)
    return out, top + rows * (46 + _GAP) + _GAP


def _seat_box(seat: Seat, x: float, y: float, width: float) -> str:
    """One seat as a box: a few card backs, its name, its hand's size, whether it is to move."""
    cls = "seat to-move" if seat.to_move else "seat"
    stroke = ' stroke="#e0a800" stroke-width="3"' if seat.to_move else ' stroke="#9bb59b"'
    tr = words()
    label = tr.pgettext("web", "{text} (you)").format(text=seat.label) if seat.you else seat.label
    count = tr.ngettext("{count} card", "{count} cards", seat.cards).format(count=seat.cards)
    to_play = tr.pgettext("seat", "to play")
    # "to play" where it fits beside the count (the gold frame says it anyway)
    fits = 0.6 * _size(11) * len(f"{count}  · {to_play}") <= width - 44
    note = to_play if seat.to_move and fits else ""
    aria = tr.gettext("{seat}: {cards}").format(seat=label, cards=count)
    if seat.to_move:
        aria = tr.gettext("{seat}: {cards}, to play").format(seat=label, cards=count)
    return (
        f'<g class="{cls}" role="img" aria-label={quoteattr(aria)}>'
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="46" rx="6" fill="#1f5f3a"{stroke}/>'
        + "".join(_back(x + 6 + k * 4, y + 7, 20, 30) for k in range(min(seat.cards, 3)))
        + _text(x + 40, y + 19, label, size=12, extra=' fill="#fff" font-weight="bold"')
        + _text(x + 40, y + 37, f"{count}{'  · ' + note if note else ''}", size=11, extra=' fill="#e8f0e8"')
        + "</g>"
    )


def _row_step(n: int, room: float) -> float:
    if n <= 1:
        return CARD_W + _GAP
    return min(CARD_W + _GAP, (room - CARD_W) / (n - 1))


def _zone(zone: Zone, y: float) -> tuple[list[str], float]:
    out = []
    for part in _wrap(zone.label, _size(13), _width() - 2 * _MARGIN):
        out.append(_text(_MARGIN, y + 13, part, size=13, extra=' fill="#fff" font-weight="bold"', line=True))
        y += _size(13) + 6
    y += 20 - (_size(13) + 6)
    cards = [c for g in zone.groups for c in g.cards]
    room = _width() - 2 * _MARGIN
    if not cards:
        out.append(_text(_MARGIN + 4, y + 14, zone.empty, size=12, extra=' fill="#dfe"', line=True))
        return out, y + 22 + _GAP
    if zone.spread:
        per_row = max(1, int((room + _GAP) // (CARD_W + _GAP)))
        for i, card in enumerate(cards):
            row, col = divmod(i, per_row)
            cx, cy = _MARGIN + col * (CARD_W + _GAP), y + row * (CARD_H + _GAP)
            out.append(card_svg(card, cx, cy, zone=zone.name, index=i, button=zone.button))
        rows = -(-len(cards) // per_row)
        return out, y + rows * (CARD_H + _GAP) + _GAP
    x, index, row_y, tallest = float(_MARGIN), 0, float(y), 0.0
    for g, group in enumerate(zone.groups):
        fan = 16
        width = CARD_W + fan * (len(group.cards) - 1)
        if x + width > _width() - _MARGIN and x > _MARGIN:
            x, row_y = float(_MARGIN), row_y + CARD_H + 24
        out.append(f'<g class="group" data-group="{g}">')
        for k, card in enumerate(group.cards):
            out.append(card_svg(card, x + k * fan, row_y, zone=zone.name, index=index, button=zone.button))
            index += 1
        if group.caption:
            out.append(_text(x, row_y + CARD_H + 14, group.caption, size=11, extra=' fill="#fff"'))
        out.append("</g>")
        x += max(width, 0.6 * _size(11) * len(group.caption)) + 2 * _GAP
        tallest = row_y + CARD_H + (20 if group.caption else 0)
    return out, tallest + 2 * _GAP


def _hand(cards: Sequence[Card], label: str, y: float) -> tuple[list[str], float]:
    out = [_text(_MARGIN, y + 13, label, size=13, extra=' fill="#fff" font-weight="bold"', line=True)]
    y += 20
    if not cards:
        no_cards = words().gettext("no cards")
        out.append(_text(_MARGIN + 4, y + 14, no_cards, size=12, extra=' fill="#dfe"', line=True))
        return out, y + 22 + _GAP
    room = _width() - 2 * _MARGIN
    step = _row_step(len(cards), room)
    if step >= CARD_W - 12 or not _is_narrow():
        out.extend(
            card_svg(card, _MARGIN + i * step, y, zone="hand", index=i, button=True) for i, card in enumerate(cards)
        )
        return out, y + CARD_H + 2 * _GAP
    per_row = max(1, int((room + _GAP) // (CARD_W + _GAP)))  # a phone: whole cards, in rows
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        out.append(card_svg(card, _MARGIN + col * (CARD_W + _GAP), y + row * (CARD_H + _GAP), zone="hand", index=i,
                            button=True))  # fmt: skip
    rows = -(-len(cards) // per_row)
    return out, y + rows * (CARD_H + _GAP) + _GAP


def trick(leader: int, cards: Sequence[Card], seats: Sequence[int] = (0, 1, 2, 3)) -> tuple[Group, ...]:
    """A trick's cards in the order played from *leader*, each captioned with its seat (*seats* sit in)."""
    order = [seats[(seats.index(leader) + i) % len(seats)] for i in range(len(seats))]
    one = words().pgettext("web", "seat {seat}")
    return tuple(Group((c,), one.format(seat=s), s) for s, c in zip(order, cards, strict=False))


_SIDES: Final = ("bottom", "right", "top", "left")


def _ring(table: Table, zone: Zone | None, y: float) -> tuple[list[str], float]:
    """
    The seats around the table, you at the bottom, your partner across, the others left and right,
    and the trick in the middle, each card in front of the seat that played it (``data-from`` says
    which side it came from, for a page to move it in from there).
    """
    assert table.ring is not None
    width = _width()
    seats = {i: s for i, s in enumerate(table.seats)}
    out: list[str] = ['<g class="ring">']
    cx = width / 2 - CARD_W / 2
    if _is_narrow() or zone is None:  # a phone, or no trick yet: left, across and right in one row
        box = (width - 2 * _MARGIN - 2 * _GAP) / 3
        spots = {3: (_MARGIN, y), 2: (_MARGIN + box + _GAP, y), 1: (_MARGIN + 2 * (box + _GAP), y)}
        middle, step = y + 46 + _GAP + CARD_H / 2 + 44, CARD_W + 6  # the top card below the row of seats
    else:
        box = 150.0
        spots = {2: ((width - box) / 2, y), 3: (_MARGIN, y + 110), 1: (width - _MARGIN - box, y + 110)}
        middle, step = y + 46 + _GAP + CARD_H / 2 + 44, CARD_W + 26
    places = {  # the top-left corner of the card each side plays
        "top": (cx, middle - CARD_H / 2 - 44),
        "left": (cx - step, middle - CARD_H / 2 + 4),
        "right": (cx + step, middle - CARD_H / 2 + 4),
        "bottom": (cx, middle + CARD_H / 2 - 36),
    }
    for k, (x, top) in spots.items():
        seat = seats.get(table.ring[k])
        if seat is not None:
            out.append(_seat_box(seat, x, top, box))
    index = 0
    for group in zone.groups if zone is not None else ():
        if group.seat is None or group.seat not in table.ring:
            continue
        side = _SIDES[table.ring.index(group.seat)]
        x, top = places[side]
        for card in group.cards:
            out.append(f'<g class="slot" data-from="{side}" data-seat="{group.seat}">')
            out.append(card_svg(card, x, top, zone=zone.name if zone else "trick", index=index))
            out.append("</g>")
            index += 1
    if zone is not None and not any(g.cards for g in zone.groups):
        out.append(_text(width / 2, middle + 4, zone.empty, size=12, anchor="middle", extra=' fill="#dfe"'))
    bottom_y = places["bottom"][1] + CARD_H + _GAP if zone is not None else y + 46 + _GAP
    you = seats.get(table.ring[0])
    if you is not None:
        out.append(_seat_box(you, (width - box) / 2, bottom_y, box))
    out.append("</g>")
    return out, bottom_y + 46 + 2 * _GAP


def partners_table(
    obs: Any, *, game: str, heading: Sequence[str], zones: Sequence[Zone], todo: str, next_on: str = "left"
) -> Table:
    """
    The table of a four-seat game of two partnerships (seats 0+2 against 1+3) for *obs*, which has
    ``seat``, ``to_move``, ``winner`` (a side or ``None``), ``hand``, ``hand_counts``, ``match`` and
    ``tricks`` (by side); *todo* says what the seat to move does ("play a card."). The seats sit
    around the table, the next seat in turn on your left (clockwise play) or, *next_on* ``"right"``,
    on your right.
    """
    tr = words()
    if obs.winner is not None:
        status = tr.gettext("The match is over: {side} won.").format(side=side_text((obs.winner, obs.winner + 2)))
    elif obs.to_move == obs.seat:
        status = tr.gettext("Your turn: {todo}").format(todo=todo)
    else:
        status = tr.gettext("Seat {seat} to play.").format(seat=obs.to_move)
    one = tr.pgettext("web", "seat {seat}")
    return Table(
        title=tr.gettext("{game} table seen by seat {seat}").format(game=game, seat=obs.seat),
        heading=tuple(heading),
        seats=tuple(
            Seat(one.format(seat=s), n, to_move=s == obs.to_move, you=s == obs.seat)
            for s, n in enumerate(obs.hand_counts)
        ),
        zones=tuple(zones),
        hand=obs.hand,
        hand_label=hand_label(len(obs.hand) == obs.hand_counts[obs.seat]),
        scores=tuple(
            tr.ngettext(
                "{side}: {points} points; this round {count} trick",
                "{side}: {points} points; this round {count} tricks",
                obs.tricks[side],
            ).format(side=side_text((side, side + 2), obs.seat), points=obs.match[side], count=obs.tricks[side])
            for side in (0, 1)
        ),
        status=status,
        ring=_around(obs.seat, next_on),
    )


def hand_label(shown: bool) -> str:
    """The words over a seat's hand: ``Your hand``, or ``Your hand (not shown)`` when its cards are hidden."""
    tr = words()
    return tr.gettext("Your hand") if shown else tr.gettext("Your hand (not shown)")


def side_text(seats: Sequence[int], me: int | None = None) -> str:
    """A side by its seats, ``seats 0+2``, with `` (you)`` when *me* is one of them."""
    tr = words()
    if len(seats) == 1:
        text = tr.pgettext("side", "seat {seat}").format(seat=seats[0])
    else:
        text = tr.pgettext("side", "seats {seats}").format(seats="+".join(map(str, seats)))
    return tr.pgettext("web", "{text} (you)").format(text=text) if me in seats else text


def _around(seat: int, next_on: str) -> tuple[int, int, int, int]:
    """The seats at the bottom (*seat*), right, top and left of a four-seat table."""
    after = [(seat + k) % 4 for k in range(4)]
    return (after[0], after[1], after[2], after[3]) if next_on == "right" else (after[0], after[3], after[2], after[1])


def draw(table: Table) -> str:
    """*table* as one ``<svg>`` element (text), :data:`WIDTH` units wide and as tall as it needs."""
    body: list[str] = []
    y = float(_MARGIN)
    width = _width()
    room = width - 2 * _MARGIN
    for i, line in enumerate(table.heading):
        size, weight = (16, ' font-weight="bold"') if i == 0 else (12, "")
        for part in _wrap(line, _size(size), room):
            body.append(_text(_MARGIN, y + _size(size), part, size=size, extra=f' fill="#fff"{weight}', line=True))
            y += _size(size) + 6
    for part in _wrap(table.status, _size(13), room):
        status = ' class="status" fill="#ffe08a" font-weight="bold"'
        body.append(_text(_MARGIN, y + 14, part, size=13, extra=status, line=True))
        y += _size(13) + 4
    y += 2 * _GAP
    zones = table.zones
    if table.ring is not None:  # the seats around the table, the trick in the middle
        middle = next((z for z in zones if z.name == "trick"), None)
        drawn, y = _ring(table, middle, y)
        zones = tuple(z for z in zones if z is not middle)
    else:
        drawn, y = _seats(table.seats, y)
    body.extend(drawn)
    hand_first = table.ring is not None and _is_narrow()  # a phone: the hand right under the trick
    if hand_first:
        drawn, y = _hand(table.hand, table.hand_label, y)
        body.extend(drawn)
    for zone in zones:
        drawn, y = _zone(zone, y)
        body.extend(drawn)
    if not hand_first:
        drawn, y = _hand(table.hand, table.hand_label, y)
        body.extend(drawn)
    for line in table.scores:
        for k, part in enumerate(_wrap(line, _size(12), room - 12)):  # a long line (a match's mulles) wraps
            body.append(
                _text(_MARGIN + (12 if k else 0), y + 13, part, size=12, extra=' class="score" fill="#fff"', line=True)
            )
            y += _size(12) + 6
    height = round(y + _MARGIN)
    lang = _LANG.get()
    tongue = "" if lang == DEFAULT else f" lang={quoteattr(lang)}"
    if _rtl():  # laid out left to right (the cards' corners too) inside a right-to-left page; its words right to left
        tongue += ' direction="ltr"'

    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cardrules-table" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="group" aria-label={quoteattr(table.title)}{tongue} '
        f'font-family="{_FONT}">'
        f'<rect width="{width}" height="{height}" rx="8" fill="#2b7a4b"/>' + "".join(body) + "</svg>"
    )
