"""Hand-built Charlemagne positions for the tests: deals from card texts, scripted moves, play-outs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardrules import charlemagne as ch
from cardrules import parse_cards
from cardrules.charlemagne import PACK as CHARLEMAGNE_PACK

# Deal M: seat 0 holds the 7s and 8s; seats 1 and 3 two higher cards of every suit; seat 2 both jokers.
M = {0: "7S 8S 7H 8H 7D 8D 7C 8C", 1: "AS KS AH KH AD KD AC KC", 3: "QS 9S QH 9H QD 9D QC 9C"}
M_KITTY = "10D 10C"  # seat 2: BJ LJ JS JH JD JC 10S 10H

FIRST: Callable[[ch.State], ch.Move] = lambda s: ch.legal_moves(s)[0]  # noqa: E731


def table(
    hands: Mapping[int, str],
    kitty: str = "",
    *,
    dealer: int = 3,
    rules: ch.CharlemagneRuleset = ch.STANDARD,
    seed: int = 0,
) -> ch.State:
    """
    A match whose first hand deals *hands* (seat -> card texts) and *kitty*.

    One seat may be left out of *hands*, or the kitty left empty: it gets the
    cards nobody else holds. With the default dealer 3, seat 0 bids first.
    """
    given = {seat: list(parse_cards(text, CHARLEMAGNE_PACK)) for seat, text in hands.items()}
    kit = list(parse_cards(kitty, CHARLEMAGNE_PACK)) if kitty else None
    used = {c for cs in given.values() for c in cs} | set(kit or ())
    rest = [c for c in CHARLEMAGNE_PACK.cards if c not in used]
    missing = [s for s in range(4) if s not in given]
    if kit is None:
        assert len(missing) == 0, "leave out one seat or the kitty, not both"
        kit = rest
    else:
        assert len(missing) == 1, "leave out exactly one seat"
        given[missing[0]] = rest
    deck = ch.deck_from_hands([given[s] for s in range(4)], kit, dealer)
    return ch.new_game(rules, deck=deck, dealer=dealer, seed=seed)


def run(state: ch.State, *texts: str) -> ch.State:
    """Apply the moves written in *texts*, each read with ``parse_move``."""
    for text in texts:
        state = ch.apply(state, ch.parse_move(state, text))
    return state


def play_hand(state: ch.State, policy: Callable[[ch.State], ch.Move] = FIRST) -> ch.State:
    """Play the current hand to its end with *policy* (first legal move by default)."""
    rounds = len(state.rounds)
    while len(state.rounds) == rounds:
        state = ch.apply(state, policy(state))
    return state


def seats_to_act(state: ch.State) -> set[int]:
    """Every seat that acts from *state* to the end of the hand, first legal moves."""
    acted: set[int] = set()
    rounds = len(state.rounds)
    while len(state.rounds) == rounds:
        seat = ch.to_move(state)
        assert seat is not None
        acted.add(seat)
        state = ch.apply(state, ch.legal_moves(state)[0])
    return acted


def cards(text: str) -> tuple[ch.Play, ...]:
    """Play moves for the cards in *text*."""
    return tuple(ch.Play(c) for c in parse_cards(text, CHARLEMAGNE_PACK))


def moves(state: ch.State) -> list[str]:
    """The legal moves as text."""
    return [ch.format_move(state, m) for m in ch.legal_moves(state)]
