"""One test per fishing-game ruling, rule by rule, on hand-built positions."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import AmbiguousMoveError, IllegalMoveError
from cardrules.mulle import (
    FISHING,
    Build,
    Capture,
    MulleRuleset,
    State,
    Trail,
    apply,
    check_move,
    legal_moves,
    new_game,
    parse_move,
    score,
)
from tests.mulle.positions import card, cards, position

GLIMNE = MulleRuleset(style="fishing", teams=False, target=16, capture_duty="none", mulle_value="fixed", glimne=True)


def capture_set(state: State, text: str) -> set[tuple[int, tuple[str, ...]]]:
    """Every legal capture with one card as (value, sorted card texts)."""
    c = card(text)
    return {
        (m.value, tuple(sorted(map(str, m.taken))))
        for m in legal_moves(state)
        if isinstance(m, Capture) and m.card == c
    }


def test_mulle_fishing_values_ace_one_or_fourteen() -> None:
    """A fishing ace takes a lone ace as 1 or A + K as 14, the player's choice (mulle.fishing.values)."""
    s = position(FISHING, hands=("AH 5D", "6D 2C"), table="AD KC")
    assert {(1, ("AD",)), (14, ("AD", "KC"))} == capture_set(s, "AH")
    with pytest.raises(AmbiguousMoveError):
        parse_move(s, "AH")
    assert Capture(card("AH"), cards("AD"), 1) == parse_move(s, "AH x AD")
    assert Capture(card("AH"), cards("AD KC"), 14) == parse_move(s, "AH=14 x AD+KC")


def test_mulle_fishing_values_lillan_storan_pips() -> None:
    """The 2 of spades counts 2 and the 10 of diamonds 10 in the fishing game (mulle.fishing.values)."""
    s = position(FISHING, hands=("2S 10D", "6D 2C"), table="2H 10C")
    assert {(2, ("2H",))} == capture_set(s, "2S")
    assert {(10, ("10C",))} == capture_set(s, "10D")


def test_mulle_fishing_capture_any_disjoint_groups() -> None:
    """Any non-empty set of disjoint groups may be taken, and trailing is always allowed (mulle.turn)."""
    s = position(FISHING, hands=("9H 3C", "6D 2C"), table="9S 4S 5C 2H 7D")
    assert {
        (9, ("9S",)), (9, ("4S", "5C")), (9, ("2H", "7D")), (9, ("4S", "5C", "9S")), (9, ("2H", "7D", "9S")),
        (9, ("2H", "4S", "5C", "7D")), (9, ("2H", "4S", "5C", "7D", "9S")),
    } == capture_set(s, "9H")  # fmt: skip
    assert check_move(s, Trail(card("9H"))) is None


def test_mulle_fishing_capture_no_builds() -> None:
    """There are no builds in the fishing game (mulle.turn)."""
    s = position(FISHING, hands=("3C 9H", "6D 2C"), table="6D")
    v = check_move(s, Build(card("3C"), card("6D"), 9))
    assert v is not None and "mulle.fishing.capture" == v.rule.id
    assert all(not isinstance(m, Build) for m in legal_moves(s))


def test_mulle_fishing_mulle_twin_alone() -> None:
    """A mulle takes the twin and nothing else: 5 points; with more cards it is no mulle (mulle.fishing.mulle)."""
    s = position(FISHING, hands=("9H 3C", "6D 2C"), table="9H 4S 5C 8D")
    alone = apply(s, Capture(card("9H"), cards("9H"), 9))
    assert [5] == [m.points for m in alone.mulles[0]]
    more = apply(s, Capture(card("9H"), cards("9H 4S 5C"), 9))
    assert () == more.mulles[0]


def test_mulle_fishing_mulle_ace_takes_ace() -> None:
    """An ace played as 1 takes its twin: a mulle (mulle.fishing.values, mulle.fishing.mulle)."""
    s = position(FISHING, hands=("AH 3C", "6D 2C"), table="AH 8D")
    after = apply(s, Capture(card("AH"), cards("AH"), 1))
    assert [5] == [m.points for m in after.mulles[0]]


def test_mulle_fishing_mulle_identical_pair_is_not() -> None:
    """Two identical table cards taken together are not a mulle (mulle.fishing.mulle)."""
    s = position(FISHING, hands=("5C 3C", "6D 2C"), table="5H 5H 8D")
    after = apply(s, Capture(card("5C"), cards("5H 5H"), 5))
    assert () == after.mulles[0]


def test_mulle_fishing_mulle_glimne() -> None:
    """With glimne a mulle may take other cards with the twin (mulle.fishing.mulle option)."""
    s = position(GLIMNE, hands=("9H 3C", "6D 2C"), table="9H 4S 5C 8D")
    after = apply(s, Capture(card("9H"), cards("9H 4S 5C"), 9))
    assert [5] == [m.points for m in after.mulles[0]]


def test_mulle_tabbe_fishing_with_mulle() -> None:
    """A mulle that clears the table scores the mulle and a tabbe (mulle.tabbe)."""
    s = position(FISHING, hands=("9H 3C", "6D 2C"), table="9H")
    after = apply(s, Capture(card("9H"), cards("9H"), 9))
    assert ([5], 1) == ([m.points for m in after.mulles[0]], after.tabbes[0])
    items = {(i.rule, i.points) for i in score(after).round.items if i.side == 0}  # type: ignore[union-attr]
    assert {("mulle.fishing.mulle", 5), ("mulle.tabbe", 1)} <= items


def test_mulle_fishing_sistan_and_spades_tie() -> None:
    """The last capture scores sistan and takes the leftovers; most spades scores 1 (mulle.round.leftovers)."""
    s = position(FISHING, hands=("9H", ""), table="4H 5C 8D", stock="", last_capture=1)
    assert 26 == sum(1 for c in s.captured[1] if c.suit.name == "SPADES")  # side 1 holds every spade
    after = apply(s, Capture(card("9H"), cards("4H 5C"), 9))
    items = {(i.side, i.rule) for i in after.rounds[-1].items}
    assert (0, "mulle.fishing.sistan") in items and (1, "mulle.fishing.spades") in items
    assert (0, "mulle.tabbe") not in items


def test_mulle_fishing_spades_tie_scores_nothing() -> None:
    """No point for most spades on a tie for most (mulle.round.leftovers)."""
    import attrs

    from cardrules.mulle._score import _round_score

    s = position(FISHING, hands=("9H", ""), table="", stock="")
    spades = tuple(c for c in s.captured[1] if c.suit.name == "SPADES")
    others = tuple(c for c in s.captured[1] if c.suit.name != "SPADES")
    half = len(spades) // 2
    tied = attrs.evolve(s, captured=(spades[:half], spades[half:] + others))
    assert [] == [i for i in _round_score(tied, complete=True).items if i.rule == "mulle.fishing.spades"]


def test_mulle_fishing_most_cards_option() -> None:
    """With most_cards the side with the most cards scores 1 (mulle.round.leftovers option)."""
    rules = MulleRuleset(style="fishing", teams=False, target=16, capture_duty="none", mulle_value="fixed",
                         most_cards=True)  # fmt: skip
    s = position(rules, hands=("9H", ""), table="4H 5C", stock="", last_capture=1)
    after = apply(s, Capture(card("9H"), cards("4H 5C"), 9))
    assert (1, "mulle.fishing.most-cards", 1) in {(i.side, i.rule, i.points) for i in after.rounds[-1].items}


def test_mulle_fishing_points_fixed_14() -> None:
    """Aces 1 each, storan 2 each, lillan 1 each: 14 per round (mulle.round.leftovers)."""
    s = position(FISHING, hands=("9H", ""), table="4H 5C", stock="", last_capture=1)
    after = apply(s, Capture(card("9H"), cards("4H 5C"), 9))
    assert 14 == sum(i.points for i in after.rounds[-1].items if i.rule == "mulle.fishing.points")


def test_mulle_deal_last_fishing_short() -> None:
    """Fishing deals: 10/7/5 deals for 2/3/4 players; the short last deal gives the dealer one fewer (mulle.deal)."""
    for players, deals, last in ((2, 10, (5, 4)), (3, 7, (3, 3, 3)), (4, 5, (5, 5, 5, 4))):
        rules = MulleRuleset(style="fishing", players=players, teams=False, target=16, capture_duty="none",
                             mulle_value="fixed")  # fmt: skip
        s = new_game(rules, seed=3, dealer=players - 1)
        rng = random.Random(1)
        while s.deal_no < deals - 1:
            s = apply(s, legal_moves(s).sample(rng))
        assert last == tuple(len(h) for h in s.hands)
        assert 0 == len(s.stock)


def test_mulle_players_fishing_teams_option() -> None:
    """Fishing: four play each for themselves, or in two teams as an option (mulle.players)."""
    alone = MulleRuleset(style="fishing", players=4, teams=False, target=16, capture_duty="none", mulle_value="fixed")
    teams = MulleRuleset(style="fishing", players=4, teams=True, target=16, capture_duty="none", mulle_value="fixed")
    assert 4 == len(score(new_game(alone, seed=1)).sides)
    assert ((0, 2), (1, 3)) == score(new_game(teams, seed=1)).sides


def test_mulle_match_target_fishing() -> None:
    """The fishing game plays to 16, or 21 as an option (mulle.match.target)."""
    from cardrules.mulle._score import _winner

    assert 0 == _winner(FISHING, (16, 3))
    rules21 = MulleRuleset(style="fishing", teams=False, target=21, capture_duty="none", mulle_value="fixed")
    assert _winner(rules21, (20, 3)) is None


def test_mulle_fishing_single_round() -> None:
    """``mulle/fishing(target=0)`` is one round: a first round with one leader ends the match (mulle.match.target)."""
    from cardrules.mulle._score import _winner

    game = cardrules.get_game("mulle/fishing(target=0)")
    assert game.rules.single_round and not FISHING.single_round
    assert _winner(game.rules, (4, 3)) == 0
    assert _winner(game.rules, (3, 3)) is None  # an exact tie plays another round
    rng = random.Random(5)
    state = game.new_game(seed=3)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    score = game.score(state)
    assert len(score.rounds) == 1 or all(len(set(r.points)) == 1 for r in score.rounds[:-1])
    assert score.winner == max(range(len(score.match)), key=lambda side: score.match[side])


def test_mulle_fishing_capture_bad_groups() -> None:
    """Cards that do not split into groups of the value are refused, in player words (mulle.turn)."""
    s = position(FISHING, hands=("9H 3C", "6D 2C"), table="4S 6C 8D")
    with pytest.raises(IllegalMoveError) as err:
        apply(s, Capture(card("9H"), cards("4S 6C"), 9))
    assert "mulle.capture" == err.value.rule.id
    assert "4S 6C cannot be split into groups each summing to 9" in str(err.value)
