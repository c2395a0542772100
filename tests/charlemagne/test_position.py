"""Charlemagne's position notation: round trips over random play, hidden zones, errors naming the field, refusals."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable

import attrs
import pytest

import cardrules
from cardrules import InvalidPositionError
from cardrules import charlemagne as ch
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from tests.charlemagne.positions import run, table
from tests.variants import CHARLEMAGNE

PASS = ch.Pass()
STEP = 3  # every third state of a match is checked
SUITED = {0: "AS KS QS JS 10S 9S 8S 7S", 1: "AH KH QH JH 10H 9H 8H 7H", 2: "AD KD QD JD 10D 9D 8D 7D"}
"""A deal by suits: seat 3 holds the clubs, the jokers are the kitty."""


@functools.cache
def _states(text: str) -> tuple[ch.State, ...]:
    """States of random matches: passes at three rates, so every contract and phase comes up."""
    game = cardrules.get_game(text)
    out: list[ch.State] = []
    for seed, odds in itertools.product(range(4), (0.0, 0.6, 0.9)):
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        n = 0
        while not game.is_over(s):
            if n % STEP == 0:
                out.append(s)
            moves = game.legal_moves(s)
            s = game.apply(s, PASS if PASS in moves and rng.random() < odds else moves.sample(rng))
            n += 1
        out.append(s)
    return tuple(out)


def _public(o: ch.Observation) -> ch.Observation:
    """*o* without the history of tricks, which a position does not keep (only each side's won tricks)."""
    return attrs.evolve(o, history=())


def _same(a: ch.State, b: ch.State) -> None:
    """The same moves, observations (but the history a position does not keep) and score."""
    assert list(itertools.islice(ch.legal_moves(a), 200)) == list(itertools.islice(ch.legal_moves(b), 200))
    for seat in range(4):
        assert _public(ch.observe(a, seat)) == _public(ch.observe(b, seat))
    assert ch.score(a) == ch.score(b)


@pytest.mark.parametrize("text", [t for t in CHARLEMAGNE if "single_round" not in t])  # one hand a match is too few
def test_the_random_play_covers_every_contract_and_phase(text: str) -> None:
    """The states the round trips use hold every contract, both Gros Charlemagne sources and every phase."""
    states = _states(text)
    assert {s.contract for s in states} == {None, *ch.Contract}
    assert {s.source for s in states} == {None, "kitty", "partner"}
    assert {s.phase for s in states} == {"bid", "source", "give", "discard", "trump", "play"}


@pytest.mark.parametrize("text", CHARLEMAGNE)
def test_a_position_reads_back_as_the_same_state(text: str) -> None:
    """Read back, a position gives the same moves, observations and score, and the same text again."""
    for s in _states(text):
        p = cardrules.position(s)
        back = cardrules.from_position(p)
        _same(s, back)
        assert cardrules.position(back) == p
        assert back.seed == 0 and back.pending_decks == ()


@pytest.mark.parametrize("text", CHARLEMAGNE)
def test_a_seats_position_decides_that_seats_moves_and_their_scores(text: str) -> None:
    """
    From the position the mover may show, the mover has the same moves and sees the same, and
    redealing what the mover cannot see changes no move's score.
    """
    rng = random.Random(5)
    for s in _states(text)[::2]:
        mover = ch.to_move(s)
        if mover is None:
            continue
        p = cardrules.position(s, seat=mover)
        s2 = cardrules.from_position(p)
        assert cardrules.position(s2, seat=mover) == p
        assert ch.observe(s2, mover) == _public(ch.observe(s, mover))
        moves = list(itertools.islice(ch.legal_moves(s), 200))
        assert list(itertools.islice(ch.legal_moves(s2), 200)) == moves
        s3 = ch.shuffle_hidden(s2, mover, rng)
        for m in moves[:30]:
            assert ch.score(ch.apply(s2, m)) == ch.score(ch.apply(s3, m))


def test_a_seats_position_shows_only_what_that_seat_sees() -> None:
    """Another seat's hand, the kitty, the discards, the records and the thrown-away cards are sizes."""
    s = run(table(SUITED, "BJ LJ"), "bid 7", "pass", "pass", "pass")
    words = dict(w.split("=", 1) for w in cardrules.position(s, seat=1).split(" ")[2:])
    assert words["hands"] == "?10/" + ",".join(map(str, s.hands[1])) + "/?8/?8"
    assert (words["kitty"], words["taken"], words["discards"], words["passed"]) == ("?0", "?2", "?0", "?0")
    bidder = dict(w.split("=", 1) for w in cardrules.position(s, seat=0).split(" ")[2:])
    assert bidder["hands"].startswith("AS,KS,QS,JS,10S,9S,8S,7S,BJ,LJ/?8")
    assert bidder["taken"] == "BJ,LJ"


def test_hidden_cards_are_filled_in_pack_order() -> None:
    """Hands given by size get the unseen cards in pack order, seat by seat, then the kitty."""
    s = cardrules.from_position(
        "p1 charlemagne dealer=3 calls=- phase=bid source=- hands=?8/BJ,LJ,AH,KH,QH,JH,10H,9H/?8/?8 "
        "kitty=?2 taken=?0 passed=?0 discards=?0 out=?0 trump=- leader=0 trick=- won=-/- last_leader=0 rounds=-"
    )
    rest = [c for c in CHARLEMAGNE_PACK.cards if c not in s.hands[1]]
    assert s.hands[0] == tuple(rest[:8]) and s.hands[2] == tuple(rest[8:16]) and s.hands[3] == tuple(rest[16:24])
    assert s.kitty == tuple(rest[24:])


def test_the_partners_card_stays_with_the_bidder_when_hidden_cards_are_filled() -> None:
    """The partner knows the card passed: filled in, it is in the bidder's hidden discards."""
    s = run(table(SUITED, "BJ LJ"), "bid charlemagne", "pass", "pass", "pass", "give 7D")
    s = run(s, "discard 7D", "discard 8S", "discard 7S", "trump S")
    p = cardrules.position(s, seat=2)
    assert "passed=7D" in p and "discards=?3" in p
    back = cardrules.from_position(p)
    assert back.passed == s.passed
    assert back.passed in back.discards
    assert ch.observe(back, 2) == _public(ch.observe(s, 2))


# --- errors naming the field ------------------------------------------------------------

START = (
    "p1 charlemagne dealer=3 calls=- phase=bid source=- "
    "hands=AS,KS,QS,JS,10S,9S,8S,7S/AH,KH,QH,JH,10H,9H,8H,7H/AD,KD,QD,JD,10D,9D,8D,7D/AC,KC,QC,JC,10C,9C,8C,7C "
    "kitty=BJ,LJ taken=- passed=- discards=- out=- trump=- leader=0 trick=- won=-/- last_leader=0 rounds=-"
)


def _field(text: str) -> str:
    with pytest.raises(InvalidPositionError) as info:
        cardrules.from_position(text)
    return info.value.field


def test_the_hand_made_start_reads() -> None:
    """The position the error tests edit is itself a position."""
    s = cardrules.from_position(START)
    assert ch.to_move(s) == 0 and cardrules.position(s) == START


def test_a_card_twice_names_its_field() -> None:
    """A card listed in two places is refused at the second."""
    assert _field(START.replace("kitty=BJ,LJ", "kitty=BJ,AS")) == "kitty"
    assert _field(START.replace("AC,KC", "AC,AC")) == "hands"


def test_a_card_missing_names_the_hands() -> None:
    """A card of the pack nowhere in the text."""
    assert _field(START.replace("kitty=BJ,LJ", "kitty=BJ")) == "hands"


def test_a_hand_of_the_wrong_size_for_the_moment() -> None:
    """During the bidding every hand has eight cards."""
    text = START.replace(",7S/", "/").replace("kitty=BJ,LJ", "kitty=BJ,LJ,7S")
    assert _field(text) == "hands"


def test_a_trick_the_mover_cannot_be_on() -> None:
    """A full trick is never in progress: three cards in a solo contract."""
    s = run(table(SUITED, "BJ LJ"), "bid mulot", "pass", "pass", "pass", "AS")
    s = ch.apply(s, ch.legal_moves(s)[0])
    p = cardrules.position(s)
    hand = ",".join(map(str, s.hands[0]))
    rest = ",".join(map(str, s.hands[0][1:]))
    trick = ",".join(map(str, s.trick))
    bad = p.replace(f"hands={hand}/", f"hands={rest}/").replace(f"trick={trick}", f"trick={trick},{s.hands[0][0]}")
    assert bad != p
    assert _field(bad) == "trick"


def test_points_that_do_not_match_the_cards_won() -> None:
    """The last hand's score of a finished match must be that of the tricks played."""
    final = next(
        s for text in CHARLEMAGNE for s in _states(text) if s.winner is not None and len(set(s.rounds[-1].tally)) == 2
    )
    last = final.rounds[-1]
    bad = attrs.evolve(final, rounds=(*final.rounds[:-1], attrs.evolve(last, tally=last.tally[::-1])))
    assert _field(cardrules.position(bad)) == "rounds"


def test_won_cards_not_a_whole_number_of_tricks() -> None:
    """Each side's won cards are whole tricks: a card of the trick moved to a won pile is refused."""
    s = next(s for s in _states("charlemagne") if s.phase == "play" and len(s.trick) == 1 and s.won[0])
    p = cardrules.position(s)
    won = ",".join(map(str, s.won[0]))
    bad = p.replace(f"trick={s.trick[0]} ", "trick=- ").replace(f"won={won}/", f"won={won},{s.trick[0]}/")
    assert bad != p
    assert _field(bad) == "won"


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("dealer=3", "dealer=4", "dealer"),
        ("dealer=3", "dealer=x", "dealer"),
        ("calls=-", "calls=9", "calls"),
        ("calls=-", "calls=pass,pass,pass,pass,pass", "calls"),
        ("phase=bid", "phase=deal", "phase"),
        ("source=-", "source=stock", "source"),
        ("trump=-", "trump=J", "trump"),
        ("kitty=BJ,LJ", "kitty=BJ,1Z", "kitty"),
        ("kitty=BJ,LJ", "kitty=?x", "kitty"),
        ("passed=-", "passed=BJ,LJ", "passed"),
        ("passed=-", "passed=?1", "passed"),
        ("taken=-", "taken=?2", "taken"),
        ("won=-/-", "won=-", "won"),
        ("won=-/-", "won=?1/-", "won"),
        ("rounds=-", "rounds=5", "rounds"),
        ("leader=0 ", "", "leader"),
        ("rounds=-", "rounds=- extra=1", "position"),
        ("hands=AS", "hands=", "hands"),
    ],
)
def test_malformed_text_names_the_field(old: str, new: str, field: str) -> None:
    """Each malformed field is named."""
    assert old in START
    assert _field(START.replace(old, new, 1)) == field


def test_a_position_of_the_match_over_has_no_mover() -> None:
    """The finished match reads back finished."""
    final = next(s for s in reversed(_states("charlemagne")) if s.winner is not None)
    back = cardrules.from_position(cardrules.position(final))
    assert back.winner == final.winner and ch.to_move(back) is None


# --- refusals ----------------------------------------------------------------------------


def _refusals(s: ch.State) -> tuple[cardrules.Violation, ...]:
    assert ch.GAME.refusals is not None
    return ch.GAME.refusals(s)


def test_refusals_name_the_duty_to_follow() -> None:
    """A player holding the suit led may not play the other cards: charlemagne.follow.suit, once."""
    deal = {0: "AS KS QS JS AH 7H AD 7D", 1: "10S 9S 8S 7S KH QH KD QD", 2: "JH 10H 9H 8H JD 10D 9D 8D"}
    s = run(table(deal, "BJ LJ"), "bid 5", "pass", "pass", "pass", "discard 7H", "discard 7D", "trump C", "KH")
    refused = _refusals(s)
    assert [v.rule.id for v in refused] == ["charlemagne.follow.suit"]
    assert refused[0] == ch.check_move(s, ch.Play(cardrules.Card.parse("JD")))
    assert _refusals(ch.apply(s, ch.Play(cardrules.Card.parse("JH")))) == ()  # seat 3 holds no heart


def test_refusals_in_the_bidding() -> None:
    """After a bid of 7, lower bids are refused by the ladder; the forced dealer's pass by its rule."""
    s = ch.new_game(seed=1, dealer=3)
    assert _refusals(s) == ()
    assert [v.rule.id for v in _refusals(run(s, "bid 7"))] == ["charlemagne.bid.ladder"]
    forced = run(s, "pass", "pass", "pass")
    assert [v.rule.id for v in _refusals(forced)] == ["charlemagne.bid.dealer"]
    assert [v.rule.id for v in _refusals(run(s, "pass", "pass", "bid 6"))] == ["charlemagne.bid.ladder"]


def _candidates(s: ch.State) -> list[ch.Move]:
    seat = ch.to_move(s)
    if seat is None:
        return []
    if s.phase == "bid":
        return [PASS, *(ch.Bid(c) for c in ch.Contract)]
    card_move: dict[str, Callable[[cardrules.Card], ch.Move]] = {
        "play": ch.Play,
        "discard": ch.Discard,
        "give": ch.Give,
    }
    if s.phase in card_move:
        return [card_move[s.phase](c) for c in s.hands[seat]]
    return list(ch.legal_moves(s))


def test_refusals_are_check_moves_first_verdict_per_rule_in_random_play() -> None:
    """For every rule refusing a call or a card of the hand, the first such move's violation, in order."""
    seen: set[str] = set()
    for text in CHARLEMAGNE:
        for s in _states(text):
            verdicts = [v for v in (ch.check_move(s, m) for m in _candidates(s)) if v is not None]
            first: dict[str, cardrules.Violation] = {}
            for v in verdicts:
                first.setdefault(v.rule.id, v)
            assert _refusals(s) == tuple(first.values())
            seen.update(first)
    assert seen == {
        "charlemagne.follow.suit",
        "charlemagne.bid.ladder",
        "charlemagne.bid.dealer",
        "charlemagne.mulot.joker-void",
        "charlemagne.mulot.joker-led",
    }
