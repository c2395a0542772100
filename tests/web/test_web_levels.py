"""The bot levels at the web table: within the server's bounds, offered by the lobby."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

import cardrules
from cardrules.bots import HardBot
from cardrules.bots._levels import HARD, MEDIUM

LEVELS = ("easy", "medium", "hard")


def test_the_levels_fit_the_web_servers_bounds_and_hard_thinks_at_most_a_second() -> None:
    from cardrules.web._table import MAX_BOT_SECONDS, MAX_SEARCH_ITERATIONS, _bounded, parse_bots

    assert HARD.iterations <= MAX_SEARCH_ITERATIONS and MEDIUM.iterations <= MAX_SEARCH_ITERATIONS
    hard_seconds = HardBot().seconds
    assert hard_seconds is not None and hard_seconds <= 1.0
    assert MEDIUM.iterations < HARD.iterations
    game = cardrules.get_game("mililla")
    assert parse_bots(game, 0, "hard(seconds=5)")[1] == "hard(seconds=5)"
    for text in ("hard(seconds=5)", "hard(seconds=None)", "medium", "easy(seconds=100)"):
        bot = _bounded(text)
        assert bot.seconds is not None and bot.seconds <= MAX_BOT_SECONDS, text  # type: ignore[attr-defined]
    assert _bounded("hard(seconds=0.25)").seconds == 0.25  # type: ignore[attr-defined]


def test_the_lobby_offers_the_levels() -> None:
    from cardrules.web._bodies import BotChoice

    offered = {b.value for b in BotChoice}
    assert set(LEVELS) <= offered
