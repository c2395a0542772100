"""Mulle's position notation: round trips over random play, the refused positions, refusals."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import InvalidPositionError
from cardrules.mulle import (
    BUILDING,
    FISHING,
    Build,
    Capture,
    MulleRuleset,
    State,
    Trail,
    apply,
    check_state,
    legal_moves,
    observe,
    score,
    shuffle_hidden,
)
from cardrules.mulle import PACK as MULLE_PACK
from cardrules.mulle._cards import _BHV, _SCORING
from cardrules.mulle._legal import refusals
from cardrules.rules import Violation
from tests.mulle.positions import position as hand_made
from tests.playout import playout
from tests.variants import MULLE

GAME = cardrules.get_game("mulle")


def _moves(state: State, k: int) -> list[Any]:
    return list(itertools.islice(legal_moves(state), k))


def _states(text: str, seed: int, every: int) -> list[State]:
    """Every *every*-th state of a random match, and its last state."""
    game = cardrules.get_game(text)
    out: list[State] = []
    last: State | None = None
    for k, (before, _, after) in enumerate(playout(game, seed)):
        if k % every == 0:
            out.append(before)
        last = after
    assert last is not None
    return [*out, last]


def _assert_same(s: State, s2: State) -> None:
    assert _moves(s2, 200) == _moves(s, 200)
    for seat in range(s.rules.players):
        assert observe(s2, seat) == observe(s, seat)
    assert score(s2) == score(s)


@pytest.mark.parametrize("text", MULLE)
def test_positions_round_trip_in_every_variant(text: str) -> None:
    """The full position gives the same moves, views and score, and the same text again."""
    game = cardrules.get_game(text)
    for s in _states(text, seed=len(text), every=23):
        p = game.position(s)
        s2 = game.from_position(p)
        _assert_same(s, s2)
        assert game.position(s2) == p
        assert (s2.seed, s2.pending_decks) == (0, ())


@pytest.mark.parametrize("text", MULLE)
def test_a_seats_position_decides_its_moves_and_their_scores(text: str) -> None:
    """With the mover's seat, the unseen cards never change the mover's moves or what they score."""
    game = cardrules.get_game(text)
    rng = random.Random(text)
    for s in _states(text, seed=len(text) + 1, every=29)[:-1]:
        mover = s.to_play
        p = game.position(s, seat=mover)
        assert p.count("?") == s.rules.players  # the other hands and the stock
        s2 = game.from_position(p)
        assert game.position(s2, seat=mover) == p
        assert observe(s2, mover) == observe(s, mover)
        moves = _moves(s, 200)
        assert _moves(s2, 200) == moves
        other = shuffle_hidden(s2, mover, rng)
        for m in moves[:30]:
            assert score(apply(s2, m)) == score(apply(other, m)) == score(apply(s, m))


def _owned_by_other(text: str) -> State:
    for seed in range(40):
        for s, _, _ in playout(cardrules.get_game(text), seed):
            if any(b.owner != s.to_play for b in s.builds):
                assert isinstance(s, State)
                return s
    raise AssertionError("no build of the other seat in 40 matches")


def test_a_hidden_build_owner_is_given_a_card_to_take_the_build() -> None:
    """mulle.build.owner: a hidden hand filled in pack order still holds a card of each owned build's value."""
    s = _owned_by_other("mulle")
    s2 = GAME.from_position(GAME.position(s, seat=s.to_play))
    for b in s2.builds:
        assert any(_BHV[c] == b.value for c in s2.hands[b.owner])
    check_state(s2)


def _start(seat: int | None = None) -> str:
    return GAME.position(GAME.new_game(seed=11), seat)


def _field(text: str, name: str) -> str:
    return next(w for w in text.split(" ") if w.startswith(name + "=")).split("=", 1)[1]


def _with(text: str, name: str, value: str) -> str:
    return text.replace(f" {name}={_field(text, name)}", f" {name}={value}")


def _refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as info:
        cardrules.from_position(text)
    return info.value


def test_a_card_a_third_time_is_refused_in_its_field() -> None:
    p = _start(seat=1)
    dealt = _field(p, "dealt").split(",")
    hand = _field(p, "hands").split("/")[1].split(",")
    hand[:2] = [dealt[0], dealt[0]]
    err = _refused(_with(p, "hands", f"?8/{','.join(hand)}"))
    assert err.field == "hands"
    assert f"the {dealt[0]} is given a third time" in str(err)


def test_a_missing_card_is_named() -> None:
    """With every card shown, a card given a third time stands for one missing: both are named."""
    p = _start()
    stock = _field(p, "stock").split(",")
    copy = _field(p, "hands").split("/")[0].split(",")[0]
    i = next(k for k, c in enumerate(stock) if c != copy)
    gone, stock[i] = stock[i], copy
    err = _refused(_with(p, "stock", ",".join(stock)))
    assert err.field == "stock"
    assert f"the {copy} is given a third time" in str(err)
    assert f"and the {gone} nowhere" in str(err)


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    p = _start()
    hands = _field(p, "hands").split("/")
    hands[0] = ",".join(hands[0].split(",")[1:])
    err = _refused(_with(p, "hands", "/".join(hands)))
    assert err.field == "hands"
    assert "hand 0 has 8 cards, not 7" in str(err)


def test_a_stock_of_the_wrong_size_is_refused() -> None:
    err = _refused(_with(_start(seat=1), "stock", "?79"))
    assert err.field == "stock"
    assert "the stock has 80 cards, not 79" in str(err)


def test_a_play_the_mover_cannot_make_is_refused() -> None:
    """A capture of a card that is not on the table: the plays are replayed in public."""
    p = _start(seat=1)
    dealt = _field(p, "dealt").split(",")
    absent = next(c for c in ("KH", "QH", "JH", "KS") if c not in dealt)
    p = _with(_with(p, "plays", f"{absent}x{absent}"), "hands", "?7/?8")
    err = _refused(p)
    assert err.field == "plays"
    assert "mulle.capture" in str(err)


def test_a_build_left_at_the_end_of_a_deal_is_refused() -> None:
    """mulle.build.owner: the plays may not leave a build on the table when a deal ends."""
    for seed in range(50):
        s = next(before for k, (before, _, _) in enumerate(playout(GAME, seed)) if k == 15)
        card, onto = s.hands[s.to_play][0], min(s.table, key=lambda c: c.rank.pips) if s.table else None
        if not s.builds and onto is not None and card not in _SCORING and card.rank.pips + onto.rank.pips <= 16:
            break
    assert onto is not None
    last = f"{card}>{onto}={card.rank.pips + onto.rank.pips}"
    p = GAME.position(s, seat=0)
    p = _with(_with(_with(p, "plays", _field(p, "plays") + "," + last), "hands", "?8/?8"), "stock", "?64")
    err = _refused(p)
    assert err.field == "plays"
    assert "a build is left on the table when the deal ends" in str(err)


def test_points_that_do_not_match_the_cards_won_are_refused() -> None:
    """The last round's score is that of the round played (here one card point too many)."""
    rules = MulleRuleset(target=0)
    game = cardrules.Game(GAME.spec, rules)
    end = list(playout(game, 5))[-1][2]
    last = end.rounds[-1]
    item = next(i for i in last.items if i.rule == "mulle.points.cards")
    items = tuple(attrs.evolve(i, points=i.points + 1) if i == item else i for i in last.items)
    pts = tuple(p + (k == item.side) for k, p in enumerate(last.points))
    bad = attrs.evolve(end, rounds=(*end.rounds[:-1], attrs.evolve(last, items=items, points=pts, tally=pts)))
    bad = attrs.evolve(bad, match=pts)
    err = _refused(game.position(bad))
    assert err.field == "rounds"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda p: p.replace("dealer=", "dealer=x"), "dealer"),
        (lambda p: p.replace("dealer=0", "dealer=2").replace("dealer=1", "dealer=2"), "dealer"),
        (lambda p: p.replace(" stock=", " stok="), "stock"),
        (lambda p: p + " extra=1", "position"),
        (lambda p: _with(p, "dealt", "ZZ"), "dealt"),
        (lambda p: _with(p, "dealt", _field(p, "dealt").rsplit(",", 1)[0]), "dealt"),
        (lambda p: _with(p, "plays", "9H"), "plays"),
        (lambda p: _with(p, "plays", "9H>6D"), "plays"),
        (lambda p: _with(p, "plays", "9H=xx"), "plays"),
        (lambda p: _with(p, "hands", "?8"), "hands"),
        (lambda p: _with(p, "rounds", "1:2:-"), "rounds"),
        (lambda p: p.replace("p1 mulle", "p1 mulle(players=5)"), "ruleset"),
    ],
)
def test_malformed_text_names_its_field(change: Any, field: str) -> None:
    assert _refused(change(_start(seat=1))).field == field


def test_the_reader_fills_hidden_cards_in_pack_order() -> None:
    s = GAME.from_position(_start(seat=1))
    assert list(s.hands[0]) + list(s.stock) == sorted(
        [*s.hands[0], *s.stock], key=list(dict.fromkeys(MULLE_PACK.cards)).index
    )


def test_refusals_name_the_capture_duty_once() -> None:
    """Two cards that could capture are refused a trail for the same rule: it is given once."""
    s = hand_made(hands=("5H 6C 9D", "2C"), table="5D 6S 3H")
    got = refusals(s)
    assert [v.rule.id for v in got] == ["mulle.capture.duty"]
    assert "5H" in got[0].reason


def test_refusals_name_the_owner_rule_for_an_owned_build() -> None:
    s = hand_made(hands=("9H 5C", "2C"), table="7D", builds=[("4S 5D", 9, 0)])
    assert [v.rule.id for v in refusals(s)] == ["mulle.build.owner"]


def test_refusals_are_empty_when_every_card_may_be_trailed() -> None:
    assert refusals(hand_made(hands=("KH 2C", "3C"), table="5D 6S")) == ()
    assert refusals(hand_made(FISHING, hands=("5H", "2C"), table="5D")) == ()


def test_refusals_are_what_check_move_says_of_each_trail() -> None:
    s = _states("mulle(capture_duty=hand)", 9, 31)[1]
    want: dict[str, Violation] = {}
    for c in s.hands[s.to_play]:
        v = cardrules.get_game("mulle").check_move(s, Trail(c))
        if v is not None:
            want.setdefault(v.rule.id, v)
    assert refusals(s) == tuple(want.values())
    assert GAME.spec.refusals is refusals


def test_refusals_of_a_finished_match_are_empty() -> None:
    end = list(playout(cardrules.Game(GAME.spec, attrs.evolve(BUILDING, target=0)), 1))[-1][2]
    assert refusals(end) == ()


def test_a_capture_of_builds_only_is_written_without_cards() -> None:
    from cardrules.mulle._position import parse_play, play_text

    for move in (Capture(cardrules.Card.parse("9H"), (), 9), Build(cardrules.Card.parse("2H"), 0, 11)):
        assert parse_play(play_text(move)) == move
    assert play_text(Capture(cardrules.Card.parse("AH"), (), 14)) == "AH=14x"


_OWNED_15 = "p1 mulle dealer=0 dealt=2H,3H,4H,5D,6D,8C,9C,QC plays=KH>2H=15 hands={hand}/?7 stock=?80 rounds=-"


def test_a_hidden_owner_needs_an_unseen_card_of_its_build() -> None:
    """Seat 1 owns a build of 15 but seat 0 shows both 2S (the only cards worth 15): no such position."""
    err = _refused(_OWNED_15.format(hand="?8").replace("hands=?8/?7", "hands=2S,2S,3S,4S,5S,6S,7S,8S/?7"))
    assert err.field == "hands"
    assert "owns a build of 15" in str(err)
    s = cardrules.from_position(_OWNED_15.replace("{hand}/?7", "3S,4S,5S,6S,7S,8S,9S,10S/?7"))
    assert cardrules.Card.parse("2S") in s.hands[1]


def test_a_shown_owner_without_a_card_of_its_build_is_refused() -> None:
    p = _OWNED_15.replace("{hand}/?7", "3S,4S,5S,6S,7S,8S,9S,10S/?7")
    full = GAME.position(cardrules.from_position(p))
    hands = _field(full, "hands").split("/")
    stock = _field(full, "stock").split(",")
    hand = hands[1].split(",")
    swaps = [i for i, c in enumerate(stock) if c != "2S"]
    for k in [k for k, c in enumerate(hand) if c == "2S"]:  # every 2S of the owner's hand into the stock
        i = swaps.pop(0)
        hand[k], stock[i] = stock[i], "2S"
    hands[1] = ",".join(hand)
    err = _refused(_with(_with(full, "hands", "/".join(hands)), "stock", ",".join(stock)))
    assert err.field == "hands"
    assert "holds no card worth 15" in str(err)


def test_the_dealt_table_is_read_in_any_order_and_written_in_pack_order() -> None:
    p = _start(seat=1)
    dealt = _field(p, "dealt")
    s = cardrules.from_position(_with(p, "dealt", ",".join(reversed(dealt.split(",")))))
    assert GAME.position(s, seat=1) == p
