"""The server while its PostgreSQL database is away (issue 35): a throwaway cluster of the
test's own is stopped and started again under a running server with open live streams."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import pytest

from server.http.app import create_app
from tests.postgres import Cluster, running_cluster
from tests.server.http.support import Api, Client, SseReader, make_settings

pytestmark = pytest.mark.slow  # a cluster of its own: ~5 s to start, and an outage to wait out

STREAM = {"Accept": "text/event-stream"}
ANSWER_WITHIN = 2.0
"""Seconds any request may take while the database is away (the issue's bound)."""


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A cluster of this test's own: stopping the session's would break other tests."""
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture
def database(cluster: Cluster) -> str:
    return cluster.database()


@pytest.fixture
async def client(aiohttp_client: Any, database: str) -> AsyncIterator[Client]:
    # Streams are woken only by LISTEN/NOTIFY: their fallback poll is an hour away.
    settings = make_settings(database, sse_poll_seconds=3600)
    client: Client = await aiohttp_client(create_app(settings))
    yield client


@pytest.fixture
async def other(aiohttp_client: Any, database: str) -> AsyncIterator[Api]:
    """A second server on the same database: what it writes reaches the first server's
    streams only through PostgreSQL's notifications."""
    client: Client = await aiohttp_client(create_app(make_settings(database)))
    yield Api(client)


async def _timed(coroutine: Any) -> tuple[float, Any]:
    start = time.monotonic()
    result = await coroutine
    return time.monotonic() - start, result


async def _until_written(api: Api, surname: str, within: float) -> float:
    """Retry one registration (the same idempotency key) until it is written; seconds taken."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        status, _ = await api.post(
            "/tournaments/t/players", {"surname": surname}, version="*", key=surname
        )
        if status == 201:
            return time.monotonic() - start
        assert status == 503
        await asyncio.sleep(0.2)
    pytest.fail(f"no write succeeded within {within} s of the database's return")


async def test_a_stopped_database_answers_503_fast_and_everything_resumes(
    client: Client, other: Api, cluster: Cluster
) -> None:
    api = Api(client)
    assert (await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5}))[
        0
    ] == 201
    assert (await api.post("/tournaments/t/players", {"surname": "Before"}))[0] == 201
    streams = [await client.get("/tournaments/t/events", headers=STREAM) for _ in range(3)]
    readers = [SseReader(response) for response in streams]
    for reader in readers:
        seen = [await asyncio.wait_for(reader.next(), 5) for _ in range(2)]
        assert [message["event"] for message in seen] == ["tournament-created", "player-registered"]
    last_id = int(seen[-1]["id"])

    cluster.halt()
    for method, path in [
        ("GET", "/tournaments/t"),
        ("GET", "/tournaments"),
        ("GET", "/tournaments/t/standings"),
        ("POST", "/tournaments/t/players"),
        ("GET", "/ready"),
        ("GET", "/tournaments/t"),
    ]:
        seconds, (status, body) = await _timed(
            api.get(path) if method == "GET" else api.post(path, {"surname": "During"})
        )
        assert seconds < ANSWER_WITHIN, (path, seconds)
        assert status == 503, (path, body)
        expected = "/problems/not-ready" if path == "/ready" else "/problems/store-unavailable"
        assert body["type"] == expected, (path, body)
    async with client.get("/tournaments/t") as response:
        assert response.status == 503
        assert int(response.headers["Retry-After"]) >= 1

    cluster.resume()
    took = await _until_written(api, "Back", within=20)
    print(f"first write succeeded {took:.1f} s after the database returned")
    async with client.get("/ready") as response:
        assert response.status == 200
    for reader in readers:
        message = await asyncio.wait_for(reader.next(), 10)
        assert '"Back"' in message["data"]
    await _until_written(other, "After", within=20)  # heard only through LISTEN again

    for reader in readers:
        message = await asyncio.wait_for(reader.next(), 10)
        assert message["event"] == "player-registered"
        assert int(message["id"]) > last_id
        assert '"After"' in message["data"]
    for response in streams:
        response.close()


class Follower:
    """Follows a tournament's live events as a browser's EventSource does: when the stream
    ends or the connection fails, it reconnects after the server's ``retry`` with
    ``Last-Event-ID``. Unlike EventSource, which gives up on an error status, it waits out
    a 503's ``Retry-After`` and tries again, as a page's script does."""

    def __init__(self, client: Client, path: str) -> None:
        self.client, self.path = client, path
        self.reader: SseReader | None = None
        self.last_id: str | None = None
        self.refused = 0
        self.connections = 0

    async def next(self) -> dict[str, str]:
        while True:
            if self.reader is None:
                headers = {**STREAM, **({"Last-Event-ID": self.last_id} if self.last_id else {})}
                response = await self.client.get(self.path, headers=headers)
                if response.status == 503:
                    self.refused += 1
                    await asyncio.sleep(int(response.headers["Retry-After"]))
                    continue
                assert response.status == 200
                self.reader, self.connections = SseReader(response), self.connections + 1
            try:
                message = await self.reader.next()
            except (EOFError, aiohttp.ClientError):
                self.reader = None
                await asyncio.sleep((self.reader_retry or 2000) / 1000)
                continue
            self.last_id = message["id"]
            return message

    @property
    def reader_retry(self) -> int | None:
        return self.reader.retry if self.reader else None


async def test_a_stream_the_server_closed_resumes_from_its_last_event_id(
    aiohttp_client: Any, database: str, cluster: Cluster
) -> None:
    # Streams end after a second, so the outage outlasts them and reconnects meet it.
    settings = make_settings(database, sse_max_seconds=1.0, sse_retry_ms=200)
    client: Client = await aiohttp_client(create_app(settings))
    api = Api(client)
    await api.post("/tournaments", {"tournament_id": "t", "name": "T", "rounds": 5})
    await api.post("/tournaments/t/players", {"surname": "Before"})
    follower = Follower(client, "/tournaments/t/events")
    seen = [await asyncio.wait_for(follower.next(), 5) for _ in range(2)]
    assert [message["event"] for message in seen] == ["tournament-created", "player-registered"]

    following = asyncio.create_task(follower.next())
    cluster.halt()
    await asyncio.sleep(3)  # the stream ends; the follower's reconnect is refused (503)
    cluster.resume()
    await _until_written(api, "After", within=20)
    message = await asyncio.wait_for(following, 30)
    assert '"After"' in message["data"]  # nothing repeated, nothing skipped
    assert int(message["id"]) > int(seen[-1]["id"])
    assert follower.refused >= 1 and follower.connections >= 2
