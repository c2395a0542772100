"""
Mililla, Spanish 40-card trick-taking for two teams of two, to 35.

Rules: :doc:`/rules/mililla`. Every function takes a :class:`State`, which
carries its :class:`MilillaRuleset`.
"""

from typing import Final

from cardrules.engine import GameSpec, Positions, TerminalViews
from cardrules.mililla import _position, _view
from cardrules.mililla._bot import HEURISTIC
from cardrules.mililla._cards import PACK
from cardrules.mililla._check import check_state
from cardrules.mililla._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.mililla._encoding import LEARNING
from cardrules.mililla._events import deal_events, events
from cardrules.mililla._infer import inferences
from cardrules.mililla._legal import check_move, is_over, legal_moves, refusals, to_move
from cardrules.mililla._notation import format_canonical, format_move, parse_canonical, parse_move
from cardrules.mililla._observe import observe
from cardrules.mililla._picture import picture
from cardrules.mililla._play import apply, apply_trusted
from cardrules.mililla._reasons import reasons
from cardrules.mililla._rules import RULES
from cardrules.mililla._ruleset import STANDARD, MilillaRuleset
from cardrules.mililla._sample import sample_state, shuffle_hidden, zones
from cardrules.mililla._score import score
from cardrules.mililla._showcase import DEMO
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


GAME: Final[GameSpec[State, Play, MilillaRuleset, Observation]] = GameSpec(
    name="mililla",
    title="Mililla",
    pack=PACK,
    ruleset_type=MilillaRuleset,
    presets={"standard": STANDARD},
    state_type=State,
    move_types=(Play,),
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
    position_forms=None,
    rules_page="docs/rules/mililla.md",
)
"""The Mililla game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
