"""Charlemagne behaviour trace: run it on two versions of the code and compare the outputs.

Plays random matches under both rulesets and prints, at every decision: the seat to move, the
legal moves in canonical notation and in order, the answer of ``check_move`` for every move made
of a card in the mover's hand (play, give, discard) and for every bid, pass, source and trump, the
answer of ``check_move`` here for each legal move of the previous position, the
``IllegalMoveError`` of ``apply`` for a few illegal moves (right after ``legal_moves`` and cold),
the move played, the events, and now and then the score, every seat's observation and the state
as JSON; at each match end the score and the final state. ``check_state`` must accept every state,
and ``apply`` must give the same state for an equal move object as for the listed one.

Run (a speed change must leave the output byte for byte the same)::

    PYTHONPATH=/path/to/old/src python benchmarks/check_charlemagne_same.py > old.txt
    python benchmarks/check_charlemagne_same.py > new.txt
    cmp old.txt new.txt

``--matches N`` sets the number of matches per ruleset (default 100). Prints text; asserts only
that the engine's own invariants hold.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator

import cardrules
from cardrules import charlemagne as ch

RULESETS = ("charlemagne", "charlemagne(end_when_decided=true)")
PASS = ch.Pass()
OTHER_MOVES: tuple[ch.Move, ...] = (
    PASS,
    *(ch.Bid(c) for c in ch.Contract),
    ch.ChooseSource("kitty"),
    ch.ChooseSource("partner"),
    *(ch.NameTrump(s) for s in (cardrules.Suit.SPADES, cardrules.Suit.HEARTS, cardrules.Suit.DIAMONDS)),
    ch.NameTrump(cardrules.Suit.CLUBS),
)


def _answer(state: ch.State, move: ch.Move) -> str:
    v = ch.check_move(state, move)
    return "ok" if v is None else str(v)


def _apply_error(state: ch.State, move: ch.Move) -> str:
    try:
        ch.apply(state, move)
    except cardrules.IllegalMoveError as exc:
        return f"{exc.rule.id} {exc.seat} {exc.move!s} | {exc}"
    return "legal"


def _card_moves(state: ch.State, seat: int | None) -> Iterator[ch.Move]:
    if seat is None:
        return
    for card in state.hands[seat]:
        yield ch.Play(card)
        yield ch.Give(card)
        yield ch.Discard(card)


def trace(matches: int, out: list[str]) -> None:
    for text in RULESETS:
        game = cardrules.get_game(text)
        for n in range(matches):
            rng = random.Random(f"{text} {n}")
            # Some matches pass often in the bidding, so that low and high contracts both come up.
            pass_odds = (0.0, 0.4, 0.7)[n % 3]
            state = game.new_game(seed=rng.getrandbits(40))
            out.append(f"# {text} match {n} seed {state.seed} dealer {state.dealer}")
            previous: tuple[ch.Move, ...] = ()
            step = 0
            while True:
                ch.check_state(state)
                seat = ch.to_move(state)
                moves = ch.legal_moves(state)
                listed = tuple(moves)
                out.append(f"{step} seat {seat} phase {state.phase}: " + " ".join(map(ch.format_canonical, listed)))
                for m in (*_card_moves(state, seat), *OTHER_MOVES):
                    out.append(f"  check {m}: {_answer(state, m)}")
                for m in previous:
                    out.append(f"  prev {m}: {_answer(state, m)}")
                illegal = [m for m in (*_card_moves(state, seat), *OTHER_MOVES) if ch.check_move(state, m) is not None]
                for m in illegal[:: max(1, len(illegal) // 3)]:
                    ch.legal_moves(state)
                    warm = _apply_error(state, m)
                    cold = _apply_error(state, m)
                    assert warm == cold, (warm, cold)
                    out.append(f"  illegal {m}: {warm}")
                if rng.random() < 0.1 or step == 0:
                    out.append(f"  score {ch.score(state)!r}")
                    for s in range(4):
                        out.append(f"  observe {s} " + json.dumps(ch.observe(state, s).to_dict(), sort_keys=True))
                if rng.random() < 0.02:
                    out.append("  state " + cardrules.dumps(state))
                if not listed:
                    assert ch.is_over(state)
                    break
                ch.legal_moves(state)
                if state.phase == "bid" and PASS in moves and rng.random() < pass_odds:
                    move: ch.Move = PASS
                else:
                    move = moves.sample(rng)
                after = ch.apply(state, move)
                assert ch.apply(state, ch.parse_canonical(ch.format_canonical(move))) == after
                told = [f"{e.kind} {e.seat} {e.text}" for e in ch.events(state, move, after)]
                out.append(f"  > {move} | " + " | ".join(told))
                previous, state, step = listed, after, step + 1
            out.append(f"  final score {ch.score(state)!r}")
            out.append("  final " + cardrules.dumps(state))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches per ruleset")
    args = parser.parse_args()
    out: list[str] = []
    trace(args.matches, out)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
