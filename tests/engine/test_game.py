"""The public surface is pinned: an accidental change fails here; an intended one updates this file and CHANGELOG.md."""

from __future__ import annotations

import inspect

import cardrules
from cardrules import mililla

TOP = [
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

SIGNATURES = {
    "get_game": "(text: 'str', **options: 'object') -> 'Game[Any, Any, Any, Any]'",
    "game_names": "() -> 'tuple[str, ...]'",
    "dumps": "(state: 'object') -> 'str'",
    "loads": "(text: 'str | bytes') -> 'Any'",
    "sample_state": "(observation: 'Any', rng: 'random.Random') -> 'Any'",
    "inferences": "(observation: 'Any') -> 'tuple[Inference, ...]'",
    "shuffled": "(cards: 'Sequence[Card]', seed: 'int') -> 'tuple[Card, ...]'",
    "parse_cards": (
        "(text: 'str', pack: 'Pack' = Pack(name='double French', cards=(...), spanish=False)) -> 'tuple[Card, ...]'"
    ),
}

GAME_METHODS = {
    "new_game": "(self, *, seed: 'int | None' = None, deck: 'Sequence[Card | str] | None' = None, "
    "decks: 'Sequence[Sequence[Card | str]] | None' = None, dealer: 'int | None' = None) -> 'StateT'",
    "new_round": "(self, state: 'StateT', deck: 'Sequence[Card | str]') -> 'StateT'",
    "to_move": "(self, state: 'StateT') -> 'int | None'",
    "legal_moves": "(self, state: 'StateT') -> 'LegalMoves[MoveT]'",
    "check_move": "(self, state: 'StateT', move: 'MoveT') -> 'Violation | None'",
    "reasons": "(self, state: 'StateT', move: 'MoveT') -> 'tuple[Reason, ...]'",
    "apply": "(self, state: 'StateT', move: 'MoveT') -> 'StateT'",
    "is_over": "(self, state: 'StateT') -> 'bool'",
    "score": "(self, state: 'StateT') -> 'Score'",
    "observe": "(self, state: 'StateT', seat: 'int') -> 'ObservationT'",
    "parse_move": "(self, state: 'StateT', text: 'str') -> 'MoveT'",
    "format_move": "(self, state: 'StateT', move: 'MoveT') -> 'str'",
    "position": "(self, state: 'StateT', seat: 'int | None' = None, *, form: 'str | None' = None) -> 'str'",
    "from_position": "(self, text: 'str') -> 'StateT'",
}

GAME_MODULE = [
    "GAME",
    "PACK",
    "RULES",
    "State",
    "Observation",
    "Move",
    "new_game",
    "to_move",
    "legal_moves",
    "check_move",
    "reasons",
    "apply",
    "is_over",
    "score",
    "observe",
    "parse_move",
    "format_move",
    "parse_canonical",
    "format_canonical",
    "zones",
    "shuffle_hidden",
    "check_state",
    "round_deck",
    "new_round",
    "deck_from_deal",
    "deck_from_hands",
    "events",
    "sample_state",
    "inferences",
]


def _sig(obj: object) -> str:
    text = str(inspect.signature(obj))  # type: ignore[arg-type]
    if "cards=(" in text:
        start = text.index("cards=(") + len("cards=(")
        end = text.index("), spanish")
        text = text[:start] + "..." + text[end:]
    return text


def test_top_level_names() -> None:
    """``cardrules.__all__`` is exactly the pinned list, sorted, and every name exists."""
    assert sorted(TOP) == sorted(cardrules.__all__)
    for name in TOP:
        assert hasattr(cardrules, name)


def test_top_level_signatures() -> None:
    """The top-level functions keep their signatures."""
    for name, sig in SIGNATURES.items():
        assert sig == _sig(getattr(cardrules, name)), name


def test_game_methods() -> None:
    """``Game`` keeps the contract's methods and signatures."""
    for name, sig in GAME_METHODS.items():
        assert sig == _sig(getattr(cardrules.Game, name)), name


def test_game_modules_share_one_surface() -> None:
    """Every game module exports the same functions (a generic caller never branches on the game)."""
    for name in cardrules.game_names():
        module = __import__(f"cardrules.{name}", fromlist=["GAME"])
        for attr in GAME_MODULE:
            assert attr in module.__all__, (name, attr)
        assert module.GAME.name == name


def test_mililla_exports() -> None:
    """``cardrules.mililla.__all__`` is pinned."""
    assert sorted(
        [
            "GAME",
            "PACK",
            "Move",
            "MilillaRuleset",
            "Observation",
            "Play",
            "RULES",
            "STANDARD",
            "State",
            "apply",
            "check_move",
            "check_state",
            "deck_from_deal",
            "deck_from_hands",
            "events",
            "format_canonical",
            "format_move",
            "is_over",
            "legal_moves",
            "new_game",
            "new_round",
            "observe",
            "parse_canonical",
            "parse_move",
            "reasons",
            "round_deck",
            "inferences",
            "sample_state",
            "score",
            "shuffle_hidden",
            "to_move",
            "zones",
        ]
    ) == sorted(mililla.__all__)


def test_version() -> None:
    """``__version__`` is the installed distribution's version."""
    from importlib.metadata import version

    assert version("cardrules") == cardrules.__version__


def test_rl_exports() -> None:
    """``cardrules.rl.__all__`` is pinned (importing it needs none of the rl extra's libraries)."""
    import cardrules.rl

    assert sorted(
        [
            "ActionEncoding",
            "CandidateEncoding",
            "FactoredEncoding",
            "InvalidActionError",
            "TensorField",
            "TensorLayout",
            "gymnasium_env",
            "openspiel_game",
            "pettingzoo_env",
            "register",
        ]
    ) == sorted(cardrules.rl.__all__)
