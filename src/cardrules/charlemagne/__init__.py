"""
Charlemagne, Canadian rules: a 34-card trick game for two teams of two, to 32.

Bidding on the ladder 5, 6, 7, 8, Mulot, Charlemagne, Gros Mulot, Gros
Charlemagne; a kitty, two jokers and the two jacks of the trump colour.
Rules: :doc:`/rules/charlemagne`. Every function takes a :class:`State`,
which carries its :class:`CharlemagneRuleset`.
"""

from typing import Final

from cardrules._kit.spec import game_spec
from cardrules.charlemagne import _play, _position, _view  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._bot import HEURISTIC  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._cards import PACK, suit_order, trump_order
from cardrules.charlemagne._check import check_state
from cardrules.charlemagne._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.charlemagne._demo import DEMO  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._encoding import LEARNING  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._events import deal_events, events  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._infer import inferences
from cardrules.charlemagne._legal import check_move, is_over, legal_moves, refusals, to_move  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._notation import format_canonical, format_move, parse_canonical, parse_move
from cardrules.charlemagne._observe import observe
from cardrules.charlemagne._picture import picture  # noqa: F401 (read by game_spec)
from cardrules.charlemagne._play import apply
from cardrules.charlemagne._reasons import reasons
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._ruleset import STANDARD, CharlemagneRuleset
from cardrules.charlemagne._sample import sample_state, shuffle_hidden, zones
from cardrules.charlemagne._score import score
from cardrules.charlemagne._state import (
    MOVE_TYPES,
    Bid,
    ChooseSource,
    Contract,
    Discard,
    Give,
    Move,
    NameTrump,
    Observation,
    Pass,
    Play,
    State,
)
from cardrules.engine import GameSpec

__all__ = [
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
]


GAME: Final[GameSpec[State, Move, CharlemagneRuleset, Observation]] = game_spec(
    globals(),
    title="Charlemagne",
    pack=PACK,
    ruleset_type=CharlemagneRuleset,
    presets={"standard": STANDARD},
    move_types=MOVE_TYPES,
    trusted_apply=_play.apply_trusted,
)
"""The Charlemagne game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
