"""Mulle as terminal text: what one seat sees, and which of possibly millions of moves to number."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Final

from cardrules._kit.style import Style, labelled_text, sides_text
from cardrules.cards import Card
from cardrules.engine import LastRole, LegalMoves
from cardrules.mulle._cards import _CARD_POINTS, _TVAL, PACK, _hand_values
from cardrules.mulle._families import _Captures
from cardrules.mulle._legal import MulleMoves
from cardrules.mulle._partition import find_group
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._state import Build, Capture, Move, Observation, Trail
from cardrules.rules import Message, Sentence

__all__ = ["deal_text", "display", "explain", "help_text", "hint_events", "last_events", "move_list", "view"]

hint_events: Final = frozenset({"build", "capture", "mulle", "tabbe", "trail"})
"""The events a hint may describe: what the move itself shows the table, nothing dealt after it."""
last_events: Final[Mapping[str, LastRole]] = {"capture": "take", "mulle": "extend", "tabbe": "extend"}
"""What the terminal's ``last`` command keeps: the capture, then the mulles and the tabbe it scored."""


def _game_name(rules: MulleRuleset, style: Style) -> str:
    return style.gettext("building game") if rules.building else style.gettext("fishing game")


def view(obs: Observation, style: Style) -> list[str]:
    rules = obs.rules
    per_deal = rules.players * rules.hand_size
    deals = -(-(len(PACK) - rules.table_size) // per_deal)
    head = style.ngettext(
        "round {round} ({game}), dealt by seat {dealer}; deal {deal} of {deals}, stock {count} card",
        "round {round} ({game}), dealt by seat {dealer}; deal {deal} of {deals}, stock {count} cards",
        obs.stock_count,
    )
    if obs.table:
        table = style.cards(obs.table)
    else:
        table = style.gettext("no loose cards") if obs.builds else style.gettext("empty")
    lines = [
        head.format(
            round=obs.round_no + 1,
            game=_game_name(rules, style),
            dealer=obs.dealer,
            deal=obs.deal_no + 1,
            deals=deals,
            count=obs.stock_count,
        ),
        style.gettext("table: {cards}").format(cards=table),
    ]
    for i, b in enumerate(obs.builds):
        owner = style.gettext("yours") if b.owner == obs.seat else style.gettext("seat {seat}'s").format(seat=b.owner)
        if b.locked:
            line = style.gettext("build #{number}: [{cards}] = {value}, {owner}, locked")
        else:
            line = style.gettext("build #{number}: [{cards}] = {value}, {owner}")
        cards = "+".join(style.card(c) for c in b.cards)
        lines.append(line.format(number=i, cards=cards, value=b.value, owner=owner))
    comma = style.pgettext("list", ", ")
    counts = comma.join(
        style.gettext("seat {seat} {count}").format(seat=s, count=n) for s, n in enumerate(obs.hand_counts)
    )
    lines.append(style.gettext("cards in hand: {counts}").format(counts=counts))
    parts = []
    for side, seats in enumerate(obs.sides):
        n = obs.captured_counts[side]
        text = style.ngettext("{side} {count} card", "{side} {count} cards", n).format(
            side=sides_text(seats, obs.seat, style), count=n
        )
        if obs.mulles[side]:
            mulles = comma.join(f"{style.card(m.card)} {m.points}" for m in obs.mulles[side])
            text += style.gettext(", mulles {mulles}").format(mulles=mulles)
        if obs.tabbes[side]:
            text += style.gettext(", tabbes {count}").format(count=obs.tabbes[side])
        parts.append(text)
    lines.append(style.gettext("captured this round: {sides}").format(sides=style.pgettext("list", "; ").join(parts)))
    if obs.last_capture is not None:
        lines.append(style.gettext("last capture: seat {seat}").format(seat=obs.last_capture))
    lines.append(style.bold(style.gettext("your hand: ")) + style.cards(obs.hand))
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


def help_text(rules: MulleRuleset, style: Style | None = None) -> list[str]:
    """What a newcomer needs at the table: the notation and the card values (the table adds where the rules are)."""
    tr = style or Style()
    lines = [
        tr.gettext("Cards: rank then suit, 7H 10D QS (S spades, H hearts, D diamonds, C clubs)."),
        tr.gettext("A move is one of these (or its number in the list):"),
        tr.gettext("  9H x 4S+5C      capture: play 9H, take 4S and 5C (each group joined by +"),
        tr.gettext("                  adds up to 9; a build taken is shown in [..])"),
    ]
    if rules.building:
        lines += [
            tr.gettext("  3C > 6D = 9     build: play 3C on 6D, a build of 9 you take later"),
            tr.gettext("  2H > [3C+6D] = 11   raise a build to 11"),
            tr.gettext("  7S -            trail: lay 7S on the table"),
            tr.gettext("On the table a card counts its pips: A 1, J 11, Q 12, K 13."),
            tr.gettext("In your hand: A 14, 2S 15, 10D 16; other cards their pips."),
            tr.gettext("Card points: each spade 1, AS and 2S 2, every other ace 1, 10D 2;"),
            tr.gettext("  a tabbe (taking the last cards of the table) 1."),
        ]
    else:
        lines += [
            tr.gettext("  AH=14 x AD+KC   an ace takes as 1 or as 14"),
            tr.gettext("  7S -            trail: lay 7S on the table"),
            tr.gettext("A card counts its pips: J 11, Q 12, K 13; an ace 1 or 14."),
        ]
    worth = {
        "rank": tr.gettext("its value (A 14)"),
        "hand": tr.gettext("its hand value"),
        "fixed": "5",
    }[rules.mulle_value]
    lines += [
        tr.gettext("A mulle is a card taken with its exact twin (the packs are doubled);"),
        tr.gettext("  it scores {worth}.").format(worth=worth),
    ]
    return lines


def deal_text(obs: Observation, style: Style) -> list[str]:
    """The deal announced: the dealer, the cards each, the table."""
    rules = obs.rules
    game = _game_name(rules, style)
    start = obs.start
    if start is not None and not obs.history:  # the round entered from the table, as it lies
        one = style.gettext(", build [{cards}] = {value}")
        builds = "".join(one.format(cards="+".join(style.card(c) for c in b.cards), value=b.value) for b in obs.builds)
        loose = style.cards(obs.table) if obs.table else style.gettext("no loose cards")
        taken = style.pgettext("list", ", ").join(
            f"{sides_text(seats, -1, style)} {obs.captured_counts[side]}" for side, seats in enumerate(obs.sides)
        )
        text = style.gettext(
            "round {round} ({game}), dealt by seat {dealer}, taken up from the table in deal {deal} after "
            "{plays} plays: {loose} on the table{builds}; cards taken: {taken}"
        )
        return [
            text.format(
                round=obs.round_no + 1,
                game=game,
                dealer=obs.dealer,
                deal=obs.deal_no + 1,
                plays=start.plays,
                loose=loose,
                builds=builds,
                taken=taken,
            )
        ]
    table = style.cards(obs.table) if obs.table else style.gettext("nothing")
    text = style.gettext("round {round} ({game}): seat {dealer} deals {count} cards each and {table} to the table")
    return [text.format(round=obs.round_no + 1, game=game, dealer=obs.dealer, count=rules.hand_size, table=table)]


def display(text: str) -> str:
    """A move's or an event's text for a screen: each card with its suit symbol (``10♠ x 4♠+6♠``)."""
    return labelled_text(text, PACK)


def _card_points(n: int) -> Message:
    return Message.counted("{count} card point", "{count} card points", n)


def explain(obs: Observation, move: object) -> tuple[str, ...]:
    """
    What a seat sees in *move*, for a hint: what a capture's cards are worth, the card it keeps in
    hand to take its build, or the card worth most that it keeps for later when it trails.
    """
    if isinstance(move, Capture):
        worth = sum(_CARD_POINTS[c] for c in (move.card, *move.taken))
        said = Message.counted(
            "the capture's {count} card is worth {points}",
            "the capture's {count} cards are worth {points}",
            len(move.taken) + 1,
            points=_card_points(worth),
        )
        return (Sentence(said),)
    if isinstance(move, Build):
        takers = [c for c in obs.hand if c != move.card and move.value in _hand_values(obs.rules, c)]
        if takers:
            said = Message(
                "it keeps {card} in hand to take the build of {value} later", card=takers[0], value=move.value
            )
            return (Sentence(said),)
    elif isinstance(move, Trail):
        kept = [c for c in obs.hand if c != move.card and _CARD_POINTS[c] > 0]
        if kept:
            best = max(kept, key=lambda c: _CARD_POINTS[c])
            return (
                Sentence(
                    Message("it keeps {card} ({points}) for later", card=best, points=_card_points(_CARD_POINTS[best]))
                ),
            )
    return ()
