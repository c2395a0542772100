"""
Load test of the web table on loopback: N concurrent matches for S seconds, each driven over the
API by a client that plays random legal moves, against ``cardrules serve`` in a separate process.

    python benchmarks/load_web.py                      # 50 matches for 60 s
    python benchmarks/load_web.py --seconds 10 --matches 10   # CI's smoke run
    python benchmarks/load_web.py --rate 300           # the clients together send 300 moves a second

Without ``--rate`` every client sends its next move as soon as the last one is answered (a closed
loop: the figure is the most the server can take, and the latency is mostly time in the queue).
With ``--rate R`` each of the N clients sends a move every N/R seconds, at a random phase, as
players at real tables do, and the latency is what a move at that load takes.

It prints the moves per second (the clients' moves, and every move the server applied, the
computer's included), the p50/p99/max latency of a move request, the errors, and then checks that
nothing was lost: every match's stored moves are the moves the client saw played, and every
stored match, rebuilt as a record from the database, verifies with :func:`cardrules.records.verify`.
A finished match's record is also downloaded from the server and verified. Figures only: it fails
(status 1) on an error or a lost move, never on speed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import httpx2 as httpx
except ImportError:  # pragma: no cover - httpx2 is the web-tests extra's HTTP client
    try:
        import httpx  # type: ignore[no-redef]
    except ImportError:
        sys.exit(
            "load_web.py needs an HTTP client, httpx, which the web extra does not bring: "
            'pip install ".[web-tests]" (from a checkout of this repository)'
        )

import cardrules
from cardrules import records

GAMES = ("mililla", "mulle", "charlemagne")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Tally:
    """What the clients saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.versions: dict[str, int] = {}
        self.tokens: dict[str, str] = {}
        self.finished: list[str] = []
        self.server_moves = 0


async def _player(
    client: httpx.AsyncClient, n: int, until: float, tally: Tally, rng: random.Random, interval: float
) -> None:
    game = GAMES[n % len(GAMES)]
    next_at = time.monotonic() + rng.random() * interval  # 0 for a closed loop
    while time.monotonic() < until:
        r = await client.post("/api/matches", json={"game": game, "opponents": "random", "seed": rng.randrange(2**31)})
        if r.status_code != 201:
            tally.errors.append(f"create: {r.status_code} {r.text[:200]}")
            return
        created = r.json()
        match, headers = created["match"], {"Authorization": f"Bearer {created['token']}"}
        tally.tokens[match] = created["token"]
        r = await client.get(f"/api/matches/{match}", headers=headers)
        data = r.json()
        start_version = data["version"]
        while not data["over"] and time.monotonic() < until:
            move = rng.choice(data["legal_moves"]["moves"])["text"]
            if interval:
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                next_at += interval
                if time.monotonic() >= until:
                    break
            t0 = time.perf_counter()
            r = await client.post(
                f"/api/matches/{match}/moves", headers=headers, json={"move": move, "version": data["version"]}
            )
            tally.latencies.append(time.perf_counter() - t0)
            if r.status_code != 200:
                tally.errors.append(f"move: {r.status_code} {r.text[:200]}")
                return
            data = r.json()
        tally.server_moves += data["version"] - start_version
        tally.versions[match] = data["version"]
        if data["over"]:
            tally.finished.append(match)


async def _drive(base: str, matches: int, seconds: float, tally: Tally, rate: float | None) -> float:
    limits = httpx.Limits(max_connections=matches, max_keepalive_connections=matches)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        until = time.monotonic() + seconds
        t0 = time.monotonic()
        interval = matches / rate if rate else 0.0
        await asyncio.gather(*(_player(client, n, until, tally, random.Random(n), interval) for n in range(matches)))
        return time.monotonic() - t0


def _wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{base}/api/games", timeout=5)
            return
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                sys.exit("the server did not start")
            time.sleep(0.1)


def _cpu_seconds(pid: int) -> float | None:
    """The user and system CPU time of process *pid* so far (Linux's /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _check_stored(db: Path, tally: Tally) -> tuple[int, list[str]]:
    """Rebuild every stored match as a record from the database and verify it; compare with the clients."""
    problems: list[str] = []
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, game, seed FROM matches").fetchall()
    for match, game_text, seed in rows:
        moves = [m for (m,) in con.execute("SELECT move FROM moves WHERE match = ? ORDER BY number", (match,))]
        seen = tally.versions.get(match)
        if seen is not None and seen != len(moves):
            problems.append(f"{match}: the client saw {seen} moves, the database holds {len(moves)}")
        game = cardrules.get_game(game_text)
        start = game.new_game(seed=int(seed))
        record = records.from_moves(start, [game.spec.parse_canonical(m) for m in moves], claim_result=False)
        report = records.verify(record)
        if not report.ok or report.moves_total != len(moves):
            problems.append(f"{match}: {report}")
    con.close()
    return len(rows), problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients play (default 60)")
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (default 50)")
    parser.add_argument(
        "--rate", type=float, help="client moves a second, all clients together (default: each as fast as answered)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cardrules-load-") as where:
        db = Path(where) / "matches.sqlite3"
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        # Every client here is one address: the per-client quota of new matches is lifted.
        command = ["serve", "--port", str(port), "--db", str(db), "--matches-per-client", "1000000000"]
        proc = subprocess.Popen([sys.executable, "-m", "cardrules", *command])
        try:
            _wait_up(base, proc)
            tally = Tally()
            cpu0 = _cpu_seconds(proc.pid)
            elapsed = asyncio.run(_drive(base, args.matches, args.seconds, tally, args.rate))
            cpu1 = _cpu_seconds(proc.pid)
            downloaded = 0
            for match in tally.finished[:20]:
                r = httpx.get(
                    f"{base}/api/matches/{match}/record", headers={"Authorization": f"Bearer {tally.tokens[match]}"}
                )
                report = records.verify(records.loads(r.text))
                if not report.ok:
                    tally.errors.append(f"record of {match}: {report}")
                downloaded += 1
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        stored, problems = _check_stored(db, tally)
    lat = sorted(tally.latencies)
    n = len(lat)
    pace = f"{args.rate:g} client moves/s asked" if args.rate else "each client as fast as it is answered"
    print(f"load test: {args.matches} concurrent matches for {elapsed:.1f} s on loopback ({', '.join(GAMES)}; "
          f"random legal moves against the random bot; {pace})")  # fmt: skip
    if n:
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(n - 1, int(n * 0.99))] * 1000
        print(f"  client moves: {n} ({n / elapsed:.0f}/s); every move applied, the computer's included: "
              f"{tally.server_moves} ({tally.server_moves / elapsed:.0f}/s)")  # fmt: skip
        print(f"  move latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1] * 1000:.1f} ms")
        if cpu0 is not None and cpu1 is not None:
            per = (cpu1 - cpu0) / n * 1000
            print(f"  server CPU: {cpu1 - cpu0:.1f} s in {elapsed:.1f} s, {per:.2f} ms per client move "
                  f"(one core busy with the server alone would take {1000 / per:.0f} moves/s)")  # fmt: skip
    print(f"  machine: {os.cpu_count()} cores, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"  matches: {stored} stored, {len(tally.finished)} finished; {downloaded} records downloaded and verified")
    print(f"  errors: {len(tally.errors)}; lost or bad moves: {len(problems)}")
    for line in (tally.errors + problems)[:10]:
        print(f"    {line}")
    return 1 if tally.errors or problems or not n else 0


if __name__ == "__main__":
    sys.exit(main())
