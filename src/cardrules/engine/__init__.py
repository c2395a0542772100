"""
The engine: the shape every game shares and nothing that knows a game. :class:`GameSpec` is the
contract a game fills (its functions and its optional capability bundles: :class:`TerminalViews`,
:class:`Positions`, :class:`Learning`, :class:`Heuristic`, a ``DemoDeal``), :class:`Game` a game with
its ruleset chosen, and :class:`LegalMoves`, :class:`Score` and :class:`Event` what every game
returns. The learning encodings a game gives live here too (``cardrules.rl`` exports them).
Everything in cardrules above the foundations and the helpers may import the engine; the engine
imports none of it (the registry, the game kit, the games, ``cardrules.rl`` all sit above it).
"""

from cardrules.engine._bundles import DemoDeal as DemoDeal
from cardrules.engine._bundles import Heuristic, LastRole, Positions, Solving, TerminalViews
from cardrules.engine._contract import Game, GameSpec
from cardrules.engine._contract import _check_position as _check_position
from cardrules.engine._contract import split_position as split_position
from cardrules.engine._learning import Learning
from cardrules.engine._shapes import Event, LegalMoves, RoundScore, Score, ScoreItem, TupleMoves
from cardrules.engine._shapes import MoveT as MoveT
from cardrules.engine._shapes import ObservationT as ObservationT
from cardrules.engine._shapes import RulesetT as RulesetT
from cardrules.engine._shapes import StateT as StateT

# Also read here, not public: DemoDeal (a spec's demo), the type variables (the documentation's),
# and the helpers that the games' hot paths and the registry call.
__all__ = [
    "Event",
    "Game",
    "GameSpec",
    "Heuristic",
    "LastRole",
    "Learning",
    "LegalMoves",
    "Positions",
    "RoundScore",
    "Score",
    "ScoreItem",
    "Solving",
    "TerminalViews",
    "TupleMoves",
]

__dir__ = __all__.copy  # dir() and autocompletion show the public names only
