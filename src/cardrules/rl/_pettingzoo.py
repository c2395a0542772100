"""The PettingZoo AEC environment of any cardrules game, and its registration in PettingZoo's registry."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules._registry import games
from cardrules.rl._match import Match, Settings, check_render_mode

VERSION: Final = 2
"""
The version of the environments' ids (``cardrules/mililla-v2``), bumped with any encoding or tensor
(2: the tensors of version 2, with the round's public history).
"""


def _ids() -> dict[str, str]:
    """Every game with learning encodings, each of its presets: ``cardrules/<game>[_<preset>]-v<VERSION>``."""
    out = {}
    for name, spec in games().items():
        if spec.learning is not None:
            for preset in spec.presets:
                text = name if preset == spec.default_preset else f"{name}/{preset}"
                out[f"cardrules/{text.replace('/', '_')}-v{VERSION}"] = text
    return out


IDS: Final = _ids()
"""The registered ids and the game text each makes, from the registry (one list of the games)."""

OBSERVATION_BOUND: Final = 16.0
"""Every number of a tensor lies within plus or minus this (scores are divided by the target)."""


def _spaces(match: Match) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (match.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (match.encoding.size,), np.int8),
        }
    )
    return observation, spaces.Discrete(match.encoding.size)


class CardrulesAECEnv(AECEnv[str, dict[str, npt.NDArray[Any]], int]):  # type: ignore[misc]
    """
    A cardrules match as a PettingZoo AEC environment: the agents ``player_0`` ... are the seats.

    Each observation is ``{"observation": float32 tensor, "action_mask": int8 mask}``; the mask
    is all 0 for an agent that is not to act. A game with a factored encoding (Mulle) takes one
    step of a move per action; the move is made when the action ``done`` completes it, and the
    observation then ends with the steps chosen so far.

    Args:
        text: The game and ruleset, as :func:`cardrules.get_game` reads it.
        render_mode: ``None``; ``"human"``, which prints what the agent to act sees (the
            terminal's text view of its seat, never another seat's hand; the score once the
            match is over); or ``"ansi"``, which returns the position text, every hand shown
            (for debugging: never show it to an agent).
        options: The keywords of :func:`~cardrules.rl.pettingzoo_env` (``reward``, ``illegal``,
            ``penalty``, ``encoding``, ``k``) and ruleset options, as :func:`cardrules.get_game`
            takes them.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": f"cardrules_v{VERSION}",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        text: str,
        *,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self._match = Match(text, *Settings.split(options))
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardrules_{self._match.game.name}_v{VERSION}"}
        self.possible_agents = [f"player_{s}" for s in self._match.seats]
        self._seat = {a: s for a, s in zip(self.possible_agents, self._match.seats, strict=True)}
        self._agent = {s: a for a, s in self._seat.items()}
        observation, action = _spaces(self._match)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    @property
    def game(self) -> Any:
        """The :class:`cardrules.Game` being played."""
        return self._match.game

    @property
    def state(self) -> Any:
        """The full state of the match, hidden cards included. Never show it to an agent."""
        return self._match.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat[agent]
        return {"observation": self._match.observation(seat), "action_mask": self._match.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._match.new(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        mover = self._match.mover()
        if mover is not None:
            self.agent_selection = self._agent[mover]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        match = self._match
        rewards = match.act(action)
        if rewards is None or rewards is match.no_rewards:  # the usual step: nothing to add up
            self.rewards = dict.fromkeys(self.agents, 0.0)
        else:
            self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
            self._accumulate_rewards()
        if match.finished:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game.position(self._match.state))
        if self.render_mode == "human":
            print(self._match.text_view(self._match.mover()), end="")
        return None

    def close(self) -> None:
        pass


def register() -> None:
    """Register the environments of :data:`IDS` in PettingZoo's registry (again is harmless)."""
    import pettingzoo

    for env_id, text in IDS.items():
        if env_id not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id, entry_point=CardrulesAECEnv, kwargs={"text": text})
