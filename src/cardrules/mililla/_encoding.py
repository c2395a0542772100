"""Mililla's action encoding: one action per card of the Spanish pack, 40 in all (see :doc:`/rl`)."""

from __future__ import annotations

from typing import Final

from cardrules import _messages
from cardrules._kit.keyed_moves import _keyed_bits
from cardrules.engine import Learning
from cardrules.engine._learning import ActionEncoding
from cardrules.mililla._cards import PACK
from cardrules.mililla._legal import legal_moves
from cardrules.mililla._state import Play, State
from cardrules.mililla._tensor import TENSOR

_CARDS: Final = PACK.cards
_INDEX: Final = {c: i for i, c in enumerate(_CARDS)}
_PLAYS: Final = tuple(Play(c) for c in _CARDS)


def _encode(state: State, move: Play) -> int:
    if type(move) is not Play:
        raise _messages.wrong_move("Mililla", move)
    index = _INDEX.get(move.card)
    if index is None:
        raise _messages.wrong_move("Mililla", move)
    return index


def _decode(state: State, index: int) -> Play:
    return _PLAYS[index]


ENCODING: Final = ActionEncoding(
    game="mililla",
    version=1,
    size=len(_CARDS),
    labels=tuple(f"play {c}" for c in _CARDS),
    encode=_encode,
    decode=_decode,
    legal=legal_moves,
    legal_bits=_keyed_bits(_INDEX),  # legal_moves lists its plays by card
)
"""Mililla's actions: action *i* plays the *i*-th card of the Spanish pack, in pack order."""


LEARNING: Final = Learning(encoding=ENCODING, tensor=TENSOR)
"""What the learning environments use of Mililla: the moves' numbering and the observation's layout."""
