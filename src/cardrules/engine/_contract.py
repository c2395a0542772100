"""
The game contract: :class:`GameSpec`, what a game gives, and :class:`Game`, a game with its ruleset
chosen, which checks the kind of every state it is given. Documented as ``cardrules.engine``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic

import attrs

from cardrules import _messages
from cardrules._options import format_ruleset, ruleset_from_text
from cardrules.cards import Card, Pack
from cardrules.engine._bundles import DemoDeal, Heuristic, Positions, TerminalViews
from cardrules.engine._learning import Learning
from cardrules.engine._shapes import _ENGINE, Event, LegalMoves, MoveT, ObservationT, RulesetT, Score, StateT
from cardrules.errors import (
    CardrulesError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnsupportedError,
)
from cardrules.rules import Items, Message, Reason, RuleBook, Violation

__all__ = ["Game", "GameSpec", "split_position"]


@attrs.frozen(kw_only=True)
class GameSpec(Generic[StateT, MoveT, RulesetT, ObservationT]):
    """
    Everything a generic caller needs to run one game: bots, records and the command line use only
    this. Each game package defines one as ``GAME``; the registry finds games through the
    ``cardrules.games`` entry points (:doc:`/howto/add-a-game`, which describes every field).

    The required core is the game's identity and its functions (``new_game`` takes the ruleset
    first, the others a state, which carries its ruleset). The optional capabilities may be
    ``None``, and the generic code then does without: ``terminal``, ``positions``, ``learning`` and
    ``heuristic`` are bundles (:class:`~cardrules.engine.TerminalViews`,
    :class:`~cardrules.engine.Positions`, :class:`~cardrules.engine.Learning`,
    :class:`~cardrules.engine.Heuristic`); ``round_deck``, ``new_round`` and ``deck_from_deal`` deal from a given
    deck or a deal seen at a real table; ``events`` and ``refusals`` narrate and explain;
    ``reasons`` says why a legal move is legal (each rule that could have refused it, and why it
    does not here, as :class:`~cardrules.Reason` objects);
    ``sample_state`` makes a full state consistent with an observation and with its
    ``inferences`` (what the round's public play proves of the hidden hands, as
    :class:`cardrules.Inference` objects); ``picture`` draws an
    observation as an SVG table (each face-up card an element with ``data-card`` and an
    ``aria-label``); ``display(text)`` writes a move's or an event's text for a screen (cards by
    name, with suit symbols or the Spanish suits' names); ``demo`` is the web table's "press play"
    deal (a ``DemoDeal``); ``deal_events`` is what everyone sees of the deal of the round in
    progress (Mililla's turn-up, Mulle's face-up table cards), which a replay shows before the
    first move; ``position_forms`` names the other forms of the position notation, each a writer
    like ``position`` (Mulle's ``"plays"`` and ``"table"``, for :meth:`Game.position`'s *form*);
    ``rules_page`` says where the game's rules are written, a section per rule id
    (``"docs/rules/mulle.md"``), which ``check --json`` cites (a game whose package ships a
    ``rules.md`` sends players to its players' page instead: ``cardrules rules GAME --rule ID``);
    ``trusted_apply`` is ``apply`` of a move the game's own ``legal_moves`` gave for that very state,
    without checking it, for the bots, the samplers and the environments (a plugin may leave it
    out: it is then the checking ``apply``).

    A game builds its spec explicitly, every field by keyword, from its package's functions and
    its bundles (each an instance of its class): see ``cardrules/mulle/__init__.py``. A spec holds
    no module, so it pickles by value.
    """

    __module__ = _ENGINE

    name: str
    title: str
    pack: Pack
    ruleset_type: type[RulesetT]
    presets: Mapping[str, RulesetT]
    state_type: type[StateT]
    move_types: tuple[type, ...]
    observation_type: type[ObservationT]
    rulebook: RuleBook
    new_game: Callable[..., StateT]
    to_move: Callable[[StateT], int | None]
    legal_moves: Callable[[StateT], LegalMoves[MoveT]]
    check_move: Callable[[StateT, MoveT], Violation | None]
    apply: Callable[[StateT, MoveT], StateT]
    is_over: Callable[[StateT], bool]
    score: Callable[[StateT], Score]
    observe: Callable[[StateT, int], ObservationT]
    parse_move: Callable[[StateT, str], MoveT]
    format_move: Callable[[StateT, MoveT], str]
    parse_canonical: Callable[[str], MoveT]
    format_canonical: Callable[[MoveT], str]
    zones: Callable[[StateT], Mapping[str, tuple[Card, ...]]]
    shuffle_hidden: Callable[[StateT, int, random.Random], StateT]
    check_state: Callable[[StateT], None]
    terminal: TerminalViews[RulesetT, ObservationT] | None = None
    positions: Positions[StateT, RulesetT] | None = None
    learning: Learning | None = None
    heuristic: Heuristic | None = None
    round_deck: Callable[[StateT], tuple[Card, ...]] | None = None
    new_round: Callable[[StateT, Sequence[Card | str]], StateT] | None = None
    deck_from_deal: Callable[[Mapping[str, Any], int, RulesetT], tuple[Card, ...]] | None = None
    events: Callable[[StateT, MoveT, StateT], tuple[Event, ...]] | None = None
    refusals: Callable[[StateT], tuple[Violation, ...]] | None = None
    reasons: Callable[[StateT, MoveT], tuple[Reason, ...]] | None = None
    deal_events: Callable[[StateT], tuple[Event, ...]] | None = None
    sample_state: Callable[[ObservationT, random.Random], StateT] | None = None
    inferences: Callable[[ObservationT], tuple[Any, ...]] | None = None
    picture: Callable[[ObservationT], str] | None = None
    display: Callable[[str], str] | None = None
    demo: DemoDeal | None = None
    position_forms: Mapping[str, Callable[[StateT, int | None], str]] | None = None
    rules_page: str | None = None
    trusted_apply: Callable[[StateT, MoveT], StateT] = attrs.field(
        default=attrs.Factory(lambda self: self.apply, takes_self=True)
    )
    """
    Apply of a move the game's own ``legal_moves`` gave for that very state, without checking it:
    for the bots, the samplers and the environments (the public ``apply`` always checks). A plugin
    may leave it out: it is then the checking ``apply``.
    """

    @property
    def default_preset(self) -> str:
        """The name of the preset ``get_game(name)`` uses."""
        return next(iter(self.presets))


@attrs.frozen
class Game(Generic[StateT, MoveT, RulesetT, ObservationT]):
    """
    A game with its ruleset chosen: what :func:`get_game` returns.

    Every method but :meth:`new_game` takes a state, which carries its own ruleset, so a state
    from another ruleset of the same game works too. A state of another game, or anything else,
    raises :class:`~cardrules.WrongKindError` (one dict lookup by type, so the check costs nothing
    to speak of). The type parameters are the game module's own types: for Mulle,
    ``Game[mulle.State, mulle.Move, mulle.MulleRuleset, mulle.Observation]``.
    """

    __module__ = _ENGINE

    spec: GameSpec[StateT, MoveT, RulesetT, ObservationT]
    rules: RulesetT
    # The hot methods' fast path: the spec's function by state type (one lookup checks the type too).
    _to_move: Mapping[type, Callable[[StateT], int | None]] = attrs.field(init=False, eq=False, repr=False)
    _legal_moves: Mapping[type, Callable[[StateT], LegalMoves[MoveT]]] = attrs.field(init=False, eq=False, repr=False)
    _apply: Mapping[type, Callable[[StateT, MoveT], StateT]] = attrs.field(init=False, eq=False, repr=False)
    _is_over: Mapping[type, Callable[[StateT], bool]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for name in ("to_move", "legal_moves", "apply", "is_over"):
            object.__setattr__(self, "_" + name, {self.spec.state_type: getattr(self.spec, name)})

    @property
    def name(self) -> str:
        """The game's registry name, such as ``"mililla"``."""
        return self.spec.name

    @property
    def text(self) -> str:
        """The ruleset as text that :func:`get_game` reads back, such as ``"mulle/fishing(target=21)"``."""
        return format_ruleset(self.spec, self.rules)

    def new_game(
        self,
        *,
        seed: int | None = None,
        deck: Sequence[Card | str] | None = None,
        decks: Sequence[Sequence[Card | str]] | None = None,
        dealer: int | None = None,
    ) -> StateT:
        """
        A new match, its first round dealt. See the game module's ``new_game``.

        Args:
            seed: Makes every deal reproducible (also the first dealer, unless given); ``None``: random.
            deck: The first round's deck order, index 0 on top.
            decks: Deck orders for the first rounds in turn; later rounds are shuffled from the seed.
            dealer: The first dealer's seat.
        """
        return self.spec.new_game(self.rules, seed=seed, deck=deck, decks=decks, dealer=dealer)

    def new_round(self, state: StateT, deck: Sequence[Card | str]) -> StateT:
        """
        *state*, its round dealt but not begun, dealt from *deck* instead (see the game's ``new_round``).

        Raises:
            UnsupportedError: If the game cannot deal a round from a given deck.
        """
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        if spec.new_round is None:
            said = Message("{game} cannot deal a round from a given deck", game=spec.title)
            raise UnsupportedError(said, spec.name)
        return spec.new_round(state, deck)

    def to_move(self, state: StateT) -> int | None:
        """The seat to act, or ``None`` once the match is over."""
        try:
            function = self._to_move[type(state)]
        except KeyError:
            raise _messages.wrong_state(self.spec.title, state) from None
        return function(state)

    def legal_moves(self, state: StateT) -> LegalMoves[MoveT]:
        """The legal moves, in a fixed order; empty only when the match is over."""
        try:
            function = self._legal_moves[type(state)]
        except KeyError:
            raise _messages.wrong_state(self.spec.title, state) from None
        return function(state)

    def check_move(self, state: StateT, move: MoveT) -> Violation | None:
        """``None`` if *move* is legal, else the rule it breaks and why."""
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        return spec.check_move(state, move)

    def reasons(self, state: StateT, move: MoveT) -> tuple[Reason, ...]:
        """
        Why *move* is legal in *state*: each rule that could have refused it and why it does not
        here, then the rule it uses, in player words; empty for a move :meth:`check_move` refuses
        (its :class:`~cardrules.Violation` says why) and for a game that gives no reasons.

        Raises:
            WrongKindError: For a state of another game.
        """
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        if spec.reasons is None:
            return ()
        return spec.reasons(state, move)

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after *move*; raises :class:`~cardrules.IllegalMoveError` if it is illegal."""
        try:
            function = self._apply[type(state)]
        except KeyError:
            raise _messages.wrong_state(self.spec.title, state) from None
        return function(state, move)

    def is_over(self, state: StateT) -> bool:
        """Whether the match is over."""
        try:
            function = self._is_over[type(state)]
        except KeyError:
            raise _messages.wrong_state(self.spec.title, state) from None
        return function(state)

    def score(self, state: StateT) -> Score:
        """The match score and the round breakdowns."""
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        return spec.score(state)

    def observe(self, state: StateT, seat: int) -> ObservationT:
        """
        What *seat* may see of *state*.

        Raises:
            WrongKindError: For a state of another game.
            InvalidOptionError: If *seat* is not a seat of the game (the built-in games).
        """
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        return spec.observe(state, seat)

    def parse_move(self, state: StateT, text: str) -> MoveT:
        """Read a move in the game's notation, in the context of *state*."""
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        return spec.parse_move(state, text)

    def format_move(self, state: StateT, move: MoveT) -> str:
        """Write a move in the game's notation, in the context of *state*."""
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        return spec.format_move(state, move)

    def position(self, state: StateT, seat: int | None = None, *, form: str | None = None) -> str:
        """
        The position as one line of text (see :doc:`/formats`): ``p1``, the ruleset, then the
        game's fields. With *seat*, the hands that seat cannot see are written only by their
        size (``?8``), so the text is what that seat may show a referee. *form* picks another
        form of the notation, where the game has one: Mulle's ``"table"`` writes the round as it
        lies on the table, without its plays (see :doc:`/positions/mulle`).

        Raises:
            WrongKindError: For a state of another game.
            UnsupportedError: If the game has no position notation.
            InvalidOptionError: For a seat of no one, or a form the game does not have.
            InvalidPositionError: For a state that the form cannot hold (a Mulle round entered
                from the table, in the play form).
        """
        spec = self.spec
        if type(state) is not spec.state_type:
            raise _messages.wrong_state(spec.title, state)
        if spec.positions is None:
            raise UnsupportedError(Message("{game} has no position notation yet", game=spec.title), spec.name)
        writer = spec.positions.position
        if form is not None:
            forms = spec.position_forms or {}
            if form not in forms:
                if forms:
                    have = Message("its forms are: {forms}", forms=Items(forms, "comma"))
                else:
                    have = Message("it has one form, the default ({form})", form="form=None")
                said = Message(
                    "{game}'s position has no form {form}; {have}",
                    game=spec.title,
                    form=_messages.value(form),
                    have=have,
                )
                raise _messages.said(InvalidOptionError, said)
            writer = forms[form]
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or seat not in _seats(spec, state)
        ):
            said = Message(
                "seat must be one of {seats}, not {got}",
                seats=Items(map(str, _seats(spec, state)), "comma"),
                got=_messages.shown(seat),
            )
            raise _messages.said(InvalidOptionError, said)
        rules_text = format_ruleset(spec, state.rules).replace(" ", "")  # type: ignore[attr-defined]
        return f"{_POSITION} {rules_text} {writer(state, seat)}"

    def from_position(self, text: str) -> StateT:
        """
        The state a position text describes, checked as :func:`cardrules.loads` checks a state:
        every card of the pack once, every size right for the moment of the round, every derived
        field what it derives from. Hands given only by size are filled with the unseen cards,
        in pack order (the formats page says which questions such a position answers exactly).

        Raises:
            InvalidPositionError: Naming the field and the problem.
            UnsupportedError: If the game has no position notation.
        """
        spec = self.spec
        if spec.positions is None:
            raise UnsupportedError(Message("{game} has no position notation yet", game=spec.title), spec.name)
        ruleset, body = split_position(text, (spec.name,))
        try:
            name, rules = ruleset_from_text(spec, ruleset)
        except CardrulesError as exc:
            raise InvalidPositionError(_messages.carried(exc, str(exc)), "ruleset") from None
        if name != spec.name:
            said = Message("this is a position of {game}, not of {want}", game=_messages.value(name), want=spec.name)
            raise InvalidPositionError(said, "ruleset")
        return Game(spec, rules)._from_body(body)

    def _from_body(self, body: str) -> StateT:
        """The state of the fields after ``p1`` and the ruleset (this game's), checked as :meth:`from_position` does."""
        spec = self.spec
        if spec.positions is None:
            raise UnsupportedError(Message("{game} has no position notation yet", game=spec.title), spec.name)
        state = spec.positions.from_position(self.rules, body)
        _check_position(spec, state)
        return state


def split_position(text: object, games: Sequence[str]) -> tuple[str, str]:
    """A position's ruleset text and its fields, the ``p1`` header checked; *games* for the message."""
    if not isinstance(text, str):
        raise InvalidPositionError(Message("a position is text, not {kind}", kind=type(text).__name__))
    if len(text) > _MAX_POSITION or not text.isascii():
        said = Message("a position is at most {count} ASCII characters", count=f"{_MAX_POSITION:,}")
        raise InvalidPositionError(said)
    parts = text.strip(" \t\r\n").split(" ", 2)
    if parts[0] != _POSITION:
        raise InvalidPositionError(_messages.missing_version(parts[0], _POSITION, games))
    if len(parts) < 3:
        said = Message(
            "a position starts with {version}, then the ruleset, then the fields", version=_messages.value(_POSITION)
        )
        raise InvalidPositionError(said)
    return parts[1], parts[2]


_POSITION: Final = "p1"
_MAX_POSITION: Final = 20_000


def _seats(spec: GameSpec[Any, Any, Any, Any], state: Any) -> list[int]:
    return sorted(s for side in spec.score(state).sides for s in side)


def _check_position(spec: GameSpec[Any, Any, Any, Any], state: Any) -> None:
    """Run the game's position checks, as errors that name the field."""
    from cardrules._serial import check_pack  # the JSON codec's pack check, also for positions

    try:
        spec.check_state(state)
        check_pack(spec.zones(state), spec.pack)
    except InvalidRecordError as exc:
        field = exc.key("$.state") or "position"
        raise InvalidPositionError(_messages.carried(exc, exc.detail), field, rule=exc.rule) from None
