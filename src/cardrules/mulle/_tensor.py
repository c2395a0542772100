"""
Mulle's observation tensor: a flat float32 layout of :func:`observe`'s fields for 2 to 4 players,
seats counted from the observer (0 the observer, then in turn order; unused seats stay 0). Card
fields count the 52 distinct cards, each held at most twice, so a count is 0, 0.5 or 1.
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import TensorField, TensorLayout
from cardrules.mulle._cards import _ORDER
from cardrules.mulle._state import Capture, Observation, Turn

_N: Final = len(set(_ORDER.values()))
_VALUES: Final = 16
_S: Final = 4

FIELDS: Final = (
    TensorField("hand", _N, "each distinct card's copies in the observer's hand, halved"),
    TensorField("table", _N, "each distinct card's loose copies on the table, halved"),
    TensorField("build_cards", _N, "each distinct card's copies in builds, halved"),
    TensorField("builds", _VALUES, "builds of each value 1 to 16 on the table, divided by 4"),
    TensorField("builds_ours", _VALUES, "of those, the builds the observer's side owns, divided by 4"),
    TensorField("builds_locked", _VALUES, "of those, the locked builds, divided by 4"),
    TensorField("gone", _N, "each distinct card's copies played or captured this round (public history), halved"),
    TensorField("hand_counts", _S, "each relative seat's hand size, divided by 8"),
    TensorField("captured", _S, "each relative seat's side's captured pile size, divided by 52"),
    TensorField("tabbes", _S, "each relative seat's side's tabbes this round, divided by 10"),
    TensorField("mulles", _S, "each relative seat's side's mulles this round, divided by 10"),
    TensorField("match", _S, "each relative seat's side's match points, divided by the target (100 if none)"),
    TensorField("to_move", _S, "1 for the relative seat to play (all 0 once the match is over)"),
    TensorField("dealer", _S, "1 for the dealer's relative seat"),
    TensorField("last_capture", _S, "1 for the relative seat that captured last this round"),
    TensorField("partner", _S, "1 for each relative seat on the observer's side"),
    TensorField("stock", 1, "cards left in the stock, divided by 104"),
    TensorField("deal_no", 1, "the deal within the round, divided by 10"),
    TensorField("style", 2, "1 for the style: building, fishing"),
    TensorField("players", 3, "1 for the number of players: 2, 3, 4"),
)


def _gone(history: tuple[Turn, ...]) -> list[float]:
    """
    The ``gone`` field of *history*: each distinct card's copies played or captured, halved. A
    round's history grows by one turn a move, so the counts of the last history asked about are
    kept and only the turns after it are added when it is the start of this one.
    """
    seen, counts = _last_gone[0]
    start = len(seen)
    if len(history) < start or history[:start] != seen:  # turns compare by value: an equal start counts the same
        start, counts = 0, _NO_CARDS
    if start == len(history):
        return counts
    counts = counts.copy()  # the kept list is never changed: another thread may be reading it
    order = _ORDER
    for turn in history[start:]:
        move = turn.move
        if type(move) is Capture:
            counts[order[move.card]] += 0.5
            for c in move.taken:
                counts[order[c]] += 0.5
            for cards in turn.builds:
                for c in cards:
                    counts[order[c]] += 0.5
        # a build's card is in a build on the table, or in a later capture; a trail's stays loose
    _last_gone[0] = (history, counts)  # replaced as a whole
    return counts


def fill(obs: Observation) -> list[float]:
    """The tensor of *obs* as a list of floats, in the order of :data:`FIELDS`."""
    out = [0.0] * _SIZE
    order = _ORDER
    rules = obs.rules
    n = rules.players
    me = obs.seat
    base = _HAND
    for c in obs.hand:
        out[base + order[c]] += 0.5
    base = _TABLE
    for c in obs.table:
        out[base + order[c]] += 0.5
    side_of = rules.side_of
    mine = side_of(me)
    for b in obs.builds:
        for c in b.cards:
            out[_BUILD_CARDS + order[c]] += 0.5
        v = b.value - 1
        out[_BUILDS + v] += 0.25
        if side_of(b.owner) == mine:
            out[_BUILDS_OURS + v] += 0.25
        if b.locked:
            out[_BUILDS_LOCKED + v] += 0.25
    if obs.history:
        out[_GONE : _GONE + _N] = _gone(obs.history)
    target = rules.target or 100
    hand_counts, captured, tabbes, mulles, match = (
        obs.hand_counts, obs.captured_counts, obs.tabbes, obs.mulles, obs.match
    )  # fmt: skip
    for seat in range(n):
        rel = (seat - me) % n
        side = side_of(seat)
        out[_HAND_COUNTS + rel] = hand_counts[seat] / 8
        out[_CAPTURED + rel] = captured[side] / 52
        out[_TABBES + rel] = tabbes[side] / 10
        out[_MULLES + rel] = len(mulles[side]) / 10
        out[_MATCH + rel] = match[side] / target
        if side == mine:
            out[_PARTNER + rel] = 1.0
    if obs.to_move is not None:
        out[_TO_MOVE + (obs.to_move - me) % n] = 1.0
    out[_DEALER + (obs.dealer - me) % n] = 1.0
    if obs.last_capture is not None:
        out[_LAST_CAPTURE + (obs.last_capture - me) % n] = 1.0
    out[_STOCK] = obs.stock_count / 104
    out[_DEAL_NO] = obs.deal_no / 10
    out[_STYLE + (0 if rules.style == "building" else 1)] = 1.0
    out[_PLAYERS + n - 2] = 1.0
    return out


TENSOR: Final = TensorLayout(game="mulle", version=1, fields=FIELDS, fill=fill)
"""Mulle's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
_HAND, _TABLE, _BUILD_CARDS, _GONE = _AT["hand"], _AT["table"], _AT["build_cards"], _AT["gone"]
_BUILDS, _BUILDS_OURS, _BUILDS_LOCKED = _AT["builds"], _AT["builds_ours"], _AT["builds_locked"]
_HAND_COUNTS, _CAPTURED, _TABBES, _MULLES = _AT["hand_counts"], _AT["captured"], _AT["tabbes"], _AT["mulles"]
_MATCH, _TO_MOVE, _DEALER, _LAST_CAPTURE = _AT["match"], _AT["to_move"], _AT["dealer"], _AT["last_capture"]
_PARTNER, _STOCK, _DEAL_NO = _AT["partner"], _AT["stock"], _AT["deal_no"]
_STYLE, _PLAYERS = _AT["style"], _AT["players"]
_NO_CARDS: Final = [0.0] * _N
_last_gone: list[tuple[tuple[Turn, ...], list[float]]] = [((), _NO_CARDS)]
"""The history whose ``gone`` counts :func:`_gone` made last, and the counts (never changed once kept)."""
