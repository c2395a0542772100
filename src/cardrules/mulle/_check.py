"""Whether a Mulle state is a reachable position: :func:`check_state`, replaying the round in public."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from cardrules import _messages
from cardrules._kit import consistency
from cardrules._kit.consistency import fail
from cardrules._serial import check_pack
from cardrules.cards import Card
from cardrules.mulle._cards import _BHV, _ORDER, _TVAL, PACK, _mulle_points, _sorted
from cardrules.mulle._deal import schedule as _schedule
from cardrules.mulle._legal import _build_violation, _capture_violation, _loose_mask, _trail_violation
from cardrules.mulle._play import _build, _remove, _replace, _turn_of
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._sample import zones
from cardrules.mulle._score import _round_score, _winner
from cardrules.mulle._state import Build, Capture, Move, Mulle, State, TableBuild, Turn
from cardrules.rules import Message, Violation


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Mulle can reach.

    Checked: a hand per seat and a captured pile, tabbe count, mulle list and
    match score per side; every card of the pack exactly once in the hands,
    the table, the builds, the stock and the captured piles; hands and table in
    pack order; the deal number, the hand sizes, the stock and the seat to
    play against the number of plays this round; the round's history replayed
    in public: each turn by the seat whose turn it was, each move legal as far
    as the public cards tell (a build's kept card is hidden), ending in the
    table, builds, captured piles, mulles, tabbes and last capture of the
    state; the rounds' scores, the match points and the winner. The error's
    ``path`` names the field, such as ``$.state.history[3].seat``.

    A round entered from the table (``state.start``) is replayed from there:
    its start must be a possible moment of a round (sizes, builds, captured
    piles with their mulles, the last capture), each side's captured pile
    beginning with the start's known cards and then the cards not shown.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    rules = state.rules
    nsides = len(rules.sides)
    consistency.check_lengths({"hands": state.hands}, rules.players, "seat")
    consistency.check_lengths(
        {"captured": state.captured, "tabbes": state.tabbes, "mulles": state.mulles, "match": state.match},
        nsides,
        "side",
    )
    consistency.check_rounds(state.rounds, nsides, None)
    consistency.check_seat(state.dealer, rules.players, "dealer")
    consistency.check_seat(state.to_play, rules.players, "to_play")
    if state.winner is not None:
        consistency.check_seat(state.winner, nsides, "winner", "side")
    if state.last_capture is not None:
        consistency.check_seat(state.last_capture, rules.players, "last_capture")
    consistency.check_counts({"round_no": [state.round_no], "deal_no": [state.deal_no], "tabbes": state.tabbes})
    check_pack(zones(state), PACK)
    consistency.check_order(
        {f"hands[{s}]": hand for s, hand in enumerate(state.hands)} | {"table": state.table}, _ORDER
    )
    _check_builds(state)
    if state.start is not None:
        _check_start(state)
    seats, deal_ends = _check_deal(state)
    _replay(state, seats, deal_ends)
    _check_scores(state)
    consistency.check_decks(state.pending_decks, PACK)


def _check_builds(state: State) -> None:
    """Each build's cards, value and owner (mulle.build, mulle.build.lock, mulle.build.owner)."""
    check_builds(state.rules, state.builds, "builds")
    for i, b in enumerate(state.builds):
        if not any(_BHV[c] == b.value for c in state.hands[b.owner]):
            raise fail(
                f"builds[{i}]",
                Message(
                    "build {i}'s owner, seat {owner}, holds no card worth {value} to take it",
                    i=i,
                    owner=b.owner,
                    value=b.value,
                ),
            )


def check_builds(rules: MulleRuleset, builds: Sequence[TableBuild], field: str) -> None:
    """Each build's cards and value, and its owner a seat (mulle.build, mulle.build.lock)."""
    if builds and not rules.building:
        raise fail(field, Message("the fishing game has no builds"))
    for i, b in enumerate(builds):
        total = sum(_TVAL[c] for c in b.cards)
        if len(b.cards) < 2 or not 2 <= b.value <= 16 or not 0 <= b.owner < rules.players:
            raise fail(
                f"{field}[{i}]",
                Message("build {i} is not a build (two or more cards, worth 2 to 16, owned by a seat)", i=i),
            )
        if (total != b.value and not b.locked) or (b.locked and total % b.value):
            raise fail(f"{field}[{i}]", Message("build {i}'s cards do not make {value}", i=i, value=b.value))
        if b.locked and not rules.locking_builds:
            raise fail(f"{field}[{i}]", Message("build {i} is locked, but this ruleset has no locking", i=i))


def _check_start(state: State) -> None:
    """
    The moment a round entered from the table begins: a possible moment of the round, and the
    start of each side's captured pile.
    """
    rules = state.rules
    start = state.start
    assert start is not None
    nsides = len(rules.sides)
    consistency.check_lengths(
        {
            "start.taken": start.taken,
            "start.hidden": start.hidden,
            "start.mulles": start.mulles,
            "start.tabbes": start.tabbes,
        },
        nsides,
        "side",
    )
    consistency.check_counts({"start.plays": [start.plays], "start.hidden": start.hidden, "start.tabbes": start.tabbes})
    total = len(PACK) - rules.table_size
    if not 1 <= start.plays <= total:
        raise fail(
            "start.plays",
            Message(
                "a round is entered from the table after 1 to {total} plays, not {plays}",
                total=total,
                plays=start.plays,
            ),
        )
    if start.last_capture is not None:
        consistency.check_seat(start.last_capture, rules.players, "start.last_capture")
    consistency.check_order(
        {"start.table": start.table} | {f"start.taken[{i}]": t for i, t in enumerate(start.taken)}, _ORDER
    )
    check_builds(rules, start.builds, "start.builds")
    public = len(start.table) + sum(len(b.cards) for b in start.builds)
    public += sum(map(len, start.taken)) + sum(start.hidden)
    if public != rules.table_size + start.plays:
        raise fail(
            "start",
            Message(
                "after {plays} plays the table, the builds and the captured piles hold {value} cards, not {public}",
                plays=start.plays,
                value=rules.table_size + start.plays,
                public=public,
            ),
        )
    taken = [len(t) + h for t, h in zip(start.taken, start.hidden, strict=True)]
    if (start.last_capture is None) != (not any(taken)):
        raise fail("start.last_capture", Message("someone captured last exactly when cards were captured"))
    if start.last_capture is not None and not taken[rules.side_of(start.last_capture)]:
        raise fail(
            "start.last_capture",
            Message(
                "seat {last_capture} captured last, but its side has taken nothing", last_capture=start.last_capture
            ),
        )
    mulled: set[Card] = set()
    for side, found in enumerate(start.mulles):
        for m in found:
            if start.taken[side].count(m.card) != 2 or m.card in mulled:
                raise fail(
                    f"start.mulles[{side}]",
                    Message("a mulle of {card} takes both copies of it, once a round", card=m.card),
                )
            mulled.add(m.card)
            if m.points != _mulle_points(rules, m.card) or (m.double and not rules.building):
                raise fail(
                    f"start.mulles[{side}]", Message("the mulle of {card} is not one this ruleset scores", card=m.card)
                )
        if start.tabbes[side] and not taken[side]:
            raise fail(
                f"start.tabbes[{side}]", Message("a tabbe is scored by a capture, but this side has taken nothing")
            )
    for side, pile in enumerate(state.captured):
        known = start.taken[side]
        if pile[: len(known)] != known or len(pile) < len(known) + start.hidden[side]:
            raise fail(
                f"captured[{side}]", Message("the captured pile does not begin with what was captured before the start")
            )
    plan = _schedule(rules, state.dealer, start.plays)
    if plan is not None and start.plays - 1 in plan[1] and start.builds:
        raise fail("start.builds", Message("no build survives a deal (mulle.build.owner), and a deal has just ended"))


def _check_deal(state: State) -> tuple[list[int], set[int]]:
    """
    The deal number, hand and stock sizes and seat to play after this round's plays.
    Returns the seat of each play of the history and the plays of the history that ended a deal.
    """
    rules = state.rules
    first = state.start.plays if state.start is not None else 0
    plays = first + len(state.history)
    plan = _schedule(rules, state.dealer, plays)
    if plan is None:
        raise fail(
            "history",
            Message("a round has {value} plays, not {plays}", value=len(PACK) - rules.table_size, plays=plays),
        )
    seats, ends, deal_no, sizes, stock, seat = plan
    over = not any(sizes) and not stock
    if over != (state.winner is not None):
        if over:
            raise fail("history", Message("the round is over after {plays} plays, but it was not scored", plays=plays))
        raise fail("winner", Message("the match is won only at the end of a round"))
    after = Message("after {count} plays of this round", count=plays)
    if state.deal_no != deal_no:
        raise fail(
            "deal_no",
            Message(
                "{after} the deal is number {deal_no}, not {deal_no2}",
                after=after,
                deal_no=deal_no,
                deal_no2=state.deal_no,
            ),
        )
    for s, hand in enumerate(state.hands):
        if len(hand) != sizes[s]:
            raise fail(
                f"hands[{s}]",
                Message(
                    "{after} hand {s} has {sizes} cards, not {hand_count}",
                    after=after,
                    s=s,
                    sizes=sizes[s],
                    hand_count=len(hand),
                ),
            )
    if len(state.stock) != stock:
        raise fail(
            "stock",
            Message(
                "{after} the stock has {stock} cards, not {count}", after=after, stock=stock, count=len(state.stock)
            ),
        )
    if state.to_play != seat:
        raise fail(
            "to_play",
            Message(
                "{after} seat {seat} is to play, not seat {to_play}", after=after, seat=seat, to_play=state.to_play
            ),
        )
    return seats[first:], {k - first for k in ends if k >= first}


def _replay(state: State, seats: list[int], deal_ends: set[int]) -> None:
    """
    Play this round's history again from the table as dealt, in public: the
    cards of the table, the builds and the captured piles, less those played,
    are the cards dealt to the table. Each turn must be the seat's whose turn
    it was, legal as far as the public cards tell, and recorded as it happened;
    the replay must end in the state's table, builds, captured piles, mulles,
    tabbes and last capture. A round entered from the table is replayed from
    its start.
    """
    rules = state.rules
    start = state.start
    if start is None:
        played = Counter(t.move.card for t in state.history)
        public = Counter(state.table) + Counter(c for b in state.builds for c in b.cards)
        for pile in state.captured:
            public.update(pile)
        for card in played - public:
            raise fail(
                "history",
                Message("the {card} played this round is not on the table, in a build or captured", card=card),
            )
        dealt = _sorted(list((public - played).elements()))
        if len(dealt) != rules.table_size:
            raise fail(
                "history",
                Message(
                    "the round's plays leave {dealt_count} cards dealt to the table, not {table_size}",
                    dealt_count=len(dealt),
                    table_size=rules.table_size,
                ),
            )
        begin = dealt_round(rules, dealt)
    else:
        piles = tuple(p[: len(t) + h] for p, t, h in zip(state.captured, start.taken, start.hidden, strict=True))
        begin = RoundSoFar((), start.table, start.builds, piles, start.mulles, start.tabbes, start.last_capture)
    plays = [(t.seat, t.move) for t in state.history]
    first = start.plays if start is not None else 0
    end = replay_round(state, begin, plays, (seats, deal_ends, state.winner is not None), state.history, first)
    want: dict[str, object] = {"table": end.table, "builds": end.builds, "tabbes": end.tabbes}
    want |= {"last_capture": end.last_capture}
    want |= {f"captured[{i}]": pile for i, pile in enumerate(end.captured)}
    want |= {f"mulles[{i}]": found for i, found in enumerate(end.mulles)}
    have: dict[str, object] = {"table": state.table, "builds": state.builds, "tabbes": state.tabbes}
    have |= {"last_capture": state.last_capture}
    have |= {f"captured[{i}]": pile for i, pile in enumerate(state.captured)}
    have |= {f"mulles[{i}]": found for i, found in enumerate(state.mulles)}
    for name, value in want.items():
        if have[name] != value:
            raise fail(name, Message("{name} is not what this round's history leaves", name=name))


@attrs.frozen
class RoundSoFar:
    """What a round's plays leave, replayed in public: the records of the plays and the public zones."""

    history: tuple[Turn, ...]
    table: tuple[Card, ...]
    builds: tuple[TableBuild, ...]
    captured: tuple[tuple[Card, ...], ...]
    mulles: tuple[tuple[Mulle, ...], ...]
    tabbes: tuple[int, ...]
    last_capture: int | None


def dealt_round(rules: MulleRuleset, dealt: tuple[Card, ...]) -> RoundSoFar:
    """A round as dealt: the *dealt* table, nothing built, captured or scored."""
    nsides = len(rules.sides)
    return RoundSoFar((), dealt, (), ((),) * nsides, ((),) * nsides, (0,) * nsides, None)


def replay_round(
    base: State,
    begin: RoundSoFar,
    plays: Sequence[tuple[int, Move]],
    schedule: tuple[Sequence[int], set[int], bool],
    recorded: Sequence[Turn] | None = None,
    first: int = 0,
) -> RoundSoFar:
    """
    Play *plays* (seat and move) again in public from *begin* (the table as dealt, or a round
    entered from the table after its *first* plays), as :func:`check_state` does; *schedule* is the
    seat of each play, the plays that end a deal and whether the round is over. With *recorded*,
    each play's record must be that one. Raises :class:`InvalidRecordError` at the first play that
    is not legal as far as the public cards tell (``history[k]``).
    """
    rules = base.rules
    seats, deal_ends, over = schedule
    table = begin.table
    builds = begin.builds
    captured = list(begin.captured)
    mulles = list(begin.mulles)
    tabbes = list(begin.tabbes)
    last = begin.last_capture
    total = len(PACK) - rules.table_size
    records: list[Turn] = []
    for k, (seat, move) in enumerate(plays):
        where = f"history[{k}]"
        if seat != seats[k]:
            raise fail(
                f"{where}.seat",
                Message(
                    "play {value} of the round is seat {seats}'s, not seat {seat}'s",
                    value=first + k + 1,
                    seats=seats[k],
                    seat=seat,
                ),
            )
        view = _view(base, seat, move.card, table, builds)
        violation = _public_violation(view, seat, move)
        if violation is not None:
            raise fail(
                f"{where}.move",
                Message("an illegal move: [{id}] {reason}", id=violation.rule.id, reason=violation.message),
            )
        record = _turn_of(view, move)
        card = move.card
        if isinstance(move, Capture):
            side = rules.side_of(seat)
            captured[side] += (card, *move.taken, *(c for cards in record.builds for c in cards))
            builds = tuple(b for b in builds if b.value != move.value) if record.builds else builds
            table = _remove(table, move.taken)
            mulles[side] += record.mulles
            tabbe = not table and not builds and first + k + 1 < total  # mulle.tabbe: not on the last play
            tabbes[side] += tabbe
            last = seat
            record = attrs.evolve(record, tabbe=tabbe)
        elif isinstance(move, Build):
            table, builds = _build(table, builds, move, seat)
        else:
            table = _sorted((*table, card))
        if recorded is not None and recorded[k] != record:
            raise fail(
                where, Message("the record of the builds taken, the mulles and the tabbe is not what the move did")
            )
        records.append(record)
        if k in deal_ends and builds:
            raise fail(where, Message("a build is left on the table when the deal ends (mulle.build.owner)"))
    if over and last is not None and table:  # mulle.round.leftovers
        captured[rules.side_of(last)] += table
        table = ()
    return RoundSoFar(tuple(records), table, builds, tuple(captured), tuple(mulles), tuple(tabbes), last)


def _view(state: State, seat: int, card: Card, table: tuple[Card, ...], builds: tuple[TableBuild, ...]) -> State:
    """*state* with this *table* and *builds*, *seat* to play holding only *card* (a replay makes many)."""
    return attrs.evolve(state, hands=_replace(state.hands, seat, (card,)), table=table, builds=builds, to_play=seat)


def _public_violation(view: State, seat: int, move: Move) -> Violation | None:
    """
    The rule *move* breaks in *view*, if the public cards show it: *view*'s
    hand for *seat* is only the card played, so a build's kept card is not
    asked for (mulle.build.keep).
    """
    if isinstance(move, Capture):
        return _capture_violation(view, seat, move)
    if isinstance(move, Build):
        violation = _build_violation(view, seat, move)
        return None if violation is None or violation.rule.id == "mulle.build.keep" else violation
    return _trail_violation(view, seat, move.card, _loose_mask(view))


def _check_scores(state: State) -> None:
    """The rounds' scores, the match points and the winner (mulle.match.target, mulle.krypmulle)."""
    rules = state.rules
    over = state.winner is not None
    consistency.check_round_no(state.round_no, len(state.rounds), over)
    for i, r in enumerate(state.rounds):
        if r.tally != r.points or min(r.points) < 0:
            raise fail(f"rounds[{i}].tally", Message("a round's tally is its points, none negative"))
    consistency.check_match(state.rounds, state.match, state.winner, lambda match: _winner(rules, match))
    if over and state.rounds[-1] != _round_score(state, complete=True):
        raise fail(
            f"rounds[{len(state.rounds) - 1}]", Message("the last round's score is not that of the round played")
        )
