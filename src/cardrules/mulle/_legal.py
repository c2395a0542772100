"""Whose turn it is, the legal moves (:class:`MulleMoves`, lazy) and :func:`check_move` with its reasons."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, overload

from cardrules import _common, _messages
from cardrules.cards import Card, Rank
from cardrules.engine import LegalMoves
from cardrules.mulle._cards import _BHV, _FISHING_VALUES, _SCORING, _SUMS16, _TVAL, _hand_values, _sorted
from cardrules.mulle._families import _TRAILS, _building_families, _Captures, _Family, _random_capture
from cardrules.mulle._partition import find_group, partitionable, subset_sums
from cardrules.mulle._rules import RULES
from cardrules.mulle._ruleset import MulleRuleset
from cardrules.mulle._state import Build, Capture, Move, State, TableBuild, Trail, _capture, _state
from cardrules.rules import Message, Violation


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` once the match is over."""
    return None if state.winner is not None else state.to_play


def is_over(state: State) -> bool:
    """Whether the match is over (``mulle.match.target``)."""
    return state.winner is not None


def _loose_mask(state: State) -> int:
    return subset_sums([_TVAL[c] for c in state.table], 16)


def _can_capture(state: State, t: int, mask: int) -> bool:
    if (mask >> t) & 1:
        return True
    return state.rules.building and any(b.value == t for b in state.builds)


def _owned(state: State, seat: int) -> list[TableBuild]:
    return [b for b in state.builds if b.owner == seat]


def _owner_blocks(builds: Sequence[TableBuild], seat: int, hand: Sequence[Card], card: Card) -> int | None:
    """The value V if playing *card* other than to capture breaks mulle.build.owner's last-card rule."""
    v = _BHV[card]
    if any(b.value == v and b.owner == seat for b in builds) and sum(1 for c in hand if _BHV[c] == v) == 1:
        return v
    return None


def _build_targets(
    rules: MulleRuleset,
    hand: Sequence[Card],
    table: Sequence[Card],
    builds: Sequence[TableBuild],
    seat: int,
    card: Card,
) -> list[Build]:
    """
    Every legal build with *card* from *seat*'s *hand* (building rules), in table order: onto each
    distinct loose card of *table* (in pack order), then onto each build by index. Takes the parts
    of a position, not a state, so that the heuristic makes its candidates from an observation.
    """
    if not rules.building or card in _SCORING:
        return []
    if _owner_blocks(builds, seat, hand, card) is not None:
        return []
    rest = list(hand)
    rest.remove(card)
    keep = {_BHV[c] for c in rest}
    hv = _TVAL[card]
    out: list[Build] = []
    prev: Card | None = None
    for x in table:
        if x == prev:
            continue
        prev = x
        v = hv + _TVAL[x]
        if 2 <= v <= 16 and v in keep:
            out.append(Build(card, x, v))
    for i, b in enumerate(builds):
        if b.locked:
            continue
        v = b.value + hv
        if v <= 16 and v in keep:
            out.append(Build(card, i, v))
        if rules.locking_builds and b.value == hv and hv in keep:
            out.append(Build(card, i, hv))
    return out


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """The distinct cards of *cards*, in order (equal cards are adjacent in hands and on the table)."""
    return list(dict.fromkeys(cards))


def _trail_violation(state: State, seat: int, card: Card, mask: int) -> Violation | None:
    rules = state.rules
    if not rules.building:
        return None
    owned = _owned(state, seat)
    if owned:
        values = ", ".join(str(b.value) for b in owned)
        return Violation(
            RULES["mulle.build.owner"],
            Message(
                "you own a build ({values}) on the table, so you may not trail: capture or build instead", values=values
            ),
        )
    if rules.capture_duty == "card":
        t = _BHV[card]
        if _can_capture(state, t, mask):
            return Violation(
                RULES["mulle.capture.duty"],
                Message(
                    "your {card} can capture ({capture}), so you may not trail it",
                    card=card,
                    capture=_describe_capture(state, t),
                ),
            )
        return None
    for c in _distinct(state.hands[seat]):
        t = _BHV[c]
        if _can_capture(state, t, mask):
            return Violation(
                RULES["mulle.capture.duty"],
                Message(
                    "your {card} can capture ({capture}); with capture_duty=hand you may not "
                    "trail while any card can capture or build",
                    card=c,
                    capture=_describe_capture(state, t),
                ),
            )
        builds = _build_targets(rules, state.hands[seat], state.table, state.builds, seat, c)
        if builds:
            return Violation(
                RULES["mulle.capture.duty"],
                Message(
                    "you can build ({build}); with capture_duty=hand you may not "
                    "trail while any card can capture or build",
                    build=_format_build(state, builds[0]),
                ),
            )
    return None


def _describe_capture(state: State, t: int) -> Message | str:
    for b in state.builds:
        if b.value == t:
            return Message("the build {build}", build=_build_text(b))
    values = [_TVAL[c] for c in state.table]
    group = find_group(state.table, values, t)
    return "+".join(map(str, group)) if group else Message("a {value}", value=t)


def _build_text(b: TableBuild) -> str:
    return "[" + "+".join(map(str, b.cards)) + "]"


class MulleMoves(LegalMoves[Move]):
    """
    The legal moves of a Mulle position, produced lazily.

    Order: for each distinct hand card in pack order, its captures (by
    value, then in the capture engine's fixed order), then its builds (onto
    loose cards in table order, then onto builds by index), then its trail.

    * ``bool``, ``move in moves`` (decided by :func:`check_move`) and
      :meth:`sample` never list or count the captures: each takes
      milliseconds on any table. They hand out moves and remember nothing:
      :func:`apply` checks every move it is given, and the bots' trusted
      path (``GameSpec.trusted_apply``) is for the moves they hand out.
    * Iteration streams the moves in index order without counting: taking
      the first *k* moves costs about *k* walks down the card values, however
      many moves there are.
    * ``len`` and indexing count the captures exactly, without listing them
      (see the private module ``cardrules.mulle._captures``); each capture
      space keeps its counts (a bounded cache of capture spaces keyed by the
      table and the value, see :doc:`/design`), so asking again costs little,
      and a family of one capture is counted without the capture engine. On
      large tables of many small cards counting can take seconds (see the
      benchmark); prefer iteration, ``in`` and :meth:`sample` there.
    * For a move drawn uniformly among all the legal moves, use
      ``random.choice(moves)`` (or ``moves[rng.randrange(len(moves))]``, the
      same draw). On the tables of random play it costs several times
      :meth:`sample` (see :doc:`/performance`).

    :meth:`sample` is *not* uniform over all moves: it picks one family
    uniformly (each trail, each build, and each (card, value) group of
    captures is one family), then, for captures, draws groups one at a time,
    each uniformly among the sets of remaining loose cards summing to the
    value: under the building rules until no group is left (so the result is
    maximal), under the fishing rules stopping after each group with
    probability 1/2. Every legal move has a positive probability.
    """

    __slots__ = ("_families", "_seen")

    def __init__(self, state: State, families: list[_Family]) -> None:
        # Only what the mover may see is kept (never the state: a bot handed these moves must not
        # reach the other hands or the stock through them). Nothing is written after this.
        self._seen = (state.rules, state.to_play, state.hands[state.to_play], state.table, state.builds, state.winner)
        self._families = families

    def _position(self) -> State:
        """A state holding only what the mover sees (other hands and the stock empty), for :func:`check_move`."""
        return _mover_state(*self._seen)

    def _counted(self) -> tuple[list[int], int]:
        """Each family's number of moves, and the total (a capture space keeps its counts: :func:`capture_space`)."""
        each = [f.size() if isinstance(f, _Captures) else 1 for f in self._families]
        return each, sum(each)

    def __len__(self) -> int:
        return self._counted()[1]

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not isinstance(index, int):
            raise TypeError(f"move indices are whole numbers, not {type(index).__name__}")
        each, total = self._counted()
        if index < 0:
            index += total
            if index < 0:
                raise IndexError("move index out of range")
        for fam, size in zip(self._families, each, strict=True):
            if index < size:
                return fam.at(index) if isinstance(fam, _Captures) else fam
            index -= size
        raise IndexError("move index out of range")

    def __iter__(self) -> Iterator[Move]:
        for fam in self._families:
            if isinstance(fam, _Captures):
                for taken in fam.space:
                    yield fam.move(taken)
            else:
                yield fam

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Capture | Build | Trail):
            return False
        return check_move(self._position(), move) is None

    def __bool__(self) -> bool:
        return bool(self._families)

    def __repr__(self) -> str:
        kinds = Counter(type(f).__name__.lstrip("_") for f in self._families)
        return f"<MulleMoves: {', '.join(f'{n} {k}' for k, n in kinds.items()) or 'none'}>"

    def sample(self, rng: random.Random) -> Move:
        families = self._families
        if not families:
            raise IndexError("no legal move: the match is over")
        fam = rng.choice(families)  # uniform: randrange's draw
        if isinstance(fam, _Captures):  # the family's move, _Captures.move written out
            return _capture(fam[0], _random_capture(fam[2], fam[1], fam[3], rng), fam[1])
        return fam

    def families(self) -> int:
        """The number of families :meth:`sample` chooses among."""
        return len(self._families)


def legal_moves(state: State) -> MulleMoves:
    """
    The legal moves of the seat to move: a lazy read-only sequence (:class:`MulleMoves`).

    Empty only when the match is over.

    Rules: mulle.capture, mulle.capture.maximal, mulle.capture.duty, mulle.fishing.capture,
    mulle.build, mulle.build.keep, mulle.build.scoring-card, mulle.build.owner, mulle.build.lock, mulle.trail

    Example:
        >>> s = mulle.new_game(mulle.FISHING, seed=1)
        >>> moves = mulle.legal_moves(s)
        >>> bool(moves) and moves[0] in moves
        True
    """
    if state.winner is not None:
        return MulleMoves(state, [])
    seat = state.to_play
    rules = state.rules
    table = state.table
    families: list[_Family]
    if rules.style == "building":
        families = _building_families(state, seat)
    else:
        tval = _TVAL
        full = _SUMS16
        sums = 1  # bit s: some loose cards sum to s
        for x in table:
            sums = (sums | (sums << tval[x])) & full
        families = []
        append = families.append
        fishing = _FISHING
        prev = None
        for card in state.hands[seat]:
            if card is prev:  # equal cards are adjacent in a hand
                continue
            prev = card
            t, bit, high, trail = fishing[card]
            if sums & bit:
                append(_Captures((card, t, table, False, False)))
            if sums & high:  # an ace also captures 14
                append(_Captures((card, 14, table, False, False)))
            append(trail)
    return MulleMoves(state, families)


_FISHING: Final = {
    c: (values[0], 1 << values[0], 1 << values[1] if len(values) > 1 else 0, _TRAILS[c])
    for c, values in _FISHING_VALUES.items()
}
"""Per card, fishing rules: its value, the value's bit, the bit of an ace's second value 14 (else 0), its trail."""


def _mover_state(
    rules: MulleRuleset,
    seat: int,
    hand: tuple[Card, ...],
    table: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    winner: int | None,
) -> State:
    """A state with what the seat to move sees and nothing hidden: legality depends on nothing else."""
    n = len(rules.sides)
    hands = tuple(hand if s == seat else () for s in range(rules.players))
    none: tuple[()] = ()
    return _state(
        rules=rules,
        seed=0,
        pending_decks=(),
        round_no=0,
        dealer=0,
        deal_no=0,
        stock=(),
        hands=hands,
        table=table,
        builds=builds,
        to_play=seat,
        captured=(none,) * n,
        tabbes=(0,) * n,
        mulles=(none,) * n,
        last_capture=None,
        history=(),
        match=(0,) * n,
        rounds=(),
        winner=winner,
    )


def _capture_violation(state: State, seat: int, move: Capture) -> Violation | None:
    rules = state.rules
    card, t = move.card, move.value
    if t not in _hand_values(rules, card):
        if rules.building:
            return Violation(
                RULES["mulle.values"],
                Message("your {card} counts {value} from the hand, not {given}", card=card, value=_BHV[card], given=t),
            )
        if card.rank is Rank.ACE:
            counts = Message("your {card} counts 1 or 14, not {given}", card=card, given=t)
        else:
            counts = Message("your {card} counts {value}, not {given}", card=card, value=_TVAL[card], given=t)
        return Violation(RULES["mulle.fishing.values"], counts)
    table = Counter(state.table)
    want = Counter(move.taken)
    for c, k in want.items():
        if table[c] < k:
            inside = any(c in b.cards for b in state.builds)
            if inside:
                missing = Message.counted(
                    "there is no {card} loose on the table; a build is taken only whole, by its own value",
                    "there are not {count} of {card} loose on the table; a build is taken only whole, by its own value",
                    k,
                    card=c,
                )
            else:
                missing = Message.counted(
                    "there is no {card} on the table", "there are not {count} of {card} on the table", k, card=c
                )
            return Violation(RULES["mulle.capture"], missing)
    builds = [b for b in state.builds if b.value == t] if rules.building else []
    if not move.taken and not builds:
        rule = RULES["mulle.capture"] if rules.building else RULES["mulle.fishing.capture"]
        return Violation(rule, Message("a capture must take something: your {card} takes no card", card=card))
    for c in move.taken:
        if _TVAL[c] > t:
            return Violation(
                RULES["mulle.capture"],
                Message(
                    "the {taken} counts {value}, more than your {card}'s {given}",
                    taken=c,
                    value=_TVAL[c],
                    card=card,
                    given=t,
                ),
            )
    if not partitionable(list(Counter(_TVAL[c] for c in move.taken).items()), t):
        return Violation(
            RULES["mulle.capture"],
            Message(
                "{cards} cannot be split into groups each summing to {value}",
                cards=" ".join(map(str, move.taken)),
                value=t,
            ),
        )
    if rules.building:
        left = list((table - want).elements())
        left = list(_sorted(left))
        group = find_group(left, [_TVAL[c] for c in left], t)
        if group is not None:
            return Violation(
                RULES["mulle.capture.maximal"],
                Message(
                    "you must take every {value} and every group summing to {value}: this capture leaves "
                    "{group} on the table",
                    value=t,
                    group="+".join(map(str, group)),
                ),
            )
    return None


def _build_violation(state: State, seat: int, move: Build) -> Violation | None:
    rules = state.rules
    card = move.card
    if not rules.building:
        return Violation(RULES["mulle.fishing.capture"], Message("there are no builds in the fishing game"))
    if card in _SCORING:
        return Violation(
            RULES["mulle.build.scoring-card"],
            Message(
                "the {card} is a scoring card (an ace, the 2 of spades or the 10 of diamonds) and may not be "
                "built from the hand",
                card=card,
            ),
        )
    hv = _TVAL[card]
    onto = move.onto
    lock = False
    if isinstance(onto, Card):
        if onto not in state.table:
            return Violation(
                RULES["mulle.build"], Message("there is no loose {card} on the table to build on", card=onto)
            )
        value = hv + _TVAL[onto]
        what = Message("{card} on {onto} makes {value}", card=card, onto=onto, value=value)
    else:
        if not 0 <= onto < len(state.builds):
            return Violation(RULES["mulle.build"], Message("there is no build #{index} on the table", index=onto))
        b = state.builds[onto]
        if b.locked:
            return Violation(
                RULES["mulle.build.lock"],
                Message("the build {build} is locked: nobody may add to it", build=_build_text(b)),
            )
        if move.value == b.value and hv == b.value:
            if not rules.locking_builds:
                return Violation(
                    RULES["mulle.build.lock"],
                    Message("locking builds is not allowed by this ruleset (option locking_builds)"),
                )
            value, lock = b.value, True
            what = Message("{card} locks the build of {build}", card=card, build=b.value)
        else:
            value = b.value + hv
            what = Message("{card} on the build of {build} makes {value}", card=card, build=b.value, value=value)
    if move.value != value:
        return Violation(RULES["mulle.build"], Message("{what}, not {given}", what=what, given=move.value))
    if not 2 <= value <= 16:
        return Violation(RULES["mulle.build"], Message("{what}; a build is worth 2 to 16", what=what))
    hand = list(state.hands[seat])
    hand.remove(card)
    if not any(_BHV[c] == value for c in hand):
        return Violation(
            RULES["mulle.build.keep"],
            Message("you cannot lock {value}: you hold no other card worth {value} to take it", value=value)
            if lock
            else Message("you cannot build {value}: you hold no other card worth {value} to take it", value=value),
        )
    v = _owner_blocks(state.builds, seat, state.hands[seat], card)
    if v is not None:
        return Violation(
            RULES["mulle.build.owner"],
            Message(
                "you own a build of {value} and the {card} is your last card worth {value}: play it only to capture",
                value=v,
                card=card,
            ),
        )
    return None


def check_move(state: State, move: Move) -> Violation | None:
    """
    ``None`` if *move* is legal, else the first rule it breaks and why, in player words.

    Decided by the rules alone; it never lists the legal moves. The reason
    is written for the seat to move from what it may see: a card it does not
    hold gets the same words wherever the card is.

    Raises:
        WrongKindError: If *state* is not a Mulle state (a move of the wrong
            kind is a violation of ``mulle.turn``).

    Example:
        >>> s = mulle.new_game(seed=3)
        >>> mulle.check_move(s, mulle.legal_moves(s)[0]) is None
        True
    """
    if type(state) is not State:
        raise _messages.wrong_state("Mulle", state)
    if not isinstance(move, Capture | Build | Trail):
        return Violation(
            RULES["mulle.turn"],
            Message("a Mulle move is a Capture, Build or Trail, not {kind}", kind=_messages.kind_name(move)),
        )
    seat = to_move(state)
    refused = _common.card_violation(
        move.card, state.hands, seat, "Mulle", RULES["mulle.turn"], RULES["mulle.match.target"]
    )
    if refused is not None or seat is None:
        return refused
    card = move.card
    if isinstance(move, Capture):
        if not isinstance(move.value, int) or isinstance(move.value, bool):
            return Violation(
                RULES["mulle.capture"],
                Message("a capture's value is a whole number, not {what}", what=_messages.shown(move.value)),
            )
        return _capture_violation(state, seat, move)
    if isinstance(move, Build):
        if not isinstance(move.onto, Card | int) or isinstance(move.onto, bool):
            return Violation(
                RULES["mulle.build"],
                Message("a build goes onto a table card or a build, not {what}", what=_messages.shown(move.onto)),
            )
        return _build_violation(state, seat, move)
    return _trail_violation(state, seat, card, _loose_mask(state))


def refusals(state: State) -> tuple[Violation, ...]:
    """
    Why the mover may not simply trail a card now: the violation of trailing each distinct hand
    card, in hand order, one per rule (``mulle.capture.duty``, ``mulle.build.owner``); none once
    the match is over. A replay shows them to explain a constrained choice.
    """
    seat = to_move(state)
    if seat is None:
        return ()
    mask = _loose_mask(state)
    found: dict[str, Violation] = {}
    for card in _distinct(state.hands[seat]):
        violation = _trail_violation(state, seat, card, mask)
        if violation is not None:
            found.setdefault(violation.rule.id, violation)
    return tuple(found.values())


def _format_build(state: State, move: Build) -> str:
    if isinstance(move.onto, Card):
        onto = str(move.onto)
    elif isinstance(move.onto, int) and 0 <= move.onto < len(state.builds):
        onto = _build_text(state.builds[move.onto])
    else:
        onto = f"#{move.onto}"
    return f"{move.card} > {onto} = {move.value}"
