"""Read targets of issue 27, printed as ratios measured in one run (one process, one machine).

- one player, standings, pairings of a round, warm, at 10,000 players / ~100,000 events
  against the same read at 100 players (target: at most 2x each): the default read, a page
  of 500 rows (250 boards), and the whole field (``limit=10000``: one page), whose body is
  100 times the small one's (no target but standings of 10,000 players under 100 ms);
- standings as of round 3 (an old version) against the warm read of standings now (target:
  at most 5x), the first such read and a repeated one;
- a cold start of the 10,000-player stream (a fresh service's first read) with its snapshot
  (target: under 2 s), split into CPU, waiting for a CPU and the rest (blocked: disk,
  locks) from ``/proc/self/schedstat``; and without one at half and all of the events
  (linear in events);
- reads of a 200-player tournament against a bare aiohttp handler answering the same number
  of bytes, side by side, each in its own process and driven by the same client (target: at
  least half its rate).

Run: ``.venv/bin/python -m bench.read_targets [--quick] [--postgres]`` from the repository
root; ``--postgres`` runs the same on a throwaway PostgreSQL cluster (tests/postgres.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import aiohttp

from bench.scale import TOKEN, free_port, measure_server, rate, run_in, stream, wait_up
from events import open_store
from events.envelope import NO_STREAM, Snapshot
from events.projections import fold
from events.projections.snapshot import PROJECTION_VERSION, encode_state
from server.http.schemas import MAX_PAGE

if TYPE_CHECKING:
    from aiohttp.test_utils import TestClient

ROOT = Path(__file__).resolve().parents[1]
READS = {
    "one player": "/tournaments/t/players/1",
    "standings": "/tournaments/t/standings",
    "pairings of round 3": "/tournaments/t/rounds/3",
    "standings, whole field": f"/tournaments/t/standings?limit={MAX_PAGE}",
    "pairings, whole round": f"/tournaments/t/rounds/3?limit={MAX_PAGE}",
}
"""The default reads (a first page) and the whole field in one page, the largest there is."""
WHOLE = ("standings, whole field", "pairings, whole round")
"""Reads with no 2x target: their bodies grow with the field (the target is the default's)."""
OLD = "/tournaments/t/standings?round=3"

BARE = """
import sys
from aiohttp import web
body = b"x" * int(sys.argv[2])
async def handler(request):
    return web.Response(body=body, content_type="application/json")
app = web.Application()
app.router.add_get("/tournaments/t", handler)
app.router.add_get("/tournaments", handler)  # what wait_up asks for
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None)
"""
"""The ceiling of this stack: aiohttp answering bytes it already holds."""


def filled(db: str, players: int, rounds: int, *, snapshot: bool = False) -> str:
    store = open_store(db)
    events = stream("t", players, rounds, total_rounds=99)
    store.append("tournament-t", events, expected_version=NO_STREAM)
    if snapshot:
        state = fold(events)
        store.write_snapshot(
            "tournament-t", Snapshot(state.version, PROJECTION_VERSION, encode_state(state))
        )
    store.close()
    return db


def arbiter_client(db: str) -> TestClient[Any, Any]:
    """A client of the server on ``db`` in this process (no pairing workers: reads only)."""
    from aiohttp.test_utils import TestClient, TestServer

    from server.http.app import create_app
    from server.settings import Settings, hash_token

    settings = Settings(db=db, token_sha256=hash_token(TOKEN), pairing_workers=0)
    return TestClient(TestServer(create_app(settings)))


def warm_reads(dbs: list[str], paths: list[str], requests: int) -> list[list[float]]:
    """Mean seconds of each warm read (``paths``) on each database, every server in this
    process and the requests interleaved in batches of 10, so load weighs on each alike."""

    async def measure() -> list[list[float]]:
        clients = []
        for db in dbs:
            client = arbiter_client(db)
            await client.start_server()
            for path in paths:  # the first read of each: the fold, the standings
                (await client.get(path)).raise_for_status()
            clients.append(client)
        spent = [[0.0] * len(paths) for _ in dbs]
        for _ in range(requests // 10):
            for index, client in enumerate(clients):
                for at, path in enumerate(paths):
                    start = time.perf_counter()
                    for _ in range(10):
                        response = await client.get(path)
                        await response.read()
                        response.raise_for_status()
                    spent[index][at] += time.perf_counter() - start
        for client in clients:
            await client.close()
        return [[seconds / (requests // 10 * 10) for seconds in row] for row in spent]

    return asyncio.run(measure())


def body_sizes(db: str, paths: list[str]) -> list[int]:
    """Bytes of each read's answer."""

    async def measure() -> list[int]:
        async with arbiter_client(db) as client:
            return [len(await (await client.get(path)).read()) for path in paths]

    return asyncio.run(measure())


def bare_reads(sizes: list[int], requests: int) -> list[float]:
    """Mean seconds of a bare aiohttp handler answering each of ``sizes`` bytes, driven
    like :func:`warm_reads`: what sending the bytes costs this stack, whoever makes them."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    bodies = {str(size): b"x" * size for size in sizes}

    async def handler(request: web.Request) -> web.Response:
        return web.Response(
            body=bodies[request.match_info["size"]], content_type="application/json"
        )

    async def measure() -> list[float]:
        app = web.Application()
        app.router.add_get("/{size}", handler)
        spent = [0.0] * len(sizes)
        async with TestClient(TestServer(app)) as client:
            for _ in range(requests // 10):
                for at, size in enumerate(sizes):
                    start = time.perf_counter()
                    for _ in range(10):
                        response = await client.get(f"/{size}")
                        await response.read()
                    spent[at] += time.perf_counter() - start
        return [seconds / (requests // 10 * 10) for seconds in spent]

    return asyncio.run(measure())


def first_old_read(db: str) -> tuple[float, float]:
    """Seconds of the first read of standings after round 3 on a warm server, and of the
    first read of standings now on a fresh one (what the old read is held against)."""

    async def measure() -> tuple[float, float]:
        async with arbiter_client(db) as client:
            (await client.get("/tournaments/t")).raise_for_status()  # the fold
            start = time.perf_counter()
            (await client.get(READS["standings"])).raise_for_status()
            now = time.perf_counter() - start
            start = time.perf_counter()
            (await client.get(OLD)).raise_for_status()
            return time.perf_counter() - start, now

    return asyncio.run(measure())


class Start(NamedTuple):
    """Seconds of a cold start: wall, on a CPU, and waiting in the run queue for one (the
    rest of the wall time the thread was blocked: the disk, a lock, a sleep)."""

    wall: float
    cpu: float
    queued: float

    @property
    def blocked(self) -> float:
        return max(0.0, self.wall - self.cpu - self.queued)


def _schedstat() -> tuple[float, float]:
    """This thread's seconds on a CPU and waiting for one (Linux; zeros elsewhere)."""
    try:
        on_cpu, queued, _ = Path("/proc/thread-self/schedstat").read_text().split()
    except OSError:
        return 0.0, 0.0
    return int(on_cpu) / 1e9, int(queued) / 1e9


def cold_start(db: str) -> Start:
    """From opening the store to the first state of the stream (on a shared machine the CPU
    time is the one that does not move with the load; the queue is the load's share)."""
    from server.service import TournamentService

    start, (cpu, queued) = time.perf_counter(), _schedstat()
    service = TournamentService(open_store(db))
    service.states.snapshot_every = 10**9  # measure the read only: write no snapshot
    service.load("t")
    wall, (cpu_end, queued_end) = time.perf_counter() - start, _schedstat()
    service.store.close()
    return Start(wall, cpu_end - cpu, queued_end - queued)


def serve(db: str, port: int) -> subprocess.Popen[bytes]:
    """``arbiter serve`` on ``db`` in a process of its own (no pairing workers)."""
    token = Path(tempfile.mkdtemp()) / "token"
    token.write_text(TOKEN)
    token.chmod(0o600)
    command = [
        sys.executable, "-c", "from server.cli import main; main()", "--db", db, "serve",
        "--port", str(port), "--pairing-workers", "0", "--token-file", str(token),
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)


def process_start(db: str) -> Start:
    """``arbiter serve`` from its start to its first answer of ``/tournaments/t``: the
    imports, the store, the snapshot; the CPU and run-queue times are all its threads'."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/tournaments/t"
    start = time.perf_counter()
    server = serve(db, port)
    try:
        while True:
            with contextlib.suppress(OSError), urllib.request.urlopen(url) as answer:
                if answer.status == 200:
                    break
            time.sleep(0.005)
        wall = time.perf_counter() - start
        threads = [
            path.read_text().split()
            for path in Path(f"/proc/{server.pid}/task").glob("*/schedstat")
        ]
    finally:
        server.terminate()
        server.wait()
    return Start(wall, sum(int(t[0]) for t in threads) / 1e9, sum(int(t[1]) for t in threads) / 1e9)


def bare_against_arbiter(db: str, seconds: float) -> tuple[float, float]:
    """Reads per second of ``GET /tournaments/t`` (200 players) from ``arbiter serve`` and
    from the bare handler answering as many bytes."""
    port = free_port()
    server = serve(db, port)
    base = f"http://127.0.0.1:{port}"
    size = asyncio.run(_body_size(base))
    ours, _ = measure_server(server, port, seconds)
    port = free_port()
    bare = run_in(ROOT, BARE, str(port), str(size))
    try:
        asyncio.run(wait_up(f"http://127.0.0.1:{port}"))
        ceiling = asyncio.run(rate(f"http://127.0.0.1:{port}", _read, seconds))
    finally:
        bare.terminate()
        bare.wait()
    return ours, ceiling


async def _body_size(base: str) -> int:
    await wait_up(base)
    async with aiohttp.ClientSession() as session, session.get(f"{base}/tournaments/t") as got:
        return len(await got.read())


def _read(session: aiohttp.ClientSession, n: int) -> object:
    return session.get("/tournaments/t")


def report(label: str, new_db: Callable[[str], str], quick: bool) -> None:
    players, rounds = (2_000, 9) if quick else (10_000, 18)
    seconds = 3.0 if quick else 6.0
    events = players + 1 + rounds * (1 + players // 2)
    print(f"== {label}: 100 players / 5 rounds against {players} players / {events} events")
    small = filled(new_db("small"), 100, 5)
    big = filled(new_db("big"), players, rounds, snapshot=True)
    paths = [*READS.values(), OLD]
    (small_times, big_times) = warm_reads([small, big], paths, 100 if quick else 200)
    reads = list(READS.values())
    sizes = [*body_sizes(small, reads), *body_sizes(big, reads)]
    bare = bare_reads(sizes, 100 if quick else 200)
    for at, name in enumerate(READS):
        ratio = big_times[at] / small_times[at]
        small_bare, big_bare = bare[at], bare[at + len(reads)]
        target = "no target: the body grows with the field" if name in WHOLE else "target <= 2"
        print(f"  {name:<22} {small_times[at] * 1000:8.2f} ms {big_times[at] * 1000:8.2f} ms"
              f"   ratio {ratio:5.2f} ({target})")  # fmt: skip
        print(f"    bare aiohttp, same bytes ({sizes[at]:,} / {sizes[at + len(reads)]:,}):"
              f" {small_bare * 1000:6.2f} ms {big_bare * 1000:6.2f} ms"
              f"   ratio {big_bare / small_bare:5.2f}")  # fmt: skip
    warm_standings, old = big_times[1], big_times[len(reads)]
    whole = big_times[list(READS).index("standings, whole field")]
    print(f"  standings of the whole field, warm: {whole * 1000:8.2f} ms (target < 100 ms)")
    old_first, now_first = first_old_read(big)
    print(f"  standings after round 3, repeated: {old * 1000:8.2f} ms"
          f"   ratio to warm standings {old / warm_standings:5.2f} (target <= 5)")  # fmt: skip
    print(f"  standings after round 3, first:    {old_first * 1000:8.2f} ms"
          f"   (standings now, first: {now_first * 1000:8.2f} ms)")  # fmt: skip
    cold = cold_start(big)
    print(f"  cold start with snapshot:          {cold.wall:8.2f} s (target < 2): {cold.cpu:5.2f} s"
          f" on a CPU, {cold.queued:5.2f} s waiting for one, {cold.blocked:5.2f} s blocked")  # fmt: skip
    cold = process_start(big)
    print(f"  arbiter serve to its first answer: {cold.wall:8.2f} s: {cold.cpu:5.2f} s on a CPU"
          f" (imports included), {cold.queued:5.2f} s waiting for one, {cold.blocked:5.2f} s blocked")  # fmt: skip
    half = filled(new_db("half"), players, rounds // 2)
    entire = filled(new_db("whole"), players, rounds)
    half_events = players + 1 + rounds // 2 * (1 + players // 2)
    cold_half, cold_whole = cold_start(half).wall, cold_start(entire).wall
    print(f"  cold start without: {half_events} events {cold_half:6.2f} s, {events} events"
          f" {cold_whole:6.2f} s   ratio {cold_whole / cold_half:5.2f}"
          f" (events ratio {events / half_events:4.2f})")  # fmt: skip
    ours, ceiling = bare_against_arbiter(filled(new_db("rates"), 200, 5), seconds)
    print(f"  200 players, reads/s: arbiter {ours:8.1f}   bare aiohttp {ceiling:8.1f}"
          f"   ratio {ours / ceiling:5.2f} (target >= 0.5)")  # fmt: skip


@contextlib.contextmanager
def sqlite_files() -> Iterator[Callable[[str], str]]:
    with tempfile.TemporaryDirectory() as name:
        yield lambda db: str(Path(name) / f"{db}.db")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 players, shorter runs")
    parser.add_argument("--postgres", action="store_true", help="also on PostgreSQL")
    args = parser.parse_args()
    with sqlite_files() as new_db:
        report("SQLite", new_db, args.quick)
    if args.postgres:
        from tests.postgres import running_cluster

        with running_cluster() as cluster:
            report("PostgreSQL", lambda _: cluster.database(), args.quick)


if __name__ == "__main__":
    main()
