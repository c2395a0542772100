"""
The public history and what it proves, in every game and variant: the inferences hold for the real
hands; each names a rule of the game and is exactly what that rule enforces (Mililla, Charlemagne:
checked card by card against ``check_move``); and every sampled state agrees with every inference
and with the whole history, the strongest check: replaying the round from its deal, with the
sampled hands, every public move is legal (``apply`` checks each one) and ends in the sample.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import charlemagne as ch
from cardrules import mililla, mulle
from cardrules.charlemagne._infer import play_bans as charlemagne_bans
from cardrules.charlemagne._legal import _order
from cardrules.mililla._cards import _STRENGTH
from cardrules.mililla._infer import play_bans as mililla_bans
from cardrules.mulle._infer import dealt_table
from tests.variants import VARIANTS

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _first_round(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> list[Any]:
    """The states of the first round of a random match, its deal first (never the next round's deal)."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    out = [state]
    while not game.is_over(state):
        after = game.apply(state, game.legal_moves(state).sample(rng))
        if after.round_no != state.round_no or game.is_over(after):
            break
        out.append(after)
        state = after
    return out


def _seats(game: cardrules.Game[Any, Any, Any, Any], state: Any) -> range:
    return range(len(state.hands))


def _hand(state: Any, seat: int) -> tuple[cardrules.Card, ...]:
    return tuple(state.hands[seat])


# --- replaying a round from its deal, the hidden hands those of a sample ---------------------------


def _replay_mililla(game: cardrules.Game[Any, Any, Any, Any], sample: mililla.State) -> mililla.State:
    plays = [(leader, cards) for leader, cards in sample.history]
    if sample.trick:
        plays.append((sample.trick_leader, sample.trick))
    played: dict[int, list[cardrules.Card]] = {s: [] for s in range(4)}
    for leader, cards in plays:
        for i, c in enumerate(cards):
            played[(leader + i) % 4].append(c)
    hands = [list(sample.hands[s]) + played[s] for s in range(4)]
    deck = mililla.deck_from_hands(hands, sample.dealer, sample.turn_up)
    state = game.new_game(seed=0, deck=deck, dealer=sample.dealer)
    for _, cards in plays:
        for c in cards:
            state = game.apply(state, mililla.Play(c))  # checked: an illegal play raises
    end: mililla.State = state
    return end


def _replay_charlemagne(game: cardrules.Game[Any, Any, Any, Any], sample: ch.State) -> ch.State:
    s = sample
    b, p, c = s.bidder, s.partner, s.contract
    plays = [*s.history, *([(s.leader, s.trick)] if s.trick else [])]
    played: dict[int, list[cardrules.Card]] = {seat: [] for seat in range(4)}
    for leader, cards in plays:
        order = _order(attrs.evolve(s, leader=leader, trick=()))
        for i, card in enumerate(cards):
            played[order[i]].append(card)
    hands = [list(s.hands[seat]) + played[seat] for seat in range(4)]
    kitty = list(s.taken) or list(s.kitty)
    if b is not None and p is not None and c is not None:
        passed = [s.passed] if s.passed is not None else []
        hands[b] = list((Counter(hands[b]) + Counter(s.discards) - Counter(s.taken) - Counter(passed)).elements())
        if c.is_solo and not s.hands[p]:  # the partner sits out: its cards thrown away (less one passed)
            hands[p] = list(s.out) + ([s.passed] if s.passed is not None else [])
    state = game.new_game(seed=0, deck=ch.deck_from_hands(hands, kitty, s.dealer), dealer=s.dealer)
    moves: list[Any] = [ch.Pass() if call is None else ch.Bid(call) for call in s.calls]
    if s.source is not None:
        moves.append(ch.ChooseSource(s.source))
    if s.passed is not None:
        moves.append(ch.Give(s.passed))
    moves += [ch.Discard(card) for card in s.discards]
    if s.trump is not None:
        moves.append(ch.NameTrump(s.trump))
    moves += [ch.Play(card) for _, cards in plays for card in cards]
    for move in moves:
        state = game.apply(state, move)
    end: ch.State = state
    return end


def _replay_mulle(game: cardrules.Game[Any, Any, Any, Any], sample: mulle.State, view: mulle.Observation) -> Any:
    rules = sample.rules
    n, h = rules.players, rules.hand_size
    per_deal = n * h
    deals: list[list[list[cardrules.Card]]] = [[[] for _ in range(n)] for _ in range(sample.deal_no + 1)]
    for j, turn in enumerate(sample.history):
        deals[j // per_deal][turn.seat].append(turn.move.card)
    for seat in range(n):
        deals[-1][seat].extend(sample.hands[seat])
    chunks = []
    for hands in deals:
        k = sum(len(x) for x in hands)
        chunks.append([hands[(sample.dealer + 1 + j) % n][j // n] for j in range(k)])
    deck = [*chunks[0], *dealt_table(view), *(c for chunk in chunks[1:] for c in chunk), *sample.stock]
    state = game.new_game(seed=0, deck=deck, dealer=sample.dealer)
    for turn in sample.history:
        state = game.apply(state, turn.move)  # checked: an illegal play raises
    return state


def _replay(game: cardrules.Game[Any, Any, Any, Any], sample: Any, view: Any) -> None:
    """Replay the round of *sample* from its deal: every public move must be legal, ending in the sample."""
    end: Any
    if game.name == "mililla":
        end = _replay_mililla(game, sample)
    elif game.name == "charlemagne":
        end = _replay_charlemagne(game, sample)
    else:
        end = _replay_mulle(game, sample, view)
        assert end.stock == sample.stock
    assert end.hands == sample.hands
    assert game.observe(end, view.seat) == view


# --- the properties -------------------------------------------------------------------------------


@pytest.fixture(params=VARIANTS, scope="module")
def game(request: pytest.FixtureRequest) -> cardrules.Game[Any, Any, Any, Any]:
    """Each variant's game."""
    return cardrules.get_game(request.param)


@given(seed=seeds)
def test_the_inferences_hold_for_the_real_hands(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """Every inference from any seat's observation holds for the real hand, and names a rule of the game."""
    for state in _first_round(game, seed):
        for seat in _seats(game, state):
            view = game.observe(state, seat)
            for inference in cardrules.inferences(view):
                assert inference.rule in game.spec.rulebook
                assert inference.agrees(_hand(state, inference.seat)), inference


@given(seed=seeds)
def test_samples_agree_with_the_whole_history(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """
    Zero contradicting samples: each sample agrees with every inference, and replaying the round from
    its deal with the sampled hands, every public move was legal and the round ends in the sample.
    """
    rng = random.Random(seed)
    states = _first_round(game, seed)
    for state in rng.sample(states, min(len(states), 12)):
        seat = rng.choice(_seats(game, state))
        view = game.observe(state, seat)
        proved = cardrules.inferences(view)
        for _ in range(3):
            sample = cardrules.sample_state(view, rng)
            for inference in proved:
                assert inference.agrees(_hand(sample, inference.seat)), inference
            _replay(game, sample, view)
        other = game.spec.shuffle_hidden(state, seat, rng)
        for inference in proved:
            assert inference.agrees(_hand(other, inference.seat)), inference


@given(seed=seeds)
def test_the_history_is_public(game: cardrules.Game[Any, Any, Any, Any], seed: int) -> None:
    """The observation's history holds only cards every seat saw played, the same for every seat."""
    for state in _first_round(game, seed)[::5]:
        views = [game.observe(state, seat) for seat in _seats(game, state)]
        assert len({v.history for v in views}) == 1
        history = views[0].history
        if game.name == "mulle":
            assert [t.move.card for t in history] == [t.move.card for t in state.history]
            continue
        played = [c for _, cards in history for c in cards]
        assert Counter(played) == Counter(state.won[0] + state.won[1])
        assert len(history) == sum(state.tricks)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.startswith("mililla")])
@pytest.mark.parametrize("seed", range(3))
def test_mililla_inferences_are_exactly_the_rules(variant: str, seed: int) -> None:
    """
    A card is ruled out for a play exactly when holding it beside the card played would have made
    that play illegal, by the very rule ``check_move`` names first.
    """
    game = cardrules.get_game(variant)
    state = _first_round(game, seed)[-1]
    strength = _STRENGTH[state.rules.rank_order]
    led: frozenset[cardrules.Suit] = frozenset()
    for leader, cards in state.history:
        for i in range(1, 4):
            card, seat = cards[i], (leader + i) % 4
            bans = mililla_bans(cards[:i], leader, card, state.turn_up.suit, strength, state.rules.seven_rule, led)
            for other in game.spec.pack.cards:
                if other is card:
                    continue
                hands = list(state.hands)
                hands[seat] = (card, other)
                then = attrs.evolve(
                    state, trick=cards[:i], trick_leader=leader, led=led, hands=tuple(hands), winner=None
                )
                violation = mililla.check_move(then, mililla.Play(card))
                rules = [rule for rule, banned in bans if other in banned]
                assert (violation is None) == (not rules)
                assert violation is None or violation.rule.id == rules[0]
        led = led | {cards[0].suit}


@pytest.mark.parametrize("seed", range(12))
def test_charlemagne_inferences_are_exactly_the_rules(seed: int) -> None:
    """The same, for Charlemagne's following, the trump suit's jokers and Little Jack, and Mulot's jokers."""
    game = cardrules.get_game("charlemagne")
    state = _first_round(game, seed)[-1]
    for leader, cards in state.history:
        start = attrs.evolve(state, leader=leader, trick=(), winner=None)
        order = _order(start)
        for i in range(1, len(cards)):
            card = cards[i]
            bans = charlemagne_bans(cards[:i], card, state.trump)
            for other in game.spec.pack.cards:
                if other is card:
                    continue
                hands = list(state.hands)
                hands[order[i]] = (card, other)
                violation = ch.check_move(attrs.evolve(start, trick=cards[:i], hands=tuple(hands)), ch.Play(card))
                rules = [rule for rule, banned in bans if other in banned]
                assert (violation is None) == (not rules)
                assert violation is None or violation.rule.id == rules[0]


def test_a_void_shown_seven_tricks_ago_is_remembered() -> None:
    """
    The fault of issue 34: a void shown long ago (not in the last trick, not in the current one) is
    still ruled out; before, only the last two tricks were read.
    """
    game = cardrules.get_game("mililla")
    for seed in range(200):
        states = _first_round(game, seed)
        late = [s for s in states if len(s.history) >= 7 and not s.trick]
        if not late:
            continue
        state = late[0]
        for k, (leader, cards) in enumerate(state.history[:-1]):
            for i in range(1, 4):
                seat = (leader + i) % 4
                if cards[i].suit is not cards[0].suit:
                    view = game.observe(state, (seat + 1) % 4)
                    rng = random.Random(seed)
                    for _ in range(50):
                        sample = cardrules.sample_state(view, rng)
                        assert all(c.suit is not cards[0].suit for c in sample.hands[seat])
                    found = [x for x in cardrules.inferences(view) if x.seat == seat and x.play == 4 * k + i]
                    assert any(x.rule == "mililla.follow.suit" for x in found)
                    return
    pytest.fail("no old void found")  # pragma: no cover


def test_a_build_owner_holds_a_card_of_its_value() -> None:
    """Mulle: the seat that built V keeps a card of hand value V, in every sample (mulle.build.keep)."""
    game = cardrules.get_game("mulle")
    rng = random.Random(3)
    for seed in range(50):
        for state in _first_round(game, seed):
            if state.builds and state.to_play != state.builds[0].owner:
                build = state.builds[0]
                view = game.observe(state, state.to_play)
                keep = [x for x in cardrules.inferences(view) if x.kind == "some" and x.seat == build.owner]
                assert keep
                for _ in range(20):
                    sample = cardrules.sample_state(view, rng)
                    assert any(x.agrees(sample.hands[build.owner]) for x in keep)
                return
    pytest.fail("no build found")  # pragma: no cover


def test_inferences_refuse_a_state() -> None:
    """Inferences are read from an observation: a full state, or anything else, is refused."""
    state = mililla.new_game(seed=1)
    with pytest.raises(TypeError, match="observation"):
        cardrules.inferences(state)
    with pytest.raises(cardrules.WrongKindError):
        mililla.inferences(ch.observe(ch.new_game(seed=1), 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_inferences_are_kept_for_the_observation(variant: str) -> None:
    """
    The inferences are derived once per observation (a bounded cache keyed by the observation, which
    the design page names), not kept on it: an equal observation made anew gets the same answer, and
    the observation has no slot beyond its fields (equality, copies and JSON see only those).
    """
    game = cardrules.get_game(variant)
    states = _first_round(game, 5)
    state = states[len(states) // 2]
    view = game.observe(state, 0)
    proved = cardrules.inferences(view)
    assert cardrules.inferences(view) is proved
    assert not hasattr(view, "_inferences") and not hasattr(view, "__dict__")
    again = attrs.evolve(view)
    assert again == view and hash(again) == hash(view)
    assert cardrules.inferences(again) == proved
    assert "_inferences" not in view.to_dict() and "inferences" not in view.to_dict()
    assert cardrules.inferences(pickle.loads(pickle.dumps(view))) == proved
