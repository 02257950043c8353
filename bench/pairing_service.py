"""Benchmark: ``POST /pairings`` of a 50-player round against a local server, the way a
platform pairing many events would call it: pairings per second per core, and latencies,
beside two references measured in the same run with the same clients.

* **Arbiter**: a server process (``create_app`` on a throwaway SQLite file, the pairing pool
  with ``--workers`` warm worker processes, no rate limit in the way); each answer is
  checked against the reference engine's pairing (the corpus's ``.pairing.txt``).
* **reference binary**: ``--reference`` (bbpPairings) started once per pairing, the way
  platforms call it, ``--clients`` at a time; each output checked the same way.
* **bare aiohttp**: a server whose handler answers the same body with bytes it holds: what
  HTTP alone costs, the floor under any Python service.
* **Arbiter, no hand-over**: the same app (middlewares, token, rate, query and body read)
  with the pool's hand-over replaced by the answer it holds: what the app costs around the
  pairing, the hand-over to a worker left out.

CPU seconds are those the server's process tree spent while the requests ran (its own and
every worker's, from ``/proc``), or the reference processes' (``RUSAGE_CHILDREN``), so
"per core" is pairings over those CPU seconds. The Arbiter line also splits the CPU per
pairing between the server process (HTTP, the hand-over; its event loop's thread, then its
other threads, those that wait for a busy pool) and the workers (the file read, the
pairing, the JSON)::

    .venv/bin/python -m bench.pairing_service --requests 1000 \\
        --reference ../shared/reference-engines/bbpPairings-master
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
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
NO_HANDOVER = (
    """
import sys
from server.http.pairing import PairingPool
held = open(sys.argv[5], "rb").read()
async def answer_held(pool, executor, function, *args):
    return held
PairingPool.run_on_loop = answer_held
"""
    + SERVER
)
BARE = """
import sys
from aiohttp import web
body = open(sys.argv[1], "rb").read()
async def pairings(request):
    await request.read()
    return web.Response(body=body, content_type="application/json")
async def health(request):
    return web.Response()
app = web.Application()
app.router.add_post("/pairings", pairings)
app.router.add_get("/health", health)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[2]), print=None)
"""


@dataclass(frozen=True)
class Run:
    """``count`` pairings: their latencies (seconds), the wall and CPU seconds they took."""

    latencies: list[float]
    wall: float
    cpu: float

    def quantile(self, share: float) -> float:
        """The latency ``share`` of the pairings took at most, in milliseconds."""
        ordered = sorted(self.latencies)
        return ordered[max(int(len(ordered) * share) - 1, 0)] * 1000

    @property
    def p99(self) -> float:
        return self.quantile(0.99)

    def line(self, label: str) -> str:
        count = len(self.latencies)
        return (
            f"{label:<30} {count / self.cpu:7.0f} {count / self.wall:7.0f} "
            f"{self.quantile(0.5):7.1f} {self.p99:7.1f} {self.cpu / count * 1000:8.2f}"
        )


def own_cpu(pid: int, thread: int | None = None) -> float:
    """CPU seconds of ``pid`` itself (user + sys), or of its thread ``thread``."""
    where = f"/proc/{pid}" if thread is None else f"/proc/{pid}/task/{thread}"
    stat = Path(f"{where}/stat").read_text().rsplit(")", 1)[1].split()
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


async def _concurrently(
    job: Callable[[], Awaitable[None]], count: int, clients: int
) -> list[float]:
    """Run ``job`` ``count`` times, ``clients`` at a time; each run's latency."""
    latencies: list[float] = []
    remaining = iter(range(count))

    async def client() -> None:
        for _ in remaining:
            started = time.perf_counter()
            await job()
            latencies.append(time.perf_counter() - started)

    await asyncio.gather(*(client() for _ in range(clients)))
    return latencies


async def _post(
    url: str, data: bytes, expected: str | None, count: int, clients: int
) -> tuple[list[float], bytes]:
    """``count`` posts of ``data``, each answer checked: the latencies, and one answer."""
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/plain"}
    answered: list[bytes] = []
    async with aiohttp.ClientSession() as session:

        async def job() -> None:
            async with session.post(url, data=data, headers=headers) as response:
                raw = await response.read()
            text = json.loads(raw).get("text") if response.status == 200 else None
            if response.status != 200 or (expected is not None and text != expected):
                raise SystemExit(f"wrong answer ({response.status}): {raw[:500]!r}")
            answered[:] = [raw]

        return await _concurrently(job, count, clients), answered[0]


async def _wait_until_up(url: str) -> None:
    async with aiohttp.ClientSession() as session:
        for _ in range(400):
            try:
                async with session.get(url):
                    return
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.05)
    raise SystemExit("the server did not start")


def serve_and_post(
    command: list[str], port: int, data: bytes, expected: str | None, args: argparse.Namespace
) -> tuple[Run, tuple[float, float], bytes]:
    """Start ``command`` (a server on ``port``), warm it, then time ``--requests`` posts:
    the run, the CPU seconds the server process spent itself (not its children) and of
    those its main thread (the event loop's), and one answer."""
    server = subprocess.Popen(command)
    url = f"http://127.0.0.1:{port}"
    try:
        asyncio.run(_wait_until_up(url + "/health"))
        asyncio.run(_post(url + "/pairings", data, expected, args.clients * 10, args.clients))
        started, before = time.perf_counter(), tree_cpu(server.pid)
        own, loop = own_cpu(server.pid), own_cpu(server.pid, server.pid)
        latencies, answer = asyncio.run(
            _post(url + "/pairings", data, expected, args.requests, args.clients)
        )
        wall, cpu = time.perf_counter() - started, tree_cpu(server.pid) - before
        own, loop = own_cpu(server.pid) - own, own_cpu(server.pid, server.pid) - loop
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    return Run(latencies, wall, cpu), (own, loop), answer


def reference_runs(reference: Path, problem: Path, expected: str, args: argparse.Namespace) -> Run:
    """``--requests`` pairings by the reference binary, a process each, ``--clients`` at once."""
    outputs = Path(tempfile.mkdtemp(prefix="arbiter-pairing-service-"))
    numbers = iter(range(args.requests))

    async def job() -> None:
        output = outputs / f"{next(numbers)}.txt"
        process = await asyncio.create_subprocess_exec(
            str(reference), "--dutch", str(problem), "-p", str(output)
        )
        if await process.wait() != 0 or output.read_text() != expected:
            raise SystemExit(f"the reference failed or differs ({process.returncode})")
        output.unlink()

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    latencies = asyncio.run(_concurrently(job, args.requests, args.clients))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    outputs.rmdir()
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(latencies, wall, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "problem", type=Path, nargs="?", default=PROBLEMS / "dutch-t26-p0050-r05of13.trf"
    )
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2, help="pairing processes at once")
    parser.add_argument("--reference", type=Path, help="reference binary, run per pairing")
    args = parser.parse_args()
    data = args.problem.read_bytes()
    expected = args.problem.with_suffix(".pairing.txt").read_text()
    with tempfile.TemporaryDirectory(prefix="arbiter-pairing-service-") as workdir:
        port = _free_port()
        db = str(Path(workdir) / "bench.db")
        command = [sys.executable, "-c", SERVER, db, TOKEN, str(port), str(args.workers)]
        ours, (own, loop), answer = serve_and_post(command, port, data, expected, args)
        answered = Path(workdir) / "answer.json"
        answered.write_bytes(answer)
        port = _free_port()
        command = [sys.executable, "-c", NO_HANDOVER, db, TOKEN, str(port), "0", str(answered)]
        held, _, _ = serve_and_post(command, port, data, expected, args)
        port = _free_port()
        bare, _, _ = serve_and_post(
            [sys.executable, "-c", BARE, str(answered), str(port)], port, data, None, args
        )
    theirs = (
        reference_runs(args.reference, args.problem, expected, args) if args.reference else None
    )
    print(
        f"{args.requests} pairings of {args.problem.name}, {args.clients} clients, "
        f"{args.workers} workers; load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores"
    )
    print(f"{'':<30} {'/s core':>7} {'/s wall':>7} {'p50 ms':>7} {'p99 ms':>7} {'CPU ms':>8}")
    count = len(ours.latencies)
    per = 1000 / count
    print(
        ours.line("arbiter POST /pairings")
        + f"  (server {own * per:.2f}: loop {loop * per:.2f} + threads {(own - loop) * per:.2f};"
        f" workers {(ours.cpu - own) * per:.2f})"
    )
    if theirs is not None:
        print(theirs.line(f"{args.reference.name}, a process each"))
    print(held.line("arbiter, no hand-over"))
    print(bare.line("bare aiohttp, same answer"))
    for label, other in (("the reference", theirs), ("bare aiohttp", bare)):
        if other is not None:
            print(
                f"against {label}: {other.cpu / ours.cpu:.2f}x the pairings per core, "
                f"{ours.p99 / other.p99:.2f}x the p99"
            )


if __name__ == "__main__":
    main()
