"""
A complete front end back-end in the standard library only: one cardrules
match served over HTTP as JSON.

    python examples/http_server.py mililla --port 8000

GET  /observe?seat=N   what seat N may see, and its legal moves when it is to act
POST /move             {"seat": N, "move": "7O"}: play a move in the game's notation
GET  /score            the match score

Each seat has a secret token, printed when the server starts; /observe and
/move for seat N need ``Authorization: Bearer <seat N's token>``, so that no
client reads another seat's hand. Every answer is JSON. A bad request gets
status 400 (401 without the seat's token) and {"error": "...", "rule":
"rule.id or null"}. At most 200 legal moves are listed (a Mulle table can
allow millions); ``"more_moves"`` says whether there are more.
"""

from __future__ import annotations

import argparse
import hmac
import itertools
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

import attrs

import cardrules

MOVES_SHOWN = 200
MAX_BODY = 10_000


class Table:
    """One match and a lock: the only mutable thing here (the states themselves are immutable)."""

    def __init__(self, game_text: str, seed: int | None) -> None:
        self.game = cardrules.get_game(game_text)
        self.state = self.game.new_game(seed=seed)
        self.lock = threading.Lock()
        self.tokens = [secrets.token_urlsafe(16) for _ in range(self.seats())]

    def seats(self) -> int:
        """How many seats the game has."""
        return len({s for side in self.game.score(self.state).sides for s in side})

    def observe(self, seat: int) -> dict[str, Any]:
        """The seat's observation as JSON data, with its legal moves when it is to act."""
        with self.lock:
            state = self.state
        view = self.game.observe(state, seat).to_dict()
        to_move = self.game.to_move(state)
        moves: list[str] = []
        more = False
        if to_move == seat:
            # A bounded prefix: a Mulle table can allow millions of captures, and listing them all hangs.
            first = list(itertools.islice(self.game.legal_moves(state), MOVES_SHOWN + 1))
            moves = [self.game.format_move(state, m) for m in first[:MOVES_SHOWN]]
            more = len(first) > MOVES_SHOWN
        return {
            "game": self.game.text,
            "to_move": to_move,
            "observation": view,
            "legal_moves": moves,
            "more_moves": more,
        }

    def move(self, seat: int, text: str) -> dict[str, Any]:
        """Play *text* for *seat*; raises CardrulesError or ValueError if it is not allowed."""
        with self.lock:
            state = self.state
            if self.game.to_move(state) != seat:
                raise ValueError(f"it is not seat {seat}'s turn (seat {self.game.to_move(state)} is to act)")
            move = self.game.parse_move(state, text)
            self.state = self.game.apply(state, move)
            return {"played": self.game.format_move(state, move), "to_move": self.game.to_move(self.state)}

    def score(self) -> dict[str, Any]:
        """The score as JSON data."""
        with self.lock:
            score = self.game.score(self.state)
        data: dict[str, Any] = attrs.asdict(score)
        return data


def make_server(table: Table, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server for *table* (port 0 picks a free port: see ``server.server_address``)."""

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _error(self, exc: Exception) -> None:
            rule = getattr(getattr(exc, "rule", None), "id", None)
            self._send(400, {"error": str(exc), "rule": rule})

        def _seat(self, value: object) -> int:
            if isinstance(value, str) and value.isascii() and value.isdigit():
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < table.seats():
                raise ValueError(f"seat must be a number from 0 to {table.seats() - 1}")
            return value

        def _authorised(self, seat: int) -> bool:
            """Whether the request carries *seat*'s token; if not, answer 401."""
            given = self.headers.get("Authorization", "")
            want = f"Bearer {table.tokens[seat]}"
            if hmac.compare_digest(given.encode("utf-8", "replace"), want.encode()):
                return True
            self._send(401, {"error": f"seat {seat}'s token is needed (Authorization: Bearer ...)", "rule": None})
            return False

        def _body(self) -> object:
            """The JSON body, refused (ValueError) when its length is missing, negative, too large or not JSON."""
            text = self.headers.get("Content-Length", "")
            if not (text.isascii() and text.isdigit()):
                raise ValueError("send a Content-Length of 0 or more")
            length = int(text)
            if length > MAX_BODY:
                raise ValueError("request too large")
            try:
                return json.loads(self.rfile.read(length) or b"null")
            except RecursionError:
                raise ValueError("request nested too deeply") from None

        def do_GET(self) -> None:
            url = urlparse(self.path)
            try:
                if url.path == "/observe":
                    seat = self._seat(parse_qs(url.query).get("seat", [""])[0])
                    if self._authorised(seat):
                        self._send(200, table.observe(seat))
                elif url.path == "/score":
                    self._send(200, table.score())
                else:
                    self._send(404, {"error": f"no such page: {url.path}", "rule": None})
            except (cardrules.CardrulesError, ValueError) as exc:
                self._error(exc)

        def do_POST(self) -> None:
            if urlparse(self.path).path != "/move":
                self._send(404, {"error": "POST /move only", "rule": None})
                return
            try:
                body = self._body()
                if not isinstance(body, dict) or not isinstance(body.get("move"), str):
                    raise ValueError('send {"seat": N, "move": "..."}')
                seat = self._seat(body.get("seat"))
                if self._authorised(seat):
                    self._send(200, table.move(seat, body["move"]))
            except (cardrules.CardrulesError, ValueError) as exc:
                self._error(exc)

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return None

    return ThreadingHTTPServer((host, port), Handler)


def main() -> None:
    """Serve one match until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game", help="ruleset text, such as mililla")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--seed", type=int)
    args = parser.parse_args()
    table = Table(args.game, args.seed)
    server = make_server(table, port=args.port)
    print(f"serving {args.game} on http://127.0.0.1:{server.server_address[1]}/observe?seat=0")
    for seat, token in enumerate(table.tokens):
        print(f"seat {seat}: Authorization: Bearer {token}")
    server.serve_forever()


if __name__ == "__main__":
    main()
