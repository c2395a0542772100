"""Charlemagne at the terminal table and in its picture: the bidding, the contract and the tricks by seat."""

from __future__ import annotations

import cardrules
from cardrules import charlemagne as ch
from cardrules._kit.style import Style
from tests.charlemagne.positions import M_KITTY, M, run, table


def view(state: ch.State, seat: int) -> list[str]:
    terminal = cardrules.get_game("charlemagne").spec.terminal
    assert terminal is not None
    return terminal.view(ch.observe(state, seat), Style())


def test_the_bidding_shows_each_call_by_seat_and_no_trick() -> None:
    lines = view(run(table(M, M_KITTY), "bid 5", "pass"), 0)
    assert "bidding: seat 0 5, seat 1 pass" in lines
    assert not any(line.startswith(("contract:", "trick:", "last trick:")) for line in lines)


def test_a_solo_contract_names_the_tricks_seats_without_the_partner_who_sits_out() -> None:
    """charlemagne.play.turn: in Mulot seat 2 sits out, so seat 1's card is followed by seat 3's."""
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    lines = view(s, 1)
    assert "contract: Mulot by seat 0" in lines
    assert "trick: none yet; seat 0 leads" in lines
    lines = view(run(s, "7S", "AS"), 3)
    assert "trick: seat 0 7S, seat 1 AS" in lines
    lines = view(run(s, "7S", "AS", "QS"), 0)
    assert "last trick: seat 0 7S, seat 1 AS, seat 3 QS" in lines
    assert "trick: none yet; seat 1 leads" in lines


def test_a_team_contract_names_all_four_seats_of_a_trick() -> None:
    s = run(table(M, M_KITTY), "bid 5", "pass", "pass", "pass")
    while s.phase != "play":
        s = ch.apply(s, ch.legal_moves(s)[0])
    lines = view(s, 0)
    assert any(line.startswith("contract: a bid of 5 by seat 0;") and line.endswith("are trump") for line in lines)
    for _ in range(4):
        s = ch.apply(s, ch.legal_moves(s)[0])
    seats = [(s.last_leader + i) % 4 for i in range(4)]
    named = ", ".join(f"seat {seat} {card}" for seat, card in zip(seats, s.last_trick, strict=True))
    assert f"last trick: {named}" in view(s, 0)


def test_the_picture_tells_the_bidding_and_the_contract_as_the_table_does() -> None:
    s = run(table(M, M_KITTY), "bid mulot", "pass", "pass", "pass")
    draw = cardrules.get_game("charlemagne").spec.picture
    assert draw is not None
    picture = draw(ch.observe(s, 1))
    assert "bidding: seat 0 mulot, seat 1 pass, seat 2 pass, seat 3 pass" in picture
    assert "contract: Mulot by seat 0" in picture
