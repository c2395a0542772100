"""Private helpers of the games' ``check_state``: located errors, sizes, round scores, trick histories."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from typing import Final, Literal, NamedTuple

from cardrules import _common
from cardrules.cards import Card, Pack
from cardrules.engine import RoundScore
from cardrules.errors import CardrulesError, InvalidRecordError
from cardrules.rules import Message, Rule

__all__ = [
    "NO_TRICK",
    "Ending",
    "TrickPlay",
    "check_counts",
    "check_decks",
    "check_history",
    "check_lengths",
    "check_match",
    "check_order",
    "check_rounds",
    "check_seat",
    "check_tricks",
    "fail",
    "last_trick_side",
    "trick_endings",
]

NO_TRICK: Final = -1
"""The side of the last trick in an :data:`Ending` when no trick has been completed."""

Ending = tuple[int, int, int]
"""How an order of a round's completed tricks ends: (leader now, leader of the last trick, side that won it)."""


def fail(field: str, message: str | Message, rule: Rule | None = None) -> InvalidRecordError:
    """
    The error for a bad *field* of a state document (``"hands"`` is ``$.state.hands``; ``""`` the
    state), citing *rule* where a rule of the game refuses it.
    """
    return InvalidRecordError(message, f"$.state.{field}" if field else "$.state", rule=rule)


def check_seat(value: int, seats: int, field: str, what: Literal["seat", "side"] = "seat") -> None:
    """A seat (or, with *what* ``"side"``, a side) number from 0 to ``seats - 1``."""
    if not 0 <= value < seats:
        if what == "side":
            raise fail(field, Message("sides are numbered 0 to {last}, not {value}", last=seats - 1, value=value))
        raise fail(field, Message("seats are numbered 0 to {last}, not {value}", last=seats - 1, value=value))


def check_lengths(fields: Mapping[str, Sized], count: int, what: Literal["seat", "side"]) -> None:
    """Each field holds *count* entries, one per *what* (``"seat"``, ``"side"``)."""
    for name, value in fields.items():
        if len(value) != count:
            raise fail(
                name,
                Message("needs one entry per side ({count}), not {got}", count=count, got=len(value))
                if what == "side"
                else Message("needs one entry per seat ({count}), not {got}", count=count, got=len(value)),
            )


def check_counts(fields: Mapping[str, Iterable[int]]) -> None:
    """No count of *fields* (each field's counts) is negative."""
    for name, counts in fields.items():
        if any(n < 0 for n in counts):
            raise fail(name, Message("counts cannot be negative"))


def check_order(fields: Mapping[str, Sequence[Card]], order: Mapping[Card, int]) -> None:
    """Each field's cards are in pack *order* (as hands and tables are kept)."""
    for name, cards in fields.items():
        if list(cards) != sorted(cards, key=order.__getitem__):
            raise fail(name, Message("the cards are not in pack order"))


def check_decks(decks: Sequence[Sequence[Card]], pack: Pack) -> None:
    """Each deck of ``pending_decks`` is the whole *pack*."""
    for i, deck in enumerate(decks):
        try:
            _common.check_deck(deck, pack)
        except CardrulesError as exc:
            raise fail(f"pending_decks[{i}]", str(exc)) from None


def check_rounds(rounds: Sequence[RoundScore], sides: int, tally_rules: frozenset[str] | None) -> None:
    """
    The completed rounds' scores: complete, one entry per side in ``tally`` and
    ``points``, items of real sides, and ``points`` the sum of the items (less
    those of *tally_rules*, whose sum is ``tally`` when given).
    """
    for i, r in enumerate(rounds):
        where = f"rounds[{i}]"
        if not r.complete:
            raise fail(f"{where}.complete", Message("a completed round's score is complete"))
        check_lengths({f"{where}.tally": r.tally, f"{where}.points": r.points}, sides, "side")
        points = [0] * sides
        tally = [0] * sides
        for k, item in enumerate(r.items):
            check_seat(item.side, sides, f"{where}.items[{k}].side", "side")
            counts = tally if tally_rules is not None and item.rule in tally_rules else points
            counts[item.side] += item.points
        for k, item in enumerate(r.unknown):
            check_seat(item.side, sides, f"{where}.unknown[{k}].side", "side")
            if item.points:
                raise fail(f"{where}.unknown[{k}].points", Message("an item whose points are unknown has 0 points"))
        if tuple(points) != r.points:
            raise fail(
                f"{where}.points",
                Message(
                    "the points {points} are not the sum of the items, {points2}", points=list(r.points), points2=points
                ),
            )
        if tally_rules is not None and tuple(tally) != r.tally:
            raise fail(
                f"{where}.tally",
                Message("the tally {tally} is not the sum of its items, {tally2}", tally=list(r.tally), tally2=tally),
            )


def check_won(won: Sequence[Sequence[Card]], tricks: Sequence[int], size: int) -> None:
    """Each side's pile of won cards holds *size* cards for each trick it took."""
    for side, (pile, count) in enumerate(zip(won, tricks, strict=True)):
        if len(pile) != size * count:
            said = Message(
                "side {side} holds {count} won cards for {tricks} tricks", side=side, count=len(pile), tricks=count
            )
            raise fail(f"won[{side}]", said)


def check_round_no(round_no: int, completed: int, over: bool, round_word: Literal["round", "hand"] = "round") -> None:
    """
    *round_no* counts the *completed* rounds (one fewer when the match is *over*: the last round
    ended it); Charlemagne's rounds are hands (*round_word*).
    """
    if round_no == completed - (1 if over else 0):
        return
    if round_word == "hand":
        said = Message("hand {round_no} does not follow {count} completed hands", round_no=round_no, count=completed)
    else:
        said = Message("round {round_no} does not follow {count} completed rounds", round_no=round_no, count=completed)
    raise fail("round_no", said)


def check_match(
    rounds: Sequence[RoundScore],
    match: Sequence[int],
    winner: int | None,
    winner_of: Callable[[tuple[int, ...]], int | None],
    extra: Sequence[int] = (),
) -> None:
    """
    The match points are the rounds' points (plus *extra*, scored in the round
    in progress); no round before the last ended the match; *winner* is the
    side ``winner_of`` the final points names, and only the last round can
    have decided it. Call it after :func:`check_rounds`.
    """
    sides = len(match)
    if winner is not None:
        check_seat(winner, sides, "winner", "side")
        if not rounds:
            raise fail("winner", Message("the match is won only at the end of a round"))
    total = [0] * sides
    for i, r in enumerate(rounds):
        total = [t + p for t, p in zip(total, r.points, strict=True)]
        if (winner is None or i < len(rounds) - 1) and winner_of(tuple(total)) is not None:
            raise fail(f"rounds[{i}]", Message("the match was over after this round, at {total}", total=total))
    if winner is not None and winner_of(tuple(total)) != winner:
        raise fail("winner", Message("side {winner} has not won the match at {total}", winner=winner, total=total))
    if extra:
        total = [t + e for t, e in zip(total, extra, strict=True)]
    if tuple(total) != tuple(match):
        raise fail(
            "match",
            Message("the match points {match} are not those of the rounds, {total}", match=list(match), total=total),
        )


class TrickPlay(NamedTuple):
    """
    How a trick game's round is played, as :func:`check_tricks` reads it: *first* leads the first
    trick, ``seats(leader)`` gives the seats playing a trick in order, ``winner(trick)`` the index of
    its winning card, and the winner (whose side is ``seat % 2``) leads the next. A card of *player*
    is played by that seat (the turn-up card by the dealer, the cards a bidder took by the bidder).
    """

    first: int
    seats: Callable[[int], Sequence[int]]
    winner: Callable[[tuple[Card, ...]], int]
    player: Mapping[Card, int]


def trick_endings(piles: Sequence[Sequence[Card]], size: int, play: TrickPlay) -> set[Ending]:
    """
    Every way the round's completed tricks can have been played (*play*).

    Each side's pile in *piles* is its tricks in the order won, each *size* cards, the leader's
    first, each won by that side. The result holds, for each order of the two piles' tricks that
    works, the leader now, the leader of the last trick and the side that won it (:data:`NO_TRICK`
    and ``play.first`` before the first trick).
    """
    first, seats, winner, player = play
    tricks = [[tuple(p[k : k + size]) for k in range(0, len(p), size)] for p in piles]
    start = (0, 0, first, first, NO_TRICK)
    seen = {start}
    todo = [start]
    ends: set[Ending] = set()
    while todo:
        i, j, lead, _, _ = node = todo.pop()
        if i == len(tricks[0]) and j == len(tricks[1]):
            ends.add(node[2:])
        order = seats(lead)
        for side, k in ((0, i), (1, j)):
            if k == len(tricks[side]):
                continue
            trick = tricks[side][k]
            if any(player.get(c, s) != s for c, s in zip(trick, order, strict=True)):
                continue
            w = order[winner(trick)]
            if w % 2 != side:
                continue
            nxt = (i + 1, j, w, lead, 0) if side == 0 else (i, j + 1, w, lead, 1)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return ends


def check_tricks(
    piles: Sequence[Sequence[Card]],
    history: Sequence[tuple[int, Sequence[Card]]],
    play: TrickPlay,
    now: tuple[str, int, int, Sequence[Card]],
) -> int:
    """
    Check that the won piles (*piles*) are a possible play of the round (*play*, see
    :func:`trick_endings`) ending as *now* says: ``(name of the leader field, leader now,
    last_leader, last_trick)``, and that *history* agrees (:func:`check_history`). Returns the side
    that won the last trick (:data:`NO_TRICK` for none).
    """
    leader_field, leader, last_leader, last_trick = now
    size = len(play.seats(play.first))
    ends = trick_endings(piles, size, play)
    if not ends:
        raise fail(
            "won",
            Message(
                "the won cards are no possible play of the round: each trick goes to its winner's side and the "
                "winner leads the next, from seat {first} leading the first, each card played by a seat that held it",
                first=play.first,
            ),
        )
    side = last_trick_side(piles, last_trick, size)
    ends = {e for e in ends if e[0] == leader}
    if not ends:
        raise fail(
            leader_field, Message("seat {leader} did not win the last trick, so does not lead now", leader=leader)
        )
    ends = {e for e in ends if e[1] == last_leader}
    if not ends:
        raise fail("last_leader", Message("seat {last_leader} did not lead the last trick", last_leader=last_leader))
    if not any(e[2] == side for e in ends):
        raise fail("last_trick", Message("the last trick is not the last trick of the round"))
    check_history(history, piles, play, (leader, last_leader, last_trick))
    return side


def last_trick_side(piles: Sequence[Sequence[Card]], last: Sequence[Card], size: int) -> int:
    """The side whose pile ends with the trick *last* (:data:`NO_TRICK` for none); raises if none does."""
    if not last:
        if any(piles):
            raise fail("last_trick", Message("tricks have been won this round, but the last trick is empty"))
        return NO_TRICK
    if len(last) != size:
        raise fail(
            "last_trick",
            Message("a completed trick has {size} cards, not {last_count}", size=size, last_count=len(last)),
        )
    for side, pile in enumerate(piles):
        if tuple(pile[-size:]) == tuple(last):
            return side
    raise fail("last_trick", Message("the last trick is not the last trick won by either side"))


def check_history(
    history: Sequence[tuple[int, Sequence[Card]]],
    piles: Sequence[Sequence[Card]],
    play: TrickPlay,
    now: tuple[int, int, Sequence[Card]],
) -> None:
    """
    Check a trick game's ``history``, the latest completed tricks of the round as ``(leader, cards)``:
    each trick played as *play* says (the seats in turn from its leader, each card of ``play.player``
    by its seat, each trick's winner leading the next, the first led by ``play.first`` when the history
    holds every trick of the round), the last ending as *now* says (``(leader now, last_leader,
    last_trick)``), and each side's tricks ending its won pile (*piles*) in the order won. An empty
    history is always accepted (a state read from a position).
    """
    if not history:
        return
    first, seats, winner, player = play
    done = sum(len(pile) for pile in piles)
    by_side: list[list[Card]] = [[] for _ in piles]
    leader_now, last_leader, last_trick = now
    expected: int | None = None
    for i, entry in enumerate(history):
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise fail(f"history[{i}]", Message("a trick of the history is (leader, cards)"))
        leader, cards = entry
        order = seats(leader)
        if len(cards) != len(order):
            raise fail(
                f"history[{i}]",
                Message(
                    "a completed trick has {order_count} cards, not {cards_count}",
                    order_count=len(order),
                    cards_count=len(cards),
                ),
            )
        if expected is not None and leader != expected:
            raise fail(
                f"history[{i}]",
                Message(
                    "seat {expected} won the trick before, so leads this one, not seat {leader}",
                    expected=expected,
                    leader=leader,
                ),
            )
        for seat, card in zip(order, cards, strict=True):
            if player.get(card, seat) != seat:
                raise fail(
                    f"history[{i}]",
                    Message(
                        "{card} is seat {player}'s to play, not seat {seat}'s",
                        card=card,
                        player=player[card],
                        seat=seat,
                    ),
                )
        expected = order[winner(tuple(cards))]
        by_side[expected % 2].extend(cards)
    played = sum(len(cards) for _, cards in history)
    if played > done:
        raise fail("history", Message("the history holds more tricks than the round has completed"))
    if played == done and history[0][0] != first:
        raise fail(
            "history[0]",
            Message(
                "seat {first} leads the first trick of the round, not seat {history}",
                first=first,
                history=history[0][0],
            ),
        )
    if expected != leader_now:
        raise fail(
            "history",
            Message(
                "seat {expected} won the last trick, so leads now, not seat {leader_now}",
                expected=expected,
                leader_now=leader_now,
            ),
        )
    if history[-1][0] != last_leader or tuple(history[-1][1]) != tuple(last_trick):
        raise fail("history", Message("the history's last trick is not last_trick, led by last_leader"))
    for side, (cards, pile) in enumerate(zip(by_side, piles, strict=True)):
        if cards and tuple(pile[-len(cards) :]) != tuple(cards):
            raise fail(
                "history",
                Message("the history's tricks won by side {side} are not the last of its won cards", side=side),
            )
