"""The bot protocol, the random and greedy bots, and ``get_bot``."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import attrs

from cardrules import _messages
from cardrules._worlds import spec_for_observation
from cardrules.bots._ismcts import ISMCTSBot
from cardrules.bots._levels import EasyBot, HardBot, MediumBot
from cardrules.bots._search import SearchBot
from cardrules.engine import LegalMoves
from cardrules.errors import InvalidOptionError, UnknownOptionError

__all__ = ["Bot", "GreedyBot", "RandomBot", "bot_names", "get_bot"]


@runtime_checkable
class Bot(Protocol):
    """
    A computer player. It sees what a player at the table sees, never the full state.

    A bot is called once per decision with the observation of the seat to
    move (``game.observe(state, seat)``), the legal moves of that position,
    and a random generator it must use for every random choice, so that a
    bot is reproducible for a given seed. It returns one of *legal_moves*.

    Any object with such a ``choose`` method is a bot; subclassing is not
    needed.

    Example:
        >>> import random
        >>> import cardrules
        >>> from cardrules.bots import Bot, get_bot
        >>> class FirstMove:
        ...     def choose(self, observation, legal_moves, rng):
        ...         return legal_moves[0]
        >>> isinstance(FirstMove(), Bot)
        True
        >>> game = cardrules.get_game("mililla")
        >>> state = game.new_game(seed=1)
        >>> seat = game.to_move(state)
        >>> move = get_bot("greedy").choose(game.observe(state, seat), game.legal_moves(state), random.Random(1))
        >>> move in game.legal_moves(state)
        True
    """

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """Return one of *legal_moves* for the seat that *observation* belongs to."""
        ...


@attrs.frozen
class RandomBot:
    """Plays a legal move chosen uniformly at random (``legal_moves.sample(rng)``)."""

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """A random legal move."""
        return legal_moves.sample(rng)

    def __str__(self) -> str:
        return "random"


@attrs.frozen
class GreedyBot:
    """
    Plays the move a casual player would: a short per-game rule of thumb,
    looked up by the game the observation belongs to, with no look-ahead.

    Mililla: win tricks that hold points, cheaply; give points to a partner
    who is sure to win the trick; otherwise throw the cheapest card; lead a
    card no one can beat, else a low one. Charlemagne: bid what the hand and
    an average partner should make, name the best trump, then play tricks
    the same way. Mulle: take mulles and cards worth points, leave no single
    card for a tabbe, build only with the card to take the build. Each
    game's rules of thumb are listed in :doc:`/api/bots`.
    A game without a heuristic is played at random.
    """

    def choose(self, observation: Any, legal_moves: LegalMoves[Any], rng: random.Random) -> Any:
        """The heuristic's move (ties broken in the legal moves' order, or by *rng*)."""
        heuristic = spec_for_observation(observation).heuristic
        if heuristic is None:
            return legal_moves.sample(rng)
        return heuristic.choose(observation, legal_moves, rng)

    def __str__(self) -> str:
        return "greedy"


_CLASSES: Mapping[str, type] = {
    "easy": EasyBot,
    "greedy": GreedyBot,
    "hard": HardBot,
    "ismcts": ISMCTSBot,
    "medium": MediumBot,
    "random": RandomBot,
    "search": SearchBot,
}

_TEXT = re.compile(r"^\s*([a-z]+)\s*(?:\((.*)\))?\s*$", re.S | re.I)


def bot_names() -> tuple[str, ...]:
    """
    The names :func:`get_bot` accepts, sorted.

    Example:
        >>> from cardrules.bots import bot_names
        >>> bot_names()
        ('easy', 'greedy', 'hard', 'ismcts', 'medium', 'random', 'search')
    """
    return tuple(sorted(_CLASSES))


def _value(text: str) -> object:
    text = text.strip()
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip("'\"")


def get_bot(text: str) -> Bot:
    """
    A bot by name, optionally with options: the levels ``"easy"``, ``"medium"``,
    ``"hard"`` and ``"hard(seconds=0.5)"``, or the bots they are made of, ``"random"``,
    ``"greedy"``, ``"search"``, ``"search(iterations=400, rollout=random)"``, ``"ismcts"``.

    Options are the keyword arguments of the bot's class (see :class:`EasyBot`,
    :class:`MediumBot`, :class:`HardBot`, :class:`SearchBot` and :class:`ISMCTSBot`); the text
    form is what the command line's ``--bots`` and ``--opponents`` take, and what :func:`simulate` sends to
    its workers.

    Raises:
        UnknownOptionError: For an unknown bot name or option; the message
            lists the valid ones.
        InvalidOptionError: For an option value the bot does not accept.

    Example:
        >>> from cardrules.bots import get_bot
        >>> bot = get_bot("search(iterations=50, margin=0.5)")
        >>> bot
        SearchBot(iterations=50, ...)
        >>> bot.iterations, bot.margin, bot.rollout
        (50, 0.5, 'greedy')
        >>> get_bot("hard(seconds=0.5)")
        HardBot(seconds=0.5)
    """
    if not isinstance(text, str):
        raise UnknownOptionError(f"a bot is named by text, not {_messages.value(text)}; bots: {', '.join(bot_names())}")
    match = _TEXT.match(text)
    if match is None:
        raise UnknownOptionError(
            f"cannot read bot {_messages.value(text)}; write a name, optionally with '(option=value, ...)'"
        )
    name, args = match.group(1).lower(), match.group(2)
    factory = _CLASSES.get(name)
    if factory is None:
        raise UnknownOptionError(f"unknown bot {_messages.value(name)}; the bots are: {', '.join(bot_names())}")
    options: dict[str, object] = {}
    for part in (args or "").split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise UnknownOptionError(f"cannot read bot option {_messages.value(part.strip())}; write option=value")
        options[key.strip()] = _value(value)
    valid = sorted(f.name for f in attrs.fields(factory))
    unknown = sorted(set(options) - set(valid))
    if unknown:
        listed = ", ".join(valid) if valid else "none"
        raise UnknownOptionError(
            f"unknown option {_messages.value(unknown[0])} of bot {name}; its options are: {listed}"
        )
    try:
        bot: Bot = factory(**options)
        return bot
    except (TypeError, ValueError) as exc:
        raise InvalidOptionError(f"bot {name}: {exc}") from None
