"""
Messages to a player say only what that player may see, in notation.

Every refusal (``check_move`` reasons, ``IllegalMoveError`` and the errors of
``parse_move``) is written for the seat to move. It must read the same
wherever a card hidden from that seat is: another hand, the stock, the
kitty, the discards. And it shows moves in the game's notation, never as
Python reprs. The same holds in every language of :mod:`cardrules.i18n`.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import Card, charlemagne, i18n, mililla, mulle
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK
from tests.charlemagne.positions import run, table
from tests.playout import final_state, playout
from tests.variants import VARIANTS

AnyGame = cardrules.Game[Any, Any, Any, Any]
REPR = re.compile(r"\w\(|object at 0x|<\w")
"""What a Python repr looks like in a message: ``Trail(``, ``Card.parse(``, ``<Suit...``."""


# --- what a seat is told -------------------------------------------------------------------------


def _texts(game: AnyGame, state: Any) -> list[str]:
    """Move texts naming every card of the pack, as the seat to move might type them."""
    out: list[str] = []
    cards = list(dict.fromkeys(game.spec.pack.cards))
    if game.name == "mulle":
        loose = state.table[0] if state.table else cards[0]
        for c in cards:
            v = c.rank.pips + loose.rank.pips
            out += [str(c), f"{c} -", f"{c} x", f"{c} x {loose}", f"{c} x {c}", f"{c} > {loose} = {v}"]
            if state.builds:
                out.append(f"{c} > #0 = {state.builds[0].value + c.rank.pips}")
    elif game.name == "mililla":
        out = [str(c) for c in cards] + [f"play {c}" for c in cards]
    else:
        for c in cards:
            out += [str(c), f"play {c}", f"discard {c}", f"give {c}"]
        out += ["pass", "bid 5", "bid gros", "source kitty", "trump H"]
    return out


def _answers(game: AnyGame, state: Any) -> list[tuple[str, str, str]]:
    """
    For every text of :func:`_texts`: what parse_move, check_move and apply answer, as text, in every
    language of :data:`cardrules.i18n.LANGUAGES` (each answer is the languages' texts joined).
    """
    spec = game.spec
    out: list[tuple[str, str, str]] = []

    def written(obj: Any) -> str:
        return " | ".join(i18n.render(obj, lang) for lang in i18n.LANGUAGES)

    for text in _texts(game, state):
        try:
            parsed = spec.format_canonical(spec.parse_move(state, text))
        except cardrules.CardrulesError as exc:
            parsed = f"{type(exc).__name__}: {written(exc)}"
        try:
            move = spec.parse_canonical(text)
        except cardrules.CardrulesError:
            out.append((text, parsed, "-"))
            continue
        violation = spec.check_move(state, move)
        checked = "legal" if violation is None else written(violation)
        if violation is not None:
            with pytest.raises(cardrules.IllegalMoveError) as info:
                spec.apply(state, move)
            checked += f" / {written(info.value)}"
        out.append((text, parsed, checked))
    return out


def _valid(game: AnyGame, state: Any) -> bool:
    try:
        game.spec.check_state(state)
    except cardrules.InvalidRecordError:
        return False
    return True


def _in_order(game: AnyGame, cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=game.spec.pack.cards.index))


def _swap(hand: tuple[Card, ...], i: int, card: Card) -> list[Card]:
    return [card if k == i else c for k, c in enumerate(hand)]


def _hand_exchanges(game: AnyGame, state: Any, seat: int, pile: str) -> Iterator[Any]:
    """States where one card of another seat's hand and one of *pile* (a hidden zone) change places."""
    cards = getattr(state, pile)
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for i, c in enumerate(hand):
            if c in state.hands[seat]:
                continue  # a card the seat also holds tells nothing new
            for j, d in enumerate(cards):
                if d is c:
                    continue
                hands = list(state.hands)
                hands[other] = _in_order(game, _swap(hand, i, d))
                yield attrs.evolve(state, hands=tuple(hands), **{pile: _swap(tuple(cards), j, c)})


def _mililla_exchanges(state: mililla.State, seat: int) -> Iterator[mililla.State]:
    """States where two other seats swap one card each (Mililla has no stock)."""
    others = [s for s in range(4) if s != seat]
    for a, b in itertools.combinations(others, 2):
        for i, c in enumerate(state.hands[a]):
            for j, d in enumerate(state.hands[b]):
                hands = list(state.hands)
                hands[a] = mililla._cards._sorted_hand(_swap(state.hands[a], i, d))
                hands[b] = mililla._cards._sorted_hand(_swap(state.hands[b], j, c))
                yield attrs.evolve(state, hands=tuple(hands))


def exchanges(game: AnyGame, state: Any, seat: int) -> list[Any]:
    """
    Hand-built exchanges of hidden cards: a card of another hand and one of
    the stock (Mulle) or the kitty (Charlemagne), or of two other hands
    (Mililla); the first consistent one of each kind, if any.
    """
    if game.name == "mulle":
        kinds = [_hand_exchanges(game, state, seat, "stock")]
    elif game.name == "mililla":
        kinds = [_mililla_exchanges(state, seat)]
    else:
        hidden = charlemagne._sample._hidden_zones(state, seat)
        if any(f"hand {s}" in hidden for s in range(4)):
            kinds = [_hand_exchanges(game, state, seat, "kitty")]
            kinds += [_hand_exchanges(game, state, seat, z) for z in ("discards", "out") if z in hidden]
        else:
            kinds = []
    out = []
    for states in kinds:
        found = next((s for s in states if _valid(game, s)), None)
        if found is not None:
            out.append(found)
    return out


def reached(game: AnyGame, seed: int, steps: int) -> Any:
    """The state after *steps* random legal moves from *seed* (or the last one before the end)."""
    state = game.new_game(seed=seed)
    for i, (before, _, _) in enumerate(playout(game, seed)):
        state = before
        if i == steps:
            break
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_refusals_are_the_same_whatever_the_hidden_cards(variant: str, seed: int, steps: int) -> None:
    """Every answer to the seat to move is unchanged when the cards it cannot see change places."""
    game = cardrules.get_game(variant)
    state = reached(game, seed, steps)
    seat = game.to_move(state)
    assert seat is not None
    want = _answers(game, state)
    others = [game.spec.shuffle_hidden(state, seat, random.Random(seed)), *exchanges(game, state, seat)]
    for other in others:
        assert _answers(game, other) == want


def test_exchanges_cover_another_hand_and_the_stock_or_kitty() -> None:
    """The hand-built exchanges really move a card between another hand and the stock or the kitty."""
    for name, zone in (("mulle", "stock"), ("charlemagne", "kitty")):
        game = cardrules.get_game(name)
        state = game.new_game(seed=5)
        seat = game.to_move(state)
        assert seat is not None
        (other, *_) = exchanges(game, state, seat)
        assert getattr(other, zone) != getattr(state, zone)
        assert other.hands[seat] == state.hands[seat]
        assert other.hands != state.hands
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=5)
    seat = game.to_move(state)
    assert seat is not None
    (other,) = exchanges(game, state, seat)
    assert other.hands != state.hands


# --- the reproductions --------------------------------------------------------------------------


def _refusal(game: AnyGame, state: Any, text: str, lang: str | None = None) -> str:
    with pytest.raises(cardrules.IllegalMoveError) as info:
        game.parse_move(state, text)
    return str(info.value) if lang is None else i18n.render(info.value, lang)


def test_mulle_card_in_another_hand_or_the_stock_gets_the_same_words() -> None:
    """'2S -' reads the same whether the 2S is in the other seat's hand or in the stock."""
    game = cardrules.get_game("mulle")
    s = game.new_game(seed=1)
    two = Card.parse("2S")
    assert 1 == game.to_move(s) and two in s.hands[0] and two not in s.hands[1]
    i = s.hands[0].index(two)
    j = next(j for j, c in enumerate(s.stock) if c is not two)
    hands = (_in_order(game, _swap(s.hands[0], i, s.stock[j])), s.hands[1])
    in_stock = attrs.evolve(s, hands=hands, stock=tuple(_swap(s.stock, j, two)))
    assert two not in in_stock.hands[0]
    held, stocked = _refusal(game, s, "2S -"), _refusal(game, in_stock, "2S -")
    assert held == stocked == "[mulle.turn] you do not hold the 2S (move 2S -)"
    for lang in i18n.LANGUAGES:
        assert _refusal(game, s, "2S -", lang) == _refusal(game, in_stock, "2S -", lang)
    assert "[mulle.turn] du har inte spader två (drag 2S -)" == _refusal(game, in_stock, "2S -", "sv")
    assert str(mulle.check_move(s, mulle.Trail(two))) == str(mulle.check_move(in_stock, mulle.Trail(two)))


def _won_card_exchanges(game: Any, s: Any) -> Iterator[tuple[Card, int, Any]]:
    """``(card, seat, state)``: a won card moved into another hand (a hand card taking its place), still reachable."""
    seat = game.to_move(s)
    for side in (0, 1):
        won = s.won[side]
        for k in range(len(won)):
            for o in range(4):
                if o == seat or (o == s.dealer and s.turn_up in s.hands[o]):
                    continue
                for i in range(len(s.hands[o])):
                    hands = list(s.hands)
                    hands[o] = mililla._cards._sorted_hand(_swap(s.hands[o], i, won[k]))
                    piles = list(s.won)
                    piles[side] = tuple(_swap(won, k, s.hands[o][i]))
                    # without the history of tricks, which would show where the won card was played
                    t = attrs.evolve(s, hands=tuple(hands), won=tuple(piles), history=())
                    if _valid(game, t):
                        yield won[k], o, t


def test_mililla_card_in_another_hand_or_played_gets_the_same_words() -> None:
    """A card already won in a trick and the same card in another hand get the same refusal, naming no seat."""
    game = cardrules.get_game("mililla")
    s = game.new_game(seed=1)
    found = None
    while found is None and not game.is_over(s):
        for _ in range(4):  # one more trick
            s = game.apply(s, game.legal_moves(s)[0])
        found = next(_won_card_exchanges(game, s), None)
    assert found is not None
    card, other, in_hand = found
    assert card in in_hand.hands[other] and card in s.won[0] + s.won[1]
    played = _refusal(game, s, str(card))
    assert f"[mililla.turn] you do not hold the {card} (move {card})" == played
    assert played == _refusal(game, in_hand, str(card))
    for lang in i18n.LANGUAGES:
        assert _refusal(game, s, str(card), lang) == _refusal(game, in_hand, str(card), lang)
    assert str(mililla.check_move(s, mililla.Play(card))) == str(mililla.check_move(in_hand, mililla.Play(card)))


def test_charlemagne_card_in_the_kitty_or_another_hand_gets_the_same_words() -> None:
    """In Mulot the kitty stays down: a card there and a card of another hand get the same refusal."""
    hands = {0: "BJ LJ JH JD AH KH QH 10H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AD KD QD 10D 9D 8D 7D 9H"}
    s = run(table(hands, "8H 7H"), "bid mulot", "pass", "pass", "pass")
    game = cardrules.get_game("charlemagne")
    seat = game.to_move(s)
    assert "play" == s.phase and 0 == seat and CHARLEMAGNE_PACK.parse("8H") in s.kitty
    in_kitty = _refusal(game, s, "play 8H")
    assert "[charlemagne.play.turn] you do not hold the 8 of hearts (move 8H)" == in_kitty
    eight, seven = CHARLEMAGNE_PACK.parse("8H"), CHARLEMAGNE_PACK.parse("7S")
    moved = attrs.evolve(
        s,
        hands=(s.hands[0], _in_order(game, _swap(s.hands[1], s.hands[1].index(seven), eight)), *s.hands[2:]),
        kitty=tuple(seven if c is eight else c for c in s.kitty),
    )
    assert _valid(game, moved)
    assert in_kitty == _refusal(game, moved, "play 8H")
    assert "seat" not in in_kitty
    for lang in i18n.LANGUAGES:
        assert _refusal(game, s, "play 8H", lang) == _refusal(game, moved, "play 8H", lang)
    assert "[charlemagne.play.turn] tu n'as pas le 8 de cœur (coup 8H)" == _refusal(game, moved, "play 8H", "fr")


def test_charlemagne_bidding_turn_speaks_to_the_seat_to_move() -> None:
    """Out of phase, the seat to move is told what to do as 'you', not by its seat number."""
    s = table({0: "BJ LJ JH JD AH KH QH 10H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AD KD QD 10D 9D 8D 7D 9H"}, "8H 7H")
    v = charlemagne.check_move(s, charlemagne.Play(s.hands[0][0]))
    assert "[charlemagne.bid.turn] the bidding is not over: bid or pass" == str(v)
    s = run(s, "bid mulot", "pass", "pass", "pass")
    v = charlemagne.check_move(s, charlemagne.Pass())
    assert "[charlemagne.bid.turn] the bidding is over: you bid Mulot, and there is one round of bidding" == str(v)


# --- notation, not reprs -------------------------------------------------------------------------


def _messages(game: AnyGame, state: Any, moves: list[object], texts: list[str]) -> Iterator[str]:
    spec = game.spec
    for move in moves:
        v = spec.check_move(state, move)
        assert v is not None
        yield v.reason
        with pytest.raises(cardrules.IllegalMoveError) as info:
            spec.apply(state, move)
        yield str(info.value)
    for text in texts:
        with pytest.raises(cardrules.CardrulesError) as err:
            spec.parse_move(state, text)
        yield str(err.value)


def test_illegal_move_messages_use_notation_not_reprs() -> None:
    """No refusal shows a repr such as Trail(card=Card.parse('2S')): moves are in notation."""
    seen: list[str] = []
    g: cardrules.Game[Any, Any, Any, Any] = cardrules.get_game("mulle")  # then the other games
    s = g.new_game(seed=1)
    two, queen = Card.parse("2S"), Card.parse("QH")
    mulle_moves: list[object] = [
        mulle.Trail(two),
        mulle.Capture(two, [queen], 15),
        mulle.Build(queen, queen, 24),
        "2S -",
        None,
        mililla.Play(mililla.parse_canonical("7O").card),
    ]
    seen += _messages(g, s, mulle_moves, ["2S -", "2S x QH", "QH > 2S = 14", "2S"])
    g = cardrules.get_game("mililla")
    s = g.new_game(seed=1)
    seat = g.to_move(s)
    assert seat is not None
    other = s.hands[(seat + 1) % 4][0]
    seen += _messages(g, s, [mililla.Play(other), "7O", mulle.Trail(two)], [str(other)])
    g = cardrules.get_game("charlemagne")
    s = g.new_game(seed=1)
    seen += _messages(g, s, [charlemagne.Play(s.hands[0][0]), charlemagne.Discard(two), 7], ["7S", "discard 2S"])
    assert len(seen) > 20
    for text in seen:
        assert not REPR.search(text), text
    assert any("(move 2S -)" in t for t in seen)


def test_illegal_move_error_keeps_the_move_and_its_notation() -> None:
    """err.move is the move object for programs, err.move_text its notation, and the message shows the latter."""
    g = cardrules.get_game("mulle")
    s = g.new_game(seed=1)
    move = mulle.Capture(Card.parse("2S"), [Card.parse("QH")], 15)
    with pytest.raises(cardrules.IllegalMoveError) as info:
        g.apply(s, move)
    assert move == info.value.move
    assert "2S=15 x QH" == info.value.move_text
    assert str(info.value).endswith("(move 2S=15 x QH)")
    with pytest.raises(cardrules.IllegalMoveError) as info:
        g.apply(s, "2S -")  # type: ignore[arg-type]  # not a move: refused at run time
    assert info.value.move_text is None
    assert "[mulle.turn] a Mulle move is a Capture, Build or Trail, not str" == str(info.value)


def test_illegal_move_error_signature_is_backward_compatible() -> None:
    """IllegalMoveError(rule, seat, move, reason) still works; the notation is an optional keyword."""
    rule = mulle.RULES["mulle.turn"]
    old = cardrules.IllegalMoveError(rule, 0, object(), "you may not")
    assert "[mulle.turn] you may not" == str(old) and old.move_text is None
    new = cardrules.IllegalMoveError(rule, 0, None, "you may not", move_text="2S -")
    assert "[mulle.turn] you may not (move 2S -)" == str(new)


@pytest.mark.parametrize(("text", "title"), [("mililla", "Mililla"), ("mulle/fishing(target=0)", "Mulle")])
def test_a_played_card_is_refused_for_what_it_is_not(text: str, title: str) -> None:
    """Mililla and Mulle refuse the same way a move whose card is not a card (the turn rule) and
    any card once the match is over (the match rule), in every language."""
    game = cardrules.get_game(text)
    name = game.name.split("/")[0]
    state = game.new_game(seed=5)
    move = game.legal_moves(state)[0]
    bad = attrs.evolve(move)  # a copy: the moves legal_moves hands out are shared
    object.__setattr__(bad, "card", "x")  # past the constructor's own check, as a hand-made object may be
    refused = game.check_move(state, bad)
    assert refused is not None and refused.rule.id == f"{name}.turn"
    assert str(refused.message) == f"a {title} move plays a card, not 'x'"
    assert i18n.render(refused.message, "sv") == f"ett drag i {title} spelar ett kort, inte 'x'"
    over = final_state(game, 5)
    assert game.is_over(over)
    late = game.check_move(over, move)
    assert late is not None and late.rule.id == f"{name}.match.target"
    assert str(late.message) == "the match is over; no more cards are played"
