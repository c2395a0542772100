"""
Mulle's top-K candidate encoding: the candidates against the engine's legal moves and the
heuristic, their features against what the moves do, and the environments that use it.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import cardrules  # noqa: E402
from cardrules.bots import GreedyBot  # noqa: E402
from cardrules.errors import InvalidOptionError, WrongKindError  # noqa: E402
from cardrules.rl import CandidateEncoding, InvalidActionError, gymnasium_env, pettingzoo_env, register  # noqa: E402
from tests.rl.test_mulle_encoding import _position  # noqa: E402

TEXTS = ("mulle", "mulle/fishing")
RULESETS = ("mulle", "mulle/fishing", "mulle(players=4)", "mulle/fishing(players=3)")
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def _encoding(game: Any, k: int | None = None) -> CandidateEncoding:
    enc = game.spec.learning.candidates
    assert isinstance(enc, CandidateEncoding)
    return enc if k is None else enc.with_k(k)


def _shortlist(game: Any, state: Any) -> list[Any]:
    heuristic = game.spec.heuristic
    return list(heuristic.ranked(game.observe(state, game.to_move(state)), game.legal_moves(state), random.Random(0)))


def _big_table() -> tuple[Any, Any]:
    """A 41-card fishing table with 8,433 legal moves (the factored encoding's tests build it the same way)."""
    game, state = _position("mulle/fishing(players=4)", 0, 80, 0.97)
    assert len(state.table) == 41 and len(game.legal_moves(state)) == 8433
    return game, state


positions = st.tuples(
    st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 150), st.sampled_from([0.0, 0.9])
)


@given(where=positions, k=st.sampled_from([1, 3, 8, 32, 200]))
def test_candidates_are_legal_and_encode_to_their_slots(where: tuple[str, int, int, float], k: int) -> None:
    """Every candidate is legal, slot i decodes to candidate i and encodes back, the mask is the filled slots."""
    game, state = _position(*where)
    enc = _encoding(game, k)
    cands = enc.candidates(state)
    if game.is_over(state):
        assert cands == [] and not enc.mask(state).any()
        return
    legal = game.legal_moves(state)
    assert 1 <= len(cands) <= k and len(set(cands)) == len(cands)
    for i, move in enumerate(cands):
        assert game.check_move(state, move) is None and move in legal
        assert enc.decode(state, i) == move
        assert enc.encode(state, enc.decode(state, i)) == i
    mask = enc.mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (k,)
    assert int(mask.sum()) == len(cands) and mask[: len(cands)].all()
    assert enc.legal_actions(state) == list(range(len(cands)))
    few = list(itertools.islice(legal, k + 1))
    if len(few) <= k:  # at most k legal moves: every one of them is a candidate
        assert len(cands) == len(few) and set(cands) == set(few)
    else:
        assert len(cands) == k


@given(where=positions, k=st.sampled_from([2, 8, 32]))
def test_the_order_is_the_heuristics_shortlist_then_the_legal_moves_order(
    where: tuple[str, int, int, float], k: int
) -> None:
    game, state = _position(*where)
    if game.is_over(state):
        return
    enc = _encoding(game, k)
    cands = enc.candidates(state)
    short = _shortlist(game, state)[:k]
    assert cands[: len(short)] == short
    assert cands[0] == GreedyBot().choose(
        game.observe(state, game.to_move(state)), game.legal_moves(state), random.Random(0)
    )
    others = [m for m in itertools.islice(game.legal_moves(state), k + len(short)) if m not in short]
    assert cands[len(short) :] == others[: k - len(short)]


@given(where=positions, redeal=st.integers(0, 2**32))
def test_features_are_unchanged_when_the_hidden_cards_are_redealt(
    where: tuple[str, int, int, float], redeal: int
) -> None:
    """The candidates and their features depend on what the mover sees: redealing what it cannot see changes nothing."""
    game, state = _position(*where)
    if game.is_over(state):
        return
    enc = _encoding(game)
    seat = game.to_move(state)
    features = enc.features(state)
    assert features.dtype == np.float32 and features.shape == (enc.k, enc.feature_size)
    assert np.isfinite(features).all() and features.min() >= 0.0 and features.max() <= 1.0
    other = game.spec.shuffle_hidden(state, seat, random.Random(redeal))
    assert enc.candidates(other) == enc.candidates(state)
    assert np.array_equal(enc.features(other), features)
    sampled = cardrules.sample_state(game.observe(state, seat), random.Random(redeal))
    assert np.array_equal(enc.features(sampled), features)


def _field(enc: CandidateEncoding, row: Any, name: str) -> Any:
    start, stop = enc.offsets()[name]
    return row[start:stop]


@given(where=positions)
def test_features_say_what_each_move_does(where: tuple[str, int, int, float]) -> None:
    """Read back by the field table: the card and kind, and the points, mulles and tabbe the move makes when applied."""
    game, state = _position(*where)
    if game.is_over(state):
        return
    enc = _encoding(game)
    features = enc.features(state)
    assert np.array_equal(features, np.asarray(enc.values(state), dtype=np.float32))  # the list form: the same numbers
    cards = list(dict.fromkeys(game.spec.pack.cards))
    cands = enc.candidates(state)
    short = len(_shortlist(game, state)[: enc.k])
    side = state.rules.side_of(state.to_play)
    for i, move in enumerate(cands):
        row = features[i]
        assert np.flatnonzero(_field(enc, row, "card")).tolist() == [cards.index(move.card)]
        kind = type(move).__name__
        assert np.flatnonzero(_field(enc, row, "kind")).tolist() == [["Trail", "Capture", "Build"].index(kind)]
        assert _field(enc, row, "shortlist")[0] == (i < short) and _field(enc, row, "best")[0] == (i == 0)
        if kind != "Capture":
            assert not _field(enc, row, "points").any() and not _field(enc, row, "tabbe").any()
            continue
        taken = _field(enc, row, "taken")
        assert taken.sum() * 2 == len(move.taken)
        after = game.apply(state, move)
        turn = after.history[-1] if after.history else None
        if turn is None or after.deal_no != state.deal_no or after.round_no != state.round_no:
            continue  # the deal ended: the leftovers and the round's own items are scored too
        assert _field(enc, row, "mulles")[0] * 4 == pytest.approx(len(turn.mulles))
        assert bool(_field(enc, row, "tabbe")[0]) == turn.tabbe
        gained = game.score(after).round.tally[side] - game.score(state).round.tally[side]
        assert _field(enc, row, "points")[0] * 16 == pytest.approx(gained)
    assert not features[len(cands) :].any()


def test_a_big_table_offers_exactly_k_candidates_the_greedy_move_first() -> None:
    game, state = _big_table()
    greedy = GreedyBot().choose(game.observe(state, game.to_move(state)), game.legal_moves(state), random.Random(1))
    for k in (1, 32, 1024):
        enc = _encoding(game, k)
        cands = enc.candidates(state)
        assert len(cands) == k == int(enc.mask(state).sum())
        assert cands[0] == greedy and greedy in cands
        assert all(game.check_move(state, m) is None for m in cands)
        assert enc.features(state).shape == (k, enc.feature_size)


def test_slots_that_hold_no_candidate_are_refused() -> None:
    game, state = _position("mulle", 3, 0, 0.0)
    enc = _encoding(game, 1000)
    n = len(enc.candidates(state))
    assert n < 1000
    for bad in (n, 999, 1000, -1, 10**9):
        with pytest.raises(InvalidActionError):
            enc.decode(state, bad)
    for wrong in (True, 1.0, "0", None):
        with pytest.raises(WrongKindError):
            enc.decode(state, wrong)  # type: ignore[arg-type]
    over = [m for m in itertools.islice(game.legal_moves(state), 100) if m not in _encoding(game, 1).candidates(state)]
    with pytest.raises(InvalidActionError):
        _encoding(game, 1).encode(state, over[0])
    with pytest.raises(InvalidActionError):
        enc.encode(state, "7H")


@pytest.mark.parametrize("k", [0, -1, 1025, True, np.True_, 2.0, "8", b"8", None, [8]])
def test_a_bad_k_is_refused(k: Any) -> None:
    enc = _encoding(cardrules.get_game("mulle"))
    with pytest.raises(InvalidOptionError):
        enc.with_k(k)
    if k is not None:
        with pytest.raises(InvalidOptionError):
            pettingzoo_env("mulle", encoding="candidates", k=k)


def test_a_numpy_k_is_a_whole_number() -> None:
    env = pettingzoo_env("mulle", encoding="candidates", k=np.int64(8))
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["action_mask"].shape == (8,)
    assert type(_encoding(cardrules.get_game("mulle"), np.int16(3)).k) is int


@pytest.mark.parametrize(
    ("text", "kwargs"),
    [
        ("mulle", {"encoding": "candidate"}),
        ("mulle", {"encoding": "factored"}),
        ("mulle", {"encoding": 32}),
        ("mulle", {"encoding": np.array(["candidates", "x"])}),
        ("mulle", {"encoding": True}),
        ("mulle", {"k": 32}),
        ("mililla", {"encoding": "candidates"}),
        ("charlemagne", {"encoding": "candidates", "k": 8}),
    ],
)
def test_bad_encoding_options_are_refused(text: str, kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        pettingzoo_env(text, **kwargs)
    with pytest.raises(InvalidOptionError):
        gymnasium_env(text, **kwargs)


@pytest.mark.parametrize("text", TEXTS)
def test_pettingzoo_api_test(text: str) -> None:
    api_test(pettingzoo_env(text, encoding="candidates", k=16), num_cycles=300)


@pytest.mark.parametrize("text", TEXTS)
def test_pettingzoo_seed_test(text: str) -> None:
    seed_test(lambda: pettingzoo_env(text, encoding="candidates"), num_cycles=200)


@pytest.mark.parametrize("text", TEXTS)
def test_gymnasium_check_env(text: str) -> None:
    check_env(gymnasium_env(text, encoding="candidates", k=8), skip_render_check=True)


@pytest.mark.parametrize("text", TEXTS)
def test_the_observation_is_the_tensor_then_the_movers_features(text: str) -> None:
    env = pettingzoo_env(text, encoding="candidates", k=16)
    env.reset(seed=5)
    enc = env.game.spec.learning.candidates.with_k(16)
    layout = env.game.spec.learning.tensor
    space: Any = env.observation_space("player_0")
    assert space["observation"].shape == (layout.size + 16 * enc.feature_size,)
    assert space["action_mask"].shape == (16,) and env.action_space("player_0") == gymnasium.spaces.Discrete(16)
    rng = random.Random(5)
    for _ in range(80):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        obs = env.observe(agent)
        assert obs["observation"] in space["observation"]
        tensor = layout.encode(env.game.observe(env.state, seat))
        assert np.array_equal(obs["observation"][: layout.size], tensor)
        assert np.array_equal(obs["observation"][layout.size :], enc.features(env.state).reshape(-1))
        assert np.array_equal(obs["action_mask"], enc.mask(env.state).astype(np.int8))
        for other in env.agents:
            if other != agent:  # the mover's candidates show its hand: never to another seat
                seen = env.observe(other)
                assert not seen["observation"][layout.size :].any() and not seen["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        move = enc.decode(env.state, action)
        before = env.state
        env.step(action)
        assert env.state == env.game.apply(before, move)


@pytest.mark.parametrize("text", TEXTS)
@given(seed=st.integers(0, 2**32), actions=st.lists(st.integers(-3, 40), max_size=40))
def test_any_actions_either_play_or_raise_without_change(text: str, seed: int, actions: list[int]) -> None:
    env = pettingzoo_env(text, encoding="candidates", k=16)
    env.reset(seed=seed)
    for action in actions:
        if not env.agents or env.terminations[env.agent_selection]:
            break
        before = env.state
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = 0 <= action < len(mask) and bool(mask[action])
        try:
            env.step(action)
        except InvalidActionError:
            assert not legal and env.state is before
        else:
            assert legal


def test_the_learner_plays_a_match_by_slots_and_the_registry_takes_the_options() -> None:
    register()
    env = gymnasium.make("cardrules/mulle-v2", encoding="candidates", k=4, opponents="random").unwrapped
    obs, _ = env.reset(seed=8)
    assert obs.shape == env.observation_space.shape and env.action_space.n == 4
    total, steps, done = 0.0, 0, False
    while not done and steps < 5000:
        obs, reward, done, _truncated, _ = env.step(0)  # always the heuristic's choice
        total += reward
        steps += 1
    assert done and total in (-1.0, 1.0)
    aec = pettingzoo.make("aec", "cardrules/mulle_fishing-v2", encoding="candidates", k=4)
    aec.reset(seed=1)
    assert aec.observe(aec.agent_selection)["action_mask"].tolist() == [1, 1, 1, 1]
