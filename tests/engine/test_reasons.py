"""
Verdicts that give their reasons: for every rule that can refuse a move, a legal move whose reasons
say why that rule does not bind, and an illegal move that it refuses; the reasons of every legal
move in random play, their rules and their words, which tell the seat nothing it may not see.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardrules
from cardrules import mulle
from cardrules.i18n import LANGUAGES, render
from tests.playout import hidden_twins

# Every rule a game's check_move refuses a move by, with the rulesets that reach it; the end of the
# match (*.match.target) aside, which refuses a move only when no move is legal.
REFUSING: dict[str, tuple[str, ...]] = {
    "mililla.follow.suit": ("mililla",),
    "mililla.seven": ("mililla", "mililla(seven_rule=earlier)"),
    "mililla.follow.beat": ("mililla",),
    "mililla.follow.trump": ("mililla",),
    "charlemagne.bid.ladder": ("charlemagne",),
    "charlemagne.bid.dealer": ("charlemagne",),
    "charlemagne.follow.suit": ("charlemagne",),
    "charlemagne.mulot.joker-void": ("charlemagne",),
    "charlemagne.mulot.joker-led": ("charlemagne",),
    "charlemagne.discard.held": ("charlemagne",),
    "charlemagne.discard.count": ("charlemagne",),
    "charlemagne.bid.turn": ("charlemagne",),
    "charlemagne.play.turn": ("charlemagne",),
    "charlemagne.source": ("charlemagne",),
    "charlemagne.give": ("charlemagne",),
    "charlemagne.trump.name": ("charlemagne",),
    "mililla.turn": ("mililla",),
    "mulle.turn": ("mulle",),
    "mulle.build": ("mulle",),
    "mulle.fishing.capture": ("mulle/fishing",),
    "mulle.capture.maximal": ("mulle",),
    "mulle.capture.duty": ("mulle", "mulle(capture_duty=hand)"),
    "mulle.build.keep": ("mulle",),
    "mulle.build.scoring-card": ("mulle",),
    "mulle.build.owner": ("mulle",),
    "mulle.build.lock": ("mulle(locking_builds=true)",),
    "mulle.capture": ("mulle",),
    "mulle.values": ("mulle",),
    "mulle.fishing.values": ("mulle/fishing",),
}
TEXTS = sorted({text for texts in REFUSING.values() for text in texts})


# A Gros Mulot trick led with the Little joker, the Big one in the next hand: rarer in random play.
EXTRA: dict[str, tuple[str, ...]] = {
    "charlemagne": (
        "p1 charlemagne dealer=2 calls=charlemagne,pass,pass,gros-mulot phase=play source=- "
        "hands=-/AS,10S,AH,QH,7H,AD,QC,JC/9S,8S,7S,KD,10D,7D,7C/JH,9H,JD,9D,8D,9C,8C,BJ kitty=QS,JS taken=- "
        "passed=- discards=- out=KS,KH,10H,8H,QD,AC,KC,10C trump=- leader=2 trick=LJ won=-/- last_leader=2 rounds=-",
    )
}


def _positions(text: str, seeds: int, moves: int) -> Iterator[tuple[Any, Any]]:
    """States of *text* with their game: from random matches, from matches of first moves (all pass), and EXTRA."""
    game = cardrules.get_game(text)
    for extra in EXTRA.get(text, ()):
        yield game, game.from_position(extra)
    for seed in range(seeds):
        rng = random.Random(seed)
        for first in (False, True):
            state = game.new_game(seed=seed)
            for _ in range(moves):
                if game.is_over(state):
                    break
                yield game, state
                legal = game.legal_moves(state)
                state = game.apply(state, legal[0] if first else legal.sample(rng))


def _candidates(game: Any, state: Any) -> Iterator[Any]:
    """Some legal moves, then moves near them or of the mover's cards, many of them illegal."""
    legal = list(itertools.islice(iter(game.legal_moves(state)), 60))
    yield from legal
    seat = game.to_move(state)
    hand = tuple(dict.fromkeys(state.hands[seat]))
    if game.name == "mulle":
        yield from _mulle_candidates(state, legal, hand)
        return
    parse = game.spec.parse_canonical
    others = [c for c in game.spec.pack.cards if c not in hand][:3]
    texts = [
        *(str(c) for c in (*hand, *others)),
        *(f"{verb} {c}" for verb in ("discard", "give") for c in (*hand, *others)),
        *("pass", "bid 5", "bid 6", "bid 8", "trump H", "source kitty"),
    ]
    for text in texts:
        try:
            yield parse(text)
        except cardrules.CardrulesError:
            continue


def _mulle_candidates(state: Any, legal: list[Any], hand: tuple[Any, ...]) -> Iterator[Any]:
    """Captures with a card too few or a value off, trails, and builds of every hand card onto every table item."""
    for move in legal:
        if isinstance(move, mulle.Capture):
            yield mulle.Capture(move.card, move.taken[:-1], move.value)
            yield mulle.Capture(move.card, move.taken, move.value + 1)
    yield mulle.Trail(next(c for c in mulle.PACK.cards if c not in hand))  # a card not held
    for card in hand:
        yield mulle.Trail(card)
        for onto in dict.fromkeys(state.table):
            yield mulle.Build(card, onto, card.rank.pips + onto.rank.pips)
        for i, build in enumerate(state.builds):
            yield mulle.Build(card, i, build.value + card.rank.pips)
            yield mulle.Build(card, i, build.value)


def _find(rule: str) -> tuple[bool, bool]:
    """Whether random play shows a legal move whose reasons cite *rule*, and a move *rule* refuses."""
    allowed = refused = False
    for text in REFUSING[rule]:
        for game, state in _positions(text, seeds=12, moves=150):
            for move in _candidates(game, state):
                violation = game.check_move(state, move)
                if violation is None:
                    allowed = allowed or any(r.rule.id == rule for r in game.reasons(state, move))
                else:
                    refused = refused or violation.rule.id == rule
                if allowed and refused:
                    return True, True
    return allowed, refused


@pytest.mark.parametrize("rule", sorted(REFUSING))
def test_every_refusing_rule_says_why_it_does_not_bind(rule: str) -> None:
    """The rule refuses some move, and the reasons of some legal move cite it, saying why it does not bind there."""
    allowed, refused = _find(rule)
    assert refused, f"no move refused by {rule} in random play"
    assert allowed, f"no legal move's reasons cite {rule}"


@pytest.mark.parametrize("text", TEXTS)
def test_reasons_of_legal_moves(text: str) -> None:
    """Every legal move has reasons, each a rule of the game's book, in words in every language."""
    for game, state in itertools.islice(_positions(text, seeds=3, moves=60), 120):
        for move in itertools.islice(iter(game.legal_moves(state)), 12):
            reasons = game.reasons(state, move)
            assert reasons, (game.position(state), move)
            for reason in reasons:
                assert reason.rule.id in game.spec.rulebook
                assert str(reason) == f"[{reason.rule.id}] {reason.reason}"
                for lang in LANGUAGES:
                    assert render(reason.message, lang).strip()


@pytest.mark.parametrize("name", ["mulle", "mililla", "charlemagne"])
def test_reasons_tell_no_hidden_card(name: str) -> None:
    """The same reasons, word for word, whatever the cards the seat to move cannot see."""
    twins = 0
    for game, state, other, _ in hidden_twins(name, 3, 40):
        for move in itertools.islice(iter(game.legal_moves(state)), 20):
            assert game.reasons(state, move) == game.reasons(other, move)
        twins += 1
    assert twins


def test_an_illegal_move_has_no_reasons() -> None:
    """The violation says why a move is refused; reasons are for legal moves only."""
    game = cardrules.get_game("mililla")
    state = game.new_game(seed=3)
    state = game.apply(state, game.parse_move(state, "4O"))
    seat = game.to_move(state)
    assert seat is not None
    off_suit = next(c for c in state.hands[seat] if c.suit.value != "O")
    move = game.spec.parse_canonical(str(off_suit))
    assert game.check_move(state, move) is not None
    assert game.reasons(state, move) == ()


def test_the_little_jack_is_no_diamond() -> None:
    """
    Hearts trump, a diamond led; the seat to move holds the jack of diamonds and no other diamond:
    it need not follow, and the reasons say so, citing the jack's place among the trumps.
    """
    game = cardrules.get_game("charlemagne")
    state = game.from_position(
        "p1 charlemagne dealer=3 calls=8,gros-charlemagne,pass,pass phase=play source=kitty "
        "hands=8S,KH,10H,AD,KD,QD/QS,QH,JH,KC,QC,9C/KS,JS,9S,7S,AH,8H,JD/- kitty=- taken=QC,QH passed=- "
        "discards=8C,LJ out=AS,10S,9H,7H,10D,9D,7C,BJ trump=H leader=0 trick=8D,7D won=10C,JC,AC/- last_leader=1 "
        "rounds=2/6:0/15:1:charlemagne.score.gros-mulot:15:x,6/2:16/0:0:charlemagne.score.gros-charlemagne:16:x,"
        "3/5:0/16:1:charlemagne.score.gros-charlemagne:16:x"
    )
    move = game.parse_move(state, "KS")
    said = [str(r) for r in game.reasons(state, move)]
    assert said == [
        "[charlemagne.trump.suit] the jack of diamonds is a trump while hearts are trump",
        "[charlemagne.follow.suit] you hold no diamonds, so you need not follow suit",
    ]


def test_check_names_the_deciding_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` of a legal move prints each reason, its rule id and the rule's words; ``--json`` gives them as data."""
    from cardrules.cli import main

    game = cardrules.get_game("mililla")
    state = game.new_game(seed=4)
    for text in ("4O", "5O", "7O"):  # seat 1 to play, who holds the JO and the HO, which both beat the 7O
        state = game.apply(state, game.parse_move(state, text))
    position = game.position(state)
    assert main(["check", "--json", position, "JO"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True
    assert [r["rule"] for r in data["reasons"]] == ["mililla.follow.suit", "mililla.rank", "mililla.follow.beat"]
    assert data["reasons"][1]["reason"] == "the JO ranks above the 7O"
    assert data["reasons"][2]["reason"] == "the JO beats the 7O, as you must when you can"
    assert data["reasons"][0]["rule_cited"]["text"] == game.spec.rulebook["mililla.follow.suit"].text
    assert main(["check", position, "JO"]) == 0
    text = capsys.readouterr().out
    assert "why: you follow suit: oros was led  [mililla.follow.suit]" in text
    assert game.spec.rulebook["mililla.follow.beat"].text in text
