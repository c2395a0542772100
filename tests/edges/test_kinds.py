"""
Objects of the wrong kind get a WrongKindError saying what was expected.

Another game's state or move, something that is not a state at all, or a
non-card where a move needs a card: never a bare TypeError, AttributeError
or KeyError from deep inside.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import Card, Suit, WrongKindError, charlemagne, mililla, mulle, records
from tests.variants import GAMES as GAME_NAMES

GAMES = {name: cardrules.get_game(name) for name in GAME_NAMES}
TITLES = {"mulle": "Mulle", "mililla": "Mililla", "charlemagne": "Charlemagne"}
STATES = {name: game.new_game(seed=1) for name, game in GAMES.items()}
MOVES: dict[str, object] = {name: game.legal_moves(STATES[name])[0] for name, game in GAMES.items()}
NINE = Card.parse("9H")

METHODS: dict[str, Callable[[cardrules.Game[Any, Any, Any, Any], object, object], object]] = {
    "to_move": lambda g, s, m: g.to_move(s),
    "legal_moves": lambda g, s, m: g.legal_moves(s),
    "check_move": lambda g, s, m: g.check_move(s, m),
    "apply": lambda g, s, m: g.apply(s, m),
    "is_over": lambda g, s, m: g.is_over(s),
    "score": lambda g, s, m: g.score(s),
    "observe": lambda g, s, m: g.observe(s, 0),
    "parse_move": lambda g, s, m: g.parse_move(s, "pass"),
    "format_move": lambda g, s, m: g.format_move(s, m),
}


def test_wrong_kind_error_is_a_library_type_error() -> None:
    """WrongKindError is exported, a CardrulesError and a TypeError (so old ``except TypeError`` still works)."""
    assert issubclass(cardrules.WrongKindError, cardrules.CardrulesError)
    assert issubclass(cardrules.WrongKindError, TypeError)
    assert "WrongKindError" in cardrules.__all__ and "WrongKindError" in cardrules.errors.__all__


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_methods_refuse_another_games_state(name: str, method: str) -> None:
    """Every Game method given another game's state says which state it expected and what it got."""
    game = GAMES[name]
    for other, state in STATES.items():
        if other == name:
            continue
        want = f"expected a {TITLES[name]} state, got {other}.State"
        with pytest.raises(WrongKindError, match=want):
            METHODS[method](game, state, MOVES[name])


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_methods_refuse_a_non_state(name: str, method: str) -> None:
    """Every Game method given something that is not a state at all raises WrongKindError too."""
    game = GAMES[name]
    for thing, kind in ((None, "None"), (7, "int"), (game.observe(STATES[name], 0), f"{name}.Observation")):
        with pytest.raises(WrongKindError, match=f"expected a {TITLES[name]} state, got {kind}"):
            METHODS[method](game, thing, MOVES[name])


def test_mulle_format_move_of_a_mililla_play() -> None:
    """mulle.format_move of a Mililla Play names both kinds (it raised a bare TypeError)."""
    with pytest.raises(WrongKindError, match=r"expected a Mulle move, got mililla\.Play"):
        mulle.format_move(STATES["mulle"], MOVES["mililla"])  # type: ignore[arg-type]


def test_mililla_format_move_of_a_charlemagne_bid() -> None:
    """mililla.format_move of a Charlemagne Bid names both kinds (it raised AttributeError)."""
    bid = charlemagne.Bid(charlemagne.Contract.SIX)
    with pytest.raises(WrongKindError, match=r"expected a Mililla move, got charlemagne\.Bid"):
        mililla.format_move(STATES["mililla"], bid)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_format_canonical_of_another_games_move(name: str) -> None:
    """Each game's format_canonical refuses another game's move and a non-move."""
    spec = GAMES[name].spec
    for other, move in (*MOVES.items(), ("str", "7S -")):
        if other == name:
            continue
        with pytest.raises(WrongKindError, match=f"expected a {TITLES[name]} move, got"):
            spec.format_canonical(move)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_module_functions_refuse_another_games_state(name: str) -> None:
    """The module's check_move, apply, parse_move and format_move refuse another game's state."""
    spec = GAMES[name].spec
    state = next(s for other, s in STATES.items() if other != name)
    move = MOVES[name]
    want = f"expected a {TITLES[name]} state"
    for call in (
        lambda: spec.check_move(state, move),
        lambda: spec.apply(state, move),
        lambda: spec.parse_move(state, "pass"),
        lambda: spec.format_move(state, move),
    ):
        with pytest.raises(WrongKindError, match=want):
            call()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_check_move_of_another_games_move_is_a_violation(name: str) -> None:
    """check_move still answers a Violation, in clean words, for a move of the wrong kind; apply refuses it."""
    spec = GAMES[name].spec
    state = STATES[name]
    for other, move in MOVES.items():
        if other == name:
            continue
        violation = spec.check_move(state, move)
        assert violation is not None
        assert violation.reason.endswith(f"not {other}.{type(move).__name__}")
        with pytest.raises(cardrules.IllegalMoveError) as info:
            spec.apply(state, move)
        assert info.value.move is move and info.value.move_text is None


def test_mulle_capture_of_non_cards() -> None:
    """Capture taking non-cards raises WrongKindError (its converter raised KeyError)."""
    with pytest.raises(WrongKindError, match="a capture takes cards, not 'x'"):
        mulle.Capture(NINE, ["x"], 7)  # type: ignore[list-item]
    with pytest.raises(WrongKindError, match="not the text '9H'"):
        mulle.Capture(NINE, "9H", 9)  # type: ignore[arg-type]
    with pytest.raises(WrongKindError, match="a sequence of cards, not 9"):
        mulle.Capture(NINE, 9, 9)  # type: ignore[arg-type]
    with pytest.raises(WrongKindError, match="a capture takes cards, not list"):
        mulle.Capture(NINE, [[NINE]], 9)  # type: ignore[list-item]


def test_mulle_capture_of_a_card_of_another_pack_is_refused_by_the_rules() -> None:
    """A card of another pack is a card: the capture is made, sorted, and refused by check_move."""
    s = STATES["mulle"]
    seat = mulle.to_move(s)
    assert seat is not None
    joker = Card.parse("BJ")
    plain = next(c for c in s.hands[seat] if c.rank.pips < 10 and str(c) not in ("AS", "AH", "AD", "AC", "2S"))
    move = mulle.Capture(plain, [joker, *s.table[:1]], plain.rank.pips)
    assert joker == move.taken[-1]
    violation = mulle.check_move(s, move)
    assert violation is not None and "there is no BJ on the table" in violation.reason
    assert mulle.format_move(s, move) == mulle.format_canonical(move)


@pytest.mark.parametrize(
    "make",
    [
        lambda: mulle.Trail("9H"),  # type: ignore[arg-type]
        lambda: mulle.Build("9H", NINE, 9),  # type: ignore[arg-type]
        lambda: mulle.Capture(None, [NINE], 9),  # type: ignore[arg-type]
        lambda: mililla.Play("7O"),  # type: ignore[arg-type]
        lambda: charlemagne.Play("7S"),  # type: ignore[arg-type]
        lambda: charlemagne.Give(7),  # type: ignore[arg-type]
        lambda: charlemagne.Discard(None),  # type: ignore[arg-type]
        lambda: charlemagne.Bid("5"),  # type: ignore[arg-type]
        lambda: charlemagne.NameTrump("H"),  # type: ignore[arg-type]
        lambda: charlemagne.ChooseSource(0),  # type: ignore[arg-type]
    ],
    ids=["trail", "build", "capture", "mililla-play", "play", "give", "discard", "bid", "trump", "source"],
)
def test_move_constructors_refuse_non_cards(make: Callable[[], object]) -> None:
    """A move made with a non-card (or a non-contract, non-suit) raises WrongKindError naming the field."""
    with pytest.raises(WrongKindError, match=r"^the \w+ of a (mulle|mililla|charlemagne)\.\w+ must be "):
        make()


def test_charlemagne_trump_of_a_joker_is_refused_in_words() -> None:
    """NameTrump(joker) is a move (a Suit), refused by the rules in words, not as a repr."""
    v = charlemagne.check_move(STATES["charlemagne"], charlemagne.NameTrump(Suit.JOKER))
    assert v is not None and "Suit." not in v.reason


def test_parse_move_of_non_text() -> None:
    """Move text that is not text says which kind it got, not a repr."""
    for name, game in GAMES.items():
        with pytest.raises(cardrules.InvalidNotationError, match="a move is written as text, not int"):
            game.parse_move(STATES[name], 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", ['{"format": "cardrules-record"}', b"{}", {"game": "mililla"}, None, 3])
def test_the_record_functions_refuse_what_is_not_a_record(thing: object) -> None:
    """verify, replay, steps and dumps say that they take a Record (and where one comes from), at once."""
    for call in (records.verify, records.replay, records.steps, records.dumps):
        with pytest.raises(WrongKindError, match=r"^expected a records\.Record, got "):
            call(thing)  # type: ignore[arg-type]  # replay and steps refuse before the first step is asked for


def test_records_dumps_refuses_an_indent_json_cannot_take() -> None:
    """indent is None or 0 to 16: a larger number, a bool or a float is refused, not left to json."""
    game = cardrules.get_game("mililla")
    record = records.from_moves(game.new_game(seed=1), [])
    for indent in (None, 0, 16):
        assert records.loads(records.dumps(record, indent=indent)) == record
    for bad in (-1, 17, 10**5000, True, 1.5, "2"):
        with pytest.raises(cardrules.InvalidOptionError, match="indent takes None or a whole number"):
            records.dumps(record, indent=bad)  # type: ignore[arg-type]


UNCHECKED = {"legal_moves", "to_move", "is_over"}
"""The game modules' functions that trust their state: the hot path of every bot and environment.
``Game``'s methods check it for them."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_modules_functions_refuse_a_non_state(name: str) -> None:
    """Every function of a game module that takes a state, but the three of the hot path, refuses a non-state."""
    module = {"mulle": mulle, "mililla": mililla, "charlemagne": charlemagne}[name]
    state = STATES[name]
    move = MOVES[name]
    calls: dict[str, Callable[[object], object]] = {
        "score": lambda s: module.score(s),
        "zones": lambda s: module.zones(s),
        "observe": lambda s: module.observe(s, 0),
        "shuffle_hidden": lambda s: module.shuffle_hidden(s, 0, random.Random(0)),
        "round_deck": lambda s: module.round_deck(s),
        "new_round": lambda s: module.new_round(s, module.round_deck(state)),
        "check_state": lambda s: module.check_state(s),
        "events (before)": lambda s: module.events(s, move, state),
        "events (after)": lambda s: module.events(state, move, s),
        "sample_state": lambda s: module.sample_state(s, random.Random(0)),
    }
    assert {n for n in module.__all__ if callable(getattr(module, n))} >= {c.split()[0] for c in calls} | UNCHECKED
    other = next(s for other, s in STATES.items() if other != name)
    for label, call in calls.items():
        for thing in (None, 7, "state", other, *([state] if label == "sample_state" else [])):
            with pytest.raises(WrongKindError, match=r"^expected a "):
                call(thing)
    for thing in (None, "x", MOVES[next(o for o in MOVES if o != name)]):
        with pytest.raises(WrongKindError, match=r"move, got "):
            module.events(state, thing, state)


def test_charlemagne_trump_and_suit_orders_refuse_what_is_no_trump() -> None:
    """trump_order and suit_order take a suit of the pack or None: the joker suit or a string is refused."""
    assert len(charlemagne.trump_order(None)) == 2 and len(charlemagne.trump_order(Suit.HEARTS)) == 11
    with pytest.raises(cardrules.InvalidOptionError, match="a trump is a suit of the pack or None"):
        charlemagne.trump_order(Suit.JOKER)
    for bad in ("H", 1, [Suit.HEARTS]):
        with pytest.raises(WrongKindError, match="a trump is a suit of the pack or None"):
            charlemagne.trump_order(bad)  # type: ignore[arg-type]
        with pytest.raises(WrongKindError):
            charlemagne.suit_order(Suit.SPADES, bad)  # type: ignore[arg-type]
    with pytest.raises(WrongKindError, match=r"a suit is a cardrules\.Suit"):
        charlemagne.suit_order("S", Suit.HEARTS)  # type: ignore[arg-type]
