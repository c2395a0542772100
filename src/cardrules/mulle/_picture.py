"""Mulle drawn as SVG for one seat: the loose table cards, the builds, the hands' sizes, your hand, the scores."""

from __future__ import annotations

from cardrules._kit import svg as _svg
from cardrules._kit.style import sides_text
from cardrules.mulle._cards import PACK
from cardrules.mulle._state import Observation

__all__ = ["picture"]


def _table(obs: Observation) -> _svg.Table:
    rules = obs.rules
    per_deal = rules.players * rules.hand_size
    deals = -(-(len(PACK) - rules.table_size) // per_deal)
    game = "building" if rules.building else "fishing"
    builds = []
    for i, b in enumerate(obs.builds):
        owner = "yours" if b.owner == obs.seat else f"seat {b.owner}'s"
        lock = ", locked" if b.locked else ""
        builds.append(_svg.Group(b.cards, f"#{i} = {b.value}, {owner}{lock}"))
    scores = []
    for side, seats in enumerate(obs.sides):
        text = f"{sides_text(seats, obs.seat)}: {obs.match[side]} points; this round {obs.captured_counts[side]} cards"
        if obs.mulles[side]:
            text += ", mulles " + " ".join(f"{m.card} ({m.points})" for m in obs.mulles[side])
        if obs.tabbes[side]:
            text += f", tabbes {obs.tabbes[side]}"
        scores.append(text)
    if obs.winner is not None:
        status = f"The match is over: {sides_text(obs.sides[obs.winner], obs.seat)} won."
    elif obs.to_move == obs.seat:
        status = "Your turn: capture, build or trail."
    else:
        status = f"Seat {obs.to_move} to play."
    last = "" if obs.last_capture is None else f"; last capture by seat {obs.last_capture}"
    return _svg.Table(
        title=f"Mulle table seen by seat {obs.seat}",
        heading=(
            f"Mulle, {game} game, round {obs.round_no + 1}",
            f"dealt by seat {obs.dealer}; deal {obs.deal_no + 1} of {deals}, "
            f"{obs.stock_count} cards in the stock{last}",
        ),
        seats=tuple(
            _svg.Seat(f"seat {s}", n, to_move=s == obs.to_move, you=s == obs.seat)
            for s, n in enumerate(obs.hand_counts)
        ),
        zones=(
            _svg.Zone("table", "Table", (_svg.Group(obs.table),), button=True, spread=True, empty="no loose cards"),
            _svg.Zone("build", "Builds", tuple(builds), empty="no builds"),
        ),
        hand=obs.hand,
        hand_label="Your hand" if len(obs.hand) == obs.hand_counts[obs.seat] else "Your hand (not shown)",
        scores=tuple(scores),
        status=status,
    )


def picture(obs: Observation) -> str:
    """*obs* drawn as an SVG table (text): only what that seat may see."""
    return _svg.draw(_table(obs))
