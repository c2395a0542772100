"""A state of any game as text: JSON (:func:`dumps`, :func:`loads`) and positions (:func:`position`)."""

from __future__ import annotations

import json
from typing import Any, cast

from cardrules import _messages
from cardrules._registry import games, get_game, spec_for_state
from cardrules._serial import (
    _GENERIC,
    _MAX_TEXT,
    FORMAT,
    FORMAT_VERSION,
    check_pack,
    from_jsonable,
    is_int,
    parse_json_object,
    to_jsonable,
)
from cardrules.engine import Game, split_position
from cardrules.errors import CardrulesError, InvalidPositionError, InvalidRecordError
from cardrules.rules import Items, Message

__all__ = ["dumps", "from_position", "loads", "position"]


def dumps(state: object) -> str:
    """
    A state of any game as JSON text; :func:`loads` gives back an equal state.

    The document is ``{"format": "cardrules-state", "format_version": 1,
    "game": ..., "state": {...}}``. It holds the whole state, hidden cards and
    the match seed included: it is for saving and restoring, not for showing
    to a player (use the game's ``observe``).

    Raises:
        TypeError: If *state* is not a state of a cardrules game.

    Example:
        >>> import cardrules
        >>> s = cardrules.get_game("mililla").new_game(seed=1)
        >>> cardrules.loads(cardrules.dumps(s)) == s
        True
    """
    spec = spec_for_state(state)
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": spec.name,
        "state": to_jsonable(state),
    }
    return json.dumps(doc, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """
    A state from the JSON text of :func:`dumps`, checked for consistency.

    Raises:
        InvalidRecordError: For anything that is not such a document: bad
            JSON, a wrong type or field, an unknown card, cards that are not
            exactly the game's pack, an impossible position. The message
            gives the location, such as ``$.state.hands[2][0]``.
    """
    doc = parse_json_object(text, _MAX_TEXT)
    if doc.get("format") != FORMAT:
        said = Message("expected format {want}, got {got}", want=repr(FORMAT), got=f"{doc.get('format')!r:.60}")
        raise InvalidRecordError(said, "$.format")
    if not is_int(doc.get("format_version"), FORMAT_VERSION):
        said = Message(
            "unsupported format_version {got}; this cardrules reads {want}",
            got=f"{doc.get('format_version')!r:.60}",
            want=FORMAT_VERSION,
        )
        raise InvalidRecordError(said, "$.format_version")
    extra = sorted(set(doc) - {"format", "format_version", "game", "state"})
    if extra:
        raise InvalidRecordError(Message("unknown field {name}", name=_messages.value(extra[0])))
    name = doc.get("game")
    spec = games().get(name) if isinstance(name, str) else None
    if spec is None:
        said = Message(
            "unknown game {name}; the games are: {games}", name=f"{name!r:.60}", games=Items(games(), "comma")
        )
        raise InvalidRecordError(said, "$.game")
    if "state" not in doc:
        raise InvalidRecordError(Message("missing field {name}", name="'state'"))
    try:
        state = from_jsonable(doc["state"], spec.state_type, spec.pack, "$.state")
        spec.check_state(state)
        check_pack(spec.zones(state), spec.pack)
    except InvalidRecordError:
        raise
    except RecursionError:
        raise InvalidRecordError(Message("state nested too deeply"), "$.state") from None
    except CardrulesError as exc:
        raise InvalidRecordError(_messages.carried(exc, str(exc)), "$.state") from None
    except _GENERIC as exc:
        # A safety net: the checks above should name the problem themselves.
        said = Message("not a possible position ({problem})", problem=f"{type(exc).__name__}: {exc}")
        raise InvalidRecordError(said, "$.state") from None
    return state


def position(state: object, seat: int | None = None, *, form: str | None = None) -> str:
    """
    The position of a state of any game as one line of text (the game's ``position``). With
    *seat*, what that seat may show: the hands it cannot see only by their size. *form* picks
    another form of the notation where the game has one: for Mulle, ``form="table"`` writes the
    round as it lies on the table, without the plays that led there (see :doc:`/positions/mulle`);
    :func:`from_position` reads every form.

    Raises:
        WrongKindError: If *state* is not a state of a cardrules game.
        UnsupportedError: If its game has no position notation.
        InvalidOptionError: For a seat of no one, or a form the game does not have.
    """
    spec = spec_for_state(state)
    rules: Any = cast(Any, state).rules  # every game's state carries its ruleset
    return Game(spec, rules).position(state, seat, form=form)


def from_position(text: str) -> Any:
    """
    The state that a position of any game describes: the text names its game.

    Raises:
        InvalidPositionError: For text that is not a position the game can reach, naming the field.
    """
    ruleset, body = split_position(text, tuple(games()))  # the header read once, here
    try:
        game = get_game(ruleset)
    except CardrulesError as exc:
        raise InvalidPositionError(_messages.carried(exc, str(exc)), "ruleset") from None
    return game._from_body(body)
