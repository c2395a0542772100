"""
Linear Q-learning on Mililla through the masked Gymnasium environment, against RandomBot.

The learner plays seat 0; its partner and both opponents are :class:`cardrules.bots.RandomBot`.
Q(s, a) is linear in one-hot features of the card and the trick, read from the observation
tensor (see :class:`LinearQ`); actions are chosen
epsilon-greedily among those :meth:`action_masks` allows, and the target is the reward of the
round (the side's points less the other side's, divided by 10) plus the best next Q-value.
Every ``--every`` training matches, the greedy policy plays ``--eval`` fresh matches and its
win rate is printed with its Wilson interval; ``--curve FILE`` writes the curve as CSV, which
``docs/rl_curve.py`` draws.

``python examples/rl_train.py --matches 3000`` (a few CPU minutes) is what the docs show;
``--matches 60 --eval 40`` runs in seconds (the test does that).
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardrules.bots import wilson_interval
from cardrules.cards import Card
from cardrules.mililla import PACK as MILILLA_PACK
from cardrules.rl import TensorLayout, gymnasium_env

POINTS = {"7": 5, "A": 4, "K": 3, "H": 2, "J": 1}


class LinearQ:
    """
    Q(s, a) as a sum of weights of features of the card *a* in the trick the tensor shows: the
    card itself, and the card with each of the number of cards in the trick, whether it follows
    the suit led or trumps, and the points already in the trick. A linear function of one-hot
    features (tile coding, in effect), updated by one step of Q-learning at a time.
    """

    def __init__(self, layout: TensorLayout, rate: float) -> None:
        self.rate = rate
        self.w: dict[tuple[object, ...], float] = {}
        at = layout.offsets()
        self.trick = at["trick"][0]
        self.turn_up = at["turn_up"][0]
        self.leader = at["leader"][0]
        self.hand = at["hand"][0]
        self.won = (at["won_us"][0], at["won_them"][0])
        self.cards = MILILLA_PACK.cards
        self.v: dict[tuple[object, ...], float] = {}

    def features(self, x: npt.NDArray[np.float32], a: int) -> list[tuple[object, ...]]:
        n = len(self.cards)
        cards = self.cards
        played = [(int(i) // n, cards[int(i) % n]) for i in np.flatnonzero(x[self.trick : self.trick + 4 * n])]
        leader = int(np.argmax(x[self.leader : self.leader + 4]))
        trump = cards[int(np.argmax(x[self.turn_up : self.turn_up + n]))].suit
        led = next((c.suit for seat, c in played if seat == leader), None)
        card = cards[a]

        def strength(c: Card) -> int:  # pack order within a suit is the standard rank order, low to high
            rank = cards.index(c) % 10
            return 20 + rank if c.suit is trump else rank if c.suit is led else -1

        best = max(played, key=lambda p: strength(p[1]), default=None)
        beats = best is None or strength(card) > strength(best[1])
        partner_best = best is not None and best[0] == 2
        points = sum(POINTS.get(c.rank.value, 0) for _, c in played)
        mine = POINTS.get(card.rank.value, 0)
        relation = "lead" if led is None else "follow" if card.suit is led else "trump" if card.suit is trump else "off"
        bucket = 0 if points == 0 else 1 if points < 5 else 2
        k = len(played)
        return [
            (a,),
            (a, relation),
            ("win", beats, partner_best, k, bucket, mine),
            ("kind", relation, beats, mine, card.suit is trump),
            (a, k, beats),
        ]

    def state_features(self, x: npt.NDArray[np.float32]) -> list[tuple[object, ...]]:
        """What the round is worth whatever is played now: the hand, and the points each side has won."""
        n = len(self.cards)
        trump = self.cards[int(np.argmax(x[self.turn_up : self.turn_up + n]))].suit
        out: list[tuple[object, ...]] = [("bias",)]
        for i in np.flatnonzero(x[self.hand : self.hand + n]).tolist():
            c = self.cards[i]
            out.append(("hand", POINTS.get(c.rank.value, 0), i % 10, c.suit is trump))
        for side, start in enumerate(self.won):
            won = np.flatnonzero(x[start : start + n]).tolist()
            out.append(("won", side, sum(POINTS.get(self.cards[i].rank.value, 0) for i in won) // 3))
        return out

    def baseline(self, x: npt.NDArray[np.float32]) -> float:
        v = self.v
        return sum(v.get(f, 0.0) for f in self.state_features(x))

    def value(self, x: npt.NDArray[np.float32], a: int) -> float:
        """The advantage of playing card *a* (the baseline, the same for every card, is left out)."""
        w = self.w
        return sum(w.get(f, 0.0) for f in self.features(x, a))

    def best(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> tuple[int, float]:
        scored = [(self.value(x, a), a) for a in np.flatnonzero(mask).tolist()]
        q, a = max(scored)
        return a, q

    def update(self, x: npt.NDArray[np.float32], a: int, target: float) -> None:
        """Move baseline plus advantage towards *target*."""
        feats = self.features(x, a)
        base = self.state_features(x)
        error = target - self.baseline(x) - self.value(x, a)
        step = self.rate * error / (len(feats) + len(base))
        for f in feats:
            self.w[f] = self.w.get(f, 0.0) + step
        for f in base:
            self.v[f] = self.v.get(f, 0.0) + step


def train_match(env: object, q: LinearQ, epsilon: float, rng: random.Random, seed: int) -> None:
    """One training match, epsilon-greedy; when a round ends, each of its choices moves towards its reward."""
    x, _ = env.reset(seed=seed)  # type: ignore[attr-defined]
    done = False
    chosen: list[tuple[npt.NDArray[np.float32], int]] = []
    while not done:
        mask = env.action_masks()  # type: ignore[attr-defined]
        if rng.random() < epsilon:
            a = rng.choice(np.flatnonzero(mask).tolist())
        else:
            a = q.best(x, mask)[0]
        chosen.append((x, a))
        x, reward, done, _, _ = env.step(a)  # type: ignore[attr-defined]
        if reward or done:  # a round ended: its reward is the target of each of its choices
            for y, b in chosen:
                q.update(y, b, reward / 10)
            chosen = []


def evaluate(env: object, q: LinearQ, matches: int, seed: int) -> tuple[int, int]:
    """Matches won by the greedy policy's side, out of *matches*, from fresh seeds."""
    won = 0
    for i in range(matches):
        x, _ = env.reset(seed=seed + i)  # type: ignore[attr-defined]
        done, total = False, 0.0
        while not done:
            a = q.best(x, env.action_masks())[0]  # type: ignore[attr-defined]
            x, reward, done, _, _ = env.step(a)  # type: ignore[attr-defined]
            total += reward
        won += total > 0
    return won, matches


def main(argv: list[str] | None = None) -> list[tuple[int, float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=4000, help="training matches")
    parser.add_argument("--every", type=int, default=250, help="training matches between evaluations")
    parser.add_argument("--eval", type=int, default=500, help="evaluation matches each time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--curve", type=Path, help="write the learning curve to this CSV file")
    args = parser.parse_args(argv)

    # The match reward for evaluating (who won), the round reward for learning (a denser signal).
    train = gymnasium_env("mililla", seat=0, opponents="random", reward="round", illegal="raise")
    test = gymnasium_env("mililla", seat=0, opponents="random", reward="match", illegal="raise")
    layout = train.game.spec.learning.tensor
    assert layout is not None
    q = LinearQ(layout, rate=args.rate)
    rng = random.Random(args.seed)
    curve: list[tuple[int, float, float, float]] = []
    start = time.process_time()
    eval_seed = 10**9  # evaluation matches never repeat a training deal

    def report(done: int) -> None:
        won, n = evaluate(test, q, args.eval, eval_seed)
        low, high = wilson_interval(won, n)
        curve.append((done, won / n, low, high))
        spent = time.process_time() - start
        print(f"{done:6d} matches  win rate {won / n:.3f}  95% [{low:.3f}, {high:.3f}]  {spent:6.1f} s", flush=True)

    report(0)
    for i in range(args.matches):
        epsilon = max(0.05, 0.5 * (1 - i / max(1, args.matches)))
        train_match(train, q, epsilon, rng, seed=args.seed * 10**6 + i)
        if (i + 1) % args.every == 0 or i + 1 == args.matches:
            report(i + 1)
    if args.curve is not None:
        with args.curve.open("w", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            out.writerow(["matches", "win_rate", "low", "high"])
            out.writerows(curve)
    return curve


if __name__ == "__main__":
    main(sys.argv[1:])
