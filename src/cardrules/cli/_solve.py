"""The ``solve`` command: the exact value of every move of a position with every hand shown."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from cardrules.bots._solve import DEFAULT_MAX_NODES, Solution, solve
from cardrules.cli._commentary import said
from cardrules.cli._positions import _bad, _fields, _game, read_position
from cardrules.errors import CardrulesError, InvalidPositionError
from cardrules.i18n import DEFAULT, translation
from cardrules.rules import Message

__all__ = ["hidden_fields", "solution_data", "solve_command"]


def hidden_fields(state: Any, text: str) -> list[str]:
    """The places the position *text* gives only by their size (``?8``): a hand, a pile, a stock."""
    game = _game(state)
    given = _fields(text)
    form = "table" if "deal" in given and "table" in (game.spec.position_forms or {}) else None
    written = _fields(game.position(state, form=form))
    hidden: list[str] = []
    for name, parts in given.items():
        mine = written.get(name)
        if mine is None or len(mine) != len(parts):
            if any("?" in p for p in parts):
                hidden.append(name)
            continue
        for i, (a, b) in enumerate(zip(parts, mine, strict=True)):
            if "?" in a and "?" not in b:
                hidden.append(f"{name} of seat {i}" if name == "hands" else name)
    return hidden


def solution_data(state: Any, solution: Solution) -> dict[str, Any]:
    """What ``cardrules solve --json`` prints: the game, the seat and side to move, the moves best first, the nodes."""
    game = _game(state)
    canonical = game.spec.format_canonical
    return {
        "game": game.text,
        "seat": solution.seat,
        "side": solution.side,
        "moves": [
            {
                "move": canonical(m.move),
                "value": m.value,
                "tally_margin": m.tally_margin,
                "line": [canonical(move) for move in m.line],
            }
            for m in solution.moves
        ],
        "nodes": solution.nodes,
    }


def solve_command(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules solve``: every move's exact value; the exit status 0 or 2."""
    try:
        text, state = read_position(args.position)
        game = _game(state)
        if game.is_over(state):
            raise InvalidPositionError(Message("the match is over: there is no move to solve"))
        hidden = hidden_fields(state, text)
        if hidden:
            given = Message(
                "the position gives {fields} only by size; solve needs every card shown: write them",
                fields=", ".join(hidden),
            )
            raise InvalidPositionError(given, hidden[0].split(" ")[0])
        solution = solve(state, max_nodes=args.max_nodes)
    except CardrulesError as exc:
        return _bad(args, out, str(exc) if args.json else said(exc, getattr(args, "lang", DEFAULT)))
    data = solution_data(state, solution)
    if args.json:
        print(json.dumps(data, indent=1), file=out)
        return 0
    tr = translation(getattr(args, "lang", DEFAULT))
    head = tr.gettext(
        "seat {seat} to move; each move's value to the end of the round, every hand shown "
        "(the points margin, the tally margin, a principal line):"
    )
    print(head.format(seat=solution.seat), file=out)
    row = tr.gettext("{move}: {value} points, tally {tally}: {line}")
    for m in solution.moves:
        line, after = [], state
        for move in m.line:
            line.append(game.format_move(after, move))
            after = game.apply(after, move)
        print(
            "  " + row.format(move=line[0], value=f"{m.value:+d}", tally=f"{m.tally_margin:+d}", line=", ".join(line)),
            file=out,
        )
    return 0


MAX_NODES = DEFAULT_MAX_NODES
"""``--max-nodes``' default."""
