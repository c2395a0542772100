"""
Learning environments for every game: PettingZoo, Gymnasium and OpenSpiel (see :doc:`/rl`).

Install the ``rl`` extra first (``pip install ".[rl]"`` from a checkout: PettingZoo, Gymnasium and numpy).
Importing this package needs none of them; each environment imports what it needs when it is
made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine._learning import (
    ActionEncoding,
    CandidateEncoding,
    FactoredEncoding,
    TensorField,
    TensorLayout,
)
from cardrules.errors import InvalidActionError

if TYPE_CHECKING:
    from cardrules.rl._gymnasium import CardrulesGymEnv
    from cardrules.rl._pettingzoo import CardrulesAECEnv

__all__ = [
    "ActionEncoding",
    "CandidateEncoding",
    "FactoredEncoding",
    "InvalidActionError",
    "TensorField",
    "TensorLayout",
    "gymnasium_env",
    "openspiel_game",
    "pettingzoo_env",
    "register",
]


def register() -> None:
    """
    Register the environments in PettingZoo's registry and Gymnasium's, under the ids
    ``cardrules/mililla-v2``, ``cardrules/charlemagne-v2``, ``cardrules/mulle-v2`` and
    ``cardrules/mulle_fishing-v2`` (again is harmless). Then ``pettingzoo.make("aec", id)`` and
    ``gymnasium.make(id)`` make them, with the options of :func:`pettingzoo_env` and
    :func:`gymnasium_env` as keyword arguments.
    """
    from cardrules.rl import _gymnasium, _pettingzoo

    _pettingzoo.register()
    _gymnasium.register()


def pettingzoo_env(
    text: str,
    *,
    reward: str = "match",
    illegal: str = "raise",
    penalty: float = -1.0,
    encoding: str | None = None,
    k: int | None = None,
    **options: Any,
) -> CardrulesAECEnv:
    """
    A PettingZoo AEC environment of the game *text*: the agents ``player_0`` ... are the seats.

    Each observation is ``{"observation": float32 tensor, "action_mask": int8 mask}`` (the
    game's :class:`TensorLayout` and action encoding; the mask is all 0 for an agent that is not
    to act). With a factored encoding (Mulle) an action is one step of a move: the move is made
    when ``done`` completes it, and the observation ends with the steps chosen so far.

    Args:
        text: The game and ruleset, as :func:`cardrules.get_game` reads it.
        reward: ``"match"``: +1 to each seat of the winning side and -1 to the others when the
            match ends. ``"round"``: after each round, a seat's side's match points of that
            round less the mean of the other sides'. Partners share their rewards.
        illegal: ``"raise"``: an action that is not a legal move raises
            :class:`~cardrules.IllegalMoveError` (:class:`InvalidActionError` for a number
            out of range, or a step that can complete no move), and the match is unchanged.
            ``"terminate"``: the match ends at once; the mover and its partners get *penalty*,
            the others 0.
        penalty: The reward of an illegal action under ``illegal="terminate"``.
        encoding: ``None``: the game's own action encoding. ``"candidates"``: the game's
            :class:`CandidateEncoding` (Mulle only): an action is the slot of one of at most *k*
            candidate moves, and the observation is the tensor followed by the candidates'
            features, *k* rows flattened (all 0 for an agent that is not to act).
        k: The number of candidates under ``encoding="candidates"``, 1 to 1024 (default 32).
        options: Ruleset options, as :func:`cardrules.get_game` takes them, and
            ``render_mode`` (``None``; ``"human"``, which prints the text view of the seat to
            act, never another seat's hand; ``"ansi"``, the position text with every hand).

    Raises:
        UnknownOptionError: For an unknown game, preset or option.
        InvalidOptionError: For an option value that is not accepted (an *encoding* other than
            ``None`` or ``"candidates"``, candidates for a game that has none, a *k* out of range
            or without candidates).
        ImportError: Without the ``rl`` extra.

    Example:
        >>> from cardrules.rl import pettingzoo_env
        >>> env = pettingzoo_env("mililla")
        >>> env.reset(seed=1)
        >>> obs, reward, terminated, truncated, info = env.last()
        >>> obs["observation"].shape, int(obs["action_mask"].sum())
        ((523,), 10)
    """
    from cardrules.rl._pettingzoo import CardrulesAECEnv

    return CardrulesAECEnv(text, reward=reward, illegal=illegal, penalty=penalty, encoding=encoding, k=k, **options)


def gymnasium_env(text: str, seat: int = 0, opponents: Any = "greedy", **options: Any) -> CardrulesGymEnv:
    """
    A Gymnasium environment: one learner at *seat*, every other seat (partners included)
    played by its opponent. *opponents* is one opponent for every other seat, or one per seat
    (a list in seat order, or a mapping by seat); an opponent is a bot's name
    (:func:`cardrules.bots.get_bot`), a bot, or a policy ``policy(observation, action_mask) ->
    action`` on that seat's tensor and boolean mask (self-play: the learner's own policy; a
    fixed partner: a bot at the partner's seat).

    The observation is the game's float32 tensor; :meth:`~cardrules.rl._gymnasium.CardrulesGymEnv.action_masks` gives
    the legal actions, for mask-aware learners such as MaskablePPO. The other options are those
    of :func:`pettingzoo_env`, but ``illegal`` is ``"terminate"`` by default, since Gymnasium's
    own checker steps random actions; ``illegal="raise"`` raises as there. With
    ``encoding="candidates"`` (and *k*) the observation is the tensor followed by the learner's
    candidates' features, and an action is a candidate's slot.

    Example:
        >>> from cardrules.rl import gymnasium_env
        >>> env = gymnasium_env("mililla", seat=0, opponents="random")
        >>> obs, info = env.reset(seed=1)
        >>> obs.shape, env.action_masks().dtype
        ((523,), dtype('bool'))
    """
    from cardrules.rl._gymnasium import CardrulesGymEnv

    return CardrulesGymEnv(text, seat=seat, opponents=opponents, **options)


def openspiel_game(text: str, **params: bool | int) -> Any:
    """
    An OpenSpiel game of *text*, registered as ``python_cardrules_<game>`` (needs ``open_spiel``);
    *params* are the OpenSpiel game's own parameters (``sampled_deal``, ``rng_seed``,
    ``max_rounds``, ``compact_infostate``: see :doc:`/openspiel`).
    """
    import importlib

    return importlib.import_module("cardrules.rl._openspiel").openspiel_game(text, **params)


__dir__ = __all__.copy  # dir() and autocompletion show the public names only
