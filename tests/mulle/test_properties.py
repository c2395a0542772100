"""Property tests over random legal play of whole Mulle matches, for both presets and each option."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Suit
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle import (
    MulleRuleset,
    State,
    apply,
    format_canonical,
    format_move,
    legal_moves,
    observe,
    parse_canonical,
    parse_move,
    score,
    shuffle_hidden,
    zones,
)
from cardrules.mulle._cards import _card_points
from tests.playout import state_at
from tests.variants import MULLE

VARIANTS = MULLE

PACK = Counter(MULLE_PACK.cards)


def _check_round(rules: MulleRuleset, rnd: cardrules.RoundScore) -> None:
    assert rnd.tally == rnd.points
    for side in range(len(rnd.points)):
        assert rnd.points[side] == sum(i.points for i in rnd.items if i.side == side)
    if rules.building:
        assert 40 == sum(i.points for i in rnd.items if i.rule == "mulle.points.cards")
    else:
        assert 14 == sum(i.points for i in rnd.items if i.rule == "mulle.fishing.points")
        assert sum(i.points for i in rnd.items if i.rule == "mulle.fishing.spades") <= 1
        assert sum(i.points for i in rnd.items if i.rule == "mulle.fishing.sistan") <= 1


def play_match(text: str, seed: int, deep: bool) -> State:
    """Play a whole match by random sampling, checking the invariants at every step."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    s: State = game.new_game(seed=seed)
    steps = 0
    while not game.is_over(s):
        assert PACK == sum((Counter(z) for z in zones(s).values()), Counter())
        moves = legal_moves(s)
        assert moves
        move = moves.sample(rng)
        assert move in moves
        if deep or steps % 7 == 0:
            assert move == parse_move(s, format_move(s, move))
            assert move == parse_canonical(format_canonical(move))
            seat = rng.randrange(s.rules.players)
            assert observe(s, seat) == observe(shuffle_hidden(s, seat, rng), seat)
            observe(s, seat).to_dict()
        if steps % 50 == 0:
            assert s == cardrules.loads(cardrules.dumps(s))
        before = cardrules.dumps(s)
        after = apply(s, move)
        assert before == cardrules.dumps(s)  # apply never changes its input
        if after.round_no == s.round_no and after.winner is None:  # the play is on the record: who, and what
            assert (s.to_play, move) == (after.history[-1].seat, after.history[-1].move)
            assert after.history[:-1] == s.history
        if after.deal_no != s.deal_no or after.round_no != s.round_no or after.winner is not None:
            assert () == after.builds  # no build survives a deal (mulle.build.owner)
        if after.round_no != s.round_no or after.winner is not None:
            _check_round(s.rules, after.rounds[-1])
        steps += 1
        s = after
        assert steps < 20_000
    sc = score(s)
    assert sc.match == tuple(sum(r.points[i] for r in sc.rounds) for i in range(len(sc.sides)))
    assert sc.winner is not None
    assert s == cardrules.loads(cardrules.dumps(s))
    return s


@pytest.mark.parametrize("text", VARIANTS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_mulle_random_matches_keep_invariants(text: str, seed: int) -> None:
    """Whole random matches conserve the pack, score correctly, round-trip and end."""
    play_match(text, seed, deep=False)


@pytest.mark.parametrize("text", ["mulle", "mulle(players=4, locking_builds=true)", "mulle(capture_duty=hand)"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_mulle_build_owner_no_build_survives_a_deal(text: str, seed: int) -> None:
    """No build is on the table when a deal ends (mulle.build.owner)."""
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    s: State = game.new_game(seed=seed)
    deals = 0
    for _ in range(400):
        if game.is_over(s):
            break
        after = apply(s, legal_moves(s).sample(rng))
        if after.deal_no != s.deal_no or after.round_no != s.round_no or after.winner is not None:
            deals += 1
            assert () == after.builds
        s = after
    assert deals > 0


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_mulle_fishing_points_spades_at_most_one(seed: int) -> None:
    """Fishing rounds: 14 fixed points, at most 1 for spades and 1 for sistan (mulle.round.leftovers)."""
    s = play_match("mulle/fishing(players=3)", seed, deep=False)
    for rnd in s.rounds:
        _check_round(s.rules, rnd)
    assert sum(1 for c in MULLE_PACK.cards if c.suit is Suit.SPADES) == 26
    assert 40 == sum(_card_points(c) for c in MULLE_PACK.cards)


def _some_moves(state: State, k: int = 300) -> list[Any]:
    return list(itertools.islice(legal_moves(state), k))


@pytest.mark.parametrize("text", VARIANTS)
@settings(deadline=None)
@given(seed=st.integers(0, 2**16), step=st.integers(0, 400), seen=st.booleans())
def test_the_table_form_decides_the_moves_and_the_score(text: str, seed: int, step: int, seen: bool) -> None:
    """
    For random states of every Mulle ruleset, the table form read back has the same legal moves,
    and with ``taken`` in full the same round score, now and at the round's end whatever is played.
    """
    s = state_at(text, seed, step)
    game = cardrules.get_game(text)
    seat = s.to_play if seen and s.winner is None else None
    p = cardrules.position(s, seat, form="table")
    taken = next(w for w in p.split(" ") if w.startswith("taken="))
    assert "?" not in taken  # a state that holds its round whole writes every pile
    s2 = cardrules.from_position(p)
    assert cardrules.position(s2, seat, form="table") == p
    assert _some_moves(s2) == _some_moves(s)
    assert score(s2) == score(s)
    assert observe(s2, s.to_play).hand == observe(s, s.to_play).hand
    if s.winner is not None:
        return
    for move in _some_moves(s, 20):  # what each move scores is the same
        assert score(apply(s2, move)) == score(apply(s, move))
    if seat is None:  # every card shown: the same round to its end, move for move
        rng = random.Random(seed)
        a, b, rounds = s, s2, len(s.rounds)
        while not game.is_over(a) and len(a.rounds) == rounds:
            move = legal_moves(a).sample(rng)
            assert _some_moves(b, 50) == _some_moves(a, 50)
            a, b = apply(a, move), apply(b, move)
        assert score(b).rounds[rounds:] == score(a).rounds[rounds:]
