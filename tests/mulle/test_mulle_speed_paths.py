"""The engine's own fast paths give exactly what the public, slower ways give."""

from __future__ import annotations

import random

import attrs
import pytest

import cardrules
from cardrules import mulle
from cardrules.mulle._state import _state

VARIANTS = ("mulle", "mulle/fishing", "mulle(players=4)", "mulle(locking_builds=true)")


def _states(text: str, seed: int, moves: int) -> list[mulle.State]:
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    s = game.new_game(seed=seed)
    out = [s]
    for _ in range(moves):
        if mulle.is_over(s):
            break
        s = mulle.apply(s, mulle.legal_moves(s).sample(rng))
        out.append(s)
    return out


@pytest.mark.parametrize("text", VARIANTS)
def test_mulle_fast_state_is_the_attrs_state(text: str) -> None:
    # _state stores every field through its slot; the result is the State that State(...) makes
    for s in _states(text, 7, 120):
        values = [getattr(s, f.name) for f in attrs.fields(mulle.State) if f.init]
        fast, slow = _state(*values), mulle.State(*values)
        assert type(fast) is mulle.State
        assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
        assert cardrules.dumps(fast) == cardrules.dumps(slow)
        assert attrs.evolve(fast, round_no=fast.round_no + 1) == attrs.evolve(slow, round_no=slow.round_no + 1)


def test_mulle_fast_state_sets_every_field() -> None:
    fields = [f.name for f in attrs.fields(mulle.State) if f.init]
    values = [object() for _ in fields]
    s = _state(*values)  # type: ignore[arg-type]
    assert [getattr(s, name) for name in fields] == values


@pytest.mark.parametrize("text", VARIANTS)
def test_mulle_fast_moves_and_turns_are_the_attrs_ones(text: str) -> None:
    # the captures the legal moves make, and the turns apply records, equal those of the public constructors
    for s in _states(text, 11, 150):
        for move in list(mulle.legal_moves(s))[:30]:
            if isinstance(move, mulle.Capture):
                slow = mulle.Capture(move.card, tuple(reversed(move.taken)), move.value)
                assert move == slow and hash(move) == hash(slow) and repr(move) == repr(slow)
        for turn in s.history:
            assert turn == mulle.Turn(turn.seat, turn.move, turn.builds, turn.mulles, turn.tabbe)
            assert repr(turn) == repr(mulle.Turn(turn.seat, turn.move, turn.builds, turn.mulles, turn.tabbe))
