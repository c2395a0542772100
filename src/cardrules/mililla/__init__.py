"""
Mililla, Spanish 40-card trick-taking for two teams of two, to 35.

Rules: :doc:`/rules/mililla`. Every function takes a :class:`State`, which
carries its :class:`MilillaRuleset`.
"""

from typing import Final

from cardrules._kit.spec import game_spec
from cardrules.engine import GameSpec
from cardrules.mililla import _play, _position, _view  # noqa: F401 (read by game_spec)
from cardrules.mililla._bot import HEURISTIC  # noqa: F401 (read by game_spec)
from cardrules.mililla._cards import PACK
from cardrules.mililla._check import check_state
from cardrules.mililla._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.mililla._demo import DEMO  # noqa: F401 (read by game_spec)
from cardrules.mililla._encoding import LEARNING  # noqa: F401 (read by game_spec)
from cardrules.mililla._events import deal_events, events  # noqa: F401 (read by game_spec)
from cardrules.mililla._infer import inferences
from cardrules.mililla._legal import check_move, is_over, legal_moves, refusals, to_move  # noqa: F401 (read by game_spec)
from cardrules.mililla._notation import format_canonical, format_move, parse_canonical, parse_move
from cardrules.mililla._observe import observe
from cardrules.mililla._picture import picture  # noqa: F401 (read by game_spec)
from cardrules.mililla._play import apply
from cardrules.mililla._reasons import reasons
from cardrules.mililla._rules import RULES
from cardrules.mililla._ruleset import STANDARD, MilillaRuleset
from cardrules.mililla._sample import sample_state, shuffle_hidden, zones
from cardrules.mililla._score import score
from cardrules.mililla._state import Move, Observation, Play, State

__all__ = [
    "GAME",
    "PACK",
    "RULES",
    "STANDARD",
    "MilillaRuleset",
    "Move",
    "Observation",
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
    "to_move",
    "zones",
]


GAME: Final[GameSpec[State, Play, MilillaRuleset, Observation]] = game_spec(
    globals(),
    title="Mililla",
    pack=PACK,
    ruleset_type=MilillaRuleset,
    presets={"standard": STANDARD},
    move_types=(Play,),
    trusted_apply=_play.apply_trusted,
)
"""The Mililla game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
