"""Two bots, one game, N single rounds: the win rate of the first with its Wilson 95% interval.

Measures bot strength at an equal time budget: both bot texts get the same
``seconds=`` per decision (``--seconds``, added to each text that does not
set it), every deal is played twice with the seats swapped (``simulate``
rotates the seats round the sides, so each bot plays each deal from each
side), and the game is played as single rounds (``single_round=true``;
Mulle ``target=0``) so that one match is one round.

Run, e.g.::

    python benchmarks/duel.py mililla "search(margin=0.5)" search --rounds 100
    python benchmarks/duel.py mulle hard search --seconds 0.02

Matches run in this one process, one after another. Time budgets are per
decision and wall-clock, so on a busy machine both bots get fewer
iterations alike, but the share each gets is not exactly equal: compare
configurations measured on the same machine and load. Prints numbers;
asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import sys
import time

import attrs

from cardrules.bots import get_bot, simulate, wilson_interval

_SINGLE = {"mulle": "mulle(target=0)", "mililla": "mililla(single_round=true)"}


def single_round(game: str) -> str:
    """The ruleset text that plays *game* (a plain name, or a full text kept as given) as one round."""
    if "(" in game:
        return game
    return _SINGLE.get(game, f"{game}(single_round=true)")


def with_seconds(text: str, seconds: float) -> str:
    """*text* with ``seconds=`` set, unless it sets it already or the bot takes no time budget (``greedy``)."""
    bot = type(get_bot(text))
    if re.search(r"\bseconds\s*=", text) or not attrs.has(bot) or "seconds" not in attrs.fields_dict(bot):
        return text
    if "(" not in text:
        return f"{text}(seconds={seconds})"
    head, _, rest = text.partition("(")
    rest = rest.rstrip()
    inner = rest[:-1].strip() if rest.endswith(")") else rest
    return f"{head}(seconds={seconds}, {inner})" if inner else f"{head}(seconds={seconds})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="mililla, charlemagne, mulle, or a full ruleset text")
    parser.add_argument("bot", help="the bot measured, e.g. 'search(margin=0.5)'")
    parser.add_argument("opponent", help="the bot it plays against, on every other side")
    parser.add_argument("--rounds", type=int, default=100, help="rounds (matches) to play; even (default 100)")
    parser.add_argument("--seconds", type=float, default=0.02, help="time budget per decision (default 0.02)")
    parser.add_argument("--seed", type=int, default=0, help="chooses the deals (default 0)")
    args = parser.parse_args(argv)
    game = single_round(args.game)
    bot = with_seconds(args.bot, args.seconds)
    opponent = with_seconds(args.opponent, args.seconds)
    from cardrules import get_game

    sides = len(get_game(game).score(get_game(game).new_game(seed=0)).sides)
    start = time.perf_counter()
    result = simulate(game, [bot] + [opponent] * (sides - 1), args.rounds, seed=args.seed)
    elapsed = time.perf_counter() - start
    ours = result.results[0]
    theirs = sum(r.wins for r in result.results[1:])
    draws = result.matches - ours.wins - theirs
    low, high = wilson_interval(ours.wins, result.matches)
    # Draws counted as half a win, for a single score that is fair to both.
    half = ours.wins + draws / 2
    print(
        f"{game}  {bot}  vs  {opponent}: {result.matches} rounds, "
        f"wins {ours.wins}, draws {draws}, losses {theirs}; "
        f"win rate {100 * ours.wins / max(1, result.matches):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
        f"score {100 * half / max(1, result.matches):.1f}%; {elapsed:.0f} s, "
        f"{result.decisions / max(1, result.matches):.0f} moves a round",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
