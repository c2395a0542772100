"""
One match driven by action numbers: what the PettingZoo and Gymnasium environments share. It knows
no game: it reads the game's ``encoding`` and ``tensor`` from its spec.
"""

from __future__ import annotations

import random
import typing
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from cardrules import _common, _messages
from cardrules._registry import get_game
from cardrules.engine._learning import ActionEncoding, CandidateEncoding, FactoredEncoding, Walk, check_index
from cardrules.errors import IllegalMoveError, InvalidActionError, InvalidOptionError, UnknownOptionError

REWARDS: Final = ("match", "round")
_MASKS: Final = 4096
"""At most this many masks are kept for copying."""
ILLEGAL: Final = ("raise", "terminate")
ENCODINGS: Final = (None, "candidates")
"""The encodings an environment takes: ``None`` for the game's own, ``"candidates"`` for its top-K candidates."""


def bit_numbers(bits: int) -> list[int]:
    """The numbers of *bits*' set bits, ascending."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


_MAX_PENALTY: Final = 1e300
"""The largest penalty in size: a float reward, finite (a larger int cannot be one)."""


def _one_of(choices: tuple[str | None, ...], said: str) -> Any:
    """An attrs validator: the value is one of *choices* (``said`` names them in the error)."""

    def check(_: Any, field: attrs.Attribute[Any], value: Any) -> None:
        if not (value is None or isinstance(value, str)) or value not in choices:
            raise InvalidOptionError(f"{field.name} takes {said}, not {_messages.value(value)}")

    return check


def _finite(_: Any, field: attrs.Attribute[Any], value: Any) -> None:
    if not _common.real(value, -_MAX_PENALTY, _MAX_PENALTY):  # NaN and infinity too
        raise InvalidOptionError(f"{field.name} takes a finite number, not {_messages.value(value)}")


@attrs.frozen(kw_only=True)
class Settings:
    """
    How an environment plays a match, besides the game: the keywords that
    :func:`cardrules.rl.pettingzoo_env` documents, each checked here, once.
    """

    reward: str = attrs.field(default="match", validator=_one_of(REWARDS, f"one of {', '.join(REWARDS)}"))
    illegal: str = attrs.field(default="raise", validator=_one_of(ILLEGAL, f"one of {', '.join(ILLEGAL)}"))
    penalty: float = attrs.field(default=-1.0, validator=_finite)
    encoding: str | None = attrs.field(
        default=None, validator=_one_of(ENCODINGS, "None (the game's own) or 'candidates'")
    )
    k: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.k is not None and self.encoding != "candidates":
            raise InvalidOptionError("k is the number of candidates: it goes with encoding='candidates' only")

    @classmethod
    def split(cls, options: dict[str, Any], **defaults: Any) -> tuple[Settings, dict[str, Any]]:
        """The settings among *options* (*defaults* for those not given), and the ruleset options left."""
        names = attrs.fields_dict(cls)
        given = {**defaults, **{key: value for key, value in options.items() if key in names}}
        return cls(**given), {key: value for key, value in options.items() if key not in names}


def check_render_mode(render_mode: str | None) -> None:
    """Refuse a render mode the environments do not have."""
    if render_mode not in (None, "human", "ansi"):
        raise InvalidOptionError(f"render_mode takes None, 'human' or 'ansi', not {_messages.value(render_mode)}")


class Match:
    """
    A match of *text* played by action numbers, as *settings* say, under the ruleset *options*
    (as :func:`cardrules.get_game` takes them).
    """

    def __init__(self, text: str, settings: Settings, options: dict[str, Any]) -> None:
        encoding, k = settings.encoding, settings.k
        self.game = get_game(text, **options)
        spec = self.game.spec
        learning = spec.learning
        if learning is None:
            raise UnknownOptionError(f"{spec.title} has no action encoding or observation tensor")
        self.encoding: ActionEncoding | FactoredEncoding | CandidateEncoding = learning.encoding
        self.candidates: CandidateEncoding | None = None
        """The candidate encoding, when the environment uses it."""
        if encoding == "candidates":
            candidates = learning.candidates
            if candidates is None:
                raise InvalidOptionError(f"{spec.title} has no candidate encoding: leave encoding at None")
            self.encoding = self.candidates = candidates if k is None else candidates.with_k(k)
        self.layout = learning.tensor
        self.factored = self.encoding.factored
        self.reward = settings.reward
        self.illegal = settings.illegal
        self.penalty = float(settings.penalty)
        self.single = bool(getattr(self.game.rules, "single_round", False))
        """Whether a match is one round (the ruleset's ``single_round``): a tied round ends it, drawn."""
        state = self.game.new_game(seed=0)
        self.sides: tuple[tuple[int, ...], ...] = self.game.score(state).sides
        self.seats: tuple[int, ...] = tuple(sorted(s for side in self.sides for s in side))
        self.side_of = {s: i for i, side in enumerate(self.sides) for s in side}
        self.obs_size = self.layout.size + (self.encoding.size if self.factored else 0)
        if self.candidates is not None:
            self.obs_size += self.candidates.k * self.candidates.feature_size
        self.state: Any = state
        self.steps: tuple[int, ...] = ()
        self.rounds = 0
        self.finished = False
        self.made = 0
        """How many moves have been made since the environment was built (every seat's; for benchmarks)."""
        self._seeds = random.Random()
        # The last legal actions: (state, steps chosen, the actions as the bits of one int).
        self._cache: tuple[Any, tuple[int, ...], int] | None = None
        # Each legal action's move, for the state of _cache: act() hands apply that very object,
        # which apply takes without checking the rules again. None where decode's move does as well.
        self._moves: tuple[Any, dict[int, Any] | None] = (None, {})
        self._masks: dict[int, npt.NDArray[np.int8]] = {}
        # A factored move's walk: (state, steps chosen, the encoding's walk after them), followed step by step.
        self._walk: tuple[Any, tuple[int, ...], Walk] | None = None
        self.no_rewards: dict[int, float] = dict.fromkeys(self.seats, 0.0)
        """The rewards of a move that ends nothing: one dict, never changed (read it, do not keep it)."""
        self._base: tuple[Any, int, npt.NDArray[np.float32]] | None = None
        self._shown: tuple[Any, int, int | None, npt.NDArray[np.float32]] | None = None
        self._to_move: tuple[Any, int | None] = (None, None)

    def new(self, seed: int | None) -> None:
        """Deal a new match: from *seed*, or from the next seed of the last seed given."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InvalidOptionError(f"seed takes a whole number or None, not {_messages.shown(seed)}")
            self._seeds = random.Random(seed)
        self.state = self.game.new_game(seed=self._seeds.randrange(2**63))
        self.steps = ()
        self.rounds = 0
        self.finished = False
        self._cache = None
        self._base = None

    def mover(self) -> int | None:
        """The seat to act, or ``None`` once the match is over."""
        if self.finished:
            return None
        state = self.state
        seen, seat = self._to_move
        if seen is not state:  # asked several times a step: once per state
            seat = self.game.spec.to_move(state)
            self._to_move = (state, seat)
        return seat

    def text_view(self, seat: int | None) -> str:
        """
        What *seat* sees, as the terminal's text view draws it (its own hand only; a factored
        move's steps so far after it), or the match score once the match is over (*seat* ``None``).
        """
        from cardrules._kit.style import Style

        game = self.game
        if seat is None:
            score = game.score(self.state)
            won = "no side" if score.winner is None else "side " + str(score.winner)
            return f"match over: {won} won, match points {' '.join(map(str, score.match))}\n"
        seen = game.spec.observe(self.state, seat)
        terminal = game.spec.terminal  # the game's own text view, as the terminal draws it
        lines = terminal.view(seen, Style()) if terminal is not None else [repr(seen)]
        if self.factored and self.steps and seat == self.mover():
            labels = typing.cast(FactoredEncoding, self.encoding).labels
            lines.append("steps so far: " + ", ".join(labels[s] for s in self.steps))
        return "\n".join([f"seat {seat} to act:", *lines]) + "\n"

    def legal(self) -> list[int]:
        """The legal action numbers now (after the steps chosen so far, for a factored encoding)."""
        return bit_numbers(self._bits())

    def _bits(self) -> int:
        """The legal actions now as the bits of one int (bit *a* for action *a*), worked out once a state and steps."""
        cache = self._cache
        state = self.state
        if cache is not None and cache[0] is state and cache[1] == self.steps:  # the state itself, not its id
            return cache[2]
        bits = 0
        if self.mover() is None:
            pass
        elif self.factored:
            bits = self._walked().bits
        elif self.candidates is not None:
            moves = dict(enumerate(self.candidates.candidates(state)))  # act() hands apply these very moves
            self._moves = (state, moves)
            bits = (1 << len(moves)) - 1
        else:
            flat: ActionEncoding = self.encoding  # type: ignore[assignment]
            legal = flat._legal(state)
            hook = flat._legal_bits
            quick = None if hook is None else hook(legal)
            if quick is None:
                encode = flat._encode
                by = {encode(state, m): m for m in legal}
                self._moves = (state, by)
                for a in by:
                    bits |= 1 << a
            else:
                self._moves = (state, None)
                bits = quick
        self._cache = (state, self.steps, bits)
        return bits

    def _walked(self) -> Walk:
        """The walk of the factored move in progress: the last one followed by the step chosen since, or made again."""
        enc = typing.cast(FactoredEncoding, self.encoding)
        state, steps = self.state, self.steps
        known = self._walk
        if known is not None and known[0] is state:  # the state itself, not its id
            if known[1] == steps:
                return known[2]
            if steps[:-1] == known[1]:  # one step more, offered by that walk
                walk = enc._next(state, known[2], steps[-1])
                self._walk = (state, steps, walk)
                return walk
        walk = enc._walk(state, steps)
        self._walk = (state, steps, walk)
        return walk

    def _offered(self, action: Any) -> int | None:
        """*action* as an int if it is a legal action now (a whole number, never a bool), else ``None``."""
        if type(action) is not int:
            if not isinstance(action, np.integer):
                return None
            action = int(action)
        return action if 0 <= action < self.encoding.size and self._bits() >> action & 1 else None

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The action mask of *seat*: 1 where the action is legal now; all 0 when it is not to act."""
        if seat != self.mover():
            return np.zeros(self.encoding.size, dtype=np.int8)
        bits = self._bits()
        masks = self._masks
        mask = masks.get(bits)  # the same few masks recur: each made once, then copied
        if mask is None:
            mask = np.zeros(self.encoding.size, dtype=np.int8)
            mask[self.legal()] = 1
            if len(masks) >= _MASKS:
                masks.clear()
            masks[bits] = mask
        return mask.copy()

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The tensor of what *seat* sees (then, for a factored encoding, the steps chosen so far)."""
        state = self.state
        if self.candidates is not None:
            return self._with_features(seat)
        if not self.factored:
            return self.layout.encode(self.game.spec.observe(state, seat))
        # A factored move takes several actions on one state: its tensor is built once and copied.
        base = self._base
        if base is None or base[0] is not state or base[1] != seat:  # the state itself, not its id
            tensor = np.zeros(self.obs_size, dtype=np.float32)
            tensor[: self.layout.size] = self.layout.encode(self.game.spec.observe(state, seat))
            self._base = base = (state, seat, tensor)
        out = base[2].copy()
        if self.steps and seat == self.mover():
            chosen = out[self.layout.size :]
            for a in self.steps:
                chosen[a] += 0.5
        return out

    def _with_features(self, seat: int) -> npt.NDArray[np.float32]:
        """The tensor of what *seat* sees, then its candidates' features if it is to act (else 0s)."""
        state = self.state
        mover = self.mover()
        shown = self._shown
        if shown is None or shown[0] is not state or shown[1] != seat or shown[2] != mover:  # the state itself
            tensor = np.zeros(self.obs_size, dtype=np.float32)
            size = self.layout.size
            tensor[:size] = self.layout.encode(self.game.spec.observe(state, seat))
            if seat == mover:  # the candidates show the mover's hand: for the mover's eyes only
                assert self.candidates is not None
                tensor[size:] = self.candidates.features(state).reshape(-1)
            self._shown = shown = (state, seat, mover, tensor)
        return shown[3].copy()

    def act(self, action: Any) -> dict[int, float] | None:
        """
        Take *action* for the seat to act. Returns the rewards by seat, or ``None`` while a
        factored move is still being chosen.

        Raises:
            IllegalMoveError: Under ``illegal="raise"``, for a move the rules refuse.
            InvalidActionError: Under ``illegal="raise"``, for a number out of range or a step
                that cannot complete a legal move.
        """
        seat = self.mover()
        assert seat is not None
        enc = self.encoding
        spec = self.game.spec
        try:
            offered = self._offered(action)
            if self.factored:
                if offered is None:
                    check_index(action, enc.size)  # WrongKindError for a bool or a non-number, as flat encodings
                    raise InvalidActionError(f"action {_messages.value(action)} cannot complete a legal move now")
                if offered != enc.done:  # type: ignore[union-attr]
                    self.steps = (*self.steps, offered)
                    return None
                # every step was offered: the walk's move, as the game lists it; else the game's decode, without
                # the public re-check of kinds (it gives a legal move or raises); the trusted path applies it
                move = self._walked().move
                if move is None:
                    move = enc._decode(self.state, (*self.steps, offered))  # type: ignore[union-attr, arg-type]
                after = spec.trusted_apply(self.state, move)
            elif offered is None:
                move = enc.decode(self.state, action)  # which raises, or gives a move apply refuses
                after = spec.apply(self.state, move)  # checked: the action is none of the legal ones
            else:
                known, moves = self._moves
                assert known is self.state  # _offered worked them out for this state
                move = enc._decode(self.state, offered) if moves is None else moves[offered]  # type: ignore[union-attr, arg-type]
                after = spec.trusted_apply(self.state, move)  # a legal action: the move of a legal move
        except (InvalidActionError, IllegalMoveError):
            if self.illegal == "raise":
                raise
            self.finished = True
            self.steps = ()
            mine = self.side_of[seat]
            return {s: (self.penalty if self.side_of[s] == mine else 0.0) for s in self.seats}
        return self._applied(after)

    def act_move(self, move: Any, *, trusted: bool = False) -> dict[int, float]:
        """
        Make *move* (a legal move of the game, as a bot chooses it) for the seat to act; the rewards
        by seat. It is checked, unless *trusted*: a move of ``legal_moves(state)`` itself, which the
        trusted path applies.
        """
        spec = self.game.spec
        return self._applied((spec.trusted_apply if trusted else spec.apply)(self.state, move))

    def _applied(self, after: Any) -> dict[int, float]:
        spec = self.game.spec
        before, self.state = self.state, after
        self.steps = ()
        self.made += 1
        over = spec.is_over(after)
        if self.single and not over and after.round_no != before.round_no:
            over = True  # a tied single round, which the engine deals again: a draw here

        if not over and self.reward == "match":
            return self.no_rewards
        rewards = dict.fromkeys(self.seats, 0.0)
        if self.reward == "round":
            score = spec.score(after)
            while self.rounds < len(score.rounds):
                points = score.rounds[self.rounds].points
                self.rounds += 1
                for s in self.seats:
                    side = self.side_of[s]
                    others = [p for i, p in enumerate(points) if i != side]
                    rewards[s] += points[side] - (sum(others) / len(others) if others else 0.0)
        elif over:
            winner = spec.score(after).winner
            for s in self.seats:
                rewards[s] = 0.0 if winner is None else 1.0 if self.side_of[s] == winner else -1.0
        if over:
            self.finished = True
        return rewards
