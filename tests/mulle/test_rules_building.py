"""One test per building-game ruling, rule by rule, on hand-built positions."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import IllegalMoveError, InvalidCardError
from cardrules.mulle import (
    BUILDING,
    RULES,
    Build,
    Capture,
    MulleRuleset,
    Trail,
    apply,
    check_move,
    legal_moves,
    new_game,
    parse_move,
    score,
)
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._score import _winner
from tests.mulle.positions import card, cards, position


def captures_with(state: cardrules.mulle.State, text: str) -> set[tuple[str, ...]]:
    """The loose cards taken by every legal capture with one card, as texts."""
    c = card(text)
    return {tuple(sorted(map(str, m.taken))) for m in legal_moves(state) if isinstance(m, Capture) and m.card == c}


def rule_of(state: cardrules.mulle.State, move: cardrules.mulle.Move) -> str:
    """The id of the rule that *move* breaks (asserting it breaks one)."""
    v = check_move(state, move)
    assert v is not None
    with pytest.raises(IllegalMoveError) as err:
        apply(state, move)
    assert v.rule == err.value.rule
    return v.rule.id


def test_mulle_capture_maximal_seed_example() -> None:
    """Seed 000's example: 9H takes 9H 4S 5C, a 9-point mulle and a tabbe."""
    s = position(hands=("9H 6S", "6D 2C"), table="9H 4S 5C")
    assert {("4S", "5C", "9H")} == captures_with(s, "9H")
    after = apply(s, parse_move(s, "9H x 9H 4S+5C"))
    assert [(card("9H"), False, 9)] == [(m.card, m.double, m.points) for m in after.mulles[0]]
    assert 1 == after.tabbes[0]
    items = {(i.rule, i.points) for i in score(after).round.items if i.side == 0}  # type: ignore[union-attr]
    assert ("mulle.mulle.twin", 9) in items and ("mulle.tabbe", 1) in items
    assert "9H x 9H 4S+5C" == cardrules.mulle.format_move(s, Capture(card("9H"), cards("9H 4S 5C"), 9))


def test_mulle_capture_maximal_non_maximal_is_illegal() -> None:
    """A capture that leaves a group of its value breaks mulle.capture.maximal, naming the group."""
    s = position(hands=("9H 6S", "6D 2C"), table="9H 4S 5C")
    move = Capture(card("9H"), cards("9H"), 9)
    assert "mulle.capture.maximal" == rule_of(s, move)
    reason = check_move(s, move).reason  # type: ignore[union-attr]
    assert "you must take every 9 and every group summing to 9: this capture leaves 4S+5C on the table" == reason


def test_mulle_capture_maximal_choice_among_maximal() -> None:
    """When maximal captures differ the player chooses: 6C+3D or 6C+3H, each leaving a 3."""
    s = position(hands=("9S 2C", "6D 2D"), table="6C 3D 3H")
    assert {("3D", "6C"), ("3H", "6C")} == captures_with(s, "9S")


def test_mulle_values_ace_cannot_take_lone_ace() -> None:
    """An ace counts 14 from the hand, so it cannot take a lone ace (mulle.values)."""
    s = position(hands=("AS 5D", "6D 2C"), table="AH 3C")
    assert set() == captures_with(s, "AS")
    assert "mulle.values" == rule_of(s, Capture(card("AS"), cards("AH"), 1))
    assert "mulle.capture" == rule_of(s, Capture(card("AS"), cards("AH"), 14))
    assert check_move(s, Trail(card("AS"))) is None


def test_mulle_values_ace_takes_ace_and_king_as_mulle() -> None:
    """AH from the hand takes AH + K (1 + 13): a mulle worth 14 (mulle.values, mulle.mulle.twin, mulle.mulle.value)."""
    s = position(hands=("AH 5D", "6D 2C"), table="AH KC 7D")
    assert {("AH", "KC")} == captures_with(s, "AH")
    after = apply(s, parse_move(s, "AH x AH+KC"))
    assert [14] == [m.points for m in after.mulles[0]]


@pytest.mark.parametrize(("value", "lillan", "storan"), [("rank", 2, 10), ("hand", 15, 16), ("fixed", 5, 5)])
def test_mulle_mulle_value_lillan_storan(value: str, lillan: int, storan: int) -> None:
    """Lillan (15 in hand) takes 2S + K, storan (16) takes 10D + 6; their mulles per mulle_value (mulle.mulle.value)."""
    rules = MulleRuleset(mulle_value=value)  # type: ignore[arg-type]
    s = position(rules, hands=("2S 10D 5D", "6D 2C 3C"), table="2S KC")
    assert {("2S", "KC")} == captures_with(s, "2S")
    after = apply(s, Capture(card("2S"), cards("2S KC"), 15))
    assert [lillan] == [m.points for m in after.mulles[0]]
    s = position(rules, hands=("2S 10D 5D", "6D 2C 3C"), table="10D 6C")
    after = apply(s, Capture(card("10D"), cards("10D 6C"), 16))
    assert [storan] == [m.points for m in after.mulles[0]]


def test_mulle_mulle_twin_inside_build() -> None:
    """A twin inside a captured build is a mulle: AH takes the build [AH+KS] = 14 (mulle.mulle.twin)."""
    s = position(hands=("AH 5D", "6D 2C"), table="7C", builds=[("AH KS", 14, 1)])
    move = parse_move(s, "AH x [AH+KS]")
    assert Capture(card("AH"), (), 14) == move
    after = apply(s, move)
    assert [(card("AH"), False, 14)] == [(m.card, m.double, m.points) for m in after.mulles[0]]


def test_mulle_mulle_double_and_several() -> None:
    """Both copies of 5H taken by a 5 are one double mulle; with the 5C twin too, two mulles (mulle.mulle.twin)."""
    s = position(hands=("5C 8D", "6D 2C"), table="5H 5H 5C 4D")
    after = apply(s, Capture(card("5C"), cards("5H 5H 5C"), 5))
    got = sorted((str(m.card), m.double, m.points) for m in after.mulles[0])
    assert [("5C", False, 5), ("5H", True, 5)] == got


def test_mulle_mulle_double_needs_same_rank() -> None:
    """Two identical cards taken in a sum by another rank are not a mulle (mulle.mulle.twin)."""
    s = position(hands=("10C 8D", "6D 2C"), table="5H 5H")
    after = apply(s, Capture(card("10C"), cards("5H 5H"), 10))
    assert () == after.mulles[0]


def test_mulle_capture_builds_whole_and_by_value() -> None:
    """A capture takes every build of its value, whole; a build's cards are never loose (mulle.capture)."""
    s = position(hands=("9S 9D 2C", "6D 2D 3C"), table="4S 5C 8H", builds=[("3C 6D", 9, 1), ("2H 7H", 9, 0)])
    after = apply(s, Capture(card("9S"), cards("4S 5C"), 9))
    assert () == after.builds
    assert {"9S", "4S", "5C", "3C", "6D", "2H", "7H"} == set(map(str, after.captured[0]))
    assert "mulle.capture" == rule_of(s, Capture(card("9S"), cards("4S 5C 3C 6D"), 9))


def test_mulle_capture_build_never_in_sum() -> None:
    """A build of 5 plus a loose 4 is not a 9 (mulle.capture)."""
    s = position(hands=("9S 3H", "6D 2D"), table="4S", builds=[("3C 2D", 5, 1)])
    assert set() == captures_with(s, "9S")
    assert check_move(s, Trail(card("9S"))) is None


def test_mulle_capture_duty_per_card() -> None:
    """A card that can capture may not be trailed; another card may (mulle.capture.duty)."""
    s = position(hands=("7H 2C", "6D 2D"), table="7S 10H")
    assert "mulle.capture.duty" == rule_of(s, Trail(card("7H")))
    assert "your 7H can capture (7S), so you may not trail it" == check_move(s, Trail(card("7H"))).reason  # type: ignore[union-attr]
    assert check_move(s, Trail(card("2C"))) is None


def test_mulle_capture_duty_build_instead() -> None:
    """Building is always allowed instead of capturing (mulle.capture.duty)."""
    s = position(hands=("5H 9C", "6D 2D"), table="5S 4C")
    assert check_move(s, Build(card("5H"), card("4C"), 9)) is None


def test_mulle_capture_duty_per_hand_option() -> None:
    """With capture_duty=hand no card may be trailed while any card can capture or build (mulle.capture.duty option)."""
    rules = MulleRuleset(capture_duty="hand")
    s = position(rules, hands=("7H 2C", "6D 2D"), table="7S 10H")
    assert "mulle.capture.duty" == rule_of(s, Trail(card("2C")))
    s = position(rules, hands=("3H 9C", "6D 2D"), table="6S")
    assert "mulle.capture.duty" == rule_of(s, Trail(card("9C")))
    s = position(rules, hands=("3H 9C", "6D 2D"), table="KS")
    assert check_move(s, Trail(card("9C"))) is None


def test_mulle_build_make_and_notation() -> None:
    """3C onto 6D makes a build of 9 owned by the builder, who keeps a 9 (mulle.build)."""
    s = position(hands=("3C 9H 2C", "6S 2D 3D"), table="6D KH")
    move = parse_move(s, "3C > 6D = 9")
    after = apply(s, move)
    assert [(cards("6D 3C"), 9, 0, False)] == [(b.cards, b.value, b.owner, b.locked) for b in after.builds]
    assert cards("KH") == after.table


def test_mulle_build_keep_without_card_is_illegal() -> None:
    """A build without another card of its value to take it breaks mulle.build.keep (mulle.build)."""
    s = position(hands=("3C 8H 2C", "6S 2D 3D"), table="6D KH")
    assert "mulle.build.keep" == rule_of(s, Build(card("3C"), card("6D"), 9))


def test_mulle_build_scoring_card_is_illegal() -> None:
    """An ace, the 2 of spades or the 10 of diamonds may not be built from the hand (mulle.build)."""
    s = position(hands=("2S 6H AC KD", "6S 2D 3D 4D"), table="4D QH")
    assert "mulle.build.scoring-card" == rule_of(s, Build(card("2S"), card("4D"), 6))
    assert "mulle.build.scoring-card" == rule_of(s, Build(card("AC"), card("QH"), 13))


def test_mulle_build_raise_passes_ownership_and_value_limit() -> None:
    """Anyone may raise a build, and then owns it; a build is worth at most 16 (mulle.build)."""
    s = position(hands=("2C 8H", "2D QH JS"), table="KC", builds=[("4S 5C", 9, 0)], to_play=1)
    after = apply(s, parse_move(s, "2D > [4S+5C] = 11"))
    assert (11, 1) == (after.builds[0].value, after.builds[0].owner)
    s = position(hands=("2C 8H", "9D KH JS"), table="KC", builds=[("4S 5C", 9, 0)], to_play=1)
    assert "mulle.build" == rule_of(s, Build(card("9D"), 0, 18))


def test_mulle_build_owner_may_not_trail() -> None:
    """A build owner may not trail, even a card that cannot capture (mulle.build.owner)."""
    s = position(hands=("9H 2C 8D", "6S 2D 3D"), table="KC", builds=[("4S 5C", 9, 0)])
    assert "mulle.build.owner" == rule_of(s, Trail(card("2C")))


def test_mulle_build_owner_last_card_only_captures() -> None:
    """An owner may not play their last card of the build's value except to capture (mulle.build.owner)."""
    s = position(hands=("9H 3C QD", "6S 2D 3D"), table="3S", builds=[("4S 5C", 9, 0)])
    assert "mulle.build.owner" == rule_of(s, Build(card("9H"), card("3S"), 12))
    assert check_move(s, Capture(card("9H"), (), 9)) is None


def test_mulle_build_lock_option() -> None:
    """With locking_builds a 9 locks a 9-build; nobody may then raise it; any 9 takes it (mulle.build.lock)."""
    rules = MulleRuleset(locking_builds=True)
    s = position(rules, hands=("9H 9C 2C", "2D JS 9D"), table="KC", builds=[("4S 5C", 9, 1)])
    after = apply(s, parse_move(s, "9H > [4S+5C] = 9"))
    b = after.builds[0]
    assert (9, 0, True) == (b.value, b.owner, b.locked)
    assert "mulle.build.lock" == rule_of(after, Build(card("2D"), 0, 11))
    assert check_move(after, Capture(card("9D"), (), 9)) is None
    plain = position(hands=("9H 9C 2C", "2D JS 9D"), table="KC", builds=[("4S 5C", 9, 1)])
    assert "mulle.build.lock" == rule_of(plain, Build(card("9H"), 0, 9))


def test_mulle_trail_adds_loose_card() -> None:
    """A trail lays the card face up on the table (mulle.turn)."""
    s = position(hands=("7S 2C", "6D 2D"), table="KC")
    after = apply(s, parse_move(s, "7S -"))
    assert cards("7S KC") == after.table


def test_mulle_tabbe_not_on_last_play() -> None:
    """Clearing the table on the round's last play scores no tabbe (mulle.tabbe)."""
    s = position(hands=("9H", ""), table="4S 5C", stock="", last_capture=1)
    after = apply(s, Capture(card("9H"), cards("4S 5C"), 9))
    assert 1 == len(after.rounds)
    assert [] == [i for i in after.rounds[-1].items if i.rule == "mulle.tabbe"]


def test_mulle_round_leftovers_to_last_capturer() -> None:
    """The last capturer takes the leftover table cards, without a tabbe (mulle.round.leftovers)."""
    s = position(hands=("7H", ""), table="AS KD", stock="", last_capture=1)
    after = apply(s, Trail(card("7H")))
    assert (0, 40) == after.rounds[-1].points


def test_mulle_round_leftovers_nobody_captured() -> None:
    """If nobody captured, nobody takes the leftovers (mulle.round.leftovers)."""
    s = position(hands=("7H", ""), table="AS KD", stock="", last_capture=None)
    after = apply(s, Trail(card("7H")))
    assert (0, 38) == after.rounds[-1].points


def _pts(c: cardrules.Card) -> int:
    from cardrules.mulle._cards import _card_points

    return _card_points(c)


def test_mulle_points_cards_total_40() -> None:
    """Card points: every spade 1, AS and 2S 2, other aces 1, 10D 2: 40 in all (mulle.points.cards)."""
    assert 40 == sum(_pts(c) for c in MULLE_PACK.cards)
    assert (2, 2, 1, 1, 2, 0) == tuple(_pts(card(t)) for t in ("AS", "2S", "KS", "AH", "10D", "10H"))


def test_mulle_match_target_and_ties() -> None:
    """Highest at or over the target wins; an exact tie plays on; target 0 is a single round (mulle.match.target)."""
    assert _winner(BUILDING, (99, 50)) is None
    assert 0 == _winner(BUILDING, (104, 101))
    assert _winner(BUILDING, (104, 104)) is None
    assert 1 == _winner(MulleRuleset(target=0), (10, 30))
    assert _winner(MulleRuleset(target=200), (150, 120)) is None


def test_mulle_krypmulle_fewest_wins() -> None:
    """Under krypmulle the side with the fewest points wins once a side reaches the target (mulle.krypmulle)."""
    rules = MulleRuleset(krypmulle=True)
    assert 1 == _winner(rules, (104, 60))
    assert _winner(rules, (90, 60)) is None
    assert _winner(rules, (104, 104)) is None


def test_mulle_jokers_not_in_pack() -> None:
    """Mulle has no jokers: the rule book says so and a joker is no card of the pack (mulle.jokers)."""
    assert "mulle.jokers" in RULES
    s = new_game(seed=1)
    with pytest.raises(InvalidCardError):
        parse_move(s, "BJ -")


def test_mulle_deal_order_and_counts() -> None:
    """deck[i] goes to seat dealer+1+i, then 8 to the table; 6/4/3 deals for 2/3/4 players (mulle.deal)."""
    deck = list(MULLE_PACK.cards)
    s = new_game(deck=deck, dealer=1)
    assert tuple(sorted(deck[0:16:2], key=str)) == tuple(sorted(s.hands[0], key=str))
    assert tuple(sorted(deck[16:24], key=str)) == tuple(sorted(s.table, key=str))
    assert 0 == s.to_play
    for players, deals in ((2, 6), (3, 4), (4, 3)):
        st = new_game(MulleRuleset(players=players), seed=players)
        first = st.round_no
        most = 0
        import random

        rng = random.Random(0)
        while st.round_no == first:
            most = max(most, st.deal_no)
            st = apply(st, legal_moves(st).sample(rng))
        assert deals == most + 1
        assert st.dealer == (new_game(MulleRuleset(players=players), seed=players).dealer + 1) % players


def test_mulle_players_teams_pool_captures() -> None:
    """With four players partners opposite pool their captures (mulle.players)."""
    rules = MulleRuleset(players=4)
    s = position(rules, hands=("2C", "3C", "9H 4D", "5C"), table="9S", to_play=2)
    after = apply(s, Capture(card("9H"), cards("9S"), 9))
    assert ((0, 2), (1, 3)) == score(after).sides
    assert cards("9H 9S") == after.captured[0]
    alone = MulleRuleset(players=4, teams=False)
    assert ((0,), (1,), (2,), (3,)) == score(position(alone, hands=("2C", "3C", "9H", "5C"))).sides
