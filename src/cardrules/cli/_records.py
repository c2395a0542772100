"""The ``verify`` and ``replay`` commands of the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from cardrules import _messages, records
from cardrules._kit.style import Style
from cardrules._registry import get_game
from cardrules.cli._commentary import event_text, said, table_seats
from cardrules.cli._terminal import move_list_for, view_for
from cardrules.engine import Game
from cardrules.errors import CardrulesError, InvalidRecordError
from cardrules.i18n import DEFAULT
from cardrules.records import _json as _record_json
from cardrules.rules import Items, Message

_MAX_ALTERNATIVES = 12


def _read(path: str) -> records.Record:
    """The record in the file *path* (``-``: standard input), read no further than a record may be long."""
    limit = _record_json._MAX_TEXT
    try:
        if path == "-":
            if sys.stdin is None:
                raise InvalidRecordError(Message("cannot read standard input: it is closed"))
            text = sys.stdin.read(limit + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(limit + 1)  # never more: /dev/zero or a huge file is refused, not read to its end
    except OSError as exc:
        raise InvalidRecordError(
            Message("cannot read {file}: {why}", file=path, why=str(exc.strerror or exc))
        ) from None
    except UnicodeDecodeError as exc:
        raise InvalidRecordError(Message("{file} is not UTF-8 text: {why}", file=path, why=exc.reason)) from None
    if len(text) > limit:
        raise InvalidRecordError(
            Message("{file} is too large: a record is at most {limit} characters", file=path, limit=f"{limit:,}")
        )
    return records.loads(text)


def _report_data(report: records.Report) -> dict[str, Any]:
    """A verify report as JSON data, its rounds counted from 1 like its moves (as the text report counts them)."""
    data = report.to_dict()
    for problem in data["problems"]:
        if problem.get("round") is not None:
            problem["round"] += 1
    return data


def _read_or_say(path: str, out: TextIO, as_json: bool, lang: str = DEFAULT) -> records.Record | None:
    """
    The record in *path*, or ``None`` when it cannot be read, having said why: as JSON on *out*
    (``verify --json``) or as an error on standard error.
    """
    try:
        return _read(path)
    except InvalidRecordError as exc:
        if as_json:
            print(json.dumps({"ok": False, "readable": False, "error": str(exc), "where": exc.path}), file=out)
        else:
            line = Style(lang=lang).gettext("cardrules: error: cannot read the record: {error}")
            print(line.format(error=said(exc, lang)), file=sys.stderr)
        return None


def verify(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules verify``: the report on a record; the exit status 0, 1 or 2."""
    record = _read_or_say(args.record, out, args.json, getattr(args, "lang", DEFAULT))
    if record is None:
        return 2
    report = records.verify(record)
    if args.json:
        print(json.dumps({"readable": True, **_report_data(report)}, indent=1), file=out)
    else:
        print("\n".join(report_lines(report, Style(lang=getattr(args, "lang", DEFAULT)))), file=out)
    return 0 if report.ok else 1


def problem_text(problem: records.Problem, style: Style | None = None) -> str:
    """A problem of a verify report as ``str(problem)`` writes it in English, its words in *style*'s language."""
    st = style or Style()
    head = f"{problem.where}: "
    if problem.round is not None:
        head += st.gettext("round {number}").format(number=problem.round + 1)
        if problem.move_number is not None:
            head += st.gettext(", move {number}").format(number=problem.move_number)
        if problem.seat is not None:
            head += st.gettext(" (seat {seat})").format(seat=problem.seat)
        head += ": "
    words = said(problem.said, st.lang)
    text = head + (f"[{problem.rule}] " if problem.rule else "") + words
    if problem.legal:
        text += st.gettext("; legal there: {moves}").format(moves=", ".join(problem.legal))
    return text


def report_lines(report: records.Report, style: Style | None = None) -> list[str]:
    """A verify report as ``str(report)`` writes it, in *style*'s language."""
    st = style or Style()
    if report.ok:
        head = st.ngettext(
            "valid: {checked} of {total} moves replayed legally",
            "valid: {checked} of {total} moves replayed legally",
            report.moves_total,
        )
    else:
        head = st.ngettext(
            "INVALID: {checked} of {total} moves replayed legally",
            "INVALID: {checked} of {total} moves replayed legally",
            report.moves_total,
        )
    lines = [head.format(checked=report.moves_checked, total=report.moves_total)]
    if report.computed is not None:
        line = st.gettext("computed result: match {match}, winner {winner}")
        lines.append(line.format(match=list(report.computed.match), winner=report.computed.winner))
    if report.claimed is not None:
        line = st.gettext("claimed result: match {match}, winner {winner}")
        lines.append(line.format(match=list(report.claimed.match), winner=report.claimed.winner))
    problem = st.gettext("problem: {problem}")
    lines.extend(problem.format(problem=problem_text(p, st)) for p in report.problems)
    return lines


def _alternatives(game: Game[Any, Any, Any, Any], before: Any, move: Any, style: Style | None = None) -> str:
    """
    What else the mover could have played: a bounded list, and a count only where counting is cheap
    (a Mulle table can allow millions of captures).
    """
    st = style or Style()
    listing = move_list_for(game.spec)
    shown, more = listing(game.legal_moves(before), _MAX_ALTERNATIVES + 1)
    others = [m for m in shown if m != move]
    if not others and more == 0:
        return st.gettext("that was the only legal move")
    texts = ", ".join(game.format_move(before, m) for m in others[:_MAX_ALTERNATIVES])
    if more is None:
        return st.gettext("could have played instead: {moves} and more").format(moves=texts)
    left = len(shown) + more - 1 - min(len(others), _MAX_ALTERNATIVES)  # every legal move but the one played
    if left > 0:
        text = st.ngettext(
            "could have played instead: {moves} and {count} more",
            "could have played instead: {moves} and {count} more",
            left,
        )
        return text.format(moves=texts, count=left)
    return st.gettext("could have played instead: {moves}").format(moves=texts)


def _seat_name(record: records.Record, seat: int, style: Style | None = None) -> str:
    st = style or Style()
    name = st.pgettext("side", "seat {seat}").format(seat=seat)
    return f"{name} ({record.seats[seat]})" if record.seats else name


def _position(
    game: Game[Any, Any, Any, Any], state: Any, args: argparse.Namespace, style: Style | None = None
) -> list[str]:
    """The position before a move, as ``--seat`` allows: that seat's view, or with ``--full`` every hand."""
    st = style or Style()
    if args.full:
        at_table = table_seats(game, state)
        view = game.observe(state, at_table[0])
        mine = st.gettext("your hand: ")
        lines = [line for line in view_for(game.spec)(view, st) if not line.startswith(mine)]
        one = st.gettext("hand of seat {seat}: {cards}")
        return lines + [one.format(seat=s, cards=st.cards(game.observe(state, s).hand)) for s in at_table]
    if args.seat is not None:
        return view_for(game.spec)(game.observe(state, args.seat), st)
    return []


def _event_data(event: Any) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "rule": event.rule,
        "seat": event.seat,
        "cards": [str(c) for c in event.cards],
        "points": event.points,
        "text": event.text,
    }


def _replay_json(record: records.Record, game: Game[Any, Any, Any, Any], args: argparse.Namespace, out: TextIO) -> int:
    """``replay --json``: every step as data; rounds and moves counted from 1."""
    steps: list[dict[str, Any]] = []
    error = None
    try:
        for step in records.steps(record):
            item: dict[str, Any] = {
                "round": step.round + 1,
                "move": step.number,
                "seat": step.seat,
                "notation": game.format_move(step.before, step.move),
                "events": [_event_data(e) for e in step.events],
                "comment": step.comment,
            }
            if args.full or step.seat == args.seat:
                shown, more = move_list_for(game.spec)(game.legal_moves(step.before), _MAX_ALTERNATIVES + 1)
                item["alternatives"] = [game.format_move(step.before, m) for m in shown if m != step.move]
                item["more_alternatives"] = more
                item["constrained"] = [{"rule": v.rule.id, "reason": v.reason} for v in step.refused]
            if args.seat is not None:
                item["position"] = game.observe(step.before, args.seat).to_dict()
            elif args.full and game.spec.positions is not None:
                item["position"] = game.position(step.before)
            steps.append(item)
    except CardrulesError as exc:
        error = str(exc)
    report = records.verify(record)
    data = {
        "game": game.text,
        "dealer": record.dealer,
        "view": "full" if args.full else ("public" if args.seat is None else f"seat {args.seat}"),
        "steps": steps,
        "error": error,
        "verify": _report_data(report),
    }
    print(json.dumps(data, indent=1), file=out)
    return 0 if report.ok and error is None else 1


def replay(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules replay``: narrate a record move by move."""
    record = _read_or_say(
        args.record, out, False, getattr(args, "lang", DEFAULT)
    )  # an unreadable record is an error, even with --json
    if record is None:
        return 2
    game = get_game(record.game)
    at_table = table_seats(game, game.new_game(seed=0))
    if args.seat is not None and args.seat not in at_table:
        refusal = Message(
            "--seat must be one of {seats} in {game}, not {seat}",
            seats=Items(at_table, "comma"),
            game=game.text,
            seat=args.seat,
        )
        raise _messages.said(CardrulesError, refusal)
    if args.json:
        return _replay_json(record, game, args, out)
    pause = not args.no_pause and sys.stdin.isatty() and out.isatty()
    lang = getattr(args, "lang", DEFAULT)
    st = Style(lang=lang)
    head = st.gettext("{title}: {text}; first dealer {seat}")
    print(head.format(title=game.spec.title, text=game.text, seat=_seat_name(record, record.dealer, st)), file=out)
    if record.comment:
        print(f"  ({record.comment})", file=out)
    try:
        first = True
        for step in records.steps(record):
            events = step.events
            if first and game.spec.deal_events is not None:  # the deal, as everyone saw it, before the first move
                dealt = len(game.spec.deal_events(step.before))
                for event in events[:dealt]:
                    line = st.gettext("round {number}: {event}  [{rule}]")
                    print(line.format(number=step.round + 1, event=event_text(event, st), rule=event.rule), file=out)
                events = events[dealt:]
            first = False
            for line in _position(game, step.before, args, st):
                print(f"    | {line}", file=out)
            text = game.format_move(step.before, step.move)
            line = st.gettext("round {number}, move {move_number}: {seat} plays {move}")
            seat = _seat_name(record, step.seat, st)
            print(line.format(number=step.round + 1, move_number=step.number, seat=seat, move=text), file=out)
            for event in events:
                if event.kind == "play":
                    continue
                print(f"  - {event_text(event, st)}  [{event.rule}]", file=out)
            if args.full or step.seat == args.seat:
                print(f"  {_alternatives(game, step.before, step.move, st)}", file=out)
                for v in step.refused:
                    reason = said(v.message, lang)
                    print(
                        st.gettext("  constrained: {reason} ({rule})").format(reason=reason, rule=v.rule.id), file=out
                    )
            if step.comment:
                print(st.gettext("  comment: {comment}").format(comment=step.comment), file=out)
            if pause:
                try:
                    answer = input(st.gettext("  (Enter to go on, q to quit) "))
                except EOFError:
                    print(file=out)
                    return 0
                if answer.strip().lower() in ("q", "quit"):
                    return 0
    except CardrulesError as exc:
        print(st.gettext("problem: {problem}").format(problem=said(exc, lang)), file=out)
        return 1
    report = records.verify(record)
    if report.computed is not None:
        line = st.gettext("result: match {match}, winner {winner}")
        print(line.format(match=list(report.computed.match), winner=report.computed.winner), file=out)
    for problem in report.problems:
        print(st.gettext("problem: {problem}").format(problem=problem_text(problem, st)), file=out)
    return 0 if report.ok else 1
