"""The golden playthroughs in tests/corpus/playthroughs: played again, they are the same to the byte."""

from __future__ import annotations

from pathlib import Path

import cardrules
from cardrules._reference import _playthroughs

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "playthroughs"


def test_every_game_and_preset_has_a_playthrough_that_plays_again_the_same() -> None:
    """If this fails and the change is intended: nox -s playthroughs, in the same commit."""
    fresh = _playthroughs.playthroughs()
    want = {f"{g}-{p}.txt" for g in cardrules.game_names() for p in cardrules.get_game(g).spec.presets}
    assert set(fresh) == want == {p.name for p in CORPUS.glob("*.txt")}
    stale = [name for name, text in fresh.items() if (CORPUS / name).read_text(encoding="ascii") != text]
    assert not stale, f"the playthroughs differ: {stale}"


def test_a_playthrough_shows_every_seat_the_legal_moves_and_the_events() -> None:
    text = (CORPUS / "mililla-standard.txt").read_text(encoding="ascii")
    step = text.split("step 0\n")[1].split("step 1\n")[0]
    assert [line.split(":")[0] for line in step.splitlines()[:4]] == [f"  seat {s}" for s in range(4)]
    assert "  legal 10: 3O | 4O" in step and "  move " in step and "  event play mililla.turn" in step
    assert text.splitlines()[-2].startswith('end {"last_round":')
