"""One test (or a few) per Charlemagne rule id, on hand-built deals, rule by rule."""

from __future__ import annotations

import random

import pytest

from cardrules import Card, IllegalMoveError, Suit, parse_cards
from cardrules import charlemagne as ch
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from cardrules.charlemagne._cards import _trick_winner
from tests.charlemagne.positions import M_KITTY, M, moves, play_hand, run, seats_to_act, table

# Deal A: seat 0 holds the eight top hearts, seat 1 the spades, seat 3 the clubs.
A = {0: "BJ LJ JH JD AH KH QH 10H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AD KD QD 10D 9D 8D 7D 9H"}
A_KITTY = "8H 7H"  # seat 3 gets the clubs
# Deal C: hearts trump; seat 1 leads the jack of diamonds.
C = {0: "BJ JH KH QH 10H 9H 8H 7H", 1: "JD 7S 8S 9S 10S JS QS KS", 2: "AH 7D 8D 9D 10D QD KD AD"}
C_KITTY = "AS 7C"  # seat 3: LJ AC KC QC JC 10C 9C 8C
# Deal J: Mulot with the jokers split between the bidder (seat 0) and seat 1.
J = {0: "BJ 7S 8S 9S 7H 8H 9H 7D", 1: "LJ AS KS AH KH AD KD QD", 3: "AC KC QC JC QS JS QH JH"}
J_KITTY = "10S 10H"  # seat 2: JD 10D 9D 8D 10C 9C 8C 7C
DECIDED = ch.CharlemagneRuleset(end_when_decided=True)


def c(text: str) -> Card:
    return CHARLEMAGNE_PACK.parse(text)


def cs(text: str) -> tuple[Card, ...]:
    return parse_cards(text, CHARLEMAGNE_PACK)


def illegal(state: ch.State, text: str) -> IllegalMoveError:
    """The error raised by the move written *text*, read without context and applied."""
    with pytest.raises(IllegalMoveError) as info:
        ch.apply(state, ch.parse_canonical(text))
    return info.value


def number_6_by_0(rules: ch.CharlemagneRuleset = ch.STANDARD) -> ch.State:
    return run(table(A, A_KITTY, rules=rules), "bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")


# --- players, deal, rotation ----------------------------------------------------


def test_charlemagne_players_partners_opposite_clockwise() -> None:
    """charlemagne.players: teams {0, 2} and {1, 3}; bidding goes clockwise from the dealer's left."""
    s = table(A, A_KITTY, dealer=1)
    assert ((0, 2), (1, 3)) == ch.score(s).sides
    seen = []
    for _ in range(4):
        seen.append(ch.to_move(s))
        s = ch.apply(s, ch.legal_moves(s)[0])
    assert [2, 3, 0, 1] == seen


def test_charlemagne_deal_one_at_a_time_from_dealers_left_and_kitty() -> None:
    """charlemagne.deal: deck[i] goes to seat dealer+1+i, deck[32:34] is the kitty."""
    deck = ch.deck_from_hands([cs(A[0]), cs(A[1]), cs(A[2]), cs("AC KC QC JC 10C 9C 8C 7C")], cs(A_KITTY), 1)
    assert 34 == len(deck) and set(CHARLEMAGNE_PACK.cards) == set(deck)
    s = ch.new_game(deck=deck, dealer=1)
    for i in range(32):
        assert deck[i] in s.hands[(1 + 1 + i) % 4]
    assert deck[32:] == s.kitty
    assert set(cs(A[0])) == set(s.hands[0])
    assert 2 == ch.to_move(s)


def test_charlemagne_deal_rotation_moves_one_seat_left() -> None:
    """charlemagne.deal.rotation: the next hand is dealt by seat dealer + 1, who bids last."""
    s = play_hand(number_6_by_0())
    assert 1 == s.round_no and 0 == s.dealer
    assert 1 == ch.to_move(s) and "bid" == s.phase
    assert [8, 8, 8, 8] == [len(h) for h in s.hands] and 2 == len(s.kitty)


# --- bidding --------------------------------------------------------------------


def test_charlemagne_bid_turn_one_round_from_dealers_left_to_dealer() -> None:
    """charlemagne.bid.turn: four calls, dealer's left first; after the dealer the bidding is over."""
    s = run(table(A, A_KITTY), "bid 5", "pass", "bid 7")
    assert 3 == ch.to_move(s)
    s = run(s, "pass")
    assert "discard" == s.phase and 2 == s.bidder and ch.Contract.SEVEN is s.contract
    assert (ch.Contract.FIVE, None, ch.Contract.SEVEN, None) == s.calls


def test_charlemagne_bid_turn_no_bid_after_the_bidding() -> None:
    """charlemagne.bid.turn: a bid or pass once the bidding is over is out of turn."""
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass")
    for text in ("bid 8", "pass"):
        err = illegal(s, text)
        assert "charlemagne.bid.turn" == err.rule.id
        assert "the bidding is over" in str(err)


def test_charlemagne_bid_turn_no_card_during_the_bidding() -> None:
    """charlemagne.bid.turn: nothing but a bid or a pass until the bidding is over."""
    s = table(A, A_KITTY)
    for text in ("BJ", "trump H", "discard BJ"):
        assert "charlemagne.bid.turn" == illegal(s, text).rule.id


def test_charlemagne_bid_ladder_order() -> None:
    """charlemagne.bid.ladder: 5, 6, 7, 8, Mulot, Charlemagne, Gros Mulot, Gros Charlemagne."""
    assert ["5", "6", "7", "8", "Mulot", "Charlemagne", "Gros Mulot", "Gros Charlemagne"] == [
        k.title for k in sorted(ch.Contract, key=lambda k: k.level)
    ]


def test_charlemagne_bid_ladder_only_higher_bids() -> None:
    """charlemagne.bid.ladder: after a bid of Mulot only Charlemagne and up, or a pass."""
    s = run(table(A, A_KITTY), "bid mulot")
    assert ["pass", "bid charlemagne", "bid gros mulot", "bid gros charlemagne"] == moves(s)
    for text in ("bid mulot", "bid 8", "bid 5"):
        err = illegal(s, text)
        assert "charlemagne.bid.ladder" == err.rule.id
        assert "higher than Mulot" in err.reason


def test_charlemagne_bid_ladder_nothing_above_gros_charlemagne() -> None:
    """charlemagne.bid.ladder: after Gros Charlemagne the others can only pass."""
    s = run(table(A, A_KITTY), "bid gros charlemagne")
    assert ["pass"] == moves(s)
    assert "charlemagne.bid.ladder" == illegal(s, "bid gros charlemagne").rule.id


def test_charlemagne_bid_ladder_highest_bidder_plays() -> None:
    """charlemagne.bid.ladder: the last and highest bidder plays the contract."""
    s = run(table(A, A_KITTY), "bid 5", "bid 6", "pass", "bid 8")
    assert 3 == s.bidder and ch.Contract.EIGHT is s.contract


def test_charlemagne_bid_dealer_cannot_pass_after_three_passes() -> None:
    """charlemagne.bid.dealer: after three passes the dealer may not pass."""
    s = run(table(A, A_KITTY), "pass", "pass", "pass")
    assert 3 == ch.to_move(s)
    assert [f"bid {k.value}" for k in ch.Contract] == moves(s)
    err = illegal(s, "pass")
    assert "charlemagne.bid.dealer" == err.rule.id and 3 == err.seat
    assert "may not pass" in err.reason


@pytest.mark.parametrize("contract", list(ch.Contract))
def test_charlemagne_bid_dealer_may_bid_any_level(contract: ch.Contract) -> None:
    """charlemagne.bid.dealer: the forced dealer may bid anything from 5 to Gros Charlemagne."""
    s = ch.apply(run(table(A, A_KITTY), "pass", "pass", "pass"), ch.Bid(contract))
    assert 3 == s.bidder and contract is s.contract


def test_charlemagne_bid_dealer_may_pass_after_a_bid() -> None:
    """charlemagne.bid.dealer: the dealer is forced only when all three others passed."""
    s = run(table(A, A_KITTY), "pass", "bid 5", "pass")
    assert "pass" in moves(s)
    assert 1 == run(s, "pass").bidder


# --- number bids ------------------------------------------------------------------


def test_charlemagne_contract_number_kitty_discards_trump_left_leads() -> None:
    """charlemagne.contract.number: kitty to the bidder, two discards, any trump, bidder's left leads, four play."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass")
    assert "discard" == s.phase and 0 == ch.to_move(s)
    assert 10 == len(s.hands[0]) and set(cs(A_KITTY)) <= set(s.hands[0]) and () == s.kitty
    s = run(s, "discard 8H", "discard 7H")
    assert "trump" == s.phase
    assert ["trump S", "trump H", "trump D", "trump C"] == moves(s)
    s = run(s, "trump C")
    assert "play" == s.phase and Suit.CLUBS is s.trump and 1 == ch.to_move(s)
    assert [8, 8, 8, 8] == [len(h) for h in s.hands]
    assert {0, 1, 2, 3} == seats_to_act(s)
    s = run(s, "AS", "AD", "AC")
    assert 0 == ch.to_move(s) and 3 == len(s.trick)
    s = run(s, "JD")
    assert 4 == len(s.last_trick)


def test_charlemagne_discard_held_only_your_own_cards() -> None:
    """charlemagne.discard.held: a card not in the bidder's hand cannot be discarded."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass")
    err = illegal(s, "discard AS")
    assert "charlemagne.discard.held" == err.rule.id and "ace of spades" in err.reason
    assert s == run(s)  # unchanged


def test_charlemagne_discard_count_two_for_a_number_bid() -> None:
    """charlemagne.discard.count: exactly two discards after a number bid; no trump before the second."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass", "discard BJ")
    err = illegal(s, "trump H")
    assert "charlemagne.discard.count" == err.rule.id and "discard 1 more card" in err.reason
    s = run(s, "discard LJ")
    err = illegal(s, "discard AH")
    assert "charlemagne.discard.count" == err.rule.id
    assert cs("BJ LJ") == s.discards and 8 == len(s.hands[0])


def test_charlemagne_discard_count_none_in_mulot() -> None:
    """charlemagne.discard.count: Mulot has no discards."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    assert "charlemagne.discard.count" == illegal(s, "discard 7S").rule.id


def test_charlemagne_trump_name_any_suit_once() -> None:
    """charlemagne.trump.name: any suit may be named, and only once."""
    s = number_6_by_0()
    err = illegal(s, "trump S")
    assert "charlemagne.trump.name" == err.rule.id and "already hearts" in err.reason


def test_charlemagne_trump_name_none_in_mulot() -> None:
    """charlemagne.trump.name: Mulot has no trump to name."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    err = illegal(s, "trump H")
    assert "charlemagne.trump.name" == err.rule.id and "jokers" in err.reason


# --- Mulot and Gros Mulot -----------------------------------------------------------


def test_charlemagne_contract_mulot_kitty_untouched_partner_out_bidder_leads() -> None:
    """charlemagne.contract.mulot: kitty untouched, partner's eight out, no trump, bidder leads three-card tricks."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    assert "play" == s.phase and s.trump is None
    assert cs(M_KITTY) == s.kitty and () == s.taken
    assert 8 == len(s.out) and () == s.hands[2]
    assert 0 == ch.to_move(s)
    s = run(s, "7S")
    assert 1 == ch.to_move(s)
    s = run(s, "AS")
    assert 3 == ch.to_move(s)
    s = run(s, "QS")
    assert cs("7S AS QS") == s.last_trick and 1 == s.leader


def test_charlemagne_play_turn_partner_never_acts_in_mulot() -> None:
    """charlemagne.play.turn: in Mulot the partner sits out; every trick has three cards."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    acted = set()
    while not s.rounds:
        seat = ch.to_move(s)
        assert seat is not None
        acted.add(seat)
        done = sum(s.tricks)
        s = ch.apply(s, ch.legal_moves(s)[0])
        if not s.rounds and sum(s.tricks) > done:
            assert 3 == len(s.last_trick)
    assert {0, 1, 3} == acted
    assert 8 == sum(s.rounds[0].tally)


def test_charlemagne_contract_gros_mulot_hand_public_after_first_trick() -> None:
    """charlemagne.contract.gros-mulot: the bidder's hand is seen by all after the first trick, not before."""
    s = run(table(M, M_KITTY), "bid gros mulot", "pass", "pass", "pass")
    assert all(ch.observe(s, k).open_hand is None for k in range(4))
    s = run(s, "7S", "AS")
    assert all(ch.observe(s, k).open_hand is None for k in range(4))
    s = run(s, "QS")
    for k in range(4):
        assert s.hands[0] == ch.observe(s, k).open_hand
    assert 7 == len(ch.observe(s, 3).open_hand or ())


def test_charlemagne_contract_mulot_open_hand_only_in_gros() -> None:
    """charlemagne.contract.gros-mulot: a plain Mulot bidder's hand stays hidden."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass", "7S", "AS", "QS")
    assert all(ch.observe(s, k).open_hand is None for k in range(4))


# --- Charlemagne and Gros Charlemagne -------------------------------------------------


def test_charlemagne_contract_charlemagne_kitty_then_partners_card_then_three_discards() -> None:
    """charlemagne.contract.charlemagne: kitty, partner's card before trump, 11 cards, three discards, bidder leads."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass")
    assert "give" == s.phase and 2 == ch.to_move(s) and 10 == len(s.hands[0])
    assert [f"give {x}" for x in s.hands[2]] == moves(s)
    s = run(s, "give 9H")
    assert "discard" == s.phase and 11 == len(s.hands[0]) and c("9H") == s.passed
    assert 7 == len(s.out) and () == s.hands[2]
    s = run(s, "discard 9H", "discard 8H")
    assert "charlemagne.discard.count" == illegal(s, "trump H").rule.id
    s = run(s, "discard 7H", "trump H")
    assert "play" == s.phase and 0 == ch.to_move(s)
    assert [8, 8, 0, 8] == [len(h) for h in s.hands] and 3 == len(s.discards) and 7 == len(s.out)
    assert {0, 1, 3} == seats_to_act(s)


def test_charlemagne_give_only_your_own_card() -> None:
    """charlemagne.give: the partner passes a card of their own hand."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass")
    err = illegal(s, "give AS")
    assert "charlemagne.give" == err.rule.id and 2 == err.seat
    assert "charlemagne.give" == illegal(s, "discard 9H").rule.id


def test_charlemagne_give_only_in_charlemagne() -> None:
    """charlemagne.give: no card is passed in a number bid."""
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass")
    assert "charlemagne.give" == illegal(s, "give 9H").rule.id


def test_charlemagne_contract_gros_charlemagne_kitty() -> None:
    """charlemagne.contract.gros-charlemagne: with the kitty, two discards; the partner's eight stay unseen."""
    s = run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass")
    assert "source" == s.phase and 0 == ch.to_move(s) and 8 == len(s.hands[0]) and 2 == len(s.kitty)
    assert ["source kitty", "source partner"] == moves(s)
    s = run(s, "source kitty")
    assert "discard" == s.phase and 10 == len(s.hands[0]) and 8 == len(s.out) and () == s.kitty
    s = run(s, "discard 8H", "discard 7H", "trump H")
    assert [8, 8, 0, 8] == [len(h) for h in s.hands] and 2 == len(s.discards) and s.passed is None


def test_charlemagne_contract_gros_charlemagne_partner() -> None:
    """charlemagne.contract.gros-charlemagne: with the partner's card, one discard; the kitty stays unseen."""
    s = run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass", "source partner")
    assert "give" == s.phase and 2 == ch.to_move(s)
    s = run(s, "give 9H")
    assert 9 == len(s.hands[0]) and 7 == len(s.out) and cs(A_KITTY) == s.kitty and () == s.taken
    s = run(s, "discard 9H")
    assert "trump" == s.phase
    s = run(s, "trump H")
    assert [8, 8, 0, 8] == [len(h) for h in s.hands] and 1 == len(s.discards) and 2 == len(s.kitty)


def test_charlemagne_source_only_for_gros_charlemagne() -> None:
    """charlemagne.source: only a Gros Charlemagne bidder chooses a source, and must do so first."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass")
    assert "charlemagne.source" == illegal(s, "source kitty").rule.id
    s = run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass")
    assert "charlemagne.source" == illegal(s, "discard BJ").rule.id


# --- trumps -----------------------------------------------------------------------------


def test_charlemagne_trump_order_hearts_exactly() -> None:
    """charlemagne.trump.order: hearts trump runs BJ, LJ, JH, JD, A K Q 10 9 8 7 of hearts."""
    assert cs("BJ LJ JH JD AH KH QH 10H 9H 8H 7H") == ch.trump_order(Suit.HEARTS)
    assert cs("BJ LJ JS JC AS KS QS 10S 9S 8S 7S") == ch.trump_order(Suit.SPADES)


@pytest.mark.parametrize("trump", [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS])
def test_charlemagne_trump_order_every_trump_beats_the_lower_ones(trump: Suit) -> None:
    """charlemagne.trump.order: in a trick, each trump beats every trump below it, whichever is led."""
    order = ch.trump_order(trump)
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert 1 == _trick_winner((low, high), trump)
            assert 0 == _trick_winner((high, low), trump)


def test_charlemagne_trump_order_plain_suits() -> None:
    """charlemagne.trump.order: plain suits run A K Q J 10 9 8 7; the same-colour suit keeps seven cards."""
    assert cs("AD KD QD 10D 9D 8D 7D") == ch.suit_order(Suit.DIAMONDS, Suit.HEARTS)
    assert cs("AS KS QS JS 10S 9S 8S 7S") == ch.suit_order(Suit.SPADES, Suit.HEARTS)
    assert 1 == _trick_winner(cs("10S JS"), Suit.HEARTS)
    assert 0 == _trick_winner(cs("7S AC"), Suit.HEARTS)


def test_charlemagne_trump_suit_jack_of_diamonds_lead_is_a_trump_lead() -> None:
    """charlemagne.trump.suit: with hearts trump, the jack of diamonds led calls for hearts, not diamonds."""
    s = run(table(C, C_KITTY), "bid 5", "pass", "pass", "pass", "discard AS", "discard 7C", "trump H", "JD")
    assert 2 == ch.to_move(s)
    assert ["AH"] == moves(s)
    err = illegal(s, "7D")
    assert "charlemagne.follow.suit" == err.rule.id
    assert "you must follow hearts: the jack of diamonds led is a trump" == err.reason


def test_charlemagne_trump_suit_joker_is_the_only_heart_and_must_be_played() -> None:
    """charlemagne.trump.suit: a player whose only heart is a joker must play it to a heart lead."""
    s = run(table(C, C_KITTY), "bid 5", "pass", "pass", "pass", "discard AS", "discard 7C", "trump H", "JD", "AH")
    assert 3 == ch.to_move(s)
    assert ["LJ"] == moves(s)
    err = illegal(s, "8C")
    assert "charlemagne.follow.suit" == err.rule.id
    assert (
        "you must follow hearts: the jack of diamonds led is a trump; "
        "the Little joker counts as a heart when hearts are trump"
    ) == err.reason


def test_charlemagne_trump_suit_little_jack_counts_as_a_heart() -> None:
    """charlemagne.trump.suit: the error names the jack of diamonds as a heart when hearts are trump."""
    s = run(table(C, C_KITTY), "pass", "bid 5", "pass", "pass", "discard 7S", "discard 8S", "trump H")
    s = run(s, "AH")  # seat 2 leads a heart; seat 3 holds only the Little joker, seat 0 many hearts
    s = run(s, "LJ", "BJ")
    assert ["JD"] == moves(s)
    err = illegal(s, "KS")
    assert "you must follow hearts: the jack of diamonds counts as a heart when hearts are trump" == err.reason


def test_charlemagne_trump_suit_little_jack_does_not_follow_diamonds() -> None:
    """charlemagne.trump.suit: with hearts trump the jack of diamonds is no diamond: a diamond lead leaves it free."""
    deal = {0: "AH KH QH JH 10H 9H 8H 7H", 1: "AD 7S 8S 9S 10S JS QS KS", 2: "JD AC KC QC JC 10C 9C 8C"}
    s = run(table(deal, "BJ LJ"), "bid 5", "pass", "pass", "pass", "discard BJ", "discard LJ", "trump H", "AD")
    assert 2 == ch.to_move(s)
    assert len(s.hands[2]) == len(ch.legal_moves(s))
    s = run(s, "JD")
    assert ["KD", "QD", "10D", "9D", "8D", "7D"] == moves(s)
    s = run(s, "7D", "AH")
    assert 2 == s.leader  # JD, a trump, beats the ace of hearts


# --- following -------------------------------------------------------------------------


def test_charlemagne_follow_suit_nothing_has_to_be_beaten() -> None:
    """charlemagne.follow.suit: follow the suit led with any card of it; void, play anything, no need to trump."""
    s = number_6_by_0()
    s = run(s, "7S")  # seat 1 leads a low spade
    assert 2 == ch.to_move(s)
    assert len(s.hands[2]) == len(ch.legal_moves(s))  # void in spades: anything, trump not required
    s = run(s, "7D", "7C")
    assert len(s.hands[0]) == len(ch.legal_moves(s))


def test_charlemagne_follow_suit_any_card_of_the_suit() -> None:
    """charlemagne.follow.suit: a follower may play a card of the suit led that does not beat the trick."""
    deal = {0: "9S AS 7H 8H 7D 8D 7C 8C", 1: "8S KS AH KH AD KD AC KC", 3: "QS 7S QH 9H QD 9D QC 9C"}
    s = run(table(deal, "10D 10C"), "pass", "pass", "pass", "bid 5", "discard 10D", "discard 10C", "trump H")
    s = run(s, "9S")
    assert ["KS", "8S"] == moves(s)
    s = run(s, "8S")
    assert ["JS", "10S"] == moves(s)


def test_charlemagne_follow_suit_little_jack_follows_trumps_only() -> None:
    """charlemagne.follow.suit: with spades trump a spade lead calls for the jack of clubs, not the clubs."""
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump S")
    s = run(s, "7S", "AD")
    assert ["JC"] == moves(s)


def test_charlemagne_mulot_trumps_only_jokers_big_over_little_jacks_plain() -> None:
    """charlemagne.mulot.trumps: in Mulot only the jokers are trump, Big over Little; every jack is plain."""
    assert cs("BJ LJ") == ch.trump_order(None)
    assert cs("AH KH QH JH 10H 9H 8H 7H") == ch.suit_order(Suit.HEARTS, None)
    assert cs("AD KD QD JD 10D 9D 8D 7D") == ch.suit_order(Suit.DIAMONDS, None)
    assert 1 == _trick_winner(cs("LJ BJ"), None)
    assert 2 == _trick_winner(cs("7C AC LJ"), None)
    s = run(table(J, J_KITTY), "bid mulot", "pass", "pass", "pass", "7H", "KH")
    assert ["QH", "JH"] == moves(s)  # the jack of hearts follows hearts


def test_charlemagne_mulot_joker_void_must_play_a_joker() -> None:
    """charlemagne.mulot.joker-void: void in the plain suit led, holding a joker, you must play it."""
    deal = {0: "7S 8S 7H 8H 7D 8D 7C 8C", 1: "BJ AS KS QS AH KH QH AD", 3: "LJ JS 10S 9S JH 10H 9H KD"}
    s = run(table(deal, "AC KC"), "bid mulot", "pass", "pass", "pass", "7C")
    assert ["BJ"] == moves(s)
    err = illegal(s, "AS")
    assert "charlemagne.mulot.joker-void" == err.rule.id
    assert "you have no clubs and you hold the Big joker" in err.reason
    s = run(s, "BJ")
    assert ["LJ"] == moves(s)
    s = run(s, "LJ")
    assert 1 == s.leader  # the Big joker wins


def test_charlemagne_mulot_joker_void_binds_the_bidder() -> None:
    """charlemagne.mulot.joker-void: the Mulot bidder, void in the suit led, must play a joker too."""
    s = run(table(J, J_KITTY), "bid mulot", "pass", "pass", "pass", "7D", "QD", "QS")
    assert 1 == s.leader
    s = run(s, "AD", "QH")
    assert 0 == ch.to_move(s)
    assert ["BJ"] == moves(s)
    assert "charlemagne.mulot.joker-void" == illegal(s, "7S").rule.id


def test_charlemagne_mulot_joker_led_the_other_must_be_played() -> None:
    """charlemagne.mulot.joker-led: when a joker is led, the holder of the other must play it, the bidder too."""
    s = run(table(J, J_KITTY), "bid mulot", "pass", "pass", "pass", "7D", "QD", "QS", "LJ")
    assert 3 == ch.to_move(s)
    assert len(s.hands[3]) == len(ch.legal_moves(s))  # no joker: anything
    s = run(s, "AC")
    assert ["BJ"] == moves(s)
    err = illegal(s, "7S")
    assert "charlemagne.mulot.joker-led" == err.rule.id
    assert "the Little joker was led and you hold the Big joker: you must play it" == err.reason
    s = run(s, "BJ")
    assert 0 == s.leader and 1 == s.tricks[0]


def test_charlemagne_mulot_joker_led_by_the_bidder() -> None:
    """charlemagne.mulot.joker-led: the bidder leads the Big joker; the Little joker's holder must play it."""
    s = run(table(J, J_KITTY), "bid mulot", "pass", "pass", "pass", "BJ")
    assert ["LJ"] == moves(s)


# --- tricks and the end of the hand (charlemagne.trump.order, charlemagne.hand.end) ---------------


def test_charlemagne_trick_winner_highest_trump_else_highest_of_suit_led() -> None:
    """charlemagne.trick.winner: the Little joker beats the jack of diamonds; the winner leads next."""
    s = run(table(C, C_KITTY), "bid 5", "pass", "pass", "pass", "discard AS", "discard 7C", "trump H")
    s = run(s, "JD", "AH", "LJ", "7H")
    assert 3 == s.leader and 3 == ch.to_move(s) and (0, 1) == s.tricks
    assert cs("JD AH LJ 7H") == s.last_trick and 1 == s.last_leader
    s = run(s, "AC", "BJ")
    assert 1 == ch.to_move(s)
    s = run(s, "7S", "7D")
    assert 0 == s.leader and (1, 1) == s.tricks


def _trick_rule(state: ch.State, *texts: str) -> str:
    """The rule the trick event cites when *texts* are played from *state*, the last card ending the trick."""
    s = run(state, *texts[:-1])
    move = ch.parse_move(s, texts[-1])
    (trick,) = [e for e in ch.events(s, move, ch.apply(s, move)) if e.kind == "trick"]
    return trick.rule


def test_charlemagne_trump_order_decides_a_trick_with_two_trumps() -> None:
    """charlemagne.trump.order: a trump over another trump cites the trump order; one trump, the winner rule."""
    s = run(table(C, C_KITTY), "bid 5", "pass", "pass", "pass", "discard AS", "discard 7C", "trump H")
    assert "charlemagne.trump.order" == _trick_rule(s, "JD", "AH", "LJ", "7H")  # the jack of diamonds is a trump
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")
    assert "charlemagne.trick.winner" == _trick_rule(s, "7S", "AD", "AC", "10H")  # one trump: no order to apply
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump C")
    assert "charlemagne.trick.winner" == _trick_rule(s, "7S", "AD", "AC", "AH")


def test_charlemagne_trick_winner_off_suit_cards_do_not_win() -> None:
    """charlemagne.trick.winner: with no trump in the trick, the highest card of the suit led wins."""
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")
    s = run(s, "7S", "AD", "AC", "10H")
    assert 0 == s.leader  # the 10 of hearts, a trump
    s = run(table(A, A_KITTY), "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump C")
    s = run(s, "7S", "AD", "AC", "AH")
    assert 3 == s.leader  # AC is a trump when clubs are trump


def test_charlemagne_hand_end_all_eight_tricks_by_default() -> None:
    """charlemagne.hand.end: by default all eight tricks are played even once the result is certain."""
    s = run(table(J, J_KITTY), "bid mulot", "pass", "pass", "pass", "BJ", "LJ", "AC")
    assert (1, 0) == s.tricks and () == s.rounds and "play" == s.phase
    s = play_hand(s)
    assert 8 == sum(s.rounds[0].tally)


def test_charlemagne_hand_end_when_decided_option() -> None:
    """charlemagne.hand.end: with end_when_decided, the hand ends at the first trick a Mulot bidder wins."""
    s = run(table(J, J_KITTY, rules=DECIDED), "bid mulot", "pass", "pass", "pass", "BJ", "LJ", "AC")
    assert 1 == len(s.rounds) and (1, 0) == s.rounds[0].tally and (0, 7) == s.match
    assert 1 == s.round_no and "bid" == s.phase


def test_charlemagne_hand_end_when_decided_number_bid_made() -> None:
    """charlemagne.hand.end: with end_when_decided, a bid of 6 ends once the bidders have six tricks."""
    s = play_hand(number_6_by_0(DECIDED))
    assert (6, 0) == s.rounds[0].tally and (6, 0) == s.match


def test_charlemagne_hand_end_when_decided_same_score() -> None:
    """charlemagne.hand.end: ending early never changes who scores or how much."""
    for seed in range(30):
        full = play_hand(ch.new_game(seed=seed))
        early = play_hand(ch.new_game(DECIDED, seed=seed))
        assert full.rounds[0].points == early.rounds[0].points
        assert sum(early.rounds[0].tally) <= sum(full.rounds[0].tally) == 8


# --- scoring ---------------------------------------------------------------------------


def test_charlemagne_score_number_made_extra_tricks_count_nothing() -> None:
    """charlemagne.score.number: bid 6 and win all eight: the bidders score 6, not 8."""
    s = play_hand(number_6_by_0())
    r = s.rounds[0]
    assert (8, 0) == r.tally and (6, 0) == r.points and (6, 0) == s.match
    assert ("charlemagne.score.number", 0, 6) == (r.items[0].rule, r.items[0].side, r.items[0].points)


def test_charlemagne_score_number_eight_made() -> None:
    """charlemagne.score.number: a made 8 scores 8."""
    s = run(table(A, A_KITTY), "bid 8", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")
    assert (8, 0) == play_hand(s).match


def test_charlemagne_score_number_missed_goes_to_the_opponents() -> None:
    """charlemagne.score.number: a missed bid of 8 gives the opponents 8."""
    s = run(table(A, A_KITTY), "pass", "bid 8", "pass", "pass", "discard 8H", "discard 7H", "trump S")
    s = play_hand(s)
    r = s.rounds[0]
    assert r.tally[1] < 8 and (8, 0) == r.points
    assert 0 == r.items[0].side and "missed" in r.items[0].label


def test_charlemagne_score_mulot_made_and_missed() -> None:
    """charlemagne.score.mulot: no trick to the bidder scores 15; any trick gives the opponents 7."""
    made = play_hand(run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass"))
    assert (0, 8) == made.rounds[0].tally and (15, 0) == made.match
    assert "charlemagne.score.mulot" == made.rounds[0].items[0].rule
    missed = play_hand(run(table(M, M_KITTY), "pass", "bid mulot", "pass", "pass"))
    assert missed.rounds[0].tally[1] > 0 and (7, 0) == missed.match


def test_charlemagne_score_gros_mulot_made_and_missed() -> None:
    """charlemagne.score.gros-mulot: 30 made, 15 to the opponents missed."""
    made = play_hand(run(table(M, M_KITTY), "bid gros mulot", "pass", "pass", "pass"))
    assert (30, 0) == made.match and "charlemagne.score.gros-mulot" == made.rounds[0].items[0].rule
    missed = play_hand(run(table(M, M_KITTY), "pass", "bid gros mulot", "pass", "pass"))
    assert (15, 0) == missed.match


def test_charlemagne_score_charlemagne_made_and_missed() -> None:
    """charlemagne.score.charlemagne: every trick scores 16; one lost gives the opponents 8."""
    made = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass", "give 9H")
    made = play_hand(run(made, "discard 9H", "discard 8H", "discard 7H", "trump H"))
    assert (8, 0) == made.rounds[0].tally and (16, 0) == made.match
    assert "charlemagne.score.charlemagne" == made.rounds[0].items[0].rule
    missed = run(table(A, A_KITTY), "pass", "bid charlemagne", "pass", "pass", "give AC")
    missed = play_hand(run(missed, "discard 8H", "discard 7H", "discard AC", "trump S"))
    assert missed.rounds[0].tally[0] > 0 and (8, 0) == missed.match


def test_charlemagne_score_gros_charlemagne_made_wins_from_any_score() -> None:
    """charlemagne.score.gros-charlemagne: 32 made wins the match at once; missed gives the opponents 16."""
    made = run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass", "source kitty")
    made = play_hand(run(made, "discard 8H", "discard 7H", "trump H"))
    assert (32, 0) == made.match and 0 == made.rounds[0].items[0].side
    assert ch.is_over(made) and 0 == ch.score(made).winner and ch.to_move(made) is None
    missed = run(table(A, A_KITTY), "pass", "bid gros charlemagne", "pass", "pass", "source partner", "give AC")
    missed = play_hand(run(missed, "discard AC", "trump S"))
    assert (16, 0) == missed.match and not ch.is_over(missed)
    assert "charlemagne.score.gros-charlemagne" == missed.rounds[0].items[0].rule


def test_charlemagne_match_target_checked_after_every_hand() -> None:
    """charlemagne.match.target: four made 8s reach 32 and end the match after the fourth hand."""
    deal = [cs(A[0]), cs(A[1]), cs(A[2]), cs("AC KC QC JC 10C 9C 8C 7C")]
    decks = [ch.deck_from_hands(deal, cs(A_KITTY), (3 + k) % 4) for k in range(4)]
    s = ch.new_game(decks=decks, dealer=3, seed=5)
    for k in range(4):
        while ch.to_move(s) != 0:
            s = run(s, "pass")
        s = run(s, "bid 8")
        while s.phase == "bid":
            s = run(s, "pass")
        s = run(s, "discard 8H", "discard 7H", "trump H")
        s = play_hand(s)
        assert (8 * (k + 1), 0) == s.match
        assert (k == 3) == ch.is_over(s)
    assert 0 == ch.score(s).winner and 4 == len(ch.score(s).rounds)
    assert not ch.legal_moves(s)
    assert "charlemagne.match.target" == illegal(s, "pass").rule.id


def test_charlemagne_match_target_one_team_scores_per_hand() -> None:
    """charlemagne.match.target: in each hand exactly one team scores, so the match never ties."""
    s = ch.new_game(seed=11)
    rng = random.Random(11)
    while not ch.is_over(s):
        s = ch.apply(s, ch.legal_moves(s).sample(rng))
    for r in s.rounds:
        assert 1 == sum(1 for p in r.points if p)
    assert 1 == sum(1 for m in s.match if m >= 32)


def test_charlemagne_match_single_one_hand_decides() -> None:
    """charlemagne.match.single: with single_round, a made 8 (8 points, short of 32) ends the match."""
    deal = [cs(A[0]), cs(A[1]), cs(A[2]), cs("AC KC QC JC 10C 9C 8C 7C")]
    deck = ch.deck_from_hands(deal, cs(A_KITTY), 3)
    for single in (False, True):
        s = ch.new_game(ch.CharlemagneRuleset(single_round=single), deck=deck, dealer=3, seed=5)
        s = run(s, "bid 8", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")
        s = play_hand(s)
        assert (8, 0) == s.match
        assert single == ch.is_over(s)
        assert (0 if single else None) == ch.score(s).winner
        assert (0 if single else 1) == s.round_no
    assert "charlemagne.match.single" in ch.RULES


# --- hidden cards -----------------------------------------------------------------------


def test_charlemagne_hidden_kitty_only_to_the_bidder_who_takes_it() -> None:
    """charlemagne.hidden: the kitty taken after a number bid is shown to the bidder only."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass")
    assert cs(A_KITTY) == ch.observe(s, 0).kitty_taken
    for k in (1, 2, 3):
        o = ch.observe(s, k)
        assert () == o.kitty_taken and not set(cs(A_KITTY)) & set(o.hand)
    s = run(s, "discard BJ", "discard 7H")
    assert cs("BJ 7H") == ch.observe(s, 0).discards
    assert all(() == ch.observe(s, k).discards and 2 == ch.observe(s, k).discard_count for k in (1, 2, 3))


def test_charlemagne_hidden_kitty_untouched_in_mulot() -> None:
    """charlemagne.hidden: nobody sees a Mulot kitty, and only the partner sees the thrown-away cards."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    for k in range(4):
        o = ch.observe(s, k)
        assert 2 == o.kitty_count and () == o.kitty_taken
        assert (s.out if k == 2 else ()) == o.out and 8 == o.out_count


def test_charlemagne_hidden_passed_card_to_partner_and_bidder_only() -> None:
    """charlemagne.hidden: the passed card is known to the partner and the bidder, not to the opponents."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass", "give 9H", "discard 9H")
    assert c("9H") == ch.observe(s, 0).passed == ch.observe(s, 2).passed
    assert ch.observe(s, 1).passed is None and ch.observe(s, 3).passed is None
    assert cs("9H") == ch.observe(s, 0).discards and () == ch.observe(s, 2).discards
    assert 7 == len(ch.observe(s, 2).out) and () == ch.observe(s, 0).out


def test_charlemagne_hidden_gros_charlemagne_unchosen_source_unseen() -> None:
    """charlemagne.hidden: in Gros Charlemagne with the partner's card, nobody sees the kitty."""
    s = run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass", "source partner", "give 9H")
    for k in range(4):
        o = ch.observe(s, k)
        assert () == o.kitty_taken and 2 == o.kitty_count
        assert not set(cs(A_KITTY)) & set(o.hand)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_charlemagne_hidden_observation_ignores_hidden_cards(seat: int) -> None:
    """charlemagne.hidden: re-dealing what a seat cannot see leaves its observation unchanged."""
    rng = random.Random(seat)
    states = [
        run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass", "give 9H", "discard 9H"),
        run(table(M, M_KITTY), "bid gros mulot", "pass", "pass", "pass", "7S", "AS", "QS"),
        run(table(A, A_KITTY), "bid gros charlemagne", "pass", "pass", "pass", "source partner", "give 9H"),
        run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass", "discard BJ"),
    ]
    for s in states:
        for _ in range(5):
            t = ch.shuffle_hidden(s, seat, rng)
            ch.check_state(t)
            assert ch.observe(s, seat) == ch.observe(t, seat)
