"""The optional capability bundles of a :class:`~cardrules.GameSpec`, read through ``cardrules.engine``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, TypeVar

import attrs

from cardrules.rl._learning import ActionEncoding, CandidateEncoding, FactoredEncoding, TensorLayout

if TYPE_CHECKING:
    from cardrules.engine import LegalMoves

__all__ = ["LastRole", "Learning", "Positions", "TerminalViews"]

LastRole: TypeAlias = Literal["add", "close", "take", "extend"]
"""What the terminal's ``last`` command does with an event's words (see :attr:`TerminalViews.last_events`)."""

StateT = TypeVar("StateT")
RulesetC = TypeVar("RulesetC", contravariant=True)
ObservationC = TypeVar("ObservationC", contravariant=True)


class TerminalViews(Protocol[RulesetC, ObservationC]):
    """
    How a terminal shows one game: the optional ``terminal`` of its :class:`GameSpec`. A game's
    ``_view`` module is one (a module with these functions is such an object).
    """

    def view(self, observation: ObservationC, style: Any, /) -> list[str]:
        """The observation as lines of terminal text, in a ``cardrules`` terminal style."""

    def help_text(self, rules: RulesetC, style: Any = None, /) -> list[str]:
        """
        The terminal's help for the ruleset: the notation and the card values (in the language of
        *style*, a ``cardrules`` terminal style; English without one). The terminal adds where the
        rules are written, from the spec's ``rules_page``.
        """

    def deal_text(self, observation: ObservationC, style: Any, /) -> list[str]:
        """The announcement of a deal (trump, turn-up, bonus), for the seat observing it."""

    def move_list(self, legal_moves: LegalMoves[Any], limit: int, /) -> tuple[list[Any], int | None]:
        """The moves a terminal numbers: at most *limit*, and how many more (``None``: slow to count)."""

    @property
    def hint_events(self) -> frozenset[str]:
        """
        The kinds of :class:`~cardrules.Event` a hint may describe, those the move itself shows the
        table at once (never a card dealt or drawn after it).
        """

    @property
    def last_events(self) -> Mapping[str, LastRole]:
        """
        What the terminal's ``last`` command remembers of each kind of :class:`~cardrules.Event`
        (the last trick or capture): ``"add"`` puts the event's words into the group in progress
        (a card played to a trick), ``"close"`` adds them and makes that group the last one (the
        trick taken), ``"take"`` makes them alone the last group (a capture), ``"extend"`` adds them
        to the last group (what the capture also scored). Kinds not named are not remembered.
        """

    def explain(self, observation: ObservationC, move: Any, /) -> tuple[str, ...]:
        """A hint's reasons for *move* that only the game can give (the trick, the card kept), from *observation*."""


class Positions(Protocol[StateT, RulesetC]):
    """
    The body of a game's position notation, both ways (see :doc:`/formats`): the optional
    ``positions`` of its :class:`GameSpec`. A game's ``_position`` module is one.
    """

    def position(self, state: StateT, seat: int | None, /) -> str:
        """The fields after ``p1`` and the ruleset; with *seat*, the hands it cannot see by their size only."""

    def from_position(self, rules: RulesetC, body: str, /) -> StateT:
        """The state the fields describe, which :meth:`cardrules.Game.from_position` then checks."""


@attrs.frozen(kw_only=True)
class Learning:
    """
    What the learning environments of ``cardrules.rl`` need of one game (see :doc:`/rl`): the
    optional ``learning`` of its :class:`GameSpec`.

    Attributes:
        encoding: The numbering of the moves.
        tensor: The flat layout of an observation.
        candidates: A second, optional encoding of the moves as top-K candidates with features.
    """

    encoding: ActionEncoding | FactoredEncoding
    tensor: TensorLayout
    candidates: CandidateEncoding | None = None
