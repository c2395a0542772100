"""
What a game gives learning environments: a numbering of its moves (an action encoding) and a flat
layout of what a seat sees (an observation tensor). Shared: it knows no game.

numpy is imported inside the functions that return arrays, never at import time, so that the
core install (``attrs`` and ``typing-extensions`` only) imports and plays without it.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

from cardrules import _messages
from cardrules.engine._shapes import _ENGINE
from cardrules.errors import InvalidActionError, InvalidOptionError, WrongKindError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def check_index(index: object, size: int) -> int:
    """*index* as an action number below *size*; :class:`~cardrules.WrongKindError` or :class:`InvalidActionError`."""
    if isinstance(index, bool) or isinstance(index, str | bytes):
        raise WrongKindError(f"an action is a whole number, not {type(index).__name__}")
    try:
        index = operator.index(index)  # type: ignore[arg-type]  # an int, or a numpy integer
    except TypeError:
        raise WrongKindError(f"an action is a whole number, not {type(index).__name__}") from None
    if not 0 <= index < size:
        raise InvalidActionError(f"action {_messages.value(index)} is out of range: the actions are 0 to {size - 1}")
    return index


@attrs.frozen(kw_only=True)
class ActionEncoding:
    """
    A game's moves numbered ``0`` to ``size - 1``: one number a move, the same numbers in every
    position (what a number means may depend on the phase, which the observation shows).

    Attributes:
        game: The game's registry name.
        version: Bumped whenever a number changes meaning, so that a trained policy can refuse
            an encoding it was not trained on.
        size: How many actions there are.
        labels: What each action means, in words, by number.
        factored: ``False``: one action is one move.
    """

    game: str
    version: int
    size: int
    labels: tuple[str, ...]
    factored: bool = attrs.field(default=False, init=False)
    _encode: Callable[[Any, Any], int] = attrs.field(alias="encode")
    _decode: Callable[[Any, int], Any] = attrs.field(alias="decode")
    _legal: Callable[[Any], Sequence[Any]] = attrs.field(alias="legal")
    # Optional: given what ``legal`` returned, the legal action numbers as the bits of one int
    # (bit i for action i) when the game can give them without encoding each move, else None.
    # ``decode``'s move for a set bit must then be one that ``apply`` takes without checking the
    # rules again. The environments use it; everything else encodes each move.
    _legal_bits: Callable[[Sequence[Any]], int | None] | None = attrs.field(default=None, alias="legal_bits")

    def encode(self, state: Any, move: Any) -> int:
        """
        The action number of *move* in *state*.

        Raises:
            WrongKindError: If *move* is not one of the game's moves.
        """
        return self._encode(state, move)

    def decode(self, state: Any, index: int) -> Any:
        """
        The move that action *index* stands for in *state* (applying it may still be illegal).

        Raises:
            WrongKindError: If *index* is not a whole number.
            InvalidActionError: If *index* is outside ``0`` to ``size - 1``.
        """
        return self._decode(state, check_index(index, self.size))

    def legal_actions(self, state: Any) -> list[int]:
        """The action numbers of the legal moves, ascending (empty once the match is over)."""
        encode = self._encode
        return sorted(encode(state, m) for m in self._legal(state))

    def mask(self, state: Any) -> npt.NDArray[np.bool_]:
        """A boolean array of ``size``: true where the action is a legal move now (needs numpy)."""
        import numpy as np

        out = np.zeros(self.size, dtype=np.bool_)
        encode = self._encode
        for m in self._legal(state):
            out[encode(state, m)] = True
        return out


class Walk(NamedTuple):
    """
    A factored move in progress on one state (see :class:`FactoredEncoding`): the actions that can
    follow the steps chosen so far, as the bits of one int (bit *a* for action *a*); the legal move
    that ``done`` completes there, where the walk knows it (``None``: decode the steps, which checks
    the move); and the game's own note of where the walk stands, which the
    next step reads. Plain data that pickles, never changed once made: it belongs to the state it was
    worked out on, and its holder keeps it beside that state (nothing is kept anywhere else).
    """

    bits: int
    move: Any = None
    at: Any = None


def action_bits(actions: Iterable[int]) -> int:
    """*actions* as the bits of one int (bit *a* for action *a*), as a :class:`Walk` holds them."""
    out = 0
    for a in actions:
        out |= 1 << a
    return out


@attrs.frozen(kw_only=True)
class FactoredEncoding:
    """
    A game's moves as a short sequence of steps, each one of ``size`` actions: for games whose
    moves cannot be numbered in advance (a Mulle capture may take any set of table cards).

    ``mask(state, steps)`` offers only the actions that can still complete a legal move after
    the *steps* chosen so far; the action ``done`` ends a move, and ``decode(state, steps)``
    gives it.

    Attributes:
        game: The game's registry name.
        version: Bumped whenever a number changes meaning.
        size: How many actions each step has.
        labels: What each action means, in words, by number.
        done: The action that ends a move.
        factored: ``True``: a move takes several actions.
    """

    game: str
    version: int
    size: int
    labels: tuple[str, ...]
    done: int
    factored: bool = attrs.field(default=True, init=False)
    _encode: Callable[[Any, Any], tuple[int, ...]] = attrs.field(alias="encode")
    _decode: Callable[[Any, tuple[int, ...]], Any] = attrs.field(alias="decode")
    _options: Callable[[Any, tuple[int, ...]], Sequence[int]] = attrs.field(alias="options")
    # Optional, the environments' fast path: ``begin(state)``, the Walk of a move before its first
    # step, and ``follow(state, walk, action)``, the Walk after one more action among ``walk.bits``
    # (not ``done``). Each node is worked out once as the walk reaches it, so that the steps of a
    # move do not each ask ``options`` again. They must offer exactly what ``options`` offers, and
    # a Walk's ``move`` must be the legal move the steps choose (the trusted path applies it).
    # Without them, each step asks ``options``.
    _begin: Callable[[Any], Walk] | None = attrs.field(default=None, alias="begin")
    _follow: Callable[[Any, Walk, int], Walk] | None = attrs.field(default=None, alias="follow")

    def encode(self, state: Any, move: Any) -> tuple[int, ...]:
        """The steps that choose *move* in *state*, ``done`` last."""
        return self._encode(state, move)

    def decode(self, state: Any, steps: Sequence[int]) -> Any:
        """
        The move that *steps* (``done`` last) choose in *state*.

        Raises:
            InvalidActionError: If the steps choose no legal move.
        """
        return self._decode(state, self._checked(steps))

    def legal_actions(self, state: Any, steps: Sequence[int] = ()) -> list[int]:
        """The actions that can still complete a legal move after *steps*, ascending."""
        return sorted(self._options(state, self._checked(steps)))

    def _start(self, state: Any) -> Walk:
        """The walk of a move on *state* before its first step (the environments' own)."""
        if self._begin is None:
            return Walk(action_bits(self._options(state, ())), None, ())
        return self._begin(state)

    def _next(self, state: Any, walk: Walk, action: int) -> Walk:
        """The walk after *action*, one of ``walk.bits`` other than ``done`` (the caller has checked it)."""
        if self._follow is None:
            steps = (*walk.at, action)
            return Walk(action_bits(self._options(state, steps)), None, steps)
        return self._follow(state, walk, action)

    def _walk(self, state: Any, steps: tuple[int, ...]) -> Walk:
        """
        The walk after *steps* (action numbers, ``done`` not among them) from the start.

        Raises:
            InvalidActionError: If a step is not one the walk offers there.
        """
        walk = self._start(state)
        for a in steps:
            if a == self.done or not walk.bits >> a & 1:
                raise InvalidActionError(f"action {_messages.value(a)} cannot complete a legal move here")
            walk = self._next(state, walk, a)
        return walk

    def mask(self, state: Any, steps: Sequence[int] = ()) -> npt.NDArray[np.bool_]:
        """A boolean array of ``size``: true where the action can still complete a legal move (needs numpy)."""
        import numpy as np

        out = np.zeros(self.size, dtype=np.bool_)
        for a in self._options(state, self._checked(steps)):
            out[a] = True
        return out

    def _checked(self, steps: Sequence[int]) -> tuple[int, ...]:
        if isinstance(steps, str | bytes) or not isinstance(steps, Sequence):
            raise WrongKindError(f"steps are a sequence of action numbers, not {type(steps).__name__}")
        return tuple(check_index(s, self.size) for s in steps)


MAX_K: Final = 1024
"""The most candidates a :class:`CandidateEncoding` offers (its features take ``k`` rows)."""


def check_k(k: object) -> int:
    """*k* as a number of candidates, 1 to :data:`MAX_K`; :class:`~cardrules.InvalidOptionError` otherwise."""
    n: int | None = None
    if not isinstance(k, bool | str | bytes):
        try:
            n = operator.index(k)  # type: ignore[arg-type]  # an int, or a numpy integer
        except TypeError:
            pass
    if n is None or not 1 <= n <= MAX_K:
        raise InvalidOptionError(f"k takes a whole number from 1 to {MAX_K}, not {_messages.value(k)}")
    return n


@attrs.frozen(kw_only=True)
class CandidateEncoding:
    """
    A game's legal moves as at most ``k`` candidates, each with a row of features: for games whose
    moves are too many to number in advance (Mulle), an action is a candidate's slot, ``0`` to
    ``k - 1``, and a learner scores the candidates by their features.

    The candidates, in order: the game heuristic's shortlist of legal moves, best first (its
    first is the greedy move), then every other legal move in the order the legal moves come
    in, until there are ``k``. So a position with at most ``k`` legal moves offers all of them,
    and one with more offers the shortlist (its best ``k`` if it is longer) and the first
    others. The candidates and their features depend on the mover's observation only.

    Attributes:
        game: The game's registry name.
        version: Bumped whenever the ranking or a feature changes meaning.
        k: How many slots there are (default 32; :meth:`with_k` makes another size).
        fields: The runs of one candidate's row of features, in order.
        factored: ``False``: one action is one move.

    Example:
        >>> import cardrules
        >>> from cardrules.rl import CandidateEncoding
        >>> game = cardrules.get_game("mulle")
        >>> enc = game.spec.learning.candidates.with_k(8)
        >>> isinstance(enc, CandidateEncoding), enc.size, enc.feature_size
        (True, 8, 171)
        >>> state = game.new_game(seed=3)
        >>> moves = enc.candidates(state)
        >>> len(moves), enc.encode(state, moves[2]), enc.decode(state, 2) == moves[2]
        (8, 2, True)
        >>> enc.features(state).shape, int(enc.mask(state).sum())
        ((8, 171), 8)
    """

    game: str
    version: int
    k: int = attrs.field(default=32, converter=check_k)
    fields: tuple[TensorField, ...]
    factored: bool = attrs.field(default=False, init=False)
    _legal: Callable[[Any], Iterable[Any]] = attrs.field(alias="legal")
    _ranked: Callable[[Any], Sequence[Any]] = attrs.field(alias="ranked")
    _observe: Callable[[Any], Any] = attrs.field(alias="observe")
    _row: Callable[[Any, Any, int | None], tuple[list[int], list[int], list[float]]] = attrs.field(alias="row")
    _width: int = attrs.field(init=False, repr=False, eq=False)

    @_width.default
    def _total(self) -> int:
        return sum(f.size for f in self.fields)

    @property
    def size(self) -> int:
        """The number of actions (``k``, one per slot)."""
        return self.k

    @property
    def feature_size(self) -> int:
        """The length of one candidate's row of features."""
        return self._width

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each field's ``(start, stop)`` in a row of features."""
        return field_offsets(self.fields)

    def with_k(self, k: int) -> CandidateEncoding:
        """
        The same encoding with *k* slots.

        Raises:
            InvalidOptionError: If *k* is not a whole number from 1 to 1024.
        """
        return attrs.evolve(self, k=k)

    def _candidates(self, state: Any) -> tuple[tuple[Any, ...], int]:
        """The candidates of *state*, and how many are on the heuristic's shortlist (:func:`_shortlisted`)."""
        return _shortlisted(self, state)

    def candidates(self, state: Any) -> list[Any]:
        """The candidate moves of *state*, slot by slot: at most ``k``, all legal (none once the match is over)."""
        return list(self._candidates(state)[0])

    def encode(self, state: Any, move: Any) -> int:
        """
        The slot of *move* among the candidates of *state*.

        Raises:
            InvalidActionError: If *move* is not one of the candidates.
        """
        for i, m in enumerate(self._candidates(state)[0]):
            if m == move:
                return i
        raise InvalidActionError(f"{move} is not one of the {self.k} candidate moves here")

    def decode(self, state: Any, index: int) -> Any:
        """
        The candidate move in slot *index* of *state*.

        Raises:
            WrongKindError: If *index* is not a whole number.
            InvalidActionError: If *index* is outside ``0`` to ``k - 1``, or its slot is empty.
        """
        index = check_index(index, self.k)
        cands = self._candidates(state)[0]
        if index >= len(cands):
            raise InvalidActionError(f"slot {index} is empty: this position has {len(cands)} candidate moves")
        return cands[index]

    def legal_actions(self, state: Any) -> list[int]:
        """The slots that hold a candidate, ascending: ``0`` to the number of candidates less one."""
        return list(range(len(self._candidates(state)[0])))

    def mask(self, state: Any) -> npt.NDArray[np.bool_]:
        """A boolean array of ``k``: true for the slots that hold a candidate (needs numpy)."""
        import numpy as np

        out = np.zeros(self.k, dtype=np.bool_)
        out[: len(self._candidates(state)[0])] = True
        return out

    def values(self, state: Any) -> list[list[float]]:
        """The candidates' features as ``k`` lists of ``feature_size`` floats, empty slots all 0 (no numpy needed)."""
        width = self._width
        rows = [[0.0] * width for _ in range(self.k)]
        for i, sparse in enumerate(self._rows(state)):
            rows[i] = dense(width, sparse)
        return rows

    def features(self, state: Any) -> npt.NDArray[np.float32]:
        """
        The candidates' features: a float32 array of shape ``(k, feature_size)``, row *i* that of
        slot *i*, empty slots all 0 (needs numpy). Built from the mover's observation and the
        moves alone, never from the cards the mover cannot see.
        """
        import numpy as np

        width = self._width
        out = np.zeros((self.k, width), dtype=np.float32)
        ones: list[int] = []
        where: list[int] = []
        what: list[float] = []
        for i, (one, at, value) in enumerate(self._rows(state)):
            base = i * width
            ones.extend(base + j for j in one)
            where.extend(base + j for j in at)
            what.extend(value)
        flat = out.reshape(-1)  # a view: filling it fills out
        flat[ones] = 1.0
        flat[where] = what
        return out

    def _rows(self, state: Any) -> list[tuple[list[int], list[int], list[float]]]:
        cands, short = self._candidates(state)
        if not cands:
            return []
        observation = self._observe(state)
        row = self._row
        return [row(observation, move, i if i < short else None) for i, move in enumerate(cands)]


_SHORTLISTS: Final = 16
"""How many states' candidates :func:`_shortlisted` keeps (the least recently asked go first)."""


@functools.lru_cache(maxsize=_SHORTLISTS)
def _shortlisted(encoding: CandidateEncoding, state: Any) -> tuple[tuple[Any, ...], int]:
    """
    The candidates of *state* under *encoding* and how many of them are on the heuristic's
    shortlist: a pure function of its two (immutable) arguments, kept for the last few states, as
    an environment asks for one state's candidates several times a step (the mask, the features,
    then the move of the action chosen).
    """
    k = encoding.k
    out = list(encoding._ranked(state))[:k]
    short = len(out)
    if short < k:
        have = set(out)
        for move in encoding._legal(state):
            if move not in have:
                out.append(move)
                if len(out) == k:
                    break
    return tuple(out), short


@attrs.frozen
class TensorField:
    """
    One named run of an observation tensor.

    Attributes:
        name: The field's name.
        size: How many numbers it takes.
        meaning: What the numbers say, in words.
    """

    name: str
    size: int
    meaning: str


Sparse = tuple[list[int], list[int], list[float]]
"""A tensor by its numbers that are not 0: the indices of the 1s, then other indices and their numbers."""

Packed = tuple[int, Sequence[float]]
"""
A tensor as an int and a few numbers: bit *i* of the int is set where number *i* is 1, and the
numbers are those of the layout's ``slots``, in order (every other number is 0).
"""


@attrs.frozen(kw_only=True)
class TensorLayout:
    """
    A flat float32 layout of one seat's observation, built from the observation alone (never
    from the state), so that it shows nothing the seat may not see.

    A game gives the numbers in one of three forms: all of them (``fill``); those that are not 0
    (``sparse``); or, quickest, its 1s as the bits of an int and the numbers of a few fixed
    positions (``packed``, with those positions as ``slots``), which :meth:`encode` turns into
    the array in a few numpy calls.

    Attributes:
        game: The game's registry name.
        version: Bumped whenever the layout changes.
        fields: The runs of the tensor, in order.
    """

    game: str
    version: int
    fields: tuple[TensorField, ...]
    _fill: Callable[[Any], list[float]] | None = attrs.field(default=None, alias="fill")
    _sparse: Callable[[Any], tuple[list[int], list[int], list[float]]] | None = attrs.field(
        default=None, alias="sparse"
    )
    _packed: Callable[[Any], tuple[int, Sequence[float]]] | None = attrs.field(default=None, alias="packed")
    _slots: tuple[int, ...] = attrs.field(default=(), alias="slots")
    _size: int = attrs.field(init=False, repr=False, eq=False)

    @_size.default
    def _total(self) -> int:
        return sum(f.size for f in self.fields)

    def __attrs_post_init__(self) -> None:
        if self._fill is None and self._sparse is None and self._packed is None:
            raise TypeError("a TensorLayout needs fill, sparse or packed")
        if not all(0 <= at < self._size for at in self._slots):
            raise ValueError("every slot must lie within the tensor")

    @property
    def size(self) -> int:
        """The length of the tensor."""
        return self._size

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each field's ``(start, stop)`` in the tensor."""
        return field_offsets(self.fields)

    def values(self, observation: Any) -> list[float]:
        """The tensor as a list of floats (no numpy needed)."""
        if self._fill is not None:
            return self._fill(observation)
        if self._sparse is not None:
            return dense(self._size, self._sparse(observation))
        assert self._packed is not None
        bits, numbers = self._packed(observation)
        out = [float(bits >> i & 1) for i in range(self._size)]
        for at, v in zip(self._slots, numbers, strict=True):
            out[at] = float(v)
        return out

    def encode(self, observation: Any) -> npt.NDArray[np.float32]:
        """The tensor of *observation*, a float32 array of ``size`` (needs numpy)."""
        import numpy as np

        size = self._size
        if self._packed is not None:
            bits, numbers = self._packed(observation)
            raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8)
            out = np.unpackbits(raw, None, size, "little").astype(np.float32)  # positional: kwargs cost more
            out.put(self._slots, numbers)
            return out
        if self._sparse is None:
            assert self._fill is not None
            return np.fromiter(self._fill(observation), np.float32, size)  # quicker than asarray on a list
        ones, where, what = self._sparse(observation)
        out = np.zeros(size, dtype=np.float32)
        out[ones] = 1.0  # one fill each: far quicker than converting a list of every number
        out[where] = what
        return out


def field_offsets(fields: Sequence[TensorField]) -> dict[str, tuple[int, int]]:
    """Each of *fields*' ``(start, stop)`` when they are laid out one after another."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for f in fields:
        out[f.name] = (at, at + f.size)
        at += f.size
    return out


def slots(fields: Sequence[TensorField], *names: str) -> tuple[int, ...]:
    """Every position of the named *fields*, field by field in the order named (a helper of the packed layouts)."""
    start: dict[str, tuple[int, int]] = {}
    at = 0
    for f in fields:
        start[f.name] = (at, at + f.size)
        at += f.size
    return tuple(i for name in names for i in range(*start[name]))


def card_bits(cards: Sequence[Any]) -> tuple[dict[Any, int], Callable[[tuple[Any, ...]], int]]:
    """
    For a pack in its order: each card's bit, and a function giving the bits of a tuple of cards
    (a helper of the games' packed layouts). The function keeps the bits of the tuples it saw
    last, since a hand or a side's won cards stays one tuple for many moves.
    """
    bit = {c: 1 << i for i, c in enumerate(cards)}
    seen: dict[tuple[Any, ...], int] = {}
    get = bit.__getitem__

    def bits(cards: tuple[Any, ...]) -> int:
        out = seen.get(cards)
        if out is None:
            out = sum(map(get, cards))
            if len(seen) >= _SEEN:
                seen.clear()  # a bound on memory, not a policy: the next moves refill it
            seen[cards] = out
        return out

    return bit, bits


_SEEN = 4096


def dense(size: int, sparse: Sparse) -> list[float]:
    """The list of *size* floats that *sparse* describes (a helper of the games' layouts)."""
    out = [0.0] * size
    ones, where, what = sparse
    for i in ones:
        out[i] = 1.0
    for i, v in zip(where, what, strict=True):
        out[i] = v
    return out


@attrs.frozen(kw_only=True)
class Learning:
    """
    What the learning environments of ``cardrules.rl`` need of one game (see :doc:`/rl`): the
    optional ``learning`` of its :class:`GameSpec`.

    Attributes:
        encoding: The numbering of the moves.
        tensor: The flat layout of an observation.
        candidates: A second, optional encoding of the moves as top-K candidates with features.
    """

    __module__ = _ENGINE

    encoding: ActionEncoding | FactoredEncoding
    tensor: TensorLayout
    candidates: CandidateEncoding | None = None
