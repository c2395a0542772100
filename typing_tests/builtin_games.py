"""get_game knows the built-in games' own types by their names and presets: checked by ``mypy --strict``."""

from __future__ import annotations

from typing import Any, assert_type

import cardrules
from cardrules import charlemagne, mililla, mulle

MulleGame = cardrules.Game[mulle.State, mulle.Move, mulle.MulleRuleset, mulle.Observation]
MilillaGame = cardrules.Game[mililla.State, mililla.Play, mililla.MilillaRuleset, mililla.Observation]
CharlemagneGame = cardrules.Game[
    charlemagne.State, charlemagne.Move, charlemagne.CharlemagneRuleset, charlemagne.Observation
]


def built_in(text: str) -> None:
    """Each built-in name and preset gives its game's types; any other text, ``Game[Any, ...]``."""
    assert_type(cardrules.get_game("mulle"), MulleGame)
    assert_type(cardrules.get_game("mulle/building"), MulleGame)
    assert_type(cardrules.get_game("mulle/fishing", target=21), MulleGame)
    assert_type(cardrules.get_game("mililla"), MilillaGame)
    assert_type(cardrules.get_game("mililla/standard"), MilillaGame)
    assert_type(cardrules.get_game("charlemagne"), CharlemagneGame)
    assert_type(cardrules.get_game("charlemagne/standard"), CharlemagneGame)
    assert_type(cardrules.get_game("mulle/fishing(target=21)"), cardrules.Game[Any, Any, Any, Any])
    assert_type(cardrules.get_game(text), cardrules.Game[Any, Any, Any, Any])


def typed_play(seed: int) -> int:
    """A Mulle match through get_game, each value of the game's own type."""
    game = cardrules.get_game("mulle/fishing")
    rules: mulle.MulleRuleset = game.rules
    state: mulle.State = game.new_game(seed=seed)
    while not game.is_over(state):
        move: mulle.Move = game.legal_moves(state)[0]
        state = game.apply(state, move)
    seen: mulle.Observation = game.observe(state, 0)
    del rules, seen
    wrong: mililla.State = game.new_game(seed=seed)  # type: ignore[assignment]  # a Mulle state is not Mililla's
    del wrong
    return len(game.score(state).rounds)
