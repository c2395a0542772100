"""``cardrules.rl.openspiel_game``: OpenSpiel's own checks, hidden cards, resampling, chance and returns."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules  # noqa: E402
from cardrules.rl import InvalidActionError, openspiel_game  # noqa: E402


def _encoded(texts: list[str]) -> list[str]:
    return [t for t in texts if cardrules.get_game(t).spec.learning is not None]


GAMES = _encoded(list(cardrules.game_names()))
# every game and preset, with the single-round option where the game has it, and a few options
PRESETS = [f"{name}/{preset}" for name in GAMES for preset in cardrules.get_game(name).spec.presets]
SINGLE = _encoded(["mililla(single_round=true)", "charlemagne(single_round=true)", "mulle(target=0)"])
OPTIONS = _encoded(
    ["mililla(rank_order=malilla, seven_rule=off)", "charlemagne(end_when_decided=true)", "mulle/fishing(players=4)"]
)


def _step(state: Any, rng: random.Random) -> None:
    """One random action: a chance outcome by its probability, else a legal action."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _decision_states(game: Any, seed: int, every: float = 0.15, limit: int = 400) -> list[Any]:
    """Clones of some decision nodes of one random match (or its first *limit* steps)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    for _ in range(limit):
        if state.is_terminal():
            break
        if not state.is_chance_node() and rng.random() < every:
            out.append(state.clone())
        _step(state, rng)
    return out


@pytest.mark.parametrize("text", PRESETS + SINGLE + OPTIONS)
def test_openspiel_random_sim_test(text: str) -> None:
    """OpenSpiel's own consistency checks (clones, strings, tensors, returns) over random matches."""
    game = openspiel_game(text)
    single = text in SINGLE
    pyspiel.random_sim_test(game, num_sims=3 if single else 1, serialize=False, verbose=False)


@pytest.mark.parametrize("text", PRESETS + SINGLE)
def test_openspiel_registered_names_load_the_same_game(text: str) -> None:
    """``python_cardrules_<game>`` (and ``_<preset>``) loads by name, the options as its parameters."""
    game = openspiel_game(text)
    short = game.get_type().short_name
    assert short.startswith("python_cardrules_" + cardrules.get_game(text).name)
    again = pyspiel.load_game(short, game.get_parameters())
    assert again.cardrules.rules == cardrules.get_game(text).rules
    assert str(again) == str(game)


@pytest.mark.parametrize("text", PRESETS)
def test_every_deal_is_a_chance_node_per_card(text: str) -> None:
    """A round starts with one chance node per card of the pack, each kind as likely as its copies left."""
    game = openspiel_game(text)
    spec = cardrules.get_game(text).spec
    state = game.new_initial_state()
    rng = random.Random(3)
    assert state.is_chance_node()  # first the dealer, each seat as likely
    seats = game.num_players()
    assert state.chance_outcomes() == [(s, 1.0 / seats) for s in range(seats)]
    _step(state, rng)
    for k in range(len(spec.pack)):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        left = len(spec.pack) - k
        assert all(abs(p * left - round(p * left)) < 1e-9 for _, p in outcomes)  # copies left / cards left
        _step(state, rng)
    assert not state.is_chance_node()
    assert state.current_player() == cardrules.get_game(text).to_move(state._now)


@pytest.mark.parametrize("text", SINGLE)
def test_single_round_returns_are_the_round_result(text: str) -> None:
    """Under the single-round option, a match is one deal and the returns name its winning side, zero-sum."""
    game = openspiel_game(text)
    rng = random.Random(11)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            _step(state, rng)
        score = cardrules.get_game(text).score(state._now)
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9
        assert score.winner is not None
        assert {p for p, r in enumerate(returns) if r == 1.0} == set(score.sides[score.winner])


@pytest.mark.parametrize("text", PRESETS + SINGLE)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_resample_keeps_the_information_state(text: str, seed: int) -> None:
    """``resample_from_infostate`` (by ``sample_state``) keeps the player's strings, tensors and actions."""
    game = openspiel_game(text)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in _decision_states(game, seed):
        p = state.current_player()
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
        assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
        assert other.legal_actions() == state.legal_actions()
        assert other.current_player() == p


@pytest.mark.parametrize("text", PRESETS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_hidden_cards_are_absent_from_the_information_state(text: str, seed: int) -> None:
    """
    A deal that differs only in the cards a seat cannot see (its hidden cards redealt by
    ``shuffle_hidden``) gives that seat the same strings and tensors, while another seat's differ.
    """
    os_game = openspiel_game(text)
    game = cardrules.get_game(text)
    rng = random.Random(seed)
    state = os_game.new_initial_state()
    while state.is_chance_node():
        _step(state, rng)
    dealt = state._now
    dealer = state.history()[0]
    for seat in range(os_game.num_players()):
        redealt = game.spec.shuffle_hidden(dealt, seat, rng)
        assert game.spec.round_deck is not None
        twin = os_game.new_initial_state()
        twin.apply_action(dealer)
        kinds = os_game.kinds
        for card in game.spec.round_deck(redealt):
            twin.apply_action(kinds.index(card))
        assert game.spec.zones(twin._now) == game.spec.zones(redealt)  # (shuffle_hidden also drops the seed)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(twin.information_state_tensor(seat), state.information_state_tensor(seat))
        assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
        if redealt != dealt:  # a seat whose hand changed sees it
            changed = [
                s for s in range(os_game.num_players()) if game.observe(redealt, s).hand != game.observe(dealt, s).hand
            ]
            for s in changed:
                assert twin.information_state_string(s) != state.information_state_string(s)


@pytest.mark.parametrize("text", PRESETS)
def test_information_state_holds_the_public_history(text: str) -> None:
    """
    Every move changes every seat's information state, which keeps what it held before: the
    history is in it. A step of a factored move changes only the mover's until ``done`` makes the move.
    """
    game = openspiel_game(text)
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node():
        _step(state, rng)
    for _ in range(30):
        before = [state.information_state_string(p) for p in range(game.num_players())]
        mover, engine_state = state.current_player(), state._now
        _step(state, rng)
        if state.is_terminal() or state.is_chance_node():
            break
        moved = state._now is not engine_state
        for p in range(game.num_players()):
            now = state.information_state_string(p)
            assert now.startswith(before[p].rsplit("\n", 1)[0])
            assert (now != before[p]) == (moved or p == mover)
            assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()


@pytest.mark.parametrize("text", PRESETS)
def test_bad_actions_raise(text: str) -> None:
    """An illegal action raises (never replaced or ignored), and a card dealt twice is refused."""
    game = openspiel_game(text)
    state = game.new_initial_state()
    spec = cardrules.get_game(text).spec
    with pytest.raises(InvalidActionError):
        state.apply_action(len(game.kinds) + 5)
    state.apply_action(0)  # seat 0 deals
    with pytest.raises(InvalidActionError):
        state.apply_action(len(game.kinds) + 5)
    if len(set(spec.pack.cards)) == len(spec.pack):  # one copy of each card
        state.apply_action(0)
        with pytest.raises(InvalidActionError):
            state.apply_action(0)
    rng = random.Random(1)
    while state.is_chance_node():
        _step(state, rng)
    illegal = sorted(set(range(game.num_distinct_actions())) - set(state.legal_actions()))
    before = str(state)
    with pytest.raises((cardrules.IllegalMoveError, InvalidActionError)):
        state.apply_action(illegal[0])
    assert str(state) == before


def test_unknown_parameter_and_game() -> None:
    """Unknown options and games raise the library's errors."""
    with pytest.raises(cardrules.UnknownOptionError):
        openspiel_game("mililla(nonsense=1)")
    with pytest.raises(cardrules.UnknownOptionError):
        openspiel_game("chess")
    openspiel_game("mililla")
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_cardrules_mililla(nonsense=1)")


def test_import_cardrules_imports_no_open_spiel() -> None:
    """The core install never imports pyspiel: only ``openspiel_game`` does."""
    code = "import sys, cardrules, cardrules.rl; cardrules.get_game('mililla'); print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("text", PRESETS)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), actions=st.lists(st.integers(-(2**40), 2**40), min_size=1, max_size=8))
def test_any_action_number_is_applied_or_refused(text: str, seed: int, actions: list[int]) -> None:
    """Any integer action, at a chance or a decision node, is applied if legal, else refused, the state unchanged."""
    game = openspiel_game(text)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(rng.randrange(0, 2 * len(cardrules.get_game(text).spec.pack))):
        _step(state, rng)
    for action in actions:
        if state.is_terminal():
            break
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        before, history = str(state), state.history()
        if action in legal:
            state.apply_action(action)
            assert state.history() == [*history, action]
        else:
            with pytest.raises((cardrules.IllegalMoveError, InvalidActionError, cardrules.WrongKindError)):
                state.apply_action(action)
            assert (str(state), state.history()) == (before, history)


@settings(max_examples=40, deadline=None)
@given(text=st.text(alphabet="mililacharegn/()=,_ 0123456789truefals", max_size=40))
def test_any_ruleset_text_gives_a_game_or_a_library_error(text: str) -> None:
    """Ruleset text is read as by ``get_game``: a game, or a cardrules error (never a crash in OpenSpiel)."""
    try:
        game = openspiel_game(text)
    except cardrules.CardrulesError:
        return
    assert game.cardrules.rules == cardrules.get_game(text).rules


@pytest.mark.parametrize("text", PRESETS + SINGLE)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_resampled_worlds_agree_with_everything_the_player_saw(text: str, seed: int) -> None:
    """
    Every world ``resample_from_infostate`` deals agrees with every inference of the player's
    observation: no seat is dealt a suit it showed void in, no build owner loses its card (0
    contradictions, where the observation once kept only the last trick).
    """
    game = openspiel_game(text)
    rules = cardrules.get_game(text)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for state in _decision_states(game, seed, every=0.3):
        real = state._now
        if rules.is_over(real):
            continue
        p = state.current_player()
        proved = cardrules.inferences(rules.observe(real, p))
        for _ in range(3):
            world = state.resample_from_infostate(p, sampler)._now
            for inference in proved:
                assert inference.agrees(world.hands[inference.seat]), (inference, world.hands[inference.seat])
            checked += 1
    assert checked or not _decision_states(game, seed, every=0.3)
