"""
Values out of range get a library exception that says what was wrong.

A seat that does not exist, a number too long to read, a move after the end of the match, an
observation changed by hand so that no state shows it: never a bare ValueError from deep inside,
never a message Python refuses to write, never a state made up from nonsense.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import IllegalMoveError, InvalidOptionError, InvalidPositionError, records
from tests.bots.positions import position
from tests.variants import GAMES

NAMES = GAMES
SEATS = {"mulle": 2, "mililla": 4, "charlemagne": 4}
HUGE = 10**5000  # past the 4,300 digits Python writes or reads as text
BAD_SEATS: tuple[object, ...] = (-1, 4, 9, True, False, 1.0, "0", None, HUGE, -HUGE)


def module(name: str) -> ModuleType:
    return importlib.import_module(f"cardrules.{name}")


def refused(seat: object, seats: int) -> bool:
    return not (type(seat) is int and 0 <= seat < seats)


@pytest.mark.parametrize("name", NAMES)
def test_a_seat_that_does_not_exist_is_refused_by_observe_and_shuffle_hidden(name: str) -> None:
    """observe and shuffle_hidden take the seats of the game only, not True, 1.0 or "0" (a bool is no seat)."""
    m = module(name)
    game = cardrules.get_game(name)
    state = m.new_game(seed=1)
    for seat in BAD_SEATS:
        calls: dict[str, Callable[[], object]] = {
            "observe": partial(m.observe, state, seat),
            "Game.observe": partial(game.observe, state, cast(int, seat)),
            "shuffle_hidden": partial(m.shuffle_hidden, state, seat, random.Random(1)),
        }
        for label, call in calls.items():
            if not refused(seat, SEATS[name]):
                call()
                continue
            with pytest.raises(InvalidOptionError, match=r"^seat must be one of 0, 1") as info:
                call()
            assert isinstance(info.value, ValueError), label  # `except ValueError` still catches it
            assert len(str(info.value)) < 120, label


@pytest.mark.parametrize("name", NAMES)
def test_every_real_seat_is_taken(name: str) -> None:
    """The check refuses no real seat: each one observes and shuffles."""
    m = module(name)
    state = m.new_game(seed=2)
    for seat in range(SEATS[name]):
        assert m.observe(state, seat).seat == seat
        assert m.observe(m.shuffle_hidden(state, seat, random.Random(seat)), seat) == m.observe(state, seat)


def test_numbers_too_long_to_write_are_described_by_their_size() -> None:
    """A number of thousands of digits in a seat, dealer or option gives a short message, not Python's refusal."""
    state = module("mililla").new_game(seed=1)
    cases: dict[str, Callable[[], object]] = {
        "observe": lambda: module("mulle").observe(module("mulle").new_game(seed=1), HUGE),
        "position": lambda: cardrules.get_game("mililla").position(state, HUGE),
        "dealer": lambda: module("mililla").new_game(dealer=HUGE),
        "option": lambda: cardrules.get_game("mulle(target=" + "9" * 5000 + ")"),
        "option value": lambda: module("mulle").MulleRuleset(players=HUGE),
    }
    for label, call in cases.items():
        with pytest.raises(InvalidOptionError) as info:
            call()
        text = str(info.value)
        assert "digits" in text and "sys.set_int_max_str_digits" not in text and len(text) < 160, label


def test_long_numbers_that_python_can_write_are_shown_shortened() -> None:
    """A number of fifty digits is still written out, shortened, in the refusal."""
    with pytest.raises(InvalidOptionError, match=r"option players takes one of 2, 3, 4, not 99999"):
        cardrules.get_game("mulle(players=" + "9" * 50 + ")")


@pytest.mark.parametrize("name", ["mulle(target=0)", "mililla(single_round=true)", "charlemagne(single_round=true)"])
def test_a_recorded_move_after_the_end_is_refused_with_the_rule_that_ended_the_match(name: str) -> None:
    """records.from_moves refuses a move played after the end as apply does: IllegalMoveError, with its rule."""
    game = cardrules.get_game(name)
    start = state = game.new_game(seed=5)
    rng = random.Random(5)
    moves = []
    while not game.is_over(state):
        move = game.legal_moves(state).sample(rng)
        moves.append(move)
        state = game.apply(state, move)
    with pytest.raises(IllegalMoveError) as from_apply:
        game.apply(state, moves[-1])
    with pytest.raises(IllegalMoveError) as info:
        records.from_moves(start, [*moves, moves[-1]])
    assert info.value.rule == from_apply.value.rule
    assert records.verify(records.from_moves(start, moves)).ok  # the moves up to the end still make a record


def _forged(name: str, seed: int, plays: int, field: str, delta: int) -> Any:
    """An observation of a random position with one field changed by hand."""
    game, state = position(name, seed, plays)
    seat = seed % SEATS[name]
    view = game.observe(state, seat)
    value = getattr(view, field)
    if field == "hand":
        changed = value[: max(0, len(value) - 1)] if delta < 0 else (*value, *value[:1])
    elif field == "seat":
        changed = (value + delta) % SEATS[name]
    else:  # a tuple of counts
        i = seed % len(value)
        changed = (*value[:i], max(0, value[i] + delta), *value[i + 1 :])
    return attrs.evolve(view, **{field: changed})


@given(
    name=st.sampled_from(NAMES),
    seed=st.integers(0, 10_000),
    plays=st.integers(0, 60),
    field=st.sampled_from(["hand", "hand_counts", "seat"]),
    delta=st.sampled_from([-1, 1, 2]),
)
def test_sample_state_of_an_observation_changed_by_hand(
    name: str, seed: int, plays: int, field: str, delta: int
) -> None:
    """
    sample_state of a hand-made observation either gives a state that shows the seat exactly that
    observation, which the game's own checks accept, or refuses it with InvalidPositionError.
    """
    view = _forged(name, seed, plays, field, delta)
    game = cardrules.get_game(name)
    try:
        state = cardrules.sample_state(view, random.Random(seed))
    except InvalidPositionError as exc:
        assert exc.field
        return
    assert game.observe(state, view.seat) == view
    text = game.position(state)
    assert game.position(game.from_position(text)) == text  # a position the game's checks accept


@pytest.mark.parametrize("name", NAMES)
def test_sample_state_refuses_a_hand_that_does_not_add_up(name: str) -> None:
    """One card more in the seat's own hand than the round allows is refused: no state shows it."""
    view = _forged(name, 3, 0, "hand", 1)
    with pytest.raises(InvalidPositionError):
        cardrules.sample_state(view, random.Random(0))


def test_a_document_with_a_number_python_will_not_read_is_refused_in_words() -> None:
    """A saved state or record holding a number of 5,000 digits: InvalidRecordError, without Python's advice."""
    text = '{"format": "cardrules-record", "seed": ' + "9" * 5000 + "}"
    for load in (cardrules.loads, records.loads):
        with pytest.raises(cardrules.InvalidRecordError, match="a number has more than 4,300 digits") as info:
            load(text)
        assert "set_int_max_str_digits" not in str(info.value)


BAD_NUMBERS: tuple[object, ...] = (HUGE, -HUGE, float("nan"), float("inf"), -1, True, "3")


def test_the_bots_refuse_numbers_out_of_range_in_words() -> None:
    """
    Bot options, simulate's batch size and the interval helpers: InvalidOptionError, in a short
    message. (A count of iterations or matches of any size is accepted: it is only long to run.)
    """
    from cardrules.bots import ISMCTSBot, SearchBot, default_chunksize, simulate, wilson_interval

    # (call, whether a number of 10**5000 is fine: a batch or a match count of any size is one)
    calls: list[tuple[Callable[[object], object], bool]] = [
        (lambda v: SearchBot(seconds=v), False),  # type: ignore[arg-type]
        (lambda v: SearchBot(margin=v), False),  # type: ignore[arg-type]
        (lambda v: ISMCTSBot(seconds=v), False),  # type: ignore[arg-type]
        (lambda v: ISMCTSBot(exploration=v), False),  # type: ignore[arg-type]
        (lambda v: SearchBot(epsilon=v), False),  # type: ignore[arg-type]
        (lambda v: SearchBot(round_weight=v), False),  # type: ignore[arg-type]
        (lambda v: ISMCTSBot(epsilon=v), False),  # type: ignore[arg-type]
        (lambda v: ISMCTSBot(round_weight=v), False),  # type: ignore[arg-type]
        (lambda v: simulate("mililla", ["random", "random"], 1, chunksize=v), True),  # type: ignore[arg-type]
        (lambda v: default_chunksize(v, 2), True),  # type: ignore[arg-type]
        (lambda v: default_chunksize(10, v), True),  # type: ignore[arg-type]
        (lambda v: wilson_interval(v, 10), False),  # type: ignore[arg-type]
        (lambda v: wilson_interval(1, v), False),  # type: ignore[arg-type]
        (lambda v: wilson_interval(1, 10, v), False),  # type: ignore[arg-type]
    ]
    for i, (call, huge_ok) in enumerate(calls):
        for v in BAD_NUMBERS:  # a time budget of 10**5000 seconds is no float: refused
            if huge_ok and v is HUGE:
                call(v)
                continue
            with pytest.raises(InvalidOptionError) as info:
                call(v)
            assert len(str(info.value)) < 300, (i, v)
    assert SearchBot(iterations=HUGE).iterations == HUGE  # long to run, but a count
    for v in (-HUGE, 0, True, "3"):
        with pytest.raises(InvalidOptionError, match="iterations must be a whole number"):
            SearchBot(iterations=v)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError, match="matches must be a whole number"):
            simulate("mililla", ["random", "random"], v)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="cannot be more than trials"):
        wilson_interval(11, 10)
    assert default_chunksize(10**30, 4) == 256  # a count too large for a float still has a batch size


def test_the_environments_refuse_numbers_out_of_range_in_words() -> None:
    """penalty, reset seeds and actions of every size: a library exception, the match unchanged."""
    pytest.importorskip("pettingzoo")
    from cardrules.rl import InvalidActionError, gymnasium_env, pettingzoo_env

    for v in (HUGE, float("nan"), float("inf"), -1e301, 10**400):
        with pytest.raises(InvalidOptionError, match="penalty takes a finite number"):
            pettingzoo_env("mililla", penalty=v)
    gym = gymnasium_env("mililla", opponents="random")
    for seed in (-1, 1.5, "1", True, -HUGE):
        with pytest.raises(InvalidOptionError, match="seed takes a whole number of at least 0"):
            gym.reset(seed=seed)  # type: ignore[arg-type]
    env = pettingzoo_env("mililla")  # illegal="raise"
    env.reset(seed=1)
    before = env.unwrapped.state
    for action in (HUGE, -HUGE, 40, -1):
        with pytest.raises(InvalidActionError) as info:
            env.step(action)
        assert len(str(info.value)) < 200
    assert env.unwrapped.state is before
