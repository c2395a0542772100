"""
The shapes every game's results share: its legal moves (:class:`LegalMoves`, :class:`TupleMoves`),
its score (:class:`Score`, :class:`RoundScore`, :class:`ScoreItem`) and what a move did
(:class:`Event`), with the type variables of the generic layer. Documented as ``cardrules.engine``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final, TypeVar, overload

import attrs

from cardrules.cards import Card
from cardrules.rules import Message

__all__ = [
    "Event",
    "LegalMoves",
    "MoveT",
    "ObservationT",
    "RoundScore",
    "RulesetT",
    "Score",
    "ScoreItem",
    "StateT",
    "TupleMoves",
]

_ENGINE: Final = "cardrules.engine"
"""The public module of everything here (its ``__module__``, for pickles, references and messages)."""

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT")
RulesetT = TypeVar("RulesetT")
ObservationT = TypeVar("ObservationT")


class LegalMoves(Sequence[MoveT]):
    """
    The legal moves of a position: a read-only sequence in a fixed order.

    It may be produced lazily (a Mulle table can allow exponentially many captures), so use
    ``move in moves`` rather than scanning, ``bool(moves)`` rather than ``len(moves) > 0``, and
    :meth:`sample` for a random move: all three are decided by the rules without listing every move.
    """

    __module__ = _ENGINE

    __slots__ = ()

    def sample(self, rng: random.Random) -> MoveT:
        """
        A legal move chosen at random by *rng* (uniformly unless the game's documentation says otherwise).

        Raises:
            IndexError: If there is no legal move (the match is over).
        """
        if not self:
            raise IndexError("no legal move: the match is over")
        return self[rng.randrange(len(self))]


class TupleMoves(LegalMoves[MoveT]):
    """
    Legal moves backed by a tuple: what a game with few moves a position returns
    (``TupleMoves((Play(c) for ...))``; the trick games and plugins use it).
    """

    __module__ = _ENGINE

    __slots__ = ("_moves",)

    def __init__(self, moves: tuple[MoveT, ...]) -> None:
        self._moves = moves

    @overload
    def __getitem__(self, index: int) -> MoveT: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[MoveT]: ...
    def __getitem__(self, index: int | slice) -> MoveT | Sequence[MoveT]:
        return self._moves[index]

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[MoveT]:
        return iter(self._moves)

    def __contains__(self, move: object) -> bool:
        return move in self._moves

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._moves)

    def __repr__(self) -> str:
        return f"LegalMoves({list(self._moves)!r})"

    def sample(self, rng: random.Random) -> MoveT:
        moves = self._moves
        if not moves:
            raise IndexError("no legal move: the match is over")
        return rng.choice(moves)  # uniform: randrange's draw


@attrs.frozen
class ScoreItem:
    """
    One labelled piece of a round's score.

    Attributes:
        side: Index into :attr:`Score.sides`.
        rule: The rule id that awards it.
        label: Plain words, such as ``"card points"``. The built-in games give a
            :class:`~cardrules.rules.Sentence`: the English text, keeping its message, which
            :func:`cardrules.i18n.render` writes in any language (a label read back from JSON or
            a position is plain text, shown as it is).
        points: The points (negative for a deduction).
    """

    __module__ = _ENGINE

    side: int
    rule: str
    label: str
    points: int


@attrs.frozen
class RoundScore:
    """
    The breakdown of one round.

    Attributes:
        tally: The round's own count per side, as the game counts it (Mililla: card and trick
            points, 70 in all; Mulle: points; Charlemagne: tricks won).
        points: Match points this round added per side, bonuses included.
        items: The labelled pieces behind ``tally`` and ``points``.
        complete: Whether the round has ended (``False`` for a running tally).
        unknown: The pieces that cards nobody has shown decide, so that their points are not
            known (a Mulle position that gives a captured pile only by its size, ``taken=?12``):
            each names its side, rule and label, with 0 points, and counts in neither ``tally``
            nor ``points``, which then hold only what is known. Empty when every piece is known.
    """

    __module__ = _ENGINE

    tally: tuple[int, ...]
    points: tuple[int, ...]
    items: tuple[ScoreItem, ...] = ()
    complete: bool = True
    unknown: tuple[ScoreItem, ...] = ()


@attrs.frozen
class Score:
    """
    The score of a match.

    Attributes:
        sides: The seats of each side; ``((0, 2), (1, 3))`` for partnerships.
        match: Match points per side.
        round: The round in progress (a running tally, ``complete`` false), or the last round once the
            match is over.
        rounds: Every completed round, in order.
        winner: The index of the winning side once the match is over, else ``None``.
    """

    __module__ = _ENGINE

    sides: tuple[tuple[int, ...], ...]
    match: tuple[int, ...]
    round: RoundScore | None
    rounds: tuple[RoundScore, ...]
    winner: int | None


@attrs.frozen
class Event:
    """
    Something that happened when a move was applied, for a front end to show or a replay to narrate.

    Attributes:
        kind: What happened: ``"play"``, ``"capture"``, ``"mulle"``, ``"tabbe"``, ``"build"``,
            ``"trail"``, ``"trick"``, ``"bid"``, ``"pass"``, ``"contract"``, ``"trump"``,
            ``"discard"``, ``"deal"``, ``"round"``, ``"match"``, and so on; each game documents its kinds.
        rule: The id of the rule that produced it.
        seat: The seat it concerns, if any.
        cards: The cards it concerns.
        points: Points it scores, if any.
        text: One sentence in player words (English).
        message: The same sentence as a :class:`~cardrules.rules.Message` (its template and
            parameters: seats, cards, points), which :func:`cardrules.i18n.render` writes in any
            language; ``str(message)`` is *text*. The built-in games give every event one; when
            none is given, it is *text* as a message without parameters (shown as it is in every
            language). Events compare by their other fields, as before.
    """

    __module__ = _ENGINE

    kind: str
    rule: str
    seat: int | None
    cards: tuple[Card, ...]
    points: int
    text: str
    message: Message = attrs.field(
        default=attrs.Factory(lambda self: Message(self.text), takes_self=True), eq=False, repr=False
    )


for _public in (MoveT, StateT, RulesetT, ObservationT):
    _public.__module__ = _ENGINE
del _public
