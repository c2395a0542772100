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
        values = {f.name: getattr(s, f.name) for f in attrs.fields(mulle.State) if f.init}
        fast, slow = _state(**values), mulle.State(**values)
        assert type(fast) is mulle.State
        assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
        assert cardrules.dumps(fast) == cardrules.dumps(slow)
        assert attrs.evolve(fast, round_no=fast.round_no + 1) == attrs.evolve(slow, round_no=slow.round_no + 1)


def test_mulle_fast_state_sets_every_field() -> None:
    fields = [f.name for f in attrs.fields(mulle.State) if f.init]
    values = [object() for _ in fields]
    s = _state(**dict(zip(fields, values, strict=True)))
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


@pytest.mark.parametrize("text", VARIANTS)
def test_mulle_capture_family_counts_without_a_space_agree_with_the_space(text: str) -> None:
    # a family with one capture is counted and unranked without its capture space: the same answers
    from cardrules.mulle._families import _Captures

    quick = 0
    for s in _states(text, 5, 200):
        for fam in mulle.legal_moves(s)._families:
            if not isinstance(fam, _Captures):
                continue
            n = fam.space.count()
            assert fam.size() == n
            quick += fam._only() is not None
            for i in range(min(n, 40)):
                assert fam.at(i) == fam.move(fam.space[i])
    assert quick  # the fast path was taken


@pytest.mark.parametrize("text", VARIANTS)
def test_mulle_uniform_choice_is_indexing_and_the_trusted_path_plays_it(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # random.choice(moves) draws moves[i] for i uniform; the trusted path plays such a move unchecked,
    # and the public apply checks it all the same (whatever was drawn before)
    game = cardrules.get_game(text)
    rng = random.Random(9)
    s = game.new_game(seed=9)
    played = []
    calls: list[tuple[object, object]] = []
    for _ in range(120):
        if mulle.is_over(s):
            break
        moves = mulle.legal_moves(s)
        listed = list(moves)
        assert len(moves) == len(listed)
        move = rng.choice(moves)
        assert move in listed and move in moves
        played.append((s, move))
        with monkeypatch.context() as m:
            m.setattr(mulle._play, "check_move", _refuse)
            after = game.spec.trusted_apply(s, move)

        def counted(state: mulle.State, move: mulle.Move) -> cardrules.Violation | None:
            calls.append((state, move))
            return mulle.check_move(state, move)

        with monkeypatch.context() as m:
            m.setattr(mulle._play, "check_move", counted)
            assert mulle.apply(s, move) == after
        assert calls[-1] == (s, move)
        s = after
    for before, move in played[:40]:  # checked cold, the same states
        assert mulle.check_move(before, move) is None
    assert len(calls) == len(played) > 20


def _refuse(state: object, move: object) -> None:
    raise AssertionError("the trusted path checked a move drawn from the legal moves")


def test_mulle_forged_moves_drawn_by_index_are_checked() -> None:
    # a hand-made MulleMoves cannot vouch for its moves through indexing either
    js = cardrules.Card.parse("JS")
    state = next(s for s in (mulle.new_game(seed=k) for k in range(100)) if js not in s.hands[s.to_play])
    mulle.legal_moves(state)
    forged = mulle.MulleMoves(state, [mulle.Trail(js)])
    move = random.Random(1).choice(forged)
    assert move == mulle.Trail(js)
    with pytest.raises(cardrules.IllegalMoveError) as info:
        mulle.apply(state, move)
    assert info.value.rule.id == "mulle.turn"


@pytest.mark.parametrize("text", VARIANTS)
def test_mulle_parse_move_reads_the_legal_move_and_apply_checks_it(text: str) -> None:
    # parse_move checks the move it reads (or finds it among the legal moves); apply checks it again
    # (nothing is remembered between the two), and plays what the trusted path plays
    game = cardrules.get_game(text)
    rng = random.Random(4)
    s = game.new_game(seed=4)
    for turn in range(80):
        if mulle.is_over(s):
            break
        move = mulle.legal_moves(s).sample(rng)
        written = mulle.format_move(s, move) if turn % 2 else mulle.format_canonical(move)
        parsed = mulle.parse_move(s, written)
        assert parsed == move
        after = mulle.apply(s, parsed)
        assert after == game.spec.trusted_apply(s, move)
        s = after
    assert turn > 20
