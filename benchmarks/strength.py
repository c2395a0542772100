"""
The strength ladder: a round robin between the bots at equal time per decision (``nox -s strength``).

Every pair of entrants plays ``--rounds`` deals of each game, each deal twice with the seats
swapped (so both play both hands of every deal), single rounds: ``single_round=true`` in Mililla
and Charlemagne, ``target=0`` in Mulle (the match is its first round). Every bot that searches
gets ``--seconds`` per decision (``random`` and ``greedy`` decide at once; ``medium`` may stop
sooner, at its small budget of iterations). OpenSpiel's ISMCTS bot (``open_spiel``'s
``ISMCTSBot`` on :func:`cardrules.rl.openspiel_game`, random rollouts) plays from an imagined
deal of what its seat sees, with as many simulations as fit in the same time, measured on the
machine before the ladder starts.

It prints each pairing's win rate with its Wilson 95% interval and an Elo-style rating fitted
from all the pairings (Bradley-Terry, by maximum likelihood, with half a win and half a loss
added to every pairing so that a bot that never wins keeps a finite rating; the mean is 1500).
``--markdown PATH`` writes the tables for the docs. Progress goes to stderr.

    python benchmarks/strength.py --rounds 10 --games mililla
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import math
import os
import platform
import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import cardrules
from cardrules.bots import Bot, get_bot, play_match, wilson_interval
from cardrules.cards import _derive_seed

GAMES: dict[str, str] = {
    "mililla": "mililla(single_round=true)",
    "charlemagne": "charlemagne(single_round=true)",
    "mulle": "mulle(target=0)",
}
ENTRANTS: tuple[str, ...] = ("random", "greedy", "search", "ismcts", "medium", "hard", "openspiel-ismcts")
_PRIOR = 0.5
"""Wins (and losses) added to every pairing before the ratings are fitted."""


def bot_text(name: str, seconds: float) -> str:
    """The :func:`cardrules.bots.get_bot` text of entrant *name* at *seconds* a decision."""
    if name in ("random", "greedy"):
        return name
    if name in ("search", "ismcts"):
        return f"{name}(iterations=1000000, seconds={seconds!r})"
    if name in ("easy", "medium", "hard"):
        return f"{name}(seconds={seconds!r})"
    raise ValueError(f"unknown entrant {name!r}; the entrants: {', '.join(ENTRANTS)}")


class OpenSpielISMCTS:
    """OpenSpiel's ISMCTS bot as a cardrules bot: it searches an OpenSpiel state set at an imagined deal."""

    def __init__(self, text: str, seconds: float, seed: int) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from cardrules.rl import openspiel_game

        self.game = cardrules.get_game(text)
        self.open = openspiel_game(text)
        self._np = np.random.RandomState(seed)
        self._make = lambda sims: ismcts.ISMCTSBot(
            self.open,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np),
            2.0,
            sims,
            random_state=self._np,
            allow_inconsistent_action_sets=True,
        )
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
        """The bot's move, searched from a state dealt from *observation* (it never sees the real hidden cards)."""
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
        raise AssertionError(f"OpenSpiel's ISMCTS chose {move!r}, not a legal move here")

    def __str__(self) -> str:
        return "openspiel-ismcts"


def make_bot(name: str, text: str, seconds: float, seed: int) -> Bot:
    """Entrant *name* for the game of ruleset *text*."""
    if name == "openspiel-ismcts":
        return OpenSpielISMCTS(text, seconds, seed)
    return get_bot(bot_text(name, seconds))


def play_pair(game: Any, a: Bot, b: Bot, rounds: int, seed: int) -> tuple[int, int]:
    """*a*'s and *b*'s wins over *rounds* deals, each played twice with the seats swapped."""
    wins = [0, 0]
    for deal in range(rounds):
        deal_seed = _derive_seed(seed, deal)
        for swap in (0, 1):
            bots = [b, a] if swap else [a, b]
            outcome = play_match(game, bots, seed=deal_seed, bot_seed=_derive_seed(seed, deal, swap))
            wins[outcome.winner ^ swap] += 1
    return wins[0], wins[1]


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


def ladder(
    games: Sequence[str], entrants: Sequence[str], rounds: int, seconds: float, seed: int
) -> dict[str, dict[tuple[str, str], int]]:
    """Every game's wins, ``wins[a, b]``, for every pair of *entrants*."""
    out: dict[str, dict[tuple[str, str], int]] = {}
    for name in games:
        text = GAMES[name]
        game = cardrules.get_game(text)
        bots = {e: make_bot(e, text, seconds, seed) for e in entrants}
        os_bot = bots.get("openspiel-ismcts")
        if isinstance(os_bot, OpenSpielISMCTS):
            print(f"{name}: OpenSpiel's ISMCTS gets {os_bot.simulations} simulations a decision", file=sys.stderr)
        wins: dict[tuple[str, str], int] = {}
        pairs = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1 :]]
        for k, (a, b) in enumerate(pairs, 1):
            start = time.perf_counter()
            wins[a, b], wins[b, a] = play_pair(game, bots[a], bots[b], rounds, _derive_seed(seed, k))
            took = time.perf_counter() - start
            print(
                f"{name} {k}/{len(pairs)}: {a} {wins[a, b]} - {wins[b, a]} {b} ({took:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
        out[name] = wins
    return out


def _rate(won: int, lost: int) -> str:
    n = won + lost
    if not n:
        return "–"
    low, high = wilson_interval(won, n)
    return f"{100 * won / n:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def tables(results: Mapping[str, Mapping[tuple[str, str], int]], entrants: Sequence[str]) -> list[str]:
    """The ladder as Markdown: per game, the ratings and every pairing's win rate (row against column)."""
    lines: list[str] = []
    for name, wins in results.items():
        elo = fit_elo(entrants, wins)
        order = sorted(entrants, key=lambda e: -elo[e])
        lines += [f"**{GAMES[name]}**", ""]
        lines.append("| bot | rating | wins | " + " | ".join(f"vs {e}" for e in order) + " |")
        lines.append("|---|---:|---:|" + "---:|" * len(order))
        for a in order:
            won = sum(wins.get((a, b), 0) for b in entrants if b != a)
            total = won + sum(wins.get((b, a), 0) for b in entrants if b != a)
            cells = ["" if a == b else _rate(wins.get((a, b), 0), wins.get((b, a), 0)) for b in order]
            lines.append(f"| {a} | {elo[a]:.0f} | {_rate(won, total - won)} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def main(argv: Sequence[str] | None = None) -> dict[str, dict[tuple[str, str], int]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated: " + ", ".join(GAMES))
    parser.add_argument("--bots", default=",".join(ENTRANTS), help="comma-separated entrants: " + ", ".join(ENTRANTS))
    parser.add_argument("--rounds", type=int, default=10, help="deals per pairing, each played from both sides")
    parser.add_argument("--seconds", type=float, default=0.02, help="time per decision of the bots that search")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", type=Path, help="write the tables here, for the docs")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    entrants = [b.strip() for b in args.bots.split(",") if b.strip()]
    for g in games:
        if g not in GAMES:
            parser.error(f"unknown game {g!r}; the games: {', '.join(GAMES)}")
    for e in entrants:
        if e not in ENTRANTS:
            parser.error(f"unknown entrant {e!r}; the entrants: {', '.join(ENTRANTS)}")
    if args.rounds < 1 or not args.seconds > 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    start = time.perf_counter()
    results = ladder(games, entrants, args.rounds, args.seconds, args.seed)
    took = time.perf_counter() - start
    lines = tables(results, entrants)
    print("\n".join(lines))
    if args.markdown is not None:
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        command = "python benchmarks/strength.py " + " ".join(argv if argv is not None else sys.argv[1:])
        head = [
            f"Measured {today} with `{command.strip()}`: {args.rounds} deals per pairing, each played from "
            f"both sides, {args.seconds:g} s a decision, seed {args.seed}; {took / 60:.0f} minutes on "
            f"{platform.machine()} with {os.cpu_count()} cores shared with other work, so the time a search "
            "got, and so its strength, may have varied. Win rates are the row's against the column, with "
            "Wilson 95% intervals; the rating is Elo-style, fitted from all the pairings (mean 1500).",
            "",
        ]
        args.markdown.write_text("\n".join(head + lines), encoding="utf-8")
    return {name: dict(wins) for name, wins in results.items()}


if __name__ == "__main__":
    main()
