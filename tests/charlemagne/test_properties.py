"""Property tests over random legal play of whole Charlemagne matches (hypothesis; profiles in conftest)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import CardrulesError
from cardrules import charlemagne as ch
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK

RULESETS = [ch.STANDARD, ch.CharlemagneRuleset(end_when_decided=True)]
SCORES = {5, 6, 7, 8, 15, 16, 30, 32}
MAX_MOVES = 5000  # a match always ends well before this

seeds = st.integers(min_value=0, max_value=2**63 - 1)
rngs = st.randoms(use_true_random=False)
# How often a bidder passes when allowed: low values give many solo contracts, high ones many number bids.
pass_odds = st.sampled_from([0.0, 0.5, 0.8])


def choose(state: ch.State, rng: random.Random, odds: float) -> ch.Move:
    """A random legal move; in the bidding, pass with probability *odds* when passing is legal."""
    moves = ch.legal_moves(state)
    if state.phase == "bid" and ch.Pass() in moves and rng.random() < odds:
        return ch.Pass()
    return moves.sample(rng)


def playout(
    rules: ch.CharlemagneRuleset, seed: int, rng: random.Random, odds: float
) -> Iterator[tuple[ch.State, ch.Move, ch.State]]:
    """Every step (before, move, after) of one random match; fails if it does not end."""
    s = ch.new_game(rules, seed=seed)
    for _ in range(MAX_MOVES):
        if ch.is_over(s):
            return
        m = choose(s, rng, odds)
        after = ch.apply(s, m)
        yield s, m, after
        s = after
    pytest.fail("the match did not end")


def start_sizes(s: ch.State) -> dict[str, int]:
    """The zone sizes of *s* with hands named by role."""
    assert s.bidder is not None and s.partner is not None
    opp = [(s.bidder + 1) % 4, (s.bidder + 3) % 4]
    return {
        "bidder": len(s.hands[s.bidder]),
        "partner": len(s.hands[s.partner]),
        "opponents": len(s.hands[opp[0]]) + len(s.hands[opp[1]]),
        "kitty": len(s.kitty),
        "discards": len(s.discards),
        "out": len(s.out),
    }


def expected_start(s: ch.State) -> dict[str, int]:
    c = s.contract
    assert c is not None
    if c.is_number:
        return {"bidder": 8, "partner": 8, "opponents": 16, "kitty": 0, "discards": 2, "out": 0}
    if c.is_mulot:
        return {"bidder": 8, "partner": 0, "opponents": 16, "kitty": 2, "discards": 0, "out": 8}
    if c is ch.Contract.CHARLEMAGNE:
        return {"bidder": 8, "partner": 0, "opponents": 16, "kitty": 0, "discards": 3, "out": 7}
    if s.source == "kitty":
        return {"bidder": 8, "partner": 0, "opponents": 16, "kitty": 0, "discards": 2, "out": 8}
    return {"bidder": 8, "partner": 0, "opponents": 16, "kitty": 2, "discards": 1, "out": 7}


def card_texts(data: object) -> set[str]:
    """Every string in JSON data that is a card of the pack."""
    out: set[str] = set()
    if isinstance(data, str):
        try:
            out.add(str(CHARLEMAGNE_PACK.parse(data)))
        except CardrulesError:
            pass
    elif isinstance(data, dict):
        for v in data.values():
            out |= card_texts(v)
    elif isinstance(data, list):
        for v in data:
            out |= card_texts(v)
    return out


def may_see(s: ch.State, seat: int) -> set[str]:
    """The cards *seat* may see in *s* (charlemagne.give)."""
    seen = set(s.hands[seat]) | set(s.trick) | set(s.last_trick) | set(s.won[0]) | set(s.won[1])
    if seat == s.bidder:
        seen |= set(s.taken) | set(s.discards)
    if seat in (s.bidder, s.partner) and s.passed is not None:
        seen.add(s.passed)
    if seat == s.partner:
        seen |= set(s.out)
    if s.contract is ch.Contract.GROS_MULOT and s.phase == "play" and sum(s.tricks) > 0 and s.bidder is not None:
        seen |= set(s.hands[s.bidder])
    return {str(c) for c in seen}


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "end_when_decided"])
@given(seed=seeds, rng=rngs, odds=pass_odds)
def test_charlemagne_cards_conserved_with_exact_sizes_at_first_lead(
    rules: ch.CharlemagneRuleset, seed: int, rng: random.Random, odds: float
) -> None:
    """charlemagne.deal: all 34 cards at every step; each contract's exact zone sizes when play starts."""
    pack = Counter(CHARLEMAGNE_PACK.cards)
    for before, _, after in playout(rules, seed, rng, odds):
        assert pack == Counter(c for cs in ch.zones(after).values() for c in cs)
        if after.phase == "play" and before.phase != "play" and after.round_no == before.round_no:
            assert expected_start(after) == start_sizes(after)
            assert after.bidder is not None and 8 == len(after.hands[after.bidder])


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "end_when_decided"])
@given(seed=seeds, rng=rngs, odds=pass_odds)
def test_charlemagne_one_team_scores_per_hand_and_match_ends_at_32(
    rules: ch.CharlemagneRuleset, seed: int, rng: random.Random, odds: float
) -> None:
    """charlemagne.score.*: exactly one team scores per hand, by a table value; the match ends at 32."""
    last = None
    for before, _, after in playout(rules, seed, rng, odds):
        last = after
        if len(after.rounds) == len(before.rounds):
            assert before.match == after.match
            continue
        delta = (after.match[0] - before.match[0], after.match[1] - before.match[1])
        assert 1 == sum(1 for d in delta if d), delta
        gained = max(delta)
        assert gained in SCORES
        assert before.contract is not None and gained in before.contract.points
        side = delta.index(gained)
        assert before.bidder is not None
        made = side == before.bidder % 2
        assert gained == before.contract.points[0 if made else 1]
        assert (max(after.match) >= 32) == ch.is_over(after)
        assert after.match == tuple(sum(r.points[i] for r in after.rounds) for i in (0, 1))
    assert last is not None and ch.is_over(last)
    sc = ch.score(last)
    assert sc.winner is not None and sc.match[sc.winner] >= 32 > sc.match[1 - sc.winner]
    assert ch.to_move(last) is None and not ch.legal_moves(last)


@given(seed=seeds, rng=rngs, odds=pass_odds)
def test_charlemagne_observations_hide_the_hidden_cards(seed: int, rng: random.Random, odds: float) -> None:
    """charlemagne.hidden: no observation shows a card its seat may not see; hidden re-deals change nothing."""
    leak_rng = random.Random(seed)
    for i, (_, _, s) in enumerate(playout(ch.STANDARD, seed, rng, odds)):
        for k in range(4):
            o = ch.observe(s, k)
            assert card_texts(o.to_dict()) <= may_see(s, k)
            assert (o.kitty_taken != ()) == (k == s.bidder and s.taken != ())
            assert (o.discards != ()) == (k == s.bidder and s.discards != ())
            assert (o.out != ()) == (k == s.partner and s.out != ())
            assert (o.passed is not None) == (k in (s.bidder, s.partner) and s.passed is not None)
            if s.contract is ch.Contract.GROS_MULOT and s.phase == "play" and sum(s.tricks) > 0:
                assert s.bidder is not None and s.hands[s.bidder] == o.open_hand
            else:
                assert o.open_hand is None
            if i % 3 == 0:
                t = ch.shuffle_hidden(s, k, leak_rng)
                ch.check_state(t)
                assert o == ch.observe(t, k)
                u = ch.sample_state(o, leak_rng)
                ch.check_state(u)
                assert o == ch.observe(u, k)
                assert Counter(CHARLEMAGNE_PACK.cards) == Counter(x for cs in ch.zones(u).values() for x in cs)
                if k == ch.to_move(s):
                    assert list(ch.legal_moves(s)) == list(ch.legal_moves(u))


@pytest.mark.parametrize("rules", RULESETS, ids=["standard", "end_when_decided"])
@given(seed=seeds, rng=rngs, odds=pass_odds)
def test_charlemagne_apply_pure_round_trips_and_notation(
    rules: ch.CharlemagneRuleset, seed: int, rng: random.Random, odds: float
) -> None:
    """apply never mutates; dumps/loads round-trips; every legal move round-trips through notation."""
    for before, move, after in playout(rules, seed, rng, odds):
        played = set(before.trick) | ({move.card} if isinstance(move, ch.Play) else set())
        for event in ch.events(before, move, after):
            assert event.rule in ch.RULES and event.text
            if event.kind == "open":  # the Gros Mulot hand, public from now on
                assert before.bidder is not None and set(event.cards) <= set(before.hands[before.bidder])
            else:  # events never name a hidden card
                assert set(event.cards) <= played
        copied = copy.deepcopy(before)
        assert ch.apply(before, move) == after
        assert copied == before
        assert after == cardrules.loads(cardrules.dumps(after))
        ch.check_state(after)
        moves = ch.legal_moves(before)
        assert moves and move in moves
        seat = ch.to_move(before)
        if before.phase == "play" and before.contract is not None and before.contract.is_solo:
            assert seat != before.partner
        for m in moves:
            assert ch.check_move(before, m) is None
            assert m == ch.parse_move(before, ch.format_move(before, m))
            assert m == ch.parse_canonical(ch.format_canonical(m))


@given(seed=seeds, rng=rngs, odds=pass_odds)
def test_charlemagne_every_match_ends(seed: int, rng: random.Random, odds: float) -> None:
    """charlemagne.match.target: random play always ends with a winner."""
    steps = list(playout(ch.STANDARD, seed, rng, odds))
    assert steps and ch.is_over(steps[-1][2])
