"""The words of the terminal table: its commands, "did you mean", filters of the move list, the rules."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

from cardrules._kit.style import Style
from cardrules.cli._rules import cited_lines
from cardrules.engine import Game
from cardrules.i18n import rule_text

__all__ = [
    "COMMANDS",
    "command_help",
    "command_summary",
    "did_you_mean",
    "matches_filter",
    "rule_lines",
    "rules_pointer",
    "tokens",
]

COMMANDS: Final = {
    "help": "the notation, the card values and where the rules are (also ?)",
    "moves": "the numbered moves again; 'moves CARD' lists the moves with that card",
    "more": "the next page of moves ('more' again goes on; 'moves' starts over)",
    "hint": "the move the hard bot would make in your place, what it does at once, and why",
    "why": "'why MOVE' (a number or notation): which rules allow that move here, or which one refuses it",
    "score": "the score by rule: this round so far and the rounds played",
    "last": "the last trick or the last capture",
    "rules": "the rule ids; 'rules ID' shows one rule",
    "undo": "take back your last move (and the computer's moves after it)",
    "quit": "leave the game (also q)",
}
"""The commands at the table, with what each does, in the order ``help`` lists them."""

_ENGLISH: Final = Style()


def _described(style: Style) -> dict[str, str]:
    """What each command does, in *style*'s language (:data:`COMMANDS` is the English)."""
    return {
        "help": style.gettext("the notation, the card values and where the rules are (also ?)"),
        "moves": style.gettext("the numbered moves again; 'moves CARD' lists the moves with that card"),
        "more": style.gettext("the next page of moves ('more' again goes on; 'moves' starts over)"),
        "hint": style.gettext("the move the hard bot would make in your place, what it does at once, and why"),
        "why": style.gettext(
            "'why MOVE' (a number or notation): which rules allow that move here, or which one refuses it"
        ),
        "score": style.gettext("the score by rule: this round so far and the rounds played"),
        "last": style.gettext("the last trick or the last capture"),
        "rules": style.gettext("the rule ids; 'rules ID' shows one rule"),
        "undo": style.gettext("take back your last move (and the computer's moves after it)"),
        "quit": style.gettext("leave the game (also q)"),
    }


ALIASES: Final = {"?": "help", "h": "help", "q": "quit", "exit": "quit", "m": "moves", "n": "more"}

_WORD: Final = re.compile(r"[0-9A-Za-z]+")
_NUMBERED: Final = re.compile(r"([a-z]+)([0-9]{1,6})")
"""A command or move of a word and a number, spaces aside: ``bid5``."""


def command_help(card: str, rule: str, style: Style = _ENGLISH) -> list[str]:
    """The commands, one a line, then examples with a *card* of the hand and a *rule* id of the game."""
    return [
        style.gettext("Commands: a move's number, or its notation, or one of:"),
        *(f"  {name:<6} {what}" for name, what in _described(style).items()),
        style.gettext("  For example: 'moves {card}', 'rules {rule}'.").format(card=card, rule=rule),
    ]


def rules_pointer(game: str, page: str | None, style: Style = _ENGLISH, command: str | None = None) -> list[str]:
    """
    Where the rules of the game titled *game* are written, as ``help`` says it: the *command* that
    prints the players' page (``cardrules rules mulle``), else the documentation (its *page*, if it names one).
    """
    if command is not None:
        head = style.gettext("Rules of {game}: {command} prints them (one rule: --rule ID);")
        return [head.format(game=game, command=command), style.gettext("  'rules' here lists the rule ids.")]
    head = style.gettext("Rules: the {game} page of the cardrules documentation").format(game=game)
    if page is None:
        return [head, style.gettext("  'rules' lists the rule ids.")]
    return [head, style.gettext("  ({page}); 'rules' lists the rule ids.").format(page=page)]


def command_summary(card: str, rule: str, style: Style = _ENGLISH) -> list[str]:
    """The commands in two lines, as ``help`` ends (``help commands`` gives :func:`command_help`)."""
    return [
        style.gettext("Type a move's number or notation, or: help, moves [CARD], more, hint, score,"),
        style.gettext("  last, rules [ID], undo, quit ('help commands' says what each does; for"),
        style.gettext("  example 'moves {card}', 'rules {rule}').").format(card=card, rule=rule),
    ]


def tokens(text: str) -> list[str]:
    """The words of *text*, upper-cased (``9H x 4S+5C``: ``9H``, ``X``, ``4S``, ``5C``)."""
    return [w.upper() for w in _WORD.findall(text)]


def matches_filter(notation: str, wanted: Sequence[str]) -> bool:
    """Whether every word of *wanted* is a word of the move's *notation*."""
    have = tokens(notation)
    return all(w in have for w in wanted)


def did_you_mean(text: str, notations: Iterable[str]) -> list[str]:
    """
    The commands and move notations closest to *text* (spaces and case aside), best first; for a
    word and a number (``bid 4``), the same word with the nearest numbers first.
    """
    words = {name: name for name in COMMANDS}
    for n in notations:
        words.setdefault(n.lower().replace(" ", ""), n)
    key = text.lower().replace(" ", "")
    if key in words:  # the same but for spaces: 'bid5' is 'bid 5'
        return [words[key]]
    found = difflib.get_close_matches(key, list(words), n=3, cutoff=0.6)
    typed = _NUMBERED.fullmatch(key)
    if typed is not None:  # 'bid 4': the nearest numbers first ('bid 5' before 'bid 8')
        same = [w for w in words if (m := _NUMBERED.fullmatch(w)) is not None and m.group(1) == typed.group(1)]
        near = sorted(same, key=lambda w: abs(int(w[len(typed.group(1)) :]) - int(typed.group(2))))[:3]
        found = near + [f for f in found if f not in near][: max(0, 3 - len(near))]
    return [words[f] for f in found]


_PROJECT_PAGE: Final = "rulings page"


def source_text(source: str, style: Style = _ENGLISH) -> str:
    """
    A rule's source in *style*'s language: the published texts cited as they are published (title,
    publisher, section), the project's rulings page in the language's words, and the separator the
    language writes (``;`` or Arabic ``؛``).
    """
    parts = [style.gettext("rulings page") if part == _PROJECT_PAGE else part for part in source.split("; ")]
    return style.pgettext("list", "; ").join(parts)


def rule_lines(game: Game[Any, Any, Any, Any], wanted: str, style: Style = _ENGLISH) -> list[str]:
    """``rules``: every rule id with its title; ``rules ID``: that rule, or the ids that come close."""
    book = game.spec.rulebook
    if not wanted:
        return [style.gettext("The rules of this game (type 'rules ID' for one):")] + [
            f"  {rule.id}: {rule_text(rule, style.lang)[0]}" for rule in book.values()
        ]
    key = wanted.strip().lower()
    if key in book:
        rule = book[key]
        title, text = rule_text(rule, style.lang)
        cited = cited_lines(game.spec.name, rule.id, style.lang)  # its source as the players' page says it
        if cited is None:
            source = style.gettext("  Source: {source}").format(source=source_text(rule.source, style))
            return [f"{rule.id}: {title}", f"  {text}", source]
        return [f"{rule.id}: {title}", f"  {text}", *(f"  {line}" for line in cited)]
    near = [i for i in book if key in i] or difflib.get_close_matches(key, list(book), n=5, cutoff=0.5)
    if not near:
        text = style.gettext("There is no rule {wanted} in {game}; 'rules' lists them.")
        return [text.format(wanted=repr(wanted), game=game.spec.title)]
    if len(near) == 1:
        return rule_lines(game, near[0], style)
    text = style.gettext("No rule is called {wanted}; did you mean: {ids}?")
    return [text.format(wanted=repr(wanted), ids=", ".join(near[:8]))]
