"""The web table over real HTTP, for the tests that run ``cardrules serve`` itself: a free port and one request."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from typing import Any


def free_port() -> int:
    """A TCP port of the loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def call(method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """One JSON request (the seat's *token* in its header): the status and the JSON answer, an error's too."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
