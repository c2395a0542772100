"""The shape every game shares: legal-move sequences, scores, events and the game spec (the registry is above it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar, overload

import attrs

from cardrules import _messages
from cardrules._learning import ActionEncoding, CandidateEncoding, FactoredEncoding, TensorLayout
from cardrules._options import format_ruleset, ruleset_from_text
from cardrules.cards import Card, Pack
from cardrules.errors import (
    CardrulesError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnsupportedError,
)
from cardrules.rules import RuleBook, Violation

__all__ = [
    "Event",
    "Game",
    "GameSpec",
    "Heuristic",
    "LegalMoves",
    "RoundScore",
    "Score",
    "ScoreItem",
    "TupleMoves",
]

MoveT = TypeVar("MoveT")
StateT = TypeVar("StateT")
RulesetT = TypeVar("RulesetT")
ObservationT = TypeVar("ObservationT")


class LegalMoves(Sequence[MoveT]):
    """
    The legal moves of a position: a read-only sequence in a fixed order.

    It may be produced lazily (a Mulle table can allow exponentially many
    captures), so use ``move in moves`` rather than scanning, ``bool(moves)``
    rather than ``len(moves) > 0``, and :meth:`sample` for a random move: all
    three are decided by the rules without listing every move.
    """

    __slots__ = ()

    def sample(self, rng: random.Random) -> MoveT:
        """
        A legal move chosen at random by *rng* (uniformly unless the game's
        documentation says otherwise).

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
        return moves[_below(rng, len(moves))]


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: for a :class:`random.Random` its very draw, written out (a call fewer)."""
    if type(rng) is random.Random and _RANDBELOW_BY_BITS:
        k = n.bit_length()
        getrandbits = rng.getrandbits
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    return rng.randrange(n)


# Whether random.Random draws below n as `_randbelow_with_getrandbits` does (k = n.bit_length()
# bits until below n), which _below writes out; otherwise it calls randrange.
_RANDBELOW_BY_BITS: Final = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", False
)


_new_object: Final = object.__new__
_set_moves: Final = vars(TupleMoves)["_moves"].__set__


@attrs.frozen
class ScoreItem:
    """
    One labelled piece of a round's score.

    Attributes:
        side: Index into :attr:`Score.sides`.
        rule: The rule id that awards it.
        label: Plain words, such as ``"card points"``.
        points: The points (negative for a deduction).
    """

    side: int
    rule: str
    label: str
    points: int


@attrs.frozen
class RoundScore:
    """
    The breakdown of one round.

    Attributes:
        tally: The round's own count per side, as the game counts it (Mililla:
            card and trick points, 70 in all; Mulle: points; Charlemagne:
            tricks won).
        points: Match points this round added per side, bonuses included.
        items: The labelled pieces behind ``tally`` and ``points``.
        complete: Whether the round has ended (``False`` for a running tally).
        unknown: The pieces that cards nobody has shown decide, so that their points are not
            known (a Mulle position that gives a captured pile only by its size, ``taken=?12``):
            each names its side, rule and label, with 0 points, and counts in neither ``tally``
            nor ``points``, which then hold only what is known. Empty when every piece is known.
    """

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
        round: The round in progress (a running tally, ``complete`` false), or
            the last round once the match is over.
        rounds: Every completed round, in order.
        winner: The index of the winning side once the match is over, else ``None``.
    """

    sides: tuple[tuple[int, ...], ...]
    match: tuple[int, ...]
    round: RoundScore | None
    rounds: tuple[RoundScore, ...]
    winner: int | None


@attrs.frozen
class Event:
    """
    Something that happened when a move was applied, for a front end to show
    or a replay to narrate.

    Attributes:
        kind: What happened: ``"play"``, ``"capture"``, ``"mulle"``, ``"tabbe"``,
            ``"build"``, ``"trail"``, ``"trick"``, ``"bid"``, ``"pass"``,
            ``"contract"``, ``"trump"``, ``"discard"``, ``"deal"``, ``"round"``,
            ``"match"``, and so on; each game documents its kinds.
        rule: The id of the rule that produced it.
        seat: The seat it concerns, if any.
        cards: The cards it concerns.
        points: Points it scores, if any.
        text: One sentence in player words.
    """

    kind: str
    rule: str
    seat: int | None
    cards: tuple[Card, ...]
    points: int
    text: str


@attrs.frozen
class Heuristic:
    """
    What the bots know about one game: the optional ``heuristic`` of its :class:`GameSpec`.

    Attributes:
        choose: The greedy move for an observation, its legal moves and a
            random generator.
        value: How good a state just after a round ended (or where the
            *horizon* stopped a rollout) is for a side, from 0 (lost) to 1
            (won), for the search bot's rollouts; ``None`` for the generic
            measure (round tally and points compared).
        horizon: For games with long rounds, a number that the search bot's
            rollouts watch: when it changes (Mulle: the next deal of the
            round), the rollout stops and *value* scores the state there.
            ``None``: rollouts go to the end of the round.
        lookahead: With a *horizon*, the fewest moves a rollout plays
            before it may stop there (Mulle: two turns of every player,
            so that a table left for the next deal is played on); ``None``
            for none.
        ranked: For games whose legal moves can be too many to search
            (Mulle), the heuristic's own shortlist of legal moves, best
            first (the first is the greedy move); the search bot considers
            the first few. ``None``: the search bot takes the legal moves.
        plausible: Whether a sampled state fits what the seat saw the
            others do, judged by these rules of thumb (Charlemagne: their
            bids); the search bot samples again (a few times at most) when
            it does not. ``None``: every sample is taken as it comes.
        rollout: The greedy rollout played by the game itself, faster than
            the search bots' generic loop: from a state, every seat plays
            *choose*'s move to the end of the round (or the *horizon*), and
            the result is scored for a side from 0 to 1 as the generic
            rollout scores it. It must give exactly what the generic loop
            gives (the same moves, the same value, the same draws from the
            random generator). ``None``: the generic loop plays.
    """

    choose: Callable[[Any, LegalMoves[Any], random.Random], Any]
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], int] | None = None
    lookahead: Callable[[Any], int] | None = None
    ranked: Callable[[Any, LegalMoves[Any], random.Random], Sequence[Any]] | None = None
    plausible: Callable[[Any, Any], bool] | None = None
    rollout: Callable[[Any, int, random.Random], float] | None = None


@attrs.frozen(kw_only=True)
class GameSpec(Generic[StateT, MoveT, RulesetT, ObservationT]):
    """
    Everything a generic caller needs to run one game: bots, records and the
    command line use only this. Each game module defines one as ``GAME``.

    The functions are the game module's own; ``new_game`` takes the ruleset
    first, the others take a state, which carries its ruleset.

    The optional fields serve records, replays, bots and the terminal:
    ``round_deck`` gives the deck order the round in progress was dealt
    from (``new_round`` deals it from another deck), ``deck_from_deal`` turns an explicit deal (JSON-like data, as
    seen at a real table), the dealer and the ruleset into such a deck
    (refusing a deal that does not fit the ruleset), ``events`` describes
    what a move did (a move that ends a round also the next round's deal),
    ``deal_events`` what everyone sees of the round in progress's deal
    (Mililla's turn-up and trump, Mulle's face-up table cards), which a
    replay shows before the first move, ``sample_state`` makes a full state consistent with
    an observation, ``heuristic`` is what the greedy and search bots know
    of the game, ``view`` draws an observation as lines of terminal text
    (``view(observation, style)``, with a ``cardrules`` terminal style),
    and ``move_list`` picks the moves a terminal numbers
    (``move_list(legal_moves, limit)``: at most *limit* moves, and how many
    more there are, or ``None`` when counting them would be slow),
    ``position`` and ``from_position`` write and read the body of the
    game's position notation (``position(state, seat)``: with a seat, the
    hands it cannot see only by their size; ``from_position(rules, body)``:
    a state, which :meth:`Game.from_position` then checks, in any form the
    game writes), ``position_forms`` names the forms of the notation a game
    has besides its default one, each a writer like ``position`` (Mulle's
    ``"plays"`` and ``"table"``, for :meth:`Game.position`'s *form*), and
    ``refusals`` gives the rules that refuse the moves the mover might
    have wanted (every card of the hand played, say), for replays that
    explain a constrained choice, and ``picture`` draws an observation
    as an SVG table (``picture(observation)``: SVG text, each face-up card
    an element with ``data-card`` and an ``aria-label``), for the web
    table and the pictures of the docs, ``encoding`` numbers the moves and
    ``tensor`` lays an observation out flat, for the learning environments
    of ``cardrules.rl`` (see :doc:`/rl`), and ``candidates`` is a second,
    optional encoding of the moves as top-K candidates with features;
    ``help_text(rules)`` is the terminal's help (notation, card values, rules pages) and
    ``deal_text(observation, style)`` announces a deal (trump, turn-up,
    bonus), and ``rules_page`` says where the game's rules are written, each
    rule in a section named by its id (``"docs/rules/mulle.md"``), for the
    answers that cite a rule. A game may leave them ``None``: the generic
    code then does without.

    Games are found by the registry, through the ``cardrules.games``
    entry-point group: see :doc:`/howto/add-a-game`.
    """

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
    round_deck: Callable[[StateT], tuple[Card, ...]] | None = None
    new_round: Callable[[StateT, Sequence[Card | str]], StateT] | None = None
    deck_from_deal: Callable[[Mapping[str, Any], int, RulesetT], tuple[Card, ...]] | None = None
    events: Callable[[StateT, MoveT, StateT], tuple[Event, ...]] | None = None
    deal_events: Callable[[StateT], tuple[Event, ...]] | None = None
    sample_state: Callable[[ObservationT, random.Random], StateT] | None = None
    heuristic: Heuristic | None = None
    view: Callable[[ObservationT, Any], list[str]] | None = None
    move_list: Callable[[LegalMoves[MoveT], int], tuple[list[MoveT], int | None]] | None = None
    position: Callable[[StateT, int | None], str] | None = None
    from_position: Callable[[RulesetT, str], StateT] | None = None
    position_forms: Mapping[str, Callable[[StateT, int | None], str]] | None = None
    refusals: Callable[[StateT], tuple[Violation, ...]] | None = None
    picture: Callable[[ObservationT], str] | None = None
    encoding: ActionEncoding | FactoredEncoding | None = None
    tensor: TensorLayout | None = None
    candidates: CandidateEncoding | None = None
    help_text: Callable[[RulesetT], list[str]] | None = None
    deal_text: Callable[[ObservationT, Any], list[str]] | None = None
    rules_page: str | None = None

    @property
    def default_preset(self) -> str:
        """The name of the preset ``get_game(name)`` uses."""
        return next(iter(self.presets))


@attrs.frozen
class Game(Generic[StateT, MoveT, RulesetT, ObservationT]):
    """
    A game with its ruleset chosen: what :func:`get_game` returns.

    Every method but :meth:`new_game` takes a state, which carries its own
    ruleset, so a state from another ruleset of the same game works too. A
    state of another game, or anything else, raises
    :class:`~cardrules.WrongKindError` (one dict lookup by type, so the check
    costs nothing to speak of). The type parameters are the game module's
    own types: for Mulle,
    ``Game[mulle.State, mulle.Move, mulle.MulleRuleset, mulle.Observation]``.
    """

    spec: GameSpec[StateT, MoveT, RulesetT, ObservationT]
    rules: RulesetT
    # The hot methods' fast path: the spec's function keyed by the state type, so that one lookup
    # checks the type and finds the function (another kind of state: KeyError, then WrongKindError).
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
            seed: Makes every deal of the match reproducible (also the first
                dealer, unless given). ``None`` draws one at random.
            deck: The first round's deck order, index 0 on top.
            decks: Deck orders for the first rounds in turn; later rounds
                are shuffled from the seed.
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
            raise UnsupportedError(f"{spec.title} cannot deal a round from a given deck", spec.name)
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
        if spec.position is None:
            raise UnsupportedError(f"{spec.title} has no position notation yet", spec.name)
        writer = spec.position
        if form is not None:
            forms = spec.position_forms or {}
            if form not in forms:
                have = f"its forms are: {', '.join(forms)}" if forms else "it has one form, the default (form=None)"
                raise InvalidOptionError(f"{spec.title}'s position has no form {_messages.value(form)}; {have}")
            writer = forms[form]
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or seat not in _seats(spec, state)
        ):
            raise InvalidOptionError(
                f"seat must be one of {', '.join(map(str, _seats(spec, state)))}, not {_messages.shown(seat)}"
            )
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
        if spec.from_position is None:
            raise UnsupportedError(f"{spec.title} has no position notation yet", spec.name)
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        if len(text) > _MAX_POSITION or not text.isascii():
            raise InvalidPositionError(f"a position is at most {_MAX_POSITION:,} ASCII characters")
        parts = text.strip(" \t\r\n").split(" ", 2)
        if parts[0] != _POSITION:
            raise InvalidPositionError(_messages.missing_version(parts[0], _POSITION, (spec.name,)))
        if len(parts) < 3:
            raise InvalidPositionError(
                f"a position starts with {_messages.value(_POSITION)}, then the ruleset, then the fields"
            )
        try:
            name, rules = ruleset_from_text(spec, parts[1])
        except CardrulesError as exc:
            raise InvalidPositionError(str(exc), "ruleset") from None
        if name != spec.name:
            raise InvalidPositionError(f"this is a position of {_messages.value(name)}, not of {spec.name}", "ruleset")
        state = spec.from_position(rules, parts[2])
        _check_position(spec, state)
        return state


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
        field = exc.path.removeprefix("$.state").lstrip(".").split("[")[0].split(".")[0] or "position"
        message = str(exc).split(": ", 1)[-1]
        raise InvalidPositionError(message, field) from None


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
