"""What a Mulle move did, in public terms: :func:`events`."""

from __future__ import annotations

from cardrules import _messages
from cardrules._kit.narration import event
from cardrules.engine import Event
from cardrules.mulle._play import _turn_of
from cardrules.mulle._state import Build, Capture, Move, State, Trail
from cardrules.rules import Items, Message


def _seats(seats: tuple[int, ...]) -> Message:
    """``seat 1``, or ``seats 0 and 2`` for a team."""
    if len(seats) == 1:
        return Message("seat {seat}", seat=seats[0])
    return Message("seats {seats}", seats=Items(seats, "and"))


def _cards(cards: tuple[object, ...]) -> Items:
    """Cards as the notation lists them (``5H 5D``), or by name in words."""
    return Items(cards, "cards")


def events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """
    What *move* did, from *before* to *after*, in public terms.

    Kinds: ``capture``, ``mulle``, ``tabbe``, ``build``, ``trail``, ``deal``
    (a later deal, or the next round's deal with its face-up table cards),
    ``round`` (the round scored, leftovers taken), ``match``.
    """
    _messages.check_transition("Mulle", State, Capture | Build | Trail, (before, move, after))
    seat = before.to_play
    turn = after.history[-1] if after.round_no == before.round_no and after.winner is None else None
    if turn is None:  # the round ended: find the turn from the move
        turn = _turn_of(before, move)
    out: list[Event] = []
    if isinstance(move, Capture):
        taken = (*move.taken, *(c for b in turn.builds for c in b))
        if taken:
            said = Message("seat {seat} plays {card} and takes {cards}", seat=seat, card=move.card, cards=_cards(taken))
        else:
            said = Message("seat {seat} plays {card} and takes nothing", seat=seat, card=move.card)
        out.append(event("capture", "mulle.capture", seat, (move.card, *taken), 0, said))
        for m in turn.mulles:
            rule = "mulle.fishing.mulle" if not before.rules.building else (
                "mulle.mulle.double" if m.double else "mulle.mulle.twin")  # fmt: skip
            said = Message("double mulle {card}", card=m.card) if m.double else Message("mulle {card}", card=m.card)
            out.append(event("mulle", rule, seat, (m.card,), m.points, said))
        if turn.tabbe:
            said = Message("seat {seat} clears the table: tabbe", seat=seat)
            out.append(event("tabbe", "mulle.tabbe", seat, (), 1, said))
    elif isinstance(move, Build):
        onto = (move.onto,) if not isinstance(move.onto, int) else before.builds[move.onto].cards
        said = Message(
            "seat {seat} builds {value}: {card} on {cards}",
            seat=seat,
            value=move.value,
            card=move.card,
            cards=_cards(onto),
        )
        out.append(event("build", "mulle.build", seat, (move.card, *onto), 0, said))
    else:
        said = Message("seat {seat} trails {card}", seat=seat, card=move.card)
        out.append(event("trail", "mulle.trail", seat, (move.card,), 0, said))
    if after.round_no == before.round_no and after.winner is None and after.deal_no != before.deal_no:
        short = any(len(hand) < after.rules.hand_size for hand in after.hands)  # the fishing game's last deal
        rule = "mulle.deal.last" if short else "mulle.deal.later"
        said = Message("deal {number} of the round", number=after.deal_no + 1)
        out.append(event("deal", rule, None, (), 0, said))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        names = [_seats(seats) for seats in after.rules.sides]
        pts = [Message("{side} {points}", side=name, points=p) for name, p in zip(names, result.points, strict=True)]
        said = Message("round over: {points}", points=Items(pts, "comma"))
        out.append(event("round", "mulle.round.leftovers", None, (), 0, said))
        if after.winner is not None:
            w = after.winner
            rest = [Message("{side} {points}", side=names[i], points=p) for i, p in enumerate(after.match) if i != w]
            others = Items(rest, "comma")
            if len(after.rules.sides[w]) == 1:
                said = Message(
                    "{side} wins the match with {points} (against {others})",
                    side=names[w],
                    points=after.match[w],
                    others=others,
                )
            else:
                said = Message(
                    "{side} win the match with {points} (against {others})",
                    side=names[w],
                    points=after.match[w],
                    others=others,
                )
            ending = "mulle.krypmulle" if after.rules.krypmulle else "mulle.match.target"
            out.append(event("match", ending, None, (), 0, said))
        else:
            out.extend(deal_events(after, rule="mulle.deal.rotation"))  # the next round, dealt by the next seat
    return tuple(out)


def deal_events(state: State, *, rule: str = "mulle.deal") -> tuple[Event, ...]:
    """
    What everyone sees of the round's deal: the dealer and the cards dealt face up to the table
    (citing *rule*: the deal, or after a round the rotation of the deal); for a round entered from
    the table, the table as it lay then (loose cards, builds, captured piles).
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    rules = state.rules
    start = state.start
    if start is None:
        from cardrules.mulle._position import dealt_table  # here: _position imports the state's modules

        table = dealt_table(state)
        said = Message(
            "seat {seat} deals {count} cards each and {cards} face up to the table",
            seat=state.dealer,
            count=rules.hand_size,
            cards=_cards(table),
        )
        return (event("deal", rule, state.dealer, table, 0, said),)
    names = [_seats(seats) for seats in rules.sides]
    if start.table:
        parts = [Message("{cards} on the table", cards=_cards(start.table))]
    else:
        parts = [Message("no loose card on the table")]
    for b in start.builds:
        # a build as the notation writes it ([3C+6D]), in every language
        build = "+".join(map(str, b.cards))
        if b.locked:
            parts.append(
                Message("build [{cards}] = {value}, seat {seat}'s, locked", cards=build, value=b.value, seat=b.owner)
            )
        else:
            parts.append(Message("build [{cards}] = {value}, seat {seat}'s", cards=build, value=b.value, seat=b.owner))
    taken = []
    for side, name in enumerate(names):
        known, hidden = len(start.taken[side]), start.hidden[side]
        if hidden:
            taken.append(Message("{side} {count} ({hidden} not shown)", side=name, count=known + hidden, hidden=hidden))
        else:
            taken.append(Message("{side} {count}", side=name, count=known + hidden))
    mulles = [
        Message("{side} {cards}", side=names[s], cards=_cards(tuple(m.card for m in found)))
        for s, found in enumerate(start.mulles)
        if found
    ]
    said = Message(
        "the round as it lies on the table, dealt by seat {seat}, in deal {deal} after {plays} plays: {parts}; "
        "cards taken: {taken}{mulles}{last}",
        seat=state.dealer,
        deal=_deal_of(state),
        plays=start.plays,
        parts=Items(parts, "semicolon"),
        taken=Items(taken, "comma"),
        mulles=Message("; mulles: {mulles}", mulles=Items(mulles, "comma")) if mulles else "",
        last="" if start.last_capture is None else Message("; seat {seat} captured last", seat=start.last_capture),
    )
    cards = (*start.table, *(c for b in start.builds for c in b.cards))
    return (event("deal", "mulle.deal", state.dealer, cards, 0, said),)


def _deal_of(state: State) -> int:
    """The deal (from 1) in which a round entered from the table was taken up."""
    from cardrules.mulle._deal import schedule

    assert state.start is not None
    plan = schedule(state.rules, state.dealer, state.start.plays)
    return (plan[2] if plan is not None else state.deal_no) + 1
