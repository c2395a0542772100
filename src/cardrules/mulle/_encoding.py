"""
Mulle's action encodings (see :doc:`/rl`): the factored one, and the top-K candidates
(:data:`CANDIDATES`, the heuristic's shortlist first, each with the features of
:data:`~cardrules.mulle._tensor.FEATURES`).

The factored encoding: a move is chosen in steps of 154 actions.

1. The hand card (actions 0-51, one per distinct card in pack order).
2. The kind of move and its value: 52 trail, 53-68 capture at value 1 to 16, 69-84 build to
   value 1 to 16.
3. For a build, what it goes onto: a loose table card (85-136) or a build by its index
   (137-152). For a capture, the loose table cards it takes (85-136), one at a time, in
   order of table value from high to low, then pack order (a card held twice on the table may
   be chosen twice).
4. ``done`` (153).

Each step offers only the actions that can still complete a legal move: :func:`options` is the
query, a pure function of the state and the steps (what a capture's steps may choose is worked
out in :mod:`cardrules.mulle._steps`). Under the building rules a value has few captures: their
steps are listed from the legal counts of each value, and each step of the move reads its
options from that list.

The environments walk instead (:func:`begin`, :func:`follow`): at a decision node the legal
moves' families are sorted by hand card and kind once, and a capture's steps are listed once, at
its kind (:func:`~cardrules.mulle._steps._listed`), so that each later step reads its options from
what the walk holds, a dict lookup; only a value with too many captures to list searches at every
step. A walk is an immutable value that the environment keeps beside the state it was worked out
on (an OpenSpiel state copies, pickles and serializes it with the rest); nothing is kept anywhere
else.
"""

from __future__ import annotations

import random
from typing import Final

from cardrules import _messages
from cardrules.cards import Card
from cardrules.engine import Learning
from cardrules.engine._learning import CandidateEncoding, FactoredEncoding, Walk, action_bits
from cardrules.errors import InvalidActionError
from cardrules.mulle import _bot, _tensor
from cardrules.mulle._cards import _ORDER
from cardrules.mulle._families import _Captures, _Family
from cardrules.mulle._legal import check_move, is_over, legal_moves
from cardrules.mulle._observe import observe
from cardrules.mulle._state import Build, Capture, Move, Observation, State, Trail
from cardrules.mulle._steps import (
    _CARDS,
    _DONE_BIT,
    _KEY,
    _N,
    BUILD,
    CAPTURE,
    DONE,
    HAND,
    MAX_BUILDS,
    ONTO,
    SIZE,
    TABLE,
    TRAIL,
    _capture_options,
    _listed,
    _search,
    _Tree,
)


def _by_card(state: State) -> dict[int, dict[int, list[_Family]]]:
    """The state's move families by hand card action, then by kind action, in :class:`MulleMoves` order."""
    by: dict[int, dict[int, list[_Family]]] = {}
    order = _ORDER
    prev = None
    kinds: dict[int, list[_Family]] = {}
    for f in legal_moves(state)._families:  # a card's families are next to each other
        if type(f) is _Captures:
            card, kind = f[0], CAPTURE - 1 + f[1]
        else:
            card = f.card
            kind = BUILD - 1 + f.value if type(f) is Build else TRAIL
        if card is not prev:
            prev = card
            kinds = by.setdefault(HAND + order[card], {})
        chosen = kinds.get(kind)
        if chosen is None:
            kinds[kind] = [f]
        else:
            chosen.append(f)
    return by


def _onto(move: Build) -> int:
    if isinstance(move.onto, Card):
        return TABLE + _ORDER[move.onto]
    return ONTO + move.onto


def options(state: State, steps: tuple[int, ...]) -> list[int]:
    """
    The actions that can still complete a legal move after *steps* (the query behind the mask),
    ascending.

    Raises:
        InvalidActionError: If *steps* themselves cannot complete a legal move.
    """
    if state.winner is not None:
        if steps:
            raise InvalidActionError("the match is over: no move can be chosen")
        return []
    if not steps:
        return sorted(_by_card(state))
    first = steps[0]
    if first >= _N:
        raise InvalidActionError(f"a move starts with a hand card (actions 0 to {_N - 1}), not {first}")
    kinds = _by_card(state).get(first)
    if len(steps) == 1:
        if not kinds:
            raise InvalidActionError(f"the {_CARDS[first]} has no legal move now")
        return sorted(kinds)
    kind = steps[1]
    chosen = kinds.get(kind) if kinds else None
    if not chosen:
        raise InvalidActionError(f"action {kind} is not a kind of move the {_CARDS[first]} can make now")
    rest = steps[2:]
    if DONE in rest:
        raise InvalidActionError("the move is complete: nothing follows done")
    if kind == TRAIL:
        if rest:
            raise InvalidActionError("a trail is complete after its kind: choose done")
        return [DONE]
    if kind < BUILD:
        fam = chosen[0]
        assert isinstance(fam, _Captures)
        # under the building rules a value has few captures, listed quickly; fishing's many are searched
        paths = _search(fam).paths() if fam[3] else None
        if paths is not None:
            found = paths.get(rest)
            if found is not None:
                return found.copy()  # steps that begin no capture: the search below says why
        if any(not TABLE <= a < ONTO for a in rest):
            raise InvalidActionError("a capture takes table cards (actions 85 to 136), then done")
        return _capture_options(state, fam, [_CARDS[a - TABLE] for a in rest])
    ontos = sorted({_onto(f) for f in chosen if type(f) is Build})
    if not rest:
        return ontos
    if len(rest) == 1 and rest[0] in ontos:
        return [DONE]
    raise InvalidActionError("a build goes onto one table card or build, then done")


# The walk of a move (Walk.at): where it stands, then what the next step reads.
_AT_CARD: Final = 0  # before the hand card: (_AT_CARD, families by card action, then by kind action)
_AT_KIND: Final = 1  # before the kind: (_AT_KIND, the card's families by kind action)
_AT_ONTO: Final = 2  # a build, before what it goes onto: (_AT_ONTO, each onto action's build)
_AT_TAKE: Final = 3  # a capture whose steps are listed: (_AT_TAKE, tree, the table actions so far, the family)
_AT_SEARCH: Final = 4  # a capture searched at every step: (_AT_SEARCH, the family, the cards so far)
_AT_DONE: Final = 5  # only done is left: (_AT_DONE,)
_END: Final = (_AT_DONE,)


def begin(state: State) -> Walk:
    """
    The walk of a move on *state* before its first step: the legal moves' families by hand card
    and kind, worked out once, which the next two steps read (see :func:`follow`).
    """
    if state.winner is not None:
        return Walk(0, None, _END)
    by = _by_card(state)
    return Walk(action_bits(by), None, (_AT_CARD, by))


def follow(state: State, walk: Walk, action: int) -> Walk:
    """
    The walk after *action*, one of those *walk* offers other than ``done``: what :func:`options`
    offers after the same steps, read from what the walk has worked out. A capture's steps are
    worked out once, at its kind: its one capture where the table allows only one (as the legal
    moves list it), else every capture's steps where the value has few enough to list
    (:func:`~cardrules.mulle._steps._listed`), else each step searches as :func:`options` does.
    """
    at = walk.at
    where = at[0]
    if where == _AT_CARD:
        kinds = at[1][action]
        return Walk(action_bits(kinds), None, (_AT_KIND, kinds))
    if where == _AT_KIND:
        chosen = at[1][action]
        if action == TRAIL:
            return Walk(_DONE_BIT, chosen[0], _END)  # the family is the trail itself
        if action >= BUILD:
            ontos = {_onto(f): f for f in chosen if type(f) is Build}
            return Walk(action_bits(ontos), None, (_AT_ONTO, ontos))
        fam = chosen[0]
        assert isinstance(fam, _Captures)
        tree = _tree(fam)
        if tree is None:
            return Walk(action_bits(_capture_options(state, fam, ())), None, (_AT_SEARCH, fam, ()))
        return _taking(tree, (), fam)
    if where == _AT_ONTO:
        return Walk(_DONE_BIT, at[1][action], _END)
    if where == _AT_TAKE:
        return _taking(at[1], (*at[2], action), at[3])
    assert where == _AT_SEARCH
    fam = at[1]
    picked = (*at[2], _CARDS[action - TABLE])
    return Walk(action_bits(_capture_options(state, fam, picked)), None, (_AT_SEARCH, fam, picked))


def _taking(tree: _Tree, rest: tuple[int, ...], fam: _Captures) -> Walk:
    """The walk of a listed capture of *fam* after the table actions *rest*: where done is offered, its move."""
    bits = tree[rest]
    move = fam.move([_CARDS[a - TABLE] for a in rest]) if bits & _DONE_BIT else None
    return Walk(bits, move, (_AT_TAKE, tree, rest, fam))


def _tree(fam: _Captures) -> _Tree | None:
    """The steps of *fam*'s captures when they are listed (see :func:`follow`), else ``None``."""
    only = fam._only()
    if only is not None:  # the one capture, as the legal moves list it
        seq = tuple(TABLE + _ORDER[c] for c in sorted(only, key=_KEY.__getitem__))
        tree: _Tree = {seq[:k]: 1 << seq[k] for k in range(len(seq))}
        tree[seq] = _DONE_BIT
        return tree
    return _listed(fam)


def encode(state: State, move: Move) -> tuple[int, ...]:
    """The steps that choose *move*, ``done`` last."""
    kind = type(move)
    if kind is Trail:
        return (HAND + _ORDER[move.card], TRAIL, DONE)
    if kind is Build:
        assert isinstance(move, Build)
        if not isinstance(move.onto, Card) and not 0 <= move.onto < MAX_BUILDS:
            raise InvalidActionError(f"a build onto build {move.onto} has no action")
        return (HAND + _ORDER[move.card], BUILD + move.value - 1, _onto(move), DONE)
    if kind is Capture:
        assert isinstance(move, Capture)
        if not 1 <= move.value <= 16:
            raise InvalidActionError(f"a capture at value {move.value} has no action")
        taken = sorted(move.taken, key=_KEY.__getitem__)
        return (HAND + _ORDER[move.card], CAPTURE + move.value - 1, *(TABLE + _ORDER[c] for c in taken), DONE)
    raise _messages.wrong_move("Mulle", move)


def decode(state: State, steps: tuple[int, ...]) -> Move:
    """The legal move that *steps* (``done`` last) choose."""
    if len(steps) < 3 or steps[-1] != DONE:
        raise InvalidActionError("a move is a hand card, a kind, what it takes or goes onto, then done")
    first, kind, rest = steps[0], steps[1], steps[2:-1]
    if first >= _N:
        raise InvalidActionError(f"a move starts with a hand card (actions 0 to {_N - 1}), not {first}")
    card = _CARDS[first]
    move: Move
    if kind == TRAIL and not rest:
        move = Trail(card)
    elif CAPTURE <= kind < BUILD and all(TABLE <= a < ONTO for a in rest):
        move = Capture(card, [_CARDS[a - TABLE] for a in rest], kind - CAPTURE + 1)
        if list(rest) != sorted(rest, key=lambda a: _KEY[_CARDS[a - TABLE]]):
            raise InvalidActionError("a capture's table cards are chosen from high value to low, then pack order")
    elif BUILD <= kind < TABLE and len(rest) == 1 and TABLE <= rest[0] < DONE:
        a = rest[0]
        move = Build(card, _CARDS[a - TABLE] if a < ONTO else a - ONTO, kind - BUILD + 1)
    else:
        raise InvalidActionError("these steps are not the shape of any Mulle move")
    if check_move(state, move) is not None:  # checked here: a decoded move is legal (the trusted path may apply it)
        raise InvalidActionError(f"the steps choose {move}, which is not a legal move now")
    return move


def _label(i: int) -> str:
    if i < TRAIL:
        return f"hand card {_CARDS[i]}"
    if i == TRAIL:
        return "trail"
    if i < BUILD:
        return f"capture at {i - CAPTURE + 1}"
    if i < TABLE:
        return f"build to {i - BUILD + 1}"
    if i < ONTO:
        return f"table card {_CARDS[i - TABLE]}"
    if i < DONE:
        return f"onto build {i - ONTO}"
    return "done"


ENCODING: Final = FactoredEncoding(
    game="mulle",
    version=1,
    size=SIZE,
    labels=tuple(_label(i) for i in range(SIZE)),
    done=DONE,
    encode=encode,
    decode=decode,
    options=options,
    begin=begin,
    follow=follow,
)
"""Mulle's factored actions: hand card, kind and value, table cards or build, done."""


def _mover(state: State) -> Observation:
    return observe(state, state.to_play)


def _shortlist(state: State) -> list[Move]:
    """The heuristic's legal moves for the mover, best first (it reads the mover's observation only)."""
    if is_over(state):
        return []
    return _bot.ranked(_mover(state), legal_moves(state), random.Random(0))  # it draws nothing: any seed


CANDIDATES: Final = CandidateEncoding(
    game="mulle",
    version=1,
    k=32,
    fields=_tensor.FEATURES,
    legal=legal_moves,
    ranked=_shortlist,
    observe=_mover,
    row=_tensor.row,
)
"""Mulle's top-K candidates: the heuristic's shortlist, then the other legal moves in order, 32 by default."""


LEARNING: Final = Learning(encoding=ENCODING, tensor=_tensor.TENSOR, candidates=CANDIDATES)
"""What the learning environments use of Mulle: the moves' numbering, the layout and the candidates."""
