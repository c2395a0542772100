"""The ``analyse`` command: every decision of a record judged by the exact solver with every card shown."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, Final, TextIO

from cardrules import records
from cardrules._kit.style import Style
from cardrules._registry import get_game
from cardrules.bots import Analysis, Cost, MoveAnalysis, analyse
from cardrules.bots._analyse import ANALYSIS_NODES
from cardrules.cli._records import _read_or_say, _seat_name
from cardrules.engine import Game
from cardrules.errors import CardrulesError
from cardrules.i18n import DEFAULT, render

__all__ = ["MAX_NODES", "analyse_command", "analysis_data"]

MAX_NODES: Final = ANALYSIS_NODES
"""``--max-nodes``' default: the most positions searched for one decision."""


def analysis_data(game: Game[Any, Any, Any, Any], analysis: Analysis) -> dict[str, Any]:
    """What ``cardrules analyse --json`` prints (rounds and moves counted from 1, as replay counts them)."""
    canonical = game.spec.format_canonical

    def move(m: MoveAnalysis) -> dict[str, Any]:
        played = m.played
        return {
            "round": m.round + 1,
            "move": m.number,
            "seat": m.seat,
            "side": m.side,
            "played": canonical(m.move),
            "status": m.status,
            "value": None if played is None else played.value,
            "tally_margin": None if played is None else played.tally_margin,
            "best": [canonical(b.move) for b in m.best],
            "best_value": m.best[0].value if m.best else None,
            "best_tally_margin": m.best[0].tally_margin if m.best else None,
            "cost": m.cost,
            "tally_cost": m.tally_cost,
            "nodes": m.nodes,
        }

    def cost(c: Cost) -> dict[str, Any]:
        return {"seats": list(c.seats), "lost": c.lost, "mistakes": c.mistakes, "analysed": c.analysed,
                "decisions": c.decisions}  # fmt: skip

    return {
        "game": game.text,
        "every_card_shown": True,
        "finished": analysis.finished,
        "max_nodes": analysis.max_nodes,
        "seconds": analysis.seconds,
        "sides": [list(s) for s in analysis.sides],
        "moves": [move(m) for m in analysis.moves],
        "by_seat": [cost(c) for c in analysis.by_seat()],
        "by_side": [cost(c) for c in analysis.by_side()],
    }


def _progress(err: TextIO, st: Style) -> Callable[[int, int], None] | None:
    """A progress line on standard error when it is a terminal (rewritten in place), else nothing."""
    if not err.isatty():
        return None
    line = st.gettext("analysing: {done} of {total} moves")

    def show(done: int, total: int) -> None:
        end = "\r" if done < total else "\r\x1b[K"
        err.write("\r" + line.format(done=done, total=total) + ("\x1b[K" if done < total else "") + end)
        err.flush()

    return show


def _say_move(game: Game[Any, Any, Any, Any], before: Any, m: MoveAnalysis, st: Style) -> str:
    """One decision, in words."""
    where = st.gettext("round {number}, move {move_number}").format(number=m.round + 1, move_number=m.number)
    text = game.format_move(before, m.move)
    if m.status == "forced":
        return where + ": " + st.gettext("{move}, the only legal move").format(move=text)
    played = m.played
    assert played is not None and m.cost is not None
    if m.cost == 0 and not m.tally_cost:
        said = st.gettext("{move} ({value:+d}), a best move").format(move=text, value=played.value)
        return where + ": " + said
    best = ", ".join(game.format_move(before, b.move) for b in m.best[:4]) + (", …" if len(m.best) > 4 else "")
    if m.cost == 0:
        said = st.gettext("{move} ({value:+d}); best {best}: no points lost, {tally} less in the round's tally")
        return where + ": " + said.format(move=text, value=played.value, best=best, tally=m.tally_cost)
    said = st.ngettext(
        "{move} ({value:+d}); best {best} ({best_value:+d}): cost {cost} point",
        "{move} ({value:+d}); best {best} ({best_value:+d}): cost {cost} points",
        m.cost,
    )
    return where + ": " + said.format(move=text, value=played.value, best=best, best_value=m.best[0].value, cost=m.cost)


def _cost_line(who: str, lost: int, mistakes: int, analysed: int, decisions: int, st: Style) -> str:
    if mistakes:
        points = st.ngettext("{lost} point", "{lost} points", lost).format(lost=lost)
        head = st.ngettext("{who} lost {points} in {count} move", "{who} lost {points} in {count} moves", mistakes)
        head = head.format(who=who, points=points, count=mistakes)
    else:
        head = st.gettext("{who} lost nothing").format(who=who)
    judged = st.ngettext(
        "{analysed} of {decisions} move analysed", "{analysed} of {decisions} moves analysed", decisions
    ).format(analysed=analysed, decisions=decisions)
    return f"{head} ({judged})"


def analyse_command(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules analyse``: every decision of a record with the best move and its cost; exit status 0 or 2."""
    lang = getattr(args, "lang", DEFAULT)
    st = Style(lang=lang)
    record = _read_or_say(args.record, out, False)
    if record is None:
        return 2
    try:
        game = get_game(record.game)
        analysis = analyse(record, max_nodes=args.max_nodes, seconds=args.seconds, progress=_progress(sys.stderr, st))
    except CardrulesError as exc:
        print(st.gettext("cardrules: error: cannot analyse the record: {error}").format(error=render(exc, lang)),
              file=sys.stderr)  # fmt: skip
        return 2
    if args.json:
        print(json.dumps(analysis_data(game, analysis), indent=1), file=out)
        return 0
    befores = [step.before for step in records.steps(record)]
    print(f"{game.spec.title}: {game.text}", file=out)
    print(
        st.gettext(
            "Each move is judged with every card shown (every hand, and any stock in its order, as the record "
            "holds them), which no player had. A move's value is the round points of the mover's side minus the "
            "other side's, every seat then playing perfectly to the end of the round; its cost is what it gave "
            "away to the best move. Moves that were the only legal move are not listed."
        ),
        file=out,
    )
    if not analysis.finished:
        print(
            st.gettext("The record stops before the end of the match: its moves are analysed all the same."), file=out
        )
    limit = st.gettext("within {nodes} positions").format(nodes=f"{args.max_nodes:,}")
    first_solved: dict[int, int] = {}  # each round's first move analysed: the earlier ones were too deep
    for m in analysis.moves:
        if m.status != "too deep" and m.round not in first_solved:
            first_solved[m.round] = m.number
        elif m.status == "too deep":
            first_solved.pop(m.round, None)
    for seat_cost in analysis.by_seat():
        seat = seat_cost.seats[0]
        print(file=out)
        print(_seat_name(record, seat, st) + ":", file=out)
        rounds: dict[int, list[int]] = {}
        for i, m in enumerate(analysis.moves):
            if m.seat == seat:
                rounds.setdefault(m.round, []).append(i)
        for r, indexes in rounds.items():
            if any(analysis.moves[i].status == "too deep" for i in indexes):
                print("  " + _deep_line(r, first_solved.get(r), limit, st), file=out)
            for i in indexes:
                if analysis.moves[i].status == "solved":
                    print("  " + _say_move(game, befores[i], analysis.moves[i], st), file=out)
    print(file=out)
    print(st.gettext("Summary:"), file=out)
    for c in analysis.by_seat():
        who = _seat_name(record, c.seats[0], st)
        print("  " + _cost_line(who, c.lost, c.mistakes, c.analysed, c.decisions, st), file=out)
    if any(len(side) > 1 for side in analysis.sides):
        for i, c in enumerate(analysis.by_side()):
            who = st.gettext("side {side} (seats {seats})").format(side=i, seats=", ".join(map(str, c.seats)))
            print("  " + _cost_line(who, c.lost, c.mistakes, c.analysed, c.decisions, st), file=out)
    return 0


def _deep_line(round_index: int, first: int | None, limit: str, st: Style) -> str:
    if first is None:
        text = st.gettext("round {number}: not analysed: too early in the round to solve exactly {limit}")
    else:
        text = st.gettext(
            "round {number}: the moves before move {first} are not analysed: too early in the round to solve "
            "exactly {limit}"
        )
    return text.format(number=round_index + 1, first=first, limit=limit)
