"""
Mulle's observation tensor: a flat float32 layout of :func:`observe`'s fields for 2 to 4 players,
seats counted from the observer (0 the observer, then in turn order; unused seats stay 0). Card
fields count the 52 distinct cards, each held at most twice, so a count is 0, 0.5 or 1.
"""

from __future__ import annotations

from typing import Final

from cardrules._learning import TensorField, TensorLayout
from cardrules.mulle._cards import _ORDER
from cardrules.mulle._state import Build, Capture, Observation

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


def fill(obs: Observation) -> list[float]:
    """The tensor of *obs* as a list of floats, in the order of :data:`FIELDS`."""
    out = [0.0] * _SIZE
    at = _AT
    order = _ORDER
    rules = obs.rules
    n = rules.players
    me = obs.seat
    base = at["hand"]
    for c in obs.hand:
        out[base + order[c]] += 0.5
    base = at["table"]
    for c in obs.table:
        out[base + order[c]] += 0.5
    mine = rules.side_of(me)
    for b in obs.builds:
        for c in b.cards:
            out[at["build_cards"] + order[c]] += 0.5
        v = b.value - 1
        out[at["builds"] + v] += 0.25
        if rules.side_of(b.owner) == mine:
            out[at["builds_ours"] + v] += 0.25
        if b.locked:
            out[at["builds_locked"] + v] += 0.25
    base = at["gone"]
    for turn in obs.history:
        move = turn.move
        if type(move) is Capture:
            out[base + order[move.card]] += 0.5
            for c in move.taken:
                out[base + order[c]] += 0.5
            for cards in turn.builds:
                for c in cards:
                    out[base + order[c]] += 0.5
        elif type(move) is Build:
            continue  # the card is in a build on the table, or in a later capture
    target = rules.target or 100
    for seat in range(n):
        rel = (seat - me) % n
        side = rules.side_of(seat)
        out[at["hand_counts"] + rel] = obs.hand_counts[seat] / 8
        out[at["captured"] + rel] = obs.captured_counts[side] / 52
        out[at["tabbes"] + rel] = obs.tabbes[side] / 10
        out[at["mulles"] + rel] = len(obs.mulles[side]) / 10
        out[at["match"] + rel] = obs.match[side] / target
        if side == mine:
            out[at["partner"] + rel] = 1.0
    if obs.to_move is not None:
        out[at["to_move"] + (obs.to_move - me) % n] = 1.0
    out[at["dealer"] + (obs.dealer - me) % n] = 1.0
    if obs.last_capture is not None:
        out[at["last_capture"] + (obs.last_capture - me) % n] = 1.0
    out[at["stock"]] = obs.stock_count / 104
    out[at["deal_no"]] = obs.deal_no / 10
    out[at["style"] + (0 if rules.style == "building" else 1)] = 1.0
    out[at["players"] + n - 2] = 1.0
    return out


TENSOR: Final = TensorLayout(game="mulle", version=1, fields=FIELDS, fill=fill)
"""Mulle's observation tensor (see :doc:`/rl` for the table)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
