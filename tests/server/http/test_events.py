"""The event log over HTTP: JSON pages after a position, and the SSE catch-up stream."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
from aiohttp import ClientPayloadError

from server.http import keys
from server.http.app import create_app
from server.http.handlers import events as events_handler
from server.http.sse import Message, Subscriber, sse_message
from server.settings import Settings
from tests.server.http.support import Api, SseReader
from tests.server.http.test_players import open_with_players

STREAM = {"Accept": "text/event-stream"}


def spy_on_history(service: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``after_version`` of every stream read the service makes from now on."""
    reads: list[int] = []
    history = service.history

    def spy(tournament_id: str, *, after_version: int = 0, limit: int | None = None) -> Any:
        reads.append(after_version)
        return history(tournament_id, after_version=after_version, limit=limit)

    monkeypatch.setattr(service, "history", spy)
    return reads


async def test_pages_after_a_position(api: Api) -> None:
    await open_with_players(api)  # 5 events: created + 4 registrations
    status, first = await api.get("/tournaments/open/events?limit=2")
    assert status == 200
    assert [e["type"] for e in first["events"]] == ["tournament-created", "player-registered"]
    assert [e["version"] for e in first["events"]] == [1, 2]
    assert first["next_after"] == first["events"][-1]["position"]
    _, second = await api.get(f"/tournaments/open/events?after={first['next_after']}&limit=2")
    _, third = await api.get(f"/tournaments/open/events?after={second['next_after']}&limit=2")
    _, done = await api.get(f"/tournaments/open/events?after={third['next_after']}")
    versions = [e["version"] for page in (second, third) for e in page["events"]]
    assert versions == [3, 4, 5]
    assert done == {"events": [], "next_after": third["next_after"]}


async def test_positions_skip_other_tournaments(api: Api) -> None:
    """Positions are global: another tournament's events take positions in between."""
    await api.post("/tournaments", {"tournament_id": "a", "name": "A", "rounds": 3})
    await api.post("/tournaments", {"tournament_id": "b", "name": "B", "rounds": 3})
    await api.post("/tournaments/a/players", {"surname": "Aune"})
    _, body = await api.get("/tournaments/a/events")
    assert [(e["version"], e["position"]) for e in body["events"]] == [(1, 1), (2, 3)]


async def test_stream_catches_up_from_last_event_id_then_goes_live(api: Api) -> None:
    await open_with_players(api)
    _, log = await api.get("/tournaments/open/events")
    positions = [e["position"] for e in log["events"]]
    headers = {**STREAM, "Last-Event-ID": str(positions[1])}
    async with api.client.get("/tournaments/open/events", headers=headers) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "text/event-stream"
        reader = SseReader(response)
        caught_up = [await reader.next() for _ in range(3)]
        assert [int(m["id"]) for m in caught_up] == positions[2:]
        assert {m["event"] for m in caught_up} == {"player-registered"}
        assert json.loads(caught_up[0]["data"])["event"]["surname"] == "Brandt"

        status, written = await api.post("/tournaments/open/players", {"surname": "Eriksen"})
        assert status == 201
        live = await asyncio.wait_for(reader.next(), 5)
        assert int(live["id"]) == written["events"][0]["position"]
        assert json.loads(live["data"])["event"]["surname"] == "Eriksen"
        assert reader.retry == 2000


async def test_stream_starts_after_the_query_position_without_last_event_id(api: Api) -> None:
    await open_with_players(api)
    _, log = await api.get("/tournaments/open/events")
    after = log["events"][3]["position"]
    async with api.client.get(
        f"/tournaments/open/events?after={after}", headers=STREAM
    ) as response:
        message = await asyncio.wait_for(SseReader(response).next(), 5)
    assert int(message["id"]) == log["events"][4]["position"]


async def test_stream_of_an_unknown_tournament_is_a_404_problem(api: Api) -> None:
    async with api.client.get("/tournaments/nope/events", headers=STREAM) as response:
        assert response.status == 404
        assert response.content_type == "application/problem+json"


async def test_a_bad_last_event_id_is_refused(api: Api) -> None:
    await open_with_players(api)
    headers = {**STREAM, "Last-Event-ID": "yesterday"}
    async with api.client.get("/tournaments/open/events", headers=headers) as response:
        assert response.status == 400
        assert (await response.json())["type"] == "/problems/invalid-header"


async def test_shutdown_ends_open_streams(aiohttp_client: Any, settings: Settings) -> None:
    """on_shutdown stops every stream, so the server stops promptly; the browser's
    EventSource then reconnects after the advertised retry."""
    client = await aiohttp_client(create_app(settings))
    api = Api(client)
    await open_with_players(api)
    response = await client.get("/tournaments/open/events", headers=STREAM)
    reader = SseReader(response)
    await reader.next()
    started = time.monotonic()
    await client.server.close()
    with pytest.raises((EOFError, ClientPayloadError)):
        for _ in range(10):  # the rest of the catch-up, then the end of the stream
            await asyncio.wait_for(reader.next(), 5)
    assert time.monotonic() - started < 3
    response.release()


async def test_a_reconnect_reads_only_what_is_new(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_with_players(api)
    _, log = await api.get("/tournaments/open/events")
    positions = [e["position"] for e in log["events"]]
    assert api.client.app is not None
    service = api.client.app[keys.SERVICE]
    reads = spy_on_history(service, monkeypatch)
    headers = {**STREAM, "Last-Event-ID": str(positions[3])}
    async with api.client.get("/tournaments/open/events", headers=headers) as response:
        message = await SseReader(response).next()
        assert int(message["id"]) == positions[4]
    assert 0 not in reads[1:]  # after the existence check, nothing read from the start
    assert 4 in reads


async def test_streams_are_capped_per_client_and_end_after_their_time(
    aiohttp_client: Any, settings: Settings
) -> None:
    capped = msgspec.structs.replace(settings, sse_max_per_client=1, sse_max_seconds=1.0)
    api = Api(await aiohttp_client(create_app(capped)))
    await open_with_players(api)
    async with api.client.get("/tournaments/open/events", headers=STREAM) as first:
        assert first.status == 200
        async with api.client.get("/tournaments/open/events", headers=STREAM) as second:
            assert second.status == 429
            assert "Retry-After" in second.headers
            problem = await second.json(content_type=None)
            assert problem["type"] == "/problems/too-many-client-streams"
        # the stream ends on its own (the client would reconnect with Last-Event-ID)
        with pytest.raises(EOFError):
            reader = SseReader(first)
            for _ in range(10):
                await asyncio.wait_for(reader.next(), 10)
    async with api.client.get("/tournaments/open/events", headers=STREAM) as again:
        assert again.status == 200  # the slot was given back


async def test_a_hall_of_streams_costs_one_read_and_one_encoding_per_event(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty phones following one tournament: each new event is read from the store once
    and encoded once, and every stream receives it, exactly once and in order."""
    await open_with_players(api)
    assert api.client.app is not None
    service = api.client.app[keys.SERVICE]
    encoded: list[int] = []
    encode = events_handler._encode

    def counting(recorded: Any) -> str:
        encoded.append(recorded.global_position)
        return encode(recorded)

    monkeypatch.setattr(events_handler, "_encode", counting)
    _, log = await api.get("/tournaments/open/events")
    last = log["events"][-1]["position"]
    streams = [
        await api.client.get(f"/tournaments/open/events?after={last}", headers=STREAM)
        for _ in range(20)
    ]
    readers = [SseReader(response) for response in streams]
    await asyncio.sleep(0.2)  # every stream has joined the channel
    reads = spy_on_history(service, monkeypatch)
    encoded.clear()
    written = []
    for surname in ("Eriksen", "Fischer", "Gligoric"):
        _, body = await api.post("/tournaments/open/players", {"surname": surname})
        written.append(body["events"][0]["position"])
    for reader in readers:
        received = [int((await asyncio.wait_for(reader.next(), 5))["id"]) for _ in written]
        assert received == written
    assert sorted(encoded) == written  # once each, not once per stream
    assert len(reads) < len(streams)  # the channel's reads, not a read per stream
    for response in streams:
        response.close()


async def test_a_stream_joining_mid_flow_misses_and_repeats_nothing(api: Api) -> None:
    """A stream that catches up from the store while the channel already runs gets each
    event once: the store up to the channel's position, the channel after it."""
    await open_with_players(api)
    _, log = await api.get("/tournaments/open/events")
    positions = [e["position"] for e in log["events"]]
    async with api.client.get(
        f"/tournaments/open/events?after={positions[-1]}", headers=STREAM
    ) as early:
        first = (await api.post("/tournaments/open/players", {"surname": "Eriksen"}))[1]
        assert (
            int((await asyncio.wait_for(SseReader(early).next(), 5))["id"])
            == (first["events"][0]["position"])
        )
        headers = {**STREAM, "Last-Event-ID": str(positions[1])}
        async with api.client.get("/tournaments/open/events", headers=headers) as late:
            reader = SseReader(late)
            second = (await api.post("/tournaments/open/players", {"surname": "Fischer"}))[1]
            expected = [*positions[2:], first["events"][0]["position"]]
            expected.append(second["events"][0]["position"])
            received = [int((await asyncio.wait_for(reader.next(), 5))["id"]) for _ in expected]
            assert received == expected


def test_a_subscriber_too_far_behind_is_cut_off_not_buffered() -> None:
    subscriber = Subscriber(limit=2)
    for version in (1, 2):
        subscriber.offer(Message(version, version, b""))
    assert not subscriber.overflowed
    subscriber.offer(Message(3, 3, b""))
    assert subscriber.overflowed
    assert not subscriber.pending  # nothing held for a client that will reconnect


def test_an_event_is_one_sse_message_with_its_position_and_type() -> None:
    recorded: Any = SimpleNamespace(
        stream_version=4, global_position=17, event_type="player-registered"
    )
    message = sse_message(recorded, lambda _: '{"a": 1}')
    assert message.data == b'id: 17\r\nevent: player-registered\r\ndata: {"a": 1}\r\n\r\n'
    assert (message.stream_version, message.global_position) == (4, 17)
