"""
A minimal client of the web table's API, in the standard library only: it starts a match against
the computer on a running ``cardrules serve`` and plays it to the end, a random legal move at a
time, then downloads the record.

    cardrules serve --port 8000 &
    python examples/web_client.py --url http://127.0.0.1:8000 --game mililla

See the docs' front-end page and the web API page.
"""

from __future__ import annotations

import argparse
import json
import random
import urllib.error
import urllib.request
from typing import Any


class ApiError(Exception):
    """An error answer of the API: its HTTP status and its ``{"error": {...}}`` body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        error = body.get("error", {})
        super().__init__(f"{status} {error.get('code')}: {error.get('message')}")
        self.status = status
        self.code = error.get("code")
        self.rule = error.get("rule")


class Client:
    """The API of one server, as Python calls."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """One request; the answer's JSON, or :class:`ApiError`."""
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                text = answer.read()
        except urllib.error.HTTPError as exc:
            raise ApiError(exc.code, json.loads(exc.read())) from None
        return json.loads(text)

    def start(self, game: str, seat: int = 0, opponents: str = "greedy", seed: int | None = None) -> dict[str, Any]:
        """Start a match; keeps its token for the calls after."""
        body: dict[str, Any] = {"game": game, "seat": seat, "opponents": opponents}
        if seed is not None:
            body["seed"] = seed
        created: dict[str, Any] = self.call("POST", "/api/matches", body)
        self.token = created["token"]
        return created

    def state(self, match: str) -> dict[str, Any]:
        """The match as the seat sees it."""
        data: dict[str, Any] = self.call("GET", f"/api/matches/{match}")
        return data

    def play(self, match: str, move: str, version: int | None = None) -> dict[str, Any]:
        """Play a move in notation; the new state, after the computer's answers."""
        data: dict[str, Any] = self.call("POST", f"/api/matches/{match}/moves", {"move": move, "version": version})
        return data


def play_match(url: str, game: str, seed: int | None = None, say: Any = print) -> dict[str, Any]:
    """Play a whole match with random legal moves; returns the final state."""
    client = Client(url)
    created = client.start(game, seed=seed)
    match = created["match"]
    rng = random.Random(seed)
    data = client.state(match)
    shown = 0
    while not data["over"]:
        move = rng.choice(data["legal_moves"]["moves"])["text"]
        data = client.play(match, move, data["version"])
        for event in data["events"]:
            if event["version"] > shown:
                say(f"  {event['text']}  [{event['rule']}]")
        shown = data["version"]
    say(f"match over: winner side {data['score']['winner']}, match points {data['score']['match']}")
    return data


def main() -> None:
    """Play one match on the server at ``--url``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--game", default="mililla")
    parser.add_argument("--seed", type=int)
    args = parser.parse_args()
    play_match(args.url, args.game, args.seed)


if __name__ == "__main__":
    main()
