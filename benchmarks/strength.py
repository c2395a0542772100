"""
The strength ladder: a round robin between the bots, in duplicate (``nox -s strength``).

Every pair of entrants plays ``--rounds`` deals of each game, single rounds (``single_round=true``
in Mililla and Charlemagne, ``target=0`` in Mulle: the match is its first round), each deal twice
with the seats swapped and each seat's random generator the deal's, whoever sits there: duplicate,
so that the two seatings of a deal differ only by the bots and the luck of the deal cancels.

Two clocks (``--time``): ``equal`` gives every bot that searches ``--seconds`` per decision
(``easy`` decides at once; ``medium`` may stop sooner, at its small budget of iterations);
``levels`` gives each its own: ``easy``, ``medium`` (0.25 s) and ``hard`` (1 s) their levels'
time, ``search`` and ``ismcts`` their default iterations, and OpenSpiel's bots ``hard``'s second.
OpenSpiel's ISMCTS (``open_spiel``'s ``ISMCTSBot`` on :func:`cardrules.rl.openspiel_game`, random
rollouts) and MCTS (``MCTSBot``, the same rollouts, on one deal imagined from what its seat sees:
determinized) play with as many simulations as fit in their time, measured on the machine before
the ladder starts; they are left out, with a note, when the ``openspiel`` extra is not installed.

It prints each pairing's win rate with its Wilson 95% interval, the row's mean point margin per
deal against the column with its 95% interval (Student's t over the deals), each bot's mean
margin over all its deals against the field (the finer measure: most single rounds are decided by
the deal, a win by one point counting as one by fifty), and an Elo-style
rating fitted from all the pairings (Bradley-Terry, by maximum likelihood, with half a win and
half a loss added to every pairing so that a bot that never wins keeps a finite rating; the mean
is 1500). ``--markdown PATH`` writes the tables for the docs, with the date, the command and the
machine. Progress goes to stderr.

    python benchmarks/strength.py --rounds 2 --games mililla --time equal
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import itertools
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import cardrules
from cardrules.bots import Bot, get_bot, play_match, wilson_interval
from cardrules.bots._simulate import t95
from cardrules.cards import _derive_seed

GAMES: dict[str, str] = {
    "mililla": "mililla(single_round=true)",
    "charlemagne": "charlemagne(single_round=true)",
    "mulle": "mulle(target=0)",
}
ENTRANTS: tuple[str, ...] = ("easy", "medium", "hard", "search", "ismcts", "openspiel-ismcts", "openspiel-mcts")
"""The ladder's bots by default."""
OTHERS: tuple[str, ...] = ("random", "greedy")
"""More bots the ladder can take (``--bots``)."""
OPENSPIEL: tuple[str, ...] = ("openspiel-ismcts", "openspiel-mcts")
CLOCKS: tuple[str, ...] = ("equal", "levels")
LEVEL_SECONDS = 1.0
"""The time OpenSpiel's bots get on the levels' clock: ``hard``'s."""
_PRIOR = 0.5
"""Wins (and losses) added to every pairing before the ratings are fitted."""


def bot_text(name: str, seconds: float | None) -> str:
    """The :func:`cardrules.bots.get_bot` text of entrant *name* at *seconds* a decision (``None``: its own)."""
    if name in ("random", "greedy"):
        return name
    if name in ("search", "ismcts"):
        return name if seconds is None else f"{name}(iterations=1000000, seconds={seconds!r})"
    if name in ("easy", "medium", "hard"):
        return name if seconds is None else f"{name}(seconds={seconds!r})"
    raise ValueError(f"unknown entrant {name!r}; the entrants: {', '.join(ENTRANTS + OTHERS)}")


class OpenSpielBot:
    """
    OpenSpiel's ISMCTS or MCTS bot as a cardrules bot: it searches an OpenSpiel state set at a deal
    imagined from what its seat sees (it never sees the real hidden cards). ISMCTS searches the
    information set from there; MCTS searches that one deal as if every card were known.
    """

    def __init__(self, kind: str, text: str, seconds: float, seed: int) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from cardrules.rl import openspiel_game

        self.kind = kind
        self.game = cardrules.get_game(text)
        self.open = openspiel_game(text)
        self._np = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np)
        self._make: Callable[[int], Any]
        if kind == "openspiel-ismcts":

            def make(sims: int) -> Any:
                return ismcts.ISMCTSBot(
                    self.open, evaluator, 2.0, sims, random_state=self._np, allow_inconsistent_action_sets=True
                )
        else:

            def make(sims: int) -> Any:
                return mcts.MCTSBot(self.open, 2.0, sims, evaluator, random_state=self._np)

        self._make = make
        self.simulations = self._calibrate(seconds)
        self.bot = self._make(self.simulations)

    def _calibrate(self, seconds: float) -> int:
        """The simulations that take about *seconds* a decision here, measured on a few first moves."""
        trial, spent, decisions = 4, 0.0, 0
        bot = self._make(trial)
        for seed in range(3):
            state = self.game.new_game(seed=seed)
            seat = self.game.to_move(state)
            assert seat is not None
            start = time.perf_counter()
            self.choose(self.game.observe(state, seat), self.game.legal_moves(state), random.Random(seed), bot)
            spent += time.perf_counter() - start
            decisions += 1
        return max(2, round(seconds / (spent / decisions / trial)))  # (one simulation leaves its root unvisited)

    def choose(self, observation: Any, legal_moves: Any, rng: random.Random, bot: Any = None) -> Any:
        """The bot's move, searched from a state dealt from *observation*."""
        from cardrules.rl._openspiel import _state_at

        first = list(itertools.islice(iter(legal_moves), 2))
        if len(first) == 1:
            return first[0]
        spec = self.game.spec
        assert spec.sample_state is not None and spec.learning is not None
        world = spec.sample_state(observation, rng)
        state = _state_at(self.open, world)
        encoding: Any = spec.learning.encoding
        search = self.bot if bot is None else bot
        if getattr(encoding, "factored", False):
            steps: list[int] = []
            while True:
                action = search.step(state)
                steps.append(action)
                if action == encoding.done:
                    break
                state.apply_action(action)
            move = encoding.decode(world, tuple(steps))
        else:
            move = encoding.decode(world, search.step(state))
        for legal in legal_moves:
            if legal == move:
                return legal
        raise AssertionError(f"OpenSpiel's bot chose {move!r}, not a legal move here")

    def __str__(self) -> str:
        return self.kind


def make_bot(name: str, text: str, seconds: float | None, seed: int) -> Bot:
    """Entrant *name* for the game of ruleset *text*, at *seconds* a decision (``None``: its own time)."""
    if name in OPENSPIEL:
        return OpenSpielBot(name, text, LEVEL_SECONDS if seconds is None else seconds, seed)
    return get_bot(bot_text(name, seconds))


class Pairing:
    """One pairing's results: the row's wins and its margin per deal (mean of its two seatings)."""

    def __init__(self) -> None:
        self.wins = [0, 0]
        self.margins: list[float] = []

    def margin(self) -> tuple[float, float, float] | None:
        """The first entrant's mean margin per deal with its 95% interval, or ``None`` under two deals."""
        d = len(self.margins)
        if d < 2:
            return None
        mean = statistics.fmean(self.margins)
        half = t95(d - 1) * statistics.stdev(self.margins) / math.sqrt(d)
        return mean, mean - half, mean + half


def play_pair(game: Any, a: Bot, b: Bot, rounds: int, seed: int) -> Pairing:
    """*a* against *b* over *rounds* deals in duplicate: each deal twice, seats swapped, the generators the deal's."""
    out = Pairing()
    for deal in range(rounds):
        deal_seed = _derive_seed(seed, deal)
        bot_seed = _derive_seed(seed, deal, 1)
        margin = 0.0
        for swap in (0, 1):
            bots = [b, a] if swap else [a, b]
            outcome = play_match(game, bots, seed=deal_seed, bot_seed=bot_seed)
            out.wins[outcome.winner ^ swap] += 1
            margin += (outcome.points[swap] - outcome.points[1 - swap]) / 2
        out.margins.append(margin)
    return out


def fit_elo(
    names: Sequence[str], wins: Mapping[tuple[str, str], int], *, prior: float = _PRIOR, mean: float = 1500.0
) -> dict[str, float]:
    """
    Elo-style ratings fitted to *wins* (``wins[a, b]``: the matches *a* won against *b*) by the
    Bradley-Terry model's maximum likelihood (the minorize-maximize iteration), *prior* wins and
    losses added to every pairing that was played; the ratings' mean is *mean*. A rating 400
    points above another means ten to one odds.
    """
    played = {(a, b) for a in names for b in names if a != b and wins.get((a, b), 0) + wins.get((b, a), 0) > 0}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10_000):
        new = {}
        for a in names:
            won = sum(wins.get((a, b), 0) + prior for b in names if (a, b) in played)
            weight = sum(
                (wins.get((a, b), 0) + wins.get((b, a), 0) + 2 * prior) / (strength[a] + strength[b])
                for b in names
                if (a, b) in played
            )
            new[a] = won / weight if weight else 1.0
        scale = math.exp(sum(math.log(max(v, 1e-300)) for v in new.values()) / len(new))
        new = {a: max(v, 1e-300) / scale for a, v in new.items()}
        done = max(abs(math.log(new[a] / strength[a])) for a in names) < 1e-10
        strength = new
        if done:
            break
    return {a: mean + 400 * math.log10(strength[a]) for a in names}


Results = dict[str, dict[tuple[str, str], Pairing]]


def ladder(games: Sequence[str], entrants: Sequence[str], rounds: int, seconds: float | None, seed: int) -> Results:
    """Every game's pairings of *entrants*, ``pairs[a, b]`` (and ``pairs[b, a]``, the same seen from *b*)."""
    out: Results = {}
    for name in games:
        text = GAMES[name]
        game = cardrules.get_game(text)
        bots = {e: make_bot(e, text, seconds, seed) for e in entrants}
        for e, bot in bots.items():
            if isinstance(bot, OpenSpielBot):
                print(f"{name}: {e} gets {bot.simulations} simulations a decision", file=sys.stderr)
        pairs: dict[tuple[str, str], Pairing] = {}
        todo = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1 :]]
        for k, (a, b) in enumerate(todo, 1):
            start = time.perf_counter()
            got = play_pair(game, bots[a], bots[b], rounds, _derive_seed(seed, k))
            mirror = Pairing()
            mirror.wins = got.wins[::-1]
            mirror.margins = [-m for m in got.margins]
            pairs[a, b], pairs[b, a] = got, mirror
            took = time.perf_counter() - start
            print(
                f"{name} {k}/{len(todo)}: {a} {got.wins[0]} - {got.wins[1]} {b} ({took:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
        out[name] = pairs
    return out


def _rate(won: int, lost: int) -> str:
    n = won + lost
    if not n:
        return "–"
    low, high = wilson_interval(won, n)
    return f"{100 * won / n:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def _margin(pairing: Pairing) -> str:
    m = pairing.margin()
    if m is None:
        return f"{statistics.fmean(pairing.margins):+.1f}" if pairing.margins else "–"
    return f"{m[0]:+.1f} ({m[1]:+.1f} to {m[2]:+.1f})"


def tables(results: Results, entrants: Sequence[str], clock: str) -> list[str]:
    """The ladder as Markdown: per game, the ratings and every pairing's win rate and margin (row against column)."""
    lines: list[str] = []
    for name, pairs in results.items():
        wins = {k: p.wins[0] for k, p in pairs.items()}
        elo = fit_elo(entrants, wins)
        order = sorted(entrants, key=lambda e: -elo[e])
        lines += [f"**{GAMES[name]}**, {clock}", ""]
        lines.append("| bot | rating | wins | margin a deal | " + " | ".join(f"vs {e}" for e in order) + " |")
        lines.append("|---|---:|---:|---:|" + "---:|" * len(order))
        for a in order:
            won = sum(wins.get((a, b), 0) for b in entrants if b != a)
            total = won + sum(wins.get((b, a), 0) for b in entrants if b != a)
            # Every deal the row played, against anyone: its mean margin, the finer measure of the two.
            field = Pairing()
            field.margins = [m for b in entrants if b != a for m in pairs[a, b].margins]
            cells = [
                "" if a == b else f"{_rate(pairs[a, b].wins[0], pairs[a, b].wins[1])}; {_margin(pairs[a, b])}"
                for b in order
            ]
            row = f"| {a} | {elo[a]:.0f} | {_rate(won, total - won)} | {_margin(field)} | "
            lines.append(row + " | ".join(cells) + " |")
        lines.append("")
    return lines


def machine() -> str:
    """The processor's model name where the system says it (Linux), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.system()


def main(argv: Sequence[str] | None = None) -> dict[str, Results]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated: " + ", ".join(GAMES))
    parser.add_argument(
        "--bots", default=",".join(ENTRANTS), help="comma-separated entrants: " + ", ".join(ENTRANTS + OTHERS)
    )
    parser.add_argument("--rounds", type=int, default=2, help="deals per pairing, each played from both sides")
    parser.add_argument("--seconds", type=float, default=0.1, help="time per decision on the equal clock")
    parser.add_argument("--time", default="equal,levels", help="comma-separated clocks: " + ", ".join(CLOCKS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", type=Path, help="write the tables here, for the docs")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    entrants = [b.strip() for b in args.bots.split(",") if b.strip()]
    clocks = [c.strip() for c in args.time.split(",") if c.strip()]
    for g in games:
        if g not in GAMES:
            parser.error(f"unknown game {g!r}; the games: {', '.join(GAMES)}")
    for e in entrants:
        if e not in ENTRANTS + OTHERS:
            parser.error(f"unknown entrant {e!r}; the entrants: {', '.join(ENTRANTS + OTHERS)}")
    for c in clocks:
        if c not in CLOCKS:
            parser.error(f"unknown clock {c!r}; the clocks: {', '.join(CLOCKS)}")
    if args.rounds < 1 or not args.seconds > 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    notes: list[str] = []
    if importlib.util.find_spec("open_spiel") is None and any(e in OPENSPIEL for e in entrants):
        entrants = [e for e in entrants if e not in OPENSPIEL]
        notes.append("OpenSpiel is not installed here (the openspiel extra), so its bots sat this ladder out.")
    start = time.perf_counter()
    out: dict[str, Results] = {}
    lines: list[str] = []
    for clock in clocks:
        seconds = args.seconds if clock == "equal" else None
        said = f"{args.seconds:g} s a decision each" if clock == "equal" else "each at its own time"
        out[clock] = ladder(games, entrants, args.rounds, seconds, args.seed)
        lines += tables(out[clock], entrants, said)
    took = time.perf_counter() - start
    print("\n".join(lines))
    if args.markdown is not None:
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        command = "python benchmarks/strength.py " + " ".join(argv if argv is not None else sys.argv[1:])
        head = [
            f"Measured {today} with `{command.strip()}`: {args.rounds} deal{'s' if args.rounds != 1 else ''} "
            "per pairing, each played from "
            f"both sides in duplicate, seed {args.seed}; {took / 60:.0f} minutes on {platform.machine()} "
            f"({machine()}) with {os.cpu_count()} cores shared with other "
            "work, so the time a search got, and so its strength, may have varied. Each cell is the row's "
            "win rate against the column, with its Wilson 95% interval, then the row's mean point "
            "margin per deal with its 95% interval; *margin a deal* is the row's mean margin over all its "
            "deals, against every other bot, with its 95% interval; the rating is Elo-style, fitted from "
            "the wins of all the pairings (mean 1500). Most single rounds are decided by the deal, so the "
            "margin separates the bots sooner than the wins do; read the intervals before the ratings.",
            "",
            *(n + "\n" for n in notes),
        ]
        args.markdown.write_text("\n".join(head + lines), encoding="utf-8")
    return out


if __name__ == "__main__":
    main()
