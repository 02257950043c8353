"""Pairing runs off the event loop, in a process pool: reads and the event stream stay
responsive while a round is being paired (ARCHITECTURE.md, "Growing past one machine")."""

from __future__ import annotations

import asyncio
import contextlib
import operator
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from events import SqliteEventStore
from server.http import keys
from server.http.app import create_app
from server.http.pairing import PairingCancelled, PairingPool, PairingTimedOut
from server.service.trf_pairing import read_document
from tests.server.http import engines
from tests.server.http.support import Api, SseReader, make_settings
from tests.server.http.test_players import open_with_players
from trf import TrfError

BAD_TRF = b"012 Test\n001    6 m    Player 6    1500 FRA 1 2000/01/01 x.x   6\n"
"""Its player line has ``x.x`` in columns 49-51, where TRF16 has the rating (49-52)."""


async def test_the_engine_runs_in_a_worker_process(aiohttp_client: Any, tmp_path: Path) -> None:
    app = create_app(
        make_settings(tmp_path / "a.db", pairing_workers=1), engines=engines.child_only
    )
    api = Api(await aiohttp_client(app))
    await open_with_players(api)
    status, body = await api.post("/tournaments/open/rounds")
    assert status == 201, body
    boards = body["events"][0]["event"]["boards"]
    assert [(b["white"], b["black"]) for b in boards] == [(2, 1), (4, 3)]  # see test_rounds


async def test_reads_and_the_stream_answer_while_a_round_is_paired(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    app = create_app(make_settings(tmp_path / "a.db", pairing_workers=1), engines=engines.slow)
    client = await aiohttp_client(app)
    api = Api(client)
    await open_with_players(api)
    _, log = await api.get("/tournaments/open/events")
    async with client.get(
        "/tournaments/open/events",
        params={"after": str(log["next_after"])},
        headers={"Accept": "text/event-stream"},
    ) as stream:
        pairing = asyncio.create_task(api.post("/tournaments/open/rounds"))
        await asyncio.sleep(0.3)  # the pairing is under way
        started = time.monotonic()
        for path in ("/tournaments/open", "/tournaments/open/players", "/tournaments/open/events"):
            status, _ = await api.get(path)
            assert status == 200
        assert time.monotonic() - started < engines.SLOW_SECONDS / 3
        assert not pairing.done()
        status, body = await pairing
        assert status == 201, body
        paired = await asyncio.wait_for(SseReader(stream).next(), 5)
    assert paired["event"] == "round-paired"


@pytest.mark.slow
async def test_a_pairing_past_the_time_limit_is_stopped_and_refused(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path / "a.db", pairing_workers=1, pairing_time_limit=0.5)
    api = Api(await aiohttp_client(create_app(settings, engines=engines.stuck)))
    await open_with_players(api)
    status, problem = await asyncio.wait_for(api.post("/tournaments/open/rounds"), 30)
    assert (status, problem["type"]) == (503, "/problems/pairing-timed-out")
    assert "--pairing-time-limit" in problem["detail"] and "0.5 s" in problem["detail"]
    assert (await api.get("/tournaments/open/rounds"))[1]["rounds"] == []


@pytest.mark.slow
async def test_one_tournament_pairs_one_round_at_a_time(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    """So one tournament can never hold every pairing worker."""
    settings = make_settings(tmp_path / "a.db", pairing_workers=2)
    api = Api(await aiohttp_client(create_app(settings, engines=engines.slow)))
    await open_with_players(api)
    first = asyncio.create_task(api.post("/tournaments/open/rounds", version="*"))
    await asyncio.sleep(0.3)
    status, problem = await api.post("/tournaments/open/rounds", version="*")
    assert (status, problem["type"]) == (409, "/problems/pairing-in-progress")
    assert (await first)[0] == 201


@pytest.mark.slow
async def test_shutdown_during_a_pairing_cancels_it_and_writes_nothing(
    aiohttp_client: Any, tmp_path: Path
) -> None:
    db = tmp_path / "a.db"
    settings = make_settings(db, pairing_workers=1)
    client = await aiohttp_client(create_app(settings, engines=engines.stuck))
    api = Api(client)
    await open_with_players(api)
    pairing = asyncio.create_task(api.post("/tournaments/open/rounds"))
    await asyncio.sleep(0.5)  # the engine is running
    # A guard against a hang, not a timing check: the engine would run for minutes.
    await asyncio.wait_for(client.server.app.shutdown(), engines.STUCK_SECONDS / 4)
    status, problem = await asyncio.wait_for(pairing, engines.STUCK_SECONDS / 4)
    assert (status, problem["type"]) == (503, "/problems/pairing-cancelled")
    store = SqliteEventStore(db)
    assert [r.event_type for r in store.read_stream("tournament-open")][-1] == "player-registered"
    store.close()


# -- the pool's warm workers -------------------------------------------------------------


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.slow
def test_a_worker_past_the_time_limit_is_killed_and_replaced() -> None:
    with contextlib.closing(PairingPool(1, time_limit=0.5)) as pool:
        pool.start()
        (first,) = pool.pids()
        assert pool.run(operator.add, 2, 3) == 5  # the same warm worker answers
        assert pool.pids() == {first}
        with pytest.raises(PairingTimedOut, match=r"limit of 0\.5 s"):
            pool.run(time.sleep, engines.STUCK_SECONDS)
        assert not _alive(first)
        (second,) = pool.pids()
        assert second != first and _alive(second)
        assert pool.run(operator.add, 2, 3) == 5


@pytest.mark.slow
def test_a_runaway_pairing_does_not_stall_the_others() -> None:
    """One worker stuck until the time limit; the other answers the rest meanwhile."""
    with contextlib.closing(PairingPool(2, time_limit=3.0)) as pool:
        pool.start()
        with ThreadPoolExecutor(2) as threads:
            stuck = threads.submit(pool.run, time.sleep, engines.STUCK_SECONDS)
            answers = [threads.submit(pool.run, operator.mul, n, n) for n in range(20)]
            # Answered while the stuck one still holds its worker (its limit is 3 s).
            assert [answer.result() for answer in answers] == [n * n for n in range(20)]
            assert not stuck.done()
            with pytest.raises(PairingTimedOut):
                stuck.result()


@pytest.mark.slow
def test_an_error_in_a_worker_comes_back_as_raised_and_the_worker_stays() -> None:
    with contextlib.closing(PairingPool(1, time_limit=30)) as pool:
        with pytest.raises(TrfError) as raised:
            pool.run(read_document, BAD_TRF)
        problem = raised.value.problems[0]
        assert (problem.line, problem.column) == (2, 49)
        assert "rating 'x.x'" in str(raised.value)
        (worker,) = pool.pids()
        assert pool.run(operator.add, 1, 1) == 2 and pool.pids() == {worker}


@pytest.mark.slow
async def test_shutdown_leaves_no_worker_process(aiohttp_client: Any, tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "a.db", pairing_workers=2)
    client = await aiohttp_client(create_app(settings, engines=engines.stuck))
    api = Api(client)
    await open_with_players(api)
    pairing = asyncio.create_task(api.post("/tournaments/open/rounds"))
    await asyncio.sleep(0.5)  # one worker busy, one idle
    pool = client.server.app[keys.PAIRING]
    workers = pool.pids()
    assert len(workers) == 2 and all(_alive(pid) for pid in workers)
    await asyncio.wait_for(client.server.app.shutdown(), engines.STUCK_SECONDS / 4)
    await asyncio.wait_for(pairing, engines.STUCK_SECONDS / 4)
    await client.server.app.cleanup()
    assert not any(_alive(pid) for pid in workers)
    assert pool.pids() == set()


@contextlib.contextmanager
def _warm_pool(
    time_limit: float, threads: int = 1
) -> Iterator[tuple[PairingPool, ThreadPoolExecutor]]:
    """A started pool of one worker, and the threads its calls on the loop wait on when
    that worker is busy."""
    with (
        contextlib.closing(PairingPool(1, time_limit)) as pool,
        ThreadPoolExecutor(threads) as executor,
    ):
        pool.start()
        yield pool, executor


@pytest.mark.slow
async def test_on_the_loop_a_warm_worker_answers_and_stays() -> None:
    """``run_on_loop`` with a free worker: the answer, a raised error, the same worker."""
    with _warm_pool(30) as (pool, threads):
        (worker,) = pool.pids()
        assert await pool.run_on_loop(threads, operator.add, 2, 3) == 5
        with pytest.raises(TrfError) as raised:
            await pool.run_on_loop(threads, read_document, BAD_TRF)
        assert (raised.value.problems[0].line, raised.value.problems[0].column) == (2, 49)
        assert pool.pids() == {worker}


@pytest.mark.slow
async def test_on_the_loop_a_busy_pool_is_waited_for_on_a_thread() -> None:
    """The only worker is held by a pairing on a thread: the loop's call waits for it
    there, and the loop stays free meanwhile."""
    with _warm_pool(30, threads=2) as (pool, threads):
        loop = asyncio.get_running_loop()
        busy = loop.run_in_executor(threads, pool.run, time.sleep, engines.SLOW_SECONDS)
        await asyncio.sleep(0.3)  # the worker is taken
        waiting = asyncio.ensure_future(pool.run_on_loop(threads, operator.mul, 6, 7))
        await asyncio.sleep(0.1)
        assert not waiting.done()  # the loop ran this test meanwhile
        assert await waiting == 42
        await busy


@pytest.mark.slow
async def test_on_the_loop_past_the_time_limit_the_worker_is_replaced() -> None:
    with _warm_pool(0.5) as (pool, threads):
        (first,) = pool.pids()
        with pytest.raises(PairingTimedOut, match=r"limit of 0\.5 s"):
            await pool.run_on_loop(threads, time.sleep, engines.STUCK_SECONDS)
        assert await pool.run_on_loop(threads, operator.add, 2, 3) == 5  # a fresh worker
        (second,) = pool.pids()
        assert second != first and not _alive(first)


@pytest.mark.slow
async def test_on_the_loop_closing_the_pool_cancels_the_pairing() -> None:
    with _warm_pool(60) as (pool, threads):
        (worker,) = pool.pids()
        pairing = asyncio.ensure_future(
            pool.run_on_loop(threads, time.sleep, engines.STUCK_SECONDS)
        )
        await asyncio.sleep(0.3)
        pool.close()
        with pytest.raises(PairingCancelled, match="stopped during the pairing"):
            await asyncio.wait_for(pairing, 30)  # a guard against a hang
        assert pool.pids() == set()
    deadline = time.monotonic() + 30  # reaped on the executor's thread; a guard, not a timing
    while _alive(worker) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not _alive(worker)


_POOL_IN_A_PROCESS = """
import sys, time
from server.http.pairing import PairingPool
if __name__ == "__main__":
    pool = PairingPool(2, 30)
    pool.start()
    print(" ".join(map(str, sorted(pool.pids()))), flush=True)
    time.sleep(600)
"""


@pytest.mark.slow
def test_workers_end_with_the_server_even_by_kill_9(tmp_path: Path) -> None:
    """A killed server cannot stop its workers: each ends by itself when its pipe to the
    server closes (README, "Processes": nothing is left running)."""
    script = tmp_path / "pool.py"
    script.write_text(_POOL_IN_A_PROCESS)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    with subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, env=env) as server:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        server.kill()
    deadline = time.monotonic() + 30  # a guard against a hang, not a timing check
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)
