"""
The records of an OpenSpiel match of :mod:`cardrules.rl._openspiel`: the chain of its steps that
every clone shares, what each seat saw at each (worked out when first asked), and OpenSpiel's
observer, which fills the strings and tensors from them; and the legal actions' numbers from
their bits, as a state keeps them.
"""

from __future__ import annotations

import itertools
import json
import typing
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel

from cardrules import _messages

EXTRA_ROWS: Final = 16  # history rows beyond the pack's size, for the moves that play no card
CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


class Keep:
    """An immutable value that ``clone()`` (a deep copy of the state's attributes) shares, not copies."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Keep:
        return self


def obs_dict(game: Any, state: Any, seat: int) -> dict[str, Any]:
    data = game.cardrules.observe(state, seat).to_dict()
    data.pop("rules", None)
    return typing.cast(dict[str, Any], data)


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from *old* to *new*: changed keys, and for a list that grew, only its new tail (``key+``)."""
    out: dict[str, Any] = {}
    for k, v in new.items():
        was = old.get(k)
        if v == was:
            continue
        if isinstance(v, list) and isinstance(was, list) and len(v) > len(was) and v[: len(was)] == was:
            out[k + "+"] = v[len(was) :]
        else:
            out[k] = v
    return out


class Node:
    """
    One step of a match, shared by every clone of the states after it: the round dealt
    (``deal``), a move (``move``), a round's end (``end``, its score line), or a resampled state
    (``reset``, which keeps the record of *seat* and starts the others' again). A deal, an end and
    a reset hold the engine state after them (an end's already holds the next deal, which the
    chance nodes deal again); a move holds only the move, and its state is made again from the
    step before when a record asks for it (:func:`state_at`), so that a match played without
    asking keeps no state but the last. What each seat saw there is worked out only when asked,
    once (``cache``: per seat, its record line, its observation as data, and the observation).
    """

    __slots__ = ("cache", "kind", "line", "move", "parent", "seat", "state")

    def __init__(
        self, parent: Node | None, kind: str, state: Any, line: str = "", seat: int = -1, move: Any = None
    ) -> None:
        self.parent, self.kind, self.state, self.line, self.seat, self.move = parent, kind, state, line, seat, move
        # by seat: its record line, its observation as data, and the observation; by ("text", seat)
        # and ("tensor", seat): its observation string and tensor here; "state": a move's state,
        # once made again (one dict: a node a move)
        self.cache: dict[Any, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle the chain to here as one flat tuple (no recursion per node), without the caches."""
        steps = []
        node: Node | None = self
        while node is not None:
            steps.append((node.kind, node.state, node.line, node.seat, node.move))
            node = node.parent
        return rebuild, (tuple(reversed(steps)),)

    def starts(self, seat: int) -> bool:
        """Whether *seat*'s record of the round (the tensor's history) starts here."""
        return self.kind == "deal" or (self.kind == "reset" and self.seat != seat)


def rebuild(steps: tuple[tuple[str, Any, str, int, Any], ...]) -> Node | None:
    """The chain of nodes that :meth:`Node.__reduce__` flattened."""
    node = None
    for kind, state, line, seat, move in steps:
        node = Node(node, kind, state, line, seat, move)
    return node


def state_at(game: Any, node: Node) -> Any:
    """The engine state after *node*: its own, or a move's made again from the last state known before it."""
    path = []
    while node.state is None and "state" not in node.cache:
        path.append(node)
        assert node.parent is not None  # a move comes after a deal
        node = node.parent
    state = node.cache["state"] if node.state is None else node.state
    apply = game.trusted_apply  # the moves were legal there: they are applied as they were
    for n in reversed(path):
        state = n.cache["state"] = apply(state, n.move)
    return state


def fill_seen(game: Any, node: Node | None, seat: int) -> None:
    """Fill the cache of *node* and the nodes before it for *seat*."""
    chain = []
    while node is not None and seat not in node.cache:
        chain.append(node)
        node = node.parent
    prev = node.cache[seat] if node is not None else (None, {}, None)
    for n in reversed(chain):
        if n.kind == "end":
            entry: tuple[str | None, dict[str, Any], Any] = (n.line, {}, None)
        elif n.kind == "reset" and n.seat == seat:
            entry = (None, prev[1], prev[2])  # the player keeps its record as it was
        else:
            obs = game.cardrules.observe(state_at(game, n), seat)
            data = obs.to_dict()
            data.pop("rules", None)
            if n.kind == "reset":
                entry = ("resampled " + json.dumps(data, separators=(",", ":"), sort_keys=True), data, obs)
            else:
                change = diff(prev[1], data)
                entry = (json.dumps(change, separators=(",", ":"), sort_keys=True) if change else None, data, obs)
        n.cache[seat] = entry
        prev = entry


def record(game: Any, node: Node | None, seat: int) -> list[str]:
    """*seat*'s record of the match to *node*: a line each time what it sees changes, and each round's score."""
    fill_seen(game, node, seat)
    lines = []
    while node is not None:
        line = node.cache[seat][0]
        if line:
            lines.append(line)
        if node.kind == "reset" and node.seat != seat:
            break
        node = node.parent
    return lines[::-1]


def tensor(game: Any, node: Node, seat: int) -> Any:
    """*seat*'s observation tensor at *node*, worked out once."""
    tensor = node.cache.get(("tensor", seat))
    if tensor is None:
        fill_seen(game, node, seat)
        tensor = node.cache["tensor", seat] = game.cardrules.spec.learning.tensor.encode(node.cache[seat][2])
    return tensor


def round_tensors(game: Any, node: Node | None, seat: int) -> list[Any]:
    """*seat*'s observation tensors of the round to *node*, after its deal and each move, in order."""
    out = []
    while node is not None and node.kind != "end":
        if not (node.kind == "reset" and node.seat == seat):
            out.append(tensor(game, node, seat))
        if node.starts(seat):
            break
        node = node.parent
    return out[::-1]


class Observer:
    """
    OpenSpiel's observer interface: the observation (or, with recall, the information state:
    with the game's ``compact_infostate``, the observation alone, without the history rows).
    """

    def __init__(self, setup: Any, recall: bool, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {_messages.value(dict(params))}")
        spec = setup.spec
        assert spec.learning is not None
        layout = spec.learning.tensor
        encoding = spec.learning.encoding
        self._game, self._recall, self._layout = setup, recall, layout
        self._history = recall and not setup.compact
        pieces: list[tuple[str, int, tuple[int, ...]]] = [
            ("observation", layout.size, (layout.size,)),
            ("steps", encoding.size if encoding.factored else 0, (encoding.size if encoding.factored else 0,)),
        ]
        if self._history:
            rows = len(spec.pack) + EXTRA_ROWS
            pieces.append(("history", rows * layout.size, (rows, layout.size)))
        self.tensor = np.zeros(sum(p[1] for p in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: Any, player: int) -> None:
        """Fill the tensor from what *player* sees of *state*."""
        self.tensor.fill(0)
        if state._player == CHANCE or state._ended:
            return  # a deal in progress, or a match cut short: nothing to see
        node = state._node
        if node is not None and node.kind != "end":  # the node of the state itself
            if node.state is None:
                node.cache.setdefault("state", state._now)  # a move's state: the one now, not made again
            self.dict["observation"][:] = tensor(self._game, node, player)
        else:
            g = self._game.cardrules
            self.dict["observation"][:] = self._layout.encode(g.observe(state._now, player))
        if state._steps and player == state._player:
            for s in state._steps:
                self.dict["steps"][s] += 1.0
        if self._history:
            history = self.dict["history"]
            rows = history.shape[0]
            shown = round_tensors(self._game, state._node, player)
            changes = [b - a for a, b in itertools.pairwise(shown)]
            for i, row in enumerate(changes[-rows:]):
                history[i] = row

    def string_from(self, state: Any, player: int) -> str:
        """The observation string, or with recall the information state string, of *player*."""
        if self._recall:
            return str(state._information_text(player))
        return str(state._observation_text(player))
