"""
Game records: a JSON format for whole matches (or parts of them), with
replay and verification for settling disputes.

A record holds the ruleset text, the first dealer, every round's deal (a deck
order or an explicit deal as seen at a real table), every move with its seat
in notation, optional comments, and the claimed result. See
:doc:`/formats` for the format, and :doc:`/howto/dispute` for a worked example.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules import _common, _messages
from cardrules._registry import get_game, spec_for_state
from cardrules.cards import Card
from cardrules.engine import Event, Game, Score
from cardrules.errors import CardrulesError, InvalidNotationError, InvalidRecordError, UnsupportedError
from cardrules.records._json import (
    FORMAT,
    FORMAT_VERSION,
    MoveEntry,
    Record,
    Result,
    RoundEntry,
    _seat_count,
    check_record,
    dumps,
    loads,
)
from cardrules.rules import Message, Violation

_MAX_LEGAL_SHOWN: Final = 20

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MoveEntry",
    "Problem",
    "Record",
    "Report",
    "Result",
    "RoundEntry",
    "Step",
    "dumps",
    "from_moves",
    "loads",
    "replay",
    "steps",
    "verify",
]


@attrs.frozen
class Step:
    """
    One move of a replay.

    Attributes:
        round: The round index, from 0.
        number: The move's number within its round, from 1.
        seat: The seat that moved.
        before: The state before the move.
        move: The move.
        after: The state after it.
        events: What the move did (see :class:`cardrules.Event`); the record's first step begins
            with what everyone saw of the deal (the game's ``deal_events``: Mililla's turn-up and
            trump, Mulle's face-up table cards), and a step that ends a round ends with the next
            round's deal.
        comment: The record's comment on this move.
        refused: Why the choice was constrained: the rules that refused the
            moves the mover might have made instead (every card of the hand
            played, say), one per rule, as the game's ``refusals`` gives them.
    """

    round: int
    number: int
    seat: int
    before: Any
    move: Any
    after: Any
    events: tuple[Event, ...]
    comment: str | None
    refused: tuple[Violation, ...] = ()


def _plain(attribute: attrs.Attribute[Any], value: object) -> bool:
    return attribute.name != "said"  # the words as data stay out of the JSON: `message` is their English


def _problem(kind: str, where: str, said: str | Message, **where_in_record: Any) -> Problem:
    """A :class:`Problem` whose words are *said* (a message, or an error's plain text)."""
    message = said if isinstance(said, Message) else Message(said)
    return Problem(kind, where, str(message), said=message, **where_in_record)


@attrs.frozen
class Problem:
    """
    One problem found by :func:`verify`.

    Attributes:
        kind: ``"deal"``, ``"position"``, ``"seats"``, ``"turn"``, ``"notation"``, ``"illegal"``,
            ``"round"`` (moves that run past the end of a round, or a round
            that stops early), ``"unchecked"`` (moves not replayed because a
            deal before them is bad) or ``"result"``.
        where: The location in the record, such as ``$.rounds[0].moves[12]``.
        message: Plain words.
        round: The round index, if the problem is in a round.
        move_number: The move's number in its round (from 1), if any.
        seat: The seat concerned, if any.
        rule: The rule id broken, for an illegal move.
        legal: For an illegal move, the moves that were legal there (at most 20, then ``"..."``).
        said: The same words as a :class:`~cardrules.rules.Message`, which
            :func:`cardrules.i18n.render` writes in any language; ``str(said)`` is *message*. When
            none is given, it is *message* as a message without parameters. Problems compare by
            their other fields.
    """

    kind: str
    where: str
    message: str
    round: int | None = None
    move_number: int | None = None
    seat: int | None = None
    rule: str | None = None
    legal: tuple[str, ...] = ()
    said: Message = attrs.field(
        default=attrs.Factory(lambda self: Message(self.message), takes_self=True), eq=False, repr=False
    )

    def __str__(self) -> str:
        head = f"{self.where}: "
        if self.round is not None:
            head += f"round {self.round + 1}"
            if self.move_number is not None:
                head += f", move {self.move_number}"
            if self.seat is not None:
                head += f" (seat {self.seat})"
            head += ": "
        text = head + (f"[{self.rule}] " if self.rule else "") + self.message
        if self.legal:
            text += "; legal there: " + ", ".join(self.legal)
        return text


@attrs.frozen
class Report:
    """
    The verdict of :func:`verify`: every problem found, and what could be computed.

    Attributes:
        problems: The problems, in the order of the record.
        moves_checked: How many moves were replayed legally.
        moves_total: How many moves the record holds.
        computed: The result computed from the moves replayed, or ``None`` if
            no move could be replayed.
        claimed: The result the record claims, if any.
        final: The last state reached.
    """

    problems: tuple[Problem, ...]
    moves_checked: int
    moves_total: int
    computed: Result | None
    claimed: Result | None
    final: Any = attrs.field(eq=False, repr=False)

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The report as plain JSON data."""
        return {
            "ok": self.ok,
            "moves_checked": self.moves_checked,
            "moves_total": self.moves_total,
            "computed": None if self.computed is None else attrs.asdict(self.computed),
            "claimed": None if self.claimed is None else attrs.asdict(self.claimed),
            "problems": [{**attrs.asdict(p, filter=_plain), "legal": list(p.legal)} for p in self.problems],
        }

    def __str__(self) -> str:
        lines = [
            f"{'valid' if self.ok else 'INVALID'}: {self.moves_checked} of {self.moves_total} moves replayed legally"
        ]
        if self.computed is not None:
            lines.append(f"computed result: match {list(self.computed.match)}, winner {self.computed.winner}")
        if self.claimed is not None:
            lines.append(f"claimed result: match {list(self.claimed.match)}, winner {self.claimed.winner}")
        lines.extend(f"problem: {p}" for p in self.problems)
        return "\n".join(lines)


def _result(score: Score) -> Result:
    return Result(match=score.match, winner=score.winner)


# --- building ----------------------------------------------------------------------------


def from_moves(
    start: Any,
    moves: Sequence[Any],
    *,
    seats: Sequence[str] = (),
    comments: Mapping[int, str] | None = None,
    comment: str | None = None,
    claim_result: bool = True,
    keep_seed: bool | None = None,
) -> Record:
    """
    The record of a match played from *start* through *moves*.

    Args:
        start: The first state. At the start of a round (a state from
            ``new_game``, or one a round ended in) its round's deck is
            recorded; in the middle of a round, its position (see
            :meth:`cardrules.Game.position`), so that a dispute record holds
            only the moves in question.
        moves: The moves applied in order. Each is checked.
        seats: Player names by seat.
        comments: Comments by move index in *moves* (from 0).
        comment: A comment on the whole record.
        claim_result: Record the resulting score as the claimed result.
        keep_seed: Record the match seed, so that a replay reaches exactly
            the same states. The seed reveals the deals of rounds not yet
            played, so the default keeps it only once the match is over.

    Raises:
        ValueError: If *start* is in the middle of a round and its game has no position notation.
        IllegalMoveError: If a move is illegal (a move after the end of the match too: the
            error cites the rule that ended it).
        UnsupportedError: If the game does not support records yet.

    Example:
        >>> import random
        >>> game = cardrules.get_game("mililla")
        >>> s = game.new_game(seed=1)
        >>> rng = random.Random(1)
        >>> moves = []
        >>> t = s
        >>> for _ in range(12):
        ...     m = game.legal_moves(t).sample(rng)
        ...     moves.append(m)
        ...     t = game.apply(t, m)
        >>> rec = cardrules.records.from_moves(s, moves)
        >>> cardrules.records.verify(rec).ok
        True
    """
    from cardrules._options import format_ruleset

    spec = spec_for_state(start)
    if spec.round_deck is None:
        raise UnsupportedError(Message("records are not built for {game} yet", game=spec.name), spec.name)
    comments = comments or {}
    game_text = format_ruleset(spec, start.rules)
    rounds: list[RoundEntry] = []
    deck: tuple[Card, ...] | None
    position: str | None = None
    try:
        deck = spec.round_deck(start)
    except ValueError:
        if spec.positions is None:
            raise
        deck, position = None, Game(spec, start.rules).position(start)  # mid-round: the record starts there
    entries: list[MoveEntry] = []
    state = start
    index = len(spec.score(state).rounds)
    for i, move in enumerate(moves):
        seat = spec.to_move(state)
        if seat is None:  # the game refuses the move, citing the rule that ended the match
            spec.apply(state, move)
            raise InvalidRecordError(Message("move {index} comes after the end of the match", index=i), f"$.moves[{i}]")
        entries.append(MoveEntry(seat, spec.format_canonical(move), comments.get(i)))
        state = spec.apply(state, move)
        now = len(spec.score(state).rounds)
        if now != index and not spec.is_over(state):
            rounds.append(RoundEntry(tuple(entries), deck, position=position))
            entries, position = [], None
            deck = spec.round_deck(state)
            index = now
    rounds.append(RoundEntry(tuple(entries), deck, position=position))
    return Record(
        game=game_text,
        dealer=start.dealer,
        rounds=tuple(rounds),
        seats=tuple(seats),
        result=_result(spec.score(state)) if claim_result else None,
        cardrules=_common.VERSION,
        comment=comment,
        seed=start.seed if (spec.is_over(state) if keep_seed is None else keep_seed) else None,
    )


# --- replay and verification -------------------------------------------------------------


def _decks(game: Game[Any, Any, Any, Any], record: Record, problems: list[Problem]) -> list[tuple[Card, ...] | None]:
    decks: list[tuple[Card, ...] | None] = []
    seats = _seat_count(game)
    for i, r in enumerate(record.rounds):
        path = f"$.rounds[{i}].deck" if r.deck is not None else f"$.rounds[{i}].deal"
        if r.position is not None:
            decks.append(())  # the first round starts from its position (see _start)
            continue
        try:
            if r.deck is not None:
                decks.append(_common.check_deck(r.deck, game.spec.pack, "deck"))
            else:
                if game.spec.deck_from_deal is None:
                    said = Message("explicit deals are not supported for {game} yet", game=game.name)
                    raise InvalidRecordError(said, path)
                assert r.deal is not None
                # Every game passes the deal to the next seat: round i is dealt by seat dealer + i.
                decks.append(game.spec.deck_from_deal(r.deal, (record.dealer + i) % seats, game.rules))
        except InvalidRecordError as exc:
            problems.append(_problem("deal", exc.path, _messages.carried(exc, exc.detail), round=i))
            decks.append(None)
        except CardrulesError as exc:
            problems.append(_problem("deal", path, _messages.carried(exc, str(exc)), round=i))
            decks.append(None)
    return decks


def _parse(game: Game[Any, Any, Any, Any], state: Any, text: str) -> Any:
    try:
        return game.spec.parse_canonical(text)
    except InvalidNotationError:
        return game.parse_move(state, text)


def _legal_texts(game: Game[Any, Any, Any, Any], state: Any) -> tuple[str, ...]:
    moves = game.legal_moves(state)
    shown = []
    for i, m in enumerate(moves):
        if i == _MAX_LEGAL_SHOWN:
            shown.append("...")
            break
        shown.append(game.format_move(state, m))
    return tuple(shown)


def _start(
    game: Game[Any, Any, Any, Any], record: Record, decks: list[tuple[Card, ...]], problems: list[Problem]
) -> Any:
    """The first state: dealt from the first deck, or read from the first round's position; ``None`` on a problem."""
    first = record.rounds[0].position
    if first is None:
        return game.new_game(decks=decks, dealer=record.dealer, seed=record.seed or 0)
    try:
        state = game.from_position(first)
    except CardrulesError as exc:
        problems.append(_problem("position", "$.rounds[0].position", _messages.carried(exc, str(exc)), round=0))
        return None
    if state.dealer != record.dealer:
        problems.append(
            _problem(
                "position",
                "$.dealer",
                Message("the position's dealer is seat {seat}, not {dealer}", seat=state.dealer, dealer=record.dealer),
            )
        )
        return None
    if len(decks) > 1:  # the later rounds' deals, which a position does not hold
        state = attrs.evolve(state, pending_decks=tuple(decks[1:]))
    return state


def _walk(record: Record, problems: list[Problem], reached: list[Any]) -> Iterator[Step]:
    """
    Replay *record*, appending problems; yields the legal steps and stops at
    the first move problem. ``reached[0]`` is kept as the last state reached.
    """
    try:
        game = get_game(record.game)
    except CardrulesError as exc:
        problems.append(_problem("deal", "$.game", _messages.carried(exc, str(exc))))
        return
    spec = game.spec
    if record.seats and len(record.seats) != _seat_count(game):
        problems.append(
            _problem(
                "seats",
                "$.seats",
                Message(
                    "{game} has {count} seats, not {got}",
                    game=game.name,
                    count=_seat_count(game),
                    got=len(record.seats),
                ),
            )
        )
    decks = _decks(game, record, problems)
    # Deal round 0 from the record's dealer; later rounds are dealt by the engine from the decks given.
    good = []
    for d in decks:
        if d is None:
            break
        good.append(d)
    if not good:
        return
    if record.dealer >= _seat_count(game):
        problems.append(_problem("deal", "$.dealer", Message("dealer {dealer} is not a seat", dealer=record.dealer)))
        return
    state = _start(game, record, good, problems)
    if state is None:
        return
    reached[:] = [state]
    base = len(spec.score(state).rounds)  # rounds completed before the record's first (a position may be late)
    for i, r in enumerate(record.rounds):
        if i >= len(good):
            if r.moves:
                problems.append(
                    _problem(
                        "unchecked",
                        f"$.rounds[{i}]",
                        Message("this round's moves are not checked: a deal is not valid"),
                        round=i,
                    )
                )
            return
        current = len(spec.score(state).rounds)
        if current != base + i:
            problems.append(
                _problem(
                    "round",
                    f"$.rounds[{i - 1}].moves",
                    Message(
                        "round {number} is not over after its {count} moves; the record moves on to round {next}",
                        number=i,
                        count=len(record.rounds[i - 1].moves),
                        next=i + 1,
                    ),
                    round=i - 1,
                )
            )
            return
        for j, entry in enumerate(r.moves):
            path = f"$.rounds[{i}].moves[{j}]"
            if spec.is_over(state):
                problems.append(
                    _problem("round", path, Message("the match is already over"), round=i, move_number=j + 1)
                )
                return
            if len(spec.score(state).rounds) != base + i:
                problems.append(
                    _problem(
                        "round",
                        path,
                        Message("round {number} ended before this move", number=i + 1),
                        round=i,
                        move_number=j + 1,
                    )
                )
                return
            seat = spec.to_move(state)
            assert seat is not None
            if entry.seat != seat:
                problems.append(
                    _problem(
                        "turn",
                        f"{path}.seat",
                        Message(
                            "it is seat {seat}'s turn, but the record gives this move to seat {other}",
                            seat=seat,
                            other=entry.seat,
                        ),
                        round=i,
                        move_number=j + 1,
                        seat=entry.seat,
                        legal=_legal_texts(game, state),
                    )
                )
                return
            try:
                move = _parse(game, state, entry.move)
            except CardrulesError as exc:
                rule = getattr(getattr(exc, "rule", None), "id", None)
                kind = "illegal" if rule else "notation"
                reason = getattr(exc, "reason", None) or str(exc)
                said = _messages.carried(exc, reason)
                problems.append(
                    _problem(
                        kind,
                        f"{path}.move",
                        Message("{move}: {reason}", move=repr(entry.move), reason=said),
                        round=i,
                        move_number=j + 1,
                        seat=seat,
                        rule=rule,
                        legal=_legal_texts(game, state),
                    )
                )
                return
            violation = spec.check_move(state, move)
            if violation is not None:
                problems.append(
                    _problem(
                        "illegal",
                        f"{path}.move",
                        Message("{move}: {reason}", move=repr(entry.move), reason=violation.message),
                        round=i,
                        move_number=j + 1,
                        seat=seat,
                        rule=violation.rule.id,
                        legal=_legal_texts(game, state),
                    )
                )
                return
            after = spec.apply(state, move)
            events = spec.events(state, move, after) if spec.events is not None else ()
            if i == 0 and j == 0 and spec.deal_events is not None:  # what everyone saw before the first move
                events = (*spec.deal_events(state), *events)
            reached[:] = [after]
            refused = spec.refusals(state) if spec.refusals is not None else ()
            yield Step(base + i, j + 1, seat, state, move, after, events, entry.comment, refused)
            state = after


def steps(record: Record) -> Iterator[Step]:
    """
    Replay *record* move by move.

    Raises:
        WrongKindError: At once, if *record* is not a :class:`Record`.
        InvalidRecordError: At the first problem (a bad deal, a move out of
            turn, bad notation, an illegal move), with its location and, for
            an illegal move, the rule id in the message.
    """
    check_record(record)
    return _steps(record)


def _steps(record: Record) -> Iterator[Step]:
    problems: list[Problem] = []
    for step in _walk(record, problems, []):
        if problems:
            break
        yield step
    _raise_first(problems)


def _raise_first(problems: list[Problem]) -> None:
    if problems:
        p = problems[0]
        message = (f"[{p.rule}] " if p.rule else "") + p.message
        raise InvalidRecordError(message, p.where)


def replay(record: Record) -> Iterator[Any]:
    """
    Replay *record*: yield the first state, then the state after each move.

    Raises:
        WrongKindError: At once, if *record* is not a :class:`Record`.
        InvalidRecordError: As :func:`steps`.
    """
    check_record(record)
    return _replay(record)


def _replay(record: Record) -> Iterator[Any]:
    problems: list[Problem] = []
    reached: list[Any] = []
    first = True
    for step in _walk(record, problems, reached):
        if problems:
            break
        if first:
            yield step.before
            first = False
        yield step.after
    _raise_first(problems)
    if first and reached:
        yield reached[0]


def verify(record: Record) -> Report:
    """
    Check a record and report every problem found: deals that are not the
    pack, a move out of turn, bad notation, an illegal move (with the rule,
    the reason, and the moves that were legal there), rounds that stop or run
    on, and a claimed result that differs from the computed one.

    Replay stops at the first move problem (the later moves depend on it),
    but every deal is checked, and the result is compared only when every
    move was replayed.

    Example:
        >>> game = cardrules.get_game("mililla")
        >>> rec = cardrules.records.from_moves(game.new_game(seed=2), [])
        >>> print(cardrules.records.verify(rec))
        valid: 0 of 0 moves replayed legally
        computed result: match [0, 0], winner None
        claimed result: match [0, 0], winner None

    Raises:
        WrongKindError: If *record* is not a :class:`Record`.
    """
    check_record(record)
    problems: list[Problem] = []
    reached: list[Any] = []
    checked = sum(1 for _ in _walk(record, problems, reached))
    total = sum(len(r.moves) for r in record.rounds)
    computed = None
    last = reached[0] if reached else None
    if last is not None:
        computed = _result(get_game(record.game).spec.score(last))
        if record.result is not None and computed != record.result and checked == total:
            problems.append(
                _problem(
                    "result",
                    "$.result",
                    Message(
                        "the record claims match {claimed} and winner {winner}, "
                        "but the moves give match {computed} and winner {computed_winner}",
                        claimed=list(record.result.match),
                        winner=record.result.winner,
                        computed=list(computed.match),
                        computed_winner=computed.winner,
                    ),
                )
            )
    return Report(tuple(problems), checked, total, computed, record.result, last)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
