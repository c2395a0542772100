"""
The pieces every game's position notation is written with (see the formats page): card lists,
hands that the writer may not see (``?8``), numbers per side, the breakdowns of earlier rounds,
and the ``name=value`` fields of a position's body. Errors are :class:`InvalidPositionError`
naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from cardrules import _messages
from cardrules.cards import Card, Pack
from cardrules.engine import RoundScore, ScoreItem
from cardrules.errors import CardrulesError, InvalidPositionError
from cardrules.rules import Message, Rule

__all__ = [
    "NOTATION",
    "cards_text",
    "fields",
    "fill_unknown",
    "hands_text",
    "ints_text",
    "parse_bool",
    "parse_cards",
    "parse_hands",
    "parse_int",
    "parse_ints",
    "parse_rounds",
    "rounds_text",
]

NOTATION: Final = "p1"
"""The first word of every position: the notation's version."""

_INT: Final = re.compile(r"-?[0-9]{1,9}")
_FIELD: Final = re.compile(r"([a-z_]+)=(\S*)")
_LABEL_SAFE: Final = re.compile(r"[A-Za-z0-9().\-]")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as ``7O,HB,AE``; ``-`` for none."""
    return ",".join(map(str, cards)) or "-"


def parse_cards(text: str, pack: Pack, field: str, *, rule: Rule | None = None) -> tuple[Card, ...]:
    """
    The cards of :func:`cards_text`, each a card of *pack*. A card that *pack* does not have
    (a joker where there are none) breaks *rule*, the game's rule of its pack, if given.
    """
    if text == "-":
        return ()
    out = []
    for part in text.split(","):
        try:
            out.append(pack.parse(part))
        except CardrulesError as exc:
            raise InvalidPositionError(
                _messages.carried(exc, str(exc)), field, rule=rule if _is_card(part, pack) else None
            ) from None
    return tuple(out)


def _is_card(text: str, pack: Pack) -> bool:
    """Whether *text* names a card at all (of any pack written with *pack*'s suits)."""
    try:
        Card.parse(text, spanish=pack.spanish)
    except CardrulesError:
        return False
    return True


def hands_text(hands: Sequence[Sequence[Card]], seat: int | None) -> str:
    """Hands in seat order, ``/`` between them; with *seat*, the others only by size (``?8``)."""
    return "/".join(cards_text(h) if seat is None or s == seat else f"?{len(h)}" for s, h in enumerate(hands))


def parse_hands(
    text: str,
    pack: Pack,
    seats: int,
    field: str = "hands",
    *,
    players: Rule | None = None,
    pack_rule: Rule | None = None,
) -> list[tuple[Card, ...] | int]:
    """
    The hands of :func:`hands_text`: each a tuple of cards, or the size of a hand not shown. A
    number of hands other than *seats* breaks *players* (the game's rule of its players), a card
    not in *pack* breaks *pack_rule*, where given.
    """
    parts = text.split("/")
    if len(parts) != seats:
        said = Message("expected {count} hands separated by {sep}, got {got}", count=seats, sep="'/'", got=len(parts))
        raise InvalidPositionError(said, field, rule=players)
    out: list[tuple[Card, ...] | int] = []
    for part in parts:
        if part.startswith("?"):
            out.append(parse_int(part[1:], field, 0, len(pack)))
        else:
            out.append(parse_cards(part, pack, field, rule=pack_rule))
    return out


def fill_unknown(
    hands: Sequence[tuple[Card, ...] | int], unseen: Sequence[Card], order: dict[Card, int]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """
    The hands with each one given only by size filled from *unseen*, deterministically: the
    unseen cards in pack order go to those hands seat by seat. Returns the hands (each in pack
    order) and the unseen cards left over.
    """
    rest = sorted(unseen, key=order.__getitem__)
    out: list[tuple[Card, ...]] = []
    for hand in hands:
        if isinstance(hand, int):
            if hand > len(rest):
                said = Message(
                    "a hidden hand of {count} cards, but only {unseen} cards are unseen", count=hand, unseen=len(rest)
                )
                raise InvalidPositionError(said, "hands")
            out.append(tuple(rest[:hand]))
            del rest[:hand]
        else:
            out.append(tuple(sorted(hand, key=order.__getitem__)))
    return tuple(out), tuple(rest)


def ints_text(values: Iterable[int]) -> str:
    """Numbers per side or seat, ``/`` between them."""
    return "/".join(map(str, values))


def parse_int(text: str, field: str, low: int = 0, high: int = 10**6) -> int:
    """A whole number in ASCII digits from *low* to *high*."""
    if _INT.fullmatch(text) is None:
        raise InvalidPositionError(Message("expected a whole number, got {text}", text=_messages.value(text)), field)
    value = int(text)
    if not low <= value <= high:
        said = Message("expected a number from {low} to {high}, got {value}", low=low, high=high, value=value)
        raise InvalidPositionError(said, field)
    return value


def parse_ints(text: str, count: int, field: str, low: int = 0, high: int = 10**6) -> tuple[int, ...]:
    """*count* numbers of :func:`ints_text`."""
    parts = text.split("/")
    if len(parts) != count:
        said = Message("expected {count} numbers separated by {sep}, got {got}", count=count, sep="'/'", got=len(parts))
        raise InvalidPositionError(said, field)
    return tuple(parse_int(p, field, low, high) for p in parts)


def parse_bool(text: str, field: str) -> bool:
    """``1`` or ``0``."""
    if text not in ("0", "1"):
        raise InvalidPositionError(Message("expected 1 or 0, got {text}", text=_messages.value(text)), field)
    return text == "1"


def _label_text(label: str) -> str:
    return "".join("_" if ch == " " else ch if _LABEL_SAFE.fullmatch(ch) else f"%{ord(ch):02X}" for ch in label)


def _label(text: str, field: str) -> str:
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "_":
            out.append(" ")
        elif ch == "%" and re.fullmatch(r"[0-9A-F]{2}", text[i + 1 : i + 3]):
            out.append(chr(int(text[i + 1 : i + 3], 16)))
            i += 2
        elif _LABEL_SAFE.fullmatch(ch):
            out.append(ch)
        else:
            raise InvalidPositionError(Message("unexpected {text} in a score label", text=_messages.value(ch)), field)
        i += 1
    return "".join(out)


def rounds_text(rounds: Sequence[RoundScore]) -> str:
    """
    The completed rounds' breakdowns: ``TALLY:POINTS:ITEMS`` per round, ``,`` between rounds
    (``-`` for none), numbers per side with ``/``, items ``side:rule:points:label`` with ``;``
    between them (a label's spaces as ``_``), and then the items whose points are unknown
    (:attr:`RoundScore.unknown`) with ``?`` for their points.
    """
    if not rounds:
        return "-"
    parts = []
    for r in rounds:
        known = [f"{i.side}:{i.rule}:{i.points}:{_label_text(i.label)}" for i in r.items]
        unknown = [f"{i.side}:{i.rule}:?:{_label_text(i.label)}" for i in r.unknown]
        items = ";".join(known + unknown) or "-"
        parts.append(f"{ints_text(r.tally)}:{ints_text(r.points)}:{items}")
    return ",".join(parts)


def parse_rounds(text: str, sides: int, field: str = "rounds") -> tuple[RoundScore, ...]:
    """The rounds of :func:`rounds_text` (each complete)."""
    if text == "-":
        return ()
    out = []
    for part in text.split(","):
        pieces = part.split(":", 2)
        if len(pieces) != 3:
            raise InvalidPositionError(Message("a round is {form}", form="TALLY:POINTS:ITEMS"), field)
        tally = parse_ints(pieces[0], sides, field, -(10**6))
        points = parse_ints(pieces[1], sides, field, -(10**6))
        items: list[ScoreItem] = []
        unknown: list[ScoreItem] = []
        if pieces[2] != "-":
            for item in pieces[2].split(";"):
                bits = item.split(":")
                if len(bits) != 4:
                    raise InvalidPositionError(Message("a score item is {form}", form="side:rule:points:label"), field)
                side = parse_int(bits[0], field, 0, sides - 1)
                if bits[2] == "?":
                    unknown.append(ScoreItem(side, bits[1], _label(bits[3], field), 0))
                else:
                    items.append(ScoreItem(side, bits[1], _label(bits[3], field), parse_int(bits[2], field, -(10**6))))
        out.append(RoundScore(tally=tally, points=points, items=tuple(items), complete=True, unknown=tuple(unknown)))
    return tuple(out)


def fields(body: str, names: Sequence[str]) -> dict[str, str]:
    """
    The ``name=value`` fields of a position's body, which must be exactly *names*, in that order,
    one space between them.
    """
    words = body.split(" ")
    got = []
    for word in words:
        match = _FIELD.fullmatch(word)
        if match is None:
            said = Message("expected {form}, got {text}", form="name=value", text=repr(word[:40]))
            raise InvalidPositionError(said, "position")
        got.append((match.group(1), match.group(2)))
    for i, name in enumerate(names):
        if i >= len(got):
            raise InvalidPositionError(
                Message("missing (the fields are, in order: {names})", names=" ".join(names)), name
            )
        if got[i][0] != name:
            said = Message(
                "expected the field {name} here, got {got} (the fields are, in order: {names})",
                name=repr(name),
                got=repr(got[i][0]),
                names=" ".join(names),
            )
            raise InvalidPositionError(said, name)
    if len(got) > len(names):
        said = Message(
            "unexpected field {name} after {last}",
            name=_messages.value(got[len(names)][0]),
            last=_messages.value(names[-1]),
        )
        raise InvalidPositionError(said, "position")
    return dict(got)
