"""The ``check`` and ``show`` commands: settle a dispute from the position on the table."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from typing import Any, TextIO

from cardrules._states import from_position
from cardrules.cli._terminal import move_list_for, style_for, view_for
from cardrules.engine import Game, Score
from cardrules.errors import AmbiguousMoveError, CardrulesError, IllegalMoveError, InvalidPositionError

_MAX_LEGAL = 20
_MAX_POSITION_FILE = 100_000


def add_commands(sub: Any) -> None:
    """Add ``check`` and ``show`` to the command line's subparsers."""
    p = sub.add_parser(
        "check",
        help="is this move legal in this position, and what does it score?",
        description="Check one move in a position (the position notation of the formats page): whether it is "
        "legal; if not, the rule, the reason and the legal moves; and what it scores. Exit status: 0 legal, "
        "1 illegal, 2 bad input (a position or move that cannot be read).",
    )
    p.add_argument("position", help="the position text (quoted), a file holding it, or - for standard input")
    p.add_argument("move", help="the move in the game's notation, such as 7O or '9H x 9H 4S+5C'")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(handler=_check)
    p = sub.add_parser(
        "show",
        help="draw a position as the play screen does",
        description="Draw a position as the seat to move sees it (or --seat N), with its legal moves.",
    )
    p.add_argument("position", help="the position text (quoted), a file holding it, or - for standard input")
    p.add_argument("--seat", type=int, help="draw what this seat sees (default: the seat to move)")
    p.add_argument("--ascii", action="store_true", help="plain text: no suit symbols or colours")
    p.set_defaults(handler=_show)


def _read(text: str) -> Any:
    """The state of a position given as text, a file name or ``-`` (standard input)."""
    if text == "-":
        if sys.stdin is None:
            raise InvalidPositionError("cannot read standard input: it is closed")
        text = sys.stdin.read(_MAX_POSITION_FILE + 1)
    elif not text.lstrip().startswith("p1 ") and os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as f:
                text = f.read(_MAX_POSITION_FILE + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidPositionError(f"cannot read {text}: {exc}") from None
    if len(text) > _MAX_POSITION_FILE:
        raise InvalidPositionError("a position is one line of text, not this much")
    return from_position(text.strip())


def _game(state: Any) -> Game[Any, Any, Any, Any]:
    from cardrules._registry import spec_for_state

    spec = spec_for_state(state)
    return Game(spec, state.rules)


def _tallies(score: Score, rounds_before: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tally of the round *rounds_before* (finished or running) and the match points."""
    current = score.rounds[rounds_before] if len(score.rounds) > rounds_before else score.round
    return (current.tally if current is not None else ()), score.match


def verdict(state: Any, text: str) -> dict[str, Any]:
    """What ``cardrules check`` says of *text* in *state*, as JSON data (``legal`` true or false)."""
    game = _game(state)
    seat = game.to_move(state)
    out: dict[str, Any] = {"game": game.text, "seat": seat, "move": text}
    try:
        move = game.parse_move(state, text)
    except IllegalMoveError as exc:
        legal = game.legal_moves(state)
        shown, more = move_list_for(game.spec)(legal, _MAX_LEGAL)
        out.update(
            legal=False,
            rule=exc.rule.id,
            reason=exc.reason,
            legal_moves=[game.format_move(state, m) for m in shown],
            more_legal_moves=more,
        )
        return out
    before = game.score(state)
    after_state = game.apply(state, move)
    after = game.score(after_state)
    n = len(before.rounds)
    (tally0, match0), (tally1, match1) = _tallies(before, n), _tallies(after, n)
    events = game.spec.events(state, move, after_state) if game.spec.events is not None else ()
    out.update(
        legal=True,
        move=game.format_move(state, move),
        events=[{"kind": e.kind, "rule": e.rule, "points": e.points, "text": e.text} for e in events],
        tally={"before": list(tally0), "after": list(tally1)},
        match={"before": list(match0), "after": list(match1)},
    )
    return out


def _check(args: argparse.Namespace, out: TextIO) -> int:
    try:
        state = _read(args.position)
        data = verdict(state, args.move)
    except AmbiguousMoveError as exc:
        return _bad(args, out, str(exc))
    except CardrulesError as exc:
        return _bad(args, out, str(exc))
    if args.json:
        print(json.dumps(data, indent=1), file=out)
        return 0 if data["legal"] else 1
    if not data["legal"]:
        print(f"illegal: {data['move']}: {data['reason']} ({data['rule']})", file=out)
        more = data["more_legal_moves"]
        tail = "" if not more else " and more" if more is None else f" and {more} more"
        print(f"legal moves: {', '.join(data['legal_moves'])}{tail}", file=out)
        return 1
    print(f"legal: {data['move']} (seat {data['seat']})", file=out)
    for event in data["events"]:
        points = f" ({event['points']:+d})" if event["points"] else ""
        print(f"  - {event['text']}{points}  [{event['rule']}]", file=out)
    tally, match = data["tally"], data["match"]
    if tally["before"] != tally["after"]:
        print(f"round tally: {_pair(tally['before'])} -> {_pair(tally['after'])}", file=out)
    if match["before"] != match["after"]:
        print(f"match points: {_pair(match['before'])} -> {_pair(match['after'])}", file=out)
    if tally["before"] == tally["after"] and match["before"] == match["after"]:
        print("it scores nothing now", file=out)
    return 0


def _pair(values: list[int]) -> str:
    return "-".join(map(str, values))


def _bad(args: argparse.Namespace, out: TextIO, message: str) -> int:
    if args.json:
        print(json.dumps({"error": message}), file=out)
    else:
        print(f"cardrules: error: {message}", file=sys.stderr)
    return 2


def _show(args: argparse.Namespace, out: TextIO) -> int:
    try:
        state = _read(args.position)
    except CardrulesError as exc:
        return _bad(argparse.Namespace(json=False), out, str(exc))
    game = _game(state)
    seat = game.to_move(state) if args.seat is None else args.seat
    if seat is None:
        print(f"{game.spec.title} ({game.text}): the match is over", file=out)
        return 0
    seats = sorted(s for side in game.score(state).sides for s in side)
    if seat not in seats:
        return _bad(argparse.Namespace(json=False), out, f"--seat must be one of {', '.join(map(str, seats))}")
    style = style_for(out, ascii_only=args.ascii)
    view = game.observe(state, seat)
    print(f"{game.spec.title} ({game.text}): seat {game.to_move(state)} to move; seat {seat}'s view", file=out)
    for line in view_for(game.spec)(view, style):
        print(line, file=out)
    if seat == game.to_move(state):
        legal = game.legal_moves(state)
        shown = [game.format_move(state, m) for m in itertools.islice(legal, _MAX_LEGAL + 1)]
        more = " ..." if len(shown) > _MAX_LEGAL else ""
        print("legal moves: " + ", ".join(shown[:_MAX_LEGAL]) + more, file=out)
    return 0
