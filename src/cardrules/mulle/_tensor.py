"""
Mulle's observation tensor: a flat float32 layout of :func:`observe`'s fields for 2 to 4 players,
seats counted from the observer (0 the observer, then in turn order; unused seats stay 0). Card
fields count the 52 distinct cards, each held at most twice, so a count is 0, 0.5 or 1.

Also the row of features of one candidate move (:data:`FEATURES`, :func:`row`), for the top-K
candidate encoding: what the move plays, takes and scores, from the observation and the move alone.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Rank, Suit
from cardrules.engine._learning import Sparse, TensorField, TensorLayout, field_offsets
from cardrules.mulle._cards import _CARD_POINTS, _LILLAN, _ORDER, _STORAN, _TVAL, PACK
from cardrules.mulle._play import _mulles
from cardrules.mulle._state import Build, Capture, Move, Observation, Trail, Turn

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
    TensorField(
        "gone",
        _N,
        "each distinct card's copies played or captured this round (public history; a round entered "
        "from the table: and the cards known captured then), halved",
    ),
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
    TensorField(
        "played",
        _S * _N,
        "the round's history: 52 per relative seat, each distinct card's copies that seat has played from its hand "
        "this round, halved",
    ),
    TensorField(
        "owns",
        _S * _VALUES,
        "16 per relative seat, 1 for each value 1 to 16 of a build it owns: it holds a card of that hand value "
        "(mulle.build.owner)",
    ),
)


def _gone(history: tuple[Turn, ...]) -> list[float]:
    """
    The ``gone`` field of *history*: each distinct card's copies played or captured, halved; then,
    for each seat 0 to 3 (not relative), the ``played`` counts: each distinct card's copies that
    seat played, halved.
    """
    counts = list(_NO_CARDS)
    order = _ORDER
    for turn in history:
        move = turn.move
        counts[_N * (1 + turn.seat) + order[move.card]] += 0.5
        if type(move) is Capture:
            counts[order[move.card]] += 0.5
            for c in move.taken:
                counts[order[c]] += 0.5
            for cards in turn.builds:
                for c in cards:
                    counts[order[c]] += 0.5
        # a build's card is in a build on the table, or in a later capture; a trail's stays loose
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
        out[_OWNS + ((b.owner - me) % n) * _VALUES + v] = 1.0
    if obs.history:
        counts = _gone(obs.history)
        out[_GONE : _GONE + _N] = counts[:_N]
        for seat in range(n):
            at = _PLAYED + ((seat - me) % n) * _N
            out[at : at + _N] = counts[_N * (1 + seat) : _N * (2 + seat)]
    if obs.start is not None:  # a round entered from the table: the cards known captured before it are gone too
        for pile in obs.start.taken:
            for c in pile:
                out[_GONE + order[c]] += 0.5
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


TENSOR: Final = TensorLayout(game="mulle", version=2, fields=FIELDS, fill=fill)
"""Mulle's observation tensor (see :doc:`/rl` for the table). Version 2 adds the round's history by seat:
``played`` and ``owns`` (version 1 ended at ``players``; the fields before keep their places)."""
_AT: Final = {name: start for name, (start, _) in TENSOR.offsets().items()}
_SIZE: Final = TENSOR.size
_HAND, _TABLE, _BUILD_CARDS, _GONE = _AT["hand"], _AT["table"], _AT["build_cards"], _AT["gone"]
_BUILDS, _BUILDS_OURS, _BUILDS_LOCKED = _AT["builds"], _AT["builds_ours"], _AT["builds_locked"]
_HAND_COUNTS, _CAPTURED, _TABBES, _MULLES = _AT["hand_counts"], _AT["captured"], _AT["tabbes"], _AT["mulles"]
_MATCH, _TO_MOVE, _DEALER, _LAST_CAPTURE = _AT["match"], _AT["to_move"], _AT["dealer"], _AT["last_capture"]
_PARTNER, _STOCK, _DEAL_NO = _AT["partner"], _AT["stock"], _AT["deal_no"]
_STYLE, _PLAYERS, _PLAYED, _OWNS = _AT["style"], _AT["players"], _AT["played"], _AT["owns"]
_NO_CARDS: Final = (0.0,) * (_N * (1 + _S))


FEATURES: Final = (
    TensorField("card", _N, "1 for the hand card played"),
    TensorField("taken", _N, "each distinct loose table card's copies the move takes (a capture) or builds on, halved"),
    TensorField("build_cards", _N, "each distinct card's copies in the builds the move captures or adds to, halved"),
    TensorField("kind", 3, "1 for the kind of move: trail, capture, build"),
    TensorField("value", 1, "the capture's or the build's value (a trail: the card's table value), divided by 16"),
    TensorField("builds", 1, "the builds the move captures or adds to, divided by 4"),
    TensorField("raise", 1, "1 for a build onto a build (raising or locking it)"),
    TensorField("lock", 1, "1 for a build onto a build of the same value (locking it)"),
    TensorField("mulles", 1, "the mulles the capture makes, divided by 4"),
    TensorField("mulle_points", 1, "those mulles' points, divided by 16"),
    TensorField("tabbe", 1, "1 when the capture clears the table with cards still to play (a tabbe)"),
    TensorField("points", 1, "the points the move wins now (cards, mulles, tabbe), divided by 16"),
    TensorField("cards", 1, "the cards the capture wins, the played card's included, divided by 52"),
    TensorField("spades", 1, "of those, the spades, divided by 26"),
    TensorField("shortlist", 1, "1 when the move is on the heuristic's shortlist (the first candidates)"),
    TensorField("best", 1, "1 for the heuristic's own choice (always the first candidate)"),
)
"""One candidate's row of features (see :doc:`/rl` for the table)."""
_F: Final = {name: start for name, (start, _) in field_offsets(FEATURES).items()}
_FISHING_POINTS: Final = {
    c: (1 if c.rank is Rank.ACE else 0) + (2 if c == _STORAN else 1 if c == _LILLAN else 0) for c in PACK.cards
}
"""What each card scores in a fishing pile (aces, storan, lillan); spades, sistan and most cards come at the end."""


def row(obs: Observation, move: Move, rank: int | None) -> Sparse:
    """
    The features of *move* for the mover of *obs*, as a sparse row of :data:`FEATURES`; *rank* is
    its place on the heuristic's shortlist (0 the best), or ``None`` when it is not on it.
    """
    order = _ORDER
    ones = [_F["card"] + order[move.card]]
    halves: dict[int, float] = {}
    where: list[int] = []
    what: list[float] = []
    rules = obs.rules
    kind = type(move)
    if kind is Capture:
        assert isinstance(move, Capture)
        ones.append(_F["kind"] + 1)
        taken_builds = [b for b in obs.builds if b.value == move.value] if rules.building else []
        for c in move.taken:
            at = _F["taken"] + order[c]
            halves[at] = halves.get(at, 0.0) + 0.5
        won = [move.card, *move.taken]
        for b in taken_builds:
            won.extend(b.cards)
            for c in b.cards:
                at = _F["build_cards"] + order[c]
                halves[at] = halves.get(at, 0.0) + 0.5
        found = _mulles(rules, move.card, move.taken, taken_builds)
        mulle_points = sum(m.points for m in found)
        tabbe = (
            len(move.taken) == len(obs.table)
            and len(taken_builds) == len(obs.builds)
            and (obs.stock_count > 0 or sum(obs.hand_counts) > 1)
        )
        worth = _CARD_POINTS if rules.building else _FISHING_POINTS
        points = sum(worth[c] for c in won) + mulle_points + tabbe
        where += [_F["value"], _F["builds"], _F["mulles"], _F["mulle_points"], _F["points"], _F["cards"], _F["spades"]]
        what += [
            move.value / 16,
            len(taken_builds) / 4,
            len(found) / 4,
            mulle_points / 16,
            points / 16,
            len(won) / 52,
            sum(1 for c in won if c.suit is Suit.SPADES) / 26,
        ]
        if tabbe:
            ones.append(_F["tabbe"])
    elif kind is Build:
        assert isinstance(move, Build)
        ones.append(_F["kind"] + 2)
        where.append(_F["value"])
        what.append(move.value / 16)
        if isinstance(move.onto, int):
            b = obs.builds[move.onto]
            ones.append(_F["raise"])
            if b.value == move.value:
                ones.append(_F["lock"])
            where.append(_F["builds"])
            what.append(0.25)
            for c in b.cards:
                at = _F["build_cards"] + order[c]
                halves[at] = halves.get(at, 0.0) + 0.5
        else:
            halves[_F["taken"] + order[move.onto]] = 0.5
    else:
        assert isinstance(move, Trail)
        ones.append(_F["kind"])
        where.append(_F["value"])
        what.append(_TVAL[move.card] / 16)
    if rank is not None:
        ones.append(_F["shortlist"])
        if rank == 0:
            ones.append(_F["best"])
    for at, v in halves.items():
        if v == 1.0:
            ones.append(at)
        else:
            where.append(at)
            what.append(v)
    return ones, where, what
