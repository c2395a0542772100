"""
``cardrules play``: one person at the table against the computer, in line mode.

Each turn shows the table as the person's seat sees it and numbers every legal move (paged to
the terminal's size, numbers fixed for the turn); the person types a number, a move in notation or
a command (:data:`~cardrules.cli._session_help.COMMANDS`).
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Sequence
from typing import IO, Any, Final

import attrs

from cardrules import _messages
from cardrules._kit.style import columns, style_for, unsymbol, wrap
from cardrules._worlds import spec_for_observation
from cardrules.bots import Bot, advise, get_bot
from cardrules.cards import _derive_seed
from cardrules.cli._commentary import Commentary, breakdown, event_text, reason_text, said, side_name
from cardrules.cli._rules import has_page, where
from cardrules.cli._session_help import (
    ALIASES,
    command_help,
    command_summary,
    did_you_mean,
    matches_filter,
    rule_lines,
    rules_pointer,
    tokens,
)
from cardrules.cli._terminal import move_list_for, view_for
from cardrules.engine import Game
from cardrules.errors import CardrulesError, IllegalMoveError, InvalidCardError, UnsupportedError
from cardrules.i18n import DEFAULT
from cardrules.rules import Items, Message

__all__ = ["Session"]

_PLAY_PATH: Final = 0x91A7
_HINT_PATH: Final = 0x4817
_LISTED: Final = 500
"""The most moves numbered in one turn (a Mulle table can allow millions; the rest are typed)."""


_DIGITS: Final = 9
"""The most digits a typed move number is read with: no table numbers a billion moves."""


@attrs.frozen
class _Saved:
    """What ``undo`` goes back to: the position before one of the person's moves."""

    state: Any
    rngs: dict[int, Any]
    last: tuple[str, ...]
    trick: tuple[str, ...]


class Session:
    """One person at the table against the computer, over text streams."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        seat: int,
        opponent: Bot,
        seed: int,
        inp: IO[str],
        out: IO[str],
        *,
        ascii_only: bool = False,
        opponents_text: str = "greedy",
        start: Any = None,
        hint_level: str = "hard",
        lang: str = DEFAULT,
    ) -> None:
        self.game = game
        self.hint_level = hint_level
        self.state = game.new_game(seed=seed) if start is None else start
        self.from_position = start is not None
        self.sides = game.score(self.state).sides
        seats = sorted(s for side in self.sides for s in side)
        if seat not in seats:
            refusal = Message(
                "--seat must be one of {seats} in {game}, not {seat}",
                seats=Items(seats, "comma"),
                game=game.text,
                seat=seat,
            )
            raise _messages.said(CardrulesError, refusal)
        self.seat = seat
        self.seed = seed
        self.opponent = opponent
        self.rngs = {s: random.Random(_derive_seed(seed, _PLAY_PATH, s)) for s in seats}
        self.inp = inp
        self.out = out
        self.style = style_for(out, ascii_only=ascii_only, lang=lang)
        self.lang = lang
        self.width, self.height = 80, 24
        self.measure()
        self.pack = game.spec.pack
        self.opponents_text = opponents_text
        self.talk = Commentary(game, self.style, seat, self.width)
        self.history: list[_Saved] = []
        self.last: tuple[str, ...] = ()  # the last trick or capture, in words
        self.trick: tuple[str, ...] = ()  # the trick in progress, in words
        self.turns = 0

    # --- output ------------------------------------------------------------------------

    def measure(self) -> None:
        """The terminal's size, read again each turn (a window may be resized); 80 by 24 off a terminal."""
        if self.out.isatty():
            size = shutil.get_terminal_size((80, 24))
            self.width, self.height = max(40, size.columns), max(16, size.lines)
            if hasattr(self, "talk"):
                self.talk.width = self.width

    def say(self, text: str = "", *, cards: bool = True) -> None:
        """Print a line, wrapped to the terminal (cards in it drawn in the session's style unless *cards* is off)."""
        line = self.style.text(text, self.pack) if cards else text
        for part in wrap(line, self.width):
            print(part, file=self.out)
        self.out.flush()

    def say_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    # --- the match -----------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends, the person quits, or input ends; returns the exit status."""
        game = self.game
        mine = next(side for side in self.sides if self.seat in side)
        partners = [s for s in mine if s != self.seat]
        st = self.style
        self.say(
            st.gettext("{title} ({text}), seed {seed}.").format(title=game.spec.title, text=game.text, seed=self.seed)
        )
        if self.from_position:
            self.say(
                st.gettext(
                    "From the position given; the hands it does not show are made up from the cards nobody has seen."
                )
            )
        if partners:
            you = st.gettext(
                "You are seat {seat}, with seat {partners} as your partner; "
                "the computer plays the other seats ({bots})."
            )
        else:
            you = st.gettext("You are seat {seat}; the computer plays the other seats ({bots}).")
        self.say(you.format(seat=self.seat, partners="+".join(map(str, partners)), bots=self.opponents_text))
        self.say(st.gettext("Type a move's number or its notation; 'help' explains them and the commands."))
        self.say_all(self.talk.deal(self.state))
        try:
            while not game.is_over(self.state):
                seat = game.to_move(self.state)
                assert seat is not None
                if seat == self.seat:
                    move = self.ask()
                    if move is None:
                        return 0
                    if move is _UNDONE:
                        continue
                else:
                    move = self.computer(seat)
                self.play(move)
        except KeyboardInterrupt:
            self.say()
            self.say(self.style.gettext("interrupted: leaving the game."))
            return 130
        return 0

    def play(self, move: Any) -> None:
        """Apply *move*, say what it did, remember the last trick or capture."""
        before = self.state
        after = self.game.apply(before, move)
        own, later = self.talk.move(before, move, after)
        self.say_all(own)
        terminal = self.game.spec.terminal
        roles = {} if terminal is None else terminal.last_events  # what the game says each kind is
        for event, text in zip(self.talk.events(before, move, after), own, strict=False):
            role = roles.get(event.kind)
            if role == "add":
                self.trick = (*self.trick, text)
            elif role == "close":
                self.last, self.trick = (*self.trick, text), ()
            elif role == "take":
                self.last = (text,)
            elif role == "extend" and self.last:
                self.last = (*self.last, text)
        self.say_all(later)
        self.state = after

    def computer(self, seat: int) -> Any:
        """The opponent bot's move for *seat*, from that seat's observation only."""
        view = self.game.observe(self.state, seat)
        return self.opponent.choose(view, self.game.legal_moves(self.state), self.rngs[seat])

    # --- one turn --------------------------------------------------------------------------

    def show_table(self) -> None:
        """The table as this seat sees it, and the score."""
        game = self.game
        view = game.observe(self.state, self.seat)
        self.say()
        score = game.score(self.state)
        st = self.style
        line = st.gettext("match: {sides}").format(sides=self.sides_points(score.match))
        if score.round is not None and not score.round.complete:
            line += st.gettext("; this round so far: {tally}").format(tally="-".join(map(str, score.round.tally)))
            if score.round.unknown:
                line += st.gettext(" and what the cards taken but not shown score")
        self.say(line)
        for text in view_for(spec_for_observation(view))(view, self.style):
            self.say(text, cards=False)

    def page_size(self, cells: Sequence[str], rows: int | None = None) -> int:
        """How many numbered moves fit on one screen below the table (or in *rows* rows)."""
        cell = max(len(c) for c in cells) if cells else 1
        per_row = max(1, (self.width + 2) // (cell + 2))
        return per_row * (max(4, self.height - 14) if rows is None else rows)

    def show_moves(self, numbered: Sequence[tuple[int, Any]], start: int, what: str, rows: int | None = None) -> int:
        """One page of *numbered* moves from *start* (at most *rows* rows); returns where the next page starts."""
        game = self.game
        texts = [f"{n:>3}) {game.format_move(self.state, m)}" for n, m in numbered]
        size = self.page_size(texts, rows)
        page = texts[start : start + size]
        pages = -(-len(texts) // size) if texts else 1
        if pages > 1:
            head = self.style.gettext("{what} (page {page} of {pages}):").format(
                what=what, page=start // size + 1, pages=pages
            )
        else:
            head = self.style.gettext("{what}:").format(what=what)
        print(self.style.bold(head), file=self.out)
        for line in columns([self.style.text(t, self.pack) for t in page], self.width):
            print(line, file=self.out)
        nxt = start + size
        if nxt < len(texts):
            self.say(self.style.gettext("  {count} more: type 'more' to see them.").format(count=len(texts) - nxt))
        self.out.flush()
        return nxt

    def ask(self) -> Any:
        """
        Read the person's move: a move, ``None`` to leave (end of input or 'quit'), or ``_UNDONE``
        when an undo went back to an earlier turn.
        """
        game = self.game
        legal = game.legal_moves(self.state)
        moves, more = move_list_for(game.spec)(legal, _LISTED)
        numbered = list(enumerate(moves, 1))
        self.turns += 1
        self.measure()
        self.show_table()
        st = self.style
        shown = (numbered, 0, st.gettext("Your turn (seat {seat}). Legal moves").format(seat=self.seat))
        nxt = self.show_moves(*shown)
        self.unlisted(more)
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say()
                self.say(st.gettext("end of input: leaving the game."))
                return None
            if not self.inp.isatty():
                self.out.write(line if line.endswith("\n") else line + "\n")  # a transcript shows what was typed
            text = unsymbol(line.strip())
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = ALIASES.get(word.lower(), word.lower())
            if text.isascii() and text.isdigit():
                digits = text.lstrip("0") or "0"
                short = len(digits) <= _DIGITS  # a longer number is no move (and int() refuses past 4,300 digits)
                n = int(digits) if short else 0
                if 1 <= n <= len(moves):
                    return self.mine(moves[n - 1])
                named = n if short else digits[:_DIGITS] + "..."
                self.say(st.gettext("There is no move {number}: choose a number from 1 to {count}.").format(
                    number=named, count=len(moves)
                ))  # fmt: skip
            elif command == "quit":
                self.say(st.gettext("You leave the game."))
                return None
            elif command == "help":
                lines = self.help_lines(rest.strip().lower() in ("commands", "command"))
                self.say_all(lines)
                # the moves again below it, as many as the screen still holds (at 80 by 24, the help
                # and the moves fit; 'more' pages on)
                room = self.height - 3 - sum(len(wrap(line, self.width)) for line in lines)
                nxt = self.show_moves(*shown, rows=max(2, room))
            elif command == "moves":
                wanted = tokens(rest)
                picked = [(n, m) for n, m in numbered if matches_filter(game.format_move(self.state, m), wanted)]
                if not picked:
                    text = st.gettext("None of your moves has {wanted}; 'moves' lists them all.")
                    self.say(text.format(wanted=rest.strip()), cards=False)
                    continue
                if wanted:
                    title = st.gettext("Your moves with {wanted}").format(wanted=rest.strip())
                else:
                    title = st.gettext("Legal moves")
                shown = (picked, 0, title)
                nxt = self.show_moves(*shown)
            elif command == "more":
                if nxt >= len(shown[0]):
                    self.say(st.gettext("That was the last page; 'moves' starts over."))
                else:
                    shown = (shown[0], nxt, shown[2])
                    nxt = self.show_moves(*shown)
            elif command == "hint":
                self.hint(legal, moves)
            elif command == "why":
                self.why(rest.strip(), moves)
            elif command == "score":
                self.score_lines()
            elif command == "last":
                self.say_all(self.last or (st.gettext("Nothing has been won or taken yet this match."),))
            elif command == "rules":
                self.say_all(rule_lines(game, rest, st))
            elif command == "undo":
                if not self.history:
                    self.say(st.gettext("There is nothing to undo: you have not moved yet."))
                    continue
                saved = self.history.pop()
                self.state = saved.state
                for s, rng_state in saved.rngs.items():
                    self.rngs[s].setstate(rng_state)
                self.last, self.trick = saved.last, saved.trick
                self.say(st.gettext("Undone: you are back before your last move."))
                return _UNDONE
            else:
                move = self.typed(text, moves)
                if move is not None:
                    return self.mine(move)

    def mine(self, move: Any) -> Any:
        """The person's move, remembered for ``undo``."""
        rngs = {s: r.getstate() for s, r in self.rngs.items()}
        self.history.append(_Saved(self.state, rngs, self.last, self.trick))
        return move

    def unlisted(self, more: int | None) -> None:
        st = self.style
        if more is None:
            self.say(st.gettext("  ... and more not numbered: type a move in notation to play one ('help' shows how)."))
        elif more:
            text = st.ngettext(
                "  ... and {count} more not numbered: type a move in notation to play one ('help' shows how).",
                "  ... and {count} more not numbered: type a move in notation to play one ('help' shows how).",
                more,
            )
            self.say(text.format(count=more))

    def typed(self, text: str, moves: Sequence[Any]) -> Any | None:
        """A move typed in notation, or ``None`` after saying why it is not one."""
        game, st = self.game, self.style
        try:
            return game.parse_move(self.state, text)
        except IllegalMoveError as exc:
            reason = exc.reason if exc.message is None else said(exc.message, self.lang)
            line = st.gettext("You may not play that: {reason} (rule {rule}). Try again.")
            self.say(line.format(reason=reason, rule=exc.rule.id), cards=False)
            return None
        except CardrulesError as exc:
            why = said(exc, self.lang)
            not_a_card = isinstance(exc, InvalidCardError)
        near = did_you_mean(text, [game.format_move(self.state, m) for m in moves])
        hint = ""
        if near:
            hint = st.gettext(" Did you mean {moves}?").format(
                moves=st.pgettext("list", " or ").join(repr(n) for n in near)
            )
        if not_a_card:
            example = st.pgettext("list", ", ").join(repr(game.format_move(self.state, m)) for m in moves[:3])
            why = st.gettext("{text} is neither a move nor a command here; your moves are written like {example}")
            why = why.format(text=repr(text), example=example)
        self.say(
            st.gettext("{why}.{hint} Type 'help' for the notation and the commands.").format(why=why, hint=hint),
            cards=False,
        )
        return None

    def why(self, text: str, moves: Sequence[Any]) -> None:
        """``why MOVE``: the rules that allow the move here (each that could refuse it, and why not), or its refusal."""
        game, st = self.game, self.style
        if not text:
            self.say(st.gettext("Type 'why' and a move's number or notation, such as 'why 1'."))
            return
        if text.isascii() and text.isdigit() and len(text) <= _DIGITS and 1 <= int(text) <= len(moves):
            move = moves[int(text) - 1]
        else:
            try:
                move = game.parse_move(self.state, text)
            except IllegalMoveError as exc:
                reason = exc.reason if exc.message is None else said(exc.message, self.lang)
                line = st.gettext("You may not play that: {reason} (rule {rule}).")
                self.say(line.format(reason=reason, rule=exc.rule.id), cards=False)
                return
            except CardrulesError as exc:
                self.say(said(exc, self.lang), cards=False)
                return
        self.say(st.gettext("{move} is legal:").format(move=game.format_move(self.state, move)))
        for allowed in game.reasons(self.state, move):
            reason = said(allowed.message, self.lang)
            self.say(st.gettext("  {reason} (rule {rule})").format(reason=reason, rule=allowed.rule.id))

    def help_lines(self, commands: bool = False) -> list[str]:
        """``help``: the game's notation and values, then the commands in brief; ``help commands``: each command."""
        spec = self.game.spec
        hand = self.game.observe(self.state, self.seat).hand
        card = str(hand[0]) if hand else "CARD"
        rule = next(iter(spec.rulebook), "ID")
        if commands:
            return command_help(card, rule, self.style)
        lines = list(spec.terminal.help_text(self.game.rules, self.style)) if spec.terminal is not None else []
        command = where(spec.name) if has_page(spec.name) else None
        where_ = rules_pointer(spec.title, spec.rules_page, self.style, command)
        return [*lines, *where_, *command_summary(card, rule, self.style)]

    def hint(self, legal: Any, moves: Sequence[Any]) -> None:
        """
        The move the search (the ``hard`` level, or the session's *hint_level*) recommends for this
        seat, from its observation only: what it does at once, and why (:func:`cardrules.bots.advise`).
        """
        game = self.game
        observation = game.observe(self.state, self.seat)
        try:
            advice = advise(
                game, observation, legal, level=self.hint_level, seed=_derive_seed(self.seed, _HINT_PATH, self.turns)
            )
        except UnsupportedError:  # a game that cannot imagine hidden cards: the rules of thumb's move
            rng = random.Random(_derive_seed(self.seed, _HINT_PATH, self.turns))
            move = get_bot("greedy").choose(observation, legal, rng)
            reasons: tuple[str, ...] = ()  # a hint's reasons are said by reason_text
        else:
            move = advice.move
            reasons = tuple(r for r in advice.reasons if r not in advice.effects)
        after = game.apply(self.state, move)
        events = self.talk.events(self.state, move, after)
        if game.spec.events is not None:  # the game's own events: only the kinds its terminal says a hint may tell
            seen = frozenset[str]() if game.spec.terminal is None else game.spec.terminal.hint_events
            events = tuple(e for e in events if e.kind in seen)
        st = self.style
        effects = [event_text(self.yours(e), st) for e in events]
        number = next((f"{i}) " for i, m in enumerate(moves, 1) if m == move), "")
        name = str(get_bot(self.hint_level))
        head = st.gettext("Hint (the {bot} bot's move in your place): {number}{move}")
        self.say(head.format(bot=name, number=number, move=game.format_move(self.state, move)))
        what = st.pgettext("list", "; ").join(effects)
        self.say(
            st.gettext("  what it does: {what}").format(what=what or st.gettext("nothing the other seats see at once"))
        )
        for reason in reasons:
            self.say(st.gettext("  why: {reason}").format(reason=reason_text(reason, st)))

    def yours(self, event: Any) -> Any:
        """*event* with the person's seat named as theirs (``seat 0 (you) plays 10H``), in any language."""
        message = getattr(event, "message", None)
        if not isinstance(message, Message) or dict(message.params).get("seat") != self.seat:
            return event
        return attrs.evolve(event, message=message.with_params(seat=Message("{seat} (you)", seat=self.seat)))

    def sides_points(self, points: Sequence[int]) -> str:
        """Each side and its *points*: ``seat 0 (you) 12, seat 1 9``."""
        one = self.style.gettext("{side} {points}")
        return self.style.pgettext("list", ", ").join(
            one.format(side=side_name(s, self.seat, self.style), points=p)
            for s, p in zip(self.sides, points, strict=True)
        )

    def score_lines(self) -> None:
        game, st = self.game, self.style
        score = game.score(self.state)
        if score.round is not None and not score.round.complete:
            title = st.gettext("this round so far:")
            self.say_all(breakdown(title, score.round, score.sides, self.seat, self.width, style=st))
        for i, r in enumerate(score.rounds, 1):
            self.say(st.gettext("round {number}: {sides}").format(number=i, sides=self.sides_points(r.points)))
        self.say(st.gettext("match: {sides}").format(sides=self.sides_points(score.match)))


_UNDONE: Final = object()
"""What :meth:`Session.ask` returns after an undo."""
