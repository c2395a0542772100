"""
Hypothesis strategies the tests share: positions of every game and variant reached by random
play, hostile text (moves, cards, rulesets, positions), and mutated JSON documents (states, records).

The fuzz tests (``tests/edges/test_fuzz.py``, ``tests/edges/test_states.py``) draw from them;
``nox -s fuzz`` runs those tests for minutes with many examples and prints the seed.
"""

from tests.strategies.documents import json_values, mutated, paths
from tests.strategies.positions import live_positions, positions, states_of
from tests.strategies.states import dumped_states, mutated_documents
from tests.strategies.texts import TRICKY, edited, move_texts, mutated_positions, ruleset_texts

__all__ = [
    "TRICKY",
    "dumped_states",
    "edited",
    "json_values",
    "live_positions",
    "move_texts",
    "mutated",
    "mutated_documents",
    "mutated_positions",
    "paths",
    "positions",
    "ruleset_texts",
    "states_of",
]
