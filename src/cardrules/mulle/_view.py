"""Mulle as terminal text: what one seat sees, and which of possibly millions of moves to number."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Final

from cardrules._style import Style, sides_text
from cardrules.cards import Card
from cardrules.engine import LegalMoves
from cardrules.mulle._cards import _TVAL, PACK
from cardrules.mulle._families import _Captures
from cardrules.mulle._legal import MulleMoves
from cardrules.mulle._partition import find_group
from cardrules.mulle._state import Move, Observation

__all__ = ["move_list", "view"]


def view(obs: Observation, style: Style) -> list[str]:
    rules = obs.rules
    per_deal = rules.players * rules.hand_size
    deals = -(-(len(PACK) - rules.table_size) // per_deal)
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
        text = f"{sides_text(seats, obs.seat)} {obs.captured_counts[side]} cards"
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


def _first(legal: LegalMoves[Move], limit: int) -> tuple[list[Move], int | None]:
    moves = list(itertools.islice(iter(legal), limit + 1))
    return (moves, 0) if len(moves) <= limit else (moves[:limit], None)


# Counting a Mulle table's captures is quick up to about this many loose cards (benchmarks/bench_mulle.py).
_MULLE_COUNTED: Final = 24


def _walk(family: _Captures) -> Iterator[Move]:
    for taken in family.space:
        yield family.move(taken)


def move_list(legal: LegalMoves[Move], limit: int) -> tuple[list[Move], int | None]:
    """
    Mulle's moves to number: every trail and build, and the captures shared
    out among the (card, value) groups, so that each card shows what it can
    do. Under the fishing rules a table can allow millions of captures.
    """
    if not isinstance(legal, MulleMoves):
        return _first(legal, limit)
    families = legal._families
    table = legal._seen[3]  # the table the moves were made for
    small = len(table) <= _MULLE_COUNTED
    picked: list[list[Move]] = [[] for _ in families]
    sources: dict[int, Iterator[Move]] = {}
    for i, fam in enumerate(families):
        if not isinstance(fam, _Captures):
            picked[i].append(fam)
        elif small:
            sources[i] = _walk(fam)
        else:
            # Too big to walk: the capture that takes the most, made group by group.
            left = [c for c in table if _TVAL[c] <= fam.t]
            taken: list[Card] = []
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
