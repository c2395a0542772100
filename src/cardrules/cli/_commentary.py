"""
What the terminal says as a match goes on, for ``play`` and ``demo``: each move's events, each deal
announced, each round's breakdown table by rule after its last move, and the match end in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardrules._kit.style import Style, visible_len
from cardrules.engine import Event, Game, RoundScore, Score

__all__ = ["Commentary", "breakdown", "match_words", "side_name"]


def side_name(seats: Sequence[int], me: int | None = None) -> str:
    """``seat 1``, ``seats 0+2``, with ``(you)`` when *me* sits there."""
    text = ("seat " if len(seats) == 1 else "seats ") + "+".join(map(str, seats))
    return text + (" (you)" if me is not None and me in seats else "")


def _seats_words(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def match_words(score: Score, me: int | None = None) -> str:
    """The end of a match in words: ``seats 1 and 3 win the match 35 to 28``."""
    w = score.winner
    assert w is not None
    seats = score.sides[w]
    others = [i for i in range(len(score.sides)) if i != w]
    if len(score.sides) == 2:
        figures = f"{score.match[w]} to {score.match[others[0]]}"
    else:
        rest = ", ".join(f"{_seats_words(score.sides[i])} {score.match[i]}" for i in others)
        figures = f"with {score.match[w]} ({rest})"
    if me is None:
        verb = "wins" if len(seats) == 1 else "win"
        return f"{_seats_words(seats)} {verb} the match {figures}"
    if me in seats:
        partners = [s for s in seats if s != me]
        who = "you" if not partners else f"you and {_seats_words(partners)}"
        return _upper_first(f"{who} win the match {figures}")
    verb = "wins" if len(seats) == 1 else "win"
    return _upper_first(f"{_seats_words(seats)} {verb} the match {figures}: you lose")


def breakdown(
    title: str,
    result: RoundScore,
    sides: Sequence[Sequence[int]],
    me: int | None,
    width: int,
    match: Sequence[int] | None = None,
    titles: Mapping[str, Any] | None = None,
) -> list[str]:
    """
    A round's score as a table by rule: one row per rule (with its id when the table fits *width*),
    one column per side, then what the round scored and, given *match*, the match so far. A rule
    whose items have several labels (Mulle's mulles, one per card) is one row, named by its title
    in *titles* (a rule book).
    """
    heads = [side_name(s, me) for s in sides]
    labels_of: dict[str, set[str]] = {}
    for item in result.items:
        labels_of.setdefault(item.rule, set()).add(item.label)

    def name(rule: str, label: str) -> str:
        if len(labels_of[rule]) > 1 and titles is not None and rule in titles:
            return str(titles[rule].title).lower()
        return label

    rows: dict[tuple[str, str], list[int | str | None]] = {}
    for item in result.items:
        key = (name(item.rule, item.label), item.rule)
        rows.setdefault(key, [None] * len(sides))
        cell = rows[key]
        had = cell[item.side]
        cell[item.side] = (had if isinstance(had, int) else 0) + item.points
    for item in result.unknown:  # the pieces that cards nobody has shown decide: "?"
        label = item.label.split(" of the ")[0] + " of the cards not shown" if " of the " in item.label else item.label
        key = (label, item.rule)
        rows.setdefault(key, [None] * len(sides))[item.side] = "?"
    scored = "scored this round" + (", known" if result.unknown else "")
    totals: list[tuple[str, Sequence[int | str | None]]] = [(scored, result.points)]
    if match is not None:
        totals.append(("match so far", match))
    col = max([5, *map(len, heads)])

    def table(with_ids: bool) -> list[str]:
        labels = [f"{label} ({rule})" if with_ids else label for label, rule in rows]
        first = max([len(title), *(2 + len(t) for t in labels), *(2 + len(t) for t, _ in totals)])
        out = [title.ljust(first) + "".join(f"  {h:>{col}}" for h in heads)]
        for label, values in [*zip(labels, rows.values(), strict=True), *totals]:
            cells = "".join(f"  {'-' if v is None else v:>{col}}" for v in values)
            out.append(f"  {label}".ljust(first) + cells)
        return out

    lines = table(with_ids=True)
    if max(map(visible_len, lines)) > width:
        lines = table(with_ids=False)
    return lines


class Commentary:
    """
    The narration of one match, as lines of text: *me* is the person's seat in ``play`` (whose
    view the deals are announced from, and who is "you"), ``None`` in a demo (seat 0's view).
    """

    def __init__(self, game: Game[Any, Any, Any, Any], style: Style, me: int | None, width: int) -> None:
        self.game = game
        self.style = style
        self.me = me
        self.width = width

    def _text(self, text: str) -> str:
        if self.me is not None:
            text = text.replace(f"seat {self.me} ", f"seat {self.me} (you) ", 1)
        return self.style.text(text, self.game.spec.pack)

    def deal(self, state: Any) -> list[str]:
        """The deal in progress announced, as the person's seat (or seat 0) sees it."""
        spec = self.game.spec
        if spec.deal_text is None:
            return []
        view = self.game.observe(state, 0 if self.me is None else self.me)
        return [self._text(line) for line in spec.deal_text(view, self.style)]

    def events(self, before: Any, move: Any, after: Any) -> tuple[Event, ...]:
        """The game's events for a move, or one made up of the move's notation."""
        game = self.game
        if game.spec.events is not None:
            return game.spec.events(before, move, after)
        seat = game.to_move(before)
        return (Event("play", "", seat, (), 0, f"seat {seat} plays {game.format_move(before, move)}"),)

    def move(self, before: Any, move: Any, after: Any) -> tuple[list[str], list[str]]:
        """
        What a move did: its own events, then (a round just ended) the round's table, and the match
        end or the next deal.
        """
        game = self.game
        events = self.events(before, move, after)
        done = game.score(before).rounds
        score = game.score(after)
        if len(score.rounds) == len(done):
            return [self._text(e.text) for e in events], []
        kinds = [e.kind for e in events]
        end = kinds.index("round") if "round" in kinds else len(events)
        deal = next((i for i in range(end, len(events)) if kinds[i] == "deal"), len(events))
        own = [self._text(e.text) for e in events[:end]]
        extra = [self._text(e.text) for e in events[end:deal] if e.kind not in ("round", "match")]
        number = len(score.rounds)
        so_far = [sum(r.points[i] for r in score.rounds) for i in range(len(score.sides))]
        title = f"round {number} is over:"
        table = breakdown(title, score.rounds[-1], score.sides, self.me, self.width, so_far, game.spec.rulebook)
        lines = ["", *extra, *table]
        if score.winner is not None:
            lines.append(match_words(score, self.me) + ".")
        elif game.spec.deal_text is not None:
            lines.extend(self.deal(after))  # the game's own announcement (bonus included)
        else:
            lines.extend(self._text(e.text) for e in events[deal:])
        return own, lines
