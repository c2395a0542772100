"""Game records as JSON: the record classes, and dumps and loads (reading checks every field's form)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardrules import _messages
from cardrules._registry import get_game
from cardrules._serial import is_int, parse_json_object
from cardrules.cards import Card
from cardrules.engine import Game
from cardrules.errors import CardrulesError, InvalidOptionError, InvalidRecordError, WrongKindError
from cardrules.rules import Message

__all__ = ["FORMAT", "FORMAT_VERSION", "MoveEntry", "Record", "Result", "RoundEntry", "check_record", "dumps", "loads"]

FORMAT: Final = "cardrules-record"
"""The ``format`` field of every record."""
FORMAT_VERSION: Final = 1
"""The record format version this cardrules writes and reads."""

_MAX_TEXT: Final = 5_000_000
"""The most characters of a record's JSON text: a longer text is refused before it is parsed."""
_MAX_ROUNDS: Final = 10_000
"""The most rounds in a record."""
_MAX_MOVES: Final = 100_000
"""The most moves in a record, all its rounds together."""
_MAX_TEXT_FIELD: Final = 10_000
"""The most characters in one text field of a record (a name, a comment, a position)."""


@attrs.frozen
class MoveEntry:
    """One move of a record: the seat that made it, its notation, and an optional comment."""

    seat: int
    move: str
    comment: str | None = None


@attrs.frozen
class RoundEntry:
    """
    One round of a record: how it was dealt and the moves played.

    Exactly one of ``deck`` (the deck order, index 0 on top), ``deal``
    (the game's explicit deal, such as Mililla's ``{"hands": ..., "turn_up":
    ...}``) and ``position`` (the first round only: a position in the
    game's notation, so that a dispute file holds only the moves in
    question) is set.
    """

    moves: tuple[MoveEntry, ...]
    deck: tuple[Card, ...] | None = None
    deal: Mapping[str, Any] | None = attrs.field(default=None, eq=False)
    position: str | None = None


@attrs.frozen
class Result:
    """A claimed or computed result: match points per side and the winning side (``None`` if unfinished)."""

    match: tuple[int, ...]
    winner: int | None


@attrs.frozen
class Record:
    """
    A game record. Build one with :func:`from_moves` or :func:`loads`.

    Attributes:
        game: Ruleset text, such as ``"mililla"`` or ``"mulle/fishing(target=21)"``.
        dealer: The first round's dealer.
        rounds: The rounds, in order; the last may stop at any move.
        seats: Names of the players by seat, or empty.
        result: The result the record claims, or ``None``.
        cardrules: The cardrules version that wrote the record.
        comment: A comment on the whole record.
        seed: The match seed, for the deals of rounds the record does not
            hold; replay uses 0 when it is ``None``.
    """

    game: str
    dealer: int
    rounds: tuple[RoundEntry, ...]
    seats: tuple[str, ...] = ()
    result: Result | None = None
    cardrules: str = ""
    comment: str | None = None
    seed: int | None = None


_INDENT: Final = 16


def check_record(record: object) -> None:
    """Refuse, with :class:`~cardrules.WrongKindError`, anything but a :class:`Record`."""
    if not isinstance(record, Record):
        hint = " (records.loads reads one from JSON text)" if isinstance(record, str | bytes | dict) else ""
        raise WrongKindError(f"expected a records.Record, got {_messages.kind_name(record)}{hint}")


def dumps(record: Record, *, indent: int | None = 1) -> str:
    """
    The record as JSON text (see :doc:`/formats`).

    Raises:
        WrongKindError: If *record* is not a :class:`Record`.
        InvalidOptionError: If *indent* is not ``None`` or a whole number from 0 to 16.

    Example:
        >>> game = cardrules.get_game("mililla")
        >>> rec = cardrules.records.from_moves(game.new_game(seed=2), [])
        >>> cardrules.records.loads(cardrules.records.dumps(rec)) == rec
        True
    """
    check_record(record)
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= _INDENT):
        said = Message(
            "{name} takes None or a whole number from 0 to {most}, not {got}",
            name="indent",
            most=_INDENT,
            got=_messages.value(indent),
        )
        raise _messages.said(InvalidOptionError, said)
    rounds: list[dict[str, Any]] = []
    for r in record.rounds:
        entry: dict[str, Any] = {}
        if r.deck is not None:
            entry["deck"] = [str(c) for c in r.deck]
        if r.deal is not None:
            entry["deal"] = _plain(r.deal)
        if r.position is not None:
            entry["position"] = r.position
        moves = []
        for m in r.moves:
            item: dict[str, Any] = {"seat": m.seat, "move": m.move}
            if m.comment is not None:
                item["comment"] = m.comment
            moves.append(item)
        entry["moves"] = moves
        rounds.append(entry)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "cardrules": record.cardrules,
        "game": record.game,
    }
    if record.seats:
        doc["seats"] = list(record.seats)
    doc["dealer"] = record.dealer
    if record.comment is not None:
        doc["comment"] = record.comment
    if record.seed is not None:
        doc["seed"] = record.seed
    doc["rounds"] = rounds
    if record.result is not None:
        doc["result"] = {"match": list(record.result.match), "winner": record.result.winner}
    return json.dumps(doc, indent=indent, ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _expect(cond: bool, message: str | Message, path: str) -> None:
    if not cond:
        raise InvalidRecordError(message, path)


_JSON_KINDS: Final = {dict: Message("object"), list: Message("list"), str: Message("text"), bool: Message("boolean")}


def _type(value: Any) -> Message | str:
    """The kind of a JSON value in a message: ``null``, ``object``, ``number``, ..."""
    if value is None:
        return "null"
    kind = _JSON_KINDS.get(type(value))
    if kind is not None:
        return kind
    return Message("number") if isinstance(value, int | float) else type(value).__name__


def _int(value: Any, path: str, low: int = 0, high: int = 10**9) -> int:
    _expect(
        isinstance(value, int) and not isinstance(value, bool),
        Message("expected a whole number, got {kind}", kind=_type(value)),
        path,
    )
    _expect(
        low <= value <= high,
        Message("expected a number from {low} to {high}, got {value}", low=low, high=high, value=value),
        path,
    )
    return int(value)


def _text(value: Any, path: str) -> str:
    _expect(isinstance(value, str), Message("expected text, got {kind}", kind=_type(value)), path)
    _expect(len(value) <= _MAX_TEXT_FIELD, Message("text longer than {count} characters", count=_MAX_TEXT_FIELD), path)
    return str(value)


def _keys(obj: dict[str, Any], required: set[str], optional: set[str], path: str) -> None:
    missing = sorted(required - set(obj))
    _expect(not missing, Message("missing field {name}", name=repr(missing[0])) if missing else "", path)
    extra = sorted(set(obj) - required - optional)
    _expect(not extra, Message("unknown field {name}", name=repr(extra[0])) if extra else "", path)


def loads(text: str | bytes) -> Record:
    """
    A record from JSON text, checked for form: field names and types, card
    texts of the game's pack, sizes. Whether the deals and moves follow the
    rules is for :func:`verify`.

    Raises:
        InvalidRecordError: With the location of the first problem, such as
            ``$.rounds[2].moves[5].seat``.
    """
    doc = parse_json_object(text, _MAX_TEXT)
    _keys(
        doc,
        {"format", "format_version", "game", "dealer", "rounds"},
        {"cardrules", "seats", "comment", "result", "seed"},
        "$",
    )
    _expect(doc["format"] == FORMAT, Message("expected format {format}", format=repr(FORMAT)), "$.format")
    _expect(
        is_int(doc["format_version"], FORMAT_VERSION),
        f"this cardrules reads format_version {FORMAT_VERSION}",
        "$.format_version",
    )
    game_text = _text(doc["game"], "$.game")
    try:
        game = get_game(game_text)
    except CardrulesError as exc:
        raise InvalidRecordError(_messages.carried(exc, str(exc)), "$.game") from None
    seats_n = _seat_count(game)
    dealer = _int(doc["dealer"], "$.dealer", 0, seats_n - 1)
    seats: tuple[str, ...] = ()
    if "seats" in doc:
        _expect(
            isinstance(doc["seats"], list), Message("expected a list, got {kind}", kind=_type(doc["seats"])), "$.seats"
        )
        _expect(len(doc["seats"]) == seats_n, f"expected {seats_n} seat names, got {len(doc['seats'])}", "$.seats")
        seats = tuple(_text(v, f"$.seats[{i}]") for i, v in enumerate(doc["seats"]))
    writer = _text(doc.get("cardrules", ""), "$.cardrules")
    comment = None if doc.get("comment") is None else _text(doc["comment"], "$.comment")
    seed = None if doc.get("seed") is None else _int(doc["seed"], "$.seed", 0, 2**64 - 1)
    raw_rounds = doc["rounds"]
    _expect(isinstance(raw_rounds, list), Message("expected a list, got {kind}", kind=_type(raw_rounds)), "$.rounds")
    _expect(
        0 < len(raw_rounds) <= _MAX_ROUNDS, f"expected 1 to {_MAX_ROUNDS} rounds, got {len(raw_rounds)}", "$.rounds"
    )
    rounds: list[RoundEntry] = []
    total = 0
    for i, raw in enumerate(raw_rounds):
        path = f"$.rounds[{i}]"
        _expect(isinstance(raw, dict), Message("expected an object, got {kind}", kind=_type(raw)), path)
        _keys(raw, {"moves"}, {"deck", "deal", "position"}, path)
        starts = [k for k in ("deck", "deal", "position") if k in raw]
        _expect(len(starts) == 1, Message("give exactly one of 'deck', 'deal' and 'position'"), path)
        _expect(
            i == 0 or "position" not in raw,
            Message("only the first round may start from a position"),
            f"{path}.position",
        )
        deck: tuple[Card, ...] | None = None
        deal: dict[str, Any] | None = None
        position: str | None = None
        if "deck" in raw:
            _expect(
                isinstance(raw["deck"], list),
                Message("expected a list, got {kind}", kind=_type(raw["deck"])),
                f"{path}.deck",
            )
            _expect(len(raw["deck"]) <= 1000, "deck too long", f"{path}.deck")
            deck = tuple(_card(game, v, f"{path}.deck[{j}]") for j, v in enumerate(raw["deck"]))
        elif "deal" in raw:
            deal = _deal(raw["deal"], f"{path}.deal")
        else:
            position = _text(raw["position"], f"{path}.position")
        moves = raw["moves"]
        _expect(isinstance(moves, list), Message("expected a list, got {kind}", kind=_type(moves)), f"{path}.moves")
        total += len(moves)
        _expect(total <= _MAX_MOVES, f"more than {_MAX_MOVES} moves", f"{path}.moves")
        entries = []
        for j, m in enumerate(moves):
            mp = f"{path}.moves[{j}]"
            _expect(isinstance(m, dict), Message("expected an object, got {kind}", kind=_type(m)), mp)
            _keys(m, {"seat", "move"}, {"comment"}, mp)
            entries.append(
                MoveEntry(
                    _int(m["seat"], f"{mp}.seat", 0, seats_n - 1),
                    _text(m["move"], f"{mp}.move"),
                    None if m.get("comment") is None else _text(m["comment"], f"{mp}.comment"),
                )
            )
        rounds.append(RoundEntry(tuple(entries), deck, deal, position))
    result = None
    if doc.get("result") is not None:
        raw = doc["result"]
        _expect(isinstance(raw, dict), Message("expected an object, got {kind}", kind=_type(raw)), "$.result")
        _keys(raw, {"match", "winner"}, set(), "$.result")
        _expect(
            isinstance(raw["match"], list),
            Message("expected a list, got {kind}", kind=_type(raw["match"])),
            "$.result.match",
        )
        sides = len(game.score(game.new_game(seed=0)).sides)
        _expect(len(raw["match"]) == sides, f"expected {sides} scores, got {len(raw['match'])}", "$.result.match")
        match = tuple(_int(v, f"$.result.match[{i}]", -(10**6), 10**6) for i, v in enumerate(raw["match"]))
        winner = None if raw["winner"] is None else _int(raw["winner"], "$.result.winner", 0, sides - 1)
        result = Result(match, winner)
    return Record(game_text, dealer, tuple(rounds), seats, result, writer, comment, seed)


_MAX_DEAL_KEYS: Final = 16
_MAX_DEAL_ITEMS: Final = 1000


def _deal(value: Any, path: str) -> dict[str, Any]:
    """
    An explicit deal, checked for form only: an object whose fields hold a card text, a list of them,
    or a list of lists of them (hands). What the game makes of it is :func:`verify`'s question. Any
    deeper nesting is refused here, so that no later step recurses through hostile data.
    """
    _expect(isinstance(value, dict), Message("expected an object, got {kind}", kind=_type(value)), path)
    _expect(len(value) <= _MAX_DEAL_KEYS, f"a deal has at most {_MAX_DEAL_KEYS} fields", path)
    deal: dict[str, Any] = value
    for key, field in deal.items():
        _cards_or_lists(field, f"{path}.{key}", depth=2)
    return deal


def _cards_or_lists(value: Any, path: str, depth: int) -> None:
    """A card text, or (*depth* > 0) a bounded list of what *depth* - 1 allows."""
    if isinstance(value, str):
        _text(value, path)
        return
    _expect(
        depth > 0 and isinstance(value, list), Message("expected a card as text, got {kind}", kind=_type(value)), path
    )
    _expect(len(value) <= _MAX_DEAL_ITEMS, f"expected at most {_MAX_DEAL_ITEMS} items", path)
    for i, item in enumerate(value):
        _cards_or_lists(item, f"{path}[{i}]", depth - 1)


def _seat_count(game: Game[Any, Any, Any, Any]) -> int:
    return len({s for side in game.score(game.new_game(seed=0)).sides for s in side})


def _card(game: Game[Any, Any, Any, Any], value: Any, path: str) -> Card:
    _expect(isinstance(value, str), Message("expected a card as text, got {kind}", kind=_type(value)), path)
    try:
        return game.spec.pack.parse(value)
    except CardrulesError as exc:
        raise InvalidRecordError(_messages.carried(exc, str(exc)), path) from None
