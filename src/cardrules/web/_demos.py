"""
Press play: each game's demonstration deal (:attr:`cardrules.GameSpec.demo`, chosen once by a
seed search and kept as its moves) told step by step: what happened, which rules applied (each a
link to its rules page), and what the player to move could do next. ``GET /api/demos/GAME`` gives
the steps, ``GET /api/demos/GAME/picture?step=N`` the table at a step, ``/watch/GAME`` plays them.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs

from cardrules._kit.style import first_moves
from cardrules._registry import games, get_game
from cardrules.web._encode import jsonable
from cardrules.web._errors import ApiError
from cardrules.web._table import display_of, event_items, move_cards

__all__ = ["DemoBody", "DemoStep", "RuleRef", "demo", "demo_state"]

SEAT: Final = 0
"""The seat whose view the demo shows."""
_NEXT_SHOWN: Final = 8


@attrs.frozen
class RuleRef:
    """
    A rule, with the address of its place on the game's rules page.

    Attributes:
        id: The rule id.
        url: ``/rules/GAME#ID``.
    """

    id: str
    url: str


@attrs.frozen
class DemoStep:
    """
    One step of a demonstration.

    Attributes:
        step: 0 for the deal, N after the N-th move.
        narration: What happened, which rule applied, and what the player to move could do next.
        rules: The rules that applied, each with its link.
        view: The table as the demo's seat sees it (its observation).
        move: The move, as the table writes it (null at the deal).
        mover: The seat that made it (null at the deal).
        moved: The cards the move played or took, for the page to highlight.
        to_move: The seat to move next (null at the end).
        next: Some of the moves it could make, as the table writes them.
    """

    step: int
    narration: str
    rules: tuple[RuleRef, ...]
    view: Any
    move: str | None
    mover: int | None
    moved: tuple[str, ...]
    to_move: int | None
    next: tuple[str, ...]


@attrs.frozen
class DemoBody:
    """
    ``GET /api/demos/GAME``.

    Attributes:
        game: The game's name.
        title: The game's title.
        about: What the demonstration shows, in a few words.
        ruleset: The ruleset text it is played with.
        seat: The seat whose view each step shows.
        shows: The rules it was chosen to show.
        steps: The deal, then every move.
    """

    game: str
    title: str
    about: str
    ruleset: str
    seat: int
    shows: tuple[RuleRef, ...]
    steps: tuple[DemoStep, ...]


def _ref(rule: str) -> RuleRef:
    return RuleRef(rule, f"/rules/{rule.split('.', 1)[0]}#{rule}")


def _spec_demo(name: str) -> Any:
    if name not in games():
        raise ApiError(
            404, "unknown_game", f"there is no game {name[:40]!r}; the games are: {', '.join(sorted(games()))}"
        )
    deal = games()[name].demo
    if deal is None:
        raise ApiError(404, "no_demo", f"{games()[name].title} has no demonstration deal")
    return deal


@functools.cache
def _states(name: str) -> tuple[Any, list[Any], list[Any]]:
    deal = _spec_demo(name)
    game = get_game(deal.ruleset)
    state = game.new_game(seed=deal.seed)
    states: list[Any] = [state]
    moves: list[Any] = []
    for text in deal.moves:
        move = game.spec.parse_canonical(text)
        problem = game.spec.check_move(state, move)
        if problem is not None:  # a test keeps every demo legal; this is the last guard
            raise ApiError(500, "bad_demo", f"the demo of {name} breaks {problem.rule.id} at move {len(moves) + 1}")
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return game, states, moves


def demo_state(name: str, step: int) -> tuple[Any, Any]:
    """The game and the state after *step* moves of *name*'s demo (422 for a step out of range)."""
    game, states, _ = _states(name)
    if not 0 <= step < len(states):
        raise ApiError(422, "bad_step", f"step must be from 0 to {len(states) - 1}, not {step}", field="step")
    return game, states[step]


def _next(game: Any, state: Any) -> tuple[tuple[str, ...], str]:
    """Some of the moves of the seat to move, and a sentence of them."""
    seat = game.to_move(state)
    if seat is None:
        return (), "The deal is over."
    shown = display_of(game)
    # A bounded prefix, and the count only where the game can give it cheaply (a Mulle table may allow
    # millions of captures): never the whole sequence.
    first, left = (game.spec.move_list or first_moves)(game.legal_moves(state), _NEXT_SHOWN)
    labels = [shown(game.format_move(state, move)) for move in first]
    listed = ", ".join(labels[:-1]) + (" or " if len(labels) > 1 else "") + labels[-1] if labels else "nothing"
    extra = f" ({len(labels) + left} moves in all)" if left else " (and more)" if left is None else ""
    return tuple(labels), f"Next: seat {seat} to move; it could play {listed}{extra}."


def _step(game: Any, before: Any, move: Any, after: Any, number: int) -> DemoStep:
    shown = display_of(game)
    mover = game.to_move(before)
    items = event_items(game, before, move, after, number, None)
    refused = game.spec.refusals(before) if game.spec.refusals is not None else ()
    said = [i.display or i.text for i in items]
    why = []
    for violation in refused[:2]:
        why.append(f"What held seat {mover} back: \u201c{shown(violation.reason)}\u201d ({violation.rule.id}).")
    labels, nxt = _next(game, after)
    rules = list(dict.fromkeys([i.rule for i in items if i.rule] + [v.rule.id for v in refused]))
    text = " ".join([s[:1].upper() + s[1:] + ("" if s.endswith(".") else ".") for s in said] + why + [nxt])
    moved = tuple(dict.fromkeys(str(c) for c in (*move_cards(move), *(c for i in items for c in i.cards))))
    return DemoStep(
        number, text, tuple(_ref(r) for r in rules), jsonable(game.observe(after, SEAT)),
        shown(game.format_move(before, move)), mover, moved, game.to_move(after), labels,
    )  # fmt: skip


@functools.cache
def demo(name: str) -> DemoBody:
    """The demonstration of game *name*, every step told (computed once)."""
    deal = _spec_demo(name)
    game, states, moves = _states(name)
    first = states[0]
    shown = display_of(game)
    from cardrules._kit.style import Style

    dealt = game.spec.deal_text(game.observe(first, SEAT), Style()) if game.spec.deal_text is not None else []
    labels, nxt = _next(game, first)
    opening = " ".join([shown(line[:1].upper() + line[1:]) + "." for line in dealt] + [nxt])
    steps = [DemoStep(0, opening, (), jsonable(game.observe(first, SEAT)), None, None, (), game.to_move(first), labels)]
    for n, move in enumerate(moves):
        steps.append(_step(game, states[n], move, states[n + 1], n + 1))
    if not game.is_over(states[-1]):
        last = steps[-1]
        steps[-1] = attrs.evolve(last, narration=last.narration + " The demonstration stops here; the game goes on.")
    return DemoBody(
        name, game.spec.title, deal.title, deal.ruleset, SEAT, tuple(_ref(r) for r in deal.shows), tuple(steps)
    )
