"""
Charlemagne, Canadian rules: a 34-card trick game for two teams of two, to 32.

Bidding on the ladder 5, 6, 7, 8, Mulot, Charlemagne, Gros Mulot, Gros
Charlemagne; a kitty, two jokers and the two jacks of the trump colour.
Rules: :doc:`/rules/charlemagne`. Every function takes a :class:`State`,
which carries its :class:`CharlemagneRuleset`.
"""

from typing import Final

from cardrules.charlemagne import _position, _view
from cardrules.charlemagne._bot import HEURISTIC
from cardrules.charlemagne._cards import PACK, suit_order, trump_order
from cardrules.charlemagne._check import check_state
from cardrules.charlemagne._deal import deck_from_deal, deck_from_hands, new_game, new_round, round_deck
from cardrules.charlemagne._encoding import LEARNING
from cardrules.charlemagne._events import deal_events, events
from cardrules.charlemagne._infer import inferences
from cardrules.charlemagne._legal import check_move, is_over, legal_moves, refusals, to_move
from cardrules.charlemagne._notation import format_canonical, format_move, parse_canonical, parse_move
from cardrules.charlemagne._observe import observe
from cardrules.charlemagne._picture import picture
from cardrules.charlemagne._play import apply, apply_trusted
from cardrules.charlemagne._reasons import reasons
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._ruleset import STANDARD, CharlemagneRuleset
from cardrules.charlemagne._sample import sample_state, shuffle_hidden, zones
from cardrules.charlemagne._score import score
from cardrules.charlemagne._showcase import DEMO
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
from cardrules.engine import GameSpec, Positions, TerminalViews

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


GAME: Final[GameSpec[State, Move, CharlemagneRuleset, Observation]] = GameSpec(
    name="charlemagne",
    title="Charlemagne",
    pack=PACK,
    ruleset_type=CharlemagneRuleset,
    presets={"standard": STANDARD},
    state_type=State,
    move_types=MOVE_TYPES,
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
    rules_page="docs/rules/charlemagne.md",
)
"""The Charlemagne game spec, as :func:`cardrules.get_game` uses it."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
