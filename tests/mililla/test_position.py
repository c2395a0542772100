"""Mililla's position notation: round trips from play, hidden hands, the errors it names; and refusals."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import InvalidPositionError, mililla
from cardrules.mililla import PACK as MILILLA_PACK
from cardrules.mililla import Play
from tests.mililla.positions import card, position
from tests.playout import playout
from tests.variants import MILILLA

GAME = cardrules.get_game("mililla")
REPRO = "AB KB JB 6B 5B 7B HB 3E 2C 7C KC JC 3B 4E 5O AO 3C 4C AC AE 4B HE 3O 2O 6C HC 5E 6E 2B JE 6O JO 5C"


def states(variant: str, seed: int, every: int) -> list[mililla.State]:
    """Every *every*-th state of a random match of *variant*, and its last state."""
    out = []
    last = None
    for i, (before, _, after) in enumerate(playout(cardrules.get_game(variant), seed)):
        if i % every == 0:
            out.append(before)
        last = after
    assert last is not None
    return [*out, last]


def moves(game: cardrules.Game[Any, Any, Any, Any], state: object) -> list[object]:
    return list(itertools.islice(game.legal_moves(state), 200))


def reproduction() -> mililla.State:
    """The position where seat 3 holds only 7O and 7E, void in copas, on a 5C led by an opponent."""
    s = mililla.new_game(seed=777922709)
    for text in REPRO.split():
        s = mililla.apply(s, mililla.parse_move(s, text))
    return s


def with_field(text: str, name: str, value: str) -> str:
    """*text* with the field *name* set to *value*."""
    words = text.split(" ")
    (i,) = [k for k, w in enumerate(words) if w.startswith(name + "=")]
    words[i] = f"{name}={value}"
    return " ".join(words)


def field(text: str, name: str) -> str:
    (value,) = [w.split("=", 1)[1] for w in text.split(" ") if w.startswith(name + "=")]
    return value


def refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as info:
        cardrules.from_position(text)
    return info.value


# --- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", MILILLA)
def test_position_round_trip_from_play(variant: str) -> None:
    """Read back, a position has the same moves, observations and score, and is written the same."""
    game = cardrules.get_game(variant)
    for state in states(variant, seed=11, every=7):
        text = cardrules.position(state)
        assert text.startswith(f"p1 {game.text.replace(' ', '')} ")
        back = cardrules.from_position(text)
        assert moves(game, back) == moves(game, state)
        # A position keeps each side's won tricks, not the order between the sides: no history.
        assert [game.observe(back, s) for s in range(4)] == [
            attrs.evolve(game.observe(state, s), history=()) for s in range(4)
        ]
        assert game.score(back) == game.score(state)
        assert cardrules.position(back) == text
        assert (back.seed, back.pending_decks) == (0, ())


@pytest.mark.parametrize("variant", MILILLA)
def test_position_of_the_mover_answers_for_every_move(variant: str) -> None:
    """
    The mover's position (other hands by size) gives the mover's moves; redealing the cards it
    cannot see (the match seed kept, so a new round is dealt alike) changes no move's score.
    """
    game = cardrules.get_game(variant)
    rng = random.Random(5)
    for state in states(variant, seed=23, every=9)[:-1]:
        mover = game.to_move(state)
        assert mover is not None
        text = cardrules.position(state, seat=mover)
        assert field(text, "hands").count("?") == 3
        seen = cardrules.from_position(text)
        assert moves(game, seen) == moves(game, state)
        other = attrs.evolve(mililla.shuffle_hidden(seen, mover, rng), seed=seen.seed)
        assert moves(game, other) == moves(game, seen)
        for move in moves(game, seen)[:30]:
            assert game.score(game.apply(seen, move)) == game.score(game.apply(other, move))


def test_position_hidden_hands_filled_in_pack_order_dealer_keeps_turn_up() -> None:
    """Hands by size get the cards not shown in pack order, seat by seat; the dealer keeps the turn-up card."""
    state = mililla.new_game(seed=3)
    mover = GAME.to_move(state)
    assert mover is not None
    back = cardrules.from_position(cardrules.position(state, seat=mover))
    assert back.hands[mover] == state.hands[mover]
    assert state.turn_up in back.hands[back.dealer]
    unseen = [c for c in MILILLA_PACK.cards if c not in state.hands[mover] and c != state.turn_up]
    filled = [c for s in range(4) if s != mover for c in back.hands[s] if c != state.turn_up]
    assert filled == unseen


def test_position_derives_the_suits_led_and_the_last_trick() -> None:
    """The suits led, the tricks, the last trick and its leader come from the won tricks and the leader."""
    state = reproduction()
    back = cardrules.from_position(cardrules.position(state))
    assert back.led == state.led == frozenset({cardrules.Suit.COPAS, cardrules.Suit.BASTOS})
    assert (back.tricks, back.last_trick, back.last_leader) == (state.tricks, state.last_trick, state.last_leader)


def test_position_user_order_of_a_hand_is_read_and_written_in_pack_order() -> None:
    """A hand may be typed in any order; it is written back in pack order."""
    text = cardrules.position(reproduction())
    hands = field(text, "hands").split("/")
    hands[3] = "7E,7O"
    assert cardrules.position(cardrules.from_position(with_field(text, "hands", "/".join(hands)))) == text


# --- the errors, by field -----------------------------------------------------------------------


def test_position_error_a_card_twice() -> None:
    text = cardrules.position(reproduction())
    hands = field(text, "hands").split("/")
    assert refused(with_field(text, "hands", "/".join([*hands[:2], "4O,7O", hands[3]]))).field == "hands"
    assert refused(with_field(text, "trick", "5C,7O")).field == "trick"


def test_position_error_a_card_missing() -> None:
    text = cardrules.position(reproduction())
    hands = field(text, "hands").split("/")
    error = refused(with_field(text, "hands", "/".join([*hands[:3], "7E"])))
    assert error.field == "hands"
    assert "7O" in str(error)


def test_position_error_a_hand_of_the_wrong_size() -> None:
    """Seat 3 is to play to the trick: a card moved from its hand to seat 2's leaves the sizes wrong."""
    text = cardrules.position(reproduction())
    hands = field(text, "hands").split("/")
    error = refused(with_field(text, "hands", "/".join([*hands[:2], "4O,7O", "7E"])))
    assert error.field == "hands"
    assert refused(with_field(text, "hands", "/".join([*hands[:3], "?3"]))).field == "hands"


def test_position_error_a_trick_the_mover_cannot_be_on() -> None:
    """A trick of four cards, a leader whose side did not win the last trick, a leader the hands contradict."""
    text = cardrules.position(reproduction())
    assert refused(with_field(text, "leader", "1")).field == "hands"  # seat 1 led the 5C, but holds 2 cards
    between = [s for s in states("mililla", seed=11, every=1) if not s.trick and any(s.won)]
    for state in between[:12]:
        moved = with_field(cardrules.position(state), "leader", str((state.trick_leader + 1) % 4))
        assert refused(moved).field == "leader"
    hands = field(text, "hands").split("/")
    four = with_field(with_field(text, "trick", "5C,7O,7E,4O"), "hands", "/".join([*hands[:2], "-", "-"]))
    assert refused(four).field == "trick"


def test_position_error_first_leader() -> None:
    text = cardrules.position(mililla.new_game(seed=3, dealer=1))
    assert field(text, "leader") == "2"
    assert refused(with_field(text, "leader", "0")).field == "leader"


def test_position_error_points_that_do_not_match_the_cards_won() -> None:
    """At the match's end, the last round's score is the round on the table; and match points add up."""
    final = states("mililla", seed=11, every=10_000)[-1]
    text = cardrules.position(final)
    rounds = field(text, "rounds")
    last = rounds.rsplit(",", 1)[-1]
    tally, points, items = last.split(":", 2)
    a, b = (int(n) for n in tally.split("/"))
    cards = {int(i.split(":")[0]): int(i.split(":")[2]) for i in items.split(";") if ":mililla.points.cards:" in i}
    moved = items.replace(f"0:mililla.points.cards:{cards[0]}:", f"0:mililla.points.cards:{cards[0] + 1}:")
    moved = moved.replace(f"1:mililla.points.cards:{cards[1]}:", f"1:mililla.points.cards:{cards[1] - 1}:")
    bad = rounds.removesuffix(last) + f"{a + 1}/{b - 1}:{points}:{moved}"
    error = refused(with_field(text, "rounds", bad))
    assert error.field == "rounds"
    assert "not that of the round played" in str(error)
    m0, m1 = field(text, "match").split("/")
    assert refused(with_field(text, "match", f"{int(m0) + 1}/{m1}")).field == "match"


def test_position_error_the_turn_up_and_the_match_over() -> None:
    text = cardrules.position(reproduction())
    assert refused(with_field(text, "turn_up", "KO")).field == "turn_up"  # seat 0 holds it, not the dealer
    assert refused(with_field(text, "turn_up", "JE,4O")).field == "turn_up"
    final = cardrules.position(states("mililla", seed=11, every=10_000)[-1])
    assert refused(with_field(final, "match", "0/0")).field == "match"


@pytest.mark.parametrize(
    ("change", "name"),
    [
        (lambda t: t.replace("p1 ", "p2 ", 1), "position"),
        (lambda t: t.replace(" mililla ", " mililla(seven_rule=never) ", 1), "ruleset"),
        (lambda t: with_field(t, "dealer", "4"), "dealer"),
        (lambda t: with_field(t, "dealer", "x"), "dealer"),
        (lambda t: with_field(t, "hands", "-/-/-"), "hands"),
        (lambda t: with_field(t, "hands", "?x/?1/?1/?2"), "hands"),
        (lambda t: with_field(t, "trick", "5X"), "trick"),
        (lambda t: with_field(t, "won", field(t, "won").split("/")[0]), "won"),
        (lambda t: with_field(t, "won", field(t, "won").replace(";", ",", 1)), "won"),
        (lambda t: with_field(t, "match", "5"), "match"),
        (lambda t: with_field(t, "rounds", "1/2"), "rounds"),
        (lambda t: t.replace(" rounds=-", ""), "rounds"),
        (lambda t: t + " extra=1", "position"),
        (lambda t: t.replace(" leader=", "  leader="), "position"),
        (lambda t: t.replace("dealer=", "leader=", 1), "dealer"),
    ],
)
def test_position_error_malformed_text(change: Any, name: str) -> None:
    assert refused(change(cardrules.position(reproduction()))).field == name


def test_position_error_of_another_game() -> None:
    text = cardrules.position(reproduction()).replace(" mililla ", " mulle ", 1)
    with pytest.raises(InvalidPositionError) as info:
        GAME.from_position(text)
    assert info.value.field == "ruleset"


# --- refusals -----------------------------------------------------------------------------------


def test_refusals_cite_the_duty_to_trump_once_the_seven_rule_is_lifted() -> None:
    """Seat 3 holds 7O and 7E: the 7O is refused by the duty to trump, not by the lifted 7 rule."""
    (violation,) = GAME.spec.refusals(reproduction())  # type: ignore[misc]
    assert violation.rule.id == "mililla.follow.trump"
    assert violation == mililla.check_move(reproduction(), Play(card("7O")))


def test_refusals_one_per_rule_in_rule_book_order() -> None:
    """Void in espadas on an opponent's 5E: the 7 rule bars 7O, the duty to trump refuses 4B; each once, in order."""
    state = position(["", "7O 2C 4B 5B", "", ""], turn_up="KC", trick="5E", leader=0)
    assert [str(m) for m in mililla.legal_moves(state)] == ["2C"]
    assert GAME.spec.refusals is not None
    got = GAME.spec.refusals(state)
    assert [v.rule.id for v in got] == ["mililla.seven", "mililla.follow.trump"]
    assert got[0] == mililla.check_move(state, Play(card("7O")))
    assert got[1] == mililla.check_move(state, Play(card("4B")))


def test_refusals_none_when_every_card_may_be_played_or_the_match_is_over() -> None:
    assert GAME.spec.refusals is not None
    state = mililla.new_game(seed=3)
    assert GAME.spec.refusals(state) == ()
    assert GAME.spec.refusals(states("mililla", seed=11, every=10_000)[-1]) == ()


@pytest.mark.parametrize("variant", MILILLA)
def test_refusals_are_the_violations_of_the_cards_not_allowed(variant: str) -> None:
    """From play: the refusals are exactly the rules check_move gives for the hand's illegal cards."""
    game = cardrules.get_game(variant)
    assert game.spec.refusals is not None
    for state in states(variant, seed=31, every=3)[:-1]:
        seat = game.to_move(state)
        assert seat is not None
        legal = set(moves(game, state))
        refused_cards = [game.check_move(state, Play(c)) for c in state.hands[seat] if Play(c) not in legal]
        want = {v.rule.id for v in refused_cards if v is not None}
        assert len(refused_cards) == len(state.hands[seat]) - len(legal)
        got = game.spec.refusals(state)
        assert {v.rule.id for v in got} == want
        assert len(got) == len(want)
