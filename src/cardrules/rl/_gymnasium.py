"""The Gymnasium environment: one learner at one seat, the other seats played by cardrules bots."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardrules import _common, _messages
from cardrules.bots import RandomBot, get_bot
from cardrules.errors import InvalidOptionError
from cardrules.rl._match import Match
from cardrules.rl._pettingzoo import IDS, OBSERVATION_BOUND

_Obs = npt.NDArray[np.float32]


class CardrulesGymEnv(gymnasium.Env[_Obs, np.int64]):
    """
    A cardrules match as a Gymnasium environment: the learner plays *seat*; every other seat,
    its partners' included, is played by the bot *opponents* (a :func:`cardrules.bots.get_bot`
    name) on what that seat observes.

    The observation is the game's float32 tensor (for a factored encoding, followed by the
    steps chosen so far); :meth:`action_masks` gives the legal actions, for mask-aware
    learners such as MaskablePPO. Rewards are the learner's, as in the PettingZoo environment.

    Args:
        text: The game and ruleset, as :func:`cardrules.get_game` reads it.
        seat: The learner's seat.
        opponents: The bot that plays the other seats (default ``"greedy"``).
        reward: ``"match"`` or ``"round"``, as in the PettingZoo environment.
        illegal: ``"terminate"`` (default here: Gymnasium's checker steps random actions) ends
            the match with *penalty*; ``"raise"`` raises and leaves the match as it was.
        penalty: The reward of an illegal action under ``illegal="terminate"``.
        encoding: ``None`` (default) or ``"candidates"``, as in the PettingZoo environment: with
            candidates the observation ends with the learner's candidates' features.
        k: The number of candidates under ``encoding="candidates"`` (default 32).
        options: Ruleset options, as :func:`cardrules.get_game` takes them.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        text: str,
        *,
        seat: int = 0,
        opponents: str = "greedy",
        reward: str = "match",
        illegal: str = "terminate",
        penalty: float = -1.0,
        encoding: str | None = None,
        k: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise InvalidOptionError(f"render_mode takes None or 'ansi', not {_messages.value(render_mode)}")
        self._match = Match(text, reward=reward, illegal=illegal, penalty=penalty, encoding=encoding, k=k, **options)
        if isinstance(seat, bool) or seat not in self._match.seats:
            raise InvalidOptionError(
                f"seat must be one of {', '.join(map(str, self._match.seats))}, not {_messages.shown(seat)}"
            )
        self.seat = seat
        self.opponents = get_bot(opponents)
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
        bot, rng = self.opponents, self._bots
        blind = type(bot) is RandomBot  # it draws from the legal moves alone: no observation to build
        total = 0.0
        while (mover := match.mover()) is not None and mover != self.seat:
            state = match.state
            legal = spec.legal_moves(state)
            move = legal.sample(rng) if blind else bot.choose(spec.observe(state, mover), legal, rng)
            rewards = match.act_move(move)
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
        return None


def register() -> None:
    """Register ``cardrules/<game>-v1`` ids with :func:`gymnasium.register` (again is harmless)."""
    for env_id, text in IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=CardrulesGymEnv, kwargs={"text": text})  # type: ignore[arg-type]
