"""
Mulle, the Swedish two-pack casino game: the building game (preset
``building``, the default) and the fishing game (preset ``fishing``).

Rules: :doc:`/rules/mulle`. Every function takes a :class:`State`, which
carries its :class:`MulleRuleset`. :func:`legal_moves` is lazy
(:class:`MulleMoves`): a table can allow exponentially many captures.
"""

from typing import Final

from cardrules.engine import GameSpec, Positions, TerminalViews
from cardrules.mulle import _position, _view
from cardrules.mulle._bot import HEURISTIC
from cardrules.mulle._cards import PACK
from cardrules.mulle._check import check_state
from cardrules.mulle._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.mulle._encoding import LEARNING
from cardrules.mulle._events import deal_events, events
from cardrules.mulle._infer import inferences
from cardrules.mulle._legal import MulleMoves, check_move, is_over, legal_moves, refusals, to_move
from cardrules.mulle._notation import format_move, parse_canonical, parse_move
from cardrules.mulle._observe import observe
from cardrules.mulle._picture import picture
from cardrules.mulle._play import apply, apply_trusted
from cardrules.mulle._reasons import reasons
from cardrules.mulle._rules import RULES
from cardrules.mulle._ruleset import BUILDING, FISHING, MulleRuleset
from cardrules.mulle._sample import sample_state, shuffle_hidden, zones
from cardrules.mulle._score import score
from cardrules.mulle._showcase import DEMO
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


GAME: Final[GameSpec[State, Move, MulleRuleset, Observation]] = GameSpec(
    name="mulle",
    title="Mulle",
    pack=PACK,
    ruleset_type=MulleRuleset,
    presets={"building": BUILDING, "fishing": FISHING},
    state_type=State,
    move_types=(Capture, Build, Trail),
    observation_type=Observation,
    rulebook=RULES,
    new_game=new_game,
    to_move=to_move,
    legal_moves=legal_moves,
    check_move=check_move,
    apply=apply,
    trusted_apply=apply_trusted,
    is_over=is_over,
    score=score,
    observe=observe,
    parse_move=parse_move,
    format_move=format_move,
    parse_canonical=parse_canonical,
    format_canonical=format_canonical,
    zones=zones,
    shuffle_hidden=shuffle_hidden,
    check_state=check_state,
    terminal=TerminalViews(
        view=_view.view,
        help_text=_view.help_text,
        deal_text=_view.deal_text,
        move_list=_view.move_list,
        hint_events=_view.hint_events,
        last_events=_view.last_events,
        explain=_view.explain,
    ),
    positions=Positions(position=_position.position, from_position=_position.from_position),
    learning=LEARNING,
    heuristic=HEURISTIC,
    round_deck=round_deck,
    new_round=new_round,
    deck_from_deal=deck_from_deal,
    events=events,
    refusals=refusals,
    reasons=reasons,
    deal_events=deal_events,
    sample_state=sample_state,
    inferences=inferences,
    picture=picture,
    display=_view.display,
    demo=DEMO,
    position_forms=_position.FORMS,
    rules_page="docs/rules/mulle.md",
)
"""The Mulle game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
