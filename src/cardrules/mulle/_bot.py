"""
Mulle's rules of thumb: take mulles and cards worth points, leave no easy
tabbe or mulle behind, and build only with the card to take the build.

The heuristic never lists the legal moves: a fishing table can allow
millions of captures. It makes a few candidate moves from the observation
(for each hand card and value, the capture that takes the most points, the
lone twin for a fishing mulle, each build, the trail), scores them, and plays
the best one that ``move in legal_moves`` accepts, which the rules decide
without listing anything.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Final, TypeVar

from cardrules.cards import Card, Rank, Suit
from cardrules.engine import Heuristic, LegalMoves
from cardrules.mulle._cards import (
    _BHV,
    _FISHING_VALUES,
    _LILLAN,
    _STORAN,
    _TVAL,
    PACK,
    _card_points,
    _hand_values,
    _mulle_points,
)
from cardrules.mulle._families import _TRAILS
from cardrules.mulle._legal import _build_targets, check_move, legal_moves
from cardrules.mulle._observe import observe
from cardrules.mulle._partition import partitionable, subset_sums
from cardrules.mulle._play import _mulles, _remove, apply_trusted
from cardrules.mulle._score import _shown_pile, score
from cardrules.mulle._solving import SOLVING
from cardrules.mulle._state import Build, Capture, Move, Observation, State, TableBuild, _capture

_PACK_COUNT: Final = Counter(PACK.cards)
_K = TypeVar("_K")

# Weights of the rules of thumb, in round points.
_CARD: Final = 0.02  # a card taken, points or not: fewer left for the others' mulles and tabbes
_TRAIL: Final = 0.3  # a trail wastes the turn
_TRAIL_LOSS: Final = 0.6  # the share of a trailed card's points that ends up with the others
_EXPOSED: Final = 0.5  # the share of a left card's points the next player takes when they can
_BUILD_DELAY: Final = 0.9  # a build is taken a turn later
_TABBE_SIZE: Final = 4  # tables with more loose cards than this are not checked for a tabbe
_SPADE: Final = 0.1  # fishing: a spade in the pile, towards most spades (scored at the round's end)
_PILE: Final = 0.03  # fishing with most_cards: a card in the pile, towards most cards


def _worth(card: Card, building: bool, most_cards: bool) -> float:
    if building:
        return _card_points(card) + _CARD
    pts = 1.0 if card.rank is Rank.ACE else 2.0 if card == _STORAN else 1.0 if card == _LILLAN else 0.0
    if card.suit is Suit.SPADES:
        pts += 0.15  # towards most spades
    return pts + (0.05 if most_cards else 0.0) + _CARD


# The values each card captures with (_hand_values), by the building rules or not.
_VALUES: Final = {
    building: {c: (_BHV[c],) if building else _FISHING_VALUES[c] for c in PACK.cards} for building in (False, True)
}

# What each card is worth in a capture pile, by (building rules, most_cards option).
_WORTH: Final = {
    (building, most): {c: _worth(c, building, most) for c in PACK.cards}
    for building in (False, True)
    for most in (False, True)
}


class _View:
    """What the heuristic works out once per decision from the observation."""

    __slots__ = (
        "building",
        "held",
        "last_play",
        "obs",
        "opp_cards",
        "rules",
        "sign",
        "unseen",
        "unseen_total",
        "values",
        "worth",
    )

    def __init__(self, obs: Observation, public: _Public | None = None) -> None:
        """*public*: the counts of the cards no one has shown, kept by a rollout (else read from *obs*'s history)."""
        self.obs = obs
        self.rules = rules = obs.rules
        self.building = rules.building
        self.sign = -1.0 if rules.krypmulle else 1.0
        self.worth = _WORTH[(rules.building, rules.most_cards)]
        by_card = _VALUES[rules.building]
        if public is not None:
            # The cards no one has shown, less this hand: what the history would give, with no pass over it.
            unseen = public.unseen.copy()
            values = public.values.copy()
            for c in obs.hand:
                _take(unseen, c)
                for t in by_card[c]:
                    _take(values, t)
            self.unseen, self.values = unseen, values
            self.unseen_total = max(1, public.total - len(obs.hand))
        else:
            seen: list[Card] = [*obs.hand, *obs.table]
            for b in obs.builds:
                seen.extend(b.cards)
            if obs.start is not None:  # a round entered from the table: the cards known captured then
                for pile in obs.start.taken:
                    seen.extend(pile)
            for turn in obs.history:
                move = turn.move
                if isinstance(move, Capture):
                    seen.append(move.card)
                    seen.extend(move.taken)
                    for cards in turn.builds:
                        seen.extend(cards)
            self.unseen = _unseen(seen)
            self.unseen_total = max(1, sum(self.unseen.values()))
            self.values = _values(self.unseen, by_card)
        self.held: dict[int, float] = {}  # p_holds, by k
        # The next player, if an opponent, is who can punish what we leave.
        n = len(obs.hand_counts)
        side = rules.side_of(obs.seat)
        self.opp_cards = 0
        for step in range(1, n):
            s = (obs.seat + step) % n
            if obs.hand_counts[s]:
                if rules.side_of(s) != side:
                    self.opp_cards = obs.hand_counts[s]
                break
        self.last_play = obs.stock_count == 0 and sum(obs.hand_counts) == 1

    def p_holds(self, k: int) -> float:
        """The chance that the next opponent holds one of *k* given unseen cards."""
        p = self.held.get(k)
        if p is None:
            if k <= 0 or not self.opp_cards:
                p = 0.0
            else:
                p = 1.0 - (1.0 - min(1.0, k / self.unseen_total)) ** self.opp_cards
            self.held[k] = p
        return p


def _unseen(seen: Sequence[Card]) -> Counter[Card]:
    """The cards of the packs not in *seen*, counted (``_PACK_COUNT - Counter(seen)``, quicker)."""
    have = Counter(seen)
    return Counter({c: n - have.get(c, 0) for c, n in _PACK_COUNT.items() if n > have.get(c, 0)})


def _values(unseen: Mapping[Card, int], by_card: Mapping[Card, tuple[int, ...]]) -> Counter[int]:
    """How many of the *unseen* cards capture with each hand value."""
    values: Counter[int] = Counter()
    for c, k in unseen.items():
        for t in by_card[c]:
            values[t] += k
    return values


def _take(counts: dict[_K, int], key: _K) -> None:
    """One fewer *key* in *counts*, which holds no key at 0 (as Counter arithmetic leaves it)."""
    n = counts[key] - 1
    if n:
        counts[key] = n
    else:
        del counts[key]


class _Public:
    """
    For a rollout: the cards no one has shown yet (in no hand seen, not on the table, in no build,
    not captured), counted, with the hand values they capture with. Every move shows one more card,
    the one played; the rest of a capture was on the table already.
    """

    __slots__ = ("by_card", "total", "unseen", "values")

    def __init__(self, state: State) -> None:
        building = state.rules.building
        self.by_card = by_card = _VALUES[building]
        shown: list[Card] = [*state.table]
        for b in state.builds:
            shown.extend(b.cards)
        for side in range(len(state.captured)):
            shown.extend(_shown_pile(state, side))  # a round entered from the table may hide some
        self.unseen: dict[Card, int] = dict(_unseen(shown))
        self.values: dict[int, int] = dict(_values(self.unseen, by_card))
        self.total = sum(self.unseen.values())

    def show(self, card: Card) -> None:
        """*card* is played: shown to everyone."""
        _take(self.unseen, card)
        for t in self.by_card[card]:
            _take(self.values, t)
        self.total -= 1


def _best_group(cards: Sequence[Card], t: int, weight: dict[Card, float]) -> list[int] | None:
    """Indices of the cards summing to *t* with the greatest weight, or ``None``."""
    best: list[tuple[float, tuple[int, ...]] | None] = [None] * (t + 1)
    best[0] = (0.0, ())
    for i, c in enumerate(cards):
        v = _TVAL[c]
        if v > t:
            continue
        w = weight[c]
        for s in range(t, v - 1, -1):
            prev = best[s - v]
            if prev is not None:
                got = best[s]
                score = prev[0] + w
                if got is None or score > got[0]:
                    best[s] = (score, (*prev[1], i))
    found = best[t]
    return None if found is None else list(found[1])


def _greedy_capture(view: _View, card: Card, t: int) -> tuple[Card, ...]:
    """The loose cards a capture with *card* worth *t* takes: best groups first, until none is left."""
    worth = view.worth
    weight = {c: worth[c] for c in view.obs.table}
    if view.building or view.rules.glimne:
        weight[card] = weight.get(card, 0.0) + 5.0  # the twin makes a mulle
    left = [c for c in view.obs.table if _TVAL[c] <= t]
    taken: list[Card] = []
    while left:
        idx = _best_group(left, t, weight)
        if idx is None:
            break
        chosen = set(idx)
        taken.extend(left[i] for i in idx)
        left = [c for i, c in enumerate(left) if i not in chosen]
    return tuple(taken)


def _candidates(view: _View) -> list[Move]:
    obs = view.obs
    rules = view.rules
    out: list[Move] = []
    hand = obs.hand
    distinct = list(dict.fromkeys(hand))
    for card in distinct:
        for t in _hand_values(rules, card):
            taken = _greedy_capture(view, card, t)
            if taken or (view.building and any(b.value == t for b in obs.builds)):
                out.append(_capture(card, taken, t))  # Capture(card, taken, t), made without its checks
            if not view.building and t == _TVAL[card] and card in obs.table and taken != (card,):
                out.append(_capture(card, (card,), t))  # the lone twin: a fishing mulle
        out.extend(_build_targets(rules, hand, obs.table, obs.builds, obs.seat, card))
        out.append(_TRAILS[card])  # Trail(card), made once
    return out


def _risk(view: _View, table: Sequence[Card], builds: Sequence[TableBuild]) -> float:
    """What the next opponent can be expected to make of the table we leave: mulles, points, a tabbe."""
    if not view.opp_cards or view.last_play:
        return 0.0
    rules = view.rules
    side = rules.side_of(view.obs.seat)
    risk = 0.0
    values = [_TVAL[c] for c in table]
    for c in dict.fromkeys(table):
        twins = view.unseen.get(c, 0)  # 0 if both copies were seen (.get, quicker than a Counter's __missing__)
        if twins:
            if view.building and _BHV[c] != _TVAL[c]:
                # An ace, lillan or storan is mulled only inside a sum of its hand value.
                j = table.index(c)
                others = subset_sums(values[:j] + values[j + 1 :], 16)
                reachable = bool((others >> (_BHV[c] - _TVAL[c])) & 1)
            else:
                reachable = True
            if reachable:
                risk += view.p_holds(twins) * (_mulle_points(rules, c) if view.building else 5.0)
        pts = view.worth[c] - _CARD
        if pts > 0:
            risk += _EXPOSED * view.p_holds(view.values.get(_TVAL[c], 0)) * pts
    for b in builds:
        if rules.side_of(b.owner) == side:
            risk += view.p_holds(view.values.get(b.value, 0)) * sum(map(view.worth.__getitem__, b.cards))
    if table or builds:
        risk += _tabbe_risk(view, table, values, builds)
    return risk


_ANY: Final = list(range(1, 17))  # every value a card can capture with
_DIVISORS: Final = tuple([t for t in _ANY if total % t == 0] for total in range(16 * _TABBE_SIZE + 1))
"""The capture values dividing each total of a table small enough to be checked for a tabbe, low to high."""


def _tabbe_risk(view: _View, table: Sequence[Card], values: Sequence[int], builds: Sequence[TableBuild]) -> float:
    """The chance the next opponent clears the table with one card, times what that is worth to them."""
    if len(table) > _TABBE_SIZE or len({b.value for b in builds}) > 1:
        return 0.0
    total = sum(values)
    top = max(values, default=0)
    worth = 1.0 + sum(map(view.worth.__getitem__, table)) + sum(view.worth[c] for b in builds for c in b.cards)
    # The values a single card could clear it with: a build's, else those dividing the total (at
    # least the highest card), else (no card left) any.
    options = [b.value for b in builds[:1]] or ([t for t in _DIVISORS[total] if t >= top] if total else _ANY)
    p_none = 1.0
    for t in options:
        if t < top or (total and total % t) or (builds and t != builds[0].value):
            continue
        if t not in view.values:
            continue
        if total and not partitionable(list(Counter(values).items()), t):
            continue
        p_none *= 1.0 - view.p_holds(view.values.get(t, 0))
    return (1.0 - p_none) * worth


def _score(view: _View, move: Move) -> float:
    obs = view.obs
    rules = view.rules
    side = rules.side_of(obs.seat)
    hand = obs.hand
    if isinstance(move, Capture):
        taken_builds = [b for b in obs.builds if b.value == move.value] if view.building else []
        builds = [b for b in obs.builds if b.value != move.value] if view.building else list(obs.builds)
        left = _remove(obs.table, move.taken)
        won = [move.card, *move.taken, *(c for b in taken_builds for c in b.cards)]
        gain = sum(map(view.worth.__getitem__, won))
        gain += sum(m.points for m in _mulles(rules, move.card, move.taken, taken_builds))
        for b in taken_builds:
            if rules.side_of(b.owner) != side:  # the owner would have taken it
                gain += sum(map(view.worth.__getitem__, b.cards))
        if not left and not builds and not view.last_play:
            gain += 1.0
        if not view.building and obs.stock_count == 0:
            gain += 0.3  # towards sistan and the leftovers
        return gain - _risk(view, left, builds)
    if isinstance(move, Build):
        rest = _remove(hand, (move.card,))
        builds = list(obs.builds)
        table = list(obs.table)
        denial = 0.0
        if isinstance(move.onto, Card):
            table.remove(move.onto)
            cards: tuple[Card, ...] = (move.onto, move.card)
        else:
            old = builds.pop(move.onto)
            cards = (*old.cards, move.card)
            old_pts = sum(map(view.worth.__getitem__, old.cards))
            denial = old_pts if rules.side_of(old.owner) != side else -old_pts
        new = TableBuild(cards, move.value, obs.seat)
        keepers = [k for k in dict.fromkeys(rest) if _BHV[k] == move.value]
        future = sum(map(view.worth.__getitem__, cards))
        future += max(view.worth[k] + sum(m.points for m in _mulles(rules, k, (), [new])) for k in keepers)
        p = view.p_holds(view.values.get(move.value, 0))
        gain = _BUILD_DELAY * ((1.0 - p) * future - p * future) + denial
        return gain - _risk(view, table, builds)
    table = sorted([*obs.table, move.card], key=_TVAL.__getitem__)
    pts = view.worth[move.card] - _CARD
    gain = -_TRAIL - _TRAIL_LOSS * pts
    if hand.count(move.card) > 1:  # we hold the twin: a mulle for us unless someone takes it first
        mulle = _mulle_points(rules, move.card) if view.building else 5.0
        gain += 0.8 * mulle * (1.0 - view.p_holds(view.values.get(_TVAL[move.card], 0)))
    return gain - _risk(view, table, obs.builds)


def choose(obs: Observation, legal_moves: LegalMoves[Move], rng: random.Random) -> Move:
    """The greedy Mulle move."""
    move = _best(_View(obs), legal_moves.__contains__)
    return next(iter(legal_moves)) if move is None else move  # pragma: no branch - some candidate is always legal


def _best(view: _View, legal: Callable[[Move], bool]) -> Move | None:
    """The best-scored candidate that *legal* accepts (candidates in their order break ties), or ``None``."""
    cands = _candidates(view)
    scored = sorted(range(len(cands)), key=lambda i: (-view.sign * _score(view, cands[i]), i))
    for i in scored:
        if legal(cands[i]):
            return cands[i]
    return None  # pragma: no cover - some candidate is always legal


def ranked(obs: Observation, legal_moves: LegalMoves[Move], rng: random.Random) -> list[Move]:
    """The heuristic's legal candidate moves, best first, each once: the first is :func:`choose`'s move."""
    view = _View(obs)
    cands = _candidates(view)
    scored = sorted(range(len(cands)), key=lambda i: (-view.sign * _score(view, cands[i]), i))
    out: list[Move] = []
    for i in scored:
        move = cands[i]
        if move not in out and move in legal_moves:
            out.append(move)
    if not out:  # pragma: no cover - some candidate is always legal
        out.append(next(iter(legal_moves)))
    return out


def value(state: State, side: int) -> float:
    """
    The side's lead in the round's points over the best other side, squashed
    to 0..1 (reversed under krypmulle): the running tally when a rollout
    stops at a new deal, the last round's once a round is over.
    """
    running = bool(state.history) or state.start is not None
    current = score(state).round if running else state.rounds[-1]
    assert current is not None
    tally: list[float] = list(current.tally)
    if running and not state.rules.building:
        # Most spades (and most cards) are scored only at the end: count the piles towards them.
        for i, pile in enumerate(state.captured):
            tally[i] += _SPADE * sum(1 for c in pile if c.suit is Suit.SPADES)
            if state.rules.most_cards:
                tally[i] += _PILE * len(pile)
    lead = tally[side] - max(t for i, t in enumerate(tally) if i != side)
    if state.rules.krypmulle:
        lead = -lead
    scale = 30.0 if state.rules.building else 8.0
    return 0.5 + 0.5 * math.tanh(lead / scale)


def lookahead(state: State) -> int:
    """Two turns of every player: a rollout that reaches the next deal sooner plays on to there."""
    return 2 * state.rules.players


def horizon(state: State) -> int:
    """The deal in progress: the search bot's rollouts stop at the next deal."""
    return state.deal_no


def _legal_in(state: State, move: Move) -> bool:
    return check_move(state, move) is None


_MOST_PLIES: Final = 2_000  # as the generic rollout: a rollout this long is scored where it stands


def rollout(state: State, side: int, rng: random.Random) -> float:
    """
    The search bots' greedy rollout, played here: every seat makes :func:`choose`'s move until the
    next deal (after :func:`lookahead` moves at least) or the end of the round, and the result is
    scored as the generic rollout scores it (1 or 0 if the match ended, else :func:`value`). The
    candidates are judged on the state itself (:func:`check_move`, once), the cards not yet shown
    are kept from move to move instead of read from the history, and the legal moves are not
    listed; the same moves as ``bots.playout(..., greedy=True)`` (a test holds them equal). *rng*
    is not used.
    """
    rounds, stage, least = state.round_no, state.deal_no, lookahead(state)
    public = _Public(state)
    for ply in range(_MOST_PLIES):
        if state.winner is not None or state.round_no != rounds:
            break
        if ply >= least and state.deal_no != stage:
            return value(state, side)
        move = _best(_View(observe(state, state.to_play), public), partial(_legal_in, state))
        if move is None:  # pragma: no cover - some candidate is always legal
            move = next(iter(legal_moves(state)))
        state = apply_trusted(state, move)
        public.show(move.card)
    if state.winner is not None:
        return 1.0 if state.winner == side else 0.0
    if not state.rounds:
        return 0.5
    return value(state, side)


HEURISTIC: Final = Heuristic(
    choose=choose,
    value=value,
    horizon=horizon,
    lookahead=lookahead,
    ranked=ranked,
    rollout=rollout,
    solving=SOLVING,
)
