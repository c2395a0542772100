"""Hostile state documents: ``cardrules.loads`` refuses every impossible position with InvalidRecordError."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import _registry, engine, records
from tests.playout import playout
from tests.strategies.states import Document, mutated_documents
from tests.variants import GAMES, VARIANTS

Doc = dict[str, Any]


def _document(text: str, seed: int, until: Callable[[Any], bool] = lambda s: True) -> Doc:
    """The parsed ``dumps`` of the first state of a random match of *text* from *seed* for which *until* holds."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    while not until(state):
        assert not game.is_over(state), "no such state in this match"
        state = game.apply(state, game.legal_moves(state).sample(rng))
    doc: Doc = json.loads(cardrules.dumps(state))
    return doc


def _refused(doc: Doc, path: str, words: str) -> cardrules.InvalidRecordError:
    """Assert that loading *doc* raises InvalidRecordError at *path* with *words* in its message."""
    with pytest.raises(cardrules.InvalidRecordError) as info:
        cardrules.loads(json.dumps(doc))
    assert path == info.value.path
    assert words in str(info.value)
    return info.value


def _after_tricks(n: int) -> Callable[[Any], bool]:
    return lambda s: sum(s.tricks) >= n and s.trick == ()


# --- the findings, one test each -----------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_fifth_hand_copying_hand_0_is_refused(name: str) -> None:
    """An extra hand holding copies of hand 0's cards is refused, at the hands (zones listed only hands 0-3)."""
    doc = _document(name, 1)
    doc["state"]["hands"].append(list(doc["state"]["hands"][0]))
    _refused(doc, "$.state.hands", "one entry per seat")


@pytest.mark.parametrize("name", ["mililla", "charlemagne"])
def test_three_hands_are_refused(name: str) -> None:
    """Three hands (a generic IndexError before) are refused at the hands."""
    doc = _document(name, 2)
    del doc["state"]["hands"][3]
    _refused(doc, "$.state.hands", "one entry per seat (4), not 3")


@pytest.mark.parametrize(("name", "until"), [("mililla", _after_tricks(1)), ("charlemagne", lambda s: sum(s.tricks))])
def test_last_trick_of_copies_of_a_held_card_is_refused(name: str, until: Callable[[Any], bool]) -> None:
    """A last trick of five copies of a held card, or of cards of one hand, is refused (every observe showed it)."""
    doc = _document(name, 3, until)
    size = len(doc["state"]["last_trick"])
    hand = next(h for h in doc["state"]["hands"][1:] if len(h) >= size)
    doc["state"]["last_trick"] = [hand[0]] * 5
    _refused(doc, "$.state.last_trick", "not 5")
    doc["state"]["last_trick"] = hand[:size]
    _refused(doc, "$.state.last_trick", "not the last trick won by either side")


def _mulle_turn(doc: Doc, kind: str) -> int:
    return next(i for i, t in enumerate(doc["state"]["history"]) if t["move"]["type"] == kind)


def test_mulle_history_trailing_a_card_in_the_other_hand_is_refused() -> None:
    """A Mulle history that trails a card now in the other seat's hand (twins aside) is refused at the history."""
    doc = _document("mulle", 4, lambda s: sum(1 for t in s.history if type(t.move).__name__ == "Trail") >= 2)
    state = doc["state"]
    k = _mulle_turn(doc, "Trail")
    seat = state["history"][k]["seat"]
    other = state["hands"][1 - seat]
    card = next(c for c in other if c not in state["table"] and other.count(c) == 1)
    state["history"][k]["move"]["card"] = card
    _refused(doc, "$.state.history", f"the {card} played this round is not on the table")


def test_mulle_capture_by_seat_7_of_two_players_is_refused() -> None:
    """A capture recorded for seat 7 of a 2-player game (sample_state and the bots raised IndexError) is refused."""
    doc = _document("mulle", 5, lambda s: any(type(t.move).__name__ == "Capture" for t in s.history))
    k = _mulle_turn(doc, "Capture")
    doc["state"]["history"][k]["seat"] = 7
    _refused(doc, f"$.state.history[{k}].seat", "not seat 7's")


def test_mulle_hands_of_8_and_1_with_a_stock_of_87_at_deal_9_are_refused() -> None:
    """Hand and stock sizes must fit the deal number and the plays of the round."""
    doc = _document("mulle", 6)
    state = doc["state"]
    moved = state["hands"][1][1:]
    state["hands"][1] = state["hands"][1][:1]
    state["stock"] = moved + state["stock"]
    state["deal_no"] = 9
    assert [8, 1, 87] == [len(state["hands"][0]), len(state["hands"][1]), len(state["stock"])]
    _refused(doc, "$.state.deal_no", "the deal is number 0, not 9")
    state["deal_no"] = 0
    _refused(doc, "$.state.hands[1]", "hand 1 has 8 cards, not 1")


def test_mililla_led_with_a_suit_no_trick_led_is_refused() -> None:
    """``led`` must be the suits that led this round's completed tricks: it changes the legal cards (mililla.seven)."""
    doc = _document("mililla", 7, _after_tricks(1))
    state = doc["state"]
    lead = cardrules.get_game("mililla").spec.pack.parse(state["last_trick"][0]).suit.value
    assert [lead] == state["led"]
    state["led"] = sorted({lead, *("oros", "copas", "espadas", "bastos")} - {lead})[:1] + [lead]
    _refused(doc, "$.state.led", "the suits led to the completed tricks of this round are")
    state["led"] = []
    _refused(doc, "$.state.led", "the suits led")


@pytest.mark.parametrize("name", GAMES)
def test_winner_2_is_refused(name: str) -> None:
    """A winner that is no side (a generic IndexError before) is refused at the winner."""
    doc = _document(name, 8)
    doc["state"]["winner"] = 2
    _refused(doc, "$.state.winner", "sides are numbered 0 to 1, not 2")


def test_mulle_round_points_of_one_side_are_refused() -> None:
    """A round score with one points entry for two sides (a generic IndexError before) is refused at it."""
    doc = _document("mulle/fishing", 9, lambda s: bool(s.rounds))
    doc["state"]["rounds"][0]["points"] = doc["state"]["rounds"][0]["points"][:1]
    _refused(doc, "$.state.rounds[0].points", "one entry per side (2), not 1")


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_format_version_is_exactly_the_whole_number_1(version: object) -> None:
    """``format_version`` must be the integer 1: ``true`` (equal to 1 in Python) and ``1.0`` are refused."""
    doc = _document("mililla", 10)
    doc["format_version"] = version
    _refused(doc, "$.format_version", "unsupported format_version")
    rec = json.loads(records.dumps(records.from_moves(cardrules.get_game("mililla").new_game(seed=1), [])))
    rec["format_version"] = version
    with pytest.raises(cardrules.InvalidRecordError) as info:
        records.loads(json.dumps(rec))
    assert "$.format_version" == info.value.path


@pytest.mark.parametrize("error", [IndexError, KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError])
def test_a_generic_error_in_a_check_becomes_invalid_record_error(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception]
) -> None:
    """The safety net: a generic error escaping a game's checks becomes InvalidRecordError at ``$.state``."""

    def broken(state: object) -> None:
        raise error("boom")

    spec = _registry.games()["mililla"]
    monkeypatch.setitem(_registry.games(), "mililla", attrs.evolve(spec, check_state=broken))
    err = _refused(_document("mililla", 11), "$.state", "not a possible position")
    assert error.__name__ in str(err)


# --- records that must agree with the live cards --------------------------------------------


def test_mulle_piles_and_counts_must_follow_the_history() -> None:
    """Captured piles, mulles, tabbes and the last capture are what the round's history did."""
    doc = _document("mulle", 12, lambda s: sum(1 for t in s.history if type(t.move).__name__ == "Capture") >= 2)
    state = doc["state"]
    pile = state["captured"][0] or state["captured"][1]
    side = 0 if state["captured"][0] else 1
    good = json.dumps(doc)
    state["captured"][side] = pile[1:] + pile[:1]
    _refused(doc, f"$.state.captured[{side}]", "is not what this round's history leaves")
    doc = json.loads(good)
    doc["state"]["tabbes"][0] += 1
    _refused(doc, "$.state.tabbes", "is not what this round's history leaves")
    doc = json.loads(good)
    doc["state"]["last_capture"] = None
    _refused(doc, "$.state.last_capture", "is not what this round's history leaves")
    doc = json.loads(good)
    k = _mulle_turn(doc, "Capture")
    doc["state"]["history"][k]["tabbe"] = not doc["state"]["history"][k]["tabbe"]
    _refused(doc, f"$.state.history[{k}]", "the record of the builds taken, the mulles and the tabbe")


def test_mulle_to_play_must_be_the_seat_whose_turn_it_is() -> None:
    """The seat to play follows from the dealer and the number of plays this round."""
    doc = _document("mulle(players=3)", 13, lambda s: len(s.history) == 4)
    doc["state"]["to_play"] = (doc["state"]["to_play"] + 1) % 3
    _refused(doc, "$.state.to_play", "after 4 plays of this round")


def test_mililla_turn_up_is_the_dealers() -> None:
    """The turn-up card is in the dealer's hand, or was played by the dealer."""
    doc = _document("mililla", 14)
    state = doc["state"]
    dealer, other = state["dealer"], (state["dealer"] + 1) % 4
    hands = state["hands"]
    mine = hands[dealer].index(state["turn_up"])
    theirs = 0
    hands[dealer][mine], hands[other][theirs] = hands[other][theirs], hands[dealer][mine]
    pack = cardrules.get_game("mililla").spec.pack
    for h in (dealer, other):
        hands[h].sort(key=lambda c: pack.cards.index(pack.parse(c)))
    _refused(doc, "$.state.turn_up", "is the dealer's")


def test_mililla_bonus_must_follow_the_turn_up_card() -> None:
    """deal_bonus and held_bonus are derived from the turn-up card and the match points (mililla.bonus.*)."""
    doc = _document("mililla", 15)
    state = doc["state"]
    state["deal_bonus"], state["held_bonus"] = state["held_bonus"], state["deal_bonus"] + 1
    _refused(doc, "$.state.deal_bonus", "gives a bonus of")


def test_mililla_won_tricks_must_be_won_by_their_side() -> None:
    """Moving a whole trick to the other side's pile is refused: its winner was on the first side."""
    doc = _document("mililla", 16, lambda s: s.tricks[0] >= 1 and s.tricks[1] >= 1 and not s.trick)
    state = doc["state"]
    trick = state["won"][0][:4]
    state["won"][0] = state["won"][0][4:]
    state["won"][1] = trick + state["won"][1]
    state["tricks"] = [state["tricks"][0] - 1, state["tricks"][1] + 1]
    _refused(doc, "$.state.won", "the won cards are no possible play of the round")


def test_charlemagne_kitty_cards_taken_must_be_the_bidders() -> None:
    """The record of the kitty cards taken names cards the bidder holds, discarded or played."""
    doc = _document("charlemagne", 17, lambda s: bool(s.taken))
    state = doc["state"]
    bidder = state["bidder"]
    state["taken"][0] = state["hands"][(bidder + 1) % 4][0]
    _refused(doc, "$.state.taken", "went to the bidder")


def test_charlemagne_a_won_match_ends_a_hand() -> None:
    """A winner during the bidding is refused: a match is won only at the end of a hand."""
    doc = _document("charlemagne", 18)
    doc["state"]["winner"] = 0
    doc["state"]["match"] = [32, 0]
    _refused(doc, "$.state.winner", "the match is won only at the end of a hand")


@pytest.mark.parametrize("name", ["mililla", "charlemagne", "mulle/fishing"])
def test_match_points_must_be_the_rounds(name: str) -> None:
    """The match points are the sum of the completed rounds' points (with Mililla's deal bonus)."""
    doc = _document(name, 19, lambda s: bool(s.rounds))
    doc["state"]["match"][1] += 1
    _refused(doc, "$.state.match", "are not those of the rounds")


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_tuple_of_the_wrong_size_is_refused(name: str) -> None:
    """Per-side tuples of the wrong size are refused with their path."""
    doc = _document(name, 20)
    doc["state"]["match"].append(0)
    with pytest.raises(cardrules.InvalidRecordError) as info:
        cardrules.loads(json.dumps(doc))
    assert "$.state.match" == info.value.path


# --- properties ------------------------------------------------------------------------------


def _conserved(spec: engine.GameSpec[Any, Any, Any, Any], state: Any) -> bool:
    held: Counter[cardrules.Card] = Counter()
    for cards in spec.zones(state).values():
        held.update(cards)
    return held == Counter(spec.pack.cards)


@pytest.mark.parametrize("text", VARIANTS)
@settings(max_examples=2)
@given(seed=st.integers(0, 2**63 - 1))
def test_every_state_of_a_random_match_passes_check_state(text: str, seed: int) -> None:
    """check_state accepts every state along a random match, of every game and variant."""
    game = cardrules.get_game(text)
    game.spec.check_state(game.new_game(seed=seed))
    for _, _, after in playout(game, seed):
        game.spec.check_state(after)


@settings(max_examples=max(1000, settings().max_examples))  # more under nox -s fuzz
@given(case=mutated_documents())
def test_mutated_states_load_consistent_or_raise_invalid_record_error(case: Document) -> None:
    """
    A mutated state document either raises InvalidRecordError (a CardrulesError) with a path,
    or loads as a state that check_state accepts and that holds the pack exactly; nothing
    else is raised, and loading takes well under 2 seconds.
    """
    _, doc, _ = case
    start = time.perf_counter()
    try:
        state = cardrules.loads(json.dumps(doc))
    except cardrules.InvalidRecordError as exc:
        assert isinstance(exc, cardrules.CardrulesError)
        assert exc.path.startswith("$")
        return
    finally:
        assert time.perf_counter() - start < 2.0
    spec = _registry.spec_for_state(state)
    spec.check_state(state)
    assert _conserved(spec, state)
    assert state == cardrules.loads(cardrules.dumps(state))
