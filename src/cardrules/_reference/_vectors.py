"""
The test vectors: positions of every game, preset and option value, each with its legal moves,
the positions after some of them with their events and the rules that make them legal, moves that
read but break a rule (with the rule that refuses each), every seat's view and the score; and
positions that read but break a rule of the game (its players, its pack, its hidden cards), each
with the rule that refuses it. Made from fixed seeds: the same version writes the same bytes.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs

from cardrules._reference._common import (
    AnyGame,
    dumps,
    event_rules,
    move_text,
    read,
    reason_rules,
    score_data,
    seats,
    write,
)
from cardrules._registry import game_names, get_game
from cardrules.errors import CardrulesError, InvalidPositionError

__all__ = [
    "BUILT",
    "DEFINITIONS",
    "FORMAT",
    "KINDS",
    "LISTED",
    "VERSION",
    "Variant",
    "built",
    "coverage",
    "definitions",
    "variants",
    "vectors",
    "write_corpus",
]

FORMAT: Final = "cardrules-vectors"
VERSION: Final = 2
"""The corpus's version: it changes when a rule changes what a vector says (the changelog says which)."""
KINDS: Final = ("position", "refused")
"""The kinds of vector: a position and what the rules say in it; a position the rules refuse."""
LISTED: Final = 200
"""A vector lists every legal move up to this many; beyond, the first ones in canonical order."""
_AFTER: Final = 3  # moves followed in `after`, spread over the listed ones (more where they decide a new rule)
_AFTER_EXTRA: Final = 3  # moves followed besides, that decide a rule id no earlier vector of the game decides
_ILLEGAL: Final = 4  # illegal moves a vector gives, one per rule
_POOL: Final = 400  # the move texts tried as illegal moves: the latest seen in the game's matches
_MUTATED: Final = 3  # listed moves whose cards and numbers are changed, one at a time, for more illegal moves
_OTHERS: Final = 13  # the cards put in a card's place: spread over the pack
_WORDS: Final = re.compile(r"([ +,=/>\[\]])")
_BASE_VECTORS: Final = 24  # vectors of a preset as it is
_OPTION_VECTORS: Final = 5  # vectors of a preset with one option changed
_HUNT_MATCHES: Final = 30  # extra matches per game, its rulesets in turn, hunting the rule ids no vector decides
_REFUSED_FROM: Final = 12  # position vectors of a file whose positions are changed into refused positions


@attrs.frozen
class Variant:
    """One ruleset of the corpus: its file (game and preset), the game, and whether it is the preset as it is."""

    file: str
    game: AnyGame
    base: bool


def variants() -> list[Variant]:
    """Every preset of every game, then each option value a preset does not have, one option changed at a time."""
    out: list[Variant] = []
    seen: set[str] = set()
    for name in game_names():
        spec = get_game(name).spec
        for preset in spec.presets:
            game = get_game(f"{name}/{preset}")
            file = f"{name}-{preset}"
            out.append(Variant(file, game, True))
            seen.add(game.text)
            for field in attrs.fields(spec.ruleset_type):
                for value in getattr(field.validator, "allowed", ()):
                    if value == getattr(game.rules, field.name):
                        continue
                    try:
                        changed = get_game(f"{name}/{preset}", **{field.name: value})
                    except CardrulesError:  # a value this preset does not take (a building option in fishing)
                        continue
                    if changed.text not in seen:
                        seen.add(changed.text)
                        out.append(Variant(file, changed, False))
    return out


def _spread(items: list[Any], k: int) -> list[Any]:
    """*k* of *items*, spread evenly from the first (all of them if there are no more)."""
    n = len(items)
    return items if n <= k else [items[i * n // k] for i in range(k)]


def _mutations(game: AnyGame, texts: list[str]) -> list[str]:
    """Move texts made from *texts* by changing one card (to another of the pack) or one number (by one)."""
    cards = list(dict.fromkeys(str(c) for c in game.spec.pack.cards))
    known = set(cards)
    others = _spread(cards, _OTHERS)
    out: list[str] = []
    for text in texts:
        words = _WORDS.split(text)
        for i, word in enumerate(words):
            if word in known:
                instead = others
            elif word.isdigit():
                instead = [str(int(word) - 1), str(int(word) + 1)]
            else:
                continue
            out.extend("".join([*words[:i], other, *words[i + 1 :]]) for other in instead if other != word)
    return out


def _match(game: AnyGame, seed: int, rng: random.Random, first: float = 0.0) -> list[tuple[Any, Any]]:
    """
    Every state of one random match, from its deal to its end, each with the move played in it
    (``None`` at the end): the first legal move with probability *first*, else one drawn by *rng*.
    """
    state = game.new_game(seed=seed)
    steps = []
    while not game.is_over(state):
        legal = game.legal_moves(state)
        move = legal[0] if first and rng.random() < first else legal.sample(rng)
        steps.append((state, move))
        state = game.spec.trusted_apply(state, move)
    steps.append((state, None))
    return steps


def _illegal(
    game: AnyGame,
    state: Any,
    listed: list[Any],
    pool: dict[str, None],
    read: dict[str, Any],
    first: tuple[str, ...] = (),
) -> dict[str, str]:
    """
    A move text that reads but is illegal in *state*, by the rule that refuses it: from *first*,
    *pool*, then mutations. *read* keeps each text's move (``None`` for no move), read once for the
    game's vectors.
    """
    illegal: dict[str, str] = {}
    tried = [*first, *reversed(pool), *_mutations(game, [move_text(game, m) for m in listed[:_MUTATED]])]
    for candidate in dict.fromkeys(tried):
        if candidate not in read:
            try:
                read[candidate] = game.spec.parse_canonical(candidate)
            except CardrulesError:  # text that is no move of the game
                read[candidate] = None
        move = read[candidate]
        if move is None:
            continue
        try:
            violation = game.check_move(state, move)
        except CardrulesError:
            continue
        if violation is not None and violation.rule.id not in illegal:
            illegal[violation.rule.id] = candidate
    return illegal


def _vector(
    game: AnyGame,
    state: Any,
    pool: dict[str, None],
    read_: dict[str, Any],
    covered: set[str],
    first: tuple[str, ...] = (),
) -> tuple[dict[str, Any], set[str]]:
    """
    One vector of *state* (read back from its text), and the rule ids that decide in it; the move
    texts *first* are tried first as illegal moves, and followed where they are legal.
    """
    text = write(game, state)
    _, state = read(text)
    legal = game.legal_moves(state)
    count = len(legal)
    listed: list[Any] = []
    for move in legal:
        if len(listed) == LISTED:
            break
        listed.append(move)
    decides: set[str] = set()
    followed: list[dict[str, Any]] = []
    chosen = _spread(listed, _AFTER)
    chosen += [m for m in listed if move_text(game, m) in first and m not in chosen]
    extra = 0
    for move in listed:
        after = game.apply(state, move)
        rules = event_rules(game, state, move, after)
        why = reason_rules(game, state, move)
        fresh = {*rules, *why} - covered - decides
        if move in chosen or (fresh and extra < _AFTER_EXTRA):
            extra += move not in chosen
            position = write(game, after)
            followed.append({"move": move_text(game, move), "reasons": why, "position": position, "events": rules})
            decides.update(rules, why)
    illegal = _illegal(game, state, listed, pool, read_, first)
    ranked = sorted(illegal.items(), key=lambda item: (item[0] in covered, item[0]))[:_ILLEGAL]
    decides.update(rule for rule, _ in ranked)
    score = score_data(game, state)
    if score["last_round"] is not None:
        decides.update(item["rule"] for item in score["last_round"]["items"])
    _remember(pool, [move_text(game, m) for m in listed[:30]])
    vector = {
        "kind": "position",
        "game": game.text,
        "position": text,
        "to_move": game.to_move(state),
        "legal": {"count": count, "moves": [move_text(game, m) for m in listed], "complete": len(listed) == count},
        "after": followed,
        "illegal": [{"move": move, "rule": rule} for rule, move in sorted(ranked, key=lambda item: item[1])],
        "score": score,
        "observe": [{"seat": seat, "position": write(game, state, seat)} for seat in seats(game, state)],
        "decides": sorted(decides),
    }
    return vector, decides


def _remember(pool: dict[str, None], texts: list[str]) -> None:
    """Add *texts* to *pool*, the latest last, keeping the latest :data:`_POOL` only."""
    for text in texts:
        pool.pop(text, None)
        pool[text] = None
    while len(pool) > _POOL:
        del pool[next(iter(pool))]


def _picks(steps: list[tuple[Any, Any]], k: int, game: AnyGame) -> set[int]:
    """*k* steps of a match spread evenly, the first step of each new round and the end."""
    rounds = [len(game.score(state).rounds) for state, _ in steps]
    picked = set(range(0, len(steps), max(1, len(steps) // k)))
    picked.update(i for i in range(1, len(steps)) if rounds[i] != rounds[i - 1])
    picked.add(len(steps) - 1)
    return picked


def _variant_vectors(
    variant: Variant, covered: set[str], pool: dict[str, None], read_: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    game = variant.game
    rng = random.Random(game.text)
    matches = 2 if variant.base else 1
    k = (_BASE_VECTORS if variant.base else _OPTION_VECTORS) // matches
    for seed in range(1, matches + 1):
        steps = _match(game, seed, rng)
        picks = _picks(steps, k, game)
        for i, (state, _) in enumerate(steps):
            if i in picks:
                vector, decides = _vector(game, state, pool, read_, covered)
                covered.update(decides)
                yield vector
            else:
                _remember(pool, [move_text(game, m) for m in _first(game, state, 30)])


def _first(game: AnyGame, state: Any, n: int) -> list[Any]:
    out: list[Any] = []
    for move in game.legal_moves(state):
        if len(out) == n:
            break
        out.append(move)
    return out


def _hunt(
    game_variants: list[Variant], covered: set[str], pool: dict[str, None], read_: dict[str, Any]
) -> Iterator[tuple[Variant, dict[str, Any]]]:
    """
    Vectors of further matches, of a game's rulesets in turn, where a rule id no vector decides yet
    decides: each state probed by its move played, its illegal moves and its score, a vector made
    where the probe finds one. Every other match plays the first legal move half the time (a
    bidding game's pass, say), which random play seldom does over and over.
    """
    wanted = set(game_variants[0].game.spec.rulebook) - covered
    for n in range(_HUNT_MATCHES):
        if not wanted:
            return
        variant = game_variants[n % len(game_variants)]
        game = variant.game
        rng = random.Random(f"hunt {n} {game.text}")
        for state, move in _match(game, 100 + n, rng, first=0.5 if n % 2 else 0.0):
            found = set(_illegal(game, state, _first(game, state, _MUTATED), pool, read_))
            if move is not None:
                found.update(event_rules(game, state, move, game.apply(state, move)), reason_rules(game, state, move))
            last = score_data(game, state)["last_round"]
            found.update(item["rule"] for item in last["items"]) if last else None
            if not found & wanted:
                continue
            vector, decides = _vector(game, state, pool, read_, covered)
            if decides & wanted:
                covered.update(decides)
                wanted -= decides
                yield variant, vector
                if not wanted:
                    return


def vectors(games: tuple[str, ...] | None = None) -> dict[str, list[dict[str, Any]]]:
    """
    The corpus: the vectors of each file (``game-preset``), each with its ``id``; only those of
    *games* if given (the vectors of one game do not depend on the others').
    """
    files: dict[str, list[dict[str, Any]]] = {}
    by_game: dict[str, list[Variant]] = {}
    for variant in variants():
        if games is None or variant.game.name in games:
            by_game.setdefault(variant.game.name, []).append(variant)
    for game_variants in by_game.values():
        covered: set[str] = set()
        pool: dict[str, None] = {}  # the game's move texts seen, tried as illegal moves elsewhere
        read_: dict[str, Any] = {}  # each text's move, read once
        found = [(v, vector) for v in game_variants for vector in _variant_vectors(v, covered, pool, read_)]
        found += _hunt(game_variants, covered, pool, read_)
        found += _built(game_variants, covered, pool, read_)
        for variant, vector in found:
            out = files.setdefault(variant.file, [])
            out.append({"id": f"{variant.file}/{len(out) + 1:04d}", **vector})
        for file in dict.fromkeys(v.file for v in game_variants):
            out = files[file]
            out += [{"id": f"{file}/{len(out) + i:04d}", **vector} for i, vector in enumerate(_refused(out), 1)]
    return files


BUILT: Final = Path(__file__).resolve().parent / "positions.txt"
"""Positions built by hand, for rules that random play seldom reaches (see the file's head)."""


def built() -> list[tuple[str, str, tuple[str, ...]]]:
    """The positions built by hand: each with the rule id that should decide in it and the moves to try first."""
    out = []
    for line in BUILT.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rule, position, *moves = (part.strip() for part in line.split(" | "))
            out.append((rule, position, tuple(moves)))
    return out


def _built(
    game_variants: list[Variant], covered: set[str], pool: dict[str, None], read_: dict[str, Any]
) -> Iterator[tuple[Variant, dict[str, Any]]]:
    """The vectors of the positions built by hand for this game, each in the file of its ruleset."""
    by_text = {v.game.text: v for v in game_variants}
    for rule, position, moves in built():
        game, state = read(position)
        variant = by_text.get(game.text)
        if variant is None:
            continue  # another game's
        vector, decides = _vector(game, state, pool, read_, covered - {rule}, moves)
        covered.update(decides)
        yield variant, vector


def _refused(file_vectors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """
    Refused positions: positions of *file_vectors* changed so that a rule of the game refuses them
    (by :func:`_broken`), one for each rule that refuses one, in the order found.
    """
    found: dict[str, dict[str, Any]] = {}
    rulesets = list(dict.fromkeys(v["game"] for v in file_vectors))
    for vector in _spread(file_vectors, _REFUSED_FROM):
        for text in _broken(vector["position"], vector["game"], rulesets):
            try:
                read(text)
            except InvalidPositionError as exc:
                if exc.rule is not None and exc.rule.id not in found:
                    found[exc.rule.id] = {
                        "kind": "refused",
                        "game": get_game(text.split(" ", 2)[1]).text,  # the ruleset it is read under
                        "position": text,
                        "field": exc.field,
                        "rule": exc.rule.id,
                        "decides": [exc.rule.id],
                    }
            except CardrulesError:  # refused by the notation, not by a rule
                continue
    return list(found.values())


def _broken(text: str, game_text: str, rulesets: list[str]) -> Iterator[str]:
    """
    *text* changed in the ways that break a game's setup: a hand fewer or more than there are
    players; the first cards of two hands swapped; a card moved from one hand to another; a card of
    a hand given again (once, and twice) where it is already; a card of another game's pack put in
    a hand; each public part of a field given only by its number of cards; the position under each
    other of *rulesets*.
    """
    words = text.split(" ")
    for ruleset in rulesets:
        if ruleset != game_text:
            yield " ".join([words[0], ruleset, *words[2:]])
    at = next((i for i, w in enumerate(words) if w.startswith("hands=")), None)
    if at is None:
        return
    hands = [h.split(",") if h != "-" else [] for h in words[at][len("hands=") :].split("/")]

    def with_hands(new: list[list[str]]) -> str:
        return " ".join([*words[:at], "hands=" + "/".join(",".join(h) or "-" for h in new), *words[at + 1 :]])

    yield with_hands(hands[:-1])
    yield with_hands([*hands, hands[-1]])
    full = [i for i, h in enumerate(hands) if h]
    if len(full) >= 2:
        first, other = full[0], full[1]
        card = hands[other][0]
        swapped = [list(h) for h in hands]
        swapped[first][0], swapped[other][0] = card, hands[first][0]
        yield with_hands(swapped)
        yield with_hands(
            [h[:-1] if i == first else [*h, hands[first][-1]] if i == other else h for i, h in enumerate(hands)]
        )
        yield with_hands([[card, *h[1:]] if i == first else h for i, h in enumerate(hands)])
        yield with_hands([[card, card, *h[2:]] if i == first else h for i, h in enumerate(hands)])
    if full:
        pack = {str(c) for c in get_game(game_text).spec.pack.cards}
        for name in game_names():
            alien = next((str(c) for c in get_game(name).spec.pack.cards if str(c) not in pack), None)
            if alien is not None:
                yield with_hands([[alien, *h[1:]] if i == full[0] else h for i, h in enumerate(hands)])
    for i, word in enumerate(words[2:], 2):
        name, _, value = word.partition("=")
        parts = value.split("/")
        for k, part in enumerate(parts):
            if part not in ("", "-") and not part.startswith("?") and name != "hands":
                hidden = [*parts[:k], f"?{len(part.replace(';', ',').split(','))}", *parts[k + 1 :]]
                yield " ".join([*words[:i], f"{name}={'/'.join(hidden)}", *words[i + 1 :]])


DEFINITIONS: Final = Path(__file__).resolve().parent / "definitions.json"
"""The rule ids that are definitions another rule applies (no vector can show them deciding), each with why."""


def definitions() -> dict[str, str]:
    """The rule ids that decide in no vector because they are definitions another rule applies, each with why."""
    data = json.loads(DEFINITIONS.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def coverage(files: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """
    For each game, how many vectors each rule id decides in; the ids none decides (``uncovered``),
    and apart from them those that are only definitions another rule applies, with why
    (``definitions``).
    """
    known = definitions()
    out: dict[str, Any] = {}
    for name in game_names():
        counts = dict.fromkeys(get_game(name).spec.rulebook, 0)
        for file, vectors_ in files.items():
            if file.split("-")[0] != name:
                continue
            for vector in vectors_:
                for rule in vector["decides"]:
                    counts[rule] = counts.get(rule, 0) + 1
        silent = [rule for rule, n in counts.items() if not n]
        out[name] = {
            "rules": counts,
            "uncovered": [rule for rule in silent if rule not in known],
            "definitions": {rule: known[rule] for rule in silent if rule in known},
        }
    return out


def write_corpus(directory: Path) -> dict[str, Any]:
    """Write the corpus into *directory*: a JSON Lines file per game and preset, the manifest, the coverage."""
    directory.mkdir(parents=True, exist_ok=True)
    files = vectors()
    listing = {}
    for file, vectors_ in files.items():
        path = directory / f"{file}.jsonl"
        path.write_text("".join(dumps(v) + "\n" for v in vectors_), encoding="ascii", newline="\n")
        listing[path.name] = {"vectors": len(vectors_), "rulesets": sorted({v["game"] for v in vectors_})}
    manifest = {"format": FORMAT, "version": VERSION, "listed": LISTED, "files": listing}
    covered = coverage(files)
    (directory / "manifest.json").write_text(_pretty(manifest), encoding="ascii", newline="\n")
    (directory / "coverage.json").write_text(_pretty(covered), encoding="ascii", newline="\n")
    return {"manifest": manifest, "coverage": covered}


def _pretty(data: object) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=True) + "\n"
