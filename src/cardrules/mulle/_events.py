"""What a Mulle move did, in public terms: :func:`events`."""

from __future__ import annotations

from cardrules import _messages
from cardrules.engine import Event
from cardrules.mulle._play import _turn_of
from cardrules.mulle._state import Build, Capture, Move, State, Trail


def _seats(seats: tuple[int, ...]) -> str:
    """``seat 1``, or ``seats 0 and 2`` for a team."""
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


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
        out.append(
            Event("capture", "mulle.capture", seat, (move.card, *taken), 0,
                  f"seat {seat} plays {move.card} and takes {' '.join(map(str, taken)) or 'nothing'}")
        )  # fmt: skip
        for m in turn.mulles:
            rule = "mulle.fishing.mulle" if not before.rules.building else (
                "mulle.mulle.double" if m.double else "mulle.mulle.twin")  # fmt: skip
            out.append(
                Event("mulle", rule, seat, (m.card,), m.points, f"{'double ' if m.double else ''}mulle {m.card}")
            )
        if turn.tabbe:
            out.append(Event("tabbe", "mulle.tabbe", seat, (), 1, f"seat {seat} clears the table: tabbe"))
    elif isinstance(move, Build):
        onto = (move.onto,) if not isinstance(move.onto, int) else before.builds[move.onto].cards
        what = " ".join(map(str, onto))
        out.append(
            Event("build", "mulle.build", seat, (move.card, *onto), 0,
                  f"seat {seat} builds {move.value}: {move.card} on {what}")
        )  # fmt: skip
    else:
        out.append(Event("trail", "mulle.trail", seat, (move.card,), 0, f"seat {seat} trails {move.card}"))
    if after.round_no == before.round_no and after.winner is None and after.deal_no != before.deal_no:
        out.append(Event("deal", "mulle.deal.later", None, (), 0, f"deal {after.deal_no + 1} of the round"))
    if len(after.rounds) > len(before.rounds):
        result = after.rounds[-1]
        names = [_seats(seats) for seats in after.rules.sides]
        pts = ", ".join(f"{name} {p}" for name, p in zip(names, result.points, strict=True))
        out.append(Event("round", "mulle.round.leftovers", None, (), 0, f"round over: {pts}"))
        if after.winner is not None:
            w = after.winner
            rest = ", ".join(f"{names[i]} {p}" for i, p in enumerate(after.match) if i != w)
            verb = "wins" if len(after.rules.sides[w]) == 1 else "win"
            text = f"{names[w]} {verb} the match with {after.match[w]} (against {rest})"
            out.append(Event("match", "mulle.match.target", None, (), 0, text))
        else:
            out.extend(deal_events(after))
    return tuple(out)


def deal_events(state: State) -> tuple[Event, ...]:
    """
    What everyone sees of the round's deal: the dealer and the cards dealt face up to the table; for
    a round entered from the table, the table as it lay then (loose cards, builds, captured piles).
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    rules = state.rules
    start = state.start
    if start is None:
        from cardrules.mulle._position import dealt_table  # here: _position imports the state's modules

        table = dealt_table(state)
        text = (
            f"seat {state.dealer} deals {rules.hand_size} cards each and {' '.join(map(str, table))} "
            "face up to the table"
        )
        return (Event("deal", "mulle.deal", state.dealer, table, 0, text),)
    names = [_seats(seats) for seats in rules.sides]
    parts = [f"{' '.join(map(str, start.table)) or 'no loose card'} on the table"]
    parts += [
        f"build [{'+'.join(map(str, b.cards))}] = {b.value}, seat {b.owner}'s{', locked' if b.locked else ''}"
        for b in start.builds
    ]
    taken = []
    for side, name in enumerate(names):
        known, hidden = len(start.taken[side]), start.hidden[side]
        taken.append(f"{name} {known + hidden}" + (f" ({hidden} not shown)" if hidden else ""))
    mulles = [f"{names[s]} {' '.join(str(m.card) for m in found)}" for s, found in enumerate(start.mulles) if found]
    text = (
        f"the round as it lies on the table, dealt by seat {state.dealer}, in deal {_deal_of(state)} after "
        f"{start.plays} plays: {'; '.join(parts)}; cards taken: {', '.join(taken)}"
        + (f"; mulles: {', '.join(mulles)}" if mulles else "")
        + (f"; seat {start.last_capture} captured last" if start.last_capture is not None else "")
    )
    cards = (*start.table, *(c for b in start.builds for c in b.cards))
    return (Event("deal", "mulle.deal", state.dealer, cards, 0, text),)


def _deal_of(state: State) -> int:
    """The deal (from 1) in which a round entered from the table was taken up."""
    from cardrules.mulle._deal import schedule

    assert state.start is not None
    plan = schedule(state.rules, state.dealer, state.start.plays)
    return (plan[2] if plan is not None else state.deal_no) + 1
