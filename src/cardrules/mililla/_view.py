"""Mililla as terminal text: what one seat sees, one line per thing on the table."""

from __future__ import annotations

from cardrules._style import Style, seats_text
from cardrules.mililla._state import Observation

__all__ = ["view"]


def view(obs: Observation, style: Style) -> list[str]:
    trump = obs.turn_up.suit.value
    held = ", still in the dealer's hand" if obs.turn_up_in_hand else ""
    lines = [
        f"round {obs.round_no + 1}, dealt by seat {obs.dealer}: {trump} are trump "
        f"(turn-up {style.card(obs.turn_up)}{held})",
        f"tricks this round: seats 0+2 {obs.tricks[0]}, seats 1+3 {obs.tricks[1]}",
        "cards in hand: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(obs.hand_counts)),
    ]
    if obs.last_trick:
        lines.append("last trick: " + seats_text(obs.last_leader, obs.last_trick, 4, style))
    if obs.trick:
        lines.append("trick: " + seats_text(obs.trick_leader, obs.trick, 4, style))
    else:
        lines.append(f"trick: none yet; seat {obs.trick_leader} leads")
    lines.append(style.bold("your hand: ") + style.cards(obs.hand))
    return lines
