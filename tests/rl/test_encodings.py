"""The action encodings and observation tensors of the games, on positions from random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules  # noqa: E402
from cardrules.errors import WrongKindError  # noqa: E402
from cardrules.rl import ActionEncoding, InvalidActionError  # noqa: E402
from tests.variants import PRESETS  # noqa: E402

FLAT = ("mililla", "charlemagne")
ALL = PRESETS


def _position(text: str, seed: int, steps: int) -> tuple[Any, Any]:
    """The game and the position after up to *steps* random moves of a match dealt from *seed*."""
    game = cardrules.get_game(text)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, game.legal_moves(state).sample(rng))
    return game, state


@pytest.mark.parametrize("text", FLAT)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_flat_encoding_numbers_exactly_the_legal_moves(text: str, seed: int, steps: int) -> None:
    """Every legal move has its own number, decoding gives the move back, and the mask is true there only."""
    game, state = _position(text, seed, steps)
    enc = game.spec.learning.encoding
    moves = list(game.legal_moves(state))
    numbers = [enc.encode(state, m) for m in moves]
    assert len(set(numbers)) == len(numbers)
    assert all(0 <= n < enc.size for n in numbers)
    assert [enc.decode(state, n) for n in numbers] == moves
    mask = enc.mask(state)
    assert mask.dtype == np.bool_ and mask.shape == (enc.size,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers) == enc.legal_actions(state)
    for n in np.flatnonzero(~mask).tolist():  # an action not masked in is a move the rules refuse
        assert game.check_move(state, enc.decode(state, n)) is not None


@pytest.mark.parametrize("text", FLAT)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_legal_actions_given_as_bits_are_the_encoded_legal_moves(text: str, seed: int, steps: int) -> None:
    """
    Where a game gives its legal actions as the bits of one int (what the environments use, in place
    of encoding each move), they are exactly the legal moves' numbers, and each one's decoded move
    plays as the listed move does: Mililla always, Charlemagne in the play phase.
    """
    game, state = _position(text, seed, steps)
    enc = game.spec.learning.encoding
    legal = game.legal_moves(state)
    bits = enc._legal_bits(legal)
    if game.is_over(state) or (text == "charlemagne" and state.phase != "play"):
        assert bits is None  # the environments then encode each move
        return
    assert bits is not None
    assert [a for a in range(enc.size) if bits >> a & 1] == enc.legal_actions(state)
    for move in legal:
        assert game.apply(state, enc.decode(state, enc.encode(state, move))) == game.apply(state, move)


def test_encoding_sizes_and_versions() -> None:
    """Mililla: one action per card, 40; Charlemagne: 34 cards, 8 bids, pass, 2 sources, 4 trumps."""
    bundles = [cardrules.get_game(name).spec.learning for name in ("mililla", "charlemagne")]
    mililla, charlemagne = (None if b is None else b.encoding for b in bundles)
    assert isinstance(mililla, ActionEncoding) and isinstance(charlemagne, ActionEncoding)
    assert (mililla.size, mililla.version) == (40, 1)
    assert (charlemagne.size, charlemagne.version) == (34 + 8 + 1 + 2 + 4, 1)
    assert len(mililla.labels) == mililla.size and len(charlemagne.labels) == charlemagne.size
    assert charlemagne.labels[42] == "pass"


@pytest.mark.parametrize("text", FLAT)
@pytest.mark.parametrize("bad", [-1, 10_000, 2.0, "3", None, True])
def test_decode_refuses_what_is_not_an_action(text: str, bad: object) -> None:
    game, state = _position(text, 1, 0)
    enc = game.spec.learning.encoding
    error = InvalidActionError if isinstance(bad, int) and not isinstance(bad, bool) else WrongKindError
    with pytest.raises(error):
        enc.decode(state, bad)


@pytest.mark.parametrize("text", FLAT)
def test_encode_refuses_another_games_move(text: str) -> None:
    game, state = _position(text, 1, 0)
    with pytest.raises(WrongKindError):
        game.spec.learning.encoding.encode(state, "7O")


@pytest.mark.parametrize("text", ALL)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), redeal=st.integers(0, 2**32))
def test_tensor_is_unchanged_when_the_hidden_cards_are_redealt(text: str, seed: int, steps: int, redeal: int) -> None:
    """The tensor depends on what the seat sees only: redealing the cards it cannot see changes nothing."""
    game, state = _position(text, seed, steps)
    layout = game.spec.learning.tensor
    seats = sorted(s for side in game.score(state).sides for s in side)
    seat = seats[redeal % len(seats)]
    tensor = layout.encode(game.observe(state, seat))
    assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
    assert np.isfinite(tensor).all()
    other = game.spec.shuffle_hidden(state, seat, random.Random(redeal))
    assert np.array_equal(layout.encode(game.observe(other, seat)), tensor)
    sampled = cardrules.sample_state(game.observe(state, seat), random.Random(redeal))
    assert np.array_equal(layout.encode(game.observe(sampled, seat)), tensor)


@pytest.mark.parametrize("text", ALL)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_tensor_shows_the_seats_own_hand(text: str, seed: int, steps: int) -> None:
    """The hand field holds the seat's hand: the tensor is not blind either."""
    game, state = _position(text, seed, steps)
    layout = game.spec.learning.tensor
    seat = game.to_move(state)
    if seat is None:
        return
    obs = game.observe(state, seat)
    start, stop = layout.offsets()["hand"]
    hand = layout.encode(obs)[start:stop]
    per_copy = 0.5 if game.name == "mulle" else 1.0  # Mulle's two packs: a copy counts a half
    assert hand.sum() == per_copy * len(obs.hand)
    assert np.count_nonzero(hand) == len(set(obs.hand))
    assert sum(f.size for f in layout.fields) == layout.size == len(layout.values(obs))


@pytest.mark.parametrize("text", FLAT)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200), who=st.integers(0, 3))
def test_tensor_fields_hold_what_the_layout_table_says(text: str, seed: int, steps: int, who: int) -> None:
    """Read back from the tensor by the field table alone, the trick games' main fields match the observation."""
    game, state = _position(text, seed, steps)
    layout = game.spec.learning.tensor
    obs = game.observe(state, who)
    tensor = layout.encode(obs)
    assert tensor.tolist() == pytest.approx(layout.values(obs))  # the list form: the same numbers, in float64
    at = layout.offsets()
    pack = list(game.spec.pack.cards)
    n = len(pack)

    def cards(field: str, start: int = 0) -> set[object]:
        lo = at[field][0] + start
        chunk = tensor[lo : lo + n]
        assert set(chunk.tolist()) <= {0.0, 1.0}
        return {pack[i] for i in np.flatnonzero(chunk)}

    us = who % 2
    assert cards("hand") == set(obs.hand)
    assert cards("won_us") == set(obs.won[us]) and cards("won_them") == set(obs.won[1 - us])
    in_trick = [cards("trick", rel * n) for rel in range(4)]
    assert sum(map(len, in_trick)) == len(obs.trick) and set().union(*in_trick) == set(obs.trick)
    if game.name == "mililla":  # every seat plays to every trick, in turn from the leader
        for i, card in enumerate(obs.trick):
            assert card in in_trick[(obs.trick_leader + i - who) % 4]
    lo = at["hand_counts"][0]
    assert tensor[lo : lo + 4].tolist() == pytest.approx([obs.hand_counts[(who + r) % 4] / 10 for r in range(4)])
    lo = at["dealer"][0]
    assert np.flatnonzero(tensor[lo : lo + 4]).tolist() == [(obs.dealer - who) % 4]
    lo = at["to_move"][0]
    moving = [] if obs.to_move is None else [(obs.to_move - who) % 4]
    assert np.flatnonzero(tensor[lo : lo + 4]).tolist() == moving
    lo = at["match"][0]
    target = 35 if game.name == "mililla" else 32  # the games' match targets, as their rules pages give them
    assert tensor[lo : lo + 2].tolist() == pytest.approx([obs.match[us] / target, obs.match[1 - us] / target])


@pytest.mark.parametrize("text", ALL)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200), who=st.integers(0, 3))
def test_tensor_encodes_the_rounds_history(text: str, seed: int, steps: int, who: int) -> None:
    """
    Version 2: ``played`` holds the cards each relative seat has played this round, read from the
    public history; the trick games' ``voids`` hold exactly the suits the inferences show each seat
    lacks by not following (Mulle's ``owns``, the values of the builds each seat owns).
    """
    game, state = _position(text, seed, steps)
    layout = game.spec.learning.tensor
    assert layout.version == 2
    n_seats = len(state.hands)
    who %= n_seats
    obs = game.observe(state, who)
    tensor = layout.encode(obs)
    at = layout.offsets()
    pack = list(dict.fromkeys(game.spec.pack.cards))
    n = len(pack)
    played: list[list[object]] = [[] for _ in range(n_seats)]
    if game.name == "mulle":
        for turn in obs.history:
            played[turn.seat].append(turn.move.card)
        lo = at["owns"][0]
        owns = {(r, v) for r in range(4) for v in range(16) if tensor[lo + r * 16 + v]}
        assert owns == {((b.owner - who) % n_seats, b.value - 1) for b in obs.builds}
    else:
        tricks = [
            *obs.history,
            *([(obs.trick_leader if game.name == "mililla" else obs.leader, obs.trick)] * bool(obs.trick)),
        ]
        for leader, cards in tricks:
            order = [(leader + i) % 4 for i in range(4)]
            if (
                len(cards) < 4
                and getattr(obs, "contract", None) is not None
                and obs.contract.is_solo
                and obs.bidder is not None
            ):
                order = [s for s in order if s != (obs.bidder + 2) % 4]
            for seat, card in zip(order, cards, strict=False):
                played[seat].append(card)
        suits = 4 if game.name == "mililla" else 5
        lo = at["voids"][0]
        shown = {((who + r) % 4, k) for r in range(4) for k in range(suits) if tensor[lo + r * suits + k]}
        ruled_out: dict[int, set[object]] = {}
        for inference in cardrules.inferences(obs):
            if inference.kind == "none":
                ruled_out.setdefault(inference.seat, set()).update(inference.cards)
        gone = {c for cards in played for c in cards}
        names = ["O", "C", "E", "B"] if game.name == "mililla" else ["S", "H", "D", "C", "J"]
        for seat, k in shown:  # a void shown is proved: no unplayed card of that suit may be held
            if game.name == "mililla":
                suit = [c for c in pack if c.suit.letter == names[k]]
            else:
                suit = [c for c in pack if suit_of(obs.trump, c) == names[k]]
            assert {c for c in suit if c not in gone} <= ruled_out.get(seat, set())
        for seat, cards in ruled_out.items():  # and a suit ruled out by not following is shown
            for k, name in enumerate(names):
                if game.name == "mililla":
                    members = {c for c in pack if c.suit.letter == name}
                else:
                    members = {c for c in pack if suit_of(obs.trump, c) == name}
                whole = {c for c in members if c not in gone}
                if whole and whole <= cards and (seat, k) not in shown:
                    # beside not following, only the duties to beat and trump rule out (parts of) a suit
                    assert game.name == "mililla"
    lo = at["played"][0]
    for seat in range(n_seats):
        chunk = tensor[lo + ((seat - who) % n_seats) * n : lo + ((seat - who) % n_seats + 1) * n]
        step = 0.5 if game.name == "mulle" else 1.0
        want = [0.0] * n
        for card in played[seat]:
            want[pack.index(card)] += step
        assert chunk.tolist() == pytest.approx(want)


def suit_of(trump: Any, card: Any) -> str:
    """The letter of the suit *card* follows in Charlemagne under *trump* (``J`` for the jokers in Mulot)."""
    from cardrules.charlemagne._cards import _SUIT_OF

    return str(_SUIT_OF[trump][card].letter)


def test_a_layout_needs_a_form_of_its_numbers_and_slots_inside_it() -> None:
    from cardrules.engine._learning import TensorField, TensorLayout

    fields = (TensorField("a", 3, "three numbers"),)
    with pytest.raises(TypeError, match="fill, sparse or packed"):
        TensorLayout(game="g", version=1, fields=fields)
    with pytest.raises(ValueError, match="within the tensor"):
        TensorLayout(game="g", version=1, fields=fields, packed=lambda obs: (0, (1.0,)), slots=(3,))
    layout = TensorLayout(game="g", version=1, fields=fields, packed=lambda obs: (0b101, (0.5,)), slots=(1,))
    assert layout.values(None) == [1.0, 0.5, 1.0]
    assert layout.encode(None).tolist() == [1.0, 0.5, 1.0]


def test_card_bits_are_the_pack_indices_however_often_asked() -> None:
    from cardrules.engine._learning import card_bits

    pack = cardrules.get_game("mililla").spec.pack.cards
    bit, bits = card_bits(pack)
    rng = random.Random(3)
    for _ in range(5000):  # more tuples than it keeps: the bound clears it, the answers stay right
        hand = tuple(rng.sample(pack, rng.randrange(11)))
        assert bits(hand) == sum(1 << pack.index(c) for c in hand) == sum(bit[c] for c in hand)
