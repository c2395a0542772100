"""Legal moves listed by key: the trick games' plays, given as the cards allowed."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from cardrules.engine import TupleMoves

MoveT = TypeVar("MoveT")


class _KeyedMoves(TupleMoves[MoveT]):
    """
    :class:`TupleMoves` given as keys and the move of each key (a mapping), whose tuple of moves is
    made only when something asks for it: the trick games list a position's plays as the cards
    allowed, and the usual loop (``sample``, then ``apply``) never needs the tuple. Its length,
    truth and ``sample`` come from the keys; everything else from the tuple, made anew each time it
    is asked for (a hand's few moves: nothing is kept, nothing is written after construction).
    """

    __slots__ = ("_keys", "_move_of")

    def __init__(self, keys: Sequence[Any], move_of: Mapping[Any, MoveT]) -> None:
        self._keys = keys
        self._move_of = move_of

    def __getattr__(self, name: str) -> Any:
        if name != "_moves":  # TupleMoves' own slot, never set here: the tuple, made from the keys
            raise AttributeError(name)
        return tuple(map(self._move_of.__getitem__, self._keys))

    def __len__(self) -> int:
        return len(self._keys)

    def __bool__(self) -> bool:
        return bool(self._keys)

    def sample(self, rng: random.Random) -> MoveT:
        keys = self._keys
        if not keys:
            raise IndexError("no legal move: the match is over")
        return self._move_of[rng.choice(keys)]  # uniform: randrange's draw


_keyed_moves: Final[Callable[[Sequence[Any], Mapping[Any, Any]], TupleMoves[Any]]] = _KeyedMoves
"""The legal moves ``tuple(move_of[k] for k in keys)``, made only when asked for (see :class:`_KeyedMoves`)."""


class _KeyedBits:
    """
    An encoding's ``legal_bits`` hook for moves listed by key: given legal moves that
    :func:`_keyed_moves` made, the bits of their keys' actions (``action[key]``, whose decoded move
    must be that key's move); ``None`` for moves listed otherwise. A class of this module, not a
    closure, so that an encoding (and an environment holding one) pickles.
    """

    __slots__ = ("_bit",)

    def __init__(self, action: Mapping[Any, int]) -> None:
        self._bit = {key: 1 << a for key, a in action.items()}

    def __call__(self, moves: Sequence[Any]) -> int | None:
        return sum(map(self._bit.__getitem__, moves._keys)) if type(moves) is _KeyedMoves else None


def _keyed_bits(action: Mapping[Any, int]) -> Callable[[Sequence[Any]], int | None]:
    """The ``legal_bits`` hook of *action* (see :class:`_KeyedBits`)."""
    return _KeyedBits(action)
