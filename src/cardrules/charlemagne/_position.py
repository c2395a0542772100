"""
Charlemagne's position notation (see :doc:`/positions/charlemagne`): the body after ``p1
charlemagne``, written by :func:`position` and read by :func:`from_position`.

The fields, in this order: ``dealer calls phase source hands kitty taken passed discards out trump
leader trick won last_leader rounds``. Left out because the other fields give them: the bidder and
the contract (the last bid of ``calls``), the tricks won (the won cards), the last trick (the end
of the last winner's pile), the match points (the sum of ``rounds``), the winner and the hand
number. The match seed and the undealt decks are not written: a state read back has seed 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast, get_args

from cardrules._kit import position as _pos
from cardrules.cards import Card
from cardrules.charlemagne._cards import _FRENCH, _HAND_ORDER, PACK, _sorted_hand
from cardrules.charlemagne._check import _match_winner
from cardrules.charlemagne._observe import _open_hand
from cardrules.charlemagne._rules import RULES
from cardrules.charlemagne._ruleset import CharlemagneRuleset
from cardrules.charlemagne._state import _LADDER, SEATS, Contract, Phase, Source, State
from cardrules.errors import InvalidPositionError
from cardrules.rules import Message

NAMES: Final = (
    "dealer",
    "calls",
    "phase",
    "source",
    "hands",
    "kitty",
    "taken",
    "passed",
    "discards",
    "out",
    "trump",
    "leader",
    "trick",
    "won",
    "last_leader",
    "rounds",
)
"""The fields of a Charlemagne position, in their order."""

_CALL_TEXT: Final = {c: c.value.replace(" ", "-") for c in _LADDER}
_CALLS: Final[dict[str, Contract | None]] = {"pass": None} | {t: c for c, t in _CALL_TEXT.items()}
_TRUMP: Final = {s.letter: s for s in _FRENCH}
_PHASES: Final = get_args(Phase)
_SOURCES: Final = get_args(Source)

Zone = tuple[Card, ...] | int
"""The cards of a zone, or only its size (``?2``) when the writer may not see them."""


# --- writing -----------------------------------------------------------------------


def _zone_text(cards: Sequence[Card], shown: bool) -> str:
    return _pos.cards_text(cards) if shown else f"?{len(cards)}"


def position(state: State, seat: int | None) -> str:
    """
    The body of *state*'s position. With *seat*, what that seat may not see (``charlemagne.hidden``)
    is written only by its size: the other hands (the Gros Mulot bidder's once it is face up
    excepted), the kitty, the kitty cards taken and the discards (but to the bidder), the
    partner's card (but to the partner and the bidder) and the thrown-away cards (but to the
    partner).
    """
    s = state
    everything = seat is None
    bidder = everything or seat == s.bidder
    partner = everything or seat == s.partner
    opened = s.bidder if s.bidder is not None and _open_hand(s) else None
    hands = "/".join(_zone_text(h, everything or i in (seat, opened)) for i, h in enumerate(s.hands))
    passed = () if s.passed is None else (s.passed,)
    values = (
        str(s.dealer),
        ",".join(_CALL_TEXT[c] if c is not None else "pass" for c in s.calls) or "-",
        s.phase,
        s.source or "-",
        hands,
        _zone_text(s.kitty, everything),
        _zone_text(s.taken, bidder),
        _zone_text(passed, bidder or partner),
        _zone_text(s.discards, bidder),
        _zone_text(s.out, partner),
        "-" if s.trump is None else s.trump.letter,
        str(s.leader),
        _pos.cards_text(s.trick),
        _pos.hands_text(s.won, None),
        str(s.last_leader),
        _pos.rounds_text(s.rounds),
    )
    return " ".join(f"{name}={value}" for name, value in zip(NAMES, values, strict=True))


# --- reading -----------------------------------------------------------------------


def _zone(text: str, field: str) -> Zone:
    if text.startswith("?"):
        return _pos.parse_int(text[1:], field, 0, len(PACK))
    return _pos.parse_cards(text, PACK, field)


def _choice(text: str, allowed: Sequence[str], field: str) -> str:
    if text not in allowed:
        said = Message("expected one of {allowed}, got {text}", allowed=", ".join(allowed), text=repr(text[:40]))
        raise InvalidPositionError(said, field)
    return text


def _calls(text: str) -> tuple[Contract | None, ...]:
    if text == "-":
        return ()
    words = text.split(",")
    if len(words) > SEATS:
        raise InvalidPositionError(Message("there are at most four calls, not {count}", count=len(words)), "calls")
    for w in words:
        _choice(w, tuple(_CALLS), "calls")
    return tuple(_CALLS[w] for w in words)


def _located(named: Sequence[tuple[str, Sequence[Card]]]) -> set[Card]:
    """Every card the text lists, each once: raises for a card listed twice, naming the second field."""
    seen: dict[Card, str] = {}
    for field, cards in named:
        for card in cards:
            if card in seen:
                if seen[card] == field:
                    said = Message("{card} is listed twice", card=card)
                else:
                    said = Message("{card} is listed also in {field}", card=card, field=seen[card])
                raise InvalidPositionError(said, field.split("[")[0].split(" ")[0], rule=RULES["charlemagne.deal"])
            seen[card] = field
    return set(seen)


def _shown(zones: dict[str, Zone]) -> list[tuple[str, Sequence[Card]]]:
    """The zones given as cards; not the records of the kitty cards taken and the partner's card."""
    return [(f, z) for f, z in zones.items() if not isinstance(z, int) and f not in ("taken", "passed")]


def _fill(zones: dict[str, Zone], hands: list[Zone], bidder: int | None) -> None:
    """
    Fill the zones given by size (in place): the unseen cards in pack order go to the hidden
    hands seat by seat, then the kitty, the discards and the thrown-away cards. A partner's card
    that is known but nowhere listed goes first to the bidder's hidden discards, else hand.
    """
    hand_zones = {f"hands[{i}]": h for i, h in enumerate(hands)}
    located = _located([*_shown(hand_zones), *_shown(zones)])
    unseen = [c for c in PACK.cards if c not in located]
    reserved = _reserve(zones, hands, bidder, unseen)
    filled, rest = _pos.fill_unknown(hands, unseen, _HAND_ORDER)
    hands[:] = filled
    for field in ("kitty", "discards", "out"):
        zone = zones[field]
        if isinstance(zone, int):
            if zone > len(rest):
                said = Message("{count} hidden cards, but only {unseen} cards are unseen", count=zone, unseen=len(rest))
                raise InvalidPositionError(said, field)
            zones[field], rest = rest[:zone], rest[zone:]
    if rest:
        if len(rest) == 1:
            said = Message("{cards} is in no hand, pile or trick", cards=_pos.cards_text(rest))
        else:
            said = Message("{cards} are in no hand, pile or trick", cards=_pos.cards_text(rest))
        raise InvalidPositionError(said, "hands")
    if reserved is not None and bidder is not None:
        card, in_discards = reserved
        if in_discards:
            zones["discards"] = (card, *cast(tuple[Card, ...], zones["discards"]))
        else:
            hands[bidder] = _sorted_hand((*cast(tuple[Card, ...], hands[bidder]), card))


def _reserve(
    zones: dict[str, Zone], hands: list[Zone], bidder: int | None, unseen: list[Card]
) -> tuple[Card, bool] | None:
    """
    Take a known partner's card that no zone lists out of *unseen*, making room for it in the
    bidder's hidden discards (else hand). Returns the card and whether it goes to the discards.
    """
    passed = zones["passed"]
    if isinstance(passed, int) or not passed or passed[0] not in unseen or bidder is None:
        return None
    card = passed[0]
    unseen.remove(card)
    discards, hand = zones["discards"], hands[bidder]
    if isinstance(discards, int) and discards:
        zones["discards"] = discards - 1
        return card, True
    if isinstance(hand, int) and hand:
        hands[bidder] = hand - 1
        return card, False
    raise InvalidPositionError(
        Message("the partner's card {card} is nowhere the bidder can have it", card=card), "passed"
    )


def _records(zones: dict[str, Zone], hands: Sequence[Zone], bidder: int | None) -> None:
    """
    Name the hidden kitty cards taken and partner's card (in place): the first cards, in pack
    order, of the bidder's discards and hand that no other record names.
    """
    if bidder is None:
        for field in ("taken", "passed"):
            if zones[field]:
                raise InvalidPositionError(Message("nothing goes to the bidder before the bidding is over"), field)
            zones[field] = ()
        return
    mine = cast(tuple[Card, ...], hands[bidder]) + cast(tuple[Card, ...], zones["discards"])
    for field in ("taken", "passed"):
        want = zones[field]
        if not isinstance(want, int):
            continue
        named = {c for f in ("taken", "passed") if not isinstance(z := zones[f], int) for c in z}
        free = [c for c in sorted(mine, key=_HAND_ORDER.__getitem__) if c not in named]
        if want > len(free):
            raise InvalidPositionError(Message("the bidder has no {count} cards to have received", count=want), field)
        zones[field] = tuple(free[:want])


def from_position(rules: CharlemagneRuleset, body: str) -> State:
    """
    The state a position's *body* describes (the envelope then checks it). Zones given by size
    are filled deterministically (see :func:`_fill` and :func:`_records`).
    """
    f = _pos.fields(body, NAMES)
    pack = PACK
    dealer = _pos.parse_int(f["dealer"], "dealer", 0, SEATS - 1)
    calls = _calls(f["calls"])
    phase = cast(Phase, _choice(f["phase"], _PHASES, "phase"))
    source = None if f["source"] == "-" else cast(Source, _choice(f["source"], _SOURCES, "source"))
    hands = _pos.parse_hands(
        f["hands"], pack, SEATS, players=RULES["charlemagne.players"], pack_rule=RULES["charlemagne.deal"]
    )
    zones = {name: _zone(f[name], name) for name in ("kitty", "taken", "passed", "discards", "out")}
    if not isinstance(zones["passed"], int) and len(zones["passed"]) > 1:
        raise InvalidPositionError(Message("the partner passes one card"), "passed")
    trump = None if f["trump"] == "-" else _TRUMP[_choice(f["trump"], tuple(_TRUMP), "trump")]
    leader = _pos.parse_int(f["leader"], "leader", 0, SEATS - 1)
    trick = _pos.parse_cards(f["trick"], pack, "trick")
    won_parts = _pos.parse_hands(f["won"], pack, 2, "won")
    if any(isinstance(w, int) for w in won_parts):
        raise InvalidPositionError(
            Message("the won cards are public: write them"), "won", rule=RULES["charlemagne.hidden"]
        )
    won = cast(tuple[tuple[Card, ...], tuple[Card, ...]], tuple(won_parts))
    last_leader = _pos.parse_int(f["last_leader"], "last_leader", 0, SEATS - 1)
    rounds = _pos.parse_rounds(f["rounds"], 2)
    bidder: int | None = None
    contract: Contract | None = None
    if len(calls) == SEATS and any(c is not None for c in calls):
        i = max(k for k, c in enumerate(calls) if c is not None)
        bidder, contract = (dealer + 1 + i) % SEATS, calls[i]
    zones["trick"], zones["won 0"], zones["won 1"] = trick, won[0], won[1]
    _fill(zones, hands, bidder)
    _records(zones, hands, bidder)
    size = 3 if contract is not None and contract.is_solo else 4
    tricks = (len(won[0]) // size, len(won[1]) // size)
    last_trick = won[leader % 2][-size:] if any(tricks) else ()
    match = (sum(r.points[0] for r in rounds), sum(r.points[1] for r in rounds))
    winner = _match_winner(match, rules.single_round)
    passed = cast(tuple[Card, ...], zones["passed"])
    z = cast(dict[str, tuple[Card, ...]], zones)
    return State(
        rules, 0, (), len(rounds) - (winner is not None), dealer,
        tuple(cast(tuple[Card, ...], h) for h in hands), z["kitty"], phase, calls, bidder, contract, source,
        z["taken"], passed[0] if passed else None, z["discards"], z["out"],
        trump, leader, trick, won, tricks, last_trick, last_leader, match, rounds, winner,
    )  # fmt: skip
