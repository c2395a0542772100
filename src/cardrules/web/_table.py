"""
One match at the web table: the state, the person's seat, the computer players, the moves
stored as they are played, and the events as that seat may be told them.

The state is immutable. A match's move lock serialises the moves (a move and the computer's
answers are one step under it); a move that finds it held is refused at once (409), so that no
request ever waits for another's move, holding a thread. Reads take a snapshot under a short lock
of their own, so that a computer player thinking never delays a reader.

With a shared store (PostgreSQL, several worker processes), a move also takes the store's lock on
the match (:meth:`~cardrules.web._store.MatchStore.match_lock`), refused at once too when another
worker holds it, and first reads what the other workers stored since (:meth:`Table.sync`); so does
every request before it trusts the loaded copy, and so does the worker on another's notice, which
pushes the new events to its own WebSockets.
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import random
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules import i18n, records
from cardrules.bots import Bot, EasyBot, HardBot, ISMCTSBot, MediumBot, SearchBot, advise, get_bot
from cardrules.cards import Card, _derive_seed
from cardrules.engine import Game
from cardrules.errors import CardrulesError, IllegalMoveError
from cardrules.web._bodies import EventItem, Hint, LegalMovesPage, MatchView, RoundSummary, ScoreLine, plain
from cardrules.web._encode import jsonable
from cardrules.web._errors import ApiError, from_cardrules
from cardrules.web._http import hash_token
from cardrules.web._lang import say
from cardrules.web._store import MatchRow, MatchStore
from cardrules.web._told import (
    MAX_SCAN,
    DealLine,
    Said,
    deal_items,
    display_of,
    event_items,
    legal_page,
    move_cards,
    shown_in,
    told_in,
    told_items,
)

__all__ = [
    "MAX_LIMIT",
    "MAX_SCAN",
    "Table",
    "deal_items",
    "display_of",
    "event_items",
    "legal_page",
    "move_cards",
    "parse_bots",
    "seats_of",
    "shown_in",
    "told_in",
    "told_items",
]

MAX_LIMIT: Final = 200
"""The most legal moves one page lists."""
MAX_SEARCH_ITERATIONS: Final = 2_000
"""The strongest search bot the server runs (``search`` and ``ismcts`` alike)."""
_SEARCHING: Final = (SearchBot, ISMCTSBot)
"""The bots that search, whose iterations and time the server bounds."""
_TIMED: Final = (*_SEARCHING, EasyBot, MediumBot, HardBot)
"""The bots with a time per decision, which the server bounds (the levels' iterations are within bounds)."""
MAX_BOT_SECONDS: Final = 1.0
"""The longest a computer player thinks about one move."""
_EVENTS_KEPT: Final = 60
_BOT_PATH: Final = 0xB07


def seats_of(game: Game[Any, Any, Any, Any]) -> list[int]:
    """The seats of *game*, in order."""
    sides = game.score(game.new_game(seed=0)).sides
    return sorted(s for side in sides for s in side)


HUMAN: Final = "human"
"""An opponent that is a person: a friend, invited by a link that carries a one-time invite code."""
STAND_IN: Final = "greedy"
"""The computer player that takes a person's seat while it is handed over."""


def parse_bots(game: Game[Any, Any, Any, Any], seat: int, opponents: str | Sequence[str]) -> list[str | None]:
    """
    The bot text of every seat (``None`` for *seat*, :data:`HUMAN` for a friend's), checked and
    bounded; raises :class:`ApiError`.
    """
    seats = seats_of(game)
    if seat not in seats:
        raise ApiError(422, "bad_seat", f"{game.spec.title} has seats {seats[0]} to {seats[-1]}, not {seat}",
                       field="seat")  # fmt: skip
    others = [s for s in seats if s != seat]
    texts = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
    if len(texts) != len(others):
        raise ApiError(422, "bad_opponents", f"give one computer player for each of the {len(others)} other seats, "
                       f"not {len(texts)}", field="opponents")  # fmt: skip
    out: list[str | None] = [None] * len(seats)
    for s, text in zip(others, texts, strict=True):
        if text == HUMAN:
            out[s] = HUMAN
            continue
        if len(text) > 200:
            raise ApiError(
                422, "bad_opponents", "a computer player's name is at most 200 characters", field="opponents"
            )
        try:
            bot = get_bot(text)
        except CardrulesError as exc:
            raise from_cardrules(exc, "opponents") from None
        if isinstance(bot, _SEARCHING) and bot.iterations > MAX_SEARCH_ITERATIONS:
            raise ApiError(422, "bad_opponents", f"a search bot here runs at most {MAX_SEARCH_ITERATIONS} "
                           f"iterations, not {bot.iterations}", field="opponents")  # fmt: skip
        out[s] = str(bot) if not isinstance(bot, _TIMED) else text.strip()
    return out


def _bounded(text: str) -> Bot:
    bot = get_bot(text)
    if isinstance(bot, _TIMED):
        seconds = MAX_BOT_SECONDS if bot.seconds is None else min(bot.seconds, MAX_BOT_SECONDS)
        bot = attrs.evolve(bot, seconds=seconds)
    return bot


class Table:
    """A match in play: the seat of the person who started it, friends' seats, the computer at the others."""

    def __init__(self, row: MatchRow, store: MatchStore) -> None:
        self.id = row.id
        self.row = row
        self.store = store
        self.game = get_game_checked(row.game)
        self.seat = row.seat
        self.bots: list[Bot | None] = [None if t in (None, HUMAN) else _bounded(t) for t in row.opponents]
        self.tokens: dict[int, str] = {row.seat: row.token_hash, **dict(row.invited)}
        """Each person's seat, with its token's hash (``""`` for a friend's seat nobody has claimed)."""
        self.invites: dict[int, str] = dict(row.invites)
        """The friends' seats whose invite is open, with its code's hash."""
        self.handed: set[int] = set(row.handed)
        """The persons' seats the computer plays for now (handed over, or idle past the match's limit)."""
        self.rev = row.rev
        """The revision of the match as this copy holds it (see :attr:`MatchRow.rev`)."""
        self._stand_in = _bounded(STAND_IN)
        self.start = self.game.new_game(seed=row.seed)
        self.state = self.start
        self.moves: list[Any] = []
        self.events: dict[int, collections.deque[dict[str, Any]]] = {
            seat: collections.deque((plain(i) for i in deal_items(self.game, self.start, seat)), maxlen=_EVENTS_KEPT)
            for seat in self.tokens
        }  # what each person's seat has been told
        self.said: dict[int, collections.deque[Said]] = {
            seat: collections.deque(
                (DealLine(self.game, self.start, seat, n) for n in range(len(self.events[seat]))), maxlen=_EVENTS_KEPT
            )
            for seat in self.tokens
        }  # the same events' own texts: a message, a plain text, a line of the deal
        self.lock = threading.Lock()
        """Held while a move and the computer's answers are played."""
        self.snap = threading.Lock()
        """Held only to read or change the state, the moves, the events and the listeners together."""
        self.listeners: list[tuple[int, Callable[[list[dict[str, Any]] | None], None]]] = []
        """Each open WebSocket: its seat and its callback (called with ``None``: the seat's token is revoked)."""
        self.retired = False
        """Set when the server unloads the match: a request still holding this copy must read it again."""
        self.used = time.monotonic()
        """When a request last used the match (idle matches are unloaded; see the server)."""
        self.seen: dict[int, float] = dict.fromkeys(self.tokens, self.used)
        """When each person's seat last made a request."""
        self.turn_since = self.used
        """When the seat to move came to move."""
        self._told: dict[int, float] = {}
        """When this worker last told a shared store it heard from each seat (:meth:`heard`)."""
        spec = self.game.spec
        for seat, text in row.moves:  # replay the stored moves (each was checked when played)
            move = spec.parse_canonical(text)
            if spec.to_move(self.state) != seat or spec.check_move(self.state, move) is not None:
                raise ApiError(500, "corrupt_match", f"match {row.id} is damaged at move {len(self.moves) + 1}")
            self._apply(move, store_it=False, stand_in=len(self.moves) + 1 in row.stand_ins)

    def _stored(self, rev: int | None) -> None:
        """Note the revision a write of this copy's returned: the next, or the copy misses another's change."""
        if rev is not None and rev == self.rev + 1:
            self.rev = rev

    def sync(self) -> None:
        """
        With a shared store, read what other workers stored since this copy's revision: their moves
        (pushed to this worker's sockets) and seats. Skipped while a move of this worker's is being
        played (it reads them itself, holding the store's lock).
        """
        if not self.store.shared or not self.lock.acquire(blocking=False):
            return
        try:
            self._sync_locked()
        finally:
            self.lock.release()

    def _sync_locked(self) -> None:
        if not self.store.shared:
            return
        rev = self.store.rev(self.id)
        if rev is None or rev == self.rev:
            return
        row = self.store.match(self.id)
        if row is None:
            return
        if len(row.moves) < len(self.moves):
            self.retired = True  # the stored match is not this one's future: the server reads it again
            return
        spec = self.game.spec
        moved = len(row.moves) > len(self.moves)
        for number in range(len(self.moves) + 1, len(row.moves) + 1):
            seat, text = row.moves[number - 1]
            move = spec.parse_canonical(text)
            if spec.to_move(self.state) != seat or spec.check_move(self.state, move) is not None:
                raise ApiError(500, "corrupt_match", f"match {row.id} is damaged at move {number}")
            self._publish(self._apply(move, store_it=False, stand_in=number in row.stand_ins))
        revoked = [s for s, h in row.invited if self.tokens.get(s) and self.tokens.get(s) != h]
        with self.snap:
            self.tokens.update(dict(row.invited))
            self.invites = dict(row.invites)
            self.handed = set(row.handed)
            self.row = row
            self.rev = row.rev
        for seat in revoked:
            self._revoked(seat)
        if not moved and not revoked:
            self._publish({})  # a seat taken, handed over or given back

    def resume(self) -> None:
        """The computer's moves, if it is to move: after a creation, or a load (the server stopped amid them)."""
        if not self.lock.acquire(blocking=False):
            return  # a move is being played: it plays the computer's answers
        try:
            with self.store.match_lock(self.id) as held:
                if held and not self.retired:
                    self._sync_locked()
                    self.advance()
        finally:
            self.lock.release()

    def computer_to_move(self) -> bool:
        """Whether the computer is to move (after a restart in the middle of its moves)."""
        state = self.state
        seat = self.game.to_move(state)
        return (
            seat is not None and not self.game.is_over(state) and (self.bots[seat] is not None or seat in self.handed)
        )

    @property
    def version(self) -> int:
        """How many moves have been played."""
        return len(self.moves)

    def seat_of(self, token_hash: str) -> int | None:
        """The person's seat whose token has hash *token_hash*, or ``None`` (compared in constant time)."""
        for seat, stored in self.tokens.items():
            if stored and hmac.compare_digest(stored, token_hash):
                return seat
        return None

    def claim(self, code: str, token_hash: str | None = None) -> tuple[int, str]:
        """
        Claim a friend's seat with its invite *code*: the seat and a new token for it; the code is
        used up. 410 for a code that is not an open invite's (used, renewed or withdrawn); 409 when
        *token_hash* (the claiming browser's own token, if it sent one) is already a seat's here.
        """
        if token_hash is not None and self.seat_of(token_hash) is not None:
            raise ApiError(409, "already_seated", "you already have a seat at this match: the invite is left for "
                           "your friend")  # fmt: skip
        code_hash = hash_token(code)
        token = secrets.token_urlsafe(24)
        used = ApiError(410, "invite_used", "this invite link is used up or withdrawn: its seat is taken; ask for a "
                        "new link")  # fmt: skip
        with self.snap:
            seat = next((s for s, h in self.invites.items() if hmac.compare_digest(h, code_hash)), None)
        if seat is None:
            raise used
        rev = self.store.claim_seat(self.id, seat, code_hash, hash_token(token))  # once, whichever worker asks
        if rev is None:
            raise used
        with self.snap:
            self.invites.pop(seat, None)
            self.tokens[seat] = hash_token(token)
            was_handed = seat in self.handed
            self.handed.discard(seat)  # the friend plays the seat from now on
            self.seen[seat] = self.used = time.monotonic()
        self._stored(rev)
        if was_handed:
            self._stored(self.store.set_handed(self.id, sorted(self.handed)))
        self._publish({})  # every seat hears that the seat is taken
        return seat, token

    def _friend(self, seat: int) -> None:
        if seat == self.seat or seat not in self.tokens:
            raise ApiError(422, "bad_seat", f"seat {seat} is not a friend's seat of this match", field="seat")

    def renew(self, seat: int) -> str:
        """
        A new invite code for the friend's *seat*: the old code is dead, and so is the token of
        whoever claimed the seat (their sockets are closed): the seat waits for the new link.
        """
        self._friend(seat)
        code = secrets.token_urlsafe(24)
        with self.snap:
            self.invites[seat] = hash_token(code)
            self.tokens[seat] = ""
        self._stored(self.store.set_seat(self.id, seat, "", self.invites[seat]))
        self._revoked(seat)
        return code

    def withdraw(self, seat: int) -> None:
        """
        Withdraw the friend's *seat*'s invite: its code and the token of whoever claimed it are dead,
        and the computer plays the seat (until a new link, :meth:`renew`, is claimed).
        """
        self._friend(seat)
        with self.snap:
            self.invites.pop(seat, None)
            self.tokens[seat] = ""
        self._stored(self.store.set_seat(self.id, seat, "", None))
        self._revoked(seat)
        self.hand_over(seat)

    def _revoked(self, seat: int) -> None:
        """Close the sockets of *seat*, whose token is revoked, and tell every seat."""
        with self.snap:
            listeners = [listen for s, listen in self.listeners if s == seat]
        for listen in listeners:
            listen(None)
        self._publish({})

    def _apply(self, move: Any, store_it: bool = True, stand_in: bool = False) -> dict[int, list[EventItem]]:
        before = self.state
        mover = self.game.to_move(before)
        assert mover is not None
        after = self.game.apply(before, move)
        number = len(self.moves) + 1
        if store_it:
            self._stored(self.store.add_move(self.id, number, mover, self.game.spec.format_canonical(move), stand_in))
            if self.game.is_over(after):
                self.store.finish(self.id)
        told = {seat: told_items(self.game, before, move, after, number, seat, stand_in) for seat in self.tokens}
        with self.snap:
            self.moves.append(move)
            self.state = after
            for seat, pairs in told.items():
                self.events[seat].extend(plain(item) for item, _ in pairs)
                self.said[seat].extend(said for _, said in pairs)
        self.turn_since = time.monotonic()
        return {seat: [item for item, _ in pairs] for seat, pairs in told.items()}

    def advance(self) -> None:
        """The computer's moves until it is a person's turn or the match is over (call under the lock)."""
        game = self.game
        while not game.is_over(self.state):
            seat = game.to_move(self.state)
            assert seat is not None
            stand_in = self.bots[seat] is None and seat in self.handed
            bot = self.bots[seat] or (self._stand_in if stand_in else None)
            if bot is None:
                break
            rng = random.Random(_derive_seed(self.row.seed, _BOT_PATH, len(self.moves)))
            move = bot.choose(game.observe(self.state, seat), game.legal_moves(self.state), rng)
            self._publish(self._apply(move, stand_in=stand_in))  # each computer move is pushed as it is played

    def heard(self, seat: int) -> None:
        """
        The person at *seat* made a request: noted here, and in a shared store now and then (at most
        every 5 s, or a quarter of the hand-over limit), so that no worker hands over a seat whose
        person is busy on another.
        """
        now = time.monotonic()
        self.seen[seat] = self.used = now
        limit = self.row.hand_over
        if self.store.shared and limit is not None and now - self._told.get(seat, -1e9) >= min(5.0, limit / 4):
            self._told[seat] = now
            self.store.heard(self.id, seat)

    def hand_over_due(self, now: float | None = None) -> bool:
        """
        If a person's seat is to move and has been idle past the match's limit, hand it to the
        computer (its player takes it back with :meth:`take_back`) and play on; whether it did.
        """
        limit = self.row.hand_over
        seat = self.game.to_move(self.state)
        if limit is None or seat is None or seat not in self.tokens or seat in self.handed:
            return False
        now = time.monotonic() if now is None else now
        if now - max(self.seen.get(seat, 0.0), self.turn_since) < limit or not self.lock.acquire(blocking=False):
            return False
        try:
            with self.store.match_lock(self.id) as held:
                if not held or self.retired:
                    return False
                self._sync_locked()
                if self.game.to_move(self.state) != seat or seat in self.handed:
                    return False
                quiet = self.store.quiet(self.id, seat)  # heard from on another worker since?
                if quiet is not None and quiet + (now - time.monotonic()) < limit:
                    self.seen[seat] = max(self.seen.get(seat, 0.0), time.monotonic() - quiet)
                    return False
                with self.snap:
                    self.handed.add(seat)
                self._stored(self.store.set_handed(self.id, sorted(self.handed)))
                self._publish({})  # every seat hears that the computer took the seat
                self.advance()
                return True
        finally:
            self.lock.release()

    def hand_over(self, seat: int) -> None:
        """
        The computer plays the person's *seat* from now on (its person takes it back with
        :meth:`take_back`), and plays at once if the seat is to move; 409 while another move is
        being played for longer than a few seconds.
        """
        if not self.lock.acquire(timeout=5.0):
            raise ApiError(409, "match_busy", "the match is playing another move; try again")
        try:
            with self.store.match_lock(self.id) as held:
                if not held:
                    raise ApiError(409, "match_busy", "the match is playing another move; try again")
                if self.retired:
                    raise ApiError(409, "match_busy", "the match was put away and read again; try again")
                self._sync_locked()
                with self.snap:
                    self.handed.add(seat)
                self._stored(self.store.set_handed(self.id, sorted(self.handed)))
                self._publish({})  # every seat hears that the computer took the seat
                self.advance()
        finally:
            self.lock.release()

    def take_back(self, seat: int) -> None:
        """The person at *seat* plays it again (the computer had it: handed over, or idle)."""
        with self.snap:
            was_handed = seat in self.handed
            self.handed.discard(seat)
            self.seen[seat] = time.monotonic()
        if was_handed:
            self._stored(self.store.set_handed(self.id, sorted(self.handed)))
        self._publish({})

    def play(
        self, text: str, version: int | None, seen: int | None = None, seat: int | None = None, lang: str = "en"
    ) -> None:
        """
        Play the person's move *text*, then the computer's; raises :class:`ApiError` if refused, the
        reason of an illegal move in *lang*.
        A move without a *version* is played against the version *seen* when it arrived: two moves
        sent at once are one move and one refusal (409), never two moves.
        """
        if not self.lock.acquire(blocking=False):
            raise ApiError(409, "match_busy", "the match is playing another move; read it again and choose")
        try:
            with self.store.match_lock(self.id) as held:
                if not held:  # another worker is playing a move of this match
                    raise ApiError(409, "match_busy", "the match is playing another move; read it again and choose")
                self._play_locked(text, version, seen, seat, lang)
        finally:
            self.lock.release()

    def _play_locked(self, text: str, version: int | None, seen: int | None, seat: int | None, lang: str) -> None:
        self._sync_locked()
        if self.retired:
            raise ApiError(409, "match_busy", "the match was put away and read again; read it again and choose")
        if version is not None and version != self.version:
            raise ApiError(409, "stale_version", f"the match has moved on: it is at version {self.version}, "
                           f"not {version}; read it again", field="version")  # fmt: skip
        if version is None and seen is not None and seen != self.version:
            raise ApiError(409, "stale_version", f"the match moved on while this move was on its way: it is "
                           f"at version {self.version}; read it again")  # fmt: skip
        if self.game.is_over(self.state):
            raise ApiError(409, "match_over", "the match is over")
        seat = self.seat if seat is None else seat
        to_move = self.game.to_move(self.state)
        if to_move != seat:
            raise ApiError(409, "not_your_turn", f"it is seat {to_move}'s turn, not yours")
        if seat in self.handed:
            raise ApiError(409, "seat_handed_over", "the computer is playing your seat: take it back first")
        try:
            move = self.game.parse_move(self.state, text)
        except CardrulesError as exc:
            refused = from_cardrules(exc, "move")  # the reason in the table's words: cards by name
            detail = refused.detail
            reason = display_of(self.game)(detail.message)
            if lang != i18n.DEFAULT and isinstance(exc, IllegalMoveError) and exc.message is not None:
                reason = shown_in(self.game, lang)(say(exc.message, lang))  # a card named by a code, too
            raise ApiError(refused.status, detail.code, reason, rule=detail.rule,
                           field=detail.field) from None  # fmt: skip
        self._publish(self._apply(move))
        self.advance()

    def _publish(self, told: dict[int, list[EventItem]]) -> None:
        """Push a move's events to every open WebSocket, each as its seat may be told them."""
        with self.snap:
            listeners = [(seat, listen) for seat, listen in self.listeners if self.tokens.get(seat)]
        for seat, listen in listeners:
            listen([plain(i) for i in told.get(seat, ())])

    def view(
        self, offset: int = 0, limit: int = 50, card: Card | None = None, seat: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        """
        The match as a person's seat (by default the starter's) sees it, its events told in *lang*:
        a :class:`MatchView` as JSON data.
        """
        seat = self.seat if seat is None else seat
        with self.snap:
            state, version = self.state, self.version
            events = told_in(list(self.events[seat]), list(self.said[seat]), lang)
            handed = tuple(sorted(self.handed))
            waiting = tuple(sorted(self.invites))
        game = self.game
        to_move = game.to_move(state)
        if to_move == seat and seat not in handed:
            page = legal_page(game, state, offset, limit, card, lang)
        else:
            page = LegalMovesPage((), offset, limit, 0, None)
        score = game.score(state)
        view = MatchView(
            self.id,
            game.text,
            game.spec.title,
            seat,
            to_move,
            game.is_over(state),
            jsonable(game.observe(state, seat)),
            page,
            jsonable(score),
            (),
            version,
            self.row.opponents,
            summary(game, score, lang),
            tuple(sorted(self.tokens)),
            handed,
            waiting,
        )
        data: dict[str, Any] = plain(view)
        data["events"] = events
        return data

    def hint(self, seat: int, lang: str = "en") -> dict[str, Any]:
        """The ``hard`` level's move for *seat* on its turn, and why in *lang* (a :class:`Hint` as JSON data)."""
        with self.snap:
            state, version, handed = self.state, self.version, seat in self.handed
        game = self.game
        if game.to_move(state) != seat or handed:
            raise ApiError(409, "not_your_turn", "a hint is for your seat, on its turn")
        level = f"hard(seconds={MAX_BOT_SECONDS})"
        # The imagined deals are drawn from the match's id and version, never its seed (which deals the cards).
        seed = int.from_bytes(hashlib.sha256(f"{self.id}:{version}".encode()).digest()[:8], "big")
        advice = advise(game, game.observe(state, seat), game.legal_moves(state), level=level, seed=seed)
        other = None if advice.runner_up is None else game.format_move(state, advice.runner_up)
        shown = shown_in(game, lang)
        reasons = tuple(shown(say(reason, lang)) for reason in advice.reasons)
        hint = Hint(game.format_move(state, advice.move), reasons, advice.value, other, advice.margin)
        data: dict[str, Any] = plain(hint)
        return data

    def why(self, seat: int, text: str, lang: str = "en") -> dict[str, Any]:
        """
        Whether the move *text* is legal for *seat* on its turn, and why in *lang*: for a legal move
        each rule that could have refused it and why it does not here (the game's ``reasons``), for
        another the rule that refuses it; every reason with its rule's id and title.
        """
        with self.snap:
            state, handed = self.state, seat in self.handed
        game = self.game
        if game.to_move(state) != seat or handed:
            raise ApiError(409, "not_your_turn", "a move's reasons are for your seat, on its turn")
        shown = shown_in(game, lang)
        try:
            move = game.parse_move(state, text)
        except IllegalMoveError as exc:
            said = shown(say(exc.message, lang) if exc.message is not None and lang != i18n.DEFAULT else exc.reason)
            return {"legal": False, "move": text, "rule": exc.rule.id, "reason": said}
        except CardrulesError as exc:
            refused = from_cardrules(exc, "move")
            raise ApiError(refused.status, refused.detail.code, refused.detail.message, field="move") from None
        reasons = [
            {
                "rule": r.rule.id,
                "title": i18n.rule_text(r.rule, lang)[0],
                "reason": shown(say(r.message, lang) if lang != i18n.DEFAULT else r.reason),
            }
            for r in game.reasons(state, move)
        ]
        return {"legal": True, "move": game.format_move(state, move), "reasons": reasons}

    def record(self) -> records.Record:
        """The match as a record (hidden cards included: serve it only once the match is over)."""
        with self.snap:
            moves = list(self.moves)
        names = tuple(
            "you" if s == self.seat else "friend" if t == HUMAN else (t or "") for s, t in enumerate(self.row.opponents)
        )
        return records.from_moves(self.start, moves, seats=names)


def summary(game: Game[Any, Any, Any, Any], score: Any, lang: str = i18n.DEFAULT) -> RoundSummary | None:
    """The last round of *score* for the summary panel, its labels in *lang* (cards as the table writes them)."""
    if not score.rounds:
        return None
    last = score.rounds[-1]
    shown = shown_in(game, lang)
    items = tuple(ScoreLine(i.side, i.rule, shown(say(i.label, lang)), i.points) for i in last.items)
    return RoundSummary(len(score.rounds), items, last.points, score.match, score.sides, score.winner)


def get_game_checked(text: str) -> Game[Any, Any, Any, Any]:
    """The game of ruleset *text*, refused (:class:`ApiError`) unless it can be stored as a record."""
    from cardrules._options import split_ruleset
    from cardrules._registry import game_names, games, get_game

    if len(text) > 500:
        raise ApiError(422, "unknown_game", "ruleset text is at most 500 characters", field="game")
    try:
        name = split_ruleset(text)[0]
    except CardrulesError as exc:
        raise from_cardrules(exc, "game") from None
    if name not in games():
        raise ApiError(422, "unknown_game", f"there is no game {name[:40]!r}; the games are: "
                       f"{', '.join(game_names())}", field="game")  # fmt: skip
    try:
        game = get_game(text)
    except CardrulesError as exc:
        raise from_cardrules(exc, "game") from None
    if game.spec.round_deck is None:
        raise ApiError(422, "unknown_game", f"{game.spec.title} cannot be stored as a record yet", field="game")
    return game
