"""Mililla's action encoding: one action per card of the Spanish pack, 40 in all (see :doc:`/rl`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import _messages
from cardrules._keyed_moves import _keys_of
from cardrules._learning import ActionEncoding
from cardrules.cards import SPANISH_PACK
from cardrules.mililla._legal import legal_moves
from cardrules.mililla._state import Play, State

_CARDS: Final = SPANISH_PACK.cards
_INDEX: Final = {c: i for i, c in enumerate(_CARDS)}
_PLAYS: Final = tuple(Play(c) for c in _CARDS)
_BIT: Final = {c: 1 << i for i, c in enumerate(_CARDS)}


def _encode(state: State, move: Play) -> int:
    if type(move) is not Play:
        raise _messages.wrong_move("Mililla", move)
    index = _INDEX.get(move.card)
    if index is None:
        raise _messages.wrong_move("Mililla", move)
    return index


def _decode(state: State, index: int) -> Play:
    return _PLAYS[index]


def _legal_bits(moves: Sequence[Play]) -> int | None:
    """The legal actions as bits, from the cards ``legal_moves`` allowed (``None`` for moves listed otherwise)."""
    cards = _keys_of(moves)
    return None if cards is None else sum(map(_BIT.__getitem__, cards))


ENCODING: Final = ActionEncoding(
    game="mililla",
    version=1,
    size=len(_CARDS),
    labels=tuple(f"play {c}" for c in _CARDS),
    encode=_encode,
    decode=_decode,
    legal=legal_moves,
    legal_bits=_legal_bits,
)
"""Mililla's actions: action *i* plays the *i*-th card of the Spanish pack, in pack order."""
