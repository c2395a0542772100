"""
Mulle, the Swedish two-pack casino game: the building game (preset
``building``, the default) and the fishing game (preset ``fishing``).

Rules: :doc:`/rules/mulle`. Every function takes a :class:`State`, which
carries its :class:`MulleRuleset`. :func:`legal_moves` is lazy
(:class:`MulleMoves`): a table can allow exponentially many captures.
"""

from typing import Final

from cardrules._kit.spec import game_spec
from cardrules.engine import GameSpec
from cardrules.mulle import _legal, _play, _position, _view  # noqa: F401 (read by game_spec)
from cardrules.mulle._bot import HEURISTIC  # noqa: F401 (read by game_spec)
from cardrules.mulle._cards import PACK
from cardrules.mulle._check import check_state
from cardrules.mulle._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.mulle._demo import DEMO  # noqa: F401 (read by game_spec)
from cardrules.mulle._encoding import LEARNING  # noqa: F401 (read by game_spec)
from cardrules.mulle._events import deal_events, events  # noqa: F401 (read by game_spec)
from cardrules.mulle._infer import inferences
from cardrules.mulle._legal import MulleMoves, check_move, is_over, legal_moves, refusals, to_move  # noqa: F401 (read by game_spec)
from cardrules.mulle._notation import format_move, parse_canonical, parse_move
from cardrules.mulle._observe import observe
from cardrules.mulle._picture import picture  # noqa: F401 (read by game_spec)
from cardrules.mulle._play import apply
from cardrules.mulle._reasons import reasons
from cardrules.mulle._rules import RULES
from cardrules.mulle._ruleset import BUILDING, FISHING, MulleRuleset
from cardrules.mulle._sample import sample_state, shuffle_hidden, zones
from cardrules.mulle._score import score
from cardrules.mulle._state import (
    Build,
    Capture,
    Move,
    Mulle,
    Observation,
    State,
    TableBuild,
    TableStart,
    Trail,
    Turn,
    format_canonical,
)

__all__ = [
    "BUILDING",
    "FISHING",
    "GAME",
    "PACK",
    "RULES",
    "Build",
    "Capture",
    "Move",
    "Mulle",
    "MulleMoves",
    "MulleRuleset",
    "Observation",
    "State",
    "TableBuild",
    "TableStart",
    "Trail",
    "Turn",
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


GAME: Final[GameSpec[State, Move, MulleRuleset, Observation]] = game_spec(
    globals(),
    title="Mulle",
    pack=PACK,
    ruleset_type=MulleRuleset,
    presets={"building": BUILDING, "fishing": FISHING},
    move_types=(Capture, Build, Trail),
    position_forms=_position.FORMS,
    trusted_apply=_play.apply_trusted,
)
"""The Mulle game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
