"""
Mulle's hooks for the exact solver (:class:`~cardrules.engine.Solving`): the table's keys, the
classes of moves worth the same, the rest of the round apart from the points taken so far with
sure bounds on what is left to win, the round solved as the match's last, and when ``hard`` may
solve (few cards left) or knows the one deal (two players, the stock empty).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import chain
from typing import Final

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Solving
from cardrules.mulle._cards import _CARD_POINTS, _LILLAN, _STORAN, PACK, _mulle_points
from cardrules.mulle._state import Build, Capture, Move, Observation, State

__all__ = ["SOLVING"]


def solving_key(state: State) -> Hashable:
    """
    What the rest of the round depends on (:class:`~cardrules.engine.Solving`): everything on
    the table and in the hands, and of what each side has taken only what its score counts (card
    points, or fishing's aces, storan, lillan, spades and cards), its mulles' points, its tabbes and
    the last capturer: not the history of the plays, nor the order the piles were taken in. With
    the stock empty, a card that neither scores nor can be in a mulle any more counts by its rank
    alone (:func:`_codes`), so that positions that differ only in such cards of one rank meet.
    """
    piles: tuple[object, ...]
    if state.rules.building:
        piles = tuple(sum(map(_CARD_POINTS.__getitem__, pile)) for pile in state.captured)
    else:
        piles = tuple(map(_fishing_counts, state.captured))
    mulles = tuple(sum(m.points for m in side) for side in state.mulles)
    if state.stock:
        table = state.table if len(state.table) < 2 else tuple(sorted(state.table, key=hash))
        builds = state.builds if len(state.builds) < 2 else tuple(sorted(state.builds, key=hash))
        return (
            state.deal_no, state.stock, state.hands, table, builds, state.to_play,
            piles, mulles, state.tabbes, state.last_capture,
        )  # fmt: skip
    code = _codes(state)
    held = tuple(tuple(sorted(map(code, hand))) for hand in state.hands)
    loose = tuple(sorted(map(code, state.table)))
    built = tuple(sorted((b.value, b.owner, b.locked, *sorted(map(code, b.cards))) for b in state.builds))
    return (state.deal_no, held, loose, built, state.to_play, piles, mulles, state.tabbes, state.last_capture)


def _codes(state: State) -> Callable[[Card], int]:
    """
    A number for each card in play (a hand, the table or a build) with the stock empty: the
    card's own, but the same for every card of one rank that scores nothing (no spade, no ace,
    not storan: ``mulle.points.cards``, ``mulle.fishing.points``, ``mulle.fishing.spades``) and
    whose twin is out of play, captured: such a card can be in no mulle any more (a mulle takes
    the played card's twin, a double mulle both copies of one card: ``mulle.mulle.twin``,
    ``mulle.mulle.double``, ``mulle.fishing.mulle``), and every other rule sees its rank's values
    only (``mulle.values``, ``mulle.fishing.values``, ``mulle.build.*``), so that any two of them
    can be swapped for the rest of the round without changing what any play is worth.
    """
    seen: set[Card] = set()
    twins: set[Card] = set()
    for cards in (*state.hands, state.table, *(b.cards for b in state.builds)):
        for c in cards:
            if c in seen:
                twins.add(c)
            else:
                seen.add(c)
    if not twins:
        return _PLAIN.__getitem__
    return lambda c: _OWN[c] if c in twins else _PLAIN[c]


def _move_code(code: Callable[[Card], int], move: Move) -> Hashable:
    """*move* with its cards by :func:`_codes`: two moves alike so are worth the same."""
    if isinstance(move, Capture):
        return (0, code(move.card), move.value, *sorted(map(code, move.taken)))
    if isinstance(move, Build):
        onto = move.onto
        return (1, code(move.card), move.value, code(onto) if isinstance(onto, Card) else -1 - onto)
    return (2, code(move.card))


_OWN: Final = {c: i for i, c in enumerate(dict.fromkeys(PACK.cards))}
"""Each card's own number (a card and its twin have the same)."""
_PLAIN: Final = {
    c: 100 + c.rank.pips if c.suit is not Suit.SPADES and c.rank is not Rank.ACE and c != _STORAN else _OWN[c]
    for c in PACK.cards
}
"""Each card's number once its twin is out of play: its rank's for the cards that score nothing."""


def _fishing_counts(pile: Sequence[Card]) -> tuple[int, int, int, int, int]:
    aces = sum(1 for c in pile if c.rank is Rank.ACE)
    spades = sum(1 for c in pile if c.suit is Suit.SPADES)
    return (aces, pile.count(_STORAN), pile.count(_LILLAN), spades, len(pile))


def solving_classes(state: State, moves: Sequence[Move]) -> list[list[Move]]:
    """
    The moves in classes worth the same: with the stock empty, moves alike but for cards that
    score nothing and can be in no mulle any more, of one rank (see :func:`_codes`); else each
    move alone. In the solver's order (:func:`_solving_order`): captures first, those taking the
    most first, then builds, then trails. (The heuristic's order, tried first near the root, saved
    no search.)
    """
    ordered = sorted(moves, key=_solving_order)
    if len(moves) < 2 or state.stock:
        return [[m] for m in ordered]
    code = _codes(state)
    classes: dict[Hashable, list[Move]] = {}
    for m in ordered:
        classes.setdefault(_move_code(code, m), []).append(m)
    return list(classes.values())


def solving_round(state: State) -> State:
    """
    *state* as the last round of its match (:class:`~cardrules.engine.Solving`): the same but for
    the match points, a side so far ahead that the round's end ends the match (``mulle.match.target``,
    ``mulle.krypmulle``), so that the solver's leaves score the round without the next one dealt.
    """
    return attrs.evolve(state, match=(_FAR_AHEAD, *(0 for _ in state.match[1:])))


_FAR_AHEAD: Final = 1 << 40
"""Match points beyond any target and any round's points."""


def solving_rest(state: State) -> tuple[Hashable, tuple[int, int], tuple[int, int], tuple[int, int]] | None:
    """
    The rest of the round apart from what was taken so far (:class:`~cardrules.engine.Solving`),
    with the stock empty, two sides and every captured card shown (else ``None``): a key of what the
    rest depends on (every card in play, :func:`_codes`; the side to move; the last capturer's side,
    who takes the leftovers; in the fishing game who leads in spades and cards, and by how many),
    the side to move's margin so far (the round's points: card points, mulles and tabbes), and the
    least and the most the rest can add to it: every card point still in play (``mulle.points.cards``,
    ``mulle.fishing.points``, the leftovers included) either way, a mulle for every card whose
    twin is in play too (one mulle a pair at most: ``mulle.mulle.*``), a tabbe for each card a
    side still holds but the round's last (``mulle.tabbe``), and in the fishing game a point each
    for most spades, sistan and most cards. In Mulle the tally is the points.
    """
    rules = state.rules
    start = state.start
    captured = state.captured
    if state.stock or len(captured) != 2 or (start is not None and any(start.hidden)):
        return None
    building = rules.building
    worth = (_CARD_POINTS if building else _FISHING_POINTS).__getitem__
    side_of = rules.side_of
    to_play = state.to_play
    me = side_of(to_play)
    other = 1 - me
    mine, theirs = captured[me], captured[other]
    margin = state.tabbes[me] - state.tabbes[other]
    mulles = state.mulles
    if mulles[me] or mulles[other]:
        margin += sum(m.points for m in mulles[me]) - sum(m.points for m in mulles[other])
    hands = state.hands
    table = state.table
    builds = state.builds
    # A tabbe for each card still held, but the round's last, played by the last seat in turn holding the most.
    held = [0, 0]
    n = len(hands)
    most, last = 0, 0
    for step in range(n):
        seat = (to_play + step) % n
        k = len(hands[seat])
        held[side_of(seat)] += k
        if k >= most:
            most, last = k, seat
    held[side_of(last)] -= 1
    flat = list(chain(*hands, table, *[b.cards for b in builds])) if builds else list(chain(*hands, table))
    rest = sum(map(worth, flat))
    # Every card is in play or taken (the stock empty, nothing unseen): one pile's points tell the other's.
    if len(mine) <= len(theirs):
        taken = sum(map(worth, mine))
        margin += 2 * taken - (_ROUND_POINTS[building] - rest)
    else:
        taken = sum(map(worth, theirs))
        margin += (_ROUND_POINTS[building] - rest) - 2 * taken
    code = _PLAIN
    if len(set(flat)) < len(flat):  # both copies of a card in play: a mulle to come, perhaps, and the card apart
        code = _PLAIN.copy()
        for c in flat:
            if code[c] != _OWN[c] and flat.count(c) > 1:
                code[c] = _OWN[c]
        for c in set(flat):
            if flat.count(c) > 1:
                rest += _mulle_points(rules, c) if building else 5
    gain, loss = rest + held[me], rest + held[other]
    number = code.__getitem__
    captor = None if state.last_capture is None else side_of(state.last_capture) == me
    lead: tuple[int, ...] = ()
    if not building:  # most spades, sistan, most cards: decided at the round's end, from the piles' counts
        spades = sum(c.suit is Suit.SPADES for c in mine) - sum(c.suit is Suit.SPADES for c in theirs)
        lead = (spades, len(mine) - len(theirs)) if rules.most_cards else (spades,)
        gain += 1 + len(lead)
        loss += 1 + len(lead)
    key = (
        tuple([tuple(sorted(map(number, hand))) for hand in hands]),
        tuple(sorted(map(number, table))),
        tuple(sorted([(b.value, b.owner, b.locked, *sorted(map(number, b.cards))) for b in builds])) if builds else (),
        to_play, captor, lead,
    )  # fmt: skip
    return key, (margin, margin), (-loss, -loss), (gain, gain)


_FISHING_POINTS: Final = {
    c: 1 if c.rank is Rank.ACE else 2 if c == _STORAN else 1 if c == _LILLAN else 0 for c in PACK.cards
}
"""Each card's fishing points (``mulle.fishing.points``)."""
_ROUND_POINTS: Final = {
    building: sum(map((_CARD_POINTS if building else _FISHING_POINTS).__getitem__, PACK.cards))
    for building in (True, False)
}
"""A round's card points in all (40 building, 14 fishing: ``mulle.points.cards``, ``mulle.fishing.points``)."""


def solvable(state: State) -> bool:
    """
    Two players, the stock empty and few cards in hand (ten when building, six when fishing, whose
    captures are many more): few enough for ``hard`` to solve the round's end exactly.
    """
    most = _SOLVABLE_BUILDING if state.rules.building else _SOLVABLE_FISHING
    return len(state.hands) == 2 and not state.stock and sum(map(len, state.hands)) <= most


def known(observation: Observation) -> bool:
    """
    Two players and the stock empty, every captured card shown: the other hand is every card of
    the two packs the seat has not seen in its hand, on the table or taken in the round's plays.
    """
    start = observation.start
    return (
        len(observation.hand_counts) == 2 and not observation.stock_count and (start is None or not any(start.hidden))
    )


_SOLVABLE_BUILDING: Final = 10
_SOLVABLE_FISHING: Final = 6


def _solving_order(move: Move) -> tuple[int, int]:
    """
    The solver's cheap order: captures first, those taking the most (a mulle, points, cards), then
    builds, then trails, the cards worth least first.
    """
    if isinstance(move, Capture):
        taken = move.taken
        points = _CARD_POINTS[move.card] + sum(map(_CARD_POINTS.__getitem__, taken))
        return (0, -len(taken) - 3 * points - (10 if move.card in taken else 0))
    return (1, 0) if isinstance(move, Build) else (2, _CARD_POINTS[move.card])


SOLVING: Final = Solving(
    key=solving_key,
    classes=solving_classes,
    solvable=solvable,
    known=known,
    rest=solving_rest,
    last_round=solving_round,
)
"""Mulle's hooks for the exact solver, the ``solving`` of its heuristic."""
