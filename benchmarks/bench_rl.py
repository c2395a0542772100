"""The learning environments' speed: env steps per second next to the raw engine's decisions per second.

Run ``nox -s bench`` (its RL part installs the ``rl`` extra, RLCard and OpenSpiel), or
``python benchmarks/bench_rl.py [--seconds S] [--repeat N] [--quick] [--markdown PATH]`` where the ``rl`` extra is
installed; a peer that cannot be imported is skipped with the reason printed.

For each game and preset, three loops play random matches: the raw engine (``legal_moves``,
``sample``, ``apply``), the PettingZoo AEC env (``last``, a uniform choice among the actions the
mask allows, ``step``) and the Gymnasium env against random bots (``action_masks``, a choice,
``step``; the bots' moves are inside the step). An env step is one action: one move in Mililla
and Charlemagne, one step of a factored move in Mulle (with ``encoding="candidates"``, the
PettingZoo env's top-K option, one move). Moves per second count every seat's moves
(a Gymnasium step plays the bots' too), and the ratios are printed per step and per move.
For Mililla and Charlemagne a fourth loop, the floor, does what a step cannot skip with no env
around it (see :class:`Floor`): how close to the raw engine any env of these tensors could come.
Where OpenSpiel is installed, two more loops play each game through :mod:`cardrules.rl.openspiel`
as OpenSpiel's own random play does (``is_chance_node``, ``chance_outcomes``, ``legal_actions``,
``apply_action``): with every deal as one chance node a card (the default), and with
``sampled_deal=true`` (one chance node a match); a step is a decision, chance nodes are not
counted but their time is. Beside them, PettingZoo's own ``texas_holdem_v4`` (needs RLCard) and
OpenSpiel's C++ ``hearts`` through pyspiel, played the same way. Rates are per CPU second of this
process; the loops take turns, ``--repeat`` times, so that the noise of a shared machine falls on all alike, and the
median is printed. It asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import statistics
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_peers
import numpy as np
import suite

import cardrules
from cardrules.rl import gymnasium_env, pettingzoo_env

CLOCK = suite.CLOCK
GAMES = ("mililla", "charlemagne", "mulle", "mulle/fishing")

PlayOne = Callable[[random.Random], tuple[int, int]]
"""Play one complete match; return (steps, moves)."""


def raw_runner(text: str) -> PlayOne:
    """The engine alone: ``legal_moves``, ``sample`` and ``trusted_apply`` (a step is a move)."""
    spec = cardrules.get_game(text).spec
    game = cardrules.get_game(text)
    legal_moves, apply, is_over = spec.legal_moves, spec.trusted_apply, spec.is_over

    def play(rng: random.Random) -> tuple[int, int]:
        state = game.new_game(seed=rng.getrandbits(63))
        n = 0
        while not is_over(state):
            state = apply(state, legal_moves(state).sample(rng))
            n += 1
        return n, n

    return play


class Floor:
    """
    What an env step cannot skip, with no env around it (Mililla and Charlemagne, whose encodings
    number moves): ``legal_moves``, the legal actions' mask (one array kept per set of legal
    actions and copied, as the env does), ``observe`` and the tensor, the same random choice among
    the masked-in actions, and ``apply`` of its move (decoded, or as listed, as the env does). An
    env step costs this plus its bookkeeping, so raw / floor bounds from below what any env of
    these tensors and masks could reach.
    """

    def __init__(self, text: str) -> None:
        self.game = cardrules.get_game(text)
        self.spec = self.game.spec
        self.enc: Any = self.spec.learning.encoding  # an ActionEncoding (a flat one: see the loops below)
        self.tensor: Any = self.spec.learning.tensor
        self.masks: dict[int, np.ndarray[Any, Any]] = {}

    def step(self, state: Any, rng: random.Random) -> Any:
        """The state after one step of random play from *state*."""
        spec, masks, enc = self.spec, self.masks, self.enc
        legal = spec.legal_moves(state)
        bits = enc._legal_bits(legal)  # the env's own shortcut, where the game has it
        by = None
        if bits is None:  # else each move encoded, and the chosen one handed to apply as listed
            by = {enc.encode(state, m): m for m in legal}
            bits = sum(1 << a for a in by)
        mask = masks.get(bits)
        if mask is None:
            mask = masks[bits] = np.zeros(enc.size, dtype=np.int8)
            mask[[a for a in range(enc.size) if bits >> a & 1]] = 1
        seat: Any = spec.to_move(state)  # a seat: the match is not over
        obs = {"observation": self.tensor.encode(spec.observe(state, seat)), "action_mask": mask.copy()}
        actions = np.flatnonzero(obs["action_mask"])
        action = int(actions[rng.randrange(len(actions))])
        return spec.trusted_apply(state, enc._decode(state, action) if by is None else by[action])  # a legal action


def floor_runner(text: str) -> PlayOne:
    """:class:`Floor`'s steps over whole matches (a step is a move)."""
    floor = Floor(text)
    game, is_over = floor.game, floor.spec.is_over

    def play(rng: random.Random) -> tuple[int, int]:
        state = game.new_game(seed=rng.getrandbits(63))
        n = 0
        while not is_over(state):
            state = floor.step(state, rng)
            n += 1
        return n, n

    return play


def aec_runner(env: object) -> PlayOne:
    """A PettingZoo AEC env: ``last``, a uniform choice among the masked-in actions, ``step``."""

    match = getattr(env, "_match", None)

    def play(rng: random.Random) -> tuple[int, int]:
        env.reset(seed=rng.getrandbits(32))  # type: ignore[attr-defined]
        steps = 0
        made = 0 if match is None else match.made
        while env.agents:  # type: ignore[attr-defined]
            obs, _, term, trunc, _ = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.step(None)  # type: ignore[attr-defined]
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
            steps += 1
        return steps, steps if match is None else match.made - made

    return play


def gym_runner(text: str) -> PlayOne:
    """The Gymnasium env at seat 0 against random bots: ``action_masks``, a choice, ``step``."""
    env = gymnasium_env(text, seat=0, opponents="random")

    match = env.unwrapped._match  # type: ignore[attr-defined]

    def play(rng: random.Random) -> tuple[int, int]:
        env.reset(seed=rng.getrandbits(32))
        steps = 0
        made = match.made
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, done, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps, match.made - made  # every seat's moves: a step plays the bots' too

    return play


def cardrules_openspiel_runner(text: str, **params: bool | int) -> PlayOne:
    """
    A cardrules game through OpenSpiel (:func:`cardrules.rl.openspiel_game`), played as
    OpenSpiel's random play does; a step is a decision, a move a decision that completes one.
    """
    from cardrules.rl import openspiel_game

    game = openspiel_game(text, **params)
    encoding = cardrules.get_game(text).spec.learning.encoding
    done = encoding.done if encoding.factored else None  # a factored move is made by its done step

    def play(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        steps = moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
                state.apply_action(action)
                steps += 1
                moves += done is None or action == done
        return steps, moves

    return play


def openspiel_runner() -> PlayOne:
    play = bench_peers.openspiel_runner("hearts")

    def counted(rng: random.Random) -> tuple[int, int]:
        n = play(rng)
        return n, n

    return counted


def holdem_runner() -> PlayOne:
    from pettingzoo.classic import texas_holdem_v4

    return aec_runner(texas_holdem_v4.env())


def rate(play: PlayOne, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Whole matches for about *seconds*: (steps per second, moves per second)."""
    steps = moves = 0
    start = CLOCK()
    elapsed = 0.0
    while elapsed < seconds:
        s, m = play(rng)
        steps += s
        moves += m
        elapsed = CLOCK() - start
    return steps / elapsed, moves / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per loop per turn")
    parser.add_argument("--repeat", type=int, default=5, help="turns (the median is printed)")
    parser.add_argument("--quick", action="store_true", help="a short run: 0.3 s, 1 turn")
    parser.add_argument("--markdown", type=Path, help="also write the figures, dated, to this Markdown file")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.repeat = 0.3, 1
    warnings.simplefilter("ignore")  # RLCard and PettingZoo warn about things random play does

    loops: list[tuple[str, PlayOne]] = []
    for text in GAMES:
        loops.append((f"{text}: raw engine", raw_runner(text)))
        if not getattr(cardrules.get_game(text).spec.learning.encoding, "factored", True):
            loops.append((f"{text}: floor, no env", floor_runner(text)))
        loops.append((f"{text}: PettingZoo env", aec_runner(pettingzoo_env(text))))
        loops.append((f"{text}: Gymnasium env", gym_runner(text)))
        if cardrules.get_game(text).spec.learning.candidates is not None:  # the top-K option: a step is a move
            loops.append(
                (f"{text}: PettingZoo env, candidates", aec_runner(pettingzoo_env(text, encoding="candidates")))
            )
        try:
            loops.append((f"{text}: OpenSpiel, a card a chance node", cardrules_openspiel_runner(text)))
            loops.append(
                (f"{text}: OpenSpiel, sampled deal", cardrules_openspiel_runner(text, sampled_deal=True, rng_seed=1))
            )
        except ImportError as exc:  # OpenSpiel is not installed: the other loops run
            print(f"skipped {text} through OpenSpiel: {type(exc).__name__}: {exc}")
    for label, factory in (
        ("PettingZoo texas_holdem_v4 (RLCard)", holdem_runner),
        ("OpenSpiel hearts (C++)", openspiel_runner),
    ):
        try:
            loops.append((label, factory()))
        except Exception as exc:  # a peer that cannot be installed or imported is reported, not fatal
            print(f"skipped {label}: {type(exc).__name__}: {exc}")

    steps: dict[str, list[float]] = {label: [] for label, _ in loops}
    moves: dict[str, list[float]] = {label: [] for label, _ in loops}
    for turn in range(args.repeat):
        for label, play in loops:
            s, m = rate(play, args.seconds, random.Random(1000 * turn + 7))
            steps[label].append(s)
            moves[label].append(m)
    med = {label: statistics.median(v) for label, v in steps.items()}
    med_moves = {label: statistics.median(v) for label, v in moves.items()}
    print(
        f"Random play, steps per CPU second (median of {args.repeat} turns of {args.seconds:g} s; "
        f"Python {sys.version.split()[0]}; shared machine, so the figures are noisy)"
    )
    rows = table_rows([label for label, _ in loops], med, med_moves)
    width = max(len(row[0]) for row in rows) + 2
    head = "loop".ljust(width) + "steps/s".rjust(12) + "moves/s".rjust(12)
    print(head + "raw / env step".rjust(16) + "raw / env move".rjust(16))
    for label, rate_, per_move, step_ratio, move_ratio in rows:
        ratios = f"{step_ratio:16.2f}{move_ratio:16.2f}" if step_ratio is not None and move_ratio is not None else ""
        print(label.ljust(width) + f"{rate_:12,.0f}" + f"{per_move:12,.0f}" + ratios)
    print("\nTarget: env steps per second within 2x of the raw engine's decisions per second (raw / env <= 2)")
    for text, kind, per_step, per_move_ in target_rows(med, med_moves):
        met = "met" if per_step <= 2 else "NOT met"
        if kind == "floor":
            print(f"  {text}, the floor (no env at all): {per_step:5.2f}")
        else:
            print(f"  {text}, {kind}: {per_step:5.2f} a step ({met}), {per_move_:5.2f} a move")
    if args.markdown:
        args.markdown.write_text(markdown(rows, target_rows(med, med_moves), args), encoding="utf-8")
        print(f"wrote {args.markdown}")


Row = tuple[str, float, float, float | None, float | None]
"""A loop's label, steps/s, moves/s, and raw / loop per step and per move (``None`` for a raw loop or a peer)."""


def table_rows(labels: list[str], med: dict[str, float], med_moves: dict[str, float]) -> list[Row]:
    """One row a loop, in *labels*' order, the ratios against its game's raw engine."""
    rows: list[Row] = []
    for label in labels:
        game = label.split(":")[0]
        raw = med.get(f"{game}: raw engine")
        ours = ("env" in label or "floor" in label or "OpenSpiel," in label) and ":" in label
        if raw and ours:
            rows.append((label, med[label], med_moves[label], raw / med[label], raw / med_moves[label]))
        else:
            rows.append((label, med[label], med_moves[label], None, None))
    return rows


OPENSPIEL = ("OpenSpiel, a card a chance node", "OpenSpiel, sampled deal")
"""The OpenSpiel loops' kinds (their labels after the game's)."""


def target_rows(med: dict[str, float], med_moves: dict[str, float]) -> list[tuple[str, str, float, float]]:
    """(game, loop kind, raw / loop a step, raw / loop a move) for the envs, OpenSpiel and the floor."""
    out = []
    for text in GAMES:
        raw = med[f"{text}: raw engine"]
        for kind in ("PettingZoo", "Gymnasium"):
            label = f"{text}: {kind} env"
            out.append((text, kind, raw / med[label], raw / med_moves[label]))
        for kind in OPENSPIEL:
            label = f"{text}: {kind}"
            if label in med:
                out.append((text, kind, raw / med[label], raw / med_moves[label]))
        floor = med.get(f"{text}: floor, no env")
        if floor:
            out.append((text, "floor", raw / floor, raw / floor))
    return out


def markdown(rows: list[Row], targets: list[tuple[str, str, float, float]], args: argparse.Namespace) -> str:
    """The figures as a dated MyST include for the performance page."""
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"Measured {when} by `python benchmarks/bench_rl.py --seconds {args.seconds:g} --repeat {args.repeat}`: "
        f"Python {sys.version.split()[0]}, {platform.machine()}; steps per CPU second, the median of "
        f"{args.repeat} turns of {args.seconds:g} s, the loops taking turns.",
        "",
        "| loop | steps/s | moves/s | raw / loop, a step | raw / loop, a move |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, rate_, per_move, step_ratio, move_ratio in rows:
        ratios = "| | |" if step_ratio is None else f"| {step_ratio:.2f} | {move_ratio:.2f} |"
        lines.append(f"| {label} | {rate_:,.0f} | {per_move:,.0f} {ratios}")
    lines += ["", "| target: raw / env step ≤ 2 | a step | a move | met |", "|---|---:|---:|---|"]
    for text, kind, per_step, per_move_ in targets:
        met = "(no env)" if kind == "floor" else "yes" if per_step <= 2 else "no"
        lines.append(
            f"| {text}, {'the floor' if kind == 'floor' else kind} | {per_step:.2f} | {per_move_:.2f} | {met} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
