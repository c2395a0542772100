"""
The table form of Mulle's position: the round as it lies on the table, with no plays (issue 30).
Round trips over random play in every ruleset, every refusal naming its field, the hidden cards
filled consistently, partial scores, and the state it reads in the rest of the engine.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import Card, InvalidOptionError, InvalidPositionError, InvalidRecordError, records
from cardrules.bots import get_bot
from cardrules.mulle import (
    TableStart,
    apply,
    check_state,
    legal_moves,
    observe,
    sample_state,
    score,
    shuffle_hidden,
)
from cardrules.mulle._cards import _BHV
from tests.playout import playout, state_at
from tests.variants import MULLE

GAME = cardrules.get_game("mulle")

EXAMPLE = (
    "p1 mulle dealer=1 deal=2 table=7S,9C builds=5H+7C=12@1,7D+2C=9@0 hands=8S,9S,KD,AC,10C,QH/?6 "
    "stock=?64 taken=?12/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
)
"""The issue's example: the second deal of a building round, seen by seat 0, the seat to move."""

WRITTEN = EXAMPLE.replace("hands=8S,9S,KD,AC,10C,QH", "hands=8S,9S,QH,KD,AC,10C")
"""The example as cardrules writes it: a hand in pack order (it is read in any order)."""

LOCKED = (
    "p1 mulle(locking_builds=true) dealer=1 deal=2 table=7S builds=6D+3C+9S=9@0! hands=8S,9H,KD,AC,10C/?5 "
    "stock=?64 taken=?16/?10 mulles=-/- tabbes=0/0 last=1 rounds=-"
)


def _moves(state: Any, k: int = 300) -> list[Any]:
    return list(itertools.islice(legal_moves(state), k))


def _field(text: str, name: str) -> str:
    return next(w for w in text.split(" ") if w.startswith(name + "=")).split("=", 1)[1]


def _with(text: str, name: str, value: str) -> str:
    return text.replace(f" {name}={_field(text, name)}", f" {name}={value}")


def _refused(text: str) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as info:
        cardrules.from_position(text)
    return info.value


def _hide_taken(text: str) -> str:
    """The position with every captured pile given only by its size (``?N``)."""
    piles = []
    for part in _field(text, "taken").split("/"):
        items = [] if part == "-" else part.split(",")
        n = sum(int(i[1:]) if i.startswith("?") else 1 for i in items)
        piles.append(f"?{n}" if n else "-")
    return _with(text, "taken", "/".join(piles))


@pytest.mark.parametrize("text", MULLE)
def test_every_ruleset_round_trips_through_the_table_form(text: str) -> None:
    """Every 17th state of a match and its end: the same moves, score and text again, the state checked."""
    game = cardrules.get_game(text)
    states = [before for k, (before, _, _) in enumerate(playout(game, 3)) if k % 17 == 0]
    states.append(list(playout(game, 3))[-1][2])
    for s in states:
        for seat in (None, s.to_play):  # all shown, or what the seat to move may show
            p = game.position(s, seat, form="table")
            s2 = game.from_position(p)
            check_state(s2)
            assert _moves(s2) == _moves(s)
            if seat is None:
                assert score(s2) == score(s)
            assert game.position(s2, seat, form="table") == p


def test_a_round_at_its_deal_reads_as_a_dealt_round() -> None:
    """Before the first play the table form is the deal itself: no start, the same state but for the seed."""
    s = GAME.new_game(seed=4)
    s2 = cardrules.from_position(cardrules.position(s, form="table"))
    assert s2.start is None
    assert s2 == attrs.evolve(s, seed=0, pending_decks=())


# --- the issue's example -----------------------------------------------------------------------


def test_the_issues_example_is_read() -> None:
    s = cardrules.from_position(EXAMPLE)
    assert (s.dealer, s.deal_no, s.to_play) == (1, 1, 0)
    assert [str(c) for c in s.table] == ["7S", "9C"]
    assert [(b.value, b.owner) for b in s.builds] == [(12, 1), (9, 0)]
    assert any(_BHV[c] == 12 for c in s.hands[1])  # the hidden owner holds a card to take its build
    assert [len(p) for p in s.captured] == [12, 10]
    assert s.history == () and s.start is not None
    assert s.start.plays == 20 and s.start.hidden == (12, 10) and s.start.taken == ((), ())
    assert sorted(GAME.format_move(s, m) for m in legal_moves(s)) == ["9S x 9C [7D+2C]", "QH x [5H+7C]"]
    check_state(s)


def test_the_seat_to_move_follows_from_the_dealer_and_the_hand_sizes() -> None:
    """Seat 0 (the dealer's left) plays first in a deal; with one card fewer than seat 1, seat 1 moves."""
    p = _with(_with(EXAMPLE, "hands", "8S,9S,KD,AC,10C/?6"), "taken", "?13/?10")
    assert cardrules.from_position(p).to_play == 1
    three = cardrules.get_game("mulle(players=3)")
    s = state_at("mulle(players=3)", 8, 30)
    assert three.from_position(three.position(s, form="table")).to_play == s.to_play


def test_both_forms_write_the_same_state() -> None:
    """A state that holds its round whole writes either form; the default stays the play form."""
    s = state_at("mulle", 2, 25)
    assert cardrules.position(s) == cardrules.position(s, form="plays")
    assert " dealt=" in cardrules.position(s)
    table = cardrules.position(s, form="table")
    assert " deal=" in table and " plays=" not in table
    a, b = cardrules.from_position(cardrules.position(s)), cardrules.from_position(table)
    assert _moves(a) == _moves(b) and score(a) == score(b)


def test_a_round_entered_from_the_table_is_written_in_the_table_form() -> None:
    """Its plays before are not known: the default form is then the table form, and the play form is refused."""
    s = cardrules.from_position(EXAMPLE)
    assert cardrules.position(s, 0) == WRITTEN
    after = apply(s, legal_moves(s)[0])
    assert " deal=" in cardrules.position(after)
    with pytest.raises(InvalidPositionError) as info:
        cardrules.position(after, form="plays")
    assert "table form" in str(info.value)


def test_forms_that_a_game_does_not_have_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match="plays, table"):
        cardrules.position(cardrules.from_position(EXAMPLE), form="cards")
    with pytest.raises(InvalidOptionError, match="one form"):
        cardrules.position(cardrules.get_game("mililla").new_game(seed=1), form="table")


# --- every field checked -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda p: _with(p, "table", "8S,8S"), "hands", "the 8S is given a third time"),
        (lambda p: _with(p, "builds", "5H+7C=13@1,7D+2C=9@0"), "builds", "add up to 12, not 13"),
        (lambda p: _with(p, "builds", "5H+7C+KS=25@1,7D+2C=9@0"), "builds", "2 to 16"),
        (lambda p: _with(_with(p, "hands", "8S,9S,KD,AC,10C,QH,JH/?8"), "taken", "?9/?10"), "builds",
         "has not played in this deal"),
        (lambda p: _with(_with(p, "builds", "5H+7C=12@0,7D+2C=9@0"), "hands", "8S,9S,KD,AC,10C,JH/?6"),
         "builds", "holds no card worth 12"),
        (lambda p: _with(p, "builds", "5H+AC=6@1,7D+2C=9@0"), "builds", "scoring card"),
        (lambda p: _with(p, "builds", "5H+7C@1,7D+2C=9@0"), "builds", "a build is its cards"),
        (lambda p: _with(p, "builds", "5H+7C=12@1!,7D+2C=9@0"), "builds", "no locking"),
        (lambda p: _with(p, "hands", "8S,9S,KD,AC,10C,QH/?5"), "hands", "the hands hold"),
        (lambda p: _with(p, "hands", "8S,9S,KD,AC,10C,QH,JH,JC,JS/?6"), "hands", "deal 2 gives it 8"),
        (lambda p: _with(p, "stock", "?63"), "stock", "the stock has 64 cards, not 63"),
        (lambda p: _with(p, "deal", "1"), "stock", "the stock has 80 cards, not 64"),
        (lambda p: _with(p, "deal", "7"), "deal", "from 1 to 6"),
        (lambda p: _with(p, "taken", "?12/?11"), "taken", "hold 28 cards"),
        (lambda p: _with(p, "taken", "?21/?1"), "taken", "at least one more"),
        (lambda p: _with(p, "taken", "?12"), "taken", "one per side"),
        (lambda p: _with(p, "taken", "?12,9S/?10"), "taken", "then '?N'"),
        (lambda p: _with(_with(p, "mulles", "3H/-"), "taken", "3H,4H,4D,5D,6D,8D,2C,3C,4C,5C,6C,8C/?10"), "mulles",
         "both copies"),
        (lambda p: _with(_with(p, "mulles", "3H/3H"), "taken", "?12/3H,3H,?8"), "mulles", "mulled twice"),
        (lambda p: _with(p, "tabbes", "7/0"), "tabbes", "at most 6"),
        (lambda p: _with(p, "tabbes", "0"), "tabbes", "2 numbers"),
        (lambda p: _with(p, "last", "-"), "last", "write the seat that captured last"),
        (lambda p: _with(p, "last", "2"), "last", "from 0 to 1"),
        (lambda p: _with(p, "rounds", "1:2:-"), "rounds", ""),
        (lambda p: p.replace(" tabbes=", " tabs="), "tabbes", "expected the field"),
    ],
)  # fmt: skip
def test_every_field_is_checked_and_named(change: Any, field: str, words: str) -> None:
    err = _refused(change(EXAMPLE))
    assert err.field == field, str(err)
    assert words in str(err)


def test_a_last_seat_when_nothing_was_taken_is_refused() -> None:
    p = "p1 mulle dealer=1 deal=1 table=3S,7S,5H,6H,9H,10H,7D,9C,KC builds=- hands=?7/?8 stock=?80 taken=-/- " \
        "mulles=-/- tabbes=0/0 last=1 rounds=-"  # fmt: skip
    err = _refused(p)
    assert err.field == "last" and "nothing has been taken" in str(err)
    assert cardrules.from_position(_with(p, "last", "-")).to_play == 1


def test_nothing_is_taken_before_the_first_play() -> None:
    p = "p1 mulle dealer=0 deal=1 table=3S,7S,5H,6H,9H,10H builds=- hands=?8/?8 stock=?80 taken=7D,9C/- " \
        "mulles=-/- tabbes=0/0 last=1 rounds=-"  # fmt: skip
    assert _refused(p).field == "taken"


def test_every_hand_empty_with_cards_in_the_stock_is_refused() -> None:
    p = "p1 mulle dealer=1 deal=2 table=7S,9C builds=- hands=-/- stock=?64 taken=?26/?10 mulles=-/- tabbes=0/0 " \
        "last=1 rounds=-"  # fmt: skip
    err = _refused(p)
    assert err.field == "hands" and "deal=3" in str(err)


def test_the_fishing_game_has_no_builds_and_no_double_mulle() -> None:
    p = (
        "p1 mulle/fishing dealer=0 deal=1 table=3S,7S,KH,2D,9D builds=- hands=?4/?4 stock=?89 taken=-/5S,5S "
        "mulles=-/5S tabbes=0/0 last=1 rounds=-"
    )
    s = cardrules.from_position(p)
    assert s.mulles[1][0].points == 5 and s.to_play == 1
    assert _refused(_with(p, "builds", "3S+7S=10@1")).field == "builds"
    assert _refused(_with(p, "mulles", "-/5S*")).field == "mulles"


def test_a_locked_build_with_the_option() -> None:
    s = cardrules.from_position(LOCKED)
    assert s.builds[0].locked and s.builds[0].owner == 0 and s.to_play == 0
    assert cardrules.position(s, 0) == LOCKED
    err = _refused(_with(LOCKED, "builds", "6D+3C+8S=9@0!"))
    assert err.field == "builds" and "mulle.build.lock" in str(err)
    err = _refused(LOCKED.replace("mulle(locking_builds=true)", "mulle"))
    assert err.field == "builds" and "locking_builds" in str(err)


def test_three_and_four_players() -> None:
    for text, seed in (("mulle(players=3)", 5), ("mulle/fishing(players=3)", 6), ("mulle(players=4)", 7),
                       ("mulle/fishing(players=4, teams=true)", 8)):  # fmt: skip
        game = cardrules.get_game(text)
        s = state_at(text, seed, 40)
        p = game.position(s, s.to_play, form="table")
        assert len(_field(p, "hands").split("/")) == s.rules.players
        assert len(_field(p, "taken").split("/")) == len(s.rules.sides)
        s2 = game.from_position(_hide_taken(p))
        assert _moves(s2) == _moves(s) and s2.to_play == s.to_play


def test_mulles_and_double_mulles_are_kept() -> None:
    """A mulle's card is in its side's pile twice; a double mulle is written with '*'."""
    s = next(
        b
        for seed in range(40)
        for b, _, _ in playout(GAME, seed)
        if any(m.double for found in b.mulles for m in found) and b.winner is None
    )
    p = cardrules.position(s, form="table")
    assert "*" in _field(p, "mulles")
    s2 = cardrules.from_position(_hide_taken(p))
    assert s2.mulles == s.mulles
    for side, found in enumerate(s2.mulles):
        for m in found:
            assert s2.captured[side].count(m.card) == 2 and s2.start is not None
            assert s2.start.taken[side].count(m.card) == 2  # shown by the mulle, even in a pile not shown


# --- hidden cards and partial scores -----------------------------------------------------------


def test_hidden_cards_are_filled_consistently() -> None:
    """Pack order: the owner's card of its build's value first, then the hands, the captured piles, the stock."""
    from cardrules.mulle._cards import _ORDER

    s = cardrules.from_position(EXAMPLE)
    check_state(s)
    kept = [c for c in s.hands[1] if _BHV[c] == 12][:1]
    assert kept  # seat 1 owns the build of 12
    rest = [c for c in s.hands[1] if c not in kept] + [*s.captured[0], *s.captured[1], *s.stock]
    assert [_ORDER[c] for c in rest] == sorted(_ORDER[c] for c in rest)


def test_a_hidden_pile_makes_a_partial_score() -> None:
    """Card points of cards not shown are unknown, never invented; what the move takes is known."""
    s = cardrules.from_position(EXAMPLE)
    now = score(s).round
    assert now is not None and now.points == (0, 0)
    assert [(i.side, i.rule) for i in now.unknown] == [(0, "mulle.points.cards"), (1, "mulle.points.cards")]
    assert "12 cards taken not shown" in now.unknown[0].label
    move = next(m for m in legal_moves(s) if GAME.format_move(s, m) == "9S x 9C [7D+2C]")
    after = score(apply(s, move)).round
    assert after is not None and after.points == (1, 0)  # the 9S, a spade: 1 point, known
    assert after.unknown == now.unknown


def test_a_full_pile_makes_an_exact_score() -> None:
    full = _with(EXAMPLE, "taken", "AS,2S,3S,4S,AH,3H,3H,4H,5H,6H,8H,9H/AD,3D,4D,5D,6D,8D,2C,3C,4C,5C")
    s = cardrules.from_position(full)
    r = score(s).round
    assert r is not None and not r.unknown
    assert r.points == (7, 1)  # AS 2, 2S 2, 3S 1, 4S 1, AH 1; AD 1


def test_a_partial_round_ends_with_its_unknown_items() -> None:
    """Played to the end, the round's score says which items are unknown, and the rounds field keeps them."""
    game = cardrules.get_game("mulle(target=0)")
    base = state_at("mulle(target=0)", 2, 40)
    s = game.from_position(_hide_taken(game.position(base, form="table")))
    rng = random.Random(3)
    while not game.is_over(s):
        s = game.apply(s, game.legal_moves(s).sample(rng))
    last = score(s).rounds[-1]
    assert last.unknown and all(i.points == 0 for i in last.unknown)
    p = game.position(s)
    assert ":?:card_points_of_the_" in _field(p, "rounds")
    assert score(game.from_position(p)) == score(s)


def test_fishing_most_spades_is_unknown_until_it_is_sure() -> None:
    from cardrules.mulle._score import _round_score

    s = cardrules.from_position(
        "p1 mulle/fishing dealer=0 deal=1 table=3H,7H,KH,2D,9D builds=- hands=?4/?4 stock=?89 taken=-/?2 "
        "mulles=-/- tabbes=0/0 last=1 rounds=-"
    )
    r = _round_score(s, complete=True)
    assert [i.rule for i in r.unknown] == ["mulle.fishing.points", "mulle.fishing.spades"]
    assert not any(i.rule == "mulle.fishing.spades" for i in r.items)


def test_samples_and_shuffles_keep_what_is_public() -> None:
    s = cardrules.from_position(_hide_taken(cardrules.position(state_at("mulle", 6, 30), 0, form="table")))
    rng = random.Random(1)
    for seat in (0, 1):
        obs = observe(s, seat)
        assert obs.start == s.start
        for _ in range(5):
            sample = sample_state(obs, rng)
            check_state(sample)
            assert observe(sample, seat) == obs
            other = shuffle_hidden(s, seat, rng)
            check_state(other)
            assert observe(other, seat) == obs


def test_a_state_whose_pile_does_not_begin_with_its_start_is_refused() -> None:
    s = cardrules.from_position(_with(EXAMPLE, "taken", "AS,2S,3S,4S,AH,3H,3H,4H,5H,6H,8H,9H/?10"))
    assert s.start is not None
    bad = attrs.evolve(s, start=attrs.evolve(s.start, taken=(s.start.taken[1], s.start.taken[0])))
    with pytest.raises(InvalidRecordError):
        check_state(bad)
    with pytest.raises(InvalidRecordError):
        check_state(attrs.evolve(s, start=attrs.evolve(s.start, plays=0)))


def test_a_table_start_survives_json() -> None:
    s = cardrules.from_position(EXAMPLE)
    s = apply(s, legal_moves(s)[0])
    assert cardrules.loads(cardrules.dumps(s)) == s
    assert isinstance(cardrules.loads(cardrules.dumps(s)).start, TableStart)


def test_the_bots_play_from_the_table() -> None:
    """Greedy and search bots choose from an observation of a round entered from the table."""
    s = cardrules.from_position(EXAMPLE)
    legal = GAME.legal_moves(s)
    for name in ("greedy", "search(iterations=8)"):
        move = get_bot(name).choose(observe(s, 0), legal, random.Random(1))
        assert move in legal


# --- records -------------------------------------------------------------------------------------


def test_a_record_starts_from_a_table_position_and_verifies() -> None:
    s = cardrules.from_position(EXAMPLE)
    rng = random.Random(2)
    moves, t = [], s
    for _ in range(25):
        move = legal_moves(t).sample(rng)
        moves.append(move)
        t = apply(t, move)
    rec = records.from_moves(s, moves)
    first = rec.rounds[0].position
    assert first is not None and " deal=2 " in first and " taken=?12/?10 " in first
    report = records.verify(records.loads(records.dumps(rec)))
    assert report.ok, report
    assert report.final is not None and report.final.start is not None


def test_a_hand_written_record_from_the_table_reports_an_illegal_move() -> None:
    doc = {
        "format": "cardrules-record",
        "format_version": 1,
        "game": "mulle",
        "dealer": 1,
        "rounds": [{"position": EXAMPLE, "moves": [{"seat": 0, "move": "KD x [5H+7C]"}]}],
    }
    import json

    report = records.verify(records.loads(json.dumps(doc)))
    assert not report.ok
    problem = report.problems[0]
    assert (problem.kind, problem.rule) == ("illegal", "mulle.capture")
    assert "9S x 9C [7D+2C]" in problem.legal


def test_the_table_is_what_a_hand_written_position_says() -> None:
    """Spaces in a field are not allowed: a clear error, not a crash."""
    with pytest.raises(InvalidPositionError):
        cardrules.from_position(EXAMPLE.replace("table=7S,9C", "table=7S, 9C"))
    assert re.search(r"deal=2 table=7S,9C builds=", EXAMPLE)
    assert Card.parse("7S") in cardrules.from_position(EXAMPLE).table


# --- a fuzz ----------------------------------------------------------------------------------------

_BASES = [
    EXAMPLE,
    LOCKED,
    _hide_taken(cardrules.position(state_at("mulle/fishing(players=3)", 4, 25), 2, form="table")),
    cardrules.position(state_at("mulle(players=4)", 5, 60), form="table"),
    cardrules.position(state_at("mulle", 9, 10_000), form="table"),  # a finished match
]


def _mutate(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    ch = rng.choice("0123456789,/-+=@!*?ASKQJHDC ")
    op = rng.randrange(3)
    if op == 0:
        return text[:i] + ch + text[i + 1 :]
    if op == 1:
        return text[:i] + text[i + 1 :]
    return text[:i] + ch + text[i:]


def test_mutated_table_positions_are_refused_or_possible() -> None:
    """Any edit of a table form is read into a state that passes check_state, or refused with the library's error."""
    rng = random.Random(30)
    read = 0
    for _ in range(1500):
        text = rng.choice(_BASES)
        for _ in range(rng.randrange(1, 3)):
            text = _mutate(text, rng)
        try:
            s = cardrules.from_position(text)
        except cardrules.CardrulesError:
            continue
        check_state(s)
        read += 1
    assert read  # some edits give another possible position
