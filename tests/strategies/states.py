"""
Hypothesis strategies for state documents: ``cardrules.dumps`` of real
positions of every game and variant, and hostile mutations of them.

:func:`mutated_documents` draws a dumped state and changes it in one of the
ways a careless or hostile writer would: a value set anywhere, a field or
list entry deleted, a card duplicated, moved or swapped between two places,
an entry appended to a list (a fifth hand, a third match score), a whole
number moved by a little.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

import cardrules
from tests.playout import playout
from tests.strategies.documents import json_values, paths
from tests.variants import VARIANTS

__all__ = ["MUTATIONS", "Document", "dumped_states", "mutated_documents"]

Path = tuple[str | int, ...]
Document = tuple[str, dict[str, Any], str]
"""A variant's text, a state document (parsed JSON) and what was done to it."""

_PER_MATCH = 12
"""States kept from each variant's match: its first, its last and some evenly between."""


@functools.cache
def dumped_states() -> tuple[tuple[str, str], ...]:
    """``(variant, dumps(state))`` for states of one random match of every variant (made once)."""
    out: list[tuple[str, str]] = []
    for i, text in enumerate(VARIANTS):
        game = cardrules.get_game(text)
        seed = 1000 + i
        states = [game.new_game(seed=seed), *(after for _, _, after in playout(game, seed))]
        step = max(1, len(states) // (_PER_MATCH - 1))
        kept = states[::step] + [states[-1]]
        out.extend((text, cardrules.dumps(s)) for s in kept)
    return tuple(out)


def _get(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _cards_of(doc: dict[str, Any]) -> list[Path]:
    """The paths of the document's card texts."""
    pack = cardrules.get_game(doc["game"]).spec.pack

    def is_card(value: Any) -> bool:
        if not isinstance(value, str):
            return False
        try:
            pack.parse(value)
        except cardrules.CardrulesError:
            return False
        return True

    return [p for p in paths(doc) if p and is_card(_get(doc, p))]


Mutation = Callable[[st.DrawFn, dict[str, Any]], str]


def _set(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    path = draw(st.sampled_from(paths(doc)[1:]))
    cards = [str(c) for c in cardrules.get_game(doc["game"]).spec.pack.cards]
    value = draw(json_values(cards))
    _get(doc, path[:-1])[path[-1]] = value
    return f"set {list(path)} to {value!r:.80}"


def _delete(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    path = draw(st.sampled_from(paths(doc)[1:]))
    del _get(doc, path[:-1])[path[-1]]
    return f"delete {list(path)}"


def _cards(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    where = _cards_of(doc)
    a = draw(st.sampled_from(where))
    ca = _get(doc, a)
    b = draw(st.sampled_from([p for p in where if _get(doc, p) != ca] or where))  # another card, when there is one
    cb = _get(doc, b)
    how = draw(st.sampled_from(["swap", "copy", "move"]))
    if how == "swap":
        _get(doc, a[:-1])[a[-1]], _get(doc, b[:-1])[b[-1]] = cb, ca
    elif how == "copy":
        _get(doc, b[:-1])[b[-1]] = ca
    else:
        target = _get(doc, b[:-1])
        if not isinstance(target, list):  # a single card field: copy instead
            target[b[-1]] = ca
        else:
            target.append(ca)
            del _get(doc, a[:-1])[a[-1]]  # a list's later entries are unchanged by the append
    return f"{how} the card at {list(a)} ({ca}) and {list(b)} ({cb})"


def _append(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    lists = [p for p in paths(doc) if isinstance(_get(doc, p), list)]
    path = draw(st.sampled_from(lists))
    target = _get(doc, path)
    if target and draw(st.booleans()):
        value = copy.deepcopy(target[draw(st.integers(0, len(target) - 1))])
    else:
        value = draw(json_values([str(c) for c in cardrules.get_game(doc["game"]).spec.pack.cards]))
    target.append(value)
    return f"append {value!r:.80} to {list(path)}"


def _nudge(draw: st.DrawFn, doc: dict[str, Any]) -> str:
    ints = [p for p in paths(doc)[1:] if type(_get(doc, p)) is int]
    path = draw(st.sampled_from(ints))
    step = draw(st.sampled_from([-1, 1, -2, 2, 10]))
    _get(doc, path[:-1])[path[-1]] += step
    return f"add {step} to {list(path)}"


MUTATIONS: dict[str, Mutation] = {
    "set": _set,
    "delete": _delete,
    "cards": _cards,
    "append": _append,
    "nudge": _nudge,
}
"""Each kind of change :func:`mutated_documents` makes, by name."""


@st.composite
def mutated_documents(draw: st.DrawFn, kinds: tuple[str, ...] = tuple(MUTATIONS)) -> Document:
    """A dumped state of some variant (see :func:`dumped_states`) changed by one mutation of *kinds*."""
    text, dumped = draw(st.sampled_from(dumped_states()))
    doc = json.loads(dumped)
    kind = draw(st.sampled_from(kinds))
    return text, doc, MUTATIONS[kind](draw, doc)
