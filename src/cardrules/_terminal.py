"""Cards and positions as terminal text: suit symbols and ANSI colours on a terminal, plain text otherwise."""

from __future__ import annotations

import enum
import itertools
import os
import re
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any, Final

import attrs

from cardrules.cards import DOUBLE_FRENCH_PACK, Card, Pack, Suit
from cardrules.errors import CardrulesError

__all__ = ["Style", "describe", "style_for"]

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


@attrs.frozen
class Style:
    """How to draw cards: with suit symbols, with ANSI colours, or as plain notation."""

    symbols: bool = False
    colour: bool = False

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


def unsymbol(text: str) -> str:
    """Typed or pasted suit symbols back into notation letters (``7♥`` to ``7H``)."""
    for symbol, letter in _ASCII_OF_SYMBOL.items():
        text = text.replace(symbol, letter)
    return text


def style_for(stream: IO[str], *, ascii_only: bool) -> Style:
    """Symbols and colours for a terminal that can show them; plain text with ``--ascii``, in a pipe or a file."""
    if ascii_only or not stream.isatty() or os.environ.get("TERM") == "dumb":
        return Style()
    try:
        "♠♥♦♣".encode(getattr(stream, "encoding", None) or "ascii")
        symbols = True
    except (UnicodeEncodeError, LookupError):
        symbols = False
    return Style(symbols=symbols, colour="NO_COLOR" not in os.environ)


# --- positions ---------------------------------------------------------------

_SKIP: Final = frozenset({"seat", "rules", "hand", "to_move", "winner", "rounds", "match"})


def _label(name: str) -> str:
    return name.replace("_", " ").removesuffix(" no").strip()


def _value(value: object, style: Style) -> str | None:
    """A field's value as text, or ``None`` to leave the field out."""
    if value is None or value is False or value == () or value == frozenset():
        return None
    if value is True:
        return "yes"
    if isinstance(value, Card):
        return style.card(value)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(_value(v, style) or "" for v in value))
    if isinstance(value, tuple):
        if all(isinstance(v, Card) for v in value):
            return style.cards(value) if len(value) <= 16 else f"{len(value)} cards"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return ", ".join(f"{i}: {v}" for i, v in enumerate(value))
        if all(isinstance(v, tuple) and all(isinstance(c, Card) for c in v) for v in value):
            return ", ".join(f"{i}: {len(v)} cards" for i, v in enumerate(value))
        parts = [_value(v, style) or "-" for v in value]
        return ", ".join(parts)
    return str(value)


def describe(observation: Any, style: Style) -> list[str]:
    """
    What a seat sees, one line per thing on the table: the observation's
    public fields (hands of others as counts, piles of won cards as counts),
    then the seat's own hand.
    """
    lines = []
    for field in attrs.fields(type(observation)):
        if field.name in _SKIP or field.name.startswith("_"):
            continue
        text = _value(getattr(observation, field.name), style)
        if text is not None:
            lines.append(f"{_label(field.name)}: {text}")
    lines.append(style.bold("your hand: ") + style.cards(observation.hand))
    return lines


def _seats(leader: int, cards: typing.Sequence[Card], count: int, style: Style) -> str:
    return ", ".join(f"seat {(leader + i) % count} {style.card(c)}" for i, c in enumerate(cards))


def _mililla(obs: Any, style: Style) -> list[str]:
    trump = obs.turn_up.suit.value
    held = ", still in the dealer's hand" if obs.turn_up_in_hand else ""
    lines = [
        f"round {obs.round_no + 1}, dealt by seat {obs.dealer}: {trump} are trump "
        f"(turn-up {style.card(obs.turn_up)}{held})",
        f"tricks this round: seats 0+2 {obs.tricks[0]}, seats 1+3 {obs.tricks[1]}",
        "cards in hand: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(obs.hand_counts)),
    ]
    if obs.last_trick:
        lines.append("last trick: " + _seats(obs.last_leader, obs.last_trick, 4, style))
    if obs.trick:
        lines.append("trick: " + _seats(obs.trick_leader, obs.trick, 4, style))
    else:
        lines.append(f"trick: none yet; seat {obs.trick_leader} leads")
    lines.append(style.bold("your hand: ") + style.cards(obs.hand))
    return lines


def _charlemagne(obs: Any, style: Style) -> list[str]:
    lines = [f"round {obs.round_no + 1}, dealt by seat {obs.dealer}; now: {obs.phase}"]
    if obs.calls:
        calls = [
            f"seat {(obs.dealer + 1 + i) % 4} " + ("pass" if c is None else c.value) for i, c in enumerate(obs.calls)
        ]
        lines.append("bidding: " + ", ".join(calls))
    out: int | None = None
    if obs.contract is not None and obs.bidder is not None:
        trump = f"; {obs.trump.value} are trump" if obs.trump is not None else ""
        name = f"a bid of {obs.contract.value}" if obs.contract.is_number else obs.contract.title
        lines.append(f"contract: {name} by seat {obs.bidder}{trump}")
        out = (obs.bidder + 2) % 4 if obs.contract.is_solo else None
    lines.append(f"tricks this round: seats 0+2 {obs.tricks[0]}, seats 1+3 {obs.tricks[1]}")
    lines.append("cards in hand: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(obs.hand_counts)))
    for label, cards in (
        ("kitty you took", obs.kitty_taken),
        ("your discards", obs.discards),
        ("your cards out of play", obs.out),
        ("the bidder's open hand", obs.open_hand or ()),
    ):
        if cards:
            lines.append(f"{label}: {style.cards(cards)}")
    if obs.passed is not None:
        lines.append(f"card passed to the bidder: {style.card(obs.passed)}")
    order = [s for s in ((obs.leader + i) % 4 for i in range(4)) if s != out]
    last = [s for s in ((obs.last_leader + i) % 4 for i in range(4)) if s != out]
    if obs.last_trick:
        lines.append(
            "last trick: " + ", ".join(f"seat {s} {style.card(c)}" for s, c in zip(last, obs.last_trick, strict=False))
        )
    if obs.phase == "play":
        trick = ", ".join(f"seat {s} {style.card(c)}" for s, c in zip(order, obs.trick, strict=False))
        lines.append("trick: " + (trick or f"none yet; seat {obs.leader} leads"))
    lines.append(style.bold("your hand: ") + style.cards(obs.hand))
    return lines


def _who(seats: typing.Sequence[int], me: int) -> str:
    text = ("seat " if len(seats) == 1 else "seats ") + "+".join(map(str, seats))
    return text + (" (you)" if me in seats else "")


def _mulle(obs: Any, style: Style) -> list[str]:
    rules = obs.rules
    per_deal = rules.players * rules.hand_size
    deals = -(-(len(DOUBLE_FRENCH_PACK) - rules.table_size) // per_deal)
    game = "building" if rules.building else "fishing"
    lines = [
        f"round {obs.round_no + 1} ({game} game), dealt by seat {obs.dealer}; deal {obs.deal_no + 1} of {deals}, "
        f"{obs.stock_count} cards left in the stock",
        "table: " + (style.cards(obs.table) if obs.table else "empty"),
    ]
    for i, b in enumerate(obs.builds):
        owner = "yours" if b.owner == obs.seat else f"seat {b.owner}'s"
        lock = ", locked" if b.locked else ""
        lines.append(f"build #{i}: [{'+'.join(style.card(c) for c in b.cards)}] = {b.value}, {owner}{lock}")
    lines.append("cards in hand: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(obs.hand_counts)))
    parts = []
    for side, seats in enumerate(obs.sides):
        text = f"{_who(seats, obs.seat)} {obs.captured_counts[side]} cards"
        if obs.mulles[side]:
            mulles = ", ".join(f"{style.card(m.card)} {m.points}" for m in obs.mulles[side])
            text += f", mulles {mulles}"
        if obs.tabbes[side]:
            text += f", tabbes {obs.tabbes[side]}"
        parts.append(text)
    lines.append("captured this round: " + "; ".join(parts))
    if obs.last_capture is not None:
        lines.append(f"last capture: seat {obs.last_capture}")
    lines.append(style.bold("your hand: ") + style.cards(obs.hand))
    return lines


Describer = Callable[[Any, Style], list[str]]
VIEWS: Final[Mapping[str, Describer]] = {"charlemagne": _charlemagne, "mililla": _mililla, "mulle": _mulle}
"""Views written for one game; any other game gets :func:`describe`'s generic one."""


# --- numbered moves ------------------------------------------------------------

MoreMoves = int | None
"""How many legal moves a list leaves out: a count, or ``None`` for some, not counted."""


def first_moves(legal: Sequence[Any], limit: int) -> tuple[list[Any], MoreMoves]:
    """The first *limit* legal moves, and how many more there are (counted only when few)."""
    moves = list(itertools.islice(iter(legal), limit + 1))
    if len(moves) <= limit:
        return moves, 0
    return moves[:limit], len(legal) - limit


# Counting a Mulle table's captures is quick up to about this many loose cards (benchmarks/bench_mulle.py).
_MULLE_COUNTED: Final = 24


def _walk(family: Any) -> Iterator[Any]:
    for taken in family.space:
        yield family.move(taken)


def _mulle_moves(legal: Sequence[Any], limit: int) -> tuple[list[Any], MoreMoves]:
    """
    Mulle's moves to number: every trail and build, and the captures shared
    out among the (card, value) groups, so that each card shows what it can
    do. Under the fishing rules a table can allow millions of captures.
    """
    from cardrules.mulle._captures import find_group
    from cardrules.mulle._game import _TVAL, MulleMoves, _Captures

    if not isinstance(legal, MulleMoves):
        return first_moves(legal, limit)
    families = legal._families
    table = legal._seen[3]  # the table the moves were made for
    small = len(table) <= _MULLE_COUNTED
    picked: list[list[Any]] = [[] for _ in families]
    sources: dict[int, Iterator[Any]] = {}
    for i, fam in enumerate(families):
        if not isinstance(fam, _Captures):
            picked[i].append(fam)
        elif small:
            sources[i] = _walk(fam)
        else:
            # Too big to walk: the capture that takes the most, made group by group.
            left = [c for c in table if _TVAL[c] <= fam.t]
            taken: list[Any] = []
            while (group := find_group(left, [_TVAL[c] for c in left], fam.t)) is not None:
                taken.extend(group)
                for c in group:
                    left.remove(c)
            made = fam.move(taken)
            if made in legal:
                picked[i].append(made)
    total = sum(len(p) for p in picked)
    while sources and total < limit:
        for i in list(sources):
            if total >= limit:
                break
            move = next(sources[i], None)
            if move is None:
                del sources[i]
                continue
            picked[i].append(move)
            total += 1
    moves = [m for p in picked for m in p]
    if len(moves) > limit:
        return moves[:limit], (len(legal) - limit) if small else None
    if not small:
        return moves, None
    return moves, len(legal) - len(moves)


MOVE_LISTS: Final[Mapping[str, Callable[[Sequence[Any], int], tuple[list[Any], MoreMoves]]]] = {"mulle": _mulle_moves}
"""How a game's legal moves are chosen to be numbered; any other game gets :func:`first_moves`."""
