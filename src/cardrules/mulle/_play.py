"""Playing a Mulle move: :func:`apply`, the records it makes, and the next deal, round or the match's end."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Final, TypeVar

import attrs

from cardrules import _messages
from cardrules.cards import Card
from cardrules.mulle._cards import _ORDER, _ORDER_OF, PACK, _mulle_points, _sorted
from cardrules.mulle._deal import _start_round
from cardrules.mulle._families import _TRAIL_TURNS
from cardrules.mulle._legal import check_move, to_move
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._score import _round_score, _winner
from cardrules.mulle._state import (
    Build,
    Capture,
    Move,
    Mulle,
    State,
    TableBuild,
    Turn,
    _state,
    _table_build,
    _turn,
    format_canonical,
)

_T = TypeVar("_T")


_RANKMATES: Final = {c: frozenset(d for d in PACK.cards if d.rank is c.rank) for c in PACK.cards}
"""The cards of each card's rank (itself too): a capture taking none of them and no build scores no mulle."""


def apply(state: State, move: Move) -> State:
    """
    The state after *move*. *state* itself is never changed.

    After the move the next seat with cards plays; when every hand is empty
    the next deal is dealt from the stock (``mulle.deal.later``), and when
    the stock is empty too the round ends: the last capturer takes the
    leftovers (``mulle.round.leftovers``), the round is scored, and unless
    the match is over the next round is dealt by seat ``dealer + 1``.

    Raises:
        IllegalMoveError: If *move* breaks a rule; ``err.rule`` names it.

    Rules: mulle.capture, mulle.mulle.twin, mulle.mulle.double, mulle.fishing.mulle, mulle.tabbe

    Example:
        >>> s = mulle.new_game(seed=1)
        >>> mulle.apply(s, mulle.legal_moves(s)[0]) == s
        False

    .. versionadded:: 0.1.0
    """
    violation = check_move(state, move)  # every move, whatever was asked before
    if violation is not None:
        raise _messages.illegal(violation, to_move(state), move, format_canonical)
    return apply_trusted(state, move)


def _build(
    table: tuple[Card, ...], builds: tuple[TableBuild, ...], move: Build, seat: int
) -> tuple[tuple[Card, ...], tuple[TableBuild, ...]]:
    """The table and the builds after *seat*'s *move* (``mulle.build.*``): a build onto a build raises or locks it."""
    card, onto = move.card, move.onto
    if isinstance(onto, int):
        b = builds[onto]
        new = _table_build((*b.cards, card), move.value, seat, b.locked or move.value == b.value)
        return table, (*builds[:onto], new, *builds[onto + 1 :])
    return _remove(table, (onto,)), (*builds, _table_build((onto, card), move.value, seat, False))


def apply_trusted(state: State, move: Move) -> State:
    """
    The trusted path: :func:`apply` of a move that :func:`legal_moves` gave for this very state
    (by :meth:`~MulleMoves.sample`, an index or iteration), or that was checked just now, without
    checking it again. The bots, the samplers and the learning environments use it, as
    ``GameSpec.trusted_apply``; a move anyone else gives goes through :func:`apply`. Any other
    move gives a wrong state or an error that is no library error.
    """
    rules = state.rules
    seat = state.to_play
    card = move.card
    hands = list(state.hands)
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1 :]
    table = state.table
    builds = state.builds
    captured = state.captured
    tabbes = state.tabbes
    mulles = state.mulles
    last_capture = state.last_capture
    turn: Turn
    if isinstance(move, Capture):
        taken = move.taken
        value = move.value
        taken_builds: list[TableBuild] = []
        if builds:
            left: list[TableBuild] = []
            for b in builds:
                (taken_builds if b.value == value else left).append(b)
            if taken_builds:
                builds = tuple(left)
        if taken:
            table = _remove(table, taken)
        side = rules.side_of(seat)
        won = (card, *taken, *(c for b in taken_builds for c in b.cards)) if taken_builds else (card, *taken)
        captured = _replace(captured, side, captured[side] + won)
        found = _mulles(rules, card, taken, taken_builds)
        if found:
            mulles = _replace(mulles, side, mulles[side] + tuple(found))
        tabbe = not table and not builds and (bool(state.stock) or any(hands))
        if tabbe:
            tabbes = _replace(tabbes, side, tabbes[side] + 1)
        last_capture = seat
        turn = _turn(seat, move, tuple([b.cards for b in taken_builds]) if taken_builds else (), tuple(found), tabbe)
    elif isinstance(move, Build):
        table, builds = _build(table, builds, move, seat)
        turn = _turn(seat, move, (), (), False)
    else:
        i = bisect_right(table, _ORDER[card], key=_ORDER_OF)
        table = (*table[:i], card, *table[i:])
        turn = _TRAIL_TURNS[seat][card]
    n = rules.players
    nxt = seat
    more = any(hands)
    if more:
        nxt = (seat + 1) % n
        while not hands[nxt]:
            nxt = (nxt + 1) % n
    # by the fast constructor, without State's frozen __init__ (the hot path)
    after = _state(
        rules=rules,
        seed=state.seed,
        pending_decks=state.pending_decks,
        round_no=state.round_no,
        dealer=state.dealer,
        deal_no=state.deal_no,
        stock=state.stock,
        hands=tuple(hands),
        table=table,
        builds=builds,
        to_play=nxt,
        captured=captured,
        tabbes=tabbes,
        mulles=mulles,
        last_capture=last_capture,
        history=state.history + (turn,),
        match=state.match,
        rounds=state.rounds,
        winner=state.winner,
        start=state.start,
    )
    if more:
        return after
    assert not builds, "a build survived a deal"  # mulle.build.owner makes this impossible
    if state.stock:
        return _redeal(after)
    return _end_round(after)


def _remove(cards: tuple[Card, ...], gone: Sequence[Card]) -> tuple[Card, ...]:
    out = list(cards)
    for c in gone:
        out.remove(c)
    return tuple(out)


def _mulles(rules: MulleRuleset, card: Card, taken: Sequence[Card], builds: Sequence[TableBuild]) -> list[Mulle]:
    if not builds and _RANKMATES[card].isdisjoint(taken):
        return []  # every mulle takes a card of the played card's rank (one set test, the usual capture)
    if rules.style != "building":
        twin = (len(taken) == 1 and taken[0] is card and not builds) or (rules.glimne and card in taken)
        return [Mulle(card, False, 5)] if twin else []
    rank = card.rank
    got: dict[Card, int] = {}  # the captured cards of the played card's rank, and how many of each
    for c in taken:
        if c.rank is rank:
            got[c] = got.get(c, 0) + 1
    for b in builds:
        for c in b.cards:
            if c.rank is rank:
                got[c] = got.get(c, 0) + 1
    if not got:
        return []
    out: list[Mulle] = []
    if card in got:
        out.append(Mulle(card, False, _mulle_points(rules, card)))
    for c in _sorted(list(got)):
        if c is not card and got[c] >= 2:
            out.append(Mulle(c, True, _mulle_points(rules, c)))
    return out


def _replace(values: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    return values[:i] + (value,) + values[i + 1 :]


def _redeal(state: State) -> State:
    rules = state.rules
    n = rules.players
    k = min(len(state.stock), n * rules.hand_size)
    stock = state.stock
    # the i-th card goes to seat dealer + 1 + i (mulle.deal.later)
    hands = tuple(_sorted(stock[(seat - state.dealer - 1) % n : k : n]) for seat in range(n))
    s = state
    return _state(
        rules=rules,
        seed=s.seed,
        pending_decks=s.pending_decks,
        round_no=s.round_no,
        dealer=s.dealer,
        deal_no=s.deal_no + 1,
        stock=stock[k:],
        hands=hands,
        table=s.table,
        builds=s.builds,
        to_play=(s.dealer + 1) % n,
        captured=s.captured,
        tabbes=s.tabbes,
        mulles=s.mulles,
        last_capture=s.last_capture,
        history=s.history,
        match=s.match,
        rounds=s.rounds,
        winner=s.winner,
        start=s.start,
    )


def _end_round(state: State) -> State:
    rules = state.rules
    if state.last_capture is not None and state.table:
        side = rules.side_of(state.last_capture)
        s = state  # attrs.evolve(state, captured=..., table=()), by the fast constructor
        state = _state(
            rules=rules,
            seed=s.seed,
            pending_decks=s.pending_decks,
            round_no=s.round_no,
            dealer=s.dealer,
            deal_no=s.deal_no,
            stock=s.stock,
            hands=s.hands,
            table=(),
            builds=s.builds,
            to_play=s.to_play,
            captured=_replace(s.captured, side, s.captured[side] + s.table),
            tabbes=s.tabbes,
            mulles=s.mulles,
            last_capture=s.last_capture,
            history=s.history,
            match=s.match,
            rounds=s.rounds,
            winner=s.winner,
            start=s.start,
        )
    result = _round_score(state, complete=True)
    match = tuple(m + p for m, p in zip(state.match, result.points, strict=True))
    rounds = (*state.rounds, result)
    winner = _winner(rules, match)
    if winner is not None:
        return attrs.evolve(state, match=match, rounds=rounds, winner=winner)
    return _start_round(
        rules, state.seed, state.pending_decks, state.round_no + 1, (state.dealer + 1) % rules.players, match, rounds
    )


def _turn_of(before: State, move: Move) -> Turn:
    seat = before.to_play
    if not isinstance(move, Capture):
        return Turn(seat, move)
    rules = before.rules
    builds = [b for b in before.builds if b.value == move.value] if rules.building else []
    found = _mulles(rules, move.card, move.taken, builds)
    return Turn(seat, move, tuple(b.cards for b in builds), tuple(found), False)
