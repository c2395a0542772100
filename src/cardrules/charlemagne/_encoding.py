"""
Charlemagne's action encoding, 49 actions (see :doc:`/rl`): 0-33 a card of the pack (a give,
a discard or a play, as the phase says: the observation shows the phase), 34-41 the bids low to
high, 42 pass, 43-44 the Gros Charlemagne bidder's sources, 45-48 the trump suits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardrules import _messages
from cardrules._kit.keyed_moves import _keyed_bits
from cardrules.cards import Card
from cardrules.charlemagne import _state
from cardrules.charlemagne._cards import _FRENCH, PACK
from cardrules.charlemagne._legal import legal_moves
from cardrules.charlemagne._state import _LADDER, PASS, Discard, Give, Move, Play, State
from cardrules.charlemagne._tensor import TENSOR
from cardrules.engine import Learning
from cardrules.engine._learning import ActionEncoding

_CARDS: Final = PACK.cards
_CARD: Final = {c: i for i, c in enumerate(_CARDS)}
_N: Final = len(_CARDS)
BIDS: Final = _N
PASS_ACTION: Final = BIDS + len(_LADDER)
SOURCES: Final = PASS_ACTION + 1
TRUMPS: Final = SOURCES + 2
SIZE: Final = TRUMPS + len(_FRENCH)
_SOURCE_NAMES: Final = ("kitty", "partner")
_BID: Final = {c: BIDS + i for i, c in enumerate(_LADDER)}
_SOURCE: Final = {s: SOURCES + i for i, s in enumerate(_SOURCE_NAMES)}
_TRUMP: Final = {s: TRUMPS + i for i, s in enumerate(_FRENCH)}
_BY_PHASE: Final[Mapping[str, type[Play | Give | Discard]]] = {"give": Give, "discard": Discard}
_MOVES: Final = (
    tuple(Play(c) for c in _CARDS),
    tuple(Give(c) for c in _CARDS),
    tuple(Discard(c) for c in _CARDS),
)
_OTHER: Final[tuple[Move, ...]] = (
    *(_state.Bid(c) for c in _LADDER),
    PASS,
    *(_state.ChooseSource(s) for s in _SOURCE_NAMES),
    *(_state.NameTrump(s) for s in _FRENCH),
)


def _card(move: Play | Give | Discard) -> int:
    index = _CARD.get(move.card)
    if index is None:
        raise _messages.wrong_move("Charlemagne", move)
    return index


def _encode(state: State, move: Move) -> int:
    kind = type(move)
    if kind is Play or kind is Give or kind is Discard:
        return _card(move)  # type: ignore[arg-type]
    if kind is _state.Bid:
        return _BID[move.contract]  # type: ignore[union-attr]
    if kind is _state.Pass:
        return PASS_ACTION
    if kind is _state.ChooseSource and move.source in _SOURCE:  # type: ignore[union-attr]
        return _SOURCE[move.source]  # type: ignore[union-attr]
    if kind is _state.NameTrump and move.suit in _TRUMP:  # type: ignore[union-attr]
        return _TRUMP[move.suit]  # type: ignore[union-attr]
    raise _messages.wrong_move("Charlemagne", move)


def _decode(state: State, index: int) -> Move:
    if index < _N:
        phase = state.phase
        return _MOVES[1 if phase == "give" else 2 if phase == "discard" else 0][index]
    return _OTHER[index - _N]


def _label(i: int) -> str:
    if i < _N:
        return f"card {_CARDS[i]} (give, discard or play)"
    return str(_OTHER[i - _N])


ENCODING: Final = ActionEncoding(
    game="charlemagne",
    version=1,
    size=SIZE,
    labels=tuple(_label(i) for i in range(SIZE)),
    encode=_encode,
    decode=_decode,
    legal=legal_moves,
    legal_bits=_keyed_bits(_CARD),  # legal_moves lists the play phase's plays by card
)
"""Charlemagne's actions: the 34 cards, the 8 bids, pass, the 2 sources and the 4 trumps."""


def card_index(card: Card) -> int:
    """The action (and tensor) number of *card*: its place in the Charlemagne pack."""
    return _CARD[card]


LEARNING: Final = Learning(encoding=ENCODING, tensor=TENSOR)
"""What the learning environments use of Charlemagne: the moves' numbering and the observation's layout."""
