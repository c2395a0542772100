"""
What the vectors, perft, the engine protocol and the playthroughs share: a position read into its
game and state, written back in the form the reference uses, and moves, events and scores as JSON data.
"""

from __future__ import annotations

import json
from typing import Any, Final

from cardrules._registry import get_game
from cardrules._state_text import from_position
from cardrules.engine import Game, RoundScore
from cardrules.errors import InvalidPositionError

AnyGame = Game[Any, Any, Any, Any]

TABLE_FORM: Final = "table"
"""The position form the reference writes where a game has it: the round as it lies on the table."""


def form_of(game: AnyGame) -> str | None:
    """The form of *game*'s positions in the reference: its table form if it has one, else the default."""
    return TABLE_FORM if TABLE_FORM in (game.spec.position_forms or {}) else None


def write(game: AnyGame, state: Any, seat: int | None = None) -> str:
    """*state* as position text in the reference's form; with *seat*, what that seat may see."""
    return game.position(state, seat, form=form_of(game))


def read(text: object) -> tuple[AnyGame, Any]:
    """The game and the state of position text (any form, checked as :func:`cardrules.from_position` checks it)."""
    state = from_position(text)  # type: ignore[arg-type]  # it refuses anything but text itself
    assert isinstance(text, str)
    return get_game(text.strip(" \t\r\n").split(" ", 2)[1]), state


def hidden_fields(text: str) -> list[str]:
    """The fields of position text that give some cards only by their number (``?8``), in order."""
    out = []
    for word in text.split(" ")[2:]:
        name, _, value = word.partition("=")
        if any(part.startswith("?") for piece in value.split("/") for part in piece.split(",")):
            out.append(name)
    return out


def read_shown(text: object, what: str) -> tuple[AnyGame, Any]:
    """:func:`read`, refusing a position that hides some cards: *what* needs every card shown."""
    game, state = read(text)
    assert isinstance(text, str)
    hidden = hidden_fields(text)
    if hidden:
        said = f"{what} needs every card shown; this position gives {', '.join(hidden)} only by the number of cards"
        raise InvalidPositionError(said, hidden[0])
    return game, state


def _parts(text: str) -> dict[str, list[str]]:
    """A position's fields, each split into its parts per seat or side (``/``)."""
    return {name: value.split("/") for name, _, value in (w.partition("=") for w in text.split(" ")[2:]) if value}


def read_for_mover(text: object, what: str) -> tuple[AnyGame, Any]:
    """
    :func:`read`, refusing a position that hides a card the seat to move sees (its hand, say):
    the legal moves depend only on what the mover sees, so the other hands may be given by size.
    """
    game, state = read(text)
    assert isinstance(text, str)
    mover = game.to_move(state)
    if mover is None:
        return game, state
    seen = _parts(write(game, state, mover))
    for name, given in _parts(text).items():
        mine = seen.get(name)
        if mine is not None and len(mine) == len(given):
            for a, b in zip(given, mine, strict=True):
                if "?" in a and "?" not in b:
                    said = f"{what} needs every card the seat to move sees; this position gives {name} only by size"
                    raise InvalidPositionError(said, name)
    if hidden_fields(text) and not all(n in seen for n in _parts(text)):  # another form: its fields differ
        return read_shown(text, what)
    return game, state


def seats(game: AnyGame, state: Any) -> list[int]:
    """Every seat at the table, in order."""
    return sorted(seat for side in game.score(state).sides for seat in side)


def move_text(game: AnyGame, move: Any) -> str:
    """A move in the game's canonical notation."""
    return game.spec.format_canonical(move)


def event_rules(game: AnyGame, before: Any, move: Any, after: Any) -> list[str]:
    """The rule ids of what *move* did, in order (none for a game that does not narrate its moves)."""
    events = game.spec.events
    return [] if events is None else [e.rule for e in events(before, move, after)]


def reason_rules(game: AnyGame, state: Any, move: Any) -> list[str]:
    """The rule ids of why *move* is legal in *state* (:meth:`~cardrules.Game.reasons`), each once, in order."""
    return list(dict.fromkeys(reason.rule.id for reason in game.reasons(state, move)))


def _round(r: RoundScore) -> dict[str, Any]:
    items = [{"side": i.side, "rule": i.rule, "points": i.points} for i in r.items]
    return {"points": list(r.points), "items": items}


def score_data(game: AnyGame, state: Any) -> dict[str, Any]:
    """
    The score as the reference gives it: the match points, the winner (``null`` while the match is
    on), the number of rounds finished, the running round's tally, and the last finished round's
    points with its score items (side, rule id, points).
    """
    s = game.score(state)
    return {
        "match": list(s.match),
        "winner": s.winner,
        "rounds": len(s.rounds),
        "tally": None if s.round is None else list(s.round.tally),
        "last_round": _round(s.rounds[-1]) if s.rounds else None,
    }


def dumps(data: object) -> str:
    """One line of JSON, keys sorted, ASCII only: the same data gives the same bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
