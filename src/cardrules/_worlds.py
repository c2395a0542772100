"""Hidden-state sampling over every game: :func:`sample_state` and the observation lookup."""

from __future__ import annotations

import random
from typing import Any

from cardrules._kit.inference import Inference
from cardrules._registry import games as _games
from cardrules.engine import GameSpec, _check_position
from cardrules.errors import CardrulesError, InvalidPositionError, UnsupportedError
from cardrules.rules import Message

__all__ = ["inferences", "sample_state", "spec_for_observation"]


def spec_for_observation(observation: object) -> GameSpec[Any, Any, Any, Any]:
    """
    The spec of the game whose observation *observation* is.

    Raises:
        TypeError: If *observation* is not the observation of any game
            (a full state, for instance, or a dict).
    """
    for spec in _games().values():
        if type(observation) is spec.observation_type:
            return spec
    for spec in _games().values():
        if type(observation) is spec.state_type:
            raise TypeError(
                f"this is a full {spec.title} state, not an observation; "
                f"pass game.observe(state, seat) to see what one seat knows"
            )
    raise TypeError(
        f"not a cardrules observation: {type(observation).__name__}; "
        f"an observation comes from game.observe(state, seat)"
    )


def sample_state(observation: Any, rng: random.Random) -> Any:
    """
    A full state consistent with what *observation*'s seat knows.

    Cards the seat has seen are where it saw them; the cards it has not seen
    are dealt at random, by *rng*, among the places hidden from it (other
    hands, a kitty, the undealt stock), each with the right count. The match
    seed and any undealt deck orders are replaced by fresh ones, since the
    seat does not know them. So
    ``game.observe(sample_state(obs, rng), obs.seat) == obs`` always holds,
    and the result is a legal state to play on: this is how a search bot
    imagines the hidden cards.

    Every sample agrees with everything the round's public history proves
    (:func:`inferences`, with the whole history of the observation): a seat
    that did not follow suit holds none of the suit led, a seat that did
    not beat when it had to holds nothing that beats, a Mulle build's owner
    keeps a card of its value, and the like (see :doc:`/howto/bot`).
    Replaying the round's public moves on the sampled hands, each one was
    legal. None uses more than the observation, and the sample can still be
    any deal that agrees with it and with those inferences, the real one
    included.

    An observation changed by hand (``attrs.evolve``, say) may show
    something no state of the game shows: a hand size that does not add up,
    a card twice. This function checks the state it makes, as
    :meth:`~cardrules.Game.from_position` checks a position, and that the
    seat sees exactly *observation* in it. (Each game's own
    ``sample_state``, which the search bots call, trusts its observation.)

    Args:
        observation: What ``game.observe(state, seat)`` returned, for any game.
        rng: The source of randomness; the same seed gives the same state.

    Raises:
        TypeError: If *observation* is not a cardrules observation.
        UnsupportedError: If the game does not sample states yet.
        InvalidPositionError: If no state of the game shows *observation* to
            its seat; the error's ``field`` names what is wrong, or is
            ``observation``.

    Example:
        >>> import random
        >>> game = cardrules.get_game("mililla")
        >>> state = game.new_game(seed=4)
        >>> view = game.observe(state, 1)
        >>> guess = cardrules.sample_state(view, random.Random(0))
        >>> game.observe(guess, 1) == view
        True
        >>> guess.hands[1] == state.hands[1]
        True
    """
    spec = spec_for_observation(observation)
    if spec.sample_state is None:
        raise UnsupportedError(Message("{game} does not sample hidden states yet", game=spec.title), spec.name)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    try:
        state = spec.sample_state(observation, rng)
    except CardrulesError:
        raise
    except (ValueError, LookupError, TypeError, AttributeError) as exc:  # fields that do not fit together
        said = Message("no state shows this observation: {problem}", problem=str(exc))
        raise InvalidPositionError(said, "observation") from exc
    _check_position(spec, state)
    if spec.observe(state, observation.seat) != observation:
        said = Message("no state shows this observation: its fields do not agree with each other")
        raise InvalidPositionError(said, "observation")
    return state


def inferences(observation: Any) -> tuple[Inference, ...]:
    """
    What the round's public play proves about each seat's hand now, as data: one
    :class:`~cardrules.Inference` per fact, each naming the rule that proves it (``mililla.follow.suit``,
    ``charlemagne.mulot.joker-void``, ``mulle.build.keep``...). Read from the observation's public
    history alone, so the same for every seat of one position; :func:`sample_state` deals every
    sample to agree with all of them. A game that infers nothing gives ``()``.

    Raises:
        TypeError: If *observation* is not a cardrules observation.

    Example:
        >>> import random
        >>> game = cardrules.get_game("mililla")
        >>> state = game.new_game(seed=14)  # seat 1 deals and turns up the 3 of bastos: trump
        >>> for move in ("3O", "KB", "5O"):  # seat 3 trumps the oros led: it holds no oros
        ...     state = game.apply(state, game.parse_move(state, move))
        >>> for i in cardrules.inferences(game.observe(state, 0)):
        ...     print(i.seat, i.kind, i.rule, len(i.cards))
        1 some mililla.deal.turn-up 1
        3 none mililla.follow.suit 8
    """
    spec = spec_for_observation(observation)
    if spec.inferences is None:
        return ()
    found: tuple[Inference, ...] = spec.inferences(observation)
    return found
