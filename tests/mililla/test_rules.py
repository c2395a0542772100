"""One test per Mililla rule, on hand-built positions; test names carry the rule ids."""

from __future__ import annotations

import attrs
import pytest

import cardrules
from cardrules import IllegalMoveError, mililla
from cardrules.mililla import PACK as MILILLA_PACK
from cardrules.mililla import Play
from tests.mililla.positions import card, cards, plays, position

TRUMP_COPAS = "4C"  # the turn-up card in most positions: copas are trump


def test_mililla_players_partners_opposite() -> None:
    """Seats 0 and 2 play against 1 and 3."""
    s = mililla.new_game(seed=1)
    assert ((0, 2), (1, 3)) == mililla.score(s).sides


def test_mililla_deal_one_at_a_time_from_dealers_right() -> None:
    """deck[i] goes to seat dealer+1+i; the 40th card is the dealer's."""
    deck = MILILLA_PACK.cards
    s = mililla.new_game(deck=deck, dealer=2)
    assert 2 == s.dealer
    for i, c in enumerate(deck):
        assert c in s.hands[(2 + 1 + i) % 4]
    assert all(10 == len(h) for h in s.hands)


def test_mililla_deal_turn_up_is_trump_and_public() -> None:
    """The 40th card is turned: its suit is trump and every seat sees it while the dealer holds it."""
    deck = MILILLA_PACK.cards
    s = mililla.new_game(deck=deck, dealer=1)
    assert deck[39] == s.turn_up
    assert deck[39].suit == s.trump
    assert deck[39] in s.hands[1]
    for seat in range(4):
        obs = mililla.observe(s, seat)
        assert obs.turn_up == deck[39]
        assert obs.turn_up_in_hand


def test_mililla_deal_turn_up_leaves_view_once_played() -> None:
    """Once the dealer plays the turn-up card, observations say it is no longer in hand."""
    s = position(["2O 6E", "3O 6B", "5O 5E", "4C 5B"], turn_up="4C", dealer=3, leader=0)
    for c in ("2O", "3O", "5O"):
        s = mililla.apply(s, Play(card(c)))
    assert mililla.observe(s, 0).turn_up_in_hand
    s2 = mililla.apply(s, Play(card("4C")))
    assert not mililla.observe(s2, 0).turn_up_in_hand


def test_mililla_deck_from_hands_reproduces_the_deal() -> None:
    """A deal entered from a real table's hands deals back the same hands and turn-up."""
    s = mililla.new_game(seed=11)
    deck = mililla.deck_from_hands(s.hands, s.dealer, s.turn_up)
    again = mililla.new_game(deck=deck, dealer=s.dealer)
    assert s.hands == again.hands
    assert s.turn_up == again.turn_up


def test_mililla_turn_first_lead_is_right_of_dealer() -> None:
    """The player right of the dealer (seat dealer+1) leads the first trick."""
    for dealer in range(4):
        assert (dealer + 1) % 4 == mililla.to_move(mililla.new_game(seed=5, dealer=dealer))


def test_mililla_turn_card_of_another_hand_is_refused() -> None:
    """Playing a card that another seat holds is refused, naming the turn rule."""
    s = position(["2O 3C", "5O 6C", "7E", "KB"], turn_up=TRUMP_COPAS, leader=0)
    violation = mililla.check_move(s, Play(card("5O")))
    assert violation is not None
    assert "mililla.turn" == violation.rule.id
    assert "you do not hold the 5O" == violation.reason


def test_mililla_rank_seed_order_king_high_ace_low() -> None:
    """In the default order the king beats the 7, and the ace is lowest."""
    s = position(["7O 6E", "KO 6B", "AO 5E", "2O 5B"], turn_up=TRUMP_COPAS, dealer=3, leader=0)
    for c in ("7O", "KO", "AO", "2O"):
        s = mililla.apply(s, Play(card(c)))
    assert 1 == s.trick_leader


def test_mililla_rank_malilla_option_seven_high() -> None:
    """With rank_order=malilla the 7 beats the king, and the ace beats the king."""
    rules = mililla.MilillaRuleset(rank_order="malilla")
    s = position(["7O 6E", "KO 6B", "AO 5E", "2O 5B"], turn_up=TRUMP_COPAS, dealer=3, leader=0, rules=rules)
    for c in ("7O", "KO", "AO", "2O"):
        s = mililla.apply(s, Play(card(c)))
    assert 0 == s.trick_leader
    s = position(["2O 6E", "KO 6B", "AO 5E", "3O 5B"], turn_up=TRUMP_COPAS, dealer=3, leader=0, rules=rules)
    for c in ("2O", "KO", "AO", "3O"):
        s = mililla.apply(s, Play(card(c)))
    assert 2 == s.trick_leader


def test_mililla_trick_winner_trump_beats_led_suit() -> None:
    """A low trump beats the king of the suit led; the winner leads next and takes the cards."""
    s = position(["KO 6E", "2C 6B", "HO 5E", "3O 5B"], turn_up=TRUMP_COPAS, dealer=3, leader=0)
    before = s.won[1]
    for c in ("KO", "2C", "HO", "3O"):
        s = mililla.apply(s, Play(card(c)))
    assert 1 == s.trick_leader
    assert set(cards("KO 2C HO 3O")) <= set(s.won[1])
    assert len(before) + 4 == len(s.won[1])


def test_mililla_trick_winner_off_suit_never_wins() -> None:
    """A higher card of another plain suit does not win the trick."""
    s = position(["2O 6E", "KB 6B", "3O 5E", "KE 5B"], turn_up=TRUMP_COPAS, dealer=3, leader=0)
    for c in ("2O", "KB", "3O", "KE"):
        s = mililla.apply(s, Play(card(c)))
    assert 2 == s.trick_leader


def test_mililla_follow_suit_is_compulsory() -> None:
    """Holding the suit led, you must play it."""
    s = position(["", "2O 3C KB", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["2O"] == plays(s)
    with pytest.raises(IllegalMoveError) as info:
        mililla.apply(s, Play(card("KB")))
    assert "mililla.follow.suit" == info.value.rule.id
    assert "must follow suit" in str(info.value)


def test_mililla_follow_beat_opponent_winning_with_led_suit() -> None:
    """An opponent winning with the suit led must be beaten if you can."""
    s = position(["", "2O 6O HO 3C", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["6O", "HO"] == plays(s)
    violation = mililla.check_move(s, Play(card("2O")))
    assert violation is not None
    assert "mililla.follow.beat" == violation.rule.id


def test_mililla_follow_beat_not_needed_against_a_trump() -> None:
    """If the opponent is winning with a trump, any card of the suit led will do."""
    s = position(["", "", "3O 6O KC", ""], turn_up=TRUMP_COPAS, trick="5O 2C", leader=0)
    assert ["3O", "6O"] == plays(s)


def test_mililla_follow_beat_not_needed_when_partner_wins() -> None:
    """With the partner winning, following suit is enough."""
    s = position(["", "", "3O 6O KC", ""], turn_up=TRUMP_COPAS, trick="5O 2O", leader=0)
    assert ["3O", "6O"] == plays(s)


def test_mililla_follow_trump_when_void_and_opponent_wins() -> None:
    """Void in the suit led, with an opponent winning: play a trump that wins."""
    s = position(["", "3C 6C KB 2E", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["3C", "6C"] == plays(s)
    violation = mililla.check_move(s, Play(card("KB")))
    assert violation is not None
    assert "mililla.follow.trump" == violation.rule.id


def test_mililla_follow_trump_must_over_trump() -> None:
    """With an opponent's trump down, only a higher trump wins and must be played."""
    s = position(["", "", "3C 6C KB", ""], turn_up=TRUMP_COPAS, trick="5O 4C", leader=0)
    assert ["6C"] == plays(s)


def test_mililla_follow_trump_cannot_over_trump_plays_anything() -> None:
    """If no trump can win, any card may be played."""
    s = position(["", "", "2C 3C KB", ""], turn_up=TRUMP_COPAS, trick="5O 4C", leader=0)
    assert ["2C", "3C", "KB"] == plays(s)


def test_mililla_follow_trump_not_needed_when_partner_wins() -> None:
    """Void, with the partner winning: any card."""
    s = position(["", "", "3C KB", ""], turn_up=TRUMP_COPAS, trick="5O 2O", leader=0)
    assert ["3C", "KB"] == plays(s)


def test_mililla_seven_may_be_led() -> None:
    """A 7 may always be led, even of a suit not led yet."""
    s = position(["7O 2C", "", "", ""], turn_up=TRUMP_COPAS, leader=0)
    assert ["7O", "2C"] == plays(s)


def test_mililla_seven_singleton_follows_suit() -> None:
    """A lone 7 of the suit led may follow: its suit is led in the current trick."""
    s = position(["", "7O 2E", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["7O"] == plays(s)


def test_mililla_seven_barred_when_discarding() -> None:
    """A 7 of a suit not yet led may not be discarded."""
    s = position(["", "7E 2E KB", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["2E", "KB"] == plays(s)
    violation = mililla.check_move(s, Play(card("7E")))
    assert violation is not None
    assert "mililla.seven" == violation.rule.id


def test_mililla_seven_barred_seven_cannot_beat() -> None:
    """A 7 of trumps that would win is barred while trumps have not been led: the duty to trump falls away."""
    s = position(["", "7C 2B", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["2B"] == plays(s)
    violation = mililla.check_move(s, Play(card("7C")))
    assert violation is not None
    assert "mililla.seven" == violation.rule.id


def test_mililla_seven_allowed_once_suit_led() -> None:
    """Once trumps have been led to a trick this round, the 7 of trumps may be used and must beat."""
    s = position(["", "7C 2B", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0, led="2C")
    assert ["7C"] == plays(s)


def test_mililla_seven_lifted_when_nothing_else() -> None:
    """If only barred 7s are left, the rule is lifted, and the duty to win with a trump applies again."""
    s = position(["", "7C 7E", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["7C"] == plays(s)


def test_mililla_seven_lifted_refusal_cites_the_duty_to_trump() -> None:
    """Once the 7 rule is lifted, a 7 that only the duty to trump refuses is refused by mililla.follow.trump."""
    s = position(["", "7C 7E", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    violation = mililla.check_move(s, Play(card("7E")))
    assert violation is not None
    assert "mililla.follow.trump" == violation.rule.id
    assert violation.reason.endswith("so you must: 7C")


def test_mililla_seven_lifted_refusal_in_play() -> None:
    """From play: seat 3 holds only 7O and 7E, void in copas; the 7O is refused by the duty to trump."""
    s = mililla.new_game(seed=777922709)
    plays_text = "AB KB JB 6B 5B 7B HB 3E 2C 7C KC JC 3B 4E 5O AO 3C 4C AC AE 4B HE 3O 2O 6C HC 5E 6E 2B JE 6O JO 5C"
    for text in plays_text.split():
        s = mililla.apply(s, mililla.parse_move(s, text))
    assert ["7E"] == plays(s)
    violation = mililla.check_move(s, Play(card("7O")))
    assert violation is not None
    assert "mililla.follow.trump" == violation.rule.id
    with pytest.raises(IllegalMoveError) as caught:
        mililla.apply(s, Play(card("7O")))
    assert "mililla.follow.trump" == caught.value.rule.id


def test_mililla_seven_precedence_follow_first() -> None:
    """Following suit comes first: with seven_rule=earlier a lone 7 of the suit led is still played."""
    rules = mililla.MilillaRuleset(seven_rule="earlier")
    s = position(["", "7O 2E", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0, rules=rules)
    assert ["7O"] == plays(s)


def test_mililla_seven_option_earlier_counts_only_earlier_tricks() -> None:
    """seven_rule=earlier bars the 7 of the suit led when that suit was not led before."""
    s = position(["", "7O 2O", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0)
    assert ["7O"] == plays(s)  # default: the 7 beats the 5 and must be played
    rules = mililla.MilillaRuleset(seven_rule="earlier")
    s = position(["", "7O 2O", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0, rules=rules)
    assert ["2O"] == plays(s)
    s = position(["", "7O 2O", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0, rules=rules, led="3O")
    assert ["7O"] == plays(s)


def test_mililla_seven_option_off() -> None:
    """seven_rule=off lets a 7 be played at any time."""
    rules = mililla.MilillaRuleset(seven_rule="off")
    s = position(["", "7E 2E KB", "", ""], turn_up=TRUMP_COPAS, trick="5O", leader=0, rules=rules)
    assert ["2E", "7E", "KB"] == plays(s)


# --- scoring -------------------------------------------------------------------------------

POINT_OC = "7O AO KO HO JO 7C AC KC HC JC 2C 3C 4C 5C 6C 6O"  # 30 card points, 16 cards
POINT_EB = "7E AE KE HE JE 7B AB KB HB JB 2E 3E 4E 5E 6E 2B 3B 4B 5B 6B"  # 30 card points, 20 cards


def last_trick(winner_side: int, **kw: object) -> mililla.State:
    """Nine tricks played (four to side 0, five to side 1); the last trick of zero cards is to come."""
    hands = ["2O", "5O", "3O", "4O"] if winner_side == 1 else ["2O", "3O", "5O", "4O"]
    return position(hands, turn_up=kw.pop("turn_up", "4C"), dealer=3, leader=0, won=(POINT_OC, POINT_EB), **kw)  # type: ignore[arg-type]


def finish(s: mililla.State) -> mililla.State:
    """Play the last trick."""
    for _ in range(4):
        s = mililla.apply(s, mililla.legal_moves(s)[0])
    return s


def before_deal(s: mililla.State) -> tuple[int, int]:
    """The match score less the turn-up bonus of the round just dealt."""
    side = s.dealer % 2
    return (s.match[0] - s.deal_bonus * (side == 0), s.match[1] - s.deal_bonus * (side == 1))


def test_mililla_points_cards_and_tricks_make_70() -> None:
    """Card points (60) and a point per trick (10) make 70 in a round."""
    s = finish(last_trick(0))
    result = s.rounds[-1]
    assert (35, 35) == result.tally
    assert 70 == sum(result.tally)
    labels = {(i.side, i.rule): i.points for i in result.items}
    assert 30 == labels[(0, "mililla.points.cards")]
    assert 5 == labels[(1, "mililla.points.tricks")]


def test_mililla_round_score_36_minus_35() -> None:
    """A team with 36 round points scores 1; the other scores nothing."""
    s = finish(last_trick(1))
    assert (34, 36) == s.rounds[-1].tally
    assert (0, 1) == s.rounds[-1].points
    assert (0, 1) == before_deal(s)


def test_mililla_round_score_35_35_scores_nothing() -> None:
    """At 35-35 nobody scores."""
    s = finish(last_trick(0, match=(3, 4)))
    assert (0, 0) == s.rounds[-1].points
    assert (3, 4) == before_deal(s)


def test_mililla_deal_rotation_next_dealer_is_right() -> None:
    """After a round, seat dealer+1 deals the next and seat dealer+2 leads."""
    s = finish(last_trick(0))
    assert 1 == s.round_no
    assert 0 == s.dealer
    assert 1 == mililla.to_move(s)
    assert all(10 == len(h) for h in s.hands)


def _deck_with_turn_up(turn_up: str) -> tuple[cardrules.Card, ...]:
    rest = [c for c in MILILLA_PACK.cards if c != card(turn_up)]
    return (*rest, card(turn_up))


def test_mililla_bonus_turn_up_scored_at_deal() -> None:
    """The turn-up card's points go to the dealer's team at the deal."""
    s = mililla.new_game(deck=_deck_with_turn_up("7B"), dealer=1)
    assert (0, 5) == s.match
    assert 5 == s.deal_bonus
    s = mililla.new_game(deck=_deck_with_turn_up("JB"), dealer=2)
    assert (1, 0) == s.match
    s = mililla.new_game(deck=_deck_with_turn_up("5B"), dealer=2)
    assert (0, 0) == s.match


def test_mililla_bonus_turn_up_held_near_target() -> None:
    """A bonus that would bring the dealer's team to 35 is held, not scored at the deal."""
    s = mililla._deal._deal(mililla.STANDARD, 1, (_deck_with_turn_up("7B"),), 1, 1, (0, 30), ())
    assert (0, 30) == s.match
    assert 5 == s.held_bonus
    s = mililla._deal._deal(mililla.STANDARD, 1, (_deck_with_turn_up("7B"),), 1, 1, (0, 29), ())
    assert (0, 34) == s.match


def test_mililla_bonus_held_scored_on_35_35() -> None:
    """A held bonus is scored when the round ends 35-35, and the dealer's team wins."""
    s = finish(last_trick(0, turn_up="7C", match=(10, 30), held_bonus=5))
    assert (10, 35) == s.match
    assert 1 == s.winner
    assert any(i.rule == "mililla.bonus.held" for i in s.rounds[-1].items)


def test_mililla_bonus_held_lost_otherwise() -> None:
    """A held bonus is lost when the round does not end 35-35."""
    s = finish(last_trick(1, turn_up="7C", match=(10, 30), held_bonus=5))
    assert (10, 31) == before_deal(s)
    assert s.winner is None


def test_mililla_bonus_held_option_always() -> None:
    """With held_bonus=always the held bonus is added after the round's scoring."""
    rules = mililla.MilillaRuleset(held_bonus="always")
    s = finish(last_trick(1, turn_up="7C", match=(10, 28), held_bonus=5, rules=rules))
    assert (10, 34) == before_deal(s)


def test_mililla_match_target_35_ends_the_match() -> None:
    """Reaching 35 ends the match: no more moves, a winner is named."""
    s = finish(last_trick(1, match=(0, 34)))
    assert (0, 35) == s.match
    assert mililla.is_over(s)
    assert 1 == mililla.score(s).winner
    assert not mililla.legal_moves(s)
    assert mililla.to_move(s) is None


def test_mililla_match_target_exact_tie_plays_on() -> None:
    """Both teams reaching 35 with equal scores plays another round (mililla.match.target)."""
    rules = mililla.MilillaRuleset(held_bonus="always")
    s = last_trick(1, turn_up="7C", match=(30, 34), held_bonus=5, rules=rules)
    s = attrs.evolve(s, dealer=2)  # dealer on side 0, holding the bonus
    s = finish(s)
    assert (35, 35) == s.match
    assert s.winner is None
    assert 1 == s.round_no


def test_mililla_match_target_higher_wins_when_both_pass() -> None:
    """If both teams pass 35 at once, the higher wins."""
    rules = mililla.MilillaRuleset(held_bonus="always")
    s = last_trick(1, turn_up="7C", match=(31, 34), held_bonus=5, rules=rules)
    s = finish(attrs.evolve(s, dealer=2))
    assert (36, 35) == s.match
    assert 0 == s.winner


def test_mililla_match_single_one_round_decides() -> None:
    """mililla.match.single: with single_round, the round's 1 game point (short of 35) wins the match."""
    for single in (False, True):
        rules = mililla.MilillaRuleset(single_round=single)
        s = finish(last_trick(1, rules=rules))
        assert single == mililla.is_over(s)
        if single:
            assert 1 == mililla.score(s).winner and not mililla.legal_moves(s)
        else:
            assert s.winner is None and 1 == s.round_no


def test_mililla_match_single_tie_plays_another_round() -> None:
    """mililla.match.single: a round ending 35-35 with no bonus leaves 0-0, so another round is dealt."""
    s = finish(last_trick(0, rules=mililla.MilillaRuleset(single_round=True)))
    assert (35, 35) == s.rounds[-1].tally
    assert s.winner is None and 1 == s.round_no and 1 == len(s.rounds)


def test_mililla_deal_seed_is_stable() -> None:
    """A seed deals the same match in every release (the version-stable shuffle): seed 1 is pinned here."""
    s = mililla.new_game(seed=1)
    assert 0 == s.dealer
    assert "2O HO 7C AE 2E 5E JE KE 4B HB".split() == [str(c) for c in s.hands[0]]
    assert card("2O") == s.turn_up
