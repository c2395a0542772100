"""
Press play: each game's demonstration deal (:attr:`cardrules.GameSpec.demo`, chosen once by a
seed search and kept as its moves) told step by step: what happened, which rules applied (each a
link to its rules page), and what the demo's seat could do next. ``GET /api/demos/GAME`` gives
the steps, ``GET /api/demos/GAME/picture?step=N`` the table at a step, ``/watch/GAME`` plays them.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs

from cardrules import i18n
from cardrules._kit.style import Style, first_moves
from cardrules._registry import games, get_game
from cardrules.rules import Items, Message
from cardrules.web._encode import jsonable
from cardrules.web._errors import ApiError
from cardrules.web._lang import say
from cardrules.web._table import move_cards, shown_in, told_items

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
        narration: What happened, which rule applied, and what the demo's seat could do next.
        rules: The rules that applied, each with its link.
        view: The table as the demo's seat sees it (its observation).
        move: The move, as the table writes it (null at the deal).
        mover: The seat that made it (null at the deal).
        moved: The cards the move played or took, for the page to highlight.
        to_move: The seat to move next (null at the end).
        next: Some of the moves it could make, as the table writes them, when it is the demo's
            seat (another seat's hand is face down: its moves are not told).
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
        about: What the demonstration shows, in a few words, in the request's language.
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


def _next(game: Any, state: Any, lang: str) -> tuple[tuple[str, ...], str]:
    """Some of the moves of the seat to move, and a sentence of them in *lang*."""
    seat = game.to_move(state)
    if seat is None:
        return (), say(Message("The deal is over."), lang)
    if seat != SEAT:  # another seat's hand is face down on the board: its moves are not told either
        return (), say(Message("Next: seat {seat} to move.", seat=seat), lang)
    shown = _shown(game, lang)
    # A bounded prefix, and the count only where the game can give it cheaply (a Mulle table may allow
    # millions of captures): never the whole sequence.
    terminal = game.spec.terminal
    listing = terminal.move_list if terminal is not None else None
    first, left = (listing or first_moves)(game.legal_moves(state), _NEXT_SHOWN)
    # In a right-to-left language each move is isolated left to right, so that "10♥ x 10♣" keeps its order.
    before, after = ("\u2066", "\u2069") if i18n.direction(lang) == "rtl" else ("", "")
    labels = [f"{before}{shown(game.format_move(state, move))}{after}" for move in first]
    moves: object = labels[0] if len(labels) == 1 else None
    if len(labels) > 1:
        moves = Message("{some} or {last}", some=Items(labels[:-1], "comma"), last=labels[-1])
    if not labels:
        said = Message("Next: seat {seat} to move; it could play nothing.", seat=seat)
    elif left:
        said = Message(
            "Next: seat {seat} to move; it could play {moves} ({count} moves in all).",
            seat=seat,
            moves=moves,
            count=len(labels) + left,
        )
    elif left is None:
        said = Message("Next: seat {seat} to move; it could play {moves} (and more).", seat=seat, moves=moves)
    else:
        said = Message("Next: seat {seat} to move; it could play {moves}.", seat=seat, moves=moves)
    return tuple(labels), say(said, lang)


def _shown(game: Any, lang: str) -> Any:
    """How a move or a card is shown, as the table shows it in *lang* (a French card with its suit symbol)."""
    return shown_in(game, lang)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _step(game: Any, before: Any, move: Any, after: Any, number: int, lang: str) -> DemoStep:
    shown = _shown(game, lang)
    mover = game.to_move(before)
    pairs = told_items(game, before, move, after, number, None)
    items = [item for item, _ in pairs]
    if lang == i18n.DEFAULT:
        said = [i.display or i.text for i in items]
    else:
        said = [say(message, lang) for _, message in pairs]
    refused = game.spec.refusals(before) if game.spec.refusals is not None else ()
    why = []
    for violation in refused[:2]:
        if mover != SEAT:  # the reason may name cards of a hand the board shows face down: its rule's title only
            reason = i18n.rule_text(violation.rule, lang)[0]
        elif lang == i18n.DEFAULT:
            reason = shown(violation.reason)
        else:
            reason = say(violation.message, lang)
        held = Message(
            "What held seat {seat} back: \u201c{reason}\u201d ({rule}).",
            seat=mover,
            reason=reason,
            rule=violation.rule.id,
        )
        why.append(say(held, lang))
    labels, nxt = _next(game, after, lang)
    rules = list(dict.fromkeys([i.rule for i in items if i.rule] + [v.rule.id for v in refused]))
    text = " ".join([_sentence(s) for s in said] + why + [nxt])
    moved = tuple(dict.fromkeys(str(c) for c in (*move_cards(move), *(c for i in items for c in i.cards))))
    return DemoStep(
        number, text, tuple(_ref(r) for r in rules), jsonable(game.observe(after, SEAT)),
        shown(game.format_move(before, move)), mover, moved, game.to_move(after), labels,
    )  # fmt: skip


@functools.cache
def demo(name: str, lang: str = i18n.DEFAULT) -> DemoBody:
    """The demonstration of game *name*, every step told in *lang* (computed once for each)."""
    deal = _spec_demo(name)
    game, states, moves = _states(name)
    first = states[0]
    shown = _shown(game, lang)
    terminal = game.spec.terminal
    dealt = terminal.deal_text(game.observe(first, SEAT), Style(lang=lang)) if terminal is not None else []
    labels, nxt = _next(game, first, lang)
    opening = " ".join([shown(_sentence(line)) for line in dealt] + [nxt])
    steps = [DemoStep(0, opening, (), jsonable(game.observe(first, SEAT)), None, None, (), game.to_move(first), labels)]
    for n, move in enumerate(moves):
        steps.append(_step(game, states[n], move, states[n + 1], n + 1, lang))
    if not game.is_over(states[-1]):
        last = steps[-1]
        more = say(Message("The demonstration stops here; the game goes on."), lang)
        steps[-1] = attrs.evolve(last, narration=f"{last.narration} {more}")
    about = i18n.translation(lang).pgettext("demo", deal.title)
    return DemoBody(name, game.spec.title, about, deal.ruleset, SEAT, tuple(_ref(r) for r in deal.shows), tuple(steps))
