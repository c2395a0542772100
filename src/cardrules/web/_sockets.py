"""
A match's WebSocket: its token from the first message, then the match's events pushed as they
come (from this worker's moves, or another's heard through the store), until the client leaves,
falls silent, or its seat's token is revoked.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.web._errors import ApiError
from cardrules.web._table import Table

__all__ = ["first_token", "stream"]


async def first_token(websocket: WebSocket, seconds: float) -> str:
    """The token of the socket's first message, ``{"token": "..."}``; an :class:`ApiError` for silence or garbage."""
    try:
        with anyio.fail_after(seconds):
            message = await websocket.receive()
    except TimeoutError:
        raise ApiError(408, "idle_timeout", f'no token came in {seconds:g} s: send {{"token": "..."}} first') from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ApiError(400, "bad_json", 'the first message must be text: {"token": "..."}')
    try:
        first = json.loads(text[:10_000])
    except ValueError:
        raise ApiError(400, "bad_json", 'the first message is not JSON: send {"token": "..."}') from None
    token = first.get("token") if isinstance(first, dict) else None
    if not isinstance(token, str):
        raise ApiError(401, "token_required", 'send {"token": "..."} first')
    return token


async def stream(websocket: WebSocket, table: Table, seat: int, silent: float) -> None:
    """Push the match's events to the socket of *seat*; close it once the client says nothing for *silent* seconds."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[list[dict[str, Any]] | None] = asyncio.Queue()

    def listen(items: list[dict[str, Any]] | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, items)

    with table.snap:
        table.listeners.append((seat, listen))
        version = table.version
    try:
        await websocket.send_json({"type": "hello", "match": table.id, "seat": seat, "version": version})
        async with anyio.create_task_group() as tasks:

            async def watch_close() -> None:
                with contextlib.suppress(WebSocketDisconnect, KeyError, RuntimeError):
                    while True:  # any message (the page's keep-alive) counts as a sign of life
                        try:
                            with anyio.fail_after(silent):
                                message = await websocket.receive()
                        except TimeoutError:
                            quiet = ApiError(408, "idle_timeout", f"nothing came for {silent:g} s: the socket is "
                                             'closed (send {"type": "ping"} now and then to keep it)')  # fmt: skip
                            await websocket.send_json(quiet.body())
                            await websocket.close(code=4408)
                            break
                        if message["type"] == "websocket.disconnect":
                            break
                tasks.cancel_scope.cancel()

            tasks.start_soon(watch_close)
            while True:
                items = await queue.get()
                if items is None:  # the seat's token was revoked (its invite renewed or withdrawn)
                    revoked = ApiError(403, "wrong_token", "the host gave this seat to someone else")
                    await websocket.send_json(revoked.body())
                    await websocket.close(code=4403)
                    tasks.cancel_scope.cancel()
                    break
                for item in items:
                    await websocket.send_json({"type": "event", **item})
                game = table.game
                last = items[-1]["version"] if items else table.version
                with table.snap:
                    handed, waiting = sorted(table.handed), sorted(table.invites)
                await websocket.send_json(
                    {"type": "state", "version": last, "to_move": game.to_move(table.state),
                     "over": game.is_over(table.state), "handed": handed, "waiting": waiting}
                )  # fmt: skip
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        with table.snap:
            table.listeners.remove((seat, listen))
