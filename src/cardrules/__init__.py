"""
cardrules: the reference rules engine for Mulle, Mililla and Charlemagne.

Pick a game with :func:`get_game`, deal with ``new_game``, then loop over
``legal_moves`` and ``apply``. States are immutable; every function is pure.
"""

from cardrules import _common, records
from cardrules._kit.inference import Inference
from cardrules._registry import game_names, get_game
from cardrules._state_text import dumps, from_position, loads, position
from cardrules._worlds import inferences, sample_state
from cardrules.cards import (
    Card,
    Pack,
    Rank,
    Suit,
    parse_cards,
    shuffled,
)
from cardrules.cards import _deprecated as _moved
from cardrules.engine import (
    Event,
    Game,
    GameSpec,
    LegalMoves,
    RoundScore,
    Score,
    ScoreItem,
    TupleMoves,
)
from cardrules.errors import (
    AmbiguousMoveError,
    CardrulesError,
    IllegalMoveError,
    InvalidCardError,
    InvalidDeckError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnknownOptionError,
    UnsupportedError,
    WrongKindError,
)
from cardrules.rules import Reason, Rule, RuleBook, Violation

__version__ = _common.VERSION

__all__ = [
    "AmbiguousMoveError",
    "Card",
    "CardrulesError",
    "Event",
    "Game",
    "GameSpec",
    "IllegalMoveError",
    "Inference",
    "InvalidCardError",
    "InvalidDeckError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "LegalMoves",
    "Pack",
    "Rank",
    "RoundScore",
    "Reason",
    "Rule",
    "RuleBook",
    "Score",
    "ScoreItem",
    "Suit",
    "TupleMoves",
    "UnknownOptionError",
    "UnsupportedError",
    "Violation",
    "WrongKindError",
    "__version__",
    "dumps",
    "from_position",
    "game_names",
    "get_game",
    "inferences",
    "loads",
    "parse_cards",
    "position",
    "records",
    "sample_state",
    "shuffled",
]


def __getattr__(name: str) -> Pack:
    """``DOUBLE_FRENCH_PACK``, ``SPANISH_PACK``, ``CHARLEMAGNE_PACK``: deprecated, see each game's ``PACK``."""
    return _moved(__name__, name)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
