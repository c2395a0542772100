"""
OpenSpiel games of every cardrules game (needs ``open_spiel``: ``pip install "cardrules[openspiel]"``).

Each game is registered with ``pyspiel.register_game`` as ``python_cardrules_<game>`` (another
preset as ``python_cardrules_<game>_<preset>``), every one when this module is imported; its
parameters are the ruleset's options, typed, with the preset's values as defaults. A match starts
with a chance node for the first dealer, then the deal of its first round as chance nodes, one
card of the deck at a time (each remaining card as likely as its copies make it), and so does
every later round; when the deck is complete, the engine deals the round from it
(:meth:`cardrules.Game.new_round`). Decisions use the game's action encoding; a factored encoding
(Mulle) gives consecutive decision nodes of the same player, its move applied when ``done``
completes it. See :doc:`/openspiel` for the strings, tensors and returns.
"""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs
import pyspiel

from cardrules import _messages, _options
from cardrules._registry import game_names, get_game
from cardrules._worlds import sample_state
from cardrules.cards import Card
from cardrules.engine import Game, GameSpec
from cardrules.engine._learning import FactoredEncoding, check_index
from cardrules.errors import InvalidActionError, InvalidOptionError, UnsupportedError
from cardrules.rl._match import bit_numbers
from cardrules.rl._records import EXTRA_ROWS, Keep, Node, Observer, fill_seen, obs_dict, record

__all__ = ["NAMES", "CardrulesGame", "openspiel_game", "register_all"]

PREFIX: Final = "python_cardrules_"
_MAX_ROUNDS: Final = 10_000  # the most rounds that max_rounds takes
_MIN_SEATS: Final = 2  # every game of cardrules has 2 to 4 seats
_MAX_SEATS: Final = 4
_OWN: Final[dict[str, bool | int]] = {
    "sampled_deal": False,
    "rng_seed": -1,
    "max_rounds": 100,
    "compact_infostate": False,
}
"""
The parameters of the OpenSpiel game itself, beside the ruleset's options: a deal as one sampled
chance step (and the seed of its generator, -1 for a fresh one), the rounds after which an
undecided match ends drawn, and the information-state tensor without its history rows.
"""
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_REGISTERED: dict[str, type[pyspiel.Game]] = {}
_TYPES: dict[str, tuple[Any, str, pyspiel.GameType]] = {}
"""Each registered name's spec, preset and OpenSpiel type."""


def _param_value(value: object) -> bool | int | str:
    if isinstance(value, bool | int | str):
        return value
    return str(value)


def _type_name(spec: GameSpec[Any, Any, Any, Any], preset: str) -> str:
    """``python_cardrules_<game>`` for the default preset, ``python_cardrules_<game>_<preset>`` for another."""
    return PREFIX + spec.name + ("" if preset == spec.default_preset else "_" + preset)


def _parameters(spec: GameSpec[Any, Any, Any, Any], preset: str) -> dict[str, bool | int | str]:
    """The game parameters: each ruleset option, typed, with *preset*'s value as its default."""
    base = spec.presets[preset]
    return {f.name: _param_value(getattr(base, f.name)) for f in attrs.fields(typing.cast(Any, spec.ruleset_type))}


def _rules_text(spec: GameSpec[Any, Any, Any, Any], preset: str, params: Mapping[str, Any]) -> str:
    """The ruleset text of the game parameters (*preset* with the options that differ from it)."""
    defaults = _parameters(spec, preset)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise InvalidOptionError(f"unknown parameter {_messages.value(unknown[0])} of {_type_name(spec, preset)}")
    options = {k: v for k, v in params.items() if v != defaults[k]}
    text = f"{spec.name}/{preset}"
    if options:
        text += "(" + ", ".join(f"{k}={_options.option_text(v)}" for k, v in sorted(options.items())) + ")"
    return text


def _game_parameters(game: Game[Any, Any, Any, Any]) -> tuple[str, dict[str, bool | int | str]]:
    """The preset of *game*'s ruleset text and the options that differ from it."""
    _, preset, _ = _options.split_ruleset(game.text)
    preset = preset or game.spec.default_preset
    defaults = _parameters(game.spec, preset)
    params = {k: _param_value(getattr(game.rules, k)) for k in defaults}
    return preset, {k: v for k, v in params.items() if v != defaults[k]}


def openspiel_game(text: str, **params: bool | int) -> pyspiel.Game:
    """
    The OpenSpiel game of the ruleset *text* (such as ``"mililla(single_round=true)"``), loaded
    through OpenSpiel's registry as ``python_cardrules_<game>`` with the ruleset's options as its
    parameters (a game added since this module was imported is registered on its first call).
    *params* are the OpenSpiel game's own: ``sampled_deal`` (``True``: each deal is one sampled
    chance step), ``rng_seed`` (that step's generator, -1 for a fresh seed), ``max_rounds`` (an
    undecided match ends drawn after that many rounds; 100 unless given) and ``compact_infostate``
    (the information-state tensor without its history rows).

    Raises:
        UnknownOptionError: For an unknown game, preset or option.
        InvalidOptionError: For a bad option value, or an unknown or bad parameter in *params*.
        UnsupportedError: For a game without an action encoding or observation tensor.
    """
    game = get_game(text)
    unknown = sorted(set(params) - set(_OWN))
    if unknown:
        said = f"unknown parameter {_messages.value(unknown[0])}: the parameters are {', '.join(_OWN)}"
        raise InvalidOptionError(said)
    _check_own({**_OWN, **params})
    _register_game(game.spec)
    preset, options = _game_parameters(game)
    return pyspiel.load_game(_type_name(game.spec, preset), {**options, **params})


def _register_game(spec: GameSpec[Any, Any, Any, Any]) -> None:
    """Register the OpenSpiel types of *spec*, one per preset (the default preset's without a suffix), once."""
    if spec.learning is None or spec.new_round is None:
        raise UnsupportedError(f"{spec.title} has no action encoding, observation tensor or new_round yet", spec.name)
    for preset in spec.presets:
        if _type_name(spec, preset) not in _REGISTERED:
            _REGISTERED[_type_name(spec, preset)] = _register(spec, preset)


def _game_type(spec: GameSpec[Any, Any, Any, Any], preset: str, *, sampled: bool = False) -> pyspiel.GameType:
    """The OpenSpiel type of *spec* with *preset*'s defaults (*sampled*: a deal is one sampled chance step)."""
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=_type_name(spec, preset),
        long_name=f"cardrules {spec.title} ({preset})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if sampled else mode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_SEATS,
        min_num_players=_MIN_SEATS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_parameters(spec, preset), **_OWN},
    )


def _register(spec: GameSpec[Any, Any, Any, Any], preset: str) -> type[pyspiel.Game]:
    """Register the OpenSpiel type of *spec* with *preset*'s defaults, and return its game class."""
    name = _type_name(spec, preset)
    clash = set(_parameters(spec, preset)) & set(_OWN)
    assert not clash, f"{spec.name}'s options {sorted(clash)} are parameters of the OpenSpiel game"
    game_type = _game_type(spec, preset)
    _TYPES[name] = (spec, preset, game_type)

    # One subclass per name, bound in this module under its own name (MilillaGame,
    # MulleFishingGame, ...), so that pickle finds it. OpenSpiel keeps the class it is given
    # until the process ends (a function or functools.partial there crashes the exit).
    title = "".join(part.capitalize() for part in name.removeprefix(PREFIX).split("_")) + "Game"
    cls = type(title, (CardrulesGame,), {"type_name": name, "__module__": __name__, "__qualname__": title})
    globals()[title] = cls
    pyspiel.register_game(game_type, cls)
    return cls


def register_all() -> list[str]:
    """
    Register every game with an action encoding, each preset, and return their OpenSpiel names
    (``python_cardrules_mililla``, ``python_cardrules_mulle_fishing``, ...). Importing
    :mod:`cardrules.rl.openspiel` calls it; again is harmless.
    """
    names: list[str] = []
    for game_name in game_names():
        spec = get_game(game_name).spec
        if spec.learning is None or spec.new_round is None:
            continue
        _register_game(spec)
        names.extend(_type_name(spec, preset) for preset in spec.presets)
    return names


class _Setup:
    """What a :class:`CardrulesGame` works out once from its type and parameters, and what its states share."""

    def __init__(self, type_name: str, params: Mapping[str, Any]) -> None:
        spec, preset, game_type = _TYPES[type_name]
        self.made_from = (type_name, dict(params))
        given = dict(params)
        own = {name: given.pop(name, default) for name, default in _OWN.items()}
        self.cardrules = get_game(_rules_text(spec, preset, given))
        _check_own(own)
        rules = self.cardrules.rules
        first = spec.new_game(rules, seed=0, dealer=0)
        self.seats = len(sum(self.cardrules.score(first).sides, ()))
        # the engine's first state for each dealer; the chance nodes deal its round again
        self.firsts = (first, *(spec.new_game(rules, seed=0, dealer=d) for d in range(1, self.seats)))
        self.pack: tuple[Card, ...] = tuple(spec.pack.cards)
        self.kinds: tuple[Card, ...] = tuple(dict.fromkeys(self.pack))
        self.kind_index = {c: i for i, c in enumerate(self.kinds)}
        self.copies: tuple[int, ...] = tuple(self.pack.count(c) for c in self.kinds)
        self.single = bool(getattr(rules, "single_round", False))
        self.sampled = bool(own["sampled_deal"])
        self.compact = bool(own["compact_infostate"])
        self.max_rounds = 1 if self.single else int(own["max_rounds"])
        # the generator of the sampled deals: the game's, as OpenSpiel's own games keep theirs
        self.rng = random.Random(None if own["rng_seed"] < 0 else own["rng_seed"])
        self.game_type = _game_type(spec, preset, sampled=True) if self.sampled else game_type
        # the engine's functions a step calls, looked up once
        self.spec = spec
        self.is_over = spec.is_over
        self.to_move = spec.to_move
        self.apply = spec.apply
        self.trusted_apply = spec.trusted_apply
        self.new_round = spec.new_round
        assert spec.learning is not None
        encoding: Any = spec.learning.encoding
        self.encoding = encoding
        self.factored = isinstance(encoding, FactoredEncoding)
        self.size: int = encoding.size
        self.decode: Any = encoding._decode  # a flat encoding's action, or a factored move's steps, to its move
        self.follow: Any = encoding._next if self.factored else None  # a factored move's walk, one step on
        self.legal_moves: Any = None if self.factored else encoding._legal
        self.legal_bits: Any = None if self.factored else encoding._legal_bits
        self.encode: Any = None if self.factored else encoding._encode
        steps = len(spec.pack) + 2 if encoding.factored else 1  # actions a move takes, at most
        moves = (len(spec.pack) + EXTRA_ROWS) * steps  # a round's decisions, at most
        deal = 0 if self.sampled else len(spec.pack)  # a round's chance nodes (a sampled deal's: one a match)
        self.info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=1 if self.sampled else max(len(self.kinds), self.seats),
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + (deal + moves) * self.max_rounds,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        """Shared, not copied, by ``clone()`` (a deep copy of the state's attributes)."""
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the game's type and parameters (a state's ``serialize()`` pickles its attributes)."""
        return _Setup, self.made_from

    def offer(self, state: Any, steps: tuple[int, ...], legal: Any = None) -> tuple[int, Any]:
        """
        The legal actions of the seat to act in the engine *state* (after a factored move's *steps*)
        as the bits of one int, and beside them a factored move's walk (which its next steps follow),
        or each action's move where decode would not give one that ``trusted_apply`` takes (else
        ``None``). *legal*: the legal moves of *state*, if already known (their bits were not given).
        """
        if self.factored:
            walk = self.encoding._walk(state, steps)
            return walk.bits, walk
        if legal is None:
            legal = self.legal_moves(state)
            hook = self.legal_bits
            quick = None if hook is None else hook(legal)
            if quick is not None:
                return quick, None
        encode = self.encode
        moves = {encode(state, m): m for m in legal}  # the listed moves themselves, which the trusted path takes
        return sum(1 << a for a in moves), moves


def _check_own(own: Mapping[str, Any]) -> None:
    """Refuse a bad value of the OpenSpiel game's own parameters (:data:`_OWN`)."""
    for name in ("sampled_deal", "compact_infostate"):
        if not isinstance(own[name], bool):
            raise InvalidOptionError(f"{name} takes true or false, not {_messages.value(own[name])}")
    seed, rounds = own["rng_seed"], own["max_rounds"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < -1:
        raise InvalidOptionError(f"rng_seed takes -1 (a fresh seed) or 0 and more, not {_messages.value(seed)}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= _MAX_ROUNDS:
        raise InvalidOptionError(f"max_rounds takes 1 to {_MAX_ROUNDS} rounds, not {_messages.value(rounds)}")


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """
    The OpenSpiel game of one cardrules game and preset, its parameters the ruleset's options
    and the game's own (``sampled_deal``, ``rng_seed``, ``max_rounds``, ``compact_infostate``).

    A module-level class, so that games and states pickle and copy: a game pickles as its game
    string, and what the class works out from it is made again on first use.
    """

    type_name: str = ""
    """The OpenSpiel name, ``python_cardrules_<game>`` or ``python_cardrules_<game>_<preset>``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        setup = _Setup(self.type_name, given)
        super().__init__(setup.game_type, setup.info, given)
        self.__dict__["_setup"] = setup

    def __getattr__(self, name: str) -> Any:
        """The attributes of :class:`_Setup` (after unpickling, made again from the game's type and parameters)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_setup_of(self), name)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle as the game string, loaded again through this module (which registers the games)."""
        return _load_game, (str(self),)

    def new_initial_state(self) -> _State:
        return _State(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(_setup_of(self), recall, params)


def _setup_of(game: Any) -> _Setup:
    """*game*'s :class:`_Setup` (made again from its type and parameters where unpickling left none)."""
    setup = game.__dict__.get("_setup")
    if setup is None:
        setup = game.__dict__["_setup"] = _Setup(game.type_name, game.get_parameters())
    return typing.cast(_Setup, setup)


def _load_game(text: str) -> pyspiel.Game:
    """The game of the OpenSpiel game string *text* (for unpickling: this module, imported, registers the games)."""
    return pyspiel.load_game(text)


def _load_state(game: Any, data: str) -> Any:
    """The state that ``serialize()`` gave as *data*, of *game*."""
    return game.deserialize_state(data)


class _State(pyspiel.State):  # type: ignore[misc]
    """
    One position of a match: the engine state, the deal in progress, and each seat's record.

    The player to act is kept in ``_player`` as each action is applied (a chance node, a seat, or
    the end), so that ``current_player``, ``is_terminal`` and ``is_chance_node``, which OpenSpiel
    asks several times an action, only read it; ``legal_actions`` and those are answered here in
    Python, without the round trip through OpenSpiel's C++ state that would ask them again.
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        setup = _setup_of(game)
        self._game = setup  # what the game worked out (clone(), a deep copy of the attributes, shares it)
        self._at = Keep(setup.firsts[0])  # the engine state now
        self._player = _CHANCE  # the seat to act, or OpenSpiel's chance or terminal player
        self._deck = Keep(())  # the cards of the deal in progress, in deck order
        self._left = Keep(setup.copies)  # the copies of each kind of card not dealt yet
        self._dealer = -1  # the first dealer, a chance outcome (-1: not drawn yet)
        self._ended = False  # cut short: a tied single round, or max_rounds played (a draw)
        self._steps: tuple[int, ...] = ()  # a factored move's steps so far
        self._bits = 0  # the legal actions of the seat to act, as bits (worked out as the node is reached)
        self._moves: Keep | None = None  # and what Setup.offer gives beside them (a walk, or moves)
        self._node: Node | None = None  # the match so far, for each seat's record (shared by clones)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle as the game and ``serialize()`` (which a sampled deal's game allows too)."""
        return _load_state, (self.get_game(), self.serialize())

    @property
    def _dealing(self) -> bool:
        return self._player == _CHANCE

    @property
    def _now(self) -> Any:
        """The engine state now (after a round's end, holding the next deal; before the deal, the first dealer's)."""
        return self._at.value

    # --- the pyspiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: the chance outcomes at a chance node; the player's legal actions if it is to act."""
        current = self._player
        if current >= 0 and (player is None or player == current):
            return bit_numbers(self._bits)
        if player is not None and player < 0:
            return typing.cast(list[int], super().legal_actions(player))  # OpenSpiel's own answer (or error)
        if current == _CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player or player < 0:
            return []
        return bit_numbers(self._bits)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._player == _CHANCE
        setup = self._game
        if setup.sampled:
            return [(0, 1.0)]
        if self._dealer < 0:  # each seat as likely to deal first
            return [(seat, 1.0 / setup.seats) for seat in range(setup.seats)]
        total = len(setup.pack) - len(self._deck.value)
        return [(i, n / total) for i, n in enumerate(self._left.value) if n]

    def _apply_action(self, action: int) -> None:
        if self._player < 0:  # a chance node (OpenSpiel applies nothing at a terminal one)
            if self._game.sampled:
                self._deal_sampled(action)
            else:
                self._deal_card(action)
            return
        setup = self._game
        state = self._at.value
        if type(action) is not int or action < 0 or not self._bits >> action & 1:
            self._refuse(action)
        if not setup.factored:
            moves = self._moves
            # a legal action: its move, which the trusted path applies without checking it again
            move = setup.decode(state, action) if moves is None else moves.value[action]
        elif action != setup.encoding.done:
            self._steps = (*self._steps, action)
            walk = setup.follow(state, typing.cast(Keep, self._moves).value, action)  # the walk offer began
            self._bits, self._moves = walk.bits, Keep(walk)
            return
        else:
            move = typing.cast(Keep, self._moves).value.move  # the legal move the steps complete, if known
            if move is None:  # else decoded, and checked
                move = setup.decode(state, (*self._steps, action))
            self._steps = ()
        after = setup.trusted_apply(state, move)
        self._at = Keep(after)
        seat = setup.to_move(after)  # None once the match is over
        if seat is not None and after.round_no == state.round_no:
            self._node = Node(self._node, "move", None, "", -1, move)
            self._player = seat
            hook = setup.legal_bits
            legal = None if hook is None else setup.legal_moves(after)
            bits = None if hook is None else hook(legal)
            if bits is None:  # (the factored encodings' and the flat ones' that list the moves)
                self._bits, listed = setup.offer(after, (), legal)
                self._moves = None if listed is None else Keep(listed)
            else:
                self._bits, self._moves = bits, None
            return
        # the round's score, which every seat sees (the state itself already holds the next deal)
        score = setup.cardrules.score(after)
        line = {"round over": list(score.rounds[-1].points), "match": list(score.match)}
        self._node = Node(self._node, "end", after, json.dumps(line, separators=(",", ":")))
        if seat is None:
            self._player = _TERMINAL
        elif len(score.rounds) >= setup.max_rounds:  # a tied single round, or the last round allowed: a draw
            self._ended = True
            self._player = _TERMINAL
        elif setup.sampled:  # the engine has dealt the next round from the match's seed
            self._node = Node(self._node, "deal", after)
            self._reach(after)
        else:
            self._player = _CHANCE

    def _refuse(self, action: object) -> typing.NoReturn:
        """Raise the error of *action*, which is not a legal action now."""
        setup = self._game
        check_index(action, setup.size)  # WrongKindError or InvalidActionError for what is not an action number
        if setup.factored:
            raise InvalidActionError(f"action {_messages.value(action)} cannot complete a legal move here")
        state = self._now
        setup.apply(state, setup.decode(state, action))  # raises IllegalMoveError, saying which rule refuses it
        raise AssertionError(f"action {action} is legal, and not among the legal actions")  # pragma: no cover

    def _reach(self, now: Any) -> None:
        """Stand at the decision node of the engine state *now*: its seat to act and their legal actions."""
        setup = self._game
        self._player = setup.to_move(now)
        self._bits, moves = setup.offer(now, ())
        self._moves = None if moves is None else Keep(moves)

    def _deal_card(self, action: int) -> None:
        """Apply a chance outcome of the explicit deal: the first dealer, or the next card of the deck."""
        setup = self._game
        if self._dealer < 0:
            if not isinstance(action, int) or not 0 <= action < setup.seats:
                raise InvalidActionError(f"chance outcome {_messages.value(action)} is not a seat to deal")
            self._dealer = action
            self._at = Keep(setup.firsts[action])  # the deal starts from the first dealer's state
            return
        if not isinstance(action, int) or not 0 <= action < len(setup.kinds):
            raise InvalidActionError(f"chance outcome {_messages.value(action)} is not a card of the pack")
        left = self._left.value
        if not left[action]:
            raise InvalidActionError(f"every {setup.kinds[action]} of the pack has been dealt already")
        deck = (*self._deck.value, setup.kinds[action])
        if len(deck) < len(setup.pack):
            self._deck = Keep(deck)
            self._left = Keep((*left[:action], left[action] - 1, *left[action + 1 :]))
            return
        self._deck, self._left = Keep(()), Keep(setup.copies)
        self._dealt(deck)

    def _deal_sampled(self, action: int) -> None:
        """
        Apply the one outcome of the sampled deal: a match dealt from a seed of the game's
        generator, which draws its first dealer and shuffles every round (``new_game(seed=...)``).
        """
        setup = self._game
        if action != 0:
            raise InvalidActionError(f"chance outcome {_messages.value(action)} is not 0, a sampled deal's only one")
        now = setup.spec.new_game(setup.cardrules.rules, seed=setup.rng.getrandbits(63))
        self._dealer = now.dealer
        self._at = Keep(now)
        self._node = Node(self._node, "deal", now)
        self._reach(now)

    def _dealt(self, deck: tuple[Card, ...]) -> None:
        """Deal the round in progress from the complete *deck*."""
        setup = self._game
        now = typing.cast(Any, setup.new_round)(self._now, deck)
        self._at = Keep(now)
        self._node = Node(self._node, "deal", now)
        self._reach(now)

    def _action_to_string(self, player: int, action: int) -> str:
        setup = self._game
        if player == _CHANCE:
            if setup.sampled:
                return "deal" if self._dealer >= 0 else "draw the first dealer and deal"
            return f"seat {action} deals" if self._dealer < 0 else f"deal {setup.kinds[action]}"
        return str(setup.encoding.labels[action])

    def returns(self) -> list[float]:
        setup = self._game
        if self._player != _TERMINAL:
            return [0.0] * setup.seats
        score = setup.cardrules.score(self._now)
        if self._ended or score.winner is None:
            return [0.0] * setup.seats
        won = score.sides[score.winner]
        losers = setup.seats - len(won)
        return [1.0 if p in won else -len(won) / losers for p in range(setup.seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """
        A state the same to *player_id* (its information state string is the same), the cards it
        cannot see dealt again at random by :func:`cardrules.sample_state`. The other seats' records
        start again from what they see of the sampled state, so that none of the real hidden
        cards reaches a search through them.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        new = typing.cast(_State, self.clone())
        setup = self._game
        g = setup.cardrules
        if self._dealer < 0 or self._player == _TERMINAL:
            pass  # nothing is hidden yet, or any more
        elif self._player == _CHANCE:  # nobody has seen a card of the deal in progress
            rest = list(setup.pack)
            rng.shuffle(rest)
            deck = tuple(rest[: len(self._deck.value)])
            new._deck = Keep(deck)
            left = list(setup.copies)
            for card in deck:
                left[setup.kind_index[card]] -= 1
            new._left = Keep(tuple(left))
        else:
            seen = g.observe(self._now, player_id)  # made here: the game's own sampler, unchecked
            sampled = g.spec.sample_state(seen, rng) if g.spec.sample_state else sample_state(seen, rng)
            new._at = Keep(sampled)
            new._node = Node(self._node, "reset", sampled, seat=player_id)
            new._reach(sampled)
            if self._steps and player_id == self._player:  # its own move in progress: the same in every world
                bits, walk = setup.offer(sampled, self._steps)
                new._bits, new._moves = bits, Keep(walk)
            elif self._steps:  # another's steps, which player_id does not see: in its world the move is not begun
                new._steps = ()
        return new

    def __str__(self) -> str:
        g = self._game.cardrules
        if self._dealer < 0:
            return "drawing the first dealer"
        if self._ended:
            return "the match is cut short, drawn (a tied single round, or max_rounds played)"
        if self._player == _CHANCE:
            return f"seat {self._dealer} deals first; dealing: {' '.join(map(str, self._deck.value))}"
        if g.spec.positions is not None:
            return str(g.position(self._now))
        return repr(self._now)

    # --- the records -------------------------------------------------------------------------

    def _observation_text(self, player: int) -> str:
        if self._dealer < 0:
            return "drawing the first dealer"
        if self._player == _CHANCE:
            pack = len(self._game.pack)
            return f"first dealer {self._dealer}, dealing {len(self._deck.value)} of {pack}"
        if self._ended:
            return "the match is cut short, drawn (a tied single round, or max_rounds played)"
        node = self._node
        if node is not None and node.kind != "end":  # the node of the state itself
            text = node.cache.get(("text", player))
            if text is None:
                if node.state is None:
                    node.cache.setdefault("state", self._now)  # a move's state: the one now, not made again
                fill_seen(self._game, node, player)
                text = node.cache["text", player] = json.dumps(
                    node.cache[player][1], separators=(",", ":"), sort_keys=True
                )
        else:
            text = json.dumps(obs_dict(self._game, self._now, player), separators=(",", ":"), sort_keys=True)
        if self._steps and player == self._player:
            text += " steps " + ",".join(map(str, self._steps))
        return text

    def _information_text(self, player: int) -> str:
        lines = [f"seat {player}", *record(self._game, self._node, player), "now " + self._observation_text(player)]
        return "\n".join(lines)


NAMES: Final = tuple(register_all())
"""The OpenSpiel names registered on import: every game with an action encoding, each preset."""

__dir__ = __all__.copy  # dir() and autocompletion show the public names only


def _state_at(game: Any, state: Any) -> _State:
    """
    An OpenSpiel state of *game* (from :func:`openspiel_game`) standing at the engine *state*, its
    round's record starting there: for a bot that plays one seat from an imagined deal of what the
    seat sees (the strength ladder's OpenSpiel ISMCTS entrant).
    """
    new = typing.cast(_State, game.new_initial_state())
    new._dealer = state.dealer
    new._at = Keep(state)
    new._node = Node(None, "deal", state)
    new._reach(state)
    return new
