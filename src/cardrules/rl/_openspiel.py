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

import itertools
import json
import random
import typing
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from cardrules import _messages, _options
from cardrules._registry import game_names, get_game
from cardrules._worlds import sample_state
from cardrules.cards import Card
from cardrules.engine import Game, GameSpec
from cardrules.engine._learning import ActionEncoding, FactoredEncoding
from cardrules.errors import InvalidActionError, InvalidOptionError, UnsupportedError

__all__ = ["NAMES", "CardrulesGame", "openspiel_game", "register_all"]

PREFIX: Final = "python_cardrules_"
_MAX_ROUNDS: Final = 200  # rounds in the game length OpenSpiel is given (a match has no fixed bound)
_EXTRA_ROWS: Final = 16  # history rows beyond the pack's size, for the moves that play no card
_MIN_SEATS: Final = 2  # every game of cardrules has 2 to 4 seats
_MAX_SEATS: Final = 4
_REGISTERED: dict[str, type[pyspiel.Game]] = {}
_TYPES: dict[str, tuple[Any, str, pyspiel.GameType]] = {}
"""Each registered name's spec, preset and OpenSpiel type."""


class _Keep:
    """An immutable value that ``clone()`` (a deep copy of the state's attributes) shares, not copies."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Keep:
        return self


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


def openspiel_game(text: str) -> pyspiel.Game:
    """
    The OpenSpiel game of the ruleset *text* (such as ``"mililla(single_round=true)"``), loaded
    through OpenSpiel's registry as ``python_cardrules_<game>`` with the ruleset's options as its
    parameters (a game added since this module was imported is registered on its first call).

    Raises:
        UnknownOptionError: For an unknown game, preset or option.
        InvalidOptionError: For a bad option value.
        UnsupportedError: For a game without an action encoding or observation tensor.
    """
    game = get_game(text)
    _register_game(game.spec)
    preset, params = _game_parameters(game)
    return pyspiel.load_game(_type_name(game.spec, preset), params)


def _register_game(spec: GameSpec[Any, Any, Any, Any]) -> None:
    """Register the OpenSpiel types of *spec*, one per preset (the default preset's without a suffix), once."""
    if spec.learning is None or spec.new_round is None:
        raise UnsupportedError(f"{spec.title} has no action encoding, observation tensor or new_round yet", spec.name)
    for preset in spec.presets:
        if _type_name(spec, preset) not in _REGISTERED:
            _REGISTERED[_type_name(spec, preset)] = _register(spec, preset)


def _register(spec: GameSpec[Any, Any, Any, Any], preset: str) -> type[pyspiel.Game]:
    """Register the OpenSpiel type of *spec* with *preset*'s defaults, and return its game class."""
    name = _type_name(spec, preset)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"cardrules {spec.title} ({preset})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_SEATS,
        min_num_players=_MIN_SEATS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(spec, preset),
    )
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
    """What a :class:`CardrulesGame` works out once from its type and parameters."""

    def __init__(self, type_name: str, params: Mapping[str, Any]) -> None:
        spec, preset, self.game_type = _TYPES[type_name]
        self.cardrules = get_game(_rules_text(spec, preset, params))
        rules = self.cardrules.rules
        first = spec.new_game(rules, seed=0, dealer=0)
        self.seats = len(sum(self.cardrules.score(first).sides, ()))
        # the engine's first state for each dealer; the chance nodes deal its round again
        self.firsts = (first, *(spec.new_game(rules, seed=0, dealer=d) for d in range(1, self.seats)))
        self.kinds: tuple[Card, ...] = tuple(dict.fromkeys(spec.pack.cards))
        self.kind_index = {c: i for i, c in enumerate(self.kinds)}
        self.single = bool(getattr(rules, "single_round", False))
        assert spec.learning is not None
        encoding = spec.learning.encoding
        steps = len(spec.pack) + 2 if encoding.factored else 1  # actions a move takes, at most
        per_round = len(spec.pack) + (len(spec.pack) + _EXTRA_ROWS) * steps
        self.info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=max(len(self.kinds), self.seats),
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + per_round * (1 if self.single else _MAX_ROUNDS),
        )


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """
    The OpenSpiel game of one cardrules game and preset, its parameters the ruleset's options.

    A module-level class, so that games and states pickle and copy: a game pickles as its game
    string (OpenSpiel's own way), and what the class works out from it is made again on first use.
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
        setup = self.__dict__.get("_setup")
        if setup is None:
            setup = self.__dict__["_setup"] = _Setup(self.type_name, self.get_parameters())
        return getattr(setup, name)

    def new_initial_state(self) -> _State:
        return _State(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, recall, params)


def _obs_dict(game: Any, state: Any, seat: int) -> dict[str, Any]:
    data = game.cardrules.observe(state, seat).to_dict()
    data.pop("rules", None)
    return typing.cast(dict[str, Any], data)


def _diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from *old* to *new*: changed keys, and for a list that grew, only its new tail (``key+``)."""
    out: dict[str, Any] = {}
    for k, v in new.items():
        was = old.get(k)
        if v == was:
            continue
        if isinstance(v, list) and isinstance(was, list) and len(v) > len(was) and v[: len(was)] == was:
            out[k + "+"] = v[len(was) :]
        else:
            out[k] = v
    return out


class _Node:
    """
    One step of a match, shared by every clone of the states after it: the round dealt (``deal``),
    a move (``move``), a round's end (``end``, its score line), or a resampled state (``reset``,
    which keeps the record of *seat* and starts the others' again). What each seat saw there is
    worked out only when asked, once (``cache``: per seat, its record line, its observation as
    data, and the observation).
    """

    __slots__ = ("cache", "kind", "line", "parent", "seat", "state", "tensors", "texts")

    def __init__(self, parent: _Node | None, kind: str, state: Any, line: str = "", seat: int = -1) -> None:
        self.parent, self.kind, self.state, self.line, self.seat = parent, kind, state, line, seat
        self.cache: dict[int, tuple[str | None, dict[str, Any], Any]] = {}
        self.texts: dict[int, str] = {}  # each seat's observation string here
        self.tensors: dict[int, Any] = {}  # each seat's observation tensor here

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle the chain to here as one flat tuple (no recursion per node), without the caches."""
        steps = []
        node: _Node | None = self
        while node is not None:
            steps.append((node.kind, node.state, node.line, node.seat))
            node = node.parent
        return _rebuild, (tuple(reversed(steps)),)

    def starts(self, seat: int) -> bool:
        """Whether *seat*'s record of the round (the tensor's history) starts here."""
        return self.kind == "deal" or (self.kind == "reset" and self.seat != seat)


def _rebuild(steps: tuple[tuple[str, Any, str, int], ...]) -> _Node | None:
    """The chain of nodes that :meth:`_Node.__reduce__` flattened."""
    node = None
    for kind, state, line, seat in steps:
        node = _Node(node, kind, state, line, seat)
    return node


def _seen(game: Any, node: _Node | None, seat: int) -> None:
    """Fill the cache of *node* and the nodes before it for *seat*."""
    chain = []
    while node is not None and seat not in node.cache:
        chain.append(node)
        node = node.parent
    prev = node.cache[seat] if node is not None else (None, {}, None)
    for n in reversed(chain):
        if n.kind == "end":
            entry: tuple[str | None, dict[str, Any], Any] = (n.line, {}, None)
        elif n.kind == "reset" and n.seat == seat:
            entry = (None, prev[1], prev[2])  # the player keeps its record as it was
        else:
            obs = game.cardrules.observe(n.state, seat)
            data = obs.to_dict()
            data.pop("rules", None)
            if n.kind == "reset":
                entry = ("resampled " + json.dumps(data, separators=(",", ":"), sort_keys=True), data, obs)
            else:
                change = _diff(prev[1], data)
                entry = (json.dumps(change, separators=(",", ":"), sort_keys=True) if change else None, data, obs)
        n.cache[seat] = entry
        prev = entry


def _record(game: Any, node: _Node | None, seat: int) -> list[str]:
    """*seat*'s record of the match to *node*: a line each time what it sees changes, and each round's score."""
    _seen(game, node, seat)
    lines = []
    while node is not None:
        line = node.cache[seat][0]
        if line:
            lines.append(line)
        if node.kind == "reset" and node.seat != seat:
            break
        node = node.parent
    return lines[::-1]


def _tensor(game: Any, node: _Node, seat: int) -> Any:
    """*seat*'s observation tensor at *node*, worked out once."""
    tensor = node.tensors.get(seat)
    if tensor is None:
        _seen(game, node, seat)
        tensor = node.tensors[seat] = game.cardrules.spec.learning.tensor.encode(node.cache[seat][2])
    return tensor


def _round(game: Any, node: _Node | None, seat: int) -> list[Any]:
    """*seat*'s observation tensors of the round to *node*, after its deal and each move, in order."""
    out = []
    while node is not None and node.kind != "end":
        if not (node.kind == "reset" and node.seat == seat):
            out.append(_tensor(game, node, seat))
        if node.starts(seat):
            break
        node = node.parent
    return out[::-1]


class _State(pyspiel.State):  # type: ignore[misc]
    """One position of a match: the engine state, the deal in progress, and each seat's record."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._keep_game = _Keep(game)  # clone() deep-copies the attributes: share the game
        self._now = _Keep(game.firsts[0])
        self._deck = _Keep(())  # the cards of the deal in progress, in deck order
        self._dealer = -1  # the first dealer, a chance outcome (-1: not drawn yet)
        self._dealing = True
        self._ended = False  # a single round played (a tie too: the engine would deal it again)
        self._steps: tuple[int, ...] = ()  # a factored move's steps so far
        self._node: _Node | None = None  # the match so far, for each seat's record (shared by clones)

    @property
    def _game(self) -> Any:
        return self._keep_game.value

    # --- the pyspiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        g = self._game.cardrules
        if self._ended or g.is_over(self._now.value):
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing:
            return int(pyspiel.PlayerId.CHANCE)
        seat = g.to_move(self._now.value)
        assert seat is not None
        return int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        if self._dealing or player != self.current_player():
            return []
        encoding = self._game.cardrules.spec.learning.encoding
        if isinstance(encoding, FactoredEncoding):
            return encoding.legal_actions(self._now.value, self._steps)
        return typing.cast(ActionEncoding, encoding).legal_actions(self._now.value)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._dealing
        if self._dealer < 0:  # each seat as likely to deal first
            return [(seat, 1.0 / self._game.seats) for seat in range(self._game.seats)]
        left = Counter(self._game.cardrules.spec.pack.cards)
        left.subtract(self._deck.value)
        total = sum(left.values())
        index = self._game.kind_index
        return sorted((index[c], n / total) for c, n in left.items() if n > 0)

    def _apply_action(self, action: int) -> None:
        game = self._game
        g = game.cardrules
        if self._dealer < 0:
            if not isinstance(action, int) or not 0 <= action < game.seats:
                raise InvalidActionError(f"chance outcome {_messages.value(action)} is not a seat to deal")
            self._dealer = action
            self._now = _Keep(game.firsts[action])
            return
        if self._dealing:
            if not isinstance(action, int) or not 0 <= action < len(game.kinds):
                raise InvalidActionError(f"chance outcome {_messages.value(action)} is not a card of the pack")
            card = game.kinds[action]
            deck = (*self._deck.value, card)
            if deck.count(card) > g.spec.pack.cards.count(card):
                raise InvalidActionError(f"every {card} of the pack has been dealt already")
            if len(deck) < len(g.spec.pack):
                self._deck = _Keep(deck)
                return
            self._now = _Keep(g.new_round(self._now.value, deck))
            self._deck, self._dealing = _Keep(()), False
            self._node = _Node(self._node, "deal", self._now.value)
            return
        encoding = g.spec.learning.encoding
        state = self._now.value
        if isinstance(encoding, FactoredEncoding):
            if action not in encoding.legal_actions(state, self._steps):
                raise InvalidActionError(f"action {_messages.value(action)} cannot complete a legal move here")
            if action != encoding.done:
                self._steps = (*self._steps, action)
                return
            move = encoding.decode(state, (*self._steps, action))  # a legal move, or it raises
            self._steps = ()
            after = g.spec.trusted_apply(state, move)
        else:
            move = typing.cast(ActionEncoding, encoding).decode(state, action)
            after = g.apply(state, move)  # an illegal move raises IllegalMoveError
        self._now = _Keep(after)
        if g.is_over(after) or after.round_no != state.round_no:
            # the round's score, which every seat sees (the state itself already holds the next deal)
            score = g.score(after)
            line = {"round over": list(score.rounds[-1].points), "match": list(score.match)}
            self._node = _Node(self._node, "end", None, json.dumps(line, separators=(",", ":")))
            self._ended = game.single and not g.is_over(after)  # a tied single round: a draw
            self._dealing = not (self._ended or g.is_over(after))
        else:
            self._node = _Node(self._node, "move", after)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seat {action} deals" if self._dealer < 0 else f"deal {self._game.kinds[action]}"
        encoding = self._game.cardrules.spec.learning.encoding
        return str(encoding.labels[action])

    def is_terminal(self) -> bool:
        return self._ended or bool(self._game.cardrules.is_over(self._now.value))

    def returns(self) -> list[float]:
        g = self._game.cardrules
        score = g.score(self._now.value)
        if self._ended or score.winner is None:
            return [0.0] * self._game.seats
        won = score.sides[score.winner]
        losers = self._game.seats - len(won)
        return [1.0 if p in won else -len(won) / losers for p in range(self._game.seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> _State:
        """
        A state the same to *player_id* (its information state string is the same), the cards it
        cannot see dealt again at random by :func:`cardrules.sample_state`. The other seats' records
        start again from what they see of the sampled state, so that none of the real hidden
        cards reaches a search through them.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        new = typing.cast(_State, self.clone())
        g = self._game.cardrules
        if self._dealer < 0 or self._ended:
            pass  # nothing is hidden yet, or any more
        elif self._dealing:  # nobody has seen a card of the deal in progress
            rest = list(g.spec.pack.cards)
            rng.shuffle(rest)
            new._deck = _Keep(tuple(rest[: len(self._deck.value)]))
        elif not g.is_over(self._now.value):
            seen = g.observe(self._now.value, player_id)  # made here: the game's own sampler, unchecked
            sampled = g.spec.sample_state(seen, rng) if g.spec.sample_state else sample_state(seen, rng)
            new._now = _Keep(sampled)
            new._node = _Node(self._node, "reset", sampled, seat=player_id)
        return new

    def __str__(self) -> str:
        g = self._game.cardrules
        if self._dealer < 0:
            return "drawing the first dealer"
        if self._ended:
            return "the single round is over, tied: a draw"
        if self._dealing:
            return f"seat {self._dealer} deals first; dealing: {' '.join(map(str, self._deck.value))}"
        if g.spec.positions is not None:
            return str(g.position(self._now.value))
        return repr(self._now.value)

    # --- the records -------------------------------------------------------------------------

    def _observation_text(self, player: int) -> str:
        if self._dealer < 0:
            return "drawing the first dealer"
        if self._dealing:
            pack = len(self._game.cardrules.spec.pack)
            return f"first dealer {self._dealer}, dealing {len(self._deck.value)} of {pack}"
        if self._ended:
            return "the single round is over, tied: a draw"
        node = self._node
        if node is not None and node.state is self._now.value:
            text = node.texts.get(player)
            if text is None:
                _seen(self._game, node, player)
                text = node.texts[player] = json.dumps(node.cache[player][1], separators=(",", ":"), sort_keys=True)
        else:
            text = json.dumps(_obs_dict(self._game, self._now.value, player), separators=(",", ":"), sort_keys=True)
        if self._steps and player == self.current_player():
            text += " steps " + ",".join(map(str, self._steps))
        return text

    def _information_text(self, player: int) -> str:
        record = _record(self._game, self._node, player)
        lines = [f"seat {player}", *record, "now " + self._observation_text(player)]
        return "\n".join(lines)


class _Observer:
    """OpenSpiel's observer interface: the observation (or, with recall, the information state)."""

    def __init__(self, game: Any, recall: bool, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {_messages.value(dict(params))}")
        spec = game.cardrules.spec
        layout = spec.learning.tensor
        encoding = spec.learning.encoding
        self._game, self._recall = game, recall
        pieces: list[tuple[str, int, tuple[int, ...]]] = [
            ("observation", layout.size, (layout.size,)),
            ("steps", encoding.size if encoding.factored else 0, (encoding.size if encoding.factored else 0,)),
        ]
        if recall:
            rows = len(spec.pack) + _EXTRA_ROWS
            pieces.append(("history", rows * layout.size, (rows, layout.size)))
        self.tensor = np.zeros(sum(p[1] for p in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: _State, player: int) -> None:
        """Fill the tensor from what *player* sees of *state*."""
        self.tensor.fill(0)
        if state._dealing or state._ended:
            return
        node = state._node
        if node is not None and node.state is state._now.value:
            self.dict["observation"][:] = _tensor(self._game, node, player)
        else:
            g = self._game.cardrules
            self.dict["observation"][:] = g.spec.learning.tensor.encode(g.observe(state._now.value, player))
        if state._steps and player == state.current_player():
            for s in state._steps:
                self.dict["steps"][s] += 1.0
        if self._recall:
            history = self.dict["history"]
            rows = history.shape[0]
            seen = _round(self._game, state._node, player)
            changes = [b - a for a, b in itertools.pairwise(seen)]
            for i, row in enumerate(changes[-rows:]):
                history[i] = row

    def string_from(self, state: _State, player: int) -> str:
        """The observation string, or with recall the information state string, of *player*."""
        if self._recall:
            return state._information_text(player)
        return state._observation_text(player)


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
    new._dealing = False
    new._now = _Keep(state)
    new._node = _Node(None, "deal", state)
    return new
