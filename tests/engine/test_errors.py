"""Bad input gets a specific library exception with a clear message, and never changes a state."""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules import mililla
from cardrules.mililla import PACK as MILILLA_PACK

GAME = cardrules.get_game("mililla")


def test_unknown_game_lists_the_games() -> None:
    """An unknown game name raises UnknownOptionError listing the games."""
    with pytest.raises(cardrules.UnknownOptionError, match="mililla"):
        cardrules.get_game("poker")


def test_unknown_preset_lists_the_presets() -> None:
    """An unknown preset lists the valid ones."""
    with pytest.raises(cardrules.UnknownOptionError, match="standard"):
        cardrules.get_game("mililla/fast")


def test_unknown_option_lists_the_options() -> None:
    """An unknown option raises UnknownOptionError listing the valid ones."""
    with pytest.raises(cardrules.UnknownOptionError, match="rank_order"):
        cardrules.get_game("mililla", rank_ordr="malilla")
    with pytest.raises(cardrules.UnknownOptionError, match="seven_rule"):
        cardrules.get_game("mililla(sevens=off)")


def test_bad_option_value() -> None:
    """A known option with a wrong value raises InvalidOptionError naming the allowed values."""
    with pytest.raises(cardrules.InvalidOptionError, match="seed, malilla"):
        cardrules.get_game("mililla", rank_order="chess")
    with pytest.raises(cardrules.InvalidOptionError):
        mililla.MilillaRuleset(seven_rule=True)  # type: ignore[arg-type]


def test_unreadable_ruleset_text() -> None:
    """Text that is not a ruleset raises UnknownOptionError."""
    with pytest.raises(cardrules.UnknownOptionError):
        cardrules.get_game("mililla((")
    with pytest.raises(cardrules.UnknownOptionError):
        cardrules.get_game("mililla(rank_order)")


@pytest.mark.parametrize("text", ["", "hello", "8O", "QH", "7O 7C", "11O", "play", "7"])
def test_parse_move_garbage(text: str) -> None:
    """Garbage and cards that are not in the Spanish pack raise InvalidNotationError."""
    s = GAME.new_game(seed=1)
    with pytest.raises(cardrules.InvalidNotationError):
        GAME.parse_move(s, text)


def test_parse_move_unknown_card_says_so() -> None:
    """An 8 is not a Spanish card; the message says which pack."""
    s = GAME.new_game(seed=1)
    with pytest.raises(cardrules.InvalidCardError, match="Spanish"):
        GAME.parse_move(s, "8O")


def test_illegal_move_names_rule_and_keeps_state() -> None:
    """An illegal move raises IllegalMoveError with rule, seat and move, and the state is unchanged."""
    s = GAME.new_game(seed=2)
    seat = GAME.to_move(s)
    assert seat is not None
    other = s.hands[(seat + 1) % 4][0]
    before = cardrules.dumps(s)
    with pytest.raises(cardrules.IllegalMoveError) as info:
        GAME.apply(s, mililla.Play(other))
    assert "mililla.turn" == info.value.rule.id
    assert seat == info.value.seat
    assert mililla.Play(other) == info.value.move
    assert str(info.value).startswith("[mililla.turn] ")
    assert before == cardrules.dumps(s)


def test_parse_move_of_illegal_card() -> None:
    """parse_move of a card the seat may not play raises IllegalMoveError."""
    s = GAME.new_game(seed=2)
    seat = GAME.to_move(s)
    assert seat is not None
    other = s.hands[(seat + 2) % 4][0]
    with pytest.raises(cardrules.IllegalMoveError):
        GAME.parse_move(s, str(other))


def test_move_of_wrong_type() -> None:
    """A move that is not a Play is refused, not crashed on."""
    s = GAME.new_game(seed=2)
    with pytest.raises(cardrules.IllegalMoveError):
        GAME.apply(s, "7O")  # type: ignore[arg-type]  # not a move: refused at run time


def test_apply_after_the_end() -> None:
    """Any move after the match is over is refused."""
    from tests.playout import final_state

    s = final_state(GAME, 3)
    with pytest.raises(cardrules.IllegalMoveError, match="over"):
        GAME.apply(s, mililla.Play(MILILLA_PACK.cards[0]))


def test_new_game_bad_deck() -> None:
    """A deck that is not the pack raises InvalidDeckError saying what is wrong."""
    cards = list(MILILLA_PACK.cards)
    with pytest.raises(cardrules.InvalidDeckError, match="missing: KB"):
        GAME.new_game(deck=cards[:-1] + [cards[0]])
    with pytest.raises(cardrules.InvalidDeckError):
        GAME.new_game(deck=cards[:-1])
    with pytest.raises(cardrules.InvalidDeckError, match="position 3"):
        GAME.new_game(deck=[*cards[:3], "ZZ", *cards[4:]])
    with pytest.raises(cardrules.InvalidDeckError, match="not a card of the Spanish pack"):
        GAME.new_game(deck=cards[:-1] + [cardrules.Card.parse("QH")])
    with pytest.raises(cardrules.InvalidDeckError):
        GAME.new_game(deck="7O 6O")  # a str is a Sequence, but is refused


def test_new_game_bad_dealer_and_seed() -> None:
    """A dealer that is not a seat, or a seed that is not a number, raises InvalidOptionError."""
    with pytest.raises(cardrules.InvalidOptionError, match="dealer"):
        GAME.new_game(dealer=4)
    with pytest.raises(cardrules.InvalidOptionError, match="seed"):
        GAME.new_game(seed="x")  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidOptionError):
        GAME.new_game(deck=MILILLA_PACK.cards, decks=[MILILLA_PACK.cards])


def test_new_game_deck_texts_accepted() -> None:
    """A deck may be given as card texts."""
    texts = [str(c) for c in MILILLA_PACK.cards]
    a = GAME.new_game(deck=MILILLA_PACK.cards, dealer=0, seed=1)
    assert a == GAME.new_game(deck=texts, dealer=0, seed=1)


def test_card_parse_errors() -> None:
    """Card.parse refuses non-cards with InvalidCardError."""
    for text in ["", "1S", "HS", "QO", "XJ", "10"]:
        with pytest.raises(cardrules.InvalidCardError):
            cardrules.Card.parse(text)
    with pytest.raises(cardrules.InvalidCardError):
        cardrules.Card(cardrules.Rank.HORSE, cardrules.Suit.SPADES)


VALID = cardrules.dumps(GAME.new_game(seed=4))


def _mutate(path: list[object], value: object) -> str:
    doc = json.loads(VALID)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "$"),
        ("{", "$"),
        ("[]", "$"),
        ("null", "$"),
        (VALID[: len(VALID) // 2], "$"),
        (_mutate(["format"], "pgn"), "$.format"),
        (_mutate(["format_version"], 99), "$.format_version"),
        (_mutate(["game"], "chess"), "$.game"),
        (_mutate(["state", "dealer"], "north"), "$.state.dealer"),
        (_mutate(["state", "dealer"], 9), "$.state.dealer"),
        (_mutate(["state", "hands", 0, 0], "8O"), "$.state.hands[0][0]"),
        (_mutate(["state", "hands", 0, 0], 7), "$.state.hands[0][0]"),
        (_mutate(["state", "hands", 0, 1], json.loads(VALID)["state"]["hands"][1][0]), "$.state"),
        (_mutate(["state", "rules", "rank_order"], "chess"), "$.state.rules.rank_order"),
        (_mutate(["state", "surprise"], 1), "$.state"),
        (_mutate(["state", "match"], [1, 2, 3]), "$.state.match"),
        ("[" * 100_000 + "]" * 100_000, "$"),
    ],
)
def test_loads_bad_input(text: str, where: str) -> None:
    """Malformed JSON, wrong types, unknown or duplicated cards: InvalidRecordError with the location."""
    with pytest.raises(cardrules.InvalidRecordError) as info:
        cardrules.loads(text)
    assert where == info.value.path


def test_loads_of_wrong_type() -> None:
    """Passing something that is not text is an InvalidRecordError, not a crash."""
    with pytest.raises(cardrules.InvalidRecordError):
        cardrules.loads(42)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidRecordError):
        cardrules.loads(b"\xff\xfe")


def test_dumps_of_a_non_state() -> None:
    """dumps refuses an object that is not a game state with TypeError."""
    with pytest.raises(TypeError):
        cardrules.dumps(object())


def test_observe_bad_seat() -> None:
    """observe refuses a seat that does not exist."""
    with pytest.raises(ValueError):
        GAME.observe(GAME.new_game(seed=1), 4)


def test_every_public_exception_lives_in_errors() -> None:
    """Each exception class a public module exports is one of ``cardrules.errors``, defined there."""
    import cardrules.errors
    import cardrules.rl

    errors = {getattr(cardrules.errors, name) for name in cardrules.errors.__all__}
    assert all(e.__module__ == "cardrules.errors" for e in errors)
    for module in (cardrules, cardrules.rl):
        exported = {getattr(module, name) for name in module.__all__}
        found = {e for e in exported if isinstance(e, type) and issubclass(e, BaseException)}
        assert found and found <= errors, module.__name__
    from cardrules import _registry

    assert vars(_registry)["PluginError"] is cardrules.errors.PluginError
    assert cardrules.rl.InvalidActionError is cardrules.errors.InvalidActionError


def test_the_errors_are_value_errors_but_four() -> None:
    """
    Every error is a CardrulesError; all but WrongKindError, UnsupportedError, PluginError and
    SearchLimitError (a search past its limit, no bad input) are ValueErrors.
    """
    import cardrules.errors

    errors = {name: getattr(cardrules.errors, name) for name in cardrules.errors.__all__}
    assert all(issubclass(e, cardrules.CardrulesError) for e in errors.values())
    others = {name for name, e in errors.items() if not issubclass(e, ValueError)}
    assert others == {"CardrulesError", "PluginError", "SearchLimitError", "UnsupportedError", "WrongKindError"}
    assert issubclass(cardrules.errors.SearchLimitError, RuntimeError)
    assert issubclass(cardrules.WrongKindError, TypeError)
    assert issubclass(cardrules.UnsupportedError, NotImplementedError)
