"""Benchmark: ``POST /pairings`` of a 50-player round against a local server, the way a
platform pairing many events would call it: pairings per second per core, and latencies.

A server process is started (``create_app`` on a throwaway SQLite file, the pairing pool
with ``--workers`` processes, no rate limit in the way); ``--clients`` concurrent clients in
this process send ``--requests`` requests in all, each answer checked against the reference
engine's pairing. CPU seconds are those the server's process tree spent while the requests
ran (its own, its fork server's and every pairing process's, from ``/proc``), so "per
core" is pairings over those CPU seconds::

    .venv/bin/python -m bench.pairing_service --requests 1000
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from bench.small_rounds import PROBLEMS

TOKEN = "bench-token"
SERVER = """
import sys
from aiohttp import web
from server.http.app import create_app
from server.settings import Settings, hash_token
settings = Settings(db=sys.argv[1], token_sha256=hash_token(sys.argv[2]),
                    pairing_workers=int(sys.argv[4]), pairings_per_second=1e9, pairings_burst=10**9)
web.run_app(create_app(settings), host="127.0.0.1", port=int(sys.argv[3]), print=None)
"""


def own_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` alone."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(field) for field in stat[11:13]) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its descendants, with the children each has reaped."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(field) for field in stat[11:15])  # utime stime cutime cstime
    # Each thread's children: the fork server is started by a pairer thread.
    tasks = Path(f"/proc/{pid}/task").glob("*/children")
    children = [child for task in tasks for child in task.read_text().split()]
    return ticks / os.sysconf("SC_CLK_TCK") + sum(tree_cpu(int(child)) for child in children)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _clients(
    url: str, data: bytes, expected: str, requests: int, clients: int
) -> list[float]:
    latencies: list[float] = []
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain"}
    remaining = iter(range(requests))

    async def client(session: aiohttp.ClientSession) -> None:
        for _ in remaining:
            started = time.perf_counter()
            async with session.post(url, data=data, headers=headers) as response:
                body = await response.json()
            latencies.append(time.perf_counter() - started)
            if response.status != 200 or body["text"] != expected:
                raise SystemExit(f"wrong answer ({response.status}): {body}")

    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(client(session) for _ in range(clients)))
    return latencies


async def _wait_until_up(url: str) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(200):
            try:
                async with session.get(url):
                    return
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.05)
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "problem", type=Path, nargs="?", default=PROBLEMS / "dutch-t26-p0050-r05of13.trf"
    )
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2, help="pairing processes at once")
    parser.add_argument(
        "--db", type=Path, default=Path(f"/tmp/arbiter-pairing-service-{os.getpid()}.db")
    )
    args = parser.parse_args()
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(args.db), TOKEN, str(port), str(args.workers)]
    )
    base = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(_wait_until_up(base + "/health"))
        data = args.problem.read_bytes()
        expected = args.problem.with_suffix(".pairing.txt").read_text()
        asyncio.run(_clients(base + "/pairings", data, expected, 20, args.clients))
        started, before = time.perf_counter(), tree_cpu(server.pid)
        own_before = own_cpu(server.pid)
        latencies = asyncio.run(
            _clients(base + "/pairings", data, expected, args.requests, args.clients)
        )
        wall, cpu = time.perf_counter() - started, tree_cpu(server.pid) - before
        print("server own", own_cpu(server.pid) - own_before)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
        args.db.unlink(missing_ok=True)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(
        f"{args.requests} pairings of {args.problem.name}, {args.clients} clients, "
        f"{args.workers} workers: {args.requests / wall:.0f}/s wall, "
        f"{args.requests / cpu:.0f}/s per core (server CPU {cpu:.1f} s), "
        f"p50 {p50:.0f} ms, p99 {p99:.0f} ms; load average {os.getloadavg()[0]:.1f}, "
        f"{os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
