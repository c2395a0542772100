"""Scoring Mulle: a round's score items, the match winner and :func:`score`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import _messages
from cardrules.cards import Card, Rank, Suit
from cardrules.engine import RoundScore, Score, ScoreItem
from cardrules.mulle._cards import _CARD_POINTS, _LILLAN, _STORAN, PACK
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._state import State
from cardrules.rules import Message, Sentence


def _most(counts: Sequence[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


# The labels of the score items, in English and as messages (made once: scoring is on the hot path).
_CARD_POINTS_LABEL: Final = Sentence(Message("card points"))
_ACES: Final = Sentence(Message("aces"))
_STORAN_LABEL: Final = Sentence(Message("storan (10D)"))
_LILLAN_LABEL: Final = Sentence(Message("lillan (2S)"))
_TABBES: Final = Sentence(Message("tabbes"))
_MOST_SPADES: Final = Sentence(Message("most spades"))
_SISTAN: Final = Sentence(Message("sistan"))
_MOST_CARDS: Final = Sentence(Message("most cards"))
_MULLE_LABELS: Final = {
    (card, double): Sentence(
        Message("double mulle {card}", card=card) if double else Message("mulle {card}", card=card)
    )
    for card in dict.fromkeys(PACK.cards)
    for double in (False, True)
}


def _round_score(state: State, complete: bool) -> RoundScore:
    rules = state.rules
    nsides = len(rules.sides)
    items: list[ScoreItem] = []
    unknown: list[ScoreItem] = []
    hidden = _hidden(state)
    piles = [_shown_pile(state, side) for side in range(nsides)] if hidden else state.captured
    for side in range(nsides):
        pile = piles[side]
        if rules.building:
            items.append(
                ScoreItem(side, "mulle.points.cards", _CARD_POINTS_LABEL, sum(map(_CARD_POINTS.__getitem__, pile)))
            )
        else:
            aces = sum(1 for c in pile if c.rank is Rank.ACE)
            items.append(ScoreItem(side, "mulle.fishing.points", _ACES, aces))
            items.append(ScoreItem(side, "mulle.fishing.points", _STORAN_LABEL, 2 * pile.count(_STORAN)))
            items.append(ScoreItem(side, "mulle.fishing.points", _LILLAN_LABEL, pile.count(_LILLAN)))
        if hidden and hidden[side]:
            what = _CARD_POINTS_LABEL.message if rules.building else Message("aces, storan and lillan")
            rule = "mulle.points.cards" if rules.building else "mulle.fishing.points"
            said = Message("{what} of the {count} cards taken not shown", what=what, count=hidden[side])
            unknown.append(ScoreItem(side, rule, Sentence(said), 0))
        for m in state.mulles[side]:
            if rules.building:
                rule = "mulle.mulle.double" if m.double else "mulle.mulle.twin"
            else:
                rule = "mulle.fishing.mulle"
            items.append(ScoreItem(side, rule, _MULLE_LABELS[m.card, m.double], m.points))
        if state.tabbes[side]:
            items.append(ScoreItem(side, "mulle.tabbe", _TABBES, state.tabbes[side]))
    if complete and not rules.building:
        spades = [sum(1 for c in piles[s] if c.suit is Suit.SPADES) for s in range(nsides)]
        if hidden and any(hidden):
            # the unseen cards may hold spades: a side leads for sure only with more shown than any other could have
            most = [n + h for n, h in zip(spades, hidden, strict=True)]
            sure = [s for s in range(nsides) if all(spades[s] > most[o] for o in range(nsides) if o != s)]
            if sure:
                items.append(ScoreItem(sure[0], "mulle.fishing.spades", _MOST_SPADES, 1))
            else:
                for s in range(nsides):
                    if all(most[s] > spades[o] for o in range(nsides) if o != s):
                        unknown.append(ScoreItem(s, "mulle.fishing.spades", _MOST_SPADES, 0))
        else:
            top = _most(spades)
            if top is not None:
                items.append(ScoreItem(top, "mulle.fishing.spades", _MOST_SPADES, 1))
        if state.last_capture is not None:
            items.append(ScoreItem(rules.side_of(state.last_capture), "mulle.fishing.sistan", _SISTAN, 1))
        if rules.most_cards:
            top = _most([len(state.captured[s]) for s in range(nsides)])
            if top is not None:
                items.append(ScoreItem(top, "mulle.fishing.most-cards", _MOST_CARDS, 1))
    points = [0] * nsides
    for it in items:
        points[it.side] += it.points
    items = [it for it in items if it.points]
    pts = tuple(points)
    return RoundScore(tally=pts, points=pts, items=tuple(items), complete=complete, unknown=tuple(unknown))


def _hidden(state: State) -> tuple[int, ...]:
    """Each side's captured cards that nobody has shown (a round entered from the table), or ``()``."""
    start = state.start
    return start.hidden if start is not None and any(start.hidden) else ()


def _shown_pile(state: State, side: int) -> tuple[Card, ...]:
    """
    The side's captured cards that are known: a round entered from the table keeps its captured
    pile as the known cards then, the cards not shown, then what was captured since.
    """
    pile = state.captured[side]
    start = state.start
    if start is None or not start.hidden[side]:
        return pile
    k = len(start.taken[side])
    return pile[:k] + pile[k + start.hidden[side] :]


def _winner(rules: MulleRuleset, match: tuple[int, ...]) -> int | None:
    """The winning side, if the match is over (mulle.match.target, mulle.krypmulle)."""
    if max(match) < rules.target:
        return None
    best = min(match) if rules.krypmulle else max(match)
    return match.index(best) if match.count(best) == 1 else None


def score(state: State) -> Score:
    """
    The match score: points per side, the running tally of the round in
    progress (or the last round once the match is over), every completed
    round, and the winner. For Mulle a round's ``tally`` and ``points`` are
    the same; the items (card points, mulles, tabbes, and in the fishing
    game aces, storan, lillan, most spades, sistan) add up to them. Most
    spades, sistan and most cards appear only once the round is complete.

    Under krypmulle the points are the same, but the winner is the side
    with the fewest match points once a side has reached the target.

    Rules: mulle.points.cards, mulle.fishing.points, mulle.mulle.value, mulle.tabbe, mulle.match.target
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    current = state.rounds[-1] if state.winner is not None else _round_score(state, complete=False)
    return Score(sides=state.rules.sides, match=state.match, round=current, rounds=state.rounds, winner=state.winner)
