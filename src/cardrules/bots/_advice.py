"""Advice that explains: the search's move for a seat, and why, in a player's words, from what that seat sees."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardrules import _common, _messages
from cardrules.bots._base import get_bot
from cardrules.bots._levels import HardBot, MediumBot
from cardrules.bots._search import Candidate, SearchBot, searchable_spec
from cardrules.bots._solve import Solution, solve
from cardrules.cards import _derive_seed
from cardrules.engine import Game, GameSpec, LegalMoves
from cardrules.errors import InvalidOptionError, SearchLimitError
from cardrules.rules import Items, Message, Number, Sentence

__all__ = ["Advice", "advise"]

_WORLDS: Final = 3
"""In how many imagined deals a reason must read the same to be given (so it states no guess about hidden cards)."""
_ADVICE_PATH: Final = 0xAD71
_PROOF_PATH: Final = 0x9F00F
_PROOF_WORLDS: Final = 8
"""How many imagined deals must all be the same, for the rest of the round, for a move to be proven."""


@attrs.frozen
class Advice:
    """
    What :func:`advise` recommends, and why.

    Attributes:
        move: The recommended move (one of the legal moves).
        reasons: Why, one sentence each, in a player's words: what the move does at once (the
            card played, the cards or the trick it takes, the points), what it keeps for later,
            and how it scored against the next choice. Each is a :class:`~cardrules.rules.Sentence`:
            a ``str`` (the English), whose :attr:`~cardrules.rules.Sentence.message`
            :func:`cardrules.i18n.render` writes in any language (``i18n.render(reason, "sv")``).
        effects: The first of *reasons*: what the move shows the table at once, as the game
            narrates it (the card played, the cards or the trick taken); the points it scores
            come next.
        value: How it scored in the search, from 0 (lost) to 1 (won), averaged over the
            imagined deals of the hidden cards (0.0 when there was nothing to search).
        visits: In how many imagined deals it was played out (0: the only move).
        runner_up: The next choice of the search, ``None`` when there was only one move.
        runner_up_value: Its score, ``None`` without a runner-up.
        margin: How much more the move scored than the runner-up (0 if the runner-up scored as
            much or more: the search keeps the rule-of-thumb move unless another is clearly better).
        proven: Whether the move is proven best: the seat knows every card left (every deal it
            imagines is the same for the rest of the round, as in two-player Mulle once the stock
            is empty) and the game can solve the rest of the round, so :func:`solve` gave it.
            Then *value* is 1.0, *runner_up_value* 1.0 if the next move is as good and 0.0 if
            not, and a reason says what the move brings with perfect play.
    """

    move: Any
    reasons: tuple[Sentence, ...]
    effects: tuple[Sentence, ...]
    value: float
    visits: int
    runner_up: Any | None
    runner_up_value: float | None
    margin: float
    proven: bool = False


def _searcher(level: str, seconds: float | None, observation: Any) -> SearchBot:
    bot = get_bot(level)
    if isinstance(bot, HardBot | MediumBot):
        bot = bot.searcher(observation)
    if not isinstance(bot, SearchBot):
        raise InvalidOptionError(
            f"advice needs a level that searches (medium, hard or search(...)), not {_messages.value(level)}"
        )
    if seconds is not None:
        if not (_common.real(seconds, 0, 1e12) and seconds > 0):
            raise InvalidOptionError(f"seconds must be a positive number or None, not {_messages.value(seconds)}")
        bot = attrs.evolve(bot, seconds=seconds)
    return bot


def advise(
    game: Game[Any, Any, Any, Any],
    observation: Any,
    legal_moves: LegalMoves[Any],
    *,
    level: str = "hard",
    seconds: float | None = None,
    seed: int = 0,
) -> Advice:
    """
    The move the search recommends for the seat *observation* belongs to, and why.

    The search (:meth:`SearchBot.rank`, configured as *level*: ``"medium"``, ``"hard"`` or any
    ``"search(...)"`` text) compares the moves in imagined deals of the hidden cards; the
    reasons then say what the move does at once (the game's own words for the card played, the
    cards or trick it takes, and the points each side gains), what the game's rules of thumb see
    in it (the trick it wins or gives up, the card it keeps for later), and how much better it
    scored than the next choice. Everything is read from *observation* and *legal_moves* only:
    a reason about the move's effect is given only if it reads the same in several imagined
    deals, so it never depends on, nor reveals, a card the seat cannot see.

    Args:
        game: The game *observation* belongs to.
        observation: What the seat to move sees (``game.observe(state, seat)``).
        legal_moves: The legal moves of that position.
        level: The bot that searches, as :func:`get_bot` reads it.
        seconds: The time to think, instead of the level's own (``None``: the level's).
        seed: Chooses the imagined deals: the same seed gives the same advice (when the search
            is bounded by iterations alone, e.g. ``"hard(seconds=None)"``).

    Raises:
        InvalidOptionError: For a level that does not search, or a bad *seconds*.
        UnsupportedError: For a game that cannot imagine hidden cards.

    Example:
        >>> import cardrules
        >>> from cardrules.bots import advise
        >>> game = cardrules.get_game("mililla")
        >>> state = game.new_game(seed=1)
        >>> seat = game.to_move(state)
        >>> advice = advise(game, game.observe(state, seat), game.legal_moves(state), level="search(iterations=40)")
        >>> advice.move in game.legal_moves(state), advice.margin >= 0
        (True, True)
    """
    bot = _searcher(level, seconds, observation)
    spec = searchable_spec(observation)
    proof = _proof(spec, observation, seed)
    if proof is not None:
        return _proven(spec, observation, *proof)
    ranked = bot.rank(observation, legal_moves, random.Random(_derive_seed(seed, _ADVICE_PATH)))
    best = ranked[0]
    runner = ranked[1] if len(ranked) > 1 else None
    if runner is None and len(ranked) == 1:  # the search stopped at one candidate: say whether it was forced
        others = [m for m in _first(legal_moves, 2) if m != best.move]
        forced = not others
    else:
        forced = False
    worlds = [spec.sample_state(observation, random.Random(_derive_seed(seed, i))) for i in range(_WORLDS)]  # type: ignore[misc]
    told, scored = _effects(spec, observation, best.move, worlds)
    effects = tuple(dict.fromkeys(told))
    reasons = [*effects, *scored]
    explain = None if spec.terminal is None else spec.terminal.explain
    if explain is not None:
        reasons.extend(r if isinstance(r, Sentence) else Sentence(Message(r)) for r in explain(observation, best.move))
    reasons.append(_comparison(spec, worlds[0], best, runner, forced))
    margin = 0.0 if runner is None else max(0.0, best.value - runner.value)
    return Advice(
        move=best.move,
        reasons=tuple(dict.fromkeys(reasons)),
        effects=effects,
        value=best.value,
        visits=best.visits,
        runner_up=None if runner is None else runner.move,
        runner_up_value=None if runner is None else runner.value,
        margin=margin,
    )


def _proof(spec: GameSpec[Any, Any, Any, Any], observation: Any, seed: int) -> tuple[Any, Solution] | None:
    """
    The deal and its solution when the seat knows every card left: every imagined deal the same for
    the rest of the round (the game's solving key), small enough to solve, and solved in time.
    """
    heuristic = spec.heuristic
    solving = None if heuristic is None else heuristic.solving
    if spec.sample_state is None or solving is None or solving.solvable is None or solving.key is None:
        return None
    worlds = [spec.sample_state(observation, random.Random(_derive_seed(seed, _PROOF_PATH, i))) for i in range(2)]
    if solving.key(worlds[0]) != solving.key(worlds[1]) or not solving.solvable(worlds[0]):
        return None
    if len(spec.score(worlds[0]).sides) != 2:
        return None
    for i in range(2, _PROOF_WORLDS):
        world = spec.sample_state(observation, random.Random(_derive_seed(seed, _PROOF_PATH, i)))
        if solving.key(world) != solving.key(worlds[0]):
            return None
    try:
        return worlds[0], solve(worlds[0], lines=False)
    except SearchLimitError:
        return None


def _proven(spec: GameSpec[Any, Any, Any, Any], observation: Any, world: Any, solution: Solution) -> Advice:
    """The advice of a solved position: the best move, what it does, and what it brings with perfect play."""
    best = solution.best
    runner = solution.moves[1] if len(solution.moves) > 1 else None
    told, scored = _effects(spec, observation, best.move, [world])
    effects = tuple(dict.fromkeys(told))
    names = _side_names(spec.score(world).sides, observation.seat)
    said = Message(
        "with every card known, this move is proven best: played perfectly to the end of the round, it "
        "brings {side} {points} match points against the other side ({tally} in the round's tally)",
        side=names[solution.side],
        points=f"{best.value:+d}",
        tally=f"{best.tally_margin:+d}",
    )
    reasons = [*effects, *scored, Sentence(said)]
    tie = runner is not None and (runner.value, runner.tally_margin) == (best.value, best.tally_margin)
    if runner is not None:
        then = Message(
            "the next choice, {other}, brings {points} ({tally} in the tally)",
            other=spec.format_move(world, runner.move),
            points=f"{runner.value:+d}",
            tally=f"{runner.tally_margin:+d}",
        )
        reasons.append(Sentence(then))
    return Advice(
        move=best.move,
        reasons=tuple(dict.fromkeys(reasons)),
        effects=effects,
        value=1.0,
        visits=0,
        runner_up=None if runner is None else runner.move,
        runner_up_value=None if runner is None else (1.0 if tie else 0.0),
        margin=0.0 if runner is None or tie else 1.0,
        proven=True,
    )


def _first(moves: LegalMoves[Any], n: int) -> list[Any]:
    out = []
    for move in moves:
        out.append(move)
        if len(out) >= n:
            break
    return out


def _effects(
    spec: GameSpec[Any, Any, Any, Any], observation: Any, move: Any, worlds: Sequence[Any]
) -> tuple[list[Sentence], list[Sentence]]:
    """
    What *move* does at once as the game narrates it, and the points it scores: the sentences every
    imagined deal agrees on.
    """
    seat: int = observation.seat
    readings = [_reading(spec, seat, world, move) for world in worlds]
    agreed = [[r for r in first if all(r in other[k] for other in readings[1:])] for k, first in enumerate(readings[0])]
    return agreed[0], agreed[1]


def _reading(
    spec: GameSpec[Any, Any, Any, Any], seat: int, world: Any, move: Any
) -> tuple[list[Sentence], list[Sentence]]:
    after = spec.trusted_apply(world, move)  # the search's move: legal in every deal the seat imagines
    score, then = spec.score(world), spec.score(after)
    names = _side_names(score.sides, seat)
    told: list[Sentence] = []
    scored: list[Sentence] = []
    # Only the kinds the game says show what the move itself does (its terminal's hint_events), never
    # a card dealt after it; a game that names none has its move's effects left out.
    seen = frozenset() if spec.terminal is None else spec.terminal.hint_events
    if spec.events is not None:
        for event in spec.events(world, move, after):
            if event.kind in seen:
                told.append(Sentence(_mark(event.message, score.sides, seat)))
    same_round = not spec.is_over(after) and len(then.rounds) == len(score.rounds)
    if same_round and score.round is not None and then.round is not None:
        gains: dict[int, list[Message]] = {}
        before = {(i.side, i.rule, i.label): i.points for i in score.round.items}
        for item in then.round.items:
            gain = item.points - before.get((item.side, item.rule, item.label), 0)
            if gain:
                label = item.label.message if isinstance(item.label, Sentence) else item.label
                gains.setdefault(item.side, []).append(Message("{label} {gain}", label=label, gain=f"{gain:+d}"))
        for side, parts in sorted(gains.items()):
            items = Items(parts, "comma")
            if score.sides[side] == (seat,):  # "you" takes another form in some languages
                said = Message("it scores for you: {items}", items=items)
            else:
                said = Message("it scores for {side}: {items}", side=names[side], items=items)
            scored.append(Sentence(said))
    return told, scored


def _side_names(sides: Sequence[Sequence[int]], seat: int) -> list[Message]:
    names = []
    for seats in sides:
        ours = seat in seats
        if len(seats) == 1:
            names.append(Message("you") if ours else Message("seat {seat}", seat=seats[0]))
        else:
            listed = Items(seats, "and")
            if ours:
                names.append(Message("your side (seats {seats})", seats=listed))
            else:
                names.append(Message("the other side (seats {seats})", seats=listed))
    return names


def _mark(message: Message, sides: Sequence[Sequence[int]], seat: int) -> Message:
    """*message* with the seat and its partner named as such (``seat 1 (you) plays 7O``)."""
    partners = [s for seats in sides if seat in seats for s in seats if s != seat]
    who = dict(message.params).get("seat")
    if who == seat:
        return message.with_params(seat=Message("{seat} (you)", seat=who))
    if who in partners:
        return message.with_params(seat=Message("{seat} (your partner)", seat=who))
    return message


def _percent(share: float) -> Number:
    """A share from 0 to 1 as a percent in whole points (``0.634`` is ``63%``), written as each language writes it."""
    return Number(share, percent=True, places=0)


def _comparison(
    spec: GameSpec[Any, Any, Any, Any], world: Any, best: Candidate, runner: Candidate | None, forced: bool
) -> Sentence:
    """How the move scored, against the next choice."""
    if runner is None:
        if forced:
            return Sentence(Message("it is the only legal move"))
        return Sentence(Message("the search had no other move to weigh"))
    other = spec.format_move(world, runner.move)
    scored = Message.counted(
        "in {count} imagined deal of the hidden cards it rated {value} (0% is a sure loss, 100% a sure win)",
        "in {count} imagined deals of the hidden cards it rated {value} (0% is a sure loss, 100% a sure win)",
        best.visits,
        value=_percent(best.value),
    )
    if best.value >= runner.value:
        said = Message(
            "{scored}, {more} more than the next choice, {other} ({other_value})",
            scored=scored,
            more=_percent(best.value - runner.value),
            other=other,
            other_value=_percent(runner.value),
        )
        return Sentence(said)
    said = Message(
        "{scored}; {other} rated {other_value}, not clearly more: the rule-of-thumb move is kept unless "
        "another is clearly better",
        scored=scored,
        other=other,
        other_value=_percent(runner.value),
    )
    return Sentence(said)
