"""The public API as a user types it: checked by ``mypy --strict`` in CI, never run by pytest."""

from __future__ import annotations

import random

import cardrules
from cardrules import errors, mililla, records, rl


def play_mililla(seed: int) -> tuple[int, ...]:
    """A typed loop over the Mililla module."""
    state: mililla.State = mililla.new_game(mililla.MilillaRuleset(rank_order="malilla"), seed=seed)
    rng = random.Random(seed)
    while not mililla.is_over(state):
        moves: cardrules.LegalMoves[mililla.Play] = mililla.legal_moves(state)
        move: mililla.Play = moves.sample(rng)
        violation: cardrules.Violation | None = mililla.check_move(state, move)
        assert violation is None
        state = mililla.apply(state, move)
    view: mililla.Observation = mililla.observe(state, 0)
    card: cardrules.Card | None = view.hand[0] if view.hand else None
    del card
    score: cardrules.Score = mililla.score(state)
    return score.match


def play_any(name: str) -> int | None:
    """A typed loop over any game through get_game."""
    game = cardrules.get_game(name)
    state = game.new_game(seed=1)
    seat: int | None = game.to_move(state)
    while seat is not None:
        state = game.apply(state, game.legal_moves(state)[0])
        seat = game.to_move(state)
    text: str = cardrules.dumps(state)
    assert cardrules.loads(text) == state
    winner: int | None = game.score(state).winner
    return winner


def check_record(text: str) -> bool:
    """Records are typed too."""
    record: records.Record = records.loads(text)
    report: records.Report = records.verify(record)
    problems: tuple[records.Problem, ...] = report.problems
    return report.ok and not problems


def handle_errors(text: str) -> str:
    """Every error is a CardrulesError; a bad move's is also a ValueError."""
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=1)
    try:
        game.apply(state, game.parse_move(state, text))
    except cardrules.IllegalMoveError as err:
        rule: cardrules.Rule = err.rule
        return rule.id
    except cardrules.InvalidNotationError as err:
        return str(err)
    except cardrules.WrongKindError as err:
        return str(err)
    return "ok"


def error_kinds() -> None:
    """
    What kind of built-in error each error also is: most are ``ValueError``s, but not all. (mypy
    --strict reports an ignore that is not needed, so each ``type: ignore`` below says that the
    assignment is wrong: the class is *not* of that kind.)
    """
    values: tuple[type[ValueError], ...] = (
        cardrules.InvalidNotationError,
        cardrules.InvalidCardError,
        cardrules.AmbiguousMoveError,
        cardrules.IllegalMoveError,
        cardrules.UnknownOptionError,
        cardrules.InvalidOptionError,
        cardrules.InvalidRecordError,
        cardrules.InvalidPositionError,
        cardrules.InvalidDeckError,
        errors.InvalidActionError,
    )
    every: tuple[type[cardrules.CardrulesError], ...] = (
        cardrules.IllegalMoveError,
        cardrules.WrongKindError,
        cardrules.UnsupportedError,
        errors.PluginError,
        errors.InvalidActionError,
        errors.SearchLimitError,
    )
    too_deep: type[RuntimeError] = errors.SearchLimitError
    wrong_kind: type[TypeError] = cardrules.WrongKindError
    unsupported: type[NotImplementedError] = cardrules.UnsupportedError
    not_a_value: type[ValueError] = cardrules.WrongKindError  # type: ignore[assignment]
    nor_this: type[ValueError] = cardrules.UnsupportedError  # type: ignore[assignment]
    nor_a_plugin: type[ValueError] = errors.PluginError  # type: ignore[assignment]
    nor_a_search: type[ValueError] = errors.SearchLimitError  # type: ignore[assignment]
    same: type[errors.InvalidActionError] = rl.InvalidActionError
    del values, every, too_deep, wrong_kind, unsupported, not_a_value, nor_this, nor_a_plugin, nor_a_search, same
