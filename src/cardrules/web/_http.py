"""Reading requests with care: bounded bodies, JSON objects only, fields checked by type, tokens, queries."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Final, TypeVar

from starlette.requests import HTTPConnection, Request

from cardrules._serial import from_jsonable, json_problem
from cardrules.cards import SPANISH_CARDS, Card, Pack
from cardrules.errors import CardrulesError, InvalidRecordError
from cardrules.web._errors import ApiError

__all__ = ["MAX_BODY", "body_bytes", "given_token", "hash_token", "json_body", "query_card", "query_int", "read_as"]

MAX_BODY: Final = 64_000
"""The largest JSON body of a request other than a record, in bytes."""
_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
T = TypeVar("T")


async def body_bytes(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 once it passes *limit* bytes (whatever Content-Length says)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isascii() or not length.isdigit()):
        raise ApiError(400, "bad_request", "Content-Length must be a number of bytes")
    if length is not None and int(length) > limit:
        raise ApiError(413, "too_large", f"the body is at most {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "too_large", f"the body is at most {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _depth_ok(text: str, limit: int = 32) -> bool:
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


async def json_body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The body as a JSON object: 400 for text that is not JSON, too deep, or not an object."""
    raw = await body_bytes(request, limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "bad_json", "the body is not UTF-8 text") from None
    if not _depth_ok(text):
        raise ApiError(400, "bad_json", "the body is nested too deeply")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ApiError(400, "bad_json", "the body is nested too deeply") from None
    except ValueError as exc:
        raise ApiError(400, "bad_json", f"the body is not JSON: {json_problem(exc)}") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_json", "the body must be a JSON object")
    return data


_ANY_PACK: Final = Pack("Spanish", SPANISH_CARDS, spanish=True)  # the request bodies hold no card: any pack will do


def read_as(data: dict[str, Any], cls: type[T]) -> T:
    """*data* read as request class *cls*, every field checked; 422 naming the field at fault."""
    try:
        value: T = from_jsonable(data, cls, _ANY_PACK)
    except InvalidRecordError as exc:
        field = exc.key() or None
        message = exc.detail
        raise ApiError(422, "bad_field", f"{field}: {message}" if field else message, field=field) from None
    return value


def check_id(value: str, what: str) -> str:
    """A match or replay id as the URL gives it; 404 for anything that cannot be one."""
    if not _ID.fullmatch(value):
        raise ApiError(404, f"no_such_{what}", f"there is no such {what}")
    return value


def hash_token(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def given_token(conn: HTTPConnection) -> str | None:
    """
    The token of the request: ``Authorization: Bearer TOKEN`` (a WebSocket may send it as its first
    message instead, since a browser cannot set its headers). A request with the token in its URL,
    the WebSocket's too, is refused (400 ``token_in_url``): a URL ends up in logs and histories.
    """
    header = conn.headers.get("authorization")
    if header is not None:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "bad_token", "send the seat's token as 'Authorization: Bearer TOKEN'")
        return token.strip()
    if "token" in conn.query_params:
        websocket = conn.scope["type"] == "websocket"
        where = 'the first message, {"token": "..."}' if websocket else "'Authorization: Bearer TOKEN'"
        raise ApiError(400, "token_in_url", f"send the token as {where}, never in the URL")
    return None


def query_int(request: HTTPConnection, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter from *low* to *high*; 422 otherwise."""
    text = request.query_params.get(name)
    if text is None or text == "":
        return default
    if not (text.isascii() and text.isdigit() and len(text) < 10) or not low <= int(text) <= high:
        raise ApiError(422, "bad_query", f"{name} must be a whole number from {low} to {high}", field=name)
    return int(text)


def query_card(request: HTTPConnection, pack: Pack) -> Card | None:
    """The ``card`` query parameter as a card of *pack*, or ``None``; 422 for a card not of the pack."""
    text = request.query_params.get("card")
    if not text:
        return None
    try:
        return pack.parse(text[:10])
    except CardrulesError as exc:
        raise ApiError(422, "bad_card", str(exc), field="card") from None
