"""
The engine protocol: requests as JSON lines, one answer line each (``cardrules engine``).

A front end in any language sends ``{"id": 1, "op": "legal", "position": "p1 ..."}`` and reads
``{"id": 1, "count": N, "moves": [...], ...}``. :func:`answer` answers one request; :func:`serve`
reads requests until the end of its input or ``quit``. Every error is an answer
(``{"id": ..., "error": {"code": ..., "message": ..., "rule": ...}}``): bad JSON, a line too long,
an unknown operation, a bad position (with the rule id that refuses it, where a rule of the game
does) or move, an illegal move (with the rule id that refuses it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import islice
from typing import IO, Any, Final

from cardrules import _common as _package
from cardrules._reference._common import (
    AnyGame,
    dumps,
    event_rules,
    move_text,
    read,
    read_for_mover,
    read_shown,
    reason_rules,
    score_data,
    seats,
    write,
)
from cardrules._registry import game_names, get_game
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    UnknownOptionError,
    UnsupportedError,
)

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "MAX_LINE", "OPS", "PROTOCOL", "VERSION", "answer", "answer_line", "serve"]

PROTOCOL: Final = "cardrules-engine"
VERSION: Final = 2
"""The protocol's version: the handshake (``hello``) gives it; it changes when a request or an answer does."""
MAX_LINE: Final = 100_000
"""The longest request line read, in bytes; a longer one is answered with the error ``line-too-long``."""
DEFAULT_LIMIT: Final = 200
"""How many moves ``legal`` lists unless the request gives ``limit``."""
MAX_LIMIT: Final = 10_000
"""The most moves ``legal`` lists, whatever ``limit`` asks."""
OPS: Final = ("hello", "new", "read", "legal", "is_legal", "apply", "score", "observe", "quit")


class _BadRequest(Exception):
    """A request the protocol cannot read: its error code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _field(request: dict[str, Any], name: str, kind: type, what: str) -> Any:
    value = request.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _BadRequest("bad-request", f"{request.get('op')} needs {name!r}: {what}")
    return value


def _move(game: AnyGame, state: Any, text: str) -> Any:
    """The move *text* names: canonical notation first, else the game's notation in this position."""
    try:
        return game.spec.parse_canonical(text)
    except InvalidNotationError:
        return game.parse_move(state, text)


def _hello(request: dict[str, Any]) -> dict[str, Any]:
    games = []
    for name in game_names():
        spec = get_game(name).spec
        games.append({"name": name, "title": spec.title, "presets": list(spec.presets), "rules": list(spec.rulebook)})
    return {
        "protocol": PROTOCOL,
        "version": VERSION,
        "engine": "cardrules",
        "engine_version": _package.VERSION,
        "ops": list(OPS),
        "games": games,
    }


def _new(request: dict[str, Any]) -> dict[str, Any]:
    game = get_game(_field(request, "game", str, "a game or ruleset text, such as mililla"))
    seed = request.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise _BadRequest("bad-request", "seed is a whole number from 0 to 2**63 - 1")
    return {"game": game.text, "position": write(game, game.new_game(seed=seed))}


def _read(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read(_field(request, "position", str, "position text"))
    return {"game": game.text, "to_move": game.to_move(state)}


def _legal(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read_for_mover(_field(request, "position", str, "position text"), "legal")
    limit = request.get("limit", DEFAULT_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 0 <= limit <= MAX_LIMIT:
        raise _BadRequest("bad-request", f"limit is a whole number from 0 to {MAX_LIMIT}")
    legal = game.legal_moves(state)
    count = len(legal)
    moves = [move_text(game, m) for m in islice(legal, limit)]
    return {"to_move": game.to_move(state), "count": count, "moves": moves, "complete": len(moves) == count}


def _is_legal(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read_for_mover(_field(request, "position", str, "position text"), "is_legal")
    text = _field(request, "move", str, "move text")
    try:
        move = _move(game, state, text)
    except IllegalMoveError as exc:
        return {"legal": False, "rule": exc.rule.id, "reason": exc.reason}
    violation = game.check_move(state, move)
    if violation is not None:
        return {"legal": False, "rule": violation.rule.id, "reason": violation.reason}
    return {"legal": True, "move": move_text(game, move), "reasons": reason_rules(game, state, move)}


def _apply(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read_shown(_field(request, "position", str, "position text"), "apply")
    move = _move(game, state, _field(request, "move", str, "move text"))
    violation = game.check_move(state, move)
    if violation is not None:
        seat = game.to_move(state)
        raise IllegalMoveError(violation.rule, seat, move, violation.message, move_text=move_text(game, move))
    after = game.apply(state, move)
    return {
        "move": move_text(game, move),
        "position": write(game, after),
        "events": event_rules(game, state, move, after),
    }


def _score(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read_shown(_field(request, "position", str, "position text"), "score")
    return score_data(game, state)


def _observe(request: dict[str, Any]) -> dict[str, Any]:
    game, state = read_shown(_field(request, "position", str, "position text"), "observe")
    seat = _field(request, "seat", int, "a seat number")
    if seat not in seats(game, state):
        raise InvalidOptionError(f"seat must be one of {', '.join(map(str, seats(game, state)))}, not {seat}")
    return {"seat": seat, "position": write(game, state, seat)}


_HANDLERS: Final[dict[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "hello": _hello,
    "new": _new,
    "read": _read,
    "legal": _legal,
    "is_legal": _is_legal,
    "apply": _apply,
    "score": _score,
    "observe": _observe,
    "quit": lambda request: {"bye": True},
}


def _error(code: str, message: str, rule: str | None = None, field: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message, "rule": rule}
    if field is not None:
        error["field"] = field
    return {"error": error}


def _code(exc: CardrulesError) -> str:
    for kind, code in (
        (IllegalMoveError, "illegal-move"),
        (InvalidPositionError, "invalid-position"),
        (InvalidNotationError, "invalid-move"),
        (UnknownOptionError, "invalid-option"),
        (InvalidOptionError, "invalid-option"),
        (UnsupportedError, "unsupported"),
    ):
        if isinstance(exc, kind):
            return code
    return "error"


def answer(request: object) -> dict[str, Any]:
    """The answer to one request (already read from JSON), its ``id`` echoed; never raises."""
    rid = request.get("id") if isinstance(request, dict) else None
    if not isinstance(rid, int | str | float | bool | type(None)):
        rid = None
    try:
        if not isinstance(request, dict):
            raise _BadRequest("bad-request", 'a request is a JSON object, such as {"id": 1, "op": "hello"}')
        op = request.get("op")
        handler = _HANDLERS.get(op) if isinstance(op, str) else None
        if handler is None:
            raise _BadRequest("unknown-op", f"unknown op {str(op)[:40]!r}; the ops are: {', '.join(OPS)}")
        out = handler(request)
    except _BadRequest as exc:
        out = _error(exc.code, str(exc))
    except IllegalMoveError as exc:
        out = _error("illegal-move", str(exc), exc.rule.id)
    except InvalidPositionError as exc:
        out = _error("invalid-position", str(exc), None if exc.rule is None else exc.rule.id, exc.field)
    except CardrulesError as exc:
        out = _error(_code(exc), str(exc))
    except Exception as exc:  # never crash: the front end gets an answer, the engine goes on
        out = _error("internal", f"{type(exc).__name__}: {str(exc)[:200]}")
    return {"id": rid, **out}


def answer_line(line: str | bytes) -> dict[str, Any]:
    """The answer to one request line."""
    try:
        request = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return {"id": None, **_error("bad-json", f"not a line of JSON: {str(exc)[:120]}")}
    return answer(request)


def serve(stdin: IO[bytes], stdout: IO[str]) -> int:
    """Answer request lines from *stdin* on *stdout*, one line each, flushed, until its end or ``quit``."""
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return 0
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of the line, a chunk at a time
                line = stdin.readline(MAX_LINE + 1)
            reply = {"id": None, **_error("line-too-long", f"a request line is at most {MAX_LINE:,} bytes")}
        elif not line.strip():
            continue
        else:
            reply = answer_line(line)
        stdout.write(dumps(reply) + "\n")
        stdout.flush()
        if "bye" in reply:
            return 0
