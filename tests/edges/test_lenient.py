"""Text is read in its documented forms only, and every output is the same in every process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import cardrules
from cardrules import Card


@pytest.mark.parametrize("text", ["Aſ", "AＳ", "A\u2003S", "٢S", "10\u00a0D", "7♥"])
def test_card_names_are_ascii_only(text: str) -> None:
    """``Card.parse("Aſ")`` is not the ace of spades (``"ſ".upper()`` is ``"S"``): lookalikes are refused."""
    with pytest.raises(cardrules.InvalidCardError):
        Card.parse(text)


def test_documented_card_forms_still_read() -> None:
    """Case and surrounding ASCII space are still ignored, as documented."""
    assert Card.parse(" as\t") is Card.parse("AS")
    assert cardrules.parse_cards("9h, 4S  5c") == tuple(map(Card.parse, ("9H", "4S", "5C")))


@pytest.mark.parametrize("value", ["٤", "４", "1_0", " 4\u2003"])
def test_option_numbers_are_ascii_digits(value: str) -> None:
    """``mulle(players=٤)`` is not four players: int() reads Unicode digits and underscores, the library does not."""
    with pytest.raises((cardrules.InvalidOptionError, cardrules.UnknownOptionError)):
        cardrules.get_game(f"mulle(players={value})")
    with pytest.raises(cardrules.InvalidOptionError):
        cardrules.get_game("mulle", players=value)


def test_option_numbers_in_ascii_still_read() -> None:
    assert cardrules.get_game("mulle(players=4)").rules.players == 4
    assert cardrules.get_game("mulle", players=" 3 ").rules.players == 3


def test_mililla_repr_is_the_same_in_every_process() -> None:
    """The repr of a Mililla state and observation (a frozenset of suits) no longer changes with PYTHONHASHSEED."""
    code = (
        "import cardrules\n"
        "g = cardrules.get_game('mililla')\n"
        "s = g.new_game(seed=5)\n"
        "for _ in range(12):\n"
        "    s = g.apply(s, g.legal_moves(s)[-1])\n"
        "print(repr(s.led), repr(g.observe(s, 0)))\n"
    )
    outs = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.add(out.stdout)
    assert len(outs) == 1
    assert "frozenset({Suit." in outs.pop()
