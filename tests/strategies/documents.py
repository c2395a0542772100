"""Mutations of JSON documents (dumped records and states): set, delete, duplicate, wrong types, huge values."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st


def json_values(cards: Sequence[str] = ("7O", "AS", "BJ")) -> st.SearchStrategy[Any]:
    """Any JSON value, with *cards* texts, small numbers and lookalike text likely."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers(-3, 120)
        | st.integers(-(2**70), 2**70)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.sampled_from(["", "x", "ſ", "١", "building", "mulle", "$", "10" * 50])
        | st.text(max_size=8)
        | st.sampled_from(list(cards))
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=12,
    )


def paths(doc: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path into *doc* (keys and indices), the root first."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(paths(v, (*prefix, i)))
    return out


def _apply(doc: Any, path: tuple[Any, ...], action: str, value: Any) -> Any:
    doc = copy.deepcopy(doc)
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if action == "delete":
        del node[last]
    elif action == "duplicate" and isinstance(node, list):
        node.insert(last, copy.deepcopy(node[last]))
    elif action == "bump" and isinstance(node[last], int) and not isinstance(node[last], bool):
        node[last] += 1 if value else -1
    elif action == "stringify":
        node[last] = json.dumps(node[last])
    else:
        node[last] = value
    return doc


@st.composite
def mutated(draw: st.DrawFn, doc: Any) -> str:
    """*doc* as JSON text after one to three mutations at random paths."""
    for _ in range(draw(st.integers(1, 3))):
        where = paths(doc)
        path = draw(st.sampled_from(where[1:] or where))
        action = draw(st.sampled_from(["set", "delete", "duplicate", "bump", "stringify"]))
        doc = _apply(doc, path, action, draw(json_values()))
    return json.dumps(doc)
