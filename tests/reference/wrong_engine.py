"""
An engine that is wrong on purpose, for the conformance checker's tests: the real engine's answers,
one kind corrupted. ``python tests/reference/wrong_engine.py KIND`` with KIND one of:

- ``drop``: ``legal`` leaves out its last listed move (and counts one fewer);
- ``extra``: ``legal`` lists one move more, a legal move of the next seat's turn;
- ``accept``: ``is_legal`` accepts every move;
- ``score``: ``score`` gives the first side one match point more;
- ``leak``: ``observe`` shows every hand, the hidden ones too;
- ``lenient``: ``read`` takes every position it can parse, those a rule of the game refuses too;
- ``why``: ``is_legal`` of a legal move gives its reasons without the last rule id.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardrules._reference._protocol import answer


def corrupt(kind: str, request: Any, reply: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op") if isinstance(request, dict) else None
    if kind == "lenient" and op == "read" and "error" in reply and reply["error"]["rule"] is not None:
        return {"id": reply["id"], "game": request["position"].split(" ")[1], "to_move": 0}
    if "error" in reply:
        return reply
    if kind == "why" and op == "is_legal" and reply.get("reasons"):
        return {**reply, "reasons": reply["reasons"][:-1]}
    if kind == "drop" and op == "legal" and reply["count"] > 1:
        return {**reply, "count": reply["count"] - 1, "moves": reply["moves"][:-1]}
    if kind == "extra" and op == "legal" and reply["complete"] and reply["moves"]:
        after = answer({"op": "apply", "position": request["position"], "move": reply["moves"][0]})
        theirs = answer({"op": "legal", "position": after.get("position")}).get("moves", [])
        more = [m for m in theirs if m not in reply["moves"]][:1]
        return {**reply, "count": reply["count"] + len(more), "moves": [*reply["moves"], *more]}
    if kind == "accept" and op == "is_legal":
        return {"id": reply["id"], "legal": True, "move": request["move"]}
    if kind == "score" and op == "score":
        return {**reply, "match": [reply["match"][0] + 1, *reply["match"][1:]]}
    if kind == "leak" and op == "observe":
        return {**reply, "position": request["position"]}
    return reply


def main() -> None:
    kind = sys.argv[1]
    for line in sys.stdin:
        request = json.loads(line)
        reply = corrupt(kind, request, answer(request))
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if "bye" in reply:
            return


if __name__ == "__main__":
    main()
