"""Helpers for the Mulle tests: hand-built positions and small checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from cardrules import Card, parse_cards
from cardrules.mulle import BUILDING, MulleRuleset, State, TableBuild, new_game
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._cards import _sorted


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text such as ``"9H 4S 5C"``."""
    return parse_cards(text) if text.strip() else ()


def card(text: str) -> Card:
    """One card from text."""
    return Card.parse(text)


def position(
    rules: MulleRuleset = BUILDING,
    hands: Sequence[str] = ("", ""),
    table: str = "",
    builds: Sequence[tuple[str, int, int] | tuple[str, int, int, bool]] = (),
    to_play: int = 0,
    stock: str | None = None,
    last_capture: int | None = None,
) -> State:
    """
    A state with exactly these hands, loose table cards and builds
    ``(cards, value, owner[, locked])``. The other cards go to the stock,
    or, when *stock* is given, the rest goes to the last side's captured pile.
    """
    n = rules.players
    base = new_game(rules, seed=0, dealer=(to_play - 1) % n)
    hs = [_sorted(cards(h)) for h in hands]
    assert len(hs) == n
    tb = tuple(TableBuild(cards(b[0]), b[1], b[2], bool(b[3]) if len(b) > 3 else False) for b in builds)
    used: Counter[Card] = Counter()
    for h in hs:
        used.update(h)
    used.update(cards(table))
    for b in tb:
        used.update(b.cards)
    rest = Counter(MULLE_PACK.cards) - used
    assert sum(rest.values()) + sum(used.values()) == 104, "a card is used more than twice"
    captured: list[tuple[Card, ...]] = [() for _ in base.captured]
    if stock is None:
        st = _sorted(list(rest.elements()))
    else:
        st = cards(stock)
        rest -= Counter(st)
        captured[-1] = _sorted(list(rest.elements()))
    return attrs.evolve(
        base,
        hands=tuple(hs),
        table=_sorted(cards(table)),
        builds=tb,
        stock=st,
        to_play=to_play,
        captured=tuple(captured),
        last_capture=last_capture,
    )
