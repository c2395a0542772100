"""Checking that a Charlemagne state is a position the game can reach."""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from cardrules import _messages
from cardrules._kit import consistency
from cardrules._kit.consistency import fail
from cardrules._serial import check_pack
from cardrules.cards import Card, CardName
from cardrules.charlemagne._cards import _FRENCH, _HAND_ORDER, PACK, _trick_winner
from cardrules.charlemagne._legal import _ORDERS, _discards_due, _order
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._sample import zones
from cardrules.charlemagne._score import _hand_score, _result
from cardrules.charlemagne._state import _POINTS, HAND_SIZE, SEATS, SIDES, TARGET, TRICKS, Contract, Phase, State
from cardrules.rules import Message


def check_state(state: State) -> None:
    """
    Raise :class:`~cardrules.InvalidRecordError` if *state* is not a position Charlemagne can reach.

    Checked: four hands in pack order; every card of the pack exactly once in
    the hands, the kitty, the discards, the partner's thrown-away cards, the
    trick and the won piles; the bidding, the contract and the phase; every
    size against the phase and the tricks played; the kitty cards taken and
    the passed card as the bidder's (held, discarded or played by the bidder);
    that the won tricks can have been played in some order, each going to its
    winner's side with the winner leading the next, ending with ``last_trick``
    led by ``last_leader`` and won by ``leader``; the ``history`` of tricks,
    if any, as such a play; the hands' scores, the match
    points and the winner. The error's ``path`` names the field, such as
    ``$.state.calls``.
    """
    if type(state) is not State:
        raise _messages.wrong_state("Charlemagne", state)
    consistency.check_lengths({"hands": state.hands}, SEATS, "seat")
    if len(state.calls) > SEATS:
        raise fail("calls", Message("there are at most four calls, not {count}", count=len(state.calls)))
    consistency.check_rounds(state.rounds, len(SIDES), None)
    for name in ("dealer", "leader", "last_leader"):
        consistency.check_seat(getattr(state, name), SEATS, name)
    if state.winner is not None:
        consistency.check_seat(state.winner, len(SIDES), "winner", "side")
    if state.bidder is not None:
        consistency.check_seat(state.bidder, SEATS, "bidder")
    consistency.check_counts({"round_no": [state.round_no], "tricks": state.tricks})
    check_pack(zones(state), PACK)
    consistency.check_order({f"hands[{s}]": hand for s, hand in enumerate(state.hands)}, _HAND_ORDER)
    consistency.check_decks(state.pending_decks, PACK)
    _check_calls(state)
    _check_sizes(state)
    _check_play(state)
    _check_scores(state)


_VALUES: Final = frozenset(v for pair in _POINTS.values() for v in pair)


def _match_winner(match: tuple[int, ...], single: bool = False) -> int | None:
    """The team that has won the match at these points, if any (charlemagne.match.target, charlemagne.match.single)."""
    winner = next((side for side in (0, 1) if match[side] >= TARGET), None)
    if winner is None and single and match[0] != match[1]:
        return 0 if match[0] > match[1] else 1
    return winner


def _check_calls(state: State) -> None:
    """The bidding, the contract, the source, the phase and the trump (charlemagne.bid.*, charlemagne.trump.name)."""
    calls = state.calls
    bids = [c for c in calls if c is not None]
    if any(a.level >= b.level for a, b in itertools.pairwise(bids)):
        raise fail("calls", Message("each bid must be higher than the one before"))
    if (state.phase == "bid") != (len(calls) < SEATS):
        raise fail("phase", Message("the bidding is over after four calls, and only then"))
    if state.phase == "bid":
        if state.bidder is not None or state.contract is not None:
            raise fail("contract", Message("no contract during the bidding"))
        return
    if not bids:
        raise fail("calls", Message("the dealer must bid after three passes"))
    i = max(k for k, c in enumerate(calls) if c is not None)
    if state.bidder != (state.dealer + 1 + i) % SEATS:
        raise fail(
            "bidder", Message("the bidder is the last to bid, seat {value}", value=(state.dealer + 1 + i) % SEATS)
        )
    if state.contract is not calls[i]:
        raise fail("contract", Message("the contract is the last bid"))
    c = state.contract
    assert c is not None
    if (state.source is not None) != (c is Contract.GROS_CHARLEMAGNE and state.phase != "source"):
        raise fail("source", Message("only Gros Charlemagne has a source, once chosen"))
    allowed: dict[Phase, bool] = {
        "source": c is Contract.GROS_CHARLEMAGNE,
        "give": c is Contract.CHARLEMAGNE or state.source == "partner",
        "discard": not c.is_mulot,
        "trump": not c.is_mulot,
        "play": True,
        "bid": False,
    }
    if not allowed[state.phase]:
        raise fail("phase", Message("phase {phase} does not occur in {title}", phase=repr(state.phase), title=c.title))
    if (state.trump is not None) != (state.phase == "play" and not c.is_mulot):
        raise fail("trump", Message("trump is named after the discards, except in Mulot"))
    if state.trump is not None and state.trump not in _FRENCH:
        raise fail("trump", Message("trump is spades, hearts, diamonds or clubs"))


def _check_sizes(state: State) -> None:
    """The kitty, the passed card, the discards, the thrown-away cards and the hands against the phase."""
    n = [len(h) for h in state.hands]
    c, b, p = state.contract, state.bidder, state.partner
    taken = bool(state.taken)
    if state.phase == "bid" or c is None or b is None or p is None:
        if n != [8, 8, 8, 8] or len(state.kitty) != 2 or state.discards or state.out or state.taken:
            raise fail("hands", Message("during the bidding each hand has 8 cards and the kitty 2"))
        if state.passed is not None or state.trick or any(state.won) or any(state.tricks) or state.source:
            raise fail("", Message("nothing is passed, discarded or played during the bidding"))
        return
    takes = c.is_number or c is Contract.CHARLEMAGNE or state.source == "kitty"
    if taken != takes or len(state.kitty) != (0 if takes else 2) or len(state.taken) not in (0, 2):
        raise fail(
            "taken",
            Message(
                "the kitty is taken in {title} only by a bidder who chooses it, and nobody else sees it", title=c.title
            ),
        )
    gives = c is Contract.CHARLEMAGNE or state.source == "partner"
    given = state.passed is not None
    if given != (gives and state.phase not in ("give", "source")):
        raise fail("passed", Message("a card is passed only in Charlemagne, once, before the discards"))
    out_due = 0 if not c.is_solo or state.phase in ("source", "give") else (7 if gives else 8)
    if len(state.out) != out_due:
        raise fail(
            "out",
            Message("the partner throws away {out_due} cards at this point of {title}", out_due=out_due, title=c.title),
        )
    due = _discards_due(state)
    if state.phase in ("source", "give"):
        if state.discards:
            raise fail("discards", Message("the discards come after the kitty and the passed card"))
    elif not (len(state.discards) < due if state.phase == "discard" else len(state.discards) == due):
        raise fail(
            "discards",
            Message("the bidder discards {due} cards in {title} before trump is named", due=due, title=c.title),
        )
    if state.phase != "play":
        if state.trick or any(state.won) or any(state.tricks):
            raise fail("trick", Message("no trick is played before the play starts"))
        held = HAND_SIZE + (2 if taken else 0) + (1 if given else 0) - len(state.discards)
        want = [0 if (s == p and c.is_solo and state.phase not in ("source", "give")) else HAND_SIZE for s in range(4)]
        want[b] = held
        if n != want:
            raise fail("hands", Message("the hands should have {want} cards, not {n}", want=want, n=n))
        return
    order = _ORDERS[state.leader, p if c.is_solo else None]
    size = len(order)
    done = state.tricks[0] + state.tricks[1]
    if len(state.trick) >= size or (state.winner is not None and state.trick):
        raise fail(
            "trick",
            Message("a trick in progress has at most {value} cards, and none once the match is over", value=size - 1),
        )
    consistency.check_won(state.won, state.tricks, size)
    if done > TRICKS:
        raise fail("tricks", Message("a hand has {TRICKS} tricks, not {done}", TRICKS=TRICKS, done=done))
    for s in range(SEATS):
        played = 1 if s in order[: len(state.trick)] else 0
        want_n = 0 if (c.is_solo and s == p) else HAND_SIZE - done - played
        if n[s] != want_n:
            raise fail(
                f"hands[{s}]", Message("hand {s} has {n} cards; it should have {want_n}", s=s, n=n[s], want_n=want_n)
            )


def _check_play(state: State) -> None:
    """The bidder's kitty cards and passed card, and the tricks as a possible play (charlemagne.trick.winner)."""
    c, b = state.contract, state.bidder
    bidders = _check_bidders_cards(state)
    if state.phase != "play" or c is None or b is None:
        if state.winner is not None:
            raise fail("winner", Message("the match is won only at the end of a hand"))
        first = (state.dealer + 1) % SEATS
        if state.leader != first or state.last_leader != first or state.last_trick:
            raise fail(
                "leader", Message("before the play seat {first} is the leader, and there is no last trick", first=first)
            )
        if state.history:
            raise fail("history", Message("no trick is played before the play"))
        return
    partner = (b + 2) % SEATS if c.is_solo else None
    first = b if c.is_solo else (b + 1) % SEATS
    trump = state.trump
    play = consistency.TrickPlay(
        first, lambda lead: _ORDERS[lead, partner], lambda trick: _trick_winner(trick, trump), dict.fromkeys(bidders, b)
    )
    side = consistency.check_tricks(
        state.won, state.history, play, ("leader", state.leader, state.last_leader, state.last_trick)
    )
    if state.winner is None:
        if _result(state, early=state.rules.end_when_decided) is not None:
            raise fail("tricks", Message("the hand is over but was not scored"), RULES["charlemagne.hand.end"])
        return
    made = _result(state, early=state.rules.end_when_decided)
    if made is None:
        raise fail("winner", Message("the match is won only at the end of a hand"))
    before = attrs.evolve(state, tricks=(state.tricks[0] - (side == 0), state.tricks[1] - (side == 1)))
    if side == consistency.NO_TRICK or _result(before, early=state.rules.end_when_decided) is not None:
        raise fail("tricks", Message("the hand was decided before its last trick"), RULES["charlemagne.hand.end"])
    if state.rounds[-1] != _hand_score(state, made):
        raise fail(f"rounds[{len(state.rounds) - 1}]", Message("the last hand's score is not that of the hand played"))


def _check_bidders_cards(state: State) -> tuple[Card, ...]:
    """
    The kitty cards taken and the passed card, which went to the bidder: each
    still in the bidder's hand or discards, or played (to the trick by the
    bidder; in a won trick, which :func:`_check_play` checks). Returns them.
    """
    b = state.bidder
    passed = () if state.passed is None else (state.passed,)
    if b is None:
        return ()
    if set(passed) & set(state.taken) or len(set(state.taken)) != len(state.taken):
        raise fail("passed", Message("the kitty cards taken and the card passed by the partner are different cards"))
    held = {*state.hands[b], *state.discards, *state.won[0], *state.won[1]}
    order = _order(state) if state.phase == "play" else ()
    for field, cards in (("taken", state.taken), ("passed", passed)):
        for card in cards:
            if card in state.trick:
                if order[state.trick.index(card)] != b:
                    raise fail(
                        "trick",
                        Message(
                            "the {card_name} went to the bidder, but another seat played it", card_name=CardName(card)
                        ),
                    )
            elif card not in held:
                raise fail(
                    field,
                    Message(
                        "the {card_name} went to the bidder, seat {b}, who no longer has it",
                        card_name=CardName(card),
                        b=b,
                    ),
                )
    return (*state.taken, *passed)


def _check_scores(state: State) -> None:
    """The hands' scores, the match points and the winner (charlemagne.score.*, charlemagne.match.target)."""
    over = state.winner is not None
    consistency.check_round_no(state.round_no, len(state.rounds), over, "hand")
    for i, r in enumerate(state.rounds):
        if sorted(r.points)[0] != 0 or max(r.points) not in _VALUES or len(r.items) != 1:
            raise fail(
                f"rounds[{i}].points",
                Message("every completed hand gives one team 5, 6, 7, 8, 15, 16, 30 or 32 points"),
            )
        if min(r.tally) < 0 or not 0 < sum(r.tally) <= TRICKS:
            raise fail(
                f"rounds[{i}].tally",
                Message("a hand's tally is the tricks won by each team, 1 to {TRICKS} in all", TRICKS=TRICKS),
            )
    single = state.rules.single_round
    consistency.check_match(state.rounds, state.match, state.winner, lambda m: _match_winner(m, single))
