"""The ``check`` and ``show`` commands: settle a dispute from the position on the table."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from typing import Any, TextIO

from cardrules._kit.style import Style, unstyled
from cardrules._state_text import from_position
from cardrules.cli._commentary import label_text, said, side_name, table_seats
from cardrules.cli._rules import has_page, where
from cardrules.cli._terminal import move_list_for, style_for, view_for
from cardrules.engine import Game, Score, ScoreItem
from cardrules.errors import AmbiguousMoveError, CardrulesError, IllegalMoveError, InvalidPositionError
from cardrules.i18n import DEFAULT, rule_text, translation
from cardrules.rules import Items, Message

_MAX_LEGAL = 20
_MAX_POSITION_FILE = 100_000


def position_text(text: str) -> str:
    """The position's text, given as text, a file name or ``-`` (standard input)."""
    if text == "-":
        if sys.stdin is None:
            raise InvalidPositionError(Message("cannot read standard input: it is closed"))
        text = sys.stdin.read(_MAX_POSITION_FILE + 1)
    elif not text.lstrip().startswith("p1 ") and os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as f:
                text = f.read(_MAX_POSITION_FILE + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidPositionError(Message("cannot read {file}: {why}", file=text, why=str(exc))) from None
    if len(text) > _MAX_POSITION_FILE:
        raise InvalidPositionError(Message("a position is one line of text, not this much"))
    return text.strip()


def read_position(given: str) -> tuple[str, Any]:
    """A position given as text, a file name or ``-`` (standard input): its text and its state."""
    text = position_text(given)
    return text, from_position(text)


def _fields(text: str) -> dict[str, list[str]]:
    """A position's fields, each split into its parts per seat or side (``/``)."""
    return {name: value.split("/") for name, _, value in (w.partition("=") for w in text.split(" ")) if value}


def hidden_from(state: Any, text: str, seat: int) -> tuple[bool, list[str]]:
    """
    What the position *text* does not show but *seat* would see: whether the seat's own hand is
    written only by its size, and the other such places (a Charlemagne bidder's discards, say).
    Reading a position fills them with cards nobody saw, so a view of that seat would invent them.
    """
    game = _game(state)
    given = _fields(text)
    form = "table" if "deal" in given and "table" in (game.spec.position_forms or {}) else None
    written = _fields(game.position(state, seat, form=form))
    own = False
    other: list[str] = []
    for name, parts in given.items():
        mine = written.get(name)
        if mine is None or len(mine) != len(parts):
            continue
        for i, (a, b) in enumerate(zip(parts, mine, strict=True)):
            if "?" in a and "?" not in b:
                if name == "hands" and i == seat:
                    own = True
                else:
                    other.append(f"{name} of seat {i}" if name == "hands" else name)
    return own, other


def _game(state: Any) -> Game[Any, Any, Any, Any]:
    from cardrules._registry import spec_for_state

    spec = spec_for_state(state)
    return Game(spec, state.rules)


def _tallies(score: Score, rounds_before: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[ScoreItem, ...]]:
    """The tally of the round *rounds_before* (finished or running), the match points, and what is unknown."""
    current = score.rounds[rounds_before] if len(score.rounds) > rounds_before else score.round
    if current is None:
        return (), score.match, ()
    return current.tally, score.match, current.unknown


def rule_data(game: Game[Any, Any, Any, Any], rule_id: str, lang: str = DEFAULT) -> dict[str, Any]:
    """
    A rule as ``check`` cites it: its id, title and words (English), its title and words in *lang*
    (``lang_title``, ``lang_text``), where a player reads it (``read``: the command
    ``cardrules rules GAME --rule ID``; ``url``: its place on the web table's rules page), and
    where the documentation has it (``page``, ``section``).
    """
    rule = game.spec.rulebook.get(rule_id)
    out: dict[str, Any] = {"id": rule_id}
    if rule is not None:
        out.update(title=rule.title, text=rule.text)
        out["lang_title"], out["lang_text"] = rule_text(rule, lang)
    if has_page(game.spec.name):
        out.update(read=where(game.spec.name, rule_id), url=f"/rules/{game.spec.name}#{rule_id}")
    if game.spec.rules_page is not None:
        out.update(page=game.spec.rules_page, section=rule_id)
    return out


def verdict(state: Any, text: str, lang: str = DEFAULT) -> dict[str, Any]:
    """
    What ``cardrules check`` says of *text* in *state*, as JSON data (``legal`` true or false). The
    reason of an illegal move is ``reason`` in English and ``text`` in *lang* (``lang``).
    """
    game = _game(state)
    seat = game.to_move(state)
    out: dict[str, Any] = {"game": game.text, "seat": seat, "move": text, "lang": lang}
    try:
        move = game.parse_move(state, text)
    except IllegalMoveError as exc:
        legal = game.legal_moves(state)
        shown, more = move_list_for(game.spec)(legal, _MAX_LEGAL)
        out.update(
            legal=False,
            rule=exc.rule.id,
            reason=exc.reason,
            text=exc.reason if exc.message is None else said(exc.message, lang),
            rule_cited=rule_data(game, exc.rule.id, lang),
            legal_moves=[game.format_move(state, m) for m in shown],
            more_legal_moves=more,
        )
        return out
    before = game.score(state)
    after_state = game.apply(state, move)
    after = game.score(after_state)
    n = len(before.rounds)
    (tally0, match0, _), (tally1, match1, unknown) = _tallies(before, n), _tallies(after, n)
    events = game.spec.events(state, move, after_state) if game.spec.events is not None else ()
    out.update(
        legal=True,
        move=game.format_move(state, move),
        reasons=[
            {
                "rule": r.rule.id,
                "reason": r.reason,
                "text": said(r.message, lang),
                "rule_cited": rule_data(game, r.rule.id, lang),
            }
            for r in game.reasons(state, move)
        ],
        events=[
            {"kind": e.kind, "rule": e.rule, "points": e.points, "text": e.text, "lang_text": said(e, lang)}
            for e in events
        ],
        tally={"before": list(tally0), "after": list(tally1)},
        match={"before": list(match0), "after": list(match1)},
        unknown=[
            {"side": i.side, "rule": i.rule, "label": i.label, "lang_label": label_text(i.label, lang)} for i in unknown
        ],
        rules_page=game.spec.rules_page,
        rules=where(game.spec.name) if has_page(game.spec.name) else None,
    )
    return out


def check(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules check``: the verdict on one move in a position; the exit status 0, 1 or 2."""
    try:
        text, state = read_position(args.position)
        seat = _game(state).to_move(state)
        if seat is not None:
            own, other = hidden_from(state, text, seat)
            if own:
                refusal = Message(
                    "the hand of seat {seat}, the seat to move, is given only by its size; whether a move is "
                    "legal depends on its cards: write them",
                    seat=seat,
                )
                raise InvalidPositionError(refusal, "hands")
            if other:
                refusal = Message(
                    "seat {seat}, the seat to move, sees {what}, which the position does not show; write it",
                    seat=seat,
                    what=", ".join(other),
                )
                raise InvalidPositionError(refusal, other[0].split(" ")[0])
        data = verdict(state, args.move, getattr(args, "lang", DEFAULT))
    except AmbiguousMoveError as exc:
        return _bad(args, out, str(exc))
    except CardrulesError as exc:
        return _bad(args, out, str(exc) if args.json else said(exc, getattr(args, "lang", DEFAULT)))
    if args.json:
        print(json.dumps(data, indent=1), file=out)
        return 0 if data["legal"] else 1
    if not data["legal"]:
        tr = translation(data["lang"])
        line = tr.gettext("illegal: {move}: {reason} ({rule})")
        print(line.format(move=data["move"], reason=data["text"], rule=data["rule"]), file=out)
        for line in _rule_lines(data["rule_cited"], data["lang"]):
            print(line, file=out)
        more = data["more_legal_moves"]
        if not more:
            tail = ""
        elif more is None:
            tail = tr.gettext(" and more")
        else:
            tail = tr.ngettext(" and {count} more", " and {count} more", more).format(count=more)
        moves = tr.pgettext("list", ", ").join(data["legal_moves"])
        print(tr.gettext("legal moves: {moves}").format(moves=moves) + tail, file=out)
        return 1
    tr = translation(data["lang"])
    print(tr.gettext("legal: {move} (seat {seat})").format(move=data["move"], seat=data["seat"]), file=out)
    for reason in data["reasons"]:  # the rules that could have refused it, and why they do not here
        print(tr.gettext("  why: {reason}  [{rule}]").format(reason=reason["text"], rule=reason["rule"]), file=out)
        cited = reason["rule_cited"]
        if "text" in cited:
            line = tr.gettext("      {title}: {text}")
            print(line.format(title=cited["lang_title"], text=cited["lang_text"]), file=out)
    for event in data["events"]:  # the events' texts as the game writes them (see cli._commentary.event_text)
        points = f" ({event['points']:+d})" if event["points"] else ""
        print(f"  - {event['lang_text']}{points}  [{event['rule']}]", file=out)
    tally, match = data["tally"], data["match"]
    if tally["before"] != tally["after"]:
        line = tr.gettext("round tally: {before} -> {after}")
        print(line.format(before=_pair(tally["before"]), after=_pair(tally["after"])), file=out)
    if match["before"] != match["after"]:
        line = tr.gettext("match points: {before} -> {after}")
        print(line.format(before=_pair(match["before"]), after=_pair(match["after"])), file=out)
    if tally["before"] == tally["after"] and match["before"] == match["after"]:
        print(tr.gettext("it scores nothing now"), file=out)
    if data["unknown"]:
        sides = _game(state).score(state).sides
        style = Style(lang=data["lang"])
        items = tr.pgettext("list", "; ").join(
            tr.gettext("{side}: {label}").format(side=side_name(sides[i["side"]], None, style), label=i["lang_label"])
            for i in data["unknown"]
        )
        line = tr.gettext("unknown, as the position does not show those cards (in no tally above): {items}")
        print(line.format(items=items), file=out)
    if data["events"] and data["rules"]:
        line = tr.gettext("each [rule] is on the players' rules page: {command} --rule RULE")
        print(line.format(command=data["rules"]), file=out)
    elif data["events"] and data["rules_page"]:
        print(tr.gettext("the rules: {page}, each [rule] its section").format(page=data["rules_page"]), file=out)
    return 0


def _rule_lines(rule: dict[str, Any], lang: str = DEFAULT) -> list[str]:
    """The rule ``check`` cites: its words (in *lang*) and where to read it."""
    tr = translation(lang)
    lines = []
    if "text" in rule:
        line = tr.gettext("the rule, {id} ({title}): {text}")
        lines.append(line.format(id=rule["id"], title=rule["lang_title"], text=rule["lang_text"]))
    if "read" in rule:
        lines.append(tr.gettext("read it with: {command}").format(command=rule["read"]))
    elif "page" in rule:
        line = tr.gettext("read it in {page}, section {section}")
        lines.append(line.format(page=rule["page"], section=rule["section"]))
    return lines


def _pair(values: list[int]) -> str:
    return "-".join(map(str, values))


def _bad(args: argparse.Namespace, out: TextIO, message: str) -> int:
    if args.json:
        print(json.dumps({"error": message}), file=out)
    else:
        line = translation(getattr(args, "lang", DEFAULT)).gettext("cardrules: error: {message}")
        print(line.format(message=message), file=sys.stderr)
    return 2


def show(args: argparse.Namespace, out: TextIO) -> int:
    """``cardrules show``: draw a position as a seat sees it, with its legal moves."""
    lang = getattr(args, "lang", DEFAULT)
    plain = argparse.Namespace(json=False, lang=lang)  # show has no --json: its errors are text
    try:
        text, state = read_position(args.position)
    except CardrulesError as exc:
        return _bad(plain, out, said(exc, lang))
    game = _game(state)
    seat = game.to_move(state) if args.seat is None else args.seat
    if seat is None:
        over = Style(lang=getattr(args, "lang", DEFAULT)).gettext("{title} ({text}): the match is over")
        print(over.format(title=game.spec.title, text=game.text), file=out)
        return 0
    at_table = table_seats(game, state)
    if seat not in at_table:
        return _bad(plain, out, said(Message("--seat must be one of {seats}", seats=Items(at_table, "comma")), lang))
    own, other = hidden_from(state, text, seat)
    if other:
        missing = Message(
            "the position does not show {what}, which seat {seat} sees: write it, or show another seat",
            what=Items(other, "comma"),
            seat=seat,
        )
        return _bad(plain, out, said(missing, lang))
    style = style_for(out, ascii_only=args.ascii, lang=getattr(args, "lang", DEFAULT))
    view = game.observe(state, seat)
    head = style.gettext("{title} ({text}): seat {mover} to move; seat {seat}'s view")
    print(head.format(title=game.spec.title, text=game.text, mover=game.to_move(state), seat=seat), file=out)
    mine = style.gettext("your hand: ").rstrip()
    for line in view_for(game.spec)(view, style):
        if own and unstyled(line).startswith(mine):
            hidden = style.ngettext(
                "your hand (seat {seat}): {count} card, not shown in the position",
                "your hand (seat {seat}): {count} cards, not shown in the position",
                len(view.hand),
            )
            line = hidden.format(seat=seat, count=len(view.hand))
        print(line, file=out)
    if seat == game.to_move(state):
        if own:
            print(style.gettext("legal moves: they depend on the hand, which the position does not show"), file=out)
            return 0
        legal = game.legal_moves(state)
        shown = [game.format_move(state, m) for m in itertools.islice(legal, _MAX_LEGAL + 1)]
        more = " ..." if len(shown) > _MAX_LEGAL else ""
        print(style.gettext("legal moves: {moves}").format(moves=", ".join(shown[:_MAX_LEGAL])) + more, file=out)
    return 0
