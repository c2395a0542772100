"""
Replays: a record replayed step by step with :func:`cardrules.records.steps`, each step narrated
with its events and rule ids and the rules that constrained the choice (``Step.refused``), in a
seat's view (what that seat saw then) or the full view; and each move judged with every card shown
(:func:`cardrules.bots.analyse_move`), within a budget of search, a few moves at a time.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any, Final

import attrs

from cardrules import records
from cardrules.bots import analyse_move
from cardrules.cards import Card
from cardrules.engine import Game
from cardrules.errors import CardrulesError
from cardrules.rules import Violation
from cardrules.web._bodies import LegalMovesPage, Refusal, ReplayAnalysis, ReplayStep
from cardrules.web._encode import jsonable
from cardrules.web._errors import ApiError, from_cardrules
from cardrules.web._lang import say
from cardrules.web._table import get_game_checked, legal_page, seats_of, told_items
from cardrules.web._told import shown_in

__all__ = ["ANALYSIS_AT_ONCE", "ANALYSIS_NODES", "ANALYSIS_SECONDS", "MAX_RECORD", "Replay", "Replays"]

MAX_RECORD: Final = 2_000_000
"""The largest record file the server reads, in bytes."""
_CACHED: Final = 32
ANALYSIS_NODES: Final = 100_000
"""The most positions the server searches to judge one move (about a second in the trick games)."""
ANALYSIS_SECONDS: Final = 3.0
"""The most seconds the server searches to judge one move (Mulle's positions cost more)."""
ANALYSIS_AT_ONCE: Final = 2
"""The most moves the server judges at once; one more request gets 503 ``busy`` at once (it waits in no thread)."""


class Replay:
    """A record, replayed once into its steps."""

    def __init__(self, replay_id: str, text: str) -> None:
        self.id = replay_id
        try:
            self.record = records.loads(text)
        except CardrulesError as exc:
            raise from_cardrules(exc) from None
        self.game: Game[Any, Any, Any, Any] = get_game_checked(self.record.game)
        try:
            self.steps = list(records.steps(self.record))
        except CardrulesError as exc:
            raise from_cardrules(exc) from None
        if self.steps:
            self.first = self.steps[0].before
        else:
            self.first = next(iter(records.replay(self.record)))
        self.seats = seats_of(self.game)
        self.until: float | None = None
        """When it expires (``time.time()``), or ``None``: the cache forgets it then."""

    def state(self, step: int) -> Any:
        """The state after *step* moves."""
        return self.first if step == 0 else self.steps[step - 1].after

    def view(self, step: int, view: str, offset: int, limit: int, card: Card | None, lang: str = "en") -> ReplayStep:
        """
        Step *step* in *view* (``full`` or ``seat:K``), the refused moves' reasons in *lang*; raises
        :class:`ApiError` for a bad step or view.
        """
        if not 0 <= step <= len(self.steps):
            raise ApiError(422, "bad_step", f"step must be from 0 to {len(self.steps)}, not {step}", field="step")
        seat = _seat_of_view(view, self.seats)
        game = self.game
        state = self.state(step)
        to_move = game.to_move(state)
        if seat is None:
            observation: dict[str, Any] = {
                "zones": {k: [str(c) for c in v] for k, v in game.spec.zones(state).items()},
            }
        else:
            observation = jsonable(game.observe(state, seat))
        move = mover = comment = None
        events: tuple[Any, ...] = ()
        refused: tuple[Refusal, ...] = ()
        if step:
            s = self.steps[step - 1]
            mover, comment = s.seat, s.comment
            pairs = told_items(game, s.before, s.move, s.after, step, seat)
            items = [
                i if isinstance(t, str) or lang == "en" else attrs.evolve(i, display=say(t, lang)) for i, t in pairs
            ]
            events = tuple(items)
            move = items[0].move if items else None
            if seat is None or seat == s.seat:
                refused = tuple(Refusal(v.rule.id, _reason(v, lang)) for v in s.refused)
        if to_move is not None and (seat is None or seat == to_move):
            page = legal_page(game, state, offset, limit, card, lang)
        else:
            page = LegalMovesPage((), offset, limit, 0, None)
        return ReplayStep(
            self.id,
            game.text,
            game.spec.title,
            step,
            len(self.steps),
            "full" if seat is None else f"seat:{seat}",
            seat,
            to_move,
            observation,
            move,
            mover,
            events,
            refused,
            comment,
            page,
            jsonable(game.score(state)),
        )

    def analysis(self, step: int, lang: str = "en") -> ReplayAnalysis:
        """
        The move that led to step *step* judged with every card shown, within the server's budget
        (:data:`ANALYSIS_NODES`, :data:`ANALYSIS_SECONDS`), its moves also as the table writes them
        in *lang*; raises :class:`ApiError` for a bad step.
        """
        if not 1 <= step <= len(self.steps):
            wanted = f"step must be from 1 to {len(self.steps)} (the move that led there)"
            said = f"{wanted}, not {step}" if self.steps else "the replay has no move"
            raise ApiError(422, "bad_step", said, field="step")
        s = self.steps[step - 1]
        try:
            m = analyse_move(s, max_nodes=ANALYSIS_NODES, seconds=ANALYSIS_SECONDS)
        except CardrulesError as exc:
            raise from_cardrules(exc) from None
        game = self.game
        played = m.played
        shown = shown_in(game, lang)
        move = game.format_move(s.before, s.move)
        best = tuple(game.format_move(s.before, b.move) for b in m.best)
        return ReplayAnalysis(
            self.id,
            step,
            s.round + 1,
            s.number,
            s.seat,
            m.side,
            move,
            shown(move),
            m.status,
            None if played is None else played.value,
            None if played is None else played.tally_margin,
            best,
            tuple(shown(b) for b in best),
            m.best[0].value if m.best else None,
            m.cost,
            m.tally_cost,
            ANALYSIS_NODES,
            ANALYSIS_SECONDS,
        )


def _reason(violation: Violation, lang: str) -> str:
    """Why the rules refused a move, in *lang* (in English as the violation says it)."""
    return violation.reason if lang == "en" else say(violation.message, lang)


def _seat_of_view(view: str, seats: list[int]) -> int | None:
    if view == "full":
        return None
    head, _, number = view.partition(":")
    if head == "seat" and number.isascii() and number.isdigit() and len(number) < 4 and int(number) in seats:
        return int(number)
    wanted = f"view is 'full' or 'seat:K' with K from {seats[0]} to {seats[-1]}"
    raise ApiError(422, "bad_view", f"{wanted}, not {view!r:.40}", field="view")


class Replays:
    """The replays read lately, kept in memory (the records themselves are stored)."""

    def __init__(self) -> None:
        self._cache: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()
        self.judging = threading.BoundedSemaphore(ANALYSIS_AT_ONCE)
        """Lets :data:`ANALYSIS_AT_ONCE` moves be judged at once (:meth:`Replay.analysis`), taken without waiting."""

    def get(self, replay_id: str, load: Any) -> Replay:
        """The replay *replay_id*; *load(replay_id)* gives its record text or ``None``."""
        with self._lock:
            found = self._cache.get(replay_id)
            if found is not None and found.until is not None and time.time() > found.until:
                del self._cache[replay_id]
                found = None
            if found is not None:
                self._cache.move_to_end(replay_id)
                return found
        text = load(replay_id)
        if text is None:
            raise ApiError(404, "no_such_replay", "there is no such replay")
        replay = Replay(replay_id, text)
        self.put(replay)
        return replay

    def put(self, replay: Replay) -> None:
        """Keep *replay* in memory."""
        with self._lock:
            self._cache[replay.id] = replay
            while len(self._cache) > _CACHED:
                self._cache.popitem(last=False)
