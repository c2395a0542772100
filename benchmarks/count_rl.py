"""The learning environments' cost per step in machine instructions, next to the raw engine's per move.

Wall-clock rates on a shared machine swing by 15% or more; instruction counts do not. This script
runs each loop under ``valgrind --tool=callgrind`` twice, for N steps and for 0 steps (imports,
set-up and the first deal cost the same in both), and prints the difference divided by N:

* ``raw``: the engine alone, ``legal_moves``, ``sample`` and ``apply`` (a step is a move);
* ``pettingzoo``: the AEC env, ``last()``, a uniform choice among the actions the mask allows
  (``numpy.flatnonzero`` and ``random.randrange``, as a user's random policy would), ``step()``;
* ``gymnasium``: the single-learner env at seat 0 against random bots, ``action_masks()``, a
  choice, ``step()``; one step also plays the bots' moves, so its cost per move is printed too;
* ``floor`` (Mililla and Charlemagne): what a step cannot skip, with no env around it (``bench_rl.Floor``:
  legal moves, mask, ``observe`` and tensor, the same choice, ``apply``).

Run: ``python benchmarks/count_rl.py [--steps N] [--game TEXT ...]`` with the ``rl`` extra and
valgrind installed (``apt-get install valgrind``); ``PYTHONHASHSEED`` is fixed at 0 so that runs
repeat. It prints numbers and asserts nothing. One game's three loops take about two minutes.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

GAMES = ("mililla", "charlemagne", "mulle", "mulle/fishing")
LOOPS = ("raw", "pettingzoo", "gymnasium", "floor")


def _loop(kind: str, text: str, steps: int) -> int:
    """Run *steps* steps of loop *kind*; the number of moves made (every seat's)."""
    warnings.simplefilter("ignore")
    import numpy as np

    import cardrules
    from cardrules.rl import gymnasium_env, pettingzoo_env

    rng = random.Random(1)
    done = seed = 0
    if kind == "raw":
        spec = cardrules.get_game(text).spec
        game = cardrules.get_game(text)
        while done < steps:
            state = game.new_game(seed=seed)
            seed += 1
            while not spec.is_over(state) and done < steps:
                state = spec.apply(state, spec.legal_moves(state).sample(rng))
                done += 1
        return done
    if kind == "floor":
        from bench_rl import Floor  # this script's directory is on the path

        floor = Floor(text)
        while done < steps:
            state = floor.game.new_game(seed=seed)
            seed += 1
            while not floor.spec.is_over(state) and done < steps:
                state = floor.step(state, rng)
                done += 1
        return done
    if kind == "pettingzoo":
        env = pettingzoo_env(text)
        while done < steps:
            env.reset(seed=seed)
            seed += 1
            while env.agents and done < steps:
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
        return int(env.unwrapped._match.made)
    gym = gymnasium_env(text, seat=0, opponents="random")
    while done < steps:
        gym.reset(seed=seed)
        seed += 1
        over = False
        while not over and done < steps:
            legal = np.flatnonzero(gym.action_masks())
            _, _, over, _, _ = gym.step(int(legal[rng.randrange(len(legal))]))
            done += 1
    return int(gym.unwrapped._match.made)  # type: ignore[attr-defined]


def _factored(text: str) -> bool:
    import cardrules

    return bool(getattr(cardrules.get_game(text).spec.learning.encoding, "factored", True))


def _instructions(kind: str, text: str, steps: int) -> tuple[int, int]:
    """(instructions, moves) of *steps* steps of loop *kind*, counted by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__]
        cmd += ["--child", kind, text, str(steps)]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=3000, help="steps per loop (default 3000)")
    parser.add_argument("--game", action="append", help="a game text (default: every game and preset)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, text, steps = args.child
        print(_loop(kind, text, int(steps)))
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing counted")
        return
    print(f"Instructions per step, callgrind, PYTHONHASHSEED=0, {args.steps:,} steps less 0 steps")
    head = f"{'game':16}{'raw move':>12}{'PettingZoo':>12}{'ratio':>8}{'Gym step':>12}{'Gym move':>12}{'ratio':>8}"
    print(head + f"{'floor':>12}{'ratio':>8}")
    for text in args.game or GAMES:
        per: dict[str, tuple[float, float]] = {}
        for kind in LOOPS:
            if kind == "floor" and _factored(text):  # a move takes several steps: no floor loop
                continue
            full, moves = _instructions(kind, text, args.steps)
            empty, _ = _instructions(kind, text, 0)
            per[kind] = ((full - empty) / args.steps, (full - empty) / max(moves, 1))
        raw, pz, gym = per["raw"][0], per["pettingzoo"][0], per["gymnasium"]
        line = f"{text:16}{raw:12,.0f}{pz:12,.0f}{pz / raw:8.2f}{gym[0]:12,.0f}{gym[1]:12,.0f}{gym[1] / raw:8.2f}"
        floor = per.get("floor")
        print(line + (f"{floor[0]:12,.0f}{floor[0] / raw:8.2f}" if floor else ""))
    print("ratio: env cost over a raw move (target: 2 or less); Gym move: a Gymnasium step's cost per move made;")
    print("floor: what a step cannot skip, with no env around it (Mililla and Charlemagne)")


if __name__ == "__main__":
    main()
