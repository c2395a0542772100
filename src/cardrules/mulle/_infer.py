"""What Mulle's public play proves about the hidden hands (:func:`inferences`), from the rules of ``_legal``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from cardrules import _messages
from cardrules._kit.inference import Inference, kept_inferences
from cardrules.cards import Card
from cardrules.errors import WrongKindError
from cardrules.mulle._cards import _BHV, _SCORING, _TVAL, PACK
from cardrules.mulle._partition import subset_sums
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._state import Build, Capture, Observation, TableBuild, Turn

_OF_VALUE: Final = {v: frozenset(c for c in PACK.cards if _BHV[c] == v) for v in range(1, 17)}
"""The cards of each hand value (the ace 14, the 2 of spades 15, the 10 of diamonds 16)."""
_BUILDERS: Final = tuple(c for c in dict.fromkeys(PACK.cards) if c not in _SCORING)
"""The cards that may be built with (``mulle.build.scoring-card``)."""


def dealt_table(observation: Observation) -> list[Card]:
    """The cards dealt face up to the table at the start of the round: every public card not played from a hand."""
    o = observation
    public = Counter(o.table) + Counter(c for b in o.builds for c in b.cards)
    for turn in o.history:
        if isinstance(turn.move, Capture):
            public.update([turn.move.card, *turn.move.taken, *(c for b in turn.builds for c in b)])
    return list((public - Counter(t.move.card for t in o.history)).elements())


def _step(table: list[Card] | None, builds: list[TableBuild], turn: Turn) -> None:
    """
    The loose table cards (unless ``None``: not followed) and the builds after *turn* (``mulle.capture``,
    ``mulle.build``, ``mulle.trail``), changed in place.
    """
    move = turn.move
    if isinstance(move, Capture):
        if table is not None:
            for c in move.taken:
                table.remove(c)
        builds[:] = [b for b in builds if b.value != move.value]
    elif isinstance(move, Build):
        onto = move.onto
        if isinstance(onto, int):
            b = builds[onto]
            builds[onto] = TableBuild((*b.cards, move.card), move.value, turn.seat, b.locked or move.value == b.value)
        else:
            if table is not None:
                table.remove(onto)
            builds.append(TableBuild((onto, move.card), move.value, turn.seat, False))
    elif table is not None:
        table.append(move.card)


def _duty(
    rules: MulleRuleset, table: Sequence[Card], builds: Sequence[TableBuild], known: Sequence[Card], seat: int, at: int
) -> list[Inference]:
    """
    What a trail proves under ``capture_duty=hand`` (``mulle.capture.duty``): the hand then held no
    card that could capture, and no two cards one of which could build a value the other could take.
    *known* are the cards of that hand played since (the trailed card first); the rest is the hand now.
    """
    mask = subset_sums([_TVAL[c] for c in table], 16)
    values = {v for v in range(2, 17) if mask >> v & 1} | {b.value for b in builds}
    banned: set[Card] = set()
    for v in values:
        banned |= _OF_VALUE.get(v, frozenset())
    loose = {_TVAL[c] for c in table}
    open_builds = [b.value for b in builds if not b.locked]
    out: list[Inference] = []
    for v in range(2, 17):
        # The cards that could build v (onto a loose card, onto a build, or locking a build of v).
        makers = frozenset(
            d
            for d in _BUILDERS
            if v - _TVAL[d] in loose
            or v - _TVAL[d] in open_builds
            or (rules.locking_builds and _TVAL[d] == v and v in open_builds)
        )
        takers = _OF_VALUE[v]
        if not makers:
            continue
        if any(c in makers for c in known):
            banned |= takers
        if any(c in takers for c in known):
            banned |= makers
        out.append(Inference(seat, "not-both", makers, "mulle.capture.duty", at, takers))
    if banned:
        out.insert(0, Inference(seat, "none", frozenset(banned), "mulle.capture.duty", at))
    return out


def _inferences(observation: Observation) -> tuple[Inference, ...]:
    o = observation
    rules = o.rules
    if not rules.building or o.winner is not None:
        return ()  # the fishing game binds no play to the hand; at the match's end nothing is hidden
    per_deal = rules.players * rules.hand_size
    history = o.history
    before = o.start.plays if o.start is not None else 0  # a round entered from the table: plays before it
    start = o.deal_no * per_deal - before  # the first play of this deal in history (every deal before it is full)
    # What a trail proves needs the table of each play: known from the deal, not from a table read mid-round.
    table = dealt_table(o) if rules.capture_duty == "hand" and o.start is None else None
    builds: list[TableBuild] = list(o.start.builds) if o.start is not None else []
    # mulle.build.owner: whoever owns a build on the table now holds a card to take it (a seat may
    # not give up its last one), whether or not the round's record shows the build being made.
    out: list[Inference] = [Inference(b.owner, "some", _OF_VALUE[b.value], "mulle.build.owner", None) for b in o.builds]
    for j, turn in enumerate(history):
        if j >= start:
            seat, move = turn.seat, turn.move
            later = [t.move.card for t in history[j + 1 :] if t.seat == seat]
            if isinstance(move, Build):
                # mulle.build.keep: after the play the seat still holds a card of the build's value.
                v = move.value
                if not any(_BHV[c] == v for c in later):
                    out.append(Inference(seat, "some", _OF_VALUE[v], "mulle.build.keep", j))
                # mulle.build.owner: an owner's last card of an owned build's value is played only to capture.
                w = _BHV[move.card]
                if (
                    w != v
                    and any(b.owner == seat and b.value == w for b in builds)
                    and not any(_BHV[c] == w for c in later)
                ):
                    out.append(Inference(seat, "some", _OF_VALUE[w], "mulle.build.owner", j))
            elif not isinstance(move, Capture) and table is not None:
                out.extend(_duty(rules, table, builds, [move.card, *later], seat, j))
        _step(table, builds, turn)
    return tuple(out)


def inferences(observation: Observation) -> tuple[Inference, ...]:
    """
    What the round's public plays (the observation's ``history``) prove about each seat's hand now,
    each with the rule that proves it. Building game only (the fishing game binds no play to the
    hand, so it proves nothing):

    * the owner of each build on the table holds a card of its value (``mulle.build.owner``), also
      in a round entered from the table, whose record starts there;
    * a seat that built (or raised, or locked) a build of value V still holds a card of hand value
      V, unless it has played one since (``mulle.build.keep``);
    * a build owner who played a card of hand value V other than to capture, while owning a build of
      V, still holds another (``mulle.build.owner``);
    * with ``capture_duty=hand``, a seat that trailed held no card that could capture, and no card
      that could build a value V together with another card of hand value V to take it
      (``mulle.capture.duty``: a ``"none"`` and ``"not-both"`` inferences).

    Each holds for the hand of this deal only: a later deal brings new cards. The same observation
    object gives the same tuple (it is derived once, and kept on the observation).
    """
    if type(observation) is not Observation:
        raise WrongKindError(f"expected a Mulle observation, got {_messages.kind_name(observation)}")
    return kept_inferences(observation, _inferences)
