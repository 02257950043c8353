"""Two server processes on one PostgreSQL database, each taking any request: expected
versions and idempotency keys hold across them, a round is paired once, a live stream
on one process sees what the other appends, woken by LISTEN/NOTIFY (the streams' fallback
poll is set to an hour, so nothing else could deliver it in time), and both search and
register from the one FIDE list loaded into that database; a session opened on one is
known to the other and ended on both when its account is disabled, and password guesses
count against one limit, whichever process takes them."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from events import open_store
from events.directory import open_directory
from server.service.access import Actor
from server.service.accounts import AccountService
from tests.corpus import shared_path
from tests.server.http.support import TOKEN, Api, SseReader
from trf.rating_list import open_rating_list

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]

SERVE = """
import sys
from aiohttp import web
from server.http.app import create_app
from server.settings import Settings, hash_token
settings = Settings(db=sys.argv[1], token_sha256=hash_token(sys.argv[3]), pairing_workers=0,
                    sse_poll_seconds=3600)
web.run_app(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), print=None)
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def database(postgres_url: str) -> str:
    """The servers' database, with the sample FIDE list loaded as the 2026-09 list."""
    directory = open_directory(postgres_url)
    sample = shared_path("fixtures", "rating-list", "players_list_foa.txt")
    directory.load(open_rating_list(sample), month="2026-09", source=sample.name)
    directory.close()
    return postgres_url


@pytest.fixture
def servers(database: str) -> Iterator[list[str]]:
    ports = [_free_port(), _free_port()]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processes = [
        subprocess.Popen([sys.executable, "-c", SERVE, database, str(port), TOKEN], env=env)
        for port in ports
    ]
    yield [f"http://127.0.0.1:{port}" for port in ports]
    for process in processes:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture
async def apis(servers: list[str]) -> AsyncIterator[tuple[Api, Api]]:
    sessions = [aiohttp.ClientSession(base) for base in servers]
    for session in sessions:
        for _ in range(600):
            try:
                async with session.get("/tournaments") as response:
                    if response.status == 200:
                        break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        else:
            pytest.fail("a server process did not start")
    client: Any = sessions  # the Api helper drives any client with get() and request()
    yield Api(client[0]), Api(client[1])
    for session in sessions:
        await session.close()


async def _log(api: Api) -> list[dict[str, Any]]:
    status, page = await api.get("/tournaments/t/events?limit=1000")
    assert status == 200
    events: list[dict[str, Any]] = page["events"]
    return events


async def test_two_processes_share_one_database(apis: tuple[Api, Api]) -> None:
    a, b = apis
    status, _ = await a.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5})
    assert status == 201
    for n in range(6):
        status, _ = await (a if n % 2 else b).post(
            "/tournaments/t/players", {"surname": f"P{n}", "rating": 2000 + n}, version="*"
        )
        assert status in (200, 201)

    # Expected version: both read version 7; A writes on it, then B's write on it is refused.
    await a.get("/tournaments/t")
    await b.get("/tournaments/t")
    assert a.versions["t"] == b.versions["t"] == 7
    status, _ = await a.post("/tournaments/t/players", {"surname": "Late A"})
    assert status in (200, 201)
    status, problem = await b.post("/tournaments/t/players", {"surname": "Late B"})
    assert status == 412 and (problem["expected"], problem["actual"]) == (7, 8)

    # Idempotency: the retry reaches the other process and replays the first answer.
    body = {"surname": "Keyed"}
    first = await a.post("/tournaments/t/players", body, version="*", key="key-1")
    again = await b.post("/tournaments/t/players", body, version="*", key="key-1")
    assert first[0] in (200, 201) and again[0] in (200, 201)
    assert again[1]["replayed"] and again[1]["version"] == first[1]["version"] == 9
    assert len(await _log(a)) == 9

    # A live stream on B, opened before A's next writes.
    headers = {"Accept": "text/event-stream", "Last-Event-ID": str((await _log(b))[-1]["position"])}
    async with b.client.get("/tournaments/t/events", headers=headers) as stream:
        assert stream.status == 200
        reader = SseReader(stream)

        # The round is paired once, whichever process each racing request reaches.
        outcomes = await asyncio.gather(
            a.post("/tournaments/t/rounds", {}, version=9),
            b.post("/tournaments/t/rounds", {}, version=9),
        )
        statuses = sorted(status for status, _ in outcomes)
        assert statuses[0] in (200, 201) and statuses[1] == 412
        log = await _log(b)
        assert [e["type"] for e in log].count("round-paired") == 1

        status, _ = await a.post(
            "/tournaments/t/rounds/1/boards/1/result", {"result": "1-0"}, version="*"
        )
        assert status in (200, 201)
        seen = [await asyncio.wait_for(reader.next(), 20) for _ in range(2)]
        assert [message["event"] for message in seen] == ["round-paired", "result-recorded"]


async def test_both_processes_use_the_one_fide_list(apis: tuple[Api, Api]) -> None:
    a, b = apis
    for api in (a, b):
        status, found = await api.get("/players?search=nunez, l")
        assert status == 200 and found["list_month"] == "2026-09"
        assert [p["fide_id"] for p in found["players"]] == [900111, 900851, 901591]
    assert (await a.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5}))[
        0
    ] == 201
    status, body = await b.post("/tournaments/t/players", {"fide_id": 900111}, version="*")
    assert status == 201, body
    event = body["events"][0]["event"]
    assert (event["surname"], event["rating"], event["rating_list"]) == ("Núñez", 2720, "2026-09")


# -- accounts across processes (issue 29) ----------------------------------------------------

PASSWORD = "correct horse battery"


async def _sign_in(api: Api, password: str) -> tuple[int, str | None]:
    async with api.client.post(
        "/signin", data={"name": "dora", "password": password, "next": "/t/"},
        allow_redirects=False,
    ) as response:  # fmt: skip
        cookie = response.cookies.get("arbiter_session")
        return response.status, cookie.value if cookie else None


async def _own_page(api: Api, cookie: str) -> int:
    async with api.client.get(
        "/admin/accounts/dora", headers={"Cookie": f"arbiter_session={cookie}"},
        allow_redirects=False,
    ) as response:  # fmt: skip
        return response.status


async def test_a_session_opened_on_one_process_is_known_and_ended_on_the_other(
    database: str, apis: tuple[Api, Api]
) -> None:
    a, b = apis
    store = open_store(database)
    accounts = AccountService(store)
    accounts.add(Actor.local(), "dora", password=PASSWORD)
    status, cookie = await _sign_in(a, PASSWORD)
    assert status == 303 and cookie is not None
    assert await _own_page(b, cookie) == 200
    accounts.set_disabled(Actor.local(), "dora", disabled=True)
    assert [await _own_page(api, cookie) for api in (a, b)] == [303, 303]
    store.close()


async def test_password_guessing_is_counted_once_for_both_processes(
    database: str, apis: tuple[Api, Api]
) -> None:
    a, b = apis
    store = open_store(database)
    AccountService(store).add(Actor.local(), "dora", password=PASSWORD)
    store.close()
    # Ten wrong guesses, alternating between the processes, use up the account's limit.
    guesses = [(await _sign_in((a, b)[n % 2], f"guess number {n}"))[0] for n in range(10)]
    assert guesses == [401] * 10
    assert [(await _sign_in(api, PASSWORD))[0] for api in (a, b)] == [429, 429]
