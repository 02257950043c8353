"""Pairing runs off the event loop, in a process pool: reads and the event stream stay
responsive while a round is being paired (ARCHITECTURE.md, "Growing past one machine")."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from server.http.app import create_app
from tests.server.http import engines
from tests.server.http.support import Api, SseReader, make_settings
from tests.server.http.test_players import open_with_players


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
