"""
Draw the learning curve of ``examples/rl_train.py`` for the docs: ``python docs/rl_curve.py``
reads ``docs/_static/rl_curve.csv`` (``python examples/rl_train.py --curve docs/_static/rl_curve.csv``
writes it) and writes ``docs/_static/rl_curve.svg``. Needs the ``plots`` extra (matplotlib).
"""

from __future__ import annotations

import csv
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

STATIC = Path(__file__).resolve().parent / "_static"


def main() -> None:
    with (STATIC / "rl_curve.csv").open(encoding="utf-8") as f:
        rows = [{k: float(v) for k, v in row.items()} for row in csv.DictReader(f)]
    x = [r["matches"] for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.fill_between(x, [r["low"] for r in rows], [r["high"] for r in rows], alpha=0.25, label="95% Wilson interval")
    ax.plot(x, [r["win_rate"] for r in rows], marker="o", label="linear Q-learner's side")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1, label="RandomBot's level")
    ax.set_xlabel("training matches")
    ax.set_ylabel("matches won against RandomBot")
    ax.set_title("Mililla: linear Q-learning through the masked Gymnasium env")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    plt.rcParams["svg.hashsalt"] = "cardrules"  # the same file from the same figures
    fig.savefig(STATIC / "rl_curve.svg", metadata={"Date": None})


if __name__ == "__main__":
    main()
