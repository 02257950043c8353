"""Live updates for a hall: how long a recorded result takes to reach every open stream.

    .venv/bin/python -m bench.live_fanout [--subscribers 5000] [--clients 2]

One server process (the real application, in a child process, SQLite) holds N event
streams of one tournament, all from one address as a venue's NAT would; ``--clients``
processes hold them, so reading 5,000 streams is not one Python loop's work. The bench
records a result over the API and times its arrival on each stream (wall clock, one
machine). The baseline in the same run is one stream: the ratio says what the hall adds to
a lone phone. Target (issue 27): p99 under 1 s at 5,000 streams.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import tempfile
import time
import urllib.request
from multiprocessing.synchronize import Barrier
from pathlib import Path

import aiohttp

from bench.screenshots import SAMPLE, TOKEN, build_sample, serve
from events import SqliteEventStore
from server.service import TournamentService

STREAM = {"Accept": "text/event-stream"}


def _serve(db: Path, queue: multiprocessing.Queue[str], streams: int) -> None:
    with serve(db, sse_max_streams=streams + 10, sse_max_per_client=streams + 10) as url:
        queue.put(url)
        time.sleep(3600)


async def _follow(
    session: aiohttp.ClientSession, url: str, after: int, opened: asyncio.Semaphore
) -> float:
    """Open one stream; the wall-clock moment a result arrives on it."""
    async with session.get(
        f"{url}/tournaments/{SAMPLE}/events?after={after}", headers=STREAM
    ) as response:
        response.raise_for_status()
        opened.release()
        while chunk := await response.content.readany():
            if b"event: result-recorded" in chunk:
                return time.time()
    raise RuntimeError("the stream ended before the result arrived")


async def _streams(url: str, after: int, count: int, ready: Barrier) -> list[float]:
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        opened = asyncio.Semaphore(0)
        followers = [
            asyncio.create_task(_follow(session, url, after, opened)) for _ in range(count)
        ]
        for _ in range(count):
            await opened.acquire()
        await asyncio.sleep(1.0)  # every open stream is past its catch-up, in the channel
        await asyncio.get_running_loop().run_in_executor(None, ready.wait)
        return list(await asyncio.gather(*followers))


def _client(url: str, after: int, count: int, ready: Barrier,
            out: multiprocessing.Queue[list[float]]) -> None:  # fmt: skip
    out.put(asyncio.run(_streams(url, after, count, ready)))


def _last_position(url: str) -> int:
    with urllib.request.urlopen(f"{url}/tournaments/{SAMPLE}/events?limit=1000") as log:
        return int(json.load(log)["next_after"])


def _record(url: str, board: int) -> float:
    request = urllib.request.Request(
        f"{url}/tournaments/{SAMPLE}/rounds/3/boards/{board}/result",
        data=b'{"result": "1/2-1/2"}',
        method="POST",
        headers={"Authorization": f"Bearer {TOKEN}", "If-Match": "*",
                 "Content-Type": "application/json"},
    )  # fmt: skip
    started = time.time()
    urllib.request.urlopen(request).close()
    return started


def _one_result(url: str, subscribers: int, clients: int, board: int) -> list[float]:
    """Seconds from the result's POST to its arrival on each of ``subscribers`` streams."""
    after = _last_position(url)
    ready = multiprocessing.Barrier(clients + 1)
    out: multiprocessing.Queue[list[float]] = multiprocessing.Queue()
    shares = [subscribers // clients + (i < subscribers % clients) for i in range(clients)]
    workers = [
        multiprocessing.Process(target=_client, args=(url, after, share, ready, out))
        for share in shares
        if share
    ]
    for worker in workers:
        worker.start()
    ready.wait(timeout=600)
    started = _record(url, board)
    arrived = [moment for _ in workers for moment in out.get(timeout=120)]
    for worker in workers:
        worker.join()
    return [moment - started for moment in arrived]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscribers", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=2, help="processes holding the streams")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "hall.db"
        store = SqliteEventStore(str(db))
        build_sample(TournamentService(store), in_progress=0)
        store.close()
        queue: multiprocessing.Queue[str] = multiprocessing.Queue()
        server = multiprocessing.Process(target=_serve, args=(db, queue, args.subscribers))
        server.start()
        try:
            url = queue.get(timeout=60)
            lone = _one_result(url, 1, 1, board=1)[0]
            hall = _one_result(url, args.subscribers, args.clients, board=2)
        finally:
            server.terminate()
            server.join()
    p99 = _percentile(hall, 0.99)
    print(f"load average {os.getloadavg()[0]:.1f}; one stream: {lone * 1000:.1f} ms")
    print(
        f"{len(hall)} streams: p50 {statistics.median(hall) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {max(hall) * 1000:.1f} ms "
        f"(p99 / one stream: {p99 / lone:.1f}x; target p99 < 1 s)"
    )


if __name__ == "__main__":
    main()
