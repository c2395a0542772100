"""Charlemagne's public surface: registry, options, notation, bad input, JSON, deals and state checks."""

from __future__ import annotations

import inspect
import json

import attrs
import pytest

import cardrules
from cardrules import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidCardError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidRecordError,
    Suit,
    UnknownOptionError,
    parse_cards,
)
from cardrules import charlemagne as ch
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from tests.charlemagne.positions import run, table

A = {0: "BJ LJ JH JD AH KH QH 10H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AD KD QD 10D 9D 8D 7D 9H"}
A_KITTY = "8H 7H"


def card(text: str) -> cardrules.Card:
    return CHARLEMAGNE_PACK.parse(text)


# --- surface ---------------------------------------------------------------------------------


def test_charlemagne_public_names_are_pinned() -> None:
    """The module exports exactly these names; a change here is an API change."""
    assert [
        "GAME",
        "PACK",
        "RULES",
        "STANDARD",
        "Bid",
        "CharlemagneRuleset",
        "ChooseSource",
        "Contract",
        "Discard",
        "Give",
        "Move",
        "NameTrump",
        "Observation",
        "Pass",
        "Play",
        "State",
        "apply",
        "check_move",
        "check_state",
        "deck_from_deal",
        "deck_from_hands",
        "events",
        "format_canonical",
        "format_move",
        "inferences",
        "is_over",
        "legal_moves",
        "new_game",
        "new_round",
        "observe",
        "parse_canonical",
        "parse_move",
        "reasons",
        "round_deck",
        "sample_state",
        "score",
        "shuffle_hidden",
        "suit_order",
        "to_move",
        "trump_order",
        "zones",
    ] == ch.__all__
    assert (
        "(rules: 'CharlemagneRuleset' = CharlemagneRuleset(end_when_decided=False, single_round=False), "
        "*, seed: 'int | None' = None, "
        "deck: 'Sequence[Card | str] | None' = None, decks: 'Sequence[Sequence[Card | str]] | None' = None, "
        "dealer: 'int | None' = None) -> 'State'" == str(inspect.signature(ch.new_game))
    )


def test_charlemagne_registered_with_standard_preset() -> None:
    """get_game('charlemagne') gives the standard ruleset; the spec lists every move type."""
    assert "charlemagne" in cardrules.game_names()
    game = cardrules.get_game("charlemagne")
    assert ch.STANDARD == game.rules and "charlemagne" == game.text
    assert {"standard": ch.STANDARD} == dict(ch.GAME.presets)
    assert 34 == len(ch.GAME.pack)
    assert (ch.Bid, ch.Pass, ch.ChooseSource, ch.Give, ch.Discard, ch.NameTrump, ch.Play) == ch.GAME.move_types


def test_charlemagne_option_end_when_decided() -> None:
    """The one option reads from text and keywords; bad names and values are refused."""
    game = cardrules.get_game("charlemagne(end_when_decided=true)")
    assert game.rules.end_when_decided is True
    assert "charlemagne(end_when_decided=true)" == game.text
    assert cardrules.get_game("charlemagne", end_when_decided=True).rules == game.rules
    with pytest.raises(UnknownOptionError, match="end_when_decided"):
        cardrules.get_game("charlemagne(target=21)")
    with pytest.raises(InvalidOptionError):
        cardrules.get_game("charlemagne(end_when_decided=maybe)")
    with pytest.raises(InvalidOptionError):
        ch.CharlemagneRuleset(end_when_decided=1)  # type: ignore[arg-type]


def test_charlemagne_every_rule_cites_the_published_text_and_its_ruling() -> None:
    """Every rule cites the published rules text and the rulings page, and every id is charlemagne.*."""
    text = "How to play the Charlemagne card game"
    assert [] == [r.id for r in ch.RULES.values() if not r.source.startswith(text)]
    assert [] == [r.id for r in ch.RULES.values() if not r.source.endswith("; rulings page")]
    assert all(rid.startswith("charlemagne.") and rid == rid.lower() for rid in ch.RULES)


def test_charlemagne_rule_ids_in_docs_page() -> None:
    """The rules page has an anchor for every rule id, in the rule book's order."""
    import pathlib

    page = pathlib.Path(__file__).parents[2] / "src" / "cardrules" / "charlemagne" / "rules.md"
    if not page.exists():
        pytest.skip("docs not in this checkout")
    text = page.read_text()
    positions = [text.index(f"({rid})=") for rid in ch.RULES]
    assert sorted(positions) == positions


# --- new_game and deals -------------------------------------------------------------------------


def test_charlemagne_new_game_reproducible_from_seed() -> None:
    """The same seed gives the same dealer and deal; dealer and deck may be given."""
    assert ch.new_game(seed=42) == ch.new_game(seed=42)
    assert 2 == ch.new_game(seed=42, dealer=2).dealer
    with pytest.raises(InvalidOptionError):
        ch.new_game(seed=1, dealer=4)
    with pytest.raises(InvalidOptionError):
        ch.new_game(seed="x")  # type: ignore[arg-type]


def test_charlemagne_new_game_bad_deck() -> None:
    """A deck that is not the 34-card pack is refused with the cards named."""
    deck = list(CHARLEMAGNE_PACK.cards)
    with pytest.raises(InvalidDeckError, match="missing: BJ"):
        ch.new_game(deck=deck[:-2] + [card("AS"), card("LJ")])
    with pytest.raises(InvalidDeckError):
        ch.new_game(deck=[*deck[:-1], "2H"])
    assert "AS" == str(ch.new_game(deck=[str(x) for x in deck], dealer=3).hands[0][0])


def test_charlemagne_decks_supply_later_hands() -> None:
    """decks gives the first hands in turn; the one after is shuffled from the seed."""
    d1 = list(CHARLEMAGNE_PACK.cards)
    d2 = list(reversed(d1))
    s = ch.new_game(decks=[d1, d2], dealer=0, seed=3)
    assert (tuple(d2),) == s.pending_decks
    s = run(s, "bid 5", "pass", "pass", "pass")
    assert (tuple(d1[32:]),) == (s.taken,)


def test_charlemagne_deck_from_deal_checks_its_input() -> None:
    """deck_from_deal refuses short hands, a wrong kitty, repeated cards and a bad dealer."""
    hands = [parse_cards(A[k], CHARLEMAGNE_PACK) for k in (0, 1, 2)] + [
        parse_cards("AC KC QC JC 10C 9C 8C 7C", CHARLEMAGNE_PACK)
    ]
    kitty = parse_cards(A_KITTY, CHARLEMAGNE_PACK)
    assert 34 == len(ch.deck_from_hands(hands, kitty, 0))
    with pytest.raises(InvalidDeckError, match="hand 1 has 7"):
        ch.deck_from_hands([hands[0], hands[1][:7], hands[2], hands[3]], kitty, 0)
    with pytest.raises(InvalidDeckError, match="kitty has 1"):
        ch.deck_from_hands(hands, kitty[:1], 0)
    with pytest.raises(InvalidDeckError):
        ch.deck_from_hands(hands, [kitty[0], kitty[0]], 0)
    with pytest.raises(InvalidDeckError, match="dealer"):
        ch.deck_from_hands(hands, kitty, 5)
    with pytest.raises(InvalidDeckError, match="4 hands"):
        ch.deck_from_hands(hands[:3], kitty, 0)


# --- notation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("pass", ch.Pass()),
        ("bid 5", ch.Bid(ch.Contract.FIVE)),
        ("BID  8", ch.Bid(ch.Contract.EIGHT)),
        ("bid mulot", ch.Bid(ch.Contract.MULOT)),
        ("bid Charlemagne", ch.Bid(ch.Contract.CHARLEMAGNE)),
        ("bid gros-mulot", ch.Bid(ch.Contract.GROS_MULOT)),
        ("bid gros charlemagne", ch.Bid(ch.Contract.GROS_CHARLEMAGNE)),
        ("bid gc", ch.Bid(ch.Contract.GROS_CHARLEMAGNE)),
        ("bid mu", ch.Bid(ch.Contract.MULOT)),
        ("source kitty", ch.ChooseSource("kitty")),
        ("source p", ch.ChooseSource("partner")),
        ("give 9c", ch.Give(card("9C"))),
        ("discard 10S", ch.Discard(card("10S"))),
        ("trump H", ch.NameTrump(Suit.HEARTS)),
        ("trump spades", ch.NameTrump(Suit.SPADES)),
        ("7S", ch.Play(card("7S"))),
        ("play bj", ch.Play(card("BJ"))),
    ],
)
def test_charlemagne_parse_canonical_forms(text: str, move: ch.Move) -> None:
    """Every move has a readable, case-insensitive text form."""
    assert move == ch.parse_canonical(text)


@pytest.mark.parametrize(
    "move",
    [
        ch.Pass(),
        *(ch.Bid(k) for k in ch.Contract),
        ch.ChooseSource("kitty"),
        ch.ChooseSource("partner"),
        ch.Give(card("9C")),
        ch.Discard(card("LJ")),
        *(ch.NameTrump(s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)),
        ch.Play(card("10H")),
    ],
)
def test_charlemagne_canonical_round_trip(move: ch.Move) -> None:
    """format_canonical then parse_canonical gives the move back."""
    assert move == ch.parse_canonical(ch.format_canonical(move))


@pytest.mark.parametrize(
    "text", ["", "   ", "bid", "bid 4", "bid 9", "bid gross", "pass 5", "source", "source deck", "trump", "trump J",
             "trump X", "give", "give 7S 8S", "7S 8S", "hello world", "play"]
)  # fmt: skip
def test_charlemagne_garbage_is_invalid_notation(text: str) -> None:
    """Garbage raises InvalidNotationError (not an IllegalMoveError)."""
    with pytest.raises(InvalidNotationError):
        ch.parse_canonical(text)
    with pytest.raises(InvalidNotationError):
        ch.parse_move(ch.new_game(seed=1), text)


@pytest.mark.parametrize("text", ["1X", "2H", "play 6S", "discard ZZ", "give 11C", "JJ"])
def test_charlemagne_unknown_cards_are_invalid_cards(text: str) -> None:
    """A card outside the 34-card pack raises InvalidCardError."""
    with pytest.raises(InvalidCardError):
        ch.parse_canonical(text)


def test_charlemagne_not_text_is_invalid_notation() -> None:
    """A move must be text."""
    with pytest.raises(InvalidNotationError):
        ch.parse_canonical(5)  # type: ignore[arg-type]


def test_charlemagne_ambiguous_abbreviation() -> None:
    """'bid gros' is ambiguous while both Gros bids are legal, and not once only one is."""
    with pytest.raises(AmbiguousMoveError, match=r"gros mulot.*gros charlemagne"):
        ch.parse_canonical("bid gros")
    s = table(A, A_KITTY)
    with pytest.raises(AmbiguousMoveError):
        ch.parse_move(s, "bid gros")
    s = run(s, "bid gros mulot")
    assert ch.Bid(ch.Contract.GROS_CHARLEMAGNE) == ch.parse_move(s, "bid gros")


def test_charlemagne_bare_card_means_the_phase_move() -> None:
    """A bare card is a discard while discarding, a gift while giving, a play while playing."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass")
    assert ch.Give(card("9H")) == ch.parse_move(s, "9H")
    s = run(s, "9H")
    assert ch.Discard(card("9H")) == ch.parse_move(s, "9h")
    s = run(s, "9H", "8H", "7H", "trump H")
    assert ch.Play(card("BJ")) == ch.parse_move(s, "BJ")


def test_charlemagne_parse_move_checks_legality() -> None:
    """parse_move raises IllegalMoveError naming the rule for a well-formed illegal move."""
    s = run(table(A, A_KITTY), "pass", "pass", "pass")
    with pytest.raises(IllegalMoveError) as info:
        ch.parse_move(s, "pass")
    assert "charlemagne.bid.dealer" == info.value.rule.id and 3 == info.value.seat
    assert str(info.value).startswith("[charlemagne.bid.dealer] ")


def test_charlemagne_format_move_matches_canonical() -> None:
    """format_move and format_canonical agree and read back through parse_move."""
    s = table(A, A_KITTY)
    for m in ch.legal_moves(s):
        assert ch.format_canonical(m) == ch.format_move(s, m)
        assert m == ch.parse_move(s, ch.format_move(s, m))
    with pytest.raises(TypeError):
        ch.format_canonical("pass")  # type: ignore[arg-type]


# --- bad input: each raises IllegalMoveError naming its rule -------------------------------------


@pytest.mark.parametrize(
    ("moves", "bad", "rule"),
    [
        (["bid 6", "pass", "pass", "pass"], "bid 7", "charlemagne.bid.turn"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H"], "pass", "charlemagne.bid.turn"),
        (["bid 6"], "bid 6", "charlemagne.bid.ladder"),
        (["bid 6"], "bid 5", "charlemagne.bid.ladder"),
        (["pass", "pass", "pass"], "pass", "charlemagne.bid.dealer"),
        (["bid 6", "pass", "pass", "pass"], "discard AS", "charlemagne.discard.held"),
        (["bid 6", "pass", "pass", "pass", "discard 8H"], "trump H", "charlemagne.discard.count"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H"], "discard BJ", "charlemagne.discard.count"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H"], "trump S", "charlemagne.trump.name"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump S", "7S", "AD"], "AC",
         "charlemagne.follow.suit"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H"], "AD", "charlemagne.play.turn"),
        (["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H"], "BJ", "charlemagne.trump.name"),
        (["bid charlemagne", "pass", "pass", "pass"], "give AS", "charlemagne.give"),
        (["bid charlemagne", "pass", "pass", "pass"], "source kitty", "charlemagne.source"),
        (["bid gros charlemagne", "pass", "pass", "pass"], "trump H", "charlemagne.source"),
    ],
)  # fmt: skip
def test_charlemagne_bad_moves_name_the_rule(moves: list[str], bad: str, rule: str) -> None:
    """Illegal moves raise IllegalMoveError with the rule id; the state is unchanged."""
    s = run(table(A, A_KITTY), *moves)
    before = cardrules.dumps(s)
    with pytest.raises(IllegalMoveError) as info:
        ch.apply(s, ch.parse_canonical(bad))
    assert rule == info.value.rule.id
    assert info.value.seat == ch.to_move(s)
    assert str(info.value.rule.id) in str(info.value)
    v = ch.check_move(s, ch.parse_canonical(bad))
    assert v is not None and rule == v.rule.id
    assert before == cardrules.dumps(s)


def test_charlemagne_wrong_move_objects() -> None:
    """Objects that are not Charlemagne moves, and moves with bad fields, are illegal, not crashes."""
    s = table(A, A_KITTY)
    v = ch.check_move(s, "pass")  # type: ignore[arg-type]
    assert v is not None and "charlemagne.play.turn" == v.rule.id
    with pytest.raises(cardrules.WrongKindError, match=r"contract of a charlemagne\.Bid must be a Contract"):
        ch.Bid("9")  # type: ignore[arg-type]
    smuggled = ch.Bid(ch.Contract.FIVE)
    object.__setattr__(smuggled, "contract", "9")  # past the constructor's check
    v = ch.check_move(s, smuggled)
    assert v is not None and "charlemagne.bid.ladder" == v.rule.id and "not '9'" in v.reason
    s = run(s, "bid 5", "pass", "pass", "pass", "discard 8H", "discard 7H")
    v = ch.check_move(s, ch.NameTrump(Suit.JOKER))
    assert v is not None and "charlemagne.trump.name" == v.rule.id


def test_charlemagne_follow_error_in_player_words() -> None:
    """The follow-suit error says which suit and why a joker or jack counts in it."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump S", "7S", "AD")
    with pytest.raises(IllegalMoveError) as info:
        ch.apply(s, ch.Play(card("AC")))
    assert "you must follow spades: the jack of clubs counts as a spade when spades are trump" == info.value.reason


# --- JSON and states ------------------------------------------------------------------------------


def test_charlemagne_dumps_loads_round_trip_every_phase() -> None:
    """States of every phase survive dumps/loads exactly."""
    s = table(A, A_KITTY)
    for text in ["bid gros charlemagne", "pass", "pass", "pass", "source partner", "give 9H", "discard 9H",
                 "trump H", "BJ"]:  # fmt: skip
        assert s == cardrules.loads(cardrules.dumps(s))
        s = run(s, text)
    assert s == cardrules.loads(cardrules.dumps(s))


def test_charlemagne_loads_refuses_impossible_positions() -> None:
    """loads checks the position: tampered phases, sizes, bids and scores raise InvalidRecordError."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass", "discard 8H")
    doc = json.loads(cardrules.dumps(s))

    def tampered(**changes: object) -> str:
        d = json.loads(json.dumps(doc))
        d["state"].update(changes)
        return json.dumps(d)

    changes_list: list[dict[str, object]] = [
        {"phase": "play"},
        {"phase": "trump"},
        {"bidder": 1},
        {"contract": "mulot"},
        {"calls": ["6", None, "5", None]},
        {"calls": [None, None, None, None]},
        {"match": [40, 0]},
        {"trump": "hearts"},
        {"dealer": 7},
        {"source": "kitty"},
        {"tricks": [1, 0]},
        {"winner": 0},
    ]
    for changes in changes_list:
        with pytest.raises(InvalidRecordError):
            cardrules.loads(tampered(**changes))
    d = json.loads(json.dumps(doc))
    d["state"]["hands"][0][0], d["state"]["hands"][1][0] = d["state"]["hands"][1][0], d["state"]["hands"][0][0]
    with pytest.raises(InvalidRecordError, match="pack order"):
        cardrules.loads(json.dumps(d))
    d = json.loads(json.dumps(doc))
    d["state"]["discards"] = ["AS"]
    with pytest.raises(InvalidRecordError, match="not the Charlemagne pack"):
        cardrules.loads(json.dumps(d))


def test_charlemagne_check_state_accepts_reachable_states() -> None:
    """check_state accepts every state of a scripted hand of each contract."""
    for script in (
        ["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H"],
        ["bid mulot", "pass", "pass", "pass"],
        ["bid charlemagne", "pass", "pass", "pass", "give 9H", "discard 9H", "discard 8H", "discard 7H", "trump H"],
        ["bid gros charlemagne", "pass", "pass", "pass", "source kitty", "discard 8H", "discard 7H", "trump H"],
    ):
        s = table(A, A_KITTY)
        for text in script:
            ch.check_state(s)
            s = run(s, text)
        while not s.rounds:
            ch.check_state(s)
            s = ch.apply(s, ch.legal_moves(s)[0])
        ch.check_state(s)


def test_charlemagne_observation_to_dict_is_json() -> None:
    """Observation.to_dict() is plain JSON data with no seed and cards as text."""
    s = run(table(A, A_KITTY), "bid charlemagne", "pass", "pass", "pass", "give 9H")
    for k in range(4):
        d = ch.observe(s, k).to_dict()
        text = json.dumps(d)
        assert "seed" not in d and "pending_decks" not in d
        assert k == d["seat"]
        hand = d["hand"]
        assert isinstance(hand, list) and ("9H" in hand) == (k == 0)
        if k in (1, 3):
            assert '"9H"' not in text
    with pytest.raises(ValueError):
        ch.observe(s, 4)


def test_charlemagne_observation_has_no_field_for_other_hands() -> None:
    """The observation class holds other hands only as counts."""
    names = {f.name for f in attrs.fields(ch.Observation)}
    assert "hands" not in names and "kitty" not in names and "seed" not in names
    assert {"hand", "hand_counts", "kitty_count", "discard_count", "out_count"} <= names


def test_charlemagne_score_running_and_invariant() -> None:
    """score(): running tally during a hand; match equals the sum of completed hands."""
    s = run(table(A, A_KITTY), "bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H")
    s = run(s, "7S", "AD", "AC", "AH")
    sc = ch.score(s)
    assert sc.round is not None and not sc.round.complete and (1, 0) == sc.round.tally and (0, 0) == sc.round.points
    assert sc.winner is None and () == sc.rounds


# --- hooks for records, replays and bots ----------------------------------------------------------


def test_charlemagne_round_deck_and_deck_from_deal() -> None:
    """round_deck deals the hand again during the bidding; deck_from_deal reads a deal written as data."""
    s = ch.new_game(seed=8)
    assert s == ch.new_game(deck=ch.round_deck(s), dealer=s.dealer, seed=8)
    with pytest.raises(ValueError):
        ch.round_deck(run(s, "pass", "pass", "pass", "bid 5"))
    deal = {"hands": [list(map(str, h)) for h in s.hands], "kitty": [str(x) for x in s.kitty]}
    assert ch.round_deck(s) == ch.deck_from_deal(deal, s.dealer)
    with pytest.raises(InvalidDeckError):
        ch.deck_from_deal({"hands": deal["hands"]}, 0)
    with pytest.raises(InvalidDeckError):
        ch.deck_from_deal({"hands": "AS", "kitty": []}, 0)
    assert ch.GAME.deck_from_deal is ch.deck_from_deal


def test_charlemagne_events_narrate_a_hand() -> None:
    """events: bids, the contract, the kitty, hidden cards never named, tricks, the score and the next deal."""
    s = table(A, A_KITTY)
    kinds: list[str] = []
    texts: list[str] = []
    for text in ["bid charlemagne", "pass", "pass", "pass", "give 9H", "discard 9H", "discard 8H", "discard 7H",
                 "trump H"]:  # fmt: skip
        after = run(s, text)
        for e in ch.events(s, ch.parse_move(s, text), after):
            kinds.append(e.kind)
            texts.append(e.text)
            assert () == e.cards
        s = after
    assert ["bid", "pass", "pass", "pass", "contract", "kitty", "give", "out", "discard", "discard", "discard",
            "trump"] == kinds  # fmt: skip
    assert "seat 0 plays Charlemagne" in texts and "seat 2 passes a card face down to seat 0" in texts
    last: tuple[cardrules.Event, ...] = ()
    while not s.rounds:
        m = ch.legal_moves(s)[0]
        after = ch.apply(s, m)
        last = ch.events(s, m, after)
        s = after
    assert ["play", "trick", "round", "deal"] == [e.kind for e in last]
    assert "charlemagne.score.charlemagne" == last[2].rule and 16 == last[2].points
    assert "seat 0 deals" == last[3].text


def test_charlemagne_events_gros_mulot_spread() -> None:
    """events: after the first Gros Mulot trick the bidder's hand is spread, with its cards."""
    m = {0: "7S 8S 7H 8H 7D 8D 7C 8C", 1: "AS KS AH KH AD KD AC KC", 3: "QS 9S QH 9H QD 9D QC 9C"}
    s = run(table(m, "10D 10C"), "bid gros mulot", "pass", "pass", "pass", "7S", "AS")
    after = run(s, "QS")
    (play, trick, spread) = ch.events(s, ch.Play(card("QS")), after)
    assert ("play", "trick", "open") == (play.kind, trick.kind, spread.kind)
    assert 1 == trick.seat and after.hands[0] == spread.cards


def test_charlemagne_sample_state_matches_each_seat() -> None:
    """sample_state gives a consistent full state that each seat cannot tell from the real one."""
    import random

    rng = random.Random(3)
    for script in (
        ["bid charlemagne", "pass", "pass", "pass", "give 9H", "discard 9H"],
        ["bid gros charlemagne", "pass", "pass", "pass", "source partner", "give 9H"],
        ["bid 6", "pass", "pass", "pass", "discard 8H", "discard 7H", "trump H", "7S"],
    ):
        s = run(table(A, A_KITTY), *script)
        for k in range(4):
            o = ch.observe(s, k)
            for _ in range(10):
                t = ch.sample_state(o, rng)
                ch.check_state(t)
                assert o == ch.observe(t, k)
