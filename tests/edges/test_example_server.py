"""The example HTTP server under hostile requests: 400 or 401, never a hang, a crash or another seat's hand."""

from __future__ import annotations

import http.client
import json
import threading
from typing import Any

import cardrules
from tests.edges.positions import trail_only
from tests.test_examples import _get, _load, _post, server

__all__ = ["server"]


def _raw(base: str, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, Any]:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.putrequest(method, path)
        for k, v in headers.items():
            conn.putheader(k, v)
        conn.endheaders()
        if body:
            conn.send(body)
        r = conn.getresponse()
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def test_no_token_reads_no_hand(server: tuple[str, Any]) -> None:
    """Without the seat's own token (none, or another seat's) /observe and /move answer 401 (was any client)."""
    base, table = server
    status, data = _get(f"{base}/observe?seat=0")
    assert status == 401
    assert "hand" not in json.dumps(data)
    status, _ = _get(f"{base}/observe?seat=0", table.tokens[1])
    assert status == 401
    seat = table.game.to_move(table.state)
    before = cardrules.dumps(table.state)
    status, _ = _post(f"{base}/move", {"seat": seat, "move": "x"}, table.tokens[(seat + 1) % table.seats()])
    assert status == 401
    assert cardrules.dumps(table.state) == before


def test_deeply_nested_body_is_refused(server: tuple[str, Any]) -> None:
    """A body of 9,000 ``[`` gets 400 (was a RecursionError and no response)."""
    base, table = server
    body = b"[" * 9000
    headers = {"Content-Length": str(len(body)), "Authorization": f"Bearer {table.tokens[0]}"}
    status, data = _raw(base, "POST", "/move", headers, body)
    assert status == 400  # Python 3.11 stops at its recursion limit, 3.13 at the missing values
    assert data["error"] and "Traceback" not in data["error"]


def test_negative_content_length_is_refused(server: tuple[str, Any]) -> None:
    """``Content-Length: -1`` gets 400 at once (it blocked a handler reading to the end of the stream)."""
    base, _ = server
    status, data = _raw(base, "POST", "/move", {"Content-Length": "-1"})
    assert status == 400
    assert "Content-Length" in data["error"]


def test_large_mulle_table_is_answered() -> None:
    """31 table cards and millions of captures: /observe lists 200 moves and says there are more (it hung)."""
    http_server = _load("http_server")
    table = http_server.Table("mulle/fishing", 3)
    table.state = trail_only(table.game, trails=26)
    srv = http_server.make_server(table)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        seat = table.game.to_move(table.state)
        status, data = _get(f"http://127.0.0.1:{srv.server_address[1]}/observe?seat={seat}", table.tokens[seat])
    finally:
        srv.shutdown()
        srv.server_close()
    assert status == 200
    assert len(table.state.table) == 31
    assert len(data["legal_moves"]) == 200
    assert data["more_moves"] is True
