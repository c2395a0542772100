"""The Mulle heuristic: legal on every preset and player count, takes mulles, captures, builds only to take."""

from __future__ import annotations

import random
import time

import attrs
import pytest

import cardrules
from cardrules.bots import GreedyBot, SearchBot, get_bot
from cardrules.mulle import BUILDING, FISHING, Build, Capture, MulleRuleset, State, Trail, legal_moves, observe
from cardrules.mulle._cards import _BHV
from tests.bots.positions import mover, position
from tests.mulle.positions import card, cards
from tests.mulle.positions import position as table_position

TEXTS = [
    "mulle",
    "mulle(players=3)",
    "mulle(players=4)",
    "mulle(players=4, teams=false)",
    "mulle(locking_builds=true)",
    "mulle(capture_duty=hand)",
    "mulle(krypmulle=true)",
    "mulle/fishing",
    "mulle/fishing(players=3)",
    "mulle/fishing(players=4)",
    "mulle/fishing(glimne=true)",
]


def greedy(state: State) -> cardrules.mulle.Move:
    seat = state.to_play
    move = GreedyBot().choose(observe(state, seat), legal_moves(state), random.Random(0))
    assert isinstance(move, Capture | Build | Trail)
    return move


@pytest.mark.parametrize("text", TEXTS)
def test_greedy_is_legal_in_random_positions(text: str) -> None:
    """In positions of random play, of both games and 2 to 4 players, greedy plays a legal move."""
    for seed in range(12):
        game, state = position(text, seed, 7 * seed)
        seat = mover(game, state)
        move = get_bot("greedy").choose(game.observe(state, seat), game.legal_moves(state), random.Random(seed))
        assert game.check_move(state, move) is None, (text, seed, move)


@pytest.mark.parametrize(
    "text", ["mulle(target=0)", "mulle(players=3, target=0)", "mulle(locking_builds=true, target=0)"]
)
def test_greedy_builds_only_holding_the_card_to_take_it(text: str) -> None:
    """Over whole matches, every build greedy makes leaves a card of the build's value in its hand."""
    game = cardrules.get_game(text)
    builds = 0
    for seed in range(3):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = mover(game, state)
            move = GreedyBot().choose(game.observe(state, seat), game.legal_moves(state), rng)
            if isinstance(move, Build):
                rest = list(state.hands[seat])
                rest.remove(move.card)
                assert any(_BHV[c] == move.value for c in rest), (seed, move)
                builds += 1
            state = game.apply(state, move)
    assert builds > 0


def test_greedy_takes_a_mulle_building() -> None:
    """Building game: the mulle (9H takes 9H, 9 points) beats a spade taken with another card."""
    state = table_position(BUILDING, ("9H 6C 4D", "KC"), "9H 6S 10S")
    assert greedy(state) == Capture(card("9H"), cards("9H"), 9)


def test_greedy_takes_a_mulle_inside_a_sum() -> None:
    """An ace from the hand (14) takes its twin inside ace + king: a 14-point mulle."""
    state = table_position(BUILDING, ("AH 5C 7D", "QC"), "AH KD 5D")
    assert greedy(state) == Capture(card("AH"), cards("AH KD"), 14)


def test_greedy_takes_a_lone_twin_fishing() -> None:
    """Fishing game: the lone twin (a 5-point mulle) beats taking it with more cards and clearing the table."""
    state = table_position(FISHING, ("7D 2H", "KC"), "7D 3C 4C")
    assert greedy(state) == Capture(card("7D"), cards("7D"), 7)


def test_greedy_prefers_capturing_to_trailing() -> None:
    """Fishing game, where a trail is always allowed: greedy takes the 10 of diamonds (2 points)."""
    state = table_position(FISHING, ("10H 8S 2C", "KC"), "10D 6D 9S")
    move = greedy(state)
    assert isinstance(move, Capture) and card("10D") in move.taken


def test_greedy_clears_the_table_for_a_tabbe() -> None:
    """With a capture that empties the table, greedy takes it (a tabbe) rather than leave cards behind."""
    state = table_position(BUILDING, ("8H 3D JC", "KC"), "5C 3C")
    assert greedy(state) == Capture(card("8H"), cards("5C 3C"), 8)


def test_greedy_leaves_no_single_card_for_a_tabbe() -> None:
    """Fishing: 5H could take the 5 and leave the 7 alone for a tabbe; greedy takes 5+7 with the queen."""
    state = table_position(FISHING, ("5H QD 8C", "KC 2H 3H 4H 6H"), "5C 7C")
    move = greedy(state)
    assert move == Capture(card("QD"), cards("5C 7C"), 12)


def test_greedy_builds_with_the_card_to_take_it() -> None:
    """Nothing to capture: greedy builds 3C onto the 6 of spades, keeping the 9 to take it, rather than trail."""
    state = table_position(BUILDING, ("3C 9D 4H", "KC"), "6S 10S")
    move = greedy(state)
    assert move == Build(card("3C"), card("6S"), 9)


def test_greedy_raises_an_opponents_build() -> None:
    """An opponent's build of 9 (holding a spade) raised to 11 with a jack in hand: the build changes hands."""
    state = table_position(BUILDING, ("2H JD 7C", "9C KC"), "QC", builds=[("3S 6S", 9, 1)])
    move = greedy(state)
    assert move == Build(card("2H"), 0, 11)


@pytest.mark.parametrize("rules", [FISHING, attrs.evolve(FISHING, players=3)])
def test_greedy_is_quick_on_a_huge_fishing_table(rules: MulleRuleset) -> None:
    """A table of 40 small cards allows millions of captures; greedy never lists them."""
    small = "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 2H 3H 4H 5H 6H 7H 8H 9H 8C 9C 2S 3S 4S 5S 6S 7S 8S 9S"
    hands = ["9S 10C AH 8D 7S", "KC", "KD"][: rules.players]
    state = table_position(rules, hands, small + " 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D")
    start = time.perf_counter()
    move = greedy(state)
    assert time.perf_counter() - start < 1.0
    assert move == Capture(card("9S"), cards("9S"), 9)  # the mulle, worth more than many cards
    assert move in legal_moves(state)
    state = table_position(rules, ["10C 10H QS JD KH", "KC", "KD"][: rules.players], small + " 2C 2D 3C 3D 4C 4D")
    move = greedy(state)
    assert isinstance(move, Capture) and len(move.taken) > 10
    assert move in legal_moves(state)


def test_search_plays_mulle() -> None:
    """The search bot plays Mulle, a huge fishing table included (its candidates are limited)."""
    game, state = position("mulle/fishing", 3, 20)
    seat = mover(game, state)
    move = SearchBot(iterations=8).choose(game.observe(state, seat), game.legal_moves(state), random.Random(1))
    assert game.check_move(state, move) is None
    small = "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 2H 3H 4H 5H 6H 7H 8H 9H 8C 9C 2S 3S 4S 5S 6S 7S 8S 9S"
    big = table_position(FISHING, ("9S 10C AH 8D 7S", "KC"), small)
    move = SearchBot(iterations=8).choose(observe(big, 0), legal_moves(big), random.Random(1))
    assert move in legal_moves(big)


@pytest.mark.parametrize("text", TEXTS)
def test_ranked_starts_with_the_greedy_move(text: str) -> None:
    """The shortlist the search bot takes is legal, each move once, the greedy move first."""
    from cardrules.mulle._bot import ranked

    for seed in range(3):
        game, state = position(text, seed, 5 + 9 * seed)
        seat = mover(game, state)
        view, legal = game.observe(state, seat), game.legal_moves(state)
        shortlist = ranked(view, legal, random.Random(0))
        assert shortlist[0] == GreedyBot().choose(view, legal, random.Random(0))
        assert len(set(shortlist)) == len(shortlist)
        assert all(m in legal for m in shortlist)
