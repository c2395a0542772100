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
    (a later deal), ``round`` (the round scored, leftovers taken), ``match``.
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
    return tuple(out)
