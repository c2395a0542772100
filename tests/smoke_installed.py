"""Play a whole match of every game with the installed cardrules: CI runs it on the built wheel.

``python smoke_installed.py CHECKOUT`` also checks that cardrules is imported from outside the
checkout CHECKOUT, with its ``py.typed`` marker and its licence, so that a file missing from the
wheel fails CI. ``tests/package/test_packaging.py`` runs it on the package under test, without CHECKOUT.
``python smoke_installed.py --wheel WHEEL`` only checks that the wheel file holds those files, the
web table's browser files and the compiled language catalogs.
"""

from __future__ import annotations

import importlib.metadata
import random
import sys
import zipfile
from pathlib import Path

WHEEL_NEEDS = ("cardrules/py.typed", ".dist-info/licenses/LICENSE")


STATIC = Path(__file__).resolve().parent.parent / "src" / "cardrules" / "web" / "static"
"""The web table's browser files in the checkout: each must be in the wheel too."""

LOCALE = Path(__file__).resolve().parent.parent / "src" / "cardrules" / "i18n" / "locale"
"""The compiled language catalogs in the checkout: each must be in the wheel too."""

REFERENCE = Path(__file__).resolve().parent.parent / "src" / "cardrules" / "_reference"
"""The test vectors and their JSON Schemas in the checkout: each must be in the wheel too."""


def check_wheel(wheel: Path) -> None:
    """The wheel holds the ``py.typed`` marker, the licence text and the web table's browser files."""
    names = zipfile.ZipFile(wheel).namelist()
    needs = [*WHEEL_NEEDS, *(f"cardrules/web/static/{p.relative_to(STATIC).as_posix()}" for p in _files(STATIC))]
    needs += [f"cardrules/i18n/locale/{p.relative_to(LOCALE).as_posix()}" for p in _files(LOCALE) if p.suffix == ".mo"]
    data = [p for p in _files(REFERENCE) if p.suffix != ".py"]
    needs += [f"cardrules/_reference/{p.relative_to(REFERENCE).as_posix()}" for p in data]
    missing = [need for need in needs if not any(name.endswith(need) for name in names)]
    assert not missing, f"{wheel.name} lacks {missing}"
    print(f"{wheel.name} holds {', '.join(WHEEL_NEEDS)}")


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def check_installed(checkout: Path) -> None:
    """cardrules comes from an installed distribution, not from *checkout*, with its package data."""
    import cardrules

    package = Path(cardrules.__file__).resolve().parent
    assert checkout.resolve() not in package.parents, f"cardrules imported from the checkout: {package}"
    assert (package / "py.typed").is_file(), "py.typed is missing"
    files = importlib.metadata.files("cardrules") or []
    assert any(f.name == "LICENSE" for f in files), "the licence text is missing"
    assert (package / "i18n" / "locale" / "sv" / "LC_MESSAGES" / "cardrules.mo").is_file(), "the catalogs are missing"
    assert (package / "_reference" / "vectors" / "manifest.json").is_file(), "the test vectors are missing"


def play_every_game() -> None:
    """A whole match of each game, random legal moves; JSON, records and a bot on the way."""
    import cardrules
    from cardrules import bots, records

    for name in cardrules.game_names():
        game = cardrules.get_game(name)
        start = state = game.new_game(seed=1)
        rng = random.Random(1)
        moves = []
        while not game.is_over(state):
            seat = game.to_move(state)
            assert seat is not None
            move = game.legal_moves(state).sample(rng)
            assert bots.get_bot("greedy").choose(game.observe(state, seat), game.legal_moves(state), rng) is not None
            moves.append(move)
            state = game.apply(state, move)
        assert cardrules.loads(cardrules.dumps(state)) == state
        assert records.verify(records.from_moves(start, moves[:20])).ok
        score = game.score(state)
        assert score.winner is not None
        print(f"{name}: {len(moves)} moves, match {score.match}, side {score.winner} wins")
    speak_swedish()


def speak_swedish() -> None:
    """An illegal move's reason in Swedish, from the catalogs that came with the package."""
    import cardrules
    from cardrules import i18n

    game = cardrules.get_game("mulle")
    violation = game.check_move(game.new_game(seed=1), game.spec.parse_canonical("AS -"))
    assert violation is not None
    assert "du har inte spader ess" in i18n.render(violation, "sv"), i18n.render(violation, "sv")


def main(args: list[str]) -> None:
    if args[:1] == ["--wheel"]:
        if len(args) == 1:
            sys.exit("--wheel takes the wheel files to check")
        for wheel in args[1:]:
            check_wheel(Path(wheel))
        return
    if args:
        check_installed(Path(args[0]))
    play_every_game()
    import cardrules

    print(f"cardrules {cardrules.__version__} from {Path(cardrules.__file__).parent}: every game plays")


if __name__ == "__main__":
    main(sys.argv[1:])
