"""
Load and faults of the web table on PostgreSQL, against ``cardrules serve --db postgresql://...
--workers N`` in separate processes, on loopback (``nox -s load``):

1. **Throughput**, 1 worker against 4: match reads (``GET /api/matches/{id}``) and moves
   (``POST .../moves``, the computer's replies included), each for S seconds by C concurrent
   clients on M matches; reads/s, moves/s, p50 and p95 latency, and the ratio 4 : 1.
2. **A worker killed** (``kill -9``) in the middle of a burst of moves on 4 workers: the clients
   go on (a request that failed is sent again, with the version it was chosen at); then every
   match in the database is checked: every move a client was answered 200 for is stored at its
   number, no move is stored twice, and every match replays to a record that verifies.
3. **The database restarted** (``pg_ctl restart``) in the middle of moves on 2 workers: the same
   checks, and the time until the first move answered after the restart.

The database is ``CARDRULES_POSTGRES_URL``, else a throwaway cluster (``tests/web/pg.py``; the
restart needs that one). Figures only: it fails (status 1) on a lost or doubled move, never on speed.

    python benchmarks/load_postgres.py                 # about a minute
    python benchmarks/load_postgres.py --seconds 10    # longer phases
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.web.pg: the throwaway cluster

from tests.web import pg  # noqa: E402
from tests.web.served import free_port  # noqa: E402

import cardrules  # noqa: E402
from cardrules import records  # noqa: E402


class Server:
    """``cardrules serve --workers N`` on a free port over *db*."""

    def __init__(self, db: str, workers: int) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardrules", "serve", "--port", str(self.port), "--db", db, "--workers",
             str(workers), "--log-level", "error", "--matches-per-client", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        time.sleep(0.5 * workers)  # every worker up

    def workers(self) -> list[int]:
        """The worker processes' ids (the children of uvicorn's manager)."""
        found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True)
        pids = [int(p) for p in found.stdout.split()]
        # multiprocessing's resource tracker is a child too: a worker's command line names spawn_main
        return [p for p in pids if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Tally:
    def __init__(self) -> None:
        self.reads: list[float] = []
        self.moves: list[float] = []
        self.errors = 0
        self.acked: dict[str, list[tuple[int, str]]] = {}  # match: (number, move text) answered 200
        self.last_ok = 0.0


async def _create(client: httpx.AsyncClient, base: str, n: int) -> list[tuple[str, str]]:
    made = []
    for i in range(n):
        r = await client.post(f"{base}/api/matches", json={"game": "mililla", "opponents": "greedy", "seed": i})
        data = r.json()
        made.append((data["match"], data["token"]))
    return made


async def _reader(client: httpx.AsyncClient, base: str, match: str, token: str, until: float, t: Tally) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < until:
        began = time.perf_counter()
        try:
            r = await client.get(f"{base}/api/matches/{match}", headers=headers)
            ok = r.status_code == 200
        except httpx.HTTPError:
            ok = False
        if ok:
            t.reads.append(time.perf_counter() - began)
            t.last_ok = time.monotonic()
        else:
            t.errors += 1
            await asyncio.sleep(0.05)


async def _mover(
    client: httpx.AsyncClient, base: str, made: tuple[str, str], until: float, t: Tally, servers: list[str]
) -> None:
    """Plays the match's first legal move again and again (a new match when it is over), retrying a failed one."""
    match, token = made
    headers = {"Authorization": f"Bearer {token}"}
    turn = 0
    while time.monotonic() < until:
        base = servers[turn % len(servers)]
        turn += 1
        try:
            view = (await client.get(f"{base}/api/matches/{match}", headers=headers)).json()
        except (httpx.HTTPError, ValueError):
            t.errors += 1
            await asyncio.sleep(0.05)
            continue
        if "version" not in view:
            t.errors += 1
            await asyncio.sleep(0.05)
            continue
        if view["over"]:  # a new match, as a player would start
            try:
                match, token = (await _create(client, base, 1))[0]
            except (httpx.HTTPError, ValueError, KeyError):
                t.errors += 1
                await asyncio.sleep(0.05)
                continue
            headers = {"Authorization": f"Bearer {token}"}
            continue
        if not view["legal_moves"]["moves"]:
            await asyncio.sleep(0.02)  # the computer is to move
            continue
        text, version = view["legal_moves"]["moves"][0]["text"], view["version"]
        while time.monotonic() < until:  # the same move, at the same version, until answered
            began = time.perf_counter()
            try:
                r = await client.post(f"{base}/api/matches/{match}/moves", json={"move": text, "version": version},
                                      headers=headers)  # fmt: skip
            except httpx.HTTPError:
                t.errors += 1
                await asyncio.sleep(0.05)
                continue
            if r.status_code == 200:
                t.moves.append(time.perf_counter() - began)
                t.acked.setdefault(match, []).append((version + 1, text))
                t.last_ok = time.monotonic()
            elif r.status_code >= 500:
                t.errors += 1
                await asyncio.sleep(0.05)
                continue
            break  # 200, or 409: read again


def _p(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] * 1000 if values else float("nan")
    return statistics.quantiles(values, n=100)[int(q) - 1] * 1000


def _check(db: str, t: Tally) -> tuple[int, int, list[str]]:
    """Every acknowledged move stored at its number, none twice; each match replays and verifies."""
    import psycopg

    problems = []
    checked = moves = 0
    with psycopg.connect(db) as conn:
        for (match,) in conn.execute("SELECT id FROM matches").fetchall():
            head = conn.execute("SELECT game, seed FROM matches WHERE id = %s", (match,)).fetchone()
            assert head is not None
            game_text, seed = head
            rows = conn.execute("SELECT number, seat, move FROM moves WHERE match = %s ORDER BY number",
                                (match,)).fetchall()  # fmt: skip
            if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
                problems.append(f"{match}: the move numbers are not 1..{len(rows)}")
            game = cardrules.get_game(game_text)
            state, stored = game.new_game(seed=int(seed)), {}
            played = []
            for number, _seat, text in rows:
                move = game.spec.parse_canonical(text)
                stored[number] = (state, text)
                played.append(move)
                state = game.apply(state, move)
            for number, text in t.acked.get(match, []):
                if number not in stored:
                    problems.append(f"{match}: acknowledged move {number} ({text}) is not stored")
                    continue
                before, canonical = stored[number]
                if game.spec.format_canonical(game.parse_move(before, text)) != canonical:
                    problems.append(f"{match}: move {number} is not the acknowledged {text}")
            report = records.verify(records.from_moves(game.new_game(seed=int(seed)), played))
            if not report.ok:
                problems.append(f"{match}: its record does not verify")
            checked += 1
            moves += len(rows)
    return checked, moves, problems


async def _throughput(db: str, workers: int, matches: int, clients: int, seconds: float) -> dict[str, Any]:
    server = Server(db, workers)
    try:
        limits = httpx.Limits(max_connections=clients + 4)
        async with httpx.AsyncClient(timeout=30, limits=limits) as client:
            made = await _create(client, server.base, matches)
            reads = Tally()
            until = time.monotonic() + seconds
            await asyncio.gather(*(_reader(client, server.base, *made[i % matches], until, reads)
                                   for i in range(clients)))  # fmt: skip
            more = await _create(client, server.base, clients)
            moves = Tally()
            until = time.monotonic() + seconds
            await asyncio.gather(*(_mover(client, server.base, m, until, moves, [server.base]) for m in more))
    finally:
        server.stop()
    return {
        "reads/s": len(reads.reads) / seconds, "read p50": _p(reads.reads, 50), "read p95": _p(reads.reads, 95),
        "moves/s": len(moves.moves) / seconds, "move p50": _p(moves.moves, 50), "move p95": _p(moves.moves, 95),
        "errors": reads.errors + moves.errors,
    }  # fmt: skip


async def _killed_worker(db: str, clients: int, seconds: float) -> dict[str, Any]:
    server = Server(db, 4)
    t = Tally()
    # A connection per request: the requests spread over the workers, the killed one's among them.
    limits = httpx.Limits(max_connections=clients + 4, max_keepalive_connections=0)
    try:
        async with httpx.AsyncClient(timeout=30, limits=limits) as client:
            made = await _create(client, server.base, clients)
            until = time.monotonic() + seconds
            movers = asyncio.gather(*(_mover(client, server.base, m, until, t, [server.base]) for m in made))
            await asyncio.sleep(seconds / 3)
            victim = server.workers()[0]
            before = len(t.moves)
            os.kill(victim, signal.SIGKILL)
            killed_at = time.monotonic()
            await movers
            after = len(t.moves) - before
    finally:
        server.stop()
    checked, stored, problems = _check(db, t)
    return {"killed": victim, "moves answered": len(t.moves), "after the kill": after, "failed requests": t.errors,
            "served until": round(t.last_ok - killed_at, 1), "matches checked": checked, "moves stored": stored,
            "problems": problems}  # fmt: skip


async def _restarted_database(db: str, data: Path, clients: int, seconds: float) -> dict[str, Any]:
    server = Server(db, 2)
    t = Tally()
    try:
        async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_connections=clients + 4)) as client:
            made = await _create(client, server.base, clients)
            until = time.monotonic() + seconds
            movers = asyncio.gather(*(_mover(client, server.base, m, until, t, [server.base]) for m in made))
            await asyncio.sleep(seconds / 3)
            before = len(t.moves)
            began = time.monotonic()
            await asyncio.to_thread(pg.restart, data)
            restarted = time.monotonic()
            while len(t.moves) == before and time.monotonic() < until:
                await asyncio.sleep(0.01)
            first_after = time.monotonic() - restarted
            await movers
            after = len(t.moves) - before
    finally:
        server.stop()
    checked, stored, problems = _check(db, t)
    return {"restart took": round(restarted - began, 2), "first move answered after": round(first_after, 2),
            "moves answered": len(t.moves), "after the restart": after, "failed requests": t.errors,
            "matches checked": checked, "moves stored": stored, "problems": problems}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="each throughput phase (default 6)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (default 16)")
    parser.add_argument("--matches", type=int, default=16, help="matches read (default 16)")
    args = parser.parse_args()
    print(f"cardrules {cardrules.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")  # fmt: skip
    given = os.environ.get("CARDRULES_POSTGRES_URL")
    cluster = pg.cluster() if not given else None
    url, data = cluster.__enter__() if cluster else (given or "", None)
    bad = False
    try:
        figures = {}
        for workers in (1, 4):
            figures[workers] = asyncio.run(
                _throughput(pg.fresh_schema(url), workers, args.matches, args.clients, args.seconds)
            )
            print(f"{workers} worker(s): " + ", ".join(f"{k} {v:.1f}" for k, v in figures[workers].items()))
        one, four = figures[1], figures[4]
        print(f"4 workers : 1 -- reads {four['reads/s'] / one['reads/s']:.2f}x, "
              f"moves {four['moves/s'] / one['moves/s']:.2f}x")  # fmt: skip
        db = pg.fresh_schema(url)
        killed = asyncio.run(_killed_worker(db, args.clients, args.seconds * 1.5))
        print(f"kill -9 of a worker: {killed}")
        bad |= bool(killed["problems"])
        if data is not None:
            db = pg.fresh_schema(url)
            restarted = asyncio.run(_restarted_database(db, data, args.clients, args.seconds * 1.5))
            print(f"database restarted: {restarted}")
            bad |= bool(restarted["problems"])
        else:
            print("database restart: skipped (CARDRULES_POSTGRES_URL is not ours to restart)")
    finally:
        if cluster:
            cluster.__exit__(None, None, None)
    print("FAILED: moves lost or doubled" if bad else "no move lost, none doubled")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
