"""
What the terminal says as a match goes on, for ``play`` and ``demo``: each move's events, each deal
announced, each round's breakdown table by rule after its last move, and the match end in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardrules._kit.style import Style, sides_text, visible_len
from cardrules.engine import Event, Game, RoundScore, Score
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, render, rule_text
from cardrules.rules import Message, Sentence, Violation

__all__ = [
    "Commentary",
    "breakdown",
    "event_text",
    "match_words",
    "reason_text",
    "said",
    "side_name",
    "table_seats",
]

_ENGLISH = Style()


def said(obj: Message | Sentence | Event | Violation | CardrulesError, lang: str) -> str:
    """
    *obj* written in *lang* for the terminal: the one function that writes a message there, its cards
    in notation in every language (:meth:`Style.text` then draws them with suit symbols where the
    terminal can), as the moves are written.
    """
    return render(obj, lang, cards="notation")


def event_text(event: Event, style: Style = _ENGLISH) -> str:
    """
    What the terminal says of *event*, in *style*'s language: the one place where the narration's
    words are chosen. An event that carries a :class:`~cardrules.rules.Message` (as ``message``) is
    rendered in the language; one with text only is said as it is.
    """
    message = getattr(event, "message", None)
    if isinstance(message, Message):
        return said(message, style.lang)
    return event.text


def reason_text(reason: str | Message, style: Style = _ENGLISH) -> str:
    """A hint's reason (:func:`cardrules.bots.advise`) in *style*'s language: a message rendered, a text as it is."""
    if isinstance(reason, (Message, Sentence)):
        return said(reason, style.lang)
    return reason


def label_text(label: str, lang: str) -> str:
    """A score item's label in *lang*: a :class:`~cardrules.rules.Sentence` rendered, plain text as it is."""
    return said(label, lang) if isinstance(label, Sentence) else label


def table_seats(game: Game[Any, Any, Any, Any], state: Any) -> list[int]:
    """The seats at the table of *state*, in order: every side's."""
    return sorted(s for side in game.score(state).sides for s in side)


def side_name(seats: Sequence[int], me: int | None = None, style: Style = _ENGLISH) -> str:
    """``seat 1``, ``seats 0+2``, with ``(you)`` when *me* sits there."""
    return sides_text(seats, -1 if me is None else me, style)


def _seats_words(seats: Sequence[int], style: Style) -> str:
    if len(seats) == 1:
        return style.pgettext("sentence", "seat {seat}").format(seat=seats[0])
    text = style.gettext("seats {seats} and {last}")
    return text.format(seats=style.pgettext("list", ", ").join(map(str, seats[:-1])), last=seats[-1])


def match_words(score: Score, me: int | None = None, style: Style = _ENGLISH) -> str:
    """The end of a match in words: ``seats 1 and 3 win the match 35 to 28``."""
    w = score.winner
    assert w is not None
    seats = score.sides[w]
    others = [i for i in range(len(score.sides)) if i != w]
    if len(score.sides) == 2:
        figures = style.gettext("{points} to {other}").format(points=score.match[w], other=score.match[others[0]])
    else:
        one = style.gettext("{side} {points}")
        rest = style.pgettext("list", ", ").join(
            one.format(side=_seats_words(score.sides[i], style), points=score.match[i]) for i in others
        )
        figures = style.gettext("with {points} ({rest})").format(points=score.match[w], rest=rest)
    if me is None:
        if len(seats) == 1:
            text = style.gettext("{seats} wins the match {figures}")
        else:
            text = style.gettext("{seats} win the match {figures}")
        return text.format(seats=_seats_words(seats, style), figures=figures)
    if me in seats:
        partners = [s for s in seats if s != me]
        if not partners:
            return style.gettext("You win the match {figures}").format(figures=figures)
        text = style.gettext("You and {seats} win the match {figures}")
        return text.format(seats=_seats_words(partners, style), figures=figures)
    if len(seats) == 1:
        text = style.gettext("{seats} wins the match {figures}: you lose")
    else:
        text = style.gettext("{seats} win the match {figures}: you lose")
    return _upper_first(text.format(seats=_seats_words(seats, style), figures=figures))


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def breakdown(
    title: str,
    result: RoundScore,
    sides: Sequence[Sequence[int]],
    me: int | None,
    width: int,
    match: Sequence[int] | None = None,
    titles: Mapping[str, Any] | None = None,
    style: Style = _ENGLISH,
) -> list[str]:
    """
    A round's score as a table by rule: one row per rule (with its id when the table fits *width*),
    one column per side, then what the round scored and, given *match*, the match so far. A rule
    whose items have several labels (Mulle's mulles, one per card) is one row, named by its title
    in *titles* (a rule book).
    """
    heads = [side_name(s, me, style) for s in sides]
    labels_of: dict[str, set[str]] = {}
    for item in result.items:
        labels_of.setdefault(item.rule, set()).add(item.label)

    def name(rule: str, label: str) -> str:
        # a rule of several labels is one row, named by its title; a label kept as a message (the
        # built-in games') is written in the language, as is a plain label of a plug-in game in English
        if titles is not None and rule in titles:
            if len(labels_of[rule]) > 1 or (style.lang != DEFAULT and not isinstance(label, Sentence)):
                return rule_text(titles[rule], style.lang)[0].lower()
        return label_text(label, style.lang)

    rows: dict[tuple[str, str], list[int | str | None]] = {}
    for item in result.items:
        key = (name(item.rule, item.label), item.rule)
        rows.setdefault(key, [None] * len(sides))
        cell = rows[key]
        had = cell[item.side]
        cell[item.side] = (had if isinstance(had, int) else 0) + item.points
    for item in result.unknown:  # the pieces that cards nobody has shown decide: "?"
        label = item.label
        if isinstance(label, Sentence):
            label = label_text(label, style.lang)
        elif " of the " in label:
            label = style.gettext("{label} of the cards not shown").format(label=label.split(" of the ")[0])
        key = (label, item.rule)
        rows.setdefault(key, [None] * len(sides))[item.side] = "?"
    scored = style.gettext("scored this round, known") if result.unknown else style.gettext("scored this round")
    totals: list[tuple[str, Sequence[int | str | None]]] = [(scored, result.points)]
    if match is not None:
        totals.append((style.gettext("match so far"), match))
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

    def _text(self, text: str | Event) -> str:
        if isinstance(text, Event):
            text = event_text(text, self.style)
        if self.me is not None:
            text = text.replace(f"seat {self.me} ", f"seat {self.me} (you) ", 1)
        return self.style.text(text, self.game.spec.pack)

    def deal(self, state: Any) -> list[str]:
        """The deal in progress announced, as the person's seat (or seat 0) sees it."""
        terminal = self.game.spec.terminal
        if terminal is None:
            return []
        view = self.game.observe(state, 0 if self.me is None else self.me)
        return [self._text(line) for line in terminal.deal_text(view, self.style)]

    def events(self, before: Any, move: Any, after: Any) -> tuple[Event, ...]:
        """The game's events for a move, or one made up of the move's notation."""
        game = self.game
        if game.spec.events is not None:
            return game.spec.events(before, move, after)
        seat = game.to_move(before)
        text = self.style.gettext("seat {seat} plays {move}").format(seat=seat, move=game.format_move(before, move))
        return (Event("play", "", seat, (), 0, text),)

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
            return [self._text(e) for e in events], []
        kinds = [e.kind for e in events]
        end = kinds.index("round") if "round" in kinds else len(events)
        deal = next((i for i in range(end, len(events)) if kinds[i] == "deal"), len(events))
        own = [self._text(e) for e in events[:end]]
        extra = [self._text(e) for e in events[end:deal] if e.kind not in ("round", "match")]
        number = len(score.rounds)
        so_far = [sum(r.points[i] for r in score.rounds) for i in range(len(score.sides))]
        title = self.style.gettext("round {number} is over:").format(number=number)
        rulebook = game.spec.rulebook
        table = breakdown(title, score.rounds[-1], score.sides, self.me, self.width, so_far, rulebook, self.style)
        lines = ["", *extra, *table]
        if score.winner is not None:
            lines.append(match_words(score, self.me, self.style) + ".")
        elif game.spec.terminal is not None:
            lines.extend(self.deal(after))  # the game's own announcement (bonus included)
        else:
            lines.extend(self._text(e) for e in events[deal:])
        return own, lines
