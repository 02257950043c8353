"""Scale targets of issue 17, printed as ratios measured in one run.

- a read (``GET /tournaments/{id}``, warm) at 10,000 players / ~100,000 events against one
  at 100 players (target: at most 2x);
- HTTP read and write rates on a 200-player tournament, this tree against the baseline
  commit (``--baseline``, default the commit before issue 17), each served by its own
  ``arbiter serve`` process and driven by the same client (targets: 100x reads, 20x writes);
- with ``--postgres``, the same 200-player rates on a throwaway PostgreSQL cluster
  (tests/postgres.py), served by one and by two processes (``arbiter serve --workers``);
- import of a 1,000-player TRF file, and a cold start over 1,000 tournaments (every
  tournament read once after the server opens the store), with and without snapshots.

Run: ``.venv/bin/python -m bench.scale [--quick]`` from the repository root (needs git for
the baseline tree). Not part of the test suite; the machine's load moves the absolute
figures, the ratios are taken in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

from bench.event_core import scripted
from events import SqliteEventStore
from events.envelope import NO_STREAM, Snapshot
from events.projections import fold
from events.projections.snapshot import PROJECTION_VERSION, encode_state
from events.types import Event, TournamentCreated

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "a4bde46"
TOKEN = "bench-token"


def stream(tournament_id: str, players: int, rounds: int, *, total_rounds: int) -> list[Event]:
    """A scripted tournament with ``rounds`` of ``total_rounds`` played (entries still open)."""
    events = scripted(players, rounds)
    created = TournamentCreated(tournament_id=tournament_id, name="Bench", rounds=total_rounds)
    return [created, *events[1:]]


MAKE_DB = """
import sys
from bench.event_core import scripted
from events import NO_STREAM, SqliteEventStore, TournamentCreated
events = scripted(int(sys.argv[2]), int(sys.argv[3]))
events[0] = TournamentCreated(tournament_id="t", name="Bench", rounds=99)
store = SqliteEventStore(sys.argv[1])
store.append("tournament-t", events, expected_version=NO_STREAM)
store.close()
"""
"""Builds the same stream as :func:`stream` with the code of either tree."""

SERVE = """
import sys
from aiohttp import web
from server.http.app import create_app
from server.settings import Settings, hash_token
settings = Settings(db=sys.argv[1], token_sha256=hash_token(sys.argv[3]), pairing_workers=0)
web.run_app(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), print=None)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_in(tree: Path, script: str, *args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen([sys.executable, "-c", script, *args], cwd=tree, env=env)


async def wait_up(base: str) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(300):
            try:
                async with session.get(f"{base}/tournaments") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"{base} did not start")


async def rate(base: str, send: Callable[[aiohttp.ClientSession, int], object], seconds: float,
               clients: int = 8) -> float:  # fmt: skip
    """Requests per second answered with a 2xx by ``clients`` concurrent loops."""
    done = 0
    deadline = time.perf_counter() + seconds

    async def loop(session: aiohttp.ClientSession, first: int) -> None:
        nonlocal done
        n = first
        while time.perf_counter() < deadline:
            async with await send(session, n) as response:  # type: ignore[attr-defined]
                await response.read()
                if response.status == 409:  # lost a race to another process: not counted
                    n += clients
                    continue
                if response.status >= 300:
                    raise RuntimeError(f"{response.status}: {await response.text()}")
            done += 1
            n += clients

    start = time.perf_counter()
    async with aiohttp.ClientSession(base) as session:
        await asyncio.gather(*(loop(session, i) for i in range(clients)))
    return done / (time.perf_counter() - start)


def read(session: aiohttp.ClientSession, n: int) -> object:
    return session.get("/tournaments/t")


def write(session: aiohttp.ClientSession, n: int) -> object:
    return session.post(
        "/tournaments/t/players",
        json={"surname": f"Entry {n}", "rating": 1500},
        headers={"Authorization": f"Bearer {TOKEN}", "If-Match": "*"},
    )


def http_rates(tree: Path, folder: Path, seconds: float) -> tuple[float, float]:
    db = folder / f"{tree.name}.db"
    subprocess.run(
        [sys.executable, "-c", MAKE_DB, str(db), "200", "5"],
        cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}, check=True,
    )  # fmt: skip
    port = free_port()
    return measure_server(run_in(tree, SERVE, str(db), str(port), TOKEN), port, seconds)


def postgres_rates(url: str, folder: Path, workers: int, seconds: float) -> tuple[float, float]:
    """Read and write rates of ``arbiter serve --workers N`` on a fresh PostgreSQL database."""
    from events import open_store

    store = open_store(url)
    store.append("tournament-t", stream("t", 200, 5, total_rounds=99), expected_version=NO_STREAM)
    store.close()
    token_file = folder / "token"
    token_file.write_text(TOKEN)
    port = free_port()
    command = [
        sys.executable, "-c", "from server.cli import main; main()", "--db", url, "serve",
        "--workers", str(workers), "--port", str(port), "--token-file", str(token_file),
        "--pairing-workers", "0",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    return measure_server(server, port, seconds)


def measure_server(
    server: subprocess.Popen[bytes], port: int, seconds: float
) -> tuple[float, float]:
    base = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(wait_up(base))
        reads = asyncio.run(rate(base, read, seconds))
        writes = asyncio.run(rate(base, write, seconds))
    finally:
        server.terminate()
        server.wait()
    return reads, writes


def baseline_tree(folder: Path, commit: str) -> Path:
    tree = folder / "baseline"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "archive", commit], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def warm_read_seconds(sizes: list[tuple[int, int]], folder: Path, requests: int) -> list[float]:
    """Mean seconds of a warm ``GET /tournaments/t`` for each (players, rounds), every
    server in this process at once and their requests interleaved in small batches, so
    the machine's load weighs on each size alike."""
    from aiohttp.test_utils import TestClient, TestServer

    from server.http import keys
    from server.http.app import create_app
    from server.settings import Settings, hash_token

    paths = []
    for players, rounds in sizes:
        db = folder / f"read-{players}.db"
        store = SqliteEventStore(db)
        events = stream("t", players, rounds, total_rounds=99)
        store.append("tournament-t", events, expected_version=NO_STREAM)
        store.close()
        paths.append(db)

    async def measure() -> list[float]:
        clients = []
        for db in paths:
            settings = Settings(db=str(db), token_sha256=hash_token(TOKEN), pairing_workers=0)
            client = TestClient(TestServer(create_app(settings)))
            await client.start_server()
            client.app[keys.SERVICE].load("t")  # the one cold fold, outside any timeout
            (await client.get("/tournaments/t")).raise_for_status()
            clients.append(client)
        spent = [0.0] * len(clients)
        for _ in range(requests // 20):
            for index, client in enumerate(clients):
                start = time.perf_counter()
                for _ in range(20):
                    (await client.get("/tournaments/t")).raise_for_status()
                spent[index] += time.perf_counter() - start
        for client in clients:
            await client.close()
        return [seconds / (requests // 20 * 20) for seconds in spent]

    return asyncio.run(measure())


def trf_import_seconds(folder: Path) -> float:
    from server.service import TournamentService, read_import
    from trf import export_document
    from trf.writer import write_trf

    state = fold(stream("big", 1000, 5, total_rounds=9))
    data = write_trf(export_document(state)).encode()
    store = SqliteEventStore(folder / "import.db")
    start = time.perf_counter()
    TournamentService(store).import_trf(read_import(data, tournament_id="imported"))
    elapsed = time.perf_counter() - start
    store.close()
    return elapsed


def cold_start_seconds(folder: Path, tournaments: int, players: int) -> tuple[float, float]:
    """A server's first read of every tournament, with snapshots and without; seconds."""
    from server.service import TournamentService

    db = folder / "federation.db"
    store = SqliteEventStore(db)
    template = stream("x", players, 5, total_rounds=7)
    folded = fold(template)
    for n in range(tournaments):
        first = TournamentCreated(tournament_id=f"t{n}", name="Bench", rounds=7)
        store.append(f"tournament-t{n}", [first, *template[1:]], expected_version=NO_STREAM)
        state = dataclasses.replace(folded, settings=first)
        store.write_snapshot(
            f"tournament-t{n}", Snapshot(state.version, PROJECTION_VERSION, encode_state(state))
        )
    store.close()

    def first_reads(snapshots: bool, sample: int) -> float:
        """Seconds to open the store and read every tournament, from ``sample`` of them."""
        start = time.perf_counter()
        store = SqliteEventStore(db)
        if not snapshots:
            store.db.execute("DELETE FROM snapshots")
        service = TournamentService(store)
        service.states.snapshot_every = 10**9  # measure reads only: write no snapshot
        ids = service.tournament_ids()
        for tournament_id in ids[:sample]:
            service.load(tournament_id)
        elapsed = time.perf_counter() - start
        service.store.close()
        return elapsed * len(ids) / sample

    # Without snapshots a tenth is read and the time scaled: every tournament folds alike.
    return first_reads(True, tournaments), first_reads(False, max(tournaments // 10, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="commit measured as 'today'")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, shorter runs")
    parser.add_argument(
        "--postgres", action="store_true", help="also PostgreSQL, 1 and 2 server processes"
    )
    parser.add_argument("--reads-only", action="store_true", help="only the warm-read ratio")
    args = parser.parse_args()
    seconds = 3.0 if args.quick else 8.0
    big_players, big_rounds = (2_000, 4) if args.quick else (10_000, 18)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        small, big = warm_read_seconds([(100, 5), (big_players, big_rounds)], folder, 400)
        events = big_players + 1 + big_rounds * (1 + big_players // 2)
        print(f"warm read, 100 players:                   {small * 1000:8.2f} ms")
        print(f"warm read, {big_players} players / {events} events: {big * 1000:8.2f} ms")
        print(f"  ratio (target <= 2):                    {big / small:8.2f}")
        if args.reads_only:
            return
        old_reads, old_writes = http_rates(baseline_tree(folder, args.baseline), folder, seconds)
        new_reads, new_writes = http_rates(ROOT, folder, seconds)
        print(f"200 players, reads/s:  {args.baseline} {old_reads:8.1f}   now {new_reads:8.1f}"
              f"   ratio {new_reads / old_reads:6.1f} (target >= 100)")  # fmt: skip
        print(f"200 players, writes/s: {args.baseline} {old_writes:8.1f}   now {new_writes:8.1f}"
              f"   ratio {new_writes / old_writes:6.1f} (target >= 20)")  # fmt: skip
        if args.postgres:
            from tests.postgres import running_cluster

            with running_cluster() as cluster:
                for workers in (1, 2):
                    url = cluster.database()
                    reads, writes = postgres_rates(url, folder, workers, seconds)
                    print(f"200 players, PostgreSQL, {workers} process(es): {reads:8.1f} reads/s"
                          f"  {writes:8.1f} writes/s")  # fmt: skip
        print(f"import of a 1,000-player TRF:             {trf_import_seconds(folder):8.2f} s")
        count = 200 if args.quick else 1_000
        with_snapshots, without = cold_start_seconds(folder, count, 100)
        print(f"cold start, {count} tournaments x 100 players, first read of each:")
        print(f"  with snapshots {with_snapshots:8.2f} s   without {without:8.2f} s (a tenth, x10)")


if __name__ == "__main__":
    main()
