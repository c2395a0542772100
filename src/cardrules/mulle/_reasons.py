"""Why a legal Mulle move is legal: each rule that could have refused it, and why it does not here."""

from __future__ import annotations

from cardrules import _messages
from cardrules.cards import Card, Rank
from cardrules.mulle._cards import _BHV
from cardrules.mulle._legal import _build_text, _owned, check_move, to_move
from cardrules.mulle._rules import RULES
from cardrules.mulle._state import Build, Capture, Move, State
from cardrules.rules import Items, Message, Reason

__all__ = ["reasons"]


def _r(rule: str, message: Message) -> Reason:
    return Reason(RULES[rule], message)


def reasons(state: State, move: Move) -> tuple[Reason, ...]:
    """
    Why *move* is legal here, rule by rule: for a capture the card's value, the groups it takes and
    (in the building game) that it leaves no group of its value behind; for a build the card, the
    value it makes, the card kept to take it and the owner's duties; for a trail the duty to
    capture and the owner's duties. Empty for a move that :func:`check_move` refuses (its
    violation says why).

    Rules: mulle.values, mulle.fishing.values, mulle.capture, mulle.capture.maximal,
    mulle.fishing.capture, mulle.build, mulle.build.scoring-card, mulle.build.lock, mulle.build.keep,
    mulle.build.owner, mulle.capture.duty, mulle.trail

    Example:
        >>> s = mulle.new_game(seed=3)
        >>> trail = next(m for m in mulle.legal_moves(s) if isinstance(m, mulle.Trail))
        >>> for reason in mulle.reasons(s, trail):
        ...     print(reason)
        [mulle.turn] it is your turn, and the 2C is in your hand
        [mulle.build.owner] you own no build on the table, so you may trail
        [mulle.capture.duty] your 2C can capture nothing, so you may trail it
        [mulle.trail] the 2C is laid face up on the table
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if check_move(state, move) is not None:
        return ()
    seat = to_move(state)
    assert seat is not None  # a legal move: the match goes on
    turn = _r("mulle.turn", Message("it is your turn, and the {card} is in your hand", card=move.card))
    if isinstance(move, Capture):
        return (turn, *_capture(state, move))
    if isinstance(move, Build):
        return (turn, *_build(state, seat, move))
    return (turn, *_trail(state, seat, move.card))


def _capture(state: State, move: Capture) -> tuple[Reason, ...]:
    card, t = move.card, move.value
    out: list[Reason] = []
    if state.rules.building:
        out.append(_r("mulle.values", Message("your {card} counts {value} from the hand", card=card, value=t)))
    elif card.rank is Rank.ACE:
        out.append(
            _r("mulle.fishing.values", Message("your {card} counts 1 or 14, and you take {value}", card=card, value=t))
        )
    else:
        out.append(_r("mulle.fishing.values", Message("your {card} counts {value}", card=card, value=t)))
    if not state.rules.building:
        out.append(Reason(RULES["mulle.fishing.capture"], _groups(move.taken, t)))
        out.append(_r("mulle.fishing.capture", Message("in the fishing game you choose which groups to take, if any")))
        return tuple(out)
    if move.taken:
        out.append(Reason(RULES["mulle.capture"], _groups(move.taken, t)))
    builds = [b for b in state.builds if b.value == t]
    if builds:
        out.append(
            _r(
                "mulle.capture",
                Message(
                    "every build worth {value} is taken with it: {builds}",
                    value=t,
                    builds=" ".join(map(_build_text, builds)),
                ),
            )
        )
    out.append(
        _r(
            "mulle.capture.maximal",
            Message("no loose card and no group of loose cards worth {value} is left on the table", value=t),
        )
    )
    return tuple(out)


def _groups(taken: tuple[Card, ...], value: int) -> Message:
    """``the 9D is worth 9``, ``2S 3H 4H make groups each worth 9``."""
    return Message.counted(
        "the {cards} is worth {value}",
        "{cards} make groups each worth {value}",
        len(taken),
        cards=Items(taken, "cards"),
        value=value,
    )


def _build(state: State, seat: int, move: Build) -> tuple[Reason, ...]:
    card, value, onto = move.card, move.value, move.onto
    out = [_r("mulle.build.scoring-card", Message("the {card} is not a scoring card, so it may be built", card=card))]
    if isinstance(onto, Card):
        out.append(
            _r(
                "mulle.build",
                Message("{card} on the {onto} makes {value}, from 2 to 16", card=card, onto=onto, value=value),
            )
        )
    else:
        b = state.builds[onto]
        if b.value == value:
            out.append(
                _r(
                    "mulle.build.lock",
                    Message(
                        "this ruleset allows locking builds, and the {card} locks the build {build} at {value}",
                        card=card,
                        build=_build_text(b),
                        value=value,
                    ),
                )
            )
        else:
            out.append(
                _r(
                    "mulle.build.lock",
                    Message("the build {build} is not locked, so it may be raised", build=_build_text(b)),
                )
            )
            out.append(
                _r(
                    "mulle.build",
                    Message(
                        "{card} on the build {build} makes {value}, from 2 to 16",
                        card=card,
                        build=_build_text(b),
                        value=value,
                    ),
                )
            )
    hand = list(state.hands[seat])
    hand.remove(card)
    keep = next(c for c in hand if _BHV[c] == value)
    out.append(
        _r("mulle.build.keep", Message("you keep the {keep}, worth {value}, to take it", keep=keep, value=value))
    )
    out.extend(_owner(state, seat, card))
    return tuple(out)


def _owner(state: State, seat: int, card: Card) -> list[Reason]:
    """Why the owner's last-card duty does not stop *card* (said only to a seat that owns a build)."""
    v = _BHV[card]
    if not any(b.value == v for b in _owned(state, seat)):
        return []
    return [
        _r(
            "mulle.build.owner",
            Message(
                "you own a build of {value}, but the {card} is not your last card worth {value}", value=v, card=card
            ),
        )
    ]


def _trail(state: State, seat: int, card: Card) -> tuple[Reason, ...]:
    if not state.rules.building:
        return (
            _r("mulle.fishing.capture", Message("capturing is free in the fishing game: any card may be trailed")),
            _r("mulle.trail", Message("the {card} is laid face up on the table", card=card)),
        )
    out = [_r("mulle.build.owner", Message("you own no build on the table, so you may trail"))]
    if state.rules.capture_duty == "card":
        out.append(_r("mulle.capture.duty", Message("your {card} can capture nothing, so you may trail it", card=card)))
    else:
        out.append(
            _r(
                "mulle.capture.duty",
                Message("no card in your hand can capture or build, so you may trail (capture_duty=hand)"),
            )
        )
    out.append(_r("mulle.trail", Message("the {card} is laid face up on the table", card=card)))
    return tuple(out)
