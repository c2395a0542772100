"""``cardrules demo`` (a narrated, paced match between bots) and the figures of ``cardrules simulate``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, Final

from cardrules._kit.style import Style, wrap
from cardrules._registry import get_game
from cardrules.bots import SimulationResult, get_bot, play_match, wilson_interval
from cardrules.cli._commentary import Commentary, side_name
from cardrules.cli._rules import has_page, where
from cardrules.i18n import format_number

__all__ = ["demo", "legend", "progress_bar", "results_table"]

_WIDTH = 80


def legend(
    game_title: str,
    help_text: Sequence[str],
    rules_page: str | None = None,
    style: Style | None = None,
    command: str | None = None,
) -> list[str]:
    """
    The demo's opening screen: how to read what follows, the game's help (its notation and card
    values), and where the rules are written (the *command* that prints them, else the documentation's page).
    """
    st = style or Style()
    if command:
        page = st.gettext("  The rules of {game}: {command} prints them.").replace("{command}", command)
    elif rules_page:
        page = st.gettext("  The rules: the {game} page of the cardrules documentation ({page}).")
    else:
        page = st.gettext("  The rules: the {game} page of the cardrules documentation.")
    return [
        st.gettext("How to read this {game} demo:").format(game=game_title),
        st.gettext("  'seat N: MOVE' is a move in the game's notation; the indented lines say what it did."),
        st.gettext("  At each deal every hand is shown (this is a demo: at the table you see only your own)."),
        st.gettext("  Each round ends with its score by rule; the last line says who won the match."),
        *(f"  {line}" for line in help_text),
        page.format(game=game_title, page=rules_page),
        "",
    ]


def demo(
    text: str,
    seed: int | None,
    out: IO[str],
    bots: Sequence[str] = ("greedy",),
    style: Style | None = None,
    *,
    speed: float = 0.0,
) -> int:
    """Computer against computer, narrated from the game's events; returns the exit status."""
    game = get_game(text)
    style = style or Style()
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    first = game.new_game(seed=seed)
    sides = game.score(first).sides
    names = list(bots) * len(sides) if len(bots) == 1 else list(bots)
    players = [get_bot(b) for b in names]  # checks the count, too, in play_match
    talk = Commentary(game, style, None, _WIDTH)

    def say(line: str = "") -> None:
        for part in wrap(line, _WIDTH):
            print(part, file=out)

    one = style.gettext("{bot} ({side})")
    who = style.gettext(" against ").join(
        one.format(bot=b, side=side_name(s, None, style)) for b, s in zip(names, sides, strict=False)
    )
    head = style.gettext("{title} ({text}), seed {seed}: {who}")
    say(head.format(title=game.spec.title, text=game.text, seed=seed, who=who))
    say(style.gettext("(cardrules demo {text} --seed {seed} shows this match again)").format(text=game.text, seed=seed))
    terminal = game.spec.terminal
    help_text = terminal.help_text(game.rules, style) if terminal is not None else []
    command = where(game.spec.name) if has_page(game.spec.name) else None
    for line in legend(game.spec.title, help_text, game.spec.rules_page, style, command):
        say(line)

    def hands(state: Any) -> None:
        seats = sorted(s for side in sides for s in side)
        for s in seats:
            text = style.gettext("  hand of seat {seat}: {cards}")
            say(text.format(seat=s, cards=style.cards(game.observe(state, s).hand)))

    for line in talk.deal(first):
        say(line)
    hands(first)
    out.flush()

    def on_move(before: Any, move: Any, after: Any) -> None:
        seat = game.to_move(before)
        own, later = talk.move(before, move, after)
        text = style.gettext("  seat {seat}: {move}")
        say(text.format(seat=seat, move=style.text(game.format_move(before, move), game.spec.pack)))
        for line in own[1:]:
            say(f"    {line}")
        if later:
            for line in later:
                say(line)
            if not game.is_over(after):
                hands(after)
        out.flush()
        if speed:
            time.sleep(speed)

    outcome = play_match(game, players, seed=seed, on_move=on_move)
    end = style.ngettext("({count} move in all; seed {seed})", "({count} moves in all; seed {seed})", outcome.decisions)
    say(end.format(count=outcome.decisions, seed=seed))
    return 0


def _duration(seconds: float, style: Style | None = None) -> str:
    st = style or Style()
    s = round(seconds)
    if s >= 60:
        return st.gettext("{minutes} min {seconds} s").format(minutes=s // 60, seconds=f"{s % 60:02d}")
    return st.gettext("{seconds} s").format(seconds=s)


class ProgressBar:
    """
    A progress bar on *stream*: called as ``progress(done, total)`` after each match, with the time
    left estimated from the pace so far; :meth:`moves` shows the moves of the match in play, so
    that the bar moves during a long match too. Its words are in *style*'s language.
    """

    _WIDTH: Final = 30

    def __init__(
        self, stream: IO[str], clock: Callable[[], float] = time.monotonic, style: Style | None = None
    ) -> None:
        self.stream, self.clock = stream, clock
        self.style = style or Style()
        self.start = clock()
        self.done, self.total = 0, 0

    def _line(self, extra: str) -> None:
        width, done, total = self._WIDTH, self.done, max(self.total, 1)
        filled = width * done // total
        line = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}{extra}"
        self.stream.write("\r" + line.ljust(width + 40))

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        elapsed = self.clock() - self.start
        left = _duration(elapsed / done * (total - done), self.style) if 0 < done < total else ""
        self._line(self.style.gettext(", about {time} left").format(time=left) if left else "")
        if done == total:
            self.stream.write("\r" + " " * (self._WIDTH + 40) + "\r")
        self.stream.flush()

    def moves(self, n: int) -> None:
        """Show that the match in play has had *n* moves."""
        self._line(self.style.gettext(", match {number} at move {move}").format(number=self.done + 1, move=f"{n:,}"))
        self.stream.flush()


def progress_bar(
    stream: IO[str], clock: Callable[[], float] = time.monotonic, style: Style | None = None
) -> ProgressBar:
    """A :class:`ProgressBar` on *stream*, its words in *style*'s language."""
    return ProgressBar(stream, clock, style)


def results_table(result: SimulationResult, sides: Sequence[Sequence[int]], style: Style | None = None) -> list[str]:
    """
    A simulation's results as a table: each bot's wins, win rate with its Wilson 95% interval, mean
    points; the words in *style*'s language.
    """
    st = style or Style()
    n = len(sides)
    seats = st.gettext("each bot took every side in turn") if n > 1 else st.gettext("one side")
    head = st.ngettext(
        "{game}: {count} match, seed {seed}; {seats}, on the same deals",
        "{game}: {count} matches, seed {seed}; {seats}, on the same deals",
        result.matches,
    )
    lines = [head.format(game=result.game, count=result.matches, seed=result.seed, seats=seats)]
    if result.stopped:
        lines[0] += st.gettext(" (stopped by the time budget: the matches finished so far)")
    names = [r.bot for r in result.results]
    # a bot named twice is told apart by the side it took in the first match of each deal
    first = st.gettext("{bot} ({side} first)")
    names = [
        first.format(bot=b, side=side_name(sides[i % n], None, st)) if names.count(b) > 1 else b
        for i, b in enumerate(names)
    ]
    bot, wins, rate = st.gettext("bot"), st.gettext("wins"), st.gettext("win rate")
    interval, points = st.gettext("95% interval (Wilson)"), st.gettext("mean points")
    width = max([len(bot), *map(len, names)])
    w_wins, w_rate, w_interval, w_points = (
        max(w, len(h)) for w, h in ((11, wins), (8, rate), (21, interval), (11, points))
    )
    lines.append(
        f"  {bot:<{width}}  {wins:>{w_wins}}  {rate:>{w_rate}}  {interval:>{w_interval}}  {points:>{w_points}}"
    )
    to = st.gettext("{low} to {high}")
    lang = st.lang
    for name, r in zip(names, result.results, strict=True):
        low, high = wilson_interval(r.wins, r.matches)
        rate_text = format_number(r.win_rate, lang, percent=True, places=1)
        interval_text = to.format(
            low=format_number(low, lang, percent=True, places=1), high=format_number(high, lang, percent=True, places=1)
        )
        mean_text = format_number(r.mean_points, lang)
        lines.append(
            f"  {name:<{width}}  {f'{r.wins}/{r.matches}':>{w_wins}}  {rate_text:>{w_rate}}  "
            f"{interval_text:>{w_interval}}  {mean_text:>{w_points}}"
        )
    if result.matches % n:
        lines.append(
            st.gettext("  (a multiple of {count} matches gives every bot every deal from every side)").format(count=n)
        )
    if result.duplicate:
        lines.append(
            st.ngettext(
                "duplicate: {count} deal, played from every side; the mean point margin per deal, "
                "with its 95% interval (Student's t):",
                "duplicate: {count} deals, each played from every side; the mean point margin per deal, "
                "with its 95% interval (Student's t):",
                result.deals,
            ).format(count=result.deals)
        )
        for name, r in zip(names, result.results, strict=True):
            if r.mean_margin is None:
                continue
            if r.margin_low is None or r.margin_high is None:
                line = st.gettext("{bot}: {margin} points a deal")
            else:
                line = st.gettext("{bot}: {margin} points a deal ({low} to {high})")
            lines.append(
                "  "
                + line.format(
                    bot=name.ljust(width),
                    margin=format_number(r.mean_margin, lang, sign=True),
                    low=format_number(r.margin_low or 0.0, lang, sign=True),
                    high=format_number(r.margin_high or 0.0, lang, sign=True),
                )
            )
    return lines
