"""The Gymnasium environment: one learner at one seat, the other seats played by cardrules bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardrules import _common, _messages
from cardrules.bots import Bot, RandomBot, get_bot
from cardrules.errors import InvalidOptionError
from cardrules.rl._match import Match, Settings, check_render_mode
from cardrules.rl._pettingzoo import IDS, OBSERVATION_BOUND

_Obs = npt.NDArray[np.float32]
Policy: TypeAlias = Callable[[_Obs, npt.NDArray[np.bool_]], Any]
"""A policy on actions: given a seat's observation and its action mask, an action number."""
Opponent: TypeAlias = str | Bot | Policy
"""A bot's name (:func:`cardrules.bots.get_bot`), a bot, or a policy on actions."""


def _opponent(given: object) -> Bot | Policy:
    """*given* as a bot (its name looked up) or a policy; :class:`~cardrules.InvalidOptionError` otherwise."""
    if isinstance(given, str):
        return get_bot(given)
    if callable(getattr(given, "choose", None)) or callable(given):
        return given  # type: ignore[return-value]
    raise InvalidOptionError(
        f"an opponent is a bot's name, a bot or a policy (observation, mask) -> action, not {_messages.shown(given)}"
    )


def _opponents(given: object, others: Sequence[int]) -> dict[int, Bot | Policy]:
    """One opponent per seat of *others*, from one opponent, a sequence (seat order) or a mapping by seat."""
    if isinstance(given, Mapping):
        if sorted(given) != sorted(others):
            raise InvalidOptionError(
                f"opponents by seat need exactly the seats {', '.join(map(str, others))}, "
                f"not {', '.join(map(_messages.shown, given))}"
            )
        return {seat: _opponent(given[seat]) for seat in others}
    if isinstance(given, Sequence) and not isinstance(given, str):
        if len(given) != len(others):
            raise InvalidOptionError(
                f"opponents as a list need one per other seat ({len(others)}: seats "
                f"{', '.join(map(str, others))}), not {len(given)}"
            )
        return {seat: _opponent(o) for seat, o in zip(others, given, strict=True)}
    one = _opponent(given)
    return dict.fromkeys(others, one)


class CardrulesGymEnv(gymnasium.Env[_Obs, np.int64]):
    """
    A cardrules match as a Gymnasium environment: the learner plays *seat*; every other seat,
    its partners' included, is played by its opponent: a bot on what that seat observes, or a
    policy on that seat's observation tensor and action mask (self-play: the learner's own
    policy).

    The observation is the game's float32 tensor (for a factored encoding, followed by the
    steps chosen so far); :meth:`action_masks` gives the legal actions, for mask-aware
    learners such as MaskablePPO. Rewards are the learner's, as in the PettingZoo environment.

    Args:
        text: The game and ruleset, as :func:`cardrules.get_game` reads it.
        seat: The learner's seat.
        opponents: Who plays the other seats (default ``"greedy"``): one opponent for all of
            them, or one per other seat, as a list in seat order or a mapping by seat. An
            opponent is a :func:`cardrules.bots.get_bot` name, a bot (an object with
            :meth:`~cardrules.bots.Bot.choose`), or a policy, a callable
            ``policy(observation, action_mask) -> action`` given that seat's float32 tensor and
            boolean mask, called once per action (per step of a factored move). An illegal
            action of a policy is handled by *illegal*, as the learner's is.
        illegal: ``"terminate"`` (default here: Gymnasium's checker steps random actions) ends
            the match with *penalty*; ``"raise"`` raises and leaves the match as it was.
        render_mode: ``None``; ``"human"``, which prints what the learner sees (the terminal's
            text view of its seat, never another seat's hand; the score once the match is
            over); or ``"ansi"``, which returns the position text, every hand shown.
        options: The other keywords of :func:`~cardrules.rl.pettingzoo_env` (``reward``,
            ``penalty``, ``encoding``, ``k``; with candidates the observation ends with the
            learner's candidates' features) and ruleset options, as :func:`cardrules.get_game`
            takes them.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        text: str,
        *,
        seat: int = 0,
        opponents: Any = "greedy",  # one Opponent, a Sequence of them, or a Mapping of seats to them
        illegal: str = "terminate",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode)
        self._match = Match(text, *Settings.split(options, illegal=illegal))
        if isinstance(seat, bool) or seat not in self._match.seats:
            raise InvalidOptionError(
                f"seat must be one of {', '.join(map(str, self._match.seats))}, not {_messages.shown(seat)}"
            )
        self.seat = seat
        self.opponents: dict[int, Bot | Policy] = _opponents(opponents, [s for s in self._match.seats if s != seat])
        """Each other seat's opponent: a bot or a policy."""
        self.render_mode = render_mode
        size = self._match.obs_size
        self.observation_space = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (size,), np.float32)
        self.action_space = spaces.Discrete(self._match.encoding.size)
        self._rng = random.Random()
        self._bots = random.Random()

    @property
    def game(self) -> Any:
        """The :class:`cardrules.Game` being played."""
        return self._match.game

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner now, as a boolean array."""
        return self._match.mask(self.seat).astype(np.bool_)

    def _play_others(self) -> float:
        """Let the bots play until the learner is to act or the match is over; the learner's rewards meanwhile."""
        match = self._match
        spec = match.game.spec
        rng = self._bots
        total = 0.0
        while (mover := match.mover()) is not None and mover != self.seat:
            opponent = self.opponents[mover]
            choose = getattr(opponent, "choose", None)
            if choose is None:  # a policy on actions
                action = opponent(match.observation(mover), match.mask(mover).astype(np.bool_))  # type: ignore[operator]
                rewards = match.act(action)
                if rewards is not None:
                    total += rewards[self.seat]
                continue
            state = match.state
            legal = spec.legal_moves(state)
            # a random bot draws from the legal moves alone: no observation to build
            if type(opponent) is RandomBot:
                rewards = match.act_move(legal.sample(rng), trusted=True)  # a move of the legal moves themselves
            else:  # any bot's move, a bot of one's own too, is checked
                rewards = match.act_move(choose(spec.observe(state, mover), legal, rng))
            total += rewards[self.seat]
        return total

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[_Obs, dict[str, Any]]:
        if seed is not None and not _common.whole(seed, 0):
            # Gymnasium's own seeding takes whole numbers of at least 0 only
            raise InvalidOptionError(f"seed takes a whole number of at least 0 or None, not {_messages.value(seed)}")
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self._match.new(self._rng.randrange(2**63))
        self._bots = random.Random(self._rng.randrange(2**63))
        self._play_others()
        return self._match.observation(self.seat), {}

    def step(self, action: Any) -> tuple[_Obs, float, bool, bool, dict[str, Any]]:
        match = self._match
        if match.mover() != self.seat:
            raise InvalidOptionError("the match is over: call reset()")
        rewards = match.act(action)
        reward = 0.0 if rewards is None else rewards[self.seat]
        if rewards is not None and not match.finished:
            reward += self._play_others()
        return match.observation(self.seat), reward, match.finished, False, {}

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game.position(self._match.state))
        if self.render_mode == "human":  # what the learner sees, or the score at the end
            match = self._match
            print(match.text_view(None if match.mover() is None else self.seat), end="")
        return None


def register() -> None:
    """Register ``cardrules/<game>-v2`` ids with :func:`gymnasium.register` (again is harmless)."""
    for env_id, text in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=CardrulesGymEnv, kwargs={"text": text})  # type: ignore[arg-type]
