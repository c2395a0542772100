"""Rules: every rule a game enforces or scores has a permanent dotted id."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from cardrules._words import Items, Message, Number, Rule, Sentence, Translations
from cardrules.cards import CardName, card_words

__all__ = [
    "CardName",
    "Items",
    "Message",
    "Number",
    "Reason",
    "Rule",
    "RuleBook",
    "Sentence",
    "Translations",
    "Violation",
    "card_words",
]


def _as_message(reason: str | Message) -> Message:
    return reason if isinstance(reason, Message) else Message(reason)


@attrs.frozen
class _Ruling:
    """A rule and what it says of one move, in player words: the shape of a :class:`Violation` and a :class:`Reason`."""

    rule: Rule
    message: Message = attrs.field(converter=_as_message)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return str(self.message)

    def __str__(self) -> str:
        return f"[{self.rule.id}] {self.reason}"


@attrs.frozen
class Violation(_Ruling):
    """
    Why a move is illegal: the rule it breaks and the reason in player words.

    Returned by a game's ``check_move``; :class:`~cardrules.IllegalMoveError`
    carries the same two pieces.

    Attributes:
        rule: The rule the move breaks.
        message: The reason as a :class:`~cardrules.rules.Message` (given as text, a message without parameters),
            which :func:`cardrules.i18n.render` writes in any language.
    """


@attrs.frozen
class Reason(_Ruling):
    """
    Why a legal move is legal under one rule: a rule that could have refused it and why it does
    not here, or the rule that allows it. A game's ``reasons`` gives them, the verdict's
    counterpart of a :class:`Violation`.

    Attributes:
        rule: The rule.
        message: Why, in player words, as a :class:`~cardrules.rules.Message`, which
            :func:`cardrules.i18n.render` writes in any language.
    """


def _as_rules(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    return tuple(rules)


@attrs.frozen
class RuleBook(Mapping[str, Rule]):
    """The rules of one game, in the order of play, by id."""

    game: str
    _rules: tuple[Rule, ...] = attrs.field(converter=_as_rules)
    _by_id: dict[str, Rule] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        by_id: dict[str, Rule] = {}
        for r in self._rules:
            if not r.id.startswith(self.game + ".") or r.id in by_id:
                raise ValueError(f"bad or repeated rule id {r.id!r} in {self.game}")
            by_id[r.id] = r
        object.__setattr__(self, "_by_id", by_id)

    def __getitem__(self, key: str) -> Rule:
        return self._by_id[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)


def _book(game: str, rules: Iterable[tuple[str, str, str, str]]) -> RuleBook:
    """Build a rule book from ``(id, title, text, source)`` rows."""
    return RuleBook(game, [Rule(*row) for row in rules])


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
